package server

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"time"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/server/store"
)

// hintBudget is how long the hint bot thinks for one hint, once it has a
// core; hintWait bounds the wait for one.
const (
	hintBudget = time.Second
	hintWait   = 10 * time.Second
)

type hintAnswer struct {
	Version int           `json:"version"`
	Bot     string        `json:"bot"`
	Choice  engine.Choice `json:"choice"`
	// Estimate is the bot's estimate of the seat's chance to win, when the
	// bot makes one (ai.Estimator).
	Estimate *float64 `json:"estimate,omitempty"`
}

// hint asks the hint bot what the caller's seat should choose now. The bot
// gets the seat's turn on a clone, so it knows only what the seat knows,
// and thinks in the bot pool like any bot (issue 7 section 2). A change to
// the game meanwhile stops it: its hint would be for a position gone.
func (srv *Server) hint(r *http.Request) (int, any, error) {
	l, seat, err := srv.player(r, "a hint")
	if err != nil {
		return 0, nil, err
	}
	var req choiceRequest
	if err := readJSON(r, &req); err != nil {
		return 0, nil, err
	}
	if req.Version == nil || req.Choice != "" {
		return 0, nil, errf(400, "bad_json", "send {\"version\": N}")
	}
	version := *req.Version
	ctx, stop := context.WithCancel(r.Context())
	defer stop()
	clone, clock, current, err := srv.startHint(l, seat, version, stop)
	if err != nil {
		return 0, current, err
	}
	defer func() {
		l.mu.Lock()
		delete(l.hinting, seat)
		l.mu.Unlock()
	}()
	b, err := srv.newBot(srv.hintBot, ai.Config{Seed: rand.Uint64(), Workers: 1, Yield: srv.bots.yield})
	if err != nil {
		return 0, nil, err
	}
	wait, cancel := context.WithTimeout(ctx, hintWait)
	defer cancel()
	var a engine.Action
	var thinkErr error
	waitErr := srv.bots.run(wait, func() {
		ctx, cancel := context.WithTimeout(ctx, hintBudget)
		defer cancel()
		a, thinkErr = think(ctx, b, clone)
	})
	l.mu.Lock()
	defer l.mu.Unlock()
	switch {
	case l.clock != clock: // an undo and another choice may come back to the version
		return 0, len(l.choices), errf(409, "stale_version", "the game changed (it is at version %d) while the hint was worked out; ask again", len(l.choices))
	case waitErr != nil:
		return 0, nil, errf(503, "bots_busy", "every core the server gives bots is busy; ask for the hint again in a moment")
	case thinkErr != nil:
		srv.log.Error("hint failed", "game", l.meta.ID, "seat", seat, "bot", b.Name(), "err", thinkErr)
		return 0, nil, errf(500, "hint_failed", "the hint bot failed; the server's log says why")
	}
	ans := hintAnswer{Version: version, Bot: b.Name(), Choice: clone.Describe(a)}
	if e, ok := b.(ai.Estimator); ok {
		if p, ok := e.Estimate(); ok {
			ans.Estimate = &p
			srv.addEstimate(l, store.Estimate{Version: version, Seat: string(seat), P: p})
		}
	}
	return 200, ans, nil
}

// startHint checks that seat may have a hint at version and marks it as
// asking, with stop to call when the game changes; it returns a clone of
// the game for the hint bot, the game's clock (live.clock) and its version.
func (srv *Server) startHint(l *live, seat engine.Seat, version int, stop context.CancelFunc) (clone engine.State, clock uint64, current int, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	current = len(l.choices)
	switch {
	case !l.meta.Hints:
		return nil, 0, current, errf(403, "no_hints", "game %s was created without hints; hints are a creation option (\"hints\": true) that every seat sees", l.meta.ID)
	case l.state.ToMove() == "":
		return nil, 0, current, errf(410, "game_over", "the game has ended")
	}
	if err := l.open(version); err != nil {
		return nil, 0, current, err
	}
	if l.state.ToMove() != seat {
		return nil, 0, current, errf(403, "not_your_turn", "a hint is for the seat to move, and %s is to move, not %s; ask when it is your move", l.state.ToMove(), seat)
	}
	if l.hinting[seat] != nil {
		return nil, 0, current, errf(429, "hint_running", "a hint for %s is being worked out; wait for its answer before asking again", seat)
	}
	if l.hinting == nil {
		l.hinting = map[engine.Seat]context.CancelFunc{}
	}
	l.hinting[seat] = stop
	return l.state.Clone(), l.clock, current, nil
}

// addEstimate stores an estimate and keeps it with the game, in version
// order, replacing one of the same version and seat (l.mu held, so that an
// undo's removal is stored after it). An estimate that is not stored is
// only logged: the game goes on without it.
func (srv *Server) addEstimate(l *live, e store.Estimate) {
	if err := srv.store.AddEstimate(context.Background(), l.meta.ID, e); err != nil {
		srv.log.Error("storing an estimate failed", "game", l.meta.ID, "version", e.Version, "seat", e.Seat, "err", err)
		return
	}
	list := slices.DeleteFunc(l.meta.Estimates, func(x store.Estimate) bool { return x.Version == e.Version && x.Seat == e.Seat })
	i, _ := slices.BinarySearchFunc(list, e.Version, func(x store.Estimate, v int) int { return x.Version - v })
	l.meta.Estimates = slices.Insert(list, i, e)
}

// estimates answers the bots' estimates that the caller may see: once the
// game has ended, all of them; while it runs, in a game with hints, only
// those for the caller's own seat, since a bot's estimate of its own
// chances tells something of what it knows (docs/api.md).
func (srv *Server) estimates(r *http.Request) (int, any, error) {
	l, seat, err := srv.seated(r)
	if err != nil {
		return 0, nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	out := []store.Estimate{}
	switch {
	case l.state.ToMove() == "":
		out = append(out, l.meta.Estimates...)
	case !l.meta.Hints:
		return 0, nil, errf(403, "estimates_secret", "in a game without hints the bots' estimates are shown once it has ended")
	default:
		for _, e := range l.meta.Estimates {
			if e.Seat == string(seat) {
				out = append(out, e)
			}
		}
	}
	return 200, map[string]any{"version": len(l.choices), "seats": l.game.Seats(), "estimates": out}, nil
}
