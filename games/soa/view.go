package soa

import "sandtable/engine"

// View is what one seat may know (DESIGN.md section 3): no RNG state, no
// enemy set-up before both are revealed (soa:5.5), no hidden anti-tank gun
// of the opponent (soa:13.8), no opponent's bid before both are in (soa:21.1).
type View struct {
	Seat      engine.Seat       `json:"seat"`
	Side      string            `json:"side,omitempty"` // the side this seat commands
	Turn      int               `json:"turn"`
	Night     bool              `json:"night"`
	Step      string            `json:"step"`
	Active    string            `json:"active"`
	Impulse   string            `json:"impulse,omitempty"`
	TA        string            `json:"tactical_advantage"`
	VP        int               `json:"vp"`
	Ammo      int               `json:"ammo"`
	Swapped   bool              `json:"swapped,omitempty"`
	Units     []UnitView        `json:"units"`
	Control   map[string]string `json:"control"`
	Perimeter []string          `json:"perimeter,omitempty"`
	Fires     map[string]int    `json:"fires,omitempty"`
	Acting    string            `json:"acting,omitempty"` // the area the impulse acts from (soa:8.11)
	Moving    string            `json:"moving,omitempty"` // the unit moving now (soa:8.2)
	Attacks   []AttackView      `json:"attacks,omitempty"`
	Drafting  *AttackView       `json:"designating,omitempty"` // the attack being designated (soa:8.12)
	CP        int               `json:"casualty_points,omitempty"`
	Bids      map[string]int    `json:"bids,omitempty"`
	Result    *engine.Result    `json:"result,omitempty"`
}

// UnitView is a counter as the seat sees it.
type UnitView struct {
	ID        string `json:"id"`
	Side      string `json:"side"`
	Name      string `json:"name"`
	Type      string `json:"type"`
	AF        int    `json:"af"`
	DF        int    `json:"df"`
	MF        int    `json:"mf"`
	At        string `json:"at"`
	Committed bool   `json:"committed,omitempty"`
	Hidden    bool   `json:"hidden,omitempty"` // own hidden AT gun
	Dead      bool   `json:"cc_eliminated,omitempty"`
}

// AttackView is a designated attack of the current impulse.
type AttackView struct {
	Target string   `json:"target"`
	Group  string   `json:"group"`
	Kind   string   `json:"kind"`
	Units  []string `json:"units"`
}

func (s *State) attackView(a attack) AttackView {
	kinds := [...]string{atkFire: "fire", atkAT: "anti-tank", atkArtillery: "artillery", atkSetFire: "set-fire"}
	av := AttackView{Target: s.g.board.Place(int(a.Target)).ID, Group: [2]string{"uncommitted", "committed"}[a.Group], Kind: kinds[a.Kind]}
	for _, u := range a.Units {
		av.Units = append(av.Units, s.g.units[u].ID)
	}
	return av
}

// viewerSide is the side a seat commands, noSide for spectators.
func (s *State) viewerSide(seat engine.Seat) Side {
	for _, side := range []Side{German, British} {
		if s.seatOf(side) == seat {
			return side
		}
	}
	return noSide
}

// visibleTo reports whether viewer may see where u is.
func (s *State) visibleTo(u int16, viewer Side) bool {
	if s.side(u) == viewer {
		return true
	}
	if !s.revealed && s.units[u].Loc >= 0 {
		return false // soa:5.5: set-ups are secret until both are done
	}
	return !s.units[u].Hidden // soa:13.8
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) any {
	g := s.g
	viewer := s.viewerSide(seat)
	v := View{
		Seat: seat, Turn: s.turn, Night: s.night(), Step: stepNames[s.step], Active: s.active.String(),
		TA: s.ta.String(), VP: s.vp, Ammo: s.ammo, Swapped: s.swapped, CP: s.cp, Result: s.result,
	}
	if viewer != noSide {
		v.Side = viewer.String()
	}
	if s.step >= stImpulse && s.step != stOver {
		v.Impulse = s.imp.String()
	}
	if s.origin >= 0 && s.step > stImpulse && s.step < stCCPlace {
		v.Acting = g.board.Place(int(s.origin)).ID
	}
	if s.mover >= 0 && s.step == stMoveStep {
		v.Moving = g.units[s.mover].ID
	}
	for i, st := range s.units {
		u := int16(i)
		if st.Loc == locPool || !s.visibleTo(u, viewer) {
			continue
		}
		d := g.units[i]
		df := d.DF
		if st.Committed {
			df = d.CDF
		}
		v.Units = append(v.Units, UnitView{ID: d.ID, Side: d.Side, Name: d.Name, Type: string(d.Type), AF: d.AF, DF: df, MF: d.MF,
			At: g.locName(st.Loc), Committed: st.Committed, Hidden: st.Hidden, Dead: st.CCDead})
	}
	v.Control, v.Perimeter, v.Fires = s.markers()
	for _, a := range s.attacks {
		v.Attacks = append(v.Attacks, s.attackView(a))
	}
	if (s.step == stFireWith || s.step == stFirePrimary) && s.cur.Target >= 0 && viewer == s.imp { // not declared yet: the firer's own business
		d := s.attackView(s.cur)
		v.Drafting = &d
	}
	if s.opt.bidding {
		v.Bids = map[string]int{}
		for _, side := range []Side{German, British} {
			if s.bidDone[side] && (side == viewer || s.bidDone[side.Other()]) {
				v.Bids[side.String()] = s.bids[side]
			}
		}
	}
	return v
}
