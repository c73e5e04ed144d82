// api.js: the HTTP and WebSocket API of docs/api.md.

// ApiError carries the server's error code ("stale_version", ...) and its
// message, which is written for people; for the codes of READABLE, which
// speak of limits and stored games rather than a move, the text says what
// the player can do.
export class ApiError extends Error {
  constructor(status, code, message, body) {
    super(READABLE[code] || message);
    this.status = status;
    this.code = code;
    this.body = body || {};
  }
}

const READABLE = {
  quota: 'This address has started as many games as the server allows for now. Try again in a while.',
  too_many_sockets: 'This browser has too many games open on this server. Close some game tabs, then reload this one.',
  cross_origin: 'The server refused a request that did not come from its own pages. Open the game from the server\'s own address.',
  not_json: 'The server refused a request it could not read. Reload the page.',
  game_damaged: 'This game\'s stored record is damaged: the server cannot open it. The host can find why in the server\'s log.',
  archived: 'This game was archived after a long time without a move: it can be read and replayed, no longer played.',
};

async function call(method, path, {token, body, signal} = {}) {
  const headers = {Accept: 'application/json'};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(path, {method, headers, signal, cache: 'no-store',
      body: body === undefined ? undefined : (typeof body === 'string' ? body : JSON.stringify(body))});
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(0, 'network', 'The server cannot be reached. Check your connection; the page keeps trying.');
  }
  noteServerTime(res);
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!res.ok) {
    const msg = (data && data.error) || `${res.status} ${res.statusText}: ${text.slice(0, 200)}`;
    throw new ApiError(res.status, (data && data.code) || `http_${res.status}`, msg, data);
  }
  return data;
}

// serverNow is the server's clock (for the reaction clock's deadline),
// from the Date header of the latest answer: a Date has whole seconds, so
// it is taken as the middle of its second.
let skew = 0;
function noteServerTime(res) {
  const d = Date.parse(res.headers.get('Date') || '');
  if (d) skew = d + 500 - Date.now();
}
export const serverNow = () => Date.now() + skew;

const g = (id) => `/api/games/${encodeURIComponent(id)}`;

export const api = {
  catalog: () => call('GET', '/api/catalog'),
  create: (req) => call('POST', '/api/games', {body: req}),
  summary: (id) => call('GET', g(id)),
  view: (id, token, logFrom = 0, signal) => call('GET', `${g(id)}/view?log_from=${logFrom}`, {token, signal}),
  log: (id, token, from, limit, as) => call('GET', `${g(id)}/log?${new URLSearchParams({from, limit, ...(as ? {as} : {})})}`, {token}),
  board: (id) => call('GET', `${g(id)}/board`),
  // link is the seat link that holds the token (the spectator link without one).
  link: (id, token) => call('GET', `${g(id)}/link`, {token}),
  choose: (id, token, version, choice) => call('POST', `${g(id)}/choices`, {token, body: {version, choice}}),
  undo: (id, token, version) => call('POST', `${g(id)}/undo`, {token, body: {version}}),
  // batch makes several choices of one seat, all or none (a saved set-up).
  batch: (id, token, version, choices) => call('POST', `${g(id)}/choices/batch`, {token, body: {version, choices}}),
  // hint asks the hint bot for the seat's suggested choice (a game with hints).
  hint: (id, token, version) => call('POST', `${g(id)}/hint`, {token, body: {version}}),
  estimates: (id, token) => call('GET', `${g(id)}/estimates`, {token}),
  resign: (id, token, version) => call('POST', `${g(id)}/resign`, {token, body: {version}}),
  // draw answers "offer", "accept" or "decline".
  draw: (id, token, version, answer) => call('POST', `${g(id)}/draw`, {token, body: {version, answer}}),
  // record returns the raw text, so that the download is the server's bytes.
  record: async (id) => {
    const res = await fetch(`${g(id)}/record`, {headers: {Accept: 'application/json'}, cache: 'no-store'});
    const text = await res.text();
    if (!res.ok) {
      let d = {};
      try { d = JSON.parse(text); } catch { /* not JSON */ }
      throw new ApiError(res.status, d.code || `http_${res.status}`, d.error || text);
    }
    return text;
  },
  replay: (id, step, token, as, logFrom, signal) => {
    const q = new URLSearchParams({step: String(step), log_from: String(logFrom)});
    if (as) q.set('as', as);
    return call('GET', `${g(id)}/replay?${q}`, {token, signal});
  },
  importRecord: (text) => call('POST', '/api/import', {body: text}),
};

// LogWindow holds the lines of a seat's log that this client has: lines[i]
// is line start+i. Views bring only the lines after the client's cursor
// (end); older ones are paged on demand (docs/api.md, the log by cursor).
// older(from, limit) fetches a page of the log.
export class LogWindow {
  constructor(older) {
    this.start = 0;
    this.lines = [];
    this.fetch = older;
    this.loading = null;
  }

  get end() { return this.start + this.lines.length; }

  // take applies a view's log: cut at log_from (an undo shortens the log)
  // and append its lines. A view that starts past the window's end left
  // lines out, and one that starts before it cut them: the window starts
  // over at log_from.
  take(view) {
    const from = view.log_from || 0;
    const lines = view.log || [];
    if (from < this.start || from > this.end) {
      this.start = from;
      this.lines = lines.slice();
    } else {
      this.lines = this.lines.slice(0, from - this.start).concat(lines);
    }
  }

  // older fetches up to 100 lines before the window; true when some came.
  async older() {
    if (this.start === 0) return false;
    if (!this.loading) {
      const start = this.start;
      const from = Math.max(0, start - 100);
      this.loading = this.fetch(from, start - from).then((p) => {
        if (this.start !== start || p.from !== from) return false; // the window moved meanwhile
        this.lines = p.log.slice(0, start - from).concat(this.lines);
        this.start = from;
        return true;
      }).finally(() => { this.loading = null; });
    }
    return this.loading;
  }
}

// Live keeps one seat's view of a game up to date: a WebSocket that the
// server pushes views on, reconnected with backoff when it drops, and polling
// of GET view while it is down (or when WebSockets do not get through).
// onView({version, seat, view, can_undo, deadline, log}) is called with each
// new view (docs/api.md), log being the seat's LogWindow; onState(s) with
// "live", "connecting" or "polling".
export class Live {
  constructor(id, token, onView, onState) {
    this.id = id;
    this.token = token;
    this.onView = onView;
    this.onState = onState || (() => {});
    this.ws = null;
    this.failures = 0;
    this.closed = false;
    this.pollTimer = 0;
    this.retryTimer = 0;
    this.lastVersion = -1;
    this.seq = 0; // counts pushes, so that a slower fetch cannot undo one
    this.log = new LogWindow((from, limit) => api.log(id, token, from, limit));
  }

  start() {
    this.refresh();
    this.connect();
    document.addEventListener('visibilitychange', this.onVisible = () => {
      if (document.visibilityState === 'visible' && !this.isLive()) this.refresh();
    });
    return this;
  }

  stop() {
    this.closed = true;
    clearTimeout(this.pollTimer);
    clearTimeout(this.retryTimer);
    document.removeEventListener('visibilitychange', this.onVisible);
    if (this.ws) this.ws.close();
  }

  isLive() { return this.ws && this.ws.readyState === WebSocket.OPEN; }

  connect() {
    if (this.closed) return;
    const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const q = `?log_from=${this.log.end}${this.token ? `&token=${encodeURIComponent(this.token)}` : ''}`;
    let ws;
    try {
      ws = new WebSocket(`${proto}//${location.host}${g(this.id)}/ws${q}`);
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    this.onState('connecting');
    let opened = false;
    ws.onopen = () => {
      opened = true;
      this.failures = 0;
      clearTimeout(this.pollTimer);
      this.onState('live');
    };
    ws.onmessage = (ev) => {
      let m;
      try { m = JSON.parse(ev.data); } catch { return; }
      if (m.type === 'view') { this.seq++; this.deliver(m); }
      else if (m.type === 'error' && this.onError) this.onError(new ApiError(0, m.code, m.error, m));
    };
    // 1013: this client fell behind (docs/api.md), reconnect at once; 1001:
    // the server is restarting, back off as after a failure.
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (!opened || ev.code === 1001) this.failures++;
      if (!opened && this.onError) this.whyRefused(ws.url);
      this.retry(ev.code === 1013);
    };
  }

  // whyRefused asks the socket's address over plain HTTP why a socket did
  // not open: a browser does not show the refusal of a WebSocket to the
  // page, and too_many_sockets is something the player can act on.
  async whyRefused(url) {
    const res = await fetch(url.replace(/^ws/, 'http'), {headers: {Accept: 'application/json'}, cache: 'no-store'}).catch(() => null);
    const data = res && res.status === 429 ? await res.json().catch(() => null) : null;
    if (data && data.code === 'too_many_sockets' && !this.closed) this.onError(new ApiError(429, data.code, data.error, data));
  }

  // retry reconnects after an exponential backoff with jitter (1 s doubling
  // to 30 s), or soon when asked, and polls the view meanwhile.
  retry(soon = false) {
    if (this.closed) return;
    const delay = (soon ? 200 : Math.min(30000, 1000 * 2 ** Math.min(this.failures, 5))) * (0.75 + Math.random() * 0.5);
    this.onState('polling');
    this.poll();
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  poll() {
    clearTimeout(this.pollTimer);
    if (this.closed || this.isLive()) return;
    this.refresh().finally(() => {
      if (!this.closed && !this.isLive()) {
        const every = document.visibilityState === 'visible' ? 3000 : 15000;
        this.pollTimer = setTimeout(() => this.poll(), every);
      }
    });
  }

  // refresh fetches the view once (after a submission, a 409, or when polling).
  async refresh() {
    const seq = this.seq;
    try {
      const v = await api.view(this.id, this.token, this.log.end);
      if (seq !== this.seq) return; // a push arrived meanwhile: it is newer
      this.deliver(v);
    } catch (e) {
      if (this.onError) this.onError(e);
    }
  }

  deliver(m) {
    this.lastVersion = m.version;
    this.log.take(m.view);
    this.onView({version: m.version, seat: m.seat, view: m.view, can_undo: !!m.can_undo, deadline: m.deadline || null,
      draw_offer: m.draw_offer || null, archived: !!m.archived, log: this.log});
  }
}
