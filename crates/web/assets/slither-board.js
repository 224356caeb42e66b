// The Slitherlink board as SVG, shared by the page's two modes: cells, edges (each with a
// clickable diamond), dots, numbers, a layer for marks on cells (the editor's rings and
// suggestions) and two keyboard cursors (a ring on a dot, a square on a cell); and the geometry
// that turns a pointer position into a dot or a cell.
import { svg, edgeAt, edgeCount, fitBoard } from './common.js';

/** Board geometry in SVG units: one cell's side and the margin around the dots. */
export const CELL = 44, PAD = 18;
export const px = (i) => PAD + i * CELL;

/** The clickable region of an edge: the diamond between its two dots and the centres of the
 * cells on either side, so the regions of all edges tile the board and every click hits one. */
function hitDiamond(a, b, kind) {
  const [ax, ay, bx, by] = [px(a[1]), px(a[0]), px(b[1]), px(b[0])];
  const mx = (ax + bx) / 2, my = (ay + by) / 2, half = CELL / 2;
  const side = kind === 'h' ? [[mx, my - half], [mx, my + half]] : [[mx - half, my], [mx + half, my]];
  return [[ax, ay], side[0], [bx, by], side[1]].map((p) => p.join(',')).join(' ');
}

/** Draws a board of `rows` × `cols` cells with `clues` (rows of a number, `"?"` or null) into
 * `box`, replacing what was there, and sizes it to the window; returns the SVG (`#board`). */
export function drawBoard(box, { rows, cols, clues }) {
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
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      cells.append(svg('rect', { class: 'cell', x: px(c), y: px(r), width: CELL, height: CELL, dataset: { cell: `${r},${c}` } }));
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
  board.append(cells, edges, dots, svg('g', { class: 'numbers' }), svg('g', { class: 'marks' }), svg('g', { class: 'rings' }),
    svg('circle', { class: 'cursor', id: 'cursor', cx: px(0), cy: px(0), r: 10, dataset: { cursor: '0,0' } }),
    svg('rect', { class: 'cursor', id: 'cell-cursor', x: px(0) + 3, y: px(0) + 3, width: CELL - 6, height: CELL - 6, rx: 4, dataset: { cursor: '0,0' } }));
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) setClue(board, r, c, clues[r][c]);
  }
  board.addEventListener('contextmenu', (e) => e.preventDefault()); // the right button is a move here
  box.replaceChildren(board);
  fitBoard(board, Math.round(width * scale), Math.round(height * scale));
  return board;
}

/** Shows `value` (a number, `"?"`, or null for none) as the clue of cell (r, c). */
export function setClue(board, r, c, value) {
  const old = board.querySelector(`[data-clue="${r},${c}"]`);
  if (value === null || value === undefined) {
    old?.remove();
    return;
  }
  if (old) {
    old.textContent = String(value);
    return;
  }
  // Row-major order in the layer, as the cells: readers and tests list the clues in that order.
  const numbers = board.querySelector('.numbers');
  const text = svg('text', { x: px(c) + CELL / 2, y: px(r) + CELL / 2, dataset: { clue: `${r},${c}` } }, String(value));
  const cols = Number(board.dataset.cols);
  const order = (t) => { const [tr, tc] = t.dataset.clue.split(',').map(Number); return tr * cols + tc; };
  const last = numbers.lastElementChild;
  // Drawing the board adds the clues in order: the last place is the common case.
  const after = !last || order(last) < r * cols + c ? null : [...numbers.children].find((t) => order(t) > r * cols + c);
  numbers.insertBefore(text, after);
}

/** Marks `places` (`{ cells, dots, edges }` as the API gives them: `[row, col]` pairs and edge
 * numbers) with the class `kind` ('bad' for a problem, 'look' for where a hint looked), each
 * dot with a ring of that class too, so a single dot shows. */
export function markPlaces(board, { cells = [], dots = [], edges = [] }, kind) {
  for (const e of edges) board.querySelector(`[data-edge="${e}"]`)?.classList.add(kind);
  for (const [r, c] of cells) board.querySelector(`[data-cell="${r},${c}"]`)?.classList.add(kind);
  const rings = board.querySelector('.rings');
  for (const [r, c] of dots) {
    board.querySelector(`[data-dot="${r},${c}"]`)?.classList.add(kind);
    rings.append(svg('circle', { class: `ring ${kind}`, cx: px(c), cy: px(r), r: 12 }));
  }
}

/** Removes what `markPlaces` marked with `kind`. */
export function unmarkPlaces(board, kind) {
  for (const ring of board.querySelectorAll(`.rings .${kind}`)) ring.remove();
  for (const el of board.querySelectorAll(`.${kind}`)) el.classList.remove(kind);
}

/** The pointer's position in board units. */
function boardPoint(board, event) {
  return new DOMPoint(event.clientX, event.clientY).matrixTransform(board.getScreenCTM().inverse());
}

/** The dot [row, col] within `reach` cells of the pointer, if any. */
export function dotNear(board, event, reach) {
  const p = boardPoint(board, event);
  const r = Math.round((p.y - PAD) / CELL), c = Math.round((p.x - PAD) / CELL);
  if (r < 0 || c < 0 || r > Number(board.dataset.rows) || c > Number(board.dataset.cols)) return null;
  return Math.hypot(p.x - px(c), p.y - px(r)) <= reach * CELL ? [r, c] : null;
}

/** The cell [row, col] under the pointer, or null in the margin. */
export function cellUnder(board, event) {
  const p = boardPoint(board, event);
  const r = Math.floor((p.y - PAD) / CELL), c = Math.floor((p.x - PAD) / CELL);
  if (r < 0 || c < 0 || r >= Number(board.dataset.rows) || c >= Number(board.dataset.cols)) return null;
  return [r, c];
}

/** Moves the dot ring (`#cursor`) to dot (r, c). */
export function moveDotCursor(board, r, c) {
  const ring = board.querySelector('#cursor');
  ring.setAttribute('cx', px(c));
  ring.setAttribute('cy', px(r));
  ring.dataset.cursor = `${r},${c}`;
}

/** Moves the cell square (`#cell-cursor`) to cell (r, c). */
export function moveCellCursor(board, r, c) {
  const square = board.querySelector('#cell-cursor');
  square.setAttribute('x', px(c) + 3);
  square.setAttribute('y', px(r) + 3);
  square.dataset.cursor = `${r},${c}`;
}

/** The arrow keys as steps [rows, cols]. */
export const ARROWS = { ArrowRight: [0, 1], ArrowLeft: [0, -1], ArrowDown: [1, 0], ArrowUp: [-1, 0] };
