package mgmg

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"sort"
	"strings"

	"sandtable/board/area"
	"sandtable/board/symbol"
	"sandtable/engine"
)

// The terminal's text and the server's SVG are made from View(seat), the
// map and the printed counters, never from the state's own fields, so that
// they show what the seat may know and nothing else (docs/design.md
// section 3).

var _ engine.Renderer = (*State)(nil)

// renderSight is a view with its units sorted into places.
type renderSight struct {
	View
	byPlace map[string][]UnitView // German first, then by ID
	toMove  engine.Seat
	// seatName and sideName name seats and sides as players read them
	seatName func(engine.Seat) string
	sideName map[string]string
	fh40     bool // Fortress Holland's dates and Victory Points (fh40:3.6, 21.3)
}

func (s *State) renderView(seat engine.Seat) renderSight {
	v := renderSight{View: s.View(seat).(View), byPlace: map[string][]UnitView{}, toMove: s.ToMove(), fh40: s.g.fh40 != nil,
		seatName: func(st engine.Seat) string { return engine.SeatName(s, st) },
		sideName: map[string]string{germans.String(): s.g.sideName(germans), allies.String(): s.g.sideName(allies), nobody.String(): "nobody"}}
	for _, u := range v.Units {
		v.byPlace[u.At] = append(v.byPlace[u.At], u)
	}
	for _, list := range v.byPlace {
		sort.SliceStable(list, func(i, j int) bool {
			a, b := s.g.side[s.g.byID[list[i].ID]], s.g.side[s.g.byID[list[j].ID]]
			if a != b {
				return a < b
			}
			return list[i].ID < list[j].ID
		})
	}
	return v
}

// renderStatus is the caption: the date and weather (mgmg:3.6, 17), the
// phase, who moves and the impulse (mgmg:3.7), then the Advantage
// (mgmg:12), the Sunset DRM (mgmg:12.41), Reserves (mgmg:13.7) and VP.
func (v *renderSight) renderStatus() []string {
	toMove := v.seatName(v.toMove)
	if toMove == "" {
		toMove = "nobody (game over)"
	}
	last := LastDay
	if v.Scenario == "extended" {
		last = ExtendedLastDay
	}
	l1 := fmt.Sprintf("%s %d of %d, %s | %s | to move: %s | impulse %s", month, v.Turn, last, v.Weather, v.Phase.Name, toMove, v.Impulse)
	if v.Seat != v.toMove {
		l1 += " | seen by: " + v.seatName(engine.Seat(v.Seat))
	}
	l2 := fmt.Sprintf("Advantage: %s | Sunset DRM %+d | Reserves: German %d, Allied %d | Allied VP %d",
		v.sideName[v.Advantage], v.SunsetDRM, v.Reserves["german"], v.Reserves["allied"], v.VP)
	if v.fh40 {
		l1 = fmt.Sprintf("May %d of %d, 1940, %s | %s | to move: %s | impulse %s", may(int8(v.Turn)), FH40LastDay, v.Weather, v.Phase.Name, toMove, v.Impulse)
		l2 = fmt.Sprintf("Advantage: %s | Sunset DRM %+d | German VP %d (3 win at the end of May 12)", v.sideName[v.Advantage], v.SunsetDRM, v.VP)
	}
	lines := []string{l1, l2}
	if b := v.Bombardment; b != nil {
		lines = append(lines, fmt.Sprintf("bombardment of %s: %s", b.Target, strings.Join(append(b.Artillery, b.Air), " ")))
	}
	if r := v.Result; r != nil {
		w := v.seatName(r.Winner)
		if w == "" {
			w = "nobody"
		}
		lines = append(lines, fmt.Sprintf("Result: %s, winner %s, score %d: %s", r.Level, w, r.Score, r.Text))
	}
	return lines
}

// renderCounter is one counter in the text: its label, the factors of the
// side up (mgmg:4.22) and a Disruption marker (mgmg:4.4).
func (g *Game) renderCounter(u UnitView) string {
	d := &g.units[g.byID[u.ID]]
	f := fmt.Sprintf("%d-%d-%d", d.AF, d.DF, d.MF)
	if u.Level != levelNames[StepFresh] {
		f = fmt.Sprintf("spent %d", d.SpentDF)
	}
	if n := renderDisruption(u.Level); n > 0 {
		f += fmt.Sprintf(" D%d", n)
	}
	return d.Label() + " " + f
}

// renderDisruption is the Disruption marker on a counter of this face.
func renderDisruption(level string) int {
	switch level {
	case levelNames[StepDisrupt1]:
		return 1
	case levelNames[StepDisrupt2]:
		return 2
	}
	return 0
}

// Text implements engine.Renderer: the status, then every place with its
// name, TEM, VP, control and depots and its neighbours, and its units by
// side; the United Kingdom box and the eliminated; after a blank line the
// legend.
func (s *State) Text(seat engine.Seat) string {
	v := s.renderView(seat)
	m := s.g.m
	var t strings.Builder
	for _, l := range v.renderStatus() {
		t.WriteString(l + "\n")
	}
	t.WriteByte('\n')
	depots := map[string][]string{}
	for _, d := range v.Depots {
		if d.At != "" {
			depots[d.At] = append(depots[d.At], fmt.Sprintf("depot %s %d", d.ID, d.Points))
		}
	}
	air := map[string][]string{}
	for _, id := range slices.Sorted(maps.Keys(v.AirMarkers)) {
		at := v.AirMarkers[id]
		air[at] = append(air[at], "air "+id)
	}
	for i := range m.Len() {
		p := m.Place(i)
		if p.Kind == area.KindBox || s.g.fh40 != nil && !m.InFortressHolland(i) { // fh40:3.2, 3.3
			continue
		}
		fmt.Fprintf(&t, "%2s %s", p.ID, p.Name)
		var marks []string
		if p.Kind == area.KindZone {
			marks = append(marks, "zone")
		}
		marks = append(marks, fmt.Sprintf("TEM+%d", m.TEM(i)))
		c := v.Control[p.ID]
		switch {
		case s.g.fh40 != nil && c != "": // fh40:4.5: the Dutch Control it; the map's VP are not fh40's (fh40:21.3)
			marks = append(marks, "dutch")
		case s.g.fh40 != nil:
		default:
			if p.VP > 0 {
				marks = append(marks, fmt.Sprintf("%dVP", p.VP))
			}
			if c != "" {
				marks = append(marks, c)
			}
		}
		marks = append(append(marks, depots[p.ID]...), air[p.ID]...)
		t.WriteString(" [" + strings.Join(marks, ", ") + "]")
		var nb []string
		for _, j := range m.Neighbors(i) {
			nb = append(nb, m.Place(j).ID)
		}
		t.WriteString(" → " + strings.Join(nb, " ") + "\n")
		s.renderUnits(&t, v.byPlace[p.ID])
	}
	if uk := v.byPlace[UnitedKingdom]; len(uk) > 0 {
		t.WriteString("UK United Kingdom (box)\n")
		s.renderUnits(&t, uk)
	}
	if el := v.byPlace["eliminated"]; len(el) > 0 {
		n := [2]int{}
		for _, u := range el {
			n[s.g.side[s.g.byID[u.ID]]]++
		}
		fmt.Fprintf(&t, "eliminated:\n     %s %d, %s %d\n", s.g.sideName(germans), n[germans], s.g.sideName(allies), n[allies])
	}
	if ex := v.byPlace["exited"]; len(ex) > 0 {
		t.WriteString("off the map from Zone G (fh40:21.4):\n")
		s.renderUnits(&t, ex)
	}
	for _, name := range slices.Sorted(maps.Keys(v.Bridges)) {
		b := v.Bridges[name]
		held := b.Held
		if n, ok := v.sideName[held]; ok && held != "" {
			held = n
		}
		fmt.Fprintf(&t, "bridge %s: %s", name, held)
		if b.Construct != (SideNumbers{}) {
			fmt.Fprintf(&t, ", construct markers German %d, Allied %d", b.Construct.German, b.Construct.Allied)
		}
		t.WriteByte('\n')
	}
	if len(v.Held) > 0 {
		t.WriteString("Held! markers: " + strings.Join(v.Held, " ") + "\n")
	}
	if s.g.fh40 != nil {
		t.WriteString("\n" + fh40RenderLegend)
	} else {
		t.WriteString("\n" + renderLegend)
	}
	return t.String()
}

// renderUnits writes a place's units, a line per side.
func (s *State) renderUnits(t *strings.Builder, units []UnitView) {
	var line []string
	sd := nobody
	flush := func() {
		if len(line) > 0 {
			fmt.Fprintf(t, "     %s: %s\n", s.g.sideName(sd), strings.Join(line, "; "))
		}
		line = nil
	}
	for _, u := range units {
		if x := s.g.side[s.g.byID[u.ID]]; x != sd {
			flush()
			sd = x
		}
		line = append(line, s.g.renderCounter(u))
	}
	flush()
}

// renderLegend explains the marks of Text.
const renderLegend = "legend: TEM+n terrain effects modifier (mgmg:3.221); nVP victory points (mgmg:3.25); airborne, corps: Allied control marker (mgmg:4.5); " +
	"depot ID n: a Supply Depot with n Supply Points (mgmg:13.4); air ID: an air marker (mgmg:16.4); → adjacent places; " +
	"A-D-M attack, defense and movement factors of a Fresh counter, spent n the defense factor of its Spent side (mgmg:4.22); " +
	"D1, D2 Disruption markers (mgmg:4.4); Held!: river and canal boundaries the Allies hold (mgmg:4.6)\n"

// fh40RenderLegend is Fortress Holland's: the Germans hold the Held!
// markers, and the Dutch the places without a Control marker (fh40:4.5,
// 4.6); no depots, and the printed VP are not fh40's (fh40:21.3).
const fh40RenderLegend = "legend: TEM+n terrain effects modifier (mgmg:3.221); dutch: Dutch Control, the other places German (fh40:4.5); " +
	"air ID: an air marker (fh40:4.3); → adjacent places; " +
	"A-D-M attack, defense and movement factors of a Fresh counter, spent n the defense factor of its Spent side (mgmg:4.22); " +
	"D1, D2 Disruption markers (fh40:4.4); Held!: river and canal boundaries the Germans hold (fh40:4.6)\n"

// SVG implements engine.Renderer: the map with the markers and counters of
// the view at each place's label point, the bridges' and ferries' markers on
// their crossings, and the status as a caption. Its pieces are the symbols
// the browser places too (board_view.go).
func (s *State) SVG(w io.Writer, seat engine.Seat) error {
	v := s.renderView(seat)
	m := s.g.m
	syms, pal := s.g.drawingSymbols()
	used := map[string]bool{}
	content := make([]string, m.Len())
	for i := range content {
		content[i] = s.renderPlace(&v, m.Place(i), used)
	}
	var cross strings.Builder
	for _, c := range s.g.crossingDocs() {
		for _, mk := range s.crossingMarkers(&v, c) {
			used[mk] = true
			symbol.Use(mk, c.At.X-markerSize/2, c.At.Y-markerSize/2, markerSize, markerSize).Markup(&cross)
		}
	}
	if cross.Len() > 0 { // drawn with the first place's content, in map coordinates
		l := m.Place(0).Label
		content[0] += fmt.Sprintf(`<g transform="translate(%s %s)">%s</g>`, symbol.Num(-l.X), symbol.Num(-l.Y), cross.String())
	}
	var defs []symbol.Symbol
	for _, sy := range syms {
		if used[sy.ID] {
			defs = append(defs, sy)
		}
	}
	o := m.SVGOptions()
	o.Palette, o.Caption, o.Defs = pal, v.renderStatus(), symbol.Defs(defs)
	o.Content = func(i int) string { return content[i] }
	return m.SVG(w, o)
}

// crossingMarkers are the markers on a crossing: a bridge blown, held by
// the Allies, construct markers (mgmg:4.6, 19), a ferry used or destroyed
// (mgmg:4.7), and a boundary's Held! marker on the crossing that carries it
// (crossingDocs).
func (s *State) crossingMarkers(v *renderSight, c crossingDoc) []string {
	i, j := s.g.placeIndex[c.Between[0]], s.g.placeIndex[c.Between[1]]
	k := int(i)*nPlaces + int(j)
	var out []string
	if c.Border != "" && slices.Contains(v.Held, c.Border) {
		out = append(out, "marker-held")
	}
	if c.Kind == "bridge" && s.g.bridgeAt[k] >= 0 {
		b := v.Bridges[s.g.bridgeName(int(s.g.bridgeAt[k]))]
		switch b.Held {
		case "blown":
			out = append(out, "marker-bridge-blown")
		case "allied":
			out = append(out, "marker-bridge-allied")
		}
		if b.Construct.German > 0 {
			out = append(out, "marker-construct-german")
		}
		if b.Construct.Allied > 0 {
			out = append(out, "marker-construct-allied")
		}
	}
	if c.Kind == "ferry" && s.g.ferryAt[k] >= 0 {
		switch v.Ferries[s.g.ferryAt[k]] {
		case ferryNames[ferryUsed]:
			out = append(out, "marker-ferry-used")
		case ferryNames[ferryDestroyed]:
			out = append(out, "marker-ferry-destroyed")
		}
	}
	return out
}

// renderPlace places the markers of a place above its label and its
// counters below its name, a row of four at most per side. used collects the symbols placed.
func (s *State) renderPlace(v *renderSight, p *area.Place, used map[string]bool) string {
	var g strings.Builder
	var mk []string
	if c := v.Control[p.ID]; c != "" {
		mk = append(mk, "marker-control-"+c)
	}
	for _, d := range v.Depots {
		if d.At == p.ID {
			mk = append(mk, depotSymbol(s.depotSide(d.ID)))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(v.AirMarkers)) {
		if v.AirMarkers[id] == p.ID {
			mk = append(mk, airSymbol(id, false))
		}
	}
	const gap = 2.0
	x0 := -(float64(len(mk))*(markerSize+gap) - gap) / 2
	for k, id := range mk {
		used[id] = true
		symbol.Use(id, x0+float64(k)*(markerSize+gap), -14-markerSize, markerSize, markerSize).Markup(&g)
	}
	units := v.byPlace[p.ID]
	if p.Kind == area.KindBox || len(units) == 0 {
		return g.String()
	}
	type pile struct{ face, disrupt string }
	var rows [][]pile
	sd := nobody
	for _, u := range units {
		x := s.g.side[s.g.byID[u.ID]]
		if x != sd || len(rows[len(rows)-1]) == 4 {
			sd = x
			rows = append(rows, nil)
		}
		face := faceSymbol(u.ID, u.Level != levelNames[StepFresh])
		dis := ""
		if n := renderDisruption(u.Level); n > 0 {
			dis = disruptSymbol(n)
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], pile{face, dis})
	}
	const size, step = 20.0, 22.0
	y := 24.0
	if p.Kind == area.KindZone {
		y = 14
	}
	for _, r := range rows {
		x := -(float64(len(r))*step - 2) / 2
		for _, c := range r {
			used[c.face] = true
			symbol.Use(c.face, x, y, size, size).Markup(&g)
			if c.disrupt != "" {
				used[c.disrupt] = true
				symbol.Use(c.disrupt, x, y, size, size).Markup(&g)
			}
			x += step
		}
		y += step
	}
	return g.String()
}

// depotSide is the side of a depot kind by its ID.
func (s *State) depotSide(id string) Side {
	for _, d := range s.g.pieces.Setup.Depots {
		if d.ID == id {
			return d.Side
		}
	}
	return Allied // the VIII Air supply drop (mgmg:13.424)
}
