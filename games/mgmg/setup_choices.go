package mgmg

import (
	"fmt"
	"strings"

	"sandtable/engine"
)

// The set-up as choices (mgmg:5.2): each side, the Germans first, places
// the units of its Setup Card, all at once (setup-historical: the card is
// our reconstruction of the historical set-up) or a formation at a time
// (formation:ID: a division, a corps' own units, or the units of neither).
// The card names the area or zone of every unit, so these choices differ
// only in how many units one places: every set-up reaches the same
// position (docs/conformance/mgmg.md, "The set-up").

var phaseSetup = engine.Phase{ID: "set-up", Name: "Set-up", Rule: "mgmg:5.2"}

// formation is a group of units that set up together.
type formation struct {
	id, name string
	side     side
}

// formations lists the formations of the order of battle, in its order,
// and the formation of each unit.
func (g *Game) formations() ([]formation, []int) {
	var list []formation
	of := make([]int, len(g.units))
	for u := range g.units {
		d := &g.units[u]
		f := formation{side: g.side[u]}
		switch {
		case d.Division != "":
			f.id, f.name = d.Division, d.Division+" Division"
		case d.Corps != "":
			f.id, f.name = d.Corps, d.Corps+" Corps"
		default:
			f.id, f.name = "other-"+f.side.String(), "other "+g.sideName(f.side)+" units"
		}
		f.id = strings.ToLower(strings.ReplaceAll(f.id, " ", "-"))
		of[u] = -1
		for k := range list {
			if list[k].id == f.id {
				of[u] = k
			}
		}
		if of[u] < 0 {
			of[u] = len(list)
			list = append(list, f)
		}
	}
	return list, of
}

// formationIndex is the formation with choice ID id, -1 for none.
func (g *Game) formationIndex(id string) int {
	list, _ := g.formations()
	for k, f := range list {
		if f.id == id {
			return k
		}
	}
	return -1
}

// setupLeft counts the units of the side to move still to set up, in all
// and by formation.
func (s *State) setupLeft() (int, []int) {
	by := make([]int, s.g.nFormations)
	n := 0
	for _, u := range s.g.sideUnits[s.active] {
		if _, ok := s.setupPlace(int(u)); ok && s.units[u].Loc == locPool {
			by[s.g.formationOf[u]]++
			n++
		}
	}
	return n, by
}

// legalSetup: the whole card, or each formation with units still to place.
func (s *State) legalSetup(buf []engine.Action) []engine.Action {
	buf = append(buf, act(kSetupAll, 0))
	_, by := s.setupLeft()
	for k, n := range by {
		if n > 0 {
			buf = append(buf, act(kFormation, k))
		}
	}
	return buf
}

func (s *State) describeSetup(c *engine.Choice, k kind, x int) {
	n, by := s.setupLeft()
	c.Rule = s.g.setupRule()
	if k == kSetupAll {
		c.ID, c.Label = "setup-historical", "Set up as "+s.g.setupCard()+" (the historical set-up, our reconstruction): "+unitCount(n)
		return
	}
	list, _ := s.g.formations()
	c.ID, c.Label = "formation:"+list[x].id, fmt.Sprintf("Set up the %s: %s", list[x].name, unitCount(by[x]))
}

// applySetup places the units the choice names, fresh side up (mgmg:5.2),
// and moves on once the side has placed them all.
func (s *State) applySetup(k kind, x int) {
	n := 0
	for _, u := range s.g.sideUnits[s.active] {
		loc, ok := s.setupPlace(int(u))
		if ok && s.units[u].Loc == locPool && (k == kSetupAll || s.g.formationOf[u] == x) {
			s.put(u, loc, StepFresh)
			n++
		}
	}
	s.logf(s.g.setupRule(), "the %s side places %d units as "+s.g.setupCard(), int(s.active), n)
	s.nextSetup()
}

// nextSetup hands the set-up to the other side once the first has placed
// every unit, and begins play once both have (mgmg:5.3, fh40:5.3).
func (s *State) nextSetup() {
	for {
		if n, _ := s.setupLeft(); n > 0 {
			return
		}
		if s.active == s.g.firstToSetUp() {
			s.active = s.active.other()
			continue
		}
		s.startPlay()
		return
	}
}

// setupAsks is what the set-up asks of the side to move, and what the
// other is told.
func (s *State) setupAsks() (ask, wait string) {
	n, _ := s.setupLeft()
	return "Set-up: place your " + unitCount(n) + " as " + s.g.setupCard() + ", all at once or a formation at a time", "the " + s.g.sideName(s.active) + " set-up"
}

// setupCard says what shows each unit's set-up place: a Setup Card in
// mgmg, the counter backs in Fortress Holland (fh40:5.2).
func (g *Game) setupCard() string {
	if g.fh40 != nil {
		return "the counter backs show"
	}
	return "the Setup Card shows"
}

// setupRule is the rule of the set-up.
func (g *Game) setupRule() string {
	if g.fh40 != nil {
		return "fh40:5.2"
	}
	return "mgmg:5.2"
}

// unitCount is a count of units in words.
func unitCount(n int) string {
	if n == 1 {
		return "1 unit"
	}
	return fmt.Sprintf("%d units", n)
}

// SettingUp implements engine.SettingUp: bots set up without the pause
// that lets people follow their moves.
func (s *State) SettingUp() bool { return s.step == stSetup }
