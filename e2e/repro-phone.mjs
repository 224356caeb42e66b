import { session } from '/work/wt-pages/e2e/harness.mjs';
const s = await session();
try {
  const limits = await (await fetch(`${s.url}/api/limits`)).json();
  let page = await s.open('/islands?preset=large&seed=11&level=greedy&think=250', { width: 390, height: 844 });
  await page.locator('#board rect[data-cell]').first().waitFor();
  await page.waitForTimeout(300);
  console.log('islands large board', await page.locator('#board').boundingBox());
  await s.screenshot(page, 'repro-islands-phone');
  const res = await fetch(`${s.url}/api/slither/generate`, { method: 'POST', body: JSON.stringify({ rows: 30, cols: 30, difficulty: 'easy', seed: 1, time_ms: 30000 }) });
  const p = await res.json();
  page = await s.open(`/slither?p=${encodeURIComponent(p.url)}`, { width: 390, height: 844 });
  await page.locator('#status[data-kind=ok]').waitFor();
  await page.waitForTimeout(300);
  console.log('slither 30x30 board', await page.locator('#board').boundingBox());
  await s.screenshot(page, 'repro-slither-phone');
  page = await s.open('/dots?rows=5&cols=5', { width: 390, height: 844 });
  await page.locator('#board g.edge').first().waitFor();
  console.log('dots board', await page.locator('#board').boundingBox());
  await page.locator('#analyse').check();
  await page.locator('#move-values').waitFor({ timeout: 30000 }).catch(() => {});
  console.log('dots move table', await page.locator('#move-values').boundingBox(), 'page width', await page.evaluate(() => document.documentElement.scrollWidth));
  await s.screenshot(page, 'repro-dots-phone');
} finally { await s.close(); }
