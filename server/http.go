package server

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games"
	"sandtable/server/store"
)

// maxBody bounds every request body.
const maxBody = 64 << 10

// bodyTimeout bounds the time to send a request body (a variable for tests).
var bodyTimeout = 10 * time.Second

// writeTimeout bounds the time to send an answer (a variable for tests).
var writeTimeout = 30 * time.Second

func (srv *Server) routes() {
	m := http.NewServeMux()
	// Each path takes one method; any other is answered 405 in JSON (the
	// mux's own 405 is plain text, and the catch-all /api/ would say 404).
	// The bots give way to the requests served (botPool.yield), but not to
	// those that wait the whole time: a WebSocket (its reader counts each
	// message instead) and a hint, which waits for a bot itself.
	waits := map[string]bool{"/api/games/{id}/ws": true, "/api/games/{id}/hint": true}
	route := func(method, path string, h http.HandlerFunc) {
		m.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			if !waits[path] {
				defer srv.bots.serving()()
			}
			if r.Method != method && !(method == http.MethodGet && r.Method == http.MethodHead) {
				w.Header().Set("Allow", method)
				writeError(w, errf(405, "method_not_allowed", "%s takes %s, not %s; see docs/api.md", r.URL.Path, method, r.Method))
				return
			}
			h(w, r)
		})
	}
	route("GET", "/healthz", srv.healthz)
	if !srv.cfg.MetricsElsewhere {
		route("GET", "/metrics", srv.MetricsHandler().ServeHTTP)
	}
	route("GET", "/api/catalog", srv.api(srv.catalog))
	route("POST", "/api/games", srv.api(srv.createGame))
	route("POST", "/api/import", srv.api(srv.importRecord))
	route("GET", "/api/games/{id}", srv.api(srv.summary))
	route("GET", "/api/games/{id}/view", srv.api(srv.view))
	route("GET", "/api/games/{id}/log", srv.api(srv.logPage))
	route("GET", "/api/games/{id}/link", srv.api(srv.seatLink))
	route("POST", "/api/games/{id}/choices", srv.api(srv.choose))
	route("POST", "/api/games/{id}/choices/batch", srv.api(srv.chooseBatch))
	route("POST", "/api/games/{id}/undo", srv.api(srv.undoChoice))
	route("POST", "/api/games/{id}/resign", srv.api(srv.resign))
	route("POST", "/api/games/{id}/draw", srv.api(srv.draw))
	route("POST", "/api/games/{id}/hint", srv.api(srv.hint))
	route("GET", "/api/games/{id}/estimates", srv.api(srv.estimates))
	route("GET", "/api/games/{id}/record", srv.api(srv.recordOf))
	route("GET", "/api/games/{id}/replay", srv.api(srv.replay))
	route("GET", "/api/games/{id}/board", srv.api(srv.board))
	route("GET", "/api/games/{id}/ws", srv.websocket)
	m.HandleFunc("/api/", srv.api(func(*http.Request) (int, any, error) {
		return 0, nil, errf(404, "no_route", "no such API call; see docs/api.md")
	}))
	if srv.cfg.Static != nil {
		m.Handle("/", srv.cfg.Static)
	}
	srv.mux = m
}

// MetricsHandler serves the Prometheus metrics (on Handler's /metrics
// unless Config.MetricsElsewhere).
func (srv *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(srv.metrics.reg, promhttp.HandlerOpts{})
}

// handler is an API call: it returns a status and a value to send as JSON.
type handler func(r *http.Request) (int, any, error)

// api wraps a handler: rate limit, cross-site and body checks, JSON out,
// errors as JSON.
func (srv *Server) api(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if !srv.limiter.allow(srv.clientKey(r)) {
			writeError(w, errf(429, "too_many_requests", "too many requests; slow down"))
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			if err := srv.checkOrigin(r); err != nil {
				writeError(w, err)
				return
			}
			// A form or text/plain body is what another site's page can send
			// without asking (no CORS preflight): only JSON is taken.
			if mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mt != "application/json" {
				writeError(w, errf(415, "not_json", "send the body as JSON with Content-Type: application/json"))
				return
			}
			// A body trickled in slowly must not hold a connection (and a
			// goroutine) forever: ReadHeaderTimeout covers only the headers.
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(bodyTimeout))
		}
		// A client that does not read its answer must not hold a goroutine
		// and a connection either.
		http.NewResponseController(w).SetWriteDeadline(time.Now().Add(writeTimeout))
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		status, v, err := h(r)
		if err != nil {
			var ae *apiError
			if !errors.As(err, &ae) {
				// Internal errors can name choices of the record (a replay
				// that fails says which): log them, do not send them.
				ae = errf(500, "internal", "internal error; it has been logged")
				srv.log.Error("api call failed", "path", r.URL.Path, "err", err)
			}
			body := map[string]any{"error": ae.msg, "code": ae.code}
			if v != nil {
				body["version"] = v
			}
			writeJSON(w, ae.status, body)
			return
		}
		gzipLarge(w, r, status, v)
	}
}

func writeError(w http.ResponseWriter, e *apiError) {
	writeJSON(w, e.status, map[string]string{"error": e.msg, "code": e.code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// gzipLarge compresses large JSON answers (views carry the whole game log)
// for clients that accept it.
func gzipLarge(w http.ResponseWriter, r *http.Request, status int, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		writeJSON(w, 500, map[string]string{"error": err.Error(), "code": "internal"})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Vary", "Accept-Encoding")
	if len(data) < 16<<10 || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		w.WriteHeader(status)
		w.Write(data)
		return
	}
	w.Header().Set("Content-Encoding", "gzip")
	w.WriteHeader(status)
	zw, _ := gzip.NewWriterLevel(w, gzip.BestSpeed)
	zw.Write(data)
	zw.Close()
}

// readJSON decodes a request body strictly: one JSON value, nothing after it.
func readJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err, errf(400, "bad_json", "the request body is not the JSON this call takes: %v", err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return bodyError(err, errf(400, "bad_json", "the request body has data after its JSON value; send one value"))
	}
	return nil
}

// bodyError is the answer to a body that failed: too large, too slow to
// arrive, or else bad.
func bodyError(err error, bad *apiError) *apiError {
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return errf(413, "too_large", "the request body is over %d bytes", maxBody)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return errf(408, "body_timeout", "the request body took over %v to arrive; send it at once", bodyTimeout)
	}
	return bad
}

// token is the bearer token of an API request. Only the header is read: a
// token in the URL ends up in access logs, proxies and browser history.
func token(r *http.Request) string {
	if h := r.Header.Get("Authorization"); strings.HasPrefix(h, "Bearer ") {
		return strings.TrimPrefix(h, "Bearer ")
	}
	return ""
}

// wsToken is the token of a WebSocket request: the header, or ?token= since
// a browser cannot set headers on a WebSocket.
func wsToken(r *http.Request) string {
	if t := token(r); t != "" {
		return t
	}
	return r.URL.Query().Get("token")
}

// healthz answers 200 when the store takes a durable write, 503 when it
// does not (a full disk, a read-only file): the server then refuses every
// choice, so a load balancer should stop sending players to it. One write
// a second at most, however often it is asked.
func (srv *Server) healthz(w http.ResponseWriter, r *http.Request) {
	srv.health.Lock()
	if time.Since(srv.health.at) >= time.Second {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		srv.health.err = srv.store.CheckWrite(ctx)
		cancel()
		srv.health.at = time.Now()
		if srv.health.err != nil {
			srv.log.Error("the store cannot write", "err", srv.health.err)
		}
	}
	err := srv.health.err
	srv.health.Unlock()
	if err != nil {
		writeError(w, errf(503, "store_unwritable", "the store cannot write; choices are refused until its operator fixes it (see the server's log)"))
		return
	}
	writeJSON(w, 200, map[string]string{"status": "ok"})
}

// botInfo is a bot a player can pick, as the lobby offers it.
type botInfo struct {
	Name  string `json:"name"`  // for a seat: "bot:" + Name
	Label string `json:"label"` // "search (strong)"
	About string `json:"about"` // how it plays, in a few words
	// Default marks the bot the lobby offers first (ai.Default)
	Default bool `json:"default,omitempty"`
}

func (srv *Server) catalog(*http.Request) (int, any, error) {
	type entry struct {
		games.Info
		Bots []botInfo `json:"bots"`
	}
	var bots []botInfo
	for _, name := range ai.Names() {
		bots = append(bots, botInfo{name, ai.Label(name), ai.Describe(name), name == ai.Default})
	}
	out := []entry{}
	for _, g := range games.Catalog() {
		out = append(out, entry{g, bots})
	}
	return 200, out, nil
}

type createRequest struct {
	Game     string            `json:"game"`
	Scenario string            `json:"scenario"`
	Options  map[string]string `json:"options"`
	Seed     json.Number       `json:"seed"`
	Seats    map[string]string `json:"seats"`
	// Hints lets every seat ask a bot for a suggested choice: a study.
	Hints bool `json:"hints"`
}

type createAnswer struct {
	ID     string            `json:"id"`
	Tokens map[string]string `json:"tokens"`
	Links  map[string]string `json:"links"`
}

// answer is what creating a game returns: the seats' tokens and links,
// absolute on the address the browser used (or the configured public URL).
func (srv *Server) answer(r *http.Request, l *live, tokens map[string]string) createAnswer {
	base := srv.publicURL(r) + "/play/" + l.meta.ID
	a := createAnswer{ID: l.meta.ID, Tokens: tokens, Links: map[string]string{"spectator": base}}
	for seat, t := range tokens {
		a.Links[seat] = base + "#token=" + t
	}
	return a
}

// seatLink gives the caller's seat link, which holds its token: opened in
// another browser (or after clearing this one's storage) it takes the seat back.
func (srv *Server) seatLink(r *http.Request) (int, any, error) {
	l, seat, err := srv.seated(r)
	if err != nil {
		return 0, nil, err
	}
	link := srv.publicURL(r) + "/play/" + l.meta.ID
	if seat != engine.Spectator {
		link += "#token=" + token(r)
	}
	return 200, map[string]string{"seat": string(seat), "link": link}, nil
}

func (srv *Server) createGame(r *http.Request) (int, any, error) {
	var req createRequest
	if err := readJSON(r, &req); err != nil {
		return 0, nil, err
	}
	seed, err := parseSeed(req.Seed)
	if err != nil {
		return 0, nil, err
	}
	if req.Seats == nil {
		req.Seats = map[string]string{}
	}
	g := store.Game{Game: req.Game, Scenario: req.Scenario, Options: req.Options, Seed: seed, SeedChosen: req.Seed != "", Seats: req.Seats, Hints: req.Hints}
	return srv.createFor(r, g)
}

// createFor creates a game for the client of r, within its quota: the
// global cap alone let one client take every place.
func (srv *Server) createFor(r *http.Request, g store.Game) (int, any, error) {
	if !srv.quota.allow(srv.clientKey(r)) {
		return 0, nil, errf(429, "quota", "this address has created its quota of games for now (%g an hour); try again later", srv.cfg.GamesPerHour)
	}
	l, tokens, err := srv.create(r.Context(), g)
	if err != nil {
		return 0, nil, err
	}
	return 201, srv.answer(r, l, tokens), nil
}

func parseSeed(n json.Number) (uint64, error) {
	if n == "" {
		var b [8]byte
		randomBytes(b[:])
		var v uint64
		for _, x := range b {
			v = v<<8 | uint64(x)
		}
		return v, nil
	}
	v, err := engine.ParseSeed(string(n))
	if err != nil {
		return 0, errf(400, "bad_seed", "%v", err)
	}
	return v, nil
}

func (srv *Server) importRecord(r *http.Request) (int, any, error) {
	var data json.RawMessage
	if err := readJSON(r, &data); err != nil {
		return 0, nil, err
	}
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		return 0, nil, errf(400, "bad_record", "%v", err)
	}
	eg, err := games.Get(rec.Game)
	if err != nil {
		return 0, nil, errf(400, "unknown_game", "%v", err)
	}
	if err := ordinary(eg, rec); err != nil {
		return 0, nil, err
	}
	// Verified as `sandtable replay` does: the hash of a record of these
	// rules; the choices of one of older rules, as for stored games
	// (docs/formats.md, "Versions").
	// A macro choice is stored as its atomic choices, one version each, as
	// if it had been made here.
	m, _, _, err := engine.Migrate(eg, rec)
	if err != nil {
		return 0, nil, errf(400, "bad_record", "the record does not verify: %v", err)
	}
	g := store.Game{Game: rec.Game, Rules: rec.RulesVersion(), Scenario: rec.Scenario, Options: rec.Options, Seed: rec.Seed, SeedChosen: true, Position: rec.Position,
		Seats: map[string]string{}, Choices: m.Choices, Hints: rec.Hints}
	return srv.createFor(r, g)
}

// ordinary refuses a record that forces dice, in its list of dice or hidden
// in its starting position: a game played here must not know its dice. A
// record played with hints is imported as a game with hints.
func ordinary(g engine.Game, rec *engine.Record) error {
	if len(rec.Dice) > 0 {
		return errf(400, "bad_record", "the record forces dice (a study); only ordinary records can be imported")
	}
	if len(rec.Position) == 0 {
		return nil
	}
	s, err := engine.Start(g, rec)
	if err != nil {
		return errf(400, "bad_record", "%v", err)
	}
	if len(s.RNG().Forced) > 0 {
		return errf(400, "bad_record", "the record's position forces dice (rng.forced); remove them: only ordinary records can be imported")
	}
	return nil
}

func (srv *Server) summary(r *http.Request) (int, any, error) {
	l, err := srv.lookup(r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return 200, map[string]any{"id": l.meta.ID, "game": l.meta.Game, "scenario": l.meta.Scenario, "options": l.meta.Options,
		"seats": l.meta.Seats, "version": len(l.choices), "to_move": l.state.ToMove(), "result": l.state.Result(),
		"created": l.meta.Created, "seed_chosen": l.meta.SeedChosen, "rules": engine.RulesVersion(l.game), "notice": l.notice,
		"archived": l.meta.Archived, "hints": l.meta.Hints, "study": l.meta.SeedChosen || l.meta.Hints}, nil
}

// seated resolves the game and the caller's seat.
func (srv *Server) seated(r *http.Request) (*live, engine.Seat, error) {
	id := r.PathValue("id")
	l, err := srv.lookup(id)
	if err != nil {
		return nil, "", err
	}
	seat, err := srv.seatOf(id, token(r))
	return l, seat, err
}

// player is seated for what only a seat may do (what: "choosing", "undo"):
// a spectator's token, or none, is refused.
func (srv *Server) player(r *http.Request, what string) (*live, engine.Seat, error) {
	l, seat, err := srv.seated(r)
	if err == nil && seat == engine.Spectator {
		err = errf(401, "bad_token", "%s needs the seat's token (Authorization: Bearer TOKEN)", what)
	}
	return l, seat, err
}

func (srv *Server) view(r *http.Request) (int, any, error) {
	l, seat, err := srv.seated(r)
	if err != nil {
		return 0, nil, err
	}
	logFrom, err := logCursor(r, "log_from")
	if err != nil {
		return 0, nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return 200, l.viewOf(seat, logFrom), nil
}

// Pages of the log: a client that joins late reads the lines before its
// view's log_from in pages of at most logPageMax lines.
const (
	logPageDefault = 100
	logPageMax     = 500
)

func (srv *Server) logPage(r *http.Request) (int, any, error) {
	l, seat, err := srv.seated(r)
	if err != nil {
		return 0, nil, err
	}
	from, err := logCursor(r, "from")
	if err != nil {
		return 0, nil, err
	}
	limit := logPageDefault
	if q := r.URL.Query().Get("limit"); q != "" {
		if limit, err = strconv.Atoi(q); err != nil || limit < 1 || limit > logPageMax {
			return 0, nil, errf(400, "bad_limit", "limit must be a number of lines from 1 to %d", logPageMax)
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if seat, err = seatAs(r, l, seat, l.state.ToMove() == ""); err != nil {
		return 0, nil, err
	}
	return 200, struct {
		Version int `json:"version"`
		engine.LogPage
	}{len(l.choices), engine.ReadLogPage(l.state, seat, from, limit)}, nil
}

// logCursor reads a log cursor from the query: a line number, 0 when absent.
func logCursor(r *http.Request, name string) (int, error) {
	q := r.URL.Query().Get(name)
	if q == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(q)
	if err != nil || n < 0 {
		return 0, errf(400, "bad_log_cursor", "%s must be a line number of the log (0 or more), not %q", name, q)
	}
	return n, nil
}

type choiceRequest struct {
	Version *int   `json:"version"`
	Choice  string `json:"choice"`
}

func (srv *Server) choose(r *http.Request) (int, any, error) {
	l, seat, err := srv.player(r, "choosing")
	if err != nil {
		return 0, nil, err
	}
	var req choiceRequest
	if err := readJSON(r, &req); err != nil {
		return 0, nil, err
	}
	if req.Version == nil || req.Choice == "" {
		return 0, nil, errf(400, "bad_json", "send {\"version\": N, \"choice\": ID}")
	}
	v, made, err := srv.submit(r.Context(), l, seat, *req.Version, req.Choice)
	if err != nil {
		return 0, v, err
	}
	return 200, map[string]any{"version": v, "made": made}, nil
}

func (srv *Server) undoChoice(r *http.Request) (int, any, error) {
	l, seat, err := srv.player(r, "undo")
	if err != nil {
		return 0, nil, err
	}
	var req choiceRequest
	if err := readJSON(r, &req); err != nil {
		return 0, nil, err
	}
	if req.Version == nil {
		return 0, nil, errf(400, "bad_json", "send {\"version\": N}")
	}
	v, err := srv.undo(r.Context(), l, seat, *req.Version)
	if err != nil {
		return 0, v, err
	}
	return 200, map[string]int{"version": v}, nil
}

func (srv *Server) recordOf(r *http.Request) (int, any, error) {
	l, err := srv.lookup(r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.state.ToMove() != "" {
		return 0, nil, errf(403, "record_secret", "the record shows the seed and every secret choice, so it is available once the game has ended")
	}
	rec := l.record()
	rec.Hash = engine.FormatHash(l.state.Hash())
	return 200, rec, nil
}

func (srv *Server) replay(r *http.Request) (int, any, error) {
	l, seat, err := srv.seated(r)
	if err != nil {
		return 0, nil, err
	}
	l.mu.Lock()
	rec, over := l.record(), l.state.ToMove() == ""
	l.mu.Unlock()
	if seat, err = seatAs(r, l, seat, over); err != nil {
		return 0, nil, err
	}
	n := len(rec.Choices)
	if q := r.URL.Query().Get("step"); q != "" {
		k, err := strconv.Atoi(q)
		if err != nil || k < 0 || k > n {
			return 0, nil, errf(400, "bad_step", "step must be a number from 0 to %d", n)
		}
		n = k
	}
	logFrom, err := logCursor(r, "log_from")
	if err != nil {
		return 0, nil, err
	}
	total := len(rec.Choices)
	rec.Choices = rec.Choices[:n]
	s, err := engine.Replay(l.game, rec)
	if err != nil {
		return 0, nil, fmt.Errorf("replaying game %s: %w", l.meta.ID, err)
	}
	doc := engine.MakeView(l.meta.Game, s, seat)
	doc.ReadLog(s, logFrom, engine.ViewLogMax)
	return 200, map[string]any{"step": n, "steps": total, "view": doc}, nil
}

func (srv *Server) board(r *http.Request) (int, any, error) {
	l, err := srv.lookup(r.PathValue("id"))
	if err != nil {
		return 0, nil, err
	}
	b, ok := l.game.(engine.Boarder)
	if !ok {
		return 0, nil, errf(404, "no_board", "game %s has no board data", l.meta.Game)
	}
	return 200, b.BoardData(), nil
}

// seatAs is the seat whose replay or log a request reads: its own, or after
// the game has ended any seat named by ?as=.
func seatAs(r *http.Request, l *live, seat engine.Seat, over bool) (engine.Seat, error) {
	as := r.URL.Query().Get("as")
	if as == "" {
		return seat, nil
	}
	if !over {
		return "", errf(403, "game_running", "another seat's replay and log are open only after the game has ended")
	}
	if !hasSeat(l.game, engine.Seat(as)) {
		return "", errf(400, "unknown_seat", "game %s has no seat %q; its seats are %v", l.meta.Game, as, l.game.Seats())
	}
	return engine.Seat(as), nil
}

// hasSeat reports whether seat is one of g's seats or the spectator.
func hasSeat(g engine.Game, seat engine.Seat) bool {
	if seat == engine.Spectator {
		return true
	}
	for _, s := range g.Seats() {
		if s == seat {
			return true
		}
	}
	return false
}
