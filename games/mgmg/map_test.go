package mgmg

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"sandtable/board/area"
	"sandtable/board/boardtest"
)

func loadTestMap(t *testing.T) *Map {
	t.Helper()
	m, err := LoadMap()
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// byName finds a place by the name the rulebook gives it.
func byName(t *testing.T, m *Map, name string) int {
	t.Helper()
	for i := range m.Len() {
		if m.Place(i).Name == name {
			return i
		}
	}
	t.Fatalf("no place named %q", name)
	return -1
}

// names lists the names of places is, sorted.
func names(m *Map, is []int) []string {
	var out []string
	for _, i := range is {
		out = append(out, m.Place(i).Name)
	}
	slices.Sort(out)
	return out
}

// The map's structure: a valid graph, shapes that match the borders, every
// area reachable from every other over the map, every zone joined.
func TestMapStructure(t *testing.T) {
	m := loadTestMap(t)
	boardtest.CheckGraph(t, m)
	if err := m.CheckGeometry(0.5); err != nil {
		t.Error(err)
	}
	seen := map[int]bool{m.Area(1): true}
	queue := []int{m.Area(1)}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range m.Neighbors(i) {
			if m.IsArea(j) && !seen[j] {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	if len(seen) != Areas {
		t.Errorf("%d areas reachable from area 1 without leaving the map, want %d", len(seen), Areas)
	}
	for z := byte('A'); z <= 'J'; z++ {
		if !slices.ContainsFunc(m.Neighbors(m.Zone(z)), m.IsArea) {
			t.Errorf("zone %c has no arrow to an area", z)
		}
	}
	// Bridges and ferries cross water, and roads or railways cross water
	// only by a bridge (a ferry carries no road: mgmg:3.21).
	for _, e := range m.FeaturedEdges {
		i, j := m.MustIndex(e.Between[0]), m.MustIndex(e.Between[1])
		if !m.IsArea(i) || !m.IsArea(j) {
			continue
		}
		water := m.Boundary(i, j) != OpenGround
		if (m.Bridge(i, j) || m.Ferry(i, j)) && !water {
			t.Errorf("%s-%s: a bridge or a ferry over open ground", e.Between[0], e.Between[1])
		}
		if water && (m.Road(i, j) || m.Railway(i, j)) && !m.Bridge(i, j) {
			t.Errorf("%s-%s: a road or a railway over %s without a bridge", e.Between[0], e.Between[1], m.Boundary(i, j))
		}
	}
}

func TestMapDrawing(t *testing.T) {
	m := loadTestMap(t)
	if err := m.Palette().Check(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.SVG(&buf, m.SVGOptions()); err != nil {
		t.Fatal(err)
	}
	boardtest.CheckSVG(t, buf.Bytes())
	// Arnhem: a round identifier (not elevated), TEM +4 in it, "*" beside it.
	d := m.Decor(m.Area(13))
	if d.Square || d.Sub != "+4" || d.Mark != "*" {
		t.Errorf("Arnhem's decor = %+v", d)
	}
	if d := m.Decor(m.Area(24)); d.Style != "red-polder" || len(d.Dots) != 2 {
		t.Errorf("Driel (a red drop area on polder with a supply head) decor = %+v", d)
	}
}

func TestMapReconstructionNote(t *testing.T) {
	m := loadTestMap(t)
	if !strings.Contains(m.Note, "reconstruction") || !strings.Contains(m.Note, "not the printed") {
		t.Errorf("the map's note must say it is our reconstruction, not the printed map: %q", m.Note)
	}
}

// mgmg:3.2: 65 numbered areas; the special adjacencies and non-adjacencies.
func TestMapAreas(t *testing.T) {
	m := loadTestMap(t)
	areas, zones := 0, 0
	for i := range m.Len() {
		switch m.Place(i).Kind {
		case area.KindArea:
			areas++
		case area.KindZone:
			zones++
		}
	}
	if areas != 65 || zones != 10 {
		t.Errorf("%d areas and %d zones, want 65 and 10 (mgmg:3.2, mgmg:3.3)", areas, zones)
	}
	for _, p := range [][2]int{{15, 17}, {7, 17}} {
		a, b := m.Area(p[0]), m.Area(p[1])
		if !m.Adjacent(a, b) {
			t.Errorf("mgmg:3.2: areas %d and %d must be adjacent", p[0], p[1])
		}
		if l, _ := area.SharedBorder(m.Place(a).Polygon, m.Place(b).Polygon, 0.5); l > 0 || !m.IsRuleEdge(a, b) {
			t.Errorf("mgmg:3.2: areas %d and %d are adjacent by the rule, not by a shared border (border %v)", p[0], p[1], l)
		}
	}
	for _, p := range [][2]int{{53, 57}, {54, 58}} {
		if m.Adjacent(m.Area(p[0]), m.Area(p[1])) {
			t.Errorf("mgmg:3.2: areas %d and %d must not be adjacent", p[0], p[1])
		}
	}
}

// mgmg:3.21: the ferry crossings 15/16 and 15/25 (and Driel's, examples 10
// and 13); every zone arrow carries a road.
func TestMapRoadNetAndFerries(t *testing.T) {
	m := loadTestMap(t)
	var got [][2]int
	for _, c := range m.Ferries() {
		got = append(got, [2]int{m.Number(c.A), m.Number(c.B)})
		if m.Boundary(c.A, c.B) != River {
			t.Errorf("ferry %d-%d is not over a river (mgmg:9.63)", m.Number(c.A), m.Number(c.B))
		}
	}
	slices.SortFunc(got, func(a, b [2]int) int { return (a[0]*100 + a[1]) - (b[0]*100 + b[1]) })
	if want := [][2]int{{12, 24}, {15, 16}, {15, 25}}; !slices.Equal(got, want) {
		t.Errorf("ferries %v, want %v (mgmg:3.11, mgmg:3.21, mgmg:26 examples 10 and 13)", got, want)
	}
	for _, a := range m.Arrows {
		if !m.Road(m.MustIndex(a[0]), m.MustIndex(a[1])) {
			t.Errorf("arrow %s-%s carries no road (mgmg:3.21)", a[0], a[1])
		}
	}
	// mgmg:9.4's example: armour follows the road net 33-34 and 34-28.
	for _, p := range [][2]int{{33, 34}, {34, 28}} {
		if !m.Road(m.Area(p[0]), m.Area(p[1])) {
			t.Errorf("no road %d-%d (mgmg:9.4)", p[0], p[1])
		}
	}
}

// mgmg:3.22 and mgmg:3.221: polder is areas 16-25; every area and zone has a
// TEM from +1 to +4.
func TestMapTerrain(t *testing.T) {
	m := loadTestMap(t)
	for n := 1; n <= Areas; n++ {
		i := m.Area(n)
		if polder := n >= 16 && n <= 25; m.Polder(i) != polder {
			t.Errorf("area %d: polder %v, want %v (mgmg:3.22)", n, m.Polder(i), polder)
		}
		if tem := m.TEM(i); tem < 1 || tem > 4 {
			t.Errorf("area %d: TEM %d (mgmg:3.221)", n, tem)
		}
	}
	// TEMs the examples of play give (mgmg:26).
	for _, c := range []struct {
		name string
		tem  int
		ex   string
	}{
		{"St. Oedenrode", 2, "1, 3"}, {"Oosterhout", 2, "8"}, {"Arnhem", 4, "9"}, {"Huissen", 2, "11"},
		{"Pannerden", 1, "11"}, {"Groesbeek", 2, "14 (area 35)"}, {"Nijmegen", 4, "7 (DV 5 with the Spent FLAK Tower's 1)"},
	} {
		if got := m.TEM(byName(t, m, c.name)); got != c.tem {
			t.Errorf("%s: TEM %d, want %d (mgmg:26 example %s)", c.name, got, c.tem, c.ex)
		}
	}
	if m.TEM(m.Zone('F')) != 2 || m.TEM(m.Area(35)) != 2 {
		t.Error("Zone F and area 35 have TEM +2 (mgmg:26 examples 2 and 14)")
	}
}

// mgmg:3.23, mgmg:3.24 and the examples of play: boundary types and bridges.
func TestMapBoundariesAndBridges(t *testing.T) {
	m := loadTestMap(t)
	type border struct {
		a, b     string
		boundary Boundary
		bridge   bool
		rule     string
	}
	for _, c := range []border{
		{"St. Oedenrode", "Eerde", Canal, true, "mgmg:26 example 5 (the Dommel is a canal, mgmg:3.23)"},
		{"St. Oedenrode", "Breugel", Canal, true, "mgmg:26 example 5"},
		{"St. Oedenrode", "Woensel", Canal, true, "mgmg:26 example 5"},
		{"Overasselt", "Hatert", Canal, true, "mgmg:26 example 6"},
		{"Overasselt", "Malden", Canal, true, "mgmg:26 example 6, fh40:19.6"},
		{"Nijmegen", "Oosterhout", River, true, "mgmg:26 examples 7, 8"},
		{"Hatert", "Oosterhout", River, false, "mgmg:26 example 8 (boat assault)"},
		{"Arnhem", "Elden", River, true, "mgmg:26 example 9"},
		{"Pannerden", "Huissen", River, false, "mgmg:26 example 10"},
		{"Driel", "Oosterbeek", River, true, "mgmg:26 example 13"},
		{"Gennep", "Mill", River, true, "fh40:19.6"},
	} {
		i, j := byName(t, m, c.a), byName(t, m, c.b)
		if !m.Adjacent(i, j) {
			t.Errorf("%s and %s are not adjacent (%s)", c.a, c.b, c.rule)
			continue
		}
		if m.Boundary(i, j) != c.boundary || m.Bridge(i, j) != c.bridge {
			t.Errorf("%s-%s: %s, bridge %v; want %s, bridge %v (%s)", c.a, c.b, m.Boundary(i, j), m.Bridge(i, j), c.boundary, c.bridge, c.rule)
		}
	}
	// Example 5: the three bridges that border St. Oedenrode, no more.
	oed := m.Area(54)
	var bridged []int
	for _, j := range m.Neighbors(oed) {
		if m.Bridge(oed, j) {
			bridged = append(bridged, j)
		}
	}
	if got := names(m, bridged); !slices.Equal(got, []string{"Breugel", "Eerde", "Woensel"}) {
		t.Errorf("St. Oedenrode's bridges lead to %v, want Breugel, Eerde, Woensel (mgmg:26 example 5)", got)
	}
	// Example 13: the Driel-Oosterbeek bridge is a railway bridge, and
	// units regroup from Driel, on polder, over it or the ferry: the road
	// net crosses that border (mgmg:6.51), the ferry road Driel-Heveadorp.
	if i, j := byName(t, m, "Driel"), byName(t, m, "Oosterbeek"); !m.Railway(i, j) || !m.Road(i, j) {
		t.Error("Driel-Oosterbeek: a railway bridge and the ferry's road (mgmg:26 example 13, 6.51)")
	}
	// fh40:19.6 and fh40:20.3: the railway bridges 37/44 (Gennep) and 33/39
	// (Malden); the armoured train goes on from 44 to 43.
	for _, p := range [][2]int{{37, 44}, {33, 39}, {44, 43}} {
		if !m.Railway(m.Area(p[0]), m.Area(p[1])) {
			t.Errorf("no railway %d-%d (fh40:19.6, fh40:20.3)", p[0], p[1])
		}
	}
	if !m.Bridge(m.Area(37), m.Area(44)) || !m.Bridge(m.Area(33), m.Area(39)) {
		t.Error("bridges 37/44 and 33/39 (fh40:19.6)")
	}
	if len(m.Bridges()) == 0 {
		t.Error("no bridges")
	}
}

// The places the rules name, with their numbers and neighbours.
func TestMapNamedPlaces(t *testing.T) {
	m := loadTestMap(t)
	for n, name := range map[int]string{
		13: "Arnhem", 63: "Eindhoven", 9: "Deelen", 54: "St. Oedenrode", 64: "Valkenswaard", // mgmg:3.25, 22.2, 26
		28: "Nijmegen", 48: "Dinther", 49: "Schijndel", 51: "Veghel", // fh40:21.3
		37: "Gennep", 33: "Malden", // fh40:19.6
		5: "Wolfheze", 24: "Driel", 35: "Groesbeek", 15: "Pannerden", 17: "Elden", 16: "Huissen", 25: "Doornenburg",
	} {
		if got := m.Place(m.Area(n)).Name; got != name {
			t.Errorf("area %d is %q, want %q", n, got, name)
		}
	}
	for z, name := range map[byte]string{'A': "Apeldoorn", 'I': "Oss", 'G': "Tilburg", 'F': "Neerpelt"} { // mgmg:21.1, 13.411, fh40:21.1
		if got := m.Place(m.Zone(z)).Name; got != name {
			t.Errorf("zone %c is %q, want %q", z, got, name)
		}
	}
	// mgmg:26 example 9: from Arnhem, Lichtenbeek lies north, Velp north-east,
	// Pannerden south-east, Elden south over the bridge, Oosterbeek west;
	// Huissen is across the Rhine without a bridge.
	arnhem := m.Area(13)
	if got := names(m, m.Neighbors(arnhem)); !slices.Equal(got, []string{"Elden", "Huissen", "Lichtenbeek", "Oosterbeek", "Pannerden", "Velp"}) {
		t.Errorf("Arnhem's neighbours %v", got)
	}
	compass := map[string]func(dx, dy float64) bool{
		"Lichtenbeek": func(dx, dy float64) bool { return dy < 0 },
		"Velp":        func(dx, dy float64) bool { return dx > 0 && dy < 0 },
		"Pannerden":   func(dx, dy float64) bool { return dx > 0 && dy > 0 },
		"Elden":       func(dx, dy float64) bool { return dy > 0 },
		"Oosterbeek":  func(dx, dy float64) bool { return dx < 0 },
	}
	for name, ok := range compass {
		d := m.Place(byName(t, m, name)).Label
		a := m.Place(arnhem).Label
		if !ok(d.X-a.X, d.Y-a.Y) {
			t.Errorf("%s lies in the wrong direction from Arnhem (mgmg:26 example 9)", name)
		}
	}
	if h := byName(t, m, "Huissen"); m.Boundary(arnhem, h) != River || m.Bridge(arnhem, h) {
		t.Error("Arnhem-Huissen: across the Rhine without a bridge")
	}
	adjacent := func(a, b string) bool { return m.Adjacent(byName(t, m, a), byName(t, m, b)) }
	for _, c := range []struct {
		a, b string
		want bool
		ex   string
	}{
		{"Wyler", "Beek", true, "12"}, {"Wyler", "Groesbeek", true, "12"}, {"Beek", "Nijmegen", true, "12"},
		{"Wyler", "Nijmegen", false, "12"}, {"Hatert", "Nijmegen", true, "8"}, {"Wolfheze", "Oosterbeek", true, "13"},
		{"Reichswald", "Groesbeek", true, "14 (36 and 35)"},
	} {
		if adjacent(c.a, c.b) != c.want {
			t.Errorf("%s-%s adjacent %v, want %v (mgmg:26 example %s)", c.a, c.b, !c.want, c.want, c.ex)
		}
	}
}

// mgmg:3.3, mgmg:3.4, mgmg:14.2: zones A-J, Zone F joined to area 64 only,
// the United Kingdom box joined to nothing.
func TestMapZones(t *testing.T) {
	m := loadTestMap(t)
	if got := m.Neighbors(m.Zone('F')); len(got) != 1 || got[0] != m.Area(64) {
		t.Errorf("Zone F's neighbours %v, want only area 64 (mgmg:14.2)", names(m, got))
	}
	// Areas 56 and 63 lie on the southern edge beside Zone F, with 64.
	lowest := func(i int) float64 {
		y := 0.0
		for _, p := range m.Place(i).Polygon {
			y = max(y, p.Y)
		}
		return y
	}
	edge := 0.0
	for n := 1; n <= Areas; n++ {
		edge = max(edge, lowest(m.Area(n)))
	}
	for _, n := range []int{56, 63, 64} {
		if lowest(m.Area(n)) < edge {
			t.Errorf("area %d does not reach the southern edge beside Zone F (mgmg:14.2)", n)
		}
	}
	uk := m.UKBox()
	if len(m.Neighbors(uk)) != 0 || m.Place(uk).Kind != area.KindBox {
		t.Error("the United Kingdom box is a box joined to nothing (mgmg:3.4)")
	}
	if m.Place(m.Zone('A')).Name != "Apeldoorn" {
		t.Error("Zone A is Apeldoorn (mgmg:21.1)")
	}
}

// fh40:3.2, fh40:3.3, fh40:5.2: areas 26 and up lie south of the Waal, cut off
// from the rest by rivers; zones C, D, E, G, H, I reach them and A, B, J do
// not; 26 and 36 are German soil, reached from the German zones C and D.
func TestMapSouthOfTheWaal(t *testing.T) {
	m := loadTestMap(t)
	for _, e := range m.Edges {
		i, j := m.MustIndex(e[0]), m.MustIndex(e[1])
		if (m.Number(i) >= 26) != (m.Number(j) >= 26) && m.Boundary(i, j) != River {
			t.Errorf("areas %s and %s: %s between the two sides of the Waal (fh40:3.2)", e[0], e[1], m.Boundary(i, j))
		}
	}
	for z := byte('A'); z <= 'J'; z++ {
		south := slices.ContainsFunc(m.Neighbors(m.Zone(z)), func(j int) bool { return m.Number(j) >= 26 })
		if want := strings.IndexByte("CDEGHI", z) >= 0 || z == 'F'; south != want {
			t.Errorf("zone %c reaches areas south of the Waal: %v, want %v (fh40:3.3)", z, south, want)
		}
	}
	areas, zones := 0, ""
	for i := range m.Len() {
		if m.InFortressHolland(i) {
			if m.IsZone(i) {
				zones += m.Place(i).ID
			} else {
				areas++
			}
		}
	}
	if areas != 40 || zones != "CDEGHI" {
		t.Errorf("Fortress Holland plays in %d areas and zones %q, want 40 (26-65) and CDEGHI (fh40:3.2, fh40:3.3)", areas, zones)
	}
	if !m.Adjacent(m.Zone('C'), m.Area(26)) || !m.Adjacent(m.Zone('D'), m.Area(36)) {
		t.Error("areas 26 and 36 border the German zones C and D (fh40:5.2, 13.81)")
	}
}

// mgmg:3.25-3.262 and mgmg:23.2: victory point areas, sectors, drop areas,
// supply heads.
func TestMapAirborneAndVictory(t *testing.T) {
	m := loadTestMap(t)
	var special []int
	for n := 1; n <= Areas; n++ {
		i := m.Area(n)
		if m.VPSpecial(i) {
			special = append(special, n)
		}
		if m.Sector(i) == "" {
			t.Errorf("area %d lies in no operational sector (mgmg:3.26)", n)
		}
	}
	if !slices.Equal(special, []int{13, 63}) || m.VP(m.Area(13)) == 0 || m.VP(m.Area(63)) == 0 {
		t.Errorf("special victory point areas %v, want 13 and 63 with victory points (mgmg:3.25)", special)
	}
	drops := map[Sector]int{}
	for n := 1; n <= Areas; n++ {
		if i := m.Area(n); m.Drop(i) != "" {
			drops[m.Sector(i)]++
		}
	}
	if drops[RedDevils] == 0 || drops[AllAmerican] == 0 || drops[ScreamingEagle] == 0 {
		t.Errorf("drop areas by sector %v: each division needs some (mgmg:3.261)", drops)
	}
	if m.Drop(m.Area(5)) != "red" || m.Drop(m.Area(54)) != "green" {
		t.Error("the gliders land in area 5, six units in area 54 (mgmg:23.2, mgmg:26 example 3)")
	}
	for n := 1; n <= Areas; n++ {
		if i := m.Area(n); m.SupplyHead(i) && m.Sector(i) == "" {
			t.Errorf("supply head %d lies in no division's sector (mgmg:3.262)", n)
		}
	}
	if !m.SupplyHead(m.Area(24)) {
		t.Error("area 24 is a supply drop zone (mgmg:23.2, mgmg:3.262)")
	}
	// Example 8: the airborne unit in Hatert may boat-assault Oosterhout, so
	// both lie in the 82nd's sector (mgmg:9.66).
	if m.Sector(byName(t, m, "Hatert")) != AllAmerican || m.Sector(byName(t, m, "Oosterhout")) != AllAmerican {
		t.Error("Hatert and Oosterhout lie in the All American sector (mgmg:26 example 8)")
	}
}

// mgmg:3.261, mgmg:18.5: the pieces' set-up places are on the map, each
// airborne unit's Drop Area one of its colour in its division's sector.
func TestPiecesOnTheMap(t *testing.T) {
	m := loadTestMap(t)
	p, err := LoadPieces()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.CheckMap(m.MapPlaces()); err != nil {
		t.Error(err)
	}
}

// The loader says which place is wrong and how.
func TestLoadMapErrors(t *testing.T) {
	mapJSON, _ := dataFS.ReadFile("data/map.json")
	placesJSON, _ := dataFS.ReadFile("data/places.json")
	for _, c := range []struct {
		old, new, want string
	}{
		{`{"id": "13", "tem": 4,`, `{"id": "13", "tem": 5,`, `place "13": tem 5 must be +1 to +4`},
		{`{"id": "5", "tem": 2, "elevated": true, "sector": "red-devils", "drop": "red"`, `{"id": "5", "tem": 2, "elevated": true, "sector": "red-devils", "drop": "green"`, `place "5": a "green" drop area in sector "red-devils", whose drop areas are "red"`},
		{`{"id": "A", "tem": 2}`, `{"id": "A", "tem": 2, "polder": true}`, `place "A": a zone carries only a TEM`},
		{`{"id": "64", "tem": 2, "sector": "screaming-eagle"}`, `{"id": "64", "tem": 2, "sector": "screaming"}`, `place "64": sector "screaming" is not`},
		{`    {"id": "65", "tem": 2, "sector": "screaming-eagle"},` + "\n", ``, `place "65" has no TEM`},
	} {
		p := strings.Replace(string(placesJSON), c.old, c.new, 1)
		if p == string(placesJSON) {
			t.Fatalf("replacement %q did not apply", c.old)
		}
		if _, err := loadMap(mapJSON, []byte(p)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
	broken := strings.ReplaceAll(string(mapJSON), `"64"`, `"66"`)
	if _, err := loadMap([]byte(broken), placesJSON); err == nil || !strings.Contains(err.Error(), "area 64 is missing") {
		t.Errorf("renumbered area: error %v", err)
	}
}
