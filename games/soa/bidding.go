package soa

import "sandtable/engine"

// Bids run from -10 to +30 victory points (soa:21.1 allows plus, minus and 0;
// the range is ours and wider than any sensible bid).
const minBid, maxBid = -10, 30

func (s *State) legalBid(buf []engine.Action) []engine.Action {
	for v := minBid; v <= maxBid; v++ {
		buf = append(buf, act(kBid, v+bidOffset))
	}
	return buf
}

// applyBid takes one secret bid; when both are in, the higher bidder commands
// the British and the German total starts at that bid (soa:21.1-21.3).
func (s *State) applyBid(x int) {
	s.bids[s.active] = x - bidOffset
	s.bidDone[s.active] = true
	s.logFor(s.active, "soa:21.1", "%s bids %d", int(s.active), x-bidOffset)
	if !s.bidDone[German] {
		s.active = German
		return
	}
	b, gm := s.bids[British], s.bids[German]
	s.logf("soa:21.1", "bids revealed: British seat %d, German seat %d", b, gm)
	if b == gm { // soa:21.3: bid again
		s.bidDone = [2]bool{}
		s.active = British
		return
	}
	s.swapped = gm > b
	s.vp = max(b, gm) // soa:21.2
	if s.swapped {
		s.logf("soa:21.1", "the players swap sides; the Germans start with %d VP", s.vp)
	} else {
		s.logf("soa:21.1", "the players keep their sides; the Germans start with %d VP", s.vp)
	}
	s.step, s.active = stSetupBritish, British
}
