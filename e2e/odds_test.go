package e2e

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// fireOdds are the odds of one fire attack (docs/formats.md, odds).
type fireOdds struct {
	AV         int  `json:"attack_value"`
	DV         int  `json:"defence_value"`
	Eliminated bool `json:"eliminated"` // AT guns alone: no roll (soa:13.4)
	Results    []struct {
		CP int     `json:"casualty_points"`
		P  float64 `json:"p"`
	} `json:"results"`
}

// oddsState is what a view's state says of the odds the page shows besides
// those of the fire being designated (docs/formats.md; games/soa/fire_odds.go).
type oddsState struct {
	Barrages []struct {
		Target string   `json:"target"`
		Group  string   `json:"group"`
		Odds   fireOdds `json:"odds"`
	} `json:"barrage_odds"`
	CloseCombat *struct {
		Modifier int `json:"modifier"`
		Need     int `json:"need"`
		Ways     int `json:"ways"`
	} `json:"close_combat_odds"`
	Designating *struct {
		Target  string `json:"target"`
		SetFire *struct {
			AtMost int `json:"at_most"`
			Ways   int `json:"ways"`
		} `json:"set_fire_odds"`
	} `json:"designating"`
}

// oddsView is a seat's view from the server.
type oddsView struct {
	Version int    `json:"version"`
	Seat    string `json:"seat"`
	View    struct {
		State oddsState `json:"state"`
	} `json:"view"`
}

// percent writes a chance as the page does: whole percent, "<1%" for a
// small chance that is not nil.
func percent(p float64) string {
	if p > 0 && p < 0.005 {
		return "<1%"
	}
	return fmt.Sprintf("%d%%", int(math.Round(p*100)))
}

// oddsKinds: what in a view shows each of the odds.
var oddsKinds = map[string]func(oddsState) bool{
	"barrage-odds":      func(s oddsState) bool { return len(s.Barrages) > 0 },
	"close-combat-odds": func(s oddsState) bool { return s.CloseCombat != nil },
	"set-fire-odds":     func(s oddsState) bool { return s.Designating != nil && s.Designating.SetFire != nil },
}

// TestOddsOnPage: games played at random in the engine are stopped where
// the seat to move calls a barrage (soa:14.5), designates a close combat
// (soa:9.6) or an attempt to set a fire (soa:18.3); each position, imported
// into the server, opens in the browser with the numbers of the seat's view
// on the page.
func TestOddsOnPage(t *testing.T) {
	found := map[string][]string{} // #id of the odds: the choices that lead there
	seed := map[string]uint64{}
	for game := uint64(1); game <= 6 && len(found) < len(oddsKinds); game++ {
		m := newSim(t, fmt.Sprint(game))
		rng := rand.New(rand.NewPCG(game, 7))
		var played []string
		for len(found) < len(oddsKinds) {
			var st oddsState
			viewOf(t, m.s, &st)
			for k, has := range oddsKinds {
				if _, ok := found[k]; !ok && has(st) {
					found[k], seed[k] = slices.Clone(played), game
				}
			}
			c := m.applyRandom(rng)
			if c == "" {
				break
			}
			played = append(played, c)
		}
	}
	if len(found) < len(oddsKinds) {
		t.Fatalf("six random games reach only the odds %v", found)
	}
	base := newServer(t)
	srv := api{t: t, base: base}
	for kind, choices := range found {
		made := srv.importGame(seed[kind], choices)
		var v oddsView
		for _, tok := range made.Tokens {
			if srv.call("GET", "/api/games/"+made.ID+"/view", tok, nil, &v); oddsKinds[kind](v.View.State) {
				break
			}
		}
		if !oddsKinds[kind](v.View.State) {
			t.Fatalf("the imported game %s shows no seat the %s", made.ID, kind)
		}
		p := newProfile(t, kind, base)
		p.openHeld(made)
		p.waitFor("the view", 10*time.Second, fmt.Sprintf("s.version === %d", v.Version))
		got := run(p, kind, 5*time.Second, chromedp.Poll[string](fmt.Sprintf(
			`(() => { const e = document.querySelector('#%s'); if (!e) return null;
			  const rows = [...e.querySelectorAll('tbody tr')];
			  return rows.length ? rows.map((r) => [...r.cells].map((c) => c.textContent).join('|')).join('\n') : e.textContent.replace(/\s+/g, ' '); })()`, kind),
			chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
		for _, want := range wantOdds(kind, v) {
			if !strings.Contains(got, want) {
				t.Fatalf("#%s reads %q, want %q (the %s view)", kind, got, want, v.Seat)
			}
		}
		t.Logf("%s: %s", kind, got)
		p.close()
	}
}

// wantOdds are the texts the page must show for the view's numbers.
func wantOdds(kind string, v oddsView) []string {
	st := v.View.State
	switch kind {
	case "barrage-odds":
		var out []string
		for _, b := range st.Barrages {
			hit := 0.0
			for _, r := range b.Odds.Results {
				if r.CP > 0 {
					hit += r.P
				}
			}
			if b.Odds.Eliminated {
				out = append(out, fmt.Sprintf("%s (%s)|–|–|100%%", b.Target, b.Group))
				continue
			}
			out = append(out, fmt.Sprintf("%s (%s)|%d|%d|%s", b.Target, b.Group, b.Odds.AV, b.Odds.DV, percent(hit)))
		}
		return out
	case "close-combat-odds":
		cc := st.CloseCombat
		mod := fmt.Sprint(cc.Modifier)
		if cc.Modifier > 0 {
			mod = "+" + mod
		}
		return []string{fmt.Sprintf("modifier %s, a die of %d or more eliminates the target, %d in 6 (%s)", mod, cc.Need, cc.Ways, percent(float64(cc.Ways)/6))}
	default:
		d := st.Designating
		return []string{fmt.Sprintf("Setting fire to %s: a die of %d or less, %d in 6 (%s)", d.Target, d.SetFire.AtMost, d.SetFire.Ways, percent(float64(d.SetFire.Ways)/6))}
	}
}
