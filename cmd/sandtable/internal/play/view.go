package play

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"sandtable/engine"
)

var (
	headStyle  = lipgloss.NewStyle().Bold(true).Reverse(true)
	dimStyle   = lipgloss.NewStyle().Faint(true)
	boldStyle  = lipgloss.NewStyle().Bold(true)
	selStyle   = lipgloss.NewStyle().Reverse(true)
	dieStyle   = lipgloss.NewStyle().Reverse(true).Bold(true)
	noteStyle  = lipgloss.NewStyle().Foreground(lipgloss.Color("214"))
	markStyle  = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("220"))
	paneColour = lipgloss.Color("240")
	focusColor = lipgloss.Color("45")
	// seatColours tell the seats apart wherever their names appear, in seat order.
	seatColours = []lipgloss.Color{"75", "203", "114", "220"}
)

// Smallest window the layout fits in.
const minW, minH = 50, 18

// wideW is the width from which the map stands beside the log and the dice.
const wideW = 110

// dice finds the dice in a log line: "rolls 3+5", "dice 6+4", "die 6".
var dice = regexp.MustCompile(`\b(?:rolls?|rolled|dice|die)\s+[1-6](?:\s*(?:\+|,|and)\s*[1-6])*\b`)
var digit = regexp.MustCompile(`[1-6]`)

// layout shares the window's rows among the panes. Each height counts the
// pane's frame: the two rows of a box in the wide layout, the one row of a
// title rule where the panes are stacked.
type layout struct {
	wide                        bool
	mapH, logH, diceH, choicesH int
}

// newLayout shares a window of w×h; want is how many lines the choices
// pane would fill. A long list of choices scrolls rather than pushing the
// other panes out: at 80×24 the choices keep 6 lines, the log 5, the dice
// 2 (a fire's AV and DV rolls) and the map 5, its status first.
func newLayout(w, h, want int) layout {
	body := h - 2 // the header and the footer
	want = max(1, want)
	if w >= wideW {
		l := layout{wide: true, choicesH: min(want, max(3, body/3)) + 2}
		top := body - l.choicesH
		l.mapH, l.diceH = top, max(4, min(7, top/3)) // the dice of a fire (AV and DV) at least
		l.logH = top - l.diceH
		return l
	}
	rows := body - 4 // under the four panes' titles
	l := layout{diceH: 2, choicesH: min(want, max(5, rows/3))}
	if rows >= 30 {
		l.diceH = 3
	}
	rest := rows - l.diceH - l.choicesH
	l.logH = max(5, rest/2)
	l.mapH = rest - l.logH
	for l.mapH < 3 && max(l.logH, l.choicesH) > 3 { // a low window: the map keeps its status
		if l.logH >= l.choicesH {
			l.logH--
		} else {
			l.choicesH--
		}
		l.mapH++
	}
	l.mapH, l.logH, l.diceH, l.choicesH = l.mapH+1, l.logH+1, l.diceH+1, l.choicesH+1
	return l
}

// content is a pane's title and lines for w cells and the given rows.
type content func(w, rows int) (title string, lines []string)

// frame draws a pane of w×h cells: boxed, or under a title rule.
func frame(c content, w, h int, boxed, focused bool) string {
	iw, rows := w, h-1
	if boxed {
		iw, rows = w-2, h-2
	}
	if iw < 1 || rows < 1 {
		return ""
	}
	title, lines := c(iw, rows)
	if boxed {
		return box(title, lines, w, h, focused)
	}
	return rule(title, lines, w, h, focused)
}

func (m *model) View() string {
	if m.w == 0 {
		return ""
	}
	if m.w < minW || m.h < minH {
		return fmt.Sprintf("Make the window at least %d×%d (it is %d×%d); q saves and quits.", minW, minH, m.w, m.h)
	}
	if m.resigning != "" || m.offer != "" {
		return m.endingScreen()
	}
	if m.pause != "" {
		return m.privacy()
	}
	if m.help {
		return m.helpScreen()
	}
	viewer := m.p.Viewer()
	mapPane := func(w, rows int) (string, []string) { return m.mapPane(viewer, w, rows) }
	logPane := func(w, rows int) (string, []string) { return m.logPane(viewer, w, rows) }
	dicePane := func(w, rows int) (string, []string) { return m.dicePane(viewer, w, rows) }
	if m.full { // l or m: one pane in the whole window
		pane := mapPane
		if m.focus == paneLog {
			pane = logPane
		}
		return lipgloss.JoinVertical(lipgloss.Left, m.header(), frame(pane, m.w, m.h-2, false, true), m.footer())
	}
	l := newLayout(m.w, m.h, m.choiceLines())
	var top string
	if l.wide {
		mapW := m.w * 11 / 20
		right := lipgloss.JoinVertical(lipgloss.Left, frame(logPane, m.w-mapW, l.logH, true, m.focus == paneLog), frame(dicePane, m.w-mapW, l.diceH, true, false))
		top = lipgloss.JoinHorizontal(lipgloss.Top, frame(mapPane, mapW, l.mapH, true, m.focus == paneMap), right)
	} else {
		top = lipgloss.JoinVertical(lipgloss.Left, frame(mapPane, m.w, l.mapH, false, m.focus == paneMap),
			frame(logPane, m.w, l.logH, false, m.focus == paneLog), frame(dicePane, m.w, l.diceH, false, false))
	}
	return lipgloss.JoinVertical(lipgloss.Left, m.header(), top, frame(m.choicesPane, m.w, l.choicesH, l.wide, m.focus == paneChoices), m.footer())
}

func (m *model) header() string {
	s := m.p.State
	parts := []string{m.p.Game.Name(), fmt.Sprintf("seed %d", m.p.Rec.Seed)}
	if m.p.Rec.Study() {
		parts = append(parts, "study")
	}
	switch {
	case s.ToMove() == "":
		parts = append(parts, "game over after "+count(m.p.Played(), "choice"))
	case m.thinking:
		parts = append(parts, fmt.Sprintf("%s (%s) is choosing", m.p.Name(s.ToMove()), m.p.Bots[s.ToMove()].Name()))
	default:
		parts = append(parts, fmt.Sprintf("%s to choose", m.p.Name(s.ToMove())))
	}
	if s.ToMove() != "" {
		parts = append(parts, fmt.Sprintf("choice %d", len(m.p.Rec.Choices)+1))
	}
	if left := m.timeLeft(); left >= 0 {
		parts = append(parts, fmt.Sprintf("%ds left", int(left.Round(time.Second)/time.Second)))
	}
	help := "? help "
	line := ansi.Truncate(" "+strings.Join(parts, " · "), m.w-len(help)-1, "…")
	return headStyle.Render(line + strings.Repeat(" ", max(1, m.w-ansi.StringWidth(line)-len(help))) + help)
}

// timeLeft is what remains of the reaction clock, negative when none runs.
func (m *model) timeLeft() time.Duration {
	if m.deadline.IsZero() {
		return -1
	}
	return max(0, time.Until(m.deadline))
}

// footer is one line: what is typed or searched, else a note on what just
// happened and the keys that fit beside it (the help screen says more).
func (m *model) footer() string {
	note := m.note
	if note == "" && m.drawWaits() {
		note = drawOnTheClock
	}
	switch {
	case m.full:
	case m.search:
		return ansi.Truncate("search: "+m.filter+"▏ (Enter takes the highlighted choice, Esc clears)", m.w, "…")
	case m.filter != "" && m.note == "":
		return ansi.Truncate("search: "+m.filter+" (it stays while it finds choices; Esc clears)", m.w, "…")
	case m.typed != "":
		line := "> " + m.typed
		if n := m.typedNumber(); n > 0 {
			line += "  Enter takes " + m.choices[n-1].Label
		}
		return ansi.Truncate(line, m.w, "…")
	}
	w := m.w
	if note != "" {
		note = noteStyle.Render(note) + "  "
		if w -= ansi.StringWidth(note); w < len("q quit") {
			return ansi.Truncate(note, m.w, "…")
		}
	}
	var keys string
	switch {
	case m.full:
		keys = fitKeys(w, "↑↓ PgUp PgDn scroll", "l log", "m map", "Esc back", "q quit")
	case m.choices != nil:
		hint := ""
		if m.p.Rec.Hints {
			hint = "h hint"
		}
		keys = fitKeys(w, "? help", "↑↓ Enter", hint, "/ search", "l log", "m map", "u undo", "R resign", "D draw", "Tab pane", "q quit")
	case m.player() != "": // a bot chooses
		keys = fitKeys(w, "? help", "l log", "m map", "R resign", "D draw", "Tab pane", "↑↓ scroll", "q quit")
	default: // a spectator, or the game is over
		keys = fitKeys(w, "? help", "l log", "m map", "Tab pane", "↑↓ scroll", "q quit")
	}
	return note + dimStyle.Render(keys)
}

// fitKeys joins the keys that fit in w cells: the last (quit) always, the
// others in their order, the least needed last.
func fitKeys(w int, keys ...string) string {
	keys = slices.DeleteFunc(keys, func(k string) bool { return k == "" })
	last := keys[len(keys)-1]
	for n := len(keys) - 1; n > 0; n-- {
		if s := strings.Join(append(slices.Clone(keys[:n]), last), " · "); ansi.StringWidth(s) <= w {
			return s
		}
	}
	return last
}

// typedNumber is the typed choice number if it names a choice, else 0.
func (m *model) typedNumber() int {
	n := 0
	fmt.Sscan(m.typed, &n)
	if n < 1 || n > len(m.choices) {
		return 0
	}
	return n
}

// choiceLines is how many lines the choices pane would fill: the choices
// the search leaves, or the result at the end.
func (m *model) choiceLines() int {
	switch {
	case m.choices != nil:
		_, asks := prompt(m.p.State, m.p.State.ToMove())
		if asks {
			return len(m.visible()) + 1
		}
		return len(m.visible())
	case m.p.State.ToMove() == "":
		return len(wrap(m.p.Result(), m.w-2))
	}
	return 1
}

// mapPane is the board as the game draws it in text (engine.Renderer),
// or the seat's view as JSON for a game that does not. The map leaves out
// the places without units until the person asks for the whole map (m),
// which ends with the legend of its marks. The place the highlighted
// choice names stands out, scrolled into sight unless the person scrolls
// the map; without one, the place the log names last is scrolled into sight
// (where a fire or a close combat is being decided, where a bot acts).
func (m *model) mapPane(viewer engine.Seat, w, rows int) (string, []string) {
	text := m.p.Board(viewer)
	whole := m.full || text == ""
	if text == "" {
		b, _ := json.MarshalIndent(m.p.State.View(viewer), "", "  ")
		text = string(b)
	}
	// The lines before the first blank one (the status) stay in sight.
	var status []string
	if head, body, ok := strings.Cut(text, "\n\n"); ok {
		status = fitStatus(strings.Split(head, "\n"), w, max(1, rows-1))
		text = body
	}
	text, legend, _ := strings.Cut(text, "\n\n")
	place, chosen := m.refPlace(), true
	if place == "" {
		place, chosen = m.loggedPlace(viewer), false
	}
	b := m.boardLines(text, legend, w, place, chosen, whole)
	lines, starts, first := b.lines, b.starts, b.first
	rows -= len(status)
	m.page[paneMap] = rows
	if first >= 0 && m.focus != paneMap && (first < m.mapTop || first >= m.mapTop+rows) {
		m.mapTop = first - rows/8 // the place at the top of a small map
	}
	m.mapTop = max(0, min(m.mapTop, len(lines)-rows))
	for m.focus != paneMap && m.mapTop > 0 && !starts[m.mapTop] {
		m.mapTop-- // the map the person did not scroll starts with a place, not in the middle of one
	}
	end := min(len(lines), m.mapTop+rows)
	title := fmt.Sprintf("Map, as %s sees it", m.p.Name(viewer))
	if len(lines) > rows {
		title += fmt.Sprintf(" · lines %d-%d of %d", m.mapTop+1, end, len(lines))
	}
	switch {
	case m.full:
		title += " · m back"
	case b.left > 0:
		title += fmt.Sprintf(" · m: +%d empty, legend", b.left)
	}
	for i := range status {
		status[i] = boldStyle.Render(m.colourSeats(status[i]))
	}
	return title, append(status, lines[m.mapTop:end]...)
}

// board is the map's text as lines of a pane.
type board struct {
	lines  []string
	starts []bool // whether each line starts an entry rather than continues one
	first  int    // the first line of the place in focus, -1 if not shown
	left   int    // the entries left out: places without units
}

// boardLines lays the board's entries out in w cells: every entry and then
// the legend when whole, else the entries with units and the place in
// focus, which stands out if a choice names it (chosen).
func (m *model) boardLines(text, legend string, w int, place string, chosen, whole bool) board {
	b := board{first: -1}
	for _, e := range entries(strings.TrimRight(text, "\n")) {
		f := strings.Fields(e[0])
		in := place != "" && len(f) > 0 && f[0] == place
		if !whole && len(e) == 1 && !in {
			b.left++
			continue
		}
		if in && b.first < 0 {
			b.first = len(b.lines)
		}
		for j, l := range e {
			for k, wl := range wrap(l, w) {
				if in && chosen {
					wl = markStyle.Render(wl)
				} else {
					wl = m.colourSeats(wl)
				}
				b.lines, b.starts = append(b.lines, wl), append(b.starts, j == 0 && k == 0)
			}
		}
	}
	if whole && legend != "" {
		b.lines, b.starts = append(b.lines, ""), append(b.starts, true)
		for _, item := range strings.Split(strings.TrimRight(legend, "\n"), "; ") {
			for k, wl := range wrap(item, w) {
				b.lines, b.starts = append(b.lines, dimStyle.Render(wl)), append(b.starts, k == 0)
			}
		}
	}
	return b
}

// entries splits the board's text into entries: a line that does not
// start indented, with the indented lines that follow it (a place's units).
func entries(text string) [][]string {
	var out [][]string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "   ") && len(out) > 0 {
			out[len(out)-1] = append(out[len(out)-1], l)
		} else {
			out = append(out, []string{l})
		}
	}
	return out
}

// fitStatus wraps the status lines into at most rows lines of w cells.
// Where the person decides, the status matters more than the map: it may
// take all but one of the map's lines. Its last lines say what is being
// decided (the odds, a roll, movement left), so when it does not fit its
// first lines (the turn, the score) give way.
func fitStatus(head []string, w, rows int) []string {
	var out []string
	for i := len(head) - 1; i >= 0; i-- {
		l := wrap(head[i], w)
		if len(out)+len(l) > rows {
			if len(out) == 0 {
				return l[:rows]
			}
			break
		}
		out = append(l, out...)
	}
	return out
}

// refPlace is the place the highlighted choice names ("area:17" in its
// refs), "" if none.
func (m *model) refPlace() string {
	vis := m.visible()
	if m.choices == nil || m.sel >= len(vis) {
		return ""
	}
	for _, r := range m.choices[vis[m.sel]].Refs {
		if id, ok := strings.CutPrefix(r, "area:"); ok {
			return id
		}
	}
	return ""
}

// loggedPlace is the place the newest log lines name last ("area:17" in
// their refs), "" if none of them does.
func (m *model) loggedPlace(viewer engine.Seat) string {
	n := m.p.LogLen(viewer)
	log := m.p.Log(viewer, n-lookBack, n)
	for i := len(log) - 1; i >= 0; i-- {
		for _, r := range slices.Backward(log[i].Refs) {
			if id, ok := strings.CutPrefix(r, "area:"); ok {
				return id
			}
		}
	}
	return ""
}

// logPane shows the newest log lines the viewer may read; the lines since
// the seat last chose stand out.
func (m *model) logPane(viewer engine.Seat, w, rows int) (string, []string) {
	m.page[paneLog] = rows
	n := m.p.LogLen(viewer)
	from := max(0, n-rows-m.logBack) // each entry takes a line at least
	fresh := n
	if m.p.Humans[viewer] {
		fresh = m.seen[viewer]
	}
	var lines []string
	var starts []bool // whether each line starts an entry rather than continues one
	for i, e := range m.p.Log(viewer, from, n) {
		style := dimStyle
		if from+i >= fresh {
			style = boldStyle
		}
		for k, l := range wrap(fmt.Sprintf("t%d %s [%s]", e.Turn, e.Text, e.Rule), w) {
			lines = append(lines, style.Render(l))
			starts = append(starts, k == 0)
		}
	}
	m.logBack = max(0, min(m.logBack, len(lines)-rows))
	end := len(lines) - m.logBack
	top := max(0, end-rows)
	for top > 0 && top < end-1 && !starts[top] {
		top++ // the pane starts with an entry, not the tail of one
	}
	title := "Log"
	if m.logBack > 0 {
		title += fmt.Sprintf(" · %d lines back", m.logBack)
	}
	if m.full {
		title += " · l back"
	} else {
		title += " · l full screen"
	}
	return title, lines[top:end]
}

// lookBack is how far back in the log the dice pane and the map look.
const lookBack = 200

// dicePane shows the latest log lines that rolled dice, the dice marked,
// each whole (the newest one's head if it alone is too long).
func (m *model) dicePane(viewer engine.Seat, w, rows int) (string, []string) {
	var lines []string
	n := m.p.LogLen(viewer)
	log := m.p.Log(viewer, n-lookBack, n)
	for i := len(log) - 1; i >= 0 && len(lines) < rows; i-- {
		if !dice.MatchString(log[i].Text) {
			continue
		}
		entry := wrap(fmt.Sprintf("t%d %s", log[i].Turn, log[i].Text), w)
		for k, l := range entry {
			entry[k] = dice.ReplaceAllStringFunc(l, func(d string) string {
				return digit.ReplaceAllStringFunc(d, func(n string) string { return dieStyle.Render(n) })
			})
		}
		if len(lines) > 0 && len(lines)+len(entry) > rows {
			break // an older roll that does not fit whole is left out, not cut
		}
		lines = append(entry, lines...)
	}
	return "Dice", lines[:min(len(lines), rows)]
}

// choicesPane lists the choices around the highlight under what the game
// asks; a list longer than the pane scrolls.
func (m *model) choicesPane(w, rows int) (string, []string) {
	s := m.p.State
	var title string
	var lines []string
	switch {
	case s.ToMove() == "":
		title = "Game over"
		lines = wrap(m.p.Result(), w)
	case m.choices == nil:
		title = fmt.Sprintf("%s is choosing", m.p.Name(s.ToMove()))
		if p, ok := prompt(s, m.p.Viewer()); ok {
			lines = wrap(p, w)
		}
	default:
		vis := m.visible()
		title = fmt.Sprintf("%s to choose · %s", m.p.Name(s.ToMove()), count(len(m.choices), "choice"))
		if m.filter != "" {
			title += fmt.Sprintf(" · %d match %q", len(vis), m.filter)
		}
		if p, ok := prompt(s, s.ToMove()); ok && rows > 1 { // what is asked, above the choices, on one line
			lines = append(lines, boldStyle.Render(ansi.Truncate(p, w, "…")))
			rows--
		}
		m.sel = max(0, min(m.sel, len(vis)-1))
		first := max(0, min(m.sel-rows/2, len(vis)-rows))
		if len(vis) > rows {
			title += fmt.Sprintf(" · %d-%d shown, ↑↓ PgDn for more", first+1, min(len(vis), first+rows))
		}
		m.page[paneChoices] = rows
		for k := first; k < len(vis) && k < first+rows; k++ {
			c := m.choices[vis[k]]
			l := fmt.Sprintf(" %3d. %s", vis[k]+1, c.Label)
			rule := ""
			if ansi.StringWidth(l)+3+len(c.Rule) <= w { // the label first, the rule where it fits
				rule = "  " + dimStyle.Render(c.Rule)
			}
			if k == m.sel {
				l = selStyle.Render("▶" + l[1:] + " ")
			}
			lines = append(lines, l+rule)
		}
	}
	return title, lines
}

func (m *model) privacy() string {
	seat := m.pause
	text := fmt.Sprintf("%s to choose\n\nThe board is hidden so that only %s sees it.\nHand over the keyboard, then %s presses Enter.\n\nq saves the record and quits.",
		boldStyle.Render(m.colourSeats(m.p.Name(seat))), m.p.Name(seat), m.p.Name(seat))
	if m.note != "" { // what happened while the board was hidden: a declined draw
		text = noteStyle.Render(m.note) + "\n\n" + text
	}
	return m.dialog(text, 1, 3)
}

func (m *model) helpScreen() string {
	// It fits 80×24.
	text := strings.Join([]string{
		"↑ ↓ k j    move the highlight, or scroll the focused pane",
		"PgUp PgDn  by a page; Home End: to the first or the last",
		"Tab        focus the choices, the map or the log (Shift-Tab back)",
		"0-9 Enter  take the choice with that number (Esc forgets it)",
		"Enter      take the highlighted choice",
		"/ text     search the choices (Esc clears)",
		"l          the log in the whole window (l or Esc: back)",
		"m          the whole map, empty places too, and the legend of its marks",
		"u          undo your last choice (until dice roll or the turn passes)",
		"R          resign (y confirms), also while a bot moves: the other wins",
		"D          offer a draw: a bot declines; at the hotseat the other answers",
		"h          with --hints: the bot's suggested choice and its estimate",
		"q Ctrl-C   save the record and quit",
		"",
		"A choice that is the only one of its kind (a whole set-up, Pass, Done) is",
		"listed first, with its own number. The map shows the places with units",
		"and the one the highlighted choice names. The log's bold lines are new",
		"since you last chose. In hotseat the board is hidden between seats until",
		"the next player presses Enter.",
		"",
		boldStyle.Render("Any key returns to the game."),
	}, "\n")
	return m.dialog(text, 0, 2)
}

// dialog draws text in a box, padded by v rows and h columns, in the
// middle of the window; in a narrow window its lines wrap, and what a low
// one cannot hold is cut at the bottom.
func (m *model) dialog(text string, v, h int) string {
	st := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(focusColor).Padding(v, h)
	if lipgloss.Width(st.Render(text)) > m.w {
		st = st.Width(m.w - 2) // the border's two columns outside
	}
	return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, st.MaxHeight(m.h).Render(text))
}

// colourSeats colours the names of the game's seats.
func (m *model) colourSeats(s string) string {
	for i, seat := range m.p.Game.Seats() {
		name := m.p.Name(seat)
		re, ok := m.seatNames[name]
		if !ok {
			re = regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + `\b`)
			m.seatNames[name] = re
		}
		c := lipgloss.NewStyle().Foreground(seatColours[i%len(seatColours)])
		s = re.ReplaceAllStringFunc(s, func(n string) string { return c.Render(n) })
	}
	return s
}

// box draws a pane of w×h cells with its title in the top border; lines
// longer than the pane are cut.
func box(title string, lines []string, w, h int, focused bool) string {
	iw, rows := w-2, h-2
	if iw < 1 || rows < 1 {
		return ""
	}
	colour := paneColour
	if focused {
		colour = focusColor
	}
	edge := lipgloss.NewStyle().Foreground(colour)
	title = ansi.Truncate(title, iw-3, "…")
	top := edge.Render("╭─ ") + boldStyle.Render(title) + edge.Render(" "+strings.Repeat("─", max(0, iw-3-ansi.StringWidth(title)))+"╮")
	body := make([]string, rows)
	for i := range body {
		if i < len(lines) {
			body[i] = ansi.Truncate(lines[i], iw, "…")
		}
	}
	return top + "\n" + lipgloss.NewStyle().Border(lipgloss.RoundedBorder(), false, true, true, true).BorderForeground(colour).
		Width(iw).Height(rows).Render(strings.Join(body, "\n"))
}

// rule draws a pane of w×h cells as its title in a rule across it, then
// its lines; lines longer than the pane are cut.
func rule(title string, lines []string, w, h int, focused bool) string {
	colour := paneColour
	if focused {
		colour = focusColor
	}
	edge := lipgloss.NewStyle().Foreground(colour)
	title = ansi.Truncate(title, w-4, "…")
	out := make([]string, h)
	out[0] = edge.Render("── ") + boldStyle.Render(title) + edge.Render(" "+strings.Repeat("─", max(0, w-4-ansi.StringWidth(title))))
	for i := 1; i < h && i-1 < len(lines); i++ {
		out[i] = ansi.Truncate(lines[i-1], w, "…")
	}
	return strings.Join(out, "\n")
}

// wrap breaks a line at spaces into lines of at most w cells (a longer
// word is cut); the continuations are indented past the line's own indent,
// so that each entry still stands out at its margin.
func wrap(s string, w int) []string {
	if w < 16 || ansi.StringWidth(s) <= w {
		return []string{s}
	}
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	indent := lead + "    "
	if len(indent) > w/2 {
		indent = "    "
	}
	var out []string
	line := lead
	for i, word := range strings.Split(s[len(lead):], " ") {
		switch {
		case i == 0:
			line += word
		case ansi.StringWidth(line)+1+ansi.StringWidth(word) <= w:
			line += " " + word
		default:
			out = append(out, line)
			line = indent + word
		}
		for ansi.StringWidth(line) > w {
			out = append(out, ansi.Truncate(line, w, ""))
			line = indent + ansi.TruncateLeft(line, w, "")
		}
	}
	return append(out, line)
}

// prompt is the game's sentence for seat with the rule it cites, as the
// game says it (engine.Prompter); ok is false for a game that does not.
func prompt(s engine.State, seat engine.Seat) (text string, ok bool) {
	p, ok := s.(engine.Prompter)
	if !ok {
		return "", false
	}
	q := p.Prompt(seat)
	if q.Rule != "" {
		return q.Text + " (" + q.Rule + ")", true
	}
	return q.Text, true
}
