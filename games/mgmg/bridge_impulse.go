package mgmg

import (
	"fmt"
	"math/bits"
	"slices"

	"sandtable/engine"
)

// Bridges in an Assault Impulse (mgmg:8.21 steps 1 and 3): before any unit
// of the Active Area acts, the side may try to repair the Destroyed bridges
// on its boundaries (mgmg:19.2, 19.21), the Active Area friendly-Controlled
// and not isolated (for the Allies Corps-Controlled with a supply line to
// Zone F); once its movement and assaults are over, it may try to demolish
// the bridges it holds there where the enemy Controls or Contests one of
// the bridge's places (mgmg:19.4). Each dr, offered to the Advantage holder
// (mgmg:12.2), succeeds at 7 or more with the modifiers of mgmg:19.5. A
// bridge is tried once for each an impulse; the United Kingdom box has no
// boundaries (mgmg:18.4). A place may be activated for these alone.

// mayRepairFrom reports Active Area p as one from which side sd may try
// repairs (mgmg:19.2). Its supply lines are traced into *reach the first
// time they are needed (supplyReach).
func (s *State) mayRepairFrom(p int16, sd side, reach **[nPlaces]bool) bool {
	if s.controller(p) != sd || p == s.g.uk || sd == allies && s.control[p] != ctlCorps {
		return false
	}
	return s.reachOnce(sd, reach)[p] // for the Allies, from Zone F (mgmg:13.82)
}

// on reports bridge i on a boundary of place p.
func (g *Game) on(i int, p int16) bool { return g.bridges[i].A == int(p) || g.bridges[i].B == int(p) }

// mayRepair reports bridge i open to side sd's repair attempt from Active
// Area p in the impulse f, p being one it may repair from: Destroyed, not
// tried this impulse, with a Construct marker free (mgmg:19.2, 19.21); never
// in Fortress Holland (fh40:19.2).
func (s *State) mayRepair(i int, p int16, sd side, f *frame) bool {
	return s.g.fh40 == nil && s.g.on(i, p) && s.bridges[i].Held == heldBlown && f.RepairTried&(1<<i) == 0 && s.constructFree(sd, i)
}

// mayDemolish reports bridge i open to side sd's demolition attempt from
// Active Area p in the impulse f: held by sd, not tried this impulse, the
// enemy Controlling or Contesting one of its places (mgmg:19.4).
func (s *State) mayDemolish(i int, p int16, sd side, f *frame) bool {
	if s.g.fh40 != nil || !s.g.on(i, p) || s.bridges[i].Held != heldBy(sd) || f.DemolishTried&(1<<i) != 0 {
		return false // fh40:19.2 not used; fh40:19.4 in the Bridge Demolition Phase only
	}
	b := s.g.bridges[i]
	for _, q := range []int16{int16(b.A), int16(b.B)} {
		if s.controller(q) != sd || s.contested(q) {
			return true
		}
	}
	return false
}

// bridgeActivations adds the places side sd may activate for an Assault
// Impulse only to repair or demolish bridges (mgmg:8.21), those not listed
// already.
func (s *State) bridgeActivations(buf []engine.Action, sd side) []engine.Action {
	f := s.impulseFrame()
	var reach *[nPlaces]bool
	var listed placeSet
	for _, a := range buf {
		if k, p := split(a); k == kAssaultImpulse {
			listed.add(p)
		}
	}
	for p := range int16(nPlaces) {
		a := act(kAssaultImpulse, int(p))
		if listed.has(int(p)) {
			continue
		}
		for on := s.g.bridgesOn[p]; on != 0; on &= on - 1 {
			i := bits.TrailingZeros32(on)
			if s.mayDemolish(i, p, sd, f) {
				buf = append(buf, a)
				break
			}
			if s.mayRepair(i, p, sd, f) && s.mayRepairFrom(p, sd, &reach) {
				buf = append(buf, a)
				break
			}
		}
	}
	return buf
}

// legalImpulseRepairs adds the repairs open as an Assault Impulse starts,
// before any unit of it acts (mgmg:8.21 step 1).
func (s *State) legalImpulseRepairs(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	mv := &f.Move
	if mv.Kind != impulseAssault || mv.Unit != 0 || f.Acted != (units{}) || mv.Ending {
		return buf
	}
	var reach *[nPlaces]bool
	for _, p := range s.activeAreas(mv) {
		for i := range s.g.bridges {
			if a := act(kRepairBridge, i); s.mayRepair(i, p, f.Side, f) && !slices.Contains(buf, a) && s.mayRepairFrom(p, f.Side, &reach) {
				buf = append(buf, a)
			}
		}
	}
	return buf
}

// offerDemolition turns the Assault Impulse f, its movement and assaults
// over, to its demolitions if any is open (mgmg:8.21 step 3), and reports
// whether it did.
func (s *State) offerDemolition(f *frame) bool {
	if f.Move.Kind != impulseAssault || f.Demolition || len(s.legalDemolitions(nil)) == 0 {
		return false
	}
	f.Demolition = true
	s.step, s.active = stImpulse, f.Side
	return true
}

// legalDemolitions adds the demolitions open from the Active Area.
func (s *State) legalDemolitions(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	for i := range s.g.bridges {
		for _, p := range s.activeAreas(&f.Move) {
			if s.mayDemolish(i, p, f.Side, f) {
				buf = append(buf, act(kDemolish, i))
				break
			}
		}
	}
	return buf
}

// tryBridge makes the repair (kRepairBridge) or demolition (kDemolish) dr
// for bridge i, offered to the Advantage holder (mgmg:12.2).
func (s *State) tryBridge(k kind, i int) {
	f := s.impulseFrame()
	if k == kRepairBridge {
		f.RepairTried |= 1 << i
		s.offerReroll(rrBridgeRepair, s.rng.Die(6), int16(i))
		return
	}
	f.DemolishTried |= 1 << i
	s.offerReroll(rrDemolition, s.rng.Die(6), int16(i))
}

// demolitionResult applies side's Demolition dr for bridge i as it stands:
// with its modifier 7 or more the bridge is Destroyed (mgmg:19.4, 19.5).
func (s *State) demolitionResult(i int, sd side, dr int) {
	b := s.g.bridges[i]
	drm := s.bridgeDRM(i, sd)
	if dr+drm < demolitionSuccess {
		s.logf("mgmg:19.4", "%s Demolition dr %d%+d at the bridge between %p and %p fails", int(sd), dr, drm, b.A, b.B)
		return
	}
	s.bridges[i] = bridge{Held: heldBlown}
	s.logf("mgmg:19.4", "%s Demolition dr %d%+d blows the bridge between %p and %p", int(sd), dr, drm, b.A, b.B)
}

// demolitionSuccess is the least modified Demolition dr that destroys a
// bridge (mgmg:19.4).
const demolitionSuccess = 7

// describeBridgeTry labels a repair or demolition in an impulse with its
// modifier.
func (s *State) describeBridgeTry(k kind, i int, c *engine.Choice) {
	name, sd := s.g.bridgeName(i), s.impulseFrame().Side
	b := s.g.bridges[i]
	c.Refs = []string{"area:" + s.g.placeIDs[b.A], "area:" + s.g.placeIDs[b.B]}
	if k == kRepairBridge {
		c.ID, c.Rule = "repair-bridge:"+name, "mgmg:19.2"
		c.Label = fmt.Sprintf("Try to repair the bridge %s (Repair dr %+d, 7 or more repairs)", name, s.repairDRM(i, sd))
		return
	}
	c.ID, c.Rule = "demolish:"+name, "mgmg:19.4"
	c.Label = fmt.Sprintf("Try to blow the bridge %s (Demolition dr %+d, 7 or more destroys it)", name, s.bridgeDRM(i, sd))
}
