package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Fortress Holland: 1940 (seed 000, second part) is played with mgmg's
// engine: every rule it does not restate is mgmg's (fh40:1.0). A Game
// loaded by LoadFH40 carries fh40Rules, and the state branches on it where
// the variant changes or drops a rule. The Dutch player, with the Dutch and
// French units, plays the Allied side of the code and sits in its seat.

// FH40ID is Fortress Holland's game ID.
const FH40ID = "fh40"

// fh40LastTurn is the Turn Record Track's space of May 12, the last turn:
// May 10 is the September 17 space (fh40:3.6, 6.1).
const fh40LastTurn = FirstDay + FH40LastDay - FH40FirstDay

var fh40Scenarios = []engine.Scenario{{ID: "standard", Name: "Fortress Holland, May 10-12, 1940",
	Summary: "Three turns; the Germans win by a Breakthrough into Tilburg (Zone G) on May 10 or with three Victory Points at the end of May 12 (fh40:21)"}}

// fh40Rules are the places and pieces Fortress Holland's rules name.
type fh40Rules struct {
	zoneC, zoneD, zoneE, zoneG           int16    // fh40:13.81, 13.82, 21.1, 21.3
	nijmegen, dinther, schijndel, veghel int16    // areas 28, 48, 49, 51 (fh40:21.3)
	gennep                               int16    // area 37 (fh40:20.3)
	coupTo                               [2]int16 // areas 44 and 43, where a successful coup's units go (fh40:20.3)
	gennepBridge                         int      // the Gennep railway bridge, 37/44 (fh40:19.6, 20.3)
	railBridges                          uint32   // the railway bridges, one bit each (fh40:19.6)
	bridges                              uint32   // the bridges in play: both their places in play (fh40:3.2)
	train                                int16    // Panzer Zug 1 (fh40:20.4)
	germanControl                        []int16  // the places German-Controlled at the start (fh40:5.2)
	reach                                fh40ReachCache
}

// LoadFH40 reads and validates Fortress Holland's embedded pieces and the
// map, restricted to the places in play (fh40:3.2, 3.3).
func LoadFH40() (*Game, error) {
	p, err := LoadFH40Pieces()
	if err != nil {
		return nil, err
	}
	m, err := LoadMap()
	if err != nil {
		return nil, err
	}
	m.restrictToFortressHolland()
	setup := Setup{Note: p.Setup.Note, AirMarkers: p.Setup.AirMarkers, BoatAssaultMarkers: p.Setup.BoatAssaultMarkers}
	g, err := newGame(&Pieces{Note: p.Note, roster: p.roster, Setup: setup}, m)
	if err != nil {
		return nil, fmt.Errorf("fh40: %w", err)
	}
	area := func(n int) int16 { return int16(m.Area(n)) }
	r := &fh40Rules{zoneC: int16(m.Zone('C')), zoneD: int16(m.Zone('D')), zoneE: int16(m.Zone('E')), zoneG: int16(m.Zone('G')),
		nijmegen: area(28), dinther: area(48), schijndel: area(49), veghel: area(51), gennep: area(37), coupTo: [2]int16{area(44), area(43)},
		gennepBridge: int(g.bridgeAt[m.Area(37)*nPlaces+m.Area(44)]), train: -1}
	for i, b := range g.bridges {
		if m.InFortressHolland(b.A) && m.InFortressHolland(b.B) {
			r.bridges |= 1 << i
		}
	}
	for _, pair := range [][2]int{{37, 44}, {33, 39}} { // Gennep and Malden (fh40:19.6)
		b := g.bridgeAt[m.Area(pair[0])*nPlaces+m.Area(pair[1])]
		if b < 0 {
			return nil, fmt.Errorf("fh40: the map has no bridge between areas %d and %d, a railway bridge of fh40:19.6", pair[0], pair[1])
		}
		r.railBridges |= 1 << b
	}
	for _, id := range p.Setup.GermanControl {
		r.germanControl = append(r.germanControl, g.placeIndex[id])
	}
	for u := range p.Units {
		if p.Units[u].Train {
			r.train = int16(u)
		}
	}
	g.fh40, g.first = r, allies // the Dutch player always goes first (fh40:6.3)
	g.boundarySide = allies     // every boundary Dutch-held at the start (fh40:9.62)
	return g, nil
}

// MustLoadFH40 is LoadFH40 for callers that cannot go on without the game.
func MustLoadFH40() *Game {
	g, err := LoadFH40()
	if err != nil {
		panic(err)
	}
	return g
}

// setUpFH40 places the markers (fh40:5.1) and the start Control (fh40:5.2)
// before the units are placed by choices (setup_choices.go): the Germans
// Control areas 26 and 36 and zones C and D, the Dutch every other place,
// and hold every bridge in play (fh40:9.62, 19.1); the Germans start with
// the Advantage (fh40:12.1). Play begins with the Bridge Demolition Phase
// (fh40:6.22).
func (s *State) setUpFH40() {
	s.advantage = germans
	for p := range int16(nPlaces) {
		if s.g.m.InFortressHolland(int(p)) {
			s.setControl(p, ctlAirborne)
		}
	}
	for _, p := range s.g.fh40.germanControl {
		s.setControl(p, ctlGerman)
	}
	for i := range s.bridges {
		if s.g.fh40.bridges&(1<<i) != 0 {
			s.bridges[i].Held = heldAllied
		}
	}
}

// colour is the colour of unit u's counter: its force's (mgmg:4.111), every
// German counter gray in Fortress Holland (fh40:4.111).
func (g *Game) colour(u *Unit) string {
	if g.fh40 != nil {
		return FH40Colour(u.Force)
	}
	return u.Force.Colour()
}

// sidePeople is a side as the subject of a sentence: "the Allies", "the
// Dutch" in Fortress Holland (fh40:2.0).
func (g *Game) sidePeople(sd side) string {
	switch {
	case sd == germans:
		return "the Germans"
	case sd == allies && g.fh40 != nil:
		return "the Dutch"
	case sd == allies:
		return "the Allies"
	}
	return "neither side"
}

// sideName is a side as prose writes it: in Fortress Holland the Allied
// side is the Dutch player's (fh40:2.0, 4.111).
func (g *Game) sideName(sd side) string {
	if g.fh40 != nil && sd == allies {
		return "Dutch"
	}
	return sd.name()
}

// fh40Restated are the mgmg sections a player is shown during play that
// Fortress Holland restates with its own changes (under the same number but
// for the Pass Impulse): in fh40 the citation and its rules link name fh40's
// section (fh40:1.0).
var fh40Restated = map[string]string{
	"mgmg:8.24": "fh40:8.26", "mgmg:6.4": "fh40:6.4", "mgmg:6.21": "fh40:6.21", "mgmg:13.3": "fh40:13.3",
	"mgmg:13.8": "fh40:13.8", "mgmg:13.9": "fh40:13.9", "mgmg:6.5": "fh40:6.5", "mgmg:8.2": "fh40:8.2", "mgmg:11.11": "fh40:11.11", "mgmg:11.12": "fh40:11.12",
	"mgmg:11.2": "fh40:11.2", "mgmg:11.41": "fh40:11.41", "mgmg:12.2": "fh40:12.2", "mgmg:12.4": "fh40:12.4",
	"mgmg:12.41": "fh40:12.41", "mgmg:13.4": "fh40:13.4", "mgmg:13.6": "fh40:13.6",
	"mgmg:8.21": "fh40:8.21", "mgmg:8.22": "fh40:8.22", "mgmg:8.221": "fh40:8.221", "mgmg:8.222": "fh40:8.222",
	"mgmg:9.1": "fh40:9.1", "mgmg:9.2": "fh40:9.2", "mgmg:10.2": "fh40:10.2", "mgmg:6.1": "fh40:6.1", "mgmg:6.3": "fh40:6.3",
	"mgmg:7.2": "fh40:7.2", "mgmg:9.4": "fh40:9.4", "mgmg:9.5": "fh40:9.5", "mgmg:9.62": "fh40:9.62", "mgmg:9.64": "fh40:9.64",
	"mgmg:10.4": "fh40:10.4", "mgmg:10.5": "fh40:10.5", "mgmg:10.91": "fh40:10.91", "mgmg:10.92": "fh40:10.92",
	"mgmg:10.72": "fh40:10.72", "mgmg:10.72A": "fh40:10.72A", "mgmg:10.72B": "fh40:10.72B", "mgmg:10.72C": "fh40:10.72C", "mgmg:10.72D": "fh40:10.72D",
	"mgmg:10.73": "fh40:10.73", "mgmg:10.73A": "fh40:10.73A", "mgmg:10.73B": "fh40:10.73B", "mgmg:10.73C": "fh40:10.73C", "mgmg:10.73D": "fh40:10.73D", "mgmg:10.73E": "fh40:10.73E",
	"mgmg:11.3A": "fh40:11.3A", "mgmg:11.3C": "fh40:11.3B", // fh40's 11.3 drops FLAK (mgmg's B): its B is the field artillery
	"mgmg:12.1": "fh40:12.1", "mgmg:16.2": "fh40:16.2", "mgmg:16.23": "fh40:16.23", "mgmg:17.1": "fh40:17.1", "mgmg:19.1": "fh40:19.1",
}

// cite is the rule ID a player of this game is shown for rule.
func (g *Game) cite(rule string) string {
	if g.fh40 != nil {
		if r, ok := fh40Restated[rule]; ok {
			return r
		}
	}
	return rule
}
