package soa

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"sandtable/engine"
)

var updateRecords = flag.Bool("update-records", false, "write testdata/rules-vN.json for the current rules version N")

// TestRulesVersionRecords keeps one whole game recorded under each rules
// version (docs/formats.md, "Versions"). The record of the current version
// must replay to its hash: a change of play or of the state hash that does
// not add a revision fails here. Older records must be handled as their
// revisions say: replayed when play stayed the same, refused otherwise.
func TestRulesVersionRecords(t *testing.T) {
	g := MustLoad()
	cur := engine.RulesVersion(g)
	if *updateRecords {
		pick := engine.NewRNG(6)
		rec, _, err := engine.RandomGame(g, "basic", map[string]string{"hidden_at": "on", "bidding": "on", "combat": "chits"}, 6, &pick)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(fmt.Sprintf("testdata/rules-v%d.json", cur), rec.Encode(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob("testdata/rules-v*.json")
	have := false
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.DecodeRecord(b)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		_, same, err := engine.RulesSince(g, r.RulesVersion())
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		_, err = engine.Verify(g, r)
		switch {
		case r.RulesVersion() == cur:
			have = true
			if err != nil {
				t.Errorf("%s, recorded under the rules this package plays, no longer replays: %v\n"+
					"If play or the state hash changed on purpose, add a revision to games/soa/versions.go "+
					"(SamePlay when only the hash or the position changed) and run "+
					"go test ./games/soa -run TestRulesVersionRecords -update-records", f, err)
			}
		case same && err != nil:
			t.Errorf("%s: its revisions since say play stayed the same, but it does not replay: %v", f, err)
		case !same && (err == nil || !strings.Contains(err.Error(), fmt.Sprintf("rules %d, but this sandtable plays rules %d", r.RulesVersion(), cur))):
			t.Errorf("%s: play changed since its version, but Verify answers %v", f, err)
		}
	}
	if !have {
		t.Errorf("no record of rules version %d in testdata: run go test ./games/soa -run TestRulesVersionRecords -update-records", cur)
	}
}
