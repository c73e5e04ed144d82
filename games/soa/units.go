package soa

// The order of battle: every counter of both sides as data (soa:4), loaded
// from data/units.json and validated before a game starts. The printed
// counters are not available to us; the file is our reconstruction within
// every number the rulebook states (see data/UNITS.md).

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
)

// UnitType is what a counter is for the rules (soa:4.2).
type UnitType string

const (
	Infantry  UnitType = "infantry"  // squads, incl. reinforcement and reformed infantry
	HQ        UnitType = "hq"        // headquarters (infantry for every rule, soa:4.23)
	Engineer  UnitType = "engineer"  // counts as three units when setting fires (soa:18.3); infantry otherwise
	AntiTank  UnitType = "at"        // soa:13, DF printed "X"
	Armor     UnitType = "armor"     // soa:4.21
	Bren      UnitType = "bren"      // soa:17.5, 0-2-8
	Artillery UnitType = "artillery" // off-board counters (soa:14)
)

// UnitData is one counter as printed: both faces, organisation and set-up marks.
type UnitData struct {
	ID       string   `json:"id"`                  // stable, lowercase, e.g. "ss-lr4-1", "gb-a1-2", "de-art-hzr-1"
	Side     string   `json:"side"`                // "german" | "british"
	Force    string   `json:"force"`               // "ss" (black), "army" (blue/gray), "british" (soa:4.1)
	Name     string   `json:"name"`                // readable, e.g. "LR Co, 4th Pl, squad 1"
	Type     UnitType `json:"type"`                // soa:4.2
	AF       int      `json:"af"`                  // uncommitted (coloured) face; AT: the circled AF used vs armour (soa:13.3)
	DF       int      `json:"df"`                  // uncommitted face; 0 for AT ("X", soa:13.4)
	MF       int      `json:"mf"`                  // movement factors (soa:8.2)
	CDF      int      `json:"cdf"`                 // committed (white) face DF; armour: same as DF (soa:4.2)
	Level    string   `json:"level,omitempty"`     // HQs: "company" | "battalion" | "brigade"
	Company  string   `json:"company,omitempty"`   // lower organisation tag (soa:8.351 C), "" = none
	Platoon  string   `json:"platoon,omitempty"`   // platoon within Company; company HQs have ""
	Higher   string   `json:"higher,omitempty"`    // higher organisation (soa:14.31)
	Dots     []string `json:"dots,omitempty"`      // British set-up dot colours (soa:3.62); empty = any British area
	Pool     string   `json:"pool,omitempty"`      // "" on map; "G","A","B","C" (soa:4.5, 17); "R" (soa:19); "T5" (soa:16.1)
	ArtDay   int      `json:"art_day,omitempty"`   // artillery AF by day (soa:14.6)
	ArtNight int      `json:"art_night,omitempty"` // artillery AF by night (soa:15.2)
	SOnly    bool     `json:"s_only,omitempty"`    // German "S Area Only" artillery (soa:14.4)
}

// OrderOfBattle is the content of data/units.json.
type OrderOfBattle struct {
	Note  string     `json:"note"` // says this is our reconstruction, not the printed counters
	Units []UnitData `json:"units"`
}

// LoadOrderOfBattle decodes (unknown fields rejected) and validates with
// errors that name the unit and say what to fix.
func LoadOrderOfBattle(data []byte) (*OrderOfBattle, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var oob OrderOfBattle
	if err := dec.Decode(&oob); err != nil {
		return nil, fmt.Errorf("order of battle: %w (fix the JSON; known unit fields are those of UnitData)", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("order of battle: data after the top-level JSON object; remove it")
	}
	if err := unitValidateOOB(&oob); err != nil {
		return nil, err
	}
	return &oob, nil
}

// unitPoolSizes are the pools of counters kept off the map, with the
// number of counters the rules state (C is ours: the rules give none).
var unitPoolSizes = map[string]struct {
	side string
	n    int // exact number required; 0 = at least one
	rule string
}{
	"G":  {"german", 12, "soa:17.2"},
	"A":  {"german", 3, "soa:17.31"},
	"T5": {"german", 2, "soa:16.1"},
	"B":  {"british", 6, "soa:17.42"},
	"C":  {"british", 0, "soa:17.5"},
	"R":  {"british", 8, "soa:19.6"},
}

var unitIDPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
var unitDotPattern = regexp.MustCompile(`^[a-z]+$`)

// unitProblems collects validation errors in data order.
type unitProblems struct{ list []string }

func (p *unitProblems) add(format string, args ...any) {
	p.list = append(p.list, fmt.Sprintf(format, args...))
}

func (p *unitProblems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	const maxShown = 40
	shown := p.list
	more := ""
	if len(shown) > maxShown {
		more = fmt.Sprintf("\n  ... and %d more", len(shown)-maxShown)
		shown = shown[:maxShown]
	}
	return fmt.Errorf("order of battle: %d problem(s):\n  %s%s", len(p.list), strings.Join(shown, "\n  "), more)
}

// unitValidateOOB checks every unit on its own, then the whole set.
func unitValidateOOB(oob *OrderOfBattle) error {
	var p unitProblems
	if strings.TrimSpace(oob.Note) == "" {
		p.add(`"note" is empty: say that this order of battle is a reconstruction, not the printed counters`)
	}
	if len(oob.Units) == 0 {
		p.add(`"units" is empty: list every counter of both sides`)
		return p.err()
	}
	firstIndex := map[string]int{}
	for i := range oob.Units {
		u := &oob.Units[i]
		where := fmt.Sprintf("unit %q (units[%d])", u.ID, i)
		if u.ID == "" {
			p.add(`units[%d] (%q): id is empty; give it a stable lowercase id such as "ss-lr4-1"`, i, u.Name)
		} else if j, dup := firstIndex[u.ID]; dup {
			p.add("%s: duplicate id, already used by units[%d]; give each unit its own id", where, j)
		} else {
			firstIndex[u.ID] = i
		}
		unitCheckOne(&p, where, u)
	}
	unitCheckPools(&p, oob.Units)
	unitCheckOrganisation(&p, oob.Units)
	unitCheckArtilleryLinks(&p, oob.Units)
	return p.err()
}

// unitCheckOne checks what a single counter must satisfy.
func unitCheckOne(p *unitProblems, where string, u *UnitData) {
	if u.ID != "" && !unitIDPattern.MatchString(u.ID) {
		p.add(`%s: id must be lowercase letters and digits joined by single hyphens, e.g. "gb-a1-2"`, where)
	}
	if strings.TrimSpace(u.Name) == "" {
		p.add("%s: name is empty; give a readable name such as \"LR Co, 4th Pl, squad 1\"", where)
	}
	switch u.Side {
	case "german":
		if u.Force != "ss" && u.Force != "army" {
			p.add(`%s: force %q is not a German force; use "ss" (black counters) or "army" (blue/gray) (soa:4.1)`, where, u.Force)
		}
	case "british":
		if u.Force != "british" {
			p.add(`%s: force %q is not a British force; use "british" (soa:4.1)`, where, u.Force)
		}
	default:
		p.add(`%s: side %q is unknown; use "german" or "british"`, where, u.Side)
	}

	for _, f := range []struct {
		name string
		v    int
	}{{"af", u.AF}, {"df", u.DF}, {"mf", u.MF}, {"cdf", u.CDF}, {"art_day", u.ArtDay}, {"art_night", u.ArtNight}} {
		if f.v < 0 {
			p.add("%s: %s is %d; factors cannot be negative", where, f.name, f.v)
		}
	}

	switch u.Type {
	case Artillery:
		if u.AF != 0 || u.DF != 0 || u.MF != 0 || u.CDF != 0 {
			p.add("%s: artillery has no af/df/mf/cdf; set them to 0 and put its attack factors in art_day and art_night (soa:14.6)", where)
		}
		if u.ArtDay <= 0 {
			p.add("%s: artillery needs art_day, the day attack factor printed on the counter (soa:14.6)", where)
		}
		if u.ArtNight <= 0 {
			p.add("%s: artillery needs art_night, the parenthesised night attack factor (soa:15.2)", where)
		} else if u.ArtDay > 0 && u.ArtNight >= u.ArtDay {
			p.add("%s: art_night %d must be lower than art_day %d (soa:15.2)", where, u.ArtNight, u.ArtDay)
		}
		if u.Pool != "" {
			p.add("%s: artillery starts in its artillery box (soa:5.3); clear pool %q", where, u.Pool)
		}
		if u.Platoon != "" {
			p.add("%s: artillery has no platoon; clear platoon %q (use company/higher for soa:14.31)", where, u.Platoon)
		}
		if u.SOnly && u.Side != "german" {
			p.add("%s: only the German artillery can be \"S Area Only\" (soa:14.4); clear s_only", where)
		}
	case Infantry, HQ, Engineer, AntiTank, Armor, Bren:
		if u.ArtDay != 0 || u.ArtNight != 0 || u.SOnly {
			p.add("%s: art_day, art_night and s_only belong to artillery counters only; clear them", where)
		}
		if u.MF < 1 {
			p.add("%s: mf %d; a counter on the map needs at least 1 MF (soa:8.2)", where, u.MF)
		}
	default:
		p.add(`%s: type %q is unknown; use one of "infantry", "hq", "engineer", "at", "armor", "bren", "artillery"`, where, u.Type)
	}

	switch u.Type {
	case Armor:
		if u.DF < 1 {
			p.add("%s: armour needs a DF of at least 1", where)
		}
		if u.CDF != u.DF {
			p.add("%s: armour keeps its DF when committed (soa:4.2); set cdf to %d", where, u.DF)
		}
		if u.Company != "" || u.Platoon != "" {
			p.add("%s: armour has no lower organisation (platoon integrity counts infantry, soa:8.351 C); clear company/platoon", where)
		}
	case AntiTank:
		if u.DF != 0 || u.CDF != 0 {
			p.add(`%s: an AT unit's DF is printed "X" (soa:13.4); set df and cdf to 0`, where)
		}
		if u.AF < 1 {
			p.add("%s: an AT unit needs its circled AF against armour (soa:13.3)", where)
		}
	case Bren:
		if u.AF != 0 {
			p.add("%s: Bren carriers may not attack (soa:17.53); set af to 0", where)
		}
		if u.Side != "british" {
			p.add("%s: Bren carriers are British (soa:17.5)", where)
		}
	}
	if u.Type == Infantry || u.Type == HQ || u.Type == Engineer || u.Type == Bren {
		if u.DF < 1 {
			p.add("%s: df %d; non-armour counters need a DF of at least 1", where, u.DF)
		} else if u.CDF >= u.DF || u.CDF < 1 {
			p.add("%s: cdf %d; the committed face of a non-armour unit has a lower DF (soa:4.2): use 1..%d", where, u.CDF, u.DF-1)
		}
	}

	// Organisation (soa:8.351 C, 14.31).
	if u.Type == HQ {
		switch u.Level {
		case "company":
			if u.Company == "" {
				p.add("%s: a company HQ needs the company tag of its squads (soa:8.351 C)", where)
			}
			if u.Platoon != "" {
				p.add("%s: a company HQ stands for any squad of its company; clear platoon %q (soa:8.351 C)", where, u.Platoon)
			}
		case "battalion", "brigade":
			if u.Company != "" || u.Platoon != "" {
				p.add("%s: battalion and brigade HQs have no lower organisation (soa:8.351 C); clear company/platoon", where)
			}
		default:
			p.add(`%s: HQ level %q is unknown; use "company", "battalion" or "brigade"`, where, u.Level)
		}
	} else if u.Level != "" {
		p.add("%s: level %q is only for HQs; clear it", where, u.Level)
	}
	if u.Platoon != "" && u.Company == "" {
		p.add("%s: platoon %q without a company; set company too", where, u.Platoon)
	}
	if u.Company != "" && u.Platoon == "" && (u.Type == Infantry || u.Type == Engineer || u.Type == Bren || u.Type == AntiTank) {
		p.add("%s: company %q without a platoon; only company HQs may leave platoon empty (soa:8.351 C)", where, u.Company)
	}

	// Set-up dots (soa:3.62, 5.4).
	if len(u.Dots) > 0 {
		if u.Side != "british" {
			p.add("%s: only British counters carry set-up dots (soa:3.62); clear dots", where)
		}
		if u.Pool != "" {
			p.add("%s: units of pool %q do not set up (soa:4.5); clear dots", where, u.Pool)
		}
		if u.Type == Artillery {
			p.add("%s: artillery does not set up on the map (soa:5.3); clear dots", where)
		}
		seen := map[string]bool{}
		for _, d := range u.Dots {
			if !unitDotPattern.MatchString(d) {
				p.add(`%s: dot %q must be a lowercase colour word such as "red"`, where, d)
			}
			if seen[d] {
				p.add("%s: dot %q is listed twice", where, d)
			}
			seen[d] = true
		}
	}

	// Pools (soa:4.5, 5.5, 16.1, 17, 19).
	if u.Pool == "" {
		return
	}
	spec, ok := unitPoolSizes[u.Pool]
	if !ok {
		p.add(`%s: pool %q is unknown; use "" (on the map), "G", "A", "B", "C", "R" or "T5" (soa:4.5)`, where, u.Pool)
		return
	}
	if u.Side != spec.side {
		p.add("%s: pool %s holds %s units (%s)", where, u.Pool, spec.side, spec.rule)
	}
	if u.Force == "ss" {
		p.add("%s: SS units all set up on the map (soa:5.5); use force \"army\" for pool %s", where, u.Pool)
	}
	noLower := func(rule string) {
		if u.Company != "" || u.Platoon != "" {
			p.add("%s: pool %s units have no lower organisation (%s); clear company/platoon", where, u.Pool, rule)
		}
	}
	switch u.Pool {
	case "G":
		if u.Type != Infantry || u.AF != 3 || u.DF != 5 || u.MF != 5 {
			p.add("%s: pool G holds 3-5-5 infantry (soa:17.2)", where)
		}
		noLower("soa:17.22")
	case "A":
		if u.Type != Armor {
			p.add("%s: pool A holds StuG III armour (soa:17.31)", where)
		}
	case "T5":
		if u.Type != Armor {
			p.add("%s: pool T5 holds the Tiger armour units (soa:16.1)", where)
		}
	case "B":
		if u.Type != Infantry {
			p.add("%s: pool B holds British infantry (soa:17.4)", where)
		}
		noLower("soa:17.43")
	case "C":
		if u.Type != Bren || u.DF != 2 || u.MF != 8 {
			p.add("%s: pool C holds 0-2-8 Bren carriers (soa:17.5)", where)
		}
	case "R":
		if u.Type != Infantry || u.AF != 3 || u.DF != 6 || u.MF != 3 {
			p.add("%s: pool R holds 3-6-3 reformed infantry (soa:19.1)", where)
		}
		noLower("soa:19.5")
	}
}

// unitCheckPools checks the number of counters in each pool.
func unitCheckPools(p *unitProblems, units []UnitData) {
	count := map[string]int{}
	for _, u := range units {
		count[u.Pool]++
	}
	for _, name := range []string{"G", "A", "T5", "B", "C", "R"} {
		spec := unitPoolSizes[name]
		switch {
		case spec.n > 0 && count[name] != spec.n:
			p.add("pool %s has %d units; the rules give exactly %d (%s): add or remove units with pool %q", name, count[name], spec.n, spec.rule, name)
		case spec.n == 0 && count[name] == 0:
			p.add("pool %s is empty; %s needs at least one unit with pool %q", name, spec.rule, name)
		}
	}
}

// unitCheckOrganisation checks that lower organisation tags make sense
// across units: a company tag belongs to one side, and a company HQ has
// squads to stand in for (soa:8.351 C).
func unitCheckOrganisation(p *unitProblems, units []UnitData) {
	sideOf := map[string]string{}
	squads := map[string]int{}
	for _, u := range units {
		if u.Company == "" || u.Type == Artillery {
			continue
		}
		if s, ok := sideOf[u.Company]; ok && s != u.Side {
			p.add("unit %q: company tag %q is also used by the %s side; use distinct tags per side", u.ID, u.Company, s)
		} else if !ok {
			sideOf[u.Company] = u.Side
		}
		if u.Type != HQ {
			squads[u.Company]++
		}
	}
	for _, u := range units {
		if u.Type == HQ && u.Level == "company" && u.Company != "" && squads[u.Company] == 0 {
			p.add("unit %q: company HQ of company %q, but no squad has that company; fix the tag (soa:8.351 C)", u.ID, u.Company)
		}
	}
}

// unitCheckArtilleryLinks checks that every artillery counter can be
// placed by some HQ of its side (soa:14.31) unless it needs no spotter
// (soa:14.4).
func unitCheckArtilleryLinks(p *unitProblems, units []UnitData) {
	for _, a := range units {
		if a.Type != Artillery || a.SOnly {
			continue
		}
		ok := false
		for _, h := range units {
			if h.Type != HQ || h.Side != a.Side {
				continue
			}
			if a.Side == "british" {
				ok = ok || h.Level == "battalion" || h.Level == "brigade"
			} else {
				ok = ok || (a.Company != "" && h.Company == a.Company) || (a.Higher != "" && h.Higher == a.Higher)
			}
		}
		if ok {
			continue
		}
		if a.Side == "british" {
			p.add("unit %q: no British battalion or brigade HQ can place this artillery (soa:14.31); add one", a.ID)
		} else if a.Side == "german" {
			p.add("unit %q: no German HQ shares its company %q or higher %q (soa:14.31); give it the tag of the HQs that call it, or set s_only (soa:14.4)", a.ID, a.Company, a.Higher)
		}
	}
}
