package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestOnline plays one game from two browser profiles, as two people do:
// A opens the German link, B the British invite link. Each sees its own
// side only during the secret set-up (soa:5.5), and each sees the other's
// choices at once, pushed over the WebSocket, with no reload.
func TestOnline(t *testing.T) {
	base := newServer(t)
	srv := api{t: t, base: base}
	tm := newTimer(t)
	g := srv.create("7", map[string]string{"german": "human", "british": "human"})
	// The links are absolute, on the address the request was sent to.
	german, okG := strings.CutPrefix(g.Links["german"], base)
	british, okB := strings.CutPrefix(g.Links["british"], base)
	if !okG || !okB {
		t.Fatalf("the new game's seat links are not on %s: %v", base, g.Links)
	}

	a := newProfile(t, "A (german)", base)
	a.open(german, ".game-page[data-version]")
	b := newProfile(t, "B (british)", base)
	b.open(british, ".game-page[data-version]")
	// A marker that a reload would lose.
	for _, p := range []*page{a, b} {
		run(p, "mark the page", 5*time.Second, chromedp.Evaluate[bool](`window.e2eNoReload = true`))
	}
	sa := a.waitFor("A's first view", 10*time.Second, `s.version === 0 && s.conn === 'live' && s.step === 'setup-british'`)
	sb := b.waitFor("B's first view", 10*time.Second, `s.version === 0 && s.conn === 'live' && s.choices.length > 0`)
	if sa.Mine || len(sa.Choices) != 0 || !strings.Contains(sa.Prompt, "Waiting for the British: the secret set-up") {
		t.Fatalf("A (german) during the British set-up: mine=%v, choices %v, prompt %q", sa.Mine, sa.Choices, sa.Prompt)
	}
	if !sb.Mine || !strings.Contains(sb.Prompt, "British set-up") {
		t.Fatalf("B (british): mine=%v, prompt %q", sb.Mine, sb.Prompt)
	}
	tokens := run(b, "B's tokens", 5*time.Second, chromedp.Evaluate[string](fmt.Sprintf(
		`Object.keys((JSON.parse(localStorage.getItem('sandtable.games.v1') || '{}')[%q] || {}).tokens || {}).join(',')`, g.ID)))
	if tokens != "british" {
		t.Fatalf("B's browser holds the seats %q, want british only", tokens)
	}
	tm.mark("A and B open their links")

	// B sets up three units by clicking on the map; A follows live and never
	// sees them.
	for i := range 3 {
		v := srv.view(g.ID, g.Tokens["british"])
		sb = b.choose(sb.Version, v.View.Choices[0])
		sa = a.waitFor("A sees B's choice", 10*time.Second, fmt.Sprintf("s.version === %d", sb.Version))
		if sb.BoardBritish < i+1 {
			t.Fatalf("B does not see its own %d units on the map (%d)", i+1, sb.BoardBritish)
		}
		if len(sa.GBOutsideArtillery) > 0 || sa.BoardBritish > 0 || strings.Contains(sa.LogText, "sets up") {
			t.Fatalf("A (german) sees the British set-up: counters %v, log:\n%s", sa.GBOutsideArtillery, sa.LogText)
		}
	}
	tm.mark("B clicks 3 set-ups, A follows live")

	// The rest of the British set-up over the API; then A sets up, and B
	// sees none of it.
	// Each page draws every view pushed to it: a burst of them takes a while.
	v := srv.playFirst(g.ID, g.Tokens["british"], "setup-british")
	caughtUp := time.Now()
	sa = a.waitFor("A's turn", 30*time.Second, fmt.Sprintf("s.version === %d && s.mine && s.step === 'setup-german'", v))
	b.waitFor("B waits", 30*time.Second, fmt.Sprintf("s.version === %d && !s.mine", v))
	t.Logf("the pages drew the rest of the British set-up %.2fs after the API made it", time.Since(caughtUp).Seconds())
	if len(sa.GBOutsideArtillery) > 0 || sa.BoardBritish > 0 {
		t.Fatalf("A (german) sees British counters after their set-up: %v", sa.GBOutsideArtillery)
	}
	if !strings.Contains(sa.Prompt, "German set-up") {
		t.Fatalf("A's prompt: %q", sa.Prompt)
	}
	for i := range 3 {
		v := srv.view(g.ID, g.Tokens["german"])
		sa = a.choose(sa.Version, v.View.Choices[0])
		sb = b.waitFor("B sees A's choice", 10*time.Second, fmt.Sprintf("s.version === %d", sa.Version))
		if sa.BoardGerman < i+1 {
			t.Fatalf("A does not see its own %d units on the map (%d)", i+1, sa.BoardGerman)
		}
		if len(sb.DEOutsideArtillery) > 0 || sb.BoardGerman > 0 {
			t.Fatalf("B (british) sees the German set-up: %v", sb.DEOutsideArtillery)
		}
	}
	tm.mark("A clicks 3 set-ups, B follows live")

	// Once both set-ups are in they are revealed to both.
	v = srv.playFirst(g.ID, g.Tokens["german"], "setup-german")
	caughtUp = time.Now()
	sa = a.waitFor("A after the reveal", 30*time.Second, fmt.Sprintf("s.version === %d", v))
	sb = b.waitFor("B after the reveal", 30*time.Second, fmt.Sprintf("s.version === %d", v))
	t.Logf("the pages drew the rest of the German set-up %.2fs after the API made it", time.Since(caughtUp).Seconds())
	if sa.BoardBritish == 0 || sb.BoardGerman == 0 || !strings.Contains(sa.LogText, "revealed") {
		t.Fatalf("after both set-ups: A sees %d British counters, B sees %d German ones; A's log:\n%s", sa.BoardBritish, sb.BoardGerman, sa.LogText)
	}
	for _, p := range []*page{a, b} {
		if !run(p, "check for a reload", 5*time.Second, chromedp.Evaluate[bool](`window.e2eNoReload === true`)) {
			t.Fatalf("%s reloaded the page", p.name)
		}
		if s := p.stateQuiet(); s.Conn != "live" {
			t.Fatalf("%s: the connection is %q, not live", p.name, s.Conn)
		}
	}
	tm.mark("set-ups revealed to both")

	// The counters are copies of the server's symbols (the ones its own SVG
	// places), built from the board document, and the sides are in its
	// colours.
	var doc struct {
		Palette struct{ Sides map[string]string }
		Symbols []struct {
			ID    string
			Parts []json.RawMessage
		}
	}
	srv.call("GET", "/api/games/"+g.ID+"/board", "", nil, &doc)
	faces := map[string]string{}
	for _, sy := range doc.Symbols {
		if len(sy.Parts) > 0 {
			faces[sy.ID] = string(sy.Parts[0])
		}
	}
	type placed struct{ Unit, Symbol, Face string }
	onMap := run(a, "the counters' faces", 5*time.Second, chromedp.Evaluate[[]placed](`[...document.querySelectorAll('#board [data-unit] .face')]
	  .map((f) => { const id = f.dataset.symbol, r = f.firstElementChild;
	    return {unit: f.closest('[data-unit]').dataset.unit, symbol: id, face: r ? JSON.stringify([r.tagName, Object.fromEntries([...r.attributes].map((x) => [x.name, x.value]))]) : ''}; })`))
	for _, c := range onMap {
		want, ok := faces[c.Symbol]
		if !ok || !strings.HasPrefix(c.Symbol, "counter-"+c.Unit) {
			t.Fatalf("counter %s is drawn with %q, not one of its symbols of the board document", c.Unit, c.Symbol)
		}
		var w, got []any
		if json.Unmarshal([]byte(want), &w) != nil || json.Unmarshal([]byte(c.Face), &got) != nil || fmt.Sprint(w[:2]) != fmt.Sprint(got) {
			t.Fatalf("the page's copy of the symbol %s starts with %s, the board document's with %s", c.Symbol, c.Face, want)
		}
	}
	for side, colour := range doc.Palette.Sides {
		got := run(a, "a side's colour", 5*time.Second, chromedp.Evaluate[string](
			fmt.Sprintf(`getComputedStyle(document.documentElement).getPropertyValue('--side-%s').trim()`, side)))
		if got != colour || len(onMap) == 0 {
			t.Fatalf("the page's colour of %s is %q, the board document's %q (%d counters)", side, got, colour, len(onMap))
		}
	}
}
