// Package server serves sandtable games over HTTP and WebSocket: a lobby,
// seats with secret tokens, bots, live views and replays (docs/api.md).
package server

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"sync"
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
	BotDelay time.Duration // pause before a bot moves, so people can follow
	Logger   *slog.Logger
	// Static serves the browser client (web.Handler()); nil serves none.
	Static http.Handler
	// RatePerSecond limits requests per client address (0: 50).
	RatePerSecond float64
	// MaxGames bounds the games held in memory (0: 20,000); creating more is refused.
	MaxGames int
	// TrustedProxies are the reverse proxies whose X-Forwarded-For,
	// -Proto and -Host headers are believed (client addresses, public URL).
	TrustedProxies []netip.Prefix
	// PublicURL is the server's address as browsers reach it, e.g.
	// https://games.example.org (invite links, Origin checks); empty: the
	// address each request was sent to.
	PublicURL string
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
	metrics *metrics
	limiter *limiter
	mux     *http.ServeMux
	// timeoutAfter replaces every reaction time (tests)
	timeoutAfter time.Duration
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
	st, err := store.OpenSQLite(cfg.DB)
	if err != nil {
		return nil, err
	}
	srv := &Server{cfg: cfg, log: cfg.Logger, store: st, games: map[string]*live{}, tokens: map[string]store.Token{},
		metrics: newMetrics(), limiter: newLimiter(cfg.RatePerSecond)}
	saved, tokens, err := st.Load(context.Background())
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("loading games from %s: %w", cfg.DB, err)
	}
	for _, t := range tokens {
		srv.tokens[t.Hash] = t
	}
	for _, g := range saved {
		l, err := srv.open(g)
		if err != nil {
			srv.log.Error("a stored game does not replay; it is left out", "game", g.ID, "err", err)
			continue
		}
		if l.notice != "" {
			srv.log.Warn("a stored game of older rules goes on under this server's", "game", g.ID, "note", l.notice)
		}
		srv.games[g.ID] = l
	}
	srv.metrics.games.Set(float64(len(srv.games)))
	srv.log.Info("games loaded", "games", len(srv.games), "db", cfg.DB)
	srv.routes()
	for _, l := range srv.games { // bots that were to move when the server stopped
		l.mu.Lock()
		srv.afterChange(l)
		l.mu.Unlock()
	}
	return srv, nil
}

// Close stops the server's store.
func (srv *Server) Close() error { return srv.store.Close() }

// Handler is the HTTP handler of the whole server.
func (srv *Server) Handler() http.Handler { return srv.mux }

// Registry gives the Prometheus registry (for tests).
func (srv *Server) Registry() *prometheus.Registry { return srv.metrics.reg }

// open builds a live game from its stored record.
func (srv *Server) open(g store.Game) (*live, error) {
	eg, err := games.Get(g.Game)
	if err != nil {
		return nil, err
	}
	l := &live{meta: g, game: eg, choices: g.Choices, subs: map[*subscriber]struct{}{}, bots: map[engine.Seat]ai.Bot{}}
	for seat, kind := range g.Seats {
		if name, ok := strings.CutPrefix(kind, "bot:"); ok {
			b, err := ai.New(name, g.Seed^uint64(len(seat))*0x9e3779b97f4a7c15)
			if err != nil {
				return nil, err
			}
			l.bots[engine.Seat(seat)] = b
		}
	}
	// A game of older rules is replayed under this server's and goes on
	// with a notice to its players; one whose choices are no longer legal
	// stays in the store, unserved (docs/formats.md, "Versions").
	note, _, err := engine.RulesSince(eg, max(g.Rules, 1))
	if err != nil {
		return nil, err
	}
	if err := l.rebuild(); err != nil {
		if note != "" {
			return nil, fmt.Errorf("%s; under rules %d: %w", note, engine.RulesVersion(eg), err)
		}
		return nil, err
	}
	l.notice = note
	return l, nil
}

// create starts a new game and stores it; it returns the seat tokens.
func (srv *Server) create(ctx context.Context, g store.Game) (*live, map[string]string, error) {
	srv.mu.RLock()
	full := len(srv.games) >= srv.cfg.MaxGames
	srv.mu.RUnlock()
	if full {
		return nil, nil, errf(503, "server_full", "the server holds as many games as it may (%d); try again later or ask its operator", srv.cfg.MaxGames)
	}
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
			if _, err := ai.New(name, 0); err != nil {
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
		return nil, nil, errf(500, "store_failed", "the game could not be stored: %v", err)
	}
	srv.mu.Lock()
	srv.games[g.ID] = l
	for _, r := range rows {
		srv.tokens[r.Hash] = r
	}
	srv.metrics.games.Set(float64(len(srv.games)))
	srv.mu.Unlock()
	l.mu.Lock()
	srv.afterChange(l)
	l.mu.Unlock()
	srv.log.Info("game created", "game", g.ID, "kind", g.Game, "seats", g.Seats)
	return l, tokens, nil
}

// lookup finds a game.
func (srv *Server) lookup(id string) (*live, error) {
	srv.mu.RLock()
	defer srv.mu.RUnlock()
	l, ok := srv.games[id]
	if !ok {
		return nil, errf(404, "no_game", "there is no game %q", id)
	}
	return l, nil
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
