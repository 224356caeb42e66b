// The browser tests' harness: starts `pencilbox serve --port 0` (the binary the test script
// built), reads the address it prints, and drives Debian's chromium headless through
// playwright-core. Screenshots go to target/e2e/ (not committed).
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * `open(path)` that fails the test on any page error or console error. */
export async function session() {
  const server = await startServer();
  const browser = await launchBrowser();
  const pages = [];
  return {
    url: server.url,
    browser,
    async open(path) {
      const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
      page.errors = [];
      page.on('pageerror', (e) => page.errors.push(`page error: ${e.message}`));
      page.on('console', (m) => { if (m.type() === 'error') page.errors.push(`console error: ${m.text()}`); });
      page.setDefaultTimeout(20_000);
      await page.goto(server.url + path);
      pages.push(page);
      return page;
    },
    async screenshot(page, name) {
      mkdirSync(screenshotDir, { recursive: true });
      const file = join(screenshotDir, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await server.stop();
    },
  };
}
