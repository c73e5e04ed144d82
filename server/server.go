// Package server serves sandtable games over HTTP and WebSocket: a lobby,
// seats with secret tokens, bots, live views and replays (docs/api.md).
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games"
	"sandtable/server/store"
)

// Config sets up a server.
type Config struct {
	DB       string        // SQLite database file
	BotDelay time.Duration // time from a bot's turn to its move, which it thinks in, so people can follow
	Logger   *slog.Logger
	// Static serves the browser client (web.Handler()); nil serves none.
	Static http.Handler
	// RatePerSecond limits requests per client address (0: 50).
	RatePerSecond float64
	// MaxGames bounds the games in progress (0: 20,000); creating more is
	// refused. Finished and archived games do not count.
	MaxGames int
	// GamesPerHour is how many games one client (an IPv4 address, an IPv6
	// /64) may create or import an hour, all at once at most (0: 20).
	GamesPerHour float64
	// SocketsPerClient bounds the WebSockets one client holds open (0: 32).
	SocketsPerClient int
	// ArchiveAfter archives games idle (no choice, no undo) for longer: they
	// leave memory and the cap, and stay readable and replayable (0: never).
	ArchiveAfter time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For,
	// -Proto and -Host headers are believed (client addresses, public URL).
	TrustedProxies []netip.Prefix
	// PublicURL is the server's address as browsers reach it, e.g.
	// https://games.example.org (invite links, Origin checks); empty: the
	// address each request was sent to.
	PublicURL string
	// BotCores is how many cores bots may think on at once (0: half the
	// machine's, at least one): bot games, hints and estimates wait for a
	// core rather than slow down the people playing.
	BotCores int
	// MetricsElsewhere leaves /metrics out of Handler: the caller serves
	// MetricsHandler on another address.
	MetricsElsewhere bool
}

// Server holds every game in memory and its record in the store.
type Server struct {
	cfg     Config
	log     *slog.Logger
	store   *store.SQLite
	mu      sync.RWMutex
	games   map[string]*live
	tokens  map[string]store.Token // by hash
	damaged map[string]bool        // quarantined games (never in games)
	// games of other rules that do not replay under this server's, with
	// the answer for their players (never in games)
	otherRules map[string]*apiError
	// archived games, read from the store when asked for (never in games)
	archived map[string]bool
	// recent archived games read, so that asking again does not replay
	reread  map[string]*live
	running atomic.Int64 // games in progress, under MaxGames
	quota   *limiter     // game creations per client
	sockets counter      // WebSockets per client
	// work counts what must end before the store closes: WebSocket
	// handlers and bot moves (Shutdown waits for it).
	work    sync.WaitGroup
	workMu  sync.Mutex    // orders work.Add before Shutdown's Wait
	closing chan struct{} // closed by Shutdown
	// bots is where bots think; botCtx ends with Shutdown and stops them
	bots      *botPool
	newBot    func(name string, c ai.Config) (ai.Bot, error) // ai.New (tests add their own bots)
	hintBot   string                                         // the bot that gives hints (hints.go)
	botCtx    context.Context
	botCancel context.CancelFunc
	health    struct { // the last store write check (healthz)
		sync.Mutex
		at  time.Time
		err error
	}
	metrics *metrics
	limiter *limiter
	mux     *http.ServeMux
	// timers runs the reaction clocks: the system's time, or in tests a
	// time that the test moves on
	timers timers
	// wsPing replaces the WebSocket keepalive interval (tests)
	wsPing time.Duration
}

// New opens the database and rebuilds every game from its record.
func New(cfg Config) (*Server, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.RatePerSecond == 0 {
		cfg.RatePerSecond = 50
	}
	if cfg.MaxGames == 0 {
		cfg.MaxGames = 20000
	}
	if cfg.GamesPerHour == 0 {
		cfg.GamesPerHour = 20
	}
	if cfg.SocketsPerClient == 0 {
		cfg.SocketsPerClient = 32
	}
	st, err := store.OpenSQLite(cfg.DB)
	if err != nil {
		return nil, err
	}
	srv := &Server{cfg: cfg, log: cfg.Logger, store: st, games: map[string]*live{}, tokens: map[string]store.Token{}, damaged: map[string]bool{}, otherRules: map[string]*apiError{},
		archived: map[string]bool{}, reread: map[string]*live{}, metrics: newMetrics(), limiter: newLimiter(cfg.RatePerSecond, 2*cfg.RatePerSecond),
		quota: newLimiter(cfg.GamesPerHour/3600, cfg.GamesPerHour), sockets: counter{n: map[string]int{}}, closing: make(chan struct{}), timers: systemTimers{},
		newBot: ai.New, hintBot: ai.Default}
	srv.bots = newBotPool(cfg.BotCores, srv.metrics.botWait, srv.metrics.botThink)
	srv.botCtx, srv.botCancel = context.WithCancel(context.Background())
	srv.metrics.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "sandtable_games", Help: "Games in progress held by the server."},
		func() float64 { return float64(srv.running.Load()) }))
	saved, tokens, damaged, err := st.Load(context.Background())
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("loading games from %s: %w", cfg.DB, err)
	}
	for _, d := range damaged {
		srv.quarantine(d.ID, d.Err)
	}
	for _, g := range saved {
		if g.Archived {
			srv.archived[g.ID] = true
			continue
		}
		l, err := srv.open(g)
		var rc *rulesChanged
		switch {
		case errors.As(err, &rc):
			srv.otherRules[g.ID] = rc.answer()
			srv.log.Error("a stored game of other rules does not replay under this server's; it is not served, its rows left as they are", "game", g.ID, "err", err)
			continue
		case err != nil:
			srv.quarantine(g.ID, fmt.Errorf("it does not replay: %w", err))
			continue
		}
		if l.notice != "" {
			srv.log.Warn("a stored game of older rules goes on under this server's", "game", g.ID, "note", l.notice)
		}
		srv.games[g.ID] = l
		if !g.Over {
			srv.running.Add(1)
		}
	}
	for _, t := range tokens {
		if srv.games[t.GameID] != nil || srv.archived[t.GameID] {
			srv.tokens[t.Hash] = t
		}
	}
	srv.log.Info("games loaded", "games", len(srv.games), "archived", len(srv.archived), "quarantined", len(srv.damaged), "other_rules", len(srv.otherRules), "db", cfg.DB)
	srv.routes()
	if cfg.ArchiveAfter > 0 {
		go srv.archiver()
	}
	for _, l := range srv.games { // bots that were to move when the server stopped
		l.mu.Lock()
		srv.afterChange(l)
		l.mu.Unlock()
	}
	return srv, nil
}

// quarantine keeps a damaged game out of play: it is not served (its
// calls answer 503 game_damaged) and its rows stay in the store as they are,
// for its operator to repair or remove.
func (srv *Server) quarantine(id string, err error) {
	srv.damaged[id] = true
	srv.log.Error("a stored game is damaged; it is quarantined: not served, its rows left as they are", "game", id, "err", err)
}

// begin counts one piece of work that Shutdown waits for; false once the
// server is shutting down.
func (srv *Server) begin() bool {
	srv.workMu.Lock()
	defer srv.workMu.Unlock()
	select {
	case <-srv.closing:
		return false
	default:
		srv.work.Add(1)
		return true
	}
}

// Shutdown ends what would outlive the HTTP server's own Shutdown: it
// closes every WebSocket (going away), stops bots, clocks and the archiver,
// and waits for them, or for ctx. Call it before Close.
func (srv *Server) Shutdown(ctx context.Context) error {
	srv.workMu.Lock()
	select {
	case <-srv.closing:
	default:
		close(srv.closing)
		srv.botCancel()
	}
	srv.workMu.Unlock()
	done := make(chan struct{})
	go func() { srv.work.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("shutting down: %w (work still running)", ctx.Err())
	}
}

// Close shuts the server down (waiting up to five seconds) and closes its store.
func (srv *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		srv.log.Warn("closing the store with work still running", "err", err)
	}
	return srv.store.Close()
}

// Handler is the HTTP handler of the whole server.
func (srv *Server) Handler() http.Handler { return srv.mux }

// open builds a live game from its stored record.
func (srv *Server) open(g store.Game) (*live, error) {
	eg, err := games.Get(g.Game)
	if err != nil {
		return nil, err
	}
	l := &live{meta: g, game: eg, choices: g.Choices, subs: map[*subscriber]struct{}{}, bots: map[engine.Seat]ai.Bot{},
		draw: drawOffer{by: engine.Seat(g.DrawBy), at: g.DrawAt}}
	for seat, kind := range g.Seats {
		if name, ok := strings.CutPrefix(kind, "bot:"); ok {
			b, err := srv.newBot(name, ai.Config{Seed: ai.BotSeed(g.Seed, seat), Yield: srv.bots.yield})
			if err != nil {
				return nil, err
			}
			l.bots[engine.Seat(seat)] = b
		}
	}
	// A game of older rules is replayed under this server's and goes on
	// with a notice to its players; one whose choices are no longer legal
	// stays in the store, unserved (docs/formats.md, "Versions").
	from := max(g.Rules, 1)
	note, _, err := engine.RulesSince(eg, from)
	if err != nil {
		return nil, &rulesChanged{game: g.ID, kind: g.Game, from: from, cur: engine.RulesVersion(eg), err: err}
	}
	if err := l.rebuild(); err != nil {
		if note != "" {
			return nil, &rulesChanged{game: g.ID, kind: g.Game, from: from, cur: engine.RulesVersion(eg), err: fmt.Errorf("%s; under rules %d: %w", note, engine.RulesVersion(eg), err)}
		}
		return nil, err
	}
	l.notice = note
	return l, nil
}

// rulesChanged: a stored game of other rules than the server's (newer, or
// older with a choice no longer legal) does not replay here.
type rulesChanged struct {
	game, kind string
	from, cur  int
	err        error
}

func (e *rulesChanged) Error() string { return e.err.Error() }
func (e *rulesChanged) Unwrap() error { return e.err }

// answer tells the game's players why it is not served. It does not name
// the choice that fails: a choice may be what a seat may not know.
func (e *rulesChanged) answer() *apiError {
	return errf(503, "rules_changed", "game %s was played under %s rules %d, and it does not replay under the %s rules %d that this server plays; a sandtable that plays %s rules %d can serve it (the server's log says why)",
		e.game, e.kind, e.from, e.kind, e.cur, e.kind, e.from)
}

// create starts a new game and stores it; it returns the seat tokens.
func (srv *Server) create(ctx context.Context, g store.Game) (*live, map[string]string, error) {
	eg, err := games.Get(g.Game)
	if err != nil {
		return nil, nil, errf(400, "unknown_game", "%v", err)
	}
	seats := map[string]bool{}
	for _, s := range eg.Seats() {
		seats[string(s)] = true
		if g.Seats[string(s)] == "" {
			g.Seats[string(s)] = "human"
		}
	}
	for s, kind := range g.Seats {
		if !seats[s] {
			return nil, nil, errf(400, "unknown_seat", "game %s has no seat %q; its seats are %v", g.Game, s, eg.Seats())
		}
		if name, ok := strings.CutPrefix(kind, "bot:"); ok {
			if _, err := srv.newBot(name, ai.Config{}); err != nil {
				return nil, nil, errf(400, "unknown_bot", "%v", err)
			}
		} else if kind != "human" {
			return nil, nil, errf(400, "bad_seat", "seat %s: %q is neither \"human\" nor \"bot:NAME\"", s, kind)
		}
	}
	if len(g.Position) == 0 {
		opts, err := engine.ResolveOptions(eg, g.Options)
		if err != nil {
			return nil, nil, errf(400, "bad_option", "%v", err)
		}
		g.Options = opts
		if _, err := eg.New(g.Scenario, g.Options, g.Seed); err != nil {
			return nil, nil, errf(400, "bad_game", "%v", err)
		}
	}
	if g.Rules == 0 {
		g.Rules = engine.RulesVersion(eg)
	}
	g.ID = "g_" + randomHex(8)
	g.Created = time.Now().UTC()
	l, err := srv.open(g)
	if err != nil {
		return nil, nil, errf(400, "bad_record", "%v", err)
	}
	g.Over = l.state.ToMove() == ""
	l.meta.Over = g.Over
	g.Updated, l.meta.Updated = g.Created, g.Created
	// A place under the cap is taken before the game is stored, atomically:
	// counting and then inserting let a flood of creations past the cap.
	if !g.Over && !srv.reserve() {
		return nil, nil, errf(503, "server_full", "the server holds as many games in progress as it may (%d); try again later or ask its operator", srv.cfg.MaxGames)
	}
	tokens := map[string]string{}
	var rows []store.Token
	for seat, kind := range g.Seats {
		if kind == "human" {
			t := "t_" + randomHex(16)
			tokens[seat] = t
			rows = append(rows, store.Token{Hash: hashToken(t), GameID: g.ID, Seat: seat})
		}
	}
	if err := srv.store.CreateGame(ctx, g, rows); err != nil {
		if !g.Over {
			srv.running.Add(-1)
		}
		srv.log.Error("storing a new game failed", "game", g.ID, "err", err)
		return nil, nil, errf(500, "store_failed", "the game could not be stored; try again later")
	}
	srv.mu.Lock()
	srv.games[g.ID] = l
	for _, r := range rows {
		srv.tokens[r.Hash] = r
	}
	srv.mu.Unlock()
	l.mu.Lock()
	srv.afterChange(l)
	l.mu.Unlock()
	srv.log.Info("game created", "game", g.ID, "kind", g.Game, "seats", g.Seats)
	return l, tokens, nil
}

// lookup finds a game; an archived one is read from the store, to be read
// and replayed only.
func (srv *Server) lookup(id string) (*live, error) {
	srv.mu.RLock()
	l, ok := srv.games[id]
	if !ok {
		l, ok = srv.reread[id]
	}
	damaged, archived, other := srv.damaged[id], srv.archived[id], srv.otherRules[id]
	srv.mu.RUnlock()
	switch {
	case ok:
		return l, nil
	case other != nil:
		return nil, other
	case damaged:
		return nil, errf(503, "game_damaged", "game %s is damaged in the server's store and is not served; its operator has the details in the server's log", id)
	case !archived:
		return nil, errf(404, "no_game", "there is no game %q", id)
	}
	g, err := srv.store.LoadGame(context.Background(), id)
	if err == nil {
		l, err = srv.open(g)
	}
	var rc *rulesChanged
	if errors.As(err, &rc) {
		srv.log.Error("an archived game of other rules does not replay under this server's; it is not served", "game", id, "err", err)
		return nil, rc.answer()
	}
	if err != nil {
		return nil, fmt.Errorf("reading archived game %s: %w", id, err)
	}
	srv.mu.Lock()
	if len(srv.reread) >= rereadMax {
		for k := range srv.reread { // forget any one
			delete(srv.reread, k)
			break
		}
	}
	srv.reread[id] = l
	srv.mu.Unlock()
	return l, nil
}

// rereadMax bounds the archived games kept in memory after being read.
const rereadMax = 64

// reserve takes a place under the cap for a game in progress; false when full.
func (srv *Server) reserve() bool {
	for {
		n := srv.running.Load()
		if n >= int64(srv.cfg.MaxGames) {
			return false
		}
		if srv.running.CompareAndSwap(n, n+1) {
			return true
		}
	}
}

// seatOf resolves a token for a game: the spectator seat without a token.
func (srv *Server) seatOf(id, token string) (engine.Seat, error) {
	if token == "" {
		return engine.Spectator, nil
	}
	srv.mu.RLock()
	t, ok := srv.tokens[hashToken(token)]
	srv.mu.RUnlock()
	if !ok || t.GameID != id {
		return "", errf(401, "bad_token", "this token is not a seat of game %s; open the invite link again", id)
	}
	return engine.Seat(t.Seat), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's random source failed: nothing is safe
	}
	return hex.EncodeToString(b)
}

func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}
