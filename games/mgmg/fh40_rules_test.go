package mgmg

import (
	"math"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// newFH40 starts Fortress Holland from a fixed seed, both set-ups
// played: the Dutch, then the German (fh40:5.2).
func newFH40(t *testing.T) *State {
	t.Helper()
	s := newUnsetFH40(t)
	play(t, s, "setup-historical", "setup-historical")
	return s
}

// newUnsetFH40 is a new game of Fortress Holland before either side has
// set up.
func newUnsetFH40(t *testing.T) *State {
	t.Helper()
	st, err := MustLoadFH40().New("standard", nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// fh40Bridge is the index of the bridge between areas a and b.
func fh40Bridge(s *State, a, b string) int {
	return int(s.g.bridgeAt[int(s.g.at(a))*nPlaces+int(s.g.at(b))])
}

// demolishID is the choice that tries to blow the bridge between a and b.
func demolishID(s *State, a, b string) string {
	return "demolish:" + s.g.bridgeName(fh40Bridge(s, a, b))
}

// choiceIDs are the IDs of the legal choices.
func choiceIDs(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.Describe(a).ID)
	}
	return out
}

// fh40:5.1, fh40:5.2, fh40:5.3, fh40:12.1, fh40:3.6: May 10 on the September 17 space, Clear; the
// Germans Control 26, 36, C and D and hold the Advantage; the Dutch hold
// every other place and every bridge in play; only areas 26+ and zones C,
// D, E, G, H, I are in play (fh40:3.2, fh40:3.3); the game starts with the
// Dutch Bridge Demolition Phase (fh40:6.22, fh40:20.1).
func TestFH40Setup(t *testing.T) {
	s := newFH40(t)
	g := s.g
	if g.ID() != "fh40" || s.turn != 17 || s.weather != clear || s.advantage != germans || s.step != stDemolition || s.active != allies {
		t.Fatalf("id %s turn %d weather %s advantage %s step %s active %s", g.ID(), s.turn, s.weather, s.advantage, stepNames[s.step], s.active)
	}
	for _, id := range []string{"26", "36", "C", "D"} {
		if s.controller(g.at(id)) != germans {
			t.Errorf("%s begins German Controlled (fh40:5.2)", id)
		}
	}
	for _, id := range []string{"27", "28", "44", "65", "E", "G", "H", "I"} {
		if s.controller(g.at(id)) != allies {
			t.Errorf("%s begins Dutch Controlled (fh40:5.2)", id)
		}
	}
	if n := len(slices.Collect(func(yield func(int) bool) {
		for i := range s.bridges {
			if s.bridges[i].Held == heldAllied && !yield(i) {
				return
			}
		}
	})); n != 14 {
		t.Errorf("%d Dutch-held bridges; the 14 bridges south of the Waal are (fh40:9.62, fh40:19.1)", n)
	}
	if s.bridges[fh40Bridge(s, "23", "28")] != (bridge{}) {
		t.Error("the Waal bridge at Nijmegen (23/28) is not in play (fh40:3.2)")
	}
	if g.m.Adjacent(int(g.at("26")), int(g.at("25"))) || slices.Contains(g.m.Neighbors(int(g.at("26"))), int(g.at("15"))) || g.m.Adjacent(int(g.at("64")), int(g.at("F"))) {
		t.Error("areas below 26 and zones A, B, F, J border nothing in play (fh40:3.2, fh40:3.3)")
	}
	if placed := len(s.Position().(Position).Units); placed != 63 {
		t.Errorf("%d units placed; all 63 set up on May 10 (fh40:5.2, fh40:18.0)", placed)
	}
}

// fh40:19.4, fh40:19.41, fh40:20.2: a demolition dr of 5 or more blows a bridge, one
// less over a river; the German holds the Advantage and may have it
// rerolled (fh40:12.2). The D-Day phase comes first (fh40:20.1). One attempt per bridge.
func TestFH40Demolition(t *testing.T) {
	s := newFH40(t)
	if l := label(t, s, demolishID(s, "29", "39")); !strings.HasSuffix(l, "(over a canal: a dr of 5 or more, 33%)") {
		t.Errorf("%q: want the canal's 5 or more, two faces in six", l)
	}
	if l := label(t, s, demolishID(s, "39", "41")); !strings.HasSuffix(l, "(over a river: a dr of 6 or more, 17%)") {
		t.Errorf("%q: want the river's 6, one face in six", l)
	}
	s.rng.Force(5, 5, 6)
	play(t, s, demolishID(s, "29", "39"), "keep") // canal: 5 blows it
	play(t, s, demolishID(s, "39", "41"))         // river: 5-1 = 4 does not, the German's best: no reroll offered
	play(t, s, demolishID(s, "38", "42"), "keep") // river: 6-1 = 5 does
	for _, c := range []struct {
		a, b string
		want bridgeHeld
	}{{"29", "39", heldBlown}, {"39", "41", heldAllied}, {"38", "42", heldBlown}} {
		if got := s.bridges[fh40Bridge(s, c.a, c.b)].Held; got != c.want {
			t.Errorf("bridge %s/%s is %s, want %s", c.a, c.b, bridgeHeldNames[got], bridgeHeldNames[c.want])
		}
	}
	if ids := choiceIDs(s); slices.Contains(ids, demolishID(s, "39", "41")) || !slices.Contains(ids, demolishID(s, "54", "55")) {
		t.Errorf("choices %v: a bridge is tried once (fh40:19.4)", ids)
	}
	play(t, s, "done")
	if s.step != stImpulse || s.active != allies || s.impulse != 0 {
		t.Fatalf("step %s active %s impulse %d: Dutch Impulse 0 follows (fh40:20.6)", stepNames[s.step], s.active, s.impulse)
	}
}

// fh40:20.3, fh40:20.4: the Dutch try to blow the Gennep railway bridge; the
// German interrupts with Panzer Zug 1 carrying an infantry battalion into
// Gennep (37) for 0 MF; a dr of 4 seizes the bridge, and both go on to 44,
// Fresh.
func TestFH40CoupSucceeds(t *testing.T) {
	s := newFH40(t)
	g := s.g
	s.rng.Force(4)
	play(t, s, demolishID(s, "37", "44"))
	if s.step != stCoup || s.active != germans {
		t.Fatalf("step %s active %s: the German may interrupt with the coup", stepNames[s.step], s.active)
	}
	if ids := choiceIDs(s); !slices.Equal(ids, []string{"done", "coup:de-254-pi", "coup:de-256-3-481", "coup:de-256-pi"}) {
		t.Errorf("coup choices %v: no coup, or the train carries one of the infantry battalions in its area (fh40:20.3, fh40:20.4)", ids)
	}
	play(t, s, "coup:de-256-3-481", "coup-to:44") // no reroll of a success offered to the German holder
	zug, bn := g.unit("de-panzerzug-1"), g.unit("de-256-3-481")
	for _, u := range []int16{zug, bn} {
		if s.units[u] != (unitState{Loc: g.at("44"), Level: StepFresh}) {
			t.Errorf("%s is %+v; Fresh in 44 after the coup", g.units[u].ID, s.units[u])
		}
	}
	if s.bridges[fh40Bridge(s, "37", "44")].Held != heldGerman || s.step != stCoupAttack {
		t.Errorf("bridge %s, step %s: the Germans hold the Gennep bridge and may attack the Dutch in Mill", bridgeHeldNames[s.bridges[fh40Bridge(s, "37", "44")].Held], stepNames[s.step])
	}
	play(t, s, "done")
	if s.step != stDemolition || s.active != allies {
		t.Errorf("step %s: without the attack the Dutch go on", stepNames[s.step])
	}
	if slices.Contains(choiceIDs(s), demolishID(s, "37", "44")) {
		t.Error("the Dutch cannot blow a German-held bridge")
	}
}

// fh40:20.3: a coup dr of 3 fails: the train is removed, the Germans lose
// the Advantage, the battalion is Spent in Gennep, now German Controlled,
// and the Dutch make the demolition dr they declared: 6-1 = 5 blows the
// river bridge (fh40:19.41); the Dutch, now holding the Advantage, are
// offered no reroll of it (mgmg:12.2).
func TestFH40CoupFails(t *testing.T) {
	s := newFH40(t)
	g := s.g
	s.rng.Force(3, 6)
	play(t, s, demolishID(s, "37", "44"), "coup:de-256-3-481", "keep")
	if s.units[g.unit("de-panzerzug-1")].Loc != locElim || s.units[g.unit("de-256-3-481")] != (unitState{Loc: g.at("37"), Level: StepSpent}) {
		t.Errorf("train %+v, battalion %+v", s.units[g.unit("de-panzerzug-1")], s.units[g.unit("de-256-3-481")])
	}
	if s.controller(g.at("37")) != germans || s.advantage != allies {
		t.Errorf("37 %s, Advantage %s: Gennep German, the Advantage lost", s.controller(g.at("37")), s.advantage)
	}
	if s.step != stDemolition || s.active != allies {
		t.Fatalf("step %s: the Dutch go on demolishing, no reroll of their success offered", stepNames[s.step])
	}
	if s.bridges[fh40Bridge(s, "37", "44")].Held != heldBlown {
		t.Error("6-1 = 5 blows the Gennep bridge")
	}
}

// fh40:6.3, fh40:8.1, fh40:8.26, fh40:6.5, fh40:20.7, fh40:14.6, fh40:21.3: the Dutch take the first impulse of each
// pair; two passes end the day; the Dutch regroup first. At the end of May
// 10 the Dutch hold Zone E (the Venlo battalion, no German there) and the
// Germans never reached Nijmegen: two Victory Points lost. With Schijndel
// and Dinther Dutch and both French units on the map the German total is
// -2 + 1 = -1.
func TestFH40FirstTurnSequence(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done", "pass")
	if s.step != stImpulse || s.active != germans {
		t.Fatalf("step %s active %s: the German impulse follows the Dutch one", stepNames[s.step], s.active)
	}
	play(t, s, "pass")
	if s.step != stRegroup || s.active != allies {
		t.Fatalf("step %s active %s: the day ends, refit is automatic, the Dutch regroup first", stepNames[s.step], s.active)
	}
	s.rng.Force(1)
	play(t, s, "done", "done")
	if s.turn != 18 || s.banked != -2 || s.victoryPoints() != -1 {
		t.Fatalf("turn %d, banked %d, VP %d; want May 11 (18), -2, -1", s.turn, s.banked, s.victoryPoints())
	}
	if s.step != stReroll || s.stack.top().For != rrWeather {
		t.Fatalf("step %s: the Weather dr of May 11 (fh40:6.21)", stepNames[s.step])
	}
	play(t, s, "keep")
	if s.weather != fog || s.step != stImpulse || s.active != allies {
		t.Fatalf("weather %s step %s: a 1 is Fog (fh40:6.21), then Dutch Impulse 0", s.weather, stepNames[s.step])
	}
	if l := logText(s, "german"); !strings.Contains(l, "the weather of May 11 is fog") {
		t.Errorf("the log does not name May 11's weather (fh40:3.6):\n%s", l)
	}
}

// fh40:6.21, fh40:17.1, fh40:17.2: 1 Fog, 2-6 Clear.
func TestFH40WeatherTable(t *testing.T) {
	for dr, want := range map[int]weather{1: fog, 2: clear, 3: clear, 6: clear} {
		if got := fh40WeatherFor(dr); got != want {
			t.Errorf("dr %d: %s, want %s", dr, got, want)
		}
	}
}

// fh40:17.3: in Fog the Dutch have one MF more: a Dutch battalion of MF 3
// has 4 (8 halves), a German one its 3 (6 halves); Clear, 3 each.
func TestFH40FogMF(t *testing.T) {
	dutch, german := Mover{Type: Infantry, MF: 3}, Mover{Type: Infantry, German: true, MF: 3}
	for _, c := range []struct {
		w             weather
		dutch, german int
	}{{fog, 8, 6}, {clear, 6, 6}} {
		g := &Ground{FH40: true, Weather: c.w, Day: FirstDay, Impulse: 0}
		if d, ge := g.ImpulseMF(dutch), g.ImpulseMF(german); d != c.dutch || ge != c.german {
			t.Errorf("%s: Dutch %d German %d halves, want %d and %d", c.w, d, ge, c.dutch, c.german)
		}
	}
}

// fh40:17.3: the fog lifts after Impulse 5. The German, impulse 5 over
// with a Sunset DR of 7 (at least 5: the day goes on), begins Impulse 6
// Clear; Air Bombardment is back (fh40:16.2).
func TestFH40FogLifts(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done")
	s = edited(t, s, func(p *Position) { p.Turn, p.Weather, p.DawnWeather, p.Impulse = 18, "fog", "fog", "5" })
	play(t, s, "pass")
	if s.airMayBombard(s.g.at("27")) {
		t.Fatal("no Air Bombardment in Fog (fh40:17.3)")
	}
	s.rng.Force(3, 4)
	play(t, s, "assault:36", "end-impulse", "keep", "single")
	if s.impulse != 6 || s.weather != clear || s.active != allies {
		t.Fatalf("impulse %d weather %s active %s: Dutch Impulse 6, Clear", s.impulse, s.weather, s.active)
	}
}

// fh40:13.4, fh40:13.8: after May 10 a Dutch unit is in supply only in an area
// numbered 48 or more or a Zone other than C and D; on May 10 everywhere.
func TestFH40DutchSupply(t *testing.T) {
	s := newFH40(t)
	g := s.g
	u := g.unit("nl-peel-mill-north")
	for _, c := range []struct {
		turn     int8
		at       string
		isolated bool
	}{{17, "44", false}, {18, "44", true}, {18, "47", true}, {18, "48", false}, {19, "65", false}, {18, "H", false}, {18, "C", true}, {18, "D", true}} {
		s.turn = c.turn
		s.put(u, g.at(c.at), StepSpent)
		if got := s.isolated(u, nil); got != c.isolated {
			t.Errorf("May %d in %s: isolated %v, want %v", may(c.turn), c.at, got, c.isolated)
		}
	}
	if s.isolated(g.unit("fr-1dlm-6cuir"), nil) || s.isolated(g.unit("de-254-ir454"), nil) {
		t.Error("German and French units are never Isolated (fh40:13.8)")
	}
}

// fh40:13.81, fh40:13.82, fh40:13.8: the French trace from Zone G, the Germans from C
// and D, through their own Controlled places.
func TestFH40SupplyLines(t *testing.T) {
	s := newFH40(t)
	g := s.g
	fr, de := s.supplyReach(allies), s.supplyReach(germans)
	if !fr[g.at("G")] || !fr[g.at("65")] || !fr[g.at("60")] || !fr[g.at("H")] {
		t.Error("the French trace from Zone G through Dutch places (fh40:13.82)")
	}
	if !de[g.at("36")] || !de[g.at("26")] || !de[g.at("37")] || de[g.at("44")] {
		t.Error("the Germans trace from C and D through 26 and 36 and one step beyond, not across the Maas (fh40:13.81, fh40:13.8)")
	}
}

// fh40:6.4, fh40:13.3, fh40:13.6, fh40:13.9, fh40:4.4: the Refit Phase on May 11: a supplied Dutch unit
// in Schijndel (49) refits from Disrupt 2 to Disrupt 1 only, a German one
// in the Reichswald from Spent to Fresh, a French one in Zone G too; the
// Dutch battalion Spent in Mill (44) is Isolated and makes its Surrender
// dr: Isolation Level 2, a dr of 1 eliminates it; the Dutch one Fresh in
// Grave (41), Level 1, holds on a 3; the Germans may reroll (mgmg:12.2).
func TestFH40Refit(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	s = edited(t, s, func(p *Position) {
		p.Turn = 18
		for i := range p.Units {
			switch p.Units[i].ID {
			case "nl-peel-schijndel":
				p.Units[i].Level = "disrupt-2"
			case "de-254-ir484", "fr-1dlm-6cuir", "nl-peel-mill-north":
				p.Units[i].Level = "spent"
			}
		}
	})
	// Dutch isolated in 44, 43, 41, ... each rolls, Fresh or not: force a
	// die for every Isolated unit in order, keeping each.
	var isolated []int16
	for u := range int16(len(g.pieces.Units)) {
		if s.isolated(u, nil) {
			isolated = append(isolated, u)
		}
	}
	dice := make([]int, len(isolated))
	for i, u := range isolated {
		switch g.units[u].ID {
		case "nl-peel-mill-north":
			dice[i] = 1
		default:
			dice[i] = 6 // above every Isolation Level: unaffected
		}
	}
	dice[slices.Index(isolated, g.unit("nl-peel-grave"))] = 3
	s.rng.Force(dice...)
	play(t, s, "pass")
	for s.step == stReroll {
		play(t, s, "keep")
	}
	for id, want := range map[string]unitState{
		"nl-peel-schijndel": {g.at("49"), StepDisrupt1}, "de-254-ir484": {g.at("36"), StepFresh}, "fr-1dlm-6cuir": {g.at("G"), StepFresh},
		"nl-peel-mill-north": {locElim, StepFresh}, "nl-peel-grave": {g.at("41"), StepFresh},
	} {
		if got := s.units[g.unit(id)]; got != want {
			t.Errorf("%s: %+v, want %+v", id, got, want)
		}
	}
	if s.step != stRegroup || s.active != allies {
		t.Errorf("step %s: the Regroup Phase follows, the Dutch first", stepNames[s.step])
	}
}

// fh40:14.6, fh40:7.2: a Zone is the Germans' only with more German units than
// Dutch: equal numbers leave it Dutch. Moving in does not change it.
func TestFH40ZoneControl(t *testing.T) {
	s := newFH40(t)
	g := s.g
	zg := g.at("G")
	s.put(g.unit("de-9pz-1-33"), zg, StepFresh)
	s.put(g.unit("de-9pz-2-33"), zg, StepFresh)
	s.updateControl(zg)
	if s.controller(zg) != allies {
		t.Fatal("entering a Zone does not take it (fh40:7.2)")
	}
	s.controlZonesByCount()
	if s.controller(zg) != allies {
		t.Fatal("2 German units against 3 Dutch and French: Dutch")
	}
	s.put(g.unit("de-9pz-aa9"), zg, StepFresh)
	s.controlZonesByCount()
	if s.controller(zg) != allies {
		t.Fatal("3 against 3: Dutch (fh40:7.2)")
	}
	s.put(g.unit("de-9pz-k59"), zg, StepFresh)
	s.controlZonesByCount()
	if s.controller(zg) != germans {
		t.Fatal("4 against 3: German")
	}
}

// fh40:3.25, fh40:21.1: the Germans Controlling Tilburg (Zone G) at the end of May 10
// win at once.
func TestFH40Breakthrough(t *testing.T) {
	s := newFH40(t)
	g := s.g
	for _, id := range []string{"nl-tilburg", "fr-1dlm-6cuir", "fr-1dlm-4rdp"} {
		s.put(g.unit(id), locElim, StepFresh)
	}
	s.put(g.unit("de-9pz-aa9"), g.at("G"), StepFresh)
	play(t, s, "done", "pass", "pass", "done", "done")
	if r := s.Result(); r == nil || r.Winner != "german" || r.Level != "breakthrough" {
		t.Fatalf("result %+v: a German Breakthrough", r)
	}
}

// fh40:2.0, fh40:21.0, fh40:21.2, fh40:21.3, fh40:21.4: at the end of May 12 with one Victory Point banked
// (Veghel on May 11), Schijndel (2) and Dinther (1) German and a French unit
// eliminated (1): 5, three or more, the Germans win; with both French units
// gone off the map and Dinther Dutch: 1 + 2 = 3, still a win; Schijndel
// lost too: 1, the Dutch win.
func TestFH40Victory(t *testing.T) {
	for _, c := range []struct {
		name           string
		dinther, schij bool
		frenchExit     bool
		vp             int
		winner         engine.Seat
	}{{"all", true, true, false, 5, "german"}, {"French gone", false, true, true, 3, "german"}, {"short", false, false, true, 1, "allied"}} {
		t.Run(c.name, func(t *testing.T) {
			s := newFH40(t)
			play(t, s, "done", "pass")
			s = edited(t, s, func(p *Position) {
				p.Turn, p.Banked = 19, 1
				for i := range p.Units {
					switch u := &p.Units[i]; u.ID {
					case "nl-peel-dinther", "nl-peel-schijndel":
						u.At, u.Level = "eliminated", "fresh"
					case "fr-1dlm-6cuir", "fr-1dlm-4rdp":
						u.At, u.Level = "eliminated", "fresh"
						if c.frenchExit {
							u.At = "exited"
						}
					}
				}
				if !c.dinther {
					p.Control["48"] = "airborne"
				} else {
					delete(p.Control, "48")
				}
				if !c.schij {
					p.Control["49"] = "airborne"
				} else {
					delete(p.Control, "49")
				}
			})
			if vp := s.victoryPoints(); vp != c.vp {
				t.Fatalf("VP %d, want %d", vp, c.vp)
			}
			play(t, s, "pass")
			for s.step == stReroll { // the Surrender drs of Isolated Dutch units
				play(t, s, "keep")
			}
			play(t, s, "done", "done")
			if r := s.Result(); r == nil || r.Winner != c.winner || r.Score != c.vp {
				t.Fatalf("result %+v, want %s with %d", r, c.winner, c.vp)
			}
		})
	}
}

// fh40:3.3, fh40:21.4: a French unit in Zone G leaves the map for 1 MF, out of
// the game but not destroyed, and may come back no more; while the other
// French unit is on the map the German point stands.
func TestFH40ExitZoneG(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "assault:G", "move:fr-1dlm-6cuir")
	if !slices.Contains(choiceIDs(s), "exit-map") {
		t.Fatalf("choices %v: a unit in Zone G may leave the map", choiceIDs(s))
	}
	play(t, s, "exit-map")
	if s.units[g.unit("fr-1dlm-6cuir")].Loc != locExit || s.victoryPoints() != 1 {
		t.Fatalf("unit at %d, VP %d: exited, the other French unit still earns the point", s.units[g.unit("fr-1dlm-6cuir")].Loc, s.victoryPoints())
	}
	play(t, s, "move:fr-1dlm-4rdp", "exit-map")
	if s.victoryPoints() != 0 {
		t.Fatalf("VP %d: with both French units gone off the map, no point (fh40:21.4)", s.victoryPoints())
	}
	if back := edited(t, s, func(*Position) {}); back.Hash() != s.Hash() {
		t.Fatal("an exited unit survives a position's round trip")
	}
}

// fh40:9.5, fh40:10.4: German Boat Assaults over the Maas: any non-mechanized
// infantry on May 10, only engineers later; from a Free area with a supply
// line to Zone C or D; over a river without an intact bridge; all MF, a
// Mandatory Assault against defenders.
func TestFH40BoatAssault(t *testing.T) {
	s := newFH40(t)
	g := s.g
	from, to := int(g.at("37")), int(g.at("45"))
	ground := func(day int) *Ground {
		gr := &Ground{Map: g.m, German: true, Day: day, FH40: true, Places: make([]PlaceView, nPlaces)}
		gr.Places[from].Supplied = true
		gr.Places[to] = PlaceView{Enemy: true, EnemyAtStart: true, FreshEnemies: 2}
		return gr
	}
	inf := Mover{Type: Infantry, German: true, MF: 3}
	eng := Mover{Type: Infantry, German: true, MF: 3, Engineer: true}
	mech := Mover{Type: MechanizedInfantry, German: true, MF: 5}
	dutch := Mover{Type: Infantry, MF: 3}
	for _, c := range []struct {
		name string
		day  int
		m    Mover
		ok   bool
	}{{"infantry May 10", 17, inf, true}, {"infantry May 11", 18, inf, false}, {"engineer May 11", 18, eng, true}, {"mechanized", 17, mech, false}, {"Dutch", 17, dutch, false}} {
		e, err := ground(c.day).Enter(c.m, StartLeg(from), to, ViaBoat)
		if (err == nil) != c.ok {
			t.Errorf("%s: %v", c.name, err)
		}
		if err == nil && (!e.Mandatory || !e.Boat || !e.Leg.Done || e.Crossing.Kind != BoatCrossing) {
			t.Errorf("%s: %+v; all MF and a Mandatory Assault with the boat's +2 (fh40:9.2, fh40:10.73D)", c.name, e)
		}
	}
	gr := ground(17)
	gr.Places[from].Supplied = false
	if _, err := gr.Enter(inf, StartLeg(from), to, ViaBoat); err == nil {
		t.Error("no supply line to C or D: no Boat Assault")
	}
	bridged := ground(17)
	bridged.SetBorder(Border{min(int(g.at("39")), int(g.at("41"))), max(int(g.at("39")), int(g.at("41")))}, BorderView{Bridge: EnemyBridge})
	bridged.Places[int(g.at("39"))].Supplied = true
	if _, err := bridged.Enter(inf, StartLeg(int(g.at("39"))), int(g.at("41")), ViaBoat); err == nil {
		t.Error("an intact bridge: no Boat Assault (fh40:9.5)")
	}
}

// fh40:9.5, fh40:5.2: no German area of the set-up (26, 36, C, D) borders
// the Maas, so the May 10 Boat Assaults need a unit that began the impulse
// in a Free area to move to the bank first: infantry (3 MF) from the
// Reichswald (36) into a German-Controlled, vacant Gennep (37) for 1 MF
// crosses to Boxmeer (45) with the 2 MF left, which the boat takes. A unit
// that began the impulse Contested may not, nor one without MF left.
func TestFH40BoatAssaultAfterMoving(t *testing.T) {
	g := newFH40(t).g
	start, bank, to := int(g.at("36")), int(g.at("37")), int(g.at("45"))
	gr := &Ground{Map: g.m, German: true, Day: 17, FH40: true, Places: make([]PlaceView, nPlaces)}
	gr.Places[bank].Supplied = true
	gr.Places[to] = PlaceView{Enemy: true, EnemyAtStart: true, FreshEnemies: 1}
	inf := Mover{Type: Infantry, German: true, MF: 3}
	atBank, err := gr.Enter(inf, StartLeg(start), bank, ViaBorder)
	if err != nil || atBank.Leg.Spent() != 2 || atBank.Leg.Done {
		t.Fatalf("into Gennep: %+v, %v; want 1 MF (2 halves) spent and the unit moving on (fh40:9.2)", atBank.Leg, err)
	}
	e, err := gr.Enter(inf, atBank.Leg, to, ViaBoat)
	if err != nil {
		t.Fatalf("Boat Assault from the bank: %v (fh40:9.5)", err)
	}
	if !e.Boat || !e.Mandatory || !e.Leg.Done || e.Leg.Spent() != 6 || e.Crossing.Kind != BoatCrossing {
		t.Errorf("%+v: the boat takes the 2 MF left, all 3 MF spent, and a Mandatory Assault follows (fh40:9.5, fh40:10.2)", e)
	}
	gr.Places[start].ContestedAtStart = true
	if _, err := gr.Enter(inf, atBank.Leg, to, ViaBoat); err == nil {
		t.Error("a unit that began the impulse in a Contested area makes no Boat Assault (fh40:9.5)")
	}
	gr.Places[start].ContestedAtStart = false
	spent := atBank.Leg
	spent.Cost = 6
	if _, err := gr.Enter(inf, spent, to, ViaBoat); err == nil {
		t.Error("a unit with no MF left makes no Boat Assault (fh40:9.2)")
	}
}

// fh40:20.4, fh40:19.6: Panzer Zug 1 moves only by rail, 2 MF an area: from Mill
// (44) along the line to Boxmeer (45) and on, its 6 MF three areas, never
// into Zone E nor an enemy-occupied area; it alone crosses the Gennep
// railway bridge, which an infantry unit cannot use.
func TestFH40PanzerZug(t *testing.T) {
	s := newFH40(t)
	g := s.g
	a := func(id string) int { return int(g.at(id)) }
	gr := &Ground{Map: g.m, German: true, Day: 18, FH40: true, Places: make([]PlaceView, nPlaces)}
	gr.SetBorder(Border{min(a("37"), a("44")), max(a("37"), a("44"))}, BorderView{Bridge: FriendlyBridge, Rail: true})
	zug := moverOf(&g.units[g.unit("de-panzerzug-1")])
	e, err := gr.Enter(zug, StartLeg(a("44")), a("45"), ViaBorder)
	if err != nil || e.Leg.Spent() != 4 || e.Leg.Done {
		t.Fatalf("44 to 45 by rail: %+v %v; 2 MF of 6", e, err)
	}
	if _, err := gr.Enter(zug, e.Leg, a("E"), ViaBorder); err == nil {
		t.Error("the train enters no Zone")
	}
	if _, err := gr.Enter(zug, StartLeg(a("44")), a("38"), ViaBorder); err == nil {
		t.Error("44/38 has no railway")
	}
	e, err = gr.Enter(zug, StartLeg(a("44")), a("37"), ViaBorder)
	if err != nil || !e.Bridge {
		t.Fatalf("the train crosses the Gennep railway bridge: %v", err)
	}
	l := e.Leg
	for _, to := range []string{"44", "42"} {
		e, err = gr.Enter(zug, l, a(to), ViaBorder)
		if err != nil {
			t.Fatalf("to %s: %v", to, err)
		}
		l = e.Leg
	}
	if !l.Done || l.Spent() != 12 {
		t.Errorf("three areas use the train's 6 MF: %+v", l)
	}
	gr.Places[a("43")] = PlaceView{FreshEnemies: 1, Enemy: true}
	if _, err := gr.Enter(zug, StartLeg(a("44")), a("43"), ViaBorder); err == nil {
		t.Error("the train has no attack factor: no enemy-occupied area")
	}
	if _, err := gr.Enter(Mover{Type: Infantry, German: true, MF: 3}, StartLeg(a("44")), a("37"), ViaBorder); err == nil {
		t.Error("only the train uses the railway bridge (fh40:19.6)")
	}
}

// fh40:4.117, fh40:11.3C, 16.2: each Fresh River Bunker Garrison adds 1 to the
// DV against field artillery, none against the air: TEM 2 with a Fresh and
// a Spent garrison: 4 + 1 = 5 against guns, 4 against the air.
func TestFH40BunkerDV(t *testing.T) {
	defs := []Defender{{Bunker: true, Step: StepFresh, FLAKTower: true}, {Bunker: true, Step: StepSpent, FLAKTower: true}}
	checkValue(t, "guns", BombardmentDV(2, false, defs), 5)
	checkValue(t, "air", BombardmentDV(2, true, defs), 4)
}

// fh40:4.117, fh40:9.64, fh40:6.51: River Bunker Garrisons never move, retreat or
// regroup.
func TestFH40BunkersStay(t *testing.T) {
	s := newFH40(t)
	g := s.g
	u := g.unit("nl-rbg-grave")
	if s.regroupFrom(u, func(int) bool { return true }) {
		t.Error("a River Bunker Garrison never regroups")
	}
	gr := &Ground{Map: g.m, FH40: true, Places: make([]PlaceView, nPlaces)}
	if _, err := gr.Enter(moverOf(&g.units[u]), StartLeg(int(g.at("41"))), int(g.at("40")), ViaBorder); err == nil {
		t.Error("a River Bunker Garrison never moves")
	}
}

// fh40:3.5, fh40:16.2, fh40:16.22: the Germans fly the two Air Bombardment markers in
// Clear weather at an area next to one of theirs; the Dutch have none.
func TestFH40AirBombardment(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done", "pass")
	if !slices.Contains(choiceIDs(s), "bombard-area:27") {
		t.Fatalf("choices %v: 27 borders German 26", choiceIDs(s))
	}
	play(t, s, "bombard-area:27")
	if ids := choiceIDs(s); !slices.Contains(ids, "air:luftwaffe-1") || !slices.Contains(ids, "air:luftwaffe-2") {
		t.Errorf("choices %v: either German marker", ids)
	}
}

// fh40:10.72: the AV of the 254th Division's IR 474 (AF 5) as point unit
// with IR 484 and the Pionier-Bataillon 254 and its artillery supporting:
// 5 + 2 (more units) + 1 (artillery) + 1 (three units of the 254th: two
// regiments and the artillery; the battalion does not count, fh40:10.72D)
// = 9; III./IR 481 (AF 3) with the 256th's Pioniers and IR 456: 3 + 2,
// the two battalions not counting toward the three. mgmg's SS-and-Wehrmacht case has no place in fh40's 10.72, so an SS
// unit with them costs nothing.
func TestFH40AssaultAV(t *testing.T) {
	s := newFH40(t)
	g := s.g
	at := func(id string) Attacker { return s.attacker(g.unit(id)) }
	a := AssaultAttack{Point: at("de-254-ir474"), Others: []Attacker{at("de-254-ir484"), at("de-254-pi")}, Support: []Attacker{at("de-254-ar")}}
	checkValue(t, "254th", AssaultAV(a), 9)
	a.Others = append(a.Others, at("de-ssv-germania"))
	checkValue(t, "with the SS", AssaultAV(a), 10)
	a = AssaultAttack{Point: at("de-256-3-481"), Others: []Attacker{at("de-256-pi"), at("de-256-ir456")}}
	checkValue(t, "two battalions and a regiment of the 256th: 3 + 2, no integrity", AssaultAV(a), 5)
}

// fh40:20.4, fh40:10.2: Panzer Zug 1 carries III./IR 481, which began the
// impulse with it in Boxmeer (45), along the railway into Mill (44), held
// by the Dutch: 2 MF, and both stop there; the battalion, not the train,
// is bound to the Mandatory Assault, and moves no more on its own.
func TestFH40ZugCarries(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	zug, bn, p45 := g.unit("de-panzerzug-1"), g.unit("de-256-3-481"), g.at("45")
	for _, id := range []string{"nl-border-boxmeer", "nl-rbg-boxmeer"} {
		s.put(g.unit(id), locElim, StepFresh)
	}
	s.put(zug, p45, StepFresh)
	s.put(bn, p45, StepFresh)
	s.setControl(p45, ctlGerman)
	play(t, s, "assault:45", "move:de-panzerzug-1")
	if ids := choiceIDs(s); !slices.Contains(ids, "carry:de-256-3-481") || slices.Contains(ids, "enter:44") {
		t.Fatalf("choices %v: the train may take the battalion, and enters Mill only carrying it", ids)
	}
	play(t, s, "carry:de-256-3-481", "enter:44")
	mv := &s.stack.frames[0].Move
	if s.units[zug].Loc != g.at("44") || s.units[bn].Loc != g.at("44") || mv.Unit != 0 {
		t.Fatalf("train at %d, battalion at %d, moving %d: both in 44, stopped", s.units[zug].Loc, s.units[bn].Loc, mv.Unit)
	}
	if !mv.Mandatory.has(bn) || mv.Mandatory.has(zug) {
		t.Error("the battalion is bound to the Mandatory Assault, the train with no attack factor is not")
	}
	if slices.Contains(choiceIDs(s), "move:de-256-3-481") {
		t.Error("the carried battalion moves no more (fh40:20.4)")
	}
	if ids := choiceIDs(s); slices.Contains(ids, "end-impulse") || !slices.Contains(ids, "resolve:44") {
		t.Fatalf("choices %v: the Mandatory Assault in 44 comes before the impulse ends (fh40:10.2)", ids)
	}
	play(t, s, "resolve:44")
	if f := s.fightFrame(); !f.Fight.Attackers.has(bn) || f.Fight.Attackers.has(zug) {
		t.Error("the battalion assaults, the train with no attack factor does not (fh40:20.4, fh40:10.72)")
	}
	if back := edited(t, s, func(*Position) {}); back.Hash() != s.Hash() {
		t.Fatal("the carried battalion survives a position's round trip")
	}
}

// The evaluation (fh40_evaluate.go) reads the German Victory Points: the
// two seats' chances add up to one, and Schijndel (2 VP, fh40:21.3) taken
// by a panzer battalion on May 12 raises the German's.
func TestFH40Evaluate(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done", "pass")
	s = edited(t, s, func(p *Position) { p.Turn, p.Impulse = 19, "8" })
	de, nl := s.Evaluate("german"), s.Evaluate("allied")
	if math.Abs(de+nl-1) > 1e-9 {
		t.Fatalf("German %f and Dutch %f do not add up to one", de, nl)
	}
	s.put(s.g.unit("nl-peel-schijndel"), locElim, StepFresh)
	s.put(s.g.unit("de-9pz-1-33"), s.g.at("49"), StepFresh)
	s.setControl(s.g.at("49"), ctlGerman)
	if after := s.Evaluate("german"); after <= de {
		t.Errorf("German chance %f with Schijndel, %f without", after, de)
	}
	if terms := s.Assess("german"); len(terms) == 0 || terms[1].Value < 1.5 {
		t.Errorf("terms %+v: Schijndel held counts for nearly its 2 VP", terms)
	}
}

// fh40:11.11, fh40:11.12, fh40:11.2, fh40:11.3, fh40:11.41, fh40:16.2, fh40:6.3: a German Air
// Bombardment of Beek (27, TEM 3) next to German Wyler: AV 6, the marker's
// Attack Factor; DV 2 × 3 = 6 (no field artillery or bunker bonus against
// the air). DRs 12 and 2: 18 against 8, 10 attrition points; the primary
// target, the Fresh border battalion, takes 2 and is Spent, the rest is
// lost with no other unit there. The marker is used; the resolution DR 12
// is the German Sunset DR, at least the impulse (0), and the Advantage
// marker stays (fh40:16.2): Dutch Impulse 0 again.
func TestFH40AirBombardmentResolved(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass", "bombard-area:27", "air:luftwaffe-1")
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "primary:nl-border-beek", "keep")
	if s.step == stImpulse && s.active == germans {
		t.Fatal("no Double Impulse after an Air Bombardment (fh40:16.21)")
	}
	if st := s.units[g.unit("nl-border-beek")]; st.Level != StepSpent {
		t.Errorf("Beek's battalion is %s, Spent by 2 of the 10 attrition points", levelNames[st.Level])
	}
	if s.airUsed&1 == 0 || s.step != stImpulse || s.active != allies || s.impulse != 0 {
		t.Fatalf("air used %b, step %s, active %s, impulse %d: the marker used, Dutch Impulse 0 again", s.airUsed, stepNames[s.step], s.active, s.impulse)
	}
}

// fh40:8.21, fh40:8.22, fh40:8.221, fh40:8.222, fh40:9.22, fh40:9.63: no Infiltration Impulse, no bridge
// seizure, no ferry in Fortress Holland: the German's first choices are
// passes, Assault Impulses and bombardments only, and a unit moving next
// to a Dutch bridge has no seizure to try.
func TestFH40NotUsedImpulses(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done", "pass")
	for _, id := range choiceIDs(s) {
		if id != "pass" && !strings.HasPrefix(id, "assault:") && !strings.HasPrefix(id, "bombard-area:") {
			t.Errorf("choice %s: only Pass, Assault and Bombardment Impulses (fh40:8.2)", id)
		}
	}
	play(t, s, "assault:26", "move:de-254-ir454")
	for _, id := range choiceIDs(s) {
		if strings.HasPrefix(id, "seize:") || strings.HasSuffix(id, ":ferry") {
			t.Errorf("choice %s: no seizure or ferry (fh40:9.22, fh40:9.63)", id)
		}
	}
}

// fh40:12.4, fh40:12.41: three Dutch units lost in an impulse cost the Dutch the
// Advantage, one German unit the German; the German moves the Sunset DRM
// marker a space per Dutch loss above three when the Dutch held the
// Advantage, above two when not; German losses move it for nobody.
func TestFH40InvoluntaryLoss(t *testing.T) {
	s := newFH40(t)
	if !s.losesAdvantage(allies, 3) || s.losesAdvantage(allies, 2) || !s.losesAdvantage(germans, 1) {
		t.Error("Dutch three, German one (fh40:12.4)")
	}
	for _, c := range []struct {
		dutch, german int
		held          bool
		who           side
		spaces        int
	}{{5, 0, true, germans, 2}, {5, 0, false, germans, 3}, {3, 0, true, nobody, 0}, {0, 6, false, nobody, 0}} {
		var f frame
		f.Lost[allies], f.Lost[germans], f.Held[allies] = uint8(c.dutch), uint8(c.german), c.held
		if who, n := s.earnedSpaces(&f); who != c.who || n != c.spaces {
			t.Errorf("%d Dutch, %d German lost, Dutch held %v: %s moves %d spaces, want %s %d", c.dutch, c.german, c.held, who, n, c.who, c.spaces)
		}
	}
}

// fh40:17.4: no weather change: a Sunset DR equal to the impulse, which
// changes mgmg's weather, leaves Fortress Holland's as it is.
func TestFH40NoWeatherChange(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done")
	s = edited(t, s, func(p *Position) { p.Impulse = "4" })
	s.rng.Force(2, 2)
	play(t, s, "pass", "assault:36", "end-impulse", "keep", "single")
	if s.weather != clear || s.weatherChange || s.impulse != 5 {
		t.Fatalf("weather %s, change %v, impulse %d: Clear stays, Impulse 5 follows", s.weather, s.weatherChange, s.impulse)
	}
}

// fh40:3.6, fh40:3.4, fh40:3.8: the side panel shows May 10 to 12 and the German
// Victory Points, and no Supply Track or United Kingdom box.
func TestFH40Panels(t *testing.T) {
	s := newFH40(t)
	ids := map[string]Panel{}
	for _, p := range s.View("german").(View).Panels {
		ids[p.ID] = p
	}
	if turn := ids["turn"]; turn.Value != "10" || !slices.Equal(turn.Positions, []string{"10", "11", "12"}) {
		t.Errorf("turn panel %+v: May 10 of 10-12", turn)
	}
	if _, ok := ids["supply"]; ok {
		t.Error("no Supply Track (fh40:3.8)")
	}
	if _, ok := ids["uk-box"]; ok {
		t.Error("no United Kingdom box (fh40:3.4)")
	}
	if vp := ids["vp"]; vp.Label != "German VP" || vp.Value != 1 {
		t.Errorf("VP panel %+v: the Germans hold 1 at the start, the French point (fh40:21.3)", vp)
	}
}

// fh40:3.2, fh40:3.6: the terminal's text shows May 10 and only the places in
// play, the Dutch ones marked so.
func TestFH40Text(t *testing.T) {
	txt := newFH40(t).Text("german")
	for _, want := range []string{"May 10 of 12, 1940", "German VP 1", "27 Beek [TEM+3, dutch]", "Advantage: German |", "to move: Dutch |"} { // the Dutch Bridge Demolition Phase opens May 10 (fh40:20.2)
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q", want)
		}
	}
	if strings.Contains(txt, "allied") {
		t.Error("the text names the Dutch seat by its ID")
	}
	if strings.Contains(txt, "13 Arnhem") || strings.Contains(txt, "September") {
		t.Error("Arnhem and the September dates are not Fortress Holland's")
	}
}

// fh40:9.62, fh40:10.2, fh40:10.4, fh40:4.6: every canal and river boundary is Dutch-held
// at the start, so German infantry wading the canal between 48 and 49 into
// Schijndel, Contested already, must assault; once a German assault took
// that boundary (a success or a stalemate) it carries a Held! marker, and
// the next unit joins the fight there without a Mandatory Assault.
func TestFH40HeldMarkers(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	from, to := g.at("48"), g.at("49")
	inf := Mover{Type: Infantry, German: true, MF: 3}
	enter := func() Entry {
		mv := s.startMoving(impulseAssault, from, germans)
		gr := s.ground(germans, &mv)
		gr.Places[to].Friends, gr.Places[to].FreshEnemies, gr.Places[to].ContestedAtStart = 1, 1, true
		gr.Places[from] = PlaceView{}
		e, err := gr.Enter(inf, StartLeg(int(from)), int(to), ViaBorder)
		if err != nil {
			t.Fatal(err)
		}
		return e
	}
	if e := enter(); !e.Mandatory || e.Crossing.Kind != CanalCrossing {
		t.Fatalf("%+v: over a Dutch-held canal into a Contested area, a Mandatory Assault (fh40:10.2)", e)
	}
	s.takeCrossing(int(from), int(to), Crossing{Kind: CanalCrossing}, allies)
	if s.held != 0 {
		t.Fatal("only a German assault places a Held! marker (fh40:10.2)")
	}
	s.takeCrossing(int(from), int(to), Crossing{Kind: CanalCrossing}, germans)
	if e := enter(); e.Mandatory {
		t.Errorf("%+v: over the German Held! canal no Mandatory Assault", e)
	}
	back := edited(t, s, func(*Position) {})
	if back.Hash() != s.Hash() || !slices.Equal(back.heldMarkers(), []string{"48/49"}) {
		t.Errorf("held %v: the Held! marker survives a position's round trip", back.heldMarkers())
	}
}

// fh40:9.4, fh40:9.1, fh40:9.2: German and Dutch armour and mechanized
// units pay ½ MF an area along the road net through Free areas: a panzer
// battalion from Boxmeer (45) by road to Mill (44) and Cuijk (42) has spent
// 1 MF (2 halves) of its 7; German field artillery pays the full 1 MF an
// area, 2 for the two, as in mgmg the German armour would.
func TestFH40RoadMovement(t *testing.T) {
	g := MustLoadFH40()
	a := func(id string) int { return int(g.at(id)) }
	gr := &Ground{Map: g.m, German: true, Day: 18, FH40: true, Places: make([]PlaceView, nPlaces)}
	for _, c := range []struct {
		name  string
		m     Mover
		spent int
	}{{"panzer", Mover{Type: Armored, German: true, MF: 7}, 2}, {"Dutch mechanized", Mover{Type: MechanizedInfantry, MF: 5}, 2}, {"German artillery", Mover{Type: FieldArtillery, German: true, MF: 4}, 4}} {
		l := StartLeg(a("45"))
		for _, to := range []string{"44", "42"} {
			e, err := gr.Enter(c.m, l, a(to), ViaBorder)
			if err != nil {
				t.Fatalf("%s to %s: %v", c.name, to, err)
			}
			l = e.Leg
		}
		if l.Spent() != c.spent {
			t.Errorf("%s: %d halves spent, want %d", c.name, l.Spent(), c.spent)
		}
	}
	gr.FH40 = false
	e, _ := gr.Enter(Mover{Type: Armored, German: true, MF: 7}, StartLeg(a("45")), a("44"), ViaBorder)
	if e.Leg.Spent() != 2 {
		t.Errorf("mgmg's German armour pays the full rate: %d halves", e.Leg.Spent())
	}
}

// fh40:16.23, fh40:13.2: a German Air Bombardment of Beek (27), Contested by
// IR 454, with equal DRs (6 and 6): 6 + 6 against 6 + 6 harms no Dutch
// unit, but a mistaken attack deals the Germans half the attacker's DR, 3
// attrition points; the Dutch name IR 454 the primary target: Fresh
// infantry, it takes 2 and is Spent (fh40:11.41).
func TestFH40MistakenAttack(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	ir := g.unit("de-254-ir454")
	s.put(ir, g.at("27"), StepFresh)
	play(t, s, "bombard-area:27", "air:luftwaffe-2")
	s.rng.Force(3, 3, 3, 3)
	play(t, s, "primary:nl-border-beek", "keep")
	if s.step != stMistaken || s.active != allies {
		t.Fatalf("step %s active %s: the Dutch name the German primary target", stepNames[s.step], s.active)
	}
	play(t, s, "primary:de-254-ir454")
	if s.units[ir].Level != StepSpent || s.units[g.unit("nl-border-beek")].Level != StepFresh {
		t.Errorf("IR 454 %s, Beek's battalion %s: the Germans pay, the Dutch do not", levelNames[s.units[ir].Level], levelNames[s.units[g.unit("nl-border-beek")].Level])
	}
}

// fh40:9.21, fh40:9.2: a Dutch battalion of MF 3 that has not moved may
// still enter an area holding a Fresh German unit (4 MF) with all its MF;
// having moved, it may not.
func TestFH40MinimumMove(t *testing.T) {
	g := MustLoadFH40()
	a := func(id string) int { return int(g.at(id)) }
	gr := &Ground{Map: g.m, FH40: true, Places: make([]PlaceView, nPlaces)}
	gr.Places[a("42")] = PlaceView{FreshEnemies: 1, Enemy: true, EnemyAtStart: true}
	bn := Mover{Type: Infantry, MF: 3}
	e, err := gr.Enter(bn, StartLeg(a("44")), a("42"), ViaBorder)
	if err != nil || !e.Leg.Done || e.Leg.Spent() != 6 || !e.Mandatory {
		t.Fatalf("%+v %v: a minimum move of all 3 MF, and a Mandatory Assault", e, err)
	}
	e, _ = gr.Enter(bn, StartLeg(a("45")), a("44"), ViaBorder)
	if _, err := gr.Enter(bn, e.Leg, a("42"), ViaBorder); err == nil {
		t.Error("after a move, 4 MF are more than the 2 left")
	}
}

// fh40:10.5: units that made a Boat Assault or waded a canal, or assaulted
// Elevated terrain such as Beek (27), may not go on after an overrun;
// those that crossed by a bridge into open country may.
func TestFH40Overrun(t *testing.T) {
	g := MustLoadFH40()
	for _, c := range []struct {
		kind     CrossingKind
		elevated bool
		may      bool
	}{{BoatCrossing, false, false}, {CanalCrossing, false, false}, {BridgeCrossing, g.m.Elevated(int(g.at("27"))), false}, {BridgeCrossing, g.m.Elevated(int(g.at("44"))), true}} {
		if got := (Crossing{Kind: c.kind}).MayOverrun(c.elevated); got != c.may {
			t.Errorf("crossing %d, elevated %v: may overrun %v", c.kind, c.elevated, got)
		}
	}
}

// fh40:20.3: after a successful coup into Mill (44), held by two Dutch
// battalions and their artillery, the coup's battalion may assault them
// with +1 to its DR: III./IR 481 (AF 3) rolls 6 and 6, 12 + 1 = 13, so its
// Attack Total is 3 + 13 = 16. When the assault is over the Dutch go on
// with their demolitions, and the battalion has made its attack.
func TestFH40CoupAttack(t *testing.T) {
	s := newFH40(t)
	g := s.g
	s.rng.Force(4)
	play(t, s, demolishID(s, "37", "44"), "coup:de-256-3-481", "coup-to:44")
	if s.step != stCoupAttack || !slices.Equal(choiceIDs(s), []string{"done", "resolve:44"}) {
		t.Fatalf("step %s, choices %v: attack Mill or not", stepNames[s.step], choiceIDs(s))
	}
	play(t, s, "resolve:44")
	s.rng.Force(6, 6, 1, 1)
	for n := 0; s.step != stDemolition && n < 40; n++ {
		ids := choiceIDs(s)
		id := ids[0]
		switch {
		case s.step == stReroll:
			id = "keep"
		case slices.Contains(ids, "support-done"):
			id = "support-done" // no artillery: AV 3
		}
		play(t, s, id)
	}
	found := false
	for _, l := range s.LogLines("german", 0, s.LogLen("german")) {
		found = found || strings.HasPrefix(l.Text, "AT 16 = AV 3 + DR 13")
	}
	if !found || s.step != stDemolition || s.active != allies {
		t.Fatalf("step %s, AT line found %v: the attack with DR 12 + 1 against AV 3, then the Dutch go on", stepNames[s.step], found)
	}
	if s.units[g.unit("de-256-3-481")].Level == StepFresh {
		t.Error("the battalion that attacked is Fresh no more (fh40:13.2)")
	}
	play(t, s, "done")
	if s.step != stImpulse || s.active != allies || s.stack.n != 1 {
		t.Fatalf("step %s, %d frames: Dutch Impulse 0 follows", stepNames[s.step], s.stack.n)
	}
}

// fh40:2.0: the allied seat plays the Dutch, and is named so wherever
// players read a seat's name.
func TestFH40SeatNames(t *testing.T) {
	s := newFH40(t)
	if d, g := engine.SeatName(s, "allied"), engine.SeatName(s, "german"); d != "Dutch" || g != "German" {
		t.Errorf("fh40's seats are named %q and %q; want Dutch and German", d, g)
	}
	if n := engine.SeatName(s, engine.Spectator); n != "Spectator" {
		t.Errorf("an onlooker is named %q, want Spectator", n)
	}
}
