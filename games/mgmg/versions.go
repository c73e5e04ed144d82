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
	}
}
