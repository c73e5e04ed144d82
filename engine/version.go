package engine

import (
	"fmt"
	"strings"
)

// Revision is one version of a game's rules as this program plays them
// (docs/formats.md, "Versions").
type Revision struct {
	Version int `json:"version"`
	// Changes says what changed since the previous version, citing rules by ID.
	Changes string `json:"changes"`
	// SamePlay: the games of the previous version replay under this one move
	// for move to the same play; only what is not play changed, such as the
	// state hash or the position's fields.
	SamePlay bool `json:"same_play,omitempty"`
}

// Versioned is a game that declares the revisions of its rules, oldest
// first, numbered 1, 2, ...; the last is the version it plays. A game adds
// one with every change that could make a stored game replay differently or
// reach another state hash. A game that is not Versioned plays version 1.
type Versioned interface {
	Revisions() []Revision
}

// RulesVersion is the version of the rules g plays.
func RulesVersion(g Game) int {
	if v, ok := g.(Versioned); ok {
		if revs := v.Revisions(); len(revs) > 0 {
			return revs[len(revs)-1].Version
		}
	}
	return 1
}

// RulesVersion is the version of the rules the record was played under;
// records written before versions existed name none and are version 1.
func (r *Record) RulesVersion() int {
	if r.Rules == 0 {
		return 1
	}
	return r.Rules
}

// RulesSince tells what changed in g's rules since version from: a note for
// players naming both versions and each change (empty when from is the
// version g plays), and whether play stayed the same. A version newer than
// g's is an error.
func RulesSince(g Game, from int) (note string, samePlay bool, err error) {
	cur := RulesVersion(g)
	switch {
	case from > cur:
		return "", false, fmt.Errorf("it was played under %s rules %d, newer than the rules %d this sandtable plays; use a sandtable that plays rules %d", g.ID(), from, cur, from)
	case from == cur:
		return "", true, nil
	}
	changes, samePlay := changesSince(g, from)
	how := "the rules changed since, so the game may have taken another course"
	if samePlay {
		how = "play is the same, only the state hash may differ"
	}
	return fmt.Sprintf("played under %s rules %d, replayed under rules %d (%s): %s", g.ID(), from, cur, how, changes), samePlay, nil
}

// changesSince lists g's revisions after version from, and whether every one kept play the same.
func changesSince(g Game, from int) (string, bool) {
	samePlay := true
	var changes []string
	if v, ok := g.(Versioned); ok {
		for _, r := range v.Revisions() {
			if r.Version > from {
				changes = append(changes, fmt.Sprintf("%d: %s", r.Version, r.Changes))
				samePlay = samePlay && r.SamePlay
			}
		}
	}
	return strings.Join(changes, "; "), samePlay
}

// checkRules is the version policy of Verify: a record of the version g
// plays is checked in full; an older one replays only when play has stayed
// the same since, without its hash (the hash may have changed); a newer one
// or one whose play has changed is refused, naming both versions.
func checkRules(g Game, r *Record) (sameVersion bool, err error) {
	v, cur := r.RulesVersion(), RulesVersion(g)
	note, same, err := RulesSince(g, v)
	if err != nil {
		return false, fmt.Errorf("record: %w", err)
	}
	if !same {
		changes, _ := changesSince(g, v)
		return false, fmt.Errorf("record: it was played under %s rules %d, but this sandtable plays rules %d, which changed play since (%s): replay it with a sandtable that plays %s rules %d, or run `sandtable migrate` to replay its choices under rules %d where they are still legal",
			g.ID(), v, cur, changes, g.ID(), v, cur)
	}
	return note == "", nil
}

// Migrate replays a record's choices (and forced dice) under the rules g
// plays, and returns it as a record of those rules with its new final hash
// and a macro choice kept as the atomic choices it made (Expander, also in a
// record of those rules),
// the final state, and the note for its players (empty when the record was
// already of those rules). It fails on a newer record, or on the first
// choice no longer legal, naming it and both versions.
func Migrate(g Game, r *Record) (*Record, State, string, error) {
	note, _, err := RulesSince(g, r.RulesVersion())
	if err != nil {
		return nil, nil, "", fmt.Errorf("record: %w", err)
	}
	if note == "" {
		s, m, err := verify(g, r)
		return m, s, "", err
	}
	s, m, err := replay(g, r)
	if err != nil {
		return nil, nil, "", fmt.Errorf("record of %s rules %d does not replay under rules %d: %w", g.ID(), r.RulesVersion(), RulesVersion(g), err)
	}
	m.Rules, m.Hash = RulesVersion(g), FormatHash(s.Hash())
	return m, s, note, nil
}
