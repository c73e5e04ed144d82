package e2e

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"sandtable/engine"
)

// promptView is the part of a seat's view that says where the game stands.
type promptView struct {
	Step   string        `json:"step"`
	Phase  engine.Phase  `json:"phase"`
	Prompt engine.Prompt `json:"prompt"`
	Roll   *struct {
		For string `json:"for"`
	} `json:"roll"`
}

// closeCombatReroll plays random games of seeds 1 to 10 in the engine until
// one reaches a Tactical Advantage reroll offer of a close combat roll
// (soa:8.41, 9.6): it returns that game's seed, the engine there and the
// choices that lead there.
func closeCombatReroll(t *testing.T) (uint64, *sim, []string) {
	t.Helper()
	for game := uint64(1); game <= 10; game++ {
		m := newSim(t, fmt.Sprint(game))
		rng := rand.New(rand.NewPCG(game, 8))
		var played []string
		for {
			var v promptView
			viewOf(t, m.s, &v)
			if v.Step == "reroll" && v.Roll != nil && v.Roll.For == "close-combat" {
				return game, m, played
			}
			c := m.applyRandom(rng)
			if c == "" {
				break
			}
			played = append(played, c)
		}
	}
	t.Fatal("ten random games reach no reroll offer of a close combat roll")
	return 0, nil, nil
}

// TestCloseCombatRerollShowsItsPhase: a game played at random in the engine
// is stopped where the Tactical Advantage holder may reroll a close combat
// roll (soa:8.41, 9.6). Imported into the server, the page of the seat to
// move shows the Close Combat Phase (soa:6.4), not the Movement/Fire Phase
// the step's name might suggest, and asks the view's question; the other
// seat's page says whom it waits for; the replay of that step says whose
// move it was.
func TestCloseCombatRerollShowsItsPhase(t *testing.T) {
	seed, m, choices := closeCombatReroll(t)
	mover := m.s.ToMove()
	var want, other promptView
	viewOf(t, m.s, &want)
	raw, _ := json.Marshal(m.s.View(otherSeat(mover)))
	json.Unmarshal(raw, &other)
	if want.Phase.ID != "close-combat" || !strings.HasPrefix(other.Prompt.Text, "Waiting for the ") {
		t.Fatalf("the engine's views at the offer: %+v, the other seat's %+v", want, other)
	}
	base := newServer(t)
	srv := api{t: t, base: base}
	made := srv.importGame(seed, choices)
	version := importedVersion(srv, made.ID) // the set-up macros count as their placements

	p := newProfile(t, "the TA holder", base)
	p.hold(created{ID: made.ID, Tokens: map[string]string{string(mover): made.Tokens[string(mover)]}})
	p.open("/play/"+made.ID, ".game-page[data-version]")
	p.waitFor("the reroll offer", 10*time.Second, fmt.Sprintf("s.version === %d && s.step === 'reroll' && s.mine", version))
	if got := statusPhase(p); got != "close-combat|Close Combat Phase 6.4" {
		t.Errorf("the status shows the phase %q, want the Close Combat Phase", got)
	}
	if s := p.state(); !strings.Contains(s.Prompt, want.Prompt.Text) || !strings.Contains(want.Prompt.Text, "close combat roll") {
		t.Errorf("the prompt reads %q, want the view's %q", s.Prompt, want.Prompt.Text)
	}
	p.close()

	q := newProfile(t, "the other seat", base)
	q.hold(created{ID: made.ID, Tokens: map[string]string{string(otherSeat(mover)): made.Tokens[string(otherSeat(mover))]}})
	q.open("/play/"+made.ID, ".game-page[data-version]")
	s := q.waitFor("the wait", 10*time.Second, fmt.Sprintf("s.version === %d && !s.mine", version))
	if got := statusPhase(q); got != "close-combat|Close Combat Phase 6.4" {
		t.Errorf("the waiting seat's status shows the phase %q", got)
	}
	if !strings.Contains(s.Prompt, other.Prompt.Text) {
		t.Errorf("the waiting seat's prompt reads %q, want the view's %q", s.Prompt, other.Prompt.Text)
	}

	// A spectator is told who is to move, not that anyone waits.
	sp := newProfile(t, "a spectator", base)
	sp.open("/play/"+made.ID, ".game-page[data-version]")
	s = sp.waitFor("the spectator's view", 10*time.Second, fmt.Sprintf("s.version === %d", version))
	if who, w := sp.who(), capital(mover)+" to move"; who != w || !strings.HasPrefix(s.Prompt, capital(mover)+" to move: whether to reroll the close combat") {
		t.Errorf("a spectator's status says %q (want %q), its prompt %q", who, w, s.Prompt)
	}
	sp.close()

	// The replay at that step says whose move it was.
	q.open(fmt.Sprintf("/replay/%s?step=%d", made.ID, version), ".game-page[data-step]")
	run(q, "the replay's step", 10*time.Second, chromedp.WaitVisible("#status .who"))
	if who, w := q.who(), capital(mover)+" to move"; who != w {
		t.Errorf("the replay's status says %q, want %q", who, w)
	}
	if got := statusPhase(q); got != "close-combat|Close Combat Phase 6.4" {
		t.Errorf("the replay's status shows the phase %q", got)
	}
}

// otherSeat is the seat of soa that is not seat.
func otherSeat(seat engine.Seat) engine.Seat {
	if seat == "german" {
		return "british"
	}
	return "german"
}

// capital is a seat's name as a sentence begins it.
func capital(seat engine.Seat) string { return strings.ToUpper(string(seat)[:1]) + string(seat)[1:] }

// statusPhase is the phase the status shows: its id and its text.
func statusPhase(p *page) string {
	p.t.Helper()
	return run(p, "the status's phase", 5*time.Second, chromedp.Evaluate[string](
		`(() => { const e = document.querySelector('#status .phase'); return e ? (e.dataset.phase || '') + '|' + e.textContent.replace(/\s+/g, ' ').trim() : ''; })()`))
}
