package board

import (
	"container/heap"
	"fmt"
)

// Distances returns, for every place, the number of steps from place from,
// or -1 where it cannot be reached. The start is always left; any other
// place is reached (it gets a distance) but only passed through if pass is
// nil or returns true for it, so pass models "movement stops on entering".
func Distances(g Graph, from int, pass func(i int) bool) []int {
	dist := make([]int, g.Len())
	for i := range dist {
		dist[i] = -1
	}
	dist[from] = 0
	queue := []int{from}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		if u != from && pass != nil && !pass(u) {
			continue
		}
		for _, v := range g.Neighbors(u) {
			if dist[v] < 0 {
				dist[v] = dist[u] + 1
				queue = append(queue, v)
			}
		}
	}
	return dist
}

// Cost is the price of a step from place i into the adjacent place j; ok
// false forbids the step. Costs must not be negative. A cost may depend on
// the direction (uphill, across a river into enemy country), and a place
// the mover stops in is modelled by forbidding every step out of it.
type Cost func(i, j int) (cost int, ok bool)

// Paths are the cheapest paths from one place to all others.
type Paths struct {
	From int
	Dist []int // cheapest total cost per place, -1 if unreachable
	Prev []int // the place before each on its cheapest path, -1 for From and the unreachable
}

// Cheapest finds the cheapest path from place from to every place
// (Dijkstra). Among paths of equal cost it keeps the one whose places were
// settled first (lower cost, then lower index), so the result is the same on
// every run.
func Cheapest(g Graph, from int, cost Cost) Paths {
	n := g.Len()
	p := Paths{From: from, Dist: make([]int, n), Prev: make([]int, n)}
	for i := range n {
		p.Dist[i], p.Prev[i] = -1, -1
	}
	done := make([]bool, n)
	p.Dist[from] = 0
	q := &frontier{{from, 0}}
	for q.Len() > 0 {
		e := heap.Pop(q).(entry)
		if done[e.place] {
			continue
		}
		done[e.place] = true
		for _, v := range g.Neighbors(e.place) {
			if done[v] {
				continue
			}
			c, ok := cost(e.place, v)
			if !ok {
				continue
			}
			if c < 0 {
				panic(fmt.Sprintf("board: negative cost %d for the step %d->%d; costs must be zero or more", c, e.place, v))
			}
			if d := e.dist + c; p.Dist[v] < 0 || d < p.Dist[v] {
				p.Dist[v], p.Prev[v] = d, e.place
				heap.Push(q, entry{v, d})
			}
		}
	}
	return p
}

// To returns the cheapest path from p.From to place to, both included, or
// nil if it cannot be reached.
func (p Paths) To(to int) []int {
	if p.Dist[to] < 0 {
		return nil
	}
	var path []int
	for i := to; i >= 0; i = p.Prev[i] {
		path = append(path, i)
	}
	for a, b := 0, len(path)-1; a < b; a, b = a+1, b-1 {
		path[a], path[b] = path[b], path[a]
	}
	return path
}

type entry struct{ place, dist int }

// frontier is a min-heap of entries by cost, then place index.
type frontier []entry

func (f frontier) Len() int { return len(f) }
func (f frontier) Less(a, b int) bool {
	return f[a].dist < f[b].dist || f[a].dist == f[b].dist && f[a].place < f[b].place
}
func (f frontier) Swap(a, b int) { f[a], f[b] = f[b], f[a] }
func (f *frontier) Push(x any)   { *f = append(*f, x.(entry)) }
func (f *frontier) Pop() any {
	old := *f
	e := old[len(old)-1]
	*f = old[:len(old)-1]
	return e
}
