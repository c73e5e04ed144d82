package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// --json prints {"game", "pairs", "bots": [{"name", "score", "ci95",
// "wins", "draws", "losses"}]}, the same whatever the workers; the progress
// goes to standard error as log lines when it is no terminal.
func TestSelfplayJSON(t *testing.T) {
	args := []string{"selfplay", "--game", "soa", "--bots", "random,random", "--games", "2", "--seed", "7", "--json"}
	out, errs, code := sandtable(t, "", append(args, "--workers", "1")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "msg=progress games=4 of=4") {
		t.Fatalf("no progress line for the last game on standard error: %q", errs)
	}
	var doc struct {
		Game  string `json:"game"`
		Pairs int    `json:"pairs"`
		Bots  []struct {
			Name                string
			Score               float64
			CI95                []float64
			Wins, Draws, Losses int
		} `json:"bots"`
	}
	dec := json.NewDecoder(strings.NewReader(out))
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if doc.Game != "soa" || doc.Pairs != 2 || len(doc.Bots) != 2 || doc.Bots[0].Name != "random" || doc.Bots[1].Name != "random#2" {
		t.Fatalf("document %+v", doc)
	}
	for _, b := range doc.Bots {
		if b.Wins+b.Draws+b.Losses != 4 || b.Score < 0 || b.Score > 1 || len(b.CI95) != 2 || b.CI95[0] > b.Score || b.CI95[1] < b.Score {
			t.Fatalf("bot %+v", b)
		}
		if want := (float64(b.Wins) + float64(b.Draws)/2) / 4; b.Score != want {
			t.Fatalf("%s: score %v, want (wins + draws/2)/games = %v", b.Name, b.Score, want)
		}
	}
	again := must(t, "", append(args, "--workers", "2")...)
	if a, b := withoutThinking(t, out), withoutThinking(t, again); a != b {
		t.Fatalf("two workers printed\n%s\none printed\n%s", b, a)
	}
}

// withoutThinking is a --json document without the bots' thinking times,
// the one part that depends on the machine.
func withoutThinking(t *testing.T, doc string) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m["thinking"]; !ok {
		t.Fatalf("no thinking times in %s", doc)
	}
	delete(m, "thinking")
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSelfplayTable(t *testing.T) {
	out := must(t, "", "selfplay", "--game", "soa", "--bots", "random,random", "--games", "1")
	for _, want := range []string{"random#2", "95% CI", "Elo ladder", "random = 0", "winner", "length", "ms a choice"} {
		if !strings.Contains(out, want) {
			t.Fatalf("table lacks %q:\n%s", want, out)
		}
	}
}

func TestSelfplayUsage(t *testing.T) {
	fails(t, 2, `no bot "chess"`, "", "selfplay", "--game", "soa", "--bots", "random,chess")
	fails(t, 2, "at least two bots", "", "selfplay", "--game", "soa", "--bots", "random")
	fails(t, 2, "at least 1", "", "selfplay", "--game", "soa", "--bots", "random,random", "--games", "0")
}
