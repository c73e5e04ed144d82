package soa

import (
	"fmt"
	"slices"

	"sandtable/engine"
)

// Legal implements engine.State: one case per step, in the files named after
// the rules they implement.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = s.legal(buf[:0])
	s.legalMemo.Remember(s.count, buf)
	return buf
}

// legal lists the legal actions, one case per step.
func (s *State) legal(buf []engine.Action) []engine.Action {
	switch s.step {
	case stBid:
		return s.legalBid(buf)
	case stSetupBritish, stSetupGerman:
		return s.legalSetup(buf)
	case stReformPlace, stEventArmor, stEventZone, stEventBUnit, stEventBZone, stEventCZone:
		return s.legalEvent(buf)
	case stImpulse:
		return s.legalImpulse(buf)
	case stMode:
		return s.legalMode(buf)
	case stMoveUnit, stMoveStep:
		return s.legalMove(buf)
	case stFireTarget, stFireGroup, stFireWith, stFirePrimary:
		return s.legalFire(buf)
	case stArtTarget, stArtGroup, stArtMore:
		return s.legalArtillery(buf)
	case stReroll:
		return append(buf, act(kAccept, 0), act(kReroll, 0))
	case stAbsorb:
		return s.legalAbsorb(buf)
	case stRetreatDest:
		return s.legalRetreatDest(buf)
	case stFireCommit:
		return s.legalFireCommit(buf)
	case stOverstack:
		return s.legalOverstack(buf)
	case stContinue:
		buf = append(buf, act(kEndPhase, 0))
		if s.hasImpulseAction(s.ta) {
			buf = append(buf, act(kContinue, 0))
		}
		return buf
	case stCCPlace, stCCScreen, stCCTarget, stCCWith:
		return s.legalCC(buf)
	}
	return buf
}

// Apply implements engine.State. Only listed actions are accepted.
func (s *State) Apply(a engine.Action) error {
	if s.step == stOver {
		return fmt.Errorf("%w: the game has ended", engine.ErrIllegal)
	}
	list, ok := s.legalMemo.Recall(s.count) // the list Legal gave for this very state, if it did
	if !ok {
		var tmp [64]engine.Action
		list = s.legal(tmp[:0])
	}
	if !slices.Contains(list, a) {
		return fmt.Errorf("%w: action %d is not legal now", engine.ErrIllegal, a)
	}
	s.count++
	k, x := split(a)
	switch s.step {
	case stBid:
		s.applyBid(x)
	case stSetupBritish, stSetupGerman:
		s.count += len(s.applySetupChoice(k, x)) - 1 // a choice for each placement, as the record keeps them
	case stReformPlace, stEventArmor, stEventZone, stEventBUnit, stEventBZone, stEventCZone:
		s.applyEvent(k, x)
	case stImpulse:
		s.applyImpulse(k, x)
	case stMode:
		s.applyMode(k)
	case stMoveUnit, stMoveStep:
		s.applyMove(k, x)
	case stFireTarget, stFireGroup, stFireWith, stFirePrimary:
		s.applyFire(k, x)
	case stArtTarget, stArtGroup, stArtMore:
		s.applyArtillery(k, x)
	case stReroll:
		s.applyReroll(k == kReroll)
	case stAbsorb:
		s.applyAbsorb(k, x)
	case stRetreatDest:
		s.applyRetreatDest(int16(x))
	case stFireCommit:
		s.applyFireCommit(int16(x))
	case stOverstack:
		s.applyOverstack(int16(x))
	case stContinue:
		s.applyContinue(k == kContinue)
	case stCCPlace, stCCScreen, stCCTarget, stCCWith:
		s.applyCC(k, x)
	}
	s.revealATs()
	return nil
}

// rerollFor says what a roll under a reroll offer belongs to (soa:8.41).
type rerollFor uint8

const (
	rrFire        rerollFor = iota // a fire attack, AT attack or artillery attack
	rrSetFire                      // soa:18
	rrCloseCombat                  // soa:9.6
	rrExtinguish                   // soa:18.9
)

// offerReroll hands the choice to the Tactical Advantage holder after a roll
// it may have rerolled (soa:8.41). After a reroll the new roll stands: the
// side that just gained the advantage may not reroll it (soa:8.42).
func (s *State) offerReroll(f rerollFor) {
	s.stack.push(frame{Proc: procReroll, For: f, Back: s.active})
	s.step = stReroll
	s.active = s.ta
}

// rollFor is what the roll on show belongs to: the one under the reroll
// offer, or a fire roll while its casualties are taken.
func (s *State) rollFor() rerollFor {
	if s.stack.in(procReroll) {
		return s.stack.top().For
	}
	return rrFire
}

func (s *State) applyReroll(reroll bool) {
	f := s.stack.pop()
	s.step = stOver // replaced by the continuation below
	s.active = f.Back
	if reroll {
		s.logf("soa:8.41", "%s uses the Tactical Advantage to reroll", int(s.ta))
		s.ta = s.ta.Other()
	}
	switch f.For {
	case rrFire:
		if reroll {
			s.rollFire()
		}
		s.afterFireRoll()
	case rrSetFire:
		if reroll {
			s.rollSetFire()
		}
		s.afterSetFireRoll()
	case rrCloseCombat:
		s.afterCCRoll(reroll)
	case rrExtinguish:
		s.afterExtinguishRoll(reroll)
	}
}

// --- small queries used everywhere ---

func (s *State) side(u int16) Side    { return s.g.side[u] }
func (s *State) typ(u int16) UnitType { return s.g.units[u].Type }
func (s *State) isArmor(u int16) bool { return s.g.units[u].Type == Armor }
func (s *State) isZone(p int16) bool  { return s.g.board.IsZone(int(p)) }

// gunHidden reports a hidden AT gun anywhere (soa:13.8). The German knows
// as much: the order of battle lists the guns, and he sees those revealed.
func (s *State) gunHidden() bool {
	for _, u := range s.g.britAT {
		if s.units[u].Hidden {
			return true
		}
	}
	return false
}

// hidesGun reports that side has a hidden AT gun somewhere: then a step
// that would end or pass him over by itself, only when no hidden gun could
// act, waits for him instead, lest it tell the German (soa:13.8).
func (s *State) hidesGun(side Side) bool { return side == British && s.gunHidden() }

// revealATs uncovers hidden anti-tank guns when AT guns, hidden or not, are
// the only British units in their area (soa:13.8); firing and moving reveal
// them where they happen.
func (s *State) revealATs() {
	if !s.opt.hiddenAT || !s.revealed {
		return
	}
	for _, u := range s.g.britAT {
		if !s.units[u].Hidden {
			continue
		}
		if p := s.units[u].Loc; p < 0 || s.onlyAT(p, British) {
			s.setHidden(u, false)
			if p >= 0 {
				s.logf("soa:13.8", "a hidden anti-tank gun is revealed in %p", int(p))
			}
		}
	}
}

// eliminate removes a unit. A British unit other than a Bren carrier goes to
// the Reformed Units box counting weight units (soa:19.21, 19.22); weight 0
// removes it for good (soa:19.23), as every German loss is.
func (s *State) eliminate(u int16, weight uint8) {
	s.setHidden(u, false)
	s.edit(u, func(st *unitState) { st.Screened = false })
	if s.side(u) == British && weight > 0 && s.typ(u) != Bren {
		s.put(u, locBox, false)
		s.edit(u, func(st *unitState) { st.Weight = weight })
		return
	}
	s.put(u, locElim, false)
	s.edit(u, func(st *unitState) { st.Weight = 0 })
}
