// setups.js: set-ups a player saved in this browser: for a game and
// scenario and a seat, named lists of the choice IDs that seat made in its
// set-up. Loading one sends the list as one batch that the server checks
// choice by choice (docs/api.md, choices/batch); nothing here knows a rule.

const KEY = 'sandtable.setups.v1';
const MADE = 'sandtable.setup-made.v1';

function load(key) {
  try {
    const d = JSON.parse(localStorage.getItem(key) || '{}');
    return d && typeof d === 'object' ? d : {};
  } catch {
    return {};
  }
}

function save(key, all) {
  try {
    localStorage.setItem(key, JSON.stringify(all));
  } catch { /* private mode or full: nothing is kept */ }
}

const kind = (summary, seat) => [summary.game, summary.scenario || '', seat].join('/');

// saved lists the names of the set-ups kept for this kind of game and seat.
export function saved(summary, seat) {
  return Object.keys(load(KEY)[kind(summary, seat)] || {}).sort();
}

export function get(summary, seat, name) {
  return (load(KEY)[kind(summary, seat)] || {})[name] || null;
}

export function keep(summary, seat, name, choices) {
  const all = load(KEY);
  all[kind(summary, seat)] = {...(all[kind(summary, seat)] || {}), [name]: choices};
  save(KEY, all);
}

// made is the set-up choices a seat has made in one game so far.
export function made(id, seat) {
  return ((load(MADE)[id] || {})[seat] || []).map((c) => c.id);
}

// record notes choices made from version on, one version each; what was
// noted at version or later had been undone. No choices: an undo to version.
export function record(id, seat, version, choices) {
  const all = load(MADE);
  const old = ((all[id] || {})[seat] || []).filter((c) => c.v < version);
  all[id] = {...(all[id] || {}), [seat]: old.concat(choices.map((c, i) => ({v: version + i, id: c})))};
  save(MADE, all);
}
