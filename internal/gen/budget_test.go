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

// TestBudgetsAndLimits checks that a unit's run budget stops its passes
// and is reported, deterministically, and that a mutant that deadlocks is
// killed and reported as blocked.
func TestBudgetsAndLimits(t *testing.T) {
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
	t.Run("blocked", func(t *testing.T) {
		pkg := loadPkg(t, map[string]string{"lock/lock.go": lockSrc}, "./lock")
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2})
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
	t.Run("blocked, rechecked", func(t *testing.T) {
		// Each deadlock costs the watchdog's wait: the same fixture
		// as "blocked", so only the long run repeats it.
		testmod.Long(t)
		// Where kills are run again before they count (score's
		// search), a deadlock is still a kill: the mutant is not
		// dropped before its kill is confirmed, and the recheck keeps
		// it without running it again.
		pkg := loadPkg(t, map[string]string{"lock/lock.go": lockSrc}, "./lock")
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Recheck: 5})
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
