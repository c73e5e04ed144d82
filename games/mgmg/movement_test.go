package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// groundFor is a Ground on the loaded map in which every place is Free
// for the moving side, every bridge the mover's and every ferry open, on
// September 19 in Clear weather, Impulse 3; tests change what they need.
func groundFor(t *testing.T, german bool) *Ground {
	t.Helper()
	m := loadTestMap(t)
	g := &Ground{Map: m, German: german, Weather: clear, Day: 19, Impulse: 3, BoatReady: true,
		Places: make([]PlaceView, m.Len())}
	for i := range g.Places {
		g.Places[i].Supplied = true
	}
	for _, b := range m.Bridges() {
		g.SetBorder(b, BorderView{Bridge: FriendlyBridge})
	}
	return g
}

// area is the view of area n.
func (g *Ground) area(n int) *PlaceView { return &g.Places[g.Map.Area(n)] }

// enemyHeld makes area n enemy-Controlled since the impulse began.
func (g *Ground) enemyHeld(n int) *PlaceView {
	p := g.area(n)
	p.Enemy, p.EnemyAtStart = true, true
	return p
}

// setBorder changes the border between areas a and b.
func (g *Ground) setBorder(a, b int, f func(*BorderView)) {
	i, j := g.Map.Area(a), g.Map.Area(b)
	k := Border{min(i, j), max(i, j)}
	v := g.border(i, j)
	f(&v)
	g.SetBorder(k, v)
}

// walk enters the areas in turn from area from, failing on any refusal.
func (g *Ground) walk(t *testing.T, m Mover, from int, path ...int) Entry {
	t.Helper()
	e := Entry{Leg: StartLeg(g.Map.Area(from))}
	for _, n := range path {
		var err error
		e, err = g.Enter(m, e.Leg, g.Map.Area(n), ViaBorder)
		if err != nil {
			t.Fatalf("entering %d: %v", n, err)
		}
	}
	return e
}

// refused checks that entering area to from leg is refused, citing rule.
func refused(t *testing.T, g *Ground, m Mover, leg Leg, to int, how Via, rule string) {
	t.Helper()
	_, err := g.Enter(m, leg, g.Map.Area(to), how)
	if err == nil || !strings.Contains(err.Error(), rule) {
		t.Errorf("entering %d %s: %v, want a refusal citing %s", to, viaNames[how], err, rule)
	}
}

var (
	alliedInfantry = Mover{Type: Infantry, MF: 4}
	airborne82     = Mover{Type: Infantry, MF: 4, Sector: AllAmerican}
	guardsArmour   = Mover{Type: Armored, MF: 6} // gb-gds-2-gren
	guardsMech     = Mover{Type: MechanizedInfantry, MF: 5}
	alliedGuns     = Mover{Type: FieldArtillery, MF: 5}
	germanInfantry = Mover{Type: Infantry, German: true, MF: 3} // Becker, Hermann
	knaust         = Mover{Type: Armored, German: true, MF: 4}
	panzer10SS     = Mover{Type: Armored, German: true, MF: 5} // 10SS 1/10, 2/10
)

// mgmg:17.3, mgmg:20.61: a German unit has one MF more in Overcast; on
// September 17 none in Impulse 0, one in Clear impulses, its own plus one
// in Overcast. Allied units keep theirs.
func TestImpulseMF(t *testing.T) {
	g := groundFor(t, true)
	cases := []struct {
		day, impulse int
		w            weather
		m            Mover
		want         int
	}{
		{19, 3, clear, germanInfantry, 6},
		{19, 3, overcast, germanInfantry, 8},
		{17, 0, overcast, germanInfantry, 0},
		{17, 2, clear, knaust, 2},
		{17, 2, overcast, knaust, 10},
		{17, 0, clear, alliedInfantry, 8},
		{19, 3, overcast, guardsArmour, 12},
	}
	for _, c := range cases {
		g.Day, g.Impulse, g.Weather = c.day, c.impulse, c.w
		if got := g.ImpulseMF(c.m); got != c.want {
			t.Errorf("September %d impulse %d %s, MF %d: %s MF, want %s", c.day, c.impulse, c.w, c.m.MF, halves(got), halves(c.want))
		}
	}
	g.Day, g.Impulse = 17, 0
	refused(t, g, germanInfantry, StartLeg(g.Map.Area(36)), 35, ViaBorder, "mgmg:20.61")
}

// mgmg:9.2: entering from Heumensoord (34) over open ground into Groesbeek
// (35) costs 1 MF Free, 2 enemy-Controlled and Vacant, 3 with only Spent
// or Disrupted enemy units, 4 with a Fresh one: only the most severe case.
// Entering enemy units stops the unit.
func TestEnterCosts(t *testing.T) {
	cases := []struct {
		name          string
		set           func(*PlaceView)
		cost          int
		stop, mandate bool
	}{
		{"Free", func(*PlaceView) {}, 2, false, false},
		{"enemy-Controlled, Vacant", func(p *PlaceView) { p.Enemy, p.EnemyAtStart = true, true }, 4, false, false},
		{"taken this impulse (mgmg:7.2)", func(p *PlaceView) { p.EnemyAtStart = true }, 4, false, false},
		{"only Spent enemy units", func(p *PlaceView) { p.Enemy, p.EnemyAtStart, p.SpentEnemies = true, true, 2 }, 6, true, true},
		{"a Fresh enemy unit", func(p *PlaceView) { p.Enemy, p.EnemyAtStart, p.FreshEnemies, p.SpentEnemies = true, true, 1, 3 }, 8, true, true},
		{"Contested since the impulse began", func(p *PlaceView) { p.FreshEnemies, p.Friends, p.ContestedAtStart = 1, 2, true }, 8, true, false},
	}
	for _, c := range cases {
		g := groundFor(t, false)
		c.set(g.area(35))
		e, err := g.Enter(alliedInfantry, StartLeg(g.Map.Area(34)), g.Map.Area(35), ViaBorder)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if e.Leg.Spent() != c.cost || e.Stop != c.stop || e.Mandatory != c.mandate {
			t.Errorf("%s: %s MF, stop %v, mandatory assault %v; want %s, %v, %v (mgmg:9.2, 10.2)", c.name, halves(e.Leg.Spent()), e.Stop, e.Mandatory, halves(c.cost), c.stop, c.mandate)
		}
	}
}

// mgmg:9.2, mgmg:9.62: infantry wades the unbridged Maas-Waal canal from Hatert
// (29) to Beuningen (30) for 4 MF; armour and artillery may not; no unit
// crosses the unbridged Waal from Hatert to Oosterhout (23) on foot.
func TestCanalAndRiverBoundaries(t *testing.T) {
	g := groundFor(t, false)
	e := g.walk(t, alliedInfantry, 29, 30)
	if e.Leg.Spent() != 8 || e.Crossing.Kind != CanalCrossing {
		t.Errorf("wading the canal: %s MF, crossing %v; want 4, a canal crossing", halves(e.Leg.Spent()), e.Crossing.Kind)
	}
	hatert := StartLeg(g.Map.Area(29))
	if _, err := g.Enter(guardsMech, hatert, g.Map.Area(30), ViaBorder); err != nil {
		t.Errorf("mechanized infantry is infantry and may wade (mgmg:4.114): %v", err)
	}
	refused(t, g, alliedGuns, hatert, 30, ViaBorder, "mgmg:9.2")
	refused(t, g, alliedInfantry, hatert, 23, ViaBorder, "mgmg:9.62")
	// With a blown bridge the Hatert canal bridge to Overasselt (39) is an
	// unbridged canal: infantry wades it, armour cannot cross.
	g.setBorder(29, 39, func(b *BorderView) { b.Bridge = BlownBridge })
	if e := g.walk(t, alliedInfantry, 29, 39); e.Leg.Spent() != 8 {
		t.Errorf("over the blown Hatert bridge: %s MF, want 4 (mgmg:9.2)", halves(e.Leg.Spent()))
	}
	refused(t, g, guardsArmour, hatert, 39, ViaBorder, "mgmg:9.2")
}

// mgmg:9.4: Allied armour, mechanized and artillery pay ½ MF an area along
// the road net through Free areas for the whole impulse; once the unit
// leaves the road or enters a place that is not Free, every area it
// entered costs its full rate (our reading of "for the entire Impulse").
func TestRoadMovement(t *testing.T) {
	g := groundFor(t, false)
	e := g.walk(t, guardsMech, 34, 28, 29) // Heumensoord - Nijmegen - Hatert by road
	if e.Leg.Spent() != 2 || !e.Leg.Half {
		t.Errorf("two Free areas by road: %s MF, want 1", halves(e.Leg.Spent()))
	}
	e = g.walk(t, guardsMech, 34, 28, 29, 33) // Hatert - Malden has no road
	if e.Leg.Spent() != 6 || e.Leg.Half {
		t.Errorf("then off the road: %s MF, want 3: 1+1+1", halves(e.Leg.Spent()))
	}
	g.enemyHeld(29)
	e = g.walk(t, guardsArmour, 34, 28, 29)
	if e.Leg.Spent() != 6 {
		t.Errorf("by road into an enemy-Controlled Vacant area: %s MF, want 3: 1+2", halves(e.Leg.Spent()))
	}
	if e := g.walk(t, alliedInfantry, 34, 28); e.Leg.Spent() != 2 {
		t.Errorf("infantry by road: %s MF, want 1 (no ½ rate, mgmg:9.4)", halves(e.Leg.Spent()))
	}
	gg := groundFor(t, true)
	if e := gg.walk(t, knaust, 34, 28); e.Leg.Spent() != 2 {
		t.Errorf("German armour by road: %s MF, want 1 (the ½ rate is Allied, mgmg:9.4)", halves(e.Leg.Spent()))
	}
	// Armour follows roads only: Hatert - Malden has none.
	refused(t, g, guardsArmour, StartLeg(g.Map.Area(29)), 33, ViaBorder, "mgmg:9.4")
	// With MF 6 at ½ an area, the Guards reach twelve Free areas down the
	// road: from Valkenswaard (64) the road to Eindhoven (63) is one.
	r := g.Reach(guardsArmour, StartLeg(g.Map.Area(64)))
	if e, ok := r[g.Map.Area(63)]; !ok || e.Leg.Spent() != 1 {
		t.Errorf("Valkenswaard to Eindhoven by road: %v, want ½ MF", r[g.Map.Area(63)])
	}
}

// mgmg:9.4, mgmg:9.67: infantry entering Polder off the road stops; other units
// enter or leave Polder only by road. Huissen (16) to Elst (21) has no
// road; Elden (17) to Elst has one.
func TestPolder(t *testing.T) {
	g := groundFor(t, false)
	e := g.walk(t, alliedInfantry, 16, 21)
	if !e.Stop || e.Leg.Spent() != 2 {
		t.Errorf("infantry into Polder off the road: stop %v after %s MF, want a stop after 1", e.Stop, halves(e.Leg.Spent()))
	}
	refused(t, g, alliedGuns, StartLeg(g.Map.Area(16)), 21, ViaBorder, "mgmg:9.4")
	if e := g.walk(t, alliedGuns, 17, 21); e.Stop {
		t.Error("artillery by road into Polder need not stop (mgmg:9.67 is for infantry off the road)")
	}
}

// mgmg:9.61, mgmg:14.3, mgmg:14.2, mgmg:14.51: a fully stacked area takes no more units;
// a Zone takes any number, is entered only from the place the unit began
// in, for all its MF; no unit moves back into Zone F. A unit leaving a
// Zone pays the entered area's cost and goes on.
func TestStackingAndZones(t *testing.T) {
	g := groundFor(t, true)
	g.area(15).Friends = stackLimit
	refused(t, g, germanInfantry, StartLeg(g.Map.Zone('C')), 15, ViaBorder, "mgmg:9.61")
	g.area(15).Friends = 0
	e := g.walk(t, panzer10SS, 13, 15)
	if _, err := g.Enter(panzer10SS, e.Leg, g.Map.Zone('B'), ViaBorder); err == nil || !strings.Contains(err.Error(), "mgmg:14.2") {
		t.Errorf("into Zone B after moving: %v, want a refusal (mgmg:14.2)", err)
	}
	g.Places[g.Map.Zone('B')].Friends = 40
	e, err := g.Enter(panzer10SS, StartLeg(g.Map.Area(15)), g.Map.Zone('B'), ViaBorder)
	if err != nil || !e.Stop || e.Leg.Spent() != g.ImpulseMF(panzer10SS) {
		t.Errorf("into Zone B from where it began: %v, stop %v, %s MF; want all MF and a stop", err, e.Stop, halves(e.Leg.Spent()))
	}
	e, err = g.Enter(germanInfantry, StartLeg(g.Map.Zone('C')), g.Map.Area(15), ViaBorder)
	if err != nil || e.Stop || e.Leg.Spent() != 2 {
		t.Errorf("from Zone C into Free Pannerden: %v, stop %v, %s MF; want 1 MF and on", err, e.Stop, halves(e.Leg.Spent()))
	}
	ga := groundFor(t, false)
	if _, err := ga.Enter(guardsArmour, StartLeg(ga.Map.Area(64)), ga.Map.Zone('F'), ViaBorder); err == nil || !strings.Contains(err.Error(), "mgmg:14.51") {
		t.Errorf("back into Zone F: %v, want a refusal (mgmg:14.51)", err)
	}
}

// mgmg:9.66: airborne units enter only their Operational Sector: the 82nd
// from Hatert (29) into Nijmegen (28), not into Bemmel (22, the Red
// Devils') nor into a Zone.
func TestOperationalSectors(t *testing.T) {
	g := groundFor(t, false)
	g.walk(t, airborne82, 29, 28)
	refused(t, g, airborne82, StartLeg(g.Map.Area(23)), 22, ViaBorder, "mgmg:9.66")
	if _, err := g.Enter(Mover{Type: Infantry, MF: 4, Sector: ScreamingEagle}, StartLeg(g.Map.Area(60)), g.Map.Zone('G'), ViaBorder); err == nil || !strings.Contains(err.Error(), "mgmg:9.66") {
		t.Errorf("a 101st unit into Zone G: %v, want a refusal (mgmg:9.66: zones are in no sector)", err)
	}
}

// mgmg:9.65: only infantry and armour enter an uncontested enemy-Controlled
// area first; once a Point Unit has entered it this impulse, others follow.
func TestPointUnits(t *testing.T) {
	g := groundFor(t, false)
	g.enemyHeld(35)
	refused(t, g, alliedGuns, StartLeg(g.Map.Area(34)), 35, ViaBorder, "mgmg:9.65")
	// Nor alone into an area holding only enemy units, which it could not
	// assault without a Point Unit (mgmg:10.3, mgmg:10.72).
	g.area(33).FreshEnemies = 1
	refused(t, g, alliedGuns, StartLeg(g.Map.Area(34)), 33, ViaBorder, "mgmg:9.65")
	g.area(35).PointEntered = true
	g.area(35).Enemy = false // the point unit took it (mgmg:7.2)
	if e := g.walk(t, alliedGuns, 34, 35); e.Leg.Spent() != 4 {
		t.Errorf("artillery after the point unit: %s MF, want 2: still enemy-Controlled as the impulse began (mgmg:7.2)", halves(e.Leg.Spent()))
	}
}

// neighbours lists the areas next to area from that the unit on leg may
// enter by its border.
func (g *Ground) neighbours(m Mover, leg Leg) []int {
	var out []int
	for _, to := range g.Map.Neighbors(leg.At) {
		if _, err := g.Enter(m, leg, to, ViaBorder); err == nil {
			out = append(out, g.Map.Number(to))
		}
	}
	slices.Sort(out)
	return out
}

// mgmg:9.2, mgmg:9.621, mgmg:10.6, mgmg:26.0 example 9: Overcast; the Germans assaulted
// the Spent 2nd Parachute Battalion in contested Arnhem (13) and lost, so
// the Spent defender cost every German unit there one MF. Knaust (armour,
// MF 4 + 1) may leave, there being no Allied armour, at normal costs into
// Free areas only: Lichtenbeek (14), Velp (7), Pannerden (15, over the
// German IJssel bridge); not Oosterbeek (12, Allied) nor Elden (17, over
// the Allied bridge) nor Huissen (16, unbridged river).
func TestExample9ExitingAContestedArea(t *testing.T) {
	g := groundFor(t, true)
	g.Weather = overcast
	arnhem := g.area(13)
	arnhem.Friends, arnhem.SpentEnemies, arnhem.ContestedAtStart = 6, 1, true
	g.enemyHeld(12)
	g.setBorder(13, 17, func(b *BorderView) { b.Bridge = EnemyBridge })
	leg := StartLeg(g.Map.Area(13))
	leg.Used = 2 // mgmg:10.6: one MF, the defenders all Spent
	if got := g.neighbours(knaust, leg); !slices.Equal(got, []int{7, 14, 15}) {
		t.Errorf("Knaust leaves Arnhem into %v, want [7 14 15]", got)
	}
	e, err := g.Enter(knaust, leg, g.Map.Area(14), ViaBorder)
	if err != nil || e.Stop || e.Leg.Spent() != 4 {
		t.Errorf("into Lichtenbeek: %v, stop %v, %s MF used; want 2 of 5 and on", err, e.Stop, halves(e.Leg.Spent()))
	}
	refused(t, g, knaust, leg, 17, ViaBorder, "mgmg:9.621")
	refused(t, g, knaust, leg, 12, ViaBorder, "mgmg:9.2")

	// Had there been Allied armour in Arnhem, German armour leaving it
	// would stop in the first area, all its MF spent; after the assault it
	// has none whole, so it stays (the note of mgmg:10.6).
	arnhem.EnemyArmor = true
	e, err = g.Enter(knaust, StartLeg(g.Map.Area(13)), g.Map.Area(14), ViaBorder)
	if err != nil || !e.Stop || e.Leg.Spent() != 10 {
		t.Errorf("with Allied armour, before any assault: %v, stop %v, %s MF; want a stop with all 5 spent", err, e.Stop, halves(e.Leg.Spent()))
	}
	refused(t, g, knaust, leg, 14, ViaBorder, "mgmg:9.2")
	arnhem.EnemyArmor = false

	// Infantry leaves a Contested area for all its MF (mgmg:9.2).
	e, err = g.Enter(germanInfantry, StartLeg(g.Map.Area(13)), g.Map.Area(14), ViaBorder)
	if err != nil || !e.Stop {
		t.Errorf("infantry leaving Arnhem: %v, stop %v; want a stop", err, e.Stop)
	}

	// The 2nd Battalion retreated to Oosterbeek: Arnhem is no longer
	// Contested; Knaust, one MF used, may enter Oosterbeek and its Spent
	// British unit for 3 MF, 4 of 5 in all.
	arnhem.SpentEnemies = 0
	g.area(12).SpentEnemies = 1
	e, err = g.Enter(knaust, leg, g.Map.Area(12), ViaBorder)
	if err != nil || !e.Stop || !e.Mandatory || e.Leg.Spent() != 8 {
		t.Errorf("Knaust into Oosterbeek: %v, stop %v, mandatory %v, %s MF; want a mandatory assault after 4", err, e.Stop, e.Mandatory, halves(e.Leg.Spent()))
	}
}

// mgmg:9.63, mgmg:26.0 example 10: on September 19 the 10SS 1/10 crosses the
// river from Pannerden (15) to Huissen (16) by the ferry, which is the
// road net for armour (mgmg:3.21); it stops with all its MF spent and the
// ferry is used, so the 10SS 2/10 may not follow. Before September 19
// German armour uses no ferry.
func TestExample10FerryCrossing(t *testing.T) {
	g := groundFor(t, true)
	pannerden := StartLeg(g.Map.Area(15))
	e, err := g.Enter(panzer10SS, pannerden, g.Map.Area(16), ViaFerry)
	if err != nil || !e.Stop || !e.Ferry || e.Leg.Spent() != 10 || e.Crossing.Kind != FerryCrossing {
		t.Fatalf("the ferry to Huissen: %v, %+v; want all 5 MF, a stop, the ferry used", err, e)
	}
	g.setBorder(15, 16, func(b *BorderView) { b.Ferry = ferryUsed })
	refused(t, g, panzer10SS, pannerden, 16, ViaFerry, "mgmg:9.63")
	refused(t, g, panzer10SS, pannerden, 16, ViaBorder, "mgmg:9.62")
	g = groundFor(t, true)
	g.Day = 18
	refused(t, g, panzer10SS, StartLeg(g.Map.Area(15)), 16, ViaFerry, "mgmg:9.63")
	// A ferry costs all MF: not after another move (mgmg:9.63).
	g.Day = 19
	e = g.walk(t, germanInfantry, 13, 15)
	refused(t, g, germanInfantry, e.Leg, 25, ViaFerry, "mgmg:9.2")
	// The Driel ferry (12/24) is no road for armour: only Pannerden's are
	// (mgmg:3.21, 9.4).
	refused(t, g, panzer10SS, StartLeg(g.Map.Area(12)), 24, ViaFerry, "mgmg:9.4")
}

// mgmg:9.5, mgmg:10.2, mgmg:26.0 example 8: the Nijmegen bridge (28/23) is Allied.
// The 2nd Grenadier Guards crosses it into Oosterhout (23) and its Fresh
// Germans: 4 MF, a Mandatory Assault over a friendly river bridge (+2 to
// the DV: +1 bridge, +1 river; +1 more were it German). The 82nd's unit in
// Hatert (29) lacks the MF to reach Oosterhout through Nijmegen (1 + 4 of
// 4), but may make a Boat Assault over the Waal: all its MF, a Mandatory
// Assault.
func TestExample8BoatAssault(t *testing.T) {
	g := groundFor(t, false)
	ooster := g.enemyHeld(23)
	ooster.FreshEnemies = 2
	e := g.walk(t, guardsArmour, 28, 23)
	if !e.Mandatory || !e.Stop || e.Leg.Spent() != 8 || e.Crossing.modifier(true) != 2 || !e.Bridge {
		t.Errorf("the Guards over the Nijmegen bridge: %+v; want 4 MF, a mandatory assault, +2 for the bridge", e)
	}
	g.setBorder(23, 28, func(b *BorderView) { b.Bridge = EnemyBridge })
	if e := g.walk(t, guardsArmour, 28, 23); e.Crossing.modifier(true) != 3 {
		t.Errorf("over a German bridge: +%d, want +3 (mgmg:10.73C)", e.Crossing.modifier(true))
	}
	g.setBorder(23, 28, func(b *BorderView) { b.Bridge = FriendlyBridge })
	hatert := g.area(29)
	hatert.Corps = true
	if r := g.Reach(airborne82, StartLeg(g.Map.Area(29))); !r[g.Map.Area(23)].Boat {
		t.Errorf("the 82nd reaches Oosterhout from Hatert only by boat: %+v", r[g.Map.Area(23)])
	}
	e1 := g.walk(t, airborne82, 29, 28)
	refused(t, g, airborne82, e1.Leg, 23, ViaBorder, "mgmg:9.2")
	e, err := g.Enter(airborne82, StartLeg(g.Map.Area(29)), g.Map.Area(23), ViaBoat)
	if err != nil || !e.Boat || !e.Mandatory || !e.Stop || e.Leg.Spent() != 8 || e.Crossing.Kind != BoatCrossing {
		t.Errorf("the Boat Assault: %v, %+v; want all MF, a mandatory assault", err, e)
	}
	h := StartLeg(g.Map.Area(29))
	refused(t, g, guardsMech, h, 23, ViaBoat, "mgmg:9.5")
	hatert.Corps = false
	refused(t, g, airborne82, h, 23, ViaBoat, "mgmg:9.5")
	hatert.Corps, g.BoatReady = true, false
	refused(t, g, airborne82, h, 23, ViaBoat, "mgmg:9.5")
	g.BoatReady = true
	refused(t, g, airborne82, StartLeg(g.Map.Area(28)), 23, ViaBoat, "mgmg:9.5") // bridged
}

// mgmg:8.22, mgmg:8.222, mgmg:9.21, mgmg:26.0 example 14: Overcast; Becker and Hermann
// (MF 3 + 1) infiltrate Groesbeek (35, TEM +2, Allied, its defender Spent)
// from the Reichswald (36) over open ground. A dr of 2 succeeds (at most
// the TEM in Overcast, below it in Clear), 5 fails. Becker, failing, has
// paid 3 MF to enter an area of Spent enemy units and has one left should
// his assault overrun.
func TestExample14Infiltration(t *testing.T) {
	g := groundFor(t, true)
	g.Weather = overcast
	groes := g.enemyHeld(35)
	groes.SpentEnemies = 1
	e, err := g.Enter(germanInfantry, StartLeg(g.Map.Area(36)), g.Map.Area(35), ViaInfiltration)
	if err != nil || !e.Stop || e.Mandatory || g.ImpulseMF(germanInfantry)-e.Leg.Spent() != 2 {
		t.Fatalf("Becker infiltrating: %v, %+v; want a stop with 1 MF left, the assault decided by the dr", err, e)
	}
	if !Infiltrates(2, g.Map.TEM(g.Map.Area(35)), overcast) || Infiltrates(5, 2, overcast) || Infiltrates(2, 2, clear) || !Infiltrates(1, 2, clear) {
		t.Error("an Infiltration dr succeeds below the TEM in Clear, at most the TEM in Overcast (mgmg:8.222)")
	}
	reich := StartLeg(g.Map.Area(36))
	refused(t, g, Mover{Type: FieldArtillery, German: true, MF: 2}, reich, 35, ViaInfiltration, "mgmg:8.22")
	refused(t, g, alliedInfantry, reich, 35, ViaInfiltration, "mgmg:8.22")
	groes.ContestedAtStart = true
	refused(t, g, germanInfantry, reich, 35, ViaInfiltration, "mgmg:8.22")
	groes.ContestedAtStart = false
	g.enemyHeld(38) // Mook, elevated
	refused(t, g, germanInfantry, StartLeg(g.Map.Area(37)), 38, ViaInfiltration, "mgmg:8.221")
	g.enemyHeld(42) // Cuijk, across the Maas from Mook
	refused(t, g, germanInfantry, StartLeg(g.Map.Area(33)), 42, ViaInfiltration, "mgmg:8.221")
	// Rules for areas hold for zones (mgmg:14.1): Germans in Valkenswaard
	// (64) may infiltrate Allied Zone F, entering it for all their MF
	// (mgmg:14.2).
	g.Places[g.Map.Zone('F')].Enemy, g.Places[g.Map.Zone('F')].EnemyAtStart = true, true
	if e, err := g.Enter(germanInfantry, StartLeg(g.Map.Area(64)), g.Map.Zone('F'), ViaInfiltration); err != nil || e.Leg.Spent() != 8 {
		t.Errorf("infiltrating Zone F: %v, %s MF; want all 4", err, halves(e.Leg.Spent()))
	}
	// On September 17 German units with one MF may still infiltrate
	// (mgmg:20.61, mgmg:9.21).
	g.Day, g.Weather = 17, clear
	if e, err := g.Enter(germanInfantry, reich, g.Map.Area(35), ViaInfiltration); err != nil || e.Leg.Spent() != 2 {
		t.Errorf("a D-Day infiltration with 1 MF: %v, %s MF; want the minimum move", err, halves(e.Leg.Spent()))
	}
}

// mgmg:9.21: a unit that has spent nothing enters an area it lacks the MF
// for with all it has; not after spending any.
func TestMinimumMove(t *testing.T) {
	g := groundFor(t, true)
	g.Day, g.Impulse = 17, 2
	g.enemyHeld(35)
	e := g.walk(t, germanInfantry, 36, 35)
	if e.Leg.Spent() != 2 || !e.Leg.Done {
		t.Errorf("D-Day German infantry (1 MF) into an enemy-Controlled area: %s MF, done %v; want all of its 1", halves(e.Leg.Spent()), e.Leg.Done)
	}
	g.Day = 19
	g.area(35).FreshEnemies = 1
	e = g.walk(t, germanInfantry, 36, 35)
	if e.Leg.Spent() != 6 || !e.Stop {
		t.Errorf("MF 3 into a Fresh enemy (4): %s MF, stop %v; want all 3 and a stop", halves(e.Leg.Spent()), e.Stop)
	}
	leg := g.walk(t, germanInfantry, 36, 26).Leg
	refused(t, g, germanInfantry, leg, 35, ViaBorder, "mgmg:9.2")
}

// mgmg:9.22, mgmg:19.3, mgmg:26.0 example 7: seizing the Nijmegen bridge (28/23)
// with one Fresh German unit in Oosterhout: -1 river, -1 the unit, so a
// final dr of 4 needs a 6. Units crossing a bridge seized this impulse pay
// one MF more; five units at most use a bridge in an impulse (mgmg:9.62).
func TestExample7BridgeSeizure(t *testing.T) {
	g := groundFor(t, false)
	ooster := g.enemyHeld(23)
	ooster.FreshEnemies = 1
	g.setBorder(23, 28, func(b *BorderView) { b.Bridge = EnemyBridge })
	if drm := SeizureDRM(*ooster, true); drm != -2 || Seizes(5, drm) || !Seizes(6, drm) {
		t.Errorf("seizure drm %d, want -2, success on a 6 only", drm)
	}
	if drm := SeizureDRM(PlaceView{}, false); drm != 1 {
		t.Errorf("a canal bridge to a Vacant area: drm %d, want +1", drm)
	}
	nijmegen := StartLeg(g.Map.Area(28))
	nijmegen.Used = 2 // the overrun in Nijmegen cost 1 MF (mgmg:10.6)
	if err := g.MaySeize(guardsArmour, nijmegen, g.Map.Area(23)); err != nil {
		t.Error(err)
	}
	if err := g.MaySeize(alliedGuns, nijmegen, g.Map.Area(23)); err == nil {
		t.Error("artillery may not seize bridges (mgmg:9.22)")
	}
	g.setBorder(23, 28, func(b *BorderView) { b.SeizeTried = true })
	if err := g.MaySeize(guardsArmour, nijmegen, g.Map.Area(23)); err == nil {
		t.Error("one seizure attempt per bridge and impulse (mgmg:9.22)")
	}
	// Seized: the bridge is Allied; the next unit pays one MF more.
	g.setBorder(23, 28, func(b *BorderView) { b.Bridge, b.Seized = FriendlyBridge, true })
	ooster.FreshEnemies = 0
	if e := g.walk(t, alliedInfantry, 28, 23); e.Leg.Spent() != 6 {
		t.Errorf("over the seized bridge into enemy-Controlled Oosterhout: %s MF, want 3: 2 + 1", halves(e.Leg.Spent()))
	}
	g.setBorder(23, 28, func(b *BorderView) { b.Uses = bridgeLimit })
	refused(t, g, alliedInfantry, StartLeg(g.Map.Area(28)), 23, ViaBorder, "mgmg:9.62")
}

// mgmg:9.621, mgmg:10.2: from a Contested area no unit crosses an enemy-held
// canal: infantry in contested Hatert (29) may not wade to Beuningen (30)
// while the canal is German, may once it is Held!; entering a Contested
// area over an enemy-held canal is a Mandatory Assault.
func TestContestedCrossings(t *testing.T) {
	g := groundFor(t, false)
	g.area(29).FreshEnemies = 1
	refused(t, g, alliedInfantry, StartLeg(g.Map.Area(29)), 30, ViaBorder, "mgmg:9.621")
	g.setBorder(29, 30, func(b *BorderView) { b.Held = true })
	if _, err := g.Enter(alliedInfantry, StartLeg(g.Map.Area(29)), g.Map.Area(30), ViaBorder); err != nil {
		t.Errorf("over a Held! canal from a Contested area: %v", err)
	}
	g = groundFor(t, false)
	bd := g.area(30)
	bd.Friends, bd.FreshEnemies, bd.ContestedAtStart = 2, 1, true
	e := g.walk(t, alliedInfantry, 29, 30)
	if !e.Mandatory {
		t.Error("into a Contested area over an enemy-held canal: a Mandatory Assault (mgmg:10.2)")
	}
}

// mgmg:9.64: FLAK Towers never move; mgmg:9.3: once an area is assaulted
// this impulse no more units enter it.
func TestFlakTowersAndAssaultedAreas(t *testing.T) {
	g := groundFor(t, true)
	refused(t, g, Mover{Type: FlakTower, German: true}, StartLeg(g.Map.Area(28)), 34, ViaBorder, "mgmg:9.64")
	g.area(34).Assaulted = true
	refused(t, g, germanInfantry, StartLeg(g.Map.Area(28)), 34, ViaBorder, "mgmg:9.3")
}

// mgmg:9.1, mgmg:9.2, mgmg:9.4, mgmg:9.66: from Nijmegen (28), every place
// Free, the Guards' armour (MF 6, ½ MF an area by road) and an 82nd
// battalion (MF 4, 1 MF an area) both reach Oosterhout (23, over the
// bridge), Beek (27), Hatert (29), Heumensoord (34) and Groesbeek (35, two
// areas away); together they do not reach Bemmel (22) or Driel (24),
// which the armour reaches by road but which lie outside the 82nd's
// sector.
func TestGroupReach(t *testing.T) {
	g := groundFor(t, false)
	nijmegen := StartLeg(g.Map.Area(28))
	got := map[int]bool{}
	for _, p := range g.GroupReach([]Mover{guardsArmour, airborne82}, nijmegen) {
		got[g.Map.Number(p)] = true
	}
	for _, n := range []int{23, 27, 29, 34, 35} {
		if !got[n] {
			t.Errorf("area %d: both reach it within 4 MF", n)
		}
	}
	if got[22] || got[24] {
		t.Error("areas 22 and 24 are outside the 82nd's sector (mgmg:9.66)")
	}
	if len(g.GroupReach(nil, nijmegen)) != 0 {
		t.Error("no units, no places")
	}
}

// mgmg:6.5, mgmg:6.51, mgmg:9.63, mgmg:26.0 example 13: in the Allied
// Regroup the Spent glider pilots in Wolfheze (5) may go to Oosterbeek
// (12), not to Knaust's German Lichtenbeek (14). With the Driel railway
// bridge blown one unit of the 43rd Division crosses from Driel (24) by
// the ferry, then no other; with the bridge standing both may cross.
func TestExample13Regroup(t *testing.T) {
	units := []UnitPos{
		{ID: "gb-gp-1-wing", At: "5", Level: "spent"}, {ID: "de-knaust", At: "14", Level: "fresh"},
		{ID: "gb-43-129", At: "24", Level: "fresh"}, {ID: "gb-43-130", At: "24", Level: "fresh"},
	}
	s := regroupAt(t, 20, "allied", units, "5", "12", "24")
	if got := destinations(s, "gb-gp-1-wing"); !slices.Equal(got, []string{"12"}) {
		t.Errorf("the glider pilots may regroup into %v, want [12]", got)
	}
	for _, id := range []string{"gb-43-129", "gb-43-130"} {
		play(t, s, "regroup:"+id, "to:12")
	}
	s = regroupAt(t, 20, "allied", units, "5", "12", "24")
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{s.g.bridgeName(s.g.bridgeIndex("12", "24")): {Held: "blown"}}
	})
	play(t, s, "regroup:gb-43-129", "to:12")
	if got := destinations(s, "gb-43-130"); len(got) != 0 {
		t.Errorf("a second unit from Driel: %v; the ferry takes one a phase (mgmg:9.63)", got)
	}
}

// TestExample10FerryPlaysThrough plays mgmg:26.0 example 10 (mgmg:9.63,
// 6.51, 3.21): on September 19 the Germans activate Pannerden (15); the
// 10SS 1/10 (armour) takes the ferry to Huissen (16), which flips the
// marker to its used side and ends its movement; the 10SS 2/10 may not
// follow by it this Daylight Phase, but may regroup over it in the Regroup
// Phase, the marker being turned back in the Refit Phase (mgmg:6.4).
func TestExample10FerryPlaysThrough(t *testing.T) {
	s := impulseOf(t, 19, germans, "clear", []UnitPos{
		{ID: "de-10ss-1-10", At: "15", Level: "fresh"}, {ID: "de-10ss-2-10", At: "15", Level: "fresh"},
	}, nil)
	play(t, s, "assault:15", "move:de-10ss-1-10", "enter:16:ferry")
	unitAt(t, s, "de-10ss-1-10", "16", StepFresh)
	if f := s.g.ferryAt[int(s.g.at("15"))*nPlaces+int(s.g.at("16"))]; s.ferries[f] != ferryUsed {
		t.Errorf("the Pannerden-Huissen ferry is %v, want used (mgmg:9.63)", s.ferries[f])
	}
	play(t, s, "move:de-10ss-2-10")
	if got := ids(s); slices.Contains(got, "enter:16:ferry") {
		t.Errorf("the 2/10's entries %v: one unit a Daylight Phase by the ferry (mgmg:9.63)", got)
	}
	r := regroupAt(t, 19, "german", []UnitPos{{ID: "de-10ss-2-10", At: "15", Level: "spent"}})
	if got := destinations(r, "de-10ss-2-10"); !slices.Contains(got, "16") {
		t.Errorf("the 2/10 regroups into %v; want Huissen by the ferry (mgmg:6.51, 3.21)", got)
	}
}
