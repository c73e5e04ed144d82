package main

import (
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/term"

	"sandtable/ai"
	"sandtable/cmd/sandtable/internal/play"
	"sandtable/engine"
)

func cmdPlay(e *env, args []string) error {
	fs := flags("play")
	seat := fs.String("seat", "", "the seat you play; the others are bots (spectator: bots play every seat)")
	hotseat := fs.Bool("hotseat", false, "people play every seat at this terminal, each seeing its own view")
	botName := fs.String("bot", "", botHelp())
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	var seed seedFlag
	fs.Var(&seed, "seed", "seed of the game's dice (default: drawn at random)")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	recPath := fs.String("record", "", "where to save the record on quit and at the end (default ./sandtable-GAME-SEED.json)")
	resume := fs.String("resume", "", "a saved record to carry on from, with its scenario, options, seed and players")
	hints := fs.Bool("hints", false, "h (in line mode: hint) asks a bot for its suggested choice and its estimate of your chance to win; the record notes the game as a study")
	plain := fs.Bool("plain", false, "line mode even on a terminal (it is the mode whenever input or output is not a terminal)")
	pos, err := parse(e, fs, args, 1, 1)
	if err != nil {
		return err
	}
	g, err := gameFor(pos[0])
	if err != nil {
		return err
	}
	if *hotseat && (*seat != "" || *botName != "") {
		return usagef("--hotseat has no bots: leave out --seat and --bot")
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	p := &play.Session{Game: g}
	if *resume != "" {
		r, rg, err := loadRecord(e, *resume)
		if err != nil {
			return err
		}
		if rg.ID() != g.ID() {
			return usagef("%s is a record of %s, not %s", *resume, rg.ID(), g.ID())
		}
		if err := checkResume(g, r, given, *scenario, seed.v, opts); err != nil {
			return err
		}
		if p.State, err = verify(e, g, r); err != nil {
			return fmt.Errorf("%s: %w", *resume, err)
		}
		p.Rec = r
		if *recPath == "" {
			*recPath = *resume
		}
	} else {
		if *scenario == "" {
			*scenario = g.Scenarios()[0].ID
		}
		resolved, err := engine.ResolveOptions(g, opts)
		if err != nil {
			return usageError{err.Error()}
		}
		p.Rec = engine.NewRecord(g)
		p.Rec.Scenario, p.Rec.Options, p.Rec.Seed = *scenario, resolved, seed.value()
		if p.State, err = engine.Start(g, p.Rec); err != nil {
			return err
		}
	}
	players := p.Rec.Players
	if players == nil || given["seat"] || given["hotseat"] || given["bot"] {
		if players, err = seatPlayers(g, *seat, *hotseat, *botName); err != nil {
			return err
		}
		if p.Rec.Players != nil && !maps.Equal(players, p.Rec.Players) {
			return usagef("the players %s contradict the saved game's %s; leave out --seat, --hotseat and --bot to carry on as saved",
				describePlayers(g, players), describePlayers(g, p.Rec.Players))
		}
	}
	p.Rec.Players = players
	p.Rec.Hints = p.Rec.Hints || *hints // a game once played with hints stays a study
	if err := p.Seat(players); err != nil {
		return usageError{err.Error()}
	}
	p.Path = *recPath
	if p.Path == "" {
		p.Path = fmt.Sprintf("sandtable-%s-%d.json", g.ID(), p.Rec.Seed)
	}
	// Ctrl-C (or a kill) saves the record like q.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	in, inTTY := e.stdin.(*os.File)
	out, outTTY := e.stdout.(*os.File)
	inTTY = inTTY && term.IsTerminal(in.Fd())
	outTTY = outTTY && term.IsTerminal(out.Fd())
	if *plain || !inTTY || !outTTY || os.Getenv("TERM") == "dumb" {
		return play.Lines(ctx, p, e.stdin, e.stdout, inTTY)
	}
	return play.Screen(ctx, p, in, out)
}

// seatPlayers says who plays each seat, from the flags: people at every seat
// with --hotseat (or no --seat and no --bot), else the person at --seat (or
// the first seat with --bot alone) and the bot at the others.
func seatPlayers(g engine.Game, seat string, hotseat bool, botName string) (map[engine.Seat]string, error) {
	human := engine.Seat("")
	switch {
	case seat != "":
		st, err := checkSeat(g, seat)
		if err != nil {
			return nil, err
		}
		human = st
	case botName != "":
		human = g.Seats()[0]
	}
	if botName == "" {
		botName = ai.Default
	}
	if !slices.Contains(ai.Names(), botName) {
		return nil, usagef("no bot %q; known bots: %s", botName, strings.Join(ai.Names(), ", "))
	}
	out := map[engine.Seat]string{}
	for _, st := range g.Seats() {
		if hotseat || (human == "" && seat == "") || st == human {
			out[st] = play.Person
		} else {
			out[st] = botName
		}
	}
	return out, nil
}

// botHelp is --bot's help: every bot level and how it plays.
func botHelp() string {
	var b strings.Builder
	b.WriteString("the bot for the seats nobody plays (default " + ai.Default + "), one of:")
	for _, name := range ai.Names() {
		fmt.Fprintf(&b, "\n%s: %s", name, ai.Describe(name))
	}
	return b.String()
}

// describePlayers writes players in seat order: "german person, british random".
func describePlayers(g engine.Game, players map[engine.Seat]string) string {
	var parts []string
	for _, st := range g.Seats() {
		parts = append(parts, fmt.Sprintf("%s %s", st, players[st]))
	}
	return strings.Join(parts, ", ")
}

// checkResume refuses flags that contradict the saved game: they would
// otherwise be ignored and the player would believe them in force.
func checkResume(g engine.Game, r *engine.Record, given map[string]bool, scenario string, seed uint64, opts optionFlag) error {
	const carryOn = "; leave it out to carry on the saved game"
	if given["scenario"] && scenario != r.Scenario {
		return usagef("--scenario %s contradicts the saved game's scenario %q%s", scenario, r.Scenario, carryOn)
	}
	if given["seed"] && seed != r.Seed {
		return usagef("--seed %d contradicts the saved game's seed %d%s", seed, r.Seed, carryOn)
	}
	if _, err := engine.ResolveOptions(g, opts); err != nil {
		return usageError{err.Error()}
	}
	saved, err := engine.ResolveOptions(g, r.Options)
	if err != nil {
		return err
	}
	for _, k := range slices.Sorted(maps.Keys(opts)) {
		if saved[k] != opts[k] {
			return usagef("--option %s=%s contradicts the saved game's %s=%s%s", k, opts[k], k, saved[k], carryOn)
		}
	}
	return nil
}
