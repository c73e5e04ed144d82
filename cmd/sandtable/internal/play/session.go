// Package play is a game played at the terminal: the session (who plays
// which seat, the record, undo, the reaction clock) and its two faces, the
// plain line mode for pipes and the full-screen client. It reads only what
// the engine offers every game (choices, views, the optional Renderer,
// Logbook and Clocked), so it knows no game.
package play

import (
	"errors"
	"fmt"
	"os"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// Person is what Record.Players says of a seat a person plays.
const Person = "person"

// played is what one applied choice changed, for undo.
type played struct {
	human        bool
	irreversible error // why it cannot be taken back (engine.Mark); nil if it can
}

// Session is one game at the terminal.
type Session struct {
	Game   engine.Game
	Rec    *engine.Record
	State  engine.State
	Humans map[engine.Seat]bool
	Bots   map[engine.Seat]ai.Bot
	// Path is where Save writes the record.
	Path string
	// HintBot is the bot that gives hints when the record has them
	// (Rec.Hints); empty: the default search level (hint.go).
	HintBot string
	history []played
}

// Name is seat's name in words, the side it commands now (engine.SeatName).
func (p *Session) Name(seat engine.Seat) string { return engine.SeatName(p.State, seat) }

// Hotseat reports whether people play more than one seat at this terminal,
// so that each must look away while the other chooses.
func (p *Session) Hotseat() bool { return len(p.Humans) > 1 }

// Viewer is the seat whose view the screen shows: the seat to move in
// hotseat, the person's seat against bots, the spectator between bots.
func (p *Session) Viewer() engine.Seat {
	if p.Humans[p.State.ToMove()] {
		return p.State.ToMove()
	}
	if len(p.Humans) == 1 {
		for st := range p.Humans {
			return st
		}
	}
	return engine.Spectator
}

// BotToMove is the bot of the seat to move, nil if a person moves or the game is over.
func (p *Session) BotToMove() ai.Bot { return p.Bots[p.State.ToMove()] }

// Apply plays a legal action and records it, a macro as its atomic choices
// (engine.Apply); human says whether a person chose it.
func (p *Session) Apply(a engine.Action, human bool) error {
	made, err := engine.Apply(p.State, a)
	for _, m := range made {
		p.Rec.Choices = append(p.Rec.Choices, m.ID)
		p.history = append(p.history, played{human: human, irreversible: m.Irreversible})
	}
	if err != nil {
		return fmt.Errorf("choice %d: %w", len(p.Rec.Choices)+1, err) // Apply's error names the choice
	}
	return nil
}

// Undo takes back the last choice if it was the person's and reversible
// (engine.Mark); the state is the record replayed without it. It returns
// the choice ID taken back: of a macro, its last atomic choice.
func (p *Session) Undo() (string, error) {
	if len(p.history) == 0 {
		return "", errors.New("no choice to take back")
	}
	h := p.history[len(p.history)-1]
	switch {
	case !h.human:
		return "", errors.New("the other seat has moved since")
	case h.irreversible != nil:
		return "", h.irreversible
	}
	r := *p.Rec
	undone := r.Choices[len(r.Choices)-1]
	r.Choices = r.Choices[:len(r.Choices)-1]
	s, err := engine.Replay(p.Game, &r)
	if err != nil {
		return "", err
	}
	p.Rec, p.State, p.history = &r, s, p.history[:len(p.history)-1]
	return undone, nil
}

// Clock is the reaction time of the person to move and the choice made
// when it runs out (e.g. soa:8.17); ok is false when no clock runs now.
func (p *Session) Clock() (limit time.Duration, timeout engine.Action, ok bool) {
	c, clocked := p.State.(engine.Clocked)
	if !clocked || c.ReactionTime() <= 0 || !p.Humans[p.State.ToMove()] {
		return 0, 0, false
	}
	a, running := c.Timeout()
	return c.ReactionTime(), a, running
}

// LogLen is how many log lines seat may read; 0 if the game keeps no log.
func (p *Session) LogLen(seat engine.Seat) int {
	if lb, ok := p.State.(engine.Logbook); ok {
		return lb.LogLen(seat)
	}
	return 0
}

// Log is seat's log lines from..to-1 (clamped); nil if the game keeps none.
func (p *Session) Log(seat engine.Seat, from, to int) []engine.LogLine {
	if lb, ok := p.State.(engine.Logbook); ok {
		return lb.LogLines(seat, from, to)
	}
	return nil
}

// Board is the board as text for seat, "" if the game cannot draw itself.
func (p *Session) Board(seat engine.Seat) string {
	if rd, ok := p.State.(engine.Renderer); ok {
		return rd.Text(seat)
	}
	return ""
}

// Result says how the game ended, in one line.
func (p *Session) Result() string {
	r := p.State.Result()
	winner := p.Name(r.Winner)
	if winner == "" {
		winner = "nobody"
	}
	return fmt.Sprintf("Game over after %s: %s, winner %s, score %d. %s", count(p.Played(), "choice"), r.Level, winner, r.Score, r.Text)
}

// Save writes the record to Path and says where.
func (p *Session) Save() (string, error) {
	p.Rec.Hash = engine.FormatHash(p.State.Hash())
	if err := os.WriteFile(p.Path, p.Rec.Encode(), 0o644); err != nil {
		return "", fmt.Errorf("saving the record: %w", err)
	}
	what := count(p.Played(), "choice")
	if n := len(p.Rec.Choices); n > p.Played() {
		what += ", then " + p.Rec.Choices[n-1]
	}
	return fmt.Sprintf("record saved to %s (%s); `sandtable replay %s` checks it", p.Path, what, p.Path), nil
}

// Played is how many choices the seats made: the record's entries but an
// ending event (a resignation, an agreed draw), which is no choice.
func (p *Session) Played() int {
	n := len(p.Rec.Choices)
	if n > 0 {
		if _, ok := engine.ParseEnding(p.Rec.Choices[n-1]); ok {
			n--
		}
	}
	return n
}

// count is n things, the noun in the plural unless n is 1.
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Seat gives each seat to a person or a bot, as Record.Players says.
func (p *Session) Seat(players map[engine.Seat]string) error {
	p.Humans, p.Bots = map[engine.Seat]bool{}, map[engine.Seat]ai.Bot{}
	for _, st := range p.Game.Seats() {
		if players[st] == Person {
			p.Humans[st] = true
			continue
		}
		b, err := ai.New(players[st], ai.Config{Seed: ai.BotSeed(p.Rec.Seed, string(st))})
		if err != nil {
			return err
		}
		p.Bots[st] = b
	}
	return nil
}
