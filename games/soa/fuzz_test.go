package soa

import (
	"testing"

	"sandtable/engine"
)

func TestRandomPlaySmoke(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(1)
	for i := 0; i < 300; i++ {
		rec, s, err := engine.RandomGame(g, "basic", nil, uint64(i), &pick)
		if err != nil {
			t.Fatalf("game %d: %v (after %d choices)", i, err, len(rec.Choices))
		}
		t.Logf("game %d: %d choices, result %+v", i, len(rec.Choices), s.Result())
	}
}
