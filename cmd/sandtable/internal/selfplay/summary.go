package selfplay

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"sandtable/engine"
)

// Summary is what a self-play run found, as `--json` prints it.
type Summary struct {
	Game     string            `json:"game"`
	Scenario string            `json:"scenario"`
	Options  map[string]string `json:"options,omitempty"`
	Seed     uint64            `json:"seed"`
	// Pairs is the pairs of games each pairing played.
	Pairs    int              `json:"pairs"`
	Seats    []engine.Seat    `json:"seats"`
	Bots     []BotTally       `json:"bots"`
	Ladder   Ladder           `json:"ladder"`
	Pairings []PairingSummary `json:"pairings"`
}

// Tally is the games of a bot taken together. Score is its points (a win 1,
// a draw a half) over its games; CI95 is the Wilson interval over its pairs
// of games, or over its games when they are one per pair (a seat's).
type Tally struct {
	Score  float64    `json:"score"`
	CI95   [2]float64 `json:"ci95"`
	Wins   int        `json:"wins"`
	Draws  int        `json:"draws"`
	Losses int        `json:"losses"`
	Games  int        `json:"games"`
}

// BotTally is one bot's tally, under its label (Labels).
type BotTally struct {
	Name string `json:"name"`
	Tally
}

// SeatTally is one bot's games at one seat.
type SeatTally struct {
	Name string      `json:"name"`
	Seat engine.Seat `json:"seat"`
	Tally
}

// Ladder rates the bots on Elo's scale (Elo), anchored on Anchor.
type Ladder struct {
	Anchor  string   `json:"anchor"`
	Ratings []Rating `json:"ratings"` // best first
}

// Rating is one bot's place on the ladder.
type Rating struct {
	Name string  `json:"name"`
	Elo  float64 `json:"elo"`
}

// PairingSummary is the games of one pairing.
type PairingSummary struct {
	Bots  [2]BotTally `json:"bots"`
	Seats []SeatTally `json:"seats"` // each bot at each seat
	// Results counts the games by winner and victory level (engine.Result).
	Results []Outcome `json:"results"`
	Length  Spread    `json:"length"` // choices a game
	Score   Spread    `json:"score"`  // the final score (engine.Result.Score)
}

// Outcome is a count of games ended alike; a draw has no winner.
type Outcome struct {
	Winner engine.Seat `json:"winner,omitempty"`
	Bot    string      `json:"bot,omitempty"`
	Level  string      `json:"level"`
	Games  int         `json:"games"`
}

// Spread is the mean, least and greatest of some count over games.
type Spread struct {
	Mean float64 `json:"mean"`
	Min  int     `json:"min"`
	Max  int     `json:"max"`
}

// tally counts games for bot me.
type tally struct {
	wins, draws, losses int
}

func (t *tally) add(winner, me int) {
	switch winner {
	case me:
		t.wins++
	case -1:
		t.draws++
	default:
		t.losses++
	}
}

func (t tally) points() float64 { return float64(t.wins) + float64(t.draws)/2 }

func (t tally) games() int { return t.wins + t.draws + t.losses }

// close turns the counts into a Tally whose interval is over trials.
func (t tally) close(trials int) Tally {
	out := Tally{Wins: t.wins, Draws: t.draws, Losses: t.losses, Games: t.games()}
	if out.Games > 0 {
		out.Score = t.points() / float64(out.Games)
	}
	out.CI95 = Wilson(out.Score, trials)
	return out
}

// Summarize sums up the games Run played under c.
func Summarize(c Config, played []Played) Summary {
	seats, labels, pairings := c.Game.Seats(), Labels(c.Bots), Pairings(len(c.Bots))
	sum := Summary{Game: c.Game.ID(), Scenario: c.Scenario, Options: c.Options, Seed: c.Seed, Pairs: c.Pairs, Seats: seats}
	n := len(c.Bots)
	overall := make([]tally, n)
	points, games := square(n), square(n)
	for k, pr := range pairings {
		var ps PairingSummary
		bots := [2]int{pr.A, pr.B}
		var pair [2]tally      // A's games, B's
		var bySeat [2][2]tally // [A or B][seat]
		outcomes := map[Outcome]int{}
		var length, score []int
		for _, p := range played {
			if p.Pairing != k {
				continue
			}
			w := p.Winner(seats)
			for seat, b := range p.Bots {
				slot := slices.Index(bots[:], b)
				overall[b].add(w, b)
				pair[slot].add(w, b)
				bySeat[slot][seat].add(w, b)
			}
			o := Outcome{Winner: p.Result.Winner, Level: p.Result.Level}
			if w >= 0 {
				o.Bot = labels[w]
			}
			outcomes[o]++
			length, score = append(length, p.Choices), append(score, p.Result.Score)
		}
		for slot, b := range bots {
			ps.Bots[slot] = BotTally{labels[b], pair[slot].close(c.Pairs)}
			for seat, st := range seats {
				ps.Seats = append(ps.Seats, SeatTally{labels[b], st, bySeat[slot][seat].close(c.Pairs)})
			}
		}
		ps.Results = sortedOutcomes(outcomes, seats)
		ps.Length, ps.Score = spread(length), spread(score)
		sum.Pairings = append(sum.Pairings, ps)
		points[pr.A][pr.B], points[pr.B][pr.A] = pair[0].points(), pair[1].points()
		games[pr.A][pr.B], games[pr.B][pr.A] = float64(pair[0].games()), float64(pair[1].games())
	}
	for b := range n {
		sum.Bots = append(sum.Bots, BotTally{labels[b], overall[b].close(c.Pairs * (n - 1))})
	}
	sum.Ladder = ladder(labels, points, games)
	return sum
}

func square(n int) [][]float64 {
	out := make([][]float64, n)
	for i := range out {
		out[i] = make([]float64, n)
	}
	return out
}

// ladder rates the bots from what each scored against each, with one
// virtual draw added to every pairing so that a bot that won every game
// gets a finite rating (as BayesElo does); it is anchored on the first
// random bot, else on the first bot.
func ladder(labels []string, points, games [][]float64) Ladder {
	for i := range points {
		for j := range points {
			if i != j && games[i][j] > 0 {
				points[i][j] += 0.5
				games[i][j]++
			}
		}
	}
	anchor := max(0, slices.Index(labels, "random"))
	elo := Elo(points, games, anchor)
	l := Ladder{Anchor: labels[anchor]}
	for i, r := range elo {
		l.Ratings = append(l.Ratings, Rating{labels[i], r})
	}
	slices.SortStableFunc(l.Ratings, func(a, b Rating) int { return cmp.Compare(b.Elo, a.Elo) })
	return l
}

// sortedOutcomes lists the first seat's wins, then draws, then the second
// seat's wins, each by bot and level.
func sortedOutcomes(counts map[Outcome]int, seats []engine.Seat) []Outcome {
	var out []Outcome
	for o, n := range counts {
		o.Games = n
		out = append(out, o)
	}
	rank := func(o Outcome) int {
		if o.Winner == "" {
			return 1
		}
		return 2 * slices.Index(seats, o.Winner)
	}
	slices.SortFunc(out, func(a, b Outcome) int {
		return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a.Bot, b.Bot), cmp.Compare(a.Level, b.Level))
	})
	return out
}

func spread(v []int) Spread {
	if len(v) == 0 {
		return Spread{}
	}
	sum := 0
	for _, x := range v {
		sum += x
	}
	return Spread{Mean: float64(sum) / float64(len(v)), Min: slices.Min(v), Max: slices.Max(v)}
}

// WriteTable prints the summary for people.
func (s Summary) WriteTable(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	games := 0
	for _, p := range s.Pairings {
		games += p.Bots[0].Games
	}
	pairs := "pairs"
	if s.Pairs == 1 {
		pairs = "pair"
	}
	fmt.Fprintf(tw, "%s, scenario %s%s, seed %d: %d %s of games per pairing, %d games\n",
		s.Game, s.Scenario, options(s.Options), s.Seed, s.Pairs, pairs, games)
	fmt.Fprintln(tw, "score: (wins + draws/2) / games; 95% CI: Wilson interval over pairs of games")
	fmt.Fprintln(tw, "\nbot\tscore\t95% CI\twins\tdraws\tlosses\tgames")
	for _, b := range s.Bots {
		row(tw, b.Name, b.Tally)
	}
	fmt.Fprintf(tw, "\nElo ladder (Bradley-Terry maximum likelihood, %s = 0)\n", s.Ladder.Anchor)
	for _, r := range s.Ladder.Ratings {
		fmt.Fprintf(tw, "%s\t%+.0f\n", r.Name, r.Elo)
	}
	for _, p := range s.Pairings {
		fmt.Fprintf(tw, "\n%s vs %s\n", p.Bots[0].Name, p.Bots[1].Name)
		fmt.Fprintln(tw, "bot\tseat\tscore\t95% CI\twins\tdraws\tlosses\tgames")
		for _, st := range p.Seats {
			row(tw, st.Name+"\t"+string(st.Seat), st.Tally)
		}
		fmt.Fprintln(tw, "\nwinner\tbot\tlevel\tgames")
		for _, o := range p.Results {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", dash(string(o.Winner)), dash(o.Bot), o.Level, o.Games)
		}
		fmt.Fprintf(tw, "\nlength\tmean %.0f choices, min %d, max %d\n", p.Length.Mean, p.Length.Min, p.Length.Max)
		fmt.Fprintf(tw, "final score\tmean %.1f, min %d, max %d\n", p.Score.Mean, p.Score.Min, p.Score.Max)
	}
	return tw.Flush()
}

func row(w io.Writer, name string, t Tally) {
	fmt.Fprintf(w, "%s\t%.3f\t[%.3f, %.3f]\t%d\t%d\t%d\t%d\n", name, t.Score, t.CI95[0], t.CI95[1], t.Wins, t.Draws, t.Losses, t.Games)
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func options(o map[string]string) string {
	var parts []string
	for k, v := range o {
		parts = append(parts, k+"="+v)
	}
	if len(parts) == 0 {
		return ""
	}
	slices.Sort(parts)
	return ", options " + strings.Join(parts, " ")
}

// BotTime is a bot's thinking over all its games (Thinking): unlike the
// summary, it depends on the machine and its load.
type BotTime struct {
	Name      string  `json:"name"`
	Decisions int     `json:"decisions"`
	Choices   int     `json:"choices"`
	Seconds   float64 `json:"seconds"`
	// MSPerChoice is the mean time a bot took for an atomic choice.
	MSPerChoice float64 `json:"ms_per_choice"`
}

// Times sums up each bot's thinking in the games Run played under c.
func Times(c Config, played []Played) []BotTime {
	out := make([]BotTime, len(c.Bots))
	var total = make([]time.Duration, len(c.Bots))
	for i, l := range Labels(c.Bots) {
		out[i].Name = l
	}
	for _, p := range played {
		for seat, b := range p.Bots {
			th := p.Thinking[seat]
			out[b].Decisions += th.Decisions
			out[b].Choices += th.Choices
			total[b] += th.Time
		}
	}
	for i := range out {
		out[i].Seconds = total[i].Seconds()
		if out[i].Choices > 0 {
			out[i].MSPerChoice = out[i].Seconds * 1000 / float64(out[i].Choices)
		}
	}
	return out
}

// WriteTimes prints the bots' thinking for people.
func WriteTimes(w io.Writer, times []BotTime) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nthinking\tdecisions\tchoices\tseconds\tms a choice")
	for _, t := range times {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.1f\t%.3f\n", t.Name, t.Decisions, t.Choices, t.Seconds, t.MSPerChoice)
	}
	return tw.Flush()
}
