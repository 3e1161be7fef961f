package gen

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

// lockSrc holds a lock without defer: the mutants of x == 7 that call
// peek with it held deadlock. The lock is the receiver's, not the
// package's: a package-level one makes Bump a stateful unit, whose
// mutants that leave the lock held cost a process per input (the
// canary blocks), which the harness's own tests cover.
const lockSrc = `package lock

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int64
}

func (c *Counter) Bump(x int) int {
	c.mu.Lock()
	y := x * 2
	if x == 7 {
		y = c.peek()
	}
	c.n++
	c.mu.Unlock()
	return y
}

func (c *Counter) peek() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return int(c.n)
}
`

// poolSrc spreads work over goroutines; with no worker, the first send
// blocks for good.
const poolSrc = `package pool

// Sum adds up in with the given number of goroutines (one to four).
func Sum(in []int, workers int) int {
	if workers < 1 {
		workers = 1
	}
	if workers > 4 {
		workers = 4
	}
	jobs, out, done := make(chan int), make(chan int, len(in)), make(chan bool)
	for i := 0; i < workers; i++ {
		go func() {
			for v := range jobs {
				out <- v
			}
			done <- true
		}()
	}
	for _, v := range in {
		jobs <- v
	}
	close(jobs)
	for i := 0; i < workers; i++ {
		<-done
	}
	close(out)
	s := 0
	for v := range out {
		s += v
	}
	return s
}
`

// onlyMutants returns pkg's mutants of the operators ops, and the IDs of
// those keep selects: a search for them alone (Config.Only, as score's
// search asks) costs a fraction of the whole package's.
func onlyMutants(t *testing.T, pkg *load.Package, ops map[mutate.Op]bool, keep func(*mutate.Mutant) bool) (*mutate.Set, map[int]bool) {
	t.Helper()
	set, err := mutate.Generate(pkg, mutate.Options{Ops: ops})
	if err != nil {
		t.Fatal(err)
	}
	only := map[int]bool{}
	for _, m := range set.Mutants {
		if keep(m) {
			only[m.ID] = true
		}
	}
	return set, only
}

// TestBudgetsAndLimits checks that a unit's run budget stops its passes
// and is reported, deterministically, and that a mutant that deadlocks is
// killed and reported as blocked.
func TestBudgetsAndLimits(t *testing.T) {
	testmod.Long(t)
	t.Run("unit runs", func(t *testing.T) {
		pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
		var runs []int64
		for _, workers := range []int{1, 2} {
			res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 3, Workers: workers, UnitRuns: 40, Run: regexp.MustCompile("^Sign$")})
			if err != nil {
				t.Fatal(err)
			}
			var st *UnitStats
			for _, s := range res.Stats {
				if s.Unit.Name == "Sign" {
					st = s
				}
			}
			if st == nil || !slices.Contains(st.Limits, Limit{Kind: "unit runs", Count: 1}) {
				t.Fatalf("Sign's limits %+v, want the unit's run budget", st)
			}
			if len(res.Clock) > 0 {
				t.Errorf("a counted budget made the result partial: %v", res.Clock)
			}
			runs = append(runs, st.Runs)
		}
		if runs[0] != runs[1] {
			t.Errorf("runs with 1 and 2 workers: %v, want the same", runs)
		}
	})
	t.Run("unit wall", func(t *testing.T) {
		// A pass that takes 100 ms per mutant and never kills: with a
		// unit wall of 250 ms it is asked about a few of Sign's
		// mutants, not all, and the report says the unit hit its wall.
		pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
		slow := &slowPass{}
		res, err := Generate(context.Background(), pkg, Config{Seed: 1, Workers: 1, Random: -1, UnitWall: 250 * time.Millisecond,
			Engines: []engine.Engine{slow}, Run: regexp.MustCompile("^Sign$"), Cover: true})
		if err != nil {
			t.Fatal(err)
		}
		mutants := 0
		for _, m := range res.Set.Mutants {
			if m.Func == "Sign" {
				mutants++
			}
		}
		var st *UnitStats
		for _, s := range res.Stats {
			if s.Unit.Name == "Sign" {
				st = s
			}
		}
		if st == nil || !slices.Contains(st.Limits, Limit{Kind: "unit wall", Count: 1}) {
			t.Errorf("Sign's limits %+v, want the unit's wall", st)
		}
		// The wall is a safety net: its hit makes the result partial.
		if !slices.Equal(res.Clock, []string{"Sign"}) {
			t.Errorf("units a clock decided for: %v, want [Sign]", res.Clock)
		}
		// The goals left uncovered say why nothing covered them.
		for id, b := range res.Coverage.Plan.Branches {
			x := Goal{Kind: engine.CoverBranch, ID: id}
			if res.Coverage.Plan.Funcs[b.Func].Name == "Sign" && !res.Coverage.Covered.Branches[id] && !strings.Contains(res.Coverage.Why[x], "unit wall") {
				t.Errorf("branch %s: why %q, want the unit's wall", b.Label, res.Coverage.Why[x])
			}
		}
		if mutants < 10 || slow.asked > 4 {
			t.Errorf("the pass was asked about %d of Sign's %d mutants; want at most 4 within the wall", slow.asked, mutants)
		}
	})
	// The comparisons x == 7 alone: each deadlock costs a process.
	lockMutants := func(t *testing.T, pkg *load.Package) (*mutate.Set, map[int]bool) {
		return onlyMutants(t, pkg, map[mutate.Op]bool{mutate.ROR: true}, func(m *mutate.Mutant) bool {
			return m.Func == "Bump" && m.Orig == "x == 7"
		})
	}
	t.Run("blocked", func(t *testing.T) {
		pkg := loadPkg(t, map[string]string{"lock/lock.go": lockSrc}, "./lock")
		set, only := lockMutants(t, pkg)
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Set: set, Only: only})
		if err != nil {
			t.Fatal(err)
		}
		var blocked []int
		for _, s := range res.Stats {
			for _, l := range s.Limits {
				if l.Kind == harness.PanicBlocked {
					blocked = append(blocked, l.Mutant)
				}
			}
		}
		for _, m := range res.Set.Mutants {
			if m.Func == "Bump" && m.Orig == "x == 7" && m.Repl == "true" {
				if !slices.Contains(blocked, m.ID) {
					t.Errorf("mutant #%d (x == 7 → true) deadlocks; blocked limits %v", m.ID, blocked)
				}
				if res.Status[m.ID] != mutate.Killed {
					t.Errorf("mutant #%d is %v, want killed", m.ID, res.Status[m.ID])
				}
			}
		}
	})
	t.Run("blocked on channels", func(t *testing.T) {
		// The mutants of workers < 1 that leave no worker deadlock on
		// the first send: a kill, which the test kept must still claim
		// after the inputs of its batch deadlocked them again (they
		// were once run no more before the kept input's last run).
		// Those two alone are searched for (as score's search does),
		// each deadlock costing a process.
		pkg := loadPkg(t, map[string]string{"pool/pool.go": poolSrc}, "./pool")
		set, only := onlyMutants(t, pkg, map[mutate.Op]bool{mutate.ROR: true}, func(m *mutate.Mutant) bool {
			return m.Func == "Sum" && m.Orig == "workers < 1" && (m.Repl == "false" || m.Repl == "workers > 1")
		})
		if len(only) != 2 {
			t.Fatalf("%d mutants of workers < 1, want 2", len(only))
		}
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Set: set, Only: only})
		if err != nil {
			t.Fatal(err)
		}
		for id := range only {
			if res.Status[id] != mutate.Killed {
				m := set.Mutants[id-1]
				t.Errorf("mutant #%d (%s → %s) is %v, want killed", id, m.Orig, m.Repl, res.Status[id])
			}
		}
	})
	t.Run("blocked, rechecked", func(t *testing.T) {
		// Where kills are run again before they count (score's
		// search), a deadlock is still a kill: the mutant is not
		// dropped before its kill is confirmed, and the recheck keeps
		// it without running it again.
		pkg := loadPkg(t, map[string]string{"lock/lock.go": lockSrc}, "./lock")
		set, only := lockMutants(t, pkg)
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Recheck: 5, Set: set, Only: only})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range res.Set.Mutants {
			if m.Func != "Bump" || m.Orig != "x == 7" || m.Repl != "true" {
				continue
			}
			if res.Status[m.ID] != mutate.Killed {
				t.Errorf("mutant #%d is %v, want killed", m.ID, res.Status[m.ID])
			}
		}
	})
}

// slowPass takes 100 ms per mutant of Sign and has no candidate.
type slowPass struct{ asked int }

func (p *slowPass) Name() string { return "slow" }

func (p *slowPass) Solve(_ context.Context, _ *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Unit == nil || r.Unit.Name != "Sign" {
		return engine.Answer{}, nil
	}
	p.asked++
	time.Sleep(100 * time.Millisecond)
	return engine.Answer{}, nil
}
