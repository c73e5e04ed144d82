package main

import (
	"path/filepath"
	"strings"
	"testing"

	"sandtable/engine"
)

// TestMontysGambleCommands: Monty's Gamble through the command line: a
// record made and extended by its set-up choices (mgmg:5.2), its view,
// its drawing, a game of two bots to the end in the terminal, the fuzzer
// and the benchmark.
func TestMontysGambleCommands(t *testing.T) {
	dir := t.TempDir()
	rec := write(t, dir, "new.json", must(t, "", "new", "--game", "mgmg", "--seed", "3"))
	legal := must(t, "", "legal", rec)
	if !strings.Contains(legal, `"setup-historical"`) || !strings.Contains(legal, `"formation:9ss"`) {
		t.Fatalf("the German set-up offers no whole card or formation:\n%s", legal)
	}
	set := write(t, dir, "set.json", must(t, "", "apply", rec, "formation:9ss", "setup-historical", "setup-historical"))
	if v := must(t, "", "view", set, "--seat", "allied"); !strings.Contains(v, `"dday-air-bombardment"`) {
		t.Fatalf("after both set-ups the view is not at the D-Day Air Bombardment Phase:\n%s", v[:min(len(v), 2000)])
	}
	svg := must(t, "", "render", set, "--out", "-")
	checkXML(t, []byte(svg))
	for _, want := range []string{"Nijmegen", `href="#counter-de-tower-arnhem"`, "September 17 of 20"} {
		if !strings.Contains(svg, want) {
			t.Errorf("the drawing lacks %q", want)
		}
	}

	recPath := filepath.Join(dir, "game.json")
	out := must(t, "", "play", "mgmg", "--seat", "spectator", "--bot", "random", "--seed", "5", "--record", recPath)
	if !strings.Contains(out, "=== Game over after ") {
		t.Fatalf("no result in the terminal; output ends:\n%s", out[max(0, len(out)-2000):])
	}
	must(t, "", "replay", recPath)
	played := decode[engine.Record](t, must(t, "", "apply", recPath))
	if c := played.Choices[0]; c != "setup-historical" && !strings.HasPrefix(c, "formation:") {
		t.Fatalf("the bots' game begins with %q, not a set-up choice", c)
	}

	if out := must(t, "", "fuzz", "--game", "mgmg", "--games", "4", "--seed", "1", "--out", dir); !strings.Contains(out, "failures 0") {
		t.Fatalf("fuzz: %s", out)
	}
	if out := must(t, "", "bench", "--game", "mgmg", "--seconds", "0.2"); !strings.Contains(out, "mgmg on one core") {
		t.Fatalf("bench: %s", out)
	}
}
