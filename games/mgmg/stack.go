package mgmg

import "fmt"

// The rules nest procedures: an impulse holds the assaults of its active
// area, an assault its retreats, a roll the Advantage holder's reroll
// offer. Each runs on a frame of the state's stack, which carries the
// procedure's own data and, by being popped, says where play goes back to.

// proc names a procedure that runs on its own frame.
type proc uint8

const (
	procImpulse proc = iota + 1 // mgmg:8.1 one side's impulse, from its choice to its end
	procRegroup                 // mgmg:6.5 one side's Regroup
	procReroll                  // mgmg:12.2 the Advantage holder's offer to reroll a roll
	procBombard                 // mgmg:11.4 a bombardment, from its resolution to its last attrition point

	procAssault // mgmg:10.7 an assault's resolution, above its impulse
)

var procNames = [...]string{procImpulse: "impulse", procRegroup: "regroup", procReroll: "reroll", procBombard: "bombard", procAssault: "assault"}

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
	return fmt.Errorf("stack: %q is not a procedure (one of %v)", b, procNames[1:])
}

// frame is one procedure in progress; each uses only its own fields.
type frame struct {
	Proc     proc
	Side     side     `json:",omitempty"` // impulse: whose impulse it is; bombard: the defender
	Sunset   int8     `json:",omitempty"` // impulse: the Allied Sunset DR once made, 0 before (mgmg:6.3)
	Acted    units    `json:",omitzero"`  // impulse: the units that moved, assaulted or barraged, Spent when it ends (mgmg:8.3); regroup: the units that regrouped; bombard: the artillery that fires
	Unit     int16    `json:",omitempty"` // regroup: the unit picked to regroup, -1 while none is; bombard: the lead artillery, -1 for none
	For      rollFor  `json:",omitempty"` // reroll: what the roll is for
	Roll     int8     `json:",omitempty"` // reroll: the roll on offer; bombard: the attacker's DR
	Back     side     `json:",omitempty"` // reroll: who chooses once the offer is settled
	Place    int16    `json:",omitempty"` // bombard: the target area (mgmg:11.1)
	AP       int8     `json:",omitempty"` // bombard: the attrition points left to take (mgmg:11.41)
	Hit      units    `json:",omitzero"`  // bombard: the units reduced already (mgmg:11.41)
	Air      int8     `json:",omitempty"` // bombard: the Air Bombardment marker's index plus one, 0 for artillery (mgmg:16.2)
	Barrage  bool     `json:",omitempty"` // bombard: a Barrage is declared (mgmg:11.112)
	Against  int8     `json:",omitempty"` // bombard: the defender's DR (mgmg:11.4)
	Aim      kind     `json:",omitempty"` // bombard: the choice that named the primary target: a unit, a Ferry Crossing or a Construct marker (mgmg:11.12)
	Primary  int16    `json:",omitempty"` // bombard: the primary target, by the index its choice takes
	Mistaken int8     `json:",omitempty"` // bombard: the attrition points a mistaken attack inflicts on the Allies, until they take them (mgmg:16.23)
	Stay     bool     `json:",omitempty"` // impulse: an Air Bombardment: the Advantage marker stays (mgmg:16.2)
	Move     moves    `json:",omitzero"`  // impulse: its Active Area and movement (assault_impulse.go)
	Fight    fight    `json:",omitzero"`  // assault: the assault in progress (assault_resolution.go); Side is the attacker
	Lost     [2]uint8 `json:",omitzero"`  // impulse: units of each side eliminated in it (mgmg:12.4)
	Held     [2]bool  `json:",omitzero"`  // impulse: each side held the Advantage when its losses reached the count that takes it (mgmg:12.4, 12.41)
	Second   second   `json:",omitempty"` // impulse: its second activation (mgmg:12.3, 14.5)
	// impulse: bridges, one bit each, tried for repair (mgmg:19.2) and for demolition (mgmg:19.4)
	RepairTried, DemolishTried uint32 `json:",omitempty"`
	Demolition                 bool   `json:",omitempty"` // impulse: its movement over, the side tries demolitions (mgmg:19.4)
	Landed                     units  `json:",omitzero"`  // impulse: the units landed from the United Kingdom box this activation (mgmg:18.42)
	Lifted                     uint8  `json:",omitempty"` // impulse: how many, in the whole impulse (mgmg:18.41)
	Dropped                    bool   `json:",omitempty"` // impulse: its landings declared and interdicted (mgmg:18.44)
	Also                       int16  `json:",omitempty"` // impulse: a second Active Area declared with the first, plus one (mgmg:12.3)
	// impulse: a D-Day phase run on it (dday.go), its own choices and record
	DDay ddayRun `json:",omitzero"`
}

// units is a set of units, one bit each by index.
type units [(nUnits + 63) / 64]uint64

func (us *units) add(u int16)      { us[u/64] |= 1 << (u % 64) }
func (us *units) has(u int16) bool { return us[u/64]&(1<<(u%64)) != 0 }

// maxDepth bounds the nesting.
const maxDepth = 4

// stack holds the procedures in progress, innermost last, in place so that
// a clone copies it with the state.
type stack struct {
	frames [maxDepth]frame
	n      uint8
}

func (k *stack) push(f frame) {
	if int(k.n) == maxDepth {
		panic("mgmg: procedures nested deeper than maxDepth")
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

// in reports the innermost procedure is p.
func (k *stack) in(p proc) bool { return k.n > 0 && k.frames[k.n-1].Proc == p }

// list copies the frames out, outermost first; nil when there are none.
func (k *stack) list() []frame {
	if k.n == 0 {
		return nil
	}
	return append([]frame(nil), k.frames[:k.n]...)
}
