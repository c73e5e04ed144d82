package mgmg

import "sandtable/engine"

// Revisions implements engine.Versioned: the versions of the rules as this
// package plays them, oldest first (docs/formats.md, "Versions"). Add one
// with every change that could make a stored game replay differently (a rule
// fix, a choice ID) or reach another state hash (the hash, the position);
// SamePlay only when no game can take another course.
func (g *Game) Revisions() []engine.Revision {
	return []engine.Revision{
		{Version: 1, Changes: "Monty's Gamble: Market-Garden as first played in the clients"},
		{Version: 2, Changes: "D-Day's Airborne Landing Phase (mgmg:20.4 A-D) and XXX Corps Ground Assault Phase (20.5) played; optional D-Day landings (23.2) and double lifts (23.3)"},
	}
}
