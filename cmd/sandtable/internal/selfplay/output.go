package selfplay

import (
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Write saves a run in dir: summary.json (the summary --json prints) and a
// folder per pairing, named after its bots ("random-vs-search-fast"), with
// every game's record (pair-007-1.json, and pair-007-2.json with the seats
// swapped), which `sandtable replay` reads, and its plots as PNG and SVG:
// the final scores' distribution (score.png) and, for a game with a running
// score (engine.Scorer), the score over each game (score-over-time.png).
func Write(dir string, c Config, played []Played, sum Summary) error {
	b, err := json.MarshalIndent(sum, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), append(b, '\n'), 0o644); err != nil {
		return err
	}
	labels := Labels(c.Bots)
	for k, pr := range Pairings(len(c.Bots)) {
		sub := filepath.Join(dir, slug(labels[pr.A])+"-vs-"+slug(labels[pr.B]))
		if err := os.MkdirAll(sub, 0o755); err != nil {
			return err
		}
		var games []Played
		for _, p := range played {
			if p.Pairing == k {
				games = append(games, p)
			}
		}
		for _, p := range games {
			name := fmt.Sprintf("pair-%03d-%d.json", p.Pair+1, series(p)+1)
			if err := os.WriteFile(filepath.Join(sub, name), p.Record.Encode(), 0o644); err != nil {
				return err
			}
		}
		f := figure{c: c, pr: pr, games: games, labels: labels}
		if err := save(f.scores(), sub, "score"); err != nil {
			return err
		}
		if len(games) > 0 && games[0].Scores != nil {
			if err := save(f.overTime(), sub, "score-over-time"); err != nil {
				return err
			}
		}
	}
	return nil
}

// save writes p as NAME.png and NAME.svg.
func save(p *plot.Plot, dir, name string) error {
	for _, ext := range []string{".png", ".svg"} {
		if err := p.Save(width, height, filepath.Join(dir, name+ext)); err != nil {
			return fmt.Errorf("plotting %s: %w", name+ext, err)
		}
	}
	return nil
}

const (
	width  = 16 * vg.Centimeter
	height = 10 * vg.Centimeter
)

// figure is the games of one pairing, in two series: bot A in the first
// seat, and B in the first seat.
type figure struct {
	c      Config
	pr     Pairing
	games  []Played
	labels []string
}

// colors of the two series, the second partly transparent in the lines.
var colors = [2]color.NRGBA{{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, {R: 0xd6, G: 0x27, B: 0x28, A: 0xff}}

// series is 0 for the games with bot A in the first seat, else 1.
func series(p Played) int {
	if p.Swapped {
		return 1
	}
	return 0
}

func (f figure) name(s int) string {
	first := f.labels[f.pr.A]
	if s == 1 {
		first = f.labels[f.pr.B]
	}
	return fmt.Sprintf("%s as %s", first, f.c.Game.Seats()[0])
}

func (f figure) title(what string) string {
	return fmt.Sprintf("%s: %s vs %s, %s", f.c.Game.ID(), f.labels[f.pr.A], f.labels[f.pr.B], what)
}

// scores is the distribution of the final scores (engine.Result.Score), the
// two series' bars stacked.
func (f figure) scores() *plot.Plot {
	p := plot.New()
	p.Title.Text = f.title("final score")
	p.X.Label.Text, p.Y.Label.Text = "final score (engine.Result.Score)", "games"
	lo, hi := f.games[0].Result.Score, f.games[0].Result.Score
	for _, g := range f.games {
		lo, hi = min(lo, g.Result.Score), max(hi, g.Result.Score)
	}
	var counts [2]plotter.Values
	for s := range counts {
		counts[s] = make(plotter.Values, hi-lo+1)
	}
	for _, g := range f.games {
		counts[series(g)][g.Result.Score-lo]++
	}
	bar := (width - 2*vg.Centimeter) * 0.8 / vg.Length(hi-lo+1)
	var below *plotter.BarChart
	for s, v := range counts {
		b, err := plotter.NewBarChart(v, bar)
		if err != nil {
			panic(err) // bar is positive
		}
		b.XMin, b.Color, b.LineStyle.Width = float64(lo), colors[s], 0
		if below != nil {
			b.StackOn(below)
		}
		below = b
		p.Add(b)
		p.Legend.Add(f.name(s), b)
	}
	most := 0.0
	for i := range counts[0] {
		most = max(most, counts[0][i]+counts[1][i])
	}
	p.Legend.Top = true
	p.X.Min, p.X.Max = float64(lo)-1, float64(hi)+1
	p.Y.Max = most * 1.25 // room for the legend
	p.Y.Tick.Marker = wholeTicks{}
	return p
}

// wholeTicks marks whole numbers only, for counts of games.
type wholeTicks struct{}

func (wholeTicks) Ticks(lo, hi float64) []plot.Tick {
	step := max(1, math.Ceil((hi-lo)/5))
	var out []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		out = append(out, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return out
}

// overTime draws the running score of every game against its choices, and
// in bold each series' mean, in which a game that has ended keeps its final
// score.
func (f figure) overTime() *plot.Plot {
	p := plot.New()
	p.Title.Text = f.title("score during the games")
	p.X.Label.Text, p.Y.Label.Text = "choices made", "score (engine.Scorer); bold: the mean"
	var legend [2]bool
	longest, top := 0, 0
	for _, g := range f.games {
		longest, top = max(longest, g.Choices), max(top, g.Result.Score)
	}
	for s := range 2 {
		mean := make(plotter.XYs, 0, 101)
		for i := range 101 {
			x, sum, n := longest*i/100, 0, 0
			for _, g := range f.games {
				if series(g) == s {
					sum, n = sum+scoreAt(g.Scores, x), n+1
				}
			}
			mean = append(mean, plotter.XY{X: float64(x), Y: float64(sum) / float64(max(n, 1))})
		}
		l, err := plotter.NewLine(mean)
		if err != nil {
			panic(err) // finite
		}
		l.LineStyle.Color, l.LineStyle.Width = colors[s], vg.Points(2.5)
		p.Add(l)
	}
	for _, g := range f.games {
		xy := make(plotter.XYs, 0, len(g.Scores)+1)
		for _, pt := range g.Scores {
			xy = append(xy, plotter.XY{X: float64(pt.Choice), Y: float64(pt.Score)})
		}
		xy = append(xy, plotter.XY{X: float64(g.Choices), Y: float64(g.Scores[len(g.Scores)-1].Score)})
		l, err := plotter.NewLine(xy)
		if err != nil {
			panic(err) // choices and scores are finite
		}
		s := series(g)
		c := colors[s]
		c.A = 0x90
		l.StepStyle, l.LineStyle.Color = plotter.PostStep, c
		p.Add(l)
		if !legend[s] {
			p.Legend.Add(f.name(s), l)
			legend[s] = true
		}
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Y.Max = float64(top) * 1.15 // room for the legend
	return p
}

// scoreAt is the running score after x choices.
func scoreAt(points []Point, x int) int {
	v := 0
	for _, pt := range points {
		if pt.Choice > x {
			break
		}
		v = pt.Score
	}
	return v
}
