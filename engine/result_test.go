package engine

import "testing"

// TestResultFor: a win is worth 1 to its winner and 0 to the other seat, a
// draw (no winner) a half to both.
func TestResultFor(t *testing.T) {
	win, draw := &Result{Winner: "german"}, &Result{}
	for _, c := range []struct {
		r    *Result
		seat Seat
		want float64
	}{{win, "german", 1}, {win, "british", 0}, {draw, "german", 0.5}, {draw, "british", 0.5}} {
		if got := c.r.For(c.seat); got != c.want {
			t.Errorf("%+v for %s: %v, want %v", *c.r, c.seat, got, c.want)
		}
	}
}
