package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// germanImpulse is the German impulse of the given date at Impulse 1.
func germanImpulse(t *testing.T, day int) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse = day, "impulse", "german", "1"
		p.Stack = []frame{{Proc: procImpulse, Side: germans}}
	})
}

// airChoices are the impulse's choices other than activations for
// movement (assault_impulse.go): the pass and the Air Interdiction markers.
func airChoices(s *State) []string {
	return slices.DeleteFunc(ids(s), func(id string) bool {
		return strings.HasPrefix(id, "assault:") || strings.HasPrefix(id, "infiltrate:")
	})
}

// TestAirInterdiction: the first Air Interdiction marker flies from
// September 18, the second from the 19th (games/mgmg/data/setup.json,
// mgmg:18.2); placing one in a Drop Area or Supply Head is the whole German
// impulse and not a pass, it adds one to the place's Interdiction Value, and
// it stays until the Refit Phase ends (mgmg:16.4, mgmg:18.44).
func TestAirInterdiction(t *testing.T) {
	if got := airChoices(germanImpulse(t, 17)); !slices.Equal(got, []string{"pass"}) {
		t.Fatalf("September 17: %v; no Air Interdiction marker has come yet", got)
	}
	s := germanImpulse(t, 18)
	g := s.g
	var want []string
	for p := range nPlaces {
		if g.m.Drop(p) != "" || g.m.SupplyHead(p) {
			want = append(want, "interdict:"+g.placeIDs[p])
		}
	}
	got := airChoices(s)
	if !slices.Equal(got[1:], want) || got[0] != "pass" {
		t.Fatalf("September 18: %v; want pass and %v", got, want)
	}
	if !g.m.Adjacent(int(g.at("54")), int(g.at("55"))) {
		t.Fatal("the map: St. Oedenrode (54) and Son (55) should be adjacent")
	}
	before, son := s.interdictionValue(g.at("54")), s.interdictionValue(g.at("55"))
	play(t, s, "interdict:54")
	if s.active != allies || s.passes != 0 || s.interdictionValue(g.at("54")) != before+1 {
		t.Fatalf("%s to move, %d passes, Interdiction Value %d; want the Allied impulse, no pass counted, %d", s.active, s.passes, s.interdictionValue(g.at("54")), before+1)
	}
	// A marker counts in or next to a Drop Area (mgmg:18.44, 18.42).
	if got := s.interdictionValue(g.at("55")); got != son+1 {
		t.Errorf("Son (55), next to the marker: Interdiction Value %d, want %d", got, son+1)
	}
	s.rng.Force(6, 6) // the Allied Sunset DR: 12 > 1, the day goes on
	play(t, s, "pass", "keep")
	if got := airChoices(s); !slices.Equal(got, []string{"pass"}) {
		t.Errorf("the German impulse after: %v; the one marker of September 18 is on the map", got)
	}
	play(t, s, "pass")
	refitNothing(t, s)
	refitNothing(t, s)
	if s.step != stRegroup || s.markerIn(g.at("54")) {
		t.Errorf("step %s, marker still in 54 %v; it returns as the Refit Phase ends", stepNames[s.step], s.markerIn(g.at("54")))
	}
}

// TestAirMarkerPositions: a marker in a place with no Drop Area nor Supply
// Head is refused (mgmg:16.4).
func TestAirMarkerPositions(t *testing.T) {
	s := germanImpulse(t, 19)
	p := s.Position().(Position)
	p.AirAt = map[string]string{"luftwaffe-1": "1"}
	if _, err := s.g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), "16.4") {
		t.Errorf("a marker in area 1: error %v; want mgmg:16.4", err)
	}
}
