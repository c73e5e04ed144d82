// symbols.js: the pieces and colours of the board document. The server
// draws every counter and marker of a game once, as SVG symbols
// (board/symbol; its own SVG places the same with <use>), and sends them as
// data: ["tag", {attrs}, child or text ...]. installBoard builds each once;
// the map, the boxes and the magnifier place copies of them. The palette's
// colours become CSS variables (--side-NAME, --piece-NAME), so that the
// page copies none of them.
import {s} from './dom.js';

let symbols = new Map(); // id -> {w, h, parts, el: the drawing to copy, a <g> built on first use}

// installBoard takes the board document's palette and symbols; a page
// calls it before it draws anything of the game.
export function installBoard(doc) {
  const pal = doc.palette || {};
  const root = document.documentElement.style;
  for (const [k, v] of Object.entries(pal.sides || {})) root.setProperty(`--side-${k}`, v);
  for (const [k, v] of Object.entries(pal.pieces || {})) root.setProperty(`--piece-${k}`, v);
  symbols = new Map((doc.symbols || []).map((sy) => [sy.id, {w: sy.w, h: sy.h, parts: sy.parts, el: null}]));
}

// hasSymbol reports whether the board document drew a symbol of this id.
export const hasSymbol = (id) => symbols.has(id);

// place puts the symbol id with its top left corner at x, y, w by h, as a
// copy of its drawing: a browser copies a <g> faster than it draws a <use>
// (which clones the symbol into a shadow tree of its own), and the page's
// CSS reaches into it. label, if given, replaces the text of the symbol's
// slot "label" (the designation of a pile).
export function place(id, x, y, w, h, attrs = {}, label) {
  const sy = symbols.get(id);
  if (!sy) { // the game module names a piece the server did not draw: mark the gap, report it, draw on
    reportError(new Error(`the board document has no symbol ${id}`));
    return s('rect', {...attrs, x, y, width: w, height: h, class: 'missing-symbol', 'data-symbol': id});
  }
  sy.el = sy.el || s('g', {}, sy.parts.map(build));
  const g = sy.el.cloneNode(true);
  const k = w / sy.w, kh = h / sy.h;
  g.setAttribute('transform', k === 1 && kh === 1 ? `translate(${x} ${y})` : `translate(${x} ${y}) scale(${k} ${kh})`);
  g.dataset.symbol = id;
  for (const [a, v] of Object.entries(attrs)) g.setAttribute(a, v);
  const slot = label === undefined ? null : g.querySelector('[data-slot="label"]');
  if (slot) slot.textContent = label;
  return g;
}

// DRAWING are the elements a symbol may hold: shapes and text, nothing
// that links, loads or runs.
const DRAWING = new Set(['g', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'path', 'text', 'tspan', 'title']);

// build makes one element of a symbol.
function build([tag, attrs, ...kids]) {
  if (!DRAWING.has(tag)) throw new Error(`the board document's symbols hold a <${tag}>, which is not a drawing`);
  const a = {};
  for (const [k, v] of Object.entries(attrs || {})) {
    if (!/^on/i.test(k) && !/href$/i.test(k)) a[k] = v;
  }
  return s(tag, a, kids.map((k) => (typeof k === 'string' ? k : build(k))));
}
