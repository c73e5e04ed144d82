// soa.js: how Storm Over Arnhem looks and reads in the client. Everything
// here is presentation; the rules live in the engine (games/soa).

// Counter colours by force (soa:4.1): SS black, army blue-grey, British red.
// The committed face (soa:8.13) is white with the force colour for text.
export const FORCE = {
  ss: {fill: '#1b1b1b', text: '#ffffff', name: 'Waffen-SS'},
  army: {fill: '#5f7386', text: '#ffffff', name: 'German army'},
  british: {fill: '#b3202a', text: '#ffffff', name: 'British'},
};

export const SIDE_COLOUR = {german: '#1b1b1b', british: '#b3202a'};
export const SIDES = ['german', 'british'];

// Night turns (soa:15.1).
export const NIGHT_TURNS = [2, 5, 8];
export const TURNS = 8;

// Places that are not on the map: where a unit's `at` may point.
export const OFF_MAP = {
  'artillery-box': 'Artillery box',
  box: 'Reformed Units box',
  track: 'Turn track',
  eliminated: 'Eliminated',
};

// force returns "ss", "army" or "british" for a unit, from the printed
// counters of the board document, else guessed from its ID.
export function force(u, printed) {
  const p = printed && printed.get(u.id);
  if (p && p.force) return p.force;
  if (u.side === 'british') return 'british';
  return u.id.startsWith('ss-') ? 'ss' : 'army';
}

// factors is the printed AF-DF-MF of a counter; an anti-tank gun has no DF
// and shows an X instead (soa:13.4).
export function factors(u) {
  const df = u.type === 'at' ? 'X' : u.df;
  return `${u.af}-${df}-${u.mf}`;
}

// shortName is the designation printed at the top of a counter, made from
// the unit's name: its organisation in short and its numbers ("A Coy 2 Para,
// 1 Pl, section 2" -> "A 1/2"). It is "" when the name does not shorten
// to 10 characters: the counter then shows its type symbol and factors only,
// and the magnifier, the stack and the tooltips give the full name.
export function shortName(u) {
  let s = u.name || '';
  for (const [long, short] of SHORTEN) s = s.replace(long, short);
  return s.length <= 10 ? s : '';
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

export const TYPE_NAMES = {
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
  retreat: 'Retreat: choose where the unit goes',
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

export function stepName(step) {
  return (step || '').replace(/-/g, ' ');
}

// PHASE groups the steps into the phases of a turn (soa:6).
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
export function typeSymbol(type, w, h, c) {
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
