// Shared by every page: the API client, small DOM/SVG builders, the edge numbering of the
// grid crate (docs/API.md, "Conventions") and a status line.

/** POST `body` as JSON to the API (GET when body is undefined); resolves to the JSON answer,
 * rejects with an Error carrying the API's own error text. */
export async function api(path, body, { signal } = {}) {
  const init = body === undefined
    ? { signal }
    : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal };
  const response = await fetch(path, init);
  let json;
  try {
    json = await response.json();
  } catch {
    throw new Error(`HTTP ${response.status} (not JSON)`);
  }
  if (!response.ok) throw Object.assign(new Error(json.error ?? `HTTP ${response.status}`), { status: response.status });
  return json;
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

/** Reads a URL query parameter as an integer within [lo, hi], else `fallback`. */
export function intParam(name, fallback, lo, hi) {
  const raw = new URLSearchParams(location.search).get(name);
  const n = raw === null ? NaN : Number.parseInt(raw, 10);
  return Number.isInteger(n) && n >= lo && n <= hi ? n : fallback;
}
