package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tmux drives a real terminal for the full-screen client: a private tmux
// server (its socket in the test's folder) that the test stops at the end.
// ./test.sh installs tmux.
type tmux struct {
	t      *testing.T
	socket string
}

func newTmux(t *testing.T, width, height int, command string) *tmux {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Fatal("tmux is missing: ./test.sh installs it (apt-get install tmux)")
	}
	x := &tmux{t: t, socket: filepath.Join(t.TempDir(), "tmux")}
	x.run("new-session", "-d", "-x", fmt.Sprint(width), "-y", fmt.Sprint(height), command)
	t.Cleanup(func() { exec.Command("tmux", "-S", x.socket, "kill-server").Run() })
	return x
}

func (x *tmux) run(args ...string) string {
	x.t.Helper()
	out, err := exec.Command("tmux", append([]string{"-S", x.socket}, args...)...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// keys types into the terminal: tmux key names ("Enter", "C-c") or text.
func (x *tmux) keys(keys ...string) { x.run(append([]string{"send-keys"}, keys...)...) }

// waitFor returns the screen once it shows want, failing after 15 s.
func (x *tmux) waitFor(want string) string {
	x.t.Helper()
	var screen string
	for end := time.Now().Add(15 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if screen = x.run("capture-pane", "-p"); strings.Contains(screen, want) {
			return screen
		}
	}
	x.t.Fatalf("the terminal never showed %q:\n%s", want, screen)
	return ""
}

// On a terminal play takes the whole window; keys choose, R resigns, and
// Ctrl-C leaves and saves the record like q.
func TestPlayFullScreenInTmux(t *testing.T) {
	dir := t.TempDir()
	recPath := filepath.Join(dir, "game.json")
	legal := decode[legalDoc](t, must(t, must(t, "", "new", "--game", "soa", "--seed", "3"), "legal", "-"))
	x := newTmux(t, 120, 40, fmt.Sprintf("env SANDTABLE_CHILD_ARGS='play soa --seat british --seed 3 --record %s' '%s'; echo EXIT=$?; sleep 60", recPath, os.Args[0]))
	screen := x.waitFor("British to choose · 14 choices") // 12 areas, the historical and the random set-up
	for _, want := range []string{"Map, as British sees it", "╭─ Log", "╭─ Dice", "q quit"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	x.keys("1", "2")
	x.waitFor("> 12  Enter takes " + legal.Choices[11].Label)
	x.keys("Enter")
	x.waitFor("British to choose · choice 2")
	x.keys("R")
	x.waitFor("Resign as British?")
	x.keys("y")
	x.waitFor("The british side resigns")
	x.keys("C-c")
	screen = x.waitFor("EXIT=")
	if !strings.Contains(screen, "record saved to "+recPath+" (1 choice, then #resign:british)") || !strings.Contains(screen, "EXIT=0") {
		t.Fatalf("Ctrl-C did not save and leave:\n%s", screen)
	}
	if got := readChoices(t, recPath); len(got) != 2 || got[0] != legal.Choices[11].ID || got[1] != "#resign:british" {
		t.Fatalf("saved %v, want [%s #resign:british]", got, legal.Choices[11].ID)
	}
}

// At the common 80×24 a long list of choices scrolls: the log keeps at least
// 5 lines and the last roll stays in sight, in a real terminal.
func TestPlayFullScreenAt80x24InTmux(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "game.json")
	x := newTmux(t, 80, 24, fmt.Sprintf("env SANDTABLE_CHILD_ARGS='play soa --seat british --seed 3 --record %s' '%s'; sleep 60", recPath, os.Args[0]))
	x.waitFor("British to choose · 14 choices")
	x.keys("1", "3", "Enter") // the historical set-up; the bot sets up, then turn 1's random event is rolled (soa:17.1)
	screen := x.waitFor("| Movement/Fire Phase |")
	lines := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(lines) > 24 {
		t.Fatalf("%d lines in a terminal of 24:\n%s", len(lines), screen)
	}
	pane := func(title string) []string {
		var out []string
		in := false
		for _, l := range lines[1 : len(lines)-1] { // not the header and the footer
			if strings.HasPrefix(l, "── ") {
				in = strings.HasPrefix(l, "── "+title)
				continue
			}
			if in && strings.TrimSpace(l) != "" {
				out = append(out, l)
			}
		}
		return out
	}
	if log := pane("Log"); len(log) < 5 {
		t.Errorf("the log shows %d lines, want 5 at least:\n%s", len(log), screen)
	}
	if dice := pane("Dice"); len(dice) == 0 || !strings.Contains(strings.Join(dice, "\n"), "British rolls ") {
		t.Errorf("the dice pane lacks the event roll:\n%s", screen)
	}
	if choices := pane("British to choose"); len(choices) != 6 || !strings.HasPrefix(choices[0], "Your impulse: ") || !strings.Contains(screen, "· 1-5 shown, ↑↓ PgDn for more") {
		t.Errorf("the choices take %d lines, want the impulse's prompt and 5 of a longer list that scrolls:\n%s", len(choices), screen)
	}
	x.keys("l")
	screen = x.waitFor("Log · l back")
	lines = strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if log := pane("Log"); len(log) < 20 {
		t.Errorf("l shows %d log lines, want the whole window's:\n%s", len(log), screen)
	}
}
