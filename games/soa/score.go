package soa

// Score implements engine.Scorer: the German victory points gained so far
// (soa:11.3, 11.5), the number the game's Result.Score gives at its end.
func (s *State) Score() int { return s.vp }
