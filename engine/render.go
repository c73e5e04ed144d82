package engine

import "io"

// Renderer is implemented by states that can draw themselves for a seat.
// Both methods must use only what View(seat) contains, so that nothing the
// seat may not know reaches the picture or the text (docs/design.md section 3).
type Renderer interface {
	// SVG draws the map with the counters and markers the seat sees.
	SVG(w io.Writer, seat Seat) error
	// Text is the board for a terminal. The lines before the first blank
	// line are the status, which the full-screen client keeps in sight. A
	// line that starts with a place's ID describes that place, and the
	// lines indented by three or more spaces that follow it belong to it
	// (its units): the client marks the place a choice names this way, and
	// its map leaves out the lines that have none (empty places) until the
	// person asks for the whole map. After a second blank line comes the
	// legend of the marks, its entries separated by "; ".
	Text(seat Seat) string
}
