package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/engine"
	"sandtable/server"
)

// cmdBenchServe drives many concurrent games through the HTTP API of an
// in-process server on loopback, with durable commits, and reports choices
// per second and the latency of choice submissions.
func cmdBenchServe(e *env, args []string) error {
	fs := flags("bench")
	n := fs.Int("games", 500, "concurrent games")
	seconds := fs.Float64("seconds", 20, "how long to run")
	interval := fs.Duration("interval", time.Second, "time between two choices of one game (0: as fast as answers come)")
	dbDir := fs.String("dir", "", "directory for the database (default: a temporary one)")
	spectators := fs.Int("spectators", 0, "WebSockets watching the first game, as a crowd (or an attacker) would")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	dir := *dbDir
	if dir == "" {
		d, err := os.MkdirTemp("", "sandtable-bench-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(d)
		dir = d
	}
	srv, err := server.New(server.Config{DB: filepath.Join(dir, "bench.db"), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RatePerSecond: 1e9,
		GamesPerHour: 1e9, SocketsPerClient: *spectators + 16})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler()}
	go hs.Serve(ln)
	defer hs.Close()
	base := "http://" + ln.Addr().String()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *n + 16}}

	var mu sync.Mutex
	var lat []time.Duration
	errs := 0
	ctx, cancel := context.WithTimeout(context.Background(), time.Duration(*seconds*float64(time.Second)))
	defer cancel()
	var wg sync.WaitGroup
	start := time.Now()
	for i := 0; i < *n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			watchers := 0
			if i == 0 {
				watchers = *spectators
			}
			d, err := benchGame(ctx, client, base, i, *interval, watchers)
			mu.Lock()
			lat = append(lat, d...)
			if err != nil && ctx.Err() == nil {
				errs++
				if errs == 1 {
					fmt.Fprintf(e.stderr, "first error: %v\n", err)
				}
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(start).Seconds()
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	fmt.Fprintf(e.stdout, "games %d, choices %d, choices/s %.0f, p50 %v, p99 %v, max %v, errors %d\n",
		*n, len(lat), float64(len(lat))/elapsed, q(0.50).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), q(1).Round(10*time.Microsecond), errs)
	if errs > 0 {
		return fmt.Errorf("%d games failed", errs)
	}
	return nil
}

// benchGame creates a hotseat game, lets watchers spectators watch it, and
// plays random legal choices until the context ends, timing each submission.
func benchGame(ctx context.Context, c *http.Client, base string, i int, interval time.Duration, watchers int) ([]time.Duration, error) {
	var created struct {
		ID     string
		Tokens map[string]string
	}
	body := fmt.Sprintf(`{"game":"soa","seed":"%d","seats":{"german":"human","british":"human"}}`, i+1)
	if err := benchCall(ctx, c, "POST", base+"/api/games", "", body, &created); err != nil {
		return nil, err
	}
	for range watchers {
		ws, _, err := (&websocket.Dialer{EnableCompression: true}).DialContext(ctx, "ws"+strings.TrimPrefix(base, "http")+"/api/games/"+created.ID+"/ws", nil)
		if err != nil {
			return nil, fmt.Errorf("spectator: %w", err)
		}
		context.AfterFunc(ctx, func() { ws.Close() })
		go func() { // a spectator takes every view, as a browser does
			for {
				if _, _, err := ws.NextReader(); err != nil {
					return
				}
			}
		}()
	}
	pick := engine.NewRNG(uint64(i) + 1)
	var out []time.Duration
	// stagger the start so the games do not all move at the same instant
	if interval > 0 {
		time.Sleep(time.Duration(pick.Intn(int(interval))))
	}
	for ctx.Err() == nil {
		var summary struct {
			ToMove  string `json:"to_move"`
			Version int
		}
		if err := benchCall(ctx, c, "GET", base+"/api/games/"+created.ID, "", "", &summary); err != nil {
			return out, err
		}
		if summary.ToMove == "" {
			return out, nil
		}
		tok := created.Tokens[summary.ToMove]
		var v struct {
			View struct{ Choices []struct{ ID string } }
		}
		if err := benchCall(ctx, c, "GET", base+"/api/games/"+created.ID+"/view", tok, "", &v); err != nil {
			return out, err
		}
		if len(v.View.Choices) == 0 {
			return out, fmt.Errorf("game %s: no choices for %s", created.ID, summary.ToMove)
		}
		choice := v.View.Choices[pick.Intn(len(v.View.Choices))].ID
		b, _ := json.Marshal(map[string]any{"version": summary.Version, "choice": choice})
		t0 := time.Now()
		if err := benchCall(ctx, c, "POST", base+"/api/games/"+created.ID+"/choices", tok, string(b), nil); err != nil {
			return out, err
		}
		out = append(out, time.Since(t0))
		if interval > 0 {
			select {
			case <-time.After(interval/2 + time.Duration(pick.Intn(int(interval)))):
			case <-ctx.Done():
			}
		}
	}
	return out, nil
}

func benchCall(ctx context.Context, c *http.Client, method, url, token, body string, out any) error {
	req, _ := http.NewRequestWithContext(ctx, method, url, bytes.NewBufferString(body))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		msg, _ := io.ReadAll(resp.Body)
		return fmt.Errorf("%s %s: %d %s", method, url, resp.StatusCode, msg)
	}
	if out != nil {
		return json.NewDecoder(resp.Body).Decode(out)
	}
	return nil
}
