package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games"
	"sandtable/server"
)

// cmdBenchServe drives many concurrent games through the HTTP and WebSocket
// API of an in-process server on loopback, with durable commits, from
// mid-game positions (real views, real logs), and reports choices per second,
// the latency from sending a choice to its view arriving, and view sizes.
// With --bot-games, games between bots think in the server's bot pool
// meanwhile, and it reports their progress and the pool's times apart.
func cmdBenchServe(e *env, args []string) error {
	fs := flags("bench")
	n := fs.Int("games", 500, "concurrent games")
	seconds := fs.Float64("seconds", 20, "how long to run")
	interval := fs.Duration("interval", time.Second, "time between two choices of one game (0: as fast as answers come)")
	dbDir := fs.String("dir", "", "directory for the database (default: a temporary one)")
	spectators := fs.Int("spectators", 0, "WebSockets watching the first game, as a crowd (or an attacker) would")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the timed run to this file (go tool pprof)")
	blockProfile := fs.String("blockprofile", "", "write where goroutines waited (locks, channels, the store) during the timed run to this file")
	botGames := fs.Int("bot-games", 0, "games played by bots at both seats meanwhile, in the server's bot pool")
	names := ai.Names()
	botName := fs.String("bot", names[len(names)-1], "the bot of the bot games: "+strings.Join(names, ", "))
	botCores := fs.Int("bot-cores", 0, "cores bots may think on at once, as serve --bot-cores (0: half the machine's, at least one)")
	botDelay := fs.Duration("bot-delay", defaultBotDelay, "pause before a bot moves, as serve --bot-delay")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	if !slices.Contains(names, *botName) {
		return usagef("no bot %q; known bots: %s", *botName, strings.Join(names, ", "))
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
	// Every socket comes from this one address: two per game, the spectators, and room for a game being replaced.
	srv, err := server.New(server.Config{DB: filepath.Join(dir, "bench.db"), Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), RatePerSecond: 1e9,
		GamesPerHour: 1e9, SocketsPerClient: 4**n + *spectators + 16, BotCores: *botCores, BotDelay: *botDelay})
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

	// Set-up first: every game imported and its players connected before the clock runs.
	setup, cancelSetup := context.WithCancel(context.Background())
	defer cancelSetup()
	players := make([]*benchPlayer, *n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var setupErr error
	// A few imports at a time: all at once, each took long enough on a busy
	// machine to run into the server's request timeouts.
	slots := make(chan struct{}, 2*runtime.GOMAXPROCS(0))
	for i := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			p := &benchPlayer{c: client, base: base, pick: engine.NewRNG(uint64(i) + 1), interval: *interval}
			if i == 0 {
				p.watchers = *spectators
			}
			if err := p.open(setup); err != nil {
				mu.Lock()
				setupErr = errors.Join(setupErr, err)
				mu.Unlock()
			}
			players[i] = p
		}()
	}
	wg.Wait()
	if setupErr != nil {
		return fmt.Errorf("setting up the games: %w", setupErr)
	}
	// The bot games start last: their bots think from the moment they exist.
	bots := &benchBots{c: client, base: base, bot: *botName}
	botIDs := make([]string, *botGames)
	for i := range botIDs {
		if botIDs[i], err = bots.create(setup); err != nil {
			return fmt.Errorf("setting up the bot games: %w", err)
		}
	}
	// where the bot games and the pool's times are as the clock starts
	waitBefore, thinkBefore, err := botTimes(setup, client, base)
	if err != nil {
		return err
	}
	botFrom := make([]int, len(botIDs))
	for i, id := range botIDs {
		if botFrom[i], _, err = bots.progress(setup, id); err != nil {
			return err
		}
	}

	var lat []time.Duration
	var sizes []int
	errs := 0
	ctx, cancel := context.WithTimeout(setup, time.Duration(*seconds*float64(time.Second)))
	defer cancel()
	stop, err := startProfiles(*cpuProfile, *blockProfile)
	if err != nil {
		return err
	}
	start, loadBefore, cpuBefore := time.Now(), loadAverage(), cpuSeconds()
	botErrs := make(chan error, len(botIDs))
	for i, id := range botIDs {
		go func() { botErrs <- bots.play(ctx, id, botFrom[i]) }()
	}
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := p.play(ctx)
			mu.Lock()
			defer mu.Unlock()
			lat = append(lat, p.latency...)
			sizes = append(sizes, p.viewSizes()...)
			if err != nil && ctx.Err() == nil {
				errs++
				if errs == 1 {
					fmt.Fprintf(e.stderr, "first error: %v\n", err)
				}
			}
		}()
	}
	wg.Wait()
	elapsed, cpu := time.Since(start).Seconds(), cpuSeconds()-cpuBefore
	if err := stop(); err != nil {
		return err
	}
	var botErr error
	for range botIDs {
		botErr = errors.Join(botErr, <-botErrs)
	}
	if botErr != nil {
		return fmt.Errorf("following the bot games: %w", botErr)
	}
	waitAfter, thinkAfter, err := botTimes(setup, client, base)
	if err != nil {
		return err
	}
	slices.Sort(lat)
	slices.Sort(sizes)
	fmt.Fprintf(e.stdout, "games %d, choices %d, choices/s %.0f, p50 %v, p99 %v, max %v, view bytes p50 %d max %d, errors %d\n",
		*n, len(lat), float64(len(lat))/elapsed, quantile(lat, 0.50).Round(10*time.Microsecond), quantile(lat, 0.99).Round(10*time.Microsecond),
		quantile(lat, 1).Round(10*time.Microsecond), quantile(sizes, 0.5), quantile(sizes, 1), errs)
	if *botGames > 0 {
		think, wait := spanOf(thinkBefore, thinkAfter), spanOf(waitBefore, waitAfter)
		fmt.Fprintf(e.stdout, "bot games %d (%s at both seats), choices %d, finished %d; bot choices thought %d, think mean %v p99 %s, wait for a core mean %v p99 %s\n",
			*botGames, *botName, bots.choices, bots.finished, think.n, think.mean, think.p99, wait.mean, wait.p99)
	}
	if loadBefore != "" {
		fmt.Fprintf(e.stdout, "machine load (1, 5, 15 min) before %s, after %s\n", loadBefore, loadAverage())
	}
	switch {
	case cpu > 0 && *botGames > 0:
		fmt.Fprintf(e.stdout, "CPU time (server, players and bots) %.1f s, %.2f cores busy\n", cpu, cpu/elapsed)
	case cpu > 0 && len(lat) > 0:
		fmt.Fprintf(e.stdout, "CPU time (server and players) %.1f s, %.2f ms a choice\n", cpu, 1000*cpu/float64(len(lat)))
	}
	if errs > 0 {
		return fmt.Errorf("%d games failed", errs)
	}
	return nil
}

// benchPlayer is the two players of one game at a time, as their browsers
// play it: a WebSocket per seat that receives the views (with the log by
// cursor), a choice sent when a seat is to move, about interval apart.
// When a game ends, the next one starts. watchers spectators watch it too.
type benchPlayer struct {
	c        *http.Client
	base     string
	pick     engine.RNG
	interval time.Duration
	watchers int
	game     string
	tokens   map[string]string
	views    chan benchView
	close    func()
	latency  []time.Duration // from sending a choice to its view arriving on the chooser's socket
	mu       sync.Mutex      // for sizes: each socket's reader adds to it
	sizes    []int           // the size of each pushed view
}

// benchView is a pushed view as a player's socket received it: its head
// read at once, the whole message decoded only when its seat chooses (a
// browser decodes on its own machine; here the bench shares the server's).
type benchView struct {
	seat            string
	at              time.Time
	err             error
	data            []byte
	version         int
	toMove          string
	logFrom, logLen int
}

// benchKey finds a key's value in a view message: the first or the last
// occurrence of the key. A quote inside a JSON string is escaped, so the
// pattern matches keys only; the server writes version first among the
// top-level keys that hold objects, to_move before the view's state, and the
// log cursor after it.
func benchKey(data []byte, key string, last bool) string {
	k := []byte(`"` + key + `":`)
	i := bytes.Index(data, k)
	if last {
		i = bytes.LastIndex(data, k)
	}
	if i < 0 {
		return ""
	}
	v := data[i+len(k):]
	end := bytes.IndexAny(v, ",}")
	if end < 0 {
		return ""
	}
	return strings.Trim(string(v[:end]), `"`)
}

// head reads the version, the seat to move and the log cursor.
func (v *benchView) head() error {
	var err error
	if v.version, err = strconv.Atoi(benchKey(v.data, "version", false)); err != nil {
		return fmt.Errorf("a view without a version: %.200s", v.data)
	}
	v.toMove = benchKey(v.data, "to_move", false)
	v.logLen, err = strconv.Atoi(benchKey(v.data, "log_len", true))
	if err == nil {
		v.logFrom, err = strconv.Atoi(benchKey(v.data, "log_from", true))
	}
	if err != nil {
		return fmt.Errorf("a view without its log cursor: %w", err)
	}
	return nil
}

// choices decodes the view's choices, and no more of the message: they come
// before the view's state.
func (v *benchView) choices() ([]string, error) {
	d := json.NewDecoder(bytes.NewReader(v.data))
	for _, key := range []string{"view", "choices"} {
		if err := benchSeek(d, key); err != nil {
			return nil, err
		}
	}
	var cs []struct{ ID string }
	if err := d.Decode(&cs); err != nil {
		return nil, err
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	return ids, nil
}

// benchSeek enters the JSON object d is at and reads up to key's value.
func benchSeek(d *json.Decoder, key string) error {
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return fmt.Errorf("the view is not a JSON object where %q is looked for (%v)", key, err)
	}
	for d.More() {
		t, err := d.Token()
		if err != nil {
			return err
		}
		if t == key {
			return nil
		}
		var skip json.RawMessage
		if err := d.Decode(&skip); err != nil {
			return err
		}
	}
	return fmt.Errorf("the view has no %q", key)
}

// benchRecord is a random game's record to a depth drawn from 0 to 2,400
// choices (a game has about 3,400): the bench plays on from there, with the
// position's real view and log.
func benchRecord(pick *engine.RNG) (*engine.Record, error) {
	g, err := games.Get("soa")
	if err != nil {
		return nil, err
	}
	rec := engine.NewRecord(g) // under the game's current rules, so the imported game carries no rules notice
	rec.Scenario, rec.Seed = "basic", uint64(pick.Intn(1<<31))
	s, err := g.New(rec.Scenario, nil, rec.Seed)
	if err != nil {
		return nil, err
	}
	var buf []engine.Action
	for depth := pick.Intn(2400); depth > 0 && s.ToMove() != ""; depth-- {
		buf = s.Legal(buf[:0])
		made, err := engine.Apply(s, buf[pick.Intn(len(buf))])
		if err != nil {
			return nil, err
		}
		rec.Choices = append(rec.Choices, engine.IDs(made)...)
	}
	return rec, nil
}

// open imports a game from a mid-game position and connects its players.
func (p *benchPlayer) open(ctx context.Context) error {
	rec, err := benchRecord(&p.pick)
	if err != nil {
		return err
	}
	body, _ := json.Marshal(rec)
	var created struct {
		ID     string
		Tokens map[string]string
	}
	if err := benchCall(ctx, p.c, "POST", p.base+"/api/import", "", string(body), &created); err != nil {
		return err
	}
	p.game, p.tokens, p.views = created.ID, created.Tokens, make(chan benchView, 64)
	rctx, cancel := context.WithCancel(context.Background()) // the sockets live until the next game or the end
	var conns []*websocket.Conn
	p.close = func() {
		cancel()
		for _, c := range conns {
			c.Close()
		}
	}
	dial := func(query string) (*websocket.Conn, error) {
		conn, _, err := (&websocket.Dialer{EnableCompression: true}).DialContext(ctx,
			"ws"+strings.TrimPrefix(p.base, "http")+"/api/games/"+created.ID+"/ws"+query, nil)
		if err != nil {
			p.close()
			return nil, err
		}
		conns = append(conns, conn)
		conn.SetReadLimit(1 << 20)
		return conn, nil
	}
	for seat, tok := range created.Tokens {
		conn, err := dial("?token=" + tok)
		if err != nil {
			return err
		}
		go p.read(rctx, conn, seat)
	}
	for range p.watchers {
		conn, err := dial("")
		if err != nil {
			return fmt.Errorf("spectator: %w", err)
		}
		go func() { // a spectator takes every view, as a browser does
			for {
				if _, _, err := conn.NextReader(); err != nil {
					return
				}
			}
		}()
	}
	return nil
}

// play plays until the context ends, game after game.
func (p *benchPlayer) play(ctx context.Context) error {
	defer func() { p.close() }()
	// stagger the start so the games do not all move at the same instant
	if p.interval > 0 {
		time.Sleep(time.Duration(p.pick.Intn(int(p.interval))))
	}
	for {
		over, err := p.playGame(ctx)
		if !over || err != nil {
			return err
		}
		p.close()
		if err := p.open(ctx); err != nil {
			return err
		}
	}
}

// playGame plays the open game until it ends (true) or the context does.
func (p *benchPlayer) playGame(ctx context.Context) (bool, error) {
	latest := map[string]benchView{}
	sent := struct {
		seat    string
		version int
		at      time.Time
	}{version: -1}
	var next <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return false, nil
		case v := <-p.views:
			if v.err != nil {
				return false, v.err
			}
			latest[v.seat] = v
			if v.toMove == "" {
				return true, nil
			}
			if sent.version >= 0 && v.seat == sent.seat && v.version > sent.version {
				p.latency = append(p.latency, v.at.Sub(sent.at))
				sent.version = -1
				next = time.After(p.interval/2 + time.Duration(p.pick.Intn(int(max(p.interval, 1)))))
			}
			if next == nil && sent.version < 0 {
				next = time.After(0) // the first views are in
			}
		case <-next:
			next = nil
			var v benchView // the newest view: whose move it is
			for _, l := range latest {
				if l.version >= v.version {
					v = l
				}
			}
			mover, ok := latest[v.toMove]
			if !ok || mover.version != v.version {
				next = time.After(10 * time.Millisecond) // the mover's socket has not had this view yet
				continue
			}
			choices, err := mover.choices()
			if err != nil || len(choices) == 0 {
				return false, fmt.Errorf("the view of %s to move lists no choices (%v)", mover.seat, err)
			}
			b, _ := json.Marshal(map[string]any{"version": mover.version, "choice": choices[p.pick.Intn(len(choices))]})
			sent.seat, sent.version, sent.at = mover.seat, mover.version, time.Now()
			if err := benchCall(ctx, p.c, "POST", p.base+"/api/games/"+p.game+"/choices", p.tokens[mover.seat], string(b), nil); err != nil {
				return false, err
			}
		}
	}
}

// read passes on the views a socket receives, checking that each continues
// the log where the previous one ended (docs/api.md).
func (p *benchPlayer) read(ctx context.Context, conn *websocket.Conn, seat string) {
	cursor := -1
	for {
		_, data, err := conn.ReadMessage()
		if err != nil {
			return // the game is over or the bench is
		}
		v := benchView{seat: seat, at: time.Now(), data: data}
		if err := v.head(); err != nil {
			v.err = err
		} else if cursor >= 0 && v.logFrom > cursor {
			v.err = fmt.Errorf("seat %s: a pushed view skips log lines %d to %d", seat, cursor, v.logFrom)
		}
		cursor = v.logLen
		p.mu.Lock()
		p.sizes = append(p.sizes, len(data))
		p.mu.Unlock()
		select {
		case p.views <- v:
		case <-ctx.Done():
			return
		}
	}
}

func (p *benchPlayer) viewSizes() []int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.sizes
}

// loadAverage is the machine's load average as uptime shows it, "" where
// the system does not tell (the latency of a shared machine depends on it).
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// cpuSeconds is the CPU time the process has used, as /proc tells it (0
// where it does not): on a shared machine the work a choice costs is steadier
// than its latency.
func cpuSeconds() float64 {
	data, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return 0
	}
	_, rest, _ := bytes.Cut(data, []byte(") ")) // after the command's name, which may hold spaces
	f := strings.Fields(string(rest))
	if len(f) < 13 {
		return 0
	}
	user, err1 := strconv.ParseFloat(f[11], 64)
	sys, err2 := strconv.ParseFloat(f[12], 64)
	if err1 != nil || err2 != nil {
		return 0
	}
	return (user + sys) / 100 // clock ticks: 100 a second on Linux
}

// quantile is the p-quantile of sorted values (0 for none).
func quantile[T any](sorted []T, p float64) T {
	var zero T
	if len(sorted) == 0 {
		return zero
	}
	return sorted[min(len(sorted)-1, int(p*float64(len(sorted))))]
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

// startProfiles starts a CPU profile and the block profile as asked ("" for
// none); stop writes them.
func startProfiles(cpu, block string) (stop func() error, err error) {
	var cpuFile *os.File
	if cpu != "" {
		if cpuFile, err = os.Create(cpu); err != nil {
			return nil, err
		}
		if err := pprof.StartCPUProfile(cpuFile); err != nil {
			cpuFile.Close()
			return nil, err
		}
	}
	if block != "" {
		runtime.SetBlockProfileRate(int(100 * time.Microsecond))
	}
	return func() error {
		if cpuFile != nil {
			pprof.StopCPUProfile()
			if err := cpuFile.Close(); err != nil {
				return err
			}
		}
		if block == "" {
			return nil
		}
		runtime.SetBlockProfileRate(0)
		f, err := os.Create(block)
		if err != nil {
			return err
		}
		if err := pprof.Lookup("block").WriteTo(f, 0); err != nil {
			f.Close()
			return err
		}
		return f.Close()
	}, nil
}
