package mgmg

import (
	"bytes"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"sandtable/board/boardtest"
	"sandtable/engine"
)

// boardDoc is what a client reads of the board document.
type boardDoc struct {
	Map struct {
		Places []struct {
			ID    string `json:"id"`
			Kind  string `json:"kind"`
			Decor struct {
				Sub string `json:"sub"`
			} `json:"decor"`
		} `json:"places"`
		Crossings []struct {
			ID      string     `json:"id"`
			Border  string     `json:"border"`
			Kind    string     `json:"kind"`
			Between [2]string  `json:"between"`
			At      [2]float64 `json:"at"`
		} `json:"crossings"`
	} `json:"map"`
	Units []struct {
		ID, Side, Short string
		SpentDF         int `json:"spent_df"`
	} `json:"units"`
	Symbols []struct {
		ID string `json:"id"`
	} `json:"symbols"`
	Palette struct {
		Sides map[string]string `json:"sides"`
	} `json:"palette"`
	SVG string `json:"svg"`
}

// TestBoardData checks the board document: every place with its TEM in its
// identifier (mgmg:3.221), the bridges and ferries with the names views
// use (mgmg:3.24, 3.11), every counter printed with its side, and a
// symbol for both sides of every counter (mgmg:4.22) and every marker the
// browser names.
func TestBoardData(t *testing.T) {
	g := MustLoad()
	var doc boardDoc
	if err := json.Unmarshal(g.BoardData(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Map.Places) != nPlaces {
		t.Fatalf("%d places, want %d", len(doc.Map.Places), nPlaces)
	}
	for _, p := range doc.Map.Places {
		if p.Kind == "area" && !strings.HasPrefix(p.Decor.Sub, "+") {
			t.Errorf("area %s: its identifier shows %q, want its TEM (mgmg:3.221)", p.ID, p.Decor.Sub)
		}
	}
	bridges, ferries, held := map[string]bool{}, map[string]bool{}, map[string]int{}
	for _, c := range doc.Map.Crossings {
		if c.Border != "" {
			held[c.Border]++
		}
		switch c.Kind {
		case "bridge":
			bridges[c.ID] = true
		case "ferry":
			ferries[c.ID] = true
		}
	}
	// Every bridge and ferry of the state is drawn once, named as views name it.
	for i := range nBridges {
		if !bridges[g.bridgeName(i)] {
			t.Errorf("bridge %s has no crossing in the board document", g.bridgeName(i))
		}
	}
	if len(ferries) != nFerries || !ferries["0"] || !ferries["2"] {
		t.Errorf("ferries %v, want 0 to %d", ferries, nFerries-1)
	}
	// Each river or canal boundary between two areas carries its Held!
	// marker on one crossing (mgmg:4.6): 12/24, with a bridge and a ferry,
	// on its bridge; 7/15, with neither, in its middle; 15/17, adjacent by
	// the rules though they share no border (mgmg:3.2), between the two.
	for _, b := range g.boundaries {
		if name := g.borderName(b); g.m.IsArea(b.A) && g.m.IsArea(b.B) && held[name] != 1 {
			t.Errorf("boundary %s carries its Held! marker on %d crossings, want 1", name, held[name])
		}
	}
	for _, c := range doc.Map.Crossings {
		if c.Border == "12/24" && c.Kind != "bridge" || c.Border == "7/15" && c.Kind != "border" {
			t.Errorf("boundary %s has its Held! marker on its %s", c.Border, c.Kind)
		}
	}
	syms := map[string]bool{}
	for _, s := range doc.Symbols {
		syms[s.ID] = true
	}
	if len(doc.Units) != nUnits {
		t.Fatalf("%d units, want %d", len(doc.Units), nUnits)
	}
	for _, u := range doc.Units {
		if u.Side != "german" && u.Side != "allied" || u.Short == "" {
			t.Errorf("unit %s: side %q, short %q", u.ID, u.Side, u.Short)
		}
		if !syms["counter-"+u.ID] || !syms["counter-"+u.ID+"-spent"] {
			t.Errorf("unit %s lacks a symbol of its Fresh or Spent side", u.ID)
		}
	}
	for _, id := range []string{"marker-disrupt-1", "marker-disrupt-2", "marker-control-airborne", "marker-control-corps",
		"marker-bridge-blown", "marker-bridge-allied", "marker-construct-german", "marker-construct-allied", "marker-ferry-used",
		"marker-ferry-destroyed", "marker-boat", "marker-depot-german", "marker-depot-allied", "marker-turn-clear", "marker-turn-overcast",
		"marker-advantage-german", "marker-advantage-allied", "marker-advantage-used", "marker-reserves-german", "marker-reserves-allied",
		"marker-air-raf-2-group", "marker-air-raf-2-group-used", "marker-air-luftwaffe-1", "marker-held"} {
		if !syms[id] {
			t.Errorf("no symbol %s", id)
		}
	}
	if doc.Palette.Sides["german"] == "" || doc.Palette.Sides["allied"] == "" {
		t.Errorf("palette sides %v", doc.Palette.Sides)
	}
	if !strings.Contains(doc.SVG, "Nijmegen") || !strings.Contains(doc.SVG, `id="crossings"`) {
		t.Error("the board document's map drawing lacks its names or crossings")
	}
}

// renderBoth draws seat's text and SVG of s, checking that the SVG is
// well-formed XML; MGMG_RENDER_DIR keeps the pictures to look at.
func renderBoth(t *testing.T, s *State, seat engine.Seat) (string, string) {
	t.Helper()
	var svg bytes.Buffer
	if err := s.SVG(&svg, seat); err != nil {
		t.Fatal(err)
	}
	boardtest.CheckSVG(t, svg.Bytes())
	if dir := os.Getenv("MGMG_RENDER_DIR"); dir != "" {
		os.WriteFile(dir+"/"+t.Name()+".svg", svg.Bytes(), 0o644)
	}
	return s.Text(seat), svg.String()
}

// TestRenderMarkersAndFaces draws a position with a blown bridge, an Allied
// construct marker, a used ferry, a spent and disrupted unit and Allied
// control: the text says each and the SVG places their symbols
// (mgmg:4.4, 4.5, 4.6, 4.7, 4.22).
func TestRenderMarkersAndFaces(t *testing.T) {
	s := newTestState(t, "standard")
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{"13/17": {Held: "blown"}, "23/28": {Held: "allied"}, "37/44": {Held: "blown", Construct: SideNumbers{Allied: 1}}}
		p.Ferries[0] = "used"
		p.Control = map[string]string{"28": "corps", "54": "airborne"}
		p.Held = []string{"7/15"}
		for i := range p.Units {
			if p.Units[i].ID == "de-tower-arnhem" {
				p.Units[i].Level = "disrupt-2"
			}
		}
	})
	text, svg := renderBoth(t, s, engine.Spectator)
	for _, want := range []string{"13 Arnhem [TEM+4, 4VP", "28 Nijmegen [TEM+4, 3VP, corps]", "54 St. Oedenrode [TEM+2, airborne]",
		"bridge 13/17: blown", "bridge 23/28: Allied", "bridge 37/44: blown, construct markers German 0, Allied 1", "Arnhem spent 1 D2", "September 17 of 20", "Held! markers: 7/15"} {
		if !strings.Contains(text, want) {
			t.Errorf("the text lacks %q:\n%s", want, text)
		}
	}
	if !strings.Contains(text, "\n\nlegend: ") {
		t.Error("the text has no legend after a blank line")
	}
	for _, id := range []string{"marker-bridge-blown", "marker-bridge-allied", "marker-construct-allied", "marker-ferry-used",
		"marker-control-corps", "marker-control-airborne", "counter-de-tower-arnhem-spent", "marker-disrupt-2", "marker-held"} {
		if !strings.Contains(svg, `href="#`+id+`"`) || !strings.Contains(svg, `<symbol id="`+id+`"`) {
			t.Errorf("the SVG does not place and define %s", id)
		}
	}
}

// TestReinforcementSchedule: at the start of the standard game the side
// panel lists what is to come by day and side, and where (mgmg:18.1-18.4;
// the numbers counted by hand in data/units.json and data/setup.json): the
// airborne lifts to the United Kingdom box, the Germans to their zones, the
// conditional Zone F groups with their condition (mgmg:18.3).
func TestReinforcementSchedule(t *testing.T) {
	s := newTestState(t, "standard")
	got := s.reinforcementSchedule()
	for _, want := range []string{
		"September 18: German 7 to Zone C, 1 to Zone D, 4 to Zone G, 4 to Zone J",
		"September 18: Allied 9 to the United Kingdom box",
		"September 18 on, once Zone F is Allied-Controlled and no German unit is in it (mgmg:18.3): Allied 4 to Zone F",
		"September 19: German 1 to Zone A, 3 to Zone E, 3 to Zone H, 2 to Zone J",
		"September 19: Allied 9 to the United Kingdom box",
		"September 20: German 1 to Zone C, 3 to Zone D, 1 to Zone H",
		"September 20 on, once XXX Corps Controls Eindhoven (63) and Veghel (51) (mgmg:18.3): Allied 4 to Zone F",
	} {
		if !slices.Contains(got, want) {
			t.Errorf("the schedule lacks %q:\n%s", want, strings.Join(got, "\n"))
		}
	}
	if len(got) != 7 {
		t.Errorf("the schedule has %d lines, want 7:\n%s", len(got), strings.Join(got, "\n"))
	}
}
