package soa

import (
	"testing"

	"sandtable/engine"
)

// Helpers of the turn-sequence tests (prefixed trn to stay clear of other files).

// trnState is a revealed game with no unit on the map, at the given turn.
func trnState(t *testing.T, turn int) *State {
	t.Helper()
	g := MustLoad()
	s := g.newState(options{}, 7)
	s.revealed = true
	s.turn = turn
	return s
}

func trnPlace(s *State, id string) int16 { return int16(s.g.board.MustIndex(id)) }

// trnPool lists the counters of a pool in data order.
func trnPool(s *State, pool string) []int16 {
	var out []int16
	for u := range s.g.units {
		if s.g.units[u].Pool == pool {
			out = append(out, int16(u))
		}
	}
	return out
}

// trnPut places the next n unused on-map units of side in place p.
func trnPut(s *State, side Side, p int16, n int) []int16 {
	start := s.g.britStart
	if side == German {
		start = s.g.germStart
	}
	var out []int16
	for _, u := range start {
		if len(out) == n {
			break
		}
		if s.units[u].Loc == locPool && s.typ(u) != AntiTank {
			s.units[u].Loc = p
			s.stale()
			out = append(out, u)
		}
	}
	return out
}

// trnOfType is the first unused on-map unit of side and type.
func trnOfType(t *testing.T, s *State, side Side, ty UnitType) int16 {
	t.Helper()
	for _, u := range s.g.sideUnits[side] {
		if s.g.units[u].Pool == "" && s.typ(u) == ty && s.units[u].Loc == locPool {
			return u
		}
	}
	t.Fatalf("no unit of type %s", ty)
	return -1
}

func trnPick(t *testing.T, s *State, id string) {
	t.Helper()
	a, err := engine.Find(s, id)
	if err != nil {
		t.Fatalf("%v; legal: %v", err, engine.Choices(s))
	}
	if err := s.Apply(a); err != nil {
		t.Fatal(err)
	}
}

func trnIDs(s *State) map[string]bool {
	m := map[string]bool{}
	for _, c := range engine.Choices(s) {
		m[c.ID] = true
	}
	return m
}

func trnVPAreas(s *State) []int16 {
	var out []int16
	for p := 0; p < s.g.board.Len(); p++ {
		if s.g.board.Place(p).VP > 0 {
			out = append(out, int16(p))
		}
	}
	return out
}

func trnPerimAreas(s *State) []int16 {
	var out []int16
	for p := 0; p < s.g.board.Len(); p++ {
		if s.g.places[p].Perimeter {
			out = append(out, int16(p))
		}
	}
	return out
}

func trnAt(s *State, p int16) int {
	n := 0
	for u := range s.units {
		if s.units[u].Loc == p {
			n++
		}
	}
	return n
}

// The map has the six victory point areas of soa:3.21 and six perimeter areas (soa:5.1, soa:11.5).
func TestTurnMapMarkers_soa3_21_5_1(t *testing.T) {
	s := trnState(t, 1)
	var ids []string
	for _, p := range trnVPAreas(s) {
		ids = append(ids, s.g.board.Place(int(p)).ID)
		if s.control[p] != British {
			t.Errorf("%s starts %v, want British control (soa:5.1)", s.g.board.Place(int(p)).ID, s.control[p])
		}
	}
	if len(ids) != 6 {
		t.Fatalf("VP areas %v, want 4 5 17 18 22 23", ids)
	}
	for _, id := range []string{"4", "5", "17", "18", "22", "23"} {
		if s.g.board.Place(int(trnPlace(s, id))).VP == 0 {
			t.Errorf("area %s has no VP", id)
		}
	}
	if n := len(trnPerimAreas(s)); n != 6 {
		t.Fatalf("%d perimeter areas, want 6", n)
	}
	for _, p := range trnPerimAreas(s) {
		if !s.perim[p] {
			t.Errorf("no perimeter marker in %d at the start (soa:5.1)", p)
		}
	}
}

// soa:6.1, soa:16.1: the Tigers enter zone C uncommitted at the start of turn 5, not before.
func TestTurnTigersTurn5_soa16_1(t *testing.T) {
	s := trnState(t, 4)
	s.rng.Force(4, 4) // events: 8+1 on turn 4: none
	s.startTurn()
	for _, u := range trnPool(s, "T5") {
		if s.units[u].Loc != locPool {
			t.Fatalf("turn 4: Tiger at %d", s.units[u].Loc)
		}
	}
	s = trnState(t, 5)
	s.rng.Force(4, 4) // 8+1 = 9 on turn 5: none
	s.startTurn()
	zc := s.g.zone[2]
	for _, u := range trnPool(s, "T5") {
		if s.units[u].Loc != zc || s.units[u].Committed {
			t.Fatalf("turn 5: Tiger at %d committed %v, want zone C uncommitted", s.units[u].Loc, s.units[u].Committed)
		}
	}
	if s.step != stImpulse {
		t.Fatalf("step %d, want the Movement/Fire Phase (soa:6.3)", s.step)
	}
}

// soa:8.4, soa:8.44: the Tactical Advantage goes to the German at the start of
// turns 3 and 6 and its holder has the first impulse; other turns leave it.
func TestTurnTacticalAdvantage_soa8_4_8_44(t *testing.T) {
	for _, tc := range []struct {
		turn int
		want Side
	}{{2, British}, {3, German}, {4, British}, {6, German}, {7, British}} {
		s := trnState(t, tc.turn)
		s.ta = British
		s.rng.Force(4, 4) // 8±1: no event on turns 2-7
		s.startTurn()
		if s.ta != tc.want {
			t.Errorf("turn %d: TA %v, want %v", tc.turn, s.ta, tc.want)
		}
		if s.step != stImpulse || s.active != tc.want {
			t.Errorf("turn %d: step %d active %v, want first impulse to %v", tc.turn, s.step, s.active, tc.want)
		}
	}
}

// soa:5.1, soa:11.5.1: the perimeter markers go at the start of turn 4.
func TestTurnPerimeterRemovedTurn4_soa5_1_11_5_1(t *testing.T) {
	s := trnState(t, 3)
	s.rng.Force(4, 4)
	s.startTurn()
	if !s.perim[trnPerimAreas(s)[0]] {
		t.Fatal("turn 3: markers already gone")
	}
	s = trnState(t, 4)
	s.rng.Force(4, 4)
	s.startTurn()
	for _, p := range trnPerimAreas(s) {
		if s.perim[p] {
			t.Fatalf("turn 4: marker left in %d", p)
		}
	}
}

// soa:20.1, soa:20.2: shortage level 1 from turn 6, 2 from turn 8; nothing before.
func TestAmmoShortage_soa20_1_20_2(t *testing.T) {
	for turn, want := range map[int]int{1: 0, 5: 0, 6: 1, 7: 1, 8: 2} {
		s := trnState(t, turn)
		s.rng.Force(4, 4, 4, 4)
		s.startTurn()
		if s.ammo != want || s.ammoPenalty(false) != want || s.ammoPenalty(true) != want {
			t.Errorf("turn %d: ammo %d penalty %d/%d, want %d", turn, s.ammo, s.ammoPenalty(false), s.ammoPenalty(true), want)
		}
	}
}

// soa:20.3 example: turn 8 with one Bren carrier on the track costs -1, but
// artillery still pays -2; two carriers on turn 6 cannot go below 0.
func TestAmmoBrenExample_soa20_3(t *testing.T) {
	s := trnState(t, 8)
	s.ammo = ammoLevel(8)
	s.units[trnPool(s, "C")[0]].Loc = locTrack
	if got := s.ammoPenalty(false); got != 1 {
		t.Fatalf("infantry penalty %d, want 1", got)
	}
	if got := s.ammoPenalty(true); got != 2 {
		t.Fatalf("artillery penalty %d, want 2 (soa:20.3 EXCEPTION)", got)
	}
	s.turn, s.ammo = 6, ammoLevel(6)
	s.units[trnPool(s, "C")[1]].Loc = locTrack
	if got := s.ammoPenalty(false); got != 0 {
		t.Fatalf("two carriers on turn 6: penalty %d, want 0", got)
	}
}

// soa:17.52, soa:20.3: a Bren carrier that begins a turn in a British-controlled
// VP area goes onto the Turn Record Track; elsewhere it stays.
func TestBrenToTrack_soa17_52(t *testing.T) {
	s := trnState(t, 6)
	br := trnPool(s, "C")
	a4, a5, z := trnPlace(s, "4"), trnPlace(s, "5"), s.g.zone[3]
	s.control[a5] = German
	s.units[br[0]].Loc, s.units[br[1]].Loc, s.units[br[2]].Loc = a4, a5, z
	s.rng.Force(4, 4)
	s.startTurn()
	if s.units[br[0]].Loc != locTrack {
		t.Fatalf("carrier in British-held 4 at %d, want the track", s.units[br[0]].Loc)
	}
	if s.units[br[1]].Loc != a5 || s.units[br[2]].Loc != z {
		t.Fatal("carriers outside British-held VP areas moved")
	}
	if got := s.ammoPenalty(false); got != 0 {
		t.Fatalf("turn 6 with a carrier on the track: penalty %d, want 0", got)
	}
}

// soa:18.9: at the end of close combat the British roll for every fire,
// occupied or not: level 1 goes on 5-6, level 2 only on 6. The Tactical
// Advantage may reroll each (soa:8.41).
//
// Rules: soa:18.9.
func TestTurnExtinguish_soa18_9(t *testing.T) {
	s := trnState(t, 8)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	a, b, c, d := trnPlace(s, "1"), trnPlace(s, "2"), trnPlace(s, "3"), trnPlace(s, "6")
	s.fire[a], s.fire[b], s.fire[c], s.fire[d] = 1, 1, 2, 2
	s.rng.Force(5, 4, 5, 6)
	s.endCloseCombat()
	for i := 0; i < 4; i++ {
		if s.step != stReroll || s.active != s.ta {
			t.Fatalf("roll %d: step %d active %v, want a reroll offer to the TA holder", i, s.step, s.active)
		}
		trnPick(t, s, "accept")
	}
	if s.fire[a] != 0 || s.fire[b] != 1 || s.fire[c] != 2 || s.fire[d] != 0 {
		t.Fatalf("fires %d %d %d %d, want 0 1 2 0", s.fire[a], s.fire[b], s.fire[c], s.fire[d])
	}
	if s.step != stOver {
		t.Fatal("turn 8 should end the game after the VP phase")
	}
}

// soa:8.41: the British holder rerolls a failed extinguishing roll and the new
// roll stands; the advantage passes to the German, who is offered the next fire.
func TestTurnExtinguishReroll_soa8_41_18_9(t *testing.T) {
	s := trnState(t, 8)
	for _, p := range trnPerimAreas(s) {
		s.perim[p] = false
	}
	a, b := trnPlace(s, "1"), trnPlace(s, "2")
	s.fire[a], s.fire[b] = 1, 2
	s.ta = British
	s.rng.Force(3, 5, 6)
	s.endCloseCombat()
	if r := s.View("british").(View).Roll; r == nil || r.Text != "putting out the level 1 fire in 1: die 3, 5 or more puts it out" {
		t.Fatalf("the roll under the offer: %+v", r)
	}
	trnPick(t, s, "reroll")
	if s.fire[a] != 0 || s.ta != German {
		t.Fatalf("fire %d TA %v, want the reroll of 5 to put it out and the TA to pass", s.fire[a], s.ta)
	}
	if s.step != stReroll || s.active != German {
		t.Fatalf("next fire: step %d active %v, want the German's offer", s.step, s.active)
	}
	if r := s.View("german").(View).Roll; r == nil || r.Text != "putting out the level 2 fire in 2: die 6, 6 or more puts it out" {
		t.Fatalf("the roll under the offer: %+v", r)
	}
	trnPick(t, s, "reroll") // German rerolls the 6; the generated roll stands
	if s.ta != British {
		t.Fatal("TA should pass back")
	}
}

// soa:6.6, soa:3.4: after the VP phase the turn advances and the next one begins.
func TestTurnAdvance_soa6_6_3_4(t *testing.T) {
	s := trnState(t, 2)
	s.rng.Force(4, 4) // turn 3: 8-1 = 7, no event
	s.endCloseCombat()
	if s.turn != 3 || s.step != stImpulse || s.ta != German || s.result != nil {
		t.Fatalf("turn %d step %d TA %v, want turn 3 under way with the German TA", s.turn, s.step, s.ta)
	}
}
