package soa

import (
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
		Bots:   kitBots("random", "heuristic"),
	})
	if err != nil {
		t.Fatal(err)
	}
}

// kitBots are the named bots, repeatable, for the kit's check that a bot's
// choice does not change with what its seat may not know.
func kitBots(names ...string) []func(uint64) enginetest.Chooser {
	var out []func(uint64) enginetest.Chooser
	for _, name := range names {
		out = append(out, func(seed uint64) enginetest.Chooser {
			b, err := ai.New(name, ai.Config{Seed: seed, Repeatable: true})
			if err != nil {
				panic(err)
			}
			return b
		})
	}
	return out
}

// hiddenPair gives two positions of s that differ only in what seat may
// not know by the rules (secretFrom, bidSecretFrom): two enemy units of one
// type swap places while the set-ups are secret (soa:5.5) or while both are
// hidden anti-tank guns (soa:13.8), or the enemy's bid changes before both
// bids are in (soa:21.1).
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
