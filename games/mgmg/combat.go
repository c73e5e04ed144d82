package mgmg

import (
	"fmt"
	"strings"
)

// What assaults and bombardments share: a value shown as the sum of its
// terms, each with the rule that adds it, so that the client can preview
// "AV 11 = 8 point unit (mgmg:10.72A) + ..."; the dice or cards each side
// resolves with (mgmg:10.71, 23.71); the chance of each margin between the
// totals; and the states a unit steps through (mgmg:4.112, 4.4, 13.9).

// CombatTerm is one part of an attack or defence value.
type CombatTerm struct {
	Name  string `json:"name"`
	Rule  string `json:"rule"`
	Value int    `json:"value"`
}

// CombatValue is an attack or defence value before the dice, with its terms.
type CombatValue struct {
	Total int          `json:"total"`
	Terms []CombatTerm `json:"terms"`
}

// base adds the term a value starts from, even when it is zero or negative
// (a disrupted forward unit, mgmg:10.73A).
func (v *CombatValue) base(name, rule string, n int) {
	v.Total += n
	v.Terms = append(v.Terms, CombatTerm{Name: name, Rule: rule, Value: n})
}

// add adds a modifier that applies, leaving out the ones that do not.
func (v *CombatValue) add(name, rule string, n int) {
	if n != 0 {
		v.base(name, rule, n)
	}
}

// Format writes the value as its sum, as the preview and the log show it:
// "AV 11 = 8 point unit (mgmg:10.72A) + 1 more assaulting unit (mgmg:10.72B)".
func (v CombatValue) Format(label string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %d =", label, v.Total)
	for i, t := range v.Terms {
		switch {
		case i == 0:
			fmt.Fprintf(&b, " %d", t.Value)
		case t.Value < 0:
			fmt.Fprintf(&b, " - %d", -t.Value)
		default:
			fmt.Fprintf(&b, " + %d", t.Value)
		}
		fmt.Fprintf(&b, " %s (%s)", t.Name, t.Rule)
	}
	return b.String()
}

// WithRoll writes the value with its roll as the log shows a resolution:
// "AT 18 = AV 11 + DR 7" (mgmg:10.7, 11.4).
func (v CombatValue) WithRoll(label, valueLabel string, roll int) string {
	return fmt.Sprintf("%s %d = %s %d + DR %d", label, v.Total+roll, valueLabel, v.Total, roll)
}

// Step is how worn a unit is: Fresh, Spent, Disrupt 1, Disrupt 2, and
// eliminated after that (mgmg:4.112, 4.4). Each casualty point moves a unit
// one step (mgmg:10.8); the order is also the isolation level less one
// (mgmg:13.9).
type Step int8

const (
	StepFresh Step = iota
	StepSpent
	StepDisrupt1
	StepDisrupt2
	StepEliminated
)

// Disruption is the unit's disruption level, which lowers the defence
// factor of a forward unit (mgmg:10.73A).
func (s Step) Disruption() int { return max(0, int(s-StepSpent)) }

func (s Step) String() string {
	return [...]string{"Fresh", "Spent", "Disrupt 1", "Disrupt 2", "eliminated"}[s]
}

// Rolls counts the ways a side's resolution roll takes each total, indexed
// by the total (2 to 12).
type Rolls [13]int

// DiceRolls are the 36 equally likely throws of two dice (mgmg:10.71).
func DiceRolls() Rolls {
	var r Rolls
	for a := 1; a <= 6; a++ {
		for b := 1; b <= 6; b++ {
			r[a+b]++
		}
	}
	return r
}

// faces counts the faces of one die whose roll ok accepts, the chance of a
// dr in sixths.
func faces(ok func(dr int) bool) int {
	n := 0
	for dr := 1; dr <= 6; dr++ {
		if ok(dr) {
			n++
		}
	}
	return n
}

// Deck is the cards left in a side's deck of the alternate combat
// resolution, counted by value, a jack being 11 and the queen 12
// (mgmg:23.7, 23.71).
type Deck [13]int

// FullDeck is a shuffled deck of 36: one 2, two 3s, ... six 7s, ... one
// queen (mgmg:23.71), the same spread as the throws of two dice.
func FullDeck() Deck { return Deck(DiceRolls()) }

// Left is the number of cards not yet turned.
func (d Deck) Left() int {
	n := 0
	for _, c := range d {
		n += c
	}
	return n
}

// Rolls are the ways of the next card: the deck as it stands, or a full one
// when every card has been used, since it is then reshuffled (mgmg:23.71).
func (d Deck) Rolls() Rolls {
	if d.Left() == 0 {
		return Rolls(FullDeck())
	}
	return Rolls(d)
}

// Draw turns the i-th of the cards left (0 <= i < Rolls' total, the caller
// drawing i uniformly) and returns its value. An empty deck is reshuffled
// first. A card negated by the Advantage stays out until the reshuffle
// (mgmg:23.71), so a reroll is just another Draw.
func (d *Deck) Draw(i int) int {
	if d.Left() == 0 {
		*d = FullDeck()
	}
	for v, c := range d {
		if i < c {
			d[v]--
			return v
		}
		i -= c
	}
	panic(fmt.Sprintf("mgmg: draw %d from a deck of %d cards", i, d.Left()))
}

// Chance is Ways of Of equally likely pairs of rolls.
type Chance struct {
	Ways int     `json:"ways"`
	Of   int     `json:"of"`
	P    float64 `json:"p"`
}

func chance(ways, of int) Chance { return Chance{Ways: ways, Of: of, P: float64(ways) / float64(of)} }

// margins counts the ways each difference between the attacker's and the
// defender's roll comes up: ways[d+10] for d from -10 to 10.
func margins(att, def Rolls) (ways [21]int, of int) {
	for ra, wa := range att {
		for rd, wd := range def {
			if wa*wd == 0 {
				continue // totals no roll reaches, 0 and 1 among them
			}
			ways[ra-rd+10] += wa * wd
			of += wa * wd
		}
	}
	return ways, of
}

// CompareTotals is the margin of an attack: the Attack Total (value plus
// roll) less the Defense Total (mgmg:10.7, 11.4).
func CompareTotals(av, attackRoll, dv, defenceRoll int) int {
	return av + attackRoll - dv - defenceRoll
}
