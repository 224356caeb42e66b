// The Wall Making Game page: play against the engine, with the Grundy value of every
// independent rectangle and the winning moves. The server is the authority on the rules: every
// change of the move list is sent to /api/walls/analyze, whose answer (walls, rectangles,
// values, the engine's choice) is what the page draws.
import { api, h, svg, say, serverLimits, fitBoard } from './common.js';

const SAMPLE_3 = '4 5\nX....\n...X.\n.....\n.....\n';
/** The largest side the server accepts. */
const MAX_SIDE = (await serverLimits()).walls.max_side;

const $ = (id) => document.getElementById(id);
const status = $('status');

/** The game: the board text, the moves played from its start, who is who, and the latest
 * analysis of the position after those moves. */
const game = {
  text: '',
  /** The marked cells, as `key(r, c)`, from the server's answer. */
  marked: new Set(),
  moves: [],
  youFirst: true,
  analysis: null,
  busy: false,
  /** The keyboard cursor, [row, col]. */
  cursor: [0, 0],
  /** Bumped by every new game and undo, so that a late answer for an old position is dropped. */
  epoch: 0,
};

/** A small seeded generator (mulberry32), so a random board is reproducible from its seed. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The whole number in `input`, brought within [lo, hi] and written back; what was changed goes
 * to `notes`, in words (`why` says where the bounds come from). */
function clampInt(input, lo, hi, notes, why = '') {
  const raw = input.value.trim();
  const n = Number.parseInt(raw, 10);
  const v = Number.isInteger(n) ? Math.min(hi, Math.max(lo, n)) : lo;
  if (String(v) !== raw) notes.push(`${input.dataset.name} ${raw === '' ? '(empty)' : raw} is not from ${lo} to ${hi}${why}: ${v} instead`);
  input.value = v;
  return v;
}

/** The contest text of the board the controls describe; `notes` gets what of the controls had
 * to be changed. */
function boardText(notes) {
  const kind = $('kind').value;
  if (kind === 'sample') return SAMPLE_3;
  if (kind === 'text') return $('text').value;
  const largest = ` (the server plays boards up to ${MAX_SIDE}×${MAX_SIDE})`;
  const rows = clampInt($('rows'), 1, MAX_SIDE, notes, largest), cols = clampInt($('cols'), 1, MAX_SIDE, notes, largest);
  const density = kind === 'random' ? clampInt($('density'), 0, 90, notes) / 100 : 0;
  const rand = mulberry32(kind === 'random' ? clampInt($('seed'), 0, 999999999, notes) : 0);
  const lines = [`${rows} ${cols}`];
  for (let r = 0; r < rows; r++) {
    let line = '';
    for (let c = 0; c < cols; c++) line += rand() < density ? 'X' : '.';
    lines.push(line);
  }
  return lines.join('\n') + '\n';
}

const youAre = () => (game.youFirst ? 0 : 1);
const yourTurn = () => game.moves.length % 2 === youAre();
const key = (r, c) => `${r},${c}`;

async function newGame(event) {
  event?.preventDefault();
  const notes = [];
  const text = boardText(notes);
  // Said until the next new game: what of the controls was changed to make this board.
  $('size-note').hidden = notes.length === 0;
  $('size-note').textContent = notes.length ? `${notes.join('; ')}.` : '';
  const epoch = ++game.epoch;
  game.busy = true;
  say(status, 'Setting up the board…', 'busy');
  try {
    const analysis = await api('/api/walls/analyze', { board: text, moves: [] });
    if (epoch !== game.epoch) return;
    const marked = new Set(analysis.marked.map(([r, c]) => key(r, c)));
    Object.assign(game, { text, moves: [], youFirst: $('first').value === 'you', analysis, marked });
    game.busy = false;
    render();
    await engineTurn();
  } catch (e) {
    if (epoch === game.epoch) {
      game.busy = false;
      const previous = game.analysis ? ' The previous game is still on the board.' : '';
      say(status, `Cannot start: ${e.message}.${previous}`, 'error');
    }
  }
}

/** Sends the move list to the server and draws its answer. */
async function update() {
  const epoch = game.epoch;
  const analysis = await api('/api/walls/analyze', { board: game.text, moves: game.moves });
  if (epoch !== game.epoch) return false;
  game.analysis = analysis;
  render();
  return true;
}

async function engineTurn() {
  if (!game.analysis || game.analysis.over || yourTurn()) return;
  const epoch = game.epoch;
  game.busy = true;
  say(status, 'The engine is thinking…', 'busy');
  // A short pause, so that the player sees their own move land before the reply.
  await new Promise((resolve) => setTimeout(resolve, 250));
  if (epoch !== game.epoch) return;
  try {
    game.moves.push(game.analysis.engine_move);
    await update();
  } catch (e) {
    game.moves.pop();
    say(status, `The engine could not move: ${e.message}`, 'error');
  } finally {
    if (epoch === game.epoch) game.busy = false;
    render();
  }
}

async function play(r, c) {
  const a = game.analysis;
  if (!a) return;
  if (a.over) return say(status, 'The game is over: start a new one.', 'error');
  if (game.busy || !yourTurn()) return say(status, 'The engine is thinking: wait for its move.', 'busy');
  const cell = cellState(r, c);
  if (cell !== 'free') {
    return say(status, `Cell (${r}, ${c}) is ${cell === 'wall' ? 'already a wall' : 'marked: it cannot be chosen'}.`, 'error');
  }
  game.moves.push([r, c]);
  game.busy = true;
  try {
    await update();
  } catch (e) {
    game.moves.pop();
    say(status, `Move refused: ${e.message}`, 'error');
    game.busy = false;
    return;
  }
  game.busy = false;
  await engineTurn();
}

async function undo() {
  if (game.moves.length === 0 || (game.moves.length === 1 && !game.youFirst)) {
    return say(status, 'Nothing to undo.', 'error');
  }
  game.epoch++;
  // Back to the last position where it was your turn, before your last move.
  do game.moves.pop();
  while (game.moves.length > 0 && game.moves.length % 2 !== youAre());
  game.busy = true;
  try {
    await update();
  } catch (e) {
    say(status, e.message, 'error');
  } finally {
    game.busy = false;
    render();
  }
}

function cellState(r, c) {
  const a = game.analysis;
  if (a.walls.some(([wr, wc]) => wr === r && wc === c)) return 'wall';
  return game.marked.has(key(r, c)) ? 'marked' : 'free';
}

/** The rectangle of free cells that holds (r, c), if any. */
function partOf(r, c) {
  return game.analysis.parts.find((p) => p.top <= r && r <= p.bottom && p.left <= c && c <= p.right);
}

function render() {
  const a = game.analysis;
  if (!a) return;
  renderBoard(a);
  renderPanel(a);
}

function renderBoard(a) {
  const { rows, cols } = a;
  const size = Math.max(14, Math.min(56, Math.floor(640 / Math.max(rows, cols))));
  const pad = 4;
  const walls = new Set(a.walls.map(([r, c]) => key(r, c)));
  const winning = new Set(a.winning_moves.map(([r, c]) => key(r, c)));
  const showWins = $('show-wins').checked;
  const showValues = $('show-values').checked;
  const root = svg('svg', {
    id: 'walls-board', viewBox: `${-pad} ${-pad} ${cols * size + 2 * pad} ${rows * size + 2 * pad}`, role: 'grid',
    'data-rows': rows, 'data-cols': cols,
  });
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const k = key(r, c);
      const state = walls.has(k) ? 'wall' : game.marked.has(k) ? 'marked' : 'free';
      const cell = svg('rect', {
        class: `cell ${state}`, x: c * size, y: r * size, width: size, height: size,
        'data-cell': k, 'data-state': state, 'data-winning': winning.has(k) ? '1' : null,
      }, svg('title', {}, `(${r}, ${c}) ${state}${winning.has(k) ? ', a winning move' : ''}`));
      cell.addEventListener('click', () => play(r, c));
      if (state === 'free') {
        cell.addEventListener('pointerenter', () => preview(r, c, true));
        cell.addEventListener('pointerleave', () => preview(r, c, false));
      }
      root.append(cell);
      if (game.marked.has(k)) {
        const m = size * 0.28;
        root.append(
          svg('line', { class: 'mark', x1: c * size + m, y1: r * size + m, x2: (c + 1) * size - m, y2: (r + 1) * size - m }),
          svg('line', { class: 'mark', x1: (c + 1) * size - m, y1: r * size + m, x2: c * size + m, y2: (r + 1) * size - m }),
        );
      }
      if (showWins && winning.has(k)) {
        root.append(svg('circle', { class: 'win', cx: (c + 0.5) * size, cy: (r + 0.5) * size, r: size * 0.18 }));
      }
    }
  }
  for (const [i, p] of a.parts.entries()) {
    const zero = p.grundy === 0 ? ' zero' : '';
    root.append(svg('rect', {
      class: `part${zero}`, x: p.left * size + 1.5, y: p.top * size + 1.5,
      width: (p.right - p.left + 1) * size - 3, height: (p.bottom - p.top + 1) * size - 3,
      'data-part': i, 'data-grundy': p.grundy,
    }));
    if (showValues) {
      const label = String(p.grundy);
      const w = 8 + 7 * label.length;
      root.append(svg('g', { class: `part-label${zero}`, transform: `translate(${p.left * size + 2} ${p.top * size + 2})` },
        svg('rect', { width: w, height: 16, rx: 3 }),
        svg('text', { x: w / 2, y: 12, 'text-anchor': 'middle' }, label)));
    }
  }
  const [cr, cc] = game.cursor = [Math.min(game.cursor[0], rows - 1), Math.min(game.cursor[1], cols - 1)];
  root.append(svg('rect', { class: 'cursor', x: cc * size + 3, y: cr * size + 3, width: size - 6, height: size - 6 }));
  const last = game.moves.at(-1);
  if (last) {
    const mine = (game.moves.length - 1) % 2 === youAre();
    root.append(svg('rect', { class: `last${mine ? ' mine' : ''}`, x: last[1] * size + 2, y: last[0] * size + 2, width: size - 4, height: size - 4 }));
  }
  $('board').replaceChildren(root);
  fitBoard(root, cols * size + 2 * pad, rows * size + 2 * pad);
}

/** Shades the cells that choosing (r, c) would turn into walls: its row and column inside
 * its rectangle. */
function preview(r, c, on) {
  const p = partOf(r, c);
  if (!p || (on && (game.busy || !yourTurn() || game.analysis.over))) return;
  for (let cc = p.left; cc <= p.right; cc++) mark(r, cc, on);
  for (let rr = p.top; rr <= p.bottom; rr++) mark(rr, c, on);
  document.querySelector(`[data-cell="${key(r, c)}"]`)?.classList.toggle('preview-origin', on);
}

function mark(r, c, on) {
  document.querySelector(`[data-cell="${key(r, c)}"]`)?.classList.toggle('preview', on);
}

function renderPanel(a) {
  const you = yourTurn();
  const mover = you ? 'you' : 'the engine';
  const verdict = you
    ? `You are to move and ${a.mover_wins ? 'win' : 'lose'} with perfect play.`
    : `The engine is to move and ${a.mover_wins ? 'wins' : 'loses'} with perfect play.`;
  if (a.over) {
    say(status, you ? 'The engine wins: you have no move left.' : 'You win: the engine has no move left.', you ? 'error' : 'ok');
  } else if (!game.busy) {
    say(status, you ? 'Your move: click a free cell.' : 'The engine is thinking…', you ? '' : 'busy');
  }
  const values = a.parts.map((p) => p.grundy);
  // The XOR is worth writing out only over two values or more.
  const sum = values.length > 1 ? `${values.join(' ⊕ ')} = ${a.grundy}` : values.length === 1 ? String(a.grundy) : '0 (no move left)';
  $('xor').replaceChildren(
    h('span', {}, 'Grundy value of the position: '), h('strong', { id: 'grundy', 'data-grundy': a.grundy }, sum), h('br'),
    a.over ? '' : verdict,
  );
  const rows = a.parts.map((p, i) => h('tr', {
    'data-part': i,
    onpointerenter: () => outline(i, true),
    onpointerleave: () => outline(i, false),
  },
  h('td', {}, `rows ${p.top}–${p.bottom}, columns ${p.left}–${p.right}`),
  h('td', {}, `${p.bottom - p.top + 1}×${p.right - p.left + 1}`),
  h('td', {}, String(p.grundy))));
  $('parts').replaceChildren(
    h('thead', {}, h('tr', {}, h('th', {}, 'independent rectangle'), h('th', {}, 'size'), h('th', {}, 'Grundy'))),
    h('tbody', {}, rows),
  );
  const wins = a.winning_moves.map(([r, c]) => `(${r}, ${c})`);
  $('wins').textContent = !$('show-wins').checked || a.over
    ? ''
    : wins.length ? `Winning moves for ${mover}: ${wins.join(' ')}.` : `No winning move for ${mover}: every move leaves a non-zero XOR.`;
  $('moves').replaceChildren(...game.moves.map(([r, c], i) => {
    const mine = i % 2 === youAre();
    return h('li', {}, h('span', { class: mine ? 'you' : 'engine' }, mine ? 'You' : 'Engine'), ` (${r}, ${c})`);
  }));
  $('undo').disabled = game.busy || game.moves.length === 0 || (game.moves.length === 1 && !game.youFirst);
}

function outline(i, on) {
  const part = document.querySelector(`rect.part[data-part="${i}"]`);
  if (part) part.style.strokeWidth = on ? '5' : '';
}

/** Enables the controls the chosen kind of board uses. The size fields always show the size of
 * the board to be played: the player's own for an empty or random board (kept while another
 * kind is chosen), else, greyed, the size the sample's or the pasted text's first line gives. */
function syncControls() {
  const kind = $('kind').value;
  const own = kind === 'empty' || kind === 'random';
  $('text-box').hidden = kind !== 'text';
  if (kind === 'text' && !$('text').value) $('text').value = SAMPLE_3;
  for (const id of ['rows', 'cols']) {
    const input = $(id);
    if (own && input.disabled) input.value = input.dataset.own ?? input.value;
    if (!own && !input.disabled) input.dataset.own = input.value;
    input.disabled = !own;
  }
  if (!own) showTextSize();
  for (const id of ['density', 'seed']) $(id).disabled = kind !== 'random';
}

/** The size in the first line of the sample or the pasted text, in the greyed size fields. */
function showTextSize() {
  const size = /^\s*(\d+)\s+(\d+)/.exec($('kind').value === 'sample' ? SAMPLE_3 : $('text').value);
  $('rows').value = size?.[1] ?? '';
  $('cols').value = size?.[2] ?? '';
}

/** Keyboard play: arrows move the cursor (with the wall preview), Enter or Space plays. */
function onKey(event) {
  const a = game.analysis;
  if (!a) return;
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const [r, c] = game.cursor;
  if (moves[event.key]) {
    event.preventDefault();
    const [dr, dc] = moves[event.key];
    const next = [Math.min(a.rows - 1, Math.max(0, r + dr)), Math.min(a.cols - 1, Math.max(0, c + dc))];
    preview(r, c, false);
    game.cursor = next;
    const cursor = document.querySelector('#board .cursor');
    const cell = document.querySelector(`[data-cell="${key(...next)}"]`);
    if (cursor && cell) {
      cursor.setAttribute('x', Number(cell.getAttribute('x')) + 3);
      cursor.setAttribute('y', Number(cell.getAttribute('y')) + 3);
    }
    if (cellState(...next) === 'free') preview(...next, true);
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    preview(r, c, false);
    play(r, c);
  }
}

$('board').addEventListener('keydown', onKey);
$('setup').addEventListener('submit', newGame);
$('kind').addEventListener('change', syncControls);
$('text').addEventListener('input', () => { if ($('kind').value === 'text') showTextSize(); });
for (const id of ['rows', 'cols']) $(id).max = MAX_SIDE;
$('undo').addEventListener('click', undo);
$('show-values').addEventListener('change', render);
$('show-wins').addEventListener('change', render);
syncControls();
newGame();
