package engine

import "io"

// Renderer is implemented by states that can draw themselves for a seat.
// Both methods must use only what View(seat) contains, so that nothing the
// seat may not know reaches the picture or the text (DESIGN.md section 3).
type Renderer interface {
	// SVG draws the map with the counters and markers the seat sees.
	SVG(w io.Writer, seat Seat) error
	// Text is the board for a terminal: one line per occupied place, then the status.
	Text(seat Seat) string
}
