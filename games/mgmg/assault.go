package mgmg

import (
	"errors"
	"fmt"
)

// The arithmetic of an assault (mgmg:10.7): the attack value (10.72) and
// defence value (10.73) as sums of their terms, the result of the totals
// (10.74), what it does to each side (10.741-10.743, 10.5, 10.81), the
// casualty points the defender may take and how (10.8), which artillery may
// support (15.12, 15.13, 14.4) and the chance of each result before the
// dice. Inputs are plain values; the state machine reads them off the map
// and the units.

// ArtilleryKind tells field artillery apart by what it may support and lead
// (mgmg:4.21, 15.12, 15.13).
type ArtilleryKind int

const (
	NotArtillery ArtilleryKind = iota
	DivisionalArtillery
	CorpsArtillery
	IndependentArtillery // the four German units of no division (mgmg:15.12)
)

// Attacker is a unit on the attacking side of an assault or bombardment.
type Attacker struct {
	Attack    int           // attack factor
	Division  string        // parent division, "" for none (mgmg:10.72D, 15.12)
	German    bool          // German (Allied otherwise)
	SS        bool          // German SS; other German units count as Wehrmacht (mgmg:10.72E, 11.2)
	US        bool          // American; other Allied units are British (mgmg:11.2)
	Artillery ArtilleryKind // field artillery, and which
	FLAK      bool          // FLAK unit: never the point unit (mgmg:4.117)
	Moving    bool          // artillery entering the area with the assault: no part in the AV (mgmg:4.116, 10.72)
	FromZoneF bool          // a British unit that came from Zone F (mgmg:15.13)
	Battalion bool          // an fh40 infantry battalion, which earns no divisional integrity (fh40:10.72D)
}

// AssaultAttack is who attacks: the point unit, the other assaulting units
// and the supporting field artillery (mgmg:10.72, 15.12).
type AssaultAttack struct {
	Point   Attacker
	Others  []Attacker
	Support []Attacker
}

// CheckAssault tells whether the units may assault in these roles: an
// infantry or armour point unit (mgmg:10.72A, 9.65, 4.116, 4.117), field
// artillery in support (mgmg:15.12), all of one side. Range and division
// are CheckSupport's.
func CheckAssault(a AssaultAttack) error {
	if a.Point.Artillery != NotArtillery || a.Point.FLAK {
		return errors.New("the point unit must be infantry or armour, not artillery or FLAK (mgmg:10.72A, 4.116, 4.117)")
	}
	for _, u := range append(a.Others, a.Support...) {
		if u.German != a.Point.German {
			return errors.New("units of both sides cannot assault together")
		}
	}
	for _, u := range a.Support {
		if u.Artillery == NotArtillery || u.Moving {
			return errors.New("only field artillery that stays where it is supports an assault (mgmg:15.12)")
		}
	}
	return nil
}

// AssaultAV is the attack value of an assault (mgmg:10.72).
func AssaultAV(a AssaultAttack) CombatValue {
	var v CombatValue
	v.base("point unit", "mgmg:10.72A", a.Point.Attack)
	counted := []Attacker{a.Point}
	for _, u := range a.Others {
		if !u.Moving { // mgmg:4.116, 10.72 note
			counted = append(counted, u)
		}
	}
	others := "more assaulting units"
	if len(counted) == 2 {
		others = "more assaulting unit"
	}
	v.add(others, "mgmg:10.72B", len(counted)-1)
	v.add("supporting field artillery", "mgmg:10.72C", len(a.Support))
	v.add("divisional integrity", "mgmg:10.72D", DivisionalIntegrity(append(counted, a.Support...)))
	if ssWithWehrmacht(counted) {
		v.add("SS and Wehrmacht together", "mgmg:10.72E", -1)
	}
	return v
}

// DivisionalIntegrity counts the divisions with three or more units among
// those given (mgmg:10.72D).
func DivisionalIntegrity(units []Attacker) int {
	n := map[string]int{}
	bonus := 0
	for _, u := range units {
		if u.Division == "" || u.Battalion {
			continue
		}
		n[u.Division]++
		if n[u.Division] == 3 {
			bonus++
		}
	}
	return bonus
}

// ssWithWehrmacht: SS and other German units attack together (mgmg:10.72E,
// 11.2); Luftwaffe units count as Wehrmacht (docs/conformance/mgmg.md).
func ssWithWehrmacht(units []Attacker) bool {
	ss, wehrmacht := false, false
	for _, u := range units {
		ss = ss || u.German && u.SS
		wehrmacht = wehrmacht || u.German && !u.SS
	}
	return ss && wehrmacht
}

// Defender is a unit in the area assaulted or bombarded.
type Defender struct {
	Defense        int  // defence factor of the side face up, Fresh or Spent (mgmg:4.22)
	Step           Step // Fresh to Disrupt 2
	Armored        bool // attrition costs (mgmg:11.41)
	FieldArtillery bool // neither forward unit nor primary target among other types (mgmg:15.1, 11.12)
	FLAK           bool // FLAK unit or FLAK tower (mgmg:11.3B, 16.2)
	FLAKTower      bool // never retreats: a FLAK Tower (mgmg:9.64) or River Bunker Garrison (fh40:9.64)
	CutOff         bool // Allied airborne with no supply line to Zone F now, never on September 17 and 18: not in 10.73E (13.8)
	Bombarded      bool // already reduced by a bombardment this impulse (mgmg:11.41)
	Bunker         bool // a River Bunker Garrison: +1 to the DV against field artillery while Fresh (fh40:4.117, 11.3C)
}

// CrossingKind is how an assaulting unit crossed into the assaulted area.
type CrossingKind int

const (
	NoCrossing     CrossingKind = iota // open ground, or began in the area
	BridgeCrossing                     // over a bridge (mgmg:10.73C)
	CanalCrossing                      // over a canal without a bridge (mgmg:10.73D)
	FerryCrossing                      // over a river at a ferry crossing (mgmg:9.63, 10.73D)
	BoatCrossing                       // Allied boat assault over a river (mgmg:9.5, 10.73D)
)

// Crossing is the boundary an assaulting unit crossed to enter.
type Crossing struct {
	Kind           CrossingKind
	DefenderBridge bool // the bridge is held by the defender (mgmg:10.73C)
	River          bool // the bridge spans a river, not a canal (mgmg:10.73C)
}

// modifier is the crossing's addition to the DV (mgmg:10.73C, D): bridges
// count only in a mandatory assault.
func (c Crossing) modifier(mandatory bool) int {
	switch c.Kind {
	case BridgeCrossing:
		if !mandatory {
			return 0
		}
		m := 1
		if c.DefenderBridge {
			m++
		}
		if c.River {
			m++
		}
		return m
	case CanalCrossing, FerryCrossing, BoatCrossing:
		return 2
	}
	return 0
}

// MayOverrun tells whether a unit may go on after an overrun: not from
// elevated terrain or polder, nor after crossing a canal without a bridge,
// a ferry or by boat this impulse (mgmg:10.5).
func (c Crossing) MayOverrun(elevatedOrPolder bool) bool {
	return !elevatedOrPolder && c.Kind != CanalCrossing && c.Kind != FerryCrossing && c.Kind != BoatCrossing
}

// AssaultDefense is who defends and how the attackers came in.
type AssaultDefense struct {
	Defenders []Defender
	Forward   int        // index of the forward unit, the defender's choice (mgmg:10.73A)
	TEM       int        // of the assaulted area (mgmg:3.221)
	Mandatory bool       // a mandatory assault (mgmg:10.2)
	Crossings []Crossing // of the assaulting units
}

// AssaultDV is the defence value of an assault (mgmg:10.73). Of several
// crossings only the highest modifier counts (mgmg:10.73D).
func AssaultDV(d AssaultDefense) CombatValue {
	var v CombatValue
	f := d.Defenders[d.Forward]
	v.base("forward unit", "mgmg:10.73A", f.Defense)
	v.add("forward unit's disruption", "mgmg:10.73A", -f.Step.Disruption())
	v.add("TEM", "mgmg:10.73B", d.TEM)
	cross, rule := 0, ""
	for _, c := range d.Crossings {
		if m := c.modifier(d.Mandatory); m > cross {
			cross, rule = m, "mgmg:10.73D"
			if c.Kind == BridgeCrossing {
				rule = "mgmg:10.73C"
			}
		}
	}
	v.add("crossing", rule, cross)
	others := 0
	for i, u := range d.Defenders {
		if i != d.Forward && u.Step == StepFresh && !u.CutOff {
			others++
		}
	}
	v.add("more Fresh defenders", "mgmg:10.73E", others)
	return v
}

// CheckForward tells whether the defender may name unit i as the forward
// unit: field artillery only when every defender is field artillery
// (mgmg:15.1). The same holds for a bombardment's primary target (11.12).
func CheckForward(defs []Defender, i int) error {
	if i < 0 || i >= len(defs) {
		return fmt.Errorf("no defending unit %d: name one of the %d in the area", i, len(defs))
	}
	if !defs[i].FieldArtillery {
		return nil
	}
	for _, u := range defs {
		if !u.FieldArtillery {
			return errors.New("field artillery may not be forward unit or primary target while other unit types defend (mgmg:15.1, 11.12): name one of those")
		}
	}
	return nil
}

// StrongestForward is the forward unit that gives the highest DV: what the
// preview shows before the defender has chosen (mgmg:10.7, 10.73A).
func StrongestForward(d AssaultDefense) int {
	best, bestDV := -1, 0
	for i := range d.Defenders {
		if CheckForward(d.Defenders, i) != nil {
			continue
		}
		d.Forward = i
		if dv := AssaultDV(d).Total; best < 0 || dv > bestDV {
			best, bestDV = i, dv
		}
	}
	return best
}

// AssaultResult is the result of an assault (mgmg:10.74).
type AssaultResult int

const (
	Failure   AssaultResult = iota // AT < DT (mgmg:10.741)
	Stalemate                      // AT = DT (mgmg:10.742)
	Success                        // AT > DT (mgmg:10.743)
)

func (r AssaultResult) String() string {
	return [...]string{"failure", "stalemate", "success"}[r]
}

// ResultOf is the result of a margin of AT less DT (mgmg:10.74).
func ResultOf(margin int) AssaultResult {
	switch {
	case margin < 0:
		return Failure
	case margin == 0:
		return Stalemate
	}
	return Success
}

// CasualtyPoints are what the defender must take for a margin: the margin
// of a success, one less in elevated terrain or polder (mgmg:10.743, 10.81).
func CasualtyPoints(margin int, elevatedOrPolder bool) int {
	if margin <= 0 {
		return 0
	}
	if elevatedOrPolder {
		margin--
	}
	return margin
}

// AbsorbCapacity is how many casualty points the defenders can take: each
// unit down to elimination, a retreat taking the place of the last step
// (mgmg:10.8).
func AbsorbCapacity(defs []Defender) int {
	n := 0
	for _, u := range defs {
		n += int(StepEliminated - u.Step)
	}
	return n
}

// Origin is where the assaulting units came from, which decides whether and
// where they may retreat (mgmg:10.9).
type Origin int

const (
	EnteredFromArea Origin = iota // moved in this impulse from an area or zone, to which they retreat
	BeganInArea                   // the active area was contested, Zone F included (mgmg:10.6, 10.741)
	LandedFromUK                  // airborne reinforcements from the United Kingdom box (mgmg:10.741, 18.43)
	LandingPhase                  // the D-Day airborne landing phase (mgmg:20.4A)
)

// AttackerRetreat is what the assaulting units may do after the result.
type AttackerRetreat int

const (
	NoRetreat   AttackerRetreat = iota // no retreat
	MayRetreat                         // the attacker's choice
	MustRetreat                        // into the area or zone they entered from (mgmg:10.9)
)

func (r AttackerRetreat) String() string {
	return [...]string{"stay", "may retreat", "must retreat"}[r]
}

// AssaultEffects are what a result does (mgmg:10.741-10.743).
type AssaultEffects struct {
	Result AssaultResult `json:"result"`
	// CasualtyPoints the defender must take (mgmg:10.743, 10.81).
	CasualtyPoints int `json:"casualty_points"`
	// Overrun: more casualty points than the defenders can take, so the
	// assaulting units may go on moving, each as Crossing.MayOverrun lets
	// it, and the supporting artillery may support again (mgmg:10.5).
	Overrun bool `json:"overrun"`
	// Point and Others are what the point unit and the other assaulting
	// units become; supporting artillery stays Fresh and never retreats
	// (mgmg:8.3, 15.12). After a success without overrun they become Spent
	// at the end of the impulse (mgmg:10.743).
	Point  Step `json:"point"`
	Others Step `json:"others"`
	// Retreat of the assaulting units (mgmg:10.741, 10.742).
	Retreat AttackerRetreat `json:"retreat"`
	// TakesCrossing: the enemy bridge or river or canal boundary crossed in
	// a mandatory assault becomes the attacker's, Allied bridge or Held!
	// marker (mgmg:10.2, 10.4, 7.2).
	TakesCrossing bool `json:"takes_crossing"`
}

// AssaultCase is what the result's effects depend on besides the totals.
type AssaultCase struct {
	Mandatory        bool   // mgmg:10.2
	From             Origin // mgmg:10.741
	ElevatedOrPolder bool   // the assaulted area (mgmg:10.81)
	Capacity         int    // AbsorbCapacity of the defenders (mgmg:10.5)
}

// Effects are what a margin of AT less DT does (mgmg:10.74).
func (c AssaultCase) Effects(margin int) AssaultEffects {
	e := AssaultEffects{Result: ResultOf(margin)}
	entered := c.From == EnteredFromArea
	switch e.Result {
	case Failure: // mgmg:10.741
		e.Point, e.Others = StepDisrupt1, StepDisrupt1
		switch {
		case c.Mandatory && entered:
			e.Retreat = MustRetreat
		case entered:
			e.Retreat = MayRetreat
		}
	case Stalemate: // mgmg:10.742
		e.Point, e.Others = StepDisrupt1, StepSpent
		if entered {
			e.Retreat = MayRetreat
		}
		e.TakesCrossing = c.Mandatory
	case Success: // mgmg:10.743
		e.Point, e.Others = StepSpent, StepSpent
		e.CasualtyPoints = CasualtyPoints(margin, c.ElevatedOrPolder)
		e.Overrun = e.CasualtyPoints > c.Capacity && c.From != LandingPhase // mgmg:10.5, 20.4A
		e.TakesCrossing = c.Mandatory
	}
	return e
}

// Casualty is how one defender takes casualty points: Steps down (the last
// being elimination), and whether it retreats (mgmg:10.8, 10.91).
type Casualty struct {
	Steps   int
	Retreat bool
}

// CheckCasualties tells whether the defender's losses take cp casualty
// points as the rules allow (mgmg:10.8): the forward unit takes the first,
// no unit past elimination, no retreat with elimination nor by a FLAK tower
// (mgmg:9.64), each retreat of a unit Spent or worse after its steps taking
// one point, and all of them taken; more than the defenders can take
// eliminates them all, without retreat. A retreat beyond the points is the
// voluntary retreat of mgmg:10.93. Whether there is a place to retreat to
// is the map's (mgmg:10.92).
func CheckCasualties(defs []Defender, forward, cp int, losses []Casualty) error {
	if len(losses) != len(defs) {
		return fmt.Errorf("losses name %d units, the area holds %d defenders: give one loss per defender", len(losses), len(defs))
	}
	steps, retreats := 0, 0
	for i, l := range losses {
		u := defs[i]
		after := u.Step + Step(l.Steps)
		switch {
		case l.Steps < 0 || after > StepEliminated:
			return fmt.Errorf("defender %d is %s and cannot lose %d steps (mgmg:10.8)", i, u.Step, l.Steps)
		case l.Retreat && after == StepEliminated:
			return fmt.Errorf("defender %d cannot both retreat and be eliminated (mgmg:10.8)", i)
		case l.Retreat && u.FLAKTower:
			return fmt.Errorf("defender %d is a FLAK tower, which never retreats (mgmg:9.64)", i)
		}
		steps += l.Steps
		if l.Retreat && after >= StepSpent {
			retreats++
		}
	}
	if capacity := AbsorbCapacity(defs); cp > capacity {
		if steps != capacity {
			return fmt.Errorf("%d casualty points are more than the %d the defenders can take: all are eliminated, without retreat (mgmg:10.8)", cp, capacity)
		}
		return nil
	}
	if steps > cp || steps+retreats < cp {
		return fmt.Errorf("the losses take %d steps and %d retreats for %d casualty points: take exactly %d (mgmg:10.8)", steps, retreats, cp, cp)
	}
	if f := losses[forward]; cp > 0 && f.Steps == 0 && !(f.Retreat && defs[forward].Step >= StepSpent) {
		return errors.New("the forward unit must take the first casualty point (mgmg:10.8)")
	}
	return nil
}

// RetreatArea is an area or zone next to the assaulted one that a
// retreating unit could enter by the movement rules (mgmg:10.92).
type RetreatArea struct {
	FriendlyControlled bool // controlled by the retreating side (mgmg:7.2)
	Contested          bool // holds units of both sides before the retreat (mgmg:7.3)
	Full               bool // ten friendly units already (mgmg:7.1, 10.91); never a zone (14.3)
	EnemyNeighbours    int  // enemy-controlled areas adjacent to it (mgmg:10.92 priority 1)
	InSector           bool // inside the retreating airborne unit's operational sector (mgmg:3.26)
	GermanZone         bool // a German-controlled zone, for a German unit (mgmg:10.92)
}

// RetreatPriority is the rank of an area for a retreat, 1 best: a free
// area, a friendly-controlled contested one, an enemy-controlled contested
// one, a fully-stacked one to retreat through; 0 for an area no retreat may
// enter, vacant and enemy-controlled (mgmg:10.92).
func RetreatPriority(a RetreatArea) int {
	switch {
	case a.Full:
		return 4
	case a.FriendlyControlled && !a.Contested:
		return 1
	case a.FriendlyControlled:
		return 2
	case a.Contested:
		return 3
	}
	return 0
}

// RetreatChoices are the areas a defending unit may retreat into, the
// retreating player choosing among them: those of the best priority, free
// areas ranked by fewest enemy-controlled neighbours; an airborne unit may
// always take one in its operational sector, a German unit an adjacent
// German-controlled zone (mgmg:10.92). None: the unit is eliminated. An
// airborne unit that retreats outside its sector is eliminated (mgmg:10.91).
func RetreatChoices(areas []RetreatArea, airborne, german bool) []int {
	rank := func(a RetreatArea) int { // lower is better; 0 for none
		p := RetreatPriority(a)
		if p == 1 {
			return 1 + a.EnemyNeighbours
		}
		if p > 1 {
			p += 100 // after every free area
		}
		return p
	}
	best := 0
	for _, a := range areas {
		if r := rank(a); r > 0 && (best == 0 || r < best) {
			best = r
		}
	}
	var out []int
	for i, a := range areas {
		r := rank(a)
		if r > 0 && (r == best || airborne && a.InSector || german && a.GermanZone) {
			out = append(out, i)
		}
	}
	return out
}

// ActiveContestedCost is the MF an assault in a contested active area
// costs, and that every unit moving on from it has used: 1 when the
// defenders were all Spent or Disrupted, 2 with a Fresh one
// (mgmg:10.1, 10.6).
func ActiveContestedCost(defs []Defender) int {
	for _, u := range defs {
		if u.Step == StepFresh {
			return 2
		}
	}
	return 1
}

// Support is a field artillery unit offered in support of an assault.
type Support struct {
	Unit       Attacker
	Distance   int  // areas from the artillery to the assaulted area: 0 in it, 1 adjacent, 2 (mgmg:15.12)
	Contested  bool // the artillery's area is contested (mgmg:15.12)
	InZone     bool // the artillery is in a zone (mgmg:14.4)
	TargetZone bool // the assaulted place is a zone (mgmg:14.4)
}

// inRange: field artillery reaches its own area, an adjacent one from a
// free area, two away if corps artillery; in a zone or against one only
// that zone (mgmg:11.111, 15.11, 15.12, 15.13, 14.4).
func (s Support) inRange() bool {
	switch {
	case s.InZone || s.TargetZone:
		return s.InZone && s.TargetZone && s.Distance == 0
	case s.Contested:
		return s.Distance == 0
	case s.Unit.Artillery == CorpsArtillery:
		return s.Distance <= 2
	}
	return s.Distance <= 1
}

// CheckSupport tells whether artillery may support an assault by the given
// units (mgmg:15.12, 15.13, 14.4). Whether it is Fresh, and the air
// bombardment's want of support (16.21), are the caller's.
func CheckSupport(s Support, assault []Attacker) error {
	if !s.inRange() {
		return errors.New("the artillery is out of range: its own area if contested, an adjacent one, two away for corps artillery, a zone only from within it (mgmg:15.12, 15.13, 14.4)")
	}
	switch s.Unit.Artillery {
	case NotArtillery:
		return errors.New("only field artillery supports an assault (mgmg:15.12)")
	case IndependentArtillery:
		return errors.New("independent German artillery never supports an assault (mgmg:15.12)")
	case DivisionalArtillery:
		for _, u := range assault {
			if u.Artillery == NotArtillery && u.Division == s.Unit.Division {
				return nil
			}
		}
		return fmt.Errorf("divisional artillery supports only an assault by a non-artillery unit of its division %s (mgmg:15.12)", s.Unit.Division)
	case CorpsArtillery:
		if s.Unit.German {
			return nil
		}
		for _, u := range assault {
			if !u.German && !u.US && u.FromZoneF {
				return nil
			}
		}
		return errors.New("XXX Corps artillery supports only an assault by a British unit from Zone F (mgmg:15.13)")
	}
	return nil
}

// AssaultOdds are an assault's values and the chance of each result before
// the dice (issue 8 section 5).
type AssaultOdds struct {
	AV        CombatValue `json:"av"`
	DV        CombatValue `json:"dv"`
	Failure   Chance      `json:"failure"`
	Stalemate Chance      `json:"stalemate"`
	// Success by casualty points: Success[n] takes n (0 only in elevated
	// terrain or polder, mgmg:10.81).
	Success []Chance `json:"success"`
	Overrun Chance   `json:"overrun"` // successes with more points than the defenders can take (mgmg:10.5)
}

// Odds of the assault given the rolls of each side: dice, or decks
// (mgmg:10.71, 23.71).
func (c AssaultCase) Odds(av, dv CombatValue, attacker, defender Rolls) AssaultOdds {
	o := AssaultOdds{AV: av, DV: dv}
	ways, of := margins(attacker, defender)
	var fail, stale, over int
	var success []int
	for i, w := range ways {
		if w == 0 {
			continue
		}
		e := c.Effects(av.Total - dv.Total + i - 10)
		switch e.Result {
		case Failure:
			fail += w
		case Stalemate:
			stale += w
		case Success:
			for len(success) <= e.CasualtyPoints {
				success = append(success, 0)
			}
			success[e.CasualtyPoints] += w
			if e.Overrun {
				over += w
			}
		}
	}
	o.Failure, o.Stalemate, o.Overrun = chance(fail, of), chance(stale, of), chance(over, of)
	for _, w := range success {
		o.Success = append(o.Success, chance(w, of))
	}
	return o
}
