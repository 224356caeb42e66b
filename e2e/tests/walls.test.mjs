import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { session, assertInWindow } from '../harness.mjs';

let s;
before(async () => { s = await session(); });
after(async () => { await s?.close(); });

const SAMPLE_3 = '4 5\nX....\n...X.\n.....\n.....\n';

async function analyze(moves) {
  const res = await fetch(`${s.url}/api/walls/analyze`, { method: 'POST', body: JSON.stringify({ board: SAMPLE_3, moves }) });
  assert.equal(res.status, 200);
  return res.json();
}

async function newGame(page, kind, first = 'you') {
  await page.selectOption('#kind', kind);
  await page.selectOption('#first', first);
  await page.click('#new');
}

/** The moves listed in the panel, as [row, col]. */
async function movesShown(page) {
  const items = await page.locator('#moves li').allInnerTexts();
  return items.map((t) => t.match(/\((\d+), (\d+)\)/).slice(1).map(Number));
}

test('contest sample 3: the values, the winning moves and a move with the engine reply', async () => {
  const page = await s.open('/walls');
  await newGame(page, 'sample');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  // The contest answer for sample 3 is "First": Grundy value 1, seven winning moves.
  assert.equal(await page.getAttribute('#grundy', 'data-grundy'), '1');
  await page.check('#show-wins');
  const winning = await page.locator('[data-winning="1"]').evaluateAll((els) => els.map((e) => e.dataset.cell));
  assert.deepEqual(winning.sort(), ['0,1', '0,2', '0,3', '1,2', '2,2', '3,1', '3,2']);
  assert.equal(await page.locator('circle.win').count(), 7);
  assert.match(await page.locator('#wins').innerText(), /Winning moves for you: \(0, 1\)/);
  // Marked cells cannot be chosen.
  await page.click('[data-cell="0,0"]');
  await page.locator('#status').filter({ hasText: 'marked' }).waitFor();
  assert.equal(await page.locator('#moves li').count(), 0);

  await page.click('[data-cell="2,2"]');
  await page.locator('#moves li').nth(1).waitFor();
  await page.locator('#status').filter({ hasText: /Your move|win/ }).waitFor();
  const moves = await movesShown(page);
  assert.deepEqual(moves[0], [2, 2]);
  // The board and the panel show what the server says about the position after both moves.
  const truth = await analyze(moves);
  assert.equal(truth.mover_wins, true, 'after a winning move and any reply, the player to move wins again');
  const walls = await page.locator('[data-state="wall"]').evaluateAll((els) => els.map((e) => e.dataset.cell).sort());
  assert.deepEqual(walls, truth.walls.map(([r, c]) => `${r},${c}`).sort());
  assert.ok(walls.includes('2,0') && walls.includes('0,2'), 'the wall ran across row 2 and up column 2');
  const parts = await page.locator('rect.part').evaluateAll((els) => els.map((e) => Number(e.dataset.grundy)));
  assert.deepEqual(parts, truth.parts.map((p) => p.grundy));
  assert.equal(await page.getAttribute('#grundy', 'data-grundy'), String(truth.grundy));
  assert.equal(await page.locator('#parts tbody tr').count(), truth.parts.length);
  await s.screenshot(page, 'walls');

  // Undo takes back the engine's reply and the player's move.
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves li').length === 0);
  assert.equal(await page.locator('[data-state="wall"]').count(), 0);
  assert.equal(await page.getAttribute('#grundy', 'data-grundy'), '1');
  assert.deepEqual(page.errors, []);
});

test('a whole game on an empty 2x2 board with the engine first: the result is shown', async () => {
  const page = await s.open('/walls');
  await page.selectOption('#kind', 'empty');
  await page.fill('#rows', '2');
  await page.fill('#cols', '2');
  await newGame(page, 'empty', 'engine');
  // The engine opens; play free cells until the game ends, then the result must be shown.
  for (let turn = 0; turn < 4; turn++) {
    await page.locator('#status').filter({ hasText: /Your move|win/ }).waitFor();
    const text = await page.locator('#status').innerText();
    if (/win/.test(text)) break;
    await page.locator('[data-state="free"]').first().click();
    await page.waitForFunction((n) => document.querySelectorAll('#moves li').length > n, turn * 2 + 1);
  }
  const result = await page.locator('#status').innerText();
  const moves = await movesShown(page);
  // The server confirms the game is over; the loser is the player to move.
  const truth = await fetch(`${s.url}/api/walls/analyze`, { method: 'POST', body: JSON.stringify({ board: '2 2\n..\n..\n', moves }) }).then((r) => r.json());
  assert.equal(truth.over, true);
  const youToMove = moves.length % 2 === 1; // the engine moved first
  assert.match(result, youToMove ? /The engine wins/ : /You win/);
  assert.deepEqual(page.errors, []);
});

test('a board from text: a bad board is refused with the reason', async () => {
  const page = await s.open('/walls');
  await page.selectOption('#kind', 'text');
  await page.fill('#text', '2 2\n.a\n..\n');
  await page.click('#new');
  await page.locator('#status.error').filter({ hasText: "row 1 has 'a'" }).waitFor();
  await page.fill('#text', '1 3\n.X.\n');
  await page.click('#new');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator('[data-state="marked"]').count(), 1);
  // The refusal is a message, not a failed request in the console (X-Soft-Errors).
  assert.deepEqual(page.errors, []);
});

test('keyboard play: arrows move the cursor, Enter plays; the verdict speaks to you', async () => {
  const page = await s.open('/walls');
  await newGame(page, 'sample');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.match(await page.locator('#xor').innerText(), /You are to move and win with perfect play\./);
  await page.focus('#board');
  // From (0, 0) to (2, 2): two steps down, two right; Enter plays it.
  for (const k of ['ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await page.keyboard.press(k);
  assert.equal(await page.locator('.cell.preview-origin').getAttribute('data-cell'), '2,2');
  await page.keyboard.press('Enter');
  await page.locator('#moves li').nth(1).waitFor();
  assert.deepEqual((await movesShown(page))[0], [2, 2]);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'board', 'the board keeps the focus');
  assert.deepEqual(page.errors, []);
});

test('on a 32x32 board the corner cell under a value badge can be clicked', async () => {
  const page = await s.open('/walls');
  await page.selectOption('#kind', 'empty');
  await page.fill('#rows', '32');
  await page.fill('#cols', '32');
  await newGame(page, 'empty');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator('.part-label').count(), 1);
  await page.click('[data-cell="0,0"]');
  await page.locator('#moves li').nth(1).waitFor();
  assert.deepEqual((await movesShown(page))[0], [0, 0]);
  assert.deepEqual(page.errors, []);
});

test('the size fields show the size of the board to be played: the sample\'s, greyed, then yours again', async () => {
  const page = await s.open('/walls');
  const size = async () => [await page.locator('#rows').inputValue(), await page.locator('#cols').inputValue()];
  assert.deepEqual(await size(), ['6', '8']);
  await page.selectOption('#kind', 'sample');
  assert.deepEqual(await size(), ['4', '5']);
  assert.equal(await page.locator('#rows').isDisabled(), true);
  await page.selectOption('#kind', 'text');
  await page.fill('#text', '3 7\n.......\n.......\n.......\n');
  assert.deepEqual(await size(), ['3', '7']);
  await page.selectOption('#kind', 'random');
  assert.deepEqual(await size(), ['6', '8']);
  assert.equal(await page.locator('#rows').isDisabled(), false);
  assert.deepEqual(page.errors, []);
});

test('the page and its error messages agree on the largest board, the server\'s (GET /api/limits)', async () => {
  const { walls } = await (await fetch(`${s.url}/api/limits`)).json();
  const page = await s.open('/walls');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator('#rows').getAttribute('max'), String(walls.max_side));
  assert.equal(await page.locator('#cols').getAttribute('max'), String(walls.max_side));
  await page.selectOption('#kind', 'text');
  await page.fill('#text', `${walls.max_side + 8} 3\n`);
  await page.click('#new');
  await page.locator('#status.error').waitFor();
  assert.match(await page.locator('#status').innerText(), new RegExp(`the number of rows H must be between 1 and ${walls.max_side}, got ${walls.max_side + 8}`));
  assert.deepEqual(page.errors, []);
});

test('at 1280x800 a 32x32 board is wholly in the window', async () => {
  const page = await s.open('/walls', { width: 1280, height: 800 });
  await page.fill('#rows', '32');
  await page.fill('#cols', '32');
  await newGame(page, 'random');
  await page.locator('#walls-board[data-rows="32"]').waitFor();
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  await assertInWindow(page, '#walls-board');
  await assertInWindow(page, '#status');
  await s.screenshot(page, 'walls-32x32-1280x800', { fullPage: false });
  assert.deepEqual(page.errors, []);
});

test('a server that does not answer is named as such', async () => {
  const page = await s.open('/walls');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  await page.route('**/api/walls/analyze', (route) => route.abort('connectionrefused'));
  await page.click('#new');
  await page.locator('#status.error').waitFor();
  assert.match(await page.locator('#status').innerText(), /^Cannot start: the server is not answering .*The previous game is still on the board\.$/);
  assert.deepEqual(page.errors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)), []);
});

test('a size the server does not play is said to be reduced, and stays said until the next game', async () => {
  const { walls } = await (await fetch(`${s.url}/api/limits`)).json();
  const page = await s.open('/walls');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator('#size-note').isVisible(), false);
  await page.selectOption('#kind', 'empty');
  await page.fill('#rows', String(walls.max_side + 8));
  await page.fill('#cols', '3');
  await page.click('#new');
  await page.locator(`#walls-board[data-rows="${walls.max_side}"][data-cols="3"]`).waitFor();
  assert.equal(await page.locator('#size-note').innerText(),
    `Rows ${walls.max_side + 8} is not from 1 to ${walls.max_side} (the server plays boards up to ${walls.max_side}×${walls.max_side}): ${walls.max_side} instead.`);
  await page.click('#new');
  await page.locator('#size-note').waitFor({ state: 'hidden' });
  assert.deepEqual(page.errors, []);
});

test('one rectangle\'s value is just the value, and a marked cell walled in is no rectangle', async () => {
  const page = await s.open('/walls');
  await page.selectOption('#kind', 'text');
  // Contest sample 2: one rectangle of value 2; its winning move (1, 1) leaves the marked
  // corner walled in, with no move in it.
  await page.fill('#text', '2 2\nX.\n..\n');
  await page.click('#new');
  await page.locator('#status').filter({ hasText: 'Your move' }).waitFor();
  assert.equal(await page.locator('#grundy').innerText(), '2');
  assert.equal(await page.locator('#parts tbody tr').count(), 1);
  await page.click('[data-cell="1,1"]');
  await page.locator('#status').filter({ hasText: 'You win' }).waitFor();
  assert.equal(await page.locator('#parts tbody tr').count(), 0);
  assert.equal(await page.locator('rect.part').count(), 0);
  assert.equal(await page.locator('#grundy').innerText(), '0 (no move left)');
  assert.equal(await page.locator('[data-cell="0,0"]').getAttribute('data-state'), 'marked');
  assert.deepEqual(page.errors, []);
});
