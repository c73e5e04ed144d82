package main

import (
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
)

// progress is a bar on a terminal; elsewhere nothing, or with a logger a
// line for each tenth of the games done.
type progress struct {
	w        io.Writer
	n, done  int
	terminal bool
	log      *slog.Logger
}

func newProgress(w io.Writer, n int) *progress {
	p := &progress{w: w, n: n}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			p.terminal = true
		}
	}
	return p
}

func (p *progress) step() {
	p.done++
	if !p.terminal {
		if p.log != nil && p.done*10/p.n > (p.done-1)*10/p.n {
			p.log.Info("progress", "games", p.done, "of", p.n)
		}
		return
	}
	const width = 40
	k := p.done * width / p.n
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d games", strings.Repeat("#", k), strings.Repeat(" ", width-k), p.done, p.n)
}

func (p *progress) finish() {
	if p.terminal {
		fmt.Fprintln(p.w)
	}
}
