package soa

import (
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"

	"sandtable/board/area"
	"sandtable/board/symbol"
	"sandtable/engine"
)

// The drawing and the terminal text are made from View(seat) alone, never
// from the state's own fields, so that they cannot show what the seat may
// not know (docs/design.md section 3). Only public things are read besides: the
// map, the printed counters of units the view lists, and the seat to move.

var (
	_ engine.Renderer = (*State)(nil)
	_ engine.Logbook  = (*State)(nil)
)

// renderPerRow is the most counters in a row of a place.
const renderPerRow = 4

// renderSight is the seat's view with the units sorted into places.
type renderSight struct {
	View
	byPlace map[string][]UnitView // place ID -> units, British first, then by ID
	off     map[string][]UnitView // "box", "track", "eliminated", "artillery-box"
	toMove  engine.Seat
}

func (s *State) renderView(seat engine.Seat) renderSight {
	v := renderSight{View: s.View(seat).(View), byPlace: map[string][]UnitView{}, off: map[string][]UnitView{}, toMove: s.ToMove()}
	for _, u := range v.Units {
		if _, ok := s.g.placeIndex[u.At]; ok {
			v.byPlace[u.At] = append(v.byPlace[u.At], u)
		} else {
			v.off[u.At] = append(v.off[u.At], u)
		}
	}
	for _, list := range v.byPlace {
		sort.SliceStable(list, func(i, j int) bool {
			if list[i].Side != list[j].Side {
				return list[i].Side == "british"
			}
			return list[i].ID < list[j].ID
		})
	}
	return v
}

// renderForce is the printed colour of a listed unit.
func (s *State) renderForce(id string) string {
	if i, ok := s.g.byID[id]; ok {
		return s.g.units[i].Force
	}
	return ""
}

// renderFactors writes a counter's renderFactors as AF-DF-MF (an AT gun's DF is "X", soa:13.4).
func renderFactors(u UnitView) string {
	df := fmt.Sprint(u.DF)
	if u.Type == string(AntiTank) {
		df = "X"
	}
	return fmt.Sprintf("%d-%s-%d", u.AF, df, u.MF)
}

// renderMarks are the one-letter flags of a counter in the text: c committed,
// h own hidden AT gun, x eliminated in close combat but still attacking.
func renderMarks(u UnitView) string {
	m := ""
	if u.Committed {
		m += "c"
	}
	if u.Hidden {
		m += "h"
	}
	if u.Dead {
		m += "x"
	}
	if m != "" {
		return "[" + m + "]"
	}
	return ""
}

// renderStatus is the caption: turn, day or night, phase (soa:6), who moves, TA, VP, ammo.
func (v *renderSight) renderStatus() []string {
	light := "day"
	if v.Night {
		light = "night"
	}
	toMove := string(v.toMove)
	if toMove == "" {
		toMove = "nobody (game over)"
	}
	line1 := fmt.Sprintf("Turn %d of 8, %s | %s | to move: %s", v.Turn, light, v.Phase.Name, toMove)
	if v.Impulse != "" {
		line1 += " | impulse: " + v.Impulse
	}
	line2 := fmt.Sprintf("TA: %s | German VP: %d | British ammo shortage: %d", v.TA, v.VP, v.Ammo)
	if v.CP > 0 {
		line2 += fmt.Sprintf(" | casualty points to take: %d", v.CP)
	}
	if len(v.Bids) > 0 {
		keys := renderKeys(v.Bids)
		for _, k := range keys {
			line2 += fmt.Sprintf(" | bid %s: %d", k, v.Bids[k])
		}
	}
	seat := string(v.Seat)
	if v.Side != "" && v.Side != seat {
		seat += " (commands " + v.Side + ")"
	}
	if v.Seat != v.toMove { // who sees the board goes without saying when it is the seat to move
		line1 += " | seen by: " + seat
	}
	lines := []string{line1, line2}
	if v.Result != nil {
		lines = append(lines, "Result: "+renderResult(v.Result))
	}
	return lines
}

func renderResult(r *engine.Result) string {
	w := string(r.Winner)
	if w == "" {
		w = "nobody"
	}
	t := fmt.Sprintf("%s, winner %s, score %d", r.Level, w, r.Score)
	if r.Text != "" {
		t += ": " + r.Text
	}
	return t
}

func renderKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Text implements engine.Renderer: the status, then every place with its
// full name, markers, neighbours and the units in it, the units off the
// map (each box's units indented under it, as a place's are), and after
// a blank line the legend of the marks.
func (s *State) Text(seat engine.Seat) string {
	v := s.renderView(seat)
	b := s.g.board
	var t strings.Builder
	for _, l := range v.renderStatus() {
		t.WriteString(l + "\n")
	}
	if d := v.Drafting; d != nil {
		fmt.Fprintf(&t, "designating: %s\n", s.renderAttack(*d))
		if d.Odds != nil {
			t.WriteString("  odds: " + renderOdds(d.Odds) + "\n")
		}
		for _, p := range d.Primary {
			fmt.Fprintf(&t, "  odds with %s as primary target (soa:13.7): %s\n", s.g.units[s.g.byID[p.Unit]].Name, renderOdds(p.Odds))
		}
		if f := d.SetFire; f != nil {
			fmt.Fprintf(&t, "  odds: a die of %d or less sets the fire, %d in 6 (soa:18.3)\n", f.AtMost, f.Ways)
		}
	}
	for _, b := range v.Barrages {
		fmt.Fprintf(&t, "barrage on %s (%s units): %s\n", b.Target, b.Group, renderOdds(b.Odds))
	}
	if c := v.CloseCombat; c != nil {
		fmt.Fprintf(&t, "close combat against %s: modifier %+d, a die of %d or more eliminates, %d in 6 (soa:9.6)\n", s.g.units[s.g.byID[c.Target]].Name, c.Modifier, c.Need, c.Ways)
	}
	if r := v.Roll; r != nil {
		fmt.Fprintf(&t, "roll: %s (soa:8.41)\n", r.Text)
	}
	if v.MoveLeft != nil {
		fmt.Fprintf(&t, "moving: %s, %d MF left (soa:8.2)\n", s.g.units[s.g.byID[v.Moving]].Name, *v.MoveLeft)
	}
	for _, a := range v.Attacks {
		fmt.Fprintf(&t, "attack: %s\n", s.renderAttack(a))
	}
	t.WriteByte('\n')
	for i := 0; i < b.Len(); i++ {
		p := b.Place(i)
		fmt.Fprintf(&t, "%2s %s", p.ID, p.Name)
		if p.Kind == area.KindZone {
			t.WriteString(" (zone)")
		}
		if c := v.Control[p.ID]; c != "" {
			fmt.Fprintf(&t, " [%s %dVP]", c, p.VP)
		}
		if renderContains(v.Perimeter, p.ID) {
			t.WriteString(" [perimeter]")
		}
		if f := v.Fires[p.ID]; f > 0 {
			fmt.Fprintf(&t, " [fire %d]", f)
		}
		if v.Acting == p.ID {
			t.WriteString(" [acting]")
		}
		var nb []string
		for _, j := range b.Neighbors(i) {
			nb = append(nb, b.Place(j).ID)
		}
		t.WriteString(" → " + strings.Join(nb, " ") + "\n")
		side := ""
		var units []string
		for _, u := range v.byPlace[p.ID] {
			if u.Side != side && len(units) > 0 {
				fmt.Fprintf(&t, "     %s: %s\n", side, strings.Join(renderUnitList(units), "; "))
				units = nil
			}
			side = u.Side
			units = append(units, renderUnit(u, v.Moving))
		}
		if len(units) > 0 {
			fmt.Fprintf(&t, "     %s: %s\n", side, strings.Join(renderUnitList(units), "; "))
		}
	}
	for _, where := range renderKeys(v.off) {
		units := v.off[where]
		if where == "eliminated" {
			n := map[string]int{}
			for _, u := range units {
				n[u.Side]++
			}
			fmt.Fprintf(&t, "eliminated:\n     german %d, british %d\n", n["german"], n["british"])
			continue
		}
		var names []string
		for _, u := range units {
			names = append(names, u.Name+renderMarks(u))
		}
		fmt.Fprintf(&t, "%s:\n     %s\n", strings.ReplaceAll(where, "-", " "), strings.Join(names, "; "))
	}
	t.WriteString("\n" + renderLegend)
	return t.String()
}

// renderAttack is an attack in Text: its kind, target and units.
func (s *State) renderAttack(a AttackView) string {
	var names []string
	for _, id := range a.Units {
		names = append(names, s.g.units[s.g.byID[id]].Name)
	}
	t := fmt.Sprintf("%s on %s (%s units)", a.Kind, a.Target, a.Group)
	if len(names) > 0 {
		t += " by " + strings.Join(names, "; ")
	}
	return t
}

// renderOdds is an attack's values and the chance of each number of
// casualty points (soa:8.351-8.353), as the view gives them.
func renderOdds(o *FireOdds) string {
	if o.Eliminated {
		return o.Note
	}
	var parts, hits []string
	for _, c := range o.Results {
		if c.CP == 0 {
			parts = append(parts, "no effect "+renderPercent(c.P))
		} else {
			hits = append(hits, fmt.Sprintf("%d: %s", c.CP, renderPercent(c.P)))
		}
	}
	if len(hits) > 0 {
		parts = append(parts, "casualty points "+strings.Join(hits, ", "))
	}
	if o.Note != "" {
		parts = append(parts, o.Note)
	}
	return fmt.Sprintf("AV %d against DV %d: %s", o.AttackValue, o.DefenceValue, strings.Join(parts, "; "))
}

// renderPercent writes a chance to a tenth of a percent, never rounding a
// possible result to nothing.
func renderPercent(p float64) string {
	if p < 0.0005 {
		return "<0.1%"
	}
	return strconv.FormatFloat(p*100, 'f', 1, 64) + "%"
}

// renderLegend explains the marks of Text.
const renderLegend = "legend: [british 2VP] controlled by the British, worth 2 VP (soa:11.2); [perimeter] British perimeter (soa:5.1); " +
	"[fire N] fire level (soa:18); [acting] the impulse acts from here (soa:8.11); → adjacent places; " +
	"A-D-M attack, defence and movement factors, X: an AT gun has no defence factor (soa:13.4); " +
	"marks: c committed (soa:8.13), h your hidden AT gun (soa:13.8), x eliminated in close combat but still attacking, * moving\n"

// renderUnit is one counter in Text: its name, factors and marks.
func renderUnit(u UnitView, moving string) string {
	m := renderMarks(u)
	if u.ID == moving {
		m += "*"
	}
	return u.Name + " " + renderFactors(u) + m
}

// renderUnitList merges counters that differ only in their last number
// ("section 1 4-7-5", "section 2 4-7-5" become "sections 1-2 4-7-5").
func renderUnitList(units []string) []string {
	type group struct {
		stem, tail string
		nums       []int
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, u := range units {
		// The factors follow the name, whose own last word may be a number.
		k := strings.LastIndex(u, " ")
		name, tail := u[:k], u[k:]
		j := strings.LastIndex(name, " ")
		n, err := strconv.Atoi(name[j+1:])
		if j < 0 || err != nil {
			groups = append(groups, &group{stem: u})
			continue
		}
		key := name[:j] + tail
		if g, ok := byKey[key]; ok {
			g.nums = append(g.nums, n)
			continue
		}
		g := &group{stem: name[:j], tail: tail, nums: []int{n}}
		byKey[key] = g
		groups = append(groups, g)
	}
	out := make([]string, len(groups))
	for i, g := range groups {
		switch {
		case g.nums == nil:
			out[i] = g.stem
		case len(g.nums) == 1:
			out[i] = fmt.Sprintf("%s %d%s", g.stem, g.nums[0], g.tail)
		default:
			stem := g.stem
			if c := stem[len(stem)-1]; c >= 'a' && c <= 'z' && c != 's' {
				stem += "s"
			}
			out[i] = stem + " " + renderRuns(g.nums) + g.tail
		}
	}
	return out
}

// renderRuns writes sorted numbers with runs joined: 1-3, 5.
func renderRuns(nums []int) string {
	sort.Ints(nums)
	var parts []string
	for i := 0; i < len(nums); {
		j := i
		for j+1 < len(nums) && nums[j+1] == nums[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", nums[i], nums[j]))
		} else {
			parts = append(parts, fmt.Sprint(nums[i]))
		}
		i = j + 1
	}
	return strings.Join(parts, ", ")
}

func renderContains(list []string, v string) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// SVG implements engine.Renderer: the map with the markers and the
// counters the seat sees at each place's label point, and the status as a
// caption. Counters and markers are the symbols of pieces.go, which the
// browser places too; the SVG defines those it uses.
func (s *State) SVG(w io.Writer, seat engine.Seat) error {
	v := s.renderView(seat)
	b := s.g.board
	targets := map[int]bool{}
	for _, a := range v.Attacks {
		if i, ok := b.Index(a.Target); ok {
			targets[i] = true
		}
	}
	caption := v.renderStatus()
	var off []string
	for _, where := range renderKeys(v.off) {
		n := map[string]int{}
		for _, u := range v.off[where] {
			n[u.Side]++
		}
		off = append(off, fmt.Sprintf("%s: german %d, british %d", where, n["german"], n["british"]))
	}
	if len(off) > 0 {
		caption[1] += " | " + strings.Join(off, " | ")
	}
	used := map[string]bool{}
	content := make([]string, b.Len())
	for i := range content {
		content[i] = s.renderPlace(&v, b.Place(i), used)
	}
	var defs []symbol.Symbol
	for _, sy := range s.g.symbols {
		if used[sy.ID] {
			defs = append(defs, sy)
		}
	}
	o := s.g.svgOptions()
	o.Highlight, o.Caption, o.Defs = targets, caption, symbol.Defs(defs)
	o.Content = func(i int) string { return content[i] }
	return b.SVG(w, o)
}

// renderPlace places the markers of a place just above its label, and its
// counters above them: one row per side and up to four counters a row (as
// many as the place is wide), identical counters merged into one with a
// count. used collects the symbols placed.
func (s *State) renderPlace(v *renderSight, p *area.Place, used map[string]bool) string {
	var g strings.Builder
	// Markers: control (soa:11.2), perimeter (soa:5.1), fire (soa:18).
	type marker struct{ id, title string }
	var mk []marker
	if c := v.Control[p.ID]; c != "" {
		mk = append(mk, marker{controlSymbol(c), "controlled by " + c})
	}
	if renderContains(v.Perimeter, p.ID) {
		mk = append(mk, marker{perimeterSymbol, "British perimeter"})
	}
	if f := v.Fires[p.ID]; f > 0 {
		mk = append(mk, marker{fireSymbol(f), fmt.Sprintf("fire level %d", f)})
	}
	const gap = 2.0
	x0 := -(float64(len(mk))*(markerSize+gap) - gap) / 2
	for k, m := range mk {
		used[m.id] = true
		symbol.El("g", "class", "marker").With(symbol.El("title").Say(m.title),
			symbol.Use(m.id, x0+float64(k)*(markerSize+gap), -16-markerSize, markerSize, markerSize)).Markup(&g)
	}
	// Counters, grouped by identical face.
	type group struct {
		u   UnitView
		ids []string
	}
	var rows [][]group
	side := ""
	for _, u := range v.byPlace[p.ID] {
		if u.Side != side {
			side = u.Side
			rows = append(rows, nil)
		}
		r := &rows[len(rows)-1]
		merged := false
		for k := range *r {
			q := &(*r)[k]
			if s.renderForce(q.u.ID) == s.renderForce(u.ID) && renderFactors(q.u) == renderFactors(u) && renderMarks(q.u) == renderMarks(u) {
				q.ids = append(q.ids, u.ID)
				merged = true
				break
			}
		}
		if !merged {
			*r = append(*r, group{u, []string{u.ID}})
		}
	}
	// Wrap each side's row at renderPerRow counters.
	var lines [][]group
	lo, hi := p.Polygon[0].X, p.Polygon[0].X
	for _, q := range p.Polygon {
		lo, hi = min(lo, q.X), max(hi, q.X)
	}
	perRow := max(1, min(renderPerRow, int((hi-lo-4)/(counterSize+gap))))
	for _, r := range rows {
		for len(r) > perRow {
			lines = append(lines, r[:perRow])
			r = r[perRow:]
		}
		lines = append(lines, r)
	}
	// Rows grow upwards from above the markers; in a zone box, whose label
	// sits at the map's edge, downwards from below the letter.
	y, dy := -18-markerSize, -(counterSize + gap)
	if len(mk) == 0 {
		y = -15
	}
	y += dy
	if p.Kind == area.KindZone {
		y, dy = 14, -dy
		slices.Reverse(lines)
	}
	for li := len(lines) - 1; li >= 0; li-- {
		line := lines[li]
		x := -(float64(len(line))*(counterSize+gap) - gap) / 2
		for _, gr := range line {
			s.renderCounter(gr.u, gr.ids, x, y, used).Markup(&g)
			x += counterSize + gap
		}
		y += dy
	}
	return g.String()
}

// renderCounter places one counter (or a pile of identical ones, with
// their count) with its top left corner at x, y.
func (s *State) renderCounter(u UnitView, ids []string, x, y float64, used map[string]bool) symbol.Node {
	id := counterSymbolID(u.ID, u.Committed, u.Hidden)
	used[id] = true
	c := symbol.El("g", "class", "counter", "data-side", u.Side).With(symbol.El("title").Say(renderCounterTitle(u, ids)),
		symbol.Use(id, x, y, counterSize, counterSize))
	if u.Dead {
		used[eliminatedSymbol] = true
		c = c.With(symbol.Use(eliminatedSymbol, x, y, counterSize, counterSize))
	}
	if len(ids) > 1 {
		p := s.g.palette.Piece
		c = c.With(symbol.El("circle", "cx", x+counterSize, "cy", y, "r", 5.6, "fill", p("pile"), "stroke", p("pile-edge"), "stroke-width", 0.9),
			symbol.El("text", "x", x+counterSize, "y", y+2.6, "text-anchor", "middle", "font-size", 7, "font-weight", "bold", "fill", p("pile-ink")).Say(fmt.Sprint(len(ids))))
	}
	return c
}

func renderCounterTitle(u UnitView, ids []string) string {
	t := strings.Join(ids, ", ") + ": " + u.Name + " " + renderFactors(u)
	if u.Committed {
		t += " (committed)"
	}
	if u.Hidden {
		t += " (hidden)"
	}
	if u.Dead {
		t += " (eliminated in close combat)"
	}
	return t
}
