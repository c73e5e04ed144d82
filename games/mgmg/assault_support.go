package mgmg

// Field artillery supporting an assault (mgmg:10.72C, 15.12, 15.13): once
// the Point Unit is named the attacker adds, one at a time, Fresh field
// artillery of its side that did not move this impulse, in range and of
// the assault's division (CheckSupport). It stays Fresh (mgmg:8.3) and
// supports no other assault this impulse, save after an overrun
// (mgmg:10.5).

// supportChoices are the field artillery units that may still support the
// assault of frame f.
func (s *State) supportChoices(f *frame) []int16 {
	imp := &s.stack.frames[s.stack.n-2]
	a, _, _ := s.assaultValues(f, f.Fight.Point-1, -1)
	assault := append([]Attacker{a.Point}, a.Others...)
	p := f.Fight.Place
	var out []int16
	for u, st := range &s.units {
		v := int16(u)
		if st.Loc < 0 || st.Loc == s.g.uk || s.g.side[u] != f.Side || st.Level != StepFresh || s.g.units[u].Type != FieldArtillery ||
			f.Fight.Attackers.has(v) || f.Fight.Support.has(v) || imp.Move.Supported.has(v) || imp.Acted.has(v) {
			continue
		}
		sp := Support{Unit: s.attacker(v), Distance: s.distance(st.Loc, p), Contested: s.contested(st.Loc),
			InZone: s.g.zone[st.Loc], TargetZone: s.g.zone[p]}
		if CheckSupport(sp, assault) == nil {
			out = append(out, v)
		}
	}
	return out
}

// supportAssault adds artillery unit u to the assault; the attacker names more
// while any may (mgmg:15.12).
func (s *State) supportAssault(u int16) {
	f := s.fightFrame()
	f.Fight.Support.add(u)
	s.stack.frames[s.stack.n-2].Move.Supported.add(u)
	s.logf("mgmg:15.12", "%u supports the assault", int(u))
	if f.Fight.May == (units{}) && len(s.supportChoices(f)) == 0 {
		s.askForward()
	}
}
