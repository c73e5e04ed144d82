package soa

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	verifyOcc = true // every Legal call checks the occupancy table against a fresh count
	os.Exit(m.Run())
}

// stale marks the occupancy table and the hash out of date after a test
// edited units by hand, bypassing put and its kin (occupancy.go).
func (s *State) stale() { s.occOK = false; s.rehash() }
