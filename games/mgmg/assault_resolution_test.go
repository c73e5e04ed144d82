package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// groesbeekAssault is the Allied impulse of TestEnteringEnemyUnits with
// both battalions of the 504th in Groesbeek (35), TEM +2, against
// Kampfgruppe Hermann (Fresh, DF 2), and the assault begun.
func groesbeekAssault(t *testing.T) *State {
	t.Helper()
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"},
		{ID: "de-fj-hermann", At: "35", Level: "fresh"},
	}, map[string]string{"34": "airborne"})
	play(t, s, "assault:34", "move:us-1-504", "enter:35", "move:us-3-504", "enter:35")
	if got := ids(s); !slices.Equal(got, []string{"resolve:35"}) {
		t.Fatalf("with both battalions in 35: %v, want only resolve:35 (mgmg:10.1, 10.2)", got)
	}
	play(t, s, "resolve:35")
	return s
}

// mgmg:10.72, mgmg:10.73, mgmg:10.7: the Point Unit's label previews the
// assault: AV 4 (1/504) + 1 (the 3/504, 10.72B) = 5 against DV 2
// (Hermann) + 2 (TEM) = 4. Success needs the attacker's 2d6 at least the
// defender's: (1296 - 146) / 2 + 146 = 721 of 1296, 56%; stalemate, one
// less, 140 of 1296, 11%; failure 435 of 1296, 34%. The position
// round-trips with the assault open.
func TestAssaultPreview(t *testing.T) {
	s := groesbeekAssault(t)
	if got := sorted(ids(s)); !slices.Equal(got, []string{"point:us-1-504", "point:us-3-504"}) {
		t.Fatalf("Point Unit choices %v, want either battalion (mgmg:10.72A)", got)
	}
	a, _ := engine.Find(s, "point:us-1-504")
	if l := s.Describe(a).Label; !strings.Contains(l, "AV 5 against DV 4: failure 34%, stalemate 11%, success 56%") {
		t.Errorf("label %q: want AV 5 against DV 4 and the odds 34/11/56", l)
	}
	back, err := engine.LoadPositionDoc(s.g, engine.EncodePosition("mgmg", s))
	if err != nil {
		t.Fatal(err)
	}
	if back.Hash() != s.Hash() || !slices.Equal(ids(back.(*State)), ids(s)) {
		t.Errorf("the position mid-assault does not round-trip")
	}
}

// mgmg:10.743, mgmg:10.8, mgmg:10.93: AT 5 + 4 = 9 against DT 4 + 3 = 7:
// two casualty points. Hermann, the Forward Unit, takes the first (Spent);
// the second as Disrupt 1 or as a retreat, the defender's choice; he
// stays. The 504th are Spent as the impulse ends (mgmg:10.743); nobody
// enters Groesbeek again this impulse (mgmg:10.1).
func TestAssaultSuccessCasualties(t *testing.T) {
	s := groesbeekAssault(t)
	s.rng.Force(2, 2, 2, 1)
	play(t, s, "point:us-1-504", "keep") // the Allies hold the Advantage (mgmg:12.2)
	h := s.g.unit("de-fj-hermann")
	if s.step != stCasualty || s.fightFrame().Fight.CP != 2 || s.ToMove() != "german" {
		t.Fatalf("step %s with %d CP for %s: want the German to take 2 casualty points", stepNames[s.step], s.fightFrame().Fight.CP, s.ToMove())
	}
	if got := ids(s); !slices.Equal(got, []string{"casualty:de-fj-hermann"}) {
		t.Fatalf("first casualty choices %v: the Fresh Forward Unit takes a step (mgmg:10.8)", got)
	}
	play(t, s, "casualty:de-fj-hermann")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"casualty:de-fj-hermann", "withdraw:de-fj-hermann"}) {
		t.Fatalf("second casualty choices %v: a step or the Spent unit's retreat (mgmg:10.8)", got)
	}
	play(t, s, "casualty:de-fj-hermann")
	if s.units[h].Level != StepDisrupt1 || s.units[h].Loc != s.g.at("35") {
		t.Fatalf("Hermann %s in %s, want Disrupt 1 in 35", s.units[h].Level, s.g.placeIDs[s.units[h].Loc])
	}
	if s.step != stVoluntary {
		t.Fatalf("step %s: want the defender's voluntary retreat (mgmg:10.93)", stepNames[s.step])
	}
	play(t, s, "stay")
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Fatalf("after the assault %v, want only the end of the impulse", got)
	}
	s.rng.Force(6, 6)
	play(t, s, "end-impulse")
	for _, id := range []string{"us-1-504", "us-3-504"} {
		if u := s.units[s.g.unit(id)]; u.Level != StepSpent || u.Loc != s.g.at("35") {
			t.Errorf("%s %s in %s, want Spent in 35 (mgmg:10.743)", id, u.Level, s.g.placeIDs[u.Loc])
		}
	}
}

// mgmg:10.741: AT 5 + 2 = 7 against DT 4 + 12 = 16, a failure: both
// battalions become Disrupt 1 and, the assault Mandatory, retreat into
// Heumensoord (34), where they came from; Hermann is untouched and
// Groesbeek German again (mgmg:7.2).
func TestAssaultFailureRetreat(t *testing.T) {
	s := groesbeekAssault(t)
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "point:us-3-504", "keep")
	for _, id := range []string{"us-1-504", "us-3-504"} {
		if u := s.units[s.g.unit(id)]; u.Level != StepDisrupt1 || u.Loc != s.g.at("34") {
			t.Errorf("%s %s in %s, want Disrupt 1 in 34 (mgmg:10.741)", id, u.Level, s.g.placeIDs[u.Loc])
		}
	}
	if h := s.units[s.g.unit("de-fj-hermann")]; h.Level != StepFresh {
		t.Errorf("Hermann %s, want Fresh: a failure does nothing to the defender", h.Level)
	}
	play(t, s, "stay")
	if s.controller(s.g.at("35")) != germans || s.step != stImpulse {
		t.Errorf("after the failure: 35 is %s's, step %s; want German, back in the impulse", s.controller(s.g.at("35")), stepNames[s.step])
	}
}

// mgmg:10.8, mgmg:10.92, mgmg:7.2: two casualty points; Hermann, Spent by
// the first, retreats for the second. From Groesbeek (35) the German
// retreat areas are the Free German-controlled 26, 27, 33, 36 and 38 (34,
// vacant and Allied, is none); 27 and 33 border Allied Heumensoord (34),
// so the priorities leave 26, 36 and 38, next to no enemy-controlled area.
// Hermann goes to 36; Groesbeek, without Germans, becomes Allied.
func TestAssaultDefenderRetreat(t *testing.T) {
	s := groesbeekAssault(t)
	s.rng.Force(2, 2, 2, 1)
	play(t, s, "point:us-1-504", "keep", "casualty:de-fj-hermann", "withdraw:de-fj-hermann")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"retreat-to:26", "retreat-to:36", "retreat-to:38"}) || s.ToMove() != "german" {
		t.Fatalf("retreat choices %v for %s, want 26, 36, 38 for the German (mgmg:10.92)", got, s.ToMove())
	}
	play(t, s, "retreat-to:36")
	h := s.units[s.g.unit("de-fj-hermann")]
	if h.Loc != s.g.at("36") || h.Level != StepSpent {
		t.Errorf("Hermann %s in %s, want Spent in 36", h.Level, s.g.placeIDs[h.Loc])
	}
	if s.step != stImpulse || s.controller(s.g.at("35")) != allies {
		t.Errorf("step %s, 35 %s's: want the impulse back and Groesbeek Allied (mgmg:7.2)", stepNames[s.step], s.controller(s.g.at("35")))
	}
}

// mgmg:10.72C, mgmg:10.72D, mgmg:15.12: the 82nd's 376th Parachute Field
// Artillery, Fresh in Free 33 next to Groesbeek, supports the 504th's
// assault: AV 4 + 1 (the 3/504) + 1 (support) + 1 (three units of the
// 82nd) = 7 against DV 4. Equal dice: 3 casualty points. The artillery
// stays Fresh (mgmg:8.3).
func TestAssaultArtillerySupport(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"},
		{ID: "us-376-pfab", At: "33", Level: "fresh"}, {ID: "de-fj-hermann", At: "35", Level: "fresh"},
	}, map[string]string{"34": "airborne", "33": "airborne"})
	play(t, s, "assault:34", "move:us-1-504", "enter:35", "move:us-3-504", "enter:35", "resolve:35", "point:us-1-504")
	if got := ids(s); !slices.Equal(got, []string{"artillery:us-376-pfab", "support-done"}) {
		t.Fatalf("support choices %v, want the 376th or none (mgmg:15.12)", got)
	}
	a, _ := engine.Find(s, "artillery:us-376-pfab")
	if l := s.Describe(a).Label; !strings.Contains(l, "AV 7 against DV 4") {
		t.Errorf("label %q: want AV 7 against DV 4", l)
	}
	s.rng.Force(3, 3, 3, 3)
	play(t, s, "artillery:us-376-pfab", "keep")
	wantCP(t, s, 3)
	play(t, s, "casualty:de-fj-hermann", "casualty:de-fj-hermann", "casualty:de-fj-hermann", "stay")
	s.rng.Force(6, 6)
	play(t, s, "end-impulse")
	if a := s.units[s.g.unit("us-376-pfab")]; a.Level != StepFresh || a.Loc != s.g.at("33") {
		t.Errorf("the 376th %s in %s, want Fresh in 33 (mgmg:8.3, 15.12)", a.Level, s.g.placeIDs[a.Loc])
	}
}

// mgmg:10.3, mgmg:10.741: Groesbeek (35) is Contested as the impulse
// begins (the Spent 2/504 beside Hermann), so the battalions entering it
// from Heumensoord are bound to nothing: the impulse may end, or they
// make an Optional Assault. It fails (AT 5 + 2 against DT 4 + 12): both
// are Disrupt 1 and may stay, as they do.
func TestOptionalAssault(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"},
		{ID: "us-2-504", At: "35", Level: "spent"}, {ID: "de-fj-hermann", At: "35", Level: "fresh"},
	}, map[string]string{"34": "airborne"})
	play(t, s, "assault:34", "move:us-1-504", "enter:35", "move:us-3-504", "enter:35")
	if got := ids(s); !slices.Equal(got, []string{"resolve:35", "end-impulse"}) {
		t.Fatalf("choices %v, want the optional assault or the end (mgmg:10.3)", got)
	}
	a, _ := engine.Find(s, "resolve:35")
	if l := s.Describe(a).Label; !strings.HasPrefix(l, "Make an Optional Assault") {
		t.Errorf("label %q: want an Optional Assault", l)
	}
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "resolve:35", "point:us-1-504")
	if got := ids(s); !slices.Equal(got, []string{"join:us-3-504", "support-done"}) {
		t.Fatalf("after the Point Unit %v: the 3/504 may assault too, or not (mgmg:10.3)", got)
	}
	play(t, s, "join:us-3-504", "keep")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"retreat:us-1-504", "retreat:us-3-504", "stay"}) {
		t.Fatalf("after the failure %v: each may retreat, or they stay (mgmg:10.741)", got)
	}
	play(t, s, "stay", "stay")
	for _, id := range []string{"us-1-504", "us-3-504"} {
		if u := s.units[s.g.unit(id)]; u.Level != StepDisrupt1 || u.Loc != s.g.at("35") {
			t.Errorf("%s %s in %s, want Disrupt 1 in 35", id, u.Level, s.g.placeIDs[u.Loc])
		}
	}
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Errorf("then %v, want the end: 35 is assaulted once an impulse (mgmg:8.21)", got)
	}
}

// mgmg:12.2, mgmg:10.5: the Allies hold the Advantage and reroll the
// assault's dice, all four (as a bombardment's): a failure (AT 5 + 2
// against DT 4 + 12) becomes AT 5 + 12 = 17 against DT 4 + 2 = 6, 11
// casualty points, more than Fresh Hermann's 4: he is eliminated. The
// Advantage is spent.
func TestAssaultReroll(t *testing.T) {
	s := groesbeekAssault(t)
	s.rng.Force(1, 1, 6, 6, 6, 6, 1, 1)
	play(t, s, "point:us-1-504")
	if s.step != stReroll || s.ToMove() != "allied" {
		t.Fatalf("step %s for %s: want the Advantage holder's reroll offer", stepNames[s.step], s.ToMove())
	}
	if p := s.Prompt("allied").Text; !strings.Contains(p, "the attacker's DR is 2, the defender's 12") {
		t.Errorf("prompt %q: want both DRs", p)
	}
	play(t, s, "reroll")
	if h := s.units[s.g.unit("de-fj-hermann")]; h.Loc != locElim || s.advantage != nobody || s.step != stImpulse {
		t.Errorf("Hermann at %d, Advantage %s, step %s: want eliminated, spent, back in the impulse", h.Loc, s.advantage, stepNames[s.step])
	}
}

// example14 is example 14's Infiltration Impulse (mgmg:26.0): Overcast;
// Hermann infiltrates Groesbeek (dr 2, Spent), Becker fails (dr 5), and
// the impulse ends: Becker is to assault.
func example14(t *testing.T) *State {
	t.Helper()
	s := impulseOf(t, 20, germans, "overcast", []UnitPos{
		{ID: "de-fj-becker", At: "36", Level: "fresh"}, {ID: "de-fj-hermann", At: "36", Level: "fresh"},
		{ID: "de-feldt-corps-art", At: "36", Level: "fresh"}, {ID: "us-1-504", At: "35", Level: "spent"},
	}, map[string]string{"35": "airborne"})
	s.rng.Force(2, 5)
	play(t, s, "infiltrate:36", "move:de-fj-hermann", "enter:35:infiltration", "keep", "move:de-fj-becker", "enter:35:infiltration", "keep", "end-impulse")
	return s
}

// mgmg:26.0 example 14, mgmg:8.222, mgmg:15.12, mgmg:10.741: Overcast;
// Hermann infiltrates Groesbeek (dr 2, Spent), Becker fails (dr 5). As
// the impulse ends Becker assaults the Spent 1/504, Korps Feldt's corps
// artillery supporting from the Reichswald (36): AV 2 + 1 = 3 against
// DV 3 + 2 (TEM) = 5. It fails (AT 3 + 2 against DT 5 + 12): Becker,
// Disrupt 1, retreats into 36; Hermann is untouched.
func TestExample14Assault(t *testing.T) {
	s := example14(t)
	if got := ids(s); !slices.Equal(got, []string{"artillery:de-feldt-corps-art", "support-done"}) {
		t.Fatalf("choices %v, want Feldt's support or none (mgmg:15.12)", got)
	}
	a, _ := engine.Find(s, "artillery:de-feldt-corps-art")
	if l := s.Describe(a).Label; !strings.Contains(l, "AV 3 against DV 5") {
		t.Errorf("label %q: want AV 3 against DV 5 (example 14)", l)
	}
	s.rng.Force(1, 1, 6, 6, 6, 6)
	play(t, s, "artillery:de-feldt-corps-art", "keep", "stay")
	b, h := s.units[s.g.unit("de-fj-becker")], s.units[s.g.unit("de-fj-hermann")]
	if b.Loc != s.g.at("36") || b.Level != StepDisrupt1 || h.Loc != s.g.at("35") || h.Level != StepSpent {
		t.Errorf("Becker %s in %s, Hermann %s in %s; want Disrupt 1 in 36, Spent in 35", b.Level, s.g.placeIDs[b.Loc], h.Level, s.g.placeIDs[h.Loc])
	}
	if s.active != allies || s.step != stImpulse {
		t.Errorf("%s to move at step %s, want the Allied impulse", s.active, stepNames[s.step])
	}
}

// mgmg:26.0 example 14, mgmg:10.5, mgmg:8.222: "in the unlikely event"
// that Becker's assault overruns (AT 3 + 12 against DT 5 + 6: 4 CP, more
// than the Spent 1/504's 3), Becker has 1 MF left: 3 + 1 (Overcast) less
// the 3 MF of entering Spent enemy units. He may move on before the
// impulse ends.
func TestExample14Overrun(t *testing.T) {
	s := example14(t)
	s.rng.Force(6, 6, 3, 3)
	play(t, s, "artillery:de-feldt-corps-art", "keep")
	if u := s.units[s.g.unit("us-1-504")]; u.Loc != locElim {
		t.Fatalf("the 1/504 is in %s, want eliminated by the overrun", s.g.locName(u.Loc))
	}
	if got := sorted(ids(s)); !slices.Equal(got, []string{"end-impulse", "move:de-fj-becker"}) {
		t.Fatalf("after the overrun %v: Becker may move on, or the impulse ends (mgmg:10.5)", got)
	}
	play(t, s, "move:de-fj-becker")
	if p := s.Prompt("german").Text; !strings.Contains(p, "has 1 MF left") {
		t.Errorf("prompt %q: Becker has 1 MF left (example 14)", p)
	}
}

// TestCutOffAirborneDefenders: two Fresh battalions of the 1st Airborne in
// Ede (6, TEM +2), with no supply line to Zone F, are assaulted. The
// forward unit gives DV 4 + 2 = 6; the other Fresh battalion adds one only
// while it has a line to Zone F, or on September 17 and 18, when no Allied
// unit is Isolated (mgmg:10.73E, 13.8): DV 7 on the 18th, 6 on the 19th.
func TestCutOffAirborneDefenders(t *testing.T) {
	for _, c := range []struct {
		day int
		dv  string
	}{{18, "DV 7"}, {19, "DV 6"}} {
		s := impulseOf(t, c.day, germans, "clear", []UnitPos{
			{ID: "de-59-1034", At: "1", Level: "fresh"},
			{ID: "gb-1abn-1-para", At: "6", Level: "fresh"},
			{ID: "gb-1abn-2-para", At: "6", Level: "fresh"},
		}, map[string]string{"6": "airborne"})
		play(t, s, "assault:1", "move:de-59-1034", "enter:6", "resolve:6")
		if got := label(t, s, "forward:gb-1abn-1-para"); !strings.Contains(got, "AV 3 against "+c.dv+":") {
			t.Errorf("September %d: %q; want AV 3 against %s", c.day, got, c.dv)
		}
	}
}

// TestXXXCorpsArtillerySupport: the XXX Corps Artillery supports an assault
// by a British unit of XXX Corps wherever it has come from, all of them
// having entered from Zone F (mgmg:15.13): the 2nd Grenadier Guards,
// moving from Eindhoven (63) into Woensel (61), may have it from
// Valkenswaard (64), two areas away.
func TestXXXCorpsArtillerySupport(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "63", Level: "fresh"},
		{ID: "gb-xxx-corps-art", At: "64", Level: "fresh"},
		{ID: "de-59-1034", At: "61", Level: "spent"},
	}, map[string]string{"63": "corps", "64": "corps"})
	play(t, s, "assault:63", "move:gb-gds-2-gren", "enter:61", "resolve:61")
	if !slices.Contains(ids(s), "artillery:gb-xxx-corps-art") {
		t.Errorf("choices %v; want the XXX Corps Artillery's support offered", ids(s))
	}
}

// A preview never rounds a possible result to 0% or a failable one to
// 100% (issue 8 section 5: the odds before an assault is confirmed).
func TestPercentOfKeepsTheExtremesHonest(t *testing.T) {
	for _, c := range []struct {
		ways, of int
		want     string
	}{{861, 1296, "66%"}, {1291, 1296, "99.6%"}, {5, 1296, "0.4%"}, {0, 1296, "0%"}, {1296, 1296, "100%"}, {648, 1296, "50%"}} {
		if got := percentOf(c.ways, c.of); got != c.want {
			t.Errorf("percentOf(%d, %d) = %q, want %q", c.ways, c.of, got, c.want)
		}
	}
}
