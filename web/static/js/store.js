// store.js: the games this browser holds seat tokens for, kept in
// localStorage so that they survive a reload ("My games" in the lobby).
// A token is the only proof of a seat (docs/api.md), so it never leaves
// this browser except in an invite link the player chooses to share.

const KEY = 'sandtable.games.v1';

function load() {
  try {
    const d = JSON.parse(localStorage.getItem(KEY) || '{}');
    return d && typeof d === 'object' ? d : {};
  } catch {
    return {};
  }
}

function save(all) {
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch { /* private mode or full: the game still works for this page */ }
}

// entry returns what is stored for a game: {id, game, tokens: {seat: token},
// invites: {seat: url}, created}.
export function entry(id) {
  const e = load()[id];
  return e ? {tokens: {}, invites: {}, ...e, id} : null;
}

// remember merges fields into a game's entry.
export function remember(id, fields) {
  const all = load();
  const old = all[id] || {tokens: {}, invites: {}, created: new Date().toISOString()};
  all[id] = {...old, ...fields,
    tokens: {...old.tokens, ...(fields.tokens || {})},
    invites: {...(old.invites || {}), ...(fields.invites || {})}};
  save(all);
  return entry(id);
}

// addToken stores a seat token for a game.
export function addToken(id, seat, token) {
  return remember(id, {tokens: {[seat]: token}});
}

export function tokens(id) {
  const e = entry(id);
  return e ? e.tokens : {};
}

// list returns every stored game, newest first.
export function list() {
  return Object.entries(load()).map(([id, e]) => ({tokens: {}, invites: {}, ...e, id}))
    .sort((a, b) => String(b.created).localeCompare(String(a.created)));
}

export function forget(id) {
  const all = load();
  delete all[id];
  save(all);
}

// takeFragmentToken reads "#token=..." from the address, removes it from
// the address bar (so it is not bookmarked or shared by accident) and
// returns the token.
export function takeFragmentToken() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (!m) return null;
  const rest = location.hash.replace(/(?:^#|&)token=[^&]+/, '').replace(/^&/, '');
  history.replaceState(null, '', location.pathname + location.search + (rest ? '#' + rest : ''));
  return decodeURIComponent(m[1]);
}
