package mgmg

import (
	"fmt"
	"strings"

	"sandtable/engine"
)

// The resolution of an assault (mgmg:10.1, 10.7), on its own frame above
// the impulse: once the moving side has no unit moving it resolves the
// Mandatory Assault of a place its units entered (mgmg:10.1, 10.2); it
// names the Point Unit, the defender the Forward Unit (mgmg:10.7), each
// choice labelled with the AV, DV and odds it gives; both sides roll
// (mgmg:10.71); the defender then takes the casualty points one at a time
// (mgmg:10.8), and after a failure or a stalemate the assaulting units
// retreat into the place they came from, as they must or may
// (mgmg:10.741, 10.742); Optional Assaults likewise (10.3), and the
// assault in the Contested Active Area, which never retreats (10.6). The
// units bound to a Mandatory Assault assault; the attacker names which of
// the others do (10.3). An overrun lets the assaulting units move on
// (10.5). The dice are offered to the Advantage holder (12.2).

// fight is an assault in progress.
type fight struct {
	Place     int16 // the assaulted place
	Attackers units `json:",omitzero"`  // the assaulting units
	Point     int16 `json:",omitempty"` // the Point Unit, plus one; 0 while not named (mgmg:10.72A)
	Forward   int16 `json:",omitempty"` // the Forward Unit, plus one (mgmg:10.73A)
	CP        int8  `json:",omitempty"` // casualty points the defender has still to take (mgmg:10.8)
	Taken     int8  `json:",omitempty"` // casualty points taken so far: the first is the Forward Unit's
	// the attacker may still retreat assaulting units (mgmg:10.741, 10.742)
	MayRetreat  bool     `json:",omitempty"`
	MustRetreat bool     `json:",omitempty"` // they must (mgmg:10.741)
	Resolved    bool     `json:",omitempty"` // the defender is done with voluntary retreats (mgmg:10.93)
	Retreating  int16    `json:",omitempty"` // the unit choosing where it retreats, plus one (retreat.go)
	From        int16    `json:",omitempty"` // the place it retreats from
	Support     units    `json:",omitzero"`  // the supporting field artillery (mgmg:10.72C, 15.12)
	Optional    bool     `json:",omitempty"` // an Optional Assault (mgmg:10.3), not a Mandatory one
	Against     int8     `json:",omitempty"` // the defender\'s DR while the attacker\'s is offered for a reroll (mgmg:12.2)
	May         units    `json:",omitzero"`  // units the attacker may still have assault, bound to none (mgmg:10.3, 10.6)
	InPlace     bool     `json:",omitempty"` // an assault in the Contested Active Area by units that began there (mgmg:10.6)
	Through     placeSet `json:",omitzero"`  // the fully-stacked places the retreating unit has passed through (mgmg:10.91)
}

// hash adds the fight to a state's hash.
func (f *fight) hash(h *engine.Hasher) {
	h.Add(uint64(uint16(f.Place)) | uint64(uint16(f.Point))<<16 | uint64(uint16(f.Forward))<<32 | uint64(uint8(f.CP))<<48 | uint64(uint8(f.Taken))<<56)
	h.Add(bit(f.MayRetreat) | bit(f.Resolved)<<1 | bit(f.MustRetreat)<<2 | bit(f.Optional)<<3 | bit(f.InPlace)<<4 | uint64(uint8(f.Against))<<8 | uint64(uint16(f.Retreating))<<16 | uint64(uint16(f.From))<<32)
	for _, w := range f.Attackers {
		h.Add(w)
	}
	for _, w := range f.Support {
		h.Add(w)
	}
	for _, w := range f.May {
		h.Add(w)
	}
	for _, w := range f.Through {
		h.Add(w)
	}
}

// came packs where a unit entered its place from and how it crossed
// (mgmg:10.73C, D, 10.9): the place plus one, the crossing's kind, whether
// the bridge was the defender's and whether it spans a river; and the
// halves of MF it had used by then, which an overrun goes on with
// (mgmg:10.5), kept in whole MF: entering enemy units ends the ½ MF rate
// (mgmg:9.4), so they are even.
func came(from int, c Crossing, spent int) uint16 {
	return uint16(from+1) | uint16(c.Kind)<<7 | uint16(bit(c.DefenderBridge))<<10 | uint16(bit(c.River))<<11 | uint16(min((spent+1)/2, 15))<<12
}

// cameFrom unpacks came: the place, -1 for none, and the crossing.
func cameFrom(v uint16) (int16, Crossing) {
	return int16(v&0x7f) - 1, Crossing{Kind: CrossingKind(v >> 7 & 7), DefenderBridge: v>>10&1 != 0, River: v>>11&1 != 0}
}

// cameSpent unpacks came: the halves of MF the unit had used.
func cameSpent(v uint16) int { return 2 * int(v>>12) }

// commit has unit u assault.
func (f *fight) commit(u int16) {
	f.Attackers.add(u)
	f.May[u/64] &^= 1 << (u % 64)
}

// fightFrame is the assault in progress.
func (s *State) fightFrame() *frame { return s.stack.top() }

// pendingAssault reports a place where units of the moving side stand
// bound to a Mandatory Assault (mgmg:10.2).
func (s *State) pendingAssault(mv *moves, p int16) bool {
	pending := s.pendingAssaults(mv)
	return pending.has(int(p))
}

// pendingAssaults are the places where units of the moving side stand
// bound to a Mandatory Assault (mgmg:10.2).
func (s *State) pendingAssaults(mv *moves) (pending placeSet) {
	if mv.Mandatory == (units{}) {
		return pending // as mostly: no unit is bound
	}
	for u, st := range &s.units {
		if st.Loc >= 0 && mv.Mandatory.has(int16(u)) {
			pending.add(int(st.Loc))
		}
	}
	return pending
}

// legalAssaults lists the Mandatory Assaults the moving side may resolve
// now, and whether any is pending (the impulse may not end then).
func (s *State) legalAssaults(buf []engine.Action, mv *moves) ([]engine.Action, bool) {
	var seen placeSet
	if mv.Mandatory == (units{}) {
		return buf, false // as mostly: no unit is bound
	}
	for u, st := range &s.units {
		if st.Loc >= 0 && mv.Mandatory.has(int16(u)) && !seen.has(int(st.Loc)) {
			seen.add(int(st.Loc))
			buf = append(buf, act(kAssault, int(st.Loc)))
		}
	}
	return buf, seen != placeSet{}
}

// mayAssault reports unit u able to assault in place p, bound to no
// Mandatory Assault: Fresh, of the moving side, and having entered p this
// impulse (mgmg:10.3) or, p being the Contested Active Area, having begun
// there and not moved (mgmg:10.6). Infiltrators that got through are
// Spent (mgmg:8.222). FLAK Towers never attack (mgmg:4.118), nor do River
// Bunker Garrisons (fh40:4.117).
func (s *State) mayAssault(u int16, p int16, imp *frame) bool {
	mv := &imp.Move
	if st := s.units[u]; st.Loc != p || st.Level != StepFresh || s.g.side[u] != imp.Side || mv.Mandatory.has(u) || s.g.units[u].Train || s.g.units[u].Type.NeverMoves() {
		return false // fh40:20.4: the armoured train contributes no attack factor; FLAK Towers and River Bunker Garrisons never attack (mgmg:4.118, fh40:4.117)
	}
	// field artillery of the Active Area supports rather (mgmg:15.12)
	return mv.Came[u] != 0 || p == mv.Active && mv.ContestedAtStart.has(int(p)) && !imp.Acted.has(u) && s.g.units[u].Type != FieldArtillery
}

// legalOptionalAssaults lists the places where units that entered this
// impulse, or began it in the Contested Active Area, an infantry or armour
// unit among them, may make an Optional Assault on the enemy units there
// (mgmg:10.3, 10.6), bound to none.
func (s *State) legalOptionalAssaults(buf []engine.Action, mv *moves) []engine.Action {
	var seen placeSet
	imp := s.impulseFrame()
	pending := s.pendingAssaults(mv)
	for _, u := range s.g.sideUnits[imp.Side] { // mayAssault: the moving side's
		p := s.units[u].Loc
		if p < 0 || s.count(p, imp.Side.other()) == 0 || seen.has(int(p)) || mv.Assaulted.has(int(p)) || !s.g.movers[u].Type.CanLead() || !s.mayAssault(u, p, imp) ||
			pending.has(int(p)) { // the enemy's absence first: it rules out most units
			continue
		}
		seen.add(int(p))
		buf = append(buf, act(kAssault, int(p)))
	}
	return buf
}

// startAssault begins the assault in p: the units bound to its Mandatory
// Assault assault (mgmg:10.1, 10.2); the attacker may add others that may
// (mgmg:10.3, 10.6). In the Contested Active Area it costs every unit
// there one MF, two with a Fresh defender (mgmg:10.6).
func (s *State) startAssault(p int16) {
	imp := s.impulseFrame()
	mv := &imp.Move
	f := frame{Proc: procAssault, Side: imp.Side, Fight: fight{Place: p, Optional: !s.pendingAssault(mv, p), InPlace: p == mv.Active}}
	for u := range s.units {
		switch v := int16(u); {
		case s.units[u].Loc == p && mv.Mandatory.has(v):
			f.Fight.Attackers.add(v)
		case s.mayAssault(v, p, imp):
			f.Fight.May.add(v)
		}
	}
	switch {
	case f.Fight.InPlace:
		var defs []Defender
		for _, u := range s.assaultDefenders(&f) {
			defs = append(defs, s.defenderOf(u))
		}
		mv.ActiveCost = uint8(2 * ActiveContestedCost(defs))
		s.logf("mgmg:10.6", "%S assault in the Contested Active Area %p: every unit there has used %d MF", int(imp.Side), int(p), int(mv.ActiveCost/2))
	case f.Fight.Optional:
		s.logf("mgmg:10.3", "%S make an Optional Assault in %p", int(imp.Side), int(p))
	default:
		s.logf("mgmg:10.2", "%S resolve the Mandatory Assault in %p", int(imp.Side), int(p))
	}
	s.openFight(f)
}

// openFight puts assault f above its impulse: the attacker names the Point
// Unit, at once when one unit may be it (mgmg:10.7).
func (s *State) openFight(f frame) {
	s.stack.push(f)
	if len(s.forwardChoices()) == 0 {
		s.logf("mgmg:10.1", "no enemy unit is left in %p to assault", int(f.Fight.Place))
		s.endAssault()
		return
	}
	s.step, s.active = stAssaultPoint, f.Side
	if ps := s.pointChoices(nil); len(ps) == 1 {
		s.namePoint(int16(ps[0]))
	}
}

// pointChoices are the units that may be the Point Unit: infantry or
// armour among those that assault or may (mgmg:10.72A, 10.3).
func (s *State) pointChoices(buf []int) []int {
	f := s.fightFrame()
	for u := range s.units {
		if (f.Fight.Attackers.has(int16(u)) || f.Fight.May.has(int16(u))) && s.g.units[u].Type.CanLead() {
			buf = append(buf, u)
		}
	}
	return buf
}

// joinAssault has unit u assault too (mgmg:10.3, 10.6): the attacker
// names the assaulting units and supporting artillery until none is left
// to add or it is done.
func (s *State) joinAssault(u int16) {
	f := s.fightFrame()
	f.Fight.commit(u)
	s.logf("mgmg:10.3", "%u assaults too", int(u))
	if f.Fight.May == (units{}) && len(s.supportChoices(f)) == 0 {
		s.askForward()
	}
}

// assaultDefenders are the enemy units in the assaulted place, by index.
func (s *State) assaultDefenders(f *frame) []int16 {
	us, _ := s.defenders(f.Fight.Place, f.Side.other(), nil)
	return us
}

// attackerOf is unit u as an assaulting unit (mgmg:10.72): moving
// artillery adds nothing (mgmg:4.116).
func (s *State) attackerOf(u int16, moving bool) Attacker {
	a := s.attacker(u)
	a.FLAK, a.Moving = s.g.units[u].Type == Flak, moving
	return a
}

// defenderOf is unit u as a defending unit with its face and disruption
// (mgmg:10.73).
func (s *State) defenderOf(u int16) Defender {
	x, st := &s.g.units[u], s.units[u]
	df := x.DF
	if st.Level != StepFresh {
		df = x.SpentDF
	}
	return Defender{Defense: df, Step: st.Level, Armored: x.Type == Armored, FieldArtillery: x.Type == FieldArtillery,
		FLAK: x.Type == Flak || x.Type == FlakTower, FLAKTower: x.Type.NeverMoves()}
}

// assaultValues are the AV with point unit point and the DV with forward
// unit forward (an index into defs; -1 for the strongest), with the case
// the result's effects depend on.
func (s *State) assaultValues(f *frame, point int16, forward int) (AssaultAttack, AssaultDefense, AssaultCase) {
	imp := &s.stack.frames[s.stack.n-2]
	a := AssaultAttack{Point: s.attackerOf(point, false)}
	d := AssaultDefense{TEM: s.g.m.TEM(int(f.Fight.Place)), Mandatory: !f.Fight.Optional}
	for u := range s.units {
		if !f.Fight.Attackers.has(int16(u)) && int16(u) != point {
			continue
		}
		_, c := cameFrom(imp.Move.Came[u])
		d.Crossings = append(d.Crossings, c)
		x := s.attackerOf(int16(u), s.g.units[u].Type == FieldArtillery)
		if int16(u) == point {
			x.Moving, a.Point = false, x
		} else {
			a.Others = append(a.Others, x)
		}
	}
	for u := range s.units {
		if f.Fight.Support.has(int16(u)) {
			a.Support = append(a.Support, s.attacker(int16(u)))
		}
	}
	var cutOff, asked bool // whether the place's airborne defenders have no line to Zone F (mgmg:10.73E)
	for _, u := range s.assaultDefenders(f) {
		x := s.defenderOf(u)
		if s.g.units[u].Airborne != "" {
			if !asked {
				cutOff, asked = s.turn > lastNeverIsolated && !s.suppliedFromZoneF(f.Fight.Place), true
			}
			x.CutOff = cutOff
		}
		d.Defenders = append(d.Defenders, x)
	}
	d.Forward = forward
	if forward < 0 {
		d.Forward = StrongestForward(d)
	}
	at := int(f.Fight.Place)
	c := AssaultCase{Mandatory: !f.Fight.Optional, From: s.assaultOrigin(f), ElevatedOrPolder: s.g.m.Elevated(at) || s.g.m.Polder(at), Capacity: AbsorbCapacity(d.Defenders)}
	if f.Fight.InPlace {
		c.From = BeganInArea // mgmg:10.6
	}
	if o, ok := s.ddayOrigin(); ok {
		c.From = o // mgmg:20.4A, 20.5
	}
	return a, d, c
}

// assaultPreview writes the AV, the DV and the chance of each result of
// side sd's assault, with dice or the cards left (mgmg:10.7, 10.74, 23.71).
func (s *State) assaultPreview(a AssaultAttack, d AssaultDefense, c AssaultCase, sd side) string {
	av, dv := AssaultAV(a), AssaultDV(d)
	rolled := av
	rolled.Total += s.coupDRM() // fh40:20.3: the coup's +1 to the DR
	o := c.Odds(rolled, dv, s.combatRolls(sd), s.combatRolls(sd.other()))
	won := 0
	for _, w := range o.Success {
		won += w.Ways
	}
	return fmt.Sprintf("AV %d against DV %d: failure %s, stalemate %s, success %s", av.Total, dv.Total,
		percentOf(o.Failure.Ways, o.Failure.Of), percentOf(o.Stalemate.Ways, o.Failure.Of), percentOf(won, o.Failure.Of))
}

// percentOf writes ways in of as a percentage, with a decimal where a whole
// percent would round a possible result to 0% or a failable one to 100%.
func percentOf(ways, of int) string {
	p := (200*ways + of) / (2 * of)
	if (p == 0 && ways > 0) || (p == 100 && ways < of) {
		return fmt.Sprintf("%.1f%%", 100*float64(ways)/float64(of))
	}
	return fmt.Sprintf("%d%%", p)
}

// namePoint names the Point Unit; the defender names the Forward Unit
// next, at once when one unit may be it (mgmg:10.7).
func (s *State) namePoint(u int16) {
	f := s.fightFrame()
	f.Fight.Point = u + 1
	f.Fight.commit(u)
	s.logf("mgmg:10.72A", "%u is the Point Unit", int(u))
	if f.Fight.May != (units{}) || len(s.supportChoices(f)) > 0 {
		s.step = stAssaultSupport // mgmg:10.3, 10.72C, 15.12
		return
	}
	s.askForward()
}

// askForward has the defender name the Forward Unit, at once when one
// unit may be it (mgmg:10.7).
func (s *State) askForward() {
	f := s.fightFrame()
	s.step, s.active = stAssaultForward, f.Side.other()
	if fs := s.forwardChoices(); len(fs) == 1 {
		s.nameForward(fs[0])
	}
}

// forwardChoices are the defenders that may be the Forward Unit
// (mgmg:10.73A, 15.1).
func (s *State) forwardChoices() []int16 {
	f := s.fightFrame()
	defs := s.assaultDefenders(f)
	ds := make([]Defender, len(defs))
	for i, u := range defs {
		ds[i] = s.defenderOf(u)
	}
	var out []int16
	for i, u := range defs {
		if CheckForward(ds, i) == nil {
			out = append(out, u)
		}
	}
	return out
}

// nameForward names the Forward Unit and rolls the dice, the attacker's
// and the defender's (mgmg:10.71, 10.74).
func (s *State) nameForward(u int16) {
	f := s.fightFrame()
	f.Fight.Forward = u + 1
	s.logf("mgmg:10.73A", "%u is the Forward Unit", int(u))
	ar := s.combatRoll(f.Side)
	f.Fight.Against = int8(s.combatRoll(f.Side.other()))
	s.offerReroll(rrAssault, ar, -1) // mgmg:12.2
}

// assaultRolled resolves the assault with the DRs that stand: the
// attacker's ar, the defender's in the frame (mgmg:10.74).
func (s *State) assaultRolled(ar int) {
	s.noteSunsetDR(ar) // mgmg:6.3
	f := s.fightFrame()
	dr := int(f.Fight.Against)
	f.Fight.Against = 0
	if drm := s.coupDRM(); drm != 0 {
		ar += drm
		s.logf("fh40:20.3", "the coup's attack: +%d to the DR", drm)
	}
	av, dv, c := s.assaultCombat()
	margin := CompareTotals(av.Total, ar, dv.Total, dr)
	if s.logging() {
		s.logf("mgmg:10.72", av.Format("AV"))
		s.logf("mgmg:10.73", dv.Format("DV"))
	}
	e := c.Effects(margin)
	s.logf("mgmg:10.74", "AT %d = AV %d + DR %d against DT %d = DV %d + DR %d: "+e.Result.String(), av.Total+ar, av.Total, ar, dv.Total+dr, dv.Total, dr)
	s.assaultEffects(f, e)
}

// assaultCombat are the AV and DV of the assault on top of the stack, its
// Point and Forward Units named, and the case its effects depend on
// (mgmg:10.72, 10.73).
func (s *State) assaultCombat() (av, dv CombatValue, c AssaultCase) {
	f := s.fightFrame()
	a, d, c := s.assaultValues(f, f.Fight.Point-1, s.defenderIndex(f, f.Fight.Forward-1))
	return AssaultAV(a), AssaultDV(d), c
}

// defenderIndex is u's index among the defenders.
func (s *State) defenderIndex(f *frame, u int16) int {
	for i, d := range s.assaultDefenders(f) {
		if d == u {
			return i
		}
	}
	panic("mgmg: the Forward Unit is not in the assaulted place")
}

// assaultEffects applies a result (mgmg:10.741-10.743): the assaulting
// units' disruption, the crossing taken, then the defender's casualty
// points or the attacker's retreat.
func (s *State) assaultEffects(f *frame, e AssaultEffects) {
	point := f.Fight.Point - 1
	imp := &s.stack.frames[s.stack.n-2]
	for u := range s.units {
		if !f.Fight.Attackers.has(int16(u)) {
			continue
		}
		lvl := e.Others
		if int16(u) == point {
			lvl = e.Point
		}
		if lvl == StepDisrupt1 {
			s.setLevel(int16(u), StepDisrupt1) // mgmg:10.741, 10.742, 13.2
		}
		if from, c := cameFrom(imp.Move.Came[u]); e.TakesCrossing {
			s.takeCrossing(int(from), int(f.Fight.Place), c, f.Side)
		}
	}
	switch {
	case e.Overrun:
		s.logf("mgmg:10.8", "%d casualty points: more than the defenders can take; all are eliminated", e.CasualtyPoints)
		for _, u := range s.assaultDefenders(f) {
			s.eliminate(u)
		}
		s.overrun(f, &imp.Move)
	case e.CasualtyPoints > 0:
		f.Fight.CP = int8(e.CasualtyPoints)
		s.logf("mgmg:10.8", "the defender takes %d casualty points", e.CasualtyPoints)
	case e.Retreat == MustRetreat:
		f.Fight.MustRetreat = true
		f.Fight.MayRetreat = s.g.fh40 != nil // fh40:10.2: the units that joined may retreat or stay (sentBack)
	case e.Retreat == MayRetreat:
		f.Fight.MayRetreat = true
	}
	s.nextInAssault()
}

// overrun lets the assaulting units move on with the MF they have left,
// each unless the assaulted place is Elevated or Polder or it crossed an
// unbridged canal, a Ferry Crossing or by boat (mgmg:10.5); the last
// crossing is the only one that can be, wading a canal costing 4 MF of an
// infantry unit's 5 at most. The supporting artillery may support again.
func (s *State) overrun(f *frame, mv *moves) {
	at := int(f.Fight.Place)
	rough := s.g.m.Elevated(at) || s.g.m.Polder(at)
	for u := range s.units {
		if _, c := cameFrom(mv.Came[u]); f.Fight.Attackers.has(int16(u)) && c.MayOverrun(rough) {
			mv.Overran.add(int16(u))
			s.logf("mgmg:10.5", "%u overruns: it may move on", u)
		}
	}
	for i := range mv.Supported {
		mv.Supported[i] &^= f.Fight.Support[i]
	}
}

// nextInAssault goes on with the assault: a retreat's place, the
// defender's casualty points, the attacker's retreats, the defender's
// voluntary retreats, then the impulse.
func (s *State) nextInAssault() {
	f := s.fightFrame()
	defs := len(s.assaultDefenders(f))
	switch {
	case f.Fight.Retreating != 0:
		s.step, s.active = stRetreatTo, s.g.side[f.Fight.Retreating-1]
	case f.Fight.MustRetreat && s.sentBack(f) >= 0:
		s.retreatAttacker(s.sentBack(f))
		s.nextInAssault()
	case f.Fight.CP > 0 && defs > 0:
		s.step, s.active = stCasualty, f.Side.other()
	case f.Fight.MayRetreat && len(s.legalAssaultRetreats(nil)) > 0:
		s.step, s.active = stAttackerRetreat, f.Side
	case !f.Fight.Resolved && defs > 0:
		s.step, s.active = stVoluntary, f.Side.other()
	default:
		s.endAssault()
	}
}

// sentBack is the next assaulting unit still in the place that a failed
// Mandatory Assault sends back, or -1: every one that entered it
// (mgmg:10.741); in Fortress Holland only those bound to the Mandatory
// Assault, those that joined it choosing to retreat or stay (fh40:10.2).
func (s *State) sentBack(f *frame) int16 {
	bound := &s.stack.frames[s.stack.n-2].Move.Mandatory
	for u := range s.units {
		if f.Fight.Attackers.has(int16(u)) && s.units[u].Loc == f.Fight.Place && (s.g.fh40 == nil || bound.has(int16(u))) {
			return int16(u)
		}
	}
	return -1
}

// legalAssaultRetreats lists the assaulting units still in the place,
// which may retreat (mgmg:10.741, 10.742).
func (s *State) legalAssaultRetreats(buf []engine.Action) []engine.Action {
	f := s.fightFrame()
	for u := range s.units {
		if f.Fight.Attackers.has(int16(u)) && s.units[u].Loc == f.Fight.Place {
			buf = append(buf, act(kRetreat, u))
		}
	}
	return buf
}

// eliminate removes unit u from play.
func (s *State) eliminate(u int16) {
	s.put(u, locElim, StepFresh)
	s.logf("mgmg:10.8", "%u is eliminated", int(u))
	s.countLoss(u) // mgmg:12.4, advantage_loss.go
}

// casualtyChoices are the defenders that may take the next casualty point:
// the Forward Unit first (mgmg:10.8).
func (s *State) casualtyChoices() []int16 {
	f := s.fightFrame()
	if f.Fight.Taken == 0 {
		return []int16{f.Fight.Forward - 1}
	}
	return s.assaultDefenders(f)
}

// takeCasualty turns defender u one step further, eliminating it past
// Disrupt 2 (mgmg:10.8, 13.2).
func (s *State) takeCasualty(u int16) {
	f := s.fightFrame()
	f.Fight.CP--
	f.Fight.Taken++
	if next := s.units[u].Level + 1; next == StepEliminated {
		s.eliminate(u)
	} else {
		s.setLevel(u, next)
		s.logf("mgmg:10.8", "%u takes a casualty point: "+next.String(), int(u))
	}
	s.nextInAssault()
}

// endAssault ends the assault: no unit enters the place again this
// impulse (mgmg:10.1), control follows who is left (mgmg:7.2), and the
// moving side goes on.
func (s *State) endAssault() {
	f := s.stack.pop()
	imp := s.impulseFrame()
	imp.Move.Assaulted.add(int(f.Fight.Place))
	for i := range imp.Move.Mandatory {
		imp.Move.Mandatory[i] &^= f.Fight.Attackers[i]
		imp.Acted[i] |= f.Fight.Attackers[i] // mgmg:8.3, 10.6: who assaulted in place is Spent too
	}
	s.updateControl(f.Fight.Place)
	if imp.For == rrCoup {
		s.endCoupAttack()
		return
	}
	if imp.DDay.Phase != 0 {
		s.ddayAssaulted(imp) // mgmg:20.4A, 20.5
		return
	}
	s.step, s.active = stImpulse, imp.Side
	if imp.Move.Ending && s.overranMayMove(imp) {
		imp.Move.Ending = false // the infiltrators that overran move on first (mgmg:10.5, 26.0 example 14)
		return
	}
	if imp.Move.Ending {
		s.endMoving()
	}
}

// overranMayMove reports a unit that overran and may move on in impulse
// imp (mgmg:10.5).
func (s *State) overranMayMove(imp *frame) bool {
	g := s.ground(imp.Side, &imp.Move)
	for u := range s.units {
		if imp.Move.Overran.has(int16(u)) && s.mayMove(int16(u), &imp.Move, g) {
			return true
		}
	}
	return false
}

// endMoving ends an impulse whose side is done moving: first the
// combined assault of each place's failed infiltrators (mgmg:8.222).
func (s *State) endMoving() {
	mv := &s.impulseFrame().Move
	if buf, pending := s.legalAssaults(nil, mv); pending {
		_, p := split(buf[0])
		s.logf("mgmg:8.222", "the infiltrators that failed in %p assault together", p)
		s.startAssault(int16(p))
		return
	}
	s.endImpulse()
}

// legalAssault lists the choices of the assault in progress.
func (s *State) legalAssault(buf []engine.Action) []engine.Action {
	f := s.fightFrame()
	switch s.step {
	case stAssaultPoint:
		for _, u := range s.pointChoices(nil) {
			buf = append(buf, act(kPoint, u))
		}
	case stAssaultForward:
		for _, u := range s.forwardChoices() {
			buf = append(buf, act(kForward, int(u)))
		}
	case stCasualty:
		for _, u := range s.casualtyChoices() {
			buf = append(buf, act(kCasualty, int(u)))
		}
		for _, u := range s.assaultDefenders(f) {
			if s.mayRetreatForCP(u) {
				buf = append(buf, act(kRetreatDefender, int(u)))
			}
		}
	case stAttackerRetreat:
		buf = append(s.legalAssaultRetreats(buf), act(kStay, 0))
	case stVoluntary:
		for _, u := range s.assaultDefenders(f) {
			if !s.g.units[u].Type.NeverMoves() {
				buf = append(buf, act(kRetreatDefender, int(u)))
			}
		}
		buf = append(buf, act(kStay, 0))
	case stRetreatTo:
		buf = s.legalRetreatTo(buf)
	case stAssaultSupport:
		for u := range s.units {
			if f.Fight.May.has(int16(u)) {
				buf = append(buf, act(kJoin, u))
			}
		}
		for _, u := range s.supportChoices(f) {
			buf = append(buf, act(kSupportArt, int(u)))
		}
		buf = append(buf, act(kSupportDone, 0))
	}
	return buf
}

// applyAssault applies a choice of the assault in progress.
func (s *State) applyAssault(k kind, x int) {
	switch k {
	case kPoint:
		s.namePoint(int16(x))
	case kSupportArt:
		s.supportAssault(int16(x))
	case kJoin:
		s.joinAssault(int16(x))
	case kSupportDone:
		s.askForward()
	case kForward:
		s.nameForward(int16(x))
	case kCasualty:
		s.takeCasualty(int16(x))
	case kRetreat:
		s.retreatAttacker(int16(x))
	case kStay:
		f := s.fightFrame()
		f.Fight.MayRetreat, f.Fight.Resolved = false, s.step == stVoluntary || f.Fight.Resolved
	case kRetreatDefender:
		s.retreatDefender(int16(x))
	case kRetreatTo:
		s.retreatTo(int16(x))
	}
	if k == kRetreat || k == kStay || k == kRetreatDefender || k == kRetreatTo {
		s.nextInAssault()
	}
}

// describeAssault names a choice of an assault, with the preview of the
// values and odds it gives before the dice (mgmg:10.7).
func (s *State) describeAssault(k kind, x int, c *engine.Choice) {
	g := s.g
	switch k {
	case kAssault:
		mv := &s.impulseFrame().Move
		c.ID, c.Label, c.Rule = "resolve:"+g.placeIDs[x], "Resolve the Mandatory Assault in "+g.placeName(int16(x))+": no more units enter it this impulse (mgmg:10.1)", "mgmg:10.2"
		switch {
		case s.pendingAssault(mv, int16(x)):
		case int16(x) == mv.Active:
			c.Label, c.Rule = "Assault in the Contested Active Area "+g.placeName(int16(x))+" before moving", "mgmg:10.6"
		default:
			c.Label, c.Rule = "Make an Optional Assault in "+g.placeName(int16(x)), "mgmg:10.3"
		}
		c.Refs = []string{"area:" + g.placeIDs[x]}
	case kPoint:
		f := s.fightFrame()
		a, d, cs := s.assaultValues(f, int16(x), -1)
		c.ID, c.Rule, c.Refs = "point:"+g.units[x].ID, "mgmg:10.72A", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("Point Unit %s (%s, with the strongest Forward Unit)", g.units[x].Name, s.assaultPreview(a, d, cs, f.Side))
	case kForward:
		f := s.fightFrame()
		a, d, cs := s.assaultValues(f, f.Fight.Point-1, s.defenderIndex(f, int16(x)))
		c.ID, c.Rule, c.Refs = "forward:"+g.units[x].ID, "mgmg:10.73A", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("Forward Unit %s (%s)", g.units[x].Name, s.assaultPreview(a, d, cs, f.Side))
	case kCasualty:
		next := s.units[x].Level + 1
		c.ID, c.Rule, c.Refs = "casualty:"+g.units[x].ID, "mgmg:10.8", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("%s takes a casualty point: %s", g.units[x].Name, strings.ToLower(next.String()))
	case kRetreat:
		from, _ := cameFrom(s.stack.frames[s.stack.n-2].Move.Came[x])
		c.ID, c.Rule, c.Refs = "retreat:"+g.units[x].ID, "mgmg:10.9", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("Retreat %s into %s", g.units[x].Name, g.placeName(from))
	case kStay:
		c.ID, c.Label, c.Rule = "stay", "The assaulting units left stay", "mgmg:10.742"
		if s.step == stVoluntary {
			c.Label, c.Rule = "The defenders left stay", "mgmg:10.93"
		}
	case kRetreatDefender, kRetreatTo:
		s.describeRetreat(k, x, c)
	case kSupportArt:
		f := *s.fightFrame() // a copy, with the unit added for its preview
		f.Fight.Support.add(int16(x))
		a, d, cs := s.assaultValues(&f, f.Fight.Point-1, -1)
		c.ID, c.Rule, c.Refs = "artillery:"+g.units[x].ID, "mgmg:15.12", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("%s supports (%s)", g.units[x].Name, s.assaultPreview(a, d, cs, f.Side))
	case kJoin:
		f := *s.fightFrame() // a copy, with the unit added for its preview
		f.Fight.commit(int16(x))
		a, d, cs := s.assaultValues(&f, f.Fight.Point-1, -1)
		c.ID, c.Rule, c.Refs = "join:"+g.units[x].ID, "mgmg:10.3", []string{"unit:" + g.units[x].ID}
		c.Label = fmt.Sprintf("%s assaults too (%s)", g.units[x].Name, s.assaultPreview(a, d, cs, f.Side))
	case kSupportDone:
		f := s.fightFrame()
		a, d, cs := s.assaultValues(f, f.Fight.Point-1, -1)
		c.ID, c.Rule, c.Label = "support-done", "mgmg:15.12", fmt.Sprintf("No more assaulting units or artillery (%s)", s.assaultPreview(a, d, cs, f.Side))
	}
}

// parseAssaultChoice reads the IDs describeAssault writes.
func (s *State) parseAssaultChoice(head, rest string) (engine.Action, bool) {
	if head == "resolve" {
		p, ok := s.g.placeIndex[rest]
		return act(kAssault, int(p)), ok
	}
	if head == "retreat-to" {
		p, ok := s.g.placeIndex[rest]
		return act(kRetreatTo, int(p)), ok
	}
	k, ok := map[string]kind{"artillery": kSupportArt, "join": kJoin, "point": kPoint, "forward": kForward, "casualty": kCasualty, "retreat": kRetreat, "withdraw": kRetreatDefender}[head]
	u, known := s.g.byID[rest]
	return act(k, int(u)), ok && known
}

// assaultAsks is what the assault in progress asks (ask) and what the
// other side is told (wait).
func (s *State) assaultAsks() (ask, wait string) {
	f := s.fightFrame()
	where := s.g.placeName(f.Fight.Place)
	switch s.step {
	case stAssaultPoint:
		return "Assault in " + where + ": name the Point Unit", "the Point Unit of the assault in " + where
	case stAssaultForward:
		return "Assault in " + where + ": name the Forward Unit", "the Forward Unit against the assault in " + where
	case stAssaultSupport:
		return "Assault in " + where + ": add assaulting units or supporting field artillery, or no more", "the units and artillery of the assault in " + where
	case stCasualty:
		return fmt.Sprintf("Assault in %s: take a casualty point (%d left): a step, or the retreat of a Spent or Disrupted unit", where, f.Fight.CP), "casualty points in " + where
	case stVoluntary:
		return "Assault in " + where + ": retreat defenders voluntarily, or stay", "voluntary retreats from " + where
	case stRetreatTo:
		u := f.Fight.Retreating - 1
		return "Retreat " + s.g.units[u].Name + ": choose the place it retreats into", "where " + s.g.units[u].Name + " retreats"
	}
	return "Assault in " + where + ": retreat assaulting units into the place they came from, or stay", "retreats from " + where
}

// check reports a fight that names no place or unit of the game.
func (f *fight) check() error {
	if f.Place < 0 || f.Place >= nPlaces || f.Point < 0 || f.Point > nUnits || f.Forward < 0 || f.Forward > nUnits || f.CP < 0 || f.Taken < 0 ||
		f.Attackers[len(f.Attackers)-1]>>(nUnits%64) != 0 || f.Support[len(f.Support)-1]>>(nUnits%64) != 0 || f.May[len(f.May)-1]>>(nUnits%64) != 0 {
		return fmt.Errorf("assault %+v names no place or unit of the game", *f)
	}
	return nil
}

// checkFight checks an assault's step against its frames: the assault on
// its impulse, the attacker to name the Point Unit and retreat, the
// defender to name the Forward Unit and take casualty points.
func (s *State) checkFight() error {
	if s.stack.n != 2 || s.stack.frames[0].Proc != procImpulse || s.stack.top().Proc != procAssault {
		return fmt.Errorf("stack: step %s needs an assault frame on an impulse frame", stepNames[s.step])
	}
	f := s.fightFrame()
	chooser := f.Side.other()
	switch s.step {
	case stAssaultPoint, stAttackerRetreat, stAssaultSupport:
		chooser = f.Side
	case stRetreatTo:
		if f.Fight.Retreating == 0 {
			return fmt.Errorf("stack: step %s names no retreating unit", stepNames[s.step])
		}
		chooser = s.g.side[f.Fight.Retreating-1]
	}
	switch {
	case f.Side != s.stack.frames[0].Side || s.active != chooser:
		return fmt.Errorf("stack: in step %s the attacker of the impulse names the Point Unit and retreats its units, the defender the Forward Unit, casualties and retreats, each side where its unit retreats", stepNames[s.step])
	case (s.step == stAssaultPoint) != (f.Fight.Point == 0) || s.step == stCasualty && f.Fight.CP == 0 || (s.step == stRetreatTo) != (f.Fight.Retreating != 0) ||
		s.step != stAssaultPoint && s.step != stAssaultForward && s.step != stAssaultSupport && f.Fight.Forward == 0:
		return fmt.Errorf("stack: assault %+v does not fit step %s", f.Fight, stepNames[s.step])
	}
	return nil
}
