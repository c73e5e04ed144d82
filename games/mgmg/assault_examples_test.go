package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// The examples of play of section 26 (mgmg:26.0) whose assaults run through
// an impulse, played end to end with forced dice on a State loaded from a
// position. Their arithmetic alone is in assault_test.go.

// label is the label of the choice id, failing the test when it is not
// legal.
func label(t *testing.T, s *State, id string) string {
	t.Helper()
	a, err := engine.Find(s, id)
	if err != nil {
		t.Fatalf("%s: %v (choices %v)", id, err, ids(s))
	}
	return s.Describe(a).Label
}

// unitAt fails the test unless unit id is at place with level.
func unitAt(t *testing.T, s *State, id, place string, level Step) {
	t.Helper()
	u := s.units[s.g.unit(id)]
	if u.Level != level || s.g.locName(u.Loc) != place {
		t.Errorf("%s is %s in %s, want %s in %s", id, u.Level, s.g.locName(u.Loc), level, place)
	}
}

// wantCP fails the test unless the defender is to take cp casualty points.
func wantCP(t *testing.T, s *State, cp int) {
	t.Helper()
	if s.step != stCasualty || int(s.fightFrame().Fight.CP) != cp {
		t.Fatalf("step %s with %d CP: want the defender to take %d casualty points (mgmg:10.743, 10.81)", stepNames[s.step], s.fightFrame().Fight.CP, cp)
	}
}

// mgmg:26.0 example 4, mgmg:10.6, mgmg:10.72, mgmg:10.73, mgmg:10.8,
// mgmg:10.92: the Guards assault the German units in Zone F. The example
// plays in the XXX Corps Ground Assault Phase (mgmg:20.5); the same assault
// is here an Allied Assault Impulse in Zone F, the Contested Active Area:
// the 2nd Grenadier Guards (AF 8) the Point Unit, the 1st Grenadier Guards
// assaulting too, the Guards artillery supporting: AV 8 + 1 + 1 + 1 (three
// Guards units) = 11. The Fresh 10SS 2/22 (DF 3) forward, four Spent units,
// Zone F's TEM 2: DV 5. Equal DRs: 6 CP. The 2/22 takes the first (Spent),
// 7 1/16 and the 6th Penal two each (Disrupt 2), and 7 1/16 retreats for
// the sixth, into Valkenswaard (64), the only place it may. The Guards do
// not retreat and stay Fresh until the impulse ends (mgmg:10.743); the
// assault cost every unit in Zone F 2 MF, a Fresh defender being there.
func TestExample4ZoneFAssault(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "F", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "F", Level: "fresh"}, {ID: "gb-gds-art", At: "F", Level: "fresh"},
		{ID: "de-10ss-2-22", At: "F", Level: "fresh"}, {ID: "de-9ss-2-20", At: "F", Level: "spent"}, {ID: "de-7-1-16", At: "F", Level: "spent"},
		{ID: "de-7-2-16", At: "F", Level: "spent"}, {ID: "de-penal-6", At: "F", Level: "spent"},
	}, map[string]string{"F": "corps"})
	play(t, s, "assault:F")
	if l := label(t, s, "resolve:F"); !strings.Contains(l, "Contested Active Area") {
		t.Errorf("label %q: want the assault in the Contested Active Area (mgmg:10.6)", l)
	}
	play(t, s, "resolve:F", "point:gb-gds-2-gren")
	if got := ids(s); !slices.Equal(got, []string{"join:gb-gds-1-gren", "artillery:gb-gds-art", "support-done"}) {
		t.Fatalf("choices %v: the 1st Grenadier may assault, the Guards artillery support (mgmg:10.6, 15.12)", got)
	}
	play(t, s, "join:gb-gds-1-gren")
	if l := label(t, s, "artillery:gb-gds-art"); !strings.Contains(l, "AV 11 against DV 5") {
		t.Errorf("label %q: want AV 11 against DV 5", l)
	}
	s.rng.Force(3, 4, 4, 3)
	play(t, s, "artillery:gb-gds-art", "forward:de-10ss-2-22", "keep")
	wantCP(t, s, 6)
	if got := ids(s); !slices.Equal(got, []string{"casualty:de-10ss-2-22"}) {
		t.Fatalf("first casualty choices %v: the Forward Unit's (mgmg:10.8)", got)
	}
	example4Losses(t, s)
	unitAt(t, s, "de-9ss-2-20", "F", StepSpent)
	unitAt(t, s, "gb-gds-2-gren", "F", StepFresh)
	if mv := s.impulseFrame().Move; mv.ActiveCost != 4 || !mv.Assaulted.has(int(s.g.at("F"))) {
		t.Errorf("ActiveCost %d halves, Zone F assaulted %v: want 2 MF and assaulted (mgmg:10.6)", mv.ActiveCost, mv.Assaulted.has(int(s.g.at("F"))))
	}
	s.rng.Force(6, 6)
	play(t, s, "end-impulse")
	unitAt(t, s, "gb-gds-2-gren", "F", StepSpent)
	unitAt(t, s, "gb-gds-1-gren", "F", StepSpent)
	unitAt(t, s, "gb-gds-art", "F", StepFresh) // mgmg:10.743, 8.3
}

// nijmegenTower is Allied-Contested Nijmegen (28, TEM 4) with three Guards units
// and the Nijmegen FLAK Tower at level tower, a Fresh German battalion in
// Oosterhout (23) across the German-held road bridge, on September 19.
func nijmegenTower(t *testing.T, tower string) *State {
	t.Helper()
	return impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "28", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "28", Level: "fresh"}, {ID: "gb-gds-1-cold", At: "28", Level: "fresh"},
		{ID: "de-tower-nijmegen", At: "28", Level: tower}, {ID: "de-10ss-1-22", At: "23", Level: "fresh"},
	}, map[string]string{"28": "corps", "34": "corps"})
}

// mgmg:26.0 example 7, mgmg:10.6, mgmg:10.5, mgmg:8.1, mgmg:9.22, mgmg:19.3: the
// Allies activate Nijmegen and assault the Spent tower (DF 1) there: AV
// 8 + 2 + 1 (three Guards units) = 11 against DV 1 + 4 = 5, 1 MF used.
// Equal DRs: 6 CP, three more than the Spent tower can take: it is
// eliminated and the Guards overrun. The 2nd Grenadier (MF 6) goes on with
// 5 MF and tries the bridge to Oosterhout: modifier -1 (river) -1 (one
// Fresh unit there) = -2, so a 6 takes it and a 5 does not. Had the tower
// been Fresh, the assault would have cost 2 MF.
func TestExample7OverrunAndSeizure(t *testing.T) {
	s := nijmegenTower(t, "spent")
	play(t, s, "assault:28", "resolve:28", "point:gb-gds-2-gren", "join:gb-gds-1-gren")
	if l := label(t, s, "join:gb-gds-1-cold"); !strings.Contains(l, "AV 11 against DV 5") {
		t.Errorf("label %q: want AV 11 against DV 5 (example 7)", l)
	}
	s.rng.Force(4, 4, 4, 4)
	play(t, s, "join:gb-gds-1-cold")
	// the overrun is the best the Allied holder can have, but a reroll would
	// make a new Sunset DR, which they may want (mgmg:12.2, 6.3)
	if got, want := label(t, s, "keep"), "Keep the assault's DRs, the attacker's 8 and the defender's 8: AT 19 against DT 13, the assault succeeds: "+
		"6 casualty points, more than the defenders can take: all are eliminated; it stands as the Sunset DR too; a reroll cannot better the result, only the Sunset DR"; got != want {
		t.Errorf("%q, want %q", got, want)
	}
	play(t, s, "keep")
	if u := s.units[s.g.unit("de-tower-nijmegen")]; u.Loc != locElim {
		t.Fatalf("the Nijmegen FLAK Tower is in %s, want eliminated", s.g.locName(u.Loc))
	}
	if got := sorted(ids(s)); !slices.Equal(got, []string{"end-impulse", "move:gb-gds-1-cold", "move:gb-gds-1-gren", "move:gb-gds-2-gren"}) {
		t.Fatalf("after the overrun %v: each assaulting unit may move on (mgmg:10.5)", got)
	}
	play(t, s, "move:gb-gds-2-gren")
	if p := s.Prompt("allied").Text; !strings.Contains(p, "has 5 MF left") {
		t.Errorf("prompt %q: the 2nd Grenadier has 5 MF of 6 left (mgmg:10.6)", p)
	}
	fail := s.Clone().(*State)
	s.rng.Force(6)
	play(t, s, "seize:23")
	if s.step == stReroll {
		t.Error("the Allies, holding the Advantage, are offered a reroll of a seizure that succeeds: none can do better (mgmg:12.2, docs/conformance/mgmg.md)")
	}
	if b := s.bridges[s.g.bridgeAt[int(s.g.at("23"))*nPlaces+int(s.g.at("28"))]]; b.Held != heldAllied {
		t.Errorf("after a 6 the bridge is %s, want Allied (dr 6 - 2 = 4)", bridgeHeldNames[b.Held])
	}
	fail.rng.Force(5)
	play(t, fail, "seize:23")
	if got := label(t, fail, "keep"); got != "Keep the Seizure dr 5: the seizure fails" {
		t.Errorf("%q: keeping the 5 fails (mgmg:12.2)", got)
	}
	play(t, fail, "keep")
	if b := fail.bridges[fail.g.bridgeAt[int(fail.g.at("23"))*nPlaces+int(fail.g.at("28"))]]; b.Held != heldGerman {
		t.Errorf("after a 5 the bridge is %s, want German (dr 5 - 2 = 3)", bridgeHeldNames[b.Held])
	}

	fresh := nijmegenTower(t, "fresh")
	play(t, fresh, "assault:28", "resolve:28")
	if mv := fresh.stack.frames[0].Move; mv.ActiveCost != 4 {
		t.Errorf("against the Fresh tower the assault costs %d halves of MF, want 2 MF (mgmg:10.6)", mv.ActiveCost)
	}
}

// mgmg:26.0 example 8, mgmg:10.2, mgmg:10.73C, mgmg:10.81: the Nijmegen
// bridge is Allied; the 2nd Grenadier Guards cross it into Oosterhout (23,
// TEM 2, polder), a Mandatory Assault: AV 8 against DV 3 (forward) + 1
// (another Fresh defender) + 1 (bridge) + 1 (over a river) + 2 = 8; over a
// German-held bridge 9. With the Allied bridge, AT 8 + 10 against DT 8 + 6
// is a success by 4, 3 CP in polder (mgmg:10.81), which the forward unit
// takes down to Disrupt 2. The example's Double Impulse is played as the
// example tells it in TestExample8DoubleImpulse, and declared with the
// first activation in TestExample8CombinedAssault.
func TestExample8MandatoryAssault(t *testing.T) {
	setup := func(bridge string) *State {
		return edited(t, nijmegenTower(t, "spent"), func(p *Position) {
			p.Units = []UnitPos{{ID: "gb-gds-2-gren", At: "28", Level: "fresh"},
				{ID: "de-10ss-1-22", At: "23", Level: "fresh"}, {ID: "de-10ss-2-21", At: "23", Level: "fresh"}}
			p.Bridges = map[string]BridgePos{"23/28": {Held: bridge}}
		})
	}
	german := setup("german")
	play(t, german, "assault:28", "move:gb-gds-2-gren", "enter:23", "resolve:23")
	if l := label(t, german, "forward:de-10ss-1-22"); !strings.Contains(l, "AV 8 against DV 9") {
		t.Errorf("label %q over the German bridge: want AV 8 against DV 9", l)
	}
	s := setup("allied")
	play(t, s, "assault:28", "move:gb-gds-2-gren", "enter:23", "resolve:23")
	if l := label(t, s, "forward:de-10ss-1-22"); !strings.Contains(l, "AV 8 against DV 8") {
		t.Errorf("label %q: want AV 8 against DV 8 (example 8)", l)
	}
	s.rng.Force(5, 5, 3, 3)
	play(t, s, "forward:de-10ss-1-22", "keep")
	wantCP(t, s, 3) // one less in polder (mgmg:10.81)
	play(t, s, "casualty:de-10ss-1-22", "casualty:de-10ss-1-22", "casualty:de-10ss-1-22", "stay")
	unitAt(t, s, "de-10ss-1-22", "23", StepDisrupt2)
	unitAt(t, s, "gb-gds-2-gren", "23", StepFresh)
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Errorf("after the assault %v: no overrun, the Grenadiers stop (mgmg:10.5)", got)
	}
}

// mgmg:26.0 example 8, mgmg:12.3, mgmg:9.5, mgmg:10.72, mgmg:10.73D: the
// Guards have entered Oosterhout (23) over the Allied Nijmegen bridge, AV 8
// against DV 8; not wishing to risk it, the Allies spend the Advantage to
// activate Hatert (29, Corps-Controlled, Free, supplied) as well, and its
// 1/504 crosses the Waal by Boat Assault into the same assault. AV 8 (the
// Guards the Point Unit) + 1 (the 1/504) + 2 (the 376th and 456th, 82nd
// artillery in Hatert) + 1 (three 82nd units) = 12; DV 3 + 1 + 2 (TEM) + 2
// (the bridge over a river, or the boat: the higher, not both) = 8. AT
// 12 + 8 against DT 8 + 8 is a success by 4, 3 CP in Polder (mgmg:10.81).
func TestExample8DoubleImpulse(t *testing.T) {
	corps := map[string]string{}
	for _, p := range MustLoad().placeIDs {
		if p != UnitedKingdom && p != "23" {
			corps[p] = "corps"
		}
	}
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "28", Level: "fresh"},
		{ID: "us-1-504", At: "29", Level: "fresh"}, {ID: "us-376-pfab", At: "29", Level: "fresh"}, {ID: "us-456-pfab", At: "29", Level: "fresh"},
		{ID: "de-10ss-1-22", At: "23", Level: "fresh"}, {ID: "de-10ss-2-21", At: "23", Level: "fresh"},
	}, corps)
	s = edited(t, s, func(p *Position) { p.Bridges = map[string]BridgePos{"23/28": {Held: "allied"}} })
	play(t, s, "assault:28", "move:gb-gds-2-gren", "enter:23")
	if got := ids(s); !slices.Contains(got, "also:29") {
		t.Fatalf("with the Guards in Oosterhout %v: want Hatert declared with Nijmegen by the Advantage (mgmg:12.3)", got)
	}
	play(t, s, "also:29", "move:us-1-504", "enter:23:boat", "resolve:23", "point:gb-gds-2-gren", "artillery:us-376-pfab")
	if l := label(t, s, "artillery:us-456-pfab"); !strings.Contains(l, "AV 12 against DV 8") {
		t.Errorf("label %q: want AV 12 against DV 8 (example 8)", l)
	}
	play(t, s, "artillery:us-456-pfab")
	if !s.boatUsed || s.advantage != nobody {
		t.Errorf("boat marker used %v, Advantage %v: want the marker used and the Advantage spent (mgmg:9.5, 12.5)", s.boatUsed, s.advantage)
	}
	s.rng.Force(4, 4, 4, 4)
	play(t, s, "forward:de-10ss-1-22") // no reroll: the Advantage is spent (mgmg:12.5)
	wantCP(t, s, 3)
}

// arnhem is example 9's Arnhem (13, TEM 4), Overcast, on September 20: the
// Spent 2nd Parachute Battalion holds it beside three 9SS and two 10SS
// battalions and Knaust's armour; the II SS Corps artillery is in
// Lichtenbeek (14); Oosterbeek (12), with a Spent battalion, is the
// Allies', and so is the bridge to Elden (17), which is German. edit
// changes the position before the Germans activate Arnhem.
func arnhem(t *testing.T, edit func(*Position)) *State {
	t.Helper()
	s := impulseOf(t, 20, germans, "overcast", []UnitPos{
		{ID: "de-9ss-1-19", At: "13", Level: "fresh"}, {ID: "de-9ss-2-19", At: "13", Level: "fresh"}, {ID: "de-9ss-1-20", At: "13", Level: "fresh"},
		{ID: "de-10ss-1-21", At: "13", Level: "fresh"}, {ID: "de-10ss-2-21", At: "13", Level: "fresh"}, {ID: "de-knaust", At: "13", Level: "fresh"},
		{ID: "de-2ss-corps-art", At: "14", Level: "fresh"},
		{ID: "gb-1abn-2-para", At: "13", Level: "spent"}, {ID: "gb-1abn-1-para", At: "12", Level: "spent"},
	}, map[string]string{"13": "airborne", "12": "airborne"})
	s = edited(t, s, func(p *Position) {
		p.Bridges = map[string]BridgePos{"13/17": {Held: "allied"}}
		edit(p)
	})
	play(t, s, "assault:13", "resolve:13", "point:de-9ss-1-19")
	return s
}

// arnhemAssault has all the SS units assault with the corps artillery, not
// Knaust (mgmg:10.6: all, some or none), and rolls a then d, leaving the
// Allied Advantage holder's reroll offer, if any, to the caller.
func arnhemAssault(t *testing.T, s *State, a1, a2, d1, d2 int) {
	t.Helper()
	if got := ids(s); !slices.Contains(got, "join:de-knaust") || !slices.Contains(got, "artillery:de-2ss-corps-art") {
		t.Fatalf("choices %v: Knaust may assault too, the corps artillery support", got)
	}
	play(t, s, "join:de-9ss-2-19", "join:de-9ss-1-20", "join:de-10ss-1-21", "join:de-10ss-2-21")
	if l := label(t, s, "artillery:de-2ss-corps-art"); !strings.Contains(l, "AV 10 against DV 7") {
		t.Errorf("label %q: want AV 10 against DV 7 (example 9)", l)
	}
	s.rng.Force(a1, a2, d1, d2)
	play(t, s, "artillery:de-2ss-corps-art", "support-done")
}

// mgmg:26.0 example 9, mgmg:10.6, mgmg:9.2, mgmg:9.621, mgmg:10.741: the
// Germans assault in Arnhem with AV 4 + 4 + 1 (artillery) + 1 (three 9SS)
// = 10 against DV 3 + 4 = 7. The Allies win (AT 10 + 2 against DT 7 + 12):
// the five SS battalions are Disrupt 1 and stay; the artillery stays Fresh.
// Knaust, armour beside no enemy armour, leaves for Lichtenbeek (14), Velp
// (7) or Pannerden (15): not Elden over the Allied bridge (mgmg:9.621), not
// Allied Oosterbeek (mgmg:9.2), having used 1 MF of its 4 + 1 (Overcast)
// in Arnhem: 3 left after Lichtenbeek.
func TestExample9AlliesWin(t *testing.T) {
	s := arnhem(t, func(*Position) {})
	arnhemAssault(t, s, 1, 1, 6, 6)
	if s.step == stReroll {
		t.Fatal("a reroll offered to the Allies of a failed German assault, the worst it can go for the Germans (mgmg:12.2, docs/conformance/mgmg.md)")
	}
	play(t, s, "stay")
	for _, id := range []string{"de-9ss-1-19", "de-9ss-2-19", "de-9ss-1-20", "de-10ss-1-21", "de-10ss-2-21"} {
		unitAt(t, s, id, "13", StepDisrupt1)
	}
	if got := sorted(ids(s)); !slices.Equal(got, []string{"end-impulse", "move:de-knaust"}) {
		t.Fatalf("after the assault %v: only Knaust moves", got)
	}
	play(t, s, "move:de-knaust")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"enter:14", "enter:15", "enter:7"}) {
		t.Fatalf("Knaust's entries %v: Lichtenbeek, Pannerden and Velp (example 9)", got)
	}
	play(t, s, "enter:14")
	if p := s.Prompt("german").Text; !strings.Contains(p, "has 3 MF left") {
		t.Errorf("prompt %q: 5 MF less 1 in Arnhem and 1 into Lichtenbeek", p)
	}
	play(t, s, "stop", "end-impulse")
	unitAt(t, s, "de-2ss-corps-art", "14", StepFresh)
}

// mgmg:26.0 example 9, mgmg:10.8, mgmg:10.92, mgmg:10.6: 2 CP (AT 10 + 6
// against DT 7 + 7): the 2nd Parachute Battalion is Disrupt 1 and
// retreats, into Oosterbeek, the only Free place next to Arnhem. No
// defender is left but none was overrun: the SS battalions move no more;
// Knaust may, with a MF less, and may enter Oosterbeek after the British.
func TestExample9Retreat(t *testing.T) {
	s := arnhem(t, func(*Position) {})
	arnhemAssault(t, s, 3, 3, 3, 4)
	if got, want := label(t, s, "keep"), "Keep the assault's DRs, the attacker's 6 and the defender's 7: AT 16 against DT 14, the assault succeeds: 2 casualty points to the defender"; got != want {
		t.Errorf("%q, want %q (mgmg:12.2)", got, want)
	}
	play(t, s, "keep")
	wantCP(t, s, 2)
	play(t, s, "casualty:gb-1abn-2-para", "withdraw:gb-1abn-2-para")
	if got := ids(s); !slices.Equal(got, []string{"retreat-to:12"}) {
		t.Fatalf("retreat choices %v: only Oosterbeek (example 9)", got)
	}
	play(t, s, "retreat-to:12")
	unitAt(t, s, "gb-1abn-2-para", "12", StepDisrupt1)
	if got := sorted(ids(s)); !slices.Equal(got, []string{"end-impulse", "move:de-knaust"}) {
		t.Fatalf("after the retreat %v: only Knaust moves (mgmg:10.6)", got)
	}
	play(t, s, "move:de-knaust")
	if got := ids(s); !slices.Contains(got, "enter:12") {
		t.Errorf("Knaust's entries %v: want Oosterbeek (3 MF of the 4 left)", got)
	}
}

// mgmg:26.0 example 9, mgmg:10.5, mgmg:15.12: 4 CP (AT 10 + 7 against DT
// 7 + 6), more than the Spent battalion's 3: it is eliminated and every
// assaulting unit moves on, 1 MF used; the corps artillery, Fresh, may
// support the next assault: I./19 enters Oosterbeek (12) and assaults the
// Spent 1st Parachute Battalion there with Lichtenbeek's support.
func TestExample9Overrun(t *testing.T) {
	s := arnhem(t, func(*Position) {})
	arnhemAssault(t, s, 3, 4, 3, 3)
	play(t, s, "keep")
	if u := s.units[s.g.unit("gb-1abn-2-para")]; u.Loc != locElim {
		t.Fatalf("the 2nd Parachute Battalion is in %s, want eliminated", s.g.locName(u.Loc))
	}
	want := []string{"end-impulse", "move:de-10ss-1-21", "move:de-10ss-2-21", "move:de-9ss-1-19", "move:de-9ss-1-20", "move:de-9ss-2-19", "move:de-knaust"}
	if got := sorted(ids(s)); !slices.Equal(got, want) {
		t.Fatalf("after the overrun %v, want %v (mgmg:10.5)", got, want)
	}
	play(t, s, "move:de-9ss-1-19")
	if p := s.Prompt("german").Text; !strings.Contains(p, "has 4 MF left") {
		t.Errorf("prompt %q: 4 + 1 (Overcast) less 1 in Arnhem", p)
	}
	play(t, s, "enter:12", "resolve:12")
	if got := ids(s); !slices.Contains(got, "artillery:de-2ss-corps-art") {
		t.Errorf("choices %v: the II SS Corps artillery supports again after the overrun (mgmg:10.5)", got)
	}
}

// mgmg:10.3: in an Optional Assault the attacker names the units that
// assault. Of the two battalions that entered Contested Groesbeek only the
// 1/504 assaults; it fails (AT 4 + 2 against DT 4 + 12) and is Disrupt 1;
// the 3/504 is untouched, Spent as the impulse ends.
func TestPartialAssault(t *testing.T) {
	s := impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"},
		{ID: "us-2-504", At: "35", Level: "spent"}, {ID: "de-fj-hermann", At: "35", Level: "fresh"},
	}, map[string]string{"34": "airborne"})
	play(t, s, "assault:34", "move:us-1-504", "enter:35", "move:us-3-504", "enter:35", "resolve:35", "point:us-1-504")
	if l := label(t, s, "support-done"); !strings.Contains(l, "AV 4 against DV 4") {
		t.Errorf("label %q: the 1/504 alone, AV 4 against DV 2 + 2", l)
	}
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "support-done", "keep")
	if got := sorted(ids(s)); !slices.Equal(got, []string{"retreat:us-1-504", "stay"}) {
		t.Fatalf("after the failure %v: only the 1/504 may retreat (mgmg:10.3)", got)
	}
	play(t, s, "stay", "stay")
	unitAt(t, s, "us-1-504", "35", StepDisrupt1)
	unitAt(t, s, "us-3-504", "35", StepFresh)
	s.rng.Force(6, 6)
	play(t, s, "end-impulse")
	unitAt(t, s, "us-3-504", "35", StepSpent)
}

// mgmg:26.0 example 8, mgmg:12.3, mgmg:9.5, mgmg:10.72, mgmg:10.73D,
// mgmg:10.81, mgmg:10.4, mgmg:15.12, mgmg:12.5: played end to end. The
// Allies, holding the Advantage, activate Nijmegen (28) for an Assault
// Impulse and declare Hatert (29) active with it, a Double Impulse (the
// Advantage spent). The 2nd Grenadier Guards cross the Allied Nijmegen
// bridge into Oosterhout (23, TEM 2, polder); the 1/508 in Hatert, a Free
// area with a XXX Corps marker, boat-assaults it across the Waal, the Boat
// Assault marker flipped; both are bound to assault. The Grenadiers are
// the Point Unit (attack 8), the 1/508 one more unit (+1): AV 9; the
// 82nd's 376th and 456th artillery in Hatert, next to Oosterhout, support
// (+2), and three units of the 82nd give the Divisional Integrity bonus
// (+1): AV 12. DV 3 (forward) + 1 (another Fresh defender) + 2 (the
// higher crossing modifier: the bridge over a river, or the boat) + 2
// (TEM) = 8, as with the Grenadiers alone. The spent Advantage offers no
// reroll (mgmg:12.5). AT 12 + 8 against DT 8 + 10: a success by 2, 1 CP
// in polder, which the Forward Unit takes (Spent). The boat's river
// boundary becomes the Allies' (Held!); the artillery stays Fresh.
func TestExample8CombinedAssault(t *testing.T) {
	s := edited(t, nijmegenTower(t, "spent"), func(p *Position) {
		p.Units = []UnitPos{{ID: "gb-gds-2-gren", At: "28", Level: "fresh"},
			{ID: "us-1-508", At: "29", Level: "fresh"}, {ID: "us-376-pfab", At: "29", Level: "fresh"}, {ID: "us-456-pfab", At: "29", Level: "fresh"},
			{ID: "de-10ss-1-22", At: "23", Level: "fresh"}, {ID: "de-10ss-2-21", At: "23", Level: "fresh"}}
		p.Bridges = map[string]BridgePos{"23/28": {Held: "allied"}}
		for _, id := range MustLoad().placeIDs { // XXX Corps everywhere but Oosterhout: Hatert traces supply to Zone F (mgmg:9.5, 13.82)
			if id != "23" && id != UnitedKingdom {
				p.Control[id] = "corps"
			}
		}
	})
	if s.advantage != allies || s.boatUsed {
		t.Fatalf("Advantage %s, boat marker used %v: want the Allies' and unused", s.advantage, s.boatUsed)
	}
	play(t, s, "assault:28", "also:29")
	if s.advantage != nobody || s.impulseFrame().Second != secondDouble {
		t.Fatalf("Advantage %s: want it spent on a Double Impulse (mgmg:12.3)", s.advantage)
	}
	play(t, s, "move:gb-gds-2-gren", "enter:23", "move:us-1-508", "enter:23:boat")
	if !s.boatUsed {
		t.Error("after the boat assault the Boat Assault marker is unused, want it flipped (mgmg:9.5)")
	}
	play(t, s, "resolve:23", "point:gb-gds-2-gren")
	for id, want := range map[string]string{"support-done": "AV 9 against DV 8", "artillery:us-376-pfab": "AV 10 against DV 8"} {
		if l := label(t, s, id); !strings.Contains(l, want) {
			t.Errorf("label %q: want %s", l, want)
		}
	}
	play(t, s, "artillery:us-376-pfab")
	if l := label(t, s, "artillery:us-456-pfab"); !strings.Contains(l, "AV 12 against DV 8") {
		t.Errorf("label %q: want AV 12 against DV 8 (example 8)", l)
	}
	s.rng.Force(4, 4, 5, 5)
	play(t, s, "artillery:us-456-pfab", "forward:de-10ss-1-22")
	if s.step == stReroll {
		t.Fatal("a reroll offered with the Advantage spent on the Double Impulse (mgmg:12.5)")
	}
	logHas(t, s, "mgmg:10.74", "AT 20 = AV 12 + DR 8 against DT 18 = DV 8 + DR 10: success")
	wantCP(t, s, 1) // one less in polder (mgmg:10.81)
	play(t, s, "casualty:de-10ss-1-22", "stay")
	unitAt(t, s, "de-10ss-1-22", "23", StepSpent)
	unitAt(t, s, "de-10ss-2-21", "23", StepFresh)
	if !s.heldBoundary(int(s.g.at("23")), int(s.g.at("29")), allies) {
		t.Error("after the success the Waal between Hatert and Oosterhout is not the Allies': want a Held! marker (mgmg:10.4)")
	}
	for _, id := range []string{"us-376-pfab", "us-456-pfab"} {
		unitAt(t, s, id, "29", StepFresh) // mgmg:15.12
	}
}
