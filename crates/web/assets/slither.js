// The Slitherlink page: open a puzzle (puzz.link URL, Loopy game ID, text, or `?p=` in this
// page's own address) or generate one, then play by marking edges. Check, hint, solve and share
// are the /api/slither routes (docs/API.md); the page keeps only the marks and their history.
import { api, h, svg, edgeAt, edgeCount, edgeNumber, cellSides, say, busy, serverLimits, fitBoard, refitBoards } from './common.js';

const LIMITS = await serverLimits();
/** The difficulties, easiest first, each with the largest side the page offers to generate:
 * what the generator finishes well within its budget. */
const DIFFICULTIES = LIMITS.slither.generate;
const maxSide = (difficulty) => DIFFICULTIES.find((d) => d.difficulty === difficulty)?.max_side ?? 2;

const EMPTY = 0, LINE = 1, CROSS = 2;
const STATE_NAMES = ['empty', 'line', 'cross'];
/** Board geometry in SVG units: one cell's side and the margin around the dots. */
const CELL = 44, PAD = 18;

const game = {
  puzzle: null, // the API's puzzle info: rows, cols, clues, url, loopy, text
  about: '', // where the puzzle came from, for the info line
  marks: [], // per edge: EMPTY, LINE or CROSS
  undo: [], // actions: [[edge, before, after], ...]
  redo: [],
  version: 0, // bumped on every change, so a stale API answer is not shown on new marks
  opened: 0, // bumped whenever a puzzle is opened, so a late generated one does not replace it
  cursor: [0, 0], // the keyboard cursor: a dot (row, col)
};

// ---------------------------------------------------------------- page layout

const $ = (id) => document.getElementById(id);
const status = h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });

function button(id, label, title, onclick) {
  return h('button', { id, type: 'button', title, onclick: guard(onclick) }, label);
}

/** Runs an event handler; anything it throws is shown on the status line, never lost. */
function guard(handler) {
  return (event) => {
    Promise.resolve()
      .then(() => handler(event))
      .catch((e) => say(status, `Something went wrong: ${e.message}`, 'error'));
  };
}

/** A synchronous event handler (one that may call preventDefault) with its errors shown. */
function safely(handler) {
  return (event) => {
    try {
      handler(event);
    } catch (e) {
      say(status, `Something went wrong: ${e.message}`, 'error');
    }
  };
}

/** A form's submit handler: the page stays (no navigation) and `work` runs guarded. */
function submit(work) {
  const run = guard(work);
  return (event) => { event.preventDefault(); run(event); };
}

function buildPage() {
  const loadForm = h('form', { id: 'load-form', onsubmit: submit(loadFromInput) },
    h('fieldset', {},
      h('legend', {}, 'Open a puzzle'),
      h('label', {}, 'puzz.link URL, Loopy game ID or text',
        h('textarea', {
          id: 'puzzle-input', rows: 2, spellcheck: 'false', title: 'Ctrl+Enter loads',
          placeholder: 'https://puzz.link/p?slither/6/5/g11bga18060216bc21c',
          onkeydown: (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('load').click(); } },
        })),
      h('button', { id: 'load', type: 'submit' }, 'Load')));
  const generateForm = h('form', { id: 'generate-form', onsubmit: submit(generate) },
    h('fieldset', {},
      h('legend', {}, 'Generate a puzzle'),
      h('label', {}, 'Rows', h('input', { id: 'rows', type: 'number', min: 2, max: maxSide('standard'), value: 7, required: true })),
      h('label', {}, 'Columns', h('input', { id: 'cols', type: 'number', min: 2, max: maxSide('standard'), value: 7, required: true })),
      h('label', {}, 'Difficulty',
        h('select', { id: 'difficulty', onchange: sizeLimits },
          DIFFICULTIES.map(({ difficulty, max_side: max }) => h('option', {
            value: difficulty, selected: difficulty === 'standard', title: `up to ${max}×${max}`,
          }, difficulty)))),
      h('label', {}, 'Seed (empty: random)', h('input', { id: 'seed', type: 'number', min: 0, step: 1, placeholder: 'random' })),
      h('button', { id: 'generate', type: 'submit' }, 'Generate')));

  const play = h('div', { class: 'play', role: 'toolbar', 'aria-label': 'Play' },
    button('undo', 'Undo', 'Undo the last change (Ctrl+Z)', () => undoRedo(game.undo, game.redo, 1)),
    button('redo', 'Redo', 'Redo (Ctrl+Y)', () => undoRedo(game.redo, game.undo, 2)),
    button('clear', 'Clear', 'Remove every mark (undoable)', clearMarks),
    button('check', 'Check', 'Find the first mistake in your lines', check),
    button('hint', 'Hint', 'Apply one deduction step and name its rule', hint),
    button('solve', 'Solve', 'Show the solution (undo brings your marks back)', solve),
    button('share', 'Share', 'Show the puzz.link URL and a link to this page', share));

  const shareBox = h('div', { id: 'share-box', hidden: true },
    h('label', {}, 'puzz.link URL',
      h('div', { class: 'row' },
        h('input', { id: 'share-url', readonly: true }),
        button('copy-url', 'Copy', 'Copy the puzz.link URL', () => copy('share-url')))),
    h('label', {}, h('span', {}, 'Link to this page with the puzzle: ', h('a', { id: 'share-link', href: '#' }, 'open')),
      h('div', { class: 'row' },
        h('input', { id: 'share-page', readonly: true }),
        button('copy-page', 'Copy', 'Copy the link to this page', () => copy('share-page')))),
    h('label', {}, 'Loopy game ID', h('input', { id: 'share-loopy', readonly: true })));

  const panel = h('div', { class: 'panel' },
    play,
    h('p', { id: 'info' }),
    shareBox,
    h('h2', {}, 'Hints'),
    h('ol', { id: 'hints' }),
    h('p', { class: 'keys' },
      'Click an edge: empty → line → cross → empty. Right click or Shift+click goes the other way; ',
      'hold the button and drag from dot to dot to mark several edges alike. ',
      'Keyboard (click the board or Tab to it): arrows move the ring between dots, Shift+arrow draws or erases a line, ',
      'Ctrl+arrow (or Alt+arrow) sets or removes a cross; Ctrl+Z undo, Ctrl+Y redo.'));

  $('app').append(
    h('div', { class: 'controls' }, loadForm, generateForm),
    status,
    h('div', { class: 'layout' }, h('div', { class: 'board', id: 'board-box' }), panel));
  // A status of two lines pushes the board down: it shrinks to stay in the window.
  new ResizeObserver(refitBoards).observe(status);

  document.addEventListener('keydown', (e) => {
    if (e.target.closest?.('input, textarea, select')) return;
    const key = e.key.toLowerCase();
    if ((e.ctrlKey || e.metaKey) && key === 'z' && !e.shiftKey) { e.preventDefault(); $('undo').click(); }
    else if ((e.ctrlKey || e.metaKey) && (key === 'y' || (key === 'z' && e.shiftKey))) { e.preventDefault(); $('redo').click(); }
  });
}

// ---------------------------------------------------------------- the board

const px = (c) => PAD + c * CELL;
const edgeEl = (e) => document.querySelector(`#board [data-edge="${e}"]`);

/** The clickable region of an edge: the diamond between its two dots and the centres of the
 * cells on either side, so the regions of all edges tile the board and every click hits one. */
function hitDiamond(a, b, kind) {
  const [ax, ay, bx, by] = [px(a[1]), px(a[0]), px(b[1]), px(b[0])];
  const mx = (ax + bx) / 2, my = (ay + by) / 2, half = CELL / 2;
  const side = kind === 'h' ? [[mx, my - half], [mx, my + half]] : [[mx - half, my], [mx + half, my]];
  return [[ax, ay], side[0], [bx, by], side[1]].map((p) => p.join(',')).join(' ');
}

function drawBoard() {
  const { rows, cols, clues } = game.puzzle;
  const width = cols * CELL + 2 * PAD, height = rows * CELL + 2 * PAD;
  // Large enough to click comfortably, at most 660 px wide (tiny boards grow to about 300 units
  // wide); fitBoard shrinks it to the window's height, and CSS to a narrow window's width.
  const scale = Math.max(0.35, Math.min(Math.max(1.6, 300 / width), 660 / width));
  const board = svg('svg', {
    id: 'board', viewBox: `0 0 ${width} ${height}`,
    tabindex: 0, role: 'application', 'aria-label': `Slitherlink board, ${rows} by ${cols}`,
    dataset: { rows, cols },
  });
  const cells = svg('g', { class: 'cells' });
  const edges = svg('g', { class: 'edges' });
  const dots = svg('g', { class: 'dots' });
  const numbers = svg('g', { class: 'numbers' });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.append(svg('rect', { class: 'cell', x: px(c), y: px(r), width: CELL, height: CELL, dataset: { cell: `${r},${c}` } }));
      const clue = clues[r][c];
      if (clue !== null) {
        numbers.append(svg('text', { x: px(c) + CELL / 2, y: px(r) + CELL / 2, dataset: { clue: `${r},${c}` } }, String(clue)));
      }
    }
  }
  for (let e = 0; e < edgeCount(rows, cols); e++) {
    const { kind, from, to } = edgeAt(rows, cols, e);
    const [x1, y1, x2, y2] = [px(from[1]), px(from[0]), px(to[1]), px(to[0])];
    const mx = (x1 + x2) / 2, my = (y1 + y2) / 2, k = 6;
    edges.append(svg('g', { class: 'edge', dataset: { edge: e, state: 'empty' } },
      svg('polygon', { class: 'hit', points: hitDiamond(from, to, kind) }),
      svg('line', { class: 'seg', x1, y1, x2, y2 }),
      svg('path', { class: 'cross', d: `M${mx - k} ${my - k}L${mx + k} ${my + k}M${mx + k} ${my - k}L${mx - k} ${my + k}` })));
  }
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) dots.append(svg('circle', { class: 'dot', cx: px(c), cy: px(r), r: 3.5, dataset: { dot: `${r},${c}` } }));
  }
  game.cursor = [0, 0];
  const cursor = svg('circle', { class: 'cursor', id: 'cursor', cx: px(0), cy: px(0), r: 10, dataset: { cursor: '0,0' } });
  board.append(cells, edges, dots, numbers, svg('g', { class: 'rings' }), cursor);

  board.addEventListener('pointerdown', safely(pressEdge));
  board.addEventListener('pointermove', safely(dragOver));
  board.addEventListener('contextmenu', (e) => e.preventDefault()); // right click is a move here
  board.addEventListener('keydown', boardKey);
  $('board-box').replaceChildren(board);
  fitBoard(board, Math.round(width * scale), Math.round(height * scale));
}

/** The drag in progress: the state it paints, the dot it last passed and the edges it set. */
let stroke = null;
window.addEventListener('pointerup', () => { stroke = null; });
window.addEventListener('pointercancel', () => { stroke = null; });

/** How close (in cells) a press must be to a dot to count as a press on the dot: there the
 * diamonds of four edges meet, so which edge is meant only shows once the pointer moves. */
const ON_DOT = 0.15;

/** A press on an edge cycles it: left empty -> line -> cross -> empty, right or Shift the other
 * way. Holding the button and moving from dot to dot then gives each edge passed the same state,
 * as one undoable action. A press on a dot changes nothing yet: the first edge dragged along
 * decides the state, cycled the same way. */
function pressEdge(event) {
  if (event.button !== 0 && event.button !== 2) return;
  const step = event.button === 2 || event.shiftKey ? 2 : 1;
  const onDot = nearDot(event, ON_DOT);
  const g = event.target.closest('[data-edge]');
  if (!onDot && !g) return;
  event.preventDefault(); // no text selection or focus jump; the board is focused below
  $('board').focus({ preventScroll: true });
  if (onDot) {
    stroke = { step, state: null, dot: onDot, edges: new Set() };
    moveCursor(...onDot);
    return;
  }
  const e = Number(g.dataset.edge);
  const state = (game.marks[e] + step) % 3;
  change([[e, state]]);
  stroke = { step, state, dot: nearDot(event, 0.5), edges: new Set([e]) };
  const { from } = edgeAt(game.puzzle.rows, game.puzzle.cols, e);
  moveCursor(...(stroke.dot ?? from)); // the keyboard goes on from where the mouse played
}

function dragOver(event) {
  if (!stroke) return;
  if ((event.buttons & 3) === 0) { stroke = null; return; }
  const dot = nearDot(event, 0.3);
  if (!dot) return;
  const [r, c] = dot, last = stroke.dot;
  stroke.dot = dot;
  if (!last || Math.abs(r - last[0]) + Math.abs(c - last[1]) !== 1) return;
  const e = edgeFrom(last[0], last[1], r - last[0], c - last[1]);
  if (stroke.edges.has(e)) return;
  stroke.edges.add(e);
  moveCursor(r, c);
  if (stroke.state === null) {
    // A drag that began on a dot: its first edge starts the action and sets the state.
    stroke.state = (game.marks[e] + stroke.step) % 3;
    change([[e, stroke.state]]);
  } else {
    extendLast(e, stroke.state);
  }
}

/** The dot within `reach` cells of the pointer, if any. */
function nearDot(event, reach) {
  const board = $('board');
  const p = new DOMPoint(event.clientX, event.clientY).matrixTransform(board.getScreenCTM().inverse());
  const r = Math.round((p.y - PAD) / CELL), c = Math.round((p.x - PAD) / CELL);
  const { rows, cols } = game.puzzle;
  if (r < 0 || c < 0 || r > rows || c > cols) return null;
  return Math.hypot(p.x - px(c), p.y - px(r)) <= reach * CELL ? [r, c] : null;
}

const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };

/** The edge leaving dot (r, c) in direction (dr, dc), or null at the border. */
function edgeFrom(r, c, dr, dc) {
  const { rows, cols } = game.puzzle;
  const [r2, c2] = [r + dr, c + dc];
  if (r2 < 0 || c2 < 0 || r2 > rows || c2 > cols) return null;
  return dr === 0 ? edgeNumber(rows, cols, 'h', r, Math.min(c, c2)) : edgeNumber(rows, cols, 'v', Math.min(r, r2), c);
}

function boardKey(event) {
  const dir = ARROWS[event.key];
  if (!dir || !game.puzzle) return;
  event.preventDefault();
  const [r, c] = game.cursor;
  const e = edgeFrom(r, c, ...dir);
  if (e === null) return;
  if (event.ctrlKey || event.altKey || event.metaKey) {
    change([[e, game.marks[e] === CROSS ? EMPTY : CROSS]]);
    return;
  }
  if (event.shiftKey) change([[e, game.marks[e] === LINE ? EMPTY : LINE]]);
  moveCursor(r + dir[0], c + dir[1]);
}

function moveCursor(r, c) {
  game.cursor = [r, c];
  const cursor = $('cursor');
  cursor.setAttribute('cx', px(c));
  cursor.setAttribute('cy', px(r));
  cursor.dataset.cursor = `${r},${c}`;
}

// ---------------------------------------------------------------- marks and their history

/** Applies `[[edge, state], ...]` as one undoable action; `revealed` marks the shown solution,
 * which is not celebrated as the player's own. */
function change(list, revealed = false) {
  const action = list.filter(([e, s]) => game.marks[e] !== s).map(([e, s]) => [e, game.marks[e], s]);
  if (action.length === 0) return [];
  action.revealed = revealed;
  game.undo.push(action);
  game.redo.length = 0;
  apply(action, 2);
  return action;
}

/** Adds one edge's change to the last action (a drag is one action). */
function extendLast(e, state) {
  const action = game.undo.at(-1);
  if (!action || game.marks[e] === state) return;
  const entry = [e, game.marks[e], state];
  action.push(entry);
  apply([entry], 2);
}

/** Moves an action from one stack to the other; `side` 1 restores the before states, 2 the after. */
function undoRedo(from, to, side) {
  const action = from.pop();
  if (!action) return;
  to.push(action);
  apply(action, side);
  say(status, side === 1 ? `Undone (${plural(action.length, 'edge')}).` : `Redone (${plural(action.length, 'edge')}).`);
}

function apply(action, side) {
  for (const entry of action) {
    const [e, state] = [entry[0], entry[side]];
    game.marks[e] = state;
    edgeEl(e).dataset.state = STATE_NAMES[state];
  }
  game.version++;
  clearHighlights();
  staleVerdict();
  refresh();
  if (!(action.revealed && side === 2)) maybeSolved();
}

function clearMarks() {
  const changed = change(game.marks.map((_, e) => [e, EMPTY]));
  say(status, changed.length ? `Cleared ${plural(changed.length, 'mark')} (Undo brings them back).` : 'The board is already empty.');
}

/** Colours each number by its lines: met (green), impossible (red: too many lines or crosses). */
function refresh() {
  const { rows, cols, clues } = game.puzzle;
  for (const text of document.querySelectorAll('#board [data-clue]')) {
    const [r, c] = text.dataset.clue.split(',').map(Number);
    const clue = clues[r][c];
    if (typeof clue !== 'number') continue;
    const sides = cellSides(rows, cols, r, c).map((e) => game.marks[e]);
    const lines = sides.filter((s) => s === LINE).length, crosses = sides.filter((s) => s === CROSS).length;
    text.classList.toggle('over', lines > clue || crosses > 4 - clue);
    // A 0 is met only once its four sides are crossed, else every 0 would start green.
    text.classList.toggle('done', lines === clue && crosses <= 4 - clue && (clue > 0 || crosses === 4));
  }
  $('undo').disabled = game.undo.length === 0;
  $('redo').disabled = game.redo.length === 0;
  const lines = game.marks.filter((s) => s === LINE).length;
  const crosses = game.marks.filter((s) => s === CROSS).length;
  const board = $('board');
  board.dataset.lines = lines;
  board.dataset.crosses = crosses;
  const none = clues.every((row) => row.every((v) => v === null)) ? ', no clues (any single loop solves it)' : '';
  $('info').textContent = `${rows} rows × ${cols} columns, ${game.about}${none}. ${plural(lines, 'line')}, ${plural(crosses, 'cross', 'crosses')}.`;
}

/** A verdict on the status line (solved, a mistake, the shown solution) was about the marks
 * before this change: replace it, so "Solved!" never stays under a broken loop. The callers
 * that change marks and then report (hint, solve, undo) say their own message after this. */
function staleVerdict() {
  const verdict = status.dataset.verdict;
  if (!verdict) return;
  delete status.dataset.verdict;
  if (['solved', 'unique', 'multiple'].includes(verdict)) say(status, 'Not solved any more: the marks changed.');
  else say(status, ''); // its red or green highlights are gone too
}

/** Shows the board as solved: the loop and every number (0s too) in green. */
function showSolved() {
  $('board').classList.add('solved');
  for (const text of document.querySelectorAll('#board [data-clue]')) text.classList.add('done');
}

function clearHighlights() {
  for (const el of document.querySelectorAll('#board .bad, #board .hinted')) el.classList.remove('bad', 'hinted');
  document.querySelector('#board .rings')?.replaceChildren();
  $('board')?.classList.remove('solved');
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

// ---------------------------------------------------------------- opening a puzzle

function loadPuzzle(info, about) {
  game.opened++;
  game.puzzle = info;
  game.about = about;
  game.marks = new Array(edgeCount(info.rows, info.cols)).fill(EMPTY);
  game.undo = [];
  game.redo = [];
  game.version++;
  drawBoard();
  refresh();
  $('hints').replaceChildren();
  $('share-box').hidden = true;
  // The address bar now opens this puzzle: reloading or bookmarking keeps it.
  history.replaceState(null, '', pageLink(info.url));
}

function pageLink(url) {
  return `${location.origin}/slither?p=${encodeURIComponent(url)}`;
}

async function openText(text, button) {
  const trimmed = text.trim();
  if (!trimmed) {
    say(status, 'Paste a puzz.link URL, a Loopy game ID or the puzzle as text first.', 'error');
    return false;
  }
  const opened = game.opened;
  const info = await busy(button, status, 'thinking… (reading the puzzle)', () => api('/api/slither/parse', { puzzle: trimmed }));
  if (!info) return false;
  if (opened !== game.opened) return false; // another puzzle was opened meanwhile: it stays
  loadPuzzle(info, 'loaded');
  const none = info.clues.every((row) => row.every((v) => v === null)) ? ' with no clues: any single loop solves it' : '';
  say(status, `Loaded a ${info.rows}×${info.cols} puzzle${none}. Click the edges to draw the loop.`, 'ok');
  return true;
}

function loadFromInput() {
  return openText($('puzzle-input').value, $('load'));
}

/** The generator's time budget: 20 s, and the server's limit for boards over 15x15. */
const generateBudget = (rows, cols) => (rows * cols > 225 ? LIMITS.max_time_ms : Math.min(20000, LIMITS.max_time_ms));

/** Keeps the size inputs' limits in step with the chosen difficulty. */
function sizeLimits() {
  const max = maxSide($('difficulty').value);
  for (const id of ['rows', 'cols']) {
    $(id).max = max;
    if (Number($(id).value) > max) $(id).value = max; // a size too big for the new difficulty
  }
}

async function generate() {
  const rows = Number($('rows').value), cols = Number($('cols').value);
  const difficulty = $('difficulty').value, max = maxSide(difficulty);
  for (const [name, n] of [['Rows', rows], ['Columns', cols]]) {
    if (!Number.isInteger(n) || n < 2 || n > max) {
      say(status, `${name} must be a whole number from 2 to ${max} for ${difficulty} puzzles.`, 'error');
      return;
    }
  }
  const seedText = $('seed').value.trim();
  const seed = seedText === '' ? Math.floor(Math.random() * 1e9) : Number(seedText);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    say(status, 'The seed must be a whole number (0 or more), or empty for a random one.', 'error');
    return;
  }
  const time = generateBudget(rows, cols);
  // Another puzzle may be opened while this one is generated: then the late answer is dropped
  // (as Check, Hint and Solve drop answers about marks that changed).
  const opened = game.opened;
  const late = () => opened !== game.opened;
  const info = await busy($('generate'), status, `thinking… (generating a ${rows}×${cols} ${difficulty} puzzle, up to ${time / 1000} s)`,
    async () => {
      try {
        return await api('/api/slither/generate', { rows, cols, difficulty, seed, time_ms: time });
      } catch (e) {
        if (late()) return null; // about a puzzle no longer wanted: not worth an error
        if (e.status === 503) {
          throw new Error(`No ${rows}×${cols} ${difficulty} puzzle was found within ${time / 1000} s (${e.message}): try a smaller size or an easier difficulty.`);
        }
        throw e;
      }
    });
  if (late()) {
    if (info !== undefined) say(status, `The ${rows}×${cols} puzzle being generated was dropped: another puzzle was opened meanwhile.`);
    return;
  }
  if (!info) return;
  loadPuzzle(info, `generated: ${info.difficulty}, seed ${info.seed}`);
  $('info').dataset.seed = info.seed;
  say(status, `Generated a ${info.difficulty} ${rows}×${cols} puzzle (seed ${info.seed}).`, 'ok');
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
  const board = $('board');
  status.dataset.verdict = res.verdict;
  if (res.verdict === 'solved') {
    showSolved();
    say(status, `Solved! ${capitalise(res.message.replace(/^solved:\s*/i, ''))}.`, 'ok');
    return;
  }
  if (res.verdict === 'incomplete') {
    say(status, capitalise(res.message) + '.');
    return;
  }
  for (const e of res.edges) edgeEl(e)?.classList.add('bad');
  for (const [r, c] of res.cells) board.querySelector(`[data-cell="${r},${c}"]`)?.classList.add('bad');
  for (const [r, c] of res.dots) {
    board.querySelector(`[data-dot="${r},${c}"]`)?.classList.add('bad');
    board.querySelector('.rings').append(svg('circle', { class: 'ring', cx: px(c), cy: px(r), r: 12 }));
  }
  say(status, `${problemText(res)}.`, 'error');
}

/** "Branch: the loop branches: …"; no title when the message already starts with it. */
function problemText(res) {
  const title = PROBLEM_TITLES[res.verdict] ?? 'Problem';
  return res.message.toLowerCase().startsWith(title.toLowerCase()) ? capitalise(res.message) : `${title}: ${res.message}`;
}

/** "5 diagonal 3s" -> "rule 5, diagonal 3s"; names without a number stay as they are. */
function ruleName(rule) {
  const m = /^(\d+) (.*)$/.exec(rule);
  return m ? `rule ${m[1]}, “${m[2]}”` : `“${rule}”`;
}

async function hint() {
  const res = await ask('hint', '/api/slither/hint', 'looking for a deduction');
  if (!res) return;
  if (res.status !== 'contradiction') status.dataset.verdict = res.status;
  if (res.status === 'step') {
    change(res.fixed.map((f) => [f.edge, f.state === 'line' ? LINE : CROSS]));
    status.dataset.verdict = 'step'; // set again: the change cleared the old verdict
    for (const f of res.fixed) edgeEl(f.edge).classList.add('hinted');
    const lines = res.fixed.filter((f) => f.state === 'line').length;
    const what = [lines && plural(lines, 'line'), res.fixed.length - lines && plural(res.fixed.length - lines, 'cross', 'crosses')]
      .filter(Boolean).join(' and ');
    const text = `${capitalise(ruleName(res.rule))} at ${res.at}: ${what}`;
    $('hints').append(h('li', { dataset: { rule: res.rule } }, text));
    say(status, `Hint: ${text} (in green).`, 'ok');
  } else if (res.status === 'mistake') {
    clearHighlights();
    for (const e of res.wrong) edgeEl(e)?.classList.add('bad');
    say(status, `No hint yet: ${res.at} (in red). Change ${res.wrong.length === 1 ? 'it' : 'them'} first.`, 'error');
  } else if (res.status === 'stuck') {
    say(status, 'No deduction rule applies to these marks: the next step needs trial and error. Press Solve to see the answer.');
  } else if (res.status === 'solved') {
    say(status, 'Every edge is already marked: press Check to see whether the loop is right.');
  } else if (res.status === 'contradiction') {
    // Say which mark is wrong when the check can see it; else the deduction rules' word.
    const found = await api('/api/slither/check', marksBody()).catch(() => null);
    if (found && !['solved', 'incomplete'].includes(found.verdict)) {
      showCheck(found);
      say(status, `No hint: your marks contain a mistake. ${problemText(found)}.`, 'error');
    } else {
      say(status, 'No hint: the deduction rules show your marks are part of no solution. Undo some marks or press Solve.', 'error');
    }
    status.dataset.verdict = 'contradiction';
  } else {
    say(status, `Unexpected hint status ${res.status}.`, 'error');
  }
}

async function solve() {
  if (!game.puzzle) return;
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
  change(game.marks.map((_, e) => [e, onLoop.has(e) ? LINE : EMPTY]), true);
  showSolved();
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

async function copy(inputId) {
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

// ---------------------------------------------------------------- helpers and start

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Opens `?p=` (a puzz.link URL, Loopy ID or text) when given, else a fresh 7x7 puzzle. */
async function start() {
  buildPage();
  const p = new URLSearchParams(location.search).get('p');
  if (p) {
    $('puzzle-input').value = p;
    if (!(await openText(p, $('load')))) {
      // Keep the reason in view: the board below is a fresh puzzle instead.
      const reason = status.textContent;
      await generate();
      if (game.puzzle) say(status, `Could not open the puzzle in the address (${reason}); here is a generated one.`, 'error');
    }
    return;
  }
  await generate();
}

start().catch((e) => say(status, `Could not start the page: ${e.message}`, 'error'));
