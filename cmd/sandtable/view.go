package main

import "sandtable/engine"

func cmdView(e *env, args []string) error {
	fs := flags("view")
	seat := fs.String("seat", "", "the seat whose view to print, or spectator")
	pos, err := parse(e, fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *seat == "" {
		return usagef("--seat SEAT is required (a seat of the game, or spectator)")
	}
	_, g, s, err := replayRecord(e, pos[0])
	if err != nil {
		return err
	}
	st, err := checkSeat(g, *seat)
	if err != nil {
		return err
	}
	return writeJSON(e.stdout, engine.MakeView(g.ID(), s, st))
}
