// The engine's and the bots' turns on the Islands page: each move is asked of POST
// /api/islands/move, which answers the region and the board after it (with its status: the game
// ends when the API says so). Watch mode steps or plays the two bots at a chosen speed.
import { api, say, plural } from './common.js';
import { game, changed, applyMove, noteStatus, toMove, sideName, boardText } from './islands-state.js';

const $ = (id) => document.getElementById(id);
const thinkMs = () => Number($('think').value);

/** Asks the API for `side`'s move at `level`; plays it, or ends the game. Returns false when
 * the answer was dropped (a new game started meanwhile) or failed. */
async function askMove(side, level, label) {
  const epoch = game.epoch;
  const status = $('status');
  game.thinking = true;
  changed();
  say(status, `${label} is thinking… (${level})`, 'busy');
  try {
    const answer = await api('/api/islands/move', {
      board: boardText(), level, time_ms: thinkMs(), seed: (game.seed + game.moves.length) % 2 ** 32,
    });
    if (epoch !== game.epoch) return false;
    if (answer.cells) applyMove(side, answer.cells, answer.after);
    else noteStatus(answer.after.status);
    const n = answer.cells?.length;
    say(status, game.over || !n ? '' : `${label} painted ${plural(n, 'cell')}.`, game.over ? '' : 'ok');
    return true;
  } catch (e) {
    if (epoch === game.epoch) say(status, `${label}: ${e.message}`, 'error');
    return false;
  } finally {
    if (epoch === game.epoch) {
      game.thinking = false;
      changed();
    }
  }
}

/** The engine's reply in play mode, when it is its turn. */
export async function engineMove() {
  if (game.over || game.mode !== 'play' || toMove() === game.human) return;
  game.engineFailed = false;
  const epoch = game.epoch;
  const ok = await askMove(1 - game.human, $('level').value, 'The engine');
  if (epoch !== game.epoch) return;
  if (!ok) game.engineFailed = true;
  const status = $('status');
  if (!game.over && toMove() === game.human && status.dataset.kind !== 'error') {
    say(status, `${status.textContent} Your turn: drag a region from a number.`.trim(), 'ok');
  }
  changed();
}

/** One bot move in watch mode. */
export async function botStep() {
  if (game.over || game.mode !== 'watch' || game.thinking) return false;
  const side = toMove();
  return askMove(side, game.bots[side], sideName(side));
}

let autoplayRun = 0;

/** Plays the bots' moves one after the other while `game.playing`, pausing between them. */
export async function autoplay() {
  // One loop at a time: pressing Play again during the pause of an older loop ends that loop.
  const run = ++autoplayRun;
  const epoch = game.epoch;
  while (game.playing && run === autoplayRun && epoch === game.epoch && !game.over) {
    const ok = await botStep();
    if (!ok) { game.playing = false; break; }
    changed();
    await new Promise((done) => setTimeout(done, Number($('speed').value)));
  }
  if (run === autoplayRun && epoch === game.epoch) { game.playing = false; changed(); }
}
