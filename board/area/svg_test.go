package area

import (
	"bytes"
	"encoding/xml"
	"io"
	"strings"
	"testing"

	"sandtable/board"
)

func TestSharedBorder(t *testing.T) {
	a := []Point{{0, 0}, {10, 0}, {10, 10}, {0, 10}}
	tests := []struct {
		name      string
		b         []Point
		length    float64
		wantTouch bool
	}{
		{"full side", []Point{{10, 0}, {20, 0}, {20, 10}, {10, 10}}, 10, true},
		{"part of a side", []Point{{10, 4}, {20, 4}, {20, 30}, {10, 30}}, 6, true},
		{"side split by a T vertex", []Point{{10, 0}, {10, 5}, {10, 10}, {20, 10}, {20, 0}}, 10, true},
		{"corner only", []Point{{10, 10}, {20, 10}, {20, 20}, {10, 20}}, 0, true},
		{"apart", []Point{{11, 0}, {20, 0}, {20, 10}, {11, 10}}, 0, false},
	}
	for _, tc := range tests {
		l, touch := SharedBorder(a, tc.b, 1e-6)
		if l < tc.length-1e-9 || l > tc.length+1e-9 || touch != tc.wantTouch {
			t.Errorf("%s: SharedBorder = %v, %v; want %v, %v", tc.name, l, touch, tc.length, tc.wantTouch)
		}
	}
}

func TestCheckGeometry(t *testing.T) {
	if err := testBoard(t).CheckGeometry(0.01); err != nil {
		t.Fatalf("valid board: %v", err)
	}
	tests := []struct {
		name   string
		mutate func(f *file)
		want   string
	}{
		{"missing edge", func(f *file) { f.Edges = f.Edges[1:] }, `areas "a1" and "a2" share a border of length 10 but are not in edges`},
		{"missing corner", func(f *file) { f.CornerOnly = f.CornerOnly[1:] }, `areas "a1" and "a4" touch at a point but are not in corner_only`},
		{"edge without border", func(f *file) {
			f.Places[3].Polygon = []Point{{21, 21}, {30, 21}, {30, 30}, {21, 30}}
			f.Places[3].Label = Point{25, 25}
		}, `areas "a2" and "a4" are in edges but share no border`},
		{"corner pair apart", func(f *file) {
			f.Places[3].Polygon = []Point{{21, 21}, {30, 21}, {30, 30}, {21, 30}}
			f.Places[3].Label = Point{25, 25}
		}, `areas "a1" and "a4" are corner_only but do not touch`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := testFile()
			tc.mutate(&f)
			b, err := Load(encode(t, f))
			if err != nil {
				t.Fatal(err)
			}
			err = b.CheckGeometry(0.01)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func render(t *testing.T, b *Board, o SVGOptions) string {
	t.Helper()
	var buf bytes.Buffer
	if err := b.SVG(&buf, o); err != nil {
		t.Fatal(err)
	}
	return buf.String()
}

// parseSVG checks that s is well-formed XML and counts its elements by name,
// and the text of its <text> elements.
func parseSVG(t *testing.T, s string) (map[string]int, []string) {
	t.Helper()
	dec := xml.NewDecoder(strings.NewReader(s))
	counts := map[string]int{}
	var texts []string
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v\n%s", err, s)
		}
		switch e := tok.(type) {
		case xml.StartElement:
			counts[e.Name.Local]++
			inText = e.Name.Local == "text"
			if e.Name.Local == "svg" && e.Name.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("svg namespace = %q", e.Name.Space)
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(e))
			}
		case xml.EndElement:
			inText = false
		}
	}
	return counts, texts
}

func TestSVG(t *testing.T) {
	f := testFile()
	f.Title = `Map <of> "test" & co`
	f.Places[1].Name = "Two & <two>"
	f.FeaturedEdges = append(f.FeaturedEdges,
		EdgeFeature{Between: [2]string{"a1", "a2"}, Features: board.Road | board.Rail},
		EdgeFeature{Between: [2]string{"a2", "a4"}, Features: board.Canal | board.Ferry})
	data := encode(t, f)
	b, err := Load(data)
	if err != nil {
		t.Fatal(err)
	}
	pal := DefaultPalette()
	pal.Styles["ours"] = PlaceStyle{Fill: "#abcdef", Field: "#010203", Text: "#040506", Stroke: "#070809"}
	pal.Dots["red"] = "#ff0001"
	pal.Land = "#fedcba"
	decor := map[string]Decor{
		"a1": {Style: "ours", Dots: []string{"red", "#00ff00"}},
		"a2": {Style: "ours", Mark: "S"},
		"a3": {Ring: true, Style: "not in the palette"},
		"a4": {Square: true, Sub: "+2"},
		"Z":  {Style: "ours"},
	}
	o := SVGOptions{
		Palette: pal,
		Decor:   func(i int) Decor { return decor[b.Place(i).ID] },
		Fill: func(i int) string {
			if i == 0 {
				return "#123456"
			}
			return ""
		},
		Content: func(i int) string {
			if b.Place(i).ID == "a3" {
				return `<rect x="-5" y="-5" width="10" height="10" class="counter"/>`
			}
			return ""
		},
		Highlight: map[int]bool{1: true, 3: true},
		Caption:   []string{"Turn 1 <day>", "British & German"},
	}
	s := render(t, b, o)
	counts, texts := parseSVG(t, s)
	all := strings.Join(texts, "|")
	for _, want := range []string{"a1", "a2", "a3", "a4", "+2", "Z", "Y", "one", "Two &", "<two>", "2 VP", "S", "river",
		"Turn 1 <day>", "British & German", `Map <of> "test" & co`} {
		if !strings.Contains(all, want) {
			t.Errorf("no text %q in %q", want, all)
		}
	}
	// 4 area fills + 4 borders + 2 zone boxes + 2 highlights + 1 river.
	if counts["polygon"] != 13 {
		t.Errorf("%d polygons, want 13", counts["polygon"])
	}
	// The arrow; the river a1-a3 (shore and water) and its bridge's bar; the canal a2-a4 (shore and water);
	// the divider in a4's field.
	if counts["line"] != 7 {
		t.Errorf("%d lines, want 7", counts["line"])
	}
	// Number fields: three areas (circles; a4's is square) plus a ring, two dots and the bridge's disc.
	if counts["circle"] != 7 {
		t.Errorf("%d circles, want 7", counts["circle"])
	}
	// The road and the railway a1-a2, from label to label over the border.
	if counts["polyline"] != 2 {
		t.Errorf("%d polylines (road, railway), want 2", counts["polyline"])
	}
	if !strings.Contains(all, "Ferry") {
		t.Error("the ferry a2-a4 is not drawn")
	}
	for _, want := range []string{`fill="#123456"`, `class="counter"`, `<g transform="translate(15 25)">`, "url(#arrow-end)",
		`fill="#abcdef"`, // a2's fill from its style
		`<circle cx="25" cy="15" r="11" fill="#010203" stroke="#070809"`,            // a2's field
		`<rect x="1" y="-9" width="22" height="22" fill="#010203" stroke="#070809"`, // Z's field
		`fill="#ff0001"`, `fill="#00ff00"`, // a1's dots: named, and a CSS colour
		`<circle cx="15" cy="25" r="14.5" fill="none" stroke="#c8102e"`, // a3's ring
		`<polygon points="20,20 30,20 30,30 20,30" fill="#f4efe2"/>`,    // a4 has no decor: the neutral style
		`<polygon points="10,20 20,20 20,30 10,30" fill="#f4efe2"/>`,    // a3's style is not in the palette: neutral
		`fill="#fedcba"`, // the land
		`<rect x="12" y="12" width="26" height="26" fill="#ffffff"`,                                         // a4's square field, taller for its second line
		`<line x1="10" y1="20" x2="20" y2="20" stroke="#3f7fc4" stroke-width="6"/>`,                         // the river a1-a3 along their border
		`<line x1="30" y1="20" x2="20" y2="20" stroke="#7fb6e6" stroke-width="3"/>`,                         // the canal a2-a4
		`<circle cx="15" cy="20" r="6.5" fill="#f2c500"`,                                                    // the bridge in the middle of a1-a3
		`<polyline points="15,15 20,15 25,15" stroke="#1a1a1a" stroke-width="1.8"/>`,                        // the road a1-a2
		`<polyline points="15,15 20,13 25,15" stroke="#6b6b6b" stroke-width="1.6" stroke-dasharray="5 3"/>`, // the railway
	} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %s", want)
		}
	}
	if again := render(t, b, o); again != s {
		t.Error("SVG output is not deterministic")
	}
	// No options at all.
	parseSVG(t, render(t, b, SVGOptions{}))
}

func TestArrowEnds(t *testing.T) {
	b := testBoard(t)
	z, a1 := b.MustIndex("Z"), b.MustIndex("a1")
	p, q := b.arrowEnds(z, a1)
	// From the bottom of Z (y=5) straight down into a1 (top at y=10).
	if p.Y != 5 || q.Y <= 10 || q.Y > 15 || p.X != 15 || q.X != 15 {
		t.Errorf("arrow Z->a1 from %v to %v", p, q)
	}
	q2, p2 := b.arrowEnds(a1, z)
	if p2 != p || q2 != q {
		t.Errorf("arrowEnds not symmetric: %v %v vs %v %v", p, q, p2, q2)
	}
	y := b.MustIndex("Y")
	p, q = b.arrowEnds(z, y)
	if p != (Point{30, 5}) || q != (Point{35, 35}) {
		t.Errorf("zone-zone arrow from %v to %v", p, q)
	}
}

func TestWrap(t *testing.T) {
	got := wrap("Eusebiusbuitensingel 59 and the houses behind it", 90, 8.5)
	if len(got) < 2 || len(got) > 3 {
		t.Errorf("wrap = %q", got)
	}
	if got := wrap("short", 200, 8.5); len(got) != 1 || got[0] != "short" {
		t.Errorf("wrap short = %q", got)
	}
}

func TestPaletteCheck(t *testing.T) {
	if err := DefaultPalette().Check(); err != nil {
		t.Fatalf("default palette: %v", err)
	}
	p := DefaultPalette()
	p.Arrow = `blue" onload="x`
	p.Styles["x"] = PlaceStyle{Fill: "#fff", Field: "#ffff", Text: "black", Stroke: "#000"}
	p.Dots["red"] = "#12345g"
	p.Features["ramp"] = Paint{Fill: "#aaa", Stroke: "Grey"}
	delete(p.Styles, "")
	err := p.Check()
	for _, want := range []string{`arrow "blue\" onload=\"x"`, `styles["x"] field "#ffff"`, `dots["red"] "#12345g"`, `features["ramp"] stroke "Grey"`, `lack the neutral style`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v, want it to contain %q", err, want)
		}
	}
}

// LabelDepth is where SVG's writing under a label point ends: in an area
// 10 units wide a name wraps at 6 characters ("one two three": three lines,
// baselines at 23, 33.5 and 44, ending 2.5 below the last); dots sit a line
// below the last name line, less 1, with a radius of 4.2. A zone writes
// nothing under its letter.
func TestLabelDepth(t *testing.T) {
	f := testFile()
	f.Places[0].Name = "one two three"
	b, err := Load(encode(t, f))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		place string
		decor Decor
		want  float64
	}{
		{"a3", Decor{}, 25.5},
		{"a3", Decor{Dots: []string{"red"}}, 36.7},
		{"a1", Decor{}, 46.5},
		{"a1", Decor{Dots: []string{"red", "blue"}}, 57.7},
		{"Z", Decor{Dots: []string{"red"}}, 0},
	} {
		i, _ := b.Index(tc.place)
		if got := b.LabelDepth(i, tc.decor); got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("LabelDepth(%s, %v) = %v, want %v", tc.place, tc.decor, got, tc.want)
		}
	}
}
