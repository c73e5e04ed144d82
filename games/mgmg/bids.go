package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Side determination by secret bids (mgmg:23.5, 23.51). The option names
// the side both players want. Before the set-up the player seated German
// bids, then the player seated Allied, each bid hidden from the other until
// both are in (a log line each, redacted for the other seat; Determinize
// draws the other's bid). The higher bidder plays the side wanted, the
// other the other side with the higher bid as his Reserves; equal bids are
// settled by a die, the tie bid becoming the Reserves. The loser of the bid
// may then spend those Reserves on Impulse Advances and Retractions for
// September 17 (mgmg:13.7) before D-Day begins (stOpening).

// maxBid is the highest bid offered (ours: the rules set none, and 50
// Reserves buy the three purchases mgmg:13.7 allows with 20 to spare).
const maxBid = 50

var (
	phaseBids    = engine.Phase{ID: "bids", Name: "Side determination", Rule: "mgmg:23.51"}
	phaseOpening = engine.Phase{ID: "opening-reserves", Name: "Reserves before D-Day", Rule: "mgmg:23.51"}
)

// seatOf is the seat of the player commanding sd: after the bids the
// players may have swapped sides (mgmg:23.51).
func (s *State) seatOf(sd side) engine.Seat {
	if s.swapped && sd != nobody {
		return sd.other().seat()
	}
	return sd.seat()
}

// sideAt is the side seat commands, nobody for an onlooker.
func (s *State) sideAt(seat engine.Seat) side {
	for _, sd := range []side{germans, allies} {
		if s.seatOf(sd) == seat {
			return sd
		}
	}
	return nobody
}

func (s *State) legalBids(buf []engine.Action) []engine.Action {
	for v := range maxBid + 1 {
		buf = append(buf, act(kBid, v))
	}
	return buf
}

// applyBid takes the secret bid of the seat to move (the sides are not
// swapped yet, so s.active names the seat); when both are in they are
// revealed and the sides settled (mgmg:23.51).
func (s *State) applyBid(x int) {
	seat := s.active
	s.bids[seat], s.bidDone[seat] = int16(x), true
	s.logSecret(seat.seat(), "mgmg:23.51", "the %s seat bids %d Reserve Supply points", "the %s seat makes its secret bid", int(seat), x)
	if !s.bidDone[allies] {
		s.active = allies
		return
	}
	g, a := int(s.bids[germans]), int(s.bids[allies])
	s.logf("mgmg:23.51", "the bids are revealed: the German seat %d, the Allied seat %d", g, a)
	winner, bid := germans, g // the seat that plays the side wanted
	switch {
	case a > g:
		winner, bid = allies, a
	case a == g:
		dr := s.rng.Die(6)
		if dr > 3 {
			winner = allies
		}
		s.logf("mgmg:23.51", "equal bids: sides by a dr of %d (1-3 the German seat, 4-6 the Allied seat plays the side wanted)", dr)
	}
	want := s.opt.preferred
	s.swapped = winner != want
	s.reserves[want.other()] += int16(bid)
	s.logf("mgmg:23.51", "the %s seat plays the %s side; the %s side starts with %d Reserves", int(winner), int(want), int(want.other()), bid)
	s.step, s.active = stSetup, germans
	s.nextSetup()
}

// startPlay begins D-Day, first offering the Reserves won by losing the bid
// for Impulse Advances and Retractions (mgmg:23.51, 13.7).
func (s *State) startPlay() {
	if s.opt.bidding && s.turn == FirstDay && s.stack.n == 0 {
		if sd := s.opt.preferred.other(); s.reserves[sd] >= impulseCost {
			s.step, s.active = stOpening, sd
			return
		}
	}
	s.startTurn()
}

// applyOpening buys an Impulse Advance or Retraction for September 17, or
// begins D-Day (mgmg:23.51).
func (s *State) applyOpening(k kind) {
	if k != kDone {
		s.buyImpulse(k)
		return
	}
	s.purchases, s.ddayStart = 0, s.impulse
	s.startTurn()
}

// ddayImpulse is the impulse as the German D-Day restrictions count it
// (mgmg:20.61): on September 17 from the space Daylight began on, which the
// Reserves of mgmg:23.51 may have moved off 0, the first impulse being
// treated as Impulse 0.
func (s *State) ddayImpulse() int {
	if s.turn == FirstDay {
		return int(s.impulse - s.ddayStart)
	}
	return int(s.impulse)
}

// bidsAsks is what the bids ask of the seat to move, and what the other is told.
func (s *State) bidsAsks() (ask, wait string) {
	if s.step == stOpening {
		return fmt.Sprintf("Before D-Day: buy Impulse Advances or Retractions for September 17 at %d Reserves each (you have %d), or Done", impulseCost, s.reserves[s.active]), "Impulse Advances and Retractions for September 17"
	}
	return fmt.Sprintf("Side determination: both players want the %s side; bid Reserve Supply points in secret: the higher bid plays it, the other side starting with that bid as its Reserves",
		s.opt.preferred.name()), "the " + s.active.name() + " seat's secret bid"
}

// bidSecretFrom reports whether viewer may not know the bid of seat sd: it
// is in and the other is not (mgmg:23.51).
func (s *State) bidSecretFrom(sd side, viewer engine.Seat) bool {
	return s.opt.bidding && sd.seat() != viewer && s.bidDone[sd] && !s.bidDone[sd.other()]
}

// bidValues are the bidding option's values: off, or the side both players
// want (mgmg:23.5).
var bidValues = []string{"off", germans.String(), allies.String()}

// sideNamed is the side an option value names.
func sideNamed(v string) side {
	if v == allies.String() {
		return allies
	}
	return germans
}

// bidsPos is the bids as positions write them, nil without the option.
func (s *State) bidsPos() *BidsPos {
	if !s.opt.bidding {
		return nil
	}
	b := &BidsPos{Bids: SideNumbers{int(s.bids[germans]), int(s.bids[allies])}, In: []string{}, Swapped: s.swapped}
	for _, sd := range []side{germans, allies} {
		if s.bidDone[sd] {
			b.In = append(b.In, sd.String())
		}
	}
	return b
}

// setBids reads the bids and the start of September 17's Daylight Phase
// they may have moved (mgmg:23.51).
func (s *State) setBids(p Position) error {
	if p.DDayStart != "" {
		var found bool
		if s.ddayStart, found = parseImpulse(p.DDayStart); !found || !s.opt.bidding {
			return fmt.Errorf("dday_start %q: a space of the Impulse Track (C, B, A, 0 to 13), set only with the bidding option (mgmg:23.51)", p.DDayStart)
		}
	}
	if (p.Bids != nil) != s.opt.bidding {
		return fmt.Errorf("bids: given with the bidding option (mgmg:23.51), and only with it")
	}
	if p.Bids == nil {
		return nil
	}
	b := p.Bids
	if b.Bids.German < 0 || b.Bids.German > maxBid || b.Bids.Allied < 0 || b.Bids.Allied > maxBid {
		return fmt.Errorf("bids %+v: each 0 to %d (mgmg:23.51)", b.Bids, maxBid)
	}
	s.bids = [2]int16{int16(b.Bids.German), int16(b.Bids.Allied)}
	for _, seat := range b.In {
		sd, err := parseSide(seat, "bids.in", false)
		if err != nil {
			return err
		}
		s.bidDone[sd] = true
	}
	s.swapped = b.Swapped
	if s.step != stBid && s.bidDone != [2]bool{true, true} || s.step == stBid && (s.bidDone[allies] || s.swapped) {
		return fmt.Errorf("bids: in %v at step %s: both are in once the bidding is over, the German seat's first (mgmg:23.51)", b.In, stepNames[s.step])
	}
	return nil
}

// SeatName implements engine.SeatNamer: the side seat commands now, which
// the bids may have swapped (mgmg:23.51), the Dutch in Fortress Holland.
func (s *State) SeatName(seat engine.Seat) string {
	if sd := s.sideAt(seat); sd != nobody {
		return s.g.sideName(sd)
	}
	return ""
}
