package engine

import "math/bits"

// What a game's Hash is built from (State.Hash): Zobrist keys of its
// pieces and places, made with Mix64 and XORed in as they change, and the
// rest of the state folded in by a Hasher when Hash is called.

// Mix64 is SplitMix64's finalizer: every input bit moves every output bit,
// so distinct words make unrelated keys.
func Mix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Hasher folds words into a hash; each step is a bijection of the running
// value, so two sequences that differ in one word never collide.
type Hasher uint64

// Add folds in one word.
func (h *Hasher) Add(v uint64) {
	*h = Hasher(bits.RotateLeft64((uint64(*h)^v)*0x9e3779b97f4a7c15, 29))
}

// Int folds in a number.
func (h *Hasher) Int(v int) { h.Add(uint64(v)) }

// Str folds in a string and its length.
func (h *Hasher) Str(v string) {
	h.Int(len(v))
	for i := 0; i < len(v); i++ {
		h.Add(uint64(v[i]))
	}
}

// Sum is the hash of what was folded in.
func (h Hasher) Sum() uint64 { return Mix64(uint64(h)) }
