// games/soa.js: how Storm Over Arnhem looks and reads in the browser: the
// game module that games.js loads for the game id "soa" (web/README.md
// lists what a game module may export). Everything here is presentation;
// the rules live in the engine (games/soa).
import {s, h, ruleLink, plural} from '../dom.js';

// forces: the counters' colours by force, from the board document
// (games/soa/render.go draws its counters in the same: one place for both).
let forces = {};

// setBoard takes the board document of a game before anything is drawn.
export function setBoard(doc) {
  forces = doc.forces || {};
}

// force returns "ss", "army" or "british" for a unit (soa:4.1), from the
// printed counters of the board document, else guessed from its ID.
function force(u, printed) {
  const p = printed && printed.get(u.id);
  if (p && p.force) return p.force;
  if (u.side === 'british') return 'british';
  return u.id.startsWith('ss-') ? 'ss' : 'army';
}

// factors is the printed AF-DF-MF of a counter; an anti-tank gun has no DF
// and shows an X instead (soa:13.4).
function factors(u) {
  const df = u.type === 'at' ? 'X' : u.df;
  return `${u.af}-${df}-${u.mf}`;
}

// shortName is the designation printed at the top of a counter, made from
// the unit's name: its organisation in short and its numbers ("A Coy 2 Para,
// 1 Pl, section 2" -> "A 1/2"). It is "" when the name does not shorten
// to 10 characters: the counter then shows its type symbol and factors only,
// and the magnifier, the stack and the tooltips give the full name.
export function shortName(u) {
  let n = u.name || '';
  for (const [long, short] of SHORTEN) n = n.replace(long, short);
  return n.length <= 10 ? n : '';
}

// SHORTEN is applied in order: remarks and ordinals, the organisations of
// games/soa/data/units.json, then the platoon and section numbers.
const SHORTEN = [
  [/^(?:Artillery support: |Elements |Remnants )|\(-\) | \((?!(?:counter )?\d+\))[^)]*\)/g, ''],
  [/ \((?:counter )?(\d+)\)/, ' $1'],
  [/(\d)(?:st|nd|rd|th)\b/g, '$1'],
  // British
  [/^1 Para Bde/, 'Bde'], [/^(\d) Para Bn/, '$1 Para'], [/^1 Para Sqn RE/, 'RE'], [/^1 Recon Sqn/, 'Recce'],
  [/ Coy \d Para(?= HQ)/, ' Coy'], [/ Coy \d Para,/, ','], [/^9 Fd Coy RE/, '9 Fd RE'], [/^93 Coy RASC/, 'RASC'],
  [/^Bde HQ Defence Pl/, 'Def Pl'], [/^16 Para Field Ambulance/, 'Fd Amb'], [/^.*, 6 pdr guns/, '6 pdr'],
  [/^1 Light Regt/, '1 Lt'], [/^2 South Staffords/, 'Staffs'], [/^Bren carrier/, 'Bren'], [/^Reformed unit/, 'Reformed'],
  // German
  [/^10 SS Recon Bn/, '10 SS'], [/^.*Mk III tanks/, 'Mk III'], [/^Armd Car Co, light.*/, 'Lt AC'], [/^Armd Car Co, heavy.*/, 'Hv AC'],
  [/^9 SS Armd Car Co.*/, '9 SS AC'], [/^Hv Wp Co, engineer Pl, squad/, 'HW Pi'], [/^Hv Wp Co, SP guns/, 'SP gun'],
  [/^Hv Wp Co$/, 'HW mortars'], [/^Bochoit Trg & Depot Bn/, 'Bo Bn'], [/^Bochoit Supply Co/, 'Bo Sup'], [/^Bochoit /, 'Bo'],
  [/ Co(?= HQ|,)/, ''], [/^Arnhem Garrison Units/, 'Garrison'], [/^Harzer Kampfgruppe/, 'Harzer'],
  [/^Stragglers\/scratch infantry/, 'Scratch'], [/^StuG III assault guns/, 'StuG'], [/^.*Tank Bn, Tigers/, 'Tiger'],
  // "A, 1 Pl, section 2" -> "A 1/2"; "RE, sappers 1" -> "RE 1"
  [/, (?:group )?(\d+)(?: Pl)?, (?:section|squad) (\d+)$/, ' $1/$2'],
  [/, (?:section|squad|sappers|reinforcement) (\d+)$/, ' $1'],
];

const TYPE_NAMES = {
  infantry: 'Infantry', engineer: 'Engineers', hq: 'Headquarters', armor: 'Armour',
  at: 'Anti-tank gun', bren: 'Bren carrier', artillery: 'Artillery',
};

// STEP says, for each step of the game (docs/formats.md), what the player
// to move is asked to do. {unit} is replaced by the unit the choices are
// about, when they all name the same one.
export const STEP = {
  bid: 'Bid victory points for command of the British',
  'setup-british': 'British set-up: choose the area for {unit}',
  'setup-german': 'German set-up: choose the area for {unit}',
  'reform-place': 'Place the reformed unit {unit} in a British-held victory area',
  'event-armor': 'Random event: accept the German armour, or take infantry instead',
  'event-zone': 'Random event: choose the zone where the German reinforcements enter',
  'event-b-unit': 'Random event: choose the British reinforcement',
  'event-b-zone': 'Random event: choose the zone where the British reinforcement enters',
  'event-c-zone': 'Random event: choose the zone where the Bren carrier enters',
  impulse: 'Your impulse: choose an area to act from, call artillery, or pass',
  mode: 'Move or fire with the units of this area?',
  'move-unit': 'Choose a unit to move, or end the impulse',
  'move-step': 'Move the unit: choose the next area, or stop',
  'fire-target': 'Fire: choose the target area',
  'fire-group': 'Fire at which group of the target?',
  'fire-with': 'Choose the units that fire together, then confirm the attack',
  'fire-primary': 'Anti-tank fire: choose the primary target',
  'artillery-target': 'Artillery: choose the target area',
  'artillery-group': 'Artillery: fire at which group?',
  'artillery-more': 'Artillery: call a second counter on another area, or roll for the first',
  reroll: 'Keep this roll, or reroll with the Tactical Advantage',
  absorb: 'Casualties: eliminate or retreat units until the loss is met (with no loss, retreat only if you wish)',
  retreat: 'Retreat: choose the area the marked units go to together',
  'fire-commit': 'Set fires: choose which British unit is committed',
  overstack: 'Too many units here: choose the units to remove',
  continue: 'Both sides passed: end the phase, or keep it going with the Tactical Advantage',
  'cc-place': 'Close combat: choose the next area to resolve',
  'cc-screen': 'Close combat: choose units to screen, then Done',
  'cc-target': 'Close combat: choose an enemy unit to attack, or roll',
  'cc-with': 'Close combat: choose the attackers, then confirm',
  over: 'The game is over',
};

// hidesInfo reports whether a view at this step may show one seat what the
// other must not see: secret bids and set-ups (soa:21.1, 5.5), hidden
// anti-tank guns all game long (soa:13.8). The hotseat privacy screen asks.
export function hidesInfo(step, options = {}) {
  return options.hidden_at === 'on' || step === 'bid' || /^setup-/.test(step || '');
}

// phaseOf groups the steps into the phases of a turn (soa:6).
export function phaseOf(step) {
  if (!step) return '';
  if (step === 'bid') return 'Bidding';
  if (step.startsWith('setup')) return 'Set-up';
  if (step === 'reform-place') return 'Reinforcement & reformed units';
  if (step.startsWith('event')) return 'Random events';
  if (step.startsWith('cc-')) return 'Close combat';
  if (step === 'over') return 'Game over';
  return 'Movement / fire';
}

// typeSymbol draws a small NATO-style symbol for a unit type, centred at
// 0,0 inside a w x h box, in colour c. Returns SVG markup parts for dom.s.
function typeSymbol(type, w, h, c) {
  const x0 = -w / 2, y0 = -h / 2, x1 = w / 2, y1 = h / 2;
  const box = ['rect', {x: x0, y: y0, width: w, height: h, fill: 'none', stroke: c, 'stroke-width': 0.9}];
  const line = (a, b, d, e) => ['line', {x1: a, y1: b, x2: d, y2: e, stroke: c, 'stroke-width': 0.9}];
  const oval = ['rect', {x: x0 + w * 0.18, y: y0 + h * 0.22, width: w * 0.64, height: h * 0.56, rx: h * 0.28, fill: 'none', stroke: c, 'stroke-width': 0.9}];
  switch (type) {
    case 'infantry': return [box, line(x0, y0, x1, y1), line(x0, y1, x1, y0)];
    case 'engineer': return [box, ['path', {d: `M${x0 + w * 0.2},${h * 0.2}V${-h * 0.15}H${x1 - w * 0.2}V${h * 0.2}M0,${-h * 0.15}V${h * 0.2}`, fill: 'none', stroke: c, 'stroke-width': 0.9}]];
    case 'armor': return [box, oval];
    case 'bren': return [box, oval, line(x0, y0, x1, y1), line(x0, y1, x1, y0)];
    case 'at': return [box, ['path', {d: `M${x0 + 1},${y1}L0,${y0 + 1}L${x1 - 1},${y1}`, fill: 'none', stroke: c, 'stroke-width': 0.9}]];
    case 'artillery': return [box, ['circle', {cx: 0, cy: 0, r: h * 0.2, fill: c}]];
    case 'hq': return [['rect', {x: x0 + 2, y: y0, width: w - 2, height: h, fill: 'none', stroke: c, 'stroke-width': 0.9}],
      line(x0 + 2, y0, x0 + 2, y1 + 3), ['text', {x: 1, y: h * 0.28, 'font-size': h * 0.7, 'text-anchor': 'middle', fill: c, 'font-weight': 'bold'}, 'HQ']];
    default: return [box];
  }
}

// SIZE is the side of a counter in map units (counter.js draws at this size).
const SIZE = 26;

// counterFace draws a counter (soa:4.1): force colour, or the white
// committed face (soa:8.13) with the force colour for ink; the short name
// on top (label instead, for a pile), the type symbol, the AF-DF-MF.
export function counterFace(u, printed, label) {
  const st = forces[force(u, printed)] || {fill: 'grey', text: 'white'};
  const committed = !!u.committed;
  const fill = committed ? 'var(--committed-face)' : st.fill;
  const ink = committed ? st.fill : st.text;
  const parts = [
    s('rect', {class: 'face', x: 0, y: 0, width: SIZE, height: SIZE, rx: 2.5, fill,
      stroke: committed ? st.fill : 'black', 'stroke-width': committed ? 1.2 : 0.8,
      'stroke-dasharray': u.hidden ? '3 2' : null}),
    designation(label ?? shortName(u), ink),
    s('g', {transform: `translate(${SIZE / 2} 12.4)`}, typeSymbol(u.type, 13, 7.5, ink).map(([t, a, ...c]) => s(t, a, ...c))),
    s('text', {x: SIZE / 2, y: 23.2, 'font-size': 7.6, 'text-anchor': 'middle', fill: ink, 'font-weight': 'bold',
      'letter-spacing': -0.2}, u.type === 'artillery' ? artilleryFactors(u, printed) : factors(u)),
  ];
  if (u.cc_eliminated) {
    parts.push(s('path', {class: 'cc-cross', d: `M3,3L${SIZE - 3},${SIZE - 3}M${SIZE - 3},3L3,${SIZE - 3}`}));
  }
  return parts;
}

// designation is the short name at the top of a counter, squeezed to the
// counter's width when it is long.
function designation(text, ink) {
  const wide = text.length * 3.1 > SIZE - 2;
  return s('text', {x: SIZE / 2, y: 6.6, 'font-size': 5.4, 'text-anchor': 'middle', fill: ink, 'font-weight': 'bold',
    textLength: wide ? SIZE - 2 : null, lengthAdjust: wide ? 'spacingAndGlyphs' : null}, text);
}

// artilleryFactors: an artillery counter prints a day and a night attack
// factor (soa:14.6, 15.2); the board document carries them.
function artilleryFactors(u, printed) {
  const p = printed && printed.get(u.id);
  if (p && (p.art_day || p.art_night)) return `${p.art_day ?? '?'}/${p.art_night ?? '?'}`;
  return String(u.af || '');
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

// markers are the markers of a place, each drawn 18 by 18: control
// (soa:11.2: a black cross for the Germans, a roundel for the British),
// the British perimeter (soa:5.1) and fire (soa:18).
export function markers(place, state) {
  const out = [];
  const c = state.control && state.control[place];
  if (c) out.push(controlMarker(c));
  if ((state.perimeter || []).includes(place)) {
    out.push(s('g', {class: 'perimeter-marker'}, s('title', {}, 'British perimeter marker (soa:5.1)'),
      s('rect', {width: 18, height: 18, rx: 2}), s('text', {x: 9, y: 13, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold'}, 'P')));
  }
  const f = state.fires && state.fires[place];
  if (f) {
    out.push(s('g', {class: 'fire-marker'}, s('title', {}, `Fire, level ${f} (soa:18)`),
      s('rect', {width: 18, height: 18, rx: 2}),
      s('path', {d: 'M9,2.5C12,6 14,8 13,12C12.4,14.6 10.8,15.6 9,15.6C6.6,15.6 4.8,14 5,11.4C5.2,9.2 7,8.4 7.2,6C8.4,7.2 8.6,8 8.6,9C10,7.4 10,5 9,2.5Z'}),
      s('text', {x: 15.5, y: 16.5, 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 'bold'}, f)));
  }
  return out;
}

function controlMarker(side) {
  const g = s('g', {class: `control-marker ${side}`}, s('title', {}, `Controlled by the ${side === 'german' ? 'Germans' : 'British'}`),
    s('rect', {width: 18, height: 18, rx: 2}));
  if (side === 'german') {
    g.append(s('path', {class: 'cross-edge', d: 'M9,2.5V15.5M2.5,9H15.5'}), s('path', {class: 'cross', d: 'M9,3.5V14.5M3.5,9H14.5'}));
  } else {
    g.append(s('circle', {class: 'ring-1', cx: 9, cy: 9, r: 7}), s('circle', {class: 'ring-2', cx: 9, cy: 9, r: 4.6}),
      s('circle', {class: 'ring-3', cx: 9, cy: 9, r: 2.4}));
  }
  return g;
}

// isSetup: a seat's choices at these steps are its set-up, which a player
// may save and load as a list (soa:5.5).
export const isSetup = (step) => /^setup-/.test(step || '');

// quickChoices are the set-up choices that place many units at once
// (docs/formats.md): shown above the list, where they are found at once.
export function quickChoices(choices) {
  return choices.filter((c) => c.id === 'setup-historical' || c.id === 'setup-random' || /^(platoon|company):/.test(c.id));
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
  for (const p of (d && d.primary_odds) || []) parts.push(fireOdds(d, p.odds, `with ${p.unit} as primary target`));
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
      rollDice(r), ' ', r.text, ' ', ruleLink('soa:8.41')));
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
