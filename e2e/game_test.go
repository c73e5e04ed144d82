package e2e

// What the tests know about the games: a mirror of the game in the engine
// (to check that the page lists exactly the engine's choices and to plan
// moves ahead), the API client, and choosing by clicking.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"sandtable/engine"
	"sandtable/games"
)

// sim is the game as the engine plays it, beside the one in the browser.
type sim struct {
	t *testing.T
	s engine.State
}

// newSim is a game of Storm Over Arnhem's basic scenario.
func newSim(t *testing.T, seed string) *sim {
	t.Helper()
	return newGameSim(t, "soa", "basic", seed)
}

// newGameSim is an engine game that follows the page's choices, for the
// game and scenario given.
func newGameSim(t *testing.T, game, scenario, seed string) *sim {
	t.Helper()
	g, err := games.Get(game)
	if err != nil {
		t.Fatal(err)
	}
	n, err := engine.ParseSeed(seed)
	if err != nil {
		t.Fatal(err)
	}
	s, err := g.New(scenario, nil, n)
	if err != nil {
		t.Fatal(err)
	}
	return &sim{t: t, s: s}
}

func (m *sim) choices() []engine.Choice { return engine.Choices(m.s) }

func (m *sim) apply(id string) {
	m.t.Helper()
	if err := apply(m.s, id); err != nil {
		m.t.Fatal(err)
	}
}

// applyRandom applies one of the legal choices, picked by rng, and returns
// it; "" once the game is over.
func (m *sim) applyRandom(rng *rand.Rand) string {
	m.t.Helper()
	cs := m.choices()
	if len(cs) == 0 {
		return ""
	}
	c := cs[rng.IntN(len(cs))].ID
	m.apply(c)
	return c
}

func (m *sim) step() string { return stepOf(m.s) }

// check compares the page with the engine: the same seat to move, the same
// step, and exactly the engine's legal choices in the engine's order.
func (m *sim) check(where string, s pageState) {
	m.t.Helper()
	if s.ToMove != string(m.s.ToMove()) || s.Step != m.step() {
		m.t.Fatalf("%s: the page shows %s to move at step %q; the engine has %s at %q", where, s.ToMove, s.Step, m.s.ToMove(), m.step())
	}
	// The page may put some first (a game's quick choices): the same set.
	if got, want := slices.Sorted(slices.Values(s.Choices)), slices.Sorted(slices.Values(choiceIDs(m.choices()))); !slices.Equal(got, want) {
		m.t.Fatalf("%s: the page lists the choices %v; the engine lists %v", where, s.Choices, want)
	}
}

func apply(s engine.State, id string) error {
	a, err := engine.Find(s, id)
	if err != nil {
		return err
	}
	return s.Apply(a)
}

func stepOf(s engine.State) string {
	data, err := json.Marshal(s.View(s.ToMove()))
	if err != nil {
		return ""
	}
	var v struct {
		Step string `json:"step"`
	}
	json.Unmarshal(data, &v)
	return v.Step
}

func logOf(s engine.State) string {
	lb := s.(engine.Logbook)
	seat := s.ToMove()
	var b strings.Builder
	for _, l := range lb.LogLines(seat, 0, lb.LogLen(seat)) {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

func choiceIDs(cs []engine.Choice) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.ID
	}
	return out
}

func has(s engine.State, id string) bool {
	return slices.Contains(choiceIDs(engine.Choices(s)), id)
}

// placeRef is the place (area or zone) a choice refers to, or "".
func placeRef(c engine.Choice) string {
	for _, r := range c.Refs {
		kind, id, _ := strings.Cut(r, ":")
		if kind == "area" || kind == "zone" || kind == "place" {
			return id
		}
	}
	return ""
}

// unitRef is the counter a choice refers to, or "".
func unitRef(c engine.Choice) string {
	for _, r := range c.Refs {
		if id, ok := strings.CutPrefix(r, "unit:"); ok {
			return id
		}
	}
	return ""
}

// planMove finds, for the seat to move at the start of an impulse, an area
// whose units may move, and one unit's move to a neighbouring area:
// area, "move", unit, destination, then "stop" and "end" when offered.
func planMove(s engine.State) ([]string, error) {
	for _, c := range engine.Choices(s) {
		if placeRef(c) == "" {
			continue
		}
		st := s.Clone()
		if apply(st, c.ID) != nil || !has(st, "move") || apply(st, "move") != nil {
			continue
		}
		for _, u := range engine.Choices(st) {
			if unitRef(u) == "" {
				continue
			}
			su := st.Clone()
			if apply(su, u.ID) != nil {
				continue
			}
			for _, d := range engine.Choices(su) {
				if !strings.HasPrefix(d.ID, "to:") || placeRef(d) == "" {
					continue
				}
				sd := su.Clone()
				seq := []string{c.ID, "move", u.ID, d.ID}
				if apply(sd, d.ID) != nil {
					continue
				}
				for _, tail := range []string{"stop", "end"} {
					if has(sd, tail) {
						apply(sd, tail)
						seq = append(seq, tail)
					}
				}
				if sd.ToMove() != s.ToMove() {
					return seq, nil
				}
			}
		}
	}
	return nil, fmt.Errorf("%s cannot move a unit now", s.ToMove())
}

// planFire finds, for the seat to move at the start of an impulse, a fire
// attack from an area at a target on the map, declared and rolled:
// area, "fire", target, the units that fire, "confirm", "resolve".
func planFire(s engine.State) ([]string, error) {
	for _, c := range engine.Choices(s) {
		if placeRef(c) == "" {
			continue
		}
		st := s.Clone()
		if apply(st, c.ID) != nil || !has(st, "fire") || apply(st, "fire") != nil {
			continue
		}
	targets:
		for _, tg := range engine.Choices(st) {
			if placeRef(tg) == "" {
				continue
			}
			sf := st.Clone()
			seq := []string{c.ID, "fire", tg.ID}
			if apply(sf, tg.ID) != nil {
				continue
			}
			with := 0
			for range 12 {
				cs := engine.Choices(sf)
				var next string
				switch {
				case has(sf, "resolve"):
					next = "resolve"
				case with > 0 && has(sf, "confirm"):
					next = "confirm"
				default:
					for _, x := range cs {
						if strings.HasPrefix(x.ID, "with:") && unitRef(x) != "" {
							next = x.ID
							with++
							break
						}
					}
					if next == "" && len(cs) > 0 && placeRef(cs[0]) == "" && unitRef(cs[0]) == "" && stepOf(sf) == "fire-group" {
						next = cs[0].ID
					}
				}
				if next == "" {
					continue targets
				}
				if apply(sf, next) != nil {
					continue targets
				}
				seq = append(seq, next)
				if next == "resolve" {
					if strings.Contains(logOf(sf), "AV") {
						return seq, nil
					}
					continue targets
				}
			}
		}
	}
	return nil, fmt.Errorf("%s has no fire attack now", s.ToMove())
}

// find returns the choice with this id among cs.
func find(t *testing.T, cs []engine.Choice, id string) engine.Choice {
	t.Helper()
	for _, c := range cs {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("%q is not among the choices %v", id, choiceIDs(cs))
	return engine.Choice{}
}

// choose makes choice c on the page by clicking: on the map when it refers
// to a place or a counter, else its button; a menu, if one opens, is
// answered. v is the version on screen; it returns the page after.
func (p *page) choose(v int, c engine.Choice) pageState {
	p.t.Helper()
	switch {
	case placeRef(c) != "":
		p.clickPlace(placeRef(c))
	case unitRef(c) != "":
		if !p.clickUnitInStack(unitRef(c), c.ID) {
			p.clickUnit(unitRef(c))
		}
	default:
		p.clickChoiceButton(c.ID)
	}
	s := p.waitVersion(v)
	if s.Menu {
		p.click(fmt.Sprintf(`#choice-menu button[data-choice=%q]`, c.ID))
		s = p.waitVersion(v)
	}
	if s.Curtain != "" {
		// Hotseat: the privacy screen asks to pass the device on.
		p.curtains = append(p.curtains, s.Curtain)
		p.click("#handover-continue")
		s = p.waitVersion(v)
	}
	if s.Error != "" {
		p.t.Fatalf("%s: choosing %s: the page shows an error: %s", p.name, c.ID, s.Error)
	}
	// One version per atomic choice: a set-up choice for several units
	// counts each placement (docs/api.md).
	several := strings.HasPrefix(c.ID, "setup-") || strings.HasPrefix(c.ID, "platoon:") || strings.HasPrefix(c.ID, "company:")
	if s.Version != v+1 && !(several && s.Version > v+1) {
		p.t.Fatalf("%s: after choosing %s at version %d the page shows version %d", p.name, c.ID, v, s.Version)
	}
	return s
}

// ---- the API, as a program uses it ----

type api struct {
	t    *testing.T
	base string
}

// importGame imports the basic scenario of Storm Over Arnhem with seed,
// played as choices (POST /api/import), every seat human.
func (a api) importGame(seed uint64, choices []string) created {
	a.t.Helper()
	g, err := games.Get("soa")
	if err != nil {
		a.t.Fatal(err)
	}
	rec := engine.NewRecord(g)
	rec.Scenario, rec.Seed, rec.Choices = "basic", seed, choices
	var made created
	a.call("POST", "/api/import", "", json.RawMessage(rec.Encode()), &made)
	return made
}

// importedVersion is the version of an imported game: its record's length,
// in which a macro choice the engine played counts as its atomic choices.
func importedVersion(a api, id string) int {
	a.t.Helper()
	var sum struct {
		Version int `json:"version"`
	}
	a.call("GET", "/api/games/"+id, "", nil, &sum)
	return sum.Version
}

type created struct {
	ID     string            `json:"id"`
	Tokens map[string]string `json:"tokens"`
	Links  map[string]string `json:"links"`
}

type seatView struct {
	Version int    `json:"version"`
	Seat    string `json:"seat"`
	View    struct {
		ToMove  string          `json:"to_move"`
		Choices []engine.Choice `json:"choices"`
		State   struct {
			Step  string `json:"step"`
			Units []struct {
				ID string `json:"id"`
				At string `json:"at"`
			} `json:"units"`
		} `json:"state"`
	} `json:"view"`
}

func (a api) call(method, path, token string, body, out any) {
	a.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var r io.Reader
	if body != nil {
		data, _ := json.Marshal(body)
		r = bytes.NewReader(data)
	}
	req, err := http.NewRequestWithContext(ctx, method, a.base+path, r)
	if err != nil {
		a.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		a.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	if res.StatusCode/100 != 2 {
		a.t.Fatalf("%s %s: %s: %s", method, path, res.Status, data)
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			a.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

func (a api) create(seed string, seats map[string]string) created {
	a.t.Helper()
	var c created
	a.call("POST", "/api/games", "", map[string]any{"game": "soa", "scenario": "basic", "seed": seed, "seats": seats}, &c)
	return c
}

func (a api) view(id, token string) seatView {
	a.t.Helper()
	var v seatView
	a.call("GET", "/api/games/"+id+"/view", token, nil, &v)
	return v
}

// playFirst makes the seat's first legal choice while it is to move and
// its step starts with prefix; it returns the version reached.
func (a api) playFirst(id, token, prefix string) int {
	a.t.Helper()
	for {
		v := a.view(id, token)
		if v.View.ToMove != v.Seat || !strings.HasPrefix(v.View.State.Step, prefix) || len(v.View.Choices) == 0 {
			return v.Version
		}
		var out struct {
			Version int `json:"version"`
		}
		a.call("POST", "/api/games/"+id+"/choices", token, map[string]any{"version": v.Version, "choice": v.View.Choices[0].ID}, &out)
	}
}
