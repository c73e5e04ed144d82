// games/soa.js: how Storm Over Arnhem looks and reads in the browser: the
// game module that games.js loads for the game id "soa" (web/README.md
// lists what a game module may export). Everything here is presentation;
// the rules live in the engine (games/soa).
import {h, ruleLink, plural} from '../dom.js';

// printed: the printed counters of the board document, by id.
let printed = new Map();

// setBoard takes the board document of a game before anything is drawn.
export function setBoard(doc) {
  printed = new Map((doc.units || []).map((u) => [u.id, u]));
}

// factors is the printed AF-DF-MF of a counter; an anti-tank gun has no DF
// and shows an X instead (soa:13.4).
function factors(u) {
  const df = u.type === 'at' ? 'X' : u.df;
  return `${u.af}-${df}-${u.mf}`;
}

// shortName is the designation printed at the top of a counter ("A 1/2"),
// which the server works out (games/soa/pieces.go); "" when the name does
// not shorten, and the magnifier, the stack and the tooltips give it all.
export function shortName(u) {
  return printed.get(u.id)?.short || '';
}

// counterSymbols names the server's symbols of a counter (games/soa/pieces.go):
// its face, coloured or white once committed (soa:8.13), dashed while a
// hidden AT gun (soa:13.8); crossed when eliminated in close combat but
// still attacking (soa:9.6).
export function counterSymbols(u) {
  const face = `counter-${u.id}${u.committed ? '-committed' : ''}${u.hidden ? '-hidden' : ''}`;
  return u.cc_eliminated ? [face, 'counter-cc-eliminated'] : [face];
}

const TYPE_NAMES = {
  infantry: 'Infantry', engineer: 'Engineers', hq: 'Headquarters', armor: 'Armour',
  at: 'Anti-tank gun', bren: 'Bren carrier', artillery: 'Artillery',
};

// hidesInfo reports whether a view at this step may show one seat what the
// other must not see: secret bids and set-ups (soa:21.1, 5.5), hidden
// anti-tank guns all game long (soa:13.8). The hotseat privacy screen asks.
export function hidesInfo(step, options = {}) {
  return options.hidden_at === 'on' || step === 'bid' || /^setup-/.test(step || '');
}

// facts are what a counter shows besides its name, in words: for screen
// readers, the magnifier, the stack and the prompt.
export function facts(u) {
  const bits = [`${TYPE_NAMES[u.type] || u.type} ${factors(u)}`];
  if (u.committed) bits.push(u.type === 'artillery' ? 'fired' : 'committed');
  if (u.hidden) bits.push('hidden from the enemy');
  if (u.cc_eliminated) bits.push('eliminated in close combat');
  return bits;
}

// pileKey is what identical counters share: counters with the same key
// and no choice of their own are piled up on the map.
export function pileKey(u, printed) {
  return [u.side, printed.get(u.id)?.force, u.type, u.af, u.df, u.mf, !!u.committed, !!u.hidden, !!u.cc_eliminated].join('|');
}

// boxCaption is the word under a counter in an off-map box.
export function boxCaption(u) {
  if (u.type === 'artillery') return u.committed ? 'fired' : 'ready';
  return u.committed ? 'committed' : '';
}

// markers are the markers of a place, the server's symbols
// (games/soa/pieces.go): control (soa:11.2), the British perimeter
// (soa:5.1) and fire of its level (soa:18.8).
export function markers(place, state) {
  const out = [];
  const c = state.control && state.control[place];
  if (c) out.push({symbol: `marker-control-${c}`, title: `Controlled by the ${c === 'german' ? 'Germans' : 'British'}`});
  if ((state.perimeter || []).includes(place)) out.push({symbol: 'marker-perimeter', title: 'British perimeter marker (soa:5.1)'});
  const f = state.fires && state.fires[place];
  if (f) out.push({symbol: `marker-fire-${f}`, title: `Fire, level ${f} (soa:18)`});
  return out;
}

// isSetup: a seat's choices at these steps are its set-up, which a player
// may save and load as a list (soa:5.5).
export const isSetup = (step) => /^setup-/.test(step || '');

// quickChoices are the set-up choices that place many units at once
// (docs/formats.md): shown above the list, where they are found at once.
export function quickChoices(choices) {
  return choices.filter((c) => c.id === 'setup-historical' || c.id === 'setup-random' || /^(platoon|company):/.test(c.id));
}

// choiceLabel: under a reroll offer (soa:8.41) the controls show the roll
// being decided on, so the two choices leave out the roll that their labels
// repeat ("Keep the roll (fire at 17: ...)" reads "Keep the roll").
export function choiceLabel(c, view) {
  const roll = view.state && view.state.roll;
  const tail = roll ? ` (${roll.text})` : '';
  return tail && c.label.endsWith(tail) ? c.label.slice(0, -tail.length) : c.label;
}

// controls show the numbers the engine works out before the dice
// (games/soa/fire_odds.go): the attack being designated with the odds of
// each result (soa:8.35), the barrages the artillery may fire (soa:14.5),
// the close combat (soa:9.6) or fire-setting (soa:18.3) being designated,
// and the roll a Tactical Advantage reroll would replace (soa:8.41).
export function controls(view) {
  const st = view.state || {};
  const d = st.designating;
  const parts = [];
  if (d && d.odds) parts.push(fireOdds(d, d.odds));
  // soa:13.7: while the primary target is named, the odds of each choice.
  const name = (id) => ((st.units || []).find((u) => u.id === id) || {}).name || id;
  for (const p of (d && d.primary_odds) || []) if (p.odds) parts.push(fireOdds(d, p.odds, `with ${name(p.unit)} as primary target`));
  if (d && d.set_fire_odds) {
    const o = d.set_fire_odds;
    parts.push(h('p', {class: 'odds-line', id: 'set-fire-odds'}, h('strong', {}, `Setting fire to ${d.target}: `),
      `a die of ${o.at_most} or less, ${o.ways} in 6 (${pct(o.ways / 6)}) `, ruleLink('soa:18.3')));
  }
  if ((st.barrage_odds || []).length) parts.push(barrages(st.barrage_odds));
  const cc = st.close_combat_odds;
  if (cc) {
    parts.push(h('p', {class: 'odds-line', id: 'close-combat-odds'}, h('strong', {}, 'Close combat: '),
      `modifier ${signed(cc.modifier)}, a die of ${cc.need} or more eliminates the target, ${cc.ways} in 6 (${pct(cc.ways / 6)}) `, ruleLink('soa:9.6')));
  }
  if (st.roll) {
    const r = st.roll;
    const head = st.step === 'reroll' ? 'The roll to keep or reroll: ' : 'The roll: ';
    parts.push(h('p', {class: 'odds-line roll-decided', id: 'roll-decided'}, h('strong', {}, head),
      rollDice(r), ' ', r.text)); // the prompt above cites soa:8.41 (one line less on a laptop)
  }
  return parts.length ? h('div', {class: 'odds', id: 'odds'}, parts) : null;
}

// fireOdds shows one attack: its AV and DV, and the chance of each number
// of casualty points, on two short lines.
function fireOdds(d, o, primary) {
  const head = (d.kind === 'anti-tank' ? 'Anti-tank fire' : d.kind === 'artillery' ? 'Barrage' : 'Fire') + (primary ? ` ${primary}` : '');
  // soa:13.4: anti-tank guns alone in their area are eliminated without a roll.
  if (o.eliminated) return h('div', {class: 'fire-odds', id: 'fire-odds'}, h('strong', {}, `${head} at ${d.target}: `), o.note);
  return h('div', {class: 'fire-odds', id: primary ? null : 'fire-odds', 'data-av': o.attack_value, 'data-dv': o.defence_value},
    h('div', {}, h('strong', {}, `${head} at ${d.target}: `), 'AV ', h('b', {class: 'av'}, String(o.attack_value)),
      ' against DV ', h('b', {class: 'dv'}, String(o.defence_value)), ' ', ruleLink('soa:8.35')),
    // Short chips ("2 CP"), so that the choices below stay in sight on a laptop.
    h('div', {class: 'odds-results', title: 'CP: casualty points'}, (o.results || []).map((r) => h('span', {class: 'result', 'data-cp': r.casualty_points,
      title: `${r.casualty_points ? plural(r.casualty_points, 'casualty point') : 'no effect'}: ${r.ways} of ${r.of}`},
      r.casualty_points ? `${r.casualty_points} CP` : 'no effect', ' ', h('b', {class: 'p'}, pct(r.p))))),
    o.note ? h('div', {class: 'muted small'}, o.note) : null);
}

// barrages: one line per barrage the counter may fire, the chance that it
// has an effect in full in the tooltip.
function barrages(list) {
  return h('table', {class: 'odds-table', id: 'barrage-odds'},
    h('caption', {}, 'Barrages ', ruleLink('soa:14.5')),
    h('thead', {}, h('tr', {}, h('th', {}, 'Target'), h('th', {}, 'AV'), h('th', {}, 'DV'), h('th', {}, 'Some effect'))),
    h('tbody', {}, list.map((b) => {
      const rs = b.odds.results || [];
      const hit = b.odds.eliminated ? 1 : rs.filter((r) => r.casualty_points > 0).reduce((a, r) => a + r.p, 0);
      const value = (v) => (b.odds.eliminated ? '–' : String(v)); // soa:13.4: no roll, no values
      return h('tr', {title: b.odds.eliminated ? b.odds.note : rs.map((r) => `${r.casualty_points} CP: ${pct(r.p)}`).join(', ')},
        h('td', {}, `${b.target} (${b.group})`), h('td', {}, value(b.odds.attack_value)), h('td', {}, value(b.odds.defence_value)),
        h('td', {}, pct(hit)));
    })));
}

// rollDice draws a roll's dice; a fire roll has the attacker's, then the
// defender's (soa:8.351, 8.352).
function rollDice(r) {
  const faces = (ds) => ds.map((n) => h('span', {class: 'die'}, String(n)));
  const d = r.dice || [];
  if (r.for !== 'fire') return h('span', {class: 'dice'}, faces(d));
  const half = d.length / 2;
  return h('span', {class: 'dice'}, 'attack ', faces(d.slice(0, half)), ', defence ', faces(d.slice(half)), ':');
}

// pct writes a chance as a whole percentage; below half a percent but not
// nil it is "<1%", so that a chance is never shown as none.
function pct(p) {
  return p > 0 && p < 0.005 ? '<1%' : `${Math.round(p * 100)}%`;
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

// rules is the module of the rules reference page, /rules/soa.
export const rules = () => import('./soa-rules.js');
