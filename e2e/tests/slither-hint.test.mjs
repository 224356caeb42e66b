// The Slitherlink page's hints: every hint decides new edges and shows its reasoning (the
// API's words, its chain of steps, where each step looked), a trial says what it supposes, a
// contradiction says what breaks and where, and repeated hints finish a puzzle that needs a
// trial. What the page shows is compared with the API's answer it received.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { slitherSession, edge, openPuzzle } from '../slither.mjs';

/** docs/API.md's generated 5x5 puzzle: deductions with learned facts, then one trial, finish it. */
const NEEDS_TRIAL = 'https://puzz.link/p?slither/5/5/gbc51bg11ai3c';

let s;
before(async () => ({ s } = await slitherSession()));
after(() => s?.close());

/** Presses Hint and waits until the page has shown the answer; resolves to the API's answer
 * as the page received it. A step adds one entry to the list; any other answer sets the
 * status line's verdict to its status. */
async function nextHint(page) {
  const n = await page.locator('#hints li').count();
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/api/slither/hint'),
    page.locator('#hint').click(),
  ]);
  const res = await response.json();
  if (res.status === 'step') await page.locator(`#hints li:nth-child(${n + 1})`).waitFor();
  else await page.locator(`#status[data-verdict=${res.status}]`).waitFor();
  return res;
}

/** Presses Hint until an answer meets `wanted` (each must be a step); resolves to it. */
async function hintUntil(page, wanted) {
  for (let i = 0; i < 200; i++) {
    const res = await nextHint(page);
    assert.equal(res.status, 'step', `hint ${i + 1}: ${await page.locator('#status').innerText()}`);
    if (wanted(res)) return res;
  }
  throw new Error('no such hint in 200');
}

const sorted = (list) => list.map((x) => JSON.stringify(x)).sort();
/** The places highlighted as where a hint looked, as the API lists them (sorted). */
async function looked(page) {
  const read = (selector, key) => page.locator(selector).evaluateAll((els, k) => els.map((e) => e.dataset[k]), key);
  const pair = (text) => text.split(',').map(Number);
  return {
    cells: sorted((await read('#board .cell.look', 'cell')).map(pair)),
    dots: sorted((await read('#board .dot.look', 'dot')).map(pair)),
    edges: sorted((await read('#board .edge.look', 'edge')).map(Number)),
  };
}
const places = (p) => ({ cells: sorted(p.cells), dots: sorted(p.dots), edges: sorted(p.edges) });
const decided = async (page) => {
  const board = page.locator('#board');
  return Number(await board.getAttribute('data-lines')) + Number(await board.getAttribute('data-crosses'));
};

test('repeated hints from an empty board solve a puzzle that needs a trial; each decides new edges and none repeats', async () => {
  const page = await openPuzzle(s, NEEDS_TRIAL);
  const total = await page.locator('#board [data-edge]').count();
  const texts = new Set(), entries = new Set();
  let done = 0, trials = 0;
  while (done < total) {
    const res = await nextHint(page);
    assert.equal(res.status, 'step', `after ${texts.size} hints: ${await page.locator('#status').innerText()}`);
    assert.ok(res.fixed.length >= 1, `hint ${texts.size + 1} decides no edge`);
    const now = await decided(page);
    assert.equal(now, done + res.fixed.length, `hint ${texts.size + 1} decides only new edges, and the page applies them`);
    done = now;
    const entry = page.locator('#hints li').last();
    const shown = await entry.innerText();
    assert.equal(await entry.getAttribute('data-text'), res.text);
    assert.ok(!texts.has(res.text), `hint ${texts.size + 1} repeats: ${res.text}`);
    assert.ok(!entries.has(shown), `the list repeats itself: ${shown}`);
    texts.add(res.text);
    entries.add(shown);
    if (res.depth > 0) trials++;
  }
  assert.ok(trials >= 1, 'the puzzle needs a trial');
  await page.locator('#status[data-verdict=solved]').waitFor();
  assert.equal(await page.locator('#solved').isVisible(), true);
  assert.equal(await page.locator('#hints li').count(), texts.size, 'one entry per hint');
  assert.deepEqual(page.errors, []);
});

test('a hint with facts learned first shows every step; each step highlights where it looked', async () => {
  const page = await openPuzzle(s, NEEDS_TRIAL);
  const res = await hintUntil(page, (r) => r.steps.length > 1);
  const items = page.locator('#hint-steps li');
  assert.equal(await items.count(), res.steps.length);
  // The steps, not the whole sentence again beside them.
  assert.ok(!(await page.locator('#hint-now').innerText()).includes(res.text.slice(1)), 'the reasoning is shown twice');
  for (const [i, step] of res.steps.entries()) {
    const item = items.nth(i);
    const words = await item.innerText();
    assert.ok(words.includes(step.at), `step ${i + 1} says where: ${words}`);
    for (const fact of step.learned) assert.ok(words.includes(`learned ${fact}`), `step ${i + 1} says what it learned: ${words}`);
    assert.equal(await item.getAttribute('data-kind'), i < res.steps.length - 1 ? 'fact' : 'fixed');
  }
  assert.equal(await page.locator('#hints li').last().getAttribute('data-facts'), String(res.steps.length - 1));
  assert.match(await page.locator('#status').innerText(), /, from \d+ facts? learned first \(in green/);

  // The hint as a whole: every place it looked at, until the marks change.
  assert.deepEqual(await looked(page), places(res));
  // Pointing at a step shows its own places (some step looked at less than the whole hint).
  assert.ok(res.steps.some((step) => JSON.stringify(places(step)) !== JSON.stringify(places(res))));
  for (const [i, step] of res.steps.entries()) {
    await items.nth(i).hover();
    assert.deepEqual(await looked(page), places(step), `step ${i + 1} pointed at`);
  }
  await page.mouse.move(0, 0);
  assert.deepEqual(await looked(page), places(res));
  // The keyboard too: focus on a step shows it, focus elsewhere brings the whole hint back.
  await items.first().focus();
  assert.deepEqual(await looked(page), places(res.steps[0]));
  await page.locator('#hint').focus();
  assert.deepEqual(await looked(page), places(res));

  // A change of the marks ends the highlight, as it ends Check's.
  const free = await page.locator('#board .edge[data-state=empty]').first().getAttribute('data-edge');
  await edge(page, free).click();
  assert.deepEqual(await looked(page), places({ cells: [], dots: [], edges: [] }));
  assert.deepEqual(page.errors, []);
});

test('a trial hint says what it supposes and what follows, and highlights the edge assumed', async () => {
  const page = await openPuzzle(s, NEEDS_TRIAL);
  const res = await hintUntil(page, (r) => r.depth > 0);
  const trial = page.locator('#hint-steps li[data-kind=trial]');
  assert.equal(await trial.count(), 1);
  const words = await trial.innerText();
  assert.ok(words.startsWith(`Trial, depth ${res.depth}, on ${res.at}: suppose `), words);
  assert.match(words, /so it is a (line|cross)$/);
  assert.match(await page.locator('#status').innerText(), new RegExp(`^Hint: Trial, depth ${res.depth}, on `));
  assert.equal(await page.locator('#hints li').last().getAttribute('data-depth'), String(res.depth));
  assert.deepEqual(await looked(page), places(res));
  const assumed = res.fixed[0].edge;
  assert.ok(res.edges.includes(assumed), 'the API lists the edge assumed among the places');
  assert.match(await edge(page, assumed).getAttribute('class'), /\bhinted\b/);
  assert.deepEqual(page.errors, []);
});

test('marks that break a clue: the hint says what breaks and highlights where', async () => {
  // A 3x3 puzzle with only a 0 in a corner has many solutions: no single solution says which
  // mark is wrong, so the hint reports the deductions' contradiction.
  const page = await openPuzzle(s, '3 3\n. . .\n. . .\n. . 0\n');
  await edge(page, 8).click(); // the top side of the 0 at cell (2, 2)
  const res = await nextHint(page);
  assert.equal(res.status, 'contradiction');
  assert.ok(res.cells.length + res.dots.length + res.edges.length > 0, 'the API says where');
  const said = await page.locator('#status').innerText();
  assert.ok(said.includes(res.text), `${said} / ${res.text}`);
  assert.match(said, /^No hint: your marks are part of no solution: .* \(in red\)/);
  const bad = async (kind, key) => sorted((await page.locator(`#board .${kind}.bad`).evaluateAll((els, k) => els.map((e) => e.dataset[k]), key))
    .map((t) => (kind === 'edge' ? Number(t) : t.split(',').map(Number))));
  assert.deepEqual({ cells: await bad('cell', 'cell'), dots: await bad('dot', 'dot'), edges: await bad('edge', 'edge') }, places(res));
  assert.equal(await page.locator('#hints li').count(), 0, 'no hint was given');
  // Undo removes the mark and the highlight.
  await page.locator('#undo').click();
  assert.equal(await page.locator('#board .bad').count(), 0);
  assert.deepEqual(page.errors, []);
});
