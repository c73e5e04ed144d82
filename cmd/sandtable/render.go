package main

import (
	"bytes"
	"fmt"
	"os"

	"sandtable/engine"
)

func cmdRender(e *env, args []string) error {
	fs := flags("render")
	out := fs.String("out", "", "SVG file to write, or - for standard output")
	seat := fs.String("seat", string(engine.Spectator), "the seat whose view to draw")
	pos, err := parse(e, fs, args, 1, 1)
	if err != nil {
		return err
	}
	if *out == "" {
		return usagef("--out FILE.svg is required")
	}
	g, s, st, err := seatedState(e, pos[0], *seat)
	if err != nil {
		return err
	}
	rd, ok := s.(engine.Renderer)
	if !ok {
		return fmt.Errorf("game %s cannot draw itself yet", g.ID())
	}
	var b bytes.Buffer
	if err := rd.SVG(&b, st); err != nil {
		return err
	}
	if *out == "-" {
		_, err = e.stdout.Write(b.Bytes())
		return err
	}
	return os.WriteFile(*out, b.Bytes(), 0o644)
}
