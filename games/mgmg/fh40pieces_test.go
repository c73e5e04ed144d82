package mgmg

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"
)

// loadFH40Pieces loads Fortress Holland's embedded order of battle and set-up.
func loadFH40Pieces(t *testing.T) *FH40Pieces {
	t.Helper()
	p, err := LoadFH40Pieces()
	if err != nil {
		t.Fatalf("data/fh40_units.json and data/fh40_setup.json do not validate:\n%v", err)
	}
	return p
}

// readFH40Files reads the two data files as they are on disk.
func readFH40Files(t *testing.T) (units, setup []byte) {
	t.Helper()
	units, err := os.ReadFile("data/fh40_units.json")
	if err != nil {
		t.Fatal(err)
	}
	setup, err = os.ReadFile("data/fh40_setup.json")
	if err != nil {
		t.Fatal(err)
	}
	return units, setup
}

// The order of battle per side and formation and where it sets up, as
// data/FH40_UNITS.md documents it.
func TestFH40PiecesCountsPerFormation(t *testing.T) {
	p := loadFH40Pieces(t)
	got, at := map[string]int{}, map[string]int{}
	for _, u := range p.Units {
		f := u.Division
		if f == "" {
			f = "-"
		}
		got[string(u.Side())+" "+f]++
		at[string(u.Side())+" "+u.Place]++
	}
	want := map[string]int{
		"german 254": 5, "german 256": 6, "german 9Pz": 8, "german SS-V": 5, "german -": 2,
		"allied Peel": 14, "allied 1 DLM": 2, "allied -": 21,
	}
	if !maps.Equal(got, want) {
		t.Errorf("units per side and formation = %v, want %v (update data/FH40_UNITS.md with any change)", got, want)
	}
	wantAt := map[string]int{"german 26": 3, "german 36": 10, "german C": 5, "german D": 8}
	for k := range at {
		if strings.HasPrefix(k, "german") {
			continue
		}
		wantAt[k] = at[k] // the Allied places are checked by the tests below
	}
	if !maps.Equal(at, wantAt) {
		t.Errorf("German units per place = %v, want %v", at, wantAt)
	}
	if n := len(unitsWhere(p, func(u *Unit) bool { return u.Side() == German })); n != 26 {
		t.Errorf("%d German units, want 26", n)
	}
	if n := len(unitsWhere(p, func(u *Unit) bool { return u.Side() == Allied })); n != 37 {
		t.Errorf("%d Dutch and French units, want 37", n)
	}
}

// fh40:4.111: German units gray, the SS's too; Dutch green; two French
// units bright blue. fh40:8.4: Dutch and French are two nationalities of
// the one player.
func TestPiecesFh40_4_111ColourCodes(t *testing.T) {
	for f, want := range map[Force]string{Wehrmacht: "german gray", SS: "german gray",
		DutchArmy: "allied green", French: "allied bright-blue"} {
		if got := fmt.Sprintf("%s %s", f.Side(), FH40Colour(f)); got != want {
			t.Errorf("%s: side and colour = %q, want %q", f, got, want)
		}
	}
	if DutchArmy.Nationality() == French.Nationality() || DutchArmy.Nationality() == Britons {
		t.Errorf("Dutch %q and French %q must be nationalities of their own", DutchArmy.Nationality(), French.Nationality())
	}
	p := loadFH40Pieces(t)
	for _, f := range fh40Forces {
		if len(unitsWhere(p, func(u *Unit) bool { return u.Force == f })) == 0 {
			t.Errorf("no %s unit in the order of battle", f)
		}
	}
	if french := unitsWhere(p, func(u *Unit) bool { return u.Force == French }); len(french) != 2 {
		t.Errorf("French units %v, want two (fh40:4.111, 21.3)", french)
	}
}

// fh40:4.112, fh40:4.118: four unit types, no FLAK; each counter has a
// Fresh and a Spent side, the Spent defense no higher.
func TestPiecesFh40_4_112UnitTypes(t *testing.T) {
	p := loadFH40Pieces(t)
	for _, ty := range []UnitType{Infantry, Armored, FieldArtillery, RiverBunkerGarrison} {
		if len(unitsWhere(p, func(u *Unit) bool { return u.Type == ty })) == 0 {
			t.Errorf("no unit of type %s", ty)
		}
	}
	if bad := unitsWhere(p, func(u *Unit) bool { return u.Type == Flak || u.Type == FlakTower }); len(bad) > 0 {
		t.Errorf("FLAK in Fortress Holland: %v (fh40:4.118 not used)", bad)
	}
	if bad := unitsWhere(p, func(u *Unit) bool { return u.SpentDF > u.DF || u.SpentDF < 0 }); len(bad) > 0 {
		t.Errorf("Spent defense above the Fresh one: %v", bad)
	}
}

// fh40:4.113, fh40:9.5: engineers are infantry, and infantry that can make
// a Boat Assault (not mechanized); the Germans have some for the Boat
// Assaults after May 10.
func TestPiecesFh40_4_113Engineers(t *testing.T) {
	p := loadFH40Pieces(t)
	eng := unitsWhere(p, func(u *Unit) bool { return u.Engineer })
	if len(eng) < 2 {
		t.Fatalf("engineers %v: the Germans need them to cross the Maas after May 10", eng)
	}
	for _, id := range eng {
		if u := unitByID(t, p, id); u.Type != Infantry || u.Side() != German || !u.Type.CanLead() {
			t.Errorf("%s: engineers are German non-mechanized infantry that can assault, got %s %s", id, u.Side(), u.Type)
		}
	}
	// Both infantry divisions facing the Maas bring theirs.
	for _, div := range []string{"254", "256"} {
		if len(unitsWhere(p, func(u *Unit) bool { return u.Engineer && u.Division == div })) != 1 {
			t.Errorf("division %s: want one engineer battalion", div)
		}
	}
}

// fh40:4.114: mechanized/motorized infantry is infantry, the only infantry
// on the road; the panzer division, the SS and the French have it.
func TestPiecesFh40_4_114MechanizedInfantry(t *testing.T) {
	p := loadFH40Pieces(t)
	mech := unitsWhere(p, func(u *Unit) bool { return u.Type == MechanizedInfantry })
	want := []string{"de-9pz-sr11", "de-9pz-k59", "de-ssv-deutschland", "de-ssv-germania", "fr-1dlm-4rdp"}
	if !slices.Equal(mech, want) {
		t.Errorf("mechanized infantry %v, want %v", mech, want)
	}
	if !MechanizedInfantry.IsInfantry() {
		t.Error("mechanized infantry is infantry (fh40:4.114)")
	}
}

// fh40:4.115: armor is the German panzers and the Zug, and the German and
// French armored reconnaissance; the Dutch have none.
func TestPiecesFh40_4_115Armor(t *testing.T) {
	p := loadFH40Pieces(t)
	armor := unitsWhere(p, func(u *Unit) bool { return u.Type == Armored })
	want := []string{"de-panzerzug-1", "de-9pz-1-33", "de-9pz-2-33", "de-9pz-aa9", "de-ssv-aa", "fr-1dlm-6cuir"}
	if !slices.Equal(armor, want) {
		t.Errorf("armor %v, want %v", armor, want)
	}
	for _, id := range []string{"de-9pz-aa9", "de-ssv-aa", "fr-1dlm-6cuir"} {
		if !strings.Contains(unitByID(t, p, id).Name, "armoured reconnaissance") {
			t.Errorf("%s: want an armored reconnaissance unit", id)
		}
	}
}

// fh40:4.116: field artillery is divisional or corps artillery and the one
// Armored Artillery unit; it never leads an assault.
func TestPiecesFh40_4_116FieldArtillery(t *testing.T) {
	p := loadFH40Pieces(t)
	art := unitsWhere(p, func(u *Unit) bool { return u.Type == FieldArtillery })
	if len(art) != 9 {
		t.Errorf("field artillery %v, want 9 (4 German divisional, 1 armored, 1 corps, 3 Dutch)", art)
	}
	var armored, corps []string
	for _, id := range art {
		u := unitByID(t, p, id)
		if u.Division == "" && !u.CorpsArtillery() {
			t.Errorf("%s: neither divisional nor corps artillery", id)
		}
		if strings.Contains(u.Name, "armored artillery") {
			armored = append(armored, id)
		}
		if u.CorpsArtillery() {
			corps = append(corps, id)
		}
	}
	if !slices.Equal(armored, []string{"de-9pz-stug"}) || !slices.Equal(corps, []string{"de-xxvi-art"}) {
		t.Errorf("armored artillery %v, corps artillery %v; want the one each", armored, corps)
	}
	if FieldArtillery.CanLead() {
		t.Error("field artillery may not be the point unit (fh40:4.116)")
	}
}

// fh40:4.117, fh40:9.64, fh40:11.3: River Bunker Garrisons never move or
// attack (0-x-0) and stand in an area on a river or canal, guarding a
// bridge or the Maas; they never lead an assault.
func TestPiecesFh40_4_117RiverBunkerGarrisons(t *testing.T) {
	p := loadFH40Pieces(t)
	m := loadTestMap(t)
	rbg := unitsWhere(p, func(u *Unit) bool { return u.Type == RiverBunkerGarrison })
	if len(rbg) != 8 {
		t.Errorf("River Bunker Garrisons %v, want 8", rbg)
	}
	for _, id := range rbg {
		u := unitByID(t, p, id)
		if u.AF != 0 || u.MF != 0 || u.DF < 1 || u.Force != DutchArmy {
			t.Errorf("%s: %d-%d-%d %s, want a Dutch 0-x-0", id, u.AF, u.DF, u.MF, u.Force)
		}
		i := m.MustIndex(u.Place)
		onWater := false
		for _, j := range m.Neighbors(i) {
			onWater = onWater || m.Boundary(i, j) != OpenGround
		}
		if !m.IsArea(i) || !onWater {
			t.Errorf("%s in %q: want an area on a river or canal", id, u.Place)
		}
	}
	if RiverBunkerGarrison.CanLead() {
		t.Error("a River Bunker Garrison never attacks (fh40:4.117)")
	}
}

// fh40:3.26, fh40:3.261, fh40:3.262, fh40:9.66, fh40:3.4, fh40:18.0,
// fh40:3.2, fh40:3.3: no airborne units, so none lands in a Drop Area or
// draws on a Supply Head, and no United Kingdom box; no reinforcements, every unit sets up
// for May 10; every place is an area numbered 26 or more or a zone in play.
func TestPiecesFh40_18_0AllSetUpInPlay(t *testing.T) {
	p := loadFH40Pieces(t)
	m := loadTestMap(t)
	for _, u := range p.Units {
		if u.Airborne != "" || u.Sector != "" || u.Sp || u.Entry != 0 || u.Reinforcement() {
			t.Errorf("%s: airborne %q, sector %q, sp %v, entry %d; want none", u.ID, u.Airborne, u.Sector, u.Sp, u.Entry)
		}
		i, ok := m.Index(u.Place)
		if !ok || !m.InFortressHolland(i) || u.Place == UnitedKingdom || u.Place == ZoneF {
			t.Errorf("%s: place %q is not in Fortress Holland's part of the map", u.ID, u.Place)
		}
	}
	if err := p.CheckMap(m); err != nil {
		t.Fatal(err)
	}
	// The check bites: a unit north of the Waal, one in Zone F.
	unitByID(t, p, "nl-nijmegen").Place = "23"
	unitByID(t, p, "nl-bosch").Place = "F"
	err := p.CheckMap(m)
	for _, want := range []string{`unit "nl-nijmegen": place "23" is not in Fortress Holland`, `unit "nl-bosch": place "F" is not in Fortress Holland`} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("CheckMap: %v, want %q", err, want)
		}
	}
}

// fh40:5.2, fh40:4.5, fh40:14.6, mgmg:7.1: areas 26 and 36 and zones C and
// D begin German (with Control markers), the rest Dutch; each side sets up in its own places, at most ten
// units of a side per area.
func TestPiecesFh40_5_2Setup(t *testing.T) {
	p := loadFH40Pieces(t)
	if got := slices.Sorted(slices.Values(p.Setup.GermanControl)); !slices.Equal(got, []string{"26", "36", "C", "D"}) {
		t.Errorf("German Control at the start %v, want 26, 36, C, D", got)
	}
	perArea := map[string]int{}
	for _, u := range p.Units {
		german := slices.Contains([]string{"26", "36", "C", "D"}, u.Place)
		if german != (u.Side() == German) {
			t.Errorf("%s (%s) sets up in %q", u.ID, u.Side(), u.Place)
		}
		if fh40PlaceKind(u.Place) == "area" {
			perArea[u.Place]++
		}
	}
	for a, n := range perArea {
		if n > 10 {
			t.Errorf("area %s: %d units at the start, at most ten", a, n)
		}
	}
}

// fh40:20.3, fh40:20.4, fh40:4.115: Panzer Zug 1 is a German armored train
// that adds no attack factor; it may not enter Zones, so it sets up in the
// German area next to Gennep (37) with an infantry battalion to carry into
// the Bridge Coup, and a Dutch unit in Gennep for the battalion's +1 attack.
func TestPiecesFh40_20_3PanzerZug(t *testing.T) {
	p := loadFH40Pieces(t)
	m := loadTestMap(t)
	trains := unitsWhere(p, func(u *Unit) bool { return u.Train })
	if !slices.Equal(trains, []string{"de-panzerzug-1"}) {
		t.Fatalf("trains %v, want Panzer Zug 1 alone", trains)
	}
	zug := unitByID(t, p, "de-panzerzug-1")
	if zug.Side() != German || zug.Type != Armored || zug.AF != 0 || zug.MF < 2 {
		t.Errorf("Panzer Zug 1: %s %s AF %d MF %d; want German armor, AF 0, MF at least 2 (2 per area)", zug.Side(), zug.Type, zug.AF, zug.MF)
	}
	at := m.MustIndex(zug.Place)
	if !m.IsArea(at) || !m.Adjacent(at, m.MustIndex("37")) || !slices.Contains(p.Setup.GermanControl, zug.Place) {
		t.Errorf("Panzer Zug 1 in %q: want a German area next to Gennep (37)", zug.Place)
	}
	battalions := unitsWhere(p, func(u *Unit) bool {
		return u.Place == zug.Place && u.Type == Infantry && u.Size == SizeBattalion && !u.Engineer
	})
	if !slices.Equal(battalions, []string{"de-256-3-481"}) {
		t.Errorf("infantry battalions with the train %v, want III./IR 481", battalions)
	}
	if len(unitsWhere(p, func(u *Unit) bool { return u.Place == "37" && u.Side() == Allied })) == 0 {
		t.Error("no Dutch unit in Gennep (37) for the coup battalion to attack")
	}
}

// fh40:3.5, fh40:4.3, fh40:4.31, fh40:4.32, fh40:4.33, fh40:16.1: the
// Germans have two Air Bombardment markers and no air supply or
// interdiction marker.
func TestPiecesFh40_16_1AirMarkers(t *testing.T) {
	p := loadFH40Pieces(t)
	if len(p.Setup.AirMarkers) != 2 {
		t.Fatalf("%d air markers, want 2", len(p.Setup.AirMarkers))
	}
	for _, m := range p.Setup.AirMarkers {
		if m.Side != German || m.Kind != BombardmentMarker || m.AF != 6 || m.Supply != 0 || m.Entry != 0 {
			t.Errorf("%s: %+v, want a German bombardment marker with AF 6", m.ID, m)
		}
	}
	if p.Setup.BoatAssaultMarkers != 1 {
		t.Errorf("boat assault markers %d, want the German one (fh40:9.2)", p.Setup.BoatAssaultMarkers)
	}
}

// fh40:10.72: infantry battalions earn no divisional integrity, so each
// German infantry division prints at least three other units to earn it,
// and the Dutch infantry, all battalions, never does.
func TestPiecesFh40_10_72DivisionalIntegrity(t *testing.T) {
	p := loadFH40Pieces(t)
	counts := func(u *Unit) bool { return !(u.Type.IsInfantry() && u.Size == SizeBattalion) }
	for _, div := range []string{"254", "256", "9Pz", "SS-V"} {
		if n := len(unitsWhere(p, func(u *Unit) bool { return u.Division == div && counts(u) })); n < 3 {
			t.Errorf("division %s: %d units count toward integrity, want at least 3", div, n)
		}
	}
	if bad := unitsWhere(p, func(u *Unit) bool { return u.Force == DutchArmy && u.Type == Infantry && u.Size != SizeBattalion }); len(bad) > 0 {
		t.Errorf("Dutch infantry larger than a battalion: %v", bad)
	}
}

// fh40:13.82, fh40:21.1, fh40:21.3, fh40:14.6: the French set up in Zone G,
// their supply source; the Dutch hold Tilburg (Zone G) and Venlo (Zone E)
// by unit count at the start, so the Germans must outnumber them there.
func TestPiecesFh40_21_3Zones(t *testing.T) {
	p := loadFH40Pieces(t)
	for _, id := range unitsWhere(p, func(u *Unit) bool { return u.Force == French }) {
		if u := unitByID(t, p, id); u.Place != "G" {
			t.Errorf("%s sets up in %q, want Zone G", id, u.Place)
		}
	}
	for zone, want := range map[string]int{"G": 3, "E": 1} {
		if n := len(unitsWhere(p, func(u *Unit) bool { return u.Place == zone && u.Side() == Allied })); n != want {
			t.Errorf("Zone %s: %d Allied units, want %d", zone, n, want)
		}
	}
}

// Not used in Fortress Holland: depots and the supply marker (fh40:13.41,
// fh40:13.411, fh40:13.42, fh40:13.421, fh40:13.422, fh40:13.423,
// fh40:13.424, fh40:4.11), construct markers (fh40:3.9), ferry markers
// (fh40:3.11, fh40:4.7), reinforcement conditions (fh40:18.0): the set-up
// file has no place for them.
func TestPiecesFh40_13_41NotUsed(t *testing.T) {
	units, setup := readFH40Files(t)
	for _, field := range []string{"depots", "construct_markers", "ferry_crossing_markers", "zone_f_reinforcements"} {
		bad := strings.Replace(string(setup), `"boat_assault_markers"`, `"`+field+`": [], "boat_assault_markers"`, 1)
		if _, err := ParseFH40Pieces(units, []byte(bad)); err == nil || !strings.Contains(err.Error(), `unknown field "`+field+`"`) {
			t.Errorf("%s: error %v, want unknown field", field, err)
		}
	}
}

// The validator names what is wrong and what to fix.
func TestFH40PiecesLoaderErrors(t *testing.T) {
	units, setup := readFH40Files(t)
	if _, err := ParseFH40Pieces(units, setup); err != nil {
		t.Fatalf("the real files: %v", err)
	}
	edit := func(s []byte, old, new string) []byte { return editData(t, s, old, new) }
	gennep := `{"id":"nl-rbg-gennep","force":"dutch-army","name":"Gennep railway bridge garrison","designation":"Gennep","type":"river-bunker-garrison","size":"battalion","af":0,"df":2,"mf":0,"spent_df":1,"place":"37"}`
	zug := `"af":0,"df":3,"mf":6,"spent_df":2,"place":"36","train":true}`
	for _, c := range []struct {
		name         string
		units, setup []byte
		want         string
	}{
		{"luftwaffe", edit(units, gennep, strings.Replace(gennep, "dutch-army", "luftwaffe", 1)), setup, `force "luftwaffe" is unknown`},
		{"bunker moves", edit(units, gennep, strings.Replace(gennep, `"mf":0`, `"mf":1`, 1)), setup, "a River Bunker Garrison never attacks or moves"},
		{"bunker in a zone", edit(units, gennep, strings.Replace(gennep, `"place":"37"`, `"place":"E"`, 1)), setup, "set up in an area"},
		{"north of the Waal", edit(units, gennep, strings.Replace(gennep, `"place":"37"`, `"place":"13"`, 1)), setup, `place "13" is not in play`},
		{"reinforcement", edit(units, gennep, strings.Replace(gennep, `"place"`, `"entry":11,"place"`, 1)), setup, "no reinforcements arrive from May 10 to 12"},
		{"airborne", edit(units, gennep, strings.Replace(gennep, `"place"`, `"airborne":"parachute","place"`, 1)), setup, "no airborne"},
		{"train attacks", edit(units, zug, strings.Replace(zug, `"af":0`, `"af":2`, 1)), setup, "contributes no attack factor"},
		{"second train", edit(units, gennep, strings.Replace(gennep, `"place":"37"`, `"place":"37","train":true`, 1)), setup, "2 armoured trains"},
		{"mechanized engineer", edit(units, `"SS-Pi","division":"SS-V","type":"infantry"`, `"SS-Pi","division":"SS-V","type":"mechanized-infantry"`), setup, "engineers are infantry"},
		{"wrong side's area", edit(units, gennep, strings.Replace(gennep, `"place":"37"`, `"place":"36"`, 1)), setup, `unit "nl-rbg-gennep": sets up in "36"`},
		{"start control", units, edit(setup, `"26", "36"`, `"26", "37"`), "areas 26 and 36 and zones C and D begin German"},
		{"third air marker", units, edit(setup, `"af": 6}
 ]`, `"af": 6},
  {"id": "luftwaffe-3", "side": "german", "name": "Luftwaffe", "kind": "bombardment", "af": 6}
 ]`), "3 air markers; the Germans have two"},
		{"interdiction", units, edit(setup, `"kind": "bombardment", "af": 6}`, `"kind": "interdiction"}`), "no supply or interdiction markers"},
		{"no note", edit(units, `"note": "OUR RECONSTRUCTION`, `"note": "OUR`), setup, `fh40_units.json: "note" must say`},
		{"no setup note", units, edit(setup, `"note": "OUR RECONSTRUCTION`, `"note": "OUR`), `fh40_setup.json: "note" must say`},
	} {
		_, err := ParseFH40Pieces(c.units, c.setup)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
