package soa

import "sandtable/engine"

// The Close Combat Phase (soa:9): contested places one at a time in the
// order the Tactical Advantage holder picks (soa:8.45, 9.2); in each place
// both sides may screen (soa:9.5, 17.54), then the side without the
// Tactical Advantage designates and resolves its attacks, then the holder at
// the outset does the same after seeing the results (soa:8.45, 9.3, 9.4).
// Results are simultaneous: eliminated units keep attacking and are removed
// when every place is done (soa:9.2, 9.4, 19.21), and anti-tank guns left
// alone with Germans are lost (soa:13.4).
//
// Designation is a sequence of atomic choices that always make progress:
// pick a target (kAttack), add attackers (kWith) and confirm (kConfirm);
// kResolve rolls. The lists offer only choices that can still end in a legal
// set of attacks, so no list is ever empty. Bookkeeping lives in the unit
// flags: CCAttacked marks a designated target, CCDone a designated attacker,
// and every unit of a finished place is marked CCDone so that the place
// counts as resolved (no extra state is needed).

// ccAttacker is the side designating attacks in s.ccPlace now (soa:9.4).
func (s *State) ccAttacker() Side {
	f := s.stack.find(procCloseCombat)
	if f.Round == 0 {
		return f.First
	}
	return f.First.Other()
}

// startCloseCombat begins the phase (soa:9.1, 9.2).
func (s *State) startCloseCombat() {
	for u := range s.units {
		if s.units[u].Loc >= 0 {
			s.setCommitted(int16(u), false) // soa:9.1
		}
		s.clearCC(int16(u))
	}
	s.logf("soa:9.1", "close combat phase: every unit is uncommitted")
	s.ccPlace, s.ccAttacks, s.ccCur, s.ccIdx, s.ccDie = -1, nil, ccAttack{Target: -1}, 0, 0
	s.ccNextPlace()
}

// ccOpenPlaces lists the places holding units of both sides (soa:9.2, 10.7)
// whose close combat has not been resolved yet.
func (s *State) ccOpenPlaces() []int16 {
	n := s.g.board.Len()
	var sides [2][]bool
	sides[0], sides[1] = make([]bool, n), make([]bool, n)
	fresh := make([]bool, n)
	for u := range s.units {
		p := s.units[u].Loc
		if p < 0 || s.g.units[u].Type == Artillery {
			continue
		}
		sides[s.g.side[u]][p] = true
		if !s.units[u].CCDone {
			fresh[p] = true
		}
	}
	var out []int16
	for p := 0; p < n; p++ {
		if sides[German][p] && sides[British][p] && fresh[p] {
			out = append(out, int16(p))
		}
	}
	return out
}

// ccNextPlace goes to the next contested place: the Tactical Advantage
// holder picks when more than one is left (soa:8.45, 9.2).
func (s *State) ccNextPlace() {
	open := s.ccOpenPlaces()
	switch len(open) {
	case 0:
		s.ccFinish()
	case 1:
		s.ccBeginPlace(open[0])
	default:
		s.step, s.active = stCCPlace, s.ta
	}
}

// ccBeginPlace starts close combat in p on a close-combat frame: the side
// without the Tactical Advantage at the outset attacks first (soa:8.45, 9.4).
func (s *State) ccBeginPlace(p int16) {
	first := s.ta.Other()
	s.stack.push(frame{Proc: procCloseCombat, First: first, Screen: first})
	s.ccPlace, s.ccAttacks, s.ccIdx = p, nil, 0
	s.ccCur = ccAttack{Target: -1}
	s.logf("soa:9.4", "close combat in %p: %s attacks first, %s second", int(p), int(first), int(first.Other()))
	s.ccScreenFrom()
}

// --- screening (soa:9.5, 17.54) ---

// ccLine counts side's units in the place that form its line: not armour,
// not screened, not hidden (soa:9.5). Bren carriers are infantry unless
// screened (soa:17.54); anti-tank guns are infantry (soa:4.23).
func (s *State) ccLine(side Side, except int16) int {
	n := 0
	for _, v := range s.g.sideUnits[side] {
		st := &s.units[v]
		if v != except && st.Loc == s.ccPlace && !s.isArmor(v) && !st.Screened && !st.Hidden {
			n++
		}
	}
	return n
}

// ccCanScreen reports whether side may screen u now (soa:9.5, 17.54): HQs,
// and British Bren carriers as if armour, as long as another unit stays in
// the line; and only when the enemy has a unit that could attack it.
func (s *State) ccCanScreen(side Side, u int16) bool {
	st := &s.units[u]
	if st.Loc != s.ccPlace || st.Screened || st.Hidden {
		return false
	}
	if t := s.typ(u); t != HQ && (t != Bren || side != British) {
		return false
	}
	if s.ccLine(side, u) < 1 {
		return false
	}
	for _, v := range s.g.sideUnits[side.Other()] {
		if s.units[v].Loc == s.ccPlace && s.typ(v) != AntiTank && s.typ(v) != Bren {
			return true
		}
	}
	return false
}

func (s *State) ccAnyScreen(side Side) bool {
	for _, u := range s.g.sideUnits[side] {
		if s.ccCanScreen(side, u) {
			return true
		}
	}
	return false
}

// ccScreenFrom offers screening to the side of the close-combat frame's
// Screen, or moves on when it has nothing to screen: first attacker first,
// then the holder (soa:9.5).
func (s *State) ccScreenFrom() {
	if side := s.stack.top().Screen; s.ccAnyScreen(side) {
		s.step, s.active = stCCScreen, side
		return
	}
	s.ccScreenDone()
}

func (s *State) ccScreenDone() {
	if f := s.stack.top(); f.Screen == f.First {
		f.Screen = f.First.Other()
		s.ccScreenFrom()
		return
	}
	s.ccBeginRound()
}

// --- designation (soa:9.3-9.5, 12.3, 13.2, 13.5, 17.53) ---

// ccFree reports a unit of the attacker in the place that may still be
// designated: it has not attacked and is not a Bren carrier (soa:9.2,
// 17.53). Units eliminated earlier in this phase still attack (soa:9.4).
func (s *State) ccFree(u int16) bool {
	st := &s.units[u]
	return st.Loc == s.ccPlace && !st.CCDone && s.typ(u) != Bren
}

// ccLineAttacked reports whether every unit of the defender's line has
// been designated as a target (soa:9.5, 12.3).
func (s *State) ccLineAttacked(def Side) bool {
	for _, v := range s.g.sideUnits[def] {
		st := &s.units[v]
		if st.Loc == s.ccPlace && !s.isArmor(v) && !st.Screened && !st.Hidden && !st.CCAttacked {
			return false
		}
	}
	return true
}

// ccNeed counts the defender's line units not yet designated as targets.
func (s *State) ccNeed(def Side) int {
	n := 0
	for _, v := range s.g.sideUnits[def] {
		st := &s.units[v]
		if st.Loc == s.ccPlace && !s.isArmor(v) && !st.Screened && !st.Hidden && !st.CCAttacked {
			n++
		}
	}
	return n
}

// ccSolo reports an attacker that may attack an infantry target on its own:
// not screened (soa:9.5) and not an anti-tank gun (soa:13.2, 13.5).
func (s *State) ccSolo(u int16) bool {
	return s.ccFree(u) && !s.units[u].Screened && s.typ(u) != AntiTank
}

// ccHave counts the attacker's free solo attackers other than except.
func (s *State) ccHave(att Side, except int16) int {
	n := 0
	for _, u := range s.g.sideUnits[att] {
		if u != except && s.ccSolo(u) {
			n++
		}
	}
	return n
}

// ccCanTarget reports whether the attacker may designate t now, and that
// some legal attack on it can still be formed.
func (s *State) ccCanTarget(t int16) bool {
	att := s.ccAttacker()
	def := att.Other()
	st := &s.units[t]
	if st.Loc != s.ccPlace || s.side(t) != def || st.CCAttacked || st.Hidden {
		return false
	}
	line := s.ccLineAttacked(def)
	has := func(ok func(u int16) bool) bool {
		for _, u := range s.g.sideUnits[att] {
			if s.ccFree(u) && ok(u) {
				return true
			}
		}
		return false
	}
	switch {
	case st.Screened:
		// soa:9.5 example, 17.54: a screen holds while each attacking unit
		// is met by a line unit; only once every line unit is a target may
		// a further attacker go around it.
		return line && s.ccHave(att, -1) > 0
	case s.isArmor(t):
		if line { // soa:9.5, 12.3
			return has(func(u int16) bool { return !s.units[u].Screened })
		}
		return has(func(u int16) bool { return s.typ(u) == AntiTank }) // soa:13.5
	}
	return s.ccHave(att, -1) > 0
}

// ccMulti reports a designated attack of several units on a non-armour
// target: then every line unit must be attacked too (soa:9.5).
func (s *State) ccMulti() bool {
	for _, a := range s.ccAttacks {
		if len(a.Units) > 1 && !s.isArmor(a.Target) {
			return true
		}
	}
	return false
}

// ccCanJoin reports whether u may join the attack being designated.
func (s *State) ccCanJoin(u int16) bool {
	if !s.ccFree(u) {
		return false
	}
	t := s.ccCur.Target
	att := s.ccAttacker()
	if s.typ(u) == AntiTank {
		return s.isArmor(t) // soa:13.2, 13.5
	}
	if s.isArmor(t) && !s.ccLineAttacked(att.Other()) {
		return false // soa:13.5: an attack on armour before the line is for AT guns alone
	}
	if len(s.ccCur.Units) == 0 {
		return !s.units[u].Screened // soa:9.5: a screened unit joins a screening unit
	}
	if s.units[u].Screened && !s.ccHasPartner() {
		return false
	}
	// soa:9.5: several attackers on one unit only if the whole line is
	// attacked: enough solo attackers must remain for the rest of it.
	if !s.isArmor(t) && s.ccHave(att, u) < s.ccNeed(att.Other()) {
		return false
	}
	return true
}

// ccHasPartner reports an unscreened non-armour unit in the attack being
// designated, the screening unit a screened unit must attack with (soa:9.5).
func (s *State) ccHasPartner() bool {
	for _, u := range s.ccCur.Units {
		if !s.units[u].Screened && !s.isArmor(u) {
			return true
		}
	}
	return false
}

// ccCurValid reports whether the attack being designated may be confirmed.
func (s *State) ccCurValid() bool {
	if len(s.ccCur.Units) == 0 {
		return false
	}
	for _, u := range s.ccCur.Units {
		if s.units[u].Screened {
			return s.ccHasPartner()
		}
	}
	return true
}

// ccCanResolve: designation may end unless a multiple attack still needs
// the rest of the line attacked (soa:9.5).
func (s *State) ccCanResolve() bool {
	return !s.ccMulti() || s.ccNeed(s.ccAttacker().Other()) == 0
}

func (s *State) ccAnyTarget() bool {
	for _, t := range s.g.sideUnits[s.ccAttacker().Other()] {
		if s.ccCanTarget(t) {
			return true
		}
	}
	return false
}

// ccBeginRound lets the side in turn designate its attacks; a side with no
// possible attack is passed over. While an AT gun is hidden the British is
// asked all the same: passing him over only when no hidden gun could attack
// would tell the German where one is (soa:13.8).
func (s *State) ccBeginRound() {
	s.ccAttacks, s.ccIdx = nil, 0
	s.ccCur = ccAttack{Target: -1}
	if !s.ccAnyTarget() && !s.hidesGun(s.ccAttacker()) {
		s.logf("soa:9.4", "%s has no close combat attack in %p", int(s.ccAttacker()), int(s.ccPlace))
		s.ccEndRound()
		return
	}
	s.step, s.active = stCCTarget, s.ccAttacker()
}

// ccEndRound passes to the holder at the outset, or ends the place.
func (s *State) ccEndRound() {
	s.ccAttacks, s.ccIdx = nil, 0
	if f := s.stack.top(); f.Round == 0 {
		f.Round = 1
		s.ccBeginRound()
		return
	}
	s.ccFinishPlace()
}

// ccFinishPlace marks every unit of the place done and goes on.
func (s *State) ccFinishPlace() {
	p := s.ccPlace
	for u := range s.units {
		if s.units[u].Loc == p {
			s.edit(int16(u), func(st *unitState) { st.CCDone = true })
		}
	}
	s.ccPlace = -1
	s.stack.pop()
	s.ccCur = ccAttack{Target: -1}
	s.ccNextPlace()
}

// --- resolution (soa:9.6, 9.6.1) ---

// ccKill is the lowest modified roll that eliminates the unit attacked (soa:9.6).
const ccKill = 6

// ccAttackAF is a unit's AF in close combat; an AT gun uses its circled AF (soa:13.3, 13.5).
func (s *State) ccAttackAF(u int16) int { return s.g.units[u].AF }

// ccDefendValue is what the best attacking AF is compared with: the AF,
// an AT gun's 6 (soa:13.4), the DF of armour (soa:9.6.1 B) and of a Bren
// carrier (soa:17.54).
func (s *State) ccDefendValue(t int16) int {
	switch s.typ(t) {
	case AntiTank:
		return 6
	case Armor, Bren:
		return s.g.units[t].DF
	}
	return s.g.units[t].AF
}

// ccModifiers are the die roll modifiers of an attack (soa:9.6.1 A, B).
// Ammunition shortage never applies (soa:20.4).
func (s *State) ccModifiers(a ccAttack) (extra, af int) {
	extra = len(a.Units) - 1
	best := 0
	for _, u := range a.Units {
		best = max(best, s.ccAttackAF(u))
	}
	return extra, max(0, best-s.ccDefendValue(a.Target))
}

// ccResolveNext rolls the next designated attack and offers the roll to
// the Tactical Advantage holder (soa:8.41).
func (s *State) ccResolveNext() {
	if s.ccIdx >= len(s.ccAttacks) {
		s.ccEndRound()
		return
	}
	s.active = s.ccAttacker()
	s.ccRoll()
	s.offerReroll(rrCloseCombat)
}

func (s *State) ccRoll() {
	s.ccDie = s.rng.Die(6)
	s.logf("soa:9.6", "close combat against %u: %s rolls %d", int(s.ccAttacks[s.ccIdx].Target), int(s.ccAttacker()), s.ccDie)
}

// afterCCRoll resolves the roll once the reroll offer is settled; a reroll
// stands (soa:8.42).
func (s *State) afterCCRoll(rerolled bool) {
	if rerolled {
		s.ccRoll()
	}
	a := s.ccAttacks[s.ccIdx]
	extra, af := s.ccModifiers(a)
	total := s.ccDie + extra + af
	s.logf("soa:9.6.1", "%u: die %d, +%d for more attackers, +%d for attack factor: %d", int(a.Target), s.ccDie, extra, af, total)
	if total >= ccKill {
		s.edit(a.Target, func(st *unitState) { st.CCDead = true })
		s.logf("soa:9.4", "%u is eliminated; it still attacks in this phase", int(a.Target))
	} else {
		s.logf("soa:9.6", "%u survives", int(a.Target))
	}
	s.ccIdx++
	s.ccResolveNext()
}

// ccFinish removes the eliminated units, then the anti-tank guns left
// alone with the Germans, and ends the phase.
func (s *State) ccFinish() {
	s.ccRemoveCasualties()
	for u := range s.units {
		s.clearCC(int16(u))
	}
	s.ccPlace, s.ccAttacks, s.ccIdx, s.ccDie = -1, nil, 0, 0
	s.ccCur = ccAttack{Target: -1}
	s.endCloseCombat()
}

// ccRemoveCasualties removes units eliminated in close combat, counting
// one each for reformed units (soa:9.4, 19.21), then British AT guns that
// are the only British units in a place with a German unit (soa:13.4).
func (s *State) ccRemoveCasualties() {
	for u := range s.units {
		if s.units[u].CCDead && s.units[u].Loc >= 0 {
			p := s.units[u].Loc
			s.eliminate(int16(u), 1)
			s.logf("soa:9.4", "%u is removed from %p", u, int(p))
		}
	}
	for _, u := range s.g.sideUnits[British] {
		p := s.units[u].Loc
		if s.typ(u) != AntiTank || p < 0 || !s.occupied(p, German) || !s.onlyAT(p, British) {
			continue
		}
		s.eliminate(u, 1)
		s.logf("soa:13.4", "%u is alone with the Germans in %p and is eliminated", int(u), int(p))
	}
}

// --- choices ---

func (s *State) legalCC(buf []engine.Action) []engine.Action {
	switch s.step {
	case stCCPlace:
		for _, p := range s.ccOpenPlaces() {
			buf = append(buf, act(kCCPlace, int(p)))
		}
	case stCCScreen:
		side := s.stack.top().Screen
		for _, u := range s.g.sideUnits[side] {
			if s.ccCanScreen(side, u) {
				buf = append(buf, act(kScreen, int(u)))
			}
		}
		buf = append(buf, act(kDone, 0))
	case stCCTarget:
		for _, t := range s.g.sideUnits[s.ccAttacker().Other()] {
			if s.ccCanTarget(t) {
				buf = append(buf, act(kAttack, int(t)))
			}
		}
		if s.ccCanResolve() {
			buf = append(buf, act(kResolve, 0))
		}
	case stCCWith:
		for _, u := range s.g.sideUnits[s.ccAttacker()] {
			if s.ccCanJoin(u) {
				buf = append(buf, act(kWith, int(u)))
			}
		}
		if s.ccCurValid() {
			buf = append(buf, act(kConfirm, 0))
		}
	}
	return buf
}

func (s *State) applyCC(k kind, x int) {
	switch s.step {
	case stCCPlace:
		s.logf("soa:8.45", "%s picks close combat in %p next", int(s.ta), x)
		s.ccBeginPlace(int16(x))
	case stCCScreen:
		if k == kScreen {
			s.edit(int16(x), func(st *unitState) { st.Screened = true })
			s.logf("soa:9.5", "%u is screened", x)
			if s.ccAnyScreen(s.stack.top().Screen) {
				return
			}
		}
		s.ccScreenDone()
	case stCCTarget:
		if k == kAttack {
			s.edit(int16(x), func(st *unitState) { st.CCAttacked = true })
			s.ccCur = ccAttack{Target: int16(x)}
			s.step = stCCWith
			return
		}
		if len(s.ccAttacks) == 0 {
			s.logf("soa:9.4", "%s makes no close combat attack in %p", int(s.ccAttacker()), int(s.ccPlace))
		}
		s.ccIdx = 0
		s.ccResolveNext()
	case stCCWith:
		if k == kWith {
			s.edit(int16(x), func(st *unitState) { st.CCDone = true })
			if s.units[x].Hidden { // soa:13.8: a hidden gun that attacks is revealed
				s.setHidden(int16(x), false)
				s.logf("soa:13.8", "a hidden anti-tank gun is revealed in %p", int(s.ccPlace))
			}
			s.ccCur.Units = append(s.ccCur.Units, int16(x))
			return
		}
		a := ccAttack{Target: s.ccCur.Target, Units: append([]int16(nil), s.ccCur.Units...)}
		s.ccAttacks = append(s.ccAttacks, a)
		s.logf("soa:9.3", "%s designates %d "+engine.Plural(len(a.Units), "unit", "units")+" against %u", int(s.ccAttacker()), len(a.Units), int(a.Target))
		s.ccCur = ccAttack{Target: -1}
		s.step = stCCTarget
	}
}
