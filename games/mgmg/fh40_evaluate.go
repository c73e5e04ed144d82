package mgmg

import (
	"math"
	"sync"

	"sandtable/engine"
)

// Fortress Holland's evaluation for bots (engine.Evaluator): the German
// Victory Points to be expected at the end of May 12 against the three
// that win (fh40:21.2, 21.3), with the threat of a Breakthrough into
// Tilburg on May 10 (fh40:21.1), mapped to the chance that a side wins as
// mgmg's is (evaluate.go). Each place the points count in is won by the
// strength each side can bring there in the days left: every unit counts,
// by how far it stands from the place and how fast it moves, so that the
// whole German force's drive west is worth something to the German and
// every Dutch unit's defence of it to the Dutch (docs/bots.md).

// fh40Line is the German total between a win and a loss: three win.
const fh40Line = fh40Need - 0.5

// Weights of Fortress Holland's evaluation.
const (
	// fh40Force is the logit of the balance of the strength both sides can
	// bring to a Victory Point area, (German − Dutch) / (German + Dutch +
	// evalForceK), from −1 to 1: whoever brings more takes or keeps it.
	fh40Force = 4.0
	// fh40Count is the logit a unit more in a Zone is worth: the side with
	// more units Controls it (fh40:14.6).
	fh40Count = 2.0
	// fh40Step is the logit a place of a unit's reach is worth, ahead of
	// the target or short of it.
	fh40Step = 1.0
	// fh40Drive is what the whole of a side's strength able to reach
	// Schijndel and Dinther by the end is worth, in VP: the more of it
	// comes, the more chances it has to take them or keep them, beyond the
	// balance there (germanHold).
	fh40Drive = 3.0
)

// fh40Terms are the parts of the evaluation, in German Victory Points.
type fh40Terms struct {
	banked, areas, drive, french, checks, breakthrough, loss float64
}

func (t *fh40Terms) sum() float64 {
	return t.banked + t.areas + t.drive + t.french + t.checks + t.breakthrough + t.loss - fh40Line
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
		{Name: "the drive on Schijndel and Dinther: each side's share of its strength that can get there", Rule: "fh40:21.3", Value: sign * t.drive},
		{Name: "a French unit still on the map or eliminated", Rule: "fh40:21.4", Value: sign * t.french},
		{Name: "the checks of May 10 and 11 to come: Zone E, Nijmegen, Veghel", Rule: "fh40:21.3", Value: sign * t.checks},
		{Name: "Breakthrough into Tilburg on May 10", Rule: "fh40:21.1", Value: sign * t.breakthrough},
		{Name: "steps lost", Rule: "mgmg:4.4", Value: sign * t.loss},
		{Name: "Victory Points the Germans need", Rule: "fh40:21.2", Value: -sign * fh40Line},
	}
}

// The places Fortress Holland's Victory Points are counted in, as indexes
// of fh40Reach (fh40:21.1, 21.3).
const (
	fh40AtSchijndel = iota
	fh40AtDinther
	fh40AtVeghel
	fh40AtNijmegen
	fh40AtZoneE
	fh40AtZoneG
	fh40Targets
)

// A unit's way over the water: by bridge only, or by boat across the Maas
// as well (fh40:9.5).
const (
	byBridge = iota
	byBoat
	fh40Movers
)

// fh40Reach is how many places each place is from each target, for each
// way over the water, with the bridges as they stand: a river only by an
// intact bridge other than a railway bridge (fh40:9.62, 19.6) or by boat
// at two places more (a Boat Assault uses all MF, fh40:9.5); a canal with
// no such bridge at one place more (wading uses all MF, mgmg:9.2); a Zone
// passed through at one more (entering it ends a move, mgmg:14.2). -1:
// never.
type fh40Reach [fh40Targets][fh40Movers][nPlaces]int8

// fh40ReachCache keeps a Game's fh40Reach tables by the bridges blown:
// they are blown only before the first impulse (fh40:19.4), so a game
// needs one or two.
type fh40ReachCache struct{ tables sync.Map }

// reach is the table for the bridges of s.
func (s *State) fh40Reach() *fh40Reach {
	var blown uint32
	for i := range s.bridges {
		if s.bridges[i].Held == heldBlown {
			blown |= 1 << i
		}
	}
	r := s.g.fh40
	if t, ok := r.reach.tables.Load(blown); ok {
		return t.(*fh40Reach)
	}
	t := &fh40Reach{}
	for i, p := range [fh40Targets]int16{r.schijndel, r.dinther, r.veghel, r.nijmegen, r.zoneE, r.zoneG} {
		for mover := range fh40Movers {
			s.g.fh40Distances(&t[i][mover], p, mover, blown)
		}
	}
	r.reach.tables.Store(blown, t)
	return t
}

// fh40Distances fills d with each place's distance to target for mover,
// relaxing the steps until none shortens.
func (g *Game) fh40Distances(d *[nPlaces]int8, target int16, mover int, blown uint32) {
	const never = math.MaxInt8
	for i := range d {
		d[i] = never
	}
	d[target] = 0
	for changed := true; changed; {
		changed = false
		for x := range nPlaces {
			if !g.m.InFortressHolland(x) {
				continue
			}
			for _, y := range g.m.Neighbors(x) {
				c := g.fh40Step(x, y, int(target), mover, blown)
				if c > 0 && d[y] != never && int(d[y])+c < int(d[x]) {
					d[x], changed = int8(int(d[y])+c), true
				}
			}
		}
	}
	for i := range d {
		if d[i] == never {
			d[i] = -1
		}
	}
}

// fh40Step is what a step from x into y counts toward target, 0 if mover
// cannot make it.
func (g *Game) fh40Step(x, y, target, mover int, blown uint32) int {
	c := 1
	if y != target && g.m.IsZone(y) {
		c++
	}
	b := g.bridgeAt[x*nPlaces+y]
	bridged := b >= 0 && blown&(1<<b) == 0 && g.fh40.railBridges&(1<<b) == 0
	switch g.m.Boundary(x, y) {
	case River:
		switch {
		case bridged:
		case mover == byBoat:
			c += 2
		default:
			return 0
		}
	case Canal:
		if !bridged {
			c++
		}
	}
	return c
}

// fh40EvalTerms fills t from the position.
func (s *State) fh40EvalTerms(t *fh40Terms) {
	g, r := s.g, s.g.fh40
	var lost [2]float64
	for u := range g.pieces.Units {
		st, sd := s.units[u], g.side[u]
		switch {
		case st.Loc >= 0:
			lost[sd] += float64(max(0, st.Level-StepSpent)) // a Spent unit refits (fh40:6.4)
		case st.Loc == locElim:
			lost[sd] += 4
		}
		if g.units[u].Force == French && st.Loc != locExit {
			t.french = 1
		}
	}
	t.banked = float64(s.banked)
	reach := s.fh40Reach()
	end := s.daysLeft(fh40LastTurn)
	schijndel, dinther := s.bring(reach, fh40AtSchijndel, end), s.bring(reach, fh40AtDinther, end)
	t.areas = 2*s.germanHold(&schijndel, r.schijndel, end) + s.germanHold(&dinther, r.dinther, end)
	var whole [2]float64
	for u := range g.pieces.Units {
		whole[g.side[u]] += g.evaluation().worth[u]
	}
	for sd, sign := range [2]float64{germans: 1, allies: -1} {
		t.drive += sign * fh40Drive * (2*schijndel.str[sd] + dinther.str[sd]) / (3 * whole[sd])
	}
	if s.turn == FirstDay {
		today := s.daysLeft(FirstDay)
		t.checks -= 1 - s.germanZone(reach, fh40AtZoneE, today)
		if s.count(r.nijmegen, germans) == 0 && s.controller(r.nijmegen) != germans {
			t.checks -= 1 - s.germanReaches(reach, fh40AtNijmegen, today)
		}
		t.breakthrough = evalBreakthrough * s.germanZone(reach, fh40AtZoneG, today)
	}
	if s.turn <= FirstDay+1 {
		days := s.daysLeft(FirstDay + 1)
		veghel := s.bring(reach, fh40AtVeghel, days)
		t.checks += s.germanHold(&veghel, r.veghel, days)
	}
	share := end / float64(fh40LastTurn-FirstDay+1)
	t.loss = share * evalLossGerman * (lost[allies] - lost[germans])
}

// arrival is how likely unit u is to stand at target within days of
// Daylight: at once if it is there; never if it never moves (fh40:4.117,
// 20.4) or cannot get there; else the logistic of the places it may go in
// that time, MF/2 a day (a move a day, as it is Spent until it refits,
// into enemy places at 2 MF or more, mgmg:9.2), less the places it stands
// from the target. A German engineer may cross the Maas by boat any day,
// other infantry on May 10 only (fh40:9.5): the crossing counts for them
// by the share of May 10 left.
func (s *State) arrival(reach *fh40Reach, target, u int, days float64) float64 {
	st, unit := s.units[u], s.g.units[u]
	if unit.Type.NeverMoves() || unit.Train {
		return float64(bit(reach[target][byBridge][st.Loc] == 0))
	}
	pace := float64(unit.MF) / 2 * days
	a := reached(reach[target][byBridge][st.Loc], pace)
	if unit.Type == Infantry && s.g.side[u] == germans {
		switch {
		case unit.Engineer:
			a = reached(reach[target][byBoat][st.Loc], pace)
		case s.turn == FirstDay:
			a = max(a, s.dayLeft()*reached(reach[target][byBoat][st.Loc], pace))
		}
	}
	return a
}

// reached is the chance that a unit d places from a target gets there on
// pace places: 1 at d 0, 0 if it cannot.
func reached(d int8, pace float64) float64 {
	switch {
	case d == 0:
		return 1
	case d < 0:
		return 0
	}
	return logistic(fh40Step * (pace - float64(d)))
}

// fh40Brought is the strength and the number of units each side can
// bring to a target.
type fh40Brought struct{ str, units [2]float64 }

// bring is what each side can bring to target within days.
func (s *State) bring(reach *fh40Reach, target int, days float64) fh40Brought {
	e := s.g.evaluation()
	var b fh40Brought
	for u := range s.g.pieces.Units {
		st := s.units[u]
		if st.Loc < 0 {
			continue
		}
		if a := s.arrival(reach, target, u, days); a > 0 {
			sd, level := s.g.side[u], st.Level
			if level > StepFresh && days > s.dayLeft() {
				level-- // it refits before it gets there (fh40:6.4)
			}
			b.str[sd] += a * e.worth[u] * evalShare[level]
			b.units[sd] += a
		}
	}
	return b
}

// germanHold is the chance that the Germans Control area p, target in
// reach, when days of Daylight are left: the balance of the strength both
// sides can bring there (mgmg:7.2), and who Controls it now, which counts
// the more the fewer days are left.
func (s *State) germanHold(b *fh40Brought, p int16, days float64) float64 {
	l := fh40Force * (b.str[germans] - b.str[allies]) / (b.str[germans] + b.str[allies] + evalForceK)
	held := evalHeld / (1 + days)
	if s.controller(p) == germans {
		l += held
	} else {
		l -= held
	}
	return logistic(l)
}

// germanZone is the chance that the Germans hold the Zone target in reach
// by unit count at the end of the turn (fh40:14.6): more units there than
// the Dutch, of those that can be there by then.
func (s *State) germanZone(reach *fh40Reach, target int, days float64) float64 {
	n := s.bring(reach, target, days).units
	return logistic(fh40Count * (n[germans] - n[allies] - 0.5))
}

// germanReaches is the chance that at least one German unit enters target
// within days (fh40:21.3: Nijmegen Contested).
func (s *State) germanReaches(reach *fh40Reach, target int, days float64) float64 {
	none := 1.0
	for u := range s.g.pieces.Units {
		if s.g.side[u] == germans && s.units[u].Loc >= 0 {
			none *= 1 - s.arrival(reach, target, u, days)
		}
	}
	return 1 - none
}
