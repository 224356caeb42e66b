// The Slitherlink page's play mode as puzz.link and Loopy players expect it: shading cells
// inside/outside, numbers greyed once met, a timer, marks and time kept over a reload, and
// "Solved!" in view. The time is the browser's fake clock (Playwright's `page.clock`), moved
// by the test: nothing waits for real time.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertInWindow } from '../harness.mjs';
import { slitherSession, URL6x5, THREE_AT_1_5, edge, cell, clickCell, openPuzzle as openOn } from '../slither.mjs';

const ZERO_AT_1_1 = [7, 13, 44, 45]; // the sides of the 0 at cell (1, 1)

let s, limits, post;
before(async () => ({ s, limits, post } = await slitherSession()));
after(() => s?.close());

/** A fake clock, frozen at load: it moves only when the test runs it on. */
const frozenClock = async (page) => {
  const t0 = new Date('2026-01-01T10:00:00Z');
  await page.clock.install({ time: t0 });
  await page.clock.pauseAt(new Date(t0.getTime() + 1000));
};

const openPuzzle = (p, options) => openOn(s, p, options);

const shadeOf = (page, r, c) => cell(page, r, c).getAttribute('data-shade');
const centre = async (locator) => {
  const b = await locator.boundingBox();
  return [b.x + b.width / 2, b.y + b.height / 2];
};

test('shading cells: Ctrl+click, the Shading tool with clicks and a drag, keys; undo; lines stay as they were', async () => {
  const page = await openPuzzle(URL6x5);
  // Ctrl+click in the Lines tool: none -> inside -> outside -> none; Ctrl+right click backwards.
  await clickCell(page, 2, 2, { modifiers: ['Control'] });
  assert.equal(await shadeOf(page, 2, 2), 'inside');
  await clickCell(page, 2, 2, { modifiers: ['Control'] });
  assert.equal(await shadeOf(page, 2, 2), 'outside');
  await clickCell(page, 2, 2, { modifiers: ['Control'] });
  assert.equal(await shadeOf(page, 2, 2), null);
  await clickCell(page, 2, 2, { modifiers: ['Control'], button: 'right' });
  assert.equal(await shadeOf(page, 2, 2), 'outside');
  assert.equal(await page.locator('#board').getAttribute('data-lines'), '0', 'no edge was marked');
  assert.match(await page.locator('#info').innerText(), /1 shaded cell\./);
  await page.locator('#undo').click();
  assert.equal(await shadeOf(page, 2, 2), null);
  await page.locator('#redo').click();
  assert.equal(await shadeOf(page, 2, 2), 'outside');

  // The Shading tool: plain clicks shade, a drag gives the cells it passes the first one's state.
  await page.locator('#tool-shade').click();
  assert.equal(await page.locator('#tool-shade').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#board').getAttribute('data-tool'), 'shade');
  await clickCell(page, 0, 0);
  assert.equal(await shadeOf(page, 0, 0), 'inside');
  await page.mouse.move(...await centre(cell(page, 3, 0)));
  await page.mouse.down();
  for (const c of [1, 2, 3]) await page.mouse.move(...await centre(cell(page, 3, c)), { steps: 4 });
  await page.mouse.up();
  for (const c of [0, 1, 2, 3]) assert.equal(await shadeOf(page, 3, c), 'inside', `cell (3, ${c})`);
  await page.locator('#undo').click(); // the drag is one action
  for (const c of [0, 1, 2, 3]) assert.equal(await shadeOf(page, 3, c), null);
  assert.equal(await shadeOf(page, 0, 0), 'inside');

  // Keys: the square starts at the last cell the mouse shaded (3, 0, where the drag began); I,
  // O, Space, Backspace.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.locator('#cell-cursor').getAttribute('data-cursor'), '2,1');
  await page.keyboard.press('i');
  assert.equal(await shadeOf(page, 2, 1), 'inside');
  await page.keyboard.press('o');
  assert.equal(await shadeOf(page, 2, 1), 'outside');
  await page.keyboard.press(' ');
  assert.equal(await shadeOf(page, 2, 1), null);
  await page.keyboard.press('i');
  await page.keyboard.press('Backspace');
  assert.equal(await shadeOf(page, 2, 1), null);
  // C goes back to lines: arrows move the ring between dots, Shift+arrow draws.
  await page.keyboard.press('c');
  assert.equal(await page.locator('#board').getAttribute('data-tool'), 'lines');
  await page.keyboard.press('Shift+ArrowRight');
  assert.equal(await page.locator('#board').getAttribute('data-lines'), '1');
  await edge(page, 20).click();
  assert.equal(await edge(page, 20).getAttribute('data-state'), 'line');
  // Clear takes the shading too, as one action.
  await page.locator('#clear').click();
  assert.equal(await page.locator('#board [data-shade]').count(), 0);
  await page.locator('#undo').click();
  assert.equal(await shadeOf(page, 2, 2), 'outside');
  assert.deepEqual(page.errors, []);
});

test('a number turns grey once its lines meet it and red past it; a 0 once its four sides are crossed', async () => {
  const page = await openPuzzle(URL6x5);
  const solution = new Set((await post('solve', { puzzle: URL6x5 })).edges);
  const three = page.locator('#board [data-clue="1,5"]');
  const fill = (locator) => locator.evaluate((el) => getComputedStyle(el).fill);
  const ink = await fill(three);
  const onLoop = THREE_AT_1_5.filter((e) => solution.has(e));
  assert.equal(onLoop.length, 3);
  for (const e of onLoop.slice(0, 2)) await edge(page, e).click();
  assert.doesNotMatch(await three.getAttribute('class') ?? '', /done/);
  await edge(page, onLoop[2]).click();
  assert.match(await three.getAttribute('class'), /done/);
  // rgb(r, g, b) or color(srgb r g b): three equal channels, neither black nor white.
  const text = await fill(three);
  const scale = text.startsWith('color(') ? 255 : 1;
  const [r, g, b] = text.match(/[\d.]+/g).slice(-3).map((v) => Number(v) * scale);
  assert.ok(Math.abs(r - g) < 2 && Math.abs(g - b) < 2 && r > 60 && r < 200, `a grey, not ${text}`);
  assert.notEqual(await fill(three), ink);
  // A fourth line: red, no longer grey.
  await edge(page, THREE_AT_1_5.find((e) => !solution.has(e))).click();
  assert.match(await three.getAttribute('class'), /over/);
  assert.doesNotMatch(await three.getAttribute('class'), /done/);
  // The 0 is met once its four sides are crossed (right click crosses).
  const zero = page.locator('#board [data-clue="1,1"]');
  for (const e of ZERO_AT_1_1.slice(0, 3)) await edge(page, e).click({ button: 'right' });
  assert.doesNotMatch(await zero.getAttribute('class') ?? '', /done/);
  await edge(page, ZERO_AT_1_1[3]).click({ button: 'right' });
  assert.match(await zero.getAttribute('class'), /done/);
  assert.deepEqual(page.errors, []);
});

test('the timer counts while playing and stops once solved; marks, shading, time and "Solved!" survive a reload', async () => {
  const page = await openPuzzle(URL6x5, { setup: frozenClock });
  assert.equal(await page.locator('#timer').innerText(), '0:00');
  await page.clock.runFor(65_000);
  assert.equal(await page.locator('#timer').innerText(), '1:05');
  await edge(page, 20).click();
  await edge(page, 0).click({ button: 'right' });
  await clickCell(page, 2, 2, { modifiers: ['Control'] });
  // Saved under the puzzle's puzz.link URL.
  const saved = await page.evaluate((url) => JSON.parse(localStorage.getItem(`pencilbox.slither.play:${url}`)), URL6x5);
  assert.equal(saved.marks.length, 71);
  assert.equal(saved.shade.length, 30);

  await page.reload();
  await page.locator('#status[data-kind=ok]').waitFor();
  assert.match(await page.locator('#status').innerText(), /Your marks and time \(1:05\) from before are back/);
  assert.equal(await page.locator('#timer').innerText(), '1:05');
  assert.equal(await edge(page, 20).getAttribute('data-state'), 'line');
  assert.equal(await edge(page, 0).getAttribute('data-state'), 'cross');
  assert.equal(await shadeOf(page, 2, 2), 'inside');
  await page.clock.runFor(10_000);
  assert.equal(await page.locator('#timer').innerText(), '1:15');

  // Solved by hand: "Solved!" with the time, and the timer stops.
  const solution = (await post('solve', { puzzle: URL6x5 })).edges;
  await page.locator('#clear').click();
  assert.equal(await page.locator('#solved').isVisible(), false);
  for (const e of solution) await edge(page, e).click();
  await page.locator('#status[data-verdict=solved]').waitFor();
  assert.equal(await page.locator('#solved').innerText(), 'Solved! 1:15');
  assert.match(await page.locator('#status').innerText(), /^Solved! .*, in 1:15\.$/);
  await page.clock.runFor(30_000);
  assert.equal(await page.locator('#timer').innerText(), '1:15');

  await page.reload();
  await page.locator('#status[data-kind=ok]').waitFor();
  assert.equal(await page.locator('#solved').innerText(), 'Solved! 1:15');
  assert.equal(await page.locator('#status').getAttribute('data-verdict'), 'solved');
  assert.deepEqual(await page.locator('#board [data-state=line]').evaluateAll((els) => els.map((e) => Number(e.dataset.edge))), solution);
  await page.clock.runFor(30_000);
  assert.equal(await page.locator('#timer').innerText(), '1:15');
  // Breaking the loop: no longer solved, and the time goes on.
  await edge(page, solution[0]).click({ button: 'right' });
  assert.equal(await page.locator('#solved').isVisible(), false);
  await page.clock.runFor(5_000);
  assert.equal(await page.locator('#timer').innerText(), '1:20');

  // Another puzzle starts afresh; the first keeps its own.
  const other = await openPuzzle('3 3\n. . .\n. . .\n. . .', { setup: frozenClock });
  assert.equal(await other.locator('#timer').innerText(), '0:00');
  assert.equal(await other.locator('#board [data-state=line]').count(), 0);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('"Solved!" stays in view at 1280x800: beside the timer, over later messages, and when the page scrolls', async () => {
  const level = limits.slither.generate[0].difficulty;
  const puzzle = await post('generate', { rows: 10, cols: 10, difficulty: level, seed: 3, time_ms: 30000 });
  const page = await openPuzzle(puzzle.url, { width: 1280, height: 800 });
  const solution = (await post('solve', { puzzle: puzzle.url })).edges;
  for (const e of solution) await edge(page, e).click();
  await page.locator('#status[data-verdict=solved]').waitFor();
  await assertInWindow(page, '#solved');
  await assertInWindow(page, '#timer');
  await s.screenshot(page, 'slither-solved-1280x800', { fullPage: false });
  // Another message takes the status line: the badge stays.
  await page.locator('#share').click();
  assert.match(await page.locator('#status').innerText(), /^Share/);
  await assertInWindow(page, '#solved');
  // A shorter window scrolls; the bar with the badge stays at its top.
  await page.setViewportSize({ width: 1280, height: 450 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForFunction(() => window.scrollY > 0);
  await assertInWindow(page, '#solved');
  // The solution shown by Solve is not the player's: no badge.
  await page.locator('#clear').click();
  await page.locator('#solve').click();
  await page.locator('#status[data-verdict=unique]').waitFor();
  assert.equal(await page.locator('#solved').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a revealed solution is never the player\'s: Check and Hint after Solve, a reload, and a loop finished after Undo', async () => {
  const page = await openPuzzle(URL6x5, { width: 1280, height: 800, setup: frozenClock });
  await page.clock.runFor(1_000);
  await page.locator('#solve').click();
  await page.locator('#status[data-verdict=unique]').waitFor();
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=shown]').waitFor();
  assert.match(await page.locator('#status').innerText(), /not counted as your solve/);
  assert.equal(await page.locator('#solved').isVisible(), false, 'no "Solved!" badge for a shown solution');
  // Hint adds the crosses; the loop it completes is still the shown one.
  await page.locator('#hint').click();
  await page.locator('#board [data-state=cross]').first().waitFor();
  await page.locator('#status[data-verdict=shown]').waitFor();
  assert.doesNotMatch(await page.locator('#status').innerText(), /^Solved!/);
  assert.equal(await page.locator('#solved').isVisible(), false);

  await page.reload();
  await page.locator('#status[data-kind=ok]').waitFor();
  assert.equal(await page.locator('#solved').isVisible(), false, 'nor after a reload');
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=shown]').waitFor();
  assert.equal(await page.locator('#solved').isVisible(), false);

  // Marks taken back and the loop drawn again by hand: the solution was seen, so no badge.
  const solution = (await post('solve', { puzzle: URL6x5 })).edges;
  await page.locator('#clear').click();
  for (const e of solution) await edge(page, e).click();
  await page.locator('#status[data-verdict=shown]').waitFor();
  assert.equal(await page.locator('#solved').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('on a phone (390x844) a 30x30 board takes the page\'s width rather than what is left of the first screen', async () => {
  const blank = `30 30\n${Array.from({ length: 30 }, () => Array(30).fill('.').join(' ')).join('\n')}\n`;
  const page = await openPuzzle(blank, { width: 390, height: 844 });
  const [board, main] = await Promise.all(['#board', 'main'].map((sel) => page.locator(sel).boundingBox()));
  assert.ok(board.width >= main.width - 40, `board ${board.width} px wide in a ${main.width} px page`);
  assert.ok(board.width / 30 >= 11, `${board.width / 30} px per cell`);
  await s.screenshot(page, 'slither-30x30-390x844');
  // A wide window still fits the board into what is left of it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().bottom <= 800);
  assert.deepEqual(page.errors, []);
});
