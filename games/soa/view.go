package soa

import (
	"encoding/json"
	"fmt"

	"sandtable/engine"
)

// View is what one seat may know (docs/design.md section 3): no RNG state, no
// enemy set-up before both are revealed (soa:5.5), no hidden anti-tank gun
// of the opponent (soa:13.8), no opponent's bid before both are in (soa:21.1).
type View struct {
	Seat        engine.Seat       `json:"seat"`
	Side        string            `json:"side,omitempty"` // the side this seat commands
	Turn        int               `json:"turn"`
	Night       bool              `json:"night"`
	Step        string            `json:"step"`
	Phase       engine.Phase      `json:"phase"`  // the phase of the turn (soa:6)
	Prompt      engine.Prompt     `json:"prompt"` // what the step asks of this seat, or whom it waits for
	Active      string            `json:"active"`
	Impulse     string            `json:"impulse,omitempty"`
	TA          string            `json:"tactical_advantage"`
	VP          int               `json:"vp"`
	Ammo        int               `json:"ammo"`
	Swapped     bool              `json:"swapped,omitempty"`
	Units       unitList          `json:"units"`
	Control     map[string]string `json:"control"`
	Perimeter   []string          `json:"perimeter,omitempty"`
	Fires       map[string]int    `json:"fires,omitempty"`
	Acting      string            `json:"acting,omitempty"` // the area the impulse acts from (soa:8.11)
	Moving      string            `json:"moving,omitempty"` // the unit moving now (soa:8.2)
	Attacks     []AttackView      `json:"attacks,omitempty"`
	Drafting    *AttackView       `json:"designating,omitempty"` // the attack being designated (soa:8.12)
	CP          int               `json:"casualty_points,omitempty"`
	Roll        *RollView         `json:"roll,omitempty"`              // the roll under a reroll offer (soa:8.41)
	EventRoll   *EventRollView    `json:"event_roll,omitempty"`        // while a random event is resolved (soa:16, 17.1)
	MoveLeft    *int              `json:"move_left,omitempty"`         // movement factors the moving unit has left (soa:8.2)
	MoveCosts   map[string]int    `json:"move_costs,omitempty"`        // per place it may enter next, the MF it costs (soa:8.22)
	Barrages    []BarrageOdds     `json:"barrage_odds,omitempty"`      // while artillery is called: the odds of each barrage it may fire (soa:14.5)
	CloseCombat *CloseCombatOdds  `json:"close_combat_odds,omitempty"` // the close combat attack being designated (soa:9.6)
	Bids        map[string]int    `json:"bids,omitempty"`
	Result      *engine.Result    `json:"result,omitempty"`
	Marks       []Mark            `json:"marks,omitempty"`
	Panels      []Panel           `json:"panels"`
}

// Mark is a place a client outlines on the map, with what happens there.
type Mark struct {
	Place string `json:"place"`
	Kind  string `json:"kind"` // "close-combat": the close combat being resolved (soa:9.2)
}

// Panel is one part of the side panel, declared so that a client draws it
// without knowing the game (docs/formats.md): a track with a marker on it,
// a value, a side, or a box of the units that are at an off-map place.
type Panel struct {
	Kind     string `json:"kind"` // "track", "value", "side" or "box"
	ID       string `json:"id"`
	Label    string `json:"label"`
	Rule     string `json:"rule,omitempty"`
	Value    any    `json:"value"`               // track: the marked position; value: a number or a text; side: a side
	Max      int    `json:"max,omitempty"`       // track: its positions are 1 to Max
	Marked   []int  `json:"marked,omitempty"`    // track: positions drawn apart, as MarkedAs says
	MarkedAs string `json:"marked_as,omitempty"` // track: what the marked positions are ("night")
	At       string `json:"at,omitempty"`        // box: it holds the units whose "at" is this
	Side     string `json:"side,omitempty"`      // box: only this side's units
	Folded   bool   `json:"folded,omitempty"`    // box: drawn closed, with a count per side
}

// panels declares the side panel: the turn track (soa:3.4, night turns
// soa:15.1), the impulse and the Tactical Advantage (soa:8.1, 8.4), the
// victory points (soa:3.5), the ammunition shortage (soa:20.1), casualty
// points to take (soa:8.354), the moving unit's movement factors left
// (soa:8.2), bids (soa:21.1), and the off-map boxes:
// artillery (soa:3.7), reformed units (soa:3.8), the turn track's Bren
// carriers (soa:17.52) and the eliminated units.
func (v *View) panels() []Panel {
	p := []Panel{{Kind: "track", ID: "turn", Label: "Turn", Rule: "soa:3.4", Value: v.Turn, Max: lastTurn, Marked: []int{2, 5, 8}, MarkedAs: "night"}}
	if v.Impulse != "" {
		p = append(p, Panel{Kind: "side", ID: "impulse", Label: "Impulse", Rule: "soa:8.1", Value: v.Impulse})
	}
	p = append(p, Panel{Kind: "side", ID: "tactical-advantage", Label: "Tactical Advantage", Rule: "soa:8.4", Value: v.TA},
		Panel{Kind: "value", ID: "vp", Label: "German VP", Rule: "soa:3.5", Value: v.VP})
	if v.Ammo > 0 {
		p = append(p, Panel{Kind: "value", ID: "ammo", Label: "British ammunition shortage", Rule: "soa:20.1", Value: fmt.Sprintf("level %d", v.Ammo)})
	}
	if v.CP > 0 {
		p = append(p, Panel{Kind: "value", ID: "casualty-points", Label: "Casualty points to take", Rule: "soa:8.354", Value: v.CP})
	}
	if v.MoveLeft != nil {
		p = append(p, Panel{Kind: "value", ID: "move-left", Label: "Movement left", Rule: "soa:8.2", Value: fmt.Sprintf("%d MF", *v.MoveLeft)})
	}
	for _, bid := range [][2]string{{"german", "German bid"}, {"british", "British bid"}} {
		if b, ok := v.Bids[bid[0]]; ok {
			p = append(p, Panel{Kind: "value", ID: "bid-" + bid[0], Label: bid[1], Rule: "soa:21.1", Value: fmt.Sprintf("%+d VP", b)})
		}
	}
	if v.Swapped {
		p = append(p, Panel{Kind: "value", ID: "swapped", Label: "Sides", Rule: "soa:21.1", Value: "swapped after the bid"})
	}
	p = append(p,
		Panel{Kind: "box", ID: "artillery-german", Label: "German artillery", Rule: "soa:3.7", At: "artillery-box", Side: "german"},
		Panel{Kind: "box", ID: "artillery-british", Label: "British artillery", Rule: "soa:3.7", At: "artillery-box", Side: "british"},
		Panel{Kind: "box", ID: "reformed-box", Label: "Reformed Units", Rule: "soa:3.8", At: "box"})
	for _, u := range v.Units {
		if u.At == "track" {
			p = append(p, Panel{Kind: "box", ID: "track-box", Label: "On the turn track", Rule: "soa:17.52", At: "track"})
			break
		}
	}
	return append(p, Panel{Kind: "box", ID: "eliminated-box", Label: "Eliminated", At: "eliminated", Folded: true})
}

// UnitView is a counter as the seat sees it. Views send only what changes
// from state to state (unitList); the printed counter (side, name, type,
// factors) is in the board document's order of battle, sent once.
type UnitView struct {
	ID        string
	Side      string
	Name      string
	Type      string
	AF        int
	DF        int // of the face now up: a committed unit's white face (soa:4.2)
	MF        int
	At        string
	Committed bool
	Hidden    bool // own hidden AT gun
	Dead      bool // eliminated in the close combat being fought
}

// unitList is the units of a view.
type unitList []UnitView

// unitWire is a unit as views send it (docs/formats.md, sandtable-view/3):
// where it is, its flags, and the DF of the white face while committed (the
// board document gives the front face's).
type unitWire struct {
	ID        string `json:"id"`
	At        string `json:"at"`
	DF        int    `json:"df,omitempty"`
	Committed bool   `json:"committed,omitempty"`
	Hidden    bool   `json:"hidden,omitempty"`
	Dead      bool   `json:"cc_eliminated,omitempty"`
}

// MarshalJSON writes the units as views send them (unitWire), all in one
// encoding: a Marshaler per unit cost a tenth of the server's time.
func (l unitList) MarshalJSON() ([]byte, error) {
	w := make([]unitWire, len(l))
	for i, u := range l {
		w[i] = unitWire{ID: u.ID, At: u.At, Committed: u.Committed, Hidden: u.Hidden, Dead: u.Dead}
		if u.Committed {
			w[i].DF = u.DF
		}
	}
	return json.Marshal(w)
}

// AttackView is a designated attack of the current impulse.
type AttackView struct {
	Target  string        `json:"target"`
	Group   string        `json:"group"`
	Kind    string        `json:"kind"`
	Units   []string      `json:"units"`
	Odds    *FireOdds     `json:"odds,omitempty"`          // the attack being designated: its values and odds
	Primary []PrimaryOdds `json:"primary_odds,omitempty"`  // while an AT attack names its primary target: the odds of each (soa:13.7)
	SetFire *SetFireOdds  `json:"set_fire_odds,omitempty"` // a fire-setting attempt being designated (soa:18.3)
}

func (s *State) attackView(a attack) AttackView {
	kinds := [...]string{atkFire: "fire", atkAT: "anti-tank", atkArtillery: "artillery", atkSetFire: "set-fire"}
	av := AttackView{Target: s.g.board.Place(int(a.Target)).ID, Group: [2]string{"uncommitted", "committed"}[a.Group], Kind: kinds[a.Kind]}
	for _, u := range a.Units {
		av.Units = append(av.Units, s.g.units[u].ID)
	}
	return av
}

// RollView is the roll the Tactical Advantage holder may reroll (soa:8.41),
// or, while the defender takes its casualty points, the fire roll that gave them.
type RollView struct {
	For          string `json:"for"`  // "fire", "set-fire", "close-combat" or "extinguish"
	Dice         []int  `json:"dice"` // for fire, the attacker's two then the defender's two (one chit each, soa:22)
	AttackValue  int    `json:"attack_value,omitempty"`
	DefenceValue int    `json:"defence_value,omitempty"`
	CP           int    `json:"casualty_points,omitempty"`
	Text         string `json:"text"`
}

// EventRollView is the Random Events roll being resolved (soa:17.1): two
// dice, the modifier (soa:8.44, 17.1, 17.3), their total, and the row of the
// Random Events Table read (soa:16), the total held to the table's 2 to 13.
type EventRollView struct {
	Dice      []int `json:"dice"`
	Modifiers int   `json:"modifiers"`
	Total     int   `json:"total"`
	Row       int   `json:"row"`
}

// rollView describes the roll under the reroll offer.
func (s *State) rollView() *RollView {
	g := s.g
	switch s.rollFor() {
	case rrFire:
		r := &RollView{For: "fire", Dice: append([]int(nil), s.rolls[:]...), AttackValue: s.av, DefenceValue: s.dv, CP: max(0, s.av-s.dv)}
		if s.opt.chits {
			r.Dice = []int{s.rolls[0], s.rolls[2]}
		}
		r.Text = fmt.Sprintf("fire at %s: AV %d against DV %d, %s", g.board.Place(int(s.cur.Target)).ID, s.av, s.dv, fmt.Sprintf(engine.Plural(r.CP, "%d casualty point", "%d casualty points"), r.CP))
		if r.CP == 0 {
			r.Text = fmt.Sprintf("fire at %s: AV %d against DV %d, no effect", g.board.Place(int(s.cur.Target)).ID, s.av, s.dv)
		}
		return r
	case rrSetFire:
		need := s.setFireNeed()
		return &RollView{For: "set-fire", Dice: []int{s.rolls[0]}, Text: fmt.Sprintf("setting fire to %s: rolled %d, %d or less sets it", g.board.Place(int(s.cur.Target)).ID, s.rolls[0], need)}
	case rrCloseCombat:
		a := s.ccAttacks[s.ccIdx]
		extra, af := s.ccModifiers(a)
		return &RollView{For: "close-combat", Dice: []int{s.ccDie}, Text: fmt.Sprintf("close combat against %s: die %d, total %d, %d or more eliminates", g.units[a.Target].Name, s.ccDie, s.ccDie+extra+af, ccKill)}
	}
	return &RollView{For: "extinguish", Dice: []int{s.extDie}, Text: fmt.Sprintf("putting out the level %d fire in %s: die %d, %d or more puts it out", s.fire[s.extPlace], g.board.Place(int(s.extPlace)).ID, s.extDie, s.extinguishNeed())}
}

// moveCosts are the costs of the places the moving unit may enter next.
func (s *State) moveCosts() map[string]int {
	var tmp [16]engine.Action
	out := map[string]int{}
	for _, a := range s.legalMove(tmp[:0]) {
		if k, q := split(a); k == kStep {
			out[s.g.board.Place(q).ID] = s.stepCost(s.mover, int16(q))
		}
	}
	return out
}

// StepName implements engine.Stepper: the step's name as views show it.
func (s *State) StepName() string { return stepNames[s.step] }

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
		Phase: s.Phase(), Prompt: s.Prompt(seat),
		TA: s.ta.String(), VP: s.vp, Ammo: s.ammo, Swapped: s.swapped, CP: s.cp, Result: s.result,
	}
	if viewer != noSide {
		v.Side = viewer.String()
	}
	if v.Phase == phaseMF { // impulses are the Movement/Fire Phase's (soa:6.3, 8.1)
		v.Impulse = s.imp.String()
	}
	if s.origin >= 0 && s.step > stImpulse && s.step < stCCPlace {
		v.Acting = g.board.Place(int(s.origin)).ID
	}
	if s.mover >= 0 && s.step == stMoveStep {
		v.Moving = g.units[s.mover].ID
		left := s.moveLeft
		v.MoveLeft, v.MoveCosts = &left, s.moveCosts()
	}
	if s.step == stReroll || (s.step == stAbsorb && s.rollFor() == rrFire) {
		v.Roll = s.rollView()
	}
	if s.step >= stEventArmor && s.step <= stEventCZone {
		r := s.eventRoll
		total := r[0] + r[1] + r[2]
		v.EventRoll = &EventRollView{Dice: []int{r[0], r[1]}, Modifiers: r[2], Total: total, Row: eventRow(total)}
	}
	v.Units = make(unitList, 0, len(s.units)) // one allocation: growing it was a fifth of what a choice allocated
	for i, st := range &s.units {
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
		d.SetFire = s.setFireOdds()
		if s.step == stFirePrimary {
			d.Primary = s.primaryOdds() // one per primary target, in place of the attack's own odds
		} else {
			d.Odds = s.fireOdds()
		}
		v.Drafting = &d
	}
	if (s.step == stArtTarget || s.step == stArtGroup) && viewer == s.imp {
		v.Barrages = s.barrageOdds()
	}
	if s.step == stCCWith && viewer == s.ccAttacker() {
		v.CloseCombat = s.closeCombatOdds()
	}
	if s.opt.bidding {
		v.Bids = map[string]int{}
		for _, side := range []Side{German, British} {
			if s.bidDone[side] && (side == viewer || s.bidDone[side.Other()]) {
				v.Bids[side.String()] = s.bids[side]
			}
		}
	}
	if s.ccPlace >= 0 && s.step >= stCCPlace && s.step < stOver {
		v.Marks = append(v.Marks, Mark{Place: g.board.Place(int(s.ccPlace)).ID, Kind: "close-combat"})
	}
	v.Panels = v.panels()
	return v
}
