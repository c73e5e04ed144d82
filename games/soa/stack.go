package soa

import "fmt"

// The rules nest procedures: a reroll offer inside a fire attack, a retreat
// after the attacks of an impulse, units committed by a fire. Each runs on
// a frame of the state's stack, which carries the procedure's own data and,
// by being popped, says where play goes back to.

// proc names a procedure that runs on its own frame.
type proc uint8

const (
	procReroll      proc = iota + 1 // soa:8.41 the Tactical Advantage holder's reroll offer
	procRetreat                     // soa:8.355 a retreating group on its way
	procFireCommit                  // soa:18.4 British units committed by a fire that took
	procPlacement                   // soa:17.21, 17.32, 17.41, 17.51, 19.4 arriving units placed one by one
	procResolution                  // soa:8.12 the designated attacks of an impulse resolved in order
	procCloseCombat                 // soa:9.4 close combat in one place, first attacker then second
)

var procNames = [...]string{procReroll: "reroll", procRetreat: "retreat", procFireCommit: "fire-commit", procPlacement: "placement",
	procResolution: "resolution", procCloseCombat: "close-combat"}

// MarshalText writes a procedure by name in a position; an unknown one
// writes as "", which reading refuses.
func (p proc) MarshalText() ([]byte, error) {
	if int(p) >= len(procNames) {
		return nil, nil
	}
	return []byte(procNames[p]), nil
}

// UnmarshalText reads a procedure's name.
func (p *proc) UnmarshalText(b []byte) error {
	for i, n := range procNames {
		if i > 0 && n == string(b) {
			*p = proc(i)
			return nil
		}
	}
	return fmt.Errorf("work.Stack: %q is not a procedure (one of reroll, retreat, fire-commit, placement, resolution, close-combat)", b)
}

// frame is one procedure in progress; each uses only its own fields.
type frame struct {
	Proc    proc
	For     rerollFor `json:",omitempty"` // reroll: what the roll belongs to
	Back    Side      `json:",omitempty"` // reroll: who chooses once the offer is settled
	At      int16     `json:",omitempty"` // retreat: the place the group stands in
	Cause   int16     `json:",omitempty"` // resolution, retreat: the place whose fire caused the casualties, -1 for artillery (soa:8.3551)
	Visited uint64    `json:",omitempty"` // retreat: the places the group passed, one bit each
	Left    int16     `json:",omitempty"` // fire-commit, placement: units still to commit or place
	Pool    byte      `json:",omitempty"` // placement: the pool the units come from ('G', 'A', 'B', 'C', 'R')
	Unit    int16     `json:",omitempty"` // placement: the unit waiting to be placed, -1 while the British pick one (soa:17.41)
	Given   uint64    `json:",omitempty"` // placement of reformed units: the places given one in this round, one bit each (soa:19.4)
	Attack  int16     `json:",omitempty"` // resolution: the index in work.Attacks of the attack resolved now
	First   Side      `json:",omitempty"` // close-combat: the side that attacks first (soa:9.4)
	Round   uint8     `json:",omitempty"` // close-combat: 0 while the first side attacks, 1 the second
	Screen  Side      `json:",omitempty"` // close-combat: the side offered screening now (soa:9.5)
}

// maxDepth bounds the nesting; the rules reach two today (a reroll offer
// inside a resolution or a close combat).
const maxDepth = 4

// stack holds the procedures in progress, innermost last, in place so that
// a clone copies it with the state.
type stack struct {
	frames [maxDepth]frame
	n      uint8
}

func (k *stack) push(f frame) {
	if int(k.n) == maxDepth {
		panic("soa: procedures nested deeper than maxDepth")
	}
	k.frames[k.n] = f
	k.n++
}

// pop ends the innermost procedure and returns its frame.
func (k *stack) pop() frame {
	k.n--
	f := k.frames[k.n]
	k.frames[k.n] = frame{}
	return f
}

// top is the innermost procedure's frame, to read and update its data.
func (k *stack) top() *frame { return &k.frames[k.n-1] }

// find is the innermost frame of procedure p, nil if none is in progress.
func (k *stack) find(p proc) *frame {
	for i := int(k.n) - 1; i >= 0; i-- {
		if k.frames[i].Proc == p {
			return &k.frames[i]
		}
	}
	return nil
}

// in reports the innermost procedure is p.
func (k *stack) in(p proc) bool { return k.n > 0 && k.frames[k.n-1].Proc == p }

// list copies the frames out, outermost first; nil when there are none.
func (k *stack) list() []frame {
	if k.n == 0 {
		return nil
	}
	return append([]frame(nil), k.frames[:k.n]...)
}

// set replaces the frames with a position's (checkStack checked them).
func (k *stack) set(fs []frame) {
	*k = stack{}
	for _, f := range fs {
		k.push(f)
	}
}
