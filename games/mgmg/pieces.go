package mgmg

// The playing pieces (mgmg:4): every unit of both sides with what its
// counter prints (mgmg:4.2: type, size, division, factors, turn of entry
// and set-up area), and the markers and schedules of the set-up cards
// (mgmg:4.3, 5.2, 18), loaded from data/units.json and data/setup.json.
// The rulebook does not print the counter sheet or the set-up cards: both
// files are our reconstruction, within every number the rules and the
// examples of play state (data/UNITS.md says which is which).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The game's days, by date in September 1944 (mgmg:3.6, 6.1, 22.1).
const (
	FirstDay        = 17 // D-Day (mgmg:5.3)
	LastDay         = 20 // the September 20th victory check ends the game (mgmg:21.2)
	ExtendedLastDay = 26 // the extended game (mgmg:22.1)
)

// Fixed places the rules name for the pieces.
const (
	ZoneF         = "F"  // XXX Corps' zone (mgmg:18.3, 20.5)
	ZoneOss       = "I"  // Zone I, Oss (mgmg:13.411)
	DeelenArea    = "9"  // Deelen airfield (mgmg:22.2)
	UnitedKingdom = "UK" // the United Kingdom box (mgmg:3.4)
)

// GuardsArmoured is the Guards Armoured Division's ID: its artillery may not
// support D-Day's barrage (mgmg:20.3) and one of its units must assault in
// Zone F (mgmg:20.5).
const GuardsArmoured = "Gds"

// Side is one of the two players.
type Side string

const (
	German Side = "german"
	Allied Side = "allied"
)

// Force is what a counter's colour says (mgmg:4.111).
type Force string

const (
	Wehrmacht Force = "wehrmacht" // gray
	Luftwaffe Force = "luftwaffe" // gray
	SS        Force = "ss"        // black
	US        Force = "us"        // green
	British   Force = "british"   // tan
	Polish    Force = "polish"    // tan, British for the game
	Dutch     Force = "dutch"     // tan, the Dutch RN unit, British for the game

	// Fortress Holland 1940's Allied forces (fh40:4.111); its German units,
	// SS too, are all gray.
	DutchArmy Force = "dutch-army" // green
	French    Force = "french"     // bright blue
)

// mgmgForces are the forces of Monty's Gamble (mgmg:4.111).
var mgmgForces = []Force{Wehrmacht, Luftwaffe, SS, US, British, Polish, Dutch}

// Nationality is a force for the rules that tell the Allies apart
// (mgmg:8.4, 11.2); Polish and Dutch units are British (mgmg:4.111).
type Nationality string

const (
	Germans   Nationality = "german"
	Americans Nationality = "us"
	Britons   Nationality = "british"

	// Fortress Holland 1940's Allies, who may act together (fh40:8.4).
	Netherlanders Nationality = "dutch"
	Frenchmen     Nationality = "french"
)

var forces = map[Force]struct {
	side   Side
	nation Nationality
	colour string
}{
	Wehrmacht: {German, Germans, "gray"},
	Luftwaffe: {German, Germans, "gray"},
	SS:        {German, Germans, "black"},
	US:        {Allied, Americans, "green"},
	British:   {Allied, Britons, "tan"},
	Polish:    {Allied, Britons, "tan"},
	Dutch:     {Allied, Britons, "tan"},
	DutchArmy: {Allied, Netherlanders, "green"},
	French:    {Allied, Frenchmen, "bright-blue"},
}

// Side is the player who owns the force's units.
func (f Force) Side() Side { return forces[f].side }

// Nationality is the force's nationality for the rules (mgmg:4.111).
func (f Force) Nationality() Nationality { return forces[f].nation }

// Colour is the colour of the force's counters (mgmg:4.111).
func (f Force) Colour() string { return forces[f].colour }

// UnitType is a unit's type (mgmg:4.112).
type UnitType string

const (
	Infantry           UnitType = "infantry"            // mgmg:4.113
	MechanizedInfantry UnitType = "mechanized-infantry" // mgmg:4.114, infantry but for 9.5
	Armored            UnitType = "armored"             // mgmg:4.115
	FieldArtillery     UnitType = "field-artillery"     // mgmg:4.116, attack factor underlined
	Flak               UnitType = "flak"                // mgmg:4.117, attack factor with an asterisk
	FlakTower          UnitType = "flak-tower"          // mgmg:4.118

	// RiverBunkerGarrison never moves, attacks or retreats (fh40:4.117, 9.64).
	RiverBunkerGarrison UnitType = "river-bunker-garrison"
)

var unitTypes = []UnitType{Infantry, MechanizedInfantry, Armored, FieldArtillery, Flak, FlakTower}

// IsInfantry says whether the rules for infantry apply (mgmg:4.114).
func (t UnitType) IsInfantry() bool { return t == Infantry || t == MechanizedInfantry }

// CanLead says whether a unit of the type may be a Point Unit: the
// underlined (mgmg:4.116) and starred (mgmg:4.117) attack factors may not,
// nor may FLAK Towers, which never attack (mgmg:4.118, 9.65).
func (t UnitType) CanLead() bool { return t.IsInfantry() || t == Armored }

// NeverMoves says whether units of the type never move, retreat or
// regroup: FLAK Towers (mgmg:9.64) and River Bunker Garrisons (fh40:9.64).
func (t UnitType) NeverMoves() bool { return t == FlakTower || t == RiverBunkerGarrison }

// Size is the symbol at the top of a counter (mgmg:4.21).
type Size string

const (
	SizeBattalion Size = "battalion" // II
	SizeRegiment  Size = "regiment"  // III
	SizeBrigade   Size = "brigade"   // X
	SizeDivision  Size = "division"  // XX
	SizeCorps     Size = "corps"     // XXX: only Corps Artillery (mgmg:4.21, 11.112)
)

var sizes = []Size{SizeBattalion, SizeRegiment, SizeBrigade, SizeDivision, SizeCorps}

// Airborne is how an Allied airborne unit arrives (mgmg:4.113).
type Airborne string

const (
	Parachute   Airborne = "parachute"
	Glider      Airborne = "glider"
	GliderPilot Airborne = "glider-pilot" // British only (mgmg:4.113)
)

// Sector is an airborne division's Operational Sector and the ID printed
// on its counters (mgmg:3.26, 4.21).
type Sector string

const (
	RedDevils      Sector = "red-devils"      // 1st Airborne and the Polish brigade
	AllAmerican    Sector = "all-american"    // 82nd
	ScreamingEagle Sector = "screaming-eagle" // 101st
)

// sectorDrops is the colour of the drop areas each sector lands in (mgmg:3.261).
var sectorDrops = map[Sector]string{RedDevils: "red", AllAmerican: "green", ScreamingEagle: "green"}

// DropColour is the colour of the Drop Areas the sector's units may land in (mgmg:3.261).
func (s Sector) DropColour() string { return sectorDrops[s] }

// Unit is one counter as printed (mgmg:4.2).
type Unit struct {
	ID          string   `json:"id"`                 // stable, lowercase: "us-2-502", "de-10ss-2-22"
	Force       Force    `json:"force"`              // mgmg:4.111
	Name        string   `json:"name"`               // readable: "2nd Bn, 502nd Parachute Infantry"
	Designation string   `json:"designation"`        // printed right of the size symbol: "2/502"
	Division    string   `json:"division,omitempty"` // printed on the left: divisional integrity (mgmg:10.72D), artillery support (mgmg:15.12)
	Corps       string   `json:"corps,omitempty"`    // "XXX" on every XXX Corps unit (mgmg:7.21, 13.421); a Corps Artillery's corps (mgmg:15.13)
	Type        UnitType `json:"type"`
	Size        Size     `json:"size"`
	Airborne    Airborne `json:"airborne,omitempty"` // Allied airborne units (mgmg:4.113)
	Sector      Sector   `json:"sector,omitempty"`   // their Operational Sector (mgmg:3.26)
	AF          int      `json:"af"`                 // Fresh side: attack, defense, movement (mgmg:4.22)
	DF          int      `json:"df"`
	MF          int      `json:"mf"`
	SpentDF     int      `json:"spent_df"`           // the one number of the Spent side (mgmg:4.22)
	Entry       int      `json:"entry,omitempty"`    // Turn of Entry, the date in September; 0 = on the map at the start (mgmg:4.23)
	Sp          bool     `json:"sp,omitempty"`       // "Sp": appears at Deelen only (mgmg:22.2)
	Place       string   `json:"place"`              // Setup Area or Zone, D-Day Drop Area, or where a reinforcement appears (mgmg:4.23, 18)
	Engineer    bool     `json:"engineer,omitempty"` // fh40 engineers: infantry that makes Boat Assaults after May 10 (fh40:4.113, 9.5)
	Train       bool     `json:"train,omitempty"`    // fh40's armoured train, Panzer Zug 1: moves by rail, never attacks (fh40:20.4)
}

// Side is the player who owns the unit.
func (u *Unit) Side() Side { return u.Force.Side() }

// XXXCorps says whether the unit belongs to XXX Corps (mgmg:7.21, 18.3).
func (u *Unit) XXXCorps() bool { return u.Corps == xxxCorps }

// CorpsArtillery says whether the unit may lead a Barrage (mgmg:4.21, 11.112, 15.13).
func (u *Unit) CorpsArtillery() bool { return u.Type == FieldArtillery && u.Size == SizeCorps }

// Independent says whether the unit is one of the German artillery units
// that belong to no division and so never support an Assault (mgmg:15.12).
func (u *Unit) Independent() bool {
	return u.Type == FieldArtillery && u.Side() == German && u.Division == "" && u.Size != SizeCorps
}

// Reinforcement says whether the unit enters after the set-up (mgmg:4.23,
// 18): by date, or at Deelen (mgmg:22.2). D-Day's airborne units land in
// the Airborne Landing Phase (mgmg:20.4), not as reinforcements.
func (u *Unit) Reinforcement() bool { return u.Sp || u.Entry > FirstDay }

// InGame says whether the unit plays in the standard game or, with
// extended, in the Extended Game: units entering after September 20 and
// the Deelen units (mgmg:22.2, from September 21) play only in the latter
// (mgmg:5.2).
func (u *Unit) InGame(extended bool) bool { return extended || (!u.Sp && u.Entry <= LastDay) }

// Label is what the counter prints: its division, if any, and its designation.
func (u *Unit) Label() string {
	if u.Division == "" {
		return u.Designation
	}
	return u.Division + " " + u.Designation
}

const xxxCorps = "XXX"

// Condition is what must hold for conditional Zone F reinforcements to
// appear (mgmg:18.3): the Allied Reinforcement Card's printed condition.
type Condition struct {
	Kind  ConditionKind `json:"kind"`
	Areas []string      `json:"areas,omitempty"` // the areas of CorpsControls
	Text  string        `json:"text"`            // the condition as the card would print it
}

// ConditionKind is one of the conditions our Reinforcement Card uses.
type ConditionKind string

const (
	ZoneFFree     ConditionKind = "zone-f-free"    // Zone F is Allied-Controlled and not Contested
	CorpsControls ConditionKind = "corps-controls" // XXX Corps Controls every listed area
)

// ZoneFReinforcement is a group of XXX Corps units scheduled for a day
// whose arrival in Zone F waits for a condition (mgmg:18.3).
type ZoneFReinforcement struct {
	Day       int       `json:"day"`
	Units     []string  `json:"units"`
	Condition Condition `json:"condition"`
}

// The kinds of air marker (mgmg:4.3).
const (
	BombardmentMarker  = "bombardment"  // mgmg:4.31; the VIII Air marker also supplies (mgmg:4.32)
	InterdictionMarker = "interdiction" // mgmg:4.33
)

// AirMarker is an air marker (mgmg:4.3, 16.1): not a unit.
type AirMarker struct {
	ID     string `json:"id"`
	Side   Side   `json:"side"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`             // BombardmentMarker | InterdictionMarker
	AF     int    `json:"af,omitempty"`     // a bombardment marker's Attack Factor (mgmg:4.31)
	Supply int    `json:"supply,omitempty"` // the VIII Air marker's value once flipped to Air Supply (mgmg:13.424, 20.2)
	Entry  int    `json:"entry,omitempty"`  // a German interdiction marker's date of arrival (mgmg:18.2); 0 = at the start
}

// Depot is a kind of supply depot marker (mgmg:13.4).
type Depot struct {
	ID       string `json:"id"`
	Side     Side   `json:"side"`
	Name     string `json:"name"`               // as printed: "Zone F", "1st Air", "Oss"
	Count    int    `json:"count"`              // how many markers of the kind
	Place    string `json:"place"`              // where it is placed each Refit Phase: a zone, or "zone" for any Zone, or the UK box
	Clear    int    `json:"clear"`              // Supply Points when the Turn began Clear (mgmg:17.2)
	Overcast int    `json:"overcast"`           // and when it began Overcast (mgmg:17.3)
	Sector   Sector `json:"sector,omitempty"`   // an airborne depot supplies only its division (mgmg:13.422)
	XXXOnly  bool   `json:"xxx_only,omitempty"` // supplies XXX Corps units only (mgmg:13.421)
}

// Setup is data/setup.json: what the set-up cards and the map's boxes hold
// besides the units.
type Setup struct {
	Note                 string               `json:"note"`
	ZoneFReinforcements  []ZoneFReinforcement `json:"zone_f_reinforcements"`  // mgmg:18.3
	AirMarkers           []AirMarker          `json:"air_markers"`            // mgmg:3.5, 16.1
	Depots               []Depot              `json:"depots"`                 // mgmg:13.41, 13.42
	ConstructMarkers     map[Side]int         `json:"construct_markers"`      // mgmg:3.9, 19.21
	BoatAssaultMarkers   int                  `json:"boat_assault_markers"`   // mgmg:3.10
	FerryCrossingMarkers int                  `json:"ferry_crossing_markers"` // mgmg:4.7, 5.1
}

// unitsFile is data/units.json.
type unitsFile struct {
	Note  string `json:"note"`
	Units []Unit `json:"units"`
}

// Pieces is the order of battle and the set-up cards, validated.
type Pieces struct {
	Note string // says the order of battle is our reconstruction
	roster
	Setup Setup
}

// roster is an order of battle with its units indexed by id.
type roster struct {
	Units []Unit
	byID  map[string]int
}

// Unit finds a unit by id.
func (r *roster) Unit(id string) (*Unit, bool) {
	i, ok := r.byID[id]
	if !ok {
		return nil, false
	}
	return &r.Units[i], true
}

// index indexes the units by id, naming each bad or duplicate id.
func (r *roster) index(pr *pieceProblems) {
	r.byID = map[string]int{}
	for i := range r.Units {
		u := &r.Units[i]
		switch j, dup := r.byID[u.ID]; {
		case !pieceIDPattern.MatchString(u.ID):
			pr.add(`unit %q (units[%d]): id must be lowercase letters and digits joined by single hyphens, e.g. "us-2-502"`, u.ID, i)
		case dup:
			pr.add("unit %q (units[%d]): duplicate id, already used by units[%d]; give each unit its own id", u.ID, i, j)
		default:
			r.byID[u.ID] = i
		}
	}
}

// LoadPieces reads and validates the embedded units and set-up cards, and
// checks them against the embedded map (CheckMap).
func LoadPieces() (*Pieces, error) {
	ub, sb, m, err := loadPieceFiles("mgmg", "data/units.json", "data/setup.json")
	if err != nil {
		return nil, err
	}
	p, err := ParsePieces(ub, sb)
	if err != nil {
		return nil, err
	}
	if err := p.CheckMap(m.MapPlaces()); err != nil {
		return nil, err
	}
	return p, nil
}

// loadPieceFiles reads a game's embedded units and set-up files and the map
// they are checked against.
func loadPieceFiles(game, units, setup string) (ub, sb []byte, m *Map, err error) {
	if ub, err = dataFS.ReadFile(units); err == nil {
		sb, err = dataFS.ReadFile(setup)
	}
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s data: %w", game, err)
	}
	m, err = LoadMap()
	return ub, sb, m, err
}

// ParsePieces decodes both files strictly (unknown fields are errors) and
// validates them, naming every unit and marker that is wrong and what to fix.
func ParsePieces(units, setup []byte) (*Pieces, error) {
	var uf unitsFile
	if err := decodePiecesJSON(units, &uf); err != nil {
		return nil, fmt.Errorf("mgmg units.json: %w (known unit fields are those of mgmg.Unit)", err)
	}
	p := &Pieces{Note: uf.Note, roster: roster{Units: uf.Units}}
	if err := decodePiecesJSON(setup, &p.Setup); err != nil {
		return nil, fmt.Errorf("mgmg setup.json: %w (known fields are those of mgmg.Setup)", err)
	}
	var pr pieceProblems
	p.checkUnits(&pr)
	p.checkSetup(&pr)
	if err := pr.err(); err != nil {
		return nil, err
	}
	return p, nil
}

// decodePiecesJSON decodes one JSON value, refusing unknown fields and trailing data.
func decodePiecesJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the top-level JSON object; remove it")
	}
	return nil
}

// pieceProblems collects validation errors in data order; what names the
// files checked ("mgmg pieces" when empty).
type pieceProblems struct {
	what string
	list []string
}

func (p *pieceProblems) add(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *pieceProblems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	const maxShown = 40
	shown, more := p.list, ""
	if len(shown) > maxShown {
		shown, more = shown[:maxShown], fmt.Sprintf("\n  ... and %d more", len(shown)-maxShown)
	}
	what := p.what
	if what == "" {
		what = "mgmg pieces"
	}
	return fmt.Errorf("%s: %d problem(s):\n  %s%s", what, len(p.list), strings.Join(shown, "\n  "), more)
}

var pieceIDPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// checkUnits checks every unit on its own, then the counts the rules state.
func (p *Pieces) checkUnits(pr *pieceProblems) {
	if !strings.Contains(strings.ToLower(p.Note), "reconstruction") {
		pr.add(`units.json: "note" must say that this order of battle is our reconstruction, not the printed counters`)
	}
	if len(p.Units) == 0 {
		pr.add(`units.json: "units" is empty; list every unit of both sides`)
		return
	}
	p.index(pr)
	for i := range p.Units {
		checkUnit(pr, fmt.Sprintf("unit %q (units[%d])", p.Units[i].ID, i), &p.Units[i])
	}
	p.checkCounts(pr)
}

// checkUnit checks what one counter must satisfy.
func checkUnit(pr *pieceProblems, where string, u *Unit) {
	if !slices.Contains(mgmgForces, u.Force) {
		pr.add(`%s: force %q is unknown; use wehrmacht, luftwaffe or ss (German), us, british, polish or dutch (Allied) (mgmg:4.111)`, where, u.Force)
		return
	}
	checkCounter(pr, where, u, unitTypes)
	if u.Engineer || u.Train {
		pr.add("%s: engineers and the armoured train are Fortress Holland's (fh40:4.113, 20.4); clear engineer and train", where)
	}
	if u.XXXCorps() && (u.Force.Nationality() != Britons || u.Airborne != "") {
		pr.add("%s: XXX Corps units are British ground units (mgmg:18.3); clear corps or fix force/airborne", where)
	}
	checkAirborne(pr, where, u)
	checkEntry(pr, where, u)
}

// checkCounter checks what every counter of either game prints: names,
// a type of the game's types, size and factors (mgmg:4.2).
func checkCounter(pr *pieceProblems, where string, u *Unit, types []UnitType) {
	if strings.TrimSpace(u.Name) == "" || strings.TrimSpace(u.Designation) == "" {
		pr.add("%s: name and designation must both be given (mgmg:4.21)", where)
	}
	if !slices.Contains(types, u.Type) {
		pr.add("%s: type %q is unknown; use one of %v (mgmg:4.112)", where, u.Type, types)
	}
	if !slices.Contains(sizes, u.Size) {
		pr.add("%s: size %q is unknown; use one of %v (mgmg:4.21)", where, u.Size, sizes)
	}
	if u.Size == SizeCorps && u.Type != FieldArtillery {
		pr.add("%s: only Corps Artillery has the corps size (mgmg:4.21); change size or type", where)
	}
	if u.CorpsArtillery() && u.Corps == "" {
		pr.add("%s: Corps Artillery prints its corps ID (mgmg:15.13); set corps", where)
	}
	checkFactors(pr, where, u)
}

// checkFactors checks the printed factors (mgmg:4.22, 4.118).
func checkFactors(pr *pieceProblems, where string, u *Unit) {
	switch {
	case u.Type == FlakTower:
		if u.AF != 0 || u.MF != 0 {
			pr.add("%s: a FLAK Tower never attacks or moves (mgmg:4.118); set af and mf to 0", where)
		}
	case u.Type == RiverBunkerGarrison:
		if u.AF != 0 || u.MF != 0 {
			pr.add("%s: a River Bunker Garrison never attacks or moves (fh40:4.117, 9.64); set af and mf to 0", where)
		}
	case u.Train:
		if u.AF != 0 || u.MF < 1 {
			pr.add("%s: the armoured train moves but contributes no attack factor (fh40:20.4); set af 0 and mf at least 1", where)
		}
	case u.AF < 1 || u.MF < 1:
		pr.add("%s: af %d, mf %d; every unit but a FLAK Tower prints an attack and a movement factor of at least 1 (mgmg:4.22)", where, u.AF, u.MF)
	}
	if u.DF < 1 {
		pr.add("%s: df %d; every unit prints a defense factor of at least 1 (mgmg:4.22)", where, u.DF)
	}
	if u.SpentDF < 0 || u.SpentDF > u.DF {
		pr.add("%s: spent_df %d must be between 0 and the Fresh df %d (mgmg:4.22)", where, u.SpentDF, u.DF)
	}
}

// checkAirborne checks the airborne marks (mgmg:3.26, 4.113, 4.21).
func checkAirborne(pr *pieceProblems, where string, u *Unit) {
	switch u.Airborne {
	case "":
		if u.Sector != "" {
			pr.add("%s: only airborne units have an Operational Sector (mgmg:3.26); set airborne or clear sector", where)
		}
		return
	case Parachute, Glider:
	case GliderPilot:
		if u.Force.Nationality() != Britons {
			pr.add("%s: Glider Pilot units are British (mgmg:4.113)", where)
		}
	default:
		pr.add(`%s: airborne %q is unknown; use "parachute", "glider" or "glider-pilot" (mgmg:4.113)`, where, u.Airborne)
	}
	if u.Side() != Allied {
		pr.add("%s: only Allied units are airborne units for the rules (mgmg:4.113); clear airborne", where)
	}
	if u.Type != Infantry && u.Type != FieldArtillery {
		pr.add("%s: airborne units are infantry or their divisions' artillery (mgmg:4.113, 9.66); fix type", where)
	}
	if _, ok := sectorDrops[u.Sector]; !ok {
		pr.add("%s: sector %q is unknown; use red-devils, all-american or screaming-eagle (mgmg:3.26)", where, u.Sector)
	}
	if u.Division == "" {
		pr.add("%s: an airborne unit prints its division (mgmg:4.21); set division", where)
	}
}

// checkEntry checks the Turn of Entry and Setup Area (mgmg:4.23).
func checkEntry(pr *pieceProblems, where string, u *Unit) {
	switch {
	case u.Sp:
		if u.Entry != 0 {
			pr.add(`%s: an "Sp" unit prints no date (mgmg:22.2); clear entry`, where)
		}
		if u.Place != DeelenArea {
			pr.add("%s: an \"Sp\" unit appears at Deelen only (mgmg:22.2); set place %q", where, DeelenArea)
		}
	case u.Entry == 0:
		if u.Airborne != "" {
			pr.add("%s: Allied airborne units start in the United Kingdom (mgmg:3.4, 20.4); give the D-Day date %d or a later one", where, FirstDay)
		}
	case u.Entry == FirstDay:
		if u.Airborne == "" {
			pr.add("%s: only Allied airborne units arrive on D-Day (mgmg:20.4); others set up (entry 0) or come later", where)
		}
	case u.Entry < FirstDay || u.Entry > ExtendedLastDay:
		pr.add("%s: entry %d is not a day of the game, September %d to %d (mgmg:22.1)", where, u.Entry, FirstDay, ExtendedLastDay)
	}
	if u.Sp {
		return
	}
	kind := placeKind(u.Place)
	switch {
	case kind == "":
		pr.add("%s: place %q is neither an area (1-65) nor a zone (A-J) (mgmg:3.2, 3.3)", where, u.Place)
	case u.Type == FlakTower && (kind != "area" || u.Entry != 0):
		pr.add("%s: a FLAK Tower never moves, so it sets up in an area (mgmg:4.118, 9.64)", where)
	case u.Airborne != "" && kind != "area":
		pr.add("%s: an airborne unit lands in a Drop Area (mgmg:18.41); place must be an area", where)
	case u.Reinforcement() && u.XXXCorps() && u.Place != ZoneF:
		pr.add("%s: XXX Corps reinforcements appear in Zone F (mgmg:18.3); set place %q", where, ZoneF)
	case u.Reinforcement() && u.Side() == German && kind != "zone":
		pr.add("%s: German reinforcements appear in a Zone (mgmg:18.2); set a zone letter", where)
	}
}

// placeKind says whether id names an area or a zone of the map: "area",
// "zone", or "" for neither. The map (board.go) is the authority once it
// is loaded; this is the numbering of mgmg:3.2 and 3.3.
func placeKind(id string) string {
	if n, err := strconv.Atoi(id); err == nil && strconv.Itoa(n) == id && n >= 1 && n <= 65 {
		return "area"
	}
	if len(id) == 1 && id[0] >= 'A' && id[0] <= 'J' {
		return "zone"
	}
	return ""
}

// checkCounts checks what the rules state about the units as a whole.
func (p *Pieces) checkCounts(pr *pieceProblems) {
	independent, allied := 0, 0
	for i := range p.Units {
		u := &p.Units[i]
		if u.Independent() {
			independent++
		}
		if u.CorpsArtillery() && u.Side() == Allied {
			allied++
		}
		if u.Type == FieldArtillery && u.Side() == Allied && u.Division == "" && !u.CorpsArtillery() {
			pr.add("unit %q: Allied artillery is divisional or corps artillery (mgmg:15.12, 15.13); set division", u.ID)
		}
	}
	if independent != 4 {
		pr.add("%d German artillery units belong to no division; the rules have four (mgmg:15.12)", independent)
	}
	if allied != 1 {
		pr.add("%d Allied Corps Artillery units; the rules have one, the XXX Corps Artillery (mgmg:15.13, 20.3)", allied)
	}
	checkStacking(pr, p.Units, func(u *Unit) bool { return (u.Entry == 0 || u.Entry == FirstDay) && !u.Sp },
		"units set up or land on D-Day; at most ten units of a side per area (mgmg:7.1, 18.41)")
}

// checkStacking checks that at most ten units of a side are in any area
// at the start (mgmg:7.1): those of units that start says are there.
func checkStacking(pr *pieceProblems, units []Unit, start func(*Unit) bool, what string) {
	perArea := map[string]int{}
	for i := range units {
		if u := &units[i]; start(u) && placeKind(u.Place) == "area" {
			perArea[string(u.Side())+" "+u.Place]++
		}
	}
	for _, k := range slices.Sorted(maps.Keys(perArea)) {
		if perArea[k] > 10 {
			pr.add("%s: %d %s", k, perArea[k], what)
		}
	}
}

// checkSetup checks the set-up cards' markers and the conditional Zone F
// reinforcements against the rules' counts (mgmg:3.5, 3.9-3.11, 13.4, 16.1, 18.3).
func (p *Pieces) checkSetup(pr *pieceProblems) {
	s := &p.Setup
	if !strings.Contains(strings.ToLower(s.Note), "reconstruction") {
		pr.add(`setup.json: "note" must say that the set-up cards are our reconstruction`)
	}
	p.checkZoneF(pr)
	checkAirMarkers(pr, s.AirMarkers)
	checkDepots(pr, s.Depots)
	if s.ConstructMarkers[Allied] < 1 || s.ConstructMarkers[German] < 1 || len(s.ConstructMarkers) != 2 {
		pr.add("setup.json: construct_markers needs a count of at least 1 for each of german and allied (mgmg:19.21)")
	}
	if s.BoatAssaultMarkers != 1 {
		pr.add("setup.json: boat_assault_markers is %d; the Allies have one Boat Assault marker (mgmg:3.10, 9.5)", s.BoatAssaultMarkers)
	}
	if s.FerryCrossingMarkers != 3 {
		pr.add("setup.json: ferry_crossing_markers is %d; the map has three Ferry Crossings (mgmg:5.1)", s.FerryCrossingMarkers)
	}
}

// checkZoneF checks the conditional XXX Corps reinforcements (mgmg:18.3):
// every XXX Corps unit scheduled for September 18 or 20 waits for its
// group's condition, and no other unit does.
func (p *Pieces) checkZoneF(pr *pieceProblems) {
	listed := map[string]int{}
	for gi, g := range p.Setup.ZoneFReinforcements {
		where := fmt.Sprintf("setup.json zone_f_reinforcements[%d] (September %d)", gi, g.Day)
		if g.Day != 18 && g.Day != 20 {
			pr.add("%s: only the September 18 and 20 reinforcements are conditional (mgmg:18.3)", where)
		}
		if k := g.Condition.Kind; k != ZoneFFree && k != CorpsControls {
			pr.add("%s: condition kind %q is unknown; use %q or %q", where, k, ZoneFFree, CorpsControls)
		}
		if (g.Condition.Kind == CorpsControls) != (len(g.Condition.Areas) > 0) {
			pr.add("%s: areas are listed for a corps-controls condition and only for it", where)
		}
		for _, a := range g.Condition.Areas {
			if placeKind(a) != "area" {
				pr.add("%s: condition area %q is not an area of the map (1-65)", where, a)
			}
		}
		if strings.TrimSpace(g.Condition.Text) == "" {
			pr.add("%s: condition text is empty; say the condition as the Reinforcement Card prints it", where)
		}
		if len(g.Units) == 0 {
			pr.add("%s: no units", where)
		}
		for _, id := range g.Units {
			u, ok := p.Unit(id)
			switch {
			case !ok:
				pr.add("%s: unit %q is not in units.json", where, id)
			case !u.XXXCorps() || u.Entry != g.Day:
				pr.add("%s: unit %q must be a XXX Corps unit with entry %d", where, id, g.Day)
			}
			if _, dup := listed[id]; dup {
				pr.add("%s: unit %q is already listed in group %d", where, id, listed[id])
			}
			listed[id] = gi
		}
	}
	for _, u := range p.Units {
		if u.XXXCorps() && (u.Entry == 18 || u.Entry == 20) {
			if _, ok := listed[u.ID]; !ok {
				pr.add("unit %q: a XXX Corps reinforcement of September %d waits for the card's condition (mgmg:18.3); list it in zone_f_reinforcements", u.ID, u.Entry)
			}
		}
	}
}

// checkAirMarkers checks the air markers (mgmg:3.5, 4.3, 16.1): the
// Allies' two bombardment markers and the VIII Air marker that bombards
// on D-Day and then supplies (mgmg:20.2), the Germans' two interdiction
// markers, which arrive as reinforcements (mgmg:18.2).
func checkAirMarkers(pr *pieceProblems, ms []AirMarker) {
	count := map[string]int{}
	ids := map[string]bool{}
	for i, m := range ms {
		where := fmt.Sprintf("setup.json air_markers[%d] (%q)", i, m.ID)
		if !pieceIDPattern.MatchString(m.ID) || ids[m.ID] {
			pr.add("%s: id must be unique, lowercase and hyphenated", where)
		}
		ids[m.ID] = true
		if strings.TrimSpace(m.Name) == "" {
			pr.add("%s: name is empty", where)
		}
		switch {
		case m.Side == Allied && m.Kind == BombardmentMarker:
			if m.AF < 1 || m.Entry != 0 {
				pr.add("%s: an Allied bombardment marker has an attack factor and is there from the start (mgmg:4.31, 5.1)", where)
			}
			if m.Supply > 0 {
				count["supply"]++
			} else {
				count[BombardmentMarker]++
			}
		case m.Side == German && m.Kind == InterdictionMarker:
			if m.AF != 0 || m.Supply != 0 {
				pr.add("%s: an interdiction marker has no factors (mgmg:4.33, 18.44)", where)
			}
			if m.Entry != 0 && (m.Entry <= FirstDay || m.Entry > LastDay) {
				pr.add("%s: entry %d; an interdiction marker arrives at a Dawn Phase of September %d-%d or is there from the start (mgmg:18.2)", where, m.Entry, FirstDay+1, LastDay)
			}
			count[InterdictionMarker]++
		default:
			pr.add("%s: a %s %q marker is not in the game; the Allies bombard, the Germans interdict (mgmg:16.1)", where, m.Side, m.Kind)
		}
	}
	for kind, want := range map[string]int{BombardmentMarker: 2, "supply": 1, InterdictionMarker: 2} {
		if count[kind] != want {
			pr.add("setup.json: %d %s air markers; the rules have %d (mgmg:3.5, 16.1)", count[kind], kind, want)
		}
	}
}

// depotRules are the depot kinds of mgmg:13.41-13.423: count, values by
// weather, where they are placed.
var depotRules = map[string]Depot{
	"german":   {Side: German, Count: 5, Place: "zone", Clear: 5, Overcast: 6},               // mgmg:13.41
	"zone-f":   {Side: Allied, Count: 5, Place: ZoneF, Clear: 5, Overcast: 5, XXXOnly: true}, // mgmg:13.421
	"oss":      {Side: Allied, Count: 1, Place: ZoneOss, Clear: 10, Overcast: 10},            // mgmg:13.423
	"airborne": {Side: Allied, Count: 1, Place: UnitedKingdom, Clear: 10, Overcast: 5},       // mgmg:13.422, one per division
}

// checkDepots checks the depots against mgmg:13.41-13.423.
func checkDepots(pr *pieceProblems, ds []Depot) {
	sectors := map[Sector]bool{}
	kinds := map[string]int{}
	for i, d := range ds {
		where := fmt.Sprintf("setup.json depots[%d] (%q)", i, d.ID)
		kind := d.ID
		if d.Sector != "" {
			kind = "airborne"
			if sectors[d.Sector] {
				pr.add("%s: a second depot for sector %s; each airborne division has one (mgmg:13.422)", where, d.Sector)
			}
			sectors[d.Sector] = true
		}
		want, ok := depotRules[kind]
		if !ok {
			pr.add("%s: unknown depot; use id german, zone-f or oss, or give an airborne depot its sector (mgmg:13.4)", where)
			continue
		}
		kinds[kind]++
		got := d
		got.ID, got.Name, got.Sector = "", "", ""
		if got != want {
			pr.add("%s: %+v; the rules give %+v (mgmg:13.41-13.423)", where, got, want)
		}
		if strings.TrimSpace(d.Name) == "" {
			pr.add("%s: name is empty; give the name the marker prints", where)
		}
	}
	for kind, n := range map[string]int{"german": 1, "zone-f": 1, "oss": 1, "airborne": 3} {
		if kinds[kind] != n {
			pr.add("setup.json: %d depot entries of kind %s, want %d (mgmg:13.41-13.423)", kinds[kind], kind, n)
		}
	}
}

// MapPlaces is what the pieces are checked against once the map is loaded:
// each place of the map by id with its kind ("area" or "zone"), and per
// area its Operational Sector (mgmg:3.26) and Drop Area colour (mgmg:3.261).
type MapPlaces struct {
	Kind   map[string]string
	Sector map[string]Sector
	Drop   map[string]string
}

// CheckMap cross-checks the pieces with the map: every place a unit, a
// condition or a depot names is on the map and of the right kind, and each
// airborne unit's printed Drop Area is one of its division's colour inside
// its Operational Sector (mgmg:3.26, 3.261, 4.23, 18.41, 18.5).
func (p *Pieces) CheckMap(m MapPlaces) error {
	var pr pieceProblems
	for _, u := range p.Units {
		kind, ok := m.Kind[u.Place]
		switch {
		case !ok:
			pr.add("unit %q: place %q is not on the map; use an area or zone id of data/README.md", u.ID, u.Place)
		case u.Airborne != "" && (m.Drop[u.Place] != u.Sector.DropColour() || m.Sector[u.Place] != u.Sector):
			pr.add("unit %q: area %q is not a %s Drop Area of the %s sector (mgmg:3.261, 18.5)", u.ID, u.Place, u.Sector.DropColour(), u.Sector)
		case u.Sp && kind != "area":
			pr.add("unit %q: Deelen %q is not an area of the map (mgmg:22.2)", u.ID, u.Place)
		}
	}
	for _, g := range p.Setup.ZoneFReinforcements {
		for _, a := range g.Condition.Areas {
			if m.Kind[a] != "area" {
				pr.add("zone_f_reinforcements (September %d): condition area %q is not an area of the map", g.Day, a)
			}
		}
	}
	for _, d := range p.Setup.Depots {
		if d.Place != "zone" && d.Place != UnitedKingdom && m.Kind[d.Place] != "zone" {
			pr.add("depot %q: place %q is not a zone of the map (mgmg:13.4)", d.ID, d.Place)
		}
	}
	return pr.err()
}
