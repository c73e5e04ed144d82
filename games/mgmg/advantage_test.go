package mgmg

import "testing"

// mgmg:12.4: three German units, or one Allied unit, eliminated in an
// impulse cost the holder the Advantage.
func TestInvoluntaryLoss(t *testing.T) {
	if GermanLosesAdvantage(2) || !GermanLosesAdvantage(3) {
		t.Error("German: want the Advantage lost at 3 eliminated, not at 2")
	}
	if AlliedLosesAdvantage(0) || !AlliedLosesAdvantage(1) {
		t.Error("Allied: want the Advantage lost at 1 eliminated, not at 0")
	}
}

// mgmg:12.41: spaces of the Sunset DRM marker earned by the losses, when
// the losing side held the Advantage and when it did not, as after using it
// for a reroll (mgmg:12.5).
func TestSunsetSpaces(t *testing.T) {
	type row struct{ lost, held, notHeld int }
	for side, c := range map[string]struct {
		spaces func(int, bool) int
		rows   []row
	}{
		"German": {SunsetSpacesForGermanLosses, []row{{2, 0, 0}, {3, 0, 1}, {4, 1, 2}, {6, 3, 4}}},
		"Allied": {SunsetSpacesForAlliedLosses, []row{{0, 0, 0}, {1, 0, 1}, {2, 1, 2}, {4, 3, 4}}},
	} {
		for _, r := range c.rows {
			if got := c.spaces(r.lost, true); got != r.held {
				t.Errorf("%d %s units lost, Advantage held: %d spaces, want %d", r.lost, side, got, r.held)
			}
			if got := c.spaces(r.lost, false); got != r.notHeld {
				t.Errorf("%d %s units lost, Advantage not held: %d spaces, want %d", r.lost, side, got, r.notHeld)
			}
		}
	}
}

// mgmg:6.3, mgmg:12.41, mgmg:17.4: the sunset roll against the impulse number.
func TestSunset(t *testing.T) {
	cases := []struct {
		roll, drm, impulse int
		want               SunsetOutcome
	}{
		{3, 0, 4, SunsetOutcome{EndsDay: true}},
		{4, 0, 4, SunsetOutcome{WeatherChanges: true}},
		{5, 0, 4, SunsetOutcome{}},
		{3, 1, 4, SunsetOutcome{}},                     // the marker saves the day, and does not change the weather
		{4, -1, 4, SunsetOutcome{EndsDay: true}},       // 12.41 note: the Moon side ends the day instead
		{4, 2, 4, SunsetOutcome{WeatherChanges: true}}, // the weather reads the unmodified roll
		{6, -3, 4, SunsetOutcome{EndsDay: true}},       // modified 3 below 4
	}
	for _, c := range cases {
		if got := Sunset(c.roll, c.drm, c.impulse); got != c.want {
			t.Errorf("roll %d, DRM %d, impulse %d: %+v, want %+v", c.roll, c.drm, c.impulse, got, c.want)
		}
	}
}
