// The player's region on the Islands page: built by a drag from a number, by clicks, or by the
// keyboard; every selection is judged by POST /api/islands/legal (its reason is shown as it
// stands), and a legal one is played with the board the API gives after it.
import { api, say, plural } from './common.js';
import { game, changed, applyMove, inside, toMove, boardText } from './islands-state.js';
import { boardElement, drawOverlay, cellAt } from './islands-board.js';

const PREVIEW_DELAY_MS = 60; // debounce of the legality preview while dragging

const $ = (id) => document.getElementById(id);

let previewTimer = 0;
let previewSeq = 0;
/** What runs once the player's region is painted (the engine's reply). */
let afterPlay = () => {};

/** Sets what runs after the player paints a region. */
export function whenPlayed(reply) {
  afterPlay = reply;
}

function setPreview(text, legal) {
  const preview = $('preview');
  preview.textContent = text;
  if (legal === undefined) delete preview.dataset.legal;
  else preview.dataset.legal = String(legal);
}

function describeVerdict(v) {
  return v.legal ? `Legal region (${plural(game.selection.length, 'cell')}): release or press Paint to play it.` : `Not legal: ${v.reason}.`;
}

/** Asks the API about the current selection; answers for an older selection are dropped. */
async function judge() {
  const seq = ++previewSeq;
  const epoch = game.epoch;
  const cells = game.selection.map(([r, c]) => [r, c]);
  if (cells.length === 0) return null;
  const verdict = await api('/api/islands/legal', { board: boardText(), cells });
  if (seq !== previewSeq || epoch !== game.epoch) return null;
  game.verdict = verdict;
  setPreview(describeVerdict(verdict), verdict.legal);
  changed();
  return verdict;
}

function schedulePreview() {
  clearTimeout(previewTimer);
  previewSeq++; // an answer in flight is for an older selection now
  game.verdict = null;
  if (game.selection.length === 0) {
    setPreview('', undefined);
  } else {
    setPreview(`${plural(game.selection.length, 'cell')} selected…`, undefined);
    previewTimer = setTimeout(() => judge().catch((e) => say($('status'), e.message, 'error')), PREVIEW_DELAY_MS);
  }
  changed();
}

/** Forgets the selection and any answer about it still on its way. */
export function dropSelection() {
  clearTimeout(previewTimer);
  previewSeq++;
  game.selection = [];
  game.selectionFromDrag = false;
  game.verdict = null;
  setPreview('', undefined);
}

export function clearSelection() {
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

export function humanCanMove() {
  return game.mode === 'play' && !game.over && !game.thinking && toMove() === game.human;
}

/** Plays the selection if the API finds it legal; otherwise shows why and paints nothing. */
export async function submitSelection() {
  if (!humanCanMove() || game.selection.length === 0) return;
  clearTimeout(previewTimer);
  const epoch = game.epoch;
  const status = $('status');
  const verdict = await judge().catch((e) => { say(status, e.message, 'error'); return null; });
  if (!verdict || epoch !== game.epoch) return;
  if (!verdict.legal) {
    say(status, `That region is not legal: ${verdict.reason}.`, 'error');
    return;
  }
  const cells = game.selection;
  dropSelection();
  applyMove(game.human, cells, verdict.after);
  say(status, '', '');
  changed();
  await afterPlay();
}

// ---------------------------------------------------------------- pointer and keyboard

let drag = null; // { start: [r, c], moved: boolean, id }

function onPointerDown(event) {
  if (event.button !== 0) return;
  const cell = cellAt(event);
  if (!cell) return;
  event.preventDefault();
  // The page focuses the board itself (the default focusing is cancelled with the pointer
  // event); the keyboard cursor shows only once the keyboard is used.
  boardElement().focus({ preventScroll: true, focusVisible: false });
  game.showCursor = false;
  game.cursor = cell;
  if (!humanCanMove()) {
    const why = game.over ? game.over.text : game.mode === 'watch' ? 'Watching the bots: switch the mode to play.' : 'Wait for the engine’s move.';
    say($('status'), why, game.over ? '' : 'busy');
    return;
  }
  drag = { start: cell, moved: false, id: event.pointerId };
  boardElement().setPointerCapture(event.pointerId);
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
  } else {
    toggleCell(...start);
  }
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

/** The board's event listeners (see `buildBoard`). */
export const boardHandlers = {
  pointerdown: onPointerDown,
  pointermove: onPointerMove,
  pointerup: onPointerUp,
  pointercancel: () => { drag = null; },
  keydown: onKey,
  blur: () => { game.showCursor = false; drawOverlay(); },
};
