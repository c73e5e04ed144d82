package server

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/server/store"
)

// botThinkMax bounds one bot choice whatever its level asks for: a bot that
// has not answered by then is stopped and answers with what it has.
const botThinkMax = 30 * time.Second

// botPool lets bots think on at most a set number of cores at once, so that
// bot games cannot starve the people playing (issue 7 section 2). A bot
// thinks on a clone of its game, outside the game's lock; waiting bots take
// their turn in the order they came. Within its cores a bot gives way to
// people's requests (yield): Go cannot run one goroutine at a lower
// priority than another, so the bots pause while the people's requests
// being served would fill the cores left to them.
type botPool struct {
	slots chan struct{}
	// people is how many people's requests are being served; bots give
	// way once it reaches free, the cores the pool leaves them
	people atomic.Int32
	free   int32
	// wait and think observe how long a bot waited for a core and how
	// long it then thought (/metrics)
	wait, think prometheus.Observer
}

// defaultBotCores is half the machine, at least one core.
func defaultBotCores() int { return max(1, runtime.NumCPU()/2) }

func newBotPool(cores int, wait, think prometheus.Observer) *botPool {
	if cores <= 0 {
		cores = defaultBotCores()
	}
	free := int32(max(1, runtime.GOMAXPROCS(0)-cores))
	return &botPool{slots: make(chan struct{}, cores), free: free, wait: wait, think: think}
}

// serving counts a person's request as being served until the returned
// func is called.
func (p *botPool) serving() (done func()) {
	p.people.Add(1)
	return func() { p.people.Add(-1) }
}

// giveWay is the longest a bot pauses at one yield while people's requests
// fill their cores: under a steady stream of requests a bot still thinks
// some tenth of its time (it yields every 0.1 ms or so), and a count left
// high by mistake cannot stop it.
const giveWay = time.Millisecond

// giveWayPoll is how often a pausing bot looks whether the people's
// requests are served.
const giveWayPoll = 50 * time.Microsecond

// yield is the bots' ai.Config.Yield: it pauses while people's requests
// fill the cores the pool leaves them, for giveWay at most, else lets the
// other goroutines run.
func (p *botPool) yield() {
	if p.people.Load() < p.free {
		runtime.Gosched()
		return
	}
	end := time.Now().Add(giveWay)
	for p.people.Load() >= p.free && time.Now().Before(end) {
		time.Sleep(giveWayPoll)
	}
}

// run calls think on one of the pool's cores, once one is free; it gives up
// if ctx ends first.
func (p *botPool) run(ctx context.Context, think func()) error {
	queued := time.Now()
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.slots }()
	start := time.Now()
	p.wait.Observe(start.Sub(queued).Seconds())
	think()
	p.think.Observe(time.Since(start).Seconds())
	return nil
}

// botMove lets a bot choose for its seat, its move made delay after it
// was asked. It thinks on a clone in the bot pool during that pause, so
// that when its move comes does not tell how long it thought: a bot with
// one choice answers at once, and the other seat must not learn from
// that, say, that no hidden gun could attack here (soa:13.8). A bot that
// thinks by the clock (ai.Pacer) moves no sooner than its time for each
// choice after it began, when that is longer than the pause (set-ups are
// not paused, nor paced). In a set-up
// it makes its whole run of choices before any is made in the game
// (botRun). A change to the game meanwhile (an undo, a resignation, the
// server shutting down) stops it, and a choice made for a version that has
// passed is refused.
func (srv *Server) botMove(l *live, b ai.Bot, version int, delay time.Duration) {
	defer srv.work.Done()
	due := time.Now().Add(delay)
	ctx, cancel := context.WithCancel(srv.botCtx)
	defer cancel()
	l.mu.Lock()
	if len(l.choices) != version || l.state.ToMove() == "" {
		l.mu.Unlock()
		return
	}
	if l.botThinking != nil {
		l.botThinking()
	}
	l.botThinking = cancel
	seat, clone := l.state.ToMove(), l.state.Clone()
	l.mu.Unlock()

	l.botMu.Lock()
	defer l.botMu.Unlock()
	var run []botChoice
	var err error
	if perr := srv.bots.run(ctx, func() {
		start := time.Now()
		run, err = botRun(ctx, b, clone, seat)
		if p, ok := b.(ai.Pacer); ok && delay > 0 { // with a margin for the clock's last check
			if paced := start.Add(time.Duration(len(run)) * p.Think() * 5 / 4); paced.After(due) {
				due = paced
			}
		}
	}); perr != nil {
		return // stopped while waiting for a core
	}
	if ctx.Err() != nil {
		return // stopped by a change or the shutdown: a bot that thinks by the clock answers all the same, with a choice it did not finish weighing
	}
	if err != nil {
		// A game must not wait for ever on a bot that cannot choose: it
		// moves at random this once, and the failure is logged to be fixed.
		srv.log.Error("bot failed; it makes a random choice instead", "game", l.meta.ID, "seat", seat, "bot", b.Name(), "err", err)
		if run, err = srv.randomRun(ctx, l, version, seat); err != nil {
			srv.log.Error("bot's random choice failed too; the game waits", "game", l.meta.ID, "seat", seat, "err", err)
			return
		}
	}
	select {
	case <-time.After(time.Until(due)):
	case <-ctx.Done():
		return
	}
	if err := srv.submitRun(l, seat, version, run); err != nil {
		var ae *apiError
		if !errors.As(err, &ae) || (ae.code != "stale_version" && ae.code != "archived") {
			srv.log.Error("bot move refused", "game", l.meta.ID, "seat", seat, "choice", run[0].id, "choices", len(run), "err", err)
		}
	}
}

// randomRun is the random bot's run for seat at version, for a bot that
// failed; an error if the game has moved on.
func (srv *Server) randomRun(ctx context.Context, l *live, version int, seat engine.Seat) ([]botChoice, error) {
	l.mu.Lock()
	if len(l.choices) != version {
		l.mu.Unlock()
		return nil, fmt.Errorf("the game moved on to version %d", len(l.choices))
	}
	clone := l.state.Clone()
	l.mu.Unlock()
	b, err := ai.New("random", ai.Config{Seed: ai.BotSeed(l.meta.Seed, string(seat)) + uint64(version)})
	if err != nil {
		return nil, err
	}
	return botRun(ctx, b, clone, seat)
}

// botChoice is one choice of a bot's run: its ID, how many atomic choices
// (versions) the run made before it, and the bot's estimate after it.
type botChoice struct {
	id        string
	at        int
	p         float64
	estimated bool
}

// botRun is what b chooses for seat in s, each choice thought for at most
// botThinkMax: one choice, or in a set-up (engine.SettingUp) the seat's
// whole run of set-up choices, played on s. The run then reaches the other
// seats as one change: made one by one, its choices would show them how
// the bot set up (a platoon at once or unit by unit) and at what pace
// (soa:5.5).
func botRun(ctx context.Context, b ai.Bot, s engine.State, seat engine.Seat) ([]botChoice, error) {
	var run []botChoice
	at := 0
	for ctx.Err() == nil {
		tctx, stop := context.WithTimeout(ctx, botThinkMax)
		a, err := think(tctx, b, s)
		stop()
		if err != nil {
			return nil, err
		}
		c := botChoice{id: s.Describe(a).ID, at: at}
		if e, ok := b.(ai.Estimator); ok {
			c.p, c.estimated = e.Estimate()
		}
		run = append(run, c)
		su, ok := s.(engine.SettingUp)
		if !ok || !su.SettingUp() {
			return run, nil
		}
		made, err := engine.Apply(s, a)
		if err != nil {
			return nil, err
		}
		at += len(made)
		if s.ToMove() != seat || !su.SettingUp() {
			return run, nil
		}
	}
	return nil, ctx.Err()
}

// submitRun makes a bot's run of choices, made for version, as one change
// and keeps the bot's estimates after them.
func (srv *Server) submitRun(l *live, seat engine.Seat, version int, run []botChoice) error {
	start := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if err := l.open(version); err != nil {
		return err
	}
	ids := make([]string, len(run))
	for i, c := range run {
		ids[i] = c.id
	}
	next := l.state.Clone()
	made, err := playBatch(next, seat, ids)
	if err != nil {
		return err
	}
	if _, _, err := srv.commit(context.Background(), l, next, made, start); err != nil {
		return err
	}
	for _, c := range run {
		if c.estimated {
			srv.addEstimate(l, store.Estimate{Version: version + c.at, Seat: string(seat), P: c.p})
		}
	}
	return nil
}

// think asks b for its choice in s; a bot that panics is reported, not
// allowed to take the server down.
func think(ctx context.Context, b ai.Bot, s engine.State) (a engine.Action, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("bot %s panicked: %v", b.Name(), r)
		}
	}()
	return ai.Move(ctx, b, s)
}
