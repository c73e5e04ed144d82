package soa

import (
	"fmt"
	"regexp"
	"strings"

	"sandtable/board/area"
	"sandtable/board/symbol"
)

// The pieces of Storm Over Arnhem, drawn once (board/symbol): the counters
// (soa:4.1), both faces of each, and the markers of control (soa:11.2),
// the British perimeter (soa:5.1) and fire (soa:18.8). render.go places them
// in the server's SVG; the board document sends them to the browser, which
// places the same symbols (web/static/js/games/soa.js names them).

// pieceColours are the colours of the pieces, in the palette's Pieces (the
// sides' in its Sides): the forces' counters (soa:4.1: SS black, army
// blue-grey, British red, with their ink), the white committed face
// (soa:8.13), the markers, and the count of a pile.
var pieceColours = map[string]string{
	"ss": "#1b1b1b", "ss-ink": "#ffffff", "army": "#5f7386", "army-ink": "#ffffff",
	"british": "#b3202a", "british-ink": "#ffffff",
	"counter-edge": "#000000", "committed": "#fbf8f0", "eliminated": "#ee0000",
	"marker": "#f4f1e8", "marker-edge": "#111111", "cross": "#111111", "cross-edge": "#ffffff",
	"roundel-outer": "#1f3f8f", "roundel-middle": "#ffffff", "roundel-inner": "#c8102e",
	"perimeter": "#ffffff", "perimeter-ink": "#b3202a",
	"fire": "#f08a00", "fire-edge": "#7a3b00", "flame": "#ffe14d", "flame-edge": "#b32400", "fire-ink": "#000000",
	"pile": "#ffffff", "pile-edge": "#222222", "pile-ink": "#111111",
}

var sideColours = map[string]string{"german": "#1b1b1b", "british": "#b3202a"}

// Sizes of the pieces in map units.
const (
	counterSize = 26.0 // a counter's side
	markerSize  = 18.0 // a marker's side
)

// counterSymbolID names the symbol of a unit's face: the coloured one, or
// the white one once committed (soa:8.13), drawn dashed while the AT gun is
// hidden (soa:13.8).
func counterSymbolID(id string, committed, hidden bool) string {
	s := "counter-" + id
	if committed {
		s += "-committed"
	}
	if hidden {
		s += "-hidden"
	}
	return s
}

// eliminatedSymbol crosses out a counter eliminated in close combat that
// still attacks (soa:9.6).
const eliminatedSymbol = "counter-cc-eliminated"

// The markers' symbols: a side's control (soa:11.2), the British
// perimeter (soa:5.1), a fire of a level (soa:18.8).
func controlSymbol(side string) string { return "marker-control-" + side }

const perimeterSymbol = "marker-perimeter"

func fireSymbol(level int) string { return fmt.Sprintf("marker-fire-%d", level) }

// pieceSymbols draws every piece: each unit's faces (both, and hidden ones
// for AT guns, soa:13.8), the cross of close combat and the markers.
func pieceSymbols(units []UnitData, pal *area.Palette) []symbol.Symbol {
	var out []symbol.Symbol
	for _, u := range units {
		for _, committed := range []bool{false, true} {
			out = append(out, counterFace(u, pal, committed, false))
			if u.Type == AntiTank {
				out = append(out, counterFace(u, pal, committed, true))
			}
		}
	}
	out = append(out, symbol.Symbol{ID: eliminatedSymbol, W: counterSize, H: counterSize, Parts: []symbol.Node{
		symbol.El("path", "d", "M3,3L23,23M23,3L3,23", "stroke", pal.Piece("eliminated"), "stroke-width", 2, "stroke-opacity", 0.8)}})
	return append(out, markerSymbols(pal)...)
}

// counterFace draws one face of a counter: the force's colour, or white
// with the force's colour for ink when committed; its designation on top,
// the type's symbol, and the factors printed on that face.
func counterFace(u UnitData, pal *area.Palette, committed, hidden bool) symbol.Symbol {
	fill, ink, edge, width := pal.Piece(u.Force), pal.Piece(u.Force+"-ink"), pal.Piece("counter-edge"), 0.8
	if committed {
		fill, ink, edge, width = pal.Piece("committed"), pal.Piece(u.Force), pal.Piece(u.Force), 1.2
	}
	face := symbol.El("rect", "x", 0.6, "y", 0.6, "width", counterSize-1.2, "height", counterSize-1.2, "rx", 2.5,
		"fill", fill, "stroke", edge, "stroke-width", width)
	if hidden {
		face.Attrs = append(face.Attrs, symbol.Attr{Name: "stroke-dasharray", Value: "3 2"})
	}
	short := shortName(u.Name)
	des := symbol.El("text", "data-slot", "label", "x", counterSize/2, "y", 6.6, "font-size", 5.4, "text-anchor", "middle",
		"fill", ink, "font-weight", "bold")
	if float64(len(short))*3.1 > counterSize-2 { // squeezed to the counter's width when long
		des.Attrs = append(des.Attrs, symbol.Attr{Name: "textLength", Value: symbol.Num(counterSize - 2)},
			symbol.Attr{Name: "lengthAdjust", Value: "spacingAndGlyphs"})
	}
	factors := fmt.Sprintf("%d-%d-%d", u.AF, u.DF, u.MF)
	switch {
	case u.Type == Artillery: // a day and a night attack factor (soa:14.6, 15.2)
		factors = fmt.Sprintf("%d/%d", u.ArtDay, u.ArtNight)
	case u.Type == AntiTank: // no defence factor (soa:13.4)
		factors = fmt.Sprintf("%d-X-%d", u.AF, u.MF)
	case committed:
		factors = fmt.Sprintf("%d-%d-%d", u.AF, u.CDF, u.MF)
	}
	id := counterSymbolID(u.ID, committed, hidden)
	return symbol.Symbol{ID: id, W: counterSize, H: counterSize, Parts: []symbol.Node{
		face, des.Say(short),
		symbol.El("g", "transform", fmt.Sprintf("translate(%s 12.4)", symbol.Num(counterSize/2))).With(typeSymbol(u.Type, 13, 7.5, ink)...),
		symbol.El("text", "x", counterSize/2, "y", 23.2, "font-size", 7.6, "text-anchor", "middle", "fill", ink, "font-weight", "bold",
			"letter-spacing", -0.2).Say(factors),
	}}
}

// typeSymbol is a small NATO-style symbol of a unit type (soa:4.2), w by h,
// centred at 0,0, in colour c.
func typeSymbol(t UnitType, w, h float64, c string) []symbol.Node {
	x0, y0, x1, y1 := -w/2, -h/2, w/2, h/2
	line := func(a, b, d, e float64) symbol.Node {
		return symbol.El("line", "x1", a, "y1", b, "x2", d, "y2", e, "stroke", c, "stroke-width", 0.9)
	}
	outline := func(x, y, w, h, rx float64) symbol.Node {
		return symbol.El("rect", "x", x, "y", y, "width", w, "height", h, "rx", rx, "fill", "none", "stroke", c, "stroke-width", 0.9)
	}
	path := func(d string) symbol.Node {
		return symbol.El("path", "d", d, "fill", "none", "stroke", c, "stroke-width", 0.9)
	}
	box := outline(x0, y0, w, h, 0)
	oval := outline(x0+w*0.18, y0+h*0.22, w*0.64, h*0.56, h*0.28)
	n := symbol.Num
	switch t {
	case Infantry:
		return []symbol.Node{box, line(x0, y0, x1, y1), line(x0, y1, x1, y0)}
	case Engineer:
		return []symbol.Node{box, path(fmt.Sprintf("M%s,%sV%sH%sV%sM0,%sV%s", n(x0+w*0.2), n(h*0.2), n(-h*0.15), n(x1-w*0.2), n(h*0.2), n(-h*0.15), n(h*0.2)))}
	case Armor:
		return []symbol.Node{box, oval}
	case Bren:
		return []symbol.Node{box, oval, line(x0, y0, x1, y1), line(x0, y1, x1, y0)}
	case AntiTank:
		return []symbol.Node{box, path(fmt.Sprintf("M%s,%sL0,%sL%s,%s", n(x0+1), n(y1), n(y0+1), n(x1-1), n(y1)))}
	case Artillery:
		return []symbol.Node{box, symbol.El("circle", "cx", 0, "cy", 0, "r", h*0.2, "fill", c)}
	case HQ:
		return []symbol.Node{outline(x0+2, y0, w-2, h, 0), line(x0+2, y0, x0+2, y1+3),
			symbol.El("text", "x", 1, "y", h*0.28, "font-size", h*0.7, "text-anchor", "middle", "fill", c, "font-weight", "bold").Say("HQ")}
	}
	return []symbol.Node{box}
}

// markerSymbols draws the markers, markerSize square: control (soa:11.2: a
// black cross for the Germans, a roundel for the British), the perimeter
// (soa:5.1) and fire of each level (soa:18.8, at most 2 by soa:18.82).
func markerSymbols(pal *area.Palette) []symbol.Symbol {
	p := pal.Piece
	field := func(fill, edge string, width float64) symbol.Node {
		return symbol.El("rect", "x", 0.5, "y", 0.5, "width", markerSize-1, "height", markerSize-1, "rx", 2, "fill", fill, "stroke", edge, "stroke-width", width)
	}
	marker := func(id string, parts ...symbol.Node) symbol.Symbol {
		return symbol.Symbol{ID: id, W: markerSize, H: markerSize, Parts: parts}
	}
	out := []symbol.Symbol{
		marker(controlSymbol("german"), field(p("marker"), p("marker-edge"), 1),
			symbol.El("path", "d", "M9,2.5V15.5M2.5,9H15.5", "stroke", p("cross-edge"), "stroke-width", 5),
			symbol.El("path", "d", "M9,3.5V14.5M3.5,9H14.5", "stroke", p("cross"), "stroke-width", 3)),
		marker(controlSymbol("british"), field(p("marker"), p("marker-edge"), 1),
			symbol.El("circle", "cx", 9, "cy", 9, "r", 7, "fill", p("roundel-outer")),
			symbol.El("circle", "cx", 9, "cy", 9, "r", 4.6, "fill", p("roundel-middle")),
			symbol.El("circle", "cx", 9, "cy", 9, "r", 2.4, "fill", p("roundel-inner"))),
		marker(perimeterSymbol, field(p("perimeter"), p("perimeter-ink"), 1.5),
			symbol.El("text", "x", 9, "y", 13, "text-anchor", "middle", "font-size", 11, "font-weight", "bold", "fill", p("perimeter-ink")).Say("P")),
	}
	for level := 1; level <= 2; level++ {
		out = append(out, marker(fireSymbol(level), field(p("fire"), p("fire-edge"), 1),
			symbol.El("path", "d", "M9,2.5C12,6 14,8 13,12C12.4,14.6 10.8,15.6 9,15.6C6.6,15.6 4.8,14 5,11.4C5.2,9.2 7,8.4 7.2,6C8.4,7.2 8.6,8 8.6,9C10,7.4 10,5 9,2.5Z",
				"fill", p("flame"), "stroke", p("flame-edge"), "stroke-width", 0.8),
			symbol.El("text", "x", 15.5, "y", 16.5, "text-anchor", "middle", "font-size", 7.5, "font-weight", "bold", "fill", p("fire-ink")).Say(fmt.Sprint(level))))
	}
	return out
}

// shortName is the designation printed at the top of a counter, made from
// the unit's name: its organisation in short and its numbers ("A Coy 2 Para,
// 1 Pl, section 2" becomes "A 1/2"). It is "" when the name does not shorten
// to 10 characters: the counter then shows its type and factors only, and
// the browser's magnifier, stack and tooltips give the full name.
func shortName(name string) string {
	n := shortenNotes.ReplaceAllStringFunc(name, func(m string) string {
		if shortenKeptNote.MatchString(m) {
			return m
		}
		return ""
	})
	for _, r := range shorten {
		n = r.re.ReplaceAllString(n, r.with)
	}
	if len(n) > 10 {
		return ""
	}
	return n
}

// shortenNotes are remarks and notes in brackets, which go; a counter's
// number in brackets stays (shortenKeptNote) and loses its brackets below.
var (
	shortenNotes    = regexp.MustCompile(`^(?:Artillery support: |Elements |Remnants )|\(-\) | \([^)]*\)`)
	shortenKeptNote = regexp.MustCompile(`^ \((?:counter )?\d+\)$`)
)

// shorten is applied in order: ordinals, the organisations of
// data/units.json, then the platoon and section numbers.
var shorten = func() []struct {
	re   *regexp.Regexp
	with string
} {
	pairs := [][2]string{
		{` \((?:counter )?(\d+)\)`, ` $1`},
		{`(\d)(?:st|nd|rd|th)\b`, `$1`},
		// British
		{`^1 Para Bde`, `Bde`}, {`^(\d) Para Bn`, `$1 Para`}, {`^1 Para Sqn RE`, `RE`}, {`^1 Recon Sqn`, `Recce`},
		{` Coy \d Para( HQ)`, ` Coy$1`}, {` Coy \d Para,`, `,`}, {`^9 Fd Coy RE`, `9 Fd RE`}, {`^93 Coy RASC`, `RASC`},
		{`^Bde HQ Defence Pl`, `Def Pl`}, {`^16 Para Field Ambulance`, `Fd Amb`}, {`^.*, 6 pdr guns`, `6 pdr`},
		{`^1 Light Regt`, `1 Lt`}, {`^2 South Staffords`, `Staffs`}, {`^Bren carrier`, `Bren`}, {`^Reformed unit`, `Reformed`},
		// German
		{`^10 SS Recon Bn`, `10 SS`}, {`^.*Mk III tanks`, `Mk III`}, {`^Armd Car Co, light.*`, `Lt AC`}, {`^Armd Car Co, heavy.*`, `Hv AC`},
		{`^9 SS Armd Car Co.*`, `9 SS AC`}, {`^Hv Wp Co, engineer Pl, squad`, `HW Pi`}, {`^Hv Wp Co, SP guns`, `SP gun`},
		{`^Hv Wp Co$`, `HW mortars`}, {`^Bochoit Trg & Depot Bn`, `Bo Bn`}, {`^Bochoit Supply Co`, `Bo Sup`}, {`^Bochoit `, `Bo`},
		{` Co( HQ|,)`, `$1`}, {`^Arnhem Garrison Units`, `Garrison`}, {`^Harzer Kampfgruppe`, `Harzer`},
		{`^Stragglers/scratch infantry`, `Scratch`}, {`^StuG III assault guns`, `StuG`}, {`^.*Tank Bn, Tigers`, `Tiger`},
		// "A, 1 Pl, section 2" becomes "A 1/2"; "RE, sappers 1" becomes "RE 1"
		{`, (?:group )?(\d+)(?: Pl)?, (?:section|squad) (\d+)$`, ` $1/$2`},
		{`, (?:section|squad|sappers|reinforcement) (\d+)$`, ` $1`},
	}
	out := make([]struct {
		re   *regexp.Regexp
		with string
	}, len(pairs))
	for i, p := range pairs {
		out[i].re, out[i].with = regexp.MustCompile(p[0]), strings.ReplaceAll(p[1], "$1", "${1}")
	}
	return out
}()
