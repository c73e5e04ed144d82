package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// Involuntary loss of the Advantage and the Sunset DRM marker (mgmg:12.4,
// 12.41): the impulse frame counts each side's units eliminated in it
// (Lost). The German's third loss, or the Allies' first, takes the
// Advantage from that side if it holds it then (after any reroll: 12.5);
// it passes to the other side as the impulse ends (Held records it). As the
// impulse ends, after a second activation if one is taken (12.3, 14.5), the
// losses earn the other side spaces on the Sunset DRM marker, which it moves
// by up to that many spaces, all one way (docs/conformance/mgmg.md).

// countLoss counts unit u, just eliminated, among its side's losses of the
// impulse in progress; losses outside an impulse (the Refit Phase's
// surrenders, D-Day's phases) count for nothing here.
func (s *State) countLoss(u int16) {
	if s.stack.n == 0 || s.stack.frames[0].Proc != procImpulse || s.ddayFrame() != nil {
		return
	}
	f := &s.stack.frames[0]
	sd := s.g.side[u]
	f.Lost[sd] = min(f.Lost[sd]+1, nUnits)
	if n := int(f.Lost[sd]); !s.losesAdvantage(sd, n) || s.losesAdvantage(sd, n-1) {
		return // the count that takes the Advantage is passed once
	}
	f.Held[sd] = s.advantage == sd
	if f.Held[sd] {
		s.advantage, s.advantageNext = nobody, sd.other()
		s.logf("mgmg:12.4", "%d "+engine.Plural(int(f.Lost[sd]), "unit", "units")+" lost: %S lose the Advantage, which passes to the other side as the impulse ends", int(f.Lost[sd]), int(sd))
	}
}

// losesAdvantage reports n units of side sd eliminated in one impulse as
// enough to take the Advantage from it (mgmg:12.4): three of the side that
// takes the first impulse, the Germans (the Dutch in fh40:12.4), one of the
// other.
func (s *State) losesAdvantage(sd side, n int) bool {
	if sd == s.g.first {
		return GermanLosesAdvantage(n)
	}
	return AlliedLosesAdvantage(n)
}

// earnedSpaces is the side that may move the Sunset DRM marker for the
// losses of the impulse f, and by how many spaces: first the Allies for
// German losses, then the German for Allied losses (mgmg:12.41). A side's
// losses are cleared once their spaces are used.
//
// In Fortress Holland the roles turn: the German moves it for the Dutch
// losses, by the count of mgmg's German losses, and no German loss moves it
// (fh40:12.41).
func (s *State) earnedSpaces(f *frame) (side, int) {
	first := s.g.first
	if n := SunsetSpacesForGermanLosses(int(f.Lost[first]), f.Held[first]); n > 0 {
		return first.other(), n
	}
	if s.g.fh40 != nil {
		return nobody, 0
	}
	if n := SunsetSpacesForAlliedLosses(int(f.Lost[allies]), f.Held[allies]); n > 0 {
		return germans, n
	}
	return nobody, 0
}

// legalSunsetMarker lists the spaces the side may move the marker to: up
// to its earned spaces either way, on the Impulse Track (mgmg:12.41, 3.7),
// staying where it is included.
func (s *State) legalSunsetMarker(buf []engine.Action) []engine.Action {
	_, n := s.earnedSpaces(s.impulseFrame())
	for v := max(int(s.sunsetDRM)-n, firstImpulse); v <= min(int(s.sunsetDRM)+n, lastImpulse); v++ {
		buf = append(buf, act(kSunsetMarker, v))
	}
	return buf
}

// applySunsetMarker moves the marker to space v and goes on ending the
// impulse (mgmg:12.41).
func (s *State) applySunsetMarker(v int) {
	f := s.impulseFrame()
	loser := s.active.other()
	f.Lost[loser], f.Held[loser] = 0, false
	if v != int(s.sunsetDRM) {
		s.sunsetDRM = int8(v)
		s.logf("mgmg:12.41", "%S move the Sunset DRM marker to %d", int(s.active), v)
	}
	s.finishImpulse()
}

// describeSunsetMarker labels a space of the marker: Sun above zero,
// Moon below (mgmg:12.41).
func (s *State) describeSunsetMarker(v int, c *engine.Choice) {
	c.ID, c.Rule = fmt.Sprintf("sunset-drm:%+d", v), "mgmg:12.41"
	switch {
	case v == int(s.sunsetDRM):
		c.Label = fmt.Sprintf("Leave the Sunset DRM marker at %+d", v)
	case v > 0:
		c.Label = fmt.Sprintf("Move the Sunset DRM marker to Sun %+d: later %s Sunset DRs get %+d", v, s.g.sideName(s.g.first.other()), v)
	case v < 0:
		c.Label = fmt.Sprintf("Move the Sunset DRM marker to Moon %d: later %s Sunset DRs get %d", v, s.g.sideName(s.g.first.other()), v) // the German's in fh40:12.41
	default:
		c.Label = "Move the Sunset DRM marker to 0: no modifier"
	}
}

// sunsetMarkerAsks is what the marker's step asks (mgmg:12.41).
func (s *State) sunsetMarkerAsks() (ask, wait string) {
	_, n := s.earnedSpaces(s.impulseFrame())
	return fmt.Sprintf("The enemy's losses this impulse earn you %d spaces: move the Sunset DRM marker (now %+d) up to %d spaces either way, or leave it", n, s.sunsetDRM, n),
		"where the Sunset DRM marker moves"
}
