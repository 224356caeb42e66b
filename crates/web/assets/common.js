// Shared by every page: the API client, small DOM/SVG builders, the edge numbering of the
// grid crate (docs/API.md, "Conventions") and a status line.

/** POST `body` as JSON to the API (GET when body is undefined); resolves to the JSON answer,
 * rejects with an Error carrying the API's own error text and `status`. The API answers errors
 * about the input (400, 413) with status 200 and `x-error-status` when asked by `x-soft-errors`
 * (docs/API.md): the browser would log a 400 in the console as a failure, and bad input typed
 * by the user is no failure of the page. */
export async function api(path, body, { signal } = {}) {
  const headers = { 'x-soft-errors': '1' };
  const init = body === undefined
    ? { headers, signal }
    : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body), signal };
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    // fetch says only "Failed to fetch": the server stopped, or the network is down.
    throw Object.assign(new Error('the server is not answering (is `pencilbox serve` still running?)'), { status: 0 });
  }
  const status = Number(response.headers.get('x-error-status') ?? response.status);
  let json;
  try {
    json = await response.json();
  } catch {
    throw Object.assign(new Error(`HTTP ${status} (not JSON)`), { status });
  }
  if (status < 200 || status > 299) throw Object.assign(new Error(json.error ?? `HTTP ${status}`), { status });
  return json;
}

let limitsAnswer = null;

/** The server's limits (`GET /api/limits`: sizes, line counts, the largest time budget), asked
 * once per page. A page cannot work without them: when they cannot be read, the page's `main`
 * says why and the promise never settles, so the page goes no further. */
export function serverLimits() {
  limitsAnswer ??= api('/api/limits').catch((e) => {
    document.querySelector('main')?.replaceChildren(
      h('p', { id: 'status', class: 'status error', role: 'status' }, `The page cannot start: ${e.message}.`));
    return new Promise(() => {});
  });
  return limitsAnswer;
}

function build(element, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') element.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(element.dataset, value);
    else element.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    element.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return element;
}

/** An HTML element: `h('button', { class: 'x', onclick: f }, 'Label')`. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element: `svg('line', { x1: 0, y1: 0, x2: 10, y2: 0 })`. */
export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** The shared edge numbering (OpenSpiel dots_and_boxes order): horizontal edges row by row,
 * then vertical edges row by row. */
export function edgeNumber(rows, cols, kind, r, c) {
  return kind === 'h' ? r * cols + c : (rows + 1) * cols + r * (cols + 1) + c;
}

/** The inverse of `edgeNumber`: `{ kind, r, c }`, and the two dots it joins. */
export function edgeAt(rows, cols, e) {
  const horizontal = (rows + 1) * cols;
  if (e < horizontal) {
    const r = Math.floor(e / cols), c = e % cols;
    return { kind: 'h', r, c, from: [r, c], to: [r, c + 1] };
  }
  const k = e - horizontal, r = Math.floor(k / (cols + 1)), c = k % (cols + 1);
  return { kind: 'v', r, c, from: [r, c], to: [r + 1, c] };
}

/** How many edges a rows x cols grid of cells has. */
export function edgeCount(rows, cols) {
  return (rows + 1) * cols + rows * (cols + 1);
}

/** The four sides of cell (r, c): top, bottom, left, right. */
export function cellSides(rows, cols, r, c) {
  return [edgeNumber(rows, cols, 'h', r, c), edgeNumber(rows, cols, 'h', r + 1, c),
    edgeNumber(rows, cols, 'v', r, c), edgeNumber(rows, cols, 'v', r, c + 1)];
}

/** "1 line", "2 lines"; `many` for an irregular plural ("crosses"). */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** The text with its first letter in upper case. */
export function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shows a message in a status element; `kind` is '', 'ok', 'error' or 'busy' (a CSS class). */
export function say(element, text, kind = '') {
  element.textContent = text;
  element.className = `status ${kind}`.trim();
  element.dataset.kind = kind;
}

/** Runs `work` while the button is disabled and the status says `busyText`; errors go to the
 * status line. Resolves to the work's result, or undefined after an error. */
export async function busy(button, status, busyText, work) {
  if (button) button.disabled = true;
  say(status, busyText, 'busy');
  try {
    return await work();
  } catch (e) {
    say(status, e.message, 'error');
    return undefined;
  } finally {
    if (button) button.disabled = false;
  }
}

/** Windows narrower than this (in CSS px) are a phone's: the page scrolls there, so a board takes
 * the page's width rather than what is left of the first screen below the controls (which on a
 * phone is a sliver). */
const NARROW = 640;

/** Sizes a board's SVG to `width × height` CSS px (its size in a tall enough window), scaled
 * down as needed so that the whole board fits in the window below its top, with `below` px to
 * spare, but never under `least` px high. In a narrow window (a phone's) it is scaled to the
 * page's width instead, and at most the window's height. CSS (`max-width: 100%`) narrows it
 * further in a narrow window. The board is sized again whenever the window is resized. */
export function fitBoard(board, width, height, { below = 16, least = 240 } = {}) {
  Object.assign(board.dataset, { fitWidth: width, fitHeight: height, fitBelow: below, fitLeast: least });
  refit(board);
  // Once more before the next paint: the caller may still change what is above the board.
  requestAnimationFrame(() => refit(board));
}

function refit(board) {
  const [width, height, below, least] = ['fitWidth', 'fitHeight', 'fitBelow', 'fitLeast'].map((k) => Number(board.dataset[k]));
  let scale;
  if (window.innerWidth < NARROW) {
    // The width of the page's content (the board may not be in the page yet).
    const style = getComputedStyle(document.body);
    const wide = document.body.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    scale = Math.min(1, Math.max(wide, least) / width, Math.max(window.innerHeight - below, least) / height);
  } else {
    const top = board.getBoundingClientRect().top + window.scrollY;
    const room = Math.max(least, window.innerHeight - top - below);
    scale = Math.min(1, room / height);
  }
  board.setAttribute('width', Math.round(width * scale));
  board.setAttribute('height', Math.round(height * scale));
}

/** Sizes every board placed by `fitBoard` again: the window changed, or what is above a board. */
export function refitBoards() {
  for (const board of document.querySelectorAll('svg[data-fit-width]')) refit(board);
}

window.addEventListener('resize', refitBoards);
