package main

import (
	"fmt"
	"strings"

	"sandtable/games"
)

func cmdGames(e *env, args []string) error {
	fs := flags("games")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	list := games.Catalog()
	if *asJSON {
		if err := writeJSON(e.stdout, list); err != nil {
			return err
		}
	} else {
		for _, g := range list {
			seats := make([]string, len(g.Seats))
			for i, s := range g.Seats {
				seats[i] = string(s)
			}
			fmt.Fprintf(e.stdout, "%s  %s  (seats: %s; at most %d choices)\n", g.ID, g.Name, strings.Join(seats, ", "), g.MaxChoices)
			for _, s := range g.Scenarios {
				fmt.Fprintf(e.stdout, "  scenario %-10s %s: %s\n", s.ID, s.Name, s.Summary)
			}
			for _, o := range g.Options {
				fmt.Fprintf(e.stdout, "  option   %-10s %-18s %s (%s; default %s)\n", o.Key, strings.Join(o.Values, "|"), o.Summary, o.Rule, o.Values[0])
			}
		}
	}
	return games.Check()
}
