package soa

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// At the end of a random game (about 2,000 log lines, some 250 KB of them)
// every seat's view document without the log is at most 25 KB, and the
// game's view state carries no log: the log travels by cursor (issue 6).
func TestViewSizeAtTheEnd(t *testing.T) {
	g := MustLoad()
	pick := engine.NewRNG(3)
	_, es, err := engine.RandomGame(g, "basic", nil, 3, &pick)
	if err != nil {
		t.Fatal(err)
	}
	s := es.(*State)
	for _, seat := range logSeats {
		doc, err := json.Marshal(engine.MakeView("soa", s, seat))
		if err != nil {
			t.Fatal(err)
		}
		if len(doc) > 25_000 {
			t.Errorf("%s: the view at the end is %d bytes, want at most 25,000", seat, len(doc))
		}
		state, _ := json.Marshal(s.View(seat))
		if strings.Contains(string(state), `"log"`) {
			t.Errorf("%s: the view state still carries the log", seat)
		}
		if n := s.LogLen(seat); n < 1000 {
			t.Errorf("%s: the game logged only %d lines; the bound is meant for a whole game", seat, n)
		}
		t.Logf("%s: %d bytes, %d log lines", seat, len(doc), s.LogLen(seat))
	}
}

// TestViewMarksCloseCombat_soa9_2: while the close combat of a place is
// fought, every seat's view marks that place, so that a client (and the
// replay) can outline it; before a place is picked nothing is marked.
//
// Rules: soa:9.2.
func TestViewMarksCloseCombat_soa9_2(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1", "ss-ar1-1")
	ccPut(t, s, "11", "gb-a1-2", "ss-ar1-2")
	s.ta = German
	s.startCloseCombat()
	if m := s.View("german").(View).Marks; len(m) != 0 {
		t.Fatalf("before a place is picked the view marks %v", m)
	}
	ccDo(t, s, "cc:11")
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		v := s.View(seat).(View)
		if want := []Mark{{Place: "11", Kind: "close-combat"}}; !slices.Equal(v.Marks, want) {
			t.Fatalf("%s's view during the close combat in 11 marks %v, want %v", seat, v.Marks, want)
		}
	}
}

// TestViewPanels_soa3_4_15_1: the side panel the view declares: the turn
// track at the turn with the night turns marked, the victory points and
// the off-map boxes a client lists the units of.
//
// Rules: soa:3.4, soa:15.1, soa:3.7.
func TestViewPanels_soa3_4_15_1(t *testing.T) {
	s := ccState(t, options{})
	s.turn, s.vp = 5, 7
	v := s.View("german").(View)
	byID := map[string]Panel{}
	for _, p := range v.Panels {
		byID[p.ID] = p
	}
	turn := byID["turn"]
	if turn.Kind != "track" || turn.Value != 5 || turn.Max != 8 || !slices.Equal(turn.Marked, []int{2, 5, 8}) || turn.MarkedAs != "night" {
		t.Fatalf("turn track %+v", turn)
	}
	if vp := byID["vp"]; vp.Kind != "value" || vp.Value != 7 {
		t.Fatalf("VP panel %+v", vp)
	}
	if art := byID["artillery-british"]; art.Kind != "box" || art.At != "artillery-box" || art.Side != "british" {
		t.Fatalf("British artillery box %+v", art)
	}
	if _, ok := byID["track-box"]; ok {
		t.Fatal("the turn track box is declared with no Bren carrier on the track (soa:17.52)")
	}
}

// TestViewPanelMoveLeft_soa8_2_8_22: while a unit moves, the side panel
// shows its movement factors left: an armoured car of MF 5 that enters 16
// (next to the enemy in 17: 2 MF, soa:8.22 B) has 3 left.
//
// Rules: soa:8.2, soa:8.22.
func TestViewPanelMoveLeft_soa8_2_8_22(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "24", "ss-ar1-1")
	ccPut(t, s, "17", "gb-c7-1")
	ccDo(t, s, "area:24", "move", "unit:ss-ar1-1", "to:16")
	panel := func() *Panel {
		for _, p := range s.View("german").(View).Panels {
			if p.ID == "move-left" {
				return &p
			}
		}
		return nil
	}
	if p := panel(); p == nil || p.Kind != "value" || p.Value != "3 MF" {
		t.Fatalf("movement left panel %+v, want the value 3 MF", p)
	}
	ccDo(t, s, "stop")
	if p := panel(); p != nil {
		t.Fatalf("after the unit stopped the panel still shows %+v", p)
	}
}

// TestViewUnitsSendWhatChanges_soa4_2: a view's units carry where each unit
// is and its flags, and the DF of the face up only while it is committed
// (the white face, soa:4.2); the printed counter is the board document's
// (sandtable-view/3). gb-a1-1 is printed 4-7-5 with a white-face DF of 5.
//
// Rules: soa:4.2.
func TestViewUnitsSendWhatChanges_soa4_2(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "10", "gb-a1-1", "ss-ar1-1")
	s.units[ccUnit(t, s, "gb-a1-1")].Committed = true
	var v struct {
		Units []map[string]any `json:"units"`
	}
	data, err := json.Marshal(s.View(engine.Spectator))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	got := map[string]map[string]any{}
	for _, u := range v.Units {
		got[u["id"].(string)] = u
	}
	want := map[string]map[string]any{
		"gb-a1-1":  {"id": "gb-a1-1", "at": "10", "df": 5.0, "committed": true},
		"ss-ar1-1": {"id": "ss-ar1-1", "at": "10"},
	}
	for id, w := range want {
		if !maps.Equal(got[id], w) {
			t.Errorf("unit %s in the view: %v, want %v", id, got[id], w)
		}
	}
	var board struct {
		Units []struct {
			ID  string `json:"id"`
			DF  int    `json:"df"`
			CDF int    `json:"cdf"`
		} `json:"units"`
	}
	if err := json.Unmarshal(s.g.BoardData(), &board); err != nil {
		t.Fatal(err)
	}
	for _, u := range board.Units {
		if u.ID == "gb-a1-1" && (u.DF != 7 || u.CDF != 5) {
			t.Errorf("the board document prints gb-a1-1 with DF %d, white face %d; want 7 and 5", u.DF, u.CDF)
		}
	}
}
