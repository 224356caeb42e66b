// The Slitherlink page: open a puzzle (puzz.link URL, Loopy game ID, text, or `?p=` in this
// page's own address) or generate one, then play it (slither-play.js) or edit its clues in Edit
// mode (slither-edit.js, `?edit=` in the address). This module lays the page out, switches the
// modes and opens puzzles in the mode on show.
import { api, h, say, busy, serverLimits, refitBoards, capitalise } from './common.js';
import { game, setupPlay, setPlaying, setTool, loadPuzzle, persist, copy, pageLink, redrawPlay } from './slither-play.js';
import { createEditor } from './slither-edit.js';

const LIMITS = await serverLimits();
/** The difficulties, easiest first, each with the largest side the page offers to generate:
 * what the generator finishes well within its budget. The first is the default (as Loopy's
 * default is its easiest level). */
const DIFFICULTIES = LIMITS.slither.generate;
/** The smallest side the generator makes. */
const MIN_SIDE = LIMITS.slither.generate_min_side;
const maxSide = (difficulty) => DIFFICULTIES.find((d) => d.difficulty === difficulty)?.max_side ?? MIN_SIDE;
const page = { mode: 'play' };

// ---------------------------------------------------------------- page layout

const $ = (id) => document.getElementById(id);
const status = h('p', { id: 'status', class: 'status', role: 'status', 'aria-live': 'polite' });

function button(id, label, title, onclick) {
  return h('button', { id, type: 'button', title, onclick: guard(onclick) }, label);
}

/** Runs an event handler; anything it throws is shown on the status line, never lost. */
function guard(handler) {
  return (event) => {
    Promise.resolve()
      .then(() => handler(event))
      .catch((e) => say(status, `Something went wrong: ${e.message}`, 'error'));
  };
}

/** A synchronous event handler (one that may call preventDefault) with its errors shown. */
function safely(handler) {
  return (event) => {
    try {
      handler(event);
    } catch (e) {
      say(status, `Something went wrong: ${e.message}`, 'error');
    }
  };
}

/** A form's submit handler: the page stays (no navigation) and `work` runs guarded. */
function submit(work) {
  const run = guard(work);
  return (event) => { event.preventDefault(); run(event); };
}

const editor = createEditor({
  status, button, guard, safely, copy, maxSide: LIMITS.slither.editor_max_side,
  budgetMs: Math.min(5000, LIMITS.max_time_ms),
  onPlay: (info) => {
    setMode('play');
    // Back to the same clues: the game goes on as it was (marks, undo history, hints).
    if (game.puzzle && game.puzzle.url === info.url) {
      history.replaceState(null, '', pageLink(info.url));
      redrawPlay();
      say(status, `Back to playing the ${info.rows}×${info.cols} puzzle (no clue was changed).`, 'ok');
      return;
    }
    const saved = loadPuzzle(info, 'edited');
    const verdict = { unique: '', multiple: ' It has several solutions.', none: ' It has no solution.' }[info.verdict] ?? '';
    say(status, `Playing the edited ${info.rows}×${info.cols} puzzle.${verdict}${saved ? ' ' + saved : ''}`, verdict ? '' : 'ok');
  },
});

function buildPage() {
  const first = DIFFICULTIES[0]?.difficulty;
  const loadForm = h('form', { id: 'load-form', onsubmit: submit(loadFromInput) },
    h('fieldset', {},
      h('legend', {}, 'Open a puzzle'),
      h('label', {}, 'puzz.link URL, Loopy game ID or text',
        h('textarea', {
          id: 'puzzle-input', rows: 2, spellcheck: 'false', title: 'Ctrl+Enter loads',
          placeholder: 'https://puzz.link/p?slither/6/5/g11bga18060216bc21c',
          onkeydown: (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); $('load').click(); } },
        })),
      h('button', { id: 'load', type: 'submit' }, 'Load')));
  // No validation by the browser: its bubble is easily missed (a size over the limit seemed to do
  // nothing); `generate` says on the status line what is wrong.
  const generateForm = h('form', { id: 'generate-form', novalidate: true, onsubmit: submit(generate) },
    h('fieldset', {},
      h('legend', {}, 'Generate a puzzle'),
      h('label', {}, 'Rows', h('input', { id: 'rows', type: 'number', min: MIN_SIDE, max: maxSide(first), value: 7, required: true })),
      h('label', {}, 'Columns', h('input', { id: 'cols', type: 'number', min: MIN_SIDE, max: maxSide(first), value: 7, required: true })),
      h('label', {}, 'Difficulty',
        h('select', { id: 'difficulty', onchange: sizeLimits },
          DIFFICULTIES.map(({ difficulty, max_side: max }) => h('option', { value: difficulty, title: `up to ${max}×${max}` }, difficulty)))),
      h('label', {}, 'Seed (empty: random)', h('input', { id: 'seed', type: 'number', min: 0, step: 1, placeholder: 'random' })),
      h('button', { id: 'generate', type: 'submit' }, 'Generate')));

  // Above the board and kept in view while the page scrolls: the mode, the status line (with
  // "Solved!"), the timer.
  const bar = h('div', { class: 'bar', id: 'bar' },
    h('div', { class: 'modes', role: 'group', 'aria-label': 'Mode' },
      button('mode-play', 'Play', 'Play the puzzle (in Edit mode: play the edited puzzle)', () => (page.mode === 'edit' ? $('edit-play').click() : null)),
      button('mode-edit', 'Edit', 'Edit the clues: the setter\'s workbench', () => (page.mode === 'play' ? editPuzzle() : null))),
    status,
    h('span', { id: 'solved', class: 'solved', hidden: true }, 'Solved!'),
    h('span', { id: 'timer', class: 'timer', title: 'Time spent on this puzzle (paused while the page is hidden or in Edit mode)' }, '0:00'));

  const playPanel = setupPlay({ status, button, safely });

  $('app').append(
    h('div', { class: 'controls' }, loadForm, generateForm),
    bar,
    h('div', { class: 'layout' }, h('div', { class: 'board', id: 'board-box' }), h('div', { class: 'panel' }, playPanel, editor.panel)));
  // A status of two lines pushes the board down: it shrinks to stay in the window.
  new ResizeObserver(refitBoards).observe(bar);
  showMode();

  document.addEventListener('keydown', (e) => {
    if (e.target.closest?.('input, textarea, select')) return;
    const key = e.key.toLowerCase();
    const [undo, redo] = page.mode === 'edit' ? [editor.undo, editor.redo] : [() => $('undo').click(), () => $('redo').click()];
    if ((e.ctrlKey || e.metaKey) && key === 'z' && !e.shiftKey) { e.preventDefault(); undo(); }
    else if ((e.ctrlKey || e.metaKey) && (key === 'y' || (key === 'z' && e.shiftKey))) { e.preventDefault(); redo(); }
  });
  // The time goes on from where it was after a reload (saved each change and on leaving).
  window.addEventListener('pagehide', persist);
}

// ---------------------------------------------------------------- modes

function showMode() {
  $('app').dataset.mode = page.mode;
  $('play-panel').hidden = page.mode !== 'play';
  $('edit-panel').hidden = page.mode !== 'edit';
  $('mode-play').setAttribute('aria-pressed', page.mode === 'play');
  $('mode-edit').setAttribute('aria-pressed', page.mode === 'edit');
  $('timer').hidden = page.mode !== 'play';
  $('solved').hidden = page.mode !== 'play' || game.solved !== 'player';
}

function setMode(mode) {
  if (mode === page.mode) return;
  page.mode = mode;
  if (mode === 'play') editor.close();
  setPlaying(mode === 'play');
  showMode();
}

/** Edit mode on the puzzle being played (a new empty board when it is over the editor's size). */
function editPuzzle() {
  const max = LIMITS.slither.editor_max_side;
  const p = game.puzzle;
  setMode('edit');
  if (p && p.rows <= max && p.cols <= max) {
    editor.open(p, 'the puzzle you played');
    say(status, `Editing the ${p.rows}×${p.cols} puzzle: click a cell, then type its clue. Each edit is analysed at once.`, 'ok');
  } else {
    const n = Math.min(10, max);
    editor.open({ rows: n, cols: n, clues: Array.from({ length: n }, () => new Array(n).fill(null)) }, 'new');
    say(status, p ? `The editor takes boards up to ${max}×${max} (this puzzle is ${p.rows}×${p.cols}): here is a new empty ${n}×${n} board.` : `A new empty ${n}×${n} board.`, p ? 'error' : 'ok');
  }
}

/** Opens a puzzle in the mode the page is in: to play, or in the editor (to play when it is
 * over the editor's size). Returns what to tell the player beyond "opened". */
function open(info, about) {
  const max = LIMITS.slither.editor_max_side;
  if (page.mode === 'edit') {
    if (info.rows <= max && info.cols <= max) {
      editor.open(info, about);
      return 'Click a cell, then type its clue.';
    }
    setMode('play');
    return `The editor takes boards up to ${max}×${max}, so this one opens to play. ${loadPuzzle(info, about)}`.trim();
  }
  return loadPuzzle(info, about) || 'Click the edges to draw the loop.';
}

async function openText(text, button) {
  const trimmed = text.trim();
  if (!trimmed) {
    say(status, 'Paste a puzz.link URL, a Loopy game ID or the puzzle as text first.', 'error');
    return false;
  }
  const opened = game.opened;
  const info = await busy(button, status, 'thinking… (reading the puzzle)', () => api('/api/slither/parse', { puzzle: trimmed }));
  if (!info) return false;
  if (opened !== game.opened) return false; // another puzzle was opened meanwhile: it stays
  const next = open(info, 'loaded');
  const none = info.clues.every((row) => row.every((v) => v === null)) ? ' with no clues: any single loop solves it' : '';
  say(status, `Loaded a ${info.rows}×${info.cols} puzzle${none}. ${next}`, 'ok');
  return true;
}

function loadFromInput() {
  return openText($('puzzle-input').value, $('load'));
}

/** The generator's time budget: 20 s, and the server's limit for boards over 15x15. */
const generateBudget = (rows, cols) => (rows * cols > 225 ? LIMITS.max_time_ms : Math.min(20000, LIMITS.max_time_ms));

/** Keeps the size inputs' limits in step with the chosen difficulty; a size too big for it is
 * reduced, and the status line says so. */
function sizeLimits() {
  const difficulty = $('difficulty').value;
  const max = maxSide(difficulty);
  const reduced = [];
  for (const [id, name] of [['rows', 'rows'], ['cols', 'columns']]) {
    $(id).max = max;
    if (Number($(id).value) > max) {
      reduced.push(`${$(id).value} ${name}`);
      $(id).value = max;
    }
  }
  if (reduced.length) say(status, `${capitalise(reduced.join(' and '))} reduced to ${max}: the largest ${difficulty} puzzle the page generates is ${max}×${max}.`);
}

async function generate() {
  const rows = Number($('rows').value), cols = Number($('cols').value);
  const difficulty = $('difficulty').value, max = maxSide(difficulty);
  for (const [name, n] of [['Rows', rows], ['Columns', cols]]) {
    if (!Number.isInteger(n) || n < MIN_SIDE || n > max) {
      say(status, `${name} must be a whole number from ${MIN_SIDE} to ${max} for ${difficulty} puzzles.`, 'error');
      return;
    }
  }
  const seedText = $('seed').value.trim();
  const seed = seedText === '' ? Math.floor(Math.random() * 1e9) : Number(seedText);
  if (!Number.isSafeInteger(seed) || seed < 0) {
    say(status, 'The seed must be a whole number (0 or more), or empty for a random one.', 'error');
    return;
  }
  const time = generateBudget(rows, cols);
  // Another puzzle may be opened while this one is generated: then the late answer is dropped
  // (as Check, Hint and Solve drop answers about marks that changed).
  const opened = game.opened;
  const late = () => opened !== game.opened;
  const info = await busy($('generate'), status, `thinking… (generating a ${rows}×${cols} ${difficulty} puzzle, up to ${time / 1000} s)`,
    async () => {
      try {
        return await api('/api/slither/generate', { rows, cols, difficulty, seed, time_ms: time });
      } catch (e) {
        if (late()) return null; // about a puzzle no longer wanted: not worth an error
        if (e.status === 503) {
          throw new Error(`No ${rows}×${cols} ${difficulty} puzzle was found within ${time / 1000} s (${e.message}): try a smaller size or an easier difficulty.`);
        }
        throw e;
      }
    });
  if (late()) {
    if (info !== undefined) say(status, `The ${rows}×${cols} puzzle being generated was dropped: another puzzle was opened meanwhile.`);
    return;
  }
  if (!info) return;
  const next = open(info, `generated: ${info.difficulty}, seed ${info.seed}`);
  $('info').dataset.seed = info.seed;
  say(status, `Generated ${/^[aeiou]/.test(info.difficulty) ? 'an' : 'a'} ${info.difficulty} ${rows}×${cols} puzzle (seed ${info.seed}). ${next}`, 'ok');
}

// ---------------------------------------------------------------- start

/** Opens `?edit=` in the editor or `?p=` to play (a puzz.link URL, Loopy ID or text) when
 * given, else a fresh 7x7 puzzle. */
async function start() {
  buildPage();
  setTool('lines');
  const params = new URLSearchParams(location.search);
  const edit = params.get('edit'), p = params.get('p') ?? edit;
  if (edit) setMode('edit');
  if (p) {
    $('puzzle-input').value = p;
    if (!(await openText(p, $('load')))) {
      // Keep the reason in view: the board below is a fresh puzzle instead.
      const reason = status.textContent;
      await generate();
      if (game.puzzle || page.mode === 'edit') say(status, `Could not open the puzzle in the address (${reason}); here is a generated one.`, 'error');
    }
    return;
  }
  await generate();
}

start().catch((e) => say(status, `Could not start the page: ${e.message}`, 'error'));
