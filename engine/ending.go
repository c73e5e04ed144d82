package engine

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Ending is a game ended by its players rather than by its rules: a seat
// resigned, or the seats agreed a draw. A record carries it as an ending
// event, its last entry ("#resign:SEAT" or "#draw"), the way a PGN movetext
// ends with its result; no game names a choice with a leading "#".
type Ending struct {
	Kind string // EndResign or EndDraw
	Seat Seat   // who resigned
}

// Kinds of Ending.
const (
	EndResign = "resign"
	EndDraw   = "draw"
)

// ID is the ending event as a record entry.
func (e Ending) ID() string {
	if e.Kind == EndResign {
		return "#" + EndResign + ":" + string(e.Seat)
	}
	return "#" + e.Kind
}

// ParseEnding reads an ending event; ok is false for an ordinary choice ID.
func ParseEnding(id string) (e Ending, ok bool) {
	rest, ok := strings.CutPrefix(id, "#")
	if !ok {
		return Ending{}, false
	}
	if seat, ok := strings.CutPrefix(rest, EndResign+":"); ok {
		return Ending{Kind: EndResign, Seat: Seat(seat)}, true
	}
	return Ending{Kind: rest}, true
}

// Ender is a state its players can end. End closes the game with the result
// the game gives e; a resignation, for instance, lets the other side win at
// its best level. Conclude has checked e.
type Ender interface {
	End(e Ending)
}

// Conclude ends a running game as e says.
func Conclude(g Game, s State, e Ending) error {
	if s.ToMove() == "" {
		return fmt.Errorf("%w: %s: the game has already ended", ErrIllegal, e.ID())
	}
	en, ok := s.(Ender)
	if !ok {
		return fmt.Errorf("%w: %s: game %s cannot be resigned or drawn", ErrIllegal, e.ID(), g.ID())
	}
	switch e.Kind {
	case EndResign:
		if !slices.Contains(g.Seats(), e.Seat) {
			return fmt.Errorf("%w: %s: game %s has no seat %q; its seats are %v", ErrIllegal, e.ID(), g.ID(), e.Seat, g.Seats())
		}
	case EndDraw:
	default:
		return fmt.Errorf("%w: %s is not an ending event; use #resign:SEAT or #draw", ErrIllegal, e.ID())
	}
	en.End(e)
	return nil
}

// Play makes one record entry: a choice the seat to move makes, or an
// ending event. It returns the entries a record keeps for it: the atomic
// choices of a macro (Apply), else the entry itself.
func Play(g Game, s State, id string) ([]Made, error) {
	if e, ok := ParseEnding(id); ok {
		if err := Conclude(g, s, e); err != nil {
			return nil, err
		}
		return []Made{{ID: id, Seat: e.Seat, Irreversible: errEnded}}, nil
	}
	a, err := Find(s, id)
	if err != nil {
		return nil, err
	}
	return Apply(s, a)
}

// errEnded is why an ending event cannot be taken back.
var errEnded = errors.New("it ended the game")
