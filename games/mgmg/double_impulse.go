package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// The second activation of an impulse (mgmg:12.3, 14.5, 6.3): once the
// first is over, its units Spent and, for the Allies, its Sunset DR made,
// the side may activate another place (or the same again) by spending the
// Advantage, a Double Impulse; the Allies may instead activate Zone F
// without it. The impulse frame stays: one impulse on the Impulse Track, the
// places assaulted and the bridges' limits kept (moves.carried), and the
// Allied Sunset DR of the first activation decides the day once the second
// is over; the second has none. Never after a pass, nor with an Air
// Bombardment in either (mgmg:16.21), and never a third.

// second is where an impulse stands with its second activation.
type second uint8

const (
	secondNone       second = iota // the first activation is in progress
	secondOffered                  // it is over: the side may take a second
	secondAfterZoneF               // the same, the first having been Zone F's: no Zone F activation (mgmg:14.5)
	secondDouble                   // the second, by the Advantage (mgmg:12.3)
	secondZoneF                    // the second, Zone F's (mgmg:14.5)
)

// offered reports the side choosing its second activation.
func (x second) offered() bool { return x == secondOffered || x == secondAfterZoneF }

// mayZoneF reports Zone F activation open to the impulse f: the Allies',
// after a first activation elsewhere (mgmg:14.5), with a unit free to move
// from Zone F.
func (s *State) mayZoneF(f *frame) bool {
	if f.Side != allies || f.Second != secondOffered {
		return false
	}
	gs := groundPool.Get().(*groundStore)
	defer groundPool.Put(gs)
	mv := s.startMoving(impulseAssault, 0, f.Side)
	return s.mayActivate(s.g.zoneF, f.Side, &mv, s.groundIn(gs, f.Side, &mv)) // as legalActivations does
}

// offerSecond offers the side of the impulse f, its first activation over,
// a second one, and reports whether it did: not after a pass or an Air
// Bombardment (mgmg:16.21), and only with the Advantage in hand or Zone F
// to activate (mgmg:12.3, 14.5).
func (s *State) offerSecond(f *frame) bool {
	if f.Second != secondNone || s.passes > 0 || f.Stay {
		return false
	}
	f.Second = secondOffered
	if f.Move.Kind != impulseNone && f.Move.Active == s.g.zoneF {
		f.Second = secondAfterZoneF
	}
	f.Move, f.Demolition, f.Landed, f.Dropped = moves{}.carried(&f.Move), false, units{}, false
	if !s.secondOpen(f) {
		return false
	}
	s.step, s.active = stImpulse, f.Side
	return true
}

// carried is the movement m of a new activation with what prev's impulse
// keeps for its second (mgmg:12.3): no unit enters a place assaulted in the
// impulse (10.1), a bridge carries five units an impulse (19.1) and is
// tried once (9.22, 19.3), and artillery supports once (15.12).
func (m moves) carried(prev *moves) moves {
	m.Assaulted, m.BridgeUses, m.SeizeTried, m.Seized, m.Supported = prev.Assaulted, prev.BridgeUses, prev.SeizeTried, prev.Seized, prev.Supported
	return m
}

// legalSecond lists the second activations open to the impulse in
// progress, and ending it with none: Zone F for the Allies (mgmg:14.5);
// with the Advantage, any activation but an Air Bombardment or an Air
// Interdiction marker (mgmg:12.3, 16.21, 16.4).
func (s *State) legalSecond(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	buf = append(buf, act(kSingle, 0))
	zoneF := s.mayZoneF(f)
	if zoneF {
		buf = append(buf, act(kAssaultImpulse, int(s.g.zoneF)))
	}
	if s.advantage != f.Side {
		return buf
	}
	n := len(buf)
	buf = s.legalUKActivation(s.bridgeActivations(s.legalTargets(s.legalActivations(buf, f.Side)), f.Side), f.Side)
	if zoneF { // Zone F's activation is free: never spend the Advantage on it
		for i := n; i < len(buf); i++ {
			if buf[i] == act(kAssaultImpulse, int(s.g.zoneF)) {
				buf = append(buf[:i], buf[i+1:]...)
				break
			}
		}
	}
	return buf
}

// secondOpen reports legalSecond listing more than ending the impulse f,
// without listing it all: Zone F's activation, or with the Advantage any
// other (the bridges' only when no unit activates a place, the box's only
// when nothing else is open).
func (s *State) secondOpen(f *frame) bool {
	if s.mayZoneF(f) {
		return true
	}
	if s.advantage != f.Side {
		return false
	}
	for range s.activations(f.Side, impulseKinds) {
		return true
	}
	return len(s.legalUKActivation(s.bridgeActivations(s.legalTargets(nil), f.Side), f.Side)) > 0
}

// declareSecond marks the second activation chosen (k, x) as the Zone F
// activation or a Double Impulse, which spends the Advantage until the
// impulse ends (mgmg:12.3, 12.5, 14.5).
func (s *State) declareSecond(k kind, x int) {
	f := s.impulseFrame()
	if k == kAssaultImpulse && int16(x) == s.g.zoneF && s.mayZoneF(f) {
		f.Second = secondZoneF
		s.logf("mgmg:14.5", "%S activate Zone F as a second activation", int(f.Side))
		return
	}
	f.Second = secondDouble
	s.advantage, s.advantageNext = nobody, f.Side.other()
	s.logf("mgmg:12.3", "%S spend the Advantage on a Double Impulse", int(f.Side))
}

// inSecond reports the impulse in progress in its second activation, or
// choosing one: no Air Bombardment then (mgmg:16.21).
func (s *State) inSecond() bool {
	return s.stack.n > 0 && s.stack.frames[0].Proc == procImpulse && s.stack.frames[0].Second != secondNone
}

// describeSecond adds to an activation's label what kind of second
// activation it is.
func (s *State) describeSecond(k kind, x int, c *engine.Choice) {
	if s.step != stImpulse || s.stack.n == 0 || !s.impulseFrame().Second.offered() {
		return
	}
	switch {
	case k == kSingle:
		c.ID, c.Label, c.Rule = "single", "No second activation: end the impulse", "mgmg:12.3"
	case k == kAssaultImpulse && int16(x) == s.g.zoneF && s.mayZoneF(s.impulseFrame()):
		c.Label, c.Rule = c.Label+" (Zone F activation, the Advantage kept)", "mgmg:14.5"
	default:
		c.Label, c.Rule = c.Label+" (Double Impulse: spends the Advantage)", "mgmg:12.3"
	}
}

// secondAsks is what the offer of a second activation asks.
func (s *State) secondAsks() (ask, wait string) {
	imp := impulseName(s.impulse)
	f := s.impulseFrame()
	what := "activate Zone F (mgmg:14.5)"
	switch {
	case s.advantage == f.Side && s.mayZoneF(f):
		what = "activate Zone F (mgmg:14.5), or spend the Advantage on a Double Impulse (mgmg:12.3)"
	case s.advantage == f.Side:
		what = "spend the Advantage on a Double Impulse (mgmg:12.3)"
	}
	ask = fmt.Sprintf("Impulse %s: your first activation is over: %s, or end the impulse", imp, what)
	if f.Side != s.g.first {
		ask += fmt.Sprintf(". A second activation makes no Sunset DR of its own: the %d already made stands", f.Sunset)
	}
	return ask, "impulse " + imp + ": a second activation"
}

// The simultaneous Double Impulse (mgmg:12.3, 18.42, 14.5): during an
// Assault Impulse, before any of its assaults is resolved, the Advantage
// holder may declare a second Active Area with it (Also), so that the units
// of both move in one activation and may join in the same assault; from the
// United Kingdom box, before the first landing, the Drop Area its units land
// in among others (mgmg:18.42). Both places demolish their bridges, and
// repair them when declared before any unit acts (mgmg:8.21). No second
// activation follows it.

// legalAlso adds the places the side may declare as a second Active Area
// now: those with a unit of its free to move, the first excepted. It may
// be declared while no unit is moving until an assault of the impulse is
// resolved, so that the second place's units join an assault its first
// units have entered (mgmg:26.0 example 8: the Guards enter Oosterhout,
// then Hatert is activated and its unit makes a Boat Assault into the
// same assault).
func (s *State) legalAlso(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	mv := &f.Move
	if f.Also != 0 || f.Second != secondNone || s.advantage != f.Side || mv.Kind != impulseAssault || mv.Unit != 0 || mv.Assaulted != (placeSet{}) || mv.Ending || f.Lifted > 0 {
		return buf
	}
	for a := range s.activations(f.Side, impulseKinds[:1]) {
		if _, p := split(a); int16(p) != mv.Active && s.unactedIn(int16(p), f) {
			buf = append(buf, act(kAlso, p))
		}
	}
	return buf
}

// unactedIn reports a Fresh unit of the impulse's side in p that has not
// acted in it: units that moved into p this impulse do not make it a place
// to activate (mgmg:8.3).
func (s *State) unactedIn(p int16, f *frame) bool {
	for u, st := range &s.units {
		if st.Loc == p && st.Level == StepFresh && s.g.side[u] == f.Side && !f.Acted.has(int16(u)) {
			return true
		}
	}
	return false
}

// declareAlso makes p the second Active Area, spending the Advantage until
// the impulse ends (mgmg:12.3, 12.5).
func (s *State) declareAlso(p int16) {
	f := s.impulseFrame()
	f.Also, f.Second = p+1, secondDouble
	s.advantage, s.advantageNext = nobody, f.Side.other()
	s.logf("mgmg:12.3", "%S spend the Advantage on a Double Impulse: %p is activated as well", int(f.Side), int(p))
}

// activeAreas are the Active Areas of the impulse moving mv: its own, and
// the second declared with it, if any.
func (s *State) activeAreas(mv *moves) []int16 {
	if f := &s.stack.frames[0]; s.stack.n > 0 && f.Proc == procImpulse && f.Also != 0 {
		return []int16{mv.Active, f.Also - 1}
	}
	return []int16{mv.Active}
}

// startsIn reports unit u beginning its movement in an Active Area of the
// impulse, or landed from the box this activation (mgmg:8.21, 12.3, 18.42).
func (s *State) startsIn(u int16, mv *moves) bool {
	loc, f := s.units[u].Loc, &s.stack.frames[0]
	return loc == mv.Active || f.Also != 0 && loc == f.Also-1 || s.landedFrom(u, mv)
}
