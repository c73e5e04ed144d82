package engine

import (
	"encoding/json"
	"fmt"
)

// ViewDoc is what a seat receives: the game's redacted view plus, when that
// seat is to move, its legal choices.
type ViewDoc struct {
	Format  string   `json:"format"`
	Game    string   `json:"game"`
	Seat    Seat     `json:"seat"`
	ToMove  Seat     `json:"to_move,omitempty"`
	Result  *Result  `json:"result,omitempty"`
	Choices []Choice `json:"choices,omitempty"`
	State   any      `json:"state"`
}

// MakeView builds the view document for seat.
func MakeView(game string, s State, seat Seat) ViewDoc {
	v := ViewDoc{Format: ViewFormat, Game: game, Seat: seat, ToMove: s.ToMove(), Result: s.Result(), State: s.View(seat)}
	if seat == s.ToMove() {
		v.Choices = Choices(s)
	}
	return v
}

// PositionDoc wraps a game's position with its format tag.
type PositionDoc struct {
	Format string          `json:"format"`
	Game   string          `json:"game"`
	State  json.RawMessage `json:"state"`
}

// EncodePosition writes a state as a position document.
func EncodePosition(game string, s State) []byte {
	inner, err := json.Marshal(s.Position())
	if err != nil {
		panic(err) // positions are plain data
	}
	b, err := json.MarshalIndent(PositionDoc{Format: PositionFormat, Game: game, State: inner}, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

// LoadPositionDoc reads a position document and starts a state from it.
func LoadPositionDoc(g Game, data []byte) (State, error) {
	var d PositionDoc
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, fmt.Errorf("reading position: %w", err)
	}
	if d.Format != PositionFormat {
		return nil, fmt.Errorf("reading position: format is %q, want %q", d.Format, PositionFormat)
	}
	if d.Game != g.ID() {
		return nil, fmt.Errorf("reading position: it is for game %q, not %q", d.Game, g.ID())
	}
	return g.LoadPosition(d.State)
}
