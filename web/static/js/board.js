// board.js: the map. Its picture is the game's own SVG (board/area/svg.go
// draws it on the server, and the board document carries it), so the
// browser and the server draw the map with one renderer and one palette.
// Over it this draws what changes: a transparent shape per place that
// takes clicks and highlights, the markers, the counters and the attacks
// of a view; and it pans and zooms (mouse drag, wheel, pinch, keys through
// panBy/zoomBy). Places are polygons with a label point: areas, zones and
// hexes alike.
import {s, h, clear, setChildren} from './dom.js';
import {counter, counterIcon, SIZE} from './counter.js';
import {place as placeSymbol} from './symbols.js';
import {boxLabel} from './panels.js';

const GAP = 3; // between counters

// withPrinted completes the units of a view from the board document's
// printed counters: a view (sandtable-view/3) sends of each unit only what
// changes from state to state (where it is, the face up, its flags). It
// completes view.state in place and returns view.
export function withPrinted(view, printed) {
  const st = view && view.state;
  if (st && st.units) st.units = st.units.map((u) => ({...printed.get(u.id), ...u}));
  return view;
}

export class Board {
  // host is an empty element; doc is the board document; game is the game
  // module (games.js); handlers get onPlace(id), onUnit(unitId, placeId),
  // onStack(placeId).
  constructor(host, doc, game, handlers = {}) {
    this.host = host;
    this.game = game;
    this.map = normalizeMap(doc.map || doc);
    this.svgText = doc.svg || '';
    this.printed = new Map((doc.units || doc.counters || []).map((u) => [u.id, u]));
    this.places = new Map(this.map.places.map((p) => [p.id, p]));
    this.handlers = handlers;
    this.k = 1; this.tx = 0; this.ty = 0; this.fitted = true;
    this.whole = true; // the fit shows the whole map (fit)
    this.fy = null; // a tall map's height at the middle of its space when fitted; null for its middle
    this.view = null;
    this.parts = new Map(); // name -> {key, el}: what update drew (part)
    this.build();
    host.style.setProperty('--map-aspect', `${this.map.width} / ${this.map.height}`);
    this.fit();
    new ResizeObserver(() => (this.fitted ? this.fit(this.whole) : this.clamp())).observe(this.host);
  }

  // ---- static drawing: done once ----

  build() {
    const m = this.map;
    this.svg = s('svg', {id: 'board', class: 'board', role: 'group', 'aria-label': `Map: ${m.title || 'board'}`});
    this.svg.append(s('defs', {}, s('marker', {id: 'atk-end', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 4, markerHeight: 4, orient: 'auto'},
      s('path', {class: 'atk-head', d: 'M0,0L10,5L0,10z'}))));
    this.vp = s('g', {class: 'viewport'});
    this.svg.append(this.vp);
    const layer = (cls) => { const g = s('g', {class: cls}); this.vp.append(g); return g; };
    const picture = this.picture();
    if (picture) layer('picture no-hit').append(picture);
    const places = layer('places');
    this.hlLayer = layer('highlights no-hit');
    this.atkLayer = layer('attack-lines no-hit');
    this.markLayer = layer('markers');
    this.unitLayer = layer('units');
    this.placeEls = new Map();
    this.nameDepth = new Map();
    for (const p of m.places) {
      const kind = p.kind || 'area';
      const g = s('g', {class: `place ${kind}`, 'data-place': p.id, 'aria-label': `${kind[0].toUpperCase() + kind.slice(1)} ${p.id} ${p.name || ''}`},
        poly(p.polygon), s('title', {}, `${p.id} ${p.name || ''}${p.vp ? ` (${p.vp} VP)` : ''}`));
      places.append(g);
      this.placeEls.set(p.id, g);
      this.nameDepth.set(p.id, labelDepth(p));
    }
    this.host.append(this.svg, this.controls(), this.magnifier = h('div', {class: 'magnifier', id: 'magnifier', hidden: true}));
    this.listen();
  }

  // picture is the server's drawing of the map, as an image at map size
  // (an SVG image runs no script and keeps its own styles).
  picture() {
    if (!this.svgText) return null;
    return s('image', {href: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(this.svgText)}`,
      x: 0, y: 0, width: this.map.width, height: this.map.height, preserveAspectRatio: 'none'});
  }

  controls() {
    const b = (id, label, text, f) => h('button', {id, type: 'button', 'aria-label': label, title: label, onclick: f}, text);
    return h('div', {class: 'map-controls'},
      b('zoom-in', 'Zoom in (+)', '+', () => this.zoomBy(1.25)),
      b('zoom-out', 'Zoom out (−)', '−', () => this.zoomBy(0.8)),
      b('zoom-fit', 'Fit the map (0; again for the whole of a tall map)', '⤢', () => this.fitNext()));
  }

  // ---- a view: markers, counters, highlights ----

  // update draws view (the game's view state) with the choices' refs
  // highlighted: hl = {places: Set, units: Set}. The area the impulse acts
  // from (state.acting), the unit moving now (state.moving) and the units
  // being designated for an attack (state.designating) are marked in blue;
  // the places the view marks (state.marks: a close combat being fought)
  // are outlined with the class mark-KIND and carry data-mark=KIND.
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
    const marked = new Map((state.marks || []).filter((m) => this.places.has(m.place)).map((m) => [m.place, m.kind]));
    const outlines = [], marks = [], stacks = [];
    for (const p of this.map.places) {
      const el = this.placeEls.get(p.id);
      const on = hl.places.has(p.id), acting = sel.places.has(p.id);
      el.classList.toggle('hl', on);
      el.classList.toggle('acting', acting);
      if (on) outlines.push(this.part(`hl:${p.id}`, '', () => poly(p.polygon, {class: 'hl-outline'})));
      if (acting) outlines.push(this.part(`sel:${p.id}`, '', () => poly(p.polygon, {class: 'sel-outline'})));
      const kind = marked.get(p.id);
      if (kind) el.dataset.mark = kind;
      else delete el.dataset.mark;
      if (kind) outlines.push(this.part(`mark:${p.id}`, kind, () => poly(p.polygon, {class: `mark-outline mark-${kind}`})));
      const mk = this.drawMarkers(p, state);
      if (mk) marks.push(mk);
      const units = byPlace.get(p.id);
      if (units) stacks.push(this.drawUnits(p, units, hl.units, attacking));
    }
    for (const c of this.map.crossings || []) {
      const mk = this.drawCrossing(c, state);
      if (mk) marks.push(mk);
    }
    const at = new Map((state.units || []).map((u) => [u.id, u.at]));
    // The attack being designated is drawn with the declared ones, so that
    // its target stays marked while its units are chosen.
    const attacks = [...(state.attacks || []), ...(state.designating ? [state.designating] : [])]
      .filter((a) => this.places.has(a.target))
      .map((a) => ({...a, from: [...new Set((a.units || []).map((id) => at.get(id)).filter(Boolean))]}));
    const [atkOutlines, atkLines, atkMarks] = this.part('attacks', JSON.stringify(attacks), () => this.drawAttacks(attacks));
    setChildren(this.hlLayer, [...outlines, atkOutlines]);
    setChildren(this.atkLayer, [atkLines]);
    setChildren(this.markLayer, [...marks, atkMarks]);
    setChildren(this.unitLayer, stacks);
    this.follow([...hl.places, ...[...hl.units].map((id) => at.get(id))]);
  }

  // follow pans a fitted map that shows only part of its height (a tall
  // map filling its width) up or down to the places the choices name, when
  // none of them is in sight; a map the player moved stays where it is.
  follow(ids) {
    const ys = ids.map((id) => this.places.get(id)).filter(Boolean).map((p) => p.label[1]);
    if (!this.fitted || this.whole || !ys.length) return;
    const r = this.host.getBoundingClientRect();
    if (ys.some((y) => this.ty + y * this.k >= 0 && this.ty + y * this.k <= r.height)) return;
    this.fy = (Math.min(...ys) + Math.max(...ys)) / 2;
    this.fit();
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

  // drawMarkers: the game's markers of a place (control, fire ...), the
  // server's symbols in a row above its label, or null.
  drawMarkers(p, state) {
    const marks = this.game.markers(p.id, state);
    if (!marks.length) return null;
    return this.part(`markers:${p.id}`, JSON.stringify(marks), () => {
      const w = 18, gap = 3;
      let x = p.label[0] - (marks.length * (w + gap) - gap) / 2;
      const y = p.kind === 'zone' ? p.label[1] + 14 : p.label[1] - 36;
      const g = s('g', {class: 'place-markers', 'data-markers': p.id});
      for (const mk of marks) {
        g.append(s('g', {class: 'marker', 'data-marker': mk.symbol}, s('title', {}, mk.title), placeSymbol(mk.symbol, x, y, w, w)));
        x += w + gap;
      }
      return g;
    });
  }

  // drawCrossing: the game's markers on a bridge or ferry of the map (a
  // blown bridge, a used ferry), centred on the crossing, or null.
  drawCrossing(c, state) {
    const marks = this.game.crossingMarkers(c, state);
    if (!marks.length) return null;
    return this.part(`crossing:${c.kind}:${c.id}`, JSON.stringify(marks), () => {
      const w = 16, gap = 2;
      let x = c.at[0] - (marks.length * (w + gap) - gap) / 2;
      const g = s('g', {class: 'crossing-markers', 'data-crossing': `${c.kind}:${c.id}`});
      for (const mk of marks) {
        g.append(s('g', {class: 'marker', 'data-marker': mk.symbol}, s('title', {}, mk.title), placeSymbol(mk.symbol, x, c.at[1] - w / 2, w, w)));
        x += w + gap;
      }
      return g;
    });
  }

  // drawUnits lays the counters of a place out in rows, one side after the
  // other, inside the place; identical counters that are not highlighted
  // are piled up with a count. It returns the place's group of counters.
  drawUnits(p, units, hlUnits, attacking) {
    const groups = pileUp(units, hlUnits, (u) => this.game.pileKey(u, this.printed), this.sel.units);
    // Below the place's name if the counters fit there at a fair size,
    // else over it (and the name is hidden; the place's tooltip has it).
    const below = slotBox(p, this.nameDepth.get(p.id) || 0);
    let {box, size, rows} = fitUnits(groups, below, 20);
    const covers = !rows;
    if (covers) ({box, size, rows} = fitUnits(groups, slotBox(p, 0, true), 15, true));
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
    if (covers) {
      // Over the place's name (drawn in the picture of the map): a tray as
      // wide as the place hides the name under the counters.
      nodes.unshift(s('rect', {class: 'tray', x: box.x0 - 2, y: box.y0 - 2, width: box.x1 - box.x0 + 4, height: y - box.y0 + 2, rx: 3}));
    }
    const g = this.part(`stack:${p.id}`, '', () => s('g', {class: 'stack', 'data-stack-place': p.id}));
    return setChildren(g, nodes);
  }

  // drawPile: the counters of a pile, and its count badge.
  drawPile(p, grp, x, y, size, hlUnits, attacking) {
    const n = grp.length;
    const step = Math.min(3, n - 1);
    const label = n > 1 ? pileLabel(grp, this.game.shortName) : undefined;
    const nodes = grp.map((u, i) => {
      const off = Math.min(i, step) * 1.6;
      const cx = x + step * 1.6 - off, cy = y + off - step * 1.6 + 3;
      const opts = {highlight: hlUnits.has(u.id), attacking: attacking.has(u.id), selected: this.sel.units.has(u.id), label};
      return this.part(`unit:${u.id}`, JSON.stringify([u, cx, cy, size, opts, n]), () => {
        const c = counter(this.game, u, this.printed, cx, cy, size, opts);
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

  // drawAttacks draws the declared attacks and the one being designated
  // (each with the places its units fire from): outlines of the targets,
  // lines to them, and target marks.
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

  // flash marks the places and units of refs ("area:ID", "unit:ID") while
  // the pointer is on a log line or a choice that names them; off clears them.
  flash(refs, on) {
    this.svg.querySelectorAll('.flash-outline').forEach((e) => e.remove());
    document.querySelectorAll('[data-unit].flash').forEach((e) => e.classList.remove('flash'));
    if (!on) return;
    for (const r of refs) {
      const [kind, id] = [r.slice(0, r.indexOf(':')), r.slice(r.indexOf(':') + 1)];
      const p = kind === 'area' && this.places.get(id);
      if (p) this.hlLayer.append(poly(p.polygon, {class: 'flash-outline', 'data-flash': id}));
      if (kind === 'unit') document.querySelectorAll(`[data-unit="${CSS.escape(id)}"]`).forEach((e) => e.classList.add('flash'));
    }
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

  // fit fits the map to its space: whole, or, a map taller than wide (the
  // corridor of Market-Garden), to the space's width, panned up and down
  // (its middle in sight, or fy) unless whole is asked for.
  fit(whole = false) {
    const r = this.host.getBoundingClientRect();
    if (!r.width || !r.height) return;
    const {width: mw, height: mh} = this.map;
    const all = Math.min(r.width / mw, r.height / mh);
    const k = whole || mh <= mw ? all : r.width / mw;
    this.whole = k === all;
    this.minK = all * 0.8;
    this.maxK = Math.max(all * 8, 3);
    this.k = k;
    this.tx = (r.width - mw * k) / 2;
    this.ty = this.whole ? (r.height - mh * k) / 2 : Math.min(0, Math.max(r.height - mh * k, r.height / 2 - (this.fy ?? mh / 2) * k));
    this.fitted = true;
    this.apply();
  }

  // fitNext is the fit button's and the 0 key's: the fit, and for a tall
  // map filling its width, a second press shows it whole.
  fitNext() {
    this.fy = null;
    this.fit(this.fitted && !this.whole);
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
        counterIcon(this.game, u, this.printed, 84, {}),
        h('div', {class: 'mag-text'},
          h('strong', {}, u.name || u.id),
          h('div', {}, this.game.facts(u).join(' · ')),
          h('div', {class: 'muted'}, place ? `${place.id} ${place.name}` : boxLabel(this.view, u)),
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

function poly(points, attrs = {}) {
  return s('polygon', {points: points.map((q) => `${q[0]},${q[1]}`).join(' '), ...attrs});
}

// labelDepth is how far below its label point counters may start without
// covering what the server's drawing writes there (its name and set-up
// dots end at label_depth, board/area LabelDepth; a counter's top row
// may reach 12 units into that).
function labelDepth(p) {
  return Math.max(0, (p.label_depth || 0) - 12);
}

// pileUp groups a place's units, one side after the other (British first,
// as the terminal draws them), merging identical counters into piles. A
// highlighted counter stays alone, so that it can be clicked.
function pileUp(units, hlUnits, keyOf, alone = new Set()) {
  const order = ['british', 'german'];
  const sorted = [...units].sort((a, b) => order.indexOf(a.side) - order.indexOf(b.side) || a.id.localeCompare(b.id, 'en', {numeric: true}));
  const out = [];
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
function pileLabel(units, shortName) {
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
// in a wide zone or box, right of its name (over it all, cover, when they
// do not fit there); in a tall zone, below its letter.
// fitUnits shrinks the counters until their rows fit the box height
// (down to min); it returns no rows if they do not fit and !force.
function fitUnits(groups, box, min, force = false) {
  for (let size = SIZE; size >= min; size--) {
    const rows = flow(groups, Math.max(1, Math.floor((box.x1 - box.x0 + GAP) / (size + GAP + 3))));
    if (rows.length * (size + GAP + 2) <= box.y1 - box.y0 || (force && size === min)) return {box, size, rows};
  }
  return {box, size: min, rows: null};
}

function slotBox(p, skip = 0, cover = false) {
  const [lo, hi] = bbox(p.polygon);
  const [x, ly] = p.label;
  const y = ly + skip;
  if (p.kind !== 'area') {
    const w = hi[0] - lo[0], hgt = hi[1] - lo[1];
    // Too many for a row beside the name: the whole box, over its name.
    if (cover && w > 2 * hgt) return {x0: lo[0] + 3, x1: hi[0] - 3, y0: lo[1] + 3, y1: hi[1] - 3, cx: lo[0] + 3, align: 'left'};
    if (w > 2 * hgt) {
      const x0 = x + 16 + p.name.length * 5.3 + 8;
      return {x0, x1: hi[0] - 3, y0: lo[1] + (hgt - SIZE) / 2 - 1, y1: hi[1] - 1, cx: x0, align: 'left'};
    }
    return {x0: lo[0] + 3, x1: hi[0] - 3, y0: y + 16, y1: hi[1] - 3, cx: (lo[0] + hi[0]) / 2, align: 'center'};
  }
  // As wide as the area is where the first row goes (not its bounding box,
  // which reaches into its neighbours when the area is not a rectangle).
  const top = y + 14, y1 = hi[1] - 2;
  const a = spanAt(p.polygon, top + 2, x), b = spanAt(p.polygon, Math.min(y1, top + SIZE), x);
  let x0 = Math.max(a[0], b[0]) + 4, x1 = Math.min(a[1], b[1]) - 4;
  if (x1 - x0 < SIZE) [x0, x1] = [a[0] + 4, a[1] - 4];
  return {x0, x1, y0: top, y1, cx: x, align: 'center'};
}

// spanAt is the stretch of a polygon on the horizontal line y that holds x
// (or the widest one, if none does): where a row of counters fits.
function spanAt(poly, y, x) {
  const xs = [];
  for (let i = 0; i < poly.length; i++) {
    const [p, q] = [poly[i], poly[(i + 1) % poly.length]];
    if ((p[1] <= y) !== (q[1] <= y)) xs.push(p[0] + (y - p[1]) / (q[1] - p[1]) * (q[0] - p[0]));
  }
  xs.sort((m, n) => m - n);
  let best = null;
  for (let i = 0; i + 1 < xs.length; i += 2) {
    const span = [xs[i], xs[i + 1]];
    if (span[0] <= x && x <= span[1]) return span;
    if (!best || span[1] - span[0] > best[1] - best[0]) best = span;
  }
  return best || [x - SIZE, x + SIZE];
}

function bbox(poly) {
  const xs = poly.map((q) => q[0]), ys = poly.map((q) => q[1]);
  return [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]];
}
