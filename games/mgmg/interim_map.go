package mgmg

import (
	"encoding/json"
	"fmt"
)

// interimPlaces reads only the place IDs of data/places.json, in their
// order, and adds the United Kingdom box: what the state's arrays need
// until the map's loader (board.go, with map.json) is in the package.
// TODO(mgmg-map): replace with the board's places, names, adjacency and
// victory points once board.go lands.
func interimPlaces() ([]string, error) {
	b, err := dataFS.ReadFile("data/places.json")
	if err != nil {
		return nil, fmt.Errorf("mgmg data: %w", err)
	}
	var f struct {
		Places []struct {
			ID string `json:"id"`
		} `json:"places"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("mgmg places.json: %w", err)
	}
	ids := make([]string, 0, len(f.Places)+1)
	for _, p := range f.Places {
		ids = append(ids, p.ID)
	}
	return append(ids, UnitedKingdom), nil
}
