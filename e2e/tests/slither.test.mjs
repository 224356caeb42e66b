// The Slitherlink page: open, play, check, hint, solve, generate and share in a real browser.
// Expected values come from the API itself (fetched by the test) or from docs/API.md.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { assertInWindow } from '../harness.mjs';
import { slitherSession, URL6x5, THREE_AT_1_5, edge, openPuzzle as openOn } from '../slither.mjs';

let s, limits, post;
before(async () => ({ s, limits, post } = await slitherSession()));
after(() => s?.close());
/** The generator's easiest level (the page's default). */
const easiest = () => limits.slither.generate[0].difficulty;

const openPuzzle = (p) => openOn(s, p);

/** The edges drawn in `state` ('line', 'cross', 'empty'), sorted. */
async function edgesIn(page, state) {
  const list = await page.locator(`#board [data-state=${state}]`).evaluateAll((els) => els.map((e) => Number(e.dataset.edge)));
  return list.sort((a, b) => a - b);
}

const status = (page) => page.locator('#status').innerText();

test('load a puzz.link URL from the box and solve it: the lines are the API\'s solution', async () => {
  const page = await s.open('/slither');
  await page.locator('#status[data-kind=ok]').waitFor(); // the first, generated puzzle
  await page.locator('#puzzle-input').fill(URL6x5);
  await page.locator('#load').click();
  await page.locator('#status').filter({ hasText: 'Loaded a 5×6 puzzle' }).waitFor();
  assert.equal(await page.locator('#board').getAttribute('data-rows'), '5');
  assert.equal(await page.locator('#board [data-cell]').count(), 30);
  assert.equal(await page.locator('#board [data-edge]').count(), 71);
  assert.equal(await page.locator('#board [data-clue]').count(), 17);
  assert.equal(await page.locator('#board [data-clue="1,5"]').textContent(), '3');

  const answer = await post('solve', { puzzle: URL6x5 });
  assert.equal(answer.verdict, 'unique');
  await page.locator('#solve').click();
  await page.locator('#status[data-verdict=unique]').waitFor();
  assert.match(await status(page), /solution \(it is unique\): a loop of 28 edges/);
  assert.deepEqual(await edgesIn(page, 'line'), answer.edges);
  assert.match(await page.locator('#board').getAttribute('class'), /solved/);

  // Undo brings the empty board back in one step; redrawing the loop by hand is noticed, but
  // the solution was shown: it is not counted as the player's solve.
  await page.locator('#undo').click();
  assert.deepEqual(await edgesIn(page, 'line'), []);
  for (const e of answer.edges) await edge(page, e).click();
  await page.locator('#status[data-verdict=shown]').waitFor();
  assert.match(await status(page), /^The loop is a solution, but not counted as your solve/);
  assert.equal(await page.locator('#solved').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a puzzle with several solutions says so', async () => {
  const page = await openPuzzle('2x2t0:3b3');
  await page.locator('#solve').click();
  await page.locator('#status[data-verdict=multiple]').waitFor();
  assert.match(await status(page), /several solutions; this is one of them \(8 edges\)/);
  assert.equal((await edgesIn(page, 'line')).length, 8);
  assert.deepEqual(page.errors, []);
});

test('clicking an edge cycles line, cross, empty; right click, shift-click, undo, redo, keys and dragging', async () => {
  const page = await openPuzzle(URL6x5);
  const state = (e) => edge(page, e).getAttribute('data-state');
  await edge(page, 20).click();
  assert.equal(await state(20), 'line');
  await edge(page, 20).click();
  assert.equal(await state(20), 'cross');
  await edge(page, 20).click();
  assert.equal(await state(20), 'empty');
  await edge(page, 20).click({ button: 'right' });
  assert.equal(await state(20), 'cross');
  await edge(page, 20).click({ modifiers: ['Shift'] });
  assert.equal(await state(20), 'line');
  await edge(page, 40).click(); // a vertical edge: v 0 4
  assert.equal(await state(40), 'line');
  assert.equal(await page.locator('#board').getAttribute('data-lines'), '2');
  await page.locator('#undo').click();
  assert.equal(await state(40), 'empty');
  await page.locator('#undo').click();
  assert.equal(await state(20), 'cross');
  await page.locator('#redo').click();
  assert.equal(await state(20), 'line');

  // Keyboard: the ring follows the last click (a dot of edge 20 or 40); arrows stop at the border.
  await page.locator('#board').focus();
  assert.match(await page.locator('#cursor').getAttribute('data-cursor'), /^(3,2|3,3|0,4|1,4)$/);
  for (let i = 0; i < 6; i++) await page.keyboard.press('ArrowUp');
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowLeft');
  assert.equal(await page.locator('#cursor').getAttribute('data-cursor'), '0,0');
  await page.keyboard.press('Shift+ArrowRight'); // draws h 0 0 = edge 0, ring to (0, 1)
  assert.equal(await state(0), 'line');
  assert.equal(await page.locator('#cursor').getAttribute('data-cursor'), '0,1');
  await page.keyboard.press('Control+ArrowDown'); // crosses v 0 1 = edge 37, ring stays
  assert.equal(await state(37), 'cross');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.locator('#cursor').getAttribute('data-cursor'), '1,1');
  await page.keyboard.press('Control+z');
  assert.equal(await state(37), 'empty');

  await page.locator('#clear').click();
  assert.deepEqual(await edgesIn(page, 'line'), []);

  // Dragging from edge h 0 0 through dots (0, 1), (0, 2) and (1, 2) draws h 0 0, h 0 1 and
  // v 0 2 = edge 38, as one action.
  const centre = async (locator) => {
    const b = await locator.boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  await page.mouse.move(...await centre(edge(page, 0)));
  await page.mouse.down();
  for (const dot of ['0,1', '0,2', '1,2']) await page.mouse.move(...await centre(page.locator(`[data-dot="${dot}"]`)), { steps: 6 });
  await page.mouse.up();
  assert.deepEqual(await edgesIn(page, 'line'), [0, 1, 38]);
  await page.locator('#undo').click();
  assert.deepEqual(await edgesIn(page, 'line'), []);
  assert.deepEqual(page.errors, []);
});

test('check names a wrong number and a branch and highlights them until the next change', async () => {
  const page = await openPuzzle(URL6x5);
  for (const e of THREE_AT_1_5) await edge(page, e).click();
  assert.match(await page.locator('#board [data-clue="1,5"]').getAttribute('class'), /over/);
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=wrong_number]').waitFor();
  assert.equal(await status(page), 'Wrong number: the 3 at cell (1, 5) has 4 lines and 0 crosses around it.');
  assert.equal(await page.locator('#status').getAttribute('data-kind'), 'error');
  assert.equal(await page.locator('#board [data-cell="1,5"].bad').count(), 1);
  assert.deepEqual(await page.locator('#board .edge.bad').evaluateAll((els) => els.map((e) => Number(e.dataset.edge)).sort((a, b) => a - b)), THREE_AT_1_5);

  // Three lines at dot (3, 3): h 3 2 = 20, h 3 3 = 21, v 2 3 = 53. A branch comes first.
  await page.locator('#clear').click();
  assert.equal(await page.locator('#board .bad').count(), 0);
  for (const e of [20, 21, 53]) await edge(page, e).click();
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=branch]').waitFor();
  assert.equal(await status(page), 'Branch: the loop branches: three lines meet at dot (3, 3).');
  assert.equal(await page.locator('#board [data-dot="3,3"].bad').count(), 1);
  assert.equal(await page.locator('#board .ring').count(), 1);
  assert.equal(await page.locator('#board .edge.bad').count(), 3);
  await edge(page, 53).click();
  assert.equal(await page.locator('#board .bad').count(), 0);
  assert.equal(await page.locator('#board .ring').count(), 0);

  // A correct start is not a mistake.
  await page.locator('#clear').click();
  await edge(page, 0).click();
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=incomplete]').waitFor();
  assert.match(await status(page), /no mistake found yet/i);
  assert.deepEqual(page.errors, []);
});

test('hint applies one deduction step, names its rule and shows where; then a screenshot', async () => {
  const page = await openPuzzle(URL6x5);
  const expected = await post('hint', { puzzle: URL6x5 });
  assert.equal(expected.status, 'step');
  await page.locator('#hint').click();
  await page.locator('#hints li').first().waitFor();
  assert.equal(await page.locator('#hints li').first().getAttribute('data-rule'), expected.rule);
  assert.match(await status(page), /^Hint: Rule 1, “zero” at cell \(1, 1\): 4 crosses/);
  const fixed = expected.fixed.map((f) => f.edge).sort((a, b) => a - b);
  assert.deepEqual(await edgesIn(page, 'cross'), fixed);
  assert.deepEqual(await page.locator('#board .edge.hinted').evaluateAll((els) => els.map((e) => Number(e.dataset.edge)).sort((a, b) => a - b)), fixed);

  // One undo removes the whole step; redo puts it back.
  await page.locator('#undo').click();
  assert.deepEqual(await edgesIn(page, 'cross'), []);
  await page.locator('#redo').click();
  assert.deepEqual(await edgesIn(page, 'cross'), fixed);

  // A few more steps, then four lines round the 3: a hint first names the marks that
  // disagree with the (unique) solution, in red.
  for (let n = 2; n <= 4; n++) {
    await page.locator('#hint').click();
    await page.locator('#hints li').nth(n - 1).waitFor();
  }
  for (const e of THREE_AT_1_5) await edge(page, e).click();
  await page.locator('#hint').click();
  await page.locator('#status[data-verdict=mistake]').waitFor();
  const solution = new Set((await post('solve', { puzzle: URL6x5 })).edges);
  const wrongLines = THREE_AT_1_5.filter((e) => !solution.has(e)).sort((a, b) => a - b);
  assert.equal(wrongLines.length, 1, 'exactly one side of the 3 is off the loop');
  assert.match(await status(page), /^No hint yet: 1 of your marks disagrees with the solution \(in red\)/);
  assert.deepEqual(await page.locator('#board .edge.bad').evaluateAll((els) => els.map((e) => Number(e.dataset.edge)).sort((a, b) => a - b)), wrongLines);
  assert.equal(await page.locator('#hints li').count(), 4, 'no step was applied');
  await edge(page, 17).click(); // the bottom side: line -> cross
  await edge(page, 29).click(); // and a line further down, to have something to check
  await page.locator('#check').click();
  await page.locator('#status[data-kind=error], #status[data-verdict=incomplete]').waitFor();
  // Two cells shaded for the picture: the 3 inside the loop, the corner cell outside.
  await page.locator('#board [data-cell="1,5"]').click({ force: true, modifiers: ['Control'] });
  await page.locator('#board [data-cell="0,0"]').click({ force: true, modifiers: ['Control'], button: 'right' });
  assert.equal(await page.locator('#board [data-shade]').count(), 2);
  await page.mouse.move(0, 0); // no edge under the pointer, highlighted
  await s.screenshot(page, 'slither');
  assert.deepEqual(page.errors, []);
});

test('generate a 5x5 puzzle with a seed: the API\'s puzzle, the seed shown, the address updated', async () => {
  const page = await openPuzzle(URL6x5);
  const level = limits.slither.generate[1].difficulty; // not the default: the choice is taken
  await page.locator('#rows').fill('5');
  await page.locator('#cols').fill('5');
  await page.locator('#difficulty').selectOption(level);
  await page.locator('#seed').fill('7');
  await page.locator('#generate').click();
  await page.locator('#status').filter({ hasText: 'seed 7' }).waitFor();
  const expected = await post('generate', { rows: 5, cols: 5, difficulty: level, seed: 7 });
  assert.equal(await page.locator('#board [data-cell]').count(), 25);
  const clues = await page.locator('#board [data-clue]').evaluateAll((els) => els.map((e) => [e.dataset.clue, e.textContent]));
  const want = expected.clues.flatMap((row, r) => row.flatMap((v, c) => (v === null ? [] : [[`${r},${c}`, String(v)]])));
  assert.deepEqual(clues, want);
  assert.match(await page.locator('#info').innerText(), new RegExp(`generated: ${level}, seed 7`));
  assert.equal(new URL(page.url()).searchParams.get('p'), expected.url);

  // Share: the puzz.link URL and a link to this page that opens the same puzzle.
  await page.locator('#share').click();
  assert.equal(await page.locator('#share-url').inputValue(), expected.url);
  const link = await page.locator('#share-page').inputValue();
  assert.equal(link, `${s.url}/slither?p=${encodeURIComponent(expected.url)}`);
  assert.equal(await page.locator('#share-link').getAttribute('href'), link);
  assert.equal(await page.locator('#share-loopy').inputValue(), expected.loopy);
  await page.locator('#copy-url').click();
  await page.locator('#status').filter({ hasText: /Copied|Ctrl\+C/ }).waitFor();

  const other = await s.open(link.slice(s.url.length));
  await other.locator('#status[data-kind=ok]').waitFor();
  const again = await other.locator('#board [data-clue]').evaluateAll((els) => els.map((e) => [e.dataset.clue, e.textContent]));
  assert.deepEqual(again, want);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('bad input shows the API\'s error text, and the browser logs no error for it', async () => {
  const page = await openPuzzle(URL6x5);
  await page.locator('#puzzle-input').fill('5 5\n1 2 x');
  await page.locator('#load').click();
  await page.locator('#status[data-kind=error]').waitFor();
  assert.equal(await status(page), 'puzzle: line 2, column 1: row 1 has 3 clues, expected 5');
  assert.equal(await page.locator('#board [data-cell]').count(), 30); // the old puzzle stays

  const broken = await s.open('/slither?p=not-a-puzzle');
  await broken.locator('#status[data-kind=error]').filter({ hasText: 'here is a generated one' }).waitFor();
  assert.match(await status(broken), /^Could not open the puzzle in the address \(puzzle: /);
  assert.equal(await broken.locator('#board [data-cell]').count(), 49);
  // A 400 would be logged as a failed request: the pages ask for errors as data (X-Soft-Errors).
  assert.deepEqual(page.errors, []);
  assert.deepEqual(broken.errors, []);
});

// ---------------------------------------------------------------- fixes after the browser review

const CLUELESS3 = '3 3\n. . .\n. . .\n. . .';

test('a drag that starts exactly on a dot follows the drag; a plain click on a dot changes nothing', async () => {
  const page = await openPuzzle(URL6x5);
  const dotAt = async (dot) => {
    const b = await page.locator(`#board [data-dot="${dot}"]`).boundingBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  const drag = async (path, button = 'left') => {
    await page.mouse.move(...await dotAt(path[0]));
    await page.mouse.down({ button });
    for (const dot of path.slice(1)) await page.mouse.move(...await dotAt(dot), { steps: 6 });
    await page.mouse.up({ button });
  };
  // Interior dot (2, 2), right twice and down: h 2 2 = 14, h 2 3 = 15, v 2 4 = 36 + 14 + 4 = 54.
  await drag(['2,2', '2,3', '2,4', '3,4']);
  assert.deepEqual(await edgesIn(page, 'line'), [14, 15, 54]);
  await page.locator('#undo').click(); // one action
  assert.deepEqual(await edgesIn(page, 'line'), []);
  // The corner dot (0, 0) along the top row: edges 0 and 1.
  await drag(['0,0', '0,1', '0,2']);
  assert.deepEqual(await edgesIn(page, 'line'), [0, 1]);
  // The right button from a dot crosses: h 4 0 = 24, then v 3 1 = 36 + 21 + 1 = 58 (up).
  await drag(['4,0', '4,1', '3,1'], 'right');
  assert.deepEqual(await edgesIn(page, 'cross'), [24, 58]);
  // A plain click on a dot marks nothing and only moves the keyboard ring there.
  await page.mouse.click(...await dotAt('2,3'));
  assert.deepEqual(await edgesIn(page, 'line'), [0, 1]);
  assert.deepEqual(await edgesIn(page, 'cross'), [24, 58]);
  assert.equal(await page.locator('#cursor').getAttribute('data-cursor'), '2,3');
  assert.deepEqual(page.errors, []);
});

test('"Solved!" follows the marks: breaking the loop replaces it; every number, 0s too, is greyed as met', async () => {
  const page = await openPuzzle(CLUELESS3);
  assert.match(await page.locator('#info').innerText(), /no clues/);
  // The 1x1 loop round cell (0, 0): h 0 0 = 0, h 1 0 = 3, v 0 0 = 12, v 0 1 = 13.
  for (const e of [0, 3, 12, 13]) await edge(page, e).click();
  await page.locator('#status[data-verdict=solved]').waitFor();
  assert.match(await status(page), /^Solved!/);
  // A second loop round cell (2, 2): the first of its edges already unsolves the board.
  await edge(page, 8).click();
  assert.doesNotMatch(await status(page), /Solved/);
  assert.match(await status(page), /Not solved any more/);
  assert.equal(await page.locator('#status').getAttribute('data-verdict'), null);
  assert.doesNotMatch(await page.locator('#board').getAttribute('class') ?? '', /solved/);

  // On the docs' puzzle (one 0 among 17 numbers) every number is green once solved.
  const other = await openPuzzle(URL6x5);
  const answer = await post('solve', { puzzle: URL6x5 });
  for (const e of answer.edges) await edge(other, e).click();
  await other.locator('#status[data-verdict=solved]').waitFor();
  assert.equal(await other.locator('#board [data-clue].done').count(), 17);
  // Two loop edges removed: no "Solved!" any more, the 0 is no longer green.
  for (const e of answer.edges.slice(0, 2)) await edge(other, e).click({ button: 'right' });
  assert.match(await status(other), /Not solved any more/);
  assert.equal(await other.locator('#board [data-clue="1,1"].done').count(), 0);
  // The shown solution is solved too; changing it says so.
  await other.locator('#solve').click();
  await other.locator('#status[data-verdict=unique]').waitFor();
  assert.equal(await other.locator('#board [data-clue].done').count(), 17);
  await edge(other, answer.edges[3]).click();
  assert.match(await status(other), /Not solved any more/);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(other.errors, []);
});

test('an empty puzz.link body is a blank puzzle and says "no clues"', async () => {
  const page = await openPuzzle('https://puzz.link/p?slither/6/5/');
  assert.match(await status(page), /^Loaded a 5×6 puzzle with no clues/);
  assert.equal(await page.locator('#board [data-clue]').count(), 0);
  assert.match(await page.locator('#info').innerText(), /no clues/);
  assert.deepEqual(page.errors, []);
});

test('a generated puzzle that arrives after another was loaded is dropped', async () => {
  const page = await openPuzzle(URL6x5);
  let release;
  const held = new Promise((resolve) => { release = resolve; });
  let answered;
  const done = new Promise((resolve) => { answered = resolve; });
  await page.route('**/api/slither/generate', async (route) => {
    await held;
    await route.continue();
    answered();
  });
  await page.locator('#rows').fill('5');
  await page.locator('#cols').fill('5');
  await page.locator('#seed').fill('7');
  await page.locator('#generate').click();
  await page.locator('#status[data-kind=busy]').filter({ hasText: 'generating' }).waitFor();
  await page.locator('#puzzle-input').fill(CLUELESS3);
  await page.locator('#load').click();
  await page.locator('#status').filter({ hasText: 'Loaded a 3×3 puzzle' }).waitFor();
  await edge(page, 0).click();
  release();
  await done;
  await page.locator('#status').filter({ hasText: 'was dropped' }).waitFor();
  assert.equal(await page.locator('#board [data-cell]').count(), 9);
  assert.deepEqual(await edgesIn(page, 'line'), [0]);
  assert.equal(await page.locator('#generate').isDisabled(), false);
  assert.deepEqual(page.errors, []);
});

test('generate sizes follow the difficulty, big boards get a longer budget, a timeout says what to try', async () => {
  const page = await openPuzzle(URL6x5);
  // The levels with the smallest and the largest size cap, as the server gives them.
  const bySide = [...limits.slither.generate].sort((a, b) => a.max_side - b.max_side);
  const [small, big] = [bySide[0], bySide.at(-1)];
  assert.ok(small.max_side < big.max_side, 'the caps differ');
  await page.locator('#rows').fill(String(big.max_side));
  await page.locator('#difficulty').selectOption(small.difficulty);
  assert.equal(await page.locator('#rows').getAttribute('max'), String(small.max_side));
  assert.equal(await page.locator('#rows').inputValue(), String(small.max_side)); // brought down to the cap
  await page.locator('#difficulty').selectOption(big.difficulty);
  assert.equal(await page.locator('#rows').getAttribute('max'), String(big.max_side));
  // Over the cap the browser's form check refuses the size (the page checks it again).
  await page.locator('#rows').fill(String(big.max_side + 1));
  assert.equal(await page.locator('#rows').evaluate((el) => el.validity.rangeOverflow), true);
  await page.locator('#rows').fill('30');
  assert.equal(await page.locator('#rows').evaluate((el) => el.validity.valid), true);

  // The server's answer to a budget overrun, as the API gives it (a 503).
  const asked = [];
  await page.route('**/api/slither/generate', (route) => {
    asked.push(JSON.parse(route.request().postData()));
    return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'work exceeded its time budget (60000 ms)' }) });
  });
  await page.locator('#rows').fill('30');
  await page.locator('#cols').fill('30');
  await page.locator('#generate').click();
  await page.locator('#status[data-kind=error]').waitFor();
  assert.match(await status(page), new RegExp(`^No 30×30 ${big.difficulty} puzzle was found within 60 s .*try a smaller size or an easier difficulty\\.$`));
  assert.equal(asked.at(-1).time_ms, 60000);
  await page.locator('#rows').fill('15');
  await page.locator('#cols').fill('15');
  await page.locator('#generate').click();
  await page.locator('#status[data-kind=error]').filter({ hasText: '15×15' }).waitFor();
  assert.equal(asked.at(-1).time_ms, 20000);
  assert.equal(await page.locator('#board [data-cell]').count(), 30); // the old puzzle stays
  // The browser logs each 503 answer as a console error: those are the answers under test.
  assert.deepEqual(page.errors.filter((e) => !/status of 503/.test(e)), []);
});

// ---------------------------------------------------------------- rough edges found as a new user

test('the generator\'s difficulties, size caps and time limit come from the server (GET /api/limits)', async () => {
  // Names the page cannot know: it shows what the server lists, the first chosen.
  const setup = (page) => page.route('**/api/limits', (route) => route.fulfill({
    json: { ...limits, max_time_ms: 30000, slither: { ...limits.slither, generate: [{ difficulty: 'first', max_side: 9 }, { difficulty: 'second', max_side: 16 }] } },
  }));
  const page = await s.open('/slither?p=' + encodeURIComponent(URL6x5), { setup });
  await page.locator('#status[data-kind=ok]').waitFor();
  assert.deepEqual(await page.locator('#difficulty option').allInnerTexts(), ['first', 'second']);
  assert.equal(await page.locator('#difficulty').inputValue(), 'first');
  assert.equal(await page.locator('#rows').getAttribute('max'), '9');
  await page.locator('#difficulty').selectOption('second');
  assert.equal(await page.locator('#rows').getAttribute('max'), '16');
  await page.locator('#rows').fill('17');
  await page.locator('#generate-form').evaluate((form) => { form.noValidate = true; }); // past the browser's own check
  await page.locator('#generate').click();
  await page.locator('#status[data-kind=error]').waitFor();
  assert.equal(await status(page), 'Rows must be a whole number from 2 to 16 for second puzzles.');
  // A board over 15x15 gets the server's whole time limit.
  const asked = [];
  await page.route('**/api/slither/generate', (route) => {
    asked.push(JSON.parse(route.request().postData()));
    return route.fulfill({ json: { error: 'none found' }, headers: { 'x-error-status': '400' } });
  });
  await page.locator('#rows').fill('16');
  await page.locator('#cols').fill('16');
  await page.locator('#generate').click();
  await page.locator('#status[data-kind=error]').filter({ hasText: 'none found' }).waitFor();
  assert.equal(asked.at(-1).time_ms, 30000);
  assert.equal(asked.at(-1).difficulty, 'second');
  assert.deepEqual(page.errors, []);
});

test('the hint list shows its numbers from 10 on in full', async () => {
  const page = await openPuzzle(URL6x5);
  for (let i = 1; i <= 10; i++) {
    await page.locator('#hint').click();
    await page.locator(`#hints li:nth-child(${i})`).waitFor();
  }
  // The list clips what lies outside it: its left padding must hold the marker "10. ".
  const room = await page.evaluate(() => {
    const list = document.getElementById('hints');
    const item = list.children[9];
    const probe = document.createElement('span');
    probe.textContent = '10. ';
    probe.style.font = getComputedStyle(item).font;
    probe.style.whiteSpace = 'pre';
    document.body.append(probe);
    const need = probe.getBoundingClientRect().width;
    probe.remove();
    return { need, have: item.getBoundingClientRect().left - list.getBoundingClientRect().left };
  });
  assert.ok(room.have >= room.need, `the marker needs ${room.need} px, the list gives ${room.have}`);
  assert.deepEqual(page.errors, []);
});

test('at 1280x800 a 10x10 puzzle and the status line are wholly in the window', async () => {
  const puzzle = await post('generate', { rows: 10, cols: 10, difficulty: easiest(), seed: 3, time_ms: 30000 });
  const page = await s.open(`/slither?p=${encodeURIComponent(puzzle.url)}`, { width: 1280, height: 800 });
  await page.locator('#status[data-kind=ok]').waitFor();
  assert.equal(await page.locator('#board [data-cell]').count(), 100);
  await assertInWindow(page, '#board');
  await assertInWindow(page, '#status');
  // Still comfortable to click: at least 36 px per cell.
  assert.ok((await page.locator('#board').boundingBox()).width >= 10 * 36);
  await s.screenshot(page, 'slither-10x10-1280x800', { fullPage: false });
  // A smaller window shrinks the board with it.
  await page.setViewportSize({ width: 1280, height: 650 });
  await page.waitForFunction(() => document.getElementById('board').getBoundingClientRect().bottom <= 650);
  assert.deepEqual(page.errors, []);
});

test('a check names one line in the singular', async () => {
  const page = await openPuzzle(URL6x5);
  // The 0 at cell (1, 1) with a line on its top side (h 1 1 = 7).
  await edge(page, 7).click();
  await page.locator('#check').click();
  await page.locator('#status[data-verdict=wrong_number]').waitFor();
  assert.match(await status(page), /the 0 at cell \(1, 1\) has 1 line and 0 crosses around it/);
  assert.deepEqual(page.errors, []);
});

test('a size over the chosen difficulty\'s limit is refused or reduced, and the page says so', async () => {
  const [first, second] = limits.slither.generate;
  const page = await s.open('/slither', { width: 1280, height: 800 });
  await page.locator('#generate').waitFor();
  await page.locator('#status[data-kind=ok]').waitFor();
  // Generate with a size over the limit: refused on the status line (not a browser bubble that
  // is easily missed, nothing else happening).
  await page.fill('#rows', String(first.max_side + 10));
  await page.fill('#cols', String(first.max_side + 10));
  await page.click('#generate');
  await page.locator('#status[data-kind=error]').waitFor();
  assert.equal(await page.locator('#status').innerText(), `Rows must be a whole number from 2 to ${first.max_side} for ${first.difficulty} puzzles.`);
  // A difficulty whose limit is smaller reduces the size, and says so.
  const smaller = limits.slither.generate.find((g) => g.max_side < first.max_side) ?? second;
  await page.fill('#rows', String(first.max_side));
  await page.fill('#cols', '5');
  await page.selectOption('#difficulty', smaller.difficulty);
  assert.equal(await page.inputValue('#rows'), String(smaller.max_side));
  assert.equal(await page.locator('#status').innerText(),
    `${first.max_side} rows reduced to ${smaller.max_side}: the largest ${smaller.difficulty} puzzle the page generates is ${smaller.max_side}×${smaller.max_side}.`);
  assert.deepEqual(page.errors, []);
});
