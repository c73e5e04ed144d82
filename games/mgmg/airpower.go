package mgmg

import "sandtable/engine"

// Airpower (mgmg:16). Here: the German Air Interdiction markers
// (mgmg:16.4). From its date (mgmg:18.2) each may be placed, as the whole
// of a German impulse, in a place holding a Drop Area or an Airborne Supply
// Head that has none yet; it raises that place's Interdiction Value by one
// (mgmg:18.44) until the end of the Refit Phase, when it returns to its
// display. A Double Impulse may follow it, but not to place the other
// marker (double_impulse.go). The Allied Air Bombardments are
// bombardimpulse.go's (mgmg:16.2, 16.21-16.23), the Air Supply marker
// depots.go's (mgmg:16.3, 13.424).

// noMarker is where an air marker off the map is: in its display.
const noMarker int8 = -1

// interdictionMarker is a German Air Interdiction marker ready to be placed
// today, -1 if none is (mgmg:16.4, 18.2).
func (s *State) interdictionMarker() int {
	for i, m := range s.g.pieces.Setup.AirMarkers {
		if m.Kind == InterdictionMarker && int8(m.Entry) <= s.turn && s.airAt[i] == noMarker {
			return i
		}
	}
	return -1
}

// markerIn reports an Air Interdiction marker in place p.
func (s *State) markerIn(p int16) bool {
	for _, at := range s.airAt {
		if at >= 0 && int16(at) == p {
			return true
		}
	}
	return false
}

// legalInterdiction adds the places where the German may place an Air
// Interdiction marker this impulse (mgmg:16.4).
func (s *State) legalInterdiction(buf []engine.Action) []engine.Action {
	if s.active != germans || s.interdictionMarker() < 0 {
		return buf
	}
	for p := range nPlaces {
		if (s.g.m.Drop(p) != "" || s.g.m.SupplyHead(p)) && !s.markerIn(int16(p)) {
			buf = append(buf, act(kInterdict, p))
		}
	}
	return buf
}

// applyInterdiction places the marker: the German impulse does nothing
// else (mgmg:16.4) and is not a pass (mgmg:8.24). It stays until the end of
// the Refit Phase, so each marker flies once a day.
func (s *State) applyInterdiction(p int16) {
	i := s.interdictionMarker()
	s.airAt[i] = int8(p)
	s.passes = 0
	s.logf("mgmg:16.4", "the Germans place an Air Interdiction marker in %p", int(p))
	s.endImpulse()
}

// airMarkers are the air markers on the map, by ID, with where they are;
// nil when none is.
func (s *State) airMarkers() map[string]string {
	var out map[string]string
	for i, m := range s.g.pieces.Setup.AirMarkers {
		if at := s.airAt[i]; at != noMarker {
			if out == nil {
				out = map[string]string{}
			}
			out[m.ID] = s.g.placeIDs[at]
		}
	}
	return out
}

// recallInterdiction returns the Air Interdiction markers to their display
// at the end of the Refit Phase (mgmg:16.4); they may fly again the next day.
func (s *State) recallInterdiction() {
	for i := range s.airAt {
		s.airAt[i] = noMarker
	}
}
