package mgmg

import "sandtable/engine"

// side is one of the two players as the state keeps it (mgmg:2.0); the
// order of battle's Side names the same players in the data.
type side uint8

const (
	germans side = 0
	allies  side = 1
	nobody  side = 2 // no player: the seat of the game over, or no holder
)

func (s side) other() side { return 1 - s }

// seat is the engine seat of a side.
func (s side) seat() engine.Seat {
	switch s {
	case germans:
		return "german"
	case allies:
		return "allied"
	}
	return ""
}

func (s side) String() string { return string(s.seat()) }

// name is the side as prose writes it.
func (s side) name() string {
	switch s {
	case germans:
		return "German"
	case allies:
		return "Allied"
	}
	return "neither side"
}

// sideOf is the state's side of the data's.
func sideOf(s Side) side {
	if s == Allied {
		return allies
	}
	return germans
}

// control is who Controls a place (mgmg:7.2): the Germans, the Allied
// Airborne or XXX Corps, shown by the Airborne and Corps sides of the
// Allied control marker (mgmg:4.5, 7.21).
type control uint8

const (
	ctlGerman   control = iota // no marker: every place at the start (mgmg:7.2)
	ctlAirborne                // Airborne side of the marker
	ctlCorps                   // XXX Corps side (mgmg:7.21)
)

// side is the player whose control it is.
func (c control) side() side {
	if c == ctlGerman {
		return germans
	}
	return allies
}

var controlNames = [...]string{ctlGerman: "german", ctlAirborne: "airborne", ctlCorps: "corps"}

// weather is the face of the Turn marker (mgmg:4.8, 17).
type weather uint8

const (
	clear weather = iota
	overcast
	fog // fh40:17.3
)

var weatherNames = [...]string{clear: "clear", overcast: "overcast", fog: "fog"}

func (w weather) String() string { return weatherNames[w] }

// ferryState is the face of a Ferry Crossing marker (mgmg:4.7, 9.63).
type ferryState uint8

const (
	ferryOpen      ferryState = iota // available
	ferryUsed                        // "Do Not Enter" until the phase ends
	ferryDestroyed                   // gone for the rest of the game (mgmg:4.7)
)

var ferryNames = [...]string{ferryOpen: "open", ferryUsed: "used", ferryDestroyed: "destroyed"}

// Where a unit is when it is on no place of the map.
const (
	locPool int16 = -1 // not yet arrived, or not in this scenario (mgmg:5.2)
	locElim int16 = -2 // eliminated
	locExit int16 = -3 // off the map from Zone G: out of the game, not destroyed (fh40:3.3, 21.4)
)

// unitState is the changing part of a counter: where it is and the side
// face up with its Disruption marker (mgmg:4.4, 13.2).
type unitState struct {
	Loc   int16
	Level Step // StepFresh to StepDisrupt2 while in play
}

// step is what the game waits for.
type step uint8

const (
	stAirBombardment   step = iota // mgmg:20.2 D-Day Air Bombardment Phase
	stArtilleryBarrage             // mgmg:20.3 D-Day Artillery Bombardment Phase
	stAirborneLanding              // mgmg:20.4 D-Day Airborne Landing Phase
	stImpulse                      // mgmg:6.3, 8.2 the side to act picks its impulse
	stRefit                        // mgmg:6.4, 13.6 the side refitting refits its units
	stRegroup                      // mgmg:6.5 each side's Regroup: pick a unit, or done
	stRegroupTo                    // mgmg:6.5 where the picked unit regroups
	stReroll                       // mgmg:12.2 the Advantage holder keeps a roll or rerolls it
	stOver
	stDepot           // mgmg:13.4 the side refitting places its Supply Depots
	stPurchase        // mgmg:13.7 it buys Impulse Advances and Retractions
	stAttrition       // mgmg:11.4, 11.41 the defender picks the next unit to take attrition points
	stBombardWith     // mgmg:11.11 the lead artillery or the air marker of a Bombardment Impulse
	stSupport         // mgmg:11.2, 11.112 more artillery, or a Barrage, until done
	stPrimary         // mgmg:11.12 the primary target
	stMistaken        // mgmg:16.23 the German names the Allied primary target of a mistaken attack
	stAssaultPoint    // mgmg:10.72A the attacker names the Point Unit
	stAssaultForward  // mgmg:10.73A the defender names the Forward Unit
	stCasualty        // mgmg:10.8 the defender takes a casualty point
	stAttackerRetreat // mgmg:10.741, 10.742 the attacker retreats assaulting units, or they stay
	stVoluntary       // mgmg:10.93 the defender retreats units voluntarily, or they stay
	stRetreatTo       // mgmg:10.92 where a retreating unit goes
	stAssaultSupport  // mgmg:10.72C, 15.12 the attacker adds supporting field artillery
	stSunsetMarker    // mgmg:12.41 the side the enemy's losses earn spaces moves the Sunset DRM marker
	stDropZone        // mgmg:23.2 the Allies land the next unit of the first lift (dday_landings.go)
	stDemolition      // fh40:20.2 the Dutch name the next bridge to demolish, or are done
	stCoup            // fh40:20.3 the German answers a demolition attempt at Gennep with the Bridge Coup, or not
	stCoupTo          // fh40:20.3 where the successful coup's units go
	stCoupAttack      // fh40:20.3 the coup's battalion attacks the Dutch where it stands, with +1, or not
	stSetup           // mgmg:5.2 a side places its units as its Setup Card shows (setup_choices.go)
	stReorganize      // mgmg:23.6 the side reorganizes units, or is done (reorganization.go)
	stBid             // mgmg:23.51 a seat makes its secret bid (bids.go)
	stOpening         // mgmg:23.51 the loser of the bid buys Impulse Advances and Retractions for September 17
)

var stepNames = [...]string{
	stAirBombardment: "dday-air-bombardment", stArtilleryBarrage: "dday-artillery-bombardment",
	stAirborneLanding: "dday-airborne-landing",
	stImpulse:         "impulse", stRefit: "refit", stRegroup: "regroup", stRegroupTo: "regroup-to", stReroll: "reroll", stOver: "over",
	stDepot: "refit-depots", stPurchase: "refit-purchases",
	stAttrition: "attrition", stBombardWith: "bombard-with", stSupport: "bombard-support", stPrimary: "primary-target",
	stMistaken:     "mistaken-attack",
	stAssaultPoint: "assault-point", stAssaultForward: "assault-forward", stCasualty: "casualty", stAttackerRetreat: "attacker-retreat",
	stVoluntary: "voluntary-retreat", stRetreatTo: "retreat-to", stAssaultSupport: "assault-support",
	stSunsetMarker: "sunset-marker",
	stDropZone:     "dday-drop-zone",
	stDemolition:   "bridge-demolition", stCoup: "bridge-coup", stCoupTo: "bridge-coup-to", stCoupAttack: "bridge-coup-attack",
	stSetup: "setup", stReorganize: "reorganization", stBid: "bids", stOpening: "opening-purchases",
}

// The Impulse Track's seventeen spaces run from "C" through "B", "A" and
// "0" to "13" (mgmg:3.7, 24.0); the letters are the spaces below 0 that
// Impulse Retractions reach (mgmg:13.7).
const (
	firstImpulse = -3
	lastImpulse  = 13
)

// Sizes of the arrays a state carries: exactly the units of the order of
// battle and the places of the map, so that ranging over them visits each
// once (newGame checks the data against them).
const (
	nUnits   = 149
	nPlaces  = 76 // 65 areas, ten zones and the United Kingdom box
	nBridges = 18 // the bridges that matter (mgmg:3.24)
	nFerries = 3  // mgmg:5.1
	maxAir   = 8  // air markers the state keeps (setup.json has five)
)

// State is a game of Monty's Gamble: Market-Garden.
type State struct {
	core
	stack stack // the nested procedures in progress (stack.go); last, so that a clone copies only the frames in use (cloneInto)
}

// core is the state but its stack.
type core struct {
	g   *Game
	opt options
	rng engine.RNG

	log    gameLog // for people only: not part of the position or the hash
	result *engine.Result
	paths  *pathsMemo // the refit paths last traced (depotPaths), shared by clones
	banks  *banksMemo // fh40's German supply lines last traced for Boat Assaults (fh40BoatBanks), shared by clones

	// last, past every pointer, where the garbage collector does not look
	// (TestStateLayout): a field that holds one goes above

	choices int  // choices applied
	turn    int8 // the date in September (mgmg:3.6)
	step    step
	active  side // who chooses now

	impulse       int8         // the Advantage marker's space on the Impulse Track (mgmg:3.7)
	advantage     side         // who holds the Advantage (mgmg:12.1); nobody once used, until the impulse or phase ends (mgmg:12.5)
	advantageNext side         // who receives a used Advantage then; nobody while it is held
	sunsetDRM     int8         // the Sunset DRM marker's space, 0 while in its box (mgmg:12.41)
	weather       weather      // the weather now (mgmg:4.8, 17)
	dawnWeather   weather      // the weather the turn began with, which values depots (mgmg:17.2, 17.3, 17.4)
	weatherChange bool         // a sunset roll equalled the impulse: the weather changes as the next impulse begins (mgmg:17.4)
	passes        uint8        // consecutive Pass Impulses (mgmg:8.24)
	reserves      [2]int16     // each side's Reserves on the Supply Track (mgmg:3.8, 13.7)
	purchases     uint8        // Impulse Advances and Retractions the side refitting has bought (mgmg:13.7)
	eindhoven     bool         // XXX Corps contested or controlled Eindhoven at the end of September 17 (mgmg:21.31)
	airUsed       uint8        // air markers on their used side, one bit each in setup.json's order (mgmg:4.31, 16.1)
	airAt         [maxAir]int8 // where each air marker is on the map, noMarker in its display (mgmg:16.4)
	constructUsed [2]uint8     // each side's Construct markers in the Used box (mgmg:3.9, 19.21)
	boatUsed      bool         // the Boat Assault marker is on its used side (mgmg:3.10)
	ferries       [nFerries]ferryState

	zob       uint64           // Zobrist keys of units and places (hash.go)
	legalMemo engine.LegalMemo // the list Legal last returned, for Apply's check

	units   [nUnits]unitState
	control [nPlaces]control
	bridges [nBridges]bridge
	// units that crossed each bridge in the Regroup Phase (mgmg:9.62, 19.1)
	bridgeUse [nBridges]uint8
	occ       [nPlaces][2]uint8 // units of each side in each place, kept by put (control.go)

	depots      [maxDepots]depot // the Supply Depots of the side refitting, in the order dealt (mgmg:13.4)
	nDepots     uint8            // how many of its markers are dealt
	refitted    units            // its units refitted this Refit Phase, a level at most (mgmg:13.6)
	reorganized units            // its units reorganized this Refit Phase, a level at most (mgmg:23.6)
	tried       uint32           // the bridges it tried to repair this Refit Phase, or to demolish in fh40's Demolition Phase, one bit each (mgmg:19.2, 19.23, fh40:20.2)
	bids        [2]int16         // each seat's secret bid, by the side it sat down as (mgmg:23.51)
	bidDone     [2]bool          // each seat's bid is in
	swapped     bool             // the players swapped sides on the bids (mgmg:23.51)
	ddayStart   int8             // the Impulse Track space Daylight of September 17 begins on, moved by the Reserves of mgmg:23.51
	banked      int8             // fh40's German Victory Points scored at the checks of May 10 and 11 (fh40:21.3)
	coupHeld    bool             // fh40:20.3, 12.2: the Germans held the Advantage as the Bridge Coup Attempt Phase began

	held uint64 // the river and canal boundaries with a Held! marker, one bit each in Game.boundaries' order (mgmg:4.6, 10.4)

	turned [2][13]uint8 // each side's cards turned by value since its deck's shuffle (mgmg:23.71, cards.go)
}

// RNG implements engine.State.
func (s *State) RNG() *engine.RNG { return &s.rng }

// Result implements engine.State.
func (s *State) Result() *engine.Result { return s.result }

// ToMove implements engine.State.
func (s *State) ToMove() engine.Seat {
	if s.step == stOver {
		return ""
	}
	return s.seatOf(s.active)
}

// Clone implements engine.State. The log's entries are shared until one of
// the two writes (gameLog).
func (s *State) Clone() engine.State { return s.cloneInto(new(State)) }

// cloneInto makes c (not s) Clone's copy of s in c's memory: what c held
// before is lost. The frames past the stack's top are zero in both (pop),
// so only those in use are copied, and those c used beyond them cleared.
func (s *State) cloneInto(c *State) *State {
	c.core = s.core
	c.rng = s.rng.Clone()
	n := s.stack.n
	copy(c.stack.frames[:n], s.stack.frames[:n])
	for i := n; i < c.stack.n; i++ {
		c.stack.frames[i] = frame{}
	}
	c.stack.n = n
	return c
}

// SearchClone implements engine.SearchCloner: a Clone that keeps no log.
func (s *State) SearchClone() engine.State {
	c := s.Clone().(*State)
	c.log = gameLog{off: true}
	return c
}

// lastDay is the date of the game's last turn (mgmg:6.1, 22.1).
func (s *State) lastDay() int8 {
	if s.g.fh40 != nil {
		return fh40LastTurn
	}
	if s.opt.extended {
		return ExtendedLastDay
	}
	return LastDay
}
