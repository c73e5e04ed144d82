package main

import (
	"path/filepath"
	"strings"
	"testing"

	"sandtable/engine"
)

// play --hints gives hints (line mode: hint) and the record notes them; a
// game resumed from it keeps them.
func TestPlayHints(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hints.json")
	out := must(t, "hint\nq\n", "play", "soa", "--seat", "british", "--hints", "--seed", "2", "--record", path)
	if !strings.Contains(out, "hint (") {
		t.Fatalf("no hint in the output:\n%s", out[max(0, len(out)-600):])
	}
	if rec := decode[engine.Record](t, readFile(t, path)); !rec.Hints {
		t.Fatalf("the record of a game with hints does not note them: %+v", rec)
	}
	out = must(t, "hint\nq\n", "play", "soa", "--resume", path)
	if !strings.Contains(out, "hint (") || !decode[engine.Record](t, readFile(t, path)).Hints {
		t.Fatalf("the resumed game lost its hints:\n%s", out[max(0, len(out)-600):])
	}
}
