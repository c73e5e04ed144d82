package engine

// LegalMemo remembers the legal actions a state last listed, so that Apply,
// which must check the action it is given, need not list them again when
// Legal was just asked of the same state (as search and random play always
// do). A state keeps one among its pointer-free fields; count is how many
// choices the state has applied, which tells its own list from an older one.
// It keeps 64 actions: mgmg's Regroup and depot lists run to 63-65, and a
// list not kept is listed again by Apply.
type LegalMemo struct {
	seen [64]Action
	n    uint8
	at   int // count+1 of the state the list is of; 0 when none is kept
}

// Remember keeps list as the legal actions of the state at count; a list
// too long to keep (seldom met) is listed again by the caller of Recall.
func (m *LegalMemo) Remember(count int, list []Action) {
	m.n, m.at = 0, 0
	if len(list) <= len(m.seen) {
		m.n, m.at = uint8(copy(m.seen[:], list)), count+1
	}
}

// Recall is the list remembered for the state at count, if there is one.
func (m *LegalMemo) Recall(count int) ([]Action, bool) {
	return m.seen[:m.n], m.at == count+1
}

// Forget drops the list: the state changed in a way count does not show.
func (m *LegalMemo) Forget() { *m = LegalMemo{} }
