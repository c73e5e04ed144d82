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
	g, s, st, err := seatedState(e, pos[0], *seat)
	if err != nil {
		return err
	}
	return writeJSON(e.stdout, engine.MakeView(g.ID(), s, st))
}

// seatedState replays the record at path and checks seat against its game.
func seatedState(e *env, path, seat string) (engine.Game, engine.State, engine.Seat, error) {
	_, g, s, err := replayRecord(e, path)
	if err != nil {
		return nil, nil, "", err
	}
	st, err := checkSeat(g, seat)
	return g, s, st, err
}
