package mgmg

import (
	"slices"
	"sync/atomic"

	"sandtable/engine"
)

// logEntry is one line of the game log, formatted only when shown: %u is a
// unit index, %p a place index, %s a side, %w a weather, %i an Impulse
// Track space, %d a number. Every line is public (mgmg:7.1) but a secret
// bid (mgmg:23.51): only Only reads it as Fmt, the other seat as Hidden.
type logEntry struct {
	Turn   int8
	Rule   string
	Fmt    string
	Args   [6]int32
	Only   engine.Seat
	Hidden string
}

// gameLog is the log kept for people, outside what the rules read. A Clone
// shares the entries with its original; the first of them to write past
// their common end extends the array (tip records how far it is written) and
// the other takes its own copy when it writes. SearchClone turns it off.
type gameLog struct {
	entries []logEntry
	tip     *atomic.Int64
	off     bool
}

func (l *gameLog) add(e logEntry) {
	n := int64(len(l.entries))
	if l.tip == nil || !l.tip.CompareAndSwap(n, n+1) {
		l.entries = slices.Clip(l.entries) // another state wrote here first
		l.tip = new(atomic.Int64)
		l.tip.Store(n + 1)
	}
	l.entries = append(l.entries, e)
}

// logging reports whether the state keeps its log: a SearchClone keeps
// none, so a line costly to write need not be written for it.
func (s *State) logging() bool { return !s.log.off }

// logf adds a line citing rule.
func (s *State) logf(rule, format string, args ...int) {
	if s.log.off {
		return
	}
	e := logEntry{Turn: s.turn, Rule: s.g.cite(rule), Fmt: format}
	for i, a := range args {
		e.Args[i] = int32(a)
	}
	s.log.add(e)
}

// logSecret adds a line only seat reads as format; the other reads hidden,
// with the same arguments.
func (s *State) logSecret(seat engine.Seat, rule, format, hidden string, args ...int) {
	s.logf(rule, format, args...)
	if !s.log.off {
		e := &s.log.entries[len(s.log.entries)-1]
		e.Only, e.Hidden = seat, hidden
	}
}

// LogLen implements engine.Logbook.
func (s *State) LogLen(engine.Seat) int { return len(s.log.entries) }

// LogLines implements engine.Logbook.
func (s *State) LogLines(seat engine.Seat, from, to int) []engine.LogLine {
	to = min(to, len(s.log.entries))
	from = max(from, 0)
	out := make([]engine.LogLine, 0, max(to-from, 0)) // never nil: a view's log encodes as a list
	for i := from; i < to; i++ {
		e := s.log.entries[i]
		if e.Only != "" && e.Only != seat {
			e.Fmt = e.Hidden
		}
		out = append(out, s.g.logLine(e))
	}
	return out
}

// logLine formats a log entry; the units and places it names are its refs,
// the numbers it shows its numbers. Its turn is the day in mgmg, and in
// Fortress Holland the turn's number, May 10 being Turn 1 (fh40:3.6).
func (g *Game) logLine(e logEntry) engine.LogLine {
	turn := int(e.Turn)
	if g.fh40 != nil {
		turn += 1 - FirstDay
	}
	return engine.FormatLogLine(turn, e.Rule, e.Fmt, e.Args[:], g.logName)
}

// logName writes a unit (%u), a place (%p), a side (%s: "German"), a side
// as the subject of a sentence (%S: "the Germans"), the weather (%w) or an
// Impulse Track space (%i) of a log entry.
func (g *Game) logName(verb byte, v int) (text, ref string, ok bool) {
	switch verb {
	case 'u':
		return g.units[v].Name, "unit:" + g.units[v].ID, true
	case 'p':
		return g.placeName(int16(v)), "area:" + g.placeIDs[v], true
	case 's':
		return g.sideName(side(v)), "", true
	case 'S':
		return g.sidePeople(side(v)), "", true
	case 'w':
		return weather(v).String(), "", true
	case 'i':
		return impulseName(int8(v)), "", true
	}
	return "", "", false
}

// placeName is a place as the log and the labels write it.
func (g *Game) placeName(p int16) string {
	id := g.placeIDs[p]
	switch {
	case p == g.uk:
		return "the United Kingdom box"
	case g.zone[p]:
		return "Zone " + id + " " + g.m.Place(int(p)).Name
	}
	return id + " " + g.m.Place(int(p)).Name
}
