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
