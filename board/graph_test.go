package board_test

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"sandtable/board"
	"sandtable/board/boardtest"
)

// graph is a plain adjacency-matrix Graph for the tests.
type graph struct {
	n    int
	feat map[[2]int]board.Features
	adj  []bool
	nbr  [][]int
}

func (g *graph) Len() int               { return g.n }
func (g *graph) Neighbors(i int) []int  { return g.nbr[i] }
func (g *graph) Adjacent(i, j int) bool { return g.adj[i*g.n+j] }
func (g *graph) EdgeFeatures(i, j int) board.Features {
	return g.feat[[2]int{min(i, j), max(i, j)}]
}

// randomGraph has n places, each pair joined with probability p, and random
// features on some edges.
func randomGraph(r *rand.Rand, n int, p float64) *graph {
	g := &graph{n: n, feat: map[[2]int]board.Features{}, adj: make([]bool, n*n), nbr: make([][]int, n)}
	for i := range n {
		for j := i + 1; j < n; j++ {
			if r.Float64() < p {
				g.adj[i*n+j], g.adj[j*n+i] = true, true
				g.feat[[2]int{i, j}] = board.Features(r.IntN(32))
			}
		}
	}
	for i := range n {
		for j := range n {
			if g.adj[i*n+j] {
				g.nbr[i] = append(g.nbr[i], j)
			}
		}
	}
	return g
}

func TestFeaturesJSON(t *testing.T) {
	f := board.River | board.Bridge
	data, err := json.Marshal(f)
	if err != nil || string(data) != `["river","bridge"]` {
		t.Fatalf("Marshal(river+bridge) = %s, %v", data, err)
	}
	var back board.Features
	if err := json.Unmarshal(data, &back); err != nil || back != f {
		t.Fatalf("Unmarshal(%s) = %v, %v", data, back, err)
	}
	if data, _ := json.Marshal(board.Features(0)); string(data) != "[]" {
		t.Errorf("Marshal(none) = %s, want []", data)
	}
	if f.String() != "river+bridge" || board.Features(0).String() != "none" {
		t.Errorf("String = %q, %q", f.String(), board.Features(0).String())
	}
	if !f.Has(board.River) || f.Has(board.River|board.Road) {
		t.Error("Has wrong")
	}
	for in, want := range map[string]string{
		`["ford"]`:            `unknown edge feature "ford"`,
		`["road","road"]`:     `"road" listed twice`,
		`"river"`:             "must be a list of names",
		`["canal","railway"]`: "known: river, canal, bridge, road, rail, ferry",
	} {
		if err := json.Unmarshal([]byte(in), &back); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("Unmarshal(%s) = %v, want an error containing %q", in, err, want)
		}
	}
}

// recorder is a testing.TB that counts errors instead of failing.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Errorf(format string, args ...any) { r.errs = append(r.errs, format) }

func TestCheckGraph(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		boardtest.CheckGraph(t, randomGraph(r, 1+r.IntN(9), r.Float64()))
	}
	broken := map[string]func(g *graph){
		"one-way edge":          func(g *graph) { g.adj[0*g.n+2] = true },
		"self loop":             func(g *graph) { g.adj[1*g.n+1] = true; g.nbr[1] = []int{1} },
		"neighbours not sorted": func(g *graph) { g.nbr[1] = []int{2, 0} },
		"neighbour missing":     func(g *graph) { g.nbr[1] = []int{0} },
		"features off an edge":  func(g *graph) { g.feat[[2]int{0, 2}] = board.Road },
	}
	for name, breakIt := range broken {
		// 0-1 and 1-2 adjacent, 0-2 not.
		g := &graph{n: 3, feat: map[[2]int]board.Features{}, adj: make([]bool, 9), nbr: [][]int{{1}, {0, 2}, {1}}}
		g.adj[1], g.adj[3], g.adj[5], g.adj[7] = true, true, true, true
		breakIt(g)
		rec := &recorder{TB: t}
		boardtest.CheckGraph(rec, g)
		if len(rec.errs) == 0 {
			t.Errorf("%s: CheckGraph found nothing", name)
		}
	}
}

// simplePaths calls visit with every simple path from start.
func simplePaths(g board.Graph, start int, visit func(path []int)) {
	path := []int{start}
	var walk func()
	walk = func() {
		visit(path)
		for _, v := range g.Neighbors(path[len(path)-1]) {
			if !slices.Contains(path, v) {
				path = append(path, v)
				walk()
				path = path[:len(path)-1]
			}
		}
	}
	walk()
}

func TestDistancesAgreeWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		n := 1 + r.IntN(8)
		g := randomGraph(r, n, r.Float64())
		stop := make([]bool, n)
		for i := range stop {
			stop[i] = r.IntN(4) == 0
		}
		pass := func(i int) bool { return !stop[i] }
		from := r.IntN(n)
		want := make([]int, n)
		for i := range want {
			want[i] = -1
		}
		simplePaths(g, from, func(p []int) {
			for k := 1; k < len(p)-1; k++ {
				if stop[p[k]] {
					return
				}
			}
			if last, k := p[len(p)-1], len(p)-1; want[last] < 0 || k < want[last] {
				want[last] = k
			}
		})
		if got := board.Distances(g, from, pass); !slices.Equal(got, want) {
			t.Fatalf("graph %v stop %v: Distances from %d = %v, brute force %v", g.nbr, stop, from, got, want)
		}
	}
}

func TestCheapestAgreesWithBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		n := 1 + r.IntN(8)
		g := randomGraph(r, n, r.Float64())
		costs := make([]int, n*n) // directed; -1 forbids the step
		for i := range costs {
			costs[i] = r.IntN(6) - 1
		}
		cost := func(i, j int) (int, bool) { c := costs[i*n+j]; return c, c >= 0 }
		from := r.IntN(n)
		want := make([]int, n)
		for i := range want {
			want[i] = -1
		}
		simplePaths(g, from, func(p []int) {
			total := 0
			for k := 1; k < len(p); k++ {
				c, ok := cost(p[k-1], p[k])
				if !ok {
					return
				}
				total += c
			}
			if last := p[len(p)-1]; want[last] < 0 || total < want[last] {
				want[last] = total
			}
		})
		paths := board.Cheapest(g, from, cost)
		if !slices.Equal(paths.Dist, want) {
			t.Fatalf("graph %v costs %v: Cheapest from %d = %v, brute force %v", g.nbr, costs, from, paths.Dist, want)
		}
		for to := range n {
			path := paths.To(to)
			if want[to] < 0 {
				if path != nil {
					t.Fatalf("path to unreachable %d: %v", to, path)
				}
				continue
			}
			if path[0] != from || path[len(path)-1] != to {
				t.Fatalf("path to %d = %v does not run from %d", to, path, from)
			}
			total := 0
			for k := 1; k < len(path); k++ {
				c, ok := cost(path[k-1], path[k])
				if !ok || !g.Adjacent(path[k-1], path[k]) {
					t.Fatalf("path %v takes a forbidden step %d->%d", path, path[k-1], path[k])
				}
				total += c
			}
			if total != want[to] {
				t.Fatalf("path %v costs %d, want %d", path, total, want[to])
			}
		}
	}
}

func TestCheapestWithUnitCostIsDistances(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	unit := func(i, j int) (int, bool) { return 1, true }
	for range 100 {
		n := 1 + r.IntN(30)
		g := randomGraph(r, n, r.Float64()*0.3)
		from := r.IntN(n)
		if got, want := board.Cheapest(g, from, unit).Dist, board.Distances(g, from, nil); !slices.Equal(got, want) {
			t.Fatalf("Cheapest with unit costs = %v, Distances = %v", got, want)
		}
	}
}

func TestCheapestRefusesNegativeCosts(t *testing.T) {
	g := randomGraph(rand.New(rand.NewPCG(1, 1)), 2, 1)
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), "negative cost -1 for the step 0->1") {
			t.Errorf("recover() = %v", r)
		}
	}()
	board.Cheapest(g, 0, func(i, j int) (int, bool) { return -1, true })
}
