// Package store keeps games durably: how each game started, its seat
// tokens (hashed) and its choices, in order. The record is the source of
// truth; the server rebuilds every live state from it at start-up.
package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	_ "modernc.org/sqlite" // pure Go SQLite driver
)

// Game is how a game started.
type Game struct {
	ID       string
	Game     string
	Scenario string
	Options  map[string]string
	Seed     uint64
	// Rules is the version of the game's rules it was started under
	// (engine.Versioned); games stored before versions are version 1.
	Rules int
	// SeedChosen: the creator chose the seed (and can foresee the dice)
	SeedChosen bool
	Position   json.RawMessage   // starting position document, if any
	Seats      map[string]string // seat -> "human" or "bot:NAME"
	Created    time.Time
	Over       bool
	// Updated is the time of the last choice or undo (Created before any).
	Updated time.Time
	// Archived: idle too long, kept to read and replay but no longer played.
	Archived bool
	// DrawBy is the seat whose draw offer stood at version DrawAt ("": none);
	// the offer stands while the game is at that version.
	DrawBy string
	DrawAt int
	// Hints: the seats may ask a bot for its suggested choice (a study).
	Hints   bool
	Choices []string
	// Estimates are the bots' estimates of a seat's chance to win, in
	// version order.
	Estimates []Estimate
}

// Estimate is a bot's estimate, at version Version (before that choice was
// made), of the chance that Seat wins, a draw counting a half: a bot's
// after it chose for its seat, or the hint bot's for the seat it advised.
type Estimate struct {
	Version int     `json:"version"`
	Seat    string  `json:"seat"`
	P       float64 `json:"p"`
}

// Token is a seat's secret, stored as a hash.
type Token struct {
	Hash   string
	GameID string
	Seat   string
}

// ErrConflict means the choice number is not the next one: someone else wrote first.
var ErrConflict = errors.New("store: choice number is not the next one")

// ErrClosed means the store has been closed: nothing more is written.
var ErrClosed = errors.New("store: closed")

// SQLite is the store in one SQLite database file. Writes go through one
// goroutine that commits whatever is waiting in a single transaction, so
// many games share each fsync (group commit).
type SQLite struct {
	db    *sql.DB
	queue chan *op
	done  chan struct{}
	// the statements of every choice, prepared once (parsing them took more
	// of the writer's time than running them)
	appendStmt, playedStmt *sql.Stmt
	// mu guards closed and the queue's closing: writers hold it shared while
	// they enqueue, Close exclusively, so no write sends on a closed queue.
	mu     sync.RWMutex
	closed bool
}

type op struct {
	run  func(tx *sql.Tx) error
	errc chan error
}

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id TEXT PRIMARY KEY,
	game TEXT NOT NULL,
	scenario TEXT NOT NULL,
	options TEXT NOT NULL,
	seed TEXT NOT NULL,
	seed_chosen INTEGER NOT NULL DEFAULT 0,
	position TEXT,
	seats TEXT NOT NULL,
	created TEXT NOT NULL,
	over INTEGER NOT NULL DEFAULT 0,
	rules INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE IF NOT EXISTS tokens (
	hash TEXT PRIMARY KEY,
	game_id TEXT NOT NULL REFERENCES games(id),
	seat TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS choices (
	game_id TEXT NOT NULL REFERENCES games(id),
	n INTEGER NOT NULL,
	choice TEXT NOT NULL,
	PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS estimates (
	game_id TEXT NOT NULL REFERENCES games(id),
	version INTEGER NOT NULL,
	seat TEXT NOT NULL,
	p REAL NOT NULL,
	PRIMARY KEY (game_id, version, seat)
);
CREATE TABLE IF NOT EXISTS health (
	id INTEGER PRIMARY KEY CHECK (id = 1),
	checked TEXT NOT NULL
);`

// added are the columns of games added since the first schema, each with
// the definition that ALTER TABLE gives it in older databases.
var added = map[string]string{
	"rules":    "INTEGER NOT NULL DEFAULT 1", // games stored before rules versions are version 1
	"updated":  "TEXT",
	"archived": "INTEGER NOT NULL DEFAULT 0",
	"draw_by":  "TEXT NOT NULL DEFAULT ''",
	"draw_at":  "INTEGER NOT NULL DEFAULT 0",
	"hints":    "INTEGER NOT NULL DEFAULT 0",
}

// addColumns adds the columns an older database lacks.
func addColumns(db *sql.DB, cols map[string]string) error {
	have := map[string]bool{}
	rows, err := db.Query(`SELECT name FROM pragma_table_info('games')`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return err
		}
		have[name] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for name, def := range cols {
		if !have[name] {
			if _, err := db.Exec(`ALTER TABLE games ADD COLUMN ` + name + ` ` + def); err != nil {
				return err
			}
		}
	}
	return nil
}

// OpenSQLite opens (creating if needed) the database at path. Commits are
// durable: WAL with synchronous=FULL.
func OpenSQLite(path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(ON)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; reads (start-up, archived games) wait for its commits
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("creating the schema in %s: %w (is it a sandtable database?)", path, err)
	}
	if err := addColumns(db, added); err != nil {
		db.Close()
		return nil, fmt.Errorf("updating the schema in %s: %w", path, err)
	}
	s := &SQLite{db: db, queue: make(chan *op, 1024), done: make(chan struct{})}
	// A choice is stored only as the next one of its game: a conflict
	// inserts nothing.
	if s.appendStmt, err = db.Prepare(`INSERT INTO choices(game_id, n, choice) SELECT ?1, ?2, ?3
		WHERE (SELECT COALESCE(MAX(n) + 1, 0) FROM choices WHERE game_id = ?1) = ?2`); err == nil {
		s.playedStmt, err = db.Prepare(`UPDATE games SET over = ?, updated = ? WHERE id = ?`)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("preparing the statements of %s: %w", path, err)
	}
	go s.writer()
	return s, nil
}

// writer commits queued operations in batches.
func (s *SQLite) writer() {
	defer close(s.done)
	for first := range s.queue {
		batch := []*op{first}
	more:
		for len(batch) < 512 {
			select {
			case o, ok := <-s.queue:
				if !ok {
					break more
				}
				batch = append(batch, o)
			default:
				break more
			}
		}
		s.commit(batch)
	}
}

// commit runs a batch in one transaction. If an operation fails, the
// transaction is rolled back and each operation runs again in its own, so
// that one failure (a conflict) does not fail the others: a savepoint
// around every operation cost more than this rare second pass.
func (s *SQLite) commit(batch []*op) {
	err := s.run(batch)
	if err != nil && len(batch) > 1 {
		for _, o := range batch {
			o.errc <- s.run([]*op{o})
		}
		return
	}
	for _, o := range batch {
		o.errc <- err
	}
}

// run runs operations in one transaction: all are committed, or none.
func (s *SQLite) run(ops []*op) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	for _, o := range ops {
		if err := o.run(tx); err != nil {
			tx.Rollback()
			return err
		}
	}
	return tx.Commit()
}

// write queues fn and waits until it is durably committed.
func (s *SQLite) write(ctx context.Context, fn func(tx *sql.Tx) error) error {
	o := &op{run: fn, errc: make(chan error, 1)}
	s.mu.RLock()
	if s.closed {
		s.mu.RUnlock()
		return ErrClosed
	}
	select {
	case s.queue <- o:
	case <-ctx.Done():
		s.mu.RUnlock()
		return ctx.Err()
	}
	s.mu.RUnlock()
	return <-o.errc // once queued, the outcome must be known before answering
}

// CreateGame stores a new game with its tokens and any choices it starts with.
func (s *SQLite) CreateGame(ctx context.Context, g Game, tokens []Token) error {
	opts, _ := json.Marshal(g.Options)
	seats, _ := json.Marshal(g.Seats)
	var pos any
	if len(g.Position) > 0 {
		pos = string(g.Position)
	}
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(`INSERT INTO games(id, game, scenario, options, seed, seed_chosen, position, seats, created, over, updated, rules, hints) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)`,
			g.ID, g.Game, g.Scenario, string(opts), fmt.Sprint(g.Seed), g.SeedChosen, pos, string(seats), stamp(g.Created), g.Over, stamp(g.Created), max(g.Rules, 1), g.Hints); err != nil {
			return err
		}
		for _, t := range tokens {
			if _, err := tx.Exec(`INSERT INTO tokens(hash, game_id, seat) VALUES(?,?,?)`, t.Hash, g.ID, t.Seat); err != nil {
				return err
			}
		}
		for n, c := range g.Choices {
			if _, err := tx.Exec(`INSERT INTO choices(game_id, n, choice) VALUES(?,?,?)`, g.ID, n, c); err != nil {
				return err
			}
		}
		return nil
	})
}

// AppendChoices stores choices as numbers n, n+1, ... (0-based) of a game,
// all in one transaction; over marks the game finished. It returns once they
// are durable, or stores none.
func (s *SQLite) AppendChoices(ctx context.Context, id string, n int, choices []string, over bool) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		insert := tx.Stmt(s.appendStmt)
		for i, c := range choices {
			r, err := insert.Exec(id, n+i, c)
			if err != nil {
				return err
			}
			if added, err := r.RowsAffected(); err != nil || added != 1 {
				return cmp.Or(err, ErrConflict)
			}
		}
		_, err := tx.Stmt(s.playedStmt).Exec(over, stamp(time.Now()), id)
		return err
	})
}

// Truncate keeps the first n choices of a game (undo), and the estimates
// of the positions that remain.
func (s *SQLite) Truncate(ctx context.Context, id string, n int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.Exec(`DELETE FROM choices WHERE game_id = ? AND n >= ?`, id, n); err != nil {
			return err
		}
		if _, err := tx.Exec(`DELETE FROM estimates WHERE game_id = ? AND version > ?`, id, n); err != nil {
			return err
		}
		_, err := tx.Exec(`UPDATE games SET updated = ? WHERE id = ?`, stamp(time.Now()), id)
		return err
	})
}

// AddEstimate stores a bot's estimate for a game; a later one for the same
// version and seat replaces it.
func (s *SQLite) AddEstimate(ctx context.Context, id string, e Estimate) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO estimates(game_id, version, seat, p) VALUES(?,?,?,?)
			ON CONFLICT(game_id, version, seat) DO UPDATE SET p = excluded.p`, id, e.Version, e.Seat, e.P)
		return err
	})
}

// SetDraw stores the draw offer of seat by, standing at version at; by ""
// withdraws it.
func (s *SQLite) SetDraw(ctx context.Context, id, by string, at int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`UPDATE games SET draw_by = ?, draw_at = ? WHERE id = ?`, by, at, id)
		return err
	})
}

// Archive marks a game archived: it stays to be read and replayed.
func (s *SQLite) Archive(ctx context.Context, id string) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`UPDATE games SET archived = 1 WHERE id = ?`, id)
		return err
	})
}

func stamp(t time.Time) string { return t.UTC().Format(time.RFC3339Nano) }

// Damaged is a stored game that does not read back whole: a field that does
// not parse, a gap in its choices, a token for a seat it does not have.
type Damaged struct {
	ID  string
	Err error
}

// Load reads every game with its choices, and every token. It checks
// everything it reads: a game that does not read back whole is returned in
// damaged, not in games, so that it is never served cut short or changed;
// an error reading the database itself fails the whole load.
func (s *SQLite) Load(ctx context.Context) (games []Game, tokens []Token, damaged []Damaged, err error) {
	var check string
	if err := s.db.QueryRowContext(ctx, `PRAGMA quick_check`).Scan(&check); err != nil {
		return nil, nil, nil, fmt.Errorf("checking the database: %w", err)
	}
	if check != "ok" {
		return nil, nil, nil, fmt.Errorf("the database is damaged (%s); restore it from a backup, or try the sqlite3 .recover command on a copy", check)
	}
	return s.load(ctx, "")
}

// LoadGame reads one game (an archived one, to read or replay it):
// ErrNotFound if there is none, ErrDamaged if it does not read back whole.
func (s *SQLite) LoadGame(ctx context.Context, id string) (Game, error) {
	games, _, bad, err := s.load(ctx, id)
	switch {
	case err != nil:
		return Game{}, err
	case len(bad) > 0:
		return Game{}, fmt.Errorf("%w: %v", ErrDamaged, bad[0].Err)
	case len(games) == 0:
		return Game{}, ErrNotFound
	}
	return games[0], nil
}

// ErrNotFound means there is no such game.
var ErrNotFound = errors.New("store: no such game")

// ErrDamaged means a game does not read back whole.
var ErrDamaged = errors.New("store: damaged game")

// load reads the game with ID one, or every game if one is "".
func (s *SQLite) load(ctx context.Context, one string) (games []Game, tokens []Token, damaged []Damaged, err error) {
	bad := map[string]error{}
	index := map[string]int{}
	err = s.each(ctx, `SELECT id, game, scenario, options, seed, seed_chosen, position, seats, created, over, updated, archived, rules, draw_by, draw_at, hints FROM games
		WHERE ?1 = '' OR id = ?1 ORDER BY created, id`, one,
		func(rows *sql.Rows) error {
			var g Game
			var opts, seed, seats, created string
			var pos, updated sql.NullString
			if err := rows.Scan(&g.ID, &g.Game, &g.Scenario, &opts, &seed, &g.SeedChosen, &pos, &seats, &created, &g.Over, &updated, &g.Archived, &g.Rules, &g.DrawBy, &g.DrawAt, &g.Hints); err != nil {
				return fmt.Errorf("a game row does not read: %w", err)
			}
			if !updated.Valid { // a game stored before the column existed
				updated.String = created
			}
			if err := g.parse(opts, seed, seats, created, updated.String); err != nil {
				bad[g.ID] = err
				return nil
			}
			if pos.Valid {
				g.Position = json.RawMessage(pos.String)
			}
			index[g.ID] = len(games)
			games = append(games, g)
			return nil
		})
	if err != nil {
		return nil, nil, nil, err
	}
	err = s.each(ctx, `SELECT game_id, n, choice FROM choices WHERE ?1 = '' OR game_id = ?1 ORDER BY game_id, n`, one, func(rows *sql.Rows) error {
		var id, c string
		var n int
		if err := rows.Scan(&id, &n, &c); err != nil {
			return fmt.Errorf("a choice row does not read: %w", err)
		}
		i, ok := index[id]
		switch {
		case !ok:
			if bad[id] == nil {
				bad[id] = fmt.Errorf("choice %d belongs to no stored game", n)
			}
		case n != len(games[i].Choices):
			bad[id] = fmt.Errorf("choice %d is missing (the next stored one is %d)", len(games[i].Choices), n)
		default:
			games[i].Choices = append(games[i].Choices, c)
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	err = s.each(ctx, `SELECT game_id, version, seat, p FROM estimates WHERE ?1 = '' OR game_id = ?1 ORDER BY game_id, version, seat`, one, func(rows *sql.Rows) error {
		var id string
		var e Estimate
		if err := rows.Scan(&id, &e.Version, &e.Seat, &e.P); err != nil {
			return fmt.Errorf("an estimate row does not read: %w", err)
		}
		i, ok := index[id]
		switch {
		case !ok:
			if bad[id] == nil {
				bad[id] = fmt.Errorf("an estimate belongs to no stored game")
			}
		case games[i].Seats[e.Seat] == "" || e.P < 0 || e.P > 1 || e.Version < 0:
			bad[id] = fmt.Errorf("an estimate of %g for seat %q at version %d: not a seat of the game, or not a chance", e.P, e.Seat, e.Version)
		default:
			games[i].Estimates = append(games[i].Estimates, e)
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	err = s.each(ctx, `SELECT hash, game_id, seat FROM tokens WHERE ?1 = '' OR game_id = ?1`, one, func(rows *sql.Rows) error {
		var t Token
		if err := rows.Scan(&t.Hash, &t.GameID, &t.Seat); err != nil {
			return fmt.Errorf("a token row does not read: %w", err)
		}
		i, ok := index[t.GameID]
		switch {
		case !ok:
			if bad[t.GameID] == nil {
				bad[t.GameID] = fmt.Errorf("a token belongs to no stored game")
			}
		case games[i].Seats[t.Seat] != "human":
			bad[t.GameID] = fmt.Errorf("a token is for seat %q, which is not played by a person", t.Seat)
		default:
			tokens = append(tokens, t)
		}
		return nil
	})
	if err != nil {
		return nil, nil, nil, err
	}
	if len(bad) == 0 {
		return games, tokens, nil, nil
	}
	games = slices.DeleteFunc(games, func(g Game) bool { return bad[g.ID] != nil })
	tokens = slices.DeleteFunc(tokens, func(t Token) bool { return bad[t.GameID] != nil })
	for id, err := range bad {
		damaged = append(damaged, Damaged{ID: id, Err: err})
	}
	slices.SortFunc(damaged, func(a, b Damaged) int { return strings.Compare(a.ID, b.ID) })
	return games, tokens, damaged, nil
}

// each runs a query and calls fn for every row; an error reading the rows
// (not only starting the query) is returned.
func (s *SQLite) each(ctx context.Context, query, one string, fn func(*sql.Rows) error) error {
	rows, err := s.db.QueryContext(ctx, query, one)
	if err != nil {
		return fmt.Errorf("reading the database: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("reading the database: %w", err)
	}
	return nil
}

// parse reads the text columns of a game row strictly.
func (g *Game) parse(opts, seed, seats, created, updated string) error {
	if err := json.Unmarshal([]byte(opts), &g.Options); err != nil {
		return fmt.Errorf("options %q: %w", opts, err)
	}
	if err := json.Unmarshal([]byte(seats), &g.Seats); err != nil || len(g.Seats) == 0 {
		return fmt.Errorf("seats %q are not a JSON object of seats", seats)
	}
	v, err := strconv.ParseUint(seed, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %q is not a whole number", seed)
	}
	g.Seed = v
	if g.Created, err = time.Parse(time.RFC3339Nano, created); err != nil {
		return fmt.Errorf("created %q is not a time", created)
	}
	if g.Updated, err = time.Parse(time.RFC3339Nano, updated); err != nil {
		return fmt.Errorf("updated %q is not a time", updated)
	}
	if g.Rules < 1 {
		return fmt.Errorf("rules version %d is not one", g.Rules)
	}
	if g.DrawBy != "" && g.Seats[g.DrawBy] == "" || g.DrawAt < 0 {
		return fmt.Errorf("a draw offer by %q at version %d: not a seat of the game, or no version", g.DrawBy, g.DrawAt)
	}
	return nil
}

// CheckWrite makes one durable write, as every choice does: a full disk, a
// read-only file or a closed store fails it.
func (s *SQLite) CheckWrite(ctx context.Context) error {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`INSERT INTO health(id, checked) VALUES(1, ?) ON CONFLICT(id) DO UPDATE SET checked = excluded.checked`, now)
		return err
	})
}

// Close finishes queued writes and closes the database.
// Writes that come later fail with ErrClosed; Close may be called more than once.
func (s *SQLite) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.queue)
	s.mu.Unlock()
	<-s.done
	s.appendStmt.Close()
	s.playedStmt.Close()
	return s.db.Close()
}
