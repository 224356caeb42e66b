// The Edit mode's latency per edit, in a real browser: corpus puzzles of one size opened in the
// editor, then edits typed as a setter would (a clue removed, a clue changed, a clue added on a
// blank cell, the cell chosen at random, seeded). For each edit the page records the time from
// the key press to the analysis on display (`#analysis[data-latency-ms]`); the script prints the
// median, the 90th percentile and the largest, per verdict and overall. A measurement, not a
// test: docs/PERFORMANCE.md has the figures and the machine.
//
//   cargo build --release -p pencilbox-cli
//   cd e2e && PENCILBOX_BIN=$PWD/../target/release/pencilbox node bench/editor-latency.mjs --corpus DIR [SIZE ...] [--puzzles N] [--edits N]
//
// DIR is the Slitherlink corpus folder (janko-1176.json; the file itself may be given), which is
// not in the repository; without --corpus, the folder PENCILBOX_CORPUS names. SIZE defaults to
// 10x10 and 20x20; the first N puzzles of each size by name are used (default 20, 6 edits each).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i < 0 ? fallback : Number(args.splice(i, 2)[1]);
};
const puzzles = option('--puzzles', 20), edits = option('--edits', 6);
const corpusAt = args.indexOf('--corpus');
const corpusGiven = corpusAt < 0 ? process.env.PENCILBOX_CORPUS : args.splice(corpusAt, 2)[1];
if (!corpusGiven) {
  console.error('no Slitherlink corpus given: pass --corpus DIR (the folder holding janko-1176.json) or set PENCILBOX_CORPUS');
  process.exit(2);
}
const sizes = args.length ? args : ['10x10', '20x20'];
const corpusDir = resolve(corpusGiven);
const isDir = existsSync(corpusDir) && statSync(corpusDir).isDirectory();
const corpusPath = corpusDir.endsWith('.json') && !isDir ? corpusDir : join(corpusDir, 'janko-1176.json');
let corpus;
try {
  corpus = JSON.parse(readFileSync(corpusPath, 'utf8')).data;
} catch (e) {
  console.error(`cannot read the corpus ${corpusPath}: ${e.message}`);
  process.exit(2);
}

/** A small seeded generator (mulberry32), so that every run makes the same edits. */
function rng(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The browser harness is loaded once the arguments and the corpus are known to be good.
const { session } = await import('../harness.mjs');
const s = await session();
const quantile = (xs, q) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))];
try {
  for (const size of sizes) {
    const names = Object.keys(corpus).filter((k) => k.endsWith(`_${size}`)).sort().slice(0, puzzles);
    if (names.length === 0) throw new Error(`no corpus puzzle of size ${size}`);
    const random = rng(1);
    const times = []; // [ms, verdict]
    for (const name of names) {
      const text = corpus[name].problem; // THSL text, `-` for a blank: the API reads it
      const page = await s.open(`/slither?edit=${encodeURIComponent(text)}`, { width: 1280, height: 800 });
      await page.locator('#analysis[data-current=yes]').waitFor({ timeout: 60_000 });
      const [rows, cols] = text.split('\n')[0].split(' ').map(Number);
      for (let i = 0; i < edits; i++) {
        const [r, c] = [Math.floor(random() * rows), Math.floor(random() * cols)];
        const text = page.locator(`#board [data-clue="${r},${c}"]`);
        const clue = (await text.count()) ? await text.textContent() : null;
        const has = clue !== null && /^[0-3]$/.test(clue);
        let key;
        if (i % 3 === 0 && has) key = 'Delete';
        else if (i % 3 === 1 && has) key = String((Number(clue) + 1 + Math.floor(random() * 3)) % 4);
        else if (!has) key = String(Math.floor(random() * 4));
        else continue;
        // Select the cell (a click on another cell only selects it), then type.
        await page.locator(`#board [data-cell="${r},${c}"]`).click({ force: true });
        await page.keyboard.press(key);
        await page.locator('#analysis[data-current=yes]').waitFor({ timeout: 60_000 });
        const analysis = page.locator('#analysis');
        times.push([Number(await analysis.getAttribute('data-latency-ms')), await analysis.getAttribute('data-verdict')]);
      }
      if (page.errors.length) throw new Error(`${name}: ${page.errors.join('; ')}`);
      await page.close();
    }
    for (const verdict of ['unique', 'multiple', 'none', 'unknown', 'all']) {
      const ms = times.filter((t) => verdict === 'all' || t[1] === verdict).map((t) => t[0]).sort((a, b) => a - b);
      if (ms.length === 0) continue;
      console.log(`${size} ${verdict.padStart(8)}: ${String(ms.length).padStart(4)} edits, median ${quantile(ms, 0.5)} ms, p90 ${quantile(ms, 0.9)} ms, max ${ms.at(-1)} ms`);
    }
  }
} finally {
  await s.close();
}
