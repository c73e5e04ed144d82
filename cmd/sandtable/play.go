package main

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// played is what one applied choice changed, for undo.
type played struct {
	human        bool
	irreversible error // why it cannot be taken back (engine.Mark); nil if it can
}

// session is a game played in the terminal.
type session struct {
	e       *env
	g       engine.Game
	rec     *engine.Record
	s       engine.State
	humans  map[engine.Seat]bool
	bots    map[engine.Seat]ai.Bot
	history []played
	seen    map[engine.Seat]int // log lines already shown to each seat
	in      *bufio.Scanner
	lines   chan string // what the person types, line by line; closed at the end of the input
	path    string
}

func cmdPlay(e *env, args []string) error {
	fs := flags("play")
	seat := fs.String("seat", "", "the seat you play; the others are bots (spectator: bots play every seat)")
	hotseat := fs.Bool("hotseat", false, "people play every seat at this terminal, each seeing its own view")
	botName := fs.String("bot", "", "the bot for the seats nobody plays: "+strings.Join(ai.Names(), ", ")+" (default random)")
	scenario := fs.String("scenario", "", "scenario id (default: the game's first)")
	var seed seedFlag
	fs.Var(&seed, "seed", "seed of the game's dice (default: drawn at random)")
	opts := optionFlag{}
	fs.Var(opts, "option", "a game option KEY=VALUE (repeatable)")
	recPath := fs.String("record", "", "where to save the record on quit and at the end (default ./sandtable-GAME-SEED.json)")
	resume := fs.String("resume", "", "a saved record to carry on from (its seed and options are kept)")
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
	p := &session{e: e, g: g, humans: map[engine.Seat]bool{}, bots: map[engine.Seat]ai.Bot{}, seen: map[engine.Seat]int{},
		in: bufio.NewScanner(e.stdin)}
	p.in.Buffer(make([]byte, 4096), 1<<20)
	p.lines = make(chan string)
	go func() {
		for p.in.Scan() {
			p.lines <- p.in.Text()
		}
		close(p.lines)
	}()
	human := engine.Seat("")
	switch {
	case *seat != "":
		if human, err = checkSeat(g, *seat); err != nil {
			return err
		}
	case *botName != "":
		human = g.Seats()[0]
	}
	if *botName == "" {
		*botName = "random"
	}
	var saved *engine.Record
	if *resume != "" {
		r, rg, err := loadRecord(e, *resume)
		if err != nil {
			return err
		}
		if rg.ID() != g.ID() {
			return usagef("%s is a record of %s, not %s", *resume, rg.ID(), g.ID())
		}
		saved = r
		seed.set = true
		seed.v = r.Seed
		if *recPath == "" {
			*recPath = *resume
		}
	}
	seedV := seed.value()
	for i, st := range g.Seats() {
		if *hotseat || (human == "" && *seat == "") || st == human {
			p.humans[st] = true
			continue
		}
		b, err := ai.New(*botName, seedV^uint64(i+1)*0x9e3779b97f4a7c15)
		if err != nil {
			return usageError{err.Error()}
		}
		p.bots[st] = b
	}
	if *scenario == "" {
		*scenario = g.Scenarios()[0].ID
	}
	resolved, err := engine.ResolveOptions(g, opts)
	if err != nil {
		return usageError{err.Error()}
	}
	p.rec = engine.NewRecord(g)
	p.rec.Scenario, p.rec.Options, p.rec.Seed = *scenario, resolved, seedV
	if saved != nil {
		p.rec = saved
		if p.s, err = verify(e, g, saved); err != nil {
			return fmt.Errorf("%s: %w", *resume, err)
		}
	} else if p.s, err = engine.Start(g, p.rec); err != nil {
		return err
	}
	p.path = *recPath
	if p.path == "" {
		p.path = fmt.Sprintf("sandtable-%s-%d.json", g.ID(), seedV)
	}
	return p.loop()
}

// viewer is the seat whose view the screen shows: the seat to move in
// hotseat, the person's seat against bots, the spectator between bots.
func (p *session) viewer() engine.Seat {
	if p.humans[p.s.ToMove()] {
		return p.s.ToMove()
	}
	if len(p.humans) == 1 {
		for st := range p.humans {
			return st
		}
	}
	return engine.Spectator
}

func (p *session) loop() error {
	w := p.e.stdout
	fmt.Fprintf(w, "%s, seed %d. Type a number or a choice id; u undoes your last choice, q quits and saves, h helps.\n", p.g.Name(), p.rec.Seed)
	for p.s.ToMove() != "" {
		seat := p.s.ToMove()
		if b := p.bots[seat]; b != nil {
			a, err := ai.Move(b, p.s)
			if err != nil {
				return err
			}
			if err := p.apply(a, false); err != nil {
				return err
			}
			if len(p.humans) == 0 {
				p.showLog(engine.Spectator)
			}
			continue
		}
		quit, err := p.ask(seat)
		if err != nil || quit {
			return err
		}
	}
	v := p.viewer()
	p.showLog(v)
	p.showBoard(v)
	r := p.s.Result()
	winner := string(r.Winner)
	if winner == "" {
		winner = "nobody"
	}
	fmt.Fprintf(w, "\n=== Game over after %d choices: %s, winner %s, score %d. %s\n", len(p.rec.Choices), r.Level, winner, r.Score, r.Text)
	return p.save()
}

// ask shows the seat its screen and reads one answer; quit reports q or
// the end of the input.
func (p *session) ask(seat engine.Seat) (quit bool, err error) {
	w := p.e.stdout
	p.showLog(seat)
	p.showBoard(seat)
	choices := engine.Choices(p.s)
	fmt.Fprintf(w, "--- %s to choose (choice %d):\n", seat, len(p.rec.Choices)+1)
	for i, c := range choices {
		fmt.Fprintf(w, "%3d. %s  [%s]  %s\n", i+1, c.Label, c.Rule, c.ID)
	}
	// With a reaction clock (e.g. soa:8.17) the seat's time may run out.
	var clock <-chan time.Time
	if c, ok := p.s.(engine.Clocked); ok && c.ReactionTime() > 0 {
		if _, running := c.Timeout(); running {
			clock = time.After(c.ReactionTime())
			fmt.Fprintf(w, "(you have %v to choose)\n", c.ReactionTime())
		}
	}
	for {
		fmt.Fprintf(w, "%s> ", seat)
		var line string
		select {
		case l, ok := <-p.lines:
			if !ok {
				fmt.Fprintln(w, "\ninput ended")
				return true, p.save()
			}
			line = strings.TrimSpace(l)
		case <-clock:
			a, _ := p.s.(engine.Clocked).Timeout()
			fmt.Fprintf(w, "\ntime is up: %s\n", p.s.Describe(a).Label)
			return false, p.apply(a, true)
		}
		switch line {
		case "":
			continue
		case "q", "quit":
			return true, p.save()
		case "h", "help", "?":
			fmt.Fprintln(w, "Type the number of a choice or its id. u: undo your last choice (until dice or chits are drawn or the move passes). q: quit and save the record.")
			continue
		case "u", "undo":
			if err := p.undo(); err != nil {
				fmt.Fprintf(w, "cannot undo: %v\n", err)
				continue
			}
			return false, nil
		}
		a, ok := pick(p.s, choices, line)
		if !ok {
			fmt.Fprintf(w, "%q is neither a number from 1 to %d nor a choice id; h for help\n", line, len(choices))
			continue
		}
		return false, p.apply(a, true)
	}
}

// pick finds the action a person named by number or id.
func pick(s engine.State, choices []engine.Choice, answer string) (engine.Action, bool) {
	acts := s.Legal(nil)
	if n, err := strconv.Atoi(answer); err == nil {
		if n >= 1 && n <= len(acts) {
			return acts[n-1], true
		}
		return 0, false
	}
	for i, c := range choices {
		if c.ID == answer {
			return acts[i], true
		}
	}
	return 0, false
}

func (p *session) apply(a engine.Action, human bool) error {
	m := engine.MarkOf(p.s)
	id := p.s.Describe(a).ID
	if err := p.s.Apply(a); err != nil {
		return fmt.Errorf("choice %d (%s): %w", len(p.rec.Choices)+1, id, err)
	}
	p.rec.Choices = append(p.rec.Choices, id)
	p.history = append(p.history, played{human: human, irreversible: m.Irreversible(p.s)})
	return nil
}

// undo takes back the last choice if it was the person's and reversible
// (engine.Mark); the state is the record replayed without it.
func (p *session) undo() error {
	if len(p.history) == 0 {
		return errors.New("no choice to take back")
	}
	h := p.history[len(p.history)-1]
	switch {
	case !h.human:
		return errors.New("the other seat has moved since")
	case h.irreversible != nil:
		return h.irreversible
	}
	r := *p.rec
	undone := r.Choices[len(r.Choices)-1]
	r.Choices = r.Choices[:len(r.Choices)-1]
	s, err := engine.Replay(p.g, &r)
	if err != nil {
		return err
	}
	p.rec, p.s, p.history = &r, s, p.history[:len(p.history)-1]
	if lb, ok := s.(engine.Logbook); ok {
		for st, n := range p.seen {
			p.seen[st] = min(n, lb.LogLen(st))
		}
	}
	fmt.Fprintf(p.e.stdout, "took back %s\n", undone)
	return nil
}

// showLog prints the log lines seat has not seen yet.
func (p *session) showLog(seat engine.Seat) {
	lb, ok := p.s.(engine.Logbook)
	if !ok {
		return
	}
	n := lb.LogLen(seat)
	for _, l := range lb.LogLines(seat, p.seen[seat], n) {
		fmt.Fprintf(p.e.stdout, "  t%d [%s] %s\n", l.Turn, l.Rule, l.Text)
	}
	p.seen[seat] = n
}

func (p *session) showBoard(seat engine.Seat) {
	if rd, ok := p.s.(engine.Renderer); ok {
		fmt.Fprintf(p.e.stdout, "\n%s", rd.Text(seat))
	}
}

// save writes the record where --record says.
func (p *session) save() error {
	p.rec.Hash = engine.FormatHash(p.s.Hash())
	if err := os.WriteFile(p.path, p.rec.Encode(), 0o644); err != nil {
		return fmt.Errorf("saving the record: %w", err)
	}
	fmt.Fprintf(p.e.stdout, "record saved to %s (%d choices); `sandtable replay %s` checks it\n", p.path, len(p.rec.Choices), p.path)
	return nil
}
