package mgmg

import (
	"slices"
	"testing"
)

// newUnsetState is a new game before either side has set up.
func newUnsetState(t *testing.T) *State {
	t.Helper()
	st, err := MustLoad().New("standard", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// onMap counts the units of a side on the map or in the United Kingdom box.
func onMap(s *State, sd side) int {
	n := 0
	for u, st := range &s.units {
		if st.Loc >= 0 && s.g.side[u] == sd {
			n++
		}
	}
	return n
}

// TestSetupChoices: the Germans set up first, offered their whole Setup
// Card or one formation at a time (mgmg:5.2): the 9th and 10th SS Panzer
// and 7th divisions, the II SS Corps' own units and the others; nothing
// is on the map before.
func TestSetupChoices(t *testing.T) {
	s := newUnsetState(t)
	if s.step != stSetup || s.ToMove() != "german" || onMap(s, germans)+onMap(s, allies) != 0 {
		t.Fatalf("a new game: step %s, %s to move, %d units placed; want the German set-up with none", stepNames[s.step], s.ToMove(), onMap(s, germans)+onMap(s, allies))
	}
	if p := s.Phase(); p.ID != "set-up" || p.Rule != "mgmg:5.2" {
		t.Fatalf("phase %+v", p)
	}
	got := choiceIDs(s)
	want := []string{"setup-historical", "formation:7", "formation:9ss", "formation:10ss", "formation:ii-ss", "formation:other-german"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the German set-up offers %v, want %v", got, want)
	}
}

// TestSetupByFormation places the 9th SS Panzer Division alone: its eight
// units of the set-up, each in its card's place and Fresh (mgmg:5.2);
// then the rest of the Germans, and the Allies, whose first lift waits in
// the United Kingdom box (mgmg:20.4). Play begins with D-Day (mgmg:5.3).
func TestSetupByFormation(t *testing.T) {
	s := newUnsetState(t)
	play(t, s, "formation:9ss")
	if n := onMap(s, germans); n != 8 {
		t.Fatalf("the 9SS formation placed %d units, want its 8", n)
	}
	for u, st := range &s.units {
		d := &s.g.units[u]
		if st.Loc >= 0 && (d.Division != "9SS" || st.Loc != s.g.placeIndex[d.Place] || st.Level != StepFresh) {
			t.Fatalf("%s is at %s (%s), card %s", d.ID, s.g.locName(st.Loc), levelNames[st.Level], d.Place)
		}
	}
	if s.ToMove() != "german" || slices.Contains(choiceIDs(s), "formation:9ss") {
		t.Fatalf("after the 9SS the Germans go on, without it: %s to move, %v", s.ToMove(), choiceIDs(s))
	}
	play(t, s, "formation:10ss", "formation:7", "formation:ii-ss", "formation:other-german")
	if n := onMap(s, germans); n != 41 || s.ToMove() != "allied" || s.step != stSetup {
		t.Fatalf("the German set-up: %d units, then %s at %s; want 41, then the Allied set-up", n, s.ToMove(), stepNames[s.step])
	}
	play(t, s, "formation:82")
	for u, st := range &s.units {
		if d := &s.g.units[u]; d.Division == "82" && d.Entry == FirstDay && st.Loc != s.g.uk {
			t.Fatalf("%s of the first lift is at %s, want the United Kingdom box (mgmg:20.4)", d.ID, s.g.locName(st.Loc))
		}
	}
	play(t, s, "setup-historical")
	if n := onMap(s, allies); n != 39 || s.step != stAirBombardment {
		t.Fatalf("after the Allied set-up: %d Allied units, step %s; want 39 and the D-Day Air Bombardment Phase (mgmg:20.2)", n, stepNames[s.step])
	}
}

// TestSetupAllWaysAgree: the Setup Card fixes every unit's place, so the
// whole card and the card by formations place every unit alike and reach
// the same step (mgmg:5.2); only the count of choices made differs.
func TestSetupAllWaysAgree(t *testing.T) {
	whole := newUnsetState(t)
	play(t, whole, "setup-historical", "setup-historical")
	parts := newUnsetState(t)
	for parts.step == stSetup {
		ids := choiceIDs(parts)
		play(t, parts, ids[len(ids)-1])
	}
	if whole.units != parts.units || whole.zob != parts.zob || whole.step != parts.step || whole.active != parts.active {
		t.Fatal("the whole card and the card by formations set up differently")
	}
}
