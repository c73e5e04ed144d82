package mgmg

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"sandtable/engine"
)

// MaxChoices bounds a whole game, random play included.
const MaxChoices = 50000

// Game is Monty's Gamble: Market-Garden with its data loaded.
type Game struct {
	m             *Map
	pieces        *Pieces
	units         []Unit
	byID          map[string]int16
	side          []side // per unit
	placeIDs      []string
	placeIndex    map[string]int16
	zone          []bool     // per place: a Zone (mgmg:3.3)
	vp            []int8     // per place: its Victory Points (mgmg:3.25)
	bridges       []Border   // the bridges of the map, in its order, as the state keeps them (mgmg:3.24)
	ferries       []Border   // the Ferry Crossings, in the map's order (mgmg:3.11)
	bridgeAt      []int8     // per pair of places i*nPlaces+j: the index of its bridge, -1 for none
	ferryAt       []int8     // per pair of places: the index of its Ferry Crossing, -1 for none
	conditional   []bool     // per unit: a Zone F reinforcement that waits for its condition (mgmg:18.3)
	zoneA         int16      // Apeldoorn (mgmg:21.1)
	zoneF         int16      // XXX Corps' zone (mgmg:13.82, 14.5)
	uk            int16      // the United Kingdom box (mgmg:3.4)
	arnhem        int16      // mgmg:21.32
	eindhoven     int16      // mgmg:21.31
	bomberMarkers uint8      // the Air Bombardment markers, one bit each in setup.json's order: the Allies' (mgmg:4.31), in fh40 the Germans' (fh40:4.31)
	airSide       side       // the side that flies them (mgmg:16.2, fh40:16.2)
	fh40          *fh40Rules // Fortress Holland 1940's places and rules where they differ from mgmg's (fh40:1.0); nil in mgmg
	first         side       // the side that takes the first impulse of each pair; the other makes the Sunset DR (mgmg:6.3, fh40:6.3)
	draw          *drawing   // the board document and the pieces' symbols, for clients (board_view.go)
	eval          *evalCache // the evaluation's tables (evaluate.go)
	boundaries    []Border   // the river and canal boundaries, as the state keeps their Held! markers (held.go)
	boundaryAt    []int8     // per pair of places: the index of its river or canal boundary, -1 for none
	// per pair of places: the index of its border among a ground's Borders
	// as groundIn lays them out, the bridges in order and then the Ferry
	// Crossings on a border without one (Ground.BorderAt); -1 for none
	groundBorderAt []int8
	// read once off the counters and the map for the hot paths of Legal and Apply
	attackers    []Attacker // per unit (attackerOf)
	movers       []Mover    // per unit (moverOf)
	moverClass   []uint8    // per unit: the index of its Mover among the game's distinct ones, below 64, so that units that move alike are tried once (legalActivations)
	sideUnits    [2][]int16 // each side's units, in the order of battle's order
	armour       units      // the armoured units
	unitPlace    []int16    // per unit: the index of its Place, where it sets up (setupPlace)
	formationOf  []int      // per unit: its formation, an index of formations' list (setup_choices.go)
	nFormations  int        // the length of that list
	dist         []int8     // per pair of places: the distance (distances)
	bridgesOn    []uint32   // per place: the bridges on its boundaries, one bit each
	links        [][]link   // per place: its borders with the neighbours in play (supply.go)
	depotDeal    [2][]int8  // per side: the depot markers it deals (dealOrder)
	serves       []units    // per kind of depot marker: the units it may refit (servesOf)
	ferriesOn    []uint32   // per place: the Ferry Crossings on its boundaries, one bit each
	boundarySide side       // the side holding every boundary without a Held! marker: the Germans (mgmg:9.62), the Dutch in fh40:9.62
}

// options are the agreed scenario and optional rules (mgmg:22, 23).
type options struct {
	extended       bool // mgmg:22 the Extended Game, to September 26
	ddayLandings   bool // mgmg:23.2
	doubleLifts    bool // mgmg:23.3
	augmentation   bool // mgmg:23.4
	bidding        bool // mgmg:23.5, 23.51
	preferred      side // with bidding: the side both players want
	reorganization bool // mgmg:23.6
	cards          bool // mgmg:23.7
}

// Load reads and validates the embedded data.
func Load() (*Game, error) {
	p, err := LoadPieces()
	if err != nil {
		return nil, err
	}
	m, err := LoadMap()
	if err != nil {
		return nil, err
	}
	return newGame(p, m)
}

func newGame(p *Pieces, m *Map) (*Game, error) {
	bridges, ferries := m.Bridges(), m.Ferries()
	if len(p.Units) > nUnits || m.Len() != nPlaces || len(bridges) != nBridges || len(ferries) != nFerries {
		return nil, fmt.Errorf("mgmg data: %d units, %d places, %d bridges and %d ferries; a state holds at most %d units and exactly %d, %d and %d: change nUnits, nPlaces, nBridges, nFerries in state.go with the data",
			len(p.Units), m.Len(), len(bridges), len(ferries), nUnits, nPlaces, nBridges, nFerries)
	}
	// A game of fewer units leaves the state's other slots empty: a zero
	// Unit of nobody's side, never placed. Range over p.Units to visit the
	// order of battle.
	g := &Game{m: m, pieces: p, units: append(slices.Clip(p.Units), make([]Unit, nUnits-len(p.Units))...), byID: map[string]int16{}, placeIndex: map[string]int16{},
		zone: make([]bool, nPlaces), draw: &drawing{}, eval: &evalCache{}, vp: make([]int8, nPlaces), conditional: make([]bool, nUnits), bridges: bridges, ferries: ferries,
		zoneA: int16(m.Zone('A')), zoneF: int16(m.Zone('F')), uk: int16(m.UKBox()), arnhem: int16(m.Area(13)), eindhoven: int16(m.Area(63))}
	g.bridgeAt, g.ferryAt = borderIndex(bridges), borderIndex(ferries)
	layout := slices.Clone(bridges)
	for _, f := range ferries {
		if !slices.Contains(bridges, f) {
			layout = append(layout, f)
		}
	}
	g.groundBorderAt = borderIndex(layout)
	g.links = linksOf(g)
	g.depotDeal, g.serves = [2][]int8{g.dealOrder(germans), g.dealOrder(allies)}, servesOf(g)
	if g.boundaries = m.boundaries(); len(g.boundaries) != nBoundaries {
		return nil, fmt.Errorf("mgmg data: %d river and canal boundaries; a state holds exactly %d: change nBoundaries in held.go with the data", len(g.boundaries), nBoundaries)
	}
	g.boundaryAt, g.dist, g.bridgesOn, g.ferriesOn = borderIndex(g.boundaries), distances(m), bordersOn(bridges), bordersOn(ferries)
	for i := range m.Len() {
		id := m.Place(i).ID
		g.placeIDs = append(g.placeIDs, id)
		g.placeIndex[id] = int16(i)
		g.zone[i] = m.IsZone(i)
		g.vp[i] = int8(m.VP(i))
	}
	for i := range p.Units {
		u := &g.units[i]
		g.byID[u.ID] = int16(i)
		g.side = append(g.side, sideOf(u.Side()))
		p, ok := g.placeIndex[u.Place]
		if !ok {
			return nil, fmt.Errorf("mgmg units: %s is placed in %q, which is no place of the map", u.ID, u.Place)
		}
		g.unitPlace = append(g.unitPlace, p)
	}
	for range nUnits - len(p.Units) {
		g.side, g.unitPlace = append(g.side, nobody), append(g.unitPlace, 0)
	}
	list, of := g.formations() // their IDs, all the hot paths read, do not depend on the variant; their names do
	g.formationOf, g.nFormations = of, len(list)
	classes := map[Mover]uint8{}
	for i := range g.units { // the empty slots too, read as zero units
		g.attackers, g.movers = append(g.attackers, attackerOf(&g.units[i])), append(g.movers, moverOf(&g.units[i]))
		c, ok := classes[g.movers[i]]
		if !ok {
			c = uint8(len(classes))
			classes[g.movers[i]] = c
		}
		g.moverClass = append(g.moverClass, c)
		if sd := g.side[i]; sd != nobody {
			g.sideUnits[sd] = append(g.sideUnits[sd], int16(i))
		}
		if g.units[i].Type == Armored {
			g.armour.add(int16(i))
		}
	}
	if len(classes) > 64 {
		return nil, fmt.Errorf("mgmg units: %d kinds of movers (type, side, sector, MF, engineer, train); a set of them is one uint64, so at most 64", len(classes))
	}
	for _, r := range p.Setup.ZoneFReinforcements {
		for _, id := range r.Units {
			g.conditional[g.byID[id]] = true
		}
	}
	if n := len(p.Setup.AirMarkers); n > maxAir {
		return nil, fmt.Errorf("mgmg setup: %d air markers; the state keeps at most eight", n)
	}
	g.airSide = allies
	for i, m := range p.Setup.AirMarkers {
		if m.Kind == BombardmentMarker {
			g.bomberMarkers |= 1 << i
			g.airSide = sideOf(m.Side)
		}
	}
	return g, nil
}

// bordersOn is, per place, the borders of bs on its boundaries, one bit
// each by their index in bs.
func bordersOn(bs []Border) []uint32 {
	out := make([]uint32, nPlaces)
	for i, b := range bs {
		out[b.A] |= 1 << i
		out[b.B] |= 1 << i
	}
	return out
}

// borderIndex maps each pair of places, both ways, to the index of its
// border in bs, -1 where there is none.
func borderIndex(bs []Border) []int8 {
	out := make([]int8, nPlaces*nPlaces)
	for i := range out {
		out[i] = -1
	}
	for k, b := range bs {
		out[b.A*nPlaces+b.B], out[b.B*nPlaces+b.A] = int8(k), int8(k)
	}
	return out
}

// MustLoad is Load for callers that cannot go on without the game.
func MustLoad() *Game {
	g, err := Load()
	if err != nil {
		panic(err)
	}
	return g
}

// ID implements engine.Game.
func (g *Game) ID() string {
	if g.fh40 != nil {
		return FH40ID
	}
	return "mgmg"
}

// Name implements engine.Game.
func (g *Game) Name() string {
	if g.fh40 != nil {
		return "Fortress Holland: 1940"
	}
	return "Monty's Gamble: Market-Garden"
}

// Seats implements engine.Game.
func (g *Game) Seats() []engine.Seat { return []engine.Seat{"german", "allied"} }

// MaxChoices implements engine.Game.
func (g *Game) MaxChoices() int { return MaxChoices }

// Scenarios implements engine.Game: the game of September 17-20 and the
// Extended Game to September 26 (mgmg:6.1, 22).
func (g *Game) Scenarios() []engine.Scenario {
	if g.fh40 != nil {
		return fh40Scenarios
	}
	return []engine.Scenario{
		{ID: "standard", Name: "Market-Garden, September 17-20", Summary: "Four turns; the Allies win with a Breakthrough or ten Victory Points at the end of September 20 (mgmg:21)"},
		{ID: "extended", Name: "The Extended Game, September 17-26", Summary: "Victory checked at the end of September 20, 24 and 26 (mgmg:22.1), with the Deelen airfield reinforcements (mgmg:22.2)"},
	}
}

// optionKeys are the optional rules (mgmg:23), each off by default.
var optionKeys = []struct {
	key, rule, summary string
	field              func(*options) *bool
}{
	{"dday_landings", "mgmg:23.2", "airborne units may land anywhere suitable in their Operational Sector on D-Day", func(o *options) *bool { return &o.ddayLandings }},
	{"double_lifts", "mgmg:23.3", "airborne reinforcements fly a day earlier, from Impulse 7", func(o *options) *bool { return &o.doubleLifts }},
	{"depot_augmentation", "mgmg:23.4", "Allied Reserves may augment Airborne Depots", func(o *options) *bool { return &o.augmentation }},
	{"bidding", "mgmg:23.51", "both players want the side named: they bid Reserve Supply for it in secret", func(o *options) *bool { return &o.bidding }},
	{"reorganization", "mgmg:23.6", "units of the same type in an area may Reorganize", func(o *options) *bool { return &o.reorganization }},
	{"cards", "mgmg:23.7", "combat resolved by cards instead of dice", func(o *options) *bool { return &o.cards }},
}

// Options implements engine.Game.
func (g *Game) Options() []engine.Option {
	if g.fh40 != nil {
		return nil // fh40:23.0
	}
	out := make([]engine.Option, 0, len(optionKeys))
	for _, k := range optionKeys {
		values := []string{"off", "on"}
		if k.key == "bidding" {
			values = bidValues // the side wanted (mgmg:23.5)
		}
		out = append(out, engine.Option{Key: k.key, Values: values, Rule: k.rule, Summary: k.summary})
	}
	return out
}

func parseOptions(g *Game, scenario string, raw map[string]string) (options, error) {
	var o options
	switch {
	case g.fh40 != nil && scenario != "" && scenario != "standard":
		return o, fmt.Errorf("fh40 has no scenario %q; use \"standard\" (fh40:6.1)", scenario)
	case g.fh40 != nil:
	case scenario == "" || scenario == "standard":
	case scenario == "extended":
		o.extended = true
	default:
		return o, fmt.Errorf("mgmg has no scenario %q; use \"standard\" or \"extended\"", scenario)
	}
	m, err := engine.ResolveOptions(g, raw)
	if err != nil {
		return o, err
	}
	for _, k := range optionKeys {
		v, ok := m[k.key]
		*k.field(&o) = ok && v != "off"
	}
	o.preferred = nobody
	if o.bidding {
		o.preferred = sideNamed(m["bidding"])
	}
	return o, nil
}

// scenario is the scenario's ID.
func (o options) scenario() string {
	if o.extended {
		return "extended"
	}
	return "standard"
}

// encode writes the optional rules of game g as New takes them.
func (o options) encode(g *Game) map[string]string {
	m := map[string]string{}
	for _, k := range optionKeys[:len(g.Options())] {
		m[k.key] = "off"
		switch {
		case k.key == "bidding" && o.bidding:
			m[k.key] = o.preferred.String()
		case *k.field(&o):
			m[k.key] = "on"
		}
	}
	return m
}

// New implements engine.Game.
func (g *Game) New(scenario string, raw map[string]string, seed uint64) (engine.State, error) {
	o, err := parseOptions(g, scenario, raw)
	if err != nil {
		return nil, err
	}
	s := g.newState(o, seed)
	s.setUp()
	return s, nil
}

// newState is a state before the set-up: every unit in its pool and
// every place German (mgmg:7.2).
func (g *Game) newState(o options, seed uint64) *State {
	s := &State{core: core{g: g, opt: o, rng: engine.NewRNG(seed), turn: FirstDay, active: germans, advantageNext: nobody}}
	for i := range s.airAt {
		s.airAt[i] = noMarker
	}
	for u := range s.units {
		s.units[u] = unitState{Loc: locPool}
	}
	s.rehash()
	return s
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}
