package area

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Palette is every colour of the map drawing in one place. Board.SVG draws
// with it, and a game sends the same palette to its clients with the board
// (engine.Boarder), so the browser draws the map without copying colours.
// In JSON the fields are snake_case; colours are CSS colours.
type Palette struct {
	Land        string `json:"land"`         // the ground under everything
	Border      string `json:"border"`       // area borders
	Arrow       string `json:"arrow"`        // zone arrows
	VP          string `json:"vp"`           // victory values, rings and marks
	Highlight   string `json:"highlight"`    // outline of highlighted places
	Halo        string `json:"halo"`         // light outline behind text; caption box
	Ink         string `json:"ink"`          // caption text
	Name        string `json:"name"`         // place names; outline of dots
	FeatureName string `json:"feature_name"` // names of background features; caption outline
	WaterName   string `json:"water_name"`   // the name of water; the map's title
	ZoneStroke  string `json:"zone_stroke"`  // the dashed outline of zone boxes

	// Typed borders and what crosses them (board.Features of the edges):
	// rivers drawn wide with a light shore, canals narrow with a dark shore,
	// roads, railways, and bridges marked by a disc under them.
	River      string `json:"river"`
	RiverShore string `json:"river_shore"`
	Canal      string `json:"canal"`
	CanalShore string `json:"canal_shore"`
	Road       string `json:"road"`
	Rail       string `json:"rail"`
	BridgeMark string `json:"bridge_mark"`

	// Features paints background features by kind; "" paints any other kind.
	Features map[string]Paint `json:"features"`
	// Trees paints the tree symbols scattered over "trees" features.
	Trees Paint `json:"trees"`
	// Styles are the place styles a game names in Decor.Style; "" is the
	// style of a place without one (or with a style the palette lacks).
	Styles map[string]PlaceStyle `json:"styles"`
	// Dots names dot colours; a dot not named here is a CSS colour itself.
	Dots map[string]string `json:"dots"`

	// Sides are the colours of the game's sides (badges, the result).
	Sides map[string]string `json:"sides,omitempty"`
	// Pieces names every colour of the game's counters and markers, which
	// the game draws as symbols (board/symbol); the browser gets them as the
	// CSS variables --piece-NAME and the sides' as --side-NAME.
	Pieces map[string]string `json:"pieces,omitempty"`
}

// Paint is the fill and outline of a shape. Zero opacity and width mean
// the SVG defaults (opaque, width 1).
type Paint struct {
	Fill        string  `json:"fill"`
	FillOpacity float64 `json:"fill_opacity,omitempty"`
	Stroke      string  `json:"stroke,omitempty"`
	StrokeWidth float64 `json:"stroke_width,omitempty"`
}

// PlaceStyle colours a place and the field (disc, or box in a zone) behind
// its number.
type PlaceStyle struct {
	Fill   string `json:"fill"`
	Field  string `json:"field"`
	Text   string `json:"text"`
	Stroke string `json:"stroke"` // the field's outline
}

// Decor is how a game marks a place beyond what the map file holds: a style
// of the palette, coloured dots under the name, a ring around the number, a
// short mark (at most three characters) beside it, a square field instead of
// a disc, and a second short text under the number in the field (Monty's
// Gamble's identifier: square for elevated terrain, the TEM in its lower
// half).
type Decor struct {
	Style  string   `json:"style,omitempty"`
	Dots   []string `json:"dots,omitempty"`
	Ring   bool     `json:"ring,omitempty"`
	Mark   string   `json:"mark,omitempty"`
	Square bool     `json:"square,omitempty"`
	Sub    string   `json:"sub,omitempty"`
}

// DefaultPalette returns a fresh copy of the palette of our maps, with the
// neutral place style only; games add their own styles to it.
func DefaultPalette() *Palette {
	return &Palette{
		Land: "#ece5d3", Border: "#111111", Arrow: "#1f4e9c", VP: "#c8102e", Highlight: "#ff7f00",
		Halo: "#ffffff", Ink: "#111111", Name: "#222222", FeatureName: "#333333", WaterName: "#2d5f8a",
		ZoneStroke: "#4a4a4a",
		River:      "#3f7fc4", RiverShore: "#ffffff", Canal: "#7fb6e6", CanalShore: "#1f4e8c",
		Road: "#1a1a1a", Rail: "#6b6b6b", BridgeMark: "#f2c500",
		Features: map[string]Paint{
			"water":  {Fill: "#a9cbe6", Stroke: "#7fa9cc", StrokeWidth: 1.5},
			"trees":  {Fill: "#c9ddb0", FillOpacity: 0.8},
			"park":   {Fill: "#c9ddb0", FillOpacity: 0.8},
			"ramp":   {Fill: "#b3ab9c", FillOpacity: 0.85, Stroke: "#5f594f", StrokeWidth: 1.2},
			"bridge": {Fill: "#a39b8d", Stroke: "#4f4a42", StrokeWidth: 1.5},
			"":       {Fill: "#d0d0d0", FillOpacity: 0.6, Stroke: "#888888"},
		},
		Trees:  Paint{Fill: "#5e8f3e", FillOpacity: 0.55, Stroke: "#3f6a28", StrokeWidth: 0.6},
		Styles: map[string]PlaceStyle{"": {Fill: "#f4efe2", Field: "#ffffff", Text: "#111111", Stroke: "#333333"}},
		Dots: map[string]string{
			"red": "#d7191c", "blue": "#2166c9", "green": "#1a9641",
			"yellow": "#f5d800", "orange": "#f08a00", "black": "#111111", "white": "#ffffff",
		},
	}
}

var reColour = regexp.MustCompile(`^([a-z]+|#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6})$`)

// Check reports every colour of p that is not a colour name or #rgb/#rrggbb
// (so none can break out of an SVG attribute), and a missing neutral style.
func (p *Palette) Check() error {
	var errs []error
	colour := func(what, c string) {
		if !reColour.MatchString(c) {
			errs = append(errs, fmt.Errorf("palette: %s %q must be a colour name or #rgb/#rrggbb", what, c))
		}
	}
	for what, c := range map[string]string{"land": p.Land, "border": p.Border, "arrow": p.Arrow, "vp": p.VP,
		"highlight": p.Highlight, "halo": p.Halo, "ink": p.Ink, "name": p.Name, "feature_name": p.FeatureName,
		"water_name": p.WaterName, "zone_stroke": p.ZoneStroke, "river": p.River, "river_shore": p.RiverShore,
		"canal": p.Canal, "canal_shore": p.CanalShore, "road": p.Road, "rail": p.Rail, "bridge_mark": p.BridgeMark} {
		colour(what, c)
	}
	paint := func(what string, f Paint) {
		colour(what+" fill", f.Fill)
		if f.Stroke != "" {
			colour(what+" stroke", f.Stroke)
		}
	}
	for k, f := range p.Features {
		paint(fmt.Sprintf("features[%q]", k), f)
	}
	paint("trees", p.Trees)
	if _, ok := p.Styles[""]; !ok {
		errs = append(errs, errors.New(`palette: styles lack the neutral style ""`))
	}
	for k, st := range p.Styles {
		what := fmt.Sprintf("styles[%q]", k)
		colour(what+" fill", st.Fill)
		colour(what+" field", st.Field)
		colour(what+" text", st.Text)
		colour(what+" stroke", st.Stroke)
	}
	for k, c := range p.Dots {
		colour(fmt.Sprintf("dots[%q]", k), c)
	}
	for k, c := range p.Sides {
		colour(fmt.Sprintf("sides[%q]", k), c)
	}
	for k, c := range p.Pieces {
		colour(fmt.Sprintf("pieces[%q]", k), c)
	}
	slices.SortFunc(errs, func(a, b error) int { return strings.Compare(a.Error(), b.Error()) })
	return errors.Join(errs...)
}

func (p *Palette) feature(kind string) Paint {
	if f, ok := p.Features[kind]; ok {
		return f
	}
	return p.Features[""]
}

func (p *Palette) style(name string) PlaceStyle {
	if st, ok := p.Styles[name]; ok {
		return st
	}
	return p.Styles[""]
}

// Piece is the colour of the game's pieces named name. It panics when the
// palette lacks it: the game's drawing and its palette are one program's.
func (p *Palette) Piece(name string) string {
	c, ok := p.Pieces[name]
	if !ok {
		panic(fmt.Sprintf("palette: no piece colour %q", name))
	}
	return c
}

func (p *Palette) dot(name string) string {
	if c, ok := p.Dots[name]; ok {
		return c
	}
	return name
}

// attrs writes the paint as SVG attributes.
func (f Paint) attrs() string {
	a := []string{fmt.Sprintf(`fill="%s"`, esc(f.Fill))}
	if f.FillOpacity != 0 {
		a = append(a, `fill-opacity="`+strconv.FormatFloat(f.FillOpacity, 'f', -1, 64)+`"`)
	}
	if f.Stroke != "" {
		a = append(a, fmt.Sprintf(`stroke="%s"`, esc(f.Stroke)))
	}
	if f.StrokeWidth != 0 {
		a = append(a, `stroke-width="`+strconv.FormatFloat(f.StrokeWidth, 'f', -1, 64)+`"`)
	}
	return strings.Join(a, " ")
}
