package main

import (
	"fmt"

	"sandtable/internal/rulecov"
)

func cmdRulecov(e *env, args []string) error {
	fs := flags("rulecov")
	repo := fs.String("repo", ".", "the repository's root directory")
	game := fs.String("game", "", "count only this game")
	missing := fs.Bool("missing", false, "list the rule IDs not yet covered")
	minPct := fs.Float64("min", 0, "fail when a reported game is below this percentage")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	covs, err := rulecov.Count(*repo)
	if err != nil {
		return err
	}
	worst, reported := 100.0, 0
	for _, c := range covs {
		if *game != "" && c.Game != *game {
			continue
		}
		reported++
		worst = min(worst, c.Percent())
		fmt.Fprintln(e.stdout, c)
		if *missing {
			for _, id := range c.Missing {
				fmt.Fprintln(e.stdout, "  missing", id)
			}
		}
	}
	if reported == 0 {
		return usagef("no checklist for game %q in %s", *game, rulecov.Dir)
	}
	if worst < *minPct {
		return fmt.Errorf("coverage %.0f%% is below --min %.0f%%", worst, *minPct)
	}
	return nil
}
