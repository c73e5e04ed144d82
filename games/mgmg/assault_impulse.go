package mgmg

import (
	"fmt"
	"iter"
	"strings"
	"sync"

	"sandtable/engine"
)

// The movement of an Assault or Infiltration Impulse (mgmg:8.21, 8.22,
// 9.1): the side to act activates a place; then, one at a time, it picks a
// Fresh unit of the Active Area and enters places with it one by one
// until the unit stops or its owner stops it; then another, until it ends
// the impulse. The units that moved become Spent as it ends (mgmg:8.3).
//
// A unit entering enemy units stops there, bound to the Mandatory Assault
// the moving side resolves before the impulse ends (mgmg:10.1, 10.2,
// assault_resolution.go); others may make Optional Assaults (10.3), the
// units of a Contested Active Area assault there at any point (10.6), and
// units that overrun are picked again to move on (10.5). The failed
// infiltrators of each place assault together as the Infiltration Impulse
// ends (8.222). Bridge repair (19.2) and demolition (19.4) are
// bridge_impulse.go's.

// impulseKind is what a side does with its impulse (mgmg:8.2).
type impulseKind uint8

const (
	impulseNone         impulseKind = iota // not yet chosen
	impulseAssault                         // mgmg:8.21
	impulseInfiltration                    // mgmg:8.22
)

// placeSet is a set of places, one bit each by index.
type placeSet [(nPlaces + 63) / 64]uint64

func (ps *placeSet) add(p int)      { ps[p/64] |= 1 << (p % 64) }
func (ps *placeSet) has(p int) bool { return ps[p/64]&(1<<(p%64)) != 0 }

// moves is an impulse's Active Area and its movement so far.
type moves struct {
	Kind             impulseKind     `json:",omitempty"`
	Active           int16           `json:",omitempty"` // the Active Area (mgmg:8.21)
	Unit             int16           `json:",omitempty"` // the unit moving now, plus one; 0 when none
	Leg              legState        `json:",omitzero"`  // the moving unit's leg (movement.go)
	EnemyAtStart     placeSet        `json:",omitzero"`  // enemy-Controlled as the impulse began (mgmg:7.2)
	ContestedAtStart placeSet        `json:",omitzero"`  // Contested as the impulse began (mgmg:10.2)
	PointEntered     placeSet        `json:",omitzero"`  // entered by a Point Unit this impulse (mgmg:9.65)
	BridgeUses       [nBridges]uint8 `json:",omitzero"`  // by the map's bridges in order (mgmg:9.62)
	Mandatory        units           `json:",omitzero"`  // units bound to a Mandatory Assault where they stand (mgmg:10.2, 8.222)
	SeizeTried       uint32          `json:",omitempty"` // bridges, one bit each, a seizure was attempted on (mgmg:9.22)
	Seized           uint32          `json:",omitempty"` // bridges seized by a seizure dr: a toll for others (mgmg:9.22)
	SeizedNow        uint32          `json:",omitempty"` // those the moving unit seized, which it crosses without the toll
	SeizeTo          int16           `json:",omitempty"` // the place across the bridge whose seizure dr is on offer, plus one
	Assaulted        placeSet        `json:",omitzero"`  // places assaulted this impulse: no unit enters them again (mgmg:10.1)
	Came             [nUnits]uint16  `json:",omitzero"`  // by unit, where it last entered from, how, and the MF it had used (came, assault_resolution.go)
	Ending           bool            `json:",omitempty"` // the side ended its movement: the infiltrators' assaults follow (mgmg:8.222)
	Supported        units           `json:",omitzero"`  // field artillery that supported an assault this impulse (mgmg:15.12)
	Overran          units           `json:",omitzero"`  // assaulting units that overran and may move on (mgmg:10.5)
	ActiveCost       uint8           `json:",omitempty"` // halves of MF every unit of the Active Area has used by its assault there (mgmg:10.6)
	Carried          int16           `json:",omitempty"` // the infantry battalion Panzer Zug 1 carries this impulse, plus one; 0 when none (fh40:20.4)
}

// The bridge sets of moves are uint32: this fails to compile with more
// than 32 bridges.
const _ = uint32(1) << (nBridges - 1)

// legState is a Leg as a frame keeps it, small for the state's copies.
type legState struct {
	From, At            int16
	Entered, Cost, Used uint8
	Half, Done          bool
}

func (l legState) leg() Leg {
	return Leg{From: int(l.From), At: int(l.At), Entered: int(l.Entered), Cost: int(l.Cost), Used: int(l.Used), Half: l.Half, Done: l.Done}
}

func stateOf(l Leg) legState {
	return legState{From: int16(l.From), At: int16(l.At), Entered: uint8(l.Entered), Cost: uint8(l.Cost), Used: uint8(l.Used), Half: l.Half, Done: l.Done}
}

// hash adds the movement to a state's hash.
func (m *moves) hash(h *engine.Hasher) {
	h.Add(uint64(m.Kind) | uint64(uint16(m.Active))<<8 | uint64(uint16(m.Unit))<<24)
	l := m.Leg
	h.Add(uint64(l.From) | uint64(l.At)<<8 | uint64(l.Entered)<<16 | uint64(l.Cost)<<24 | uint64(l.Used)<<32 | bit(l.Half)<<40 | bit(l.Done)<<41)
	for _, ps := range []placeSet{m.EnemyAtStart, m.ContestedAtStart, m.PointEntered, m.Assaulted} {
		for _, w := range ps {
			h.Add(w)
		}
	}
	for _, n := range m.BridgeUses {
		h.Add(uint64(n))
	}
	for _, w := range m.Mandatory {
		h.Add(w)
	}
	h.Add(uint64(m.SeizeTried) | uint64(m.Seized)<<32)
	h.Add(uint64(m.SeizedNow) | uint64(uint16(m.SeizeTo))<<32)
	for _, c := range m.Came {
		h.Add(uint64(uint16(c)))
	}
	h.Add(bit(m.Ending))
	for _, w := range m.Supported {
		h.Add(w)
	}
	for _, w := range m.Overran {
		h.Add(w)
	}
	h.Add(uint64(m.ActiveCost))
	h.Add(uint64(uint16(m.Carried)))
}

// check reports what makes the movement impossible in a frame of procedure
// p: only an impulse moves units.
func (m *moves) check(p proc) error {
	if p != procImpulse && *m != (moves{}) {
		return fmt.Errorf("stack: a %s frame moves no units", procNames[p])
	}
	ok := m.Kind <= impulseInfiltration && m.Active >= 0 && m.Active < nPlaces && m.Unit >= 0 && m.Unit <= nUnits &&
		m.Leg.From >= 0 && m.Leg.From < nPlaces && m.Leg.At >= 0 && m.Leg.At < nPlaces && m.SeizeTo >= 0 && m.SeizeTo <= nPlaces && m.Carried >= 0 && m.Carried <= nUnits
	if !ok || m.Kind == impulseNone && (m.Unit != 0 || m.Leg != legState{} || m.Mandatory != units{}) || m.Mandatory[len(m.Mandatory)-1]>>(nUnits%64) != 0 || m.Supported[len(m.Supported)-1]>>(nUnits%64) != 0 ||
		m.Overran[len(m.Overran)-1]>>(nUnits%64) != 0 || m.ActiveCost > 4 {
		return fmt.Errorf("stack: impulse movement %+v names no impulse, place or unit of the game", *m)
	}
	for _, c := range m.Came {
		if from, cr := cameFrom(c); from >= nPlaces || cr.Kind > BoatCrossing {
			return fmt.Errorf("stack: impulse movement: a unit came from %d, no place of the game", from)
		}
	}
	return nil
}

// impulseFrame is the impulse in progress.
func (s *State) impulseFrame() *frame { return s.stack.top() }

// ground is the board as side sd sees it during its impulse (movement.go).
func (s *State) ground(sd side, mv *moves) *Ground { return s.groundIn(new(groundStore), sd, mv) }

// groundStore holds a Ground with its places and borders. Legal and Apply,
// which build one on every call, take theirs from groundPool and put it
// back once done with it, instead of allocating one each time.
type groundStore struct {
	ground  Ground
	places  [nPlaces]PlaceView
	borders [nBridges + nFerries]BorderAt
}

var groundPool = sync.Pool{New: func() any { return new(groundStore) }}

// groundIn is ground built in gs, whatever gs held before: each place is
// written whole.
func (s *State) groundIn(gs *groundStore, sd side, mv *moves) *Ground {
	mp := s.g.m
	gs.ground = Ground{Map: mp, German: sd == germans, Weather: s.weather, Day: int(s.turn), Impulse: s.ddayImpulse(),
		BoatReady: !s.boatUsed, Places: gs.places[:], FH40: s.g.fh40 != nil,
		Held: s.held, BoundaryAt: s.g.boundaryAt}
	g := &gs.ground
	if sd == s.g.boundarySide {
		g.Held = ^s.held // the Germans (the Dutch in fh40:9.62) hold every boundary without a Held! marker (mgmg:9.62)
	}
	for p := range gs.places {
		v, c, w, bit := &gs.places[p], s.control[p], p/64, uint64(1)<<(p%64)
		*v = PlaceView{} // then field by field: a whole PlaceView built apart costs a copy through memory
		v.EnemyAtStart, v.ContestedAtStart, v.PointEntered = mv.EnemyAtStart[w]&bit != 0, mv.ContestedAtStart[w]&bit != 0, mv.PointEntered[w]&bit != 0
		v.Enemy, v.Corps, v.Friends = c.side() != sd, c == ctlCorps, s.occ[p][sd] // Enemy: not held (ownGround), as the zones of Fortress Holland below
	}
	if g.FH40 {
		for p, zone := range s.g.zone {
			if zone {
				gs.places[p].Enemy = !s.ownGround(int16(p), sd)
			}
		}
	}
	var reach *[nPlaces]bool
	for _, p := range s.activeAreas(mv) {
		s.boatStart(g, sd, p, &reach)
	}
	if g.FH40 && g.German {
		s.fh40BoatBanks(g)
	}
	for _, u := range s.g.sideUnits[sd.other()] {
		st := s.units[u]
		if st.Loc < 0 {
			continue
		}
		v := &gs.places[st.Loc]
		if st.Level == StepFresh {
			v.FreshEnemies++
		} else {
			v.SpentEnemies++
		}
		if s.g.armour.has(u) {
			v.EnemyArmor = true
		}
	}
	g.Borders = gs.borders[:len(s.g.bridges)]
	for i, b := range s.g.bridges { // each on a border of its own; field by field as the places
		x := &g.Borders[i]
		x.Border, x.BorderView = b, BorderView{}
		x.Bridge, x.Uses, x.Rail = s.bridgeHold(i, sd), int(mv.BridgeUses[i]), s.railBridge(i)
		x.SeizeTried, x.Seized = mv.SeizeTried&(1<<i) != 0, (mv.Seized&^mv.SeizedNow)&(1<<i) != 0
	}
	for i, b := range s.g.ferries {
		v := g.border(b.A, b.B)
		v.Ferry = s.ferries[i]
		g.SetBorder(b, v)
	}
	g.BorderAt = s.g.groundBorderAt // the borders as laid out here
	return g
}

// bridgeHold is who holds bridge i as side sd sees it (mgmg:19.1); the
// Held! markers of boundaries without an intact bridge are held.go's.
func (s *State) bridgeHold(i int, sd side) BridgeHold {
	switch s.bridges[i].Held {
	case heldBlown:
		return BlownBridge
	case heldBy(sd):
		return FriendlyBridge
	}
	return EnemyBridge
}

// startMoving is the movement of an impulse of kind k that side sd
// begins in place p: the board as it stands is the impulse's start
// (mgmg:7.2, 10.2).
func (s *State) startMoving(k impulseKind, p int16, sd side) moves {
	mv := moves{Kind: k, Active: p}
	for q := range nPlaces {
		if !s.ownGround(int16(q), sd) {
			mv.EnemyAtStart.add(q)
		}
		if s.contested(int16(q)) {
			mv.ContestedAtStart.add(q)
		}
	}
	return mv
}

// activate begins an Assault or Infiltration Impulse in place p.
func (s *State) activate(k impulseKind, p int16) {
	f := s.impulseFrame()
	f.Move = s.startMoving(k, p, f.Side).carried(&f.Move) // mgmg:12.3: a second activation keeps the impulse's limits
	s.passes = 0                                          // mgmg:8.24: a pass and a pass only in a row
	if k == impulseAssault {
		s.logf("mgmg:8.21", "%S activate %p for an Assault Impulse", int(f.Side), int(p))
		return
	}
	s.logf("mgmg:8.22", "%S activate %p for an Infiltration Impulse", int(f.Side), int(p))
}

// mayMove reports a unit free to move: the active side's (mgmg:8.5),
// Fresh, of the Active Area and not yet moved this impulse, or one that
// has overrun (mgmg:10.5); with some place to enter (mgmg:8.3, 9.1).
func (s *State) mayMove(u int16, mv *moves, g *Ground) bool {
	st, f := s.units[u], s.impulseFrame()
	if st.Level != StepFresh || s.g.side[u] != f.Side || !mv.Overran.has(u) && (!s.startsIn(u, mv) || f.Acted.has(u)) {
		return false // mgmg:12.3, 18.42: a second Active Area's units, or those landed from the United Kingdom box, move too
	}
	leg := s.startLeg(u, mv, g)
	for range s.entries(u, leg, mv, g) {
		return true
	}
	return len(s.legalCarry(nil, u, leg, mv, g)) > 0 // fh40:20.4
}

// activeLeg is the leg unit u begins its movement with when it did not
// land this activation (landing.go's startLeg): from the Active Area,
// having used the MF of an assault there (mgmg:10.6), or, after an
// overrun, on from where it overran with the MF it had left (mgmg:10.5).
func (s *State) activeLeg(u int16, mv *moves) Leg {
	leg := StartLeg(int(mv.Active))
	leg.Used = int(mv.ActiveCost)
	if at := s.units[u].Loc; mv.Overran.has(u) && at != mv.Active {
		leg.At, leg.Entered, leg.Half, leg.Used = int(at), 1, false, cameSpent(mv.Came[u])
	}
	return leg
}

// entry is a place a moving unit may enter and how.
type entry struct {
	to  int
	how Via
}

// entries yields where unit u on leg may go next: by infiltration in an
// Infiltration Impulse, otherwise, and after an overrun, by border, ferry
// or boat.
func (s *State) entries(u int16, leg Leg, mv *moves, g *Ground) iter.Seq[entry] {
	return func(yield func(entry) bool) {
		m := s.mover(u, mv)
		mf, err := g.halted(m, leg)
		if err != nil {
			return // whatever the place (Enter)
		}
		hows := []Via{ViaBorder, ViaFerry, ViaBoat}
		if mv.Kind == impulseInfiltration && !mv.Overran.has(u) {
			hows = []Via{ViaInfiltration} // an infiltrator that overran moves on as any unit (mgmg:10.5, 26.0 example 14)
			if !m.Train && g.infiltrationStart(m, leg) != nil {
				return // whatever the place (Enter, crossing)
			}
		}
		for _, to := range g.Map.Neighbors(leg.At) {
			if mv.Assaulted.has(to) {
				continue // mgmg:10.1
			}
			for _, how := range hows {
				if how == ViaFerry && !g.Map.Ferry(leg.At, to) || how == ViaBoat && (m.German != g.FH40 || g.Map.Boundary(leg.At, to) != River) {
					continue // the common refusals, without building their errors
				}
				if _, err := g.enter(m, leg, to, how, mf); err == nil && !yield(entry{to, how}) {
					return
				}
			}
		}
	}
}

// legalImpulse lists the choices of the impulse in progress: its kind and
// Active Area, then the units to move, then where the moving unit goes.
func (s *State) legalImpulse(buf []engine.Action) []engine.Action {
	f := s.impulseFrame()
	mv := &f.Move
	if mv.Kind == impulseNone {
		return s.legalActivations(s.legalInterdiction(append(buf, act(kPass, 0))), f.Side)
	}
	gs := groundPool.Get().(*groundStore)
	defer groundPool.Put(gs)
	g := s.groundIn(gs, f.Side, mv)
	if mv.Unit == 0 {
		for _, u := range s.g.sideUnits[f.Side] { // mayMove: the active side's
			if s.mayMove(u, mv, g) {
				buf = append(buf, act(kMove, int(u)))
			}
		}
		if mv.Kind == impulseAssault {
			var pending bool
			buf = s.legalOptionalAssaults(buf, mv)
			if buf, pending = s.legalAssaults(buf, mv); pending {
				return buf // mgmg:10.2: resolved before the impulse ends
			}
		}
		return append(buf, act(kEndImpulse, 0))
	}
	u, leg := mv.Unit-1, mv.Leg.leg()
	buf = s.legalCarry(buf, u, leg, mv, g)
	for e := range s.entries(u, leg, mv, g) {
		buf = append(buf, act(kEnter, e.to|int(e.how)<<8))
	}
	if s.mayExit(u, leg, g) {
		buf = append(buf, act(kExitMap, 0))
	}
	if mv.Kind == impulseAssault && s.g.fh40 == nil { // mgmg:8.21 step 2; fh40:9.22 not used
		m := s.g.movers[u]
		for _, to := range g.Map.Neighbors(leg.At) {
			if g.MaySeize(m, leg, to) == nil {
				buf = append(buf, act(kSeize, to))
			}
		}
	}
	if !f.Acted.has(u) {
		return buf // a unit picked moves: it may stop once it has entered a place or tried a bridge
	}
	return append(buf, act(kStop, 0))
}

// activation is the choice that activates a place for an impulse of each kind.
var activation = [...]kind{impulseAssault: kAssaultImpulse, impulseInfiltration: kInfiltrationImpulse}

// legalActivations lists the places side sd may activate: for an Assault
// Impulse, any place with a unit free to move (mgmg:8.21) or, Contested,
// one that may assault there before moving (mgmg:10.6; not with no MF, as
// the Germans in Impulse 0 of September 17, mgmg:20.61); for an
// Infiltration Impulse, a Free place from which a unit may infiltrate
// (mgmg:8.22). Activating a place only to repair or demolish bridges
// (mgmg:8.21 steps 1 and 3) comes with those rules.
func (s *State) legalActivations(buf []engine.Action, sd side) []engine.Action {
	for a := range s.activations(sd, impulseKinds) {
		buf = append(buf, a)
	}
	return buf
}

// impulseKinds are the kinds of impulse a place is activated for by its
// units' movement; impulseKinds[:1] is the Assault Impulse alone.
var impulseKinds = []impulseKind{impulseAssault, impulseInfiltration}

// activations are legalActivations' choices of the kinds given, one at a
// time.
func (s *State) activations(sd side, kinds []impulseKind) iter.Seq[engine.Action] {
	return func(yield func(engine.Action) bool) {
		gs := groundPool.Get().(*groundStore)
		defer groundPool.Put(gs)
		f := s.impulseFrame()
		start := s.startMoving(impulseNone, 0, sd)
		g := s.groundIn(gs, sd, &start) // the same for both kinds: a ground does not read the kind, and boatStart marks only the Allies' (the Germans' in fh40, which has no infiltration)
		for _, k := range kinds {
			if k == impulseInfiltration && (sd != germans || s.g.fh40 != nil) { // fh40:8.22 not used
				continue
			}
			mv := start
			mv.Kind = k
			var seen placeSet
			var stuck [nPlaces]uint64 // by place, the classes of movers (Game.moverClass) that activate nothing there: units that move alike from the same place fail alike
			var reach *[nPlaces]bool
			for _, u := range s.g.sideUnits[sd] {
				st := s.units[u]
				p, c := st.Loc, s.g.moverClass[u]
				if p < 0 || p == s.g.uk || st.Level != StepFresh || seen.has(int(p)) || stuck[p]&(1<<c) != 0 {
					continue
				}
				mv.Active = p
				s.boatStart(g, sd, p, &reach) // as groundIn marks the Active Area
				switch {
				case s.activates(u, &mv, g):
					seen.add(int(p))
					if !yield(act(activation[k], int(p))) {
						return
					}
				case !f.Acted.has(u): // a unit that acted moves no more, whatever its class
					stuck[p] |= 1 << c
				}
			}
		}
	}
}

// boatStart marks on ground g whether an Allied Boat Assault may start in
// Active Area p, the only reader of the mark: from a Corps-Controlled place
// with a supply line to Zone F, while the marker is unused (mgmg:9.5). The
// German banks of Fortress Holland are every place's (fh40BoatBanks). The
// Allied supply lines are traced into *reach the first time they are needed.
func (s *State) boatStart(g *Ground, sd side, p int16, reach **[nPlaces]bool) {
	if s.g.fh40 == nil && sd == allies && !s.boatUsed && s.control[p] == ctlCorps {
		g.Places[p].Supplied = s.reachOnce(allies, reach)[p]
	}
}

// activates reports Fresh unit u making its place the Active Area of the
// impulse mv, seen on ground g: free to move, or, for an Assault Impulse in
// a Contested place, to assault there before moving (mgmg:10.6; not with
// no MF, mgmg:20.61).
func (s *State) activates(u int16, mv *moves, g *Ground) bool {
	p := s.units[u].Loc
	inPlace := mv.Kind == impulseAssault && s.contested(p) && s.g.units[u].Type.CanLead() && g.ImpulseMF(s.g.movers[u]) > 0
	return inPlace || s.mayMove(u, mv, g)
}

// mayActivate reports a Fresh unit of side sd in place p that activates it
// (activates) for the impulse mv would begin with ground g.
func (s *State) mayActivate(p int16, sd side, mv *moves, g *Ground) bool {
	mv.Active = p
	var reach *[nPlaces]bool
	s.boatStart(g, sd, p, &reach)
	for u, st := range &s.units {
		if st.Loc == p && s.g.side[u] == sd && st.Level == StepFresh && s.activates(int16(u), mv, g) {
			return true
		}
	}
	return false
}

// applyImpulse applies a choice of the impulse in progress.
func (s *State) applyImpulse(k kind, x int) {
	f := s.impulseFrame()
	mv := &f.Move
	switch k {
	case kPass:
		s.applyPass()
	case kAssaultImpulse:
		s.activate(impulseAssault, int16(x))
	case kInfiltrationImpulse:
		s.activate(impulseInfiltration, int16(x))
	case kMove:
		mv.Unit, mv.Leg = int16(x)+1, stateOf(s.startLeg(int16(x), mv, nil))
		mv.Overran[x/64] &^= 1 << (x % 64)
	case kEnter:
		s.enterPlace(int(mv.Unit-1), x&0xff, Via(x>>8))
	case kCarry:
		s.carry(int16(x))
	case kSeize:
		s.seize(int(mv.Unit-1), x)
	case kStop:
		s.stopUnit()
	case kEndImpulse:
		s.logf("mgmg:9.1", "%S end the impulse", int(f.Side))
		mv.Ending = true
		s.endMoving()
	case kAssault:
		s.startAssault(int16(x))
	}
}

// enterPlace moves the moving unit into place to via how (mgmg:9.1, 9.2).
func (s *State) enterPlace(u, to int, how Via) {
	f := s.impulseFrame()
	mv := &f.Move
	gs := groundPool.Get().(*groundStore)
	defer groundPool.Put(gs)
	g := s.groundIn(gs, f.Side, mv)
	m := s.mover(int16(u), mv)
	from := int(mv.Leg.At)
	e, err := g.Enter(m, mv.Leg.leg(), to, how)
	if err != nil {
		panic("mgmg: a listed entry is refused: " + err.Error())
	}
	f.Acted.add(int16(u))
	mv.Came[u] = came(from, e.Crossing, e.Leg.Spent())
	s.crossed(mv, e, from, to)
	if e.Boat {
		s.boatUsed = true // mgmg:9.5
	}
	if e.Point {
		mv.PointEntered.add(to)
	}
	mv.Leg = stateOf(e.Leg)
	s.put(int16(u), int16(to), StepFresh)
	s.carryAlong(int16(u), from, to, e)
	s.updateControl(int16(to))
	s.updateControl(int16(from)) // mgmg:7.2: the enemy left alone where the unit was takes it
	used := "(" + halves(e.Leg.Spent()) + " of " + halves(g.ImpulseMF(m)) + " MF used)"
	if s.ddayFrame() != nil {
		used = "with all its MF (mgmg:20.4C)"
	}
	s.logf("mgmg:9.2", "%u enters %p"+viaPhrase(how)+" "+used, u, to)
	if e.Crossing.Kind != BridgeCrossing && s.count(int16(to), f.Side.other()) == 0 {
		s.takeCrossing(from, to, e.Crossing, f.Side) // mgmg:9.22: a boundary crossed with no enemy beyond is gained
	}
	if how == ViaInfiltration {
		s.infiltrate(u)
		return
	}
	if e.Mandatory {
		// The Mandatory Assault is resolved once every unit has entered
		// (mgmg:10.1): the moving side picks when, with no unit moving
		// (assault_resolution.go). Its Infiltration Impulse has none yet.
		bound := s.boundToAssault(int16(u), mv)
		mv.Mandatory.add(bound)
		s.logf("mgmg:10.2", "%u must assault in %p", int(bound), to)
	}
	if e.Leg.Done {
		s.stopUnit()
	}
}

// crossed counts a unit's use of the bridge between from and to
// (mgmg:9.62), or turns the Ferry Crossing it used to its "Do Not Enter"
// side (mgmg:9.63).
func (s *State) crossed(mv *moves, e Entry, from, to int) {
	if e.Bridge {
		mv.BridgeUses[s.g.bridgeAt[from*nPlaces+to]]++
	}
	if e.Ferry {
		s.ferries[s.g.ferryAt[from*nPlaces+to]] = ferryUsed
	}
}

// infiltrate rolls the Infiltration dr of unit u, which entered to
// (mgmg:8.222), offered to the Advantage holder for a reroll (mgmg:12.2).
func (s *State) infiltrate(u int) {
	s.offerReroll(rrInfiltration, s.rng.Die(6), int16(u))
}

// infiltrationResult settles unit u's Infiltration dr: below the area's
// TEM in Clear, at most the TEM in Overcast, the unit is Spent there;
// otherwise it must assault (mgmg:8.222). Its movement is over.
func (s *State) infiltrationResult(u int16, dr int) {
	to := s.units[u].Loc
	tem := s.g.m.TEM(int(to))
	if Infiltrates(dr, tem, s.weather) {
		s.logf("mgmg:8.222", "%u infiltrates %p: dr %d against TEM %d", int(u), int(to), dr, tem)
		s.setLevel(u, StepSpent)
	} else {
		// the failed infiltrators assault together as the impulse ends
		// (mgmg:8.222, endMoving)
		s.logf("mgmg:8.222", "%u fails to infiltrate %p: dr %d against TEM %d; it must assault", int(u), int(to), dr, tem)
		s.impulseFrame().Move.Mandatory.add(u)
	}
	s.step = stImpulse
	s.stopUnit()
}

// stopUnit ends the moving unit's movement: another may move.
func (s *State) stopUnit() {
	mv := &s.impulseFrame().Move
	mv.Unit, mv.Leg, mv.SeizedNow = 0, legState{}, 0
}

// seize is the moving unit u's attempt to seize the enemy bridge to place
// to (mgmg:9.22, 19.3): one MF spent, the bridge tried, and the dr offered
// to the Advantage holder for a reroll (mgmg:12.2).
func (s *State) seize(u, to int) {
	f := s.impulseFrame()
	mv := &f.Move
	mv.SeizeTried |= 1 << s.g.bridgeAt[int(mv.Leg.At)*nPlaces+to]
	mv.Leg.Used += 2
	mv.SeizeTo = int16(to) + 1
	f.Acted.add(int16(u))
	s.offerReroll(rrSeizure, s.rng.Die(6), int16(u))
}

// seizureOdds says what a seizure of the bridge to place to needs: its
// modifier and the chance of the dr (mgmg:19.3).
func (s *State) seizureOdds(to int) string {
	f := s.stack.top()
	mv := &f.Move
	g := s.ground(f.Side, mv)
	drm := SeizureDRM(g.Places[to], g.Map.Boundary(int(mv.Leg.At), to) == River)
	ways := faces(func(dr int) bool { return Seizes(dr, drm) })
	return fmt.Sprintf("dr %+d, %s", drm, percentOf(ways, 6))
}

// seizureResult settles unit u's seizure dr: with its modifier 4 or more
// the bridge is its side's, and the units crossing it after pay one MF
// more (mgmg:9.22, 19.3).
func (s *State) seizureResult(u int16, dr int) {
	s.step = stImpulse
	f := s.impulseFrame()
	mv := &f.Move
	at, to := int(mv.Leg.At), int(mv.SeizeTo-1)
	mv.SeizeTo = 0
	i := s.g.bridgeAt[at*nPlaces+to]
	g := s.ground(f.Side, mv)
	drm := SeizureDRM(g.Places[to], g.Map.Boundary(at, to) == River)
	if Seizes(dr, drm) {
		s.bridges[i].Held = heldBy(f.Side)
		mv.Seized |= 1 << i
		mv.SeizedNow |= 1 << i
		s.logf("mgmg:9.22", "%u seizes the bridge to %p: dr %d, modifier %d", int(u), to, dr, drm)
	} else {
		s.logf("mgmg:9.22", "%u fails to seize the bridge to %p: dr %d, modifier %d", int(u), to, dr, drm)
	}
	if mv.Leg.leg().Spent() >= g.ImpulseMF(s.g.movers[u]) {
		s.stopUnit()
	}
	s.ddayResume() // mgmg:20.4B
}

// impulseAsks is what the impulse in progress asks of its side (ask) and
// what the other is told it decides (wait).
func (s *State) impulseAsks() (ask, wait string) {
	imp := impulseName(s.impulse)
	mv := &s.impulseFrame().Move
	switch {
	case mv.Kind == impulseNone:
		return fmt.Sprintf("Impulse %s: activate a place for an Assault, Infiltration or Bombardment Impulse, or pass", imp), "impulse " + imp
	case mv.Unit == 0:
		end := "end the impulse"
		if _, pending := s.legalAssaults(nil, mv); pending {
			end = "resolve the Mandatory Assaults (" + s.g.cite("mgmg:10.2") + ")"
		}
		return fmt.Sprintf("Impulse %s: pick a Fresh unit of %s to move, or %s", imp, s.g.placeName(mv.Active), end), "impulse " + imp + ": movement"
	}
	u := mv.Unit - 1
	m := s.g.movers[u]
	left := s.ground(s.impulseFrame().Side, mv).ImpulseMF(m) - mv.Leg.leg().Spent()
	what := "enter a place or stop"
	if !s.impulseFrame().Acted.has(u) {
		what = "enter a place (a unit picked moves at least once)"
	}
	return fmt.Sprintf("Impulse %s: %s has %s MF left: %s", imp, s.g.units[u].Name, halves(left), what), "impulse " + imp + ": movement"
}

// describeImpulse names a choice of the impulse's movement.
func (s *State) describeImpulse(k kind, x int, c *engine.Choice) {
	g := s.g
	switch k {
	case kAssaultImpulse:
		c.ID, c.Label, c.Rule = "assault:"+g.placeIDs[x], "Assault Impulse in "+g.placeName(int16(x)), "mgmg:8.21"
		c.Refs = []string{"area:" + g.placeIDs[x]}
	case kInfiltrationImpulse:
		c.ID, c.Label, c.Rule = "infiltrate:"+g.placeIDs[x], "Infiltration Impulse from "+g.placeName(int16(x)), "mgmg:8.22"
		c.Refs = []string{"area:" + g.placeIDs[x]}
	case kMove:
		c.ID, c.Label, c.Rule = "move:"+g.units[x].ID, "Move "+g.units[x].Name, "mgmg:9.1"
		c.Refs = []string{"unit:" + g.units[x].ID}
	case kEnter:
		how, to := Via(x>>8), x&0xff
		c.ID = "enter:" + g.placeIDs[to] + viaIDs[how]
		c.Label, c.Rule = "Enter "+g.placeName(int16(to))+viaPhrase(how)+": "+s.entryNote(to, how), "mgmg:9.2"
		c.Refs = []string{"area:" + g.placeIDs[to]}
	case kSeize:
		c.ID, c.Label, c.Rule = "seize:"+g.placeIDs[x], "Try to seize the bridge to "+g.placeName(int16(x))+" (1 MF): "+s.seizureOdds(x), "mgmg:9.22"
		c.Refs = []string{"area:" + g.placeIDs[x]}
	case kStop:
		c.ID, c.Label, c.Rule = "stop", "Stop this unit", "mgmg:9.1"
	case kEndImpulse:
		c.ID, c.Label, c.Rule = "end-impulse", "End the impulse", "mgmg:9.1"
	}
}

// entryNote says what entering to via how costs the moving unit and what
// follows, so that a player sees it before choosing: "1½ MF", "2 MF, then
// it stops", "a Mandatory Assault" (mgmg:9.2, 9.4, 9.67, 10.2).
func (s *State) entryNote(to int, how Via) string {
	f := s.impulseFrame()
	mv := &f.Move
	u := mv.Unit - 1
	gs := groundPool.Get().(*groundStore)
	defer groundPool.Put(gs)
	before := mv.Leg.leg()
	e, err := s.groundIn(gs, f.Side, mv).Enter(s.mover(u, mv), before, to, how)
	if err != nil {
		return err.Error()
	}
	note := halves(e.Leg.Spent()-before.Spent()) + " MF"
	if e.Leg.Done {
		note += ", then it stops"
	}
	if e.Mandatory {
		note += ", a Mandatory Assault"
	}
	return note
}

// viaPhrase is " by the ferry" and the like; nothing across a border.
func viaPhrase(how Via) string {
	if how == ViaBorder {
		return ""
	}
	return " " + viaNames[how]
}

// viaIDs end an enter choice's ID: "enter:16:ferry".
var viaIDs = [...]string{ViaBorder: "", ViaFerry: ":ferry", ViaBoat: ":boat", ViaInfiltration: ":infiltration"}

// parseImpulseChoice reads the IDs describeImpulse writes, cut at their
// first colon.
func (s *State) parseImpulseChoice(head, rest string) (engine.Action, bool) {
	g := s.g
	switch head {
	case "assault", "infiltrate":
		p, ok := g.placeIndex[rest]
		k := map[string]kind{"assault": kAssaultImpulse, "infiltrate": kInfiltrationImpulse}[head]
		return act(k, int(p)), ok
	case "move":
		u, ok := g.byID[rest]
		return act(kMove, int(u)), ok
	case "seize":
		p, ok := g.placeIndex[rest]
		return act(kSeize, int(p)), ok
	case "enter":
		place, via, _ := strings.Cut(rest, ":")
		p, ok := g.placeIndex[place]
		for how, v := range viaIDs {
			if v == ":"+via || v == "" && via == "" {
				return act(kEnter, int(p)|how<<8), ok
			}
		}
	}
	return 0, false
}
