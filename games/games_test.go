package games

import (
	"strings"
	"testing"
)

func TestGetUnknownListsKnownIDs(t *testing.T) {
	_, err := Get("chess")
	if err == nil || !strings.Contains(err.Error(), "soa") || !strings.Contains(err.Error(), `"chess"`) {
		t.Fatalf("Get(chess) = %v, want an error naming the unknown id and listing soa", err)
	}
}

func TestRegistryLoadsEveryGame(t *testing.T) {
	if err := Check(); err != nil {
		t.Fatal(err)
	}
	all := All()
	if len(all) != len(IDs()) {
		t.Fatalf("All() has %d games, registry %d", len(all), len(IDs()))
	}
	for _, g := range all {
		got, err := Get(g.ID())
		if err != nil || got != g {
			t.Fatalf("Get(%s) = %v, %v; want the same game as All (loaded once)", g.ID(), got, err)
		}
		if len(g.Seats()) == 0 || len(g.Scenarios()) == 0 || g.MaxChoices() <= 0 {
			t.Fatalf("game %s: seats %v, scenarios %v, max choices %d", g.ID(), g.Seats(), g.Scenarios(), g.MaxChoices())
		}
	}
}
