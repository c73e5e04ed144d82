// symbols.js: the pieces and colours of the board document. The server
// draws every counter and marker of a game once, as SVG symbols
// (board/symbol; its own SVG places the same), and sends them as data:
// ["tag", {attrs}, child or text ...]. installBoard builds them into one
// hidden <svg> of the page, from which the map, the boxes and the magnifier
// place them with <use>. The palette's colours become CSS variables
// (--side-NAME, --piece-NAME), so that the page copies none of them.
import {s} from './dom.js';

let symbols = new Map();

// installBoard takes the board document's palette and symbols; a page
// calls it before it draws anything of the game.
export function installBoard(doc) {
  const pal = doc.palette || {};
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(pal.sides || {})) root.setProperty(`--side-${k}`, v);
  for (const [k, v] of Object.entries(pal.pieces || {})) root.setProperty(`--piece-${k}`, v);
  symbols = new Map((doc.symbols || []).map((sy) => [sy.id, sy]));
  document.getElementById('symbols')?.remove();
  const defs = s('defs', {}, [...symbols.values()].map((sy) =>
    s('symbol', {id: sy.id, viewBox: `0 0 ${sy.w} ${sy.h}`}, sy.parts.map((p) => build(p)))));
  document.body.append(s('svg', {id: 'symbols', class: 'symbols', 'aria-hidden': 'true', width: 0, height: 0}, defs));
}

// hasSymbol reports whether the board document drew a symbol of this id.
export const hasSymbol = (id) => symbols.has(id);

// place puts the symbol id with its top left corner at x, y, w by h: a
// <use> of it, or, where slots replace the text of the symbol's slots
// ({label: 'C'}: the designation of a pile), a copy.
export function place(id, x, y, w, h, attrs = {}, slots = null) {
  const sy = symbols.get(id);
  if (slots && sy) {
    return s('svg', {...attrs, x, y, width: w, height: h, viewBox: `0 0 ${sy.w} ${sy.h}`, 'data-symbol': id}, sy.parts.map((p) => build(p, slots)));
  }
  return s('use', {...attrs, href: `#${id}`, x, y, width: w, height: h, 'data-symbol': id});
}

// DRAWING are the elements a symbol may hold: shapes and text, nothing
// that links, loads or runs.
const DRAWING = new Set(['g', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'tspan', 'title']);

// build makes one element of a symbol (the text of a slot replaced).
function build([tag, attrs, ...kids], slots = {}) {
  if (!DRAWING.has(tag)) throw new Error(`the board document's symbols hold a <${tag}>, which is not a drawing`);
  const a = {};
  for (const [k, v] of Object.entries(attrs || {})) {
    if (!/^on/i.test(k) && !/href$/i.test(k)) a[k] = v;
  }
  const slot = a['data-slot'];
  if (slot && slots && slots[slot] !== undefined) return s(tag, a, slots[slot]);
  return s(tag, a, kids.map((k) => (typeof k === 'string' ? k : build(k, slots))));
}
