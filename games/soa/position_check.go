package soa

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Checks of a position written by hand (LoadPosition): every index must name
// a unit, a place or a side, and the step in progress must have what it
// works on, so that no document, however wrong, makes the rules panic.

// checkCounters checks the plain numbers of a position.
func (s *State) checkCounters(p Position) error {
	switch {
	case p.Passes < 0 || p.Passes > 2:
		return fmt.Errorf("passes %d: consecutive passes are 0, 1 or 2 (soa:8.16)", p.Passes)
	case p.Ammo < 0 || p.Ammo > 2:
		return fmt.Errorf("ammo %d: the ammunition shortage is 0, 1 or 2 (soa:20.1, 20.2)", p.Ammo)
	case p.ABonus < 0 || p.ABonus > p.Turn:
		return fmt.Errorf("armor_events %d: accepted armour events are 0 to the turn, %d: one random event a turn (soa:17.1, 17.3)", p.ABonus, p.Turn)
	case p.Ammo != ammoLevel(p.Turn):
		return fmt.Errorf("ammo %d does not match turn %d: the British ammunition shortage is 0 on turns 1-5, 1 on turns 6-7 and 2 on turn 8 (soa:20.1, 20.2); set ammo to %d", p.Ammo, p.Turn, ammoLevel(p.Turn))
	case s.step != stOver && p.Revealed == s.beforeTurnOne(p):
		return fmt.Errorf("revealed %v contradicts step %q: the set-ups are secret until both are done and revealed from then on (soa:5.5)", p.Revealed, p.Step)
	case p.SetupNext < 0:
		return fmt.Errorf("setup_next %d is negative", p.SetupNext)
	case p.Choices < 0:
		return fmt.Errorf("choices %d is negative", p.Choices)
	}
	if err := s.checkContradictions(p); err != nil {
		return err
	}
	for i, d := range p.RNG.Forced {
		if d < 1 || d > 6 {
			return fmt.Errorf("rng.forced[%d] %d: a forced die is 1 to 6", i, d)
		}
	}
	if p.Bids != nil {
		for i, b := range p.Bids {
			if b < minBid || b > maxBid {
				return fmt.Errorf("bids[%d] %d: bids run from %d to %d (soa:21.1)", i, b, minBid, maxBid)
			}
		}
	}
	if p.Chits != nil {
		for side, cup := range p.Chits {
			for v, n := range cup {
				if n > chitMix[v] {
					return fmt.Errorf("chits[%d][%d] is %d: a cup holds %d chits of %d (soa:22.2)", side, v, n, chitMix[v], v)
				}
			}
		}
	}
	for _, up := range p.Units {
		if up.Weight > 2 {
			return fmt.Errorf("unit %q: weight %d: a lost unit counts one or two (soa:19.21, 19.22)", up.ID, up.Weight)
		}
	}
	for _, id := range p.Reformed {
		if s.g.units[s.g.byID[id]].Pool != "R" {
			return fmt.Errorf("reformed_used: %q is no reformed unit (soa:19.6)", id)
		}
	}
	return nil
}

// checkContradictions refuses fields that no game reaches together: what
// the step in progress says has happened fixes the set-up index, the
// passes, the Tactical Advantage, the bids and the range of the VP total.
func (s *State) checkContradictions(p Position) error {
	before := s.beforeTurnOne(p)
	start := 0                                             // soa:5.2
	if s.opt.bidding && s.bidDone == [2]bool{true, true} { // both bids in and different: the winning bid is paid
		start = max(s.bids[German], s.bids[British]) // soa:21.2
	}
	switch {
	case !before && p.SetupNext != len(s.g.germStart):
		return fmt.Errorf("setup_next %d contradicts step %q: both set-ups are over, so set setup_next to %d, the length of the German set-up order, or leave it out (soa:5.4, 5.5)", p.SetupNext, p.Step, len(s.g.germStart))
	case s.step == stBid && p.SetupNext != 0:
		return fmt.Errorf("setup_next %d contradicts step %q: the set-up has not begun, so set setup_next to 0 (soa:21.2)", p.SetupNext, p.Step)
	case before && p.Passes != 0:
		return fmt.Errorf("passes %d contradicts step %q: no impulse has been played before turn 1, so set passes to 0 (soa:8.16)", p.Passes, p.Step)
	case before && s.ta != British:
		return fmt.Errorf("tactical_advantage %s contradicts step %q: the British start the game with it, so set it to british (soa:8.4)", p.TA, p.Step)
	case (p.Turn == 3 || p.Turn == 6) && s.step >= stReformPlace && s.step < stImpulse && s.ta != German:
		return fmt.Errorf("tactical_advantage %s contradicts turn %d, step %q: it is German at the start of turns 3 and 6 and nothing uses it before the Movement/Fire Phase, so set it to german (soa:8.4)", p.TA, p.Turn, p.Step)
	case s.opt.bidding && s.step != stBid && !(s.step == stOver && before) && s.bidDone != [2]bool{true, true}:
		return fmt.Errorf("bid_done %v contradicts step %q: the bids are over, so set bid_done to [true, true] (soa:21.1)", p.BidDone, p.Step)
	case !s.opt.bidding && (p.Bids != nil || p.BidDone != [2]bool{}):
		return errors.New("bids and bid_done are set, but the bidding option is off: leave them out, or set option bidding to on (soa:21)")
	case p.VP < start || ((before || (p.Turn == 1 && s.step != stOver)) && p.VP != start):
		return fmt.Errorf("vp %d: the German total starts at %d (the bid paid, soa:5.2, 21.2) and only grows in the Victory Point Determination Phases, the first at the end of turn 1 (soa:11.3, 11.5); set vp to %d or more, exactly %d before turn 1 and during it", p.VP, start, start, start)
	case s.step != stOver && p.Turn > 1 && p.VP >= s.g.tables.decisiveGerman():
		// soa:6.6: checked after each Victory Point Determination Phase; a
		// bid may start turn 1 above it (soa:21.2).
		return fmt.Errorf("vp %d: the Germans win at once at %d VP after a Victory Point Determination Phase (soa:6.6), so a game still in progress after turn 1 has fewer; set vp below %d or step to over", p.VP, s.g.tables.decisiveGerman(), s.g.tables.decisiveGerman())
	}
	return nil
}

// beforeTurnOne reports a position before turn 1 begins: the players bid or
// set up, or the game ended there by resignation or agreement, when the
// set-ups had not been revealed (soa:5.5, 21.1).
func (s *State) beforeTurnOne(p Position) bool {
	return s.step == stBid || s.SettingUp() || (s.step == stOver && !p.Revealed)
}

// checkWork checks every index of the work in progress.
func (s *State) checkWork(w *Work) error {
	nPlaces, nUnits := s.g.board.Len(), len(s.g.units)
	place := func(field string, v int, none bool) error {
		if (none && v == -1) || (v >= 0 && v < nPlaces) {
			return nil
		}
		return fmt.Errorf("%s %d is no place index (0-%d%s)", field, v, nPlaces-1, noneText(none))
	}
	unit := func(field string, v int, none bool) error {
		if (none && v == -1) || (v >= 0 && v < nUnits) {
			return nil
		}
		return fmt.Errorf("%s %d is no unit index (0-%d%s)", field, v, nUnits-1, noneText(none))
	}
	units := func(field string, l []int16) error {
		for i, u := range l {
			if err := unit(fmt.Sprintf("%s[%d]", field, i), int(u), false); err != nil {
				return err
			}
		}
		return nil
	}
	side := func(field string, v Side) error {
		if v == German || v == British {
			return nil
		}
		return fmt.Errorf("%s %d is no side (0 german, 1 british)", field, v)
	}
	count := func(field string, v, hi int) error {
		if v >= 0 && v <= hi {
			return nil
		}
		return fmt.Errorf("%s %d is not 0 to %d", field, v, hi)
	}
	atk := func(field string, a attack, designated bool) error {
		if a.Kind > atkSetFire {
			return fmt.Errorf("%s.Kind %d is no attack kind (0-3)", field, a.Kind)
		}
		if a.Group > 1 {
			return fmt.Errorf("%s.Group %d: group types are 0 uncommitted and 1 committed (soa:8.331)", field, a.Group)
		}
		if err := place(field+".Target", int(a.Target), false); err != nil {
			return err
		}
		if err := unit(field+".Primary", int(a.Primary), true); err != nil {
			return err
		}
		if err := units(field+".Units", a.Units); err != nil {
			return err
		}
		if designated && len(a.Units) == 0 {
			return fmt.Errorf("%s.Units is empty: a designated attack has its units (soa:8.12)", field)
		}
		for i, u := range a.Units {
			if (s.typ(u) == Artillery) != (a.Kind == atkArtillery) || (a.Kind == atkArtillery && len(a.Units) != 1) {
				return fmt.Errorf("%s.Units[%d]: an artillery attack is one artillery counter and no other attack has one (soa:14.2)", field, i)
			}
		}
		return nil
	}
	checks := []error{
		place("Origin", w.Origin, true), unit("Mover", w.Mover, true),
		count("MoveLeft", w.MoveLeft, 99), count("Moved", w.Moved, nUnits), count("MoverRun", w.MoverRun, 99),
		atk("Cur", w.Cur, false),
		count("CP", w.CP, 99), count("CPTotal", w.CPTotal, 99),
		units("Retreaters", w.Retreaters), units("ElimFull", w.ElimFull),

		place("CCPlace", int(w.CCPlace), true),
		unit("CCCur.Target", int(w.CCCur.Target), true), units("CCCur.Units", w.CCCur.Units),
		count("CCIdx", w.CCIdx, len(w.CCAttacks)), count("CCDie", w.CCDie, 6),
		place("ExtPlace", int(w.ExtPlace), true), count("ExtDie", w.ExtDie, 6),
		place("ArtFirst", int(w.ArtFirst), true),
		count("EventRoll[0]", w.EventRoll[0], 6), count("EventRoll[1]", w.EventRoll[1], 6),
	}
	for i, a := range w.Attacks {
		checks = append(checks, atk(fmt.Sprintf("Attacks[%d]", i), a, true))
	}
	for i, a := range w.CCAttacks {
		f := fmt.Sprintf("CCAttacks[%d]", i)
		checks = append(checks, unit(f+".Target", int(a.Target), false), units(f+".Units", a.Units))
	}
	for i, r := range w.Rolls {
		checks = append(checks, count(fmt.Sprintf("Rolls[%d]", i), r, 12))
	}
	for _, err := range checks {
		if err != nil {
			return err
		}
	}
	if err := checkNesting(w.Stack); err != nil {
		return err
	}
	for i, f := range w.Stack {
		field := fmt.Sprintf("Stack[%d]", i)
		var err error
		switch f.Proc {
		case procReroll:
			err = errors.Join(count(field+".For", int(f.For), int(rrExtinguish)), side(field+".Back", f.Back))
		case procRetreat:
			err = errors.Join(place(field+".At", int(f.At), false), place(field+".Cause", int(f.Cause), true))
			if err == nil && (f.Visited>>uint(nPlaces) != 0 || f.Visited&(1<<uint(f.At)) == 0) {
				err = fmt.Errorf("%s.Visited %#x must hold place bits only (0-%d), At's among them (soa:8.355)", field, f.Visited, nPlaces-1)
			}
		case procFireCommit:
			err = count(field+".Left", f.Left, 6)
		case procPlacement:
			err = errors.Join(count(field+".Left", f.Left, nUnits), unit(field+".Unit", int(f.Unit), true))
			if !strings.ContainsRune("GABCR", rune(f.Pool)) || f.Pool == 0 {
				err = fmt.Errorf("%s.Pool %d is none of G, A, B, C, R (soa:17, 19.4)", field, f.Pool)
			}
			if f.Given>>uint(nPlaces) != 0 || (f.Given != 0 && f.Pool != 'R') {
				err = fmt.Errorf("%s.Given %#x must hold place bits only (0-%d), and only for reformed units, pool R (soa:19.4)", field, f.Given, nPlaces-1)
			}
		case procResolution:
			err = place(field+".Cause", int(f.Cause), true)
			if f.Attack < 0 || f.Attack >= len(w.Attacks) {
				err = fmt.Errorf("%s.Attack %d must index the attack resolved now in work.Attacks (%d designated) (soa:8.12)", field, f.Attack, len(w.Attacks))
			}
		case procCloseCombat:
			err = errors.Join(side(field+".First", f.First), count(field+".Round", f.Round, 1), side(field+".Screen", f.Screen))
		default:
			err = fmt.Errorf("%s.Proc is missing: name one of reroll, retreat, fire-commit, placement, resolution, close-combat", field)
		}
		if err != nil {
			return err
		}
	}
	if (w.ArtFirst < 0) != (w.ArtFirstBy < 0) || (w.ArtFirstBy >= 0 && (int(w.ArtFirstBy) >= nUnits || s.typ(w.ArtFirstBy) != Artillery)) {
		return fmt.Errorf("ArtFirstBy %d must be the artillery counter of the barrage on ArtFirst %d, or both -1 (soa:14.33)", w.ArtFirstBy, w.ArtFirst)
	}
	return nil
}

// checkNesting checks that each procedure runs inside the one it belongs to.
func checkNesting(fs []frame) error {
	for i, f := range fs {
		var below proc
		if i > 0 {
			below = fs[i-1].Proc
		}
		if want := parentProc(f); below != want {
			return fmt.Errorf("Stack[%d]: %s runs inside %s, not inside %s", i, procName(f.Proc), procName(want), procName(below))
		}
	}
	return nil
}

// parentProc is the procedure f runs inside, 0 for none: a fire's reroll
// offer and the units it commits inside the resolution of the impulse's
// attacks, a close-combat roll's offer inside the close combat of its place.
func parentProc(f frame) proc {
	switch {
	case f.Proc == procFireCommit, f.Proc == procReroll && (f.For == rrFire || f.For == rrSetFire):
		return procResolution
	case f.Proc == procReroll && f.For == rrCloseCombat:
		return procCloseCombat
	}
	return 0
}

func procName(p proc) string {
	if p == 0 || int(p) >= len(procNames) {
		return "nothing"
	}
	return "a " + procNames[p] + " procedure"
}

func noneText(none bool) string {
	if none {
		return ", or -1 for none"
	}
	return ""
}

// checkSetupSoFar checks that the units set up so far are on the map and the
// rest still wait: the set-up goes in its fixed order (soa:5.4, 5.5).
func (s *State) checkSetupSoFar(placed, next, waiting []int16) error {
	for _, u := range placed {
		if s.units[u].Loc < 0 {
			return fmt.Errorf("%s is set up before setup_next, so it must be on the map (soa:5.4, 5.5)", s.g.units[u].ID)
		}
	}
	for _, u := range slices.Concat(next, waiting) {
		if s.units[u].Loc != locPool {
			return fmt.Errorf("%s is not set up yet at setup_next %d, so it must not be listed (soa:5.4, 5.5)", s.g.units[u].ID, s.setupNext)
		}
	}
	return nil
}

// stepProcs are the steps that wait inside a procedure of the stack, and
// the pools a placement step places from.
var stepProcs = map[step]struct {
	p     proc
	pools string
}{
	stReroll: {procReroll, ""}, stRetreatDest: {procRetreat, ""}, stFireCommit: {procFireCommit, ""}, stAbsorb: {procResolution, ""},
	stCCScreen: {procCloseCombat, ""}, stCCTarget: {procCloseCombat, ""}, stCCWith: {procCloseCombat, ""},
	stEventZone: {procPlacement, "GA"}, stEventBUnit: {procPlacement, "B"}, stEventBZone: {procPlacement, "B"},
	stEventCZone: {procPlacement, "C"}, stReformPlace: {procPlacement, "R"},
}

// checkStepFrame checks that the innermost procedure is the one the step
// waits in, and that other steps wait in none. A game may end inside any
// procedure, by resignation or agreement.
func (s *State) checkStepFrame() error {
	want, inside := stepProcs[s.step]
	switch {
	case s.step == stOver:
		return nil
	case !inside && s.stack.n > 0:
		return fmt.Errorf("work.Stack holds a %s procedure, but this step waits inside none: leave the stack out", procNames[s.stack.top().Proc])
	case inside && !s.stack.in(want.p):
		return fmt.Errorf("this step waits inside a %s procedure: work.Stack must end with one", procNames[want.p])
	case want.pools != "" && !strings.ContainsRune(want.pools, rune(s.stack.top().Pool)):
		return fmt.Errorf("this step places units of pool %s, not %c (soa:17, 19.4)", want.pools, s.stack.top().Pool)
	case want.pools != "" && s.stack.top().Left == 0:
		return errors.New("the placement frame must count the units still to place (soa:17, 19.4)")
	}
	return nil
}

// checkStep checks that the step in progress has what it works on.
func (s *State) checkStep() error {
	need := func(ok bool, format string, args ...any) error {
		if ok {
			return nil
		}
		return fmt.Errorf(format, args...)
	}
	if err := s.checkStepFrame(); err != nil {
		return err
	}
	switch s.step {
	case stSetupBritish:
		if err := need(s.active == British && s.setupNext < len(s.g.britStart),
			"the British set up (active british) and setup_next is below %d (soa:5.4)", len(s.g.britStart)); err != nil {
			return err
		}
		return s.checkSetupSoFar(s.g.britStart[:s.setupNext], s.g.britStart[s.setupNext:], s.g.germStart)
	case stSetupGerman:
		if err := need(s.active == German && s.setupNext < len(s.g.germStart),
			"the Germans set up (active german) and setup_next is below %d (soa:5.5)", len(s.g.germStart)); err != nil {
			return err
		}
		return s.checkSetupSoFar(slices.Concat(s.g.britStart, s.g.germStart[:s.setupNext]), s.g.germStart[s.setupNext:], nil)
	case stReformPlace, stEventZone, stEventBZone, stEventCZone:
		u := s.stack.top().Unit
		return need(u >= 0 && s.units[u].Loc == locPool,
			"the placement frame's Unit must name the unit waiting in its pool to be placed (soa:17, 19.4)")
	case stMode, stMoveUnit, stFireTarget:
		return need(s.origin >= 0, "work.Origin must name the area the impulse acts from (soa:8.11)")
	case stMoveStep:
		return need(s.origin >= 0 && s.mover >= 0 && s.units[s.mover].Loc >= 0 && s.side(s.mover) == s.imp,
			"work.Origin and work.Mover must name the area and a unit of the side to move on the map (soa:8.2)")
	case stFireGroup, stFireWith, stFirePrimary:
		return need(s.origin >= 0 && s.cur.Kind != atkArtillery,
			"work.Origin must name the firing area and work.Cur a fire attack (soa:8.3)")
	case stArtTarget, stArtGroup:
		return need(s.cur.Kind == atkArtillery && s.side(s.cur.Units[0]) == s.imp,
			"work.Cur must be an artillery attack by a counter of the side to move (soa:14.2)")
	case stArtMore:
		return need(s.artFirst >= 0 && s.imp == German, "work.ArtFirst must name the first German barrage (soa:14.33)")
	case stReroll:
		switch s.stack.top().For {
		case rrCloseCombat:
			return need(s.ccPlace >= 0 && s.ccIdx < len(s.ccAttacks),
				"a close-combat roll needs work.CCPlace and the attack work.CCAttacks[work.CCIdx] (soa:9.6)")
		case rrExtinguish:
			return need(s.extPlace >= 0, "an extinguishing roll needs work.ExtPlace (soa:18.9)")
		}
	case stRetreatDest:
		return need(len(s.retreaters) > 0, "work.Retreaters must name the retreating units (soa:8.355)")
	case stFireCommit:
		return need(s.stack.top().Left > 0, "the fire-commit frame must count the British units still to commit (soa:18.4)")
	case stOverstack:
		return need(s.overstacked(s.active) >= 0, "no area of the active side is over the occupation limits (soa:7.3)")
	case stCCScreen, stCCTarget:
		return need(s.ccPlace >= 0, "work.CCPlace must name the place of the close combat (soa:9.2)")
	case stCCWith:
		return need(s.ccPlace >= 0 && s.ccCur.Target >= 0,
			"work.CCPlace and work.CCCur.Target must name the place and the unit attacked (soa:9.4)")
	}
	return nil
}
