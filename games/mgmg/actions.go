package mgmg

import (
	"fmt"
	"strconv"
	"strings"

	"sandtable/engine"
)

// kind is the sort of an atomic choice; an Action is kind<<32 | argument.
type kind uint8

const (
	kDone      kind = iota + 1 // the side is done with its step
	kPass                      // mgmg:8.24
	kAdvance                   // mgmg:13.7 an Impulse Advance bought with Reserves
	kRetract                   // mgmg:13.7 an Impulse Retraction
	kUnit                      // pick a unit (mgmg:6.5 to regroup)
	kPlace                     // move the picked unit into a place (mgmg:6.5)
	kInterdict                 // place an Air Interdiction marker (mgmg:16.4)
	kKeep                      // keep a roll (mgmg:12.2)
	kReroll                    // reroll it with the Advantage (mgmg:12.2)

	kAssaultImpulse      // mgmg:8.21 activate a place for an Assault Impulse
	kInfiltrationImpulse // mgmg:8.22 activate a place for an Infiltration Impulse
	kMove                // mgmg:9.1 pick the unit to move
	kEnter               // mgmg:9.2 the moving unit enters a place: place | Via<<8
	kStop                // mgmg:9.1 the moving unit stops
	kEndImpulse          // mgmg:9.1 no more units move
	kSeize               // mgmg:9.22 the moving unit tries to seize the bridge to a place
	kDepot               // place the next Supply Depot (mgmg:13.4)
	kRefitUnit           // refit a unit (low byte) from a depot (mgmg:13.6)
	kAugment             // add Reserves to each airborne depot (mgmg:23.4)
	kRepair              // Evening Construction at a bridge (low byte) from a depot (mgmg:19.23)
	kBombard             // bombard a target area (mgmg:20.2)
	kPrimary             // name the primary target (mgmg:11.12, 20.3)
	kAttrition           // reduce a unit with attrition points (mgmg:11.41)
	kTarget              // declare a Bombardment Impulse on a target area (mgmg:8.23)
	kLead                // the lead artillery (mgmg:11.2)
	kAir                 // an Air Bombardment marker (mgmg:16.2)
	kSupport             // more artillery (mgmg:11.2)
	kBarrage             // declare a Barrage (mgmg:11.112)
	kFerryTarget         // name a Ferry Crossing the primary target (mgmg:11.12, 4.7)
	kConstructTarget     // name a Construct marker the primary target (mgmg:11.12, 19.22)
	kAssault             // mgmg:10.2 resolve the Mandatory Assault in a place
	kPoint               // mgmg:10.72A name the Point Unit
	kForward             // mgmg:10.73A name the Forward Unit
	kCasualty            // mgmg:10.8 a defender takes a casualty point
	kRetreat             // mgmg:10.9 an assaulting unit retreats into the place it came from
	kStay                // mgmg:10.742 the assaulting units left stay
	kRetreatDefender     // mgmg:10.8, 10.93 a defender retreats
	kRetreatTo           // mgmg:10.92 the retreating unit goes into a place
	kSupportArt          // mgmg:15.12 a field artillery unit supports the assault
	kSupportDone         // mgmg:15.12 no more artillery supports it
	kSunsetMarker        // mgmg:12.41 move the Sunset DRM marker to a space (the argument)
	kSingle              // mgmg:12.3, 14.5 take no second activation: the impulse ends
	kRepairBridge        // mgmg:19.2 try to repair a bridge as an Assault Impulse starts
	kDemolish            // mgmg:19.4 try to demolish a bridge as it ends
	kLand                // mgmg:18.42 land a unit (low byte) from the United Kingdom box in a Drop Area
	kAlso                // mgmg:12.3 declare a second Active Area with the first: a Double Impulse
	kJoin                // mgmg:10.3, 10.6 a unit that may assault does
	kDropArea            // mgmg:20.4 activate a Drop Area: place | option<<8 (dday.go)
	kDropEnd             // mgmg:20.4C no more units of the Drop Area move
	kDropZone            // mgmg:23.2 land the next unit of the first lift in a place
	kExitMap             // fh40:21.4 the moving unit leaves the map from Zone G
	kCoup                // fh40:20.3 the Bridge Coup with the train and a battalion
	kCoupTo              // fh40:20.3 where the coup's units go
	kCarry               // fh40:20.4 Panzer Zug 1 takes a battalion along
	kSetupAll            // mgmg:5.2 place every unit of the side's Setup Card
	kFormation           // mgmg:5.2 place one formation's units
	kReorganize          // mgmg:23.6 a unit (low byte) recovers a level by eliminating another (high byte)
	kBid                 // mgmg:23.51 a secret bid of Reserve Supply points (the argument)
)

func act(k kind, arg int) engine.Action { return engine.Action(uint64(k)<<32 | uint64(uint32(arg))) }

func split(a engine.Action) (kind, int) { return kind(a >> 32), int(int32(uint32(a))) }

// Describe implements engine.State.
func (s *State) Describe(a engine.Action) engine.Choice {
	c := s.describe(a)
	c.Rule = s.g.cite(c.Rule)
	return c
}

func (s *State) describe(a engine.Action) engine.Choice {
	k, x := split(a)
	if k == kDropZone {
		return s.describeDropZone(int16(x))
	}
	if c, ok := s.describeDDay(k, x); ok {
		return c
	}
	c := engine.Choice{Rule: s.rule()}
	if s.step == stDemolition || s.step == stCoup || s.step == stCoupTo || s.step == stCoupAttack {
		s.describeDemolition(k, x, &c)
		return c
	}
	switch k {
	case kBid:
		c.ID, c.Label = fmt.Sprintf("bid:%d", x), fmt.Sprintf("Bid %d Reserve Supply points for the %s side", x, s.g.sideName(s.opt.preferred))
	case kSetupAll, kFormation:
		s.describeSetup(&c, k, x)
	case kDone:
		c.ID, c.Label = "done", "Done: end the "+s.Phase().Name
		switch s.step {
		case stDepot:
			c.Label = "Refit from the depots as they are"
		case stRefit:
			c.Label, c.Rule = "Done refitting: what is left in depots in Free places goes to the Reserves", "mgmg:13.7"
		case stPurchase:
			c.Label = "Done with the Refit Phase"
		case stOpening:
			c.Label = "Done: begin D-Day"
		case stReorganize:
			c.Label = "Done reorganizing"
		case stRegroup:
			c.Label = "Done regrouping"
		case stSupport:
			c.Label, c.Rule = "Done adding artillery: choose the primary target", "mgmg:11.2"
		case stImpulse:
			c.Label, c.Rule = "No more demolitions: end the impulse", "mgmg:19.4"
			if s.landingStep(s.impulseFrame()) {
				c.Label, c.Rule = "Done declaring landings: the German rolls for Interdiction", "mgmg:18.44"
			}
		}
	case kPass:
		c.ID, c.Label, c.Rule = "pass", "Pass Impulse", "mgmg:8.24"
	case kAdvance, kRetract:
		to := s.impulse + int8(map[kind]int{kAdvance: 1, kRetract: -1}[k])
		c.ID, c.Rule = map[kind]string{kAdvance: "advance-impulse", kRetract: "retract-impulse"}[k], "mgmg:13.7"
		c.Label = fmt.Sprintf("Spend %d Reserves: %s the Advantage marker to Impulse %s", impulseCost, map[kind]string{kAdvance: "advance", kRetract: "retract"}[k], impulseName(to))
	case kKeep:
		c.ID, c.Label, c.Rule = "keep", s.fmtRoll("Keep the", s.stack.top())+s.keepOutcome(s.stack.top()), "mgmg:12.2"
	case kReroll:
		c.ID, c.Label, c.Rule = "reroll", s.fmtRoll("Use the Advantage to reroll the", s.stack.top()), "mgmg:12.2"
	case kInterdict:
		id := s.g.placeIDs[x]
		c.ID, c.Label, c.Refs, c.Rule = "interdict:"+id, "Place an Air Interdiction marker in "+s.g.placeName(int16(x)), []string{"area:" + id}, "mgmg:16.4"
	case kDepot:
		c = s.describeDepot(int16(x))
	case kReorganize:
		c = s.describeReorganization(int16(x&0xff), int16(x>>8))
	case kRefitUnit:
		c = s.describeRefit(int16(x&0xff), x>>8)
	case kRepair:
		c = s.describeRepair(x&0xff, x>>8)
	case kAugment:
		n := len(s.airborneDepots())
		c.ID, c.Rule = fmt.Sprintf("augment:%d", x), "mgmg:23.4"
		c.Label = fmt.Sprintf("Spend %d Reserves: %d more Supply Points in each of the %d airborne depots", x*n, x, n)
	case kUnit:
		u := &s.g.units[x]
		c.ID, c.Label, c.Refs = "regroup:"+u.ID, fmt.Sprintf("Regroup %s from %s", u.Name, s.g.placeName(s.units[x].Loc)), []string{"unit:" + u.ID}
	case kPlace:
		id := s.g.placeIDs[x]
		c.ID, c.Label, c.Refs = "to:"+id, "Regroup into "+s.g.placeName(int16(x)), []string{"area:" + id}
	case kBombard:
		id := s.g.placeIDs[x]
		c.ID, c.Refs, c.Rule = "bombard:"+id, []string{"area:" + id}, "mgmg:20.2"
		c.Label = s.bombardLabel("Air Bombardment of "+s.g.placeName(int16(x))+" by the US VIII Air marker", AirBombardmentAV(s.g.pieces.Setup.AirMarkers[s.ddayAir()].AF), true, int16(x), s.towerIn(int16(x)))
	case kPrimary:
		u := &s.g.units[x]
		c.ID, c.Refs, c.Rule = "primary:"+u.ID, []string{"unit:" + u.ID}, "mgmg:11.12"
		switch s.step {
		case stMistaken:
			c.Label, c.Rule = fmt.Sprintf("Name %s the primary target of the mistaken attack's %d attrition points", u.Name, s.stack.top().AP), "mgmg:16.23"
		case stArtilleryBarrage:
			c.Label = s.bombardLabel("Barrage with "+u.Name+" the primary target", s.barrageAV(s.xxxBarrage()), false, s.g.zoneF, int16(x))
		default:
			c.Label = s.preview(s.stack.top(), int16(x))
		}
	case kAttrition:
		u := &s.g.units[x]
		f := s.stack.top()
		c.ID, c.Refs, c.Rule = "attrition:"+u.ID, []string{"unit:" + u.ID}, "mgmg:11.41"
		c.Label = fmt.Sprintf("Reduce %s for %d of the %d attrition points left", u.Name, AttritionCost(s.defender(int16(x), &f.Hit)), f.AP)
	case kLead, kSupport:
		u := &s.g.units[x]
		verb := map[kind]string{kLead: "Lead the bombardment with ", kSupport: "Add to the bombardment "}[k]
		c.ID, c.Refs, c.Rule = map[kind]string{kLead: "lead:", kSupport: "support:"}[k]+u.ID, []string{"unit:" + u.ID}, "mgmg:11.2"
		c.Label = fmt.Sprintf("%s%s (attack %d) from %s", verb, u.Name, u.AF, s.g.placeName(s.units[x].Loc))
	case kAir:
		m := s.g.pieces.Setup.AirMarkers[x]
		c.ID, c.Rule = "air:"+m.ID, "mgmg:16.2"
		c.Label = fmt.Sprintf("Air Bombardment by %s (attack %d)", m.Name, m.AF)
	case kFerryTarget, kConstructTarget:
		c.ID, c.Label, c.Rule = s.describeMarker(k, x)
	case kBarrage:
		c.ID, c.Label, c.Rule = "barrage", "Declare a Barrage: the lead's attack doubled, every firing artillery Spent after (mgmg:11.112)", "mgmg:11.112"
	case kAssaultImpulse, kInfiltrationImpulse, kMove, kEnter, kStop, kEndImpulse, kSeize:
		s.describeImpulse(k, x, &c)
		if k == kAssaultImpulse && int16(x) == s.g.uk {
			c.Label, c.Rule = "Activate the United Kingdom box: airborne units land, three at most (Interdiction follows)", "mgmg:18.42"
		}
		s.describeSecond(k, x, &c)
	case kTarget:
		id := s.g.placeIDs[x]
		c.ID, c.Refs, c.Rule = "bombard-area:"+id, []string{"area:" + id}, "mgmg:8.23"
		c.Label = "Bombardment Impulse on " + s.g.placeName(int16(x))
		s.describeSecond(k, x, &c)
	case kSingle:
		s.describeSecond(k, x, &c)
	case kSunsetMarker:
		s.describeSunsetMarker(x, &c)
	case kRepairBridge, kDemolish:
		s.describeBridgeTry(k, x, &c)
	case kLand:
		s.describeLanding(x&0xff, x>>8, &c)
	case kAlso:
		id := s.g.placeIDs[x]
		c.ID, c.Refs, c.Rule = "also:"+id, []string{"area:" + id}, "mgmg:12.3"
		c.Label = "Double Impulse: spend the Advantage to activate " + s.g.placeName(int16(x)) + " as well, its units joining this impulse's"
	case kAssault, kPoint, kForward, kCasualty, kRetreat, kStay, kRetreatDefender, kRetreatTo, kSupportArt, kSupportDone, kJoin:
		s.describeAssault(k, x, &c)
	case kExitMap:
		c.ID, c.Label, c.Rule = "exit-map", "Leave the map from Zone G for 1 MF: out of the game, not destroyed", "fh40:21.4"
	case kCarry:
		u := &s.g.units[x]
		c.ID, c.Label, c.Rule, c.Refs = "carry:"+u.ID, "Panzer Zug 1 carries "+u.Name, "fh40:20.4", []string{"unit:" + u.ID}
	default:
		c.ID, c.Label = fmt.Sprintf("?%d:%d", k, x), "unknown"
	}
	return c
}

// bareKinds are the choice IDs without an argument.
var bareKinds = map[string]kind{"done": kDone, "pass": kPass, "advance-impulse": kAdvance, "retract-impulse": kRetract, "keep": kKeep, "reroll": kReroll,
	"stop": kStop, "end-impulse": kEndImpulse, "barrage": kBarrage, "stay": kStay, "support-done": kSupportDone, "single": kSingle, "drop-done": kDropEnd, "exit-map": kExitMap,
	"setup-historical": kSetupAll}

// fmtRoll names the roll on offer: "Keep the Sunset DR 7", "Keep the Weather dr 3".
// A combat's names both DRs, all four dice being rerolled (mgmg:12.2).
func (s *State) fmtRoll(verb string, f *frame) string {
	switch f.For {
	case rrBombard:
		return fmt.Sprintf("%s %s, the attacker's %d and the defender's %d", verb, rollLabels[f.For], f.Roll, s.stack.frames[s.stack.n-2].Against)
	case rrAssault:
		return fmt.Sprintf("%s %s, the attacker's %d and the defender's %d", verb, rollLabels[f.For], f.Roll, s.stack.frames[s.stack.n-2].Fight.Against)
	}
	return fmt.Sprintf("%s %s %d", verb, rollLabels[f.For], f.Roll)
}

// ParseChoice implements engine.ChoiceParser: the action a choice ID names,
// whether or not it is legal now.
func (s *State) ParseChoice(id string) (engine.Action, bool) {
	prefix, arg, has := strings.Cut(id, ":")
	switch {
	case !has:
		k, ok := bareKinds[id]
		return act(k, 0), ok
	case prefix == "bid":
		v, err := strconv.Atoi(arg)
		return act(kBid, v), err == nil && v >= 0
	case prefix == "formation":
		f := s.g.formationIndex(arg)
		return act(kFormation, f), f >= 0
	case prefix == "regroup":
		u, ok := s.g.byID[arg]
		return act(kUnit, int(u)), ok
	case prefix == "to":
		p, ok := s.g.placeIndex[arg]
		return act(kPlace, int(p)), ok
	case prefix == "bombard":
		p, ok := s.g.placeIndex[arg]
		return act(kBombard, int(p)), ok
	case prefix == "primary", prefix == "attrition", prefix == "lead", prefix == "support":
		u, ok := s.g.byID[arg]
		return act(map[string]kind{"primary": kPrimary, "attrition": kAttrition, "lead": kLead, "support": kSupport}[prefix], int(u)), ok
	case prefix == "primary-ferry", prefix == "primary-construct":
		k := map[string]kind{"primary-ferry": kFerryTarget, "primary-construct": kConstructTarget}[prefix]
		for i := range nBridges {
			if s.markerID(k, i) == id {
				return act(k, i), true
			}
		}
	case prefix == "demolish":
		b := s.g.bridgeIndexOf(arg)
		return act(kDemolish, b), b >= 0
	case prefix == "carry":
		u, ok := s.g.byID[arg]
		return act(kCarry, int(u)), ok
	case prefix == "coup":
		u, ok := s.g.byID[arg]
		return act(kCoup, int(u)), ok
	case prefix == "coup-to":
		p, ok := s.g.placeIndex[arg]
		return act(kCoupTo, int(p)), ok
	case prefix == "bombard-area":
		p, ok := s.g.placeIndex[arg]
		return act(kTarget, int(p)), ok
	case prefix == "air":
		for i, m := range s.g.pieces.Setup.AirMarkers {
			if m.ID == arg {
				return act(kAir, i), true
			}
		}
	case prefix == "sunset-drm":
		v, err := strconv.Atoi(arg)
		return act(kSunsetMarker, v), err == nil && v >= firstImpulse && v <= lastImpulse
	case prefix == "also":
		p, ok := s.g.placeIndex[arg]
		return act(kAlso, int(p)), ok
	case prefix == "land":
		uid, pid, _ := strings.Cut(arg, ":")
		u, ok1 := s.g.byID[uid]
		p, ok2 := s.g.placeIndex[pid]
		return act(kLand, int(u)|int(p)<<8), ok1 && ok2
	case prefix == "repair-bridge", prefix == "demolish":
		i := s.g.bridgeIndexOf(arg)
		return act(map[string]kind{"repair-bridge": kRepairBridge, "demolish": kDemolish}[prefix], i), i >= 0
	case prefix == "interdict":
		p, ok := s.g.placeIndex[arg]
		return act(kInterdict, int(p)), ok
	case prefix == "depot":
		p, ok := s.g.placeIndex[arg]
		return act(kDepot, int(p)), ok
	case prefix == "augment":
		n, err := strconv.Atoi(arg)
		return act(kAugment, n), err == nil && n > 0 && n <= augmentCap
	case prefix == "repair":
		name, d, _ := strings.Cut(arg, ":")
		b := s.g.bridgeIndexOf(name)
		i, err := strconv.Atoi(d)
		return act(kRepair, b|i<<8), b >= 0 && err == nil && i >= 0 && i < maxDepots
	case prefix == "reorganize":
		uid, vid, _ := strings.Cut(arg, ":")
		u, ok1 := s.g.byID[uid]
		v, ok2 := s.g.byID[vid]
		return act(kReorganize, int(u)|int(v)<<8), ok1 && ok2
	case prefix == "refit":
		uid, d, _ := strings.Cut(arg, ":")
		u, ok := s.g.byID[uid]
		i, err := strconv.Atoi(d)
		return act(kRefitUnit, int(u)|i<<8), ok && err == nil && i >= 0 && i < maxDepots
	}
	if a, ok := s.parseAssaultChoice(prefix, arg); ok {
		return a, ok
	}
	if a, ok := s.parseDDayChoice(prefix, arg); ok {
		return a, ok
	}
	return s.parseImpulseChoice(prefix, arg)
}

// rule is the rule governing the current step.
func (s *State) rule() string { return s.g.cite(s.stepRule()) }

func (s *State) stepRule() string {
	if f := s.ddayFrame(); f != nil { // its assaults and rolls too
		return ddayPhases[f.DDay.Phase].Rule
	}
	switch s.step {
	case stSetup:
		if s.g.fh40 != nil {
			return "fh40:5.2" // the counter backs, not the Setup Card
		}
		return "mgmg:5.2"
	case stBid, stOpening:
		return "mgmg:23.51"
	case stAirBombardment:
		return "mgmg:20.2"
	case stArtilleryBarrage:
		return "mgmg:20.3"
	case stAirborneLanding:
		return "mgmg:20.4"
	case stImpulse:
		return "mgmg:8.2"
	case stDepot:
		return "mgmg:13.4"
	case stRefit:
		return "mgmg:13.6"
	case stPurchase:
		return "mgmg:13.7"
	case stReorganize:
		return "mgmg:23.6"
	case stRegroup, stRegroupTo:
		return "mgmg:6.5"
	case stReroll:
		return "mgmg:12.2"
	case stAttrition:
		return "mgmg:11.41"
	case stBombardWith:
		return "mgmg:11.11"
	case stSupport:
		return "mgmg:11.2"
	case stPrimary:
		return "mgmg:11.12"
	case stAssaultPoint, stAssaultForward, stCasualty, stAttackerRetreat, stVoluntary, stRetreatTo, stAssaultSupport:
		return "mgmg:10.7"
	case stSunsetMarker:
		return "mgmg:12.41"
	case stDropZone:
		return "mgmg:23.2"
	case stDemolition:
		return "fh40:20.2"
	case stCoup, stCoupTo, stCoupAttack:
		return "fh40:20.3"
	}
	return "mgmg:6.1"
}
