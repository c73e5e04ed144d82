// Package soa is Storm Over Arnhem (seed 002): area-impulse street fighting
// at the north end of the Arnhem road bridge, 18-21 September 1944.
//
// The files follow the rulebook: setup.go (soa:5), impulse.go (soa:8.1),
// movement.go (soa:8.2, 10), fire.go (soa:8.3, 12, 13), retreat.go
// (soa:8.355), artillery.go (soa:14), fires.go (soa:18), closecombat.go
// (soa:9), turn.go (soa:6, 11, 16, 17, 19, 20), bidding.go (soa:21) and
// chits.go (soa:22). The map, counters and tables are data in data/.
package soa

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"

	"sandtable/board/area"
	"sandtable/board/symbol"
	"sandtable/engine"
)

//go:embed data/*.json
var dataFS embed.FS

// MaxChoices bounds a whole game, random play included.
const MaxChoices = 20000

// Game is Storm Over Arnhem with its data loaded.
type Game struct {
	board     *area.Board
	places    []placeData     // per place, soa's own marks (data/places.json)
	palette   *area.Palette   // the colours the map and the pieces are drawn with
	symbols   []symbol.Symbol // the pieces, drawn once (pieces.go)
	boardJSON json.RawMessage
	units     []UnitData
	byID      map[string]int16
	tables    *Tables
	// derived
	side       []Side     // per unit
	sideUnits  [2][]int16 // units of each side that can be on the map (not artillery)
	areaNbr    [][]int16  // per place, its neighbours that are areas
	spotters   [][]int16  // per artillery counter, the HQs of its side that may place it (soa:14.31)
	sAreas     []int16    // areas marked S (soa:3.22)
	vpAreas    []int16    // victory point areas (soa:3.21)
	dotMask    []uint8    // per unit, its set-up dots as bits (soa:3.62)
	areaDots   []uint8    // per place, its set-up dots as bits
	zone       [5]int16   // places of zones A-E
	britStart  []int16    // British units set up at the start (soa:5.4)
	germStart  []int16    // German units set up at the start (soa:5.5)
	artillery  []int16    // artillery counters
	britAT     []int16    // British anti-tank guns, the units that may be hidden (soa:13.8)
	placeIndex map[string]int16
	historical []int16 // per unit, its place in the historical set-up (setup.json); nil without one
	eval       evaluation
}

// options are the agreed optional rules.
type options struct {
	hiddenAT bool // soa:13.8
	bidding  bool // soa:21
	chits    bool // soa:22
	reaction int  // soa:8.17 seconds per impulse, 0 = no clock
}

// Load reads and validates the embedded data.
func Load() (*Game, error) {
	read := func(name string) ([]byte, error) {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil {
			return nil, fmt.Errorf("soa data: %w", err)
		}
		return b, nil
	}
	mb, err := read("map.json")
	if err != nil {
		return nil, err
	}
	ub, err := read("units.json")
	if err != nil {
		return nil, err
	}
	pb, err := read("places.json")
	if err != nil {
		return nil, err
	}
	tb, err := read("tables.json")
	if err != nil {
		return nil, err
	}
	sb, err := read("setup.json")
	if err != nil {
		return nil, err
	}
	g, err := newGame(mb, pb, ub, tb)
	if err != nil {
		return nil, err
	}
	if err := g.loadHistorical(sb); err != nil {
		return nil, err
	}
	return g, nil
}

func newGame(mapJSON, placesJSON, unitsJSON, tablesJSON []byte) (*Game, error) {
	b, err := area.Load(mapJSON)
	if err != nil {
		return nil, fmt.Errorf("soa map: %w", err)
	}
	places, pal, err := loadPlaces(placesJSON, b)
	if err != nil {
		return nil, err
	}
	oob, err := LoadOrderOfBattle(unitsJSON)
	if err != nil {
		return nil, fmt.Errorf("soa units: %w", err)
	}
	t, err := LoadTables(tablesJSON)
	if err != nil {
		return nil, fmt.Errorf("soa tables: %w", err)
	}
	if len(oob.Units) != nUnits || b.Len() != nPlaces {
		return nil, fmt.Errorf("soa data: %d units on %d places; a state holds exactly %d on %d: change nUnits, nPlaces in state.go with the data", len(oob.Units), b.Len(), nUnits, nPlaces)
	}
	g := &Game{board: b, places: places, palette: pal, units: oob.Units, byID: map[string]int16{}, tables: t, placeIndex: map[string]int16{}}
	for i, u := range g.units {
		g.byID[u.ID] = int16(i)
		side := German
		if u.Side == "british" {
			side = British
		}
		g.side = append(g.side, side)
		if u.Type != Artillery {
			g.sideUnits[side] = append(g.sideUnits[side], int16(i))
		}
		if u.Type == AntiTank && side == British {
			g.britAT = append(g.britAT, int16(i))
		}
		switch {
		case u.Type == Artillery:
			g.artillery = append(g.artillery, int16(i))
		case u.Pool != "":
		case u.Side == "british":
			g.britStart = append(g.britStart, int16(i))
		default:
			g.germStart = append(g.germStart, int16(i))
		}
	}
	for i := 0; i < b.Len(); i++ {
		g.placeIndex[b.Place(i).ID] = int16(i)
		var ns []int16
		for _, q := range b.Neighbors(i) {
			if !b.IsZone(q) {
				ns = append(ns, int16(q))
			}
		}
		g.areaNbr = append(g.areaNbr, ns)
	}
	g.spotters = make([][]int16, len(g.units))
	for _, a := range g.artillery {
		for _, h := range g.sideUnits[g.side[a]] {
			if spotterOrg(g.units[h], g.units[a]) {
				g.spotters[a] = append(g.spotters[a], h)
			}
		}
	}
	for i := 0; i < b.Len(); i++ {
		if g.places[i].SArea {
			g.sAreas = append(g.sAreas, int16(i))
		}
		if b.Place(i).VP > 0 {
			g.vpAreas = append(g.vpAreas, int16(i))
		}
	}
	if err := g.indexDots(); err != nil {
		return nil, err
	}
	g.prepareEvaluation()
	for z, id := range []string{"A", "B", "C", "D", "E"} {
		i, ok := b.Index(id)
		if !ok || !b.IsZone(i) {
			return nil, fmt.Errorf("soa map: zone %s is missing (soa:3.3)", id)
		}
		g.zone[z] = int16(i)
	}
	g.symbols = pieceSymbols(g.units, pal)
	if g.boardJSON, err = g.boardData(mapJSON, unitsJSON); err != nil {
		return nil, fmt.Errorf("soa board data: %w", err)
	}
	return g, nil
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
func (g *Game) ID() string { return "soa" }

// Name implements engine.Game.
func (g *Game) Name() string { return "Storm Over Arnhem" }

// Seats implements engine.Game.
func (g *Game) Seats() []engine.Seat { return []engine.Seat{"german", "british"} }

// MaxChoices implements engine.Game.
func (g *Game) MaxChoices() int { return MaxChoices }

// Board is the map.
func (g *Game) Board() *area.Board { return g.board }

// Units is the order of battle.
func (g *Game) Units() []UnitData { return g.units }

// Scenarios implements engine.Game.
func (g *Game) Scenarios() []engine.Scenario {
	return []engine.Scenario{{ID: "basic", Name: "The basic game", Summary: "Turns 1-8, 18-21 September 1944 (soa:3.4)"}}
}

// Options implements engine.Game.
func (g *Game) Options() []engine.Option {
	return []engine.Option{
		{Key: "hidden_at", Values: []string{"off", "on"}, Rule: "soa:13.8", Summary: "British anti-tank guns set up hidden"},
		{Key: "bidding", Values: []string{"off", "on"}, Rule: "soa:21", Summary: "players bid victory points for the British side"},
		{Key: "combat", Values: []string{"dice", "chits"}, Rule: "soa:22", Summary: "fire combat by drawing numbered chits instead of dice"},
		{Key: "reaction", Values: []string{"off", "10", "20", "30", "60"}, Rule: "soa:8.17", Summary: "seconds to declare an impulse before it passes"},
	}
}

func parseOptions(g *Game, raw map[string]string) (options, error) {
	m, err := engine.ResolveOptions(g, raw)
	if err != nil {
		return options{}, err
	}
	o := options{hiddenAT: m["hidden_at"] == "on", bidding: m["bidding"] == "on", chits: m["combat"] == "chits"}
	if m["reaction"] != "off" {
		fmt.Sscan(m["reaction"], &o.reaction)
	}
	return o, nil
}

func (o options) encode() map[string]string {
	m := map[string]string{"hidden_at": "off", "bidding": "off", "combat": "dice", "reaction": "off"}
	if o.hiddenAT {
		m["hidden_at"] = "on"
	}
	if o.bidding {
		m["bidding"] = "on"
	}
	if o.chits {
		m["combat"] = "chits"
	}
	if o.reaction > 0 {
		m["reaction"] = fmt.Sprint(o.reaction)
	}
	return m
}

// New implements engine.Game.
func (g *Game) New(scenario string, raw map[string]string, seed uint64) (engine.State, error) {
	if scenario != "" && scenario != "basic" {
		return nil, fmt.Errorf("soa has no scenario %q; use \"basic\"", scenario)
	}
	o, err := parseOptions(g, raw)
	if err != nil {
		return nil, err
	}
	return g.newState(o, seed), nil
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

// indexDots turns set-up dot colours into bit masks (soa:3.62).
func (g *Game) indexDots() error {
	bit := map[string]uint8{}
	mask := func(dots []string) (uint8, error) {
		var m uint8
		for _, d := range dots {
			b, ok := bit[d]
			if !ok {
				if len(bit) == 8 {
					return 0, fmt.Errorf("soa data: more than eight set-up dot colours (at %q)", d)
				}
				b = 1 << len(bit)
				bit[d] = b
			}
			m |= b
		}
		return m, nil
	}
	for i := 0; i < g.board.Len(); i++ {
		m, err := mask(g.places[i].Dots)
		if err != nil {
			return err
		}
		g.areaDots = append(g.areaDots, m)
	}
	for _, u := range g.units {
		m, err := mask(u.Dots)
		if err != nil {
			return err
		}
		g.dotMask = append(g.dotMask, m)
	}
	if len(g.vpAreas) > 8 {
		return fmt.Errorf("soa map: %d victory point areas; the set-up check handles at most eight", len(g.vpAreas))
	}
	return nil
}
