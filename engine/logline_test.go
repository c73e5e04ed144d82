package engine

import (
	"slices"
	"testing"
)

// Named verbs write their text and refs; any other verb writes its number
// and lists it; a % at the very end is text.
func TestFormatLogLine(t *testing.T) {
	name := func(verb byte, v int) (string, string, bool) {
		if verb == 'u' {
			return []string{"Frost", "Gräbner"}[v], []string{"unit:frost", "unit:grabner"}[v], true
		}
		return "", "", false
	}
	l := FormatLogLine(3, "soa:8.351", "%u fires at %u: AV %d, 5%", []int32{0, 1, 17}, name)
	if l.Text != "Frost fires at Gräbner: AV 17, 5%" || l.Turn != 3 || l.Rule != "soa:8.351" {
		t.Fatalf("got %+v", l)
	}
	if !slices.Equal(l.Refs, []string{"unit:frost", "unit:grabner"}) || !slices.Equal(l.Numbers, []int{17}) {
		t.Fatalf("refs %v numbers %v, want the two units and 17", l.Refs, l.Numbers)
	}
}
