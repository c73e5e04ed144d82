package mgmg

import (
	"fmt"
	"strings"
	"testing"
)

// alliedImpulse is the Allied impulse of the given space of the Impulse
// Track on September 18, after a German impulse that was not a pass, with
// the Sunset DRM marker on drm (0: in its box).
func alliedImpulse(t *testing.T, impulse string, drm int) *State {
	t.Helper()
	s := newTestState(t, "standard")
	return edited(t, s, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.SunsetDRM = 18, "impulse", "allied", impulse, drm
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
	})
}

// TestDaylightBeginsWithGermanImpulse0: after the D-Day phases the Daylight
// Phase begins with German Impulse 0 (mgmg:20.6, mgmg:6.3).
func TestDaylightBeginsWithGermanImpulse0(t *testing.T) {
	s := newTestState(t, "standard")
	playDDay(t, s)
	if s.step != stImpulse || s.active != germans || s.impulse != 0 {
		t.Fatalf("step %s, %s to move at Impulse %s; want the German impulse 0", stepNames[s.step], s.active, impulseName(s.impulse))
	}
}

// TestTwoPassesEndTheDay: a German Pass and an Allied Pass in a row end the
// Daylight Phase at once, with no Sunset DR (mgmg:8.24).
func TestTwoPassesEndTheDay(t *testing.T) {
	s := newTestState(t, "standard")
	playDDay(t, s)
	rolls := s.rng.Rolls
	play(t, s, "pass")
	if s.active != allies || s.step != stImpulse {
		t.Fatalf("after the German pass: %s to move at step %s; want the Allied impulse", s.active, stepNames[s.step])
	}
	play(t, s, "pass")
	if l := logText(s, "german"); !strings.Contains(l, "\nthe Germans pass\nthe Allies pass\n") {
		t.Errorf("the log says of the passes:\n%s", l[max(0, len(l)-300):])
	}
	if s.Phase() != phaseRefit || s.active != germans {
		t.Fatalf("after two passes: step %s, %s to move; want the German Refit Phase (mgmg:6.4)", stepNames[s.step], s.active)
	}
	if s.rng.Rolls != rolls {
		t.Errorf("%d dice rolled; two passes in a row end the day without a Sunset DR", s.rng.Rolls-rolls)
	}
}

// TestSunsetRoll works the Allied Sunset DR through by hand (mgmg:6.3, mgmg:12.41,
// 17.4): below the impulse number the day ends; equal, the weather changes
// as the next German impulse begins; above, the marker advances.
func TestSunsetRoll(t *testing.T) {
	cases := []struct {
		name    string
		impulse string
		drm     int
		dice    [2]int
		ends    bool
		next    int8
		weather weather
		rule    string
	}{
		{"DR 4 < 5 ends the day", "5", 0, [2]int{2, 2}, true, 0, clear, "mgmg:6.3"},
		{"DR 5 = 5 changes the weather", "5", 0, [2]int{3, 2}, false, 6, overcast, "mgmg:17.4"},
		{"DR 6 > 5 advances the marker", "5", 0, [2]int{4, 2}, false, 6, clear, "mgmg:6.3"},
		{"DR 4 + Sun 2 = 6 goes on, no weather change", "5", 2, [2]int{2, 2}, false, 6, clear, "mgmg:12.41"},
		{"DR 5 - Moon 1 = 4 ends the day: no weather change under the Moon", "5", -1, [2]int{3, 2}, true, 0, clear, "mgmg:12.41"},
		{"DR 12 at Impulse 12 changes the weather", "12", 0, [2]int{6, 6}, false, 13, overcast, "mgmg:17.4"},
		{"DR 12 at Impulse 13 ends the day", "13", 0, [2]int{6, 6}, true, 0, clear, "mgmg:6.3"},
		{"DR 12 + Sun 1 at Impulse 13 moves the marker off the track", "13", 1, [2]int{6, 6}, true, 0, clear, "mgmg:6.3"},
		{"DR 2 at Impulse B goes on to A", "B", 0, [2]int{1, 1}, false, -1, clear, "mgmg:3.7"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := alliedImpulse(t, c.impulse, c.drm)
			s.rng.Force(c.dice[0], c.dice[1])
			play(t, s, "pass", "keep")
			if c.ends {
				last := s.LogLines("", 0, s.LogLen(""))
				if off := strings.Contains(fmt.Sprint(last), "moves off the Impulse Track"); off != (c.drm == 1) {
					t.Errorf("%s: the day ended off the track %v; want %v", c.rule, off, c.drm == 1)
				}
				if s.Phase() != phaseRefit || s.impulse != 0 || s.sunsetDRM != 0 {
					t.Fatalf("%s: step %s, Impulse %s, Sunset DRM %d; want the Refit Phase with both markers reset (mgmg:6.4)", c.rule, stepNames[s.step], impulseName(s.impulse), s.sunsetDRM)
				}
				return
			}
			if s.step != stImpulse || s.active != germans || s.impulse != c.next || s.weather != c.weather {
				t.Fatalf("%s: step %s, %s to move at Impulse %s, %s; want the German impulse %s, %s", c.rule, stepNames[s.step], s.active,
					impulseName(s.impulse), s.weather, impulseName(c.next), c.weather)
			}
		})
	}
}

// TestPassAfterAnAction: an Allied Pass after a German impulse that was not
// a pass is one pass, not two: the day goes on by the Sunset DR (mgmg:8.24),
// and a German Pass then ends it, the Allied one counting as the first of
// two in a row.
func TestPassAfterAnAction(t *testing.T) {
	s := alliedImpulse(t, "3", 0)
	s.rng.Force(5, 5)
	play(t, s, "pass", "keep")
	if s.step != stImpulse || s.impulse != 4 {
		t.Fatalf("step %s at Impulse %s; want German Impulse 4 after DR 10 > 3", stepNames[s.step], impulseName(s.impulse))
	}
	play(t, s, "pass")
	if s.Phase() != phaseRefit {
		t.Fatalf("step %s; two passes in a row end the day (mgmg:8.24)", stepNames[s.step])
	}
}

// TestImpulseNames: the Impulse Track reads C, B, A, 0 to 13 (mgmg:3.7).
func TestImpulseNames(t *testing.T) {
	want := []string{"C", "B", "A", "0", "1", "13"}
	for i, imp := range []int8{-3, -2, -1, 0, 1, 13} {
		if got := impulseName(imp); got != want[i] {
			t.Errorf("space %d reads %q, want %q", imp, got, want[i])
		}
	}
}

// TestExhaustion: the units that moved, assaulted or barraged in an impulse
// turn Spent as it ends; a unit Disrupted meanwhile keeps its level and its
// Disruption marker (mgmg:4.4), and the
// others stay Fresh (mgmg:8.3, mgmg:13.2).
func TestExhaustion(t *testing.T) {
	s := newTestState(t, "standard")
	g := s.g
	a, b, c := g.unit("gb-gds-2-gren"), g.unit("gb-gds-1-cold"), g.unit("gb-gds-3-irish")
	s = edited(t, s, func(p *Position) {
		p.Turn, p.Step, p.Active = 18, "impulse", "allied"
		var acted units
		acted.add(a)
		acted.add(b)
		p.Stack = []frame{{Proc: procImpulse, Side: allies, Acted: acted}}
		for i := range p.Units {
			if p.Units[i].ID == g.units[b].ID {
				p.Units[i].Level = "disrupt-1"
			}
		}
	})
	s.rng.Force(6, 6)
	play(t, s, "pass", "keep")
	if s.units[a].Level != StepSpent || s.units[b].Level != StepDisrupt1 || s.units[c].Level != StepFresh {
		t.Errorf("levels %s, %s, %s; want Spent for the unit that acted, Disrupt 1 kept, Fresh for the one that did not", s.units[a].Level, s.units[b].Level, s.units[c].Level)
	}
}

// TestFirstAlliedDRIsTheSunsetDR: when the Allies made a DR during their
// impulse, that DR serves as the Sunset DR and no other is rolled as the
// impulse ends (mgmg:6.3).
func TestFirstAlliedDRIsTheSunsetDR(t *testing.T) {
	for _, c := range []struct {
		dr   int8
		ends bool
	}{{4, true}, {9, false}} {
		s := edited(t, alliedImpulse(t, "5", 0), func(p *Position) { p.Stack[0].Sunset = c.dr })
		rolls := s.rng.Rolls
		play(t, s, "pass")
		if s.rng.Rolls != rolls {
			t.Errorf("DR %d made in the impulse: %d more dice rolled as it ended", c.dr, s.rng.Rolls-rolls)
		}
		if ended := s.Phase() == phaseRefit; ended != c.ends {
			t.Errorf("DR %d at Impulse 5: the day ended %v, want %v", c.dr, ended, c.ends)
		}
	}
}
