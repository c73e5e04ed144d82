package mgmg

import "sandtable/engine"

// The state hash identifies the complete position (what Position writes).
// Units and places carry Zobrist keys, XORed into zob as they change: every
// change goes through put, setLevel or setControl. Hash mixes the rest, a
// few dozen words, when it is called. Invariants compares zob with a count
// from scratch after every choice.

func bit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// unitKey is the key of unit u as it stands. A unit in its pool has none:
// positions leave pool units out.
func (s *State) unitKey(u int) uint64 {
	st := &s.units[u]
	if st.Loc == locPool {
		return 0
	}
	return engine.Mix64(uint64(uint16(st.Loc)) | uint64(st.Level)<<16 | uint64(u)<<32 | 1<<62)
}

// placeKey is the key of place p's control.
func (s *State) placeKey(p int) uint64 {
	return engine.Mix64(uint64(s.control[p]) | uint64(p)<<32 | 2<<62)
}

// zobFull counts zob from scratch.
func (s *State) zobFull() uint64 {
	var z uint64
	for u := range s.units {
		z ^= s.unitKey(u)
	}
	for p := range s.control {
		z ^= s.placeKey(p)
	}
	return z
}

// rehash counts zob and the occupancy afresh (after a position is loaded).
func (s *State) rehash() {
	s.zob = s.zobFull()
	s.occ = s.occFull()
}

// put moves unit u to loc with its face level, keeping the hash's keys and
// the occupancy.
func (s *State) put(u int16, loc int16, level Step) {
	sd := s.g.side[u]
	if old := s.units[u].Loc; old >= 0 {
		s.occ[old][sd]--
	}
	if loc >= 0 {
		s.occ[loc][sd]++
	}
	s.zob ^= s.unitKey(int(u))
	s.units[u] = unitState{Loc: loc, Level: level}
	s.zob ^= s.unitKey(int(u))
}

// setLevel turns unit u to level where it stands (mgmg:13.2).
func (s *State) setLevel(u int16, level Step) { s.put(u, s.units[u].Loc, level) }

// setControl places, flips or removes the control marker of p (mgmg:4.5, 7.2).
func (s *State) setControl(p int16, c control) {
	s.zob ^= s.placeKey(int(p))
	s.control[p] = c
	s.zob ^= s.placeKey(int(p))
}

// Hash implements engine.State: the Zobrist keys of units and places, then
// every other field that Position writes.
func (s *State) Hash() uint64 {
	h := engine.Hasher(s.zob)
	o := s.opt
	h.Add(bit(o.extended) | bit(o.ddayLandings)<<1 | bit(o.doubleLifts)<<2 | bit(o.augmentation)<<3 |
		bit(o.bidding)<<4 | bit(o.reorganization)<<5 | bit(o.cards)<<6)
	h.Add(s.rng.State)
	h.Int(s.rng.Rolls)
	h.Int(len(s.rng.Forced))
	for _, d := range s.rng.Forced {
		h.Int(d)
	}
	h.Add(uint64(uint8(s.turn)) | uint64(s.step)<<8 | uint64(s.active)<<16 | uint64(uint8(s.impulse))<<24 |
		uint64(s.advantage)<<32 | uint64(uint8(s.sunsetDRM))<<40 | uint64(s.weather)<<48 | uint64(s.dawnWeather)<<52 |
		bit(s.weatherChange)<<56 | bit(s.eindhoven)<<57 | bit(s.boatUsed)<<58)
	h.Add(uint64(s.advantageNext))
	h.Add(uint64(s.passes) | uint64(s.purchases)<<32 | uint64(s.airUsed)<<8 | uint64(s.constructUsed[0])<<16 | uint64(s.constructUsed[1])<<24)
	h.Add(uint64(uint16(s.reserves[0])) | uint64(uint16(s.reserves[1]))<<16 | uint64(uint16(s.bids[0]))<<32 | uint64(uint16(s.bids[1]))<<48)
	h.Add(bit(s.bidDone[0]) | bit(s.bidDone[1])<<1 | bit(s.swapped)<<2 | uint64(uint8(s.ddayStart))<<8 | uint64(s.opt.preferred)<<16)
	for _, at := range s.airAt {
		h.Add(uint64(uint8(at)))
	}
	for _, f := range s.ferries {
		h.Add(uint64(f))
	}
	for i, b := range s.bridges {
		h.Add(uint64(b.Held) | uint64(b.Construct[0])<<8 | uint64(b.Construct[1])<<16 | uint64(s.bridgeUse[i])<<24)
	}
	h.Int(int(s.nDepots))
	for _, d := range s.depots[:s.nDepots] {
		h.Add(uint64(uint8(d.Kind)) | uint64(uint8(d.At))<<8 | uint64(uint8(d.Points))<<16)
	}
	for _, w := range s.refitted {
		h.Add(w)
	}
	for _, w := range s.reorganized {
		h.Add(w)
	}
	h.Add(uint64(s.tried) | uint64(uint8(s.banked))<<32 | bit(s.coupHeld)<<40)
	h.Add(s.held)
	s.hashCards(&h)
	h.Int(s.choices)
	if r := s.result; r != nil {
		h.Str(string(r.Winner))
		h.Str(r.Level)
		h.Int(r.Score)
		h.Str(r.Text)
	}
	h.Int(int(s.stack.n))
	for _, f := range s.stack.frames[:s.stack.n] {
		h.Add(uint64(f.Proc) | uint64(f.Side)<<8 | uint64(uint8(f.Sunset))<<16 | uint64(uint16(f.Unit))<<32 |
			uint64(f.For)<<48 | uint64(f.Back)<<56)
		h.Add(uint64(uint8(f.Roll)))
		for _, w := range f.Acted {
			h.Add(w)
		}
		f.Move.hash(&h)
		h.Add(uint64(uint16(f.Place)) | uint64(uint8(f.AP))<<16 | uint64(uint8(f.Air))<<24 | bit(f.Barrage)<<32 | bit(f.Stay)<<33 |
			uint64(uint8(f.Against))<<40 | uint64(f.Aim)<<48 | uint64(uint8(f.Mistaken))<<56)
		h.Add(uint64(uint16(f.Primary)))
		for _, w := range f.Hit {
			h.Add(w)
		}
		f.Fight.hash(&h)
		h.Add(uint64(f.Lost[0]) | uint64(f.Lost[1])<<8 | bit(f.Held[0])<<16 | bit(f.Held[1])<<17 | uint64(f.Second)<<24 | bit(f.Demolition)<<32)
		h.Add(uint64(f.RepairTried) | uint64(f.DemolishTried)<<32)
		h.Add(uint64(f.Lifted) | bit(f.Dropped)<<8 | uint64(uint16(f.Also))<<16)
		for _, w := range f.Landed {
			h.Add(w)
		}
		f.DDay.hash(&h)
	}
	return h.Sum()
}
