package engine

import (
	"slices"
	"testing"
)

// A list is recalled for the state it was remembered at and no other; a
// list too long to keep, or one forgotten, is not recalled.
func TestLegalMemo(t *testing.T) {
	var m LegalMemo
	if _, ok := m.Recall(0); ok {
		t.Fatal("an empty memo recalls a list")
	}
	m.Remember(5, []Action{3, 9})
	if l, ok := m.Recall(5); !ok || !slices.Equal(l, []Action{3, 9}) {
		t.Fatalf("recalled %v %v, want [3 9]", l, ok)
	}
	if _, ok := m.Recall(6); ok {
		t.Fatal("a list recalled for the state after the one it is of")
	}
	m.Remember(6, make([]Action, 64))
	if l, ok := m.Recall(6); !ok || len(l) != 64 {
		t.Fatalf("a list of 64 actions recalled as %d %v; the memo keeps 64", len(l), ok)
	}
	m.Remember(6, make([]Action, 65))
	if _, ok := m.Recall(6); ok {
		t.Fatal("a list of 65 actions recalled, longer than the memo keeps")
	}
	m.Remember(7, []Action{1})
	m.Forget()
	if _, ok := m.Recall(7); ok {
		t.Fatal("a forgotten list recalled")
	}
}
