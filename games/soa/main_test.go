package soa

import "testing"

// stale marks a state a test edited by hand, bypassing put and its kin
// (occupancy.go) and the setters of the hash (hash.go): the occupancy table
// is recounted when next consulted, the hash's keys at once, and the list
// Legal last returned is forgotten, so that Apply checks a choice against
// the state as it now is.
func (s *State) stale() { s.occOK = false; s.rehash(); s.legalMemo.Forget() }

// checkOccFresh fails the test unless the occupancy table matches a fresh
// count: the rules changed a unit without put, setCommitted, setHidden or
// edit. The helpers that apply choices call it after every choice.
func checkOccFresh(t testing.TB, s *State) {
	t.Helper()
	if !s.checkOcc() {
		t.Fatalf("after %d choices at step %s: the occupancy table is stale: a unit changed without put, setCommitted, setHidden or edit", s.count, stepNames[s.step])
	}
}
