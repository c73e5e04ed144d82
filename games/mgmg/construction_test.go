package mgmg

import (
	"slices"
	"testing"
)

// TestEveningConstruction works mgmg:19.23 with the Repair dr of 19.2 and
// 19.5: the blown Nijmegen bridge (23/28), both its areas Allied and Free,
// the Allied Zone F depot in Nijmegen (28). The attempt costs a Spent
// unit's refit there, 1 (mgmg:13.6); the Air Supply depot may not pay for
// it. The Repair drm is +3 +3 (two Free areas) -1 (river) -1 (repair) =
// +4, so a dr of 3 repairs (7) and the Allied marker goes to the Used box;
// a dr of 2 fails (6), leaves a Construct +1 marker on the bridge, and the
// bridge is not tried again in this Refit Phase. The German, holding the
// Advantage, is offered each Repair dr (mgmg:12.2): he keeps the 3 and the
// 2, and rerolls another 3 into a 1, which fails (5).
func TestEveningConstruction(t *testing.T) {
	at := func() *State {
		s := refitPosition(t, "allied", []DepotPos{{ID: "zone-f", At: "28", Points: 5}, {ID: "air-supply", At: "28", Points: 5}}, nil,
			map[string]string{"23": "corps", "28": "corps"})
		return edited(t, s, func(p *Position) {
			p.Bridges, p.Advantage = map[string]BridgePos{"23/28": {Held: "blown"}}, "german"
		})
	}
	s := at()
	b := s.g.bridgeIndexOf("23/28")
	if got := ids(s); !slices.Equal(got, []string{"done", "repair:23/28:0"}) {
		t.Fatalf("choices %v; want done and the repair paid from the Zone F depot", got)
	}
	s.rng.Force(3)
	play(t, s, "repair:23/28:0")
	if s.step != stReroll || s.active != germans || s.Phase() != phaseRefit {
		t.Fatalf("step %s, %s to choose; want the German's offer to reroll the Repair dr", stepNames[s.step], s.active)
	}
	play(t, s, "keep")
	if s.bridges[b].Held != heldAllied || s.constructUsed[allies] != 1 || s.depots[0].Points != 4 {
		t.Errorf("dr 3: bridge %s, %d Allied Construct markers used, depot %d; want allied, 1 and 4", bridgeHeldNames[s.bridges[b].Held], s.constructUsed[allies], s.depots[0].Points)
	}
	s = at()
	s.rng.Force(2)
	play(t, s, "repair:23/28:0") // a failure: the German holder cannot better it, so no reroll is offered (mgmg:12.2)
	if s.bridges[b].Held != heldBlown || s.bridges[b].Construct[allies] != 1 || s.constructUsed[allies] != 0 {
		t.Errorf("dr 2: bridge %s, Construct %d, used %d; want blown, +1 on it and none used", bridgeHeldNames[s.bridges[b].Held], s.bridges[b].Construct[allies], s.constructUsed[allies])
	}
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Errorf("after the failed attempt: choices %v; one attempt per bridge per Refit Phase (mgmg:19.2)", got)
	}
	if back := edited(t, s, func(*Position) {}); back.Hash() != s.Hash() {
		t.Error("the position after the attempt does not round-trip")
	}
	s = at()
	s.rng.Force(3, 1)
	play(t, s, "repair:23/28:0", "reroll")
	if s.bridges[b].Held != heldBlown || s.bridges[b].Construct[allies] != 1 || s.advantage != nobody || s.active != allies || s.step != stRefit {
		t.Errorf("rerolled into a 1: bridge %s, Construct %d, Advantage %s, %s in step %s; want blown, +1, spent, the Allies refitting",
			bridgeHeldNames[s.bridges[b].Held], s.bridges[b].Construct[allies], s.advantage, s.active, stepNames[s.step])
	}
}
