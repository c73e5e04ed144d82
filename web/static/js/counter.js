// counter.js: one unit counter drawn in SVG, the same on the map, in the
// boxes of the side panel, in an opened stack and in the magnifier.
import {s} from './dom.js';
import {FORCE, factors, shortName, typeSymbol, TYPE_NAMES, force} from './soa.js';

export const SIZE = 26; // counter side in map units

// counter returns <g data-unit=ID> with the counter's top left corner at
// x, y and side `size`. printed is the Map id -> printed unit of the board.
// opts: highlight, attacking, selected, label (instead of the short name).
export function counter(u, printed, x, y, size = SIZE, opts = {}) {
  const st = FORCE[force(u, printed)] || FORCE.british;
  const committed = !!u.committed;
  const fill = committed ? '#fbf8f0' : st.fill;
  const ink = committed ? st.fill : st.text;
  const k = size / SIZE;
  const classes = ['counter', u.side, committed ? 'committed' : 'fresh'];
  if (u.hidden) classes.push('hidden-at');
  if (u.cc_eliminated) classes.push('cc-dead');
  if (opts.highlight) classes.push('hl');
  if (opts.attacking) classes.push('attacking');
  if (opts.selected) classes.push('sel');
  const g = s('g', {class: classes.join(' '), 'data-unit': u.id, 'data-side': u.side,
    transform: `translate(${r(x)} ${r(y)}) scale(${r(k)})`,
    role: opts.highlight ? 'button' : 'img', 'aria-label': describe(u)});
  if (opts.selected) g.append(s('rect', {class: 'sel-ring', x: -3.5, y: -3.5, width: SIZE + 7, height: SIZE + 7, rx: 5}));
  if (opts.highlight) g.append(s('rect', {class: 'hl-ring', x: -2.5, y: -2.5, width: SIZE + 5, height: SIZE + 5, rx: 4}));
  g.append(
    s('rect', {class: 'face', x: 0, y: 0, width: SIZE, height: SIZE, rx: 2.5, fill,
      stroke: committed ? st.fill : '#000', 'stroke-width': committed ? 1.2 : 0.8,
      'stroke-dasharray': u.hidden ? '3 2' : null}),
    designation(opts.label ?? shortName(u), ink),
    s('g', {transform: `translate(${SIZE / 2} 12.4)`}, typeSymbol(u.type, 13, 7.5, ink).map(([t, a, ...c]) => s(t, a, ...c))),
    s('text', {x: SIZE / 2, y: 23.2, 'font-size': 7.6, 'text-anchor': 'middle', fill: ink, 'font-weight': 'bold',
      'letter-spacing': -0.2}, u.type === 'artillery' ? artilleryFactors(u, printed) : factors(u)),
  );
  if (u.cc_eliminated) {
    g.append(s('path', {d: `M3,3L${SIZE - 3},${SIZE - 3}M${SIZE - 3},3L3,${SIZE - 3}`, stroke: '#e00', 'stroke-width': 2, opacity: 0.8}));
  }
  if (opts.attacking) g.append(s('circle', {class: 'atk-dot', cx: SIZE - 2, cy: 2, r: 3.2}));
  return g;
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

// describe is the counter in words: for screen readers and the magnifier.
export function describe(u) {
  const bits = [u.name || u.id, `${TYPE_NAMES[u.type] || u.type} ${factors(u)}`];
  if (u.committed) bits.push(u.type === 'artillery' ? 'fired' : 'committed');
  if (u.hidden) bits.push('hidden');
  if (u.cc_eliminated) bits.push('eliminated in close combat');
  return bits.join(', ');
}

// counterIcon is a counter in its own small <svg>, for HTML lists.
export function counterIcon(u, printed, px = 34, opts = {}) {
  const svg = s('svg', {class: 'counter-icon', width: px, height: px, viewBox: `-3 -3 ${SIZE + 6} ${SIZE + 6}`,
    'font-family': 'Helvetica, Arial, sans-serif'});
  svg.append(counter(u, printed, 0, 0, SIZE, opts));
  return svg;
}

function r(v) { return Math.round(v * 100) / 100; }
