package engine

import "encoding/json"

// Boarder is a game that can describe its board and counters for a client
// to draw (the map's places and polygons, the counters' printed values).
type Boarder interface {
	BoardData() json.RawMessage
}

// Revealer is a state that can fingerprint what has been revealed so far
// (secret set-ups shown, hidden units uncovered). A choice that changes it
// cannot be undone (DESIGN.md section 1).
type Revealer interface {
	Revealed() uint64
}
