package soa

import (
	"encoding/json"
	"strings"

	"sandtable/board/area"
)

// BoardData implements engine.Boarder: the map and the order of battle as
// the data files give them, the map drawn as SVG by board/area, which the
// browser shows under its counters (one renderer for both), and the colours
// of the forces and sides that render.go draws counters and markers in.
func (g *Game) BoardData() json.RawMessage {
	m, _ := dataFS.ReadFile("data/map.json")
	u, _ := dataFS.ReadFile("data/units.json")
	var oob struct {
		Units json.RawMessage `json:"units"`
	}
	json.Unmarshal(u, &oob)
	var svg strings.Builder
	g.board.SVG(&svg, area.SVGOptions{}) // a strings.Builder does not fail
	forces := map[string]map[string]string{}
	for f, st := range renderCounterStyle {
		forces[f] = map[string]string{"fill": st.fill, "text": st.text}
	}
	palette := map[string]any{"forces": forces, "sides": renderSideColour}
	return mustJSON(map[string]any{"map": json.RawMessage(m), "units": oob.Units, "svg": svg.String(), "palette": palette})
}

// Revealed implements engine.Revealer: which secrets are out (soa:5.5 set-ups,
// soa:13.8 hidden AT guns, soa:21.1 bids).
func (s *State) Revealed() uint64 {
	var h uint64 = 1469598103934665603
	mix := func(b bool) {
		h *= 1099511628211
		if b {
			h ^= 1
		}
	}
	mix(s.revealed)
	mix(s.bidDone[German])
	mix(s.bidDone[British])
	mix(s.swapped)
	for _, u := range s.g.sideUnits[British] {
		if s.g.units[u].Type == AntiTank {
			mix(s.units[u].Hidden)
		}
	}
	return h
}
