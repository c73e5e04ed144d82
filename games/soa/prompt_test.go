package soa

import (
	"slices"
	"strings"
	"testing"

	"sandtable/engine"
)

// rtPhases is the phase each seat's view shows.
func rtPhases(s *State) []string {
	var out []string
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		out = append(out, s.View(seat).(View).Phase.ID)
	}
	return out
}

// rtPrompt is the prompt a seat's view carries.
func rtPrompt(s *State, seat engine.Seat) engine.Prompt { return s.View(seat).(View).Prompt }

// soa:6.3, 8.41: a reroll offer of a fire belongs to the Movement/Fire
// Phase. The German fires from 16 at 17: AV 5 against DV 20, no effect
// (rtFire16At17); the British hold the Tactical Advantage and are asked,
// the German waits, told no more than the roll every seat sees.
func TestPhaseOfAFireReroll_soa6_3_8_41(t *testing.T) {
	s := rtFire16At17(t)
	if s.step != stReroll {
		t.Fatalf("step %s, want the reroll offer", stepNames[s.step])
	}
	rtWant(t, "phases", rtPhases(s), []string{"movement-fire", "movement-fire", "movement-fire"})
	if p := rtPrompt(s, "british"); p != (engine.Prompt{Text: "Keep this fire roll, or reroll it with the Tactical Advantage", Rule: "soa:8.41"}) {
		t.Errorf("the British are asked %+v", p)
	}
	if p := rtPrompt(s, "german").Text; p != "Waiting for the British: whether to reroll the fire at 17: AV 5 against DV 20, no effect" {
		t.Errorf("the German is told %q", p)
	}
	if p := rtPrompt(s, engine.Spectator).Text; p != "British to move: whether to reroll the fire at 17: AV 5 against DV 20, no effect" {
		t.Errorf("a spectator is told %q", p)
	}
}

// soa:6.4, 9.6, 8.41: a reroll offer of a close combat roll belongs to the
// Close Combat Phase, in every seat's view, which shows no impulse. The British attack first in 11
// (the German holds the advantage, soa:8.45) and roll 1; the German may
// reroll it.
func TestPhaseOfACloseCombatReroll_soa6_4_9_6_8_41(t *testing.T) {
	s := ccState(t, options{})
	ccPut(t, s, "11", "gb-a1-2", "ss-ar1-2")
	s.ta = German
	s.startCloseCombat()
	rtWant(t, "phases before the roll", rtPhases(s), []string{"close-combat", "close-combat", "close-combat"})
	if p := rtPrompt(s, "british"); p.Text != "Close combat in 11 "+s.g.board.Place(int(s.g.placeIndex["11"])).Name+": choose an enemy unit to attack, or roll" || p.Rule != "soa:9.4" {
		t.Errorf("the British are asked %+v", p)
	}
	ccDo(t, s, "attack:ss-ar1-2", "with:gb-a1-2", "confirm")
	s.rng.Force(1)
	ccDo(t, s, "resolve")
	if s.step != stReroll || s.ToMove() != "german" {
		t.Fatalf("step %s, %s to move: want the German's reroll offer", stepNames[s.step], s.ToMove())
	}
	rtWant(t, "phases", rtPhases(s), []string{"close-combat", "close-combat", "close-combat"})
	if ph := s.Phase(); ph != (engine.Phase{ID: "close-combat", Name: "Close Combat Phase", Rule: "soa:6.4"}) {
		t.Errorf("phase %+v", ph)
	}
	if imp := s.View("british").(View).Impulse; imp != "" {
		t.Errorf("the view shows the impulse of %s in the Close Combat Phase, which has none (soa:6.4)", imp)
	}
	if p := rtPrompt(s, "german").Text; p != "Keep this close combat roll, or reroll it with the Tactical Advantage" {
		t.Errorf("the German is asked %q", p)
	}
	want := "Waiting for the Germans: whether to reroll the close combat against " + s.g.units[ccUnit(t, s, "ss-ar1-2")].Name + ": die 1,"
	if p := rtPrompt(s, "british").Text; !strings.HasPrefix(p, want) {
		t.Errorf("the British are told %q, want it to begin %q", p, want)
	}
}

// soa:6.4, 18.9: the extinguishing roll after close combat is in the Close
// Combat Phase too.
func TestPhaseOfAnExtinguishingReroll_soa6_4_18_9(t *testing.T) {
	s := fireState(t, 8, British)
	s.fire[s.g.placeIndex["1"]] = 1
	ccPut(t, s, "24", "ss-ar1-1")
	s.rng.Force(3)
	s.startCloseCombat()
	if s.step != stReroll || s.rollFor() != rrExtinguish {
		t.Fatalf("step %s: want the extinguishing roll", stepNames[s.step])
	}
	rtWant(t, "phases", rtPhases(s), []string{"close-combat", "close-combat", "close-combat"})
	if p := rtPrompt(s, "british").Text; p != "Keep this extinguishing roll, or reroll it with the Tactical Advantage" {
		t.Errorf("the British are asked %q", p)
	}
}

// soa:8.12: the target of an attack being designated is the firer's until it
// is declared: the other seat is told where the fire comes from, not where
// it goes.
func TestPromptKeepsTheDesignationSecret_soa8_12(t *testing.T) {
	s := rtImpulse(t, 1, German)
	ccPut(t, s, "16", "ss-ar1-1")
	ccPut(t, s, "17", "gb-rasc-1")
	ccDo(t, s, "area:16", "fire", "target:17")
	from := "16 " + s.g.board.Place(int(s.g.placeIndex["16"])).Name
	if p := rtPrompt(s, "german"); !strings.HasPrefix(p.Text, "Fire at 17 ") || p.Rule != "soa:8.32" {
		t.Errorf("the German is asked %+v", p)
	}
	if p := rtPrompt(s, "british").Text; p != "Waiting for the Germans: an attack from "+from {
		t.Errorf("the British are told %q", p)
	}
}

// soa:5.5: a set-up is secret: while one side sets up, the other seats are
// told only that it does; the side setting up is asked where its next unit
// goes, by name.
func TestPromptKeepsTheSetupSecret_soa5_5(t *testing.T) {
	s := rtNew(t, nil, 2)
	for i := 0; s.step == stSetupBritish && i < 3; i++ {
		if p := rtPrompt(s, "british").Text; p != "British set-up: choose the area for "+s.g.units[s.placingUnit()].Name {
			t.Errorf("the British are asked %q", p)
		}
		rtWant(t, "the others' prompts", []string{rtPrompt(s, "german").Text, rtPrompt(s, engine.Spectator).Text},
			[]string{"Waiting for the British: the secret set-up", "British to move: the secret set-up"})
		ccDo(t, s, ccLegal(s)[0]) // a place for this one unit
	}
	if s.step != stSetupBritish {
		t.Fatalf("three British units set up and the step is %s", stepNames[s.step])
	}
	ccDo(t, s, "setup-random")
	if p := rtPrompt(s, "british").Text; s.step != stSetupGerman || p != "Waiting for the Germans: the secret set-up" {
		t.Errorf("at step %s the British are told %q", stepNames[s.step], p)
	}
}

// soa:13.8: a hidden anti-tank gun is not named to the German: the British
// pick gb-at-1, hidden in 17, to fire at 16; until the attack is confirmed
// the gun stays hidden, and the German is told only where the fire comes
// from.
func TestPromptKeepsTheHiddenGunSecret_soa13_8(t *testing.T) {
	s := rtHiddenAT(t)
	ccDo(t, s, "area:17", "fire", "target:16", "with:gb-at-1")
	gun := s.g.units[ccUnit(t, s, "gb-at-1")]
	if !s.units[ccUnit(t, s, "gb-at-1")].Hidden {
		t.Fatal("the gun is revealed before the attack is confirmed")
	}
	from := "17 " + s.g.board.Place(int(s.g.placeIndex["17"])).Name
	for _, seat := range []engine.Seat{"german", engine.Spectator} {
		if p := rtPrompt(s, seat).Text; strings.Contains(p, gun.Name) || !strings.HasSuffix(p, ": an attack from "+from) {
			t.Errorf("the %s prompt is %q", seat, p)
		}
	}
}

// Every step has a prompt: in random games (with bidding and hidden AT guns
// on, so that their steps come up), every step the game waits in asks the
// seat to move in a sentence citing a rule, and tells the others whom it
// waits for; no seat's prompt names a unit that seat may not see (soa:5.5,
// 13.8). The steps reached must be every step there is; committing units
// to a fire is rare in random play, and is reached by the example of
// soa:18.4 (a set-fire roll of 1 commits one of two British units); so is
// a second barrage in one impulse (soa:14.33).
func TestPromptForEveryStep(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		pick := engine.NewRNG(seed + 90)
		s := rtNew(t, map[string]string{"hidden_at": "on", "bidding": "on"}, seed)
		rtRandom(t, s, &pick, func() bool {
			seen[stepNames[s.step]] = true
			rtCheckPrompts(t, s)
			return true
		})
		if p := s.Prompt("british"); s.result == nil || s.Phase().ID != "over" || p.Text != "The game is over: "+s.result.Text {
			t.Fatalf("seed %d: at the end the phase is %+v and the prompt %+v", seed, s.Phase(), p)
		}
	}
	s := fireSetting(t, 0)
	s.rng.Force(1)
	ccDo(t, s, "area:24", "fire", "target:24", "group:setfire", "with:ss-hw-eng-1", "with:bo-1-1-1", "confirm", "accept")
	seen[stepNames[s.step]] = true
	rtCheckPrompts(t, s)
	at := "24 " + s.g.board.Place(int(s.g.placeIndex["24"])).Name
	if p := rtPrompt(s, "british"); p != (engine.Prompt{Text: "The fire in " + at + " takes: choose 1 British unit to commit", Rule: "soa:18.4"}) {
		t.Errorf("at the fire's commitment the British are asked %+v", p)
	}
	// A second barrage in one impulse (soa:14.33) is rare in random play:
	// two battalion HQs in 29 call the Harzer counters.
	s = fireState(t, 1, German)
	ccPut(t, s, "29", "ss-bn-hq", "bo-bn-hq")
	ccPut(t, s, "22", "gb-a1-1")
	ccPut(t, s, "30", "gb-a1-2")
	ccDo(t, s, "artillery:de-art-hzr-1", "target:22")
	seen[stepNames[s.step]] = true
	rtCheckPrompts(t, s)
	var missing []string
	for _, name := range stepNames {
		if name != "over" && !seen[name] {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		t.Errorf("no game reached the steps %v: their prompts are untested", missing)
	}
}

// rtCheckPrompts checks the prompts of every seat at s's step.
func rtCheckPrompts(t *testing.T, s *State) {
	t.Helper()
	step := stepNames[s.step]
	if ask, wait := s.asks(); ask == "Choose" || wait == "a choice" {
		t.Fatalf("step %s has no prompt", step)
	}
	for _, seat := range []engine.Seat{"german", "british", engine.Spectator} {
		p := s.Prompt(seat)
		if !strings.HasPrefix(p.Rule, "soa:") || p.Text == "" {
			t.Fatalf("step %s: the %s prompt %+v", step, seat, p)
		}
		if seat != s.ToMove() && !strings.HasPrefix(p.Text, "Waiting for the ") && !strings.HasPrefix(p.Text, s.active.Name()+" to move: ") {
			t.Fatalf("step %s: the %s prompt %q does not say whom the game waits for", step, seat, p.Text)
		}
		viewer := s.viewerSide(seat)
		for u := range s.units {
			if !s.visibleTo(int16(u), viewer) && strings.Contains(p.Text, s.g.units[u].Name) && !rtNamesVisible(s, viewer, p.Text, s.g.units[u].Name) {
				t.Fatalf("step %s: the %s prompt %q names %s, which it may not see", step, seat, p.Text, s.g.units[u].ID)
			}
		}
	}
}

// rtNamesVisible reports that a name found in text is part of the name of a
// unit viewer may see ("section 1" in "section 12").
func rtNamesVisible(s *State, viewer Side, text, name string) bool {
	return slices.ContainsFunc(s.g.units, func(d UnitData) bool {
		u := s.g.byID[d.ID]
		return d.Name != name && strings.Contains(d.Name, name) && strings.Contains(text, d.Name) && s.visibleTo(u, viewer)
	})
}
