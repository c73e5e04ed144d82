package soa

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// unitLoadReal loads data/units.json, the order of battle the game uses.
func unitLoadReal(t *testing.T) *OrderOfBattle {
	t.Helper()
	b, err := os.ReadFile("data/units.json")
	if err != nil {
		t.Fatal(err)
	}
	oob, err := LoadOrderOfBattle(b)
	if err != nil {
		t.Fatalf("data/units.json does not validate:\n%v", err)
	}
	return oob
}

// unitCount counts the units that satisfy keep.
func unitCount(oob *OrderOfBattle, keep func(u UnitData) bool) int {
	n := 0
	for _, u := range oob.Units {
		if keep(u) {
			n++
		}
	}
	return n
}

// unitFactors is the printed AF-DF-MF of a counter, "X" for an AT DF.
func unitFactors(u UnitData) string {
	if u.Type == AntiTank {
		return fmt.Sprintf("%d-X-%d", u.AF, u.MF)
	}
	return fmt.Sprintf("%d-%d-%d", u.AF, u.DF, u.MF)
}

func unitByID(t *testing.T, oob *OrderOfBattle, id string) UnitData {
	t.Helper()
	for _, u := range oob.Units {
		if u.ID == id {
			return u
		}
	}
	t.Fatalf("no unit %q", id)
	return UnitData{}
}

func TestUnitsRealFileLoadsAndSaysReconstruction(t *testing.T) {
	oob := unitLoadReal(t)
	if !strings.Contains(strings.ToLower(oob.Note), "reconstruction") {
		t.Errorf("note must say the order of battle is our reconstruction: %q", oob.Note)
	}
}

// soa:4.5, soa:5.5, soa:16.1: the counters kept apart at set-up are exactly
// the pools G, A, B, C, R and the two turn-5 Tigers.
func TestUnitsSoa4_5PoolsKeptApart(t *testing.T) {
	oob := unitLoadReal(t)
	want := map[string]int{"G": 12, "A": 3, "B": 6, "C": 3, "R": 8, "T5": 2}
	got := map[string]int{}
	for _, u := range oob.Units {
		if u.Pool != "" {
			got[u.Pool]++
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pools = %v, want %v", got, want)
	}
}

// soa:16.1, soa:5.5: two Tiger armour units arrive on turn 5.
func TestUnitsSoa16_1TwoTigersOnTurn5(t *testing.T) {
	oob := unitLoadReal(t)
	for _, u := range oob.Units {
		if u.Pool == "T5" && (u.Side != "german" || u.Type != Armor || unitFactors(u) != "6-7-7") {
			t.Errorf("%s: T5 unit must be a German 6-7-7 Tiger armour unit, got %s %s %s", u.ID, u.Side, u.Type, unitFactors(u))
		}
	}
	if n := unitCount(oob, func(u UnitData) bool { return u.Pool == "T5" }); n != 2 {
		t.Errorf("T5 units = %d, want 2", n)
	}
}

// soa:17.2, soa:17.22: twelve 3-5-5 infantry reinforcements without lower organisation.
func TestUnitsSoa17_2GermanInfantryPool(t *testing.T) {
	oob := unitLoadReal(t)
	n := 0
	for _, u := range oob.Units {
		if u.Pool != "G" {
			continue
		}
		n++
		if u.Side != "german" || u.Force != "army" || u.Type != Infantry || unitFactors(u) != "3-5-5" {
			t.Errorf("%s: G unit must be German army 3-5-5 infantry (soa:17.2), got %s %s %s", u.ID, u.Force, u.Type, unitFactors(u))
		}
		if u.Company != "" || u.Platoon != "" {
			t.Errorf("%s: G unit has lower organisation %q/%q (soa:17.22)", u.ID, u.Company, u.Platoon)
		}
	}
	if n != 12 {
		t.Errorf("G units = %d, want 12 (soa:17.2)", n)
	}
}

// soa:17.31: up to three StuG III armour counters.
func TestUnitsSoa17_31ThreeStuG(t *testing.T) {
	oob := unitLoadReal(t)
	n := 0
	for _, u := range oob.Units {
		if u.Pool != "A" {
			continue
		}
		n++
		if u.Side != "german" || u.Type != Armor || !strings.Contains(u.Name, "StuG III") {
			t.Errorf("%s: A unit must be German StuG III armour, got %s %s %q", u.ID, u.Side, u.Type, u.Name)
		}
	}
	if n != 3 {
		t.Errorf("A units = %d, want 3 (soa:17.31)", n)
	}
}

// soa:17.4, soa:17.42, soa:17.43: six British reinforcements, two each of
// 1st Para Bn, 3rd Para Bn and 2nd South Staffords, no lower organisation.
func TestUnitsSoa17_4BritishReinforcements(t *testing.T) {
	oob := unitLoadReal(t)
	parents := map[string]int{}
	for _, u := range oob.Units {
		if u.Pool != "B" {
			continue
		}
		parents[u.Higher]++
		if u.Side != "british" || u.Type != Infantry {
			t.Errorf("%s: B unit must be British infantry", u.ID)
		}
		if u.Company != "" || u.Platoon != "" {
			t.Errorf("%s: B unit has lower organisation (soa:17.43)", u.ID)
		}
	}
	want := map[string]int{"1Para": 2, "3Para": 2, "2SStaffs": 2}
	if fmt.Sprint(parents) != fmt.Sprint(want) {
		t.Errorf("B units by parent = %v, want %v (soa:17.4)", parents, want)
	}
}

// soa:17.5, soa:17.53: Bren carriers are 0-2-8 and cannot attack. Their number
// (three) is ours: the rules do not give it.
func TestUnitsSoa17_5BrenCarriers(t *testing.T) {
	oob := unitLoadReal(t)
	for _, u := range oob.Units {
		if (u.Type == Bren) != (u.Pool == "C") {
			t.Errorf("%s: Bren carriers are exactly the C pool", u.ID)
		}
		if u.Type == Bren && (u.Side != "british" || unitFactors(u) != "0-2-8") {
			t.Errorf("%s: Bren carrier must be British 0-2-8, got %s", u.ID, unitFactors(u))
		}
	}
	if n := unitCount(oob, func(u UnitData) bool { return u.Pool == "C" }); n < 1 {
		t.Error("no Bren carrier for the C random event (soa:17.51)")
	}
}

// soa:19.1, soa:19.5, soa:19.6: eight 3-6-3 reformed units without lower organisation.
func TestUnitsSoa19_6EightReformedUnits(t *testing.T) {
	oob := unitLoadReal(t)
	n := 0
	for _, u := range oob.Units {
		if u.Pool != "R" {
			continue
		}
		n++
		if u.Side != "british" || u.Type != Infantry || unitFactors(u) != "3-6-3" {
			t.Errorf("%s: R unit must be British 3-6-3 infantry (soa:19.1), got %s", u.ID, unitFactors(u))
		}
		if u.Company != "" || u.Platoon != "" {
			t.Errorf("%s: reformed unit has lower organisation (soa:19.5)", u.ID)
		}
	}
	if n != 8 {
		t.Errorf("R units = %d, want 8 (soa:19.6)", n)
	}
}

// soa:13.21, soa:13.4: "one or both of the AT units": exactly two British 6-X-1.
func TestUnitsSoa13_21TwoAntiTankUnits(t *testing.T) {
	oob := unitLoadReal(t)
	n := 0
	for _, u := range oob.Units {
		if u.Type != AntiTank {
			continue
		}
		n++
		if u.Side != "british" || u.Pool != "" || unitFactors(u) != "6-X-1" || u.CDF != 0 {
			t.Errorf("%s: AT unit must be a British 6-X-1 starting on the map, got %s", u.ID, unitFactors(u))
		}
		if len(u.Dots) != 0 {
			t.Errorf("%s: the AT battery sets up in any British area", u.ID)
		}
	}
	if n != 2 {
		t.Errorf("AT units = %d, want 2 (soa:13.21)", n)
	}
}

// unitCanPlace reports whether HQ h may place artillery a (soa:14.31).
func unitCanPlace(h, a UnitData) bool {
	if h.Type != HQ || a.Type != Artillery || h.Side != a.Side {
		return false
	}
	if a.Side == "british" {
		return h.Level == "battalion" || h.Level == "brigade"
	}
	return (a.Company != "" && h.Company == a.Company) || (a.Higher != "" && h.Higher == a.Higher)
}

// soa:14.31: every artillery counter that needs a spotter has HQs that may
// place it: the 10th SS Recon company HQs call the Heavy Weapons Company, the
// KG and Bochoit battalion HQs call the Harzer Kampfgruppe; British
// battalion/brigade HQs call the British counter.
func TestUnitsSoa14_31ArtilleryHasQualifyingHQs(t *testing.T) {
	oob := unitLoadReal(t)
	callers := map[string][]string{}
	for _, a := range oob.Units {
		if a.Type != Artillery {
			continue
		}
		for _, h := range oob.Units {
			if unitCanPlace(h, a) {
				callers[a.ID] = append(callers[a.ID], h.ID)
			}
		}
		if !a.SOnly && len(callers[a.ID]) == 0 {
			t.Errorf("%s: no HQ may place it (soa:14.31)", a.ID)
		}
	}
	want := map[string]string{
		"de-art-hw-1":  "[ss-ar-hq ss-lr-hq]",
		"de-art-hzr-1": "[ss-bn-hq bo-bn-hq]",
		"de-art-hzr-2": "[ss-bn-hq bo-bn-hq]",
		"gb-art-1lt-1": "[gb-bde-hq gb-2para-hq]",
	}
	for id, w := range want {
		if got := fmt.Sprint(callers[id]); got != w {
			t.Errorf("%s placed by %s, want %s", id, got, w)
		}
	}
	if n := unitCount(oob, func(u UnitData) bool { return u.Type == Artillery && u.Side == "german" }); n != 4 {
		t.Errorf("German artillery counters = %d, want 4 (Hv Wp 1, Arnhem Garrison 1, Harzer KG 2)", n)
	}
	if n := unitCount(oob, func(u UnitData) bool { return u.Type == Artillery && u.Side == "british" }); n != 1 {
		t.Errorf("British artillery counters = %d, want 1 (1st Light Regt RA)", n)
	}
}

// soa:14.33: two German HQ units can each place two or more artillery counters.
func TestUnitsSoa14_33TwoGermanHQsPlaceSeveralCounters(t *testing.T) {
	oob := unitLoadReal(t)
	var multi []string
	for _, h := range oob.Units {
		if h.Type != HQ || h.Side != "german" {
			continue
		}
		n := 0
		for _, a := range oob.Units {
			if unitCanPlace(h, a) {
				n++
			}
		}
		if n >= 2 {
			multi = append(multi, h.ID)
		}
	}
	if len(multi) != 2 {
		t.Errorf("German HQs that can place two or more counters: %v, want exactly two (soa:14.33)", multi)
	}
}

// soa:14.4, soa:14.6, soa:15.2: one German "S Area Only" counter (Arnhem
// Garrison); every counter has a day AF above its night AF.
func TestUnitsSoa14_4OneSAreaOnlyCounter(t *testing.T) {
	oob := unitLoadReal(t)
	var s []string
	for _, u := range oob.Units {
		if u.SOnly {
			s = append(s, u.ID)
		}
		if u.Type == Artillery && !(u.ArtDay > u.ArtNight && u.ArtNight > 0) {
			t.Errorf("%s: art %d(%d), want day > night > 0 (soa:14.6, soa:15.2)", u.ID, u.ArtDay, u.ArtNight)
		}
	}
	if fmt.Sprint(s) != "[de-art-garr-1]" {
		t.Errorf("S Area Only counters = %v, want the Arnhem Garrison artillery alone", s)
	}
	if g := unitByID(t, oob, "de-art-garr-1"); g.Side != "german" || !strings.Contains(g.Name, "Arnhem Garrison") {
		t.Errorf("de-art-garr-1 = %+v", g)
	}
}

// soa:8.351 C example: the LR Co HQ with two LR/4, LR/5 or LR/6 squads.
func TestUnitsSoa8_351PlatoonIntegrityLR(t *testing.T) {
	oob := unitLoadReal(t)
	hq := unitByID(t, oob, "ss-lr-hq")
	if hq.Type != HQ || hq.Level != "company" || hq.Company != "LR" || hq.Platoon != "" {
		t.Errorf("LR Co HQ = %+v, want a company HQ of company LR without platoon", hq)
	}
	for _, pl := range []string{"4", "5", "6"} {
		n := unitCount(oob, func(u UnitData) bool {
			return u.Company == "LR" && u.Platoon == pl && u.Type == Infantry && u.Pool == ""
		})
		if n != 3 {
			t.Errorf("LR/%s squads = %d, want 3", pl, n)
		}
	}
	// Battalion and brigade HQs never have a lower organisation.
	for _, u := range oob.Units {
		if u.Type == HQ && u.Level != "company" && (u.Company != "" || u.Platoon != "") {
			t.Errorf("%s: %s HQ with lower organisation", u.ID, u.Level)
		}
	}
}

// soa:5.5 and the German order of battle: counts per organisation.
func TestUnitsSoa5_5GermanOrderOfBattle(t *testing.T) {
	oob := unitLoadReal(t)
	count := func(prefix string) int {
		return unitCount(oob, func(u UnitData) bool { return strings.HasPrefix(u.ID, prefix) })
	}
	for prefix, want := range map[string]int{
		"ss-bn-hq": 1, "ss-hqc-": 3, "ss-ac-": 2, "ss-ar": 10, "ss-ac9-": 1, "ss-lr": 10, "ss-hw-": 5,
		"bo-bn-hq": 1, "bo-1-": 10, "bo-2-": 10, "bo-3-": 10, "bo-sup-": 3,
	} {
		if got := count(prefix); got != want {
			t.Errorf("%s*: %d units, want %d", prefix, got, want)
		}
	}
	ss := unitCount(oob, func(u UnitData) bool { return u.Force == "ss" && u.Type != Artillery })
	army := unitCount(oob, func(u UnitData) bool { return u.Force == "army" && u.Pool == "" && u.Type != Artillery })
	if ss != 32 || army != 34 {
		t.Errorf("German start units: SS %d, army %d; want 32 and 34", ss, army)
	}
	for _, u := range oob.Units {
		if u.Force == "ss" && u.Pool != "" {
			t.Errorf("%s: SS units start on the map (soa:5.5)", u.ID)
		}
	}
	// Company-level organisation: three platoons of three squads and an HQ.
	for _, co := range []string{"AR", "LR", "Bo-1", "Bo-2", "Bo-3"} {
		hqs := unitCount(oob, func(u UnitData) bool { return u.Company == co && u.Type == HQ })
		sq := unitCount(oob, func(u UnitData) bool { return u.Company == co && u.Type == Infantry })
		if hqs != 1 || sq != 9 {
			t.Errorf("company %s: %d HQ, %d squads; want 1 and 9", co, hqs, sq)
		}
	}
}

// soa:5.4 and the British order of battle: start units fit twelve set-up
// areas of at most ten units and leave three for each of six VP areas.
func TestUnitsSoa5_4BritishStartUnits(t *testing.T) {
	oob := unitLoadReal(t)
	start := unitCount(oob, func(u UnitData) bool {
		return u.Side == "british" && u.Pool == "" && u.Type != Artillery
	})
	if start < 6*3 || start > 12*10 {
		t.Errorf("British start units = %d, want 18..120", start)
	}
	if start != 50 {
		t.Errorf("British start units = %d, want 50 (our reading of the OOB)", start)
	}
	byDot := map[string]int{}
	for _, u := range oob.Units {
		if u.Side == "british" && u.Pool == "" && u.Type != Artillery {
			if len(u.Dots) == 0 {
				byDot["none"]++
			}
			for _, d := range u.Dots {
				byDot[d]++
			}
		}
	}
	want := map[string]int{"yellow": 4, "green": 9, "red": 9, "blue": 6, "orange": 7, "none": 15}
	if fmt.Sprint(byDot) != fmt.Sprint(want) {
		t.Errorf("British start units by dot = %v, want %v", byDot, want)
	}
	var hqs []string
	for _, u := range oob.Units {
		if u.Side == "british" && u.Type == HQ {
			hqs = append(hqs, u.ID+":"+u.Level)
		}
	}
	if got := fmt.Sprint(hqs); got != "[gb-bde-hq:brigade gb-2para-hq:battalion gb-re-hq:company gb-a-hq:company gb-b-hq:company gb-c-hq:company]" {
		t.Errorf("British HQs = %s", got)
	}
}

// soa:8.3552, soa:9.5, soa:9.6.1, soa:13.3, soa:13.7, soa:18.4: the factors the
// rulebook's examples use exist on the right side.
func TestUnitsSoa9_6_1ExampleFactorsExist(t *testing.T) {
	oob := unitLoadReal(t)
	has := func(side string, typ UnitType, f string) int {
		return unitCount(oob, func(u UnitData) bool { return u.Side == side && u.Type == typ && unitFactors(u) == f })
	}
	for _, c := range []struct {
		side string
		typ  UnitType
		f    string
		min  int
	}{
		{"german", Infantry, "3-5-5", 1},
		{"german", HQ, "2-6-4", 2}, // soa:9.5: a battalion and a company HQ
		{"german", Engineer, "5-7-6", 1},
		{"german", Armor, "4-5-8", 3}, // soa:9.5: three Mk III in one area
		{"german", Armor, "6-2-8", 1},
		{"german", Armor, "3-3-10", 1},
		{"german", Armor, "6-3-10", 1},
		{"german", Armor, "6-7-7", 2},
		{"british", Infantry, "4-7-5", 1},
		{"british", Infantry, "3-7-5", 1},
		{"british", HQ, "2-8-5", 1},
		{"british", AntiTank, "6-X-1", 2},
		{"british", Infantry, "3-6-3", 8},
		{"british", Bren, "0-2-8", 1},
	} {
		if n := has(c.side, c.typ, c.f); n < c.min {
			t.Errorf("%s %s %s: %d units, want at least %d", c.side, c.typ, c.f, n, c.min)
		}
	}
}

// soa:4.2, soa:13.3: committed faces. Armour keeps its DF; other units lose
// some; a committed German 3-5-5 defends with 3 (the soa:13.3 example).
func TestUnitsSoa4_2CommittedFaces(t *testing.T) {
	oob := unitLoadReal(t)
	for _, u := range oob.Units {
		switch {
		case u.Type == Armor && u.CDF != u.DF:
			t.Errorf("%s: armour cdf %d != df %d", u.ID, u.CDF, u.DF)
		case (u.Type == Infantry || u.Type == HQ || u.Type == Engineer || u.Type == Bren) && u.CDF >= u.DF:
			t.Errorf("%s: cdf %d not below df %d", u.ID, u.CDF, u.DF)
		case u.Side == "german" && unitFactors(u) == "3-5-5" && u.CDF != 3:
			t.Errorf("%s: committed German 3-5-5 must have DF 3, has %d", u.ID, u.CDF)
		}
	}
}

// soa:18.3: the German side has engineers; soa:3.62: only British units carry dots.
func TestUnitsSoa18_3GermanEngineersAndBritishDots(t *testing.T) {
	oob := unitLoadReal(t)
	if n := unitCount(oob, func(u UnitData) bool { return u.Side == "german" && u.Type == Engineer }); n < 1 {
		t.Error("no German engineer (soa:18.3)")
	}
	for _, u := range oob.Units {
		if u.Side != "british" && len(u.Dots) > 0 {
			t.Errorf("%s: German unit with dots", u.ID)
		}
	}
}

// TestUnitsValidationErrors mutates the real file and checks that each
// mistake is rejected with a message that names the unit or pool and the rule.
func TestUnitsValidationErrors(t *testing.T) {
	raw, err := os.ReadFile("data/units.json")
	if err != nil {
		t.Fatal(err)
	}
	find := func(o *OrderOfBattle, id string) *UnitData {
		for i := range o.Units {
			if o.Units[i].ID == id {
				return &o.Units[i]
			}
		}
		t.Fatalf("no unit %q", id)
		return nil
	}
	cases := []struct {
		name   string
		mutate func(o *OrderOfBattle)
		want   []string
	}{
		{"empty note", func(o *OrderOfBattle) { o.Note = " " }, []string{`"note" is empty`}},
		{"duplicate id", func(o *OrderOfBattle) { o.Units[1].ID = o.Units[0].ID }, []string{`"ss-bn-hq" (units[1])`, "duplicate id"}},
		{"empty id", func(o *OrderOfBattle) { o.Units[2].ID = "" }, []string{"units[2]", "id is empty"}},
		{"uppercase id", func(o *OrderOfBattle) { find(o, "ss-lr4-1").ID = "SS-LR4-1" }, []string{`"SS-LR4-1"`, "lowercase"}},
		{"unknown type", func(o *OrderOfBattle) { find(o, "ss-ac-1").Type = "tank" }, []string{`"ss-ac-1"`, `type "tank" is unknown`}},
		{"unknown side", func(o *OrderOfBattle) { find(o, "gb-a1-1").Side = "allied" }, []string{`"gb-a1-1"`, `side "allied" is unknown`}},
		{"unknown force", func(o *OrderOfBattle) { find(o, "bo-1-1-1").Force = "wehrmacht" }, []string{`"bo-1-1-1"`, `force "wehrmacht"`}},
		{"force of other side", func(o *OrderOfBattle) { find(o, "gb-a1-1").Force = "ss" }, []string{`"gb-a1-1"`, "not a British force"}},
		{"unknown pool", func(o *OrderOfBattle) { find(o, "de-g-01").Pool = "X" }, []string{`"de-g-01"`, `pool "X" is unknown`}},
		{"negative factor", func(o *OrderOfBattle) { find(o, "gb-a1-1").AF = -1 }, []string{`"gb-a1-1"`, "af is -1"}},
		{"artillery without art_day", func(o *OrderOfBattle) { find(o, "de-art-hzr-1").ArtDay = 0 }, []string{`"de-art-hzr-1"`, "needs art_day", "soa:14.6"}},
		{"artillery night not lower", func(o *OrderOfBattle) { find(o, "gb-art-1lt-1").ArtNight = 9 }, []string{`"gb-art-1lt-1"`, "soa:15.2"}},
		{"artillery with af", func(o *OrderOfBattle) { find(o, "de-art-hw-1").AF = 7 }, []string{`"de-art-hw-1"`, "art_day and art_night"}},
		{"art fields on infantry", func(o *OrderOfBattle) { find(o, "bo-sup-1").ArtDay = 3 }, []string{`"bo-sup-1"`, "artillery counters only"}},
		{"s_only British", func(o *OrderOfBattle) { find(o, "gb-art-1lt-1").SOnly = true }, []string{`"gb-art-1lt-1"`, "soa:14.4"}},
		{"German artillery nobody can place", func(o *OrderOfBattle) { find(o, "de-art-hw-1").Higher = "nobody" }, []string{`"de-art-hw-1"`, "soa:14.31"}},
		{"British artillery without bn/bde HQ", func(o *OrderOfBattle) {
			find(o, "gb-bde-hq").Level = "company"
			find(o, "gb-bde-hq").Company = "2Para-A"
			find(o, "gb-2para-hq").Level = "company"
			find(o, "gb-2para-hq").Company = "2Para-A"
		}, []string{`"gb-art-1lt-1"`, "no British battalion or brigade HQ"}},
		{"pool G count", func(o *OrderOfBattle) { find(o, "de-g-01").Pool = "" }, []string{"pool G has 11 units", "exactly 12", "soa:17.2"}},
		{"pool A count", func(o *OrderOfBattle) {
			u := *find(o, "de-stug-1")
			u.ID = "de-stug-4"
			o.Units = append(o.Units, u)
		}, []string{"pool A has 4 units", "soa:17.31"}},
		{"pool B count", func(o *OrderOfBattle) { find(o, "gb-reinf-1para-1").Pool = "R" }, []string{"pool B has 5", "pool R has 9", `"gb-reinf-1para-1"`, "3-6-3"}},
		{"pool T5 count", func(o *OrderOfBattle) { find(o, "de-tiger-2").Pool = "A" }, []string{"pool T5 has 1", "pool A has 4"}},
		{"pool C empty", func(o *OrderOfBattle) {
			var keep []UnitData
			for _, u := range o.Units {
				if u.Pool != "C" {
					keep = append(keep, u)
				}
			}
			o.Units = keep
		}, []string{"pool C is empty", "soa:17.5"}},
		{"pool on wrong side", func(o *OrderOfBattle) { find(o, "de-g-01").Pool = "B" }, []string{`"de-g-01"`, "pool B holds british units"}},
		{"SS unit in a pool", func(o *OrderOfBattle) { find(o, "ss-lr4-1").Pool = "G" }, []string{`"ss-lr4-1"`, "soa:5.5", "soa:17.22"}},
		{"G unit with company", func(o *OrderOfBattle) { find(o, "de-g-02").Company = "LR"; find(o, "de-g-02").Platoon = "4" }, []string{`"de-g-02"`, "soa:17.22"}},
		{"B unit with company", func(o *OrderOfBattle) {
			find(o, "gb-reinf-3para-1").Company = "3Para-C"
			find(o, "gb-reinf-3para-1").Platoon = "7"
		}, []string{`"gb-reinf-3para-1"`, "soa:17.43"}},
		{"R unit with company", func(o *OrderOfBattle) {
			find(o, "gb-reformed-1").Company = "2Para-A"
			find(o, "gb-reformed-1").Platoon = "1"
		}, []string{`"gb-reformed-1"`, "soa:19.5"}},
		{"dots on German unit", func(o *OrderOfBattle) { find(o, "ss-lr5-2").Dots = []string{"red"} }, []string{`"ss-lr5-2"`, "only British counters carry set-up dots"}},
		{"dots on pool unit", func(o *OrderOfBattle) { find(o, "gb-reformed-2").Dots = []string{"red"} }, []string{`"gb-reformed-2"`, "do not set up"}},
		{"bad dot", func(o *OrderOfBattle) { find(o, "gb-a1-2").Dots = []string{"Red", "Red"} }, []string{`"gb-a1-2"`, "lowercase colour", "listed twice"}},
		{"committed DF not lower", func(o *OrderOfBattle) { find(o, "bo-2-2-2").CDF = 5 }, []string{`"bo-2-2-2"`, "soa:4.2"}},
		{"armour committed DF differs", func(o *OrderOfBattle) { find(o, "ss-hw-sp-1").CDF = 1 }, []string{`"ss-hw-sp-1"`, "set cdf to 2"}},
		{"armour with lower organisation", func(o *OrderOfBattle) { find(o, "ss-ac-2").Company = "AR"; find(o, "ss-ac-2").Platoon = "1" }, []string{`"ss-ac-2"`, "armour has no lower organisation"}},
		{"AT with DF", func(o *OrderOfBattle) { find(o, "gb-at-1").DF = 3 }, []string{`"gb-at-1"`, `"X"`}},
		{"Bren attacks", func(o *OrderOfBattle) { find(o, "gb-bren-1").AF = 1 }, []string{`"gb-bren-1"`, "soa:17.53"}},
		{"battalion HQ with company", func(o *OrderOfBattle) { find(o, "ss-bn-hq").Company = "AR" }, []string{`"ss-bn-hq"`, "battalion and brigade HQs have no lower organisation"}},
		{"company HQ without company", func(o *OrderOfBattle) { find(o, "ss-lr-hq").Company = "" }, []string{`"ss-lr-hq"`, "needs the company tag"}},
		{"company HQ with platoon", func(o *OrderOfBattle) { find(o, "gb-a-hq").Platoon = "1" }, []string{`"gb-a-hq"`, "clear platoon"}},
		{"company HQ without squads", func(o *OrderOfBattle) { find(o, "gb-c-hq").Company = "3Para-Z" }, []string{`"gb-c-hq"`, `"3Para-Z"`, "no squad"}},
		{"unknown HQ level", func(o *OrderOfBattle) { find(o, "gb-bde-hq").Level = "division" }, []string{`"gb-bde-hq"`, `level "division"`}},
		{"level on a squad", func(o *OrderOfBattle) { find(o, "gb-b4-1").Level = "company" }, []string{`"gb-b4-1"`, "only for HQs"}},
		{"platoon without company", func(o *OrderOfBattle) { find(o, "gb-amb-1").Platoon = "1" }, []string{`"gb-amb-1"`, "without a company"}},
		{"squad with company but no platoon", func(o *OrderOfBattle) { find(o, "gb-rasc-1").Platoon = "" }, []string{`"gb-rasc-1"`, "without a platoon"}},
		{"company tag on both sides", func(o *OrderOfBattle) {
			for i := range o.Units {
				if o.Units[i].Company == "93RASC" {
					o.Units[i].Company = "LR"
				}
			}
		}, []string{"company tag \"LR\"", "distinct tags per side"}},
		{"no units", func(o *OrderOfBattle) { o.Units = nil }, []string{`"units" is empty`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o OrderOfBattle
			if err := json.Unmarshal(raw, &o); err != nil {
				t.Fatal(err)
			}
			c.mutate(&o)
			b, err := json.Marshal(&o)
			if err != nil {
				t.Fatal(err)
			}
			_, err = LoadOrderOfBattle(b)
			if err == nil {
				t.Fatalf("accepted, want an error containing %q", c.want)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error does not contain %q:\n%v", w, err)
				}
			}
		})
	}
}

func TestUnitsDecodingErrors(t *testing.T) {
	raw, err := os.ReadFile("data/units.json")
	if err != nil {
		t.Fatal(err)
	}
	unknown := strings.Replace(string(raw), `"id":"ss-bn-hq",`, `"id":"ss-bn-hq","colour":"black",`, 1)
	for _, c := range []struct {
		name, data, want string
	}{
		{"unknown field", unknown, `unknown field "colour"`},
		{"trailing data", string(raw) + "{}", "data after the top-level JSON object"},
		{"not JSON", "units: []", "invalid character"},
		{"wrong type", `{"note":"x","units":[{"id":"a","af":"3"}]}`, "af"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadOrderOfBattle([]byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error = %v, want one containing %q", err, c.want)
			}
		})
	}
}
