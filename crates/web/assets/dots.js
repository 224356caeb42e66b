// The Dots-and-Boxes page: play the engine by clicking lines, undo, load a position, and an
// "analyse" panel. This module lays the page out, starts games and shows each position the
// server replays. The game record and its replay are in dots-game.js, the board in
// dots-board.js, the engine's turn in dots-engine.js, the analysis in dots-analysis.js and the
// address in dots-address.js.
import { api, h, svg, say, plural, serverLimits } from './common.js';
import { play, freshGame, replayBlocking, engineBusy } from './dots-game.js';
import { buildBoard, renderBoard } from './dots-board.js';
import { engineTurn, EXACT_LINES, MAX_LINES } from './dots-engine.js';
import { analysisControls, analysisOn, budgetMs, syncAnalyseControls, dropAnalysis, hideAnalysis, showWaiting, analyse } from './dots-analysis.js';
import { addressParams, boardFromAddress, noteAddress, keepInAddress, gameFromAddress } from './dots-address.js';

const limits = (await serverLimits()).dots;
/** The page offers boards of 1 to SIDES boxes a side, rows and columns chosen apart. */
const SIDES = limits.page_max_side;
/** The engine's thinking times offered, in milliseconds (also `?think=` in the address). */
const THINK_TIMES = [250, 500, 1000, 2000, 5000];

// ---- The page ----------------------------------------------------------------------------------

const app = document.getElementById('app');
const $ = (id) => document.getElementById(id);
const params = addressParams();
const asked = boardFromAddress(SIDES);
const pick = (label, id, options, value, title) => h('label', { for: id, title },
  label,
  h('select', { id }, options.map(([v, text]) => h('option', { value: v, selected: String(v) === String(value) }, text))));
const sizes = Array.from({ length: SIDES }, (_, i) => [i + 1, String(i + 1)]);
const thinkTitle = `the strong level thinks this long on every move it cannot solve exactly at once; the basic level spends it only on exact searches, once at most ${EXACT_LINES} lines are undrawn or no safe line is left; on boards of more than ${MAX_LINES} lines the strong level searches for this long while safe lines remain, and the basic level answers at once by chain rules`;

app.append(
  h('div', { class: 'controls' },
    pick('Rows', 'rows', sizes, asked.rows, 'boxes down'),
    pick('Columns', 'cols', sizes, asked.cols, 'boxes across'),
    pick('Engine level', 'level', limits.levels.map((l) => [l, l]), limits.levels.includes(params.get('level')) ? params.get('level') : 'strong'),
    pick('First move', 'first', [['you', 'you'], ['engine', 'engine']], params.get('first') === 'engine' ? 'engine' : 'you'),
    pick('Thinking time', 'think', THINK_TIMES.map((ms) => [ms, `${ms / 1000} s`]), THINK_TIMES.includes(Number(params.get('think'))) ? Number(params.get('think')) : 1000, thinkTitle),
    h('button', { id: 'new-game', type: 'button' }, 'New game')),
  h('p', { id: 'address-note', class: 'status error', role: 'note', hidden: true }),
  h('div', { class: 'layout' },
    h('div', { class: 'board' }, svg('svg', { id: 'board', role: 'group', 'aria-label': 'Dots-and-Boxes board' })),
    h('div', { class: 'panel' },
      h('p', { class: 'scores', id: 'scores' },
        h('span', { class: 'p1' }, 'You '), h('span', { id: 'score-you', class: 'p1 score' }, '0'), ' : ',
        h('span', { id: 'score-engine', class: 'p2 score' }, '0'), h('span', { class: 'p2' }, ' Engine')),
      h('p', { id: 'turn', class: 'turn' }),
      h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' }),
      h('div', { class: 'buttons' },
        h('button', { id: 'undo', type: 'button', title: 'take back your last move and the engine\'s reply' }, 'Undo'),
        h('button', { id: 'retry', type: 'button', hidden: true }, 'Ask the engine again')),
      analysisControls(params),
      h('section', { id: 'analysis', class: 'analysis', hidden: true, 'aria-label': 'analysis' }),
      h('details', { id: 'position-box' },
        h('summary', {}, 'Position (copy or load)'),
        h('p', {}, 'Olympiad text:'), h('pre', { id: 'position-text', class: 'position' }),
        h('p', {}, 'OpenSpiel line string: ', h('code', { id: 'openspiel', class: 'openspiel' })),
        h('p', {}, 'Paste either form, or an ASCII picture (+---+ and |), and load it (a line string is read for the rows and columns chosen above when its length fits them, else for the square board it fits); "First move" says who moves next.'),
        h('p', {}, 'The address keeps the whole game (its moves and your settings): reload the page or share the link to come back to it.'),
        h('textarea', { id: 'load-text', rows: 6, cols: 24, spellcheck: false, placeholder: '3 3\n000\n111\n…  or  0101…', 'aria-label': 'position to load: olympiad text or OpenSpiel line string' }),
        h('div', {}, h('button', { id: 'load', type: 'button' }, 'Load position'))))),
);
const chosen = (id) => $(id).value;
const settings = () => ({ level: chosen('level'), think: chosen('think'), analyse: analysisOn(), budget: budgetMs() });

// ---- Showing the game ----------------------------------------------------------------------------

/** Shows the replay on show: the board, the panel, the position's texts and the address. */
function show() {
  const { game, view } = play;
  // The lines of the last turn (all of an engine's captures, not only its last line).
  const by = game.history.at(-1)?.by;
  const lastTurn = new Set();
  for (let i = game.history.length - 1; i >= 0 && game.history[i].by === by; i--) lastTurn.add(game.history[i].edge);
  renderBoard(view, lastTurn, view.toMove === 'you');
  renderPanel();
  $('position-text').textContent = view.texts.olympiad.trimEnd();
  $('openspiel').textContent = view.texts.openspiel;
  keepInAddress(game, settings());
}

function renderPanel() {
  const { game, view } = play;
  const [you, engine] = [$('score-you'), $('score-engine')];
  you.textContent = String(view?.score.you ?? 0);
  engine.textContent = String(view?.score.engine ?? 0);
  you.dataset.score = you.textContent;
  engine.dataset.score = engine.textContent;
  $('undo').disabled = !game || !game.history.some((m) => m.by === 'you');
  $('retry').hidden = !play.engineFailed;
  const turn = $('turn');
  if (!game) {
    turn.textContent = 'No game';
    turn.className = 'turn';
    turn.dataset.turn = 'none';
    delete turn.dataset.result;
    return;
  }
  turn.dataset.turn = view.toMove ?? 'over';
  if (view.over) {
    const { you: y, engine: e } = view.score;
    const result = y > e ? 'you win' : y < e ? 'the engine wins' : 'a draw';
    turn.textContent = `Game over: ${result}, ${y}–${e}.`;
    turn.className = `turn over ${y > e ? 'p1' : y < e ? 'p2' : ''}`;
    turn.dataset.result = y > e ? 'you' : y < e ? 'engine' : 'draw';
  } else {
    turn.textContent = view.toMove === 'you' ? 'Your move: click a line.' : `The engine (${chosen('level')}) moves.`;
    turn.className = `turn ${view.toMove === 'you' ? 'p1' : 'p2'}`;
    delete turn.dataset.result;
  }
}

/** Replays the game by the server (unless `replayed`, its replay, is given) and shows it, then
 * starts the engine or the analysis; `announce(before)` says what the last move did. While a
 * replay is on its way no move can be made, and a replay overtaken by a newer game, move or
 * undo is dropped. */
async function update(announce, replayed) {
  dropAnalysis();
  let next = replayed;
  if (!next) {
    const [g, length] = [play.game, play.game.history.length];
    try {
      next = await replayBlocking(g);
    } catch (err) {
      if (g === play.game) say($('status'), `The server could not replay the game: ${err.message}`, 'error');
      return;
    }
    if (g !== play.game || length !== play.game.history.length) return;
  }
  const before = play.view;
  play.view = next;
  announce?.(before);
  show();
  if (engineBusy()) {
    if (analysisOn()) showWaiting();
    if (await engineTurn(show) && analysisOn()) analyse();
  } else if (analysisOn()) analyse();
}

// ---- Games and moves -----------------------------------------------------------------------------

/** Starts a game from `start` (`startText` its line string), with `moves` already played (each
 * by whoever is to move then: the address's game); returns the index of the first move that is
 * not an undrawn line then, where the game stops, or -1. */
async function newGame(rows, cols, start = new Set(), startText = '', moves = []) {
  const game = freshGame(rows, cols, chosen('first'), start, startText);
  // Moves that are not line numbers at all stop the list; the engine's replay stops at the first
  // line that cannot be drawn.
  const numbers = moves.findIndex((e) => !Number.isInteger(e) || e < 0);
  const played = numbers < 0 ? moves : moves.slice(0, numbers);
  const mine = play.generation;
  const state = await replayBlocking(game, played);
  if (mine !== play.generation) return -1;
  state.movers.forEach((by, i) => game.history.push({ edge: played[i], by }));
  play.view = state;
  buildBoard(game, state.names, playerMove);
  await update(undefined, state);
  return state.stopped ?? numbers;
}

function playerMove(e) {
  const { game, view } = play;
  if (!game || play.replaying > 0 || view.toMove !== 'you' || view.lineOwner[e] !== null) return;
  game.history.push({ edge: e, by: 'you' });
  const name = view.names[e];
  update((before) => {
    const gained = play.view.score.you - before.score.you;
    say($('status'), gained > 0 ? `You drew ${name} and completed ${gained === 1 ? 'a box' : `${gained} boxes`}: move again.` : `You drew ${name}.`, 'ok');
  });
}

/** Takes back moves up to and including your last one (the engine's replies with it). */
function undo() {
  const { game } = play;
  if (!game) return;
  const lastYours = game.history.findLastIndex((m) => m.by === 'you');
  if (lastYours < 0) return;
  play.generation += 1;
  play.controller?.abort();
  play.controller = new AbortController();
  play.engineFailed = false;
  const taken = game.history.length - lastYours;
  game.history.length = lastYours;
  say($('status'), `Took back ${plural(taken, 'move')}.`, 'ok');
  update();
}

function startFromControls() {
  noteAddress([]);
  say($('status'), 'New game.', 'ok');
  newGame(Number(chosen('rows')), Number(chosen('cols')));
}

/** Loads a pasted position in any of its forms (the olympiad text, the ASCII picture, or an
 * OpenSpiel line string for the rows and columns chosen), read by the server's parsers
 * (`/api/dots/parse`); `from` says where it came from, for the error message. Resolves to
 * whether it loaded. While the server reads and replays it, `#app` is marked `data-loading`
 * (the tests wait on it). */
async function loadPosition(text, from = '') {
  app.dataset.loading = 'true';
  try {
    let pos;
    try {
      pos = await api('/api/dots/parse', { text, rows: Number(chosen('rows')), cols: Number(chosen('cols')) });
      if (pos.rows > SIDES || pos.cols > SIDES) throw new Error(`the page plays boards of 1 to ${SIDES} boxes a side, not ${pos.rows}x${pos.cols}`);
    } catch (err) {
      say($('status'), `Cannot load the position${from}: ${err.message}`, 'error');
      return false;
    }
    $('rows').value = String(pos.rows);
    $('cols').value = String(pos.cols);
    noteAddress([]);
    say($('status'), `Loaded a ${pos.rows}x${pos.cols} position with ${plural(pos.drawn.length, 'line')} drawn.`, 'ok');
    await newGame(pos.rows, pos.cols, new Set(pos.drawn), pos.drawn.length ? pos.lines : '');
    return true;
  } finally {
    delete app.dataset.loading;
  }
}

/** Starts the game of the address's `start` and `moves`, saying what it is; what is wrong
 * with it stays said in the address note, whatever the engine does next. */
async function startFromAddress() {
  const [rows, cols] = [Number(chosen('rows')), Number(chosen('cols'))];
  const found = await gameFromAddress(rows, cols, asked.notes.length > 0);
  if (found.error) {
    noteAddress([...asked.notes, found.error]);
    say($('status'), 'New game.', 'ok');
    await newGame(rows, cols);
    return;
  }
  const { start, startText, moves } = found;
  say($('status'), `The game from the address: ${plural(moves.length, 'move')}.`, 'ok');
  const bad = await newGame(rows, cols, start, startText, moves);
  if (bad >= 0) noteAddress([`move ${bad + 1} (${moves[bad]}) is not an undrawn line of this ${rows}x${cols} game: the game stops before it`]);
}

// ---- Wiring -------------------------------------------------------------------------------------

$('new-game').addEventListener('click', startFromControls);
// A new size starts a new board at once while nothing is drawn; a game in progress goes on until
// New game is pressed, and the status says so.
for (const id of ['rows', 'cols']) {
  $(id).addEventListener('change', () => {
    const { game } = play;
    const [rows, cols] = [Number(chosen('rows')), Number(chosen('cols'))];
    if (!game || (game.history.length === 0 && game.start.size === 0)) startFromControls();
    else if (rows !== game.rows || cols !== game.cols) say($('status'), `Press New game to start a ${rows}x${cols} game; this ${game.rows}x${game.cols} game goes on until then.`, 'ok');
  });
}
$('undo').addEventListener('click', undo);
$('retry').addEventListener('click', () => { play.engineFailed = false; update(); });
$('load').addEventListener('click', () => loadPosition($('load-text').value));
syncAnalyseControls();
$('analyse').addEventListener('change', () => {
  syncAnalyseControls();
  if (!analysisOn()) hideAnalysis();
  else if (play.game && !engineBusy()) analyse();
  else if (play.game) showWaiting();
});
for (const id of ['budget', 'show-values']) $(id).addEventListener('change', () => { if (analysisOn() && play.game && !engineBusy()) analyse(); });
// Settings that apply at once go to the address at once (the game's own go with its moves).
for (const id of ['level', 'think', 'analyse', 'budget']) {
  $(id).addEventListener('change', () => { if (play.game) keepInAddress(play.game, settings()); });
}

// `?position=<olympiad text>` (or a line string with rows and cols) loads a position at start.
// One that cannot be read starts no game: the reason shows, and the text waits in the load box.
noteAddress(asked.notes);
if (params.has('moves') || params.has('start')) await startFromAddress();
else if (!params.has('position')) {
  say($('status'), 'New game.', 'ok');
  await newGame(Number(chosen('rows')), Number(chosen('cols')));
} else if (!(await loadPosition(params.get('position'), ' in the address'))) {
  $('load-text').value = params.get('position');
  $('position-box').open = true;
  say($('status'), `${$('status').textContent}. Correct it under "Position" and load it, or press New game.`, 'error');
  renderPanel();
}
