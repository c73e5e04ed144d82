package mgmg

import (
	"errors"
	"fmt"

	"sandtable/engine"
)

// Reorganization, an optional rule (mgmg:23.6): at the end of the Refit
// Phase, after the refits and the Surrender drs, a Spent or Disrupt 1 unit
// recovers a level by eliminating a Disrupt 1 or 2 unit of the same type in
// its place, Isolated or not. The Germans reorganize first, then the
// Allies, as they refit (mgmg:13.3); a unit refitted this phase may
// reorganize too, once (docs/conformance/mgmg.md).

// reorgType is the type a unit reorganizes with: infantry (mechanized
// too, mgmg:4.114), armour or field artillery; "" for the rest (FLAK and
// FLAK Towers), which do not reorganize (mgmg:23.6).
func (g *Game) reorgType(u int16) UnitType {
	switch t := g.units[u].Type; {
	case t.IsInfantry():
		return Infantry
	case t == Armored, t == FieldArtillery:
		return t
	}
	return ""
}

// startReorganization gives side sd its Reorganization step.
func (s *State) startReorganization(sd side) {
	s.active, s.step, s.reorganized = sd, stReorganize, units{}
}

// legalReorganizations lists each pair of a unit of the side that may
// recover a level (Spent or Disrupt 1, not yet reorganized) and a Disrupt 1
// or 2 unit of the same type in its place to eliminate, and done.
func (s *State) legalReorganizations(buf []engine.Action) []engine.Action {
	buf = append(buf, act(kDone, 0))
	for u := range int16(nUnits) {
		st := s.units[u]
		if s.g.side[u] != s.active || st.Loc < 0 || st.Loc == s.g.uk || st.Level != StepSpent && st.Level != StepDisrupt1 ||
			s.reorganized.has(u) || s.g.reorgType(u) == "" {
			continue
		}
		for v := range int16(nUnits) {
			if v != u && s.g.side[v] == s.active && s.units[v].Loc == st.Loc && s.units[v].Level >= StepDisrupt1 && s.g.reorgType(v) == s.g.reorgType(u) {
				buf = append(buf, act(kReorganize, int(u)|int(v)<<8))
			}
		}
	}
	return buf
}

// applyReorganization reorganizes unit u by eliminating unit v, or ends the
// side's step: the Allies' after the Germans', then the Refit Phase ends.
func (s *State) applyReorganization(k kind, x int) {
	if k == kReorganize {
		u, v := int16(x&0xff), int16(x>>8)
		s.put(v, locElim, StepFresh)
		s.setLevel(u, s.units[u].Level-1)
		s.reorganized.add(u)
		s.logf("mgmg:23.6", "%u reorganizes to "+s.units[u].Level.String()+" in %p, eliminating %u", int(u), int(s.units[u].Loc), int(v))
		return
	}
	if s.active == germans {
		s.startReorganization(allies)
		return
	}
	s.reorganized = units{}
	s.closeRefit()
}

// describeReorganization labels the reorganization of u by eliminating v.
func (s *State) describeReorganization(u, v int16) engine.Choice {
	a, b := &s.g.units[u], &s.g.units[v]
	return engine.Choice{ID: "reorganize:" + a.ID + ":" + b.ID, Rule: "mgmg:23.6", Refs: []string{"unit:" + a.ID, "unit:" + b.ID},
		Label: fmt.Sprintf("Reorganize %s to %s in %s by eliminating %s (%s)", a.Name, s.units[u].Level-1, s.g.placeName(s.units[u].Loc), b.Name, s.units[v].Level)}
}

// setReorganized reads the units reorganized, which exist only while a side
// reorganizes, with the option on (mgmg:23.6).
func (s *State) setReorganized(p Position) error {
	if s.step == stReorganize && !s.opt.reorganization {
		return errors.New("step reorganization: only with the reorganization option on (mgmg:23.6)")
	}
	if s.step != stReorganize && len(p.Reorganized) > 0 {
		return errors.New("reorganized: only while a side reorganizes (mgmg:23.6)")
	}
	for _, id := range p.Reorganized {
		u, ok := s.g.byID[id]
		if !ok || s.g.side[u] != s.active {
			return fmt.Errorf("reorganized: %q is no unit of the %s side", id, s.active.name())
		}
		s.reorganized.add(u)
	}
	return nil
}
