package engine

import (
	"encoding/json"
	"fmt"
)

// ViewDoc is what a seat receives: the game's redacted view plus, when that
// seat is to move, its legal choices, and the log lines the seat does not
// have yet.
//
// The log (Logbook) travels by cursor, not whole: LogLen is how many lines
// the seat may read now, Log holds its lines LogFrom..LogLen-1. A client that
// holds lines up to its cursor c asks for the view from c; it then cuts what
// it has at LogFrom (an undo shortens the log) and appends Log. LogFrom
// beyond c means the view left lines out (ViewLogMax): the client pages them
// with LogPage.
type ViewDoc struct {
	Format  string    `json:"format"`
	Game    string    `json:"game"`
	Seat    Seat      `json:"seat"`
	ToMove  Seat      `json:"to_move,omitempty"`
	Result  *Result   `json:"result,omitempty"`
	Choices []Choice  `json:"choices,omitempty"`
	State   any       `json:"state"`
	LogLen  int       `json:"log_len"`
	LogFrom int       `json:"log_from"`
	Log     []LogLine `json:"log"`
}

// ViewLogMax bounds the log lines one view carries, so that a view stays
// small however far behind its client is.
const ViewLogMax = 100

// MakeView builds the view document for seat, with no log lines (LogFrom is
// LogLen); ReadLog adds them.
func MakeView(game string, s State, seat Seat) ViewDoc {
	v := ViewDoc{Format: ViewFormat, Game: game, Seat: seat, ToMove: s.ToMove(), Result: s.Result(), State: s.View(seat), Log: []LogLine{}}
	if seat == s.ToMove() {
		v.Choices = Choices(s)
	}
	if lb, ok := s.(Logbook); ok {
		v.LogLen = lb.LogLen(seat)
		v.LogFrom = v.LogLen
	}
	return v
}

// ReadLog puts the seat's log lines from cursor from on into v, at most
// limit of them: the newest, when there are more. A cursor beyond the end (the log
// was shortened by an undo) gives LogFrom = LogLen and no lines.
func (v *ViewDoc) ReadLog(s State, from, limit int) {
	lb, ok := s.(Logbook)
	if !ok {
		return
	}
	v.LogFrom = min(v.LogLen, max(from, 0, v.LogLen-limit))
	v.Log = lb.LogLines(v.Seat, v.LogFrom, v.LogLen)
}

// LogPage is one page of a seat's log: Log holds lines From.. of LogLen.
type LogPage struct {
	Seat   Seat      `json:"seat"`
	LogLen int       `json:"log_len"`
	From   int       `json:"from"`
	Log    []LogLine `json:"log"`
}

// ReadLogPage returns up to limit of seat's lines from from on (from clamped
// to 0..LogLen), for a client that pages through the log.
func ReadLogPage(s State, seat Seat, from, limit int) LogPage {
	p := LogPage{Seat: seat, Log: []LogLine{}}
	lb, ok := s.(Logbook)
	if !ok {
		return p
	}
	p.LogLen = lb.LogLen(seat)
	p.From = min(max(from, 0), p.LogLen)
	p.Log = lb.LogLines(seat, p.From, p.From+max(limit, 0))
	return p
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
