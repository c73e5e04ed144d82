package soa

import (
	"errors"
	"fmt"

	"sandtable/engine"
)

// Position is the complete state as JSON (docs/formats.md): places and
// units by their printed IDs so that a person can write one by hand. Only
// units listed are in play; the rest wait in their pools.
type Position struct {
	Options   map[string]string `json:"options"`
	RNG       engine.RNG        `json:"rng"`
	Turn      int               `json:"turn"`
	Step      string            `json:"step"`
	Active    string            `json:"active"`
	Impulse   string            `json:"impulse,omitempty"`
	TA        string            `json:"tactical_advantage"`
	VP        int               `json:"vp"`
	Ammo      int               `json:"ammo,omitempty"`
	ABonus    int               `json:"armor_events,omitempty"`
	Passes    int               `json:"passes,omitempty"`
	MustAct   bool              `json:"must_act,omitempty"`
	Forcer    string            `json:"forcer,omitempty"`
	Revealed  bool              `json:"revealed"`
	Swapped   bool              `json:"swapped,omitempty"`
	SetupNext int               `json:"setup_next,omitempty"`
	Bids      *[2]int           `json:"bids,omitempty"`
	BidDone   [2]bool           `json:"bid_done,omitempty"`
	Units     []UnitPos         `json:"units"`
	Control   map[string]string `json:"control"`
	Perimeter []string          `json:"perimeter,omitempty"`
	Fires     map[string]int    `json:"fires,omitempty"`
	Chits     *[2][13]uint8     `json:"chits,omitempty"`
	Reformed  []string          `json:"reformed_used,omitempty"`
	Work      *Work             `json:"work,omitempty"`
	Choices   int               `json:"choices"`
	Result    *engine.Result    `json:"result,omitempty"`
}

// UnitPos is one counter in play.
type UnitPos struct {
	ID         string `json:"id"`
	At         string `json:"at"` // place ID, or "eliminated", "box", "track", "artillery-box"
	Committed  bool   `json:"committed,omitempty"`
	Hidden     bool   `json:"hidden,omitempty"`
	Weight     uint8  `json:"weight,omitempty"`
	CCDead     bool   `json:"cc_dead,omitempty"`
	CCAttacked bool   `json:"cc_attacked,omitempty"`
	CCDone     bool   `json:"cc_done,omitempty"`
	Screened   bool   `json:"screened,omitempty"`
}

// Work is the step in progress inside an impulse or phase, by index; a
// hand-written position leaves it out and starts at a clean step.
type Work struct {
	Origin, Mover, MoveLeft, Moved, MoverRun int
	MoverHot, ForcerPending                  bool
	Attacks                                  []attack
	Cur                                      attack
	AV, DV                                   int
	Rolls                                    [4]int
	CP, CPTotal                              int
	Retreaters, ElimFull                     []int16
	CCPlace                                  int16
	CCAttacks                                []ccAttack
	CCCur                                    ccAttack
	CCIdx                                    int
	CCDie                                    int
	ExtPlace                                 int16
	ExtDie                                   int
	ArtFirst, ArtFirstBy                     int16
	EventRoll                                [3]int  // the Random Events roll being resolved: two dice and the modifier
	Stack                                    []frame // the nested procedures in progress, innermost last (stack.go)
}

var stepNames = [...]string{
	stBid: "bid", stSetupBritish: "setup-british", stSetupGerman: "setup-german", stReformPlace: "reform-place",
	stEventArmor: "event-armor", stEventZone: "event-zone", stEventBUnit: "event-b-unit", stEventBZone: "event-b-zone",
	stEventCZone: "event-c-zone", stImpulse: "impulse", stMode: "mode", stMoveUnit: "move-unit", stMoveStep: "move-step",
	stFireTarget: "fire-target", stFireGroup: "fire-group", stFireWith: "fire-with", stFirePrimary: "fire-primary",
	stArtTarget: "artillery-target", stArtGroup: "artillery-group", stArtMore: "artillery-more", stReroll: "reroll", stAbsorb: "absorb",
	stRetreatDest: "retreat", stFireCommit: "fire-commit", stOverstack: "overstack", stContinue: "continue",
	stCCPlace: "cc-place", stCCScreen: "cc-screen", stCCTarget: "cc-target", stCCWith: "cc-with", stOver: "over",
}

func (g *Game) locName(loc int16) string {
	switch loc {
	case locPool:
		return "pool"
	case locElim:
		return "eliminated"
	case locBox:
		return "box"
	case locTrack:
		return "track"
	case locArtBox:
		return "artillery-box"
	}
	return g.board.Place(int(loc)).ID
}

func (g *Game) locIndex(name string) (int16, bool) {
	for _, l := range []int16{locPool, locElim, locBox, locTrack, locArtBox} {
		if g.locName(l) == name {
			return l, true
		}
	}
	i, ok := g.placeIndex[name]
	return i, ok
}

// Position implements engine.State.
func (s *State) Position() any {
	g := s.g
	p := Position{
		Options: s.opt.encode(), RNG: s.rng.Clone(), Turn: s.turn, Step: stepNames[s.step],
		Active: s.active.String(), TA: s.ta.String(), VP: s.vp, Ammo: s.ammo, ABonus: s.aBonus,
		Passes: s.passes, MustAct: s.mustAct, Revealed: s.revealed, Swapped: s.swapped, SetupNext: s.setupNext,
		BidDone: s.bidDone, Choices: s.count, Result: s.result,
	}
	if s.step >= stImpulse {
		p.Impulse = s.imp.String()
	}
	if s.forcerPending {
		p.Forcer = s.forcer.String()
	}
	if s.opt.bidding {
		b := s.bids
		p.Bids = &b
	}
	if s.opt.chits {
		c := s.chits
		p.Chits = &c
	}
	for i, st := range s.units {
		if st.Loc == locPool || (g.units[i].Type == Artillery && st.Loc == locArtBox && !st.Committed) {
			continue
		}
		p.Units = append(p.Units, UnitPos{ID: g.units[i].ID, At: g.locName(st.Loc), Committed: st.Committed, Hidden: st.Hidden,
			Weight: st.Weight, CCDead: st.CCDead, CCAttacked: st.CCAttacked, CCDone: st.CCDone, Screened: st.Screened})
		if s.reformUsed[i] {
			p.Reformed = append(p.Reformed, g.units[i].ID)
		}
	}
	p.Control, p.Perimeter, p.Fires = s.markers()
	w := s.work()
	p.Work = &w
	return p
}

func (s *State) work() Work {
	some := func(l []int16) []int16 { // empty and nil encode alike
		if len(l) == 0 {
			return nil
		}
		return append([]int16(nil), l...)
	}
	cur := s.cur
	cur.Units = some(cur.Units)
	ccCur := s.ccCur
	ccCur.Units = some(ccCur.Units)
	var ccAttacks []ccAttack
	for _, a := range s.ccAttacks {
		ccAttacks = append(ccAttacks, ccAttack{Target: a.Target, Units: some(a.Units)})
	}
	return Work{
		Origin: int(s.origin), Mover: int(s.mover), MoveLeft: s.moveLeft, Moved: s.moved, MoverRun: s.moverRun,
		MoverHot: s.moverHot, ForcerPending: s.forcerPending, Attacks: cloneAttacks(s.attacks),
		Cur: cur, AV: s.av, DV: s.dv, Rolls: s.rolls,
		CP: s.cp, CPTotal: s.cpTotal, Retreaters: some(s.retreaters), ElimFull: some(s.elimFull),
		CCPlace:   s.ccPlace,
		CCAttacks: ccAttacks, CCCur: ccCur, CCIdx: s.ccIdx,
		CCDie: s.ccDie, ExtPlace: s.extPlace, ExtDie: s.extDie,
		ArtFirst: s.artFirst, ArtFirstBy: s.artFirstBy, Stack: s.stack.list(), EventRoll: s.eventRoll,
	}
}

func (s *State) setWork(w Work) {
	s.origin, s.mover, s.moveLeft, s.moved, s.moverRun = int16(w.Origin), int16(w.Mover), w.MoveLeft, w.Moved, w.MoverRun
	s.moverHot, s.forcerPending = w.MoverHot, w.ForcerPending
	s.attacks, s.cur = w.Attacks, w.Cur
	s.av, s.dv, s.rolls = w.AV, w.DV, w.Rolls
	s.cp, s.cpTotal, s.retreaters, s.elimFull = w.CP, w.CPTotal, w.Retreaters, w.ElimFull
	s.ccPlace = w.CCPlace
	s.ccAttacks, s.ccCur, s.ccIdx = w.CCAttacks, w.CCCur, w.CCIdx
	s.ccDie, s.extPlace, s.extDie = w.CCDie, w.ExtPlace, w.ExtDie
	s.artFirst, s.artFirstBy, s.eventRoll = w.ArtFirst, w.ArtFirstBy, w.EventRoll
	s.stack.set(w.Stack)
}

func parseSide(name, field string) (Side, error) {
	switch name {
	case "german":
		return German, nil
	case "british":
		return British, nil
	}
	return noSide, fmt.Errorf("%s: %q is not \"german\" or \"british\"", field, name)
}

// LoadPosition implements engine.Game: it checks what a person may get wrong.
func (g *Game) LoadPosition(data []byte) (engine.State, error) {
	var p Position
	if err := decodeStrict(data, &p); err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	o, err := parseOptions(g, p.Options)
	if err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	s := g.newState(o, 0)
	s.rng = p.RNG.Clone()
	if p.Turn < 1 || p.Turn > 8 {
		return nil, fmt.Errorf("soa position: turn %d is not 1 to 8 (soa:3.4)", p.Turn)
	}
	s.turn, s.vp, s.ammo, s.aBonus, s.passes, s.mustAct = p.Turn, p.VP, p.Ammo, p.ABonus, p.Passes, p.MustAct
	s.revealed, s.swapped, s.bidDone, s.count, s.result = p.Revealed, p.Swapped, p.BidDone, p.Choices, p.Result
	if p.Bids != nil {
		s.bids = *p.Bids
	}
	if p.Chits != nil {
		s.chits = *p.Chits
	}
	found := false
	for st, name := range stepNames {
		if name == p.Step {
			s.step, found = step(st), true
		}
	}
	if !found {
		return nil, fmt.Errorf("soa position: step %q is unknown; start a hand-written position at \"impulse\"", p.Step)
	}
	if p.SetupNext == 0 && s.step > stSetupGerman && p.Revealed { // left out: the set-up is over
		p.SetupNext = len(g.germStart)
	}
	s.setupNext = p.SetupNext
	if s.active, err = parseSide(p.Active, "active"); err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	if s.ta, err = parseSide(p.TA, "tactical_advantage"); err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	s.imp = s.active
	if p.Impulse != "" {
		if s.imp, err = parseSide(p.Impulse, "impulse"); err != nil {
			return nil, fmt.Errorf("soa position: %w", err)
		}
	}
	if p.Forcer != "" {
		if s.forcer, err = parseSide(p.Forcer, "forcer"); err != nil {
			return nil, fmt.Errorf("soa position: %w", err)
		}
	}
	seen := map[string]bool{}
	for _, up := range p.Units {
		u, ok := g.byID[up.ID]
		if !ok {
			return nil, fmt.Errorf("soa position: unit %q is not in the order of battle (games/soa/data/units.json)", up.ID)
		}
		if seen[up.ID] {
			return nil, fmt.Errorf("soa position: unit %q is listed twice", up.ID)
		}
		seen[up.ID] = true
		loc, ok := g.locIndex(up.At)
		if !ok {
			return nil, fmt.Errorf("soa position: unit %q is at %q, which is no place (1-30, A-E, pool, eliminated, box, track, artillery-box)", up.ID, up.At)
		}
		if (g.units[u].Type == Artillery) != (loc == locArtBox) {
			return nil, fmt.Errorf("soa position: unit %q: artillery stays in its artillery box and nothing else goes there (soa:3.7)", up.ID)
		}
		s.units[u] = unitState{Loc: loc, Committed: up.Committed, Hidden: up.Hidden, Weight: up.Weight,
			CCDead: up.CCDead, CCAttacked: up.CCAttacked, CCDone: up.CCDone, Screened: up.Screened}
	}
	for _, id := range p.Reformed {
		u, ok := g.byID[id]
		if !ok {
			return nil, fmt.Errorf("soa position: reformed_used: unknown unit %q", id)
		}
		s.reformUsed[u] = true
	}
	for i := range s.control {
		s.control[i], s.perim[i] = noSide, false
	}
	for id, side := range p.Control {
		i, ok := g.placeIndex[id]
		if !ok || g.board.Place(int(i)).VP == 0 {
			return nil, fmt.Errorf("soa position: control: %q is not a victory point area (soa:3.21)", id)
		}
		if s.control[i], err = parseSide(side, "control "+id); err != nil {
			return nil, fmt.Errorf("soa position: %w", err)
		}
	}
	for _, id := range p.Perimeter {
		i, ok := g.placeIndex[id]
		if !ok || !g.places[i].Perimeter {
			return nil, fmt.Errorf("soa position: perimeter: %q is not a British perimeter area (soa:5.1)", id)
		}
		s.perim[i] = true
	}
	for id, lvl := range p.Fires {
		i, ok := g.placeIndex[id]
		if !ok || s.isZone(i) || lvl < 0 || lvl > 2 {
			return nil, fmt.Errorf("soa position: fires: %q level %d: fires burn in areas at level 1 or 2 (soa:18.6, 18.82)", id, lvl)
		}
		s.fire[i] = uint8(lvl)
	}
	s.rehash() // units and markers were set by hand above
	if err := s.checkCounters(p); err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	if p.Work != nil {
		if err := s.checkWork(p.Work); err != nil {
			return nil, fmt.Errorf("soa position: work: %w", err)
		}
		s.setWork(*p.Work)
	}
	if err := s.checkStep(); err != nil {
		return nil, fmt.Errorf("soa position: step %q: %w", p.Step, err)
	}
	if err := s.Invariants(); err != nil {
		return nil, fmt.Errorf("soa position: %w", err)
	}
	if s.step != stOver {
		var tmp [64]engine.Action
		if len(s.Legal(tmp[:0])) == 0 {
			return nil, errors.New("soa position: the side to move would have no legal choice; check step and active")
		}
	}
	return s, nil
}

// Invariants implements engine.State: what must hold after every choice.
func (s *State) Invariants() error {
	g := s.g
	if len(s.units) != len(g.units) {
		return fmt.Errorf("unit conservation: %d units in the state, %d in the order of battle", len(s.units), len(g.units))
	}
	for u, st := range s.units {
		if st.Loc < locArtBox || int(st.Loc) >= g.board.Len() {
			return fmt.Errorf("unit %s is at an impossible location %d", g.units[u].ID, st.Loc)
		}
		if (g.units[u].Type == Artillery) != (st.Loc == locArtBox) {
			return fmt.Errorf("unit %s: artillery must stay in its box and only artillery goes there", g.units[u].ID)
		}
		if st.Loc == locTrack && g.units[u].Type != Bren {
			return fmt.Errorf("unit %s is on the turn track but is no Bren carrier (soa:17.52)", g.units[u].ID)
		}
		if st.Hidden && (g.units[u].Type != AntiTank || !s.opt.hiddenAT) {
			return fmt.Errorf("unit %s is hidden but only AT guns hide, with the option (soa:13.8)", g.units[u].ID)
		}
	}
	if s.step == stImpulse {
		for _, side := range []Side{German, British} {
			if p := s.overstacked(side); p >= 0 {
				return fmt.Errorf("occupation limits: %s exceeds ten infantry or three armour in %s at the end of an impulse (soa:7.1)", side, g.board.Place(int(p)).ID)
			}
		}
	}
	for i := 0; i < g.board.Len(); i++ {
		pl := g.board.Place(i)
		if (pl.VP > 0) != (s.control[i] != noSide) {
			return fmt.Errorf("control marker in %s: every VP area and only they have one (soa:5.1, 11.2)", pl.ID)
		}
		if s.perim[i] && (!g.places[i].Perimeter || s.turn >= 4 && s.step != stSetupBritish) {
			return fmt.Errorf("perimeter marker in %s: only on perimeter areas and gone from turn 4 (soa:11.5.1)", pl.ID)
		}
		if s.fire[i] > 2 || (s.fire[i] > 0 && g.board.IsZone(i)) {
			return fmt.Errorf("fire in %s: level %d (soa:18.6, 18.82)", pl.ID, s.fire[i])
		}
	}
	if s.turn < 1 || s.turn > 8 {
		return fmt.Errorf("turn %d is outside 1-8 (soa:6.6)", s.turn)
	}
	if !s.checkOcc() {
		return errors.New("the occupancy table is stale: a unit changed without put/setCommitted/setHidden/edit or stale")
	}
	if s.zob != s.zobFull() {
		return errors.New("the hash's keys are stale: a unit or marker changed without its setter (hash.go) or stale")
	}
	if (s.step == stOver) != (s.result != nil) {
		return errors.New("a result exists exactly when the game is over")
	}
	if err := checkNesting(s.stack.frames[:s.stack.n]); err != nil {
		return fmt.Errorf("procedures: %w", err)
	}
	if err := s.checkStepFrame(); err != nil {
		return fmt.Errorf("step %s: %w", stepNames[s.step], err)
	}
	return nil
}

// markers are the map's markers by place ID: control (soa:11.2), perimeter
// (soa:5.1) and fires (soa:18.8); all public.
func (s *State) markers() (control map[string]string, perimeter []string, fires map[string]int) {
	control = map[string]string{}
	for i := 0; i < s.g.board.Len(); i++ {
		id := s.g.board.Place(i).ID
		if s.control[i] != noSide {
			control[id] = s.control[i].String()
		}
		if s.perim[i] {
			perimeter = append(perimeter, id)
		}
		if s.fire[i] > 0 {
			if fires == nil {
				fires = map[string]int{}
			}
			fires[id] = int(s.fire[i])
		}
	}
	return
}
