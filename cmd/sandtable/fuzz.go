package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"sandtable/engine"
)

// fuzzResult is one random game.
type fuzzResult struct {
	seed    uint64
	choices int
	rec     *engine.Record
	err     error
}

// fuzzOne plays the game with the given seed at random and replays its record.
func fuzzOne(g engine.Game, scenario string, opts map[string]string, seed uint64) (res fuzzResult) {
	res.seed = seed
	defer func() {
		if r := recover(); r != nil {
			res.err = fmt.Errorf("panic in replay: %v", r)
		}
	}()
	pick := engine.NewRNG(engine.PickSeed(seed))
	rec, _, err := engine.RandomGame(g, scenario, opts, seed, &pick)
	res.rec, res.choices = rec, len(rec.Choices)
	if err != nil {
		res.err = err
		return res
	}
	if _, err := engine.Verify(g, rec); err != nil {
		res.err = fmt.Errorf("replay: %w", err)
	}
	return res
}

func cmdFuzz(e *env, args []string) error {
	fs := flags("fuzz")
	id := fs.String("game", "", "game id")
	n := fs.Int("games", 100, "number of games")
	base := fs.Uint64("seed", 1, "seed of the first game; game i has seed+i")
	out := fs.String("out", "fuzz-failures", "directory for the records of failed games")
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	g, err := gameFor(*id)
	if err != nil {
		return err
	}
	if *n < 1 || *workers < 1 {
		return usagef("--games and --workers must be at least 1")
	}
	resolved, err := scenarioOptions(g, scenario, opts)
	if err != nil {
		return err
	}

	start := time.Now()
	results := make([]fuzzResult, *n)
	jobs := make(chan int)
	done := make(chan int)
	var wg sync.WaitGroup
	for range min(*workers, *n) {
		wg.Go(func() {
			for i := range jobs {
				results[i] = fuzzOne(g, *scenario, resolved, *base+uint64(i))
				done <- i
			}
		})
	}
	go func() {
		for i := range *n {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		close(done)
	}()
	bar := newProgress(e.stderr, *n)
	for range done {
		bar.step()
	}
	bar.finish()
	elapsed := time.Since(start).Seconds()

	total, maxC, failures := 0, 0, 0
	for _, r := range results {
		total += r.choices
		maxC = max(maxC, r.choices)
		if r.err == nil {
			continue
		}
		failures++
		path, werr := saveFailure(*out, g.ID(), r)
		if werr != nil {
			e.log.Error("cannot save a failed game", "seed", r.seed, "err", werr)
		}
		e.log.Error("game failed", "game", g.ID(), "seed", r.seed, "choices", r.choices, "err", oneLine(r.err), "record", path)
	}
	fmt.Fprintf(e.stdout, "games %d, choices %d, choices/s %.0f, games/s %.1f, failures %d, avg choices/game %.0f, max choices/game %d\n",
		*n, total, float64(total)/elapsed, float64(*n)/elapsed, failures, float64(total)/float64(*n), maxC)
	if failures > 0 {
		return fmt.Errorf("%d of %d games failed; their records are in %s with the error beside each (.err.txt)", failures, *n, *out)
	}
	return nil
}

// saveFailure writes the record of a failed game, and the error beside it.
func saveFailure(dir, game string, r fuzzResult) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.json", game, r.seed))
	if err := os.WriteFile(path, r.rec.Encode(), 0o644); err != nil {
		return "", err
	}
	return path, os.WriteFile(strings.TrimSuffix(path, ".json")+".err.txt", []byte(r.err.Error()+"\n"), 0o644)
}
