// The Dots-and-Boxes page: play the engine by clicking lines, undo, load a position, and an
// "analyse" panel with the solver's value of the position and of every move, and the chains and
// loops of a simple endgame. The page keeps the start position and the move history; the server
// replays them (`/api/dots/replay`) into who drew each line, who owns each box and whose turn it is.
import { api, h, svg, edgeNumber, edgeAt, edgeCount, say, intParam, serverLimits, fitBoard } from './common.js';

const limits = (await serverLimits()).dots;
/** The exact solver (the analysis, and the engine's exact play) works on boards of at most this
 * many lines; on larger ones the strong engine searches without it. */
const MAX_LINES = limits.max_lines;
/** The basic level searches exactly only with at most this many undrawn lines, or when no safe
 * line is left; before that it plays by chain rules at once. */
const EXACT_LINES = limits.exact_lines;
/** The page offers boards of 1 to SIDES boxes a side, rows and columns chosen apart. */
const SIDES = limits.page_max_side;
const MARGIN = 26;
/** Thickness of a line's clickable band, in board units. */
const HIT = 26;
const NAMES = { you: 'You', engine: 'Engine' };
const other = (p) => (p === 'you' ? 'engine' : 'you');

// ---- Positions: the olympiad text and the OpenSpiel line string --------------------------------

/** The olympiad text of a rows x cols board with these lines drawn: `N M`, N+1 rows of M digits
 * (horizontal lines), then N rows of M+1 digits (vertical lines). */
function olympiadText(rows, cols, drawn) {
  const out = [`${rows} ${cols}`];
  for (let r = 0; r <= rows; r++) out.push(Array.from({ length: cols }, (_, c) => (drawn.has(edgeNumber(rows, cols, 'h', r, c)) ? 1 : 0)).join(''));
  for (let r = 0; r < rows; r++) out.push(Array.from({ length: cols + 1 }, (_, c) => (drawn.has(edgeNumber(rows, cols, 'v', r, c)) ? 1 : 0)).join(''));
  return out.join('\n');
}

function lineString(rows, cols, drawn) {
  return Array.from({ length: edgeCount(rows, cols) }, (_, e) => (drawn.has(e) ? '1' : '0')).join('');
}

// ---- The game: a start position and a move history, replayed into the shown state -------------

/** [replay], with no move taken while it is on its way (`#app` is marked meanwhile). */
async function replayBlocking(game, moves) {
  replaying += 1;
  app.dataset.replaying = 'true';
  try {
    return await replay(game, moves);
  } finally {
    replaying -= 1;
    if (replaying === 0) delete app.dataset.replaying;
  }
}

/** Replays `game` (its start and `moves`, by default its history) by the engine's rule
 * (`/api/dots/replay`: a completed box moves again) into who drew each line, who owns each box,
 * the scores and who moves. Boxes already complete in the start position belong to nobody
 * (`given`). `movers` says who drew each move played; `stopped` is the first move that could not
 * be played, or null. */
async function replay(game, moves = game.history.map((m) => m.edge)) {
  const ans = await api('/api/dots/replay', { rows: game.rows, cols: game.cols, drawn: [...game.start], moves });
  const who = (side) => (side === 'first' ? game.first : side === 'second' ? other(game.first) : side === 'start' ? 'given' : null);
  const lineOwner = ans.lines.map(who);
  const [first, second] = ans.score;
  return {
    lineOwner,
    boxOwner: ans.boxes.map(who),
    score: game.first === 'you' ? { you: first, engine: second } : { you: second, engine: first },
    toMove: who(ans.to_move),
    drawn: new Set(lineOwner.flatMap((o, e) => (o === null ? [] : [e]))),
    over: ans.to_move === null,
    unclaimed: ans.unclaimed,
    movers: ans.movers.map(who),
    stopped: ans.stopped,
  };
}

/** Whether a rows x cols board is beyond the exact solver, and so the engine's search. */
const beyondSolver = (rows, cols) => edgeCount(rows, cols) > MAX_LINES;

/** What the solver's limit means for a board beyond it. */
function solverLimit(rows, cols) {
  let side = 1;
  while (edgeCount(side + 1, side + 1) <= MAX_LINES) side += 1;
  return `a ${rows}x${cols} board has ${edgeCount(rows, cols)} lines, and the exact solver handles boards of at most ${MAX_LINES} (up to ${side}x${side})`;
}

function lineName(rows, cols, e) {
  const { kind, r, c } = edgeAt(rows, cols, e);
  return `${kind} ${r} ${c}`;
}

// ---- The page ----------------------------------------------------------------------------------

const app = document.getElementById('app');
const pick = (label, id, options, value, title) => h('label', { for: id, title },
  label,
  h('select', { id }, options.map(([v, text]) => h('option', { value: v, selected: String(v) === String(value) }, text))));

const params = new URLSearchParams(location.search);
/** The engine's thinking times offered, in milliseconds (also `?think=` in the address). */
const THINK_TIMES = [250, 500, 1000, 2000, 5000];
const sizes = Array.from({ length: SIDES }, (_, i) => [i + 1, String(i + 1)]);
const ui = {
  rows: pick('Rows', 'rows', sizes, intParam('rows', 3, 1, SIDES), 'boxes down'),
  cols: pick('Columns', 'cols', sizes, intParam('cols', 3, 1, SIDES), 'boxes across'),
  level: pick('Engine level', 'level', limits.levels.map((l) => [l, l]),
    limits.levels.includes(params.get('level')) ? params.get('level') : 'strong'),
  first: pick('First move', 'first', [['you', 'you'], ['engine', 'engine']], params.get('first') === 'engine' ? 'engine' : 'you'),
  think: pick('Thinking time', 'think', THINK_TIMES.map((ms) => [ms, `${ms / 1000} s`]),
    THINK_TIMES.includes(Number(params.get('think'))) ? Number(params.get('think')) : 1000,
    `the strong level thinks this long on every move it cannot solve exactly at once; the basic level spends it only on exact searches, once at most ${EXACT_LINES} lines are undrawn or no safe line is left; on boards of more than ${MAX_LINES} lines the strong level searches for this long while safe lines remain, and the basic level answers at once by chain rules`),
};
const select = (label) => label.querySelector('select');
const newGameButton = h('button', { id: 'new-game', type: 'button' }, 'New game');
const status = h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });
const board = svg('svg', { id: 'board', role: 'group', 'aria-label': 'Dots-and-Boxes board' });
const scoreYou = h('span', { id: 'score-you', class: 'p1 score' }, '0');
const scoreEngine = h('span', { id: 'score-engine', class: 'p2 score' }, '0');
const turn = h('p', { id: 'turn', class: 'turn' });
const undoButton = h('button', { id: 'undo', type: 'button', title: 'take back your last move and the engine\'s reply' }, 'Undo');
const retryButton = h('button', { id: 'retry', type: 'button', hidden: true }, 'Ask the engine again');
const analyseBox = h('input', { id: 'analyse', type: 'checkbox', checked: params.get('analyse') === '1' });
const budget = pick('Solver budget', 'budget', [[1000, '1 s'], [3000, '3 s'], [10000, '10 s'], [30000, '30 s']], params.get('budget') ?? 3000,
  'how long the analysis may take');
const showValues = h('input', { id: 'show-values', type: 'checkbox', checked: true });
const analysis = h('section', { id: 'analysis', class: 'analysis', hidden: true, 'aria-label': 'analysis' });
const positionText = h('pre', { id: 'position-text', class: 'position' });
const openSpiel = h('code', { id: 'openspiel', class: 'openspiel' });
const loadText = h('textarea', { id: 'load-text', rows: 6, cols: 24, spellcheck: false, placeholder: '3 3\n000\n111\n…  or  0101…',
  'aria-label': 'position to load: olympiad text or OpenSpiel line string' });
const loadButton = h('button', { id: 'load', type: 'button' }, 'Load position');

app.append(
  h('div', { class: 'controls' }, ui.rows, ui.cols, ui.level, ui.first, ui.think, newGameButton),
  h('div', { class: 'layout' },
    h('div', { class: 'board' }, board),
    h('div', { class: 'panel' },
      h('p', { class: 'scores', id: 'scores' }, h('span', { class: 'p1' }, 'You '), scoreYou, ' : ', scoreEngine, h('span', { class: 'p2' }, ' Engine')),
      turn,
      status,
      h('div', { class: 'buttons' }, undoButton, retryButton),
      h('div', { class: 'analyse-controls' },
        h('label', { class: 'check', title: 'the exact value (or the search\'s estimate), the fight for control and every move\'s value, after each move' }, analyseBox, ' Analyse'),
        budget,
        h('label', { class: 'check', id: 'show-values-label' }, showValues, ' values on the board')),
      analysis,
      h('details', { id: 'position-box' },
        h('summary', {}, 'Position (copy or load)'),
        h('p', {}, 'Olympiad text:'), positionText,
        h('p', {}, 'OpenSpiel line string: ', openSpiel),
        h('p', {}, 'Paste either form, or an ASCII picture (+---+ and |), and load it (a line string is read for the rows and columns chosen above when its length fits them, else for the square board it fits); "First move" says who moves next.'),
        h('p', { id: 'address-note' }, 'The address keeps the whole game (its moves and your settings): reload the page or share the link to come back to it.'),
        loadText, h('div', {}, loadButton)))),
);

let game = null;
let view = null;
/** Replays on their way to the server: no move is taken until they are back (and `#app` is
 * marked `data-replaying`, which the tests wait on). */
let replaying = 0;
let generation = 0;
let controller = null;
/** Aborts the analysis requests of a position no longer shown: the server then stops their
 * work at once, so that it does not slow the engine's reply. */
let analysisController = new AbortController();
/** The engine level and thinking time are read at each engine move: changing them applies at once. */
const level = () => select(ui.level).value;
let engineFailed = false;
let analysisShown = null;

/** Starts a game from `start`, with `moves` already played (each by whoever is to move then:
 * the address's game); returns the index of the first move that is not an undrawn line then,
 * where the game stops, or -1. */
async function newGame(rows, cols, start = new Set(), moves = []) {
  generation += 1;
  controller?.abort();
  controller = new AbortController();
  engineFailed = false;
  game = {
    rows, cols, start,
    first: select(ui.first).value,
    // The engine's random choices: a fresh seed per game, varied per move below.
    seed: Math.floor(Math.random() * 2 ** 31),
    history: [],
  };
  // Moves that are not line numbers at all stop the list; the engine's replay stops at the first
  // line that cannot be drawn.
  const numbers = moves.findIndex((e) => !Number.isInteger(e) || e < 0);
  const played = numbers < 0 ? moves : moves.slice(0, numbers);
  const mine = generation;
  const state = await replayBlocking(game, played);
  if (mine !== generation) return -1;
  state.movers.forEach((by, i) => game.history.push({ edge: played[i], by }));
  view = state;
  buildBoard();
  await update(undefined, state);
  return state.stopped ?? numbers;
}

/** Draws the board of the current game once; `render` then only changes attributes, so the
 * keyboard focus and hover survive moves. */
function buildBoard() {
  const { rows, cols } = game;
  // Big boxes on small boards, 56 units from 8x8 on (the SVG scales down to fit the window).
  const CELL = Math.min(110, Math.max(56, Math.floor(460 / Math.max(rows, cols))));
  const [w, ht] = [cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN];
  board.setAttribute('viewBox', `0 0 ${w} ${ht}`);
  fitBoard(board, w, ht);
  board.dataset.rows = rows;
  board.dataset.cols = cols;
  const at = (r, c) => [MARGIN + c * CELL, MARGIN + r * CELL];
  const boxes = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const [x, y] = at(r, c);
      boxes.push(svg('g', { class: 'box', 'data-cell': `${r},${c}` },
        svg('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4 }),
        svg('text', { x: x + CELL / 2, y: y + CELL / 2, 'text-anchor': 'middle', 'dominant-baseline': 'central' })));
    }
  }
  const edges = [];
  const labels = [];
  for (let e = 0; e < edgeCount(rows, cols); e++) {
    const { from, to, kind } = edgeAt(rows, cols, e);
    const [x1, y1] = at(...from);
    const [x2, y2] = at(...to);
    const name = lineName(rows, cols, e);
    edges.push(svg('g', {
      class: 'edge', 'data-edge': e, 'data-name': name, role: 'button', 'aria-label': `line ${name}`,
      onclick: () => playerMove(e),
      onkeydown: (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); playerMove(e); } },
    },
    // A generous hit area: a transparent band around the line, short of the dots at its ends.
    kind === 'h'
      ? svg('rect', { class: 'hit', x: x1 + 8, y: y1 - HIT / 2, width: x2 - x1 - 16, height: HIT })
      : svg('rect', { class: 'hit', x: x1 - HIT / 2, y: y1 + 8, width: HIT, height: y2 - y1 - 16 }),
    svg('line', { class: 'stroke', x1, y1, x2, y2 })));
    const [mx, my] = [(x1 + x2) / 2, (y1 + y2) / 2];
    // A vertical line's value to its right, but to its left on the right border (it would be
    // cut off by the edge of the board).
    const leftOf = kind === 'v' && from[1] === cols;
    labels.push(svg('text', {
      class: 'value-label', 'data-edge': e, x: kind === 'h' ? mx : leftOf ? mx - 3 : mx + 3, y: kind === 'h' ? my - 7 : my,
      'text-anchor': kind === 'h' ? 'middle' : leftOf ? 'end' : 'start', 'dominant-baseline': kind === 'h' ? 'auto' : 'central',
    }));
  }
  const dots = [];
  for (let r = 0; r <= rows; r++) for (let c = 0; c <= cols; c++) dots.push(svg('circle', { class: 'dot', cx: at(r, c)[0], cy: at(r, c)[1], r: 5 }));
  board.replaceChildren(svg('g', { class: 'boxes' }, boxes), svg('g', { class: 'edges' }, edges), svg('g', { class: 'dots' }, dots),
    svg('g', { class: 'labels' }, labels));
}

/** Replays the game by the engine (unless `replayed`, its replay, is given) and shows it, then
 * starts the engine or the analysis; `announce(before)` says what the last move did. While a
 * replay is on its way no move can be made (`replaying`), and a replay overtaken by a newer
 * game, move or undo is dropped. */
async function update(announce, replayed) {
  analysisController.abort();
  analysisShown = null;
  let next = replayed;
  if (!next) {
    const [g, length] = [game, game.history.length];
    try {
      next = await replayBlocking(g);
    } catch (err) {
      if (g === game) say(status, `The server could not replay the game: ${err.message}`, 'error');
      return;
    }
    if (g !== game || length !== game.history.length) return;
  }
  const before = view;
  view = next;
  announce?.(before);
  render();
  keepInAddress();
  if (engineBusy()) {
    if (analyseBox.checked) {
      analysis.hidden = false;
      analysis.replaceChildren(h('p', { id: 'value', 'data-state': 'waiting' }, 'The engine is to move; the analysis follows its reply.'));
    }
    engineTurn();
  } else if (analyseBox.checked) analyse();
}

/** Keeps the game in the address (`?rows&cols&first&moves=` and the settings, `start=` the
 * OpenSpiel line string of a loaded start position), so that a reload or a shared link brings
 * back the same game: the moves replay with their owners, scores and undo. */
function keepInAddress() {
  const q = new URLSearchParams({
    rows: game.rows, cols: game.cols, level: level(), first: game.first, think: select(ui.think).value,
  });
  if (analyseBox.checked) q.set('analyse', '1');
  q.set('budget', budget.querySelector('select').value);
  if (game.start.size > 0) q.set('start', lineString(game.rows, game.cols, game.start));
  if (game.history.length > 0) q.set('moves', game.history.map((m) => m.edge).join('.'));
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

/** Starts the game of the address's `start` and `moves` (see `keepInAddress`), saying what it
 * is, or what is wrong with it. */
async function gameFromAddress() {
  const [rows, cols] = [Number(select(ui.rows).value), Number(select(ui.cols).value)];
  const start = params.get('start') ?? '';
  let drawn = new Set();
  if (start !== '') {
    // The engine reads the line string (the page keeps no parser of its own).
    const read = await api('/api/dots/parse', { text: start, format: 'openspiel', rows, cols }).catch((err) => err);
    if (read instanceof Error || read.rows !== rows || read.cols !== cols) {
      say(status, `The start position in the address is not a ${rows}x${cols} line string of ${edgeCount(rows, cols)} digits 0 or 1${read instanceof Error ? ` (${read.message})` : ''}: New game starts afresh.`, 'error');
      renderPanel();
      return;
    }
    drawn = new Set(read.drawn);
  }
  const moves = (params.get('moves') ?? '').split('.').filter((m) => m !== '').map(Number);
  say(status, `The game from the address: ${moves.length} move${moves.length === 1 ? '' : 's'}.`, 'ok');
  const bad = await newGame(rows, cols, drawn, moves);
  if (bad >= 0) say(status, `Move ${bad + 1} in the address (${moves[bad]}) is not an undrawn line of this ${rows}x${cols} game: it stops before it.`, 'error');
}

/** Whether the engine is (or is about to be) thinking: no analysis then, it would share the CPU. */
function engineBusy() {
  return game !== null && view.toMove === 'engine' && !engineFailed;
}

function render() {
  const { rows, cols } = game;
  // The lines of the last turn (all of an engine's captures, not only its last line).
  const by = game.history.at(-1)?.by;
  const lastTurn = new Set();
  for (let i = game.history.length - 1; i >= 0 && game.history[i].by === by; i--) lastTurn.add(game.history[i].edge);
  const playable = view.toMove === 'you';
  board.dataset.toMove = view.toMove ?? 'over';
  for (const g of board.querySelectorAll('g.edge')) {
    const e = Number(g.dataset.edge);
    const owner = view.lineOwner[e];
    g.dataset.owner = owner ?? '';
    g.classList.toggle('drawn', owner !== null);
    g.classList.toggle('last', lastTurn.has(e));
    g.classList.toggle('playable', owner === null && playable);
    // Lines out of play keep tabindex -1 (out of the Tab order, but still focusable) so that
    // the line you just drew keeps the focus while the engine thinks, instead of <body>.
    g.setAttribute('tabindex', owner === null && playable ? '0' : '-1');
    g.setAttribute('aria-label', `line ${g.dataset.name}${owner === null ? '' : owner === 'given' ? ', drawn' : `, drawn by ${NAMES[owner].toLowerCase()}`}`);
  }
  for (const g of board.querySelectorAll('g.box')) {
    const [r, c] = g.dataset.cell.split(',').map(Number);
    const owner = view.boxOwner[r * cols + c];
    g.dataset.owner = owner ?? '';
    g.querySelector('text').textContent = owner === 'you' ? 'Y' : owner === 'engine' ? 'E' : '';
  }
  if (playable) keepFocusOnBoard();
  renderPanel();
  positionText.textContent = olympiadText(rows, cols, view.drawn);
  openSpiel.textContent = lineString(rows, cols, view.drawn);
  clearValues();
}

/** When the focus is on a line out of play (the one you drew, or one the engine drew), moves
 * it to the nearest undrawn line, so that a keyboard player can move again without Tab. */
function keepFocusOnBoard() {
  const focused = document.activeElement;
  if (!focused?.matches?.('#board g.edge') || focused.classList.contains('playable')) return;
  const { rows, cols } = game;
  const mid = (e) => { const { from, to } = edgeAt(rows, cols, e); return [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]; };
  const [r0, c0] = mid(Number(focused.dataset.edge));
  let best = null;
  for (const g of board.querySelectorAll('g.edge.playable')) {
    const [r, c] = mid(Number(g.dataset.edge));
    const d = (r - r0) ** 2 + (c - c0) ** 2;
    if (best === null || d < best.d) best = { g, d };
  }
  best?.g.focus();
}

function renderPanel() {
  scoreYou.textContent = String(view?.score.you ?? 0);
  scoreEngine.textContent = String(view?.score.engine ?? 0);
  scoreYou.dataset.score = scoreYou.textContent;
  scoreEngine.dataset.score = scoreEngine.textContent;
  undoButton.disabled = !game || !game.history.some((m) => m.by === 'you');
  retryButton.hidden = !engineFailed;
  if (!game) {
    turn.textContent = 'No game';
    turn.className = 'turn';
    turn.dataset.turn = 'none';
    delete turn.dataset.result;
    return;
  }
  turn.dataset.turn = view.toMove ?? 'over';
  if (view.over) {
    const { you, engine } = view.score;
    const result = you > engine ? 'you win' : you < engine ? 'the engine wins' : 'a draw';
    turn.textContent = `Game over: ${result}, ${you}–${engine}.`;
    turn.className = `turn over ${you > engine ? 'p1' : you < engine ? 'p2' : ''}`;
    turn.dataset.result = you > engine ? 'you' : you < engine ? 'engine' : 'draw';
  } else {
    turn.textContent = view.toMove === 'you' ? 'Your move: click a line.' : `The engine (${level()}) moves.`;
    turn.className = `turn ${view.toMove === 'you' ? 'p1' : 'p2'}`;
    delete turn.dataset.result;
  }
}

function playerMove(e) {
  if (!game || replaying > 0 || view.toMove !== 'you' || view.lineOwner[e] !== null) return;
  game.history.push({ edge: e, by: 'you' });
  update((before) => {
    const gained = view.score.you - before.score.you;
    say(status, gained > 0 ? `You drew ${lineName(game.rows, game.cols, e)} and completed ${gained === 1 ? 'a box' : `${gained} boxes`}: move again.` : `You drew ${lineName(game.rows, game.cols, e)}.`, 'ok');
  });
}

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Asks the API for the engine's moves while it is the engine's turn (it moves again after
 * completing a box). A newer game, an undo or a load makes the answer stale: it is dropped. */
async function engineTurn() {
  const mine = generation;
  // The lines and boxes of this turn so far: a turn of captures is told whole.
  const turnLines = [];
  let turnBoxes = 0;
  while (mine === generation && view.toMove === 'engine') {
    const [lvl, thinkMs] = [level(), Number(select(ui.think).value)];
    say(status, `The engine is thinking… (${lvl}${lvl === 'strong' || lvl === 'basic' ? `, up to ${thinkMs / 1000} s` : ''})`, 'busy');
    let answer;
    try {
      answer = await api('/api/dots/move', {
        rows: game.rows, cols: game.cols, drawn: [...view.drawn], level: lvl,
        time_ms: thinkMs, seed: (game.seed + game.history.length) % 2 ** 31,
      }, { signal: controller.signal });
    } catch (err) {
      if (mine !== generation) return;
      engineFailed = true;
      say(status, `The engine could not move: ${err.message}`, 'error');
      renderPanel();
      return;
    }
    if (mine !== generation) return;
    if (view.lineOwner[answer.line] !== null) {
      engineFailed = true;
      say(status, `The engine answered line ${answer.line}, which is already drawn.`, 'error');
      renderPanel();
      return;
    }
    const before = view;
    game.history.push({ edge: answer.line, by: 'engine' });
    let next;
    try {
      next = await replay(game);
    } catch (err) {
      if (mine !== generation) return;
      engineFailed = true;
      say(status, `The server could not replay the game: ${err.message}`, 'error');
      renderPanel();
      return;
    }
    if (mine !== generation) return;
    view = next;
    render();
    keepInAddress();
    // Values count the boxes still unclaimed when the engine moved; the outlook adds the score.
    const over = `over the ${before.unclaimed} unclaimed box${before.unclaimed === 1 ? '' : 'es'}`;
    const how = answer.reason === 'exact' ? `, exact value ${fmt(answer.value)} for it ${over}: with best play by both, ${engineOutlook(before, answer.value, 'exact')}`
      : answer.reason === 'proven' ? `, proven worth at least ${fmt(answer.value)} for it ${over} (the exact solve ran out of time): ${engineOutlook(before, answer.value, 'at least')}`
      : answer.reason === 'heuristic' ? `, by chain rules (the exact search starts at ${EXACT_LINES} undrawn lines or when no safe line is left)`
      : answer.reason === 'search' ? `, by search (it expects about ${fmt(answer.estimate)} for itself ${over}, ${engineOutlook(before, answer.estimate, 'about')}, after ${answer.playouts.toLocaleString('en')} playouts)`
      : answer.reason === 'large-board' ? `, by chain rules and exact simple endgames (${solverLimit(game.rows, game.cols)})`
        : answer.reason === 'level' ? '' : `, ${answer.reason}`;
    turnLines.push(answer.name);
    turnBoxes += answer.completes;
    const boxes = (n) => (n === 1 ? 'a box' : `${n} boxes`);
    const lines = turnLines.length === 1 ? answer.name
      : `${turnLines.length} lines (${turnLines.join(', ')})`;
    const last = turnLines.length === 1 ? '' : `; its last, ${answer.name}${answer.completes > 0 ? `, completed ${boxes(answer.completes)}` : ''}`;
    say(status, `The engine drew ${lines}${turnBoxes > 0 ? ` and completed ${boxes(turnBoxes)}` : ''}${last}${how}.`, 'ok');
    // Let a chain of captures be seen line by line.
    if (view.toMove === 'engine') await pause(200);
  }
  if (mine === generation && analyseBox.checked) analyse();
}

/** Takes back moves up to and including your last one (the engine's replies with it). */
function undo() {
  if (!game) return;
  const lastYours = game.history.findLastIndex((m) => m.by === 'you');
  if (lastYours < 0) return;
  generation += 1;
  controller?.abort();
  controller = new AbortController();
  engineFailed = false;
  const taken = game.history.length - lastYours;
  game.history.length = lastYours;
  say(status, `Took back ${taken} move${taken === 1 ? '' : 's'}.`, 'ok');
  update();
}

// ---- Analysis -----------------------------------------------------------------------------------

const fmt = (v) => (v > 0 ? `+${v}` : String(v));

function clearValues() {
  for (const t of board.querySelectorAll('.value-label')) t.textContent = '';
  for (const g of board.querySelectorAll('g.edge')) { g.classList.remove('best'); delete g.dataset.value; }
  for (const g of board.querySelectorAll('g.box')) { g.classList.remove('highlight', 'in-component'); delete g.dataset.component; }
}

/** The solver budget and the values on the board belong to the analysis: usable only with it. */
function syncAnalyseControls() {
  const on = analyseBox.checked;
  budget.querySelector('select').disabled = !on;
  showValues.disabled = !on;
  budget.classList.toggle('muted', !on);
  document.getElementById('show-values-label').classList.toggle('muted', !on);
}

/** The words the analysis uses, said once for a newcomer. */
function glossary() {
  const words = [
    ['safe line', 'a line that does not give the other player a box: it draws no box\'s third side.'],
    ['chain', 'a run of boxes, each with two sides drawn, joined through their undrawn sides: whoever draws a line into it hands all its boxes to the other player. A long chain has 3 boxes or more; a short one, 1 or 2.'],
    ['loop', 'a chain that closes on itself: handing one out costs 4 boxes or more.'],
    ['control', 'when only chains and loops are left, the player in control makes the other open each one, and can take all but 2 boxes of a chain (all but 4 of a loop), handing those to the other to keep control: the double-dealing move.'],
    ['long chain rule', 'who gets control depends on the count of long chains: on a board whose rows and columns are both even, the first player wants an odd number, otherwise an even number (loops do not count). A rule of thumb while chains still form: a sacrifice can change the count.'],
    ['Nimstring', 'the same game in which whoever takes the last box loses: winning it is winning control, exactly. Winning control can cost more boxes than it brings, so the values have the last word.'],
    ['value', 'the net score over the boxes still unclaimed (yours minus the other player\'s) with best play by both: exact from the solver, or an estimate from the search\'s playouts (random games to the end) when the solve does not finish in the budget.'],
  ];
  return h('details', { id: 'glossary' }, h('summary', {}, 'Words used here'),
    h('dl', {}, words.flatMap(([word, meaning]) => [h('dt', {}, word), h('dd', {}, meaning)])));
}

/** The final score when `mover`, to move in `state`, nets `value` over its unclaimed boxes: the
 * mover takes (U + v) / 2 of the U unclaimed boxes. */
function finalScore(state, mover, value) {
  const u = state.unclaimed;
  const gets = (u + value) / 2;
  const final = { ...state.score };
  final[mover] += gets;
  final[other(mover)] += u - gets;
  return { final, gets, u };
}

const resultOf = (final) => (final.you > final.engine ? 'you win' : final.you < final.engine ? 'the engine wins' : 'a draw');

/** What a value means for the final score. */
function meaning(mover, value) {
  const { final, gets, u } = finalScore(view, mover, value);
  return `${mover === 'you' ? 'You take' : 'The engine takes'} ${gets} of the ${u} unclaimed box${u === 1 ? '' : 'es'} with best play by both: final score You ${final.you} – ${final.engine} Engine (${resultOf(final)}).`;
}

/** What an estimate means for the final score, in whole boxes. */
function roughMeaning(mover, value) {
  const u = view.unclaimed;
  const { final, gets } = finalScore(view, mover, 2 * Math.round((u + value) / 2) - u);
  return `${mover === 'you' ? 'You would take' : 'The engine would take'} about ${gets} of the ${u} unclaimed box${u === 1 ? '' : 'es'}: final score about You ${final.you} – ${final.engine} Engine.`;
}

/** The final score an engine's value means, from the position it moved in: `exact`, `at least`
 * (a proven lower bound: the engine's boxes first) or `about` (an estimate, rounded to whole
 * boxes). */
function engineOutlook(before, value, form) {
  const { final } = finalScore(before, 'engine', value);
  const total = before.score.you + before.score.engine + before.unclaimed;
  const engine = form === 'about' ? Math.round(final.engine) : final.engine;
  const you = total - engine;
  return form === 'at least' ? `at least Engine ${engine} – ${you} You at the end`
    : `${form === 'about' ? 'about ' : ''}You ${you} – ${engine} Engine at the end`;
}

async function analyse() {
  if (!game) return;
  const mine = generation;
  const key = `${mine}:${lineString(game.rows, game.cols, view.drawn)}:${budget.querySelector('select').value}`;
  if (analysisShown === key) return;
  analysisShown = key;
  analysisController.abort();
  analysisController = new AbortController();
  analysis.hidden = false;
  if (view.over) {
    analysis.replaceChildren(h('p', { id: 'value', 'data-state': 'over' }, 'The game is over: nothing left to analyse.'));
    return;
  }
  const mover = view.toMove;
  const timeMs = Number(budget.querySelector('select').value);
  const spec = { rows: game.rows, cols: game.cols, drawn: [...view.drawn] };
  const valueLine = h('p', { id: 'value', 'data-state': 'busy', class: 'status busy' }, `Solving… (up to ${timeMs / 1000} s)`);
  const endgameBox = h('div', { id: 'endgame' });
  const controlBox = h('div', { id: 'control' });
  const movesBox = h('div', { id: 'moves' });
  analysis.replaceChildren(h('h2', {}, 'Analysis'), valueLine, controlBox, endgameBox, movesBox, glossary());
  const stale = () => mine !== generation || analysisShown !== key;

  // The endgame answer is instant; the solver may take the whole budget. The endgame route
  // answers simple endgames (every box with 0 or 2 undrawn sides) and refuses the others with
  // 400, naming the box in the way.
  const endgame = api('/api/dots/endgame', spec, { signal: analysisController.signal }).then(
    (ans) => { if (!stale()) showEndgame(endgameBox, ans, mover); },
    (err) => {
      if (stale() || err.name === 'AbortError') return;
      if (err.status === 400) showNotEndgame(endgameBox, err.message);
      else endgameBox.replaceChildren(h('p', { class: 'status error' }, `Endgame check failed: ${err.message}`));
    });
  // Beyond the solver the server answers the search's estimate alone.
  const beyond = beyondSolver(game.rows, game.cols);
  if (beyond) say(valueLine, `Searching… (up to ${timeMs / 1000} s; no exact value: ${solverLimit(game.rows, game.cols)})`);
  try {
    const ans = await api('/api/dots/solve', { ...spec, moves: true, explain: true, time_ms: timeMs, estimate: true }, { signal: analysisController.signal });
    if (stale()) return;
    valueLine.className = 'value';
    valueLine.dataset.state = ans.exact ? 'exact' : 'estimate';
    valueLine.dataset.value = ans.value;
    const who = mover === 'you' ? 'you' : 'the engine';
    if (ans.exact) {
      valueLine.replaceChildren(
        h('strong', {}, `Exact value ${fmt(ans.value)}`),
        ` for ${who} (to move): the net score over the unclaimed boxes. `,
        meaning(mover, ans.value));
    } else if (beyond) {
      valueLine.dataset.state = 'beyond-solver';
      valueLine.replaceChildren(
        h('strong', {}, `Estimate about ${fmt(ans.value)}`),
        ` for ${who} (to move), not exact: ${solverLimit(game.rows, game.cols)}, so the strong engine's search ran ${ans.playouts.toLocaleString('en')} playouts on the board itself in ${timeMs / 1000} s. `,
        roughMeaning(mover, ans.value));
    } else {
      // Bounds as wide as the unclaimed boxes say nothing: then only that the solve ran out.
      const proved = ans.bounds[0] > -view.unclaimed || ans.bounds[1] < view.unclaimed
        ? `the exact solve proved only that the value is between ${fmt(ans.bounds[0])} and ${fmt(ans.bounds[1])} in half of ${timeMs / 1000} s`
        : `the exact solve did not finish in half of ${timeMs / 1000} s`;
      valueLine.replaceChildren(
        h('strong', {}, `Estimate about ${fmt(ans.value)}`),
        ` for ${who} (to move), not exact: ${proved}, then the strong engine's search ran ${ans.playouts.toLocaleString('en')} playouts. `,
        roughMeaning(mover, ans.value));
    }
    showControl(controlBox, ans.chains, ans.wins_control, mover);
    showMoves(movesBox, ans, mover);
  } catch (err) {
    if (stale() || err.name === 'AbortError') return;
    valueLine.dataset.state = 'failed';
    const reason = err.status === 503 ? `The solver could not afford this position within ${timeMs / 1000} s (a bigger budget may do): ${err.message}`
      : `The solver could not analyse this position: ${err.message}`;
    say(valueLine, reason, 'error');
  }
  await endgame;
}

/** The fight for control in words (long chain rule), with the chains and loops highlighted on
 * hover; `wins` is the exact answer, or why there is none (the report's `{missing, message}`). */
function showControl(box, control, wins, mover) {
  const who = mover === 'you' ? 'You' : 'The engine';
  const kinds = (kind, long) => control.components.filter((c) => c.kind === kind && (kind === 'loop' || c.long === long));
  const count = (n, one, many) => `${n} ${n === 1 ? one : many}`;
  const [long, short, loops] = [kinds('chain', true), kinds('chain', false), kinds('loop')];
  const at = ([r, c]) => `(${r}, ${c})`;
  const place = (comp) => (comp.boxes.length === 1 ? `at ${at(comp.boxes[0])}`
    : comp.kind === 'loop' ? `through ${at(comp.boxes[0])}` : `from ${at(comp.boxes[0])} to ${at(comp.boxes.at(-1))}`);
  for (const comp of control.components) tintBoxes(comp);
  const items = control.components.map((comp) => h('li', {
    tabindex: 0, class: 'component', 'data-kind': comp.kind, 'data-length': comp.boxes.length,
    onmouseenter: () => highlightBoxes(comp.boxes, true), onmouseleave: () => highlightBoxes(comp.boxes, false),
    onfocus: () => highlightBoxes(comp.boxes, true), onblur: () => highlightBoxes(comp.boxes, false),
  }, `${comp.long ? 'long ' : ''}${comp.kind} of ${count(comp.boxes.length, 'box', 'boxes')} ${place(comp)}`));
  const decided = typeof wins === 'boolean';
  box.replaceChildren(
    h('h3', {}, 'The fight for control'),
    h('p', { id: 'control-summary', 'data-on-track': String(control.mover_on_track) },
      `So far: ${count(long.length, 'long chain', 'long chains')}, ${count(short.length, 'short chain', 'short chains')}, ${count(loops.length, 'loop', 'loops')}; ${count(control.safe_lines, 'safe line', 'safe lines')} left. `,
      `By the long chain rule ${who.toLowerCase()} (to move) ${mover === 'you' ? 'want' : 'wants'} an ${control.mover_wants} number of long chains, so that the other player must open the first one: `,
      h('strong', {}, control.mover_on_track ? 'on track' : 'not on track'),
      decided ? '. That is a rule of thumb (chains still form, and sacrifices change the count); the exact answer:'
        : '. A rule of thumb: chains still form, and sacrifices change the count.'),
    h('p', { id: 'control-exact', 'data-wins': decided ? String(wins) : 'null', 'data-missing': decided ? null : wins.missing },
      !decided
        ? `Exactly (by Nimstring, the same game where whoever takes the last box loses): ${wins.message}.`
        : [`Exactly (by Nimstring, the same game where whoever takes the last box loses): ${who.toLowerCase()} `,
          h('strong', {}, wins ? 'can win control' : 'cannot win control'),
          wins ? '. Winning control is not always worth its price in boxes: the values say.' : ': whatever the move, the other player can win it.']),
    items.length ? h('p', { class: 'muted' }, 'The chains and loops so far, tinted on the board (hover one to pick it out; boxes are (row, column) from 0 at the top left):') : '',
    items.length ? h('ul', { id: 'control-components' }, items) : '');
}

/** Tints a chain's or loop's boxes for as long as the analysis is shown (a long one darker). */
function tintBoxes(comp) {
  const kind = comp.kind === 'loop' ? 'loop' : comp.long ? 'long' : 'short';
  for (const [r, c] of comp.boxes) {
    const g = board.querySelector(`g.box[data-cell="${r},${c}"]`);
    g?.classList.add('in-component');
    if (g) g.dataset.component = kind;
  }
}

function highlightBoxes(boxes, on) {
  for (const [r, c] of boxes) board.querySelector(`g.box[data-cell="${r},${c}"]`)?.classList.toggle('highlight', on);
}

/** A move's control: exact (Nimstring) when decided, else the long chain rule's guess, each
 * saying which it is. */
function controlCell(m) {
  if (typeof m.wins_control !== 'boolean') {
    return h('td', { 'data-keeps': String(m.keeps_control), class: 'rule', title: `by the long chain rule, a rule of thumb (not decided exactly: ${m.wins_control?.message ?? 'not asked'})` },
      m.keeps_control ? 'keeps (rule)' : 'gives away (rule)');
  }
  return h('td', { 'data-keeps': String(m.keeps_control), 'data-wins': String(m.wins_control), class: 'exact', title: 'exact (Nimstring)' },
    m.wins_control ? 'wins (exact)' : 'loses (exact)');
}

function showMoves(box, ans, mover) {
  // Exact values: every move of the best value is best. Estimates: the engine's choice is best
  // (its estimate is the position's), listed first; the others by estimate.
  const chosen = ans.exact ? null : ans.best?.line;
  const moves = [...(ans.moves ?? [])].sort((a, b) => (b.line === chosen) - (a.line === chosen) || b.value - a.value || a.line - b.line);
  const best = moves.length ? moves[0].value : null;
  const isBest = (m) => (chosen === null ? m.value === best : m.line === chosen);
  // Marking "best" means something only when some move is worse.
  const someWorse = moves.some((m) => m.value !== best);
  for (const m of moves) {
    const g = board.querySelector(`g.edge[data-edge="${m.line}"]`);
    g.dataset.value = m.value;
    g.classList.toggle('best', someWorse && isBest(m));
    if (showValues.checked) board.querySelector(`.value-label[data-edge="${m.line}"]`).textContent = fmt(m.value);
  }
  const rows = moves.map((m) => h('tr', {
    'data-edge': m.line, 'data-value': m.value, class: someWorse && isBest(m) ? 'best' : '',
    onmouseenter: () => board.querySelector(`g.edge[data-edge="${m.line}"]`)?.classList.add('hover'),
    onmouseleave: () => board.querySelector(`g.edge[data-edge="${m.line}"]`)?.classList.remove('hover'),
  }, h('td', {}, m.name), h('td', {}, String(m.line)),
  h('td', { class: 'num', title: m.exact ? 'exact' : `estimate from ${m.playouts.toLocaleString('en')} playouts` }, `${m.exact ? '' : '≈ '}${fmt(m.value)}`),
  h('td', {}, isBest(m) ? 'best' : m.value === best ? '±0' : `${fmt(Math.round((m.value - best) * 10) / 10)}`),
  controlCell(m)));
  // Estimates come shrunk toward their mean by the share of their spread that is noise: when
  // all of them read alike, the playouts could not tell the moves apart.
  const sampled = moves.filter((m) => !m.exact);
  const alike = sampled.length > 1 && sampled.every((m) => m.value === sampled[0].value);

  box.replaceChildren(
    h('h3', {}, `${ans.exact ? "Every move's value" : 'The moves the search looked at, with their estimates'} for ${mover === 'you' ? 'you' : 'the engine'}`),
    alike ? h('p', { id: 'moves-noise', class: 'muted' }, `The search cannot tell these moves apart yet: after ${ans.playouts.toLocaleString('en')} playouts in all, their differences are within the noise. A bigger budget gives more playouts, and the exact solve, when it finishes, the true values.`) : '',
    h('table', { class: 'values', id: 'move-values' },
      h('thead', {}, h('tr', {}, h('th', {}, 'line'), h('th', {}, 'number'), h('th', {}, ans.exact ? 'value' : 'estimate'), h('th', {}, 'vs best'), h('th', { title: 'exact (Nimstring) where decided, else by the long chain rule' }, 'control'))),
      h('tbody', {}, rows)));
}

function showEndgame(box, ans, mover) {
  const highlight = highlightBoxes;
  const items = ans.components.map((comp) => h('li', {
    tabindex: 0, 'data-kind': comp.kind, 'data-length': comp.length, class: 'component',
    onmouseenter: () => highlight(comp.boxes, true), onmouseleave: () => highlight(comp.boxes, false),
    onfocus: () => highlight(comp.boxes, true), onblur: () => highlight(comp.boxes, false),
  }, `${comp.kind} of ${comp.length} box${comp.length === 1 ? '' : 'es'}`));
  box.replaceChildren(
    h('h3', {}, 'Endgame: chains and loops'),
    h('p', { id: 'endgame-value', 'data-value': ans.value },
      `Every box has 0 or 2 undrawn sides. Chains: ${ans.chains.join(', ') || 'none'}; loops: ${ans.loops.join(', ') || 'none'}. `,
      h('strong', {}, `Exact value ${fmt(ans.value)}`), ` for ${mover === 'you' ? 'you' : 'the engine'} (chain-and-loop theory). Hover a component to see it:`),
    h('ul', { id: 'components' }, items));
}

/** Why the position is not yet a chains-and-loops endgame, in the engine's words. */
function showNotEndgame(box, reason) {
  box.replaceChildren(h('p', { class: 'muted', id: 'endgame-value', 'data-state': 'not-endgame' },
    `Not yet a chains-and-loops endgame: ${reason.replace(/^not a simple chains-and-loops endgame: /, '')}.`));
}

// ---- Wiring -------------------------------------------------------------------------------------

function startFromControls() {
  analysisShown = null;
  say(status, 'New game.', 'ok');
  newGame(Number(select(ui.rows).value), Number(select(ui.cols).value));
}

/** Loads a pasted position in any of its forms (the olympiad text, the ASCII picture, or an
 * OpenSpiel line string for the rows and columns chosen), read by the server's parsers
 * (`/api/dots/parse`); `from` says where it came from, for the error message. Resolves to
 * whether it loaded. */
async function loadPosition(text, from = '') {
  // Marked while the server reads and replays it (the tests wait on it).
  app.dataset.loading = 'true';
  try {
    return await readAndStart(text, from);
  } finally {
    delete app.dataset.loading;
  }
}

/** The body of [loadPosition]: reads `text` by the server, then starts its game. */
async function readAndStart(text, from) {
  let pos;
  try {
    pos = await api('/api/dots/parse', { text, rows: Number(select(ui.rows).value), cols: Number(select(ui.cols).value) });
    if (pos.rows > SIDES || pos.cols > SIDES) throw new Error(`the page plays boards of 1 to ${SIDES} boxes a side, not ${pos.rows}x${pos.cols}`);
  } catch (err) {
    say(status, `Cannot load the position${from}: ${err.message}`, 'error');
    return false;
  }
  select(ui.rows).value = String(pos.rows);
  select(ui.cols).value = String(pos.cols);
  analysisShown = null;
  say(status, `Loaded a ${pos.rows}x${pos.cols} position with ${pos.drawn.length} line${pos.drawn.length === 1 ? '' : 's'} drawn.`, 'ok');
  await newGame(pos.rows, pos.cols, new Set(pos.drawn));
  return true;
}

newGameButton.addEventListener('click', startFromControls);
// A new size starts a new board at once while nothing is drawn; a game in progress goes on until
// New game is pressed, and the status says so.
for (const side of [ui.rows, ui.cols]) {
  select(side).addEventListener('change', () => {
    const [rows, cols] = [Number(select(ui.rows).value), Number(select(ui.cols).value)];
    if (!game || (game.history.length === 0 && game.start.size === 0)) startFromControls();
    else if (rows !== game.rows || cols !== game.cols) say(status, `Press New game to start a ${rows}x${cols} game; this ${game.rows}x${game.cols} game goes on until then.`, 'ok');
  });
}
undoButton.addEventListener('click', undo);
retryButton.addEventListener('click', () => { engineFailed = false; update(); });
loadButton.addEventListener('click', () => loadPosition(loadText.value));
syncAnalyseControls();
analyseBox.addEventListener('change', () => {
  syncAnalyseControls();
  analysisShown = null;
  if (!analyseBox.checked) {
    analysisController.abort();
    analysis.hidden = true;
    clearValues();
  } else if (game && !engineBusy()) analyse();
  else if (game) analysis.hidden = false;
});
budget.querySelector('select').addEventListener('change', () => { if (analyseBox.checked && game && !engineBusy()) analyse(); });
// Settings that apply at once go to the address at once (the game's own go with its moves).
for (const control of [select(ui.level), select(ui.think), analyseBox, budget.querySelector('select')]) {
  control.addEventListener('change', () => { if (game) keepInAddress(); });
}
showValues.addEventListener('change', () => { analysisShown = null; if (analyseBox.checked && game && !engineBusy()) analyse(); });

// `?position=<olympiad text>` (or a line string with rows and cols) loads a position at start.
// One that cannot be read starts no game: the reason shows, and the text waits in the load box.
if (params.has('moves') || params.has('start')) await gameFromAddress();
else if (!params.has('position')) startFromControls();
else if (!(await loadPosition(params.get('position'), ' in the address'))) {
  loadText.value = params.get('position');
  document.getElementById('position-box').open = true;
  say(status, `${status.textContent}. Correct it under "Position" and load it, or press New game.`, 'error');
  renderPanel();
}
