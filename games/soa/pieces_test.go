package soa

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sandtable/board/symbol"
	"sandtable/engine"
)

// The designation on a counter, worked out by hand from the names of
// data/units.json: the organisation in short, then platoon/section.
func TestShortName(t *testing.T) {
	for name, want := range map[string]string{
		"A Coy 2 Para, 1 Pl, section 2":                          "A 1/2",
		"1st Para Sqn RE, sappers 3":                             "RE 3",
		"Bn HQ Co, Mk III tanks (counter 1)":                     "Mk III 1",
		"Artillery support: Harzer Kampfgruppe (1)":              "Harzer 1",
		"Artillery support: Arnhem Garrison Units (S Area Only)": "Garrison",
		"Artillery support: Hv Wp Co (10th SS Recon mortars)":    "HW mortars",
		"Elements (-) 506th Hv Tank Bn, Tigers 1":                "Tiger 1",
		"10th SS Recon Bn HQ (KG Brinkmann)":                     "10 SS HQ",
		"Bochoit 1st Co, 2nd Pl, squad 3":                        "Bo1 2/3",
		"Armd Car Co, heavy armoured cars/half-tracks":           "Hv AC",
		"Hv Wp Co, engineer Pl, squad 2":                         "HW Pi 2",
		"Elements 1st Recon Sqn, group 2, section 1":             "Recce 2/1",
		"Stragglers/scratch infantry 10":                         "Scratch 10",
		"2nd South Staffords, reinforcement 1":                   "Staffs 1",
		"B Coy (-) 2 Para, 4 Pl, section 3":                      "B 4/3",
		"Bochoit Trg & Depot Bn HQ":                              "Bo Bn HQ",
	} {
		if got := shortName(name); got != want {
			t.Errorf("shortName(%q) = %q, want %q", name, got, want)
		}
	}
}

// pieceFace finds a symbol of the game by id.
func pieceFace(t *testing.T, g *Game, id string) symbol.Symbol {
	t.Helper()
	for _, sy := range g.symbols {
		if sy.ID == id {
			return sy
		}
	}
	t.Fatalf("no symbol %q", id)
	return symbol.Symbol{}
}

// pieceTexts are the texts a symbol writes, in order.
func pieceTexts(s symbol.Symbol) []string {
	var out []string
	var walk func(n symbol.Node)
	walk = func(n symbol.Node) {
		if n.Text != "" {
			out = append(out, n.Text)
		}
		for _, k := range n.Kids {
			walk(k)
		}
	}
	for _, p := range s.Parts {
		walk(p)
	}
	return out
}

// Each face shows what the counter prints on it: the committed face its
// committed DF (soa:8.13; the SS Recon Bn HQ is 2-6-4, committed 2-4-4), an
// AT gun an X for DF (soa:13.4), artillery its day and night attack factors
// (soa:14.6, 15.2: 7 and 4 for the 10th SS mortars); only AT guns have a
// hidden face (soa:13.8).
func TestCounterFacesPrintTheirFactors(t *testing.T) {
	g := MustLoad()
	for id, want := range map[string][]string{
		"counter-ss-bn-hq":              {"10 SS HQ", "HQ", "2-6-4"},
		"counter-ss-bn-hq-committed":    {"10 SS HQ", "HQ", "2-4-4"},
		"counter-gb-at-1":               {"6 pdr 1", "6-X-1"},
		"counter-gb-at-1-hidden":        {"6 pdr 1", "6-X-1"},
		"counter-gb-at-1-committed":     {"6 pdr 1", "6-X-1"},
		"counter-de-art-hw-1":           {"HW mortars", "7/4"},
		"counter-de-art-hw-1-committed": {"HW mortars", "7/4"},
	} {
		if got := pieceTexts(pieceFace(t, g, id)); !slices.Equal(got, want) {
			t.Errorf("%s writes %q, want %q", id, got, want)
		}
	}
	for _, sy := range g.symbols {
		if strings.HasSuffix(sy.ID, "-hidden") && !strings.HasPrefix(sy.ID, "counter-gb-at-") {
			t.Errorf("%s: only AT guns may be hidden (soa:13.8)", sy.ID)
		}
	}
	if got, want := len(g.symbols), 2*len(g.units)+2*2+1+2+1+2; got != want { // faces, hidden AT faces, the cross, control, perimeter, fire 1-2
		t.Errorf("%d symbols, want %d", got, want)
	}
}

// The pieces are drawn in the palette's colours only, so that the browser,
// which gets the palette and the symbols, needs no colour of its own; the
// coloured face is the force's colour and the committed one white with the
// force's colour for ink (soa:4.1, 8.13).
func TestPiecesDrawInThePalette(t *testing.T) {
	g := MustLoad()
	colours := map[string]bool{"none": true}
	for _, c := range g.palette.Pieces {
		colours[c] = true
	}
	for _, sy := range g.symbols {
		var walk func(n symbol.Node)
		walk = func(n symbol.Node) {
			for _, a := range n.Attrs {
				if (a.Name == "fill" || a.Name == "stroke") && !colours[a.Value] {
					t.Errorf("%s: <%s %s=%q> is not a colour of the palette's pieces", sy.ID, n.Tag, a.Name, a.Value)
				}
			}
			for _, k := range n.Kids {
				walk(k)
			}
		}
		for _, p := range sy.Parts {
			walk(p)
		}
	}
	fill := func(id string) string {
		for _, a := range pieceFace(t, g, id).Parts[0].Attrs {
			if a.Name == "fill" {
				return a.Value
			}
		}
		return ""
	}
	p := g.palette.Pieces
	for id, want := range map[string]string{"counter-ss-bn-hq": p["ss"], "counter-gb-at-1": p["british"],
		"counter-ss-lr4-1": p["ss"], "counter-ss-bn-hq-committed": p["committed"]} {
		if got := fill(id); got != want {
			t.Errorf("%s's face is %s, want %s", id, got, want)
		}
	}
}

// The server's SVG places the same symbols as the board document gives the
// browser, and defines exactly the ones it places.
func TestSVGPlacesTheBoardDocumentsSymbols(t *testing.T) {
	g := MustLoad()
	st, err := g.New("basic", nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	renderAdvance(t, s, func() bool { return renderStep(s) == "impulse" })
	var svg bytes.Buffer
	if err := s.SVG(&svg, engine.Spectator); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Symbols []struct {
			ID    string            `json:"id"`
			W     float64           `json:"w"`
			H     float64           `json:"h"`
			Parts []json.RawMessage `json:"parts"`
		} `json:"symbols"`
	}
	if err := json.Unmarshal(g.BoardData(), &doc); err != nil {
		t.Fatal(err)
	}
	sent := map[string]string{}
	for _, d := range doc.Symbols {
		sy := pieceFace(t, g, d.ID)
		var b strings.Builder
		sy.Markup(&b)
		sent[d.ID] = b.String()
		if len(d.Parts) != len(sy.Parts) {
			t.Fatalf("%s: the board document sends %d parts of %d", d.ID, len(d.Parts), len(sy.Parts))
		}
	}
	out := svg.String()
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`<use href="#([^"]+)"`).FindAllStringSubmatch(out, -1) {
		used[m[1]] = true
	}
	defined := map[string]bool{}
	for _, m := range regexp.MustCompile(`<symbol id="([^"]+)".*?</symbol>`).FindAllStringSubmatch(out, -1) {
		defined[m[1]] = true
		if m[0] != sent[m[1]] {
			t.Errorf("the SVG's symbol %s is not the board document's:\n%s\n%s", m[1], m[0], sent[m[1]])
		}
	}
	if len(used) < 20 || !used[controlSymbol("british")] || !used[perimeterSymbol] {
		t.Fatalf("the SVG places %d symbols (%v); after both set-ups it should place the counters on the map (a pile once) and the markers", len(used), used)
	}
	for id := range used {
		if !defined[id] {
			t.Errorf("the SVG places %s without defining it", id)
		}
	}
	for id := range defined {
		if !used[id] {
			t.Errorf("the SVG defines %s without placing it", id)
		}
	}
}
