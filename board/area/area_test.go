package area

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sandtable/board"
	"sandtable/board/boardtest"
)

// testFile is a 2x2 grid of areas plus two zones:
//
//	Z (zone, above a1/a2, arrow to a1)      Y (zone, no arrows)
//	a1 | a2
//	---+---
//	a3 | a4
//
// a1/a4 and a2/a3 touch only at the centre point. A river runs along a1-a3
// with a bridge over it.
func testFile() file {
	sq := func(x, y float64) []Point {
		return []Point{{x, y}, {x + 10, y}, {x + 10, y + 10}, {x, y + 10}}
	}
	return file{
		Title: "test", Note: "hand-written", Width: 40, Height: 40,
		Places: []Place{
			{ID: "a1", Kind: KindArea, Name: "one", VP: 2, Polygon: sq(10, 10), Label: Point{15, 15}},
			{ID: "a2", Kind: KindArea, Name: "two", Polygon: sq(20, 10), Label: Point{25, 15}},
			{ID: "a3", Kind: KindArea, Name: "three", Polygon: sq(10, 20), Label: Point{15, 25}},
			{ID: "a4", Kind: KindArea, Name: "four", Polygon: sq(20, 20), Label: Point{25, 25}},
			{ID: "Z", Kind: KindZone, Name: "north", Polygon: []Point{{10, 0}, {30, 0}, {30, 5}, {10, 5}}, Label: Point{12, 2}},
			{ID: "Y", Kind: KindZone, Name: "cut off", Polygon: []Point{{35, 35}, {40, 35}, {40, 40}, {35, 40}}, Label: Point{37, 37}},
		},
		Edges:      [][2]string{{"a1", "a2"}, {"a1", "a3"}, {"a2", "a4"}, {"a3", "a4"}},
		Arrows:     [][2]string{{"Z", "a1"}},
		CornerOnly: [][2]string{{"a1", "a4"}, {"a2", "a3"}},
		FeaturedEdges: []EdgeFeature{
			{Between: [2]string{"a3", "a1"}, Features: board.River | board.Bridge},
			{Between: [2]string{"Z", "a1"}, Features: board.Road},
		},
		Features: []Feature{{Kind: "water", Name: "river", Polygon: []Point{{0, 32}, {40, 32}, {40, 40}, {0, 40}}, Label: &Point{5, 38}}},
	}
}

func encode(t *testing.T, f file) []byte {
	t.Helper()
	data, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func testBoard(t *testing.T) *Board {
	t.Helper()
	b, err := Load(encode(t, testFile()))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestLoadValid(t *testing.T) {
	b := testBoard(t)
	if b.Len() != 6 || b.Title != "test" || b.Note != "hand-written" || b.Width != 40 {
		t.Fatalf("board = %d places, %q, %q, %v", b.Len(), b.Title, b.Note, b.Width)
	}
	for i := range b.Len() {
		if b.Place(i).Index != i {
			t.Errorf("place %d has Index %d", i, b.Place(i).Index)
		}
		if j, ok := b.Index(b.Place(i).ID); !ok || j != i {
			t.Errorf("Index(%q) = %d, %v", b.Place(i).ID, j, ok)
		}
	}
	if _, ok := b.Index("nope"); ok {
		t.Error("Index of an unknown id succeeded")
	}
	z := b.MustIndex("Z")
	if !b.IsZone(z) || b.IsZone(b.MustIndex("a1")) {
		t.Error("IsZone wrong")
	}
	a1 := b.Place(b.MustIndex("a1"))
	if a1.VP != 2 || a1.Name != "one" {
		t.Errorf("a1 = %+v", a1)
	}
	if got := b.Neighbors(b.MustIndex("a1")); !slices.Equal(got, []int{1, 2, 4}) {
		t.Errorf("Neighbors(a1) = %v, want [1 2 4] (a2, a3, Z)", got)
	}
	if len(b.Neighbors(b.MustIndex("Y"))) != 0 {
		t.Error("isolated zone has neighbours")
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name   string
		mutate func(f *file)
		want   string
	}{
		{"zero size", func(f *file) { f.Width = 0 }, "width and height must be positive"},
		{"no places", func(f *file) { f.Places = nil; f.Edges, f.Arrows, f.CornerOnly = nil, nil, nil }, "no places"},
		{"duplicate id", func(f *file) { f.Places[1].ID = "a1" }, `place "a1": id used twice`},
		{"empty id", func(f *file) { f.Places[0].ID = "" }, "place #1: id must be"},
		{"bad kind", func(f *file) { f.Places[2].Kind = "hex" }, `place "a3": kind must be`},
		{"empty name", func(f *file) { f.Places[3].Name = "" }, `place "a4": name is empty`},
		{"negative vp", func(f *file) { f.Places[0].VP = -1 }, `place "a1": vp -1 is negative`},
		{"two-point polygon", func(f *file) { f.Places[1].Polygon = f.Places[1].Polygon[:2] }, `place "a2": polygon has 2 points, need at least 3`},
		{"flat polygon", func(f *file) { f.Places[1].Polygon = []Point{{1, 1}, {2, 2}, {3, 3}} }, `place "a2": polygon has no area`},
		{"polygon off map", func(f *file) { f.Places[3].Polygon[2] = Point{50, 30} }, `place "a4": polygon point 2 (50, 30) is outside the map`},
		{"label outside", func(f *file) { f.Places[0].Label = Point{35, 35} }, `place "a1": label (35, 35) is outside its polygon`},
		{"feature polygon", func(f *file) { f.Features[0].Polygon = nil }, `feature #1 (water "river"): polygon has 0 points`},
		{"edge unknown", func(f *file) { f.Edges = append(f.Edges, [2]string{"a1", "a9"}) }, `edges[4] "a1"-"a9": unknown place "a9"`},
		{"edge self", func(f *file) { f.Edges = append(f.Edges, [2]string{"a2", "a2"}) }, `edges[4] "a2"-"a2": a place cannot be paired with itself`},
		{"edge twice", func(f *file) { f.Edges = append(f.Edges, [2]string{"a2", "a1"}) }, `edges[4] "a2"-"a1": pair listed twice`},
		{"edge with zone", func(f *file) { f.Edges = append(f.Edges, [2]string{"Z", "a2"}) }, `edges[4] "Z"-"a2": edges join two areas`},
		{"arrow between areas", func(f *file) { f.Arrows = append(f.Arrows, [2]string{"a3", "a2"}) }, `arrows[1] "a3"-"a2": an arrow must involve at least one zone`},
		{"arrow unknown", func(f *file) { f.Arrows = append(f.Arrows, [2]string{"Q", "a2"}) }, `arrows[1] "Q"-"a2": unknown place "Q"`},
		{"arrow also edge", func(f *file) { f.Arrows = append(f.Arrows, [2]string{"a1", "a2"}) }, `arrows[1] "a1"-"a2": pair is also listed in edges`},
		{"corner-only in edges", func(f *file) { f.CornerOnly = append(f.CornerOnly, [2]string{"a2", "a1"}) }, `corner_only[2] "a2"-"a1": pair is also listed in edges`},
		{"corner-only zone", func(f *file) { f.CornerOnly = append(f.CornerOnly, [2]string{"Z", "a4"}) }, `corner_only[2] "Z"-"a4": corner-only pairs must be two areas`},
		{"features off an edge", func(f *file) {
			f.FeaturedEdges = append(f.FeaturedEdges, EdgeFeature{Between: [2]string{"a1", "a4"}, Features: board.River})
		}, `edge_features[2] "a1"-"a4": not an edge or an arrow of the map`},
		{"features of an unknown place", func(f *file) {
			f.FeaturedEdges = append(f.FeaturedEdges, EdgeFeature{Between: [2]string{"a1", "x"}, Features: board.River})
		}, `edge_features[2] "a1"-"x": not an edge or an arrow of the map`},
		{"features twice", func(f *file) {
			f.FeaturedEdges = append(f.FeaturedEdges, EdgeFeature{Between: [2]string{"a1", "a3"}, Features: board.Rail})
		}, `edge_features[2] "a1"-"a3": pair listed twice`},
		{"no features", func(f *file) {
			f.FeaturedEdges = append(f.FeaturedEdges, EdgeFeature{Between: [2]string{"a2", "a4"}})
		}, `edge_features[2] "a2"-"a4": no features`},
		{"rule edge with a zone", func(f *file) { f.RuleEdges = [][2]string{{"a4", "Y"}} }, `rule_edges[0] "a4"-"Y": rule edges join two areas`},
		{"rule edge also an edge", func(f *file) { f.RuleEdges = [][2]string{{"a2", "a1"}} }, `rule_edges[0] "a2"-"a1": pair is also listed in edges`},
		{"arrow to a box", func(f *file) {
			f.Places = append(f.Places, Place{ID: "UK", Kind: KindBox, Name: "box", Polygon: []Point{{0, 0}, {5, 0}, {5, 5}, {0, 5}}, Label: Point{2, 2}})
			f.Arrows = append(f.Arrows, [2]string{"Z", "UK"})
		}, `arrows[1] "Z"-"UK": a holding box is joined to nothing`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := testFile()
			tc.mutate(&f)
			_, err := Load(encode(t, f))
			if err == nil {
				t.Fatalf("Load succeeded, want error containing %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %q\ndoes not contain %q", err, tc.want)
			}
		})
	}
}

func TestLoadRawErrors(t *testing.T) {
	good := string(encode(t, testFile()))
	tests := []struct{ name, data, want string }{
		{"not json", "{", "decoding map"},
		{"unknown top-level field", strings.Replace(good, `"title"`, `"colour":1,"title"`, 1), `unknown field "colour"`},
		{"unknown place field", strings.Replace(good, `"id":"a1"`, `"id":"a1","terrain":"city"`, 1), `unknown field "terrain"`},
		{"a game's own place field", strings.Replace(good, `"id":"a1"`, `"id":"a1","setup":"british"`, 1), `unknown field "setup"`},
		{"unknown edge feature", strings.Replace(good, `["road"]`, `["ford"]`, 1), `unknown edge feature "ford"`},
		{"point as object", strings.Replace(good, `"label":[15,15]`, `"label":{"X":15,"Y":15}`, 1), "a point must be a pair"},
		{"point with three numbers", strings.Replace(good, `"label":[15,15]`, `"label":[15,15,1]`, 1), "a point must be a pair [x, y], got 3 numbers"},
		{"trailing data", good + `{}`, "data after the top-level object"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.data == good {
				t.Fatal("replacement did not apply")
			}
			_, err := Load([]byte(tc.data))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestLoadReportsAllProblems(t *testing.T) {
	f := testFile()
	f.Places[0].Name = ""
	f.Places[1].VP = -3
	f.Edges = append(f.Edges, [2]string{"a1", "nowhere"})
	_, err := Load(encode(t, f))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`"a1": name is empty`, `"a2": vp -3`, `unknown place "nowhere"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// A holding box and a rule edge: the box is joined to nothing; the rule edge
// makes two areas adjacent that only touch at a corner (or not at all), and
// CheckGeometry accepts it there but not where the areas share a border.
func TestBoxAndRuleEdges(t *testing.T) {
	f := testFile()
	f.Places = append(f.Places, Place{ID: "UK", Kind: KindBox, Name: "box", Polygon: []Point{{0, 0}, {5, 0}, {5, 5}, {0, 5}}, Label: Point{2, 2}})
	f.CornerOnly = [][2]string{{"a1", "a4"}}
	f.RuleEdges = [][2]string{{"a2", "a3"}}
	b, err := Load(encode(t, f))
	if err != nil {
		t.Fatal(err)
	}
	boardtest.CheckGraph(t, b)
	uk, a2, a3 := b.MustIndex("UK"), b.MustIndex("a2"), b.MustIndex("a3")
	if len(b.Neighbors(uk)) != 0 || b.IsZone(uk) || b.IsArea(uk) || !b.IsArea(a2) {
		t.Errorf("box: neighbours %v, zone %v, area %v", b.Neighbors(uk), b.IsZone(uk), b.IsArea(uk))
	}
	if !b.Adjacent(a2, a3) || !b.IsRuleEdge(a3, a2) || b.IsRuleEdge(a2, b.MustIndex("a1")) {
		t.Error("a2-a3 is a rule edge: adjacent, and the only one")
	}
	if err := b.CheckGeometry(0.01); err != nil {
		t.Errorf("a rule edge between areas touching at a corner: %v", err)
	}
	f.Edges, f.RuleEdges = f.Edges[1:], [][2]string{{"a1", "a2"}}
	f.CornerOnly = [][2]string{{"a1", "a4"}, {"a2", "a3"}}
	if b, err = Load(encode(t, f)); err != nil {
		t.Fatal(err)
	}
	if err := b.CheckGeometry(0.01); err == nil || !strings.Contains(err.Error(), `areas "a1" and "a2" are rule_edges but share a border of length 10; list them in edges`) {
		t.Errorf("a rule edge along a shared border: %v", err)
	}
}

func TestAdjacency(t *testing.T) {
	b := testBoard(t)
	boardtest.CheckGraph(t, b)
	for _, c := range [][2]string{{"a1", "a4"}, {"a2", "a3"}} {
		i, j := b.MustIndex(c[0]), b.MustIndex(c[1])
		if b.Adjacent(i, j) {
			t.Errorf("corner-only pair %v is adjacent", c)
		}
		if !b.IsCornerOnly(i, j) || !b.IsCornerOnly(j, i) {
			t.Errorf("IsCornerOnly%v false", c)
		}
	}
	if !b.Adjacent(b.MustIndex("Z"), b.MustIndex("a1")) {
		t.Error("arrow Z-a1 does not make them adjacent")
	}
	if b.Adjacent(b.MustIndex("Z"), b.MustIndex("a2")) {
		t.Error("zone Z adjacent to a2 without an arrow")
	}
	id := b.MustIndex
	for _, c := range []struct {
		a, z string
		want board.Features
	}{{"a1", "a3", board.River | board.Bridge}, {"a3", "a1", board.River | board.Bridge}, {"a1", "Z", board.Road}, {"a1", "a2", 0}, {"a1", "a4", 0}} {
		if got := b.EdgeFeatures(id(c.a), id(c.z)); got != c.want {
			t.Errorf("EdgeFeatures(%s, %s) = %v, want %v", c.a, c.z, got, c.want)
		}
	}
}

// TestRandomBoardsAreGraphs loads random boards (a grid of areas, zones
// along the top, random edges, arrows and edge features) and checks the
// promises of board.Graph on each.
func TestRandomBoardsAreGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 40 {
		cols, rows, zones := 1+r.IntN(4), 1+r.IntN(4), r.IntN(3)
		f := file{Title: "random", Width: 10 * float64(max(cols, zones)), Height: 10*float64(rows) + 10}
		sq := func(x, y float64) []Point { return []Point{{x, y}, {x + 10, y}, {x + 10, y + 10}, {x, y + 10}} }
		for z := range zones {
			f.Places = append(f.Places, Place{ID: fmt.Sprintf("Z%d", z), Kind: KindZone, Name: "zone", Polygon: sq(10*float64(z), 0), Label: Point{10*float64(z) + 5, 5}})
		}
		for y := range rows {
			for x := range cols {
				f.Places = append(f.Places, Place{ID: fmt.Sprintf("a%d_%d", x, y), Kind: KindArea, Name: "area", Polygon: sq(10*float64(x), 10*float64(y)+10), Label: Point{10*float64(x) + 5, 10*float64(y) + 15}})
			}
		}
		for i, p := range f.Places {
			for _, q := range f.Places[i+1:] {
				if r.IntN(3) > 0 {
					continue
				}
				pair := [2]string{p.ID, q.ID}
				if r.IntN(2) == 0 {
					pair = [2]string{q.ID, p.ID}
				}
				if p.Kind == KindArea && q.Kind == KindArea {
					f.Edges = append(f.Edges, pair)
				} else {
					f.Arrows = append(f.Arrows, pair)
				}
				if r.IntN(2) == 0 {
					f.FeaturedEdges = append(f.FeaturedEdges, EdgeFeature{Between: pair, Features: board.Features(1 + r.IntN(31))})
				}
			}
		}
		b, err := Load(encode(t, f))
		if err != nil {
			t.Fatal(err)
		}
		boardtest.CheckGraph(t, b)
		for _, e := range f.FeaturedEdges {
			if got := b.EdgeFeatures(b.MustIndex(e.Between[1]), b.MustIndex(e.Between[0])); got != e.Features {
				t.Errorf("EdgeFeatures(%s, %s) = %v, want %v", e.Between[1], e.Between[0], got, e.Features)
			}
		}
	}
}

func TestDistances(t *testing.T) {
	b := testBoard(t)
	id := b.MustIndex
	d := board.Distances(b, id("a4"), nil)
	want := map[string]int{"a1": 2, "a2": 1, "a3": 1, "a4": 0, "Z": 3, "Y": -1}
	for k, v := range want {
		if d[id(k)] != v {
			t.Errorf("distance a4->%s = %d, want %d", k, d[id(k)], v)
		}
	}
	// a2 and a3 are reached but not passed: a1 and Z become unreachable.
	stop := func(i int) bool { return i != id("a2") && i != id("a3") }
	d = board.Distances(b, id("a4"), stop)
	if d[id("a2")] != 1 || d[id("a3")] != 1 || d[id("a1")] != -1 || d[id("Z")] != -1 {
		t.Errorf("with a2, a3 impassable: %v", d)
	}
	// The start is always left, even when pass refuses it.
	d = board.Distances(b, id("a4"), func(i int) bool { return i != id("a4") })
	if d[id("Z")] != 3 {
		t.Errorf("start not left: %v", d)
	}
}

func TestHotPathDoesNotAllocate(t *testing.T) {
	b := testBoard(t)
	allocs := testing.AllocsPerRun(100, func() {
		for i := range b.Len() {
			for _, j := range b.Neighbors(i) {
				_ = b.Adjacent(i, j)
				_ = b.EdgeFeatures(i, j)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

func TestPointJSON(t *testing.T) {
	data, err := json.Marshal([]Point{{1.5, -2}, {0.25, 700}})
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != "[[1.5,-2],[0.25,700]]" {
		t.Errorf("got %s", data)
	}
	var p Point
	if err := json.Unmarshal([]byte("[3, 4]"), &p); err != nil || p != (Point{3, 4}) {
		t.Errorf("unmarshal = %v, %v", p, err)
	}
}
