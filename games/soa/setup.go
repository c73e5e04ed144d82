package soa

import (
	"fmt"
	"slices"

	"sandtable/engine"
)

// newState prepares the board for set-up (soa:5.1-5.3).
func (g *Game) newState(o options, seed uint64) *State {
	n := g.board.Len()
	s := &State{
		g: g, opt: o, rng: engine.NewRNG(seed),
		turn:   1,
		ta:     British, // soa:8.4
		origin: -1, mover: -1, ccPlace: -1, artFirst: -1, artFirstBy: -1,
	}
	for i := range s.units {
		s.units[i].Loc = locPool
	}
	for _, u := range g.artillery {
		s.units[u].Loc = locArtBox // soa:5.3
	}
	for i := 0; i < n; i++ {
		p := g.board.Place(i)
		s.control[i] = noSide
		if p.VP > 0 {
			s.control[i] = British // soa:5.1, 11.2
		}
		s.perim[i] = g.places[i].Perimeter // soa:5.1
	}
	s.step = stSetupBritish
	s.active = British
	if o.bidding {
		s.step = stBid
	}
	s.rehash()
	return s
}

// SettingUp implements engine.SettingUp (soa:5.4, 5.5).
func (s *State) SettingUp() bool { return s.step == stSetupBritish || s.step == stSetupGerman }

// placingUnit is the unit the current set-up choice places, or -1.
func (s *State) placingUnit() int16 {
	switch s.step {
	case stSetupBritish:
		return s.g.britStart[s.setupNext]
	case stSetupGerman:
		return s.g.germStart[s.setupNext]
	case stEventZone, stEventBZone, stEventCZone, stReformPlace:
		return s.stack.top().Unit
	}
	return -1
}

// setupOrder is the order in which the side setting up places its units.
func (s *State) setupOrder() []int16 {
	if s.step == stSetupGerman {
		return s.g.germStart
	}
	return s.g.britStart
}

// legalSetup lists the places the next unit may set up in, then the choices
// that place several units at once (docs/design.md section 6, point 8): each is a run of
// the same atomic placements, checked by the same canSetUp.
func (s *State) legalSetup(buf []engine.Action) []engine.Action {
	first := len(buf)
	buf = s.setupPlaces(buf)
	places := buf[first:]
	platoon, company := s.formationRuns()
	for _, run := range []struct {
		k kind
		n int
	}{{kPlatoon, platoon}, {kCompany, company}} {
		if run.n < 2 {
			continue
		}
		var left unitsLeft
		for _, a := range places {
			if _, p := split(a); s.canSetUp(int16(p), run.n, &left) {
				buf = append(buf, act(run.k, p))
			}
		}
	}
	if s.historicalSoFar() {
		buf = append(buf, act(kHistorical, 0))
	}
	if len(s.setupOrder())-s.setupNext > 1 {
		buf = append(buf, act(kRandomSetup, 0))
	}
	return buf
}

// setupPlaces lists the places the next unit may set up in.
func (s *State) setupPlaces(buf []engine.Action) []engine.Action {
	var left unitsLeft
	for i := 0; i < s.g.board.Len(); i++ {
		if s.canSetUp(int16(i), 1, &left) {
			buf = append(buf, act(kPlace, i))
		}
	}
	return buf
}

// formationRuns counts the units, from the next one on in the set-up order,
// of its platoon and of its company; a company run is 0 when it is no longer
// than the platoon's, so that no two choices do the same.
func (s *State) formationRuns() (platoon, company int) {
	order := s.setupOrder()
	u := s.g.units[order[s.setupNext]]
	run := func(same func(v UnitData) bool) int {
		n := 0
		for _, v := range order[s.setupNext:] {
			if !same(s.g.units[v]) {
				break
			}
			n++
		}
		return n
	}
	if u.Platoon != "" {
		platoon = run(func(v UnitData) bool { return v.Company == u.Company && v.Platoon == u.Platoon })
	}
	if u.Company != "" {
		company = run(func(v UnitData) bool { return v.Company == u.Company })
	}
	if company <= platoon {
		company = 0
	}
	return platoon, company
}

// historicalSoFar reports whether the historical set-up can finish this
// side's set-up: there is one and every unit placed so far is where it puts it.
func (s *State) historicalSoFar() bool {
	if s.g.historical == nil {
		return false
	}
	for _, u := range s.setupOrder()[:s.setupNext] {
		if s.units[u].Loc != s.g.historical[u] {
			return false
		}
	}
	return true
}

// canSetUp checks the set-up colours and limits (soa:3.61, 3.62, 5.4, 5.5)
// for the next n units of the set-up order all going to place p; left is
// shared by the calls for the same n.
func (s *State) canSetUp(p int16, n int, left *unitsLeft) bool {
	run := s.setupOrder()[s.setupNext:]
	if n > len(run) {
		return false
	}
	run = run[:n]
	for _, u := range run {
		if !s.g.setupArea(u, p) {
			return false
		}
	}
	if s.side(run[0]) == British {
		inf, arm := s.counts(p, British)
		if inf+arm+n > 10 { // soa:5.4: up to ten units an area
			return false
		}
		if !left.ready {
			*left = s.unitsLeft(n)
		}
		return s.g.vpAreasFillable(left, p)
	}
	ss, armor := 0, 0
	for _, u := range run {
		if s.g.units[u].Force == "army" {
			continue
		}
		ss++
		if s.isArmor(u) {
			armor++
		}
	}
	if ss == 0 {
		return true
	}
	for _, v := range s.g.sideUnits[German] {
		if s.units[v].Loc == p && s.g.units[v].Force == "ss" {
			ss++
			if s.isArmor(v) {
				armor++
			}
		}
	}
	return ss <= 5 && armor <= 3 // soa:5.5
}

// setupArea reports whether unit u may set up in place p, by its side and
// set-up dots, whatever already stands there (soa:3.61, 3.62, 5.4, 5.5).
func (g *Game) setupArea(u, p int16) bool {
	pl := &g.places[p]
	switch {
	case g.side[u] == British:
		return pl.Setup == "british" && (g.dotMask[u] == 0 || g.dotMask[u]&g.areaDots[p] != 0)
	case g.units[u].Force == "army": // soa:5.5: blue units start in zones A and/or B
		return pl.Setup == "bochoit"
	}
	return pl.Setup == "german"
}

// unitsLeft is what vpAreasFillable reads of the British set-up, worked out
// once for all the places a choice may go to. By Hall's theorem every VP area
// can still be brought up to three units when every set of VP areas short of
// units has at least as many units left whose dots fit one of them (soa:5.4).
// The slack of a set is those units less the units the set misses; placing
// the next n units in a VP area raises the slack of the sets holding it only.
// canSetUp fills it on first need.
type unitsLeft struct {
	ready   bool
	n       int    // units going to the place asked about
	settled bool   // true for every place: enough units without a dot, or more kinds of dots than we track
	need    [8]int // per VP area (index into g.vpAreas), units missing
	// least slack of all sets, of the sets holding VP area i, of the sets without it
	slackAll                int
	slackWith, slackWithout [8]int
}

func (s *State) unitsLeft(n int) unitsLeft {
	g := s.g
	l := unitsLeft{ready: true, n: n}
	for i := range g.vpAreas {
		l.need[i] = 3
	}
	var masks [8]uint8 // units left besides the next n, grouped by dot mask
	var counts [8]int
	free, kinds := 0, 0
	for i, u := range g.britStart {
		if loc := s.units[u].Loc; loc >= 0 {
			for i, p := range g.vpAreas {
				if p == loc {
					l.need[i]--
				}
			}
			continue
		}
		if i >= s.setupNext && i < s.setupNext+n {
			continue // the units being placed
		}
		m := g.dotMask[u]
		if m == 0 {
			free++ // no dot: fits every area
			continue
		}
		k := 0
		for k < kinds && masks[k] != m {
			k++
		}
		if k == kinds {
			if kinds == len(masks) {
				l.settled = true // more kinds of dots than we track: let the set-up go on
				return l
			}
			masks[k], kinds = m, kinds+1
		}
		counts[k]++
	}
	total := 0
	for i := range g.vpAreas {
		total += max(0, l.need[i])
	}
	if free >= total {
		l.settled = true
		return l
	}
	const none = 1 << 30
	l.slackAll = none
	for i := range g.vpAreas {
		l.slackWith[i], l.slackWithout[i] = none, none
	}
	for set := 1; set < 1<<len(g.vpAreas); set++ {
		want := 0
		var colours uint8
		for i := range g.vpAreas {
			if set&(1<<i) != 0 {
				want += max(0, l.need[i])
				colours |= g.areaDots[g.vpAreas[i]]
			}
		}
		have := free
		for k := 0; k < kinds; k++ {
			if masks[k]&colours != 0 {
				have += counts[k]
			}
		}
		slack := have - want
		l.slackAll = min(l.slackAll, slack)
		for i := range g.vpAreas {
			if set&(1<<i) != 0 {
				l.slackWith[i] = min(l.slackWith[i], slack)
			} else {
				l.slackWithout[i] = min(l.slackWithout[i], slack)
			}
		}
	}
	return l
}

// vpAreasFillable reports whether, after the next n units of the set-up order
// go to area at, the British units still to place (left) can bring every
// victory point area up to three units (soa:5.4).
func (g *Game) vpAreasFillable(left *unitsLeft, at int16) bool {
	if left.settled {
		return true
	}
	j := slices.Index(g.vpAreas, at)
	if j < 0 {
		return left.slackAll >= 0
	}
	filled := max(0, left.need[j]) - max(0, left.need[j]-left.n)
	return left.slackWithout[j] >= 0 && left.slackWith[j]+filled >= 0
}

// applySetup places the next unit; when both sides are done the set-ups are
// revealed and the first turn begins (soa:5.5, 5.6).
func (s *State) applySetup(p int16) {
	u := s.placingUnit()
	s.setUp(u, p)
	side := s.side(u)
	s.logFor(side, s.rule(), "%u sets up in %p", int(u), int(p))
	s.setupNext++
	if side == British && s.setupNext == len(s.g.britStart) {
		s.step, s.active, s.setupNext = stSetupGerman, German, 0
	}
	if side == German && s.setupNext == len(s.g.germStart) {
		s.revealed = true
		s.logf("soa:5.5", "both set-ups are revealed")
		s.startTurn()
	}
}

// setUp puts unit u in place p at set-up, a British anti-tank gun hidden
// when the option is on (soa:13.8).
func (s *State) setUp(u, p int16) {
	s.put(u, p, false)
	if s.side(u) == British && s.opt.hiddenAT && s.typ(u) == AntiTank {
		s.setHidden(u, true)
	}
}

// applySetupChoice plays one set-up choice as the atomic placements it
// stands for and returns their places, in order.
func (s *State) applySetupChoice(k kind, x int) []int16 {
	var run []int16
	place := func(p int16) {
		s.applySetup(p)
		run = append(run, p)
	}
	switch k {
	case kPlace:
		place(int16(x))
	case kPlatoon, kCompany:
		platoon, company := s.formationRuns()
		n := platoon
		if k == kCompany {
			n = company
		}
		for range n {
			place(int16(x))
		}
	case kHistorical:
		for st := s.step; s.step == st; {
			place(s.g.historical[s.placingUnit()])
		}
	case kRandomSetup:
		// Drawn from a generator derived from the game's, which it leaves
		// as it is: the record keeps the placements, and replaying them
		// must leave the dice where the set-up left them (docs/conformance/soa.md, soa:5.4).
		r := s.rng.Derive(fmt.Sprintf("soa setup-random %s %d", s.active, s.setupNext))
		var buf [64]engine.Action
		for st := s.step; s.step == st; {
			places := s.setupPlaces(buf[:0])
			_, p := split(places[r.Intn(len(places))])
			place(int16(p))
		}
	}
	return run
}

// Expand implements engine.Expander: a set-up choice that places several
// units stands for their placements, played out on a copy (soa:5.4, 5.5).
func (s *State) Expand(a engine.Action) []string {
	k, x := split(a)
	if k < kPlatoon || k > kRandomSetup {
		return nil
	}
	run := s.SearchClone().(*State).applySetupChoice(k, x)
	ids := make([]string, len(run))
	for i, p := range run {
		ids[i] = "place:" + s.g.board.Place(int(p)).ID
	}
	return ids
}

// historicalSetup is the content of data/setup.json: a place for every unit
// that sets up at the start, by side.
type historicalSetup struct {
	Note       string                       `json:"note"` // says this set-up is our reconstruction
	Historical map[string]map[string]string `json:"historical"`
}

// loadHistorical reads the historical set-up and checks it placement by
// placement with the rules of a player's set-up (soa:5.4, 5.5).
func (g *Game) loadHistorical(data []byte) error {
	var h historicalSetup
	if err := decodeStrict(data, &h); err != nil {
		return fmt.Errorf("soa setup.json: %w", err)
	}
	if h.Note == "" {
		return fmt.Errorf("soa setup.json: \"note\" is empty: say that this set-up is a reconstruction")
	}
	g.historical = make([]int16, len(g.units))
	for i := range g.historical {
		g.historical[i] = locPool
	}
	for side, places := range h.Historical {
		for id, at := range places {
			u, ok := g.byID[id]
			if !ok || g.side[u].String() != side || g.units[u].Pool != "" || g.units[u].Type == Artillery {
				return fmt.Errorf("soa setup.json: %q is not a %s unit of units.json that sets up at the start", id, side)
			}
			p, ok := g.placeIndex[at]
			if !ok {
				return fmt.Errorf("soa setup.json: %s is set up in %q, which is not a place of map.json", id, at)
			}
			g.historical[u] = p
		}
	}
	s := g.newState(options{}, 0)
	for _, order := range [][]int16{g.britStart, g.germStart} {
		for _, u := range order {
			p := g.historical[u]
			if p < 0 {
				return fmt.Errorf("soa setup.json: %s has no place; give every unit that sets up at the start one", g.units[u].ID)
			}
			if !slices.Contains(s.setupPlaces(nil), act(kPlace, int(p))) {
				return fmt.Errorf("soa setup.json: %s may not set up in %s after the units before it (soa:5.4, 5.5)", g.units[u].ID, g.board.Place(int(p)).ID)
			}
			s.applySetup(p)
		}
	}
	return nil
}
