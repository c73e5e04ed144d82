package mgmg

import (
	"syscall"
	"testing"
	"time"

	"sandtable/engine"
	"sandtable/engine/enginetest"
)

// BenchmarkRandomPlay plays whole random games of the standard scenario
// (issue 8 asks for 500,000 choices/s on one core, 1,000,000 the goal).
func BenchmarkRandomPlay(b *testing.B) { enginetest.RandomPlay(b, MustLoad(), "standard") }

// BenchmarkFH40RandomPlay is the same for Fortress Holland 1940, which
// issue 8 holds to the same speed.
func BenchmarkFH40RandomPlay(b *testing.B) { enginetest.RandomPlay(b, MustLoadFH40(), "standard") }

// benchStates samples states every few choices across random games of
// both scenarios, with and without the optional rules, so that the
// benchmarks see the D-Day phases, impulses, assaults, bombardments and
// refits in their usual proportions.
func benchStates(b testing.TB) []*State {
	optionSets := []map[string]string{nil, {"double_lifts": "on", "depot_augmentation": "on"}, {"dday_landings": "on", "reorganization": "on"}}
	return enginetest.SampleStates[*State](b, MustLoad(), []string{"standard", "extended"}, optionSets)
}

// cpuTime is the CPU time the process has used. The machine the
// benchmarks run on is shared, so wall time per op counts the waits for a
// core too; cpu-ns/op does not.
func cpuTime() time.Duration {
	var r syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &r); err != nil {
		panic(err)
	}
	return time.Duration(r.Utime.Nano() + r.Stime.Nano())
}

// cpuBench runs op over the sampled states and reports its CPU time per
// op beside the wall time.
func cpuBench(b *testing.B, op func(s *State)) {
	states := benchStates(b)
	b.ResetTimer()
	start, i := cpuTime(), 0
	for b.Loop() {
		op(states[i%len(states)])
		i++
	}
	b.ReportMetric(float64(cpuTime()-start)/float64(b.N), "cpu-ns/op")
}

// BenchmarkCloneApply is one step of search: copy a state, list its legal
// actions and apply one at random (enginetest.CloneApply).
func BenchmarkCloneApply(b *testing.B) {
	pick := engine.NewRNG(3)
	var buf []engine.Action
	cpuBench(b, func(s *State) {
		c := s.Clone()
		buf = c.Legal(buf[:0])
		if err := c.Apply(buf[pick.Intn(len(buf))]); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkClone and BenchmarkLegal are the parts of CloneApply; Apply's
// is what is left of it.
func BenchmarkClone(b *testing.B) {
	var sink engine.State
	cpuBench(b, func(s *State) { sink = s.Clone() })
	_ = sink
}

func BenchmarkLegal(b *testing.B) {
	var buf []engine.Action
	cpuBench(b, func(s *State) { buf = s.Legal(buf[:0]) })
}

// BenchmarkHash hashes states sampled across random games.
func BenchmarkHash(b *testing.B) { enginetest.Hash(b, benchStates(b)) }
