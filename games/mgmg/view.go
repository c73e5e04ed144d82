package mgmg

import "sandtable/engine"

// View is what one seat may know (docs/design.md section 3). Nothing on the
// map is hidden: a player may examine enemy stacks at any time (mgmg:7.1);
// only the RNG's future and a secret bid not yet revealed (mgmg:23.51, in
// the log only) are left out.
type View struct {
	Seat          engine.Seat          `json:"seat"`
	Side          string               `json:"side,omitempty"` // the side the seat commands, which the bids may swap (mgmg:23.51)
	Scenario      string               `json:"scenario"`
	Turn          int                  `json:"turn"` // the date in September (mgmg:3.6)
	Step          string               `json:"step"`
	Phase         engine.Phase         `json:"phase"`
	Prompt        engine.Prompt        `json:"prompt"`
	Active        string               `json:"active"`
	Impulse       string               `json:"impulse"`   // the Advantage marker's space (mgmg:3.7)
	Advantage     string               `json:"advantage"` // its holder (mgmg:12.1)
	SunsetDRM     int                  `json:"sunset_drm"`
	Weather       string               `json:"weather"`
	DawnWeather   string               `json:"dawn_weather"`
	WeatherChange bool                 `json:"weather_change,omitempty"`
	Reserves      map[string]int       `json:"reserves"`
	VP            int                  `json:"vp"` // the Allied Victory Points as the game stands (mgmg:21.3)
	Units         []UnitView           `json:"units"`
	Control       map[string]string    `json:"control"` // Allied-Controlled places: "airborne" or "corps" (mgmg:4.5)
	Ferries       []string             `json:"ferries"`
	Bridges       map[string]BridgePos `json:"bridges"`                      // mgmg:4.6, 19.1
	Held          []string             `json:"held,omitempty"`               // boundaries with a Held! marker (mgmg:4.6, 10.4)
	AirMarkers    map[string]string    `json:"air_markers_on_map,omitempty"` // mgmg:16.4
	Depots        []DepotPos           `json:"depots,omitempty"`             // the side refitting's Supply Depots (mgmg:13.4)
	Bombardment   *BombardmentView     `json:"bombardment,omitempty"`        // the bombardment in progress (mgmg:11)
	Landing       *LandingView         `json:"landing,omitempty"`            // the D-Day landing or ground assault in progress (mgmg:20.4, 20.5)
	Result        *engine.Result       `json:"result,omitempty"`
	Panels        []Panel              `json:"panels"`
	InProgress    *ImpulseView         `json:"impulse_in_progress,omitempty"` // the impulse in progress (impulse_view.go)
}

// UnitView is a unit in play: where it is and its face (mgmg:13.2).
type UnitView struct {
	ID    string `json:"id"`
	At    string `json:"at"`
	Level string `json:"level"`
}

// Panel is one part of the side panel, declared so that a client draws it
// without knowing the game (docs/formats.md): a track with a marker on it,
// a value, a side, or a box of the units at an off-map place.
type Panel struct {
	Kind   string `json:"kind"` // "track", "value", "side" or "box"
	ID     string `json:"id"`
	Label  string `json:"label"`
	Rule   string `json:"rule,omitempty"`
	Value  any    `json:"value"`
	Max    int    `json:"max,omitempty"`    // track: its positions are 1 to Max
	At     string `json:"at,omitempty"`     // box: it holds the units whose "at" is this
	Folded bool   `json:"folded,omitempty"` // box: drawn closed
	// Positions label a track's spaces when they are not 1 to Max; Markers
	// are the markers on a track's spaces or in a display (board_view.go).
	Positions []string      `json:"positions,omitempty"`
	Markers   []PanelMarker `json:"markers,omitempty"`
	Items     []string      `json:"items,omitempty"` // list: its lines
}

// levelNames are the faces of a unit as positions and views write them.
var levelNames = [...]string{StepFresh: "fresh", StepSpent: "spent", StepDisrupt1: "disrupt-1", StepDisrupt2: "disrupt-2"}

// View implements engine.State.
func (s *State) View(seat engine.Seat) any {
	g := s.g
	v := View{
		Seat: seat, Side: s.sideAt(seat).String(), Scenario: s.opt.scenario(), Turn: int(s.turn), Step: stepNames[s.step], Phase: s.Phase(), Prompt: s.Prompt(seat),
		Active: s.active.String(), Impulse: impulseName(s.impulse), Advantage: s.advantage.String(), SunsetDRM: int(s.sunsetDRM),
		Weather: s.weather.String(), DawnWeather: s.dawnWeather.String(), WeatherChange: s.weatherChange,
		Reserves:   map[string]int{"german": int(s.reserves[germans]), "allied": int(s.reserves[allies])},
		AirMarkers: s.airMarkers(), Depots: s.depotList(), Bombardment: s.bombardmentView(), Landing: s.landingView(),
		VP: s.victoryPoints(), Units: []UnitView{}, Control: s.controlMarkers(), Ferries: s.ferryNames(), Bridges: s.bridgeMarkers(), Held: s.heldMarkers(), Result: s.result,
	}
	for u, st := range &s.units {
		if st.Loc != locPool {
			v.Units = append(v.Units, UnitView{ID: g.units[u].ID, At: g.locName(st.Loc), Level: levelNames[st.Level]})
		}
	}
	v.Panels = s.panels()
	v.InProgress = s.impulseView()
	return v
}

// controlMarkers are the Allied control markers by place (mgmg:4.5): the
// Germans Control every place without one.
func (s *State) controlMarkers() map[string]string {
	out := map[string]string{}
	for p, c := range s.control {
		if c != ctlGerman {
			out[s.g.placeIDs[p]] = controlNames[c]
		}
	}
	return out
}

func (s *State) ferryNames() []string {
	out := make([]string, nFerries)
	for i, f := range s.ferries {
		out[i] = ferryNames[f]
	}
	return out
}

// StepName implements engine.Stepper.
func (s *State) StepName() string { return stepNames[s.step] }

// locName is where a unit is, as positions and views write it.
func (g *Game) locName(loc int16) string {
	switch loc {
	case locPool:
		return "pool"
	case locElim:
		return "eliminated"
	case locExit:
		return "exited"
	}
	return g.placeIDs[loc]
}
