package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"sandtable/server"
	"sandtable/web"
)

// cmdServe runs the game server with the browser client (docs/api.md).
func cmdServe(e *env, args []string) error {
	fs := flags("serve")
	addr := fs.String("addr", envOr("SANDTABLE_ADDR", "127.0.0.1:8080"), "address to listen on (env SANDTABLE_ADDR)")
	db := fs.String("db", envOr("SANDTABLE_DB", "sandtable.db"), "SQLite database file, created on first start (env SANDTABLE_DB)")
	level := fs.String("log-level", envOr("SANDTABLE_LOG_LEVEL", "info"), "debug, info, warn or error (env SANDTABLE_LOG_LEVEL)")
	botDelay := fs.Duration("bot-delay", 400*time.Millisecond, "pause before a bot moves")
	rate := fs.Float64("rate", 50, "requests per second allowed per client address")
	maxGames := fs.Int("max-games", 20000, "games held at most; creating more is refused")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(strings.ToUpper(*level))); err != nil {
		return usagef("--log-level %q: use debug, info, warn or error", *level)
	}
	log := slog.New(slog.NewJSONHandler(e.stderr, &slog.HandlerOptions{Level: lv}))
	srv, err := server.New(server.Config{DB: *db, BotDelay: *botDelay, Logger: log, Static: web.Handler(), RatePerSecond: *rate, MaxGames: *maxGames})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	log.Info("serving", "url", "http://"+ln.Addr().String()+"/", "db", *db)
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
