// What survives a reload of the Slitherlink page: per puzzle (keyed by its puzz.link URL), the
// player's marks, the shaded cells, the time spent, whether it was solved and whether Solve
// showed the solution, in the browser's localStorage; and the play timer.

const PREFIX = 'pencilbox.slither.play:';
/** The most puzzles remembered; the least recently played go first. */
const KEEP = 50;

/** The saved play of the puzzle `url`: `{ marks, shade, ms, solved, revealed }` (marks and
 * shade as strings of digits, one per edge and per cell; `revealed`: Solve showed the solution),
 * or null. */
export function loadPlay(url) {
  try {
    const raw = localStorage.getItem(PREFIX + url);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null; // storage off or a damaged entry: start afresh
  }
}

/** Saves the play of the puzzle `url` (see `loadPlay`). Storage that is off or full only loses
 * the saving, never the game. */
export function savePlay(url, play) {
  try {
    const key = PREFIX + url;
    const fresh = localStorage.getItem(key) === null;
    localStorage.setItem(key, JSON.stringify({ ...play, at: Date.now() }));
    if (fresh) forgetOld();
  } catch {
    // nothing to do: the game goes on unsaved
  }
}

/** Keeps the `KEEP` most recently saved puzzles. */
function forgetOld() {
  const saved = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (!key?.startsWith(PREFIX)) continue;
    let at = 0;
    try { at = JSON.parse(localStorage.getItem(key)).at ?? 0; } catch { /* a damaged entry goes first */ }
    saved.push([at, key]);
  }
  saved.sort((a, b) => b[0] - a[0]);
  for (const [, key] of saved.slice(KEEP)) localStorage.removeItem(key);
}

/** "m:ss", or "h:mm:ss" from an hour on. */
export function clockText(ms) {
  const s = Math.floor(ms / 1000);
  const two = (n) => String(n).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}` : `${Math.floor(s / 60)}:${two(s % 60)}`;
}

/** The play timer: counts while it runs and the page is visible (time away from the page is
 * not playing time); calls `onTick(ms, periodic)` at each whole second counted (`periodic`
 * true) and whenever it is set, started or stopped. */
export class Timer {
  constructor(onTick) {
    this.onTick = onTick;
    this.base = 0; // ms counted before `since`
    this.since = null; // Date.now() when the current stretch began, null when not counting
    this.running = false; // wanted by the game (not solved, a puzzle open)
    this.next = null; // the timeout of the next whole second
    document.addEventListener('visibilitychange', () => this.sync());
  }

  elapsed() {
    return this.base + (this.since === null ? 0 : Date.now() - this.since);
  }

  /** Sets the time counted so far and whether it runs on. */
  set(ms, running) {
    this.base = ms;
    this.since = null;
    this.running = running;
    this.sync();
  }

  run(on) {
    this.running = on;
    this.sync();
  }

  sync() {
    const counting = this.running && document.visibilityState !== 'hidden';
    if (counting && this.since === null) this.since = Date.now();
    if (!counting && this.since !== null) {
      this.base = this.elapsed();
      this.since = null;
    }
    this.schedule();
    this.onTick(this.elapsed(), false);
  }

  /** Wakes at the next whole second counted, so the clock shown never lags. */
  schedule() {
    clearTimeout(this.next);
    this.next = this.since === null ? null : setTimeout(() => {
      this.onTick(this.elapsed(), true);
      this.schedule();
    }, 1000 - (this.elapsed() % 1000));
  }
}
