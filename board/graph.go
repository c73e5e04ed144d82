// Package board is what the rules of every game see of a map: numbered
// places joined by edges, the typed features of each edge (a river, a
// bridge, a road), and the searches over them (steps, cheapest paths). The
// searches are written here once, so retreats, supply and movement in every
// game use the same code, whether the map is made of areas (board/area) or
// of hexes.
package board

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Graph is a map as the rules see it. Places are numbered 0..Len()-1.
// Adjacency is symmetric and never joins a place to itself; an edge has the
// same features seen from either end. boardtest.CheckGraph checks both for
// any implementation.
type Graph interface {
	Len() int
	// Neighbors returns the places adjacent to i, ascending. The slice may
	// be shared: callers must not modify it.
	Neighbors(i int) []int
	Adjacent(i, j int) bool
	// EdgeFeatures returns the features of the edge between i and j; none
	// when they are not adjacent.
	EdgeFeatures(i, j int) Features
}

// Features is a set of edge features: on an area map the border or arrow
// between two places, on a hex map the hexside (and a road or railway that
// crosses it from hex to hex). Kinds are added here, with their names, as
// games need them (the hex games will add minor and major rivers, ferries,
// fortified hexsides); there is room for 32.
type Features uint32

// The edge features games give meaning to: crossing a river or a canal,
// a bridge over either, a road or a railway across the edge, a ferry over a
// river.
const (
	River Features = 1 << iota
	Canal
	Bridge
	Road
	Rail
	Ferry
)

var featureNames = []string{"river", "canal", "bridge", "road", "rail", "ferry"}

// ParseFeature returns the feature with the given name.
func ParseFeature(name string) (Features, error) {
	for k, n := range featureNames {
		if n == name {
			return 1 << k, nil
		}
	}
	return 0, fmt.Errorf("unknown edge feature %q; known: %s", name, strings.Join(featureNames, ", "))
}

// Has reports whether every feature of x is in f.
func (f Features) Has(x Features) bool { return f&x == x }

// Names lists the features of f in the order of the constants.
func (f Features) Names() []string {
	var out []string
	for k, n := range featureNames {
		if f&(1<<k) != 0 {
			out = append(out, n)
		}
	}
	return out
}

// String writes f as its names joined by "+", or "none".
func (f Features) String() string {
	if f == 0 {
		return "none"
	}
	return strings.Join(f.Names(), "+")
}

// MarshalJSON writes f as a list of names.
func (f Features) MarshalJSON() ([]byte, error) {
	return json.Marshal(append([]string{}, f.Names()...))
}

// UnmarshalJSON reads a list of feature names.
func (f *Features) UnmarshalJSON(data []byte) error {
	var names []string
	if err := json.Unmarshal(data, &names); err != nil {
		return fmt.Errorf("edge features must be a list of names: %w", err)
	}
	*f = 0
	for _, n := range names {
		x, err := ParseFeature(n)
		if err != nil {
			return err
		}
		if f.Has(x) {
			return fmt.Errorf("edge feature %q listed twice", n)
		}
		*f |= x
	}
	return nil
}
