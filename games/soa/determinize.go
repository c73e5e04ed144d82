package soa

import (
	"math"
	"slices"

	"sandtable/engine"
)

// Determinize implements engine.Determinizer. What a seat may not know is
// drawn anew: the enemy's placements before both set-ups are revealed, with
// the set-up rules (soa:5.4, 5.5); the places of the enemy's hidden anti-tank
// guns (soa:13.8, dealHidden); the enemy's bid before both are in (soa:21.1); and the
// dice, and so the order of chits drawn from a cup (soa:22), by a generator
// seeded from r. The copy keeps no log (SearchClone).
func (s *State) Determinize(seat engine.Seat, r *engine.RNG) engine.State {
	return s.DeterminizeInto(seat, r, nil)
}

// DeterminizeInto implements engine.DeterminizerInto: Determinize, drawn
// into dst's memory when dst is a soa state other than s.
func (s *State) DeterminizeInto(seat engine.Seat, r *engine.RNG, dst engine.State) engine.State {
	c, ok := dst.(*State)
	if !ok || c == s {
		c = new(State)
	}
	s.searchCloneInto(c)
	viewer := s.viewerSide(seat)
	for _, side := range []Side{German, British} {
		if side == viewer {
			continue
		}
		if c.bidSecretFrom(side, viewer) {
			c.bids[side] = minBid + r.Intn(maxBid-minBid+1)
		}
		if !c.revealed {
			c.redrawSetup(side, r)
		} else {
			c.dealHidden(side, seat == s.ToMove(), r)
		}
	}
	c.rng = engine.RNG{State: uint64(r.Intn(math.MaxInt64)), Rolls: s.rng.Rolls}
	c.legalMemo.Forget() // the list Legal last returned may name other places
	return c
}

// secretFrom reports whether viewer may not know by the rules where unit u
// is: an enemy unit on the map while the set-ups are secret (soa:5.5) or an
// enemy hidden anti-tank gun (soa:13.8). Spectators (noSide) know neither side's.
func (s *State) secretFrom(u int16, viewer Side) bool {
	return s.units[u].Loc >= 0 && s.side(u) != viewer && (!s.revealed || s.units[u].Hidden)
}

// bidSecretFrom reports whether viewer may not know side's bid: it is in and
// the other is not (soa:21.1).
func (s *State) bidSecretFrom(side, viewer Side) bool {
	return s.opt.bidding && side != viewer && s.bidDone[side] && !s.bidDone[side.Other()]
}

// redrawSetup takes side's units placed so far off the map and places as
// many again, in the set-up order, each in a place drawn from r among those
// the set-up rules allow it after the units before it (soa:5.4, 5.5), as
// setup-random does.
func (s *State) redrawSetup(side Side, r *engine.RNG) {
	order, st := s.g.britStart, stSetupBritish
	if side == German {
		order, st = s.g.germStart, stSetupGerman
	}
	n := 0
	for n < len(order) && s.units[order[n]].Loc >= 0 {
		n++
	}
	for _, u := range order[:n] {
		s.setHidden(u, false)
		s.put(u, locPool, false)
	}
	step, next := s.step, s.setupNext
	s.step = st
	var buf [64]engine.Action
	for s.setupNext = 0; s.setupNext < n; s.setupNext++ {
		places := s.setupPlaces(buf[:0])
		_, p := split(places[r.Intn(len(places))])
		s.setUp(order[s.setupNext], int16(p))
	}
	s.step, s.setupNext = step, next
}

// dealTries bounds the deals of hidden guns drawn for a seat to move
// before dealHidden gives up on keeping its choices by a fresh deal.
const dealTries = 64

// dealHidden deals side's hidden anti-tank guns anew over every place the
// viewer cannot rule out (soa:13.8): a British set-up area where a British
// unit other than an anti-tank gun stands (guns left alone are revealed,
// revealATs) with room for one more infantry unit (soa:7.1). Keeping each
// place's number of hidden guns would tell a German bot where every gun is,
// all being alike. For a viewer to move, the deal must leave its choices as
// they are: German armour may not retreat into an area holding an AT gun
// (soa:13.6), so the destinations offered can tell where a gun is. A deal
// that changes them is drawn again. So is one that leaves the other side to
// move without a choice: a British designation begun with a gun from
// concealment (soa:8.32, 13.8) must still find a gun there. When dealTries
// deals all fail, the guns are dealt over the places that hold them, each
// keeping its number.
func (s *State) dealHidden(side Side, toMove bool, r *engine.RNG) {
	if side != British { // only British anti-tank guns hide (g.britAT)
		return
	}
	var gunsBuf, placesBuf [8]int16
	guns, places := gunsBuf[:0], placesBuf[:0]
	for _, u := range s.g.britAT {
		if s.units[u].Hidden && s.units[u].Loc >= 0 {
			guns, places = append(guns, u), append(places, s.units[u].Loc)
		}
	}
	if len(guns) == 0 {
		return
	}
	var legal, now []engine.Action
	if toMove {
		legal = s.Legal(nil)
	}
	var buf [nPlaces]int16
	for range dealTries {
		for _, u := range guns {
			s.put(u, locPool, s.units[u].Committed)
		}
		for _, u := range guns {
			cands := s.gunPlaces(buf[:0])
			s.put(u, cands[r.Intn(len(cands))], s.units[u].Committed)
		}
		now = s.Legal(now[:0])
		if toMove && slices.Equal(now, legal) || !toMove && (len(now) > 0 || s.ToMove() == "") {
			return
		}
	}
	slices.Sort(places) // the deal must not depend on where each gun really is
	for i := len(places) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		places[i], places[j] = places[j], places[i]
	}
	for i, u := range guns {
		s.put(u, places[i], s.units[u].Committed)
	}
}

// gunPlaces appends the places a hidden British anti-tank gun may be dealt
// to as dealHidden says, the guns being dealt off the map.
func (s *State) gunPlaces(buf []int16) []int16 {
	for p := range s.g.places {
		p := int16(p)
		if o := &s.occAt(p).side[British]; s.g.places[p].Setup == "british" && o.n > o.at && s.fits(p, British, 1, 0) {
			buf = append(buf, p)
		}
	}
	return buf
}
