// Package enginetest is the conformance kit every game runs (docs/design.md
// section 6), in the spirit of OpenSpiel's basic tests and Go's
// testing/fstest: TestGame plays random games and checks, at states sampled
// along them, what the engine, the server, the clients and the bots rely on.
//
//   - random play: invariants after every choice, a choice list while the game
//     runs, an end with a result within MaxChoices (engine.RandomGame);
//   - choices: unique IDs, each found again by engine.Find;
//   - macros (engine.Expander): every macro choice, applied, reaches the state
//     its atomic choices reach one by one, RNG included; records hold only
//     atomic choices;
//   - replay: the record replays to the same hash, from the start and from a
//     position taken on the way;
//   - position round trip: Position -> LoadPosition gives the same hash, the
//     same legal choices and the same position again;
//   - clone independence: playing on a clone changes neither the original nor
//     another clone; a SearchClone plays on exactly like a Clone;
//   - views: no RNG state in any view (the same views after the generator is
//     changed), and, with Config.Hidden, the same view (and, for the seat
//     to move, the same legal actions) for two states that differ only in
//     what the seat may not know. Renderer output is checked like the view;
//   - determinization (engine.Determinizer): for each seat, a determinization
//     shows the seat the same view and, when it is to move, the same choices;
//     it is a valid state (its position round-trips, random play from it
//     ends); with Config.Hidden, two states the seat cannot tell apart give
//     determinizations of the same hash for the same draws; drawn into a
//     used state (engine.DeterminizerInto), the same determinization;
//   - bots (Config.Bots, with Config.Hidden): a bot chooses the same in two
//     states its seat cannot tell apart, whatever their dice to come, and
//     estimates its chances the same when it estimates them.
//
// A game's test is a few lines:
//
//	func TestConformance(t *testing.T) {
//		if err := enginetest.TestGame(game, enginetest.Config{}); err != nil {
//			t.Fatal(err)
//		}
//	}
package enginetest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"

	"sandtable/engine"
)

// Config tunes TestGame for one game. The zero value checks 8 games of the
// first scenario with default options.
type Config struct {
	Scenario string              // default: the game's first
	Options  []map[string]string // option sets, played in turn; default: the defaults
	Games    int                 // random games; default 8
	Seed     uint64              // game i is played with seed Seed+i
	Samples  int                 // states per game checked in depth; default 12
	// Hidden, when set, returns two states that differ only in what seat may
	// not know at s (a secret set-up, a hidden unit), or ok false when
	// nothing is hidden from seat at s. The RNG need not be redrawn: the kit
	// checks it by itself. It is the game's part of the view check.
	Hidden func(s engine.State, seat engine.Seat, r *engine.RNG) (a, b engine.State, ok bool)
	// Bots, each made afresh from a seed, choose the same for the same seed
	// (think by a count of iterations, not the clock). With Hidden, the kit
	// checks that a bot's choice does not change with what its seat may not
	// know (the other side's secrets, the dice to come).
	Bots []func(seed uint64) Chooser
}

// Chooser is a bot as the kit sees it; every ai.Bot is one.
type Chooser interface {
	Choose(ctx context.Context, t engine.Turn) (engine.Action, error)
}

// estimator is a Chooser that estimates its seat's chances after it chose
// (ai.Estimator). The kit compares the estimates too: a number read from
// everything the bot weighed shows a peek that a choice among few may not.
type estimator interface {
	Estimate() (p float64, ok bool)
}

// clonePlay is how many random choices are played on a clone.
const clonePlay = 20

// TestGame runs the kit on g and reports every failure found, at most one
// per game, each naming the game's seed, options and choice number.
func TestGame(g engine.Game, c Config) error {
	if c.Scenario == "" {
		c.Scenario = g.Scenarios()[0].ID
	}
	if len(c.Options) == 0 {
		c.Options = []map[string]string{nil}
	}
	if c.Games == 0 {
		c.Games = 8
	}
	if c.Samples == 0 {
		c.Samples = 12
	}
	k := &kit{g: g, c: c, pick: engine.NewRNG(c.Seed ^ 0x5851f42d4c957f2d)}
	var errs []error
	for i := range c.Games {
		seed := c.Seed + uint64(i)
		opts := c.Options[i%len(c.Options)]
		if err := k.game(seed, opts); err != nil {
			errs = append(errs, fmt.Errorf("%s game %d (scenario %s, seed %d, options %v; `sandtable fuzz --game %s --seed %d --games 1` with those options plays it again): %w",
				g.ID(), i, c.Scenario, seed, opts, g.ID(), seed, err))
		}
	}
	if c.Hidden != nil && k.pairs == 0 && len(errs) == 0 {
		errs = append(errs, fmt.Errorf("%s: Config.Hidden never returned a pair of states, so hidden information was not checked", g.ID()))
	}
	return errors.Join(errs...)
}

type kit struct {
	g     engine.Game
	c     Config
	pick  engine.RNG // the kit's samples and clone play, apart from the games' own picks and dice
	pairs int        // pairs of states Hidden returned
}

// game plays one random game, then replays its record, checking sampled states on the way.
func (k *kit) game(seed uint64, opts map[string]string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	pick := engine.NewRNG(engine.PickSeed(seed))
	rec, _, err := engine.RandomGame(k.g, k.c.Scenario, opts, seed, &pick)
	if err != nil {
		return fmt.Errorf("random play: %w", err)
	}
	n := len(rec.Choices)
	sample := map[int]bool{0: true, 1: true, 2: true, n: true} // secrets are often set at the start
	for range k.c.Samples {
		sample[k.pick.Intn(n+1)] = true
	}
	fromPos := k.pick.Intn(n + 1) // the replay from a position starts here
	s, err := engine.Start(k.g, rec)
	if err != nil {
		return err
	}
	for i := 0; ; i++ {
		if sample[i] {
			if err := k.state(s); err != nil {
				return fmt.Errorf("before choice %d: %w", i+1, err)
			}
		}
		if i == fromPos {
			if err := k.replayFrom(s, rec, i); err != nil {
				return err
			}
		}
		if i == n {
			break
		}
		a, err := engine.Find(s, rec.Choices[i])
		if x, ok := s.(engine.Expander); ok && err == nil && x.Expand(a) != nil {
			err = errors.New("the record holds a macro choice; engine.Apply records its atomic choices")
		}
		if err == nil {
			err = s.Apply(a)
		}
		if err != nil {
			return fmt.Errorf("replay: choice %d (%s): %w", i+1, rec.Choices[i], err)
		}
	}
	if got := engine.FormatHash(s.Hash()); got != rec.Hash {
		return fmt.Errorf("replay reached hash %s, the game played reached %s", got, rec.Hash)
	}
	return nil
}

// replayFrom checks that the rest of the record, replayed from a position of s, ends in the same hash.
func (k *kit) replayFrom(s engine.State, rec *engine.Record, i int) error {
	r := &engine.Record{Format: engine.RecordFormat, Game: k.g.ID(), Position: engine.EncodePosition(k.g.ID(), s), Choices: rec.Choices[i:]}
	end, err := engine.Replay(k.g, r)
	if err != nil {
		return fmt.Errorf("replay from the position before choice %d: %w", i+1, err)
	}
	if got := engine.FormatHash(end.Hash()); got != rec.Hash {
		return fmt.Errorf("replay from the position before choice %d reached hash %s, the game reached %s", i+1, got, rec.Hash)
	}
	return nil
}

// state runs every check on one state; s is left as it was.
func (k *kit) state(s engine.State) error {
	for _, check := range []func(engine.State) error{k.choices, k.macros, k.position, k.clone, k.searchClone, k.rngHidden, k.hidden, k.determinize, k.bots} {
		if err := check(s); err != nil {
			return err
		}
	}
	return nil
}

// choices: a list exactly while the game runs, unique IDs, each found again.
func (k *kit) choices(s engine.State) error {
	to := s.ToMove()
	legal := s.Legal(nil)
	switch {
	case to == "" && (len(legal) > 0 || s.Result() == nil):
		return fmt.Errorf("the game has ended (no seat to move) but lists %d choices and result %v", len(legal), s.Result())
	case to == "":
		return nil
	case s.Result() != nil:
		return fmt.Errorf("%s is to move but the game has a result %+v", to, *s.Result())
	case !slices.Contains(k.g.Seats(), to):
		return fmt.Errorf("the seat to move %q is not one of the game's seats %v", to, k.g.Seats())
	}
	seen := map[string]bool{}
	for _, a := range legal {
		id := s.Describe(a).ID
		if seen[id] {
			return fmt.Errorf("two legal choices have the ID %q", id)
		}
		seen[id] = true
		if b, err := engine.Find(s, id); err != nil || b != a {
			return fmt.Errorf("engine.Find(%q) gives action %d, %v; it was listed as action %d", id, b, err, a)
		}
	}
	return nil
}

// macros: a macro choice and its atomic choices, each legal in turn, reach
// the same state (hash, position, choices, RNG); expanding changes nothing.
func (k *kit) macros(s engine.State) error {
	x, ok := s.(engine.Expander)
	if !ok || s.ToMove() == "" {
		return nil
	}
	before := k.snap(s)
	for _, a := range s.Legal(nil) {
		ids := x.Expand(a)
		if ids == nil {
			continue
		}
		id := s.Describe(a).ID
		if !k.snap(s).same(before) {
			return fmt.Errorf("expanding the macro %s changed the state", id)
		}
		if len(ids) == 0 {
			return fmt.Errorf("the macro %s stands for no choice; Expand gives nil for an atomic one", id)
		}
		whole, steps := s.Clone(), s.Clone()
		if err := whole.Apply(a); err != nil {
			return fmt.Errorf("the macro %s: %w", id, err)
		}
		for i, step := range ids {
			b, err := engine.Find(steps, step)
			if err == nil {
				if inner := steps.(engine.Expander).Expand(b); inner != nil {
					err = fmt.Errorf("it is a macro itself, of %v", inner)
				} else {
					err = steps.Apply(b)
				}
			}
			if err != nil {
				return fmt.Errorf("the macro %s, atomic choice %d of %d (%s): %w", id, i+1, len(ids), step, err)
			}
		}
		if !k.snap(whole).same(k.snap(steps)) {
			return fmt.Errorf("the macro %s reaches hash %s, its atomic choices %v hash %s", id, engine.FormatHash(whole.Hash()), ids, engine.FormatHash(steps.Hash()))
		}
	}
	return nil
}

// position: Position -> LoadPosition keeps the hash, the choices and the position.
func (k *kit) position(s engine.State) error {
	doc := engine.EncodePosition(k.g.ID(), s)
	back, err := engine.LoadPositionDoc(k.g, doc)
	if err != nil {
		return fmt.Errorf("the state's own position does not load: %w", err)
	}
	if back.Hash() != s.Hash() {
		return fmt.Errorf("position round trip: hash %s after loading, %s before", engine.FormatHash(back.Hash()), engine.FormatHash(s.Hash()))
	}
	if got, want := mustJSON(engine.Choices(back)), mustJSON(engine.Choices(s)); !bytes.Equal(got, want) {
		return fmt.Errorf("position round trip: the loaded state offers other choices: %s", diff(got, want))
	}
	if again := engine.EncodePosition(k.g.ID(), back); !bytes.Equal(again, doc) {
		return fmt.Errorf("position round trip: the loaded state writes another position: %s", diff(again, doc))
	}
	if err := back.Invariants(); err != nil {
		return fmt.Errorf("position round trip: the loaded state breaks an invariant: %w", err)
	}
	return nil
}

// snapshot is what must not change in a state that is not played on.
type snapshot struct {
	hash     uint64
	position []byte
	choices  []byte
	rng      engine.RNG
}

func (k *kit) snap(s engine.State) snapshot {
	return snapshot{s.Hash(), engine.EncodePosition(k.g.ID(), s), mustJSON(engine.Choices(s)), s.RNG().Clone()}
}

func (a snapshot) same(b snapshot) bool {
	return a.hash == b.hash && bytes.Equal(a.position, b.position) && bytes.Equal(a.choices, b.choices) &&
		bytes.Equal(mustJSON(a.rng), mustJSON(b.rng))
}

// clone: s1 := s.Clone(), s2 := s1.Clone(); playing on s1 (and forcing its
// dice) changes neither its original s nor its own clone s2.
func (k *kit) clone(s engine.State) error {
	before := k.snap(s)
	s1 := s.Clone()
	if s1.Hash() != s.Hash() {
		return fmt.Errorf("a clone hashes %s, its original %s", engine.FormatHash(s1.Hash()), engine.FormatHash(s.Hash()))
	}
	s2 := s1.Clone()
	s1.RNG().Force(1)
	var buf []engine.Action
	for range clonePlay {
		if s1.ToMove() == "" {
			break
		}
		buf = s1.Legal(buf[:0])
		if err := s1.Apply(buf[k.pick.Intn(len(buf))]); err != nil {
			return fmt.Errorf("playing on a clone: %w", err)
		}
	}
	if !k.snap(s).same(before) {
		return fmt.Errorf("playing %d choices on a clone changed the original", clonePlay)
	}
	if !k.snap(s2).same(before) {
		return fmt.Errorf("playing %d choices on a state changed its clone", clonePlay)
	}
	return nil
}

// searchClone: a SearchClone plays on like a Clone, choice for choice and
// hash for hash, and leaves the original as it was.
func (k *kit) searchClone(s engine.State) error {
	sc, ok := s.(engine.SearchCloner)
	if !ok {
		return nil
	}
	before := k.snap(s)
	a, b := s.Clone(), sc.SearchClone()
	var buf []engine.Action
	for n := 0; ; n++ {
		if a.Hash() != b.Hash() {
			return fmt.Errorf("after %d choices a SearchClone hashes %s, a Clone %s", n, engine.FormatHash(b.Hash()), engine.FormatHash(a.Hash()))
		}
		la, lb := a.Legal(nil), b.Legal(nil)
		if !slices.Equal(la, lb) {
			return fmt.Errorf("after %d choices a SearchClone offers %v, a Clone %v", n, lb, la)
		}
		if n == clonePlay || len(la) == 0 {
			break
		}
		buf = append(buf[:0], la...)
		x := buf[k.pick.Intn(len(buf))]
		if err := a.Apply(x); err != nil {
			return fmt.Errorf("playing on a clone: %w", err)
		}
		if err := b.Apply(x); err != nil {
			return fmt.Errorf("playing on a SearchClone: %w", err)
		}
	}
	if !k.snap(s).same(before) {
		return fmt.Errorf("playing %d choices on a SearchClone changed the original", clonePlay)
	}
	return nil
}

// rngHidden: no seat's view shows the generator. A clone with another
// generator state, roll count and forced die hashes differently (the hash
// covers the RNG) and looks the same to every seat.
func (k *kit) rngHidden(s engine.State) error {
	c := s.Clone()
	r := c.RNG()
	r.State ^= 0x9e3779b97f4a7c15
	r.Rolls += 3
	r.Force(1)
	if c.Hash() == s.Hash() {
		return errors.New("the state hash does not change with the RNG state; Hash must cover the complete state, RNG included")
	}
	for _, seat := range k.seats() {
		if err := k.sameView(s, c, seat); err != nil {
			return fmt.Errorf("the view shows the RNG: %w", err)
		}
	}
	return nil
}

// hidden: two states that differ only in what a seat may not know look the same to it.
func (k *kit) hidden(s engine.State) error {
	if k.c.Hidden == nil {
		return nil
	}
	for _, seat := range k.seats() {
		a, b, ok := k.c.Hidden(s, seat, &k.pick)
		if !ok {
			continue
		}
		k.pairs++
		if a.Hash() == b.Hash() {
			return fmt.Errorf("Config.Hidden returned two states with the same hash for %s: they must differ in what it may not know", seat)
		}
		for _, x := range []engine.State{a, b} {
			if err := x.Invariants(); err != nil {
				return fmt.Errorf("Config.Hidden returned a state that breaks an invariant: %w", err)
			}
		}
		if err := k.sameView(a, b, seat); err != nil {
			return fmt.Errorf("hidden information reaches %s: %w", seat, err)
		}
		// A bot reads the actions' numbers (engine.Turn.Legal), not only
		// the choices' IDs the view shows.
		if seat == a.ToMove() {
			if la, lb := a.Legal(nil), b.Legal(nil); !slices.Equal(la, lb) {
				return fmt.Errorf("hidden information reaches %s: its legal actions are %v in one state and %v in another", seat, la, lb)
			}
		}
	}
	return nil
}

// determinize: what a seat sees of a determinization is what it sees of the
// state; the determinization is a state like any other; it depends only on
// what the seat knows and the draws it is given.
func (k *kit) determinize(s engine.State) error {
	d, ok := s.(engine.Determinizer)
	if !ok {
		return nil
	}
	before := k.snap(s)
	for _, seat := range k.seats() {
		seed := uint64(k.pick.Intn(1 << 62))
		r := engine.NewRNG(seed)
		x := d.Determinize(seat, &r)
		if va, vx := mustJSON(s.View(seat)), mustJSON(x.View(seat)); !bytes.Equal(va, vx) {
			return fmt.Errorf("a determinization for %s shows it another view: %s", seat, diff(vx, va))
		}
		if x.ToMove() != s.ToMove() {
			return fmt.Errorf("a determinization for %s has %q to move, the state %q", seat, x.ToMove(), s.ToMove())
		}
		if seat == s.ToMove() {
			if ca, cx := mustJSON(engine.Choices(s)), mustJSON(engine.Choices(x)); !bytes.Equal(ca, cx) {
				return fmt.Errorf("a determinization for %s offers it other choices: %s", seat, diff(cx, ca))
			}
		}
		if err := x.Invariants(); err != nil {
			return fmt.Errorf("a determinization for %s breaks an invariant: %w", seat, err)
		}
		if err := k.position(x); err != nil {
			return fmt.Errorf("a determinization for %s: %w", seat, err)
		}
		played := x.Clone()
		if err := k.playOut(played); err != nil {
			return fmt.Errorf("random play from a determinization for %s: %w", seat, err)
		}
		if err := k.determinizeInto(s, seat, seed, x, played); err != nil {
			return err
		}
		if k.c.Hidden == nil {
			continue
		}
		a, b, ok := k.c.Hidden(s, seat, &k.pick)
		if !ok {
			continue
		}
		ra, rb := engine.NewRNG(seed), engine.NewRNG(seed)
		xa, xb := a.(engine.Determinizer).Determinize(seat, &ra), b.(engine.Determinizer).Determinize(seat, &rb)
		if xa.Hash() != xb.Hash() || xa.Hash() != x.Hash() {
			return fmt.Errorf("two states %s cannot tell apart give determinizations of hashes %s and %s (the state's: %s) from the same draws: Determinize reads what %s may not know",
				seat, engine.FormatHash(xa.Hash()), engine.FormatHash(xb.Hash()), engine.FormatHash(x.Hash()), seat)
		}
	}
	if !k.snap(s).same(before) {
		return errors.New("Determinize changed the state it was asked of")
	}
	return nil
}

// determinizeInto: drawn into the memory of a used state (twice: used, a
// state played to its end, then the first draw played on), a determinization
// is the one drawn afresh from the same draws, x (engine.DeterminizerInto).
func (k *kit) determinizeInto(s engine.State, seat engine.Seat, seed uint64, x, used engine.State) error {
	into, ok := s.(engine.DeterminizerInto)
	if !ok {
		return nil
	}
	want := engine.EncodePosition(k.g.ID(), x)
	for round := range 2 {
		r := engine.NewRNG(seed)
		y := into.DeterminizeInto(seat, &r, used)
		if got := engine.EncodePosition(k.g.ID(), y); y.Hash() != x.Hash() || !bytes.Equal(got, want) {
			return fmt.Errorf("a determinization for %s drawn into a used state (round %d) differs from one drawn afresh: %s", seat, round+1, diff(got, want))
		}
		if ca, cy := mustJSON(engine.Choices(x)), mustJSON(engine.Choices(y)); !bytes.Equal(ca, cy) {
			return fmt.Errorf("a determinization for %s drawn into a used state offers other choices: %s", seat, diff(cy, ca))
		}
		var buf []engine.Action
		for n := 0; n < 8 && y.ToMove() != ""; n++ {
			buf = y.Legal(buf[:0])
			if err := y.Apply(buf[k.pick.Intn(len(buf))]); err != nil {
				return fmt.Errorf("play on a determinization for %s drawn into a used state: %w", seat, err)
			}
		}
		used = y
	}
	return nil
}

// bots: a bot chooses (and estimates) the same in two states its seat cannot tell apart,
// whatever their generators hold, and its choice is legal.
func (k *kit) bots(s engine.State) error {
	seat := s.ToMove()
	if k.c.Hidden == nil || seat == "" {
		return nil
	}
	a, b, ok := k.c.Hidden(s, seat, &k.pick)
	if !ok {
		return nil
	}
	b = b.Clone()
	b.RNG().State ^= uint64(k.pick.Intn(1<<62)) | 1
	for i, mk := range k.c.Bots {
		seed := uint64(k.pick.Intn(1 << 62))
		var got [2]engine.Action
		var est [2]float64
		for j, x := range []engine.State{a, b} {
			bot := mk(seed)
			c, err := bot.Choose(context.Background(), engine.NewTurn(x))
			if err != nil {
				return fmt.Errorf("bot %d for %s: %w", i, seat, err)
			}
			if !slices.Contains(x.Legal(nil), c) {
				return fmt.Errorf("bot %d for %s chose action %d, which is not legal", i, seat, c)
			}
			got[j], est[j] = c, -1
			if e, ok := bot.(estimator); ok {
				if p, ok := e.Estimate(); ok {
					est[j] = p
				}
			}
		}
		if got[0] != got[1] {
			return fmt.Errorf("bot %d for %s chose %s in one state and %s in another it cannot tell apart: the bot reads what its seat may not know",
				i, seat, a.Describe(got[0]).ID, b.Describe(got[1]).ID)
		}
		if est[0] != est[1] {
			return fmt.Errorf("bot %d for %s estimates its chances %v in one state and %v in another it cannot tell apart: the bot reads what its seat may not know",
				i, seat, est[0], est[1])
		}
	}
	return nil
}

// playOut plays random choices on s until the game ends, within the game's MaxChoices.
func (k *kit) playOut(s engine.State) error {
	var buf []engine.Action
	for n := 0; s.ToMove() != ""; n++ {
		if n == k.g.MaxChoices() {
			return fmt.Errorf("the game did not end within %d choices", n)
		}
		buf = s.Legal(buf[:0])
		if len(buf) == 0 {
			return fmt.Errorf("empty choice list for %s after %d choices", s.ToMove(), n)
		}
		if err := s.Apply(buf[k.pick.Intn(len(buf))]); err != nil {
			return fmt.Errorf("choice %d: %w", n+1, err)
		}
	}
	if s.Result() == nil {
		return errors.New("the game ended without a result")
	}
	return nil
}

// sameView compares what seat receives from a and from b: the view document
// (with its choices), and the drawings when the game renders.
func (k *kit) sameView(a, b engine.State, seat engine.Seat) error {
	va, vb := mustJSON(engine.MakeView(k.g.ID(), a, seat)), mustJSON(engine.MakeView(k.g.ID(), b, seat))
	if !bytes.Equal(va, vb) {
		return fmt.Errorf("the %s views differ: %s", seat, diff(va, vb))
	}
	if la, ok := a.(engine.Logbook); ok {
		lb := b.(engine.Logbook)
		ja, jb := mustJSON(la.LogLines(seat, 0, la.LogLen(seat))), mustJSON(lb.LogLines(seat, 0, lb.LogLen(seat)))
		if !bytes.Equal(ja, jb) {
			return fmt.Errorf("the %s logs differ: %s", seat, diff(ja, jb))
		}
	}
	ra, ok := a.(engine.Renderer)
	if !ok {
		return nil
	}
	rb := b.(engine.Renderer)
	if ta, tb := ra.Text(seat), rb.Text(seat); ta != tb {
		return fmt.Errorf("the %s text boards differ: %s", seat, diff([]byte(ta), []byte(tb)))
	}
	var sa, sb bytes.Buffer
	if err := ra.SVG(&sa, seat); err != nil {
		return err
	}
	if err := rb.SVG(&sb, seat); err != nil {
		return err
	}
	if !bytes.Equal(sa.Bytes(), sb.Bytes()) {
		return fmt.Errorf("the %s SVG maps differ: %s", seat, diff(sa.Bytes(), sb.Bytes()))
	}
	return nil
}

// seats are the game's seats and the spectator.
func (k *kit) seats() []engine.Seat { return append(slices.Clone(k.g.Seats()), engine.Spectator) }

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("enginetest: not JSON-encodable: %v", err))
	}
	return b
}

// diff shows where two documents first differ, with a little context.
func diff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-60)
	part := func(x []byte) string { return string(x[min(from, len(x)):min(i+60, len(x))]) }
	return fmt.Sprintf("at byte %d,\n  …%s…\nagainst\n  …%s…", i, part(a), part(b))
}
