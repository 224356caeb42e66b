// What the Dots-and-Boxes page keeps in its address, so that a reload or a shared link brings
// back the same game: the board (`rows`, `cols`), who moved first, the moves (`moves=e1.e2…`), a
// loaded start position (`start=<line string>`), and the settings (`level`, `think`, `analyse`,
// `budget`); `position=` loads a position's text at start. What the address asks for and the page
// cannot do is said on the page, in a note that stays (`#address-note`).
import { api, h, edgeCount, plural } from './common.js';

const params = new URLSearchParams(location.search);
const DEFAULT_SIDE = 3;

/** The address's query. */
export const addressParams = () => params;

/** A side from the address (`rows` or `cols`): the default when absent; one the page does not
 * offer is reduced to the largest it offers (`maxSide`, the server's `page_max_side`) or, when
 * it is no size at all, replaced by the default; `notes` gets what was done, in words. */
function side(name, maxSide, notes) {
  const raw = params.get(name);
  if (raw === null) return DEFAULT_SIDE;
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= maxSide) return n;
  if (Number.isInteger(n) && n > maxSide) {
    notes.push(`${name}=${raw} is reduced to ${maxSide}: this page plays boards of 1 to ${maxSide} boxes a side (larger ones do not fit a window)`);
    return maxSide;
  }
  notes.push(`${name}=${raw} is not a number of boxes from 1 to ${maxSide}: ${DEFAULT_SIDE} instead`);
  return DEFAULT_SIDE;
}

/** The board the address asks for, within what the page offers, and notes on what it changed. */
export function boardFromAddress(maxSide) {
  const notes = [];
  const rows = side('rows', maxSide, notes);
  const cols = side('cols', maxSide, notes);
  return { rows, cols, notes };
}

/** Shows `notes` about the address in the note that stays until a new game or a load (none:
 * the note goes). */
export function noteAddress(notes) {
  const note = document.getElementById('address-note');
  note.hidden = notes.length === 0;
  note.replaceChildren(...(notes.length ? [h('strong', {}, 'The address: '), `${notes.join('; ')}.`] : []));
}

/** Keeps `game` and the settings in the address (without a new history entry). */
export function keepInAddress(game, settings) {
  const q = new URLSearchParams({ rows: game.rows, cols: game.cols, level: settings.level, first: game.first, think: settings.think });
  if (settings.analyse) q.set('analyse', '1');
  q.set('budget', settings.budget);
  if (game.startText) q.set('start', game.startText);
  if (game.history.length > 0) q.set('moves', game.history.map((m) => m.edge).join('.'));
  history.replaceState(null, '', `${location.pathname}?${q}`);
}

/** The game of the address's `start` and `moves` on a `rows` x `cols` board, read by the
 * server (the page keeps no parser): `{ start, startText, moves }`, or `{ error }` naming what
 * cannot be read. `reduced`: the board is not the one the address asked for, so its lines
 * cannot be read on it. */
export async function gameFromAddress(rows, cols, reduced) {
  const startText = params.get('start') ?? '';
  const moves = (params.get('moves') ?? '').split('.').filter((m) => m !== '').map(Number);
  if (reduced) return { error: `its game (${plural(moves.length, 'move')}${startText ? ' from a start position' : ''}) is for another board and is not played` };
  let start = new Set();
  if (startText !== '') {
    const read = await api('/api/dots/parse', { text: startText, format: 'openspiel', rows, cols }).catch((err) => err);
    if (read instanceof Error || read.rows !== rows || read.cols !== cols) {
      return { error: `the start position is not a ${rows}x${cols} line string of ${edgeCount(rows, cols)} digits 0 or 1${read instanceof Error ? ` (${read.message})` : ''}: a new game starts afresh` };
    }
    start = new Set(read.drawn);
  }
  return { start, startText, moves };
}
