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

// startRefit begins the Refit Phase (mgmg:6.4): the Advantage marker back
// to space 0, the Sunset DRM marker to its box, the ferries open again;
// then the Germans refit, then the Allies (mgmg:13.3).
func (s *State) startRefit() {
	s.logf("mgmg:6.4", "Refit Phase")
	s.impulse, s.sunsetDRM = 0, 0
	s.reopenFerries()
	s.step, s.active = stRefit, germans
}

// applyRefit buys an Impulse Advance or Retraction (refit.go), or ends a
// side's Refit Phase; after the Allies', the Regroup Phase begins with the
// Germans (mgmg:6.4, 6.5).
func (s *State) applyRefit(k kind) {
	if k != kDone {
		s.buyImpulse(k)
		return
	}
	s.purchases = 0
	if s.active == germans {
		s.active = allies
		return
	}
	s.surrender()
}

// endRefit ends the Refit Phase once the Surrender drs are made: the Air
// Interdiction markers return (mgmg:16.4) and the Regroup Phase begins with
// the Germans (mgmg:6.5).
func (s *State) endRefit() {
	s.settleAdvantage() // mgmg:12.2: used on a Surrender dr, it passes as the phase ends
	s.recallInterdiction()
	s.logf("mgmg:6.5", "Regroup Phase")
	s.startRegroup(germans)
}
