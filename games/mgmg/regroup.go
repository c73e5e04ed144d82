package mgmg

import (
	"strings"

	"sandtable/engine"
)

// The Regroup Phase's moves (mgmg:6.5, 6.51): each side in turn, the
// Germans first, moves any of its units, Spent or Disrupted too, one place
// into an adjacent Free area or zone, within the restrictions of
// movement (movement.go, Ground.Regroup). A procRegroup frame keeps the
// units that have regrouped (each moves once) and the bridges' crossings
// this phase (mgmg:9.62); it exists from a side's first regroup move to
// its Done.
//
// Not yet enforced: two full areas swapping units (mgmg:6.51).

// regroupFrame is the side's Regroup in progress, nil before its first move.
func (s *State) regroupFrame() *frame {
	if s.stack.in(procRegroup) {
		return s.stack.top()
	}
	return nil
}

// legalRegroup lists Done and every regroup move of the side to move.
func (s *State) legalRegroup(buf []engine.Action) []engine.Action {
	buf = append(buf, act(kDone, 0))
	var f frame
	if r := s.regroupFrame(); r != nil {
		f = *r
	}
	g := s.ground(s.active, &f.Move)
	for u, st := range &s.units {
		if st.Loc < 0 || st.Loc == s.g.uk || s.g.side[u] != s.active || f.Acted.has(int16(u)) {
			continue
		}
		m := moverOf(&s.g.units[u])
		for _, to := range g.Map.Neighbors(int(st.Loc)) {
			if !g.Places[to].free() {
				continue // the common refusal, without building its error
			}
			for _, how := range []Via{ViaBorder, ViaFerry} {
				if how == ViaFerry && !g.Map.Ferry(int(st.Loc), to) {
					continue
				}
				if _, err := g.Regroup(m, int(st.Loc), to, how); err == nil {
					buf = append(buf, act(kRegroup, u|to<<8|int(how)<<16))
				}
			}
		}
	}
	return buf
}

// applyRegroup makes a regroup move, or ends the side's Regroup (mgmg:6.5).
func (s *State) applyRegroup(k kind, x int) {
	if k == kDone {
		if s.regroupFrame() != nil {
			s.stack.pop()
		}
		s.applyRegroupDone()
		return
	}
	if s.regroupFrame() == nil {
		s.stack.push(frame{Proc: procRegroup, Side: s.active})
	}
	f := s.regroupFrame()
	u, to, how := int16(x&0xff), x>>8&0xff, Via(x>>16)
	from := int(s.units[u].Loc)
	e, err := s.ground(s.active, &f.Move).Regroup(moverOf(&s.g.units[u]), from, to, how)
	if err != nil {
		panic("mgmg: a listed regroup move is refused: " + err.Error())
	}
	f.Acted.add(u)
	s.crossed(&f.Move, e, from, to)
	s.put(u, int16(to), s.units[u].Level)
	s.logf("mgmg:6.5", "%u regroups from %p to %p", int(u), from, to)
}

// describeRegroup names a regroup move: "regroup:UNIT:PLACE[:ferry]".
func (s *State) describeRegroup(x int, c *engine.Choice) {
	g := s.g
	u, to, how := x&0xff, x>>8&0xff, Via(x>>16)
	c.ID = "regroup:" + g.units[u].ID + ":" + g.placeIDs[to] + viaIDs[how]
	c.Label = strings.TrimSpace("Regroup " + g.units[u].Name + " to " + g.placeName(int16(to)) + " " + viaNames[how])
	c.Rule = "mgmg:6.5"
}

// parseRegroup reads the IDs describeRegroup writes.
func (s *State) parseRegroup(rest string) (engine.Action, bool) {
	g := s.g
	parts := strings.Split(rest, ":")
	if len(parts) < 2 || len(parts) > 3 {
		return 0, false
	}
	u, ok1 := g.byID[parts[0]]
	p, ok2 := g.placeIndex[parts[1]]
	how := ViaBorder
	if len(parts) == 3 {
		if parts[2] != "ferry" {
			return 0, false
		}
		how = ViaFerry
	}
	return act(kRegroup, int(u)|int(p)<<8|int(how)<<16), ok1 && ok2
}
