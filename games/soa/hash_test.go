package soa

import (
	"encoding/json"
	"reflect"
	"testing"

	"sandtable/engine"
)

var hashOptionSets = []map[string]string{nil, {"hidden_at": "on"}, {"combat": "chits"}, {"bidding": "on", "hidden_at": "on", "combat": "chits"}}

// rtReload loads a state's own position afresh: its hash is counted from scratch.
func rtReload(t *testing.T, s *State) *State {
	t.Helper()
	back, err := engine.LoadPositionDoc(s.g, engine.EncodePosition("soa", s))
	if err != nil {
		t.Fatal(err)
	}
	return back.(*State)
}

// The keys kept up to date choice by choice equal a count from scratch after
// every choice of random games under every option set, and the hash equals
// that of the same position loaded afresh.
func TestHashIncrementalMatchesScratch(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	pick := engine.NewRNG(17)
	for i := 0; i < games; i++ {
		s := rtNew(t, hashOptionSets[i%len(hashOptionSets)], uint64(i))
		for n := 0; s.ToMove() != ""; n++ {
			if s.zob != s.zobFull() {
				t.Fatalf("game %d choice %d (step %s): incremental keys %x, from scratch %x", i, n, stepNames[s.step], s.zob, s.zobFull())
			}
			if n%23 == 0 {
				if back := rtReload(t, s); back.Hash() != s.Hash() {
					t.Fatalf("game %d choice %d (step %s): hash %x, reloaded %x", i, n, stepNames[s.step], s.Hash(), back.Hash())
				}
			}
			rtPlay(t, s, &pick, 1)
		}
		if back := rtReload(t, s); back.Hash() != s.Hash() {
			t.Fatalf("game %d: final hash %x, reloaded %x", i, s.Hash(), back.Hash())
		}
	}
}

// Changing any one field of a position changes the hash, and each change
// gives a hash of its own.
func TestHashSeesEveryField(t *testing.T) {
	s := rtNew(t, map[string]string{"combat": "chits"}, 4)
	pick := engine.NewRNG(4)
	for s.step != stAbsorb && s.ToMove() != "" { // in the middle of a fire: the work fields are set
		rtPlay(t, s, &pick, 1)
	}
	if s.ToMove() == "" {
		t.Fatal("no fire with casualties in this game; pick another seed")
	}
	base := string(engine.EncodePosition("soa", s))
	edits := map[string]func(p map[string]any){
		"turn":       func(p map[string]any) { p["turn"] = p["turn"].(float64) + 1 },
		"vp":         func(p map[string]any) { p["vp"] = p["vp"].(float64) + 1 },
		"choices":    func(p map[string]any) { p["choices"] = p["choices"].(float64) + 1 },
		"rng":        func(p map[string]any) { p["rng"].(map[string]any)["state"] = 12345 },
		"forced die": func(p map[string]any) { p["rng"].(map[string]any)["forced"] = []int{3} },
		"unit place": func(p map[string]any) { rtUnit(p, 0)["at"] = "eliminated" },
		"committed":  func(p map[string]any) { u := rtUnit(p, 1); u["committed"] = u["committed"] != true },
		"cc mark":    func(p map[string]any) { rtUnit(p, 2)["cc_done"] = true },
		"control": func(p map[string]any) {
			c := p["control"].(map[string]any)
			for id, side := range c {
				c[id] = map[string]string{"german": "british", "british": "german"}[side.(string)]
				return
			}
		},
		"fire": func(p map[string]any) { p["fires"] = map[string]int{"1": 1} },
		"casualty": func(p map[string]any) {
			p["work"].(map[string]any)["CP"] = p["work"].(map[string]any)["CP"].(float64) + 1
		},
		"chits": func(p map[string]any) { p["chits"].([]any)[0].([]any)[0] = 9 },
		"tactical advantage": func(p map[string]any) {
			p["tactical_advantage"] = map[string]string{"german": "british", "british": "german"}[p["tactical_advantage"].(string)]
		},
		"attack av": func(p map[string]any) {
			p["work"].(map[string]any)["AV"] = p["work"].(map[string]any)["AV"].(float64) + 1
		},
	}
	seen := map[uint64]string{}
	for name, edit := range edits {
		var doc map[string]any
		if err := json.Unmarshal([]byte(base), &doc); err != nil {
			t.Fatal(err)
		}
		if len(seen) == 0 {
			seen[rtHashOf(t, s.g, doc)] = "the original"
		}
		edit(doc["state"].(map[string]any))
		h := rtHashOf(t, s.g, doc)
		if other, dup := seen[h]; dup {
			t.Errorf("changing %s gives the hash of %s", name, other)
		}
		seen[h] = name
	}
}

func rtUnit(p map[string]any, i int) map[string]any { return p["units"].([]any)[i].(map[string]any) }

// rtHashOf hashes a position document given as JSON values, without the
// checks LoadPosition makes: the hash must see a field even where a loaded
// position would refuse the change.
func rtHashOf(t *testing.T, g *Game, doc map[string]any) uint64 {
	t.Helper()
	b, err := json.Marshal(doc["state"])
	if err != nil {
		t.Fatal(err)
	}
	var p Position
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatal(err)
	}
	o, err := parseOptions(g, p.Options)
	if err != nil {
		t.Fatal(err)
	}
	s := g.newState(o, 0)
	s.rng, s.turn, s.vp, s.count, s.ta = p.RNG, p.Turn, p.VP, p.Choices, map[string]Side{"german": German, "british": British}[p.TA]
	if p.Chits != nil {
		s.chits = *p.Chits
	}
	for _, up := range p.Units {
		loc, _ := g.locIndex(up.At)
		s.units[g.byID[up.ID]] = unitState{Loc: loc, Committed: up.Committed, Hidden: up.Hidden, Weight: up.Weight,
			CCDead: up.CCDead, CCAttacked: up.CCAttacked, CCDone: up.CCDone, Screened: up.Screened}
	}
	for id, side := range p.Control {
		s.control[g.placeIndex[id]] = map[string]Side{"german": German, "british": British}[side]
	}
	for id, lvl := range p.Fires {
		s.fire[g.placeIndex[id]] = uint8(lvl)
	}
	s.setWork(*p.Work)
	s.stale()
	return s.Hash()
}

// A clone is independent of its original: the same choices take both to the
// same position and hash, and the clone's own choices leave the original as
// it was.
func TestCloneIsIndependent(t *testing.T) {
	pick := engine.NewRNG(23)
	for i := 0; i < 12; i++ {
		s := rtNew(t, hashOptionSets[i%len(hashOptionSets)], uint64(100+i))
		for s.ToMove() != "" {
			rtPlay(t, s, &pick, 37)
			before := string(engine.EncodePosition("soa", s))
			c := s.Clone().(*State)
			rtPlay(t, c, &pick, 25)
			if after := string(engine.EncodePosition("soa", s)); after != before {
				t.Fatalf("game %d choice %d: the clone's choices changed the original", i, s.count)
			}
			if err := s.Invariants(); err != nil {
				t.Fatalf("game %d: the original after its clone played: %v", i, err)
			}
			d := s.Clone().(*State)
			ids := rtPlay(t, s, &pick, 9)
			for _, id := range ids {
				ccDo(t, d, id)
			}
			if string(engine.EncodePosition("soa", d)) != string(engine.EncodePosition("soa", s)) || d.Hash() != s.Hash() {
				t.Fatalf("game %d choice %d: a clone given the same choices went elsewhere", i, s.count)
			}
		}
	}
}

// Every field of the work in progress moves the hash: a field added to Work
// (and setWork) but not to Hash fails here.
func TestHashSeesEveryWorkField(t *testing.T) {
	s := rtNew(t, nil, 1)
	h0 := s.Hash()
	typ := reflect.TypeOf(Work{})
	for i := 0; i < typ.NumField(); i++ {
		w := s.work()
		rtBump(t, reflect.ValueOf(&w).Elem().Field(i))
		c := s.Clone().(*State)
		c.setWork(w)
		if c.Hash() == h0 {
			t.Errorf("Work.%s does not move the hash", typ.Field(i).Name)
		}
	}
	// and every field of a frame on the stack (stack.go)
	w := s.work()
	w.Stack = []frame{{}}
	c := s.Clone().(*State)
	c.setWork(w)
	h1 := c.Hash()
	ftyp := reflect.TypeOf(frame{})
	for i := 0; i < ftyp.NumField(); i++ {
		w.Stack = []frame{{}}
		rtBump(t, reflect.ValueOf(&w.Stack[0]).Elem().Field(i))
		c := s.Clone().(*State)
		c.setWork(w)
		if c.Hash() == h1 {
			t.Errorf("frame.%s does not move the hash", ftyp.Field(i).Name)
		}
	}
}

// rtBump changes a value: numbers by one, booleans flipped, lists one
// element longer, structs and arrays in their first element.
func rtBump(t *testing.T, v reflect.Value) {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(v.Uint() + 1)
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Slice:
		v.Set(reflect.Append(v, reflect.Zero(v.Type().Elem())))
	case reflect.Struct:
		rtBump(t, v.Field(0))
	case reflect.Array:
		rtBump(t, v.Index(0))
	default:
		t.Fatalf("cannot change a %s", v.Kind())
	}
}
