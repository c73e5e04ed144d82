package mgmg

import (
	"reflect"
	"testing"

	"sandtable/engine/enginetest"
)

// TestStateLayout keeps a clone cheap for search: from its field choices
// on, a State holds no pointer, so that the collector scans only the fields
// before it.
func TestStateLayout(t *testing.T) {
	for _, f := range enginetest.PointersFrom(reflect.TypeFor[core](), "choices") {
		t.Errorf("core.%s holds a pointer but comes after choices: declare it before choices", f)
	}
	for _, f := range enginetest.PointersFrom(reflect.TypeFor[State](), "stack") {
		t.Errorf("State.%s holds a pointer but comes after core: declare it in core, before choices", f)
	}
}
