package mgmg

// The evaluation of a position for bots (engine.Evaluator, issue 8 section
// 5): the Allied Victory Points to be expected at the next victory check,
// with the threat of a Breakthrough, as terms from the rules (mgmg:21,
// 22.1), mapped to the chance that a side wins. Search calls it on every
// determinization it plays out, so Evaluate allocates nothing and changes
// nothing. docs/bots.md explains the terms and their weights.

import (
	"math"
	"sync"

	"sandtable/engine"
)

// Weights of the evaluation, in Allied Victory Points unless said.
const (
	// evalPace is how many places of the corridor XXX Corps is taken to
	// gain in a day (mgmg:9, 20.5): from Zone F it is 9 places to Nijmegen
	// and 16 to Apeldoorn by road over the bridges.
	evalPace = 3.0
	// evalStep is the logit a place of XXX Corps' reach is worth, ahead of
	// a Victory Point area or short of it.
	evalStep = 0.6
	// evalDay is the logit a move of XXX Corps' lead is worth, ahead of
	// the moves its drive needs to reach a Victory Point area or short of it.
	evalDay = 1.8
	// evalDriveMF is the movement factors of an armoured unit's impulse
	// (mgmg:4.22), the day's move of XXX Corps' lead (driveStep).
	evalDriveMF = 6.0
	// evalFight and evalFightStrength make the moves a fight for an Area
	// held by German units costs the drive: evalFight plus their strength
	// (attack plus defense factor as their steps keep it) over
	// evalFightStrength, times their share of the strength there; a Fresh
	// battalion of 3-3 alone costs 1.25 moves.
	evalFight, evalFightStrength = 1.0, 24.0
	// evalDemolition is the moves a German-held bridge costs the drive for
	// the chance that it is blown first (mgmg:19.4), evalBlown those of a
	// river without a bridge: a Boat Assault or Construction (mgmg:9.5,
	// 19.2).
	evalDemolition, evalBlown = 0.25, 1.5
	// evalBreakthroughWait is the day a unit in Apeldoorn waits to stand
	// there Fresh at the end of a Daylight Phase (mgmg:21.1, 13.1).
	evalBreakthroughWait = 1.0
	// evalHeld is the logit of an area XXX Corps Controls now: it counts
	// unless the Germans take it back (mgmg:21.3).
	evalHeld = 3.0
	// evalAirborne is the logit of the 1st Airborne keeping Arnhem, plus
	// when it Controls it, minus when it does not (mgmg:21.32).
	evalAirborne = 2.0
	// evalForce is the logit of the balance of strength in and next to an
	// area, (Allied − German) / (Allied + German + evalForceK), which runs
	// from −1 to 1: whoever is stronger there takes or keeps it (mgmg:7.2).
	evalForce, evalForceK = 2.0, 10.0
	// evalBreakthrough is what a Breakthrough is worth, in VP: it wins
	// outright whatever the total (mgmg:21.1).
	evalBreakthrough = 10.0
	// evalCut is the logit an Allied-Controlled area loses while it has no
	// supply line to Zone F (mgmg:13.8, 21.3): XXX Corps must open the road
	// behind it again.
	evalCut = 1.5
	// evalLossAllied and evalLossGerman are what a step lost is worth, each
	// step of a unit (Spent, Disrupt 1, Disrupt 2, eliminated: mgmg:4.4) on
	// September 17, falling to none at the last check: the airborne
	// divisions get no replacements, the Germans some.
	evalLossAllied, evalLossGerman = 0.1, 0.06
	// evalAdvantageKeep is the share of the Advantage's swing toward its
	// holder now that lasts a day (advantageWorth).
	evalAdvantageKeep = 0.5
	// evalDayImpulses is about how many impulses a day lasts: the Sunset
	// DR (mgmg:6.3) ends it as the Impulse Track runs past 7 or so.
	evalDayImpulses = 10.0
	// evalSpreadBase and evalSpreadDay make the standard deviation of the
	// Allied total at the check, seen from now: 1 + 1.5·√(days left).
	evalSpreadBase, evalSpreadDay = 1.0, 1.5
)

// evalShare is how much of a unit's strength (attack plus defense factor)
// each face and Disruption level keeps (mgmg:4.22, 4.4).
var evalShare = [...]float64{StepFresh: 1, StepSpent: 0.6, StepDisrupt1: 0.35, StepDisrupt2: 0.15}

// evaluation is what the evaluation prepares once: the corridor distances
// between places and each unit's strength.
type evaluation struct {
	// dist is the number of places from one place to another by the
	// corridor: through areas only (a zone ends a move, mgmg:14.2), over
	// a river only by a bridge or ferry (mgmg:9.62, 9.63); -1 if none.
	dist  [nPlaces][nPlaces]int8
	near  [nPlaces][]placeWeight // per place, itself (weight 1) and the places next to it by the corridor (0.5)
	worth [nUnits]float64        // attack plus defense factor (mgmg:4.22)
	ways  [nPlaces][]driveWay    // per place, the places next to it and how XXX Corps crosses into them
}

// driveWay is a step of XXX Corps' drive from one place into the next:
// the boundary, and the road, bridge or Ferry Crossing over it.
type driveWay struct {
	to       int16
	boundary Boundary
	road     bool
	bridge   int8 // -1 if none
	ferry    int8 // -1 if none
}

// placeWeight is a place and how much its strength counts (evaluation.near).
type placeWeight struct {
	p int16
	w float64
}

// evalCache is a Game's evaluation tables, made on first use: the map and
// the counters are the same for every game of it, not for mgmg and fh40.
type evalCache struct {
	once  sync.Once
	table *evaluation
}

// evaluation is the game's evaluation tables.
func (g *Game) evaluation() *evaluation {
	g.eval.once.Do(func() {
		e := &evaluation{}
		for from := range e.dist {
			e.corridor(g.m, from)
		}
		for p := range e.near {
			for q := range e.dist {
				switch e.dist[q][p] {
				case 0:
					e.near[p] = append(e.near[p], placeWeight{int16(q), 1})
				case 1:
					e.near[p] = append(e.near[p], placeWeight{int16(q), 0.5})
				}
			}
		}
		for u := range g.units {
			e.worth[u] = float64(g.units[u].AF + g.units[u].DF)
		}
		for x := range e.ways {
			for _, y := range g.m.Neighbors(x) {
				e.ways[x] = append(e.ways[x], driveWay{to: int16(y), boundary: g.m.Boundary(x, y), road: g.m.Road(x, y),
					bridge: g.bridgeAt[x*nPlaces+y], ferry: g.ferryAt[x*nPlaces+y]})
			}
		}
		g.eval.table = e
	})
	return g.eval.table
}

// corridor fills dist from the place from by breadth-first search over m.
func (e *evaluation) corridor(m *Map, from int) {
	d := &e.dist[from]
	for i := range d {
		d[i] = -1
	}
	if from == m.UKBox() {
		return // reached by air only
	}
	d[from] = 0
	queue := []int{from}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if x != from && m.IsZone(x) {
			continue
		}
		for _, y := range m.Neighbors(x) {
			if d[y] >= 0 || m.Boundary(x, y) == River && !m.Bridge(x, y) && !m.Ferry(x, y) {
				continue
			}
			d[y] = d[x] + 1
			queue = append(queue, y)
		}
	}
}

// evalTerms are the parts of the evaluation, in Allied Victory Points.
type evalTerms struct {
	now                                                                       bool // the check's totals are final: only victoryPoints counts
	held, areas, eindhoven, advantage, penalty, breakthrough, loss, isolation float64
	line                                                                      float64
}

func (t *evalTerms) sum() float64 {
	return t.held + t.areas + t.eindhoven + t.advantage + t.penalty + t.breakthrough + t.loss + t.isolation - t.line
}

// Evaluate implements engine.Evaluator: the chance that seat wins, a draw
// counting a half. A seat that plays neither side gets a half.
func (s *State) Evaluate(seat engine.Seat) float64 {
	if seat != germans.seat() && seat != allies.seat() {
		return 0.5
	}
	if s.result != nil {
		return s.result.For(seat)
	}
	if s.g.fh40 != nil {
		return s.fh40Evaluate(seat)
	}
	var t evalTerms
	s.evalTerms(&t)
	p := logistic(t.sum() / s.evalScale(&t))
	if s.sideAt(seat) == germans {
		return 1 - p
	}
	return p
}

// Assess implements engine.Evaluator: the terms of Evaluate for seat, in
// Allied Victory Points, positive when they favour seat. Evaluate is the
// logistic of their sum over a scale that shrinks with the days left.
func (s *State) Assess(seat engine.Seat) []engine.Term {
	if seat != germans.seat() && seat != allies.seat() {
		return nil
	}
	if s.g.fh40 != nil {
		return s.fh40Assess(seat)
	}
	var t evalTerms
	s.evalTerms(&t)
	sign := 1.0
	if s.sideAt(seat) == germans {
		sign = -1
	}
	line := engine.Term{Name: "Victory Points the Allies need", Rule: "mgmg:21.2", Value: -sign * t.line}
	if s.opt.extended {
		line.Rule = "mgmg:22.1"
	}
	if t.now {
		return []engine.Term{{Name: "Victory Points at the check", Rule: "mgmg:21.3", Value: sign * t.held}, line}
	}
	return []engine.Term{
		{Name: "Victory Point areas XXX Corps holds at the check", Rule: "mgmg:21.3", Value: sign * t.areas},
		{Name: "Eindhoven on September 17", Rule: "mgmg:21.31", Value: sign * t.eindhoven},
		{Name: "the Advantage", Rule: "mgmg:12.1", Value: sign * t.advantage},
		{Name: "German-Contested Victory Point areas", Rule: "mgmg:21.4", Value: sign * t.penalty},
		{Name: "Breakthrough to Apeldoorn", Rule: "mgmg:21.1", Value: sign * t.breakthrough},
		{Name: "steps lost", Rule: "mgmg:4.4", Value: sign * t.loss},
		{Name: "Isolated units' Surrender drs to come", Rule: "mgmg:13.9", Value: sign * t.isolation},
		line,
	}
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// evalScale is the logistic scale of the Allied total's spread seen from
// now: a standard deviation times √3/π (evalSpreadBase).
func (s *State) evalScale(t *evalTerms) float64 {
	sd := evalSpreadBase
	if !t.now {
		sd += evalSpreadDay * math.Sqrt(s.daysLeft(s.checkDay()))
	}
	return sd * math.Sqrt(3) / math.Pi
}

// checkDay is the date of the next victory check and the Victory Points
// it asks (mgmg:21.2, 22.1); the line between a win and a loss is half a
// point below ten in the standard game, where ten win, and on the need in
// the Extended Game, where exactly the need plays on.
func (s *State) checkDay() int8 {
	if s.opt.extended {
		for _, c := range extendedChecks {
			if c.day >= s.turn {
				return c.day
			}
		}
	}
	return LastDay
}

func (s *State) winLine() float64 {
	if s.opt.extended {
		for _, c := range extendedChecks {
			if c.day >= s.turn {
				return float64(c.need)
			}
		}
	}
	return 9.5
}

// dayLeft is the share of today's Daylight Phase still to come: all of it
// before the first impulse, none from the Refit Phase (mgmg:6.1), and in
// between the share of evalDayImpulses the Impulse Track has still to run.
func (s *State) dayLeft() float64 {
	switch s.Phase().ID {
	case phaseDaylight.ID:
		return dayFrom(s.impulse)
	case phaseRefit.ID, phaseRegroup.ID, phaseOver.ID:
		return 0
	}
	return 1
}

// dayFrom is the share of a day that begins or goes on from impulse: more
// than a day from a letter space an Impulse Retraction reaches, less from
// one an Impulse Advance reaches (mgmg:13.7, 3.7), never quite none.
func dayFrom(impulse int8) float64 {
	return max(0.05, (evalDayImpulses-float64(impulse))/evalDayImpulses)
}

// daysLeft is the Daylight left until the end of day: the rest of today,
// the next day from the space the Advantage marker will start it on (from
// the Refit Phase, where it stands after the Impulse Advances and
// Retractions bought, mgmg:6.4, 13.7; from space 0 before), and whole
// days after that.
func (s *State) daysLeft(day int8) float64 {
	if day <= s.turn {
		return s.dayLeft()
	}
	next := 1.0
	if s.dayLeft() == 0 {
		next = dayFrom(s.impulse)
	}
	return s.dayLeft() + next + float64(day-s.turn-1)
}

// evalTerms fills t from the position.
func (s *State) evalTerms(t *evalTerms) {
	g, e := s.g, s.g.evaluation()
	t.line = s.winLine()
	check := s.checkDay()
	left := s.daysLeft(check)
	if left == 0 && s.turn == check {
		// after the last Daylight Phase before the check nothing but a
		// surrender (mgmg:13.9) changes control: a Regroup enters only Free
		// places (mgmg:6.5)
		t.now, t.held = true, float64(s.victoryPoints())
		return
	}

	var f evalForces
	var lost [2]float64
	isolated := 0.0
	// only the Allied supply lines are traced, one search a call: the
	// German ones run from every German-Controlled Zone and seldom break
	supply := s.supplyReach(allies)
	refits := s.refitsLeft()
	for u := range s.units {
		st, sd := s.units[u], g.side[u]
		switch {
		case st.Loc >= 0 && st.Loc != g.uk:
			f.str[st.Loc][sd] += e.worth[u] * evalShare[st.Level]
			lost[sd] += float64(st.Level)
			if sd == allies && !supply[st.Loc] {
				isolated += surrenderSteps(st.Level, refits)
			}
			if g.units[u].XXXCorps() {
				f.addCorps(st.Loc)
				f.fresh[st.Loc] = f.fresh[st.Loc] || st.Level == StepFresh
			}
		case st.Loc == locElim:
			lost[sd] += 4
		}
	}
	if f.nCorps == 0 {
		f.addCorps(g.zoneF) // the Corps yet to come enter in Zone F (mgmg:18.3)
		f.fresh[g.zoneF] = true
	}
	var drive [nPlaces]float64
	s.driveDays(e, &f, &drive)
	moves := s.movesLeft(check)
	contested := 0
	for p := range s.control {
		p := int16(p)
		if g.vp[p] == 0 && p != g.arnhem || p == g.eindhoven {
			continue
		}
		l := s.corpsLogit(e, &f, &drive, p, moves)
		if s.control[p] != ctlGerman && !supply[p] {
			l -= evalCut // mgmg:21.3: it scores only with a supply line to Zone F
		}
		pc := logistic(l)
		if p != g.arnhem {
			t.areas += float64(g.vp[p]) * pc
		} else {
			la := evalForce * s.balance(e, &f, p)
			if s.control[p] == ctlAirborne {
				la += evalAirborne
			} else {
				la -= evalAirborne
			}
			t.areas += 4*pc + 2*(1-pc)*logistic(la)
		}
		if s.control[p] != ctlGerman && supply[p] && s.count(p, germans) > 0 {
			if p == g.arnhem {
				contested += arnhemPenaltyWorth
			} else {
				contested += int(g.vp[p])
			}
		}
	}
	if contested >= 6 {
		t.penalty = -1
	}
	switch {
	case s.eindhoven:
		t.eindhoven = 1
	case s.turn == FirstDay:
		t.eindhoven = logistic(s.corpsLogit(e, &f, &drive, g.eindhoven, s.movesLeft(FirstDay)))
	}
	t.advantage = s.advantageWorth(left)
	last := s.lastDay()
	gameLeft := s.daysLeft(last)
	t.breakthrough = evalBreakthrough * logistic(evalDay*(s.movesLeft(last)-drive[g.zoneA]-evalBreakthroughWait))
	share := gameLeft / float64(last-FirstDay+1)
	t.loss = share * (evalLossGerman*lost[germans] - evalLossAllied*lost[allies])
	t.isolation = 0 - share*evalLossAllied*isolated // "0 -": none is 0, not -0
}

// advantageWorth is the Victory Point of the Advantage (mgmg:12.1, 21.3)
// times the chance that the Allies hold it at the check, days of Daylight
// away: its holder now (or the side a used one passes to, mgmg:12.5) keeps
// it with a chance that halves with each day to come, as it is spent on
// rerolls and Double Impulses or lost with units (mgmg:12.2-12.4), and
// either side is as likely to hold it after that.
func (s *State) advantageWorth(days float64) float64 {
	holder := s.advantage
	if holder == nobody {
		holder = s.advantageNext
	}
	keep := math.Pow(evalAdvantageKeep, days)
	if holder == allies {
		return 0.5 + 0.5*keep
	}
	return 0.5 - 0.5*keep
}

// refitsLeft is how many Refit Phases are still to come up to the last
// day, each ending with a Surrender dr for every Isolated Allied unit
// (mgmg:13.9, 6.4); Allied units are never Isolated on September 17 and 18
// (mgmg:13.8).
func (s *State) refitsLeft() int {
	first := s.turn
	if id := s.Phase().ID; id == phaseRegroup.ID || id == phaseOver.ID {
		first++
	}
	first = max(first, lastNeverIsolated+1)
	return max(0, int(s.lastDay()-first)+1)
}

// surrenderSteps is the steps an Isolated unit at level is expected to lose
// to the Surrender drs of refits Refit Phases (mgmg:13.9), each counted from its level now: at
// Isolation Level L (1 Fresh to 4 Disrupt 2) a dr below L eliminates it,
// (L−1)/6, losing the 4−level steps it has; a dr of L costs one step, 1/6.
// At most the steps it has.
func surrenderSteps(level Step, refits int) float64 {
	l := float64(level)
	return min(4-l, float64(refits)*(l*(4-l)+1)/6)
}

// evalForces are the strength of each side per place and the places of XXX
// Corps' units, counted once per evaluation.
type evalForces struct {
	str    [nPlaces][2]float64
	corps  [nPlaces]bool
	fresh  [nPlaces]bool  // a Fresh XXX Corps unit is there
	at     [nPlaces]int16 // the first nCorps places with a XXX Corps unit
	nCorps int
}

func (f *evalForces) addCorps(p int16) {
	if !f.corps[p] {
		f.corps[p] = true
		f.at[f.nCorps] = p
		f.nCorps++
	}
}

// corpsLogit is the logit that XXX Corps Controls p at the check, moves
// away: held now (mgmg:7.21), the moves its drive needs to reach p against
// those, and the balance of strength there.
func (s *State) corpsLogit(e *evaluation, f *evalForces, drive *[nPlaces]float64, p int16, moves float64) float64 {
	l := evalDay*(moves-drive[p]) + evalForce*s.balance(e, f, p)
	if s.control[p] == ctlCorps || p == s.g.eindhoven && f.corps[p] { // mgmg:21.31: Contesting counts there
		l += evalHeld
	}
	return l
}

// movesLeft is the moves a XXX Corps unit has until the end of day: one
// a Daylight Phase, as a unit that moves is Spent until the Refit Phase
// (mgmg:13.1, 13.3). Today's counts whole while a third of the day is to
// come and less after that, as the sun may set before its impulse; the
// next day's as long as the Impulse Advances and Retractions make it
// (daysLeft).
func (s *State) movesLeft(day int8) float64 {
	today := s.dayLeft()
	return s.daysLeft(day) - today + min(1, 3*today)
}

// driveDays fills moves with the moves XXX Corps' drive needs to reach each
// place from its nearest units: none used from a place with a Fresh unit,
// today's used where all are Spent (mgmg:13.1) until the Refit Phase
// refits them; from there each step costs its share of a move or ends it
// (driveStep). Dijkstra's search over the places, allocating nothing: a
// step never arrives earlier for leaving later.
func (s *State) driveDays(e *evaluation, f *evalForces, moves *[nPlaces]float64) {
	var done, source [nPlaces]bool
	for p := range moves {
		moves[p] = math.Inf(1)
	}
	spent := 0.0
	if s.dayLeft() > 0 {
		spent = 1
	}
	for _, q := range f.at[:f.nCorps] {
		source[q] = true
		moves[q] = 0
		if !f.fresh[q] {
			moves[q] = spent
		}
	}
	for {
		x, best := -1, math.Inf(1)
		for p := range moves {
			if !done[p] && moves[p] < best {
				x, best = p, moves[p]
			}
		}
		if x < 0 {
			return
		}
		done[x] = true
		if s.g.zone[x] && !source[x] {
			continue // a Zone ends a move (mgmg:14.2)
		}
		for _, w := range e.ways[x] {
			if m := s.driveStep(f, w, best); m < moves[w.to] {
				moves[w.to] = m
			}
		}
	}
}

// driveStep is when XXX Corps' drive, at move m (the share of the current
// one used), is in the place w leads to: an armoured unit's impulse of
// evalDriveMF movement factors pays half a factor by road through a Free
// Area, one off the road, two into an enemy-Controlled Vacant Area
// (mgmg:9.2, 9.4); it ends in a fight for an Area the enemy holds, which
// may take more moves the stronger he is and the weaker the Allied units
// already fighting there (mgmg:9.2, 10), and in a Zone (mgmg:9.2). The
// crossing adds its share: a German-held bridge may be blown before XXX
// Corps crosses (mgmg:19.4), a Ferry Crossing takes all of a unit's
// movement (mgmg:9.63), a Blown one is crossed by Boat Assault or a new
// bridge (mgmg:9.5, 19.2), a canal without a bridge by infantry for four
// factors (mgmg:9.2).
func (s *State) driveStep(f *evalForces, w driveWay, m float64) float64 {
	if w.boundary != OpenGround {
		switch {
		case w.bridge >= 0 && s.bridges[w.bridge].Held == heldAllied:
		case w.bridge >= 0 && s.bridges[w.bridge].Held == heldGerman:
			m += evalDemolition
		case w.boundary == Canal:
			m += 4 / evalDriveMF
		case w.ferry >= 0 && s.ferries[w.ferry] != ferryDestroyed:
			m++
		default:
			m += evalBlown
		}
	}
	switch {
	case s.count(w.to, germans) > 0:
		ger := f.str[w.to][germans]
		return math.Floor(m) + evalFight + ger/evalFightStrength*ger/(ger+f.str[w.to][allies])
	case s.g.zone[w.to]:
		return math.Floor(m) + 1
	case s.controller(w.to) == germans:
		return m + 2/evalDriveMF
	case w.road:
		return m + 0.5/evalDriveMF
	}
	return m + 1/evalDriveMF
}

// corpsDistance is the corridor distance from the nearest XXX Corps place
// to p; far beyond the map when none reaches it.
func (s *State) corpsDistance(e *evaluation, f *evalForces, p int16) int {
	best := 100
	for _, q := range f.at[:f.nCorps] {
		if d := int(e.dist[q][p]); d >= 0 && d < best {
			best = d
		}
	}
	return best
}

// balance is (Allied − German) / (Allied + German + evalForceK) over the
// strength in p and half of that next to it by the corridor.
func (s *State) balance(e *evaluation, f *evalForces, p int16) float64 {
	var a, g float64
	for _, n := range e.near[p] {
		a += n.w * f.str[n.p][allies]
		g += n.w * f.str[n.p][germans]
	}
	return (a - g) / (a + g + evalForceK)
}
