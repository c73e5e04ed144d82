package engine

import "testing"

// TestHasherTellsSequencesApart: sequences that differ in one word or in
// their order, and strings split differently, hash differently.
func TestHasherTellsSequencesApart(t *testing.T) {
	sum := func(f func(*Hasher)) uint64 {
		var h Hasher
		f(&h)
		return h.Sum()
	}
	seen := map[uint64]string{}
	for name, f := range map[string]func(*Hasher){
		"1 2": func(h *Hasher) { h.Int(1); h.Int(2) },
		"2 1": func(h *Hasher) { h.Int(2); h.Int(1) },
		"1 3": func(h *Hasher) { h.Int(1); h.Int(3) },
		"ab":  func(h *Hasher) { h.Str("ab") },
		"a b": func(h *Hasher) { h.Str("a"); h.Str("b") },
	} {
		v := sum(f)
		if other, ok := seen[v]; ok {
			t.Errorf("%q and %q hash alike", name, other)
		}
		seen[v] = name
	}
}

// TestMix64Spreads: keys of neighbouring words differ in about half their bits.
func TestMix64Spreads(t *testing.T) {
	for x := range uint64(64) {
		d := Mix64(x) ^ Mix64(x+1)
		n := 0
		for ; d != 0; d &= d - 1 {
			n++
		}
		if n < 16 || n > 48 {
			t.Errorf("Mix64(%d) and Mix64(%d) differ in %d bits", x, x+1, n)
		}
	}
}
