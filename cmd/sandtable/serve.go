package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"sandtable/server"
	"sandtable/web"
)

// defaultBotDelay is the pause before a bot moves, so that people can
// follow its moves.
const defaultBotDelay = 400 * time.Millisecond

// cmdServe runs the game server with the browser client (docs/api.md).
func cmdServe(e *env, args []string) error {
	fs := flags("serve")
	addr := fs.String("addr", envOr("SANDTABLE_ADDR", "127.0.0.1:8080"), "address to listen on (env SANDTABLE_ADDR)")
	db := fs.String("db", envOr("SANDTABLE_DB", "sandtable.db"), "SQLite database file, created on first start (env SANDTABLE_DB)")
	level := fs.String("log-level", envOr("SANDTABLE_LOG_LEVEL", "info"), "debug, info, warn or error (env SANDTABLE_LOG_LEVEL)")
	botDelay := fs.Duration("bot-delay", defaultBotDelay, "pause before a bot moves")
	botCores := fs.Int("bot-cores", 0, "cores bots may think on at once; bot games and hints wait for one (0: half the machine's, at least one)")
	rate := fs.Float64("rate", 50, "requests per second allowed per client address")
	maxGames := fs.Int("max-games", 20000, "games in progress held at most; creating more is refused (finished and archived games do not count)")
	perHour := fs.Float64("games-per-hour", 20, "games one client (IPv4 address, IPv6 /64) may create or import an hour")
	sockets := fs.Int("sockets-per-client", 32, "WebSockets one client may hold open")
	archive := fs.Duration("archive-after", 0, "archive games idle for longer, e.g. 720h: they stay readable and replayable (0: never)")
	publicURL := fs.String("public-url", envOr("SANDTABLE_PUBLIC_URL", ""), "the address browsers reach the server at, e.g. https://games.example.org, for invite links and Origin checks (default: the address of each request) (env SANDTABLE_PUBLIC_URL)")
	proxies := fs.String("trusted-proxies", envOr("SANDTABLE_TRUSTED_PROXIES", ""), "comma-separated addresses or CIDRs of reverse proxies whose X-Forwarded-For/-Proto/-Host are believed (env SANDTABLE_TRUSTED_PROXIES)")
	metricsAddr := fs.String("metrics-addr", envOr("SANDTABLE_METRICS_ADDR", ""), "serve /metrics on this address instead of --addr, e.g. 127.0.0.1:9090 (env SANDTABLE_METRICS_ADDR)")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	trusted, err := parsePrefixes(*proxies)
	if err != nil {
		return usagef("--trusted-proxies: %v", err)
	}
	if *publicURL != "" {
		if u, err := url.Parse(*publicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || (u.Path != "" && u.Path != "/") {
			return usagef("--public-url %q: give a scheme and host, e.g. https://games.example.org", *publicURL)
		}
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(strings.ToUpper(*level))); err != nil {
		return usagef("--log-level %q: use debug, info, warn or error", *level)
	}
	log := slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: lv}))
	srv, err := server.New(server.Config{DB: *db, BotDelay: *botDelay, BotCores: *botCores, Logger: log, Static: web.Handler(), RatePerSecond: *rate,
		MaxGames: *maxGames, GamesPerHour: *perHour, SocketsPerClient: *sockets, ArchiveAfter: *archive,
		TrustedProxies: trusted, PublicURL: *publicURL, MetricsElsewhere: *metricsAddr != ""})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	// WriteTimeout bounds a response to a client that does not read; a
	// WebSocket bounds each of its writes itself.
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, WriteTimeout: time.Minute, IdleTimeout: 2 * time.Minute}
	servers := []*http.Server{hs}
	if *metricsAddr != "" {
		mln, err := net.Listen("tcp", *metricsAddr)
		if err != nil {
			return err
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", srv.MetricsHandler())
		ms := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
		servers = append(servers, ms)
		go ms.Serve(mln)
		log.Info("serving metrics", "url", "http://"+mln.Addr().String()+"/metrics")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, s := range servers {
			s.Shutdown(sctx)
		}
		// http.Server.Shutdown does not wait for WebSockets, nor for bots.
		if err := srv.Shutdown(sctx); err != nil {
			log.Warn("shutdown", "err", err)
		}
	}()
	shown := "http://" + ln.Addr().String() + "/"
	if *publicURL != "" {
		shown = *publicURL
	}
	log.Info("serving", "url", shown, "addr", ln.Addr().String(), "db", *db)
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-stopped
	log.Info("stopped")
	return nil
}

// parsePrefixes reads a comma-separated list of addresses and CIDRs.
func parsePrefixes(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := netip.ParsePrefix(f)
		if err != nil {
			a, aerr := netip.ParseAddr(f)
			if aerr != nil {
				return nil, fmt.Errorf("%q is neither an address nor a CIDR like 10.0.0.0/8", f)
			}
			p = netip.PrefixFrom(a, a.BitLen())
		}
		out = append(out, p)
	}
	return out, nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
