package ai

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"sandtable/engine"
)

// TestBotsCannotReachTheState proves the bots' contract structurally (issue 7
// section 1): a bot receives an engine.Turn, whose state is unexported, and
// the code of package ai and below imports nothing that could read it anyway
// (reflection, unsafe memory, a game package, the files of a record) and
// links to nothing by name.
func TestBotsCannotReachTheState(t *testing.T) {
	forbidden := func(path string) bool {
		if strings.HasPrefix(path, "sandtable/") {
			return path != "sandtable/engine"
		}
		first, _, _ := strings.Cut(path, "/")
		switch first {
		case "reflect", "unsafe", "os", "net", "syscall", "plugin", "debug", "io": // io/fs, io/ioutil as well
			return true
		}
		return strings.Contains(first, ".") // no modules outside the standard library
	}
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if forbidden(p) {
				t.Errorf("%s imports %s: a bot must reach the game only through engine.Turn", path, p)
			}
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if strings.HasPrefix(c.Text, "//go:linkname") {
					t.Errorf("%s links by name (%s)", path, c.Text)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files == 0 {
		t.Fatal("no source files found under ai/")
	}

	turn := reflect.TypeFor[engine.Turn]()
	for f := range turn.Fields() {
		if f.IsExported() {
			t.Errorf("engine.Turn has the exported field %s", f.Name)
		}
	}
	state := reflect.TypeFor[engine.State]()
	for m := range turn.Methods() {
		for o := range m.Type.Outs() {
			if o == state && m.Name != "Determinize" {
				t.Errorf("engine.Turn.%s returns a State: only Determinize may, and it returns a fresh one", m.Name)
			}
		}
	}
}
