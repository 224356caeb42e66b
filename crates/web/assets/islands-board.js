// The Islands board as SVG: cells coloured by who painted them, grey where the API says they are
// blocked, numbers crossed out where it says they are dead, and outlines for the last move, the
// exact solver's hint, the selection and the keyboard cursor.
import { svg, fitBoard } from './common.js';
import { game, key, current, owners, sideClass, liveNumbers, blockedCells, isNumber } from './islands-state.js';

const CELL = 40; // SVG units per cell
const PAD = 3; // SVG units around the grid, so outlines on the border are not clipped

let board = null; // { svg, rects: Map, texts: Map, overlay }

/** The board's SVG element, once drawn. */
export const boardElement = () => board?.svg ?? null;

/** Draws the board of the game on show into `wrap`; `handlers` are the SVG's event listeners
 * by event name (the player's region: islands-region.js). */
export function buildBoard(wrap, handlers) {
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
  for (const [event, handler] of Object.entries(handlers)) root.addEventListener(event, handler);
  // About 64 px per cell on small boards, 40rem on the largest; less when the window is low.
  const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  const side = Math.round(Math.min(40, Math.max(20, game.n * 2.7)) * rem);
  wrap.replaceChildren(root);
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

/** The selection's colour: green once the API finds it legal, red when not. */
function selectionClass() {
  if (!game.verdict) return '';
  return game.verdict.legal ? 'ok' : 'bad';
}

/** The outlines: the last move, the hint, the selection and the keyboard cursor. */
export function drawOverlay() {
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

/** The cells and numbers as the API's board says, with the owners and the selection. */
export function drawCells() {
  if (!board) return;
  const own = owners();
  const { grid } = current();
  const live = liveNumbers();
  const blocked = blockedCells();
  const selected = new Set(game.selection.map(([r, c]) => key(r, c)));
  const verdict = selectionClass();
  for (const [k, rect] of board.rects) {
    const [r, c] = k.split(',').map(Number);
    const token = grid[r][c];
    const painted = token === 'B';
    const classes = ['cell'];
    if (painted) classes.push('painted', sideClass(own.get(k)));
    else if (blocked.has(k)) classes.push('blocked');
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
}

/** The cell `[r, c]` under a pointer event, or null. */
export function cellAt(event) {
  const el = document.elementFromPoint(event.clientX, event.clientY);
  const k = el?.dataset?.cell;
  return k ? k.split(',').map(Number) : null;
}
