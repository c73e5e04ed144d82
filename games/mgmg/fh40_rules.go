package mgmg

import (
	"errors"
	"fmt"

	"sandtable/engine"
)

// Fortress Holland's rule changes (seed 000, second part) that hook into
// mgmg's sequence, movement, supply and victory: the turn's Weather Phase
// with its fog (fh40:6.21, 17), the free Refit Phase with supply by area
// number and from Zone G (fh40:6.4, 13), zone control by unit count
// (fh40:14.6), Panzer Zug 1's rail movement (fh40:20.4), the German Boat
// Assaults (fh40:9.5), leaving the map from Zone G (fh40:21.4) and the
// victory conditions (fh40:21). The D-Day phase is fh40_dday.go.

// fogLastImpulse is the last impulse of a foggy day's fog (fh40:17.3).
const fogLastImpulse = 5

// dutchSupplyArea is the lowest area number in which Dutch units are in
// supply after May 10 (fh40:6.4, 13.4).
const dutchSupplyArea = 48

// fh40Need is the German Victory Points that win at the end of May 12
// (fh40:21.2).
const fh40Need = 3

// may is the date in May of a turn, whose Turn marker stands on the
// September space turn (fh40:3.6).
func may(turn int8) int { return int(turn) - FirstDay + FH40FirstDay }

// date is a turn's day as the game's calendar names it: "September 18",
// or "May 11" in Fortress Holland (fh40:3.6).
func (g *Game) date(turn int8) string {
	if g.fh40 != nil {
		return fmt.Sprintf("May %d", may(turn))
	}
	return fmt.Sprintf("September %d", turn)
}

// fh40WeatherFor is the weather a Weather dr gives: 1 Fog, 2-6 Clear
// (fh40:6.21).
func fh40WeatherFor(dr int) weather {
	if dr == 1 {
		return fog
	}
	return clear
}

// fh40Dawn begins a turn (fh40:6.1): the Air Bombardment markers are Fresh
// again (fh40:16.1); May 10 is Clear and begins with the Bridge Demolition
// Phase (fh40:6.22, 17.1); on May 11 and 12 a Weather dr comes first
// (fh40:6.21), offered for a reroll (mgmg:12.2), and the Daylight Phase
// follows (setWeather). There are no reinforcements (fh40:18.0).
func (s *State) fh40Dawn() {
	s.logf("fh40:6.1", "May %d, 1940: Turn %d", may(s.turn), int(s.turn)-FirstDay+1)
	s.airUsed = 0
	if s.turn == FirstDay {
		s.weather, s.dawnWeather = clear, clear
		s.startDemolition()
		return
	}
	s.rollWeather()
}

// fh40BoatBanks marks each place from which a German Boat Assault may set
// out by its supply line to Zone C or D (fh40:9.5). The lines are traced
// again only when what they run through changed (banksMemo).
func (s *State) fh40BoatBanks(g *Ground) {
	m := s.banks
	if m == nil || m.control != s.control || m.bridges != s.bridges || m.ferries != s.ferries {
		m = &banksMemo{control: s.control, bridges: s.bridges, ferries: s.ferries, reach: s.supplyReach(germans)}
		s.banks = m
	}
	for p := range g.Places {
		g.Places[p].Supplied = m.reach[p]
	}
}

// banksMemo is the German supply lines of Fortress Holland with all they
// are traced from: Zones C and D, the Control of places and the bridges and
// ferries crossed (lineReach), not the units. A state whose lines differ
// puts a new one in its place rather than change it, so clones share it.
type banksMemo struct {
	control [nPlaces]control
	bridges [nBridges]bridge
	ferries [nFerries]ferryState
	reach   [nPlaces]bool
}

// railBridge reports one of Fortress Holland's railway bridges, which only
// the armoured train crosses (fh40:19.6).
func (s *State) railBridge(i int) bool { return s.g.fh40 != nil && s.g.fh40.railBridges&(1<<i) != 0 }

// fh40BoatAssault checks a German Boat Assault across the river to place to
// and notes it in e (fh40:9.5, 10.4): non-mechanized infantry, after May
// 10 an engineer, that began the impulse in a Free area, from a Free bank
// with a supply line to Zone C or D, over a river without an intact
// bridge. As many as the Germans like; it costs the MF left and assaults
// any defender. The unit may first move to the bank: no German area of
// the set-up borders the Maas (fh40:5.2), so the May 10 Boat Assaults
// fh40:9.5 grants need it (docs/conformance/fh40.md).
func (g *Ground) fh40BoatAssault(m Mover, leg Leg, to int, bv BorderView, e *Entry) error {
	src := &g.Places[leg.At]
	switch {
	case !m.German || m.Type != Infantry:
		return refusal("only German infantry, not mechanized, makes a Boat Assault (fh40:9.5, 10.4)")
	case g.Day > FirstDay && !m.Engineer:
		return refusal("after May 10 only an engineer makes a Boat Assault (fh40:9.5)")
	case bv.Bridge.intact():
		return refusal("a Boat Assault crosses a river boundary without a bridge, or with a destroyed one (fh40:9.5)")
	case g.Places[leg.From].ContestedAtStart:
		return refusal("a Boat Assault is made by a unit that began the impulse in a Free area (fh40:9.5)")
	case !src.free() || !src.Supplied:
		return refusal("a Boat Assault sets out from a Free area that traces a supply line to Zone C or D (fh40:9.5)")
	}
	e.Mandatory = g.Places[to].enemies() > 0 // as mgmg's (docs/conformance/mgmg.md)
	e.Boat, e.Crossing = true, Crossing{Kind: BoatCrossing}
	return nil
}

// enterByRail is what entering place to does to Panzer Zug 1 on leg, which
// has mf halves of MF, or why it may not (fh40:20.4): along a railway
// only, never into a Zone, two MF an area whoever holds it, across a river
// or canal only by an intact bridge, railway bridges included (fh40:19.6),
// and from a Contested area never by the enemy's (mgmg:9.621).
// It stops in the first enemy-occupied area; with no attack factor it
// enters one where a Mandatory Assault is due only carrying a battalion,
// which is bound to it (fh40:20.4, 10.2; docs/conformance/fh40.md).
func (g *Ground) enterByRail(leg Leg, to, mf int, carrying bool, how Via) (Entry, error) {
	mp, at := g.Map, leg.At
	src, dst := &g.Places[at], &g.Places[to]
	riders := 1
	if carrying {
		riders = 2
	}
	switch {
	case how != ViaBorder:
		return Entry{}, errors.New("the armoured train moves by rail only: no Boat Assault (fh40:20.4, 9.5)")
	case mp.IsZone(to):
		return Entry{}, errors.New("the armoured train may not enter Zones (fh40:20.4)")
	case !mp.Railway(at, to):
		return Entry{}, errors.New("the armoured train moves only along railways (fh40:20.4)")
	case dst.Friends >= stackLimit:
		return Entry{}, fmt.Errorf("%s already holds ten friendly units (mgmg:9.61, 7.1)", mp.Place(to).ID)
	case dst.Assaulted:
		return Entry{}, fmt.Errorf("%s was assaulted this impulse: no more units enter it (mgmg:9.3, 10.1)", mp.Place(to).ID)
	case int(dst.Friends)+riders > stackLimit:
		return Entry{}, fmt.Errorf("%s has no room for the train and its battalion (mgmg:9.61, 7.1)", mp.Place(to).ID)
	case src.enemies() > 0 && !dst.free():
		return Entry{}, errors.New("a unit leaves a Contested area only into a Free area (mgmg:9.2)")
	}
	e := Entry{Leg: leg}
	if b := mp.Boundary(at, to); b != OpenGround {
		bv := g.border(at, to)
		switch {
		case !bv.Bridge.intact():
			return Entry{}, errors.New("the armoured train crosses a river or canal only by an intact bridge (fh40:20.4, 19.6)")
		case bv.Uses+riders > bridgeLimit:
			return Entry{}, errors.New("five units have used this bridge this impulse (mgmg:9.62)")
		case src.enemies() > 0 && bv.Bridge == EnemyBridge:
			return Entry{}, errors.New("no unit crosses an enemy-held bridge from a Contested area (mgmg:9.621)")
		}
		e.Bridge = true
		e.Crossing = Crossing{Kind: BridgeCrossing, DefenderBridge: bv.Bridge == EnemyBridge, River: b == River}
	}
	if dst.enemies() > 0 { // fh40:20.4: it stops in the first enemy-occupied area
		// mgmg:10.2: a Mandatory Assault into an area not Contested as the
		// impulse began, or over the enemy's bridge into a Contested one
		e.Stop, e.Mandatory = true, !dst.ContestedAtStart || e.Crossing.DefenderBridge && dst.Friends > 0
		if e.Mandatory && !carrying {
			return Entry{}, errors.New("the armoured train has no attack factor: it enters where a Mandatory Assault is due only carrying a battalion (fh40:20.4, 10.2)")
		}
	}
	n := &e.Leg
	n.At, n.Half = to, false
	n.Entered++
	n.Cost += 4 // fh40:20.4
	if n.Spent() > mf {
		if leg.Spent() > 0 {
			return Entry{}, fmt.Errorf("entering %s costs 2 MF, more than the %s left (fh40:20.4)", mp.Place(to).ID, halves(mf-leg.Spent()))
		}
		n.Used, n.Cost = mf, 0 // mgmg:9.21 minimum move
	}
	n.Done = e.Stop || n.Spent() >= mf
	return e, nil
}

// mover is what movement asks of unit u in the impulse's movement mv: the
// train knows whether it carries a battalion (fh40:20.4).
func (s *State) mover(u int16, mv *moves) Mover {
	m := s.g.movers[u]
	m.Carrying = m.Train && mv.Carried != 0
	return m
}

// legalCarry offers Panzer Zug 1, picked to move and not yet moved, each
// Fresh infantry battalion of the Active Area that has not acted this
// impulse to carry (fh40:20.4), if the two can go somewhere together.
func (s *State) legalCarry(buf []engine.Action, u int16, leg Leg, mv *moves, g *Ground) []engine.Action {
	if !s.g.units[u].Train || mv.Carried != 0 || leg.Spent() > 0 {
		return buf
	}
	f := s.impulseFrame()
	for b := range int16(len(s.g.pieces.Units)) {
		d := &s.g.units[b]
		if s.g.side[b] != f.Side || d.Type != Infantry || d.Size != SizeBattalion || s.units[b].Loc != mv.Active || s.units[b].Level != StepFresh || f.Acted.has(b) {
			continue
		}
		aboard := *mv
		aboard.Carried = b + 1
		for range s.entries(u, leg, &aboard, g) {
			buf = append(buf, act(kCarry, int(b)))
			break
		}
	}
	return buf
}

// carry puts battalion b aboard the moving train: it moves with it and
// moves no more on its own this impulse (fh40:20.4).
func (s *State) carry(b int16) {
	f := s.impulseFrame()
	f.Move.Carried = b + 1
	f.Acted.add(b)
	s.logf("fh40:20.4", "%u boards %u", int(b), int(f.Move.Unit-1))
}

// carryAlong moves the battalion the train u carries with it from place
// from into to, as the train entered it (e): its bridge, its crossing for
// the DV, a Point Unit's entry (fh40:20.4, mgmg:9.62, 9.65, 10.73).
func (s *State) carryAlong(u int16, from, to int, e Entry) {
	mv := &s.impulseFrame().Move
	if mv.Carried == 0 || !s.g.units[u].Train {
		return
	}
	b := mv.Carried - 1
	mv.Came[b] = came(from, e.Crossing, e.Leg.Spent())
	s.crossed(mv, e, from, to)
	mv.PointEntered.add(to)
	s.put(b, int16(to), StepFresh)
	s.logf("fh40:20.4", "%u rides along into %p", int(b), to)
}

// boundToAssault is the unit bound to the Mandatory Assault that unit u's
// entry calls for: u itself, or the battalion the train carries, the train
// having no attack factor (fh40:20.4).
func (s *State) boundToAssault(u int16, mv *moves) int16 {
	if mv.Carried != 0 && s.g.units[u].Train {
		return mv.Carried - 1
	}
	return u
}

// fh40SupplySource reports Zone z a Supply Source of side: Zones C and D
// of the Germans (fh40:13.81), Zone G of the French (fh40:13.82), whoever
// Controls them.
func (r *fh40Rules) supplySource(z int16, sd side) bool {
	if sd == germans {
		return z == r.zoneC || z == r.zoneD
	}
	return z == r.zoneG
}

// dutchIsolated reports a Dutch unit out of supply (fh40:6.4, 13.4, 13.8):
// on May 10 none is; after it, one not in an area numbered 48 or higher or
// in a Zone other than C or D. Dutch units trace no supply line.
func (s *State) dutchIsolated(u int16) bool {
	r, p := s.g.fh40, s.units[u].Loc
	if s.turn == FirstDay || p < 0 {
		return false
	}
	if s.g.zone[p] {
		return p == r.zoneC || p == r.zoneD
	}
	return s.g.m.Number(int(p)) < dutchSupplyArea
}

// fh40InSupply reports unit u in supply for the Refit Phase (fh40:6.4,
// 13.4, 13.8): a Dutch unit not Isolated; a German or French unit with a
// supply line from its side's Supply Source (reach).
func (s *State) fh40InSupply(u int16, reach *[2][nPlaces]bool) bool {
	if s.g.units[u].Force == DutchArmy {
		return !s.dutchIsolated(u)
	}
	return reach[s.g.side[u]][s.units[u].Loc]
}

// fh40Refit is the Refit Phase (fh40:6.4, 13.3): the Dutch, then the
// Germans, refit every unit in supply one level at no cost (fh40:13.6);
// then each Isolated Dutch unit makes its Surrender dr (fh40:13.9,
// surrenderFrom), and the Regroup Phase follows. There are no depots,
// Reserves or Impulse purchases (fh40:13.41-13.424, 13.7).
func (s *State) fh40Refit() {
	reach := [2][nPlaces]bool{s.supplyReach(germans), s.supplyReach(allies)}
	for _, sd := range []side{allies, germans} {
		for u := range int16(len(s.g.pieces.Units)) {
			if s.g.side[u] == sd && s.units[u].Loc >= 0 && s.units[u].Level > StepFresh && s.fh40InSupply(u, &reach) {
				s.setLevel(u, s.units[u].Level-1)
				s.logf("fh40:13.6", "%u refits in %p", int(u), int(s.units[u].Loc))
			}
		}
	}
	s.active = allies
	s.surrender()
}

// controlZonesByCount gives each Zone in play to the side with more units
// in it, the Dutch when the Germans have no more than they (fh40:7.2,
// 14.6), at the end of each turn. Zone control counts only for Victory
// Points; moving into a Zone does not change it (fh40:7.2).
func (s *State) controlZonesByCount() {
	for p := range int16(nPlaces) {
		if !s.g.zone[p] || !s.g.m.InFortressHolland(int(p)) {
			continue
		}
		c := ctlAirborne
		if s.count(p, germans) > s.count(p, allies) {
			c = ctlGerman
		}
		if s.control[p] != c {
			s.setControl(p, c)
			s.logf("fh40:14.6", "%S now Control %p, holding more units there", int(c.side()), int(p))
		}
	}
}

// fh40EndTurn ends a turn after the Regroup Phase: the Zones change hands by
// unit count (fh40:14.6); at the end of May 10 the Germans win at once if
// they Control Tilburg, Zone G (fh40:21.1), and otherwise lose a Victory
// Point if the Dutch Control Zone E and another if they have neither
// Contested nor Controlled Nijmegen (28); at the end of May 11 Veghel (51)
// earns them one (fh40:21.3); the end of May 12 decides the game
// (fh40:21.2).
func (s *State) fh40EndTurn() {
	s.controlZonesByCount()
	r := s.g.fh40
	switch s.turn {
	case FirstDay:
		if s.controller(r.zoneG) == germans {
			s.end(germans, "breakthrough", s.victoryPoints(), "the Germans Control Tilburg, Zone G, at the end of May 10 (fh40:21.1)")
			return
		}
		if s.controller(r.zoneE) == allies {
			s.bank(-1, "the Dutch Control Zone E at the end of May 10")
		}
		if s.controller(r.nijmegen) != germans && s.count(r.nijmegen, germans) == 0 {
			s.bank(-1, "the Germans have neither Contested nor Controlled Nijmegen (28) by the end of May 10")
		}
	case FirstDay + 1:
		if s.controller(r.veghel) == germans {
			s.bank(1, "the Germans Control Veghel (51) at the end of May 11")
		}
	case fh40LastTurn:
		vp := s.victoryPoints()
		if vp >= fh40Need {
			s.end(germans, "victory", vp, fmt.Sprintf("the Germans hold %d Victory Points at the end of May 12, %d or more (fh40:21.2)", vp, fh40Need))
		} else {
			s.end(allies, "victory", vp, fmt.Sprintf("the Germans end May 12 with %d Victory Points, fewer than the %d they need (fh40:21.2)", vp, fh40Need))
		}
		return
	}
	s.turn++
	s.startTurn()
}

// bank adds n to the German Victory Points scored at a check (fh40:21.3).
func (s *State) bank(n int8, why string) {
	s.banked += n
	s.logf("fh40:21.3", why+": %d Victory Point", int(n))
}

// fh40VictoryPoints is the German total as the game stands (fh40:21.3): the
// points scored at the checks of May 10 and 11, two for Schijndel (49) and
// one for Dinther (48) while the Germans Control them, and one while a
// French unit is on the map or eliminated, not gone off the map (fh40:21.4).
func (s *State) fh40VictoryPoints() int {
	r := s.g.fh40
	vp := int(s.banked)
	if s.controller(r.schijndel) == germans {
		vp += 2
	}
	if s.controller(r.dinther) == germans {
		vp++
	}
	for u := range s.g.pieces.Units {
		if s.g.units[u].Force == French && s.units[u].Loc != locExit {
			vp++
			break
		}
	}
	return vp
}

// mayExit reports whether the moving unit u on leg may leave the map
// (fh40:3.3, 21.4): a Dutch or French unit in Zone G with 1 MF to spend.
func (s *State) mayExit(u int16, leg Leg, g *Ground) bool {
	r := s.g.fh40
	return r != nil && s.g.side[u] == allies && leg.At == int(r.zoneG) && !leg.Done && g.ImpulseMF(s.g.movers[u])-leg.Spent() >= 2
}

// exitMap takes the moving unit u off the map from Zone G: out of the game,
// not destroyed (fh40:21.4).
func (s *State) exitMap(u int16) {
	s.impulseFrame().Acted.add(u)
	s.put(u, locExit, s.units[u].Level)
	s.logf("fh40:21.4", "%u leaves the map from %p", int(u), int(s.g.fh40.zoneG))
	s.stopUnit()
}

// freshBunkers counts the Fresh River Bunker Garrisons among defs, each +1
// to the DV against a field artillery bombardment, none against the air
// (fh40:4.117, 11.3C, 16.2).
func freshBunkers(defs []Defender) int {
	n := 0
	for _, d := range defs {
		if d.Bunker && d.Step == StepFresh {
			n++
		}
	}
	return n
}
