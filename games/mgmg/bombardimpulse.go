package mgmg

import (
	"fmt"
	"strings"

	"sandtable/engine"
)

// The Bombardment Impulse (mgmg:8.23, 11.1), as choices one at a time: the
// target area (kTarget); then what bombards: a Fresh Field Artillery unit
// in range as the lead (kLead) or, for the Allies in Clear weather, an
// unused Air Bombardment marker (kAir, mgmg:16.2, 16.22); with artillery,
// more Fresh artillery in range (kSupport) and, with Corps Artillery in the
// lead, a Barrage (kBarrage, mgmg:11.112), until done; then the primary
// target (kPrimary, mgmg:11.12). The dice follow, and the defender assigns
// the attrition points left (bombard.go). The frame's Unit is the lead, its
// Acted the artillery that fires, Air the marker's index plus one.

// distance is how many places apart a and b are, up to 2; 3 for further
// (mgmg:11.111, 15.13), from the table the game keeps (distances).
func (s *State) distance(a, b int16) int { return int(s.g.dist[int(a)*nPlaces+int(b)]) }

// distances is the table of distance for each pair of places i*nPlaces+j.
func distances(m *Map) []int8 {
	out := make([]int8, nPlaces*nPlaces)
	for a := range nPlaces {
		for b := range nPlaces {
			d := int8(3)
			switch {
			case a == b:
				d = 0
			case m.Adjacent(a, b):
				d = 1
			default:
				for _, q := range m.Neighbors(a) {
					if m.Adjacent(q, b) {
						d = 2
						break
					}
				}
			}
			out[a*nPlaces+b] = d
		}
	}
	return out
}

// reaches says whether field artillery unit u reaches target area p
// (mgmg:11.111, 15.11, 15.13, 14.4).
func (s *State) reaches(u, p int16) bool {
	at := s.units[u].Loc
	sup := Support{Unit: s.attacker(u), Distance: s.distance(at, p), Contested: s.contested(at), InZone: s.g.zone[at], TargetZone: s.g.zone[p]}
	return CheckBombardmentRange(sup) == nil
}

// guns are side sd's Fresh field artillery units that reach p (mgmg:11.11).
func (s *State) guns(sd side, p int16) []int16 {
	return s.reaching(s.freshGuns(sd), p)
}

// freshGuns are side sd's Fresh field artillery units on the map: only
// Fresh units act (mgmg:8.3, 11.11).
func (s *State) freshGuns(sd side) []int16 {
	var out []int16
	for u, st := range &s.units {
		if st.Loc >= 0 && st.Level == StepFresh && s.g.side[u] == sd && s.g.units[u].Type == FieldArtillery {
			out = append(out, int16(u))
		}
	}
	return out
}

// reaching are the guns that reach p.
func (s *State) reaching(guns []int16, p int16) []int16 {
	var out []int16
	for _, u := range guns {
		if s.reaches(u, p) {
			out = append(out, u)
		}
	}
	return out
}

// airMayBombard says whether the side that has Air Bombardment markers, the
// Allies (the Germans in fh40:16.2), may fly one at p now: Clear weather,
// not Overcast or Fog (mgmg:16.2, 17, fh40:17.3), and one of its units in
// or next to p, or an area it Controls next to it (mgmg:16.22, fh40:16.22):
// in Fortress Holland not a Zone, Controlled for Victory Points only
// (fh40:7.2).
func (s *State) airMayBombard(p int16) bool {
	air := s.g.airSide
	if s.active != air || s.weather != clear || s.inSecond() { // mgmg:16.21
		return false
	}
	if s.count(p, air) > 0 {
		return true
	}
	for _, q := range s.g.m.Neighbors(int(p)) {
		area := s.g.fh40 == nil || !s.g.zone[q]
		if s.count(int16(q), air) > 0 || area && s.controller(int16(q)) == air {
			return true
		}
	}
	return false
}

// bombers are the Air Bombardment markers ready to fly: Allied, unused
// today, and not the VIII Air marker, the Air Supply marker since D-Day
// (mgmg:16.1, 20.2).
func (s *State) bombers() []int {
	var out []int
	for i, m := range s.g.pieces.Setup.AirMarkers {
		if s.g.bomberMarkers&(1<<i) != 0 && m.Supply == 0 && s.airUsed&(1<<i) == 0 {
			out = append(out, i)
		}
	}
	return out
}

// legalTargets adds the areas the side to move may bombard: holding enemy
// units, and reached by its Fresh field artillery or an air marker; or
// bordered by a marker its artillery may name the primary target
// (mgmg:8.23, 11.11, 11.12). In Impulse 0 of September 17 the Germans
// attack nothing (mgmg:20.61).
func (s *State) legalTargets(buf []engine.Action) []engine.Action {
	if s.g.fh40 == nil && s.active == germans && s.turn == FirstDay && s.ddayImpulse() == 0 { // mgmg:20.61
		return buf
	}
	air, enemy, all := len(s.bombers()) > 0, s.active.other(), s.freshGuns(s.active)
	for p := range int16(nPlaces) {
		enemies := s.count(p, enemy) > 0
		if !enemies && len(s.markerTargets(nil, p, p, enemy)) == 0 {
			continue // neither a unit nor a marker on any boundary of p to bombard
		}
		guns := s.reaching(all, p)
		ok := enemies && (len(guns) > 0 || air && s.airMayBombard(p))
		for _, u := range guns {
			ok = ok || len(s.markerTargets(nil, p, s.units[u].Loc, enemy)) > 0
		}
		if ok {
			buf = append(buf, act(kTarget, int(p)))
		}
	}
	return buf
}

// markerTargets adds the markers a field artillery bombardment of p led
// from place at may name its primary target: a Ferry Crossing not destroyed,
// or a Construct marker of the defender def, on a boundary of both
// (mgmg:11.12, 19.22, 4.7).
func (s *State) markerTargets(buf []engine.Action, p, at int16, def side) []engine.Action {
	on := func(b Border) bool {
		return (b.A == int(p) || b.B == int(p)) && (b.A == int(at) || b.B == int(at))
	}
	for i, b := range s.g.ferries {
		if s.ferries[i] != ferryDestroyed && on(b) {
			buf = append(buf, act(kFerryTarget, i))
		}
	}
	for i, b := range s.g.bridges {
		if s.bridges[i].Construct[def] > 0 && on(b) {
			buf = append(buf, act(kConstructTarget, i))
		}
	}
	return buf
}

// hitMarker gives the marker named the primary target its attrition point
// of ap, if any, and leaves the rest on the frame for the defender's units
// (mgmg:11.41): a Ferry Crossing is destroyed for the rest of the game
// (mgmg:4.7); a Construct marker loses a level, and off the map goes to
// the Used box (mgmg:19.22).
func (s *State) hitMarker(f *frame, k kind, i, ap int) {
	f.AP = 0
	if ap < MarkerAttritionCost {
		s.logf("mgmg:11.41", "no attrition point: the primary target is unharmed")
		return
	}
	f.AP = int8(min(ap-MarkerAttritionCost, 127))
	if k == kFerryTarget {
		b := s.g.ferries[i]
		s.ferries[i] = ferryDestroyed
		s.logf("mgmg:4.7", "the Ferry Crossing between %p and %p is destroyed for the rest of the game", b.A, b.B)
		return
	}
	b := &s.bridges[i]
	b.Construct[f.Side]--
	if b.Construct[f.Side] == 0 {
		s.constructUsed[f.Side]++
	}
	s.logf("mgmg:19.22", "the %s Construct marker on the bridge between %p and %p is reduced to %d", int(f.Side), s.g.bridges[i].A, s.g.bridges[i].B, int(b.Construct[f.Side]))
}

// applyTarget declares the Bombardment Impulse on p (mgmg:8.23): it is not a
// pass (mgmg:8.24).
func (s *State) applyTarget(p int16) {
	s.passes = 0
	s.stack.push(frame{Proc: procBombard, Side: s.active.other(), Place: p, Unit: -1})
	s.step = stBombardWith
	s.logf("mgmg:8.23", "%S declare a Bombardment Impulse on %p", int(s.active), int(p))
}

// legalImpulseBombard lists the choices of the Bombardment Impulse's steps.
func (s *State) legalImpulseBombard(buf []engine.Action) []engine.Action {
	f := s.stack.top()
	switch s.step {
	case stBombardWith:
		for _, u := range s.guns(s.active, f.Place) {
			if s.count(f.Place, f.Side) > 0 || len(s.markerTargets(nil, f.Place, s.units[u].Loc, f.Side)) > 0 {
				buf = append(buf, act(kLead, int(u)))
			}
		}
		if s.count(f.Place, f.Side) > 0 && s.airMayBombard(f.Place) { // a marker is no air target (mgmg:11.12)
			for _, i := range s.bombers() {
				buf = append(buf, act(kAir, i))
			}
		}
	case stSupport:
		buf = append(buf, act(kDone, 0))
		lead := s.attacker(f.Unit)
		for _, u := range s.guns(s.active, f.Place) {
			if f.Acted.has(u) {
				continue
			}
			if _, err := BombardmentAV(lead, append(s.support(f), s.attacker(u)), false); err == nil {
				buf = append(buf, act(kSupport, int(u)))
			}
		}
		if lead.Artillery == CorpsArtillery && !f.Barrage {
			buf = append(buf, act(kBarrage, 0))
		}
	case stPrimary, stMistaken:
		us, ds := s.defenders(f.Place, f.Side, nil)
		for i, u := range us {
			if CheckPrimary(ds, i, f.Air > 0, false) == nil {
				buf = append(buf, act(kPrimary, int(u)))
			}
		}
		if s.step == stPrimary && f.Air == 0 {
			buf = s.markerTargets(buf, f.Place, s.units[f.Unit].Loc, f.Side)
		}
	}
	return buf
}

// support are the frame's artillery other than the lead.
func (s *State) support(f *frame) []Attacker {
	var out []Attacker
	for u := range int16(nUnits) {
		if u != f.Unit && f.Acted.has(u) {
			out = append(out, s.attacker(u))
		}
	}
	return out
}

// bombardAV is the attack value of the bombardment on the frame, and
// whether it is an air bombardment (mgmg:11.2, 16.2).
func (s *State) bombardAV(f *frame) (CombatValue, bool) {
	if f.Air > 0 {
		return AirBombardmentAV(s.g.pieces.Setup.AirMarkers[f.Air-1].AF), true
	}
	av, err := BombardmentAV(s.attacker(f.Unit), s.support(f), f.Barrage)
	if err != nil {
		panic("mgmg: " + err.Error())
	}
	return av, false
}

// applyImpulseBombard applies a choice of the Bombardment Impulse.
func (s *State) applyImpulseBombard(k kind, x int) {
	f := s.stack.top()
	switch k {
	case kLead:
		f.Unit = int16(x)
		f.Acted.add(int16(x))
		s.step = stSupport
		s.logf("mgmg:11.2", "%u leads the bombardment", x)
	case kAir:
		f.Air = int8(x + 1) // mgmg:16.2: in the target area while it resolves
		s.step = stPrimary
		s.logf("mgmg:16.2", "an Air Bombardment marker flies against %p (attack %d)", int(f.Place), s.g.pieces.Setup.AirMarkers[x].AF)
	case kSupport:
		f.Acted.add(int16(x))
		s.logf("mgmg:11.2", "%u joins the bombardment", x)
	case kBarrage:
		f.Barrage = true
		s.logf("mgmg:11.112", "%u leads a Barrage", int(f.Unit))
	case kDone:
		s.step = stPrimary
	case kPrimary:
		if s.step == stMistaken { // mgmg:16.23: the German names the Allied primary target
			s.logf("mgmg:16.23", "the Germans name %u the primary target of the mistaken attack", x)
			s.hitPrimary(f, int16(x), int(f.AP))
			s.nextAttrition()
			return
		}
		f.Aim, f.Primary = k, int16(x)
		s.rollBombardment()
	case kFerryTarget, kConstructTarget:
		f.Aim, f.Primary = k, int16(x)
		s.rollBombardment()
	}
}

// endImpulseBombardment ends the Bombardment Impulse (mgmg:11.4): a Barrage's
// artillery is Spent as the impulse ends (mgmg:11.112, 8.3), other
// artillery stays Fresh; an air marker goes back to its display used
// (mgmg:16.2); the Allied resolution DR is the impulse's Sunset DR, and an
// Air Bombardment does not advance the Advantage marker (mgmg:16.2, 6.3).
func (s *State) endImpulseBombardment() {
	if f := s.stack.top(); f.Mistaken > 0 { // mgmg:16.23, fh40:16.23: now the side that flew defends, and the other names its primary target
		def := f.Side
		f.Side, f.AP, f.Mistaken = def.other(), f.Mistaken, 0
		s.step, s.active = stMistaken, def
		return
	}
	f := s.stack.pop()
	imp := s.stack.top()
	if f.Barrage {
		for w := range imp.Acted {
			imp.Acted[w] |= f.Acted[w]
		}
	}
	if f.Air > 0 {
		s.airUsed |= 1 << (f.Air - 1)
		imp.Stay = true
	}
	s.noteSunsetDR(int(f.Roll))
	s.active = imp.Side
	s.endImpulse()
}

// preview labels a primary target with the bombardment's odds (issue 8
// section 5).
func (s *State) preview(f *frame, prim int16) string {
	av, air := s.bombardAV(f)
	return s.bombardLabel(fmt.Sprintf("Bombard %s with %s the primary target", s.g.placeName(f.Place), s.g.units[prim].Name), av, air, f.Place, prim)
}

// checkBombardStack checks the frames of a bombardment's steps: a
// bombardment alone in D-Day's phases, the German defending, or on the
// impulse of the side that declared it; the defender assigns the attrition
// points, the attacker makes the other choices.
func (s *State) checkBombardStack() error {
	f := s.stack.top()
	switch {
	case f.Proc != procBombard:
		return fmt.Errorf("stack: step %s needs a bombard frame on top", stepNames[s.step])
	case s.stack.n == 1 && (s.step != stAttrition || f.Side != germans || s.turn != FirstDay):
		return fmt.Errorf("stack: a bombardment outside an impulse is D-Day's, the German defending, in step attrition")
	case s.stack.n > 2:
		return fmt.Errorf("stack: %d frames in a bombardment, at most 2", s.stack.n)
	case s.stack.n == 2 && s.stack.frames[0].Proc != procImpulse:
		return fmt.Errorf("stack: a Bombardment Impulse's frame lies on an impulse")
	case s.stack.n == 2 && s.stack.frames[0].Side == f.Side && (f.Air == 0 || f.Side != s.g.airSide || f.Mistaken != 0 || s.step != stMistaken && s.step != stAttrition):
		return fmt.Errorf("stack: the side that bombards defends only against a mistaken attack of its air marker (mgmg:16.23)")
	case s.step == stAttrition && s.active != f.Side || s.step != stAttrition && s.active != f.Side.other():
		return fmt.Errorf("stack: in step %s the wrong side is to move", stepNames[s.step])
	case s.step == stSupport && (f.Unit < 0 || f.Unit >= nUnits || !f.Acted.has(f.Unit)):
		return fmt.Errorf("stack: a bombardment adds artillery once its lead is chosen")
	case s.step == stPrimary && f.Unit < 0 && f.Air == 0:
		return fmt.Errorf("stack: a bombardment chooses its primary target once its lead artillery or air marker is chosen")
	}
	return nil
}

// markerID names a marker as a primary target by its border:
// "primary-ferry:15/16", "primary-construct:23/28"; "" for no such marker.
func (s *State) markerID(k kind, i int) string {
	b, prefix := s.g.ferries, "primary-ferry:"
	if k == kConstructTarget {
		b, prefix = s.g.bridges, "primary-construct:"
	}
	if i >= len(b) {
		return ""
	}
	return prefix + s.g.placeIDs[b[i].A] + "/" + s.g.placeIDs[b[i].B]
}

// describeMarker labels a marker as a primary target with the preview
// (mgmg:11.12).
func (s *State) describeMarker(k kind, i int) (id, label, rule string) {
	f := s.stack.top()
	what, rule := "Ferry Crossing", "mgmg:4.7"
	if k == kConstructTarget {
		what, rule = "Construct marker", "mgmg:19.22"
	}
	id = s.markerID(k, i)
	av, _ := s.bombardAV(f)
	_, ds := s.defenders(f.Place, f.Side, nil)
	dv := BombardmentDV(s.g.m.TEM(int(f.Place)), false, ds)
	o := BombardmentPreview(av, dv, MarkerAttritionCost, DiceRolls(), DiceRolls())
	label = fmt.Sprintf("Bombard %s with the %s on %s the primary target: AV %d against DV %d, %s to hit it", s.g.placeName(f.Place), what, id[strings.IndexByte(id, ':')+1:], av.Total, dv.Total, percentOf(o.PrimaryReduced.Ways, o.PrimaryReduced.Of))
	return id, label, rule
}

// validAim checks a bombardment's primary target in a position: none yet,
// a unit, a Ferry Crossing or a bridge by index.
func (s *State) validAim(f *frame) bool {
	switch f.Aim {
	case 0:
		return f.Primary == 0
	case kPrimary:
		return f.Primary >= 0 && f.Primary < nUnits
	case kFerryTarget:
		return f.Primary >= 0 && int(f.Primary) < len(s.g.ferries)
	case kConstructTarget:
		return f.Primary >= 0 && int(f.Primary) < len(s.g.bridges)
	}
	return false
}
