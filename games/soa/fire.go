package soa

import "sandtable/engine"

// Fire combat: designation (soa:8.12, 8.3-8.33, 12, 13, 18.1) and resolution
// (soa:8.35-8.3541). Armour limits, anti-tank guns and fire setting are kinds
// of attack here, because they are designated in the same impulse.

// inGroup reports a visible unit of group g in place t that is not already
// retreating: what the attacker sees of the group.
func (s *State) inGroup(u, t int16, g uint8) bool {
	return !s.units[u].Hidden && s.defends(u, t, g)
}

// defends reports a unit of group g in place t that is not already retreating
// in this impulse (soa:8.3552). Hidden AT guns defend too: the rules still
// see them (soa:13.8).
func (s *State) defends(u, t int16, g uint8) bool {
	st := &s.units[u]
	return st.Loc == t && st.Committed == (g == 1) && !contains16(s.retreaters, u)
}

// adjacentFire reports fire from o into t that counts as from an adjacent
// area for the DV: a different area, or any fire inside a zone (soa:8.352 B,
// 10.7, 15.4).
func (s *State) adjacentFire(o, t int16) bool { return o != t || s.isZone(t) }

// affected reports whether an attack of kind k from o, with infantry among
// the firers or not, may affect unit u of the attacked group (soa:8.34, 12.1,
// 12.2, 13.3, 13.4, 14.5).
func (s *State) affected(k attackKind, o int16, u int16, infantry bool) bool {
	switch {
	case s.typ(u) == AntiTank:
		return false // soa:13.4: only when alone, handled as automatic elimination
	case k == atkAT:
		return s.isArmor(u)
	case k == atkArtillery:
		return true
	case s.isArmor(u):
		return infantry && o == s.units[u].Loc // soa:12.1: infantry in the same area or zone
	}
	return true
}

// curInfantry reports non-armour firers in the attack being resolved.
func (s *State) curInfantry() bool {
	for _, u := range s.cur.Units {
		if !s.isArmor(u) {
			return true
		}
	}
	return false
}

// hasAffected reports whether group g in t has a unit an attack of kind k would affect.
func (s *State) hasAffected(k attackKind, o, t int16, g uint8) bool {
	return s.hasAffectedBy(k, o, t, g, true)
}

// hasAffectedBy is hasAffected for firers with or without infantry.
func (s *State) hasAffectedBy(k attackKind, o, t int16, g uint8, infantry bool) bool {
	enemy := s.imp.Other()
	grp := s.occAt(t).side[enemy].grp[g]
	switch {
	case k != atkAT && s.onlyAT(t, enemy):
		return grp.at > 0 // soa:13.4
	case k == atkAT:
		return grp.arm > 0
	case k == atkArtillery:
		return grp.arm+grp.other > 0
	}
	return grp.other > 0 || (grp.arm > 0 && infantry && o == t) // soa:12.1
}

// fireRange reports whether units in o may fire at t (soa:8.3, 10.7).
func (s *State) fireRange(o, t int16) bool {
	if s.isZone(o) || s.isZone(t) {
		return o == t
	}
	return o == t || s.g.board.Adjacent(int(o), int(t))
}

// canFireUnit: an uncommitted unit that has an attack factor (soa:8.13, 17.53).
func (s *State) canFireUnit(u int16) bool {
	return !s.units[u].Committed && s.g.units[u].AF > 0
}

func (s *State) attackedThisImpulse(t int16, k attackKind) bool {
	for _, a := range s.attacks {
		if a.Target == t && a.Kind == k {
			return true
		}
	}
	return false
}

// groupOptions lists the attacks that could be designated at t now: bit 0/1
// fire or AT attack at the uncommitted/committed group, bit 2 setting fires.
func (s *State) groupOptions(t int16) uint8 {
	o := s.origin
	if s.occAt(t).side[s.imp.Other()].n == 0 || !s.fireRange(o, t) {
		return 0
	}
	src := &s.occAt(o).side[s.imp]
	haveAT, haveInf := src.fireAT > 0, src.fireInf > 0
	haveFire := haveInf || src.fireArm > 0
	fireBlocked := s.attackedThisImpulse(t, atkFire) || (t == o && s.attackedThisImpulse(t, atkSetFire))
	var m uint8
	for g := uint8(0); g < 2; g++ {
		if (haveFire && !fireBlocked && s.hasAffectedBy(atkFire, o, t, g, haveInf)) || (haveAT && s.hasAffected(atkAT, o, t, g)) {
			m |= 1 << g
		}
	}
	if s.imp == German && haveInf && t == o && !s.isZone(t) && !s.attackedThisImpulse(t, atkSetFire) && !s.attackedThisImpulse(t, atkFire) {
		if g := s.occAt(t).side[British].grp[0]; g.other+g.at > 0 {
			m |= 4 // soa:18.1: uncommitted British infantry in the area
		}
	}
	return m
}

// canFireFrom reports an attack the side to move could designate from p.
func (s *State) canFireFrom(p int16) bool {
	if o := &s.occAt(p).side[s.imp]; o.fireAT+o.fireArm+o.fireInf == 0 {
		return false
	}
	save := s.origin
	s.origin = p
	defer func() { s.origin = save }()
	if s.groupOptions(p) != 0 {
		return true
	}
	for _, q := range s.g.board.Neighbors(int(p)) {
		if s.groupOptions(int16(q)) != 0 {
			return true
		}
	}
	return false
}

func (s *State) legalFire(buf []engine.Action) []engine.Action {
	switch s.step {
	case stFireTarget:
		if s.groupOptions(s.origin) != 0 {
			buf = append(buf, act(kTarget, int(s.origin)))
		}
		for _, q := range s.g.board.Neighbors(int(s.origin)) {
			if s.groupOptions(int16(q)) != 0 {
				buf = append(buf, act(kTarget, q))
			}
		}
		if len(s.attacks) > 0 {
			buf = append(buf, act(kResolve, 0))
		}
	case stFireGroup:
		m := s.groupOptions(s.cur.Target)
		for g := 0; g < 3; g++ {
			if m&(1<<g) != 0 {
				buf = append(buf, act(kGroup, g))
			}
		}
	case stFireWith:
		for _, u := range s.g.sideUnits[s.imp] {
			if s.canJoin(u) {
				buf = append(buf, act(kWith, int(u)))
			}
		}
		if len(s.cur.Units) > 0 {
			buf = append(buf, act(kConfirm, 0))
		}
	case stFirePrimary:
		for _, u := range s.primaryCandidates() {
			buf = append(buf, act(kPrimary, int(u)))
		}
	}
	return buf
}

// primaryCandidates are the armour units of the target group an AT attack
// may name as its primary target (soa:13.7).
func (s *State) primaryCandidates() []int16 {
	var out []int16
	for _, u := range s.g.sideUnits[s.imp.Other()] {
		if s.inGroup(u, s.cur.Target, s.cur.Group) && s.isArmor(u) {
			out = append(out, u)
		}
	}
	return out
}

// canJoin reports whether u may join the attack being designated (soa:8.32, 13.22, 18.3).
func (s *State) canJoin(u int16) bool {
	if s.units[u].Loc != s.origin || !s.canFireUnit(u) || contains16(s.cur.Units, u) {
		return false
	}
	if s.cur.Kind == atkSetFire {
		return !s.isArmor(u) // soa:18.3: German infantry set fires
	}
	isAT := s.typ(u) == AntiTank
	if len(s.cur.Units) > 0 {
		if isAT != (s.cur.Kind == atkAT) {
			return false // soa:13.22: AT units fire on their own
		}
	} else if isAT {
		return s.hasAffected(atkAT, s.origin, s.cur.Target, s.cur.Group)
	} else if s.attackedThisImpulse(s.cur.Target, atkFire) || !s.hasAffectedBy(atkFire, s.origin, s.cur.Target, s.cur.Group, !s.isArmor(u)) {
		return false
	}
	if isAT {
		return true
	}
	inf, hq, arm := 0, 0, 0 // soa:8.32: six infantry plus one HQ plus three armour
	for _, v := range s.cur.Units {
		switch {
		case s.isArmor(v):
			arm++
		case s.typ(v) == HQ:
			hq++
		default:
			inf++
		}
	}
	switch {
	case s.isArmor(u):
		return arm < 3
	case s.typ(u) == HQ:
		return inf+hq < 7
	}
	return inf < 6 && inf+hq < 7
}

func contains16(list []int16, v int16) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (s *State) applyFire(k kind, x int) {
	switch k {
	case kTarget:
		s.cur = attack{Target: int16(x), Primary: -1, Units: s.cur.Units[:0]}
		s.step = stFireGroup
		if m := s.groupOptions(s.cur.Target); m == 1 || m == 2 || m == 4 { // one possibility: take it
			s.chooseGroup(map[uint8]int{1: 0, 2: 1, 4: 2}[m])
		}
	case kGroup:
		s.chooseGroup(x)
	case kWith:
		u := int16(x)
		if len(s.cur.Units) == 0 && s.cur.Kind != atkSetFire && s.typ(u) == AntiTank {
			s.cur.Kind = atkAT
		}
		s.cur.Units = append(s.cur.Units, u)
	case kConfirm:
		if s.cur.Kind == atkAT && s.mixedArmor() {
			s.step = stFirePrimary
			return
		}
		s.designate()
	case kPrimary:
		s.cur.Primary = int16(x)
		s.designate()
	case kResolve:
		s.resolveAttacks()
	}
}

func (s *State) chooseGroup(g int) {
	s.cur.Kind = atkFire
	if g == 2 {
		s.cur.Kind, g = atkSetFire, 0
	}
	s.cur.Group = uint8(g)
	s.step = stFireWith
}

// mixedArmor reports armour of more than one type in an AT attack's target group (soa:13.7).
func (s *State) mixedArmor() bool {
	first := int16(-1)
	for _, u := range s.g.sideUnits[s.imp.Other()] {
		if !s.inGroup(u, s.cur.Target, s.cur.Group) || !s.isArmor(u) {
			continue
		}
		if first < 0 {
			first = u
			continue
		}
		a, b := s.g.units[first], s.g.units[u]
		if a.AF != b.AF || a.DF != b.DF || a.MF != b.MF {
			return true
		}
	}
	return false
}

// designate records the attack; its units are committed by firing (soa:8.13, 18.2).
func (s *State) designate() {
	a := s.cur
	a.Units = append([]int16(nil), s.cur.Units...)
	for _, u := range a.Units {
		s.setCommitted(u, true)
		s.setHidden(u, false) // soa:13.8: firing reveals
	}
	s.attacks = append(s.attacks, a)
	s.cur.Units = s.cur.Units[:0]
	s.step = stFireTarget
	var tmp [32]engine.Action
	if l := s.legalFire(tmp[:0]); len(l) == 1 && !s.gunMightFire() { // nothing else to designate
		s.resolveAttacks()
	}
}

// gunMightFire reports that, as far as the German can tell, a hidden AT gun
// in the British firing area might still fire: a gun is hidden and German
// armour stands in reach (soa:13.1, 13.21). Then the attacks wait for
// "resolve" even when nothing else can be designated, so that resolving by
// themselves does not tell the German that no gun is there (soa:13.8).
func (s *State) gunMightFire() bool {
	if !s.hidesGun(s.imp) {
		return false
	}
	if s.hasAffected(atkAT, s.origin, s.origin, 0) || s.hasAffected(atkAT, s.origin, s.origin, 1) {
		return true
	}
	for _, q := range s.g.board.Neighbors(int(s.origin)) {
		if t := int16(q); s.fireRange(s.origin, t) && (s.hasAffected(atkAT, s.origin, t, 0) || s.hasAffected(atkAT, s.origin, t, 1)) {
			return true
		}
	}
	return false
}

// resolveAttacks starts the resolution of the designated attacks, one
// after another on a resolution frame (soa:8.12).
func (s *State) resolveAttacks() {
	s.stack.push(frame{Proc: procResolution, Cause: -1})
	s.resolveNext()
}

// resolveNext resolves the designated attacks in order, then moves the
// units that chose to retreat and ends the impulse (soa:8.12, 8.3552).
func (s *State) resolveNext() {
	f := s.stack.top()
	for int(f.Attack) < len(s.attacks) {
		s.cur = s.attacks[f.Attack]
		a := &s.cur
		enemy := s.imp.Other()
		if a.Kind == atkArtillery {
			s.origin = a.Target // soa:14.5: armour is hit as from within the area
		}
		if a.Primary >= 0 && !s.defends(a.Primary, a.Target, a.Group) {
			a.Primary = -1 // soa:13.7: the primary target already left in this impulse
		}
		if a.Kind == atkSetFire {
			s.rollSetFire()
			s.offerReroll(rrSetFire)
			return
		}
		if a.Kind != atkAT && s.aloneAT(a.Target, a.Group) {
			if s.opt.chits { // soa:13.4: a chit is still drawn
				s.drawChit(s.imp)
				s.drawChit(enemy)
			}
			for _, u := range s.g.sideUnits[enemy] {
				if s.defends(u, a.Target, a.Group) {
					s.logf("soa:13.4", "%u, alone in %p, is eliminated", int(u), int(a.Target))
					s.eliminate(u, 1)
				}
			}
			f.Attack++
			continue
		}
		if !s.targetLeft() {
			s.logf("soa:8.33", "the attack on %p finds no target left", int(a.Target))
			f.Attack++
			continue
		}
		s.rollFire()
		s.offerReroll(rrFire)
		return
	}
	s.retreatGroups(s.stack.pop().Cause)
}

// aloneAT reports that the only enemy units left in t, not retreating, are
// AT guns, some of them in group g (soa:13.4).
func (s *State) aloneAT(t int16, g uint8) bool {
	inG := false
	for _, u := range s.g.sideUnits[s.imp.Other()] {
		if s.units[u].Loc != t || contains16(s.retreaters, u) {
			continue
		}
		if s.typ(u) != AntiTank {
			return false
		}
		inG = inG || s.units[u].Committed == (g == 1)
	}
	return inG
}

// targetLeft reports a unit of the group attacked now that the attack can
// affect, not gone or retreating after the impulse's earlier attacks.
func (s *State) targetLeft() bool {
	a, inf := &s.cur, s.curInfantry()
	for _, u := range s.g.sideUnits[s.imp.Other()] {
		if s.inGroup(u, a.Target, a.Group) && s.affected(a.Kind, s.origin, u, inf) {
			return true
		}
	}
	return false
}

// twoDice is one player's two dice, or a chit in the card/chit system (soa:8.36, 22).
func (s *State) twoDice(side Side) (int, int) {
	if s.opt.chits {
		return s.drawChit(side), 0
	}
	return s.rng.Die(6), s.rng.Die(6)
}

// rollFire throws both players' dice for the current attack and works out AV
// and DV, logging how each was built.
func (s *State) rollFire() {
	a := &s.cur
	t := s.fireTerms()
	s.rolls[0], s.rolls[1] = s.twoDice(s.imp)
	s.rolls[2], s.rolls[3] = s.twoDice(s.imp.Other())
	s.av = t.av() + s.rolls[0] + s.rolls[1]
	s.dv = t.dv() + s.rolls[2] + s.rolls[3]
	if s.log.off {
		return
	}
	f, args := withTerms("fire at %p: AV %d = AF %d", []int{int(a.Target), s.av, t.af},
		logTerm{", +%d more units", t.more}, logTerm{", +%d platoon", t.platoon}, logTerm{", -%d ammunition", t.ammo})
	s.logf("soa:8.351", f+", dice %d+%d", append(args, s.rolls[0], s.rolls[1])...)
	f, args = withTerms("fire at %p: DV %d = DF %d", []int{int(a.Target), s.dv, t.df},
		logTerm{", +%d adjacent", t.adjacent}, logTerm{", +%d night", t.night})
	s.logf("soa:8.352", f+", dice %d+%d", append(args, s.rolls[2], s.rolls[3])...)
}

// logTerm is one term of a sum shown in the log: its format fragment and value.
type logTerm struct {
	format string
	v      int
}

// withTerms appends to a log format and its numbers the terms that apply;
// zero terms are left out.
func withTerms(format string, args []int, terms ...logTerm) (string, []int) {
	for _, t := range terms {
		if t.v != 0 {
			format += t.format
			args = append(args, t.v)
		}
	}
	return format, args
}

// platoonIntegrity: three firing infantry units of one lower organisation;
// a company HQ stands in for a squad of its company (soa:8.351 C).
func (s *State) platoonIntegrity(units []int16) bool {
	for _, u := range units {
		d := s.g.units[u]
		if d.Company == "" || d.Platoon == "" || s.isArmor(u) {
			continue
		}
		n := 0
		for _, v := range units {
			e := s.g.units[v]
			if e.Company == d.Company && !s.isArmor(v) && (e.Platoon == d.Platoon || (e.Type == HQ && e.Level == "company" && e.Platoon == "")) {
				n++
			}
		}
		if n >= 3 {
			return true
		}
	}
	return false
}

// defenseFactor is the lowest face-up DF of the affected units; an AT
// attack's primary target sets it (soa:8.352, 13.7).
func (s *State) defenseFactor() int {
	a := &s.cur
	if a.Primary >= 0 && s.units[a.Primary].Loc == a.Target {
		return s.g.units[a.Primary].DF
	}
	low := 1 << 30
	for _, u := range s.g.sideUnits[s.imp.Other()] {
		if s.inGroup(u, a.Target, a.Group) && s.affected(a.Kind, s.origin, u, s.curInfantry()) {
			low = min(low, s.faceDF(u))
		}
	}
	return low
}

// faceDF is the DF on the face that is up (soa:4.2).
func (s *State) faceDF(u int16) int {
	if s.units[u].Committed {
		return s.g.units[u].CDF
	}
	return s.g.units[u].DF
}

// afterFireRoll turns the result into casualty points for the defender (soa:8.353).
func (s *State) afterFireRoll() {
	a := &s.cur
	s.cp = max(0, s.av-s.dv)
	s.cpTotal = s.cp
	s.elimFull = s.elimFull[:0]
	f := s.stack.top()
	f.Cause = s.origin
	if a.Kind == atkArtillery {
		f.Cause = -1 // soa:8.3551 C: the spotting HQ's area did not cause it
	}
	s.step, s.active = stAbsorb, s.imp.Other()
	if s.cp > 0 {
		s.logf("soa:8.353", "%d "+engine.Plural(s.cp, "casualty point", "casualty points")+" in %p", s.cp, int(a.Target))
		s.autoAbsorb()
		return
	}
	var tmp [64]engine.Action
	choices := s.legalAbsorb(tmp[:0]) // listed once for the log line and for finishing
	if offersRetreat(choices) {
		s.logf("soa:8.3553", "no effect in %p: the units fired on may still retreat", int(a.Target))
	} else {
		s.logf("soa:8.353", "no effect in %p", int(a.Target))
	}
	s.finishIfOnlyDone(choices)
}

// noEffect reports the defender's step after a fire with no effect, where
// only voluntary retreats are left to choose (soa:8.353, 8.3553).
func (s *State) noEffect() bool { return s.step == stAbsorb && s.cpTotal == 0 }

// offersRetreat reports a retreat among the defender's choices.
func offersRetreat(choices []engine.Action) bool {
	for _, a := range choices {
		if k, _ := split(a); k == kRetreat {
			return true
		}
	}
	return false
}

// autoAbsorb finishes the defender's step when "done" is all that is left.
// While an AT gun is hidden a British defender who still owes points is
// asked all the same: skipping him only when no hidden gun could take them
// would tell the German where one is (soa:13.8).
func (s *State) autoAbsorb() {
	if s.cp > 0 && s.hidesGun(s.active) {
		return
	}
	var tmp [64]engine.Action
	s.finishIfOnlyDone(s.legalAbsorb(tmp[:0]))
}

// finishIfOnlyDone finishes the defender's step when its choices are "done" alone.
func (s *State) finishIfOnlyDone(choices []engine.Action) {
	if len(choices) == 1 {
		if k, _ := split(choices[0]); k == kDone {
			s.finishAbsorb()
		}
	}
}

// absorbs is how many casualty points eliminating u can satisfy: affected
// units three, armour four (soa:8.354 B, 12.5), an AT gun three (soa:13.4,
// not against an AT attack, which hits armour only); 0 if u cannot take them.
func (s *State) absorbs(u int16, infantry bool) int {
	switch {
	case s.typ(u) == AntiTank:
		if s.cur.Kind == atkAT {
			return 0
		}
		return 3
	case !s.affected(s.cur.Kind, s.origin, u, infantry):
		return 0
	case s.isArmor(u):
		return 4
	}
	return 3
}

// legalAbsorb: eliminate or retreat units of the attacked group until the
// casualty points are met, as far as the group can meet them; a retreat
// counts one point and is allowed only while the rest can still meet the
// total; more may retreat, immune armour only after its infantry (soa:8.354,
// 8.3541, 8.3553, 12.2). "Done", when allowed, comes first. Hidden AT guns
// are offered for elimination (soa:13.4, 13.8); only the British sees them.
//
// A primary target (soa:13.7) is the first armour eliminated or retreated;
// once it retreats no unit may be eliminated. Infantry of the group is not
// hit by the AT attack and may retreat at any time (soa:13.3).
func (s *State) legalAbsorb(buf []engine.Action) []engine.Action {
	a := &s.cur
	def := s.imp.Other()
	inf := s.curInfantry()
	primaryFirst := a.Primary >= 0 && s.defends(a.Primary, a.Target, a.Group)
	retreatOnly := a.Primary >= 0 && contains16(s.retreaters, a.Primary)
	capLeft, others := 0, 0
	for _, u := range s.g.sideUnits[def] {
		if !s.defends(u, a.Target, a.Group) {
			continue
		}
		if c := s.absorbs(u, inf); c > 0 {
			capLeft += c
			others++
		}
	}
	if retreatOnly {
		capLeft = others
	}
	if s.cp <= 0 || capLeft == 0 {
		buf = append(buf, act(kDone, 0))
	}
	// soa:12.2: armour immune to a fire attack may retreat only out of an area
	// where infantry of its group has just retreated or suffered losses.
	infantryHit := s.cp < s.cpTotal
	for _, u := range s.retreaters {
		infantryHit = infantryHit || (!s.isArmor(u) && s.units[u].Loc == a.Target && s.units[u].Committed == (a.Group == 1))
	}
	for _, u := range s.g.sideUnits[def] {
		if !s.defends(u, a.Target, a.Group) {
			continue
		}
		c := s.absorbs(u, inf)
		if primaryFirst && c > 0 && u != a.Primary {
			continue
		}
		if c > 0 && s.cp > 0 && !retreatOnly {
			buf = append(buf, act(kEliminate, int(u)))
		}
		if s.typ(u) == AntiTank {
			continue // soa:13.4: AT guns never retreat
		}
		took, rest := 0, capLeft-c // a retreat may not cut what the group can still absorb
		if c > 0 && s.cp > 0 {
			took = 1
		}
		switch {
		case retreatOnly:
			rest = capLeft - min(c, 1)
		case primaryFirst && u == a.Primary:
			rest = others - 1 // retreating the primary leaves only retreats (soa:13.7)
		}
		immune := c == 0 && s.isArmor(u) && a.Kind == atkFire && !infantryHit
		if !immune && took+min(s.cp-took, rest) >= min(s.cp, capLeft) && s.canRetreatWith(u) {
			buf = append(buf, act(kRetreat, int(u)))
		}
	}
	return buf
}

func (s *State) applyAbsorb(k kind, x int) {
	u := int16(x)
	switch k {
	case kEliminate:
		took := min(s.cp, s.absorbs(u, s.curInfantry()))
		s.cp -= took
		weight := uint8(2) // soa:19.22
		if took >= 3 {
			weight = 1 // soa:19.21
			s.elimFull = append(s.elimFull, u)
		}
		if s.units[u].Hidden {
			s.logf("soa:13.8", "a hidden anti-tank gun in %p is revealed to take losses", int(s.units[u].Loc))
		}
		s.logf("soa:8.354", "%u is eliminated (%d "+engine.Plural(took, "casualty point", "casualty points")+")", x, took)
		s.eliminate(u, weight)
	case kRetreat:
		s.retreaters = append(s.retreaters, u)
		if s.absorbs(u, s.curInfantry()) > 0 && s.cp > 0 {
			s.cp--
		}
	case kDone:
		s.finishAbsorb()
		return
	}
	s.autoAbsorb()
}

// finishAbsorb: points beyond what the group could absorb fall on British
// units already assessed three, which leave the game for good (soa:19.23).
// The units chosen to retreat wait for the impulse's other attacks
// (soa:8.3552).
func (s *State) finishAbsorb() {
	for i := 0; s.cp > 0 && i < len(s.elimFull); i++ {
		u := s.elimFull[i]
		if s.side(u) == British && s.units[u].Loc == locBox {
			s.put(u, locElim, false)
			s.edit(u, func(st *unitState) { st.Weight = 0 })
			s.logf("soa:19.23", "%u took four or more casualty points and is gone for good", int(u))
			s.cp--
		}
	}
	s.cp = 0
	s.nextAttack()
}

// nextAttack goes back to the resolution frame once an attack is done.
func (s *State) nextAttack() {
	s.active = s.imp
	s.stack.top().Attack++
	s.resolveNext()
}
