package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// newBidState is a new game where both players want side (mgmg:23.5).
func newBidState(t *testing.T, want string) *State {
	t.Helper()
	st, err := MustLoad().New("standard", map[string]string{"bidding": want}, 1)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// logText is the log as seat reads it.
func logText(s *State, seat engine.Seat) string {
	var b strings.Builder
	for _, l := range s.LogLines(seat, 0, s.LogLen(seat)) {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// mgmg:23.51, the rulebook's example: both want the Germans; John, seated
// German, bids 10 and Bob, seated Allied, 15. Bob plays the Germans, John
// the Allies with 15 Reserves; the Germans have none. The seats swap:
// Bob's seat sets up the Germans and wins the game if they do.
func TestBidsExample(t *testing.T) {
	s := newBidState(t, "german")
	if s.step != stBid || s.ToMove() != "german" || s.Phase().Rule != "mgmg:23.51" {
		t.Fatalf("a new game with bidding: step %s, %s to move; want the German seat's bid", stepNames[s.step], s.ToMove())
	}
	if got := choiceIDs(s); len(got) != maxBid+1 || got[0] != "bid:0" || got[15] != "bid:15" {
		t.Fatalf("bids offered %v, want bid:0 to bid:%d", got, maxBid)
	}
	play(t, s, "bid:10")
	if s.ToMove() != "allied" {
		t.Fatalf("after the German seat's bid %s moves; want the Allied seat", s.ToMove())
	}
	play(t, s, "bid:15")
	if !s.swapped || s.reserves[allies] != 15 || s.reserves[germans] != 0 {
		t.Fatalf("swapped %v, reserves %v; want the seats swapped, 15 Allied Reserves and no German", s.swapped, s.reserves)
	}
	if s.step != stSetup || s.active != germans || s.ToMove() != "allied" {
		t.Fatalf("step %s, %s side active, %s to move; want the German set-up by Bob's Allied seat", stepNames[s.step], s.active, s.ToMove())
	}
	if v := s.View("german").(View); v.Side != "allied" || v.Reserves["allied"] != 15 {
		t.Errorf("John's view: side %q, reserves %v; want the Allied side with 15", v.Side, v.Reserves)
	}
	if got := s.Prompt("allied").Text; !strings.HasPrefix(got, "Set-up") {
		t.Errorf("Bob's prompt %q; want the German set-up", got)
	}
	// the evaluation reads the side each seat commands
	kept := edited(t, s, func(p *Position) { p.Bids.Swapped = false })
	if a, b := s.Evaluate("german"), kept.Evaluate("allied"); a != b {
		t.Errorf("John's seat, swapped to the Allies, evaluates %v; the Allied side's chance is %v", a, b)
	}
	if s.seatOf(germans) != "allied" {
		t.Errorf("the German side's seat is %s, want Bob's allied seat: a German victory is his (mgmg:21)", s.seatOf(germans))
	}
	// the seats are named after the sides they command now, as players read them
	if j, b := engine.SeatName(s, "german"), engine.SeatName(s, "allied"); j != "Allied" || b != "German" {
		t.Errorf("after the swap the seats are named %q and %q; want John's german seat Allied, Bob's German", j, b)
	}
}

// mgmg:23.51: a bid is secret until both are in: the other seat's log
// does not show it, and its determinization draws it anew; once both are
// in, every seat reads them.
func TestBidsSecret(t *testing.T) {
	s := newBidState(t, "allied")
	play(t, s, "bid:37")
	if own, other := logText(s, "german"), logText(s, "allied"); !strings.Contains(own, "bids 37") || strings.Contains(other, "37") {
		t.Fatalf("the German seat reads %q, the Allied %q; want the bid of 37 in the first only", own, other)
	}
	r := engine.NewRNG(3)
	drawn := map[int16]bool{}
	for range 20 {
		drawn[s.Determinize("allied", &r).(*State).bids[germans]] = true
		if b := s.Determinize("german", &r).(*State).bids[germans]; b != 37 {
			t.Fatalf("the German seat's own determinization has its bid %d, want 37", b)
		}
	}
	if len(drawn) < 5 {
		t.Errorf("the Allied seat's determinizations drew the German bid as %v; want it drawn anew", drawn)
	}
	play(t, s, "bid:20")
	if other := logText(s, "allied"); !strings.Contains(other, "the German seat 37, the Allied seat 20") {
		t.Errorf("after both bids the Allied seat reads %q; want both revealed", other)
	}
	// both want the Allies: the German seat's 37 wins them, so the seats
	// swap, and the Germans, now the Allied seat's, start with 37 Reserves
	if !s.swapped || s.reserves[germans] != 37 || s.reserves[allies] != 0 || s.seatOf(allies) != "german" {
		t.Errorf("swapped %v, reserves %v; want the seats swapped and 37 German Reserves", s.swapped, s.reserves)
	}
}

// mgmg:23.51: equal bids: sides at random (our dr: 1-3 the German seat
// plays the side wanted, 4-6 the Allied seat), the tie bid the Reserves.
func TestBidsTie(t *testing.T) {
	for _, c := range []struct {
		dr      int
		swapped bool
	}{{2, false}, {5, true}} {
		s := newBidState(t, "german")
		s.rng.Force(c.dr)
		play(t, s, "bid:12", "bid:12")
		if s.swapped != c.swapped || s.reserves[allies] != 12 || s.reserves[germans] != 0 {
			t.Errorf("dr %d: swapped %v, reserves %v; want swapped %v, 12 Allied Reserves", c.dr, s.swapped, s.reserves, c.swapped)
		}
	}
}

// mgmg:23.51, mgmg:13.7, mgmg:20.61: before D-Day the loser of the bid may
// spend his Reserves on Impulse Advances and Retractions for September 17.
// In the example John's Allies buy an Advance with 10 of their 15: Daylight
// begins on Impulse 1, which counts as Impulse 0 for the Germans, who may
// not move in it; 5 Reserves are left, too few for another.
func TestBidsOpeningPurchases(t *testing.T) {
	s := newBidState(t, "german")
	play(t, s, "bid:10", "bid:15", "setup-historical", "setup-historical")
	if s.step != stOpening || s.ToMove() != "german" || s.active != allies {
		t.Fatalf("after the set-ups: step %s, %s to move; want John's Allied purchases", stepNames[s.step], s.ToMove())
	}
	if got := choiceIDs(s); !slices.Equal(got, []string{"done", "advance-impulse", "retract-impulse"}) {
		t.Fatalf("offered %v", got)
	}
	play(t, s, "advance-impulse")
	if got := choiceIDs(s); s.reserves[allies] != 5 || s.impulse != 1 || !slices.Equal(got, []string{"done"}) {
		t.Fatalf("after the Advance: reserves %d, impulse %d, offered %v; want 5, 1 and done", s.reserves[allies], s.impulse, got)
	}
	play(t, s, "done")
	if s.step != stAirBombardment {
		t.Fatalf("step %s, want D-Day's Air Bombardment", stepNames[s.step])
	}
	back := edited(t, s, func(*Position) {})
	if back.ddayStart != 1 || back.Hash() != s.Hash() {
		t.Fatalf("the position keeps D-Day's start %d; want 1 and the same state", back.ddayStart)
	}
	playDDay(t, s)
	if s.impulse != 1 || s.active != germans || s.ToMove() != "allied" {
		t.Fatalf("Daylight begins on Impulse %d with the %s side, %s to move; want the German Impulse 1 by Bob's seat", s.impulse, s.active, s.ToMove())
	}
	germansStayPut(t, s)
}

// mgmg:23.51: the loser with fewer than 10 Reserves buys nothing: D-Day
// begins at once.
func TestBidsNoPurchase(t *testing.T) {
	s := newBidState(t, "allied")
	play(t, s, "bid:9", "bid:0", "setup-historical", "setup-historical")
	if s.step != stAirBombardment || s.reserves[germans] != 9 {
		t.Errorf("step %s, German Reserves %d; want D-Day with 9", stepNames[s.step], s.reserves[germans])
	}
}
