package mgmg

import (
	"slices"
	"strings"
	"testing"
)

func checkValue(t *testing.T, label string, v CombatValue, want int) {
	t.Helper()
	if v.Total != want {
		t.Errorf("%s: %s, want %d", label, v.Format(label), want)
	}
	sum := 0
	for _, term := range v.Terms {
		sum += term.Value
	}
	if sum != v.Total {
		t.Errorf("%s: terms add to %d, total %d", label, sum, v.Total)
	}
}

func checkChance(t *testing.T, what string, c Chance, ways int) {
	t.Helper()
	if c.Ways != ways || c.Of != pairs {
		t.Errorf("%s: %d of %d, want %d of %d", what, c.Ways, c.Of, ways, pairs)
	}
}

func fresh(df int) Defender { return Defender{Defense: df} }

func spent(df int) Defender { return Defender{Defense: df, Step: StepSpent} }

// mgmg:26.0 example 3 (airborne landing phase): 2/502 (attack 4) and 3/502
// assault the Fresh Son FLAK tower (defence 1) in St. Oedenrode (TEM +2):
// AV 5, DV 3. Three more on the Allied roll is 5 CP, more than the tower's
// 4, but no overrun in the landing phase (mgmg:20.4A); two more on the
// German roll is a stalemate: the point unit Disrupt 1, the other Spent, no
// retreat.
func TestExample3AirborneLandingAssault(t *testing.T) {
	av := AssaultAV(AssaultAttack{
		Point:  Attacker{Attack: 4, Division: "101"},
		Others: []Attacker{{Attack: 4, Division: "101"}},
	})
	checkValue(t, "AV", av, 5)
	tower := Defender{Defense: 1, FLAK: true, FLAKTower: true}
	dv := AssaultDV(AssaultDefense{Defenders: []Defender{tower}, TEM: 2})
	checkValue(t, "DV", dv, 3)
	c := AssaultCase{From: LandingPhase, Capacity: AbsorbCapacity([]Defender{tower})}
	if c.Capacity != 4 {
		t.Fatalf("a Fresh FLAK tower absorbs %d CP, want 4", c.Capacity)
	}
	e := c.Effects(CompareTotals(av.Total, 9, dv.Total, 6))
	if e.Result != Success || e.CasualtyPoints != 5 || e.Overrun {
		t.Errorf("Allied roll 3 higher: %+v, want success, 5 CP, no overrun", e)
	}
	if err := CheckCasualties([]Defender{tower}, 0, 5, []Casualty{{Steps: 4}}); err != nil {
		t.Errorf("eliminating the tower for 5 CP: %v", err)
	}
	e = c.Effects(CompareTotals(av.Total, 6, dv.Total, 8))
	if e.Result != Stalemate || e.Point != StepDisrupt1 || e.Others != StepSpent || e.Retreat != NoRetreat {
		t.Errorf("German roll 2 higher: %+v, want stalemate, point Disrupt 1, other Spent, no retreat", e)
	}
}

// mgmg:26.0 example 4 (XXX Corps ground assault): the 1st and 2nd Grenadier
// Guards (point attack 8) with the Guards divisional artillery: AV 11 with
// the divisional integrity bonus. The Fresh 10SS 2/22 (defence 3) forward
// in Zone F (TEM +2), four Spent units: DV 5. Equal rolls give 6 CP, which
// the German may take in any of the three ways the example gives.
func TestExample4GroundAssault(t *testing.T) {
	guards := Attacker{Attack: 8, Division: "Guards", FromZoneF: true}
	art := Attacker{Attack: 5, Division: "Guards", Artillery: DivisionalArtillery}
	av := AssaultAV(AssaultAttack{Point: guards, Others: []Attacker{guards}, Support: []Attacker{art}})
	checkValue(t, "AV", av, 11)
	want := "AV 11 = 8 point unit (mgmg:10.72A) + 1 more assaulting unit (mgmg:10.72B) + 1 supporting field artillery (mgmg:10.72C) + 1 divisional integrity (mgmg:10.72D)"
	if got := av.Format("AV"); got != want {
		t.Errorf("Format:\n got %s\nwant %s", got, want)
	}
	if err := CheckSupport(Support{Unit: art, InZone: true, TargetZone: true}, []Attacker{guards, guards}); err != nil {
		t.Errorf("Guards artillery in Zone F supporting the Guards there: %v", err)
	}
	defs := []Defender{fresh(3), spent(2), spent(2), spent(1), spent(1)} // 10SS 2/22, 7 1/16, 6th Penal, two more
	dv := AssaultDV(AssaultDefense{Defenders: defs, Forward: 0, TEM: 2})
	checkValue(t, "DV", dv, 5)
	c := AssaultCase{From: BeganInArea, Capacity: AbsorbCapacity(defs)}
	e := c.Effects(CompareTotals(av.Total, 7, dv.Total, 7))
	if e.Result != Success || e.CasualtyPoints != 6 || e.Overrun || e.Retreat != NoRetreat {
		t.Fatalf("equal rolls: %+v, want success, 6 CP, no overrun, attackers stay", e)
	}
	for name, losses := range map[string][]Casualty{
		"2/22 Spent, 7 1/16 and 6th Penal Disrupt 2, 7 1/16 retreats": {{Steps: 1}, {Steps: 2, Retreat: true}, {Steps: 2}, {}, {}},
		"2/22 eliminated, one Spent unit Disrupt 2":                   {{Steps: 4}, {}, {}, {}, {Steps: 2}},
		"2/22 Disrupt 2, three units retreat":                         {{Steps: 3}, {Retreat: true}, {Retreat: true}, {Retreat: true}, {}},
	} {
		if err := CheckCasualties(defs, 0, 6, losses); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, losses := range map[string][]Casualty{
		"forward unit untouched":     {{}, {Steps: 2, Retreat: true}, {Steps: 2, Retreat: true}, {}, {}},
		"one point short":            {{Steps: 1}, {Steps: 2}, {Steps: 2}, {}, {}},
		"a step too many":            {{Steps: 4}, {Steps: 2}, {Steps: 1}, {}, {}},
		"retreat with elimination":   {{Steps: 3}, {Steps: 3, Retreat: true}, {}, {}, {}},
		"a Spent unit past the end":  {{Steps: 1}, {Steps: 4}, {Steps: 1}, {}, {}},
		"a loss for each unit not 5": {{Steps: 6}},
	} {
		if err := CheckCasualties(defs, 0, 6, losses); err == nil {
			t.Errorf("%s: accepted, want an error (mgmg:10.8)", name)
		}
	}
}

// mgmg:26.0 example 7 (overrun and bridge seizure): in Allied-contested
// Nijmegen the assault costs 1 MF against the Spent FLAK tower, 2 had it
// been Fresh; AV 11 against DV 5 with equal rolls is 6 CP, three more than
// the Spent tower can take: an overrun.
func TestExample7Overrun(t *testing.T) {
	tower := Defender{Defense: 2, Step: StepSpent, FLAK: true, FLAKTower: true}
	if mf := ActiveContestedCost([]Defender{tower}); mf != 1 {
		t.Errorf("assault on a Spent tower in the active area costs %d MF, want 1 (mgmg:10.1)", mf)
	}
	if mf := ActiveContestedCost([]Defender{{Defense: 2, FLAK: true, FLAKTower: true}}); mf != 2 {
		t.Errorf("assault on a Fresh tower in the active area costs %d MF, want 2 (mgmg:10.1)", mf)
	}
	c := AssaultCase{From: BeganInArea, Capacity: AbsorbCapacity([]Defender{tower})}
	if c.Capacity != 3 {
		t.Fatalf("a Spent tower absorbs %d CP, want 3", c.Capacity)
	}
	e := c.Effects(CompareTotals(11, 8, 5, 8))
	if e.Result != Success || e.CasualtyPoints != 6 || !e.Overrun {
		t.Errorf("AV 11 against DV 5, equal rolls: %+v, want success, 6 CP, overrun", e)
	}
	if !(Crossing{}).MayOverrun(false) {
		t.Error("units that began in Nijmegen may not go on after the overrun, want they may (mgmg:10.5)")
	}
}

// mgmg:26.0 example 8 (mandatory assault, boat assault, double impulse):
// the 2nd Grenadier Guards (attack 8) alone over the Allied-held Nijmegen
// road bridge, a river bridge, into Oosterhout (TEM +2) held by a Fresh
// forward unit (defence 3) and one more Fresh unit: AV 8, DV 8. With an
// 82nd airborne unit by boat and two 82nd field artillery in support, AV 12
// and the DV unchanged (the higher crossing modifier only, mgmg:10.73D);
// over a German-held bridge the DV would be one more.
func TestExample8MandatoryAndBoatAssault(t *testing.T) {
	guards := Attacker{Attack: 8, Division: "Guards", FromZoneF: true}
	av := AssaultAV(AssaultAttack{Point: guards})
	checkValue(t, "AV alone", av, 8)
	bridge := Crossing{Kind: BridgeCrossing, River: true}
	d := AssaultDefense{Defenders: []Defender{fresh(3), fresh(2)}, TEM: 2, Mandatory: true, Crossings: []Crossing{bridge}}
	dv := AssaultDV(d)
	checkValue(t, "DV", dv, 8)

	o := AssaultCase{Mandatory: true, Capacity: AbsorbCapacity(d.Defenders)}.Odds(av, dv, DiceRolls(), DiceRolls())
	checkChance(t, "failure at 8 against 8", o.Failure, waysAbove)
	checkChance(t, "stalemate at 8 against 8", o.Stalemate, waysDiff0)
	if len(o.Success) != 11 {
		t.Fatalf("success by CP has %d entries, want 0 to 10", len(o.Success))
	}
	checkChance(t, "success with 0 CP", o.Success[0], 0)
	checkChance(t, "success with 1 CP", o.Success[1], waysDiff1)
	checkChance(t, "success with 3 CP", o.Success[3], waysDiff3)
	checkChance(t, "overrun: 9 or 10 CP against 8", o.Overrun, 4+1)

	// mgmg:10.2, mgmg:10.4: the bridge, or the river crossed by boat (Held!),
	// becomes the attacker's on a stalemate or a success of a mandatory
	// assault, not on a failure.
	mandatory := AssaultCase{Mandatory: true, Capacity: 8}
	if !mandatory.Effects(0).TakesCrossing || !mandatory.Effects(1).TakesCrossing || mandatory.Effects(-1).TakesCrossing {
		t.Error("crossing taken: want on stalemate and success only")
	}

	airborne := Attacker{Attack: 4, Division: "82"}
	art := Attacker{Attack: 3, Division: "82", Artillery: DivisionalArtillery}
	av = AssaultAV(AssaultAttack{Point: guards, Others: []Attacker{airborne}, Support: []Attacker{art, art}})
	checkValue(t, "AV combined", av, 12)
	d.Crossings = []Crossing{bridge, {Kind: BoatCrossing}}
	checkValue(t, "DV combined", AssaultDV(d), 8)
	d.Crossings[0].DefenderBridge = true
	checkValue(t, "DV over a German-held bridge", AssaultDV(d), 9)
	if (Crossing{Kind: BoatCrossing}).MayOverrun(false) {
		t.Error("a boat-assaulting unit may overrun, want it may not (mgmg:10.5)")
	}
}

// mgmg:26.0 example 9 (exiting a contested area): all SS units in Arnhem
// (point attack 4, four more, three of one division) with the II SS Corps
// artillery from Lichtenbeek: AV 10. The Spent 2nd Parachute Battalion
// (defence 3) in Arnhem (TEM +4): DV 7. An Allied win leaves the assaulting
// units Disrupt 1 in Arnhem; 2 CP are Disrupt 2, or Disrupt 1 and a
// retreat; more than 3 eliminate it with an overrun; the assault cost 1 MF.
func TestExample9ContestedArnhem(t *testing.T) {
	ss9 := Attacker{Attack: 4, Division: "9SS", German: true, SS: true}
	ss10 := Attacker{Attack: 3, Division: "10SS", German: true, SS: true}
	corps := Attacker{Attack: 6, German: true, SS: true, Artillery: CorpsArtillery}
	av := AssaultAV(AssaultAttack{Point: ss9, Others: []Attacker{ss9, ss9, ss10, ss10}, Support: []Attacker{corps}})
	checkValue(t, "AV", av, 10)
	if err := CheckSupport(Support{Unit: corps, Distance: 1}, []Attacker{ss9}); err != nil {
		t.Errorf("II SS Corps artillery adjacent: %v", err)
	}
	para := spent(3)
	defs := []Defender{para}
	dv := AssaultDV(AssaultDefense{Defenders: defs, TEM: 4})
	checkValue(t, "DV", dv, 7)
	if mf := ActiveContestedCost(defs); mf != 1 {
		t.Errorf("the attack on the Spent battalion used %d MF, want 1 (mgmg:10.6)", mf)
	}
	c := AssaultCase{From: BeganInArea, Capacity: AbsorbCapacity(defs)}
	e := c.Effects(-1)
	if e.Result != Failure || e.Point != StepDisrupt1 || e.Others != StepDisrupt1 || e.Retreat != NoRetreat {
		t.Errorf("an Allied win: %+v, want failure, all Disrupt 1, no retreat (mgmg:10.6)", e)
	}
	for _, ok := range [][]Casualty{{{Steps: 2}}, {{Steps: 1, Retreat: true}}} {
		if err := CheckCasualties(defs, 0, 2, ok); err != nil {
			t.Errorf("2 CP as %+v: %v", ok, err)
		}
	}
	// mgmg:10.93: a further, voluntary retreat after the 2 CP.
	if err := CheckCasualties(defs, 0, 2, []Casualty{{Steps: 2, Retreat: true}}); err != nil {
		t.Errorf("2 CP as Disrupt 2, then a voluntary retreat: %v", err)
	}
	if err := CheckCasualties(defs, 0, 2, []Casualty{{Retreat: true}}); err == nil {
		t.Error("2 CP by a retreat alone accepted, want an error")
	}
	if e := c.Effects(3); e.CasualtyPoints != 3 || e.Overrun {
		t.Errorf("3 CP: %+v, want the unit eliminated without an overrun", e)
	}
	if e := c.Effects(4); !e.Overrun {
		t.Errorf("4 CP: %+v, want an overrun", e)
	}
	if err := CheckCasualties(defs, 0, 4, []Casualty{{Steps: 2, Retreat: true}}); err == nil {
		t.Error("4 CP taken by Disrupt 2 and a retreat, want elimination without retreat")
	}
	if err := CheckCasualties(defs, 0, 4, []Casualty{{Steps: 3}}); err != nil {
		t.Errorf("4 CP by elimination: %v", err)
	}
}

// mgmg:26.0 example 14 (infiltration): battalion Becker (attack 2) failed
// its infiltration and makes a mandatory assault supported by the corps
// artillery Feldt: AV 3. The forward defender (defence 3) in area 35
// (TEM +2): DV 5. A failure sends Becker back to area 36; otherwise it
// stays.
func TestExample14FailedInfiltration(t *testing.T) {
	becker := Attacker{Attack: 2, Division: "x", German: true}
	feldt := Attacker{Attack: 4, German: true, Artillery: CorpsArtillery}
	av := AssaultAV(AssaultAttack{Point: becker, Support: []Attacker{feldt}})
	checkValue(t, "AV", av, 3)
	dv := AssaultDV(AssaultDefense{Defenders: []Defender{fresh(3)}, TEM: 2, Mandatory: true})
	checkValue(t, "DV", dv, 5)
	c := AssaultCase{Mandatory: true, From: EnteredFromArea, Capacity: 4}
	if e := c.Effects(-1); e.Retreat != MustRetreat || e.Point != StepDisrupt1 {
		t.Errorf("failure: %+v, want Disrupt 1 and a retreat to area 36", e)
	}
	if e := c.Effects(0); e.Retreat == MustRetreat {
		t.Errorf("stalemate: %+v, want Becker free to stay", e)
	}
	if e := c.Effects(1); e.Retreat != NoRetreat {
		t.Errorf("success: %+v, want Becker to stay", e)
	}
}

// mgmg:10.72E: SS and Wehrmacht units assaulting together lose one;
// Luftwaffe units count as Wehrmacht, supporting artillery does not assault
// (docs/conformance/mgmg.md).
func TestSSWithWehrmacht(t *testing.T) {
	ss := Attacker{Attack: 5, Division: "9SS", German: true, SS: true}
	luftwaffe := Attacker{Attack: 3, Division: "FJ", German: true}
	checkValue(t, "SS with Luftwaffe", AssaultAV(AssaultAttack{Point: ss, Others: []Attacker{luftwaffe}}), 5)
	art := Attacker{Attack: 4, Division: "9SS", German: true, SS: true, Artillery: DivisionalArtillery}
	checkValue(t, "Wehrmacht supported by SS artillery", AssaultAV(AssaultAttack{Point: luftwaffe, Support: []Attacker{art}}), 4)
}

// mgmg:4.116, mgmg:10.72 note: artillery moving in with the assault adds nothing.
func TestMovingArtilleryAddsNothing(t *testing.T) {
	inf := Attacker{Attack: 4, Division: "82"}
	art := Attacker{Attack: 3, Division: "82", Artillery: DivisionalArtillery, Moving: true}
	checkValue(t, "AV", AssaultAV(AssaultAttack{Point: inf, Others: []Attacker{inf, art}}), 5)
}

// mgmg:10.73A, E: a disrupted forward unit loses its disruption level, even
// below zero; cut-off airborne and Spent units add nothing as others.
func TestAssaultDVForwardAndOthers(t *testing.T) {
	d := AssaultDefense{
		Defenders: []Defender{{Defense: 1, Step: StepDisrupt2}, fresh(3), {Defense: 3, CutOff: true}, spent(2)},
		TEM:       1,
	}
	checkValue(t, "DV with a Disrupt 2 forward unit", AssaultDV(d), 1-2+1+1)
	// A cut-off unit may still be the forward unit: 3 + 1 TEM + 1 for the
	// other Fresh unit, against 3 + 1 for that one forward.
	if i := StrongestForward(d); i != 2 {
		t.Errorf("StrongestForward = %d, want 2 (DV 5)", i)
	}
}

// mgmg:10.73C: a bridge adds nothing outside a mandatory assault; a canal,
// ferry or boat adds 2 in any assault (mgmg:10.73D).
func TestCrossingModifiers(t *testing.T) {
	cases := []struct {
		c         Crossing
		mandatory bool
		want      int
	}{
		{Crossing{Kind: BridgeCrossing}, true, 1},
		{Crossing{Kind: BridgeCrossing, DefenderBridge: true}, true, 2},
		{Crossing{Kind: BridgeCrossing, DefenderBridge: true, River: true}, true, 3},
		{Crossing{Kind: BridgeCrossing, DefenderBridge: true, River: true}, false, 0},
		{Crossing{Kind: CanalCrossing}, true, 2},
		{Crossing{Kind: FerryCrossing}, true, 2},
		{Crossing{Kind: BoatCrossing}, true, 2},
	}
	for _, c := range cases {
		d := AssaultDefense{Defenders: []Defender{fresh(2)}, Mandatory: c.mandatory, Crossings: []Crossing{c.c}}
		if got := AssaultDV(d).Total - 2; got != c.want {
			t.Errorf("%+v (mandatory %v): +%d, want +%d", c.c, c.mandatory, got, c.want)
		}
	}
	d := AssaultDefense{Defenders: []Defender{fresh(2)}, Mandatory: true,
		Crossings: []Crossing{{Kind: CanalCrossing}, {Kind: BridgeCrossing, DefenderBridge: true, River: true}}}
	if v := AssaultDV(d); !strings.Contains(v.Format("DV"), "+ 3 crossing (mgmg:10.73C)") {
		t.Errorf("canal and German-held river bridge: %s, want the bridge's +3 alone", v.Format("DV"))
	}
}

// mgmg:10.5: no overrun from elevated terrain or polder, nor after a canal
// without a bridge or a ferry.
func TestMayOverrun(t *testing.T) {
	if (Crossing{Kind: BridgeCrossing}).MayOverrun(true) {
		t.Error("overrun allowed into elevated terrain")
	}
	for _, k := range []CrossingKind{CanalCrossing, FerryCrossing} {
		if (Crossing{Kind: k}).MayOverrun(false) {
			t.Errorf("overrun allowed after crossing kind %d", k)
		}
	}
	if !(Crossing{Kind: BridgeCrossing}).MayOverrun(false) {
		t.Error("overrun refused after a bridge")
	}
}

// mgmg:10.81: one CP less in elevated terrain or polder, the result still a
// success; the odds show a success with no CP.
func TestDefensiveTerrain(t *testing.T) {
	c := AssaultCase{ElevatedOrPolder: true, Capacity: 4}
	if e := c.Effects(3); e.CasualtyPoints != 2 {
		t.Errorf("margin 3 in polder: %d CP, want 2", e.CasualtyPoints)
	}
	if e := c.Effects(1); e.Result != Success || e.CasualtyPoints != 0 || e.Point != StepSpent {
		t.Errorf("margin 1 in polder: %+v, want a success with no CP, the point unit Spent", e)
	}
	o := c.Odds(AssaultAV(AssaultAttack{Point: Attacker{Attack: 5}}), AssaultDV(AssaultDefense{Defenders: []Defender{fresh(3)}, TEM: 2}), DiceRolls(), DiceRolls())
	checkChance(t, "success with 0 CP in polder at 5 against 5", o.Success[0], waysDiff1)
	checkChance(t, "success with 1 CP in polder at 5 against 5", o.Success[1], waysDiff2)
}

// mgmg:10.74, mgmg:10.742, mgmg:10.743: the margin decides; a stalemate
// leaves the point unit Disrupt 1 and the others Spent with no effect on
// the defender; a success costs the defender the margin in CP and leaves
// the assaulting units Spent.
func TestResults(t *testing.T) {
	for margin, want := range map[int]AssaultResult{-3: Failure, -1: Failure, 0: Stalemate, 1: Success, 7: Success} {
		if got := ResultOf(margin); got != want {
			t.Errorf("margin %d: %s, want %s", margin, got, want)
		}
	}
	c := AssaultCase{From: EnteredFromArea, Capacity: 8}
	if e := c.Effects(0); e.CasualtyPoints != 0 || e.Point != StepDisrupt1 || e.Others != StepSpent || e.Retreat != MayRetreat {
		t.Errorf("stalemate: %+v, want no CP, point Disrupt 1, others Spent, free to retreat", e)
	}
	if e := c.Effects(4); e.CasualtyPoints != 4 || e.Point != StepSpent || e.Others != StepSpent || e.Retreat != NoRetreat || e.Overrun {
		t.Errorf("success by 4: %+v, want 4 CP, all Spent, no retreat, no overrun", e)
	}
}

// mgmg:10.741, mgmg:10.9, mgmg:10.3: an optional assault may retreat after a failure, one from
// the United Kingdom box or a new landing may not (mgmg:18.43).
func TestFailureRetreats(t *testing.T) {
	cases := []struct {
		c    AssaultCase
		want AttackerRetreat
	}{
		{AssaultCase{From: EnteredFromArea}, MayRetreat},
		{AssaultCase{Mandatory: true, From: EnteredFromArea}, MustRetreat},
		{AssaultCase{Mandatory: true, From: LandedFromUK}, NoRetreat},
		{AssaultCase{From: LandedFromUK}, NoRetreat},
		{AssaultCase{From: BeganInArea}, NoRetreat},
		{AssaultCase{From: LandingPhase}, NoRetreat},
	}
	for _, c := range cases {
		if e := c.c.Effects(-2); e.Retreat != c.want || e.TakesCrossing {
			t.Errorf("failure in %+v: %s, takes crossing %v; want %s, no crossing", c.c, e.Retreat, e.TakesCrossing, c.want)
		}
	}
}

// mgmg:15.12, mgmg:15.13, mgmg:14.4: who may support.
func TestCheckSupport(t *testing.T) {
	guards := Attacker{Attack: 8, Division: "Guards"}
	fromF := Attacker{Attack: 8, Division: "Guards", FromZoneF: true}
	div := Attacker{Attack: 3, Division: "Guards", Artillery: DivisionalArtillery}
	xxx := Attacker{Attack: 7, Artillery: CorpsArtillery}
	indep := Attacker{Attack: 4, German: true, Artillery: IndependentArtillery}
	cases := []struct {
		name string
		s    Support
		by   []Attacker
		ok   bool
	}{
		{"divisional, own division assaults", Support{Unit: div, Distance: 1}, []Attacker{guards}, true},
		{"divisional, other division", Support{Unit: div, Distance: 1}, []Attacker{{Attack: 4, Division: "82"}}, false},
		{"divisional, only own artillery moving in", Support{Unit: div, Distance: 1}, []Attacker{div}, false},
		{"divisional, two away", Support{Unit: div, Distance: 2}, []Attacker{guards}, false},
		{"divisional in a contested area, adjacent", Support{Unit: div, Distance: 1, Contested: true}, []Attacker{guards}, false},
		{"divisional in a contested area, own area", Support{Unit: div, Contested: true}, []Attacker{guards}, true},
		{"XXX Corps, two away, unit from Zone F", Support{Unit: xxx, Distance: 2}, []Attacker{fromF}, true},
		{"XXX Corps, no unit from Zone F", Support{Unit: xxx, Distance: 1}, []Attacker{guards}, false},
		{"independent German", Support{Unit: indep}, []Attacker{{Attack: 3, German: true}}, false},
		{"outside a zone into it", Support{Unit: div, Distance: 1, TargetZone: true}, []Attacker{guards}, false},
		{"from a zone out of it", Support{Unit: div, Distance: 1, InZone: true}, []Attacker{guards}, false},
	}
	for _, c := range cases {
		if err := CheckSupport(c.s, c.by); (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok %v", c.name, err, c.ok)
		}
	}
}

// mgmg:15.1: field artillery is no forward unit while other types defend.
func TestCheckForward(t *testing.T) {
	art := Defender{Defense: 2, FieldArtillery: true}
	if CheckForward([]Defender{art, fresh(1)}, 0) == nil {
		t.Error("artillery forward beside infantry accepted")
	}
	if err := CheckForward([]Defender{art, art}, 1); err != nil {
		t.Errorf("artillery forward among artillery: %v", err)
	}
	if CheckForward([]Defender{art}, 1) == nil {
		t.Error("a forward unit outside the defenders accepted")
	}
}

// mgmg:10.92, mgmg:10.91: retreat priorities, a fully-stacked area last. Example 9 (mgmg:26.0): from Arnhem the
// 2nd Parachute Battalion must go to Oosterbeek, the only free area next to
// it; example 4: from Zone F the 7 1/16 may go only to Valkenswaard (64).
func TestRetreatChoices(t *testing.T) {
	free := func(enemies int) RetreatArea {
		return RetreatArea{FriendlyControlled: true, EnemyNeighbours: enemies}
	}
	enemyVacant := RetreatArea{}                                           // enemy-controlled, no units: never
	ownContested := RetreatArea{FriendlyControlled: true, Contested: true} // priority 2
	enemyContested := RetreatArea{Contested: true}                         // priority 3
	full := RetreatArea{FriendlyControlled: true, Full: true}              // priority 4
	for name, c := range map[string]struct {
		areas            []RetreatArea
		airborne, german bool
		want             []int
	}{
		"example 9, Oosterbeek the only free area":   {[]RetreatArea{enemyVacant, free(3), enemyVacant}, false, false, []int{1}},
		"example 4, Valkenswaard alone":              {[]RetreatArea{free(1)}, false, true, []int{0}},
		"fewest enemy neighbours first":              {[]RetreatArea{free(3), free(1), free(1)}, false, false, []int{1, 2}},
		"friendly contested before enemy contested":  {[]RetreatArea{enemyContested, ownContested}, false, false, []int{1}},
		"enemy contested before fully stacked":       {[]RetreatArea{full, enemyContested}, false, false, []int{1}},
		"fully stacked last":                         {[]RetreatArea{enemyVacant, full}, false, false, []int{1}},
		"nowhere: eliminated":                        {[]RetreatArea{enemyVacant}, false, false, nil},
		"airborne into its sector against priority":  {[]RetreatArea{free(0), {FriendlyControlled: true, Contested: true, InSector: true}}, true, false, []int{0, 1}},
		"German into a German zone against priority": {[]RetreatArea{free(0), {FriendlyControlled: true, Contested: true, GermanZone: true}}, false, true, []int{0, 1}},
	} {
		if got := RetreatChoices(c.areas, c.airborne, c.german); !slices.Equal(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
}

// mgmg:10.72A, mgmg:4.116, mgmg:4.117, mgmg:15.12: roles in an assault.
func TestCheckAssault(t *testing.T) {
	inf := Attacker{Attack: 4}
	art := Attacker{Attack: 3, Artillery: DivisionalArtillery}
	flak := Attacker{Attack: 2, FLAK: true}
	for name, c := range map[string]struct {
		a  AssaultAttack
		ok bool
	}{
		"infantry point, FLAK along, artillery support": {AssaultAttack{Point: inf, Others: []Attacker{flak}, Support: []Attacker{art}}, true},
		"artillery point":                 {AssaultAttack{Point: art}, false},
		"FLAK point":                      {AssaultAttack{Point: flak}, false},
		"infantry in support":             {AssaultAttack{Point: inf, Support: []Attacker{inf}}, false},
		"moving artillery in support":     {AssaultAttack{Point: inf, Support: []Attacker{{Artillery: CorpsArtillery, Moving: true}}}, false},
		"a German unit with Allied units": {AssaultAttack{Point: inf, Others: []Attacker{{Attack: 3, German: true}}}, false},
	} {
		if err := CheckAssault(c.a); (err == nil) != c.ok {
			t.Errorf("%s: error %v, want ok %v", name, err, c.ok)
		}
	}
}
