package main

import (
	"fmt"
	"strconv"
	"strings"

	"sandtable/engine"
)

// diceFlag is a comma-separated list of die rolls 1-6.
type diceFlag []int

func (d *diceFlag) String() string { return fmt.Sprint([]int(*d)) }

func (d *diceFlag) Set(s string) error {
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || v < 1 || v > 6 {
			return fmt.Errorf("die roll %q is not a number from 1 to 6", f)
		}
		*d = append(*d, v)
	}
	return nil
}

func cmdApply(e *env, args []string) error {
	fs := flags("apply")
	var dice diceFlag
	fs.Var(&dice, "dice", "force the next die rolls, e.g. 3,5 (a study, never a rated game)")
	pos, err := parse(e, fs, args, 1, -1)
	if err != nil {
		return err
	}
	r, g, s, err := replayRecord(e, pos[0])
	if err != nil {
		return err
	}
	if len(dice) > 0 {
		r.Dice = append(r.Dice, engine.ForcedDice{Before: len(r.Choices), Rolls: dice})
		s.RNG().Force(dice...)
	}
	ids := pos[1:]
	for i, id := range ids {
		made, err := engine.Play(g, s, id)
		if err != nil {
			return fmt.Errorf("choice %d of %d: %w; nothing was applied", i+1, len(ids), err)
		}
		r.Choices = append(r.Choices, engine.IDs(made)...) // a macro as its atomic choices
	}
	if r.Choices == nil {
		r.Choices = []string{}
	}
	r.Hash = engine.FormatHash(s.Hash())
	_, err = e.stdout.Write(r.Encode())
	return err
}
