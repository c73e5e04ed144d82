package server

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
	"sandtable/games"
)

// The German's view while the British set up in secret (soa:5.4) carries a
// version that tells nothing of how the British chose: a choice that places
// several units counts one version per unit placed, as placing them one by
// one does, and the German's whole view is the same either way.
func TestSecretSetupVersionSameHoweverChosen(t *testing.T) {
	_, hs := testServer(t, "")
	seats := map[string]string{"german": "human", "british": "human"}
	macro, single := newGame(t, hs, seats), newGame(t, hs, seats) // both seed 42
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New("basic", nil, 42)
	if err != nil {
		t.Fatal(err)
	}
	// Units one by one, in both games, up to the first with a platoon or company to place with it.
	formation := ""
	for formation == "" {
		choices := engine.Choices(s)
		for _, c := range choices {
			if strings.HasPrefix(c.ID, "company:") || strings.HasPrefix(c.ID, "platoon:") {
				formation = c.ID
				break
			}
		}
		if formation == "" {
			first := choices[0].ID
			if _, err := engine.Play(g, s, first); err != nil {
				t.Fatal(err)
			}
			for _, c := range []created{macro, single} {
				v, _, _ := viewOf(t, hs, c.ID, c.Tokens["british"])
				if code, out := call(t, hs, "POST", "/api/games/"+c.ID+"/choices", c.Tokens["british"], map[string]any{"version": v, "choice": first}); code != 200 {
					t.Fatalf("%s: %d %v", first, code, out)
				}
			}
		}
	}
	for _, id := range []string{formation, "setup-random"} {
		a, err := engine.Find(s, id)
		if err != nil {
			t.Fatal(err)
		}
		made, err := engine.Apply(s, a)
		if err != nil {
			t.Fatal(err)
		}
		v, _, _ := viewOf(t, hs, macro.ID, macro.Tokens["british"])
		code, out := call(t, hs, "POST", "/api/games/"+macro.ID+"/choices", macro.Tokens["british"], map[string]any{"version": v, "choice": id})
		if code != 200 || int(out["version"].(float64)) != v+len(made) || fmt.Sprint(out["made"]) != fmt.Sprint(engine.IDs(made)) {
			t.Fatalf("%s at version %d: %d %v; want version %d, one per unit placed, and the placements made %v", id, v, code, out, v+len(made), engine.IDs(made))
		}
		for _, m := range made {
			v, _, _ := viewOf(t, hs, single.ID, single.Tokens["british"])
			if code, out := call(t, hs, "POST", "/api/games/"+single.ID+"/choices", single.Tokens["british"], map[string]any{"version": v, "choice": m.ID}); code != 200 {
				t.Fatalf("%s: %d %v", m.ID, code, out)
			}
		}
		a1, a2 := germanView(t, hs, macro), germanView(t, hs, single)
		if a1 != a2 {
			t.Fatalf("after %s the German sees\n%s\nagainst, after its placements one by one,\n%s", id, a1, a2)
		}
	}
	if v, choices, _ := viewOf(t, hs, macro.ID, macro.Tokens["german"]); v != 50 || len(choices) == 0 {
		t.Fatalf("after the British set-up the German is at version %d with %d choices; want 50 (one per British unit, data/setup.json) and the German set-up", v, len(choices))
	}
}

// germanView is the German's whole view answer, as JSON.
func germanView(t *testing.T, hs *httptest.Server, c created) string {
	t.Helper()
	_, out := call(t, hs, "GET", "/api/games/"+c.ID+"/view", c.Tokens["german"], nil)
	b, _ := json.Marshal(out)
	return string(b)
}

// Undo after a choice that placed a platoon takes back its last placement:
// the record holds the placements, and undoing them one at a time moves the
// version the other seat sees as undoing placements made one by one does.
func TestUndoAfterFormationTakesBackOnePlacement(t *testing.T) {
	_, hs := testServer(t, "")
	g := newGame(t, hs, map[string]string{"german": "human", "british": "human"})
	path := "/api/games/" + g.ID
	var choices []string
	i, n := -1, 0 // the platoon choice, the version
	for ; i < 0; n++ {
		_, choices, _ = viewOf(t, hs, g.ID, g.Tokens["british"])
		if i = slices.IndexFunc(choices, func(id string) bool { return strings.HasPrefix(id, "platoon:") }); i >= 0 {
			break
		}
		call(t, hs, "POST", path+"/choices", g.Tokens["british"], map[string]any{"version": n, "choice": choices[0]})
	}
	code, out := call(t, hs, "POST", path+"/choices", g.Tokens["british"], map[string]any{"version": n, "choice": choices[i]})
	v := int(out["version"].(float64))
	if code != 200 || v < n+2 {
		t.Fatalf("%s at version %d: %d %v; want a version of %d or more (a platoon is two units or more)", choices[i], n, code, out, n+2)
	}
	if code, out := call(t, hs, "POST", path+"/undo", g.Tokens["british"], map[string]any{"version": v}); code != 200 || int(out["version"].(float64)) != v-1 {
		t.Fatalf("undo: %d %v; want version %d", code, out, v-1)
	}
	if code, out := call(t, hs, "POST", path+"/undo", g.Tokens["british"], map[string]any{"version": v - 1}); code != 200 || int(out["version"].(float64)) != v-2 {
		t.Fatalf("a second undo: %d %v; want version %d", code, out, v-2)
	}
	if got, _, _ := viewOf(t, hs, g.ID, g.Tokens["german"]); got != v-2 {
		t.Fatalf("the German sees version %d, want %d", got, v-2)
	}
}

// An imported record that holds a set-up choice for many units (written by
// hand, or under older rules) is stored as its placements, one version each,
// as if it had been made here: 50 British ones (data/setup.json).
func TestImportStoresMacroAsPlacements(t *testing.T) {
	_, hs := testServer(t, "")
	soa, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(soa)
	rec.Scenario, rec.Seed, rec.Choices = "basic", 7, []string{"setup-historical"}
	s, err := engine.Replay(soa, rec)
	if err != nil {
		t.Fatal(err)
	}
	rec.Hash = engine.FormatHash(s.Hash())
	code, out := call(t, hs, "POST", "/api/import", "", string(rec.Encode()))
	if code != 201 {
		t.Fatalf("import: %d %v", code, out)
	}
	if code, sum := call(t, hs, "GET", "/api/games/"+fmt.Sprint(out["id"]), "", nil); code != 200 || sum["version"] != float64(50) {
		t.Fatalf("the imported game: %d, version %v; want 50, one per British unit placed", code, sum["version"])
	}
}
