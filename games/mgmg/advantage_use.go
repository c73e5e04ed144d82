package mgmg

import (
	"fmt"

	"sandtable/engine"
)

// The Advantage used (mgmg:12.2, 12.5). Built so far: its holder's offer to
// reroll the Allied Sunset DR rolled as an impulse ends, the Weather dr at
// dawn, each Interdiction dr of the first lift, each Surrender dr, and the
// Infiltration and bridge seizure drs of an impulse's movement, and the
// Repair dr of Evening Construction, and the DRs of bombardments and
// assaults (all four dice). Spending it on a Double Impulse (mgmg:12.3) is
// double_impulse.go's, losing it (mgmg:12.4) advantage_loss.go's.

// rollFor says what a roll under a reroll offer is for.
type rollFor uint8

const (
	rrSunset       rollFor = iota + 1 // mgmg:6.3 the Allied Sunset DR
	rrWeather                         // mgmg:6.21 the Weather dr at dawn
	rrInterdiction                    // mgmg:18.44 an Interdiction dr, Unit's
	rrSurrender                       // mgmg:13.9 a Surrender dr, Unit's
	rrInfiltration                    // mgmg:8.222 an Infiltration dr, Unit's, in the impulse beneath
	rrSeizure                         // mgmg:9.22 a bridge seizure dr, Unit's, in the impulse beneath
	rrRepair                          // mgmg:19.23 a Repair dr in the Refit Phase; Unit holds the bridge's index
	rrBombard                         // mgmg:11.4 a bombardment's DRs, the attacker's on offer, in the bombardment beneath
	rrAssault                         // mgmg:10.71 an assault's DRs, the attacker's on offer, in the assault beneath
	rrBridgeRepair                    // mgmg:19.2 a Repair dr in an Assault Impulse; Unit holds the bridge's index
	rrDemolition                      // mgmg:19.4 a Demolition dr; Unit holds the bridge's index
	rrBlow                            // fh40:19.4, 20.2 a Dutch demolition dr of the Bridge Demolition Phase; Unit holds the bridge's index
	rrCoup                            // fh40:20.3 the German Bridge Coup dr; Unit is the battalion the train carries
)

var rollNames = [...]string{rrSunset: "sunset", rrWeather: "weather", rrInterdiction: "interdiction", rrSurrender: "surrender", rrInfiltration: "infiltration", rrSeizure: "seizure", rrRepair: "repair", rrBombard: "bombardment", rrAssault: "assault", rrBridgeRepair: "bridge-repair", rrDemolition: "demolition", rrBlow: "blow", rrCoup: "coup"}

// rollLabels name the rolls in prompts and labels.
var rollLabels = [...]string{rrSunset: "Sunset DR", rrWeather: "Weather dr", rrInterdiction: "Interdiction dr", rrSurrender: "Surrender dr", rrInfiltration: "Infiltration dr", rrSeizure: "Seizure dr", rrRepair: "Repair dr", rrBombard: "bombardment's attacker DR", rrAssault: "assault's attacker DR", rrBridgeRepair: "Repair dr", rrDemolition: "Demolition dr", rrBlow: "Demolition dr", rrCoup: "Bridge Coup dr"}

// MarshalText writes what a roll is for by name in a position.
func (r rollFor) MarshalText() ([]byte, error) {
	if int(r) >= len(rollNames) {
		return nil, nil
	}
	return []byte(rollNames[r]), nil
}

// UnmarshalText reads what a roll is for.
func (r *rollFor) UnmarshalText(b []byte) error {
	for i, n := range rollNames {
		if i > 0 && n == string(b) {
			*r = rollFor(i)
			return nil
		}
	}
	return fmt.Errorf("stack: %q is not a roll a reroll is offered for (one of %v)", b, rollNames[1:])
}

// offerReroll hands the Advantage holder the choice to keep roll, made
// for unit (-1 for none), or reroll it (mgmg:12.2); the side to move
// meanwhile waits. While the Advantage belongs to nobody, having been used
// in this impulse or phase (mgmg:12.5), the roll stands at once.
func (s *State) offerReroll(f rollFor, roll int, unit int16) {
	fr := frame{Proc: procReroll, For: f, Roll: int8(roll), Back: s.active, Unit: unit}
	if s.advantage == nobody {
		s.resolveRoll(fr, roll)
		return
	}
	s.stack.push(fr)
	s.step, s.active = stReroll, s.advantage
}

// keepOutcome says, for the label of keeping roll f, what the roll does
// where that is known as it is offered: an Interdiction, Surrender or bridge
// seizure dr (mgmg:18.44, 13.9, 9.22). "" for the others, whose effect
// waits on more (the Sunset DRM marker, the defender's choices).
func (s *State) keepOutcome(f *frame) string {
	switch f.For {
	case rrInterdiction:
		_, what := interdicted(int(f.Roll), s.landingValue(f.Unit, s.units[f.Unit].Loc))
		return ": " + s.g.units[f.Unit].Name + " " + what
	case rrSurrender:
		return ": " + surrenderTexts[surrenders(s.units[f.Unit].Level, int(f.Roll))]
	case rrSeizure:
		imp := &s.stack.frames[s.stack.n-2] // the impulse beneath the offer
		mv := &imp.Move
		at, to := int(mv.Leg.At), int(mv.SeizeTo-1)
		g := s.ground(imp.Side, mv)
		if Seizes(int(f.Roll), SeizureDRM(g.Places[to], g.Map.Boundary(at, to) == River)) {
			return ": the bridge is seized"
		}
		return ": the seizure fails"
	}
	return ""
}

// legalReroll: keep the roll, or reroll it.
func (s *State) legalReroll(buf []engine.Action) []engine.Action {
	return append(buf, act(kKeep, 0), act(kReroll, 0))
}

// applyReroll settles the offer. A reroll spends the Advantage: it belongs
// to nobody until the impulse or phase ends, then to the other side
// (mgmg:12.2, 12.5, settleAdvantage), so nobody rerolls the reroll.
func (s *State) applyReroll(reroll bool) {
	f := s.stack.pop()
	s.active = f.Back
	roll := int(f.Roll)
	if reroll {
		user := s.advantage
		roll = s.rng.Die(6)
		if f.For == rrSunset || f.For == rrBombard || f.For == rrAssault {
			roll += s.rng.Die(6)
		}
		s.advantage, s.advantageNext = nobody, user.other()
		s.logf("mgmg:12.2", "%S use the Advantage to reroll: %d", int(user), roll)
		if f.For == rrBombard { // all four dice (mgmg:12.2)
			b := s.stack.top()
			b.Against = int8(s.rng.Die(6) + s.rng.Die(6))
			s.logf("mgmg:12.2", "and the defender's DR: %d", int(b.Against))
		}
		if f.For == rrAssault { // all four dice, as a bombardment's
			a := &s.stack.top().Fight
			a.Against = int8(s.rng.Die(6) + s.rng.Die(6))
			s.logf("mgmg:12.2", "and the defender's DR: %d", int(a.Against))
		}
	}
	s.resolveRoll(f, roll)
}

// resolveRoll goes on with the roll that stands.
func (s *State) resolveRoll(f frame, roll int) {
	switch f.For {
	case rrSunset:
		s.sunsetRolled(roll)
	case rrWeather:
		s.setWeather(roll)
	case rrInterdiction:
		s.interdictionResult(f.Unit, roll)
		if s.stack.n > 0 && s.stack.frames[0].Proc == procImpulse { // mgmg:18.44 in an impulse's landings
			s.interdictLandingFrom(f.Unit + 1)
			return
		}
		s.interdictFrom(f.Unit + 1)
	case rrSurrender:
		s.surrenderResult(f.Unit, roll)
		s.surrenderFrom(f.Unit + 1)
	case rrInfiltration:
		s.infiltrationResult(f.Unit, roll)
	case rrSeizure:
		s.seizureResult(f.Unit, roll)
	case rrRepair:
		s.step = stRefit
		s.repairResult(int(f.Unit), f.Back, roll)
	case rrBombard:
		s.resolveBombardment(roll)
	case rrAssault:
		s.assaultRolled(roll)
	case rrBridgeRepair:
		s.step = stImpulse
		s.repairResult(int(f.Unit), s.impulseFrame().Side, roll)
	case rrDemolition:
		s.step = stImpulse
		s.demolitionResult(int(f.Unit), s.impulseFrame().Side, roll)
	case rrBlow:
		s.blowResult(int(f.Unit), roll)
	case rrCoup:
		s.coupResult(f.Unit, roll)
	}
}

// settleAdvantage gives a spent Advantage to the side that did not use it,
// as the impulse or phase it was used in ends (mgmg:12.2, 12.5).
func (s *State) settleAdvantage() {
	if s.advantage != nobody {
		return
	}
	s.advantage, s.advantageNext = s.advantageNext, nobody
	s.logf("mgmg:12.5", "the Advantage passes to %S", int(s.advantage))
}
