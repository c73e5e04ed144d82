package mgmg

import "fmt"

// What keeping a roll offered for a reroll does (mgmg:12.2), told in the
// keep choice's label, and whether a reroll could do better for the
// Advantage holder. Using the Advantage only ever costs its holder: it
// passes to the other side (mgmg:12.2, 12.5), it is worth a Victory Point
// to the Allies (21.3), and not holding it gives the enemy more Sunset DRM
// spaces for losses (12.41, 12.5). So where no reroll can better the
// result for the holder, nothing is offered and the roll stands
// (docs/conformance/mgmg.md). Each judges the roll with the functions that
// apply it, with the offer not on the stack: offerReroll asks before it
// pushes it, the labels ask a copy with it popped.

// keepOutcome says, for the label of keeping roll f, what the roll does
// if it stands, and when the offer stands only for the Sunset DR, that a
// reroll cannot better the result.
func (s *State) keepOutcome(f *frame) string {
	t := *s // the state as the roll was made: the offer popped
	t.stack.pop()
	what := ": " + t.rollOutcome(f)
	if t.sunsetDR(f) {
		what += "; it stands as the Sunset DR too"
		if t.cannotBetter(f) {
			what += "; a reroll cannot better the result, only the Sunset DR"
		}
	}
	return what
}

// rerollUseless reports that rerolling f cannot help the Advantage holder:
// no reroll betters its result for them, and it is no Sunset DR, which
// either side may want changed.
func (s *State) rerollUseless(f *frame) bool {
	return !s.sunsetDR(f) && s.cannotBetter(f)
}

// sunsetDR reports that roll f is also the Sunset DR of the impulse: the
// first DR of the Allies' (the German's in fh40), an assault's or a
// bombardment's (noteSunsetDR, mgmg:6.3, 12.2).
func (s *State) sunsetDR(f *frame) bool {
	return (f.For == rrAssault || f.For == rrBombard) && s.firstSunsetDR()
}

// rollOutcome is what roll f does if it stands.
func (s *State) rollOutcome(f *frame) string {
	roll := int(f.Roll)
	switch f.For {
	case rrSunset:
		out := Sunset(roll, int(s.sunsetDRM), int(s.impulse))
		drm, imp := fmt.Sprintf("with the Sunset DRM %+d", int(s.sunsetDRM)), "Impulse "+impulseName(s.impulse)
		switch {
		case out.EndsDay:
			return drm + " it is below " + imp + ": the sun sets and the Daylight Phase ends"
		case s.impulse == lastImpulse && !s.impulseFrame().Stay:
			return "the Advantage marker moves off the Impulse Track: the Daylight Phase ends"
		case out.WeatherChanges && s.g.fh40 == nil: // fh40:17.4 not used
			return "equal to " + imp + ": the day goes on, and the weather changes as the next impulse begins"
		}
		return drm + " it is not below " + imp + ": the day goes on"
	case rrWeather:
		return "the weather is " + s.weatherFor(roll).String()
	case rrInterdiction:
		_, what := interdicted(roll, s.landingValue(f.Unit, s.units[f.Unit].Loc))
		return s.g.units[f.Unit].Name + " " + what
	case rrSurrender:
		return surrenderTexts[surrenders(s.units[f.Unit].Level, roll)]
	case rrInfiltration:
		if Infiltrates(roll, s.g.m.TEM(int(s.units[f.Unit].Loc)), s.weather) {
			return s.g.units[f.Unit].Name + " infiltrates: it stays, Spent"
		}
		return s.g.units[f.Unit].Name + " fails to infiltrate: it must assault"
	case rrSeizure:
		if s.seizes(roll) {
			return "the bridge is seized"
		}
		return "the seizure fails"
	case rrRepair, rrBridgeRepair:
		sd := s.repairer(f)
		if roll+s.repairDRM(int(f.Unit), sd) >= repairSuccess {
			return "the bridge is repaired"
		}
		return fmt.Sprintf("the repair fails: Construct +%d", min(s.bridges[f.Unit].Construct[sd]+1, maxConstruct))
	case rrDemolition, rrBlow:
		if s.blows(f, roll) {
			return "the bridge is destroyed"
		}
		return "the bridge stands"
	case rrCoup:
		if roll >= coupNeed {
			return "the Germans seize the Gennep bridge"
		}
		return "the coup fails: Panzer Zug 1 is removed"
	case rrAssault:
		av, dv, c := s.assaultCombat()
		at, dt := av.Total+roll+s.coupDRM(), dv.Total+int(s.fightFrame().Fight.Against)
		return fmt.Sprintf("AT %d against DT %d, %s", at, dt, effectsText(c.Effects(at-dt)))
	case rrBombard:
		b := s.stack.top()
		av, dv, air := s.bombardValues(b)
		text := fmt.Sprintf("Attack Total %d against Defense Total %d: %d attrition points", av.Total+roll, dv.Total+int(b.Against), AttritionPoints(CompareTotals(av.Total, roll, dv.Total, int(b.Against))))
		if m := MistakenAttackAP(roll, int(b.Against)); air && s.contested(b.Place) && m > 0 {
			text += fmt.Sprintf(", and a mistaken attack inflicts %d on %s", m, s.g.sidePeople(s.g.airSide)) // fh40:16.23: the Germans
		}
		return text
	}
	return ""
}

// effectsText tells an assault's result (mgmg:10.741-10.743).
func effectsText(e AssaultEffects) string {
	retreat := map[AttackerRetreat]string{MayRetreat: " and may retreat", MustRetreat: " and must retreat"}[e.Retreat]
	switch {
	case e.Result == Failure:
		return "the assault fails: the assaulting units are Disrupt 1" + retreat
	case e.Result == Stalemate:
		return "a stalemate: the Point Unit is Disrupt 1, the others Spent" + retreat
	case e.Overrun:
		return fmt.Sprintf("the assault succeeds: %d casualty points, more than the defenders can take: all are eliminated", e.CasualtyPoints)
	}
	return fmt.Sprintf("the assault succeeds: %d casualty points to the defender", e.CasualtyPoints)
}

// cannotBetter reports that no reroll of f gives the Advantage holder a
// better result than keeping it. The rolls judged are those where the
// rules say which side a result favours: the landing unit's side wants it
// unharmed (mgmg:18.44), the Isolated unit's side wants it to hold (13.9),
// the side that tries a seizure, repair, demolition or the Bridge Coup
// wants it to succeed (9.22, 19.2, 19.4, fh40:19.4, 20.3), the attacker
// wants the assault's or bombardment's margin high (10.74, 11.4). The
// Sunset and Weather rolls and Infiltration (success spares the unit an
// assault it might win) favour nobody by rule, and are always offered.
func (s *State) cannotBetter(f *frame) bool {
	roll := int(f.Roll)
	switch f.For {
	case rrInterdiction:
		v := s.landingValue(f.Unit, s.units[f.Unit].Loc)
		return bestDie(roll, s.g.side[f.Unit] == s.advantage, func(dr int) int { l, _ := interdicted(dr, v); return -int(l) })
	case rrSurrender:
		l := s.units[f.Unit].Level
		return bestDie(roll, s.g.side[f.Unit] == s.advantage, func(dr int) int { return -int(surrenders(l, dr)) })
	case rrSeizure:
		return bestDie(roll, s.impulseFrame().Side == s.advantage, func(dr int) int { return int(bit(s.seizes(dr))) })
	case rrRepair, rrBridgeRepair:
		sd := s.repairer(f)
		drm := s.repairDRM(int(f.Unit), sd)
		return bestDie(roll, sd == s.advantage, func(dr int) int { return int(bit(dr+drm >= repairSuccess)) })
	case rrDemolition, rrBlow:
		sd := allies // fh40:19.4: the Dutch blow the bridges
		if f.For == rrDemolition {
			sd = s.impulseFrame().Side
		}
		return bestDie(roll, sd == s.advantage, func(dr int) int { return int(bit(s.blows(f, dr))) })
	case rrCoup:
		return bestDie(roll, s.advantage == germans, func(dr int) int { return int(bit(dr >= coupNeed)) })
	case rrAssault:
		fr := s.fightFrame()
		av, dv, c := s.assaultCombat()
		margin := CompareTotals(av.Total+s.coupDRM(), roll, dv.Total, int(fr.Fight.Against))
		best := margin + 12 - roll + int(fr.Fight.Against) - 2 // both DRs at their best for the attacker
		if fr.Side != s.advantage {
			best -= 20 // at their worst: 2 and 12
		}
		return settled(c, margin) == settled(c, best)
	case rrBombard:
		b := s.stack.top()
		av, dv, air := s.bombardValues(b)
		margin := CompareTotals(av.Total, roll, dv.Total, int(b.Against))
		if b.Side == s.advantage { // the defender: no points, and no mistaken attack to hope for (mgmg:16.23)
			return AttritionPoints(margin) == 0 && !(air && s.contested(b.Place))
		}
		return AttritionPoints(margin) == AttritionPoints(CompareTotals(av.Total, 12, dv.Total, 2)) && MistakenAttackAP(roll, int(b.Against)) == 0
	}
	return false
}

// settled are the effects of an assault's margin as the defenders feel
// them: casualty points beyond what they can take eliminate them all the
// same (mgmg:10.5, 10.8).
func settled(c AssaultCase, margin int) AssaultEffects {
	e := c.Effects(margin)
	e.CasualtyPoints = min(e.CasualtyPoints, c.Capacity+1)
	return e
}

// bestDie reports that no die from 1 to 6 is worth more than roll to the
// Advantage holder, worth being measured for the side the roll serves:
// mine when the holder is that side, against it otherwise.
func bestDie(roll int, mine bool, worth func(dr int) int) bool {
	w := worth(roll)
	for dr := 1; dr <= 6; dr++ {
		if x := worth(dr); mine && x > w || !mine && x < w {
			return false
		}
	}
	return true
}

// seizes reports that a seizure dr seizes the bridge the moving unit tries
// (mgmg:9.22).
func (s *State) seizes(dr int) bool {
	imp := s.impulseFrame()
	mv := &imp.Move
	at, to := int(mv.Leg.At), int(mv.SeizeTo-1)
	g := s.ground(imp.Side, mv)
	return Seizes(dr, SeizureDRM(g.Places[to], g.Map.Boundary(at, to) == River))
}

// repairer is the side whose Repair dr f is: the side refitting in the
// Refit Phase (mgmg:19.23), the active side in an impulse (19.2).
func (s *State) repairer(f *frame) side {
	if f.For == rrRepair {
		return f.Back
	}
	return s.impulseFrame().Side
}

// blows reports that a demolition dr destroys bridge f.Unit: mgmg's in an
// impulse (mgmg:19.4), or the Dutch one of fh40's Bridge Demolition Phase
// (fh40:19.4).
func (s *State) blows(f *frame, dr int) bool {
	b := s.g.bridges[f.Unit]
	if f.For == rrBlow {
		return Demolishes(dr, s.g.m.Boundary(b.A, b.B) == River)
	}
	return dr+s.bridgeDRM(int(f.Unit), s.impulseFrame().Side) >= demolitionSuccess
}
