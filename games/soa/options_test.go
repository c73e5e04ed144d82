package soa

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Optional rules: side determination by bidding (soa:21), the chit combat
// resolution system (soa:22); and the engine contract under every option.

// rtBids decodes the bids a seat's view shows.
func rtBids(t *testing.T, s *State, seat engine.Seat) map[string]int {
	t.Helper()
	var doc struct {
		State struct {
			Bids map[string]int `json:"bids"`
		} `json:"state"`
		Log []engine.LogLine `json:"log"`
	}
	if err := json.Unmarshal([]byte(rtViewJSON(t, s, seat)), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.State.Bids == nil {
		doc.State.Bids = map[string]int{}
	}
	for _, l := range doc.Log {
		if strings.Contains(l.Text, " bids ") && !strings.Contains(strings.ToLower(l.Text), string(seat)+" bids") {
			doc.State.Bids["log:"+l.Text] = 0 // another's secret bid in the log is as bad as one in the map
		}
	}
	return doc.State.Bids
}

// soa:21.1, soa:21.2: each seat bids in secret; the higher bidder commands the
// British and the German total starts at the winning bid (the 21.2 example:
// a bid of 3 puts the German on 3). Until both bids are in, the other seat
// and spectators see nothing of the first.
func TestBidSecretThenSwap_soa21_1_21_2(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 1)
	if s.step != stBid || s.ToMove() != "british" {
		t.Fatalf("step %s to move %s: bidding comes first", stepNames[s.step], s.ToMove())
	}
	for _, id := range []string{"bid:-2", "bid:0", "bid:3"} { // soa:21.1: plus, minus or 0
		if !ccHas(s, id) {
			t.Fatalf("%s is not offered", id)
		}
	}
	ccDo(t, s, "bid:3")
	if b := rtBids(t, s, "german"); len(b) != 0 {
		t.Fatalf("the german seat sees %v before bidding itself", b)
	}
	if b := rtBids(t, s, engine.Spectator); len(b) != 0 {
		t.Fatalf("a spectator sees %v", b)
	}
	if b := rtBids(t, s, "british"); b["british"] != 3 || len(b) != 1 {
		t.Fatalf("the british seat sees %v, want its own bid 3", b)
	}
	if s.ToMove() != "german" {
		t.Fatal("the german seat bids next")
	}
	ccDo(t, s, "bid:5")
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		if b := rtBids(t, s, seat); b["british"] != 3 || b["german"] != 5 {
			t.Fatalf("%s sees %v once both bids are in", seat, b)
		}
	}
	if !s.swapped || s.vp != 5 {
		t.Fatalf("swapped %v, VP %d: the german seat bid higher and commands the British; the Germans start on 5", s.swapped, s.vp)
	}
	if s.step != stSetupBritish || s.ToMove() != "german" {
		t.Fatalf("step %s to move %s: the german seat now sets up the British", stepNames[s.step], s.ToMove())
	}
	var v View
	if err := json.Unmarshal([]byte(rtViewJSON(t, s, "german")), &struct{ State *View }{&v}); err != nil {
		t.Fatal(err)
	}
	if v.Side != "british" || v.VP != 5 {
		t.Fatalf("the german seat's view: side %q VP %d", v.Side, v.VP)
	}
}

// soa:21.3: a tie is bid again, and the new bids may repeat the old; soa:21.2:
// a winning bid of -2 starts the German on -2.
func TestBidTieRebid_soa21_3_21_2(t *testing.T) {
	s := rtNew(t, map[string]string{"bidding": "on"}, 1)
	ccDo(t, s, "bid:2", "bid:2")
	if s.step != stBid || s.ToMove() != "british" || s.vp != 0 {
		t.Fatalf("after a tie: step %s to move %s", stepNames[s.step], s.ToMove())
	}
	ccDo(t, s, "bid:-2")
	if b := rtBids(t, s, "german"); b["british"] == -2 {
		t.Fatal("the new bid is secret again")
	}
	ccDo(t, s, "bid:-3")
	if s.swapped || s.vp != -2 || s.step != stSetupBritish || s.ToMove() != "british" {
		t.Fatalf("swapped %v VP %d: the british seat keeps the British at -2", s.swapped, s.vp)
	}
}

// cupLeft counts the chits left in side's cup.
func cupLeft(s *State, side Side) int {
	left := 0
	for _, n := range s.chits[side] {
		left += int(n)
	}
	return left
}

// soa:22.2, soa:22.3, soa:22.4: each player's cup holds 36 chits: one 2, two 3s,
// three 4s, four 5s, five 6s, six 7s, five 8s, four 9s, three 10s, two 11s
// and one 12; it is refilled once all have been drawn; no die is thrown.
func TestChitCup_soa22_2_22_3_22_4(t *testing.T) {
	s := MustLoad().newState(options{chits: true}, 8)
	want := map[int]int{2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
	for _, side := range []Side{German, British} {
		got := map[int]int{}
		for range 36 {
			got[s.drawChit(side)]++
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s drew %v from a cup, want %v", side, got, want)
		}
	}
	for _, side := range []Side{German, British} {
		for v, n := range s.chits[side] {
			if n != 0 {
				t.Fatalf("%s's cup still holds %d chits of %d", side, n, v)
			}
		}
	}
	s.drawChit(German)
	if left := cupLeft(s, German); left != 35 {
		t.Fatalf("after the refill and one draw %d chits are left, want 35", left)
	}
	if s.rng.Rolls != 0 {
		t.Fatalf("%d dice thrown: chits are drawn, not rolled", s.rng.Rolls)
	}
}

// soa:22.4, soa:8.41: with combat=chits a fire attack draws one chit per player
// instead of two dice. The German 3-5-5 in 16 draws a 12 (the only chit left
// in his cup) against the British 3-7-5 in 17 who draws a 2: AV 3+12 = 15,
// DV 7+2+1 = 10. The British, holding the Tactical Advantage, force a redraw
// (soa:8.41 allows it for chits): both cups are empty, refill and each give
// one chit, leaving 35.
func TestChitFire_soa22_4_8_41(t *testing.T) {
	s := rtImpulseOpt(t, options{chits: true}, 1, German)
	s.ta = British
	ccPut(t, s, "16", "ss-ar1-1")
	ccPut(t, s, "17", "gb-rasc-1")
	s.chits[German] = [13]uint8{12: 1}
	s.chits[British] = [13]uint8{2: 1}
	rolls := s.rng.Rolls
	ccDo(t, s, "area:16", "fire", "target:17", "with:ss-ar1-1", "confirm")
	if s.step != stReroll || s.av != 15 || s.dv != 10 || s.rng.Rolls != rolls {
		t.Fatalf("step %s AV %d DV %d dice %d: want the reroll offer, AV 15, DV 10, no dice", stepNames[s.step], s.av, s.dv, s.rng.Rolls-rolls)
	}
	ccDo(t, s, "reroll")
	for _, side := range []Side{German, British} {
		if left := cupLeft(s, side); left != 35 {
			t.Fatalf("%s's cup holds %d chits after the redraw, want 35", side, left)
		}
	}
	if s.av != 3+s.rolls[0] || s.dv != 7+s.rolls[2]+1 || s.rolls[1] != 0 || s.rolls[3] != 0 || s.ta != German {
		t.Fatalf("AV %d DV %d chits %v, advantage %s", s.av, s.dv, s.rolls, s.ta)
	}
}

// soa:13.4, soa:22.4: fire at an AT gun alone in its area eliminates it
// without a roll, but with chits each player still draws one: a full cup
// keeps 35.
func TestChitLoneAT_soa13_4_22_4(t *testing.T) {
	s := rtImpulseOpt(t, options{chits: true}, 1, German)
	ccPut(t, s, "16", "ss-ar1-1")
	ccPut(t, s, "17", "gb-at-1")
	ccDo(t, s, "area:16", "fire", "target:17", "with:ss-ar1-1", "confirm")
	if s.units[ccUnit(t, s, "gb-at-1")].Loc != locBox {
		t.Fatal("the gun alone is eliminated")
	}
	for _, side := range []Side{German, British} {
		if left := cupLeft(s, side); left != 35 {
			t.Fatalf("%s's cup holds %d chits, want 35: one drawn", side, left)
		}
	}
}

// rtOptionSets are the option combinations the contract tests run under.
var rtOptionSets = []map[string]string{
	nil,
	{"hidden_at": "on"},
	{"bidding": "on", "combat": "chits"},
	{"hidden_at": "on", "bidding": "on", "combat": "chits", "reaction": "10"},
}

// rtContract checks the engine contract at one state: every listed choice
// is accepted, unlisted ones are refused with engine.ErrIllegal and change
// nothing (whether Apply checks against the list Legal gave or lists
// afresh), a clone is independent, and Position -> LoadPosition gives the
// same hash, the same choices and the same future.
func rtContract(t *testing.T, g *Game, s *State, pick *engine.RNG) {
	t.Helper()
	h := s.Hash()
	legal := s.Legal(nil)
	ids := make([]string, len(legal))
	clones := func() []*State { // one keeps the list Legal gave, one lists afresh
		c, fresh := s.Clone().(*State), s.Clone().(*State)
		fresh.legalMemo.Forget()
		return []*State{c, fresh}
	}
	for i, a := range legal {
		ids[i] = s.Describe(a).ID
		for _, c := range clones() {
			if err := c.Apply(a); err != nil {
				t.Fatalf("listed choice %s refused: %v", ids[i], err)
			}
		}
		if s.Hash() != h {
			t.Fatalf("applying %s to a clone changed the original", ids[i])
		}
	}
	for _, a := range []engine.Action{act(kPass, 0), act(kPlace, 9999), act(kind(200), 1), act(kBid, 0), act(kUnit, 4000)} {
		if slices.Contains(legal, a) {
			continue
		}
		for _, c := range clones() {
			ch := c.Hash()
			if err := c.Apply(a); !errors.Is(err, engine.ErrIllegal) {
				t.Fatalf("unlisted action %x: error %v, want engine.ErrIllegal", uint64(a), err)
			}
			if c.Hash() != ch {
				t.Fatal("a refused action changed the state")
			}
		}
	}
	c := s.Clone().(*State)
	for i := range c.units {
		c.units[i].Loc, c.units[i].Committed = locElim, true
		c.stale()
	}
	c.rng.Force(1)
	c.control[trnPlace(c, "22")] = German
	if s.Hash() != h {
		t.Fatal("mutating a clone changed the original's hash")
	}

	doc := engine.EncodePosition("soa", s)
	st, err := engine.LoadPositionDoc(g, doc)
	if err != nil {
		t.Fatalf("LoadPosition of the position at %s: %v\n%s", stepNames[s.step], err, doc)
	}
	l := st.(*State)
	if l.Hash() != h {
		t.Fatalf("round trip at step %s changed the hash", stepNames[s.step])
	}
	lids := make([]string, 0, len(ids))
	for _, a := range l.Legal(nil) {
		lids = append(lids, l.Describe(a).ID)
	}
	if !slices.Equal(ids, lids) {
		t.Fatalf("round trip at step %s: choices %v, loaded %v", stepNames[s.step], ids, lids)
	}
	if l.ToMove() != s.ToMove() {
		t.Fatal("round trip changed the seat to move")
	}
	// The same future: ten random choices on clones of both keep the hashes equal.
	a, b := s.Clone().(*State), l.Clone().(*State)
	for range 10 {
		if a.ToMove() == "" {
			break
		}
		al := a.Legal(nil)
		k := pick.Intn(len(al))
		bl := b.Legal(nil)
		if len(bl) != len(al) {
			t.Fatalf("after the round trip the futures differ in their choices at step %s", stepNames[a.step])
		}
		if err := a.Apply(al[k]); err != nil {
			t.Fatal(err)
		}
		if err := b.Apply(bl[k]); err != nil {
			t.Fatal(err)
		}
		if a.Hash() != b.Hash() {
			t.Fatalf("after the round trip the futures differ after %s", a.Describe(al[k]).ID)
		}
	}
}

// The engine contract (docs/design.md sections 1 and 2) at many points of random
// games under every option set: listed choices are accepted, unlisted ones
// refused with engine.ErrIllegal, clones are independent, and positions
// round-trip to the same hash and future.
func TestPositionContractRandomGames(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(5)
	games := 2
	if testing.Short() {
		games = 1
	}
	for _, opts := range rtOptionSets {
		for seed := uint64(1); seed <= uint64(games); seed++ {
			s := rtNew(t, opts, seed)
			checked := 0
			n := rtRandom(t, s, &pick, func() bool {
				if s.count%23 == 0 || s.step == stContinue || s.step == stOverstack {
					rtContract(t, g, s, &pick)
					checked++
				}
				return true
			})
			if s.Result() == nil {
				t.Fatalf("%v seed %d: the game ended without a result", opts, seed)
			}
			if _, err := engine.Find(s, "pass"); !errors.Is(err, engine.ErrIllegal) {
				t.Fatal("a finished game must refuse every choice")
			}
			if err := s.Apply(act(kPass, 0)); !errors.Is(err, engine.ErrIllegal) {
				t.Fatal("a finished game must refuse Apply with engine.ErrIllegal")
			}
			t.Logf("%v seed %d: %d choices, %d contract checks, %s", opts, seed, n, checked, s.Result().Text)
		}
	}
}

// Positions written by LoadPosition's own format load back at the set-up
// and bidding steps too, where secret information is in play.
func TestPositionRoundTripSetupAndBids_soa5_5_21_1(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(17)
	s := rtNew(t, map[string]string{"bidding": "on", "hidden_at": "on", "combat": "chits"}, 4)
	ccDo(t, s, "bid:4")
	rtContract(t, g, s, &pick) // one bid secretly in
	ccDo(t, s, "bid:1")
	for s.step == stSetupBritish || s.step == stSetupGerman {
		rtContract(t, g, s, &pick)
		if err := s.Apply(s.Legal(nil)[pick.Intn(len(s.Legal(nil)))]); err != nil {
			t.Fatal(err)
		}
	}
	rtContract(t, g, s, &pick)
}

// soa:22.1: with chits for fire combat, fire setting still throws a die and
// draws no chit. The German 3-5-5 tries to set fire in 17 with one unit; a
// forced 6 fails (soa:18.3: it needs 1 or less).
func TestChitNotForSetFire_soa22_1_18_3(t *testing.T) {
	s := rtImpulseOpt(t, options{chits: true}, 1, German)
	ccPut(t, s, "17", "ss-ar1-1", "gb-rasc-1")
	rolls := s.rng.Rolls
	s.rng.Force(6)
	ccDo(t, s, "area:17", "fire", "target:17", "group:setfire", "with:ss-ar1-1", "confirm")
	if s.rng.Rolls != rolls+1 {
		t.Fatalf("%d dice thrown, want the one fire-setting die", s.rng.Rolls-rolls)
	}
	if s.chits != [2][13]uint8{} {
		t.Fatal("a chit was drawn for fire setting")
	}
}

// soa:13.8, 21, 22, 8.17: the optional rules are declared with their rules,
// default off/dice, and unknown keys or values are refused.
func TestOptionsDeclared_soa13_8_21_22(t *testing.T) {
	g := MustLoad()
	want := map[string]string{"hidden_at": "soa:13.8", "bidding": "soa:21", "combat": "soa:22", "reaction": "soa:8.17"}
	def := map[string]string{"hidden_at": "off", "bidding": "off", "combat": "dice", "reaction": "off"}
	for _, o := range g.Options() {
		if want[o.Key] != o.Rule || def[o.Key] != o.Values[0] {
			t.Fatalf("option %s: rule %s default %s", o.Key, o.Rule, o.Values[0])
		}
		delete(want, o.Key)
	}
	if len(want) != 0 {
		t.Fatalf("options missing: %v", want)
	}
	s := rtNew(t, nil, 1)
	if s.opt != (options{}) || s.step != stSetupBritish {
		t.Fatalf("defaults: %+v", s.opt)
	}
	s = rtNew(t, map[string]string{"hidden_at": "on", "bidding": "on", "combat": "chits"}, 1)
	if !s.opt.hiddenAT || !s.opt.bidding || !s.opt.chits || s.step != stBid {
		t.Fatalf("options on: %+v", s.opt)
	}
	for _, bad := range []map[string]string{{"combat": "cards"}, {"fog": "on"}} {
		if _, err := g.New("basic", bad, 1); err == nil {
			t.Fatalf("options %v accepted", bad)
		}
	}
}
