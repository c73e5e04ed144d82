package engine

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
)

// pile is a toy game for the fuzz targets: take 1-3 counters, a die decides
// how many come back when a seat takes 3. It is all the engine needs to
// replay a record.
type pile struct {
	n, turn int
	rng     RNG
}

type pileGame struct{}

func (pileGame) ID() string                         { return "pile" }
func (pileGame) Name() string                       { return "Pile" }
func (pileGame) Seats() []Seat                      { return []Seat{"a", "b"} }
func (pileGame) Scenarios() []Scenario              { return []Scenario{{ID: "basic", Name: "Basic"}} }
func (pileGame) Options() []Option                  { return []Option{{Key: "size", Values: []string{"20", "5"}}} }
func (pileGame) MaxChoices() int                    { return 200 }
func (pileGame) LoadPosition([]byte) (State, error) { return nil, fmt.Errorf("no positions") }
func (g pileGame) New(sc string, opts map[string]string, seed uint64) (State, error) {
	o, err := ResolveOptions(g, opts)
	if err != nil {
		return nil, err
	}
	n := 20
	if o["size"] == "5" {
		n = 5
	}
	return &pile{n: n, rng: NewRNG(seed)}, nil
}

func (p *pile) ToMove() Seat {
	if p.n == 0 {
		return ""
	}
	return []Seat{"a", "b"}[p.turn]
}
func (p *pile) Result() *Result {
	if p.n > 0 {
		return nil
	}
	return &Result{Winner: []Seat{"a", "b"}[1-p.turn], Level: "win"}
}
func (p *pile) Legal(buf []Action) []Action {
	for k := 1; k <= 3 && k <= p.n; k++ {
		buf = append(buf, Action(k))
	}
	return buf
}
func (p *pile) Apply(a Action) error {
	if a < 1 || int(a) > min(3, p.n) {
		return ErrIllegal
	}
	p.n -= int(a)
	if a == 3 && p.n > 0 && p.rng.Die(6) == 6 {
		p.n++
	}
	p.turn = 1 - p.turn
	return nil
}
func (p *pile) Describe(a Action) Choice {
	return Choice{ID: fmt.Sprint("take-", int(a)), Rule: "pile:1"}
}
func (p *pile) Clone() State      { c := *p; c.rng = p.rng.Clone(); return &c }
func (p *pile) Hash() uint64      { return uint64(p.n)<<1 | uint64(p.turn) ^ p.rng.State<<8 }
func (p *pile) View(Seat) any     { return p.n }
func (p *pile) Position() any     { return p.n }
func (p *pile) Invariants() error { return nil }
func (p *pile) RNG() *RNG         { return &p.rng }

// FuzzDecodeRecord: no input makes decoding or replaying a record panic, and
// what decodes encodes and decodes to the same record.
func FuzzDecodeRecord(f *testing.F) {
	seeds := []string{
		`{"format":"sandtable-record/1","game":"pile","seed":1,"choices":["take-3","take-1"],"dice":[{"before":0,"rolls":[6]}],"hash":"0000000000000026"}`,
		`{"format":"sandtable-record/1","game":"pile","scenario":"basic","options":{"size":"5"},"seed":18446744073709551615,"choices":[]}`,
		`{"format":"sandtable-record/1","game":"pile","seed":2,"choices":["take-9"]}`,
		`{"format":"sandtable-record/1","game":"pile","seed":2,"choices":[],"dice":[{"before":1,"rolls":[7]}]}`,
		`{"format":"sandtable-record/2","game":"pile"}`,
		`{"format":"sandtable-record/1","game":"pile","position":{"format":"sandtable-position/1"},"choices":null}`,
		`[1,2,3]`, ``, `{`, `null`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := DecodeRecord(data)
		if err != nil {
			if r != nil {
				t.Fatalf("DecodeRecord returned a record with error %v", err)
			}
			return
		}
		enc := r.Encode()
		r2, err := DecodeRecord(enc)
		if err != nil {
			t.Fatalf("a decoded record does not decode after Encode: %v\n%s", err, enc)
		}
		if !bytes.Equal(r2.Encode(), enc) {
			t.Fatalf("round trip changed the record:\n%s\n%s", enc, r2.Encode())
		}
		if r.Game != "pile" {
			return
		}
		s, err := Verify(pileGame{}, r)
		if err == nil && s == nil {
			t.Fatal("Verify returned neither state nor error")
		}
	})
}

func TestDecodeRecordRejects(t *testing.T) {
	for _, bad := range []string{
		`{"format":"sandtable-record/1","game":"pile","seed":1,"choices":[],"extra":1}`,
		`{"format":"sandtable-record/1","seed":1,"choices":[]}`,
		`{"format":"sandtable-record/1","game":"pile","seed":1,"choices":[],"dice":[{"before":1,"rolls":[3]}]}`,
		`{"format":"sandtable-record/1","game":"pile","seed":1,"choices":["x"],"dice":[{"before":0,"rolls":[0]}]}`,
	} {
		if r, err := DecodeRecord([]byte(bad)); err == nil {
			t.Errorf("DecodeRecord accepted %s as %+v", bad, r)
		}
	}
}

func TestVerifyChecksHashAndForcedDice(t *testing.T) {
	g := pileGame{}
	r := &Record{Format: RecordFormat, Game: "pile", Seed: 1, Choices: []string{"take-3", "take-3"}, Dice: []ForcedDice{{Before: 0, Rolls: []int{6}}, {Before: 1, Rolls: []int{1}}}}
	s, err := Replay(g, r)
	if err != nil {
		t.Fatal(err)
	}
	if got := s.(*pile).n; got != 20-3+1-3 {
		t.Fatalf("pile %d after a forced 6 and a forced 1, want 15", got)
	}
	r.Hash = FormatHash(s.Hash())
	if _, err := Verify(g, r); err != nil {
		t.Fatal(err)
	}
	r.Hash = FormatHash(s.Hash() + 1)
	if _, err := Verify(g, r); err == nil {
		t.Fatal("Verify accepted a wrong hash")
	}
	r2 := &Record{Format: RecordFormat, Game: "pile", Seed: 1, Choices: []string{"take-4"}}
	if _, err := Verify(g, r2); !errors.Is(err, ErrIllegal) {
		t.Fatal("Verify accepted an illegal choice")
	}
}
