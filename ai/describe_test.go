package ai

import (
	"strings"
	"testing"
)

// Every bot a player can pick says how it plays, and its name reads as a
// label: the lobby and play --help show both.
func TestEveryLevelIsDescribed(t *testing.T) {
	for _, name := range Names() {
		if Describe(name) == "" {
			t.Errorf("bot %q has no description: add one to descriptions in ai/describe.go", name)
		}
		if _, err := New(name, Config{}); err != nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
	if got := Describe("random"); !strings.Contains(got, "random") {
		t.Errorf("random is described as %q", got)
	}
	if got := Describe("random:strong"); got != "" {
		t.Errorf("a level random does not have is described as %q", got)
	}
}

func TestLabel(t *testing.T) {
	for name, want := range map[string]string{"random": "random", "search:strong": "search (strong)", "search:fast": "search (fast)"} {
		if got := Label(name); got != want {
			t.Errorf("Label(%q) = %q, want %q", name, got, want)
		}
	}
}

// The default bot, which hints come from, is a bot there is, and it estimates.
func TestDefaultEstimates(t *testing.T) {
	b, err := New(Default, Config{Seed: 1, Repeatable: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := b.(Estimator); !ok {
		t.Fatalf("the default bot %s makes no estimates", Default)
	}
}
