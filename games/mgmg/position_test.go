package mgmg

import (
	"strings"
	"testing"
)

// TestPositionErrors: a hand-written position that breaks a rule is refused
// with an error that names what is wrong.
func TestPositionErrors(t *testing.T) {
	cases := []struct {
		name string
		edit func(*Position)
		want string
	}{
		{"a date outside the game", func(p *Position) { p.Turn = 21 }, "turn 21"},
		{"no such Impulse Track space", func(p *Position) { p.Impulse = "D" }, "Impulse Track"},
		{"the Sunset DRM marker off the track", func(p *Position) { p.SunsetDRM = 14 }, "sunset_drm"},
		{"September 18 dawning Overcast", func(p *Position) { p.Turn, p.DawnWeather = 18, "overcast" }, "mgmg:17.1"},
		{"a unit not in the order of battle", func(p *Position) { p.Units = append(p.Units, UnitPos{ID: "nobody", At: "1", Level: "fresh"}) }, "order of battle"},
		{"a unit at no place", func(p *Position) { p.Units[0].At = "99" }, "no place"},
		{"a unit at an unknown level", func(p *Position) { p.Units[0].Level = "tired" }, "level"},
		{"control of the UK box", func(p *Position) { p.Control = map[string]string{"UK": "airborne"} }, "no area"},
		{"an unknown controller", func(p *Position) { p.Control = map[string]string{"13": "polish"} }, "control of 13"},
		{"a daylight step without its impulse", func(p *Position) { p.Step, p.Active = "impulse", "german" }, "stack"},
		{"the Advantage with nobody", func(p *Position) { p.Advantage = "" }, "advantage"},
		{"two passes outstanding", func(p *Position) { p.Passes = 2 }, "passes"},
		{"a forced die of 7", func(p *Position) { p.RNG.Forced = []int{7} }, "forced"},
	}
	for _, c := range cases {
		s := newTestState(t, "standard")
		p := s.Position().(Position)
		c.edit(&p)
		_, err := s.g.LoadPosition(mustJSON(p))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v; want one naming %q", c.name, err, c.want)
		}
	}
}

// TestOverstackedPositionRefused: eleven units of a side in an Area break
// the stacking limit (mgmg:7.1).
func TestOverstackedPositionRefused(t *testing.T) {
	s := newTestState(t, "standard")
	p := s.Position().(Position)
	n := 0
	for i := range p.Units {
		if n < 11 && s.g.side[s.g.unit(p.Units[i].ID)] == germans {
			p.Units[i].At = "2"
			n++
		}
	}
	if _, err := s.g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), "mgmg:7.1") {
		t.Errorf("eleven German units in area 2: error %v; want the stacking limit (mgmg:7.1)", err)
	}
}

// TestHashFollowsChanges: a clone hashes like its original, and moving a
// unit, flipping a control marker or the weather changes the hash.
func TestHashFollowsChanges(t *testing.T) {
	s := newTestState(t, "standard")
	c := s.Clone().(*State)
	if c.Hash() != s.Hash() {
		t.Fatal("a clone hashes differently from its original")
	}
	c.put(0, c.g.at("1"), StepSpent)
	if c.Hash() == s.Hash() {
		t.Error("moving a unit left the hash as it was")
	}
	c = s.Clone().(*State)
	c.setControl(c.g.at("1"), ctlAirborne)
	if c.Hash() == s.Hash() {
		t.Error("an Allied control marker left the hash as it was")
	}
	c = s.Clone().(*State)
	c.weather = overcast
	if c.Hash() == s.Hash() {
		t.Error("the weather left the hash as it was")
	}
}
