package mgmg

import (
	"fmt"
	"iter"

	"sandtable/engine"
)

// Airborne landings from the United Kingdom box in an Allied Assault
// Impulse (mgmg:18.4, 18.41, 18.42, 18.43, 18.5): in Clear weather
// (mgmg:17.2) the Allies activate the box and declare the units that land,
// one at a time, each into a Drop Area it may use (on September 18 and 19
// the one printed on it, later any of its division's colour in its sector;
// Deelen for the 52nd, mgmg:22.2), three an impulse at most, never more
// than ten Allied units in a Drop Area, artillery never alone into a
// German-Controlled, uncontested one. Once every landing is declared the
// German rolls the Interdiction dr of each (mgmg:18.44, interdiction.go).
// Then the landed units still Fresh in a Drop Area that was
// German-Controlled and uncontested, with German units in it, must assault
// there, and do not retreat (mgmg:18.43); the others may move on, having
// paid to enter their Drop Area, or stay Fresh (mgmg:18.42).

// maxLift is how many units may leave the United Kingdom box in an impulse
// (mgmg:18.41).
const maxLift = 3

// lastPrintedDrop is the last day airborne reinforcements land where their
// counters say (mgmg:18.5).
const lastPrintedDrop = 19

// landingStep reports the impulse in progress declaring its landings.
func (s *State) landingStep(f *frame) bool {
	return f.Move.Kind == impulseAssault && f.Move.Active == s.g.uk && !f.Dropped
}

// mayDrop reports Drop Area p open to unit u, in the United Kingdom box,
// in the impulse f (mgmg:18.41, 18.5, 3.261, 22.2).
func (s *State) mayDrop(u int16, p int16, f *frame) bool {
	d := &s.g.units[u]
	switch {
	case !s.mayStack(p, allies):
		return false // mgmg:18.41: ten at most, the landing units counted
	case d.Type == FieldArtillery && s.controller(p) == germans && !s.contested(p):
		return false // mgmg:18.41: not without a Point Unit landed there first
	case d.Sp || s.turn <= lastPrintedDrop:
		return p == s.g.unitPlace[u]
	}
	return s.g.m.Sector(int(p)) == d.Sector && s.g.m.Drop(int(p)) == d.Sector.DropColour()
}

// landingChoices are the landings open now: units of the box into Drop
// Areas.
func (s *State) landingChoices(f *frame) iter.Seq[engine.Action] {
	return func(yield func(engine.Action) bool) {
		if f.Lifted >= maxLift {
			return
		}
		for u, st := range &s.units {
			if st.Loc != s.g.uk {
				continue
			}
			for p := range int16(nPlaces) {
				drop := s.g.m.Drop(int(p)) != "" || s.g.units[u].Sp // Deelen is the 52nd's, though no Drop Area (mgmg:22.2)
				if drop && s.mayDrop(int16(u), p, f) && !yield(act(kLand, u|int(p)<<8)) {
					return
				}
			}
		}
	}
}

// legalUKActivation adds the United Kingdom box's activation for the
// Allies in Clear weather with a landing open, once an impulse
// (mgmg:8.21, 18.4, 17.2).
func (s *State) legalUKActivation(buf []engine.Action, sd side) []engine.Action {
	f := s.impulseFrame()
	if sd != allies || s.weather != clear || f.Lifted > 0 {
		return buf
	}
	for range s.landingChoices(f) {
		return append(buf, act(kAssaultImpulse, int(s.g.uk)))
	}
	return buf
}

// legalLandings lists the declarations: another landing, or done once one
// is declared.
func (s *State) legalLandings(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	if f.Lifted > 0 {
		buf = append(buf, act(kDone, 0))
	}
	for a := range s.landingChoices(f) {
		buf = append(buf, a)
	}
	return buf
}

// land places unit u in Drop Area p, Fresh, taking a Vacant place's
// Control (mgmg:18.42, 7.2).
func (s *State) land(u, p int16) {
	f := s.impulseFrame()
	f.Landed.add(u)
	f.Lifted++
	s.put(u, p, StepFresh)
	s.updateControl(p)
	s.logf("mgmg:18.42", "%u lands in %p", int(u), int(p))
}

// interdictLandingFrom rolls the Interdiction dr of the next unit landed
// this activation, from unit first on, where the Interdiction Value is
// above 0, offered to the Advantage holder (mgmg:18.44, 12.2); after the
// last, the landings are over.
func (s *State) interdictLandingFrom(first int16) {
	f := s.impulseFrame()
	for u := first; u < nUnits; u++ {
		if f.Landed.has(u) && s.interdictionValue(s.units[u].Loc) > 0 {
			s.step, s.active = stImpulse, allies
			s.offerReroll(rrInterdiction, s.rng.Die(6), u)
			return
		}
	}
	s.landed()
}

// landed ends the landings: each landed unit counts as having entered its
// Drop Area from the box; those still Fresh in a Drop Area German-Controlled
// and uncontested as the impulse began, with German units in it now, are
// bound to assault there (mgmg:18.43), when a Point Unit is among them
// (mgmg:10.72A: artillery whose Point Unit Interdiction stopped assaults
// nothing).
func (s *State) landed() {
	s.step, s.active = stImpulse, allies
	f := s.impulseFrame()
	f.Dropped = true
	mv := &f.Move
	var led placeSet
	for u := range int16(nUnits) {
		if f.Landed.has(u) {
			mv.Came[u] = came(int(s.g.uk), Crossing{}, s.startLeg(u, mv, nil).Spent())
			if s.units[u].Level == StepFresh && s.g.units[u].Type.CanLead() {
				led.add(int(s.units[u].Loc))
			}
		}
	}
	for u := range int16(nUnits) {
		p := s.units[u].Loc
		if f.Landed.has(u) && s.units[u].Level == StepFresh && led.has(int(p)) && mv.EnemyAtStart.has(int(p)) && !mv.ContestedAtStart.has(int(p)) && s.count(p, germans) > 0 {
			mv.Mandatory.add(u)
			s.logf("mgmg:18.43", "%u must assault in %p", int(u), int(p))
		}
	}
}

// landedFrom reports unit u landed from the box this activation: it moves
// on from its Drop Area (mgmg:18.42).
func (s *State) landedFrom(u int16, mv *moves) bool {
	return mv.Active == s.g.uk && s.stack.frames[0].Landed.has(u)
}

// startLeg is the leg unit u begins its movement with: from the Active
// Area or the second one declared with it (mgmg:12.3), or, landed from the
// box, in its Drop Area with its entry paid (mgmg:18.42).
func (s *State) startLeg(u int16, mv *moves, g *Ground) Leg {
	p := int(s.units[u].Loc)
	switch {
	case mv.Overran.has(u) || !s.landedFrom(u, mv) && int16(p) == mv.Active:
		return s.activeLeg(u, mv) // assault_impulse.go
	case !s.landedFrom(u, mv):
		return StartLeg(p) // a unit of the second Active Area (mgmg:12.3)
	}
	if g == nil {
		g = s.ground(allies, mv)
	}
	return Leg{From: p, At: p, Entered: 1, Cost: g.enterCost(p, false)}
}

// assaultOrigin is where the assaulting units of f came from: the box, from
// which they do not retreat (mgmg:18.43, 10.741), or an area.
func (s *State) assaultOrigin(f *frame) Origin {
	imp := &s.stack.frames[0]
	for u := range int16(nUnits) {
		if f.Fight.Attackers.has(u) && s.landedFrom(u, &imp.Move) {
			return LandedFromUK
		}
	}
	return EnteredFromArea
}

// landersActed adds to the units that acted the landed units that
// assaulted where they landed: they are Spent as the impulse ends
// (mgmg:8.3, 18.42); those that stayed are not.
func (s *State) landersActed(f *frame) {
	for u := range int16(nUnits) {
		if f.Landed.has(u) && s.units[u].Loc >= 0 && f.Move.Assaulted.has(int(s.units[u].Loc)) {
			f.Acted.add(u)
		}
	}
}

// describeLanding labels a landing with the Drop Area's Interdiction Value.
func (s *State) describeLanding(u, p int, c *engine.Choice) {
	x := &s.g.units[u]
	c.ID, c.Rule = "land:"+x.ID+":"+s.g.placeIDs[p], "mgmg:18.42"
	c.Refs = []string{"unit:" + x.ID, "area:" + s.g.placeIDs[p]}
	c.Label = fmt.Sprintf("Land %s in %s (Interdiction Value %d)", x.Name, s.g.placeName(int16(p)), s.interdictionValue(int16(p)))
}
