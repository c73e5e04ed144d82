package soa

import "math/bits"

// The state hash identifies the complete position (what Position writes).
// Units and places carry Zobrist keys, XORed into zob as they change: every
// change goes through put, setCommitted, setHidden, edit or the marker
// setters below. Hash mixes the rest, a few dozen words, when it is called.
// Invariants compares zob with a count from scratch after every choice.

// mix64 is SplitMix64's finalizer: every input bit moves every output bit.
func mix64(x uint64) uint64 {
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// unitKey is the key of unit u as it stands. A unit in its pool has none:
// positions leave pool units out, whatever their marks.
func (s *State) unitKey(u int16) uint64 {
	st := &s.units[u]
	if st.Loc == locPool {
		return 0
	}
	return mix64(uint64(uint16(st.Loc)) | bit(st.Committed)<<16 | bit(st.Hidden)<<17 | bit(st.CCDead)<<18 |
		bit(st.CCAttacked)<<19 | bit(st.CCDone)<<20 | bit(st.Screened)<<21 | bit(s.reformUsed[u])<<22 |
		uint64(st.Weight)<<24 | uint64(u)<<32 | 1<<62)
}

// placeKey is the key of place p's markers: control, perimeter and fire.
func (s *State) placeKey(p int) uint64 {
	return mix64(uint64(s.control[p]) | bit(s.perim[p])<<8 | uint64(s.fire[p])<<16 | uint64(p)<<32 | 2<<62)
}

// zobFull counts zob from scratch.
func (s *State) zobFull() uint64 {
	var z uint64
	for u := range s.units {
		z ^= s.unitKey(int16(u))
	}
	for p := range s.control {
		z ^= s.placeKey(p)
	}
	return z
}

// rehash counts zob afresh (after a position is loaded or a test edits a state).
func (s *State) rehash() { s.zob = s.zobFull() }

// edit changes unit u in place of a plain assignment, keeping the occupancy
// table and the hash up to date.
func (s *State) edit(u int16, f func(*unitState)) {
	s.unlink(u)
	f(&s.units[u])
	s.link(u)
}

// clearCC clears a unit's close-combat marks (soa:9).
func (s *State) clearCC(u int16) {
	if st := &s.units[u]; st.CCDead || st.CCAttacked || st.CCDone || st.Screened {
		s.edit(u, func(st *unitState) { st.CCDead, st.CCAttacked, st.CCDone, st.Screened = false, false, false, false })
	}
}

// setReformUsed marks a unit that has come back as a reformed unit (soa:19.4).
func (s *State) setReformUsed(u int16) {
	s.zob ^= s.unitKey(u)
	s.reformUsed[u] = true
	s.zob ^= s.unitKey(u)
}

// setControl places side's control marker in p (soa:11.2).
func (s *State) setControl(p int, side Side) { s.markPlace(p, func() { s.control[p] = side }) }

// setPerim removes or places the perimeter marker of p (soa:5.1, 11.5).
func (s *State) setPerim(p int, on bool) { s.markPlace(p, func() { s.perim[p] = on }) }

// setFire sets the fire level of p (soa:18.8, 18.9).
func (s *State) setFire(p int, level uint8) { s.markPlace(p, func() { s.fire[p] = level }) }

// markPlace changes the markers of p, keeping its key in the hash.
func (s *State) markPlace(p int, change func()) {
	s.zob ^= s.placeKey(p)
	change()
	s.zob ^= s.placeKey(p)
}

// hasher folds words into a hash; each step is a bijection of the running
// value, so two sequences that differ in one word never collide.
type hasher uint64

func (h *hasher) add(v uint64) {
	*h = hasher(bits.RotateLeft64((uint64(*h)^v)*0x9e3779b97f4a7c15, 29))
}

func (h *hasher) int(v int) { h.add(uint64(v)) }

func (h *hasher) list(l []int16) {
	h.int(len(l))
	for _, v := range l {
		h.add(uint64(uint16(v)))
	}
}

func (h *hasher) str(v string) {
	h.int(len(v))
	for i := 0; i < len(v); i++ {
		h.add(uint64(v[i]))
	}
}

func (h *hasher) attack(a attack) {
	h.add(uint64(a.Kind) | uint64(uint16(a.Target))<<8 | uint64(a.Group)<<24 | uint64(uint16(a.Primary))<<32)
	h.list(a.Units)
}

// Hash implements engine.State: the Zobrist keys of units and places, then
// every other field that Position writes, as Position writes it.
func (s *State) Hash() uint64 {
	h := hasher(s.zob)
	o := s.opt
	h.add(bit(o.hiddenAT) | bit(o.bidding)<<1 | bit(o.chits)<<2 | uint64(o.reaction)<<8)
	h.add(s.rng.State)
	h.int(s.rng.Rolls)
	h.int(len(s.rng.Forced))
	for _, d := range s.rng.Forced {
		h.int(d)
	}
	h.add(uint64(s.turn) | uint64(s.step)<<8 | uint64(s.active)<<16 | uint64(s.ta)<<24 |
		bit(s.mustAct)<<32 | bit(s.revealed)<<33 | bit(s.swapped)<<34 | bit(s.bidDone[0])<<35 | bit(s.bidDone[1])<<36 |
		bit(s.forcerPending)<<37 | bit(s.moverHot)<<38)
	h.int(s.vp)
	h.int(s.ammo)
	h.int(s.aBonus)
	h.int(s.passes)
	h.int(s.setupNext)
	h.int(s.count)
	if s.step >= stImpulse { // as Position: the impulse only once impulses begin
		h.add(uint64(s.imp))
	}
	if s.forcerPending {
		h.add(uint64(s.forcer))
	}
	if s.opt.bidding {
		h.int(s.bids[0])
		h.int(s.bids[1])
	}
	if s.opt.chits {
		for side := range s.chits {
			for _, c := range s.chits[side] {
				h.add(uint64(c))
			}
		}
	}
	if r := s.result; r != nil {
		h.str(string(r.Winner))
		h.str(r.Level)
		h.int(r.Score)
		h.str(r.Text)
	}
	// the work in progress (Position's Work)
	h.add(uint64(uint16(s.origin)) | uint64(uint16(s.mover))<<16)
	h.int(s.moveLeft)
	h.int(s.moved)
	h.int(s.moverRun)
	h.int(len(s.attacks))
	for _, a := range s.attacks {
		h.attack(a)
	}
	h.attack(s.cur)
	h.int(s.av)
	h.int(s.dv)
	for _, r := range s.rolls {
		h.int(r)
	}
	h.int(s.cp)
	h.int(s.cpTotal)
	h.list(s.retreaters)
	h.list(s.elimFull)
	h.add(uint64(uint16(s.ccPlace)) | uint64(uint16(s.extPlace))<<16)
	h.int(len(s.ccAttacks))
	for _, a := range s.ccAttacks {
		h.add(uint64(uint16(a.Target)))
		h.list(a.Units)
	}
	h.add(uint64(uint16(s.ccCur.Target)))
	h.list(s.ccCur.Units)
	h.int(s.ccIdx)
	h.int(s.ccDie)
	h.int(s.extDie)
	h.add(uint64(uint16(s.artFirst)) | uint64(uint16(s.artFirstBy))<<16)
	if s.eventRoll != [3]int{} { // only while an event is resolved: other hashes stay as recorded
		h.add(uint64(s.eventRoll[0]) | uint64(s.eventRoll[1])<<8 | uint64(uint16(s.eventRoll[2]))<<16)
	}
	h.int(int(s.stack.n))
	for _, f := range s.stack.frames[:s.stack.n] {
		h.add(uint64(f.Proc) | uint64(f.For)<<8 | uint64(f.Back)<<16 | uint64(f.Pool)<<24 | uint64(uint16(f.At))<<32 | uint64(uint16(f.Cause))<<48)
		h.add(f.Visited)
		h.add(f.Given)
		h.int(int(f.Left))
		h.int(int(f.Attack))
		h.add(uint64(f.First) | uint64(f.Round)<<8 | uint64(f.Screen)<<16 | uint64(uint16(f.Unit))<<32)
	}
	return mix64(uint64(h))
}
