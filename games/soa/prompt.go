package soa

import (
	"fmt"

	"sandtable/engine"
)

// What a step asks, in words (engine.Prompter): the phase of the turn the
// game is in (soa:6), and a sentence for each seat, so that every client
// says the same and none guesses from a step's name.

// phases of the turn (soa:6.1-6.4), and what comes before and after them.
var (
	phaseBidding      = engine.Phase{ID: "bidding", Name: "Bidding for sides", Rule: "soa:21.1"}
	phaseSetup        = engine.Phase{ID: "set-up", Name: "Set-up", Rule: "soa:5"}
	phaseReinforce    = engine.Phase{ID: "reinforcement", Name: "Reinforcement & Reformed Unit Phase", Rule: "soa:6.1"}
	phaseRandomEvents = engine.Phase{ID: "random-events", Name: "Random Events Determination Phase", Rule: "soa:6.2"}
	phaseMF           = engine.Phase{ID: "movement-fire", Name: "Movement/Fire Phase", Rule: "soa:6.3"}
	phaseCloseCombat  = engine.Phase{ID: "close-combat", Name: "Close Combat Phase", Rule: "soa:6.4"}
	phaseOver         = engine.Phase{ID: "over", Name: "Game over"}
)

// Phase implements engine.Prompter. A reroll offer belongs to the phase of
// the roll it is about: a close combat or an extinguishing roll is in the
// Close Combat Phase (soa:6.4, 9.6, 18.9), a fire in the Movement/Fire Phase.
func (s *State) Phase() engine.Phase {
	switch {
	case s.step == stOver:
		return phaseOver
	case s.step == stBid:
		return phaseBidding
	case s.step <= stSetupGerman:
		return phaseSetup
	case s.step == stReformPlace:
		return phaseReinforce
	case s.step <= stEventCZone:
		return phaseRandomEvents
	case s.step >= stCCPlace, s.step == stReroll && (s.rollFor() == rrCloseCombat || s.rollFor() == rrExtinguish):
		return phaseCloseCombat
	}
	return phaseMF
}

// Prompt implements engine.Prompter: the seat to move is asked what its
// step asks; another player is told whom the game waits for, a spectator
// who is to move, each with what that side decides.
func (s *State) Prompt(seat engine.Seat) engine.Prompt {
	if s.step == stOver {
		return engine.Prompt{Text: "The game is over: " + s.result.Text}
	}
	ask, wait := s.asks()
	switch {
	case seat == s.ToMove():
		return engine.Prompt{Text: ask, Rule: s.rule()}
	case s.viewerSide(seat) == noSide:
		return engine.Prompt{Text: fmt.Sprintf("%s to move: %s", s.active.Name(), wait), Rule: s.rule()}
	}
	return engine.Prompt{Text: fmt.Sprintf("Waiting for the %s: %s", nation(s.active), wait), Rule: s.rule()}
}

// rollNames say what a roll under a reroll offer is for (RollView.For).
var rollNames = map[string]string{"fire": "fire", "set-fire": "fire-setting", "close-combat": "close combat", "extinguish": "extinguishing"}

// nation is a side's people, as in "Waiting for the Germans": "Germans", "British".
func nation(side Side) string {
	if side == German {
		return "Germans"
	}
	return "British"
}

// asks is what the step asks of the side to move (ask), and what the
// others are told it decides (wait). wait names nothing they may not know:
// no unit of a secret set-up (soa:5.5), no target of an attack not yet
// designated (soa:8.12); the units it names are seen by all (a hidden
// anti-tank gun that moves is revealed first, soa:13.8).
func (s *State) asks() (ask, wait string) {
	unit := func(u int16) string { return s.g.units[u].Name }
	place := func(p int16) string {
		pl := s.g.board.Place(int(p))
		return pl.ID + " " + pl.Name
	}
	switch s.step {
	case stBid:
		return "Bid victory points for command of the British", "a secret bid for command of the British"
	case stSetupBritish, stSetupGerman:
		return fmt.Sprintf("%s set-up: choose the area for %s", s.active.Name(), s.g.units[s.placingUnit()].Name), "the secret set-up"
	case stReformPlace:
		u := unit(s.placingUnit())
		return "Place the reformed unit " + u + " in a British-held victory area", "where the reformed unit " + u + " goes"
	case stEventArmor:
		return "Random event: accept the German armour, or take infantry instead", "whether to accept the German armour"
	case stEventZone, stEventBZone, stEventCZone:
		u := unit(s.placingUnit())
		return "Random event: choose the zone where " + u + " enters", "the zone where " + u + " enters"
	case stEventBUnit:
		n := s.stack.top().Left
		return fmt.Sprintf("Random event: choose the British reinforcement (%d to come)", n), "which British reinforcement arrives"
	case stImpulse:
		if s.mustAct {
			return "Your impulse: choose an area to act from, or call artillery (having kept the phase going, you may not pass)", "an impulse"
		}
		return "Your impulse: choose an area to act from, call artillery, or pass", "an impulse"
	case stMode:
		return "Move or fire with the units in " + place(s.origin) + "?", "moving or firing from " + place(s.origin)
	case stMoveUnit:
		return "Choose a unit in " + place(s.origin) + " to move, or end the impulse", "which unit moves from " + place(s.origin)
	case stMoveStep:
		u := unit(s.mover)
		return fmt.Sprintf("Move %s (%d MF left): choose the next area, or stop", u, s.moveLeft), "where " + u + " moves"
	case stFireTarget:
		return "Fire from " + place(s.origin) + ": choose a target area, or roll for the designated attacks", "attacks from " + place(s.origin)
	case stFireGroup:
		return "Fire at " + place(s.cur.Target) + ": at which group?", "an attack from " + place(s.origin)
	case stFireWith:
		return "Fire at " + place(s.cur.Target) + ": choose the units that fire together, then confirm the attack", "an attack from " + place(s.origin)
	case stFirePrimary:
		return "Anti-tank fire at " + place(s.cur.Target) + ": choose the primary target", "an attack from " + place(s.origin)
	case stArtTarget:
		return "Artillery: choose the target area for " + unit(s.cur.Units[0]), "a call for artillery"
	case stArtGroup:
		return "Artillery on " + place(s.cur.Target) + ": fire at which group?", "a call for artillery"
	case stArtMore:
		return "Artillery: call a second counter on another area, or roll for the barrage", "a second call for artillery"
	case stReroll:
		r := s.rollView()
		return "Keep this " + rollNames[r.For] + " roll, or reroll it with the Tactical Advantage", "whether to reroll the " + r.Text
	case stAbsorb:
		t := place(s.cur.Target)
		if s.cpTotal == 0 {
			return "The fire at " + t + " had no effect: retreat units if you wish, or Done", "whether units in " + t + " retreat"
		}
		return fmt.Sprintf(engine.Plural(s.cp, "Casualties in %s: eliminate or retreat units until %d casualty point is taken", "Casualties in %s: eliminate or retreat units until %d casualty points are taken"), t, s.cp),
			fmt.Sprintf(engine.Plural(s.cp, "%d casualty point in %s", "%d casualty points in %s"), s.cp, t)
	case stRetreatDest:
		at := place(s.stack.top().At)
		return "Retreat: choose the area the units in " + at + " go to together", "where the units in " + at + " retreat"
	case stFireCommit:
		n := int(s.stack.top().Left)
		t := place(s.cur.Target)
		return fmt.Sprintf(engine.Plural(n, "The fire in %s takes: choose %d British unit to commit", "The fire in %s takes: choose %d British units to commit"), t, n),
			"which units in " + t + " the fire commits"
	case stOverstack:
		p := place(s.overstacked(s.active))
		return "Too many units in " + p + ": choose the units to remove", "which units leave " + p
	case stContinue:
		return "Both sides passed: end the phase, or keep it going with the Tactical Advantage", "whether the Movement/Fire Phase goes on"
	case stCCPlace:
		return "Close combat: choose the next area to resolve", "where close combat is resolved next"
	case stCCScreen:
		return "Close combat in " + place(s.ccPlace) + ": choose units to screen, then Done", "screening in the close combat in " + place(s.ccPlace)
	case stCCTarget:
		return "Close combat in " + place(s.ccPlace) + ": choose an enemy unit to attack, or roll", "the attacks of the close combat in " + place(s.ccPlace)
	case stCCWith:
		return "Close combat in " + place(s.ccPlace) + ": choose the units that attack " + unit(s.ccCur.Target) + ", then confirm",
			"the attacks of the close combat in " + place(s.ccPlace)
	}
	return "Choose", "a choice"
}
