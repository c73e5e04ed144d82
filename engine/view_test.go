package engine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// loggedPile is a pile whose log has n lines for seat "a" and none for
// anyone else.
type loggedPile struct {
	pile
	n int
}

func (p *loggedPile) LogLen(seat Seat) int {
	if seat != "a" {
		return 0
	}
	return p.n
}

func (p *loggedPile) LogLines(seat Seat, from, to int) []LogLine {
	out := []LogLine{}
	for i := max(from, 0); i < min(to, p.LogLen(seat)); i++ {
		out = append(out, LogLine{Text: fmt.Sprint("line ", i)})
	}
	return out
}

// A view carries the log lines from the client's cursor on: a cursor at the
// end gives none, one a few lines behind gets those lines, one far behind
// gets only the newest ViewLogMax (100), one beyond the end (after an undo)
// is told to cut at the end.
func TestViewLogByCursor(t *testing.T) {
	s := &loggedPile{pile: pile{n: 5}, n: 250}
	for _, c := range []struct {
		cursor, from, lines int
	}{
		{cursor: 250, from: 250, lines: 0},
		{cursor: 240, from: 240, lines: 10},
		{cursor: 150, from: 150, lines: 100},
		{cursor: 3, from: 150, lines: 100},
		{cursor: -1, from: 150, lines: 100},
		{cursor: 260, from: 250, lines: 0},
	} {
		v := MakeView("pile", s, "a")
		if v.LogLen != 250 || v.LogFrom != 250 || len(v.Log) != 0 {
			t.Fatalf("MakeView: log %d from %d with %d lines, want 250 from 250 with none", v.LogLen, v.LogFrom, len(v.Log))
		}
		v.ReadLog(s, c.cursor, ViewLogMax)
		if v.LogFrom != c.from || len(v.Log) != c.lines {
			t.Errorf("cursor %d: from %d with %d lines, want from %d with %d", c.cursor, v.LogFrom, len(v.Log), c.from, c.lines)
		}
		if c.lines > 0 && v.Log[0].Text != fmt.Sprint("line ", c.from) {
			t.Errorf("cursor %d: the first line is %q, want line %d", c.cursor, v.Log[0].Text, c.from)
		}
	}
	v := MakeView("pile", s, "b")
	if v.ReadLog(s, 0, ViewLogMax); v.LogLen != 0 || len(v.Log) != 0 {
		t.Errorf("seat b reads %d lines of %d, want none: its log is empty", len(v.Log), v.LogLen)
	}
}

// A state without a log gives views with an empty log, still a list.
func TestViewWithoutLogbook(t *testing.T) {
	v := MakeView("pile", &pile{n: 5}, "a")
	v.ReadLog(&pile{n: 5}, 0, ViewLogMax)
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"log_len":0,"log_from":0,"log":[]`) {
		t.Errorf("view without a logbook: %s", b)
	}
}

// Pages run from the cursor forward, at most limit lines, clamped to the log.
func TestReadLogPage(t *testing.T) {
	s := &loggedPile{pile: pile{n: 5}, n: 250}
	for _, c := range []struct {
		from, limit, wantFrom, lines int
	}{
		{from: 0, limit: 100, wantFrom: 0, lines: 100},
		{from: 200, limit: 100, wantFrom: 200, lines: 50},
		{from: -5, limit: 10, wantFrom: 0, lines: 10},
		{from: 300, limit: 10, wantFrom: 250, lines: 0},
		{from: 10, limit: -1, wantFrom: 10, lines: 0},
	} {
		p := ReadLogPage(s, "a", c.from, c.limit)
		if p.LogLen != 250 || p.From != c.wantFrom || len(p.Log) != c.lines {
			t.Errorf("page from %d limit %d: %d lines from %d of %d, want %d from %d of 250", c.from, c.limit, len(p.Log), p.From, p.LogLen, c.lines, c.wantFrom)
		}
		if c.lines > 0 && p.Log[0].Text != fmt.Sprint("line ", c.wantFrom) {
			t.Errorf("page from %d: the first line is %q", c.from, p.Log[0].Text)
		}
	}
}
