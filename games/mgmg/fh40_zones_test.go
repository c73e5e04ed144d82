package mgmg

import "testing"

// fh40:16.22, fh40:7.2: an Air Bombardment target must have a German unit in
// or next to it, or border an Area the Germans Control; a Zone's Control
// counts for Victory Points only. With 9th Panzer gone from Zone D, still
// German-Controlled, Zone E (the Venlo battalion; its neighbours 45, 62 and
// D hold no German unit) is no target; Beek (27), next to German Wyler
// (26), is.
func TestFH40AirTargetsNotByZoneControl(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	zd := g.at("D")
	if !s.airMayBombard(g.at("E")) {
		t.Fatal("9th Panzer in Zone D, next to Zone E: E is a target")
	}
	for u := range int16(len(g.pieces.Units)) {
		if s.units[u].Loc == zd {
			s.put(u, g.at("36"), StepFresh)
		}
	}
	if s.controller(zd) != germans {
		t.Fatal("Zone D stays German until the turn's count (fh40:14.6)")
	}
	if s.airMayBombard(g.at("E")) {
		t.Error("Zone E borders only the German-Controlled Zone D: no Area the Germans Control, no German unit (fh40:16.22, fh40:7.2)")
	}
	if !s.airMayBombard(g.at("27")) {
		t.Error("Beek borders German Wyler: a target")
	}
}
