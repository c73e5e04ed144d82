package mgmg

import (
	"fmt"
	"testing"
)

// mgmg:26.0 example 1 (air bombardment phase, mgmg:16.2, mgmg:20.2): the VIII Air marker (attack
// 8) on St. Oedenrode (TEM +2) holding the Fresh Son FLAK tower: AV 8, DV 5.
// Three or more on the German roll do nothing; two give 1 AP, too few for
// the tower's 2 and lost; one gives 2 AP and the tower is Spent; more are
// ignored, the tower being alone and reduced once at most.
func TestExample1AirBombardment(t *testing.T) {
	av := AirBombardmentAV(8)
	checkValue(t, "AV", av, 8)
	tower := Defender{Defense: 1, FLAK: true, FLAKTower: true}
	defs := []Defender{tower}
	dv := BombardmentDV(2, true, defs)
	checkValue(t, "DV", dv, 5)
	cost := AttritionCost(tower)
	if cost != 2 {
		t.Fatalf("a Fresh FLAK tower takes %d AP to become Spent, want 2", cost)
	}
	for _, c := range []struct {
		germanAhead, ap int
		reduced         bool
	}{{3, 0, false}, {2, 1, false}, {1, 2, true}, {0, 3, true}} {
		ap := AttritionPoints(CompareTotals(av.Total, 6, dv.Total, 6+c.germanAhead))
		hit, left := PrimaryAttrition(cost, ap)
		if ap != c.ap || hit != c.reduced {
			t.Errorf("German roll %d ahead: %d AP, reduced %v, want %d AP, reduced %v", c.germanAhead, ap, hit, c.ap, c.reduced)
		}
		if n := MostAttrition(defs, 0, left); n != 0 {
			t.Errorf("German roll %d ahead: %d AP spent beyond the lone tower, want none", c.germanAhead, n)
		}
	}
	o := BombardmentPreview(av, dv, cost, DiceRolls(), DiceRolls())
	checkChance(t, "no AP", o.Attrition[0], waysAbove-waysDiff1-waysDiff2)
	checkChance(t, "1 AP", o.Attrition[1], waysDiff2)
	checkChance(t, "2 AP", o.Attrition[2], waysDiff1)
	checkChance(t, "3 AP", o.Attrition[3], waysDiff0)
	checkChance(t, "the tower Spent", o.PrimaryReduced, pairs-(waysAbove-waysDiff1))
}

// mgmg:26.0 example 2 (artillery bombardment phase): the XXX Corps
// artillery (attack 7) barrages Zone F (TEM +2): AV 14, DV 4, against five
// Fresh German infantry units, the 9SS 2/20 the primary target. Ten ahead
// on the German roll does nothing, nine gives 1 AP and nothing, anything
// else makes the primary target Spent, and at least equal rolls all five.
func TestExample2Barrage(t *testing.T) {
	xxx := Attacker{Attack: 7, Artillery: CorpsArtillery}
	av, err := BombardmentAV(xxx, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	checkValue(t, "AV", av, 14)
	defs := make([]Defender, 5)
	for i := range defs {
		defs[i] = fresh(3)
	}
	dv := BombardmentDV(2, false, defs)
	checkValue(t, "DV", dv, 4)
	if ap := AttritionPoints(CompareTotals(av.Total, 2, dv.Total, 12)); ap != 0 {
		t.Errorf("German roll 10 ahead: %d AP, want 0", ap)
	}
	if hit, _ := PrimaryAttrition(AttritionCost(defs[0]), AttritionPoints(CompareTotals(av.Total, 3, dv.Total, 12))); hit {
		t.Error("German roll 9 ahead: the primary target is reduced by 1 AP, want no effect")
	}
	ap := AttritionPoints(CompareTotals(av.Total, 7, dv.Total, 7))
	if ap != 10 {
		t.Fatalf("equal rolls: %d AP, want 10", ap)
	}
	all := []bool{true, true, true, true, true}
	if err := CheckAttrition(defs, 0, ap, all); err != nil {
		t.Errorf("10 AP making all five Spent: %v", err)
	}
	if err := CheckAttrition(defs, 0, ap, []bool{true, true, true, true, false}); err == nil {
		t.Error("10 AP making four Spent accepted, want all AP used (mgmg:11.41)")
	}
	if err := CheckAttrition(defs, 0, 4, []bool{false, true, true, false, false}); err == nil {
		t.Error("4 AP sparing the primary target accepted, want it to take the first")
	}
	o := BombardmentPreview(av, dv, AttritionCost(defs[0]), DiceRolls(), DiceRolls())
	checkChance(t, "the primary target Spent", o.PrimaryReduced, pairs-1-4) // all but German 10 or 9 ahead
	if _, err := BombardmentAV(Attacker{Attack: 5, Division: "Guards", Artillery: DivisionalArtillery}, nil, true); err == nil {
		t.Error("a barrage led by divisional artillery accepted (mgmg:11.112)")
	}
}

// mgmg:26.0 example 11 (bombardment of a ferry crossing): AV 6 against
// Huissen (TEM +2), DV 4 (from Pannerden, TEM +1, it would have been 2);
// the ferry, primary target, is destroyed unless the German roll is two or
// more ahead, and further AP go to other German units there.
func TestExample11FerryBombardment(t *testing.T) {
	checkValue(t, "DV Huissen", BombardmentDV(2, false, nil), 4)
	checkValue(t, "DV Pannerden", BombardmentDV(1, false, nil), 2)
	av, err := BombardmentAV(Attacker{Attack: 6, Artillery: CorpsArtillery}, nil, false) // the example gives the AV alone
	if err != nil {
		t.Fatal(err)
	}
	dv := BombardmentDV(2, false, nil)
	if ap := AttritionPoints(CompareTotals(av.Total, 5, dv.Total, 7)); ap != 0 {
		t.Errorf("German roll 2 ahead: %d AP, want 0", ap)
	}
	if hit, _ := PrimaryAttrition(MarkerAttritionCost, AttritionPoints(CompareTotals(av.Total, 6, dv.Total, 7))); !hit {
		t.Error("German roll 1 ahead: the ferry survives, want it destroyed")
	}
	o := BombardmentPreview(av, dv, MarkerAttritionCost, DiceRolls(), DiceRolls())
	checkChance(t, "ferry destroyed", o.PrimaryReduced, pairs-(waysAbove-waysDiff1))
	inf := fresh(2)
	if err := CheckAttrition([]Defender{inf}, -1, 3, []bool{true}); err != nil {
		t.Errorf("3 AP on the ferry and a Fresh unit: %v", err)
	}
	if err := CheckAttrition([]Defender{inf}, -1, 3, []bool{false}); err == nil {
		t.Error("3 AP on the ferry leaving the Fresh unit untouched accepted, want it Spent")
	}
}

// mgmg:11.41: attrition costs by type and step.
func TestAttritionCost(t *testing.T) {
	cases := []struct {
		u    Defender
		want int
	}{
		{Defender{Armored: true}, 3},
		{Defender{Armored: true, Step: StepSpent}, 2},
		{Defender{Armored: true, Step: StepDisrupt1}, 2},
		{Defender{Armored: true, Step: StepDisrupt2}, 0},
		{Defender{}, 2},
		{Defender{Step: StepSpent}, 1},
		{Defender{Step: StepDisrupt1}, 1},
		{Defender{Step: StepDisrupt2}, 0},
		{Defender{Bombarded: true}, 0},
	}
	for _, c := range cases {
		if got := AttritionCost(c.u); got != c.want {
			t.Errorf("%+v: %d AP, want %d", c.u, got, c.want)
		}
	}
}

// mgmg:11.4, mgmg:11.41: AP slide off a Disrupt 2 primary target; too few for a
// Fresh armoured one are lost; the defender spends as many of the rest as
// any choice of units can.
func TestAttritionAllocation(t *testing.T) {
	if hit, left := PrimaryAttrition(0, 3); hit || left != 3 {
		t.Errorf("3 AP on a Disrupt 2 primary: reduced %v, %d left, want all 3 left", hit, left)
	}
	if hit, left := PrimaryAttrition(3, 2); hit || left != 0 {
		t.Errorf("2 AP on a Fresh armoured primary: reduced %v, %d left, want none left", hit, left)
	}
	defs := []Defender{{Step: StepDisrupt2}, {Armored: true}, {Step: StepSpent}}
	// 3 AP slide off the primary: the Fresh armour (3) uses them all, the
	// Spent infantry (1) only one.
	if err := CheckAttrition(defs, 0, 3, []bool{false, true, false}); err != nil {
		t.Errorf("3 AP on the armour: %v", err)
	}
	if err := CheckAttrition(defs, 0, 3, []bool{false, false, true}); err == nil {
		t.Error("3 AP on the Spent infantry alone accepted, want the armour's 3 used")
	}
	if err := CheckAttrition(defs, 0, 4, []bool{false, true, true}); err != nil {
		t.Errorf("4 AP on both: %v", err)
	}
	if err := CheckAttrition(defs, 0, 4, []bool{true, true, true}); err == nil {
		t.Error("a Disrupt 2 primary reduced accepted (mgmg:11.41)")
	}
	if n := MostAttrition([]Defender{{Armored: true}, {Armored: true, Step: StepSpent}}, -1, 4); n != 3 {
		t.Errorf("4 AP on armour costing 3 and 2: %d spent at most, want 3", n)
	}
}

// mgmg:11.2, mgmg:11.11: SS with Wehrmacht artillery loses one; each side
// bombards with its own artillery; British and American
// artillery never join.
func TestBombardmentAV(t *testing.T) {
	ss := Attacker{Attack: 6, German: true, SS: true, Artillery: CorpsArtillery}
	heer := Attacker{Attack: 4, German: true, Artillery: IndependentArtillery}
	av, err := BombardmentAV(ss, []Attacker{heer}, false)
	if err != nil {
		t.Fatal(err)
	}
	checkValue(t, "SS lead with Wehrmacht", av, 6)
	us := Attacker{Attack: 5, US: true, Division: "82", Artillery: DivisionalArtillery}
	gb := Attacker{Attack: 5, Division: "Guards", Artillery: DivisionalArtillery}
	if _, err := BombardmentAV(us, []Attacker{gb}, false); err == nil {
		t.Error("British artillery supporting American accepted")
	}
	av, err = BombardmentAV(gb, []Attacker{{Attack: 7, Artillery: CorpsArtillery}}, false)
	if err != nil {
		t.Fatal(err)
	}
	checkValue(t, "British with British", av, 6)
	if _, err := BombardmentAV(gb, []Attacker{heer}, false); err == nil {
		t.Error("German artillery joining a British bombardment accepted")
	}
	if _, err := BombardmentAV(Attacker{Attack: 4}, nil, false); err == nil {
		t.Error("infantry leading a bombardment accepted")
	}
}

// mgmg:11.3C: only Fresh field artillery adds against artillery; FLAK
// against air (11.3B).
func TestBombardmentDV(t *testing.T) {
	defs := []Defender{{FieldArtillery: true}, {FieldArtillery: true, Step: StepSpent}, {FLAK: true}}
	checkValue(t, "against artillery", BombardmentDV(3, false, defs), 7)
	checkValue(t, "against air", BombardmentDV(3, true, defs), 7)
	checkValue(t, "against air, no FLAK", BombardmentDV(3, true, defs[:2]), 6)
}

// mgmg:16.23: equal unmodified rolls on a contested area hurt the Allies by
// half the Allied roll, rounded up.
func TestMistakenAttack(t *testing.T) {
	for _, c := range [][3]int{{7, 7, 4}, {8, 8, 4}, {2, 2, 1}, {7, 6, 0}} {
		if got := MistakenAttackAP(c[0], c[1]); got != c[2] {
			t.Errorf("rolls %d and %d: %d Allied AP, want %d", c[0], c[1], got, c[2])
		}
	}
}

// mgmg:11.111, mgmg:15.11, mgmg:15.13, mgmg:14.4: artillery range for a
// bombardment.
func TestBombardmentRange(t *testing.T) {
	indep := Attacker{Attack: 4, German: true, Artillery: IndependentArtillery}
	if err := CheckBombardmentRange(Support{Unit: indep, Distance: 1}); err != nil {
		t.Errorf("independent artillery bombarding next door: %v", err)
	}
	if CheckBombardmentRange(Support{Unit: indep, Distance: 1, Contested: true}) == nil {
		t.Error("artillery in a contested area bombarding next door accepted")
	}
	if err := CheckBombardmentRange(Support{Unit: indep, Contested: true}); err != nil {
		t.Errorf("artillery in a contested area bombarding it: %v", err)
	}
	if CheckBombardmentRange(Support{Unit: indep, Distance: 2}) == nil {
		t.Error("non-corps artillery two away accepted")
	}
	if err := CheckBombardmentRange(Support{Unit: Attacker{Artillery: CorpsArtillery}, Distance: 2}); err != nil {
		t.Errorf("corps artillery two away: %v", err)
	}
	if CheckBombardmentRange(Support{Unit: indep, Distance: 1, TargetZone: true}) == nil {
		t.Error("a zone bombarded from outside accepted")
	}
}

// mgmg:16.23: equal rolls r give ceil(r/2) Allied AP; with dice the ways
// are the squares of the ways of each total: 1 AP 1 (2s), 2 AP 4+9 (3s,
// 4s), 3 AP 16+25, 4 AP 36+25, 5 AP 16+9, 6 AP 4+1; none in 1296-146.
func TestMistakenAttackOdds(t *testing.T) {
	o := MistakenAttackOdds(DiceRolls(), DiceRolls())
	for n, want := range []int{pairs - waysDiff0, 1, 13, 41, 61, 25, 5} {
		checkChance(t, fmt.Sprintf("%d Allied AP", n), o[n], want)
	}
}

// mgmg:11.12: primary targets.
func TestCheckPrimary(t *testing.T) {
	art := Defender{FieldArtillery: true}
	if CheckPrimary([]Defender{art, fresh(2)}, 0, false, false) == nil {
		t.Error("artillery primary beside infantry accepted")
	}
	if err := CheckPrimary([]Defender{{Step: StepDisrupt2}}, 0, false, false); err != nil {
		t.Errorf("a Disrupt 2 primary: %v", err)
	}
	if err := CheckPrimary(nil, -1, false, true); err != nil {
		t.Errorf("a ferry on the lead artillery's boundary: %v", err)
	}
	if CheckPrimary(nil, -1, true, true) == nil {
		t.Error("a ferry as primary target of an air bombardment accepted")
	}
	if CheckPrimary(nil, -1, false, false) == nil {
		t.Error("a ferry away from the lead artillery's area accepted")
	}
}
