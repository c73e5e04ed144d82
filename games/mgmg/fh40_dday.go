package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Fortress Holland's D-Day phase (fh40:20.1) before the first impulse of
// May 10: the Dutch Bridge Demolition Phase (fh40:20.2), a dr of 5 or more
// for each bridge they choose, one less over a river (fh40:19.4, 19.41);
// and the German Bridge Coup (fh40:20.3) that may interrupt it when the
// Dutch try to blow the Gennep railway bridge: Panzer Zug 1 and an infantry
// battalion it carries (fh40:20.4) enter Gennep (37) for 0 MF and seize the
// bridge on a dr of 4 or more; the battalion may then assault the Dutch
// where it stands with +1 to its DR.

// Demolition and coup numbers (fh40:19.4, 19.41, 20.3).
const (
	demolitionNeed = 5
	coupNeed       = 4
	coupAttackDRM  = 1
)

var (
	phaseDemolition = engine.Phase{ID: "bridge-demolition", Name: "Dutch Bridge Demolition Phase", Rule: "fh40:20.2"}
	phaseCoup       = engine.Phase{ID: "bridge-coup", Name: "German Bridge Coup Attempt Phase", Rule: "fh40:20.3"}
)

// Demolishes reports whether a demolition dr blows a bridge (fh40:19.4,
// 19.41): 5 or more, with -1 over a river.
func Demolishes(dr int, river bool) bool {
	if river {
		dr--
	}
	return dr >= demolitionNeed
}

// startDemolition begins the Dutch Bridge Demolition Phase (fh40:20.2).
func (s *State) startDemolition() {
	s.logf("fh40:20.2", "Dutch Bridge Demolition Phase")
	s.tried = 0
	s.step, s.active = stDemolition, allies
}

// mayBlow reports a bridge in play the Dutch hold and have not yet
// tried to blow (fh40:19.4: one attempt per bridge).
func (s *State) mayBlow(i int) bool {
	return s.g.fh40.bridges&(1<<i) != 0 && s.tried&(1<<i) == 0 && s.bridges[i].Held == heldAllied
}

// legalDemolition lists Done and the bridges the Dutch may try to blow; in
// the coup, the battalions the train may carry into Gennep or Done (no
// coup); once it succeeded, where its units go.
func (s *State) legalDemolition(buf []engine.Action) []engine.Action {
	switch s.step {
	case stCoup:
		buf = append(buf, act(kDone, 0))
		for _, u := range s.coupBattalions() {
			buf = append(buf, act(kCoup, int(u)))
		}
	case stCoupTo:
		for _, p := range s.g.fh40.coupTo {
			buf = append(buf, act(kCoupTo, int(p)))
		}
	case stCoupAttack:
		buf = append(buf, act(kDone, 0), act(kAssault, int(s.units[s.coupBattalion()].Loc)))
	default:
		buf = append(buf, act(kDone, 0))
		for i := range s.bridges {
			if s.mayBlow(i) {
				buf = append(buf, act(kDemolish, i))
			}
		}
	}
	return buf
}

// coupBattalions are the infantry battalions Panzer Zug 1 may carry into
// Gennep: Fresh German infantry battalions in its area (fh40:20.3, 20.4);
// none if the train is gone.
func (s *State) coupBattalions() []int16 {
	t := s.g.fh40.train
	if t < 0 || s.units[t].Loc < 0 {
		return nil
	}
	var out []int16
	for u := range int16(len(s.g.pieces.Units)) {
		d := &s.g.units[u]
		if s.g.side[u] == germans && d.Type == Infantry && d.Size == SizeBattalion && s.units[u].Loc == s.units[t].Loc && s.units[u].Level == StepFresh {
			out = append(out, u)
		}
	}
	return out
}

// applyDemolition applies a choice of the D-Day phase.
func (s *State) applyDemolition(k kind, x int) {
	r := s.g.fh40
	switch {
	case k == kDemolish:
		s.tried |= 1 << x
		s.logf("fh40:20.2", "the Dutch try to blow the bridge between %p and %p", s.g.bridges[x].A, s.g.bridges[x].B)
		if x == r.gennepBridge && len(s.coupBattalions()) > 0 {
			s.step, s.active = stCoup, germans // fh40:20.3: the German may interrupt
			return
		}
		s.rollDemolition(x)
	case k == kCoup:
		s.coupHeld = s.advantage == germans
		s.put(r.train, r.gennep, StepFresh)
		s.put(int16(x), r.gennep, StepFresh)
		s.logf("fh40:20.3", "Bridge Coup: %u carries %u into %p", int(r.train), x, int(r.gennep))
		s.offerReroll(rrCoup, s.rng.Die(6), int16(x))
	case k == kCoupTo:
		for u := range int16(len(s.g.pieces.Units)) {
			if s.units[u].Loc == r.gennep && s.g.side[u] == germans {
				s.put(u, int16(x), StepFresh)
				s.logf("fh40:20.3", "%u crosses the Gennep bridge into %p, Fresh", int(u), x)
			}
		}
		s.updateControl(int16(x))
		if s.count(int16(x), allies) > 0 && s.coupBattalion() >= 0 {
			s.step, s.active = stCoupAttack, germans // fh40:20.3
			return
		}
		s.endCoup()
	case k == kAssault:
		s.startCoupAttack(int16(x))
	case s.step == stCoupAttack: // no attack
		s.endCoup()
	case s.step == stCoup: // no coup: the Dutch roll for Gennep
		s.logf("fh40:20.3", "the Germans make no Bridge Coup")
		s.rollDemolition(r.gennepBridge)
	default:
		s.tried = 0
		s.settleAdvantage() // mgmg:12.2: used in the phase, it passes as the phase ends
		s.startDaylight()   // fh40:20.6: Dutch Impulse 0
	}
}

// rollDemolition rolls the Dutch demolition dr of bridge i, offered for a
// reroll to the Advantage holder (mgmg:12.2).
func (s *State) rollDemolition(i int) {
	s.step, s.active = stDemolition, allies
	s.offerReroll(rrBlow, s.rng.Die(6), int16(i))
}

// blowResult applies the demolition dr that stands for bridge i
// (fh40:19.4, 19.41).
func (s *State) blowResult(i int, dr int) {
	b := s.g.bridges[i]
	if Demolishes(dr, s.g.m.Boundary(b.A, b.B) == River) {
		s.bridges[i].Held = heldBlown
		s.logf("fh40:19.4", "demolition dr %d: the bridge between %p and %p is blown", dr, b.A, b.B)
	} else {
		s.logf("fh40:19.4", "demolition dr %d: the bridge between %p and %p stands", dr, b.A, b.B)
	}
	s.step, s.active = stDemolition, allies
}

// coupResult applies the Bridge Coup dr that stands (fh40:20.3): on 4 or
// more the Germans hold the Gennep bridge and the train and battalion u
// go on to 44 or 43, Fresh; below it the train is removed, the Germans lose
// the Advantage, u stays Spent in Gennep, which becomes German Controlled,
// and the Dutch roll for the bridge as they meant to.
func (s *State) coupResult(u int16, dr int) {
	r := s.g.fh40
	if dr >= coupNeed {
		s.bridges[r.gennepBridge].Held = heldGerman
		s.logf("fh40:20.3", "Bridge Coup dr %d: the Germans seize the Gennep bridge", dr)
		s.step, s.active = stCoupTo, germans
		return
	}
	s.logf("fh40:20.3", "Bridge Coup dr %d: the coup fails; %u is removed", dr, int(r.train))
	s.put(r.train, locElim, StepFresh)
	s.setLevel(u, StepSpent)
	s.setControl(r.gennep, ctlGerman)
	if s.advantage == germans {
		s.advantage = allies
		s.logf("fh40:20.3", "the Germans lose the Advantage")
	}
	s.endCoup()
	s.rollDemolition(r.gennepBridge)
}

// endCoup ends the Bridge Coup Attempt Phase: the Dutch go on with their
// Demolition Phase (fh40:20.3), and an Advantage the Germans held as the
// coup began and used in it passes to them now (fh40:12.2: at the end of
// the phase in the D-Day phases); one used earlier in the Demolition
// Phase passes as that phase ends.
func (s *State) endCoup() {
	if s.coupHeld {
		s.coupHeld = false
		s.settleAdvantage()
	}
	s.step, s.active = stDemolition, allies
}

// demolitionAsks is what the D-Day phase asks.
func (s *State) demolitionAsks() (ask, wait string) {
	switch s.step {
	case stCoup:
		return "The Dutch try to blow the Gennep railway bridge: make the Bridge Coup with Panzer Zug 1 and the battalion it carries (a dr of 4 or more seizes the bridge), or Done to let them roll", "whether the Germans make the Bridge Coup"
	case stCoupTo:
		return "The Bridge Coup succeeded: choose where Panzer Zug 1 and its battalion go, Fresh", "where the coup's units go"
	case stCoupAttack:
		return fmt.Sprintf("The coup's battalion stands with Dutch units: assault them with +%d to its DR, or Done", coupAttackDRM), "whether the coup's battalion attacks"
	}
	return fmt.Sprintf("Bridge Demolition Phase: choose a bridge to try to blow (a dr of %d or more, one more over a river), or Done to begin Impulse 0", demolitionNeed), "the bridges the Dutch try to blow"
}

// describeDemolition labels a choice of the D-Day phase.
func (s *State) describeDemolition(k kind, x int, c *engine.Choice) {
	switch k {
	case kDemolish:
		b := s.g.bridges[x]
		c.ID, c.Rule, c.Refs = "demolish:"+s.g.bridgeName(x), "fh40:19.4", []string{"area:" + s.g.placeIDs[b.A], "area:" + s.g.placeIDs[b.B]}
		river := s.g.m.Boundary(b.A, b.B) == River
		ways := faces(func(dr int) bool { return Demolishes(dr, river) })
		over := "canal"
		if river {
			over = "river"
		}
		c.Label = fmt.Sprintf("Try to blow the bridge between %s and %s (over a %s: a dr of %d or more, %s)", s.g.placeName(int16(b.A)), s.g.placeName(int16(b.B)), over, 7-ways, percentOf(ways, 6))
	case kCoup:
		u := &s.g.units[x]
		c.ID, c.Rule, c.Refs = "coup:"+u.ID, "fh40:20.3", []string{"unit:" + u.ID}
		c.Label = "Bridge Coup: Panzer Zug 1 carries " + u.Name + " into Gennep"
	case kCoupTo:
		id := s.g.placeIDs[x]
		c.ID, c.Rule, c.Refs = "coup-to:"+id, "fh40:20.3", []string{"area:" + id}
		c.Label = "The coup's units go on to " + s.g.placeName(int16(x))
	case kAssault:
		c.ID, c.Rule, c.Refs = "resolve:"+s.g.placeIDs[x], "fh40:20.3", []string{"area:" + s.g.placeIDs[x]}
		c.Label = fmt.Sprintf("The coup's battalion assaults the Dutch in %s, its DR +%d", s.g.placeName(int16(x)), coupAttackDRM)
	case kDone:
		c.ID, c.Label = "done", "Done: begin Impulse 0"
		switch s.step {
		case stCoup:
			c.Label = "No Bridge Coup: the Dutch roll for the Gennep bridge"
		case stCoupAttack:
			c.Label = "No attack: the Dutch go on with their demolitions"
		}
	}
}

// coupBattalion is the battalion of a successful coup, Fresh beside the
// train in 44 or 43 (fh40:20.3), or -1.
func (s *State) coupBattalion() int16 {
	t := s.g.fh40.train
	if t < 0 || s.units[t].Loc < 0 {
		return -1
	}
	for u := range int16(len(s.g.pieces.Units)) {
		d := &s.g.units[u]
		if u != t && s.g.side[u] == germans && d.Type == Infantry && d.Size == SizeBattalion && s.units[u].Loc == s.units[t].Loc && s.units[u].Level == StepFresh {
			return u
		}
	}
	return -1
}

// startCoupAttack begins the coup's battalion's assault on the Dutch in p
// (fh40:20.3), as mgmg's assaults run: on an impulse frame of the German,
// marked as the coup's, the battalion having come over the Gennep bridge
// and bound to it (mgmg:10.2).
func (s *State) startCoupAttack(p int16) {
	b := s.coupBattalion()
	mv := s.startMoving(impulseAssault, p, germans)
	mv.Came[b] = came(int(s.g.fh40.gennep), Crossing{Kind: BridgeCrossing, River: true}, 0)
	mv.Mandatory.add(b)
	s.stack.push(frame{Proc: procImpulse, Side: germans, For: rrCoup, Move: mv})
	s.logf("fh40:20.3", "%u attacks the Dutch in %p", int(b), int(p))
	s.startAssault(p)
}

// coupDRM is the modifier of the attacker's DR in the assault on top of the
// stack: +1 in the coup's attack (fh40:20.3), 0 otherwise.
func (s *State) coupDRM() int {
	if s.stack.n > 0 && s.stack.frames[0].For == rrCoup {
		return coupAttackDRM
	}
	return 0
}

// endCoupAttack ends the coup's attack: its units are Spent as an
// impulse's are (mgmg:8.3, 13.2), and the coup phase ends (endCoup).
func (s *State) endCoupAttack() {
	f := s.stack.pop()
	s.exhaust(f.Acted)
	s.endCoup()
}
