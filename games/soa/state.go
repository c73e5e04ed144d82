package soa

import "sandtable/engine"

// Side is one of the two players (soa:2.1).
type Side uint8

const (
	German  Side = 0
	British Side = 1
	noSide  Side = 2
)

// Other is the opponent.
func (s Side) Other() Side { return 1 - s }

// Seat is the engine seat of a side.
func (s Side) Seat() engine.Seat {
	switch s {
	case German:
		return "german"
	case British:
		return "british"
	}
	return ""
}

func (s Side) String() string { return string(s.Seat()) }

// Name is the side as prose writes it: capitalised, unlike its seat.
func (s Side) Name() string {
	switch s {
	case German:
		return "German"
	case British:
		return "British"
	}
	return "neither side"
}

// Where a unit is when it is not on a place of the map.
const (
	locPool   int16 = -1 // not in play: unplaced, random-event pools (soa:4.5), reformed pool, turn-5 Tigers
	locElim   int16 = -2 // out of the game for good
	locBox    int16 = -3 // British Reformed Units box (soa:3.8, 19.2)
	locTrack  int16 = -4 // Bren carrier on the Turn Record Track (soa:17.52)
	locArtBox int16 = -5 // artillery counter in its box (soa:3.7)
)

// unitState is the changing part of a counter.
type unitState struct {
	Loc       int16
	Committed bool  // white side up (soa:8.13)
	Hidden    bool  // hidden anti-tank gun (soa:13.8)
	Weight    uint8 // units it counts for reformed units while in the box (soa:19.21, 19.22)
	// Close Combat Phase bookkeeping (soa:9.2-9.5)
	CCDead     bool // eliminated, still attacks (soa:9.4)
	CCAttacked bool // has been attacked this phase
	CCDone     bool // has attacked this phase
	Screened   bool // screened HQ/Bren (soa:9.5)
}

// step is what the game waits for.
type step uint8

const (
	stBid          step = iota // soa:21
	stSetupBritish             // soa:5.4
	stSetupGerman              // soa:5.5
	stReformPlace              // soa:19.4
	stEventArmor               // soa:17.3 accept or decline
	stEventZone                // soa:17.21, 17.32 white die 6: German picks zones
	stEventBUnit               // soa:17.41
	stEventBZone               // soa:17.41
	stEventCZone               // soa:17.51
	stImpulse                  // soa:8.1 pass, pick an area, or artillery
	stMode                     // move or fire from the picked area
	stMoveUnit                 // pick the next unit to move, or end the impulse
	stMoveStep                 // move the unit one place on, or stop
	stFireTarget               // pick the next attack's target, or resolve
	stFireGroup                // soa:8.33 group type
	stFireWith                 // add firing units, or confirm
	stFirePrimary              // soa:13.7
	stArtTarget                // soa:14.3
	stArtGroup                 // soa:14.5
	stArtMore                  // soa:14.33 a second barrage from the same area, or end
	stReroll                   // soa:8.41
	stAbsorb                   // soa:8.354 defender satisfies casualty points
	stRetreatDest              // soa:8.355
	stFireCommit               // soa:18.4 British picks units to commit
	stOverstack                // soa:7.3
	stContinue                 // soa:8.43
	stCCPlace                  // soa:9.2 order of close combats
	stCCScreen                 // soa:9.5
	stCCTarget                 // soa:9.4
	stCCWith                   // soa:9.4
	stOver
)

// attackKind says what resolves an attack.
type attackKind uint8

const (
	atkFire      attackKind = iota // soa:8.3
	atkAT                          // soa:13.21
	atkArtillery                   // soa:14.5
	atkSetFire                     // soa:18.3
)

// attack is one predesignated attack of an impulse (soa:8.12).
type attack struct {
	Kind    attackKind
	Target  int16 // place
	Group   uint8 // 0 uncommitted, 1 committed (soa:8.331)
	Units   []int16
	Primary int16 // soa:13.7, -1 if none
}

// ccAttack is one predesignated close-combat attack (soa:9.3).
type ccAttack struct {
	Target int16
	Units  []int16
}

// State is a game of Storm Over Arnhem.
type State struct {
	g   *Game
	opt options
	rng engine.RNG

	turn          int
	step          step
	active        Side // whose impulse, or who chooses in the current step
	ta            Side // holder of the Tactical Advantage (soa:8.4)
	passes        int  // consecutive passes (soa:8.16)
	mustAct       bool // soa:8.43: forced continuation, the forcer may not pass
	forcer        Side // who forced the phase on (soa:8.43)
	forcerPending bool // the forcer has not yet moved or fired since
	vp            int
	ammo          int // British ammunition shortage level (soa:20)
	aBonus        int // accepted armour events (soa:17.3)
	// set-up and bidding
	setupNext int    // index into setup order
	bids      [2]int // soa:21
	bidDone   [2]bool
	swapped   bool // the player seated German won the bid for the British (soa:21.1)
	revealed  bool // set-ups revealed (soa:5.5)
	// impulse
	imp      Side         // whose impulse it is (soa:8.1)
	chits    [2][13]uint8 // soa:22: chits left in each player's cup, by value
	moverRun int          // places the moving unit has entered (soa:8.21)
	moverHot bool         // the moving unit began in an enemy-occupied area (soa:8.21)
	origin   int16        // area the impulse acts from
	mover    int16        // unit moving
	moveLeft int
	moved    int // places entered by the mover this impulse
	attacks  []attack
	cur      attack
	// soa:14.33: target and counter of the impulse's first barrage, -1 if none
	artFirst, artFirstBy int16
	// dice of the attack being resolved
	av, dv int
	rolls  [4]int
	// casualties
	cp         int     // casualty points still to satisfy
	cpTotal    int     // casualty points of the result
	retreaters []int16 // units chosen to retreat
	elimFull   []int16 // units eliminated with three casualty points this attack (soa:19.23)
	// events
	eventRoll [3]int // the Random Events roll being resolved: two dice and the modifier (soa:17.1)
	// close combat
	ccPlace   int16
	ccAttacks []ccAttack
	ccCur     ccAttack
	ccIdx     int
	ccDie     int // the close-combat die under a reroll offer
	// close combat (closecombat.go): add fields here

	// turn sequence (turn.go): add fields here
	extPlace int16 // fire being extinguished (soa:18.9)
	extDie   int

	log    gameLog // for people only: not part of the position or the hash
	result *engine.Result
	arrays *workArrays // a clone's own arrays for the attacks designated; nil until it needs them
	count  int         // choices applied

	// last, past every pointer, where the garbage collector does not look
	// (TestStateLayout): a field that holds one goes above

	stack stack // the nested procedures in progress (stack.go)

	occOK     bool
	zob       uint64           // Zobrist keys of units and places (hash.go)
	legalMemo engine.LegalMemo // the list Legal last returned, for Apply's check

	units      [nUnits]unitState
	reformUsed [nUnits]bool
	control    [nPlaces]Side     // controller of VP areas (soa:11.2); noSide elsewhere
	perim      [nPlaces]bool     // perimeter marker present (soa:5.1, 11.5)
	fire       [nPlaces]uint8    // fire level 0-2 (soa:18.8)
	occ        [nPlaces]placeOcc // derived occupancy (occupancy.go), not part of the position
	lists      [4][listCap]int16 // a clone's lists of the attack, retreat and close combat in progress
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

// seatOf maps a side to the seat of the player commanding it; after a won
// bid (soa:21.1) the players have swapped sides.
func (s *State) seatOf(side Side) engine.Seat {
	if s.swapped {
		return side.Other().Seat()
	}
	return side.Seat()
}

// Sizes of the arrays a state carries: exactly the counters of the order of
// battle and the places of the map, so that ranging over them visits each
// once (newGame checks the data against them).
const (
	nUnits     = 155
	nPlaces    = 35
	maxAttacks = 8  // attacks of one impulse or close-combat phase a clone holds in place; more spill to the heap
	listCap    = 16 // units of a list a clone holds in place; more spill to the heap
)

// workArrays backs a clone's attacks and close-combat attacks designated,
// and their lists.
type workArrays struct {
	attacks           [maxAttacks]attack
	ccAttacks         [maxAttacks]ccAttack
	attLists, ccLists [maxAttacks][listCap]int16
}

// Clone implements engine.State: one copy of the state, whose arrays come
// after every pointer, and one of the attacks designated, if any. A list in
// progress gets its own copy; an empty one is nil.
func (s *State) Clone() engine.State { return s.cloneInto(new(State)) }

// cloneInto makes c (not s) Clone's copy of s in c's memory, its attack
// arrays included: what c held before is lost.
func (s *State) cloneInto(c *State) *State {
	w := c.arrays
	*c = *s
	c.arrays = w
	c.rng = s.rng.Clone()
	c.cur.Units = own(&c.lists[0], s.cur.Units)
	c.retreaters = own(&c.lists[1], s.retreaters)
	c.elimFull = own(&c.lists[2], s.elimFull)
	c.ccCur.Units = own(&c.lists[3], s.ccCur.Units)
	c.attacks, c.ccAttacks = nil, nil
	if len(s.attacks)+len(s.ccAttacks) == 0 {
		return c
	}
	if w == nil {
		w = new(workArrays)
		c.arrays = w
	}
	c.attacks = append(w.attacks[:0:maxAttacks], s.attacks...)
	for i := range c.attacks {
		c.attacks[i].Units = ownIn(&w.attLists, i, s.attacks[i].Units)
	}
	c.ccAttacks = append(w.ccAttacks[:0:maxAttacks], s.ccAttacks...)
	for i := range c.ccAttacks {
		c.ccAttacks[i].Units = ownIn(&w.ccLists, i, s.ccAttacks[i].Units)
	}
	return c
}

// own copies list l into array a, nil if empty.
func own(a *[listCap]int16, l []int16) []int16 {
	if len(l) == 0 {
		return nil
	}
	return append(a[:0:listCap], l...)
}

// ownIn copies the list of the i-th attack into lists, or past them to the heap.
func ownIn(lists *[maxAttacks][listCap]int16, i int, l []int16) []int16 {
	if i >= len(lists) {
		return own(new([listCap]int16), l)
	}
	return own(&lists[i], l)
}

// SearchClone implements engine.SearchCloner: a Clone that keeps no log.
func (s *State) SearchClone() engine.State { return s.searchCloneInto(new(State)) }

// searchCloneInto is SearchClone into c's memory (cloneInto).
func (s *State) searchCloneInto(c *State) *State {
	s.cloneInto(c)
	c.log = gameLog{off: true}
	return c
}

// cloneAttacks deep-copies a list; an empty list becomes nil so that a state
// and its clone encode alike.
func cloneAttacks(as []attack) []attack {
	var out []attack
	for _, a := range as {
		a.Units = append([]int16(nil), a.Units...)
		out = append(out, a)
	}
	return out
}

// night reports a night turn (soa:15.1).
func (s *State) night() bool { return s.turn == 2 || s.turn == 5 || s.turn == 8 }
