package play

import (
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"sandtable/engine"
)

// End ends the game by its players (a resignation, an agreed draw) and puts
// the ending event in the record; the game is over, so there is no undo.
func (p *Session) End(e engine.Ending) error {
	if err := engine.Conclude(p.Game, p.State, e); err != nil {
		return err
	}
	p.Rec.Choices = append(p.Rec.Choices, e.ID())
	p.history = append(p.history, played{human: true, irreversible: errors.New("the game was ended by its players")})
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
				fmt.Fprintf(l.out, "%s (a bot) declines the draw\n", l.Name(other))
				return false
			}
			fmt.Fprintf(l.out, "%s offers a draw. %s, do you accept? (y/n) ", l.Name(seat), l.Name(other))
			if answer, ok := <-l.in; !ok || strings.TrimSpace(answer) != "y" {
				fmt.Fprintf(l.out, "%s declines the draw\n", l.Name(other))
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

// player is the seat that resigns or offers a draw from this keyboard:
// the seat to move if a person plays it, else the one seat a person plays
// against the bots; "" for a spectator, or after the end.
func (m *model) player() engine.Seat {
	if m.p.State.ToMove() == "" {
		return ""
	}
	if st := m.p.Viewer(); m.p.Humans[st] {
		return st
	}
	return ""
}

// resign asks the player to confirm the resignation (R), even while a bot
// chooses or a reaction clock runs: a move already under way may finish
// first.
func (m *model) resign() {
	if m.resigning = m.player(); m.resigning == "" {
		m.note = "only a player can resign, while the game runs"
	}
}

// confirmResign resigns on y; any other key plays on.
func (m *model) confirmResign(key string) tea.Cmd {
	seat := m.resigning
	m.resigning = ""
	if key != "y" {
		m.note = "you play on"
		return nil
	}
	if err := m.p.End(engine.Ending{Kind: engine.EndResign, Seat: seat}); err != nil {
		m.note = err.Error()
		return nil
	}
	m.note = fmt.Sprintf("%s resigned", m.p.Name(seat))
	return m.advance()
}

// offerDraw puts the player's draw offer (D) to every other seat: a bot
// declines at once, as in line mode, even while it chooses; a person at
// the hotseat answers on a screen that hides the board, which cannot be
// while the reaction clock runs for the seat to move.
func (m *model) offerDraw() {
	seat := m.player()
	if seat == "" {
		m.note = "only a player can offer a draw, while the game runs"
		return
	}
	var others []engine.Seat
	for _, st := range m.p.Game.Seats() {
		if st == seat {
			continue
		}
		if !m.p.Humans[st] {
			m.note = fmt.Sprintf("%s (a bot) declines the draw", m.p.Name(st))
			return
		}
		others = append(others, st)
	}
	if m.drawWaits() {
		m.note = drawOnTheClock
		return
	}
	m.offer, m.answering = seat, others
}

// drawWaits reports whether a draw offer to the other seat at the hotseat
// must wait for the reaction clock (e.g. soa:8.17) to stop: the other
// seat would answer on this seat's time.
func (m *model) drawWaits() bool { return m.p.Hotseat() && !m.deadline.IsZero() }

// drawOnTheClock says why D waits.
const drawOnTheClock = "D waits for the clock: choose first (the other seat would answer on your time)"

// answerDraw takes the answer of the seat asked: y accepts (the game is
// drawn once every seat has), n declines and the board goes back, after
// the privacy pause, to the seat that offered.
func (m *model) answerDraw(key string) tea.Cmd {
	who := m.answering[0]
	switch key {
	case "y":
		if m.answering = m.answering[1:]; len(m.answering) > 0 {
			return nil
		}
		m.offer = ""
		if err := m.p.End(engine.Ending{Kind: engine.EndDraw}); err != nil {
			m.note = err.Error()
			return nil
		}
		m.note = "the players agreed a draw"
		return m.advance()
	case "n":
		m.pause, m.shown = m.offer, who
		m.offer, m.answering = "", nil
		m.note = fmt.Sprintf("%s declines the draw", m.p.Name(who))
	}
	return nil
}

// endingScreen is the question of a resignation or a draw offer, the board
// hidden while another seat answers.
func (m *model) endingScreen() string {
	seat := m.resigning
	text := fmt.Sprintf("Resign as %s? The other side wins.\n\ny resigns, any other key plays on.", boldStyle.Render(m.colourSeats(m.p.Name(seat))))
	if m.offer != "" {
		who := m.answering[0]
		text = fmt.Sprintf("%s offers a draw.\n\nThe board is hidden: hand the keyboard to %s.\n%s, do you accept? y accepts, n declines.",
			boldStyle.Render(m.colourSeats(m.p.Name(m.offer))), m.p.Name(who), boldStyle.Render(m.colourSeats(m.p.Name(who))))
	}
	return m.dialog(text, 1, 3)
}
