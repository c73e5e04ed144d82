package e2e

import (
	"context"
	"fmt"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// socketProbe runs before the page's own scripts: it records when each
// WebSocket is made (__sockets) and, while __closeAs is set, hands the
// page's onclose that code instead of the one the socket closed with (a
// browser may close its socket only with 1000 or 3000–4999, the server's
// codes cannot be sent from the page).
const socketProbe = `(() => {
  const Real = window.WebSocket;
  window.__sockets = [];
  window.__closeAs = 0;
  window.WebSocket = class extends Real {
    constructor(...a) { super(...a); window.__sockets.push({at: performance.now(), ws: this}); }
    get onclose() { return super.onclose; }
    set onclose(f) { super.onclose = (ev) => f(window.__closeAs ? {code: window.__closeAs, reason: ''} : ev); }
  };
})()`

// TestReconnect: a socket closed with 1013 (the client fell behind,
// docs/api.md) is made again at once; one closed with 1001 (the server
// restarting) after the backoff of a failure, 1.5 s at the least (1 s
// doubled, less a quarter of jitter; web/README.md), the page polling
// meanwhile; either way the page is live again and takes the next move.
func TestReconnect(t *testing.T) {
	base := newServer(t)
	srv := api{t: t, base: base}
	g := srv.create("8", map[string]string{"german": "human", "british": "human"})
	p := newProfile(t, "watcher", base)
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	if _, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: socketProbe}); err != nil {
		t.Fatalf("adding the socket probe: %v", err)
	}
	p.open("/play/"+g.ID, ".game-page[data-version]")
	p.waitFor("the live page", 10*time.Second, "s.conn === 'live' && window.__sockets.length === 1")
	for _, c := range []struct {
		code     int
		min, max time.Duration // from the close to the next socket
	}{
		{1013, 0, 700 * time.Millisecond}, // at once: 200 ms ± a quarter; a plain drop waits 750 ms at the least
		{1001, 1500 * time.Millisecond, 10 * time.Second},
	} {
		n := run(p, "close the socket", 5*time.Second, chromedp.Evaluate[int](fmt.Sprintf(
			`(() => { window.__closeAs = %d; window.__closedAt = performance.now(); window.__sockets.at(-1).ws.close(); return window.__sockets.length; })()`, c.code)))
		p.waitFor(fmt.Sprintf("polling after %d", c.code), 5*time.Second, "s.conn === 'polling'")
		run(p, "stop the probe", 5*time.Second, chromedp.Evaluate[bool](`(window.__closeAs = 0, true)`))
		p.waitFor(fmt.Sprintf("live again after %d", c.code), 15*time.Second,
			fmt.Sprintf("s.conn === 'live' && window.__sockets.length === %d", n+1))
		gap := time.Duration(run(p, "the gap", 5*time.Second, chromedp.Evaluate[float64](
			`window.__sockets.at(-1).at - window.__closedAt`)) * float64(time.Millisecond))
		if gap < c.min || gap > c.max {
			t.Fatalf("after a close with %d the page made its next socket %v later, want %v to %v", c.code, gap, c.min, c.max)
		}
		// The new socket carries the next move: a push, not a poll (every 3 s).
		v := srv.view(g.ID, g.Tokens["british"])
		srv.call("POST", "/api/games/"+g.ID+"/choices", g.Tokens["british"], map[string]any{"version": v.Version, "choice": v.View.Choices[0].ID}, nil)
		start := time.Now()
		p.waitFor("the move pushed", 10*time.Second, fmt.Sprintf("s.version === %d", v.Version+1))
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("after reconnecting from %d the next move took %v to show", c.code, d)
		}
	}
}
