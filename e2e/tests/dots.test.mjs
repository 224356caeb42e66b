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
  // The server reads the text and replays the new game: wait until the page has shown it.
  await shown(page);
}

/** Waits until the page has shown what the server said of the last load, move or undo. */
async function shown(page) {
  await page.locator('#app:not([data-loading]):not([data-replaying])').waitFor();
}

/** How a search's estimate is told is checked by tests that need one; how many playouts a
 * search runs in its time depends on the machine, and a slow one may find too few to estimate.
 * Such an answer (`/api/dots/move`'s or `/api/dots/solve`'s) reaches the page with the estimate a
 * faster machine would have given, made up here; every answer that had one is left alone. How
 * "too thin" is told is tested on its own, from real and forced answers alike. */
const madeUp = { value: 0.5, std_error: 1.5 };
const isThin = (value) => value?.missing === 'too-thin';
function estimated(page) {
  // A request still in flight when the test closes its page has nobody to answer.
  const relay = (edit) => async (route) => {
    try {
      const response = await route.fetch();
      route.fulfill({ response, json: edit(await response.json()) });
    } catch (e) {
      if (!page.isClosed()) throw e;
    }
  };
  const fill = (part) => (isThin(part.value) ? { ...part, ...madeUp } : part);
  return Promise.all([
    page.route('**/api/dots/move', relay((json) => {
      const thin = json.reason === 'search' && json.estimate === null;
      return thin ? { ...json, estimate: madeUp.value, std_error: madeUp.std_error } : json;
    })),
    page.route('**/api/dots/solve', relay((json) => ({ ...fill(json), moves: json.moves?.map(fill) }))),
  ]);
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
  await shown(page);
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(page), 2);
  assert.equal(await edge(page, freeEdge).getAttribute('data-owner'), '');
  await page.locator('#undo').click();
  await shown(page);
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

test('a new game is replayed by the server once', async () => {
  const page = await s.open('/dots?rows=3&cols=3&level=greedy');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await shown(page);
  let replays = 0;
  page.on('request', (r) => { if (r.url().endsWith('/api/dots/replay')) replays += 1; });
  await page.locator('#new-game').click();
  await shown(page);
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(replays, 1);
  assert.equal(await drawnCount(page), 0);
  assert.deepEqual(page.errors, []);
});

test('completing a box scores it, colours it and gives another move; undo takes it back', async () => {
  const page = await s.open('/dots?level=greedy');
  // Box (0, 0) of a 2x2 board has three sides drawn (h 0 0, h 1 0, v 0 0); v 0 1 is line 7.
  await load(page, '2 2\n10\nOO\n00\n100\n000\n');
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /line 3, column 1: expected 0 or 1, found 'O'/);
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
  await shown(page);
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

test('the engine\'s exact value is told as a final score; a new size starts a new board until the first move', async () => {
  // The empty 2x2 board is worth +2 to the first player: the engine (first) takes 3 of the 4.
  const page = await s.open('/dots?rows=2&cols=2&level=strong&first=engine');
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.match(await page.locator('#status').innerText(),
    /^The engine drew [hv] \d \d, exact value \+2 for it over the 4 unclaimed boxes: with best play by both, You 1 – 3 Engine at the end\.$/);
  // A game in progress goes on when the size changes, and the status says how to start anew.
  await page.locator('#rows').selectOption('3');
  assert.match(await page.locator('#status').innerText(), /^Press New game to start a 3x2 game; this 2x2 game goes on until then\.$/);
  assert.equal(await page.locator('#board').getAttribute('data-rows'), '2');
  // Before the first line, a new size is a new board at once.
  await page.locator('#first').selectOption('you');
  await page.locator('#new-game').click();
  await page.locator('#board[data-rows="3"][data-cols="2"]').waitFor();
  await page.locator('#cols').selectOption('4');
  await page.locator('#board[data-rows="3"][data-cols="4"]').waitFor();
  assert.equal(await page.locator('#board g.edge').count(), 4 * 4 + 3 * 5);
  assert.deepEqual(page.errors, []);
});

test('the address keeps the game: a reload brings back its moves, owners and score, and a bad move in it is named', async () => {
  const page = await s.open('/dots?rows=2&cols=2&level=greedy');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await edge(page, 0).click();
  await page.locator('#board g.edge[data-owner="engine"]').waitFor();
  await page.locator('#turn[data-turn="you"]').waitFor();
  const owners = () => page.locator('#board g.edge').evaluateAll((gs) => gs.map((g) => g.dataset.owner));
  const before = await owners();
  const address = new URL(page.url());
  assert.equal(address.searchParams.get('level'), 'greedy');
  assert.equal(address.searchParams.get('moves').split('.').length, await drawnCount(page));
  await page.reload();
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.deepEqual(await owners(), before);
  assert.match(await page.locator('#status').innerText(), /^The game from the address: 2 moves\.$/);
  // Undo works on the game brought back.
  await page.locator('#undo').click();
  await shown(page);
  assert.equal(await drawnCount(page), 0);
  assert.equal(new URL(page.url()).searchParams.get('moves'), null);
  // A move that is not a line of the board stops the game before it, and says so.
  const bad = await s.open('/dots?rows=2&cols=2&level=greedy&moves=12.0');
  await bad.locator('#address-note').waitFor();
  assert.equal(await bad.locator('#address-note').innerText(), 'The address: move 1 (12) is not an undrawn line of this 2x2 game: the game stops before it.');
  assert.equal(await drawnCount(bad), 0);
  // A loaded start is read by the engine: one of the board's length loads with its moves on
  // top; one of another length is refused and names the board.
  const started = await s.open('/dots?rows=1&cols=2&level=greedy&start=1011100&moves=6');
  await started.locator('#turn').filter({ hasText: 'Game over' }).waitFor();
  assert.equal(await drawnCount(started), 7);
  const wrong = await s.open('/dots?rows=2&cols=2&level=greedy&start=1011100');
  await wrong.locator('#address-note').waitFor();
  assert.match(await wrong.locator('#address-note').innerText(), /^The address: the start position is not a 2x2 line string of 12 digits 0 or 1 \(.*\): a new game starts afresh\.$/);
  await wrong.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await drawnCount(wrong), 0);
  for (const p of [page, bad, started, wrong]) assert.deepEqual(p.errors, []);
});

test('a turn of captures is told whole, and all its lines are marked as the last turn', async () => {
  const page = await s.open('/dots?level=greedy');
  // A 3-chain along a 1x3 board: your end line hands it out, the engine takes all three.
  await load(page, '1 3\n111\n111\n0000\n');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await edge(page, 6).click();
  await page.locator('#turn[data-turn="over"]').waitFor();
  assert.match(await page.locator('#status').innerText(),
    /^The engine drew 3 lines \(v 0 1, v 0 2, v 0 3\) and completed 3 boxes; its last, v 0 3, completed a box/);
  assert.deepEqual(await page.locator('#board g.edge.last').evaluateAll((gs) => gs.map((g) => g.dataset.edge)), ['7', '8', '9']);
  assert.deepEqual(page.errors, []);
});

test('move values on the right border are drawn inside the board', async () => {
  const page = await s.open('/dots?rows=2&cols=2&analyse=1');
  await page.locator('#value[data-state="exact"]').waitFor();
  // v 0 2 (line 8) is on the right border: its label ends left of it, inside the board.
  const label = page.locator('#board .value-label[data-edge="8"]');
  assert.equal(await label.getAttribute('text-anchor'), 'end');
  const [board, box] = [await page.locator('#board').boundingBox(), await label.boundingBox()];
  assert.ok(box.x + box.width <= board.x + board.width, `${JSON.stringify(box)} within ${JSON.stringify(board)}`);
  assert.equal(await page.locator('#board .value-label[data-edge="6"]').getAttribute('text-anchor'), 'start');
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
  assert.match(await value.innerText(), /Exact value \+2 .*You take 3 of the 4 unclaimed boxes.*You 3 – 1 Engine/s);
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
  // Not an endgame yet: the engine names the box in the way.
  assert.match(await page.locator('#endgame').innerText(), /^Not yet a chains-and-loops endgame: box \(0, 0\) \(0-based row, column\) has 4 undrawn sides; every box must have 0 or 2\.$/);
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
  const page = await s.open('/dots?rows=5&cols=5&analyse=1&budget=1000', { setup: estimated });
  const estimate = page.locator('#value[data-state="estimate"]');
  await estimate.waitFor();
  assert.match(await estimate.innerText(), /^Estimate about [+-]?\d+(\.\d)? ± \d+(\.\d)? for you \(to move\), not exact \(± one standard error, from the playouts' spread\): the exact solve (did not finish|proved only that the value is between -?\d+ and [+]?\d+) in its 0.5 s, then the strong engine's search ran [\d,]+ playouts\. You would take about \d+ of the 25 unclaimed boxes: final score about You \d+ – \d+ Engine\.$/);
  assert.match(await page.locator('#control-summary').innerText(), /^So far: 0 long chains, 0 short chains, 0 loops; 60 safe lines left\. By the long chain rule you \(to move\) want an even number of long chains/);
  // Nimstring cannot decide the empty 5x5 board in an eighth of a second.
  assert.equal(await page.locator('#control-exact').getAttribute('data-wins'), 'null');
  assert.equal(await page.locator('#control-exact').getAttribute('data-missing'), 'out-of-time');
  assert.match(await page.locator('#control-exact').innerText(), /^Exactly \(by Nimstring, the same game where whoever takes the last box loses\): not decided in the time given\.$/);
  const rows = page.locator('#move-values tbody tr');
  assert.ok(await rows.count() >= 1);
  assert.match(await rows.first().innerText(), /≈ [+-]?\d+(\.\d)? ± \d/);
  // Undecided moves keep the long chain rule, and say so.
  assert.match(await rows.first().locator('td').last().innerText(), /^(keeps|gives away) \(rule\)$/);
  assert.deepEqual(page.errors, []);
});

test('the chains and loops of the fight for control light up their boxes', async () => {
  const page = await s.open(`/dots?analyse=1&position=${encodeURIComponent(example('endgame-2.in'))}`);
  await page.locator('#value[data-state="exact"]').waitFor();
  const items = page.locator('#control-components li');
  assert.equal(await items.count(), 5);
  const loop = page.locator('#control-components li[data-kind="loop"]');
  // Each names where it lies, and all their boxes are tinted while the analysis shows.
  assert.match(await loop.innerText(), /^loop of 8 boxes through \(\d, \d\)$/);
  assert.match(await items.first().innerText(), /^(long )?chain of \d boxe?s? (at|from) \(\d, \d\)/);
  const lengths = await items.evaluateAll((lis) => lis.reduce((n, li) => n + Number(li.dataset.length), 0));
  assert.equal(await page.locator('#board g.box.in-component').count(), lengths);
  assert.equal(await page.locator('#board g.box[data-component="loop"]').count(), 8);
  await loop.hover();
  assert.equal(await page.locator('#board g.box.highlight').count(), 8);
  assert.match(await page.locator('#control-summary').innerText(), /3 long chains, 1 short chain, 1 loop; 0 safe lines left/);
  // Decided exactly: the mover wins control by opening the single box (either of its border
  // lines, the two best moves); every other move hands out a long chain or the loop.
  assert.equal(await page.locator('#control-exact').getAttribute('data-wins'), 'true');
  assert.match(await page.locator('#control-exact').innerText(), /^Exactly \(by Nimstring, the same game where whoever takes the last box loses\): you can win control/);
  assert.equal(await page.locator('#move-values tbody tr.best td[data-wins="true"]').count(), 2);
  assert.equal(await page.locator('#move-values tbody td[data-wins="true"]').count(), 2);
  assert.equal(await page.locator('#move-values tbody td[data-wins="false"]').count(), await page.locator('#move-values tbody tr').count() - 2);
  // Exact answers say so in the table, and the rule of thumb above is named as such.
  assert.equal(await page.locator('#move-values tbody tr.best td[data-wins="true"]').first().innerText(), 'wins (exact)');
  assert.match(await page.locator('#control-summary').innerText(), /That is a rule of thumb .*the exact answer:$/);
  assert.deepEqual(page.errors, []);
});

test('the analysis settings are usable only with Analyse on, and the analysis explains its words', async () => {
  const page = await s.open('/dots?rows=2&cols=2');
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#budget').isDisabled(), true);
  assert.equal(await page.locator('#show-values').isDisabled(), true);
  await page.locator('#analyse').check();
  assert.equal(await page.locator('#budget').isDisabled(), false);
  assert.equal(await page.locator('#show-values').isDisabled(), false);
  await page.locator('#value[data-state="exact"]').waitFor();
  await page.locator('#glossary summary').click();
  const words = await page.locator('#glossary dt').allInnerTexts();
  for (const word of ['safe line', 'chain', 'loop', 'control', 'long chain rule', 'Nimstring', 'value']) assert.ok(words.includes(word), `${word} in ${words}`);
  assert.ok(await page.locator('#glossary dd').first().isVisible());
  await page.locator('#analyse').uncheck();
  assert.equal(await page.locator('#budget').isDisabled(), true);
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

test('a 10x10 game starts, fits the window, and the engine answers by its search; the analysis estimates and names the solver\'s limit', async () => {
  const page = await s.open('/dots?rows=10&cols=10&level=strong&first=engine&analyse=1', { width: 1280, height: 800, setup: estimated });
  // The controls are built once the page has the server's limits: the engine's move comes after.
  await page.locator('#turn[data-turn="you"]').waitFor();
  // Every size from 1 to 10 is offered, rows and columns apart.
  assert.deepEqual(await page.locator('#rows option').evaluateAll((os) => os.map((o) => o.value)), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  assert.equal(await page.locator('#board g.edge').count(), 220);
  assert.equal(await page.locator('#board g.edge[data-owner="engine"]').count(), 1);
  assert.match(await page.locator('#status').innerText(),
    /The engine drew [hv] \d+ \d+, by search \(it expects about [+-−]?[\d.]+ ± [\d.]+ for itself over the 100 unclaimed boxes, about You \d+ – \d+ Engine at the end, after [\d,]+ playouts\)/);
  // The whole board is in the window, below the controls.
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.y + box.height <= 800 && box.x + box.width <= 1280, JSON.stringify(box));
  assert.ok(box.height >= 400, `the board is drawn ${box.height} px high`);
  // The analysis gives the search's estimate, says why it is not exact, and still reads the
  // chains (none yet).
  const value = page.locator('#value[data-state="beyond-solver"]');
  await value.waitFor();
  assert.match(await value.innerText(), /Estimate about [+-]?[\d.]+ ± [\d.]+ for you \(to move\), not exact \(± one standard error, from the playouts' spread\): a board of 220 lines is beyond the exact searches \(at most 128 lines\), so the strong engine's search ran [\d,]+ playouts on the board itself/);
  assert.ok(await page.locator('#move-values tr[data-edge]').count() >= 1);
  assert.match(await page.locator('#endgame').innerText(), /Not yet a chains-and-loops endgame/);
  assert.equal(await page.locator('#control-exact').getAttribute('data-missing'), 'too-large');
  assert.match(await page.locator('#control-exact').innerText(), /^Exactly \(by Nimstring, .*\): a board of 220 lines is beyond the exact searches \(at most 128 lines\)\.$/);
  // Your line, and the engine answers again.
  await page.locator('#board g.edge.playable').first().click();
  await page.waitForFunction(() => document.querySelectorAll('#board g.edge[data-owner="engine"]').length >= 2);
  await page.locator('#turn[data-turn="you"]').waitFor();
  await s.screenshot(page, 'dots-10x10', { fullPage: false });
  assert.deepEqual(page.errors, []);
});

test('non-square boards: 3x9 from the controls, a pasted 9x4, and 11 boxes a side refused', async () => {
  const page = await s.open('/dots?level=greedy');
  await page.locator('#turn[data-turn="you"]').waitFor();
  await page.locator('#rows').selectOption('3');
  await page.locator('#cols').selectOption('9');
  await page.locator('#new-game').click();
  await page.locator('#board[data-rows="3"][data-cols="9"]').waitFor();
  assert.equal(await page.locator('#board g.edge').count(), 4 * 9 + 3 * 10);
  await page.locator('#board g.edge.playable').first().click();
  await page.locator('#board g.edge[data-owner="engine"]').waitFor();

  const rows = (n, w) => Array.from({ length: n }, () => '0'.repeat(w));
  await load(page, ['9 4', ...rows(10, 4), ...rows(9, 5)].join('\n'));
  await page.locator('#board[data-rows="9"][data-cols="4"]').waitFor();
  assert.equal(await page.locator('#rows').inputValue(), '9');
  assert.equal(await page.locator('#cols').inputValue(), '4');
  // A pasted 11x11 is refused with the reason; the current game stays.
  await load(page, ['11 11', ...rows(12, 11), ...rows(11, 12)].join('\n'));
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /the page plays boards of 1 to 10 boxes a side, not 11x11/);
  assert.equal(await page.locator('#board g.edge').count(), 10 * 4 + 9 * 5);
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

test('the strong level searches and says what it expects, or that its search was too thin', async () => {
  // How many playouts a quarter second gives depends on the machine: the page is checked against
  // the answer the server actually gave, and then against the other form of that answer.
  const thinking = /The engine drew [hv] \d \d, by search \(it expects about [+-]?\d+(\.\d+)? ± \d+(\.\d+)? for itself over the 25 unclaimed boxes, about You \d+ – \d+ Engine at the end, after ([\d,]+) playouts\)/;
  const thin = /The engine drew [hv] \d \d, by search \(too thin to estimate the outcome: ([\d,]+) playouts\)/;
  const answers = [];
  const open = (change) => s.open('/dots?rows=5&cols=5&level=strong&first=engine&think=250', {
    setup: (page) => page.route('**/api/dots/move', async (route) => {
      const json = change(await (await route.fetch()).json());
      answers.push(json);
      route.fulfill({ json });
    }),
  });
  const status = async (page) => {
    await page.locator('#turn[data-turn="you"]').waitFor();
    return page.locator('#status').innerText();
  };
  // The server's own answer.
  const page = await open((json) => json);
  const said = await status(page);
  const real = answers.at(-1);
  // On a server still busy with an earlier test's analysis, a quarter second may give no
  // playout at all: the page must say what the server said, whatever it was.
  assert.equal(real.reason, 'search', JSON.stringify(real));
  const form = real.estimate === null ? thin : thinking;
  const playouts = said.match(form);
  assert.ok(playouts, `estimate ${real.estimate}, ${real.playouts} playouts: ${said}`);
  assert.equal(Number(playouts.at(-1).replaceAll(',', '')), real.playouts);
  // The other form: an estimate where the search was too thin, or too thin where it estimated.
  // Chosen by the first answer, not this one: the second search may come out the other way.
  const other = await open((json) => (real.estimate === null
    ? { ...json, estimate: 1.5, std_error: 2.25 }
    : { ...json, estimate: null, std_error: null }));
  const saidOther = await status(other);
  assert.match(saidOther, real.estimate === null ? thinking : thin);
  if (real.estimate === null) assert.match(saidOther, /about \+1\.5 ± 2\.25 for itself/);
  for (const p of [page, other]) assert.deepEqual(p.errors, []);
});

test('a position in the address that cannot be read is shown with its reason: no game starts', async () => {
  const page = await s.open('/dots?position=garbage');
  await page.locator('#status[data-kind="error"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /^Cannot load the position in the address: line 1, column 1: expected the number of rows N, found "garbage".*press New game\.$/);
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
  // The ASCII picture the command line reads loads too (the server's parser: the page has none).
  await load(page, '+---+   +\n|       |\n+---+---+\n');
  await page.locator('#status').filter({ hasText: 'Loaded a 1x2 position with 5 lines drawn.' }).waitFor();
  assert.equal(await page.locator('#openspiel').innerText(), '1011101');
  // A line string that does not fit the board on the page is read for the square board it fits.
  await load(page, '1'.repeat(24));
  await page.locator('#status').filter({ hasText: 'Loaded a 3x3 position with 24 lines drawn.' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('the limits come from the server (GET /api/limits), not from the page', async () => {
  const answer = await (await fetch(`${s.url}/api/limits`)).json();
  assert.equal(answer.dots.max_lines, 128);
  assert.equal(answer.dots.page_max_side, 10);
  // A server with other limits: the page follows them.
  const setup = (page) => page.route('**/api/limits', (route) =>
    route.fulfill({ json: { ...answer, dots: { ...answer.dots, max_lines: 60, page_max_side: 6, exact_lines: 30 } } }));
  const page = await s.open('/dots?rows=6&cols=6&level=greedy&analyse=1', { setup });
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#cols option').count(), 6);
  assert.equal(await page.locator('#cols').inputValue(), '6');
  assert.match(await page.locator('label[for="think"]').getAttribute('title'), /at most 30 lines are undrawn/);
  // Why a value is only an estimate is the server's word (its report), not the page's: the
  // real solver takes 6x6, so the answer is the solve's or the search's, never "beyond".
  await page.locator('#value[data-state="exact"], #value[data-state="estimate"]').waitFor();
  await load(page, ['7 6', ...Array(8).fill('000000'), ...Array(7).fill('0000000')].join('\n'));
  await page.locator('#status[data-kind="error"]').filter({ hasText: /the page plays boards of 1 to 6 boxes a side, not 7x6/ }).waitFor();
  await load(page, ['5 5', ...Array(6).fill('00000'), ...Array(5).fill('000000')].join('\n'));
  await page.locator('#status').filter({ hasText: 'Loaded a 5x5 position with 0 lines drawn.' }).waitFor();
  assert.deepEqual(page.errors, []);
});

test('what the address asks for and the page cannot do stays said: a link that stops early, a size too large or no size', async () => {
  // Move 3 (999) is no line: the game stops before it, and the engine's reply to move 2 does
  // not take the warning away.
  const page = await s.open('/dots?rows=3&cols=3&level=greedy&moves=0.0.999');
  await page.locator('#board g.edge[data-owner="engine"]').waitFor();
  await page.locator('#turn[data-turn="you"]').waitFor();
  await page.locator('#status').filter({ hasText: /^The engine drew/ }).waitFor();
  assert.equal(await page.locator('#address-note').innerText(), 'The address: move 2 (0) is not an undrawn line of this 3x3 game: the game stops before it.');
  // New game starts afresh: the note goes.
  await page.locator('#new-game').click();
  await page.locator('#address-note').waitFor({ state: 'hidden' });

  const limits = await (await fetch(`${s.url}/api/limits`)).json();
  const max = limits.dots.page_max_side;
  const big = await s.open('/dots?rows=99&cols=2&level=greedy');
  await big.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await big.locator('#board').getAttribute('data-rows'), String(max));
  assert.equal(await big.locator('#address-note').innerText(), `The address: rows=99 is reduced to ${max}: this page plays boards of 1 to ${max} boxes a side (larger ones do not fit a window).`);
  const none = await s.open('/dots?rows=x&cols=0&moves=0&level=greedy');
  await none.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await none.locator('#board').getAttribute('data-rows'), '3');
  assert.match(await none.locator('#address-note').innerText(), /^The address: rows=x is not a number of boxes from 1 to \d+: 3 instead; cols=0 is not a number of boxes from 1 to \d+: 3 instead; its game \(1 move\) is for another board and is not played\.$/);
  assert.equal(await drawnCount(none), 0);
  for (const p of [page, big, none]) assert.deepEqual(p.errors, []);
});

test('an analysis too thin to estimate says so instead of a number, and so does each move', async () => {
  // The server's report, made too thin as on a board far larger than the search can sample
  // (the page plays at most 10x10, which a second of search estimates).
  const thin = { missing: 'too-thin', message: 'too few playouts to estimate: an estimate needs at least 10 through a move, with a standard error of at most 10% of the boxes unclaimed' };
  const setup = (page) => page.route('**/api/dots/solve', async (route) => {
    const json = await (await route.fetch()).json();
    const moves = (json.moves ?? []).map((m, i) => (i === 0 ? m : { ...m, value: thin, std_error: undefined, playouts: 1 }));
    route.fulfill({ json: { ...json, value: thin, std_error: undefined, moves } });
  });
  const page = await s.open('/dots?rows=5&cols=5&analyse=1&budget=1000', { setup });
  const value = page.locator('#value[data-state="too-thin"]');
  await value.waitFor();
  assert.match(await value.innerText(), /^Too thin to estimate for you \(to move\): .* playouts, too few playouts to estimate: an estimate needs at least 10 through a move, with a standard error of at most 10% of the boxes unclaimed\. A bigger budget gives more playouts\.$/);
  assert.equal(await value.getAttribute('data-value'), '');
  const rows = page.locator('#move-values tbody tr');
  assert.ok(await rows.count() >= 2);
  assert.match(await rows.nth(1).innerText(), /too thin \(1 playout\)/);
  assert.deepEqual(page.errors, []);
});

test('line names and position texts are the server\'s: the page prints no format of its own', async () => {
  // The replay's names and texts, marked: the page shows what the server says, whatever it is.
  const setup = (page) => page.route('**/api/dots/replay', async (route) => {
    const json = await (await route.fetch()).json();
    route.fulfill({ json: { ...json, names: json.names.map((n) => `«${n}»`), texts: { olympiad: `server:${json.texts.olympiad}`, openspiel: `server:${json.texts.openspiel}` } } });
  });
  const page = await s.open('/dots?rows=2&cols=2&level=greedy', { setup });
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await edge(page, 6).getAttribute('data-name'), '«v 0 0»');
  assert.equal(await edge(page, 6).getAttribute('aria-label'), 'line «v 0 0»');
  assert.equal(await page.locator('#openspiel').textContent(), 'server:000000000000');
  assert.match(await page.locator('#position-text').textContent(), /^server:2 2\n00\n/);
  await edge(page, 0).click();
  await page.locator('#status').filter({ hasText: /^The engine drew «[hv] \d \d»/ }).waitFor();
  assert.match(await page.locator('#openspiel').textContent(), /^server:1/);
  assert.deepEqual(page.errors, []);
});

test('the engine\'s own estimate and the analysis\'s are told apart, each with its playouts', async () => {
  // 5x5: the strong engine moves first by search; the analysis of the position after it is an
  // estimate too. The panel sets the engine's beside its own and says which is surer.
  const page = await s.open('/dots?rows=5&cols=5&level=strong&first=engine&think=250&analyse=1&budget=1000', { setup: estimated });
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.match(await page.locator('#status').innerText(), /by search \(it expects about/);
  await page.locator('#value[data-state="estimate"]').waitFor();
  const note = page.locator('#engine-estimate');
  assert.match(await note.innerText(), /^About You \d+ – \d+ Engine was the engine's own estimate with its move \(its search, [\d,]+ playouts\); this analysis's search \([\d,]+ playouts\) (agrees|expects You \d+ – \d+ Engine)\. /);
  assert.match(await note.innerText(), /estimates by sampling, not proofs/);
  if (await note.getAttribute('data-kind') === 'differs') assert.match(await note.innerText(), /is the surer\.$/);
  // Your move and the engine's reply: the note follows, with the engine's estimate for the
  // position now on show (the one with its newest move).
  const before = Number(await note.getAttribute('data-at'));
  await page.locator('#board g.edge.playable').first().click();
  await page.locator('#turn[data-turn="you"]').waitFor();
  await page.locator('#value[data-state="estimate"]').waitFor();
  if (/by search/.test(await page.locator('#status').innerText())) {
    await page.waitForFunction((old) => Number(document.getElementById('engine-estimate')?.dataset.at) > old, before);
  }
  assert.deepEqual(page.errors, []);
});

test('on a phone (390x844) the move table is not cut off', async () => {
  const page = await s.open('/dots?rows=2&cols=2&analyse=1', { width: 390, height: 844 });
  await page.locator('#value[data-state="exact"]').waitFor();
  const table = page.locator('#move-values');
  await table.scrollIntoViewIfNeeded();
  const fits = await table.evaluate((t) => ({ table: t.getBoundingClientRect().right, box: t.parentElement.clientWidth, width: t.scrollWidth }));
  assert.ok(fits.table <= 390 && fits.width <= fits.box, `the table's right edge at ${fits.table} px, ${fits.width} px wide in a ${fits.box} px box`);
  assert.equal(await page.locator('#move-values thead th:last-child').isVisible(), true);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390, 'the page does not scroll sideways');
  await s.screenshot(page, 'dots-390x844');
  assert.deepEqual(page.errors, []);
});
