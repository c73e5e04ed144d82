package soa

import (
	"encoding/json"
	"testing"

	"sandtable/engine"
)

// FuzzLoadPosition: no position document, however wrong, makes loading
// panic; one that loads draws, lists its choices and writes itself back
// to a position that loads to the same state.
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
