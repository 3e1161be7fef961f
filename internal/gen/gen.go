// Package gen owns gozilla's test generation: the multi-pass system of
// seed 001 §IV.C (the SW ATG system) over the mutants of internal/mutate,
// executed through internal/harness.
//
// The passes, in order:
//
//  1. Random: type-aware random inputs, small, boundary and random ones
//     taken in turn (the same sequence whatever the budget, so that a
//     larger budget never kills less); values a literal cannot spell are
//     built by their types' alternatives (value.Alt); an input is
//     kept only if it kills a live mutant. A kept input is shrunk to the
//     smallest, roundest input that still kills the mutants it was kept
//     for (a reader must be able to check a row by hand).
//  2. Deterministic passes (Pass): for each live mutant, a pass proposes
//     inputs or says it cannot; every candidate is executed, never
//     trusted. Later engines (CBT, DDR, MILP, the D-algorithm) are passes.
//  3. After each kept test, mutant dropping: every mutant it kills leaves
//     the live set.
//  4. Compaction: reverse-order simulation (tests that kill nothing a
//     later test does not already kill are removed), then a greedy set
//     cover.
//
// In: a *load.Package. Out: a *Result with the kept tests (inputs and the
// original's outcomes: the regression oracle), each mutant's status and
// per-unit statistics. internal/emit writes the tests as Go.
package gen

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Config controls generation. The zero value generates for every unit
// with all operators, seed 1, one worker.
type Config struct {
	Dir     string
	Tags    string
	Env     []string
	Ops     map[mutate.Op]bool // nil = all
	Run     *regexp.Regexp     // units to generate for; nil = all
	Seed    uint64             // 0 = 1
	Workers int                // harness processes; 0 = 1

	// Random is the most random inputs tried per unit (0 = 1000, < 0 =
	// no random pass); the random pass of a unit also stops after
	// Patience inputs in a row kill nothing (0 = 200).
	Random, Patience int

	// Passes are the deterministic passes, run in order after the random
	// pass on the mutants it left alive.
	Passes []Pass

	// Skip is the generated file gozilla owns and is about to replace; it
	// is left out of the build.
	Skip string

	// Budgets: a unit's passes stop when it has spent UnitRuns harness
	// runs (original, mutant and canary executions; 0 = 500,000) or
	// UnitTicks loop-budget ticks (0 = 2^32), and every unit stops when
	// the package has spent PackageRuns (0 = 5,000,000) or PackageTicks
	// (0 = 2^35): counts, so that verdicts do not depend on the machine.
	// UnitWall (0 = 10 s) bounds a unit's wall time (its random pass and
	// every deterministic pass's work on its mutants), whose hit leaves
	// its live mutants undecided: the one budget that depends on the
	// machine, so that no unit takes a run hostage. Each hit is in UnitStats.Limits.
	UnitRuns, PackageRuns   int64
	UnitTicks, PackageTicks uint64
	UnitWall                time.Duration

	// Limits of each harness run (harness.Config; 0 = its defaults).
	MemLimit, MaxStack int64

	Progress func(Progress)
}

// Progress reports the state of a run.
type Progress struct {
	Unit          string
	Units, UnitNo int
	Killed, Total int
}

// Pass is a deterministic test generator. Given a live mutant, it proposes
// inputs of a unit that may kill it, or returns ErrCannot.
type Pass interface {
	Name() string
	Candidates(ctx context.Context, t *Target, m *mutate.Mutant) ([]Candidate, error)
}

// ErrCannot is a pass's answer when it has no candidate for a mutant.
var ErrCannot = errors.New("cannot")

// A Preparer is a pass with work it can do before the random pass ends
// (symbolic exploration): gen calls Prepare once, before the random
// pass, and the pass may do it in the background, as long as what it
// later answers does not depend on when that work finishes.
type Preparer interface {
	Prepare(t *Target)
}

// An Explainer is a pass that can say why it had no candidate for a
// mutant (seed 000 §5, failure information) and show what it built for
// it. Both return "" when it has nothing to say.
type Explainer interface {
	Why(id int) string     // one line: unsupported expression, detectably unsolvable, no solution after N tries…
	Explain(id int) string // the mutant's constraint system, several lines
}

// A Prover is a pass that can prove mutants equivalent (internal/equiv):
// after its Candidates, gen asks it, and a mutant it proves is no longer
// worked on and is reported equivalent (left out of MS = D/(M−E)).
type Prover interface {
	Equivalent(id int) (reason string, ok bool)
}

// Candidate is an input a pass proposes for a unit.
type Candidate struct {
	Unit *unit.Unit
	In   []value.Value
}

// Target is what passes see of the package under generation.
type Target struct {
	Pkg   *load.Package
	Set   *mutate.Set
	Units []*unit.Unit // supported and unsupported, in source order
	// Live reports whether a mutant is still alive (not killed by a kept
	// test, not proven equivalent).
	Live func(id int) bool
	// Done is closed when the run is stopped (its deadline): work a pass
	// does in the background (Preparer) stops too.
	Done <-chan struct{}
}

// Status is a mutant's verdict after generation.
type Status int

const (
	Lived      Status = iota + 1 // reached by the kept tests, not killed
	Killed                       // a kept test's outcome differs
	NotCovered                   // no kept test reaches it
	Equivalent                   // proven equivalent by a Prover pass
)

func (s Status) String() string {
	switch s {
	case Lived:
		return "lived"
	case Killed:
		return "killed"
	case NotCovered:
		return "not_covered"
	case Equivalent:
		return "equivalent"
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// Test is one kept test: an input of a unit and the original's outcome.
type Test struct {
	Unit  *unit.Unit
	In    []value.Value // receiver first
	Out   harness.Outcome
	Pass  string // the pass that produced it
	Kills []int  // mutants it kills, ascending
	Hits  []int  // schemata sites it reaches
	// Credit is the mutants this test is the first in the emitted order
	// to kill (set by compaction): what its comment names.
	Credit []int
	// Name is the case's name in the emitted file and Func its test
	// function's (set by emit.File).
	Name, Func string
	seq        int // generation order
}

// UnitStats summarises one unit.
type UnitStats struct {
	Unit                  *unit.Unit
	Mutants, Killed, Live int
	Equivalent            int // proven equivalent (not in Live)
	Tests                 int
	Seconds               float64
	ByPass                map[string]int // tests emitted per pass
	Limits                []Limit        // budgets and resource limits hit, by mutant then kind
	Runs                  int64          // harness runs spent on the unit
}

// Limit is a budget or resource limit that generation for a unit hit.
type Limit struct {
	// Kind is a harness.Panic kind of a run a limit ended (blocked,
	// stack, memory, crash: the mutant was killed; slow: the wall clock,
	// undecided — after two such runs the mutant is not run again), or a
	// budget of the unit's passes: "unit runs", "unit ticks", "package
	// runs", "package ticks", "unit wall" (the unit's passes stopped).
	Kind   string
	Mutant int // the mutant whose run hit it; 0 = the original, or the unit's budget
	Count  int // runs that hit it
}

// Budget defaults (Config).
const (
	DefaultUnitRuns     = 500_000
	DefaultPackageRuns  = 5_000_000
	DefaultUnitTicks    = 1 << 32
	DefaultPackageTicks = 1 << 35
	DefaultUnitWall     = 10 * time.Second
)

// Result is the outcome of generation for one package.
type Result struct {
	Pkg    *load.Package
	Set    *mutate.Set
	Units  []*unit.Unit
	Tests  []*Test // emitted, by unit in source order then generation order
	Status map[int]Status
	Stats  []*UnitStats  // one per unit with mutants or tests, source order
	Other  *UnitStats    // mutants outside every supported unit
	Runs   int64         // harness runs (original and mutant executions)
	Build  time.Duration // building the schemata test binary
	Wall   time.Duration

	// Why says, for each mutant left alive that a deterministic pass
	// tried, why that pass did not kill it ("cbt: …"); Explain holds
	// what the pass built for it (its constraint system).
	Why     map[int]string
	Explain map[int]string
	// Equivalent holds, for each mutant proven equivalent, the proof's
	// gist.
	Equivalent map[int]string
}

// Generate runs the passes on pkg.
func Generate(ctx context.Context, pkg *load.Package, cfg Config) (*Result, error) {
	start := time.Now()
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Random == 0 {
		cfg.Random = 1000
	}
	if cfg.Patience <= 0 {
		cfg.Patience = 200
	}
	if cfg.UnitRuns <= 0 {
		cfg.UnitRuns = DefaultUnitRuns
	}
	if cfg.PackageRuns <= 0 {
		cfg.PackageRuns = DefaultPackageRuns
	}
	if cfg.UnitTicks == 0 {
		cfg.UnitTicks = DefaultUnitTicks
	}
	if cfg.PackageTicks == 0 {
		cfg.PackageTicks = DefaultPackageTicks
	}
	if cfg.UnitWall <= 0 {
		cfg.UnitWall = DefaultUnitWall
	}
	set, err := mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops})
	if err != nil {
		return nil, err
	}
	units := unit.Find(pkg, cfg.Run)
	for _, u := range units {
		if u.AssumeErr != "" {
			return nil, errors.New(u.AssumeErr)
		}
	}
	var hunits []harness.Unit
	index := map[*unit.Unit]int{}
	stateful := harness.Stateful(pkg)
	for _, u := range units {
		if u.Skip == "" {
			index[u] = len(hunits)
			hunits = append(hunits, harness.UnitOf(pkg, u, stateful(u.Func)))
		}
	}
	mutSite := make([]int, len(set.Mutants)+1)
	for _, m := range set.Mutants {
		mutSite[m.ID] = m.Site
	}
	overlay := map[string][]byte{}
	for k, v := range set.Overlay {
		overlay[k] = v
	}
	overlay[filepath.Join(pkg.Dir, harness.File)] = harness.Source(pkg.Name, hunits, mutSite, unit.Sentinels(pkg))
	if cfg.Skip != "" {
		overlay[cfg.Skip] = []byte("package " + pkg.Name + "\n")
	}

	target := &Target{Pkg: pkg, Set: set, Units: units, Done: ctx.Done()}

	work, err := os.MkdirTemp("", "gozilla-gen-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	t0 := time.Now()
	bin, err := run.Build(ctx, run.BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: overlay, Tags: cfg.Tags, WorkDir: work, Env: cfg.Env})
	if err != nil {
		return nil, err
	}
	build := time.Since(t0)
	pool, err := harness.NewPool(harness.Config{Bin: bin, Dir: pkg.Dir, Workers: max(cfg.Workers, 1), Env: cfg.Env, MemLimit: cfg.MemLimit, MaxStack: cfg.MaxStack})
	if err != nil {
		return nil, err
	}
	defer pool.Close()

	g := &generator{
		cfg:        cfg,
		pool:       pool,
		target:     target,
		index:      index,
		live:       map[int]bool{},
		reached:    map[int]bool{},
		slow:       map[int]int{},
		why:        map[int]string{},
		explain:    map[int]Explainer{},
		equivalent: map[int]string{},
		cost:       map[*unit.Unit]*cost{},
		limits:     map[*unit.Unit]map[Limit]int{},
		wallHits:   map[int]int{},
	}
	target.Live = func(id int) bool { return g.live[id] }
	for _, m := range set.Mutants {
		g.live[m.ID] = true
	}
	g.byFunc = map[string][]*mutate.Mutant{}
	for _, m := range set.Mutants {
		g.byFunc[m.Func] = append(g.byFunc[m.Func], m)
	}
	seconds := map[*unit.Unit]float64{}
	var supported []*unit.Unit
	for _, u := range units {
		if u.Skip == "" {
			supported = append(supported, u)
		}
	}
	// Preparation overlaps the random pass (not the build: the compiler
	// needs both CPUs).
	for _, p := range cfg.Passes {
		if pr, ok := p.(Preparer); ok {
			pr.Prepare(target)
		}
	}
	for i, u := range supported {
		if cfg.Random < 0 {
			break
		}
		t0 := time.Now()
		if cfg.Progress != nil {
			cfg.Progress(Progress{Unit: u.Name, Units: len(supported), UnitNo: i + 1, Killed: len(set.Mutants) - len(g.live), Total: len(set.Mutants)})
		}
		g.startUnit(u)
		err := g.randomPass(ctx, u)
		g.clock(u, false)
		if err != nil {
			return nil, err
		}
		seconds[u] += time.Since(t0).Seconds()
	}
	for _, p := range cfg.Passes {
		if err := g.deterministic(ctx, p, seconds); err != nil {
			return nil, err
		}
	}
	tests, err := g.compact(ctx)
	if err != nil {
		return nil, err
	}
	res := &Result{Pkg: pkg, Set: set, Units: units, Tests: tests, Status: map[int]Status{}, Why: map[int]string{}, Explain: map[int]string{}, Equivalent: g.equivalent}
	g.verdicts(res)
	for id := range g.equivalent {
		if x := g.explain[id]; x != nil {
			if text := x.Explain(id); text != "" {
				res.Explain[id] = text
			}
		}
	}
	for id, why := range g.why {
		if res.Status[id] != Killed {
			res.Why[id] = why
			if x := g.explain[id]; x != nil {
				if text := x.Explain(id); text != "" {
					res.Explain[id] = text
				}
			}
		}
	}
	res.Stats, res.Other = stats(res, seconds)
	for _, st := range res.Stats {
		st.Limits = g.limitsOf(st.Unit)
		if c := g.cost[st.Unit]; c != nil {
			st.Runs = c.runs
		}
	}
	res.Runs = pool.Runs
	res.Build = build
	res.Wall = time.Since(start)
	return res, nil
}

type generator struct {
	cfg     Config
	pool    *harness.Pool
	target  *Target
	index   map[*unit.Unit]int // harness table index of supported units
	live    map[int]bool       // mutants not killed yet
	reached map[int]bool       // schemata sites some executed input reached

	mu     sync.Mutex
	slow   map[int]int // mutants found over the tight budget yet ending like the original
	byFunc map[string][]*mutate.Mutant
	tests  []*Test

	why        map[int]string    // from the last deterministic pass that tried a mutant
	explain    map[int]Explainer // that pass, when it can explain
	equivalent map[int]string    // mutants a Prover pass proved equivalent
	seq        int

	// Budgets and limits (budget.go), under mu.
	cost     map[*unit.Unit]*cost
	total    cost
	limits   map[*unit.Unit]map[Limit]int // Count 0 in the key; the value counts
	wallHits map[int]int                  // runs of a mutant the wall clock ended
}

// liveIDs returns the live mutants, ascending.
func (g *generator) liveIDs() []int {
	ids := make([]int, 0, len(g.live))
	for id := range g.live {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	return ids
}

// origBudget bounds the original's run of one input: inputs that need
// more loop iterations make slow tests and are not kept.
const origBudget = 1 << 22

// exec runs one input of u under the original and the given mutants:
// explicit IDs, and a bit set (harness.Bits), typically the live ones.
// Mutants that run over the harness's tight loop budget are verified with
// the generous one (a slow mutant may still end with the original's
// outcome), except mutants already found slow-but-ending twice: those
// cost a long run per input and are left undecided (not killed).
// With quick, nothing is verified and such mutants are in Unsure.
func (g *generator) exec(ctx context.Context, u *unit.Unit, in []value.Value, mutants []int, live []byte, quick bool) (*harness.Response, error) {
	return g.execSpend(ctx, u, in, mutants, live, quick, true)
}

// execSpend is exec; with spend false, the first request's cost is left
// for the caller to account (g.account) when it judges the response: a
// batch runs in parallel, but budgets are spent in the judging order.
func (g *generator) execSpend(ctx context.Context, u *unit.Unit, in []value.Value, mutants []int, live []byte, quick, spend bool) (*harness.Response, error) {
	mutants = g.runnable(mutants)
	req := &harness.Request{Unit: g.index[u], In: in, Mutants: mutants, Live: live, Budget: origBudget, Quick: true}
	r, err := g.pool.Do(ctx, req)
	if err == nil && spend {
		g.account(u, r)
	}
	if err != nil || quick || len(r.Unsure) == 0 {
		return r, err
	}
	var check []int
	g.mu.Lock()
	for _, m := range r.Unsure {
		if g.slow[m] < 2 {
			check = append(check, m)
		}
	}
	g.mu.Unlock()
	r.Unsure = nil
	if len(check) == 0 {
		return r, nil
	}
	v, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Mutants: check, Budget: origBudget})
	if err != nil {
		return nil, err
	}
	g.account(u, v)
	killed := map[int]bool{}
	for _, m := range v.Killed {
		killed[m] = true
	}
	g.mu.Lock()
	for _, m := range check {
		if killed[m] {
			r.Killed = append(r.Killed, m)
		} else {
			g.slow[m]++
		}
	}
	g.mu.Unlock()
	return r, nil
}

// usable reports whether an original outcome can be a test of u: the
// call returned or panicked, within the budget, without killing its
// process, and its results can be written as Go literals (an interface
// result holding a value of a type no alternative rebuilds cannot).
func usable(u *unit.Unit, r *harness.Response) bool {
	if r.Reject {
		return false // the input breaks the unit's //gozilla:assume directives
	}
	if r.Orig.Panic.Abnormal() {
		return false
	}
	if r.Orig.Panic == nil {
		for i, res := range u.Results {
			if i < len(r.Orig.Results) && !res.Type.Unseen && !value.Renderable(res.Type, r.Orig.Results[i]) {
				return false
			}
		}
		// A post-state the test cannot spell, which the harness still
		// compares in full (a cyclic structure): the row could not
		// check what killed its mutants. (An interface holding a value
		// of an unknown type is compared by type only, which a call
		// cannot change: its column is left out.)
		for _, p := range r.Orig.Post {
			if value.Cyclic(p) {
				return false
			}
		}
	}
	return true
}

// keep records a test that kills live mutants and drops them.
func (g *generator) keep(u *unit.Unit, in []value.Value, r *harness.Response, pass string) *Test {
	t := &Test{Unit: u, In: in, Out: r.Orig, Pass: pass, Hits: r.Hits, seq: g.seq}
	g.seq++
	g.reach(r)
	for _, m := range r.Killed {
		t.Kills = append(t.Kills, m)
		delete(g.live, m)
	}
	sort.Ints(t.Kills)
	g.tests = append(g.tests, t)
	return t
}

// deterministic runs pass p on every live mutant, in ID order.
func (g *generator) deterministic(ctx context.Context, p Pass, seconds map[*unit.Unit]float64) error {
	for _, id := range g.liveIDs() {
		if !g.live[id] {
			continue // dropped by a test kept earlier in this loop
		}
		m := g.target.Set.Mutants[id-1]
		if u := g.unitOf(m); u != nil && g.over(u) {
			g.why[id] = p.Name() + ": not tried: the unit's budget is spent"
			continue
		}
		u := g.unitOf(m)
		t0 := time.Now()
		if u != nil {
			g.clock(u, true)
		}
		err := g.tryMutant(ctx, p, id, m)
		if u != nil {
			g.clock(u, false)
			seconds[u] += time.Since(t0).Seconds()
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// tryMutant asks p for candidates for live mutant m (ID id) and runs
// them, keeping the first that kills it, shrunk.
func (g *generator) tryMutant(ctx context.Context, p Pass, id int, m *mutate.Mutant) error {
	cands, err := p.Candidates(ctx, g.target, m)
	if x, ok := p.(Explainer); ok {
		g.explain[id] = x
	}
	if pr, ok := p.(Prover); ok {
		if why, eq := pr.Equivalent(id); eq {
			g.live[id] = false
			g.equivalent[id] = p.Name() + ": " + why
			delete(g.why, id)
			return nil
		}
	}
	if errors.Is(err, ErrCannot) {
		why := "no candidate"
		if x, ok := p.(Explainer); ok && x.Why(id) != "" {
			why = x.Why(id)
		}
		g.why[id] = p.Name() + ": " + why
		return nil
	}
	if err != nil {
		return fmt.Errorf("%s pass on mutant %d: %w", p.Name(), id, err)
	}
	ran, equal := 0, 0
	var runnable []Candidate
	for _, c := range cands {
		if _, ok := g.index[c.Unit]; ok && c.Unit.Skip == "" {
			runnable = append(runnable, c)
		}
	}
	// The first candidate runs alone (it usually kills); the others
	// run in parallel and are judged in order, as in the random
	// pass, so that the outcome does not depend on the workers.
	for lo := 0; lo < len(runnable) && g.live[id] && !g.over(runnable[lo].Unit); {
		hi := len(runnable)
		if lo == 0 {
			hi = 1
		}
		batch := runnable[lo:hi]
		lo = hi
		resps, errs := g.execQuick(ctx, batch)
		for i, r := range resps {
			if errs[i] != nil {
				return errs[i]
			}
			c := batch[i]
			g.account(c.Unit, r)
			g.reach(r)
			ran++
			if !g.live[id] || !usable(c.Unit, r) {
				continue
			}
			credit := g.liveOf(r.Killed)
			verified := false
			if unsure := g.liveOf(r.Unsure); len(unsure) > 0 && (len(credit) == 0 || slices.Contains(unsure, id)) {
				v, err := g.exec(ctx, c.Unit, c.In, unsure, nil, false)
				if err != nil {
					return err
				}
				more := g.liveOf(v.Killed)
				credit = append(credit, more...)
				r.Killed, r.Unsure, verified = append(r.Killed, more...), nil, true
			}
			if len(credit) == 0 {
				if slices.Contains(r.Hits, m.Site) {
					equal++
				}
				continue
			}
			in, r, err := g.shrink(ctx, c.Unit, c.In, credit, r, verified)
			if err != nil {
				return err
			}
			g.keep(c.Unit, in, r, p.Name())
		}
	}
	if g.live[id] {
		g.why[id] = fmt.Sprintf("%s: %d candidate input(s) ran, %d reached the mutant, none made a difference", p.Name(), ran, equal)
	}
	return nil
}

// unitOf returns the supported unit a mutant lives in, or nil.
func (g *generator) unitOf(m *mutate.Mutant) *unit.Unit {
	for _, u := range g.target.Units {
		if u.Name == m.Func && u.Skip == "" {
			return u
		}
	}
	return nil
}
