package soa

import (
	"fmt"
	"strconv"
)

// Tables are the printed tables the rules consult (data/tables.json).
type Tables struct {
	Note         string              `json:"note"`
	RandomEvents map[string][]string `json:"random_events"` // roll "2".."13" (13 = 13+) -> result per turn 1-8 (soa:16)
	Victory      []VictoryLevel      `json:"victory"`       // soa:11.4, our design
	events       [14][9]byte
}

// VictoryLevel is one block of the Victory Point Track (soa:11.4).
type VictoryLevel struct {
	Min    int    `json:"min"`
	Max    int    `json:"max"`
	Winner string `json:"winner"` // "german", "british" or "" for a draw
	Level  string `json:"level"`  // "decisive", "marginal", "draw"
}

// LoadTables decodes and checks the tables.
func LoadTables(data []byte) (*Tables, error) {
	var t Tables
	if err := decodeStrict(data, &t); err != nil {
		return nil, err
	}
	for roll := 2; roll <= 13; roll++ {
		row, ok := t.RandomEvents[strconv.Itoa(roll)]
		if !ok || len(row) != 8 {
			return nil, fmt.Errorf("random_events: row %d must list 8 turns", roll)
		}
		for turn, r := range row {
			switch r {
			case "-", "G", "A", "B", "C":
				t.events[roll][turn+1] = r[0]
			default:
				return nil, fmt.Errorf("random_events: row %d turn %d: %q is not one of - G A B C", roll, turn+1, r)
			}
		}
	}
	if len(t.RandomEvents) != 12 {
		return nil, fmt.Errorf("random_events: want rows 2 to 13, got %d rows", len(t.RandomEvents))
	}
	for i, v := range t.Victory {
		if i > 0 && v.Min != t.Victory[i-1].Max+1 {
			return nil, fmt.Errorf("victory: level %d must start at %d", i, t.Victory[i-1].Max+1)
		}
		if v.Winner != "" && v.Winner != "german" && v.Winner != "british" {
			return nil, fmt.Errorf("victory: level %d: winner %q", i, v.Winner)
		}
	}
	if len(t.Victory) == 0 {
		return nil, fmt.Errorf("victory: no levels")
	}
	return &t, nil
}

// event looks up the Random Events Table (soa:16); rolls below 2 read as 2, above 13 as 13+.
func (t *Tables) event(roll, turn int) byte {
	return t.events[eventRow(roll)][turn]
}

// eventRow is the row of the Random Events Table a modified roll reads: the
// table's rows run from 2 to 13 (soa:16).
func eventRow(roll int) int { return max(2, min(13, roll)) }

// victory is the level of a final German total.
func (t *Tables) victory(vp int) VictoryLevel {
	for _, v := range t.Victory {
		if vp >= v.Min && vp <= v.Max {
			return v
		}
	}
	if vp < t.Victory[0].Min {
		return t.Victory[0]
	}
	return t.Victory[len(t.Victory)-1]
}

// decisiveGerman is the total at which the Germans win at once (soa:6.6).
func (t *Tables) decisiveGerman() int {
	for _, v := range t.Victory {
		if v.Winner == "german" && v.Level == "decisive" {
			return v.Min
		}
	}
	return 1 << 30
}
