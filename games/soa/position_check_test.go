package soa

import (
	"strings"
	"testing"
)

// A position whose fields contradict each other is refused with an error
// that says what is wrong and what to set.
func TestPositionContradictions_soa20_1_soa5_5(t *testing.T) {
	g := MustLoad()
	s := rtNew(t, nil, 1)
	ccDo(t, s, "setup-historical", "setup-historical") // turn 1 begins
	for _, c := range []struct {
		edit func(p *Position)
		want string
	}{
		{func(p *Position) { p.Ammo = 1 }, "ammo 1 does not match turn 1"},                                  // soa:20.1: no shortage before turn 6
		{func(p *Position) { p.Turn, p.Ammo = 8, 1 }, "set ammo to 2"},                                      // soa:20.2
		{func(p *Position) { p.Revealed = false }, `revealed false contradicts step "impulse"`},             // soa:5.5
		{func(p *Position) { p.ABonus = 2 }, "armor_events 2: accepted armour events are 0 to the turn, 1"}, // soa:17.3
	} {
		p := s.Position().(Position)
		c.edit(&p)
		if _, err := g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v; want one saying %q", err, c.want)
		}
	}
	if _, err := g.LoadPosition(mustJSON(s.Position())); err != nil {
		t.Fatalf("the unedited position: %v", err)
	}
}

// soa:5.4: during the set-up exactly the units before setup_next are on the map.
func TestPositionSetupSoFar_soa5_4(t *testing.T) {
	g := MustLoad()
	s := rtNew(t, nil, 1)
	ccDo(t, s, "place:22", "place:22") // gb-bde-hq, gb-2para-hq
	for _, c := range []struct {
		next int
		want string
	}{
		{3, "gb-re-hq is set up before setup_next"},
		{1, "gb-2para-hq is not set up yet at setup_next 1"},
	} {
		p := s.Position().(Position)
		p.SetupNext = c.next
		if _, err := g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("setup_next %d: error %v; want one saying %q", c.next, err, c.want)
		}
	}
}
