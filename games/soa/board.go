package soa

import "encoding/json"

// BoardData implements engine.Boarder: the map and the order of battle as
// the data files give them, for a client to draw.
func (g *Game) BoardData() json.RawMessage {
	m, _ := dataFS.ReadFile("data/map.json")
	u, _ := dataFS.ReadFile("data/units.json")
	var oob struct {
		Units json.RawMessage `json:"units"`
	}
	json.Unmarshal(u, &oob)
	return mustJSON(map[string]json.RawMessage{"map": m, "units": oob.Units})
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
