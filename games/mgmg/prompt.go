package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// What a step asks, in words (engine.Prompter): the phase of the turn the
// game is in (mgmg:6, 20) and a sentence for each seat.

// phases of the turn (mgmg:6.1, 20.1).
var (
	phaseAirBombardment = engine.Phase{ID: "dday-air-bombardment", Name: "D-Day Air Bombardment Phase", Rule: "mgmg:20.2"}
	phaseArtillery      = engine.Phase{ID: "dday-artillery-bombardment", Name: "D-Day Artillery Bombardment Phase", Rule: "mgmg:20.3"}
	phaseLanding        = engine.Phase{ID: "dday-airborne-landing", Name: "D-Day Airborne Landing Phase", Rule: "mgmg:20.4"}
	phaseGroundAssault  = engine.Phase{ID: "dday-ground-assault", Name: "D-Day XXX Corps Ground Assault Phase", Rule: "mgmg:20.5"}
	phaseDawn           = engine.Phase{ID: "dawn", Name: "Dawn Phase", Rule: "mgmg:6.2"}
	phaseDaylight       = engine.Phase{ID: "daylight", Name: "Daylight Phase", Rule: "mgmg:6.3"}
	phaseRefit          = engine.Phase{ID: "refit", Name: "Refit Phase", Rule: "mgmg:6.4"}
	phaseRegroup        = engine.Phase{ID: "regroup", Name: "Regroup Phase", Rule: "mgmg:6.5"}
	phaseOver           = engine.Phase{ID: "over", Name: "Game over"}
)

var stepPhases = [...]engine.Phase{
	stAirBombardment: phaseAirBombardment, stArtilleryBarrage: phaseArtillery, stAirborneLanding: phaseLanding,
	stImpulse: phaseDaylight, stRefit: phaseRefit, stRegroup: phaseRegroup, stRegroupTo: phaseRegroup,
	stOver: phaseOver, stDepot: phaseRefit, stPurchase: phaseRefit, stAssaultPoint: phaseDaylight, stAssaultForward: phaseDaylight, stCasualty: phaseDaylight, stAttackerRetreat: phaseDaylight, stVoluntary: phaseDaylight, stRetreatTo: phaseDaylight, stAssaultSupport: phaseDaylight,
	stSunsetMarker: phaseDaylight,
	stDropZone:     phaseLanding,
	stDemolition:   phaseDemolition, stCoup: phaseCoup, stCoupTo: phaseCoup, stCoupAttack: phaseCoup,
	stReorganize: phaseRefit, stBid: phaseBids, stOpening: phaseOpening,
}

// Phase implements engine.Prompter, citing fh40's own section where it
// restates the phase's.
func (s *State) Phase() engine.Phase {
	p := s.phase()
	p.Rule = s.g.cite(p.Rule)
	return p
}

// phase is the phase in progress. A reroll offer belongs to the phase of
// its roll (rollPhases).
func (s *State) phase() engine.Phase {
	if f := s.ddayFrame(); f != nil { // its assaults and rolls too (mgmg:20.4, 20.5)
		return ddayPhases[f.DDay.Phase]
	}
	switch {
	case s.step == stSetup:
		return engine.Phase{ID: phaseSetup.ID, Name: phaseSetup.Name, Rule: s.g.setupRule()}
	case (s.step == stReroll || s.step == stAttrition) && s.ddayBombardment():
		if s.stack.frames[0].Place == s.g.zoneF {
			return phaseArtillery
		}
		return phaseAirBombardment
	case s.step == stReroll && s.stack.n > 1 && s.stack.frames[0].Proc == procImpulse:
		return phaseDaylight // an impulse's landings roll Interdiction too (mgmg:18.44)
	case s.step == stReroll:
		return rollPhases[s.stack.top().For]
	case s.step == stBombardWith || s.step == stSupport || s.step == stPrimary || s.step == stMistaken || s.step == stAttrition:
		return phaseDaylight
	}
	return stepPhases[s.step]
}

// ddayPhases are the phases the D-Day frames run.
var ddayPhases = [...]engine.Phase{ddayLanding: phaseLanding, ddayGround: phaseGroundAssault}

// rollPhases are the phases the rerollable rolls are made in.
var rollPhases = [...]engine.Phase{rrSunset: phaseDaylight, rrWeather: phaseDawn, rrInterdiction: phaseLanding, rrSurrender: phaseRefit, rrInfiltration: phaseDaylight, rrSeizure: phaseDaylight, rrRepair: phaseRefit, rrBombard: phaseDaylight, rrAssault: phaseDaylight, rrBridgeRepair: phaseDaylight, rrDemolition: phaseDaylight, rrBlow: phaseDemolition, rrCoup: phaseCoup}

// Prompt implements engine.Prompter: the seat to move is asked what its
// step asks; the others are told whom the game waits for and what for.
func (s *State) Prompt(seat engine.Seat) engine.Prompt {
	if s.step == stOver {
		return engine.Prompt{Text: "The game is over: " + s.result.Text}
	}
	ask, wait := s.asks()
	ask = s.ddayContext() + ask
	switch seat {
	case s.ToMove():
		return engine.Prompt{Text: ask, Rule: s.rule()}
	case germans.seat(), allies.seat():
		return engine.Prompt{Text: fmt.Sprintf("Waiting for the %s player: %s", s.g.sideName(s.active), wait), Rule: s.rule()}
	}
	return engine.Prompt{Text: fmt.Sprintf("%s to move: %s", s.g.sideName(s.active), wait), Rule: s.rule()}
}

// asks is what the step asks of the side to move (ask), and what the
// others are told it decides (wait).
func (s *State) asks() (ask, wait string) {
	switch s.step {
	case stSetup:
		return s.setupAsks()
	case stBid, stOpening:
		return s.bidsAsks()
	}
	switch s.step {
	case stAirborneLanding:
		return s.ddayAsks()
	case stDropZone:
		return s.dropZoneAsks()
	case stAirBombardment:
		if s.nextTower(s.airCursor()) >= 0 {
			return "Air Bombardment Phase: the US VIII Air marker bombards the next area holding a German FLAK Tower, the tower the primary target", "the next air bombardment"
		}
		return "Air Bombardment Phase: every FLAK Tower has been bombarded; choose Done, and the VIII Air marker becomes the Air Supply marker", "the end of the air bombardments"
	case stArtilleryBarrage:
		if s.xxxBarrage() < 0 {
			return "Artillery Bombardment Phase: the XXX Corps Artillery is not Fresh in Zone F, or no German unit is there: choose Done", "the end of the phase"
		}
		return "Artillery Bombardment Phase: choose the primary target of the XXX Corps Artillery's barrage in Zone F", "the barrage's primary target"
	case stAttrition:
		f := s.stack.top()
		return fmt.Sprintf("Bombardment of %s: %d "+engine.Plural(int(f.AP), "attrition point is", "attrition points are")+" left; choose a unit to reduce one step (the most points any choice of units can take must be taken)", s.g.placeName(f.Place), f.AP),
			"which units take the attrition points"
	case stBombardWith:
		where := s.g.placeName(s.stack.top().Place)
		return "Bombardment of " + where + ": choose the lead Field Artillery unit, or an Air Bombardment marker", "what bombards " + where
	case stSupport:
		return "Bombardment: add more Fresh Field Artillery in range, declare a Barrage if Corps Artillery leads, or Done", "the artillery of the bombardment"
	case stPrimary:
		return "Bombardment: choose the primary target", "the bombardment's primary target"
	case stMistaken:
		f := s.stack.top()
		return fmt.Sprintf("Mistaken attack: %s take %d attrition points; choose their primary target", s.g.sidePeople(s.g.airSide), f.AP), "the primary target of the mistaken attack"
	case stDepot:
		if k := s.nextDepotKind(); k >= 0 {
			return fmt.Sprintf("Refit: choose where %s goes (depot %d of your %d)", s.g.depotLabel(k), int(s.nDepots)+1, len(s.g.depotKinds(s.active))),
				"where " + s.g.depotLabel(k) + " goes"
		}
		return "Refit: spend Reserves to augment each airborne depot by the same amount, or refit from the depots as they are", "whether to augment the airborne depots"
	case stRefit:
		return "Refit: choose a unit to refit one level and the furthest depot it draws from, or a blown bridge to try to repair, or Done to bank what is left", "refits"
	case stPurchase:
		return fmt.Sprintf("Refit: buy Impulse Advances or Retractions for tomorrow at %d Reserves each (you have %d), or Done", impulseCost, s.reserves[s.active]), "Impulse Advances and Retractions"
	case stReorganize:
		return "Reorganization: choose a Spent or Disrupt 1 unit to recover a level by eliminating a Disrupt 1 or 2 unit of the same type in its place, or Done", "reorganizations"
	case stRegroup:
		return "Regroup: choose a unit to move one place into an adjacent Free Area or Zone, or Done", "regroup moves"
	case stReroll:
		f := s.stack.top()
		roll := rollLabels[f.For]
		switch {
		case f.For == rrRepair, f.For == rrBridgeRepair, f.For == rrDemolition, f.For == rrBlow:
			roll += " at the bridge " + s.g.bridgeName(int(f.Unit))
		case f.Unit >= 0:
			roll += " for " + s.g.units[f.Unit].Name
		}
		if f.For == rrBombard { // mgmg:12.2: all four dice are rerolled
			b := &s.stack.frames[s.stack.n-2]
			return fmt.Sprintf("Bombardment of %s: the attacker's DR is %d, the defender's %d: keep them, or reroll all four dice with the Advantage, which then passes to the other side", s.g.placeName(b.Place), f.Roll, b.Against),
				"whether the bombardment's DRs are rerolled with the Advantage"
		}
		if f.For == rrAssault { // mgmg:12.2: all four dice are rerolled
			a := &s.stack.frames[s.stack.n-2].Fight
			return fmt.Sprintf("Assault in %s: the attacker's DR is %d, the defender's %d: keep them, or reroll all four dice with the Advantage, which then passes to the other side", s.g.placeName(a.Place), f.Roll, a.Against),
				"whether the assault's DRs are rerolled with the Advantage"
		}
		return fmt.Sprintf("The %s is %d: keep it, or reroll it with the Advantage, which then passes to the other side", roll, f.Roll),
			"whether the " + roll + " is rerolled with the Advantage"
	case stRegroupTo:
		u := s.g.units[s.stack.top().Unit].Name
		return "Regroup " + u + ": choose the adjacent Free Area or Zone it moves into", "where " + u + " regroups"
	case stAssaultPoint, stAssaultForward, stCasualty, stAttackerRetreat, stVoluntary, stRetreatTo, stAssaultSupport:
		return s.assaultAsks()
	case stSunsetMarker:
		return s.sunsetMarkerAsks()
	case stDemolition, stCoup, stCoupTo, stCoupAttack:
		return s.demolitionAsks()
	}
	if s.impulseFrame().Second.offered() {
		return s.secondAsks()
	}
	if s.landingStep(s.impulseFrame()) {
		return fmt.Sprintf("Impulse %s: declare the airborne units that land from the United Kingdom box, three at most, each in a Drop Area; then the German rolls for Interdiction", impulseName(s.impulse)), "the landings from the United Kingdom box"
	}
	if s.impulseFrame().Demolition {
		return fmt.Sprintf("Impulse %s: try to blow the bridges you hold on the Active Area's boundaries, or end the impulse", impulseName(s.impulse)), "bridge demolitions"
	}
	return s.impulseAsks()
}
