package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// nijmegen is the road and rail bridge over the Waal between Oosterhout
// (23) and Nijmegen (28) (mgmg:3.24).
const nijmegen = "23/28"

// bridgeImpulse is the side's Impulse 3 of September 20 with the units
// given, the places' control and the Nijmegen bridge's markers.
func bridgeImpulse(t *testing.T, sd side, us []UnitPos, control map[string]string, b BridgePos) *State {
	s := impulseOf(t, 20, sd, "clear", us, control)
	return edited(t, s, func(p *Position) { p.Bridges = map[string]BridgePos{nijmegen: b} })
}

// nijmegenBridge is the bridge's state.
func nijmegenBridge(s *State) bridge { return s.bridges[s.g.bridgeIndexOf(nijmegen)] }

// tryNijmegen checks the choices offered and the label of the attempt k on
// the Nijmegen bridge, then makes it with dr, kept by the Advantage holder,
// the Allies, who are offered a reroll only of a German success
// (mgmg:12.2).
func tryNijmegen(t *testing.T, s *State, k kind, offer []string, label string, dr int, succeeds bool) {
	t.Helper()
	if got := ids(s); !slices.Equal(got, offer) {
		t.Fatalf("choices %v; want %v", got, offer)
	}
	c := s.Describe(act(k, s.g.bridgeIndexOf(nijmegen)))
	if c.Label != label {
		t.Errorf("label %q; want %q", c.Label, label)
	}
	s.rng.Force(dr)
	play(t, s, c.ID)
	if offered := s.step == stReroll; offered != succeeds {
		t.Fatalf("dr %d: reroll offered %v, want %v: only a success can be bettered for the Allies", dr, offered, succeeds)
	}
	if succeeds {
		play(t, s, "keep")
	}
}

// TestRepairInImpulse (mgmg:8.21, mgmg:19.2, mgmg:19.21, mgmg:19.5): the Germans activate
// Nijmegen (28), German-Controlled and supplied, though no unit of theirs
// is there, to repair the Destroyed bridge to Oosterhout: Repair dr
// modifier +3 +3 for two Free places, -1 over a river, -1 for a repair =
// +4. A dr of 3 makes 7: the bridge is German again, its Construct marker
// in the Used box. A dr of 2 makes 6: it fails, and a German Construct +1
// marker lies on the bridge, which holds the Germans' only marker, so no
// other bridge may be tried.
func TestRepairInImpulse(t *testing.T) {
	for _, c := range []struct {
		dr       int
		repaired bool
	}{{3, true}, {2, false}} {
		s := bridgeImpulse(t, germans, nil, nil, BridgePos{Held: "blown"})
		if got := ids(s); !slices.Contains(got, "assault:28") || !slices.Contains(got, "assault:23") {
			t.Fatalf("activations %v; want Nijmegen and Oosterhout, activated for the repair alone (mgmg:8.21)", got)
		}
		play(t, s, "assault:28")
		tryNijmegen(t, s, kRepairBridge, []string{"end-impulse", "repair-bridge:" + nijmegen}, "Try to repair the bridge 23/28 (Repair dr +4, 7 or more repairs)", c.dr, c.repaired)
		b := nijmegenBridge(s)
		if c.repaired && (b != bridge{Held: heldGerman} || s.constructUsed[germans] != 1) {
			t.Errorf("dr %d: bridge %+v, %d German markers used; want it German, its marker in the Used box", c.dr, b, s.constructUsed[germans])
		}
		if !c.repaired && (b.Held != heldBlown || b.Construct[germans] != 1) {
			t.Errorf("dr %d: bridge %+v; want it Destroyed with a German Construct +1 marker", c.dr, b)
		}
		if got := ids(s); slices.Contains(got, "repair-bridge:"+nijmegen) {
			t.Errorf("choices %v after the attempt; one attempt a bridge an impulse (mgmg:19.2)", got)
		}
	}
}

// TestAlliedRepairNeedsCorps (mgmg:19.2, 19.5): the Allies repair only from
// a Corps-Controlled Active Area with a supply line to Zone F: with every
// place Corps-Controlled and their Construct +1 marker on the bridge the
// modifier is +3 +3 -1 -1 +1 = +5 and a dr of 2 repairs it, their marker
// going to the Used box; from an Airborne-Controlled Nijmegen no attempt is
// offered.
func TestAlliedRepairNeedsCorps(t *testing.T) {
	corps := map[string]string{"F": "corps"}
	for _, p := range MustLoad().placeIDs {
		if p != UnitedKingdom {
			corps[p] = "corps"
		}
	}
	s := bridgeImpulse(t, allies, nil, corps, BridgePos{Held: "blown", Construct: SideNumbers{Allied: 1}})
	s.rng.Force(2)
	play(t, s, "assault:28", "repair-bridge:"+nijmegen) // the Allies hold the Advantage: no reroll betters a repair (mgmg:12.2)
	if b := nijmegenBridge(s); b != (bridge{Held: heldAllied}) || s.constructUsed[allies] != 1 {
		t.Errorf("bridge %+v, %d Allied markers used; want it Allied, the marker Used", b, s.constructUsed[allies])
	}

	corps["28"] = "airborne"
	s = bridgeImpulse(t, allies, nil, corps, BridgePos{Held: "blown"})
	if got := ids(s); slices.Contains(got, "assault:28") {
		t.Errorf("activations %v; want none in Airborne-Controlled Nijmegen", got)
	}
}

// TestDemolition (mgmg:8.21, 19.4, 19.5): the Germans hold the Nijmegen
// bridge, the Allies Oosterhout (23). The Germans activate Nijmegen and end
// their movement: they may try to blow the bridge, with +3 for Free
// Nijmegen, 0 for enemy-Controlled Oosterhout and -1 over the river = +2.
// A dr of 5 blows it; a 4 fails. Then the Allied impulse.
func TestDemolition(t *testing.T) {
	for _, c := range []struct {
		dr   int
		held bridgeHeld
	}{{5, heldBlown}, {4, heldGerman}} {
		s := bridgeImpulse(t, germans, []UnitPos{
			{ID: "de-fj-henke", At: "28", Level: "fresh"}, {ID: "us-1-504", At: "23", Level: "fresh"},
		}, map[string]string{"23": "airborne"}, BridgePos{Held: "german"})
		play(t, s, "assault:28", "end-impulse")
		tryNijmegen(t, s, kDemolish, []string{"done", "demolish:" + nijmegen}, "Try to blow the bridge 23/28 (Demolition dr +2, 7 or more destroys it)", c.dr, c.held == heldBlown)
		if got := nijmegenBridge(s).Held; got != c.held {
			t.Errorf("dr %d: bridge %s, want %s", c.dr, bridgeHeldNames[got], bridgeHeldNames[c.held])
		}
		play(t, s, "done")
		if s.active != allies || s.stack.top().Side != allies {
			t.Errorf("%s to move; want the Allied impulse", s.active)
		}
	}
}

// TestDemolitionFromEnemyArea (mgmg:8.21 note, 19.4): the Germans may
// activate Allied-Controlled, uncontested Oosterhout only to blow the
// bridge they hold on its boundary; no bridge of theirs borders an Allied
// place elsewhere, so it is the only such activation.
func TestDemolitionFromEnemyArea(t *testing.T) {
	s := bridgeImpulse(t, germans, []UnitPos{{ID: "us-1-504", At: "23", Level: "fresh"}}, map[string]string{"23": "airborne"}, BridgePos{Held: "german"})
	got := slices.DeleteFunc(ids(s), func(id string) bool { return !strings.HasPrefix(id, "assault:") })
	if !slices.Equal(got, []string{"assault:23", "assault:28"}) {
		t.Fatalf("Assault Impulses %v; want Oosterhout and Nijmegen, for the bridge between them", got)
	}
	play(t, s, "assault:23")
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Fatalf("choices %v; want only to end the movement, then the demolition", got)
	}
	play(t, s, "end-impulse")
	if got := ids(s); !slices.Equal(got, []string{"done", "demolish:" + nijmegen}) {
		t.Errorf("choices %v; want the demolition or done", got)
	}
}

// TestExample6BridgeRepair plays mgmg:26.0 example 6 (mgmg:19.2, 19.21,
// 19.5): the Allies activate Overasselt (39), Corps-Controlled, Free and
// supplied, with both their Construct markers available, and try both
// Blown canal bridges. To Hatert (29), Contested and German-Controlled:
// +3 (Free) +1 (Contested, enemy-Controlled) -1 (repair) = +3, so a dr of
// 4 repairs it, the bridge Allied and a marker Used. To Malden (33),
// German-Controlled and uncontested: +3 -1 = +2, so a 4 fails and the
// Allies' second marker lies on it at +1.
func TestExample6BridgeRepair(t *testing.T) {
	corps := map[string]string{}
	for _, p := range MustLoad().placeIDs {
		if p != UnitedKingdom && p != "29" && p != "33" {
			corps[p] = "corps"
		}
	}
	s := impulseOf(t, 20, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "29", Level: "spent"}, {ID: "de-fj-henke", At: "29", Level: "spent"},
	}, corps)
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{"29/39": {Held: "blown"}, "33/39": {Held: "blown"}}
	})
	play(t, s, "assault:39")
	hatert, malden := s.g.bridgeIndexOf("29/39"), s.g.bridgeIndexOf("33/39")
	if l := s.Describe(act(kRepairBridge, hatert)).Label; !strings.Contains(l, "Repair dr +3") {
		t.Errorf("label %q: want +3 for Overasselt-Hatert (example 6)", l)
	}
	if l := s.Describe(act(kRepairBridge, malden)).Label; !strings.Contains(l, "Repair dr +2") {
		t.Errorf("label %q: want +2 for Overasselt-Malden (example 6)", l)
	}
	s.rng.Force(4)
	play(t, s, "repair-bridge:29/39") // the 7 repairs it: no reroll could do better, none is offered
	if s.step == stReroll {
		t.Fatal("a reroll is offered for a repair that succeeded")
	}
	s.rng.Force(4)
	play(t, s, "repair-bridge:33/39", "keep")
	if b := s.bridges[hatert]; b != (bridge{Held: heldAllied}) {
		t.Errorf("Hatert bridge %+v: want it repaired, Allied (dr 4 + 3 = 7)", b)
	}
	if b := s.bridges[malden]; b.Held != heldBlown || b.Construct[allies] != 1 {
		t.Errorf("Malden bridge %+v: want it Blown with the Allied Construct +1 marker (dr 4 + 2 = 6)", b)
	}
	if s.constructUsed[allies] != 1 {
		t.Errorf("%d Allied Construct markers Used, want 1", s.constructUsed[allies])
	}
}
