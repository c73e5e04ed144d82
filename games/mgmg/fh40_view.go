package mgmg

import (
	"strconv"
)

// fh40Panels declares Fortress Holland's side panel: the Turn Record Track
// from May 10 to 12 with the weather (fh40:3.6, 6.21), the Advantage and
// the Sunset DRM marker (fh40:12), the German Victory Points and what wins
// (fh40:21), the Impulse Track, the German air display (fh40:3.5), and the
// eliminated units and those gone off the map from Zone G (fh40:21.4). No
// Supply Track, construction, boat or ferry box, United Kingdom box
// (fh40:3.4, 3.8-3.11).
func (s *State) fh40Panels() []Panel {
	today := strconv.Itoa(may(s.turn))
	return []Panel{
		{Kind: "track", ID: "turn", Label: "May 1940", Rule: "fh40:3.6", Value: today, Positions: []string{"10", "11", "12"},
			Markers: []PanelMarker{{Symbol: "marker-turn-" + s.weather.String(), Title: "Turn marker, " + s.weather.String() + " (fh40:6.21)", At: today}}},
		{Kind: "value", ID: "weather", Label: "Weather", Rule: "fh40:17", Value: s.weather.String()},
		{Kind: "side", ID: "advantage", Label: "Advantage", Rule: "fh40:12.1", Value: s.advantage.String()},
		{Kind: "value", ID: "sunset-drm", Label: "Sunset DRM", Rule: "fh40:12.41", Value: strconv.Itoa(int(s.sunsetDRM))},
		{Kind: "value", ID: "vp", Label: "German VP", Rule: "fh40:21.3", Value: s.victoryPoints()},
		{Kind: "value", ID: "vp-needed", Label: "German VP needed", Rule: "fh40:21.2", Value: "3 or more at the end of May 12, or Tilburg (Zone G) at the end of May 10"},
		s.impulsePanel(),
		{Kind: "display", ID: "air-displays", Label: "German air display", Rule: "fh40:3.5", Markers: s.airDisplay()},
		{Kind: "box", ID: "exited-box", Label: "Off the map from Zone G", Rule: "fh40:21.4", At: "exited", Folded: true},
		{Kind: "box", ID: "eliminated-box", Label: "Eliminated", At: "eliminated", Folded: true},
	}
}
