package soa

// Checks of our Storm Over Arnhem map (data/map.json, with soa's marks on
// its places in data/places.json) against every map constraint the rules
// state. The map itself is our reconstruction (see
// data/README.md); these tests pin what the rules require of it.

import (
	"math"
	"os"
	"slices"
	"strconv"
	"testing"

	"sandtable/board"
	"sandtable/board/area"
	"sandtable/board/boardtest"
)

func mapDataBoard(t *testing.T) *area.Board {
	t.Helper()
	data, err := os.ReadFile("data/map.json")
	if err != nil {
		t.Fatal(err)
	}
	b, err := area.Load(data)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// mapDataPlaces reads soa's marks on the places of b (data/places.json).
func mapDataPlaces(t *testing.T, b *area.Board) []placeData {
	t.Helper()
	data, err := os.ReadFile("data/places.json")
	if err != nil {
		t.Fatal(err)
	}
	places, _, err := loadPlaces(data, b)
	if err != nil {
		t.Fatal(err)
	}
	return places
}

// mapDataIdx returns the index of a place id, failing the test if unknown.
func mapDataIdx(t *testing.T, b *area.Board, id string) int {
	t.Helper()
	i, ok := b.Index(id)
	if !ok {
		t.Fatalf("no place %q on the map", id)
	}
	return i
}

func mapDataAdjacent(t *testing.T, b *area.Board, x, y string, want bool, why string) {
	t.Helper()
	if got := b.Adjacent(mapDataIdx(t, b, x), mapDataIdx(t, b, y)); got != want {
		t.Errorf("%s-%s adjacent = %v, want %v (%s)", x, y, got, want, why)
	}
}

func TestMapDataPlaces(t *testing.T) {
	b := mapDataBoard(t)
	t.Run("soa:3.2 thirty areas 1-30", func(t *testing.T) {
		areas := 0
		for i := range b.Len() {
			if !b.IsZone(i) {
				areas++
			}
		}
		if areas != 30 {
			t.Errorf("%d areas, want 30", areas)
		}
		for n := 1; n <= 30; n++ {
			if i := mapDataIdx(t, b, strconv.Itoa(n)); b.IsZone(i) {
				t.Errorf("area %d is a zone", n)
			}
		}
	})
	t.Run("soa:3.3 five perimeter zones A-E", func(t *testing.T) {
		zones := 0
		for i := range b.Len() {
			if b.IsZone(i) {
				zones++
			}
		}
		if zones != 5 {
			t.Errorf("%d zones, want 5", zones)
		}
		for _, z := range []string{"A", "B", "C", "D", "E"} {
			if !b.IsZone(mapDataIdx(t, b, z)) {
				t.Errorf("%s is not a zone", z)
			}
		}
	})
	t.Run("note says it is our reconstruction", func(t *testing.T) {
		if b.Title == "" || b.Note == "" {
			t.Error("title or note missing")
		}
	})
}

func TestMapDataGeometry(t *testing.T) {
	b := mapDataBoard(t)
	t.Run("soa:3.2 edges are exactly the shared borders", func(t *testing.T) {
		if err := b.CheckGeometry(0.5); err != nil {
			t.Error(err)
		}
	})
	t.Run("soa:3.2 corner-only pairs touch at a single point", func(t *testing.T) {
		want := [][2]string{{"4", "17"}, {"5", "18"}, {"15", "26"}, {"24", "25"}}
		num := func(id string) int { n, _ := strconv.Atoi(id); return n }
		var got [][2]string
		for _, p := range b.CornerOnly {
			if num(p[0]) > num(p[1]) {
				p[0], p[1] = p[1], p[0]
			}
			got = append(got, p)
		}
		slices.SortFunc(got, func(x, y [2]string) int { return num(x[0]) - num(y[0]) })
		if !slices.Equal(got, want) {
			t.Errorf("corner_only = %v, want %v", got, want)
		}
		for _, p := range want {
			i, j := mapDataIdx(t, b, p[0]), mapDataIdx(t, b, p[1])
			if b.Adjacent(i, j) {
				t.Errorf("%v adjacent", p)
			}
			l, touch := area.SharedBorder(b.Place(i).Polygon, b.Place(j).Polygon, 0.5)
			if l > 0.5 || !touch {
				t.Errorf("%v: shared border %v, touch %v; want a single point", p, l, touch)
			}
		}
	})
	t.Run("soa:3.2 adjacency is symmetric and connected", func(t *testing.T) {
		boardtest.CheckGraph(t, b)
		for i := range b.Len() {
			if len(b.Neighbors(i)) < 2 {
				t.Errorf("%s has %d neighbours, want at least 2", b.Place(i).ID, len(b.Neighbors(i)))
			}
		}
		for i, d := range board.Distances(b, 0, nil) {
			if d < 0 {
				t.Errorf("%s unreachable", b.Place(i).ID)
			}
		}
	})
}

func TestMapDataVictoryAndSpecialAreas(t *testing.T) {
	b := mapDataBoard(t)
	places := mapDataPlaces(t, b)
	t.Run("soa:3.21 six victory point areas", func(t *testing.T) {
		// The areas are the rules'; the values are ours (data/README.md).
		want := map[string]int{"4": 1, "5": 1, "17": 2, "18": 2, "22": 3, "23": 3}
		total := 0
		for i := range b.Len() {
			p := b.Place(i)
			if p.VP != want[p.ID] {
				t.Errorf("area %s vp = %d, want %d", p.ID, p.VP, want[p.ID])
			}
			total += p.VP
		}
		if total != 12 {
			t.Errorf("total vp %d, want 12", total)
		}
	})
	t.Run("soa:3.22 S areas 2 3 4", func(t *testing.T) {
		var got []string
		for i := range b.Len() {
			if places[i].SArea {
				got = append(got, b.Place(i).ID)
			}
		}
		if !slices.Equal(got, []string{"2", "3", "4"}) {
			t.Errorf("S areas %v, want [2 3 4]", got)
		}
	})
}

func TestMapDataRulebookExamples(t *testing.T) {
	b := mapDataBoard(t)
	places := mapDataPlaces(t, b)
	t.Run("soa:8.355 example retreat from 24 to 15 not 16", func(t *testing.T) {
		mapDataAdjacent(t, b, "17", "24", true, "British in 17 fire at 24")
		mapDataAdjacent(t, b, "24", "15", true, "retreat into 15")
		mapDataAdjacent(t, b, "24", "16", true, "16 is an alternative")
		mapDataAdjacent(t, b, "16", "17", true, "16 is adjacent to 17")
		mapDataAdjacent(t, b, "15", "17", false, "15 is not adjacent to 17")
		// With British only in 17, 15 must be the one best retreat (soa:8.3551 C):
		// every other place next to 24 is 17 itself or next to 17, and no zone.
		i17 := mapDataIdx(t, b, "17")
		for _, n := range b.Neighbors(mapDataIdx(t, b, "24")) {
			id := b.Place(n).ID
			if b.IsZone(n) {
				t.Errorf("24 connects to zone %s (a zone outranks 15, soa:8.3551 B)", id)
			}
			if id != "15" && n != i17 && !b.Adjacent(n, i17) {
				t.Errorf("24's neighbour %s is not adjacent to 17: it would outrank 15", id)
			}
		}
	})
	t.Run("soa:8.22 example armoured car reaches 24, 25 not adjacent", func(t *testing.T) {
		mapDataAdjacent(t, b, "24", "25", false, "corner only")
		d := board.Distances(b, mapDataIdx(t, b, "C"), nil)
		if k := d[mapDataIdx(t, b, "24")]; k < 1 || k > 3 {
			t.Errorf("24 is %d steps from zone C, want 1-3", k)
		}
		near := false
		for i := range b.Len() {
			if places[i].Setup == "german" {
				if k := board.Distances(b, i, nil)[mapDataIdx(t, b, "24")]; k >= 0 && k <= 2 {
					near = true
				}
			}
		}
		if !near {
			t.Error("no German set-up area within 2 steps of 24")
		}
	})
	t.Run("soa:14 example artillery spotting 29 21 22", func(t *testing.T) {
		mapDataAdjacent(t, b, "29", "22", true, "10th Recon artillery from 29 into 22")
		mapDataAdjacent(t, b, "29", "21", false, "not into 21 from 29")
		i21, i22, i29 := mapDataIdx(t, b, "21"), mapDataIdx(t, b, "22"), mapDataIdx(t, b, "29")
		ok := false
		for _, x := range b.Neighbors(i21) {
			if x != i29 && x != i22 && !b.IsZone(x) && !b.Adjacent(x, i22) {
				ok = true // a second HQ there can call fire into 21 only
			}
		}
		if !ok {
			t.Error("no area other than 29 that is adjacent to 21 but not to 22")
		}
	})
	t.Run("designer's notes areas 2 3 4 5 6 11 12 18", func(t *testing.T) {
		mapDataAdjacent(t, b, "2", "3", true, "one block")
		mapDataAdjacent(t, b, "3", "18", true, "3 can fire at 18")
		mapDataAdjacent(t, b, "2", "18", false, "2 cannot")
		mapDataAdjacent(t, b, "3", "4", true, "across a street")
		mapDataAdjacent(t, b, "11", "12", true, "11 fires into 12")
		mapDataAdjacent(t, b, "11", "5", false, "not into 5")
		mapDataAdjacent(t, b, "6", "11", true, "the trees of 6 lie between 11 and 5")
		mapDataAdjacent(t, b, "6", "5", true, "the trees of 6 lie between 11 and 5")
		poly6 := b.Place(mapDataIdx(t, b, "6")).Polygon
		trees := false
		for _, f := range b.Features {
			if f.Kind == "trees" && mapDataInside(mapDataCentroid(f.Polygon), poly6) {
				trees = true
			}
		}
		if !trees {
			t.Error("no trees drawn in area 6")
		}
	})
}

func TestMapDataSetup(t *testing.T) {
	b := mapDataBoard(t)
	places := mapDataPlaces(t, b)
	byColour := map[string][]string{}
	for i := range b.Len() {
		byColour[places[i].Setup] = append(byColour[places[i].Setup], b.Place(i).ID)
	}
	t.Run("soa:3.61 set-up colours", func(t *testing.T) {
		for colour := range byColour {
			switch colour {
			case "none", "german", "british", "bochoit", "":
			default:
				t.Errorf("unknown set-up colour %q", colour)
			}
		}
		if len(byColour["british"]) != 12 {
			t.Errorf("%d British set-up areas %v, want 12", len(byColour["british"]), byColour["british"])
		}
		if len(byColour["german"]) < 8 {
			t.Errorf("%d German set-up areas, want at least 8", len(byColour["german"]))
		}
		if !slices.Equal(byColour["bochoit"], []string{"A", "B"}) {
			t.Errorf("Bochoit zones %v, want [A B]", byColour["bochoit"])
		}
		if !slices.Equal(byColour[""], []string{"C", "D", "E"}) {
			t.Errorf("places without set-up colour %v, want [C D E]", byColour[""])
		}
		for _, id := range byColour["german"] {
			l := b.Place(mapDataIdx(t, b, id)).Label
			if l.X < 500 && l.Y > 200 { // east of the ramp or in the north
				t.Errorf("German set-up area %s lies in the south-west", id)
			}
		}
	})
	t.Run("soa:5.1 soa:11.5 British areas are the VP and six perimeter areas", func(t *testing.T) {
		perim := 0
		for i := range b.Len() {
			p, d := b.Place(i), places[i]
			if d.Perimeter {
				perim++
				if p.VP > 0 || d.Setup != "british" {
					t.Errorf("perimeter area %s: vp %d, setup %q", p.ID, p.VP, d.Setup)
				}
			}
			if p.VP > 0 && d.Setup != "british" {
				t.Errorf("victory area %s has setup %q, want british", p.ID, d.Setup)
			}
			if d.Setup == "british" && p.VP == 0 && !d.Perimeter {
				t.Errorf("British area %s is neither VP nor perimeter", p.ID)
			}
		}
		if perim != 6 {
			t.Errorf("%d perimeter areas, want 6", perim)
		}
	})
	t.Run("soa:3.61 the British perimeter holds both sides of the ramp", func(t *testing.T) {
		brit := map[int]bool{}
		west, east := 0, 0
		for _, id := range byColour["british"] {
			i := mapDataIdx(t, b, id)
			brit[i] = true
			if b.Place(i).Label.X < 500 {
				west++
			} else {
				east++
			}
		}
		if west < 4 || east < 4 {
			t.Errorf("British areas west/east of the ramp: %d/%d", west, east)
		}
		start := mapDataIdx(t, b, byColour["british"][0])
		d := board.Distances(b, start, func(i int) bool { return brit[i] })
		for i := range brit {
			if d[i] < 0 {
				t.Errorf("British area %s is cut off from the perimeter", b.Place(i).ID)
			}
		}
	})
	t.Run("soa:3.62 set-up dots", func(t *testing.T) {
		areas := map[string][]string{}
		several := false
		for _, p := range places {
			if p.Setup != "british" {
				if len(p.Dots) > 0 {
					t.Errorf("non-British place %s has dots %v", p.ID, p.Dots)
				}
				continue
			}
			if len(p.Dots) == 0 {
				t.Errorf("British area %s has no dot", p.ID)
			}
			several = several || len(p.Dots) > 1
			for _, d := range p.Dots {
				areas[d] = append(areas[d], p.ID)
			}
		}
		for _, c := range []string{"red", "blue", "green", "yellow", "orange"} {
			if len(areas[c]) < 2 {
				t.Errorf("colour %s on %v, want at least two areas", c, areas[c])
			}
			delete(areas, c)
		}
		if len(areas) > 0 {
			t.Errorf("unexpected dot colours %v", areas)
		}
		if !several {
			t.Error("no area with several dots")
		}
	})
}

func TestMapDataZones(t *testing.T) {
	b := mapDataBoard(t)
	t.Run("soa:10.1 zone-zone arrows", func(t *testing.T) {
		var got []string
		for _, a := range b.Arrows {
			if b.IsZone(mapDataIdx(t, b, a[0])) && b.IsZone(mapDataIdx(t, b, a[1])) {
				x, y := min(a[0], a[1]), max(a[0], a[1])
				got = append(got, x+y)
			}
		}
		slices.Sort(got)
		if !slices.Equal(got, []string{"AB", "AD", "BC", "DE"}) {
			t.Errorf("zone-zone arrows %v, want [AB AD BC DE]", got)
		}
	})
	t.Run("soa:10.1 each zone has 2-4 arrows to edge areas on its side", func(t *testing.T) {
		side := map[string]func(area.Point) bool{
			"A": func(p area.Point) bool { return p.Y < 200 },              // north
			"B": func(p area.Point) bool { return p.X > 650 && p.Y < 350 }, // north-east
			"C": func(p area.Point) bool { return p.X > 650 && p.Y > 350 }, // east, along the river
			"D": func(p area.Point) bool { return p.X < 400 && p.Y < 200 }, // north-west
			"E": func(p area.Point) bool { return p.X < 200 },              // west
		}
		for _, z := range []string{"A", "B", "C", "D", "E"} {
			zi := mapDataIdx(t, b, z)
			n := 0
			for _, q := range b.Neighbors(zi) {
				if b.IsZone(q) {
					continue
				}
				n++
				p := b.Place(q)
				if !side[z](p.Label) {
					t.Errorf("zone %s connects to area %s, not on its side of the map", z, p.ID)
				}
				if g := mapDataGap(b.Place(zi).Polygon, p.Polygon); g > 40 {
					t.Errorf("zone %s connects to area %s, %.0f units away from the edge", z, p.ID, g)
				}
			}
			if n < 2 || n > 4 {
				t.Errorf("zone %s has arrows to %d areas, want 2-4", z, n)
			}
		}
	})
	t.Run("soa:16.1 Tigers enter in zone C beside the river", func(t *testing.T) {
		riverside := false
		for _, q := range b.Neighbors(mapDataIdx(t, b, "C")) {
			if !b.IsZone(q) && b.Place(q).Label.Y > 500 {
				riverside = true
			}
		}
		if !riverside {
			t.Error("zone C does not lead to a riverside area")
		}
	})
}

func mapDataCentroid(poly []area.Point) area.Point {
	var c area.Point
	for _, p := range poly {
		c.X += p.X / float64(len(poly))
		c.Y += p.Y / float64(len(poly))
	}
	return c
}

func mapDataInside(p area.Point, poly []area.Point) bool {
	in := false
	for k := range poly {
		a, c := poly[k], poly[(k+1)%len(poly)]
		if (a.Y > p.Y) != (c.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(c.X-a.X)/(c.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// mapDataGap is the smallest distance between the vertices of one polygon
// and the other's bounding box, both ways: small when they face each other.
func mapDataGap(p, q []area.Point) float64 {
	boxDist := func(v area.Point, poly []area.Point) float64 {
		lo, hi := poly[0], poly[0]
		for _, w := range poly {
			lo.X, lo.Y = math.Min(lo.X, w.X), math.Min(lo.Y, w.Y)
			hi.X, hi.Y = math.Max(hi.X, w.X), math.Max(hi.Y, w.Y)
		}
		dx := math.Max(0, math.Max(lo.X-v.X, v.X-hi.X))
		dy := math.Max(0, math.Max(lo.Y-v.Y, v.Y-hi.Y))
		return math.Hypot(dx, dy)
	}
	best := math.Inf(1)
	for _, v := range p {
		best = math.Min(best, boxDist(v, q))
	}
	for _, v := range q {
		best = math.Min(best, boxDist(v, p))
	}
	return best
}
