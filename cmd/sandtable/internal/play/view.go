package play

import (
	"encoding/json"
	"fmt"
	"regexp"
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
const minW, minH = 50, 14

// dice finds the dice in a log line: "rolls 3+5", "dice 6+4", "die 6".
var dice = regexp.MustCompile(`\b(?:rolls?|rolled|dice|die)\s+[1-6](?:\s*(?:\+|,|and)\s*[1-6])*\b`)
var digit = regexp.MustCompile(`[1-6]`)

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
	bodyH := m.h - 3 // the header and the two footer lines
	choicesH := m.choicesHeight(bodyH)
	topH := bodyH - choicesH
	viewer := m.p.Viewer()
	var top string
	if m.w >= 110 { // the map beside the log and the dice
		mapW := m.w * 11 / 20
		diceH := min(7, topH/3)
		right := lipgloss.JoinVertical(lipgloss.Left, m.logPane(viewer, m.w-mapW, topH-diceH), m.dicePane(viewer, m.w-mapW, diceH))
		top = lipgloss.JoinHorizontal(lipgloss.Top, m.mapPane(viewer, mapW, topH), right)
	} else { // the map above the log and the dice; a low window has no room for the dice
		logH, diceH := max(3, topH/3), 3
		if topH < 16 {
			diceH = 0
		}
		panes := []string{m.mapPane(viewer, m.w, topH-logH-diceH), m.logPane(viewer, m.w, logH)}
		if diceH > 0 {
			panes = append(panes, m.dicePane(viewer, m.w, diceH))
		}
		top = lipgloss.JoinVertical(lipgloss.Left, panes...)
	}
	return lipgloss.JoinVertical(lipgloss.Left, m.header(), top, m.choicesPane(m.w, choicesH), m.footer())
}

func (m *model) header() string {
	s := m.p.State
	parts := []string{m.p.Game.Name(), fmt.Sprintf("seed %d", m.p.Rec.Seed)}
	switch {
	case s.ToMove() == "":
		parts = append(parts, "game over after "+count(m.p.Played(), "choice"))
	case m.thinking:
		parts = append(parts, fmt.Sprintf("%s (%s) is choosing", s.ToMove(), m.p.Bots[s.ToMove()].Name()))
	default:
		parts = append(parts, fmt.Sprintf("%s to choose", s.ToMove()))
	}
	if s.ToMove() != "" {
		parts = append(parts, fmt.Sprintf("choice %d", len(m.p.Rec.Choices)+1))
	}
	if left := m.timeLeft(); left >= 0 {
		parts = append(parts, fmt.Sprintf("%ds left", int(left.Round(time.Second)/time.Second)))
	}
	line := " " + strings.Join(parts, " · ")
	help := "? help "
	return headStyle.Render(line + strings.Repeat(" ", max(1, m.w-ansi.StringWidth(line)-len(help))) + help)
}

// timeLeft is what remains of the reaction clock, negative when none runs.
func (m *model) timeLeft() time.Duration {
	if m.deadline.IsZero() {
		return -1
	}
	return max(0, time.Until(m.deadline))
}

func (m *model) footer() string {
	// The keys fit 80 columns; the help screen says more.
	keys := "? help · ↑↓ Enter · / search · Tab pane · u undo · R resign · D draw · q quit"
	if m.choices == nil { // a bot chooses, or the game is over
		keys = "? help · Tab pane · ↑↓ scroll · q quit"
		if m.player() != "" {
			keys = "? help · Tab pane · ↑↓ scroll · R resign · D draw · q quit"
		}
	}
	note := m.note
	if note == "" && m.drawWaits() {
		note = drawOnTheClock
	}
	var line string
	switch {
	case m.search:
		line = "search: " + m.filter + "▏ (Enter takes the highlighted choice, Esc clears)"
	case m.filter != "" && m.note == "":
		line = "search: " + m.filter + " (it stays while it finds choices; Esc clears)"
	case m.typed != "":
		line = "> " + m.typed
		if n := m.typedNumber(); n > 0 {
			line += "  Enter takes " + m.choices[n-1].Label
		}
	default:
		line = noteStyle.Render(note)
	}
	return dimStyle.Render(ansi.Truncate(keys, m.w, "…")) + "\n" + ansi.Truncate(line, m.w, "…")
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

func (m *model) choicesHeight(bodyH int) int {
	n := 2
	if m.choices != nil {
		n = len(m.visible())
	}
	return min(n, max(3, bodyH/3)) + 2
}

// mapPane is the board as the game draws it in text (engine.Renderer),
// or the seat's view as JSON for a game that does not. The place the
// highlighted choice names stands out, scrolled into sight unless the
// person scrolls the map.
func (m *model) mapPane(viewer engine.Seat, w, h int) string {
	text := m.p.Board(viewer)
	if text == "" {
		b, _ := json.MarshalIndent(m.p.State.View(viewer), "", "  ")
		text = string(b)
	}
	// The lines before the first blank one (the status) stay in sight.
	var status []string
	if head, body, ok := strings.Cut(text, "\n\n"); ok {
		status = fitStatus(strings.Split(head, "\n"), w-2, max(1, h-3))
		text = body
	}
	place := m.refPlace()
	var lines []string
	var starts []bool // whether each line starts an entry rather than continues one
	first, in := -1, false
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		// A place's line starts with its ID; its indented lines follow it.
		if !strings.HasPrefix(l, "   ") {
			f := strings.Fields(l)
			in = place != "" && len(f) > 0 && f[0] == place
			if in && first < 0 {
				first = len(lines)
			}
		}
		for k, wl := range wrap(l, w-2) {
			if in {
				wl = markStyle.Render(wl)
			} else {
				wl = m.colourSeats(wl)
			}
			lines = append(lines, wl)
			starts = append(starts, k == 0 && !strings.HasPrefix(l, "   "))
		}
	}
	rows := h - 2 - len(status)
	if first >= 0 && m.focus != paneMap && (first < m.mapTop || first >= m.mapTop+rows) {
		m.mapTop = first - rows/4
	}
	m.mapTop = max(0, min(m.mapTop, len(lines)-rows))
	for m.focus != paneMap && m.mapTop > 0 && !starts[m.mapTop] {
		m.mapTop-- // the map the person did not scroll starts with a place, not in the middle of one
	}
	end := min(len(lines), m.mapTop+rows)
	title := fmt.Sprintf("Map, as %s sees it", viewer)
	if len(lines) > rows {
		title += fmt.Sprintf(" · lines %d-%d of %d", m.mapTop+1, end, len(lines))
	}
	for i := range status {
		status[i] = boldStyle.Render(m.colourSeats(status[i]))
	}
	return box(title, append(status, lines[m.mapTop:end]...), w, h, m.focus == paneMap)
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

// logPane shows the newest log lines the viewer may read; the lines since
// the seat last chose stand out.
func (m *model) logPane(viewer engine.Seat, w, h int) string {
	rows := h - 2
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
		for k, l := range wrap(fmt.Sprintf("t%d %s [%s]", e.Turn, e.Text, e.Rule), w-2) {
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
	return box(title, lines[top:end], w, h, m.focus == paneLog)
}

// diceLookBack is how far back in the log the dice pane looks.
const diceLookBack = 200

// dicePane shows the latest log lines that rolled dice, the dice marked.
func (m *model) dicePane(viewer engine.Seat, w, h int) string {
	rows := h - 2
	var lines []string
	n := m.p.LogLen(viewer)
	log := m.p.Log(viewer, n-diceLookBack, n)
	for i := len(log) - 1; i >= 0 && len(lines) < rows; i-- {
		if !dice.MatchString(log[i].Text) {
			continue
		}
		entry := wrap(fmt.Sprintf("t%d %s", log[i].Turn, log[i].Text), w-2)
		for k, l := range entry {
			entry[k] = dice.ReplaceAllStringFunc(l, func(d string) string {
				return digit.ReplaceAllStringFunc(d, func(n string) string { return dieStyle.Render(n) })
			})
		}
		lines = append(entry, lines...)
	}
	return box("Dice", lines[max(0, len(lines)-rows):], w, h, false)
}

func (m *model) choicesPane(w, h int) string {
	s := m.p.State
	rows := h - 2
	var title string
	var lines []string
	switch {
	case s.ToMove() == "":
		title = "Game over"
		lines = wrap(m.p.Result(), w-2)
	case m.choices == nil:
		title = fmt.Sprintf("%s is choosing", s.ToMove())
	default:
		vis := m.visible()
		title = fmt.Sprintf("%s to choose · %s", s.ToMove(), count(len(m.choices), "choice"))
		if m.filter != "" {
			title += fmt.Sprintf(" · %d match %q", len(vis), m.filter)
		}
		m.sel = max(0, min(m.sel, len(vis)-1))
		first := max(0, min(m.sel-rows/2, len(vis)-rows))
		for k := first; k < len(vis) && k < first+rows; k++ {
			c := m.choices[vis[k]]
			l := fmt.Sprintf(" %3d. %s", vis[k]+1, c.Label)
			if k == m.sel {
				l = selStyle.Render("▶" + l[1:] + " ")
			}
			lines = append(lines, l+"  "+dimStyle.Render(c.Rule))
		}
	}
	return box(title, lines, w, h, m.focus == paneChoices)
}

func (m *model) privacy() string {
	seat := m.pause
	text := fmt.Sprintf("%s to choose\n\nThe board is hidden so that only %s sees it.\nHand over the keyboard, then %s presses Enter.\n\nq saves the record and quits.",
		boldStyle.Render(m.colourSeats(string(seat))), seat, seat)
	if m.note != "" { // what happened while the board was hidden: a declined draw
		text = noteStyle.Render(m.note) + "\n\n" + text
	}
	b := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(focusColor).Padding(1, 3).Render(text)
	return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, b)
}

func (m *model) helpScreen() string {
	// It fits 80×24.
	text := strings.Join([]string{
		"↑ ↓ k j    move the highlight, or scroll the focused pane",
		"PgUp PgDn  by ten lines; Home End: to the first or the last",
		"Tab        focus the choices, the map or the log (Shift-Tab back)",
		"0-9 Enter  take the choice with that number (Esc forgets it)",
		"Enter      take the highlighted choice",
		"/ text     search the choices (Esc clears)",
		"u          undo your last choice (until dice roll or the turn passes)",
		"R          resign (y confirms), also while a bot moves: the other wins",
		"D          offer a draw: a bot declines; at the hotseat the other answers",
		"q Ctrl-C   save the record and quit",
		"",
		"A choice that is the only one of its kind (a whole set-up, Pass, Done) is",
		"listed first, with its own number. The map's last lines explain its marks",
		"(Tab to the map, then End). The log's bold lines are new since you last",
		"chose. In hotseat the board is hidden between seats until the next player",
		"presses Enter.",
		"",
		boldStyle.Render("Any key returns to the game."),
	}, "\n")
	b := lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(focusColor).Padding(0, 2).Render(text)
	return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, b)
}

// colourSeats colours the names of the game's seats.
func (m *model) colourSeats(s string) string {
	for i, re := range m.seatNames {
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
