// The Dots-and-Boxes page in a real browser: play a line and see the engine reply, complete a
// box, undo, load positions, and the analyse panel against the API's own answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { session } from '../harness.mjs';

let s;
before(async () => { s = await session(); });
after(async () => { await s?.close(); });

const example = (name) => readFileSync(new URL(`../../examples/dots/${name}`, import.meta.url), 'utf8');
const edge = (page, e) => page.locator(`#board g.edge[data-edge="${e}"]`);
const drawnCount = (page) => page.locator('#board g.edge.drawn').count();

async function load(page, text) {
  if (!(await page.locator('#load-text').isVisible())) await page.locator('#position-box summary').click();
  await page.locator('#load-text').fill(text);
  await page.locator('#load').click();
}

test('a line drawn by you, the engine replies, the turn comes back, and undo takes both back', async () => {
  const page = await s.open('/dots?rows=2&cols=2&level=greedy');
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#board g.edge').count(), 12);
  assert.equal(await drawnCount(page), 0);
  assert.equal(await page.locator('#undo').isDisabled(), true);

  await edge(page, 0).click();
  await page.locator('#board g.edge[data-edge="0"][data-owner="you"]').waitFor();
  // No box can be completed yet, so exactly one engine line follows and it is your turn again.
  await page.locator('#board g.edge[data-owner="engine"]').waitFor();
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(page), 2);
  assert.match(await page.locator('#status').innerText(), /The engine drew [hv] \d \d/);
  assert.match(await page.locator('#turn').innerText(), /Your move/);

  // The keyboard works too: focus an undrawn line and press Enter.
  const free = page.locator('#board g.edge.playable').first();
  const freeEdge = await free.getAttribute('data-edge');
  await free.focus();
  await page.keyboard.press('Enter');
  await page.locator(`#board g.edge[data-edge="${freeEdge}"][data-owner="you"]`).waitFor();
  await page.locator('#turn[data-turn="you"]').waitFor();
  // At least one engine line followed (more if your line handed it a box).
  assert.ok(await drawnCount(page) >= 4);

  // Undo goes back to your previous turn: your line and the engine's reply are gone.
  await page.locator('#undo').click();
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(page), 2);
  assert.equal(await edge(page, freeEdge).getAttribute('data-owner'), '');
  await page.locator('#undo').click();
  assert.equal(await drawnCount(page), 0);
  assert.equal(await page.locator('#undo').isDisabled(), true);

  // The engine can move first.
  await page.locator('#first').selectOption('engine');
  await page.locator('#new-game').click();
  await page.locator('#board g.edge[data-owner="engine"]').waitFor();
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(page), 1);
  assert.deepEqual(page.errors, []);
});

test('completing a box scores it, colours it and gives another move; undo takes it back', async () => {
  const page = await s.open('/dots?level=greedy');
  // Box (0, 0) of a 2x2 board has three sides drawn (h 0 0, h 1 0, v 0 0); v 0 1 is line 7.
  await load(page, '2 2\n10\nOO\n00\n100\n000\n');
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /line 3: expected 2 digits 0 or 1/);
  const olympiad = '2 2\n10\n10\n00\n100\n000';
  await load(page, olympiad);
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(page), 3);
  // The position is shown back in both text forms.
  assert.equal(await page.locator('#position-text').textContent(), olympiad);
  assert.equal(await page.locator('#openspiel').textContent(), '101000100000');
  assert.equal(await page.locator('#board g.edge[data-owner="given"]').count(), 3);
  await edge(page, 7).click();
  await page.locator('#board g.box[data-cell="0,0"][data-owner="you"]').waitFor();
  assert.equal(await page.locator('#score-you').innerText(), '1');
  assert.equal(await page.locator('#score-engine').innerText(), '0');
  assert.equal(await page.locator('#board g.box[data-cell="0,0"] text').textContent(), 'Y');
  assert.equal(await page.locator('#turn').getAttribute('data-turn'), 'you');
  assert.match(await page.locator('#status').innerText(), /completed a box: move again/);
  await page.locator('#undo').click();
  await page.locator('#score-you[data-score="0"]').waitFor();
  assert.equal(await page.locator('#board g.box[data-cell="0,0"]').getAttribute('data-owner'), '');
  assert.equal(await edge(page, 7).getAttribute('data-owner'), '');

  // A 1x1 box with two sides drawn: your line gives it away, the engine takes it, game over.
  await load(page, '1 1\n1\n0\n10\n');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await edge(page, 1).click();
  await page.locator('#turn[data-turn="over"]').waitFor();
  assert.equal(await page.locator('#board g.box[data-cell="0,0"]').getAttribute('data-owner'), 'engine');
  assert.equal(await page.locator('#score-engine').innerText(), '1');
  assert.match(await page.locator('#turn').innerText(), /Game over: the engine wins, 0–1/);
  assert.deepEqual(page.errors, []);
});

test('the analyse panel shows the solver\'s value of the position and of every move', async () => {
  const page = await s.open('/dots?rows=2&cols=2');
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#analysis').isVisible(), false);
  await page.locator('#analyse').check();
  const value = page.locator('#value[data-state="exact"]');
  await value.waitFor();
  // The empty 2x2 board is worth +2 to the first player (published value).
  assert.equal(await value.getAttribute('data-value'), '2');
  assert.match(await value.innerText(), /Value \+2 .*You take 3 of the 4 unclaimed boxes.*You 3 – 1 Engine/s);
  const api = await (await fetch(`${s.url}/api/dots/solve`, { method: 'POST', body: JSON.stringify({ rows: 2, cols: 2, moves: true }) })).json();
  const rows = page.locator('#move-values tbody tr');
  assert.equal(await rows.count(), api.moves.length);
  const shown = {};
  for (const row of await rows.all()) shown[await row.getAttribute('data-edge')] = Number(await row.getAttribute('data-value'));
  assert.deepEqual(shown, Object.fromEntries(api.moves.map((m) => [String(m.line), m.value])));
  // The best moves are marked on the board, each line labelled with its value.
  const best = api.moves.filter((m) => m.value === api.value).map((m) => String(m.line)).sort();
  const marked = await page.locator('#board g.edge.best').evaluateAll((gs) => gs.map((g) => g.dataset.edge));
  assert.deepEqual(marked.sort(), best);
  assert.equal(await page.locator('#board .value-label[data-edge="2"]').textContent(), '0');
  // Not an endgame yet: said so, without asking the API.
  assert.match(await page.locator('#endgame').innerText(), /Not yet a chains-and-loops endgame: box \(0, 0\) has 4 undrawn sides/);
  assert.deepEqual(page.errors, []);
});

test('endgame positions show their chains and loops and the known values', async () => {
  const page = await s.open('/dots?analyse=1&first=you');
  await load(page, example('endgame-1.in'));
  const known = example('endgame-1.out').trim();
  await page.locator('#endgame-value[data-value]').waitFor();
  assert.equal(await page.locator('#endgame-value').getAttribute('data-value'), known);
  assert.match(await page.locator('#endgame-value').innerText(), /Chains: 1, 2, 6; loops: none\. Exact value -5/);
  const items = page.locator('#components li');
  assert.deepEqual(await items.evaluateAll((li) => li.map((l) => `${l.dataset.kind} ${l.dataset.length}`)), ['chain 1', 'chain 2', 'chain 6']);
  await items.nth(2).hover();
  assert.equal(await page.locator('#board g.box.highlight').count(), 6);
  await items.nth(0).hover();
  assert.equal(await page.locator('#board g.box.highlight').count(), 1);
  // The general solver agrees with the chain-and-loop theory.
  await page.locator('#value[data-state="exact"]').waitFor();
  assert.equal(await page.locator('#value').getAttribute('data-value'), known);

  await load(page, example('endgame-2.in'));
  await page.locator('#endgame-value[data-value]').waitFor();
  assert.equal(await page.locator('#endgame-value').getAttribute('data-value'), example('endgame-2.out').trim());
  assert.equal(await page.locator('#board').getAttribute('data-rows'), '5');
  await page.locator('#value[data-state="exact"]').waitFor();
  assert.equal(await page.locator('#value').getAttribute('data-value'), example('endgame-2.out').trim());
  assert.deepEqual(page.errors, []);
});

test('a position beyond the solver\'s budget gets the search\'s estimate, marked as such, and the fight for control', async () => {
  const page = await s.open('/dots?rows=5&cols=5&analyse=1&budget=1000');
  const estimate = page.locator('#value[data-state="estimate"]');
  await estimate.waitFor();
  assert.match(await estimate.innerText(), /^Estimate about [+-]?\d+(\.\d)? for you \(to move\), not exact: the solver proved only that the value is between -?\d+ and [+]?\d+ within half of 1 s, then the strong engine's search ran [\d,]+ playouts\.$/);
  assert.match(await page.locator('#control-summary').innerText(), /^So far: 0 long chains, 0 short chains, 0 loops; 60 safe lines left\. By the long chain rule you \(to move\) want an even number of long chains/);
  const rows = page.locator('#move-values tbody tr');
  assert.ok(await rows.count() >= 1);
  assert.match(await rows.first().innerText(), /≈ [+-]?\d/);
  assert.deepEqual(page.errors, []);
});

test('the chains and loops of the fight for control light up their boxes', async () => {
  const page = await s.open(`/dots?analyse=1&position=${encodeURIComponent(example('endgame-2.in'))}`);
  await page.locator('#value[data-state="exact"]').waitFor();
  const items = page.locator('#control-components li');
  assert.equal(await items.count(), 5);
  const loop = page.locator('#control-components li[data-kind="loop"]');
  await loop.hover();
  assert.equal(await page.locator('#board g.box.highlight').count(), 8);
  assert.match(await page.locator('#control-summary').innerText(), /3 long chains, 1 short chain, 1 loop; 0 safe lines left/);
  assert.deepEqual(page.errors, []);
});

test('screenshot: a 3x3 game in progress with the analysis open', async () => {
  // The empty 3x3 board's move values take about 3 s on a busy 2-core machine: a 10 s budget.
  const page = await s.open('/dots?rows=3&cols=3&level=strong&analyse=1&budget=10000');
  await page.locator('#think').selectOption('250');
  await page.locator('#new-game').click();
  await page.locator('#value[data-state="exact"]').waitFor();
  for (const nth of [0, 9, 4]) {
    const line = page.locator('#board g.edge.playable').nth(nth);
    const e = await line.getAttribute('data-edge');
    await line.click();
    await page.locator(`#board g.edge[data-edge="${e}"][data-owner="you"]`).waitFor();
    await page.locator('#value[data-state="exact"]').waitFor();
  }
  assert.ok(await drawnCount(page) >= 4);
  assert.ok(await page.locator('#board g.edge[data-owner="engine"]').count() >= 1);
  await s.screenshot(page, 'dots');
  assert.deepEqual(page.errors, []);
});

test('8x8 (144 lines) cannot be chosen: picking 8 lowers the other size, with a note; a pasted 8x8 is refused and the game stays', async () => {
  const page = await s.open('/dots?rows=8&cols=8&level=greedy');
  // The URL asked for 8x8: the page starts 8x7 instead and says why.
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#rows').inputValue(), '8');
  assert.equal(await page.locator('#cols').inputValue(), '7');
  assert.equal(await page.locator('#board g.edge').count(), 127);
  assert.match(await page.locator('#size-note').innerText(), /8x8 has 144 lines, more than the engine's 128: columns set to 7/);
  assert.match(await page.locator('#cols option[value="8"]').getAttribute('title'), /rows become 7: 8x8 has 144 lines/);

  // Choosing 8 columns now lowers the rows to 7; a new game is 7x8 and starts without error.
  await page.locator('#cols').selectOption('8');
  assert.equal(await page.locator('#rows').inputValue(), '7');
  assert.match(await page.locator('#size-note').innerText(), /8x8 has 144 lines.*rows set to 7/);
  await page.locator('#new-game').click();
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#board g.edge').count(), 127);
  assert.equal(await page.locator('#status').getAttribute('data-kind'), 'ok');
  // A size that fits hides the note again.
  await page.locator('#rows').selectOption('3');
  assert.equal(await page.locator('#size-note').isHidden(), true);

  // A pasted 8x8 position is refused with the reason; the current game stays playable.
  const rows = (n, w) => Array.from({ length: n }, () => '0'.repeat(w));
  await load(page, ['8 8', ...rows(9, 8), ...rows(8, 9)].join('\n'));
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /144 lines.*at most 128/);
  assert.equal(await page.locator('#board g.edge').count(), 127);
  assert.equal(await page.locator('#turn').getAttribute('data-turn'), 'you');
  assert.equal(await page.locator('#rows').inputValue(), '3');
  assert.deepEqual(page.errors, []);
});

test('keyboard play: after Enter on a line the focus stays on the board, on an undrawn line, move after move', async () => {
  const page = await s.open('/dots?rows=3&cols=3&level=greedy');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await edge(page, 0).focus();
  const focusedEdge = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.matches('#board g.edge') ? { edge: a.dataset.edge, playable: a.classList.contains('playable') } : { tag: a?.tagName };
  });
  for (let move = 1; move <= 3; move++) {
    const before = await focusedEdge();
    assert.equal(before.playable, true, `move ${move}: focus on a playable line, not ${JSON.stringify(before)}`);
    const drawn = await drawnCount(page);
    await page.keyboard.press('Enter');
    await page.locator(`#board g.edge[data-edge="${before.edge}"][data-owner="you"]`).waitFor();
    // The engine replies (no box can be completed this early), then it is your turn again.
    await page.waitForFunction((n) => document.querySelectorAll('#board g.edge.drawn').length >= n + 2, drawn);
    await page.locator('#turn[data-turn="you"]').waitFor();
  }
  assert.equal(await page.locator('#board g.edge[data-owner="you"]').count(), 3);
  assert.deepEqual(page.errors, []);
});

test('the basic level\'s time is an upper bound: on a big board it answers at once by chain rules and says so', async () => {
  const page = await s.open('/dots?rows=6&cols=6&level=basic&first=engine');
  assert.match(await page.locator('label[for="think"]').innerText(), /Thinking time/);
  assert.match(await page.locator('label[for="think"]').getAttribute('title'), /at most 36 lines are undrawn/);
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /The engine drew [hv] \d \d, by chain rules \(the exact search starts at 36 undrawn lines/);
  assert.deepEqual(page.errors, []);
});

test('the strong level searches and says what it expects', async () => {
  const page = await s.open('/dots?rows=5&cols=5&level=strong&first=engine&think=250');
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /The engine drew [hv] \d \d, by search \(it expects about [+-]?\d+(\.\d)? for itself, after \d+ playouts\)/);
  assert.deepEqual(page.errors, []);
});

test('a position in the address that cannot be read is shown with its reason: no game starts', async () => {
  const page = await s.open('/dots?position=garbage');
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /^Cannot load the position in the address: line 1: expected "rows cols".*press New game\.$/);
  assert.equal(await page.locator('#turn').getAttribute('data-turn'), 'none');
  assert.equal(await page.locator('#board g.edge').count(), 0);
  assert.equal(await page.locator('#load-text').inputValue(), 'garbage');
  assert.equal(await page.locator('#load-text').isVisible(), true);
  // New game plays from the controls.
  await page.locator('#new-game').click();
  await page.locator('#turn[data-turn="you"]').waitFor();
  // A readable one loads, with the count of its lines in the singular when it is one.
  await load(page, '1 1\n1\n0\n00');
  await page.locator('#status').filter({ hasText: 'Loaded a 1x1 position with 1 line drawn.' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('the line limits come from the server (GET /api/limits), not from the page', async () => {
  const answer = await (await fetch(`${s.url}/api/limits`)).json();
  assert.equal(answer.dots.max_lines, 128);
  // A server with other limits: the page follows them.
  const setup = (page) => page.route('**/api/limits', (route) =>
    route.fulfill({ json: { ...answer, dots: { ...answer.dots, max_lines: 60, exact_lines: 30 } } }));
  const page = await s.open('/dots?rows=6&cols=6&level=greedy', { setup });
  await page.locator('#turn[data-turn="you"]').waitFor();
  // 6x6 has 84 lines: the columns drop to 4 (6x4, 58 lines), the largest within 60.
  assert.equal(await page.locator('#cols').inputValue(), '4');
  assert.match(await page.locator('#size-note').innerText(), /6x6 has 84 lines, more than the engine's 60: columns set to 4/);
  assert.match(await page.locator('label[for="think"]').getAttribute('title'), /at most 30 lines are undrawn/);
  await load(page, ['5 6', ...Array(6).fill('000000'), ...Array(5).fill('0000000')].join('\n'));
  assert.match(await page.locator('#status').innerText(), /a 5x6 board has 71 lines; the engine plays boards of at most 60 lines \(up to 5x5\)/);
  await load(page, ['5 5', ...Array(6).fill('00000'), ...Array(5).fill('000000')].join('\n'));
  await page.locator('#status').filter({ hasText: 'Loaded a 5x5 position with 0 lines drawn.' }).waitFor();
  assert.deepEqual(page.errors, []);
});
