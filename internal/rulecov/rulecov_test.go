package rulecov

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"testing"
)

// The project's root, seen from this package.
const root = "../.."

// complete lists the games whose every rule section must stay covered
// (docs/design.md section 6); a game joins once its coverage is whole.
var complete = []string{"soa"}

func TestCompleteGamesStayCovered(t *testing.T) {
	covs, err := Count(root)
	if err != nil {
		t.Fatal(err)
	}
	byGame := map[string]Coverage{}
	for _, c := range covs {
		byGame[c.Game] = c
		t.Log(c)
	}
	for _, g := range complete {
		c, ok := byGame[g]
		if !ok {
			t.Fatalf("no checklist %s/%s.ids", Dir, g)
		}
		if len(c.Missing) > 0 {
			t.Errorf("%s: %d rule sections are neither cited by a test nor marked n/a in docs/conformance/%s.md: %v", g, len(c.Missing), g, c.Missing)
		}
	}
}

// The checklists here hold the same IDs, in the same order, as the shared
// checklists ../shared/rules/<game>.md beside the repository. A clone
// without that folder skips this cross-check, and only then.
func TestChecklistsMatchSharedRules(t *testing.T) {
	shared := filepath.Join(root, "..", "shared", "rules")
	if _, err := os.Stat(shared); os.IsNotExist(err) {
		t.Skipf("%s is absent (a clone without the shared folder beside it): the IDs in %s are not cross-checked", shared, Dir)
	}
	mds, err := filepath.Glob(filepath.Join(shared, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	item := regexp.MustCompile(`(?m)^- ([a-z0-9]+:[0-9][0-9.]*)\s`)
	games := map[string]bool{}
	for _, md := range mds {
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, m := range item.FindAllSubmatch(b, -1) {
			want = append(want, string(m[1]))
		}
		if len(want) == 0 {
			continue
		}
		game := filepath.Base(md[:len(md)-len(".md")])
		games[game] = true
		got, err := Checklist(filepath.Join(root, Dir, game+".ids"))
		if err != nil {
			t.Errorf("%s: %v", md, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s/%s.ids differs from %s: %d IDs here, %d there; regenerate it from the shared checklist", Dir, game, md, len(got), len(want))
		}
	}
	ids, _ := filepath.Glob(filepath.Join(root, Dir, "*.ids"))
	for _, f := range ids {
		if g := filepath.Base(f[:len(f)-len(".ids")]); !games[g] {
			t.Errorf("%s has no checklist %s/%s.md", f, shared, g)
		}
	}
}

// A citation counts only as a whole token: zz:8.35 does not cover
// zz:8.355 nor the reverse, nor does a longer word that ends in the game's
// name. (The game zz has no checklist, so this file cites nothing real.)
func TestCountsWholeTokensAndNotApplicable(t *testing.T) {
	dir := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		p := filepath.Join(dir, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(Dir+"/zz.ids", "# zz\nzz:1\nzz:8.35\nzz:8.355\nzz:9.1\nzz:9.2\nzz:9.3\nzz:10.1\n")
	write("a/a_test.go", "// zz:8.355 (rule) and xzz:9.2, Azz:9.1, _zz:9.3, .zz:9.1, ézz:9.2\n// zz:1.\n")
	write("a/a.go", "// zz:10.1 is cited outside a test file\n")
	write("vendor/v_test.go", "// zz:10.1\n")
	write("docs/conformance/zz.md", "- zz:9.1 n/a not in this game\n- zz:9.3 applies after all\n  - zz:10.1 n/a indented\n")
	covs, err := Count(dir)
	if err != nil {
		t.Fatal(err)
	}
	c := covs[0]
	if want := []string{"zz:8.35", "zz:9.2", "zz:9.3", "zz:10.1"}; !reflect.DeepEqual(c.Missing, want) {
		t.Errorf("missing %v, want %v", c.Missing, want)
	}
	if got, want := c.String(), "zz: 3/7 rule sections covered (43%): 2 cited by tests, 1 marked n/a"; got != want {
		t.Errorf("summary %q, want %q", got, want)
	}
}

func TestChecklistRejectsOtherText(t *testing.T) {
	dir := t.TempDir()
	for _, bad := range []string{"zz:8.3 the rule's text\n", "yy:1\n", "zz:8.\n", ""} {
		p := filepath.Join(dir, "zz.ids")
		if err := os.WriteFile(p, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if ids, err := Checklist(p); err == nil {
			t.Errorf("Checklist accepted %q as %v", bad, ids)
		}
	}
}
