package enginetest

import "reflect"

// PointersFrom names the fields of struct type st, from field on, that
// hold a pointer the garbage collector must follow. A state that keeps its
// big arrays past every pointer (a game's TestStateLayout) is scanned only
// up to them, which keeps clones cheap for search.
func PointersFrom(st reflect.Type, field string) []string {
	from, ok := st.FieldByName(field)
	if !ok {
		return []string{field + " (no such field)"}
	}
	var out []string
	for i := range st.NumField() {
		if f := st.Field(i); f.Offset >= from.Offset && hasPointers(f.Type) {
			out = append(out, f.Name)
		}
	}
	return out
}

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
