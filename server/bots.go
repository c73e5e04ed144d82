package server

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// botThinkMax bounds one bot choice whatever its level asks for: a bot that
// has not answered by then is stopped and answers with what it has.
const botThinkMax = 30 * time.Second

// botPool lets bots think on at most a set number of cores at once, so that
// bot games cannot starve the people playing (issue 7 section 2). A bot
// thinks on a clone of its game, outside the game's lock; waiting bots take
// their turn in the order they came.
type botPool struct {
	slots chan struct{}
}

// defaultBotCores is half the machine, at least one core.
func defaultBotCores() int { return max(1, runtime.NumCPU()/2) }

func newBotPool(cores int) *botPool {
	if cores <= 0 {
		cores = defaultBotCores()
	}
	return &botPool{slots: make(chan struct{}, cores)}
}

// run calls think on one of the pool's cores, once one is free; it gives up
// if ctx ends first.
func (p *botPool) run(ctx context.Context, think func()) error {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.slots }()
	think()
	return nil
}

// botMove lets a bot choose for its seat, its move made delay after it
// was asked. It thinks on a clone in the bot pool during that pause, so
// that when its move comes does not tell how long it thought: a bot with
// one choice answers at once, and the other seat must not learn from
// that, say, that no hidden gun could attack here (soa:13.8). A change to
// the game meanwhile (an undo, a resignation, the server shutting down)
// stops it, and a choice made for a version that has passed is refused by
// submit.
func (srv *Server) botMove(l *live, b ai.Bot, version int, delay time.Duration) {
	defer srv.work.Done()
	due := time.Now().Add(delay)
	ctx, cancel := context.WithTimeout(srv.botCtx, delay+botThinkMax)
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
	queued := time.Now()
	var a engine.Action
	var err error
	if perr := srv.bots.run(ctx, func() {
		srv.metrics.botWait.Observe(time.Since(queued).Seconds())
		start := time.Now()
		tctx, stop := context.WithTimeout(ctx, botThinkMax)
		defer stop()
		a, err = think(tctx, b, clone)
		srv.metrics.botThink.Observe(time.Since(start).Seconds())
	}); perr != nil {
		return // stopped while waiting for a core
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		return // stopped by a change or the shutdown: a bot that thinks by the clock answers all the same, with a choice it did not finish weighing
	}
	if err != nil {
		srv.log.Error("bot failed", "game", l.meta.ID, "seat", seat, "bot", b.Name(), "err", err)
		return
	}
	select {
	case <-time.After(time.Until(due)):
	case <-ctx.Done():
		return
	}
	id := clone.Describe(a).ID
	if _, _, err := srv.submit(context.Background(), l, seat, version, id); err != nil {
		var ae *apiError
		if !errors.As(err, &ae) || (ae.code != "stale_version" && ae.code != "archived") {
			srv.log.Error("bot move refused", "game", l.meta.ID, "seat", seat, "choice", id, "err", err)
		}
		return
	}
	srv.noteEstimate(l, b, seat, version)
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
