package run

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

const kitchenDir = "../mutate/testdata/kitchen"

func kitchen(t *testing.T) (*load.Package, *mutate.Set) {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: kitchenDir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0], set
}

// dump runs the kitchen's TestDump in bin with env and returns what it
// wrote, or "timeout" / "failed: ...".
func dump(t *testing.T, bin, dir string, env ...string) string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "dump")
	r := &Runner{Binary: bin, Dir: dir, Jobs: 1, Env: append(env, "KITCHEN_DUMP="+out)}
	res := r.exec(context.Background(), []string{"TestDump"}, 20*time.Second)
	switch {
	case res.err != nil:
		t.Fatal(res.err)
	case res.timedOut:
		return "timeout"
	case res.exit != 0:
		return "failed: " + killer(res.out)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestSchemataMatchesDirectMutants is the schemata's correctness check:
// for a sample of mutants, the schemata binary with GOZILLA_MUTANT=id must
// compute exactly what the mutant compiled on its own computes.
func TestSchemataMatchesDirectMutants(t *testing.T) {
	testmod.Long(t)
	if testing.Short() {
		t.Skip("builds one binary per sampled mutant")
	}
	pkg, set := kitchen(t)
	ctx := context.Background()
	work := t.TempDir()
	bin, err := Build(ctx, BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: set.Overlay, WorkDir: work})
	if err != nil {
		t.Fatal(err)
	}
	orig := dump(t, bin, pkg.Dir, mutate.EnvMutant+"=0")
	if cover := dump(t, bin, pkg.Dir, mutate.EnvMutant+"=-1"); cover != orig {
		t.Fatalf("coverage mode computes\n%s\nbut the original computes\n%s", cover, orig)
	}
	srcs := map[string][]byte{}
	for _, f := range pkg.Files {
		srcs[f.Path] = f.Src
	}
	// One mutant per operator and a spread of the rest, deterministic.
	sample := map[int]*mutate.Mutant{}
	seenOp := map[mutate.Op]bool{}
	for _, m := range set.Mutants {
		if !seenOp[m.Op] {
			seenOp[m.Op] = true
			sample[m.ID] = m
		}
	}
	if os.Getenv(testmod.LongEnv) == "1" {
		// A spread of the rest: one build each.
		for i := 0; i < len(set.Mutants); i += len(set.Mutants) / 12 {
			sample[set.Mutants[i].ID] = set.Mutants[i]
		}
	}
	differs := 0
	for id := 1; id <= len(set.Mutants); id++ {
		m := sample[id]
		if m == nil {
			continue
		}
		direct := filepath.Join(work, "m"+strconv.Itoa(id))
		os.MkdirAll(direct, 0o755)
		dbin, err := Build(ctx, BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, WorkDir: direct,
			Overlay: map[string][]byte{m.File: m.Apply(srcs[m.File])}})
		if err != nil {
			t.Errorf("mutant %d (%s %q → %q) alone does not build: %v", id, m.Op, m.Orig, m.Repl, err)
			continue
		}
		want := dump(t, dbin, pkg.Dir)
		got := dump(t, bin, pkg.Dir, mutate.EnvMutant+"="+strconv.Itoa(id))
		if got != want {
			t.Errorf("mutant %d (%s %q → %q): schemata computes\n%s\nthe mutant alone computes\n%s", id, m.Op, m.Orig, m.Repl, got, want)
		}
		if want != orig {
			differs++
		}
	}
	if differs == 0 {
		t.Error("no sampled mutant changed the kitchen's results: the comparison proves nothing")
	}
}

// TestRunOutcomes checks the executor's verdicts on mutants with known
// behaviour: a killed one, a lived one, one that loops forever.
func TestRunOutcomes(t *testing.T) {
	testmod.Long(t)
	files := map[string]string{
		"go.mod": "module example.com/loop\n\ngo 1.26\n",
		"loop.go": `package loop

// Count counts from 0 up to n.
func Count(n int) int {
	c := 0
	for i := 0; i < n; i++ {
		c++
	}
	return c
}
`,
		"loop_test.go": `package loop

import "testing"

func TestCount(t *testing.T) {
	if Count(3) != 3 {
		t.Fatal("Count(3) != 3")
	}
}

func TestUnrelated(t *testing.T) {}
`,
	}
	dir, work, bin, set := buildModule(t, files, mutate.SDL, mutate.ROR)
	ctx := context.Background()
	tests, err := ListTests(ctx, bin, dir, nil)
	if err != nil || len(tests) != 2 || tests[0] != "TestCount" {
		t.Fatalf("ListTests = %v, %v; want [TestCount TestUnrelated]", tests, err)
	}
	r := &Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}
	base, err := r.Baseline(ctx, tests, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if base[0].Ticks == 0 {
		t.Error("TestCount baseline: no loop-budget ticks recorded")
	}
	if !base[0].Passed || len(base[0].Sites) == 0 {
		t.Errorf("TestCount baseline: passed=%v sites=%v; want passing and covering", base[0].Passed, base[0].Sites)
	}
	if !base[1].Passed || len(base[1].Sites) != 0 {
		t.Errorf("TestUnrelated baseline: passed=%v sites=%v; want passing, covering nothing", base[1].Passed, base[1].Sites)
	}

	want := map[string]mutate.Status{
		"c++ => ":         mutate.Killed,   // Count returns 0
		"i++ => ":         mutate.TimedOut, // the loop never ends
		"i < n => i > n":  mutate.Killed,
		"i < n => i != n": mutate.Lived, // equivalent for n >= 0
		"i < n => i <= n": mutate.Killed,
		"i < n => i == n": mutate.Killed,
		"i < n => i >= n": mutate.Killed,
		"i < n => false":  mutate.Killed,
		"i < n => true":   mutate.TimedOut,
	}
	var jobs []Job
	for _, m := range set.Mutants {
		jobs = append(jobs, Job{Mutant: m.ID, Groups: []Group{{Tests: []string{"TestCount"}, Timeout: time.Second}}})
	}
	// The same jobs with a loop budget: endless loops end by the budget.
	for _, m := range set.Mutants {
		job := Plan(m.ID, base[:1], 0)
		job.Groups[0].Timeout = time.Minute
		jobs = append(jobs, job)
	}
	results, err := r.Run(ctx, jobs, nil)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, m := range set.Mutants {
		key := m.Orig + " => " + m.Repl
		w, ok := want[key]
		if !ok {
			continue
		}
		checked++
		if results[i].Outcome != w {
			t.Errorf("mutant %s: %v, want %v", key, results[i].Outcome, w)
		}
		if b := results[len(set.Mutants)+i]; b.Outcome != w || (w == mutate.TimedOut) != b.Budget {
			t.Errorf("mutant %s with a loop budget: %v (by budget: %v), want %v", key, b.Outcome, b.Budget, w)
		}
		if w == mutate.Killed && results[i].KilledBy != "TestCount" {
			t.Errorf("mutant %s killed by %q, want TestCount", key, results[i].KilledBy)
		}
	}
	if checked != len(want) {
		t.Errorf("%d of the %d expected mutants were generated", checked, len(want))
	}
}

func TestPlan(t *testing.T) {
	ms := time.Millisecond
	tests := []TestInfo{
		{Name: "TestA", Duration: 10 * ms, Ticks: 100},
		{Name: "TestHeavy", Duration: 50 * ms, Ticks: 1 << 20},
		{Name: "TestB", Duration: 20 * ms, Ticks: 300},
		{Name: "TestHeavier", Duration: 40 * ms, Ticks: 1 << 22},
		{Name: "TestHeavyFast", Duration: 90 * ms, Ticks: 1 << 18},
		{Name: "TestSlow", Duration: 3 * time.Second, Ticks: 50}, // its work in math/big
	}
	job := Plan(7, tests, 0)
	if job.Mutant != 7 || len(job.Groups) != 5 {
		t.Fatalf("Plan = %+v; want mutant 7 in 5 groups", job)
	}
	if last := job.Groups[4].Tests; !reflect.DeepEqual(last, []string{"TestSlow"}) {
		t.Errorf("last group %v; want the slow test alone, last: a survivor's light group stays quick", last)
	}
	light, heavy := job.Groups[0], job.Groups[2]
	if !reflect.DeepEqual(light.Tests, []string{"TestA", "TestB"}) || !reflect.DeepEqual(heavy.Tests, []string{"TestHeavy"}) {
		t.Errorf("groups %v, %v; want the light tests first, each heavy one alone", light.Tests, heavy.Tests)
	}
	var order []string
	for _, g := range job.Groups[1:4] {
		order = append(order, g.Tests...)
	}
	if want := []string{"TestHeavyFast", "TestHeavy", "TestHeavier"}; !reflect.DeepEqual(order, want) {
		t.Errorf("heavy tests run in the order %v, want %v: the least counted work first, whatever the clock said", order, want)
	}
	if light.Budget != BudgetFor(400) || heavy.Budget != BudgetFor(1<<20) {
		t.Errorf("budgets %d, %d; want BudgetFor of each group's ticks", light.Budget, heavy.Budget)
	}
	// The quickest test (10ms) is the cost of a process: the light
	// group's time is TestA's and TestB's less one process each, plus
	// its own.
	if light.Timeout != TimeoutFor(20*ms) || heavy.Timeout != TimeoutFor(50*ms) {
		t.Errorf("timeouts %v, %v; want TimeoutFor of each group's time, a process counted once", light.Timeout, heavy.Timeout)
	}
	for _, g := range Plan(7, tests, 5*time.Second).Groups {
		if g.Timeout != 5*time.Second {
			t.Errorf("a -timeout of 5s gave a group timeout of %v", g.Timeout)
		}
	}
}

// TestSiteLead: the mutants of one site run in order, and the test that
// killed the last of them runs first, alone, for the next; the verdicts
// are those of the plain order.
func TestSiteLead(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/sign\n\ngo 1.26\n",
		"sign.go": `package sign

// Sign is -1, 0 or 1.
func Sign(x int) int {
	if x < 0 {
		return -1
	}
	if x > 0 {
		return 1
	}
	return 0
}
`,
		"sign_test.go": `package sign

import "testing"

func TestRuns(t *testing.T) { Sign(-2); Sign(0); Sign(5) }

func TestChecks(t *testing.T) {
	for x, want := range map[int]int{-2: -1, 0: 0, 5: 1} {
		if got := Sign(x); got != want {
			t.Fatalf("Sign(%d) = %d", x, got)
		}
	}
}
`,
	}
	dir, work, bin, set := buildModule(t, files, mutate.ROR)
	ctx := context.Background()
	r := &Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}
	base, err := r.Baseline(ctx, []string{"TestRuns", "TestChecks"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]TestInfo{}
	for _, b := range base {
		byName[b.Name] = b
	}
	r.Solo = func(test string) (Group, bool) {
		b, ok := byName[test]
		return Plan(0, []TestInfo{b}, 0).Groups[0], ok
	}
	var plain, sited []Job
	for _, m := range set.Mutants {
		j := Plan(m.ID, base, 0)
		plain = append(plain, j)
		j.Site = m.Site
		sited = append(sited, j)
	}
	want, err := (&Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}).Run(ctx, plain, nil)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Run(ctx, sited, nil)
	if err != nil {
		t.Fatal(err)
	}
	led := 0
	killed := map[int]bool{} // sites with a killed mutant so far
	for i, m := range set.Mutants {
		if got[i].Outcome != want[i].Outcome {
			t.Errorf("mutant %d (%s → %s): %v with the site's lead, %v without", m.ID, m.Orig, m.Repl, got[i].Outcome, want[i].Outcome)
		}
		lead := killed[m.Site]
		killed[m.Site] = killed[m.Site] || got[i].Outcome == mutate.Killed
		if !lead {
			if !reflect.DeepEqual(got[i].Ran, want[i].Ran) {
				t.Errorf("mutant %d, before any of its site's is killed, ran %v, want %v", m.ID, got[i].Ran, want[i].Ran)
			}
			continue
		}
		if first := got[i].Ran[0].Tests; !reflect.DeepEqual(first, []string{"TestChecks"}) {
			t.Errorf("mutant %d after a sibling TestChecks killed: first ran %v, want [TestChecks] alone", m.ID, first)
		}
		led++
	}
	if led < 3 {
		t.Errorf("%d mutants ran their site's killer first, want at least 3", led)
	}
}

// buildModule writes a module of files in a temporary directory and
// builds its schemata test binary with the mutants of ops.
func buildModule(t *testing.T, files map[string]string, ops ...mutate.Op) (dir, work, bin string, set *mutate.Set) {
	t.Helper()
	dir = t.TempDir()
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := load.Load(load.Config{Dir: dir}, ".")
	if err != nil {
		t.Fatal(err)
	}
	opSet := map[mutate.Op]bool{}
	for _, op := range ops {
		opSet[op] = true
	}
	set, err = mutate.Generate(pkgs[0], mutate.Options{Ops: opSet})
	if err != nil {
		t.Fatal(err)
	}
	work = t.TempDir()
	bin, err = Build(context.Background(), BuildConfig{Dir: dir, Pkg: pkgs[0].Path, Overlay: set.Overlay, WorkDir: work})
	if err != nil {
		t.Fatal(err)
	}
	return dir, work, bin, set
}

// absSrc is a package of one function whose ROR mutants some tests kill.
const absSrc = `package abs

// Abs is |x|.
func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`

// TestTwoPasses: every job's first group runs before any job's second,
// so that a run stopped early has decided the mutants its first groups
// kill; the verdicts and the groups each mutant ran are those of running
// each job's groups in order.
func TestTwoPasses(t *testing.T) {
	files := map[string]string{
		"go.mod": "module example.com/abs\n\ngo 1.26\n",
		"abs.go": absSrc,
		"abs_test.go": `package abs

import "testing"

func TestPositive(t *testing.T) {
	if Abs(3) != 3 {
		t.Fatal("Abs(3)")
	}
}

func TestNegative(t *testing.T) {
	if Abs(-3) != 3 {
		t.Fatal("Abs(-3)")
	}
}
`,
	}
	dir, work, bin, set := buildModule(t, files, mutate.ROR)
	ctx := context.Background()
	r := &Runner{Binary: bin, Dir: dir, Jobs: 1, WorkDir: work}
	base, err := r.Baseline(ctx, []string{"TestPositive", "TestNegative"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	// Each test in a group of its own: TestPositive first.
	var jobs []Job
	for _, m := range set.Mutants {
		j := Job{Mutant: m.ID}
		for _, b := range base {
			j.Groups = append(j.Groups, Plan(0, []TestInfo{b}, 0).Groups[0])
		}
		jobs = append(jobs, j)
	}
	var order []int // mutants in the order they were decided
	got, err := r.Run(ctx, jobs, func(_ int, res Result) { order = append(order, res.Mutant) })
	if err != nil {
		t.Fatal(err)
	}
	second := false // a mutant decided in the second pass came already
	for k, id := range order {
		i := slices.IndexFunc(jobs, func(j Job) bool { return j.Mutant == id })
		res := got[i]
		var ran []string
		for _, g := range res.Ran {
			ran = append(ran, g.Tests...)
		}
		// Running the groups in order: the first failing one decides.
		want := []string{"TestPositive"}
		if res.KilledBy != "TestPositive" {
			want = append(want, "TestNegative")
		}
		if !reflect.DeepEqual(ran, want) {
			t.Errorf("mutant %d (%s) ran %v, want %v", id, res.Outcome, ran, want)
		}
		if len(ran) == 2 {
			second = true
		} else if second {
			t.Errorf("mutant %d, decided by its first group, came %dth, after a mutant that needed its second", id, k+1)
		}
	}
	if len(order) != len(jobs) || !second {
		t.Fatalf("%d of %d mutants decided, second pass used: %v; want all, and some in the second pass", len(order), len(jobs), second)
	}
}

// TestClockRetry: a run the clock ends is run again with four times the
// time (a loaded machine may have starved it), unless it had the CPU
// for most of its time (TestStarved): a mutant that sends a test
// spinning outside the package (no loop ticks) is timed out, one that
// blocks it is given its second chance.
func TestClockRetry(t *testing.T) {
	testmod.Long(t)
	files := map[string]string{
		"go.mod": "module example.com/abs\n\ngo 1.26\n",
		"abs.go": absSrc,
		"abs_test.go": `package abs

import (
	"testing"
	"time"
)

// The loops are in the test file, which has no loop ticks.

func TestSpins(t *testing.T) {
	if Abs(-3) != 3 {
		for {
		}
	}
}

func TestBlocks(t *testing.T) {
	if Abs(-3) != 3 {
		time.Sleep(time.Hour)
	}
}
`,
	}
	dir, work, bin, set := buildModule(t, files, mutate.ROR)
	ctx := context.Background()
	r := &Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}
	base, err := r.Baseline(ctx, []string{"TestSpins", "TestBlocks"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var m *mutate.Mutant // x < 0 → x > 0: Abs(-3) is -3
	for _, c := range set.Mutants {
		if c.Repl == "x > 0" {
			m = c
		}
	}
	if m == nil {
		t.Fatal("no mutant x > 0")
	}
	const timeout = 400 * time.Millisecond
	for _, b := range base {
		got, err := r.Run(ctx, []Job{Plan(m.ID, []TestInfo{b}, timeout)}, nil)
		if err != nil {
			t.Fatal(err)
		}
		res := got[0]
		if res.Outcome != mutate.TimedOut || res.Budget {
			t.Fatalf("%s: %v (budget %v), want timed out by the clock", b.Name, res.Outcome, res.Budget)
		}
		// Whether the spinning one had three quarters of the CPU
		// depends on the machine's load; the blocked one never has.
		if retried := res.Duration >= RetryFor(timeout); b.Name == "TestBlocks" && !retried {
			t.Errorf("%s: timed out after %v, not run again: a blocked process is given its second chance", b.Name, res.Duration)
		}
	}
}

func TestStarved(t *testing.T) {
	s := time.Second
	for _, c := range []struct {
		timeout, cpu time.Duration
		want         bool
	}{
		{10 * s, 0, true},                        // blocked, or never scheduled
		{10 * s, 5 * s, true},                    // half the CPU: a loaded machine
		{10 * s, 7 * s, true},                    // short of three quarters
		{10 * s, 7500 * time.Millisecond, false}, // working, far past the baseline
		{10 * s, 12 * s, false},                  // several threads working
	} {
		if got := starved(c.timeout, c.cpu); got != c.want {
			t.Errorf("starved(%v, %v) = %v, want %v", c.timeout, c.cpu, got, c.want)
		}
	}
}

// heavySrc allocates: Blocks in a loop, which ticks; Steps sizes a loop
// of the test file, which does not.
const heavySrc = `package heavy

var sink []byte

// Blocks allocates n blocks of 64 KiB and returns their total size.
func Blocks(n int) int {
	total := 0
	for i := 0; i < n; i++ {
		sink = make([]byte, 64<<10)
		total += len(sink)
	}
	return total
}

// Steps is how many times TestGrow grows its string.
func Steps() int {
	return 4
}
`

// TestAllocBudget: a mutant that sends a test allocating far past its
// baseline is timed out by the allocation budget, counted, not by the
// clock: read at the package's ticks (Blocks without its i++, an
// endless loop whose loop budget alone would allow 8 GiB of blocks) and
// after each collection (a loop of the test file, which counts no ticks,
// growing a string until i == Steps() = -4). Each case can only be seen
// one way: Blocks's runs with the collector off, the test file's loop
// calls no function of the package.
func TestAllocBudget(t *testing.T) {
	files := map[string]string{
		"go.mod":   "module example.com/heavy\n\ngo 1.26\n",
		"heavy.go": heavySrc,
		"heavy_test.go": `package heavy

import "testing"

func TestBlocks(t *testing.T) {
	if Blocks(2) != 128<<10 {
		t.Fatal("Blocks(2) != 128 KiB")
	}
}

func TestGrow(t *testing.T) {
	s, n := "", Steps()
	for i := 0; i != n; i++ {
		s += "ab"
	}
	if len(s) != 8 {
		t.Fatal(len(s))
	}
}
`,
	}
	dir, work, bin, set := buildModule(t, files, mutate.SDL, mutate.CRP)
	ctx := context.Background()
	r := &Runner{Binary: bin, Dir: dir, Jobs: 2, WorkDir: work}
	base, err := r.Baseline(ctx, []string{"TestBlocks", "TestGrow"}, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range base {
		if !b.Passed {
			t.Fatalf("%s baseline: failed:\n%s", b.Name, b.Output)
		}
	}
	// TestGrow's process ticks once and may not collect: nothing read.
	if base[0].Alloc < 128<<10 {
		t.Errorf("TestBlocks baseline: %d bytes allocated recorded, want at least its blocks' 128 KiB", base[0].Alloc)
	}
	find := func(orig, repl string) *mutate.Mutant {
		for _, m := range set.Mutants {
			if m.Orig == orig && m.Repl == repl {
				return m
			}
		}
		var all []string
		for _, m := range set.Mutants {
			all = append(all, m.Orig+" => "+m.Repl)
		}
		t.Fatalf("no mutant %s => %s among %q", orig, repl, all)
		return nil
	}
	for _, c := range []struct {
		m    *mutate.Mutant
		test TestInfo
		env  string
	}{
		// No collection: read at ticks only.
		{find("i++", ""), base[0], "GOGC=off"},
		// No tick: read after each collection only.
		{find("4", "(-4)"), base[1], "GOGC=100"},
	} {
		g := Plan(c.m.ID, []TestInfo{c.test}, 0).Groups[0]
		if g.Alloc != AllocFor(c.test.Alloc) {
			t.Errorf("%s: allocation budget %d, want AllocFor(%d)", c.test.Name, g.Alloc, c.test.Alloc)
		}
		res := r.exec(ctx, g.Tests, 20*time.Second,
			mutate.EnvMutant+"="+strconv.Itoa(c.m.ID),
			mutate.EnvBudget+"="+strconv.FormatUint(g.Budget, 10),
			mutate.EnvAlloc+"="+strconv.FormatUint(g.Alloc, 10), c.env)
		if res.err != nil {
			t.Fatal(res.err)
		}
		if res.timedOut || res.exit != mutate.ExitBudget || !strings.Contains(res.out, "allocation budget exceeded") {
			t.Errorf("mutant %s => %q in %s: timed out by the clock %v, exit %d, output %q; want stopped by the allocation budget",
				c.m.Orig, c.m.Repl, c.test.Name, res.timedOut, res.exit, res.out)
		}
	}
}
