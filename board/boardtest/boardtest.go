// Package boardtest checks that a board.Graph keeps the promises the rules
// rely on. Every board implementation runs CheckGraph on its test maps, in
// the spirit of testing/fstest.TestFS.
package boardtest

import (
	"bytes"
	"encoding/xml"
	"io"
	"slices"
	"testing"

	"sandtable/board"
)

// CheckGraph reports every broken promise of g: adjacency symmetric and
// never to itself, Neighbors ascending and exactly the adjacent places, edge
// features the same from both ends and only on edges.
func CheckGraph(t testing.TB, g board.Graph) {
	t.Helper()
	n := g.Len()
	for i := range n {
		nb := g.Neighbors(i)
		if !slices.IsSorted(nb) {
			t.Errorf("Neighbors(%d) = %v is not ascending", i, nb)
		}
		for j := range n {
			adj := g.Adjacent(i, j)
			if adj != g.Adjacent(j, i) {
				t.Errorf("Adjacent(%d, %d) = %v but Adjacent(%d, %d) = %v", i, j, adj, j, i, !adj)
			}
			if adj && i == j {
				t.Errorf("place %d is adjacent to itself", i)
			}
			if _, in := slices.BinarySearch(nb, j); in != adj {
				t.Errorf("Adjacent(%d, %d) = %v but Neighbors(%d) = %v", i, j, adj, i, nb)
			}
			f := g.EdgeFeatures(i, j)
			if f != g.EdgeFeatures(j, i) {
				t.Errorf("edge %d-%d has features %v, seen from %d: %v", i, j, f, j, g.EdgeFeatures(j, i))
			}
			if f != 0 && !adj {
				t.Errorf("places %d and %d are not adjacent but their edge has features %v", i, j, f)
			}
		}
	}
}

// CheckSVG fails the test when a drawing of a board is not well-formed XML.
func CheckSVG(t testing.TB, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
	}
}
