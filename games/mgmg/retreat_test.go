package mgmg

import (
	"slices"
	"testing"
)

// mgmg:10.91, mgmg:10.92, mgmg:10.93, mgmg:9.62: the 1st Parachute
// Battalion assaults the Spent I./19 in Rheden (8) from Velp (7) and fails
// (AT 4 + 2 against DT 2 + 3 + 12); it retreats into Velp. The German then
// retreats voluntarily. Velp and Zone B are the Allies': no retreat area;
// Pannerden (15) lies across the Rhine without a bridge: none either; so
// its only way is through Beekbergen (4), which holds ten German units
// (priority 4). From there, never back into Rheden, it goes on by the
// priorities: Hoenderloo (3), next to no Allied area, or Zone A, a German
// zone (always open to a German unit).
func TestRetreatThroughFullyStacked(t *testing.T) {
	units := []UnitPos{{ID: "gb-1abn-1-para", At: "7", Level: "fresh"}, {ID: "de-9ss-1-19", At: "8", Level: "spent"}}
	for _, id := range []string{"de-10ss-1-21", "de-10ss-2-21", "de-10ss-1-22", "de-10ss-2-22", "de-10ss-1-10", "de-10ss-2-10", "de-10ss-recon", "de-10ss-pioneer", "de-10ss-art", "de-9ss-art"} {
		units = append(units, UnitPos{ID: id, At: "4", Level: "spent"})
	}
	s := impulseOf(t, 19, allies, "clear", units, map[string]string{"7": "airborne", "B": "airborne"})
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "assault:7", "move:gb-1abn-1-para", "enter:8", "resolve:8", "keep")
	unitAt(t, s, "gb-1abn-1-para", "7", StepDisrupt1)
	play(t, s, "withdraw:de-9ss-1-19")
	if got := ids(s); !slices.Equal(got, []string{"retreat-to:4"}) {
		t.Fatalf("retreat choices %v: only through the fully-stacked Beekbergen (mgmg:10.92 priority 4)", got)
	}
	play(t, s, "retreat-to:4")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"retreat-to:3", "retreat-to:A"}) {
		t.Fatalf("retreat choices on from Beekbergen %v, want Hoenderloo and Zone A (mgmg:10.91)", got)
	}
	play(t, s, "retreat-to:3")
	unitAt(t, s, "de-9ss-1-19", "3", StepSpent)
	if n := s.count(s.g.at("4"), germans); n != stackLimit {
		t.Errorf("Beekbergen holds %d German units, want the ten it had", n)
	}
}

// mgmg:9.621, mgmg:9.62, mgmg:10.92: with Elden (17) Allied and vacant,
// the 2nd Parachute Battalion, retreating for a casualty point from
// Contested Arnhem (example 9's 2 CP), may go there, in its Operational
// Sector, over the Allied bridge, besides Oosterbeek (12); over a
// German-held bridge it may not, nor over one five units have crossed this
// impulse.
func TestRetreatOverBridge(t *testing.T) {
	for _, c := range []struct {
		bridge string
		uses   uint8
		want   []string
	}{
		{"allied", 0, []string{"retreat-to:12", "retreat-to:17"}},
		{"german", 0, []string{"retreat-to:12"}},
		{"allied", bridgeLimit, []string{"retreat-to:12"}},
	} {
		s := arnhem(t, func(p *Position) {
			p.Bridges = map[string]BridgePos{"13/17": {Held: c.bridge}}
			p.Control["17"] = "airborne"
			p.Stack[0].Move.BridgeUses[MustLoad().bridgeIndexOf("13/17")] = c.uses // kept by the activation (moves.carried)
		})
		arnhemAssault(t, s, 3, 3, 3, 4)
		play(t, s, "keep", "casualty:gb-1abn-2-para", "withdraw:gb-1abn-2-para")
		if got := sorted(ids(s)); !slices.Equal(got, c.want) {
			t.Errorf("bridge %s crossed by %d: retreat choices %v, want %v", c.bridge, c.uses, got, c.want)
		}
	}
}
