package main

import (
	"fmt"
	"time"

	"sandtable/engine"
)

func cmdBench(e *env, args []string) error {
	if len(args) > 0 && args[0] == "serve" {
		return cmdBenchServe(e, args[1:])
	}
	fs := flags("bench")
	id := fs.String("game", "", "game id")
	seconds := fs.Float64("seconds", 5, "how long to play")
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	seed := fs.Uint64("seed", 1, "seed of the first game; each next game adds one")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	g, err := gameFor(*id)
	if err != nil {
		return err
	}
	if *seconds <= 0 {
		return usagef("--seconds must be more than 0")
	}
	resolved, err := scenarioOptions(g, scenario, opts)
	if err != nil {
		return err
	}
	// One goroutine: the speed of one core. Only Legal and Apply are timed,
	// as a bot or a search would call them; fuzz checks the invariants.
	var buf []engine.Action
	games, choices := 0, 0
	start := time.Now()
	deadline := start.Add(time.Duration(*seconds * float64(time.Second)))
	for time.Now().Before(deadline) {
		s, err := g.New(*scenario, resolved, *seed+uint64(games))
		if err != nil {
			return err
		}
		pick := engine.NewRNG(engine.PickSeed(*seed + uint64(games)))
		for s.ToMove() != "" {
			buf = s.Legal(buf[:0])
			if len(buf) == 0 {
				return fmt.Errorf("game with seed %d: no legal choice for %s; run `sandtable fuzz` to find out more", *seed+uint64(games), s.ToMove())
			}
			if err := s.Apply(buf[pick.Intn(len(buf))]); err != nil {
				return fmt.Errorf("game with seed %d: %w", *seed+uint64(games), err)
			}
			choices++
			if choices > (games+1)*g.MaxChoices() {
				return fmt.Errorf("game with seed %d did not end within %d choices", *seed+uint64(games), g.MaxChoices())
			}
		}
		games++
	}
	el := time.Since(start).Seconds()
	fmt.Fprintf(e.stdout, "%s on one core: games %d, choices %d in %.1f s, choices/s %.0f, games/s %.1f\n",
		g.ID(), games, choices, el, float64(choices)/el, float64(games)/el)
	return nil
}
