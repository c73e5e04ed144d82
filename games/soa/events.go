package soa

// The Random Events Determination Phase (soa:6.2, 16.2, 17).

import "sandtable/engine"

// eventRollMod is the modifier of the Random Events roll (soa:17.1, 8.44,
// 17.3): the Tactical Advantage, British units in zones D/E by threes,
// German units there by fives, and accepted armour events.
func (s *State) eventRollMod() int {
	mod := 1
	if s.ta == German {
		mod = -1
	}
	var n [2]int
	for side := German; side <= British; side++ {
		for _, u := range s.g.sideUnits[side] {
			if p := s.units[u].Loc; p == s.g.zone[3] || p == s.g.zone[4] {
				n[side]++
			}
		}
	}
	return mod + n[British]/3 - n[German]/5 + s.aBonus
}

// randomEvents rolls on the Random Events Table and carries out the result
// (soa:6.2, 17.1); the Movement/Fire Phase follows.
func (s *State) randomEvents() {
	d1, d2 := s.rng.Die(6), s.rng.Die(6)
	mod := s.eventRollMod()
	ev := s.g.tables.event(d1+d2+mod, s.turn)
	s.eventRoll = [3]int{d1, d2, mod}
	s.logf("soa:17.1", "%s rolls %d+%d, modified by %d: %d", int(s.ta), d1, d2, mod, d1+d2+mod)
	switch ev {
	case 'G':
		s.reinforce('G')
	case 'A': // soa:17.3: accept or take G instead
		s.logf("soa:17.3", "German armour is offered")
		s.step, s.active = stEventArmor, German
	case 'B':
		d := s.rng.Die(6)
		n := min((d+1)/2, len(s.poolLeft("B"))) // soa:17.41, 17.42
		s.logf("soa:17.41", "British reinforcements: die %d, %d "+engine.Plural(n, "unit arrives", "units arrive"), d, n)
		s.stack.push(frame{Proc: procPlacement, Pool: 'B', Left: int16(n)})
		s.nextBUnit()
	case 'C':
		s.logf("soa:17.51", "a Bren carrier runs the gauntlet")
		if left := s.poolLeft("C"); len(left) > 0 {
			s.stack.push(frame{Proc: procPlacement, Pool: 'C', Left: 1, Unit: left[0]})
			s.step, s.active = stEventCZone, British
			return
		}
		s.logf("soa:17.51", "no Bren carrier is left")
		s.endEvents()
	default:
		s.logf("soa:17.1", "no random event")
		s.endEvents()
	}
}

// poolLeft lists the counters of a random-event pool still available: once
// in play they never return (soa:17.2, 17.31, 17.42).
func (s *State) poolLeft(pool string) []int16 {
	var out []int16
	for u := range s.units {
		if s.g.units[u].Pool == pool && s.units[u].Loc == locPool {
			out = append(out, int16(u))
		}
	}
	return out
}

// reinforce rolls the coloured then the white die for German reinforcements
// of pool 'G' or 'A' (soa:17.21, 17.23, 17.32, 17.33).
func (s *State) reinforce(pool byte) {
	c, w := s.rng.Die(6), s.rng.Die(6)
	rule := "soa:17.21"
	if pool == 'A' {
		rule = "soa:17.32"
	}
	want := (c + 1) / 2
	left := s.poolLeft(string(pool))
	n := min(want, len(left))
	s.logf(rule, "German reinforcements: coloured die %d, white die %d: %d "+engine.Plural(want, "unit", "units"), c, w, want)
	if n < want {
		s.logf(rule, "%d "+engine.Plural(want-n, "is", "are")+" lost: none are left", want-n) // soa:17.23, 17.33
	}
	if w <= 5 {
		z := s.g.zone[w-1]
		for _, u := range left[:n] {
			s.put(u, z, false)
			s.logf(rule, "%u arrives in %p", int(u), int(z))
		}
		s.endEvents()
		return
	}
	s.stack.push(frame{Proc: procPlacement, Pool: pool, Left: int16(n)}) // white 6: the German picks, they arrive committed
	s.nextGZone()
}

// nextGZone asks for the zone of the next German unit of the placement frame.
func (s *State) nextGZone() {
	f := s.stack.top()
	if left := s.poolLeft(string(f.Pool)); f.Left > 0 && len(left) > 0 {
		f.Unit = left[0]
		s.step, s.active = stEventZone, German
		return
	}
	s.stack.pop()
	s.endEvents()
}

// nextBUnit asks for the next British reinforcement of the placement frame.
func (s *State) nextBUnit() {
	if f := s.stack.top(); f.Left > 0 && len(s.poolLeft("B")) > 0 {
		f.Unit = -1
		s.step, s.active = stEventBUnit, British
		return
	}
	s.stack.pop()
	s.endEvents()
}

// endEvents starts the Movement/Fire Phase (soa:6.3).
func (s *State) endEvents() {
	s.eventRoll = [3]int{} // shown only while the event is resolved
	s.startMF()
}

// legalEvent lists the choices of the reformed-unit and random-event steps.
func (s *State) legalEvent(buf []engine.Action) []engine.Action {
	switch s.step {
	case stReformPlace:
		for _, p := range s.reformPlaces() {
			buf = append(buf, act(kPlace, int(p)))
		}
	case stEventArmor:
		buf = append(buf, act(kAccept, 0), act(kDecline, 0))
	case stEventZone:
		for _, z := range s.g.zone {
			buf = append(buf, act(kPlace, int(z)))
		}
	case stEventBUnit:
		for _, u := range s.poolLeft("B") {
			buf = append(buf, act(kUnit, int(u)))
		}
	case stEventBZone, stEventCZone:
		buf = append(buf, act(kPlace, int(s.g.zone[3])), act(kPlace, int(s.g.zone[4])))
	}
	return buf
}

// applyEvent carries out a listed choice.
func (s *State) applyEvent(k kind, x int) {
	switch s.step {
	case stReformPlace:
		s.applyReform(int16(x))
	case stEventArmor:
		if k == kAccept {
			s.aBonus++ // soa:17.3
			s.logf("soa:17.3", "the German accepts the armour")
			s.reinforce('A')
			return
		}
		s.logf("soa:17.3", "the German declines the armour and takes infantry")
		s.reinforce('G')
	case stEventZone:
		u := s.stack.top().Unit
		s.put(u, int16(x), true) // soa:17.21, 17.32
		s.logf("soa:17.21", "%u arrives committed in %p", int(u), x)
		s.stack.top().Left--
		s.nextGZone()
	case stEventBUnit:
		s.stack.top().Unit, s.step = int16(x), stEventBZone
	case stEventBZone:
		u := s.stack.top().Unit
		s.put(u, int16(x), false)
		s.logf("soa:17.41", "%u arrives in %p", int(u), x)
		s.stack.top().Left--
		s.nextBUnit()
	case stEventCZone:
		u := s.stack.pop().Unit
		s.put(u, int16(x), false) // soa:17.51
		s.logf("soa:17.51", "%u arrives in %p", int(u), x)
		s.endEvents()
	}
}
