package mgmg

import "testing"

// alliedRegroup is the Allied Regroup of the given date: its "done" ends
// the turn.
func alliedRegroup(t *testing.T, scenario string, day int) *State {
	t.Helper()
	return edited(t, newTestState(t, scenario), func(p *Position) {
		p.Turn, p.Step, p.Active, p.Stack = day, "regroup", "allied", []frame{{Proc: procRegroup, Side: allies, Unit: -1}}
	})
}

// TestWeatherDieRoll (mgmg:17.0; the Turn marker's face, mgmg:4.8): September 18 begins Clear without a roll; from
// September 19 the Allied dr sets the turn's weather, 1-3 Overcast and 4-6
// Clear (mgmg:6.21, mgmg:17.1), which the depots keep for the turn (mgmg:17.2,
// 17.3).
func TestWeatherDieRoll(t *testing.T) {
	s := alliedRegroup(t, "standard", 17)
	rolls := s.rng.Rolls
	play(t, s, "done")
	if s.turn != 18 || s.weather != clear || s.rng.Rolls != rolls {
		t.Fatalf("September %d, %s, %d dice rolled; want September 18 Clear with no roll", s.turn, s.weather, s.rng.Rolls-rolls)
	}
	for _, c := range []struct {
		dr   int
		want weather
	}{{1, overcast}, {3, overcast}, {4, clear}, {6, clear}} {
		s := alliedRegroup(t, "standard", 18)
		s.rng.Force(c.dr)
		play(t, s, "done", "keep")
		if s.turn != 19 || s.weather != c.want || s.dawnWeather != c.want {
			t.Errorf("dr %d: September %d, weather %s, dawn weather %s; want September 19 %s", c.dr, s.turn, s.weather, s.dawnWeather, c.want)
		}
	}
}

// TestWeatherChangeKeepsDawnWeather: a change by the Sunset DR turns the
// Turn marker but leaves the weather the turn began with, which values the
// depots (mgmg:17.4).
func TestWeatherChangeKeepsDawnWeather(t *testing.T) {
	s := alliedImpulse(t, "4", 0)
	s.rng.Force(2, 2) // DR 4 = Impulse 4
	play(t, s, "pass", "keep")
	if s.weather != overcast || s.dawnWeather != clear {
		t.Fatalf("weather %s, dawn weather %s; want Overcast now, Clear at dawn", s.weather, s.dawnWeather)
	}
}

// TestWeatherReroll: the Advantage holder may have the Weather dr rerolled
// (mgmg:12.2): a 2 (Overcast) rerolled into a 5 gives Clear, and the
// Advantage passes to the other side at once (mgmg:12.5).
func TestWeatherReroll(t *testing.T) {
	s := alliedRegroup(t, "standard", 18)
	s.rng.Force(2, 5)
	play(t, s, "done")
	if s.step != stReroll || s.active != allies || s.Phase().ID != "dawn" {
		t.Fatalf("step %s, %s to choose, phase %s; want the Allied holder's reroll offer in the Dawn Phase", stepNames[s.step], s.active, s.Phase().ID)
	}
	play(t, s, "reroll")
	if s.weather != clear || s.advantage != germans || s.step != stImpulse {
		t.Errorf("weather %s, Advantage %s, step %s; want Clear, German, the first impulse", s.weather, s.advantage, stepNames[s.step])
	}
}
