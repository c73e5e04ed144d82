package mgmg

import "testing"

// TestFH40RandomPlay plays whole random games of Fortress Holland, checking
// the invariants after every choice and replaying every record
// (randomPlay).
func TestFH40RandomPlay(t *testing.T) {
	randomPlay(t, MustLoadFH40(), []string{"standard"}, 19400510)
}

// TestFH40RandomPlayPositions reloads the positions of random games of
// Fortress Holland as they go (randomPlayPositions).
func TestFH40RandomPlayPositions(t *testing.T) {
	randomPlayPositions(t, MustLoadFH40(), "standard", 7)
}
