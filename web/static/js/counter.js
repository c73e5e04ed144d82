// counter.js: one unit counter drawn in SVG, the same on the map, in the
// boxes of the side panel, in an opened stack and in the magnifier. The
// face is the server's symbol that the game module names (symbols.js);
// this adds what every game shares: the rings of a highlighted or selected
// counter, the attack dot, and the attributes the page and its tests find
// counters by.
import {s} from './dom.js';
import {hasSymbol, place} from './symbols.js';

export const SIZE = 26; // counter side in map units

// counter returns <g data-unit=ID> with the counter's top left corner at
// x, y and side `size`. game is the game module, printed the Map id ->
// printed unit of the board. opts: highlight, attacking, selected, label
// (instead of the short name).
export function counter(game, u, printed, x, y, size = SIZE, opts = {}) {
  const k = size / SIZE;
  const classes = ['counter', u.side, u.committed ? 'committed' : 'fresh'];
  if (u.hidden) classes.push('hidden-at');
  if (u.cc_eliminated) classes.push('cc-dead');
  if (opts.highlight) classes.push('hl');
  if (opts.attacking) classes.push('attacking');
  if (opts.selected) classes.push('sel');
  const g = s('g', {class: classes.join(' '), 'data-unit': u.id, 'data-side': u.side,
    transform: `translate(${r(x)} ${r(y)}) scale(${r(k)})`,
    role: opts.highlight ? 'button' : 'img', 'aria-label': describe(game, u)});
  if (opts.selected) g.append(s('rect', {class: 'sel-ring', x: -3.5, y: -3.5, width: SIZE + 7, height: SIZE + 7, rx: 5}));
  if (opts.highlight) g.append(s('rect', {class: 'hl-ring', x: -2.5, y: -2.5, width: SIZE + 5, height: SIZE + 5, rx: 4}));
  const [face, ...over] = game.counterSymbols(u);
  if (face && hasSymbol(face)) {
    g.append(place(face, 0, 0, SIZE, SIZE, {class: 'face'}, opts.label), ...over.map((id) => place(id, 0, 0, SIZE, SIZE)));
  } else {
    g.append(...game.counterFace(u, printed, opts.label));
  }
  if (opts.attacking) g.append(s('circle', {class: 'atk-dot', cx: SIZE - 2, cy: 2, r: 3.2}));
  return g;
}

// describe is a counter in words: its name and the game's facts about it.
export function describe(game, u) {
  return [u.name || u.id, ...game.facts(u)].join(', ');
}

// counterIcon is a counter in its own small <svg>, for HTML lists.
export function counterIcon(game, u, printed, px = 34, opts = {}) {
  const svg = s('svg', {class: 'counter-icon', width: px, height: px, viewBox: `-3 -3 ${SIZE + 6} ${SIZE + 6}`});
  svg.append(counter(game, u, printed, 0, 0, SIZE, opts));
  return svg;
}

function r(v) { return Math.round(v * 100) / 100; }
