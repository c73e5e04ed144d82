package main

import (
	"fmt"

	"sandtable/engine"
)

func cmdMigrate(e *env, args []string) error {
	pos, err := parse(e, flags("migrate"), args, 1, 1)
	if err != nil {
		return err
	}
	r, g, err := loadRecord(e, pos[0])
	if err != nil {
		return err
	}
	m, _, note, err := engine.Migrate(g, r)
	if err != nil {
		return fmt.Errorf("%s: %w", pos[0], err)
	}
	if note != "" {
		e.log.Warn("record migrated: "+note, "game", g.ID(), "from_rules", r.RulesVersion(), "rules", m.Rules)
	}
	_, err = e.stdout.Write(m.Encode())
	return err
}
