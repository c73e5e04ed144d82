package engine

import "fmt"

// Made is one record entry a choice made: its ID, the seat that made it and
// why it cannot be taken back (Mark), nil when it can.
type Made struct {
	ID           string
	Seat         Seat
	Irreversible error
}

// Apply makes the legal action a of s as a record keeps it and returns the
// entries made: a's own choice, or for a macro (Expander) the atomic choices
// it stands for, each found among the legal ones and applied in turn. On an
// error s may be partly changed: callers that must keep it apply to a clone.
func Apply(s State, a Action) ([]Made, error) {
	if x, ok := s.(Expander); ok {
		if ids := x.Expand(a); ids != nil {
			macro := s.Describe(a).ID
			made := make([]Made, 0, len(ids))
			for i, id := range ids {
				b, err := Find(s, id)
				if err != nil {
					return made, fmt.Errorf("%s, atomic choice %d of %d: %w", macro, i+1, len(ids), err)
				}
				m, err := applyOne(s, b, id)
				if err != nil {
					return made, err
				}
				made = append(made, m)
			}
			return made, nil
		}
	}
	m, err := applyOne(s, a, s.Describe(a).ID)
	if err != nil {
		return nil, err
	}
	return []Made{m}, nil
}

// applyOne applies the atomic action a, whose ID is id.
func applyOne(s State, a Action, id string) (Made, error) {
	m := Made{ID: id, Seat: s.ToMove()}
	mark := MarkOf(s)
	if err := s.Apply(a); err != nil {
		return m, fmt.Errorf("%s: %w", id, err)
	}
	m.Irreversible = mark.Irreversible(s)
	return m, nil
}

// IDs are the entries' choice IDs.
func IDs(made []Made) []string {
	ids := make([]string, len(made))
	for i, m := range made {
		ids[i] = m.ID
	}
	return ids
}
