package mgmg

// The playing pieces of Fortress Holland 1940 (fh40:4, 5.2): the German,
// Dutch and French units with what their counters print, and the start
// Control and markers, loaded from data/fh40_units.json and
// data/fh40_setup.json with the types of mgmg's pieces (pieces.go). The
// rulebook prints no counter sheet: both files are our reconstruction,
// within every fact the fh40 rules state (data/FH40_UNITS.md).

import (
	"fmt"
	"slices"
	"strings"
)

// Fortress Holland's days, by date in May 1940: Turn 1 is May 10 on the
// track's September 17 space, Turn 3 May 12 (fh40:3.6, 6.1).
const (
	FH40FirstDay = 10
	FH40LastDay  = 12
)

// fh40Forces are the forces of Fortress Holland (fh40:4.111).
var fh40Forces = []Force{Wehrmacht, SS, DutchArmy, French}

// fh40UnitTypes are its four unit types (fh40:4.112), mechanized infantry
// being infantry (fh40:4.114).
var fh40UnitTypes = []UnitType{Infantry, MechanizedInfantry, Armored, FieldArtillery, RiverBunkerGarrison}

// fh40Zones are the zones in play (fh40:3.3).
const fh40Zones = "CDEGHI"

// FH40Colour is the colour of a force's counters in Fortress Holland:
// every German unit gray, the SS too (fh40:4.111).
func FH40Colour(f Force) string {
	if f.Side() == German {
		return "gray"
	}
	return f.Colour()
}

// FH40Setup is data/fh40_setup.json: what the game puts on the map
// besides the units.
type FH40Setup struct {
	Note               string      `json:"note"`
	GermanControl      []string    `json:"german_control"`       // places German-Controlled at the start (fh40:5.2)
	AirMarkers         []AirMarker `json:"air_markers"`          // the German Air Bombardment markers (fh40:3.5, 4.3)
	BoatAssaultMarkers int         `json:"boat_assault_markers"` // the German Boat Assault marker (fh40:9.2)
}

// FH40Pieces is Fortress Holland's order of battle and set-up, validated.
type FH40Pieces struct {
	Note string // says the order of battle is our reconstruction
	roster
	Setup FH40Setup
}

// LoadFH40Pieces reads and validates the embedded fh40 units and set-up,
// and checks them against the embedded map (CheckMap).
func LoadFH40Pieces() (*FH40Pieces, error) {
	ub, sb, m, err := loadPieceFiles("fh40", "data/fh40_units.json", "data/fh40_setup.json")
	if err != nil {
		return nil, err
	}
	p, err := ParseFH40Pieces(ub, sb)
	if err != nil {
		return nil, err
	}
	if err := p.CheckMap(m); err != nil {
		return nil, err
	}
	return p, nil
}

// ParseFH40Pieces decodes both files strictly and validates them, naming
// every unit and marker that is wrong and what to fix.
func ParseFH40Pieces(units, setup []byte) (*FH40Pieces, error) {
	var uf unitsFile
	if err := decodePiecesJSON(units, &uf); err != nil {
		return nil, fmt.Errorf("fh40 units: %w (known unit fields are those of mgmg.Unit)", err)
	}
	p := &FH40Pieces{Note: uf.Note, roster: roster{Units: uf.Units}}
	if err := decodePiecesJSON(setup, &p.Setup); err != nil {
		return nil, fmt.Errorf("fh40 setup: %w (known fields are those of mgmg.FH40Setup)", err)
	}
	pr := pieceProblems{what: "fh40 pieces"}
	if !strings.Contains(strings.ToLower(p.Note), "reconstruction") {
		pr.add(`fh40_units.json: "note" must say that this order of battle is our reconstruction, not the printed counters`)
	}
	p.index(&pr)
	for i := range p.Units {
		checkFH40Unit(&pr, fmt.Sprintf("unit %q (units[%d])", p.Units[i].ID, i), &p.Units[i])
	}
	p.checkCounts(&pr)
	p.checkSetup(&pr)
	if err := pr.err(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkFH40Unit checks what one Fortress Holland counter must satisfy.
func checkFH40Unit(pr *pieceProblems, where string, u *Unit) {
	if !slices.Contains(fh40Forces, u.Force) {
		pr.add("%s: force %q is unknown; use wehrmacht or ss (German), dutch-army or french (fh40:4.111)", where, u.Force)
		return
	}
	checkCounter(pr, where, u, fh40UnitTypes)
	if u.Airborne != "" || u.Sector != "" || u.Sp {
		pr.add("%s: Fortress Holland has no airborne or Deelen units (fh40:3.26, 9.66); clear airborne, sector and sp", where)
	}
	if u.Corps != "" && !u.CorpsArtillery() {
		pr.add("%s: only Corps Artillery prints a corps (mgmg:15.13); XXX Corps is not in the game (fh40:20.5); clear corps", where)
	}
	if u.Engineer && u.Type != Infantry {
		pr.add("%s: engineers are infantry that can make Boat Assaults, so not mechanized (fh40:4.113, 9.5); set type infantry", where)
	}
	if u.Train && (u.Type != Armored || u.Side() != German) {
		pr.add("%s: Panzer Zug 1 is a German armored unit (fh40:4.115, 20.4); set type armored", where)
	}
	if u.Entry != 0 {
		pr.add("%s: entry %d; no reinforcements arrive from May %d to %d, every unit sets up for Turn 1 (fh40:18.0, 5.2); clear entry", where, u.Entry, FH40FirstDay, FH40LastDay)
	}
	kind := fh40PlaceKind(u.Place)
	switch {
	case kind == "":
		pr.add("%s: place %q is not in play; use an area 26-65 or zone C, D, E, G, H or I (fh40:3.2, 3.3)", where, u.Place)
	case kind != "area" && (u.Type == RiverBunkerGarrison || u.Train):
		pr.add("%s: River Bunker Garrisons never move and the armoured train may not enter Zones, so they set up in an area (fh40:4.117, 20.4)", where)
	}
}

// fh40PlaceKind is placeKind for the places in play in Fortress Holland:
// areas numbered 26 and up (fh40:3.2) and zones C, D, E, G, H, I (fh40:3.3).
func fh40PlaceKind(id string) string {
	switch kind := placeKind(id); {
	case kind == "area" && len(id) == 2 && id >= "26":
		return kind
	case kind == "zone" && strings.Contains(fh40Zones, id):
		return kind
	}
	return ""
}

// checkCounts checks what the rules state about the units as a whole:
// the two French units (fh40:4.111), the one Panzer Zug (fh40:20.3),
// artillery divisional or corps (fh40:4.116), at most ten units of a side
// per area (mgmg:7.1).
func (p *FH40Pieces) checkCounts(pr *pieceProblems) {
	french, trains := 0, 0
	for i := range p.Units {
		u := &p.Units[i]
		if u.Force == French {
			french++
		}
		if u.Train {
			trains++
		}
		if u.Type == FieldArtillery && u.Division == "" && !u.CorpsArtillery() {
			pr.add("unit %q: field artillery is divisional or corps artillery (fh40:4.116); set division", u.ID)
		}
	}
	if french != 2 {
		pr.add("%d French units; the rules have two (fh40:4.111, 21.3)", french)
	}
	if trains != 1 {
		pr.add("%d armoured trains; the rules have one, Panzer Zug 1 (fh40:20.3, 20.4)", trains)
	}
	checkStacking(pr, p.Units, func(*Unit) bool { return true }, "units set up; at most ten units of a side per area (mgmg:7.1)")
}

// checkSetup checks the start Control (fh40:5.2), where each side sets up,
// and the markers (fh40:3.5, 4.3, 9.2).
func (p *FH40Pieces) checkSetup(pr *pieceProblems) {
	s := &p.Setup
	if !strings.Contains(strings.ToLower(s.Note), "reconstruction") {
		pr.add(`fh40_setup.json: "note" must say that the set-up is our reconstruction`)
	}
	if got := slices.Sorted(slices.Values(s.GermanControl)); !slices.Equal(got, []string{"26", "36", "C", "D"}) {
		pr.add("fh40_setup.json: german_control %v; areas 26 and 36 and zones C and D begin German Controlled (fh40:5.2)", s.GermanControl)
	}
	for _, u := range p.Units {
		if slices.Contains(s.GermanControl, u.Place) != (u.Side() == German) {
			pr.add("unit %q: sets up in %q, Controlled by the other side at the start; each side sets up in its own places (fh40:5.2)", u.ID, u.Place)
		}
	}
	ids := map[string]bool{}
	for i, m := range s.AirMarkers {
		where := fmt.Sprintf("fh40_setup.json air_markers[%d] (%q)", i, m.ID)
		if !pieceIDPattern.MatchString(m.ID) || ids[m.ID] || strings.TrimSpace(m.Name) == "" {
			pr.add("%s: id must be unique, lowercase and hyphenated, and name given", where)
		}
		ids[m.ID] = true
		if m.Side != German || m.Kind != BombardmentMarker || m.AF < 1 || m.Supply != 0 || m.Entry != 0 {
			pr.add("%s: the Germans' markers are Air Bombardment markers with an Attack Factor, there from the start; no supply or interdiction markers (fh40:4.31-4.33)", where)
		}
	}
	if len(s.AirMarkers) != 2 {
		pr.add("fh40_setup.json: %d air markers; the Germans have two Air Bombardment markers (fh40:3.5, 4.3, 16.1)", len(s.AirMarkers))
	}
	if s.BoatAssaultMarkers != 1 {
		pr.add("fh40_setup.json: boat_assault_markers is %d; the Germans have one Boat Assault marker (fh40:9.2)", s.BoatAssaultMarkers)
	}
}

// CheckMap cross-checks the pieces with the map: every place a unit sets
// up in or the start Control names is on the map and in Fortress Holland's
// part of it (fh40:3.2, 3.3).
func (p *FH40Pieces) CheckMap(m *Map) error {
	pr := pieceProblems{what: "fh40 pieces"}
	inPlay := func(what, id string) {
		if i, ok := m.Index(id); !ok || !m.InFortressHolland(i) {
			pr.add("%s: place %q is not in Fortress Holland's part of the map (fh40:3.2, 3.3); use an area 26-65 or zone C, D, E, G, H or I of data/README.md", what, id)
		}
	}
	for _, u := range p.Units {
		inPlay(fmt.Sprintf("unit %q", u.ID), u.Place)
	}
	for _, id := range p.Setup.GermanControl {
		inPlay("german_control", id)
	}
	return pr.err()
}
