package mgmg

import (
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// loadPieces loads the embedded order of battle and set-up cards.
func loadPieces(t *testing.T) *Pieces {
	t.Helper()
	p, err := LoadPieces()
	if err != nil {
		t.Fatalf("data/units.json and data/setup.json do not validate:\n%v", err)
	}
	return p
}

// pieceSet is the order of battle of either game, mgmg's or fh40's.
type pieceSet interface {
	Unit(id string) (*Unit, bool)
	all() []Unit
}

func (r *roster) all() []Unit { return r.Units }

func unitByID(t *testing.T, p pieceSet, id string) *Unit {
	t.Helper()
	u, ok := p.Unit(id)
	if !ok {
		t.Fatalf("no unit %q", id)
	}
	return u
}

// unitsWhere lists the ids of the units that satisfy keep, in data order.
func unitsWhere(p pieceSet, keep func(u *Unit) bool) []string {
	var ids []string
	units := p.all()
	for i := range units {
		if keep(&units[i]) {
			ids = append(ids, units[i].ID)
		}
	}
	return ids
}

func TestPiecesSayReconstruction(t *testing.T) {
	p := loadPieces(t)
	for name, note := range map[string]string{"units.json": p.Note, "setup.json": p.Setup.Note} {
		if !strings.Contains(strings.ToLower(note), "reconstruction") {
			t.Errorf("%s: note must say the data is our reconstruction: %q", name, note)
		}
	}
}

// The order of battle per side and formation, as data/UNITS.md documents it.
func TestPiecesCountsPerFormation(t *testing.T) {
	p := loadPieces(t)
	want := map[string]int{
		"allied 1 Abn": 13, "allied Pol": 3, "allied 82": 16, "allied 101": 15, "allied 52": 3,
		"allied Gds": 9, "allied 8": 3, "allied 43": 4, "allied 50": 4, "allied XXX": 3,
		"german 9SS": 8, "german 10SS": 9, "german 7": 3, "german 59": 4, "german 245": 3, "german 406": 5,
		"german 107": 2, "german 180": 3, "german 3FJ": 1, "german Tettau": 5, "german -": 33,
	}
	got := map[string]int{}
	for _, u := range p.Units {
		f := u.Division
		switch {
		case f == "" && u.XXXCorps():
			f = "XXX"
		case f == "":
			f = "-"
		}
		got[string(u.Side())+" "+f]++
	}
	if !maps.Equal(got, want) {
		t.Errorf("units per side and formation = %v, want %v (update data/UNITS.md with any change)", got, want)
	}
	if n := len(unitsWhere(p, func(u *Unit) bool { return u.Side() == German })); n != 76 {
		t.Errorf("%d German units, want 76", n)
	}
	if n := len(unitsWhere(p, func(u *Unit) bool { return u.Side() == Allied })); n != 73 {
		t.Errorf("%d Allied units, want 73", n)
	}
}

// The schedule per side, as data/UNITS.md documents it: where the units
// start and how many arrive on each day.
func TestPiecesSchedule(t *testing.T) {
	p := loadPieces(t)
	got := map[string]int{}
	for _, u := range p.Units {
		key := fmt.Sprintf("%s %d", u.Side(), u.Entry)
		switch {
		case u.Sp:
			key = string(u.Side()) + " Sp"
		case u.Entry == 0 && placeKind(u.Place) == "area":
			key += " map"
		case u.Entry == 0:
			key += " zone " + u.Place
		}
		got[key]++
	}
	want := map[string]int{
		"german 0 map": 19, "german 0 zone A": 7, "german 0 zone B": 8, "german 0 zone F": 5, "german 0 zone G": 1, "german 0 zone I": 1,
		"german 18": 16, "german 19": 9, "german 20": 5, "german 24": 4, "german Sp": 1,
		"allied 0 zone F": 10, "allied 17": 29, "allied 18": 13, "allied 19": 9, "allied 20": 4, "allied 22": 1, "allied 23": 4, "allied Sp": 3,
	}
	if !maps.Equal(got, want) {
		t.Errorf("schedule = %v, want %v (update data/UNITS.md with any change)", got, want)
	}
}

// mgmg:4.111: German units are gray (Wehrmacht, Luftwaffe) or black (SS),
// US units green, British tan; Polish and the Dutch RN unit are British.
func TestPiecesMgmg4_111ColourCodes(t *testing.T) {
	for f, want := range map[Force]string{Wehrmacht: "german gray german", Luftwaffe: "german gray german",
		SS: "german black german", US: "allied green us", British: "allied tan british",
		Polish: "allied tan british", Dutch: "allied tan british"} {
		if got := fmt.Sprintf("%s %s %s", f.Side(), f.Colour(), f.Nationality()); got != want {
			t.Errorf("%s: side, colour, nationality = %q, want %q", f, got, want)
		}
	}
	p := loadPieces(t)
	for _, f := range []Force{Wehrmacht, Luftwaffe, SS, US, British, Polish, Dutch} {
		if len(unitsWhere(p, func(u *Unit) bool { return u.Force == f })) == 0 {
			t.Errorf("no %s unit in the order of battle", f)
		}
	}
}

// mgmg:4.112, mgmg:4.114, mgmg:4.115: the five unit types, mechanized
// infantry being infantry; the Allies have mechanized infantry that uses the
// road (mgmg:9.4); armor is British tanks and armored reconnaissance and
// German panzers and armored reconnaissance.
func TestPiecesMgmg4_112UnitTypes(t *testing.T) {
	p := loadPieces(t)
	for _, ty := range unitTypes {
		if len(unitsWhere(p, func(u *Unit) bool { return u.Type == ty })) == 0 {
			t.Errorf("no unit of type %s", ty)
		}
	}
	if !MechanizedInfantry.IsInfantry() || !Infantry.IsInfantry() || Armored.IsInfantry() {
		t.Error("infantry and mechanized infantry are infantry, armor is not (mgmg:4.114)")
	}
	for _, id := range []string{"gb-gds-2-gren", "gb-gds-2-welsh", "de-10ss-1-10", "de-9ss-recon", "de-10ss-recon"} {
		if u := unitByID(t, p, id); u.Type != Armored {
			t.Errorf("%s (%s) is %s, want armored", id, u.Name, u.Type)
		}
	}
	for _, id := range unitsWhere(p, func(u *Unit) bool { return u.Type == MechanizedInfantry }) {
		if u := unitByID(t, p, id); u.Side() != Allied {
			t.Errorf("%s: mechanized infantry is our Allied road-moving infantry (mgmg:4.114)", id)
		}
	}
}

// mgmg:4.113: parachute, glider and British glider pilot units are the
// airborne units; every unit of the airborne divisions and the Polish
// brigade is one, with its division's Operational Sector (mgmg:3.26).
func TestPiecesMgmg4_113Airborne(t *testing.T) {
	p := loadPieces(t)
	sector := map[string]Sector{"1 Abn": RedDevils, "Pol": RedDevils, "82": AllAmerican, "101": ScreamingEagle}
	for _, u := range p.Units {
		want, airborneDivision := sector[u.Division]
		switch {
		case airborneDivision && (u.Airborne == "" || u.Sector != want):
			t.Errorf("%s: a unit of %s is airborne with sector %s; got %q %q", u.ID, u.Division, want, u.Airborne, u.Sector)
		case !airborneDivision && u.Airborne != "":
			t.Errorf("%s: airborne outside the airborne divisions", u.ID)
		case u.Airborne == GliderPilot && u.Force != British:
			t.Errorf("%s: Glider Pilot units are British", u.ID)
		}
	}
	if gp := unitsWhere(p, func(u *Unit) bool { return u.Airborne == GliderPilot }); len(gp) == 0 {
		t.Error("no Glider Pilot unit")
	}
	if RedDevils.DropColour() != "red" || AllAmerican.DropColour() != "green" || ScreamingEagle.DropColour() != "green" {
		t.Error("drop areas are red for 1st Airborne and the Poles, green for the Americans (mgmg:3.261)")
	}
}

// mgmg:4.116, mgmg:4.117, mgmg:4.118, mgmg:9.65: only infantry and armor
// lead; FLAK Towers never move or attack and set up in an area.
func TestPiecesMgmg4_118FlakTowersAndPointUnits(t *testing.T) {
	for _, ty := range unitTypes {
		want := ty == Infantry || ty == MechanizedInfantry || ty == Armored
		if ty.CanLead() != want {
			t.Errorf("%s: CanLead = %v, want %v", ty, ty.CanLead(), want)
		}
	}
	p := loadPieces(t)
	towers := unitsWhere(p, func(u *Unit) bool { return u.Type == FlakTower })
	if len(towers) != 7 {
		t.Errorf("FLAK Towers %v, want our seven (UNITS.md)", towers)
	}
	for _, id := range towers {
		u := unitByID(t, p, id)
		if u.AF != 0 || u.MF != 0 || u.Entry != 0 || placeKind(u.Place) != "area" || u.Side() != German {
			t.Errorf("%s: a German FLAK Tower 0-%d-0 set up in an area, got %d-%d-%d in %q entry %d", id, u.DF, u.AF, u.DF, u.MF, u.Place, u.Entry)
		}
	}
}

// mgmg:4.21, mgmg:11.112, mgmg:15.13: only Corps Artillery has the corps
// size; the Allies have one, the XXX Corps Artillery, whose Barrage in
// example of play 2 has AV 14 (twice its attack factor 7); the German
// corps artillery of examples 9 and 14 is the II SS Corps' and Feldt's.
func TestPiecesMgmg4_21CorpsArtillery(t *testing.T) {
	p := loadPieces(t)
	got := unitsWhere(p, func(u *Unit) bool { return u.Size == SizeCorps })
	want := []string{"de-2ss-corps-art", "de-feldt-corps-art", "gb-xxx-corps-art"}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("corps-size units %v, want %v", got, want)
	}
	for _, id := range got {
		if !unitByID(t, p, id).CorpsArtillery() {
			t.Errorf("%s is not Corps Artillery", id)
		}
	}
	xxx := unitByID(t, p, "gb-xxx-corps-art")
	if 2*xxx.AF != 14 || !xxx.XXXCorps() || xxx.Place != ZoneF || xxx.Entry != 0 {
		t.Errorf("XXX Corps Artillery: barrage AV %d in %q entry %d, want 14 in Zone F at the start (mgmg:20.3)", 2*xxx.AF, xxx.Place, xxx.Entry)
	}
	if u := unitByID(t, p, "de-2ss-corps-art"); u.Force != SS || u.Corps != "II SS" {
		t.Errorf("II SS Corps Artillery: force %s corps %q", u.Force, u.Corps)
	}
}

// mgmg:4.2, mgmg:4.21, mgmg:4.22: every unit has its size and designation;
// the Spent side's defense factor is never above the Fresh one.
func TestPiecesMgmg4_22Factors(t *testing.T) {
	p := loadPieces(t)
	for _, u := range p.Units {
		if u.SpentDF > u.DF || u.DF < 1 {
			t.Errorf("%s: %d-%d-%d spent %d", u.ID, u.AF, u.DF, u.MF, u.SpentDF)
		}
		if u.Size == "" || u.Designation == "" {
			t.Errorf("%s: size %q, designation %q; every unit has both", u.ID, u.Size, u.Designation)
		}
	}
}

// mgmg:4.23, mgmg:18.1, mgmg:20.4: units without a date set up on the map;
// D-Day airborne units land in a Drop Area; every reinforcement has a day
// of the game; mgmg:5.2: those after September 20 play only in the
// Extended Game.
func TestPiecesMgmg4_23TurnOfEntryAndSetupArea(t *testing.T) {
	p := loadPieces(t)
	for _, u := range p.Units {
		switch {
		case u.Sp:
		case u.Entry == 0:
			if u.Airborne != "" || placeKind(u.Place) == "" {
				t.Errorf("%s: sets up in %q", u.ID, u.Place)
			}
		case u.Entry == FirstDay:
			if u.Airborne == "" || placeKind(u.Place) != "area" {
				t.Errorf("%s: lands on D-Day in %q", u.ID, u.Place)
			}
		case u.Entry > FirstDay && u.Entry <= ExtendedLastDay:
			if !u.Reinforcement() {
				t.Errorf("%s: entry %d is a reinforcement", u.ID, u.Entry)
			}
		default:
			t.Errorf("%s: entry %d is no day of the game", u.ID, u.Entry)
		}
		if u.InGame(false) != (!u.Sp && u.Entry <= LastDay) || !u.InGame(true) {
			t.Errorf("%s: entry %d sp %v: InGame %v/%v", u.ID, u.Entry, u.Sp, u.InGame(false), u.InGame(true))
		}
	}
	late := unitsWhere(p, func(u *Unit) bool { return !u.InGame(false) })
	if len(late) != 13 {
		t.Errorf("units of the Extended Game only %v, want 13 (UNITS.md)", late)
	}
}

// mgmg:7.1, mgmg:18.41: at most ten units of a side in an area at the
// start, and at most ten landing in a Drop Area on D-Day.
func TestPiecesMgmg7_1SetupStacking(t *testing.T) {
	p := loadPieces(t)
	n := map[string]int{}
	for _, u := range p.Units {
		if (u.Entry == 0 || u.Entry == FirstDay) && !u.Sp && placeKind(u.Place) == "area" {
			n[string(u.Side())+" in "+u.Place]++
		}
	}
	for k, c := range n {
		if c > 10 {
			t.Errorf("%s: %d units", k, c)
		}
	}
}

// mgmg:15.12: four German artillery units belong to no division.
func TestPiecesMgmg15_12FourIndependentArtillery(t *testing.T) {
	p := loadPieces(t)
	got := unitsWhere(p, func(u *Unit) bool { return u.Independent() })
	want := []string{"de-art-184", "de-art-191", "de-art-werfer", "de-art-venlo"}
	if !slices.Equal(got, want) {
		t.Errorf("independent German artillery %v, want %v", got, want)
	}
	for _, u := range p.Units {
		if u.Type == FieldArtillery && u.Side() == Allied && u.Division == "" && !u.CorpsArtillery() {
			t.Errorf("%s: Allied artillery without a division", u.ID)
		}
	}
}

// mgmg:18.2: German reinforcements appear in Zones; mgmg:18.3: XXX Corps'
// in Zone F, those of September 18 and 20 when the card's condition holds;
// mgmg:18.4: airborne ones land in Drop Areas.
func TestPiecesMgmg18_2Reinforcements(t *testing.T) {
	p := loadPieces(t)
	conditional := map[string]int{}
	for _, g := range p.Setup.ZoneFReinforcements {
		for _, id := range g.Units {
			conditional[id] = g.Day
		}
	}
	for _, u := range p.Units {
		if !u.Reinforcement() || u.Sp {
			continue
		}
		switch {
		case u.Side() == German:
			if placeKind(u.Place) != "zone" {
				t.Errorf("%s: German reinforcement in %q, not a zone", u.ID, u.Place)
			}
		case u.XXXCorps():
			if u.Place != ZoneF {
				t.Errorf("%s: XXX Corps reinforcement in %q", u.ID, u.Place)
			}
			if want := map[bool]int{true: u.Entry}[u.Entry == 18 || u.Entry == 20]; conditional[u.ID] != want {
				t.Errorf("%s (September %d): conditional group of day %d, want %d", u.ID, u.Entry, conditional[u.ID], want)
			}
		case u.Airborne != "":
			if placeKind(u.Place) != "area" {
				t.Errorf("%s: airborne reinforcement drops in %q", u.ID, u.Place)
			}
		default:
			t.Errorf("%s: Allied reinforcement neither XXX Corps nor airborne", u.ID)
		}
	}
	days := []int{}
	for _, g := range p.Setup.ZoneFReinforcements {
		days = append(days, g.Day)
	}
	if !slices.Equal(days, []int{18, 20}) {
		t.Errorf("conditional Zone F days %v, want [18 20]", days)
	}
}

// mgmg:22.2: "Sp" units are the British 52nd Light Division and the German
// Pioneer Lehr battalion, and they appear at Deelen (area 9).
func TestPiecesMgmg22_2DeelenUnits(t *testing.T) {
	p := loadPieces(t)
	got := unitsWhere(p, func(u *Unit) bool { return u.Sp })
	want := []string{"de-pioneer-lehr", "gb-52-155", "gb-52-156", "gb-52-157"}
	if !slices.Equal(got, want) {
		t.Errorf("Sp units %v, want %v", got, want)
	}
	for _, id := range got {
		u := unitByID(t, p, id)
		if u.Place != "9" || u.Entry != 0 || u.InGame(false) {
			t.Errorf("%s: place %q entry %d", id, u.Place, u.Entry)
		}
		if u.Side() == Allied && u.Division != "52" {
			t.Errorf("%s: the Allied Sp units are the 52nd Division's", id)
		}
	}
}

// mgmg:23.2: the units placed in Area 5 on D-Day are gliders and glider pilots.
func TestPiecesMgmg23_2Area5Gliders(t *testing.T) {
	p := loadPieces(t)
	in5 := unitsWhere(p, func(u *Unit) bool { return u.Entry == FirstDay && u.Place == "5" })
	if len(in5) == 0 {
		t.Fatal("no unit lands in area 5 on D-Day")
	}
	for _, id := range in5 {
		if a := unitByID(t, p, id).Airborne; a != Glider && a != GliderPilot {
			t.Errorf("%s: %q in area 5", id, a)
		}
	}
}

// mgmg:20.2, mgmg:26.0 example 1: the VIII Air marker bombards with AV 8
// the Son FLAK Tower in St. Oedenrode (area 54), DV 5 = 2x TEM 2 + 1;
// then it is the Air Supply marker, worth 5 (mgmg:13.424).
func TestPiecesMgmg26Example1AirBombardment(t *testing.T) {
	p := loadPieces(t)
	var viii *AirMarker
	for i, m := range p.Setup.AirMarkers {
		if m.ID == "us-viii-air" {
			viii = &p.Setup.AirMarkers[i]
		}
	}
	if viii == nil || viii.AF != 8 || viii.Supply != 5 || viii.Side != Allied {
		t.Fatalf("VIII Air marker %+v, want AF 8 and Air Supply 5", viii)
	}
	son := unitByID(t, p, "de-tower-son")
	if son.Type != FlakTower || son.Place != "54" || son.DF != 1 || 2*2+1 != 5 {
		t.Errorf("Son FLAK Tower %+v, want a FLAK Tower in area 54 with DF 1", son)
	}
}

// mgmg:20.3, mgmg:20.5, mgmg:26.0 examples 2 and 4: five German units start
// in Zone F, among them 9SS 2/20, the 10SS 2/22 (DF 3: DV 5 with Zone F's
// TEM 2), 7 1/16 and the 6th Penal Battalion; the Guards start there too,
// and 1st and 2nd Grenadier Guards with the Guards artillery assault with
// AV 11 = 8 + 1 + 1 + 1 (divisional integrity: three Guards units).
func TestPiecesMgmg26Examples2And4ZoneF(t *testing.T) {
	p := loadPieces(t)
	germans := unitsWhere(p, func(u *Unit) bool { return u.Side() == German && u.Entry == 0 && u.Place == ZoneF })
	if len(germans) != 5 {
		t.Errorf("German units in Zone F at the start %v, want five", germans)
	}
	for _, id := range []string{"de-9ss-2-20", "de-10ss-2-22", "de-7-1-16", "de-penal-6"} {
		if !slices.Contains(germans, id) {
			t.Errorf("%s is not in Zone F at the start", id)
		}
	}
	// Example 2: the barrage's DV is 4, twice Zone F's TEM 2, so no Fresh
	// German field artillery is there (mgmg:11.3C); a tie (10 AP) flips
	// all five, so none is armor, which needs 3 AP (mgmg:11.41).
	ap := 0
	for _, id := range germans {
		u := unitByID(t, p, id)
		if u.Type == FieldArtillery {
			t.Errorf("%s: field artillery in Zone F would raise the barrage's DV above 4", id)
		}
		ap += map[bool]int{true: 3, false: 2}[u.Type == Armored]
	}
	if ap > 10 {
		t.Errorf("flipping the five Zone F units takes %d AP; example 2 flips them all with 10", ap)
	}
	if u := unitByID(t, p, "de-10ss-2-22"); u.Label() != "10SS 2/22" || u.DF != 3 {
		t.Errorf("10SS 2/22: label %q DF %d, want DF 3", u.Label(), u.DF)
	}
	if u := unitByID(t, p, "de-9ss-2-20"); u.Label() != "9SS 2/20" || !u.Type.IsInfantry() {
		t.Errorf("9SS 2/20: %q %s, want the Panzer Grenadier battalion", u.Label(), u.Type)
	}
	if u := unitByID(t, p, "de-7-1-16"); u.Label() != "7 1/16" || u.Force != Luftwaffe {
		t.Errorf("7 1/16: %q %s, want the parachute battalion", u.Label(), u.Force)
	}
	gren2, gren1, art := unitByID(t, p, "gb-gds-2-gren"), unitByID(t, p, "gb-gds-1-gren"), unitByID(t, p, "gb-gds-art")
	for _, u := range []*Unit{gren2, gren1, art} {
		if u.Division != GuardsArmoured || u.Place != ZoneF || u.Entry != 0 || !u.XXXCorps() {
			t.Errorf("%s: %q in %q entry %d, want a Guards unit in Zone F at the start", u.ID, u.Division, u.Place, u.Entry)
		}
	}
	if av := max(gren2.AF, gren1.AF) + 1 + 1 + 1; av != 11 || gren2.Type != Armored || art.Type != FieldArtillery {
		t.Errorf("AV %d with 2nd Grenadier Guards %s leading, want 11", av, gren2.Type)
	}
}

// mgmg:26.0 example 3: six American parachute battalions land in area 54,
// 1/502, 2/502 and 3/502 among them; 2/502 leads with AF 4 (AV 5). The
// Son FLAK Tower is the only German unit there: the DV is its DF 1 + TEM 2
// with no other Fresh defender (mgmg:10.73E), and example 1's air DV 5 has
// one FLAK piece (mgmg:11.3B).
func TestPiecesMgmg26Example3StOedenrode(t *testing.T) {
	p := loadPieces(t)
	if got := unitsWhere(p, func(u *Unit) bool { return u.Side() == German && u.Entry == 0 && u.Place == "54" }); !slices.Equal(got, []string{"de-tower-son"}) {
		t.Errorf("German units in area 54 at the start %v, want only the Son FLAK Tower", got)
	}
	in54 := unitsWhere(p, func(u *Unit) bool { return u.Entry == FirstDay && u.Place == "54" })
	if len(in54) != 6 {
		t.Errorf("D-Day landings in area 54 %v, want six", in54)
	}
	for _, id := range []string{"us-1-502", "us-2-502", "us-3-502"} {
		u := unitByID(t, p, id)
		if !slices.Contains(in54, id) || u.Force != US || u.Airborne != Parachute || u.Sector != ScreamingEagle {
			t.Errorf("%s: %+v", id, u)
		}
	}
	if av := unitByID(t, p, "us-2-502").AF + 1; av != 5 {
		t.Errorf("AV %d, want 5", av)
	}
	// A roll of 1 leaves 1/502 Spent, not disrupted: the Interdiction Value
	// is 1, the Son FLAK Tower alone in or next to area 54 (mgmg:18.44).
	if got := interdictors(t, p, "54"); !slices.Equal(got, []string{"de-tower-son"}) {
		t.Errorf("FLAK in or next to area 54 at the start %v, want only the Son FLAK Tower", got)
	}
}

// interdictors lists the German FLAK and FLAK Towers set up in or next to
// area id: its Interdiction Value while they are Fresh (mgmg:18.44).
func interdictors(t *testing.T, p *Pieces, id string) []string {
	t.Helper()
	m := loadTestMap(t)
	i := m.MustIndex(id)
	return unitsWhere(p, func(u *Unit) bool {
		j, ok := m.Index(u.Place)
		return ok && u.Entry == 0 && (u.Type == Flak || u.Type == FlakTower) && (j == i || m.Adjacent(i, j))
	})
}

// mgmg:26.0 examples 8 and 9: 2nd Grenadier Guards leads with AF 8; the SS
// take Arnhem with a point unit of AF 4, four other units and at least
// three from one division; the Spent British 2nd Parachute Battalion
// defends with 3 (DV 7 with Arnhem's TEM 4); Knaust is armor; II SS Corps
// artillery supports.
func TestPiecesMgmg26Examples8And9(t *testing.T) {
	p := loadPieces(t)
	if u := unitByID(t, p, "gb-gds-2-gren"); u.AF != 8 {
		t.Errorf("2nd Grenadier Guards AF %d, want 8", u.AF)
	}
	if u := unitByID(t, p, "gb-1abn-2-para"); u.SpentDF != 3 || u.Airborne != Parachute || u.Force != British {
		t.Errorf("2nd Parachute Battalion %+v, want a British parachute battalion with Spent DF 3", u)
	}
	perDivision := map[string]int{}
	leaders := 0
	for _, u := range p.Units {
		if u.Force == SS && u.Type.CanLead() {
			perDivision[u.Division]++
			if u.AF == 4 {
				leaders++
			}
		}
	}
	if perDivision["9SS"] < 3 || perDivision["9SS"]+perDivision["10SS"] < 5 || leaders == 0 {
		t.Errorf("SS infantry and armor per division %v, %d with AF 4", perDivision, leaders)
	}
	if u := unitByID(t, p, "de-knaust"); u.Type != Armored || u.Force == SS || u.Side() != German {
		t.Errorf("Knaust %+v, want German armor that is not SS (it stays out of the SS assault)", u)
	}
}

// mgmg:26.0 example 10: the 10SS 1/10 and 2/10 by the Pannerden ferry.
func TestPiecesMgmg26Example10Frundsberg(t *testing.T) {
	p := loadPieces(t)
	for _, id := range []string{"de-10ss-1-10", "de-10ss-2-10"} {
		if u := unitByID(t, p, id); u.Force != SS || u.Division != "10SS" {
			t.Errorf("%s: %s %q", id, u.Force, u.Division)
		}
	}
}

// mgmg:26.0 example 12: FLAK Towers at Wyler and Nijmegen, the German
// infantry battalions Fürst, Greschick and Stargaard.
func TestPiecesMgmg26Example12Refit(t *testing.T) {
	p := loadPieces(t)
	for _, id := range []string{"de-tower-wyler", "de-tower-nijmegen"} {
		if u := unitByID(t, p, id); u.Type != FlakTower {
			t.Errorf("%s is %s", id, u.Type)
		}
	}
	if u := unitByID(t, p, "de-tower-nijmegen"); u.Place != "28" {
		t.Errorf("Nijmegen FLAK Tower in %q, want 28", u.Place)
	}
	for _, id := range []string{"de-406-fuerst", "de-406-greschick", "de-406-stargaard"} {
		if u := unitByID(t, p, id); u.Type != Infantry || u.Size != SizeBattalion || u.Side() != German {
			t.Errorf("%s: %s %s", id, u.Type, u.Size)
		}
	}
}

// mgmg:26.0 example 13: a 1st Airborne glider unit; the 43rd Division's
// 129th Infantry Brigade, which is not mechanized (boat assaults, mgmg:9.5).
func TestPiecesMgmg26Example13Regroup(t *testing.T) {
	p := loadPieces(t)
	if u := unitByID(t, p, "gb-43-129"); u.Type != Infantry || u.Size != SizeBrigade || u.Division != "43" || !u.XXXCorps() {
		t.Errorf("129th Brigade %+v", u)
	}
	if len(unitsWhere(p, func(u *Unit) bool { return u.Division == "1 Abn" && u.Airborne == Glider && u.Type == Infantry })) == 0 {
		t.Error("no 1st Airborne glider infantry")
	}
}

// mgmg:26.0 example 14: Becker leads with AF 2 and, after an Overrun of
// Spent units (3 MF) in Overcast (+1 MF, mgmg:17.3), has 1 MF left: MF 3.
// Hermann is infantry, Feldt corps artillery that may support. Area 35
// (Groesbeek) holds only Spent Allied units and defends with DV 5 = 3 +
// TEM 2: the 508th, which lands there, has Spent DF 3.
func TestPiecesMgmg26Example14Infiltration(t *testing.T) {
	p := loadPieces(t)
	becker := unitByID(t, p, "de-fj-becker")
	if becker.AF != 2 || becker.MF+1-3 != 1 || !becker.Type.IsInfantry() {
		t.Errorf("Becker %d-%d-%d, want AF 2 and MF 3", becker.AF, becker.DF, becker.MF)
	}
	if u := unitByID(t, p, "de-fj-hermann"); u.Type != Infantry {
		t.Errorf("Hermann is %s", u.Type)
	}
	if u := unitByID(t, p, "de-feldt-corps-art"); !u.CorpsArtillery() || u.Independent() {
		t.Errorf("Feldt: corps artillery %v, independent %v", u.CorpsArtillery(), u.Independent())
	}
	for _, id := range []string{"us-1-508", "us-2-508", "us-3-508"} {
		u := unitByID(t, p, id)
		if dv := u.SpentDF + mapTEM(t, u.Place); u.Place != "35" || dv != 5 {
			t.Errorf("%s lands in %q, Spent DV there %d; want area 35 and DV 5", id, u.Place, dv)
		}
	}
}

// mgmg:3.5, mgmg:16.1, mgmg:4.3, mgmg:4.31, mgmg:4.33, mgmg:18.2: the Allies'
// RAF 2 Group and 83 Group bombardment markers, which have only an attack
// factor, and the VIII Air marker, the Germans' two interdiction markers,
// which arrive as reinforcements; air markers are not units.
func TestPiecesMgmg16_1AirMarkers(t *testing.T) {
	p := loadPieces(t)
	var got []string
	for _, m := range p.Setup.AirMarkers {
		got = append(got, fmt.Sprintf("%s %s %s entry %d", m.Side, m.Name, m.Kind, m.Entry))
	}
	want := []string{"allied RAF 2 Group bombardment entry 0", "allied RAF 83 Group bombardment entry 0",
		"allied US VIII Air bombardment entry 0", "german Luftwaffe (II. Jagdkorps) interdiction entry 18",
		"german Luftwaffe (II. Jagdkorps) interdiction entry 19"}
	if !slices.Equal(got, want) {
		t.Errorf("air markers %q, want %q", got, want)
	}
	for _, m := range p.Setup.AirMarkers[:2] {
		if m.AF < 1 || m.Supply != 0 {
			t.Errorf("%s: AF %d, supply %d; a bombardment marker has only an attack factor", m.Name, m.AF, m.Supply)
		}
	}
	for _, m := range p.Setup.AirMarkers {
		if _, ok := p.byID[m.ID]; ok {
			t.Errorf("air marker %s is in the order of battle; air markers are not units", m.ID)
		}
	}
}

// mgmg:4.11, mgmg:13.41, mgmg:13.42, mgmg:13.421, mgmg:13.422, mgmg:13.423, mgmg:4.32:
// the depots (the Allies' five Zone F and three airborne ones besides the
// Air Supply marker); mgmg:3.9, mgmg:19.21: construct markers (the Allies'
// two of example 6); mgmg:3.10: the Boat Assault marker; mgmg:4.7, mgmg:5.1:
// three Ferry Crossing markers.
func TestPiecesMgmg13_4DepotsAndMarkers(t *testing.T) {
	p := loadPieces(t)
	var got []string
	for _, d := range p.Setup.Depots {
		got = append(got, fmt.Sprintf("%s x%d in %s %d/%d", d.Name, d.Count, d.Place, d.Clear, d.Overcast))
	}
	want := []string{"German Depot x5 in zone 5/6", "Zone F x5 in F 5/5", "1st Air x1 in UK 10/5",
		"82nd Air x1 in UK 10/5", "101st Airb x1 in UK 10/5", "Oss x1 in I 10/10"}
	if !slices.Equal(got, want) {
		t.Errorf("depots %q, want %q", got, want)
	}
	s := p.Setup
	if s.ConstructMarkers[Allied] != 2 || s.BoatAssaultMarkers != 1 || s.FerryCrossingMarkers != 3 {
		t.Errorf("construct %v, boat assault %d, ferries %d", s.ConstructMarkers, s.BoatAssaultMarkers, s.FerryCrossingMarkers)
	}
}

// The loader names the unit and the fix for each problem.
func TestPiecesLoaderErrors(t *testing.T) {
	units, err := os.ReadFile("data/units.json")
	if err != nil {
		t.Fatal(err)
	}
	setup, err := os.ReadFile("data/setup.json")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ParsePieces(units, setup); err != nil {
		t.Fatalf("the real files: %v", err)
	}
	edit := func(s []byte, old, new string) []byte { return editData(t, s, old, new) }
	son := `{"id":"de-tower-son","force":"luftwaffe","name":"Son FLAK Tower","designation":"Son","type":"flak-tower","size":"battalion","af":0,"df":1,"mf":0,"spent_df":1,"place":"54"}`
	for _, c := range []struct {
		name         string
		units, setup []byte
		want         string
	}{
		{"unknown field", edit(units, `"place":"54"}`, `"place":"54","colour":"gray"}`), setup, `unknown field "colour"`},
		{"trailing data", append(units, '{', '}'), setup, "data after the top-level JSON object"},
		{"duplicate id", edit(units, `"id":"de-tower-deelen"`, `"id":"de-tower-arnhem"`), setup, `unit "de-tower-arnhem" (units[1]): duplicate id`},
		{"tower moves", edit(units, son, strings.Replace(son, `"mf":0`, `"mf":2`, 1)), setup, `unit "de-tower-son" (units[5]): a FLAK Tower never attacks or moves`},
		{"no such place", edit(units, son, strings.Replace(son, `"place":"54"`, `"place":"66"`, 1)), setup, `place "66" is neither an area`},
		{"spent above fresh", edit(units, son, strings.Replace(son, `"spent_df":1`, `"spent_df":2`, 1)), setup, "spent_df 2 must be between 0 and the Fresh df 1"},
		{"unknown force", edit(units, son, strings.Replace(son, "luftwaffe", "kriegsmarine", 1)), setup, `force "kriegsmarine" is unknown`},
		{"fh40 force", edit(units, son, strings.Replace(son, "luftwaffe", "dutch-army", 1)), setup, `force "dutch-army" is unknown`},
		{"fh40 engineer", edit(units, son, strings.Replace(son, `"place":"54"`, `"place":"54","engineer":true`, 1)), setup, "engineers and the armoured train are Fortress Holland's"},
		{"not conditional", units, edit(setup, `"gb-2hcr", `, ``), `unit "gb-2hcr": a XXX Corps reinforcement of September 18 waits`},
		{"fifth interdiction", units, edit(setup, `"side": "allied", "name": "RAF 2 Group", "kind": "bombardment"`, `"side": "german", "name": "RAF 2 Group", "kind": "interdiction"`), "3 interdiction air markers; the rules have 2"},
		{"depot value", units, edit(setup, `"clear": 5, "overcast": 6`, `"clear": 6, "overcast": 6`), `depots[0] ("german")`},
		{"no note", edit(units, `"note": "OUR RECONSTRUCTION`, `"note": "OUR`), setup, `"note" must say`},
	} {
		_, err := ParsePieces(c.units, c.setup)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}

// editData replaces the first old in a data file's bytes s by new.
func editData(t *testing.T, s []byte, old, new string) []byte {
	t.Helper()
	if !strings.Contains(string(s), old) {
		t.Fatalf("%q not in the file", old)
	}
	return []byte(strings.Replace(string(s), old, new, 1))
}

// mapTEM is the TEM of area or zone id of the map.
func mapTEM(t *testing.T, id string) int {
	t.Helper()
	m := loadTestMap(t)
	i, ok := m.Index(id)
	if !ok {
		t.Fatalf("place %q is not on the map", id)
	}
	return m.TEM(i)
}

// mgmg:3.261, mgmg:18.5, mgmg:4.23: every set-up area and zone is on the
// map, and every airborne unit's printed Drop Area is one of its colour in
// its division's sector.
func TestPiecesMgmg3_261OnTheMap(t *testing.T) {
	p := loadPieces(t)
	m := loadTestMap(t).MapPlaces()
	if err := p.CheckMap(m); err != nil {
		t.Fatal(err)
	}
	// The check bites: the Poles' DZ K moved to a green area, a unit to a
	// place the map does not have.
	pol := unitByID(t, p, "pl-1-para")
	pol.Place = "54"
	unitByID(t, p, "de-oss-garrison").Place = "K"
	err := p.CheckMap(m)
	for _, want := range []string{`unit "pl-1-para": area "54" is not a red Drop Area`, `unit "de-oss-garrison": place "K" is not on the map`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckMap: %v, want %q", err, want)
		}
	}
}

// mgmg:26.0 example 7: the Spent Nijmegen FLAK Tower defends Nijmegen (TEM
// 4 on the map) with DV 5.
func TestPiecesMgmg26Example7NijmegenFlakTower(t *testing.T) {
	p := loadPieces(t)
	tower := unitByID(t, p, "de-tower-nijmegen")
	if dv := tower.SpentDF + mapTEM(t, tower.Place); dv != 5 {
		t.Errorf("Spent Nijmegen FLAK Tower in %q: DV %d, want 5", tower.Place, dv)
	}
}

// TestOrdinalsInNames: the unit names' ordinals read as English ("502nd",
// not "502th"), in both games' orders of battle.
func TestOrdinalsInNames(t *testing.T) {
	ordinal := regexp.MustCompile(`\b(\d+)(st|nd|rd|th)\b`)
	suffix := func(n int) string {
		switch {
		case n%100 >= 11 && n%100 <= 13:
			return "th"
		case n%10 == 1:
			return "st"
		case n%10 == 2:
			return "nd"
		case n%10 == 3:
			return "rd"
		}
		return "th"
	}
	for _, g := range []*Game{MustLoad(), MustLoadFH40()} {
		for _, u := range g.pieces.Units {
			for _, m := range ordinal.FindAllStringSubmatch(u.Name, -1) {
				n, _ := strconv.Atoi(m[1])
				if m[2] != suffix(n) {
					t.Errorf("%s: %q says %s%s, want %d%s", u.ID, u.Name, m[1], m[2], n, suffix(n))
				}
			}
		}
	}
}
