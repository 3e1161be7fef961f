package gen

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/random"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

// parserSrc is the fixture testdata/fixtures/units: suffixes cut,
// letters switched on, separators split on.
var parserSrc = func() string {
	b, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", "units", "units.go"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// TestRandomBudgetMonotonic checks that a larger random budget never
// kills less: the mutants killed with each budget are among those killed
// with every larger one (same seed). Patience is out of the way, so that
// the budget is what stops the pass.
func TestRandomBudgetMonotonic(t *testing.T) {
	testmod.Long(t)
	pkg := loadPkg(t, map[string]string{"units/units.go": parserSrc}, "./units")
	var prev map[int]bool
	prevN := 0
	for _, n := range []int{100, 500, 2000} {
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Random: n, Patience: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		killed := map[int]bool{}
		for id, st := range res.Status {
			if st == mutate.Killed {
				killed[id] = true
			}
		}
		for id := range prev {
			if !killed[id] {
				m := res.Set.Mutants[id-1]
				t.Errorf("mutant #%d (%s: %s → %s) killed with -random %d, not with %d", id, m.Func, m.Orig, m.Repl, prevN, n)
			}
		}
		t.Logf("-random %d: %d of %d mutants killed", n, len(killed), len(res.Set.Mutants))
		prev, prevN = killed, n
	}
}

// TestRandomLeavesBudgetToPasses checks that the random pass spends at
// most half of a unit's run budget when deterministic passes follow: a
// large random budget does not leave them nothing (Magic's magic input
// is the oracle pass's to find).
func TestRandomLeavesBudgetToPasses(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc}, "./magic")
	res, err := Generate(context.Background(), pkg, Config{Seed: 1, Random: 100000, Patience: 1 << 20, UnitRuns: 2000, Engines: []engine.Engine{random.New(), &oracle{}}, Run: regexp.MustCompile("^Magic$")})
	if err != nil {
		t.Fatal(err)
	}
	byPass := map[string]int{}
	for _, tt := range res.Tests {
		byPass[tt.Pass]++
	}
	if byPass["oracle"] != 1 {
		t.Errorf("tests by pass %v: want the oracle's", byPass)
	}
}

// TestRandomLong checks Config.Long: the random pass of a unit whose
// runs are cheap goes on past the patience, up to Long's bounds, and that
// of a unit whose runs loop long stops where it did without it (the
// same inputs: the same runs).
func TestRandomLong(t *testing.T) {
	const loopy = `package magic

func Loopy(n int) int {
	s := 0
	for i := 0; i < n%100000; i++ {
		s += i
	}
	if s == -1 {
		return 1
	}
	return 0
}
`
	// Magic's magic input is out of random reach: its pass is idle.
	pkg := loadPkg(t, map[string]string{"magic/magic.go": magicSrc, "magic/loopy.go": loopy}, "./magic")
	runs := func(long *Long) map[string]int64 {
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Random: 1000, Patience: 20, Long: long})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int64{}
		for _, st := range res.Stats {
			out[st.Unit.Name] = st.Runs
		}
		return out
	}
	short, long := runs(nil), runs(&Long{Random: 400, Patience: 400, Ticks: 1 << 20})
	t.Logf("runs without Long %v, with %v", short, long)
	if long["Magic"] < 400 || long["Magic"] < 2*short["Magic"] {
		t.Errorf("Magic: %d runs with Long, %d without: want at least 400 and twice as many", long["Magic"], short["Magic"])
	}
	if long["Loopy"] != short["Loopy"] {
		t.Errorf("Loopy: %d runs with Long, %d without: its runs loop past Long.Ticks, want the same", long["Loopy"], short["Loopy"])
	}
}
