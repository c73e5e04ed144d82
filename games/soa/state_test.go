package soa

import (
	"reflect"
	"testing"

	"sandtable/engine/enginetest"
)

// TestStateLayout keeps a clone cheap for search (BenchmarkCloneApply): from
// the stack on, a State holds no pointer, so that the collector scans only
// the fields before it.
func TestStateLayout(t *testing.T) {
	for _, f := range enginetest.PointersFrom(reflect.TypeFor[State](), "stack") {
		t.Errorf("State.%s holds a pointer but comes after stack: declare it before stack", f)
	}
}
