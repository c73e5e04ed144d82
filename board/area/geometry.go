package area

import "math"

// polygonArea is the signed area of a polygon (shoelace formula).
func polygonArea(poly []Point) float64 {
	s := 0.0
	for k := range poly {
		p, q := poly[k], poly[(k+1)%len(poly)]
		s += p.X*q.Y - q.X*p.Y
	}
	return s / 2
}

// pointInPolygon reports whether p lies strictly inside poly (even-odd rule).
func pointInPolygon(p Point, poly []Point) bool {
	in := false
	for k := range poly {
		a, c := poly[k], poly[(k+1)%len(poly)]
		if (a.Y > p.Y) != (c.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(c.X-a.X)/(c.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// bbox returns the bounding box of a polygon.
func bbox(poly []Point) (lo, hi Point) {
	lo, hi = poly[0], poly[0]
	for _, q := range poly[1:] {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	return lo, hi
}

func sub(a, b Point) Point           { return Point{a.X - b.X, a.Y - b.Y} }
func add(a, b Point) Point           { return Point{a.X + b.X, a.Y + b.Y} }
func scale(a Point, s float64) Point { return Point{a.X * s, a.Y * s} }
func dot(a, b Point) float64         { return a.X*b.X + a.Y*b.Y }
func cross(a, b Point) float64       { return a.X*b.Y - a.Y*b.X }
func dist(a, b Point) float64        { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// closestOnSegment returns the point of segment ab closest to p.
func closestOnSegment(p, a, b Point) Point {
	d := sub(b, a)
	l2 := dot(d, d)
	if l2 == 0 {
		return a
	}
	t := math.Max(0, math.Min(1, dot(sub(p, a), d)/l2))
	return add(a, scale(d, t))
}

// closestOnBoundary returns the point of the polygon's boundary closest to p.
func closestOnBoundary(p Point, poly []Point) Point {
	best, bd := poly[0], math.Inf(1)
	for k := range poly {
		c := closestOnSegment(p, poly[k], poly[(k+1)%len(poly)])
		if d := dist(p, c); d < bd {
			best, bd = c, d
		}
	}
	return best
}

// closestPair returns the pair of boundary points, one on each polygon, that
// are closest to each other.
func closestPair(p, q []Point) (Point, Point) {
	var bp, bq Point
	bd := math.Inf(1)
	try := func(a, b Point) {
		if d := dist(a, b); d < bd {
			bp, bq, bd = a, b, d
		}
	}
	for _, v := range p {
		try(v, closestOnBoundary(v, q))
	}
	for _, v := range q {
		try(closestOnBoundary(v, p), v)
	}
	return bp, bq
}

// firstCrossing returns the smallest t in [0,1] at which segment a->b crosses
// the polygon's boundary, or -1.
func firstCrossing(a, b Point, poly []Point) float64 {
	best := -1.0
	r := sub(b, a)
	for k := range poly {
		c, d := poly[k], poly[(k+1)%len(poly)]
		s := sub(d, c)
		den := cross(r, s)
		if den == 0 {
			continue
		}
		t := cross(sub(c, a), s) / den
		u := cross(sub(c, a), r) / den
		if t >= 0 && t <= 1 && u >= 0 && u <= 1 && (best < 0 || t < best) {
			best = t
		}
	}
	return best
}

// SharedBorder returns the total length of boundary that polygons p and q
// have in common (collinear overlapping edges, within tol), and whether their
// boundaries come within tol of each other at all.
func SharedBorder(p, q []Point, tol float64) (length float64, touch bool) {
	for _, s := range sharedSegments(p, q, tol) {
		length += dist(s[0], s[1])
	}
	return length, length > 0 || touching(p, q, tol)
}

// touching reports whether the boundaries of p and q come within tol of each
// other: an end point of a side of one near a side of the other.
func touching(p, q []Point, tol float64) bool {
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		for j := range q {
			c, d := q[j], q[(j+1)%len(q)]
			if dist(c, closestOnSegment(c, a, b)) <= tol || dist(d, closestOnSegment(d, a, b)) <= tol ||
				dist(a, closestOnSegment(a, c, d)) <= tol || dist(b, closestOnSegment(b, c, d)) <= tol {
				return true
			}
		}
	}
	return false
}

// CheckGeometry compares the declared topology of the areas with their
// polygons: every pair of areas sharing a border longer than tol must be in
// Edges and every edge must have such a border; every pair listed in
// CornerOnly must touch without sharing a border; a pair in RuleEdges must
// share no border (it would be an edge) and may touch at a point; and no
// other pair may touch at a point. Zones and boxes are not checked (their
// connections are arrows, or none). It reports every mismatch.
func (b *Board) CheckGeometry(tol float64) error {
	n := len(b.Places)
	edge := make([]bool, n*n)
	for _, e := range b.Edges {
		i, j := b.index[e[0]], b.index[e[1]]
		edge[i*n+j], edge[j*n+i] = true, true
	}
	var pr problems
	for i := range n {
		if !b.IsArea(i) {
			continue
		}
		for j := i + 1; j < n; j++ {
			if !b.IsArea(j) {
				continue
			}
			pi, pj := &b.Places[i], &b.Places[j]
			l, touch := SharedBorder(pi.Polygon, pj.Polygon, tol)
			corner, rule := b.IsCornerOnly(i, j), b.IsRuleEdge(i, j)
			switch {
			case l > tol && rule:
				pr.addf("areas %q and %q are rule_edges but share a border of length %s; list them in edges", pi.ID, pj.ID, num(l))
			case l > tol && !edge[i*n+j] && corner:
				pr.addf("areas %q and %q are corner_only but share a border of length %s", pi.ID, pj.ID, num(l))
			case l > tol && !edge[i*n+j]:
				pr.addf("areas %q and %q share a border of length %s but are not in edges", pi.ID, pj.ID, num(l))
			case l <= tol && edge[i*n+j]:
				pr.addf("areas %q and %q are in edges but share no border", pi.ID, pj.ID)
			case l <= tol && touch && !corner && !rule:
				pr.addf("areas %q and %q touch at a point but are not in corner_only", pi.ID, pj.ID)
			case corner && !touch:
				pr.addf("areas %q and %q are corner_only but do not touch", pi.ID, pj.ID)
			}
		}
	}
	return pr.err("geometry does not match topology")
}

// sharedSegments returns the pieces of p's boundary that lie along q's
// boundary (collinear overlaps within tol), in p's order.
func sharedSegments(p, q []Point, tol float64) [][2]Point {
	var out [][2]Point
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		ab := sub(b, a)
		l := math.Hypot(ab.X, ab.Y)
		if l == 0 {
			continue
		}
		u := scale(ab, 1/l)
		for j := range q {
			c, d := q[j], q[(j+1)%len(q)]
			// Collinear: both end points of cd within tol of the line through ab.
			if math.Abs(cross(u, sub(c, a))) > tol || math.Abs(cross(u, sub(d, a))) > tol {
				continue
			}
			t0, t1 := dot(sub(c, a), u), dot(sub(d, a), u)
			if t0 > t1 {
				t0, t1 = t1, t0
			}
			t0, t1 = math.Max(0, t0), math.Min(l, t1)
			if t1-t0 > tol {
				out = append(out, [2]Point{add(a, scale(u, t0)), add(a, scale(u, t1))})
			}
		}
	}
	return out
}

// borderPoint returns the point at fraction f of the length of the border
// that places p and q share, and the border's direction there (a unit
// vector); ok is false when they share none.
func borderPoint(p, q []Point, f float64) (at, dir Point, ok bool) {
	segs := sharedSegments(p, q, 0.5)
	total := 0.0
	for _, s := range segs {
		total += dist(s[0], s[1])
	}
	if total == 0 {
		return Point{}, Point{}, false
	}
	left := f * total
	for _, s := range segs {
		l := dist(s[0], s[1])
		if left <= l || s == segs[len(segs)-1] {
			u := scale(sub(s[1], s[0]), 1/l)
			return add(s[0], scale(u, math.Min(left, l))), u, true
		}
		left -= l
	}
	return Point{}, Point{}, false
}
