package main

import "sandtable/engine"

func cmdPosition(e *env, args []string) error {
	pos, err := parse(e, flags("position"), args, 1, 1)
	if err != nil {
		return err
	}
	_, g, s, err := replayRecord(e, pos[0])
	if err != nil {
		return err
	}
	_, err = e.stdout.Write(engine.EncodePosition(g.ID(), s))
	return err
}
