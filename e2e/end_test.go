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
	rec, err := http.Get(base + "/api/games/" + created.ID + "/record")
	if err != nil || rec.StatusCode != 200 {
		t.Fatalf("the finished game's record: %v %v", rec.Status, err)
	}
	rec.Body.Close()
	t.Logf("%d choices; winner %s (%s)", sum.Version, want, sum.Result.Level)
}
