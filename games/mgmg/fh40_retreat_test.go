package mgmg

import (
	"slices"
	"testing"
)

// playFight plays an assault's steps until its defender may retreat: no
// artillery support, every roll kept.
func playFight(t *testing.T, s *State) {
	t.Helper()
	for n := 0; s.step != stVoluntary && n < 20; n++ {
		switch {
		case s.step == stReroll:
			play(t, s, "keep")
		case slices.Contains(choiceIDs(s), "support-done"):
			play(t, s, "support-done")
		default:
			t.Fatalf("step %s, choices %v: want the assault's rolls and then the defender's retreat", stepNames[s.step], choiceIDs(s))
		}
	}
}

// millRetreat is Mill (44) held by the Spent Mill North battalion alone,
// assaulted from Boxmeer (45) by a panzer battalion that fails (DRs 2
// against 12); the battalion then retreats of its own will (fh40:10.91),
// the position edited by edit first. It returns the game at the retreat's
// first choice.
func millRetreat(t *testing.T, edit func(p *Position)) *State {
	t.Helper()
	s := newFH40(t)
	play(t, s, "done", "pass")
	s = edited(t, s, func(p *Position) {
		for i := range p.Units {
			switch u := &p.Units[i]; u.ID {
			case "nl-border-boxmeer", "nl-rbg-boxmeer", "nl-peel-mill-south", "nl-peel-art-mill":
				u.At, u.Level = "eliminated", "fresh"
			case "de-9pz-1-33":
				u.At = "45"
			case "nl-peel-mill-north":
				u.Level = "spent"
			}
		}
		delete(p.Control, "45")
		edit(p)
	})
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "assault:45", "move:de-9pz-1-33", "enter:44", "resolve:44")
	playFight(t, s)
	play(t, s, "withdraw:nl-peel-mill-north")
	return s
}

// moveUnits puts the units ids in place at.
func moveUnits(p *Position, at string, ids ...string) {
	for i := range p.Units {
		if slices.Contains(ids, p.Units[i].ID) {
			p.Units[i].At = at
		}
	}
}

// tenDutch fills Cuijk (42) or Reek (43), two Dutch units there already,
// with eight more: ten, fully stacked (fh40:10.91, mgmg:7.1).
func tenDutch(p *Position, at string) {
	more := map[string][]string{
		"42": {"nl-peel-uden", "nl-peel-helmond", "nl-peel-griendtsveen", "nl-peel-veghel", "nl-border-beek", "nl-border-groesbeek", "nl-mw-hatert", "nl-mw-malden"},
		"43": {"nl-peel-grave", "nl-peel-art-grave", "nl-border-mook", "nl-bosch", "nl-oss", "nl-mw-overasselt", "nl-nijmegen", "nl-border-venlo"},
	}
	moveUnits(p, at, more[at]...)
}

// fh40:10.92, fh40:10.91: the Mill battalion's retreat. Its neighbours: Cuijk
// (42) and Reek (43), Dutch and next to no German-Controlled area; Mortel
// (53), next to German Boxmeer; Gennep (37) and Mook (38) across the Maas,
// with no bridge it may use (the Gennep railway bridge is the train's,
// fh40:19.6), Boxmeer German. Priority 1 and the fewest enemy neighbours: 42
// or 43, the Dutch player's pick. A German battalion in 42 (still Dutch) and
// one in 43 (German-Controlled), Mortel German: 42, friendly Contested
// (priority 2), before 43. With 42 fully stacked: 43, enemy Contested
// (priority 3), before the full area (4).
func TestFH40RetreatPriorities(t *testing.T) {
	contested := func(p *Position) {
		moveUnits(p, "42", "de-254-ir454")
		moveUnits(p, "43", "de-254-ir474")
		delete(p.Control, "43")
		moveUnits(p, "eliminated", "nl-peel-mortel")
		moveUnits(p, "53", "de-254-ir484")
		delete(p.Control, "53")
	}
	for _, c := range []struct {
		name string
		edit func(*Position)
		want []string
	}{
		{"free, fewest enemy neighbours", func(*Position) {}, []string{"retreat-to:42", "retreat-to:43"}},
		{"friendly Contested before enemy Contested", contested, []string{"retreat-to:42"}},
		{"enemy Contested before fully stacked", func(p *Position) { contested(p); moveUnits(p, "eliminated", "de-254-ir454"); tenDutch(p, "42") }, []string{"retreat-to:43"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sorted(choiceIDs(millRetreat(t, c.edit))); !slices.Equal(got, c.want) {
				t.Errorf("retreat choices %v, want %v", got, c.want)
			}
		})
	}
}

// fh40:10.91, fh40:10.92: with Cuijk (42) and Reek (43) fully stacked and
// Mortel (53) German, the Mill battalion may only retreat through a full
// area; from Cuijk it goes on by the priorities, never back into Mill nor
// into the full Reek: Grave (41), next to no German area, rather than Mook
// (38, over the Dutch bridge), which borders the German Reichswald; Malden
// (33) lies across the Maas with no bridge. Cuijk keeps its ten.
func TestFH40RetreatThroughFullyStacked(t *testing.T) {
	s := millRetreat(t, func(p *Position) {
		moveUnits(p, "eliminated", "nl-peel-mortel")
		moveUnits(p, "53", "de-254-ir484")
		delete(p.Control, "53")
		tenDutch(p, "42")
		tenDutch(p, "43")
	})
	if got := sorted(choiceIDs(s)); !slices.Equal(got, []string{"retreat-to:42", "retreat-to:43"}) {
		t.Fatalf("retreat choices %v: both full areas, priority 4", got)
	}
	play(t, s, "retreat-to:42")
	if got := choiceIDs(s); !slices.Equal(got, []string{"retreat-to:41"}) {
		t.Fatalf("retreat choices on from Cuijk %v, want Grave", got)
	}
	play(t, s, "retreat-to:41")
	unitAt(t, s, "nl-peel-mill-north", "41", StepSpent)
	if n := s.count(s.g.at("42"), allies); n != stackLimit {
		t.Errorf("Cuijk holds %d Dutch units, want its ten", n)
	}
}

// fh40:19.6: a retreat crosses the Gennep railway bridge (37/44) only as the
// train: the Mill battalion finds the Maas there unbridged; the train
// crosses by the bridge.
func TestFH40RetreatNotByRailBridge(t *testing.T) {
	s := newFH40(t)
	g := s.g
	mill, gennep := int(g.at("44")), int(g.at("37"))
	if got := s.retreatCrossing(g.unit("nl-peel-mill-north"), mill, gennep); got != -2 {
		t.Errorf("the Mill battalion over the railway bridge: %d, want -2, no crossing", got)
	}
	if got := s.retreatCrossing(g.unit("de-panzerzug-1"), mill, gennep); got != fh40Bridge(s, "37", "44") {
		t.Errorf("the train over the railway bridge: %d, want the bridge", got)
	}
}

// fh40:10.92, fh40:7.2: no German exception for German-Controlled zones in
// fh40's priorities, and a zone's Control counts for Victory Points only. A
// German battalion holding Gennep (37) alone, assaulted from Mook (38) by
// the Mook border battalion, which fails (DRs 2 against 12), withdraws: the
// Reichswald (36, nine German units) is Free; Zone D, German-Controlled but
// holding the Venlo battalion besides 9th Panzer, is enemy ground (priority
// 3); Mook Dutch; Boxmeer and Mill across the Maas. Only the Reichswald.
// With 9th Panzer gone from Zone D, the Venlo battalion alone there, Zone D
// is enemy-occupied: no retreat into it either.
func TestFH40GermanRetreatNoZoneException(t *testing.T) {
	for _, panzers := range []bool{true, false} {
		s := newFH40(t)
		play(t, s, "done")
		s = edited(t, s, func(p *Position) {
			moveUnits(p, "eliminated", "nl-rbg-gennep")
			moveUnits(p, "37", "de-256-3-481")
			moveUnits(p, "26", "de-256-pi")
			moveUnits(p, "D", "nl-border-venlo")
			if !panzers {
				moveUnits(p, "C", "de-9pz-1-33", "de-9pz-2-33", "de-9pz-aa9", "de-9pz-sr11", "de-9pz-k59", "de-9pz-ar102", "de-9pz-stug", "de-9pz-pi86")
			}
			delete(p.Control, "37")
		})
		s.rng.Force(1, 1, 6, 6)
		play(t, s, "assault:38", "move:nl-border-mook", "enter:37", "resolve:37")
		playFight(t, s)
		play(t, s, "withdraw:de-256-3-481")
		if got := choiceIDs(s); !slices.Equal(got, []string{"retreat-to:36"}) {
			t.Errorf("9th Panzer in Zone D %v: retreat choices %v, want the Reichswald only", panzers, got)
		}
	}
}

// fh40:6.5, fh40:7.2: a unit regroups into an adjacent Free Area or Zone; a
// Zone, Controlled for Victory Points only, is Free to a side with no enemy
// unit in it: with the Venlo battalion gone, a German regiment in Boxmeer
// (45) may regroup into Zone E, Dutch-Controlled until the turn's count.
func TestFH40RegroupIntoZone(t *testing.T) {
	s := newFH40(t)
	g := s.g
	ir, p45, ze := g.unit("de-254-ir454"), g.at("45"), g.at("E")
	for _, id := range []string{"nl-border-boxmeer", "nl-rbg-boxmeer"} {
		s.put(g.unit(id), locElim, StepFresh)
	}
	s.put(ir, p45, StepSpent)
	s.setControl(p45, ctlGerman)
	if s.mayRegroup(ir, int(p45), int(ze)) {
		t.Fatal("the Venlo battalion holds Zone E: no regroup into it")
	}
	s.put(g.unit("nl-border-venlo"), locElim, StepFresh)
	if s.controller(ze) != allies || !s.mayRegroup(ir, int(p45), int(ze)) {
		t.Error("Zone E, still Dutch-Controlled, holds no Dutch unit: Free to the German regroup (fh40:7.2)")
	}
}
