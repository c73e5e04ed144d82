package mgmg

import "testing"

// Ways of each difference between two throws of two dice, worked out by
// hand as sums of products of the 1-2-3-4-5-6-5-4-3-2-1 spread: equal 146,
// one apart 140, two 125, three 104; of 1296 pairs.
const (
	waysDiff0 = 146
	waysDiff1 = 140
	waysDiff2 = 125
	waysDiff3 = 104
	pairs     = 1296
	waysAbove = (pairs - waysDiff0) / 2 // attacker's roll higher: 575
)

// mgmg:10.71: each side rolls two dice, 36 throws, six of them 7.
func TestDiceRolls(t *testing.T) {
	r := DiceRolls()
	n := 0
	for _, w := range r {
		n += w
	}
	if n != 36 || r[7] != 6 || r[2] != 1 || r[12] != 1 || r[1] != 0 {
		t.Fatalf("DiceRolls = %v, want 36 throws: one 2, six 7s, one 12", r)
	}
}

// mgmg:23.71: the special deck holds one 2, two 3s, three 4s, four 5s, five
// 6s, six 7s, five 8s, four 9s, three 10s, two jacks (11) and a queen (12).
func TestFullDeck(t *testing.T) {
	want := Deck{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
	if d := FullDeck(); d != want || d.Left() != 36 {
		t.Fatalf("FullDeck = %v (%d cards), want %v (36)", d, d.Left(), want)
	}
}

// mgmg:23.71: drawn cards stay out until all 36 are used, then the deck is
// reshuffled; a card negated by the Advantage is just not returned.
func TestDeckDrawsThenReshuffles(t *testing.T) {
	d := FullDeck()
	if v := d.Draw(0); v != 2 {
		t.Fatalf("the first card in value order is %d, want 2", v)
	}
	if d[2] != 0 || d.Left() != 35 {
		t.Fatalf("after drawing the 2: %v, %d left, want no 2 and 35 left", d, d.Left())
	}
	if r := d.Rolls(); r[2] != 0 || r[7] != 6 {
		t.Fatalf("Rolls of the deck = %v, want no 2 and six 7s", r)
	}
	if v := d.Draw(34); v != 12 {
		t.Fatalf("the last card of 35 is %d, want the queen, 12", v)
	}
	for d.Left() > 0 {
		d.Draw(0)
	}
	if r := d.Rolls(); r != DiceRolls() {
		t.Fatalf("Rolls of a used-up deck = %v, want the full deck's %v (reshuffled)", r, DiceRolls())
	}
	if v := d.Draw(35); v != 12 || d.Left() != 35 {
		t.Fatalf("drawing from a used-up deck gave %d with %d left, want the queen of a reshuffled deck, 35 left", v, d.Left())
	}
}

// mgmg:10.7: the margin is the Attack Total less the Defense Total.
func TestCompareTotals(t *testing.T) {
	if m := CompareTotals(11, 7, 5, 7); m != 6 {
		t.Fatalf("AV 11 + 7 against DV 5 + 7: margin %d, want 6", m)
	}
}

// mgmg:10.73A: a forward unit's factor falls by its disruption level.
func TestStepDisruption(t *testing.T) {
	for s, want := range map[Step]int{StepFresh: 0, StepSpent: 0, StepDisrupt1: 1, StepDisrupt2: 2} {
		if got := s.Disruption(); got != want {
			t.Errorf("%s: disruption %d, want %d", s, got, want)
		}
	}
}

// mgmg:10.7: the attack total is the value plus the roll, as the log shows it.
func TestWithRoll(t *testing.T) {
	v := CombatValue{Total: 11}
	if got, want := v.WithRoll("AT", "AV", 7), "AT 18 = AV 11 + DR 7"; got != want {
		t.Errorf("WithRoll = %q, want %q", got, want)
	}
}

// mgmg:23.7, mgmg:23.71: the odds count the cards left. The attacker's deck holds only
// the queen (12), the defender rolls dice: AV 5 against DV 10 succeeds on a
// defender's 2-6 (15 of 36), stalemates on 7 (6), fails on 8-12 (15).
func TestOddsFromADeck(t *testing.T) {
	var deck Deck
	deck[12] = 1
	av, dv := CombatValue{Total: 5}, CombatValue{Total: 10}
	o := AssaultCase{Capacity: 4}.Odds(av, dv, deck.Rolls(), DiceRolls())
	if o.Failure.Ways != 15 || o.Stalemate.Ways != 6 || o.Failure.Of != 36 {
		t.Errorf("failure %d, stalemate %d of %d; want 15, 6 of 36", o.Failure.Ways, o.Stalemate.Ways, o.Failure.Of)
	}
	success := 0
	for _, c := range o.Success {
		success += c.Ways
	}
	if success != 15 || o.Success[5].Ways != 1 || o.Success[1].Ways != 5 {
		t.Errorf("success %v, want 15 in all: 1 CP on a 6 (5 ways) to 5 CP on a 2 (1 way)", o.Success)
	}
}
