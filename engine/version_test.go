package engine

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// versionedPile is the pile game with a history of rule versions.
type versionedPile struct {
	pileGame
	revs []Revision
}

func (v versionedPile) Revisions() []Revision { return v.revs }

// onlyTwo is the pile game whose version 2 forbids taking 3.
type onlyTwo struct{ versionedPile }

func (g onlyTwo) New(sc string, opts map[string]string, seed uint64) (State, error) {
	s, err := g.pileGame.New(sc, opts, seed)
	return &twoPile{s.(*pile)}, err
}

type twoPile struct{ *pile }

func (p *twoPile) Legal(buf []Action) []Action { return p.pile.Legal(buf)[:len(buf)+min(2, p.n)] }
func (p *twoPile) Clone() State                { return &twoPile{p.pile.Clone().(*pile)} }

var (
	v1         = []Revision{{Version: 1, Changes: "first"}}
	hashOnlyV2 = []Revision{v1[0], {Version: 2, Changes: "a new state hash", SamePlay: true}}
	rulesV2    = []Revision{v1[0], {Version: 2, Changes: "pile:1 takes at most 2"}}
)

// v1Record is a game played under version 1, with its hash.
func v1Record(t *testing.T, choices ...string) *Record {
	t.Helper()
	g := versionedPile{revs: v1}
	r := NewRecord(g)
	r.Seed, r.Choices = 3, choices
	s, err := Replay(g, r)
	if err != nil {
		t.Fatal(err)
	}
	r.Hash = FormatHash(s.Hash())
	return r
}

func TestRecordsCarryTheirRulesVersion(t *testing.T) {
	if got := NewRecord(versionedPile{revs: rulesV2}).Rules; got != 2 {
		t.Fatalf("a new record of a version 2 game says rules %d", got)
	}
	if got := NewRecord(pileGame{}).Rules; got != 1 {
		t.Fatalf("a game without versions plays rules 1; its record says %d", got)
	}
	old, err := DecodeRecord([]byte(`{"format":"sandtable-record/1","game":"pile","seed":1,"choices":[]}`))
	if err != nil || old.RulesVersion() != 1 {
		t.Fatalf("a record from before versions is version 1: %v %v", old, err)
	}
	if _, err := DecodeRecord([]byte(`{"format":"sandtable-record/1","game":"pile","rules":-1,"seed":1,"choices":[]}`)); err == nil {
		t.Fatal("rules -1 accepted")
	}
}

// Version 2 changed only the hash: a version 1 record replays, and its
// hash, which version 2 cannot compute, is not held against it.
func TestOlderRecordOfSamePlayReplaysWithoutItsHash(t *testing.T) {
	r := v1Record(t, "take-1", "take-2")
	r.Hash = "0123456789abcdef" // as if version 1 hashed differently
	g := versionedPile{revs: hashOnlyV2}
	s, err := Verify(g, r)
	if err != nil {
		t.Fatal(err)
	}
	if s.(*pile).n != 17 {
		t.Fatalf("pile %d after taking 1 and 2 of 20", s.(*pile).n)
	}
	note, same, err := RulesSince(g, 1)
	if err != nil || !same || !strings.Contains(note, "rules 1, replayed under rules 2") || !strings.Contains(note, "a new state hash") {
		t.Fatalf("note %q, same play %v, %v", note, same, err)
	}
	r.Rules = 2 // the same record claiming version 2 has its hash checked
	if _, err := Verify(g, r); err == nil || !strings.Contains(err.Error(), "state hash") {
		t.Fatalf("a wrong hash of the current version: %v", err)
	}
}

// Version 2 changed play: a version 1 record is refused, naming both
// versions and the change; Migrate replays it under version 2 when its
// choices are still legal, and names the first that is not.
func TestOlderRecordOfOtherPlayIsRefusedOrMigrated(t *testing.T) {
	g := onlyTwo{versionedPile{revs: rulesV2}}
	r := v1Record(t, "take-1", "take-2")
	_, err := Verify(g, r)
	if err == nil || !strings.Contains(err.Error(), "played under pile rules 1, but this sandtable plays rules 2") || !strings.Contains(err.Error(), "pile:1 takes at most 2") {
		t.Fatalf("Verify: %v", err)
	}
	m, s, note, err := Migrate(g, r)
	if err != nil {
		t.Fatal(err)
	}
	if m.Rules != 2 || m.Hash != FormatHash(s.Hash()) || note == "" || r.Rules != 1 {
		t.Fatalf("migrated record rules %d hash %s (state %s), note %q; original rules %d", m.Rules, m.Hash, FormatHash(s.Hash()), note, r.Rules)
	}
	if _, err := Verify(g, m); err != nil {
		t.Fatalf("the migrated record does not verify: %v", err)
	}
	_, _, _, err = Migrate(g, v1Record(t, "take-1", "take-3"))
	if !errors.Is(err, ErrIllegal) || !strings.Contains(err.Error(), "choice 2") || !strings.Contains(err.Error(), "rules 1 does not replay under rules 2") {
		t.Fatalf("Migrate of a record whose choice is no longer legal: %v", err)
	}
}

func TestNewerRecordIsRefused(t *testing.T) {
	r := v1Record(t, "take-1")
	r.Rules = 3
	for _, err := range []error{
		func() error { _, err := Verify(versionedPile{revs: rulesV2}, r); return err }(),
		func() error { _, _, _, err := Migrate(versionedPile{revs: rulesV2}, r); return err }(),
	} {
		if err == nil || !strings.Contains(err.Error(), "pile rules 3, newer than the rules 2") {
			t.Fatalf("a record of rules 3 under rules 2: %v", err)
		}
	}
}

// macroGame is the pile game with a macro: "ones", each seat takes one.
type macroGame struct{ versionedPile }

func (g macroGame) New(sc string, opts map[string]string, seed uint64) (State, error) {
	s, err := g.pileGame.New(sc, opts, seed)
	return &macroPile{s.(*pile)}, err
}

type macroPile struct{ *pile }

const ones Action = 4

func (p *macroPile) Legal(buf []Action) []Action { return append(p.pile.Legal(buf), ones) }
func (p *macroPile) Clone() State                { return &macroPile{p.pile.Clone().(*pile)} }
func (p *macroPile) Describe(a Action) Choice {
	if a == ones {
		return Choice{ID: "ones"}
	}
	return p.pile.Describe(a)
}
func (p *macroPile) Apply(a Action) error {
	if a == ones {
		p.n -= 2
		return nil
	}
	return p.pile.Apply(a)
}
func (p *macroPile) Expand(a Action) []string {
	if a == ones {
		return []string{"take-1", "take-1"}
	}
	return nil
}

// A record of older rules with a macro migrates to its atomic choices, and
// its forced dice stay before the choice they were forced for.
func TestMigrateKeepsMacrosAsAtomicChoices(t *testing.T) {
	old := macroGame{versionedPile{revs: v1}}
	r := NewRecord(old)
	r.Seed, r.Choices = 3, []string{"take-1", "ones", "take-3"}
	r.Dice = []ForcedDice{{Before: 2, Rolls: []int{6}}}
	m, s, note, err := Migrate(macroGame{versionedPile{revs: hashOnlyV2}}, r)
	if err != nil || note == "" {
		t.Fatalf("migrate: %v (note %q)", err, note)
	}
	want := []string{"take-1", "take-1", "take-1", "take-3"}
	if !slices.Equal(m.Choices, want) || len(m.Dice) != 1 || m.Dice[0].Before != 3 {
		t.Fatalf("migrated to choices %v, dice %+v; want %v with the 6 before choice 3 (take-3)", m.Choices, m.Dice, want)
	}
	if n := s.(*macroPile).n; n != 15 { // 20 - 1 - 2 - 3, and the 6 puts one back
		t.Fatalf("pile %d after the migrated record, want 15", n)
	}
	again, err := Verify(macroGame{versionedPile{revs: hashOnlyV2}}, m)
	if err != nil || again.Hash() != s.Hash() {
		t.Fatalf("the migrated record does not replay to its hash: %v", err)
	}
}

// Apply makes a macro as its atomic choices and names each with the seat
// that made it and why it cannot be taken back.
func TestApplyMakesMacroAsAtomicChoices(t *testing.T) {
	s, _ := macroGame{}.New("basic", nil, 1)
	made, err := Apply(s, ones)
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 2 || made[0].ID != "take-1" || made[0].Seat != "a" || made[1].Seat != "b" {
		t.Fatalf("made %+v; want take-1 by a, then take-1 by b", made)
	}
	if made[0].Irreversible == nil || !strings.Contains(made[0].Irreversible.Error(), "the move passed to b") {
		t.Fatalf("a's take-1 passed the move, yet it is %v", made[0].Irreversible)
	}
	if n := s.(*macroPile).n; n != 18 {
		t.Fatalf("pile %d after two take-1, want 18", n)
	}
}
