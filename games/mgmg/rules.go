package mgmg

import (
	"fmt"
	"slices"

	"sandtable/engine"
)

// Legal implements engine.State: one case per step, in the files named after
// the rules they implement.
func (s *State) Legal(buf []engine.Action) []engine.Action {
	buf = s.legal(buf[:0])
	s.legalMemo.Remember(s.choices, buf)
	return buf
}

// legal lists the legal actions, one case per step.
func (s *State) legal(buf []engine.Action) []engine.Action {
	switch s.step {
	case stSetup:
		return s.legalSetup(buf)
	case stBid:
		return s.legalBids(buf)
	case stOpening:
		return s.legalPurchases(append(buf, act(kDone, 0)))
	case stAirBombardment, stArtilleryBarrage, stAttrition:
		return s.legalBombard(buf)
	case stBombardWith, stSupport, stPrimary, stMistaken:
		return s.legalImpulseBombard(buf)
	case stAirborneLanding:
		return s.legalDDay(buf)
	case stDropZone:
		return s.legalDropZones(buf)
	case stRegroup, stRegroupTo:
		return s.legalRegroup(buf)
	case stReroll:
		return s.legalReroll(buf)
	case stDepot:
		return s.legalDepots(buf)
	case stRefit:
		return s.legalRefits(buf)
	case stPurchase:
		return s.legalPurchases(append(buf, act(kDone, 0)))
	case stReorganize:
		return s.legalReorganizations(buf)
	case stImpulse:
		f := s.impulseFrame()
		switch {
		case f.Second.offered():
			return s.legalSecond(buf) // mgmg:12.3, 14.5
		case f.Demolition:
			return s.legalDemolitions(append(buf, act(kDone, 0))) // mgmg:19.4
		case s.landingStep(f):
			return s.legalAlso(s.legalLandings(buf)) // mgmg:18.42, 12.3
		}
		buf = s.legalImpulse(buf)
		if f.Move.Kind == impulseNone {
			return s.legalUKActivation(s.bridgeActivations(s.legalTargets(buf), f.Side), f.Side) // mgmg:8.23, 8.21, 18.4
		}
		return s.legalAlso(s.legalImpulseRepairs(buf)) // mgmg:19.2, 12.3
	case stAssaultPoint, stAssaultForward, stCasualty, stAttackerRetreat, stVoluntary, stRetreatTo, stAssaultSupport:
		return s.legalAssault(buf)
	case stSunsetMarker:
		return s.legalSunsetMarker(buf)
	case stDemolition, stCoup, stCoupTo, stCoupAttack:
		return s.legalDemolition(buf)
	}
	return buf
}

// Apply implements engine.State. Only listed actions are accepted.
func (s *State) Apply(a engine.Action) error {
	if s.step == stOver {
		return fmt.Errorf("%w: the game has ended", engine.ErrIllegal)
	}
	list, ok := s.legalMemo.Recall(s.choices) // the list Legal gave for this very state, if it did
	if !ok {
		var tmp [64]engine.Action
		list = s.legal(tmp[:0])
	}
	if !slices.Contains(list, a) {
		return fmt.Errorf("%w: action %d is not legal now", engine.ErrIllegal, a)
	}
	s.choices++
	k, x := split(a)
	switch s.step {
	case stSetup:
		s.applySetup(k, x)
	case stBid:
		s.applyBid(x)
	case stOpening:
		s.applyOpening(k)
	case stAirBombardment, stArtilleryBarrage, stAttrition:
		s.applyBombard(k, x)
	case stBombardWith, stSupport, stPrimary, stMistaken:
		s.applyImpulseBombard(k, x)
	case stAirborneLanding:
		s.applyDDay(k, x)
	case stDropZone:
		s.applyDropZone(int16(x))
	case stImpulse:
		if s.impulseFrame().Second.offered() && k != kSingle {
			s.declareSecond(k, x) // mgmg:12.3, 14.5: then the activation itself
		}
		switch k {
		case kSingle:
			s.finishImpulse()
		case kDone: // mgmg:18.44: the landings declared; mgmg:19.4: no more demolitions
			if s.landingStep(s.impulseFrame()) {
				s.interdictLandingFrom(0)
			} else {
				s.endImpulse()
			}
		case kLand:
			s.land(int16(x&0xff), int16(x>>8))
		case kAlso:
			s.declareAlso(int16(x))
		case kRepairBridge, kDemolish:
			s.tryBridge(k, x)
		case kInterdict:
			s.applyInterdiction(int16(x))
		case kTarget:
			s.applyTarget(int16(x))
		case kExitMap:
			s.exitMap(s.impulseFrame().Move.Unit - 1)
		default:
			s.applyImpulse(k, x)
		}
	case stDepot:
		s.applyDepot(k, x)
	case stRefit:
		s.applyRefit(k, x)
	case stPurchase:
		s.applyPurchase(k)
	case stReorganize:
		s.applyReorganization(k, x)
	case stRegroup, stRegroupTo:
		s.applyRegroup(k, x)
	case stReroll:
		s.applyReroll(k == kReroll)
	case stAssaultPoint, stAssaultForward, stCasualty, stAttackerRetreat, stVoluntary, stRetreatTo, stAssaultSupport:
		s.applyAssault(k, x)
	case stSunsetMarker:
		s.applySunsetMarker(x)
	case stDemolition, stCoup, stCoupTo, stCoupAttack:
		s.applyDemolition(k, x)
	}
	if s.step != stOver {
		s.zoneFArrivals()
	}
	return nil
}
