package mgmg

import (
	"fmt"
	"strconv"
)

// The Daylight Phase (mgmg:6.3, 8): impulses in pairs, the German first,
// the Allied second, the Advantage marker advancing a space on the Impulse
// Track after each pair (mgmg:3.7, 8.1). The Allied Sunset DR ends the day,
// changes the weather or lets it go on (mgmg:6.3, 12.41, 17.4); two Pass
// Impulses in a row end it at once (mgmg:8.24), and so does the marker
// moving off the track.

// impulseName is the space of the Impulse Track as printed: "C", "B", "A",
// then "0" to "13" (mgmg:3.7, 24.0).
func impulseName(i int8) string {
	if i < 0 {
		return string(rune('A' - 1 - i))
	}
	return strconv.Itoa(int(i))
}

// parseImpulse reads a space of the Impulse Track as impulseName writes it.
func parseImpulse(name string) (int8, bool) {
	for i := int8(firstImpulse); i <= lastImpulse; i++ {
		if impulseName(i) == name {
			return i, true
		}
	}
	return 0, false
}

// startDaylight begins the Daylight Phase at the space the Advantage marker
// stands on (mgmg:6.3; Impulse 0 on D-Day, mgmg:20.6).
func (s *State) startDaylight() {
	s.logf("mgmg:6.3", "Daylight Phase from Impulse %i", int(s.impulse))
	s.passes = 0
	s.beginImpulse(s.g.first)
}

// beginImpulse gives sd its impulse. A weather change the last sunset roll
// called for happens as the next German impulse begins (mgmg:6.3, 17.4).
func (s *State) beginImpulse(sd side) {
	if s.weather == fog && s.impulse > fogLastImpulse {
		s.weather = clear
		s.logf("fh40:17.3", "the fog lifts after Impulse %d", fogLastImpulse)
	}
	if sd == s.g.first && s.weatherChange {
		s.weatherChange = false
		s.weather = 1 - s.weather
		s.logf("mgmg:17.4", "the weather changes to %w", int(s.weather))
	}
	s.stack.push(frame{Proc: procImpulse, Side: sd})
	s.step, s.active = stImpulse, sd
	s.doubleLift() // mgmg:23.3
}

// applyPass is a Pass Impulse (mgmg:8.24): two in a row, of either side,
// end the Daylight Phase at once; otherwise the impulse ends as any other.
func (s *State) applyPass() {
	s.logf("mgmg:8.24", "%S pass", int(s.active))
	s.passes++
	if s.passes == 2 {
		s.exhaust(s.stack.pop().Acted)
		s.logf("mgmg:8.24", "two Pass Impulses in a row end the Daylight Phase")
		s.endDaylight()
		return
	}
	s.endImpulse()
}

// endImpulse ends the activation of the impulse on top of the stack: its
// units are Spent (mgmg:8.3), and the Allies make the Sunset DR if they
// have made none (mgmg:6.3); then a second activation may follow
// (mgmg:12.3, 14.5, double_impulse.go) before the impulse ends.
func (s *State) endImpulse() {
	f := s.impulseFrame()
	if s.offerDemolition(f) { // mgmg:8.21 step 3, bridge_impulse.go
		return
	}
	s.landersActed(f) // mgmg:18.42
	s.exhaust(f.Acted)
	f.Acted = units{}
	if f.Side != s.g.first && f.Sunset == 0 {
		s.offerReroll(rrSunset, s.rng.Die(6)+s.rng.Die(6), -1) // sunsetRolled once it stands
		return
	}
	s.activationDone()
}

// noteSunsetDR keeps roll, a DR of the Allies that stands after any reroll,
// as the Sunset DR of their impulse when it is its first (mgmg:6.3, 12.2).
func (s *State) noteSunsetDR(roll int) {
	if s.opt.cards {
		return // a card is no DR: the Allies roll the Sunset DR as the impulse ends (mgmg:23.7)
	}
	if s.firstSunsetDR() {
		s.stack.frames[0].Sunset = int8(roll)
	}
}

// firstSunsetDR reports that a DR of the impulse's side made now is its
// Sunset DR: the impulse is the Allies' (the German's in fh40:6.3), no
// D-Day phase run on an impulse frame (mgmg:20.4, 20.5; the coup's attack,
// fh40:20.3), and they have made none yet (mgmg:6.3).
func (s *State) firstSunsetDR() bool {
	f := &s.stack.frames[0]
	return s.stack.n > 0 && f.Proc == procImpulse && f.DDay.Phase == 0 && f.For != rrCoup && f.Side != s.g.first && f.Sunset == 0
}

// sunsetRolled records the Allied Sunset DR that stands: it decides the day
// once the impulse is over (mgmg:6.3, 12.3).
func (s *State) sunsetRolled(roll int) {
	s.impulseFrame().Sunset = int8(roll)
	s.activationDone()
}

// activationDone offers a second activation, or ends the impulse.
func (s *State) activationDone() {
	if !s.offerSecond(s.impulseFrame()) {
		s.finishImpulse()
	}
}

// finishImpulse ends the impulse: the losses' spaces on the Sunset DRM
// marker are moved (mgmg:12.41, advantage_loss.go); after the German's the
// Allies take theirs; after the Allies' their Sunset DR decides the day
// (mgmg:6.3).
func (s *State) finishImpulse() {
	if sd, _ := s.earnedSpaces(s.impulseFrame()); sd != nobody {
		s.step, s.active = stSunsetMarker, sd
		return
	}
	f := s.stack.pop()
	if f.Side == s.g.first {
		s.settleAdvantage() // mgmg:12.2, 12.4: spent or lost, it passes as the impulse ends
		s.beginImpulse(f.Side.other())
		return
	}
	s.sunset(int(f.Sunset), f.Stay)
}

// sunset applies the Allied Sunset DR with the Sunset DRM marker's space
// (mgmg:6.3, 12.41): the day ends, or goes on with the marker a space
// further, the weather changing as the next impulse begins if the roll
// equalled the impulse (mgmg:17.4). Off the track, the day ends. After an
// Air Bombardment the marker stays (mgmg:16.2).
func (s *State) sunset(roll int, stay bool) {
	s.settleAdvantage() // the Allied impulse ends with its Sunset DR (mgmg:12.5)
	out := Sunset(roll, int(s.sunsetDRM), int(s.impulse))
	s.logf("mgmg:6.3", "Sunset DR %d with modifier %d at Impulse %i", roll, int(s.sunsetDRM), int(s.impulse))
	if out.EndsDay {
		s.logf("mgmg:6.3", "the sun sets: the Daylight Phase ends")
		s.endDaylight()
		return
	}
	if out.WeatherChanges && s.g.fh40 == nil { // fh40:17.4 not used
		s.weatherChange = true
	}
	if stay {
		s.beginImpulse(s.g.first)
		return
	}
	if s.impulse == lastImpulse {
		s.logf("mgmg:6.3", "the Advantage marker moves off the Impulse Track: the Daylight Phase ends")
		s.endDaylight()
		return
	}
	s.impulse++
	s.beginImpulse(s.g.first)
}

// endDaylight ends the Daylight Phase: the Allies win at once with a
// Breakthrough (victory.go); otherwise the Refit Phase begins.
func (s *State) endDaylight() {
	s.weatherChange = false // mgmg:17.4: a change called for by the last roll never happens
	s.passes = 0
	if s.g.fh40 == nil && s.breakthrough() {
		s.end(allies, "breakthrough", s.victoryPoints(), fmt.Sprintf("a supplied Fresh Allied unit stands in Zone A, Apeldoorn, at the end of the Daylight Phase of September %d (mgmg:21.1)", s.turn))
		return
	}
	s.startRefit()
}

// exhaust flips the units that acted in an impulse to their Spent side as
// it ends (mgmg:8.3, 13.2); a unit Disrupted meanwhile keeps its marker,
// and one eliminated stays so.
func (s *State) exhaust(acted units) {
	for u := range s.units {
		if acted.has(int16(u)) && s.units[u].Loc >= 0 && s.units[u].Level == StepFresh {
			s.setLevel(int16(u), StepSpent)
		}
	}
}
