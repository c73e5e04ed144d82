package mgmg

import (
	"strings"
	"testing"
)

// TestFH40CitesItsRestatedSections: fh40:1.0, fh40:6.4, fh40:6.5, fh40:12.2: where
// Fortress Holland restates a section under mgmg's number, the prompt and
// the choices and the log cite fh40's section, so its rules link opens
// fh40's text: the Pass Impulse, mgmg:8.24, is fh40:8.26. mgmg keeps its own.
func TestFH40CitesItsRestatedSections(t *testing.T) {
	s := newFH40(t)
	play(t, s, "done")
	if c := s.Describe(s.Legal(nil)[0]); c.ID != "pass" || c.Rule != "fh40:8.26" {
		t.Errorf("choice %s cites %s, want the pass citing fh40:8.26", c.ID, c.Rule)
	}
	for _, a := range s.Legal(nil) { // fh40:8.21: the Assault Impulse is one step, without repairs
		if c := s.Describe(a); strings.HasPrefix(c.ID, "assault:") && c.Rule != "fh40:8.21" {
			t.Errorf("choice %s cites %s, want fh40:8.21", c.ID, c.Rule)
		}
	}
	if r := s.Phase().Rule; r != "fh40:6.3" {
		t.Errorf("the Daylight Phase cites %s, want fh40:6.3 (the Dutch always first)", r)
	}
	play(t, s, "pass", "pass")
	for _, l := range s.log.entries {
		if l.Fmt == "Daylight Phase from Impulse %i" && l.Rule != "fh40:6.3" {
			t.Errorf("the Daylight Phase is logged under %s, want fh40:6.3", l.Rule)
		}
		if l.Fmt == "%S pass" && l.Rule != "fh40:8.26" {
			t.Errorf("a pass is logged under %s, want fh40:8.26", l.Rule)
		}
		if l.Fmt == "Refit Phase" && l.Rule != "fh40:6.4" {
			t.Errorf("the Refit Phase is logged under %s, want fh40:6.4", l.Rule)
		}
	}
	if p := s.Prompt(s.ToMove()); s.step != stRegroup || p.Rule != "fh40:6.5" {
		t.Errorf("step %s prompt cites %q; the Regroup is fh40:6.5", stepNames[s.step], p.Rule)
	}
	s.rng.Force(1)
	play(t, s, "done", "done")
	for _, a := range s.Legal(nil) {
		if c := s.Describe(a); c.Rule != "fh40:12.2" {
			t.Errorf("reroll choice %s cites %s, want fh40:12.2", c.ID, c.Rule)
		}
	}
	if r := newUnsetState(t).rule(); r != "mgmg:5.2" {
		t.Errorf("mgmg's set-up cites %s, want mgmg:5.2", r)
	}
}
