package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"sandtable/ai"
	"sandtable/engine"
)

// lines is the plain line mode: the screen is printed line by line and each
// answer is read as a line, so that pipes and scripts can play.
type lines struct {
	*Session
	out         io.Writer
	in          chan string // what the person types, line by line; closed at the end of the input
	seen        map[engine.Seat]int
	interactive bool
	shown       engine.Seat // the seat whose screen was printed last (hotseat)
}

// Lines plays the session in line mode until the game ends, the person
// quits or the input ends, or ctx is cancelled (Ctrl-C); each way saves the
// record. interactive says a person types at a terminal: only then does
// hotseat pause between seats, since a pipe has nobody to look away.
func Lines(ctx context.Context, p *Session, in io.Reader, out io.Writer, interactive bool) error {
	l := &lines{Session: p, out: out, in: make(chan string), seen: map[engine.Seat]int{}, interactive: interactive}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 4096), 1<<20)
	go func() {
		for sc.Scan() {
			l.in <- sc.Text()
		}
		close(l.in)
	}()
	fmt.Fprintf(out, "%s, seed %d. Type a number or a choice id; u undoes your last choice, q quits and saves, h helps.\n", p.Game.Name(), p.Rec.Seed)
	for p.State.ToMove() != "" {
		if ctx.Err() != nil {
			fmt.Fprintln(out, "\ninterrupted")
			return l.save()
		}
		if b := p.BotToMove(); b != nil {
			a, err := ai.Move(ctx, b, p.State) // an interrupt stops a thinking bot
			if ctx.Err() != nil {
				continue // to the interrupt: its choice is not made
			}
			if err != nil {
				return err
			}
			if err := p.Apply(a, false); err != nil {
				return err
			}
			if len(p.Humans) == 0 {
				l.showLog(engine.Spectator)
			}
			continue
		}
		quit, err := l.ask(ctx, p.State.ToMove())
		if err != nil || quit {
			return err
		}
	}
	v := p.Viewer()
	l.showLog(v)
	l.showBoard(v)
	fmt.Fprintf(out, "\n=== %s\n", p.Result())
	return l.save()
}

// ask shows the seat its screen and reads one answer; quit reports q, the
// end of the input or an interrupt.
func (l *lines) ask(ctx context.Context, seat engine.Seat) (quit bool, err error) {
	w := l.out
	if l.interactive && l.Hotseat() && seat != l.shown {
		// Privacy between seats: clear the screen and wait for the next player.
		fmt.Fprintf(w, "\033[2J\033[H%s to choose: pass the keyboard, then press Enter.\n", l.Name(seat))
		if quit, err := l.wait(ctx); quit || err != nil {
			return quit, err
		}
		fmt.Fprint(w, "\033[2J\033[H")
	}
	l.shown = seat
	l.showLog(seat)
	l.showBoard(seat)
	choices := engine.Choices(l.State)
	fmt.Fprintf(w, "--- %s to choose (choice %d):\n", l.Name(seat), len(l.Rec.Choices)+1)
	if p, ok := prompt(l.State, seat); ok {
		fmt.Fprintf(w, "%s\n", p)
	}
	for i, c := range choices {
		fmt.Fprintf(w, "%3d. %s  [%s]  %s\n", i+1, c.Label, c.Rule, c.ID)
	}
	var clock <-chan time.Time
	limit, timeout, running := l.Clock()
	if running {
		clock = time.After(limit)
		fmt.Fprintf(w, "(you have %v to choose)\n", limit)
	}
	for {
		fmt.Fprintf(w, "%s> ", l.Name(seat))
		var line string
		select {
		case s, ok := <-l.in:
			if !ok {
				fmt.Fprintln(w, "\ninput ended")
				return true, l.save()
			}
			line = strings.TrimSpace(s)
		case <-clock:
			fmt.Fprintf(w, "\ntime is up: %s\n", l.State.Describe(timeout).Label)
			return false, l.Apply(timeout, true)
		case <-ctx.Done():
			fmt.Fprintln(w, "\ninterrupted")
			return true, l.save()
		}
		switch line {
		case "":
			continue
		case "q", "quit":
			return true, l.save()
		case "h", "help", "?":
			fmt.Fprintln(w, "Type the number of a choice or its id. u: undo your last choice (until dice or chits are drawn or the move passes). resign: give up. draw: offer a draw. hint (with --hints): the bot's suggested choice. q or Ctrl-C: quit and save the record.")
			continue
		case "hint":
			h, err := l.Hint(ctx, l.State.Clone())
			if err != nil {
				fmt.Fprintf(w, "no hint: %v\n", err)
			} else {
				fmt.Fprintf(w, "%s (%s)\n", h, h.Choice.ID)
			}
			continue
		case "resign", "draw":
			if l.endByPlayers(seat, line) {
				return false, nil
			}
			continue
		case "u", "undo":
			undone, err := l.Undo()
			if err != nil {
				fmt.Fprintf(w, "cannot undo: %v\n", err)
				continue
			}
			l.forget()
			fmt.Fprintf(w, "took back %s\n", undone)
			return false, nil
		}
		a, ok := pick(l.State, choices, line)
		if !ok {
			fmt.Fprintf(w, "%q is neither a number from 1 to %d nor a choice id; h for help\n", line, len(choices))
			continue
		}
		return false, l.Apply(a, true)
	}
}

// wait reads one line (the next player is ready); quit on q, the end of
// the input or an interrupt.
func (l *lines) wait(ctx context.Context) (quit bool, err error) {
	select {
	case s, ok := <-l.in:
		if ok && strings.TrimSpace(s) != "q" {
			return false, nil
		}
	case <-ctx.Done():
	}
	return true, l.save()
}

// forget trims what each seat has seen to the log an undo left.
func (l *lines) forget() {
	for st, n := range l.seen {
		l.seen[st] = min(n, l.LogLen(st))
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

// showLog prints the log lines seat has not seen yet.
func (l *lines) showLog(seat engine.Seat) {
	n := l.LogLen(seat)
	for _, e := range l.Log(seat, l.seen[seat], n) {
		fmt.Fprintf(l.out, "  t%d [%s] %s\n", e.Turn, e.Rule, e.Text)
	}
	l.seen[seat] = n
}

func (l *lines) showBoard(seat engine.Seat) {
	if b := l.Board(seat); b != "" {
		fmt.Fprintf(l.out, "\n%s", b)
	}
}

func (l *lines) save() error {
	msg, err := l.Save()
	if err != nil {
		return err
	}
	fmt.Fprintln(l.out, msg)
	return nil
}
