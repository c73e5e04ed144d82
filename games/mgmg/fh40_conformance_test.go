package mgmg

import (
	"testing"

	"sandtable/engine/enginetest"
)

// TestFH40Conformance runs the engine's conformance kit (docs/design.md
// section 6) on Fortress Holland, which has one scenario and no optional
// rules (fh40:6.1, fh40:23.0), with the bots on it. Nothing on the map is hidden
// from either seat (mgmg:7.1, fh40:1.0), so the hidden-information pairs
// differ only in the generator (dicePair).
func TestFH40Conformance(t *testing.T) {
	c := enginetest.Config{Scenario: "standard", Games: 4, Seed: 1, Hidden: dicePair, Bots: kitBots("random", "heuristic", "search:fast")}
	if err := enginetest.TestGame(MustLoadFH40(), c); err != nil {
		t.Fatal(err)
	}
}
