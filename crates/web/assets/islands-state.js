// The Islands game on screen. The API is the authority on everything the rules decide: each
// board comes from it as board info (/api/islands/generate, /api/islands/move, and the `after` of
// /api/islands/legal: the grid, the status for the player to move, the live numbers and the
// blocked cells), and this module keeps them, one per move, so that undo is going back to an
// earlier one. It adds only what the API's board does not say: who painted which region, the
// numbers under the paint, and the selection.

export const key = (r, c) => `${r},${c}`;
export const isNumber = (token) => /^[0-9]+$/.test(token);

/** Everything about the game on screen. Sides: 0 moves first, 1 second. */
export const game = {
  preset: 'small', seed: 0, requestedSeed: 0, n: 0,
  start: null, // the API's board info of the generated board
  numbers: new Map(), // "r,c" -> the number there at the start (drawn under the paint too)
  moves: [], // { side, cells: [[r, c]], number, at: [r, c], after: board info }
  mode: 'play',
  human: 0, // the player's side in play mode
  bots: ['strong', 'greedy'], // the bots' levels in watch mode, by side
  over: null, // null, or { winner: side | null (a draw), text }
  epoch: 0, // bumped by every new game/restart/undo: answers for an older epoch are dropped
  thinking: false,
  engineFailed: false,
  playing: false, // watch mode autoplay
  selection: [], // [[r, c]] in the order built
  selectionFromDrag: false,
  verdict: null, // the API's { legal, reason, after } for the current selection, null while unknown
  hint: null, // cells of the exact solver's best move
  cursor: [0, 0],
  showCursor: false,
};

let onChange = () => {};

/** Sets what runs after every change of the game: the page draws it. */
export function whenChanged(draw) {
  onChange = draw;
}

/** Draws the game again (see `whenChanged`). */
export function changed() {
  onChange();
}

/** The board as the API last gave it (after the last move, or as generated). */
export function current() {
  return game.moves.at(-1)?.after ?? game.start;
}

/** The current board's text, the input of the API's routes. */
export const boardText = () => current().board;

/** The API's verdicts on the current board, as sets of "r,c". */
export const liveNumbers = () => new Set(current().live.map(([r, c]) => key(r, c)));
export const blockedCells = () => new Set(current().blocked.map(([r, c]) => key(r, c)));

export const inside = (r, c) => r >= 0 && c >= 0 && r < game.n && c < game.n;

export const toMove = () => game.moves.length % 2;

export function sideName(side) {
  if (game.mode === 'play') return side === game.human ? 'You' : 'Engine';
  return `${side === 0 ? 'First' : 'Second'} (${game.bots[side]})`;
}

/** Colour class of a side: in play mode the player is always blue. */
export function sideClass(side) {
  if (game.mode === 'play') return side === game.human ? 'p1' : 'p2';
  return side === 0 ? 'p1' : 'p2';
}

/** Who painted each cell: "r,c" -> side. */
export function owners() {
  const map = new Map();
  for (const m of game.moves) for (const [r, c] of m.cells) map.set(key(r, c), m.side);
  return map;
}

function regionNumber(cells) {
  for (const [r, c] of cells) if (game.numbers.has(key(r, c))) return { number: game.numbers.get(key(r, c)), at: [r, c] };
  return { number: cells.length, at: cells[0] };
}

/** Records `side`'s region and the API's board after it; notes the end of the game. */
export function applyMove(side, cells, after) {
  game.moves.push({ side, cells, ...regionNumber(cells), after });
  game.hint = null;
  noteStatus(after.status);
}

/** The game is over when the side to move has no move (`no_move`: it loses) or every number is
 * painted (`draw`); `status` is the API's, for the side to move. Returns whether it is over. */
export function noteStatus(status) {
  if (status === 'ongoing') return false;
  const loser = toMove();
  const you = (side) => game.mode === 'play' && side === game.human;
  const lower = (text) => text.replace(/^./, (c) => c.toLowerCase());
  game.over = status === 'draw'
    ? { winner: null, text: 'Game over: a draw, every number is painted.' }
    : { winner: 1 - loser, text: `Game over: ${sideName(1 - loser)} ${you(1 - loser) ? 'win' : 'wins'}; ${lower(sideName(loser))} ${you(loser) ? 'have' : 'has'} no legal move.` };
  game.playing = false;
  return true;
}

/** Back to the generated board, in `mode` with the player on `human`'s side. */
export function resetGame(mode, human) {
  game.epoch++;
  game.moves = [];
  game.over = null;
  game.thinking = false;
  game.engineFailed = false;
  game.playing = false;
  game.selection = [];
  game.selectionFromDrag = false;
  game.verdict = null;
  game.hint = null;
  game.mode = mode;
  game.human = human;
}

/** Takes back the player's last move and the replies after it; false when there is none. */
export function takeBack() {
  const lastHuman = game.moves.map((m) => m.side).lastIndexOf(game.human);
  if (lastHuman < 0) return false;
  const kept = game.moves.slice(0, lastHuman);
  resetGame(game.mode, game.human);
  game.moves = kept;
  noteStatus(current().status);
  return true;
}
