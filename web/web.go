// Package web is the browser client of sandtable: hand-written HTML, CSS and
// JavaScript modules embedded in the binary (no build step, nothing fetched
// from elsewhere at run time). Handler serves them; the pages talk to the
// JSON API of docs/api.md. See README.md in this directory for the pages and
// the element ids that tests rely on.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed static
var static embed.FS

// file is one embedded file, read once.
type file struct {
	data  []byte
	ctype string
	etag  string
}

// contentTypes is fixed here rather than read from the system's MIME tables,
// so that a module script is always served as JavaScript.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".json": "application/json",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
}

// spaPrefixes are the page routes that the client draws itself: each serves
// index.html, and main.js picks the page from the path.
var spaPrefixes = []string{"/play/", "/replay/", "/rules/"}

// csp allows only this origin: scripts, styles and the API (WebSocket too).
const csp = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// Handler serves the client: the static files under /static/ and index.html
// for the pages /, /play/{id}, /replay/{id}, /rules and /rules/{game}. Other paths
// get 404, so that it can sit behind an API mux as its fallback.
func Handler() http.Handler {
	files := map[string]*file{}
	err := fs.WalkDir(static, "static", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := static.ReadFile(p)
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		ct, ok := contentTypes[path.Ext(p)]
		if !ok {
			ct = "application/octet-stream"
		}
		files["/"+p] = &file{data: data, ctype: ct, etag: `"` + hex.EncodeToString(sum[:8]) + `"`}
		return nil
	})
	if err != nil {
		panic("web: reading the embedded files: " + err.Error()) // cannot happen with embed
	}
	index := files["/static/index.html"]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		p := r.URL.Path
		var f *file
		switch {
		case strings.HasPrefix(p, "/static/"):
			f = files[path.Clean(p)]
		case isPage(p):
			f = index
			w.Header().Set("Content-Security-Policy", csp)
		}
		if f == nil {
			http.NotFound(w, r)
			return
		}
		h := w.Header()
		h.Set("Content-Type", f.ctype)
		h.Set("ETag", f.etag)
		h.Set("Cache-Control", "no-cache") // revalidate: the names carry no version
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(f.data))
	})
}

// isPage reports whether p is one of the client's page routes.
func isPage(p string) bool {
	switch p {
	case "/", "/index.html", "/rules", "/rules/":
		return true
	}
	for _, pre := range spaPrefixes {
		rest, ok := strings.CutPrefix(p, pre)
		if ok && rest != "" && !strings.Contains(strings.TrimSuffix(rest, "/"), "/") {
			return true
		}
	}
	return false
}
