package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// withAdvantage is s with sd holding the Advantage.
func withAdvantage(t *testing.T, s *State, sd side) *State {
	t.Helper()
	return edited(t, s, func(p *Position) { p.Advantage = sd.String() })
}

// TestDoubleImpulseSameArea (mgmg:12.3, mgmg:12.5, mgmg:6.3, mgmg:8.1: two
// impulses in a row only by forfeiting the Advantage): the Germans, holding
// the Advantage, move the 1/19 SS out of 36; their first activation over,
// they may spend the Advantage to activate 36 again and move the 2/19 SS.
// The Advantage belongs to nobody until the impulse ends, then to the
// Allies; the Advantage marker has not moved: one impulse on the track.
func TestDoubleImpulseSameArea(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, germans, "clear", []UnitPos{
		{ID: "de-9ss-1-19", At: "36", Level: "fresh"}, {ID: "de-9ss-2-19", At: "36", Level: "fresh"},
	}, nil), germans)
	play(t, s, "assault:36", "move:de-9ss-1-19", "enter:37", "stop", "end-impulse")
	if got := ids(s); !slices.Equal(got, []string{"single", "assault:36"}) || s.active != germans {
		t.Fatalf("%s chooses among %v; want the German offered 36 again as a Double Impulse, or none", s.active, got)
	}
	if l := s.Describe(act(kAssaultImpulse, int(s.g.at("36")))).Label; !strings.Contains(l, "Double Impulse") {
		t.Errorf("label %q; want it to say the Double Impulse spends the Advantage", l)
	}
	if s.units[s.g.unit("de-9ss-1-19")].Level != StepSpent {
		t.Errorf("the 1/19 SS is %s after the first activation, want Spent (mgmg:8.3)", s.units[s.g.unit("de-9ss-1-19")].Level)
	}
	play(t, s, "assault:36")
	if s.advantage != nobody || s.advantageNext != allies {
		t.Errorf("Advantage %s, next %s; want nobody's until the impulse ends, then the Allies' (mgmg:12.5)", s.advantage, s.advantageNext)
	}
	if got := ids(s); !slices.Equal(got, []string{"move:de-9ss-2-19", "end-impulse"}) {
		t.Fatalf("second activation's choices %v; want only the 2/19 SS to move (the 1/19 is Spent)", got)
	}
	play(t, s, "move:de-9ss-2-19", "enter:37", "stop", "end-impulse")
	if s.step != stImpulse || s.active != allies || s.impulse != 3 || s.advantage != allies {
		t.Errorf("step %s, %s to move at Impulse %s, Advantage %s; want the Allied Impulse 3 with the Advantage", stepNames[s.step], s.active, impulseName(s.impulse), s.advantage)
	}
}

// TestNoDoubleWithoutAdvantage (mgmg:12.3): a German without the Advantage
// has no second activation: the Allied impulse follows at once.
func TestNoDoubleWithoutAdvantage(t *testing.T) {
	s := impulseOf(t, 20, germans, "clear", []UnitPos{
		{ID: "de-9ss-1-19", At: "36", Level: "fresh"}, {ID: "de-9ss-2-19", At: "36", Level: "fresh"},
	}, nil)
	play(t, s, "assault:36", "move:de-9ss-1-19", "enter:37", "stop", "end-impulse")
	if s.active != allies || s.stack.top().Side != allies {
		t.Errorf("%s to move; want the Allied impulse", s.active)
	}
}

// zoneFImpulse: the Allied Impulse 3 of September 20, the Germans holding
// the Advantage, the 2nd Grenadier Guards in Valkenswaard (64) and the 1st
// in Zone F, both Corps-Controlled with Eindhoven (63).
func zoneFImpulse(t *testing.T) *State {
	return withAdvantage(t, impulseOf(t, 20, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "64", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "F", Level: "fresh"},
	}, map[string]string{"64": "corps", "63": "corps", "F": "corps"}), germans)
}

// TestZoneFActivation (mgmg:14.5, 6.3, 12.3): after activating Valkenswaard
// and making the Sunset DR (2 + 2 = 4 > 3) the Allies may activate Zone F,
// the Advantage neither spent nor held. The second activation makes no
// Sunset DR; the first one's advances the marker to 4 once it is over.
func TestZoneFActivation(t *testing.T) {
	s := zoneFImpulse(t)
	s.rng.Force(2, 2)
	play(t, s, "assault:64", "move:gb-gds-2-gren", "enter:63", "stop", "end-impulse", "keep")
	if got := ids(s); !slices.Equal(got, []string{"single", "assault:F"}) {
		t.Fatalf("choices %v; want Zone F's activation or none", got)
	}
	if l := s.Describe(act(kAssaultImpulse, int(s.g.zoneF))).Label; !strings.Contains(l, "Zone F activation") {
		t.Errorf("label %q; want it marked the Zone F activation", l)
	}
	rolls := s.rng.Rolls
	play(t, s, "assault:F", "move:gb-gds-1-gren", "enter:64", "stop", "end-impulse")
	if s.rng.Rolls != rolls {
		t.Errorf("%d dice rolled in the second activation; it has no Sunset DR (mgmg:12.3)", s.rng.Rolls-rolls)
	}
	if s.step != stImpulse || s.active != germans || s.impulse != 4 || s.advantage != germans {
		t.Errorf("step %s, %s to move at Impulse %s, Advantage %s; want German Impulse 4, the Advantage still German's", stepNames[s.step], s.active, impulseName(s.impulse), s.advantage)
	}
}

// TestZoneFAfterSunset (mgmg:6.3, 14.5): a Sunset DR of 2 below Impulse 3
// ends the day only once the Allies have finished: Zone F may still be
// activated, and the Refit Phase follows it.
func TestZoneFAfterSunset(t *testing.T) {
	s := zoneFImpulse(t)
	s.rng.Force(1, 1)
	play(t, s, "assault:64", "move:gb-gds-2-gren", "enter:63", "stop", "end-impulse", "keep", "assault:F", "move:gb-gds-1-gren", "enter:64")
	if s.Phase() != phaseDaylight {
		t.Fatalf("phase %s during the Zone F activation; want the Daylight Phase", s.Phase().Name)
	}
	play(t, s, "stop", "end-impulse")
	if s.Phase() != phaseRefit {
		t.Errorf("phase %s; want the Refit Phase once the Zone F activation is over", s.Phase().Name)
	}
}

// TestZoneFFirstHasNoSecondZoneF (mgmg:14.5): Zone F's activation comes
// after another; activated first, it offers no free second one, and without
// the Advantage nothing follows.
func TestZoneFFirstHasNoSecondZoneF(t *testing.T) {
	s := zoneFImpulse(t)
	s.rng.Force(6, 6)
	play(t, s, "assault:F", "move:gb-gds-1-gren", "enter:64", "stop", "end-impulse", "keep")
	if s.active != germans || s.impulse != 4 {
		t.Errorf("%s to move at Impulse %s; want German Impulse 4", s.active, impulseName(s.impulse))
	}
}

// TestNoDoubleAfterAirBombardment (mgmg:16.21, 16.2): an Air Bombardment is
// the Allies' only action: no Double Impulse and no Zone F activation
// follow it, though they hold the Advantage and units wait in Zone F.
func TestNoDoubleAfterAirBombardment(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, allies, "clear", []UnitPos{
		{ID: "gb-gds-2-gren", At: "64", Level: "fresh"}, {ID: "gb-gds-1-gren", At: "F", Level: "fresh"},
		{ID: "de-eindhoven-garrison", At: "63", Level: "fresh"},
	}, map[string]string{"64": "corps", "F": "corps"}), allies)
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "bombard-area:63", "air:raf-2-group", "primary:de-eindhoven-garrison", "keep")
	for s.step == stAttrition {
		play(t, s, ids(s)[0])
	}
	if s.active != germans || s.stack.top().Side != germans {
		t.Errorf("step %s, %s to move with %v; want the German impulse at once", stepNames[s.step], s.active, ids(s))
	}
}

// TestImpulseView: the view shows the impulse in progress to both seats:
// the Zone F activation after the first (mgmg:14.5), and no loss yet.
func TestImpulseView(t *testing.T) {
	s := zoneFImpulse(t)
	s.rng.Force(2, 2)
	play(t, s, "assault:64", "move:gb-gds-2-gren", "enter:63", "stop", "end-impulse", "keep")
	if v := s.View("german").(View).InProgress; v == nil || v.Activation != "offered" || v.Side != "allied" {
		t.Fatalf("view of the impulse %+v; want the Allied impulse offering a second activation", v)
	}
	play(t, s, "assault:F")
	if v := s.View("allied").(View).InProgress; v.Activation != "zone-f" || v.Lost != (SideNumbers{}) {
		t.Errorf("view of the impulse %+v; want the Zone F activation, nothing lost", v)
	}
}

// TestSimultaneousDoubleImpulse (mgmg:12.3): the Germans, holding the
// Advantage, activate 36 and declare 26 with it: the 1/19 SS from 36 and
// the 2/19 SS from 26 both enter Groesbeek (35) and make one Mandatory
// Assault together, eliminating the 1/504. No second activation follows;
// the German moves the Sunset DRM marker a space for the Allied unit lost
// by the Allies without the Advantage (mgmg:12.41), and the Advantage
// passes to the Allies as the impulse ends.
func TestSimultaneousDoubleImpulse(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, germans, "clear", []UnitPos{
		{ID: "de-9ss-1-19", At: "36", Level: "fresh"}, {ID: "de-9ss-2-19", At: "26", Level: "fresh"},
		{ID: "us-1-504", At: "35", Level: "disrupt-2"},
	}, map[string]string{"35": "airborne"}), germans)
	play(t, s, "assault:36")
	if got := ids(s); !slices.Equal(got, []string{"move:de-9ss-1-19", "end-impulse", "also:26"}) {
		t.Fatalf("choices %v; want 26 offered as a second Active Area", got)
	}
	play(t, s, "also:26")
	if s.advantage != nobody || s.advantageNext != allies {
		t.Errorf("Advantage %s, next %s; want it spent (mgmg:12.5)", s.advantage, s.advantageNext)
	}
	play(t, s, "move:de-9ss-1-19", "enter:35", "move:de-9ss-2-19")
	if got := ids(s); !slices.Contains(got, "enter:36") {
		t.Fatalf("entries of the 2/19 SS %v; want them from 26, 36 among them", got)
	}
	play(t, s, "enter:35", "resolve:35")
	if got := ids(s); !slices.Equal(got, []string{"point:de-9ss-1-19", "point:de-9ss-2-19"}) {
		t.Fatalf("Point Units %v; want both battalions assaulting together", got)
	}
	s.rng.Force(6, 6, 1, 1)
	play(t, s, "point:de-9ss-1-19", "end-impulse", "sunset-drm:+0")
	if s.active != allies || s.stack.top().Side != allies || s.advantage != allies {
		t.Errorf("%s to move, Advantage %s, choices %v; want the Allied impulse with the Advantage", s.active, s.advantage, ids(s))
	}
}

// TestLandingWithDropArea (mgmg:18.42, 12.3): spending the Advantage the
// Allies activate the United Kingdom box and Drop Area 6 together: the
// 10th Parachute lands in 6 and moves on with the 1st Parachute, already
// there, into 5, where they assault the Spent Krafft battalion together:
// 1 MF to enter Airborne-Controlled 6, 3 to enter 5, the 10th's 4 MF.
func TestLandingWithDropArea(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 19, allies, "clear", []UnitPos{
		{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}, {ID: "gb-1abn-1-para", At: "6", Level: "fresh"},
		{ID: "de-ss-krafft", At: "5", Level: "spent"},
	}, map[string]string{"6": "airborne"}), allies)
	play(t, s, "assault:UK")
	if got := ids(s); !slices.Equal(got, []string{"land:gb-1abn-10-para:6", "also:6"}) {
		t.Fatalf("choices %v; want the landing, or 6 declared with the box", got)
	}
	play(t, s, "also:6", "land:gb-1abn-10-para:6", "done")
	play(t, s, "move:gb-1abn-10-para", "enter:5", "move:gb-1abn-1-para", "enter:5", "resolve:5")
	if got := ids(s); !slices.Equal(got, []string{"point:gb-1abn-1-para", "point:gb-1abn-10-para"}) {
		t.Errorf("Point Units %v; want the landed and the waiting battalion together", got)
	}
}

// TestZoneFArrivalsActivateAtOnce (mgmg:18.3, 14.5): on September 20 the
// 2nd Grenadier Guards take Eindhoven (63) for XXX Corps, which already
// holds Veghel (51): the 43rd Division arrives in Zone F at that instant,
// and its units may be activated at once, as the Zone F activation of the
// same impulse.
func TestZoneFArrivalsActivateAtOnce(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, allies, "clear", []UnitPos{{ID: "gb-gds-2-gren", At: "64", Level: "fresh"}},
		map[string]string{"64": "corps", "51": "corps", "F": "corps"}), germans)
	s.rng.Force(6, 6)
	play(t, s, "assault:64", "move:gb-gds-2-gren", "enter:63", "stop", "end-impulse", "keep")
	if got := ids(s); !slices.Equal(got, []string{"single", "assault:F"}) || s.units[s.g.unit("gb-43-129")].Loc != s.g.zoneF {
		t.Errorf("choices %v, the 129th Brigade at %d; want it in Zone F and Zone F's activation offered", got, s.units[s.g.unit("gb-43-129")].Loc)
	}
}

// TestDoubleImpulseKeepsAssaulted (mgmg:12.3, 10.1): the 1/19 SS assaults
// Groesbeek (35) from 36 and fails; in the Double Impulse that follows the
// 2/19 SS, activated in 26, may not enter 35, assaulted this impulse.
func TestDoubleImpulseKeepsAssaulted(t *testing.T) {
	s := withAdvantage(t, impulseOf(t, 20, germans, "clear", []UnitPos{
		{ID: "de-9ss-1-19", At: "36", Level: "fresh"}, {ID: "de-9ss-2-19", At: "26", Level: "fresh"},
		{ID: "us-1-504", At: "35", Level: "fresh"},
	}, map[string]string{"35": "airborne"}), germans)
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "assault:36", "move:de-9ss-1-19", "enter:35", "resolve:35", "keep")
	for s.step != stImpulse {
		play(t, s, ids(s)[len(ids(s))-1]) // the forced retreat, then the defender stays
	}
	play(t, s, "end-impulse", "assault:26", "move:de-9ss-2-19")
	if got := ids(s); slices.Contains(got, "enter:35") || !slices.Contains(got, "enter:36") {
		t.Errorf("entries %v; want 36, not 35, assaulted in the first activation", got)
	}
}
