package server

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/server/store"
)

// live is a game held in memory. Its record (start + choices) is the source
// of truth; the state is the record replayed. Submissions are serialised by mu.
type live struct {
	mu      sync.Mutex
	meta    store.Game
	game    engine.Game
	state   engine.State
	choices []string
	// per choice: the seat that made it and whether it can be undone
	movers   []engine.Seat
	undoable []bool
	subs     map[*subscriber]struct{}
	logSent  map[engine.Seat]int // the log length each seat's sockets hold (docs/api.md, the log by cursor)
	bots     map[engine.Seat]ai.Bot
	// botThinking stops the bot that thinks for this game, if one does
	// (bots.go); a change of the game calls it
	botThinking context.CancelFunc
	// botMu lets one bot of this game think at a time: a bot keeps what it
	// learnt between its choices, so it must not be asked twice at once
	botMu    sync.Mutex
	deadline time.Time // when the seat to move's reaction time runs out (zero: no clock)
	draw     drawOffer // the standing draw offer, if any (endings.go)
	clock    uint64    // counts every change; a clock's timer acts only if it is unchanged
	// hinting stops the hint being worked out for each seat that asked
	// (hints.go); a change of the game calls them
	hinting map[engine.Seat]context.CancelFunc
	// notice tells the players that the game was started under older rules
	// and now goes on under this server's (docs/formats.md, "Versions")
	notice string
}

// apiError is an error with an HTTP status and a short code.
type apiError struct {
	status int
	code   string
	msg    string
}

func (e *apiError) Error() string { return e.msg }

func errf(status int, code, format string, args ...any) *apiError {
	return &apiError{status: status, code: code, msg: fmt.Sprintf(format, args...)}
}

// record is the game's record so far.
func (l *live) record() *engine.Record {
	return &engine.Record{Format: engine.RecordFormat, Game: l.meta.Game, Rules: engine.RulesVersion(l.game), Scenario: l.meta.Scenario, Options: l.meta.Options,
		Seed: l.meta.Seed, Position: l.meta.Position, Choices: append([]string(nil), l.choices...), Hints: l.meta.Hints}
}

// rebuild replays the record into a fresh state, noting who made each choice
// and whether it could be undone.
func (l *live) rebuild() error {
	s, err := engine.Start(l.game, l.record())
	if err != nil {
		return err
	}
	l.movers, l.undoable = l.movers[:0], l.undoable[:0]
	for i, id := range l.choices {
		made, err := engine.Play(l.game, s, id)
		if err != nil {
			return fmt.Errorf("choice %d: %w", i+1, err)
		}
		// A macro stored before records kept atomic choices stays one
		// entry, undone as a whole.
		undoable := true
		for _, m := range made {
			undoable = undoable && m.Irreversible == nil
		}
		l.movers = append(l.movers, made[0].Seat)
		l.undoable = append(l.undoable, undoable)
	}
	l.state = s
	return nil
}

// open checks that a change can be made to the game at version (l.mu held).
func (l *live) open(version int) error {
	if l.state.ToMove() == "" {
		return errf(410, "game_over", "the game has ended")
	}
	if err := l.playable(); err != nil {
		return err
	}
	if version != len(l.choices) {
		return errf(409, "stale_version", "the game is at version %d, not %d; reload the view and choose again", len(l.choices), version)
	}
	return nil
}

// submit applies one choice for seat at version, durably (the caller holds
// no lock). It returns the new version and the record entries made: the
// choice, or a macro's atomic choices.
func (srv *Server) submit(ctx context.Context, l *live, seat engine.Seat, version int, id string) (int, []string, error) {
	start := time.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	return srv.submitLocked(ctx, l, seat, version, id, start)
}

// submitLocked is submit with l.mu held.
func (srv *Server) submitLocked(ctx context.Context, l *live, seat engine.Seat, version int, id string, start time.Time) (int, []string, error) {
	if err := l.open(version); err != nil {
		return len(l.choices), nil, err
	}
	next := l.state.Clone()
	made, err := l.play(next, seat, id)
	if err != nil {
		return len(l.choices), nil, err
	}
	return srv.commit(ctx, l, next, made, start)
}

// commit stores the entries made on next (a copy of the state) in one
// transaction, one version each, and makes next the game's state: all of
// them or, when storing fails, none (l.mu held). It returns the new
// version and the entries' IDs.
func (srv *Server) commit(ctx context.Context, l *live, next engine.State, made []engine.Made, start time.Time) (int, []string, error) {
	over := next.ToMove() == ""
	ids := engine.IDs(made)
	if err := srv.store.AppendChoices(ctx, l.meta.ID, len(l.choices), ids, over); err != nil {
		srv.log.Error("storing a choice failed", "game", l.meta.ID, "n", len(l.choices), "entries", len(made), "err", err)
		return len(l.choices), nil, errf(500, "store_failed", "the choice could not be stored; it was not made")
	}
	l.state = next
	for _, m := range made {
		l.choices = append(l.choices, m.ID)
		l.movers = append(l.movers, m.Seat)
		l.undoable = append(l.undoable, m.Irreversible == nil)
	}
	l.meta.Over = over
	l.meta.Updated = time.Now()
	if over {
		srv.running.Add(-1)
	}
	srv.metrics.choices.Add(float64(len(made)))
	srv.metrics.latency.Observe(time.Since(start).Seconds())
	srv.afterChange(l)
	return len(l.choices), ids, nil
}

// undo takes back seat's last choice while it is reversible.
func (srv *Server) undo(ctx context.Context, l *live, seat engine.Seat, version int) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.choices)
	if err := l.playable(); err != nil {
		return n, err
	}
	if version != n {
		return n, errf(409, "stale_version", "the game is at version %d, not %d", n, version)
	}
	if n == 0 || l.movers[n-1] != seat {
		return n, errf(409, "cannot_undo", "there is no choice of yours to take back")
	}
	if !l.undoable[n-1] {
		return n, errf(409, "cannot_undo", "your last choice cannot be taken back: it used the random generator (dice, chits or cards), revealed something hidden or passed the move")
	}
	keep := l.choices[:n-1]
	saved := l.choices
	l.choices = keep
	// The error details name choices (possibly another seat's secret ones):
	// they go to the log, not to the caller.
	if err := l.rebuild(); err != nil {
		l.choices = saved
		l.rebuild()
		srv.log.Error("undo failed", "game", l.meta.ID, "err", err)
		return n, errf(500, "undo_failed", "undo failed")
	}
	if err := srv.store.Truncate(ctx, l.meta.ID, n-1); err != nil {
		l.choices = saved
		l.rebuild()
		srv.log.Error("storing an undo failed", "game", l.meta.ID, "err", err)
		return n, errf(500, "store_failed", "undo could not be stored; nothing was taken back")
	}
	l.meta.Updated = time.Now()
	l.meta.Estimates = slices.DeleteFunc(l.meta.Estimates, func(e store.Estimate) bool { return e.Version > n-1 })
	srv.afterChange(l)
	return n - 1, nil
}

// playable refuses changes to an archived game.
func (l *live) playable() error {
	if l.meta.Archived {
		return errf(410, "archived", "game %s was archived after a long time without a choice; it can be read and replayed, no longer played", l.meta.ID)
	}
	return nil
}

// afterChange starts the reaction clock, pushes views and lets a bot move (l.mu held).
func (srv *Server) afterChange(l *live) {
	if l.botThinking != nil {
		l.botThinking()
		l.botThinking = nil
	}
	for _, stop := range l.hinting {
		stop()
	}
	l.deadline = time.Time{}
	l.clock++
	b, isBot := l.bots[l.state.ToMove()]
	if c, ok := l.state.(engine.Clocked); ok && !isBot && c.ReactionTime() > 0 {
		if a, ok := c.Timeout(); ok {
			wait := c.ReactionTime()
			l.deadline = srv.timers.Now().Add(wait)
			seat, version, id, clock := l.state.ToMove(), len(l.choices), l.state.Describe(a).ID, l.clock
			srv.timers.AfterFunc(wait, func() { srv.timeout(l, seat, version, id, clock) })
		}
	}
	srv.broadcast(l)
	if isBot && srv.begin() {
		go srv.botMove(l, b, len(l.choices), srv.botDelay(l.state))
	}
}

// timers runs the reaction clocks (systemTimers outside tests).
type timers interface {
	Now() time.Time
	AfterFunc(d time.Duration, f func())
}

type systemTimers struct{}

func (systemTimers) Now() time.Time                      { return time.Now() }
func (systemTimers) AfterFunc(d time.Duration, f func()) { time.AfterFunc(d, f) }

// timeout makes the clock's choice for a seat that did not choose in time
// (e.g. soa:8.17: the impulse passes). It acts only if the clock it was
// started for still runs: the version alone is not enough, since an undo
// returns to an earlier version and restarts the clock there.
func (srv *Server) timeout(l *live, seat engine.Seat, version int, id string, clock uint64) {
	if !srv.begin() {
		return // shutting down: the clock restarts with the server
	}
	defer srv.work.Done()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.clock != clock {
		return // the game moved on (or back) since this clock started
	}
	if _, _, err := srv.submitLocked(context.Background(), l, seat, version, id, time.Now()); err == nil {
		srv.log.Info("reaction time ran out", "game", l.meta.ID, "seat", seat, "choice", id)
	}
}

// viewOf is the view document of seat, with the version and the seat's log
// lines from its client's cursor logFrom on (engine.ViewDoc.ReadLog).
func (l *live) viewOf(seat engine.Seat, logFrom int) map[string]any {
	doc := engine.MakeView(l.meta.Game, l.state, seat)
	doc.ReadLog(l.state, logFrom, engine.ViewLogMax)
	v := map[string]any{"version": len(l.choices), "seat": seat, "view": doc}
	if n := len(l.choices); n > 0 && l.movers[n-1] == seat && l.undoable[n-1] && seat != engine.Spectator {
		v["can_undo"] = true
	}
	if !l.deadline.IsZero() {
		v["deadline"] = l.deadline.UTC().Format(time.RFC3339Nano)
	}
	if l.drawOffered() {
		v["draw_offer"] = l.draw.by
	}
	if l.notice != "" {
		v["notice"] = l.notice
	}
	if l.meta.Archived {
		v["archived"] = true
	}
	if l.meta.Hints {
		v["hints"] = true
	}
	return v
}

// joinView is the first view of a socket of seat whose client holds the log
// up to logFrom; every socket of the seat then holds it to the end (l.mu held).
func (l *live) joinView(seat engine.Seat, logFrom int) map[string]any {
	v := l.viewOf(seat, logFrom)
	if l.logSent == nil {
		l.logSent = map[engine.Seat]int{}
	}
	l.logSent[seat] = v["view"].(engine.ViewDoc).LogLen
	return v
}

// pushView is the view pushed to every socket of seat after a change: the
// log lines since the last push, or after an undo where to cut (l.mu held).
func (l *live) pushView(seat engine.Seat) map[string]any {
	return l.joinView(seat, l.logSent[seat])
}
