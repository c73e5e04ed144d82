package soa

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"sandtable/engine"
)

// The log is kept for people beside the state (engine.Logbook): each seat
// reads its own lines by cursor, secret set-up lines (soa:5.5) stay with
// their seat, clones keep their own logs and search clones keep none.

var logSeats = []engine.Seat{"german", "british", engine.Spectator}

// rtPlay applies n random choices (fewer if the game ends) and returns their IDs.
func rtPlay(t *testing.T, s engine.State, pick *engine.RNG, n int) []string {
	t.Helper()
	var ids []string
	for ; n > 0 && s.ToMove() != ""; n-- {
		acts := s.Legal(nil)
		a := acts[pick.Intn(len(acts))]
		ids = append(ids, s.Describe(a).ID)
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
		checkOccFresh(t, s.(*State))
	}
	return ids
}

// rtLogs is every seat's whole log.
func rtLogs(s *State) map[engine.Seat][]engine.LogLine {
	out := map[engine.Seat][]engine.LogLine{}
	for _, seat := range logSeats {
		out[seat] = s.LogLines(seat, 0, s.LogLen(seat))
	}
	return out
}

// soa:5.4, 5.5: a set-up line is the setting-up seat's alone until the
// reveal; each side's count of lines differs from a spectator's by exactly
// its own set-up lines, one per starting unit.
func TestLogbookKeepsSetupsSecret(t *testing.T) {
	s := rtNew(t, nil, 3)
	ccDo(t, s, s.Describe(s.Legal(nil)[0]).ID)
	if s.LogLen("british") != 1 || s.LogLen("german") != 0 || s.LogLen(engine.Spectator) != 0 {
		t.Fatalf("after one British placement: british %d, german %d, spectator %d lines; want 1, 0, 0",
			s.LogLen("british"), s.LogLen("german"), s.LogLen(engine.Spectator))
	}
	l := s.LogLines("british", 0, 1)[0]
	if !strings.Contains(l.Text, "sets up in") || len(l.Refs) != 2 || !strings.HasPrefix(l.Refs[0], "unit:") || !strings.HasPrefix(l.Refs[1], "area:") {
		t.Fatalf("set-up line %+v: want the unit and the area as refs", l)
	}
	if got := s.LogLines("german", 0, 5); len(got) != 0 {
		t.Fatalf("the German seat reads %v", got)
	}
	pick := engine.NewRNG(1)
	for !s.revealed {
		rtPlay(t, s, &pick, 1)
	}
	pub := s.LogLen(engine.Spectator)
	if d := s.LogLen("british") - pub; d != len(s.g.britStart) {
		t.Errorf("British reads %d lines more than a spectator, want its %d set-up lines", d, len(s.g.britStart))
	}
	if d := s.LogLen("german") - pub; d != len(s.g.germStart) {
		t.Errorf("German reads %d lines more than a spectator, want its %d set-up lines", d, len(s.g.germStart))
	}
	for _, l := range s.LogLines("german", 0, s.LogLen("german")) {
		for _, r := range l.Refs {
			if u, ok := s.g.byID[strings.TrimPrefix(r, "unit:")]; ok && strings.Contains(l.Text, "sets up") && s.side(u) == British {
				t.Fatalf("the German seat reads a British set-up line: %s", l.Text)
			}
		}
	}
}

// Reading by cursor in pages gives the same lines as reading at once and as
// the view document; out-of-range cursors are clamped.
func TestLogbookPages(t *testing.T) {
	s := rtNew(t, map[string]string{"hidden_at": "on"}, 11)
	pick := engine.NewRNG(2)
	rtPlay(t, s, &pick, 900)
	for _, seat := range logSeats {
		n := s.LogLen(seat)
		all := s.LogLines(seat, 0, n)
		if len(all) != n || n == 0 {
			t.Fatalf("%s: %d lines for a length of %d", seat, len(all), n)
		}
		var paged []engine.LogLine
		for from := 0; from < n; from += 7 {
			paged = append(paged, s.LogLines(seat, from, from+7)...)
		}
		if !reflect.DeepEqual(paged, all) {
			t.Fatalf("%s: pages of 7 differ from the whole log", seat)
		}
		v := engine.MakeView("soa", s, seat)
		if v.ReadLog(s, 0, n); v.LogFrom != 0 || v.LogLen != n || !reflect.DeepEqual(v.Log, all) {
			t.Fatalf("%s: the view document's log (from %d of %d) differs from the logbook's", seat, v.LogFrom, v.LogLen)
		}
		if got := s.LogLines(seat, -3, n+10); !reflect.DeepEqual(got, all) {
			t.Fatalf("%s: clamped range gives %d lines, want %d", seat, len(got), n)
		}
		if got := s.LogLines(seat, n, n+5); got == nil || len(got) != 0 {
			t.Fatalf("%s: past the end gives %v, want an empty list", seat, got)
		}
	}
}

// A clone and its original that go on differently each keep the log a
// replay of their own choices writes, whichever of them writes first; a
// search clone plays identically but keeps no log.
func TestLogClonesKeepTheirOwn(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(9)
	for seed := uint64(0); seed < 6; seed++ {
		s := rtNew(t, nil, seed)
		prefix := rtPlay(t, s, &pick, 300+int(seed)*150)
		c := s.Clone().(*State)
		sc := s.SearchClone().(*State)
		var first, second *State = s, c
		if seed%2 == 1 {
			first, second = c, s
		}
		a := rtPlay(t, first, &pick, 40)
		b := rtPlay(t, second, &pick, 40)
		// the search clone repeats s's choices
		ids := a
		if first != s {
			ids = b
		}
		for _, id := range ids {
			ccDo(t, sc, id)
		}
		if sc.Hash() != s.Hash() {
			t.Fatalf("seed %d: a search clone reaches hash %x, the original %x", seed, sc.Hash(), s.Hash())
		}
		for _, seat := range logSeats {
			if sc.LogLen(seat) != 0 {
				t.Fatalf("seed %d: a search clone keeps %d log lines for %s", seed, sc.LogLen(seat), seat)
			}
		}
		for _, st := range []struct {
			s   *State
			ids []string
		}{{first, append(append([]string(nil), prefix...), a...)}, {second, append(append([]string(nil), prefix...), b...)}} {
			rec := &engine.Record{Format: engine.RecordFormat, Game: "soa", Scenario: "basic", Seed: seed, Choices: st.ids}
			r, err := engine.Replay(g, rec)
			if err != nil {
				t.Fatal(err)
			}
			if want, got := rtLogs(r.(*State)), rtLogs(st.s); !reflect.DeepEqual(got, want) {
				t.Fatalf("seed %d: a state's log differs from its replay's (%s)", seed, fmt.Sprint(len(got["german"]), " vs ", len(want["german"])))
			}
		}
	}
}

// Prose names the sides as the rulebook does, capitalised ("British rolls",
// "the Tactical Advantage passes to German"); seats and choice IDs keep
// their lower-case names. A random game with bidding names both sides often.
func TestLogNamesSidesCapitalised(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 5)
	pick := engine.NewRNG(5)
	rtPlay(t, s, &pick, 3000)
	n := 0
	for _, l := range s.LogLines(engine.Spectator, 0, s.LogLen(engine.Spectator)) {
		for _, w := range strings.FieldsFunc(l.Text, func(r rune) bool { return r == ' ' || r == ',' || r == ':' || r == '.' }) {
			switch w {
			case "british", "german":
				t.Errorf("line %q writes a side in lower case", l.Text)
			case "British", "German":
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no line names a side: the test reads nothing")
	}
}
