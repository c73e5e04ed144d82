package e2e

import (
	"database/sql"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	_ "modernc.org/sqlite"

	"sandtable/server"
)

// TestRefusals: the server's refusals that are about the server, not the
// move, read as what the player can do (web/README.md, api.js): a page of
// another address than the server's own (cross_origin), a browser over its
// WebSockets (too_many_sockets) and a game whose stored record is damaged
// (game_damaged).
func TestRefusals(t *testing.T) {
	t.Run("cross_origin", func(t *testing.T) {
		// The server is reached as another address than the one it serves at.
		base := newServer(t, func(c *server.Config) { c.PublicURL = "http://sandtable.example" })
		if txt := lobbyRefusal(t, base); !strings.Contains(txt, "Open the game from the server's own address") {
			t.Fatalf("a create refused as cross-origin reads %q", txt)
		}
	})
	t.Run("too_many_sockets", func(t *testing.T) {
		// One socket per client: the hotseat's second seat is refused one.
		base := newServer(t, func(c *server.Config) { c.SocketsPerClient = 1 })
		g := api{t: t, base: base}.create("10", map[string]string{"german": "human", "british": "human"})
		p := newProfile(t, "player", base)
		p.openHeld(g)
		s := p.waitFor("the refusal", 10*time.Second, "!!s.error")
		if !strings.Contains(s.Error, "too many games open") || !strings.Contains(s.Error, "Close some game tabs") {
			t.Fatalf("a socket refused for too many sockets reads %q", s.Error)
		}
	})
	t.Run("game_damaged", func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "damaged.db")
		first, err := server.New(server.Config{DB: db, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(first.Handler())
		g := api{t: t, base: ts.URL}.create("11", map[string]string{"german": "human", "british": "human"})
		ts.Close()
		first.Close()
		d, err := sql.Open("sqlite", "file:"+db)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(`UPDATE games SET seed = 'forty-two' WHERE id = ?`, g.ID); err != nil {
			t.Fatal(err)
		}
		d.Close()
		base := newServer(t, func(c *server.Config) { c.DB = db })
		p := newProfile(t, "player", base)
		p.hold(g)
		p.open("/play/"+g.ID, ".error-card")
		if txt := run(p, "refusal", 5*time.Second, chromedp.Text(chromedp.CSS(".error-card"))); !strings.Contains(txt, "stored record is damaged") {
			t.Fatalf("a damaged game reads %q", txt)
		}
	})
}
