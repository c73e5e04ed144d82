package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"sandtable/ai"
	"sandtable/engine"
	"sandtable/games"
	"sandtable/games/soa"
)

// sandtable runs one command line in-process.
func sandtable(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

// must runs a command that must succeed.
func must(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	out, errs, code := sandtable(t, stdin, args...)
	if code != 0 {
		t.Fatalf("sandtable %s: exit %d\n%s", strings.Join(args, " "), code, errs)
	}
	return out
}

// fails runs a command that must fail with the given status and a one-line message containing want.
func fails(t *testing.T, wantCode int, want string, stdin string, args ...string) {
	t.Helper()
	_, errs, code := sandtable(t, stdin, args...)
	if code != wantCode {
		t.Fatalf("sandtable %s: exit %d, want %d\n%s", strings.Join(args, " "), code, wantCode, errs)
	}
	if !strings.Contains(errs, want) || strings.Count(strings.TrimSpace(errs), "\n") > 0 {
		t.Fatalf("sandtable %s: stderr %q, want one line containing %q", strings.Join(args, " "), errs, want)
	}
}

func write(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func decode[T any](t *testing.T, s string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, s)
	}
	return v
}

func TestGamesListsSoa(t *testing.T) {
	out := must(t, "", "games")
	for _, want := range []string{"soa", "Storm Over Arnhem", "scenario basic", "hidden_at"} {
		if !strings.Contains(out, want) {
			t.Errorf("games output lacks %q:\n%s", want, out)
		}
	}
	list := decode[[]games.Info](t, must(t, "", "games", "--json"))
	if len(list) == 0 || list[0].ID != "soa" || len(list[0].Options) == 0 || list[0].MaxChoices <= 0 {
		t.Fatalf("games --json: %+v", list)
	}
}

func TestUsageMistakesExit2(t *testing.T) {
	fails(t, 2, "no command", "", "frobnicate")
	fails(t, 2, "--game is required", "", "new")
	fails(t, 2, `no game "chess"; known games: soa`, "", "new", "--game", "chess")
	fails(t, 2, "unknown option", "", "new", "--game", "soa", "--option", "fog=on")
	fails(t, 2, "--seat SEAT is required", "", "view", "-")
	fails(t, 2, "missing arguments", "", "legal")
	if out, _, code := sandtable(t, "", "help"); code != 0 || !strings.Contains(out, "fuzz") {
		t.Fatalf("help: exit %d\n%s", code, out)
	}
	if out, _, code := sandtable(t, "", "apply", "-h"); code != 0 || !strings.Contains(out, "-dice") {
		t.Fatalf("apply -h: exit %d\n%s", code, out)
	}
	_, errs, code := sandtable(t, "", "new", "--game", "soa", "--seed", "x")
	if code != 2 || !strings.Contains(errs, "seed") {
		t.Fatalf("bad seed: exit %d %s", code, errs)
	}
}

// germanIDs are the German counters that set up on the map (artillery
// stays in its printed box, in everyone's sight).
func germanIDs(t *testing.T) []string {
	var ids []string
	for _, u := range soa.MustLoad().Units() {
		if u.Side == "german" && u.Type != soa.Artillery {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

func TestRecordCommandsEndToEnd(t *testing.T) {
	dir := t.TempDir()
	rec := must(t, "", "new", "--game", "soa", "--seed", "42")
	r := decode[engine.Record](t, rec)
	if r.Seed != 42 || r.Format != engine.RecordFormat || r.Options["hidden_at"] != "off" || r.Hash == "" {
		t.Fatalf("new: %+v", r)
	}
	// A seed is drawn when none is given, and written in the record.
	if r2 := decode[engine.Record](t, must(t, "", "new", "--game", "soa")); r2.Seed == 42 && r2.Hash == r.Hash {
		t.Fatal("new without --seed did not draw a seed")
	}

	// legal, then apply the first choice until the German set-up has begun
	// and three German units are placed, one apply at a time.
	germanPlaced := 0
	for step := 0; germanPlaced < 3; step++ {
		if step > 200 {
			t.Fatal("the German set-up did not begin within 200 choices")
		}
		l := decode[legalDoc](t, must(t, rec, "legal", "-"))
		if l.ToMove == "" || len(l.Choices) == 0 {
			t.Fatalf("legal: %+v", l)
		}
		if l.ToMove == "german" {
			germanPlaced++
		}
		rec = must(t, rec, "apply", "-", l.Choices[0].ID)
	}
	path := write(t, dir, "game.json", rec)
	r = decode[engine.Record](t, rec)

	// apply several choices at once, and --dice.
	l := decode[legalDoc](t, must(t, "", "legal", path))
	more := decode[engine.Record](t, must(t, "", "apply", path, l.Choices[0].ID, "--dice", "3,5"))
	if len(more.Choices) != len(r.Choices)+1 || len(more.Dice) != 1 || more.Dice[0].Before != len(r.Choices) ||
		!slices.Equal(more.Dice[0].Rolls, []int{3, 5}) || more.Hash == r.Hash {
		t.Fatalf("apply --dice: choices %d (was %d), dice %+v", len(more.Choices), len(r.Choices), more.Dice)
	}
	fails(t, 1, "run `sandtable legal` to list the legal choices", "", "apply", path, l.Choices[0].ID, "no-such-choice")
	fails(t, 2, "not a number from 1 to 6", "", "apply", path, "--dice", "0")

	// view: the British seat sees no German unit during the German set-up (soa:5.5).
	bv := must(t, "", "view", path, "--seat", "british")
	gv := must(t, "", "view", path, "--seat", "german")
	seen := 0
	for _, id := range germanIDs(t) {
		if strings.Contains(bv, `"`+id+`"`) {
			t.Errorf("the British view during the German set-up shows %s", id)
		}
		if strings.Contains(gv, `"`+id+`"`) {
			seen++
		}
	}
	if seen < 3 || !strings.Contains(gv, `"choices"`) {
		t.Errorf("the German view (to move) shows %d of its placed units, or lacks its choices", seen)
	}
	// The view prints the seat's whole log: the German reads its own three
	// set-up lines and none of the British ones (soa:5.5); --log-from leaves
	// out what a client already has.
	type logged struct {
		LogLen  int              `json:"log_len"`
		LogFrom int              `json:"log_from"`
		Log     []engine.LogLine `json:"log"`
	}
	gl := decode[logged](t, gv)
	setups := 0
	for _, l := range gl.Log {
		if strings.Contains(l.Text, " sets up in ") {
			setups++
		}
	}
	if gl.LogFrom != 0 || len(gl.Log) != gl.LogLen || setups != 3 {
		t.Errorf("German view: %d lines from %d of %d, %d set-up lines; want the whole log with its 3 set-ups", len(gl.Log), gl.LogFrom, gl.LogLen, setups)
	}
	if l := decode[logged](t, must(t, "", "view", path, "--seat", "german", "--log-from", "1")); l.LogFrom != 1 || len(l.Log) != gl.LogLen-1 {
		t.Errorf("view --log-from 1: %d lines from %d, want %d from 1", len(l.Log), l.LogFrom, gl.LogLen-1)
	}
	doc := decode[map[string]any](t, must(t, "", "view", path, "--seat", "spectator"))
	if doc["format"] != engine.ViewFormat || doc["choices"] != nil {
		t.Errorf("spectator view: format %v, choices %v", doc["format"], doc["choices"])
	}
	fails(t, 2, `no seat "polish"`, "", "view", path, "--seat", "polish")

	// replay: the hash matches; a tampered hash or choice fails.
	if got := strings.TrimSpace(must(t, "", "replay", path)); got != r.Hash {
		t.Fatalf("replay printed %q, the record says %q", got, r.Hash)
	}
	fails(t, 1, "but the record says 0123456789abcdef", strings.Replace(rec, r.Hash, "0123456789abcdef", 1), "replay", "-")
	tampered := strings.Replace(rec, `"place:`, `"place:9`, 1)
	fails(t, 1, "choice 1:", tampered, "replay", "-")
	fails(t, 1, "reading", "", "replay", filepath.Join(dir, "missing.json"))

	// Versions (docs/formats.md): a record names the rules it was played under.
	// One from before versions is version 1, and soa's version 2 changed play
	// (games/soa/versions.go): replay refuses it, naming both versions, and
	// migrate makes it a record of the current rules (this one has no choices,
	// so it starts where it did). One of newer rules is refused by both.
	if g, _ := games.Get("soa"); r.Rules != engine.RulesVersion(g) || r.Rules < 2 {
		t.Fatalf("the record says rules %d, the game plays %d", r.Rules, engine.RulesVersion(g))
	}
	unversioned := strings.Replace(rec, fmt.Sprintf("\n  \"rules\": %d,", r.Rules), "", 1)
	fails(t, 1, fmt.Sprintf("played under soa rules 1, but this sandtable plays rules %d", r.Rules), unversioned, "replay", "-")
	if got := must(t, unversioned, "migrate", "-"); got != rec {
		t.Fatalf("migrate made of the record without rules\n%s\nnot\n%s", got, rec)
	}
	newer := strings.Replace(rec, fmt.Sprintf(`"rules": %d`, r.Rules), fmt.Sprintf(`"rules": %d`, r.Rules+1), 1)
	want := fmt.Sprintf("soa rules %d, newer than the rules %d this sandtable plays", r.Rules+1, r.Rules)
	fails(t, 1, want, newer, "replay", "-")
	fails(t, 1, want, newer, "migrate", "-")
	if got := must(t, rec, "migrate", "-"); got != rec {
		t.Fatalf("migrate changed a record of the current rules:\n%s", got)
	}

	// render: SVG that parses as XML, for a seat, with no German unit in the British picture.
	svgPath := filepath.Join(dir, "b.svg")
	must(t, "", "render", path, "--out", svgPath, "--seat", "british")
	svg, _ := os.ReadFile(svgPath)
	checkXML(t, svg)
	for _, id := range germanIDs(t) {
		if bytes.Contains(svg, []byte(id)) {
			t.Errorf("the British SVG during the German set-up shows %s", id)
		}
	}
	checkXML(t, []byte(must(t, "", "render", path, "--out", "-")))

	// position, then new --position: the same situation under a new record.
	pos := must(t, "", "position", path)
	posPath := write(t, dir, "pos.json", pos)
	fromPos := must(t, "", "new", "--game", "soa", "--position", posPath, "--seed", "1")
	if decode[engine.Record](t, fromPos).Hash != r.Hash {
		t.Error("a record started from the position has another state hash")
	}
	if a, b := must(t, fromPos, "legal", "-"), must(t, "", "legal", path); a != b {
		t.Error("legal choices differ between the record and its position")
	}
	fails(t, 2, "--position carries its own options", "", "new", "--game", "soa", "--position", posPath, "--option", "hidden_at=on")
	fails(t, 1, "reading position", "", "new", "--game", "soa", "--position", write(t, dir, "bad.json", `{"format":"x"}`))
}

func checkXML(t *testing.T, data []byte) {
	t.Helper()
	if !bytes.HasPrefix(data, []byte("<svg")) {
		t.Fatalf("not an SVG: %.80s", data)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := dec.Token(); err == io.EOF {
			return
		} else if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
	}
}

var gameOver = regexp.MustCompile(`=== Game over after \d+ choices: \w+, winner (German|British|nobody)`)

func TestPlayPersonAgainstBotToTheEnd(t *testing.T) {
	dir := t.TempDir()
	recPath := filepath.Join(dir, "game.json")
	out := must(t, strings.Repeat("1\n", 20000), "play", "soa", "--seat", "british", "--bot", "random", "--seed", "9", "--record", recPath)
	if !gameOver.MatchString(out) {
		t.Fatalf("no result screen; output ends:\n%s", out[max(0, len(out)-2000):])
	}
	// Before the set-ups are revealed the British player sees no German unit.
	before, _, _ := strings.Cut(out, "both set-ups are revealed")
	for _, id := range germanIDs(t) {
		if strings.Contains(before, id) {
			t.Fatalf("the British player saw %s before the set-ups were revealed", id)
		}
	}
	rec := decode[engine.Record](t, readFile(t, recPath))
	if got := strings.TrimSpace(must(t, "", "replay", recPath)); got != rec.Hash {
		t.Fatalf("the saved record replays to %s, says %s", got, rec.Hash)
	}
	if l := decode[legalDoc](t, must(t, "", "legal", recPath)); l.ToMove != "" || l.Result == nil {
		t.Fatalf("legal on a finished game: %+v", l)
	}
}

func TestPlayBotAgainstBot(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "game.json")
	out := must(t, "", "play", "soa", "--seat", "spectator", "--bot", "random", "--seed", "5", "--record", recPath)
	if !gameOver.MatchString(out) || !strings.Contains(out, "seen by: spectator") {
		t.Fatalf("no result screen for the spectator; output ends:\n%s", out[max(0, len(out)-2000):])
	}
	must(t, "", "replay", recPath)
}

// play --bot takes every bot level (the British set up first, so the
// person quits before the bot thinks), and --help lists each with how it
// plays.
func TestPlayTakesEveryBotLevel(t *testing.T) {
	for _, name := range ai.Names() {
		recPath := filepath.Join(t.TempDir(), "game.json")
		must(t, "q\n", "play", "soa", "--seat", "british", "--bot", name, "--seed", "5", "--record", recPath)
		if p := decode[engine.Record](t, readFile(t, recPath)).Players; p["german"] != name || p["british"] != "person" {
			t.Errorf("--bot %s: the record's players are %v", name, p)
		}
	}
	fails(t, 2, `no bot "search:nope"`, "", "play", "soa", "--bot", "search:nope")
	help := must(t, "", "play", "--help")
	for _, name := range ai.Names() {
		if !strings.Contains(help, name+": "+ai.Describe(name)) {
			t.Errorf("play --help does not list %s with how it plays:\n%s", name, help)
		}
	}
}

func TestPlayUndoAndQuit(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "game.json")
	// u at the start: nothing to undo; 1 then u: the set-up choice (no die,
	// same seat to move) is taken back; 2, 3 then q saves two choices.
	out := must(t, "u\n1\nu\n2\nnonsense\n3\nq\n", "play", "soa", "--hotseat", "--seed", "1", "--record", recPath)
	for _, want := range []string{"cannot undo: no choice to take back", "took back place:", `"nonsense" is neither a number`, "record saved to " + recPath + " (2 choices)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	rec := decode[engine.Record](t, readFile(t, recPath))
	legal := decode[legalDoc](t, must(t, must(t, "", "new", "--game", "soa", "--seed", "1"), "legal", "-"))
	if len(rec.Choices) != 2 || rec.Choices[0] != legal.Choices[1].ID {
		t.Fatalf("saved choices %v, want the 2nd legal choice %s first", rec.Choices, legal.Choices[1].ID)
	}
	// A bot's move cannot be taken back: the British player sets up all
	// his units, the German bot sets up, then the British player tries.
	british := 0
	for _, u := range soa.MustLoad().Units() {
		if u.Side == "british" && u.Pool == "" && u.Type != soa.Artillery {
			british++
		}
	}
	out = must(t, strings.Repeat("1\n", british)+"u\nq\n", "play", "soa", "--seat", "british", "--seed", "1", "--record", recPath)
	if !strings.Contains(out, "cannot undo: the other seat has moved since") {
		t.Errorf("undo after the bot's set-up was not refused:\n%s", out[max(0, len(out)-1500):])
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var closing = regexp.MustCompile(`(?m)^games 20, choices \d+, choices/s \d+, games/s [\d.]+, failures 0, avg choices/game \d+, max choices/game \d+$`)

func TestFuzzTwentyGames(t *testing.T) {
	dir := t.TempDir()
	out := must(t, "", "fuzz", "--game", "soa", "--games", "20", "--seed", "100", "--out", dir)
	if !closing.MatchString(out) {
		t.Fatalf("closing line: %q", out)
	}
	// Deterministic per seed: the same run plays the same number of choices.
	again := must(t, "", "fuzz", "--game", "soa", "--games", "20", "--seed", "100", "--out", dir, "--workers", "1")
	if choices(out) != choices(again) {
		t.Fatalf("two runs with seed 100 differ: %q vs %q", out, again)
	}
}

func choices(line string) string { return regexp.MustCompile(`choices \d+`).FindString(line) }

func TestBench(t *testing.T) {
	out := must(t, "", "bench", "--game", "soa", "--seconds", "0.2")
	if !regexp.MustCompile(`choices/s \d+, games/s [\d.]+`).MatchString(out) {
		t.Fatalf("bench: %q", out)
	}
}

// bench serve plays from mid-game positions over WebSockets: choices are
// made and their views arrive, each view continuing the log where the last
// ended (the bench fails a game otherwise), and a view at a mid-game
// position, joined with the newest log lines, weighs kilobytes.
func TestBenchServe(t *testing.T) {
	out := must(t, "", "bench", "serve", "--games", "3", "--seconds", "1.5", "--interval", "50ms")
	m := regexp.MustCompile(`choices (\d+), .* view bytes p50 (\d+) max (\d+), errors 0`).FindStringSubmatch(out)
	if m == nil || m[1] == "0" || len(m[2]) < 4 {
		t.Fatalf("bench serve: %q", out)
	}
}

// bench serve --bot-games: games between bots go on in the server's bot
// pool while the people's games are measured, and the summary reports them
// apart: the people's latencies, the bot games' choices and the pool's
// times, and the machine's load.
func TestBenchServeWithBots(t *testing.T) {
	out := must(t, "", "bench", "serve", "--games", "2", "--seconds", "1.5", "--interval", "50ms",
		"--bot-games", "2", "--bot", "random", "--bot-cores", "1", "--bot-delay", "5ms")
	people := regexp.MustCompile(`(?m)^games 2, choices (\d+), choices/s \d+, p50 \S+, p99 \S+, .*, errors 0$`).FindStringSubmatch(out)
	bots := regexp.MustCompile(`(?m)^bot games 2 \(random at both seats\), choices (\d+), finished \d+; ` +
		`bot choices thought (\d+), think mean \S+ p99 [≤>] \S+, wait for a core mean \S+ p99 [≤>] \S+$`).FindStringSubmatch(out)
	if people == nil || people[1] == "0" || bots == nil || bots[1] == "0" || bots[2] == "0" {
		t.Fatalf("the people's games and the bot games did not both progress, or the summary lacks them:\n%s", out)
	}
	if _, err := os.Stat("/proc/loadavg"); err == nil && !strings.Contains(out, "\nmachine load (1, 5, 15 min) before ") {
		t.Fatalf("no machine load in the summary:\n%s", out)
	}
	fails(t, 2, `no bot "nope"`, "", "bench", "serve", "--bot", "nope")
}

// A saved game carries on where it stopped, with its seed and choices.
func TestPlayResume(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "resume.json")
	must(t, "1\n1\n1\nq\n", "play", "soa", "--hotseat", "--seed", "4", "--record", recPath)
	first := readChoices(t, recPath)
	must(t, "1\n1\nq\n", "play", "soa", "--hotseat", "--resume", recPath)
	second := readChoices(t, recPath)
	if len(first) != 3 || len(second) != 5 || !slices.Equal(second[:3], first) {
		t.Fatalf("resumed record %v does not extend %v by two choices", second, first)
	}
	must(t, "", "replay", recPath)
}

func readChoices(t *testing.T, path string) []string {
	t.Helper()
	return decode[engine.Record](t, readFile(t, path)).Choices
}

// play --resume refuses flags that contradict the saved game instead of
// ignoring them, and keeps the saved players when no seat flag is given.
func TestPlayResumeRefusesContradictions(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "resume.json")
	must(t, "1\nq\n", "play", "soa", "--seat", "british", "--bot", "random", "--seed", "4", "--record", recPath)
	if p := decode[engine.Record](t, readFile(t, recPath)).Players; p["british"] != "person" || p["german"] != "random" {
		t.Fatalf("the record's players are %v", p)
	}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"--seed 5 contradicts the saved game's seed 4", []string{"--seed", "5"}},
		{`--scenario other contradicts the saved game's scenario "basic"`, []string{"--scenario", "other"}},
		{"--option reaction=10 contradicts the saved game's reaction=off", []string{"--option", "reaction=10"}},
		{"the players german person, british person contradict the saved game's german random, british person", []string{"--hotseat"}},
		{"the players german person, british " + ai.Default + " contradict", []string{"--seat", "german"}},
	} {
		fails(t, 2, c.want, "", append([]string{"play", "soa", "--resume", recPath}, c.args...)...)
	}
	// Flags that agree are accepted; without seat flags the bot keeps the German seat.
	out := must(t, "1\nq\n", "play", "soa", "--resume", recPath, "--seed", "4", "--option", "reaction=off", "--seat", "british", "--bot", "random")
	if !strings.Contains(out, "British> ") || strings.Contains(out, "German> ") {
		t.Fatalf("the resumed game did not keep the British person against the bot:\n%s", out)
	}
	if n := len(readChoices(t, recPath)); n != 2 {
		t.Fatalf("the resumed record has %d choices, want 2", n)
	}
}

// TestMain runs the command itself when a test starts this binary as a
// child (SANDTABLE_CHILD_ARGS), so that a real signal can reach it.
func TestMain(m *testing.M) {
	if args := os.Getenv("SANDTABLE_CHILD_ARGS"); args != "" {
		os.Exit(run(strings.Fields(args), os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// Ctrl-C (SIGINT) in line mode saves the record like q.
func TestPlayInterruptSaves(t *testing.T) {
	recPath := filepath.Join(t.TempDir(), "game.json")
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "SANDTABLE_CHILD_ARGS=play soa --hotseat --seed 1 --record "+recPath)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	io.WriteString(stdin, "1\n")
	var out strings.Builder
	buf := make([]byte, 4096)
	for !strings.Contains(out.String(), "(choice 2):") {
		n, err := stdout.Read(buf)
		if err != nil {
			t.Fatalf("the game ended before the second prompt: %v\n%s", err, out.String())
		}
		out.Write(buf[:n])
	}
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	rest, _ := io.ReadAll(stdout)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("after Ctrl-C: %v\n%s", err, rest)
	}
	if !strings.Contains(string(rest), "interrupted\nrecord saved to "+recPath+" (1 choice)") {
		t.Fatalf("no save after Ctrl-C:\n%s", rest)
	}
	if n := len(readChoices(t, recPath)); n != 1 {
		t.Fatalf("the saved record has %d choices, want 1", n)
	}
}

// rulecov counts the project's own checklists; --min fails below the bar.
func TestRulecov(t *testing.T) {
	if out := must(t, "", "rulecov", "--repo", "../..", "--game", "soa", "--min", "100"); !strings.HasPrefix(out, "soa: 177/177 rule sections covered (100%)") {
		t.Fatalf("rulecov printed %q", out)
	}
	fails(t, 1, "coverage 100% is below --min 101%", "", "rulecov", "--repo", "../..", "--game", "soa", "--min", "101")
	fails(t, 2, `no checklist for game "nope"`, "", "rulecov", "--repo", "../..", "--game", "nope")
}
