package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"sandtable/ai"
	"sandtable/cmd/sandtable/internal/selfplay"
)

func cmdSelfplay(e *env, args []string) error {
	fs := flags("selfplay")
	id := fs.String("game", "", "game id")
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	bots := fs.String("bots", "", "two or more bots, comma-separated, every two of which meet: "+strings.Join(ai.Names(), ", "))
	pairs := fs.Int("games", 10, "pairs of games each pairing plays, each seed twice with the seats swapped")
	seed := fs.Uint64("seed", 1, "seed of the first pair; every game after it follows from it")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once (the results do not depend on it)")
	out := fs.String("out", "", "directory for the records, plots (PNG and SVG) and summary.json")
	asJSON := fs.Bool("json", false, "print the results as JSON instead of a table")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	g, err := gameFor(*id)
	if err != nil {
		return err
	}
	names := strings.Split(*bots, ",")
	if len(names) < 2 {
		return usagef("--bots needs at least two bots, e.g. --bots random,%s", ai.Names()[len(ai.Names())-1])
	}
	for _, b := range names {
		if _, err := ai.New(b, ai.Config{}); err != nil {
			return usageError{err.Error()}
		}
	}
	if *pairs < 1 || *workers < 1 {
		return usagef("--games and --workers must be at least 1")
	}
	resolved, err := scenarioOptions(g, scenario, opts)
	if err != nil {
		return err
	}
	c := selfplay.Config{Game: g, Scenario: *scenario, Options: resolved, Bots: names, Pairs: *pairs, Seed: *seed, Workers: *workers}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	bar := newProgress(e.stderr, len(selfplay.Pairings(len(names)))*(*pairs)*2)
	bar.log = e.log
	played, err := selfplay.Run(ctx, c, bar.step)
	bar.finish()
	if err != nil {
		return keepFailure(*out, err)
	}
	e.log.Info("self-play done", "games", len(played), "seconds", time.Since(start).Round(time.Millisecond).Seconds(), "workers", *workers)
	sum := selfplay.Summarize(c, played)
	if *out != "" {
		if err := selfplay.Write(*out, c, played, sum); err != nil {
			return err
		}
	}
	times := selfplay.Times(c, played)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			selfplay.Summary
			Thinking []selfplay.BotTime `json:"thinking"`
		}{sum, times})
	}
	if err := sum.WriteTable(e.stdout); err != nil {
		return err
	}
	return selfplay.WriteTimes(e.stdout, times)
}

// keepFailure saves the record of a game that failed in dir, when given, so
// that `sandtable replay` can take it to the failure.
func keepFailure(dir string, err error) error {
	var ge *selfplay.GameError
	if !errors.As(err, &ge) {
		return err
	}
	if dir == "" {
		return fmt.Errorf("%w; run again with --out DIR to keep the record of the failed game", err)
	}
	path := filepath.Join(dir, fmt.Sprintf("failed-%s-%d.json", ge.Record.Game, ge.Record.Seed))
	if werr := os.MkdirAll(dir, 0o755); werr != nil {
		return fmt.Errorf("%w; its record could not be kept: %v", err, werr)
	}
	if werr := os.WriteFile(path, ge.Record.Encode(), 0o644); werr != nil {
		return fmt.Errorf("%w; its record could not be kept: %v", err, werr)
	}
	return fmt.Errorf("%w; the record of the failed game is %s", err, path)
}
