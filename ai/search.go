package ai

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"time"

	"sandtable/engine"
)

// searchLevel is the budget of one level of the search bot (docs/bots.md,
// "## search").
type searchLevel struct {
	think      time.Duration // per choice, by the clock
	iterations int           // per choice, when Config.Repeatable
}

// searchLevels are the search bot's levels by name ("" is the default).
var searchLevels = map[string]searchLevel{
	"fast":   {think: 25 * time.Millisecond, iterations: 150},
	"":       {think: 80 * time.Millisecond, iterations: 600},
	"strong": {think: 400 * time.Millisecond, iterations: 3000},
}

// The search's constants. UCB's exploration, for rewards in [0, 1], is high
// because playouts are noisy next to the differences between choices, and
// playouts are short for the same reason: each random choice adds noise that
// the evaluation at its end cannot take out (in soa, depth 10 beat 3, 20 and
// 40, and exploration 1.4 beat 0.7 and 0.25, head to head: docs/bots.md).
// Progressive widening lets a node visited n times choose among at most
// widenC·(n+1)^widenAlpha of its legal actions, so that a node with many
// choices grows its best few before it tries them all. Against the
// heuristic it played better than widening only past 8 children (0.83
// against 0.63 on the same 20 games), though not against itself
// (docs/bots.md, Tuning).
const (
	exploration  = 1.4
	playoutDepth = 10
	widenC       = 2.0
	widenAlpha   = 0.5
	// playoutCap ends a playout that no game would reach (a game's own
	// MaxChoices is far shorter), scored as a draw.
	playoutCap = 1 << 20
)

// Search is information-set Monte Carlo tree search (single observer): one
// tree of the choices of every seat, each iteration on a new determinization
// of its Turn (docs/bots.md, "## search"). It is not safe for concurrent use.
type Search struct {
	name  string
	level searchLevel
	c     Config
	rng   engine.RNG
	// kept is each worker's subtree under the choice last made, for the next
	// choice when nothing but that choice has happened since.
	kept     []*node
	estimate float64
	hasEst   bool
}

// NewSearch makes the search bot at level ("fast", "" or "strong").
func NewSearch(level string, c Config) *Search {
	lv, ok := searchLevels[level]
	if !ok {
		panic(fmt.Sprintf("no search level %q", level))
	}
	if c.Repeatable && c.Iterations > 0 {
		lv.iterations = c.Iterations
	}
	return &Search{name: levelName("search", level), level: lv, c: c, rng: engine.NewRNG(c.Seed)}
}

// Name implements Bot.
func (s *Search) Name() string { return s.name }

// Think implements Pacer: the level's time a choice, 0 when repeatable.
func (s *Search) Think() time.Duration {
	if s.c.Repeatable {
		return 0
	}
	return s.level.think
}

// Estimate implements Estimator: the mean result, for the seat it chose for,
// of the iterations through its last choice.
func (s *Search) Estimate() (float64, bool) { return s.estimate, s.hasEst }

// node is one choice in the tree: action, made by seat, leads here.
type node struct {
	action engine.Action
	seat   engine.Seat
	// visits and value (the sum of seat's rewards) count the iterations
	// through the node; avail counts those in which its action was legal,
	// for UCB at a seat whose choices differ between determinizations.
	visits, avail int
	value         float64
	children      []*node
	// pure holds while every iteration saw the action roll no dice, reveal
	// nothing and leave seat to choose again from next: the subtree is then
	// valid for seat's next choice.
	pure bool
	next []engine.Action
}

func (n *node) child(a engine.Action) *node {
	for _, c := range n.children {
		if c.action == a {
			return c
		}
	}
	return nil
}

// Choose implements Bot.
func (s *Search) Choose(ctx context.Context, t engine.Turn) (engine.Action, error) {
	legal := t.Legal(nil)
	if len(legal) == 0 {
		return 0, errors.New("no legal choice")
	}
	seat := t.Seat()
	workers := max(1, s.c.Workers)
	roots := make([]*node, workers)
	for w := range roots {
		roots[w] = s.reuse(w, seat, legal)
	}
	if len(legal) == 1 { // nothing to think about; keep the tree below it
		s.settle(roots, legal[0])
		return legal[0], nil
	}

	// Each worker searches its own tree (root parallelism) from its own
	// determinization, which it determinizes again for every iteration: a
	// determinization is a state the seat cannot tell from the Turn's, so
	// this draws alike, and the workers need not share the Turn.
	ws := make([]*searcher, workers)
	for w := range ws {
		r := engine.NewRNG(uint64(s.rng.Intn(math.MaxInt64)))
		base, err := t.Determinize(&r)
		if err != nil {
			return 0, err
		}
		d, ok := base.(engine.Determinizer)
		if !ok {
			return 0, fmt.Errorf("a determinization of %T is no engine.Determinizer, so it cannot be drawn again", base)
		}
		ws[w] = &searcher{seat: seat, base: d, rng: r, root: roots[w]}
	}
	stop := s.stopper(ctx, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w, sr := range ws {
		wg.Go(func() {
			defer func() { // a game's panic in a worker is the bot's error, not the process's end
				if p := recover(); p != nil {
					errs[w] = fmt.Errorf("search: the game panicked in a determinization: %v", p)
				}
			}()
			errs[w] = sr.run(stop, s.c.yield)
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	a := best(roots, legal)
	s.settle(roots, a)
	return a, nil
}

// stopper tells a worker that has done done iterations whether to stop:
// after its share of the level's iterations when Repeatable (only a
// cancelled ctx cuts that short), else at the level's think time or ctx's
// deadline, whichever comes first.
func (s *Search) stopper(ctx context.Context, workers int) func(done int) bool {
	if s.c.Repeatable {
		share := (s.level.iterations + workers - 1) / workers
		return func(done int) bool { return done >= share || errors.Is(ctx.Err(), context.Canceled) }
	}
	end := time.Now().Add(s.level.think)
	if d, ok := ctx.Deadline(); ok && d.Before(end) {
		end = d
	}
	return func(int) bool { return ctx.Err() != nil || !time.Now().Before(end) }
}

// reuse is worker w's root for seat's choice among legal: the subtree kept
// under its last choice when that choice was pure and left the same choices,
// else a new tree.
func (s *Search) reuse(w int, seat engine.Seat, legal []engine.Action) *node {
	fresh := &node{seat: seat}
	if w >= len(s.kept) {
		return fresh
	}
	k := s.kept[w]
	if k == nil || !k.pure || k.seat != seat || !sameActions(k.next, legal) {
		return fresh
	}
	return k
}

// sameActions reports whether a and b hold the same actions, in any order.
func sameActions(a, b []engine.Action) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := slices.Clone(a), slices.Clone(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// best is the action most visited over every worker's root, the workers
// merged in order; ties go to the better mean, then to the first legal.
func best(roots []*node, legal []engine.Action) engine.Action {
	a, bestN, bestV := legal[0], -1, 0.0
	for _, l := range legal {
		n, v := 0, 0.0
		for _, r := range roots {
			if c := r.child(l); c != nil {
				n += c.visits
				v += c.value
			}
		}
		if n > bestN || (n == bestN && n > 0 && v/float64(n) > bestV/float64(bestN)) {
			a, bestN, bestV = l, n, v
		}
	}
	return a
}

// settle records the choice a: the estimate from the workers' children for
// a, and those children as the subtrees to keep.
func (s *Search) settle(roots []*node, a engine.Action) {
	s.kept = s.kept[:0]
	n, v := 0, 0.0
	for _, r := range roots {
		c := r.child(a)
		s.kept = append(s.kept, c)
		if c != nil {
			n += c.visits
			v += c.value
		}
	}
	if n > 0 {
		s.estimate, s.hasEst = v/float64(n), true
	}
}

// searcher is one worker's search.
type searcher struct {
	seat  engine.Seat
	base  engine.Determinizer
	rng   engine.RNG
	root  *node
	legal []engine.Action
	// untried holds pick's actions without a child, reused across calls
	untried []engine.Action
	path    []*node
	scores  []seatScore
	// scratch is the last iteration's state, drawn into again
	scratch engine.State
}

// seatScore caches one seat's reward at the end of an iteration.
type seatScore struct {
	seat  engine.Seat
	score float64
}

func (sr *searcher) run(stop func(done int) bool, yield func()) error {
	for done := 0; !stop(done); done++ {
		if err := sr.iterate(); err != nil {
			return err
		}
		if done%yieldEvery == yieldEvery-1 {
			yield()
		}
	}
	return nil
}

// yieldEvery is how many iterations (some 0.1 ms) a worker runs before it
// yields (Config.Yield): a server's request handlers then wait for a bot
// about that long, not the scheduler's 10 ms time slice.
const yieldEvery = 8

// iterate is one iteration: a new determinization, a descent by UCB through
// the actions legal in it to a new node, a playout and the backup.
func (sr *searcher) iterate() error {
	d := sr.determinize()
	n := sr.root
	sr.path = append(sr.path[:0], n)
	for d.ToMove() != "" {
		mover := d.ToMove()
		sr.legal = d.Legal(sr.legal[:0])
		n.see(mover, sr.legal)
		c, expanded := sr.pick(n, mover)
		rolls, revealed := d.RNG().Rolls, revealedOf(d)
		if err := d.Apply(c.action); err != nil {
			return fmt.Errorf("search: %s: %w", d.Describe(c.action).ID, err)
		}
		if d.RNG().Rolls != rolls || revealedOf(d) != revealed {
			c.pure = false // dice or a secret came out: the next choice is in another information set
		}
		n = c
		sr.path = append(sr.path, n)
		if expanded {
			break
		}
	}
	if err := sr.playout(d); err != nil {
		return err
	}
	sr.path[0].visits++
	for _, p := range sr.path[1:] {
		p.visits++
		p.value += sr.score(d, p.seat)
	}
	return nil
}

// determinize draws the iteration's state, into the memory of the last
// iteration's when the game can (engine.DeterminizerInto): a search
// allocating a state per iteration kept a server's collector busy.
func (sr *searcher) determinize() engine.State {
	into, ok := sr.base.(engine.DeterminizerInto)
	if !ok {
		return sr.base.Determinize(sr.seat, &sr.rng)
	}
	sr.scratch = into.DeterminizeInto(sr.seat, &sr.rng, sr.scratch)
	return sr.scratch
}

// see notes the choices at n for the subtree's reuse: a pure node's seat
// must find the same list every time.
func (n *node) see(mover engine.Seat, legal []engine.Action) {
	switch {
	case !n.pure:
	case mover != n.seat:
		n.pure = false
	case n.next == nil:
		n.next = slices.Clone(legal)
	case !slices.Equal(n.next, legal):
		n.pure = false
	}
}

func revealedOf(s engine.State) uint64 {
	if r, ok := s.(engine.Revealer); ok {
		return r.Revealed()
	}
	return 0
}

// pick chooses among sr.legal at n: a new child while progressive widening
// allows one and an untried action is left, else the legal child with the
// best upper confidence bound. Every legal child counts one more availability.
func (sr *searcher) pick(n *node, mover engine.Seat) (*node, bool) {
	untried := sr.untried[:0]
	var best *node
	bestU, tried := math.Inf(-1), 0
	for _, a := range sr.legal {
		c := n.child(a)
		if c == nil {
			untried = append(untried, a)
			continue
		}
		tried++
		c.avail++
		u := math.Inf(1)
		if c.visits > 0 {
			u = c.value/float64(c.visits) + exploration*math.Sqrt(math.Log(float64(c.avail))/float64(c.visits))
		}
		if u > bestU {
			best, bestU = c, u
		}
	}
	if len(untried) > 0 && (best == nil || float64(tried) < widenC*math.Pow(float64(n.visits+1), widenAlpha)) {
		c := &node{action: untried[sr.rng.Intn(len(untried))], seat: mover, avail: 1, pure: true}
		n.children = append(n.children, c)
		sr.untried = untried
		return c, true
	}
	sr.untried = untried
	return best, false
}

// playout plays random choices on d until the game ends or, when d can
// evaluate itself, for playoutDepth choices.
func (sr *searcher) playout(d engine.State) error {
	_, evaluates := d.(engine.Evaluator)
	for n := 0; d.ToMove() != ""; n++ {
		if (evaluates && n >= playoutDepth) || n >= playoutCap {
			break
		}
		sr.legal = d.Legal(sr.legal[:0])
		if err := d.Apply(sr.legal[sr.rng.Intn(len(sr.legal))]); err != nil {
			return fmt.Errorf("search playout: %w", err)
		}
	}
	sr.scores = sr.scores[:0]
	return nil
}

// score is seat's reward for the playout that ended in d: win 1, draw 0.5,
// loss 0 for a finished game, else d's evaluation.
func (sr *searcher) score(d engine.State, seat engine.Seat) float64 {
	for _, s := range sr.scores {
		if s.seat == seat {
			return s.score
		}
	}
	v := 0.5
	if r := d.Result(); r != nil {
		v = r.For(seat)
	} else if e, ok := d.(engine.Evaluator); ok {
		v = e.Evaluate(seat)
	}
	sr.scores = append(sr.scores, seatScore{seat, v})
	return v
}
