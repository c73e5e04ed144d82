package mgmg

import (
	"testing"

	"sandtable/engine/enginetest"
)

// TestConformance runs the engine's conformance kit (docs/design.md section
// 6) on both scenarios, with the optional rules off and on (mgmg:23).
// Nothing is hidden from either seat (mgmg:7.1), so the kit's
// hidden-information pairs have nothing to swap.
func TestConformance(t *testing.T) {
	all := map[string]string{}
	for _, o := range MustLoad().Options() {
		all[o.Key] = "on"
	}
	for _, sc := range []string{"standard", "extended"} {
		c := enginetest.Config{Scenario: sc, Games: 4, Seed: 1, Options: []map[string]string{nil, all}}
		if err := enginetest.TestGame(MustLoad(), c); err != nil {
			t.Fatal(err)
		}
	}
}
