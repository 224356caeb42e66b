// The browser tests' harness: starts `pencilbox serve --port 0` (the binary the test script
// built), reads the address it prints, and drives Debian's chromium headless through
// playwright-core. Screenshots go to target/e2e/ (not committed).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const screenshotDir = join(root, 'target', 'e2e');

/** Starts the server on a free port; resolves to `{ url, stop }`. */
export function startServer() {
  const bin = process.env.PENCILBOX_BIN ?? join(root, 'target', 'debug', 'pencilbox');
  const child = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error(`the server printed no address in 20 s: ${stderr}`)); }, 20_000);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line.startsWith('http')) {
        clearTimeout(timer);
        const stop = () => new Promise((done) => { child.once('exit', done); child.kill('SIGINT'); });
        resolvePromise({ url: line.trim().replace(/\/$/, ''), stop });
      }
    });
    child.once('error', (e) => { clearTimeout(timer); reject(e); });
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${stderr}`)); });
  });
}

/** Launches headless chromium with the flags this closed network needs (no background
 * connections, no first-run work). */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Everything one test file needs: a server, a browser, and a fresh page per call of
 * `open(path)` that fails the test on any page error or console error. `open` takes the window
 * size (default 1200x900) and `setup(page)`, run before the page loads (e.g. `page.route`). */
export async function session() {
  const server = await startServer();
  const browser = await launchBrowser();
  const pages = [];
  return {
    url: server.url,
    browser,
    async open(path, { width = 1200, height = 900, setup } = {}) {
      const page = await browser.newPage({ viewport: { width, height } });
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(`page error: ${e.message}`));
      page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console error: ${m.text()}`); });
      page.setDefaultTimeout(20_000);
      await setup?.(page);
      await page.goto(server.url + path);
      pages.push(page);
      return page;
    },
    /** Saves a screenshot of the whole page, or of the window only with `{ fullPage: false }`. */
    async screenshot(page, name, { fullPage = true } = {}) {
      mkdirSync(screenshotDir, { recursive: true });
      const file = join(screenshotDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage });
      return file;
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}

/** Asserts that the element `selector` lies wholly inside the page's window (as first shown,
 * not scrolled). */
export async function assertInWindow(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(box, `${selector} is not shown`);
  assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
    `${selector} at x ${box.x}..${box.x + box.width}, y ${box.y}..${box.y + box.height} is not inside the ${width}x${height} window`);
}
