import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { session } from '../harness.mjs';

let s;
before(async () => { s = await session(); });
after(async () => { await s?.close(); });

test('the home page answers, checks the server and links to every game', async () => {
  const page = await s.open('/');
  await page.locator('#health').filter({ hasText: 'Server ok' }).waitFor();
  for (const [href, name] of [['/dots', 'Dots-and-Boxes'], ['/slither', 'Slitherlink'], ['/islands', 'Islands'], ['/walls', 'Wall Making Game']]) {
    const link = page.locator(`main a[href="${href}"]`);
    assert.equal(await link.count(), 1, href);
    assert.match(await link.innerText(), new RegExp(name));
  }
  await page.locator('main a[href="/walls"]').click();
  await page.waitForURL(/\/walls$/);
  assert.match(await page.title(), /Wall Making Game/);
  await s.screenshot(await s.open('/'), 'home');
  assert.deepEqual(page.errors, []);
});

test('an unknown API route is a JSON 404', async () => {
  const res = await fetch(`${s.url}/api/nope`, { method: 'POST', body: '{}' });
  assert.equal(res.status, 404);
  assert.ok((await res.json()).error);
});

test('an unknown page is a small HTML page with a link home', async () => {
  const res = await fetch(`${s.url}/no/such/page`);
  assert.equal(res.status, 404);
  assert.match(res.headers.get('content-type'), /text\/html/);
  const page = await s.open('/no-such-page');
  assert.match(await page.title(), /No such page/);
  await s.screenshot(page, 'not-found');
  await page.locator('#home').click();
  await page.waitForURL(`${s.url}/`);
  await page.locator('#health').filter({ hasText: 'Server ok' }).waitFor();
  // The browser logs the 404 of the page it was sent to; nothing else.
  assert.deepEqual(page.errors.filter((e) => !/status of 404/.test(e)), []);
});

test('a page with a trailing slash opens, with its query', async () => {
  const page = await s.open('/dots/?rows=2&cols=3&level=greedy');
  await page.waitForURL(`${s.url}/dots?rows=2&cols=3&level=greedy`);
  await page.locator('#turn[data-turn="you"]').waitFor();
  assert.equal(await page.locator('#board').getAttribute('data-cols'), '3');
  for (const path of ['/slither/', '/islands/', '/walls/', '/index.html/']) {
    const res = await fetch(s.url + path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get('content-type'), /text\/html/, path);
  }
  assert.deepEqual(page.errors, []);
});

test('a server that does not answer is named as such, not "Failed to fetch"', async () => {
  const page = await s.open('/', { setup: (p) => p.route('**/api/health', (route) => route.abort('connectionrefused')) });
  await page.locator('#health').filter({ hasText: 'the server is not answering' }).waitFor();
  assert.doesNotMatch(await page.locator('#health').innerText(), /Failed to fetch/);
  // The one error logged is the browser's own about the refused connection.
  assert.deepEqual(page.errors.filter((e) => !/ERR_CONNECTION_REFUSED/.test(e)), []);
});
