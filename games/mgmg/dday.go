package mgmg

import (
	"errors"
	"fmt"

	"sandtable/engine"
)

// D-Day's last two special phases (mgmg:20.1), each run on an impulse frame
// of the Allies' so that the Daylight Phase's movement, seizure and assault
// machinery serves them (assault_impulse.go, assault_resolution.go):
//
//   - the Airborne Landing Phase (mgmg:20.4). Once the first lift has landed
//     through Interdiction (interdiction.go) the Allies activate, one at a
//     time and each once, Drop Areas holding a Fresh unit of the first lift:
//     (A) if Contested, Fresh units of the area join one combined assault
//     there, which neither retreats nor overruns (mgmg:10.741, 10.5);
//     (B) if not, one unit tries to seize the area's bridges, one MF a try;
//     (C) or units of the area enter adjacent Vacant places with all their
//     MF. The areas never activated Do Nothing (D). The units that acted are
//     Spent as their activation ends, Disrupt 1 after a failed assault.
//   - the XXX Corps Ground Assault Phase (mgmg:20.5): Guards Armoured units
//     of Zone F, one at least, assault the German units there; they do not
//     retreat (mgmg:10.741).
//
// Then the Daylight Phase begins with German Impulse 0 (mgmg:20.6), in
// which the Germans neither move nor attack (mgmg:20.61: movement.go,
// legalTargets).

// ddayPhase is the D-Day phase an impulse frame runs, 0 for an impulse.
type ddayPhase uint8

const (
	ddayLanding ddayPhase = iota + 1 // mgmg:20.4
	ddayGround                       // mgmg:20.5
)

// dropOption is what an activated Drop Area does (mgmg:20.4).
type dropOption uint8

const (
	dropAssault dropOption = iota + 1 // mgmg:20.4A
	dropSeize                         // mgmg:20.4B
	dropMove                          // mgmg:20.4C
)

// dropIDs begin the choice IDs of the options: "drop-move:54".
var dropIDs = [...]string{dropAssault: "drop-assault", dropSeize: "drop-seize", dropMove: "drop-move"}

// ddayRun is a D-Day phase's own record on its frame.
type ddayRun struct {
	Phase  ddayPhase  `json:",omitempty"`
	Option dropOption `json:",omitempty"` // the option of the Drop Area activated now (the frame's Move.Active), 0 between activations
	Done   placeSet   `json:",omitzero"`  // the Drop Areas activated so far (mgmg:20.4: each once)
}

// hash adds the record to a state's hash.
func (d *ddayRun) hash(h *engine.Hasher) {
	h.Add(uint64(d.Phase) | uint64(d.Option)<<8)
	for _, w := range d.Done {
		h.Add(w)
	}
}

// ddayFrame is the frame of the D-Day phase in progress, nil outside them.
func (s *State) ddayFrame() *frame {
	if s.stack.n == 0 || s.stack.frames[0].DDay.Phase == 0 {
		return nil
	}
	return &s.stack.frames[0]
}

// checkDDay checks the D-Day phases' frames: only on September 17, on an
// impulse frame of the Allies at the bottom of the stack, the landing's
// option with its Drop Area among those activated, the ground assault's in
// Zone F; and the step stAirborneLanding with its frame.
func (s *State) checkDDay() error {
	for i, f := range s.stack.frames[:s.stack.n] {
		d := f.DDay
		if d == (ddayRun{}) {
			continue
		}
		ok := i == 0 && f.Proc == procImpulse && f.Side == allies && s.turn == FirstDay && f.Move.Kind == impulseAssault && d.Done[len(d.Done)-1]>>(nPlaces%64) == 0
		switch d.Phase {
		case ddayLanding:
			ok = ok && d.Option <= dropMove && (d.Option == 0 || d.Done.has(int(f.Move.Active))) && (d.Option != 0 || f.Move.Unit == 0)
		case ddayGround:
			ok = ok && d.Option == dropAssault && f.Move.Active == s.g.zoneF && d.Done == placeSet{}
		default:
			ok = false
		}
		if !ok {
			return fmt.Errorf("stack: frame %+v: a D-Day phase runs on the Allies' impulse frame at the bottom of the stack on September 17, the landing's option on a Drop Area it activated, the ground assault in Zone F (mgmg:20.4, 20.5)", f)
		}
	}
	if s.step == stDropZone && (!s.opt.ddayLandings || s.turn != FirstDay || s.nextToLand() < 0) {
		return errors.New("step dday-drop-zone: the optional D-Day landings land a unit of the first lift waiting in the United Kingdom box (mgmg:23.2)")
	}
	if s.step == stAirborneLanding && (s.stack.n != 1 || s.stack.frames[0].DDay.Phase != ddayLanding) {
		return errors.New("stack: step dday-airborne-landing needs the frame of the Airborne Landing Phase alone (mgmg:20.4)")
	}
	return nil
}

// startDropAreas begins the third step of the Airborne Landing Phase, the
// Drop Areas' activations (mgmg:20.4).
func (s *State) startDropAreas() {
	s.stack.push(frame{Proc: procImpulse, Side: allies, Move: s.startMoving(impulseAssault, 0, allies), DDay: ddayRun{Phase: ddayLanding}})
	s.step, s.active = stAirborneLanding, allies
}

// liftIn reports a Fresh unit of the first lift in place p: p is one of the
// Drop Areas the phase may activate (mgmg:20.4). The units that acted are
// Spent, so a Fresh one is still where it landed.
func (s *State) liftIn(p int16) bool {
	for u, st := range &s.units {
		if st.Loc == p && st.Level == StepFresh && s.landsOnDDay(u) {
			return true
		}
	}
	return false
}

// joiners are the Fresh Allied units in the active place that may assault
// there in a D-Day phase: not artillery, which supports instead
// (mgmg:15.12); in Zone F, Guards Armoured units only (mgmg:20.5).
func (s *State) joiners(f *frame) []int16 {
	var out []int16
	for u, st := range &s.units {
		x := &s.g.units[u]
		if st.Loc != f.Move.Active || st.Level != StepFresh || s.g.side[u] != allies || x.Type == FieldArtillery ||
			f.DDay.Phase == ddayGround && x.Division != GuardsArmoured {
			continue
		}
		out = append(out, int16(u))
	}
	return out
}

// seizer reports whether unit u of the active place may try to seize one
// of its bridges (mgmg:20.4B, 9.22), with leg its movement so far.
func (s *State) seizer(u int16, leg Leg, g *Ground) bool {
	m := s.g.movers[u]
	for _, to := range g.Map.Neighbors(leg.At) {
		if g.MaySeize(m, leg, to) == nil {
			return true
		}
	}
	return false
}

// vacantEntries are the places unit u may enter from the active place in
// the Airborne Landing Phase: Vacant and adjacent, across the border or by
// a ferry as movement allows (mgmg:20.4C, 9.2).
func (s *State) vacantEntries(u int16, f *frame, g *Ground) []entry {
	var out []entry
	for e := range s.entries(u, StartLeg(int(f.Move.Active)), &f.Move, g) {
		if e.how != ViaBoat && g.Places[e.to].enemies() == 0 {
			out = append(out, e)
		}
	}
	return out
}

// mayAct reports unit u of the active place free to act under option o.
func (s *State) mayAct(u int16, o dropOption, f *frame, g *Ground) bool {
	st := s.units[u]
	if st.Loc != f.Move.Active || st.Level != StepFresh || s.g.side[u] != allies || f.Acted.has(u) {
		return false
	}
	if o == dropSeize {
		return s.seizer(u, StartLeg(int(f.Move.Active)), g)
	}
	return len(s.vacantEntries(u, f, g)) > 0
}

// dropOptions are what Drop Area p may do if activated now (mgmg:20.4 A-C).
func (s *State) dropOptions(p int16, f *frame, g *Ground) []dropOption {
	if s.contested(p) {
		if len(s.joinersAt(p, f)) > 0 {
			return []dropOption{dropAssault}
		}
		return nil
	}
	var out []dropOption
	probe := *f // the frame as it would be with p active
	probe.Move.Active = p
	for _, o := range []dropOption{dropSeize, dropMove} {
		for u := range int16(nUnits) {
			if s.mayAct(u, o, &probe, g) {
				out = append(out, o)
				break
			}
		}
	}
	return out
}

// joinersAt are the units that may join an assault in p.
func (s *State) joinersAt(p int16, f *frame) []int16 {
	probe := *f
	probe.Move.Active = p
	var out []int16
	for _, u := range s.joiners(&probe) {
		if s.g.units[u].Type.CanLead() {
			out = append(out, u)
		}
	}
	return out
}

// legalDDay lists the choices of the Airborne Landing and Ground Assault
// Phases.
func (s *State) legalDDay(buf []engine.Action) []engine.Action {
	f := s.ddayFrame()
	mv := &f.Move
	g := s.ground(allies, mv)
	switch {
	case f.DDay.Option == 0:
		for p := range int16(nPlaces) {
			if f.DDay.Done.has(int(p)) || !s.liftIn(p) {
				continue
			}
			for _, o := range s.dropOptions(p, f, g) {
				buf = append(buf, act(kDropArea, int(p)|int(o)<<8))
			}
		}
		return append(buf, act(kDone, 0))
	case mv.Unit == 0:
		for u := range int16(nUnits) {
			if s.mayAct(u, f.DDay.Option, f, g) {
				buf = append(buf, act(kMove, int(u)))
			}
		}
		if f.DDay.Option == dropMove {
			buf = append(buf, act(kDropEnd, 0))
		}
		return buf
	case f.DDay.Option == dropSeize:
		u, leg := mv.Unit-1, mv.Leg.leg()
		m := s.g.movers[u]
		for _, to := range g.Map.Neighbors(leg.At) {
			if g.MaySeize(m, leg, to) == nil {
				buf = append(buf, act(kSeize, to))
			}
		}
		if leg.Spent() == 0 {
			return buf // the unit activated tries one bridge at least
		}
		return append(buf, act(kStop, 0))
	}
	for _, e := range s.vacantEntries(mv.Unit-1, f, g) {
		buf = append(buf, act(kEnter, e.to|int(e.how)<<8))
	}
	return buf
}

// applyDDay applies a choice of the Airborne Landing or Ground Assault
// Phase.
func (s *State) applyDDay(k kind, x int) {
	f := s.ddayFrame()
	switch k {
	case kDone:
		s.endLanding()
	case kDropArea:
		p, o := int16(x&0xff), dropOption(x>>8)
		f.DDay.Done.add(int(p))
		f.DDay.Option, f.Move.Active = o, p
		s.logf("mgmg:20.4", "the Allies activate the Drop Area %p: "+dropNames[o], int(p))
		if o == dropAssault {
			s.ddayAssault(f)
		}
	case kMove:
		s.applyImpulse(kMove, x)
	case kSeize:
		s.applyImpulse(kSeize, x) // the dr and its reroll settle in seizureResult, then ddayResume
	case kEnter:
		s.applyImpulse(kEnter, x)
		s.stopUnit() // mgmg:20.4C: the move takes all its MF
		if len(s.legalDDay(nil)) == 1 {
			s.endActivation() // no other unit of the area may move
		}
	case kStop, kDropEnd:
		s.stopUnit()
		s.endActivation()
	}
}

// dropNames say what each option does, for the log.
var dropNames = [...]string{dropAssault: "A, an assault", dropSeize: "B, bridge seizures", dropMove: "C, moves into Vacant places"}

// ddayResume goes on with the Airborne Landing Phase once a seizure dr is
// settled (seizureResult): the unit tries again while it may, its
// activation ends once it may not (mgmg:20.4B).
func (s *State) ddayResume() {
	f := s.ddayFrame()
	if f == nil {
		return
	}
	s.step, s.active = stAirborneLanding, allies
	if f.Move.Unit == 0 || !s.seizer(f.Move.Unit-1, f.Move.Leg.leg(), s.ground(allies, &f.Move)) {
		s.stopUnit()
		s.endActivation()
	}
}

// endActivation ends the activation of a Drop Area: the units that acted
// are Spent, whatever their outcome (mgmg:20.4, 8.3); a failed assault's
// are Disrupt 1 already.
func (s *State) endActivation() {
	f := s.ddayFrame()
	s.exhaust(f.Acted)
	f.DDay.Option, f.Move.Active = 0, 0
	s.step, s.active = stAirborneLanding, allies
}

// ddayAssault opens the assault in the active place (mgmg:20.4A, 20.5):
// the Allies name its Point Unit and add the other units that may assault
// as the assault machinery asks (assault_resolution.go).
func (s *State) ddayAssault(f *frame) {
	p := f.Move.Active
	fr := frame{Proc: procAssault, Side: allies, Fight: fight{Place: p, Optional: true}}
	for _, u := range s.joiners(f) {
		fr.Fight.May.add(u)
	}
	s.logf([...]string{ddayLanding: "mgmg:20.4", ddayGround: "mgmg:20.5"}[f.DDay.Phase], "the Allies assault the German units in %p", int(p))
	s.openFight(fr)
}

// ddayAssaulted ends a D-Day phase's assault (endAssault): the landing
// goes on with its next activation, the ground assault ends its phase.
func (s *State) ddayAssaulted(f *frame) {
	if f.DDay.Phase == ddayLanding {
		s.endActivation()
		return
	}
	run := s.stack.pop()
	s.exhaust(run.Acted) // mgmg:10.743, 8.3
	s.settleAdvantage()  // mgmg:12.2: used in the phase, it passes as the phase ends
	s.startDaylight()    // mgmg:20.6
}

// ddayOrigin is where the assaulting units of a D-Day phase come from, for
// the result's effects: the landing's neither retreat nor overrun
// (mgmg:20.4A, 10.5); Zone F's began there and do not retreat (mgmg:10.741).
func (s *State) ddayOrigin() (Origin, bool) {
	switch s.stack.frames[0].DDay.Phase {
	case ddayLanding:
		return LandingPhase, true
	case ddayGround:
		return BeganInArea, true
	}
	return 0, false
}

// endLanding ends the Airborne Landing Phase, the Drop Areas not activated
// doing nothing (mgmg:20.4D); the XXX Corps Ground Assault Phase follows.
func (s *State) endLanding() {
	f := s.stack.pop()
	s.exhaust(f.Acted)
	s.logf("mgmg:20.4", "the Airborne Landing Phase ends: the Drop Areas not activated do nothing, their units Fresh")
	s.settleAdvantage() // mgmg:12.2: used on a dr of the phase, it passes as the phase ends
	s.startGroundAssault()
}

// startGroundAssault begins the XXX Corps Ground Assault Phase
// (mgmg:20.5): a Guards Armoured unit of Zone F must assault the German
// units there, unless none is left or no Guards unit may lead.
func (s *State) startGroundAssault() {
	f := frame{Proc: procImpulse, Side: allies, Move: s.startMoving(impulseAssault, s.g.zoneF, allies), DDay: ddayRun{Phase: ddayGround, Option: dropAssault}}
	if !s.contested(s.g.zoneF) || len(s.joinersAt(s.g.zoneF, &f)) == 0 {
		s.logf("mgmg:20.5", "no German unit, or no Fresh Guards Armoured unit to lead, in %p: no ground assault", int(s.g.zoneF))
		s.startDaylight()
		return
	}
	s.logf("mgmg:20.5", "XXX Corps Ground Assault Phase: the Guards Armoured Division assaults in %p", int(s.g.zoneF))
	s.stack.push(f)
	s.ddayAssault(s.ddayFrame())
}

// ddayAsks is what the D-Day phase in progress asks of the Allies (ask) and
// what the German is told (wait).
func (s *State) ddayAsks() (ask, wait string) {
	f := s.ddayFrame()
	where := s.g.placeName(f.Move.Active)
	switch {
	case f.DDay.Option == 0:
		return "Airborne Landing Phase: activate a Drop Area holding a Fresh airborne unit to assault in it (Contested), seize its bridges or move into Vacant places (not Contested), or Done: the others do nothing and stay Fresh", "the Drop Areas' activations"
	case f.DDay.Option == dropSeize && f.Move.Unit == 0:
		return "Airborne Landing Phase: choose the one unit of " + where + " that tries to seize its bridges", "the unit seizing bridges in " + where
	case f.DDay.Option == dropSeize:
		u := f.Move.Unit - 1
		spent := f.Move.Leg.leg().Spent()
		left := s.ground(allies, &f.Move).ImpulseMF(s.g.movers[u]) - spent
		stop := ", or stop"
		if spent == 0 {
			stop = " (a unit activated tries once at least)"
		}
		return fmt.Sprintf("Airborne Landing Phase: %s has %s MF left: try to seize a bridge of %s (1 MF)%s", s.g.units[u].Name, halves(left), where, stop), "bridge seizures in " + where
	case f.Move.Unit == 0:
		return "Airborne Landing Phase: choose a unit of " + where + " to move into an adjacent Vacant place with all its MF, or end the Drop Area's moves", "moves from " + where
	}
	return "Airborne Landing Phase: choose the adjacent Vacant place " + s.g.units[f.Move.Unit-1].Name + " enters", "moves from " + where
}

// describeDDay names the choices of the D-Day phases; ok is false for the
// choices others describe.
func (s *State) describeDDay(k kind, x int) (engine.Choice, bool) {
	f := s.ddayFrame()
	if f == nil {
		return engine.Choice{}, false
	}
	g := s.g
	c := engine.Choice{Rule: s.rule()}
	switch k {
	case kDone:
		c.ID, c.Label = "done", "End the Airborne Landing Phase: the Drop Areas not activated do nothing (mgmg:20.4D)"
	case kDropArea:
		p, o := int16(x&0xff), dropOption(x>>8)
		if int(o) >= len(dropIDs) || o == 0 {
			return engine.Choice{}, false
		}
		id := g.placeIDs[p]
		c.ID, c.Refs = dropIDs[o]+":"+id, []string{"area:" + id}
		c.Label = map[dropOption]string{dropAssault: "Assault in ", dropSeize: "Seize bridges from ", dropMove: "Move units out of "}[o] + g.placeName(p)
	case kDropEnd:
		c.ID, c.Label = "drop-done", "No more moves out of "+g.placeName(f.Move.Active)
	case kMove:
		if f.DDay.Option != dropSeize {
			return engine.Choice{}, false
		}
		c.ID, c.Refs = "move:"+g.units[x].ID, []string{"unit:" + g.units[x].ID}
		c.Label = "Activate " + g.units[x].Name + " to seize bridges"
	case kStop:
		c.ID, c.Label = "stop", "No more seizure attempts"
	case kEnter:
		if Via(x>>8) != ViaBorder {
			return engine.Choice{}, false
		}
		c.ID, c.Refs = "enter:"+g.placeIDs[x&0xff], []string{"area:" + g.placeIDs[x&0xff]}
		c.Label = "Enter " + g.placeName(int16(x&0xff)) + " with all its MF"
	default:
		return engine.Choice{}, false
	}
	return c, true
}

// parseDDayChoice reads the IDs describeDDay writes, cut at their first
// colon.
func (s *State) parseDDayChoice(head, rest string) (engine.Action, bool) {
	for o, id := range dropIDs {
		if id != "" && id == head {
			p, ok := s.g.placeIndex[rest]
			return act(kDropArea, int(p)|o<<8), ok
		}
	}
	if head == "drop-zone" {
		p, ok := s.g.placeIndex[rest]
		return act(kDropZone, int(p)), ok
	}
	return 0, false
}

// LandingView is a D-Day phase in progress as views show it (mgmg:20.4,
// 20.5): the Drop Areas activated so far, and the place active now with its
// option.
type LandingView struct {
	Phase     string   `json:"phase"`               // "drop-zones" (mgmg:23.2), "landing" or "ground-assault"
	Activated []string `json:"activated,omitempty"` // the Drop Areas activated, each once
	Active    string   `json:"active,omitempty"`    // the place active now
	Option    string   `json:"option,omitempty"`    // "drop-assault", "drop-seize" or "drop-move"
	Next      string   `json:"next,omitempty"`      // with the optional landings, the unit of the first lift to land next (mgmg:23.2)
}

// landingView is the D-Day phase in progress, nil outside them.
func (s *State) landingView() *LandingView {
	if s.step == stDropZone {
		return &LandingView{Phase: "drop-zones", Next: s.g.units[s.nextToLand()].ID}
	}
	f := s.ddayFrame()
	if f == nil {
		return nil
	}
	v := &LandingView{Phase: map[ddayPhase]string{ddayLanding: "landing", ddayGround: "ground-assault"}[f.DDay.Phase]}
	for p := range nPlaces {
		if f.DDay.Done.has(p) {
			v.Activated = append(v.Activated, s.g.placeIDs[p])
		}
	}
	if f.DDay.Option == 0 {
		return v
	}
	v.Active, v.Option = s.g.placeIDs[f.Move.Active], dropIDs[f.DDay.Option]
	return v
}

// doubleLift makes the airborne reinforcements of tomorrow available in
// the United Kingdom box from Impulse 7 of September 17 and 18, with the
// option (mgmg:23.3): those of the 18th on D-Day, of the 19th on the 18th.
func (s *State) doubleLift() {
	if !s.opt.doubleLifts || s.impulse < doubleLiftImpulse || s.turn > FirstDay+1 {
		return
	}
	for u := range s.g.units {
		d := &s.g.units[u]
		if int8(d.Entry) != s.turn+1 || d.Airborne == "" || d.Sp || !d.InGame(s.opt.extended) || s.units[u].Loc != locPool {
			continue
		}
		s.put(int16(u), s.g.uk, StepFresh)
		s.logf("mgmg:23.3", "%u is available in %p, a day early", u, int(s.g.uk))
	}
}

// doubleLiftImpulse is the impulse the double lifts fly from (mgmg:23.3).
const doubleLiftImpulse = 7

// ddayContext begins the prompt of a step the assault or movement
// machinery asks in a D-Day phase with the phase and what it demands
// (mgmg:20.4, 20.5); "" elsewhere.
func (s *State) ddayContext() string {
	f := s.ddayFrame()
	switch {
	case f == nil || s.step == stAirborneLanding:
		return ""
	case f.DDay.Phase == ddayGround:
		return "XXX Corps Ground Assault Phase, Guards Armoured units of Zone F must assault, without retreat: "
	}
	if f.DDay.Option == dropAssault { // the assault's own asks name the place
		return "Airborne Landing Phase, " + dropNames[dropAssault] + ": "
	}
	return "Airborne Landing Phase, " + dropNames[f.DDay.Option] + " in " + s.g.placeName(f.Move.Active) + ": "
}
