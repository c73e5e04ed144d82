package symbol

import (
	"encoding/json"
	"testing"
)

// A node is written as the arguments of the browser's s(tag, attrs,
// ...children) and as SVG markup, its attributes in order, text escaped.
func TestNodeJSONAndMarkup(t *testing.T) {
	n := El("g", "transform", "translate(13 12.4)").With(
		El("rect", "x", 0.6, "width", 24.8, "rx", 2),
		El("text", "x", -1.006, "fill", "#ffffff").Say(`A & "B" <1>`))
	j, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := `["g",{"transform":"translate(13 12.4)"},["rect",{"x":"0.6","width":"24.8","rx":"2"}],` +
		`["text",{"x":"-1.01","fill":"#ffffff"},"A \u0026 \"B\" \u003c1\u003e"]]`
	if string(j) != wantJSON {
		t.Errorf("JSON:\n got %s\nwant %s", j, wantJSON)
	}
	wantSVG := `<g transform="translate(13 12.4)"><rect x="0.6" width="24.8" rx="2"/>` +
		`<text x="-1.01" fill="#ffffff">A &amp; &#34;B&#34; &lt;1&gt;</text></g>`
	if got := n.String(); got != wantSVG {
		t.Errorf("markup:\n got %s\nwant %s", got, wantSVG)
	}
}

// A symbol is defined with its size as its view box and placed by id.
func TestSymbolDefsAndUse(t *testing.T) {
	s := Symbol{ID: "marker-fire-1", W: 18, H: 18, Parts: []Node{El("rect", "width", 18, "height", 18)}}
	if got, want := Defs([]Symbol{s}), `<symbol id="marker-fire-1" viewBox="0 0 18 18"><rect width="18" height="18"/></symbol>`+"\n"; got != want {
		t.Errorf("defs:\n got %s\nwant %s", got, want)
	}
	if got, want := Use("marker-fire-1", -19, -34, 18, 18).String(), `<use href="#marker-fire-1" x="-19" y="-34" width="18" height="18"/>`; got != want {
		t.Errorf("use:\n got %s\nwant %s", got, want)
	}
}

// With leaves the node it extends as it was, so that a shared node is
// never changed behind its other users.
func TestWithCopies(t *testing.T) {
	base := El("g").With(El("rect"))
	a, b := base.With(El("circle")), base.With(El("line"))
	if len(base.Kids) != 1 || a.Kids[1].Tag != "circle" || b.Kids[1].Tag != "line" {
		t.Errorf("base %v, a %v, b %v", base.Kids, a.Kids, b.Kids)
	}
}

func TestElRefusesOddPairs(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("El with an attribute without a value did not panic")
		}
	}()
	El("rect", "x")
}
