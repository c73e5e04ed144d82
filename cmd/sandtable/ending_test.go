package main

import (
	"path/filepath"
	"strings"
	"testing"

	"sandtable/engine"
)

// legal names the step; apply takes several choices and an ending event.
func TestLegalStepAndApplyEnding(t *testing.T) {
	rec := must(t, "", "new", "--game", "soa", "--seed", "4")
	if l := decode[legalDoc](t, must(t, rec, "legal", "-")); l.Step != "setup-british" {
		t.Fatalf("legal names step %q, want setup-british", l.Step)
	}
	rec = must(t, rec, "apply", "-", "setup-historical", "setup-historical", "#resign:british")
	l := decode[legalDoc](t, must(t, rec, "legal", "-"))
	if l.ToMove != "" || l.Result == nil || l.Result.Winner != "german" || l.Result.Level != "decisive" {
		t.Fatalf("after the British resign: %+v", l)
	}
	fails(t, 1, "the game has already ended", rec, "apply", "-", "#draw")
}

// In line mode, resign ends the game and the record ends with the event; a
// draw offered at the hotseat is declined with n and agreed with y.
func TestPlayResignAndDraw(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "resign.json")
	out := must(t, "1\nresign\n", "play", "soa", "--hotseat", "--seed", "2", "--record", path)
	rec := decode[engine.Record](t, readFile(t, path))
	if !strings.Contains(out, "winner German, score 0") || rec.Choices[len(rec.Choices)-1] != "#resign:british" {
		t.Fatalf("after the British resign: record %v, output ends:\n%s", rec.Choices, out[max(0, len(out)-600):])
	}
	path = filepath.Join(dir, "draw.json")
	out = must(t, "draw\nn\ndraw\ny\n", "play", "soa", "--hotseat", "--seed", "2", "--record", path)
	rec = decode[engine.Record](t, readFile(t, path))
	if !strings.Contains(out, "German declines the draw") || !strings.Contains(out, "draw, winner nobody") || len(rec.Choices) != 1 || rec.Choices[0] != "#draw" {
		t.Fatalf("draw: record %v, output ends:\n%s", rec.Choices, out[max(0, len(out)-600):])
	}
	out = must(t, "draw\nq\n", "play", "soa", "--seat", "british", "--seed", "2", "--record", path)
	if !strings.Contains(out, "German (a bot) declines the draw") {
		t.Fatalf("a bot accepted or was not asked:\n%s", out[max(0, len(out)-600):])
	}
}
