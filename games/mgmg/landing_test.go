package mgmg

import (
	"slices"
	"strings"
	"testing"
)

// ukImpulse is the Allied Impulse 3 of September day, Clear, with the
// units given.
func ukImpulse(t *testing.T, day int, us []UnitPos) *State {
	return impulseOf(t, day, allies, "clear", us, nil)
}

// TestLandingFromUK (mgmg:18.42, 18.41, 18.44, 18.5): on September 19 the
// 10th, 11th and 156th Parachute battalions in the United Kingdom box land
// where their counters say, Drop Area 6 (Polish brigade's 17 is theirs);
// three units leave the box at most, so the 1st Polish waits. Two Fresh
// FLAK units next to 6 give it an Interdiction Value of 2: dr 1 < 2 lands
// the 10th Spent and Disrupt 1, dr 2 = 2 the 11th Spent, dr 3 > 2 leaves
// the 156th Fresh. It alone may move on, having paid 2 MF to enter
// German-Controlled 6; ending the impulse, it stays Fresh there.
func TestLandingFromUK(t *testing.T) {
	s := ukImpulse(t, 19, []UnitPos{
		{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}, {ID: "gb-1abn-11-para", At: UnitedKingdom, Level: "fresh"},
		{ID: "gb-1abn-156-para", At: UnitedKingdom, Level: "fresh"}, {ID: "pl-1-para", At: UnitedKingdom, Level: "fresh"},
		{ID: "de-flak-swoboda", At: "10", Level: "fresh"}, {ID: "de-flak-nijmegen", At: "2", Level: "fresh"},
	})
	play(t, s, "assault:UK")
	want := []string{"land:gb-1abn-10-para:6", "land:gb-1abn-11-para:6", "land:gb-1abn-156-para:6", "land:pl-1-para:17"}
	if got := ids(s); !slices.Equal(got, want) {
		t.Fatalf("landings %v; want each unit's printed Drop Area only (mgmg:18.5): %v", got, want)
	}
	if l := s.Describe(act(kLand, int(s.g.unit("gb-1abn-10-para"))|int(s.g.at("6"))<<8)).Label; !strings.Contains(l, "Interdiction Value 2") {
		t.Errorf("label %q; want the Interdiction Value 2", l)
	}
	play(t, s, "land:gb-1abn-10-para:6", "land:gb-1abn-11-para:6", "land:gb-1abn-156-para:6")
	if got := ids(s); !slices.Equal(got, []string{"done"}) {
		t.Fatalf("choices %v after three landings; want done only (mgmg:18.41)", got)
	}
	s.rng.Force(1, 2, 3)
	play(t, s, "done", "keep", "keep") // the 3 lands unharmed: no reroll betters it for the Allies, who hold the Advantage (mgmg:12.2)
	checkLevels(t, s, map[string]Step{"gb-1abn-10-para": StepDisrupt1, "gb-1abn-11-para": StepSpent, "gb-1abn-156-para": StepFresh, "de-flak-swoboda": StepFresh})
	if got := ids(s); !slices.Contains(got, "move:gb-1abn-156-para") || slices.Contains(got, "move:gb-1abn-11-para") {
		t.Fatalf("choices %v; want the 156th alone free to move on", got)
	}
	play(t, s, "move:gb-1abn-156-para")
	if got := ids(s); !slices.Contains(got, "enter:5") || slices.Contains(got, "enter:2") {
		t.Errorf("entries %v; want Vacant 5 (2 MF of the 2 left), not 2 (4 MF for its Fresh FLAK)", got)
	}
	s = ukImpulse(t, 19, []UnitPos{{ID: "gb-1abn-156-para", At: UnitedKingdom, Level: "fresh"}})
	s.rng.Force(6, 6)
	play(t, s, "assault:UK", "land:gb-1abn-156-para:6", "done", "end-impulse", "keep")
	if st := s.units[s.g.unit("gb-1abn-156-para")]; st.Loc != s.g.at("6") || st.Level != StepFresh || s.control[s.g.at("6")] != ctlAirborne {
		t.Errorf("the 156th %+v, 6 %s; want it Fresh in Airborne-Controlled 6 (mgmg:18.42, 7.2)", st, controlNames[s.control[s.g.at("6")]])
	}
}

// TestLandingAssault (mgmg:18.43, 18.5, 3.261, 10.741): on September 20 the
// 10th Parachute may land in any red Drop Area of the Red Devils' sector
// (5, 6, 11, 17, 24). Into 11, German-Controlled and uncontested with the
// Spent Krafft battalion, it must assault; AT 2 + its AV against 12 + the
// DV fails, and it does not retreat: it stays Disrupt 1 in 11.
func TestLandingAssault(t *testing.T) {
	s := ukImpulse(t, 20, []UnitPos{
		{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}, {ID: "de-ss-krafft", At: "11", Level: "spent"},
	})
	play(t, s, "assault:UK")
	if got := ids(s); !slices.Equal(got, []string{"land:gb-1abn-10-para:5", "land:gb-1abn-10-para:6", "land:gb-1abn-10-para:11", "land:gb-1abn-10-para:17", "land:gb-1abn-10-para:24"}) {
		t.Fatalf("landings %v; want the five red Drop Areas", got)
	}
	play(t, s, "land:gb-1abn-10-para:11", "done")
	if got := ids(s); !slices.Equal(got, []string{"resolve:11"}) {
		t.Fatalf("choices %v; want the Mandatory Assault in 11 alone", got)
	}
	s.rng.Force(1, 1, 6, 6)
	play(t, s, "resolve:11", "keep")
	if s.step == stAttackerRetreat {
		t.Fatalf("choices %v; the landed unit does not retreat (mgmg:18.43)", ids(s))
	}
	if st := s.units[s.g.unit("gb-1abn-10-para")]; st.Loc != s.g.at("11") || st.Level != StepDisrupt1 {
		t.Errorf("the 10th %+v; want it Disrupt 1 in 11", st)
	}
}

// TestNoLandingInOvercast (mgmg:17.3, 18.4): no Airborne Reinforcement
// lands in an Overcast impulse: the box is not offered.
func TestNoLandingInOvercast(t *testing.T) {
	s := impulseOf(t, 19, allies, "overcast", []UnitPos{{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}}, nil)
	if got := ids(s); slices.Contains(got, "assault:UK") {
		t.Errorf("activations %v; want no United Kingdom box", got)
	}
}

// TestArtilleryLandsAccompanied (mgmg:18.41, 18.43, 18.44): the 1st
// Airborne's artillery may land in no German-Controlled, uncontested Drop
// Area (every red one here) until the 10th Parachute is declared into 11,
// where Krafft stands: then in 11 alone. Interdiction (one Fresh FLAK unit
// next to 11: value 1), rolled in the order of battle, leaves the artillery
// Fresh on a 2 and lands the 10th Spent on a 1; with no Point Unit Fresh,
// no assault follows, and nothing else is left to do.
func TestArtilleryLandsAccompanied(t *testing.T) {
	s := ukImpulse(t, 20, []UnitPos{
		{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}, {ID: "gb-1abn-art", At: UnitedKingdom, Level: "fresh"},
		{ID: "de-ss-krafft", At: "11", Level: "spent"}, {ID: "de-flak-swoboda", At: "10", Level: "fresh"},
	})
	play(t, s, "assault:UK")
	if got := ids(s); slices.ContainsFunc(got, func(id string) bool { return strings.HasPrefix(id, "land:gb-1abn-art:") }) {
		t.Fatalf("landings %v; want none for the artillery yet", got)
	}
	play(t, s, "land:gb-1abn-10-para:11")
	if got := slices.DeleteFunc(ids(s), func(id string) bool { return !strings.HasPrefix(id, "land:gb-1abn-art:") }); !slices.Equal(got, []string{"land:gb-1abn-art:11"}) {
		t.Fatalf("artillery landings %v; want 11 alone, Contested now", got)
	}
	s.rng.Force(2, 1)
	play(t, s, "land:gb-1abn-art:11", "done", "keep") // the artillery's 1 lands it unharmed: no reroll offered (mgmg:12.2)
	checkLevels(t, s, map[string]Step{"gb-1abn-10-para": StepSpent, "gb-1abn-art": StepFresh})
	if got := ids(s); !slices.Equal(got, []string{"end-impulse"}) {
		t.Errorf("choices %v; want only to end the impulse: no Point Unit to assault", got)
	}
}

// TestDeelenLanding (mgmg:22.2, 18.42): in the Extended Game the 52nd
// Division's brigades, waiting in the United Kingdom box, land at Deelen
// (9) alone, though it is no Drop Area.
func TestDeelenLanding(t *testing.T) {
	s := edited(t, newTestState(t, "extended"), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Weather, p.Advantage = 22, "impulse", "allied", "3", "clear", "german"
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
		p.Units = []UnitPos{{ID: "gb-52-155", At: UnitedKingdom, Level: "fresh"}, {ID: "gb-1abn-kosb", At: "9", Level: "fresh"}}
		p.Control = map[string]string{"9": "airborne"}
	})
	play(t, s, "assault:UK")
	if got := ids(s); !slices.Equal(got, []string{"land:gb-52-155:9"}) {
		t.Errorf("landings %v; want Deelen alone", got)
	}
}

// TestUKActivationLabel: the box's activation says what it does (mgmg:18.42).
func TestUKActivationLabel(t *testing.T) {
	s := ukImpulse(t, 19, []UnitPos{{ID: "gb-1abn-10-para", At: UnitedKingdom, Level: "fresh"}})
	if c := s.Describe(act(kAssaultImpulse, int(s.g.uk))); c.ID != "assault:UK" || !strings.Contains(c.Label, "airborne units land") || c.Rule != "mgmg:18.42" {
		t.Errorf("choice %+v; want the landing activation labelled, citing mgmg:18.42", c)
	}
}
