// panels.js: the side panel parts shared by the game and replay pages:
// status, off-map boxes, log, result. What the status and the boxes show
// comes from the panels the view declares (state.panels, docs/formats.md):
// tracks, values, sides and boxes of off-map units; nothing here knows a
// game.
import {h, s, clear, ruleLink, plural, cap} from './dom.js';
import {place} from './symbols.js';
import {counterIcon} from './counter.js';

// seatName is a seat's or side's name in words, the game module's
// (games.js); the page sets it with setSeatName once it has the module.
let seatName = cap;
export function setSeatName(f) { seatName = f; }

// sideBadge is a side's name in its colour (--side-NAME, set from the board
// document's palette by symbols.js).
export function sideBadge(side) {
  if (!side) return h('span', {class: 'side-badge none'}, '—');
  const el = h('span', {class: 'side-badge', 'data-side': side}, seatName(side));
  el.style.setProperty('--side', `var(--side-${side}, #666)`);
  return el;
}

// stepName is a step's id in words.
export const stepName = (step) => (step || '').replace(/-/g, ' ');

// turnMarks are the marked positions of the turn track ({turns, as}), for
// the log's turn headings.
export function turnMarks(st) {
  const t = panels(st, 'track').find((p) => p.id === 'turn');
  return {turns: (t && t.marked) || [], as: (t && t.marked_as) || ''};
}

// panels returns the view's panels of one kind.
const panels = (st, kind) => (st.panels || []).filter((p) => p.kind === kind);

// renderStatus fills #status: the first track (the turn track, its value
// in words for screen readers) and whose move it is, the phase of the turn
// the view names, then every value and side the view declares, in a few
// lines. me is the set of seats this browser plays (empty for a
// spectator); clock, while a reaction clock runs, is the element counting
// down; answering, the seat of ours that a draw is offered to while its
// view is on screen (it answers before anyone moves); past, that the view
// is of a step gone by (a replay). A spectator and a replay are told whose
// move it is or was, not that anyone waits.
export function renderStatus(el, doc, me = new Set(), clock = null, answering = null, past = false) {
  const st = doc.state || {};
  const [tr] = panels(st, 'track');
  const toMove = doc.to_move;
  let who;
  if (doc.result) who = h('span', {class: 'who over'}, 'Game over');
  else if (answering) who = h('span', {class: 'who mine answering'}, 'Your answer to a draw offer', me.size > 1 ? ` (${seatName(answering)})` : '');
  else if (toMove && me.has(toMove)) who = h('span', {class: 'who mine'}, 'Your move', me.size > 1 ? ` (${seatName(toMove)})` : '');
  else if (toMove && (past || !me.size)) who = h('span', {class: 'who'}, `${seatName(toMove)} to move`);
  else if (toMove) who = h('span', {class: 'who wait'}, `Waiting for ${seatName(toMove)}`);
  const rule = (r) => (r ? [' ', ruleLink(r, r.replace(/^\w+:/, ''))] : null);
  const chip = (label, value, r, id) => h('span', {class: 'chip', 'data-panel': id}, h('span', {class: 'chip-label'}, label), ' ', value, rule(r));
  const chips = [];
  for (const p of (st.panels || []).filter((x) => x.kind === 'value' || x.kind === 'side')) {
    chips.push(chip(p.label, p.kind === 'side' ? sideBadge(p.value) : h('strong', {class: 'value'}, String(p.value ?? '')), p.rule, p.id));
  }
  if (st.side && st.seat && st.side !== st.seat) chips.push(chip('You command', sideBadge(st.side)));
  const phase = st.phase || {};
  clear(el,
    h('div', {class: 'status-head'}, tr ? track(tr) : null, who),
    h('div', {class: 'phase', 'data-phase': phase.id || null}, phase.name || stepName(st.step), rule(phase.rule),
      clock ? h('span', {class: 'clock-row'}, ' · time to declare ', clock) : null),
    h('div', {class: 'chips'}, chips));
  el.dataset.toMove = toMove || '';
  el.dataset.turn = st.turn ?? '';
  el.dataset.step = st.step || '';
}

// track draws a track panel: positions 1 to max, or the labels of
// `positions`, the marked ones apart (night turns), the current one lit,
// and the markers on their spaces (the server's symbols).
function track(p) {
  const labels = p.positions || Array.from({length: p.max || 0}, (_, i) => i + 1);
  const now = labels.findIndex((t) => String(t) === String(p.value));
  const marked = (p.marked || []).includes(p.value);
  const ol = h('ol', {class: 'track', 'data-track': p.id,
    'aria-label': `${p.label} ${p.value ?? ''}${p.positions ? '' : ` of ${p.max}`}${marked ? ` (${p.marked_as})` : ''}`});
  labels.forEach((t, i) => {
    const on = (p.marked || []).includes(t);
    const here = (p.markers || []).filter((m) => String(m.at) === String(t));
    ol.append(h('li', {class: [on ? 'marked' : '', i === now ? 'now' : '', now >= 0 && i < now ? 'past' : '', here.length ? 'has-marker' : ''].join(' ').trim() || null,
      'aria-current': i === now ? 'step' : null, 'data-pos': String(t),
      title: [`${p.label} ${t}${on ? ` (${p.marked_as})` : ''}`, ...here.map((m) => m.title)].join('; ')},
    String(t), here.map((m) => markerIcon(m, 14))));
  });
  return ol;
}

// markerIcon is one of the board document's marker symbols in its own
// small <svg>, faded when used or waiting.
function markerIcon(m, px = 18) {
  return s('svg', {class: `marker-icon${m.used ? ' used' : ''}`, width: px, height: px, viewBox: '0 0 18 18', 'data-marker': m.symbol, role: 'img', 'aria-label': m.title},
    s('title', {}, m.title), place(m.symbol, 0, 0, 18, 18));
}

// display draws a display panel: a row of markers (air markers, construct
// markers, depots), each with its state in its title and its text, if any,
// beside it.
function display(p) {
  const list = p.markers || [];
  return h('section', {class: 'box display', id: p.id}, h('h3', {}, p.label, p.rule ? [' ', ruleLink(p.rule, p.rule.replace(/^\w+:/, ''))] : null),
    list.length ? h('div', {class: 'markers'}, list.map((m) => (m.text
      ? h('span', {class: `marker-tile${m.used ? ' used' : ''}`}, markerIcon(m, 26), h('span', {class: 'tile-cap'}, m.text))
      : markerIcon(m, 26)))) : h('p', {class: 'muted small'}, 'none'));
}

// renderBoxes fills the off-map boxes that the view declares (kind "box":
// the units whose `at` is the box's, of one side if it says so). hl is the
// set of unit IDs that a choice refers to; onUnit(id) is called when one is
// clicked. The boxes are drawn anew only when what they show changed.
export function renderBoxes(el, state, game, printed, hl = new Set(), onUnit = null) {
  const boxes = panels(state, 'box');
  // The tracks after the first (which the status shows) and the displays
  // come first, in the order the view declares them.
  const [first] = panels(state, 'track');
  const extra = (state.panels || []).filter((p) => p !== first && (p.kind === 'display' || p.kind === 'track' || p.kind === 'list'));
  const inBox = (b) => (state.units || []).filter((u) => u.at === b.at && (!b.side || u.side === b.side));
  const key = JSON.stringify([extra, boxes, boxes.map(inBox), [...hl].sort(), !!onUnit]);
  if (el.drawn === key) return;
  el.drawn = key;
  const tile = (u) => {
    const on = hl.has(u.id);
    const icon = counterIcon(game, u, printed, 40, {highlight: on});
    const caption = h('span', {class: 'tile-cap'}, game.boxCaption(u));
    if (on && onUnit) {
      return h('button', {type: 'button', class: 'tile hl', 'data-unit-button': u.id, 'aria-label': `Choose ${u.name}`, onclick: () => onUnit(u.id)}, icon, caption);
    }
    return h('span', {class: 'tile', title: u.name}, icon, caption);
  };
  const rule = (b) => (b.rule ? [' ', ruleLink(b.rule, b.rule.replace(/^\w+:/, ''))] : null);
  const tracks = extra.map((p) => {
    if (p.kind === 'display') return display(p);
    if (p.kind === 'list') {
      return h('section', {class: 'box list-box', id: p.id}, h('h3', {}, p.label, rule(p)),
        (p.items || []).length ? h('ul', {class: 'small'}, p.items.map((t) => h('li', {}, t))) : h('p', {class: 'muted small'}, 'none'));
    }
    return h('section', {class: 'box track-box', id: `track-${p.id}`}, h('h3', {}, p.label, rule(p)), track(p));
  });
  clear(el, tracks, boxes.map((b) => {
    const list = inBox(b);
    const tiles = list.length ? h('div', {class: 'tiles'}, list.map(tile)) : h('p', {class: 'muted small'}, 'empty');
    if (b.folded) {
      const sides = [...new Set(list.map((u) => u.side))];
      const counts = sides.length ? sides.map((sd) => `${seatName(sd)} ${list.filter((u) => u.side === sd).length}`).join(' · ') : 'none';
      return h('details', {class: 'box', id: b.id}, h('summary', {}, `${b.label}: ${counts}`), tiles);
    }
    return h('section', {class: 'box', id: b.id}, h('h3', {}, b.label, rule(b)), tiles);
  }));
}

// boxLabel is the label of the box an off-map unit is in, or its `at`.
export function boxLabel(state, u) {
  const b = panels(state, 'box').find((x) => x.at === u.at && (!x.side || x.side === u.side));
  return b ? b.label : u.at;
}

// Log: lines are appended, not redrawn, while the log only grows. It shows
// a LogWindow (api.js): the lines the client has, older ones paged in when
// the reader scrolls to the top or asks for them.
export class Log {
  // el is the <ol id="log">; onRefs(refs, on) is called when the pointer
  // or the focus enters or leaves a line that names units or places in its
  // refs (docs/formats.md): the page highlights those, and only those.
  // dice, if given, shows the last line with dice in it (#last-roll).
  constructor(el, onRefs, dice) {
    this.el = el;
    this.dice = dice;
    this.onRefs = onRefs;
    this.start = 0;
    this.lines = [];
    this.win = null;
    for (const e of [el, dice].filter(Boolean)) {
      e.addEventListener('pointerover', (ev) => this.hover(ev, true));
      e.addEventListener('pointerout', (ev) => this.hover(ev, false));
      e.addEventListener('focusin', (ev) => this.hover(ev, true));
      e.addEventListener('focusout', (ev) => this.hover(ev, false));
    }
    el.addEventListener('scroll', () => { if (this.el.scrollTop < 40) this.older(); }, {passive: true});
  }

  hover(e, on) {
    const t = e.target instanceof Element ? e.target.closest('[data-refs]') : null;
    if (t) this.onRefs(t.dataset.refs.split(' '), on);
  }

  // older pages in the lines before the window, keeping the reader's place.
  async older() {
    const win = this.win;
    if (!win || win.start === 0) return;
    try {
      if (await win.older() && win === this.win) this.set(win, -1, this.marked);
    } catch {
      // the button stays: the reader can try again
    }
  }

  // set shows win (a LogWindow: lines from win.start, oldest first); fresh
  // marks the lines from line number `freshFrom` on as new (the replay's
  // last step). marked names the turns that the turn track marks ({turns,
  // as}: night turns).
  set(win, freshFrom = -1, marked = {turns: [], as: ''}) {
    this.win = win;
    this.marked = marked;
    const log = win.lines;
    const same = this.start === win.start && this.lines.length <= log.length && this.lines.every((l, i) => l === log[i] ||
      (l.text === log[i].text && l.turn === log[i].turn && l.rule === log[i].rule));
    this.el.querySelectorAll('.fresh').forEach((li) => li.classList.remove('fresh'));
    if (same && this.lines.length === log.length && log.length && freshFrom < 0) return; // nothing new
    this.el.querySelector('.empty')?.remove();
    const atBottom = this.el.scrollHeight - this.el.scrollTop - this.el.clientHeight < 40;
    const fromBottom = this.el.scrollHeight - this.el.scrollTop;
    const paged = win.start < this.start && !atBottom; // older lines came in above what the reader looks at
    if (!same) {
      this.el.replaceChildren();
      this.lines = [];
      this.start = win.start;
      if (win.start > 0) {
        this.el.append(h('li', {class: 'older'}, h('button', {type: 'button', class: 'linklike small', onclick: () => this.older()},
          `Show earlier lines (${win.start} more)`)));
      }
    }
    let lastTurn = this.lines.length ? this.lines[this.lines.length - 1].turn : null;
    const frag = document.createDocumentFragment();
    for (let i = this.lines.length; i < log.length; i++) {
      const l = log[i];
      if (l.turn !== lastTurn) {
        frag.append(h('li', {class: 'turn-head'}, `Turn ${l.turn}${marked.turns.includes(l.turn) ? ` (${marked.as})` : ''}`));
        lastTurn = l.turn;
      }
      const refs = (l.refs || []).length ? {'data-refs': l.refs.join(' '), tabindex: 0} : {};
      frag.append(h('li', {class: `line${freshFrom >= 0 && win.start + i >= freshFrom ? ' fresh' : ''}`, 'data-rule': l.rule, ...refs},
        ruleLink(l.rule, l.rule ? l.rule.replace(/^\w+:/, '') : ''), ' ', dice(l.text)));
    }
    this.el.append(frag);
    this.lines = log.slice();
    // Scrolled once the page's drawing is done, so that the layout it needs is done once.
    if (paged) queueMicrotask(() => { this.el.scrollTop = this.el.scrollHeight - fromBottom; });
    else if (atBottom || !same || freshFrom >= 0) queueMicrotask(() => { this.el.scrollTop = this.el.scrollHeight; });
    this.el.setAttribute('aria-label', `Game log, ${plural(win.start + log.length, 'line')}`);
    this.showLastRoll(log);
    if (!log.length && !win.start) this.el.replaceChildren(h('li', {class: 'muted small empty'}, 'Nothing has happened yet.'));
    if (win.start > 0 && log.length < 30) this.older(); // too few lines to scroll: page in more now
  }

  // showLastRoll shows the newest line that rolls dice, with its dice as
  // die faces, above the log: the roll stays in sight while the log scrolls.
  showLastRoll(log) {
    if (!this.dice) return;
    const line = log.findLast((l) => l.text.search(DICE) >= 0) || null;
    if (this.dice.line === line) return;
    this.dice.line = line;
    this.dice.hidden = !line;
    if (line) {
      clear(this.dice, h('span', {class: 'last-roll-head'}, 'Last roll'), ' ',
        ruleLink(line.rule, line.rule ? line.rule.replace(/^\w+:/, '') : ''), ' ', dice(line.text));
      if ((line.refs || []).length) this.dice.dataset.refs = line.refs.join(' ');
      else delete this.dice.dataset.refs;
    }
  }
}

// DICE finds "rolls 6", "die 6", "rolls 3+5" in a log line.
const DICE = /\b(rolls?|die|dice|rolled|draws?)( )([1-6])(?:(\+| and |, )([1-6]))?(?!\d)/g;

// dice shows "rolls 6" / "die 6" with the number in a die face.
function dice(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(DICE)) {
    out.push(text.slice(last, m.index), m[1] + m[2], h('span', {class: 'die'}, m[3]));
    if (m[5]) out.push(m[4], h('span', {class: 'die'}, m[5]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

// renderResult fills an element with the result (view.result): winner,
// level, score and the engine's text.
export function renderResult(el, result, extra = []) {
  const w = result.winner;
  el.style.setProperty('--side', w ? `var(--side-${w}, #666)` : '#666');
  clear(el,
    h('h2', {}, w ? `${seatName(w)} victory` : 'A draw'),
    h('p', {class: 'result-level'}, cap(result.level || ''), result.score !== undefined ? ` · score ${result.score}` : ''),
    result.text ? h('p', {}, result.text) : null,
    ...extra);
  el.dataset.winner = w || 'draw';
  return el;
}
