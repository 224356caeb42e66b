// The Dots-and-Boxes game on the page: a start position and a move history, which the server
// replays (POST /api/dots/replay) into what the page shows: who drew each line, who owns each
// box, the scores, whose turn it is, every line's name and the position's texts. The page keeps
// no rule and no format of its own.
import { api } from './common.js';

export const NAMES = { you: 'You', engine: 'Engine' };
export const other = (p) => (p === 'you' ? 'engine' : 'you');
/** A value with its sign: +2, 0, -1.5. */
export const signed = (v) => (v > 0 ? `+${v}` : String(v));

/** The game on show and what the page knows of it. */
export const play = {
  /** `{ rows, cols, start (Set of drawn lines), startText (its line string), first ('you' or
   * 'engine'), seed, history: [{ edge, by }] }`, or null before the first game. */
  game: null,
  /** The replay of `game` on show (see `replay`). */
  view: null,
  /** Bumped by every new game, undo or load: an answer for an older one is dropped. */
  generation: 0,
  /** Aborts the engine's request of an older game. */
  controller: null,
  /** The engine's last move failed: it waits for "Ask the engine again". */
  engineFailed: false,
  /** Replays on their way to the server: no move is taken until they are back. */
  replaying: 0,
  /** What the engine's own search expected with its last move, when it searched: `{ at (the
   * history length after its turn), playouts, final: { you, engine } }`, for the analysis to
   * set beside its own. */
  engineEstimate: null,
};

/** Starts a new game record (no move yet); the engine's requests of the old one are aborted. */
export function freshGame(rows, cols, first, start = new Set(), startText = '') {
  play.generation += 1;
  play.controller?.abort();
  play.controller = new AbortController();
  play.engineFailed = false;
  play.engineEstimate = null;
  // The engine's random choices: a fresh seed per game, varied per move.
  play.game = { rows, cols, start, startText, first, seed: Math.floor(Math.random() * 2 ** 31), history: [] };
  return play.game;
}

/** Replays `game` (its start and `moves`, by default its history) by the engine's rule (a
 * completed box moves again). Sides are the page's: 'you', 'engine', or 'given' for what the
 * start position holds. `movers` says who drew each move played; `stopped` is the first move
 * that could not be played, or null; `names` every line's name; `texts` the position's
 * `olympiad` text and `openspiel` line string. */
export async function replay(game, moves = game.history.map((m) => m.edge)) {
  const ans = await api('/api/dots/replay', { rows: game.rows, cols: game.cols, drawn: [...game.start], moves });
  const who = (side) => (side === 'first' ? game.first : side === 'second' ? other(game.first) : side === 'start' ? 'given' : null);
  const lineOwner = ans.lines.map(who);
  const [first, second] = ans.score;
  return {
    lineOwner,
    boxOwner: ans.boxes.map(who),
    score: game.first === 'you' ? { you: first, engine: second } : { you: second, engine: first },
    toMove: who(ans.to_move),
    drawn: new Set(lineOwner.flatMap((o, e) => (o === null ? [] : [e]))),
    over: ans.to_move === null,
    unclaimed: ans.unclaimed,
    movers: ans.movers.map(who),
    stopped: ans.stopped,
    names: ans.names,
    texts: ans.texts,
  };
}

/** [replay], with no move taken while it is on its way (`#app` is marked `data-replaying`
 * meanwhile, which the tests wait on). */
export async function replayBlocking(game, moves) {
  const app = document.getElementById('app');
  play.replaying += 1;
  app.dataset.replaying = 'true';
  try {
    return await replay(game, moves);
  } finally {
    play.replaying -= 1;
    if (play.replaying === 0) delete app.dataset.replaying;
  }
}

/** Whether the engine is (or is about to be) thinking: no analysis then, it would share the CPU. */
export function engineBusy() {
  return play.game !== null && play.view.toMove === 'engine' && !play.engineFailed;
}

/** The final score when `mover`, to move in `state` (a replay), nets `value` over the unclaimed
 * boxes: the mover takes (U + v) / 2 of the U unclaimed boxes. */
export function finalScore(state, mover, value) {
  const u = state.unclaimed;
  const gets = (u + value) / 2;
  const final = { ...state.score };
  final[mover] += gets;
  final[other(mover)] += u - gets;
  return { final, gets, u };
}

/** The final score an estimate means, in whole boxes: your share rounded (halves up), the
 * engine's the rest, whoever the estimate is for, so that two estimates of one position round
 * alike. */
export function aboutFinal(state, mover, value) {
  const { final, u } = finalScore(state, mover, value);
  const total = final.you + final.engine;
  const you = Math.round(final.you);
  const whole = { you, engine: total - you };
  return { final: whole, gets: whole[mover] - state.score[mover], u };
}
