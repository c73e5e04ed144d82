// replay.js: the replay page, /replay/{id}?step=N. Steps through the game
// one choice at a time with GET /api/games/{id}/replay?step=N, as this
// browser's seat sees it (or, once the game has ended, as any seat). The
// address keeps the step on screen, so that a link opens at that step.
import {h, s, clear, setCrumbs, inTextField, download, icon, studyMark} from './dom.js';
import {api, LogWindow} from './api.js';
import * as store from './store.js';
import {Board, withPrinted} from './board.js';
import {renderStatus, renderBoxes, Log, renderResult, turnMarks, setSeatName} from './panels.js';
import {gameModule} from './games.js';
import {installBoard} from './symbols.js';

export async function replayPage(main, id) {
  setCrumbs(h('span', {}, 'Replay ', h('code', {}, id)));
  document.title = 'Replay · sandtable';
  let boardDoc, summary, game;
  try {
    [boardDoc, summary] = await Promise.all([api.board(id), api.summary(id)]);
    game = await gameModule(summary.game);
  } catch (e) {
    clear(main, h('div', {class: 'card error-card', role: 'alert'}, h('h1', {}, 'This game cannot be opened'),
      h('p', {}, e.message), h('p', {}, h('a', {href: '/'}, 'Back to the lobby'))));
    return;
  }
  setCrumbs(h('span', {}, 'Replay ', h('code', {}, id), ' ', studyMark(summary)));
  game.setBoard(boardDoc);
  setSeatName(game.seatName);
  installBoard(boardDoc);
  new ReplayPage(main, id, boardDoc, summary, game).start();
}

class ReplayPage {
  constructor(main, id, boardDoc, summary, game) {
    this.id = id;
    this.summary = summary;
    this.game = game;
    this.tokens = store.tokens(id);
    this.over = !!summary.result;
    this.steps = summary.version || 0;
    this.step = 0;
    this.seats = Object.keys(summary.seats || {});
    // Before the end a seat sees only its own view (a token's); after it,
    // any seat (as=).
    const held = Object.keys(this.tokens);
    this.as = this.over ? (held[0] || this.seats[0]) : null;
    this.token = held.length ? this.tokens[held[0]] : null;
    this.logWin = this.newLog();
    this.el = {
      status: h('section', {id: 'status', class: 'card status'}),
      result: h('section', {id: 'result', class: 'card result', hidden: true}),
      boxes: h('div', {id: 'boxes', class: 'boxes'}),
      log: h('ol', {id: 'log', class: 'log', tabindex: 0, 'aria-label': 'Game log'}),
      lastRoll: h('div', {id: 'last-roll', class: 'last-roll', hidden: true}),
      slider: h('input', {type: 'range', id: 'replay-slider', min: 0, max: this.steps, value: 0, 'aria-label': 'Step'}),
      counter: h('output', {id: 'replay-step', 'aria-live': 'polite'}),
      error: h('div', {id: 'error', class: 'error', role: 'alert', hidden: true}),
      estimates: h('section', {id: 'estimates', class: 'card estimates-card', hidden: true}),
    };
    const btn = (id, label, text, f) => h('button', {type: 'button', id, 'aria-label': label, title: label, onclick: f}, text);
    const e = this.el;
    const seatSel = this.over ? h('select', {id: 'replay-as', name: 'as', 'aria-label': 'See the game as'},
      [...this.seats, 'spectator'].map((s) => h('option', {value: s}, `as ${s === 'spectator' ? s : this.game.seatName(s)}`))) : null;
    if (seatSel) {
      seatSel.value = this.as;
      seatSel.addEventListener('change', () => { this.as = seatSel.value; this.logWin = this.newLog(); this.go(this.step, true); });
    }
    const controls = h('section', {class: 'card replay-controls', id: 'replay-controls', 'aria-label': 'Replay controls'},
      h('div', {class: 'replay-buttons'},
        btn('replay-start', 'Jump to the start (Home)', icon('first'), () => this.go(0)),
        btn('replay-back', 'One step back (←)', icon('prev'), () => this.go(this.step - 1)),
        btn('replay-play', 'Play or pause (Space)', icon('play'), () => this.toggle()),
        btn('replay-forward', 'One step forward (→)', icon('next'), () => this.go(this.step + 1)),
        btn('replay-end', 'Jump to the end (End)', icon('last'), () => this.go(this.steps))),
      e.slider, h('div', {class: 'replay-meta'}, e.counter, seatSel,
        this.over ? h('button', {type: 'button', id: 'export-record', class: 'secondary small', onclick: () => this.exportRecord()}, 'Download the record') : null,
        h('a', {href: `/play/${encodeURIComponent(id)}`, class: 'small'}, this.over ? 'Final position' : 'Back to the game')),
      e.error);
    let t = 0;
    e.slider.addEventListener('input', () => { clearTimeout(t); t = setTimeout(() => this.go(Number(e.slider.value)), 60); });
    const mapPane = h('section', {class: 'map-pane', id: 'map', tabindex: 0, 'aria-label': 'Map'});
    clear(main, h('div', {class: 'game-page replay'}, mapPane,
      h('aside', {class: 'side', id: 'panel'}, controls, e.estimates, e.result, e.status,
        h('section', {class: 'card log-card'}, h('h2', {}, 'Log'), e.lastRoll, e.log),
        h('section', {class: 'card boxes-card'}, h('h2', {}, 'Boxes'), e.boxes))));
    this.board = new Board(mapPane, boardDoc, game, {onStack: () => {}, onPlace: () => {}, onUnit: () => {}});
    this.log = new Log(e.log, (refs, on) => this.board.flash(refs, on), e.lastRoll);
    document.addEventListener('keydown', (ev) => this.key(ev));
    // The bots' estimates this browser may see (all, once the game has ended).
    api.estimates(id, this.token).then((r) => this.plot(r)).catch(() => {});
  }

  // plot draws the first seat's chance to win over the game, as the bots
  // estimated it: a bot's estimate for the other seat of a two-seat game
  // counts as one minus it. A click on the plot goes to that step.
  plot(r) {
    const first = (r.seats || [])[0];
    const pts = (r.estimates || []).filter((x) => x.seat === first || r.seats.length === 2)
      .map((x) => [x.version, x.seat === first ? x.p : 1 - x.p]);
    if (!pts.length) return;
    const W = 300, H = 90, steps = Math.max(1, this.steps);
    const X = (v) => (v / steps * W).toFixed(1), Y = (p) => ((1 - p) * H).toFixed(1);
    this.cursor = s('line', {class: 'plot-step', y1: 0, y2: H});
    const svg = s('svg', {viewBox: `0 0 ${W} ${H}`, class: 'estimates-plot', id: 'estimates-plot', role: 'img', preserveAspectRatio: 'none',
      'aria-label': `${this.game.seatName(first)} chance to win as the bots estimated it, over ${steps} steps, from ${Math.round(pts[0][1] * 100)}% to ${Math.round(pts[pts.length - 1][1] * 100)}%`},
    s('line', {class: 'plot-even', x1: 0, x2: W, y1: H / 2, y2: H / 2}),
    s('polyline', {class: 'plot-line', points: pts.map(([v, p]) => `${X(v)},${Y(p)}`).join(' ')}),
    this.cursor);
    svg.addEventListener('click', (ev) => {
      const b = svg.getBoundingClientRect();
      this.go(Math.round((ev.clientX - b.left) / b.width * steps));
    });
    clear(this.el.estimates, h('h2', {}, `${this.game.seatName(first)} chance to win`), svg,
      h('div', {class: 'plot-scale muted small'}, h('span', {}, 'step 0'), h('span', {}, 'the bots\' estimates; 50% dashed'), h('span', {}, `step ${steps}`)));
    this.el.estimates.hidden = false;
    this.moveCursor();
  }

  moveCursor() {
    if (!this.cursor) return;
    const x = (this.step / Math.max(1, this.steps) * 300).toFixed(1);
    this.cursor.setAttribute('x1', x);
    this.cursor.setAttribute('x2', x);
  }

  // newLog is a log window of the seat the replay shows. Older lines come
  // from the game's log: the log at a step is the start of the log at the end.
  newLog() {
    return new LogWindow((from, limit) => api.log(this.id, this.token, from, limit, this.over ? this.as : null));
  }

  // start opens at the step the address names (?step=N), else at the
  // start of a finished game or the end of one under way.
  start() {
    const q = new URLSearchParams(location.search).get('step') || '';
    this.go(/^\d+$/.test(q) ? Number(q) : this.over ? 0 : this.steps, true);
  }

  // go shows the view after the first n choices; only the latest request
  // counts when several are under way.
  async go(n, force = false) {
    n = Math.max(0, Math.min(this.steps, n));
    if (n === this.step && !force && this.shown) return;
    const prevLog = this.shown ? this.logWin.end : 0;
    const back = n < this.step;
    this.step = n;
    this.el.slider.value = n;
    this.el.counter.value = `step ${n} of ${this.steps}`;
    history.replaceState(null, '', `?step=${n}`);
    if (this.abort) this.abort.abort();
    const ctl = this.abort = new AbortController();
    try {
      const r = await api.replay(this.id, n, this.token, this.over ? this.as : null, this.logWin.end, ctl.signal);
      if (ctl !== this.abort) return;
      withPrinted(r.view, this.board.printed);
      this.logWin.take(r.view);
      this.steps = r.steps;
      this.el.slider.max = r.steps;
      this.el.counter.value = `step ${r.step} of ${r.steps}`;
      this.shown = r;
      this.el.error.hidden = true;
      this.render(back ? -1 : prevLog);
    } catch (e) {
      if (e.name === 'AbortError') return;
      this.el.error.hidden = false;
      this.el.error.textContent = e.message;
      this.pause();
    }
  }

  render(freshFrom) {
    const view = this.shown.view;
    const st = view.state || {};
    this.board.update(st);
    renderStatus(this.el.status, view, new Set(), null, null, true);
    renderBoxes(this.el.boxes, st, this.game, this.board.printed);
    this.log.set(this.logWin, freshFrom, turnMarks(st));
    this.el.result.hidden = !view.result;
    if (view.result) renderResult(this.el.result, view.result);
    document.querySelector('.game-page').dataset.step = this.shown.step;
    this.moveCursor();
  }

  toggle() {
    if (this.timer) this.pause();
    else {
      if (this.step >= this.steps) this.go(0);
      this.timer = setInterval(() => { if (this.step >= this.steps) this.pause(); else this.go(this.step + 1); }, 500);
      clear(document.getElementById('replay-play'), icon('pause'));
    }
  }

  pause() {
    clearInterval(this.timer);
    this.timer = 0;
    clear(document.getElementById('replay-play'), icon('play'));
  }

  async exportRecord() {
    try {
      download(`sandtable-${this.id}.json`, await api.record(this.id));
    } catch (e) {
      this.el.error.hidden = false;
      this.el.error.textContent = e.message;
    }
  }

  // key: ← → step, Home End jump, Space plays, + − 0 zoom.
  key(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || inTextField(ev)) return;
    const k = ev.key;
    const slider = ev.target === this.el.slider;
    if (k === 'ArrowLeft' && !slider) this.go(this.step - (ev.shiftKey ? 10 : 1));
    else if (k === 'ArrowRight' && !slider) this.go(this.step + (ev.shiftKey ? 10 : 1));
    else if (k === 'Home' && !slider) this.go(0);
    else if (k === 'End' && !slider) this.go(this.steps);
    else if (k === ' ' && !(ev.target instanceof HTMLButtonElement)) this.toggle();
    else if (k === '+' || k === '=') this.board.zoomBy(1.25);
    else if (k === '-') this.board.zoomBy(0.8);
    else if (k === '0') this.board.fitNext();
    else if (k === 'ArrowUp') this.board.panBy(0, 80);
    else if (k === 'ArrowDown') this.board.panBy(0, -80);
    else return;
    ev.preventDefault();
  }
}
