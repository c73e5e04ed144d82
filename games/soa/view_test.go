package soa

import (
	"encoding/json"
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
