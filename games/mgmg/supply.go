package mgmg

// suppliedFromZoneF reports whether an Allied-Controlled place can trace a
// supply line to Zone F (mgmg:13.8, 13.82).
// TODO(mgmg:13.8): not yet built. Tracing needs the map's adjacency,
// boundaries, bridges and ferries (board.go); until then every place
// counts as supplied, so victory counts control alone.
func (s *State) suppliedFromZoneF(int16) bool { return true }
