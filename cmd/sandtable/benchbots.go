package main

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// benchBots is the bench's bot mix: games whose seats are all played by
// one bot, thinking in the server's bot pool while the people's games are
// measured (issue 7: bot games must not starve the people playing). A bot
// game that ends is replaced by a new one.
type benchBots struct {
	c    *http.Client
	base string
	bot  string

	mu       sync.Mutex
	choices  int // made by the bot games during the timed run
	finished int // bot games that ended during it
}

// benchBotPoll is how often the bench asks a bot game how far it is.
const benchBotPoll = 250 * time.Millisecond

// create starts a bot game from the scenario's start: the bots play both
// set-ups and on.
func (b *benchBots) create(ctx context.Context) (string, error) {
	body := fmt.Sprintf(`{"game": "soa", "scenario": "basic", "seats": {"german": "bot:%s", "british": "bot:%s"}}`, b.bot, b.bot)
	var created struct{ ID string }
	err := benchCall(ctx, b.c, "POST", b.base+"/api/games", "", body, &created)
	return created.ID, err
}

// progress is how many choices game id has and whether it has ended.
func (b *benchBots) progress(ctx context.Context, id string) (version int, over bool, err error) {
	var s struct {
		Version int    `json:"version"`
		ToMove  string `json:"to_move"`
	}
	if err := benchCall(ctx, b.c, "GET", b.base+"/api/games/"+id, "", "", &s); err != nil {
		return 0, false, err
	}
	return s.Version, s.ToMove == "", nil
}

// play follows bot game id, counting the choices made from version from on,
// and replaces it when it ends, until ctx ends.
func (b *benchBots) play(ctx context.Context, id string, from int) error {
	tick := time.NewTicker(benchBotPoll)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-ctx.Done():
			// the last count, after the timed run: the server is still up
			last, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			v, _, err := b.progress(last, id)
			b.count(v-from, 0)
			return err
		}
		v, over, err := b.progress(ctx, id)
		switch {
		case ctx.Err() != nil:
			continue // the run ended during the call: the last count comes next
		case err != nil:
			return err
		case !over:
			continue
		}
		b.count(v-from, 1)
		next, err := b.create(context.Background()) // a game to count at the end, even if the run ends now
		if err != nil {
			return err
		}
		id, from = next, 0
	}
}

func (b *benchBots) count(choices, finished int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.choices += choices
	b.finished += finished
}

// botTimes reads the server's bot histograms from /metrics: how long bots
// waited for a core of the pool and how long they thought, per choice.
func botTimes(ctx context.Context, c *http.Client, base string) (wait, think *dto.Histogram, err error) {
	req, _ := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the server's metrics: %w", err)
	}
	hist := func(name string) (*dto.Histogram, error) {
		f := fams[name]
		if f == nil || len(f.GetMetric()) != 1 || f.GetMetric()[0].GetHistogram() == nil {
			return nil, fmt.Errorf("the server's metrics have no histogram %s", name)
		}
		return f.GetMetric()[0].GetHistogram(), nil
	}
	if wait, err = hist("sandtable_bot_wait_seconds"); err != nil {
		return nil, nil, err
	}
	think, err = hist("sandtable_bot_think_seconds")
	return wait, think, err
}

// histSpan is what a histogram gathered between two readings: the count,
// the mean, and the bucket bound under which 99% of the observations fall.
type histSpan struct {
	n    uint64
	mean time.Duration
	p99  string
}

func spanOf(before, after *dto.Histogram) histSpan {
	s := histSpan{n: after.GetSampleCount() - before.GetSampleCount(), p99: "-"}
	if s.n == 0 {
		return s
	}
	s.mean = time.Duration((after.GetSampleSum() - before.GetSampleSum()) / float64(s.n) * float64(time.Second)).Round(10 * time.Microsecond)
	s.p99 = fmt.Sprintf("> %v", secs(after.GetBucket()[len(after.GetBucket())-1].GetUpperBound()))
	for i, bk := range after.GetBucket() {
		if float64(bk.GetCumulativeCount()-before.GetBucket()[i].GetCumulativeCount()) >= math.Ceil(0.99*float64(s.n)) {
			s.p99 = fmt.Sprintf("≤ %v", secs(bk.GetUpperBound()))
			break
		}
	}
	return s
}

func secs(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }
