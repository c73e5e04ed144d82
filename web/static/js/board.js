// board.js: the map as SVG, drawn from GET /api/games/{id}/board (the same
// data and look as board/area/svg.go), with the markers and counters of a
// view on top, the legal choices highlighted, and hand-written pan and zoom
// (mouse drag, wheel, pinch, keyboard through panBy/zoomBy).
import {s, h, clear, setChildren} from './dom.js';
import {counter, counterIcon, SIZE} from './counter.js';
import {OFF_MAP, factors, shortName, TYPE_NAMES} from './soa.js';

// Set-up colour codes (soa:3.6), as board/area/svg.go draws them.
const SETUP = {
  british: {fill: '#f2d5d0', field: '#c8102e', text: '#ffffff', stroke: '#7a0a1c'},
  german: {fill: '#d9d9d6', field: '#151515', text: '#ffffff', stroke: '#000000'},
  none: {fill: '#f8f4ea', field: '#ffffff', text: '#c8102e', stroke: '#c8102e'},
  bochoit: {fill: '#d3e2f4', field: '#2f6db5', text: '#000000', stroke: '#1b3f6b'},
  '': {fill: '#f4efe2', field: '#ffffff', text: '#111111', stroke: '#333333'},
};
const DOTS = {red: '#d7191c', blue: '#2166c9', green: '#1a9641', yellow: '#f5d800', orange: '#f08a00', black: '#111111', white: '#ffffff'};
const LAND = '#ece5d3', ARROW = '#1f4e9c', VP = '#c8102e';
const GAP = 3; // between counters

export class Board {
  // host is an empty element; doc is the board document; handlers get
  // onPlace(id), onUnit(unitId, placeId), onStack(placeId).
  constructor(host, doc, handlers = {}) {
    this.host = host;
    this.map = normalizeMap(doc.map || doc);
    this.printed = new Map((doc.units || doc.counters || []).map((u) => [u.id, u]));
    this.places = new Map(this.map.places.map((p) => [p.id, p]));
    this.handlers = handlers;
    this.k = 1; this.tx = 0; this.ty = 0; this.fitted = true;
    this.view = null;
    this.parts = new Map(); // name -> {key, el}: what update drew (part)
    this.build();
    host.style.setProperty('--map-aspect', `${this.map.width} / ${this.map.height}`);
    this.fit();
    new ResizeObserver(() => (this.fitted ? this.fit() : this.clamp())).observe(this.host);
  }

  // ---- static drawing: done once ----

  build() {
    const m = this.map;
    this.svg = s('svg', {id: 'board', class: 'board', 'font-family': 'Helvetica, Arial, sans-serif',
      role: 'group', 'aria-label': `Map: ${m.title || 'board'}`});
    this.svg.append(s('defs', {},
      marker('arrow-end', 'M0,0L10,5L0,10z', 9, ARROW), marker('arrow-start', 'M10,0L0,5L10,10z', 1, ARROW),
      marker('atk-end', 'M0,0L10,5L0,10z', 9, '#d00000'),
      s('filter', {id: 'glow', x: '-30%', y: '-30%', width: '160%', height: '160%'},
        s('feGaussianBlur', {stdDeviation: 2.2, result: 'b'}),
        s('feMerge', {}, s('feMergeNode', {in: 'b'}), s('feMergeNode', {in: 'SourceGraphic'})))));
    this.vp = s('g', {class: 'viewport'});
    this.svg.append(this.vp);
    const layer = (cls) => { const g = s('g', {class: cls}); this.vp.append(g); return g; };
    layer('land').append(s('rect', {x: 0, y: 0, width: m.width, height: m.height, fill: LAND}));
    const water = layer('water no-hit');
    const fills = layer('places');
    const feats = layer('features no-hit');
    const borders = layer('borders no-hit');
    this.hlLayer = layer('highlights no-hit');
    const arrows = layer('arrows no-hit');
    const names = layer('feature-names no-hit');
    const labels = layer('labels no-hit');
    this.atkLayer = layer('attack-lines no-hit');
    this.markLayer = layer('markers');
    this.unitLayer = layer('units');
    for (const f of m.features || []) {
      if (f.kind === 'water') water.append(poly(f.polygon, {fill: '#a9cbe6', stroke: '#7fa9cc', 'stroke-width': 1.5}));
      else feats.append(...feature(f, m.places));
    }
    this.placeEls = new Map();
    this.labelEls = new Map();
    this.nameDepth = new Map();
    for (const p of m.places) {
      const st = SETUP[p.setup] || SETUP[''];
      const zone = p.kind === 'zone';
      const g = s('g', {class: `place ${zone ? 'zone' : 'area'}`, 'data-place': p.id,
        'aria-label': `${zone ? 'Zone' : 'Area'} ${p.id} ${p.name}`},
      poly(p.polygon, zone ? {fill: st.fill, stroke: '#4a4a4a', 'stroke-width': 1.5, 'stroke-dasharray': '6 3'} : {fill: st.fill}));
      g.append(s('title', {}, `${p.id} ${p.name}${p.vp ? ` (${p.vp} VP)` : ''}`));
      fills.append(g);
      this.placeEls.set(p.id, g);
      if (!zone) borders.append(poly(p.polygon, {fill: 'none', stroke: '#111', 'stroke-width': 3, 'stroke-linejoin': 'round'}));
      const lab = zone ? zoneLabel(p) : areaLabel(p);
      this.labelEls.set(p.id, lab);
      this.nameDepth.set(p.id, lab.nameDepth || 0);
      labels.append(lab);
    }
    for (const [a, b] of m.arrows || []) {
      const [p, q] = arrowEnds(this.places.get(a), this.places.get(b));
      arrows.append(s('line', {x1: p[0], y1: p[1], x2: q[0], y2: q[1], stroke: ARROW, 'stroke-width': 2.5,
        'marker-start': 'url(#arrow-start)', 'marker-end': 'url(#arrow-end)'}));
    }
    for (const f of m.features || []) {
      if (!f.label || !f.name) continue;
      const water = f.kind === 'water';
      const t = s('text', {x: f.label[0], y: f.label[1], 'text-anchor': 'middle', 'font-size': water ? 18 : 10, 'font-style': 'italic',
        fill: water ? '#2d5f8a' : '#333', 'letter-spacing': water ? 3 : null, class: water ? null : 'halo',
        transform: f.angle ? `rotate(${f.angle} ${f.label[0]} ${f.label[1]})` : null}, f.name);
      names.append(t);
    }
    if (m.title) {
      names.append(s('text', {x: m.width - 10, y: m.height - 10, 'text-anchor': 'end', 'font-size': 12, 'font-style': 'italic', fill: '#2d5f8a'}, m.title));
    }
    this.host.append(this.svg, this.controls(), this.magnifier = h('div', {class: 'magnifier', id: 'magnifier', hidden: true}));
    this.listen();
  }

  controls() {
    const b = (id, label, text, f) => h('button', {id, type: 'button', 'aria-label': label, title: label, onclick: f}, text);
    return h('div', {class: 'map-controls'},
      b('zoom-in', 'Zoom in (+)', '+', () => this.zoomBy(1.25)),
      b('zoom-out', 'Zoom out (−)', '−', () => this.zoomBy(0.8)),
      b('zoom-fit', 'Fit the map (0)', '⤢', () => this.fit()));
  }

  // ---- a view: markers, counters, highlights ----

  // update draws view (the game's view state) with the choices' refs
  // highlighted: hl = {places: Set, units: Set}. The area the impulse acts
  // from (state.acting), the unit moving now (state.moving) and the units
  // being designated for an attack (state.designating) are marked in blue.
  // Only what changed is drawn anew: every marker group, outline and counter
  // is kept while what it shows stays the same (see part).
  update(state, hl = {places: new Set(), units: new Set()}) {
    this.view = state;
    this.hl = hl;
    const sel = {places: new Set([state.acting].filter(Boolean)),
      units: new Set([...(state.designating?.units || []), state.moving].filter(Boolean))};
    this.sel = sel;
    const byPlace = new Map();
    for (const u of state.units || []) {
      if (!this.places.has(u.at)) continue;
      if (!byPlace.has(u.at)) byPlace.set(u.at, []);
      byPlace.get(u.at).push(u);
    }
    this.byPlace = byPlace;
    const attacking = new Set((state.attacks || []).flatMap((a) => a.units || []));
    const outlines = [], marks = [], stacks = [];
    for (const p of this.map.places) {
      const el = this.placeEls.get(p.id);
      const on = hl.places.has(p.id), acting = sel.places.has(p.id);
      el.classList.toggle('hl', on);
      el.classList.toggle('acting', acting);
      if (on) outlines.push(this.part(`hl:${p.id}`, '', () => poly(p.polygon, {class: 'hl-outline'})));
      if (acting) outlines.push(this.part(`sel:${p.id}`, '', () => poly(p.polygon, {class: 'sel-outline'})));
      const mk = this.drawMarkers(p, state);
      if (mk) marks.push(mk);
      const units = byPlace.get(p.id);
      if (units) stacks.push(this.drawUnits(p, units, hl.units, attacking));
      else this.labelEls.get(p.id)?.classList.remove('covered');
    }
    const at = new Map((state.units || []).map((u) => [u.id, u.at]));
    const attacks = (state.attacks || []).filter((a) => this.places.has(a.target))
      .map((a) => ({...a, from: [...new Set((a.units || []).map((id) => at.get(id)).filter(Boolean))]}));
    const [atkOutlines, atkLines, atkMarks] = this.part('attacks', JSON.stringify(attacks), () => this.drawAttacks(attacks));
    setChildren(this.hlLayer, [...outlines, atkOutlines]);
    setChildren(this.atkLayer, [atkLines]);
    setChildren(this.markLayer, [...marks, atkMarks]);
    setChildren(this.unitLayer, stacks);
  }

  // part returns what build() drew for name the last time, if key is the
  // same as then; otherwise it draws it anew.
  part(name, key, build) {
    const old = this.parts.get(name);
    if (old && old.key === key) return old.el;
    const el = build();
    this.parts.set(name, {key, el});
    return el;
  }

  // drawMarkers: the control, perimeter and fire markers of a place, or null.
  drawMarkers(p, state) {
    const c = state.control && state.control[p.id];
    const perimeter = (state.perimeter || []).includes(p.id);
    const f = state.fires && state.fires[p.id];
    if (!c && !perimeter && !f) return null;
    return this.part(`markers:${p.id}`, `${c}|${perimeter}|${f}`, () => {
      const marks = [];
      if (c) marks.push(controlMarker(c));
      if (perimeter) marks.push(perimeterMarker());
      if (f) marks.push(fireMarker(f));
      const w = 18, gap = 3;
      let x = p.label[0] - (marks.length * (w + gap) - gap) / 2;
      const y = p.kind === 'zone' ? p.label[1] + 14 : p.label[1] - 36;
      const g = s('g', {class: 'place-markers', 'data-markers': p.id});
      for (const mk of marks) {
        mk.setAttribute('transform', `translate(${x} ${y})`);
        g.append(mk);
        x += w + gap;
      }
      return g;
    });
  }

  // drawUnits lays the counters of a place out in rows, one side after the
  // other, inside the place; identical counters that are not highlighted
  // are piled up with a count. It returns the place's group of counters.
  drawUnits(p, units, hlUnits, attacking) {
    const groups = pileUp(units, hlUnits, this.printed, this.sel.units);
    // Below the place's name if the counters fit there at a fair size,
    // else over it (and the name is hidden; the place's tooltip has it).
    const below = slotBox(p, this.nameDepth.get(p.id) || 0);
    let {box, size, rows} = fitUnits(groups, below, 20);
    const covers = !rows;
    if (covers) ({box, size, rows} = fitUnits(groups, slotBox(p, 0), 15, true));
    this.labelEls.get(p.id)?.classList.toggle('covered', covers);
    const nodes = [];
    let y = box.y0;
    for (const row of rows) {
      const w = row.length * (size + GAP + 3) - GAP;
      let x = box.align === 'left' ? box.x0 : Math.min(Math.max(box.cx - w / 2, box.x0), Math.max(box.x0, box.x1 - w));
      for (const grp of row) {
        nodes.push(...this.drawPile(p, grp, x, y, size, hlUnits, attacking));
        x += size + GAP + 3;
      }
      y += size + GAP + 2;
    }
    const g = this.part(`stack:${p.id}`, '', () => s('g', {class: 'stack', 'data-stack-place': p.id}));
    return setChildren(g, nodes);
  }

  // drawPile: the counters of a pile, and its count badge.
  drawPile(p, grp, x, y, size, hlUnits, attacking) {
    const n = grp.length;
    const step = Math.min(3, n - 1);
    const label = n > 1 ? pileLabel(grp) : undefined;
    const nodes = grp.map((u, i) => {
      const off = Math.min(i, step) * 1.6;
      const cx = x + step * 1.6 - off, cy = y + off - step * 1.6 + 3;
      const opts = {highlight: hlUnits.has(u.id), attacking: attacking.has(u.id), selected: this.sel.units.has(u.id), label};
      return this.part(`unit:${u.id}`, JSON.stringify([u, cx, cy, size, opts, n]), () => {
        const c = counter(u, this.printed, cx, cy, size, opts);
        if (n > 1) c.dataset.pile = n;
        return c;
      });
    });
    if (n > 1) {
      const bx = x + size + 1.5, by = y + 3;
      nodes.push(this.part(`badge:${grp[0].id}`, `${p.id}|${bx}|${by}|${n}`, () =>
        s('g', {class: 'pile-badge', 'data-stack': p.id, role: 'button', 'aria-label': `Open the stack of ${n} units in ${p.id}`},
          s('circle', {cx: bx, cy: by, r: 5.6}), s('text', {x: bx, y: by + 2.6, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 'bold'}, n))));
    }
    return nodes;
  }

  // drawAttacks draws the declared attacks (each with the places its units
  // fire from): outlines of the targets, lines to them, and target marks.
  drawAttacks(attacks) {
    const outlines = s('g', {class: 'atk-outlines'}), lines = s('g'), marks = s('g');
    for (const a of attacks) {
      const t = this.places.get(a.target);
      outlines.append(poly(t.polygon, {class: 'atk-outline'}));
      for (const f of a.from) {
        const src = this.places.get(f);
        if (!src || f === a.target) continue;
        lines.append(s('line', {x1: src.label[0], y1: src.label[1], x2: t.label[0], y2: t.label[1], class: 'atk-line', 'marker-end': 'url(#atk-end)'}));
      }
      marks.append(s('g', {class: 'atk-target', transform: `translate(${t.label[0] - 34} ${t.label[1]})`},
        s('title', {}, `${a.kind} attack on ${a.target} (${a.group} group)`),
        s('circle', {r: 8}), s('path', {d: 'M-11,0H11M0,-11V11'})));
    }
    return [outlines, lines, marks];
  }

  // flash marks a place while the pointer is on its name in the log.
  flash(id, on) {
    const p = this.places.get(id);
    this.svg.querySelectorAll('.flash-outline').forEach((e) => e.remove());
    if (on && p) this.hlLayer.append(poly(p.polygon, {class: 'flash-outline'}));
  }

  // centerOn pans so that a place is in the middle.
  centerOn(id) {
    const p = this.places.get(id);
    if (!p) return;
    const r = this.host.getBoundingClientRect();
    this.tx = r.width / 2 - p.label[0] * this.k;
    this.ty = r.height / 2 - p.label[1] * this.k;
    this.fitted = false;
    this.apply();
  }

  // ---- pan and zoom ----

  fit() {
    const r = this.host.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const k = Math.min(r.width / this.map.width, r.height / this.map.height);
    this.minK = k * 0.8;
    this.maxK = Math.max(k * 8, 3);
    this.k = k;
    this.tx = (r.width - this.map.width * k) / 2;
    this.ty = (r.height - this.map.height * k) / 2;
    this.fitted = true;
    this.apply();
  }

  // zoomBy zooms by factor f around the point (cx, cy) of the map's box
  // (its middle when left out).
  zoomBy(f, cx, cy) {
    const r = this.host.getBoundingClientRect();
    if (cx === undefined) { cx = r.width / 2; cy = r.height / 2; }
    const k = Math.min(this.maxK, Math.max(this.minK, this.k * f));
    this.tx = cx - (cx - this.tx) * (k / this.k);
    this.ty = cy - (cy - this.ty) * (k / this.k);
    this.k = k;
    this.fitted = false;
    this.hideMagnifier();
    this.clamp();
  }

  panBy(dx, dy) {
    this.tx += dx;
    this.ty += dy;
    this.fitted = false;
    this.clamp();
  }

  // clamp keeps at least a quarter of the box covered by the map.
  clamp() {
    const r = this.host.getBoundingClientRect();
    const w = this.map.width * this.k, hgt = this.map.height * this.k;
    const mx = Math.min(r.width, w) * 0.25, my = Math.min(r.height, hgt) * 0.25;
    this.tx = Math.min(r.width - mx, Math.max(mx - w, this.tx));
    this.ty = Math.min(r.height - my, Math.max(my - hgt, this.ty));
    this.apply();
  }

  apply() {
    this.vp.setAttribute('transform', `translate(${this.tx.toFixed(1)} ${this.ty.toFixed(1)}) scale(${this.k.toFixed(4)})`);
    this.svg.classList.toggle('zoomed-in', this.k > (this.minK / 0.8) * 1.6);
  }

  // listen wires pointer events: one pointer drags, two pinch; a press
  // that does not move is a click on whatever is under it.
  listen() {
    const pts = new Map();
    let drag = null;
    let moved = false;
    const svg = this.svg;
    const local = (e) => { const r = svg.getBoundingClientRect(); return [e.clientX - r.left, e.clientY - r.top]; };
    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 && e.pointerType === 'mouse') return;
      pts.set(e.pointerId, local(e));
      if (pts.size === 1) { drag = {start: local(e), tx: this.tx, ty: this.ty}; moved = false; }
      if (pts.size === 2) drag = {pinch: this.pinchState(pts)};
    });
    svg.addEventListener('pointermove', (e) => {
      if (e.pointerType === 'mouse' && !pts.size) this.hover(e);
      if (!pts.has(e.pointerId)) return;
      pts.set(e.pointerId, local(e));
      if (drag && drag.pinch && pts.size >= 2) {
        const now = this.pinchState(pts);
        const f = now.d / drag.pinch.d;
        this.zoomBy(f, now.c[0], now.c[1]);
        this.panBy(now.c[0] - drag.pinch.c[0], now.c[1] - drag.pinch.c[1]);
        drag.pinch = now;
        moved = true;
      } else if (drag && drag.start) {
        const [x, y] = local(e);
        const dx = x - drag.start[0], dy = y - drag.start[1];
        if (!moved && Math.hypot(dx, dy) < 6) return;
        if (!moved) svg.setPointerCapture(e.pointerId);
        moved = true;
        svg.classList.add('dragging');
        this.hideMagnifier();
        this.tx = drag.tx + dx;
        this.ty = drag.ty + dy;
        this.fitted = false;
        this.clamp();
      }
    });
    const up = (e) => {
      pts.delete(e.pointerId);
      if (pts.size === 1 && drag && drag.pinch) {
        const [p] = pts.values();
        drag = {start: p, tx: this.tx, ty: this.ty};
      }
      if (!pts.size) { drag = null; svg.classList.remove('dragging'); }
    };
    svg.addEventListener('pointerup', up);
    svg.addEventListener('pointercancel', up);
    svg.addEventListener('pointerleave', (e) => { if (e.pointerType === 'mouse') this.hideMagnifier(); });
    // A click that ended a drag is not a click.
    svg.addEventListener('click', (e) => {
      if (moved) { moved = false; e.stopPropagation(); return; }
      this.click(e);
    });
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [x, y] = local(e);
      const dy = e.deltaMode === 1 ? e.deltaY * 16 : e.deltaY;
      this.zoomBy(Math.exp(-dy * 0.0015), x, y);
    }, {passive: false});
  }

  pinchState(pts) {
    const [a, b] = [...pts.values()];
    return {d: Math.max(1, Math.hypot(a[0] - b[0], a[1] - b[1])), c: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]};
  }

  click(e) {
    const t = e.target instanceof Element ? e.target : null;
    if (!t) return;
    const stack = t.closest('[data-stack]');
    if (stack) return this.handlers.onStack && this.handlers.onStack(stack.dataset.stack);
    const unit = t.closest('[data-unit]');
    if (unit) {
      const place = unit.closest('[data-stack-place]');
      return this.handlers.onUnit && this.handlers.onUnit(unit.dataset.unit, place && place.dataset.stackPlace);
    }
    const place = t.closest('[data-place]');
    if (place && this.handlers.onPlace) this.handlers.onPlace(place.dataset.place);
  }

  // ---- the magnifier: a large copy of the counter under the mouse ----

  hover(e) {
    const el = e.target instanceof Element ? e.target.closest('[data-unit]') : null;
    if (!el) return this.hideMagnifier();
    const u = (this.view && this.view.units || []).find((x) => x.id === el.dataset.unit);
    if (!u) return this.hideMagnifier();
    if (this.magUnit !== u.id) {
      this.magUnit = u.id;
      const pile = el.dataset.pile;
      const place = this.places.get(u.at);
      clear(this.magnifier,
        counterIcon(u, this.printed, 84, {}),
        h('div', {class: 'mag-text'},
          h('strong', {}, u.name || u.id),
          h('div', {}, `${TYPE_NAMES[u.type] || u.type} · ${factors(u)} (attack-defence-movement)`),
          h('div', {}, (u.committed ? 'Committed (white face)' : 'Uncommitted') + (u.hidden ? ' · hidden from the enemy' : '') + (u.cc_eliminated ? ' · eliminated in close combat' : '')),
          h('div', {class: 'muted'}, place ? `${place.id} ${place.name}` : (OFF_MAP[u.at] || u.at)),
          pile ? h('div', {class: 'muted'}, `One of ${pile} alike: the number opens them all`) : null,
          this.hl && this.hl.units.has(u.id) ? h('div', {class: 'mag-hint'}, 'Click to choose') : null));
    }
    this.magnifier.hidden = false;
    const r = this.host.getBoundingClientRect();
    const mw = this.magnifier.offsetWidth, mh = this.magnifier.offsetHeight;
    let x = e.clientX - r.left + 18, y = e.clientY - r.top + 18;
    if (x + mw > r.width) x = e.clientX - r.left - mw - 18;
    if (y + mh > r.height) y = Math.max(4, e.clientY - r.top - mh - 18);
    this.magnifier.style.left = `${Math.max(4, x)}px`;
    this.magnifier.style.top = `${y}px`;
  }

  hideMagnifier() {
    if (this.magnifier) this.magnifier.hidden = true;
    this.magUnit = null;
  }

  unitsAt(id) { return (this.byPlace && this.byPlace.get(id)) || []; }
  place(id) { return this.places.get(id); }
}

// normalizeMap accepts the map with its fields named as in map.json
// ("places", "corner_only") or as Go field names ("Places", "CornerOnly").
function normalizeMap(m) {
  const out = {};
  for (const [k, v] of Object.entries(m || {})) {
    out[k.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase()] = v;
  }
  out.places = out.places || [];
  return out;
}

// ---- drawing helpers ----

function marker(id, d, refX, colour) {
  return s('marker', {id, viewBox: '0 0 10 10', refX, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto'},
    s('path', {d, fill: colour}));
}

function poly(points, attrs = {}) {
  return s('polygon', {points: points.map((q) => `${q[0]},${q[1]}`).join(' '), ...attrs});
}

function feature(f, places) {
  switch (f.kind) {
    case 'trees': return [poly(f.polygon, {fill: '#c9ddb0', 'fill-opacity': 0.8}), trees(f.polygon, places)];
    case 'park': return [poly(f.polygon, {fill: '#c9ddb0', 'fill-opacity': 0.8})];
    case 'ramp': return [poly(f.polygon, {fill: '#b3ab9c', 'fill-opacity': 0.85, stroke: '#5f594f', 'stroke-width': 1.2})];
    case 'bridge': return [poly(f.polygon, {fill: '#a39b8d', stroke: '#4f4a42', 'stroke-width': 1.5})];
    default: return [poly(f.polygon, {fill: '#d0d0d0', 'fill-opacity': 0.6, stroke: '#888'})];
  }
}

// trees scatters tree symbols on a staggered grid, away from the edges and
// from the places' labels.
function trees(polygon, places) {
  const [lo, hi] = bbox(polygon);
  const step = 15;
  const g = s('g', {fill: '#5e8f3e', 'fill-opacity': 0.55, stroke: '#3f6a28', 'stroke-width': 0.6});
  for (let row = 0, y = lo[1] + step / 2; y < hi[1]; row++, y += step * 0.87) {
    for (let x = lo[0] + step / 2 + (row % 2) * step / 2; x < hi[0]; x += step) {
      const p = [x, y];
      if (inside(p, polygon) && dist(p, closestOnBoundary(p, polygon)) > 6 && !nearLabel(p, places)) {
        g.append(s('circle', {cx: x, cy: y, r: 5}));
      }
    }
  }
  return g;
}

function nearLabel(p, places) {
  return places.some((q) => Math.abs(p[0] - q.label[0]) < 62 && p[1] - q.label[1] > -20 && p[1] - q.label[1] < 50);
}

function areaLabel(p) {
  const [x, y] = p.label;
  const st = SETUP[p.setup] || SETUP[''];
  const g = s('g', {class: 'area-label', 'data-label': p.id});
  if (p.perimeter) g.append(s('circle', {cx: x, cy: y, r: 14.5, fill: 'none', stroke: VP, 'stroke-width': 1.6}));
  g.append(s('circle', {cx: x, cy: y, r: 11, fill: st.field, stroke: st.stroke, 'stroke-width': 1.2}),
    s('text', {x, y: y + 4.2, 'font-size': 12, 'font-weight': 'bold', fill: st.text, 'text-anchor': 'middle'}, p.id));
  if (p.vp) g.append(s('text', {x: x + 17, y: y + 4, 'font-size': 11, 'font-weight': 'bold', fill: VP, class: 'halo'}, `${p.vp} VP`));
  if (p.special) g.append(s('text', {x: x - 17, y: y + 4.5, 'text-anchor': 'end', 'font-size': 13, 'font-weight': 'bold', fill: VP, class: 'halo'}, p.special));
  const [lo, hi] = bbox(p.polygon);
  let ty = y + 23;
  for (const line of wrap(p.name, (hi[0] - lo[0]) * 0.92, 9.5)) {
    g.append(s('text', {x, y: ty, 'font-size': 9.5, fill: '#222', 'text-anchor': 'middle', class: 'halo place-name'}, line));
    ty += 10.5;
  }
  const dots = p.dots || [];
  let dx = x - 11 * (dots.length - 1) / 2;
  for (const d of dots) {
    g.append(s('circle', {class: 'place-name', cx: dx, cy: ty - 1, r: 4.2, fill: DOTS[d] || d, stroke: '#222', 'stroke-width': 0.8}));
    dx += 11;
  }
  g.nameDepth = ty - y - (dots.length ? 8 : 20.5);
  return g;
}

function zoneLabel(p) {
  const [x, y] = p.label;
  const st = p.setup && p.setup !== 'none' && SETUP[p.setup] ? SETUP[p.setup] : SETUP[''];
  const g = s('g', {class: 'zone-label', 'data-label': p.id});
  g.append(s('rect', {x: x - 11, y: y - 11, width: 22, height: 22, fill: st.field, stroke: st.stroke, 'stroke-width': 1.2}),
    s('text', {x, y: y + 5.5, 'text-anchor': 'middle', 'font-size': 15, 'font-weight': 'bold', fill: st.text}, p.id));
  const [lo, hi] = bbox(p.polygon);
  if (hi[1] - lo[1] > 1.5 * (hi[0] - lo[0])) {
    const cx = (lo[0] + hi[0]) / 2 + 3.5, cy = (y + 16 + hi[1]) / 2;
    g.append(s('text', {x: cx, y: cy, 'text-anchor': 'middle', 'font-size': 10, fill: '#222', transform: `rotate(-90 ${cx} ${cy})`, class: 'place-name'}, p.name));
  } else {
    g.append(s('text', {x: x + 16, y: y + 3.5, 'font-size': 10, fill: '#222', class: 'halo place-name'}, p.name));
  }
  return g;
}

function controlMarker(side) {
  // German: a black cross on white; British: a roundel (soa:11.2).
  const g = s('g', {class: `control-marker ${side}`}, s('title', {}, `Controlled by the ${side === 'german' ? 'Germans' : 'British'}`));
  if (side === 'german') {
    g.append(s('rect', {width: 18, height: 18, rx: 2, fill: '#f4f1e8', stroke: '#111', 'stroke-width': 1}),
      s('path', {d: 'M9,2.5V15.5M2.5,9H15.5', stroke: '#fff', 'stroke-width': 5}),
      s('path', {d: 'M9,3.5V14.5M3.5,9H14.5', stroke: '#111', 'stroke-width': 3}));
  } else {
    g.append(s('rect', {width: 18, height: 18, rx: 2, fill: '#f4f1e8', stroke: '#111', 'stroke-width': 1}),
      s('circle', {cx: 9, cy: 9, r: 7, fill: '#1f3f8f'}), s('circle', {cx: 9, cy: 9, r: 4.6, fill: '#fff'}),
      s('circle', {cx: 9, cy: 9, r: 2.4, fill: '#c8102e'}));
  }
  return g;
}

function perimeterMarker() {
  return s('g', {class: 'perimeter-marker'}, s('title', {}, 'British perimeter marker (soa:5.1)'),
    s('rect', {width: 18, height: 18, rx: 2, fill: '#fff', stroke: '#b3202a', 'stroke-width': 1.5}),
    s('text', {x: 9, y: 13, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 'bold', fill: '#b3202a'}, 'P'));
}

function fireMarker(level) {
  return s('g', {class: 'fire-marker'}, s('title', {}, `Fire, level ${level} (soa:18)`),
    s('rect', {width: 18, height: 18, rx: 2, fill: '#f08a00', stroke: '#7a3b00', 'stroke-width': 1}),
    s('path', {d: 'M9,2.5C12,6 14,8 13,12C12.4,14.6 10.8,15.6 9,15.6C6.6,15.6 4.8,14 5,11.4C5.2,9.2 7,8.4 7.2,6C8.4,7.2 8.6,8 8.6,9C10,7.4 10,5 9,2.5Z', fill: '#ffe14d', stroke: '#b32400', 'stroke-width': 0.8}),
    s('text', {x: 15.5, y: 16.5, 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 'bold', fill: '#000'}, level));
}

// pileUp groups a place's units, one side after the other (British first,
// as the terminal draws them), merging identical counters into piles. A
// highlighted counter stays alone, so that it can be clicked.
function pileUp(units, hlUnits, printed, alone = new Set()) {
  const order = ['british', 'german'];
  const sorted = [...units].sort((a, b) => order.indexOf(a.side) - order.indexOf(b.side) || a.id.localeCompare(b.id, 'en', {numeric: true}));
  const out = [];
  const keyOf = (u) => [u.side, printed.get(u.id)?.force, u.type, u.af, u.df, u.mf, !!u.committed, !!u.hidden, !!u.cc_eliminated].join('|');
  for (const u of sorted) {
    if (hlUnits.has(u.id) || alone.has(u.id)) { out.push([u]); continue; }
    const k = keyOf(u);
    const same = out.find((g) => g.key === k && g[0].side === u.side);
    if (same) same.push(u);
    else { const g = [u]; g.key = k; out.push(g); }
  }
  return out;
}

// pileLabel is what the designations of a pile's counters have in common
// ("C 7/1", "C 9/2" -> "C"), so that the top one does not speak for all.
function pileLabel(units) {
  const names = units.map((u) => shortName(u).split(' '));
  let k = 0;
  while (k < names[0].length && names.every((w) => w[k] === names[0][k])) k++;
  return names[0].slice(0, k).join(' ');
}

// flow breaks the groups into rows of at most perRow, starting a new row
// where the side changes.
function flow(groups, perRow) {
  const rows = [];
  let row = [];
  for (const g of groups) {
    if (row.length && (row.length >= perRow || row[0][0].side !== g[0].side)) { rows.push(row); row = []; }
    row.push(g);
  }
  if (row.length) rows.push(row);
  return rows;
}

// slotBox is where a place's counters go: in an area, below its number;
// in a wide zone, right of its name; in a tall zone, below its letter.
// fitUnits shrinks the counters until their rows fit the box height
// (down to min); it returns no rows if they do not fit and !force.
function fitUnits(groups, box, min, force = false) {
  for (let size = SIZE; size >= min; size--) {
    const rows = flow(groups, Math.max(1, Math.floor((box.x1 - box.x0 + GAP) / (size + GAP + 3))));
    if (rows.length * (size + GAP + 2) <= box.y1 - box.y0 || (force && size === min)) return {box, size, rows};
  }
  return {box, size: min, rows: null};
}

function slotBox(p, skip = 0) {
  const [lo, hi] = bbox(p.polygon);
  const [x, y0] = p.label;
  const y = y0 + skip;
  if (p.kind === 'zone') {
    const w = hi[0] - lo[0], hgt = hi[1] - lo[1];
    if (w > 2 * hgt) {
      const x0 = x + 16 + p.name.length * 5.3 + 8;
      return {x0, x1: hi[0] - 3, y0: lo[1] + (hgt - SIZE) / 2 - 1, y1: hi[1] + 200, cx: x0, align: 'left'};
    }
    return {x0: lo[0] + 3, x1: hi[0] - 3, y0: y + 16, y1: hi[1] - 3, cx: (lo[0] + hi[0]) / 2, align: 'center'};
  }
  return {x0: lo[0] + 4, x1: hi[0] - 4, y0: y + 14, y1: hi[1] - 2, cx: x, align: 'center'};
}

// wrap breaks text into at most three lines of about width map units.
function wrap(text, width, fontSize) {
  const maxChars = Math.max(6, Math.floor(width / (fontSize * 0.52)));
  const lines = [];
  let cur = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    if (!cur) cur = w;
    else if (cur.length + 1 + w.length <= maxChars) cur += ' ' + w;
    else { lines.push(cur); cur = w; }
  }
  if (cur) lines.push(cur);
  if (lines.length > 3) return [lines[0], lines[1], lines.slice(2).join(' ')];
  return lines;
}

// ---- geometry (as board/area/geometry.go) ----

function bbox(poly) {
  const xs = poly.map((q) => q[0]), ys = poly.map((q) => q[1]);
  return [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]];
}
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

function inside(p, poly) {
  let inn = false;
  for (let k = 0; k < poly.length; k++) {
    const a = poly[k], c = poly[(k + 1) % poly.length];
    if ((a[1] > p[1]) !== (c[1] > p[1])) {
      const x = a[0] + (p[1] - a[1]) * (c[0] - a[0]) / (c[1] - a[1]);
      if (p[0] < x) inn = !inn;
    }
  }
  return inn;
}

function closestOnSegment(p, a, b) {
  const d = [b[0] - a[0], b[1] - a[1]];
  const l2 = d[0] * d[0] + d[1] * d[1];
  if (!l2) return a;
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / l2));
  return [a[0] + d[0] * t, a[1] + d[1] * t];
}

function closestOnBoundary(p, poly) {
  let best = poly[0], bd = Infinity;
  for (let k = 0; k < poly.length; k++) {
    const c = closestOnSegment(p, poly[k], poly[(k + 1) % poly.length]);
    const d = dist(p, c);
    if (d < bd) { best = c; bd = d; }
  }
  return best;
}

function closestPair(p, q) {
  let bp, bq, bd = Infinity;
  for (const v of p) { const c = closestOnBoundary(v, q); const d = dist(v, c); if (d < bd) { bp = v; bq = c; bd = d; } }
  for (const v of q) { const c = closestOnBoundary(v, p); const d = dist(v, c); if (d < bd) { bp = c; bq = v; bd = d; } }
  return [bp, bq];
}

function firstCrossing(a, b, poly) {
  let best = -1;
  const r = [b[0] - a[0], b[1] - a[1]];
  const cross = (u, v) => u[0] * v[1] - u[1] * v[0];
  for (let k = 0; k < poly.length; k++) {
    const c = poly[k], d = poly[(k + 1) % poly.length];
    const sv = [d[0] - c[0], d[1] - c[1]];
    const den = cross(r, sv);
    if (!den) continue;
    const ca = [c[0] - a[0], c[1] - a[1]];
    const t = cross(ca, sv) / den, u = cross(ca, r) / den;
    if (t >= 0 && t <= 1 && u >= 0 && u <= 1 && (best < 0 || t < best)) best = t;
  }
  return best;
}

// arrowEnds: from a zone's edge to just inside an area, or between the
// closest points of two zones.
function arrowEnds(pi, pj) {
  if (pi.kind === 'zone' && pj.kind === 'zone') return closestPair(pi.polygon, pj.polygon);
  if (pi.kind !== 'zone') { const [q, p] = arrowEnds(pj, pi); return [p, q]; }
  const start = closestOnBoundary(pj.label, pi.polygon);
  let end = pj.label;
  const t = firstCrossing(start, end, pj.polygon);
  if (t >= 0) {
    const d = [end[0] - start[0], end[1] - start[1]];
    const l = Math.hypot(d[0], d[1]);
    const inn = Math.min(14, (1 - t) * l / 2);
    end = [start[0] + d[0] * (t + inn / l), start[1] + d[1] * (t + inn / l)];
  }
  return [start, end];
}

