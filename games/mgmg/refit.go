package mgmg

import "sandtable/engine"

// The Refit Phase (mgmg:6.4, 13.3). Built so far: the last step of each
// side's refit, buying Impulse Advances and Retractions with Reserves for
// the next day (mgmg:13.7), and the Surrender drs after both (supply.go,
// mgmg:13.9). Depots and refits (mgmg:13.4-13.6) are not yet built.

// impulseCost is what an Impulse Advance or Retraction costs (mgmg:13.7).
const impulseCost = 10

// maxPurchases is the most a player buys in a Refit Phase (mgmg:13.7).
const maxPurchases = 3

// legalPurchases adds the Advances and Retractions the side refitting may
// buy: ten Reserves each, three at most, the marker staying on the Impulse
// Track (mgmg:13.7, 3.7).
func (s *State) legalPurchases(buf []engine.Action) []engine.Action {
	if s.reserves[s.active] < impulseCost || s.purchases == maxPurchases {
		return buf
	}
	if s.impulse < lastImpulse {
		buf = append(buf, act(kAdvance, 0))
	}
	if s.impulse > firstImpulse {
		buf = append(buf, act(kRetract, 0))
	}
	return buf
}

// buyImpulse spends ten Reserves to move the Advantage marker a space for
// the start of the next day (mgmg:6.4, 13.7).
func (s *State) buyImpulse(k kind) {
	s.reserves[s.active] -= impulseCost
	s.purchases++
	if k == kAdvance {
		s.impulse++
		s.logf("mgmg:13.7", "%s buys an Impulse Advance: the next day begins at Impulse %i", int(s.active), int(s.impulse))
		return
	}
	s.impulse--
	s.logf("mgmg:13.7", "%s buys an Impulse Retraction: the next day begins at Impulse %i", int(s.active), int(s.impulse))
}
