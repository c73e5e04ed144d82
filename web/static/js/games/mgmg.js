// games/mgmg.js: how Monty's Gamble: Market-Garden looks and reads in the
// browser: the game module that games.js loads for the game id "mgmg"
// (web/README.md lists what a game module may export). Everything here is
// presentation; the rules live in the engine (games/mgmg).
import {h, ruleLink} from '../dom.js';

// printed: the printed counters of the board document, by id.
let printed = new Map();
let airNames = new Map();

// setBoard takes the board document of a game before anything is drawn.
export function setBoard(doc) {
  printed = new Map((doc.units || []).map((u) => [u.id, u]));
  airNames = new Map((doc.air_markers || []).map((m) => [m.id, m.name]));
}

const TYPE_NAMES = {
  infantry: 'Infantry', 'mechanized-infantry': 'Mechanized infantry', armored: 'Armour', 'field-artillery': 'Field artillery',
  flak: 'FLAK', 'flak-tower': 'FLAK Tower', 'river-bunker-garrison': 'River bunker garrison',
};

const LEVELS = {fresh: 'Fresh', spent: 'Spent', 'disrupt-1': 'Spent, Disrupted 1', 'disrupt-2': 'Spent, Disrupted 2'};

// shortName is the counter's division and designation ("9SS 19"), which
// the server prints on it (games/mgmg/board_view.go).
export function shortName(u) {
  return printed.get(u.id)?.short || '';
}

// counterSymbols names the server's symbols of a counter: its Fresh or
// Spent side (mgmg:4.22) and a Disruption marker over it (mgmg:4.4).
export function counterSymbols(u) {
  const level = u.level || 'fresh';
  const face = `counter-${u.id}${level === 'fresh' ? '' : '-spent'}`;
  const m = /^disrupt-(\d)$/.exec(level);
  return m ? [face, `marker-disrupt-${m[1]}`] : [face];
}

// facts are what a counter shows besides its name, in words.
export function facts(u) {
  const level = u.level || 'fresh';
  const f = level === 'fresh' ? `${u.af}-${u.df}-${u.mf}` : `defense ${u.spent_df}`;
  const bits = [`${TYPE_NAMES[u.type] || u.type} ${f}`, LEVELS[level] || level];
  if (u.airborne) bits.push(u.airborne.replace('-', ' '));
  if (u.entry) bits.push(`enters September ${u.entry}`);
  return bits;
}

// pileKey is what identical counters share: they pile up on the map.
export function pileKey(u) {
  return [u.side, u.force, u.type, u.af, u.df, u.mf, u.level, u.division || ''].join('|');
}

// boxCaption is the word under a counter in an off-map box.
export function boxCaption(u) {
  return u.level && u.level !== 'fresh' ? LEVELS[u.level] : '';
}

// markers are the markers of a place, the server's symbols: Allied control
// (mgmg:4.5), Supply Depots (mgmg:13.4) and air markers (mgmg:16.4).
export function markers(place, state) {
  const out = [];
  const c = state.control && state.control[place];
  if (c) out.push({symbol: `marker-control-${c}`, title: c === 'airborne' ? 'Allied control, Airborne side (mgmg:4.5)' : 'Allied control, XXX Corps side (mgmg:4.5, 7.21)'});
  for (const d of state.depots || []) {
    if (d.at !== place) continue;
    const side = d.id === 'german' ? 'german' : 'allied';
    out.push({symbol: `marker-depot-${side}`, title: `Supply Depot ${d.id}: ${d.points} Supply Points (mgmg:13.4)`});
  }
  for (const [id, at] of Object.entries(state.air_markers_on_map || {})) {
    if (at === place) out.push({symbol: `marker-air-${id}`, title: `${airNames.get(id) || id} (mgmg:16.4)`});
  }
  return out;
}

// crossingMarkers are the markers on a crossing (games/mgmg/board_view.go):
// a boundary's Held! marker on the crossing that carries it, a bridge
// blown or held by the Allies, construct markers (mgmg:4.6, 19), a ferry
// used or destroyed (mgmg:4.7).
export function crossingMarkers(c, state) {
  const out = [];
  if (c.border && (state.held || []).includes(c.border)) out.push({symbol: 'marker-held', title: `Boundary ${c.border}: Held! by the Allies (mgmg:4.6, 10.4)`});
  if (c.kind === 'bridge') {
    const b = (state.bridges || {})[c.id];
    if (!b) return out;
    if (b.held === 'blown') out.push({symbol: 'marker-bridge-blown', title: `Bridge ${c.id}: blown (mgmg:19.4)`});
    if (b.held === 'allied') out.push({symbol: 'marker-bridge-allied', title: `Bridge ${c.id}: Allied-held (mgmg:19.1)`});
    if (b.construct?.german) out.push({symbol: 'marker-construct-german', title: `Bridge ${c.id}: German construct marker ${b.construct.german} (mgmg:19.2)`});
    if (b.construct?.allied) out.push({symbol: 'marker-construct-allied', title: `Bridge ${c.id}: Allied construct marker ${b.construct.allied} (mgmg:19.2)`});
  } else if (c.kind === 'ferry') {
    const f = (state.ferries || [])[Number(c.id)];
    if (f === 'used') out.push({symbol: 'marker-ferry-used', title: 'Ferry: used, Do Not Enter (mgmg:4.7)'});
    if (f === 'destroyed') out.push({symbol: 'marker-ferry-destroyed', title: 'Ferry: destroyed (mgmg:4.7)'});
  }
  return out;
}

// isSetup: the choices of these steps are a side's set-up (mgmg:5.2).
export const isSetup = (step) => /^setup-/.test(step || '');

// quickChoices are the set-up choices that place many units at once.
export function quickChoices(choices) {
  return choices.filter((c) => c.id === 'setup-historical' || /^formation:/.test(c.id));
}

// controls show the bombardment in progress (mgmg:11): its target, what
// bombards, and its AV and DV once known, with their terms.
export function controls(view) {
  const b = (view.state || {}).bombardment;
  if (!b) return null;
  const value = (label, v) => (v ? h('span', {class: 'odds-value', title: (v.terms || []).map((t) => `${t.name} ${t.value > 0 ? '+' : ''}${t.value}`).join(', ')},
    `${label} `, h('b', {}, String(v.total))) : null);
  const who = [...(b.artillery || []).map((id) => printed.get(id)?.name || id), b.air ? (airNames.get(b.air) || b.air) : null].filter(Boolean);
  return h('div', {class: 'odds', id: 'odds'},
    h('p', {class: 'odds-line', id: 'bombardment'}, h('strong', {}, `${b.barrage ? 'Barrage' : 'Bombardment'} of ${b.target}: `),
      who.join(', ') || '—', ' ', value('AV', b.av), ' ', value('DV', b.dv),
      b.attrition_left ? ` · ${b.attrition_left} attrition points to take` : '', ' ', ruleLink('mgmg:11')));
}

// rules is the module of the rules reference page, /rules/mgmg.
export const rules = () => import('./mgmg-rules.js');
