// lobby.js: the lobby, /. Create a game (scenario, options, seed, who
// plays each seat), list the games this browser holds tokens for, import a
// record, watch a game.
import {h, clear, toast, ruleLink, setCrumbs, copyText, plural, cap, studyMark} from './dom.js';
import {api} from './api.js';
import * as store from './store.js';
import {gameModule} from './games.js';

const SEAT_KINDS = [
  ['here', 'This browser'],
  ['friend', 'A friend (invite link)'],
];

export async function lobbyPage(main) {
  setCrumbs();
  document.title = 'sandtable · lobby';
  let catalog = [];
  let catalogError = null;
  try {
    const c = await api.catalog();
    catalog = Array.isArray(c) ? c : (c && c.games) || [];
    names = Object.fromEntries(catalog.map((g) => [g.id, g.name || g.id]));
    namers = Object.fromEntries(await Promise.all(catalog.map(async (g) => [g.id, (await gameModule(g.id)).seatName])));
  } catch (e) {
    catalogError = e;
  }
  const mine = h('section', {class: 'card', id: 'my-games-card', 'aria-labelledby': 'my-games-title'},
    h('h2', {id: 'my-games-title'}, 'My games'), h('div', {id: 'my-games'}));
  clear(main, h('div', {class: 'lobby'},
    h('section', {class: 'intro'},
      h('h1', {}, 'sandtable'),
      h('p', {}, 'Classic board wargames in the browser, every rule enforced by the engine. Play at one screen, against a friend with an invite link, or against a bot.')),
    h('div', {class: 'lobby-grid'},
      newGameCard(catalog, catalogError),
      h('div', {class: 'lobby-col'}, mine, importCard(), watchCard()))));
  renderMyGames(document.getElementById('my-games'));
}

// ---- new game ----

function newGameCard(catalog, err) {
  const card = h('section', {class: 'card', 'aria-labelledby': 'new-title'}, h('h2', {id: 'new-title'}, 'New game'));
  if (err || !catalog.length) {
    card.append(h('p', {class: 'error', role: 'alert'}, err ? `The list of games cannot be loaded: ${err.message}` : 'The server offers no games.'));
    return card;
  }
  const form = h('form', {id: 'new-game', class: 'form', novalidate: true});
  const gameSel = h('select', {name: 'game', id: 'game'}, catalog.map((g) => h('option', {value: g.id}, g.name || g.id)));
  const details = h('div', {class: 'game-details'});
  const out = h('div', {id: 'create-result', 'aria-live': 'polite'});
  form.append(
    field('Game', gameSel, 'game'),
    details,
    h('div', {class: 'form-actions'}, h('button', {type: 'submit', id: 'create-game', class: 'primary'}, 'Create game')),
    out);
  const fill = () => fillGame(details, catalog.find((g) => g.id === gameSel.value));
  gameSel.addEventListener('change', fill);
  fill();
  form.addEventListener('submit', (ev) => { ev.preventDefault(); createGame(form, catalog, out); });
  card.append(form);
  return card;
}

function field(label, control, id, hint) {
  if (id && !control.id) control.id = id;
  return h('div', {class: 'field'}, h('label', {for: control.id}, label), control, hint ? h('div', {class: 'hint'}, hint) : null);
}

// fillGame draws the scenario, options, seed and seat controls of a game.
function fillGame(el, g) {
  if (!g) return clear(el);
  const scen = h('select', {name: 'scenario', id: 'scenario'}, (g.scenarios || []).map((s) => h('option', {value: s.id}, s.name || s.id)));
  const scenHint = h('div', {class: 'hint', id: 'scenario-hint'});
  const showScen = () => { const s = (g.scenarios || []).find((x) => x.id === scen.value); scenHint.textContent = s ? s.summary || '' : ''; };
  scen.addEventListener('change', showScen);
  showScen();
  const options = (g.options || []).map((o) => {
    const sel = h('select', {name: `option-${o.key}`, id: `option-${o.key}`, 'data-option': o.key},
      o.values.map((v, i) => h('option', {value: v}, i === 0 ? `${v} (default)` : v)));
    return h('div', {class: 'option-row'},
      h('label', {for: sel.id}, cap(o.summary || o.key), ' ', ruleLink(o.rule)), sel);
  });
  const seedInput = h('input', {name: 'seed', id: 'seed', inputmode: 'numeric', pattern: '[0-9]*', placeholder: 'random', autocomplete: 'off',
    'aria-describedby': 'seed-hint'});
  const bots = g.bots || [];
  const seats = (g.seats || []).map((seat, i) => {
    // how the chosen bot plays, under its seat's select
    const about = h('div', {class: 'hint', id: `seat-${seat}-about`, 'aria-live': 'polite'});
    const sel = h('select', {name: `seat-${seat}`, id: `seat-${seat}`, 'data-seat': seat, 'aria-describedby': about.id},
      SEAT_KINDS.map(([v, t]) => h('option', {value: v}, t)),
      bots.map((b) => h('option', {value: `bot:${b.name}`, title: b.about}, `Bot: ${b.label}`)));
    const showAbout = () => {
      const b = bots.find((x) => `bot:${x.name}` === sel.value);
      about.textContent = b ? `${cap(b.label)} ${b.about}.` : '';
    };
    sel.addEventListener('change', showAbout);
    sel.value = i === 0 || !bots.length ? 'here' : `bot:${(bots.find((b) => b.default) || bots[0]).name}`;
    showAbout();
    const f = field(seatName(g.id, seat), sel);
    f.append(about);
    return f;
  });
  clear(el,
    field('Scenario', scen), scenHint,
    h('fieldset', {class: 'seats'}, h('legend', {}, 'Who plays each side'), seats,
      h('div', {class: 'hint'}, 'Choose “This browser” for both sides to play hotseat at one screen. A friend gets a link to send.')),
    options.length ? h('fieldset', {class: 'options'}, h('legend', {}, 'Optional rules'), options) : null,
    h('div', {class: 'field check'}, h('label', {for: 'hints'}, h('input', {type: 'checkbox', name: 'hints', id: 'hints', 'aria-describedby': 'hints-hint'}), ' Hints'),
      h('div', {class: 'hint', id: 'hints-hint'}, 'Every side may ask a bot for a suggested choice and its estimate of the chance to win; every player sees that the game has hints. The game is then a study, not a rated game.')),
    h('div', {class: 'field seed'}, h('label', {for: 'seed'}, 'Seed for the dice'), seedInput,
      h('div', {class: 'hint', id: 'seed-hint'}, 'Leave empty for a random seed. The same seed and choices give the same dice.')));
}

async function createGame(form, catalog, out) {
  const fd = new FormData(form);
  const g = catalog.find((x) => x.id === fd.get('game'));
  const seed = String(fd.get('seed') || '').trim();
  if (seed && !/^\d{1,20}$/.test(seed)) {
    clear(out, h('p', {class: 'error', role: 'alert'}, 'The seed must be a whole number (or empty for a random one).'));
    return;
  }
  const options = {};
  for (const o of g.options || []) options[o.key] = fd.get(`option-${o.key}`);
  const choice = {};
  const seats = {};
  for (const seat of g.seats || []) {
    choice[seat] = fd.get(`seat-${seat}`);
    seats[seat] = choice[seat].startsWith('bot:') ? choice[seat] : 'human';
  }
  if (!Object.values(choice).some((c) => c === 'here' || c === 'friend')) {
    clear(out, h('p', {class: 'error', role: 'alert'}, 'At least one side must be played by a person.'));
    return;
  }
  const req = {game: g.id, scenario: fd.get('scenario'), options, seats};
  if (seed) req.seed = seed;
  if (fd.get('hints')) req.hints = true;
  const btn = form.querySelector('#create-game');
  btn.disabled = true;
  try {
    const r = await api.create(req);
    const here = {};
    const invites = {};
    for (const [seat, kind] of Object.entries(choice)) {
      if (kind === 'here' && r.tokens[seat]) here[seat] = r.tokens[seat];
      if (kind === 'friend' && r.links && r.links[seat]) invites[seat] = absolute(r.links[seat]);
    }
    store.remember(r.id, {game: g.id, scenario: req.scenario, seats, tokens: here, invites, created: new Date().toISOString()});
    if (!Object.keys(invites).length && Object.keys(here).length) {
      location.assign(`/play/${encodeURIComponent(r.id)}`);
      return;
    }
    showInvites(out, r, invites, here, g.id);
    out.scrollIntoView({block: 'center', behavior: 'smooth'});
    out.querySelector('input')?.focus();
    renderMyGames(document.getElementById('my-games'));
  } catch (e) {
    clear(out, h('p', {class: 'error', role: 'alert'}, `The game was not created: ${e.message}`));
  } finally {
    btn.disabled = false;
  }
}

function showInvites(out, r, invites, here, game) {
  const rows = Object.entries(invites).map(([seat, url]) => {
    const input = h('input', {class: 'invite-link', 'data-seat': seat, readonly: true, value: url, 'aria-label': `Invite link for ${seatName(game, seat)}`,
      onfocus: (e) => e.target.select()});
    return h('div', {class: 'invite'}, h('label', {}, `Send this link to the friend who plays ${seatName(game, seat)}:`),
      h('div', {class: 'copy-row'}, input, h('button', {type: 'button', class: 'secondary', onclick: () => copyText(url, input)}, 'Copy')));
  });
  const play = Object.keys(here).length
    ? h('a', {class: 'button primary', id: 'open-game', href: `/play/${encodeURIComponent(r.id)}`}, 'Open the game')
    : h('a', {class: 'button', id: 'open-game', href: `/play/${encodeURIComponent(r.id)}`}, 'Watch the game');
  clear(out, h('div', {class: 'invites', id: 'invites'}, h('h3', {}, 'Game created'), rows,
    h('p', {class: 'hint'}, 'Anyone with a link plays that side: send it only to your opponent.'), play));
}

// ---- my games ----

let names = {}; // game id -> name, from the catalog
let namers = {}; // game id -> its module's seatName (games.js)

// seatName is a seat of a game in words, as its game module says it
// ("Dutch" for Fortress Holland's allied seat).
const seatName = (game, seat) => (namers[game] || cap)(seat);

async function renderMyGames(el) {
  if (!el) return;
  const games = store.list();
  if (!games.length) {
    clear(el, h('p', {class: 'muted'}, 'No games in this browser yet. Create one, or open an invite link.'));
    return;
  }
  const rows = games.map((g) => {
    const status = h('span', {class: 'game-status', 'data-status': 'loading'}, '…');
    const seats = Object.keys(g.tokens || {});
    const row = h('li', {class: 'my-game', 'data-game': g.id},
      h('div', {class: 'my-game-main'},
        h('a', {class: 'resume', href: `/play/${encodeURIComponent(g.id)}`}, `${names[g.game] || g.game || 'Game'} `, h('code', {}, g.id)),
        h('div', {class: 'muted small'}, seats.length ? `you play ${seats.map((seat) => seatName(g.game, seat)).join(' and ')}` : 'watching', g.created ? ` · ${new Date(g.created).toLocaleString()}` : ''),
        status),
      h('div', {class: 'my-game-actions'},
        h('a', {href: `/play/${encodeURIComponent(g.id)}`, class: 'button small'}, 'Resume'),
        h('a', {href: `/replay/${encodeURIComponent(g.id)}`, class: 'button small secondary'}, 'Replay'),
        h('button', {type: 'button', class: 'small secondary', 'aria-label': `Copy the spectator link of ${g.id}`,
          onclick: () => copyText(absolute(`/play/${g.id}`))}, 'Spectator link'),
        Object.entries(g.invites || {}).map(([seat, url]) => h('button', {type: 'button', class: 'small secondary', onclick: () => copyText(url)}, `${seatName(g.game, seat)} invite`)),
        h('button', {type: 'button', class: 'small linklike', 'aria-label': `Forget ${g.id} in this browser`,
          onclick: () => { if (confirm('Forget this game in this browser? Its seat tokens will be lost.')) { store.forget(g.id); row.remove(); } }}, 'Forget')));
    api.summary(g.id).then((s) => {
      const mineToMove = s.to_move && g.tokens && g.tokens[s.to_move];
      status.dataset.status = s.result ? 'over' : mineToMove ? 'your-move' : 'waiting';
      const who = seatName(g.game, s.to_move);
      status.textContent = s.result ? `finished${s.result.winner ? `: ${seatName(g.game, s.result.winner)} won` : ': a draw'}` :
        mineToMove ? `your move (${who})` : `waiting for ${who}`;
      status.append(h('span', {class: 'muted'}, ` · ${plural(s.version, 'choice')}`));
      const mark = studyMark(s);
      if (mark) status.after(mark);
    }).catch((e) => {
      status.dataset.status = 'error';
      status.textContent = e.status === 404 ? 'not on this server any more' : 'status unknown';
    });
    return row;
  });
  clear(el, h('ul', {class: 'my-games-list'}, rows));
}

// ---- import and watch ----

function importCard() {
  const file = h('input', {type: 'file', id: 'import-file', accept: '.json,application/json', 'aria-describedby': 'import-hint'});
  const text = h('textarea', {id: 'import-text', rows: 3, placeholder: '…or paste a record (JSON) here', 'aria-label': 'Record JSON'});
  const out = h('div', {id: 'import-result', 'aria-live': 'polite'});
  const btn = h('button', {type: 'submit', id: 'import-record', class: 'secondary'}, 'Import');
  const form = h('form', {id: 'import-form', class: 'form'}, field('Record file', file), text, h('div', {class: 'hint', id: 'import-hint'},
    'A sandtable record (sandtable-record/1), from “Download the record” or the command line. A finished record opens as a replay.'),
  h('div', {class: 'form-actions'}, btn), out);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    let body = text.value.trim();
    if (file.files && file.files[0]) body = await file.files[0].text();
    if (!body) { clear(out, h('p', {class: 'error', role: 'alert'}, 'Choose a record file or paste one.')); return; }
    btn.disabled = true;
    try {
      let rec;
      try { rec = JSON.parse(body); } catch { throw new Error('This is not JSON. A record is the JSON file that sandtable writes.'); }
      const r = await api.importRecord(body);
      const seats = Object.fromEntries(Object.keys(r.tokens || {}).map((s) => [s, 'human']));
      store.remember(r.id, {game: rec.game, scenario: rec.scenario, seats, tokens: r.tokens || {}, created: new Date().toISOString()});
      const s = await api.summary(r.id).catch(() => null);
      location.assign(`/${s && s.result ? 'replay' : 'play'}/${encodeURIComponent(r.id)}`);
    } catch (e) {
      clear(out, h('p', {class: 'error', role: 'alert'}, `Not imported: ${e.message}`));
    } finally {
      btn.disabled = false;
    }
  });
  return h('section', {class: 'card', 'aria-labelledby': 'import-title'}, h('h2', {id: 'import-title'}, 'Import a record'), form);
}

function watchCard() {
  const input = h('input', {id: 'watch-id', placeholder: 'game id or link', autocomplete: 'off'});
  const form = h('form', {id: 'watch-form', class: 'form inline'}, field('Game', input),
    h('button', {type: 'submit', id: 'watch', class: 'secondary'}, 'Watch'));
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    const v = input.value.trim();
    const m = /(?:\/(?:play|replay)\/)?([A-Za-z0-9_-]+)\/?(?:#.*)?$/.exec(v);
    if (!m) { toast('Enter a game id or a game link', 'error'); return; }
    location.assign(v.includes('#token=') ? new URL(v, location.href).href : `/play/${encodeURIComponent(m[1])}`);
  });
  return h('section', {class: 'card', 'aria-labelledby': 'watch-title'}, h('h2', {id: 'watch-title'}, 'Watch a game'),
    h('p', {class: 'hint'}, 'Spectators see no secrets: hidden set-ups and hidden guns stay hidden.'), form);
}

function absolute(path) { return new URL(path, location.origin).href; }
