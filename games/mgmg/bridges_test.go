package mgmg

import (
	"strings"
	"testing"
)

// TestBridgeFollowsControl: every bridge starts German-held; it passes to
// the Allies once both its areas are Allied-Controlled, and back once both
// are German; a Blown bridge stays Blown (mgmg:19.1, mgmg:4.6).
func TestBridgeFollowsControl(t *testing.T) {
	s := emptyMap(t)
	g := s.g
	for i, b := range s.bridges {
		if b != (bridge{}) {
			t.Fatalf("bridge %s starts %s; all start German-held (mgmg:19.1)", g.bridgeName(i), bridgeHeldNames[b.Held])
		}
	}
	b := g.bridges[0]
	a, c := int16(b.A), int16(b.B)
	s.enter(a, "us-1-501")
	if s.bridges[0].Held != heldGerman {
		t.Fatalf("one end Allied: the bridge is %s; it stays German", bridgeHeldNames[s.bridges[0].Held])
	}
	s.enter(c, "us-2-501")
	if s.bridges[0].Held != heldAllied {
		t.Fatalf("both ends Allied: the bridge is %s; want allied", bridgeHeldNames[s.bridges[0].Held])
	}
	for _, id := range []string{"us-1-501", "us-2-501"} {
		s.put(g.unit(id), locElim, StepFresh)
	}
	s.enter(a, "de-59-1034")
	s.enter(c, "de-59-1035")
	if s.bridges[0].Held != heldGerman {
		t.Fatalf("both ends German again: the bridge is %s; want german", bridgeHeldNames[s.bridges[0].Held])
	}
	s.bridges[0].Held = heldBlown
	s.put(g.unit("de-59-1034"), locElim, StepFresh)
	s.put(g.unit("de-59-1035"), locElim, StepFresh)
	s.enter(a, "us-1-501")
	s.enter(c, "us-2-501")
	if s.bridges[0].Held != heldBlown {
		t.Fatalf("a Blown bridge became %s by control", bridgeHeldNames[s.bridges[0].Held])
	}
}

// TestBridgePositions: a Blown bridge with Construct markers round-trips;
// a Construct marker on an intact bridge is refused (mgmg:19.21).
func TestBridgePositions(t *testing.T) {
	s := newTestState(t, "standard")
	name := s.g.bridgeName(3)
	back := edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{name: {Held: "blown", Construct: SideNumbers{Allied: 2}}}
	})
	if back.bridges[3] != (bridge{Held: heldBlown, Construct: [2]uint8{0, 2}}) {
		t.Fatalf("bridge %s loaded as %+v", name, back.bridges[3])
	}
	p := s.Position().(Position)
	p.Bridges = map[string]BridgePos{name: {Held: "allied", Construct: SideNumbers{German: 1}}}
	if _, err := s.g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), "19.21") {
		t.Errorf("a Construct marker on an intact bridge: error %v; want mgmg:19.21", err)
	}
}
