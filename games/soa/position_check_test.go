package soa

import (
	"encoding/json"
	"strings"
	"testing"
)

// A position whose fields contradict each other is refused with an error
// that says what is wrong and what to set.
func TestPositionContradictions_soa20_1_soa5_5(t *testing.T) {
	g := MustLoad()
	s := rtNew(t, nil, 1)
	ccDo(t, s, "setup-historical", "setup-historical") // turn 1 begins
	for _, c := range []struct {
		edit func(p *Position)
		want string
	}{
		{func(p *Position) { p.Ammo = 1 }, "ammo 1 does not match turn 1"},                      // soa:20.1: no shortage before turn 6
		{func(p *Position) { p.Turn, p.Ammo = 8, 1 }, "set ammo to 2"},                          // soa:20.2
		{func(p *Position) { p.Revealed = false }, `revealed false contradicts step "impulse"`}, // soa:5.5
	} {
		p := s.Position().(Position)
		c.edit(&p)
		data, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.LoadPosition(data); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v; want one saying %q", err, c.want)
		}
	}
	if _, err := g.LoadPosition(mustJSON(s.Position())); err != nil {
		t.Fatalf("the unedited position: %v", err)
	}
}
