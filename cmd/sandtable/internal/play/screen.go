package play

import (
	"context"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"sandtable/ai"
	"sandtable/engine"
)

// Screen plays the session full-screen until the person leaves (q, Ctrl-C)
// or ctx is cancelled; the record is saved however it ends.
func Screen(ctx context.Context, p *Session, in io.Reader, out io.Writer) error {
	m := newModel(p)
	bots, stopBots := context.WithCancel(ctx)
	defer stopBots()
	m.botCtx = bots
	prog := tea.NewProgram(m, tea.WithContext(ctx), tea.WithInput(in), tea.WithOutput(out), tea.WithAltScreen())
	_, err := prog.Run()
	stopBots() // a bot still thinking has nothing to choose for: the person left
	if err != nil && !errors.Is(err, tea.ErrInterrupted) && !errors.Is(err, tea.ErrProgramKilled) {
		return err
	}
	if p.State.ToMove() == "" {
		fmt.Fprintln(out, p.Result())
	}
	msg, err := p.Save()
	if err != nil {
		return errors.Join(m.err, err)
	}
	fmt.Fprintln(out, msg)
	return m.err // a bot's failure, after the record is safe
}

// spectatorPace is the pause before each bot choice when nobody plays, so
// that a spectator can follow the game.
const spectatorPace = 200 * time.Millisecond

// botPace is the least time a bot's choice takes to show when a person
// plays, however fast the bot thought (as serve's --bot-delay): a person
// sees each bot choice come, and cannot tell from an instant answer that
// the bot had only one choice (no hidden gun could fire, say: soa:13.8).
// A set-up is not paced: it is many choices nobody learns from.
const botPace = 400 * time.Millisecond

// The panes that Tab moves between; the arrows act on the focused one.
const (
	paneChoices = iota
	paneMap
	paneLog
	panes
)

// model is the full-screen client as a bubbletea model: messages in
// (keys, the window size, a bot's choice, the clock's tick), View out.
type model struct {
	p    *Session
	w, h int

	choices []engine.Choice // of the person to move; nil while a bot moves or after the end
	acts    []engine.Action
	order   []int  // the choices' indices in the order the pane lists them
	sel     int    // the highlighted choice, an index into visible()
	typed   string // digits typed: a choice number
	filter  string // "/" search in the choices' labels and ids
	search  bool   // typing into filter

	focus   int
	full    bool       // the focused pane (the map or the log) fills the window
	page    [panes]int // each pane's rows as last drawn: PgUp and PgDn move by a page
	mapTop  int        // first map line shown
	logBack int        // log lines scrolled back from the newest
	seen    map[engine.Seat]int
	note    string // what just happened, or what was wrong

	pause engine.Seat // hotseat: the board is hidden until this seat is ready
	shown engine.Seat // the seat whose screen was shown last

	clock    int // generation of the reaction clock; a tick of another is stale
	deadline time.Time
	timeout  engine.Action
	thinking bool
	hinting  bool // the hint bot thinks
	// botCtx ends when the screen does; stopBot stops the bot thinking now,
	// when the game changes under it (a resignation). thinkMu lets
	// one bot think at a time: a stopped one may not have returned yet, and
	// a bot may keep its search tree between its choices.
	botCtx  context.Context
	stopBot context.CancelFunc
	thinkMu sync.Mutex
	help    bool
	err     error

	resigning engine.Seat   // R was pressed: y resigns this seat
	offer     engine.Seat   // the seat whose draw offer is being answered
	answering []engine.Seat // the seats still to answer it, the first now

	seatNames map[string]*regexp.Regexp // the seats' names as words, to colour them
}

// botMsg is a bot's choice, made for the state of clock generation gen.
type botMsg struct {
	a   engine.Action
	gen int
	err error
}

// hintMsg is the hint bot's answer for the state of clock generation gen.
type hintMsg struct {
	h   Hint
	gen int
	err error
}

// tickMsg is a second of the reaction clock of generation gen.
type tickMsg struct {
	gen int
	at  time.Time
}

func newModel(p *Session) *model {
	return &model{p: p, seen: map[engine.Seat]int{}, botCtx: context.Background(), seatNames: map[string]*regexp.Regexp{}}
}

func (m *model) Init() tea.Cmd { return m.advance() }

// advance sets the screen up for whoever is to move now: a bot starts
// choosing, a person gets the choices (after the privacy pause in hotseat)
// and the clock starts.
func (m *model) advance() tea.Cmd {
	m.clock++
	if m.stopBot != nil {
		m.stopBot()
		m.stopBot = nil
	}
	m.deadline = time.Time{}
	m.choices, m.acts, m.order, m.sel, m.typed, m.search = nil, nil, nil, 0, "", false
	s := m.p.State
	if s.ToMove() == "" {
		m.thinking, m.resigning, m.pause = false, "", ""
		return nil
	}
	if b := m.p.BotToMove(); b != nil {
		m.thinking = true
		clone, gen := s.Clone(), m.clock
		pace := botPace
		if len(m.p.Humans) == 0 {
			pace = spectatorPace
		} else if su, ok := s.(engine.SettingUp); ok && su.SettingUp() {
			pace = 0
		}
		ctx, stop := context.WithCancel(m.botCtx)
		m.stopBot = stop
		return func() tea.Msg {
			defer stop()
			due := time.Now().Add(pace)
			a, err := m.botThink(ctx, b, clone)
			select {
			case <-time.After(time.Until(due)):
			case <-ctx.Done():
				return botMsg{gen: gen, err: ctx.Err()}
			}
			return botMsg{a, gen, err}
		}
	}
	m.thinking = false
	m.acts = s.Legal(nil)
	m.choices = make([]engine.Choice, len(m.acts))
	for i, a := range m.acts {
		m.choices[i] = s.Describe(a)
	}
	m.order = order(m.choices)
	if len(m.visible()) == 0 {
		m.filter = "" // a search stays while it finds something (a set-up area, say)
	}
	m.sel = m.home()
	if seat := s.ToMove(); m.p.Hotseat() && seat != m.shown {
		m.pause, m.full, m.focus = seat, false, paneChoices
		return nil
	}
	return m.startClock()
}

// botThink asks b for its choice in s, one bot thinking at a time.
func (m *model) botThink(ctx context.Context, b ai.Bot, s engine.State) (engine.Action, error) {
	m.thinkMu.Lock()
	defer m.thinkMu.Unlock()
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	return ai.Move(ctx, b, s)
}

// startClock runs the reaction clock (e.g. soa:8.17) if the game has one
// now; in hotseat it starts only once the player has the screen.
func (m *model) startClock() tea.Cmd {
	limit, a, ok := m.p.Clock()
	if !ok {
		return nil
	}
	m.deadline, m.timeout = time.Now().Add(limit), a
	return m.tick()
}

func (m *model) tick() tea.Cmd {
	gen := m.clock
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg{gen, t} })
}

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case botMsg:
		if msg.gen != m.clock {
			return m, nil // the game moved on without it
		}
		if msg.err == nil {
			msg.err = m.p.Apply(msg.a, false)
		}
		if msg.err != nil {
			m.err = msg.err
			return m, tea.Quit
		}
		return m, m.advance()
	case hintMsg:
		m.hinting = false
		m.showHint(msg)
	case tickMsg:
		if msg.gen != m.clock || m.deadline.IsZero() {
			return m, nil
		}
		if msg.at.Before(m.deadline) {
			return m, m.tick()
		}
		seat, label := m.p.State.ToMove(), m.p.State.Describe(m.timeout).Label
		return m, m.choose(m.timeout, fmt.Sprintf("%s's time ran out: %s", seat, label))
	case tea.KeyMsg:
		return m, m.key(msg)
	}
	return m, nil
}

// key handles one key press.
func (m *model) key(k tea.KeyMsg) tea.Cmd {
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 {
		// Keys typed quickly (or pasted) arrive together: "10" is 1 then 0.
		var cmds []tea.Cmd
		for _, r := range k.Runes {
			cmds = append(cmds, m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}))
		}
		return tea.Sequence(cmds...)
	}
	key := k.String()
	if key == "ctrl+c" || key == "q" && !m.search {
		return tea.Quit
	}
	if m.offer != "" {
		return m.answerDraw(key)
	}
	if m.resigning != "" { // asked before a privacy pause that came since: a clock ran out
		return m.confirmResign(key)
	}
	if m.pause != "" {
		if key == "enter" || key == " " {
			m.shown, m.pause = m.pause, ""
			return m.startClock()
		}
		return nil
	}
	if m.help {
		m.help = false
		return nil
	}
	if m.full {
		switch key {
		case "l":
			m.zoom(paneLog)
		case "m":
			m.zoom(paneMap)
		case "esc", "enter": // Enter chooses nothing unseen
			m.zoom(paneChoices)
		case "?", "h":
			return m.helpOrHint(key)
		default:
			m.move(key)
		}
		return nil
	}
	if m.search {
		switch k.Type {
		case tea.KeyEsc:
			m.search, m.filter = false, ""
			m.sel = m.home()
		case tea.KeyEnter:
			return m.enter()
		case tea.KeyBackspace:
			if m.filter != "" {
				m.filter = m.filter[:len(m.filter)-1]
				m.sel = 0
			}
		case tea.KeyRunes, tea.KeySpace:
			m.filter += string(k.Runes)
			m.sel = 0
		default:
			m.move(key)
		}
		return nil
	}
	switch key {
	case "?", "h":
		return m.helpOrHint(key)
	case "tab":
		m.focus = (m.focus + 1) % panes
	case "shift+tab":
		m.focus = (m.focus + panes - 1) % panes
	case "l":
		m.zoom(paneLog)
	case "m":
		m.zoom(paneMap)
	case "/":
		if m.choices != nil {
			m.search, m.typed = true, ""
		}
	case "esc":
		m.typed, m.filter = "", ""
		m.sel = m.home()
	case "backspace":
		if m.typed != "" {
			m.typed = m.typed[:len(m.typed)-1]
		}
	case "enter":
		return m.enter()
	case "u":
		undone, err := m.p.Undo()
		if err != nil {
			m.note = "cannot undo: " + err.Error()
			return nil
		}
		for st, n := range m.seen {
			m.seen[st] = min(n, m.p.LogLen(st))
		}
		m.note = "took back " + undone
		return m.advance()
	case "R":
		m.resign()
	case "D":
		m.offerDraw()
	default:
		if len(key) == 1 && key[0] >= '0' && key[0] <= '9' && m.choices != nil {
			m.typed += key
			if n, _ := strconv.Atoi(m.typed); n >= 1 && n <= len(m.choices) {
				m.filter = ""
				m.sel = slices.Index(m.visible(), n-1)
			}
			return nil
		}
		m.move(key)
	}
	return nil
}

// helpOrHint: h asks for a hint in a game with hints; otherwise it, and
// ?, show the help.
func (m *model) helpOrHint(key string) tea.Cmd {
	if key == "?" || !m.p.Rec.Hints {
		m.help = true
		return nil
	}
	switch {
	case m.choices == nil:
		m.note = "a hint is for your own move"
		return nil
	case m.hinting:
		return nil
	}
	m.hinting, m.note = true, "the bot is thinking of a hint…"
	clone, gen, ctx := m.p.State.Clone(), m.clock, m.botCtx // quitting stops the hint bot too
	return func() tea.Msg {
		h, err := m.p.Hint(ctx, clone)
		return hintMsg{h, gen, err}
	}
}

// showHint puts a hint in the status line and the highlight on its
// choice, unless the game has moved on since it was asked for (the choice
// that moved it wrote its own note).
func (m *model) showHint(msg hintMsg) {
	switch {
	case msg.gen != m.clock || m.choices == nil: // an undo and another choice come back to the same length
	case msg.err != nil:
		m.note = "no hint: " + msg.err.Error()
	default:
		m.note = msg.h.String()
		m.filter, m.typed = "", ""
		m.sel = max(0, slices.Index(m.visible(), slices.Index(m.acts, msg.h.Action)))
	}
}

// zoom shows the log or the whole map in the whole window, or returns
// from it to the game (the pane shown already, or the choices).
func (m *model) zoom(pane int) {
	if pane == paneChoices || m.full && m.focus == pane {
		m.full, m.focus = false, paneChoices
	} else {
		m.full, m.focus = true, pane
	}
	m.mapTop = 0 // the whole map and the map of places with units are different lists
}

// move scrolls the focused pane, or moves the highlight among the choices.
func (m *model) move(key string) {
	page := max(1, m.page[m.focus]-1) // a line of the last page stays in sight
	step := map[string]int{"up": -1, "k": -1, "down": 1, "j": 1, "pgup": -page, "pgdown": page, "home": -1 << 20, "end": 1 << 20}[key]
	if step == 0 {
		return
	}
	switch m.focus {
	case paneChoices:
		m.typed = ""
		m.sel = max(0, min(len(m.visible())-1, m.sel+step))
	case paneMap:
		m.mapTop = max(0, m.mapTop+step)
	case paneLog:
		m.logBack = max(0, m.logBack-step)
	}
}

// order lists the indices of choices as the pane shows them: where a long
// run of one kind (its ID up to the first ":", such as placing units) would
// bury the choices that are the only ones of their kind (a set-up of every
// unit, passing), those come first, where they are found at once; a short
// list keeps the game's order. The numbers stay the game's.
func order(choices []engine.Choice) []int {
	kind := func(c engine.Choice) string { k, _, _ := strings.Cut(c.ID, ":"); return k }
	n := map[string]int{}
	long := false
	for _, c := range choices {
		n[kind(c)]++
		long = long || n[kind(c)] >= longRun
	}
	var single, runs []int
	for i, c := range choices {
		if long && n[kind(c)] == 1 {
			single = append(single, i)
		} else {
			runs = append(runs, i)
		}
	}
	return append(single, runs...)
}

// longRun is the length of a run of one kind that scrolls in the choices
// pane of an 80x24 terminal (Storm Over Arnhem's set-up places 12 units).
const longRun = 10

// home is where the highlight starts: on choice 1, so that Enter takes
// nothing the person did not look for; on the first match of a search.
func (m *model) home() int { return max(0, slices.Index(m.visible(), 0)) }

// visible are the indices of the choices the search leaves, in the pane's order.
func (m *model) visible() []int {
	var out []int
	f := strings.ToLower(m.filter)
	for _, i := range m.order {
		c := m.choices[i]
		if f == "" || strings.Contains(strings.ToLower(c.Label), f) || strings.Contains(strings.ToLower(c.ID), f) {
			out = append(out, i)
		}
	}
	return out
}

// enter takes the typed number, or else the highlighted choice.
func (m *model) enter() tea.Cmd {
	if m.choices == nil {
		return nil
	}
	if m.typed != "" {
		n, _ := strconv.Atoi(m.typed)
		if n < 1 || n > len(m.choices) {
			m.note = fmt.Sprintf("%s is not a choice: type a number from 1 to %d", m.typed, len(m.choices))
			m.typed = ""
			return nil
		}
		return m.choose(m.acts[n-1], "")
	}
	vis := m.visible()
	if len(vis) == 0 {
		m.note = "no choice matches " + strconv.Quote(m.filter)
		return nil
	}
	return m.choose(m.acts[vis[m.sel]], "")
}

// choose plays the person's action; note says why, when it was not typed.
func (m *model) choose(a engine.Action, note string) tea.Cmd {
	seat := m.p.State.ToMove()
	m.seen[seat] = m.p.LogLen(seat) // what this choice brings is news on the seat's next screen
	if err := m.p.Apply(a, true); err != nil {
		m.err = err
		return tea.Quit
	}
	m.note, m.logBack = note, 0
	return m.advance()
}
