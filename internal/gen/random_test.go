package gen

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/random"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
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
//
// The runs compared must come from the counted budgets alone: a run the
// harness's wall clock ends (250 ms over 50 × the original's time, which
// an endless mutant's 2^18-tick generous budget nears on a loaded
// machine) is retried patiently and charged as a restart, and a mutant
// ended twice is not run again, so the counts would differ between the
// two generations. The workers' wall allowances are a minute here, and
// the unit's clock ten: safety nets that a loaded machine does not reach.
// Loopy loops up to 1,000 times (Long.Ticks 2^16, which Magic's 944 runs
// stay under): its runs are milliseconds (the test took 8–12 s idle and
// up to 100 s under load with 100,000 and 2^20).
func TestRandomLong(t *testing.T) {
	const loopy = `package magic

func Loopy(n int) int {
	s := 0
	for i := 0; i < n%1000; i++ {
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
		res, err := Generate(context.Background(), pkg, Config{Engines: randomOnly(), Seed: 1, Workers: 2, Random: 1000, Patience: 20, Long: long,
			Env: generousWall, UnitWall: 10 * time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int64{}
		for _, st := range res.Stats {
			out[st.Unit.Name] = st.Runs
		}
		return out
	}
	short, long := runs(nil), runs(&Long{Random: 400, Patience: 400, Ticks: 1 << 16})
	t.Logf("runs without Long %v, with %v", short, long)
	if long["Magic"] < 400 || long["Magic"] < 2*short["Magic"] {
		t.Errorf("Magic: %d runs with Long, %d without: want at least 400 and twice as many", long["Magic"], short["Magic"])
	}
	if long["Loopy"] != short["Loopy"] {
		t.Errorf("Loopy: %d runs with Long, %d without: its runs loop past Long.Ticks, want the same", long["Loopy"], short["Loopy"])
	}
}

// generousWall gives the harness's workers a minute of wall clock per
// run (GOZILLA_WALL and GOZILLA_ORIGWALL, which harness.Config.Wall and
// OrigWall set when gen does not): the verdicts of a test given it come
// from the tick budgets and limits, whatever the machine's load.
var generousWall = []string{"GOZILLA_WALL=60000", "GOZILLA_ORIGWALL=60000"}

// sumSrc loops n times: an n of 64 random bits outgrows the original's
// loop budget, an input too costly to be a row.
const sumSrc = `package sum

// Sum adds 0 … n-1.
func Sum(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}
`

// watchedSampler is the random engine with its streams recorded: the
// inputs drawn, and when the pass told them to tame. With tame false,
// its streams are no engine.Tamer.
type watchedSampler struct {
	*random.Engine
	tame    bool
	drawn   [][]int64 // per batch, the n of each input
	tamedAt int       // the batch the first Tame came after; -1 none
}

type watchedStream struct {
	s *random.Stream
	w *watchedSampler
}

func (w *watchedSampler) Sample(u *unit.Unit, seed uint64) engine.Stream {
	s := w.Engine.Sample(u, seed).(*random.Stream)
	if w.tame {
		return tamingStream{watchedStream{s, w}}
	}
	return watchedStream{s, w}
}

func (ws watchedStream) Next(n int) [][]value.Value {
	batch := ws.s.Next(n)
	var ns []int64
	for _, in := range batch {
		ns = append(ns, in[0].I)
	}
	ws.w.drawn = append(ws.w.drawn, ns)
	return batch
}

type tamingStream struct{ watchedStream }

func (ts tamingStream) Tame() {
	if ts.w.tamedAt < 0 {
		ts.w.tamedAt = len(ts.w.drawn) - 1
	}
	ts.s.Tame()
}

// TestRandomTames: an input whose original outgrows its loop budget
// tames the stream's later inputs (engine.Tamer): after the first such
// batch, a pass that tames draws far fewer of them than one whose stream
// cannot be tamed, with the same seed and the same inputs before it.
func TestRandomTames(t *testing.T) {
	pkg := loadPkg(t, map[string]string{"sum/sum.go": sumSrc}, "./sum")
	costly := func(ns []int64) (n int) {
		for _, x := range ns {
			if x > 1<<22 { // past origBudget's ticks
				n++
			}
		}
		return n
	}
	after := map[bool]int{}
	var tamedAt int
	for _, tame := range []bool{true, false} {
		w := &watchedSampler{Engine: random.New(), tame: tame, tamedAt: -1}
		if _, err := Generate(context.Background(), pkg, Config{Engines: []engine.Engine{w}, Seed: 1, Workers: 2, Random: 250, Patience: 1 << 20}); err != nil {
			t.Fatal(err)
		}
		if tame {
			if w.tamedAt < 0 {
				t.Fatal("the pass never tamed its stream, though Sum(n) outgrows the loop budget for large n")
			}
			tamedAt = w.tamedAt
		}
		for _, ns := range w.drawn[tamedAt+1:] {
			after[tame] += costly(ns)
		}
	}
	t.Logf("inputs past the loop budget after the first tame: %d tamed, %d not", after[true], after[false])
	if after[false] < 20 || after[true]*5 > after[false] {
		t.Errorf("after the first costly batch, %d costly inputs drawn with taming, %d without: want at least five times fewer, of at least 20", after[true], after[false])
	}
}
