package mgmg

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// PanelMarker is a marker a panel shows: on a track's space (At), or in a
// display; Used draws it on its used side or waiting, faded.
type PanelMarker struct {
	Symbol string `json:"symbol"`
	Title  string `json:"title"`
	At     string `json:"at,omitempty"`
	Text   string `json:"text,omitempty"` // written beside it in a display
	Used   bool   `json:"used,omitempty"`
}

// month is the month of the game's days as the clients write them
// (mgmg:3.6): the one place a variant of other dates changes.
const month = "September"

// panels declares the side panel (docs/formats.md): the Turn Record Track
// with the Turn marker's weather (mgmg:3.6, 4.8, 17), the Impulse Track with
// the Advantage marker (mgmg:3.7, 12), the Supply Track with each side's
// Reserves (mgmg:3.8, 13.7), the values, the air displays (mgmg:3.5, 16),
// the Construction Availability and Boat Assault boxes (mgmg:3.9, 3.10),
// and the United Kingdom and eliminated boxes (mgmg:3.4).
func (s *State) panels() []Panel {
	if s.g.fh40 != nil {
		return s.fh40Panels()
	}
	days := make([]string, 0, s.lastDay()-FirstDay+1)
	for d := FirstDay; d <= int(s.lastDay()); d++ {
		days = append(days, strconv.Itoa(d))
	}
	supply := make([]string, 0, 21)
	top := max(20, int(s.reserves[germans]), int(s.reserves[allies]))
	for i := 0; i <= top; i++ {
		supply = append(supply, strconv.Itoa(i))
	}
	p := []Panel{
		{Kind: "track", ID: "turn", Label: month, Rule: "mgmg:3.6", Value: strconv.Itoa(int(s.turn)), Positions: days,
			Markers: []PanelMarker{{Symbol: "marker-turn-" + s.weather.String(), Title: "Turn marker, " + s.weather.String() + " (mgmg:4.8, 17)", At: strconv.Itoa(int(s.turn))}}},
		{Kind: "value", ID: "weather", Label: "Weather", Rule: "mgmg:17", Value: s.weather.String()},
		{Kind: "side", ID: "advantage", Label: "Advantage", Rule: "mgmg:12.1", Value: s.advantage.String()},
		{Kind: "value", ID: "sunset-drm", Label: "Sunset DRM", Rule: "mgmg:12.41", Value: fmt.Sprintf("%+d", s.sunsetDRM)},
		{Kind: "value", ID: "reserves", Label: "Reserves (German / Allied)", Rule: "mgmg:13.7", Value: fmt.Sprintf("%d / %d", s.reserves[germans], s.reserves[allies])},
		{Kind: "value", ID: "vp", Label: "Allied VP", Rule: "mgmg:21.3", Value: s.victoryPoints()},
		{Kind: "value", ID: "vp-needed", Label: "needed", Rule: s.needRule(), Value: s.vpNeeded()},
		s.impulsePanel(),
		{Kind: "track", ID: "supply", Label: "Supply Track: Reserves", Rule: "mgmg:3.8", Positions: supply, Markers: []PanelMarker{
			{Symbol: "marker-reserves-german", Title: fmt.Sprintf("German Reserves %d (mgmg:13.7)", s.reserves[germans]), At: strconv.Itoa(int(s.reserves[germans]))},
			{Symbol: "marker-reserves-allied", Title: fmt.Sprintf("Allied Reserves %d (mgmg:13.7)", s.reserves[allies]), At: strconv.Itoa(int(s.reserves[allies]))}}},
		{Kind: "display", ID: "depots", Label: "Supply Depots (Supply Points left)", Rule: "mgmg:13.4", Markers: s.depotDisplay()},
		{Kind: "display", ID: "air-displays", Label: "Air displays", Rule: "mgmg:3.5", Markers: s.airDisplay()},
		{Kind: "display", ID: "construction-box", Label: "Construction Availability", Rule: "mgmg:3.9", Markers: s.constructDisplay()},
		{Kind: "display", ID: "boat-assault-box", Label: "Boat Assault", Rule: "mgmg:3.10", Markers: s.boatDisplay()},
		{Kind: "list", ID: "reinforcements", Label: "Reinforcements to come", Rule: "mgmg:18", Items: s.reinforcementSchedule()},
		{Kind: "box", ID: "uk-box", Label: "United Kingdom", Rule: "mgmg:3.4", At: UnitedKingdom},
		{Kind: "box", ID: "eliminated-box", Label: "Eliminated", At: "eliminated", Folded: true},
	}
	return p
}

// impulsePanel is the Impulse Track with the Advantage marker (mgmg:3.7,
// 12.1).
func (s *State) impulsePanel() Panel {
	impulses := make([]string, 0, lastImpulse-firstImpulse+1)
	for i := firstImpulse; i <= lastImpulse; i++ {
		impulses = append(impulses, impulseName(int8(i)))
	}
	return Panel{Kind: "track", ID: "impulse", Label: "Impulse Track", Rule: "mgmg:3.7", Value: impulseName(s.impulse), Positions: impulses,
		Markers: []PanelMarker{s.advantageMarker()}}
}

// advantageMarker is the Advantage marker on its space, its holder's side
// up, or its used side while the Advantage waits to pass (mgmg:12.1, 12.5).
func (s *State) advantageMarker() PanelMarker {
	at := impulseName(s.impulse)
	if s.advantage == nobody {
		return PanelMarker{Symbol: "marker-advantage-used", Title: "Advantage used: it passes to the " + s.g.sideName(s.advantageNext) + " side (mgmg:12.5)", At: at, Used: true}
	}
	return PanelMarker{Symbol: "marker-advantage-" + s.advantage.String(), Title: s.g.sideName(s.advantage) + " Advantage (mgmg:12.1)", At: at}
}

// airDisplay is every air marker in its display (mgmg:3.5): ready, used
// (mgmg:16.1), over an area of the map (mgmg:16.4), or not yet arrived
// (mgmg:18.2).
func (s *State) airDisplay() []PanelMarker {
	var out []PanelMarker
	for i, m := range s.g.pieces.Setup.AirMarkers {
		pm := PanelMarker{Symbol: airSymbol(m.ID, false), Title: m.Name + ": ready"}
		switch {
		case s.airAt[i] != noMarker:
			pm.Title = m.Name + ": over " + s.g.placeIDs[s.airAt[i]]
			pm.Used = true
		case s.airUsed&(1<<i) != 0:
			pm.Symbol, pm.Title = airSymbol(m.ID, true), m.Name+": used"
		case m.Entry > int(s.turn):
			pm.Title, pm.Used = fmt.Sprintf("%s: arrives %s %d", m.Name, month, m.Entry), true
		}
		out = append(out, pm)
	}
	return out
}

// constructDisplay is each side's Construct markers: those available, then
// those Used (faded); the ones on bridges are drawn there (mgmg:3.9, 19.21).
func (s *State) constructDisplay() []PanelMarker {
	var out []PanelMarker
	for _, sd := range []side{germans, allies} {
		total := s.g.pieces.Setup.ConstructMarkers[Side(sd.String())]
		onBridges := 0
		for _, b := range s.bridges {
			onBridges += int(b.Construct[sd])
		}
		used := int(s.constructUsed[sd])
		for k := range max(0, total-onBridges) {
			m := PanelMarker{Symbol: "marker-construct-" + sd.String(), Title: s.g.sideName(sd) + " Construct marker: available"}
			if k >= total-onBridges-used {
				m.Title, m.Used = s.g.sideName(sd)+" Construct marker: used", true
			}
			out = append(out, m)
		}
	}
	return out
}

// depotDisplay is each Supply Depot dealt, with its place and the Supply
// Points it has left (mgmg:13.4); one without a place has lost them.
func (s *State) depotDisplay() []PanelMarker {
	var out []PanelMarker
	for _, d := range s.depots[:s.nDepots] {
		m := PanelMarker{Symbol: depotSymbol(s.depotSide(s.g.depotID(d.Kind))), Text: fmt.Sprintf("%d", d.Points),
			Title: fmt.Sprintf("%s: %d Supply Points", s.g.depotName(d.Kind), d.Points)}
		if d.At >= 0 {
			m.Text = s.g.placeIDs[d.At] + ": " + m.Text
			m.Title = fmt.Sprintf("%s in %s: %d Supply Points", s.g.depotName(d.Kind), s.g.placeName(int16(d.At)), d.Points)
		} else {
			m.Used = true
		}
		out = append(out, m)
	}
	return out
}

// reinforcementSchedule is what is still to arrive, a line per day and
// side with where the units come (mgmg:18.1-18.4): airborne units to the
// United Kingdom box, the others to their zones; Zone F's conditional
// groups with their condition (mgmg:18.3), the Deelen units apart (mgmg:22.2).
func (s *State) reinforcementSchedule() []string {
	type key struct {
		day  int
		side side
		when string
	}
	where := map[key]map[string]int{}
	var keys []key
	for u := range s.g.units {
		d := &s.g.units[u]
		if !d.InGame(s.opt.extended) || !d.Reinforcement() || s.units[u].Loc != locPool {
			continue
		}
		k := key{day: d.Entry, side: s.g.side[u]}
		place := "Zone " + d.Place
		switch {
		case d.Sp:
			k.day, k.when, place = deelenFrom, " on, when Deelen qualifies (mgmg:22.2)", "Deelen"
		case s.g.conditional[u]:
			k.when = " on, once " + s.zoneFCondition(u) + " (mgmg:18.3)"
		case d.Airborne != "":
			place = "the United Kingdom box"
		}
		if where[k] == nil {
			where[k] = map[string]int{}
			keys = append(keys, k)
		}
		where[k][place]++
	}
	slices.SortStableFunc(keys, func(a, b key) int { return cmp.Or(cmp.Compare(a.day, b.day), cmp.Compare(a.side, b.side)) })
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		var at []string
		for _, p := range slices.Sorted(maps.Keys(where[k])) {
			at = append(at, fmt.Sprintf("%d to %s", where[k][p], p))
		}
		out = append(out, fmt.Sprintf("%s %d%s: %s %s", month, k.day, k.when, s.g.sideName(k.side), strings.Join(at, ", ")))
	}
	return out
}

// zoneFCondition is the printed condition of the conditional Zone F group
// of unit u (mgmg:18.3).
func (s *State) zoneFCondition(u int) string {
	for _, r := range s.g.pieces.Setup.ZoneFReinforcements {
		if slices.Contains(r.Units, s.g.units[u].ID) {
			cond, _, _ := strings.Cut(r.Condition.Text, ":") // the condition, without its explanation
			return strings.TrimSuffix(cond, ".")
		}
	}
	return ""
}

// boatDisplay is the Boat Assault marker, available or used (mgmg:3.10, 9.5).
func (s *State) boatDisplay() []PanelMarker {
	if s.boatUsed {
		return []PanelMarker{{Symbol: "marker-boat", Title: "Boat Assault marker: used", Used: true}}
	}
	return []PanelMarker{{Symbol: "marker-boat", Title: "Boat Assault marker: available"}}
}
