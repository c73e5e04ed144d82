package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math/bits"
)

// RNG is the deterministic random number generator that lives inside a game
// state (docs/design.md section 2): SplitMix64, whose whole state is one word, so a
// position can carry it and a clone copies it. Dice can be forced for tests and
// studies; a forced die is taken before any generated one.
type RNG struct {
	State  uint64 `json:"state"`
	Forced []int  `json:"forced,omitempty"` // next rolls, in order; each must fit the die it is used for
	Rolls  int    `json:"rolls"`            // dice rolled so far
}

// NewRNG seeds a generator.
func NewRNG(seed uint64) RNG { return RNG{State: seed} }

func (r *RNG) next() uint64 {
	r.State += 0x9e3779b97f4a7c15
	z := r.State
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a uniform number in [0, n) without modulo bias (Lemire's method).
func (r *RNG) Intn(n int) int {
	un := uint64(n)
	hi, lo := bits.Mul64(r.next(), un)
	if lo < un {
		thresh := -un % un
		for lo < thresh {
			hi, lo = bits.Mul64(r.next(), un)
		}
	}
	return int(hi)
}

// Die rolls one die with the given number of sides (a forced value is used first).
func (r *RNG) Die(sides int) int {
	r.Rolls++
	if len(r.Forced) > 0 {
		v := r.Forced[0]
		r.Forced = r.Forced[1:]
		if len(r.Forced) == 0 {
			r.Forced = nil
		}
		if v < 1 || v > sides {
			panic(fmt.Sprintf("forced die %d does not fit a %d-sided die", v, sides))
		}
		return v
	}
	return 1 + r.Intn(sides)
}

// Derive is a generator for draws that a record keeps as the choices they
// led to, such as a random set-up kept as its placements: replaying those
// choices must leave r where the draws left it, so they are not taken from
// r. It is seeded from r's state and salt through SHA-256: the same state
// and salt give the same draws, and they tell nothing of r's dice to come.
func (r *RNG) Derive(salt string) RNG {
	h := sha256.New()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], r.State)
	h.Write(b[:])
	h.Write([]byte(salt))
	return NewRNG(binary.LittleEndian.Uint64(h.Sum(nil)))
}

// Force queues rolls to be used by the next dice.
func (r *RNG) Force(rolls ...int) { r.Forced = append(r.Forced, rolls...) }

// Clone copies the generator.
func (r RNG) Clone() RNG {
	if r.Forced != nil {
		r.Forced = append([]int(nil), r.Forced...)
	}
	return r
}
