// The Islands page: play against the engine on a generated board, or watch two bots.
//
// The API is the authority on everything the rules decide: the board comes from
// /api/islands/generate, every region the player builds is judged by /api/islands/legal (its
// reason is shown as it stands), the engine's and bots' moves and the game status (ongoing, the
// player to move has no move, draw) come from /api/islands/move. The page keeps what the API's
// board does not say: who painted which region (the API only says `B`), the numbers under the
// paint, the move list for undo, and the selection.
import { api, h, svg, say, fitBoard, serverLimits } from './common.js';

const CELL = 40; // SVG units per cell
const PAD = 3; // SVG units around the grid, so outlines on the border are not clipped
const PREVIEW_DELAY_MS = 60; // debounce of the legality preview while dragging
const SOLVE_MS = 5000;
/** The bots and the generator's presets, as the engine names them (GET /api/limits). */
const limits = (await serverLimits()).islands;
const LEVELS = limits.levels;
const PRESETS = limits.presets.map((p) => p.name);

const $ = (id) => document.getElementById(id);
const key = (r, c) => `${r},${c}`;
const isNumber = (token) => /^[0-9]+$/.test(token);

const els = {
  controls: $('controls'), preset: $('preset'), seed: $('seed'), randomSeed: $('random-seed'),
  newBoard: $('new'), restart: $('restart'), mode: $('mode'), playControls: $('play-controls'),
  watchControls: $('watch-controls'), level: $('level'), first: $('first'), bot1: $('bot1'),
  bot2: $('bot2'), step: $('step'), autoplay: $('autoplay'), speed: $('speed'), think: $('think'),
  shown: $('shown'), wrap: $('board-wrap'), turn: $('turn'), status: $('status'), score: $('score'),
  preview: $('preview'), regionBox: $('region-box'), paint: $('paint'), clear: $('clear'), undo: $('undo'), retry: $('retry'),
  solve: $('solve'), solveResult: $('solve-result'), log: $('log'),
};

/** Everything about the game on screen. Sides: 0 moves first, 1 second. */
const game = {
  preset: 'small', seed: 0, requestedSeed: 0, n: 0,
  initial: [], // the generated grid (rows of tokens)
  numbers: new Map(), // "r,c" -> the number there at the start (drawn under the paint too)
  grid: [], // the current grid: '#', 'B' or a number
  moves: [], // { side, cells: [[r, c]], number, at: [r, c] }
  mode: 'play',
  human: 0, // the player's side in play mode
  over: null, // null, or { winner: side | null (a draw), text }
  epoch: 0, // bumped by every new game/restart/undo: answers for an older epoch are dropped
  thinking: false,
  engineFailed: false,
  playing: false, // watch mode autoplay
  selection: [], // [[r, c]] in the order built
  selectionFromDrag: false,
  verdict: null, // { legal, reason } for the current selection, null while unknown
  hint: null, // cells of the exact solver's best move
  cursor: [0, 0],
};

// ---------------------------------------------------------------- the board state

function boardText(grid) {
  return `${grid.length}\n${grid.map((row) => row.join(' ')).join('\n')}\n`;
}

function paintCells(grid, cells) {
  for (const [r, c] of cells) grid[r][c] = 'B';
}

function inside(r, c) {
  return r >= 0 && c >= 0 && r < game.n && c < game.n;
}

function neighbours(r, c) {
  return [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([a, b]) => inside(a, b));
}

function touchesPaint(grid, r, c) {
  return neighbours(r, c).some(([a, b]) => grid[a][b] === 'B');
}

/** Cells that can still be painted: unpainted and sharing no side with paint. */
function free(grid, r, c) {
  return grid[r][c] !== 'B' && !touchesPaint(grid, r, c);
}

/** Numbers that can still be painted: a number is dead once its cell touches paint or the free
 * cells it can reach without crossing another number are fewer than it (a connected room of at
 * least k cells always holds a connected region of k cells containing the number: a prefix of a
 * breadth-first order). Shown only as a help; the API decides the game. */
function liveNumbers(grid) {
  const live = new Set();
  for (let r = 0; r < game.n; r++) {
    for (let c = 0; c < game.n; c++) {
      const token = grid[r][c];
      if (!isNumber(token) || !free(grid, r, c)) continue;
      const k = Number(token);
      const seen = new Set([key(r, c)]);
      const queue = [[r, c]];
      for (let i = 0; i < queue.length && seen.size < k; i++) {
        for (const [a, b] of neighbours(...queue[i])) {
          if (seen.has(key(a, b)) || !free(grid, a, b) || isNumber(grid[a][b])) continue;
          seen.add(key(a, b));
          queue.push([a, b]);
        }
      }
      if (seen.size >= k) live.add(key(r, c));
    }
  }
  return live;
}

const toMove = () => game.moves.length % 2;

function sideName(side) {
  if (game.mode === 'play') return side === game.human ? 'You' : 'Engine';
  return `${side === 0 ? 'First' : 'Second'} (${side === 0 ? els.bot1.value : els.bot2.value})`;
}

/** Colour class of a side: in play mode the player is always blue. */
function sideClass(side) {
  if (game.mode === 'play') return side === game.human ? 'p1' : 'p2';
  return side === 0 ? 'p1' : 'p2';
}

function owners() {
  const map = new Map();
  for (const m of game.moves) for (const [r, c] of m.cells) map.set(key(r, c), m.side);
  return map;
}

function regionNumber(cells) {
  for (const [r, c] of cells) if (game.numbers.has(key(r, c))) return { number: game.numbers.get(key(r, c)), at: [r, c] };
  return { number: cells.length, at: cells[0] };
}

function applyMove(side, cells) {
  paintCells(game.grid, cells);
  game.moves.push({ side, cells, ...regionNumber(cells) });
  game.hint = null;
  say(els.solveResult, '', '');
  delete els.solveResult.dataset.outcome;
}

/** The game is over when the side to move has no move (`no_move`: it loses) or every number is
 * painted (`draw`); `status` is the API's, for the side to move. */
function noteStatus(status) {
  if (status === 'ongoing') return false;
  const loser = toMove();
  game.over = status === 'draw'
    ? { winner: null, text: 'Game over: a draw, every number is painted.' }
    : { winner: 1 - loser, text: `Game over: ${sideName(1 - loser)} ${game.mode === 'play' && 1 - loser === game.human ? 'win' : 'wins'}; ${sideName(loser).replace(/^./, (c) => c.toLowerCase())} ${game.mode === 'play' && loser === game.human ? 'have' : 'has'} no legal move.` };
  stopAutoplay();
  return true;
}

// ---------------------------------------------------------------- drawing

let board = null; // { svg, rects: Map, texts: Map, overlay }

function buildBoard() {
  const size = game.n * CELL + 2 * PAD;
  const rects = new Map();
  const texts = new Map();
  const cells = [];
  for (let r = 0; r < game.n; r++) {
    for (let c = 0; c < game.n; c++) {
      const rect = svg('rect', { class: 'cell', x: PAD + c * CELL, y: PAD + r * CELL, width: CELL, height: CELL, dataset: { cell: key(r, c) } });
      rects.set(key(r, c), rect);
      cells.push(rect);
      if (game.numbers.has(key(r, c))) {
        const k = game.numbers.get(key(r, c));
        const text = svg('text', { x: PAD + (c + 0.5) * CELL, y: PAD + (r + 0.5) * CELL, 'font-size': k >= 10 ? CELL * 0.45 : CELL * 0.55 }, k);
        texts.set(key(r, c), text);
        cells.push(text);
      }
    }
  }
  const overlay = svg('g', { class: 'overlay' });
  const root = svg('svg', {
    id: 'board', viewBox: `0 0 ${size} ${size}`, tabindex: 0, role: 'application',
    'aria-label': `Islands board, ${game.n} by ${game.n}. Arrow keys move the cursor, Space toggles a cell, Enter paints the selection, Escape clears it.`,
    dataset: { n: game.n },
  }, svg('g', { class: 'cells' }, cells), overlay);
  root.addEventListener('pointerdown', onPointerDown);
  root.addEventListener('pointermove', onPointerMove);
  root.addEventListener('pointerup', onPointerUp);
  root.addEventListener('pointercancel', onPointerCancel);
  root.addEventListener('keydown', onKey);
  root.addEventListener('blur', () => { game.showCursor = false; drawOverlay(); });
  // About 64 px per cell on small boards, 40rem on the largest; less when the window is low.
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  const side = Math.round(Math.min(40, Math.max(20, game.n * 2.7)) * rem);
  els.wrap.replaceChildren(root);
  fitBoard(root, side, side);
  board = { svg: root, rects, texts, overlay };
}

/** The outline of a set of cells: every cell side whose neighbour is not in the set. */
function outlinePath(cells) {
  const set = new Set(cells.map(([r, c]) => key(r, c)));
  let d = '';
  for (const [r, c] of cells) {
    const x = PAD + c * CELL, y = PAD + r * CELL;
    if (!set.has(key(r - 1, c))) d += `M${x} ${y}h${CELL}`;
    if (!set.has(key(r + 1, c))) d += `M${x} ${y + CELL}h${CELL}`;
    if (!set.has(key(r, c - 1))) d += `M${x} ${y}v${CELL}`;
    if (!set.has(key(r, c + 1))) d += `M${x + CELL} ${y}v${CELL}`;
  }
  return d;
}

function selectionClass() {
  if (!game.verdict) return '';
  return game.verdict.legal ? 'ok' : 'bad';
}

function drawOverlay() {
  if (!board) return;
  const parts = [];
  const last = game.moves.at(-1);
  if (last) parts.push(svg('path', { class: 'outline last', id: 'last-move', d: outlinePath(last.cells), dataset: { cells: last.cells.map(([r, c]) => key(r, c)).join(' ') } }));
  if (game.hint) parts.push(svg('path', { class: 'outline hint', id: 'hint', d: outlinePath(game.hint) }));
  if (game.selection.length) parts.push(svg('path', { class: `outline selection ${selectionClass()}`, d: outlinePath(game.selection) }));
  if (game.showCursor) {
    const [r, c] = game.cursor;
    parts.push(svg('rect', { class: 'cursor', x: PAD + c * CELL + 4, y: PAD + r * CELL + 4, width: CELL - 8, height: CELL - 8, rx: 4 }));
  }
  board.overlay.replaceChildren(...parts);
}

function drawCells() {
  const own = owners();
  const live = liveNumbers(game.grid);
  const selected = new Set(game.selection.map(([r, c]) => key(r, c)));
  const verdict = selectionClass();
  for (const [k, rect] of board.rects) {
    const [r, c] = k.split(',').map(Number);
    const token = game.grid[r][c];
    const painted = token === 'B';
    const classes = ['cell'];
    if (painted) classes.push('painted', sideClass(own.get(k)));
    else if (touchesPaint(game.grid, r, c)) classes.push('blocked');
    if (selected.has(k)) classes.push('sel', verdict);
    rect.setAttribute('class', classes.filter(Boolean).join(' '));
    rect.dataset.state = painted ? 'painted' : isNumber(token) ? 'number' : 'empty';
    if (painted) rect.dataset.owner = String(own.get(k) + 1);
    else delete rect.dataset.owner;
    if (selected.has(k)) rect.dataset.selected = 'true';
    else delete rect.dataset.selected;
    const text = board.texts.get(k);
    if (text) {
      const dead = !painted && !live.has(k);
      text.setAttribute('class', painted ? 'on-paint' : dead ? 'dead' : '');
      rect.dataset.number = text.textContent;
      if (painted) delete rect.dataset.live;
      else rect.dataset.live = String(!dead);
    }
  }
  return live;
}

function render() {
  if (!board) return;
  const live = drawCells();
  drawOverlay();
  const side = toMove();
  const humanTurn = game.mode === 'play' && !game.over && side === game.human && !game.thinking;
  els.turn.dataset.over = String(Boolean(game.over));
  els.turn.dataset.winner = game.over ? (game.over.winner === null ? 'draw' : String(game.over.winner + 1)) : '';
  // The game-over line takes the winner's colour (p1 is you in play mode), none for a draw.
  els.turn.dataset.colour = game.over && game.over.winner !== null ? sideClass(game.over.winner) : '';
  els.turn.dataset.toMove = game.over ? '' : String(side + 1);
  els.turn.replaceChildren(
    game.over ? `${game.moves.length} move${game.moves.length === 1 ? '' : 's'} · ` : `Move ${game.moves.length + 1} · `,
    game.over ? game.over.text : h('span', {}, h('span', { class: `swatch ${sideClass(side)}` }), `${sideName(side)} to move`),
  );
  const cellsOf = (s) => game.moves.filter((m) => m.side === s).reduce((sum, m) => sum + m.cells.length, 0);
  const regionsOf = (s) => game.moves.filter((m) => m.side === s).length;
  const unpainted = [...game.numbers.keys()].filter((k) => { const [r, c] = k.split(',').map(Number); return game.grid[r][c] !== 'B'; }).length;
  els.score.replaceChildren(
    h('table', { class: 'values' },
      h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Regions'), h('th', {}, 'Cells')),
      [0, 1].map((s) => h('tr', { dataset: { side: s + 1 } }, h('td', {}, h('span', { class: `swatch ${sideClass(s)}` }), sideName(s), game.mode === 'play' && s === 0 ? ' (first)' : ''), h('td', {}, regionsOf(s)), h('td', {}, cellsOf(s))))),
    h('p', { id: 'numbers-left' }, `Numbers: ${live.size} still paintable, ${unpainted - live.size} dead, ${game.numbers.size - unpainted} painted.`),
  );
  const canSelect = humanTurn;
  els.paint.disabled = !canSelect || game.selection.length === 0;
  els.clear.disabled = game.selection.length === 0;
  els.regionBox.hidden = game.mode !== 'play';
  els.undo.disabled = game.mode !== 'play' || game.thinking || !game.moves.some((m) => m.side === game.human);
  els.retry.hidden = !(game.mode === 'play' && game.engineFailed && !game.over && side !== game.human);
  els.retry.disabled = game.thinking;
  els.step.disabled = game.mode !== 'watch' || Boolean(game.over) || game.thinking || game.playing;
  els.autoplay.disabled = game.mode !== 'watch' || Boolean(game.over);
  els.autoplay.textContent = game.playing ? 'Pause' : 'Play';
  els.autoplay.setAttribute('aria-pressed', String(game.playing));
  els.solve.disabled = Boolean(game.over) || game.thinking || !(game.n <= 5 || live.size <= 6);
  els.log.replaceChildren(...game.moves.map((m, i) => h('li', {
    class: i === game.moves.length - 1 ? 'last' : undefined, dataset: { side: m.side + 1, cells: m.cells.map(([r, c]) => key(r, c)).join(' ') },
  }, h('span', { class: `swatch ${sideClass(m.side)}` }), `${sideName(m.side)}: the ${m.number} at (${m.at[0]}, ${m.at[1]}), ${m.cells.length} cell${m.cells.length === 1 ? '' : 's'}`)));
  els.log.scrollTop = els.log.scrollHeight; // the newest move in view, without scrolling the page
}

function showShown() {
  const passed = game.seed - game.requestedSeed;
  const note = passed <= 0 ? ''
    : passed === 1 ? ` (seed ${game.requestedSeed} was passed over: its board is decided before the first move)`
      : ` (seeds ${game.requestedSeed} to ${game.seed - 1} were passed over: their boards are decided before the first move)`;
  els.shown.replaceChildren('Board: ', h('strong', { id: 'shown-preset' }, game.preset), ` (${game.n}×${game.n}, ${game.numbers.size} number${game.numbers.size === 1 ? '' : 's'}), seed `, h('strong', { id: 'shown-seed' }, game.seed), h('span', { id: 'shown-passed' }, note));
}

// ---------------------------------------------------------------- the selection

let previewTimer = 0;
let previewSeq = 0;

function setPreview(text, legal) {
  els.preview.textContent = text;
  if (legal === undefined) delete els.preview.dataset.legal;
  else els.preview.dataset.legal = String(legal);
}

function describeVerdict(v) {
  const n = game.selection.length;
  return v.legal ? `Legal region (${n} cell${n === 1 ? '' : 's'}): release or press Paint to play it.` : `Not legal: ${v.reason}.`;
}

/** Asks the API about the current selection; answers for an older selection are dropped. */
async function judge() {
  const seq = ++previewSeq;
  const epoch = game.epoch;
  const cells = game.selection.map(([r, c]) => [r, c]);
  if (cells.length === 0) return null;
  const verdict = await api('/api/islands/legal', { board: boardText(game.grid), cells });
  if (seq !== previewSeq || epoch !== game.epoch) return null;
  game.verdict = verdict;
  setPreview(describeVerdict(verdict), verdict.legal);
  render();
  return verdict;
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewSeq++; // an answer in flight is for an older selection now
  game.verdict = null;
  if (game.selection.length === 0) {
    setPreview('', undefined);
  } else {
    setPreview(`${game.selection.length} cell${game.selection.length === 1 ? '' : 's'} selected…`, undefined);
    previewTimer = setTimeout(() => judge().catch((e) => say(els.status, e.message, 'error')), PREVIEW_DELAY_MS);
  }
  render();
}

function clearSelection() {
  game.selection = [];
  game.selectionFromDrag = false;
  schedulePreview();
}

function toggleCell(r, c) {
  // A click after a (rejected) drag starts a new selection rather than extending the drag's.
  if (game.selectionFromDrag) game.selection = [];
  game.selectionFromDrag = false;
  const i = game.selection.findIndex(([a, b]) => a === r && b === c);
  if (i >= 0) game.selection.splice(i, 1);
  else game.selection.push([r, c]);
  schedulePreview();
}

function humanCanMove() {
  return game.mode === 'play' && !game.over && !game.thinking && toMove() === game.human;
}

/** Plays the selection if the API finds it legal; otherwise shows why and paints nothing. */
async function submitSelection() {
  if (!humanCanMove() || game.selection.length === 0) return;
  clearTimeout(previewTimer);
  const epoch = game.epoch;
  const verdict = await judge().catch((e) => { say(els.status, e.message, 'error'); return null; });
  if (!verdict || epoch !== game.epoch) return;
  if (!verdict.legal) {
    say(els.status, `That region is not legal: ${verdict.reason}.`, 'error');
    return;
  }
  const cells = game.selection;
  game.selection = [];
  game.verdict = null;
  setPreview('', undefined);
  applyMove(game.human, cells);
  say(els.status, '', '');
  render();
  await engineMove();
}

// ---------------------------------------------------------------- pointer and keyboard

let drag = null; // { start: [r, c], moved: boolean, id }

function cellAt(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  const k = el?.dataset?.cell;
  return k ? k.split(',').map(Number) : null;
}

function onPointerDown(event) {
  if (event.button !== 0) return;
  const cell = cellAt(event);
  if (!cell) return;
  event.preventDefault();
  // The page focuses the board itself (the default focusing is cancelled with the pointer
  // event); the keyboard cursor shows only once the keyboard is used.
  board.svg.focus({ preventScroll: true, focusVisible: false });
  game.showCursor = false;
  game.cursor = cell;
  if (!humanCanMove()) {
    say(els.status, game.over ? game.over.text : game.mode === 'watch' ? 'Watching the bots: switch the mode to play.' : 'Wait for the engine’s move.', game.over ? '' : 'busy');
    return;
  }
  drag = { start: cell, moved: false, id: event.pointerId };
  board.svg.setPointerCapture(event.pointerId);
}

function onPointerMove(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const cell = cellAt(event);
  if (!cell) return;
  const [r, c] = cell;
  if (!drag.moved) {
    if (r === drag.start[0] && c === drag.start[1]) return;
    drag.moved = true;
    game.selection = [drag.start];
  }
  const sel = game.selection;
  const at = sel.findIndex(([a, b]) => a === r && b === c);
  if (at < 0) sel.push([r, c]);
  else if (at === sel.length - 2) sel.pop(); // back over the previous cell: undo the last step
  else return;
  game.cursor = [r, c];
  schedulePreview();
}

function onPointerUp(event) {
  if (!drag || event.pointerId !== drag.id) return;
  const { start, moved } = drag;
  drag = null;
  if (moved) {
    game.selectionFromDrag = true;
    submitSelection();
  }
  else toggleCell(...start);
}

function onPointerCancel() {
  drag = null;
}

function onKey(event) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    const [r, c] = game.cursor;
    if (inside(r + dr, c + dc)) game.cursor = [r + dr, c + dc];
    game.showCursor = true;
    drawOverlay();
  } else if (event.key === ' ') {
    if (humanCanMove()) toggleCell(...game.cursor);
  } else if (event.key === 'Enter') {
    submitSelection();
  } else if (event.key === 'Escape') {
    clearSelection();
  } else {
    return;
  }
  event.preventDefault();
}

// ---------------------------------------------------------------- engine and bots

const thinkMs = () => Number(els.think.value);

/** Asks the API for `side`'s move at `level`; plays it, or ends the game. Returns false when
 * the answer was dropped (a new game started meanwhile) or failed. */
async function askMove(side, level, label) {
  const epoch = game.epoch;
  game.thinking = true;
  render();
  say(els.status, `${label} is thinking… (${level})`, 'busy');
  try {
    const answer = await api('/api/islands/move', {
      board: boardText(game.grid), level, time_ms: thinkMs(), seed: (game.seed + game.moves.length) % 2 ** 32,
    });
    if (epoch !== game.epoch) return false;
    if (answer.cells) applyMove(side, answer.cells);
    game.grid = answer.after.grid.map((row) => [...row]);
    noteStatus(answer.after.status);
    say(els.status, game.over ? '' : answer.cells ? `${label} painted ${answer.cells.length} cell${answer.cells.length === 1 ? '' : 's'}.` : '', game.over ? '' : 'ok');
    return true;
  } catch (e) {
    if (epoch === game.epoch) say(els.status, `${label}: ${e.message}`, 'error');
    return false;
  } finally {
    if (epoch === game.epoch) {
      game.thinking = false;
      render();
    }
  }
}

async function engineMove() {
  if (game.over || game.mode !== 'play' || toMove() === game.human) return;
  game.engineFailed = false;
  const epoch = game.epoch;
  const ok = await askMove(1 - game.human, els.level.value, 'The engine');
  if (epoch !== game.epoch) return;
  if (!ok) game.engineFailed = true;
  if (!game.over && toMove() === game.human && els.status.dataset.kind !== 'error') {
    say(els.status, `${els.status.textContent} Your turn: drag a region from a number.`.trim(), 'ok');
  }
  render();
}

async function botStep() {
  if (game.over || game.mode !== 'watch' || game.thinking) return false;
  const side = toMove();
  return askMove(side, side === 0 ? els.bot1.value : els.bot2.value, sideName(side));
}

function stopAutoplay() {
  game.playing = false;
}

let autoplayRun = 0;

async function autoplay() {
  // One loop at a time: pressing Play again during the pause of an older loop ends that loop.
  const run = ++autoplayRun;
  const epoch = game.epoch;
  while (game.playing && run === autoplayRun && epoch === game.epoch && !game.over) {
    const ok = await botStep();
    if (!ok) { stopAutoplay(); break; }
    render();
    await new Promise((done) => setTimeout(done, Number(els.speed.value)));
  }
  if (run === autoplayRun && epoch === game.epoch) { game.playing = false; render(); }
}

// ---------------------------------------------------------------- games

function resetPlay() {
  game.epoch++;
  clearTimeout(previewTimer);
  game.grid = game.initial.map((row) => [...row]);
  game.moves = [];
  game.over = null;
  game.thinking = false;
  game.engineFailed = false;
  game.playing = false;
  game.selection = [];
  game.selectionFromDrag = false;
  game.verdict = null;
  game.hint = null;
  game.mode = els.mode.value;
  game.human = els.first.value === 'engine' ? 1 : 0;
  say(els.solveResult, '', '');
  delete els.solveResult.dataset.outcome;
  setPreview('', undefined);
  els.playControls.hidden = game.mode !== 'play';
  els.watchControls.hidden = game.mode !== 'watch';
}

function start(status) {
  resetPlay();
  render();
  if (noteStatus(status)) { say(els.status, ''); render(); return; }
  if (game.mode === 'play') {
    if (toMove() === game.human) say(els.status, 'Your turn: press on a number and drag over the cells of its region.', 'ok');
    else engineMove();
  } else {
    say(els.status, 'Press Step for one move, or Play to watch the game.', 'ok');
  }
}

function restart() {
  start(game.initialStatus);
}

function updateUrl() {
  const params = new URLSearchParams(location.search);
  params.set('preset', game.preset);
  params.set('seed', String(game.seed));
  params.set('mode', els.mode.value);
  history.replaceState(null, '', `${location.pathname}?${params}`);
}

async function newBoard() {
  const preset = els.preset.value;
  const seed = Number.parseInt(els.seed.value, 10);
  if (!Number.isInteger(seed) || seed < 0 || seed > 4294967295) {
    say(els.status, 'The seed must be a whole number from 0 to 4294967295.', 'error');
    return;
  }
  game.epoch++;
  const epoch = game.epoch;
  stopAutoplay();
  els.newBoard.disabled = true;
  say(els.status, 'Generating the board…', 'busy');
  try {
    const g = await api('/api/islands/generate', { preset, seed });
    if (epoch !== game.epoch) return;
    game.preset = g.preset;
    game.seed = g.seed;
    game.requestedSeed = g.requested_seed ?? g.seed;
    els.seed.value = String(g.seed);
    game.n = g.n;
    game.initial = g.grid;
    game.initialStatus = g.status;
    game.numbers = new Map();
    g.grid.forEach((row, r) => row.forEach((token, c) => { if (isNumber(token)) game.numbers.set(key(r, c), Number(token)); }));
    const firstNumber = [...game.numbers.keys()][0];
    game.cursor = firstNumber ? firstNumber.split(',').map(Number) : [0, 0];
    buildBoard();
    showShown();
    updateUrl();
    start(g.status);
  } catch (e) {
    say(els.status, `Could not generate the board: ${e.message}`, 'error');
  } finally {
    els.newBoard.disabled = false;
  }
}

function undo() {
  if (els.undo.disabled) return;
  // Back to the player's turn before their last move (the engine's reply is undone with it).
  const lastHuman = game.moves.map((m) => m.side).lastIndexOf(game.human);
  if (lastHuman < 0) return;
  const kept = game.moves.slice(0, lastHuman);
  const humanSide = game.human;
  resetPlay();
  game.human = humanSide;
  for (const m of kept) applyMove(m.side, m.cells);
  say(els.status, 'Move undone: your turn.', 'ok');
  render();
}

async function solveExact() {
  const epoch = game.epoch;
  const side = toMove();
  const result = await busyLocal(els.solve, `Solving exactly (up to ${SOLVE_MS / 1000} s)…`, () =>
    api('/api/islands/solve', { board: boardText(game.grid), time_ms: SOLVE_MS }));
  if (!result || epoch !== game.epoch) return;
  const you = game.mode === 'play' && side === game.human;
  const verb = (you ? { Win: 'win', Draw: 'draw', Loss: 'lose' } : { Win: 'wins', Draw: 'draws', Loss: 'loses' })[result.outcome] ?? result.outcome;
  game.hint = result.best;
  els.solveResult.dataset.outcome = result.outcome;
  const mover = you ? 'You are' : game.mode === 'play' ? 'The engine is' : `${sideName(side)} is`;
  say(els.solveResult, `${mover} to move and ${verb} with best play${result.best ? '; a best region is outlined in dashed green' : ''}.`, result.outcome === 'Loss' ? '' : 'ok');
  render();
}

/** Like common.js's `busy`, but reports into the solve result line and keeps the main status. */
async function busyLocal(button, text, work) {
  button.disabled = true;
  say(els.solveResult, text, 'busy');
  try {
    return await work();
  } catch (e) {
    say(els.solveResult, e.message, 'error');
    return undefined;
  } finally {
    render();
  }
}

// ---------------------------------------------------------------- wiring

function randomSeed() {
  els.seed.value = String(Math.floor(Math.random() * 1_000_000));
  newBoard();
}

/** Fills a select with `[value, text]` options and selects `value`. */
function fill(select, options, value) {
  select.replaceChildren(...options.map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
}

function init() {
  fill(els.preset, limits.presets.map((p) => [p.name, `${p.name} (${p.n}×${p.n}, numbers ${p.min}–${p.max})`]), 'small');
  const levels = LEVELS.map((l) => [l, l]);
  fill(els.level, levels, 'strong');
  fill(els.bot1, levels, 'strong');
  fill(els.bot2, levels, 'greedy');
  const params = new URLSearchParams(location.search);
  const preset = params.get('preset');
  if (PRESETS.includes(preset)) els.preset.value = preset;
  const seed = Number.parseInt(params.get('seed') ?? '', 10);
  els.seed.value = String(Number.isInteger(seed) && seed >= 0 && seed <= 4294967295 ? seed : Math.floor(Math.random() * 1_000_000));
  if (params.get('mode') === 'watch') els.mode.value = 'watch';
  for (const [name, select] of [['level', els.level], ['bot1', els.bot1], ['bot2', els.bot2]]) {
    if (LEVELS.includes(params.get(name))) select.value = params.get(name);
  }
  if (params.get('first') === 'engine') els.first.value = 'engine';
  if (['250', '500', '1000', '3000'].includes(params.get('think'))) els.think.value = params.get('think');

  // Enter in the seed field submits the form; its `change` event already asks for the board.
  els.controls.addEventListener('submit', (e) => e.preventDefault());
  els.newBoard.addEventListener('click', newBoard);
  els.randomSeed.addEventListener('click', randomSeed);
  els.preset.addEventListener('change', newBoard);
  els.seed.addEventListener('change', () => { if (els.seed.value !== String(game.seed)) newBoard(); });
  els.restart.addEventListener('click', () => { if (board) restart(); });
  els.mode.addEventListener('change', () => { if (board) { updateUrl(); restart(); } });
  els.first.addEventListener('change', () => { if (board && game.moves.length === 0 && game.mode === 'play') restart(); });
  for (const select of [els.level, els.bot1, els.bot2]) select.addEventListener('change', render);
  els.paint.addEventListener('click', submitSelection);
  els.clear.addEventListener('click', clearSelection);
  els.undo.addEventListener('click', undo);
  els.retry.addEventListener('click', engineMove);
  els.solve.addEventListener('click', solveExact);
  els.step.addEventListener('click', () => { botStep(); });
  els.autoplay.addEventListener('click', () => {
    if (game.playing) { stopAutoplay(); render(); return; }
    game.playing = true;
    render();
    autoplay();
  });
  newBoard();
}

init();
