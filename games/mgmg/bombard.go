package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Bombardments played (mgmg:11), on the arithmetic of bombardment.go:
// D-Day's Air Bombardment Phase, the US VIII Air marker against each area
// holding a German FLAK Tower, the tower the primary target (mgmg:20.2,
// 16.2); D-Day's Artillery Bombardment Phase, the XXX Corps Artillery's
// barrage in Zone F on the primary target the Allies choose (mgmg:20.3,
// 11.112, 11.12); and the defender's choice of the units that take the
// attrition points left after the primary target (mgmg:11.4, 11.41). Each
// runs on a procBombard frame: Place is the target area, AP the points
// still to take, Hit the units reduced already. The Bombardment Impulse,
// its reroll and the mistaken attack are in bombardimpulse.go (mgmg:8.23,
// 12.2, 16.23).

// defenders are side sd's units in place p, with what bombardment reads of
// each (mgmg:11.3, 11.41); hit are the units reduced already.
func (s *State) defenders(p int16, sd side, hit *units) ([]int16, []Defender) {
	var us []int16
	var ds []Defender
	for u, st := range &s.units {
		if st.Loc != p || s.g.side[u] != sd {
			continue
		}
		t := s.g.units[u].Type
		us = append(us, int16(u))
		ds = append(ds, Defender{
			Step: st.Level, Armored: t == Armored, FieldArtillery: t == FieldArtillery,
			FLAK: t == Flak || t == FlakTower, FLAKTower: t.NeverMoves(), Bunker: t == RiverBunkerGarrison,
			Bombarded: hit != nil && hit.has(int16(u)),
		})
	}
	return us, ds
}

// attacker is what a bombardment reads of unit u's counter (mgmg:11.2).
func (s *State) attacker(u int16) Attacker {
	a := s.g.attackers[u]
	if s.g.fh40 != nil { // fh40:10.72, 11.2: no SS-and-Wehrmacht case; infantry battalions earn no integrity
		c := &s.g.units[u]
		a.SS, a.Battalion = false, c.Type.IsInfantry() && c.Size == SizeBattalion
	}
	return a
}

// attackerOf reads a counter as an Attacker, once for each unit as the game
// loads (Game.attackers); attacker adds Fortress Holland's differences.
func attackerOf(c *Unit) Attacker {
	a := Attacker{Attack: c.AF, Division: c.Division, German: c.Side() == German, SS: c.Force == SS, US: c.Force == US,
		FromZoneF: c.XXXCorps()} // every XXX Corps unit enters from Zone F (mgmg:15.13, 18.3)
	switch {
	case c.CorpsArtillery():
		a.Artillery = CorpsArtillery
	case c.Independent():
		a.Artillery = IndependentArtillery
	case c.Type == FieldArtillery:
		a.Artillery = DivisionalArtillery
	}
	return a
}

// ddayAir is the index of the US VIII Air marker (mgmg:20.2): the one
// Allied bombardment marker that turns into the Air Supply marker.
func (s *State) ddayAir() int {
	for i, m := range s.g.pieces.Setup.AirMarkers {
		if m.Side == Allied && m.Kind == BombardmentMarker && m.Supply > 0 {
			return i
		}
	}
	panic("mgmg: no Allied bombardment marker turns into Air Supply (setup.json)")
}

// towerIn is the German FLAK Tower in place p, -1 if none is.
func (s *State) towerIn(p int16) int16 {
	for u, st := range &s.units {
		if st.Loc == p && s.g.units[u].Type == FlakTower && s.g.side[u] == germans {
			return int16(u)
		}
	}
	return -1
}

// nextTower is the first place after place from that holds a German FLAK
// Tower, -1 when none does: D-Day's air bombardments go in map order.
func (s *State) nextTower(from int16) int16 {
	for p := from + 1; p < nPlaces; p++ {
		if s.towerIn(p) >= 0 {
			return p
		}
	}
	return -1
}

// airCursor is the last area the Air Bombardment Phase bombarded, -1 before
// the first: its frame stays on the stack through the phase.
func (s *State) airCursor() int16 {
	if s.stack.in(procBombard) {
		return s.stack.top().Place
	}
	return -1
}

// xxxBarrage is the XXX Corps Artillery that barrages Zone F on D-Day
// (mgmg:20.3), -1 if it is not there Fresh.
func (s *State) xxxBarrage() int16 {
	for u, st := range &s.units {
		c := &s.g.units[u]
		if c.CorpsArtillery() && c.XXXCorps() && st.Loc == s.g.zoneF && st.Level == StepFresh {
			return int16(u)
		}
	}
	return -1
}

// barrageAV is the D-Day barrage's attack value: the corps artillery's
// doubled, alone, the Guards' artillery barred from it (mgmg:20.3, 11.112).
func (s *State) barrageAV(art int16) CombatValue {
	av, err := BombardmentAV(s.attacker(art), nil, true)
	if err != nil {
		panic("mgmg: " + err.Error())
	}
	return av
}

// legalBombard lists the choices of the bombardment steps.
func (s *State) legalBombard(buf []engine.Action) []engine.Action {
	switch s.step {
	case stAirBombardment:
		if p := s.nextTower(s.airCursor()); p >= 0 {
			return append(buf, act(kBombard, int(p)))
		}
		return append(buf, act(kDone, 0))
	case stArtilleryBarrage:
		us, ds := s.defenders(s.g.zoneF, germans, nil)
		for i, u := range us {
			if CheckPrimary(ds, i, false, false) == nil {
				buf = append(buf, act(kPrimary, int(u)))
			}
		}
		if len(buf) == 0 || s.xxxBarrage() < 0 {
			return append(buf[:0], act(kDone, 0))
		}
	case stAttrition:
		f := s.stack.top()
		for _, u := range s.attritionChoices(f) {
			buf = append(buf, act(kAttrition, int(u)))
		}
	}
	return buf
}

// applyBombard applies a choice of the bombardment steps.
func (s *State) applyBombard(k kind, x int) {
	switch {
	case k == kBombard: // mgmg:20.2
		p := int16(x)
		if s.stack.in(procBombard) {
			s.stack.pop()
		}
		s.stack.push(frame{Proc: procBombard, Place: p, Unit: -1, Air: int8(s.ddayAir() + 1), Aim: kPrimary, Primary: s.towerIn(p)})
		s.logf("mgmg:20.2", "the US VIII Air marker bombards %p", int(p))
		s.rollBombardment()
	case k == kPrimary: // mgmg:20.3
		art := s.xxxBarrage()
		f := frame{Proc: procBombard, Place: s.g.zoneF, Unit: art, Barrage: true, Aim: kPrimary, Primary: int16(x)}
		f.Acted.add(art)
		s.stack.push(f)
		s.logf("mgmg:20.3", "%u barrages %p", int(art), int(s.g.zoneF))
		s.rollBombardment()
	case k == kAttrition:
		s.reduce(int16(x))
		s.nextAttrition()
	case s.step == stAirBombardment: // done: no tower left
		if s.stack.in(procBombard) {
			s.stack.pop()
		}
		s.logf("mgmg:20.2", "the US VIII Air marker is flipped: it is the Allied Air Supply marker for the rest of the game")
		s.settleAdvantage() // mgmg:12.2: used in the phase, it passes as the phase ends
		s.step = stArtilleryBarrage
	default: // the barrage cannot be made
		s.landFirstLift()
	}
}

// ddayBombardment reports the bombardment on the stack is one of D-Day's
// phases (mgmg:20.2, 20.3), in no impulse.
func (s *State) ddayBombardment() bool { return s.stack.frames[0].Proc == procBombard }

// rollBombardment makes both DRs of the bombardment on top of the stack,
// its values and primary target set, and offers them to the Advantage
// holder for a reroll of all four dice (mgmg:11.4, 12.2).
func (s *State) rollBombardment() {
	f := s.stack.top()
	av, dv, _ := s.bombardValues(f)
	switch {
	case !s.logging():
	case f.Aim == kPrimary:
		s.logf("mgmg:11.2", av.Format("AV")+"; "+dv.Format("DV")+"; primary target %u", int(f.Primary))
	default:
		s.logf("mgmg:11.2", av.Format("AV")+"; "+dv.Format("DV"))
	}
	ra := s.combatRoll(f.Side.other()) // the frame's side defends
	f.Against = int8(s.combatRoll(f.Side))
	s.offerReroll(rrBombard, ra, -1)
}

// bombardValues are the AV and DV of the bombardment on frame f, and
// whether it is an air bombardment (mgmg:11.2, 11.3, 16.2).
func (s *State) bombardValues(f *frame) (av, dv CombatValue, air bool) {
	av, air = s.bombardAV(f)
	_, ds := s.defenders(f.Place, f.Side, nil)
	return av, BombardmentDV(s.g.m.TEM(int(f.Place)), air, ds), air
}

// resolveBombardment resolves the bombardment on top of the stack with the
// DRs that stand, the attacker's ra (mgmg:11.4): the primary target takes
// the first attrition points (hitPrimary, hitMarker); the rest are the
// defender's to assign (nextAttrition). D-Day's barrage leaves the corps
// artillery Spent (mgmg:20.3, 11.112).
func (s *State) resolveBombardment(ra int) {
	f := s.stack.top()
	f.Roll = int8(ra)
	rd := int(f.Against)
	av, dv, air := s.bombardValues(f)
	ap := AttritionPoints(CompareTotals(av.Total, ra, dv.Total, rd))
	s.logf("mgmg:11.4", "Attack Total %d (DR %d) against Defense Total %d (DR %d): %d attrition points", av.Total+ra, ra, dv.Total+rd, rd, ap)
	if air && s.contested(f.Place) {
		if m := MistakenAttackAP(ra, rd); m > 0 {
			f.Mistaken = int8(m)
			s.logf("mgmg:16.23", "the DRs are equal over a Contested area: a mistaken attack inflicts %d attrition points on %S", m, int(s.g.airSide)) // fh40:16.23: the Germans
		}
	}
	if f.Aim == kPrimary {
		s.hitPrimary(f, f.Primary, ap)
	} else {
		s.hitMarker(f, f.Aim, int(f.Primary), ap)
	}
	if s.ddayBombardment() && f.Barrage { // mgmg:20.3: the phase is no impulse
		s.setLevel(f.Unit, StepSpent)
		s.logf("mgmg:11.112", "%u is flipped to its Spent side", int(f.Unit))
	}
	s.nextAttrition()
}

// hitPrimary gives the primary target prim its attrition points of ap,
// leaving the rest on the frame (mgmg:11.4, 11.41).
func (s *State) hitPrimary(f *frame, prim int16, ap int) {
	cost := AttritionCost(s.defender(prim, nil))
	hit, left := PrimaryAttrition(cost, ap)
	switch {
	case hit:
		s.reduceUnit(prim, cost)
		f.Hit.add(prim)
	case cost > 0 && ap > 0:
		s.logf("mgmg:11.41", "%u absorbs %d attrition points, fewer than the %d it takes to be reduced: no effect", int(prim), ap, cost)
	}
	f.AP = int8(min(left, 127))
}

// defender is what bombardment reads of unit u (defenders).
func (s *State) defender(u int16, hit *units) Defender {
	us, ds := s.defenders(s.units[u].Loc, s.g.side[u], hit)
	for i, v := range us {
		if v == u {
			return ds[i]
		}
	}
	panic("mgmg: a unit is not among the units of its own place")
}

// reduceUnit turns unit u one step down for cost attrition points
// (mgmg:11.41): never past Disrupt 2, never eliminated.
func (s *State) reduceUnit(u int16, cost int) {
	s.setLevel(u, s.units[u].Level+1)
	s.logf("mgmg:11.41", "%u takes %d "+engine.Plural(cost, "attrition point", "attrition points")+" and becomes "+s.units[u].Level.String(), int(u), cost)
}

// attritionChoices are the units the defender may reduce next with the
// frame's attrition points left: those after which the points the rest can
// still take make up the most any choice of units could (mgmg:11.41).
func (s *State) attritionChoices(f *frame) []int16 {
	ap := int(f.AP)
	if ap == 0 {
		return nil
	}
	us, ds := s.defenders(f.Place, f.Side, &f.Hit)
	best := MostAttrition(ds, -1, ap)
	var out []int16
	for i, u := range us {
		c := AttritionCost(ds[i])
		if c == 0 || c > ap {
			continue
		}
		ds[i].Bombarded = true
		if c+MostAttrition(ds, -1, ap-c) == best {
			out = append(out, u)
		}
		ds[i].Bombarded = false
	}
	return out
}

// reduce is the defender's choice of a unit to take attrition points.
func (s *State) reduce(u int16) {
	f := s.stack.top()
	c := AttritionCost(s.defender(u, &f.Hit))
	s.reduceUnit(u, c)
	f.Hit.add(u)
	f.AP -= int8(c)
}

// nextAttrition asks the defender for the next unit to take attrition
// points, or ends the bombardment when no choice of units can take any of
// those left: they are ignored (mgmg:11.41).
func (s *State) nextAttrition() {
	f := s.stack.top()
	if len(s.attritionChoices(f)) > 0 {
		s.step, s.active = stAttrition, f.Side
		return
	}
	if f.AP > 0 {
		s.logf("mgmg:11.41", "%d "+engine.Plural(int(f.AP), "attrition point is", "attrition points are")+" left that no unit can take: they are ignored", int(f.AP))
	}
	s.endBombardment()
}

// endBombardment goes on with the impulse or phase the bombardment belongs
// to.
func (s *State) endBombardment() {
	if s.stack.n == 2 {
		s.endImpulseBombardment()
		return
	}
	f := s.stack.top()
	s.active = allies
	if f.Place == s.g.zoneF && s.stack.n == 1 { // mgmg:20.3
		s.stack.pop()
		s.settleAdvantage() // mgmg:12.2: used in the phase, it passes as the phase ends
		s.landFirstLift()
		return
	}
	f.AP, f.Hit = 0, units{} // mgmg:20.2: the frame keeps the cursor
	s.step = stAirBombardment
}

// bombardLabel labels a bombardment choice with its preview (issue 8
// section 5): AV, DV and the chance the primary target is reduced.
func (s *State) bombardLabel(what string, av CombatValue, air bool, p, prim int16) string {
	_, ds := s.defenders(p, s.g.side[prim], nil)
	dv := BombardmentDV(s.g.m.TEM(int(p)), air, ds)
	o := BombardmentPreview(av, dv, AttritionCost(s.defender(prim, nil)), s.combatRolls(s.g.side[prim].other()), s.combatRolls(s.g.side[prim]))
	return fmt.Sprintf("%s: AV %d against DV %d, %s to reduce %s", what, av.Total, dv.Total, percentOf(o.PrimaryReduced.Ways, o.PrimaryReduced.Of), s.g.units[prim].Name)
}

// BombardmentView is the bombardment in progress as the view shows it
// (mgmg:11): its target, what bombards, its values once they are known,
// the dice once rolled and the attrition points left to take.
type BombardmentView struct {
	Target    string       `json:"target"`
	Defender  string       `json:"defender"`
	Artillery []string     `json:"artillery,omitempty"` // the lead first (mgmg:11.2)
	Air       string       `json:"air,omitempty"`       // the Air Bombardment marker (mgmg:16.2)
	Barrage   bool         `json:"barrage,omitempty"`   // mgmg:11.112
	AV        *CombatValue `json:"av,omitempty"`
	DV        *CombatValue `json:"dv,omitempty"`
	AttackDR  int          `json:"attack_dr,omitempty"`
	DefenseDR int          `json:"defense_dr,omitempty"`
	AP        int          `json:"attrition_left,omitempty"` // mgmg:11.41
}

// bombardmentView is the bombardment on the stack, nil when there is none
// (D-Day's Air Bombardment Phase keeps its last one between areas).
func (s *State) bombardmentView() *BombardmentView {
	if s.step == stAirBombardment {
		return nil
	}
	for i := range s.stack.n {
		f := &s.stack.frames[i]
		if f.Proc != procBombard {
			continue
		}
		v := &BombardmentView{Target: s.g.placeIDs[f.Place], Defender: f.Side.String(), Barrage: f.Barrage, AP: int(f.AP)}
		if f.Aim != 0 {
			v.AttackDR, v.DefenseDR = int(f.Roll), int(f.Against)
		}
		switch {
		case f.Air > 0:
			v.Air = s.g.pieces.Setup.AirMarkers[f.Air-1].ID
		case f.Unit >= 0:
			v.Artillery = []string{s.g.units[f.Unit].ID}
			for u := range int16(nUnits) {
				if u != f.Unit && f.Acted.has(u) {
					v.Artillery = append(v.Artillery, s.g.units[u].ID)
				}
			}
		default:
			return v // nothing bombards yet
		}
		av, air := s.bombardAV(f)
		_, ds := s.defenders(f.Place, f.Side, nil)
		dv := BombardmentDV(s.g.m.TEM(int(f.Place)), air, ds)
		v.AV, v.DV = &av, &dv
		return v
	}
	return nil
}
