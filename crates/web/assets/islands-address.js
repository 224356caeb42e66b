// What the Islands page keeps in its address: the board (`preset`, `seed`) and the mode, so that a
// reload or a shared link shows the same board; the levels, who moves first and the thinking
// time are read from it too (`/islands?preset=medium&seed=11&level=greedy&first=engine`).

const MAX_SEED = 4294967295;
const THINK_TIMES = ['250', '500', '1000', '3000'];

/** Whether `value` is a seed the page asks the generator for (a whole number in 0..2³²). */
export function isSeed(value) {
  return Number.isInteger(value) && value >= 0 && value <= MAX_SEED;
}

/** Sets the page's controls (`els`) from the address; the presets and levels offered are the
 * server's (`presets`, `levels`). Returns what in the address the page could not use, in words
 * (empty when everything was used). */
export function readAddress(els, presets, levels) {
  const params = new URLSearchParams(location.search);
  const unused = [];
  const preset = params.get('preset');
  if (presets.includes(preset)) els.preset.value = preset;
  else if (preset !== null) unused.push(`preset "${preset}" is not one of ${presets.join(', ')}`);
  const raw = params.get('seed');
  const seed = Number(raw ?? '');
  if (raw !== null && !isSeed(seed)) unused.push(`seed "${raw}" is not a whole number from 0 to ${MAX_SEED}`);
  els.seed.value = String(raw !== null && isSeed(seed) ? seed : Math.floor(Math.random() * 1_000_000));
  if (params.get('mode') === 'watch') els.mode.value = 'watch';
  for (const name of ['level', 'bot1', 'bot2']) {
    if (levels.includes(params.get(name))) els[name].value = params.get(name);
  }
  if (params.get('first') === 'engine') els.first.value = 'engine';
  if (THINK_TIMES.includes(params.get('think'))) els.think.value = params.get('think');
  return unused;
}

/** Puts the board on show and the mode into the address (without a new history entry). */
export function keepInAddress(game, mode) {
  const params = new URLSearchParams(location.search);
  params.set('preset', game.preset);
  params.set('seed', String(game.seed));
  params.set('mode', mode);
  history.replaceState(null, '', `${location.pathname}?${params}`);
}
