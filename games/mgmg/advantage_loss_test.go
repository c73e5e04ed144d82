package mgmg

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// wantLost checks the Advantage lost by its holder, passing to next as the
// impulse ends (mgmg:12.4).
func wantLost(t *testing.T, s *State, next side) {
	t.Helper()
	if s.advantage != nobody || s.advantageNext != next {
		t.Errorf("Advantage %s, next %s; want it lost, the %s side's as the impulse ends (mgmg:12.4)", s.advantage, s.advantageNext, next.name())
	}
}

// wantMarkerOffer checks side sd offered the Sunset DRM marker's spaces up
// to n either way of 0 (mgmg:12.41).
func wantMarkerOffer(t *testing.T, s *State, sd side, n int) {
	t.Helper()
	var want []string
	for v := -n; v <= n; v++ {
		want = append(want, fmt.Sprintf("sunset-drm:%+d", v))
	}
	if got := ids(s); !slices.Equal(got, want) || s.active != sd {
		t.Fatalf("%s chooses among %v; want the %s side to move the marker up to %d spaces: %v", s.active, got, sd.name(), n, want)
	}
}

// overrunImpulse: the Allied Impulse 3 of September 20, the 508th's three
// battalions Fresh in Groesbeek (35, Airborne) next to four German
// battalions at Disrupt 2 in 36, each able to take one casualty point; sd
// holds the Advantage.
func overrunImpulse(t *testing.T, sd side) *State {
	return withAdvantage(t, impulseOf(t, 20, allies, "clear", []UnitPos{
		{ID: "us-1-508", At: "35", Level: "fresh"}, {ID: "us-2-508", At: "35", Level: "fresh"}, {ID: "us-3-508", At: "35", Level: "fresh"},
		{ID: "de-406-fuerst", At: "36", Level: "disrupt-2"}, {ID: "de-406-greschick", At: "36", Level: "disrupt-2"},
		{ID: "de-406-stargaard", At: "36", Level: "disrupt-2"}, {ID: "de-406-gruenenklee", At: "36", Level: "disrupt-2"},
	}, map[string]string{"35": "airborne"}), sd)
}

// assaultInto36 moves the three battalions into 36 and resolves their
// Mandatory Assault with the 1/508 the Point Unit: with DRs 12 against 2
// the four defenders, able to take four casualty points in all, are
// overrun and eliminated (mgmg:10.5, 10.8).
func assaultInto36(t *testing.T, s *State, offer ...string) {
	t.Helper()
	play(t, s, "assault:35")
	for _, u := range []string{"us-1-508", "us-2-508", "us-3-508"} {
		play(t, s, "move:"+u, "enter:36")
	}
	if p := s.Prompt("allied").Text; !strings.HasSuffix(p, "or resolve the Mandatory Assaults (mgmg:10.2)") {
		t.Errorf("prompt %q: the impulse cannot end before its Mandatory Assault", p)
	}
	if l := label(t, s, "resolve:36"); !strings.HasSuffix(l, ": no more units enter it this impulse (mgmg:10.1)") {
		t.Errorf("%q: resolving the assault closes the place to movers", l)
	}
	play(t, s, "resolve:36", "point:us-1-508")
	if s.step == stAssaultForward {
		play(t, s, ids(s)[0])
	}
	play(t, s, offer...)
	for _, u := range []string{"de-406-fuerst", "de-406-greschick", "de-406-stargaard", "de-406-gruenenklee"} {
		if s.units[s.g.unit(u)].Loc != locElim {
			t.Fatalf("%s at %d; want it eliminated by the overrun", u, s.units[s.g.unit(u)].Loc)
		}
	}
}

// TestGermanLossesTakeTheAdvantage (mgmg:12.4, 12.41): four German units
// eliminated in one Allied impulse, the German holding the Advantage: it is
// lost at the third and passes to the Allies as the impulse ends; the
// fourth earns the Allies 4 - 3 = 1 space. They move the Sunset DRM marker
// to Sun +1. The assault's DR 12, the first Allied DR of the impulse, is its
// Sunset DR (mgmg:6.3): no other is rolled, and the day goes on to
// Impulse 4.
func TestGermanLossesTakeTheAdvantage(t *testing.T) {
	s := overrunImpulse(t, germans)
	s.rng.Force(6, 6, 1, 1)
	assaultInto36(t, s, "keep")
	rolls := s.rng.Rolls
	wantLost(t, s, allies)
	play(t, s, "end-impulse")
	wantMarkerOffer(t, s, allies, 1)
	play(t, s, "sunset-drm:+1")
	if s.rng.Rolls != rolls {
		t.Errorf("%d dice rolled after the assault; its DR was the Sunset DR", s.rng.Rolls-rolls)
	}
	if s.sunsetDRM != 1 || s.step != stImpulse || s.active != germans || s.impulse != 4 || s.advantage != allies {
		t.Errorf("DRM %d, step %s, %s to move at Impulse %s, Advantage %s; want +1, German Impulse 4, the Allies holding the Advantage",
			s.sunsetDRM, stepNames[s.step], s.active, impulseName(s.impulse), s.advantage)
	}
}

// TestGermanLossesWithoutTheAdvantage (mgmg:12.41): the Allies holding the
// Advantage, the same four German losses earn them 4 - 2 = 2 spaces, and
// they keep the Advantage.
func TestGermanLossesWithoutTheAdvantage(t *testing.T) {
	s := overrunImpulse(t, allies)
	s.rng.Force(6, 6, 1, 1)
	assaultInto36(t, s, "keep")
	play(t, s, "end-impulse")
	wantMarkerOffer(t, s, allies, 2)
	play(t, s, "sunset-drm:-2")
	if s.sunsetDRM != -2 || s.advantage != allies {
		t.Errorf("DRM %d, Advantage %s; want -2 and the Allies still holding it", s.sunsetDRM, s.advantage)
	}
}

// TestRerollThenLosses (mgmg:12.4, 12.5): the German rerolls the assault
// with the Advantage and still loses four units: having used it, he does
// not hold it when the losses are counted, so they earn the Allies
// 4 - 2 = 2 spaces, and the Advantage passes to the Allies.
func TestRerollThenLosses(t *testing.T) {
	s := overrunImpulse(t, germans)
	s.rng.Force(6, 6, 1, 1, 6, 6, 1, 1)
	assaultInto36(t, s, "reroll")
	play(t, s, "end-impulse")
	wantMarkerOffer(t, s, allies, 2)
	play(t, s, "sunset-drm:+0")
	if s.advantage != allies || s.sunsetDRM != 0 {
		t.Errorf("Advantage %s, DRM %d; want the Allies', the marker left at 0", s.advantage, s.sunsetDRM)
	}
}

// TestAlliedLossesTakeTheAdvantage (mgmg:12.4, 12.41): two Allied units at
// Disrupt 2 in Groesbeek (35) overrun by two SS battalions from 36 in a
// German impulse: the first loss takes the Allies' Advantage, the second
// earns the German 2 - 1 = 1 space; he moves the marker to Moon -1, and
// the Allied impulse begins with the Advantage his.
func TestAlliedLossesTakeTheAdvantage(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, germans, "clear", []UnitPos{
		{ID: "de-9ss-1-19", At: "36", Level: "fresh"}, {ID: "de-9ss-2-19", At: "36", Level: "fresh"},
		{ID: "us-1-504", At: "35", Level: "disrupt-2"}, {ID: "us-2-504", At: "35", Level: "disrupt-2"},
	}, map[string]string{"35": "airborne"}), allies)
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "assault:36", "move:de-9ss-1-19", "enter:35", "move:de-9ss-2-19", "enter:35", "resolve:35")
	for s.step == stAssaultPoint || s.step == stAssaultForward {
		play(t, s, ids(s)[0])
	}
	play(t, s, "keep")
	wantLost(t, s, germans)
	play(t, s, "end-impulse")
	wantMarkerOffer(t, s, germans, 1)
	play(t, s, "sunset-drm:-1")
	if s.sunsetDRM != -1 || s.active != allies || s.advantage != germans {
		t.Errorf("DRM %d, %s to move, Advantage %s; want -1, the Allied impulse, the Germans holding it", s.sunsetDRM, s.active, s.advantage)
	}
}

// TestAssaultDRIsSunsetDR (mgmg:6.3): the attacker's DR of an Allied
// assault, 1 + 1 = 2, is the first Allied DR of the impulse and so its
// Sunset DR: below Impulse 3 it ends the day once the impulse is over, with
// no other DR rolled.
func TestAssaultDRIsSunsetDR(t *testing.T) {
	s := overrunImpulse(t, germans)
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "assault:35", "move:us-1-508", "enter:36", "resolve:36")
	for s.step != stReroll {
		play(t, s, ids(s)[0])
	}
	play(t, s, "keep")
	for s.step != stImpulse {
		play(t, s, ids(s)[len(ids(s))-1]) // the retreats the failure forces, then the defender stays
	}
	rolls := s.rng.Rolls
	play(t, s, "end-impulse")
	if s.Phase() != phaseRefit || s.rng.Rolls != rolls {
		t.Errorf("phase %s, %d dice rolled after the assault; want the Refit Phase, no Sunset DR of its own", s.Phase().Name, s.rng.Rolls-rolls)
	}
}
