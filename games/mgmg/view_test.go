package mgmg

import (
	"strings"
	"testing"

	"sandtable/engine"
)

// TestViewsShowEverything: nothing on the map is hidden (mgmg:7.1): both
// seats and a spectator see every unit in play where it is.
func TestViewsShowEverything(t *testing.T) {
	s := newTestState(t, "standard")
	in := 0
	for _, st := range s.units {
		if st.Loc != locPool {
			in++
		}
	}
	for _, seat := range []engine.Seat{"german", "allied", engine.Spectator} {
		v := s.View(seat).(View)
		if len(v.Units) != in {
			t.Errorf("%s sees %d units; %d are in play", seat, len(v.Units), in)
		}
	}
}

// TestLogCitesRules: every log line cites a rule of the game.
func TestLogCitesRules(t *testing.T) {
	s := newTestState(t, "standard")
	playDDay(t, s)
	lines := s.LogLines("german", 0, s.LogLen("german"))
	if len(lines) == 0 {
		t.Fatal("no log")
	}
	for _, l := range lines {
		if !strings.HasPrefix(l.Rule, "mgmg:") {
			t.Errorf("line %q cites %q", l.Text, l.Rule)
		}
	}
}

// TestVPNeededPanel: the panel says what the next victory check asks: ten
// or more on September 20 (mgmg:21.2); in the Extended Game more than 15 on
// September 24 once September 20 is past (mgmg:22.1).
func TestVPNeededPanel(t *testing.T) {
	need := func(s *State) any {
		for _, p := range s.panels() {
			if p.ID == "vp-needed" {
				return p.Value
			}
		}
		return nil
	}
	if got := need(newTestState(t, "standard")); got != "10 or more at the end of September 20" {
		t.Errorf("standard: %v", got)
	}
	s := alliedRegroup(t, "extended", 21)
	if got := need(s); got != "more than 15 at the end of September 24" {
		t.Errorf("extended, September 21: %v", got)
	}
}
