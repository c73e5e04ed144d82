package soa

import (
	"strings"
	"testing"

	"sandtable/engine"
)

// Resigning and agreed draws (engine.Ending): soa gives the side that did not
// resign its best level of the Victory Point Track (soa:11.4; tables.json:
// British decisive at 9 VP or fewer, German decisive at 35 or more).
func TestResignBestLevel_soa11_4(t *testing.T) {
	for _, c := range []struct {
		seat   engine.Seat
		winner engine.Seat
		level  string
	}{{"german", "british", "decisive"}, {"british", "german", "decisive"}} {
		g := MustLoad()
		s := rtNew(t, nil, 3)
		ccDo(t, s, "setup-historical", "setup-historical")
		if err := engine.Conclude(g, s, engine.Ending{Kind: engine.EndResign, Seat: c.seat}); err != nil {
			t.Fatal(err)
		}
		r := s.Result()
		if s.ToMove() != "" || r == nil || r.Winner != c.winner || r.Level != c.level {
			t.Fatalf("%s resigns: to move %q, result %+v; want %s %s", c.seat, s.ToMove(), r, c.winner, c.level)
		}
		if err := engine.Conclude(g, s, engine.Ending{Kind: engine.EndDraw}); err == nil {
			t.Fatal("a draw agreed after the game ended")
		}
	}
}

// An agreed draw is a draw, whatever the track shows; the record carries
// the ending as its last entry and replays to the same state.
func TestAgreedDrawRecord_soa11_4(t *testing.T) {
	g := MustLoad()
	rec := &engine.Record{Format: engine.RecordFormat, Game: "soa", Seed: 5, Rules: engine.RulesVersion(g),
		Choices: []string{"setup-historical", "setup-historical", "#draw"}}
	s, err := engine.Replay(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); r == nil || r.Winner != "" || r.Level != "draw" || !strings.Contains(r.Text, "agreement") {
		t.Fatalf("result %+v, want a draw by agreement", r)
	}
	rec.Hash = engine.FormatHash(s.Hash())
	back, err := engine.DecodeRecord(rec.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Verify(g, back); err != nil {
		t.Fatal(err)
	}
	rec.Choices = []string{"setup-historical", "#resign:german", "setup-historical"}
	if _, err := engine.DecodeRecord(rec.Encode()); err == nil || !strings.Contains(err.Error(), "must be the last") {
		t.Fatalf("a record with choices after its ending event: %v", err)
	}
	rec.Choices = []string{"#resign:french"}
	if _, err := engine.Replay(g, rec); err == nil || !strings.Contains(err.Error(), "no seat") {
		t.Fatalf("resigning an unknown seat: %v", err)
	}
}

// soa:21.1: after a won bid the players have swapped sides; the seat that
// resigns gives the other seat the win.
func TestResignAfterBid_soa21_1(t *testing.T) {
	s := rtNew(t, nil, 3)
	s.swapped = true // the german seat commands the British
	if err := engine.Conclude(MustLoad(), s, engine.Ending{Kind: engine.EndResign, Seat: "german"}); err != nil {
		t.Fatal(err)
	}
	if r := s.Result(); r.Winner != "british" || !strings.Contains(r.Text, "british side resigns") {
		t.Fatalf("result %+v; want the british seat (the German side) to win", r)
	}
}
