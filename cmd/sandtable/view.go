package main

import "sandtable/engine"

func cmdView(e *env, args []string) error {
	fs := flags("view")
	seat := fs.String("seat", "", "the seat whose view to print, or spectator")
	logFrom := fs.Int("log-from", 0, "leave out the log lines before this one (the log a client already has)")
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
	v := engine.MakeView(g.ID(), s, st)
	v.ReadLog(s, *logFrom, v.LogLen) // the whole log from the cursor: a file, not a push
	return writeJSON(e.stdout, v)
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
