package soa

import "sandtable/engine"

// Setting fires (soa:18): German infantry sharing an area with uncommitted
// British infantry try to burn them out of their positions.

// setFireStrength counts the units of the attempt, engineers as three (soa:18.3).
func (s *State) setFireStrength(units []int16) int {
	n := 0
	for _, u := range units {
		if s.typ(u) == Engineer {
			n += 3
		} else {
			n++
		}
	}
	return n
}

// rollSetFire throws the die of the current fire-setting attempt.
func (s *State) rollSetFire() {
	s.rolls[0] = s.rng.Die(6)
	s.logf("soa:18.3", "fire setting in %p: rolled %d against %d", int(s.cur.Target), s.rolls[0], s.setFireStrength(s.cur.Units)+int(s.fire[s.cur.Target]))
}

// afterSetFireRoll: success on a roll up to the strength plus the fire level
// (soa:18.3, 18.8, 18.81); that many uncommitted British units are committed,
// the excess ignored (soa:18.4); the fire grows to level 2 at most (soa:18.82).
func (s *State) afterSetFireRoll() {
	t, d := s.cur.Target, s.rolls[0]
	if d > s.setFireStrength(s.cur.Units)+int(s.fire[t]) {
		s.logf("soa:18.3", "the fire does not take in %p", int(t))
		s.nextAttack()
		return
	}
	s.setFire(int(t), min(2, s.fire[t]+1))
	s.logf("soa:18.8", "%p burns (level %d)", int(t), int(s.fire[t]))
	s.stack.push(frame{Proc: procFireCommit, Left: int16(d)})
	s.step, s.active = stFireCommit, British
	s.autoFireCommit()
}

func (s *State) fireCommitCandidates(buf []engine.Action) []engine.Action {
	for _, u := range s.g.sideUnits[British] {
		if s.units[u].Loc == s.cur.Target && !s.units[u].Committed && !s.units[u].Hidden {
			buf = append(buf, act(kCommit, int(u)))
		}
	}
	return buf
}

func (s *State) legalFireCommit(buf []engine.Action) []engine.Action {
	return s.fireCommitCandidates(buf)
}

// autoFireCommit commits every candidate when there are no more than required.
func (s *State) autoFireCommit() {
	var tmp [16]engine.Action
	c := s.fireCommitCandidates(tmp[:0])
	if len(c) <= int(s.stack.top().Left) {
		for _, a := range c {
			_, u := split(a)
			s.setCommitted(int16(u), true)
			s.logf("soa:18.4", "%u is committed by the fire", u)
		}
		s.stack.pop()
		s.nextAttack()
	}
}

func (s *State) applyFireCommit(u int16) {
	s.setCommitted(u, true)
	s.logf("soa:18.4", "%u is committed by the fire", int(u))
	f := s.stack.top()
	f.Left--
	if f.Left == 0 {
		s.stack.pop()
		s.nextAttack()
		return
	}
	s.autoFireCommit()
}
