// The Slitherlink page's play mode: edges marked by click, drag and keys, cells shaded inside
// or outside, one history for both; numbers greyed once met; "Solved!" and the timer; the play
// saved per puzzle (slither-save.js); Check, Hint, Solve and Share through the /api/slither
// routes (docs/API.md), the hints' reasoning shown by slither-hint.js. The page (slither.js)
// lays it out and switches modes.
import { api, h, edgeAt, edgeCount, edgeNumber, cellSides, say, busy, plural, capitalise } from './common.js';
import { drawBoard, dotNear, cellUnder, moveDotCursor, moveCellCursor, ARROWS, markPlaces, unmarkPlaces } from './slither-board.js';
import { loadPlay, savePlay, clockText, Timer } from './slither-save.js';
import { hintPanel, clearHints, forgetHintPlaces, showHint } from './slither-hint.js';

const EMPTY = 0, LINE = 1, CROSS = 2;
const STATE_NAMES = ['empty', 'line', 'cross'];
/** Cell shading (puzz.link's background colours): none, inside the loop, outside. */
const SHADE_NAMES = ['none', 'inside', 'outside'];

export const game = {
  puzzle: null, // the API's puzzle info: rows, cols, clues, url, loopy, text
  about: '', // where the puzzle came from, for the info line
  marks: [], // per edge: EMPTY, LINE or CROSS
  shade: [], // per cell, row-major: 0 none, 1 inside, 2 outside
  undo: [], // actions: [[kind ('e' edge or 'c' cell), index, before, after], ...]
  redo: [],
  version: 0, // bumped on every change of marks, so a stale API answer is not shown on new marks
  opened: 0, // bumped whenever a puzzle is opened, so a late generated one does not replace it
  cursor: [0, 0], // the keyboard's dot (row, col) when marking lines
  cellCursor: [0, 0], // the keyboard's cell when shading
  tool: 'lines', // what a plain click marks: 'lines' or 'shade'
  solved: null, // 'player' (solved by the player), 'shown' (Solve drew it) or null
  revealed: false, // Solve has shown the solution: no loop finished after that is the player's
};
const $ = (id) => document.getElementById(id);
const timer = new Timer(showTime);
/** The page's status line and helpers (see `setupPlay`), and whether play mode is on. */
let status, button, safely;
let playing = true;

/** Builds the play panel, given the page's `status` line, `button(id, label, title, onclick)`
 * and `safely(handler)` (errors shown). */
export function setupPlay(page) {
  ({ status, button, safely } = page);
  const toolbar = h('div', { class: 'play', role: 'toolbar', 'aria-label': 'Play' },
    button('undo', 'Undo', 'Undo the last change (Ctrl+Z)', () => undoRedo(game.undo, game.redo, 2)),
    button('redo', 'Redo', 'Redo (Ctrl+Y)', () => undoRedo(game.redo, game.undo, 3)),
    button('clear', 'Clear', 'Remove every mark and shading (undoable)', clearMarks),
    button('check', 'Check', 'Find the first mistake in your lines', check),
    button('hint', 'Hint', 'Decide at least one edge and show the reasoning', hint),
    button('solve', 'Solve', 'Show the solution (undo brings your marks back)', solve),
    button('share', 'Share', 'Show the puzz.link URL and a link to this page', share));
  const toolSwitch = h('div', { class: 'play tools', role: 'group', 'aria-label': 'A click marks' },
    h('span', {}, 'A click marks:'),
    button('tool-lines', 'Lines', 'Clicks mark edges: line, cross (key C switches)', () => setTool('lines')),
    button('tool-shade', 'Shading', 'Clicks shade cells: inside, outside (key C switches; Ctrl+click shades in either)', () => setTool('shade')));

  const shareBox = h('div', { id: 'share-box', class: 'share-box', hidden: true },
    h('label', {}, 'puzz.link URL',
      h('div', { class: 'row' },
        h('input', { id: 'share-url', readonly: true }),
        button('copy-url', 'Copy', 'Copy the puzz.link URL', () => copy('share-url')))),
    h('label', {}, h('span', {}, 'Link to this page with the puzzle: ', h('a', { id: 'share-link', href: '#' }, 'open')),
      h('div', { class: 'row' },
        h('input', { id: 'share-page', readonly: true }),
        button('copy-page', 'Copy', 'Copy the link to this page', () => copy('share-page')))),
    h('label', {}, 'Loopy game ID', h('input', { id: 'share-loopy', readonly: true })));

  return h('div', { id: 'play-panel' },
    toolbar,
    toolSwitch,
    h('p', { id: 'info' }),
    shareBox,
    ...hintPanel(),
    h('p', { class: 'keys' },
      'Click an edge: empty → line → cross → empty. Right click or Shift+click goes the other way; ',
      'hold the button and drag from dot to dot to mark several edges alike. ',
      'Keyboard (click the board or Tab to it): arrows move the ring between dots, Shift+arrow draws or erases a line, ',
      'Ctrl+arrow (or Alt+arrow) sets or removes a cross; Ctrl+Z undo, Ctrl+Y redo.'),
    h('p', { class: 'keys' },
      'Shading cells, as on puzz.link: Ctrl+click a cell (or choose Shading, then click or drag): ',
      'none → inside (yellow) → outside (blue) → none, right click backwards. ',
      'Key C switches between lines and shading; when shading, arrows move the square, I shades inside, O outside, ',
      'Space steps on, Backspace or Delete clears. Numbers turn grey once met. ',
      'Your marks and time are kept in this browser: reloading or reopening the puzzle brings them back.'));
}

/** Play mode on or off (the editor shows): the timer only runs in play mode. */
export function setPlaying(on) {
  playing = on;
  timer.run(on && game.puzzle !== null && !game.solved);
  if (!on) persist();
}

// ---------------------------------------------------------------- the board

const edgeEl = (e) => document.querySelector(`#board [data-edge="${e}"]`);
const cellEl = (i) => document.querySelector(`#board [data-cell="${Math.floor(i / game.puzzle.cols)},${i % game.puzzle.cols}"]`);

/** Draws the puzzle being played with the marks and shading as they are. */
function drawPlayBoard() {
  const board = drawBoard($('board-box'), game.puzzle);
  game.marks.forEach((s, e) => { if (s !== EMPTY) edgeEl(e).dataset.state = STATE_NAMES[s]; });
  game.shade.forEach((s, i) => { if (s) cellEl(i).dataset.shade = SHADE_NAMES[s]; });
  game.cursor = [0, 0];
  game.cellCursor = [0, 0];
  board.dataset.tool = game.tool;
  board.addEventListener('pointerdown', safely(press));
  board.addEventListener('pointermove', safely(dragOver));
  board.addEventListener('keydown', safely(boardKey));
}

/** What a plain click marks: 'lines' or 'shade' (cells). */
export function setTool(tool) {
  game.tool = tool;
  $('tool-lines').setAttribute('aria-pressed', tool === 'lines');
  $('tool-shade').setAttribute('aria-pressed', tool === 'shade');
  if ($('board')) $('board').dataset.tool = tool;
}

/** The drag in progress: what it paints ('e' edges or 'c' cells), the state, the dot it last
 * passed and what it has set. */
let stroke = null;
window.addEventListener('pointerup', () => { stroke = null; });
window.addEventListener('pointercancel', () => { stroke = null; });

/** How close (in cells) a press must be to a dot to count as a press on the dot: there the
 * diamonds of four edges meet, so which edge is meant only shows once the pointer moves. */
const ON_DOT = 0.15;

/** A press on an edge cycles it: left empty -> line -> cross -> empty, right or Shift the other
 * way. Holding the button and moving from dot to dot then gives each edge passed the same state,
 * as one undoable action. A press on a dot changes nothing yet: the first edge dragged along
 * decides the state, cycled the same way. With the Shading tool, or Ctrl, a press shades the
 * cell instead (see `pressCell`). */
function press(event) {
  if (event.button !== 0 && event.button !== 2) return;
  const step = event.button === 2 || event.shiftKey ? 2 : 1;
  if (game.tool === 'shade' || event.ctrlKey || event.metaKey) {
    pressCell(event, step);
    return;
  }
  const board = $('board');
  const onDot = dotNear(board, event, ON_DOT);
  const g = event.target.closest('[data-edge]');
  if (!onDot && !g) return;
  event.preventDefault(); // no text selection or focus jump; the board is focused below
  board.focus({ preventScroll: true });
  if (onDot) {
    stroke = { kind: 'e', step, state: null, dot: onDot, done: new Set() };
    moveCursor(...onDot);
    return;
  }
  const e = Number(g.dataset.edge);
  const state = (game.marks[e] + step) % 3;
  change([['e', e, state]]);
  stroke = { kind: 'e', step, state, dot: dotNear(board, event, 0.5), done: new Set([e]) };
  const { from } = edgeAt(game.puzzle.rows, game.puzzle.cols, e);
  moveCursor(...(stroke.dot ?? from)); // the keyboard goes on from where the mouse played
}

/** Shades the cell under the pointer one step on (none -> inside -> outside); a drag gives the
 * cells it passes the same shading, as one action. */
function pressCell(event, step) {
  const board = $('board');
  const cell = cellUnder(board, event);
  if (!cell) return;
  event.preventDefault();
  board.focus({ preventScroll: true });
  const i = cell[0] * game.puzzle.cols + cell[1];
  const state = (game.shade[i] + step) % 3;
  change([['c', i, state]]);
  stroke = { kind: 'c', state, done: new Set([i]) };
  moveCellCursor(board, ...cell);
  game.cellCursor = cell;
}

function dragOver(event) {
  if (!stroke) return;
  if ((event.buttons & 3) === 0) { stroke = null; return; }
  if (stroke.kind === 'c') {
    const cell = cellUnder($('board'), event);
    const i = cell && cell[0] * game.puzzle.cols + cell[1];
    if (cell && !stroke.done.has(i)) {
      stroke.done.add(i);
      extendLast('c', i, stroke.state);
    }
    return;
  }
  const dot = dotNear($('board'), event, 0.3);
  if (!dot) return;
  const [r, c] = dot, last = stroke.dot;
  stroke.dot = dot;
  if (!last || Math.abs(r - last[0]) + Math.abs(c - last[1]) !== 1) return;
  const e = edgeFrom(last[0], last[1], r - last[0], c - last[1]);
  if (stroke.done.has(e)) return;
  stroke.done.add(e);
  moveCursor(r, c);
  if (stroke.state === null) {
    // A drag that began on a dot: its first edge starts the action and sets the state.
    stroke.state = (game.marks[e] + stroke.step) % 3;
    change([['e', e, stroke.state]]);
  } else {
    extendLast('e', e, stroke.state);
  }
}

/** The edge leaving dot (r, c) in direction (dr, dc), or null at the border. */
function edgeFrom(r, c, dr, dc) {
  const { rows, cols } = game.puzzle;
  const [r2, c2] = [r + dr, c + dc];
  if (r2 < 0 || c2 < 0 || r2 > rows || c2 > cols) return null;
  return dr === 0 ? edgeNumber(rows, cols, 'h', r, Math.min(c, c2)) : edgeNumber(rows, cols, 'v', Math.min(r, r2), c);
}

function boardKey(event) {
  if (!game.puzzle) return;
  const plain = !(event.ctrlKey || event.altKey || event.metaKey);
  if (plain && event.key.toLowerCase() === 'c') {
    event.preventDefault();
    setTool(game.tool === 'lines' ? 'shade' : 'lines');
    say(status, game.tool === 'shade' ? 'Clicks and keys now shade cells (C switches back to lines).' : 'Clicks and keys now mark lines (C switches to shading).');
    return;
  }
  if (game.tool === 'shade') {
    shadeKey(event, plain);
    return;
  }
  const dir = ARROWS[event.key];
  if (!dir) return;
  event.preventDefault();
  const [r, c] = game.cursor;
  const e = edgeFrom(r, c, ...dir);
  if (e === null) return;
  if (!plain) {
    change([['e', e, game.marks[e] === CROSS ? EMPTY : CROSS]]);
    return;
  }
  if (event.shiftKey) change([['e', e, game.marks[e] === LINE ? EMPTY : LINE]]);
  moveCursor(r + dir[0], c + dir[1]);
}

/** The Shading tool's keys: arrows move the square; I inside, O outside, Space steps on,
 * Backspace or Delete clears. */
function shadeKey(event, plain) {
  const { rows, cols } = game.puzzle;
  const [r, c] = game.cellCursor;
  const dir = ARROWS[event.key];
  if (dir) {
    event.preventDefault();
    game.cellCursor = [Math.min(rows - 1, Math.max(0, r + dir[0])), Math.min(cols - 1, Math.max(0, c + dir[1]))];
    moveCellCursor($('board'), ...game.cellCursor);
    return;
  }
  const i = r * cols + c;
  const to = { i: 1, o: 2, ' ': (game.shade[i] + 1) % 3, backspace: 0, delete: 0 }[event.key.toLowerCase()];
  if (!plain || to === undefined) return;
  event.preventDefault();
  change([['c', i, to]]);
}

function moveCursor(r, c) {
  game.cursor = [r, c];
  moveDotCursor($('board'), r, c);
}

// ---------------------------------------------------------------- marks and their history

const markOf = (kind, i) => (kind === 'e' ? game.marks[i] : game.shade[i]);

/** Applies `[[kind, index, state], ...]` (kind 'e' an edge, 'c' a cell's shading) as one
 * undoable action; `revealed` marks the shown solution, which is not celebrated as the player's
 * own. */
function change(list, revealed = false) {
  const action = list.filter(([k, i, s]) => markOf(k, i) !== s).map(([k, i, s]) => [k, i, markOf(k, i), s]);
  if (action.length === 0) return [];
  action.revealed = revealed;
  game.undo.push(action);
  game.redo.length = 0;
  apply(action, 3);
  return action;
}

/** Adds one change to the last action (a drag is one action). */
function extendLast(kind, i, state) {
  const action = game.undo.at(-1);
  if (!action || markOf(kind, i) === state) return;
  const entry = [kind, i, markOf(kind, i), state];
  action.push(entry);
  apply([entry], 3);
}

/** Moves an action from one stack to the other; `side` 2 restores the before states, 3 the after. */
function undoRedo(from, to, side) {
  const action = from.pop();
  if (!action) return;
  to.push(action);
  apply(action, side);
  const what = action.every((a) => a[0] === 'c') ? plural(action.length, 'cell') : plural(action.length, 'edge');
  say(status, side === 2 ? `Undone (${what}).` : `Redone (${what}).`);
  if (action.revealed && side === 3) setSolved('shown');
}

function apply(action, side) {
  let edges = false;
  for (const entry of action) {
    const [kind, i, state] = [entry[0], entry[1], entry[side]];
    if (kind === 'e') {
      edges = true;
      game.marks[i] = state;
      edgeEl(i).dataset.state = STATE_NAMES[state];
    } else {
      game.shade[i] = state;
      if (state) cellEl(i).dataset.shade = SHADE_NAMES[state];
      else delete cellEl(i).dataset.shade;
    }
  }
  // Shading is the player's notes: it leaves the verdicts about the lines alone.
  if (edges) {
    game.version++;
    clearHighlights();
    staleVerdict();
    if (game.solved) setSolved(null);
  }
  refresh();
  if (edges && !(action.revealed && side === 3)) maybeSolved();
  persist();
}

function clearMarks() {
  const changed = change([...game.marks.map((_, e) => ['e', e, EMPTY]), ...game.shade.map((_, i) => ['c', i, 0])]);
  say(status, changed.length ? `Cleared ${plural(changed.length, 'mark')} (Undo brings them back).` : 'The board is already empty.');
}

/** Greys each number once its lines meet it (a 0 once its four sides are crossed, else every 0
 * would start grey), and colours it red when it can no longer be met (too many lines or
 * crosses). */
function refresh() {
  const { rows, cols, clues } = game.puzzle;
  for (const text of document.querySelectorAll('#board [data-clue]')) {
    const [r, c] = text.dataset.clue.split(',').map(Number);
    const clue = clues[r][c];
    if (typeof clue !== 'number') continue;
    const sides = cellSides(rows, cols, r, c).map((e) => game.marks[e]);
    const lines = sides.filter((s) => s === LINE).length, crosses = sides.filter((s) => s === CROSS).length;
    text.classList.toggle('over', lines > clue || crosses > 4 - clue);
    text.classList.toggle('done', lines === clue && crosses <= 4 - clue && (clue > 0 || crosses === 4));
  }
  $('undo').disabled = game.undo.length === 0;
  $('redo').disabled = game.redo.length === 0;
  const lines = game.marks.filter((s) => s === LINE).length;
  const crosses = game.marks.filter((s) => s === CROSS).length;
  const shaded = game.shade.filter((s) => s).length;
  const board = $('board');
  board.dataset.lines = lines;
  board.dataset.crosses = crosses;
  const none = clues.every((row) => row.every((v) => v === null)) ? ', no clues (any single loop solves it)' : '';
  const cells = shaded ? `, ${plural(shaded, 'shaded cell')}` : '';
  $('info').textContent = `${plural(rows, 'row')} × ${plural(cols, 'column')}, ${game.about}${none}. ${plural(lines, 'line')}, ${plural(crosses, 'cross', 'crosses')}${cells}.`;
}

/** A verdict on the status line (solved, a mistake, the shown solution) was about the marks
 * before this change: replace it, so "Solved!" never stays under a broken loop. The callers
 * that change marks and then report (hint, solve, undo) say their own message after this. */
function staleVerdict() {
  const verdict = status.dataset.verdict;
  if (!verdict) return;
  delete status.dataset.verdict;
  if (['solved', 'shown', 'unique', 'multiple'].includes(verdict)) say(status, 'Not solved any more: the marks changed.');
  else say(status, ''); // its red or green highlights are gone too
}

/** Records who solved the puzzle ('player', 'shown' or null): the timer stops while it is
 * solved, and "Solved!" stays beside it while the player's loop stands. */
function setSolved(who) {
  game.solved = who;
  timer.run(!who && playing);
  $('solved').hidden = who !== 'player';
  $('solved').textContent = `Solved! ${clockText(timer.elapsed())}`;
  if (who) showSolved();
  persist();
}

/** Shows the board as solved: the loop in green, every number (0s too) greyed as met. */
function showSolved() {
  $('board').classList.add('solved');
  for (const text of document.querySelectorAll('#board [data-clue]')) text.classList.add('done');
}

function clearHighlights() {
  const board = $('board');
  if (!board) return;
  for (const el of board.querySelectorAll('.hinted')) el.classList.remove('hinted');
  unmarkPlaces(board, 'bad');
  unmarkPlaces(board, 'look');
  forgetHintPlaces();
  board.classList.remove('solved');
}

/** When every dot has 0 or 2 lines and every number is met, asks the server whether that is
 * the solution, so a finished loop is celebrated without pressing Check. */
function maybeSolved() {
  const { rows, cols, clues } = game.puzzle;
  const degree = new Array((rows + 1) * (cols + 1)).fill(0);
  let lines = 0;
  game.marks.forEach((s, e) => {
    if (s !== LINE) return;
    lines++;
    const { from, to } = edgeAt(rows, cols, e);
    degree[from[0] * (cols + 1) + from[1]]++;
    degree[to[0] * (cols + 1) + to[1]]++;
  });
  if (lines === 0 || degree.some((d) => d !== 0 && d !== 2)) return;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const clue = clues[r][c];
      if (typeof clue === 'number' && cellSides(rows, cols, r, c).filter((e) => game.marks[e] === LINE).length !== clue) return;
    }
  }
  const version = game.version;
  api('/api/slither/check', marksBody())
    .then((res) => { if (version === game.version && res.verdict === 'solved') showCheck(res); })
    .catch(() => {}); // a quiet extra: Check reports any error itself
}

function marksBody() {
  const lines = [], crosses = [];
  game.marks.forEach((s, e) => { if (s === LINE) lines.push(e); else if (s === CROSS) crosses.push(e); });
  return { puzzle: game.puzzle.text, lines, crosses };
}

// ---------------------------------------------------------------- saved play and the timer

function showTime(ms, periodic) {
  $('timer').textContent = clockText(ms);
  // Saved now and then as well as on every change, so a closed tab keeps most of its time.
  if (periodic && Math.floor(ms / 1000) % 10 === 0) persist();
}

export function persist() {
  if (!game.puzzle) return;
  savePlay(game.puzzle.url, { marks: game.marks.join(''), shade: game.shade.join(''), ms: timer.elapsed(), solved: game.solved, revealed: game.revealed });
}

/** Brings back the saved play of the puzzle being opened, when there is one that fits it;
 * returns what to tell the player. */
function restore(info) {
  const saved = loadPlay(info.url);
  const fits = (text, n, states) => typeof text === 'string' && text.length === n && new RegExp(`^[${states}]*$`).test(text);
  if (!saved || !fits(saved.marks, game.marks.length, '012') || !fits(saved.shade, game.shade.length, '012')) return '';
  game.marks = [...saved.marks].map(Number);
  game.shade = [...saved.shade].map(Number);
  game.revealed = saved.revealed === true || saved.solved === 'shown';
  // A loop finished once the solution was shown is never the player's.
  game.solved = ['player', 'shown'].includes(saved.solved) ? (game.revealed ? 'shown' : saved.solved) : null;
  timer.set(Number(saved.ms) || 0, false);
  const marked = game.marks.some((s) => s !== EMPTY) || game.shade.some((s) => s);
  return marked ? `Your marks and time (${clockText(timer.elapsed())}) from before are back (Clear removes them).` : '';
}

// ---------------------------------------------------------------- opening a puzzle


/** Opens a puzzle (the API's puzzle info) to play, with its saved marks when there are any;
 * returns what to tell the player about them. */
export function loadPuzzle(info, about) {
  persist(); // the time spent on the puzzle left
  game.opened++;
  game.puzzle = info;
  game.about = about;
  game.marks = new Array(edgeCount(info.rows, info.cols)).fill(EMPTY);
  game.shade = new Array(info.rows * info.cols).fill(0);
  game.undo = [];
  game.redo = [];
  game.version++;
  game.solved = null;
  game.revealed = false;
  timer.set(0, false);
  delete status.dataset.verdict;
  const restored = restore(info);
  drawPlayBoard();
  refresh();
  setSolved(game.solved);
  if (game.solved === 'player') status.dataset.verdict = 'solved';
  clearHints();
  $('share-box').hidden = true;
  // The address bar now opens this puzzle: reloading or bookmarking keeps it.
  history.replaceState(null, '', pageLink(info.url));
  return restored;
}

/** Back from Edit mode with the clues unchanged: the board as the player left it. */
export function redrawPlay() {
  drawPlayBoard();
  refresh();
}

export function pageLink(url) {
  return `${location.origin}/slither?p=${encodeURIComponent(url)}`;
}

// ---------------------------------------------------------------- check, hint, solve, share

const PROBLEM_TITLES = {
  crossing: 'Crossing', branch: 'Branch', wrong_number: 'Wrong number', dead_end: 'Dead end',
  several_loops: 'Several loops',
};

/** Calls the API with the current marks; resolves to its answer, or undefined after an error
 * (shown) or when the marks changed meanwhile. */
async function ask(buttonId, route, what) {
  if (!game.puzzle) return undefined;
  const version = game.version;
  delete status.dataset.verdict; // tests and readers wait for the new one
  const res = await busy($(buttonId), status, `thinking… (${what})`, () => api(route, marksBody()));
  if (res && version !== game.version) {
    say(status, `The marks changed while ${what}; press ${$(buttonId).textContent} again.`);
    return undefined;
  }
  return res;
}

async function check() {
  const res = await ask('check', '/api/slither/check', 'checking your lines');
  if (res) showCheck(res);
}

function showCheck(res) {
  clearHighlights();
  status.dataset.verdict = res.verdict;
  if (res.verdict === 'solved' && game.revealed) {
    // The marks are a solution, but one the player has seen: never counted as their solve.
    setSolved('shown');
    status.dataset.verdict = 'shown';
    say(status, 'The loop is a solution, but not counted as your solve: Solve showed the solution.', 'ok');
    return;
  }
  if (res.verdict === 'solved') {
    setSolved('player');
    say(status, `Solved! ${capitalise(res.message.replace(/^solved:\s*/i, ''))}, in ${clockText(timer.elapsed())}.`, 'ok');
    return;
  }
  if (res.verdict === 'incomplete') {
    say(status, capitalise(res.message) + '.');
    return;
  }
  markPlaces($('board'), res, 'bad');
  say(status, `${problemText(res)}.`, 'error');
}

/** "Branch: the loop branches: …"; no title when the message already starts with it. */
function problemText(res) {
  const title = PROBLEM_TITLES[res.verdict] ?? 'Problem';
  return res.message.toLowerCase().startsWith(title.toLowerCase()) ? capitalise(res.message) : `${title}: ${res.message}`;
}

async function hint() {
  const res = await ask('hint', '/api/slither/hint', 'looking for a deduction');
  if (!res) return;
  if (res.status === 'step') {
    change(res.fixed.map((f) => ['e', f.edge, f.state === 'line' ? LINE : CROSS]));
    for (const f of res.fixed) edgeEl(f.edge).classList.add('hinted');
    const summary = showHint(res);
    say(status, `Hint: ${summary} (in green).`, 'ok');
  } else if (res.status === 'mistake') {
    clearHighlights();
    for (const e of res.wrong) edgeEl(e)?.classList.add('bad');
    say(status, `No hint yet: ${res.at} (in red). Change ${res.wrong.length === 1 ? 'it' : 'them'} first.`, 'error');
  } else if (res.status === 'contradiction') {
    clearHighlights();
    markPlaces($('board'), res, 'bad');
    say(status, `No hint: your marks are part of no solution: ${res.text} (in red). Undo some marks or press Solve.`, 'error');
  } else if (res.status === 'stuck') {
    say(status, 'No hint: neither a rule nor a trial decides an edge from these marks, so the puzzle likely has several solutions from here. Press Solve to see one.');
  } else if (res.status === 'no_solution') {
    say(status, 'No hint: this puzzle has no solution (no single loop meets every number), whatever the marks.', 'error');
  } else if (res.status === 'solved') {
    say(status, `Nothing left to hint: every edge is marked and the loop is a solution${game.revealed ? ' (the one Solve showed, not counted as your solve)' : ''}.`, 'ok');
  } else {
    say(status, `Unexpected hint status ${res.status}.`, 'error');
  }
  // Set after the change, which clears the verdict about the marks before it.
  status.dataset.verdict = res.status;
}

async function solve() {
  if (!game.puzzle) return;
  // The player's own solution stays on the board, with its "Solved!".
  if (game.solved === 'player') {
    say(status, 'You have solved it already: the loop on the board is the solution.', 'ok');
    return;
  }
  const version = game.version;
  delete status.dataset.verdict;
  const res = await busy($('solve'), status, 'thinking… (solving)',
    () => api('/api/slither/solve', { puzzle: game.puzzle.text, time_ms: 20000 }));
  if (!res) return;
  if (version !== game.version) {
    say(status, 'The marks changed while solving; press Solve again.');
    return;
  }
  if (res.verdict === 'none') {
    status.dataset.verdict = res.verdict;
    say(status, 'This puzzle has no solution: no single loop meets every number.', 'error');
    return;
  }
  const onLoop = new Set(res.edges);
  game.revealed = true;
  change(game.marks.map((_, e) => ['e', e, onLoop.has(e) ? LINE : EMPTY]), true);
  setSolved('shown');
  status.dataset.verdict = res.verdict;
  say(status, res.verdict === 'unique'
    ? `The solution (it is unique): a loop of ${plural(res.edges.length, 'edge')}. Undo brings your marks back.`
    : `This puzzle has several solutions; this is one of them (${plural(res.edges.length, 'edge')}). Undo brings your marks back.`, 'ok');
}

function share() {
  if (!game.puzzle) return;
  const { url, loopy } = game.puzzle;
  $('share-url').value = url;
  $('share-page').value = pageLink(url);
  $('share-link').href = pageLink(url);
  $('share-loopy').value = loopy;
  $('share-box').hidden = false;
  $('share-url').focus();
  $('share-url').select();
  say(status, 'Share the puzz.link URL, or the link to this page, below.', 'ok');
}

export async function copy(inputId) {
  const input = $(inputId);
  try {
    await navigator.clipboard.writeText(input.value);
    say(status, 'Copied.', 'ok');
  } catch {
    input.focus();
    input.select();
    say(status, 'The browser did not allow copying: the text is selected, press Ctrl+C.');
  }
}
