package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// Format tags of the JSON documents (docs/formats.md).
const (
	RecordFormat   = "sandtable-record/1"
	PositionFormat = "sandtable-position/1"
	ViewFormat     = "sandtable-view/3"
)

// Record is a whole game, like PGN in chess: how it started and every choice
// since. Replaying it reproduces the identical state (docs/design.md section 2).
type Record struct {
	Format string `json:"format"`
	Game   string `json:"game"`
	// Rules is the version of the game's rules the record was played under
	// (Versioned); left out in records from before versions, which are version 1.
	Rules    int               `json:"rules,omitempty"`
	Scenario string            `json:"scenario,omitempty"`
	Options  map[string]string `json:"options,omitempty"`
	Seed     uint64            `json:"seed"`
	// Position, when present, is the starting position instead of the scenario.
	Position json.RawMessage `json:"position,omitempty"`
	// Choices may end with an ending event (ending.go): "#resign:SEAT" or "#draw".
	Choices []string `json:"choices"`
	// Players says who played each seat at the terminal (`sandtable play`):
	// "person" or a bot's name; resuming keeps them. Not part of the game.
	Players map[Seat]string `json:"players,omitempty"`
	// Dice forced before a choice: a study, never a rated game.
	Dice []ForcedDice `json:"dice,omitempty"`
	// Hints: the players could ask a bot for its suggested choice and its
	// estimate of their chance to win; a study too.
	Hints bool `json:"hints,omitempty"`
	// Hash is the state hash after the last choice, checked by replay.
	Hash string `json:"hash,omitempty"`
}

// ForcedDice forces the next rolls just before choice number Before (0-based)
// is applied; Before == len(Choices) means "after the last choice".
type ForcedDice struct {
	Before int   `json:"before"`
	Rolls  []int `json:"rolls"`
}

// Study reports whether the record forces dice or was played with hints:
// either way, not a game to rate.
func (r *Record) Study() bool { return len(r.Dice) > 0 || r.Hints }

// FormatHash writes a state hash as records and tools show it.
func FormatHash(h uint64) string { return fmt.Sprintf("%016x", h) }

// DecodeRecord parses a record strictly.
func DecodeRecord(data []byte) (*Record, error) {
	var r Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("reading record: %w", err)
	}
	if r.Format != RecordFormat {
		return nil, fmt.Errorf("reading record: format is %q, want %q", r.Format, RecordFormat)
	}
	if r.Game == "" {
		return nil, errors.New("reading record: no game id")
	}
	if r.Rules < 0 {
		return nil, fmt.Errorf("reading record: rules version %d is not 1 or more", r.Rules)
	}
	for i, id := range r.Choices {
		if _, ok := ParseEnding(id); ok && i != len(r.Choices)-1 {
			return nil, fmt.Errorf("reading record: choice %d is the ending event %s, but choices follow it; it must be the last", i+1, id)
		}
	}
	for i, d := range r.Dice {
		if d.Before < 0 || d.Before > len(r.Choices) {
			return nil, fmt.Errorf("reading record: dice entry %d forces before choice %d, but the record has %d choices", i, d.Before, len(r.Choices))
		}
		if i > 0 && d.Before < r.Dice[i-1].Before {
			return nil, fmt.Errorf("reading record: dice entries must be in choice order (entry %d)", i)
		}
		for _, v := range d.Rolls {
			if v < 1 || v > 6 {
				return nil, fmt.Errorf("reading record: forced die %d is not 1-6", v)
			}
		}
	}
	return &r, nil
}

// Encode writes the record as indented JSON.
func (r *Record) Encode() []byte {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		panic(err) // a Record always encodes
	}
	return append(b, '\n')
}

// NewRecord starts a record of g under the rules version it plays.
func NewRecord(g Game) *Record {
	return &Record{Format: RecordFormat, Game: g.ID(), Rules: RulesVersion(g), Choices: []string{}}
}

// Start creates the record's starting state.
func Start(g Game, r *Record) (State, error) {
	if r.Game != g.ID() {
		return nil, fmt.Errorf("record is for game %q, not %q", r.Game, g.ID())
	}
	if len(r.Position) > 0 {
		return LoadPositionDoc(g, r.Position)
	}
	return g.New(r.Scenario, r.Options, r.Seed)
}

// Replay plays a record from its start under the rules g plays, whatever
// version the record names, and returns the final state. It fails on the
// first choice that is not legal, naming it; it does not check Hash.
func Replay(g Game, r *Record) (State, error) {
	s, _, err := replay(g, r)
	return s, err
}

// replay is Replay that also returns the record as it is kept now: a macro
// choice (Expander) as the atomic choices it made, and the forced dice
// before the same choices as in r.
func replay(g Game, r *Record) (State, *Record, error) {
	s, err := Start(g, r)
	if err != nil {
		return nil, nil, err
	}
	kept := *r
	kept.Choices, kept.Dice = make([]string, 0, len(r.Choices)), nil
	force := func(d ForcedDice) {
		s.RNG().Force(d.Rolls...)
		kept.Dice = append(kept.Dice, ForcedDice{Before: len(kept.Choices), Rolls: d.Rolls})
	}
	d := 0
	for i, id := range r.Choices {
		for d < len(r.Dice) && r.Dice[d].Before == i {
			force(r.Dice[d])
			d++
		}
		made, err := Play(g, s, id)
		if err != nil {
			return s, nil, fmt.Errorf("choice %d: %w", i+1, err)
		}
		kept.Choices = append(kept.Choices, IDs(made)...)
	}
	for ; d < len(r.Dice); d++ {
		force(r.Dice[d])
	}
	return s, &kept, nil
}

// Verify replays a record and checks its stored hash, if any. A record of
// another rules version than g's is refused, or replayed without its hash
// check when play has stayed the same since (checkRules; RulesSince gives
// the note to show).
func Verify(g Game, r *Record) (State, error) {
	s, _, err := verify(g, r)
	return s, err
}

// verify is Verify that also returns the record as replay keeps it.
func verify(g Game, r *Record) (State, *Record, error) {
	sameVersion, err := checkRules(g, r)
	if err != nil {
		return nil, nil, err
	}
	s, kept, err := replay(g, r)
	if err != nil {
		return s, nil, err
	}
	if sameVersion && r.Hash != "" && r.Hash != FormatHash(s.Hash()) {
		return s, nil, fmt.Errorf("replay reached state hash %s, but the record says %s", FormatHash(s.Hash()), r.Hash)
	}
	return s, kept, nil
}

// ParseSeed reads a seed written in decimal.
func ParseSeed(s string) (uint64, error) {
	v, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %q is not a whole number from 0 to 18446744073709551615", s)
	}
	return v, nil
}
