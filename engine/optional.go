package engine

import (
	"encoding/json"
	"strings"
)

// Boarder is a game that can describe its board and counters for a client
// to draw (the map's places and polygons, the counters' printed values).
type Boarder interface {
	BoardData() json.RawMessage
}

// Revealer is a state that can fingerprint what has been revealed so far
// (secret set-ups shown, hidden units uncovered). A choice that changes it
// cannot be undone (docs/design.md section 1).
type Revealer interface {
	Revealed() uint64
}

// Stepper is a state that names the step of its procedure it waits in, e.g.
// "setup-british" or "fire-target"; tools show it beside the legal choices.
type Stepper interface {
	StepName() string
}

// SettingUp is a state that says when it is in its set-up: its choices are
// secret and many, so bots make them without the pause that lets people
// follow a bot's moves.
type SettingUp interface {
	SettingUp() bool
}

// LogLine is one line of a game's log as a seat sees it. Refs name what the
// line is about ("unit:ID", "area:ID"), for a client to highlight.
type LogLine struct {
	Turn int      `json:"turn"`
	Rule string   `json:"rule"`
	Text string   `json:"text"`
	Refs []string `json:"refs,omitempty"`
	// Numbers are the numbers in Text, in order (dice, factors, modifiers,
	// totals), for tools that should not parse the text.
	Numbers []int `json:"numbers,omitempty"`
}

// Logbook is implemented by states that keep a log for people. Each seat
// numbers the lines it may read from 0, oldest first; lines only another seat
// may read are left out and do not count. LogLen is how many lines seat may
// read now; LogLines returns its lines from..to-1 (both clamped to
// 0..LogLen). A client keeps LogLen as its cursor and asks only for the lines
// it does not have; one that joins late pages through them.
type Logbook interface {
	LogLen(seat Seat) int
	LogLines(seat Seat, from, to int) []LogLine
}

// SearchCloner is implemented by states that can copy themselves for search
// and rollouts: the copy plays on exactly like Clone's (same choices, same
// hash) but keeps no log, so neither the copy nor its choices spend anything
// on what only people read. Its Logbook, if any, stays empty.
type SearchCloner interface {
	SearchClone() State
}

// Prompter is a state that says in words where the game stands: the phase of
// its turn, and for each seat a prompt: to the seat to move, what it is
// asked; to the others, whom the game waits for and what they decide, naming
// nothing that seat may not know. Clients show these rather than a step's
// name.
type Prompter interface {
	Phase() Phase
	Prompt(seat Seat) Prompt
}

// Phase is a part of a game's turn (or of its start or end).
type Phase struct {
	ID   string `json:"id"`             // "close-combat"
	Name string `json:"name"`           // "Close Combat Phase"
	Rule string `json:"rule,omitempty"` // the rule that sets it in the sequence of play
}

// Prompt is one sentence for one seat and the rule it cites.
type Prompt struct {
	Text string `json:"text"`
	Rule string `json:"rule,omitempty"`
}

// Expander is a state whose legal choices include macros: one choice that
// stands for several atomic ones, such as soa's historical set-up or a
// platoon placed at once. Expand gives the IDs of the atomic choices the
// legal action a stands for in this state, in the order they are made, and
// nil when a is atomic. Applying a must reach the state that making them
// one by one reaches, RNG included (the conformance kit checks it), so that
// records can hold only atomic choices (Apply): a record and its length are
// then the same however a seat chose, and tell another seat nothing of how.
type Expander interface {
	Expand(a Action) []string
}

// Determinizer is a state that draws complete states a seat cannot tell from
// it, for bots that must not read what their seat may not know (docs/design.md,
// issue 7 section 1). Determinize leaves the state as it is and returns one
// whose View(seat) is the same, and whose legal choices are the same when
// seat is to move, with everything seat may not know by the rules (an enemy's
// secret set-up, hidden units, a secret bid, the dice to come) drawn anew
// from r. It depends on nothing else: two states seat cannot tell apart give
// the same determinization for the same r.
type Determinizer interface {
	Determinize(seat Seat, r *RNG) State
}

// DeterminizerInto is a Determinizer that can draw into the memory of a
// state of its game no longer needed, so that a search drawing one for each
// of its iterations does not allocate a state each time. DeterminizeInto
// returns what Determinize(seat, r) would; dst is a state of the same game
// that the caller gives up (an earlier determinization), or nil.
type DeterminizerInto interface {
	Determinizer
	DeterminizeInto(seat Seat, r *RNG, dst State) State
}

// Evaluator is a state that estimates how a side stands, for bots: the
// heuristic bot compares choices by it and search cuts its playouts short
// with it. Evaluate is the chance, between 0 and 1, that seat wins (a draw
// counts a half); Assess explains it as terms people can read, each with
// the rule it comes from, whose sum the game maps to Evaluate's number.
// Bots call both only on determinizations (Turn.Determinize), never on the
// game's own state.
type Evaluator interface {
	Evaluate(seat Seat) float64
	Assess(seat Seat) []Term
}

// Term is one part of an evaluation, e.g. {"victory points", "soa:6.2", 0.8}.
type Term struct {
	Name  string  `json:"name"`
	Rule  string  `json:"rule,omitempty"`
	Value float64 `json:"value"`
}

// Scorer is a state that tells its running score: the number Result.Score
// will hold if the game ends now as it stands, counted the same way (soa:
// the German victory points gained so far). Self-play plots it over a game.
type Scorer interface {
	Score() int
}

// SeatNamer is a state that names its seats in words as players read them:
// the side a seat commands now ("Dutch" for Fortress Holland's allied seat,
// the other side's name once the players have swapped sides).
type SeatNamer interface {
	SeatName(seat Seat) string
}

// SeatName is seat's name in words: the state's, or the seat's ID with its
// first letter capitalised.
func SeatName(s State, seat Seat) string {
	if n, ok := s.(SeatNamer); ok {
		if name := n.SeatName(seat); name != "" {
			return name
		}
	}
	if seat == "" {
		return ""
	}
	return strings.ToUpper(string(seat[:1])) + string(seat[1:])
}
