package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// The alternate combat resolution (mgmg:23.7, 23.71): with the option, each
// side turns a card of its own deck of 36 where it would roll two dice to
// resolve an assault or a bombardment, a reroll by the Advantage turning a
// new one (mgmg:12.2); a deck is reshuffled once all its cards are used.
// The state keeps the cards turned from each deck since its shuffle; the
// order of the cards left is the generator's (docs/conformance/mgmg.md).

// combatRoll is side sd's roll to resolve a combat: two dice, or with the
// option a card of its deck, the i-th of those left taken by a die of as
// many sides as there are cards (mgmg:10.71, 23.71).
func (s *State) combatRoll(sd side) int {
	if !s.opt.cards {
		return s.rng.Die(6) + s.rng.Die(6)
	}
	d := s.deck(sd)
	if d.Left() == 0 {
		s.turned[sd], d = [13]uint8{}, FullDeck() // mgmg:23.71: reshuffled
	}
	v := d.Draw(s.rng.Die(d.Left()) - 1)
	s.turned[sd][v]++
	return v
}

// deck is the cards left in side sd's deck (mgmg:23.71).
func (s *State) deck(sd side) Deck {
	d := FullDeck()
	for v, n := range s.turned[sd] {
		d[v] -= int(n)
	}
	return d
}

// combatRolls are the ways of side sd's next combat roll, for the previews:
// two dice, or the cards left in its deck (mgmg:23.71).
func (s *State) combatRolls(sd side) Rolls {
	if !s.opt.cards {
		return DiceRolls()
	}
	return s.deck(sd).Rolls()
}

// CardsPos is the cards turned from each side's deck since its shuffle, by
// value (a jack 11, the queen 12), as positions write them (mgmg:23.71).
type CardsPos struct {
	German []int `json:"german,omitempty"`
	Allied []int `json:"allied,omitempty"`
}

// cardsPos writes the cards turned, nil when none is.
func (s *State) cardsPos() *CardsPos {
	if s.turned == ([2][13]uint8{}) {
		return nil
	}
	var p CardsPos
	for v := range 13 {
		for range s.turned[germans][v] {
			p.German = append(p.German, v)
		}
		for range s.turned[allies][v] {
			p.Allied = append(p.Allied, v)
		}
	}
	return &p
}

// setCards reads the cards turned: only with the option, each a card of the
// deck, no more of a value than the deck holds.
func (s *State) setCards(p *CardsPos) error {
	if p == nil {
		return nil
	}
	if !s.opt.cards {
		return fmt.Errorf("cards_turned: only with the cards option on (mgmg:23.7)")
	}
	full := FullDeck()
	for sd, values := range [2][]int{germans: p.German, allies: p.Allied} {
		for _, v := range values {
			if v < 2 || v > 12 || int(s.turned[sd][v]) == full[v] {
				return fmt.Errorf("cards_turned: %s holds no more card %d: a deck has one 2, two 3s, ... six 7s, ... two jacks (11) and one queen (12) (mgmg:23.71)", side(sd).name(), v)
			}
			s.turned[sd][v]++
		}
	}
	return nil
}

// hashCards adds the cards turned to a state's hash.
func (s *State) hashCards(h *engine.Hasher) {
	for sd := range s.turned {
		for v := 0; v < 13; v += 8 {
			var w uint64
			for i := v; i < min(v+8, 13); i++ {
				w |= uint64(s.turned[sd][i]) << (8 * (i - v))
			}
			h.Add(w)
		}
	}
}
