package area

import (
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"

	"sandtable/board"
)

// SVGOptions says how to draw a board.
type SVGOptions struct {
	Palette   *Palette           // colours; nil = DefaultPalette()
	Decor     func(i int) Decor  // the game's marks per place; may be nil
	Fill      func(i int) string // fill colour per place ("" = the fill of its style)
	Content   func(i int) string // raw SVG drawn in a <g> translated to the place's Label point (counters etc.); may be nil
	Highlight map[int]bool       // places to outline strongly
	Caption   []string           // status lines drawn in a box at the bottom left
	Defs      string             // raw SVG for the <defs>: the symbols (board/symbol) that Content places
}

// SVG draws the board: background features (river, ramp, trees), every area
// with its border, number, name, victory value and the game's decor (style,
// dots, ring, mark), the zones as labelled boxes, the arrows, then the
// caller's content and caption. The output is deterministic.
func (b *Board) SVG(w io.Writer, o SVGOptions) error {
	pal := o.Palette
	if pal == nil {
		pal = DefaultPalette()
	}
	decor := func(i int) Decor {
		if o.Decor == nil {
			return Decor{}
		}
		return o.Decor(i)
	}
	halo := fmt.Sprintf(` stroke="%s" stroke-width="2.4" stroke-opacity="0.85" stroke-linejoin="round" paint-order="stroke"`, pal.Halo)
	s := &svg{pal: pal, halo: halo}
	W, H := num(b.Width), num(b.Height)
	s.f(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %s %s" width="%s" height="%s" font-family="Helvetica, Arial, sans-serif">`+"\n", W, H, W, H)
	s.f("<title>%s</title>\n", esc(b.Title))
	if b.Note != "" {
		s.f("<desc>%s</desc>\n", esc(b.Note))
	}
	s.f(`<defs>`+
		`<marker id="arrow-end" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0L10,5L0,10z" fill="%[1]s"/></marker>`+
		`<marker id="arrow-start" viewBox="0 0 10 10" refX="1" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M10,0L0,5L10,10z" fill="%[1]s"/></marker>`+
		"\n%[2]s</defs>\n", pal.Arrow, o.Defs)
	s.f(`<rect x="0" y="0" width="%s" height="%s" fill="%s"/>`+"\n", W, H, pal.Land)

	// Water lies under everything.
	s.f(`<g id="water">` + "\n")
	for _, f := range b.Features {
		if f.Kind == "water" {
			s.poly(f.Polygon, pal.feature(f.Kind).attrs())
		}
	}
	s.f("</g>\n")

	// Area fills.
	s.f(`<g id="fills">` + "\n")
	for i := range b.Places {
		p := &b.Places[i]
		if p.Kind != KindArea {
			continue
		}
		s.poly(p.Polygon, fmt.Sprintf(`fill="%s"`, esc(b.fill(o, pal, decor(i), i))))
	}
	s.f("</g>\n")

	// Other background features over the fills, under the borders.
	s.f(`<g id="features">` + "\n")
	for _, f := range b.Features {
		if f.Kind == "water" {
			continue
		}
		s.poly(f.Polygon, pal.feature(f.Kind).attrs())
		if f.Kind == "trees" {
			s.trees(f.Polygon, b.Places)
		}
	}
	s.f("</g>\n")

	b.ways(s)

	// Area borders, then the typed ones (rivers, canals) and what crosses them, then highlights.
	s.f(`<g id="borders" fill="none" stroke="%s" stroke-width="3" stroke-linejoin="round">`+"\n", pal.Border)
	for i := range b.Places {
		if b.Places[i].Kind == KindArea {
			s.poly(b.Places[i].Polygon, "")
		}
	}
	s.f("</g>\n")
	b.waterBorders(s)
	b.crossings(s)

	// Zones and holding boxes: boxes with their letter and name.
	s.f(`<g id="zones">` + "\n")
	for i := range b.Places {
		if b.Places[i].Kind != KindArea {
			s.zone(&b.Places[i], b.fill(o, pal, decor(i), i), decor(i))
		}
	}
	s.f("</g>\n")

	s.f(`<g id="highlight" fill="none" stroke="%s" stroke-width="6" stroke-opacity="0.9" stroke-linejoin="round">`+"\n", pal.Highlight)
	for i := range b.Places {
		if o.Highlight[i] {
			s.poly(b.Places[i].Polygon, "")
		}
	}
	s.f("</g>\n")

	// Arrows between zones and areas (both directions: heads at both ends).
	s.f(`<g id="arrows" stroke="%s" stroke-width="2.5" marker-start="url(#arrow-start)" marker-end="url(#arrow-end)">`+"\n", pal.Arrow)
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
		style := fmt.Sprintf(`font-size="10" font-style="italic" fill="%s"`, pal.FeatureName) + halo
		if f.Kind == "water" {
			style = fmt.Sprintf(`font-size="18" font-style="italic" fill="%s" letter-spacing="3"`, pal.WaterName)
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
			s.areaLabel(&b.Places[i], decor(i))
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
		s.f(`<text x="%s" y="%s" text-anchor="end" font-size="12" font-style="italic" fill="%s">%s</text>`+"\n",
			num(b.Width-10), num(b.Height-10), pal.WaterName, esc(b.Title))
	}
	if len(o.Caption) > 0 {
		s.caption(o.Caption, b.Height)
	}
	s.f("</svg>\n")
	_, err := io.WriteString(w, s.String())
	return err
}

// crossingsAt says where on a shared border (fractions of its length) the
// road, the railway and the ferry of an edge cross it: the road, or else the
// railway, in the middle with the bridge; a railway beside a road before it;
// a ferry alone in the middle, beside a bridge well apart from it.
func crossingsAt(f board.Features) (road, rail, ferry float64) {
	road, rail, ferry = 0.5, 0.5, 0.5
	if f.Has(board.Road) {
		rail = 0.3
	}
	if f.Has(board.Ferry) && f.Has(board.Bridge) {
		road, rail, ferry = 0.2, 0.2, 0.8
	}
	return road, rail, ferry
}

// Crossing is where a bridge or a ferry of the map crosses the border
// between two areas, as the drawing marks it, or the middle of a river or
// canal border that has neither: a client places its markers (a blown
// bridge, a used ferry, a border held) there.
type Crossing struct {
	Between [2]string `json:"between"`
	Kind    string    `json:"kind"` // "bridge", "ferry" or "border"
	At      Point     `json:"at"`
	dir     Point     // the border's direction there
}

// Crossings lists the bridges and ferries on the borders of areas, and the
// river and canal borders without either, in the order of the map file's
// featured edges.
func (b *Board) Crossings() []Crossing {
	var out []Crossing
	for _, ae := range b.areaEdges() {
		f := ae.Features
		road, rail, ferry := crossingsAt(f)
		if f.Has(board.Bridge) {
			at := road
			if !f.Has(board.Road) {
				at = rail
			}
			if c, d, ok := borderPoint(ae.p.Polygon, ae.q.Polygon, at); ok {
				out = append(out, Crossing{ae.Between, "bridge", c, d})
			}
		}
		if f.Has(board.Ferry) {
			if c, d, ok := borderPoint(ae.p.Polygon, ae.q.Polygon, ferry); ok {
				out = append(out, Crossing{ae.Between, "ferry", c, d})
			}
		}
		if !f.Has(board.Bridge) && !f.Has(board.Ferry) && (f.Has(board.River) || f.Has(board.Canal)) {
			if c, d, ok := borderPoint(ae.p.Polygon, ae.q.Polygon, 0.5); ok {
				out = append(out, Crossing{ae.Between, "border", c, d})
			}
		}
	}
	return out
}

// ways draws the roads and railways that cross the borders of areas: from
// one area's label point over the border to the other's.
func (b *Board) ways(s *svg) {
	s.f(`<g id="ways" fill="none" stroke-linejoin="round">` + "\n")
	for _, ae := range b.areaEdges() {
		e, p, q := ae.EdgeFeature, ae.p, ae.q
		way := func(at float64, attrs string) {
			c, _, ok := borderPoint(p.Polygon, q.Polygon, at)
			if ok {
				s.f(`<polyline points="%s,%s %s,%s %s,%s" %s/>`+"\n", num(p.Label.X), num(p.Label.Y), num(c.X), num(c.Y), num(q.Label.X), num(q.Label.Y), attrs)
			}
		}
		road, rail, _ := crossingsAt(e.Features)
		if e.Features.Has(board.Rail) {
			way(rail, fmt.Sprintf(`stroke="%s" stroke-width="1.6" stroke-dasharray="5 3"`, s.pal.Rail))
		}
		if e.Features.Has(board.Road) {
			way(road, fmt.Sprintf(`stroke="%s" stroke-width="1.8"`, s.pal.Road))
		}
	}
	s.f("</g>\n")
}

// waterBorders draws river borders wide over a light shore and canal borders
// narrow over a dark one.
func (b *Board) waterBorders(s *svg) {
	s.f(`<g id="water-borders" fill="none" stroke-linecap="round">` + "\n")
	for _, ae := range b.areaEdges() {
		e, p, q := ae.EdgeFeature, ae.p, ae.q
		var shore, water string
		var ws, ww float64
		switch {
		case e.Features.Has(board.River):
			shore, water, ws, ww = s.pal.RiverShore, s.pal.River, 9, 6
		case e.Features.Has(board.Canal):
			shore, water, ws, ww = s.pal.CanalShore, s.pal.Canal, 5.5, 3
		default:
			continue
		}
		segs := sharedSegments(p.Polygon, q.Polygon, 0.5)
		for _, layer := range []struct {
			colour string
			width  float64
		}{{shore, ws}, {water, ww}} {
			for _, g := range segs {
				s.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="%s"/>`+"\n",
					num(g[0].X), num(g[0].Y), num(g[1].X), num(g[1].Y), layer.colour, num(layer.width))
			}
		}
	}
	s.f("</g>\n")
}

// crossings marks the bridges (a bar across the border over a disc) and the
// ferries (a box with "Ferry") on the borders of areas.
func (b *Board) crossings(s *svg) {
	s.f(`<g id="crossings">` + "\n")
	for _, x := range b.Crossings() {
		c := x.At
		if x.Kind == "bridge" {
			n := Point{-x.dir.Y, x.dir.X} // across the border
			a, z := add(c, scale(n, 8)), sub(c, scale(n, 8))
			s.f(`<circle cx="%s" cy="%s" r="6.5" fill="%s" stroke="%s" stroke-width="0.8"/>`, num(c.X), num(c.Y), s.pal.BridgeMark, s.pal.Road)
			s.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="4.5"/>`+"\n", num(a.X), num(a.Y), num(z.X), num(z.Y), s.pal.Road)
			continue
		}
		if x.Kind != "ferry" {
			continue
		}
		s.f(`<rect x="%s" y="%s" width="30" height="12" fill="#ffffff" stroke="%s" stroke-width="0.8"/>`, num(c.X-15), num(c.Y-6), s.pal.CanalShore)
		s.f(`<text x="%s" y="%s" text-anchor="middle" font-size="8.5" fill="%s">Ferry</text>`+"\n", num(c.X), num(c.Y+3), s.pal.CanalShore)
	}
	s.f("</g>\n")
}

// areaEdge is an edge with features between two areas, and its areas.
type areaEdge struct {
	EdgeFeature
	p, q *Place
}

// areaEdges lists the edges with features that join two areas (not arrows).
func (b *Board) areaEdges() []areaEdge {
	var out []areaEdge
	for _, e := range b.FeaturedEdges {
		p, q := &b.Places[b.index[e.Between[0]]], &b.Places[b.index[e.Between[1]]]
		if p.Kind == KindArea && q.Kind == KindArea {
			out = append(out, areaEdge{e, p, q})
		}
	}
	return out
}

// fill is the fill colour of place i.
func (b *Board) fill(o SVGOptions, pal *Palette, d Decor, i int) string {
	if o.Fill != nil {
		if c := o.Fill(i); c != "" {
			return c
		}
	}
	return pal.style(d.Style).Fill
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

type svg struct {
	strings.Builder
	pal  *Palette
	halo string // attributes that draw text over a thin light outline, readable over borders, trees and arrows
}

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
	s.f(`<g %s>`+"\n", s.pal.Trees.attrs())
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

func (s *svg) zone(p *Place, fill string, d Decor) {
	s.poly(p.Polygon, fmt.Sprintf(`fill="%s" stroke="%s" stroke-width="1.5" stroke-dasharray="6 3"`, esc(fill), s.pal.ZoneStroke))
	st := s.pal.style(d.Style)
	l := p.Label
	s.f(`<rect x="%s" y="%s" width="22" height="22" fill="%s" stroke="%s" stroke-width="1.2"/>`+"\n",
		num(l.X-11), num(l.Y-11), st.Field, st.Stroke)
	s.f(`<text x="%s" y="%s" text-anchor="middle" font-size="15" font-weight="bold" fill="%s">%s</text>`+"\n",
		num(l.X), num(l.Y+5.5), st.Text, esc(p.ID))
	lo, hi := bbox(p.Polygon)
	if hi.Y-lo.Y > 1.5*(hi.X-lo.X) {
		// A tall box at a side edge: the name runs up along it, below the letter.
		cx, cy := (lo.X+hi.X)/2+3.5, (l.Y+16+hi.Y)/2
		s.f(`<text x="%s" y="%s" text-anchor="middle" font-size="10" fill="%s" transform="rotate(-90 %s %s)">%s</text>`+"\n",
			num(cx), num(cy), s.pal.Name, num(cx), num(cy), esc(p.Name))
		return
	}
	s.f(`<text x="%s" y="%s" text-anchor="start" font-size="10" fill="%s"`+s.halo+`>%s</text>`+"\n",
		num(l.X+16), num(l.Y+3.5), s.pal.Name, esc(p.Name))
}

func (s *svg) areaLabel(p *Place, d Decor) {
	l := p.Label
	st := s.pal.style(d.Style)
	if d.Ring {
		s.f(`<circle cx="%s" cy="%s" r="14.5" fill="none" stroke="%s" stroke-width="1.6"/>`+"\n", num(l.X), num(l.Y), s.pal.VP)
	}
	r, numY := 11.0, l.Y+4.2 // the field's radius, the number's baseline
	if d.Sub != "" {
		r, numY = 13, l.Y-1.5
	}
	if d.Square {
		s.f(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="1.2"/>`+"\n",
			num(l.X-r), num(l.Y-r), num(2*r), num(2*r), st.Field, st.Stroke)
	} else {
		s.f(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="1.2"/>`+"\n",
			num(l.X), num(l.Y), num(r), st.Field, st.Stroke)
	}
	s.f(`<text x="%s" y="%s" font-size="12" font-weight="bold" fill="%s">%s</text>`+"\n",
		num(l.X), num(numY), st.Text, esc(p.ID))
	if d.Sub != "" {
		s.f(`<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="0.8"/>`, num(l.X-r+1.5), num(l.Y), num(l.X+r-1.5), num(l.Y), st.Stroke)
		s.f(`<text x="%s" y="%s" font-size="9.5" font-weight="bold" fill="%s">%s</text>`+"\n",
			num(l.X), num(l.Y+10), st.Text, esc(d.Sub))
	}
	if p.VP > 0 {
		s.f(`<text x="%s" y="%s" text-anchor="start" font-size="11" font-weight="bold" fill="%s">%d VP</text>`+"\n",
			num(l.X+17), num(l.Y+4), s.pal.VP, p.VP)
	}
	if d.Mark != "" {
		s.f(`<text x="%s" y="%s" text-anchor="end" font-size="13" font-weight="bold" fill="%s">%s</text>`+"\n",
			num(l.X-17), num(l.Y+4.5), s.pal.VP, esc(d.Mark))
	}
	y := l.Y + nameTop
	for _, line := range nameLines(p) {
		s.f(`<text x="%s" y="%s" font-size="%s" fill="%s"`+s.halo+`>%s</text>`+"\n", num(l.X), num(y), num(nameSize), s.pal.Name, esc(line))
		y += nameLead
	}
	if len(d.Dots) > 0 {
		const gap = 11.0
		x := l.X - gap*float64(len(d.Dots)-1)/2
		for _, dot := range d.Dots {
			s.f(`<circle cx="%s" cy="%s" r="%s" fill="%s" stroke="%s" stroke-width="0.8"/>`, num(x), num(y-1), num(dotRadius), esc(s.pal.dot(dot)), s.pal.Name)
			x += gap
		}
		s.WriteByte('\n')
	}
}

// How an area's name and dots are written under its label point: the first
// line's baseline, the distance between lines, the font size, the dots'
// radius (their row's centre is a line below the last name line, less 1).
const nameTop, nameLead, nameSize, dotRadius = 23.0, 10.5, 9.5, 4.2

// nameLines is an area's name as SVG draws it, in lines.
func nameLines(p *Place) []string {
	lo, hi := bbox(p.Polygon)
	return wrap(p.Name, (hi.X-lo.X)*0.92, nameSize)
}

// LabelDepth is how far below place i's label point SVG writes under it
// (an area's name, and the dots its decor d adds): the bottom of the dots,
// or of the last line of the name (its baseline plus a descender). A zone
// writes nothing below its letter: 0. A client puts counters below it.
func (b *Board) LabelDepth(i int, d Decor) float64 {
	p := &b.Places[i]
	n := float64(len(nameLines(p)))
	switch {
	case p.Kind != KindArea || n == 0:
		return 0
	case len(d.Dots) > 0:
		return nameTop + nameLead*n - 1 + dotRadius
	}
	return nameTop + nameLead*(n-1) + 2.5
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
	s.f(`<g id="caption"><rect x="%s" y="%s" width="%s" height="%s" rx="4" fill="%s" fill-opacity="0.9" stroke="%s"/>`+"\n",
		num(x), num(y), num(w), num(h), s.pal.Halo, s.pal.FeatureName)
	for k, l := range lines {
		s.f(`<text x="%s" y="%s" font-size="%s" fill="%s">%s</text>`+"\n",
			num(x+8), num(y+5+lh*float64(k+1)-3), num(fs), s.pal.Ink, esc(l))
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
