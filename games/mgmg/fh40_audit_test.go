package mgmg

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// fh40:10.2: a failed Mandatory Assault sends back only the units bound to
// it; a unit that joined it optionally may retreat or stay. Eerde (55) is
// Contested as the German impulse begins (a Spent German regiment beside
// the Dutch Veghel battalion). From St. Oedenrode (54) IR 454 crosses the
// Dutch bridge into 55: bound to a Mandatory Assault (over an
// enemy-Controlled bridge into a Contested area). SS Deutschland goes round
// through Breugel (59) and enters 55 over open ground: bound to nothing, it
// joins. AV 5 + 1 = 6 against DV 3 + TEM 2 + 2 for the Dutch canal bridge =
// 7; DRs 2 against 12: failure. IR 454 goes back to 54; Deutschland, Disrupt
// 1, is asked, and stays.
func TestFH40FailedMandatoryJoinersChoose(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	s = edited(t, s, func(p *Position) {
		moveUnits(p, "54", "de-ssv-deutschland", "de-254-ir454")
		moveUnits(p, "55", "nl-peel-veghel", "de-254-ir474")
		for i := range p.Units {
			if p.Units[i].ID == "de-254-ir474" {
				p.Units[i].Level = "spent"
			}
		}
		delete(p.Control, "54")
		delete(p.Control, "59")
	})
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "assault:54", "move:de-254-ir454", "enter:55", "move:de-ssv-deutschland", "enter:59", "enter:55",
		"resolve:55", "point:de-254-ir454", "join:de-ssv-deutschland", "keep")
	logHas(t, s, "mgmg:10.74", "AT 8 = AV 6 + DR 2 against DT 19 = DV 7 + DR 12")
	if got := s.units[g.unit("de-254-ir454")]; got != (unitState{Loc: g.at("54"), Level: StepDisrupt1}) {
		t.Errorf("IR 454 %+v: bound to the Mandatory Assault, it retreats to 54, Disrupt 1", got)
	}
	if ids := choiceIDs(s); !slices.Equal(ids, []string{"retreat:de-ssv-deutschland", "stay"}) {
		t.Fatalf("choices %v: the unit that joined may retreat or stay (fh40:10.2)", ids)
	}
	play(t, s, "stay")
	if got := s.units[g.unit("de-ssv-deutschland")]; got != (unitState{Loc: g.at("55"), Level: StepDisrupt1}) {
		t.Errorf("Deutschland %+v: stays in 55, Disrupt 1", got)
	}
}

// fh40:20.4: the armoured train may not enter Zones and moves only along
// railways, in a retreat too. Spent in Gennep (37) beside the Dutch
// bunker, it withdraws after the Dutch assault from Mook fails: the
// Reichswald (36) has no railway, Zone D is a Zone, the Gennep bridge is
// Dutch-held (no retreat from a Contested area over it, mgmg:9.621) and
// Mook is Dutch: it has nowhere to go and is eliminated. Spent in Mill
// (44) with Reek (43) and Gemert (53) German and vacant, it retreats into
// Reek, along the railway, not into Gemert, which has none, though Gemert
// borders fewer Dutch areas (5 to 8, fh40:10.92).
func TestFH40TrainRetreatsByRail(t *testing.T) {
	for _, c := range []struct {
		name, at, from, free string
		want                 []string
	}{{"Gennep", "37", "38", "45", nil}, {"Mill", "44", "", "43", []string{"retreat-to:43"}}} {
		t.Run(c.name, func(t *testing.T) {
			s := newFH40(t)
			g := s.g
			play(t, s, "done")
			s = edited(t, s, func(p *Position) {
				moveUnits(p, c.at, "de-panzerzug-1")
				moveUnits(p, "38", "nl-peel-mill-north", "nl-peel-mill-south")
				moveUnits(p, "eliminated", "nl-peel-mortel", "nl-peel-art-mill")
				if c.free == "45" {
					moveUnits(p, "eliminated", "nl-border-boxmeer", "nl-rbg-boxmeer")
				} else {
					moveUnits(p, "eliminated", "nl-peel-reek", "nl-rbg-ravenstein")
				}
				if c.at == "44" {
					moveUnits(p, "44", "nl-peel-mill-north", "nl-peel-mill-south")
				}
				for i := range p.Units {
					if p.Units[i].ID == "de-panzerzug-1" {
						p.Units[i].Level = "spent"
					}
				}
				delete(p.Control, c.at)
				delete(p.Control, c.free)
				delete(p.Control, "53")
			})
			s.rng.Force(1, 1, 6, 6)
			if c.from != "" {
				play(t, s, "assault:"+c.from, "move:nl-peel-mill-north", "enter:"+c.at, "resolve:"+c.at, "stay")
			} else {
				play(t, s, "assault:"+c.at, "resolve:"+c.at, "point:nl-peel-mill-north", "join:nl-peel-mill-south")
			}
			play(t, s, "withdraw:de-panzerzug-1")
			if c.want == nil {
				if s.units[g.unit("de-panzerzug-1")].Loc != locElim {
					t.Fatalf("train %+v, choices %v: with no railway area to retreat into it is eliminated", s.units[g.unit("de-panzerzug-1")], choiceIDs(s))
				}
				return
			}
			if ids := choiceIDs(s); !slices.Equal(ids, c.want) {
				t.Errorf("retreat choices %v, want %v", ids, c.want)
			}
		})
	}
}

// fh40:20.4, 19.6, mgmg:9.621: the armoured train crosses a river only by an
// intact bridge, and from a Contested area never by the enemy's. Fresh in
// Mill (44) with IR 484 beside the Dutch (every other railway out of Mill
// leads into Dutch units, where it goes only carrying a battalion), it may
// not take the Dutch-held Gennep bridge
// into Gennep (37), German and vacant; it makes no Boat Assault either
// (fh40:9.5: infantry only). Once the Germans hold the bridge it crosses.
func TestFH40TrainFromContestedNotOverDutchBridge(t *testing.T) {
	for _, german := range []bool{false, true} {
		s := newFH40(t)
		play(t, s, "done", "pass")
		s = edited(t, s, func(p *Position) {
			moveUnits(p, "44", "de-panzerzug-1", "de-254-ir484")
			moveUnits(p, "eliminated", "nl-rbg-gennep")
			delete(p.Control, "37")
			if german {
				delete(p.Bridges, "37/44")
			}
		})
		play(t, s, "assault:44")
		if !german {
			if slices.Contains(choiceIDs(s), "move:de-panzerzug-1") {
				t.Errorf("choices %v: the train has nowhere to go over the Dutch-held bridge", choiceIDs(s))
			}
			continue
		}
		play(t, s, "move:de-panzerzug-1")
		if ids := choiceIDs(s); !slices.Equal(ids, []string{"enter:37"}) {
			t.Errorf("choices %v, want the German-held bridge into 37 alone", ids)
		}
	}
}

// fh40:20.3, 6.3: the coup's attack is made in the D-Day phase with +1 to
// the German DR, and its DR is no Sunset DR. The battalion in Mill (44):
// AV 3 against DV 9 (Mill North's 3, TEM 2, the Gennep river bridge
// crossed +2 as it is German now, Mill South and the artillery Fresh +2).
// With the +1 it succeeds when its DR is 6 or more above the Dutch one,
// 70 of the 1296 ways two pairs of dice fall (5%), stalemates at 5 above,
// 56 ways (4%). Forced 12 against 2: AT 16 against DT 11, the best the
// German can roll, so the German holding the Advantage is offered no
// reroll (no Sunset DR hangs on it) and the Dutch take 5 casualty points.
func TestFH40CoupAttackOddsNoSunsetDR(t *testing.T) {
	s := newFH40(t)
	s.rng.Force(4)
	play(t, s, demolishID(s, "37", "44"), "coup:de-256-3-481", "coup-to:44", "resolve:44")
	if l := label(t, s, "support-done"); !strings.HasSuffix(l, "(AV 3 against DV 9: failure 90%, stalemate 4%, success 5%)") {
		t.Errorf("label %q: want the odds with the coup's +1", l)
	}
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "support-done", "forward:nl-peel-mill-north")
	if s.step != stCasualty || s.advantage != germans {
		t.Fatalf("step %s, Advantage %s: the roll stands, the Dutch take the casualty points", stepNames[s.step], s.advantage)
	}
	logHas(t, s, "mgmg:10.74", "AT 16 = AV 3 + DR 13 against DT 11 = DV 9 + DR 2: success")
}

// fh40:16.23, 3.6, 12.41, 7.2: what players read names the Germans, not the
// Allies, where fh40 turns mgmg's sides: a mistaken Air Bombardment (DRs 3
// and 3 over a Contested Beek, 27) inflicts half of 6, 3 attrition points,
// on the Germans; the Weather of the second turn is May 11's; the Sunset
// DRM marker moves the German Sunset DRs; a Dutch
// unit taking a place is the Dutch taking it. The lines cite fh40's own
// sections where it restates mgmg's (fh40:1.0).
func TestFH40TextNamesItsSides(t *testing.T) {
	s := newFH40(t)
	g := s.g
	play(t, s, "done", "pass")
	s.put(g.unit("de-254-ir454"), g.at("27"), StepFresh)
	play(t, s, "bombard-area:27", "air:luftwaffe-2")
	s.rng.Force(3, 3, 3, 3)
	play(t, s, "primary:nl-border-beek", "keep")
	logHas(t, s, "fh40:16.23", "a mistaken attack inflicts 3 attrition points on the Germans")
	if ask, _ := s.asks(); !strings.HasPrefix(ask, "Mistaken attack: the Germans take 3 attrition points") {
		t.Errorf("prompt %q: the Germans take the points", ask)
	}
	s = newFH40(t)
	play(t, s, "done", "pass", "pass")
	s.rng.Force(4)
	play(t, s, "done", "done", "keep")
	logHas(t, s, "fh40:6.21", "the weather of May 11 is clear")
	s.updateControl(g.at("36")) // no change: logs nothing
	s.put(g.unit("de-254-ir454"), locElim, StepFresh)
	s.put(g.unit("de-254-ir474"), locElim, StepFresh)
	s.put(g.unit("de-254-ar"), locElim, StepFresh)
	s.put(g.unit("nl-border-beek"), g.at("26"), StepFresh)
	s.updateControl(g.at("26"))
	logHas(t, s, "fh40:7.2", "the Dutch take control of 26 Wyler")
	var c engine.Choice
	s.describeSunsetMarker(2, &c)
	if !strings.HasSuffix(c.Label, "later German Sunset DRs get +2") {
		t.Errorf("label %q: the Sunset DRs are the German's (fh40:12.41)", c.Label)
	}
}

// fh40:12.2, 20.3: an Advantage used in the Bridge Coup Attempt Phase passes
// to the other side as that phase ends, before the Dutch go on with their
// Demolition Phase. The Germans reroll a failed coup dr (3, then 2): the
// coup fails, and the Dutch, now holding the Advantage, may reroll their
// Gennep dr of 4 (4-1 = 3 over the river, short of 5): the reroll's 6
// blows the bridge. Had the Germans used the Advantage earlier, on a Dutch
// demolition dr of the Demolition Phase (5 blows the canal bridge 29/39,
// the reroll's 1 does not), it stays used through the coup and passes only
// as the Demolition Phase ends.
func TestFH40CoupAdvantagePassesAtCoupEnd(t *testing.T) {
	s := newFH40(t)
	g := s.g
	s.rng.Force(3, 2, 4, 6)
	play(t, s, demolishID(s, "37", "44"), "coup:de-256-3-481", "reroll")
	if s.step != stReroll || s.active != allies || s.advantage != allies {
		t.Fatalf("step %s, to move %s, Advantage %s: the Dutch may reroll the Gennep dr", stepNames[s.step], s.active, s.advantage)
	}
	play(t, s, "reroll")
	if s.bridges[fh40Bridge(s, "37", "44")].Held != heldBlown || s.advantage != nobody || s.units[g.unit("de-panzerzug-1")].Loc != locElim {
		t.Errorf("bridge %s, Advantage %s: the reroll's 6 blows it, the Advantage used", bridgeHeldNames[s.bridges[fh40Bridge(s, "37", "44")].Held], s.advantage)
	}

	s = newFH40(t)
	s.rng.Force(5, 1, 3, 4)
	play(t, s, demolishID(s, "29", "39"), "reroll", demolishID(s, "37", "44"), "coup:de-256-3-481")
	if s.step != stDemolition || s.advantage != nobody || s.bridges[fh40Bridge(s, "37", "44")].Held != heldAllied {
		t.Fatalf("step %s, Advantage %s: no reroll of the Gennep dr; the Advantage passes only as the phase ends", stepNames[s.step], s.advantage)
	}
	play(t, s, "done")
	if s.advantage != allies {
		t.Errorf("Advantage %s: the Dutch's as the Demolition Phase ends", s.advantage)
	}

	s = newFH40(t) // a position written amid the coup keeps whether the Germans held the Advantage
	s.rng.Force(4)
	play(t, s, demolishID(s, "37", "44"), "coup:de-256-3-481")
	if back := edited(t, s, func(*Position) {}); s.step != stCoupTo || !back.coupHeld || back.Hash() != s.Hash() {
		t.Errorf("step %s, held %v: the position keeps coup_advantage_held", stepNames[s.step], back.coupHeld)
	}
}

// fh40:4.5, 4.6: the text board's legend says that the Held! markers are
// the Germans' and that the places marked dutch are the Dutch's.
func TestFH40TextLegend(t *testing.T) {
	s := newFH40(t)
	text := s.Text("german")
	if !strings.Contains(text, "Held!: river and canal boundaries the Germans hold (fh40:4.6)") || strings.Contains(text, "Allied control marker") {
		t.Errorf("legend: %s", text[strings.Index(text, "legend:"):])
	}
}
