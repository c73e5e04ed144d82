package mgmg

import (
	"fmt"
	"slices"
)

// Bridges (mgmg:3.24, 19): each bridge of the map is German-held,
// Allied-held or Destroyed, all German-held at the start (mgmg:19.1); a
// Destroyed bridge may carry each side's Construct marker at +1 or +2
// (mgmg:19.21). Here: the states, and a bridge changing hands when both its
// areas come under one side's Control (mgmg:19.1, 4.6). Repair and
// demolition in an Assault Impulse are bridge_impulse.go's (mgmg:19.2,
// 19.4, 19.5), Evening Construction construction.go's (mgmg:19.23),
// seizure (mgmg:9.22, 19.3) assault_impulse.go's, and crossing in an
// assault (mgmg:10.2, 10.742) assault_resolution.go's.

// bridgeHeld is a bridge's state (mgmg:19.1).
type bridgeHeld uint8

const (
	heldGerman bridgeHeld = iota // no marker
	heldAllied                   // Allied Bridge marker (mgmg:4.6)
	heldBlown                    // Blown Bridge marker (mgmg:4.6, 19.4)
)

var bridgeHeldNames = [...]string{heldGerman: "german", heldAllied: "allied", heldBlown: "blown"}

// bridge is one bridge's markers.
type bridge struct {
	Held      bridgeHeld
	Construct [2]uint8 // each side's Construct marker on a Destroyed bridge: 0, 1 or 2 (mgmg:19.21)
}

// heldBy is the bridge state of a side holding it.
func heldBy(sd side) bridgeHeld {
	if sd == allies {
		return heldAllied
	}
	return heldGerman
}

// bridgesFollowControl hands each intact bridge of p to the side that now
// Controls both its areas (mgmg:19.1, 4.6).
func (s *State) bridgesFollowControl(p int16) {
	for i, b := range s.g.bridges {
		if int(p) != b.A && int(p) != b.B || s.bridges[i].Held == heldBlown {
			continue
		}
		sd := s.controller(int16(b.A))
		if s.controller(int16(b.B)) != sd || s.bridges[i].Held == heldBy(sd) {
			continue
		}
		s.bridges[i].Held = heldBy(sd)
		s.logf("mgmg:19.1", "the bridge between %p and %p passes to the %s side", b.A, b.B, int(sd))
	}
}

// bridgeName is a bridge as positions and views write it: its places' IDs.
func (g *Game) bridgeName(i int) string {
	b := g.bridges[i]
	return g.placeIDs[b.A] + "/" + g.placeIDs[b.B]
}

// BridgePos is a bridge in a position or a view that is not simply
// German-held.
type BridgePos struct {
	Held      string      `json:"held"` // "german", "allied" or "blown"
	Construct SideNumbers `json:"construct,omitzero"`
}

// bridgeMarkers are the bridges with a marker, by name.
func (s *State) bridgeMarkers() map[string]BridgePos {
	out := map[string]BridgePos{}
	for i, b := range s.bridges {
		if b != (bridge{}) {
			out[s.g.bridgeName(i)] = BridgePos{Held: bridgeHeldNames[b.Held], Construct: SideNumbers{int(b.Construct[germans]), int(b.Construct[allies])}}
		}
	}
	return out
}

// bridgeUses are the bridges crossed in the Regroup Phase, by name, with
// how many units crossed each (mgmg:9.62).
func (s *State) bridgeUses() map[string]int {
	var out map[string]int
	for i, n := range s.bridgeUse {
		if n > 0 {
			if out == nil {
				out = map[string]int{}
			}
			out[s.g.bridgeName(i)] = int(n)
		}
	}
	return out
}

// bridgeIndexOf is the index of the bridge a position names, -1 if none.
func (g *Game) bridgeIndexOf(name string) int {
	for j := range g.bridges {
		if g.bridgeName(j) == name {
			return j
		}
	}
	return -1
}

// setBridges reads a position's bridges and their use in the Regroup Phase.
func (s *State) setBridges(bs map[string]BridgePos, use map[string]int) error {
	for name, n := range use {
		i := s.g.bridgeIndexOf(name)
		if i < 0 || n < 0 || n > bridgeLimit || (n > 0 && s.step != stRegroup && s.step != stRegroupTo) {
			return fmt.Errorf("bridge_use %s %d: a bridge of the map crossed by 0 to %d units, during the Regroup Phase (mgmg:9.62)", name, n, bridgeLimit)
		}
		s.bridgeUse[i] = uint8(n)
	}
	for name, bp := range bs {
		i := s.g.bridgeIndexOf(name)
		if i < 0 {
			return fmt.Errorf("bridges: %q is no bridge of the map (write it as its places' IDs, lower index first, e.g. %q)", name, s.g.bridgeName(0))
		}
		h := slices.Index(bridgeHeldNames[:], bp.Held)
		c := bp.Construct
		if h < 0 || c.German < 0 || c.German > 2 || c.Allied < 0 || c.Allied > 2 || (c != SideNumbers{} && bridgeHeld(h) != heldBlown) {
			return fmt.Errorf("bridge %s: held %q, construct %+v: held is german, allied or blown; Construct markers of 0 to 2 lie only on a blown bridge (mgmg:19.1, 19.21)", name, bp.Held, c)
		}
		s.bridges[i] = bridge{Held: bridgeHeld(h), Construct: [2]uint8{uint8(c.German), uint8(c.Allied)}}
	}
	return nil
}
