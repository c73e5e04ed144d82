// Package rulecov counts how much of each game's rulebook the project's tests
// cover (docs/design.md section 6). The checklists are docs/rules/<game>.ids, the
// rule section IDs only, one per line. An ID is covered when
//   - a Go test file (*_test.go) cites it as a whole token, e.g. soa:8.355
//     (soa:8.35 does not cover soa:8.355), or
//   - docs/conformance/<game>.md marks it on a line `- <game>:<ID> n/a reason`.
package rulecov

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dir is where the checklists live, relative to the repository root.
const Dir = "docs/rules"

// Coverage is one game's count.
type Coverage struct {
	Game    string
	IDs     []string // the checklist, in its order
	Cited   map[string]bool
	NA      map[string]bool
	Missing []string // IDs neither cited nor marked n/a, in checklist order
}

// Covered is the number of IDs cited or marked n/a.
func (c Coverage) Covered() int { return len(c.IDs) - len(c.Missing) }

// Percent is the covered share, 0-100.
func (c Coverage) Percent() float64 {
	if len(c.IDs) == 0 {
		return 100
	}
	return 100 * float64(c.Covered()) / float64(len(c.IDs))
}

// String is the summary line `sandtable rulecov` prints.
func (c Coverage) String() string {
	cited, na := 0, 0
	for _, id := range c.IDs {
		switch {
		case c.Cited[id]:
			cited++
		case c.NA[id]:
			na++
		}
	}
	return fmt.Sprintf("%s: %d/%d rule sections covered (%.0f%%): %d cited by tests, %d marked n/a",
		c.Game, c.Covered(), len(c.IDs), c.Percent(), cited, na)
}

// Checklist reads one docs/rules/<game>.ids file: one ID per line, blank
// lines and lines starting with # ignored.
func Checklist(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	game := strings.TrimSuffix(filepath.Base(path), ".ids")
	var ids []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !strings.HasPrefix(line, game+":") || citation.FindString(line) != line {
			return nil, fmt.Errorf("%s:%d: %q is not a rule ID of the form %s:N.N", path, n, line, game)
		}
		ids = append(ids, line)
	}
	if len(ids) == 0 {
		return nil, fmt.Errorf("%s: no rule IDs", path)
	}
	return ids, nil
}

// Count counts every game of the repository at root.
func Count(root string) ([]Coverage, error) {
	files, err := filepath.Glob(filepath.Join(root, Dir, "*.ids"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no checklists in %s: run from the repository root or give its directory", filepath.Join(root, Dir))
	}
	sort.Strings(files)
	cited, err := Cited(root)
	if err != nil {
		return nil, err
	}
	var out []Coverage
	for _, f := range files {
		ids, err := Checklist(f)
		if err != nil {
			return nil, err
		}
		c := Coverage{Game: strings.TrimSuffix(filepath.Base(f), ".ids"), IDs: ids, Cited: map[string]bool{}}
		if c.NA, err = notApplicable(root, c.Game); err != nil {
			return nil, err
		}
		for _, id := range ids {
			c.Cited[id] = cited[id]
			if !cited[id] && !c.NA[id] {
				c.Missing = append(c.Missing, id)
			}
		}
		out = append(out, c)
	}
	return out, nil
}

// citation is a rule ID as cited: game, colon, section.
var citation = regexp.MustCompile(`[a-z0-9]+:[0-9]+(?:\.[0-9]+)*`)

// Cited collects the rule IDs cited as whole tokens in the repository's Go
// test files: not preceded by a word character, '.' or ':' (the regular
// expression takes every digit after the section, so soa:8.355 never counts
// as soa:8.35).
func Cited(root string) (map[string]bool, error) {
	cited := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "vendor", "node_modules", ".git":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(d.Name(), "_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range citation.FindAllIndex(b, -1) {
			if r, _ := utf8.DecodeLastRune(b[:m[0]]); tokenChar(r) {
				continue
			}
			cited[string(b[m[0]:m[1]])] = true
		}
		return nil
	})
	return cited, err
}

// tokenChar is a character that joins a citation to what precedes it: a
// word character (letter, digit, underscore, as in Python's \w), '.' or ':'.
func tokenChar(r rune) bool {
	return r == '_' || r == '.' || r == ':' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// notApplicable reads the IDs marked `- game:ID n/a` in docs/conformance/<game>.md.
func notApplicable(root, game string) (map[string]bool, error) {
	na := map[string]bool{}
	b, err := os.ReadFile(filepath.Join(root, "docs", "conformance", game+".md"))
	if os.IsNotExist(err) {
		return na, nil
	}
	if err != nil {
		return nil, err
	}
	re := regexp.MustCompile(`(?m)^- (` + regexp.QuoteMeta(game) + `:[0-9][0-9.]*[0-9])\s+n/a\b`)
	for _, m := range re.FindAllSubmatch(b, -1) {
		na[string(m[1])] = true
	}
	return na, nil
}
