package main

import (
	"fmt"

	"sandtable/engine"
)

func cmdReplay(e *env, args []string) error {
	pos, err := parse(e, flags("replay"), args, 1, 1)
	if err != nil {
		return err
	}
	r, g, err := loadRecord(e, pos[0])
	if err != nil {
		return err
	}
	s, err := verify(e, g, r)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	_, err = fmt.Fprintln(e.stdout, engine.FormatHash(s.Hash()))
	return err
}
