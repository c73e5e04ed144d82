// Package symbol draws the pieces of a game (counters, markers) once, as SVG
// symbols: drawings defined in a <defs> and placed with <use>. The server
// writes them as markup in its own SVG and sends them as data in the board
// document, from which the browser builds the same elements
// (web/static/js/symbols.js). So a counter looks the same in `sandtable
// render` and on the game page, and its colours are the palette's alone.
package symbol

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Node is one SVG element as data: a tag, attributes in order, and either
// text (for text and title) or child elements.
type Node struct {
	Tag   string
	Attrs []Attr
	Text  string
	Kids  []Node
}

// Attr is one attribute of a Node.
type Attr struct{ Name, Value string }

// El makes a node from its tag and name, value pairs; a value may be a
// string or a number (written to two decimals at most).
func El(tag string, pairs ...any) Node {
	if len(pairs)%2 != 0 {
		panic(fmt.Sprintf("symbol.El(%q): attributes come in name, value pairs", tag))
	}
	n := Node{Tag: tag}
	for i := 0; i < len(pairs); i += 2 {
		var v string
		switch x := pairs[i+1].(type) {
		case string:
			v = x
		case float64:
			v = Num(x)
		case int:
			v = strconv.Itoa(x)
		default:
			panic(fmt.Sprintf("symbol.El(%q): attribute %v has a value of type %T", tag, pairs[i], x))
		}
		n.Attrs = append(n.Attrs, Attr{pairs[i].(string), v})
	}
	return n
}

// With returns n with kids appended.
func (n Node) With(kids ...Node) Node {
	n.Kids = append(n.Kids[:len(n.Kids):len(n.Kids)], kids...)
	return n
}

// Say returns n with its text.
func (n Node) Say(text string) Node {
	n.Text = text
	return n
}

// Num writes a map coordinate: at most two decimals, no trailing zeros.
func Num(v float64) string {
	return strconv.FormatFloat(math.Round(v*100)/100, 'f', -1, 64)
}

// MarshalJSON writes n as ["tag", {"name": "value", ...}, kid or text ...],
// the arguments of the browser's s(tag, attrs, ...children).
func (n Node) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('[')
	writeJSON(&b, n.Tag)
	b.WriteString(",{")
	for i, a := range n.Attrs {
		if i > 0 {
			b.WriteByte(',')
		}
		writeJSON(&b, a.Name)
		b.WriteByte(':')
		writeJSON(&b, a.Value)
	}
	b.WriteByte('}')
	if n.Text != "" {
		b.WriteByte(',')
		writeJSON(&b, n.Text)
	}
	for _, k := range n.Kids {
		j, err := k.MarshalJSON()
		if err != nil {
			return nil, err
		}
		b.WriteByte(',')
		b.Write(j)
	}
	b.WriteByte(']')
	return []byte(b.String()), nil
}

func writeJSON(b *strings.Builder, s string) {
	j, _ := json.Marshal(s) // a string always marshals
	b.Write(j)
}

// Markup writes n as SVG markup.
func (n Node) Markup(b *strings.Builder) {
	b.WriteByte('<')
	b.WriteString(n.Tag)
	for _, a := range n.Attrs {
		fmt.Fprintf(b, ` %s="%s"`, a.Name, esc(a.Value))
	}
	if n.Text == "" && len(n.Kids) == 0 {
		b.WriteString("/>")
		return
	}
	b.WriteByte('>')
	b.WriteString(esc(n.Text))
	for _, k := range n.Kids {
		k.Markup(b)
	}
	fmt.Fprintf(b, "</%s>", n.Tag)
}

// String is n's markup.
func (n Node) String() string {
	var b strings.Builder
	n.Markup(&b)
	return b.String()
}

// Symbol is a drawing of W by H map units, defined once and placed many
// times. A node of its parts with the attribute data-slot="label" holds
// text a placement may replace (the designation of a pile of counters).
type Symbol struct {
	ID    string  `json:"id"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
	Parts []Node  `json:"parts"`
}

// Markup writes s as an SVG <symbol>.
func (s Symbol) Markup(b *strings.Builder) {
	fmt.Fprintf(b, `<symbol id="%s" viewBox="0 0 %s %s">`, esc(s.ID), Num(s.W), Num(s.H))
	for _, p := range s.Parts {
		p.Markup(b)
	}
	b.WriteString("</symbol>")
}

// Defs is the markup of the symbols, for an SVG's <defs>.
func Defs(syms []Symbol) string {
	var b strings.Builder
	for _, s := range syms {
		s.Markup(&b)
		b.WriteByte('\n')
	}
	return b.String()
}

// Use places symbol id with its top left corner at x, y, size w by h.
func Use(id string, x, y, w, h float64) Node {
	return El("use", "href", "#"+id, "x", x, "y", y, "width", w, "height", h)
}

func esc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails
	return b.String()
}
