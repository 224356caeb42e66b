// The Slitherlink page's Edit mode, the setter's workbench: clues placed, changed and cleared by
// click and keys; the live analysis against the API's own answers and the solver's counts;
// answers about older clues never shown; undo/redo; export; play the edited puzzle.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { slitherSession, URL6x5, cell, clickCell } from '../slither.mjs';

/** A 3 in the corner beside a 0 has no loop; the 1 far from them plays no part. */
const CONFLICT3 = '3 3\n3 0 .\n. . .\n. . 1';
/** Two 3s on a diagonal: two mirror loops. */
const TWO_THREES = '2x2t0:3b3';

let s, limits, post;
before(async () => ({ s, limits, post } = await slitherSession()));
after(() => s?.close());

/** Waits for the analysis of the clues as they are now, and returns the page's clues. */
async function analysed(page) {
  await page.locator('#analysis[data-current=yes]').waitFor();
  return clues(page);
}

/** Opens the editor on a puzzle through `?edit=` and waits for its analysis. */
async function openEditor(p, options = {}) {
  const page = await s.open(`/slither?edit=${encodeURIComponent(p)}`, options);
  await page.locator('#app[data-mode=edit]').waitFor();
  await analysed(page);
  return page;
}

/** The clues on the page's board, as rows (the API's form). */
async function clues(page) {
  const board = page.locator('#board');
  const [rows, cols] = [Number(await board.getAttribute('data-rows')), Number(await board.getAttribute('data-cols'))];
  const grid = Array.from({ length: rows }, () => new Array(cols).fill(null));
  for (const [at, text] of await page.locator('#board [data-clue]').evaluateAll((els) => els.map((e) => [e.dataset.clue, e.textContent]))) {
    const [r, c] = at.split(',').map(Number);
    grid[r][c] = text === '?' ? '?' : Number(text);
  }
  return grid;
}

const clueAt = async (page, r, c) => {
  const text = page.locator(`#board [data-clue="${r},${c}"]`);
  return (await text.count()) ? text.textContent() : null;
};
const verdict = (page) => page.locator('#analysis').getAttribute('data-verdict');
/** The `[row, col]` pairs of the board's elements matching `selector` with `data-at` or `data-cell`. */
const places = (page, selector) => page.locator(selector).evaluateAll((els) => els.map((e) => (e.dataset.at ?? e.dataset.cell).split(',').map(Number)));
const edgesWith = (page, cls) => page.locator(`#board .edge.${cls}`).evaluateAll((els) => els.map((e) => Number(e.dataset.edge)).sort((a, b) => a - b));

test('Edit places, changes and clears clues by click and by keys, on the played puzzle or a new empty board', async () => {
  const page = await s.open(`/slither?p=${encodeURIComponent(URL6x5)}`);
  await page.locator('#status[data-kind=ok]').waitFor();
  await page.locator('#mode-edit').click();
  await page.locator('#app[data-mode=edit]').waitFor();
  assert.match(await page.locator('#status').innerText(), /^Editing the 5×6 puzzle/);
  assert.deepEqual(await analysed(page), (await post('parse', { puzzle: URL6x5 })).clues);
  assert.equal(await page.locator('#mode-edit').getAttribute('aria-pressed'), 'true');
  assert.equal(await page.locator('#timer').isVisible(), false);

  // A new empty 3x4 board.
  await page.locator('#edit-rows').fill('3');
  await page.locator('#edit-cols').fill('4');
  await page.locator('#edit-new').click();
  assert.equal(await page.locator('#board [data-cell]').count(), 12);
  assert.deepEqual(await analysed(page), [[null, null, null, null], [null, null, null, null], [null, null, null, null]]);
  assert.equal(await verdict(page), 'multiple');

  // A click selects a cell; a click on the selected cell steps blank -> 0 -> 1, right click back.
  await clickCell(page, 1, 1);
  assert.equal(await page.locator('#cell-cursor').getAttribute('data-cursor'), '1,1');
  assert.equal(await clueAt(page, 1, 1), null);
  await clickCell(page, 1, 1);
  assert.equal(await clueAt(page, 1, 1), '0');
  await clickCell(page, 1, 1);
  assert.equal(await clueAt(page, 1, 1), '1');
  await clickCell(page, 1, 1, { button: 'right' });
  await clickCell(page, 1, 1, { button: 'right' });
  assert.equal(await clueAt(page, 1, 1), null);
  await clickCell(page, 1, 1, { button: 'right' }); // backwards from blank: the ?
  assert.equal(await clueAt(page, 1, 1), '?');

  // Keys: arrows move, 0-3 and ? set, Space, Backspace and Delete clear.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('2');
  assert.equal(await clueAt(page, 1, 2), '2');
  await page.keyboard.press('3');
  assert.equal(await clueAt(page, 1, 2), '3');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('?');
  assert.equal(await clueAt(page, 2, 2), '?');
  await page.keyboard.press('Backspace');
  assert.equal(await clueAt(page, 2, 2), null);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('0');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Delete');
  assert.equal(await clueAt(page, 0, 1), null);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press(' ');
  assert.equal(await clueAt(page, 1, 1), null);
  // Each edit is analysed: the verdict on show is the API's for these clues.
  const now = await analysed(page);
  assert.deepEqual(now, [[null, null, 0, null], [null, null, 3, null], [null, null, null, null]]);
  assert.equal(await verdict(page), (await post('analyze', { clues: now })).verdict);
  assert.match(await page.locator('#edit-info').innerText(), /3 rows × 4 columns, 2 clues/);

  // Sizes over the editor's limit are refused.
  const max = limits.slither.editor_max_side;
  assert.equal(await page.locator('#edit-rows').getAttribute('max'), String(max));
  await page.locator('#edit-rows').fill(String(max + 1));
  await page.locator('#new-board').evaluate((form) => { form.noValidate = true; });
  await page.locator('#edit-new').click();
  await page.locator('#status[data-kind=error]').waitFor();
  assert.equal(await page.locator('#status').innerText(), `Rows must be a whole number from 1 to ${max}.`);
  assert.equal(await page.locator('#board [data-cell]').count(), 12);
  assert.deepEqual(page.errors, []);
});

test('the verdicts are the solver\'s: unique with the removable clues circled, several with the differing edges and a clue to add, none with the conflict', async () => {
  // Unique: the solver's verdict and loop, the API's level and removable clues.
  const unique = await openEditor(URL6x5);
  const solved = await post('solve', { puzzle: URL6x5 });
  const api = await post('analyze', { puzzle: URL6x5 });
  assert.equal(solved.verdict, 'unique');
  assert.equal(await verdict(unique), 'unique');
  assert.equal(await unique.locator('#verdict').innerText(), `One solution: the puzzle is unique. Level: ${api.level}.`);
  assert.deepEqual(await edgesWith(unique, 'sol'), solved.edges);
  assert.deepEqual(await places(unique, '#board .redundant'), api.redundant);
  assert.match(await unique.locator('#findings').innerText(), new RegExp(`${api.redundant.length} clues \\(circled\\) can each be removed`));
  // Unticking "Show the solution loops" hides the loop.
  await unique.locator('#edit-loops').uncheck();
  assert.match(await unique.locator('#board').getAttribute('class'), /hide-loops/);

  // Several: the solver counts two; the two loops' own edges in two colours.
  const several = await openEditor(TWO_THREES);
  assert.equal((await post('solve', { puzzle: TWO_THREES })).verdict, 'multiple');
  assert.equal(await verdict(several), 'multiple');
  const loops = (await post('analyze', { puzzle: TWO_THREES })).loops.map((l) => new Set(l));
  assert.deepEqual(await edgesWith(several, 'diff-a'), [...loops[0]].filter((e) => !loops[1].has(e)).sort((a, b) => a - b));
  assert.deepEqual(await edgesWith(several, 'diff-b'), [...loops[1]].filter((e) => !loops[0].has(e)).sort((a, b) => a - b));
  assert.match(await several.locator('#findings').innerText(), /no clue added there tells them apart/);

  // Several with a clue to add: the suggestion is shown; "Add it" places it and the puzzle is
  // analysed again.
  const blank = await openEditor('2 3\n. . .\n. . .');
  const add = (await post('analyze', { clues: await clues(blank) })).add;
  assert.deepEqual(await places(blank, '#board .suggest'), [add.cell]);
  await blank.locator('#edit-add').click();
  assert.equal(await clueAt(blank, ...add.cell), String(add.clue));
  const after = await analysed(blank);
  assert.equal(await verdict(blank), (await post('solve', { puzzle: (await post('analyze', { clues: after })).text })).verdict);

  // None: the solver finds no loop; the two clues in conflict are red, the far 1 is not.
  const none = await openEditor(CONFLICT3);
  assert.equal((await post('solve', { puzzle: CONFLICT3 })).verdict, 'none');
  assert.equal(await verdict(none), 'none');
  assert.deepEqual(await places(none, '#board .cell.conflict'), [[0, 0], [0, 1]]);
  assert.equal(await none.locator('#board text.conflict').count(), 2);
  assert.match(await none.locator('#findings').innerText(), /The 2 clues in red have no solution on their own, and each of them is needed/);
  await s.screenshot(several, 'slither-edit');
  for (const page of [unique, several, blank, none]) assert.deepEqual(page.errors, []);
});

test('an answer about older clues is never shown over newer ones', async () => {
  const page = await openEditor('3 3\n. . .\n. . .\n. . .');
  assert.equal(await verdict(page), 'multiple');
  // Hold the first request until two edits are made.
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  const asked = [];
  await page.route('**/api/slither/analyze', async (route) => {
    asked.push(JSON.parse(route.request().postData()).clues);
    if (asked.length === 1) await held;
    await route.continue();
  });
  // Every analysis put on show from now on.
  await page.evaluate(() => {
    window.shown = [];
    const a = document.getElementById('analysis');
    new MutationObserver(() => { if (a.dataset.current === 'yes') window.shown.push([a.dataset.version, a.dataset.verdict]); })
      .observe(a, { attributes: true });
  });
  await clickCell(page, 0, 0); // (0, 0) is selected already: a 0 there (its request is held)
  await page.keyboard.press('3'); // a 3 in the corner instead
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('0'); // beside it a 0: no loop at all
  assert.equal(await page.locator('#analysis').getAttribute('data-current'), 'no');
  release();
  await page.locator('#analysis[data-current=yes]').waitFor();
  assert.equal(await verdict(page), 'none');
  // The held answer (about the 0 alone) was dropped; the next request carried both later edits.
  assert.deepEqual(asked, [[[0, null, null], [null, null, null], [null, null, null]], [[3, 0, null], [null, null, null], [null, null, null]]]);
  const shown = await page.evaluate(() => window.shown);
  assert.deepEqual([...new Set(shown.map((x) => x[1]))], ['none'], JSON.stringify(shown));
  assert.deepEqual(page.errors, []);
});

test('undo and redo of edits, by the buttons and by Ctrl+Z / Ctrl+Y; Clear clues is one action', async () => {
  const page = await openEditor('2 2\n. .\n. .');
  assert.equal(await page.locator('#edit-undo').isDisabled(), true);
  await page.locator('#board').focus();
  await page.keyboard.press('3');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('1');
  assert.deepEqual(await analysed(page), [[3, 1], [null, null]]);
  await page.locator('#edit-undo').click();
  assert.deepEqual(await analysed(page), [[3, null], [null, null]]);
  assert.equal(await verdict(page), (await post('analyze', { clues: [[3, null], [null, null]] })).verdict);
  await page.locator('#edit-undo').click();
  assert.deepEqual(await analysed(page), [[null, null], [null, null]]);
  assert.equal(await page.locator('#edit-undo').isDisabled(), true);
  await page.locator('#edit-redo').click();
  assert.deepEqual(await analysed(page), [[3, null], [null, null]]);
  await page.locator('#board').focus();
  await page.keyboard.press('Control+z');
  assert.deepEqual(await analysed(page), [[null, null], [null, null]]);
  await page.keyboard.press('Control+y');
  await page.keyboard.press('Control+y');
  assert.deepEqual(await analysed(page), [[3, 1], [null, null]]);
  assert.equal(await page.locator('#edit-redo').isDisabled(), true);
  // A new edit drops what could be redone.
  await page.keyboard.press('Control+z');
  await page.keyboard.press('2');
  assert.equal(await page.locator('#edit-redo').isDisabled(), true);
  await page.locator('#edit-clear').click();
  assert.deepEqual(await analysed(page), [[null, null], [null, null]]);
  await page.locator('#edit-undo').click();
  assert.deepEqual(await analysed(page), [[3, 2], [null, null]]);
  assert.deepEqual(page.errors, []);
});

test('export gives the API\'s puzz.link URL, Loopy game ID and text of the edited clues, each reading back the same', async () => {
  const page = await openEditor(URL6x5);
  await clickCell(page, 0, 0); // selected already: a 0 there
  await clickCell(page, 0, 5);
  await page.keyboard.press('?');
  const edited = await analysed(page);
  await page.locator('#edit-export').click();
  await page.locator('#export-box').waitFor();
  const want = await post('analyze', { clues: edited });
  assert.equal(await page.locator('#export-url').inputValue(), want.url);
  assert.equal(await page.locator('#export-loopy').inputValue(), want.loopy);
  assert.equal(await page.locator('#export-text').inputValue(), want.text);
  assert.deepEqual((await post('parse', { puzzle: want.url })).clues, edited);
  assert.deepEqual((await post('parse', { puzzle: want.text })).clues, edited);
  // Loopy's IDs have no hidden numbers: the ? reads back blank there.
  const loopy = (await post('parse', { puzzle: want.loopy })).clues;
  assert.deepEqual(loopy, edited.map((row) => row.map((v) => (v === '?' ? null : v))));
  // The box follows later edits.
  await page.locator('#board').focus();
  await page.keyboard.press('Backspace');
  await analysed(page);
  assert.equal(await page.locator('#export-url').inputValue(), (await post('analyze', { clues: await clues(page) })).url);
  await page.locator('#export-url-copy').click();
  await page.locator('#status').filter({ hasText: /Copied|Ctrl\+C/ }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('"Play this puzzle" plays the edited clues; Edit goes back to them; the address keeps the draft over a reload', async () => {
  const page = await openEditor(URL6x5);
  const api = await post('analyze', { puzzle: URL6x5 });
  const [r, c] = api.redundant[0];
  await clickCell(page, r, c);
  await page.keyboard.press('Delete');
  const edited = await analysed(page);
  assert.equal(await verdict(page), 'unique', 'a removable clue went');
  // Editing shows the cell cursor only, not play mode's dot cursor.
  assert.equal(await page.locator('#cursor').evaluate((el) => getComputedStyle(el).opacity), '0');
  // The address now reopens the draft in the editor.
  await page.reload();
  await page.locator('#app[data-mode=edit]').waitFor();
  assert.deepEqual(await analysed(page), edited);

  await page.locator('#edit-play').click();
  await page.locator('#app[data-mode=play]').waitFor();
  assert.match(await page.locator('#status').innerText(), /^Playing the edited 5×6 puzzle\.$/);
  assert.deepEqual(await clues(page), edited);
  const url = (await post('analyze', { clues: edited })).url;
  assert.equal(new URL(page.url()).searchParams.get('p'), url);
  await page.locator('#board [data-edge="20"]').click();
  assert.equal(await page.locator('#board [data-edge="20"]').getAttribute('data-state'), 'line');
  assert.equal(await page.locator('#timer').isVisible(), true);

  // Edit: the same clues, a fresh history; the Play button plays them again, marks kept.
  await page.locator('#mode-edit').click();
  assert.deepEqual(await analysed(page), edited);
  assert.equal(await page.locator('#edit-undo').isDisabled(), true);
  await page.locator('#mode-play').click();
  await page.locator('#app[data-mode=play]').waitFor();
  assert.equal(await page.locator('#board [data-edge="20"]').getAttribute('data-state'), 'line');
  // No clue changed: the game goes on as it was, its history kept.
  assert.match(await page.locator('#status').innerText(), /^Back to playing the 5×6 puzzle \(no clue was changed\)\.$/);
  assert.equal(await page.locator('#undo').isDisabled(), false);
  assert.equal(new URL(page.url()).searchParams.get('p'), url);
  assert.deepEqual(page.errors, []);
});

test('the editor\'s size limit comes from GET /api/limits; a larger puzzle opens to play', async () => {
  const setup = (page) => page.route('**/api/limits', (route) => route.fulfill({
    json: { ...limits, slither: { ...limits.slither, editor_max_side: 6 } },
  }));
  const page = await s.open(`/slither?p=${encodeURIComponent(URL6x5)}`, { setup });
  await page.locator('#status[data-kind=ok]').waitFor();
  await page.locator('#mode-edit').click();
  await analysed(page);
  assert.equal(await page.locator('#edit-cols').getAttribute('max'), '6');
  // A 7x7 puzzle loaded in Edit mode is too large for it: it opens to play, and says why.
  await page.locator('#puzzle-input').fill(`7 7\n${'. . . . . . .\n'.repeat(7)}`);
  await page.locator('#load').click();
  await page.locator('#app[data-mode=play]').waitFor();
  assert.match(await page.locator('#status').innerText(), /The editor takes boards up to 6×6, so this one opens to play/);
  // Edit on it: a new empty board of the largest size.
  await page.locator('#mode-edit').click();
  await analysed(page);
  assert.equal(await page.locator('#board [data-cell]').count(), 36);
  assert.match(await page.locator('#status').innerText(), /up to 6×6 \(this puzzle is 7×7\): here is a new empty 6×6 board/);
  assert.deepEqual(page.errors, []);
});

test('the count of removable clues reads as a sentence for one clue and for several', async () => {
  // The analysis with its removable clues cut to one (the server's answer, otherwise as it is).
  const setup = (page) => page.route('**/api/slither/analyze', async (route) => {
    const json = await (await route.fetch()).json();
    route.fulfill({ json: { ...json, redundant: json.redundant.slice(0, 1) } });
  });
  const one = await openEditor(URL6x5, { setup });
  assert.match(await one.locator('#findings').innerText(), /^One clue \(circled\) can be removed with the puzzle still unique\./);
  const several = await openEditor(URL6x5);
  const { redundant } = await post('analyze', { puzzle: URL6x5 });
  assert.ok(redundant.length > 1);
  assert.match(await several.locator('#findings').innerText(), new RegExp(`^${redundant.length} clues \\(circled\\) can each be removed on its own with the puzzle still unique\\.`));
  assert.deepEqual(one.errors, []);
  assert.deepEqual(several.errors, []);
});
