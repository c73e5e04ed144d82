package soa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// rtDeterminize determinizes s for seat with draws seeded by seed.
func rtDeterminize(s *State, seat engine.Seat, seed uint64) *State {
	r := engine.NewRNG(seed)
	return s.Determinize(seat, &r).(*State)
}

// soa:5.4, 5.5: a German determinization while the Germans set up, after the
// historical British set-up, keeps every German unit where it is and puts
// every British unit in a British set-up area, at most ten units an area and
// at least three in each VP area; the British set-up it draws is not the
// real one, which the German cannot know.
func TestDeterminizeBritishSetup_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	trnPick(t, s, "setup-historical") // British
	trnPick(t, s, "place:"+s.g.board.Place(int(s.g.historical[s.placingUnit()])).ID)
	trnPick(t, s, "place:"+s.g.board.Place(int(s.g.historical[s.placingUnit()])).ID)
	if s.step != stSetupGerman || s.setupNext != 2 {
		t.Fatalf("step %s, unit %d: want the German set-up after two units", stepNames[s.step], s.setupNext)
	}
	for seed := uint64(1); seed <= 5; seed++ {
		d := rtDeterminize(s, "german", seed)
		moved := 0
		perArea := map[int16]int{}
		for u := range s.units {
			u := int16(u)
			if s.side(u) == German {
				if d.units[u].Loc != s.units[u].Loc {
					t.Fatalf("seed %d: German %s moved from %d to %d", seed, s.g.units[u].ID, s.units[u].Loc, d.units[u].Loc)
				}
				continue
			}
			if s.units[u].Loc < 0 {
				if d.units[u].Loc != s.units[u].Loc {
					t.Fatalf("seed %d: British %s off the map went to %d", seed, s.g.units[u].ID, d.units[u].Loc)
				}
				continue
			}
			at := d.units[u].Loc
			if at < 0 || s.g.places[at].Setup != "british" {
				t.Fatalf("seed %d: British %s at %d, not a British set-up area (soa:5.4)", seed, s.g.units[u].ID, at)
			}
			perArea[at]++
			if at != s.units[u].Loc {
				moved++
			}
		}
		for at, n := range perArea {
			if n > 10 {
				t.Fatalf("seed %d: %d British units in %s, more than ten (soa:5.4)", seed, n, s.g.board.Place(int(at)).ID)
			}
		}
		for _, at := range s.g.vpAreas {
			if perArea[at] < 3 {
				t.Fatalf("seed %d: %d British units in VP area %s, fewer than three (soa:5.4)", seed, perArea[at], s.g.board.Place(int(at)).ID)
			}
		}
		if moved == 0 {
			t.Fatalf("seed %d: the determinization kept the real British set-up", seed)
		}
		if d.step != stSetupGerman || d.setupNext != 2 || d.active != German {
			t.Fatalf("seed %d: the determinization waits in %s for unit %d of %s", seed, stepNames[d.step], d.setupNext, d.active)
		}
		// the British seat knows its own set-up: its determinization keeps
		// it, and draws the two German units anew in German set-up areas
		b := rtDeterminize(s, "british", seed)
		for _, u := range s.g.britStart {
			if b.units[u].Loc != s.units[u].Loc {
				t.Fatalf("seed %d: the British determinization moved British %s", seed, s.g.units[u].ID)
			}
		}
		for _, u := range s.g.germStart[:2] {
			if set := s.g.places[b.units[u].Loc].Setup; set != "german" && set != "bochoit" {
				t.Fatalf("seed %d: German %s drawn to a %q area (soa:5.5)", seed, s.g.units[u].ID, set)
			}
		}
	}
}

// soa:13.8: after the reveal, the German's determinization deals a hidden
// gun anew over every place he cannot rule out: the British set-up areas
// where another British unit stands (a gun alone is revealed) with room for
// one more (soa:7.1). He cannot tell which of 17, 18 and 23 holds gb-at-1,
// so the gun must come up in each, and never in 19 (no British unit), 28
// (not a British set-up area) or 22 (ten British infantry already); every
// other unit stays. The British determinization leaves the gun where it is.
func TestDeterminizeHiddenAT_soa13_8(t *testing.T) {
	s := rtHiddenAT(t) // gb-at-1 hidden in 17 with gb-rasc-1
	gun := ccUnit(t, s, "gb-at-1")
	ccPut(t, s, "18", "gb-a1-1")
	ccPut(t, s, "23", "gb-a1-2")
	ccPut(t, s, "28", "gb-a1-3")
	full := int16(s.g.board.MustIndex("22"))
	for _, u := range s.g.sideUnits[British] {
		if n, _ := s.counts(full, British); n == 10 {
			break
		}
		if s.units[u].Loc == locPool && s.typ(u) == Infantry {
			s.units[u].Loc = full
			s.stale()
		}
	}
	if n, _ := s.counts(full, British); n != 10 {
		t.Fatalf("%d British infantry in 22, want ten", n)
	}
	in := map[string]int{}
	for seed := uint64(1); seed <= 60; seed++ {
		d := rtDeterminize(s, "german", seed)
		in[s.g.locName(d.units[gun].Loc)]++
		if !d.units[gun].Hidden {
			t.Fatalf("seed %d: the gun is no longer hidden", seed)
		}
		for u := range s.units {
			if u := int16(u); u != gun && d.units[u].Loc != s.units[u].Loc {
				t.Fatalf("seed %d: %s moved", seed, s.g.units[u].ID)
			}
		}
		if err := d.Invariants(); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if b := rtDeterminize(s, "british", seed); b.units[gun].Loc != s.units[gun].Loc {
			t.Fatal("the British determinization moved the British gun")
		}
	}
	for _, p := range []string{"17", "18", "23"} {
		if in[p] == 0 {
			t.Errorf("in 60 draws the gun never came up in %s: the German could rule it out (%v)", p, in)
		}
	}
	for p := range in {
		if p != "17" && p != "18" && p != "23" {
			t.Errorf("the gun came up in %s, where it cannot be (%v)", p, in)
		}
	}
}

// soa:21.1: the German's determinization before its bid draws the British
// bid anew; the British one keeps it; the dice are reseeded and forced dice dropped.
func TestDeterminizeBidAndDice_soa21_1(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 1)
	trnPick(t, s, "bid:5")
	s.rng.Force(6, 6)
	bids := map[int]bool{}
	for seed := uint64(1); seed <= 20; seed++ {
		d := rtDeterminize(s, "german", seed)
		if !d.bidDone[British] || d.bidDone[German] {
			t.Fatal("the determinization changed which bids are in")
		}
		if b := d.bids[British]; b < minBid || b > maxBid {
			t.Fatalf("seed %d: British bid %d out of %d..%d", seed, b, minBid, maxBid)
		}
		bids[d.bids[British]] = true
		if d.rng.State == s.rng.State || d.rng.Forced != nil {
			t.Fatalf("seed %d: the determinization keeps the real dice: %+v", seed, d.rng)
		}
		if b := rtDeterminize(s, "british", seed); b.bids[British] != 5 {
			t.Fatalf("seed %d: the British determinization changed its own bid to %d", seed, b.bids[British])
		}
	}
	if len(bids) < 5 {
		t.Fatalf("in 20 draws the British bid took only the values %v", bids)
	}
}

// soa:13.6, 13.8: German armour retreating may not enter 25 or 18, each with
// a hidden AT gun, so it is offered 17 and 24 (as in TestRetreatArmor but
// with a second gun, hidden, in 18). The German's determinization may swap
// the two guns, but each place keeps one, so it offers him the same choices.
func TestDeterminizeKeepsChoicesHiddenAT_soa13_6_13_8(t *testing.T) {
	s := fireState(t, 1, British)
	s.opt.hiddenAT = true
	ccPut(t, s, "26", "gb-a1-1", "ss-hw-sp-1")
	ccPut(t, s, "17", "gb-a1-2")
	ccPut(t, s, "18", "gb-a1-3", "gb-at-2")
	ccPut(t, s, "24", "gb-a2-1")
	ccPut(t, s, "25", "gb-a2-2", "gb-at-1")
	for _, id := range []string{"gb-at-1", "gb-at-2"} {
		s.setHidden(ccUnit(t, s, id), true)
	}
	s.rng.Force(1, 1, 6, 6)
	ccDo(t, s, "area:26", "fire", "target:26", "with:gb-a1-1", "confirm", "resolve", "accept", "retreat:ss-hw-sp-1")
	want := mustJSON(engine.Choices(s))
	var dests []string
	for _, l := range ccLegal(s) {
		if d, ok := strings.CutPrefix(l, "dest:"); ok {
			dests = append(dests, d)
		}
	}
	slices.Sort(dests)
	if !slices.Equal(dests, []string{"17", "24"}) {
		t.Fatalf("17 or 24, not 18 or 25 with their hidden guns; offered %v", dests)
	}
	if s.ToMove() != "german" {
		t.Fatalf("%s to move, want the German retreating", s.ToMove())
	}
	for seed := uint64(1); seed <= 10; seed++ {
		d := rtDeterminize(s, "german", seed)
		if got := mustJSON(engine.Choices(d)); string(got) != string(want) {
			t.Fatalf("seed %d: the determinization offers %s, the game %s", seed, got, want)
		}
	}
}

// soa:8.32, 13.8: the British fire from 17 with their infantry, then begin a
// second attack on the German tanks in 16 that only the gun hidden in 17
// can make. A German determinization may deal the gun to 18 or 23 as
// well, but never so that the British, to move, have no choice left: every
// draw keeps the gun in 17 and the British offered it.
func TestDeterminizeKeepsTheMoversConcealedGun_soa8_32_13_8(t *testing.T) {
	s := fireState(t, 1, British)
	s.opt.hiddenAT = true
	ccPut(t, s, "16", "ss-hqc-mk3-1", "ss-ar1-1")
	ccPut(t, s, "17", "gb-a1-2", "gb-at-1")
	ccPut(t, s, "18", "gb-a1-3")
	ccPut(t, s, "23", "gb-a1-1")
	gun := ccUnit(t, s, "gb-at-1")
	s.setHidden(gun, true)
	ccDo(t, s, "area:17", "fire", "target:16", "with:gb-a1-2", "confirm", "target:16")
	if got := ccLegal(s); !slices.Equal(got, []string{"with:gb-at-1"}) {
		t.Fatalf("the British are offered %v, want only the hidden gun", got)
	}
	for seed := uint64(1); seed <= 30; seed++ {
		d := rtDeterminize(s, "german", seed)
		if got := ccLegal(d); !slices.Equal(got, []string{"with:gb-at-1"}) || d.units[gun].Loc != s.units[gun].Loc {
			t.Fatalf("seed %d: the gun dealt to %s, the British offered %v", seed, d.g.locName(d.units[gun].Loc), got)
		}
	}
}
