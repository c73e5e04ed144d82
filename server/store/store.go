// Package store keeps games durably: how each game started, its seat
// tokens (hashed) and its choices, in order. The record is the source of
// truth; the server rebuilds every live state from it at start-up.
package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
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
	Choices    []string
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
);`

// OpenSQLite opens (creating if needed) the database at path. Commits are
// durable: WAL with synchronous=FULL.
func OpenSQLite(path string) (*SQLite, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(5000)&_pragma=foreign_keys(ON)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("opening database %s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; every read is at start-up
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("creating the schema in %s: %w (is it a sandtable database?)", path, err)
	}
	if err := addRulesColumn(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("adding the rules version to the games in %s: %w", path, err)
	}
	s := &SQLite{db: db, queue: make(chan *op, 1024), done: make(chan struct{})}
	go s.writer()
	return s, nil
}

// addRulesColumn brings a database from before rules versions up to date:
// its games are version 1.
func addRulesColumn(db *sql.DB) error {
	var n int
	if err := db.QueryRow(`SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'rules'`).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := db.Exec(`ALTER TABLE games ADD COLUMN rules INTEGER NOT NULL DEFAULT 1`)
	return err
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

// commit runs a batch in one transaction; an operation that fails is rolled
// back alone (savepoints), the others commit.
func (s *SQLite) commit(batch []*op) {
	tx, err := s.db.Begin()
	if err != nil {
		for _, o := range batch {
			o.errc <- err
		}
		return
	}
	errs := make([]error, len(batch))
	for i, o := range batch {
		if _, err := tx.Exec("SAVEPOINT op"); err != nil {
			errs[i] = err
			continue
		}
		if err := o.run(tx); err != nil {
			errs[i] = err
			tx.Exec("ROLLBACK TO op")
		}
		tx.Exec("RELEASE op")
	}
	if err := tx.Commit(); err != nil {
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	for i, o := range batch {
		o.errc <- errs[i]
	}
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
		if _, err := tx.Exec(`INSERT INTO games(id, game, scenario, options, seed, seed_chosen, position, seats, created, over, rules) VALUES(?,?,?,?,?,?,?,?,?,?,?)`,
			g.ID, g.Game, g.Scenario, string(opts), fmt.Sprint(g.Seed), g.SeedChosen, pos, string(seats), g.Created.UTC().Format(time.RFC3339Nano), g.Over, max(g.Rules, 1)); err != nil {
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

// AppendChoice stores choice number n (0-based) of a game; over marks the
// game finished. It returns once the choice is durable.
func (s *SQLite) AppendChoice(ctx context.Context, id string, n int, choice string, over bool) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		var have int
		if err := tx.QueryRow(`SELECT COALESCE(MAX(n) + 1, 0) FROM choices WHERE game_id = ?`, id).Scan(&have); err != nil {
			return err
		}
		if have != n {
			return ErrConflict
		}
		if _, err := tx.Exec(`INSERT INTO choices(game_id, n, choice) VALUES(?,?,?)`, id, n, choice); err != nil {
			return err
		}
		if over {
			_, err := tx.Exec(`UPDATE games SET over = 1 WHERE id = ?`, id)
			return err
		}
		return nil
	})
}

// Truncate keeps the first n choices of a game (undo).
func (s *SQLite) Truncate(ctx context.Context, id string, n int) error {
	return s.write(ctx, func(tx *sql.Tx) error {
		_, err := tx.Exec(`DELETE FROM choices WHERE game_id = ? AND n >= ?`, id, n)
		return err
	})
}

// Load reads every game with its choices, and every token.
func (s *SQLite) Load(ctx context.Context) ([]Game, []Token, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, game, scenario, options, seed, seed_chosen, position, seats, created, over, rules FROM games ORDER BY created, id`)
	if err != nil {
		return nil, nil, err
	}
	var games []Game
	index := map[string]int{}
	for rows.Next() {
		var g Game
		var opts, seed, seats, created string
		var pos sql.NullString
		if err := rows.Scan(&g.ID, &g.Game, &g.Scenario, &opts, &seed, &g.SeedChosen, &pos, &seats, &created, &g.Over, &g.Rules); err != nil {
			rows.Close()
			return nil, nil, err
		}
		json.Unmarshal([]byte(opts), &g.Options)
		json.Unmarshal([]byte(seats), &g.Seats)
		fmt.Sscan(seed, &g.Seed)
		g.Created, _ = time.Parse(time.RFC3339Nano, created)
		if pos.Valid {
			g.Position = json.RawMessage(pos.String)
		}
		index[g.ID] = len(games)
		games = append(games, g)
	}
	rows.Close()
	crows, err := s.db.QueryContext(ctx, `SELECT game_id, choice FROM choices ORDER BY game_id, n`)
	if err != nil {
		return nil, nil, err
	}
	for crows.Next() {
		var id, c string
		if err := crows.Scan(&id, &c); err != nil {
			crows.Close()
			return nil, nil, err
		}
		if i, ok := index[id]; ok {
			games[i].Choices = append(games[i].Choices, c)
		}
	}
	crows.Close()
	trows, err := s.db.QueryContext(ctx, `SELECT hash, game_id, seat FROM tokens`)
	if err != nil {
		return nil, nil, err
	}
	defer trows.Close()
	var tokens []Token
	for trows.Next() {
		var t Token
		if err := trows.Scan(&t.Hash, &t.GameID, &t.Seat); err != nil {
			return nil, nil, err
		}
		tokens = append(tokens, t)
	}
	return games, tokens, trows.Err()
}

// Ping checks the database answers.
func (s *SQLite) Ping(ctx context.Context) error { return s.db.PingContext(ctx) }

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
	return s.db.Close()
}
