package mgmg

// ImpulseView is the impulse in progress as both seats see it: which
// activation it is (mgmg:12.3, 14.5), the units each side has lost in it
// (mgmg:12.4, 12.41), the units landed from the United Kingdom box
// (mgmg:18.42) and the bridges tried (mgmg:19.2, 19.4).
type ImpulseView struct {
	Side       string      `json:"side"`
	Activation string      `json:"activation"` // "first", "offered" (a second may follow), "double" or "zone-f"
	Lost       SideNumbers `json:"lost"`
	Landed     []string    `json:"landed,omitempty"`
	Tried      []string    `json:"bridges_tried,omitempty"` // repair or demolition, by bridge
	Demolition bool        `json:"demolition,omitempty"`    // its movement over, the side tries demolitions
	Also       string      `json:"also_active,omitempty"`   // the second Active Area declared with the first (mgmg:12.3)
}

var activationNames = [...]string{secondNone: "first", secondOffered: "offered", secondAfterZoneF: "offered", secondDouble: "double", secondZoneF: "zone-f"}

// impulseView is the impulse in progress, nil outside one.
func (s *State) impulseView() *ImpulseView {
	if s.stack.n == 0 || s.stack.frames[0].Proc != procImpulse {
		return nil
	}
	f := &s.stack.frames[0]
	v := &ImpulseView{Side: f.Side.String(), Activation: activationNames[f.Second], Lost: SideNumbers{int(f.Lost[germans]), int(f.Lost[allies])}, Demolition: f.Demolition}
	if f.Also != 0 {
		v.Also = s.g.placeIDs[f.Also-1]
	}
	for u := range int16(nUnits) {
		if f.Landed.has(u) {
			v.Landed = append(v.Landed, s.g.units[u].ID)
		}
	}
	for i := range s.g.bridges {
		if (f.RepairTried|f.DemolishTried)&(1<<i) != 0 {
			v.Tried = append(v.Tried, s.g.bridgeName(i))
		}
	}
	return v
}
