package mgmg

import (
	"strconv"

	"sandtable/board/area"
)

// Fortress Holland's part of the map (fh40:3.2, 3.3): the areas numbered
// 26 and up and zones C, D, E, G, H and I. A Map restricted to it keeps
// every place and its index, so that states of both games have one shape,
// but the places out of play border nothing: no move, retreat, regroup or
// supply line reaches them.

// restrictToFortressHolland makes m the map of Fortress Holland.
func (m *Map) restrictToFortressHolland() {
	m.nbrs = make([][]int, m.Len())
	for i := range m.Len() {
		if !m.InFortressHolland(i) {
			continue
		}
		for _, j := range m.Board.Neighbors(i) {
			if m.InFortressHolland(j) {
				m.nbrs[i] = append(m.nbrs[i], j)
			}
		}
	}
}

// Neighbors is the places adjacent to place i that are in play.
func (m *Map) Neighbors(i int) []int {
	if m.nbrs != nil {
		return m.nbrs[i]
	}
	return m.Board.Neighbors(i)
}

// Adjacent reports whether places i and j are adjacent and both in play.
func (m *Map) Adjacent(i, j int) bool {
	return m.Board.Adjacent(i, j) && (m.nbrs == nil || m.InFortressHolland(i) && m.InFortressHolland(j))
}

// fortressHollandDecor is how Fortress Holland's map marks place i: grey
// out of play (fh40:3.2, 3.3, 3.4); in play, its identifier square on
// elevated terrain, its TEM and its polder outline as in mgmg, without the
// airborne sectors, drop areas and supply heads the variant does not use
// (fh40:3.26, 3.261, 3.262).
func (m *Map) fortressHollandDecor(i int) area.Decor {
	if !m.InFortressHolland(i) {
		return area.Decor{Style: "out-of-play"}
	}
	p := &m.places[i]
	d := area.Decor{Square: p.Elevated, Sub: "+" + strconv.Itoa(p.TEM)}
	if p.Polder {
		d.Style = "polder"
	}
	return d
}
