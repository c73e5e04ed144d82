package soa

// The values of a fire attack before the dice and the chance of each result
// (soa:8.35, 8.351, 8.352, 8.353): the resolution (rollFire) and the odds a
// player sees before confirming an attack both come from fireTerms.

// fireTerms are the parts of an attack's values before the dice.
type fireTerms struct {
	af, more, platoon, ammo int // AV: best (or artillery) AF, further units, platoon integrity, ammunition shortage
	df, adjacent, night     int // DV: lowest face-up DF, fire from an adjacent area or in a zone, at night
}

func (t fireTerms) av() int { return t.af + t.more + t.platoon - t.ammo }
func (t fireTerms) dv() int { return t.df + t.adjacent + t.night }

// fireTerms works out the terms of the current attack (soa:8.351, 8.352,
// 14.5, 14.6, 15.2, 15.4, 20).
func (s *State) fireTerms() fireTerms {
	a := &s.cur
	t := fireTerms{df: s.defenseFactor()}
	if a.Kind == atkArtillery {
		d := s.g.units[a.Units[0]]
		t.af = d.ArtDay
		if s.night() {
			t.af = d.ArtNight // soa:15.2
		}
		if s.imp == British {
			t.ammo = s.ammoPenalty(true)
		}
		return t
	}
	for _, u := range a.Units {
		t.af = max(t.af, s.g.units[u].AF) // soa:8.351: the attacker picks the best unit
	}
	t.more = len(a.Units) - 1 // soa:8.351 B
	if s.platoonIntegrity(a.Units) {
		t.platoon = 1 // soa:8.351 C
	}
	if s.imp == British {
		t.ammo = s.ammoPenalty(false) // soa:20.1, 20.2
	}
	if s.adjacentFire(s.origin, a.Target) {
		t.adjacent = 1 // soa:8.352 B
		if s.night() {
			t.night = 1 // soa:15.4
		}
	}
	return t
}

// FireOdds are an attack's values before the dice and the chance of each
// number of casualty points (soa:8.353), for the player about to confirm it.
type FireOdds struct {
	AttackValue  int      `json:"attack_value"`         // AV before the dice (soa:8.351)
	DefenceValue int      `json:"defence_value"`        // DV before the dice, modifiers included (soa:8.352)
	Results      []Chance `json:"results"`              // one per number of casualty points, from 0
	Eliminated   bool     `json:"eliminated,omitempty"` // AT guns alone in their area: eliminated without a roll, no values (soa:13.4)
	Note         string   `json:"note,omitempty"`
}

// Chance is one result: Ways of Of equally likely rolls (dice, or chits in
// the cups, soa:22) give it.
type Chance struct {
	CP   int     `json:"casualty_points"`
	Ways int     `json:"ways"`
	Of   int     `json:"of"`
	P    float64 `json:"p"`
}

// fireOdds are the odds of the attack being designated, nil when it has no
// firer yet or is not resolved by a fire roll.
func (s *State) fireOdds() *FireOdds {
	a := &s.cur
	if len(a.Units) == 0 || a.Kind == atkSetFire || !s.hasAffectedBy(a.Kind, s.origin, a.Target, a.Group, s.curInfantry()) {
		return nil
	}
	if a.Kind != atkAT && s.onlyAT(a.Target, s.imp.Other()) { // as resolveNext does
		return &FireOdds{Eliminated: true, Note: "an anti-tank gun alone in its area is eliminated without a roll (soa:13.4)"}
	}
	t := s.fireTerms()
	o := &FireOdds{AttackValue: t.av(), DefenceValue: t.dv()}
	if a.Kind == atkAT && a.Primary < 0 && s.mixedArmor() {
		o.Note = "the DV will be the DF of the primary target named on confirming, shown here for the lowest (soa:13.7)"
	}
	att, def := s.rollWays(s.imp), s.rollWays(s.imp.Other())
	var ways []int
	total := 0
	for ra, wa := range att {
		for rd, wd := range def {
			if wa == 0 || wd == 0 {
				continue
			}
			cp := max(0, o.AttackValue+ra-o.DefenceValue-rd)
			for len(ways) <= cp {
				ways = append(ways, 0)
			}
			ways[cp] += wa * wd
			total += wa * wd
		}
	}
	for cp, w := range ways {
		if w > 0 {
			o.Results = append(o.Results, Chance{CP: cp, Ways: w, Of: total, P: float64(w) / float64(total)})
		}
	}
	return o
}

// rollWays counts the ways side's roll takes each value: two dice, or a
// chit from its cup, refilled when empty (soa:8.36, 22.2).
func (s *State) rollWays(side Side) [13]int {
	var w [13]int
	if s.opt.chits {
		cup, left := s.chits[side], 0
		for _, n := range cup {
			left += int(n)
		}
		if left == 0 {
			cup = chitMix
		}
		for v, n := range cup {
			w[v] = int(n)
		}
		return w
	}
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			w[a+b]++
		}
	}
	return w
}

// PrimaryOdds are the odds of an AT attack on mixed armour with Unit as
// its primary target, whose DF makes the DV (soa:13.7).
type PrimaryOdds struct {
	Unit string    `json:"unit"`
	Odds *FireOdds `json:"odds"`
}

// primaryOdds lists the odds of each primary target the AT attack being
// designated may name.
func (s *State) primaryOdds() []PrimaryOdds {
	var out []PrimaryOdds
	for _, u := range s.primaryCandidates() {
		c := s.Clone().(*State) // the same code as the roll, with u named
		c.cur.Primary = u
		out = append(out, PrimaryOdds{Unit: s.g.units[u].ID, Odds: c.fireOdds()})
	}
	return out
}

// BarrageOdds are the odds of one barrage the artillery counter being called
// may fire: at a target and a group (soa:14.3, 14.5).
type BarrageOdds struct {
	Target string    `json:"target"`
	Group  string    `json:"group"`
	Odds   *FireOdds `json:"odds"`
}

// barrageOdds lists the odds of every barrage the counter being called may
// still choose: each target while it picks one, then each group.
func (s *State) barrageOdds() []BarrageOdds {
	targets := []int16{s.cur.Target}
	if s.step == stArtTarget {
		targets = s.artilleryTargets(s.cur.Units[0])
	}
	var out []BarrageOdds
	for _, q := range targets {
		for g := uint8(0); g < 2; g++ {
			if !s.hasAffected(atkArtillery, q, q, g) {
				continue
			}
			c := s.Clone().(*State) // the same code as the roll, on the barrage as it would be designated
			c.cur.Target, c.cur.Group = q, g
			if o := c.fireOdds(); o != nil {
				out = append(out, BarrageOdds{Target: s.g.board.Place(int(q)).ID, Group: [2]string{"uncommitted", "committed"}[g], Odds: o})
			}
		}
	}
	return out
}

// CloseCombatOdds are the odds of the close combat attack being designated:
// one die plus the modifier eliminates the unit attacked from Need on (soa:9.6, 9.6.1).
type CloseCombatOdds struct {
	Target   string `json:"target"`
	Modifier int    `json:"modifier"` // further attackers and the better attack factor (soa:9.6.1 A, B)
	Need     int    `json:"need"`     // the lowest die that eliminates
	Ways     int    `json:"ways"`     // of the die's 6 faces
}

// closeCombatOdds are nil until the attack has an attacker.
func (s *State) closeCombatOdds() *CloseCombatOdds {
	if len(s.ccCur.Units) == 0 {
		return nil
	}
	extra, af := s.ccModifiers(s.ccCur)
	need := max(1, ccKill-extra-af)
	return &CloseCombatOdds{Target: s.g.units[s.ccCur.Target].ID, Modifier: extra + af, Need: need, Ways: 7 - need}
}

// SetFireOdds are the odds of the fire-setting attempt being designated: a
// die of AtMost or less sets the fire (soa:18.3, 18.81).
type SetFireOdds struct {
	AtMost int `json:"at_most"`
	Ways   int `json:"ways"` // of the die's 6 faces
}

// setFireNeed is the highest die that sets the fire: the attempt's strength
// plus the fire already burning (soa:18.3, 18.81).
func (s *State) setFireNeed() int {
	return s.setFireStrength(s.cur.Units) + int(s.fire[s.cur.Target])
}

// setFireOdds are nil unless a fire-setting attempt with units is designated.
func (s *State) setFireOdds() *SetFireOdds {
	if s.cur.Kind != atkSetFire || len(s.cur.Units) == 0 {
		return nil
	}
	n := s.setFireNeed()
	return &SetFireOdds{AtMost: n, Ways: min(6, n)}
}
