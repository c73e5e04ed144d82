package mgmg

import "fmt"

// Weather (mgmg:17): September 17 and 18 begin Clear (mgmg:6.21, 17.1);
// from September 19 the Allied player rolls for the turn's weather at
// dawn. The Sunset DR changes it during the day (impulse.go, mgmg:17.4),
// but the depots are valued by the weather the turn began with
// (mgmg:17.2, 17.3, 17.4).

// firstWeatherRoll is the first date with a Weather Die Roll (mgmg:6.21).
const firstWeatherRoll = 19

// weatherFor is the weather a Weather dr gives: 1-3 Overcast, 4-6 Clear
// (mgmg:6.21).
func (s *State) weatherFor(dr int) weather {
	if s.g.fh40 != nil {
		return fh40WeatherFor(dr)
	}
	if dr <= 3 {
		return overcast
	}
	return clear
}

// rollWeather sets the weather of the turn at dawn and begins the day
// (mgmg:6.21, 17.1). From September 19 the Allied player rolls, the
// Advantage holder may have the roll rerolled (mgmg:12.2), and the day
// begins once the roll stands (setWeather).
func (s *State) rollWeather() {
	if s.turn < firstWeatherRoll && s.g.fh40 == nil { // fh40:6.21: from May 11
		s.weather, s.dawnWeather = clear, clear
		s.startDaylight()
		return
	}
	dr := s.rng.Die(6)
	s.logf("mgmg:6.21", "Weather dr %d", dr)
	s.active = allies
	s.offerReroll(rrWeather, dr, -1)
}

// checkWeather checks a position's weather against its date: September 17
// and 18 begin Clear, and the weather is Clear or Overcast (mgmg:17.1); in
// Fortress Holland May 10 is Clear and the weather Clear or Fog (fh40:6.21,
// 17.1).
func (s *State) checkWeather(turn int) error {
	switch {
	case s.g.fh40 != nil && (s.weather == overcast || s.dawnWeather == overcast || turn == FirstDay && s.dawnWeather != clear):
		return fmt.Errorf("weather %s, dawn_weather %s: Fortress Holland's weather is clear or fog, and May 10 (turn %d) is clear (fh40:6.21, 17.1)", s.weather, s.dawnWeather, FirstDay)
	case s.g.fh40 == nil && (s.weather == fog || s.dawnWeather == fog || turn < firstWeatherRoll && s.dawnWeather != clear):
		return fmt.Errorf("weather %s, dawn_weather %s: the weather is clear or overcast, and September 17 and 18 begin Clear (mgmg:17.1)", s.weather, s.dawnWeather)
	}
	return nil
}

// setWeather sets the turn's weather by the Weather dr that stands and
// begins the Daylight Phase (mgmg:6.21).
func (s *State) setWeather(dr int) {
	s.settleAdvantage() // the Weather dr ends the Dawn Phase (mgmg:12.2)
	s.weather = s.weatherFor(dr)
	s.dawnWeather = s.weather
	s.logf("mgmg:6.21", "the weather of "+s.g.date(s.turn)+" is %w", int(s.weather))
	s.startDaylight()
}
