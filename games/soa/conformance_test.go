package soa

import (
	"slices"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/engine/enginetest"
)

// TestConformance runs the engine's conformance kit (docs/design.md section 6)
// with every option that hides something: secret set-ups (soa:5.5), hidden
// anti-tank guns (soa:13.8) and secret bids (soa:21.1).
func TestConformance(t *testing.T) {
	err := enginetest.TestGame(MustLoad(), enginetest.Config{
		Options: []map[string]string{
			{"hidden_at": "on", "bidding": "on"},
			{"hidden_at": "on", "combat": "chits"},
		},
		Games:  4,
		Seed:   1,
		Hidden: hiddenPair,
		Bots:   kitBots("random", "heuristic", "search:fast"),
	})
	if err != nil {
		t.Fatal(err)
	}
}

// kitBots are the named bots, repeatable, for the kit's check that a bot's
// choice does not change with what its seat may not know. Each thinks only
// a few iterations (the search's playouts, the heuristic's draws), which
// read determinizations all the same.
func kitBots(names ...string) []func(uint64) enginetest.Chooser {
	var out []func(uint64) enginetest.Chooser
	for _, name := range names {
		out = append(out, func(seed uint64) enginetest.Chooser {
			b, err := ai.New(name, ai.Config{Seed: seed, Repeatable: true, Iterations: 4})
			if err != nil {
				panic(err)
			}
			return b
		})
	}
	return out
}

// hiddenPair gives two positions of s that differ only in what seat may
// not know by the rules (secretFrom, bidSecretFrom): the enemy's secret
// set-up so far is drawn anew (soa:5.4, 5.5), a hidden anti-tank gun of the
// enemy moves to another place it could be (soa:13.8), or two enemy
// units of one type swap places while the set-ups are secret (soa:5.5) or
// while both are hidden guns, or the enemy's bid changes before both bids
// are in (soa:21.1).
func hiddenPair(st engine.State, seat engine.Seat, r *engine.RNG) (a, b engine.State, ok bool) {
	s := st.(*State)
	g := s.g
	p := s.Position().(Position)
	viewer := s.viewerSide(seat)
	q := p
	q.Units = append([]UnitPos(nil), p.Units...)
	changed := false
	var cands []int
	for i, u := range q.Units {
		if s.secretFrom(g.byID[u.ID], viewer) {
			cands = append(cands, i)
		}
	}
	switch {
	case !s.revealed && len(cands) > 0 && r.Intn(2) == 0:
		q.Units = redrawnUnits(s, viewer, r)
		changed = !slices.Equal(q.Units, p.Units)
	case r.Intn(2) == 0:
		changed = moveHiddenGun(s, q.Units, seat, r)
	}
	for n := 0; n < 8 && len(cands) > 1 && !changed; n++ {
		i, j := cands[r.Intn(len(cands))], cands[r.Intn(len(cands))]
		ui, uj := g.units[g.byID[q.Units[i].ID]], g.units[g.byID[q.Units[j].ID]]
		if g.side[g.byID[ui.ID]] == g.side[g.byID[uj.ID]] && ui.Type == uj.Type && q.Units[i].At != q.Units[j].At {
			q.Units[i].At, q.Units[j].At = q.Units[j].At, q.Units[i].At
			changed = true
		}
	}
	if p.Bids != nil {
		for _, side := range []Side{German, British} {
			if s.bidSecretFrom(side, viewer) {
				bids := *p.Bids
				bids[side] = minBid + (bids[side]-minBid+1)%(maxBid-minBid+1)
				q.Bids, changed = &bids, true
			}
		}
	}
	if !changed {
		return nil, nil, false
	}
	a, errA := g.LoadPosition(mustJSON(p))
	b, errB := g.LoadPosition(mustJSON(q))
	if errA != nil || errB != nil {
		return nil, nil, false // the swap broke a set-up rule the position checks (soa:3.62)
	}
	return a, b, true
}

// moveHiddenGun moves one of the enemy's hidden anti-tank guns in units to
// another place seat cannot rule out (gunPlaces, soa:13.8), one that leaves
// seat's choices as they are when it is to move: German armour's retreat
// destinations may tell where a gun is (soa:13.6). It reports whether it
// moved one.
func moveHiddenGun(s *State, units []UnitPos, seat engine.Seat, r *engine.RNG) bool {
	if s.viewerSide(seat) == British || !s.revealed {
		return false
	}
	var guns []int
	for i, up := range units {
		if u := s.g.byID[up.ID]; s.units[u].Hidden && s.units[u].Loc >= 0 {
			guns = append(guns, i)
		}
	}
	if len(guns) == 0 {
		return false
	}
	i := guns[r.Intn(len(guns))]
	u := s.g.byID[units[i].ID]
	c := s.Clone().(*State)
	c.put(u, locPool, c.units[u].Committed)
	var places []int16
	for _, p := range c.gunPlaces(nil) {
		if p != s.units[u].Loc {
			places = append(places, p)
		}
	}
	for range 8 {
		if len(places) == 0 {
			return false
		}
		k := r.Intn(len(places))
		c.put(u, places[k], c.units[u].Committed)
		if s.ToMove() != seat || slices.Equal(c.Legal(nil), s.Legal(nil)) {
			units[i].At = s.g.locName(places[k])
			return true
		}
		c.put(u, locPool, c.units[u].Committed)
		places = slices.Delete(places, k, k+1)
	}
	return false
}

// redrawnUnits is s's units with the set-up so far of every side viewer
// may not see drawn anew by the set-up rules (redrawSetup, soa:5.4, 5.5):
// other numbers of units in each place, which swapping two units keeps.
func redrawnUnits(s *State, viewer Side, r *engine.RNG) []UnitPos {
	c := s.Clone().(*State)
	for _, side := range []Side{German, British} {
		if side != viewer {
			c.redrawSetup(side, r)
		}
	}
	return c.Position().(Position).Units
}
