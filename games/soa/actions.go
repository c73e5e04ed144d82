package soa

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"sandtable/engine"
)

// kind is the sort of an atomic choice; an Action is kind<<32 | argument.
type kind uint8

const (
	kPlace     kind = iota + 1 // set up / reinforce / reform into a place
	kPass                      // soa:8.15
	kArea                      // act from an area (soa:8.11)
	kMove                      // soa:8.2
	kFire                      // soa:8.3
	kUnit                      // pick a unit
	kStep                      // move into a place
	kStop                      // end this unit's move
	kEnd                       // end the impulse
	kTarget                    // fire at a place
	kGroup                     // soa:8.33 (arg 0 uncommitted, 1 committed, 2 set fires)
	kConfirm                   // this attack is designated
	kResolve                   // all attacks designated: roll
	kReroll                    // soa:8.41
	kAccept                    // keep the roll
	kEliminate                 // soa:8.354 B
	kRetreat                   // soa:8.354 A
	kDone                      // finished
	kDest                      // retreat destination (soa:8.3551)
	kArtillery                 // soa:14.2
	kContinue                  // soa:8.43
	kEndPhase                  // let the phase end
	kScreen                    // soa:9.5
	kCCPlace                   // soa:9.2
	kAttack                    // close-combat target (soa:9.4)
	kWith                      // add an attacker
	kDecline                   // soa:17.3 take G instead of A
	kBid                       // soa:21.1, arg = bid + bidOffset
	kPrimary                   // soa:13.7
	kCommit                    // soa:18.4
)

// Set-up choices that stand for several placements (setup.go, soa:5.4, 5.5).
const (
	kPlatoon     kind = kCommit + 1 + iota // the rest of the next unit's platoon in a place
	kCompany                               // the rest of its company in a place
	kHistorical                            // the rest of the historical set-up
	kRandomSetup                           // the rest of the set-up at random
)

const bidOffset = 100

func act(k kind, arg int) engine.Action { return engine.Action(uint64(k)<<32 | uint64(uint32(arg))) }

func split(a engine.Action) (kind, int) { return kind(a >> 32), int(int32(uint32(a))) }

// Describe implements engine.State.
func (s *State) Describe(a engine.Action) engine.Choice {
	k, x := split(a)
	g := s.g
	unit := func() (string, string) { u := g.units[x]; return u.ID, u.Name }
	place := func() (string, string) { p := g.board.Place(x); return p.ID, p.Name }
	c := engine.Choice{Rule: s.rule()}
	switch k {
	case kPlace:
		id, name := place()
		c.ID, c.Label, c.Refs = "place:"+id, "Place in "+id+" "+name, []string{"area:" + id}
		if n := s.placingUnit(); n >= 0 {
			c.Label = fmt.Sprintf("Place %s in %s %s", g.units[n].Name, id, name)
			c.Refs = append(c.Refs, "unit:"+g.units[n].ID)
		}
	case kPlatoon, kCompany:
		id, name := place()
		u := g.units[s.placingUnit()]
		platoon, company := s.formationRuns()
		c.ID, c.Label = "platoon:"+id, fmt.Sprintf("Place %s and the rest of its platoon (%d units) in %s %s", u.Name, platoon, id, name)
		if k == kCompany {
			c.ID, c.Label = "company:"+id, fmt.Sprintf("Place %s and the rest of its company (%d units) in %s %s", u.Name, company, id, name)
		}
		c.Refs = []string{"area:" + id, "unit:" + u.ID}
	case kHistorical:
		c.ID, c.Label = "setup-historical", "Historical set-up (our reconstruction) for every unit"
		if s.setupNext > 0 {
			c.Label = "Historical set-up (our reconstruction) for the remaining units"
		}
	case kRandomSetup:
		c.ID, c.Label = "setup-random", fmt.Sprintf("Random legal set-up of the remaining %d units", len(s.setupOrder())-s.setupNext)
	case kPass:
		c.ID, c.Label, c.Rule = "pass", "Pass", "soa:8.15"
	case kArea:
		id, name := place()
		c.ID, c.Label, c.Refs = "area:"+id, "Act with units in "+id+" "+name, []string{"area:" + id}
	case kMove:
		c.ID, c.Label, c.Rule = "move", "Move units from here", "soa:8.2"
	case kFire:
		c.ID, c.Label, c.Rule = "fire", "Fire with units from here", "soa:8.3"
	case kUnit:
		id, name := unit()
		c.ID, c.Label, c.Refs = "unit:"+id, name, []string{"unit:" + id}
	case kStep:
		id, name := place()
		c.ID, c.Label, c.Refs = "to:"+id, fmt.Sprintf("Move into %s %s (%d MF)", id, name, s.stepCost(s.mover, int16(x))), []string{"area:" + id}
	case kStop:
		c.ID, c.Label = "stop", "Stop this unit here"
	case kEnd:
		c.ID, c.Label = "end", "End the impulse"
	case kTarget:
		id, name := place()
		c.ID, c.Label, c.Refs = "target:"+id, "Attack "+id+" "+name, []string{"area:" + id}
	case kGroup:
		names := [3]string{"uncommitted", "committed", "setfire"}
		labels := [3]string{"Fire at the uncommitted group", "Fire at the committed group", "Set fire to the buildings"}
		c.ID, c.Label = "group:"+names[x], labels[x]
		if x == 2 {
			c.Rule = "soa:18.1"
		}
	case kConfirm:
		c.ID, c.Label = "confirm", "This attack is ready"
	case kResolve:
		c.ID, c.Label = "resolve", "Roll for the designated attacks"
	case kReroll:
		c.ID, c.Label, c.Rule = "reroll", "Use the Tactical Advantage: reroll ("+s.rollView().Text+")", "soa:8.41"
	case kAccept:
		c.ID, c.Label, c.Rule = "accept", "Accept the armour", "soa:17.3"
		if s.step == stReroll {
			c.Label, c.Rule = "Keep the roll ("+s.rollView().Text+")", "soa:8.41"
		}
	case kEliminate:
		id, name := unit()
		c.ID, c.Label, c.Refs = "eliminate:"+id, "Eliminate "+name, []string{"unit:" + id}
	case kRetreat:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "retreat:"+id, "Retreat "+name, []string{"unit:" + id}, "soa:8.354"
		if s.noEffect() {
			c.Label, c.Rule = "Retreat "+name+" anyway (the fire had no effect)", "soa:8.3553"
		}
	case kDone:
		c.ID, c.Label = "done", "Done"
		if s.noEffect() {
			c.Label, c.Rule = "No retreat: the fire had no effect", "soa:8.3553"
		}
	case kDest:
		id, name := place()
		c.ID, c.Label, c.Refs, c.Rule = "dest:"+id, "Retreat into "+id+" "+name, []string{"area:" + id}, "soa:8.3551"
		for _, u := range s.group() { // the units that retreat together (soa:8.3552), for the map to mark
			c.Refs = append(c.Refs, "unit:"+s.g.units[u].ID)
		}
	case kArtillery:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "artillery:"+id, "Call artillery: "+name, []string{"unit:" + id}, "soa:14.2"
		if s.step == stArtMore {
			c.Label, c.Rule = "Call a second barrage: "+name, "soa:14.33"
		}
	case kContinue:
		c.ID, c.Label, c.Rule = "continue", "Use the Tactical Advantage: the phase goes on", "soa:8.43"
	case kEndPhase:
		c.ID, c.Label, c.Rule = "end-phase", "Let the Movement/Fire Phase end", "soa:8.16"
	case kScreen:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "screen:"+id, "Screen "+name, []string{"unit:" + id}, "soa:9.5"
	case kCCPlace:
		id, name := place()
		c.ID, c.Label, c.Refs, c.Rule = "cc:"+id, "Resolve close combat in "+id+" "+name, []string{"area:" + id}, "soa:8.45"
	case kAttack:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "attack:"+id, "Attack "+name, []string{"unit:" + id}, "soa:9.4"
	case kWith:
		id, name := unit()
		c.ID, c.Label, c.Refs = "with:"+id, "With "+name, []string{"unit:" + id}
	case kDecline:
		c.ID, c.Label, c.Rule = "decline", "Decline the armour; take infantry (G) instead", "soa:17.3"
	case kBid:
		v := x - bidOffset
		c.ID, c.Label, c.Rule = "bid:"+strconv.Itoa(v), fmt.Sprintf("Bid %+d victory points for the British side", v), "soa:21.1"
	case kPrimary:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "primary:"+id, "Primary target: "+name, []string{"unit:" + id}, "soa:13.7"
	case kCommit:
		id, name := unit()
		c.ID, c.Label, c.Refs, c.Rule = "commit:"+id, "Commit "+name+" (fire)", []string{"unit:" + id}, "soa:18.4"
	default:
		c.ID, c.Label = fmt.Sprintf("?%d:%d", k, x), "unknown"
	}
	return c
}

// rule is the rule governing the current step.
func (s *State) rule() string {
	switch s.step {
	case stBid:
		return "soa:21.1"
	case stSetupBritish:
		return "soa:5.4"
	case stSetupGerman:
		return "soa:5.5"
	case stReformPlace:
		return "soa:19.4"
	case stEventArmor:
		return "soa:17.3"
	case stEventZone:
		return "soa:17.21"
	case stEventBUnit, stEventBZone:
		return "soa:17.41"
	case stEventCZone:
		return "soa:17.51"
	case stImpulse, stMode:
		return "soa:8.11"
	case stMoveUnit, stMoveStep:
		return "soa:8.2"
	case stFireTarget, stFireWith:
		return "soa:8.32"
	case stFireGroup:
		return "soa:8.33"
	case stFirePrimary:
		return "soa:13.7"
	case stArtTarget:
		return "soa:14.3"
	case stArtGroup:
		return "soa:14.5"
	case stArtMore:
		return "soa:14.33"
	case stReroll:
		return "soa:8.41"
	case stAbsorb:
		return "soa:8.354"
	case stRetreatDest:
		return "soa:8.3551"
	case stFireCommit:
		return "soa:18.4"
	case stOverstack:
		return "soa:7.3"
	case stContinue:
		return "soa:8.43"
	case stCCPlace:
		return "soa:9.2"
	case stCCScreen:
		return "soa:9.5"
	case stCCTarget, stCCWith:
		return "soa:9.4"
	}
	return "soa:6"
}

// logEntry is one line of the game log, formatted only when shown: %u is a
// unit index, %p a place index, %d a number, %s a side.
type logEntry struct {
	Turn int8
	Only Side // noSide: everybody sees it; otherwise only that side (secret set-up)
	Rule string
	Fmt  string
	Args [8]int32
}

// gameLog is the log kept for people, outside what the rules read. A Clone
// shares the entries with its original; the first of them to write past
// their common end extends the array (tip records how far it is written) and
// the other takes its own copy when it writes. SearchClone turns it off.
type gameLog struct {
	entries []logEntry
	tip     *atomic.Int64
	lens    [3]int32 // lines each viewer side (noSide: spectators) may read
	off     bool
}

func (l *gameLog) add(e logEntry) {
	if l.off {
		return
	}
	n := int64(len(l.entries))
	if l.tip == nil || !l.tip.CompareAndSwap(n, n+1) {
		l.entries = slices.Clip(l.entries) // another state wrote here first
		l.tip = new(atomic.Int64)
		l.tip.Store(n + 1)
	}
	l.entries = append(l.entries, e)
	for v := range l.lens {
		if e.Only == noSide || e.Only == Side(v) {
			l.lens[v]++
		}
	}
}

func (s *State) logf(rule, format string, args ...int) {
	s.logFor(noSide, rule, format, args...)
}

func (s *State) logFor(only Side, rule, format string, args ...int) {
	if s.log.off {
		return
	}
	e := logEntry{Turn: int8(s.turn), Only: only, Rule: rule, Fmt: format}
	for i, a := range args {
		e.Args[i] = int32(a)
	}
	s.log.add(e)
}

// LogLen implements engine.Logbook.
func (s *State) LogLen(seat engine.Seat) int { return int(s.log.lens[s.viewerSide(seat)]) }

// LogLines implements engine.Logbook.
func (s *State) LogLines(seat engine.Seat, from, to int) []engine.LogLine {
	viewer := s.viewerSide(seat)
	to = min(to, int(s.log.lens[viewer]))
	from = max(from, 0)
	out := make([]engine.LogLine, 0, max(to-from, 0)) // never nil: a view's log encodes as a list
	if from >= to {
		return out
	}
	i := 0
	for _, e := range s.log.entries {
		if e.Only != noSide && e.Only != viewer {
			continue
		}
		if i >= from {
			out = append(out, s.g.logLine(e))
		}
		if i++; i == to {
			break
		}
	}
	return out
}

// logLine formats a log entry; the units and places it names are its refs,
// the numbers it shows its numbers.
func (g *Game) logLine(e logEntry) engine.LogLine {
	return engine.FormatLogLine(int(e.Turn), e.Rule, e.Fmt, e.Args[:], g.logName)
}

// logName writes a unit (%u), a place (%p) or a side (%s) of a log entry.
func (g *Game) logName(verb byte, v int) (text, ref string, ok bool) {
	switch verb {
	case 'u':
		return g.units[v].Name, "unit:" + g.units[v].ID, true
	case 'p':
		id := g.board.Place(v).ID
		return id, "area:" + id, true
	case 's':
		return Side(v).Name(), "", true
	}
	return "", "", false
}

// Choice ID prefixes and the kinds they name; the argument after the colon is
// a place, a unit, a group or a bid.
var (
	placeKinds = map[string]kind{"place": kPlace, "platoon": kPlatoon, "company": kCompany, "area": kArea, "to": kStep, "target": kTarget, "dest": kDest, "cc": kCCPlace}
	unitKinds  = map[string]kind{"unit": kUnit, "eliminate": kEliminate, "retreat": kRetreat, "artillery": kArtillery,
		"screen": kScreen, "attack": kAttack, "with": kWith, "primary": kPrimary, "commit": kCommit}
	bareKinds = map[string]kind{"pass": kPass, "move": kMove, "fire": kFire, "stop": kStop, "end": kEnd, "confirm": kConfirm,
		"resolve": kResolve, "reroll": kReroll, "accept": kAccept, "done": kDone, "continue": kContinue,
		"end-phase": kEndPhase, "decline": kDecline, "setup-historical": kHistorical, "setup-random": kRandomSetup}
	groupArgs = map[string]int{"uncommitted": 0, "committed": 1, "setfire": 2}
)

// ParseChoice implements engine.ChoiceParser: the action a choice ID names,
// whether or not it is legal now.
func (s *State) ParseChoice(id string) (engine.Action, bool) {
	prefix, arg, has := strings.Cut(id, ":")
	if !has {
		k, ok := bareKinds[id]
		return act(k, 0), ok
	}
	if k, ok := placeKinds[prefix]; ok {
		p, ok := s.g.placeIndex[arg]
		return act(k, int(p)), ok
	}
	if k, ok := unitKinds[prefix]; ok {
		u, ok := s.g.byID[arg]
		return act(k, int(u)), ok
	}
	switch prefix {
	case "group":
		g, ok := groupArgs[arg]
		return act(kGroup, g), ok
	case "bid":
		v, err := strconv.Atoi(arg)
		return act(kBid, v+bidOffset), err == nil
	}
	return 0, false
}
