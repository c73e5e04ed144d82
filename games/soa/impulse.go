package soa

import (
	"time"

	"sandtable/engine"
)

// startMF begins the Movement/Fire Phase: the Tactical Advantage holder has
// the first impulse (soa:6.3, 8.1, 8.44).
func (s *State) startMF() {
	s.step, s.imp, s.active = stImpulse, s.ta, s.ta
	s.passes, s.mustAct, s.forcerPending = 0, false, false
	s.logf("soa:8.1", "turn %d: Movement/Fire Phase, %s has the first impulse", s.turn, int(s.ta))
}

// legalImpulse: pass, act from an area, or call artillery (soa:8.11, 8.15, 14.2).
func (s *State) legalImpulse(buf []engine.Action) []engine.Action {
	if !s.mustAct {
		buf = append(buf, act(kPass, 0))
	}
	for p := 0; p < s.g.board.Len(); p++ {
		if s.canActFrom(int16(p)) {
			buf = append(buf, act(kArea, p))
		}
	}
	buf = s.readyArtillery(buf)
	if len(buf) == 0 { // only a forced continuation with nothing left to do; cannot happen (applyPass checks), pass anyway
		buf = append(buf, act(kPass, 0))
	}
	return buf
}

// canActFrom reports an area from which the side to move can move or fire.
func (s *State) canActFrom(p int16) bool {
	return s.canMoveFrom(p) || s.canFireFrom(p)
}

func (s *State) applyImpulse(k kind, x int) {
	switch k {
	case kPass:
		s.applyPass()
	case kArea:
		s.origin = int16(x)
		s.step = stMode
	case kArtillery:
		s.startArtillery(int16(x))
	}
}

// applyPass ends the phase on the second consecutive pass, unless the
// Tactical Advantage holder forces it on (soa:8.16, 8.43). He is asked when
// he could act; a British holder also while an AT gun is hidden, since
// asking only when a hidden gun could act would tell the German (soa:13.8).
func (s *State) applyPass() {
	s.logf("soa:8.15", "%s passes", int(s.imp))
	s.passes++
	if s.passes < 2 {
		s.nextImpulse()
		return
	}
	if s.hasImpulseAction(s.ta) || s.hidesGun(s.ta) {
		s.step, s.active = stContinue, s.ta
		return
	}
	s.endMF()
}

// hasImpulseAction reports whether side could do anything but pass.
func (s *State) hasImpulseAction(side Side) bool {
	imp, must := s.imp, s.mustAct
	s.imp, s.mustAct = side, true
	var tmp [64]engine.Action
	acts := s.legalImpulse(tmp[:0])
	s.imp, s.mustAct = imp, must
	k, _ := split(acts[0])
	return k != kPass
}

// ReactionTime implements engine.Clocked: the seconds agreed for declaring
// an impulse (soa:8.17), 0 when the option is off.
func (s *State) ReactionTime() time.Duration {
	return time.Duration(s.opt.reaction) * time.Second
}

// Timeout implements engine.Clocked: a player who does not declare his
// impulse in time passes (soa:8.17). The clock runs only between impulses,
// and not for a player who forced the phase on and may not pass (soa:8.43).
func (s *State) Timeout() (engine.Action, bool) {
	if s.opt.reaction == 0 || s.step != stImpulse || s.mustAct {
		return 0, false
	}
	return act(kPass, 0), true
}

func (s *State) applyContinue(cont bool) {
	if !cont {
		s.endMF()
		return
	}
	forcer := s.ta
	s.ta = s.ta.Other() // soa:8.43: using it passes the advantage
	s.logf("soa:8.43", "%s uses the Tactical Advantage to continue the phase", int(forcer))
	s.passes = 0
	s.forcer, s.forcerPending = forcer, true
	s.nextImpulse()
}

// nextImpulse hands the next impulse to the other side.
func (s *State) nextImpulse() {
	s.imp = s.imp.Other()
	s.active, s.step = s.imp, stImpulse
	s.origin, s.mover = -1, -1
	s.attacks = s.attacks[:0]
	s.artFirst, s.artFirstBy = -1, -1
	s.mustAct = s.forcer == s.imp && s.forcerPending
}

// endImpulse closes an impulse that did something: occupation limits are
// enforced, then the other side moves (soa:7.3, 8.1).
func (s *State) endImpulse() {
	if s.forcer == s.imp {
		s.forcerPending = false
	}
	if s.overstacked(s.imp) >= 0 {
		s.step, s.active = stOverstack, s.imp
		return
	}
	if s.overstacked(s.imp.Other()) >= 0 {
		s.step, s.active = stOverstack, s.imp.Other()
		return
	}
	s.passes = 0
	s.nextImpulse()
}

func (s *State) endMF() {
	s.logf("soa:8.16", "the Movement/Fire Phase ends")
	s.startCloseCombat()
}

// overstacked is the first area where side exceeds the occupation limits, or -1 (soa:7.1).
func (s *State) overstacked(side Side) int16 {
	for p := 0; p < s.g.board.Len(); p++ {
		if s.isZone(int16(p)) {
			continue
		}
		inf, arm := s.counts(int16(p), side)
		if inf > 10 || arm > 3 {
			return int16(p)
		}
	}
	return -1
}

func (s *State) legalOverstack(buf []engine.Action) []engine.Action {
	p := s.overstacked(s.active)
	inf, arm := s.counts(p, s.active)
	for _, u := range s.g.sideUnits[s.active] {
		if s.units[u].Loc == p && ((s.isArmor(u) && arm > 3) || (!s.isArmor(u) && inf > 10)) {
			buf = append(buf, act(kEliminate, int(u)))
		}
	}
	return buf
}

// applyOverstack removes a unit over the limit for good; we count a British
// one as two lost units, as soa:7.3 points to soa:19.22.
func (s *State) applyOverstack(u int16) {
	s.logf("soa:7.3", "%u is eliminated: %p is over the occupation limit", int(u), int(s.units[u].Loc))
	s.eliminate(u, 2)
	s.endImpulse()
}

// legalMode: move or fire from the chosen area (soa:8.11).
func (s *State) legalMode(buf []engine.Action) []engine.Action {
	if s.canMoveFrom(s.origin) {
		buf = append(buf, act(kMove, 0))
	}
	if s.canFireFrom(s.origin) {
		buf = append(buf, act(kFire, 0))
	}
	return buf
}

func (s *State) applyMode(k kind) {
	s.moved = 0
	if k == kMove {
		s.step = stMoveUnit
		return
	}
	s.step = stFireTarget
}
