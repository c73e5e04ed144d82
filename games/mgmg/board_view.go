package mgmg

import (
	"encoding/json"
	"fmt"
	"maps"
	"strings"
	"sync"

	"sandtable/board/area"
	"sandtable/board/symbol"
	"sandtable/engine"
)

// The pieces of Monty's Gamble drawn once (board/symbol): both sides of
// every counter (mgmg:4.2, 4.22), the Disruption markers (mgmg:4.4), the
// Allied control marker's two sides (mgmg:4.5), the bridge, construct,
// ferry, air and depot markers (mgmg:4.3, 4.6, 4.7, 13.4). render.go places
// them in the server's SVG; the board document sends them to the browser
// (web/static/js/games/mgmg.js names them), so both draw the same pieces.

var _ engine.Boarder = (*Game)(nil)

// drawing is what the clients get once per game: the board document and
// the symbols it carries, made on first use.
type drawing struct {
	once    sync.Once
	doc     json.RawMessage
	symbols []symbol.Symbol
	pal     *area.Palette
}

// pieceColours are the colours of the pieces (the palette's Pieces): the
// forces' counters as mgmg:4.111 and fh40:4.111 describe them, with their
// ink, and the markers.
var pieceColours = map[string]string{
	"gray": "#8a9099", "gray-ink": "#111111", "black": "#1b1b1b", "black-ink": "#ffffff",
	"green": "#5d7d3a", "green-ink": "#ffffff", "tan": "#d9c08c", "tan-ink": "#111111",
	"bright-blue": "#2f6fd6", "bright-blue-ink": "#ffffff",
	"counter-edge": "#000000", "spent-band": "#ffffff", "disrupt": "#c8102e", "disrupt-ink": "#ffffff",
	"marker": "#f4f1e8", "marker-edge": "#111111", "airborne": "#7fb6e6", "corps": "#5d7d3a", "marker-ink": "#111111",
	"blown": "#c8102e", "allied-bridge": "#1f4e9c", "construct": "#f2c500", "ferry-used": "#c8102e",
	"air-allied": "#1f3f8f", "air-german": "#4d4d4d", "air-ink": "#ffffff", "used": "#bbbbbb",
	"depot-german": "#8a9099", "depot-allied": "#d9c08c",
	"clear": "#bfe0ff", "sun": "#f2c500", "overcast": "#9aa3ad", "cloud": "#f4f4f4",
}

// sideColours are the colours of the sides: German gray, Allied tan's ink.
var sideColours = map[string]string{"german": "#4d4d4d", "allied": "#7a5b1e"}

// Sizes of the pieces in map units.
const (
	counterSize = 26.0
	markerSize  = 18.0
)

// The ids of the pieces' symbols.
func faceSymbol(unit string, spent bool) string {
	if spent {
		return "counter-" + unit + "-spent"
	}
	return "counter-" + unit
}

func disruptSymbol(n int) string { return fmt.Sprintf("marker-disrupt-%d", n) }

// palette is the map's palette with the pieces' and sides' colours.
func (g *Game) palette() *area.Palette {
	pal := g.m.Palette()
	pal.Sides, pal.Pieces = maps.Clone(sideColours), maps.Clone(pieceColours)
	return pal
}

// pieceSymbols draws every piece: both sides of each unit and the markers.
func (g *Game) pieceSymbols(pal *area.Palette) []symbol.Symbol {
	var out []symbol.Symbol
	for i := range g.pieces.Units { // the order of battle: g.units has empty slots after it in fh40
		u := &g.units[i]
		out = append(out, counterFace(u, g.colour(u), pal, false), counterFace(u, g.colour(u), pal, true))
	}
	return append(out, g.markerSymbols(pal)...)
}

// counterFace draws one side of a counter (mgmg:4.2): its force's colour,
// the size symbol and the designation on top, the type's symbol, and the
// Fresh side's attack, defense and movement factors or the Spent side's one
// defense factor (mgmg:4.22). Field artillery's attack factor is
// underlined (mgmg:4.116), FLAK's starred (mgmg:4.117).
func counterFace(u *Unit, colour string, pal *area.Palette, spent bool) symbol.Symbol {
	fill, ink := pal.Piece(colour), pal.Piece(colour+"-ink")
	parts := []symbol.Node{symbol.El("rect", "x", 0.6, "y", 0.6, "width", counterSize-1.2, "height", counterSize-1.2, "rx", 2.5,
		"fill", fill, "stroke", pal.Piece("counter-edge"), "stroke-width", 0.8)}
	if spent { // the Spent side: a pale band across, as a flipped counter reads at a glance
		parts = append(parts, symbol.El("rect", "x", 1, "y", 17, "width", counterSize-2, "height", 8, "fill", pal.Piece("spent-band"), "fill-opacity", 0.55))
	}
	label := u.Label()
	des := symbol.El("text", "data-slot", "label", "x", counterSize/2, "y", 9.6, "font-size", 5.2, "text-anchor", "middle", "fill", ink, "font-weight", "bold")
	if float64(len(label))*3 > counterSize-2 {
		des.Attrs = append(des.Attrs, symbol.Attr{Name: "textLength", Value: symbol.Num(counterSize - 2)},
			symbol.Attr{Name: "lengthAdjust", Value: "spacingAndGlyphs"})
	}
	parts = append(parts,
		symbol.El("text", "x", counterSize/2, "y", 4.6, "font-size", 3.8, "text-anchor", "middle", "fill", ink).Say(sizeMarks[u.Size]),
		des.Say(label),
		symbol.El("g", "transform", fmt.Sprintf("translate(%s 14.2)", symbol.Num(counterSize/2))).With(typeSymbol(u, 11, 6, ink)...))
	factors := symbol.El("text", "x", counterSize/2, "y", 23.6, "font-size", 7, "text-anchor", "middle", "fill", ink, "font-weight", "bold", "letter-spacing", -0.2)
	if spent {
		parts = append(parts, factors.Say(fmt.Sprint(u.SpentDF)))
	} else {
		af := symbol.El("tspan").Say(fmt.Sprint(u.AF))
		switch u.Type {
		case FieldArtillery:
			af.Attrs = append(af.Attrs, symbol.Attr{Name: "text-decoration", Value: "underline"})
		case Flak:
			af.Text += "*"
		}
		parts = append(parts, factors.With(af, symbol.El("tspan").Say(fmt.Sprintf("-%d-%d", u.DF, u.MF))))
	}
	return symbol.Symbol{ID: faceSymbol(u.ID, spent), W: counterSize, H: counterSize, Parts: parts}
}

// sizeMarks are the size symbols (mgmg:4.21).
var sizeMarks = map[Size]string{SizeBattalion: "II", SizeRegiment: "III", SizeBrigade: "X", SizeDivision: "XX", SizeCorps: "XXX"}

// typeSymbol is a small NATO-style symbol of the unit's type (mgmg:4.112),
// w by h, centred at 0,0: infantry crossed, armour an oval, artillery a
// dot, FLAK a dot under an arc, a FLAK Tower a battlement; airborne units
// carry a canopy (parachute) or a wing (glider) over it (mgmg:4.113).
func typeSymbol(u *Unit, w, h float64, c string) []symbol.Node {
	x0, y0, x1, y1 := -w/2, -h/2, w/2, h/2
	stroke := func(n symbol.Node) symbol.Node {
		n.Attrs = append(n.Attrs, symbol.Attr{Name: "fill", Value: "none"}, symbol.Attr{Name: "stroke", Value: c}, symbol.Attr{Name: "stroke-width", Value: "0.8"})
		return n
	}
	line := func(a, b, d, e float64) symbol.Node {
		return stroke(symbol.El("line", "x1", a, "y1", b, "x2", d, "y2", e))
	}
	box := stroke(symbol.El("rect", "x", x0, "y", y0, "width", w, "height", h))
	oval := stroke(symbol.El("rect", "x", x0+w*0.18, "y", y0+h*0.22, "width", w*0.64, "height", h*0.56, "rx", h*0.28))
	cross := []symbol.Node{line(x0, y0, x1, y1), line(x0, y1, x1, y0)}
	out := []symbol.Node{box}
	switch u.Type {
	case Infantry:
		out = append(out, cross...)
	case MechanizedInfantry:
		out = append(append(out, cross...), oval)
	case Armored:
		out = append(out, oval)
	case FieldArtillery:
		out = append(out, symbol.El("circle", "cx", 0, "cy", 0, "r", h*0.22, "fill", c))
	case Flak:
		out = append(out, symbol.El("circle", "cx", 0, "cy", h*0.15, "r", h*0.18, "fill", c),
			stroke(symbol.El("path", "d", fmt.Sprintf("M%s,%sQ0,%s %s,%s", symbol.Num(x0+1), symbol.Num(y1-0.5), symbol.Num(y0-1), symbol.Num(x1-1), symbol.Num(y1-0.5)))))
	case FlakTower:
		out = []symbol.Node{stroke(symbol.El("path", "d", fmt.Sprintf("M%[1]s,%[2]sV%[3]sH%[4]sV%[5]sH%[6]sV%[3]sH%[7]sV%[5]sH%[8]sV%[3]sH%[9]sV%[2]sZ",
			symbol.Num(x0), symbol.Num(y1), symbol.Num(y0), symbol.Num(x0+w*0.2), symbol.Num(y0+h*0.3), symbol.Num(x0+w*0.4),
			symbol.Num(x0+w*0.6), symbol.Num(x0+w*0.8), symbol.Num(x1))))}
	case RiverBunkerGarrison:
		out = append(out, stroke(symbol.El("path", "d", fmt.Sprintf("M%s,%sL0,%sL%s,%s", symbol.Num(x0+1), symbol.Num(y1), symbol.Num(y0+1), symbol.Num(x1-1), symbol.Num(y1)))))
	}
	switch u.Airborne {
	case Parachute:
		out = append(out, stroke(symbol.El("path", "d", fmt.Sprintf("M%s,%sQ0,%s %s,%s", symbol.Num(-w*0.22), symbol.Num(y1-0.6), symbol.Num(y1-h*0.45), symbol.Num(w*0.22), symbol.Num(y1-0.6)))))
	case Glider, GliderPilot:
		out = append(out, line(-w*0.3, y1-1.2, w*0.3, y1-1.2))
	}
	return out
}

// markerSymbols draws the markers, markerSize square.
func (g *Game) markerSymbols(pal *area.Palette) []symbol.Symbol {
	p := pal.Piece
	field := func(fill, edge string) symbol.Node {
		return symbol.El("rect", "x", 0.5, "y", 0.5, "width", markerSize-1, "height", markerSize-1, "rx", 2, "fill", fill, "stroke", edge, "stroke-width", 1)
	}
	text := func(x, y, size float64, fill, s string) symbol.Node {
		return symbol.El("text", "x", x, "y", y, "text-anchor", "middle", "font-size", size, "font-weight", "bold", "fill", fill).Say(s)
	}
	marker := func(id string, parts ...symbol.Node) symbol.Symbol {
		return symbol.Symbol{ID: id, W: markerSize, H: markerSize, Parts: parts}
	}
	out := []symbol.Symbol{
		// mgmg:4.4: a Disruption marker over a counter, at its corner.
		{ID: disruptSymbol(1), W: counterSize, H: counterSize, Parts: []symbol.Node{
			symbol.El("path", "d", "M13,26H25.4V13.6Z", "fill", p("disrupt"), "stroke", p("counter-edge"), "stroke-width", 0.5), text(21.2, 24.6, 6, p("disrupt-ink"), "1")}},
		{ID: disruptSymbol(2), W: counterSize, H: counterSize, Parts: []symbol.Node{
			symbol.El("path", "d", "M11,26H25.4V11.6Z", "fill", p("disrupt"), "stroke", p("counter-edge"), "stroke-width", 0.5), text(20.6, 24.6, 6, p("disrupt-ink"), "2")}},
		// mgmg:4.5: the Allied control marker's Airborne and Corps sides.
		marker("marker-control-airborne", field(p("airborne"), p("marker-edge")),
			symbol.El("path", "d", "M3.5,10Q9,1.5 14.5,10Z", "fill", p("marker"), "stroke", p("marker-ink"), "stroke-width", 0.8),
			symbol.El("path", "d", "M3.5,10L9,15.5L14.5,10M9,10V15.5", "fill", "none", "stroke", p("marker-ink"), "stroke-width", 0.7)),
		marker("marker-control-corps", field(p("corps"), p("marker-edge")), text(9, 12.4, 7.5, p("marker"), "XXX")),
		// fh40:4.5, 4.6: the German control marker, and the German Bridge marker.
		marker("marker-control-german", field(p("depot-german"), p("marker-edge")), text(9, 12.6, 9, p("marker-ink"), "G")),
		marker("marker-bridge-german", field(p("marker"), p("depot-german")),
			symbol.El("path", "d", "M2.5,11Q9,4 15.5,11M2.5,11V14M15.5,11V14", "fill", "none", "stroke", p("air-german"), "stroke-width", 2)),
		// mgmg:4.6, 19: a blown bridge, a bridge the Allies hold, a construct marker.
		marker("marker-bridge-blown", field(p("marker"), p("blown")),
			symbol.El("path", "d", "M3,9H15M4,4L14,14M14,4L4,14", "stroke", p("blown"), "stroke-width", 2)),
		marker("marker-bridge-allied", field(p("marker"), p("allied-bridge")),
			symbol.El("path", "d", "M2.5,11Q9,4 15.5,11M2.5,11V14M15.5,11V14", "fill", "none", "stroke", p("allied-bridge"), "stroke-width", 2)),
		marker("marker-construct-german", field(p("construct"), p("marker-edge")), text(9, 12.5, 9, p("marker-ink"), "C"),
			symbol.El("rect", "x", 1.5, "y", 1.5, "width", 4, "height", 4, "fill", p("depot-german"))),
		marker("marker-construct-allied", field(p("construct"), p("marker-edge")), text(9, 12.5, 9, p("marker-ink"), "C"),
			symbol.El("rect", "x", 1.5, "y", 1.5, "width", 4, "height", 4, "fill", p("depot-allied"))),
		// mgmg:4.7: a Ferry Crossing marker used ("Do Not Enter") or destroyed.
		marker("marker-ferry-used", field(p("marker"), p("marker-edge")),
			symbol.El("circle", "cx", 9, "cy", 9, "r", 6.5, "fill", p("ferry-used")), symbol.El("rect", "x", 4.5, "y", 7.6, "width", 9, "height", 2.8, "fill", p("marker"))),
		marker("marker-ferry-destroyed", field(p("marker"), p("marker-edge")),
			symbol.El("path", "d", "M4,4L14,14M14,4L4,14", "stroke", p("blown"), "stroke-width", 2.4)),
		// mgmg:4.6: the Held! marker on a boundary the Allies hold.
		marker("marker-held", field(p("marker"), p("allied-bridge")), text(9, 12.6, 8.5, p("allied-bridge"), "H!")),
		// mgmg:3.10: the Boat Assault marker.
		marker("marker-boat", field(p("marker"), p("marker-edge")),
			symbol.El("path", "d", "M2.5,9H15.5L13,13H5Z", "fill", p("allied-bridge")), text(9, 7.5, 5.5, p("marker-ink"), "BOAT")),
	}
	// mgmg:4.8: the Turn marker's Clear and Overcast sides; mgmg:12.1, 12.5:
	// the Advantage marker, each side's and used; mgmg:3.8: the Reserves.
	out = append(out,
		marker("marker-turn-clear", field(p("clear"), p("marker-edge")), symbol.El("circle", "cx", 9, "cy", 9, "r", 4.5, "fill", p("sun"))),
		marker("marker-turn-overcast", field(p("overcast"), p("marker-edge")),
			symbol.El("path", "d", "M4,12.5A3,3 0 0 1 5.5,7A4,4 0 0 1 12.5,6.5A3,3 0 0 1 14,12.5Z", "fill", p("cloud"))),
		marker("marker-turn-fog", field(p("cloud"), p("marker-edge")), text(9, 11.5, 5.5, p("marker-ink"), "FOG")), // fh40:17.3
		marker("marker-advantage-used", field(p("used"), p("marker-edge")), text(9, 12.6, 9, p("marker-ink"), "A")))
	for _, sd := range []Side{German, Allied} {
		out = append(out,
			marker("marker-advantage-"+string(sd), field(p("depot-"+string(sd)), p("marker-edge")), text(9, 12.6, 9, p("marker-ink"), "A")),
			marker("marker-reserves-"+string(sd), field(p("depot-"+string(sd)), p("marker-edge")), text(9, 12.6, 9, p("marker-ink"), "R")))
	}
	// mgmg:4.3, 16: each air marker's fresh and used side.
	for _, m := range g.pieces.Setup.AirMarkers {
		for _, used := range []bool{false, true} {
			fill := p("air-" + string(m.Side))
			if used {
				fill = p("used")
			}
			value := "I" // an interdiction marker (mgmg:4.33)
			if m.Kind == BombardmentMarker {
				value = fmt.Sprint(m.AF)
			}
			out = append(out, marker(airSymbol(m.ID, used), field(fill, p("marker-edge")),
				symbol.El("path", "d", "M9,2.5L10,7L16,9.5L10,10L9.6,13.5L11.5,15H6.5L8.4,13.5L8,10L2,9.5L8,7Z", "fill", p("air-ink")),
				text(14.4, 16.4, 5.5, p("air-ink"), value)))
		}
	}
	for _, sd := range []Side{German, Allied} {
		out = append(out, marker(depotSymbol(sd), field(p("depot-"+string(sd)), p("marker-edge")),
			symbol.El("path", "d", "M4,7L9,4L14,7V14H4Z", "fill", "none", "stroke", p("marker-ink"), "stroke-width", 1), text(9, 13.2, 6, p("marker-ink"), "S")))
	}
	return out
}

func airSymbol(id string, used bool) string {
	if used {
		return "marker-air-" + id + "-used"
	}
	return "marker-air-" + id
}

func depotSymbol(sd Side) string { return "marker-depot-" + string(sd) }

// BoardData implements engine.Boarder: the map with each place's marks,
// where its bridges and ferries cross, the palette, the printed counters
// and the pieces' symbols, and the map drawn by board/area, for a client to
// draw the game as render.go does.
func (g *Game) BoardData() json.RawMessage {
	g.draw.once.Do(g.makeDrawing)
	return g.draw.doc
}

func (g *Game) drawingSymbols() ([]symbol.Symbol, *area.Palette) {
	g.draw.once.Do(g.makeDrawing)
	return g.draw.symbols, g.draw.pal
}

func (g *Game) makeDrawing() {
	d := g.draw
	d.pal = g.palette()
	d.symbols = g.pieceSymbols(d.pal)
	opts := g.m.SVGOptions()
	opts.Palette = d.pal
	var svg strings.Builder
	if err := g.m.SVG(&svg, opts); err != nil {
		panic(err) // the map's own data, checked at load
	}
	type placeDoc struct {
		area.Place
		Decor      area.Decor `json:"decor"`
		LabelDepth float64    `json:"label_depth"`
	}
	places := make([]placeDoc, g.m.Len())
	for i := range places {
		places[i] = placeDoc{*g.m.Place(i), g.m.Decor(i), g.m.LabelDepth(i, g.m.Decor(i))}
	}
	type unitDoc struct {
		Unit
		Side  Side   `json:"side"`
		Short string `json:"short"`
	}
	units := make([]unitDoc, len(g.pieces.Units))
	for i := range g.pieces.Units {
		u := &g.units[i]
		units[i] = unitDoc{*u, u.Side(), u.Label()}
	}
	d.doc = mustJSON(map[string]any{
		"map": map[string]any{"title": g.m.Title, "note": g.m.Note, "width": g.m.Width, "height": g.m.Height, "places": places,
			"crossings": g.crossingDocs()},
		"units": units, "palette": d.pal, "svg": svg.String(), "symbols": d.symbols,
		"air_markers": g.pieces.Setup.AirMarkers,
	})
}

// crossingDoc is a crossing as the board document gives it: its ID (a
// bridge's name as views write it, a ferry's index in views' ferries, a
// border's name) and, on the one crossing of each river or canal boundary
// where its Held! marker goes (the bridge's, else the ferry's, else its
// middle), the boundary's name as views' held lists it (mgmg:4.6).
type crossingDoc struct {
	area.Crossing
	ID     string `json:"id"`
	Border string `json:"border,omitempty"`
}

func (g *Game) crossingDocs() []crossingDoc {
	var cs []crossingDoc
	marked := map[string]bool{}
	crossings := g.m.Crossings()
	// Bridges first, then ferries, then bare borders: each boundary's
	// Held! marker goes on the first of its crossings.
	for _, kind := range []string{"bridge", "ferry", "border"} {
		for _, c := range crossings {
			if c.Kind != kind {
				continue
			}
			i, j := g.placeIndex[c.Between[0]], g.placeIndex[c.Between[1]]
			k := int(i)*nPlaces + int(j)
			name := g.borderName(Border{int(min(i, j)), int(max(i, j))})
			doc := crossingDoc{Crossing: c, ID: name}
			switch {
			case kind == "bridge" && g.bridgeAt[k] < 0, kind == "ferry" && g.ferryAt[k] < 0:
				continue
			case kind == "ferry":
				doc.ID = fmt.Sprint(g.ferryAt[k])
			}
			if !marked[name] {
				doc.Border, marked[name] = name, true
			}
			cs = append(cs, doc)
		}
	}
	// The boundaries the rules make (15/17, 7/17: areas that share no
	// border, mgmg:3.2): their markers halfway between the areas.
	for _, b := range g.boundaries {
		if name := g.borderName(b); !marked[name] && g.m.IsArea(b.A) && g.m.IsArea(b.B) {
			p, q := g.m.Place(b.A), g.m.Place(b.B)
			at := area.Point{X: (p.Label.X + q.Label.X) / 2, Y: (p.Label.Y + q.Label.Y) / 2}
			cs = append(cs, crossingDoc{Crossing: area.Crossing{Between: [2]string{p.ID, q.ID}, Kind: "border", At: at}, ID: name, Border: name})
		}
	}
	return cs
}
