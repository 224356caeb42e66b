// The Dots-and-Boxes page's analysis panel: the position's value (POST /api/dots/solve: exact,
// or the search's estimate) and what it means for the final score, the fight for control, every
// move's value (a table, and labels and best lines on the board), and the chains and loops of a
// simple endgame (POST /api/dots/endgame). This is the one module that reads /api/dots/solve's
// answer.
import { api, h, say, plural, serverLimits } from './common.js';
import { play, signed, finalScore, aboutFinal } from './dots-game.js';
import { markLine, hoverLine, tintBoxes, highlightBoxes } from './dots-board.js';

const $ = (id) => document.getElementById(id);
/** With a budget, the share the exact solve gets before the search estimates (the engine's). */
const EXACT_SHARE = (await serverLimits()).dots.exact_share;

/** Aborts the analysis requests of a position no longer shown: the server then stops their
 * work at once, so that it does not slow the engine's reply. */
let controller = new AbortController();
/** The position, game and budget of the analysis on show, so that it is not asked twice. */
let shownKey = null;

/** The panel's controls: the Analyse box, the solver budget and "values on the board", set
 * from the address (`analyse=1`, `budget=`). */
export function analysisControls(params) {
  const pick = h('select', { id: 'budget' },
    [[1000, '1 s'], [3000, '3 s'], [10000, '10 s'], [30000, '30 s']].map(([v, text]) => h('option', { value: v, selected: String(v) === (params.get('budget') ?? '3000') }, text)));
  return h('div', { class: 'analyse-controls' },
    h('label', { class: 'check', title: 'the exact value (or the search\'s estimate), the fight for control and every move\'s value, after each move' },
      h('input', { id: 'analyse', type: 'checkbox', checked: params.get('analyse') === '1' }), ' Analyse'),
    h('label', { for: 'budget', id: 'budget-label', title: 'how long the analysis may take' }, 'Solver budget', pick),
    h('label', { class: 'check', id: 'show-values-label' }, h('input', { id: 'show-values', type: 'checkbox', checked: true }), ' values on the board'));
}

export const analysisOn = () => $('analyse').checked;
export const budgetMs = () => Number($('budget').value);

/** The solver budget and the values on the board belong to the analysis: usable only with it. */
export function syncAnalyseControls() {
  const on = analysisOn();
  $('budget').disabled = !on;
  $('show-values').disabled = !on;
  $('budget-label').classList.toggle('muted', !on);
  $('show-values-label').classList.toggle('muted', !on);
}

/** Drops the analysis on show (a move, an undo, a new game, or changed settings): its requests
 * are aborted, and the next `analyse` asks again. */
export function dropAnalysis() {
  controller.abort();
  shownKey = null;
}

/** Hides the panel (Analyse switched off). */
export function hideAnalysis() {
  dropAnalysis();
  $('analysis').hidden = true;
}

/** While the engine is to move the analysis waits (it would share the cores). */
export function showWaiting() {
  const panel = $('analysis');
  panel.hidden = false;
  panel.replaceChildren(h('p', { id: 'value', 'data-state': 'waiting' }, 'The engine is to move; the analysis follows its reply.'));
}

/** The words the analysis uses, said once for a newcomer. */
function glossary() {
  const words = [
    ['safe line', 'a line that does not give the other player a box: it draws no box\'s third side.'],
    ['chain', 'a run of boxes, each with two sides drawn, joined through their undrawn sides: whoever draws a line into it hands all its boxes to the other player. A long chain has 3 boxes or more; a short one, 1 or 2.'],
    ['loop', 'a chain that closes on itself: handing one out costs 4 boxes or more.'],
    ['control', 'when only chains and loops are left, the player in control makes the other open each one, and can take all but 2 boxes of a chain (all but 4 of a loop), handing those to the other to keep control: the double-dealing move.'],
    ['long chain rule', 'who gets control depends on the count of long chains: on a board whose rows and columns are both even, the first player wants an odd number, otherwise an even number (loops do not count). A rule of thumb while chains still form: a sacrifice can change the count.'],
    ['Nimstring', 'the same game in which whoever takes the last box loses: winning it is winning control, exactly. Winning control can cost more boxes than it brings, so the values have the last word.'],
    ['value', 'the net score over the boxes still unclaimed (yours minus the other player\'s) with best play by both: exact from the solver, or an estimate from the search\'s playouts (random games to the end) when the solve does not finish in the budget.'],
    ['estimate', 'a value from a search that samples games (playouts) rather than proving, shown with ± its standard error (how far two searches of the same position typically differ by chance; more playouts make it smaller). Where the playouts are too few for that (on a board far larger than the budget lets the search sample), the search says it is too thin to estimate instead of giving a number.'],
  ];
  return h('details', { id: 'glossary' }, h('summary', {}, 'Words used here'),
    h('dl', {}, words.flatMap(([word, meaning]) => [h('dt', {}, word), h('dd', {}, meaning)])));
}

const resultOf = (final) => (final.you > final.engine ? 'you win' : final.you < final.engine ? 'the engine wins' : 'a draw');

/** What a value means for the final score. */
function meaning(mover, value) {
  const { final, gets, u } = finalScore(play.view, mover, value);
  return `${mover === 'you' ? 'You take' : 'The engine takes'} ${gets} of the ${u} unclaimed box${u === 1 ? '' : 'es'} with best play by both: final score You ${final.you} – ${final.engine} Engine (${resultOf(final)}).`;
}

/** The final score an estimate means, in whole boxes. */
function roughScore(mover, value) {
  return aboutFinal(play.view, mover, value);
}

/** What an estimate means for the final score, in whole boxes. */
function roughMeaning(mover, value) {
  const { final, gets, u } = roughScore(mover, value);
  return `${mover === 'you' ? 'You would take' : 'The engine would take'} about ${gets} of the ${u} unclaimed box${u === 1 ? '' : 'es'}: final score about You ${final.you} – ${final.engine} Engine.`;
}

/** The engine's own estimate, told with its last move, set beside this analysis's answer: two
 * searches (or a search and a proof) that can disagree, each with what backs it. Empty when the
 * engine did not search for the position on show. */
function engineEstimateNote(ans, mover) {
  const est = play.engineEstimate;
  if (!est || est.at !== play.game.history.length) return '';
  const theirs = `About You ${est.final.you} – ${est.final.engine} Engine was the engine's own estimate with its move (its search, ${est.playouts.toLocaleString('en')} playouts)`;
  if (ans.exact) return h('p', { id: 'engine-estimate', class: 'muted', 'data-kind': 'exact', 'data-at': est.at }, `${theirs}; the value above is exact, so it has the last word.`);
  if (!isNumber(ans.value)) return h('p', { id: 'engine-estimate', class: 'muted', 'data-kind': 'too-thin', 'data-at': est.at }, `${theirs}; this analysis's search (${ans.playouts.toLocaleString('en')} playouts) was too thin to estimate.`);
  const { final } = roughScore(mover, ans.value);
  const agree = final.you === est.final.you;
  const surer = ans.playouts === est.playouts ? '' : ans.playouts > est.playouts ? ' This analysis, from more playouts, is the surer.' : ' The engine\'s, from more playouts, is the surer.';
  return h('p', { id: 'engine-estimate', class: 'muted', 'data-kind': agree ? 'agrees' : 'differs', 'data-at': est.at },
    `${theirs}; this analysis's search (${ans.playouts.toLocaleString('en')} playouts) ${agree ? 'agrees' : `expects You ${final.you} – ${final.engine} Engine`}. `,
    agree ? 'Both are estimates by sampling, not proofs.' : `Two estimates by sampling, not proofs: they differ by chance.${surer}`);
}

/** Analyses the position on show, unless that analysis is on show already. */
export async function analyse() {
  const { game, view } = play;
  if (!game) return;
  const mine = play.generation;
  const key = `${mine}:${view.texts.openspiel}:${budgetMs()}:${$('show-values').checked}`;
  if (shownKey === key) return;
  dropAnalysis();
  shownKey = key;
  controller = new AbortController();
  const panel = $('analysis');
  panel.hidden = false;
  if (view.over) {
    panel.replaceChildren(h('p', { id: 'value', 'data-state': 'over' }, 'The game is over: nothing left to analyse.'));
    return;
  }
  const mover = view.toMove;
  const timeMs = budgetMs();
  const spec = { rows: game.rows, cols: game.cols, drawn: [...view.drawn] };
  const valueLine = h('p', { id: 'value', 'data-state': 'busy', class: 'status busy' }, `Analysing… (up to ${timeMs / 1000} s)`);
  const [controlBox, endgameBox, movesBox] = ['control', 'endgame', 'moves'].map((id) => h('div', { id }));
  const noteBox = h('div', {});
  panel.replaceChildren(h('h2', {}, 'Analysis'), valueLine, noteBox, controlBox, endgameBox, movesBox, glossary());
  const stale = () => mine !== play.generation || shownKey !== key;
  const { signal } = controller;

  // The endgame answer is instant; the solver may take the whole budget. The endgame route
  // answers simple endgames (every box with 0 or 2 undrawn sides) and refuses the others with
  // 400, naming the box in the way.
  const endgame = api('/api/dots/endgame', spec, { signal }).then(
    (ans) => { if (!stale()) showEndgame(endgameBox, ans, mover); },
    (err) => {
      if (stale() || err.name === 'AbortError') return;
      if (err.status === 400) showNotEndgame(endgameBox, err.message);
      else endgameBox.replaceChildren(h('p', { class: 'status error' }, `Endgame check failed: ${err.message}`));
    });
  try {
    const ans = await api('/api/dots/solve', { ...spec, moves: true, explain: true, time_ms: timeMs, estimate: true }, { signal });
    if (stale()) return;
    showValue(valueLine, ans, mover, timeMs);
    noteBox.replaceChildren(engineEstimateNote(ans, mover));
    showControl(controlBox, ans.chains, ans.wins_control, mover);
    showMoves(movesBox, ans, mover);
  } catch (err) {
    if (stale() || err.name === 'AbortError') return;
    valueLine.dataset.state = 'failed';
    const reason = err.status === 503 ? `The solver could not afford this position within ${timeMs / 1000} s (a bigger budget may do): ${err.message}`
      : `The solver could not analyse this position: ${err.message}`;
    say(valueLine, reason, 'error');
  }
  await endgame;
}

/** The position's value and what it means for the final score; an estimate says why it is one
 * (the report's `exact_solve`). */
function showValue(line, ans, mover, timeMs) {
  const beyond = ans.exact_solve?.missing === 'too-large';
  line.className = 'value';
  const thin = !isNumber(ans.value);
  line.dataset.state = ans.exact ? 'exact' : thin ? 'too-thin' : beyond ? 'beyond-solver' : 'estimate';
  line.dataset.value = thin ? '' : ans.value;
  const who = mover === 'you' ? 'you' : 'the engine';
  if (ans.exact) {
    line.replaceChildren(h('strong', {}, `Exact value ${signed(ans.value)}`), ` for ${who} (to move): the net score over the unclaimed boxes. `, meaning(mover, ans.value));
    return;
  }
  let why;
  if (beyond) {
    why = `${ans.exact_solve.message}, so the strong engine's search ran ${ans.playouts.toLocaleString('en')} playouts on the board itself in ${timeMs / 1000} s`;
  } else {
    const exactSeconds = (timeMs * EXACT_SHARE) / 1000;
    // Bounds as wide as the unclaimed boxes say nothing: then only that the solve ran out.
    const proved = ans.bounds[0] > -play.view.unclaimed || ans.bounds[1] < play.view.unclaimed
      ? `the exact solve proved only that the value is between ${signed(ans.bounds[0])} and ${signed(ans.bounds[1])} in its ${exactSeconds} s`
      : `the exact solve did not finish in its ${exactSeconds} s`;
    why = `${proved}, then the strong engine's search ran ${ans.playouts.toLocaleString('en')} playouts`;
  }
  if (thin) {
    line.replaceChildren(h('strong', {}, 'Too thin to estimate'), ` for ${who} (to move): ${why}, ${ans.value.message}. A bigger budget gives more playouts.`);
    return;
  }
  line.replaceChildren(h('strong', {}, `Estimate about ${signed(ans.value)} ± ${ans.std_error}`), ` for ${who} (to move), not exact (± one standard error, from the playouts' spread): ${why}. `, roughMeaning(mover, ans.value));
}

/** Whether a value is a number: an estimate too thin to give is an object saying why. */
const isNumber = (value) => typeof value === 'number';

/** The fight for control in words (long chain rule), with the chains and loops highlighted on
 * hover; `wins` is the exact answer, or why there is none (the report's `{missing, message}`). */
function showControl(box, control, wins, mover) {
  const who = mover === 'you' ? 'You' : 'The engine';
  const kinds = (kind, long) => control.components.filter((c) => c.kind === kind && (kind === 'loop' || c.long === long));
  const [long, short, loops] = [kinds('chain', true), kinds('chain', false), kinds('loop')];
  const at = ([r, c]) => `(${r}, ${c})`;
  const place = (comp) => (comp.boxes.length === 1 ? `at ${at(comp.boxes[0])}`
    : comp.kind === 'loop' ? `through ${at(comp.boxes[0])}` : `from ${at(comp.boxes[0])} to ${at(comp.boxes.at(-1))}`);
  for (const comp of control.components) tintBoxes(comp);
  const items = control.components.map((comp) => h('li', {
    tabindex: 0, class: 'component', 'data-kind': comp.kind, 'data-length': comp.boxes.length,
    onmouseenter: () => highlightBoxes(comp.boxes, true), onmouseleave: () => highlightBoxes(comp.boxes, false),
    onfocus: () => highlightBoxes(comp.boxes, true), onblur: () => highlightBoxes(comp.boxes, false),
  }, `${comp.long ? 'long ' : ''}${comp.kind} of ${plural(comp.boxes.length, 'box', 'boxes')} ${place(comp)}`));
  const decided = typeof wins === 'boolean';
  box.replaceChildren(
    h('h3', {}, 'The fight for control'),
    h('p', { id: 'control-summary', 'data-on-track': String(control.mover_on_track) },
      `So far: ${plural(long.length, 'long chain', 'long chains')}, ${plural(short.length, 'short chain', 'short chains')}, ${plural(loops.length, 'loop', 'loops')}; ${plural(control.safe_lines, 'safe line', 'safe lines')} left. `,
      `By the long chain rule ${who.toLowerCase()} (to move) ${mover === 'you' ? 'want' : 'wants'} an ${control.mover_wants} number of long chains, so that the other player must open the first one: `,
      h('strong', {}, control.mover_on_track ? 'on track' : 'not on track'),
      decided ? '. That is a rule of thumb (chains still form, and sacrifices change the count); the exact answer:'
        : '. A rule of thumb: chains still form, and sacrifices change the count.'),
    h('p', { id: 'control-exact', 'data-wins': decided ? String(wins) : 'null', 'data-missing': decided ? null : wins.missing },
      !decided
        ? `Exactly (by Nimstring, the same game where whoever takes the last box loses): ${wins.message}.`
        : [`Exactly (by Nimstring, the same game where whoever takes the last box loses): ${who.toLowerCase()} `,
          h('strong', {}, wins ? 'can win control' : 'cannot win control'),
          wins ? '. Winning control is not always worth its price in boxes: the values say.' : ': whatever the move, the other player can win it.']),
    items.length ? h('p', { class: 'muted' }, 'The chains and loops so far, tinted on the board (hover one to pick it out; boxes are (row, column) from 0 at the top left):') : '',
    items.length ? h('ul', { id: 'control-components' }, items) : '');
}

/** A move's control: exact (Nimstring) when decided, else the long chain rule's guess, each
 * saying which it is. */
function controlCell(m) {
  if (typeof m.wins_control !== 'boolean') {
    return h('td', { 'data-keeps': String(m.keeps_control), class: 'rule', title: `by the long chain rule, a rule of thumb (not decided exactly: ${m.wins_control?.message ?? 'not asked for'})` },
      m.keeps_control ? 'keeps (rule)' : 'gives away (rule)');
  }
  return h('td', { 'data-keeps': String(m.keeps_control), 'data-wins': String(m.wins_control), class: 'exact', title: 'exact (Nimstring)' },
    m.wins_control ? 'wins (exact)' : 'loses (exact)');
}

function showMoves(box, ans, mover) {
  // Exact values: every move of the best value is best. Estimates: the engine's choice is best
  // (its estimate is the position's), listed first; the others by estimate.
  // Moves too thin to estimate have no number: they come last, by line.
  const chosen = ans.exact ? null : ans.best?.line;
  const rank = (m) => (isNumber(m.value) ? m.value : -Infinity);
  const moves = [...(ans.moves ?? [])].sort((a, b) => (b.line === chosen) - (a.line === chosen) || rank(b) - rank(a) || a.line - b.line);
  const best = moves.length && isNumber(moves[0].value) ? moves[0].value : null;
  const isBest = (m) => (chosen === null ? m.value === best : m.line === chosen);
  // Marking "best" means something only when some move is worse.
  const someWorse = best !== null && moves.some((m) => isNumber(m.value) && m.value !== best);
  for (const m of moves.filter((m) => isNumber(m.value))) markLine(m.line, m.value, someWorse && isBest(m), $('show-values').checked);
  const valueCell = (m) => (m.exact ? h('td', { class: 'num', title: 'exact' }, signed(m.value))
    : isNumber(m.value) ? h('td', { class: 'num', title: `estimate from ${m.playouts.toLocaleString('en')} playouts, ± its standard error` }, `≈ ${signed(m.value)} ± ${m.std_error}`)
      : h('td', { class: 'thin', title: m.value.message }, `too thin (${plural(m.playouts, 'playout', 'playouts')})`));
  const versus = (m) => (isBest(m) ? 'best' : !isNumber(m.value) || best === null ? '' : m.value === best ? '±0' : `${signed(Math.round((m.value - best) * 10) / 10)}`);
  const rows = moves.map((m) => h('tr', {
    'data-edge': m.line, 'data-value': isNumber(m.value) ? m.value : '', class: someWorse && isBest(m) ? 'best' : '',
    onmouseenter: () => hoverLine(m.line, true), onmouseleave: () => hoverLine(m.line, false),
  }, h('td', {}, m.name), h('td', { class: 'number' }, String(m.line)),
  valueCell(m),
  h('td', {}, versus(m)),
  controlCell(m)));
  // Estimates come shrunk toward their mean by the share of their spread that is noise: when
  // all of them read alike, the playouts could not tell the moves apart.
  const sampled = moves.filter((m) => !m.exact && isNumber(m.value));
  const alike = sampled.length > 1 && sampled.every((m) => m.value === sampled[0].value);
  box.replaceChildren(
    h('h3', {}, `${ans.exact ? "Every move's value" : 'The moves the search looked at, with their estimates'} for ${mover === 'you' ? 'you' : 'the engine'}`),
    alike ? h('p', { id: 'moves-noise', class: 'muted' }, `The search cannot tell these moves apart yet: after ${ans.playouts.toLocaleString('en')} playouts in all, their differences are within the noise. A bigger budget gives more playouts, and the exact solve, when it finishes, the true values.`) : '',
    h('div', { class: 'table-box' },
      h('table', { class: 'values', id: 'move-values' },
        h('thead', {}, h('tr', {}, h('th', {}, 'line'), h('th', { class: 'number' }, 'number'), h('th', {}, ans.exact ? 'value' : 'estimate'), h('th', {}, 'vs best'), h('th', { title: 'exact (Nimstring) where decided, else by the long chain rule' }, 'control'))),
        h('tbody', {}, rows))));
}

function showEndgame(box, ans, mover) {
  const items = ans.components.map((comp) => h('li', {
    tabindex: 0, 'data-kind': comp.kind, 'data-length': comp.length, class: 'component',
    onmouseenter: () => highlightBoxes(comp.boxes, true), onmouseleave: () => highlightBoxes(comp.boxes, false),
    onfocus: () => highlightBoxes(comp.boxes, true), onblur: () => highlightBoxes(comp.boxes, false),
  }, `${comp.kind} of ${plural(comp.length, 'box', 'boxes')}`));
  box.replaceChildren(
    h('h3', {}, 'Endgame: chains and loops'),
    h('p', { id: 'endgame-value', 'data-value': ans.value },
      `Every box has 0 or 2 undrawn sides. Chains: ${ans.chains.join(', ') || 'none'}; loops: ${ans.loops.join(', ') || 'none'}. `,
      h('strong', {}, `Exact value ${signed(ans.value)}`), ` for ${mover === 'you' ? 'you' : 'the engine'} (chain-and-loop theory). Hover a component to see it:`),
    h('ul', { id: 'components' }, items));
}

/** Why the position is not yet a chains-and-loops endgame, in the engine's words. */
function showNotEndgame(box, reason) {
  box.replaceChildren(h('p', { class: 'muted', id: 'endgame-value', 'data-state': 'not-endgame' },
    `Not yet a chains-and-loops endgame: ${reason.replace(/^not a simple chains-and-loops endgame: /, '')}.`));
}

