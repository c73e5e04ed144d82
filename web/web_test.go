package web

import (
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path"
	"regexp"
	"strings"
	"testing"

	"sandtable/engine"
	"sandtable/games"
)

func get(t *testing.T, h http.Handler, method, path string, hdr ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, r *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The page routes all serve index.html, which loads the main module.
func TestPagesServeIndex(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/", "/play/g_123", "/play/g_123/", "/replay/g_123", "/rules", "/rules/", "/rules/soa"} {
		r := get(t, h, "GET", p)
		if r.StatusCode != 200 {
			t.Fatalf("GET %s: status %d", p, r.StatusCode)
		}
		if ct := r.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
			t.Errorf("GET %s: Content-Type %q", p, ct)
		}
		b := body(t, r)
		if !strings.Contains(b, `<script type="module" src="/static/js/main.js">`) {
			t.Errorf("GET %s: not index.html:\n%s", p, b)
		}
		if r.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: no Content-Security-Policy", p)
		}
	}
}

// Every module, the stylesheet and the icon are served with their types.
func TestStaticContentTypes(t *testing.T) {
	h := Handler()
	want := map[string]string{
		"/static/js/main.js":    "text/javascript; charset=utf-8",
		"/static/js/api.js":     "text/javascript; charset=utf-8",
		"/static/js/board.js":   "text/javascript; charset=utf-8",
		"/static/js/game.js":    "text/javascript; charset=utf-8",
		"/static/js/lobby.js":   "text/javascript; charset=utf-8",
		"/static/js/replay.js":  "text/javascript; charset=utf-8",
		"/static/js/rules.js":   "text/javascript; charset=utf-8",
		"/static/app.css":       "text/css; charset=utf-8",
		"/static/favicon.svg":   "image/svg+xml",
		"/static/index.html":    "text/html; charset=utf-8",
		"/static/js/../app.css": "text/css; charset=utf-8",
	}
	for p, ct := range want {
		r := get(t, h, "GET", p)
		if r.StatusCode != 200 {
			t.Errorf("GET %s: status %d", p, r.StatusCode)
			continue
		}
		if got := r.Header.Get("Content-Type"); got != ct {
			t.Errorf("GET %s: Content-Type %q, want %q", p, got, ct)
		}
		if r.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no nosniff", p)
		}
		if body(t, r) == "" {
			t.Errorf("GET %s: empty", p)
		}
	}
}

// Every module that another imports is embedded: a missing file would
// only show in a browser.
func TestImportsResolve(t *testing.T) {
	h := Handler()
	err := fs.WalkDir(static, "static/js", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, _ := static.ReadFile(p)
		for _, line := range strings.Split(string(src), "\n") {
			i := strings.Index(line, "from '.")
			if i < 0 {
				i = strings.Index(line, "import('.")
			}
			if i < 0 {
				continue
			}
			rest := line[strings.Index(line[i:], "'")+i+1:]
			name := path.Join("/", path.Dir(p), rest[:strings.IndexAny(rest, `'"`)])
			if r := get(t, h, "GET", name); r.StatusCode != 200 {
				t.Errorf("%s imports %s, which is not served (%d)", p, name, r.StatusCode)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Every game of the catalog has its client module (games.js loads
// games/ID.js by the game's id), so that no game is drawn with the plain
// defaults by mistake.
func TestEveryGameHasAModule(t *testing.T) {
	for _, g := range games.Catalog() {
		if _, err := static.ReadFile("static/js/games/" + g.ID + ".js"); err != nil {
			t.Errorf("game %s (%s) has no client module static/js/games/%s.js", g.ID, g.Name, g.ID)
		}
	}
}

// The core modules (static/js/*.js) serve every game: what is a game's own,
// its rules, its notes, its drawing, comes from its module or its id, so no
// core code names a game (comments may cite rules such as soa:8.22).
func TestCoreNamesNoGame(t *testing.T) {
	core, err := fs.Glob(static, "static/js/*.js")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range core {
		src, _ := static.ReadFile(f)
		for i, line := range strings.Split(string(src), "\n") {
			if code := strings.TrimSpace(line); strings.HasPrefix(code, "//") {
				continue
			}
			for _, g := range games.Catalog() {
				if strings.Contains(line, g.ID) {
					t.Errorf("%s:%d names the game %s; take it from the game's id or module: %s", f, i+1, g.ID, strings.TrimSpace(line))
				}
			}
		}
	}
}

func TestNotFoundAndMethods(t *testing.T) {
	h := Handler()
	for _, p := range []string{"/static/nope.js", "/static/", "/static/js", "/play/", "/play/a/b", "/elsewhere", "/api/catalog"} {
		if r := get(t, h, "GET", p); r.StatusCode != 404 {
			t.Errorf("GET %s: status %d, want 404", p, r.StatusCode)
		}
	}
	if r := get(t, h, "POST", "/"); r.StatusCode != 405 {
		t.Errorf("POST /: status %d, want 405", r.StatusCode)
	}
	if r := get(t, h, "HEAD", "/static/js/main.js"); r.StatusCode != 200 || body(t, r) != "" {
		t.Errorf("HEAD main.js: status %d", r.StatusCode)
	}
}

// A browser that has the file revalidates it with its ETag and gets 304.
func TestETag(t *testing.T) {
	h := Handler()
	r := get(t, h, "GET", "/static/js/main.js")
	tag := r.Header.Get("ETag")
	if tag == "" || r.Header.Get("Cache-Control") != "no-cache" {
		t.Fatalf("ETag %q, Cache-Control %q", tag, r.Header.Get("Cache-Control"))
	}
	if r := get(t, h, "GET", "/static/js/main.js", "If-None-Match", tag); r.StatusCode != 304 {
		t.Errorf("revalidation: status %d, want 304", r.StatusCode)
	}
}

// What a step asks and the phase of the turn are the engine's (the view's
// "prompt" and "phase", tested in games/soa/prompt_test.go): no client
// module keeps a table of prompts or guesses a phase from a step's name.
func TestNoPromptTablesInTheClient(t *testing.T) {
	err := fs.WalkDir(static, "static/js", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		src, _ := static.ReadFile(name)
		for _, s := range []string{"export const STEP", "phaseOf"} {
			if strings.Contains(string(src), s) {
				t.Errorf("%s has %q: show the view's prompt and phase instead", name, s)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestNoPaletteColourCopied: every colour of a game's drawing, the map's,
// the sides' and the pieces', comes to the browser in the board document
// (the palette, as CSS variables, and the pieces' symbols), so none of them
// may be written into the client's CSS, JavaScript or HTML. Black and white
// are the page's own too and are left out.
func TestNoPaletteColourCopied(t *testing.T) {
	hex := regexp.MustCompile(`#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b`)
	norm := func(c string) string {
		c = strings.ToLower(c)
		if len(c) == 4 {
			c = string([]byte{'#', c[1], c[1], c[2], c[2], c[3], c[3]})
		}
		return c
	}
	palette := map[string]string{} // colour -> the game that draws with it
	for _, g := range games.All() {
		b, ok := g.(engine.Boarder)
		if !ok {
			continue
		}
		for _, c := range hex.FindAllString(string(b.BoardData()), -1) {
			if c = norm(c); c != "#000000" && c != "#ffffff" {
				palette[c] = g.ID()
			}
		}
	}
	if len(palette) < 20 {
		t.Fatalf("the board documents hold %d colours; the test reads them wrong", len(palette))
	}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !regexp.MustCompile(`\.(css|js|html)$`).MatchString(p) {
			return err
		}
		src, _ := static.ReadFile(p)
		for i, line := range strings.Split(string(src), "\n") {
			for _, c := range hex.FindAllString(line, -1) {
				if g, ok := palette[norm(c)]; ok {
					t.Errorf("%s:%d writes %s, a colour of %s's board document: take it from the palette (--side-NAME, --piece-NAME) or the symbols", p, i+1, c, g)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
