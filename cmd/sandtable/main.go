// Command sandtable plays, records, checks and studies the games of the
// sandtable engine from a terminal or a script. See docs/cli.md.
package main

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime/debug"
	"slices"
	"sort"
	"strings"

	"sandtable/engine"
	"sandtable/games"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// env is where a command reads and writes; tests run commands in-process
// with buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	log            *slog.Logger
}

type command struct {
	name, args, summary string
	run                 func(e *env, args []string) error
}

// commands is filled in init: the commands' help refers back to it.
var commands []command

func init() {
	commands = []command{
		{"serve", "[--addr HOST:PORT] [--db FILE] [--log-level L]", "run the game server and the browser client", cmdServe},
		{"games", "[--json]", "list the games, their scenarios and options", cmdGames},
		{"new", "--game ID [--scenario S] [--seed N] [--option K=V]... [--position FILE]", "print a new game record", cmdNew},
		{"legal", "RECORD", "list the legal choices of the seat to move", cmdLegal},
		{"apply", "RECORD CHOICE... [--dice N,N,...]", "apply choices and print the extended record", cmdApply},
		{"view", "RECORD --seat SEAT", "print what one seat may see", cmdView},
		{"replay", "RECORD", "replay a record and print the final state hash", cmdReplay},
		{"migrate", "RECORD", "replay a record of older rules under this sandtable's rules and print it", cmdMigrate},
		{"render", "RECORD --out FILE.svg [--seat SEAT]", "draw the board as a seat sees it", cmdRender},
		{"position", "RECORD", "print the current position document", cmdPosition},
		{"play", "ID [--seat SEAT|--hotseat] [--bot NAME] [--hints] [--seed N] [--option K=V]... [--record FILE] [--resume FILE] [--plain]", "play in the terminal (full screen, or line by line when piped)", cmdPlay},
		{"fuzz", "--game ID [--games N] [--seed S] [--out DIR] [--option K=V]...", "play random games and check every rule invariant", cmdFuzz},
		{"selfplay", "--game ID --bots A,B[,C...] [--games N] [--seed S] [--workers W] [--out DIR] [--json] [--option K=V]...", "play bots against each other and measure them: scores, Elo ladder, plots", cmdSelfplay},
		{"rulecov", "[--repo DIR] [--game ID] [--missing] [--min PCT]", "count the rule sections cited by tests or marked n/a", cmdRulecov},
		{"bench", "--game ID [--seconds N] | serve [--games N] [--seconds N] [--interval D] [--bot-games N]", "measure random-play speed on one core, or the server under load (with bot games)", cmdBench},
	}
}

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, args ...any) error { return usageError{fmt.Sprintf(format, args...)} }

// run executes one command line and returns the exit status: 0 done, 1 a
// failure (an illegal choice, a replay mismatch, a fuzz failure), 2 a usage
// mistake.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr,
		log: slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	i := slices.IndexFunc(commands, func(c command) bool { return c.name == args[0] })
	if i < 0 {
		fmt.Fprintf(stderr, "sandtable: no command %q; run `sandtable help` to list the commands\n", args[0])
		return 2
	}
	c := commands[i]
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "sandtable %s: internal error: %v; please report it together with the record\n", c.name, r)
			if os.Getenv("SANDTABLE_DEBUG") != "" {
				stderr.Write(debug.Stack())
			}
			code = 1
		}
	}()
	err := c.run(e, args[1:])
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(stderr, "sandtable %s: %s (run `sandtable %s -h` for usage)\n", c.name, oneLine(err), c.name)
		return 2
	case errors.Is(err, engine.ErrIllegal):
		fmt.Fprintf(stderr, "sandtable %s: %s; run `sandtable legal` to list the legal choices\n", c.name, oneLine(err))
		return 1
	default:
		fmt.Fprintf(stderr, "sandtable %s: %s\n", c.name, oneLine(err))
		return 1
	}
}

// oneLine keeps an error message to its first line.
func oneLine(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sandtable COMMAND [ARGS]\n\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRECORD is a record file, or - for standard input. `sandtable COMMAND -h` shows a command's flags.")
}

// flags makes a command's flag set; parse reports its mistakes.
func flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return fs
}

// parse reads flags that may stand before, between or after the positional
// arguments, and checks the count of positional arguments.
func parse(e *env, fs *flag.FlagSet, args []string, minPos, maxPos int) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				c := commands[slices.IndexFunc(commands, func(c command) bool { return c.name == fs.Name() })]
				fmt.Fprintf(e.stdout, "usage: sandtable %s %s\n\n%s.\n\nflags:\n", c.name, c.args, c.summary)
				fs.SetOutput(e.stdout)
				fs.PrintDefaults()
				return nil, flag.ErrHelp
			}
			return nil, usageError{err.Error()}
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
	switch {
	case len(pos) < minPos:
		return nil, usagef("missing arguments")
	case maxPos >= 0 && len(pos) > maxPos:
		return nil, usagef("unexpected argument %q", pos[maxPos])
	}
	return pos, nil
}

// optionFlag collects repeated --option K=V flags.
type optionFlag map[string]string

func (o optionFlag) String() string {
	var parts []string
	for k, v := range o {
		parts = append(parts, k+"="+v)
	}
	sort.Strings(parts)
	return strings.Join(parts, ",")
}

func (o optionFlag) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("option %q is not KEY=VALUE", s)
	}
	o[k] = v
	return nil
}

// seedFlag is a decimal seed; unset means "draw one".
type seedFlag struct {
	v   uint64
	set bool
}

func (s *seedFlag) String() string {
	if !s.set {
		return ""
	}
	return fmt.Sprint(s.v)
}

func (s *seedFlag) Set(v string) error {
	n, err := engine.ParseSeed(v)
	if err != nil {
		return err
	}
	s.v, s.set = n, true
	return nil
}

// value is the seed, drawn from crypto/rand when none was given.
func (s *seedFlag) value() uint64 {
	if !s.set {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			panic(err)
		}
		s.v, s.set = binary.LittleEndian.Uint64(b[:]), true
	}
	return s.v
}

// scenarioOptions sets *scenario to the game's first when none is given and
// resolves the options against the game's.
func scenarioOptions(g engine.Game, scenario *string, opts optionFlag) (map[string]string, error) {
	if *scenario == "" {
		*scenario = g.Scenarios()[0].ID
	}
	resolved, err := engine.ResolveOptions(g, opts)
	if err != nil {
		return nil, usageError{err.Error()}
	}
	return resolved, nil
}

// gameFor returns the game with the given id (a usage error if unknown).
func gameFor(id string) (engine.Game, error) {
	if id == "" {
		return nil, usagef("--game is required; known games: %s", strings.Join(games.IDs(), ", "))
	}
	if !slices.Contains(games.IDs(), id) {
		return nil, usagef("no game %q; known games: %s", id, strings.Join(games.IDs(), ", "))
	}
	return games.Get(id)
}

// readInput reads a file, or standard input for "-".
func readInput(e *env, path string) ([]byte, error) {
	if path == "-" {
		b, err := io.ReadAll(e.stdin)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, errors.Unwrap(err))
	}
	return b, nil
}

// loadRecord reads and decodes a record and finds its game.
func loadRecord(e *env, path string) (*engine.Record, engine.Game, error) {
	b, err := readInput(e, path)
	if err != nil {
		return nil, nil, err
	}
	r, err := engine.DecodeRecord(b)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	g, err := games.Get(r.Game)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, g, nil
}

// replayRecord reads a record and replays it, checking its stored hash.
func replayRecord(e *env, path string) (*engine.Record, engine.Game, engine.State, error) {
	r, g, err := loadRecord(e, path)
	if err != nil {
		return nil, nil, nil, err
	}
	s, err := verify(e, g, r)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w; run `sandtable replay` on it for details", path, err)
	}
	return r, g, s, nil
}

// verify replays a record with engine.Verify. A record of older rules whose
// play has stayed the same is replayed without its hash check: the note
// saying so goes to the log, and the record becomes one of the rules this
// sandtable plays, so that what is added to it is too.
func verify(e *env, g engine.Game, r *engine.Record) (engine.State, error) {
	s, err := engine.Verify(g, r)
	if err != nil {
		return nil, err
	}
	if note, _, _ := engine.RulesSince(g, r.RulesVersion()); note != "" {
		e.log.Warn("record of older rules: "+note+"; its stored hash was not checked", "game", g.ID(), "record_rules", r.RulesVersion(), "rules", engine.RulesVersion(g))
		r.Rules = engine.RulesVersion(g)
	}
	return s, nil
}

// checkSeat accepts a seat of the game or the spectator.
func checkSeat(g engine.Game, seat string) (engine.Seat, error) {
	var names []string
	for _, s := range g.Seats() {
		if string(s) == seat {
			return s, nil
		}
		names = append(names, string(s))
	}
	if seat == string(engine.Spectator) {
		return engine.Spectator, nil
	}
	if seat == "" {
		return "", usagef("--seat is required: one of %s, %s", strings.Join(names, ", "), engine.Spectator)
	}
	return "", usagef("%s has no seat %q: use one of %s, %s", g.ID(), seat, strings.Join(names, ", "), engine.Spectator)
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
