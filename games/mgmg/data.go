package mgmg

import "embed"

// dataFS holds the game's data: the map, the units and their schedules.
//
//go:embed data/*.json
var dataFS embed.FS
