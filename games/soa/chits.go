package soa

// The card/chit combat resolution system (soa:22): each player draws from a
// cup of 36 chits numbered like two dice, refilled when empty (soa:22.2-22.4).

// chitMix is how many chits of each value 2-12 a full cup holds (soa:22.2).
var chitMix = [13]uint8{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}

// drawChit draws one chit for side, refilling an empty cup.
func (s *State) drawChit(side Side) int {
	cup := &s.chits[side]
	left := 0
	for _, n := range cup {
		left += int(n)
	}
	if left == 0 {
		*cup = chitMix
		left = 36
	}
	k := s.rng.Intn(left)
	for v, n := range cup {
		if k < int(n) {
			cup[v]--
			return v
		}
		k -= int(n)
	}
	panic("unreachable: chit cup count")
}
