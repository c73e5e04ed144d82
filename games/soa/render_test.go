package soa

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"sandtable/board/boardtest"
	"sandtable/engine"
)

// renderAdvance applies the first legal choice until stop holds (or the game ends).
func renderAdvance(t *testing.T, s engine.State, stop func() bool) {
	t.Helper()
	for n := 0; !stop(); n++ {
		if s.ToMove() == "" || n > MaxChoices {
			t.Fatal("the game ended before the situation the test needs")
		}
		if err := s.Apply(s.Legal(nil)[0]); err != nil {
			t.Fatal(err)
		}
		checkOccFresh(t, s.(*State))
	}
}

// renderStep is the step the game waits for, from the spectator's view.
func renderStep(s *State) string { return s.View(engine.Spectator).(View).Step }

// renderUnits are the units a seat sees, by ID.
func renderUnits(s *State, seat engine.Seat) map[string]UnitView {
	out := map[string]UnitView{}
	for _, u := range s.View(seat).(View).Units {
		out[u.ID] = u
	}
	return out
}

// renderBoth draws seat's text and SVG, and checks that the SVG is well-formed XML.
func renderBoth(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	var svg bytes.Buffer
	if err := s.SVG(&svg, seat); err != nil {
		t.Fatal(err)
	}
	boardtest.CheckSVG(t, svg.Bytes())
	if dir := os.Getenv("SOA_RENDER_DIR"); dir != "" { // to look at the pictures
		_ = os.WriteFile(dir+"/"+string(seat)+"-"+renderStep(s)+".svg", svg.Bytes(), 0o644)
	}
	return s.Text(seat) + "\n" + svg.String()
}

// TestRenderHidesTheGermanSetup: soa:5.5, the British player does not see
// where German units set up until both set-ups are done.
func TestRenderHidesTheGermanSetup(t *testing.T) {
	g := MustLoad()
	st, err := g.New("basic", nil, 11)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	german0 := len(renderUnits(s, "german"))
	renderAdvance(t, s, func() bool { return renderStep(s) == "setup-german" && len(renderUnits(s, "german")) >= german0+10 })
	british, german := renderBoth(t, s, "british"), renderBoth(t, s, "german")
	own := renderUnits(s, "german")
	placed := 0
	for _, d := range g.Units() {
		if d.Side != "german" || d.Type == Artillery { // artillery waits in its printed box, in sight (soa:3.7)
			continue
		}
		if strings.Contains(british, d.ID) {
			t.Errorf("the British render during the German set-up shows German unit %s", d.ID)
		}
		if u, ok := own[d.ID]; ok && u.At != "pool" {
			placed++
			if !strings.Contains(german, d.ID) {
				t.Errorf("the German render does not show its own placed unit %s", d.ID)
			}
		}
	}
	if placed < 10 {
		t.Fatalf("only %d German units placed; the test needs some", placed)
	}
	for _, id := range []string{"gb-", "Turn 1 of 8", "| Set-up |", "to move: german"} {
		if !strings.Contains(british, id) {
			t.Errorf("the British render lacks %q", id)
		}
	}
}

// TestRenderHidesHiddenATGuns: soa:13.8, hidden anti-tank guns are not shown
// to the German player, but are to their owner.
func TestRenderHidesHiddenATGuns(t *testing.T) {
	g := MustLoad()
	st, err := g.New("basic", map[string]string{"hidden_at": "on"}, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	renderAdvance(t, s, func() bool { return renderStep(s) == "setup-german" })
	var hidden []string
	for _, u := range renderUnits(s, "british") {
		if u.Type == string(AntiTank) && u.Hidden {
			hidden = append(hidden, u.ID)
		}
	}
	if len(hidden) == 0 {
		t.Fatal("no hidden anti-tank gun after the British set-up with hidden_at=on")
	}
	// Keep them hidden through the reveal of the set-ups: write a position
	// by hand where each gun shares its area with other British units.
	renderAdvance(t, s, func() bool { return renderStep(s) == "impulse" })
	pos := s.Position().(Position)
	for k := range pos.Units {
		u := &pos.Units[k]
		for _, id := range hidden {
			if u.ID == id {
				u.Hidden, u.At = true, renderBritishArea(g, s)
			}
		}
	}
	data, _ := json.Marshal(pos)
	ls, err := g.LoadPosition(data)
	if err != nil {
		t.Fatal(err)
	}
	s = ls.(*State)
	german, british := renderBoth(t, s, "german"), renderBoth(t, s, "british")
	spectator := renderBoth(t, s, engine.Spectator)
	for _, id := range hidden {
		if strings.Contains(german, id) || strings.Contains(spectator, id) {
			t.Errorf("hidden AT gun %s shows in the German or spectator render", id)
		}
		if !strings.Contains(british, id) {
			t.Errorf("hidden AT gun %s does not show in its owner's render", id)
		}
	}
	if !strings.Contains(british, "[h]") {
		t.Error("the British text does not mark its hidden guns with [h]")
	}
}

// renderBritishArea is an area holding the most British units, but fewer than nine.
func renderBritishArea(g *Game, s *State) string {
	n := map[string]int{}
	for _, u := range s.View("british").(View).Units {
		if i, ok := g.Board().Index(u.At); ok && u.Side == "british" && !g.Board().IsZone(i) {
			n[u.At]++
		}
	}
	best := ""
	for at, k := range n {
		if k < 9 && (best == "" || k > n[best] || k == n[best] && at < best) {
			best = at
		}
	}
	return best
}

// TestTextListsPlacesMarkersAndStatus checks the terminal text's shape:
// the status first, every place once with its full name and neighbours
// (map.json: 19 borders 3, 18 and 20; zone C has arrows to B, 14 and 15),
// the units under their place and off the map, and the legend of the marks.
func TestTextListsPlacesMarkersAndStatus(t *testing.T) {
	g := MustLoad()
	st, _ := g.New("basic", nil, 2)
	s := st.(*State)
	renderAdvance(t, s, func() bool { return renderStep(s) == "impulse" })
	txt := s.Text(engine.Spectator)
	if !strings.HasPrefix(txt, "Turn 1 of 8, day") {
		t.Errorf("the text does not start with the status:\n%s", txt)
	}
	if !strings.Contains(txt, " | seen by: spectator\n") {
		t.Errorf("the spectator's text does not say who sees it:\n%s", txt)
	}
	// The seat to move sees its own board: the status says nothing of it, to fit 80 columns.
	mover := s.ToMove()
	if first, _, _ := strings.Cut(s.Text(mover), "\n"); strings.Contains(first, "seen by") || len(first) > 78 {
		t.Errorf("%s's status line %q names the seat seeing it or is longer than 78", mover, first)
	}
	for _, want := range []string{
		"19 Nieuwe Kade, under the bridge [perimeter] → 3 18 20\n",
		" C Westervoortsedijk (zone) → 14 15 B\n",
		"22 Prinsenhof – Brigade HQ [british 3VP]",
		"TA: ", "German VP: ", "British ammo shortage: ",
		// Units off the map are indented under their box, as a place's are;
		// the legend comes after a blank line (engine.Renderer).
		"\nartillery box:\n     Artillery support: ",
		"\n\nlegend: [british 2VP] controlled by the British",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q:\n%s", want, txt)
		}
	}
	lines := strings.Split(txt, "\n")
	for i := 0; i < g.Board().Len(); i++ {
		p := g.Board().Place(i)
		n := 0
		for _, l := range lines {
			if strings.HasPrefix(l, fmt.Sprintf("%2s %s", p.ID, p.Name)) {
				n++
			}
		}
		if n != 1 {
			t.Errorf("place %s %q is listed %d times", p.ID, p.Name, n)
		}
	}
	for _, u := range s.View(engine.Spectator).(View).Units {
		if u.Type == string(HQ) && !strings.Contains(txt, u.Name+" "+renderFactors(u)) {
			t.Errorf("the text lacks %s %s", u.Name, renderFactors(u))
		}
	}
}

// TestTextMergesSections: counters that differ only in their last number
// are written once with the numbers; the factors and marks must match.
func TestTextMergesSections(t *testing.T) {
	got := renderUnitList([]string{
		"C Coy 3 Para, 7 Pl, section 1 4-7-5", "C Coy 3 Para, 7 Pl, section 2 4-7-5", "C Coy 3 Para, 7 Pl, section 3 4-7-5[c]",
		"1st Para Sqn RE, sappers 1 4-7-5", "1st Para Sqn RE, sappers 2 4-7-5", "1st Para Sqn RE, sappers 4 4-7-5",
		"1st Para Bde HQ 2-8-5",
	})
	want := []string{"C Coy 3 Para, 7 Pl, sections 1-2 4-7-5", "C Coy 3 Para, 7 Pl, section 3 4-7-5[c]", "1st Para Sqn RE, sappers 1-2, 4 4-7-5", "1st Para Bde HQ 2-8-5"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// Text shows where the player decides what the view carries: the odds of
// the attack being designated (soa:8.351-8.353), the roll under a reroll
// offer (soa:8.41) and the moving unit's movement factors left (soa:8.2).
func TestTextShowsOddsRollAndMovementLeft(t *testing.T) {
	s := rtFireAt17(t, 1, options{})
	// One squad, AV 3, against DV 7 + 1 adjacent = 8: of 1296 rolls, 35, 20,
	// 10, 4 and 1 give 1 to 5 points (the dice favour the attacker by 6 to
	// 10), the other 1226 nothing: 94.6%, 2.7%, 1.5%, 0.8%, 0.3%, 0.1%.
	want := "  odds: AV 3 against DV 8: no effect 94.6%; casualty points 1: 2.7%, 2: 1.5%, 3: 0.8%, 4: 0.3%, 5: 0.1%\n"
	if text := s.Text("german"); !strings.Contains(text, want) {
		t.Errorf("the firer's text lacks the odds %q:\n%s", want, text)
	}
	if text := s.Text("british"); strings.Contains(text, "odds:") {
		t.Error("the defender's text shows the odds of an attack not yet designated")
	}
	ccDo(t, s, "with:ss-ar1-2", "with:ss-ar1-3")
	s.rng.Force(6, 6, 1, 1)
	ccDo(t, s, "confirm")
	// AV 6 + 12 = 18 against DV 8 + 2 = 10: 8 points.
	if want, text := "roll: fire at 17: AV 18 against DV 10, 8 casualty points (soa:8.41)\n", s.Text("german"); !strings.Contains(text, want) {
		t.Errorf("the reroll offer's text lacks %q:\n%s", want, text)
	}

	s = rtImpulse(t, 1, German)
	ccPut(t, s, "24", "ss-ar1-1") // MF 5
	ccPut(t, s, "17", "gb-c7-1")
	ccDo(t, s, "area:24", "move", "unit:ss-ar1-1", "to:16")
	name := s.g.units[s.g.byID["ss-ar1-1"]].Name
	if want, text := "moving: "+name+", 3 MF left (soa:8.2)\n", s.Text("german"); !strings.Contains(text, want) { // 16, next to the enemy in 17, cost 2 (soa:8.22 B)
		t.Errorf("the mover's text lacks %q:\n%s", want, text)
	}
}

// Text shows the odds of each barrage while artillery is called (soa:14.5),
// the die a close combat attack needs (soa:9.6.1) and the chance of setting
// a fire (soa:18.3).
func TestTextShowsBarrageCloseCombatAndSetFireOdds(t *testing.T) {
	s := fireState(t, 1, German)
	ccPut(t, s, "10", "bo-bn-hq")
	ccPut(t, s, "21", "gb-a1-2")
	ccDo(t, s, "artillery:de-art-hzr-1")
	// AV 8 against DV 7: of 1296 rolls, 575 (the defender's roll at least
	// one higher) give nothing, 146 (equal) 1 point, 140 (one lower) 2, …
	want := "barrage on 21 (uncommitted units): AV 8 against DV 7: no effect 44.4%; casualty points 1: 11.3%, 2: 10.8%, 3: 9.6%, " +
		"4: 8.0%, 5: 6.2%, 6: 4.3%, 7: 2.7%, 8: 1.5%, 9: 0.8%, 10: 0.3%, 11: 0.1%\n"
	if text := s.Text("german"); !strings.Contains(text, want) {
		t.Errorf("the caller's text lacks %q:\n%s", want, text)
	}

	s = ccState(t, options{})
	ccPut(t, s, "10", "ss-ar1-1", "gb-a1-1")
	s.ta = German // the British attack first (soa:9.4)
	s.startCloseCombat()
	ccSkipScreens(t, s)
	ccDo(t, s, "attack:ss-ar1-1", "with:gb-a1-1")
	// A 4-7-5 against a 3-5-5: +1 for the better AF, so a 5 or a 6.
	name := s.g.units[s.g.byID["ss-ar1-1"]].Name
	if want, text := "close combat against "+name+": modifier +1, a die of 5 or more eliminates, 2 in 6 (soa:9.6)\n", s.Text("british"); !strings.Contains(text, want) {
		t.Errorf("the attacker's text lacks %q:\n%s", want, text)
	}

	s = fireSetting(t, 1)
	ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1")
	// An engineer counts 3, the fire burning at level 1 adds 1: a 4 or less.
	if want, text := "  odds: a die of 4 or less sets the fire, 4 in 6 (soa:18.3)\n", s.Text("german"); !strings.Contains(text, want) {
		t.Errorf("the firer's text lacks %q:\n%s", want, text)
	}
}
