package play

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games"
	"sandtable/games/soa"
)

// newSession starts a Storm Over Arnhem game with the given players.
func newSession(t *testing.T, seed uint64, opts map[string]string, players map[engine.Seat]string) *Session {
	t.Helper()
	g, err := games.Get("soa")
	if err != nil {
		t.Fatal(err)
	}
	resolved, err := engine.ResolveOptions(g, opts)
	if err != nil {
		t.Fatal(err)
	}
	rec := engine.NewRecord(g)
	rec.Scenario, rec.Options, rec.Seed = g.Scenarios()[0].ID, resolved, seed
	s, err := engine.Start(g, rec)
	if err != nil {
		t.Fatal(err)
	}
	p := &Session{Game: g, Rec: rec, State: s, Path: filepath.Join(t.TempDir(), "game.json")}
	if err := p.Seat(players); err != nil {
		t.Fatal(err)
	}
	return p
}

var (
	hotseat  = map[engine.Seat]string{"german": Person, "british": Person}
	vsBot    = map[engine.Seat]string{"german": "random", "british": Person}
	britSize = tea.WindowSizeMsg{Width: 160, Height: 50}
)

// start makes the model of p, sizes its window and lets it settle.
func start(t *testing.T, p *Session, size tea.WindowSizeMsg) *model {
	t.Helper()
	m := newModel(p)
	settle(m, m.Init())
	m.Update(size)
	return m
}

// settle runs the commands an update returned, feeding bots' choices back,
// until none is left; a clock tick is left alone (the tests send their own).
func settle(m *model, cmd tea.Cmd) tea.Msg {
	for cmd != nil {
		ch := make(chan tea.Msg, 1)
		go func() { ch <- cmd() }()
		select {
		case msg := <-ch:
			if _, ok := msg.(botMsg); !ok {
				return msg
			}
			_, cmd = m.Update(msg)
		case <-time.After(300 * time.Millisecond):
			return nil
		}
	}
	return nil
}

// press sends keys: names like "enter", "ctrl+c", "down", or text typed rune by rune.
func press(m *model, keys ...string) tea.Msg {
	named := map[string]tea.KeyType{"enter": tea.KeyEnter, "ctrl+c": tea.KeyCtrlC, "esc": tea.KeyEsc, "tab": tea.KeyTab,
		"up": tea.KeyUp, "down": tea.KeyDown, "backspace": tea.KeyBackspace,
		"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd}
	var last tea.Msg
	for _, k := range keys {
		if t, ok := named[k]; ok {
			_, cmd := m.Update(tea.KeyMsg{Type: t})
			last = settle(m, cmd)
			continue
		}
		for _, r := range k {
			_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			last = settle(m, cmd)
		}
	}
	return last
}

// mustHideBoard checks a screen that hides the board and says what it must.
func mustHideBoard(t *testing.T, screen string, want ...string) {
	t.Helper()
	mustContain(t, screen, want...)
	if strings.Contains(screen, "Map") || strings.Contains(screen, "→") {
		t.Fatalf("the screen shows the board:\n%s", screen)
	}
}

func mustContain(t *testing.T, screen string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(screen, w) {
			t.Errorf("the screen lacks %q:\n%s", w, screen)
		}
	}
}

// The screen holds the map (with the game's text: full names, neighbours),
// the log, the dice and the numbered choices.
func TestScreenShowsMapLogDiceAndChoices(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	mustContain(t, m.View(), "Map, as British sees it", "╭─ Log", "╭─ Dice", "British to choose · 14 choices", // 12 areas, the historical and the random set-up
		"▶  1. Place 1st Para Bde HQ in 2 Rijnkade block, west part", "12. Place 1st Para Bde HQ in 23 Villa Nijenburg – Rode School",
		" 2 Rijnkade block, west part [perimeter] → ")
	for _, l := range strings.Split(m.View(), "\n") {
		if w := len([]rune(l)); w > britSize.Width {
			t.Errorf("a line of %d cells in a window of %d: %q", w, britSize.Width, l)
		}
	}
	// A narrow window stacks the log and the dice under the map, each under
	// a title rule, down to 80×24.
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	mustContain(t, m.View(), "Map, as British sees it", "── Log", "── Dice", "British to choose")
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	v := m.View()
	mustContain(t, v, "Map, as British sees it", "── Log", "── Dice", "British to choose")
	if n := strings.Count(v, "\n") + 1; n != 24 {
		t.Errorf("the screen has %d lines for a window of 24", n)
	}
	// The map scrolls to the place the highlighted choice names.
	const villa = "23 Villa Nijenburg – Rode School [british 3VP] →"
	if strings.Contains(v, villa) {
		t.Fatal("the small map shows area 23 before it is named")
	}
	press(m, "12")
	mustContain(t, m.View(), villa)
}

func TestScreenTakesNumbersSearchAndUndo(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	first := engine.Choices(p.State)
	m := start(t, p, britSize)
	press(m, "12")
	mustContain(t, m.View(), "> 12  Enter takes "+first[11].Label)
	press(m, "enter")
	if got := p.Rec.Choices; len(got) != 1 || got[0] != first[11].ID {
		t.Fatalf("after 12 Enter the record holds %v, want [%s]", got, first[11].ID)
	}
	press(m, "u")
	if len(p.Rec.Choices) != 0 || !strings.Contains(m.note, "took back "+first[11].ID) {
		t.Fatalf("undo left %v, note %q", p.Rec.Choices, m.note)
	}
	// Keys typed quickly arrive as one message: "99" is 9 then 9.
	m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("99")})
	press(m, "enter")
	if len(p.Rec.Choices) != 0 || m.note != fmt.Sprintf("99 is not a choice: type a number from 1 to %d", len(first)) {
		t.Fatalf("99 took %v, note %q", p.Rec.Choices, m.note)
	}
	// Search: "q" is text here, not quit; Enter takes the first match.
	press(m, "/", "prinsenhof")
	mustContain(t, m.View(), "1 match \"prinsenhof\"", "▶ 11. Place 1st Para Bde HQ in 22 Prinsenhof")
	press(m, "enter")
	if got := p.Rec.Choices; len(got) != 1 || got[0] != first[10].ID {
		t.Fatalf("the search took %v, want [%s]", got, first[10].ID)
	}
	// The search stays while it finds choices: the next unit goes there too.
	next := engine.Choices(p.State)
	press(m, "enter")
	if got := p.Rec.Choices; len(got) != 2 || got[1] != next[10].ID {
		t.Fatalf("Enter after a search took %v, want %s second", got, next[10].ID)
	}
	// Esc clears it; the highlight moves with the arrows.
	next = engine.Choices(p.State)
	press(m, "esc", "down", "down", "enter")
	if got := p.Rec.Choices; len(got) != 3 || got[2] != next[2].ID {
		t.Fatalf("down down Enter took %v, want %s third", got, next[2].ID)
	}
}

// Ctrl-C and q leave the screen (Screen then saves); in a search q is a letter.
func TestScreenQuitKeys(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	for _, k := range []string{"ctrl+c", "q"} {
		if _, ok := press(m, k).(tea.QuitMsg); !ok {
			t.Errorf("%s does not quit", k)
		}
	}
	press(m, "/")
	if msg := press(m, "q"); msg != nil || m.filter != "q" {
		t.Errorf("q in a search gave %v, filter %q", msg, m.filter)
	}
}

// soa:5.5 and the privacy pause: in hotseat the board is hidden between the
// seats until the next player presses Enter.
func TestScreenHotseatPausesBetweenSeats(t *testing.T) {
	p := newSession(t, 1, nil, hotseat)
	m := start(t, p, britSize)
	mustContain(t, m.View(), "British to choose", "The board is hidden")
	press(m, "1")
	if len(p.Rec.Choices) != 0 || strings.Contains(m.View(), "Map") {
		t.Fatal("a key other than Enter left the privacy screen")
	}
	press(m, "enter")
	mustContain(t, m.View(), "Map, as British sees it")
	british := 0
	var names []string
	for _, u := range soa.MustLoad().Units() {
		if u.Side == "british" && u.Pool == "" && u.Type != soa.Artillery {
			british++
			names = append(names, u.Name)
		}
	}
	for i := 0; i < british; i++ {
		press(m, "enter")
	}
	if m.pause != "german" {
		t.Fatalf("after the British set-up the screen waits for %q, want german", m.pause)
	}
	mustHideBoard(t, m.View(), "German to choose", "The board is hidden")
	press(m, "enter")
	v := m.View()
	mustContain(t, v, "Map, as German sees it")
	for _, n := range names {
		if strings.Contains(v, n) {
			t.Fatalf("the German player sees %s before the set-ups are revealed", n)
		}
	}
}

// toTheClock takes the first choices until a person's reaction clock runs.
func toTheClock(t *testing.T, p *Session) {
	t.Helper()
	for {
		if _, _, ok := p.Clock(); ok {
			return
		}
		if err := p.Apply(p.State.Legal(nil)[0], true); err != nil {
			t.Fatal(err)
		}
	}
}

// soa:8.17: a player who does not declare his impulse in time passes. The
// clock starts when the player has the screen, and a stale tick does nothing.
func TestScreenReactionClock(t *testing.T) {
	p := newSession(t, 2, map[string]string{"reaction": "10"}, hotseat)
	toTheClock(t, p)
	m := start(t, p, britSize)
	if !m.deadline.IsZero() {
		t.Fatal("the clock runs behind the privacy screen")
	}
	press(m, "enter")
	mustContain(t, m.View(), "10s left")
	n, seat := len(p.Rec.Choices), p.State.ToMove()
	m.Update(tickMsg{m.clock, time.Now()})
	m.Update(tickMsg{m.clock - 1, m.deadline.Add(time.Second)})
	if len(p.Rec.Choices) != n {
		t.Fatal("a tick before the deadline, or of an old clock, made a choice")
	}
	_, cmd := m.Update(tickMsg{m.clock, m.deadline})
	settle(m, cmd)
	if len(p.Rec.Choices) != n+1 || p.Rec.Choices[n] != "pass" || m.note != string(seat)+"'s time ran out: Pass" {
		t.Fatalf("at the deadline: choices %v, note %q", p.Rec.Choices[n:], m.note)
	}
}

// Screen runs the program on any input: keys "1", Enter, then Ctrl-C save
// the record with the one choice.
func TestScreenSavesOnCtrlC(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	first := engine.Choices(p.State)[0].ID
	var out bytes.Buffer
	if err := Screen(context.Background(), p, strings.NewReader("1\r\x03"), &out); err != nil {
		t.Fatal(err)
	}
	rec := readRecord(t, p.Path)
	if len(rec.Choices) != 1 || rec.Choices[0] != first {
		t.Fatalf("saved %v, want [%s]", rec.Choices, first)
	}
	mustContain(t, out.String(), "record saved to "+p.Path+" (1 choice)")
}

// Line mode: an interrupt (Ctrl-C) while a person is asked saves the record.
func TestLinesSaveOnInterrupt(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	r, w := io.Pipe()
	defer w.Close()
	var out bytes.Buffer
	if err := Lines(ctx, p, r, &out, false); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "British> \ninterrupted\nrecord saved to "+p.Path+" (0 choices)")
	readRecord(t, p.Path)
}

// Line mode says what the step asks, as the game words it, above the
// choices: the British set up first, their brigade HQ first (soa:5.4).
func TestLinesShowThePrompt(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	var out bytes.Buffer
	if err := Lines(context.Background(), p, strings.NewReader("q\n"), &out, false); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "--- British to choose (choice 1):\nBritish set-up: choose the area for 1st Para Bde HQ (soa:5.4)\n  1. Place 1st Para Bde HQ in ")
}

// While a bot chooses, the choices pane says whom the game waits for and
// what they decide, as the game words it for the person's seat: the
// British bot sets up in secret (soa:5.5).
func TestScreenSaysWhomItWaitsFor(t *testing.T) {
	p := newSession(t, 3, nil, map[engine.Seat]string{"german": Person, "british": "random"})
	m := newModel(p)
	m.Init()
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	pn := stackedPanes(m.View())
	if got := strings.TrimSpace(strings.Join(pn["British is choosing"], " ")); got != "Waiting for the British: the secret set-up (soa:5.4)" {
		t.Errorf("while the bot sets up the choices pane reads %q", got)
	}
}

// Line mode at a terminal pauses between hotseat players; a pipe does not.
func TestLinesHotseatPauseOnlyAtATerminal(t *testing.T) {
	p := newSession(t, 1, nil, hotseat)
	var out bytes.Buffer
	if err := Lines(context.Background(), p, strings.NewReader("\n1\nq\n"), &out, true); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "\033[2J\033[HBritish to choose: pass the keyboard, then press Enter.")
	if len(p.Rec.Choices) != 1 {
		t.Fatalf("the Enter after the pause was taken as a choice: %v", p.Rec.Choices)
	}
	p = newSession(t, 1, nil, hotseat)
	out.Reset()
	if err := Lines(context.Background(), p, strings.NewReader("1\nq\n"), &out, false); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "pass the keyboard") || len(p.Rec.Choices) != 1 {
		t.Fatalf("a pipe paused, or lost its first answer: %v", p.Rec.Choices)
	}
}

func readRecord(t *testing.T, path string) *engine.Record {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, err := engine.DecodeRecord(b)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Long lines break at spaces, continuations indented past the line's own
// indent; a word wider than the pane is cut.
func TestWrap(t *testing.T) {
	got := wrap("     british: B Coy (-) 2 Para, 4 Pl, sections 1-3 4-7-5; 1st Para Bde HQ 2-8-5", 30)
	want := []string{
		"     british: B Coy (-) 2",
		"         Para, 4 Pl, sections",
		"         1-3 4-7-5; 1st Para",
		"         Bde HQ 2-8-5",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	got = wrap("t1 "+strings.Repeat("x", 40), 20)
	want = []string{"t1", "    xxxxxxxxxxxxxxxx", "    xxxxxxxxxxxxxxxx", "    xxxxxxxx"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// The status (the lines of the game's text before its first blank line)
// stays at the top of the map while the map scrolls.
func TestScreenKeepsTheStatusInSight(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, tea.WindowSizeMsg{Width: 100, Height: 40})
	press(m, "m", "pgdown", "pgdown")
	v := m.View()
	if m.mapTop == 0 {
		t.Fatal("PgDn did not scroll the whole map")
	}
	mustContain(t, v, "\nTurn 1 of 8, day | Set-up | to move: british")
	if strings.Contains(v, " 1 Rijnkade – Nijverheidsschool") {
		t.Errorf("the map did not scroll past area 1:\n%s", v)
	}
}

// quickClock is a game whose reaction clock (soa:8.17) runs for 50 ms.
type quickClock struct{ engine.State }

func (quickClock) ReactionTime() time.Duration { return 50 * time.Millisecond }
func (q quickClock) Timeout() (engine.Action, bool) {
	return q.State.(engine.Clocked).Timeout()
}

// Line mode: a person who does not answer in time gets the timeout choice.
func TestLinesReactionClock(t *testing.T) {
	p := newSession(t, 2, map[string]string{"reaction": "10"}, hotseat)
	toTheClock(t, p)
	p.State = quickClock{p.State}
	n, seat := len(p.Rec.Choices), p.State.ToMove()
	r, w := io.Pipe()
	defer w.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	var out bytes.Buffer
	if err := Lines(ctx, p, r, &out, false); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "(you have 50ms to choose)", p.Name(seat)+"> \ntime is up: Pass")
	if len(p.Rec.Choices) <= n || p.Rec.Choices[n] != "pass" {
		t.Fatalf("after the clock ran out the record goes on with %v, want pass", p.Rec.Choices[n:])
	}
}

// At the end the choices give way to the result, and the keys to leave.
func TestScreenGameOver(t *testing.T) {
	p := newSession(t, 9, nil, vsBot)
	for p.State.ToMove() != "" {
		a := p.State.Legal(nil)[0]
		if b := p.BotToMove(); b != nil {
			var err error
			if a, err = ai.Move(context.Background(), b, p.State); err != nil {
				t.Fatal(err)
			}
		}
		if err := p.Apply(a, p.BotToMove() == nil); err != nil {
			t.Fatal(err)
		}
	}
	m := start(t, p, britSize)
	mustContain(t, m.View(), fmt.Sprintf("game over after %d choices", len(p.Rec.Choices)), "╭─ Game over", "Game over after", "? help · l log · m map · Tab pane · ↑↓ scroll · q quit")
	if m.choices != nil {
		t.Error("choices offered after the end")
	}
}

// The set-up's choices for many units at once (the only ones of their
// kind) come first in the list, keeping their numbers; the highlight starts
// on choice 1.
func TestScreenListsSingleChoicesFirst(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	v := m.View()
	hist, random, first := strings.Index(v, " 13. Historical set-up"), strings.Index(v, " 14. Random legal set-up"), strings.Index(v, "▶  1. Place 1st Para Bde HQ")
	if hist < 0 || random < 0 || first < 0 || !(hist < random && random < first) {
		t.Fatalf("want 13 (historical), 14 (random), then the highlighted 1 at the top of the choices:\n%s", v)
	}
	press(m, "13")
	mustContain(t, m.View(), "▶ 13. Historical set-up")
	fresh := newSession(t, 3, nil, vsBot).State
	a, err := engine.Find(fresh, "setup-historical")
	if err != nil {
		t.Fatal(err)
	}
	want := fresh.(engine.Expander).Expand(a) // the record keeps its placements (engine.Apply)
	press(m, "enter")
	if got := p.Rec.Choices; len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Fatalf("13 Enter recorded %v, want the historical set-up's placements %v first", got, want)
	}
}

// The map scrolled to a place starts with a place's line, never inside the
// units of the one before.
func TestScreenMapStartsAtAPlace(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	press(m, "13", "enter") // the historical set-up: areas with several lines of units
	for _, size := range []tea.WindowSizeMsg{{Width: 80, Height: 24}, {Width: 100, Height: 30}, {Width: 120, Height: 36}} {
		m.Update(size)
		for _, n := range []string{"2", "7", "12"} {
			press(m, "esc", n)
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			i := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(strings.TrimPrefix(l, "│"), "TA: ") })
			if i < 0 {
				t.Fatalf("%dx%d: no status line TA:\n%s", size.Width, size.Height, m.View())
			}
			if next := strings.TrimPrefix(lines[i+1], "│"); strings.HasPrefix(next, "    ") {
				t.Errorf("%dx%d, choice %s highlighted: the map starts inside a place: %q", size.Width, size.Height, n, next)
			}
		}
	}
}

// The log pane starts with an entry ("t1 …"), never with the wrapped tail
// of one, which would read as a line of its own.
func TestScreenLogStartsWithAnEntry(t *testing.T) {
	p := newSession(t, 7, nil, hotseat)
	m := start(t, p, tea.WindowSizeMsg{Width: 120, Height: 40})
	press(m, "enter", "13", "enter", "enter", "10", "enter", "enter") // both historical set-ups (soa:5.4, soa:5.5)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for i, l := range lines {
		at := strings.Index(l, "╭─ Log")
		if at < 0 {
			continue
		}
		col := len([]rune(l[:at])) // the pane's column, the same on the next line
		first := string([]rune(lines[i+1])[col+1:])
		if !strings.HasPrefix(first, "t1 ") {
			t.Fatalf("the log pane starts with %q, not an entry:\n%s", first, m.View())
		}
		return
	}
	t.Fatalf("no log pane:\n%s", m.View())
}

// The help screen fits the common 80×24 terminal whole.
func TestScreenHelpFits80x24(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "?")
	v := m.View()
	lines := strings.Split(v, "\n")
	if len(lines) > 24 {
		t.Errorf("the help takes %d lines:\n%s", len(lines), v)
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > 80 {
			t.Errorf("a help line is %d cells wide: %q", ansi.StringWidth(l), ansi.Strip(l))
		}
	}
	mustContain(t, v, "q Ctrl-C   save the record and quit", "presses Enter.", "Any key returns to the game.")
}

// The window's rows are shared so that a long list of choices scrolls
// rather than pushing the log and the dice out. Worked by hand: at 80×24
// the body is 22 rows (the header and the footer take one each), 18 under
// the four titles: the dice 2, the choices max(5, 18/3) = 6, the log half of
// the 10 left, the map the other 5. From 110 columns the map stands beside
// the log (boxes): at 132×43 the choices take 41/3 = 13 lines and their
// box, the dice 26/3 = 8 capped at 7 rows, the log the other 19.
func TestLayout(t *testing.T) {
	for _, c := range []struct {
		w, h, want int
		l          layout
	}{
		{80, 24, 14, layout{mapH: 6, logH: 6, diceH: 3, choicesH: 7}},
		{80, 24, 2, layout{mapH: 8, logH: 8, diceH: 3, choicesH: 3}},   // few choices: the log and map grow
		{100, 30, 40, layout{mapH: 8, logH: 8, diceH: 3, choicesH: 9}}, // the choices take a third
		{80, 18, 14, layout{mapH: 4, logH: 4, diceH: 3, choicesH: 5}},  // the smallest window: 3 lines each but the dice
		{132, 43, 40, layout{wide: true, mapH: 26, logH: 19, diceH: 7, choicesH: 15}},
	} {
		if got := newLayout(c.w, c.h, c.want); got != c.l {
			t.Errorf("%dx%d with %d choices: %+v, want %+v", c.w, c.h, c.want, got, c.l)
		}
	}
}

// stackedPanes cuts a stacked screen into its panes by their title rules:
// the title's first words, then the lines under it (not the footer's).
func stackedPanes(screen string) map[string][]string {
	out := map[string][]string{}
	var cur string
	lines := strings.Split(ansi.Strip(screen), "\n")
	for _, l := range lines[1 : len(lines)-1] {
		if title, ok := strings.CutPrefix(l, "── "); ok {
			cur, _, _ = strings.Cut(title, " ·")
			cur = strings.TrimRight(cur, " ─")
			continue
		}
		out[cur] = append(out[cur], l)
	}
	return out
}

// At 80×24, with the 14 choices of an impulse, the screen holds the map's
// status, 5 log lines, the last roll, what the impulse asks and 5 choices,
// and fits the window.
func TestScreenAt80x24KeepsLogAndDice(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "13", "enter") // the historical set-up; the bot sets up, the turn's random event is rolled (soa:17.1)
	v := m.View()
	lines := strings.Split(v, "\n")
	if len(lines) != 24 {
		t.Errorf("the screen has %d lines for a window of 24", len(lines))
	}
	for _, l := range lines {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line of %d cells: %q", w, ansi.Strip(l))
		}
	}
	pn := stackedPanes(v)
	if len(m.choices) < 10 {
		t.Fatalf("%d choices: the test wants a long list", len(m.choices))
	}
	mustContain(t, strings.Join(pn["Map, as British sees it"], "\n"), "Turn 1 of 8, day | Movement/Fire Phase | to move: british")
	if log := pn["Log"]; len(log) != 5 || !strings.HasPrefix(log[4], "t1 ") {
		t.Errorf("the log shows %q, want its 5 newest lines", log)
	}
	mustContain(t, strings.Join(pn["Dice"], "\n"), "British rolls ")
	if got := pn["British to choose"]; len(got) != 6 || strings.TrimSpace(got[0]) != "Your impulse: choose an area to act from, call artillery, or pass (soa:8.11)" {
		t.Errorf("the choices take %d lines, want the impulse's prompt and 5 choices: %q", len(got), got)
	}
	mustContain(t, v, fmt.Sprintf("British to choose · %d choices · 1-5 shown, ↑↓ PgDn for more", len(m.choices)))
	// PgDn moves the highlight by a page, less one line kept in sight.
	press(m, "pgdown")
	mustContain(t, m.View(), fmt.Sprintf("%d. %s", m.order[4]+1, m.choices[m.order[4]].Label))
	if m.sel != 4 {
		t.Errorf("PgDn put the highlight on the %dth choice shown, want the 5th", m.sel+1)
	}
}

// l shows the log in the whole window, m the whole map with the empty
// places and the legend; the same key or Esc returns, Enter chooses nothing.
func TestScreenFullLogAndMap(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "13", "enter")
	const empty = " 1 Rijnkade – Nijverheidsschool →" // no unit there in the historical set-up
	if strings.Contains(m.View(), empty) {
		t.Fatal("the map shows an empty place before m")
	}
	press(m, "l")
	pn := stackedPanes(m.View())
	if log := pn["Log"]; len(log) != 21 {
		t.Errorf("the full log shows %d lines, want 21 (24 less the header, its title and the footer)", len(log))
	}
	n := len(p.Rec.Choices)
	press(m, "enter", "m")
	if len(p.Rec.Choices) != n || !m.full || m.focus != paneMap {
		t.Fatalf("Enter in the full log chose or m did not show the map: %d choices, full %v", len(p.Rec.Choices)-n, m.full)
	}
	press(m, "end")
	mustContain(t, m.View(), "legend: [british 2VP]", "\n[perimeter] British perimeter")
	press(m, "home")
	mustContain(t, m.View(), empty)
	press(m, "esc")
	if m.full || strings.Contains(m.View(), empty) {
		t.Error("Esc did not return to the game's map")
	}
}

// The dice pane shows whole rolls: a fire's AV and DV lines (soa:8.351,
// soa:8.352), never the wrapped tail of an older one above them; under the
// reroll offer (soa:8.41) the map shows the target.
func TestScreenDiceShowsWholeRolls(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24})
	press(m, "13", "enter", "/Nieuwe Kade, east", "enter", "esc", "/Fire", "enter", "esc", "1", "enter") // fire from 20 at 14
	press(m, "/With", "enter", "enter", "enter", "esc", "/ready", "enter")
	v := m.View()
	mustContain(t, v, "| Movement/Fire Phase |", "── Dice", "\nKeep this fire roll, or reroll it with the Tactical Advantage (soa:8.41) ")
	dice := stackedPanes(v)["Dice"]
	if len(dice) != 2 || !strings.Contains(dice[0], ": AV ") || !strings.Contains(dice[1], ": DV ") {
		t.Fatalf("at 80x24 the dice show %q, want the fire's AV and DV rolls", dice)
	}
	// No choice of the reroll names a place: the map shows the one the log
	// named last, the target, even on a screen opened just now (--resume).
	mustContain(t, start(t, p, tea.WindowSizeMsg{Width: 80, Height: 24}).View(), "\n14 Westervoortsedijk riverbank →")
	// 50 columns wrap the AV line (64 cells) in two, not the DV line (50):
	// the pane's 2 rows hold the DV roll alone.
	m.Update(tea.WindowSizeMsg{Width: 50, Height: 24})
	v = m.View()
	for _, l := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(l); w > 50 {
			t.Errorf("a line of %d cells in 50: %q", w, ansi.Strip(l))
		}
	}
	dice = stackedPanes(v)["Dice"]
	if len(dice) != 2 || !strings.HasPrefix(dice[0], "t1 fire at 14: DV") || strings.TrimSpace(dice[1]) != "" {
		t.Fatalf("at 50x24 the dice show %q, want the DV roll and nothing of the AV roll's tail", dice)
	}
}

// Every screen fits the smallest window the layout allows, 50×18, and
// the common 80×24: the game, the privacy pause, the resignation's
// question, the help.
func TestScreensFitSmallWindows(t *testing.T) {
	for _, size := range []tea.WindowSizeMsg{{Width: minW, Height: minH}, {Width: 80, Height: 24}} {
		p := newSession(t, 3, nil, hotseat)
		m := start(t, p, size)
		screens := map[string]string{"privacy": m.View()}
		press(m, "enter")
		screens["game"] = m.View()
		press(m, "R")
		screens["resign"] = m.View()
		press(m, "n", "?")
		screens["help"] = m.View()
		for name, v := range screens {
			lines := strings.Split(v, "\n")
			if len(lines) > size.Height {
				t.Errorf("%dx%d: the %s screen has %d lines", size.Width, size.Height, name, len(lines))
			}
			for _, l := range lines {
				if w := ansi.StringWidth(l); w > size.Width {
					t.Errorf("%dx%d: a line of the %s screen is %d cells: %q", size.Width, size.Height, name, w, ansi.Strip(l))
				}
			}
		}
		mustContain(t, ansi.Strip(screens["privacy"]), "British to choose")
		mustContain(t, ansi.Strip(screens["resign"]), "Resign as British?")
	}
}

// In a game with hints, h asks the hint bot for the person's move: the
// status shows its choice and the highlight moves to it; the record notes
// the game as a study. Without hints, h is the help.
func TestScreenHintKey(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	m := start(t, p, britSize)
	press(m, "h")
	if !m.help {
		t.Fatal("h in a game without hints does not show the help")
	}
	press(m, "h") // any key returns

	p = newSession(t, 3, nil, vsBot)
	p.Rec.Hints, p.HintBot = true, "random"
	m = start(t, p, britSize)
	if !strings.Contains(m.View(), "study") {
		t.Errorf("the header of a game with hints does not say it is a study:\n%s", m.View())
	}
	msg, ok := press(m, "h").(hintMsg)
	if !ok || msg.err != nil {
		t.Fatalf("h gave %#v, want the hint bot's answer", msg)
	}
	if !slices.Contains(m.acts, msg.h.Action) {
		t.Fatalf("the hint %v is not one of the British choices", msg.h.Choice)
	}
	m.Update(msg)
	if m.help || m.acts[m.visible()[m.sel]] != msg.h.Action {
		t.Fatalf("after the hint the highlight is on %v, want %v", m.choices[m.visible()[m.sel]], msg.h.Choice)
	}
	mustContain(t, m.View(), "hint (random): "+msg.h.Choice.Label)
	want := msg.h.Choice.ID // or, for a set-up at once, its first placement (engine.Expander)
	if ids := p.State.(engine.Expander).Expand(msg.h.Action); ids != nil {
		want = ids[0]
	}
	press(m, "enter")
	if got := p.Rec.Choices[0]; got != want {
		t.Fatalf("Enter after the hint (%s) recorded %s, want %s", msg.h.Choice.ID, got, want)
	}
	if _, err := p.Save(); err != nil {
		t.Fatal(err)
	}
	if rec := readRecord(t, p.Path); !rec.Hints || !rec.Study() {
		t.Fatalf("the record of a game with hints: hints %v, study %v", rec.Hints, rec.Study())
	}
}

// A hint that comes after the game has moved on is not shown.
func TestScreenStaleHint(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	p.Rec.Hints, p.HintBot = true, "random"
	m := start(t, p, britSize)
	msg := press(m, "h").(hintMsg)
	press(m, "enter")
	m.Update(msg)
	if strings.Contains(m.View(), "hint (random)") {
		t.Fatalf("a hint for a position the game has left is shown:\n%s", m.View())
	}
}

// In line mode, hint prints the hint bot's suggestion, one of the choices,
// in a game with hints; in another it says how to have them.
func TestLinesHint(t *testing.T) {
	p := newSession(t, 3, nil, vsBot)
	var out bytes.Buffer
	if err := Lines(context.Background(), p, strings.NewReader("hint\nq\n"), &out, false); err != nil {
		t.Fatal(err)
	}
	mustContain(t, out.String(), "no hint: this game has no hints; start it with --hints")

	p = newSession(t, 3, nil, vsBot)
	p.Rec.Hints, p.HintBot = true, "random"
	out.Reset()
	if err := Lines(context.Background(), p, strings.NewReader("hint\nq\n"), &out, false); err != nil {
		t.Fatal(err)
	}
	_, line, ok := strings.Cut(out.String(), "hint (random): ")
	if !ok {
		t.Fatalf("no hint in:\n%s", out.String())
	}
	line, _, _ = strings.Cut(line, "\n")
	found := false
	for _, c := range engine.Choices(p.State) {
		found = found || line == c.Label+" ("+c.ID+")"
	}
	if !found {
		t.Fatalf("the hint %q is not one of the British choices", line)
	}
}

// A bot's choice against a person shows no sooner than botPace after it
// was asked, however fast the bot (random) chose; its set-up is not paced.
func TestScreenPacesBotChoices(t *testing.T) {
	p := newSession(t, 5, nil, vsBot)
	pick := engine.NewRNG(9)
	setup := func() bool { su, ok := p.State.(engine.SettingUp); return ok && su.SettingUp() }
	for p.State.ToMove() != "german" || setup() {
		legal := p.State.Legal(nil)
		if err := p.Apply(legal[pick.Intn(len(legal))], true); err != nil {
			t.Fatal(err)
		}
	}
	m := newModel(p)
	cmd := m.Init()
	start := time.Now()
	msg := cmd()
	if _, ok := msg.(botMsg); !ok {
		t.Fatalf("the model's first command gave %T, want the bot's choice", msg)
	}
	if d := time.Since(start); d < botPace {
		t.Fatalf("the bot's choice came after %v, want at least %v", d, botPace)
	}
}
