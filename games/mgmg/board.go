package mgmg

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"sandtable/board"
	"sandtable/board/area"
)

// Areas is the number of numbered areas of the map (mgmg:3.2).
const Areas = 65

// Boundary is the type of border between two areas (mgmg:3.23).
type Boundary uint8

const (
	OpenGround Boundary = iota
	River               // the Maas, Waal, Rhine (with the Pannerdensch Kanaal) and IJssel
	Canal               // the canals, and the Dommel (mgmg:3.23)
)

func (b Boundary) String() string {
	return [...]string{"open ground", "river", "canal"}[b]
}

// placeData is what only Monty's Gamble says about a place of the map
// (data/places.json); the shared topology is in data/map.json.
type placeData struct {
	ID         string `json:"id"`
	TEM        int    `json:"tem"`                   // mgmg:3.221, +1..+4
	Elevated   bool   `json:"elevated,omitempty"`    // mgmg:3.22, square identifier
	Polder     bool   `json:"polder,omitempty"`      // mgmg:3.22, areas 16-25
	VPSpecial  bool   `json:"vp_special,omitempty"`  // mgmg:3.25 "*": Arnhem and Eindhoven (mgmg:21.31, 21.32)
	Sector     Sector `json:"sector,omitempty"`      // mgmg:3.26
	Drop       string `json:"drop,omitempty"`        // mgmg:3.261: "red" or "green"
	SupplyHead bool   `json:"supply_head,omitempty"` // mgmg:3.262
}

// placesFile is the layout of data/places.json.
type placesFile struct {
	Note   string      `json:"note"`
	Places []placeData `json:"places"`
}

// Map is the map of Monty's Gamble: Market-Garden: the areas, zones and the
// United Kingdom box with their borders (board/area) and the game's own marks
// on each place. Places are numbered by index as in the area.Board.
type Map struct {
	*area.Board
	places []placeData    // by index
	areaAt [Areas + 1]int // index of area n
	number []int          // area number by index, 0 for a zone or the box
	zoneAt [10]int        // index of zones A..J
	uk     int
	nbrs   [][]int // by index, the neighbours in play when the game uses part of the map (fh40_map.go); nil: the Board's
}

// LoadMap reads the map and the places' marks from the game's data.
func LoadMap() (*Map, error) {
	mapJSON, err := dataFS.ReadFile("data/map.json")
	if err != nil {
		return nil, err
	}
	placesJSON, err := dataFS.ReadFile("data/places.json")
	if err != nil {
		return nil, err
	}
	return loadMap(mapJSON, placesJSON)
}

func loadMap(mapJSON, placesJSON []byte) (*Map, error) {
	b, err := area.Load(mapJSON)
	if err != nil {
		return nil, fmt.Errorf("mgmg map: %w", err)
	}
	m := &Map{Board: b, places: make([]placeData, b.Len()), number: make([]int, b.Len()), uk: -1}
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	m.indexPlaces(bad)
	var f placesFile
	dec := json.NewDecoder(bytes.NewReader(placesJSON))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("mgmg places: decoding data/places.json: %w", err)
	}
	seen := make([]bool, b.Len())
	for _, p := range f.Places {
		i, ok := b.Index(p.ID)
		switch {
		case !ok:
			bad("place %q is not on the map (data/map.json)", p.ID)
			continue
		case seen[i]:
			bad("place %q is listed twice", p.ID)
			continue
		}
		seen[i] = true
		m.places[i] = p
		checkPlace(bad, b.Place(i), p)
	}
	for i := range seen {
		if !seen[i] && b.Place(i).Kind != area.KindBox {
			bad("place %q has no TEM: add it to data/places.json (mgmg:3.221)", b.Place(i).ID)
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("mgmg map: %w", errors.Join(errs...))
	}
	return m, nil
}

// indexPlaces finds areas 1..65, zones A..J and the United Kingdom box, and
// reports any place that is none of them or is missing.
func (m *Map) indexPlaces(bad func(string, ...any)) {
	for k := range m.areaAt {
		m.areaAt[k] = -1
	}
	for k := range m.zoneAt {
		m.zoneAt[k] = -1
	}
	for i := range m.Len() {
		p := m.Place(i)
		switch p.Kind {
		case area.KindArea:
			n, err := strconv.Atoi(p.ID)
			if err != nil || n < 1 || n > Areas || strconv.Itoa(n) != p.ID {
				bad("area %q: areas are numbered 1 to %d (mgmg:3.2)", p.ID, Areas)
				continue
			}
			m.areaAt[n], m.number[i] = i, n
		case area.KindZone:
			if len(p.ID) != 1 || p.ID[0] < 'A' || p.ID[0] > 'J' {
				bad("zone %q: zones are lettered A to J (mgmg:3.3)", p.ID)
				continue
			}
			m.zoneAt[p.ID[0]-'A'] = i
		case area.KindBox:
			if p.ID != "UK" {
				bad("box %q: the only box is the United Kingdom box, id \"UK\" (mgmg:3.4)", p.ID)
				continue
			}
			m.uk = i
		}
	}
	for n := 1; n <= Areas; n++ {
		if m.areaAt[n] < 0 {
			bad("area %d is missing (mgmg:3.2)", n)
		}
	}
	for k, i := range m.zoneAt {
		if i < 0 {
			bad("zone %c is missing (mgmg:3.3)", 'A'+k)
		}
	}
	if m.uk < 0 {
		bad(`the United Kingdom box (id "UK", kind "box") is missing (mgmg:3.4)`)
	}
}

// checkPlace reports what is wrong with one place's marks.
func checkPlace(bad func(string, ...any), pl *area.Place, p placeData) {
	if pl.Kind == area.KindBox {
		if p != (placeData{ID: p.ID}) {
			bad("place %q: the United Kingdom box has no terrain or marks", p.ID)
		}
		return
	}
	if p.TEM < 1 || p.TEM > 4 {
		bad("place %q: tem %d must be +1 to +4 (mgmg:3.221)", p.ID, p.TEM)
	}
	if pl.Kind == area.KindZone && (p.Elevated || p.Polder || p.VPSpecial || p.Sector != "" || p.Drop != "" || p.SupplyHead) {
		bad("place %q: a zone carries only a TEM (mgmg:3.3)", p.ID)
	}
	if p.VPSpecial && pl.VP == 0 {
		bad("place %q: vp_special on an area without victory points (mgmg:3.25)", p.ID)
	}
	if p.Sector != "" && p.Sector.DropColour() == "" {
		bad("place %q: sector %q is not %q, %q or %q (mgmg:3.26)", p.ID, p.Sector, RedDevils, AllAmerican, ScreamingEagle)
	}
	if p.Drop != "" && p.Drop != p.Sector.DropColour() {
		bad("place %q: a %q drop area in sector %q, whose drop areas are %q (mgmg:3.261)", p.ID, p.Drop, p.Sector, p.Sector.DropColour())
	}
	if p.SupplyHead && p.Sector == "" {
		bad("place %q: a supply head must lie in a division's sector, whose depot it takes (mgmg:3.262, 13.422)", p.ID)
	}
}

// Area returns the index of area number n (1..65).
func (m *Map) Area(n int) int { return m.areaAt[n] }

// Zone returns the index of the zone with letter z ('A'..'J').
func (m *Map) Zone(z byte) int { return m.zoneAt[z-'A'] }

// UKBox returns the index of the United Kingdom box (mgmg:3.4).
func (m *Map) UKBox() int { return m.uk }

// Number is the number of area i, 0 for a zone or the box.
func (m *Map) Number(i int) int { return m.number[i] }

// InFortressHolland reports whether place i is in play in Fortress Holland
// 1940: the areas south of the Waal, numbered 26 and up (fh40:3.2), and zones
// C, D, E, G, H and I (fh40:3.3).
func (m *Map) InFortressHolland(i int) bool {
	if m.IsZone(i) {
		return strings.Contains("CDEGHI", m.Place(i).ID)
	}
	return m.number[i] >= 26
}

// TEM is the Terrain Effects Modifier of area or zone i (mgmg:3.221).
func (m *Map) TEM(i int) int { return m.places[i].TEM }

// Elevated reports whether area i holds elevated terrain (mgmg:3.22).
func (m *Map) Elevated(i int) bool { return m.places[i].Elevated }

// Polder reports whether area i holds polder (mgmg:3.22).
func (m *Map) Polder(i int) bool { return m.places[i].Polder }

// VP is the victory points area i is worth to the Allies (mgmg:3.25); for
// Arnhem and Eindhoven VPSpecial says their own rules apply.
func (m *Map) VP(i int) int { return m.Place(i).VP }

// VPSpecial reports whether area i's victory points follow special rules:
// Arnhem and Eindhoven (mgmg:3.25, 21.31, 21.32).
func (m *Map) VPSpecial(i int) bool { return m.places[i].VPSpecial }

// Sector is the airborne operational sector area i belongs to, "" if none
// (mgmg:3.26).
func (m *Map) Sector(i int) Sector { return m.places[i].Sector }

// Drop is the colour of drop area i ("red" or "green"), "" if airborne
// units may not land there (mgmg:3.261).
func (m *Map) Drop(i int) string { return m.places[i].Drop }

// SupplyHead reports whether area i is an airborne supply head of its
// sector's division (mgmg:3.262).
func (m *Map) SupplyHead(i int) bool { return m.places[i].SupplyHead }

// Boundary is the type of the border between adjacent places i and j
// (mgmg:3.23).
func (m *Map) Boundary(i, j int) Boundary {
	f := m.EdgeFeatures(i, j)
	switch {
	case f.Has(board.River):
		return River
	case f.Has(board.Canal):
		return Canal
	}
	return OpenGround
}

// Road reports whether a road crosses the border between i and j, or runs
// along the arrow between a zone and a place (mgmg:3.21).
func (m *Map) Road(i, j int) bool { return m.EdgeFeatures(i, j).Has(board.Road) }

// Bridge reports whether a bridge spans the river or canal between i and j
// (mgmg:3.24); its state (held, blown) is the game's.
func (m *Map) Bridge(i, j int) bool { return m.EdgeFeatures(i, j).Has(board.Bridge) }

// Railway reports whether a railway crosses the border between i and j (no
// effect in mgmg:3.21; the armoured train's track in fh40:20.4).
func (m *Map) Railway(i, j int) bool { return m.EdgeFeatures(i, j).Has(board.Rail) }

// Ferry reports whether a ferry crossing joins i and j over a river
// (mgmg:3.11, 9.63).
func (m *Map) Ferry(i, j int) bool { return m.EdgeFeatures(i, j).Has(board.Ferry) }

// Border is the border between places A < B.
type Border struct{ A, B int }

// Bridges lists the borders with a bridge (mgmg:3.24), in the order of the
// map file, so a game can keep their states in a slice.
func (m *Map) Bridges() []Border { return m.bordersWith(board.Bridge) }

// Ferries lists the borders with a ferry crossing (mgmg:3.11).
func (m *Map) Ferries() []Border { return m.bordersWith(board.Ferry) }

func (m *Map) bordersWith(f board.Features) []Border {
	var out []Border
	for _, e := range m.FeaturedEdges {
		if e.Features.Has(f) {
			i, j := m.MustIndex(e.Between[0]), m.MustIndex(e.Between[1])
			out = append(out, Border{min(i, j), max(i, j)})
		}
	}
	return out
}

// The map's colours beyond the shared palette: the identifiers of drop areas
// in their division's colour (mgmg:3.261), outlined blue on polder
// (mgmg:3.22), and each operational sector tinted (mgmg:3.26).
var (
	dropStyles = map[string]area.PlaceStyle{
		"polder":       {Fill: "#f4efe2", Field: "#ffffff", Text: "#111111", Stroke: "#2166c9"},
		"red":          {Fill: "#f4efe2", Field: "#c8102e", Text: "#ffffff", Stroke: "#5a0714"},
		"red-polder":   {Fill: "#f4efe2", Field: "#c8102e", Text: "#ffffff", Stroke: "#2166c9"},
		"green":        {Fill: "#f4efe2", Field: "#1f7a3a", Text: "#ffffff", Stroke: "#0d3b1b"},
		"green-polder": {Fill: "#f4efe2", Field: "#1f7a3a", Text: "#ffffff", Stroke: "#2166c9"},
	}
	sectorFills = map[Sector]string{RedDevils: "#f3e4dc", AllAmerican: "#e6efdc", ScreamingEagle: "#f1edd6"}
	// outOfPlay greys the places a game leaves out of play (fh40:3.2, 3.3, 3.4).
	outOfPlay = area.PlaceStyle{Fill: "#d3d0c8", Field: "#e4e2dc", Text: "#8a8a8a", Stroke: "#a8a8a8"}
)

// Palette is the palette the map is drawn with: open-ground borders grey
// under black roads, as the rules describe the map (mgmg:3.21, 3.23).
func (m *Map) Palette() *area.Palette {
	pal := area.DefaultPalette()
	pal.Border = "#8c8c8c"
	for k, st := range dropStyles {
		pal.Styles[k] = st
	}
	pal.Styles["out-of-play"] = outOfPlay
	return pal
}

// Decor is how the drawing marks place i: its identifier square on elevated
// terrain with the TEM in its lower half, coloured as a drop area and
// outlined blue on polder, "*" beside Arnhem and Eindhoven (mgmg:3.22-3.25),
// and a black and white supply mark under a supply head (mgmg:3.262).
func (m *Map) Decor(i int) area.Decor {
	if m.nbrs != nil {
		return m.fortressHollandDecor(i)
	}
	p := &m.places[i]
	if m.Place(i).Kind == area.KindBox {
		return area.Decor{}
	}
	d := area.Decor{Square: p.Elevated, Sub: "+" + strconv.Itoa(p.TEM), Style: p.Drop}
	if p.Polder {
		d.Style = strings.TrimPrefix(d.Style+"-polder", "-")
	}
	if p.VPSpecial {
		d.Mark = "*"
	}
	if p.SupplyHead {
		d.Dots = []string{"black", "white"}
	}
	return d
}

// SVGOptions draws the map with its marks and each sector tinted; callers
// add counters, highlights and a caption.
func (m *Map) SVGOptions() area.SVGOptions {
	return area.SVGOptions{
		Palette: m.Palette(),
		Decor:   m.Decor,
		Fill: func(i int) string {
			if m.nbrs != nil { // fh40:3.26: no airborne sectors
				return ""
			}
			return sectorFills[m.places[i].Sector]
		},
	}
}

// MapPlaces is the map's places as the pieces are checked against them
// (Pieces.CheckMap).
func (m *Map) MapPlaces() MapPlaces {
	mp := MapPlaces{Kind: map[string]string{}, Sector: map[string]Sector{}, Drop: map[string]string{}}
	for i := range m.Len() {
		p := m.Place(i)
		mp.Kind[p.ID] = string(p.Kind)
		if m.IsArea(i) {
			mp.Sector[p.ID], mp.Drop[p.ID] = m.places[i].Sector, m.places[i].Drop
		}
	}
	return mp
}
