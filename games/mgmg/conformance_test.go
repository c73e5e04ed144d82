package mgmg

import (
	"testing"

	"sandtable/engine/enginetest"
)

// TestConformance runs the engine's conformance kit (docs/design.md section
// 6) on both scenarios. Nothing is hidden from either seat (mgmg:7.1), so
// the kit's hidden-information pairs have nothing to swap.
func TestConformance(t *testing.T) {
	for _, sc := range []string{"standard", "extended"} {
		if err := enginetest.TestGame(MustLoad(), enginetest.Config{Scenario: sc, Games: 4, Seed: 1}); err != nil {
			t.Fatal(err)
		}
	}
}
