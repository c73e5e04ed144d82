package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// groesbeekWithCards is groesbeekAssault's position with the alternate
// combat resolution on (mgmg:23.7), edit changing it before the Allies
// activate Heumensoord (34): the 1/504 and 3/504 enter Groesbeek (35, TEM
// +2) and its Fresh Kampfgruppe Hermann (DF 2): AV 4 + 1 = 5 against DV
// 2 + 2 = 4.
func groesbeekWithCards(t *testing.T, edit func(*Position)) *State {
	t.Helper()
	st, err := MustLoad().New("standard", map[string]string{"cards": "on"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	play(t, s, "setup-historical", "setup-historical")
	s = edited(t, s, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Weather = 19, "impulse", "allied", "3", "clear"
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
		p.Units = []UnitPos{{ID: "us-1-504", At: "34", Level: "fresh"}, {ID: "us-3-504", At: "34", Level: "fresh"}, {ID: "de-fj-hermann", At: "35", Level: "fresh"}}
		p.Control = map[string]string{"34": "airborne"}
		edit(p)
	})
	play(t, s, "assault:34", "move:us-1-504", "enter:35", "move:us-3-504", "enter:35", "resolve:35")
	return s
}

// TestCardsResolveAnAssault (mgmg:23.7, 23.71, 12.2, 6.3): each side turns
// a card of its deck, the i-th of the cards left in order of value (a
// forced die of 36 picks it: 1 the 2, 36 the queen). The Allies turn a 2,
// the Germans the queen: AT 5 + 2 against DT 4 + 12, a failure. The Allies
// reroll with the Advantage: both turn a new card, the Allies the queen
// (the 35th of the 35 left), the Germans a 2: AT 17 against DT 6, 11
// casualty points, more than Hermann can take: an overrun. The negated
// cards stay out of the decks until they are reshuffled. A card is no dice
// roll, so it is not the Allied Sunset DR (mgmg:6.3): as the impulse ends
// the Allies roll it, 3 + 4 = 7, above Impulse 3: the day goes on.
func TestCardsResolveAnAssault(t *testing.T) {
	s := groesbeekWithCards(t, func(*Position) {})
	s.rng.Force(1, 36)
	play(t, s, "point:us-1-504")
	if f := s.stack.top(); f.Roll != 2 {
		t.Fatalf("the Allies' card %d, want the 2", f.Roll)
	}
	s.rng.Force(35, 1)
	play(t, s, "reroll")
	for sd, want := range map[side][]int{allies: {2, 12}, germans: {2, 12}} {
		if got := s.cardsPos(); got == nil || !slices.Equal(map[side][]int{allies: got.Allied, germans: got.German}[sd], want) {
			t.Errorf("%s cards turned %+v, want %v (mgmg:23.71: negated cards stay out)", sd, got, want)
		}
	}
	if got := s.deck(allies).Left(); got != 34 {
		t.Errorf("%d Allied cards left, want 34", got)
	}
	for _, u := range []string{"us-1-504", "us-3-504"} {
		if !s.stack.frames[0].Move.Overran.has(s.g.unit(u)) {
			t.Errorf("%s has not overrun: want AT 17 against DT 6, 11 CP", u)
		}
	}
	back, err := engine.LoadPositionDoc(s.g, engine.EncodePosition("mgmg", s))
	if err != nil || back.Hash() != s.Hash() {
		t.Fatalf("the position with cards turned does not round-trip: %v", err)
	}
	s.rng.Force(3, 4)
	play(t, s, "end-impulse") // no reroll of it: the Advantage is spent (mgmg:12.5)
	if s.impulse != 4 || s.active != germans {
		t.Errorf("after the Sunset DR 7 at Impulse 3: Impulse %d, %s to move; want Impulse 4, the Germans", s.impulse, s.active)
	}
}

// TestCardsPreview (mgmg:23.71): the preview counts the cards left. With
// every Allied card turned but the queen, the Allies' next card is 12: AT
// 5 + 12 = 17 beats any DT 4 + 2 to 4 + 12.
func TestCardsPreview(t *testing.T) {
	var turned []int
	for v, n := range FullDeck() {
		for range n {
			if v != 12 {
				turned = append(turned, v)
			}
		}
	}
	s := groesbeekWithCards(t, func(p *Position) { p.Cards = &CardsPos{Allied: turned} })
	a, _ := engine.Find(s, "point:us-1-504")
	if l := s.Describe(a).Label; !strings.Contains(l, "AV 5 against DV 4: failure 0%, stalemate 0%, success 100%") {
		t.Errorf("label %q: want success certain with the queen the only Allied card left", l)
	}
}
