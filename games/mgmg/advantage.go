package mgmg

// The arithmetic of the Advantage (mgmg:12): when losses take it from its
// holder (12.4), how many spaces they earn on the Sunset DRM marker (12.41),
// and what the Allied sunset roll, with that marker, does to the day
// (mgmg:6.3, 17.4). Who holds the Advantage, rerolls and double impulses
// (12.2, 12.3, 12.5) are the state machine's.

// GermanLosesAdvantage: three or more German units eliminated in one
// impulse cost the German the Advantage if he holds it (mgmg:12.4).
func GermanLosesAdvantage(eliminated int) bool { return eliminated >= 3 }

// AlliedLosesAdvantage: a single Allied unit eliminated costs the Allies
// the Advantage if they hold it (mgmg:12.4).
func AlliedLosesAdvantage(eliminated int) bool { return eliminated >= 1 }

// SunsetSpacesForGermanLosses are the spaces the Allied player may move the
// Sunset DRM marker for German units eliminated in one impulse: one per
// unit above three if the German held the Advantage, above two if not
// (mgmg:12.41). "Held" is at the time the losses are counted: a German who
// rerolled with the Advantage no longer holds it (mgmg:12.5).
func SunsetSpacesForGermanLosses(eliminated int, germanHeld bool) int {
	if germanHeld {
		return max(0, eliminated-3)
	}
	return max(0, eliminated-2)
}

// SunsetSpacesForAlliedLosses are the spaces the German player may move the
// Sunset DRM marker for Allied units eliminated in one impulse: one per
// unit beyond the first if the Allies held the Advantage, one per unit if
// not (mgmg:12.41, 12.5).
func SunsetSpacesForAlliedLosses(eliminated int, alliedHeld bool) int {
	if alliedHeld {
		return max(0, eliminated-1)
	}
	return max(0, eliminated)
}

// SunsetOutcome is what the Allied sunset roll does (mgmg:6.3).
type SunsetOutcome struct {
	EndsDay        bool // the Daylight Phase ends after this Allied impulse
	WeatherChanges bool // the weather changes at the start of the next impulse (mgmg:17.4)
}

// Sunset compares the Allied sunset roll with the impulse number: the roll
// with the Sunset DRM (a space number, negative on the Moon side) below it
// ends the day; the unmodified roll equal to it changes the weather on a
// day that goes on (mgmg:6.3, 12.41, 17.4).
func Sunset(roll, drm, impulse int) SunsetOutcome {
	if roll+drm < impulse {
		return SunsetOutcome{EndsDay: true}
	}
	return SunsetOutcome{WeatherChanges: roll == impulse}
}
