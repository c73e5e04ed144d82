package soa

import (
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"

	"sandtable/engine"
)

// Shared helpers of the rule tests in movement_test.go, impulse_test.go,
// setup_test.go, hidden_test.go and options_test.go (prefixed rt to stay
// clear of other files). Placing units (ccPut, ccUnit), applying choices by
// ID (ccDo) and listing choice IDs (ccLegal, ccHas) come from
// closecombat_test.go, places by ID (trnPlace) from turn_test.go.

// rtImpulse is a revealed game with no unit on the map, waiting for side's
// impulse of the Movement/Fire Phase of turn; side also holds the Tactical
// Advantage.
func rtImpulse(t *testing.T, turn int, side Side) *State {
	t.Helper()
	return rtImpulseOpt(t, options{}, turn, side)
}

// rtFire16At17 is a German impulse of turn 1 in which the German 3-5-5 in
// 16 fires at the British 3-7-5 in adjacent 17 with forced dice 1+1
// against 6+6: AV 3+2 = 5, DV 7+12+1 = 20, no effect; the British hold the
// Tactical Advantage and are offered the reroll (soa:8.41).
func rtFire16At17(t *testing.T) *State {
	t.Helper()
	s := rtImpulse(t, 1, German)
	s.ta = British
	ccPut(t, s, "16", "ss-ar1-1")
	ccPut(t, s, "17", "gb-rasc-1")
	s.rng.Force(1, 1, 6, 6)
	ccDo(t, s, "area:16", "fire", "target:17", "with:ss-ar1-1", "confirm")
	return s
}

// rtImpulseOpt is rtImpulse under optional rules o.
func rtImpulseOpt(t *testing.T, o options, turn int, side Side) *State {
	t.Helper()
	s := MustLoad().newState(o, 3)
	s.revealed = true
	s.turn = turn
	s.step, s.imp, s.active, s.ta = stImpulse, side, side, side
	return s
}

// rtSteps lists the places the moving unit is offered, sorted as the rulebook numbers them.
func rtSteps(s *State) []string {
	var out []string
	for _, id := range ccLegal(s) {
		if p, ok := strings.CutPrefix(id, "to:"); ok {
			out = append(out, p)
		}
	}
	return rtSorted(out)
}

// rtSorted sorts place IDs: areas by number, then zones.
func rtSorted(ids []string) []string {
	out := slices.Clone(ids)
	key := func(id string) string {
		if len(id) == 1 && id[0] >= 'A' {
			return "z" + id
		}
		return strings.Repeat("0", max(0, 3-len(id))) + id
	}
	sort.Slice(out, func(i, j int) bool { return key(out[i]) < key(out[j]) })
	return out
}

// rtWant fails unless got lists exactly want (in any order).
func rtWant(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(rtSorted(got), rtSorted(want)) {
		t.Fatalf("%s: got %v, want %v", what, rtSorted(got), rtSorted(want))
	}
}

// rtLoc is the place ID where unit id is, or "" when it is off the map.
func rtLoc(t *testing.T, s *State, id string) string {
	t.Helper()
	l := s.units[ccUnit(t, s, id)].Loc
	if l < 0 {
		return ""
	}
	return s.g.board.Place(int(l)).ID
}

// rtViewJSON is seat's view document as it goes over the wire.
func rtViewJSON(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	v := engine.MakeView("soa", s, seat)
	v.ReadLog(s, 0, s.LogLen(seat)) // the whole log: what it may not show counts too
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// rtShows reports whether a view document names unit u, by ID or by name.
func rtShows(s *State, doc string, u int16) bool {
	d := s.g.units[u]
	return strings.Contains(doc, `"`+d.ID+`"`) || strings.Contains(doc, `unit:`+d.ID+`"`) || strings.Contains(doc, d.Name)
}

// rtRandom applies uniformly random legal choices while keep holds and the
// game runs, checking the invariants; it returns the number applied.
func rtRandom(t *testing.T, s *State, pick *engine.RNG, keep func() bool) int {
	t.Helper()
	n := 0
	for s.ToMove() != "" && keep() {
		l := s.Legal(nil)
		if len(l) == 0 {
			t.Fatalf("empty choice list at step %s", stepNames[s.step])
		}
		if err := s.Apply(l[pick.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
		if err := s.Invariants(); err != nil {
			t.Fatalf("after %d choices: %v", s.count, err)
		}
		n++
		if n > MaxChoices {
			t.Fatal("no end in sight")
		}
	}
	return n
}

// rtNew starts a game through the engine interface with the given options.
func rtNew(t *testing.T, opts map[string]string, seed uint64) *State {
	t.Helper()
	st, err := MustLoad().New("basic", opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// rtLogged reports a log entry under rule whose text contains text.
func rtLogged(s *State, rule, text string) bool {
	for _, e := range s.log.entries {
		if e.Rule == rule && strings.Contains(s.g.logLine(e).Text, text) {
			return true
		}
	}
	return false
}

// rtPutN places n not yet placed starting units of side, armour or not
// (anti-tank guns never), in place id, and returns them.
func rtPutN(t *testing.T, s *State, side Side, id string, n int, armor bool) []int16 {
	t.Helper()
	start := s.g.britStart
	if side == German {
		start = s.g.germStart
	}
	p := trnPlace(s, id)
	var out []int16
	for _, u := range start {
		if len(out) == n {
			break
		}
		if s.units[u].Loc == locPool && s.isArmor(u) == armor && s.typ(u) != AntiTank {
			s.units[u].Loc = p
			s.stale()
			out = append(out, u)
		}
	}
	if len(out) < n {
		t.Fatalf("only %d units to place in %s", len(out), id)
	}
	return out
}
