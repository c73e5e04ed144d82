package mgmg

import (
	"reflect"
	"testing"
)

// hasPointers reports whether a value of type t holds a pointer the garbage
// collector must follow.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.String, reflect.UnsafePointer:
		return true
	case reflect.Array:
		return t.Len() > 0 && hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
	}
	return false
}

// TestStateLayout keeps a clone cheap for search: from the stack on, a
// State holds no pointer, so that the collector scans only the fields
// before it.
func TestStateLayout(t *testing.T) {
	st := reflect.TypeFor[State]()
	stack, _ := st.FieldByName("stack")
	for i := range st.NumField() {
		if f := st.Field(i); f.Offset >= stack.Offset && hasPointers(f.Type) {
			t.Errorf("State.%s holds a pointer but comes after stack: declare it before stack", f.Name)
		}
	}
}
