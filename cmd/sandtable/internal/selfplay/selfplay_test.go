package selfplay

import (
	"bytes"
	"context"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sandtable/engine"
	"sandtable/games"
)

func soaConfig(t *testing.T, bots []string, pairs, workers int) Config {
	t.Helper()
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := engine.ResolveOptions(g, nil)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Game: g, Scenario: "basic", Options: opts, Bots: bots, Pairs: pairs, Seed: 40, Workers: workers}
}

func run(t *testing.T, c Config) []Played {
	t.Helper()
	done := 0
	played, err := Run(context.Background(), c, func() { done++ })
	if err != nil {
		t.Fatal(err)
	}
	if done != len(played) {
		t.Fatalf("progress called %d times for %d games", done, len(played))
	}
	return played
}

// Three random bots, two pairs per pairing: a round robin of three
// pairings, each seed played twice with the seats swapped, every game a
// record that replays to its result, and counts that add up.
func TestRoundRobin(t *testing.T) {
	c := soaConfig(t, []string{"random", "random", "random"}, 2, 2)
	played := run(t, c)
	if len(played) != 3*2*2 {
		t.Fatalf("%d games, want 3 pairings × 2 pairs × 2", len(played))
	}
	seats := c.Game.Seats()
	seeds := map[uint64]bool{}
	for i := 0; i < len(played); i += 2 {
		a, b := played[i], played[i+1]
		pr := Pairings(3)[a.Pairing]
		if a.Swapped || !b.Swapped || a.Pair != b.Pair || a.Record.Seed != b.Record.Seed {
			t.Fatalf("games %d and %d are not one pair of one seed", i, i+1)
		}
		if !reflect.DeepEqual(a.Bots, []int{pr.A, pr.B}) || !reflect.DeepEqual(b.Bots, []int{pr.B, pr.A}) {
			t.Fatalf("pair %d of pairing %v: bots at the seats %v then %v, want them swapped", a.Pair, pr, a.Bots, b.Bots)
		}
		if seeds[a.Record.Seed] {
			t.Fatalf("seed %d played by two pairs", a.Record.Seed)
		}
		seeds[a.Record.Seed] = true
		if reflect.DeepEqual(a.Record.Choices, b.Record.Choices) {
			t.Fatal("the swapped game repeats the first: each bot must keep its own seed")
		}
	}
	for _, p := range played {
		s, err := engine.Verify(c.Game, p.Record)
		if err != nil {
			t.Fatalf("pair %d: %v", p.Pair, err)
		}
		if *s.Result() != p.Result || len(p.Record.Choices) != p.Choices {
			t.Fatalf("replay gives %+v after %d choices, self-play %+v after %d", *s.Result(), len(p.Record.Choices), p.Result, p.Choices)
		}
		if last := p.Scores[len(p.Scores)-1]; last.Score != p.Result.Score || p.Scores[0] != (Point{0, 0}) {
			t.Fatalf("running score %v does not run from 0 to the final score %d", p.Scores, p.Result.Score)
		}
	}

	made := 0
	for _, p := range played {
		made += len(p.Record.Choices)
	}
	for _, b := range Times(c, played) {
		made -= b.Choices
		if b.Decisions == 0 || b.Choices < b.Decisions {
			t.Fatalf("%s thought %+v", b.Name, b)
		}
	}
	if made != 0 {
		t.Fatalf("the bots' choices and the records' differ by %d", made)
	}

	sum := Summarize(c, played)
	if sum.Pairs != 2 || len(sum.Bots) != 3 || len(sum.Pairings) != 3 || sum.Bots[1].Name != "random#2" {
		t.Fatalf("summary %+v", sum)
	}
	wins, losses, points := 0, 0, 0.0
	for _, b := range sum.Bots {
		if b.Games != 8 || b.Wins+b.Draws+b.Losses != 8 {
			t.Fatalf("%s: %+v, want 8 games: 2 pairings × 2 pairs × 2", b.Name, b.Tally)
		}
		if b.CI95[0] > b.Score || b.Score > b.CI95[1] {
			t.Fatalf("%s: score %v outside its interval %v", b.Name, b.Score, b.CI95)
		}
		wins, losses, points = wins+b.Wins, losses+b.Losses, points+b.Score*8
	}
	if wins != losses || points != 12 {
		t.Fatalf("%d wins, %d losses, %v points over 12 games; want as many wins as losses and a point a game", wins, losses, points)
	}
	for _, ps := range sum.Pairings {
		outcomes := 0
		for _, o := range ps.Results {
			outcomes += o.Games
		}
		if outcomes != 4 || ps.Length.Min > ps.Length.Max || ps.Bots[0].Games != 4 || len(ps.Seats) != 4 {
			t.Fatalf("pairing %+v: want 4 games counted once each", ps)
		}
		for i, st := range ps.Seats { // each bot at each seat: one game a pair
			b := ps.Bots[i/2]
			if st.Name != b.Name || st.Seat != seats[i%2] || st.Games != 2 {
				t.Fatalf("seat tally %+v", st)
			}
		}
		if ps.Seats[0].Wins+ps.Seats[1].Wins != ps.Bots[0].Wins || ps.Seats[0].Draws+ps.Seats[1].Draws != ps.Bots[0].Draws {
			t.Fatalf("%s's seats %+v do not add up to %+v", ps.Bots[0].Name, ps.Seats[:2], ps.Bots[0])
		}
	}
}

// The same seed gives the same games and results whatever the workers.
func TestWorkersDoNotMatter(t *testing.T) {
	one := run(t, soaConfig(t, []string{"random", "random"}, 3, 1))
	three := run(t, soaConfig(t, []string{"random", "random"}, 3, 3))
	for i := range one { // the time taken differs, what was played does not
		one[i].Thinking, three[i].Thinking = nil, nil
	}
	if !reflect.DeepEqual(one, three) {
		t.Fatal("one worker and three played different games from the same seed")
	}
	c := soaConfig(t, []string{"random", "random"}, 3, 1)
	if !reflect.DeepEqual(Summarize(c, one), Summarize(c, three)) {
		t.Fatal("the summaries differ")
	}
}

// Write saves every record, a summary and each plot as PNG and SVG.
func TestWrite(t *testing.T) {
	c := soaConfig(t, []string{"random", "random"}, 1, 2)
	played := run(t, c)
	dir := t.TempDir()
	if err := Write(dir, c, played, Summarize(c, played)); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "random-vs-random-2")
	for _, name := range []string{"pair-001-1.json", "pair-001-2.json"} {
		b, err := os.ReadFile(filepath.Join(sub, name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.DecodeRecord(b)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := engine.Verify(c.Game, r); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
		t.Fatal(err)
	}
	for _, plot := range []string{"score", "score-over-time"} {
		f, err := os.Open(filepath.Join(sub, plot+".png"))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil || img.Bounds().Dx() < 100 {
			t.Fatalf("%s.png: %v", plot, err)
		}
		svg, err := os.ReadFile(filepath.Join(sub, plot+".svg"))
		if err != nil || !bytes.Contains(svg[:min(200, len(svg))], []byte("<svg")) || !bytes.HasSuffix(bytes.TrimSpace(svg), []byte("</svg>")) {
			t.Fatalf("%s.svg is not an SVG document: %v %.80q", plot, err, svg)
		}
	}
}

// shortGame is soa bounded to 10 choices, so that every game fails.
type shortGame struct{ engine.Game }

func (shortGame) MaxChoices() int { return 10 }

// A game that does not end within the game's bound stops the run with its
// record so far, which replays.
func TestFailedGameKeepsItsRecord(t *testing.T) {
	c := soaConfig(t, []string{"random", "random"}, 2, 2)
	c.Game = shortGame{c.Game}
	_, err := Run(context.Background(), c, nil)
	var ge *GameError
	if !errors.As(err, &ge) || !strings.Contains(err.Error(), "did not end within 10 choices") {
		t.Fatalf("error %v, want a GameError for a game longer than 10 choices", err)
	}
	if len(ge.Record.Choices) < 10 {
		t.Fatalf("the record keeps %d choices, want the 10 or more made", len(ge.Record.Choices))
	}
	if _, err := engine.Replay(c.Game, ge.Record); err != nil {
		t.Fatal(err)
	}
}
