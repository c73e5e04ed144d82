package soa

import (
	"strings"
	"testing"

	"sandtable/engine"
)

// positionEdit breaks one field of a position; the error must contain want.
type positionEdit struct {
	edit func(p *Position)
	want string
}

// rtRefused checks that s's position loads, and that each edit of it is
// refused with an error saying what to set.
func rtRefused(t *testing.T, s *State, edits []positionEdit) {
	t.Helper()
	g := s.g
	if _, err := g.LoadPosition(mustJSON(s.Position())); err != nil {
		t.Fatalf("the unedited position: %v", err)
	}
	for _, c := range edits {
		p := s.Position().(Position)
		c.edit(&p)
		if _, err := g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v; want one saying %q", err, c.want)
		}
	}
}

// A position whose fields contradict each other is refused with an error
// that says what is wrong and what to set.
func TestPositionContradictions_soa20_1_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	ccDo(t, s, "setup-historical", "setup-historical") // turn 1 begins
	rtRefused(t, s, []positionEdit{
		{func(p *Position) { p.Ammo = 1 }, "ammo 1 does not match turn 1"},                                  // soa:20.1: no shortage before turn 6
		{func(p *Position) { p.Turn, p.Ammo = 8, 1 }, "set ammo to 2"},                                      // soa:20.2
		{func(p *Position) { p.Revealed = false }, `revealed false contradicts step "impulse"`},             // soa:5.5
		{func(p *Position) { p.ABonus = 2 }, "armor_events 2: accepted armour events are 0 to the turn, 1"}, // soa:17.3
		{func(p *Position) { p.SetupNext = 3 }, "set setup_next to 66"},                                     // soa:5.5: 66 German units set up last
		{func(p *Position) { p.VP = -100 }, "vp -100: the German total starts at 0"},                        // soa:5.2, 11.3
		{func(p *Position) { p.Turn, p.VP = 2, 35 }, "the Germans win at once at 35 VP"},                    // soa:6.6, tables.json
		{func(p *Position) { p.Bids = &[2]int{1, 2} }, "the bidding option is off"},                         // soa:21
		{func(p *Position) { p.Turn, p.Step, p.Ammo = 3, "event-armor", 0 }, "so set it to german"},         // soa:8.4
	})
}

// soa:5.4: during the set-up exactly the units before setup_next are on the map.
func TestPositionSetupSoFar_soa5_4(t *testing.T) {
	g := MustLoad()
	s := rtNew(t, nil, 1)
	ccDo(t, s, "place:22", "place:22") // gb-bde-hq, gb-2para-hq
	for _, c := range []struct {
		next int
		want string
	}{
		{3, "gb-re-hq is set up before setup_next"},
		{1, "gb-2para-hq is not set up yet at setup_next 1"},
	} {
		p := s.Position().(Position)
		p.SetupNext = c.next
		if _, err := g.LoadPosition(mustJSON(p)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("setup_next %d: error %v; want one saying %q", c.next, err, c.want)
		}
	}
	// soa:8.4, 8.16: before turn 1 nobody has passed and the British hold the Tactical Advantage.
	rtRefused(t, s, []positionEdit{
		{func(p *Position) { p.Passes = 1 }, "so set passes to 0"},
		{func(p *Position) { p.TA = "german" }, "so set it to british"},
		{func(p *Position) { p.VP = 2 }, "exactly 0 before turn 1"},
	})
}

// A game may end by resignation or agreement before turn 1, while the
// players bid (soa:21) or set up (soa:5.4, 5.5): the set-ups were never
// revealed, and its position loads as it was saved.
func TestPositionEndedBeforeTurnOne_soa5_5_21_1(t *testing.T) {
	g := MustLoad()
	for _, c := range []struct {
		opts map[string]string
		do   []string
	}{
		{nil, nil},                                                       // before the first British unit is placed
		{nil, []string{"place:22"}},                                      // during the British set-up
		{nil, []string{"setup-historical"}},                              // during the German set-up
		{map[string]string{"bidding": "on"}, nil},                        // before the bids
		{map[string]string{"bidding": "on"}, []string{"bid:3"}},          // one bid in, not paid: the total is 0
		{map[string]string{"bidding": "on"}, []string{"bid:3", "bid:3"}}, // a tie: bid again (soa:21.3), nothing paid
		{map[string]string{"bidding": "on"}, []string{"bid:3", "bid:5"}}, // paid: the total starts at 5 (soa:21.2)
	} {
		for _, e := range []engine.Ending{{Kind: engine.EndResign, Seat: "german"}, {Kind: engine.EndDraw}} {
			s := rtNew(t, c.opts, 1)
			ccDo(t, s, c.do...)
			s.End(e)
			l, err := g.LoadPosition(mustJSON(s.Position()))
			if err != nil {
				t.Errorf("%v %v, then ended: %v", c.opts, c.do, err)
				continue
			}
			if l.(*State).Hash() != s.Hash() {
				t.Errorf("%v %v, then ended: the loaded position differs from the saved one", c.opts, c.do)
			}
		}
	}
}

// soa:21.1, 21.2: once the set-up has begun with bidding on, both bids are
// in, and the winning one is the German total to start from.
func TestPositionBidsOver_soa21_1_21_2(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 1)
	ccDo(t, s, "bid:3", "bid:5")
	rtRefused(t, s, []positionEdit{
		{func(p *Position) { p.BidDone = [2]bool{} }, "so set bid_done to [true, true]"},
		{func(p *Position) { p.VP = 3 }, "exactly 5 before turn 1"},
	})
}

// A game may end by resignation at any step, inside any procedure (the
// stack of stack.go): through random games, the position of the game ended
// at every 13th choice loads again and hashes alike.
func TestPositionEndedAnywhere(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(7)
	for i := 0; i < 8; i++ {
		st, err := g.New("basic", map[string]string{"hidden_at": "on", "bidding": "on"}, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; st.ToMove() != ""; n++ {
			if n%13 == 0 {
				c := st.Clone().(*State)
				at := stepNames[c.step]
				c.End(engine.Ending{Kind: engine.EndResign, Seat: "german"})
				back, err := engine.LoadPositionDoc(g, engine.EncodePosition("soa", c))
				if err != nil {
					t.Fatalf("game %d, resigned at step %s: %v", i, at, err)
				}
				if back.Hash() != c.Hash() {
					t.Fatalf("game %d, resigned at step %s: the loaded position differs", i, at)
				}
			}
			l := st.Legal(nil)
			if err := st.Apply(l[pick.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// soa:21.2, soa:6.6: the bid is paid before play and the decisive total is
// checked after each Victory Point Determination Phase, the first at the end
// of turn 1. With a track whose German decisive block starts at 25 (the
// victory levels are data an owner may replace), a winning bid of 30 makes a
// legal turn 1 at 30 VP, and its positions load; on turn 2 such a total
// would have ended the game. Through turn 1 the total is the bid paid.
func TestPositionVPAboveDecisiveBeforeFirstVPPhase_soa21_2_6_6(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 1)
	for i, v := range s.g.tables.Victory {
		switch {
		case v.Winner == "german" && v.Level == "marginal":
			s.g.tables.Victory[i].Max = 24
		case v.Winner == "german" && v.Level == "decisive":
			s.g.tables.Victory[i].Min = 25
		}
	}
	ccDo(t, s, "bid:0", "bid:30", "setup-historical", "setup-historical")
	if s.turn != 1 || s.vp != 30 || s.step == stOver {
		t.Fatalf("turn %d VP %d step %s: want turn 1 under way at 30", s.turn, s.vp, stepNames[s.step])
	}
	rtRefused(t, s, []positionEdit{
		{func(p *Position) { p.VP = 31 }, "exactly 30 before turn 1 and during it"},
		{func(p *Position) { p.Turn = 2 }, "the Germans win at once at 25 VP"},
	})
}
