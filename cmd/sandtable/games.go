package main

import (
	"fmt"
	"strings"

	"sandtable/engine"
	"sandtable/games"
)

// gameInfo is one game in `sandtable games --json`.
type gameInfo struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Seats      []engine.Seat     `json:"seats"`
	Scenarios  []engine.Scenario `json:"scenarios"`
	Options    []engine.Option   `json:"options"`
	MaxChoices int               `json:"max_choices"`
}

func cmdGames(e *env, args []string) error {
	fs := flags("games")
	asJSON := fs.Bool("json", false, "print JSON instead of text")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	var list []gameInfo
	for _, g := range games.All() {
		list = append(list, gameInfo{g.ID(), g.Name(), g.Seats(), g.Scenarios(), g.Options(), g.MaxChoices()})
	}
	if *asJSON {
		if list == nil {
			list = []gameInfo{}
		}
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
