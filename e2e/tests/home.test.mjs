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
