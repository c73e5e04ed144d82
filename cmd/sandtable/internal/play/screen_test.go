package play

import (
	"fmt"
	"slices"
	"testing"

	"sandtable/engine"
)

// A short list keeps the game's order; a long run of one kind puts the
// choices that are the only ones of their kind first.
func TestOrderLiftsSinglesOnlyAboveLongRuns(t *testing.T) {
	short := []engine.Choice{{ID: "dday-move:5"}, {ID: "dday-seize:38"}, {ID: "dday-move:38"}, {ID: "dday-assault:54"}, {ID: "done"}}
	if got := order(short); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
		t.Errorf("a short list is shown as %v, want the game's order", got)
	}
	var long []engine.Choice
	for i := range longRun {
		long = append(long, engine.Choice{ID: fmt.Sprintf("place:%d", i)})
	}
	long = append(long, engine.Choice{ID: "setup-historical"})
	if got := order(long); got[0] != longRun || got[1] != 0 {
		t.Errorf("%d placements then the whole set-up are shown as %v, want the set-up first", longRun, got)
	}
}
