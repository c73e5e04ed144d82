package mgmg

import (
	"errors"
	"fmt"
)

// The arithmetic of a bombardment (mgmg:11): its attack value (11.2,
// 11.112, 16.2) and defence value (11.3), the attrition points a margin
// inflicts and how the defender takes them (11.4, 11.41, 19.22), an air
// bombardment's casualties among the Allies (16.23), which artillery
// reaches the target (11.111, 15.11, 15.13, 14.4) and the chance of each
// result before the dice.

// BombardmentAV is the attack value of a field artillery bombardment: the
// lead unit's attack factor, doubled in a barrage led by corps artillery,
// one per further unit, one less when SS and Wehrmacht artillery fire
// together (mgmg:11.2, 11.112, 15.11). British and American artillery never
// fire together (mgmg:11.2).
func BombardmentAV(lead Attacker, support []Attacker, barrage bool) (CombatValue, error) {
	var v CombatValue
	if lead.Artillery == NotArtillery {
		return v, errors.New("only field artillery leads a bombardment (mgmg:11.2)")
	}
	if barrage && lead.Artillery != CorpsArtillery {
		return v, errors.New("only corps artillery leads a barrage (mgmg:11.112)")
	}
	for _, u := range support {
		switch {
		case u.Artillery == NotArtillery:
			return v, errors.New("only field artillery joins a bombardment (mgmg:11.2)")
		case u.German != lead.German:
			return v, errors.New("artillery of both sides cannot bombard together (mgmg:11.11)")
		case !u.German && u.US != lead.US:
			return v, errors.New("British and American artillery may not support each other (mgmg:11.2, 8.4)")
		}
	}
	v.base("lead artillery", "mgmg:11.2", lead.Attack)
	if barrage {
		v.add("barrage doubles the lead", "mgmg:11.112", lead.Attack)
	}
	v.add("more field artillery", "mgmg:11.2", len(support))
	if ssWithWehrmacht(append([]Attacker{lead}, support...)) {
		v.add("SS and Wehrmacht together", "mgmg:11.2", -1)
	}
	return v, nil
}

// AirBombardmentAV is the attack factor of the air bombardment marker
// (mgmg:11.2, 16.2); nothing supports it (mgmg:16.21).
func AirBombardmentAV(factor int) CombatValue {
	var v CombatValue
	v.base("air bombardment marker", "mgmg:16.2", factor)
	return v
}

// BombardmentDV is the defence value of the target area: twice its TEM, and
// one per Fresh FLAK unit or tower against an air bombardment, or per Fresh
// field artillery unit against artillery (mgmg:11.3, 16.2). Defence factors
// play no part.
func BombardmentDV(tem int, air bool, defs []Defender) CombatValue {
	var v CombatValue
	v.base("twice the TEM", "mgmg:11.3A", 2*tem)
	n := 0
	for _, u := range defs {
		if u.Step == StepFresh && (air && u.FLAK || !air && u.FieldArtillery) {
			n++
		}
	}
	if air {
		v.add("Fresh FLAK", "mgmg:11.3B", n)
	} else {
		v.add("Fresh field artillery", "mgmg:11.3C", n)
	}
	if b := freshBunkers(defs); b > 0 && !air {
		v.add("Fresh River Bunker Garrisons", "fh40:11.3C", b)
	}
	return v
}

// AttritionPoints are what a margin of AT less DT inflicts (mgmg:11.4).
// Unlike casualty points, defensive terrain does not lessen them
// (mgmg:10.81 speaks of casualty points only).
func AttritionPoints(margin int) int { return max(0, margin) }

// AttritionCost is the attrition points that reduce a unit one step: 3, 2,
// 2 for armour from Fresh, Spent, Disrupt 1; 2, 1, 1 for other units; 0 for
// a unit that cannot be reduced, being Disrupt 2 or reduced already by a
// bombardment this impulse (mgmg:11.41).
func AttritionCost(u Defender) int {
	if u.Bombarded || u.Step >= StepDisrupt2 {
		return 0
	}
	if u.Armored {
		return [...]int{3, 2, 2}[u.Step]
	}
	return [...]int{2, 1, 1}[u.Step]
}

// MarkerAttritionCost reduces a construct marker one level or destroys a
// ferry crossing named as the primary target (mgmg:11.41, 19.22, 4.7).
const MarkerAttritionCost = 1

// PrimaryAttrition applies ap to a primary target reduced by cost: the
// target takes them until it is reduced, and what is left goes to the other
// units (mgmg:11.4, 11.41). Fewer than the cost are absorbed with no effect
// and none is left (mgmg:26.0 examples 1 and 2); a target that cannot be
// reduced (cost 0: Disrupt 2) lets them all slide off (mgmg:11.4).
func PrimaryAttrition(cost, ap int) (reduced bool, left int) {
	switch {
	case cost == 0:
		return false, ap
	case ap < cost:
		return false, 0
	}
	return true, ap - cost
}

// MostAttrition is the most of ap the defender can spend reducing units
// other than the primary target, each one step at most (mgmg:11.41).
func MostAttrition(defs []Defender, primary, ap int) int {
	reach := make([]bool, ap+1) // reach[n]: some set of units costs exactly n
	reach[0] = true
	for i, u := range defs {
		c := AttritionCost(u)
		if i == primary || c == 0 {
			continue
		}
		for n := ap; n >= c; n-- {
			reach[n] = reach[n] || reach[n-c]
		}
	}
	for n := ap; n > 0; n-- {
		if reach[n] {
			return n
		}
	}
	return 0
}

// CheckAttrition tells whether the units the defender reduces take ap
// attrition points as the rules demand (mgmg:11.4, 11.41): the primary
// target (index into defs, or -1 for a construct marker or ferry crossing)
// first, then other units each one step, spending as many of the points
// left as any choice of units could.
func CheckAttrition(defs []Defender, primary, ap int, reduced []bool) error {
	if len(reduced) != len(defs) {
		return fmt.Errorf("the reductions name %d units, the area holds %d defenders: give one per defender", len(reduced), len(defs))
	}
	cost := MarkerAttritionCost
	if primary >= 0 {
		cost = AttritionCost(defs[primary])
	}
	hit, left := PrimaryAttrition(cost, ap)
	if primary >= 0 && reduced[primary] != hit {
		return fmt.Errorf("the primary target is reduced exactly when it takes its %d attrition points (mgmg:11.41)", cost)
	}
	spent := 0
	for i, r := range reduced {
		if i == primary || !r {
			continue
		}
		c := AttritionCost(defs[i])
		if c == 0 {
			return fmt.Errorf("defender %d cannot be reduced: Disrupt 2, or reduced already this impulse (mgmg:11.41)", i)
		}
		spent += c
	}
	if most := MostAttrition(defs, primary, left); spent != most {
		return fmt.Errorf("the reductions spend %d of the %d attrition points left after the primary target; reduce units that spend %d (mgmg:11.41)", spent, left, most)
	}
	return nil
}

// CheckPrimary tells whether the attacker may name the primary target: a
// defending unit (index into defs), field artillery only among artillery
// alone (mgmg:11.12, 15.1); or (primary -1) a construct marker or ferry
// crossing, only in a field artillery bombardment and on a boundary of the
// lead artillery's area (mgmg:11.12, 19.22).
func CheckPrimary(defs []Defender, primary int, air, markerOnLeadBoundary bool) error {
	if primary >= 0 {
		return CheckForward(defs, primary)
	}
	if air || !markerOnLeadBoundary {
		return errors.New("a construct marker or ferry crossing is a primary target only of field artillery whose lead unit's area it borders (mgmg:11.12)")
	}
	return nil
}

// MistakenAttackAP are the attrition points an air bombardment of a
// contested area inflicts on the Allied units: half the Allied roll, rounded
// up, when the two unmodified rolls are equal (mgmg:16.23).
func MistakenAttackAP(alliedRoll, germanRoll int) int {
	if alliedRoll != germanRoll {
		return 0
	}
	return (alliedRoll + 1) / 2
}

// MistakenAttackOdds are the chances of each number of Allied attrition
// points in an air bombardment of a contested area: Odds[n] for n points
// (mgmg:16.23).
func MistakenAttackOdds(allied, german Rolls) []Chance {
	ways, of := make([]int, 7), 0
	for ra, wa := range allied {
		for rg, wg := range german {
			of += wa * wg
			ways[MistakenAttackAP(ra, rg)] += wa * wg
		}
	}
	out := make([]Chance, len(ways))
	for n, w := range ways {
		out[n] = chance(w, of)
	}
	return out
}

// CheckBombardmentRange tells whether field artillery reaches the target
// area: its own, an adjacent one from a free area, two away for corps
// artillery, a zone only from within it (mgmg:11.111, 15.11, 15.13, 14.4).
// The Support's Distance and places describe the bombardment's target.
func CheckBombardmentRange(s Support) error {
	if !s.inRange() {
		return errors.New("the artillery does not reach the target: its own area if contested, an adjacent one, two away for corps artillery, a zone only from within it (mgmg:11.111, 15.11, 15.13, 14.4)")
	}
	return nil
}

// BombardmentOdds are a bombardment's values and the chance of each number
// of attrition points before the dice (issue 8 section 5).
type BombardmentOdds struct {
	AV CombatValue `json:"av"`
	DV CombatValue `json:"dv"`
	// Attrition[n] is the chance of n attrition points.
	Attrition []Chance `json:"attrition"`
	// PrimaryReduced is the chance that the primary target loses a step
	// (or the marker its level): at least its cost in points (mgmg:11.41).
	PrimaryReduced Chance `json:"primary_reduced"`
}

// BombardmentPreview gives the odds for a primary target reduced by
// primaryCost attrition points (AttritionCost, or MarkerAttritionCost),
// given the rolls of each side (mgmg:11.4, 23.71).
func BombardmentPreview(av, dv CombatValue, primaryCost int, attacker, defender Rolls) BombardmentOdds {
	o := BombardmentOdds{AV: av, DV: dv}
	ways, of := margins(attacker, defender)
	var byAP []int
	hit := 0
	for i, w := range ways {
		if w == 0 {
			continue
		}
		ap := AttritionPoints(av.Total - dv.Total + i - 10)
		for len(byAP) <= ap {
			byAP = append(byAP, 0)
		}
		byAP[ap] += w
		if reduced, _ := PrimaryAttrition(primaryCost, ap); reduced {
			hit += w
		}
	}
	for _, w := range byAP {
		o.Attrition = append(o.Attrition, chance(w, of))
	}
	o.PrimaryReduced = chance(hit, of)
	return o
}
