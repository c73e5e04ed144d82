// Package games is the registry of the games sandtable plays.
package games

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"sandtable/engine"
	"sandtable/games/mgmg"
	"sandtable/games/soa"
)

// entry is one registered game, loaded (and its data validated) on first use.
type entry struct {
	id   string
	load func() (engine.Game, error)
	once sync.Once
	game engine.Game
	err  error
}

func (e *entry) get() (engine.Game, error) {
	e.once.Do(func() {
		e.game, e.err = e.load()
		if e.err != nil {
			e.err = fmt.Errorf("game %s: its data does not load: %w", e.id, e.err)
		}
	})
	return e.game, e.err
}

// registry lists the games in the order people see them.
var registry = []*entry{
	{id: "soa", load: func() (engine.Game, error) {
		g, err := soa.Load()
		if err != nil {
			return nil, err
		}
		return g, nil
	}},
	{id: "mgmg", load: func() (engine.Game, error) {
		g, err := mgmg.Load()
		if err != nil {
			return nil, err
		}
		return g, nil
	}},
	{id: "fh40", load: func() (engine.Game, error) {
		g, err := mgmg.LoadFH40()
		if err != nil {
			return nil, err
		}
		return g, nil
	}},
}

// IDs lists the registered game ids.
func IDs() []string {
	out := make([]string, len(registry))
	for i, e := range registry {
		out[i] = e.id
	}
	return out
}

// All returns every game whose data loads; Check reports the others.
func All() []engine.Game {
	var out []engine.Game
	for _, e := range registry {
		if g, err := e.get(); err == nil {
			out = append(out, g)
		}
	}
	return out
}

// Check loads every game and reports the data errors of those that fail.
func Check() error {
	var errs []error
	for _, e := range registry {
		if _, err := e.get(); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Get returns the game with the given id.
func Get(id string) (engine.Game, error) {
	for _, e := range registry {
		if e.id == id {
			return e.get()
		}
	}
	return nil, fmt.Errorf("no game %q; known games: %s (run `sandtable games` to list them)", id, strings.Join(IDs(), ", "))
}

// Info describes one game for a catalog.
type Info struct {
	ID         string            `json:"id"`
	Name       string            `json:"name"`
	Seats      []engine.Seat     `json:"seats"`
	Scenarios  []engine.Scenario `json:"scenarios"`
	Options    []engine.Option   `json:"options"`
	MaxChoices int               `json:"max_choices"`
}

// Catalog describes every game, in the registry's order.
func Catalog() []Info {
	list := []Info{}
	for _, g := range All() {
		list = append(list, Info{g.ID(), g.Name(), g.Seats(), g.Scenarios(), g.Options(), g.MaxChoices()})
	}
	return list
}
