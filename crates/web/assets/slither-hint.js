// The Slitherlink page's hints as the player reads them: the reasoning of the latest hint (the
// API's words and its chain of steps, each showing on the board where it looked while the
// pointer or the focus is on it) and the list of hints given so far, one entry per hint. Play
// mode (slither-play.js) asks POST /api/slither/hint and applies the edges it decides; this
// module shows the answer (docs/API.md describes its fields).
import { h, plural, capitalise } from './common.js';
import { markPlaces, unmarkPlaces } from './slither-board.js';

const $ = (id) => document.getElementById(id);
/** Where the latest hint looked, highlighted until the marks change (null once they have). */
let current = null;

/** The panel's part: the heading, the latest hint's reasoning (hidden until there is one) and
 * the list of hints. */
export function hintPanel() {
  return [
    h('h2', {}, 'Hints'),
    h('div', { id: 'hint-now', class: 'hint-now', hidden: true },
      h('p', { id: 'hint-title' }),
      h('ol', { id: 'hint-steps', 'aria-label': 'The reasoning, step by step' }),
      h('p', { class: 'keys' }, 'Point at a step or Tab to it: purple shows where it looked, green the edges the hint decided.')),
    h('ol', { id: 'hints', 'aria-label': 'Hints given' }),
  ];
}

/** A new puzzle: no hints yet. */
export function clearHints() {
  current = null;
  $('hint-now').hidden = true;
  $('hint-steps').replaceChildren();
  $('hints').replaceChildren();
}

/** The marks changed: the hint's places are no longer shown (`unmarkPlaces` did it). */
export function forgetHintPlaces() {
  current = null;
}

/** Shows a hint that decided edges (`res.status` `step`, its edges already applied): its
 * reasoning, its places on the board and a new entry in the list. Returns the entry's text, a
 * one-line summary for the status line. */
export function showHint(res) {
  // The API always sends the chain; a bare answer still reads as one step.
  const steps = res.steps?.length ? res.steps : [{ ...res, learned: [] }];
  const last = steps.at(-1);
  const facts = steps.length - 1;
  const summary = `${label(last)}: ${decided(res.fixed)}${facts ? `, from ${plural(facts, 'fact')} learned first` : ''}`;

  const list = $('hints');
  $('hint-title').textContent = `Hint ${list.children.length + 1}${steps.length > 1 ? `, in ${steps.length} steps` : ''}`;
  // The steps say it all (the API's whole sentence, their words joined, is the list entry's
  // tooltip).
  $('hint-steps').replaceChildren(...steps.map(stepItem));
  $('hint-now').hidden = false;

  list.append(h('li', {
    title: capitalise(res.text ?? summary),
    dataset: { rule: res.rule, depth: res.depth ?? 0, facts, text: res.text ?? summary },
  }, summary));
  list.scrollTop = list.scrollHeight; // the newest entry in view

  current = { cells: res.cells ?? [], dots: res.dots ?? [], edges: res.edges ?? [] };
  look(current);
  return summary;
}

/** One step of the chain: what it is (a rule, where; or a trial and its depth) in bold, then
 * what it fixed or learned in the API's words. Pointing at it or focusing it shows its places. */
function stepItem(step) {
  const kind = step.depth > 0 ? 'trial' : step.fixed.length ? 'fixed' : 'fact';
  return h('li', {
    tabindex: 0,
    dataset: { kind, rule: step.rule, depth: step.depth },
    onmouseenter: () => look(step),
    onfocus: () => look(step),
    onmouseleave: () => look(current),
    onblur: () => look(current),
  }, h('strong', {}, label(step)), ': ', rest(step));
}

/** "Rule 6, “only way out” at dot (1, 5)"; a trial: "Trial, depth 1, on v(4,1)" (the edge
 * assumed). */
function label(step) {
  if (step.depth > 0) return `Trial, depth ${step.depth}, on ${step.at}`;
  return `${capitalise(ruleName(step.rule))} at ${step.at}`;
}

/** The step's words after its rule and place, which `label` says already: "line v(0,5)",
 * "learned exactly one of … is a line", "suppose … so it is a cross". */
function rest(step) {
  const prefix = step.depth > 0 ? `trial (depth ${step.depth}): ` : `${step.rule} at ${step.at}: `;
  return step.text.startsWith(prefix) ? step.text.slice(prefix.length) : step.text;
}

/** "5 diagonal 3s" -> "rule 5, “diagonal 3s”"; a name without a number is the name itself
 * ("corner pairs (at least one / at most one)"). */
function ruleName(rule) {
  const m = /^(\d+) (.*)$/.exec(rule);
  return m ? `rule ${m[1]}, “${m[2]}”` : rule;
}

/** "2 lines and 1 cross". */
function decided(fixed) {
  const lines = fixed.filter((f) => f.state === 'line').length;
  const crosses = fixed.length - lines;
  return [lines && plural(lines, 'line'), crosses && plural(crosses, 'cross', 'crosses')].filter(Boolean).join(' and ');
}

/** Highlights `places` (or nothing) as where the hint looked. */
function look(places) {
  const board = $('board');
  if (!board) return;
  unmarkPlaces(board, 'look');
  if (places) markPlaces(board, places, 'look');
}
