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
			}
		case st.Loc == locElim:
			lost[sd] += 4
		}
	}
	if f.nCorps == 0 {
		f.addCorps(g.zoneF) // the Corps yet to come enter in Zone F (mgmg:18.3)
	}

	reach := evalPace * left
	contested := 0
	for p := range s.control {
		p := int16(p)
		if g.vp[p] == 0 && p != g.arnhem || p == g.eindhoven {
			continue
		}
		l := s.corpsLogit(e, &f, p, reach)
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
		t.eindhoven = logistic(s.corpsLogit(e, &f, g.eindhoven, evalPace*s.dayLeft()))
	}
	if s.advantage == allies {
		t.advantage = 1
	}
	last := s.lastDay()
	gameLeft := s.daysLeft(last)
	d := s.corpsDistance(e, &f, g.zoneA)
	t.breakthrough = evalBreakthrough * logistic(evalStep*(evalPace*gameLeft-float64(d)))
	share := gameLeft / float64(last-FirstDay+1)
	t.loss = share * (evalLossGerman*lost[germans] - evalLossAllied*lost[allies])
	t.isolation = 0 - share*evalLossAllied*isolated // "0 -": none is 0, not -0
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

// corpsLogit is the logit that XXX Corps Controls p at the check: held now
// (mgmg:7.21), within the reach of its nearest unit or short of it, and the
// balance of strength there.
func (s *State) corpsLogit(e *evaluation, f *evalForces, p int16, reach float64) float64 {
	l := evalStep*(reach-float64(s.corpsDistance(e, f, p))) + evalForce*s.balance(e, f, p)
	if s.control[p] == ctlCorps || p == s.g.eindhoven && f.corps[p] { // mgmg:21.31: Contesting counts there
		l += evalHeld
	}
	return l
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
