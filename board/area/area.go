// Package area is the topology of area-movement maps: numbered city blocks or
// regions ("areas") and off-map boxes ("zones"), the borders and arrows that
// connect them with the features of each (board.Graph), and a drawing of the
// map as SVG.
//
// It knows no game. A game keeps its map in a JSON data file (see Load for the
// format) and gives meaning to what several games share: victory values and
// the features of edges. What only one game uses (set-up colours, markers of
// its own) stays in that game's data and reaches the drawing through
// SVGOptions.Decor.
//
// Indexes: places are numbered 0..Len()-1 in file order; the hot-path queries
// (Adjacent, Neighbors, EdgeFeatures) work on indexes and do not allocate.
// The searches (board.Distances, board.Cheapest) take a Board as a
// board.Graph.
package area

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"

	"sandtable/board"
)

// Kind tells an on-map area from an off-map zone or holding box.
type Kind string

const (
	KindArea Kind = "area"
	KindZone Kind = "zone"
	// KindBox is an off-map holding box joined to nothing (Monty's Gamble's
	// United Kingdom box): units reach the map from it by the game's rules,
	// not by moving along an edge.
	KindBox Kind = "box"
)

// Point is a position in map coordinates: X grows to the east (right), Y to the
// south (down), as in SVG. In JSON a point is written as a pair [x, y].
type Point struct{ X, Y float64 }

// MarshalJSON writes the point as [x, y].
func (p Point) MarshalJSON() ([]byte, error) {
	if !finite(p.X) || !finite(p.Y) {
		return nil, fmt.Errorf("area: point (%v, %v) is not finite", p.X, p.Y)
	}
	return []byte("[" + strconv.FormatFloat(p.X, 'f', -1, 64) + "," + strconv.FormatFloat(p.Y, 'f', -1, 64) + "]"), nil
}

// UnmarshalJSON reads a point written as [x, y].
func (p *Point) UnmarshalJSON(data []byte) error {
	var a []float64
	if err := json.Unmarshal(data, &a); err != nil {
		return fmt.Errorf("a point must be a pair [x, y] of numbers, got %s", shorten(data))
	}
	if len(a) != 2 {
		return fmt.Errorf("a point must be a pair [x, y], got %d numbers", len(a))
	}
	p.X, p.Y = a[0], a[1]
	return nil
}

// Place is one area or zone of the map.
type Place struct {
	ID      string  `json:"id"`           // "1".."30", "A".."E"
	Kind    Kind    `json:"kind"`         // KindArea, KindZone or KindBox
	Name    string  `json:"name"`         // the name drawn on the map
	VP      int     `json:"vp,omitempty"` // victory value, 0 = none
	Polygon []Point `json:"polygon"`      // outline in map coordinates (zones too: a box at the edge)
	Label   Point   `json:"label"`        // where the number and the counters go; inside the polygon
	Index   int     `json:"-"`            // position in Board.Places
}

// EdgeFeature gives the features of the edge or arrow between two places.
type EdgeFeature struct {
	Between  [2]string      `json:"between"`
	Features board.Features `json:"features"`
}

// Feature is background drawing with no game meaning: a river, a bridge ramp,
// a park with trees. Kinds with a drawing style: "water", "bridge", "ramp",
// "trees", "park"; any other kind is drawn as a light grey shape.
type Feature struct {
	Kind    string  `json:"kind"`
	Name    string  `json:"name,omitempty"`
	Polygon []Point `json:"polygon"`
	Label   *Point  `json:"label,omitempty"` // where to write the name; nil = name not drawn
	Angle   float64 `json:"angle,omitempty"` // rotation of the name in degrees (clockwise)
}

// Board is a loaded, validated map.
type Board struct {
	Title, Note   string // Note says where the map comes from (e.g. our own reconstruction)
	Width, Height float64
	Places        []Place
	Edges         [][2]string   // adjacency between areas: a shared border of positive length
	Arrows        [][2]string   // zone connections: zone-zone and zone-area
	CornerOnly    [][2]string   // pairs that touch only at a corner, never adjacent
	RuleEdges     [][2]string   // areas the rules make adjacent although their shapes share no border
	FeaturedEdges []EdgeFeature // features of edges and arrows (river, bridge, road...)
	Features      []Feature     // background drawing (river, bridge, trees)

	index map[string]int
	adj   []bool           // n*n adjacency matrix
	feat  []board.Features // n*n edge features
	nbr   [][]int          // sorted neighbour lists
	zone  []bool           // Kind == KindZone, by index
}

var _ board.Graph = (*Board)(nil)

// file is the JSON layout of a map file.
type file struct {
	Title         string        `json:"title"`
	Note          string        `json:"note"`
	Width         float64       `json:"width"`
	Height        float64       `json:"height"`
	Places        []Place       `json:"places"`
	Edges         [][2]string   `json:"edges"`
	Arrows        [][2]string   `json:"arrows"`
	CornerOnly    [][2]string   `json:"corner_only"`
	RuleEdges     [][2]string   `json:"rule_edges,omitempty"`
	FeaturedEdges []EdgeFeature `json:"edge_features,omitempty"`
	Features      []Feature     `json:"features,omitempty"`
}

// Load decodes a map file and validates it. Unknown JSON fields are rejected.
// The file holds: title, note, width, height, places, edges, arrows,
// corner_only and optionally rule_edges (pairs of areas adjacent by a rule
// although their shapes share no border), edge_features (each {"between": [id, id],
// "features": ["river", ...]} on an edge or an arrow, see board.Features)
// and features (background drawing). All problems found are reported
// together, each naming the place or pair concerned.
func Load(data []byte) (*Board, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f file
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("area: decoding map: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("area: decoding map: data after the top-level object")
	}
	b := &Board{
		Title: f.Title, Note: f.Note, Width: f.Width, Height: f.Height,
		Places: f.Places, Edges: f.Edges, Arrows: f.Arrows, CornerOnly: f.CornerOnly, RuleEdges: f.RuleEdges,
		FeaturedEdges: f.FeaturedEdges, Features: f.Features,
	}
	if err := b.build(); err != nil {
		return nil, err
	}
	return b, nil
}

var (
	reID = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)
)

// maxProblems bounds the length of a validation error.
const maxProblems = 30

type problems []error

func (p *problems) addf(format string, args ...any) {
	*p = append(*p, fmt.Errorf(format, args...))
}

// err joins the problems under a heading, or returns nil if there are none.
func (p problems) err(heading string) error {
	if len(p) == 0 {
		return nil
	}
	if len(p) > maxProblems {
		more := len(p) - maxProblems
		p = append(p[:maxProblems:maxProblems], fmt.Errorf("... and %d more problems", more))
	}
	return fmt.Errorf("area: %s:\n%w", heading, errors.Join(p...))
}

// build validates b and computes the index and the adjacency structures.
func (b *Board) build() error {
	var pr problems
	if !(b.Width > 0) || !(b.Height > 0) || !finite(b.Width) || !finite(b.Height) {
		pr.addf("width and height must be positive numbers, got %v x %v", b.Width, b.Height)
	}
	if len(b.Places) == 0 {
		pr.addf("no places")
	}
	b.index = make(map[string]int, len(b.Places))
	for i := range b.Places {
		p := &b.Places[i]
		p.Index = i
		name := fmt.Sprintf("place %q", p.ID)
		if p.ID == "" {
			name = fmt.Sprintf("place #%d", i+1)
		}
		switch {
		case !reID.MatchString(p.ID):
			pr.addf("%s: id must be letters, digits, '_', '.' or '-'", name)
		default:
			if j, dup := b.index[p.ID]; dup {
				pr.addf("%s: id used twice (places #%d and #%d)", name, j+1, i+1)
			} else {
				b.index[p.ID] = i
			}
		}
		if p.Kind != KindArea && p.Kind != KindZone && p.Kind != KindBox {
			pr.addf("%s: kind must be %q, %q or %q, got %q", name, KindArea, KindZone, KindBox, p.Kind)
		}
		if p.Name == "" {
			pr.addf("%s: name is empty", name)
		}
		if p.VP < 0 {
			pr.addf("%s: vp %d is negative", name, p.VP)
		}
		b.checkPolygon(&pr, name, p.Polygon)
		if !finite(p.Label.X) || !finite(p.Label.Y) {
			pr.addf("%s: label is not finite", name)
		} else if len(p.Polygon) >= 3 && !pointInPolygon(p.Label, p.Polygon) {
			pr.addf("%s: label (%s, %s) is outside its polygon", name, num(p.Label.X), num(p.Label.Y))
		}
	}
	for i, f := range b.Features {
		name := fmt.Sprintf("feature #%d (%s %q)", i+1, f.Kind, f.Name)
		if f.Kind == "" {
			pr.addf("%s: kind is empty", name)
		}
		b.checkPolygon(&pr, name, f.Polygon)
		if f.Label != nil && (!finite(f.Label.X) || !finite(f.Label.Y) || !finite(f.Angle)) {
			pr.addf("%s: label or angle is not finite", name)
		}
	}
	if len(pr) > 0 && len(b.index) != len(b.Places) {
		return pr.err("invalid map") // pair checks below need a complete index
	}

	n := len(b.Places)
	b.adj = make([]bool, n*n)
	seen := make(map[[2]int]string) // pair -> list that holds it
	pair := func(list string, k int, p [2]string) (i, j int, ok bool) {
		what := fmt.Sprintf("%s[%d] %q-%q", list, k, p[0], p[1])
		i, ok1 := b.index[p[0]]
		j, ok2 := b.index[p[1]]
		if !ok1 {
			pr.addf("%s: unknown place %q", what, p[0])
		}
		if !ok2 {
			pr.addf("%s: unknown place %q", what, p[1])
		}
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		if i == j {
			pr.addf("%s: a place cannot be paired with itself", what)
			return 0, 0, false
		}
		key := [2]int{min(i, j), max(i, j)}
		if prev, dup := seen[key]; dup {
			if prev == list {
				pr.addf("%s: pair listed twice", what)
			} else {
				pr.addf("%s: pair is also listed in %s", what, prev)
			}
			return 0, 0, false
		}
		seen[key] = list
		return i, j, true
	}
	for k, e := range b.Edges {
		i, j, ok := pair("edges", k, e)
		if !ok {
			continue
		}
		if b.Places[i].Kind != KindArea || b.Places[j].Kind != KindArea {
			pr.addf("edges[%d] %q-%q: edges join two areas; use arrows for zones", k, e[0], e[1])
			continue
		}
		b.adj[i*n+j], b.adj[j*n+i] = true, true
	}
	for k, e := range b.RuleEdges {
		i, j, ok := pair("rule_edges", k, e)
		if !ok {
			continue
		}
		if b.Places[i].Kind != KindArea || b.Places[j].Kind != KindArea {
			pr.addf("rule_edges[%d] %q-%q: rule edges join two areas", k, e[0], e[1])
			continue
		}
		b.adj[i*n+j], b.adj[j*n+i] = true, true
	}
	for k, e := range b.Arrows {
		i, j, ok := pair("arrows", k, e)
		if !ok {
			continue
		}
		if b.Places[i].Kind == KindBox || b.Places[j].Kind == KindBox {
			pr.addf("arrows[%d] %q-%q: a holding box is joined to nothing", k, e[0], e[1])
			continue
		}
		if b.Places[i].Kind != KindZone && b.Places[j].Kind != KindZone {
			pr.addf("arrows[%d] %q-%q: an arrow must involve at least one zone; use edges between areas", k, e[0], e[1])
			continue
		}
		b.adj[i*n+j], b.adj[j*n+i] = true, true
	}
	for k, e := range b.CornerOnly {
		i, j, ok := pair("corner_only", k, e)
		if !ok {
			continue
		}
		if b.Places[i].Kind != KindArea || b.Places[j].Kind != KindArea {
			pr.addf("corner_only[%d] %q-%q: corner-only pairs must be two areas", k, e[0], e[1])
		}
	}
	b.feat = make([]board.Features, n*n)
	featured := make(map[[2]int]bool)
	for k, e := range b.FeaturedEdges {
		what := fmt.Sprintf("edge_features[%d] %q-%q", k, e.Between[0], e.Between[1])
		i, ok1 := b.index[e.Between[0]]
		j, ok2 := b.index[e.Between[1]]
		key := [2]int{min(i, j), max(i, j)}
		switch {
		case !ok1 || !ok2 || !b.adj[i*n+j]:
			pr.addf("%s: not an edge or an arrow of the map", what)
		case featured[key]:
			pr.addf("%s: pair listed twice", what)
		case e.Features == 0:
			pr.addf("%s: no features", what)
		default:
			featured[key] = true
			b.feat[i*n+j], b.feat[j*n+i] = e.Features, e.Features
		}
	}
	if err := pr.err("invalid map"); err != nil {
		return err
	}
	b.nbr = make([][]int, n)
	b.zone = make([]bool, n)
	for i := range n {
		b.zone[i] = b.Places[i].Kind == KindZone
		var ns []int
		for j := range n {
			if b.adj[i*n+j] {
				ns = append(ns, j)
			}
		}
		b.nbr[i] = slices.Clip(ns)
	}
	return nil
}

func (b *Board) checkPolygon(pr *problems, name string, poly []Point) {
	if len(poly) < 3 {
		pr.addf("%s: polygon has %d points, need at least 3", name, len(poly))
		return
	}
	for k, q := range poly {
		if !finite(q.X) || !finite(q.Y) {
			pr.addf("%s: polygon point %d is not finite", name, k)
			return
		}
		if b.Width > 0 && b.Height > 0 && (q.X < 0 || q.Y < 0 || q.X > b.Width || q.Y > b.Height) {
			pr.addf("%s: polygon point %d (%s, %s) is outside the map (0..%s x 0..%s)",
				name, k, num(q.X), num(q.Y), num(b.Width), num(b.Height))
			return
		}
	}
	if math.Abs(polygonArea(poly)) < 1e-9 {
		pr.addf("%s: polygon has no area", name)
	}
}

// Len is the number of places (areas and zones).
func (b *Board) Len() int { return len(b.Places) }

// Index returns the index of the place with the given id.
func (b *Board) Index(id string) (int, bool) {
	i, ok := b.index[id]
	return i, ok
}

// Place returns the place with index i.
func (b *Board) Place(i int) *Place { return &b.Places[i] }

// IsZone reports whether place i is an off-map zone.
func (b *Board) IsZone(i int) bool { return b.zone[i] }

// IsArea reports whether place i is an area of the map (not a zone or a box).
func (b *Board) IsArea(i int) bool { return b.Places[i].Kind == KindArea }

// Adjacent reports whether i and j are connected by an edge or an arrow.
// Corner-only pairs are never adjacent, nor is a place to itself.
func (b *Board) Adjacent(i, j int) bool { return b.adj[i*len(b.Places)+j] }

// Neighbors returns the places adjacent to i, ascending. The slice is shared:
// callers must not modify it.
func (b *Board) Neighbors(i int) []int { return b.nbr[i] }

// EdgeFeatures returns the features of the edge or arrow between i and j.
func (b *Board) EdgeFeatures(i, j int) board.Features { return b.feat[i*len(b.Places)+j] }

// IsCornerOnly reports whether i and j are listed as touching only at a corner.
func (b *Board) IsCornerOnly(i, j int) bool { return b.listed(b.CornerOnly, i, j) }

// IsRuleEdge reports whether i and j are adjacent by a rule although their
// shapes share no border.
func (b *Board) IsRuleEdge(i, j int) bool { return b.listed(b.RuleEdges, i, j) }

func (b *Board) listed(pairs [][2]string, i, j int) bool {
	for _, c := range pairs {
		a, _ := b.index[c[0]]
		z, _ := b.index[c[1]]
		if (a == i && z == j) || (a == j && z == i) {
			return true
		}
	}
	return false
}

// MustIndex is Index for ids known to exist (tests, data tables); it panics
// on an unknown id.
func (b *Board) MustIndex(id string) int {
	i, ok := b.index[id]
	if !ok {
		panic("area: unknown place " + strconv.Quote(id))
	}
	return i
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// num formats a coordinate compactly (at most two decimals).
func num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

func shorten(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}
