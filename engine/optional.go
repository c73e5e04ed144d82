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

// Stepper is a state that names the step of its procedure it waits in, e.g.
// "setup-british" or "fire-target"; tools show it beside the legal choices.
type Stepper interface {
	StepName() string
}

// SettingUp is a state that says when it is in its set-up: its choices are
// secret and many, so bots make them without the pause that lets people
// follow a bot's moves.
type SettingUp interface {
	SettingUp() bool
}
