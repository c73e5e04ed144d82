package soa

import "sandtable/engine"

// The turn sequence (soa:6): the Reinforcement & Reformed Unit Phase
// (soa:6.1, 16.1, 19, 20, 8.4, 5.1), the Random Events Phase (events.go),
// the Movement/Fire and Close Combat Phases (impulse.go, closecombat.go),
// fire extinguishing (soa:18.9) and the Victory Point Determination Phase
// (victory.go).

// Turns of the basic game (soa:3.4).
const lastTurn = 8

// startTurn runs the Reinforcement & Reformed Unit Phase of s.turn (soa:6.1)
// and goes on to the Random Events Phase (soa:6.2).
func (s *State) startTurn() {
	s.logf("soa:6.1", "turn %d begins", s.turn)
	s.enterTigers()
	for _, a := range s.g.artillery { // soa:14.2: usable again in the new turn
		s.setCommitted(a, false)
	}
	s.brensToTrack()
	if s.turn == 4 { // soa:5.1, 11.5.1
		for p, on := range s.perim {
			if on {
				s.setPerim(p, false)
				s.logf("soa:11.5.1", "the perimeter marker in %p is removed", p)
			}
		}
	}
	s.ammo = ammoLevel(s.turn)
	if s.turn == 6 || s.turn == 8 {
		s.logf("soa:20.1", "British ammunition shortage: level %d", s.ammo)
	}
	if (s.turn == 3 || s.turn == 6) && s.ta != German { // soa:8.4
		s.ta = German
		s.logf("soa:8.4", "the Tactical Advantage passes to %s", int(German))
	}
	s.startReform()
}

// enterTigers places the turn-5 Tigers in zone C uncommitted (soa:5.5, 16.1).
func (s *State) enterTigers() {
	if s.turn != 5 {
		return
	}
	for _, u := range s.g.sideUnits[German] {
		if s.g.units[u].Pool == "T5" && s.units[u].Loc == locPool {
			s.put(u, s.g.zone[2], false)
			s.logf("soa:16.1", "%u arrives in %p", int(u), int(s.g.zone[2]))
		}
	}
}

// brensToTrack moves Bren carriers that begin the turn in a British-controlled
// victory point area to the Turn Record Track (soa:17.52, 20.3).
func (s *State) brensToTrack() {
	for _, u := range s.g.sideUnits[British] {
		p := s.units[u].Loc
		if s.typ(u) != Bren || p < 0 || s.g.board.Place(int(p)).VP == 0 || s.control[p] != British {
			continue
		}
		s.put(u, locTrack, false)
		s.logf("soa:17.52", "%u reaches %p and goes onto the Turn Record Track", int(u), int(p))
	}
}

// ammoLevel is the British ammunition shortage in a turn (soa:20.1, 20.2).
func ammoLevel(turn int) int {
	switch {
	case turn >= 8:
		return 2
	case turn >= 6:
		return 1
	}
	return 0
}

// ammoPenalty is what the British deduct from the AV of a non-close-combat
// attack (soa:20.1, 20.2): one less per Bren carrier on the Turn Record
// Track, never below 0, and no relief for artillery (soa:20.3). Close combat
// never pays it (soa:20.4).
func (s *State) ammoPenalty(artillery bool) int {
	if artillery {
		return s.ammo
	}
	n := 0
	for _, u := range s.g.sideUnits[British] {
		if s.units[u].Loc == locTrack {
			n++
		}
	}
	return max(0, s.ammo-n)
}

// --- reformed units (soa:19) ---

// britishVPAreas lists the victory point areas the British control.
func (s *State) britishVPAreas() []int16 {
	var out []int16
	for p := 0; p < s.g.board.Len(); p++ {
		if s.g.board.Place(p).VP > 0 && s.control[p] == British {
			out = append(out, int16(p))
		}
	}
	return out
}

// nextReformed is the next unused reformed-unit counter, or -1 (soa:19.6).
func (s *State) nextReformed() int16 {
	for _, u := range s.g.sideUnits[British] {
		if s.g.units[u].Pool == "R" && s.units[u].Loc == locPool && !s.reformUsed[u] {
			return u
		}
	}
	return -1
}

// startReform counts the units lost since the last phase, rolls for the
// remainder, empties the box for good and starts placing (soa:19.1-19.6).
func (s *State) startReform() {
	lost := 0
	for u := range s.units {
		if s.units[u].Loc == locBox {
			lost += int(s.units[u].Weight) // soa:19.21, 19.22
		}
	}
	n := 0
	areas := s.britishVPAreas()
	switch {
	case lost == 0:
	case len(areas) == 0:
		s.logf("soa:19.4", "the British control no victory point area: no reformed units")
	case s.nextReformed() < 0:
		s.logf("soa:19.6", "all reformed unit counters have been used")
	default:
		n = lost / 6
		if r := lost % 6; r > 0 {
			d := s.rng.Die(6)
			s.logf("soa:19.1", "%d "+engine.Plural(lost, "unit", "units")+" lost: the British roll %d for the remainder of %d", lost, d, r)
			if d <= r {
				n++
			}
		}
		s.logf("soa:19.1", "%d "+engine.Plural(n, "reformed unit is", "reformed units are")+" due", n)
	}
	for u := range s.units { // soa:19.2
		if s.units[u].Loc == locBox {
			s.put(int16(u), locElim, false)
			s.edit(int16(u), func(st *unitState) { st.Weight = 0 })
		}
	}
	s.stack.push(frame{Proc: procPlacement, Pool: 'R', Left: int16(n)})
	s.nextReform()
}

// nextReform asks where the next reformed unit goes, or moves on to the
// Random Events Phase when none is left to place.
func (s *State) nextReform() {
	u := s.nextReformed()
	if left := int(s.stack.top().Left); left <= 0 || u < 0 || len(s.reformPlaces()) == 0 {
		if left > 0 && u >= 0 {
			s.logf("soa:19.4", "%d "+engine.Plural(left, "reformed unit finds", "reformed units find")+" no British victory point area with room", left)
		}
		s.stack.pop()
		s.randomEvents()
		return
	}
	s.stack.top().Unit = u
	s.step, s.active = stReformPlace, British
}

// reformPlaces are the British-controlled victory point areas with room for
// one more infantry unit (soa:7.1) that have not had a reformed unit in this
// round; when every one has, a new round begins, so that no area gets a
// second while another has none (soa:19.4).
func (s *State) reformPlaces() []int16 {
	given := s.stack.top().Given
	var fit, out []int16
	for _, p := range s.britishVPAreas() {
		if s.fits(p, British, 1, 0) {
			fit = append(fit, p)
			if given&(1<<uint(p)) == 0 {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return fit
	}
	return out
}

func (s *State) applyReform(p int16) {
	f := s.stack.top()
	if f.Given&(1<<uint(p)) != 0 { // a new round of placements
		f.Given = 0
	}
	f.Given |= 1 << uint(p)
	u := f.Unit
	s.put(u, p, false)
	s.setReformUsed(u)
	s.logf("soa:19.4", "reformed unit %u is placed in %p", int(u), int(p))
	s.stack.top().Left--
	s.nextReform()
}

// --- end of the Close Combat Phase ---

// endCloseCombat is called when close combat is over: the British roll to
// extinguish each fire (soa:6.4, 18.9), then victory points (soa:6.5).
func (s *State) endCloseCombat() {
	s.extPlace = -1
	s.nextExtinguish()
}

// nextExtinguish rolls for the next place with a fire counter, offering the
// roll to the Tactical Advantage holder (soa:8.41).
func (s *State) nextExtinguish() {
	for p := int(s.extPlace) + 1; p < len(s.fire); p++ {
		if s.fire[p] == 0 {
			continue
		}
		s.extPlace = int16(p)
		s.active = British
		s.rollExtinguish()
		s.offerReroll(rrExtinguish)
		return
	}
	s.extPlace, s.extDie = -1, 0
	s.victoryPhase()
}

func (s *State) rollExtinguish() {
	s.extDie = s.rng.Die(6)
	s.logf("soa:18.9", "the British roll %d to put out the level %d fire in %p", s.extDie, int(s.fire[s.extPlace]), int(s.extPlace))
}

// extinguishNeed is the lowest die that puts out the fire rolled for:
// level 1 goes on 5-6, level 2 on 6 (soa:18.9).
func (s *State) extinguishNeed() int {
	if s.fire[s.extPlace] >= 2 {
		return 6
	}
	return 5
}

// afterExtinguishRoll resolves the roll once the reroll offer is settled.
func (s *State) afterExtinguishRoll(rerolled bool) {
	if rerolled {
		s.rollExtinguish()
	}
	p := s.extPlace
	if s.extDie >= s.extinguishNeed() {
		s.setFire(int(p), 0)
		s.logf("soa:18.9", "the fire in %p is put out", int(p))
	}
	s.nextExtinguish()
}
