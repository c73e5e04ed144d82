package mgmg

import (
	"math"

	"sandtable/engine"
)

// Fortress Holland's evaluation for bots (engine.Evaluator): the German
// Victory Points to be expected at the end of May 12 against the three
// that win (fh40:21.2, 21.3), with the threat of a Breakthrough into
// Tilburg on May 10 (fh40:21.1), mapped to the chance that a side wins as
// mgmg's is (evaluate.go), with its weights.

// fh40Line is the German total between a win and a loss: three win.
const fh40Line = fh40Need - 0.5

// fh40Terms are the parts of the evaluation, in German Victory Points.
type fh40Terms struct {
	banked, areas, french, checks, breakthrough, loss float64
}

func (t *fh40Terms) sum() float64 {
	return t.banked + t.areas + t.french + t.checks + t.breakthrough + t.loss - fh40Line
}

// fh40Evaluate is Evaluate for a seat of Fortress Holland in a game not
// over: the chance that it wins.
func (s *State) fh40Evaluate(seat engine.Seat) float64 {
	var t fh40Terms
	s.fh40EvalTerms(&t)
	sd := evalSpreadBase + evalSpreadDay*math.Sqrt(s.daysLeft(fh40LastTurn))
	p := logistic(t.sum() / (sd * math.Sqrt(3) / math.Pi))
	if seat == germans.seat() {
		return p
	}
	return 1 - p
}

// fh40Assess is Assess for a seat of Fortress Holland.
func (s *State) fh40Assess(seat engine.Seat) []engine.Term {
	var t fh40Terms
	s.fh40EvalTerms(&t)
	sign := 1.0
	if seat != germans.seat() {
		sign = -1
	}
	return []engine.Term{
		{Name: "Victory Points scored at the checks of May 10 and 11", Rule: "fh40:21.3", Value: sign * t.banked},
		{Name: "Schijndel and Dinther under German Control at the end", Rule: "fh40:21.3", Value: sign * t.areas},
		{Name: "a French unit still on the map or eliminated", Rule: "fh40:21.4", Value: sign * t.french},
		{Name: "the checks of May 10 and 11 to come: Zone E, Nijmegen, Veghel", Rule: "fh40:21.3", Value: sign * t.checks},
		{Name: "Breakthrough into Tilburg on May 10", Rule: "fh40:21.1", Value: sign * t.breakthrough},
		{Name: "steps lost", Rule: "mgmg:4.4", Value: sign * t.loss},
		{Name: "Victory Points the Germans need", Rule: "fh40:21.2", Value: -sign * fh40Line},
	}
}

// fh40EvalTerms fills t from the position.
func (s *State) fh40EvalTerms(t *fh40Terms) {
	g, e, r := s.g, s.g.evaluation(), s.g.fh40
	var f evalForces
	var lost [2]float64
	for u := range s.g.pieces.Units {
		st, sd := s.units[u], g.side[u]
		switch {
		case st.Loc >= 0:
			f.str[st.Loc][sd] += e.worth[u] * evalShare[st.Level]
			lost[sd] += float64(st.Level)
			if sd == germans {
				f.addCorps(st.Loc) // the places the German reach is counted from
			}
		case st.Loc == locElim:
			lost[sd] += 4
		}
		if g.units[u].Force == French && st.Loc != locExit {
			t.french = 1
		}
	}
	t.banked = float64(s.banked)
	end := s.daysLeft(fh40LastTurn)
	t.areas = 2*s.germanHold(e, &f, r.schijndel, end) + s.germanHold(e, &f, r.dinther, end)
	if s.turn == FirstDay {
		today := s.daysLeft(FirstDay)
		t.checks -= 1 - s.germanZone(&f, r.zoneE)
		t.checks -= 1 - max(s.germanHold(e, &f, r.nijmegen, today), float64(bit(s.count(r.nijmegen, germans) > 0)))
		t.breakthrough = evalBreakthrough * s.germanZone(&f, r.zoneG) * logistic(evalStep*(evalPace*today-float64(s.corpsDistance(e, &f, r.zoneG))))
	}
	if s.turn <= FirstDay+1 {
		t.checks += s.germanHold(e, &f, r.veghel, s.daysLeft(FirstDay+1))
	}
	share := end / float64(fh40LastTurn-FirstDay+1)
	t.loss = share * (evalLossGerman*lost[allies] - evalLossGerman*lost[germans])
}

// germanHold is the chance that the Germans Control area p when days of
// Daylight are left: held now or not, the nearest German unit within the
// reach of those days or short of it, and the balance of strength there
// (mgmg:7.2).
func (s *State) germanHold(e *evaluation, f *evalForces, p int16, days float64) float64 {
	l := evalStep*(evalPace*days-float64(s.corpsDistance(e, f, p))) - evalForce*s.balance(e, f, p)
	if s.controller(p) == germans {
		l += evalHeld
	} else {
		l -= evalHeld
	}
	return logistic(l)
}

// germanZone is the chance that the Germans hold Zone z by unit count at
// the end of the turn (fh40:14.6): more units there than the Dutch now, and
// the balance of strength.
func (s *State) germanZone(f *evalForces, z int16) float64 {
	ger, dut := f.str[z][germans], f.str[z][allies]
	l := evalForce * (ger - dut) / (ger + dut + evalForceK)
	if s.count(z, germans) > s.count(z, allies) {
		l += evalHeld
	} else {
		l -= evalHeld
	}
	return logistic(l)
}
