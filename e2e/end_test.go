package e2e

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
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
	}
	resp, err = http.Get(base + "/api/games/" + created.ID + "/log?from=0&limit=1")
	if err != nil {
		t.Fatal(err)
	}
	json.NewDecoder(resp.Body).Decode(&page)
	resp.Body.Close()
	watched := p.state()
	if watched.LogLines != page.LogLen || page.LogLen < 500 {
		t.Fatalf("the watching spectator shows %d log lines, the server has %d (want a whole game's, over 500)", watched.LogLines, page.LogLen)
	}
	late := newProfile(t, "late spectator", base)
	late.open("/play/"+created.ID, "#log li.line")
	if s := late.state(); s.LogLines != 100 || s.LogText != lastLines(watched.LogText, 100) {
		t.Fatalf("the late spectator shows %d log lines, want the newest 100 of the watcher's", s.LogLines)
	}
	late.do("ask for earlier lines", 10*time.Second, chromedp.Click(chromedp.CSS("#log li.older button")))
	late.waitFor("200 log lines", 10*time.Second, "s.logLines === 200")
	run(late, "scroll the log to the top", 5*time.Second, chromedp.Evaluate[bool]("(document.getElementById('log').scrollTop = 0) === 0"))
	if s := late.waitFor("300 log lines", 10*time.Second, "s.logLines === 300"); s.LogText != lastLines(watched.LogText, 300) {
		t.Fatal("the lines paged in are not the watcher's")
	}
	late.close()

	resp, err = http.Get(base + "/api/games/" + created.ID + "/record")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the finished game's record: %v %v", resp.Status, err)
	}
	data, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d choices; winner %s (%s)", sum.Version, want, sum.Result.Level)

	// The replay opens at the step its address names, and outlines the
	// place of the close combat being fought there.
	rec, err := engine.DecodeRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	m := newSim(t, "11")
	step, place := 0, ""
	for i, c := range rec.Choices {
		m.apply(c)
		if place = closeCombatOf(m.s); place != "" {
			step = i + 1
			break
		}
	}
	if place == "" {
		t.Fatal("no close combat in the whole game")
	}
	p.close() // the game took most of its time budget: the replay gets a tab of its own
	p = newProfile(t, "replay", base)
	p.open(fmt.Sprintf("/replay/%s?step=%d", created.ID, step), ".game-page[data-step]")
	p.do("the close combat outlined", 10*time.Second, chromedp.WaitVisible(chromedp.CSS(
		fmt.Sprintf(`#board [data-place=%q][data-mark="close-combat"]`, place))))
	if got, want := p.replayStep(), fmt.Sprintf("step %d of %d", step, sum.Version); got != want {
		t.Fatalf("/replay/ID?step=%d shows %q, want %q", step, got, want)
	}
	t.Logf("step %d: the close combat in %s is outlined", step, place)
	p.shot("replay-close-combat.png")
}

// closeCombatOf is the place a spectator's view marks as the close combat
// being fought, or "".
func closeCombatOf(s engine.State) string {
	data, _ := json.Marshal(s.View(engine.Spectator))
	var v struct {
		Marks []struct{ Place, Kind string }
	}
	json.Unmarshal(data, &v)
	for _, mk := range v.Marks {
		if mk.Kind == "close-combat" {
			return mk.Place
		}
	}
	return ""
}

// lastLines is the last n lines of text.
func lastLines(text string, n int) string {
	lines := strings.Split(text, "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}
