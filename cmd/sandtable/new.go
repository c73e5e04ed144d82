package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"sandtable/engine"
)

func cmdNew(e *env, args []string) error {
	fs := flags("new")
	id := fs.String("game", "", "game id (see `sandtable games`)")
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	var seed seedFlag
	fs.Var(&seed, "seed", "seed of the game's dice, a whole number (default: drawn at random and written in the record)")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	posFile := fs.String("position", "", "start from this position document (from `sandtable position`) instead of the scenario")
	if _, err := parse(e, fs, args, 0, 0); err != nil {
		return err
	}
	g, err := gameFor(*id)
	if err != nil {
		return err
	}
	r := engine.NewRecord(g)
	r.Seed = seed.value()
	if *posFile != "" {
		if len(opts) > 0 || *scenario != "" {
			return usagef("--position carries its own options and situation; leave out --option and --scenario")
		}
		data, err := readInput(e, *posFile)
		if err != nil {
			return err
		}
		if _, err := engine.LoadPositionDoc(g, data); err != nil {
			return fmt.Errorf("%s: %w", *posFile, err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, data); err != nil {
			return fmt.Errorf("%s: %w", *posFile, err)
		}
		r.Position = compact.Bytes()
	} else {
		if *scenario == "" {
			*scenario = g.Scenarios()[0].ID
		}
		if r.Options, err = engine.ResolveOptions(g, opts); err != nil {
			return usageError{err.Error()}
		}
		r.Scenario = *scenario
	}
	s, err := engine.Start(g, r)
	if err != nil {
		return err
	}
	r.Hash = engine.FormatHash(s.Hash())
	_, err = e.stdout.Write(r.Encode())
	return err
}
