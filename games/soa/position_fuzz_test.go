package soa

import (
	"encoding/json"
	"strings"
	"testing"

	"sandtable/engine"
)

// badPosition is a position document with one wrong field, and the text its
// error must contain to name that field.
type badPosition struct {
	field string
	doc   []byte
}

// badPositions writes positions met in play (a move, an absorb, a retreat, a
// close-combat designation) back with one index or step requirement broken.
func badPositions(t testing.TB) []badPosition {
	g := MustLoad()
	fresh := func() *State {
		s := g.newState(options{}, 3)
		s.revealed, s.turn = true, 2
		for p := range s.perim {
			s.perim[p] = false
		}
		return s
	}
	do := func(s *State, ids ...string) *State {
		for _, id := range ids {
			a, err := engine.Find(s, id)
			if err != nil {
				t.Fatalf("%v", err)
			}
			if err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			checkOccFresh(t, s)
		}
		return s
	}
	put := func(s *State, place string, ids ...string) {
		for _, id := range ids {
			s.units[g.byID[id]].Loc = int16(g.board.MustIndex(place))
		}
		s.stale()
	}
	impulse := func(side Side) *State {
		s := fresh()
		s.step, s.imp, s.active, s.ta = stImpulse, side, side, British
		put(s, "16", "ss-ar1-1", "ss-ar1-2")
		put(s, "17", "gb-a1-1")
		return s
	}
	moving := do(impulse(German), "area:16", "move", "unit:ss-ar1-1")
	firing := impulse(British)
	firing.rng.Force(1, 1, 6, 6) // no effect; the Germans retreat anyway (soa:8.3553)
	absorbing := do(firing, "area:17", "fire", "target:16", "with:gb-a1-1", "confirm", "accept")
	retreating := do(absorbing.Clone().(*State), "retreat:ss-ar1-1", "retreat:ss-ar1-2")
	cc := fresh()
	put(cc, "10", "ss-ar1-1", "gb-a1-1", "gb-a1-2")
	cc.startCloseCombat()
	cc = do(cc, "attack:gb-a1-1")

	var out []badPosition
	add := func(s *State, field string, change func(p *Position, w *Work)) {
		p := s.Position().(Position)
		w := *p.Work
		change(&p, &w)
		p.Work = &w
		out = append(out, badPosition{field, mustJSON(p)})
	}
	add(moving, "Mover", func(_ *Position, w *Work) { w.Mover = 9999 })
	add(moving, "Mover", func(_ *Position, w *Work) { w.Mover = -5 })
	add(moving, "Mover", func(_ *Position, w *Work) { w.Mover = -1 })
	add(moving, "Origin", func(_ *Position, w *Work) { w.Origin = 99 })
	add(moving, "MoveLeft", func(_ *Position, w *Work) { w.MoveLeft = -2 })
	add(moving, "Attacks[0].Target", func(_ *Position, w *Work) { w.Attacks = []attack{{Target: 500, Units: []int16{1}}} })
	add(moving, "Attacks[0].Units", func(_ *Position, w *Work) { w.Attacks = []attack{{Target: 1}} })
	add(moving, "Attacks[0].Units[1]", func(_ *Position, w *Work) { w.Attacks = []attack{{Target: 1, Units: []int16{1, -3}}} })
	add(moving, "Stack[0].Attack", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procResolution, Attack: 5}} })
	add(moving, "Cur.Kind", func(_ *Position, w *Work) { w.Cur.Kind = 9 })
	add(moving, "Cur.Group", func(_ *Position, w *Work) { w.Cur.Group = 3 })
	add(moving, "Cur.Units[0]", func(_ *Position, w *Work) { w.Cur.Units = []int16{9999} })
	add(moving, "Cur.Units[0]", func(_ *Position, w *Work) { w.Cur.Kind, w.Cur.Units = atkArtillery, []int16{0} })
	add(moving, "Cur.Primary", func(_ *Position, w *Work) { w.Cur.Primary = 9999 })
	add(moving, "Stack[0].Back", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procReroll, For: rrExtinguish, Back: 7}} })
	add(moving, "Stack[0].For", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procReroll, For: 9}} })
	add(moving, "Stack[0].Pool", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procPlacement, Pool: 'Z', Left: 1}} })
	add(moving, "is not a procedure", func(_ *Position, w *Work) { w.Stack = []frame{{}} })
	add(moving, "Stack[0]: a fire-commit procedure runs inside a resolution procedure, not inside nothing", func(_ *Position, w *Work) {
		w.Stack = []frame{{Proc: procFireCommit, Left: 1}}
	})
	add(moving, "work.Stack holds a placement", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procPlacement, Pool: 'G', Left: 1}} })
	add(moving, "pool B", func(p *Position, w *Work) {
		p.Step, w.Stack = "event-b-unit", []frame{{Proc: procPlacement, Pool: 'G', Left: 1, Unit: -1}}
	})
	add(moving, "Stack[0].Given", func(_ *Position, w *Work) {
		w.Stack = []frame{{Proc: procPlacement, Pool: 'R', Left: 1, Given: 1 << 50}}
	})
	add(moving, "Stack[0].Unit", func(_ *Position, w *Work) { w.Stack = []frame{{Proc: procPlacement, Pool: 'G', Left: 1, Unit: 9999}} })
	add(moving, "ArtFirstBy", func(_ *Position, w *Work) { w.ArtFirst, w.ArtFirstBy = 3, 0 })
	add(moving, "ArtFirst", func(_ *Position, w *Work) { w.ArtFirst = 64 })
	add(moving, "ExtPlace", func(_ *Position, w *Work) { w.ExtPlace = 77 })
	add(moving, "CCAttacks[0].Target", func(_ *Position, w *Work) { w.CCAttacks = []ccAttack{{Target: 9999}} })
	add(moving, "CCIdx", func(_ *Position, w *Work) { w.CCIdx = -1 })
	add(cc, "Stack[0].Screen", func(_ *Position, w *Work) { w.Stack[0].Screen = 2 })
	add(moving, "passes", func(p *Position, _ *Work) { p.Passes = 7 })
	add(moving, "chits", func(p *Position, _ *Work) { p.Chits = &[2][13]uint8{{2: 9}} })
	add(moving, "setup_next", func(p *Position, _ *Work) {
		p.Step, p.Active, p.SetupNext, p.Revealed = "setup-british", "british", 999, false
	})
	add(moving, "artillery", func(p *Position, _ *Work) { p.Step = "artillery-target" })
	add(moving, "occupation limits", func(p *Position, _ *Work) { p.Step = "overstack" })
	add(moving, "Unit must name", func(p *Position, w *Work) {
		p.Step, w.Stack = "event-zone", []frame{{Proc: procPlacement, Pool: 'G', Left: 1, Unit: -1}}
	})
	add(absorbing, "Retreaters[0]", func(_ *Position, w *Work) { w.Retreaters = []int16{9999} })
	add(absorbing, "Stack[0].Cause", func(_ *Position, w *Work) { w.Stack[0].Cause = -9 })
	add(absorbing, "Stack[1].Left", func(_ *Position, w *Work) { w.Stack = append(w.Stack, frame{Proc: procFireCommit, Left: 7}) })
	add(absorbing, "Stack[1]: a reroll procedure runs inside nothing", func(_ *Position, w *Work) {
		w.Stack = append(w.Stack, frame{Proc: procReroll, For: rrExtinguish})
	})
	add(absorbing, "Stack[0].Attack", func(_ *Position, w *Work) { w.Stack[0].Attack = 1 })
	add(retreating, "Stack[0].Visited", func(_ *Position, w *Work) { w.Stack[0].Visited |= 1 << 40 })
	add(retreating, "Stack[0].Visited", func(_ *Position, w *Work) { w.Stack[0].Visited = 0 })
	add(retreating, "Stack[0].At", func(_ *Position, w *Work) { w.Stack[0].At = 40 })
	add(retreating, "inside a retreat procedure", func(_ *Position, w *Work) { w.Stack = nil })
	add(retreating, "Retreaters", func(_ *Position, w *Work) { w.Retreaters = nil })
	add(cc, "CCCur.Target", func(_ *Position, w *Work) { w.CCCur.Target = 9999 })
	add(cc, "CCCur.Target", func(_ *Position, w *Work) { w.CCCur.Target = -1 })
	add(cc, "CCPlace", func(_ *Position, w *Work) { w.CCPlace = -1 })
	add(cc, "Stack[0].Round", func(_ *Position, w *Work) { w.Stack[0].Round = 2 })
	add(cc, "Stack[0].First", func(_ *Position, w *Work) { w.Stack[0].First = 5 })
	add(cc, "inside a close-combat procedure", func(_ *Position, w *Work) { w.Stack = nil })
	add(cc, "ExtPlace", func(p *Position, w *Work) {
		p.Step, w.Stack, w.ExtPlace = "reroll", []frame{{Proc: procReroll, For: rrExtinguish}}, -1
	})
	return out
}

// TestLoadPositionRejectsBadWork: a hand-written position whose work names
// no unit, place or side, or whose step lacks what it works on, is refused
// with an error naming the field, not loaded into a state that panics.
func TestLoadPositionRejectsBadWork(t *testing.T) {
	g := MustLoad()
	for _, b := range badPositions(t) {
		_, err := g.LoadPosition(b.doc)
		if err == nil || !strings.Contains(err.Error(), b.field) {
			t.Errorf("field %s: error %v\n%s", b.field, err, b.doc)
		}
	}
}

// FuzzLoadPosition: no position document, however wrong, makes loading
// panic; one that loads draws, lists its choices, accepts each of them and
// writes itself back to a position that loads to the same state.
func FuzzLoadPosition(f *testing.F) {
	g := MustLoad()
	// Seeds: positions met in a random game, from the set-up to the end.
	pick := engine.NewRNG(3)
	s, err := g.New("basic", map[string]string{"hidden_at": "on"}, 3)
	if err != nil {
		f.Fatal(err)
	}
	for n := 0; ; n++ {
		if n%97 == 0 || s.ToMove() == "" {
			f.Add(mustJSON(s.Position()))
		}
		if s.ToMove() == "" {
			break
		}
		acts := s.Legal(nil)
		if err := s.Apply(acts[pick.Intn(len(acts))]); err != nil {
			f.Fatal(err)
		}
	}
	for _, b := range badPositions(f) {
		f.Add(b.doc)
	}
	for _, seed := range []string{
		`{"options":{},"rng":{"state":1,"rolls":0},"turn":2,"step":"impulse","active":"german","tactical_advantage":"british","vp":0,"revealed":true,"units":[{"id":"gb-a1-1","at":"7"},{"id":"ss-lr4-1","at":"13"}],"control":{"4":"british","5":"british","17":"british","18":"british","22":"british","23":"british"},"choices":0}`,
		`{"options":{"fog":"on"}}`, `{"turn":9}`, `{"units":[{"id":"nobody","at":"1"}]}`, `null`, `[]`, `{`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := g.LoadPosition(data)
		if err != nil {
			return
		}
		s := st.(*State)
		s.Text(engine.Spectator)
		for _, seat := range g.Seats() {
			s.View(seat)
		}
		if s.ToMove() != "" {
			for _, a := range s.Legal(nil) {
				s.Describe(a)
				if err := s.Clone().Apply(a); err != nil {
					t.Fatalf("a listed choice is refused: %v", err)
				}
			}
		}
		back, err := json.Marshal(s.Position())
		if err != nil {
			t.Fatalf("a loaded position does not encode: %v", err)
		}
		s2, err := g.LoadPosition(back)
		if err != nil {
			t.Fatalf("a loaded position, written back, does not load: %v\n%s", err, back)
		}
		if s2.Hash() != s.Hash() {
			t.Fatalf("a loaded position, written back and loaded, has another hash\n%s", back)
		}
	})
}
