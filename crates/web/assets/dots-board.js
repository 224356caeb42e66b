// The Dots-and-Boxes board as SVG: lines (each a generous clickable band, named as the server
// names it), boxes, dots and a label per line for the analysis's values; drawn once per game,
// then only its attributes change, so that the keyboard focus and hover survive moves.
import { svg, edgeAt, edgeCount, fitBoard } from './common.js';
import { NAMES, signed } from './dots-game.js';

const MARGIN = 26;
/** Thickness of a line's clickable band, in board units. */
const HIT = 26;

const board = () => document.getElementById('board');
const edgeEl = (e) => board().querySelector(`g.edge[data-edge="${e}"]`);
const boxEl = (r, c) => board().querySelector(`g.box[data-cell="${r},${c}"]`);

/** Draws the board of a `rows` x `cols` game whose lines are called `names` (the server's);
 * `pick(e)` is called when line `e` is clicked or chosen by the keyboard. */
export function buildBoard({ rows, cols }, names, pick) {
  const root = board();
  // Big boxes on small boards, 56 units from 8x8 on (the SVG scales down to fit the window).
  const CELL = Math.min(110, Math.max(56, Math.floor(460 / Math.max(rows, cols))));
  const [w, ht] = [cols * CELL + 2 * MARGIN, rows * CELL + 2 * MARGIN];
  root.setAttribute('viewBox', `0 0 ${w} ${ht}`);
  fitBoard(root, w, ht);
  root.dataset.rows = rows;
  root.dataset.cols = cols;
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
    edges.push(svg('g', {
      class: 'edge', 'data-edge': e, 'data-name': names[e], role: 'button', 'aria-label': `line ${names[e]}`,
      onclick: () => pick(e),
      onkeydown: (ev) => { if (ev.key === 'Enter' || ev.key === ' ') { ev.preventDefault(); pick(e); } },
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
  root.replaceChildren(svg('g', { class: 'boxes' }, boxes), svg('g', { class: 'edges' }, edges), svg('g', { class: 'dots' }, dots),
    svg('g', { class: 'labels' }, labels));
}

/** Shows `view` (a replay) on the board: owners of lines and boxes, the lines of the last turn
 * (`lastTurn`, a Set) and, when `playable`, the undrawn lines as clickable. */
export function renderBoard(view, lastTurn, playable) {
  const root = board();
  const cols = Number(root.dataset.cols);
  root.dataset.toMove = view.toMove ?? 'over';
  for (const g of root.querySelectorAll('g.edge')) {
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
  for (const g of root.querySelectorAll('g.box')) {
    const [r, c] = g.dataset.cell.split(',').map(Number);
    const owner = view.boxOwner[r * cols + c];
    g.dataset.owner = owner ?? '';
    g.querySelector('text').textContent = owner === 'you' ? 'Y' : owner === 'engine' ? 'E' : '';
  }
  if (playable) keepFocusOnBoard();
  clearValues();
}

/** When the focus is on a line out of play (the one you drew, or one the engine drew), moves
 * it to the nearest undrawn line, so that a keyboard player can move again without Tab. */
function keepFocusOnBoard() {
  const focused = document.activeElement;
  if (!focused?.matches?.('#board g.edge') || focused.classList.contains('playable')) return;
  const root = board();
  const [rows, cols] = [Number(root.dataset.rows), Number(root.dataset.cols)];
  const mid = (e) => { const { from, to } = edgeAt(rows, cols, e); return [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2]; };
  const [r0, c0] = mid(Number(focused.dataset.edge));
  let best = null;
  for (const g of root.querySelectorAll('g.edge.playable')) {
    const [r, c] = mid(Number(g.dataset.edge));
    const d = (r - r0) ** 2 + (c - c0) ** 2;
    if (best === null || d < best.d) best = { g, d };
  }
  best?.g.focus();
}

/** Takes the analysis's marks off the board: values, best lines, tinted boxes. */
export function clearValues() {
  const root = board();
  for (const t of root.querySelectorAll('.value-label')) t.textContent = '';
  for (const g of root.querySelectorAll('g.edge')) { g.classList.remove('best'); delete g.dataset.value; }
  for (const g of root.querySelectorAll('g.box')) { g.classList.remove('highlight', 'in-component'); delete g.dataset.component; }
}

/** Marks line `e` with its `value` (labelled on the board when `label`), and as best or not. */
export function markLine(e, value, best, label) {
  const g = edgeEl(e);
  g.dataset.value = value;
  g.classList.toggle('best', best);
  if (label) board().querySelector(`.value-label[data-edge="${e}"]`).textContent = signed(value);
}

/** Shows line `e` as hovered (its row in a table is), or not. */
export function hoverLine(e, on) {
  edgeEl(e)?.classList.toggle('hover', on);
}

/** Tints a chain's or loop's boxes for as long as the analysis is shown (a long one darker). */
export function tintBoxes(comp) {
  const kind = comp.kind === 'loop' ? 'loop' : comp.long ? 'long' : 'short';
  for (const [r, c] of comp.boxes) {
    const g = boxEl(r, c);
    g?.classList.add('in-component');
    if (g) g.dataset.component = kind;
  }
}

/** Picks out `boxes` (`[row, col]` pairs) while `on`. */
export function highlightBoxes(boxes, on) {
  for (const [r, c] of boxes) boxEl(r, c)?.classList.toggle('highlight', on);
}
