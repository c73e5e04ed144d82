package soa

// The evaluation of a position for bots (engine.Evaluator, issue 7): the
// German victory points to be expected by the end of turn 8, as terms from
// the rules, mapped to the chance that a side wins. Search calls it on every
// determinization it plays out, so Evaluate allocates nothing and changes
// nothing. docs/bots.md explains the terms and their weights.

import (
	"math"
	"slices"

	"sandtable/board"
	"sandtable/engine"
)

// Weights of the evaluation, in German victory points.
const (
	evalPhantom = 8.0 // strength of one squad that may yet come (reinforcements, soa:17): keeps an empty map's odds even
	// Logits of the control model (soa:11.2): a sole occupant takes
	// control at this turn's Victory Point Determination Phase; a contested
	// or empty area keeps its control; the force balance near an area
	// decides it over the turns to come. The German odds are the odds of
	// these logits times the ratio of German to British strength near the
	// area, to the power 1 for this turn and 1.5 for later ones.
	evalNowSole, evalNowKeep = 3.0, 2.0
	evalFutSole, evalFutKeep = 1.0, 0.5
	// Victory points a side's lost strength is worth on turn 1, per point
	// of attack plus defence factor, falling to none on turn 8: a
	// British 4-7-5 squad about 0.66 VP, a German 3-5-5 about 0.32 VP. The
	// British hold six areas worth 12 VP a turn with some 50 units (soa:5.4)
	// against some 60 German ones; a British loss is harder to make good
	// though some come back as reformed units (soa:19).
	evalLossBritish, evalLossGerman = 0.06, 0.04
	// evalSpreadBase and evalSpreadTurn make the standard deviation of the
	// final German total seen from now, in VP: 3 + 3·√(turns after this
	// one). Whole random games end anywhere from about 5 to 40 VP; the
	// spread shrinks as fewer turns remain to score (soa:6.6).
	evalSpreadBase, evalSpreadTurn = 3.0, 3.0
)

// evalFar is how much a side's strength counts toward an objective area at
// a graph distance of 0, 1, 2 and 3 places: units in it hold it, units next
// to it may move in or fire at it within an impulse, units two places off
// within a turn (soa:8.2, 8.3).
var evalFar = [...]float64{1, 0.5, 0.2, 0.07}

// evalReach is how many places off units reach an area within a turn (evalFar).
const evalReach = 2

// evaluation is what Game prepares once for Evaluate.
type evaluation struct {
	near       [nPlaces][]placeWeight // per place, the places within evalFar, their distance and weight
	nowOdds    [3][2]float64          // control model: British over German odds by sole occupant (British, none, German) and controller (British, German), this turn
	futOdds    [3][2]float64          // the same for later turns
	worth      [nUnits]float64        // a unit's strength: attack plus defence factor
	ccAF       [nUnits]float64        // its attack factor in close combat, 0 if it makes none the evaluation counts
	holds      [nUnits]bool           // it counts for the control of a victory point area (soa:11.2)
	setupAreas [nUnits][]int16        // the places it may set up in (soa:5.4, 5.5)
	perimAreas []int16                // areas that start with a perimeter marker (soa:5.1)
	drawLine   float64                // middle of the Victory Point Track's draw block (soa:11.4)
}

// prepareEvaluation works out the distances, strengths and draw line.
func (g *Game) prepareEvaluation() {
	e := &g.eval
	n := g.board.Len()
	for a := 0; a < n; a++ {
		dist := board.Distances(g.board, a, nil)
		for p, d := range dist {
			if d >= 0 && d < len(evalFar) {
				e.near[a] = append(e.near[a], placeWeight{int16(p), int8(d), evalFar[d]})
			}
		}
		if g.places[a].Perimeter {
			e.perimAreas = append(e.perimAreas, int16(a))
		}
	}
	for i, u := range g.units {
		switch u.Type {
		case Artillery:
		case Bren: // soa:17.53: may not attack
			e.worth[i] = float64(u.DF)
		default:
			e.worth[i] = float64(u.AF + u.DF)
		}
		// soa:11.2: British AT guns and Bren carriers never control; AT
		// guns attack only armour in close combat (soa:13.5), which the
		// evaluation leaves out
		e.holds[i] = u.Type != Artillery && u.Type != Bren && (u.Type != AntiTank || u.Side != "british")
		if e.holds[i] {
			e.ccAF[i] = float64(u.AF)
		}
	}
	for _, u := range slices.Concat(g.britStart, g.germStart) {
		for p := range int16(n) {
			if g.setupArea(u, p) {
				e.setupAreas[u] = append(e.setupAreas[u], p)
			}
		}
	}
	e.drawLine = g.tables.drawLine()
	for sole := range e.nowOdds {
		for keep := range e.nowOdds[sole] {
			k := float64(2*keep - 1)
			now := evalNowSole * float64(sole-1)
			if sole == 1 {
				now += evalNowKeep * k
			}
			e.nowOdds[sole][keep] = math.Exp(-now)
			e.futOdds[sole][keep] = math.Exp(-(evalFutSole*float64(sole-1) + evalFutKeep*k))
		}
	}
}

// placeWeight is a place, its distance and how much its strength counts (evalFar).
type placeWeight struct {
	p int16
	d int8
	w float64
}

// drawLine is the middle of the draw block of the Victory Point Track, or
// the border between the British and German blocks when there is none
// (soa:11.4).
func (t *Tables) drawLine() float64 {
	for i, v := range t.Victory {
		if v.Winner == "" {
			return float64(v.Min+v.Max) / 2
		}
		if v.Winner == "german" && i > 0 {
			return float64(t.Victory[i-1].Max+v.Min) / 2
		}
	}
	return float64(t.Victory[0].Max)
}

// evalTerms are the parts of the evaluation, in German victory points.
type evalTerms struct {
	scored, bid, control, perimeter, material, closeCombat, drawLine float64
}

func (t *evalTerms) sum() float64 {
	return t.scored + t.bid + t.control + t.perimeter + t.material + t.closeCombat - t.drawLine
}

// Evaluate implements engine.Evaluator: the chance that seat wins, a draw
// counting a half. A seat that plays neither side gets a half.
func (s *State) Evaluate(seat engine.Seat) float64 {
	side := s.viewerSide(seat)
	if side == noSide {
		return 0.5
	}
	if s.result != nil {
		return s.result.For(seat)
	}
	if s.step == stBid {
		return s.bidValue(seat)
	}
	var t evalTerms
	s.evalTerms(&t)
	p := logistic(t.sum() / s.evalScale())
	if side == British {
		return 1 - p
	}
	return p
}

// Assess implements engine.Evaluator: the terms of Evaluate for seat, in
// victory points, positive when they favour seat. Evaluate is the logistic
// of their sum over a scale that shrinks with the turns left (evalScale).
func (s *State) Assess(seat engine.Seat) []engine.Term {
	side := s.viewerSide(seat)
	if side == noSide {
		return nil
	}
	if s.step == stBid {
		p := s.bidValue(seat)
		return []engine.Term{{Name: "the bids so far", Rule: "soa:21.1", Value: s.evalScale() * math.Log(p/(1-p))}}
	}
	var t evalTerms
	s.evalTerms(&t)
	sign := 1.0
	if side == British {
		sign = -1
	}
	out := []engine.Term{
		{Name: "victory points scored", Rule: "soa:11.3", Value: sign * t.scored},
		{Name: "control of the victory point areas to come", Rule: "soa:11.2", Value: sign * t.control},
		{Name: "perimeter reduction bonus to come", Rule: "soa:11.5", Value: sign * t.perimeter},
		{Name: "units eliminated", Rule: "soa:8.354", Value: sign * t.material},
		{Name: "close combat to come", Rule: "soa:9.6", Value: sign * t.closeCombat},
		{Name: "draw line of the Victory Point Track", Rule: "soa:11.4", Value: -sign * t.drawLine},
	}
	if s.opt.bidding {
		out = append(out, engine.Term{Name: "bid paid for the British side", Rule: "soa:21.2", Value: sign * t.bid})
	}
	return out
}

// evalScale is the logistic scale of the final German total's spread seen
// from now: a standard deviation times √3/π (evalSpreadBase).
func (s *State) evalScale() float64 {
	left := float64(max(0, lastTurn-s.turn))
	return (evalSpreadBase + evalSpreadTurn*math.Sqrt(left)) * math.Sqrt(3) / math.Pi
}

func logistic(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// evalTerms fills t from the position.
func (s *State) evalTerms(t *evalTerms) {
	e := &s.g.eval
	t.drawLine = e.drawLine
	if s.opt.bidding {
		t.bid = float64(max(s.bids[German], s.bids[British])) // soa:21.2: the winning bid is paid
	}
	t.scored = float64(s.vp) - t.bid

	// strength per place: all German units, British units that fight and
	// those that count for control (soa:11.2: not AT guns or Bren carriers)
	var de, gb, gbHold [nPlaces]float64
	var lostDE, lostGB float64
	var cc [nPlaces]ccCount
	for _, u := range s.g.sideUnits[German] {
		switch loc := s.units[u].Loc; {
		case loc >= 0:
			de[loc] += e.worth[u]
			cc[loc].add(German, e.ccAF[u], e.worth[u])
		case loc == locElim:
			lostDE += e.worth[u]
		}
	}
	for _, u := range s.g.sideUnits[British] {
		switch loc := s.units[u].Loc; {
		case loc >= 0:
			gb[loc] += e.worth[u]
			if e.holds[u] {
				gbHold[loc] += e.worth[u]
				cc[loc].add(British, e.ccAF[u], e.worth[u])
			}
		case loc == locElim || loc == locBox:
			lostGB += e.worth[u]
		}
	}
	if s.SettingUp() {
		s.evalToSetUp(&de, &gb, &gbHold)
	}

	turns := float64(lastTurn - s.turn) // VP phases after this turn's
	for _, a := range s.g.vpAreas {
		now, fut := s.evalArea(a, &de, &gb, gbHold[a] > 0)
		t.control += float64(s.g.board.Place(int(a)).VP) * (now + turns*fut)
	}
	if b := perimeterBonus(s.turn); b > 0 {
		next := float64(perimeterBonus(s.turn + 1))
		for _, a := range e.perimAreas {
			if !s.perim[a] {
				continue
			}
			now, fut := s.evalArea(a, &de, &gb, gb[a] > 0) // soa:11.5.1: any British unit keeps it
			t.perimeter += float64(b)*now + (1-now)*next*fut
		}
	}
	late := turns / (lastTurn - 1)
	t.material = late * (evalLossBritish*lostGB - evalLossGerman*lostDE)
	for p := range cc {
		lostB, lostG := cc[p].exchange()
		t.closeCombat += late * (evalLossBritish*lostB - evalLossGerman*lostG)
	}
}

// evalToSetUp counts the units still to set up, each spread evenly over the
// places its set-up rules allow (soa:5.4, 5.5): until both set-ups are
// revealed a side is all its units, not those placed so far. The British
// set up first, so while they do the whole German set-up is to come.
func (s *State) evalToSetUp(de, gb, gbHold *[nPlaces]float64) {
	german := s.g.germStart
	if s.step == stSetupGerman {
		german = german[s.setupNext:]
	} else {
		s.spreadToSetUp(s.g.britStart[s.setupNext:], gb, gbHold)
	}
	s.spreadToSetUp(german, de, nil)
}

// spreadToSetUp adds the strength of units to at in even shares over the
// places each may set up in, and to hold, if any, for those that count for
// control (soa:11.2).
func (s *State) spreadToSetUp(units []int16, at, hold *[nPlaces]float64) {
	e := &s.g.eval
	for _, u := range units {
		share := e.worth[u] / float64(len(e.setupAreas[u]))
		for _, p := range e.setupAreas[u] {
			at[p] += share
			if hold != nil && e.holds[u] {
				hold[p] += share
			}
		}
	}
}

// evalArea is the chance that the German controls objective a at this
// turn's Victory Point Determination Phase and at each later one (soa:11.2):
// a sole occupant takes it now, control stays in a contested or empty area,
// and the strength of both sides near it decides it later. british says
// whether British units that hold it are there. On turn 1 a British sole
// occupancy is the set-up's (soa:5.4), not yet fought for: where German
// units stand within a turn's reach of it, the later turns see it contested.
func (s *State) evalArea(a int16, de, gb *[nPlaces]float64, british bool) (now, fut float64) {
	e := &s.g.eval
	var g, b float64
	for _, n := range e.near[a] {
		g += n.w * de[n.p]
		b += n.w * gb[n.p]
	}
	ratio := (b + evalPhantom) / (g + evalPhantom)
	sole := 1
	switch {
	case de[a] > 0 && !british:
		sole = 2
	case british && de[a] == 0:
		sole = 0
	}
	keep := 0
	if s.control[a] == German {
		keep = 1
	}
	later := sole
	if sole == 0 && s.turn == 1 {
		for _, n := range e.near[a] {
			if n.d > 0 && n.d <= evalReach && de[n.p] > 0 {
				later = 1
				break
			}
		}
	}
	return 1 / (1 + e.nowOdds[sole][keep]*ratio), 1 / (1 + e.futOdds[later][keep]*ratio*math.Sqrt(ratio))
}

// ccCount is what one side brings to a close combat in a place (soa:9).
type ccCount struct {
	n     [2]float64 // units that may attack
	af    [2]float64 // their attack factors
	worth [2]float64 // their strength
}

func (c *ccCount) add(side Side, af, worth float64) {
	if af == 0 {
		return // soa:17.53
	}
	c.n[side]++
	c.af[side] += af
	c.worth[side] += worth
}

// exchange is the strength each side expects to lose in this place's close
// combat (soa:9.5, 9.6): as many defenders are attacked as there are
// attackers, each by its share of them, and a roll of 6 eliminates after
// one added per attacker beyond the first and the attack factor the
// attackers have over the defender (soa:9.61), on average factors.
func (c *ccCount) exchange() (lostBritish, lostGerman float64) {
	if c.n[German] == 0 || c.n[British] == 0 {
		return 0, 0
	}
	lost := func(att, def Side) float64 {
		per := max(1, c.n[att]/c.n[def]) // attackers per defender attacked
		adv := max(0, c.af[att]/c.n[att]-c.af[def]/c.n[def])
		kill := min(1, (per+adv)/6)
		return min(c.n[att], c.n[def]) * kill * c.worth[def] / c.n[def]
	}
	return lost(German, British), lost(British, German)
}

// bidValue is the chance that seat wins while the bids are open (soa:21):
// a half until a bid is in; then, for the seat that bid b, the other's bid
// is taken to lie evenly within evalBidSpread of an even game's 0, the
// higher bidder commands the British and the German total starts at the
// higher bid (soa:21.1, 21.2), and a tie is bid again (soa:21.3).
func (s *State) bidValue(seat engine.Seat) float64 {
	var bidder Side
	switch {
	case s.bidDone[British]: // the seat commanding the British bids first
		bidder = British
	case s.bidDone[German]:
		bidder = German
	default:
		return 0.5
	}
	scale := s.evalScale()
	b := s.bids[bidder]
	v := 0.0
	for o := -evalBidSpread; o <= evalBidSpread; o++ {
		switch {
		case b > o: // seat takes the British at b
			v += 1 - logistic(float64(b)/scale)
		case b < o: // seat takes the German at o
			v += logistic(float64(o) / scale)
		default:
			v += 0.5
		}
	}
	v /= 2*evalBidSpread + 1
	if bidder.Seat() != seat {
		return 1 - v
	}
	return v
}

// evalBidSpread is how far from 0 the other player's bid is taken to lie.
const evalBidSpread = 5
