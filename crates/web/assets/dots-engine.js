// The engine's turn on the Dots-and-Boxes page: POST /api/dots/move while it is the engine's
// turn (it moves again after completing a box), each line replayed by the server, and the turn
// told whole: its lines by the server's names, the boxes it took, and what the engine's answer
// says of the game (an exact value, a proven bound, or its search's estimate) as a final score.
import { api, say, serverLimits } from './common.js';
import { play, replay, finalScore, aboutFinal, signed } from './dots-game.js';

const limits = (await serverLimits()).dots;
/** The exact solver (the analysis, and the engine's exact play) works on boards of at most this
 * many lines; on larger ones the strong engine searches without it. */
export const MAX_LINES = limits.max_lines;
/** The basic level searches exactly only with at most this many undrawn lines, or when no safe
 * line is left; before that it plays by chain rules at once. */
export const EXACT_LINES = limits.exact_lines;

const $ = (id) => document.getElementById(id);
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** The final score an engine's value means, from the position it moved in: `exact`, `at least`
 * (a proven lower bound: the engine's boxes first) or `about` (an estimate, rounded to whole
 * boxes). */
function engineOutlook(before, value, form) {
  const { final: { you, engine } } = form === 'about' ? aboutFinal(before, 'engine', value) : finalScore(before, 'engine', value);
  return {
    final: { you, engine },
    text: form === 'at least' ? `at least Engine ${engine} – ${you} You at the end`
      : `${form === 'about' ? 'about ' : ''}You ${you} – ${engine} Engine at the end`,
  };
}

/** Why the engine chose its line, from its answer, in words. */
function howChosen(answer, before) {
  const over = `over the ${before.unclaimed} unclaimed box${before.unclaimed === 1 ? '' : 'es'}`;
  switch (answer.reason) {
    case 'exact': return `, exact value ${signed(answer.value)} for it ${over}: with best play by both, ${engineOutlook(before, answer.value, 'exact').text}`;
    case 'proven': return `, proven worth at least ${signed(answer.value)} for it ${over} (the exact solve ran out of time): ${engineOutlook(before, answer.value, 'at least').text}`;
    case 'heuristic': return `, by chain rules (the exact search starts at ${EXACT_LINES} undrawn lines or when no safe line is left)`;
    case 'search': return answer.estimate === null
      ? `, by search (too thin to estimate the outcome: ${answer.playouts.toLocaleString('en')} playouts)`
      : `, by search (it expects about ${signed(answer.estimate)} ± ${answer.std_error} for itself ${over}, ${engineOutlook(before, answer.estimate, 'about').text}, after ${answer.playouts.toLocaleString('en')} playouts)`;
    case 'large-board': return `, by chain rules and exact simple endgames (a board of more than ${MAX_LINES} lines is beyond the exact solver)`;
    case 'level': return '';
    default: return `, ${answer.reason}`;
  }
}

/** Asks the API for the engine's moves while it is the engine's turn, at the level and thinking
 * time chosen then; `show()` shows each new replay. A newer game, an undo or a load makes the
 * answer stale: it is dropped. Resolves once the turn is over (true) or failed or stale. */
export async function engineTurn(show) {
  const mine = play.generation;
  const status = $('status');
  const fail = (text) => {
    play.engineFailed = true;
    say(status, text, 'error');
    show();
    return false;
  };
  // The lines and boxes of this turn so far: a turn of captures is told whole.
  const turnLines = [];
  let turnBoxes = 0;
  while (mine === play.generation && play.view.toMove === 'engine') {
    const [level, thinkMs] = [$('level').value, Number($('think').value)];
    say(status, `The engine is thinking… (${level}${level === 'strong' || level === 'basic' ? `, up to ${thinkMs / 1000} s` : ''})`, 'busy');
    const { game, view: before } = play;
    let answer;
    try {
      answer = await api('/api/dots/move', {
        rows: game.rows, cols: game.cols, drawn: [...before.drawn], level,
        time_ms: thinkMs, seed: (game.seed + game.history.length) % 2 ** 31,
      }, { signal: play.controller.signal });
    } catch (err) {
      return mine === play.generation && fail(`The engine could not move: ${err.message}`);
    }
    if (mine !== play.generation) return false;
    if (before.lineOwner[answer.line] !== null) return fail(`The engine answered line ${answer.line}, which is already drawn.`);
    game.history.push({ edge: answer.line, by: 'engine' });
    let next;
    try {
      next = await replay(game);
    } catch (err) {
      return mine === play.generation && fail(`The server could not replay the game: ${err.message}`);
    }
    if (mine !== play.generation) return false;
    play.view = next;
    play.engineEstimate = answer.reason === 'search' && answer.estimate !== null
      ? { at: game.history.length, playouts: answer.playouts, final: engineOutlook(before, answer.estimate, 'about').final }
      : null;
    show();
    const name = next.names[answer.line];
    turnLines.push(name);
    turnBoxes += answer.completes;
    const boxes = (n) => (n === 1 ? 'a box' : `${n} boxes`);
    const lines = turnLines.length === 1 ? name : `${turnLines.length} lines (${turnLines.join(', ')})`;
    const last = turnLines.length === 1 ? '' : `; its last, ${name}${answer.completes > 0 ? `, completed ${boxes(answer.completes)}` : ''}`;
    say(status, `The engine drew ${lines}${turnBoxes > 0 ? ` and completed ${boxes(turnBoxes)}` : ''}${last}${howChosen(answer, before)}.`, 'ok');
    // Let a chain of captures be seen line by line.
    if (play.view.toMove === 'engine') await pause(200);
  }
  return mine === play.generation;
}
