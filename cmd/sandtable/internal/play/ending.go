package play

import (
	"fmt"
	"strings"

	"sandtable/engine"
)

// End ends the game by its players (a resignation, an agreed draw) and puts
// the ending event in the record; the game is over, so there is no undo.
func (p *Session) End(e engine.Ending) error {
	if err := engine.Conclude(p.Game, p.State, e); err != nil {
		return err
	}
	p.Rec.Choices = append(p.Rec.Choices, e.ID())
	return nil
}

// endByPlayers answers "resign" and "draw" in line mode: seat resigns at
// once; a draw offer is put to every other seat played at this keyboard (a
// bot declines). It reports whether the game ended.
func (l *lines) endByPlayers(seat engine.Seat, what string) bool {
	e := engine.Ending{Kind: engine.EndResign, Seat: seat}
	if what == engine.EndDraw {
		e = engine.Ending{Kind: engine.EndDraw}
		for _, other := range l.Game.Seats() {
			if other == seat {
				continue
			}
			if !l.Humans[other] {
				fmt.Fprintf(l.out, "%s (a bot) declines the draw\n", other)
				return false
			}
			fmt.Fprintf(l.out, "%s offers a draw. %s, do you accept? (y/n) ", seat, other)
			if answer, ok := <-l.in; !ok || strings.TrimSpace(answer) != "y" {
				fmt.Fprintf(l.out, "%s declines the draw\n", other)
				return false
			}
		}
	}
	if err := l.End(e); err != nil {
		fmt.Fprintf(l.out, "%v\n", err)
		return false
	}
	return true
}
