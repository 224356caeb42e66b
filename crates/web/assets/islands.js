// The Islands page: play against the engine on a generated board, or watch two bots. This
// module lays out the panel (whose turn, the score, the move list), starts games and wires the
// controls. The API is the authority on everything the rules decide (islands-state.js keeps its
// answers); the board is drawn by islands-board.js, the player's region built and judged in
// islands-region.js, the engine's and bots' moves asked in islands-engine.js, the exact outcome
// in islands-solve.js, and the address kept by islands-address.js.
import { api, h, say, plural, serverLimits } from './common.js';
import { game, whenChanged, changed, current, toMove, sideName, sideClass, resetGame, noteStatus, takeBack, liveNumbers, isNumber, key } from './islands-state.js';
import { buildBoard, boardElement, drawCells, drawOverlay } from './islands-board.js';
import { boardHandlers, whenPlayed, submitSelection, clearSelection, dropSelection, humanCanMove } from './islands-region.js';
import { engineMove, botStep, autoplay } from './islands-engine.js';
import { solvable, solveExact, dropStaleOutcome } from './islands-solve.js';
import { readAddress, keepInAddress, isSeed } from './islands-address.js';

/** The bots and the generator's presets, as the engine names them (GET /api/limits). */
const limits = (await serverLimits()).islands;
const LEVELS = limits.levels;
const PRESETS = limits.presets.map((p) => p.name);

const $ = (id) => document.getElementById(id);
const els = Object.fromEntries([
  'controls', 'preset', 'seed', 'random-seed', 'new', 'restart', 'mode', 'play-controls', 'watch-controls', 'level',
  'first', 'bot1', 'bot2', 'step', 'autoplay', 'speed', 'think', 'shown', 'board-wrap', 'turn', 'status', 'score',
  'region-box', 'paint', 'clear', 'undo', 'retry', 'solve', 'log', 'address-note',
].map((id) => [id.replace(/-(.)/g, (_, c) => c.toUpperCase()), $(id)]));

// ---------------------------------------------------------------- the panel

function render() {
  if (!boardElement()) return;
  game.bots = [els.bot1.value, els.bot2.value];
  dropStaleOutcome();
  drawCells();
  drawOverlay();
  const side = toMove();
  const humanTurn = humanCanMove();
  renderTurn(side);
  renderScore();
  els.paint.disabled = !humanTurn || game.selection.length === 0;
  els.clear.disabled = game.selection.length === 0;
  els.regionBox.hidden = game.mode !== 'play';
  els.undo.disabled = game.mode !== 'play' || game.thinking || !game.moves.some((m) => m.side === game.human);
  els.retry.hidden = !(game.mode === 'play' && game.engineFailed && !game.over && side !== game.human);
  els.retry.disabled = game.thinking;
  els.step.disabled = game.mode !== 'watch' || Boolean(game.over) || game.thinking || game.playing;
  els.autoplay.disabled = game.mode !== 'watch' || Boolean(game.over);
  els.autoplay.textContent = game.playing ? 'Pause' : 'Play';
  els.autoplay.setAttribute('aria-pressed', String(game.playing));
  els.solve.disabled = !solvable();
  els.log.replaceChildren(...game.moves.map((m, i) => h('li', {
    class: i === game.moves.length - 1 ? 'last' : undefined, dataset: { side: m.side + 1, cells: m.cells.map(([r, c]) => key(r, c)).join(' ') },
  }, h('span', { class: `swatch ${sideClass(m.side)}` }), `${sideName(m.side)}: the ${m.number} at (${m.at[0]}, ${m.at[1]}), ${plural(m.cells.length, 'cell')}`)));
  els.log.scrollTop = els.log.scrollHeight; // the newest move in view, without scrolling the page
}

/** The turn line: whose move, or the game's end. */
function renderTurn(side) {
  const turn = els.turn;
  const wasOver = turn.dataset.over === 'true';
  turn.dataset.over = String(Boolean(game.over));
  turn.dataset.winner = game.over ? (game.over.winner === null ? 'draw' : String(game.over.winner + 1)) : '';
  // The game-over line takes the winner's colour (p1 is you in play mode), none for a draw.
  turn.dataset.colour = game.over && game.over.winner !== null ? sideClass(game.over.winner) : '';
  turn.dataset.toMove = game.over ? '' : String(side + 1);
  turn.replaceChildren(
    game.over ? `${plural(game.moves.length, 'move')} · ` : `Move ${game.moves.length + 1} · `,
    game.over ? game.over.text : h('span', {}, h('span', { class: `swatch ${sideClass(side)}` }), `${sideName(side)} to move`),
  );
  // The end of the game is news: on a phone the line may be scrolled out of view by then.
  if (game.over && !wasOver) showInView(turn);
}

/** Scrolls `element` into the window if it is not wholly there (a phone's page scrolls). */
function showInView(element) {
  const box = element.getBoundingClientRect();
  if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: 'center' });
}

function renderScore() {
  const cellsOf = (s) => game.moves.filter((m) => m.side === s).reduce((sum, m) => sum + m.cells.length, 0);
  const regionsOf = (s) => game.moves.filter((m) => m.side === s).length;
  const { grid } = current();
  const unpainted = [...game.numbers.keys()].filter((k) => { const [r, c] = k.split(',').map(Number); return grid[r][c] !== 'B'; }).length;
  const live = liveNumbers().size;
  els.score.replaceChildren(
    h('table', { class: 'values' },
      h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'Regions'), h('th', {}, 'Cells')),
      [0, 1].map((s) => h('tr', { dataset: { side: s + 1 } }, h('td', {}, h('span', { class: `swatch ${sideClass(s)}` }), sideName(s), game.mode === 'play' && s === 0 ? ' (first)' : ''), h('td', {}, regionsOf(s)), h('td', {}, cellsOf(s))))),
    h('p', { id: 'numbers-left' }, `Numbers: ${live} still paintable, ${unpainted - live} dead, ${game.numbers.size - unpainted} painted.`),
  );
}

function showShown() {
  const passed = game.seed - game.requestedSeed;
  const note = passed <= 0 ? ''
    : passed === 1 ? ` (seed ${game.requestedSeed} was passed over: its board is decided before the first move)`
      : ` (seeds ${game.requestedSeed} to ${game.seed - 1} were passed over: their boards are decided before the first move)`;
  els.shown.replaceChildren('Board: ', h('strong', { id: 'shown-preset' }, game.preset), ` (${game.n}×${game.n}, ${plural(game.numbers.size, 'number')}), seed `, h('strong', { id: 'shown-seed' }, game.seed), h('span', { id: 'shown-passed' }, note));
}

// ---------------------------------------------------------------- games

/** A fresh start of the board on show, in the mode chosen. */
function start() {
  resetGame(els.mode.value, els.first.value === 'engine' ? 1 : 0);
  dropSelection();
  els.playControls.hidden = game.mode !== 'play';
  els.watchControls.hidden = game.mode !== 'watch';
  render();
  if (noteStatus(game.start.status)) { say(els.status, ''); render(); return; }
  if (game.mode === 'play') {
    if (toMove() === game.human) say(els.status, 'Your turn: press on a number and drag over the cells of its region.', 'ok');
    else engineMove();
  } else {
    say(els.status, 'Press Step for one move, or Play to watch the game.', 'ok');
  }
}

async function newBoard() {
  const preset = els.preset.value;
  const seed = Number.parseInt(els.seed.value, 10);
  if (!isSeed(seed)) {
    say(els.status, 'The seed must be a whole number from 0 to 4294967295.', 'error');
    return;
  }
  game.epoch++;
  const epoch = game.epoch;
  game.playing = false;
  els.new.disabled = true;
  say(els.status, 'Generating the board…', 'busy');
  try {
    const g = await api('/api/islands/generate', { preset, seed });
    if (epoch !== game.epoch) return;
    game.preset = g.preset;
    game.seed = g.seed;
    game.requestedSeed = g.requested_seed ?? g.seed;
    els.seed.value = String(g.seed);
    game.n = g.n;
    game.start = g;
    game.numbers = new Map();
    g.grid.forEach((row, r) => row.forEach((token, c) => { if (isNumber(token)) game.numbers.set(key(r, c), Number(token)); }));
    const firstNumber = [...game.numbers.keys()][0];
    game.cursor = firstNumber ? firstNumber.split(',').map(Number) : [0, 0];
    buildBoard(els.boardWrap, boardHandlers);
    showShown();
    keepInAddress(game, els.mode.value);
    start();
  } catch (e) {
    say(els.status, `Could not generate the board: ${e.message}`, 'error');
  } finally {
    els.new.disabled = false;
  }
}

function undo() {
  if (els.undo.disabled) return;
  // Back to the player's turn before their last move (the engine's reply is undone with it).
  dropSelection();
  if (!takeBack()) return;
  say(els.status, 'Move undone: your turn.', 'ok');
  render();
}

// ---------------------------------------------------------------- wiring

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
  const unused = readAddress(els, PRESETS, LEVELS);
  els.addressNote.hidden = unused.length === 0;
  els.addressNote.textContent = unused.length ? `From the address: ${unused.join('; ')}; the board below is ${els.preset.value}, seed ${els.seed.value}.` : '';
  whenChanged(render);
  whenPlayed(engineMove);

  // Enter in the seed field submits the form; its `change` event already asks for the board.
  els.controls.addEventListener('submit', (e) => e.preventDefault());
  els.new.addEventListener('click', newBoard);
  els.randomSeed.addEventListener('click', () => {
    els.seed.value = String(Math.floor(Math.random() * 1_000_000));
    newBoard();
  });
  els.preset.addEventListener('change', newBoard);
  els.seed.addEventListener('change', () => { if (els.seed.value !== String(game.seed)) newBoard(); });
  els.restart.addEventListener('click', () => { if (game.start) start(); });
  els.mode.addEventListener('change', () => { if (game.start) { keepInAddress(game, els.mode.value); start(); } });
  els.first.addEventListener('change', () => { if (game.start && game.moves.length === 0 && game.mode === 'play') start(); });
  for (const select of [els.level, els.bot1, els.bot2]) select.addEventListener('change', changed);
  els.paint.addEventListener('click', submitSelection);
  els.clear.addEventListener('click', clearSelection);
  els.undo.addEventListener('click', undo);
  els.retry.addEventListener('click', engineMove);
  els.solve.addEventListener('click', solveExact);
  els.step.addEventListener('click', () => { botStep(); });
  els.autoplay.addEventListener('click', () => {
    game.playing = !game.playing;
    render();
    if (game.playing) autoplay();
  });
  newBoard();
}

init();
