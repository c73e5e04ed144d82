package soa

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"sandtable/board/area"
)

// placeData is what only Storm Over Arnhem says about a place of the map
// (data/places.json); the shared topology is in data/map.json.
type placeData struct {
	ID        string   `json:"id"`
	Setup     string   `json:"setup,omitempty"`     // soa:3.61: british, german, none (empty), bochoit (soa:5.5); "" = no set-up here
	Dots      []string `json:"dots,omitempty"`      // soa:3.62 set-up dots
	SArea     bool     `json:"s_area,omitempty"`    // soa:3.22 S area (S-area artillery, soa:14.4)
	Perimeter bool     `json:"perimeter,omitempty"` // soa:5.1 starts with a perimeter marker
}

// placesFile is the layout of data/places.json.
type placesFile struct {
	Note   string                     `json:"note"`
	Styles map[string]area.PlaceStyle `json:"styles"` // how each set-up colour is drawn
	Places []placeData                `json:"places"`
}

// setupColours are the set-up colour codes of soa:3.61 and soa:5.5.
var setupColours = []string{"british", "german", "none", "bochoit"}

// loadPlaces reads soa's marks on the places of b, by place index, and the
// palette the map is drawn with (the shared one plus a style per set-up
// colour).
func loadPlaces(data []byte, b *area.Board) ([]placeData, *area.Palette, error) {
	var f placesFile
	if err := decodeStrict(data, &f); err != nil {
		return nil, nil, fmt.Errorf("soa places: %w", err)
	}
	pal := area.DefaultPalette()
	pal.Sides, pal.Pieces = maps.Clone(sideColours), maps.Clone(pieceColours)
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	for _, c := range setupColours {
		st, ok := f.Styles[c]
		if !ok || st.Fill == "" || st.Field == "" || st.Text == "" || st.Stroke == "" {
			bad("styles: set-up colour %q needs fill, field, text and stroke", c)
		}
		pal.Styles[c] = st
	}
	for c := range f.Styles {
		if !slices.Contains(setupColours, c) {
			bad("styles: %q is not a set-up colour (%v)", c, setupColours)
		}
	}
	if err := pal.Check(); err != nil {
		errs = append(errs, err)
	}
	places := make([]placeData, b.Len())
	for i := range places {
		places[i].ID = b.Place(i).ID
	}
	seen := map[string]bool{}
	for _, p := range f.Places {
		i, ok := b.Index(p.ID)
		switch {
		case !ok:
			bad("place %q is not on the map (data/map.json)", p.ID)
			continue
		case seen[p.ID]:
			bad("place %q is listed twice", p.ID)
			continue
		}
		seen[p.ID] = true
		if p.Setup != "" && !slices.Contains(setupColours, p.Setup) {
			bad("place %q: setup %q is not one of %v (soa:3.61)", p.ID, p.Setup, setupColours)
		}
		for _, d := range p.Dots {
			if _, ok := pal.Dots[d]; !ok {
				bad("place %q: dot %q is not a dot colour the map can draw", p.ID, d)
			}
		}
		if (p.SArea || p.Perimeter) && b.IsZone(i) {
			bad("place %q: a zone cannot be an S area or a perimeter area (soa:3.22, 5.1)", p.ID)
		}
		places[i] = p
	}
	if len(errs) > 0 {
		return nil, nil, fmt.Errorf("soa places: %w", errors.Join(errs...))
	}
	return places, pal, nil
}

// decor is how the drawing marks place i: its set-up colour, its dots, a
// ring on a perimeter area and "S" on an S area.
func (g *Game) decor(i int) area.Decor {
	p := &g.places[i]
	d := area.Decor{Style: p.Setup, Dots: p.Dots, Ring: p.Perimeter}
	if p.SArea {
		d.Mark = "S"
	}
	return d
}

// svgOptions draws the map in soa's colours with soa's marks; callers add
// their counters, highlights and caption.
func (g *Game) svgOptions() area.SVGOptions {
	return area.SVGOptions{Palette: g.palette, Decor: g.decor}
}

// boardData builds what BoardData sends: the map with each place's decor,
// the palette (the map's, the sides' and the pieces'), the order of battle
// with each counter's designation (short), the map drawn by board/area
// (the browser shows it under its counters) and the pieces' symbols (the
// browser places them as render.go does: one drawing for both).
func (g *Game) boardData(mapJSON, unitsJSON []byte) (json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(mapJSON, &m); err != nil {
		return nil, err
	}
	var places []map[string]any
	if err := json.Unmarshal(m["places"], &places); err != nil {
		return nil, err
	}
	for i, p := range places {
		p["decor"] = g.decor(i)
		p["label_depth"] = g.board.LabelDepth(i, g.decor(i))
	}
	m["places"] = mustJSON(places)
	var oob struct {
		Units []map[string]any `json:"units"`
	}
	if err := json.Unmarshal(unitsJSON, &oob); err != nil {
		return nil, err
	}
	for i, u := range oob.Units {
		u["short"] = shortName(g.units[i].Name)
	}
	var svg strings.Builder
	if err := g.board.SVG(&svg, g.svgOptions()); err != nil {
		return nil, err
	}
	return mustJSON(map[string]any{"map": m, "units": oob.Units, "palette": g.palette,
		"svg": svg.String(), "symbols": g.symbols}), nil
}

// BoardData implements engine.Boarder: the map, the palette it is drawn
// with and the order of battle, for a client to draw.
func (g *Game) BoardData() json.RawMessage { return g.boardJSON }

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
