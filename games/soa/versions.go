package soa

import "sandtable/engine"

// Revisions implements engine.Versioned: the versions of the rules as this
// package plays them, oldest first (docs/formats.md, "Versions"). Add one
// with every change that could make a stored game replay differently (a rule
// fix, a choice ID) or reach another state hash (the hash, the position);
// SamePlay only when no game can take another course.
func (g *Game) Revisions() []engine.Revision {
	return []engine.Revision{
		{Version: 1, Changes: "the rules as played before versions were recorded"},
		{Version: 2, Changes: "both barrages of an impulse designated before either resolves (soa:14.33, 8.12); " +
			"infantry fire inside a zone affects armour there (soa:12.1, 8.34); a hidden AT gun may take casualty points (soa:13.4, 13.8); " +
			"retreats after an AT attack with a primary target (soa:13.3, 8.3553, 13.7); one retreat group per place and impulse (soa:8.3552); " +
			"no retreat comes first after a fire with no effect (soa:8.354)"},
		{Version: 3, SamePlay: true, Changes: "the state hash and position layout, same play: Zobrist keys of units and places kept as they change, " +
			"the other fields of the position mixed in (games/soa/hash.go), in place of FNV-1a of the position JSON; " +
			"nested procedures (the resolution of an impulse's attacks, close combat in a place, reroll offers, retreats, " +
			"units committed by a fire, unit placements) on a stack of frames, work.Stack"},
		{Version: 4, Changes: "a random set-up (setup-random) draws from a generator derived from the game's and leaves the dice as they were (soa:5.4, 5.5), " +
			"so that records keep set-up choices that place several units as their placements, one choice each; " +
			"a record of older rules replays such a choice as its placements (an older setup-random draws another set-up); " +
			"with hidden AT guns the British is asked for close combat attacks even with none to make (soa:13.8, 9.4); " +
			"a hidden AT gun is revealed when AT guns are the only British units in its area (soa:13.8)"},
		{Version: 5, Changes: "the British is asked for close combat attacks he cannot make, and to confirm casualty points he cannot meet, " +
			"only while an AT gun is hidden (soa:13.8, 9.4); while one is, a British holder of the Tactical Advantage is asked whether to " +
			"continue the phase even with nothing to do (soa:8.43), a British move impulse from an area still holding a visible unit " +
			"waits for its end (soa:8.2), and British attacks wait for resolve while German armour is in reach of the firing area (soa:8.12)"},
	}
}
