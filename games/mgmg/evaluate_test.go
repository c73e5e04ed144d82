package mgmg

import (
	"maps"
	"math"
	"strconv"
	"testing"

	"sandtable/engine"
)

var (
	_ engine.Evaluator = (*State)(nil)
	_ engine.Scorer    = (*State)(nil)
)

// evalState is s with the Victory Point areas vp (the rest worth nothing,
// Arnhem and Eindhoven keeping their own rules, mgmg:21.31, 21.32), so
// that the numbers below are worked out from them whatever the map's data
// give, written as a position by edit.
func evalState(t *testing.T, s *State, vp map[string]int8, edit func(*Position)) *State {
	t.Helper()
	g := *s.g
	g.vp = make([]int8, nPlaces)
	for id, v := range vp {
		g.vp[g.at(id)] = v
	}
	s.g = &g
	return edited(t, s, edit)
}

// withSupplyLines is control with every other area but Arnhem
// Airborne-Controlled, which gives no Victory Point (mgmg:21.3) but a
// supply line to Zone F everywhere (mgmg:13.8).
func withSupplyLines(control map[string]string) map[string]string {
	full := map[string]string{}
	for n := 1; n <= Areas; n++ {
		if id := strconv.Itoa(n); id != "13" {
			full[id] = "airborne"
		}
	}
	maps.Copy(full, control)
	return full
}

func near(got, want float64) bool { return math.Abs(got-want) < 1e-4 }

// term is the value of the term of Assess(seat) from rule.
func term(t *testing.T, s *State, seat engine.Seat, rule string) float64 {
	t.Helper()
	for _, x := range s.Assess(seat) {
		if x.Rule == rule {
			return x.Value
		}
	}
	t.Fatalf("Assess(%s) has no term of %s: %v", seat, rule, s.Assess(seat))
	return 0
}

// TestEvaluateAtTheCheck: after the Daylight Phase of September 20 only a
// surrender changes control (mgmg:6.5, 13.9), so the evaluation is the
// Allied total against ten (mgmg:21.2): the logistic of (VP − 9.5) over
// a spread of 1 VP (scale √3/π = 0.5513). Ten VP (XXX Corps in Nijmegen 3,
// Grave 2 and Veghel 2, the 1st Airborne in Arnhem 2, the Advantage 1,
// mgmg:21.3, 21.32, 12.1) give σ(0.5/0.5513) = 0.7124 to the Allies, nine
// (the Germans holding the Advantage) 0.2876. In the Extended Game exactly
// ten on September 20 plays on (mgmg:22.1): the line is 10, an even 0.5.
func TestEvaluateAtTheCheck(t *testing.T) {
	for _, c := range []struct {
		scenario, advantage string
		vp                  int
		allied              float64
	}{
		{"standard", "allied", 10, 0.712365},
		{"standard", "german", 9, 0.287635},
		{"extended", "allied", 10, 0.5},
	} {
		s := evalState(t, alliedRegroup(t, c.scenario, 20), testVP, func(p *Position) {
			p.Units, p.Advantage = nil, c.advantage
			p.Control = withSupplyLines(map[string]string{"28": "corps", "41": "corps", "51": "corps", "13": "airborne"})
		})
		if got := s.victoryPoints(); got != c.vp {
			t.Fatalf("%s: %d VP, want %d", c.scenario, got, c.vp)
		}
		if got := s.Evaluate("allied"); !near(got, c.allied) {
			t.Errorf("%s, %d VP: Evaluate(allied) %.6f, want %.6f (mgmg:21.2, 22.1)", c.scenario, c.vp, got, c.allied)
		}
		if got := s.Evaluate("german"); !near(got, 1-c.allied) {
			t.Errorf("%s, %d VP: Evaluate(german) %.6f, want %.6f", c.scenario, c.vp, got, 1-c.allied)
		}
		if got := term(t, s, "allied", "mgmg:21.3"); got != float64(c.vp) {
			t.Errorf("%s: the term of mgmg:21.3 is %v, want %d", c.scenario, got, c.vp)
		}
	}
}

// TestEvaluateXXXCorpsInArnhem works the terms through by hand. September
// 20, the Advantage marker on Impulse 5 (half the day's evalDayImpulses of
// 10 to come), the Germans hold the Advantage, no Victory Point area but
// Arnhem. One Fresh Guards armoured battalion (8 + 4 = 12) in Arnhem, which
// XXX Corps Controls with a supply line to Zone F (mgmg:13.8); every other
// area Airborne-Controlled and empty:
//
//   - moves left: today's one (a third of the day or more to come), none
//     after (mgmg:13.1); the battalion is Fresh, so Arnhem is reached at 0
//   - balance in and next to Arnhem: 12 / (12 + 0 + 10) = 0.5455
//   - XXX Corps holds it: σ(1.8 × (1 − 0) + 2 × 0.5455 + 3) = 0.99725;
//     the 1st Airborne would keep it only at σ(2 × 0.5455 − 2) = 0.28719
//   - Arnhem (mgmg:21.32): 4 × 0.99725 + 2 × 0.00275 × 0.28719 = 3.99056
//   - Breakthrough (mgmg:21.1): 13 to 14 by road through a Free Area, 1/12
//     of six factors, 14 to 3 off the road 1/6, into Zone A a whole move:
//     1 move, and a day's wait Fresh there: 10 × σ(1.8 × (1 − 1 − 1)) =
//     1.41851
//   - the Advantage (mgmg:12.1): the Germans keep it half a day with
//     0.5^0.5, the Allies hold it at the check 0.5 − 0.5 × 0.70711 = 0.14645
//   - the ten the Allies need, less a half (mgmg:21.2): −9.5
//
// The sum, −3.94448, over the scale (1 + 1.5√0.5) × √3/π = 1.13610 gives
// the Allies σ(−3.47195) = 0.03012.
func TestEvaluateXXXCorpsInArnhem(t *testing.T) {
	s := evalState(t, newTestState(t, "standard"), nil, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse, p.Advantage = 20, "impulse", "allied", "5", "german"
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
		p.Units = []UnitPos{{ID: "gb-gds-2-gren", At: "13", Level: "fresh"}}
		p.Control = withSupplyLines(map[string]string{"13": "corps"})
	})
	e := s.g.evaluation()
	for _, hop := range [][2]string{{"13", "14"}, {"14", "3"}, {"3", "A"}} {
		if d := e.dist[s.g.at(hop[0])][s.g.at(hop[1])]; d != 1 {
			t.Fatalf("corridor distance %s to %s is %d; the map makes them adjacent", hop[0], hop[1], d)
		}
	}
	if d := e.dist[s.g.at("13")][s.g.zoneA]; d != 3 {
		t.Fatalf("Arnhem is %d places from Apeldoorn by the corridor, want 3", d)
	}
	for _, c := range []struct {
		rule string
		want float64
	}{{"mgmg:21.3", 3.990556}, {"mgmg:21.1", 1.418511}, {"mgmg:21.2", -9.5}, {"mgmg:21.31", 0}, {"mgmg:12.1", 0.146447}, {"mgmg:21.4", 0}, {"mgmg:4.4", 0}} {
		if got := term(t, s, "allied", c.rule); !near(got, c.want) {
			t.Errorf("term of %s: %.6f, want %.6f", c.rule, got, c.want)
		}
		if got := term(t, s, "german", c.rule); !near(got, -c.want) {
			t.Errorf("term of %s for the Germans: %.6f, want %.6f", c.rule, got, -c.want)
		}
	}
	if got := s.Evaluate("allied"); !near(got, 0.030121) {
		t.Errorf("Evaluate(allied) %.6f, want 0.030121", got)
	}
}

// TestEvaluateEindhovenOnDDay: in the D-Day Air Bombardment Phase the
// Guards in Zone F have September 17's move to come; Eindhoven is two
// German-Controlled Vacant Areas away (F, 64, 63: two of six movement
// factors each, mgmg:9.2), 2/3 of the move, so with nobody near it the bonus
// of mgmg:21.31 is σ(1.8 × (1 − 2/3)) = 0.64566. A German grenadier
// battalion (3 + 3) in Eindhoven ends the move in a fight of 1 + 6/24 moves
// and makes the balance −6 / 16: σ(1.8 × (1 − 1.25) − 2 × 0.375) =
// 0.23148; once earned the bonus is 1 (mgmg:21.31).
func TestEvaluateEindhovenOnDDay(t *testing.T) {
	for _, c := range []struct {
		germans []UnitPos
		bonus   bool
		want    float64
	}{
		{nil, false, 0.645656},
		{[]UnitPos{{ID: "de-59-1034", At: "63", Level: "fresh"}}, false, 0.231475},
		{nil, true, 1},
	} {
		s := evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
			p.Units = append([]UnitPos{{ID: "gb-gds-2-gren", At: "F", Level: "fresh"}}, c.germans...)
			p.Control, p.Eindhoven = nil, c.bonus
		})
		if s.step != stAirBombardment {
			t.Fatalf("step %s, want the D-Day Air Bombardment Phase", stepNames[s.step])
		}
		if got := term(t, s, "allied", "mgmg:21.31"); !near(got, c.want) {
			t.Errorf("Germans %v, bonus %v: the Eindhoven term is %.6f, want %.6f", c.germans, c.bonus, got, c.want)
		}
	}
}

// TestEvaluateLosses: a step lost is worth 0.1 VP to the Allies and 0.06 to
// the Germans over the whole game (mgmg:4.4), the share of the game left
// being all of it on D-Day (4 days of 4). An Allied battalion eliminated
// (four steps) costs the Allies 0.4; a German one Disrupt 2 (three steps)
// is worth 0.18 to them.
func TestEvaluateLosses(t *testing.T) {
	s := evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
		p.Units = []UnitPos{
			{ID: "gb-1abn-1-para", At: "eliminated", Level: "fresh"},
			{ID: "de-59-1034", At: "G", Level: "disrupt-2"},
		}
		p.Control = nil
	})
	if got := term(t, s, "allied", "mgmg:4.4"); !near(got, -0.4+0.18) {
		t.Errorf("steps lost: %.6f, want −0.4 + 0.18 = −0.22", got)
	}
}

// TestEvaluateContestedPenalty: German units Contesting Allied Victory
// Point areas worth six or more cost a Victory Point (mgmg:21.4), Arnhem
// counting 4: Nijmegen (3) and Arnhem (4) Contested cost one, Nijmegen
// alone does not; nor do both without a supply line to Zone F.
func TestEvaluateContestedPenalty(t *testing.T) {
	grenadiers := []string{"de-59-1034", "de-59-1035"}
	held := map[string]string{"28": "corps", "13": "airborne"}
	for _, c := range []struct {
		places  []string
		control map[string]string
		want    float64
	}{{[]string{"28", "13"}, withSupplyLines(held), -1}, {[]string{"28"}, withSupplyLines(held), 0}, {[]string{"28", "13"}, held, 0}} {
		s := evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
			p.Turn, p.Step, p.Active, p.Impulse = 19, "impulse", "german", "3"
			p.Stack = []frame{{Proc: procImpulse, Side: germans}}
			p.Units, p.Control = nil, c.control
			for i, at := range c.places {
				p.Units = append(p.Units, UnitPos{ID: grenadiers[i], At: at, Level: "fresh"})
			}
		})
		if got := term(t, s, "allied", "mgmg:21.4"); got != c.want {
			t.Errorf("Germans in %v: the penalty term is %v, want %v", c.places, got, c.want)
		}
	}
}

// TestEvaluateIsolation: on September 19 at Impulse 3 two Allied
// paratroop battalions, Fresh and Disrupt 1, stand in area 5 with no supply
// line to Zone F (nothing else Allied-Controlled, mgmg:13.8). The Refit
// Phases of September 19 and 20 each roll their Surrender dr (mgmg:13.9):
// Fresh, Isolation Level 1, loses a step on a 1 (1/6 a refit, 1/3 over
// two); Disrupt 1, level 3, is eliminated on 1-2 (2/6 × its 2 steps) and
// loses a step on a 3 (1/6): 5/6 a refit, 5/3 over two. Two steps at 0.1
// VP each, times the share of the game left, (0.7 + 1) / 4 = 0.425, is
// −0.085 for the Allies.
func TestEvaluateIsolation(t *testing.T) {
	s := evalState(t, newTestState(t, "standard"), testVP, func(p *Position) {
		p.Turn, p.Step, p.Active, p.Impulse = 19, "impulse", "allied", "3"
		p.Stack = []frame{{Proc: procImpulse, Side: allies}}
		p.Units = []UnitPos{{ID: "gb-1abn-1-para", At: "5", Level: "fresh"}, {ID: "gb-1abn-2-para", At: "5", Level: "disrupt-1"}}
		p.Control = map[string]string{"5": "airborne"}
	})
	if got := term(t, s, "allied", "mgmg:13.9"); !near(got, -0.085) {
		t.Errorf("Isolated units: %.6f, want −0.085", got)
	}
}

// TestEvaluateOver: a game that has ended evaluates as its result.
func TestEvaluateOver(t *testing.T) {
	s := evalState(t, alliedRegroup(t, "standard", 20), testVP, func(p *Position) {
		p.Units, p.Control = nil, withSupplyLines(map[string]string{"28": "corps", "41": "corps", "51": "corps", "13": "airborne"})
	})
	play(t, s, "done")
	if s.Evaluate("allied") != 1 || s.Evaluate("german") != 0 || s.Evaluate("") != 0.5 {
		t.Errorf("after an Allied win: %v for the Allies, %v for the Germans, %v for a spectator", s.Evaluate("allied"), s.Evaluate("german"), s.Evaluate(""))
	}
}

// TestEvaluatePure: across random games the evaluation changes nothing,
// allocates nothing, gives the two seats chances adding to 1, and is the
// logistic of the sum of Assess's terms over evalScale.
func TestEvaluatePure(t *testing.T) {
	for _, s := range evalStates(t) {
		h := s.Hash()
		pa, pg := s.Evaluate("allied"), s.Evaluate("german")
		if s.Hash() != h {
			t.Fatal("Evaluate changed the state")
		}
		if !near(pa+pg, 1) || pa < 0 || pa > 1 {
			t.Fatalf("chances %v and %v", pa, pg)
		}
		if s.result != nil {
			continue
		}
		sum := 0.0
		for _, x := range s.Assess("allied") {
			sum += x.Value
		}
		var tm evalTerms
		s.evalTerms(&tm)
		if got := logistic(sum / s.evalScale(&tm)); !near(got, pa) {
			t.Fatalf("the terms of Assess give %v, Evaluate %v", got, pa)
		}
		if n := testing.AllocsPerRun(10, func() { s.Evaluate("allied") }); n != 0 {
			t.Fatalf("Evaluate allocates %v times a call", n)
		}
	}
}

// evalStates samples states across random games of both scenarios.
func evalStates(t testing.TB) []*State {
	var out []*State
	for seed := uint64(1); seed <= 4; seed++ {
		for _, sc := range []string{"standard", "extended"} {
			st, err := MustLoad().New(sc, nil, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			r := engine.NewRNG(seed)
			var buf []engine.Action
			for n := 0; ; n++ {
				if n%7 == 0 || s.ToMove() == "" {
					out = append(out, s.Clone().(*State))
				}
				if s.ToMove() == "" {
					break
				}
				buf = s.Legal(buf[:0])
				if err := s.Apply(buf[r.Intn(len(buf))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	return out
}

// BenchmarkEvaluate evaluates states sampled across random games, as search
// does on its playouts; it must not allocate.
func BenchmarkEvaluate(b *testing.B) {
	states := evalStates(b)
	i := 0
	sink := 0.0
	b.ReportAllocs()
	for b.Loop() {
		sink += states[i%len(states)].Evaluate("allied")
		i++
	}
	_ = sink
}
