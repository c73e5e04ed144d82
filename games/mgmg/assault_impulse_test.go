package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// impulseOf is side's impulse on September day in weather w with only the
// units listed on the map and the places listed Allied ("corps" or
// "airborne").
func impulseOf(t *testing.T, day int, sd side, w string, units []UnitPos, control map[string]string) *State {
	t.Helper()
	return edited(t, newTestState(t, "standard"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Weather = day, "impulse", sd.String(), "3", w
		p.Stack = []frame{{Proc: procImpulse, Side: sd}}
		p.Units, p.Control = units, control
	})
}

// sorted is the IDs in order.
func sorted(ids []string) []string { return slices.Sorted(slices.Values(ids)) }

// mgmg:8.21, mgmg:9.1, mgmg:9.2, mgmg:9.4, mgmg:8.3: the Guards' 2nd Grenadier (armour, MF 6)
// activates Valkenswaard (64) and moves by road into Free Eindhoven (63)
// for ½ MF, then into German-Controlled, Vacant Woensel (61): 2 MF, so the
// whole impulse counts at full rates, 1 + 2 = 3 MF of 6. XXX Corps takes
// Woensel (mgmg:7.2); the unit is Spent when the impulse ends.
func TestAssaultImpulseMoves(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{{ID: "gb-gds-2-gren", At: "64", Level: "fresh"}},
		map[string]string{"64": "corps", "63": "corps"})
	if got := ids(s); !slices.Equal(got, []string{"pass", "assault:64"}) {
		t.Fatalf("activations %v, want pass and assault:64", got)
	}
	play(t, s, "assault:64", "move:gb-gds-2-gren")
	if got := ids(s); !slices.Contains(got, "enter:63") || slices.Contains(got, "enter:F") || slices.Contains(got, "stop") {
		t.Fatalf("entries from Valkenswaard %v: want 63, not Zone F (mgmg:14.51); no stop before it moved", got)
	}
	if l := label(t, s, "enter:63"); l != "Enter 63 Eindhoven: ½ MF" {
		t.Errorf("enter:63 reads %q: the road into a Free area costs ½ MF (mgmg:9.4)", l)
	}
	if a, _ := engine.Find(s, "enter:63"); !slices.Equal(s.Describe(a).Refs, []string{"area:63"}) {
		t.Errorf("enter:63 refers to %v, want the place entered, to be clicked on the map", s.Describe(a).Refs)
	}
	play(t, s, "enter:63")
	// Woensel costs 2 MF and ends the ½ rate for the impulse: 3 MF in all
	// where ½ was spent, so entering it takes 2½ more.
	if l := label(t, s, "enter:61"); l != "Enter 61 Woensel: 2½ MF" {
		t.Errorf("enter:61 reads %q, want the 2½ MF it takes", l)
	}
	if got := ids(s); !slices.Contains(got, "stop") {
		t.Fatalf("after entering Eindhoven %v: the unit may stop", got)
	}
	if p := s.Prompt("allied").Text; !strings.Contains(p, "5½ MF left") {
		t.Errorf("prompt %q: after ½ MF of 6 the Guards have 5½ left", p)
	}
	play(t, s, "enter:61")
	mv := s.stack.top().Move
	if u := s.g.unit("gb-gds-2-gren"); s.units[u].Loc != s.g.at("61") || mv.Leg.leg().Spent() != 6 || s.control[s.g.at("61")] != ctlCorps {
		t.Fatalf("in %s with %s MF used, Woensel %s; want 61, 3 MF, XXX Corps Control", s.g.placeIDs[s.units[u].Loc], halves(mv.Leg.leg().Spent()), controlNames[s.control[s.g.at("61")]])
	}
	play(t, s, "stop")
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Fatalf("after the only unit moved: %v, want only end-impulse (mgmg:8.3)", got)
	}
	s.rng.Force(6, 6) // the Sunset DR: the day goes on
	play(t, s, "end-impulse")
	if u := s.g.unit("gb-gds-2-gren"); s.units[u].Level != StepSpent {
		t.Errorf("the Guards are %s after the impulse, want Spent (mgmg:8.3)", s.units[u].Level)
	}
}

// mgmg:8.22, mgmg:8.222, mgmg:26.0 example 14: Overcast; the Germans activate the
// Reichswald (36) for an Infiltration Impulse. Hermann rolls 2 (at most
// Groesbeek's TEM +2): Spent in Groesbeek (35). Becker rolls 5: he is in
// Groesbeek, Fresh, bound to assault.
func TestInfiltrationImpulse(t *testing.T) {
	s := impulseOf(t, 20, germans, "overcast", []UnitPos{
		{ID: "de-fj-becker", At: "36", Level: "fresh"}, {ID: "de-fj-hermann", At: "36", Level: "fresh"},
		{ID: "us-1-504", At: "35", Level: "spent"},
	}, map[string]string{"35": "airborne"})
	if got := ids(s); !slices.Contains(got, "infiltrate:36") {
		t.Fatalf("activations %v, want infiltrate:36", got)
	}
	play(t, s, "infiltrate:36", "move:de-fj-hermann")
	if got := ids(s); !slices.Equal(got, []string{"enter:35:infiltration"}) {
		t.Fatalf("Hermann's choices %v, want only the infiltration of 35 (open ground; 26 and 37 are German)", got)
	}
	s.rng.Force(2)
	play(t, s, "enter:35:infiltration", "keep") // the Allies hold the Advantage (mgmg:12.2)
	s.rng.Force(5)
	play(t, s, "move:de-fj-becker", "enter:35:infiltration", "keep")
	h, b := s.units[s.g.unit("de-fj-hermann")], s.units[s.g.unit("de-fj-becker")]
	if h.Loc != s.g.at("35") || h.Level != StepSpent || b.Loc != s.g.at("35") || b.Level != StepFresh {
		t.Errorf("Hermann %s in %s, Becker %s in %s; want both in 35, Hermann Spent, Becker Fresh to assault", h.Level, s.g.placeIDs[h.Loc], b.Level, s.g.placeIDs[b.Loc])
	}
	if mv := s.stack.top().Move; !mv.Mandatory.has(s.g.unit("de-fj-becker")) || mv.Mandatory.has(s.g.unit("de-fj-hermann")) {
		t.Error("Becker, not Hermann, is bound to the combined Mandatory Assault (mgmg:8.222)")
	}
}

// mgmg:20.61: in Impulse 0 of September 17 German units may not move, but
// a place may be activated to blow bridges (mgmg:19.4): the places offered
// are those beside a German bridge with an Allied-Controlled or Contested
// place across, and each offers no unit to move, only the end of the
// movement and then the demolitions.
func TestDDayImpulse0(t *testing.T) {
	s := newTestState(t, "standard")
	playDDay(t, s)
	germansStayPut(t, s)
}

// germansStayPut checks the German impulse s asks for as Impulse 0 of
// September 17 (mgmg:20.61): no unit moves, bridges may be blown.
func germansStayPut(t *testing.T, s *State) {
	t.Helper()
	got := ids(s)
	if got[0] != "pass" || len(got) == 1 {
		t.Fatalf("German Impulse %s of September 17: %v, want pass and the places beside bridges to blow", impulseName(s.impulse), got)
	}
	for _, id := range got[1:] {
		c := edited(t, s, func(*Position) {})
		play(t, c, id)
		if next := ids(c); !slices.Equal(next, []string{"end-impulse"}) {
			t.Fatalf("%s offers %v; want no unit to move, only the end of the movement", id, next)
		}
		play(t, c, "end-impulse")
		if next := ids(c); len(next) < 2 || next[0] != "done" || !strings.HasPrefix(next[1], "demolish:") {
			t.Errorf("after %s: %v; want the demolitions", id, next)
		}
	}
}

// Random play moves units: the conformance kit's games reach movement.
func TestRandomPlayMoves(t *testing.T) {
	s := newTestState(t, "standard")
	r := engine.NewRNG(7)
	moved := 0
	for range 3000 {
		if s.Result() != nil {
			break
		}
		legal := s.Legal(nil)
		a := legal[r.Intn(len(legal))]
		if k, _ := split(a); k == kEnter {
			moved++
		}
		if err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if moved == 0 {
		t.Error("3000 random choices entered no place")
	}
}

// mgmg:8.2, mgmg:8.22: the German may choose an Assault or an Infiltration
// Impulse or pass; the Allies never infiltrate. mgmg:8.5: no unit of the
// side not in its impulse moves, even in the activated place. mgmg:8.4:
// British and US units move in the same impulse. mgmg:9.3: units of the
// Active Area go to different places, one at a time (mgmg:9.1); leaving
// Contested Heumensoord (34) into a Free area each spends all its MF
// (mgmg:9.2). mgmg:10.6: the Allies may instead assault Hermann in 34
// before moving.
func TestImpulseChoicesAndNationalities(t *testing.T) {
	units := []UnitPos{
		{ID: "de-fj-becker", At: "36", Level: "fresh"},
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "34", Level: "fresh"},
		{ID: "de-fj-hermann", At: "34", Level: "fresh"},
	}
	control := map[string]string{"35": "airborne", "34": "corps", "33": "corps", "28": "corps"}
	s := impulseOf(t, 20, germans, "clear", units, control)
	noAir := slices.DeleteFunc(ids(s), func(id string) bool { return strings.HasPrefix(id, "interdict:") })
	// and 23, 28, 33 and 39 only to blow the German bridges 23/28 and 33/39
	// beside Allied-Controlled 28 and 33 (mgmg:8.21, 19.4)
	if got := sorted(noAir); !slices.Equal(got, []string{"assault:23", "assault:28", "assault:33", "assault:34", "assault:36", "assault:39", "infiltrate:36", "pass"}) {
		t.Errorf("German impulse choices %v, want pass, assault:34 and 36, infiltrate:36 (34 is not Free), and the bridges' places", got)
	}
	s = impulseOf(t, 20, allies, "clear", units, control)
	noAir = slices.DeleteFunc(ids(s), func(id string) bool { return strings.HasPrefix(id, "bombard-area:") }) // the RAF markers (bombard_test.go)
	if got := noAir; !slices.Equal(got, []string{"pass", "assault:34"}) {
		t.Errorf("Allied impulse choices %v, want pass and assault:34 (no Infiltration, mgmg:8.22)", got)
	}
	play(t, s, "assault:34")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"end-impulse", "move:gb-gds-1-gren", "move:us-1-504", "resolve:34"}) {
		t.Fatalf("units to move %v: the US and British units, not the Fresh German beside them (mgmg:8.5)", got)
	}
	play(t, s, "move:us-1-504", "enter:33", "move:gb-gds-1-gren", "enter:28")
	us, gb := s.units[s.g.unit("us-1-504")], s.units[s.g.unit("gb-gds-1-gren")]
	if us.Loc != s.g.at("33") || gb.Loc != s.g.at("28") {
		t.Errorf("the US unit in %s, the British in %s; want 33 and 28", s.g.placeIDs[us.Loc], s.g.placeIDs[gb.Loc])
	}
}

// mgmg:9.2, mgmg:10.2: the 82nd's battalion enters Groesbeek (35) and its
// Fresh German unit from Heumensoord (34): it stops there, bound to a
// Mandatory Assault, and the next unit may move; the impulse does not end
// before the assault is resolved (mgmg:10.1).
func TestEnteringEnemyUnits(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"},
		{ID: "de-fj-hermann", At: "35", Level: "fresh"},
	}, map[string]string{"34": "airborne"})
	play(t, s, "assault:34", "move:us-1-504")
	if l := label(t, s, "enter:35"); l != "Enter 35 Groesbeek: 4 MF, then it stops, a Mandatory Assault" {
		t.Errorf("enter:35 reads %q: a Fresh enemy unit makes it 4 MF, a stop and an assault (mgmg:9.2, 10.2)", l)
	}
	play(t, s, "enter:35")
	mv := s.stack.top().Move
	if u := s.g.unit("us-1-504"); s.units[u].Loc != s.g.at("35") || !mv.Mandatory.has(u) || mv.Unit != 0 {
		t.Errorf("the 1/504 in %s, bound to assault %v, still moving %v; want in 35, bound, stopped", s.g.placeIDs[s.units[u].Loc], mv.Mandatory.has(u), mv.Unit != 0)
	}
	if got := ids(s); !slices.Equal(got, []string{"move:us-3-504", "resolve:35"}) {
		t.Errorf("then %v, want the 3/504 to move or the assault resolved, not the end", got)
	}
}

// mgmg:9.22, mgmg:19.3, mgmg:26.0 example 7: in Nijmegen (28), Free, the
// Guards' 2nd Grenadier tries the German bridge to Oosterhout (23), where
// one Fresh German unit stands: -1 river, -1 the unit, so a 6 is needed.
// A 6: the bridge is Allied; the Grenadiers, 1 MF spent, cross for 4 more
// without the toll; the 1st Grenadier (MF 5) after them pays 4 + 1.
// A 5 fails, and no second attempt is offered that impulse.
func TestBridgeSeizure(t *testing.T) {
	start := func() *State {
		return impulseOf(t, 19, allies, "clear", []UnitPos{
			{ID: "gb-gds-2-gren", At: "28", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "28", Level: "fresh"},
			{ID: "de-fj-hermann", At: "23", Level: "fresh"},
		}, map[string]string{"28": "corps", "27": "corps", "29": "corps", "34": "corps"})
	}
	s := start()
	play(t, s, "assault:28", "move:gb-gds-2-gren")
	if !slices.Contains(ids(s), "seize:23") {
		t.Fatalf("choices %v: want seize:23", ids(s))
	}
	if got := label(t, s, "seize:23"); got != "Try to seize the bridge to 23 Oosterhout (1 MF): dr -2, 17%" {
		t.Errorf("%q: want the modifier -2 and the one die in six that seizes", got)
	}
	if p := s.Prompt("allied").Text; !strings.HasSuffix(p, "a unit picked moves at least once)") {
		t.Errorf("prompt %q: a unit picked may not stop before it enters a place or tries a bridge", p)
	}
	s.rng.Force(6)
	play(t, s, "seize:23") // the Allies hold the Advantage: no reroll betters a seizure (mgmg:12.2)
	bridge := s.g.bridgeAt[int(s.g.at("23"))*nPlaces+int(s.g.at("28"))]
	if s.bridges[bridge].Held != heldAllied {
		t.Fatalf("after a 6 the bridge is %s, want Allied", bridgeHeldNames[s.bridges[bridge].Held])
	}
	spent := func(id string) int { // MF halves the moving unit would have spent in Oosterhout
		mv := s.stack.top().Move
		e, err := s.ground(allies, &mv).Enter(moverOf(&s.g.units[s.g.unit(id)]), mv.Leg.leg(), int(s.g.at("23")), ViaBorder)
		if err != nil {
			t.Fatal(err)
		}
		return e.Leg.Spent()
	}
	if got := spent("gb-gds-2-gren"); got != 10 {
		t.Errorf("the seizer into Oosterhout: %s MF, want 5: 1 for the attempt, 4 to enter", halves(got))
	}
	play(t, s, "enter:23", "move:gb-gds-1-gren")
	if got := spent("gb-gds-1-gren"); got != 10 {
		t.Errorf("the 1st Grenadier into Oosterhout: %s MF, want 5: 4 and the toll", halves(got))
	}

	s = start()
	s.rng.Force(5)
	play(t, s, "assault:28", "move:gb-gds-2-gren", "seize:23", "keep")
	if got := ids(s); slices.Contains(got, "seize:23") || s.bridges[bridge].Held != heldGerman {
		t.Errorf("after a 5: %v, bridge %s; want it German and no second try", got, bridgeHeldNames[s.bridges[bridge].Held])
	}
}

// mgmg:12.2, mgmg:8.222: the Allies use the Advantage to reroll Hermann's
// successful Infiltration dr (2) and get a 5: Hermann must assault. The
// Advantage is spent, and passes to the Germans as their impulse ends.
// As it ends Hermann assaults (mgmg:8.222): AV 3 against DV 3 (the Spent
// 1/504) + 2 (Groesbeek's TEM) = 5; AT 3 + 12 = 15 against DT 5 + 2 = 7,
// 8 casualty points, more than the 3 a Spent unit takes: the 1/504 is
// eliminated (mgmg:10.5, 10.8) and Groesbeek is German (mgmg:7.2).
// Hermann may move on (mgmg:10.5); the German ends the impulse. The
// Allies, who no longer hold the Advantage, lose one unit: the German may
// move the Sunset DRM marker one space (mgmg:12.41), to -1.
func TestInfiltrationReroll(t *testing.T) {
	s := impulseOf(t, 20, germans, "overcast", []UnitPos{
		{ID: "de-fj-hermann", At: "36", Level: "fresh"}, {ID: "us-1-504", At: "35", Level: "spent"},
	}, map[string]string{"35": "airborne"})
	s.rng.Force(2, 5)
	play(t, s, "infiltrate:36", "move:de-fj-hermann", "enter:35:infiltration", "reroll")
	h := s.units[s.g.unit("de-fj-hermann")]
	if h.Level != StepFresh || !s.stack.top().Move.Mandatory.has(s.g.unit("de-fj-hermann")) || s.advantage != nobody {
		t.Fatalf("Hermann %s, bound to assault %v, Advantage %s; want Fresh and bound, the Advantage spent", h.Level, s.stack.top().Move.Mandatory.has(s.g.unit("de-fj-hermann")), s.advantage)
	}
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "end-impulse")
	if got := ids(s); !slices.Equal(got, []string{"move:de-fj-hermann", "end-impulse"}) {
		t.Fatalf("after the overrun %v: Hermann may move on (mgmg:10.5)", got)
	}
	play(t, s, "end-impulse")
	if got := ids(s); !slices.Equal(got, []string{"sunset-drm:-1", "sunset-drm:+0", "sunset-drm:+1"}) || s.active != germans {
		t.Fatalf("%s chooses among %v; want the German to move the Sunset DRM marker up to one space (mgmg:12.41)", s.active, got)
	}
	play(t, s, "sunset-drm:-1")
	if s.sunsetDRM != -1 {
		t.Errorf("Sunset DRM %d, want -1", s.sunsetDRM)
	}
	if s.advantage != germans {
		t.Errorf("after the German impulse the Advantage is %s's, want the Germans' (mgmg:12.2)", s.advantage)
	}
	if us := s.units[s.g.unit("us-1-504")]; us.Loc != locElim || s.controller(s.g.at("35")) != germans || s.active != allies {
		t.Errorf("the 1/504 at %d, 35 %s's, %s to move; want eliminated, German, the Allied impulse", us.Loc, s.controller(s.g.at("35")), s.active)
	}
}

// TestActivationsSeeEachPlace: the listing of activations, which reuses one
// ground for every place, offers exactly the places a ground built for each
// place as the Active Area lets activate (mgmg:8.21), Boat Assaults from it
// included (mgmg:9.5), over states sampled from random games.
func TestActivationsSeeEachPlace(t *testing.T) {
	checked := 0
	for _, s := range benchStates(t) {
		if s.step != stImpulse || s.impulseFrame().Move.Kind != impulseNone {
			continue
		}
		sd := s.active
		listed := map[int16]bool{}
		for _, a := range s.legalActivations(nil, sd) {
			if k, x := split(a); k == kAssaultImpulse {
				listed[int16(x)] = true
			}
		}
		for p := range int16(nPlaces) {
			if p == s.g.uk {
				continue
			}
			mv := s.startMoving(impulseAssault, p, sd)
			want := s.mayActivate(p, sd, &mv, s.ground(sd, &mv))
			if listed[p] != want {
				t.Errorf("%s, %s: %s listed %v, but its own ground says %v", s.active, impulseName(s.impulse), s.g.placeName(p), listed[p], want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no impulse state sampled")
	}
}

// TestBoatAssaultActivates: a place whose only move is a Boat Assault may
// be activated for it (mgmg:8.21, 9.5). The 129th Brigade in Druten (31),
// Corps-Controlled and on a supply line to Zone F, has Beuningen (30) and
// Niftrik (40) full with ten Allied units each, and the Waal before
// Zetten (19), where a German stands: the Boat Assault is its one move.
func TestBoatAssaultActivates(t *testing.T) {
	s := newTestState(t, "standard")
	control := map[string]string{}
	for _, id := range s.g.placeIDs {
		if id != "19" && id != "UK" {
			control[id] = "corps"
		}
	}
	us := []UnitPos{{ID: "gb-43-129", At: "31", Level: "fresh"}, {ID: "de-59-1034", At: "19", Level: "spent"}}
	for i, id := range []string{"gb-gds-2-gren", "gb-gds-1-gren", "gb-gds-1-cold", "gb-gds-5-cold", "gb-gds-2-irish", "gb-gds-3-irish", "gb-gds-2-welsh", "gb-gds-1-welsh", "gb-gds-art", "gb-xxx-corps-art",
		"gb-2hcr", "gb-8ab-47dg", "gb-8ab-1318h", "gb-8ab-sry", "gb-43-130", "gb-43-214", "gb-43-art", "us-1-504", "us-2-504", "gb-1abn-1-para"} {
		us = append(us, UnitPos{ID: id, At: []string{"30", "40"}[i/10], Level: "spent"})
	}
	s = impulseOf(t, 19, allies, "clear", us, control)
	if !slices.Contains(ids(s), "assault:31") {
		t.Fatalf("choices %v; want Druten offered for its Boat Assault", ids(s))
	}
	play(t, s, "assault:31", "move:gb-43-129")
	if got := ids(s); !slices.Equal(got, []string{"enter:19:boat"}) {
		t.Errorf("the 129th's moves %v; want only the Boat Assault into 19", got)
	}
}
