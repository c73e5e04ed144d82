package mgmg

import (
	"errors"
	"fmt"
	"slices"

	"sandtable/engine"
)

// Position is the complete state as JSON (docs/formats.md): places and
// units by their IDs so that a person can write one by hand. Only units
// listed are in play; the rest wait in their pools.
type Position struct {
	Scenario      string               `json:"scenario"`
	Options       map[string]string    `json:"options"`
	RNG           engine.RNG           `json:"rng"`
	Turn          int                  `json:"turn"` // the date in September (mgmg:3.6)
	Step          string               `json:"step"`
	Active        string               `json:"active"`
	Impulse       string               `json:"impulse"`                  // "C", "B", "A", "0" to "13" (mgmg:3.7)
	Advantage     string               `json:"advantage"`                // "" once used, until the impulse or phase ends (mgmg:12.5)
	AdvantageNext string               `json:"advantage_next,omitempty"` // who then receives it
	SunsetDRM     int                  `json:"sunset_drm"`               // 0 in its box (mgmg:12.41)
	Weather       string               `json:"weather"`
	DawnWeather   string               `json:"dawn_weather"`
	WeatherChange bool                 `json:"weather_change,omitempty"`
	Passes        int                  `json:"passes,omitempty"`
	Purchases     int                  `json:"impulse_purchases,omitempty"` // Advances and Retractions bought by the side refitting (mgmg:13.7)
	Reserves      SideNumbers          `json:"reserves"`
	Eindhoven     bool                 `json:"eindhoven_bonus,omitempty"`
	AirUsed       []string             `json:"air_used,omitempty"`
	AirAt         map[string]string    `json:"air_markers_on_map,omitempty"` // air markers on the map by ID: where (mgmg:16.4)
	ConstructUsed SideNumbers          `json:"construct_used"`
	BoatUsed      bool                 `json:"boat_assault_used,omitempty"`
	Ferries       []string             `json:"ferries"`
	Bridges       map[string]BridgePos `json:"bridges"`              // the bridges not German-held, or with Construct markers (mgmg:19.1)
	BridgeUse     map[string]int       `json:"bridge_use,omitempty"` // units that crossed each bridge in the Regroup Phase (mgmg:9.62)
	Units         []UnitPos            `json:"units"`
	Control       map[string]string    `json:"control"` // Allied-Controlled places; the rest are German
	Stack         []frame              `json:"stack,omitempty"`
	Depots        []DepotPos           `json:"depots,omitempty"`        // the Supply Depots dealt by the side refitting, in order (mgmg:13.4)
	Refitted      []string             `json:"refitted,omitempty"`      // its units refitted this Refit Phase (mgmg:13.6)
	Reorganized   []string             `json:"reorganized,omitempty"`   // its units reorganized this Refit Phase (mgmg:23.6)
	RepairsTried  []string             `json:"repairs_tried,omitempty"` // the bridges it tried to repair this Refit Phase (mgmg:19.23)
	Held          []string             `json:"held,omitempty"`          // the river and canal boundaries with a Held! marker: Allied (mgmg:4.6, 10.4)
	Choices       int                  `json:"choices"`
	Result        *engine.Result       `json:"result,omitempty"`
	Banked        int                  `json:"vp_banked,omitempty"`           // fh40's German Victory Points scored at the checks of May 10 and 11 (fh40:21.3)
	CoupHeld      bool                 `json:"coup_advantage_held,omitempty"` // fh40's Germans held the Advantage as the Bridge Coup Attempt Phase began (fh40:20.3, 12.2)
	Bids          *BidsPos             `json:"bids,omitempty"`                // with the bidding option (mgmg:23.51)
	DDayStart     string               `json:"dday_start,omitempty"`          // where the Reserves of mgmg:23.51 moved the start of September 17's Daylight Phase; "" for Impulse 0
	Cards         *CardsPos            `json:"cards_turned,omitempty"`        // with the cards option: the cards turned from each deck since its shuffle (mgmg:23.71)
}

// BidsPos is the secret bids of mgmg:23.51, by seat.
type BidsPos struct {
	Bids    SideNumbers `json:"bids"`    // each seat's bid, 0 until it is in
	In      []string    `json:"in"`      // the seats whose bid is in
	Swapped bool        `json:"swapped"` // the seat named German plays the Allies
}

// SideNumbers is a number for each side.
type SideNumbers struct {
	German int `json:"german"`
	Allied int `json:"allied"`
}

// DepotPos is a Supply Depot dealt in the Refit Phase.
type DepotPos struct {
	ID     string `json:"id"`     // its kind: setup.json's depot ID, or "air-supply"
	At     string `json:"at"`     // its place; "" when it had none and its points are lost
	Points int    `json:"points"` // the Supply Points it has left
}

// UnitPos is one unit in play.
type UnitPos struct {
	ID    string `json:"id"`
	At    string `json:"at"`    // place ID, or "eliminated"
	Level string `json:"level"` // "fresh", "spent", "disrupt-1" or "disrupt-2" (mgmg:13.2)
}

// Position implements engine.State.
func (s *State) Position() any {
	g := s.g
	p := Position{
		Scenario: s.opt.scenario(), Options: s.opt.encode(g), RNG: s.rng.Clone(), Turn: int(s.turn), Step: stepNames[s.step],
		Active: s.active.String(), Impulse: impulseName(s.impulse), Advantage: s.advantage.String(), AdvantageNext: s.advantageNext.String(), SunsetDRM: int(s.sunsetDRM),
		Weather: s.weather.String(), DawnWeather: s.dawnWeather.String(), WeatherChange: s.weatherChange, Passes: int(s.passes),
		Purchases:     int(s.purchases),
		Reserves:      SideNumbers{int(s.reserves[germans]), int(s.reserves[allies])},
		ConstructUsed: SideNumbers{int(s.constructUsed[germans]), int(s.constructUsed[allies])},
		Eindhoven:     s.eindhoven, BoatUsed: s.boatUsed, Ferries: s.ferryNames(), Bridges: s.bridgeMarkers(), BridgeUse: s.bridgeUses(), Control: s.controlMarkers(),
		Stack: s.stack.list(), Choices: s.choices, Result: s.result, Banked: int(s.banked), CoupHeld: s.coupHeld,
	}
	for i, m := range g.pieces.Setup.AirMarkers {
		if s.airUsed&(1<<i) != 0 {
			p.AirUsed = append(p.AirUsed, m.ID)
		}
	}
	p.AirAt = s.airMarkers()
	p.Bids = s.bidsPos()
	if s.ddayStart != 0 {
		p.DDayStart = impulseName(s.ddayStart)
	}
	p.Depots = s.depotList()
	p.Held = s.heldMarkers()
	p.Cards = s.cardsPos()
	for b := range s.bridges {
		if s.tried&(1<<b) != 0 {
			p.RepairsTried = append(p.RepairsTried, g.bridgeName(b))
		}
	}
	for u := range int16(nUnits) {
		if s.refitted.has(u) {
			p.Refitted = append(p.Refitted, g.units[u].ID)
		}
		if s.reorganized.has(u) {
			p.Reorganized = append(p.Reorganized, g.units[u].ID)
		}
	}
	for u, st := range &s.units {
		if st.Loc != locPool {
			p.Units = append(p.Units, UnitPos{ID: g.units[u].ID, At: g.locName(st.Loc), Level: levelNames[st.Level]})
		}
	}
	return p
}

// LoadPosition implements engine.Game: it checks what a person may get wrong.
func (g *Game) LoadPosition(data []byte) (engine.State, error) {
	s, err := g.loadPosition(data)
	if err != nil {
		return nil, fmt.Errorf("%s position: %w", g.ID(), err)
	}
	return s, nil
}

func (g *Game) loadPosition(data []byte) (*State, error) {
	var p Position
	if err := decodeStrict(data, &p); err != nil {
		return nil, err
	}
	o, err := parseOptions(g, p.Scenario, p.Options)
	if err != nil {
		return nil, err
	}
	s := g.newState(o, 0)
	s.rng = p.RNG.Clone()
	for i, d := range p.RNG.Forced {
		if d < 1 || d > 6 {
			return nil, fmt.Errorf("rng.forced[%d] %d: a forced die is 1 to 6", i, d)
		}
	}
	if p.Turn < FirstDay || p.Turn > int(s.lastDay()) {
		return nil, fmt.Errorf("turn %d is not a date of the %s game, September %d to %d (mgmg:3.6, 22)", p.Turn, o.scenario(), FirstDay, s.lastDay())
	}
	s.turn, s.choices, s.result = int8(p.Turn), p.Choices, p.Result
	if p.Choices < 0 {
		return nil, fmt.Errorf("choices %d is negative", p.Choices)
	}
	st := slices.Index(stepNames[:], p.Step)
	if st < 0 {
		return nil, fmt.Errorf("step %q is unknown; one of %v", p.Step, stepNames)
	}
	s.step = step(st)
	if s.active, err = parseSide(p.Active, "active", s.step == stOver); err != nil {
		return nil, err
	}
	if s.advantage, err = parseSide(p.Advantage, "advantage", true); err != nil {
		return nil, err
	}
	if s.advantageNext, err = parseSide(p.AdvantageNext, "advantage_next", true); err != nil {
		return nil, err
	}
	if err := s.setTracks(p); err != nil {
		return nil, err
	}
	if err := s.setMarkers(p); err != nil {
		return nil, err
	}
	if err := s.setBridges(p.Bridges, p.BridgeUse); err != nil {
		return nil, err
	}
	if err := s.setHeld(p.Held); err != nil {
		return nil, err
	}
	if err := s.setCards(p.Cards); err != nil {
		return nil, err
	}
	if err := s.setUnits(p); err != nil {
		return nil, err
	}
	if err := s.setDepots(p); err != nil {
		return nil, err
	}
	if err := s.setReorganized(p); err != nil {
		return nil, err
	}
	if err := s.setBids(p); err != nil {
		return nil, err
	}
	for id, c := range p.Control {
		i, ok := g.placeIndex[id]
		if !ok || i == g.uk {
			return nil, fmt.Errorf("control: %q is no area or zone of the map", id)
		}
		switch c {
		case "airborne":
			s.control[i] = ctlAirborne
		case "corps":
			s.control[i] = ctlCorps
		default:
			return nil, fmt.Errorf("control of %s: %q is not \"airborne\" or \"corps\"; leave German places out (mgmg:4.5)", id, c)
		}
	}
	if len(p.Stack) > maxDepth {
		return nil, fmt.Errorf("stack: %d procedures nested, at most %d", len(p.Stack), maxDepth)
	}
	for _, f := range p.Stack {
		s.stack.push(f)
	}
	s.rehash()
	if err := s.Invariants(); err != nil {
		return nil, err
	}
	if s.step != stOver {
		var tmp [64]engine.Action
		if len(s.Legal(tmp[:0])) == 0 {
			return nil, errors.New("the side to move would have no legal choice; check step and active")
		}
	}
	return s, nil
}

// parseSide reads a side's name; "" is nobody when none is allowed.
func parseSide(name, field string, none bool) (side, error) {
	switch {
	case name == "german":
		return germans, nil
	case name == "allied":
		return allies, nil
	case name == "" && none:
		return nobody, nil
	}
	return nobody, fmt.Errorf("%s: %q is not \"german\" or \"allied\"", field, name)
}

// setTracks reads the Impulse Track, the Sunset DRM marker, the weather,
// the passes and the Supply Track.
func (s *State) setTracks(p Position) error {
	var found bool
	if s.impulse, found = parseImpulse(p.Impulse); !found {
		return fmt.Errorf("impulse %q is no space of the Impulse Track (C, B, A, 0 to 13; mgmg:3.7)", p.Impulse)
	}
	if p.SunsetDRM < firstImpulse || p.SunsetDRM > lastImpulse {
		return fmt.Errorf("sunset_drm %d is off the Impulse Track (%d to %d; mgmg:12.41)", p.SunsetDRM, firstImpulse, lastImpulse)
	}
	s.sunsetDRM = int8(p.SunsetDRM)
	var ok1, ok2 bool
	s.weather, ok1 = parseWeather(p.Weather)
	s.dawnWeather, ok2 = parseWeather(p.DawnWeather)
	if !ok1 || !ok2 {
		return fmt.Errorf("weather %q, dawn_weather %q: each is \"clear\" or \"overcast\" (mgmg:17)", p.Weather, p.DawnWeather)
	}
	if err := s.checkWeather(p.Turn); err != nil {
		return err
	}
	s.weatherChange = p.WeatherChange
	if p.Passes < 0 || p.Passes > 1 || (p.Passes > 0 && s.step != stImpulse && s.step != stReroll) {
		return fmt.Errorf("passes %d: 0, or 1 during the Daylight Phase; a second pass ends it (mgmg:8.24)", p.Passes)
	}
	s.passes = uint8(p.Passes)
	if p.Purchases < 0 || p.Purchases > maxPurchases || (p.Purchases > 0 && s.step != stPurchase && s.step != stOpening) {
		return fmt.Errorf("impulse_purchases %d: 0 to %d, bought in the Refit Phase (mgmg:13.7)", p.Purchases, maxPurchases)
	}
	s.purchases = uint8(p.Purchases)
	if p.Reserves.German < 0 || p.Reserves.Allied < 0 || p.Reserves.German > 999 || p.Reserves.Allied > 999 {
		return fmt.Errorf("reserves %+v: the Supply Track holds 0 to 999 points a side (mgmg:3.8)", p.Reserves)
	}
	s.reserves = [2]int16{int16(p.Reserves.German), int16(p.Reserves.Allied)}
	s.eindhoven = p.Eindhoven
	if p.Banked != 0 && (s.g.fh40 == nil || p.Turn == FirstDay || p.Banked < -2 || p.Banked > 1) {
		return fmt.Errorf("vp_banked %d: only fh40 banks Victory Points, -2 to 1, at the checks of May 10 and 11 (fh40:21.3)", p.Banked)
	}
	s.banked = int8(p.Banked)
	coup := s.step == stCoupTo || s.step == stCoupAttack || len(p.Stack) > 0 && p.Stack[0].For == rrCoup
	if p.CoupHeld && (s.g.fh40 == nil || !coup) {
		return errors.New("coup_advantage_held: only during fh40's Bridge Coup Attempt Phase (fh40:20.3)")
	}
	s.coupHeld = p.CoupHeld
	return nil
}

func parseWeather(name string) (weather, bool) {
	i := slices.Index(weatherNames[:], name)
	return weather(max(i, 0)), i >= 0
}

// setMarkers reads the air, construct, boat and ferry markers.
func (s *State) setMarkers(p Position) error {
	g := s.g
	for _, id := range p.AirUsed {
		i := slices.IndexFunc(g.pieces.Setup.AirMarkers, func(m AirMarker) bool { return m.ID == id })
		if i < 0 {
			return fmt.Errorf("air_used: %q is no air marker of setup.json", id)
		}
		s.airUsed |= 1 << i
	}
	for id, at := range p.AirAt {
		i := slices.IndexFunc(g.pieces.Setup.AirMarkers, func(m AirMarker) bool { return m.ID == id })
		q, ok := g.placeIndex[at]
		if i < 0 || g.pieces.Setup.AirMarkers[i].Kind != InterdictionMarker || int8(g.pieces.Setup.AirMarkers[i].Entry) > s.turn {
			return fmt.Errorf("air_markers_on_map: %q is no Air Interdiction marker in play on September %d (mgmg:16.4, 18.2)", id, s.turn)
		}
		if !ok || g.m.Drop(int(q)) == "" && !g.m.SupplyHead(int(q)) || s.markerIn(q) {
			return fmt.Errorf("air_markers_on_map: %s is in %q: one marker at most in a place with a Drop Area or Supply Head (mgmg:16.4)", id, at)
		}
		s.airAt[i] = int8(q)
	}
	cm := g.pieces.Setup.ConstructMarkers
	if p.ConstructUsed.German < 0 || p.ConstructUsed.German > cm[German] || p.ConstructUsed.Allied < 0 || p.ConstructUsed.Allied > cm[Allied] {
		return fmt.Errorf("construct_used %+v: each side has %d German and %d Allied Construct markers (mgmg:3.9)", p.ConstructUsed, cm[German], cm[Allied])
	}
	s.constructUsed = [2]uint8{uint8(p.ConstructUsed.German), uint8(p.ConstructUsed.Allied)}
	s.boatUsed = p.BoatUsed
	if len(p.Ferries) != nFerries {
		return fmt.Errorf("ferries: %d listed; there are %d Ferry Crossing markers (mgmg:5.1)", len(p.Ferries), nFerries)
	}
	for i, f := range p.Ferries {
		j := slices.Index(ferryNames[:], f)
		if j < 0 {
			return fmt.Errorf("ferries[%d] %q is not \"open\", \"used\" or \"destroyed\" (mgmg:4.7)", i, f)
		}
		s.ferries[i] = ferryState(j)
	}
	return nil
}

// setDepots reads the depots dealt and the units refitted, which exist only
// while a side refits (mgmg:13.4, 13.6).
func (s *State) setDepots(p Position) error {
	g := s.g
	// the Repair dr of Evening Construction is offered for a reroll amid the refits (mgmg:19.23, 12.2)
	repairDr := s.step == stReroll && len(p.Stack) == 1 && p.Stack[0].For == rrRepair
	refitting := s.step == stDepot || s.step == stRefit || s.step == stPurchase || repairDr
	sd := s.active
	if repairDr {
		sd = p.Stack[0].Back // the side refitting, the Advantage holder choosing
	}
	demolishing := g.fh40 != nil && (s.step == stDemolition || s.step == stCoup || s.step == stCoupTo || s.step == stCoupAttack || s.step == stReroll ||
		len(p.Stack) > 0 && p.Stack[0].For == rrCoup) // fh40:20.2, 20.3: the coup's attack
	if !refitting && len(p.Refitted) > 0 || !refitting && !demolishing && len(p.RepairsTried) > 0 || s.step == stPurchase && len(p.Depots) > 0 || !refitting && len(p.Depots) > 0 {
		return errors.New("depots and refitted: only while a side refits, the depots until it is done refitting (mgmg:13.4)")
	}
	kinds := g.depotKinds(sd)
	left := slices.Clone(kinds)
	for i, dp := range p.Depots {
		// while depots are dealt, in the order of kinds; once refitting, any of them
		j := slices.IndexFunc(left, func(k int8) bool { return g.depotID(k) == dp.ID })
		if s.step == stDepot && (i >= len(kinds) || dp.ID != g.depotID(kinds[i])) || j < 0 {
			return fmt.Errorf("depots[%d]: %q; the %s side deals its depots once each, in the order %v (mgmg:13.4)", i, dp.ID, sd.name(), s.depotIDs(kinds))
		}
		k := left[j]
		left = slices.Delete(left, j, j+1)
		d := depot{Kind: k, At: -1, Points: int8(dp.Points)}
		if dp.At != "" {
			q, ok := g.placeIndex[dp.At]
			if !ok || q == g.uk {
				return fmt.Errorf("depots[%d]: %q is no area or zone", i, dp.At)
			}
			d.At = int8(q)
		}
		if dp.Points < 0 || dp.Points > augmentCap || d.At < 0 && dp.Points != 0 {
			return fmt.Errorf("depots[%d]: %d Supply Points; 0 to %d, and 0 for a depot that was not placed", i, dp.Points, augmentCap)
		}
		s.depots[i] = d
	}
	s.nDepots = uint8(len(p.Depots))
	for _, id := range p.Refitted {
		u, ok := g.byID[id]
		if !ok || g.side[u] != sd {
			return fmt.Errorf("refitted: %q is no unit of the %s side", id, sd.name())
		}
		s.refitted.add(u)
	}
	for _, name := range p.RepairsTried {
		b := g.bridgeIndexOf(name)
		if b < 0 {
			return fmt.Errorf("repairs_tried: %q is no bridge of the map (its places' IDs, as in bridges)", name)
		}
		s.tried |= 1 << b
	}
	return nil
}

// depotIDs names kinds as positions write them.
func (s *State) depotIDs(kinds []int8) []string {
	var out []string
	for _, k := range kinds {
		out = append(out, s.g.depotID(k))
	}
	return out
}

// setUnits reads the units in play.
func (s *State) setUnits(p Position) error {
	g := s.g
	seen := map[string]bool{}
	for _, up := range p.Units {
		u, ok := g.byID[up.ID]
		if !ok {
			return fmt.Errorf("unit %q is not in the order of battle (games/mgmg/data/units.json)", up.ID)
		}
		if seen[up.ID] {
			return fmt.Errorf("unit %q is listed twice", up.ID)
		}
		seen[up.ID] = true
		if !g.units[u].InGame(s.opt.extended) {
			return fmt.Errorf("unit %q plays only in the Extended Game (mgmg:5.2, 22)", up.ID)
		}
		loc, ok := g.placeIndex[up.At]
		switch {
		case up.At == "eliminated":
			loc, ok = locElim, true
		case up.At == "exited" && g.fh40 != nil && g.units[u].Side() == Allied: // fh40:21.4
			loc, ok = locExit, true
		case ok && g.fh40 != nil && !g.m.InFortressHolland(int(loc)):
			return fmt.Errorf("unit %q is at %q, out of Fortress Holland's map: areas 26-65, zones C, D, E, G, H, I (fh40:3.2, 3.3)", up.ID, up.At)
		}
		if !ok {
			return fmt.Errorf("unit %q is at %q, which is no place (1-65, A-J, UK, eliminated)", up.ID, up.At)
		}
		lvl := slices.Index(levelNames[:], up.Level)
		if lvl < 0 || (loc == locElim && lvl != int(StepFresh)) {
			return fmt.Errorf("unit %q: level %q is not fresh, spent, disrupt-1 or disrupt-2 (fresh when eliminated; mgmg:13.2)", up.ID, up.Level)
		}
		s.units[u] = unitState{Loc: loc, Level: Step(lvl)}
	}
	return nil
}

// Invariants implements engine.State: what must hold after every choice.
func (s *State) Invariants() error {
	g := s.g
	for u, st := range &s.units {
		if st.Loc < locExit || int(st.Loc) >= nPlaces || st.Level < StepFresh || st.Level > StepDisrupt2 {
			return fmt.Errorf("unit %s is at an impossible location %d or level %d", g.units[u].ID, st.Loc, st.Level)
		}
		if st.Loc == g.uk && (g.units[u].Airborne == "" && !g.units[u].Sp || st.Level != StepFresh) {
			return fmt.Errorf("unit %s is in the United Kingdom box, which holds only fresh airborne units and the Deelen reinforcements (mgmg:3.4, 18.4, 22.2)", g.units[u].ID)
		}
	}
	if s.occ != s.occFull() {
		return errors.New("the occupancy is stale: a unit moved without put")
	}
	for _, sd := range []side{germans, allies} {
		if p := s.overstacked(sd); p >= 0 {
			return fmt.Errorf("stacking: the %s side has more than %d units in %s (mgmg:7.1)", sd.name(), stackLimit, g.placeIDs[p])
		}
	}
	if s.control[g.uk] != ctlGerman {
		return errors.New("the United Kingdom box is no area: nobody controls it (mgmg:3.4)")
	}
	if s.zob != s.zobFull() {
		return errors.New("the hash's keys are stale: a unit or marker changed without put, setLevel or setControl")
	}
	if (s.step == stOver) != (s.result != nil) || (s.step == stOver) != (s.active == nobody) {
		return errors.New("a result exists exactly when the game is over, and then nobody is to move")
	}
	// a dr of its movement may have spent it (mgmg:8.222, 9.22), and so may a first activation (mgmg:12.3, 12.4)
	begun := s.step == stImpulse && s.stack.n > 0 && (s.stack.top().Move.Kind != impulseNone || s.stack.top().Second != secondNone)
	if (s.advantage == nobody) == (s.advantageNext == nobody) || s.advantage == nobody && (s.step == stImpulse && !begun || s.step == stReroll) {
		return errors.New("the Advantage belongs to a side, or, once used, to nobody until the impulse or phase ends and then to the other side, who is advantage_next; a side holds it at the start of each impulse (mgmg:12.1, 12.5)")
	}
	if err := s.checkDDay(); err != nil {
		return err
	}
	return s.checkStack()
}

// checkStack checks the procedures against the step: one frame of the
// side to move, an impulse while it chooses its impulse, a regroup while it
// regroups (with the unit picked in regroup-to), none otherwise.
func (s *State) checkStack() error {
	for _, f := range s.stack.frames[:s.stack.n] {
		switch {
		case f.Side > allies:
			return fmt.Errorf("stack: frame %+v belongs to no side", f)
		case f.Proc == procImpulse && (f.Sunset < 0 || f.Sunset == 1 || f.Sunset > 12 || f.Unit != 0):
			return fmt.Errorf("stack: impulse frame %+v: its Sunset DR is 0 (none yet) or 2 to 12, and it picks no unit", f)
		case f.Proc == procRegroup && (f.Sunset != 0 || f.Unit < -1 || f.Unit >= nUnits):
			return fmt.Errorf("stack: regroup frame %+v: its Unit is a unit index or -1", f)
		case f.Proc == procReroll && !((f.For == rrSunset || f.For == rrBombard || f.For == rrAssault) && f.Roll >= 2 && f.Roll <= 12 || f.For > rrSunset && f.For != rrBombard && f.For != rrAssault && int(f.For) < len(rollNames) && f.Roll >= 1 && f.Roll <= 6) ||
			f.Proc == procReroll && (f.Back > allies || (f.Unit >= 0) != (f.For == rrInterdiction || f.For == rrSurrender || f.For >= rrInfiltration && f.For != rrBombard && f.For != rrAssault) || f.Unit >= nUnits):
			return fmt.Errorf("stack: reroll frame %+v: a Sunset DR of 2 to 12 or a dr of 1 to 6, the unit rolled for by Interdiction and Surrender only, and the side that chooses after", f)
		case f.Proc == procBombard && (f.Place < 0 || f.Place >= nPlaces || f.AP < 0 || f.Mistaken < 0 || f.Unit < -1 || f.Unit >= nUnits ||
			f.Air < 0 || int(f.Air) > len(s.g.pieces.Setup.AirMarkers) || f.Hit[len(f.Hit)-1]>>(nUnits%64) != 0 || !s.validAim(&f)):
			return fmt.Errorf("stack: bombard frame %+v: Place a place index, AP and Mistaken not negative, Unit a unit or -1, Air a marker's index plus one or 0, Hit units of the order of battle, Primary what its Aim names", f)
		case f.Proc != procImpulse && f.Proc != procRegroup && f.Proc != procReroll && f.Proc != procBombard && f.Proc != procAssault:
			return fmt.Errorf("stack: frame %+v is no procedure", f)
		case f.Proc != procImpulse && (f.Lost != [2]uint8{} || f.Held != [2]bool{} || f.Second != secondNone || f.RepairTried|f.DemolishTried != 0 || f.Demolition || f.Landed != units{} || f.Lifted != 0 || f.Dropped) ||
			f.Lost[0] > nUnits || f.Lost[1] > nUnits || f.Second > secondZoneF || (f.RepairTried|f.DemolishTried)>>nBridges != 0 || f.Demolition && f.Move.Kind != impulseAssault ||
			f.Lifted > maxLift || f.Landed[len(f.Landed)-1]>>(nUnits%64) != 0 || f.Also < 0 || f.Also > nPlaces || f.Also != 0 && (f.Proc != procImpulse || f.Second != secondDouble):
			return fmt.Errorf("stack: frame %+v: only an impulse counts losses (up to the %d units), a second activation, the bridges tried of the %d and up to %d units landed (mgmg:12.3, 12.4, 19.2, 19.4, 18.41), and only an Assault Impulse demolishes", f, nUnits, nBridges, maxLift)
		case (f.Proc == procAssault) != (f.Fight != fight{}) || f.Fight.check() != nil:
			return fmt.Errorf("stack: frame %+v: an assault frame, and only it, names an assault of the game's places and units", f)
		}
		if f.Acted[len(f.Acted)-1]>>(nUnits%64) != 0 {
			return fmt.Errorf("stack: a frame's Acted names units past the %d of the order of battle", nUnits)
		}
		if err := f.Move.check(f.Proc); err != nil {
			return err
		}
	}
	want := map[step]proc{stImpulse: procImpulse, stRegroup: procRegroup, stRegroupTo: procRegroup, stReroll: procReroll,
		stAttrition: procBombard, stBombardWith: procBombard, stSupport: procBombard, stPrimary: procBombard, stMistaken: procBombard,
		stAssaultPoint: procAssault, stAssaultForward: procAssault, stCasualty: procAssault, stAttackerRetreat: procAssault, stVoluntary: procAssault, stRetreatTo: procAssault, stAssaultSupport: procAssault,
		stAirborneLanding: procImpulse}[s.step]
	switch {
	case want == 0 && s.stack.n == 0:
		return nil
	case s.step == stAirBombardment && s.stack.n == 1 && s.stack.top().Proc == procBombard && s.stack.top().AP == 0:
		return nil // the last area bombarded (airCursor)
	case want == procBombard:
		return s.checkBombardStack()
	case want == procAssault:
		return s.checkFight()
	case s.step == stSunsetMarker:
		if sd, _ := s.earnedSpaces(s.stack.top()); s.stack.n != 1 || s.stack.top().Proc != procImpulse || sd != s.active {
			return errors.New("stack: step sunset-marker needs the impulse frame whose losses earn the side to move spaces (mgmg:12.41)")
		}
		return nil
	case want == procReroll:
		inImpulse := s.stack.n == 2 && s.stack.frames[0].Proc == procImpulse && slices.Contains([]rollFor{rrInfiltration, rrSeizure, rrSunset, rrBridgeRepair, rrDemolition, rrInterdiction}, s.stack.top().For) // mgmg:8.222, 9.22, 6.3, 19.2, 19.4, 18.44
		inBombard := s.stack.n >= 2 && s.stack.frames[s.stack.n-2].Proc == procBombard && s.stack.top().For == rrBombard
		inAssault := s.stack.n == 3 && s.stack.frames[1].Proc == procAssault && s.stack.top().For == rrAssault
		if s.stack.n != 1 && !inImpulse && !inBombard && !inAssault || s.stack.top().Proc != procReroll || s.active != s.advantage {
			return errors.New("stack: step reroll needs one reroll frame, offered to the Advantage holder (mgmg:12.2)")
		}
		return nil
	case want == 0 || s.stack.n != 1 || s.stack.top().Proc != want || s.stack.top().Side != s.active:
		return fmt.Errorf("stack: step %s needs exactly one %s frame of the side to move, or none outside impulses and regroups", stepNames[s.step], procNames[want])
	case want == procRegroup && (s.step == stRegroupTo) != (s.stack.top().Unit >= 0):
		return fmt.Errorf("stack: a regroup frame names its unit in step regroup-to only")
	case s.step == stRegroupTo && s.g.side[s.stack.top().Unit] != s.active:
		return fmt.Errorf("stack: the unit picked to regroup is not the side to move's")
	}
	return nil
}
