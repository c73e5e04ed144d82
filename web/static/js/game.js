// game.js: the game page, /play/{id}. It shows the view of the seat this
// browser plays (the seat to move, in a hotseat game that holds several
// tokens), highlights the legal choices on the map through their refs, and
// sends the one the player picks. It never decides what is legal: the
// engine lists every choice (docs/design.md section 1).
import {h, clear, setChildren, toast, ruleLink, setCrumbs, inTextField, copyText, download, plural, studyMark} from './dom.js';
import {api, Live, ApiError, serverNow} from './api.js';
import * as store from './store.js';
import * as setups from './setups.js';
import {Board, withPrinted} from './board.js';
import {counterIcon, describe} from './counter.js';
import {renderStatus, renderBoxes, Log, renderResult, sideBadge, stepName, turnMarks, setSeatName} from './panels.js';
import {gameModule, gameName} from './games.js';
import {installBoard} from './symbols.js';

export async function gamePage(main, id) {
  setCrumbs(h('span', {}, 'Game ', h('code', {}, id)));
  const fragToken = store.takeFragmentToken();
  if (fragToken) await adoptToken(id, fragToken);
  let board, summary, game, name;
  try {
    [board, summary] = await Promise.all([api.board(id), api.summary(id)]);
    [game, name] = await Promise.all([gameModule(summary.game), gameName(summary.game)]);
  } catch (e) {
    clear(main, h('div', {class: 'card error-card', role: 'alert'}, h('h1', {}, 'This game cannot be opened'),
      h('p', {}, e.message), h('p', {}, h('a', {href: '/'}, 'Back to the lobby'))));
    return;
  }
  // A chosen seed lets its chooser foresee the dice: say so to the other players.
  const humans = Object.values(summary.seats || {}).filter((k) => k === 'human').length;
  if (summary.seed_chosen && humans > 1 && Object.keys(store.tokens(id)).length < humans) {
    toast('The creator of this game chose its seed and can foresee the dice.', 'error');
  }
  setCrumbs(h('span', {}, 'Game ', h('code', {}, id), ' ', studyMark(summary)));
  game.setBoard(board);
  setSeatName(game.seatName);
  installBoard(board);
  new GamePage(main, id, board, summary, game, name).start();
}

// adoptToken stores a token from an invite link under the seat it proves.
async function adoptToken(id, token) {
  try {
    const v = await api.view(id, token);
    if (v.seat && v.seat !== 'spectator') {
      store.addToken(id, v.seat, token);
      const game = await gameModule((await api.summary(id)).game);
      toast(`This browser now plays ${game.seatName(v.seat)} in this game`);
    }
  } catch (e) {
    toast(e.status === 401 ? 'That invite link is not valid for this game; you are watching.' : e.message, 'error');
  }
}

class GamePage {
  constructor(main, id, boardDoc, summary, game, name) {
    this.main = main;
    this.id = id;
    this.summary = summary;
    this.game = game; // the game's client module (games.js)
    this.name = name; // the game's name in the catalog
    this.tokens = store.tokens(id);
    this.seats = Object.keys(summary.seats || {});
    this.mine = new Set(Object.keys(this.tokens));
    this.views = {}; // seat -> {version, seat, view, can_undo, deadline}
    this.shown = null; // the seat whose view is to be on screen
    this.current = null; // that view, drawn at the next animation frame
    this.drawn = null; // the view on screen: what the player sees and acts on
    this.pending = null; // {version} while a submission waits for its view
    this.undoRefused = -1; // the version at which the server refused to undo
    this.curtain = false; // the hotseat privacy screen is up
    this.trail = []; // our choices since the impulse began: {id, label, refs, version}
    this.resultShown = false;
    if (this.mine.size) store.remember(id, {game: summary.game, scenario: summary.scenario, seats: summary.seats});
    this.layout(boardDoc);
  }

  layout(boardDoc) {
    const mapPane = h('section', {class: 'map-pane', id: 'map', tabindex: 0,
      'aria-label': 'Map. Drag or use the arrow keys to pan, the wheel or + and − to zoom.'});
    this.el = {
      status: h('section', {id: 'status', class: 'card status', 'aria-live': 'polite', 'aria-label': 'Game status'}),
      result: h('section', {id: 'result', class: 'card result', hidden: true, 'aria-live': 'polite'}),
      prompt: h('div', {id: 'prompt', class: 'prompt', 'aria-live': 'polite'}),
      choices: h('div', {id: 'choices', class: 'choices', role: 'group', 'aria-label': 'Your choices'}),
      controls: h('div', {id: 'game-controls', class: 'game-controls'}),
      setups: h('div', {id: 'setups', class: 'setups'}),
      saveSetups: h('span', {id: 'save-setups'}),
      ending: h('div', {id: 'ending', class: 'ending'}),
      offer: h('div', {id: 'offer', class: 'ending'}),
      archived: h('section', {class: 'card notice', id: 'archived-note', role: 'status', hidden: true},
        'This game was archived after a long time without a move: it can be read and replayed, no longer played.'),
      undo: h('button', {id: 'undo', type: 'button', class: 'secondary', hidden: true, 'aria-label': 'Undo your last choice (U)',
        onclick: () => this.undo()}, '↶ Undo'),
      error: h('div', {id: 'error', class: 'error', role: 'alert', hidden: true}),
      hintButton: h('button', {id: 'hint-button', type: 'button', class: 'secondary small', hidden: true, 'aria-label': 'Ask the bot for a hint (H)',
        onclick: () => this.askHint()}, 'Hint'),
      hint: h('div', {id: 'hint', class: 'hint-box', 'aria-live': 'polite'}),
      conn: h('span', {id: 'conn', class: 'conn', title: 'Connection to the server'}, 'connecting'),
      boxes: h('div', {id: 'boxes', class: 'boxes'}),
      log: h('ol', {id: 'log', class: 'log', tabindex: 0, 'aria-label': 'Game log'}),
      lastRoll: h('div', {id: 'last-roll', class: 'last-roll', hidden: true, 'aria-live': 'polite'}),
    };
    const e = this.el;
    const links = h('div', {class: 'game-links'},
      h('a', {href: `/replay/${encodeURIComponent(this.id)}`, id: 'replay-link'}, 'Replay'),
      h('button', {type: 'button', class: 'linklike', id: 'copy-spectator',
        onclick: () => copyText(`${location.origin}/play/${this.id}`)}, 'Copy spectator link'),
      this.inviteLinks(), this.seatLinks(), e.saveSetups);
    // The server's word on this game, such as its move to newer rules (docs/formats.md, Versions).
    const notice = this.summary.notice ? h('section', {class: 'card notice', id: 'notice', role: 'status'}, this.summary.notice) : null;
    const side = h('aside', {class: 'side', id: 'panel'},
      notice, e.archived, e.result, e.status,
      h('section', {class: 'card turn', id: 'turn', tabindex: -1, 'aria-label': 'What to do'},
        e.offer, e.prompt, e.error, e.controls, e.setups, h('div', {class: 'hint-row'}, e.hintButton, e.hint), e.choices, e.ending, h('div', {class: 'turn-foot'}, e.undo, e.conn)),
      h('section', {class: 'card log-card'}, h('h2', {}, 'Log'), e.lastRoll, e.log),
      h('section', {class: 'card boxes-card'}, h('h2', {}, 'Boxes'), e.boxes, links));
    clear(this.main, h('div', {class: 'game-page'}, mapPane, side));
    const skip = document.querySelector('.skip');
    if (skip) { skip.href = '#turn'; skip.textContent = 'Skip to your choices'; }
    this.board = new Board(mapPane, boardDoc, this.game, {
      onPlace: (pid) => this.clickPlace(pid),
      onUnit: (uid, pid) => this.clickUnit(uid, pid),
      onStack: (pid) => this.openStack(pid),
    });
    this.log = new Log(e.log, (refs, on) => this.board.flash(refs, on), e.lastRoll);
    document.addEventListener('keydown', (ev) => this.key(ev));
    e.choices.addEventListener('pointerover', (ev) => this.previewChoice(ev, true));
    e.choices.addEventListener('pointerout', (ev) => this.previewChoice(ev, false));
    e.choices.addEventListener('focusin', (ev) => this.previewChoice(ev, true));
    e.choices.addEventListener('focusout', (ev) => this.previewChoice(ev, false));
  }

  inviteLinks() {
    const inv = (store.entry(this.id) || {}).invites || {};
    const seats = Object.keys(inv);
    if (!seats.length) return null;
    return h('span', {class: 'invites'}, seats.map((seat) =>
      h('button', {type: 'button', class: 'linklike', onclick: () => copyText(inv[seat])}, `Copy ${this.game.seatName(seat)} invite`)));
  }

  // seatLinks offers the link of each seat this browser plays: opened in
  // another browser, or here after the storage was cleared, it takes the
  // seat back (hotseat players keep one each).
  seatLinks() {
    return [...this.mine].map((seat) => h('button', {type: 'button', class: 'linklike', 'data-seat-link': seat,
      title: 'Whoever has this link plays the seat: keep it private',
      onclick: async () => {
        try {
          copyText((await api.link(this.id, this.tokens[seat])).link);
        } catch (e) {
          this.showError(e.message);
        }
      }}, `Copy ${this.game.seatName(seat)} seat link`));
  }

  // start opens one live connection per seat held (or one as a spectator).
  start() {
    const seats = this.mine.size ? [...this.mine] : ['spectator'];
    this.lives = seats.map((seat) => {
      const live = new Live(this.id, this.tokens[seat] || null, (m) => this.onView(m), (st) => this.onConn(seat, st));
      live.onError = (err) => this.onLiveError(err);
      return live;
    });
    this.lives.forEach((l) => l.start());
    window.addEventListener('pagehide', () => this.lives.forEach((l) => l.stop()), {once: true});
  }

  onConn(seat, st) {
    this.connState = {...this.connState, [seat]: st};
    const all = Object.values(this.connState);
    const s = all.every((x) => x === 'live') ? 'live' : all.includes('polling') ? 'polling' : 'connecting';
    this.el.conn.textContent = {live: '● live', polling: '◌ reconnecting (polling)', connecting: '◌ connecting'}[s];
    this.el.conn.dataset.state = s;
  }

  onLiveError(err) {
    if (err.status === 401) this.showError('This browser\'s seat token is not accepted for this game. You may be watching only.');
    else if (err.code !== 'network') this.showError(err.message);
  }

  // onView receives a view of one of our seats and decides what to show.
  onView(m) {
    withPrinted(m.view, this.board.printed);
    const seat = m.seat || 'spectator';
    this.views[seat] = m;
    const fresh = Object.values(this.views).reduce((a, b) => (b.version > a.version ? b : a));
    const toMove = fresh.view.to_move;
    let show = fresh.seat;
    if (toMove && this.views[toMove]) {
      if (this.views[toMove].version === fresh.version) show = toMove;
      else {
        // The seat to move is ours but its view is behind: its push is on
        // the way. Keep the screen as it is until it comes (or fetch it).
        clearTimeout(this.catchUp);
        this.catchUp = setTimeout(() => this.lives.find((l) => l.token === this.tokens[toMove])?.refresh(), 400);
        if (this.current) return;
      }
    } else if (this.shown && this.views[this.shown] && this.views[this.shown].version === fresh.version) {
      show = this.shown;
    }
    // Hotseat: the player a draw is offered to sees their own view to answer.
    // Once answered, the screen goes back to the player to move, behind the screen.
    if (this.answering) {
      const v = this.views[this.answering];
      if (v && v.draw_offer && v.version === fresh.version) show = this.answering;
      else {
        this.answering = null;
        if (show !== this.shown && !fresh.view.result) this.curtain = true;
      }
    }
    if (this.pending && fresh.version !== this.pending.from) this.pending = null;
    const handover = this.shown && show !== this.shown && this.current && this.current.version !== this.views[show].version;
    if (handover && this.mine.size > 1 && !this.views[show].view.result) {
      // Hotseat: the next player must not see what the last one may hide
      // (an ended game hides nothing).
      const secret = [this.current, this.views[show]].some((m) => this.game.hidesInfo(m.view.state?.step, this.summary.options));
      if (secret) this.curtain = true;
      else toast(`Now playing ${this.game.seatName(show)}`);
    }
    this.shown = show;
    this.current = this.views[show];
    this.schedule();
  }

  // schedule draws the newest view at the next animation frame, once
  // however many views came meanwhile. A hidden tab has no frames: there
  // the timer draws it (so the title says whose move it is).
  schedule() {
    if (this.frame) return;
    const draw = () => {
      if (this.frame !== draw) return;
      this.frame = null;
      this.render();
    };
    this.frame = draw;
    requestAnimationFrame(draw);
    setTimeout(draw, 250);
  }

  // render shows this.current, unless it is the view on screen already
  // (a push per seat in hotseat, a refresh after a push). What may change
  // without a new view (Undo, pending) is brought up to date in any case.
  render() {
    if (this.curtain) return this.showCurtain();
    const m = this.current;
    if (!sameView(m, this.drawn)) this.draw(m);
    this.renderUndo(m.version);
    this.showPending();
  }

  draw(m) {
    this.drawn = m;
    const {view, version} = m;
    const st = view.state || {};
    const readOnly = m.archived || this.summary.archived;
    const choices = readOnly ? [] : view.choices || [];
    this.el.archived.hidden = !readOnly;
    const hl = {places: new Set(), units: new Set()};
    this.byPlace = new Map();
    this.byUnit = new Map();
    for (const c of choices) {
      for (const r of c.refs || []) {
        const [kind, ref] = splitRef(r);
        const map = kind === 'unit' ? this.byUnit : this.byPlace;
        (kind === 'unit' ? hl.units : hl.places).add(ref);
        if (!map.has(ref)) map.set(ref, []);
        map.get(ref).push(c);
      }
    }
    this.log.set(m.log, -1, turnMarks(st)); // first: it reads the log's scroll position while the layout is clean
    this.updateTrail(version, st);
    this.board.update(st, hl);
    // The seat on screen answers a draw offer when it is ours and did not make it.
    const answering = m.draw_offer && m.draw_offer !== m.seat && this.tokens[m.seat] ? m.seat : null;
    const statusKey = JSON.stringify([view.to_move, view.result, m.deadline, answering, {...st, units: null}]);
    if (statusKey !== this.statusKey) {
      this.statusKey = statusKey;
      renderStatus(this.el.status, view, this.mine, this.clock(), answering);
    }
    renderBoxes(this.el.boxes, st, this.game, this.board.printed, hl.units, (uid) => this.clickUnit(uid, null));
    this.renderPrompt(view, choices);
    this.renderChoices(choices, view);
    this.renderHint(m, choices);
    // A game module may add controls of its own (games.js controls).
    clear(this.el.controls, readOnly ? null : this.game.controls(view, (id) => this.choose(id)));
    this.renderSetups(m, readOnly);
    this.renderEnding(m, readOnly);
    this.renderResult(view);
    const myMove = view.to_move && this.mine.has(view.to_move);
    document.title = `${myMove ? '● Your move · ' : ''}${this.name} · sandtable`;
    this.main.querySelector('.game-page').dataset.version = version;
    this.closeOverlays(true);
  }

  // updateTrail keeps our choices of this impulse while each new view is the
  // one our own last choice led to; anything else starts it afresh.
  updateTrail(version, st) {
    const last = this.trail[this.trail.length - 1];
    if (!last || last.version !== version || last.seat !== this.shown || st.step === 'impulse') this.trail = [];
  }

  // showCurtain covers the page until the next hotseat player presses on.
  showCurtain() {
    const seat = this.curtainFor || this.shown;
    let el = document.getElementById('handover');
    if (!el) {
      el = h('div', {class: 'curtain', id: 'handover', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handover-title'},
        h('button', {type: 'button', id: 'handover-continue', class: 'curtain-card', onclick: () => this.liftCurtain()},
          h('span', {class: 'curtain-title', id: 'handover-title'}), h('span', {class: 'curtain-hint'}, 'Press to continue (Enter)')));
      this.closeOverlays();
      document.getElementById('result-overlay')?.remove();
      document.body.append(el);
      this.main.querySelector('.game-page').inert = true;
    }
    el.querySelector('.curtain-title').textContent = `Pass the device to the ${this.game.seatName(seat)} player`;
    el.dataset.seat = seat;
    el.querySelector('button').focus();
  }

  liftCurtain() {
    if (!this.curtain) return;
    this.curtain = false;
    this.curtainFor = null;
    document.getElementById('handover')?.remove();
    this.main.querySelector('.game-page').inert = false;
    this.render();
    this.el.prompt.closest('#turn')?.focus({preventScroll: true});
  }

  // clock is the time left on the reaction clock (soa:8.17) while the
  // server runs it, counted down each quarter second; null otherwise.
  clock() {
    clearInterval(this.clockTimer);
    const dl = this.drawn.deadline;
    if (!dl) return null;
    if (!this.clockSeen || this.clockSeen.dl !== dl) this.clockSeen = {dl, at: Date.now()};
    const since = this.clockSeen.at;
    const limit = 1000 * Number(this.summary.options?.reaction) || Infinity; // no longer than the option
    const el = h('strong', {id: 'clock', class: 'clock', 'data-deadline': dl});
    const tick = () => {
      const left = Math.min(Date.parse(dl.replace(/(\.\d{3})\d+/, '$1')) - serverNow(), limit - (Date.now() - since));
      const secs = Math.max(0, Math.ceil(left / 1000));
      el.textContent = secs ? `${secs} s` : 'time is up';
      el.classList.toggle('urgent', secs <= 5);
    };
    tick();
    this.clockTimer = setInterval(tick, 250);
    return el;
  }

  renderPrompt(view, choices) {
    const st = view.state || {};
    const e = this.el.prompt;
    if (view.result) return clear(e, h('strong', {}, 'The game is over.'), ' ', view.result.text || '');
    // The view's prompt: what the step asks of this seat, or whom the game
    // waits for (a game that does not say gets the step's name).
    const prompt = st.prompt || {};
    if (!choices.length) {
      const who = view.to_move ? this.game.seatName(view.to_move) : '?';
      return clear(e, h('span', {class: 'spinner', 'aria-hidden': 'true'}),
        prompt.text || (this.mine.size ? `Waiting for ${who}…` : `Watching: ${who} to move`), ' ', ruleLink(prompt.rule));
    }
    const rule = prompt.rule || mostCommon(choices.map((c) => c.rule));
    const text = prompt.text || `Choose: ${stepName(st.step)}`;
    // A unit the choices are about that is not on the map (being set up) is shown below.
    const unit = commonUnit(choices);
    const u = unit && (st.units || []).find((x) => x.id === unit);
    const printed = unit && this.board.printed.get(unit);
    const hasRefs = choices.some((c) => (c.refs || []).length);
    const trail = this.trail.slice(-4).map((c) => c.label);
    clear(e,
      // The newest steps of a long trail, so that the choices below stay in sight; the whole one in the title.
      trail.length ? h('div', {class: 'trail', id: 'trail', title: trail.join(' › ')}, h('span', {class: 'muted'}, 'So far: '),
        (trail.length > 2 ? ['…', ...trail.slice(-2)] : trail).join(' › ')) : null,
      h('div', {class: 'prompt-main'}, h('strong', {}, text), ' ', ruleLink(rule)),
      printed && !u ? h('div', {class: 'prompt-unit'}, counterIcon(this.game, {...printed, at: 'pool'}, this.board.printed, 40), h('span', {}, describe(this.game, printed))) : null,
      h('div', {class: 'muted small hint'}, hasRefs ? 'Click the map or pick below (keys 1–9).' : 'Pick below (keys 1–9).'));
  }

  // renderChoices lists every choice as a button. When the choices on the
  // map share the start of their labels ("Act with units in …"), it is
  // written once above them; the game module may shorten a label whose rest
  // its controls show (games.js choiceLabel; the button's title and
  // aria-label keep it whole). A button that looks the same as in the last
  // drawing is kept, so that a click on it is not lost to a redraw.
  renderChoices(choices, view) {
    const e = this.el.choices;
    const rule = mostCommon(choices.map((c) => c.rule));
    // The game's choices that do much at once come first, under a head.
    const quick = new Set(this.game.quickChoices(choices).map((c) => c.id));
    const mapped = choices.filter((c) => (c.refs || []).length && !quick.has(c.id));
    const prefix = mapped.length >= 3 ? commonPrefix(mapped.map((c) => c.label)) : '';
    const old = this.choiceEls || new Map();
    this.choiceEls = new Map();
    const keep = (key, build) => {
      const el = old.get(key) || build();
      this.choiceEls.set(key, el);
      return el;
    };
    let headed = false;
    const first = quick.size ? [keep('head|quick', () => h('div', {class: 'choice-head', id: 'quick-head'}, 'Many at once:'))] : [];
    const nodes = [];
    // Keys 1–9 go by the order on screen: the quick choices first.
    this.keyed = choices.filter((c) => quick.has(c.id)).concat(choices.filter((c) => !quick.has(c.id)));
    this.keyed.forEach((c, i) => {
      const ref = (c.refs || []).length > 0;
      const isQuick = quick.has(c.id);
      const shown = this.game.choiceLabel(c, view);
      const cut = prefix && shown.startsWith(prefix) && ref && !isQuick;
      if (cut && !headed) {
        headed = true;
        nodes.push(keep(`head|${prefix}`, () => h('div', {class: 'choice-head'}, prefix.trim(), ' …')));
      }
      const label = cut ? shown.slice(prefix.length) : shown;
      const ownRule = c.rule && c.rule !== rule ? c.rule.replace(/^\w+:/, '') : '';
      (isQuick ? first : nodes).push(keep(JSON.stringify([c.id, c.label, c.rule, label, ownRule, ref, isQuick, Math.min(i, 9)]), () =>
        h('button', {type: 'button', class: `choice${ref ? ' has-ref' : ''}${isQuick ? ' quick' : ''}`, 'data-choice': c.id,
          'aria-label': `${c.label}${c.rule ? ` (rule ${c.rule})` : ''}${i < 9 ? `, key ${i + 1}` : ''}`,
          'aria-keyshortcuts': i < 9 ? String(i + 1) : null, title: shown !== c.label ? c.label : null, onclick: () => this.choose(c.id)},
        i < 9 ? h('kbd', {}, String(i + 1)) : h('span', {class: 'kbd-pad'}),
        h('span', {class: 'choice-label'}, label),
        ownRule ? h('span', {class: 'choice-rule'}, ownRule) : null)));
    });
    setChildren(e, first.concat(nodes));
    e.hidden = !choices.length;
  }

  // renderUndo offers Undo when the server says (can_undo) that one of our
  // seats may take back the last choice.
  renderUndo(version) {
    const seat = Object.keys(this.views).find((s) => this.tokens[s] && this.views[s].version === version && this.views[s].can_undo);
    this.el.undo.hidden = !seat || this.undoRefused === version;
    this.undoSeat = seat;
  }

  renderResult(view) {
    const e = this.el.result;
    if (!view.result) { e.hidden = true; return; }
    e.hidden = false;
    renderResult(e, view.result, [this.resultActions()]);
    if (!this.resultShown) {
      this.resultShown = true;
      const dlg = h('div', {class: 'overlay', id: 'result-overlay', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'result-title'},
        renderResult(h('div', {class: 'dialog result'}), view.result, [this.resultActions(true)]));
      dlg.querySelector('h2').id = 'result-title';
      dlg.addEventListener('click', (ev) => { if (ev.target === dlg) dlg.remove(); });
      document.body.append(dlg);
      dlg.querySelector('button, a')?.focus();
    }
  }

  resultActions(inDialog = false) {
    return h('div', {class: 'actions'},
      h('a', {class: 'button', href: `/replay/${encodeURIComponent(this.id)}`}, 'Replay the game'),
      h('button', {type: 'button', class: 'secondary', onclick: () => this.exportRecord()}, 'Download the record'),
      h('a', {class: 'button secondary', href: '/'}, 'Lobby'),
      inDialog ? h('button', {type: 'button', class: 'secondary', onclick: () => document.getElementById('result-overlay')?.remove()}, 'Look at the board') : null);
  }

  async exportRecord() {
    try {
      download(`sandtable-${this.id}.json`, await api.record(this.id));
    } catch (e) {
      this.showError(e.message);
    }
  }

  // ---- acting ----

  async choose(choiceId) {
    if (this.pending || !this.drawn) return;
    const {view, version, seat} = this.drawn;
    if (!(view.choices || []).some((c) => c.id === choiceId)) return;
    const token = this.tokens[seat];
    this.closeOverlays();
    this.hideError();
    this.setPending(version);
    // The view our choice leads to may be pushed before the answer comes:
    // the trail expects it already (a choice adds one to the version).
    const c = view.choices.find((x) => x.id === choiceId);
    this.trail.push({...c, version: version + 1, seat});
    try {
      const r = await api.choose(this.id, token, version, choiceId);
      if (this.game.isSetup(view.state?.step)) setups.record(this.id, seat, version, r.made); // a macro's placements, one version each
      this.expect(r.version);
    } catch (e) {
      this.trail = this.trail.filter((x) => x.version <= version);
      this.setPending(null);
      this.failed(e);
    }
  }

  async undo() {
    if (this.pending || !this.drawn) return;
    const seat = this.undoSeat;
    const version = this.drawn.version;
    if (!seat || !this.tokens[seat]) return;
    this.hideError();
    this.setPending(version);
    try {
      const r = await api.undo(this.id, this.tokens[seat], version);
      this.trail = this.trail.filter((c) => c.version <= r.version);
      this.expect(r.version, true);
      toast('Your last choice was taken back');
    } catch (e) {
      this.setPending(null);
      if (e.code === 'cannot_undo') {
        this.undoRefused = version;
        this.el.undo.hidden = true;
      }
      this.failed(e);
    }
  }

  // ---- hints (a game created with hints, docs/api.md) ----

  // renderHint offers a hint to the seat on screen when it is ours and to
  // choose, and keeps the hint it got while the game stays at its version.
  renderHint(m, choices) {
    const mine = this.summary.hints && this.tokens[m.seat] && m.view.to_move === m.seat && choices.length > 0;
    this.el.hintButton.hidden = !mine;
    const old = this.hinted;
    if (old && (old.version !== m.version || old.seat !== m.seat)) {
      this.hinted = null;
      clear(this.el.hint);
      this.board.flash([], false); // its refs are of a position gone
    }
    this.showHint();
  }

  async askHint() {
    if (!this.drawn || this.el.hintButton.hidden || this.asking) return;
    const {version, seat} = this.drawn;
    this.asking = true;
    this.el.hintButton.disabled = true;
    clear(this.el.hint, h('span', {class: 'spinner', 'aria-hidden': 'true'}), ' The bot is thinking…');
    try {
      const r = await api.hint(this.id, this.tokens[seat], version);
      if (this.drawn.version !== r.version || this.drawn.seat !== seat) {
        clear(this.el.hint); // the game moved on meanwhile
        return;
      }
      this.hinted = {...r, seat};
      this.showHint();
    } catch (e) {
      clear(this.el.hint);
      if (e.code === 'stale_version') this.failed(e);
      else this.showError(`No hint: ${e.message}`);
    } finally {
      this.asking = false;
      this.el.hintButton.disabled = false;
    }
  }

  // showHint writes the hint, marks its choice and lights its refs on the map.
  showHint() {
    this.el.choices.querySelectorAll('button.hinted').forEach((b) => b.classList.remove('hinted'));
    const r = this.hinted;
    if (!r) return;
    this.el.choices.querySelector(`button[data-choice="${CSS.escape(r.choice.id)}"]`)?.classList.add('hinted');
    clear(this.el.hint, h('span', {}, 'Suggested: ', h('strong', {id: 'hint-choice', 'data-choice': r.choice.id}, r.choice.label), ' ', ruleLink(r.choice.rule)),
      typeof r.estimate === 'number' ? h('span', {id: 'hint-estimate', class: 'muted'}, ` · ${Math.round(r.estimate * 100)}% to win, the bot estimates`) : null);
    this.board.flash(r.choice.refs || [], true);
  }

  // ---- set-ups saved in this browser (setups.js) ----

  // renderSetups offers a seat of ours that is setting up the set-ups saved
  // for its side, and a seat that has made set-up choices to save them.
  renderSetups(m, readOnly) {
    const rows = [];
    const step = m.view.state?.step;
    if (!readOnly && !m.view.result) {
      const seat = this.tokens[m.seat] && m.view.to_move === m.seat && this.game.isSetup(step) ? m.seat : null;
      const names = seat ? setups.saved(this.summary, seat) : [];
      if (names.length) {
        const pick = h('select', {id: 'setup-pick', 'aria-label': 'Saved set-up'}, names.map((n) => h('option', {value: n}, n)));
        rows.push(h('div', {class: 'setup-row'}, h('span', {class: 'muted small'}, 'Saved set-ups:'), pick,
          h('button', {type: 'button', class: 'secondary', id: 'setup-load', onclick: () => this.loadSetup(seat, pick.value)}, 'Load')));
      }
    }
    clear(this.el.setups, rows);
    // Each seat of ours that has set up may keep its set-up, by the game's links.
    clear(this.el.saveSetups, [...this.mine].map((seat) => {
      const made = setups.made(this.id, seat);
      if (!made.length || (this.game.isSetup(step) && m.view.to_move === seat)) return null; // kept once complete
      return h('button', {type: 'button', class: 'linklike', id: `setup-save-${seat}`, onclick: () => this.saveSetup(seat, made)},
        `Save the ${this.game.seatName(seat)} set-up`);
    }));
  }

  saveSetup(seat, made) {
    const name = h('input', {type: 'text', id: 'setup-name', value: `${this.game.seatName(seat)} set-up`, size: 20, 'aria-label': 'Name'});
    const save = () => {
      const n = name.value.trim() || `${this.game.seatName(seat)} set-up`;
      setups.keep(this.summary, seat, n, made);
      this.closeOverlays();
      toast(`The ${this.game.seatName(seat)} set-up is saved in this browser as “${n}”`);
    };
    name.addEventListener('keydown', (ev) => { if (ev.key === 'Enter') save(); });
    this.overlay(h('div', {class: 'overlay', id: 'setup-overlay'},
      h('div', {class: 'dialog', id: 'setup-dialog', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'setup-title'},
        h('h2', {id: 'setup-title'}, `Save the ${this.game.seatName(seat)} set-up`),
        h('p', {}, `Its ${plural(made.length, 'choice')} are kept in this browser; a new game can load them in one step while the ${this.game.seatName(seat)} side sets up.`),
        h('label', {}, 'Name ', name),
        h('div', {class: 'actions'},
          h('button', {type: 'button', class: 'secondary', id: 'setup-cancel', onclick: () => this.closeOverlays()}, 'Cancel'),
          h('button', {type: 'button', id: 'setup-save', onclick: save}, 'Save')))));
    name.focus();
    name.select();
  }

  // loadSetup sends a saved set-up as one batch: the server makes all of it
  // or none, and says which choice it refused.
  async loadSetup(seat, name) {
    const list = setups.get(this.summary, seat, name);
    if (!list || this.pending || !this.drawn) return;
    const version = this.drawn.version;
    this.hideError();
    this.setPending(version);
    try {
      const r = await api.batch(this.id, this.tokens[seat], version, list);
      setups.record(this.id, seat, version, r.made);
      this.expect(r.version);
    } catch (e) {
      this.setPending(null);
      this.showError(`The set-up “${name}” was not loaded: ${e.message}`);
    }
  }

  // ---- resigning and draws (docs/api.md) ----

  // renderEnding offers the seat on screen, when it is ours, to resign or
  // offer a draw, and a seat of ours that did not make a standing offer to
  // answer it.
  renderEnding(m, readOnly) {
    const seat = this.tokens[m.seat] ? m.seat : null;
    if (readOnly || m.view.result || !seat) {
      clear(this.el.ending);
      clear(this.el.offer);
      return;
    }
    const offer = m.draw_offer;
    const answerer = offer && [...this.mine].find((x) => x !== offer);
    clear(this.el.offer,
      offer && answerer ? h('div', {class: 'draw-offer', id: 'draw-offer', role: 'alert'},
        h('strong', {}, `The ${this.game.seatName(offer)} player offers a draw.`),
        h('div', {class: 'actions'},
          h('button', {type: 'button', id: 'draw-accept', onclick: () => this.answerDraw(answerer, 'accept')}, 'Accept the draw'),
          h('button', {type: 'button', class: 'secondary', id: 'draw-decline', onclick: () => this.answerDraw(answerer, 'decline')}, 'Decline'))) : null);
    clear(this.el.ending,
      offer && !answerer ? h('p', {class: 'muted small', id: 'draw-offered'}, 'You offered a draw; the other side has not answered yet.') : null,
      h('div', {class: 'ending-actions'},
        offer ? null : h('button', {type: 'button', class: 'linklike', id: 'offer-draw', onclick: () => this.answerDraw(seat, 'offer')}, 'Offer a draw'),
        h('button', {type: 'button', class: 'linklike', id: 'resign', onclick: () => this.confirmResign(seat)}, 'Resign…')));
  }

  confirmResign(seat) {
    const close = () => this.closeOverlays();
    this.overlay(h('div', {class: 'overlay', id: 'resign-overlay'},
      h('div', {class: 'dialog', id: 'resign-dialog', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'resign-title'},
        h('h2', {id: 'resign-title'}, `Resign as ${this.game.seatName(seat)}?`),
        h('p', {}, 'The game ends at once and the other side wins. This cannot be undone.'),
        h('div', {class: 'actions'},
          h('button', {type: 'button', class: 'secondary', id: 'resign-cancel', onclick: close}, 'Keep playing'),
          h('button', {type: 'button', class: 'danger', id: 'resign-confirm', onclick: () => {
            close();
            this.ending(seat, (token, version) => api.resign(this.id, token, version));
          }}, 'Resign')))));
  }

  // answerDraw offers, accepts or declines a draw. At the hotseat the offer
  // goes to the other player behind the privacy screen.
  answerDraw(seat, answer) {
    return this.ending(seat, async (token, version) => {
      await api.draw(this.id, token, version, answer);
      if (answer === 'offer' && this.mine.size > 1) {
        this.curtainFor = this.answering = [...this.mine].find((x) => x !== seat);
        this.curtain = true;
        this.closeOverlays(true);
        this.schedule();
      }
    });
  }

  async ending(seat, call) {
    if (this.pending || !this.drawn) return;
    this.hideError();
    try {
      await call(this.tokens[seat], this.drawn.version);
      this.refreshAll();
    } catch (e) {
      this.failed(e);
    }
  }

  // expect waits for the view after a submission: pushed by the server, or
  // fetched if no push arrives soon (no WebSocket, or a slow one).
  expect(version, undo = false) {
    clearTimeout(this.expectTimer);
    this.expectTimer = setTimeout(() => {
      if (!this.current || (undo ? this.current.version !== version : this.current.version < version)) this.refreshAll();
    }, 1200);
  }

  refreshAll() {
    this.lives.forEach((l) => l.refresh());
  }

  setPending(version) {
    this.pending = version === null ? null : {from: version};
    this.showPending();
  }

  // showPending disables the choices and Undo while a submission waits.
  showPending() {
    const on = !!this.pending;
    this.el.choices.querySelectorAll('button').forEach((b) => { b.disabled = on; });
    this.el.undo.disabled = on;
    this.main.querySelector('.game-page').classList.toggle('pending', on);
  }

  failed(e) {
    if (e.code === 'stale_version') {
      toast('The game had moved on: here is the current position.');
      this.refreshAll();
      return;
    }
    this.showError(e.message + (e.code && e.code !== 'network' ? ` (${e.code})` : ''));
    if (e instanceof ApiError && e.status !== 0) this.refreshAll();
  }

  showError(text) {
    this.el.error.hidden = false;
    clear(this.el.error, h('span', {}, text), h('button', {type: 'button', class: 'close', 'aria-label': 'Dismiss the message', onclick: () => this.hideError()}, '×'));
  }

  hideError() { this.el.error.hidden = true; }

  // ---- the map ----

  clickPlace(pid) {
    const list = this.byPlace.get(pid) || [];
    if (list.length === 1) return this.choose(list[0].id);
    if (list.length > 1) return this.menu(list, `${pid} ${this.board.place(pid)?.name || ''}`);
    if (this.board.unitsAt(pid).length) return this.openStack(pid);
  }

  // clickUnit: a counter a choice refers to applies that choice; another
  // counter acts for its place, or opens its stack.
  clickUnit(uid, pid) {
    const list = this.byUnit.get(uid) || [];
    if (list.length === 1) return this.choose(list[0].id);
    if (list.length > 1) {
      const u = (this.drawn.view.state.units || []).find((x) => x.id === uid);
      return this.menu(list, u ? u.name : uid);
    }
    if (pid && (this.byPlace.get(pid) || []).length) return this.clickPlace(pid);
    if (pid) this.openStack(pid);
  }

  // menu shows the choices that refer to one thing, as buttons.
  menu(list, title) {
    this.closeOverlays();
    const m = h('div', {class: 'overlay', id: 'choice-menu-overlay'},
      h('div', {class: 'dialog menu', id: 'choice-menu', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Choices for ${title}`},
        h('h2', {}, title),
        list.map((c, i) => h('button', {type: 'button', class: 'choice', 'data-choice': c.id, onclick: () => this.choose(c.id)},
          h('kbd', {}, String(i + 1)), h('span', {class: 'choice-label'}, c.label))),
        h('button', {type: 'button', class: 'secondary', onclick: () => this.closeOverlays()}, 'Cancel (Esc)')));
    m.addEventListener('click', (ev) => { if (ev.target === m) this.closeOverlays(); });
    m.menuChoices = list;
    this.overlay(m);
  }

  // openStack shows every unit of a place, large, with the choices that
  // refer to them or to the place.
  openStack(pid) {
    const place = this.board.place(pid);
    const units = this.board.unitsAt(pid);
    this.closeOverlays();
    const placeChoices = this.byPlace.get(pid) || [];
    const row = (u) => {
      const cs = this.byUnit.get(u.id) || [];
      return h('li', {class: `stack-unit ${u.side}`, 'data-stack-unit': u.id},
        counterIcon(this.game, u, this.board.printed, 56, {highlight: cs.length > 0}),
        h('div', {}, h('strong', {}, u.name || u.id), h('div', {class: 'muted small'}, this.game.facts(u).join(' · ')),
          cs.map((c) => h('button', {type: 'button', class: 'choice small', 'data-choice': c.id, onclick: () => this.choose(c.id)}, c.label))));
    };
    const bySide = [...new Set(units.map((u) => u.side))].map((sd) => [sd, units.filter((u) => u.side === sd)]);
    const dlg = h('div', {class: 'overlay', id: 'stack-overlay'},
      h('div', {class: 'dialog stack', id: 'stack', role: 'dialog', 'aria-modal': 'true', 'aria-label': `Units in ${pid}`},
        h('h2', {}, `${pid} ${place ? place.name : ''}`, place && place.vp ? h('span', {class: 'vp-tag'}, ` ${place.vp} VP`) : null),
        placeChoices.map((c) => h('button', {type: 'button', class: 'choice', 'data-choice': c.id, onclick: () => this.choose(c.id)}, c.label)),
        bySide.map(([sd, list]) => [h('h3', {}, sideBadge(sd), ` ${plural(list.length, 'unit')}`), h('ul', {class: 'stack-list'}, list.map(row))]),
        units.length ? null : h('p', {class: 'muted'}, 'No units here.'),
        h('button', {type: 'button', class: 'secondary', onclick: () => this.closeOverlays()}, 'Close (Esc)')));
    dlg.addEventListener('click', (ev) => { if (ev.target === dlg) this.closeOverlays(); });
    this.overlay(dlg);
  }

  overlay(el) {
    this.returnFocus = document.activeElement;
    document.body.append(el);
    this.openOverlay = el;
    (el.querySelector('button[data-choice]') || el.querySelector('button'))?.focus();
  }

  // closeOverlays closes a menu or stack; after a new view only (auto),
  // the result dialog stays.
  closeOverlays(auto = false) {
    if (this.openOverlay) {
      this.openOverlay.remove();
      this.openOverlay = null;
      if (!auto && this.returnFocus && this.returnFocus.isConnected) this.returnFocus.focus();
    }
    if (!auto) document.getElementById('result-overlay')?.remove();
    this.board.hideMagnifier();
  }

  previewChoice(ev, on) {
    const b = ev.target instanceof Element ? ev.target.closest('button[data-choice]') : null;
    if (!b) return;
    const c = (this.drawn.view.choices || []).find((x) => x.id === b.dataset.choice);
    const place = c && (c.refs || []).find((r) => r.startsWith('area:'));
    this.board.flash(place ? [place] : [], on);
  }

  // key: 1–9 pick, + − 0 zoom, arrows pan, U undo, Escape closes.
  key(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey || inTextField(ev)) return;
    const k = ev.key;
    if (this.curtain) {
      if ((k === 'Enter' || k === ' ') && !ev.target.closest?.('#handover')) { ev.preventDefault(); this.liftCurtain(); }
      return;
    }
    if (k === 'Escape') { this.closeOverlays(); return; }
    if (/^[1-9]$/.test(k)) {
      const list = this.openOverlay && this.openOverlay.menuChoices ? this.openOverlay.menuChoices : (this.drawn ? this.keyed : []);
      const c = list[Number(k) - 1];
      if (c) { ev.preventDefault(); this.choose(c.id); }
      return;
    }
    if (this.openOverlay) return;
    const pan = {ArrowLeft: [80, 0], ArrowRight: [-80, 0], ArrowUp: [0, 80], ArrowDown: [0, -80]}[k];
    if (pan) {
      const t = ev.target;
      if (t instanceof Element && t.closest('#panel') && !t.closest('#map')) return; // let the panel scroll
      ev.preventDefault();
      this.board.panBy(...pan);
    } else if (k === '+' || k === '=') this.board.zoomBy(1.25);
    else if (k === '-' || k === '_') this.board.zoomBy(0.8);
    else if (k === '0') this.board.fitNext();
    else if ((k === 'u' || k === 'U') && !this.el.undo.hidden) this.undo();
    else if ((k === 'h' || k === 'H') && !this.el.hintButton.hidden) this.askHint();
  }
}

// sameView: a and b are the same view of the same seat at the same version.
// A view's log lines are only those after the cursor it was asked from, so
// two deliveries of one view differ there: the LogWindow holds the log.
function sameView(a, b) {
  return !!b && a.seat === b.seat && a.version === b.version && a.deadline === b.deadline &&
    a.draw_offer === b.draw_offer && a.archived === b.archived &&
    (a === b || JSON.stringify(withoutLog(a.view)) === JSON.stringify(withoutLog(b.view)));
}

function withoutLog(view) {
  const {log, log_from: from, ...rest} = view;
  return rest;
}

function splitRef(r) {
  const i = r.indexOf(':');
  return i < 0 ? ['', r] : [r.slice(0, i) === 'area' || r.slice(0, i) === 'zone' || r.slice(0, i) === 'place' ? 'area' : r.slice(0, i), r.slice(i + 1)];
}

// commonPrefix is the whole words that every label starts with (at least
// 10 characters, leaving a word to each label), or "".
function commonPrefix(labels) {
  const words = labels.map((l) => l.split(' '));
  const n = Math.min(...words.map((w) => w.length)) - 1;
  let k = 0;
  while (k < n && words.every((w) => w[k] === words[0][k])) k++;
  const p = words[0].slice(0, k).join(' ');
  return p.length >= 10 ? p + ' ' : '';
}

function mostCommon(list) {
  const n = new Map();
  for (const x of list) if (x) n.set(x, (n.get(x) || 0) + 1);
  let best = null, bn = 0;
  for (const [x, c] of n) if (c > bn) { best = x; bn = c; }
  return best;
}

// commonUnit is the unit every choice refers to, if there is one (the unit
// being set up, for example).
function commonUnit(choices) {
  let id = null;
  for (const c of choices) {
    const u = (c.refs || []).find((r) => r.startsWith('unit:'));
    if (!u) return null;
    if (id && id !== u) return null;
    id = u;
  }
  return id && id.slice(5);
}
