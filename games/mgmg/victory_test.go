package mgmg

import (
	"maps"
	"strconv"
	"testing"

	"sandtable/engine"
)

// testVP are the Victory Point areas of the tests, set by hand so that the
// numbers below are worked out from them, whatever the map's data give.
var testVP = map[string]int8{"28": 3, "41": 2, "51": 2, "54": 4, "61": 4}

// finalRegroup is the Allied Regroup at the end of day, with the given
// control markers, German units in the given places and the Eindhoven bonus,
// on a game whose Victory Point areas are testVP. Every other area but
// Arnhem is Airborne-Controlled, which gives no Victory Point but a supply
// line to Zone F everywhere (mgmg:13.8).
func finalRegroup(t *testing.T, scenario string, day int, control map[string]string, germansIn []string, eindhoven bool) *State {
	t.Helper()
	full := map[string]string{}
	for n := 1; n <= Areas; n++ {
		if id := strconv.Itoa(n); id != "13" {
			full[id] = "airborne"
		}
	}
	maps.Copy(full, control)
	return cutOff(t, scenario, day, full, germansIn, eindhoven)
}

// cutOff is finalRegroup with only the given control markers.
func cutOff(t *testing.T, scenario string, day int, control map[string]string, germansIn []string, eindhoven bool) *State {
	t.Helper()
	s := alliedRegroup(t, scenario, day)
	g := *s.g
	g.vp = make([]int8, nPlaces)
	for id, v := range testVP {
		g.vp[g.at(id)] = v
	}
	s.g = &g
	grenadiers := []string{"de-59-1034", "de-59-1035", "de-59-1036"}
	return edited(t, s, func(p *Position) {
		p.Units, p.Control, p.Eindhoven = nil, control, eindhoven
		for i, at := range germansIn {
			p.Units = append(p.Units, UnitPos{ID: grenadiers[i], At: at, Level: "fresh"})
		}
	})
}

// TestVictoryPoints works mgmg:21.0 (mgmg:21.3, mgmg:21.4) through by hand. XXX Corps in
// Nijmegen (3) and Grave (2) counts 5; the Airborne in Veghel counts
// nothing (mgmg:7.21); the 1st Airborne in Arnhem 2, XXX Corps there 4
// (mgmg:21.32); the Advantage 1 (mgmg:12.1); the Eindhoven bonus 1
// (mgmg:21.31); Germans Contesting Allied areas worth 6 or more, Arnhem
// counting 4, take one away (mgmg:21.4).
func TestVictoryPoints(t *testing.T) {
	cases := []struct {
		name    string
		control map[string]string
		germans []string
		bonus   bool
		want    int
	}{
		{"Corps 3+2, Airborne Veghel 0, Airborne Arnhem 2, Advantage 1, Eindhoven 1", map[string]string{"28": "corps", "41": "corps", "51": "airborne", "13": "airborne"}, nil, true, 9},
		{"the same, Germans Contesting Nijmegen 3 and Arnhem 4: 7 >= 6 costs 1", map[string]string{"28": "corps", "41": "corps", "51": "airborne", "13": "airborne"}, []string{"28", "13"}, true, 8},
		{"Germans Contesting Nijmegen 3 and Grave 2: 5 < 6 costs nothing", map[string]string{"28": "corps", "41": "corps", "13": "airborne"}, []string{"28", "41"}, false, 8},
		{"XXX Corps in Arnhem counts 4", map[string]string{"13": "corps"}, nil, false, 5},
		{"nothing Allied: the Advantage alone", nil, nil, false, 1},
	}
	for _, c := range []struct {
		name    string
		control map[string]string
		want    int
	}{
		{"XXX Corps in Nijmegen without a supply line counts nothing (mgmg:21.3)", map[string]string{"28": "corps"}, 1},
		{"the 1st Airborne in Arnhem counts 2 without one (mgmg:21.32)", map[string]string{"13": "airborne"}, 3},
		{"XXX Corps in Arnhem without one counts nothing (mgmg:21.32)", map[string]string{"13": "corps"}, 1},
	} {
		if got := cutOff(t, "standard", 20, c.control, nil, false).victoryPoints(); got != c.want {
			t.Errorf("%s: %d VP, want %d", c.name, got, c.want)
		}
	}
	for _, c := range cases {
		s := finalRegroup(t, "standard", 20, c.control, c.germans, c.bonus)
		if got := s.victoryPoints(); got != c.want {
			t.Errorf("%s: %d VP, want %d", c.name, got, c.want)
		}
	}
}

// TestSeptember20Check: ten Victory Points at the end of September 20 win
// for the Allies, nine lose (mgmg:21.2).
func TestSeptember20Check(t *testing.T) {
	ten := map[string]string{"28": "corps", "41": "corps", "51": "corps", "13": "airborne"} // 3+2+2+2 and the Advantage 1
	nine := map[string]string{"28": "corps", "41": "corps", "13": "airborne", "51": "airborne"}
	for _, c := range []struct {
		control map[string]string
		winner  string
	}{{ten, "allied"}, {nine, "german"}} {
		s := finalRegroup(t, "standard", 20, c.control, nil, false)
		play(t, s, "done")
		if s.step != stOver || s.result.Winner != engine.Seat(c.winner) {
			t.Errorf("%d VP: step %s, result %+v; want a %s win", s.victoryPoints(), stepNames[s.step], s.result, c.winner)
		}
	}
	s := finalRegroup(t, "standard", 19, ten, nil, false)
	play(t, s, "done")
	if s.step == stOver {
		t.Error("the game ended on September 19; victory is checked at the end of September 20 (mgmg:21.2)")
	}
}

// TestExtendedChecks: in the Extended Game (mgmg:22.0) more than the day's need wins,
// fewer loses, exactly as many plays on (mgmg:22.1); exactly 21 on
// September 26 is a draw (docs/conformance/mgmg.md).
func TestExtendedChecks(t *testing.T) {
	ten := map[string]string{"28": "corps", "41": "corps", "51": "corps", "13": "airborne"}
	all := map[string]string{"28": "corps", "41": "corps", "51": "corps", "54": "corps", "61": "corps", "13": "corps"} // 3+2+2+4+4+4 and the Advantage 1
	cases := []struct {
		day     int
		control map[string]string
		bonus   bool
		winner  string // "" and over: a draw; "-": play goes on
	}{
		{20, ten, false, "-"},
		{20, ten, true, "allied"}, // 11 > 10
		{20, nil, false, "german"},
		{21, nil, false, "-"},     // no check on September 21
		{24, ten, true, "german"}, // 11 < 15
		{26, all, true, ""},       // 20 and the Eindhoven bonus: exactly 21
		{26, all, false, "german"},
	}
	for _, c := range cases {
		s := finalRegroup(t, "extended", c.day, c.control, nil, c.bonus)
		vp := s.victoryPoints()
		play(t, s, "done")
		switch {
		case c.winner == "-" && s.step == stOver:
			t.Errorf("September %d with %d VP: the game ended (%s); want play to go on", c.day, vp, s.result.Text)
		case c.winner != "-" && (s.step != stOver || s.result.Winner != engine.Seat(c.winner)):
			t.Errorf("September %d with %d VP: step %s, result %+v; want %q to win (\"\": a draw)", c.day, vp, stepNames[s.step], s.result, c.winner)
		}
	}
}

// TestBreakthrough: a Fresh Allied unit in Apeldoorn (Zone A) with a supply
// line at the end of the Daylight Phase wins at once (mgmg:21.1); without a
// line it does not on September 19, but does on September 18, when no Allied
// unit is Isolated (mgmg:13.8); a Spent one never does.
func TestBreakthrough(t *testing.T) {
	corridor := map[string]string{}
	for n := 1; n <= Areas; n++ {
		corridor[strconv.Itoa(n)] = "corps"
	}
	cases := []struct {
		name    string
		day     int
		level   string
		control map[string]string
		wins    bool
	}{
		{"Fresh and supplied on September 19", 19, "fresh", corridor, true},
		{"Fresh, no line, September 19", 19, "fresh", nil, false},
		{"Fresh, no line, September 18", 18, "fresh", nil, true},
		{"Spent and supplied", 19, "spent", corridor, false},
	}
	for _, c := range cases {
		s := edited(t, alliedImpulse(t, "5", 0), func(p *Position) {
			p.Turn, p.Control = c.day, c.control
			p.DawnWeather, p.Weather = "clear", "clear"
			p.Units = append(p.Units, UnitPos{ID: "gb-2hcr", At: "A", Level: c.level})
		})
		s.rng.Force(1, 1) // DR 2 < 5: the sun sets
		play(t, s, "pass", "keep")
		if won := s.result != nil && s.result.Level == "breakthrough" && s.result.Winner == "allied"; won != c.wins {
			t.Errorf("%s: Breakthrough %v (step %s); want %v", c.name, won, stepNames[s.step], c.wins)
		}
	}
}
