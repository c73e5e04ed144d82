package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestGameToTheEnd follows a whole game between two bots as a spectator:
// the page keeps up with every pushed view to the end, shows the result the
// server reached, and the finished game's record can be exported.
func TestGameToTheEnd(t *testing.T) {
	base := newServer(t)
	resp, err := http.Post(base+"/api/games", "application/json",
		strings.NewReader(`{"game":"soa","seed":"11","seats":{"german":"bot:random","british":"bot:random"}}`))
	if err != nil {
		t.Fatal(err)
	}
	var created struct{ ID string }
	json.NewDecoder(resp.Body).Decode(&created)
	resp.Body.Close()
	p := newProfile(t, "spectator", base)
	p.open("/play/"+created.ID, ".game-page[data-version]")
	p.do("the result screen", 90*time.Second, chromedp.WaitVisible(chromedp.CSS("#result[data-winner]")))
	shown := run(p, "the winner shown", 5*time.Second, chromedp.AttributeValue(chromedp.CSS("#result"), "data-winner")).Value

	var sum struct {
		Version int
		Result  *struct{ Winner, Level string }
	}
	r, err := http.Get(base + "/api/games/" + created.ID)
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(r.Body).Decode(&sum)
	r.Body.Close()
	if sum.Result == nil {
		t.Fatal("the page shows a result but the server has none")
	}
	want := sum.Result.Winner
	if want == "" {
		want = "draw"
	}
	if shown != want {
		t.Fatalf("the page shows winner %q, the server says %q (%s)", shown, want, sum.Result.Level)
	}
	if v := p.state().Version; v != sum.Version {
		t.Fatalf("the page shows version %d, the finished game has %d", v, sum.Version)
	}
	// The spectator who watched got every line by the pushes' cursor, the
	// whole log; one who opens the finished game gets the newest 100 lines
	// and pages older ones in (docs/api.md, the log by cursor).
	var page struct {
		LogLen int `json:"log_len"`
		Log    []struct{ Text string }
	}
	lr, err := http.Get(base + "/api/games/" + created.ID + "/log?from=0&limit=1")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(lr.Body).Decode(&page)
	lr.Body.Close()
	if n := p.state().LogLines; n != page.LogLen || page.LogLen < 500 {
		t.Fatalf("the watching spectator shows %d log lines, the server has %d (want a whole game's, over 500)", n, page.LogLen)
	}
	late := newProfile(t, "late spectator", base)
	late.open("/play/"+created.ID, "#log li.line")
	if s := late.state(); s.LogLines != 100 || s.LogText != lastLines(p.state().LogText, 100) {
		t.Fatalf("the late spectator shows %d log lines, want the newest 100 of the watcher's", s.LogLines)
	}
	late.do("ask for earlier lines", 10*time.Second, chromedp.Click(chromedp.CSS("#log li.older button")))
	late.waitFor("200 log lines", 10*time.Second, "s.logLines === 200")
	run(late, "scroll the log to the top", 5*time.Second, chromedp.Evaluate[bool]("(document.getElementById('log').scrollTop = 0) === 0"))
	if s := late.waitFor("300 log lines", 10*time.Second, "s.logLines === 300"); s.LogText != lastLines(p.state().LogText, 300) {
		t.Fatal("the lines paged in are not the watcher's")
	}
	rec, err := http.Get(base + "/api/games/" + created.ID + "/record")
	if err != nil || rec.StatusCode != 200 {
		t.Fatalf("the finished game's record: %v %v", rec.Status, err)
	}
	rec.Body.Close()
	t.Logf("%d choices; winner %s (%s)", sum.Version, want, sum.Result.Level)
}

// lastLines is the last n lines of text.
func lastLines(text string, n int) string {
	lines := strings.Split(text, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
