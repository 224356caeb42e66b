// The Slitherlink page's Edit mode, the setter's workbench: place, change and clear clues by
// click and keyboard; after every edit the page asks POST /api/slither/analyze and shows the
// verdict (one solution, several, none), the level, the clues that can go, a clue to add, the
// clues in conflict, and the edges where two solutions differ. Undo/redo; export through the
// API's formats; play the edited puzzle.
import { api, h, svg, say, plural } from './common.js';
import { drawBoard, setClue, cellUnder, moveCellCursor, ARROWS, px, CELL } from './slither-board.js';

/** A click on the selected cell steps through these (right click or Shift backwards). */
const CYCLE = [null, 0, 1, 2, 3, '?'];

/**
 * The editor. `tools` are the page's helpers: `status` (the status line), `button(id, label,
 * title, onclick)`, `guard(handler)` and `safely(handler)` (errors shown), `maxSide` (the
 * largest side the API analyses, from /api/limits), `budgetMs` (the analysis's time budget per
 * edit: beyond it the answer is `unknown`) and `onPlay(info)` (opens a puzzle, the
 * API's puzzle info, in play mode). The board goes into `#board-box`.
 */
export function createEditor({ status, button, guard, safely, copy, maxSide, budgetMs, onPlay }) {
  const ed = {
    active: false,
    rows: 0, cols: 0,
    clues: [], // rows of null, 0..3 or '?'
    undo: [], // actions: [[r, c, before, after], ...]
    redo: [],
    version: 0, // bumped by every edit: an answer about an older version is never shown
    editedAt: 0, // performance.now() at the last edit, for the latency shown
    cursor: [0, 0],
    asking: false, // an analysis request is in flight (at most one: the server's work is not cancelled)
    shown: null, // { version, res } of the analysis on display
    waiters: [], // resolved with the analysis of the current version
  };
  const $ = (id) => document.getElementById(id);

  // ------------------------------------------------------------ the panel

  const field = (id, label, multiline = false) => h('label', {}, label,
    h('div', { class: 'row' },
      multiline ? h('textarea', { id, readonly: true, rows: 4, spellcheck: 'false' }) : h('input', { id, readonly: true }),
      button(`${id}-copy`, 'Copy', `Copy the ${label}`, () => copy(id))));
  const panel = h('div', { id: 'edit-panel', hidden: true },
    h('div', { class: 'play', role: 'toolbar', 'aria-label': 'Edit' },
      button('edit-undo', 'Undo', 'Undo the last edit (Ctrl+Z)', () => undoRedo(ed.undo, ed.redo, 2)),
      button('edit-redo', 'Redo', 'Redo (Ctrl+Y)', () => undoRedo(ed.redo, ed.undo, 3)),
      button('edit-clear', 'Clear clues', 'Remove every clue (undoable)', clearClues),
      button('edit-export', 'Export', 'Show the puzzle as a puzz.link URL, a Loopy game ID and text', showExport),
      button('edit-play', 'Play this puzzle', 'Switch to play mode with this puzzle', play)),
    h('form', { id: 'new-board', class: 'new-board', onsubmit: (e) => { e.preventDefault(); guard(newBoard)(e); } },
      h('label', {}, 'Rows', h('input', { id: 'edit-rows', type: 'number', min: 1, max: maxSide, value: 10, required: true })),
      h('label', {}, 'Columns', h('input', { id: 'edit-cols', type: 'number', min: 1, max: maxSide, value: 10, required: true })),
      h('button', { id: 'edit-new', type: 'submit', title: `A board without clues, up to ${maxSide}×${maxSide}` }, 'New empty board')),
    h('p', { id: 'edit-info' }),
    h('h2', {}, 'Analysis'),
    h('div', { id: 'analysis', 'aria-live': 'polite' },
      h('p', { id: 'verdict' }),
      h('ul', { id: 'findings' }),
      h('p', { id: 'edit-timing', class: 'keys' })),
    h('label', { class: 'check' }, h('input', { id: 'edit-loops', type: 'checkbox', checked: true, onchange: showLoops }), ' Show the solution loops'),
    h('div', { id: 'export-box', class: 'share-box', hidden: true },
      field('export-url', 'puzz.link URL'), field('export-loopy', 'Loopy game ID'), field('export-text', 'text', true)),
    h('p', { class: 'keys' },
      'Click a cell to select it, click it again to step through blank → 0 → 1 → 2 → 3 → ? → blank ',
      '(right click or Shift+click goes back). Keyboard (click the board or Tab to it): arrows move, ',
      '0–3 and ? set the clue, Space, Backspace or Delete clear it; Ctrl+Z undo, Ctrl+Y redo. ',
      'After each edit the puzzle is analysed: circled clues can each go with the puzzle still unique; ',
      'orange and blue edges are where two solutions differ; red clues have no solution together.'));

  // ------------------------------------------------------------ opening and drawing

  /** Opens `draft` (`{ rows, cols, clues }`) in the editor with a fresh history. */
  function open(draft, about) {
    if (draft.rows > maxSide || draft.cols > maxSide) {
      throw new Error(`the editor takes boards up to ${maxSide}×${maxSide}; this one is ${draft.rows}×${draft.cols}`);
    }
    ed.active = true;
    ed.rows = draft.rows;
    ed.cols = draft.cols;
    ed.clues = draft.clues.map((row) => row.slice());
    ed.undo = [];
    ed.redo = [];
    ed.about = about;
    ed.cursor = [0, 0];
    ed.shown = null;
    $('edit-rows').value = ed.rows;
    $('edit-cols').value = ed.cols;
    const board = drawBoard($('board-box'), ed);
    board.classList.add('editing');
    board.classList.toggle('hide-loops', !$('edit-loops').checked);
    board.addEventListener('pointerdown', safely(pressCell));
    board.addEventListener('keydown', safely(key));
    edited();
  }

  /** Leaves the editor: answers still on their way are dropped. */
  function close() {
    ed.active = false;
    for (const resolve of ed.waiters.splice(0)) resolve(null);
  }

  function newBoard() {
    const rows = Number($('edit-rows').value), cols = Number($('edit-cols').value);
    for (const [name, n] of [['Rows', rows], ['Columns', cols]]) {
      if (!Number.isInteger(n) || n < 1 || n > maxSide) {
        say(status, `${name} must be a whole number from 1 to ${maxSide}.`, 'error');
        return;
      }
    }
    open({ rows, cols, clues: Array.from({ length: rows }, () => new Array(cols).fill(null)) }, 'new');
    say(status, `A new empty ${rows}×${cols} board: click a cell, then type its clue.`, 'ok');
  }

  // ------------------------------------------------------------ edits and their history

  /** A press on a cell selects it; on the selected cell it steps its clue through `CYCLE`. */
  function pressCell(event) {
    if (event.button !== 0 && event.button !== 2) return;
    const cell = cellUnder($('board'), event);
    if (!cell) return;
    event.preventDefault();
    $('board').focus({ preventScroll: true });
    const [r, c] = cell;
    if (r !== ed.cursor[0] || c !== ed.cursor[1]) {
      moveCursor(r, c);
      return;
    }
    const step = event.button === 2 || event.shiftKey ? CYCLE.length - 1 : 1;
    edit(r, c, CYCLE[(CYCLE.indexOf(ed.clues[r][c]) + step) % CYCLE.length]);
  }

  function key(event) {
    const [r, c] = ed.cursor;
    const dir = ARROWS[event.key];
    if (dir) {
      event.preventDefault();
      moveCursor(Math.min(ed.rows - 1, Math.max(0, r + dir[0])), Math.min(ed.cols - 1, Math.max(0, c + dir[1])));
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      // Ctrl+Z and the like belong to the page
    } else if (/^[0-3]$/.test(event.key)) {
      event.preventDefault();
      edit(r, c, Number(event.key));
    } else if (event.key === '?') {
      event.preventDefault();
      edit(r, c, '?');
    } else if ([' ', 'Backspace', 'Delete', '.', '-'].includes(event.key)) {
      event.preventDefault();
      edit(r, c, null);
    }
  }

  function moveCursor(r, c) {
    ed.cursor = [r, c];
    moveCellCursor($('board'), r, c);
  }

  /** Sets cells' clues as one undoable action: `changes` is [[r, c, value], ...]. */
  function change(changes) {
    const action = changes.filter(([r, c, v]) => ed.clues[r][c] !== v).map(([r, c, v]) => [r, c, ed.clues[r][c], v]);
    if (action.length === 0) return action;
    ed.undo.push(action);
    ed.redo.length = 0;
    apply(action, 3);
    return action;
  }

  function edit(r, c, value) {
    moveCursor(r, c);
    change([[r, c, value]]);
  }

  /** Moves an action from one stack to the other; `side` 2 restores the before values, 3 the after. */
  function undoRedo(from, to, side) {
    const action = from.pop();
    if (!action) return;
    to.push(action);
    apply(action, side);
    const [r, c] = action[0];
    if (action.length === 1) moveCursor(r, c);
    const what = action.length === 1 ? `cell (${r}, ${c})` : `${action.length} cells`;
    say(status, `${side === 2 ? 'Undone' : 'Redone'}: ${what}.`);
  }

  function apply(action, side) {
    const board = $('board');
    for (const entry of action) {
      const [r, c, value] = [entry[0], entry[1], entry[side]];
      ed.clues[r][c] = value;
      setClue(board, r, c, value);
    }
    edited();
  }

  function clearClues() {
    const all = [];
    ed.clues.forEach((row, r) => row.forEach((v, c) => all.push([r, c, null])));
    const changed = change(all);
    say(status, changed.length ? `Cleared ${changed.length} clue${changed.length === 1 ? '' : 's'} (Undo brings them back).` : 'There are no clues to clear.');
  }

  /** After every edit: the analysis on display is now about an older puzzle (shown dimmed until
   * the new one arrives), and a new one is asked for. */
  function edited() {
    ed.version++;
    ed.editedAt = performance.now();
    $('board').classList.add('stale');
    $('analysis').dataset.current = 'no';
    $('edit-undo').disabled = ed.undo.length === 0;
    $('edit-redo').disabled = ed.redo.length === 0;
    const clues = ed.clues.flat().filter((v) => v !== null).length;
    $('edit-info').textContent = `${plural(ed.rows, 'row')} × ${plural(ed.cols, 'column')}, ${plural(clues, 'clue')} (${ed.about}).`;
    analyse();
  }

  // ------------------------------------------------------------ the analysis

  /** Asks for the analysis of the current clues. One request at a time: edits made meanwhile
   * are analysed together when it returns, and its answer, about older clues, is dropped. */
  async function analyse() {
    if (ed.asking || !ed.active) return;
    ed.asking = true;
    const version = ed.version;
    $('verdict').textContent ||= 'Analysing…';
    let res, error;
    try {
      res = await api('/api/slither/analyze', { clues: ed.clues, time_ms: budgetMs });
    } catch (e) {
      error = e;
    }
    ed.asking = false;
    if (!ed.active) return;
    if (version !== ed.version) {
      analyse();
      return;
    }
    show(res, error);
  }

  function show(res, error) {
    const board = $('board');
    const latency = Math.round(performance.now() - ed.editedAt);
    clearMarks(board);
    board.classList.remove('stale');
    const analysis = $('analysis');
    Object.assign(analysis.dataset, { current: 'yes', version: ed.version, latencyMs: latency, verdict: res?.verdict ?? 'error' });
    ed.shown = { version: ed.version, res: res ?? null };
    const findings = [];
    if (error) {
      $('verdict').textContent = `The analysis failed: ${error.message}`;
    } else if (res.verdict === 'unique') {
      $('verdict').textContent = `One solution: the puzzle is unique. Level: ${res.level}.`;
      for (const e of res.loops[0]) edgeClass(e, 'sol');
      for (const [r, c] of res.redundant) ring(board, r, c);
      const n = res.redundant.length;
      const numbered = ed.clues.flat().filter((c) => typeof c === 'number').length;
      findings.push(numbered === 0 ? 'The puzzle has no numbered clue to remove.'
        : n === 0 ? 'Every clue is needed: without any one of them the puzzle has several solutions.'
        : n === 1 ? 'One clue (circled) can be removed with the puzzle still unique.'
        : `${n} clues (circled) can each be removed on its own with the puzzle still unique.`);
    } else if (res.verdict === 'multiple') {
      $('verdict').textContent = 'Several solutions.';
      const [a, b] = res.loops.map((l) => new Set(l));
      for (const e of a) edgeClass(e, b.has(e) ? 'sol' : 'diff-a');
      for (const e of b) if (!a.has(e)) edgeClass(e, 'diff-b');
      findings.push(`Two of them differ on ${res.differing.length} edges: orange on the first loop only, blue (dashed) on the second only.`);
      if (res.add) {
        const [r, c] = res.add.cell;
        suggest(board, r, c, res.add.clue);
        findings.push(h('span', {}, `A ${res.add.clue} at cell (${r}, ${c}) (in purple) rules the second loop out. `,
          button('edit-add', 'Add it', `Put a ${res.add.clue} at cell (${r}, ${c})`, () => edit(r, c, res.add.clue))));
      } else {
        findings.push('The two loops have the same count on every cell without a number: no clue added there tells them apart; change a clue instead.');
      }
    } else if (res.verdict === 'none') {
      $('verdict').textContent = 'No solution.';
      for (const [r, c] of res.conflict) {
        board.querySelector(`[data-cell="${r},${c}"]`)?.classList.add('conflict');
        board.querySelector(`[data-clue="${r},${c}"]`)?.classList.add('conflict');
      }
      const n = res.conflict.length;
      findings.push(`The ${n} clue${n === 1 ? '' : 's'} in red ${n === 1 ? 'has' : 'have'} no solution on ${n === 1 ? 'its' : 'their'} own` +
        (res.minimal ? (n === 1 ? '.' : ', and each of them is needed for that.') : ' (perhaps not all of them are needed).'));
    } else {
      $('verdict').textContent = `The solutions were not counted within ${budgetMs / 1000} s.`;
    }
    if (res?.unchecked?.length) findings.push(`${plural(res.unchecked.length, 'clue')} ${res.unchecked.length === 1 ? 'was' : 'were'} not tried for removal in time.`);
    $('findings').replaceChildren(...findings.map((f) => h('li', {}, f)));
    $('edit-timing').textContent = `Shown ${latency} ms after the edit.`;
    if (res) {
      fillExport(res);
      // The address bar now reopens this draft in the editor.
      history.replaceState(null, '', `${location.pathname}?edit=${encodeURIComponent(res.url)}`);
    }
    for (const resolve of ed.waiters.splice(0)) resolve(ed.shown.res);
  }

  const edgeClass = (e, name) => document.querySelector(`#board [data-edge="${e}"]`)?.classList.add(name);

  function clearMarks(board) {
    for (const el of board.querySelectorAll('.sol, .diff-a, .diff-b, .conflict')) el.classList.remove('sol', 'diff-a', 'diff-b', 'conflict');
    board.querySelector('.marks').replaceChildren();
  }

  function ring(board, r, c) {
    board.querySelector('.marks').append(svg('circle', { class: 'redundant', cx: px(c) + CELL / 2, cy: px(r) + CELL / 2, r: 15, dataset: { at: `${r},${c}` } }));
  }

  function suggest(board, r, c, clue) {
    board.querySelector('.marks').append(svg('g', { class: 'suggest', dataset: { at: `${r},${c}` } },
      svg('rect', { x: px(c) + 4, y: px(r) + 4, width: CELL - 8, height: CELL - 8, rx: 3 }),
      svg('text', { x: px(c) + CELL / 2, y: px(r) + CELL / 2 }, String(clue))));
  }

  function showLoops() {
    $('board')?.classList.toggle('hide-loops', !$('edit-loops').checked);
  }

  /** The analysis of the clues as they are now: at once when it is on display, else when it
   * arrives (null when it failed or the editor was left). */
  function current() {
    if (ed.shown && ed.shown.version === ed.version) return Promise.resolve(ed.shown.res);
    return new Promise((resolve) => ed.waiters.push(resolve));
  }

  // ------------------------------------------------------------ export and play

  function fillExport(res) {
    $('export-url').value = res.url;
    $('export-loopy').value = res.loopy;
    $('export-text').value = res.text;
    // The whole text in view, up to a 30-line box (a 30x30 puzzle has 31 lines).
    $('export-text').rows = Math.min(30, res.text.trimEnd().split('\n').length);
  }

  async function showExport() {
    $('export-box').hidden = false;
    if (!(await current())) {
      say(status, 'The puzzle could not be analysed, so it cannot be exported yet: try another edit.', 'error');
      return;
    }
    $('export-url').focus();
    $('export-url').select();
    say(status, 'The puzzle as a puzz.link URL, a Loopy game ID and text, below.', 'ok');
  }

  async function play() {
    const res = await current();
    if (!ed.active) return;
    if (!res) {
      say(status, 'The puzzle could not be analysed, so it cannot be played yet: try another edit.', 'error');
      return;
    }
    onPlay(res);
  }

  return {
    panel,
    open,
    close,
    undo: () => $('edit-undo').click(),
    redo: () => $('edit-redo').click(),
    /** The clues being edited (`{ rows, cols, clues }`), for a page that switches modes. */
    draft: () => ({ rows: ed.rows, cols: ed.cols, clues: ed.clues }),
  };
}
