package soa

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"sandtable/board/area"
)

func TestLoadPlacesErrors(t *testing.T) {
	b := mapDataBoard(t)
	good, err := os.ReadFile("data/places.json")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, from, to, want string }{
		{"unknown place", `{"id": "1", "setup": "none"}`, `{"id": "31", "setup": "none"}`, `place "31" is not on the map`},
		{"place twice", `{"id": "1", "setup": "none"}`, `{"id": "2", "setup": "none"}`, `place "2" is listed twice`},
		{"unknown set-up colour", `{"id": "1", "setup": "none"}`, `{"id": "1", "setup": "white"}`, `place "1": setup "white" is not one of`},
		{"unknown dot", `"dots": ["blue"], "s_area"`, `"dots": ["mauve"], "s_area"`, `place "2": dot "mauve" is not a dot colour`},
		{"zone as S area", `{"id": "A", "setup": "bochoit"}`, `{"id": "A", "setup": "bochoit", "s_area": true}`, `place "A": a zone cannot be an S area`},
		{"style missing", `"none":    {"fill": "#f8f4ea", "field": "#ffffff", "text": "#c8102e", "stroke": "#c8102e"},`, ``, `set-up colour "none" needs fill, field, text and stroke`},
		{"style of no set-up colour", `"styles": {`, `"styles": {"white": {"fill": "#fff", "field": "#fff", "text": "#000", "stroke": "#000"},`, `styles: "white" is not a set-up colour`},
		{"style colour", `"fill": "#d9d9d6"`, `"fill": "grey\" onload=\"x"`, `palette: styles["german"] fill "grey\" onload=\"x" must be a colour name`},
		{"unknown field", `"s_area": true, "perimeter": true}`, `"s_area": true, "perimiter": true}`, `unknown field "perimiter"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			data := strings.Replace(string(good), tc.from, tc.to, 1)
			if data == string(good) {
				t.Fatal("replacement did not apply")
			}
			if _, _, err := loadPlaces([]byte(data), b); err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestDecor: the drawing marks soa's set-up colours, dots, S areas (soa:3.22)
// and perimeter areas (soa:5.1) as data/places.json gives them.
func TestDecor(t *testing.T) {
	g := MustLoad()
	id := g.board.MustIndex
	for _, tc := range []struct {
		place string
		want  area.Decor
	}{
		{"2", area.Decor{Style: "british", Dots: []string{"blue"}, Ring: true, Mark: "S"}},
		{"4", area.Decor{Style: "british", Dots: []string{"red", "blue"}, Mark: "S"}},
		{"13", area.Decor{Style: "german"}},
		{"1", area.Decor{Style: "none"}},
		{"A", area.Decor{Style: "bochoit"}},
		{"C", area.Decor{}},
	} {
		got := g.decor(id(tc.place))
		if got.Style != tc.want.Style || !slices.Equal(got.Dots, tc.want.Dots) || got.Ring != tc.want.Ring || got.Mark != tc.want.Mark {
			t.Errorf("decor of %s = %+v, want %+v", tc.place, got, tc.want)
		}
	}
	if st := g.palette.Styles["british"]; st.Field != "#c8102e" {
		t.Errorf("the British set-up style is %+v, want the field of data/places.json", st)
	}
}

// TestBoardData: the client gets the map with each place's decor and
// where its label's writing ends, the palette with the sides' and the
// pieces' colours, the order of battle with the designations, and the
// pieces' symbols.
func TestBoardData(t *testing.T) {
	g := MustLoad()
	var doc struct {
		Map struct {
			Places []struct {
				ID         string     `json:"id"`
				Decor      area.Decor `json:"decor"`
				LabelDepth float64    `json:"label_depth"`
			} `json:"places"`
		} `json:"map"`
		Palette area.Palette `json:"palette"`
		Units   []struct {
			ID    string `json:"id"`
			Short string `json:"short"`
		} `json:"units"`
		Symbols []struct {
			ID string `json:"id"`
		} `json:"symbols"`
	}
	if err := json.Unmarshal(g.BoardData(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Map.Places) != g.board.Len() || len(doc.Units) != len(g.units) {
		t.Fatalf("%d places, %d units; want %d, %d", len(doc.Map.Places), len(doc.Units), g.board.Len(), len(g.units))
	}
	p := doc.Map.Places[g.board.MustIndex("3")]
	if p.Decor.Style != "british" || !p.Decor.Ring || p.Decor.Mark != "S" || !slices.Equal(p.Decor.Dots, []string{"red"}) {
		t.Errorf("area 3 decor = %+v", p.Decor)
	}
	if i := g.board.MustIndex("3"); p.LabelDepth != g.board.LabelDepth(i, g.decor(i)) || p.LabelDepth < 25 {
		t.Errorf("area 3's label depth is %v, the drawing's %v", p.LabelDepth, g.board.LabelDepth(i, g.decor(i)))
	}
	if doc.Palette.Sides["british"] == "" || doc.Palette.Pieces["fire"] == "" {
		t.Errorf("the palette lacks the sides' or the pieces' colours: %v, %v", doc.Palette.Sides, doc.Palette.Pieces)
	}
	if u := doc.Units[g.byID["gb-a1-2"]]; u.ID != "gb-a1-2" || u.Short != "A 1/2" {
		t.Errorf("unit gb-a1-2 (A Coy 2 Para, 1 Pl, section 2) is sent as %+v, want the designation A 1/2", u)
	}
	if len(doc.Symbols) != len(g.symbols) || doc.Symbols[0].ID != g.symbols[0].ID {
		t.Errorf("%d symbols sent of %d", len(doc.Symbols), len(g.symbols))
	}
	if doc.Palette.Styles["german"].Fill != "#d9d9d6" || doc.Palette.Dots["red"] != "#d7191c" || doc.Palette.Land == "" {
		t.Errorf("palette = %+v", doc.Palette)
	}
}

// TestSVGDrawsSoaMarks: the server's map shows the three S areas (soa:3.22)
// and rings the six perimeter areas (soa:5.1), in soa's set-up colours.
func TestSVGDrawsSoaMarks(t *testing.T) {
	g := MustLoad()
	st, err := g.New("basic", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := st.(*State).SVG(&b, "german"); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if n := strings.Count(svg, `font-weight="bold" fill="#c8102e">S</text>`); n != 3 {
		t.Errorf("%d S marks, want 3 (areas 2, 3, 4)", n)
	}
	if n := strings.Count(svg, `r="14.5" fill="none"`); n != 6 {
		t.Errorf("%d perimeter rings, want 6 (areas 2, 3, 7, 19, 20, 21)", n)
	}
	if n := strings.Count(svg, `r="11" fill="#c8102e" stroke="#7a0a1c"`); n != 12 {
		t.Errorf("%d number fields in the British set-up colour, want 12", n)
	}
}
