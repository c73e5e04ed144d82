// Small helpers to build DOM and SVG elements without innerHTML, so that no
// text from the server is ever parsed as markup.

const SVGNS = 'http://www.w3.org/2000/svg';

// h builds an HTML element: h('button', {class: 'x', onclick: f}, 'text', child).
// Attributes whose value is null, undefined or false are left out.
export function h(tag, attrs = {}, ...children) {
  return build(document.createElement(tag), attrs, children);
}

// s builds an SVG element the same way.
export function s(tag, attrs = {}, ...children) {
  return build(document.createElementNS(SVGNS, tag), attrs, children);
}

function build(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// clear empties el and appends children.
export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// setChildren makes nodes the children of el, in order, moving only the
// nodes that are out of place and removing the rest: a node kept from one
// drawing to the next stays put (under the pointer, hovered, focused).
export function setChildren(el, nodes) {
  let at = el.firstChild;
  for (const n of nodes) {
    if (n === at) at = at.nextSibling;
    else el.insertBefore(n, at);
  }
  while (at) {
    const next = at.nextSibling;
    at.remove();
    at = next;
  }
  return el;
}

// toast shows a short message at the bottom of the screen.
let toastTimer = 0;
export function toast(text, kind = 'info') {
  const el = document.getElementById('toast');
  if (!el) return;
  el.textContent = text;
  el.className = 'show ' + kind;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { el.className = ''; }, kind === 'error' ? 6000 : 3000);
}

// copyText copies text to the clipboard, falling back to selecting it.
export async function copyText(text, input) {
  try {
    await navigator.clipboard.writeText(text);
    toast('Copied to the clipboard');
  } catch {
    if (input) { input.focus(); input.select(); }
    toast('Select the text and copy it (Ctrl+C)');
  }
}

// ruleLink is a link to the rules reference for a rule ID like "soa:8.22".
export function ruleLink(rule, text) {
  if (!rule) return null;
  const game = rule.split(':')[0];
  return h('a', {class: 'rule', href: `/rules/${encodeURIComponent(game)}#${rule}`, target: '_blank',
    rel: 'noopener', title: `Rule ${rule}: open the rules reference`}, text || rule);
}

// download saves text as a file.
export function download(name, text, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], {type}));
  const a = h('a', {href: url, download: name});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// studyMark marks a game that is a study (docs/api.md: with hints, or a
// seed its creator chose), saying why; null for any other game.
export function studyMark(summary) {
  if (!summary || !summary.study) return null;
  const why = [summary.hints ? 'every side may ask a bot for hints' : null, summary.seed_chosen ? 'its creator chose the seed' : null].filter(Boolean);
  return h('span', {class: 'study-mark', title: `A study, not a rated game: ${why.join('; ')}.`}, 'study');
}

// setCrumbs fills the breadcrumb in the top bar.
export function setCrumbs(...items) {
  const nav = document.getElementById('crumbs');
  if (nav) clear(nav, items.map((it) => h('span', {class: 'crumb'}, it)));
}

// inTextField reports whether a key event comes from a place where typing
// must not trigger shortcuts.
export function inTextField(ev) {
  const t = ev.target;
  if (!(t instanceof Element)) return false;
  return t.isContentEditable || t.matches('input:not([type=range]):not([type=checkbox]):not([type=radio]), textarea, select');
}

// ICONS are small drawn icons, so that no symbol depends on the fonts.
const ICONS = {
  first: 'M3,2V14M13,2L5,8L13,14Z',
  prev: 'M12,2L4,8L12,14Z',
  play: 'M4,2L13,8L4,14Z',
  pause: 'M4,2V14M11,2V14',
  next: 'M4,2L12,8L4,14Z',
  last: 'M13,2V14M3,2L11,8L3,14Z',
};

export function icon(name) {
  return s('svg', {class: `icon icon-${name}`, viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true'},
    s('path', {d: ICONS[name], fill: 'currentColor', stroke: 'currentColor', 'stroke-width': name === 'pause' ? 3 : 1.4, 'stroke-linejoin': 'round'}));
}

// plural writes a count with its noun: "1 unit", "3 units", "0 units";
// pl is the plural when it is not the noun with an s.
export function plural(n, noun, pl = `${noun}s`) {
  return `${n} ${n === 1 ? noun : pl}`;
}

// cap writes a word with a capital first letter ("german" -> "German").
export const cap = (x) => (x ? x[0].toUpperCase() + x.slice(1) : '');
