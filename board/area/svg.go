package area

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
)

// SVGOptions says how to draw a board.
type SVGOptions struct {
	Fill      func(i int) string // fill colour per place ("" = default by set-up colour)
	Content   func(i int) string // raw SVG drawn in a <g> translated to the place's Label point (counters etc.); may be nil
	Highlight map[int]bool       // places to outline strongly
	Caption   []string           // status lines drawn in a box at the bottom left
}

// Set-up colour codes with a drawing style. Other codes are drawn neutrally.
var setupStyles = map[string]struct {
	fill        string // default fill of the place
	field, text string // colours of the field behind the number and of the number
	fieldStroke string
}{
	"british": {"#f2d5d0", "#c8102e", "#ffffff", "#7a0a1c"},
	"german":  {"#d9d9d6", "#151515", "#ffffff", "#000000"},
	"none":    {"#f8f4ea", "#ffffff", "#c8102e", "#c8102e"},
	"bochoit": {"#d3e2f4", "#2f6db5", "#000000", "#1b3f6b"},
	"":        {"#f4efe2", "#ffffff", "#111111", "#333333"},
}

var dotColours = map[string]string{
	"red": "#d7191c", "blue": "#2166c9", "green": "#1a9641",
	"yellow": "#f5d800", "orange": "#f08a00", "black": "#111111", "white": "#ffffff",
}

// halo draws text over a thin light outline so that it stays readable over
// borders, trees and arrows.
const halo = ` stroke="#ffffff" stroke-width="2.4" stroke-opacity="0.85" stroke-linejoin="round" paint-order="stroke"`

const (
	colourLand   = "#ece5d3"
	colourBorder = "#111111"
	colourArrow  = "#1f4e9c"
	colourVP     = "#c8102e"
)

// SVG draws the board: background features (river, ramp, trees), every area
// with its border, number, name, set-up colour, dots, victory value and
// special marker, the zones as labelled boxes, the arrows, then the caller's
// content and caption. The output is deterministic.
func (b *Board) SVG(w io.Writer, o SVGOptions) error {
	s := &svg{}
	W, H := num(b.Width), num(b.Height)
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="Helvetica, Arial, sans-serif">`+"\n", W, H, W, H)
	s.f("<title>%s</title>\n", esc(b.Title))
	if b.Note != "" {
		s.f("<desc>%s</desc>\n", esc(b.Note))
	}
	s.f(`<defs>`+
		`<marker id="arrow-end" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="%[1]s"/></marker>`+
		`<marker id="arrow-start" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M10,0L0,5L10,10z" fill="%[1]s"/></marker>`+
		"</defs>\n", colourArrow)
	s.f(`<rect x="0" y="0" width="%s" height="%s" fill="%s"/>`+"\n", W, H, colourLand)

	// Water lies under everything.
	s.f(`<g id="water">` + "\n")
	for _, f := range b.Features {
		if f.Kind == "water" {
			s.poly(f.Polygon, `fill="#a9cbe6" stroke="#7fa9cc" stroke-width="1.5"`)
		}
	}
	s.f("</g>\n")

	// Area fills.
	s.f(`<g id="fills">` + "\n")
	for i := range b.Places {
		p := &b.Places[i]
		if p.Kind == KindZone {
			continue
		}
		s.poly(p.Polygon, fmt.Sprintf(`fill="%s"`, esc(b.fill(o, i))))
	}
	s.f("</g>\n")

	// Other background features over the fills, under the borders.
	s.f(`<g id="features">` + "\n")
	for _, f := range b.Features {
		switch f.Kind {
		case "water":
		case "trees":
			s.poly(f.Polygon, `fill="#c9ddb0" fill-opacity="0.8"`)
			s.trees(f.Polygon, b.Places)
		case "park":
			s.poly(f.Polygon, `fill="#c9ddb0" fill-opacity="0.8"`)
		case "ramp":
			s.poly(f.Polygon, `fill="#b3ab9c" fill-opacity="0.85" stroke="#5f594f" stroke-width="1.2"`)
		case "bridge":
			s.poly(f.Polygon, `fill="#a39b8d" stroke="#4f4a42" stroke-width="1.5"`)
		default:
			s.poly(f.Polygon, `fill="#d0d0d0" fill-opacity="0.6" stroke="#888888"`)
		}
	}
	s.f("</g>\n")

	// Area borders, then highlights.
	s.f(`<g id="borders" fill="none" stroke="%s" stroke-width="3" stroke-linejoin="round">`+"\n", colourBorder)
	for i := range b.Places {
		if b.Places[i].Kind == KindArea {
			s.poly(b.Places[i].Polygon, "")
		}
	}
	s.f("</g>\n")

	// Zones: boxes with their letter and name.
	s.f(`<g id="zones">` + "\n")
	for i := range b.Places {
		if b.Places[i].Kind == KindZone {
			s.zone(&b.Places[i], b.fill(o, i))
		}
	}
	s.f("</g>\n")

	s.f(`<g id="highlight" fill="none" stroke="#ff7f00" stroke-width="6" stroke-opacity="0.9" stroke-linejoin="round">` + "\n")
	for i := range b.Places {
		if o.Highlight[i] {
			s.poly(b.Places[i].Polygon, "")
		}
	}
	s.f("</g>\n")

	// Arrows between zones and areas (both directions: heads at both ends).
	s.f(`<g id="arrows" stroke="%s" stroke-width="2.5" marker-start="url(#arrow-start)" marker-end="url(#arrow-end)">`+"\n", colourArrow)
	for _, a := range b.Arrows {
		p, q := b.arrowEnds(b.index[a[0]], b.index[a[1]])
		s.f(`<line x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n", num(p.X), num(p.Y), num(q.X), num(q.Y))
	}
	s.f("</g>\n")

	// Feature names.
	s.f(`<g id="feature-names" text-anchor="middle">` + "\n")
	for _, f := range b.Features {
		if f.Label == nil || f.Name == "" {
			continue
		}
		style := `font-size="10" font-style="italic" fill="#333333"` + halo
		if f.Kind == "water" {
			style = `font-size="18" font-style="italic" fill="#2d5f8a" letter-spacing="3"`
		}
		rot := ""
		if f.Angle != 0 {
			rot = fmt.Sprintf(` transform="rotate(%s %s %s)"`, num(f.Angle), num(f.Label.X), num(f.Label.Y))
		}
		s.f(`<text x="%s" y="%s" %s%s>%s</text>`+"\n", num(f.Label.X), num(f.Label.Y), style, rot, esc(f.Name))
	}
	s.f("</g>\n")

	// Area labels.
	s.f(`<g id="labels" text-anchor="middle">` + "\n")
	for i := range b.Places {
		if b.Places[i].Kind == KindArea {
			s.areaLabel(&b.Places[i])
		}
	}
	s.f("</g>\n")

	// Caller's content (counters).
	if o.Content != nil {
		s.f(`<g id="content">` + "\n")
		for i := range b.Places {
			c := o.Content(i)
			if c == "" {
				continue
			}
			l := b.Places[i].Label
			s.f(`<g transform="translate(%s %s)">%s</g>`+"\n", num(l.X), num(l.Y), c)
		}
		s.f("</g>\n")
	}

	if b.Title != "" {
		s.f(`<text x="%s" y="%s" text-anchor="end" font-size="12" font-style="italic" fill="#2d5f8a">%s</text>`+"\n",
			num(b.Width-10), num(b.Height-10), esc(b.Title))
	}
	if len(o.Caption) > 0 {
		s.caption(o.Caption, b.Height)
	}
	s.f("</svg>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

// fill is the fill colour of place i.
func (b *Board) fill(o SVGOptions, i int) string {
	if o.Fill != nil {
		if c := o.Fill(i); c != "" {
			return c
		}
	}
	if st, ok := setupStyles[b.Places[i].Setup]; ok {
		return st.fill
	}
	return "#eeeeee"
}

// arrowEnds returns the end points of the arrow between places i and j:
// from the boundary of a zone to just inside an area, or between the closest
// points of two zones.
func (b *Board) arrowEnds(i, j int) (Point, Point) {
	pi, pj := &b.Places[i], &b.Places[j]
	if pi.Kind == KindZone && pj.Kind == KindZone {
		return closestPair(pi.Polygon, pj.Polygon)
	}
	if pi.Kind != KindZone {
		q, p := b.arrowEnds(j, i)
		return p, q
	}
	// pi is the zone, pj the area.
	start := closestOnBoundary(pj.Label, pi.Polygon)
	end := pj.Label
	if t := firstCrossing(start, end, pj.Polygon); t >= 0 {
		d := sub(end, start)
		l := math.Hypot(d.X, d.Y)
		in := math.Min(14, (1-t)*l/2)
		end = add(start, scale(d, t+in/l))
	}
	return start, end
}

type svg struct{ strings.Builder }

func (s *svg) f(format string, args ...any) { fmt.Fprintf(s, format, args...) }

func (s *svg) poly(poly []Point, attrs string) {
	s.WriteString(`<polygon points="`)
	for k, q := range poly {
		if k > 0 {
			s.WriteByte(' ')
		}
		s.WriteString(num(q.X))
		s.WriteByte(',')
		s.WriteString(num(q.Y))
	}
	s.WriteString(`"`)
	if attrs != "" {
		s.WriteByte(' ')
		s.WriteString(attrs)
	}
	s.WriteString("/>\n")
}

// trees scatters tree symbols over a polygon, on a fixed staggered grid,
// leaving room for the labels of the places.
func (s *svg) trees(poly []Point, places []Place) {
	lo, hi := bbox(poly)
	const step = 15.0
	s.f(`<g fill="#5e8f3e" fill-opacity="0.55" stroke="#3f6a28" stroke-width="0.6">` + "\n")
	for row, y := 0, lo.Y+step/2; y < hi.Y; row, y = row+1, y+step*0.87 {
		for x := lo.X + step/2 + float64(row%2)*step/2; x < hi.X; x += step {
			p := Point{x, y}
			if pointInPolygon(p, poly) && dist(p, closestOnBoundary(p, poly)) > 6 && !nearLabel(p, places) {
				s.f(`<circle cx="%s" cy="%s" r="5"/>`, num(x), num(y))
			}
		}
		s.WriteByte('\n')
	}
	s.f("</g>\n")
}

// nearLabel reports whether p falls where a place's number, name and dots
// are drawn.
func nearLabel(p Point, places []Place) bool {
	for i := range places {
		d := sub(p, places[i].Label)
		if math.Abs(d.X) < 62 && d.Y > -20 && d.Y < 50 {
			return true
		}
	}
	return false
}

func (s *svg) zone(p *Place, fill string) {
	s.poly(p.Polygon, fmt.Sprintf(`fill="%s" stroke="#4a4a4a" stroke-width="1.5" stroke-dasharray="6 3"`, esc(fill)))
	st, ok := setupStyles[p.Setup]
	if !ok || p.Setup == "none" {
		st = setupStyles[""]
	}
	l := p.Label
	s.f(`<rect x="%s" y="%s" width="22" height="22" fill="%s" stroke="%s" stroke-width="1.2"/>`+"\n",
		num(l.X-11), num(l.Y-11), st.field, st.fieldStroke)
	s.f(`<text x="%s" y="%s" text-anchor="middle" font-size="15" font-weight="bold" fill="%s">%s</text>`+"\n",
		num(l.X), num(l.Y+5.5), st.text, esc(p.ID))
	lo, hi := bbox(p.Polygon)
	if hi.Y-lo.Y > 1.5*(hi.X-lo.X) {
		// A tall box at a side edge: the name runs up along it, below the letter.
		cx, cy := (lo.X+hi.X)/2+3.5, (l.Y+16+hi.Y)/2
		s.f(`<text x="%s" y="%s" text-anchor="middle" font-size="10" fill="#222222" transform="rotate(-90 %s %s)">%s</text>`+"\n",
			num(cx), num(cy), num(cx), num(cy), esc(p.Name))
		return
	}
	s.f(`<text x="%s" y="%s" text-anchor="start" font-size="10" fill="#222222"`+halo+`>%s</text>`+"\n",
		num(l.X+16), num(l.Y+3.5), esc(p.Name))
}

func (s *svg) areaLabel(p *Place) {
	l := p.Label
	st, ok := setupStyles[p.Setup]
	if !ok {
		st = setupStyles[""]
	}
	if p.Perimeter {
		s.f(`<circle cx="%s" cy="%s" r="14.5" fill="none" stroke="%s" stroke-width="1.6"/>`+"\n", num(l.X), num(l.Y), colourVP)
	}
	s.f(`<circle cx="%s" cy="%s" r="11" fill="%s" stroke="%s" stroke-width="1.2"/>`+"\n",
		num(l.X), num(l.Y), st.field, st.fieldStroke)
	s.f(`<text x="%s" y="%s" font-size="12" font-weight="bold" fill="%s">%s</text>`+"\n",
		num(l.X), num(l.Y+4.2), st.text, esc(p.ID))
	if p.VP > 0 {
		s.f(`<text x="%s" y="%s" text-anchor="start" font-size="11" font-weight="bold" fill="%s">%d VP</text>`+"\n",
			num(l.X+17), num(l.Y+4), colourVP, p.VP)
	}
	if p.Special != "" {
		s.f(`<text x="%s" y="%s" text-anchor="end" font-size="13" font-weight="bold" fill="%s">%s</text>`+"\n",
			num(l.X-17), num(l.Y+4.5), colourVP, esc(p.Special))
	}
	lo, hi := bbox(p.Polygon)
	lines := wrap(p.Name, (hi.X-lo.X)*0.92, 9.5)
	y := l.Y + 23
	for _, line := range lines {
		s.f(`<text x="%s" y="%s" font-size="9.5" fill="#222222"`+halo+`>%s</text>`+"\n", num(l.X), num(y), esc(line))
		y += 10.5
	}
	if len(p.Dots) > 0 {
		const gap = 11.0
		x := l.X - gap*float64(len(p.Dots)-1)/2
		for _, d := range p.Dots {
			c, ok := dotColours[d]
			if !ok {
				c = d
			}
			s.f(`<circle cx="%s" cy="%s" r="4.2" fill="%s" stroke="#222222" stroke-width="0.8"/>`, num(x), num(y-1), esc(c))
			x += gap
		}
		s.WriteByte('\n')
	}
}

func (s *svg) caption(lines []string, height float64) {
	const fs, lh = 12.0, 15.0
	wmax := 0
	for _, l := range lines {
		wmax = max(wmax, len([]rune(l)))
	}
	w := float64(wmax)*fs*0.56 + 16
	h := float64(len(lines))*lh + 10
	x, y := 8.0, height-8-h
	s.f(`<g id="caption"><rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="#ffffff" fill-opacity="0.9" stroke="#333333"/>`+"\n",
		num(x), num(y), num(w), num(h))
	for k, l := range lines {
		s.f(`<text x="%s" y="%s" font-size="%s" fill="#111111">%s</text>`+"\n",
			num(x+8), num(y+5+lh*float64(k+1)-3), num(fs), esc(l))
	}
	s.f("</g>\n")
}

// wrap breaks text into at most three lines of about width map units at the
// given font size, by words.
func wrap(text string, width, fontSize float64) []string {
	maxChars := max(6, int(width/(fontSize*0.52)))
	var lines []string
	cur := ""
	for _, w := range strings.Fields(text) {
		switch {
		case cur == "":
			cur = w
		case len([]rune(cur))+1+len([]rune(w)) <= maxChars:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > 3 {
		lines[2] = strings.Join(lines[2:], " ")
		lines = lines[:3]
	}
	return lines
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
