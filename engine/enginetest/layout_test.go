package enginetest

import (
	"reflect"
	"slices"
	"testing"
)

// TestPointersFrom names the fields past the mark that hold pointers,
// arrays of pointer-free values and nested structs included.
func TestPointersFrom(t *testing.T) {
	type inner struct{ S []int }
	type st struct {
		Before *int
		Mark   int
		Arr    [4]int
		Strs   [2]string
		Nested inner
		Plain  struct{ A, B int }
		Empty  [0]*int
	}
	got := PointersFrom(reflect.TypeFor[st](), "Mark")
	if want := []string{"Strs", "Nested"}; !slices.Equal(got, want) {
		t.Errorf("PointersFrom = %v, want %v", got, want)
	}
}
