package e2e

// The harness: one headless Chromium for the whole run (started on first
// use, stopped in TestMain), one in-process server per test, and a page type
// whose every action is bounded by its own timeout.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"sandtable/server"
	"sandtable/web"
)

const chromiumPath = "/usr/bin/chromium"

// testBudget bounds the life of every browser tab a test opens.
const testBudget = 100 * time.Second

var shared struct {
	once        sync.Once
	err         error
	ctx         context.Context // the browser's chromedp context
	cancel      context.CancelFunc
	allocCancel context.CancelFunc
	dir         string
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopBrowser()
	if left := reapChromium(10 * time.Second); len(left) > 0 {
		fmt.Fprintf(os.Stderr, "e2e: Chromium processes were still running after the browser closed (killed now): %v\n", left)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}

// stopBrowser closes Chromium and waits for its processes to end.
func stopBrowser() {
	if shared.cancel != nil {
		shared.cancel()
	}
	if shared.allocCancel != nil {
		shared.allocCancel() // kills what is left of the process and waits for it
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
}

// browser returns the shared browser's context, starting it on first use.
// The tests fail when Chromium is missing, unless a developer opted out
// (SANDTABLE_SKIP_BROWSER=1 with CI unset); in CI they always run.
func browser(t *testing.T) context.Context {
	t.Helper()
	if _, ci := os.LookupEnv("CI"); !ci && os.Getenv("SANDTABLE_SKIP_BROWSER") == "1" {
		t.Skip("browser test skipped: SANDTABLE_SKIP_BROWSER=1 and CI is unset (in CI these tests always run)")
	}
	if _, err := os.Stat(chromiumPath); err != nil {
		t.Fatalf("the browser tests need Chromium at %s, which is missing: run `apt-get install chromium` as root "+
			"(outside CI, SANDTABLE_SKIP_BROWSER=1 skips these tests)", chromiumPath)
	}
	shared.once.Do(startBrowser)
	if shared.err != nil {
		t.Fatalf("Chromium (%s) does not start: %v", chromiumPath, shared.err)
	}
	return shared.ctx
}

func startBrowser() {
	dir, err := os.MkdirTemp("", "sandtable-e2e-chromium-")
	if err != nil {
		shared.err = err
		return
	}
	shared.dir = dir
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath), chromedp.UserDataDir(dir),
		chromedp.Flag("headless", true), chromedp.Flag("no-sandbox", true), chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.Flag("disable-quic", true), chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-dev-shm-usage", true), chromedp.WindowSize(1280, 900),
		// Two profiles play against each other at once: keep both windows
		// running at full speed.
		chromedp.Flag("disable-background-timer-throttling", true),
		chromedp.Flag("disable-backgrounding-occluded-windows", true),
		chromedp.Flag("disable-renderer-backgrounding", true),
		chromedp.Flag("hide-scrollbars", true), chromedp.Flag("mute-audio", true),
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	bctx, bcancel := chromedp.NewContext(actx)
	shared.ctx, shared.cancel, shared.allocCancel = bctx, bcancel, acancel
	done := make(chan error, 1)
	go func() { done <- chromedp.Do(bctx) }() // starts the browser, bound to bctx only
	select {
	case shared.err = <-done:
	case <-time.After(60 * time.Second):
		shared.err = errors.New("no answer within 60 s")
	}
	if shared.err != nil {
		stopBrowser()
		shared.cancel, shared.allocCancel, shared.dir = nil, nil, ""
	}
}

// newServer starts the server in process with a temporary SQLite database
// and the embedded client, the configuration changed by each of set; it
// returns the base URL.
func newServer(t *testing.T, set ...func(*server.Config)) string {
	t.Helper()
	cfg := server.Config{
		DB:            filepath.Join(t.TempDir(), "e2e.db"),
		BotDelay:      3 * time.Millisecond,
		Logger:        slog.New(slog.DiscardHandler),
		Static:        web.Handler(),
		RatePerSecond: 2000, // the tests also drive games over the API, fast
	}
	for _, f := range set {
		f(&cfg)
	}
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(func() {
		ts.Close()
		srv.Close()
	})
	return ts.URL
}

// page is one browser tab.
type page struct {
	t     *testing.T
	name  string
	ctx   context.Context
	base  string
	close func() // closes the tab (also done when the test ends)
	// curtains lists the seats for which the hotseat privacy screen came up.
	curtains []string
	mu       sync.Mutex
	fault    []string // uncaught exceptions of the page
}

// newProfile opens a tab in a new browser context: its own cookies and
// localStorage, like another person's browser.
func newProfile(t *testing.T, name, base string) *page {
	return openTab(t, name, base, browser(t), chromedp.WithNewBrowserContext())
}

// tab opens another tab (a new window) in the same profile as p.
func (p *page) tab(name string) *page {
	return openTab(p.t, name, p.base, p.ctx)
}

func openTab(t *testing.T, name, base string, parent context.Context, opts ...chromedp.ContextOption) *page {
	t.Helper()
	bctx, bcancel := context.WithTimeout(parent, testBudget)
	ctx, cancel := chromedp.NewContext(bctx, opts...)
	closeTab := func() {
		cancel()
		bcancel()
	}
	t.Cleanup(closeTab)
	if err := chromedp.Do(ctx); err != nil { // opens the tab, for as long as bctx lasts
		t.Fatalf("%s: opening a tab: %v", name, err)
	}
	p := &page{t: t, name: name, ctx: ctx, base: base, close: closeTab}
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.IsException() {
				p.mu.Lock()
				p.fault = append(p.fault, m.String())
				p.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, f := range p.fault {
			t.Errorf("%s: uncaught exception in the page: %s", name, f)
		}
	})
	return p
}

// do runs actions within d.
func (p *page) do(what string, d time.Duration, actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, what, err)
	}
}

// run runs one action that returns a value, within d.
func run[T any](p *page, what string, d time.Duration, a chromedp.Action[T]) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		p.t.Fatalf("%s: %s: %v", p.name, what, err)
	}
	return v
}

// open navigates to path (or to a whole URL, such as the server's invite
// links) and waits until sel is visible.
func (p *page) open(path, sel string) {
	p.t.Helper()
	url := path
	if !strings.HasPrefix(path, "http://") && !strings.HasPrefix(path, "https://") {
		url = p.base + path
	}
	p.do("open "+path, 20*time.Second, chromedp.Navigate(url), chromedp.WaitVisible(chromedp.CSS(sel)))
}

// pageState is what the tests read from the game page.
type pageState struct {
	Version  int      `json:"version"`
	Pending  bool     `json:"pending"`
	Step     string   `json:"step"`
	ToMove   string   `json:"toMove"`
	Mine     bool     `json:"mine"`
	Choices  []string `json:"choices"`
	HLPlaces []string `json:"hlPlaces"`
	HLUnits  []string `json:"hlUnits"`
	LogLines int      `json:"logLines"`
	LogText  string   `json:"logText"`
	Prompt   string   `json:"prompt"`
	Conn     string   `json:"conn"`
	Menu     bool     `json:"menu"`
	Curtain  string   `json:"curtain"` // the seat the hotseat privacy screen asks for
	Error    string   `json:"error"`
	// Board counters by side (svg#board only, so not the boxes).
	BoardGerman  int `json:"boardGerman"`
	BoardBritish int `json:"boardBritish"`
	// British counters drawn anywhere (map, boxes, prompt) outside the
	// British artillery box, and German ones outside the German one.
	GBOutsideArtillery []string `json:"gbOutsideArtillery"`
	DEOutsideArtillery []string `json:"deOutsideArtillery"`
}

// readState is a JS function that returns a pageState.
const readState = `() => {
  const q = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const gp = q('.game-page');
  const st = q('#status');
  const err = q('#error');
  const outside = (pred, box) => all('svg [data-unit]').filter((e) => pred(e) && !e.closest(box)).map((e) => e.dataset.unit);
  const isGerman = (e) => e.dataset.side === 'german' || /^(ss|de|bo)-/.test(e.dataset.unit);
  const isBritish = (e) => e.dataset.side === 'british' || /^gb-/.test(e.dataset.unit);
  return {
    version: gp && gp.dataset.version !== undefined && gp.dataset.version !== '' ? Number(gp.dataset.version) : -1,
    pending: !!gp && gp.classList.contains('pending'),
    step: st ? st.dataset.step || '' : '',
    toMove: st ? st.dataset.toMove || '' : '',
    mine: !!q('#status .who.mine'),
    choices: all('#choices button[data-choice]').map((b) => b.dataset.choice),
    hlPlaces: all('#board [data-place].hl').map((e) => e.dataset.place),
    hlUnits: all('#board [data-unit].hl').map((e) => e.dataset.unit),
    logLines: all('#log li.line').length,
    logText: all('#log li.line').map((l) => l.textContent).join('\n'),
    prompt: q('#prompt') ? q('#prompt').textContent : '',
    conn: q('#conn') ? q('#conn').dataset.state || '' : '',
    menu: !!q('#choice-menu'),
    curtain: q('#handover') ? q('#handover').dataset.seat || '?' : '',
    error: err && !err.hidden ? err.textContent : '',
    boardGerman: all('#board [data-unit]').filter(isGerman).length,
    boardBritish: all('#board [data-unit]').filter(isBritish).length,
    gbOutsideArtillery: outside(isBritish, '#artillery-british'),
    deOutsideArtillery: outside(isGerman, '#artillery-german'),
  };
}`

func (p *page) state() pageState {
	p.t.Helper()
	return run(p, "read the page", 5*time.Second, chromedp.Evaluate[pageState]("("+readState+")()"))
}

// waitFor polls the page until the JS condition on s (a pageState) holds,
// and returns that state.
func (p *page) waitFor(what string, d time.Duration, cond string) pageState {
	p.t.Helper()
	fn := fmt.Sprintf("() => { const s = (%s)(); return (%s) ? s : null; }", readState, cond)
	ctx, cancel := context.WithTimeout(p.ctx, d)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.PollFunction[pageState](fn,
		chromedp.WithPollingInterval(15*time.Millisecond), chromedp.WithPollingTimeout(d)))
	if err != nil {
		last, _ := json.Marshal(p.stateQuiet())
		p.t.Fatalf("%s: waiting for %s (%s): %v\nlast page state: %s", p.name, what, cond, err, last)
	}
	return s
}

// stateQuiet reads the page for an error message; it never fails.
func (p *page) stateQuiet() pageState {
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[pageState]("("+readState+")()"))
	return s
}

// waitVersion waits until the page shows a version above v, settled.
func (p *page) waitVersion(v int) pageState {
	p.t.Helper()
	return p.waitFor(fmt.Sprintf("a version after %d", v), 10*time.Second,
		fmt.Sprintf("(s.version > %d && !s.pending) || s.menu || s.curtain || s.error", v))
}

// point is a place on the screen, in CSS pixels.
type point struct {
	X   float64 `json:"x"`
	Y   float64 `json:"y"`
	Err string  `json:"err"`
}

// findPlace finds a point inside a highlighted place of the map where a
// click reaches that place (not a counter or a marker on it).
const findPlace = `(id) => {
  const el = document.querySelector('#board [data-place="' + id + '"]');
  if (!el) return {err: 'no place ' + id + ' on the map'};
  if (!el.classList.contains('hl')) return {err: 'place ' + id + ' is not highlighted'};
  const hits = (x, y) => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const t = document.elementFromPoint(x, y);
    return !!t && t.closest('[data-place]') === el;
  };
  const lab = document.querySelector('#board [data-label="' + id + '"] circle, #board [data-label="' + id + '"] rect');
  if (lab) {
    const r = lab.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (hits(x, y)) return {x, y};
  }
  const r = el.getBoundingClientRect();
  for (let i = 1; i < 12; i++) for (let j = 1; j < 12; j++) {
    const x = r.left + r.width * i / 12, y = r.top + r.height * j / 12;
    if (hits(x, y)) return {x, y};
  }
  return {err: 'no visible point of place ' + id + ' takes a click'};
}`

// findUnit finds a point on a highlighted counter of the map (or its
// button in an off-map box) where a click reaches it.
const findUnit = `(id) => {
  const hitsEl = (el, x, y) => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const t = document.elementFromPoint(x, y);
    return !!t && (t === el || el.contains(t));
  };
  const el = document.querySelector('#board [data-unit="' + id + '"]');
  if (el) {
    if (!el.classList.contains('hl')) return {err: 'counter ' + id + ' is not highlighted'};
    const f = el.querySelector('.face') || el;
    const r = f.getBoundingClientRect();
    for (const [a, b] of [[.5, .5], [.3, .7], [.7, .7], [.5, .85], [.2, .5], [.8, .5]]) {
      const x = r.left + r.width * a, y = r.top + r.height * b;
      if (hitsEl(el, x, y)) return {x, y};
    }
    return {err: 'counter ' + id + ' is covered'};
  }
  const b = document.querySelector('button[data-unit-button="' + id + '"]');
  if (b) {
    b.scrollIntoView({block: 'center'});
    const r = b.getBoundingClientRect();
    return {x: r.left + r.width / 2, y: r.top + r.height / 2};
  }
  return {err: 'no counter ' + id + ' to click'};
}`

// clickAt finds a point with the JS finder and clicks it with the mouse,
// polling while the page is still drawing.
func (p *page) clickAt(what, finder, id string) {
	p.t.Helper()
	pt := p.pointAt(what, finder, id)
	p.do("click "+what+" "+id, 5*time.Second, chromedp.MouseClickXY(pt.X, pt.Y))
}

// hover moves the mouse onto the element that matches a CSS selector.
func (p *page) hover(sel string) {
	p.t.Helper()
	pt := p.pointAt("element", findElement, sel)
	p.do("hover "+sel, 5*time.Second, chromedp.MouseEvent(input.DispatchMouseEventTypeMouseMoved, pt.X, pt.Y))
}

// pointAt finds a point with the JS finder, polling while the page is
// still drawing.
func (p *page) pointAt(what, finder, id string) point {
	p.t.Helper()
	fn := fmt.Sprintf("(id) => { const r = (%s)(id); return r.err ? null : r; }", finder)
	ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
	defer cancel()
	pt, err := chromedp.Run(ctx, chromedp.PollFunction[point](fn, chromedp.WithPollingArgs(id),
		chromedp.WithPollingInterval(15*time.Millisecond), chromedp.WithPollingTimeout(5*time.Second)))
	if err != nil {
		why := run(p, "explain", 3*time.Second, chromedp.Evaluate[point](fmt.Sprintf("(%s)(%q)", finder, id)))
		p.t.Fatalf("%s: cannot reach %s %s: %s (%v)", p.name, what, id, why.Err, err)
	}
	return pt
}

// findCoveredUnit finds, for a highlighted counter that others of a
// crowded map cover, a point where a click reaches its place's stack (a
// counter or the tray of the same place); {} if the counter is in sight.
const findCoveredUnit = `(id) => {
  const el = document.querySelector('#board [data-unit="' + id + '"]');
  if (!el && document.querySelector('button[data-unit-button="' + id + '"]')) return {}; // in a box
  if (!el || !el.classList.contains('hl')) return {err: 'no highlighted counter ' + id};
  const hit = (x, y, target) => {
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
    const t = document.elementFromPoint(x, y);
    return !!t && (t === target || target.contains(t));
  };
  const r = (el.querySelector('.face') || el).getBoundingClientRect();
  for (const [a, b] of [[.5, .5], [.3, .7], [.7, .7], [.5, .85], [.2, .5], [.8, .5]]) {
    if (hit(r.left + r.width * a, r.top + r.height * b, el)) return {};
  }
  const g = el.closest('[data-stack-place]');
  const parts = g ? [...g.querySelectorAll('[data-stack]'), ...g.children] : []; // a pile's badge opens the stack whatever the place offers
  for (const c of parts) {
    const q = c.getBoundingClientRect();
    for (const [a, b] of [[.5, .5], [.2, .2], [.8, .8], [.2, .8], [.8, .2]]) {
      const x = q.left + q.width * a, y = q.top + q.height * b;
      if (hit(x, y, g)) return {x, y};
    }
  }
  return {err: 'counter ' + id + ' and its whole stack are covered'};
}`

// clickUnitInStack makes choice through the stack of the counter id's
// place, as a player does where other counters cover the counter: a click
// on its stack opens it, and the choice is made there. It reports false,
// doing nothing, when the counter is in sight to be clicked itself.
func (p *page) clickUnitInStack(id, choice string) bool {
	p.t.Helper()
	pt := p.pointAt("the stack of counter", findCoveredUnit, id)
	if pt.X == 0 && pt.Y == 0 {
		return false
	}
	p.do("open the stack of "+id, 5*time.Second, chromedp.MouseClickXY(pt.X, pt.Y))
	p.click(fmt.Sprintf(`#stack button[data-choice=%q]`, choice))
	return true
}

func (p *page) clickPlace(id string) { p.t.Helper(); p.clickAt("place", findPlace, id) }
func (p *page) clickUnit(id string)  { p.t.Helper(); p.clickAt("counter", findUnit, id) }

// findElement finds the middle of the first element that matches a CSS
// selector, scrolled into view, where a click reaches it.
const findElement = `(sel) => {
  const el = document.querySelector(sel);
  if (!el) return {err: 'nothing matches ' + sel};
  if (el.disabled) return {err: sel + ' is disabled'};
  el.scrollIntoView({block: 'nearest', inline: 'nearest'});
  const r = el.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const t = document.elementFromPoint(x, y);
  if (!t || !(t === el || el.contains(t))) return {err: sel + ' is covered by ' + (t ? t.outerHTML.slice(0, 80) : 'nothing')};
  return {x, y};
}`

// click clicks the element that matches a CSS selector with the mouse.
// The page redraws its buttons on every view it receives, so this finds
// the element's place and clicks there, rather than holding on to a node.
func (p *page) click(sel string) { p.t.Helper(); p.clickAt("element", findElement, sel) }

// clickChoiceButton clicks a choice in the list under the prompt.
func (p *page) clickChoiceButton(id string) {
	p.t.Helper()
	p.click(fmt.Sprintf(`#choices button[data-choice=%q]`, id))
}

// shot writes a screenshot of the viewport to docs/screenshots/name when
// SANDTABLE_SCREENSHOTS=1.
func (p *page) shot(name string) {
	p.t.Helper()
	if !screenshots() {
		return
	}
	// Let animations and fonts settle, and put the mouse aside.
	p.do("settle", 5*time.Second, chromedp.MouseEvent(chromedp.MouseMoved, 1, 1), chromedp.Sleep(300*time.Millisecond))
	png := run(p, "screenshot", 10*time.Second, chromedp.CaptureScreenshot())
	path := filepath.Join("..", "docs", "screenshots", name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s (%d bytes)", path, len(png))
}

func screenshots() bool { return os.Getenv("SANDTABLE_SCREENSHOTS") == "1" }

// gameID is the id of the game page on screen, from its address.
func (p *page) gameID() string {
	p.t.Helper()
	loc := run(p, "location", 5*time.Second, chromedp.Location())
	i := strings.Index(loc, "/play/")
	if i < 0 {
		p.t.Fatalf("%s: not on a game page: %s", p.name, loc)
	}
	id := loc[i+len("/play/"):]
	if j := strings.IndexAny(id, "#?/"); j >= 0 {
		id = id[:j]
	}
	return id
}

// timer logs how long each stage of a test took.
type timer struct {
	t     *testing.T
	start time.Time
	last  time.Time
}

func newTimer(t *testing.T) *timer {
	now := time.Now()
	return &timer{t: t, start: now, last: now}
}

func (tm *timer) mark(stage string) {
	now := time.Now()
	tm.t.Logf("%-40s %6.2fs (total %6.2fs)", stage, now.Sub(tm.last).Seconds(), now.Sub(tm.start).Seconds())
	tm.last = now
}
