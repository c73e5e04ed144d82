package e2e

import (
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestLogRefs: hovering a log line marks on the map exactly the units and
// places its refs name (docs/formats.md, the log's refs), and moving off
// it clears them.
func TestLogRefs(t *testing.T) {
	srv, g, p := hotseatGame(t, "7")
	v := srv.view(g.ID, g.Tokens["british"])
	p.choose(0, v.View.Choices[0])
	var seat struct {
		View struct {
			Log []struct {
				Text string   `json:"text"`
				Refs []string `json:"refs"`
			} `json:"log"`
		} `json:"view"`
	}
	srv.call("GET", "/api/games/"+g.ID+"/view", g.Tokens["british"], nil, &seat)
	log := seat.View.Log
	if len(log) == 0 || len(log[len(log)-1].Refs) == 0 {
		t.Fatalf("the set-up's log line names nothing in its refs: %+v", log)
	}
	want := slices.Clone(log[len(log)-1].Refs)
	slices.Sort(want)
	p.waitFor("the set-up line", 5*time.Second, "s.logLines === "+strconv.Itoa(len(log)))
	p.hover("#log li.line:last-child")
	const flashed = `(() => [...document.querySelectorAll('#board .flash-outline')].map((e) => 'area:' + e.dataset.flash)
	  .concat([...new Set([...document.querySelectorAll('[data-unit].flash')].map((e) => 'unit:' + e.dataset.unit))]).sort())()`
	got := run(p, "the marked refs", 5*time.Second, chromedp.Evaluate[[]string](flashed))
	if !slices.Equal(got, want) {
		t.Fatalf("hovering %q marks %v; its refs are %v", log[len(log)-1].Text, got, want)
	}
	p.hover("#prompt")
	if got := run(p, "the marked refs", 5*time.Second, chromedp.Evaluate[[]string](flashed)); len(got) != 0 {
		t.Fatalf("off the line the map still marks %v", got)
	}
}
