package mgmg

import (
	"slices"
	"testing"
)

// fh40:9.2: fh40's table puts wading a canal with the Boat Assault at All
// MF (mgmg's at 4 MF): SS-Regiment Deutschland, mechanized infantry of MF 5,
// wades from Dinther (48) into a Free Schijndel (49) with all 10 halves and
// stops; having gone ½ MF by road from 47 to 48 first, it may not wade at
// all (All MF is a unit's only move). In mgmg the same wade costs 4 MF (8
// halves) and leaves 1 MF to go on with.
func TestFH40WadeCanalAllMF(t *testing.T) {
	g := MustLoadFH40()
	a := func(id string) int { return int(g.at(id)) }
	gr := &Ground{Map: g.m, German: true, Day: 18, FH40: true, Places: make([]PlaceView, nPlaces)}
	mech := Mover{Type: MechanizedInfantry, German: true, MF: 5}
	e, err := gr.Enter(mech, StartLeg(a("48")), a("49"), ViaBorder)
	if err != nil || e.Crossing.Kind != CanalCrossing || !e.Leg.Done || e.Leg.Spent() != 10 {
		t.Fatalf("wading 48/49: %+v, %v; want all 10 halves and the unit's movement over", e.Leg, err)
	}
	road, err := gr.Enter(mech, StartLeg(a("47")), a("48"), ViaBorder)
	if err != nil || road.Leg.Spent() != 1 {
		t.Fatalf("47 to 48 by road: %+v, %v; want ½ MF (fh40:9.4)", road.Leg, err)
	}
	if _, err := gr.Enter(mech, road.Leg, a("49"), ViaBorder); err == nil {
		t.Error("after a move no unit wades a canal: it costs all MF (fh40:9.2)")
	}
	gr.FH40 = false
	e, err = gr.Enter(mech, StartLeg(a("48")), a("49"), ViaBorder)
	if err != nil || e.Leg.Done || e.Leg.Spent() != 8 {
		t.Errorf("mgmg's wade: %+v, %v; want 4 MF (8 halves) and 1 MF left (mgmg:9.2)", e.Leg, err)
	}
}

// fh40:20.4, fh40:10.2: the train stops in the first area holding an enemy
// unit, and with no attack factor makes no Mandatory Assault alone: into
// Boxmeer (45), Contested since before the impulse, it goes alone for 2 MF
// and stops, no assault due; into Mill (44), Contested too, but over the
// Dutch-held Gennep railway bridge, an assault is due (mgmg:10.2's second
// case), so only carrying a battalion, which is bound to it.
func TestFH40ZugIntoContested(t *testing.T) {
	g := MustLoadFH40()
	a := func(id string) int { return int(g.at(id)) }
	contested := PlaceView{Friends: 1, FreshEnemies: 1, ContestedAtStart: true}
	gr := &Ground{Map: g.m, German: true, Day: 18, FH40: true, Places: make([]PlaceView, nPlaces)}
	gr.Places[a("45")] = contested
	zug := moverOf(&g.units[g.unit("de-panzerzug-1")])
	e, err := gr.Enter(zug, StartLeg(a("44")), a("45"), ViaBorder)
	if err != nil || !e.Stop || !e.Leg.Done || e.Mandatory || e.Leg.Spent() != 4 {
		t.Fatalf("44 into Contested 45: %+v, %v; want 2 MF, a stop and no Mandatory Assault", e, err)
	}
	gr.Places[a("44")] = contested
	gr.SetBorder(Border{min(a("37"), a("44")), max(a("37"), a("44"))}, BorderView{Bridge: EnemyBridge, Rail: true})
	if _, err := gr.Enter(zug, StartLeg(a("37")), a("44"), ViaBorder); err == nil {
		t.Error("over the Dutch bridge into Contested Mill a Mandatory Assault is due: not the train alone")
	}
	zug.Carrying = true
	if e, err := gr.Enter(zug, StartLeg(a("37")), a("44"), ViaBorder); err != nil || !e.Mandatory || !e.Crossing.DefenderBridge || !e.Crossing.River {
		t.Errorf("carrying a battalion over the Dutch bridge: %+v, %v; want a Mandatory Assault over the enemy's river bridge (fh40:10.73C)", e, err)
	}
}

// fh40:4.117: River Bunker Garrisons never attack, not even as one more
// assaulting unit (+1, fh40:10.72B): the Dutch assault IR 454 in Grave
// (41), Contested, with the Grave battalion; the Grave artillery may
// support, the Grave garrison may not join.
func TestFH40BunkerNeverAttacks(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done")
	s = edited(t, s, func(p *Position) { moveUnits(p, "41", "de-254-ir454") })
	play(t, s, "assault:41", "resolve:41")
	if ids := choiceIDs(s); slices.Contains(ids, "join:nl-rbg-grave") || !slices.Contains(ids, "artillery:nl-peel-art-grave") {
		t.Errorf("choices %v: the artillery supports, the River Bunker Garrison does not join", ids)
	}
}
