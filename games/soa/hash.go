package soa

import "sandtable/engine"

// The state hash identifies the complete position (what Position writes).
// Units and places carry Zobrist keys, XORed into zob as they change: every
// change goes through put, setCommitted, setHidden, edit or the marker
// setters below. Hash mixes the rest, a few dozen words, when it is called.
// Invariants compares zob with a count from scratch after every choice.

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
	return engine.Mix64(uint64(uint16(st.Loc)) | bit(st.Committed)<<16 | bit(st.Hidden)<<17 | bit(st.CCDead)<<18 |
		bit(st.CCAttacked)<<19 | bit(st.CCDone)<<20 | bit(st.Screened)<<21 | bit(s.reformUsed[u])<<22 |
		uint64(st.Weight)<<24 | uint64(u)<<32 | 1<<62)
}

// placeKey is the key of place p's markers: control, perimeter and fire.
func (s *State) placeKey(p int) uint64 {
	return engine.Mix64(uint64(s.control[p]) | bit(s.perim[p])<<8 | uint64(s.fire[p])<<16 | uint64(p)<<32 | 2<<62)
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

// hashList folds a list of indices into h.
func hashList(h *engine.Hasher, l []int16) {
	h.Int(len(l))
	for _, v := range l {
		h.Add(uint64(uint16(v)))
	}
}

// hashAttack folds an attack into h.
func hashAttack(h *engine.Hasher, a attack) {
	h.Add(uint64(a.Kind) | uint64(uint16(a.Target))<<8 | uint64(a.Group)<<24 | uint64(uint16(a.Primary))<<32)
	hashList(h, a.Units)
}

// Hash implements engine.State: the Zobrist keys of units and places, then
// every other field that Position writes, as Position writes it.
func (s *State) Hash() uint64 {
	h := engine.Hasher(s.zob)
	o := s.opt
	h.Add(bit(o.hiddenAT) | bit(o.bidding)<<1 | bit(o.chits)<<2 | uint64(o.reaction)<<8)
	h.Add(s.rng.State)
	h.Int(s.rng.Rolls)
	h.Int(len(s.rng.Forced))
	for _, d := range s.rng.Forced {
		h.Int(d)
	}
	h.Add(uint64(s.turn) | uint64(s.step)<<8 | uint64(s.active)<<16 | uint64(s.ta)<<24 |
		bit(s.mustAct)<<32 | bit(s.revealed)<<33 | bit(s.swapped)<<34 | bit(s.bidDone[0])<<35 | bit(s.bidDone[1])<<36 |
		bit(s.forcerPending)<<37 | bit(s.moverHot)<<38)
	h.Int(s.vp)
	h.Int(s.ammo)
	h.Int(s.aBonus)
	h.Int(s.passes)
	h.Int(s.setupNext)
	h.Int(s.count)
	if s.step >= stImpulse { // as Position: the impulse only once impulses begin
		h.Add(uint64(s.imp))
	}
	if s.forcerPending {
		h.Add(uint64(s.forcer))
	}
	if s.opt.bidding {
		h.Int(s.bids[0])
		h.Int(s.bids[1])
	}
	if s.opt.chits {
		for side := range s.chits {
			for _, c := range s.chits[side] {
				h.Add(uint64(c))
			}
		}
	}
	if r := s.result; r != nil {
		h.Str(string(r.Winner))
		h.Str(r.Level)
		h.Int(r.Score)
		h.Str(r.Text)
	}
	// the work in progress (Position's Work)
	h.Add(uint64(uint16(s.origin)) | uint64(uint16(s.mover))<<16)
	h.Int(s.moveLeft)
	h.Int(s.moved)
	h.Int(s.moverRun)
	h.Int(len(s.attacks))
	for _, a := range s.attacks {
		hashAttack(&h, a)
	}
	hashAttack(&h, s.cur)
	h.Int(s.av)
	h.Int(s.dv)
	for _, r := range s.rolls {
		h.Int(r)
	}
	h.Int(s.cp)
	h.Int(s.cpTotal)
	hashList(&h, s.retreaters)
	hashList(&h, s.elimFull)
	h.Add(uint64(uint16(s.ccPlace)) | uint64(uint16(s.extPlace))<<16)
	h.Int(len(s.ccAttacks))
	for _, a := range s.ccAttacks {
		h.Add(uint64(uint16(a.Target)))
		hashList(&h, a.Units)
	}
	h.Add(uint64(uint16(s.ccCur.Target)))
	hashList(&h, s.ccCur.Units)
	h.Int(s.ccIdx)
	h.Int(s.ccDie)
	h.Int(s.extDie)
	h.Add(uint64(uint16(s.artFirst)) | uint64(uint16(s.artFirstBy))<<16)
	if s.eventRoll != [3]int{} { // only while an event is resolved: other hashes stay as recorded
		h.Add(uint64(s.eventRoll[0]) | uint64(s.eventRoll[1])<<8 | uint64(uint16(s.eventRoll[2]))<<16)
	}
	h.Int(int(s.stack.n))
	for _, f := range s.stack.frames[:s.stack.n] {
		h.Add(uint64(f.Proc) | uint64(f.For)<<8 | uint64(f.Back)<<16 | uint64(f.Pool)<<24 | uint64(uint16(f.At))<<32 | uint64(uint16(f.Cause))<<48)
		h.Add(f.Visited)
		h.Add(f.Given)
		h.Int(int(f.Left))
		h.Int(int(f.Attack))
		h.Add(uint64(f.First) | uint64(f.Round)<<8 | uint64(f.Screen)<<16 | uint64(uint16(f.Unit))<<32)
	}
	return h.Sum()
}
