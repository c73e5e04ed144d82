package soa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// Set-up in a few choices (docs/design.md section 6.8): the historical set-up, the
// rest of a platoon or company in one area, a random legal set-up. Each is a
// run of atomic placements checked by the same rules (soa:5.4, soa:5.5).

// rtCount counts the units of side in place id.
func rtCount(s *State, side Side, id string) int {
	p := trnPlace(s, id)
	n := 0
	for _, u := range s.g.sideUnits[side] {
		if s.units[u].Loc == p {
			n++
		}
	}
	return n
}

// soa:5.4, soa:5.5, soa:5.6: the historical set-up is one choice per side; the
// numbers are those of data/setup.json, counted by hand.
func TestSetupHistorical_soa5_4_5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	ccDo(t, s, "setup-historical")
	rtCheckBritishSetup(t, s)
	for id, n := range map[string]int{"4": 5, "5": 4, "17": 4, "18": 5, "22": 7, "23": 8, "2": 3, "3": 3, "7": 3, "19": 3, "20": 3, "21": 2} {
		if got := rtCount(s, British, id); got != n {
			t.Errorf("area %s holds %d British units, want %d", id, got, n)
		}
	}
	if rtLoc(t, s, "gb-bde-hq") != "22" || s.step != stSetupGerman {
		t.Fatalf("Brigade HQ in %s, step %s; want 22 and the German set-up", rtLoc(t, s, "gb-bde-hq"), stepNames[s.step])
	}
	ccDo(t, s, "setup-historical")
	rtCheckGermanSetup(t, s)
	for id, n := range map[string]int{"13": 4, "14": 5, "15": 5, "16": 5, "24": 4, "27": 4, "28": 3, "29": 1, "30": 1, "A": 14, "B": 20} {
		if got := rtCount(s, German, id); got != n {
			t.Errorf("%s holds %d German units, want %d", id, got, n)
		}
	}
	if !s.revealed || s.turn != 1 || s.step == stSetupGerman {
		t.Fatalf("after both historical set-ups: revealed %v, turn %d, step %s", s.revealed, s.turn, stepNames[s.step])
	}
}

// soa:5.4: the historical set-up is offered while every unit placed so far
// stands where it puts it, and not after a unit placed elsewhere.
func TestSetupHistoricalOnlyWhileFollowed_soa5_4(t *testing.T) {
	s := rtNew(t, nil, 1)
	ccDo(t, s, "place:22") // gb-bde-hq, as in the historical set-up
	if !ccHas(s, "setup-historical") {
		t.Fatal("historical set-up not offered after the Brigade HQ set up in 22 as it says")
	}
	ccDo(t, s, "place:5") // gb-2para-hq; the historical set-up has it in 22
	if ccHas(s, "setup-historical") {
		t.Fatal("historical set-up offered after a unit set up elsewhere")
	}
}

// A historical set-up that breaks a set-up rule is refused when the game loads.
func TestSetupHistoricalChecked_soa5_4_5_5(t *testing.T) {
	g := MustLoad()
	good, err := dataFS.ReadFile("data/setup.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"gb-re-1": "17"`, `"gb-re-1": "22"`, "gb-re-1 may not set up in 22"},               // yellow dot (soa:3.62)
		{`"ss-ar3-3": "15"`, `"ss-ar3-3": "14"`, "ss-ac9-1 may not set up in 14"},            // then the next is a sixth SS unit (soa:5.5)
		{`"bo-sup-3": "A"`, `"bo-sup-3": "13"`, "bo-sup-3 may not set up in 13"},             // army outside A and B (soa:5.5)
		{`"gb-amb-1": "5",`, ``, "gb-amb-1 has no place"},                                    // missing
		{`"ss-bn-hq": "28"`, `"ss-bn-hq": "28", "ss-g-1": "28"`, `"ss-g-1" is not a german`}, // not a starting unit
	} {
		bad := strings.Replace(string(good), c.from, c.to, 1)
		if bad == string(good) {
			t.Fatalf("setup.json has no %s", c.from)
		}
		err := g.loadHistorical([]byte(bad))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.to, err, c.want)
		}
	}
}

// soa:5.4: the rest of a platoon or a company in one British area, within
// the dots and the ten-unit limit.
func TestSetupBritishFormation_soa5_4(t *testing.T) {
	s := rtNew(t, nil, 1)
	rtSetupAt(t, s, British, "gb-c7-1")
	var platoon, company []string
	for _, id := range ccLegal(s) {
		if p, ok := strings.CutPrefix(id, "platoon:"); ok {
			platoon = append(platoon, p)
		}
		if p, ok := strings.CutPrefix(id, "company:"); ok {
			company = append(company, p)
		}
	}
	rtWant(t, "platoon areas (green dots)", platoon, rtDotAreas["green"])
	rtWant(t, "company areas (green dots)", company, rtDotAreas["green"])
	ccPut(t, s, "23", "gb-bde-hq", "gb-2para-hq") // 2 + 9 would be 11 (soa:5.4)
	if ccHas(s, "company:23") || !ccHas(s, "platoon:23") {
		t.Fatalf("with two units in 23: company:23 %v, platoon:23 %v; want only the platoon", ccHas(s, "company:23"), ccHas(s, "platoon:23"))
	}
	ccDo(t, s, "company:20")
	for _, id := range []string{"gb-c7-1", "gb-c8-2", "gb-c9-3"} {
		if rtLoc(t, s, id) != "20" {
			t.Fatalf("%s in %s, want 20", id, rtLoc(t, s, id))
		}
	}
	if s.placingUnit() != ccUnit(t, s, "gb-a1-1") {
		t.Fatalf("next unit %s, want gb-a1-1", s.g.units[s.placingUnit()].ID)
	}
	ccDo(t, s, "platoon:19")
	if rtLoc(t, s, "gb-a1-3") != "19" || s.units[ccUnit(t, s, "gb-a2-1")].Loc != locPool {
		t.Fatalf("after platoon:19: gb-a1-3 in %s, gb-a2-1 in %s", rtLoc(t, s, "gb-a1-3"), rtLoc(t, s, "gb-a2-1"))
	}
}

// soa:5.5: an SS platoon fits where it keeps the area at five SS units; an SS
// company of nine never does; a Bochoit company goes to zone A or B.
func TestSetupGermanFormation_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 1)
	rtSetupAt(t, s, German, "ss-ar1-1")
	if slices.ContainsFunc(ccLegal(s), func(id string) bool { return strings.HasPrefix(id, "company:") }) {
		t.Fatal("a nine-unit SS company offered in one area (soa:5.5: at most five)")
	}
	if !ccHas(s, "platoon:13") {
		t.Fatal("platoon:13 not offered in an empty SS area")
	}
	ccPut(t, s, "13", "ss-bn-hq", "ss-ar-hq", "ss-lr-hq") // 3 + 3 would be 6
	if ccHas(s, "platoon:13") {
		t.Fatal("platoon:13 offered where it makes six SS units")
	}
	rtSetupAt(t, s, German, "bo-1-hq")
	var company []string
	for _, id := range ccLegal(s) {
		if p, ok := strings.CutPrefix(id, "company:"); ok {
			company = append(company, p)
		}
		if strings.HasPrefix(id, "platoon:") {
			t.Fatalf("%s offered for a company HQ", id)
		}
	}
	rtWant(t, "Bochoit company zones", company, []string{"A", "B"})
	ccDo(t, s, "company:B")
	if rtLoc(t, s, "bo-1-3-3") != "B" || s.placingUnit() != ccUnit(t, s, "bo-2-hq") {
		t.Fatalf("after company:B: bo-1-3-3 in %s, next %s", rtLoc(t, s, "bo-1-3-3"), s.g.units[s.placingUnit()].ID)
	}
}

// soa:5.4, soa:5.5: a random legal set-up is drawn from a generator derived
// from the game's: the same seed gives the same set-up, the game's dice are
// left where they were (the record keeps the placements, which replay without
// the draws), and it keeps every set-up rule.
func TestSetupRandom_soa5_4_5_5(t *testing.T) {
	for seed := uint64(1); seed <= 20; seed++ {
		a, b := rtNew(t, nil, seed), rtNew(t, nil, seed)
		ccDo(t, a, "place:22")
		dice := a.rng
		ccDo(t, a, "setup-random")
		ccDo(t, b, "place:22", "setup-random")
		rtCheckBritishSetup(t, a)
		if a.Hash() != b.Hash() {
			t.Fatalf("seed %d: two random set-ups from one seed differ", seed)
		}
		if a.rng.State != dice.State || a.rng.Rolls != dice.Rolls {
			t.Fatalf("seed %d: the random set-up moved the game's dice from %+v to %+v", seed, dice, a.rng)
		}
		ccDo(t, a, "setup-random")
		rtCheckGermanSetup(t, a)
		if !a.revealed || a.turn != 1 {
			t.Fatalf("seed %d: the random German set-up did not finish", seed)
		}
	}
}

// soa:5.4, soa:5.5: however a side sets up, the record holds one placement
// per unit (engine.Apply), so its length, the server's version, is the same:
// 50 British and then 66 German units (data/setup.json, counted in
// TestSetupHistorical). The record made with set-up choices for many units
// replays from its placements to the same state.
func TestSetupRecordedAsPlacements_soa5_4_5_5(t *testing.T) {
	g := MustLoad()
	first := func(prefixes ...string) func(s *State) string {
		return func(s *State) string {
			for _, p := range prefixes {
				for _, id := range ccLegal(s) {
					if strings.HasPrefix(id, p) {
						return id
					}
				}
			}
			t.Fatalf("none of %v offered: %v", prefixes, ccLegal(s))
			return ""
		}
	}
	for _, way := range []struct {
		name   string
		choose func(s *State) string
	}{
		{"historical", first("setup-historical")},
		{"random", first("setup-random")},
		{"platoons and companies", first("company:", "platoon:", "place:")},
		{"one by one", first("place:")},
	} {
		s := rtNew(t, nil, 7)
		rec := engine.NewRecord(g)
		rec.Scenario, rec.Seed = "basic", 7
		var britons int
		for s.SettingUp() {
			made, err := engine.Play(g, s, way.choose(s))
			if err != nil {
				t.Fatalf("%s: %v", way.name, err)
			}
			rec.Choices = append(rec.Choices, engine.IDs(made)...)
			if s.step == stSetupGerman && britons == 0 {
				britons = len(rec.Choices)
			}
		}
		if britons != 50 || len(rec.Choices) != 50+66 {
			t.Errorf("%s: the record holds %d choices after the British set-up and %d after both, want 50 and 116", way.name, britons, len(rec.Choices))
		}
		for _, id := range rec.Choices {
			if !strings.HasPrefix(id, "place:") {
				t.Fatalf("%s: the record holds %s, not a placement", way.name, id)
			}
		}
		rec.Hash = engine.FormatHash(s.Hash())
		if _, err := engine.Verify(g, rec); err != nil {
			t.Errorf("%s: the record of placements does not replay to the set-up made: %v", way.name, err)
		}
	}
}
