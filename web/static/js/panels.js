// panels.js: the side panel parts shared by the game and replay pages:
// status, off-map boxes, log, result.
import {h, clear, ruleLink} from './dom.js';
import {counterIcon} from './counter.js';
import {NIGHT_TURNS, TURNS, SIDES, phaseOf, stepName} from './soa.js';

const cap = (x) => (x ? x[0].toUpperCase() + x.slice(1) : '');

// sideBadge is a side's name in its colour.
export function sideBadge(side) {
  if (!side) return h('span', {class: 'side-badge none'}, '—');
  return h('span', {class: `side-badge ${side}`}, cap(side));
}

// renderStatus fills #status: the turn track (night turns marked, soa:15.1),
// phase and step, the Tactical Advantage (soa:8.4), victory points
// (soa:11), ammunition shortage (soa:20), and whose move it is.
// me is the set of seats this browser plays (empty for a spectator); clock,
// while the reaction clock runs (soa:8.17), is the element counting down.
export function renderStatus(el, doc, me = new Set(), clock = null) {
  const st = doc.state || {};
  const track = h('ol', {class: 'turn-track', 'aria-label': `Turn ${st.turn} of ${TURNS}`});
  for (let t = 1; t <= TURNS; t++) {
    const night = NIGHT_TURNS.includes(t);
    track.append(h('li', {class: [night ? 'night' : 'day', t === st.turn ? 'now' : '', t < st.turn ? 'past' : ''].join(' '),
      'aria-current': t === st.turn ? 'step' : null, title: `Turn ${t}${night ? ' (night)' : ''}`}, String(t)));
  }
  const toMove = doc.to_move;
  let who;
  if (doc.result) who = h('span', {class: 'who over'}, 'Game over');
  else if (toMove && me.has(toMove)) who = h('span', {class: 'who mine'}, 'Your move', me.size > 1 ? ` (${toMove})` : '');
  else if (toMove) who = h('span', {class: 'who wait'}, `Waiting for ${toMove}`);
  const rows = [
    ['Turn', h('span', {}, `${st.turn ?? '?'} of ${TURNS} · `, st.night ? h('span', {class: 'night-tag'}, '☾ night') : h('span', {class: 'day-tag'}, '☀ day'))],
    ['Phase', h('span', {}, phaseOf(st.step), st.step && st.step !== 'over' ? h('span', {class: 'muted'}, ` · ${stepName(st.step)}`) : null)],
  ];
  if (st.impulse) rows.push(['Impulse', sideBadge(st.impulse)]);
  if (clock) rows.push(['Time to declare', h('span', {}, clock, ' ', ruleLink('soa:8.17', '8.17'))]);
  rows.push(['Tactical Advantage', h('span', {}, sideBadge(st.tactical_advantage), ' ', ruleLink('soa:8.4', '8.4'))]);
  rows.push(['German VP', h('strong', {class: 'vp', id: 'vp'}, String(st.vp ?? 0))]);
  if (st.ammo) rows.push(['British ammo shortage', h('span', {}, `level ${st.ammo} `, ruleLink('soa:20.1', '20'))]);
  if (st.casualty_points) rows.push(['Casualty points to take', h('strong', {}, String(st.casualty_points))]);
  if (st.bids && Object.keys(st.bids).length) {
    rows.push(['Bids', h('span', {}, Object.entries(st.bids).map(([k, v]) => `${k} ${v >= 0 ? '+' : ''}${v}`).join(' · '))]);
  }
  if (st.swapped) rows.push(['Sides', 'swapped after the bid']);
  if (st.side && st.seat && st.side !== st.seat) rows.push(['You command', sideBadge(st.side)]);
  clear(el,
    h('div', {class: 'status-head'}, track, who),
    h('dl', {class: 'status-grid'}, rows.map(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
  el.dataset.toMove = toMove || '';
  el.dataset.turn = st.turn ?? '';
  el.dataset.step = st.step || '';
}

// renderBoxes fills the off-map boxes: artillery (soa:3.7, 14; a committed
// artillery counter has fired), the British Reformed Units box (soa:3.8,
// 19), the turn track (Bren carriers, soa:17.52) and the eliminated units.
// hl is the set of unit IDs that a choice refers to; onUnit(id) is called
// when one is clicked. The boxes are drawn anew only when what they show
// changed.
export function renderBoxes(el, state, printed, hl = new Set(), onUnit = null) {
  const units = (state.units || []).filter((u) => OFF_MAP_BOXES.includes(u.at));
  const key = JSON.stringify([units, units.filter((u) => hl.has(u.id)).map((u) => u.id), !!onUnit]);
  if (el.drawn === key) return;
  el.drawn = key;
  const at = (where, side) => units.filter((u) => u.at === where && (!side || u.side === side));
  const tile = (u) => {
    const on = hl.has(u.id);
    const icon = counterIcon(u, printed, 40, {highlight: on});
    const caption = h('span', {class: 'tile-cap'}, u.type === 'artillery' ? (u.committed ? 'fired' : 'ready') : (u.committed ? 'committed' : ''));
    if (on && onUnit) {
      return h('button', {type: 'button', class: 'tile hl', 'data-unit-button': u.id, 'aria-label': `Choose ${u.name}`, onclick: () => onUnit(u.id)}, icon, caption);
    }
    return h('span', {class: 'tile', title: u.name}, icon, caption);
  };
  const box = (title, rule, list, id) => h('section', {class: 'box', id},
    h('h3', {}, title, ' ', ruleLink(rule, rule.replace('soa:', ''))),
    list.length ? h('div', {class: 'tiles'}, list.map(tile)) : h('p', {class: 'muted small'}, 'empty'));
  const parts = [];
  for (const side of SIDES) {
    parts.push(box(`${cap(side)} artillery`, 'soa:3.7', at('artillery-box', side), `artillery-${side}`));
  }
  parts.push(box('Reformed Units box', 'soa:3.8', at('box'), 'reformed-box'));
  const track = at('track');
  if (track.length) parts.push(box('On the turn track', 'soa:17.52', track, 'track-box'));
  const dead = at('eliminated');
  const counts = SIDES.map((sd) => `${sd} ${dead.filter((u) => u.side === sd).length}`).join(' · ');
  parts.push(h('details', {class: 'box', id: 'eliminated-box'},
    h('summary', {}, `Eliminated: ${counts}`),
    dead.length ? h('div', {class: 'tiles'}, dead.map(tile)) : h('p', {class: 'muted small'}, 'none yet')));
  clear(el, ...parts);
}

const OFF_MAP_BOXES = ['artillery-box', 'box', 'track', 'eliminated'];

// Log: lines are appended, not redrawn, while the log only grows. It shows
// a LogWindow (api.js): the lines the client has, older ones paged in when
// the reader scrolls to the top or asks for them.
export class Log {
  // el is the <ol id="log">; places is the board's Map of places; onPlace(id, on)
  // is called when the pointer enters or leaves a place named in a line.
  constructor(el, places, onPlace) {
    this.el = el;
    this.onPlace = onPlace;
    this.start = 0;
    this.lines = [];
    this.win = null;
    this.places = places;
    this.re = placeRegex(places);
    el.addEventListener('pointerover', (e) => this.hover(e, true));
    el.addEventListener('pointerout', (e) => this.hover(e, false));
    el.addEventListener('focusin', (e) => this.hover(e, true));
    el.addEventListener('focusout', (e) => this.hover(e, false));
    el.addEventListener('scroll', () => { if (this.el.scrollTop < 40) this.older(); }, {passive: true});
  }

  hover(e, on) {
    const t = e.target instanceof Element ? e.target.closest('[data-ref-place]') : null;
    if (t) this.onPlace(t.dataset.refPlace, on);
  }

  // older pages in the lines before the window, keeping the reader's place.
  async older() {
    const win = this.win;
    if (!win || win.start === 0) return;
    try {
      if (await win.older() && win === this.win) this.set(win);
    } catch {
      // the button stays: the reader can try again
    }
  }

  // set shows win (a LogWindow: lines from win.start, oldest first); fresh
  // marks the lines from line number `freshFrom` on as new (the replay's
  // last step).
  set(win, freshFrom = -1) {
    this.win = win;
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
        frag.append(h('li', {class: 'turn-head'}, `Turn ${l.turn}${NIGHT_TURNS.includes(l.turn) ? ' (night)' : ''}`));
        lastTurn = l.turn;
      }
      frag.append(h('li', {class: `line${freshFrom >= 0 && win.start + i >= freshFrom ? ' fresh' : ''}`, 'data-rule': l.rule},
        ruleLink(l.rule, l.rule ? l.rule.replace(/^\w+:/, '') : ''), ' ', this.format(l.text)));
    }
    this.el.append(frag);
    this.lines = log.slice();
    // Scrolled once the page's drawing is done, so that the layout it needs is done once.
    if (paged) queueMicrotask(() => { this.el.scrollTop = this.el.scrollHeight - fromBottom; });
    else if (atBottom || !same || freshFrom >= 0) queueMicrotask(() => { this.el.scrollTop = this.el.scrollHeight; });
    this.el.setAttribute('aria-label', `Game log, ${win.start + log.length} lines`);
    if (!log.length && !win.start) this.el.replaceChildren(h('li', {class: 'muted small empty'}, 'Nothing has happened yet.'));
    if (win.start > 0 && log.length < 30) this.older(); // too few lines to scroll: page in more now
  }

  // format turns the place numbers and names of a line into hover targets
  // and the dice into die faces.
  format(text) {
    const out = [];
    let last = 0;
    for (const m of text.matchAll(this.re)) {
      const id = m.groups.n || m.groups.z;
      if (!this.places.has(id)) continue;
      const start = m.index + m.groups.pre.length;
      out.push(...dice(text.slice(last, start)));
      const shown = m[0].slice(m.groups.pre.length);
      out.push(h('span', {class: 'place-ref', 'data-ref-place': id, tabindex: 0, title: `${id} ${this.places.get(id).name}`}, shown));
      last = m.index + m[0].length;
    }
    out.push(...dice(text.slice(last)));
    return out;
  }
}

// placeRegex finds "in 22", "into 3 Rijnkade block, by the viaduct", "from A":
// a place ID after a preposition, with its name when the name follows.
// A zone letter counts only when its name or punctuation follows, so that
// "A Coy" is not zone A.
function placeRegex(places) {
  const esc = (x) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const names = [...places.values()].map((p) => esc(p.name)).sort((a, b) => b.length - a.length).join('|');
  const pre = '(?<pre>\\b(?:in|into|from|at|to|holds|controls|area|zone|on|towards|enters?)\\s)';
  const num = `(?<n>\\d{1,2})(?!\\d)(?: (?:${names}))?`;
  const zone = `(?<z>[A-E])(?:(?: (?:${names}))|(?=[.,:;)]|\\s\\(|$))`;
  return new RegExp(`${pre}(?:${num}|${zone})`, 'g');
}

// dice shows "rolls 6" / "die 6" with the number in a die face.
function dice(text) {
  const out = [];
  let last = 0;
  for (const m of text.matchAll(/\b(rolls?|die|dice|rolled|draws?)( )([1-6])(?:(\+| and |, )([1-6]))?(?!\d)/g)) {
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
  clear(el,
    h('h2', {}, w ? `${cap(w)} victory` : 'A draw'),
    h('p', {class: 'result-level'}, cap(result.level || ''), result.score !== undefined ? ` · German VP ${result.score}` : ''),
    result.text ? h('p', {}, result.text) : null,
    ...extra);
  el.dataset.winner = w || 'draw';
  return el;
}
