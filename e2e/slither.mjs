// Shared by the Slitherlink page's browser tests (e2e/tests/slither*.test.mjs): a session with
// the server's limits, the API called directly for expected answers, and the board's parts.
import assert from 'node:assert/strict';
import { session } from './harness.mjs';

/** docs/API.md's example: 6 columns, 5 rows, unique; edges 0..35 horizontal, then
 * 36 + r * 7 + c. */
export const URL6x5 = 'https://puzz.link/p?slither/6/5/g11bga18060216bc21c';
/** The sides of the 3 at cell (1, 5) of `URL6x5`. */
export const THREE_AT_1_5 = [11, 17, 48, 49];

/** A session (server and browser, see harness.mjs), `limits` (GET /api/limits: the page's
 * difficulties and sizes come from there, and so do the tests') and `post(route, body)`, which
 * asks /api/slither/<route> and expects 200. */
export async function slitherSession() {
  const s = await session();
  const limits = await (await fetch(`${s.url}/api/limits`)).json();
  async function post(route, body) {
    const res = await fetch(`${s.url}/api/slither/${route}`, { method: 'POST', body: JSON.stringify(body) });
    assert.equal(res.status, 200, route);
    return res.json();
  }
  return { s, limits, post };
}

export const edge = (page, e) => page.locator(`#board [data-edge="${e}"]`);
export const cell = (page, r, c) => page.locator(`#board [data-cell="${r},${c}"]`);
/** A click on a cell: the edges' diamonds lie over the cells, and the page finds the cell under
 * the pointer itself, so the click goes to the cell's centre whatever is on top. */
export const clickCell = (page, r, c, options = {}) => cell(page, r, c).click({ force: true, ...options });

/** Opens the page of session `s` on a puzzle through `?p=` (`options` as for `s.open`) and
 * waits until its board is shown. */
export async function openPuzzle(s, p, options = {}) {
  const page = await s.open(`/slither?p=${encodeURIComponent(p)}`, options);
  await page.locator('#status[data-kind=ok]').waitFor();
  return page;
}
