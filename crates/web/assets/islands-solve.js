// The Islands page's analysis: the exact outcome with best play for the side to move (POST
// /api/islands/solve, on small boards or with few live numbers left) and a best region, outlined
// on the board as a hint.
import { api, say } from './common.js';
import { game, changed, toMove, sideName, boardText, liveNumbers } from './islands-state.js';

const SOLVE_MS = 5000;

const $ = (id) => document.getElementById(id);
/** The game and the move the outcome on show is about. */
const stamp = () => `${game.epoch}:${game.moves.length}`;
let shownFor = null;

/** Whether the exact solver is worth asking: a small board, or few live numbers left. */
export function solvable() {
  return !game.over && !game.thinking && (game.n <= 5 || liveNumbers().size <= 6);
}

/** Forgets the outcome on show once the board has changed (a move, an undo, a new game). */
export function dropStaleOutcome() {
  if (shownFor === null || shownFor === stamp()) return;
  shownFor = null;
  const result = $('solve-result');
  say(result, '', '');
  delete result.dataset.outcome;
}

/** Asks the exact solver about the board on show and says what it found. */
export async function solveExact() {
  const side = toMove();
  const result = $('solve-result');
  $('solve').disabled = true;
  const asked = stamp();
  shownFor = asked;
  say(result, `Solving exactly (up to ${SOLVE_MS / 1000} s)…`, 'busy');
  let answer;
  try {
    answer = await api('/api/islands/solve', { board: boardText(), time_ms: SOLVE_MS });
  } catch (e) {
    if (asked === stamp()) say(result, e.message, 'error');
    return;
  } finally {
    changed();
  }
  if (asked !== stamp()) return;
  const you = game.mode === 'play' && side === game.human;
  const verbs = you ? { Win: 'win', Draw: 'draw', Loss: 'lose' } : { Win: 'wins', Draw: 'draws', Loss: 'loses' };
  const verb = verbs[answer.outcome] ?? answer.outcome;
  game.hint = answer.best;
  result.dataset.outcome = answer.outcome;
  const mover = you ? 'You are' : game.mode === 'play' ? 'The engine is' : `${sideName(side)} is`;
  say(result, `${mover} to move and ${verb} with best play${answer.best ? '; a best region is outlined in dashed green' : ''}.`, answer.outcome === 'Loss' ? '' : 'ok');
  changed();
}
