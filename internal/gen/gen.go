// Package gen owns gozilla's test generation: the multi-pass system of
// seed 001 §IV.C (the SW ATG system) over the mutants of internal/mutate,
// with the engines of the contract in internal/engine, executed through
// internal/harness.
//
// The passes, in order:
//
//  1. Sampling: an engine.Sampler (the random engine) proposes inputs of
//     each unit in turn; an input is kept only if it kills a live mutant.
//     A kept input is shrunk to the smallest, roundest input that still
//     kills the mutants it was kept for (a reader must be able to check a
//     row by hand).
//  2. Solving: every other engine, in the order given, is asked about
//     each live mutant (engine.Requirement); the inputs it answers are
//     executed, never trusted; a sound engine's Infeasible answer makes
//     the mutant equivalent.
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
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/scratch"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Config controls generation. The zero value generates for every unit
// with all operators, seed 1, one worker.
type Config struct {
	Dir    string
	Tags   string
	Env    []string
	Ops    map[mutate.Op]bool // nil = all
	SkipRE *regexp.Regexp     // lines (or files) not to mutate (-skip); nil = none
	Arid   bool               // mutate arid code too (mutate.Options.Arid)
	// CacheDir holds earlier runs' tests, replayed for units that did
	// not change (cache.go); "" = no cache.
	CacheDir string
	Run      *regexp.Regexp // units to generate for; nil = all
	Seed     uint64         // 0 = 1
	Workers  int            // harness processes; 0 = 1

	// Random is the most inputs a sampler (random testing) tries per
	// unit (0 = 1000, < 0 = no sampling); the sampling of a unit also
	// stops after Patience inputs in a row kill nothing (0 = 200).
	Random, Patience int
	// Long, when set, lets the sampling of a unit whose runs are cheap
	// go on past Random inputs or Patience idle ones.
	Long *Long

	// Cover makes the branch outcomes and def-use pairs of the package
	// (internal/coverage) goals too: an input that covers one no kept
	// test covers is kept, and after the mutants the engines are asked
	// about each goal still open. Result.Coverage says what the emitted
	// tests cover.
	Cover bool

	// Engines find the inputs (internal/engines has the registry).
	// Samplers (random testing) run first, unit by unit; then every
	// other engine, in order, on each mutant still alive. Only a sound
	// engine's Infeasible answer makes a mutant equivalent.
	Engines []engine.Engine

	// Skip is the generated file gozilla owns and is about to replace; it
	// is left out of the build.
	Skip string

	// Set, when not nil, is the package's mutants, made by the caller
	// with Ops, SkipRE and Arid (score's set, whose numbers its report
	// uses): generation uses it instead of making its own.
	Set *mutate.Set
	// Only, when not nil, restricts generation to these mutants (score's
	// survivors): the others are never live, and only the units with
	// one of them are tried. The cache is not used.
	Only map[int]bool
	// Bin, when set, is a test binary of the package built with Set's
	// overlay and HarnessFile's file (score's own, which its test runs
	// use with the harness off): generation runs it instead of building
	// one. Set must be given with it, and Run and Cover left unset.
	Bin string
	// Box is the sandbox every run of the package's code runs in (the
	// harness workers' working directory, home and temporary directory):
	// the caller's, shared with its other runs (score's tests, gen's
	// check of the file); nil = Generate makes one and removes it.
	Box *sandbox.Box
	// Search, when set, bounds the search (the cache's replay, the
	// seeds, the random pass, the engines); it must be derived from the
	// context Generate is given. When it ends first, the search stops
	// where it is, the tests found so far are compacted as usual, and
	// Result.Stopped says why: the mutants no test kills are undecided.
	// (gen's -deadline: the search stops early enough for the file of
	// what it found to be checked and written.)
	Search context.Context
	// Recheck runs each kept test this many more times before compaction:
	// a mutant it kills only on some runs does not count as killed by it.
	Recheck int
	// KeepAll keeps every stable test instead of the smallest suite
	// (score's evidence: each mutant's own row, the first that killed
	// it, rather than the one a smaller file would keep).
	KeepAll bool
	// Seeds are inputs to judge before the random pass, each as its
	// pass (the prover's killing inputs, which score's evidence offers
	// first: plain, and found for the mutant itself).
	Seeds []Seed

	// Budgets: a unit's passes stop when it has spent UnitRuns harness
	// runs (original, mutant and canary executions; 0 = 100,000 plus
	// 100 per mutant of the unit's function: an input runs every mutant
	// it reaches) or
	// UnitTicks loop-budget ticks (0 = 2^32), and every unit stops when
	// the package has spent PackageRuns (0 = 5,000,000) or PackageTicks
	// (0 = 2^35): counts, so that what is written does not depend on the
	// machine or its load. UnitWall (0 = 2 min) is a safety net on a
	// unit's wall time (its random pass and every deterministic pass's
	// work on its mutants), far past what the counted budgets take on an
	// idle machine: when it fires, its live mutants are left undecided
	// and the result is marked partial (Result.Clock). Each hit is in
	// UnitStats.Limits.
	UnitRuns, PackageRuns int64
	// RunsPerTarget, with UnitRuns, adds to a unit's run budget this
	// many runs per mutant of the unit generation is for (all, or
	// Only's).
	RunsPerTarget           int64
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

// Seed is an input of the unit named Unit, judged before the random
// pass and kept, unshrunk, as Pass when it kills a live mutant.
type Seed struct {
	Unit string
	In   []value.Value
	Pass string
}

// candidate is an input an engine proposes for a unit.
type candidate struct {
	Unit *unit.Unit
	In   []value.Value
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
	// Covers is the coverage goals the test covers (Config.Cover), and
	// CoverCredit those it is the first in the emitted order to cover.
	Covers, CoverCredit []Goal
	// Needs gives the reason an input holds a value outside the plain set
	// (value.Plain: a type's bound, a value beyond 32 bits, non-ASCII
	// text): input index (receiver first, as In) → the mutants, ascending,
	// that the test kills (live or not) and none of the input's plain
	// variants kills (value.PlainVariants) — what shrinking could not do
	// without. The row's comment names the first of them in Credit (the
	// same on a run the cache replays); none there: the value serves a
	// mutant an earlier row is credited with. Inputs that are plain, or
	// whose plain variants kill as much, have no entry; nil when there is
	// none.
	Needs map[int][]int
	cover []int32 // the probes' records of its run
	// Name is the case's name in the emitted file and Func its test
	// function's (set by emit.File).
	Name, Func string
	seq        int // generation order
	// incumbent: a row of the file the cache brought back for a unit
	// whose code did not change; compaction keeps it (smallestSuite).
	incumbent bool
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
	Ticks                 uint64         // loop-budget ticks its runs spent (the work done)
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
	DefaultUnitRuns      = 100_000 // plus DefaultRunsPerMutant per mutant of the unit
	DefaultRunsPerMutant = 100
	DefaultPackageRuns   = 5_000_000
	DefaultUnitTicks     = 1 << 32
	DefaultPackageTicks  = 1 << 35
	DefaultUnitWall      = 2 * time.Minute
)

// Long bounds the sampling of a unit past Config.Random inputs or
// Config.Patience idle ones: it goes on, up to Random inputs and
// Patience idle ones in a row, while the loop ticks the unit has spent
// stay under Ticks. Every bound is a count: the search is the same on
// any machine. A unit whose runs loop long stops where it did without
// it.
type Long struct {
	Random, Patience int
	Ticks            uint64
}

// Result is the outcome of generation for one package.
type Result struct {
	Pkg    *load.Package
	Set    *mutate.Set
	Units  []*unit.Unit
	Tests  []*Test               // emitted, by unit in source order then generation order
	Status map[int]mutate.Status // Killed, Lived, NotCovered or Equivalent (NotRun: Stopped)
	Stats  []*UnitStats          // one per unit with mutants or tests, source order
	Other  *UnitStats            // mutants outside every supported unit
	Runs   int64                 // harness runs (original and mutant executions)
	Build  time.Duration         // building the schemata test binary
	// Phases is where the time and the runs went, in the order the
	// phases began (phase.go).
	Phases []Phase
	// Stopped, when Config.Search ended the search before it finished,
	// is its cause: the tests are those found before, and every mutant
	// they do not kill is NotRun (undecided), not Lived.
	Stopped error
	// Cut, on a result that Stopped or that Generate returns with ctx's
	// error, is the phase the stop cut: "mutants and units", "build",
	// a pass's phase (Phases' names: "random", "cbt solve"…), "passes"
	// between them, or "compact".
	Cut string
	// Clock lists the units whose safety net (UnitWall) stopped their
	// passes: their rows may differ on an idle machine, the result is
	// partial. Empty on a run that only counted.
	Clock []string
	Wall  time.Duration

	// Why says, for each mutant left alive that an engine tried, why
	// that engine did not kill it ("cbt: …"); Explain returns what the
	// engine built for it (its constraint system, a proof).
	Why map[int]string
	// Repeat says, of the units whose rows call them more than once,
	// how many times (repeat.go): each call may meet a map's keys in
	// another order.
	Repeat map[*unit.Unit]int
	// detail holds what the engines built for each mutant they tried
	// (Explain).
	detail map[int]func() string
	// Coverage is what the emitted tests cover (Config.Cover; nil
	// without).
	Coverage *Coverage
	// Notes are things the report should say (coverage left out).
	Notes []string
	// Replayed names the units whose earlier tests came back from the
	// cache instead of their passes.
	Replayed map[string]bool
	// Resumed names the units a stopped run's checkpoint resumed
	// (resume.go): their tests came back from the cache, with the passes
	// up to the one named, and the passes after it ran.
	Resumed map[string]string
	// Saved counts the units whose finished passes this run wrote to the
	// cache as checkpoints: what the next run resumes from if this one
	// stopped.
	Saved int
	// Equivalent holds, for each mutant proven equivalent, the proof's
	// gist.
	Equivalent map[int]string
	// Rejected are the tests left out because they build a state of the
	// package its users cannot reach (its likely invariants break).
	Rejected []Rejected
	// Suspects are the tests left out because their outcome looks like
	// a bug (Test.Suspect), the first of each unit and reason.
	Suspects []Suspected
}

// Suspected is a test left out because its outcome looks like a bug.
type Suspected struct {
	Test *Test
	Why  string
}

// Rejected is a test left out, and why.
type Rejected struct {
	Unit string // the unit's name
	Why  string // in plain words: "*Cache: capacity is -1, built values have at least 1"
}

// Explain returns what the last engine that tried mutant id built for
// it (a constraint system, a proof's steps), or "".
func (r *Result) Explain(id int) string {
	if f := r.detail[id]; f != nil {
		return f()
	}
	return ""
}

// Generate runs the engines on pkg. Stopped (ctx done), it returns
// ctx's error and, once the mutants were made, a Result with only Pkg and
// Set: what a partial report lists as not run.
func Generate(ctx context.Context, pkg *load.Package, cfg Config) (*Result, error) {
	var set *mutate.Set
	cut := &cutPhase{cur: PhasePrep}
	defer context.AfterFunc(ctx, func() { cut.stop(&cut.cut) })()
	res, err := generate(ctx, pkg, cfg, &set, cut)
	if err != nil && ctx.Err() != nil {
		if set != nil {
			return &Result{Pkg: pkg, Set: set, Cut: cut.at(), Saved: cut.savedUnits()}, ctx.Err()
		}
		return nil, ctx.Err()
	}
	return res, err
}

// The phases of generate before and between the passes (Result.Cut).
const (
	PhasePrep    = "mutants and units" // the coverage plan, the mutants, the units
	PhaseBuild   = "build"
	PhasePasses  = "passes" // between two of the passes' phases
	PhaseCompact = "compact"
)

// cutPhase tracks the phase generate is in, and the one a stop cut: the
// phase in progress when its context ended (stop runs then), read from
// the generator's phases once it has them.
type cutPhase struct {
	mu  sync.Mutex
	cur string     // the phase outside the generator's
	g   *generator // once the passes begin
	cut string     // the phase at ctx's end
	// search is the phase at the search's end (Config.Search), which
	// comes first under gen -deadline.
	search string
	saved  int // units with a checkpoint in the cache (Result.Saved)
}

func (c *cutPhase) setSaved(n int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.saved = n
}

func (c *cutPhase) savedUnits() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.saved
}

func (c *cutPhase) set(phase string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cur = phase
}

func (c *cutPhase) begin(g *generator) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.g, c.cur = g, PhasePasses
}

// stop records in *into the phase in progress.
func (c *cutPhase) stop(into *string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	*into = c.cur
	if c.g != nil && c.cur == PhasePasses {
		c.g.mu.Lock()
		if p := c.g.ph.cur; p != "" {
			*into = p
		}
		c.g.mu.Unlock()
	}
}

// at is the phase ctx's end cut ("" before it ends).
func (c *cutPhase) at() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.cut
}

// searchAt is the phase the search's end cut.
func (c *cutPhase) searchAt() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.search
}

// generate runs generation's stages in order (genRun): each stage's
// error ends it, and the cleanups the stages registered (the work
// directory, the sandbox, the pool) run when it returns.
func generate(ctx context.Context, pkg *load.Package, cfg Config, setOut **mutate.Set, cut *cutPhase) (*Result, error) {
	p := &genRun{cfg: cfg, pkg: pkg, cut: cut, start: time.Now()}
	defer p.cleanup()
	p.defaults()
	if err := p.mutants(ctx, setOut); err != nil {
		return nil, err
	}
	p.search(ctx)
	if err := p.build(ctx); err != nil {
		return nil, err
	}
	if err := p.startPool(); err != nil {
		return nil, err
	}
	p.newGenerator()
	p.targets()
	p.engines()
	p.openCheckpoints(ctx)
	if err := p.passes(ctx); err != nil {
		return nil, err
	}
	tests, err := p.compact(ctx)
	if err != nil {
		return nil, err
	}
	p.store(ctx, tests)
	return p.result(tests), nil
}

// genRun is the state of one package's generation as its stages make it:
// defaults (cfg's zero values) → mutants (the coverage plan, the mutants,
// the units and the harness's, the overlay) → search (the search's
// context and the engines' problem; halt is its rule) → build (the test
// binary) → startPool (the sandbox and the harness processes) → the
// generator's setup: newGenerator, targets (the live mutants and the
// supported units), engines (the sampler and the solvers),
// openCheckpoints (the cache and the passes' indexes) → passes (harvest,
// replay, seeds, random, solve, cover) → compact → store (the cache's entries) →
// result.
type genRun struct {
	cfg   Config
	pkg   *load.Package
	cut   *cutPhase
	start time.Time
	exit  []func() // the stages' cleanups, run in reverse order when generate returns

	plan     *coverage.Plan // nil without Config.Cover (or with the probes' failure)
	set      *mutate.Set
	notes    []string
	units    []*unit.Unit
	index    map[*unit.Unit]int  // harness table index of supported units
	stateful map[*unit.Unit]bool // units that may touch package-level state
	mapOrder map[*unit.Unit]bool // units whose outcome may depend on map order
	repeat   map[*unit.Unit]int  // units whose rows call them this many times (repeat.go)
	overlay  map[string][]byte   // the mutants' schemata and the harness

	// sctx bounds the search; halted is why it ended early (Config.Search).
	sctx    context.Context
	halted  error
	problem *engine.Problem

	prep      time.Duration // the mutants and units
	buildWall time.Duration // the test binary
	bin       string
	pool      *harness.Pool

	g                       *generator
	seconds                 map[*unit.Unit]float64 // each unit's time in the passes
	supported               []*unit.Unit           // the units generation is for, in order
	sampler                 engine.Sampler
	solvers                 []engine.Engine // engines other than the sampler
	cache                   *genCache
	kRandom, kSolve, kCover int // the passes' indexes in g.ckpt.passes
}

// atExit registers f to run when generate returns, before the cleanups
// registered earlier.
func (p *genRun) atExit(f func()) { p.exit = append(p.exit, f) }

// cleanup runs the registered cleanups, the last first, each as a defer.
func (p *genRun) cleanup() {
	for _, f := range p.exit {
		defer f()
	}
}

// defaults gives cfg's zero values theirs.
func (p *genRun) defaults() {
	cfg := &p.cfg
	if cfg.Seed == 0 {
		cfg.Seed = 1
	}
	if cfg.Random == 0 {
		cfg.Random = 1000
	}
	if cfg.Patience <= 0 {
		cfg.Patience = 200
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
}

// mutants makes the coverage plan (Config.Cover), the mutants (with the
// plan's probes, unless Config.Set is them), the units and the harness's,
// and the overlay the test binary is built with; *setOut is the mutants
// once they are made.
func (p *genRun) mutants(ctx context.Context, setOut **mutate.Set) error {
	cfg, pkg := &p.cfg, p.pkg
	var probes *mutate.Probes
	if cfg.Cover {
		plan, err := coverage.BuildContext(ctx, pkg)
		if errors.Is(err, coverage.ErrStopped) {
			return ctx.Err()
		}
		if err != nil {
			return err
		}
		p.plan, probes = plan, plan.Probes()
	}
	set := cfg.Set
	if set == nil || probes != nil {
		var err error
		set, err = mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops, Probes: probes, Skip: cfg.SkipRE, Arid: cfg.Arid, Done: ctx.Done()})
		if err != nil {
			return err
		}
	}
	if cfg.Only != nil {
		cfg.CacheDir = ""
	}
	p.set, *setOut = set, set
	if set.ProbesErr != "" {
		// gozilla's bug, not the package's: the mutants' schemata were
		// built without the probes, and generation goes on for the
		// mutants alone, with the coverage goals left out.
		p.notes = append(p.notes, "internal error: coverage goals left out: "+set.ProbesErr)
		p.plan = nil
	}
	p.units = unit.Find(pkg, cfg.Run)
	for _, u := range p.units {
		if u.AssumeErr != "" {
			return errors.New(u.AssumeErr)
		}
	}
	hunits, index, isStateful := harnessUnits(pkg, p.units)
	p.index, p.stateful = index, isStateful
	p.mapOrder, p.repeat = map[*unit.Unit]bool{}, map[*unit.Unit]int{}
	for u, i := range index {
		p.mapOrder[u] = hunits[i].MapOrder
		if hunits[i].MapOrder && repeatable(pkg.Info, u) {
			p.repeat[u] = mapRepeat
		}
	}
	overlay := map[string][]byte{}
	for k, v := range set.Overlay {
		overlay[k] = v
	}
	hpath, hsrc := harnessFile(pkg, set, hunits)
	overlay[hpath] = hsrc
	if cfg.Skip != "" {
		overlay[cfg.Skip] = []byte("package " + pkg.Name + "\n")
	}
	p.overlay = overlay
	return nil
}

// search makes the search's context (ctx, or Config.Search) and the
// engines' problem, done at the search's end.
func (p *genRun) search(ctx context.Context) {
	p.sctx = ctx
	if p.cfg.Search != nil {
		p.sctx = p.cfg.Search
	}
	p.problem = &engine.Problem{Pkg: analysis.New(p.pkg, p.set, p.units), Done: p.sctx.Done()}
	if p.plan != nil {
		p.problem.Pkg.UseCoverage(p.plan) // the engines' goals are the probes' IDs
	}
}

// halt says whether a phase's err is the search's end rather than a
// failure or ctx's: the search stops, and what it found is kept.
func (p *genRun) halt(ctx context.Context, err error) (bool, error) {
	if err != nil && ctx.Err() == nil && p.sctx.Err() != nil {
		p.halted = context.Cause(p.sctx)
		return true, nil
	}
	return false, err
}

// build ends the preparation's time and builds the test binary with the
// overlay (unless Config.Bin is one), in a work directory removed when
// generate returns.
func (p *genRun) build(ctx context.Context) error {
	cfg, pkg := &p.cfg, p.pkg
	p.prep = time.Since(p.start)
	t0 := time.Now()
	p.cut.set(PhaseBuild)
	p.bin = cfg.Bin
	if p.bin == "" {
		work, err := scratch.Dir("gen")
		if err != nil {
			return err
		}
		p.atExit(func() { os.RemoveAll(work) })
		if p.bin, err = run.Build(ctx, run.BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: p.overlay, Tags: cfg.Tags, WorkDir: work, Env: cfg.Env}); err != nil {
			return err
		}
	}
	p.buildWall = time.Since(t0)
	return nil
}

// startPool makes the sandbox (unless Config.Box is one) and the pool of
// harness processes running the binary in it; both end when generate
// returns.
func (p *genRun) startPool() error {
	cfg := &p.cfg
	box := cfg.Box
	if box == nil {
		b, err := sandbox.New("", p.pkg.Dir)
		if err != nil {
			return err
		}
		p.atExit(func() { b.Remove() })
		box = b
	}
	pool, err := harness.NewPool(harness.Config{Bin: p.bin, Dir: box.Dir, Workers: max(cfg.Workers, 1), Env: append(slices.Clip(cfg.Env), box.Env()...), MemLimit: cfg.MemLimit, MaxStack: cfg.MaxStack})
	if err != nil {
		return err
	}
	p.atExit(pool.Close)
	p.pool = pool
	return nil
}

// newGenerator makes the generator the passes share and hands it to cut;
// the problem's requirements are open while their mutant is live, or
// their goal neither covered nor proven infeasible.
func (p *genRun) newGenerator() {
	cut := p.cut
	g := &generator{
		invariants:   map[*value.Type]*value.Invariants{},
		guards:       map[string][]guard{},
		pkg:          p.pkg,
		nested:       map[string][]value.Value{},
		weak:         map[int]bool{},
		cfg:          p.cfg,
		pool:         p.pool,
		problem:      p.problem,
		index:        p.index,
		live:         map[int]bool{},
		reached:      map[int]bool{},
		slow:         map[int]int{},
		why:          map[int]string{},
		orderOnly:    map[int]bool{},
		detail:       map[int]func() string{},
		equivalent:   map[int]string{},
		cost:         map[*unit.Unit]*cost{},
		limits:       map[*unit.Unit]map[Limit]int{},
		wallHits:     map[int]int{},
		costly:       map[int]bool{},
		cheapest:     map[*unit.Unit]uint64{},
		plan:         p.plan,
		stateful:     p.stateful,
		mapOrder:     p.mapOrder,
		repeat:       p.repeat,
		ctx:          p.sctx,
		machineUnits: map[string]bool{},
		covered:      map[Goal]bool{},
		infeasible:   map[Goal]string{},
		goalWhy:      map[Goal]string{},
	}
	p.g = g
	cut.begin(g)
	if p.cfg.Search != nil {
		// The search's end (gen -deadline) cuts a phase too.
		stop := context.AfterFunc(p.sctx, func() { cut.stop(&cut.search) })
		p.atExit(func() { stop() })
	}
	p.problem.Open = func(r engine.Requirement) bool {
		if r.Kind == engine.KillMutant {
			return g.live[r.ID]
		}
		x := Goal{r.Kind, r.ID}
		return !g.covered[x] && g.infeasible[x] == ""
	}
}

// targets makes live the mutants generation is for (Config.Only), with
// their count per function, and picks the units it supports.
func (p *genRun) targets() {
	g, cfg := p.g, &p.cfg
	g.targets = map[string]int{} // the functions' live mutants
	for _, m := range p.set.Mutants {
		if cfg.Only == nil || cfg.Only[m.ID] {
			g.live[m.ID] = true
			g.targets[m.Func]++
		}
	}
	g.byFunc = map[string][]*mutate.Mutant{}
	for _, m := range p.set.Mutants {
		g.byFunc[m.Func] = append(g.byFunc[m.Func], m)
	}
	p.seconds = map[*unit.Unit]float64{}
	for _, u := range p.units {
		if u.Skip == "" && (cfg.Only == nil || g.targets[u.Name] > 0) {
			if u.Machine {
				// No row of it can be kept (keep): no pass searches
				// for one. Its mutants stay to the rows of the units
				// that call it.
				g.machineUnits[u.Name] = true
				continue
			}
			p.supported = append(p.supported, u)
		}
	}
}

// engines splits Config.Engines into the sampler (the first, unless
// Config.Random is negative) and the solvers, each prepared.
func (p *genRun) engines() {
	// Preparation overlaps the random pass (not the build: the compiler
	// needs both CPUs).
	for _, e := range p.cfg.Engines {
		if s, ok := e.(engine.Sampler); ok {
			if p.sampler == nil && p.cfg.Random >= 0 {
				p.sampler = s
			}
			continue
		}
		p.solvers = append(p.solvers, e)
		if pr, ok := e.(engine.Preparer); ok {
			pr.Prepare(p.problem)
		}
	}
	p.g.solvers = len(p.solvers)
}

// openCheckpoints opens the cache and names the passes its checkpoints
// are of, in order.
func (p *genRun) openCheckpoints(ctx context.Context) {
	g, sctx := p.g, p.sctx
	// Units that did not change get their earlier tests back, judged
	// like any candidate, instead of their passes.
	p.cache = openGenCache(p.cfg, p.pkg)
	g.replayed = map[*unit.Unit]bool{}
	g.supported = p.supported
	g.ckpt = checkpoints{cache: p.cache, resume: map[*unit.Unit]int{}, saved: map[*unit.Unit]bool{}, onSave: p.cut.setSaved,
		done: func() bool { return ctx.Err() != nil || sctx.Err() != nil }}
	p.kRandom = -1 // the passes' indexes in g.ckpt.passes
	if p.sampler != nil {
		p.kRandom = len(g.ckpt.passes)
		g.ckpt.passes = append(g.ckpt.passes, "random")
	}
	p.kSolve = len(g.ckpt.passes)
	for _, e := range p.solvers {
		g.ckpt.passes = append(g.ckpt.passes, e.Name())
	}
	p.kCover = len(g.ckpt.passes)
	if p.plan != nil {
		for _, e := range p.solvers {
			g.ckpt.passes = append(g.ckpt.passes, "cover:"+e.Name())
		}
	}
}

// passes runs the passes in order: the cache's replay, the seeds, the
// random pass, each solver's over the mutants, then over the coverage
// goals. After a pass the search's end stopped (halt), the later ones run
// nothing, and halted is why.
func (p *genRun) passes(ctx context.Context) error {
	for _, pass := range []func(context.Context) error{p.harvest, p.corpus, p.replay, p.seeds, p.random, p.solve, p.cover, p.compiled} {
		if err := pass(ctx); err != nil {
			return err
		}
	}
	if p.halted == nil && ctx.Err() == nil && p.sctx.Err() != nil {
		p.halted = context.Cause(p.sctx) // a phase that saw the end and returned
	}
	p.g.halted = p.halted != nil
	return nil
}

// compiled runs the prover's Compiled stage (trivial compiler
// equivalence) once, on the mutants the passes left alive, when the
// equiv engine is one of them: the engine proves one function at a time
// and leaves that stage out (it builds the package), so gen counted
// fewer equivalent mutants than score and equiv did on the same code
// (29 against 39 on realistic/ratelimit).
func (p *genRun) compiled(ctx context.Context) error {
	g := p.g
	if p.halted != nil || ctx.Err() != nil || p.sctx.Err() != nil || !slices.ContainsFunc(p.solvers, func(e engine.Engine) bool { return e.Name() == "equiv" }) {
		return nil
	}
	leave := g.enter("equiv compiled")
	defer leave()
	rep := &equiv.Report{Verdicts: map[int]*equiv.Verdict{}}
	var open []*mutate.Mutant
	g.mu.Lock()
	for _, m := range p.set.Mutants {
		if g.live[m.ID] && g.equivalent[m.ID] == "" {
			open = append(open, m)
			rep.Verdicts[m.ID] = &equiv.Verdict{ID: m.ID, Status: mutate.Unknown}
		}
	}
	g.mu.Unlock()
	equiv.ByCompiler(p.sctx, p.problem.Pkg, open, rep, p.cfg.Tags)
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, m := range open {
		if v := rep.Verdicts[m.ID]; v.Status == mutate.Equivalent && g.live[m.ID] {
			g.equivalent[m.ID] = "equiv: " + v.Method.String() + ": " + v.Reason
			g.live[m.ID] = false
		}
	}
	return nil
}

// replay gives the units the cache has an entry for their earlier tests
// back; those the entry does not decide whole are marked to run their
// passes (all, or those after its checkpoint).
func (p *genRun) replay(ctx context.Context) error {
	g, cache := p.g, p.cache
	for _, u := range p.supported {
		if cache == nil {
			break
		}
		if _, ok := p.index[u]; !ok {
			continue
		}
		if e, start := cache.load(u); e != nil {
			t0 := time.Now()
			g.startUnit(u)
			leave := g.enter("replay")
			stale, err := g.replay(p.sctx, u, e, start)
			leave()
			g.clock(u, false)
			p.seconds[u] += time.Since(t0).Seconds()
			if stop, err := p.halt(ctx, err); stop {
				break
			} else if err != nil {
				return err
			}
			// A unit whose inputs no longer give the outcomes the entry
			// recorded (a constructor or a callee changed) runs its
			// passes too, after what the replay kept.
			g.replayed[u] = !stale
			if !stale && e.Upto != "" {
				// A stopped run's checkpoint: the passes after it run.
				g.replayed[u] = false
				if k := g.ckpt.passIndex(e.Upto); k >= 0 {
					g.ckpt.resume[u] = k + 1
				}
			}
		}
	}
	return nil
}

// seeds judges the inputs of Config.Seeds, each unit's with the pass it
// names, for the units the cache did not replay.
func (p *genRun) seeds(ctx context.Context) error {
	g := p.g
	for _, u := range p.supported {
		if p.halted != nil {
			break
		}
		var cands []candidate
		var passes []string
		for _, sd := range p.cfg.Seeds {
			if sd.Unit == u.Name && !g.replayed[u] {
				cands, passes = append(cands, candidate{Unit: u, In: sd.In}), append(passes, sd.Pass)
			}
		}
		if len(cands) == 0 {
			continue
		}
		t0 := time.Now()
		g.startUnit(u)
		leave := g.enter("seeds")
		err := g.judge(p.sctx, u, cands, func(i int, _ *harness.Response) string { return passes[i] })
		leave()
		g.clock(u, false)
		p.seconds[u] += time.Since(t0).Seconds()
		if stop, err := p.halt(ctx, err); stop {
			break
		} else if err != nil {
			return err
		}
	}
	return nil
}

// random is the sampler's pass over each unit, checkpointed as it ends.
func (p *genRun) random(ctx context.Context) error {
	g, cfg, set := p.g, &p.cfg, p.set
	for i, u := range p.supported {
		if p.sampler == nil || p.halted != nil {
			break
		}
		if g.skip(u, p.kRandom) {
			continue
		}
		t0 := time.Now()
		if cfg.Progress != nil {
			cfg.Progress(Progress{Unit: u.Name, Units: len(p.supported), UnitNo: i + 1, Killed: len(set.Mutants) - len(g.live), Total: len(set.Mutants)})
		}
		g.startUnit(u)
		leave := g.enter("random")
		err := g.randomPass(p.sctx, p.sampler, u)
		leave()
		g.clock(u, false)
		if stop, err := p.halt(ctx, err); stop {
			break
		} else if err != nil {
			return err
		}
		p.seconds[u] += time.Since(t0).Seconds()
		g.checkpoint(u, p.kRandom)
	}
	return nil
}

// solve is each solver's pass over the live mutants (deterministic).
func (p *genRun) solve(ctx context.Context) error {
	for i, e := range p.solvers {
		if p.halted != nil {
			break
		}
		if stop, err := p.halt(ctx, p.g.deterministic(p.sctx, e, p.kSolve+i, p.seconds)); !stop && err != nil {
			return err
		}
	}
	return nil
}

// cover is each solver's pass over the coverage goals (with a plan),
// checkpointed for every supported unit as it ends.
func (p *genRun) cover(ctx context.Context) error {
	if p.plan != nil {
		for i, e := range p.solvers {
			if p.halted != nil {
				break
			}
			stop, err := p.halt(ctx, p.g.coverGoals(p.sctx, e, p.kCover+i, p.seconds))
			if !stop && err != nil {
				return err
			}
			if !stop {
				p.g.checkpointAll(p.supported, p.kCover+i)
			}
		}
	}
	return nil
}

// compact is the compaction of the kept tests (compact.go).
func (p *genRun) compact(ctx context.Context) ([]*Test, error) {
	p.cut.set(PhaseCompact)
	leave := p.g.enter("compact")
	tests, err := p.g.compact(ctx)
	leave()
	return tests, err
}

// store writes the units' entries (tests) to the cache, replacing their
// checkpoints, when the run and the search ended whole.
func (p *genRun) store(ctx context.Context, tests []*Test) {
	g, cache := p.g, p.cache
	if cache != nil && ctx.Err() == nil && p.halted == nil {
		for _, u := range p.supported {
			if _, ok := p.index[u]; !ok || g.clocked(u) {
				// A unit a clock decided for is tried again next time,
				// after its last checkpoint (the passes before the
				// clock fired), if it has one.
				continue
			}
			if _, start, ok := cache.path(u); ok {
				cache.store(u, g.entry(u, tests, start))
				g.ckpt.saved[u] = true
			}
		}
	}
}

// result assembles the Result: the tests, each mutant's status and why,
// the coverage, the cache's part, the units' statistics and the phases.
func (p *genRun) result(tests []*Test) *Result {
	g, halted := p.g, p.halted
	res := &Result{Pkg: p.pkg, Set: p.set, Units: p.units, Tests: tests, Status: map[int]mutate.Status{}, Why: map[int]string{}, Equivalent: g.equivalent, Rejected: g.rejected, Suspects: g.suspects, Stopped: halted, Repeat: g.repeat}
	if halted != nil {
		res.Cut = p.cut.searchAt()
	}
	g.verdicts(res)
	res.detail = g.detail
	res.Coverage = g.coverResult(tests)
	res.Notes = p.notes
	var machine []string
	for name := range g.machineUnits {
		machine = append(machine, name)
	}
	sort.Strings(machine)
	for _, name := range machine {
		res.Notes = append(res.Notes, fmt.Sprintf("no row for %s: it reads the clock or the machine's state (the host, its interfaces, randomness), so a row would pass here and fail elsewhere", name))
	}
	res.Replayed = map[string]bool{}
	for u, ok := range g.replayed {
		if ok {
			res.Replayed[u.Name] = true
		}
	}
	res.Resumed = map[string]string{}
	for u, k := range g.ckpt.resume {
		res.Resumed[u.Name] = g.ckpt.passes[k-1]
	}
	res.Saved = len(g.ckpt.saved)
	for id, why := range g.why {
		if res.Status[id] != mutate.Killed {
			res.Why[id] = why
		}
	}
	for id := range g.orderOnly {
		if res.Status[id] != mutate.Killed {
			// Told before what the engines after said: no input
			// kills it in every order, however long they look.
			res.Why[id] = "an input kills it in some map orders only: its row would fail on it in some runs, not in every run, so it is not called killed"
		}
	}
	res.Stats, res.Other = stats(res, p.seconds)
	for _, st := range res.Stats {
		st.Limits = g.limitsOf(st.Unit)
		if g.clocked(st.Unit) {
			res.Clock = append(res.Clock, st.Unit.Name)
		}
		if c := g.cost[st.Unit]; c != nil {
			st.Runs, st.Ticks = c.runs, c.ticks
		}
	}
	res.Runs = p.pool.Runs
	res.Build = p.buildWall
	res.Phases = append([]Phase{{Name: "mutants and units", Wall: p.prep, Entered: 1}, {Name: "build", Wall: p.buildWall, Entered: 1}}, g.phaseList()...)
	res.Wall = time.Since(p.start)
	return res
}

type generator struct {
	cfg     Config
	pkg     *load.Package      // what guards.go reads the constructors of
	guards  map[string][]guard // per struct type of the package, by name: what its constructors reject
	pool    *harness.Pool
	problem *engine.Problem
	solvers int                // engines other than the sampler
	index   map[*unit.Unit]int // harness table index of supported units
	live    map[int]bool       // mutants not killed yet
	targets map[string]int     // per function, the mutants generation is for
	reached map[int]bool       // schemata sites some executed input reached

	mu     sync.Mutex
	slow   map[int]int // mutants found over the tight budget yet ending like the original
	byFunc map[string][]*mutate.Mutant
	tests  []*Test

	why        map[int]string        // from the last engine that tried a mutant
	orderOnly  map[int]bool          // mutants an input killed in some map orders only (steadyKills)
	replayAll  bool                  // judgeAll keeps every usable input (a replay of the file's rows)
	detail     map[int]func() string // what that engine built for it (Answer.Detail)
	equivalent map[int]string        // mutants a sound engine proved equivalent
	seq        int

	// Coverage goals (cover.go): the plan (nil without Config.Cover),
	// the goals the kept tests cover, those proven infeasible, and why
	// the engines left the others open.
	plan       *coverage.Plan
	stateful   map[*unit.Unit]bool // units that may touch package-level state
	mapOrder   map[*unit.Unit]bool // units whose outcome may depend on map order (harness.MapOrder)
	repeat     map[*unit.Unit]int  // units whose rows call them this many times (repeat.go)
	ctx        context.Context     // the search's, for the runs keep asks for (nil: none)
	covered    map[Goal]bool
	infeasible map[Goal]string
	goalWhy    map[Goal]string

	// The likely invariants of the types whose values tests spell from
	// their fields (invariants.go), and the tests they rule out.
	invariants map[*value.Type]*value.Invariants
	// nested holds the values of a struct type without a constructor
	// found inside API-built values (nestedSamples), by its name without
	// type arguments.
	nested   map[string][]value.Value
	rejected []Rejected
	suspects []Suspected
	// machineUnits are the units whose rows were left out because they
	// read the machine's state or the clock (unit.Unit.Machine).
	machineUnits map[string]bool
	// weak are the mutants only crashing tests or tests that build a
	// state directly kill so far: still live for the passes (keep).
	weak map[int]bool

	// Budgets and limits (budget.go), under mu.
	cost     map[*unit.Unit]*cost
	total    cost
	limits   map[*unit.Unit]map[Limit]int // Count 0 in the key; the value counts
	wallHits map[int]int                  // runs of a mutant the wall clock ended
	costly   map[int]bool                 // mutants a run of which ended its process
	// cheapest is, per unit, the least ticks of a usable input's
	// original run in its random pass (heavy).
	cheapest map[*unit.Unit]uint64

	replayed  map[*unit.Unit]bool // units whose earlier tests came back from the cache
	ckpt      checkpoints         // the cache's checkpoints of finished passes (resume.go)
	supported []*unit.Unit        // the units generation is for, in order
	halted    bool                // the search stopped early (Config.Search)

	ph phases // where the time and runs go (phase.go), under mu
}

// HarnessFile returns the harness source generation adds to pkg for set
// (its path and text), for every unit: a test binary built with set's
// overlay and this file can be Config.Bin.
func HarnessFile(pkg *load.Package, set *mutate.Set) (string, []byte) {
	hunits, _, _ := harnessUnits(pkg, unit.Find(pkg, nil))
	return harnessFile(pkg, set, hunits)
}

// harnessUnits lists the harness's table of units (the supported ones,
// in order) and each one's index in it, and which may touch
// package-level state.
func harnessUnits(pkg *load.Package, units []*unit.Unit) ([]harness.Unit, map[*unit.Unit]int, map[*unit.Unit]bool) {
	var hunits []harness.Unit
	index := map[*unit.Unit]int{}
	stateful, mapOrder := harness.Stateful(pkg), harness.MapOrder(pkg)
	isStateful := map[*unit.Unit]bool{}
	for _, u := range units {
		if u.Skip == "" {
			index[u] = len(hunits)
			isStateful[u] = stateful(u.Func)
			hu := harness.UnitOf(pkg, u, isStateful[u])
			hu.MapOrder = mapOrder(u.Func, harness.ObserverNames(u))
			hunits = append(hunits, hu)
		}
	}
	if harness.Quiet(pkg, hunits) {
		for i := range hunits {
			hunits[i].Quiet = true
		}
	}
	return hunits, index, isStateful
}

func harnessFile(pkg *load.Package, set *mutate.Set, hunits []harness.Unit) (string, []byte) {
	mutSite := make([]int, len(set.Mutants)+1)
	for _, m := range set.Mutants {
		mutSite[m.ID] = m.Site
	}
	return filepath.Join(pkg.Dir, harness.File), harness.Source(pkg.Name, hunits, mutSite, unit.Sentinels(pkg))
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

// heavyTicks and heavyRatio make an input heavy (generator.heavy).
const (
	heavyTicks = 1 << 14
	heavyRatio = 64
)

// heavy reports whether r, a run of u's, cost its original more than
// heavyTicks and heavyRatio times the cheapest usable input of u's random
// pass: a subtraction GCD on a 64-bit input loops millions of times
// under the original's budget, and every mutant's run and every
// shrinking step on it cost as much again (gen spent minutes on one
// unit). Such an input is no row (a reviewer would not keep it either)
// and it tames the random stream, so that a costly input makes the
// unit cheaper, not dearer; the small inputs kill what it kills. A unit
// whose every input is costly (its cheapest is too) is not affected.
func (g *generator) heavy(u *unit.Unit, r *harness.Response) bool {
	g.mu.Lock()
	c, ok := g.cheapest[u]
	g.mu.Unlock()
	return ok && r.Ticks > heavyTicks && r.Ticks > heavyRatio*c
}

// seeCheapest records r's ticks as u's cheapest when less (the random
// pass's judging, in order: what heavy compares with is the same on
// every machine).
func (g *generator) seeCheapest(u *unit.Unit, r *harness.Response) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if c, ok := g.cheapest[u]; !ok || r.Ticks < c {
		g.cheapest[u] = r.Ticks
	}
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
	req := &harness.Request{Unit: g.index[u], In: in, Mutants: mutants, Live: live, Budget: origBudget, Quick: true, Repeat: g.repeat[u]}
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
	v, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Mutants: check, Budget: origBudget, Repeat: g.repeat[u]})
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
	if r.Varies {
		return false // its outcome differs from run to run: no row can pin it
	}
	if r.Orig.Panic.Abnormal() {
		return false
	}
	if r.Orig.Panic == nil {
		for i, res := range u.Results {
			if i < len(r.Orig.Results) && !res.Type.Unseen && !value.Renderable(u.OutType(i), r.Orig.Results[i]) {
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

// strongCredit is the part of credit, the live mutants an input of u
// kills, that can make it a test: all of it, but for an input that would
// make a weak test (it crashes, or spells a package value from its
// fields: keep), only the mutants no test kills yet, and none for a crash
// on a nil where the package builds its values. Asked before an input is
// shrunk: shrinking one that keep would then drop costs hundreds of runs.
func (g *generator) strongCredit(u *unit.Unit, in []value.Value, r *harness.Response, credit []int) []int {
	t := &Test{Unit: u, In: in, Out: r.Orig}
	if !crashes(t) && !t.Direct() {
		return credit
	}
	if crashes(t) && (nilWhereBuilt(u, in) || !u.Func.Exported()) {
		return nil
	}
	var out []int
	for _, m := range credit {
		if !g.weak[m] {
			out = append(out, m)
		}
	}
	return out
}

// nilWhereBuilt reports whether an input of in is nil where gozilla builds
// values: a pointer the package builds through its API (a receiver), or a
// func or interface with alternatives (a recorder, the package's
// functions or implementations). A crash on such a nil pins nothing but
// the nil.
func nilWhereBuilt(u *unit.Unit, in []value.Value) bool {
	for i, typ := range u.Inputs() {
		if i >= len(in) || !in[i].Nil {
			continue
		}
		switch {
		case typ.Kind == value.Pointer && value.APIFirst(typ):
			return true
		case typ.Kind == value.Built && typ.Iface && len(typ.Alts) > 0:
			return true
		}
	}
	return false
}

// keep records a test that kills live mutants and drops them. The
// callers keep inputs shrunk (shrink.go), but for the cache's replays,
// which were when first kept; the reasons for the values outside the
// plain set that shrinking left are found here, for every test alike.
func (g *generator) keep(u *unit.Unit, in []value.Value, r *harness.Response, pass string) *Test {
	t := &Test{Unit: u, In: in, Out: r.Orig, Pass: pass, Hits: r.Hits, seq: g.seq, cover: r.Cover}
	g.seq++
	g.reach(r)
	t.Covers = g.goalsOf(r)
	if crashes(t) && (nilWhereBuilt(u, in) || !u.Func.Exported()) {
		// A nil where a value is built (a nil receiver, a nil
		// callback), or a runtime panic of an unexported function,
		// whose inputs are what its callers in the package pass (an
		// index out of range of difflib's findLongestMatch(…, -1, …)):
		// a row that pins the crash is no test a user would keep.
		return t
	}
	// The rows not kept whatever they kill are told apart before their
	// kills and goals count: the mutants and goals stay open for the
	// passes after (a nil clock's row killed New's guard mutants, and
	// with it gone they were left live, unsought, with no reason).
	if worldlyNil(u, in) {
		// A nil clock, which the package replaces by the real one: the
		// row would read the clock (the fake takes its place).
		return t
	}
	if t.nilMisuse() {
		// A nil dereference on a nil the row passes: not a call Go
		// code makes; the search goes on without it.
		return t
	}
	if why := g.storedBreaks(u, in); why != "" {
		// A call that sets its receiver to a state the constructors
		// reject (Resize(-2)): misuse, no row; its mutants stay open.
		g.misused(u, why)
		return t
	}
	if why := t.Suspect(); why != "" {
		// Its outcome looks like a bug: reported, not pinned (the
		// user who fixes it would get a failing file), and the search
		// goes on for rows that kill its mutants without it.
		g.suspect(t, why)
		return t
	}
	freshGoal := false
	for _, x := range t.Covers {
		freshGoal = freshGoal || !g.covered[x]
		g.covered[x] = true
	}
	// A test that crashes (a nil dereference) or builds a package value
	// from its fields kills weakly: its mutants stay live for the passes
	// after it, so that a working row built through the API can take
	// its place (compaction prefers one); it is kept only if it kills a
	// mutant no test has killed yet, or covers a new goal.
	weak := crashes(t) || t.Direct()
	fresh := freshGoal
	killed := r.Killed
	if g.mapOrder[u] && len(killed) > 0 {
		// A mutant that differs in some map orders only is no kill
		// of this row: the search goes on for one that kills it in
		// every order.
		steady := g.steadyKills(u, in, killed)
		for _, m := range killed {
			if !slices.Contains(steady, m) {
				g.orderOnly[m] = true
			}
		}
		killed = steady
	}
	if len(killed) == 0 && !freshGoal && !g.replayAll {
		// It kills nothing (in every map order), and covers nothing
		// new: no row (a replay of the file's rows keeps its own).
		return t
	}
	for _, m := range killed {
		t.Kills = append(t.Kills, m)
		if !g.weak[m] {
			fresh = true
		}
		if weak {
			g.weak[m] = true
			continue
		}
		delete(g.live, m)
		delete(g.weak, m)
	}
	if weak && !fresh {
		return t
	}
	if u.Machine {
		// Its outcome is this machine's or this moment's (a node ID
		// from the host's interfaces, the time): a row would pass
		// here and fail elsewhere. (Its kills count: no row of the
		// unit can be kept, and the search for one would be idle.)
		g.mu.Lock()
		g.machineUnits[u.Name] = true
		g.mu.Unlock()
		return t
	}
	if len(killed) == 0 && g.mapOrder[u] && g.varies(u, in) {
		// A row kept for the goals it covers, which no kill made the
		// harness run again: its outcome varies with map order.
		return t
	}
	sort.Ints(t.Kills)
	g.tests = append(g.tests, t)
	return t
}

// suspect records t, whose outcome looks like a bug, once per unit and
// reason.
func (g *generator) suspect(t *Test, why string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, s := range g.suspects {
		if s.Test.Unit == t.Unit && unquoted(s.Why) == unquoted(why) {
			return // the same finding on another input
		}
	}
	g.suspects = append(g.suspects, Suspected{Test: t, Why: why})
}

// varies reports whether u's outcome on in varies from run to run: the
// harness runs the original many times (harness.Request.Stable). An
// input the harness cannot run again is taken as it is.
func (g *generator) varies(u *unit.Unit, in []value.Value) bool {
	ctx := g.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Budget: origBudget, Stable: true})
	return err == nil && r.Varies
}

// steadyKills runs in mapRecheck more times on the mutants it killed
// and returns those it kills every time, in order.
func (g *generator) steadyKills(u *unit.Unit, in []value.Value, killed []int) []int {
	ctx := g.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	keep := slices.Clone(killed)
	for k := 0; k < mapRecheck && len(keep) > 0; k++ {
		r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Mutants: keep, Budget: origBudget, Quick: true, Repeat: g.repeat[u]})
		if err != nil {
			return keep // the search is ending: the compaction rechecks
		}
		now := slices.Clone(r.Killed)
		if len(r.Unsure) > 0 {
			if v, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Mutants: r.Unsure, Budget: origBudget, Repeat: g.repeat[u]}); err == nil {
				now = append(now, v.Killed...)
			}
		}
		keep = slices.DeleteFunc(keep, func(m int) bool { return !slices.Contains(now, m) })
	}
	return keep
}

// deterministic asks engine e about every live mutant, in ID order: the
// pass k of the checkpoints (resume.go), written for each unit once the
// pass is past its last mutant.
func (g *generator) deterministic(ctx context.Context, e engine.Engine, k int, seconds map[*unit.Unit]float64) error {
	// The units by their last mutant, for their checkpoints.
	type last struct {
		id int
		u  *unit.Unit
	}
	var lasts []last
	for _, u := range g.supported {
		l := last{u: u}
		for _, m := range g.byFunc[u.Name] {
			l.id = max(l.id, m.ID)
		}
		lasts = append(lasts, l)
	}
	slices.SortStableFunc(lasts, func(a, b last) int { return a.id - b.id })
	past := func(id int) { // the units whose mutants are all below id
		for len(lasts) > 0 && lasts[0].id < id {
			g.checkpoint(lasts[0].u, k)
			lasts = lasts[1:]
		}
	}
	for _, id := range g.liveIDs() {
		past(id)
		if !g.live[id] {
			continue // dropped by a test kept earlier in this loop
		}
		m := g.problem.Pkg.Set.Mutants[id-1]
		if u := g.unitOf(m); u != nil && g.skip(u, k) {
			continue // its earlier tests came back from the cache
		}
		if u := g.unitOf(m); u != nil && g.over(u) {
			g.why[id] = e.Name() + ": not tried: the unit's budget is spent"
			continue
		}
		u := g.unitOf(m)
		t0 := time.Now()
		if u != nil {
			g.clock(u, true)
			g.charge(u, solveCost)
		}
		err := g.tryMutant(ctx, e, id, m)
		if u != nil {
			g.clock(u, false)
			seconds[u] += time.Since(t0).Seconds()
		}
		if err != nil {
			return err
		}
	}
	past(math.MaxInt)
	return nil
}

// tryMutant asks e about live mutant m (ID id) and runs its inputs,
// keeping the first that kills it, shrunk.
func (g *generator) tryMutant(ctx context.Context, e engine.Engine, id int, m *mutate.Mutant) error {
	u := g.unitOf(m)
	leave := g.enter(e.Name() + " solve")
	ans, err := e.Solve(ctx, g.problem, engine.Requirement{Kind: engine.KillMutant, ID: id, Unit: u})
	leave()
	defer g.enter(e.Name() + " runs")()
	if err != nil {
		return fmt.Errorf("%s engine on mutant %d: %w", e.Name(), id, err)
	}
	if ans.Detail != nil {
		g.detail[id] = ans.Detail
	}
	switch {
	case ans.Verdict == engine.Infeasible && engine.IsSound(e):
		g.live[id] = false
		g.equivalent[id] = e.Name() + ": " + ans.Reason
		delete(g.why, id)
		return nil
	case ans.Verdict != engine.Found || len(ans.Inputs) == 0 || u == nil:
		why := ans.Reason
		if why == "" {
			why = "no candidate"
		}
		g.why[id] = e.Name() + ": " + why
		return nil
	}
	if _, ok := g.index[u]; !ok {
		g.why[id] = e.Name() + ": its unit is not in the harness"
		return nil
	}
	runnable := make([]candidate, len(ans.Inputs))
	for i, in := range ans.Inputs {
		runnable[i] = candidate{Unit: u, In: in}
	}
	ran, equal := 0, 0
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
			if !g.live[id] || !usable(c.Unit, r) || g.heavy(c.Unit, r) {
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
			if credit = g.strongCredit(c.Unit, c.In, r, credit); len(credit) == 0 {
				continue
			}
			in, r, err := g.shrink(ctx, c.Unit, c.In, credit, g.freshGoals(c.Unit, r), r, verified)
			if err != nil {
				return err
			}
			g.keep(c.Unit, in, r, e.Name())
		}
	}
	if g.live[id] {
		g.why[id] = fmt.Sprintf("%s: %d candidate input(s) ran, %d reached the mutant, none made a difference", e.Name(), ran, equal)
	}
	return nil
}

// unitOf returns the supported unit a mutant lives in, or nil.
func (g *generator) unitOf(m *mutate.Mutant) *unit.Unit {
	return g.problem.Pkg.UnitOf(m)
}

// worldlyNil reports whether an input of in is a nil of a Worldly
// interface (a nil clock the package replaces by the real one): its row
// is not kept (generator.keep).
func worldlyNil(u *unit.Unit, in []value.Value) bool {
	for i, typ := range u.Inputs() {
		if i < len(in) && value.WorldlyNil(typ, in[i]) {
			return true
		}
	}
	return false
}
