package mgmg

import "fmt"

// Movement (mgmg:9): what entering a place costs a unit and what it brings
// (a stop, a mandatory assault, a crossing for the defence value), read off
// the map and a Ground, the board as the moving side sees it in its
// impulse. The functions here are pure: the impulse (state) builds the
// Ground and applies the Entry.
//
// Movement factors are counted in halves, so that the ½ MF of road
// movement (mgmg:9.4) stays whole: a unit with MF 4 has 8 halves.

// BridgeHold is who holds a bridge (mgmg:19.1), from the moving side's view.
type BridgeHold uint8

const (
	NoBridge       BridgeHold = iota // the border has none
	FriendlyBridge                   // the mover's side holds it
	EnemyBridge                      // the enemy holds it (the Germans, at the start: mgmg:9.62)
	BlownBridge                      // Destroyed (mgmg:19.1)
)

// intact reports a bridge that units can cross.
func (b BridgeHold) intact() bool { return b == FriendlyBridge || b == EnemyBridge }

// Via is how a unit crosses into the place it enters.
type Via uint8

const (
	ViaBorder       Via = iota // across the border as it is: open ground, a bridge, or an unbridged canal (infantry)
	ViaFerry                   // a Ferry Crossing over a river (mgmg:9.63)
	ViaBoat                    // the Allied Boat Assault over a river (mgmg:9.5)
	ViaInfiltration            // a German Infiltration attempt (mgmg:8.22)
)

var viaNames = [...]string{ViaBorder: "", ViaFerry: "by the ferry", ViaBoat: "by boat assault", ViaInfiltration: "by infiltration"}

// Mover is what movement asks of the moving unit.
type Mover struct {
	Type     UnitType
	German   bool
	Sector   Sector // an airborne unit's Operational Sector, "" for others (mgmg:9.66)
	MF       int    // as printed (mgmg:4.22)
	Engineer bool   // makes fh40's Boat Assaults after May 10 (fh40:9.5)
	Train    bool   // Panzer Zug 1, which moves by rail (fh40:20.4)
	Carrying bool   // the train carries an infantry battalion this impulse (fh40:20.4)
}

// moverOf is the Mover of a unit of the order of battle.
func moverOf(u *Unit) Mover {
	return Mover{Type: u.Type, German: u.Side() == German, Sector: u.Sector, MF: u.MF, Engineer: u.Engineer, Train: u.Train}
}

// PlaceView is one place as the moving side sees it during its impulse.
type PlaceView struct {
	EnemyAtStart     bool  // enemy-Controlled when the impulse began: entering it costs 2 all impulse long (mgmg:7.2)
	ContestedAtStart bool  // Contested when the impulse began (mgmg:10.2, 8.22)
	Enemy            bool  // enemy-Controlled now
	Corps            bool  // carries the XXX Corps control marker (mgmg:9.5)
	Supplied         bool  // traces a supply line to Zone F (mgmg:9.5, 13.82)
	Friends          uint8 // the moving side's units there (mgmg:7.1)
	FreshEnemies     uint8
	SpentEnemies     uint8 // Spent or Disrupted (mgmg:9.2)
	EnemyArmor       bool  // an enemy armoured unit is there (mgmg:9.2)
	Assaulted        bool  // assaulted this impulse: no one else enters (mgmg:9.3, 10.1)
	PointEntered     bool  // a Point Unit entered it this impulse (mgmg:9.65)
}

func (p *PlaceView) enemies() int { return int(p.FreshEnemies) + int(p.SpentEnemies) }

// free reports the place Vacant and friendly-Controlled (mgmg:7.5).
func (p *PlaceView) free() bool { return p.enemies() == 0 && !p.Enemy }

// BorderView is a border's bridge, boundary and ferry during the impulse.
type BorderView struct {
	Bridge     BridgeHold
	Held       bool       // the unbridged river or canal boundary is the mover's (a Held! marker, mgmg:7.2, 10.4)
	Ferry      ferryState // of its Ferry Crossing marker, if it has one
	Seized     bool       // seized this impulse by a seizure dr: others pay one MF more (mgmg:9.22); false for the unit that seized it
	SeizeTried bool       // a seizure was attempted this impulse (mgmg:9.22)
	Uses       int        // units that crossed its bridge this impulse or Regroup Phase (mgmg:9.62)
	Rail       bool       // a railway bridge, which only the armoured train crosses (fh40:19.6)
}

// Ground is the board as the moving side sees it in its impulse.
type Ground struct {
	Map       *Map
	German    bool // the moving side
	Weather   weather
	Day       int // the date in September
	Impulse   int // the Impulse Track's space
	BoatReady bool
	Places    []PlaceView // by place index
	Borders   []BorderAt  // the borders with a bridge, a ferry or a Held! marker; the rest have none
	// BorderAt, when not nil, is per pair of places i*Map.Len()+j the index
	// of its border in Borders, -1 for none, so that border need not search
	// them; SetBorder adding a border drops it
	BorderAt []int8
	FH40     bool // Fortress Holland's movement rules (fh40:9)
	// Held is the river and canal boundaries the moving side holds, one bit
	// each by BoundaryAt's index, besides the Held of Borders (held.go)
	Held       uint64
	BoundaryAt []int8 // per pair of places i*Map.Len()+j: the index of its boundary, -1 for none
}

// BorderAt is the view of one border.
type BorderAt struct {
	Border
	BorderView
}

// border is the view of the border between i and j.
func (g *Ground) border(i, j int) BorderView {
	var v BorderView
	if g.BorderAt != nil {
		if k := g.BorderAt[i*g.Map.Len()+j]; k >= 0 {
			v = g.Borders[k].BorderView
		}
	} else {
		b := Border{min(i, j), max(i, j)}
		for _, x := range g.Borders {
			if x.Border == b {
				v = x.BorderView
				break
			}
		}
	}
	if g.BoundaryAt != nil {
		k := g.BoundaryAt[i*g.Map.Len()+j]
		v.Held = v.Held || k >= 0 && g.Held&(1<<k) != 0
	}
	return v
}

// SetBorder sets the view of border b.
func (g *Ground) SetBorder(b Border, v BorderView) {
	for i := range g.Borders {
		if g.Borders[i].Border == b {
			g.Borders[i].BorderView = v
			return
		}
	}
	g.Borders, g.BorderAt = append(g.Borders, BorderAt{b, v}), nil
}

// ImpulseMF is the halves of MF a unit has this impulse: its own, one more
// for German units in Overcast (mgmg:17.3); on September 17 the Germans
// none in Impulse 0 and one in Clear impulses (mgmg:20.61).
func (g *Ground) ImpulseMF(m Mover) int {
	mf := m.MF
	if g.FH40 {
		if !m.German && g.Weather == fog {
			mf++ // fh40:17.3
		}
		return 2 * mf
	}
	if m.German {
		switch {
		case g.Day == FirstDay && g.Impulse == 0:
			return 0
		case g.Weather == overcast:
			mf++
		case g.Day == FirstDay:
			mf = 1
		}
	}
	return 2 * mf
}

// Leg is a unit's movement so far in its impulse.
type Leg struct {
	From    int  // where it began the impulse
	At      int  // where it is
	Entered int  // areas and zones entered
	Cost    int  // halves of MF for them at the full rates
	Used    int  // halves spent otherwise: an assault in the active area (mgmg:10.6), a seizure or a seized bridge's toll (mgmg:9.22), or all of them
	Half    bool // every place entered so far by road, and Free: the ½ MF rate holds (mgmg:9.4)
	Done    bool // it must stop where it is (mgmg:9.2, 9.67, 14.2)
}

// StartLeg is the leg of a unit that has not moved from where it began.
func StartLeg(at int) Leg { return Leg{From: at, At: at, Half: true} }

// Spent is the halves of MF the leg has used: at the ½ rate while it
// holds, otherwise every area entered at its full cost (mgmg:9.4: the rate
// holds only for a whole impulse through Free areas by road).
func (l Leg) Spent() int {
	if l.Half {
		return l.Used + l.Entered
	}
	return l.Used + l.Cost
}

// refusal is why a unit may not move as asked. A constant refusal is an
// error without an allocation: Legal tries many entries that are refused.
type refusal string

func (r refusal) Error() string { return string(r) }

// sectorRefusal refuses an airborne unit the place of that ID outside its
// Operational Sector (mgmg:9.66); costRefusal a place that costs more MF
// than the unit has left (mgmg:9.2), in halves. Their sentences are written
// only when read, as refusal's.
type (
	sectorRefusal string
	costRefusal   struct {
		place      string
		cost, left int
	}
)

func (r sectorRefusal) Error() string {
	return string(r) + " is outside the unit's Operational Sector (mgmg:9.66)"
}

func (r costRefusal) Error() string {
	return fmt.Sprintf("entering %s costs %s MF, more than the %s left (mgmg:9.2)", r.place, halves(r.cost), halves(r.left))
}

// Entry is what entering a place does.
type Entry struct {
	Leg       Leg      // the leg after entering
	Stop      bool     // movement ends there
	Mandatory bool     // a Mandatory Assault (mgmg:10.2, 9.5)
	Crossing  Crossing // how it crossed, for the defence value (mgmg:10.73C, D)
	Bridge    bool     // it used a bridge: one of five (mgmg:9.62)
	Ferry     bool     // it used the Ferry Crossing: flip the marker (mgmg:9.63)
	Boat      bool     // it used the Boat Assault marker: flip it (mgmg:9.5)
	Point     bool     // it is a Point Unit entering (mgmg:9.65)
}

// halfRate reports a unit that pays ½ MF along the road net through Free
// areas: Allied armoured, mechanized and artillery units (mgmg:9.4); in
// Fortress Holland armoured and mechanized units of either side
// (fh40:9.4).
func (g *Ground) halfRate(m Mover) bool {
	if g.FH40 {
		return m.Type == Armored || m.Type == MechanizedInfantry
	}
	return !m.German && (m.Type == Armored || m.Type == MechanizedInfantry || m.Type == FieldArtillery)
}

// armourFerry reports the ferries the road net of armoured units crosses:
// Pannerden's to Huissen and to Doornenburg, areas 15/16 and 15/25
// (mgmg:3.21).
func armourFerry(mp *Map, i, j int) bool {
	a, b := min(mp.Number(i), mp.Number(j)), max(mp.Number(i), mp.Number(j))
	return a == 15 && (b == 16 || b == 25)
}

// enterCost is the halves of MF a unit pays to enter place to at the full
// rate: the most severe case of mgmg:9.2 (enemy units, enemy control,
// wading a canal). The "All MF" cases (contested exits, zones, ferries,
// boats) are Enter's.
func (g *Ground) enterCost(to int, wade bool) int {
	p := &g.Places[to]
	c := 1
	switch {
	case p.FreshEnemies > 0:
		c = 4
	case p.SpentEnemies > 0:
		c = 3
	case p.EnemyAtStart || p.Enemy:
		c = 2
	}
	if wade {
		c = 4
	}
	return 2 * c
}

// Enter is what entering place to via how does to a unit on leg, or why it
// may not.
func (g *Ground) Enter(m Mover, leg Leg, to int, how Via) (Entry, error) {
	mf, err := g.halted(m, leg)
	if err != nil {
		return Entry{}, err
	}
	return g.enter(m, leg, to, how, mf)
}

// enter is Enter for a unit that halted lets move with mf halves of MF this
// impulse, so that Legal, trying each neighbour in turn, asks halted once.
func (g *Ground) enter(m Mover, leg Leg, to int, how Via, mf int) (Entry, error) {
	mp := g.Map
	at := leg.At
	fresh := leg.Spent() == 0 && leg.At == leg.From
	if !mp.Adjacent(at, to) {
		return Entry{}, fmt.Errorf("%s is not adjacent to %s (mgmg:9.1)", mp.Place(to).ID, mp.Place(at).ID)
	}
	if m.Train {
		return g.enterByRail(leg, to, mf, m.Carrying, how)
	}
	dst, src := &g.Places[to], &g.Places[at]
	toZone := mp.IsZone(to)
	switch {
	case m.Sector != "" && mp.Sector(to) != m.Sector:
		return Entry{}, sectorRefusal(mp.Place(to).ID)
	case toZone && !fresh:
		return Entry{}, refusal("a Zone is entered only from the place the unit began its impulse in, with all its MF (mgmg:14.2, 9.2)")
	case toZone && !m.German && mp.Place(to).ID == ZoneF && !g.FH40:
		return Entry{}, refusal("units never move back into Zone F (mgmg:14.51)")
	case !toZone && dst.Friends >= stackLimit:
		return Entry{}, fmt.Errorf("%s already holds ten friendly units (mgmg:9.61, 7.1)", mp.Place(to).ID)
	case dst.Assaulted:
		return Entry{}, fmt.Errorf("%s was assaulted this impulse: no more units enter it (mgmg:9.3, 10.1)", mp.Place(to).ID)
	}
	e := Entry{Leg: leg}
	all, wade, err := g.crossing(m, leg, to, how, &e)
	if err != nil {
		return Entry{}, err
	}
	road := mp.Road(at, to)
	if m.Type == Armored && how == ViaFerry {
		road = armourFerry(mp, at, to) // mgmg:3.21: no other ferry carries armour's road net
	}
	polder := mp.Polder(at) || mp.Polder(to)
	switch {
	case m.Type == Armored && !road:
		return Entry{}, refusal("armoured units move only along roads (mgmg:9.4)")
	case !m.Type.IsInfantry() && polder && !road:
		return Entry{}, refusal("only infantry enters or leaves Polder off the road (mgmg:9.4)")
	}
	if m.Type.IsInfantry() && mp.Polder(to) && !road {
		e.Stop = true // mgmg:9.67
	}
	// Leaving a Contested place other than a Zone: only into a Free place,
	// with all MF unless armour with no enemy armour there (mgmg:9.2, 14.2).
	if src.enemies() > 0 && !mp.IsZone(at) {
		if !dst.free() {
			return Entry{}, refusal("a unit leaves a Contested area only into a Free area or zone (mgmg:9.2)")
		}
		if m.Type != Armored || src.EnemyArmor {
			all = true
		}
	}
	if dst.enemies() > 0 {
		e.Stop = true // mgmg:9.2
		if !dst.ContestedAtStart && how != ViaInfiltration {
			e.Mandatory = true // mgmg:10.2
		}
	}
	// Point Units (mgmg:9.65): a place Contested only since the impulse
	// began needs a Mandatory Assault, so one first.
	e.Point = m.Type.CanLead()
	switch {
	case !e.Point && (dst.Enemy || dst.enemies() > 0) && dst.Friends == 0 && !dst.PointEntered:
		return Entry{}, refusal("only a Point Unit (infantry or armour) enters an uncontested enemy-Controlled or enemy-occupied place first (mgmg:9.65, 10.3)")
	case !e.Point && (m.Type == FieldArtillery || m.Type == Flak) && e.Mandatory && dst.Friends > 0 && !dst.PointEntered:
		return Entry{}, refusal("artillery and FLAK enter a Contested area over such a boundary only after a Point Unit (mgmg:9.65)")
	}
	if toZone {
		all, e.Stop = true, true // mgmg:9.2, 14.2
	}
	n := &e.Leg
	n.At = to
	n.Entered++
	if all {
		if !fresh && !(e.Boat && g.FH40) { // fh40:9.5: the boat takes what MF are left
			return Entry{}, refusal("this costs all the unit's MF, so it must be its only move this impulse (mgmg:9.2, 9.63)")
		}
		n.Used, n.Cost, n.Half, e.Stop = mf, 0, false, true
		n.Done = true
		return e, nil
	}
	if e.Bridge && g.border(at, to).Seized {
		n.Used += 2 // mgmg:9.22: the toll of a bridge seized this impulse
	}
	cost := g.enterCost(to, wade)
	n.Cost += cost
	n.Half = n.Half && g.halfRate(m) && road && cost == 2 && how == ViaBorder
	if n.Spent() > mf {
		if !fresh {
			return Entry{}, costRefusal{mp.Place(to).ID, n.Spent() - leg.Spent(), mf - leg.Spent()}
		}
		n.Used, n.Cost, n.Half = mf, 0, false // mgmg:9.21 minimum move
	}
	n.Done = e.Stop || n.Spent() >= mf
	return e, nil
}

// halted is why the unit on leg enters no place at all, or nil and the
// halves of MF it has this impulse: Enter's refusals that do not depend on
// the place, which Legal asks once for a unit rather than once a border.
func (g *Ground) halted(m Mover, leg Leg) (mf int, err error) {
	mf = g.ImpulseMF(m)
	switch {
	case m.Type.NeverMoves():
		return mf, refusal("FLAK Towers and River Bunker Garrisons never move (mgmg:9.64, fh40:9.64)")
	case mf == 0:
		return mf, refusal("German units may not move in Impulse 0 of September 17 (mgmg:20.61)")
	case leg.Done || leg.Spent() >= mf:
		return mf, refusal("the unit has ended its movement (mgmg:9.2)")
	}
	return mf, nil
}

// crossing checks the boundary between the leg's place and to, crossed via
// how, and notes in e the bridge, ferry or boat it uses and the crossing
// for the defence value. all is a crossing that costs all MF; wade an
// infantry crossing of a canal without a bridge (4 MF, mgmg:9.2; all MF in
// fh40:9.2).
func (g *Ground) crossing(m Mover, leg Leg, to int, how Via, e *Entry) (all, wade bool, err error) {
	mp := g.Map
	at := leg.At
	b, bv := mp.Boundary(at, to), BorderView{}
	if b != OpenGround {
		bv = g.border(at, to) // open ground has no bridge, ferry or Held! marker
	}
	if bv.Rail {
		bv.Bridge = NoBridge // the train's alone (fh40:19.6), and the train moves by enterByRail
	}
	src, dst := &g.Places[at], &g.Places[to]
	fromContested := src.enemies() > 0
	if how == ViaBoat || how == ViaFerry {
		if b != River {
			return false, false, refusal("ferries and boats cross river boundaries (mgmg:9.5, 9.63)")
		}
		if fromContested && !bv.Held {
			return false, false, refusal("no unit crosses an enemy-held river from a Contested area (mgmg:9.621)")
		}
		if dst.Friends > 0 && dst.enemies() > 0 {
			e.Mandatory = true // mgmg:10.2
		}
	}
	switch how {
	case ViaFerry:
		switch {
		case !mp.Ferry(at, to):
			return false, false, refusal("no Ferry Crossing joins these places (mgmg:9.63)")
		case bv.Ferry != ferryOpen:
			return false, false, refusal("the Ferry Crossing has been used this phase or destroyed (mgmg:9.63)")
		case m.German && m.Type == Armored && g.Day < germanArmourFerries:
			return false, false, refusal("German armour uses no Ferry Crossing before September 19 (mgmg:9.63)")
		}
		e.Ferry, e.Crossing = true, Crossing{Kind: FerryCrossing}
		return true, false, nil
	case ViaBoat:
		if g.FH40 {
			return true, false, g.fh40BoatAssault(m, leg, to, bv, e)
		}
		switch {
		case m.German || m.Type != Infantry:
			return false, false, refusal("only Allied infantry, not mechanized, makes a Boat Assault (mgmg:9.5)")
		case !g.BoatReady:
			return false, false, refusal("the Boat Assault marker has been used (mgmg:9.5)")
		case bv.Bridge.intact():
			return false, false, refusal("a Boat Assault crosses an unbridged river, or one whose bridge is blown (mgmg:9.5)")
		case !src.free() || !src.Corps || !src.Supplied || leg.At != leg.From:
			return false, false, refusal("a Boat Assault starts from a Free area with a XXX Corps control marker that traces supply to Zone F (mgmg:9.5)")
		}
		e.Mandatory = dst.enemies() > 0 // mgmg:9.5; no defender, no assault (docs/conformance/mgmg.md)
		e.Boat, e.Crossing = true, Crossing{Kind: BoatCrossing}
		return true, false, nil
	case ViaInfiltration:
		return false, false, g.infiltration(m, leg, to)
	}
	switch b {
	case River, Canal:
		if bv.Bridge.intact() {
			if bv.Uses >= bridgeLimit {
				return false, false, refusal("five units have used this bridge this impulse (mgmg:9.62)")
			}
			if fromContested && bv.Bridge == EnemyBridge {
				return false, false, refusal("no unit crosses an enemy-held bridge from a Contested area (mgmg:9.621)")
			}
			e.Bridge = true
			e.Crossing = Crossing{Kind: BridgeCrossing, DefenderBridge: bv.Bridge == EnemyBridge, River: b == River}
			if dst.Friends > 0 && dst.enemies() > 0 && bv.Bridge == EnemyBridge {
				e.Mandatory = true // mgmg:10.2
			}
			return false, false, nil
		}
		if b == River {
			return false, false, refusal("a river is crossed only by a bridge, the Boat Assault or a Ferry Crossing (mgmg:9.62)")
		}
		if !m.Type.IsInfantry() {
			return false, false, refusal("only infantry crosses a canal without a bridge (mgmg:9.2)")
		}
		if fromContested && !bv.Held {
			return false, false, refusal("no unit crosses an enemy-held canal from a Contested area (mgmg:9.621)")
		}
		e.Crossing = Crossing{Kind: CanalCrossing}
		if dst.Friends > 0 && dst.enemies() > 0 && !bv.Held {
			e.Mandatory = true // mgmg:10.2
		}
		return g.FH40, !g.FH40, nil // 4 MF in mgmg:9.2, all MF in fh40:9.2
	}
	return false, false, nil
}

// infiltration checks a German Infiltration attempt into to (mgmg:8.22,
// 8.221): from a Free place, by Fresh infantry or armour, across open
// ground into an area, or a zone (mgmg:14.1), the Allies Controlled
// uncontested as the impulse began, with neither Elevated terrain nor
// Polder.
func (g *Ground) infiltration(m Mover, leg Leg, to int) error {
	if err := g.infiltrationStart(m, leg); err != nil {
		return err
	}
	mp := g.Map
	dst := &g.Places[to]
	switch {
	case !dst.EnemyAtStart || dst.ContestedAtStart:
		return refusal("infiltration enters a place the Allies Controlled, uncontested, as the impulse began (mgmg:8.22, 14.1)")
	case mp.Boundary(leg.At, to) != OpenGround:
		return refusal("infiltration crosses only open ground (mgmg:8.221)")
	case mp.Elevated(to) || mp.Polder(to):
		return refusal("no infiltration into Elevated terrain or Polder (mgmg:8.221)")
	}
	return nil
}

// infiltrationStart is infiltration's refusals that do not depend on the
// place entered: the unit and where it starts (mgmg:8.22).
func (g *Ground) infiltrationStart(m Mover, leg Leg) error {
	switch {
	case !m.German:
		return refusal("only German units infiltrate (mgmg:8.22)")
	case !m.Type.CanLead():
		return refusal("only infantry and armour infiltrate (mgmg:8.22)")
	case leg.At != leg.From || leg.Spent() > 0 || !g.Places[leg.At].free():
		return refusal("infiltration starts from the activated Free area or zone, before any other move (mgmg:8.22)")
	}
	return nil
}

// Infiltrates reports whether an Infiltration dr succeeds: below the
// entered area's TEM in Clear weather, at most the TEM in Overcast
// (mgmg:8.222).
func Infiltrates(dr, tem int, w weather) bool {
	if w == overcast {
		return dr <= tem
	}
	return dr < tem
}

// halves writes halves of MF as MF: "3", "1½".
func halves(h int) string {
	if h%2 == 0 {
		return fmt.Sprint(h / 2)
	}
	if h == 1 {
		return "½"
	}
	return fmt.Sprintf("%d½", h/2)
}

// Reach is every place the unit on leg can end its movement in with the MF
// it has left, crossing as it may (not by infiltration), if the Ground
// stayed as it is: the cheapest entry into each.
func (g *Ground) Reach(m Mover, leg Leg) map[int]Entry {
	out := map[int]Entry{}
	type key struct {
		at   int
		half bool
	}
	best := map[key]int{}
	queue := []Leg{leg}
	for len(queue) > 0 {
		l := queue[0]
		queue = queue[1:]
		for _, to := range g.Map.Neighbors(l.At) {
			for _, how := range []Via{ViaBorder, ViaFerry, ViaBoat} {
				e, err := g.Enter(m, l, to, how)
				if err != nil {
					continue
				}
				n := e.Leg
				if old, ok := out[to]; !ok || n.Spent() < old.Leg.Spent() {
					out[to] = e
				}
				k := key{to, n.Half}
				if old, ok := best[k]; (ok && old <= n.Spent()) || n.Done {
					continue
				}
				best[k] = n.Spent()
				queue = append(queue, n)
			}
		}
	}
	delete(out, leg.From)
	return out
}

// GroupReach is the places every one of the units, all starting on leg,
// can reach: where a group may go together, each unit moving on its own
// (mgmg:9.1), in the order of the map.
func (g *Ground) GroupReach(ms []Mover, leg Leg) []int {
	var out []int
	for p := range g.Map.Len() {
		all := len(ms) > 0
		for _, m := range ms {
			if _, ok := g.Reach(m, leg)[p]; !ok {
				all = false
				break
			}
		}
		if all {
			out = append(out, p)
		}
	}
	return out
}

// SeizureDRM is the modifier of a bridge seizure dr (mgmg:19.3): +1 if the
// area across is Vacant, -1 for each Fresh enemy unit there, -1 over a
// river.
func SeizureDRM(across PlaceView, river bool) int {
	drm := -int(across.FreshEnemies)
	if across.enemies() == 0 {
		drm++
	}
	if river {
		drm--
	}
	return drm
}

// Seizes reports whether a seizure dr with its modifier takes the bridge
// (mgmg:9.22, 19.3).
func Seizes(dr, drm int) bool { return dr+drm >= 4 }

// MaySeize tells whether the unit on leg may attempt to seize the enemy
// bridge to place across, spending one MF (mgmg:9.22, 19.3): Armour or
// Infantry in a Free area, one attempt per bridge and impulse, never a
// blown bridge or an unbridged boundary. The unit began in the Active Area
// (the caller's to check).
func (g *Ground) MaySeize(m Mover, leg Leg, across int) error {
	bv := g.border(leg.At, across)
	switch {
	case !m.Type.CanLead():
		return refusal("only armour and infantry seize bridges (mgmg:9.22)")
	case !g.Map.Adjacent(leg.At, across) || bv.Bridge != EnemyBridge:
		return refusal("only an enemy-held bridge on the border of the unit's area may be seized (mgmg:9.22)")
	case bv.SeizeTried:
		return refusal("one seizure attempt per bridge and impulse (mgmg:9.22)")
	case !g.Places[leg.At].free():
		return refusal("a bridge is seized from a Free area (mgmg:9.22)")
	case leg.Done || g.ImpulseMF(m)-leg.Spent() < 2:
		return refusal("a seizure attempt costs one MF (mgmg:9.22)")
	}
	return nil
}
