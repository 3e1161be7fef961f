// Package score measures how strong a package's existing tests are: it
// wires loading, mutant generation, the schemata build, the unmutated
// baseline and the mutant runs into one report.Score.
//
// Per package: generate mutants and schemata (package mutate); build one
// test binary with the schemata in an overlay (package run); run every
// test alone on the original in coverage mode, which both checks that the
// tests pass before mutation and records the sites each test reaches; then
// run each covered mutant against exactly the tests that reach it, with a
// timeout derived from those tests' baseline time. Mutants no test
// reaches are "not covered" and never run. At a weak site (internal/
// mutate: an expression that only reads) the coverage run also records
// which mutants each test infects, whose value differs from the
// original's there; a mutant runs only with those tests, and one no
// test infects lived without running (each test runs it as the
// original, step for step).
package score

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/gen/evidence"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/scratch"
	"github.com/gozilla/gozilla/internal/unit"
)

// Config controls a score run. The zero value is usable.
type Config struct {
	Dir   string             // where patterns are resolved; "" = current directory
	Tags  string             // build tags
	Ops   map[mutate.Op]bool // operators; nil = all
	Skip  *regexp.Regexp     // lines (or files) not to mutate; nil = none
	Arid  bool               // mutate arid code too (mutate.Options.Arid)
	Shard Shard              // the part of the mutants to run; zero = all
	// CacheDir holds earlier verdicts, reused for functions that did not
	// change (cache.go); "" = no cache.
	CacheDir string
	// Keep, when set, keeps only the mutants on the lines it accepts
	// (-diff: a change's lines).
	Keep    func(file string, line int) bool
	Jobs    int           // parallel test processes; 0 = number of CPUs
	Timeout time.Duration // per-mutant timeout; 0 = derived from the baseline
	// NoEquiv turns off the equivalence proofs (internal/equiv) run on
	// the mutants the tests leave alive.
	NoEquiv bool
	// NoEvidence turns off the search for a killing input of each
	// survivor with gen's engines (internal/gen/evidence): survivors
	// then have no verdict, and the prover's inputs are not run.
	NoEvidence bool
	// Env is the environment of the evidence search's harness runs
	// (nil: the process's).
	Env []string
	// FlakyFatal makes a flaky test an error (a UserError naming it)
	// instead of a test left out of the runs.
	FlakyFatal bool
	Progress   func(pkg string, done, total int)
	// Estimate, if set, is told how long the mutants' runs will take,
	// once the baseline has run and before they start.
	Estimate func(pkg string, e Estimate)
}

// Estimate bounds the time of a package's mutant runs from the baseline:
// Least if every mutant dies in the first test that runs for it, Most if
// every one survives every test that reaches it.
type Estimate struct {
	Mutants     int // mutants to run
	Jobs        int // processes in parallel
	Least, Most time.Duration
}

// estimate bounds the time of jobs run on n processes. A test's baseline
// time is its own process's: the quickest test's time stands for the
// cost of a process, paid once per group, and the rest of each test's
// time for the test's own work.
func estimate(base []run.TestInfo, jobs []run.Job, n int) Estimate {
	var proc time.Duration = -1
	for _, t := range base {
		if proc < 0 || t.Duration < proc {
			proc = t.Duration
		}
	}
	work := make(map[string]time.Duration, len(base))
	for _, t := range base {
		work[t.Name] = t.Duration - proc
	}
	e := Estimate{Mutants: len(jobs), Jobs: n}
	for _, j := range jobs {
		for k, g := range j.Groups {
			if k == 0 && len(g.Tests) > 0 {
				e.Least += proc + work[g.Tests[0]]
			}
			e.Most += proc
			for _, t := range g.Tests {
				e.Most += work[t]
			}
		}
	}
	e.Least /= time.Duration(max(n, 1))
	e.Most /= time.Duration(max(n, 1))
	return e
}

// baselineReruns is how many more times a test that fails in the
// baseline runs alone: one pass among them makes it flaky.
const baselineReruns = 4

// killerReruns is how many times a test that killed mutants runs alone
// on the original before its kills count: one failure makes it flaky.
const killerReruns = 3

// UserError is bad input: the CLI prints it on one line and exits 2.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

// baselineTimeout bounds one test of the unmutated baseline.
const baselineTimeout = 10 * time.Minute

// The phases of a package's scoring a stop can cut (report.Package.Phase).
const (
	PhaseLoad     = "loading" // the packages (the whole run's)
	PhaseMutants  = "mutant generation"
	PhaseBuild    = "build"
	PhaseList     = "test listing"
	PhaseBaseline = "baseline"
	PhaseRuns     = "mutant runs"
	PhaseProofs   = "equivalence proofs"
	PhaseSearch   = "survivors' search"
	// a package the stop came before (after loading)
	PhaseNotStarted = "not started"
)

// Run scores the packages matching patterns.
func Run(ctx context.Context, cfg Config, patterns ...string) (*report.Score, error) {
	start := time.Now()
	pkgs, problems, err := load.LoadEach(load.Config{Dir: cfg.Dir, Tags: cfg.Tags, Context: ctx}, patterns...)
	if err != nil {
		var le *load.Error
		if errors.As(err, &le) {
			return nil, &UserError{Msg: le.Msg}
		}
		return nil, err
	}
	// A stop during the load (which a stop gives a grace to end) cut the
	// loading phase: the packages are listed, not started.
	notStarted := PhaseNotStarted
	if ctx.Err() != nil {
		notStarted = PhaseLoad
	}
	var (
		pkgReports []report.Package
		mutants    []report.Mutant
		scored     int
		errs       []report.PackageError
	)
	problems, skipped := load.Skipped(pkgs, problems)
	for _, p := range problems {
		errs = append(errs, report.PackageError{Package: p.Path, Error: p.Reason()})
	}
	for _, p := range skipped {
		pkgReports = append(pkgReports, report.Package{Path: p.Path, Dir: report.RelPath(p.Dir), Skipped: p.Reason()})
	}
	for _, pkg := range pkgs {
		if ctx.Err() != nil {
			pkgReports = append(pkgReports, report.Package{Path: pkg.Path, Dir: report.RelPath(pkg.Dir), Partial: true, Phase: notStarted, Skipped: "not scored: the run was stopped before it"})
			continue
		}
		pr, ms, err := scorePackage(ctx, cfg, pkg)
		var ue *UserError
		if errors.As(err, &ue) && ctx.Err() == nil {
			// This package's problem (its tests fail on the unmutated
			// code, say): the others go on.
			errs = append(errs, report.PackageError{Package: pkg.Path, Error: strings.TrimPrefix(ue.Msg, pkg.Path+": ")})
			continue
		}
		if err != nil && ctx.Err() != nil && pr.Mutants == 0 {
			// Stopped while its mutants were made: nothing decided.
			pkgReports = append(pkgReports, report.Package{Path: pkg.Path, Dir: report.RelPath(pkg.Dir), Partial: true, Phase: PhaseMutants, Skipped: "not scored: the run was stopped while its mutants were made"})
			continue
		}
		if err != nil {
			return nil, err
		}
		if pr.Skipped == "" {
			scored++
		}
		pkgReports = append(pkgReports, pr)
		mutants = append(mutants, ms...)
	}
	if ctx.Err() != nil {
		doc := report.NewScore(pkgReports, mutants, time.Since(start).Seconds())
		if doc.Summary.Phase == "" {
			// Stopped before the first package began: while the
			// packages loaded, or just after.
			doc.Summary.Phase = PhaseLoad
		}
		if cfg.Shard.N > 1 {
			doc.Summary.Shard = cfg.Shard.String()
		}
		doc.Errors = errs
		return doc, nil
	}
	if scored == 0 && len(errs) > 0 {
		for _, p := range pkgReports {
			errs = append(errs, report.PackageError{Package: p.Path, Error: p.Skipped})
		}
		return nil, report.Errors(errs)
	}
	if scored == 0 {
		if len(pkgReports) == 1 {
			return nil, &UserError{Msg: fmt.Sprintf("%s: %s", pkgReports[0].Path, pkgReports[0].Skipped)}
		}
		return nil, &UserError{Msg: fmt.Sprintf("none of the %d packages matching %s has tests", len(pkgReports), strings.Join(patterns, " "))}
	}
	doc := report.NewScore(pkgReports, mutants, time.Since(start).Seconds())
	if cfg.Shard.N > 1 {
		doc.Summary.Shard = cfg.Shard.String()
	}
	doc.Errors = errs
	return doc, nil
}

func scorePackage(ctx context.Context, cfg Config, pkg *load.Package) (report.Package, []report.Mutant, error) {
	p := &pkgRun{cfg: cfg, pkg: pkg, start: time.Now(), pr: report.Package{Path: pkg.Path, Dir: report.RelPath(pkg.Dir)}}
	if !pkg.HasTests {
		p.pr.Skipped = "package has no test files"
		return p.pr, nil, nil
	}
	if done, err := p.mutants(ctx); done || err != nil {
		return p.pr, p.out, err
	}
	work, err := scratch.Dir("score")
	if err != nil {
		return p.pr, nil, err
	}
	defer os.RemoveAll(work)
	p.work = work
	// The stages, each of which may end the package's report early: a
	// stop (its phase named in the partial report), a skip (the package
	// has no tests after all), or an error.
	for _, stage := range []struct {
		phase string
		run   func(context.Context) (bool, error)
	}{
		{PhaseBuild, p.build},
		{PhaseList, p.list},
		{PhaseBaseline, p.baseline},
		{PhaseRuns, p.runMutants},
		{PhaseProofs, p.prove},
		{PhaseSearch, p.search},
	} {
		done, err := stage.run(ctx)
		if ctx.Err() != nil {
			p.pr.Partial, p.pr.Phase = true, stage.phase
			if p.cache != nil && p.out != nil && (stage.phase == PhaseProofs || stage.phase == PhaseSearch) {
				// Every mutant ran (and the kills of flaky tests were
				// checked): what is decided is kept for the next run.
				p.cache.storeStopped(p.set.Mutants, p.out, p.pr.Tests)
			}
			p.pr.Seconds = time.Since(p.start).Seconds()
			return p.pr, p.out, nil
		}
		if done || err != nil {
			return p.pr, p.out, err
		}
	}
	if p.cache != nil {
		p.cache.store(p.set.Mutants, p.out, p.pr.Tests)
	}
	p.pr.Seconds = time.Since(p.start).Seconds()
	return p.pr, p.out, nil
}

// pkgRun is the state of one package's score as its stages make it:
// mutants (made, sharded, looked up in the cache) → build (the schemata
// binary, with gen's harness when it builds) → list (the tests) →
// baseline (each test on the original, flaky ones told apart) →
// runMutants (every mutant against the tests that infect it) → prove
// (the prover on the survivors) → search (a killing input for each
// survivor the prover leaves). Each stage returns done when the
// package's report is complete without the later ones (its out nil for
// a package skipped), and the score's error; scorePackage marks the
// report partial when ctx ended in a stage.
type pkgRun struct {
	cfg   Config
	pkg   *load.Package
	start time.Time
	pr    report.Package

	full, set *mutate.Set     // every mutant (the prover's), and those to score
	out       []report.Mutant // set's verdicts
	cache     *resultCache
	cached    []bool // out[i] came from the cache

	work        string       // the package's scratch directory
	box         *sandbox.Box // where its code runs
	bin         string       // the schemata test binary
	withHarness bool         // bin holds gen's harness (the search runs it)
	tests       []string
	runner      *run.Runner
	base        []run.TestInfo
	flaky       map[string]*report.FlakyTest
	covering    map[int][]int // site → indexes into base of the tests reaching it

	seeds    []gen.Seed // the prover's killing inputs
	verdicts map[int]*equiv.Verdict
}

// mutants makes every mutant, -diff or not, so that a mutant has the ID
// it has in a full run (Keep and the shard select those to score), and
// takes earlier verdicts of functions that did not change from the
// cache: done when every mutant has one, and nothing is built or run.
func (p *pkgRun) mutants(ctx context.Context) (bool, error) {
	cfg, pkg, pr := p.cfg, p.pkg, &p.pr
	set, err := mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops, Skip: cfg.Skip, Arid: cfg.Arid, Done: ctx.Done()})
	if errors.Is(err, mutate.ErrStopped) {
		return true, ctx.Err()
	}
	if err != nil {
		return true, &UserError{Msg: err.Error()}
	}
	pr.Dropped = set.Dropped.IllTyped + set.Dropped.NoSchemata
	pr.Arid = set.Arid
	pr.SkippedCode = report.SkippedOf(set.Skipped)
	p.full = set // the prover analyses the package with all its mutants
	if cfg.Shard.N > 1 || cfg.Keep != nil {
		part := *set
		part.Mutants = nil
		for _, m := range set.Mutants {
			if cfg.Shard.Has(m.ID) && (cfg.Keep == nil || cfg.Keep(m.File, m.Line)) {
				part.Mutants = append(part.Mutants, m)
			}
		}
		set = &part
	}
	p.set = set
	p.out = make([]report.Mutant, len(set.Mutants))
	for i, m := range set.Mutants {
		p.out[i] = report.MutantOf(m)
		p.out[i].Status = mutate.NotRun
	}
	p.cache = openCache(cfg, pkg)
	p.cached = make([]bool, len(set.Mutants))
	if p.cache == nil {
		return false, nil
	}
	var tests int
	p.cached, tests = p.cache.lookup(set.Mutants, p.out)
	for _, c := range p.cached {
		if c {
			pr.Cached++
		}
	}
	if pr.Cached == 0 || pr.Cached < len(set.Mutants) {
		return false, nil
	}
	pr.Tests = tests
	pr.Seconds = time.Since(p.start).Seconds()
	if cfg.Progress != nil {
		cfg.Progress(pkg.Path, len(set.Mutants), len(set.Mutants))
	}
	return true, nil
}

// build makes the package's sandbox and builds its schemata binary.
func (p *pkgRun) build(ctx context.Context) (bool, error) {
	cfg, pkg, set := p.cfg, p.pkg, p.set
	// Every run of the package's code (listing its tests, the baseline,
	// the mutants, the survivors' search) runs in one scratch copy of it.
	box, err := sandbox.New(p.work, pkg.Dir)
	if err != nil {
		return true, err
	}
	p.box = box
	buildStart := time.Now()
	// The search for the survivors' killing inputs runs gen's harness:
	// its file goes into the test binary (inert unless the harness's
	// environment variable is set), so that the search need not build
	// one of its own. A binary that does not build with it is built
	// without, and the search builds its own.
	overlay, withHarness := set.Overlay, !cfg.NoEvidence
	if withHarness {
		overlay = maps.Clone(set.Overlay)
		path, src := gen.HarnessFile(pkg, p.full)
		overlay[path] = src
	}
	bin, err := run.Build(ctx, run.BuildConfig{
		Dir: pkg.Dir, Pkg: pkg.Path, Overlay: overlay, Tags: cfg.Tags, WorkDir: p.work,
	})
	var be *run.BuildError
	if withHarness && errors.As(err, &be) && ctx.Err() == nil {
		withHarness = false
		bin, err = run.Build(ctx, run.BuildConfig{
			Dir: pkg.Dir, Pkg: pkg.Path, Overlay: set.Overlay, Tags: cfg.Tags, WorkDir: p.work,
		})
	}
	switch {
	case ctx.Err() != nil:
		return true, nil
	case errors.Is(err, run.ErrNoTests):
		p.pr.Skipped, p.out = "package has no test files", nil
		return true, nil
	case errors.As(err, &be):
		// The package and its tests type-checked, so a failure here
		// is in the schemata: gozilla's bug, reported as such.
		p.out = nil
		return true, fmt.Errorf("internal error: schemata of %s do not build: %v", pkg.Path, err)
	case err != nil:
		p.out = nil
		return true, err
	}
	p.bin, p.withHarness = bin, withHarness
	p.pr.BuildSeconds = time.Since(buildStart).Seconds()
	return false, nil
}

// list lists the binary's tests (which runs the package's init).
func (p *pkgRun) list(ctx context.Context) (bool, error) {
	tests, err := run.ListTests(ctx, p.bin, p.box.Dir, p.box.Env())
	if ctx.Err() != nil {
		return true, nil
	}
	var se *run.StartError
	if errors.As(err, &se) {
		p.out = nil
		return true, &UserError{Msg: p.pkg.Path + ": " + se.Msg} // its init panics, say
	}
	if err != nil {
		p.out = nil
		return true, err
	}
	if len(tests) == 0 {
		p.pr.Skipped, p.out = "package has no tests", nil
		return true, nil
	}
	p.tests, p.pr.Tests = tests, len(tests)
	return false, nil
}

// baseline runs every test alone on the original, tells the flaky ones
// apart and records the sites each of the others reaches.
func (p *pkgRun) baseline(ctx context.Context) (bool, error) {
	jobs := p.cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	p.runner = &run.Runner{Binary: p.bin, Dir: p.box.Dir, Env: p.box.Env(), Jobs: jobs, WorkDir: p.work}
	base, err := p.runner.Baseline(ctx, p.tests, baselineTimeout)
	if ctx.Err() != nil {
		return true, nil
	}
	if err != nil {
		p.out = nil
		return true, err
	}
	flaky, err := baselineFlaky(ctx, p.cfg, p.pkg, p.runner, base)
	if ctx.Err() != nil {
		return true, nil
	}
	if err != nil {
		p.out = nil
		return true, err
	}
	p.base, p.flaky = base, flaky
	p.covering = map[int][]int{}
	for i, t := range base {
		if flaky[t.Name] != nil {
			continue
		}
		for _, s := range t.Sites {
			p.covering[s] = append(p.covering[s], i)
		}
	}
	return false, nil
}

// reaching lists the tests that reach mutant i of set, less the flaky
// ones.
func (p *pkgRun) reaching(i int) []run.TestInfo {
	var tests []run.TestInfo
	for _, t := range p.covering[p.set.Mutants[i].Site] {
		if p.flaky[p.base[t].Name] == nil {
			tests = append(tests, p.base[t])
		}
	}
	return tests
}

// infecting lists those of them that may tell mutant i apart: at a weak
// site (internal/mutate), the tests whose run gave its expression
// another value under the mutant; the others run the mutant as the
// original, step for step, and pass.
func (p *pkgRun) infecting(i int) []run.TestInfo {
	m := p.set.Mutants[i]
	var tests []run.TestInfo
	for _, t := range p.reaching(i) {
		if _, weak := slices.BinarySearch(t.Weak, m.Site); weak {
			if _, inf := slices.BinarySearch(t.Infected, m.ID); !inf {
				continue
			}
		}
		tests = append(tests, t)
	}
	return tests
}

// plan makes the job of mutant i: the tests infecting it; ok is false
// when no test is left.
func (p *pkgRun) plan(i int) (run.Job, bool) {
	tests := p.infecting(i)
	if len(tests) == 0 {
		return run.Job{}, false
	}
	job := run.Plan(p.set.Mutants[i].ID, tests, p.cfg.Timeout)
	job.Site = p.set.Mutants[i].Site
	return job, true
}

// runMutants runs every mutant not cached against the tests that infect
// it, in rounds: the mutants a flaky killer killed run again.
func (p *pkgRun) runMutants(ctx context.Context) (bool, error) {
	cfg, pkg, set, out, runner := p.cfg, p.pkg, p.set, p.out, p.runner
	byName := map[string]run.TestInfo{}
	for _, t := range p.base {
		byName[t.Name] = t
	}
	runner.Solo = func(test string) (run.Group, bool) {
		t, ok := byName[test]
		if !ok || p.flaky[test] != nil {
			return run.Group{}, false
		}
		return run.Plan(0, []run.TestInfo{t}, cfg.Timeout).Groups[0], true
	}
	var todo []int // indexes into set.Mutants
	for i := range set.Mutants {
		if !p.cached[i] {
			todo = append(todo, i)
		}
	}
	runs := map[string]int{} // test -> mutant processes it ran in
	var uninfected []int     // mutants that lived without a run
	for round := 0; len(todo) > 0; round++ {
		var runJobs []run.Job
		var jobIdx []int
		for _, i := range todo {
			job, ok := p.plan(i)
			if !ok {
				out[i].Status, out[i].KilledBy = mutate.NotCovered, ""
				if tests := p.reaching(i); len(tests) > 0 {
					// Reached, never infected: each test runs the
					// mutant as the original and passes.
					out[i].Status = mutate.Lived
					out[i].RunBy, out[i].Tests = runBy(tests)
					uninfected = append(uninfected, i)
				}
				continue
			}
			runJobs = append(runJobs, job)
			jobIdx = append(jobIdx, i)
		}
		if cfg.Estimate != nil && round == 0 {
			cfg.Estimate(pkg.Path, estimate(p.base, runJobs, runner.Jobs))
		}
		var progress func(int, run.Result)
		if cfg.Progress != nil && round == 0 {
			// Counted over all the package's mutants, as the report
			// counts them: those no test reaches are decided already.
			decided := len(set.Mutants) - len(runJobs) // those no test reaches, and those from the cache
			cfg.Progress(pkg.Path, decided, len(set.Mutants))
			progress = func(done int, _ run.Result) { cfg.Progress(pkg.Path, decided+done, len(set.Mutants)) }
		}
		results, err := runner.Run(ctx, runJobs, progress)
		if err != nil && ctx.Err() == nil {
			p.out = nil
			return true, err
		}
		for k, res := range results {
			m := &out[jobIdx[k]]
			for _, g := range res.Ran {
				for _, t := range g.Tests {
					runs[t]++
				}
			}
			switch res.Outcome {
			case mutate.Killed:
				m.Status, m.KilledBy = mutate.Killed, res.KilledBy
			case mutate.TimedOut:
				m.Status = mutate.TimedOut
			case mutate.Lived:
				m.Status = mutate.Lived
				m.RunBy, m.Tests = runBy(p.reaching(jobIdx[k]))
			default:
				m.Status = mutate.NotRun
			}
		}
		p.pr.TestsTime = testsTime(p.base, runs)
		if ctx.Err() != nil {
			return true, nil
		}
		// The tests that killed mutants must be deterministic for their
		// kills to count; the mutants a flaky one killed run again.
		todo, err = checkKillers(ctx, cfg, pkg, runner, p.base, p.flaky, runJobs, results, jobIdx)
		if ctx.Err() != nil {
			return true, nil
		}
		if err != nil {
			p.out = nil
			return true, err
		}
	}
	for _, i := range uninfected {
		// A test found flaky since (it failed alone after a kill) no
		// longer counts: a mutant only flaky tests reach is not
		// covered.
		if tests := p.reaching(i); len(tests) == 0 {
			out[i].Status, out[i].RunBy, out[i].Tests = mutate.NotCovered, "", 0
		} else {
			out[i].RunBy, out[i].Tests = runBy(tests)
		}
	}
	p.pr.Flaky = flakyList(p.base, p.flaky)
	return false, nil
}

// prove asks the prover about the survivors (not under -equiv=false).
func (p *pkgRun) prove(ctx context.Context) (bool, error) {
	if p.cfg.NoEquiv {
		return false, nil
	}
	seeds, verdicts, err := proveSurvivors(ctx, p.pkg, p.full, p.set, p.out, p.cached, p.cfg.Tags)
	if ctx.Err() != nil {
		return true, nil
	}
	if err != nil {
		p.out = nil
		return true, err
	}
	p.seeds, p.verdicts = seeds, verdicts
	return false, nil
}

// search looks for a killing input of each survivor the prover left (not
// under -evidence=false). Stopped here, the tests' verdicts stand: the
// survivors the search did not get to are undecided, and nothing is
// cached.
func (p *pkgRun) search(ctx context.Context) (bool, error) {
	if p.cfg.NoEvidence {
		return false, nil
	}
	harnessBin := ""
	if p.withHarness {
		harnessBin = p.bin
	}
	findKillers(ctx, p.cfg, p.pkg, p.full, p.set, p.out, p.cached, p.seeds, p.verdicts, harnessBin, p.box)
	return false, nil
}

// runBy names, of the tests that ran a mutant that lived, the one that
// does the least counted work (the clearest to read), and how many ran.
func runBy(tests []run.TestInfo) (string, int) {
	best := -1
	for i, t := range tests {
		if best < 0 || t.Ticks < tests[best].Ticks || t.Ticks == tests[best].Ticks && t.Name < tests[best].Name {
			best = i
		}
	}
	if best < 0 {
		return "", 0
	}
	return tests[best].Name, len(tests)
}

// failingBefore is the error of tests that fail on the code before any
// mutant runs. When they are all gozilla gen's own rows (its file, as
// gen wrote it), the code no longer does what they pinned (a bug the
// user fixed, a behaviour changed on purpose): the message says which
// rows and how to go on, regenerating the file.
func failingBefore(pkg *load.Package, tests []run.TestInfo) error {
	first := tests[0]
	file, own := generatedTests(pkg.Dir)
	mine := file != ""
	var rows []string
	for _, t := range tests {
		mine = mine && own[t.Name]
		rows = append(rows, failedRows(t)...)
	}
	if !mine {
		return &UserError{Msg: fmt.Sprintf("%s: tests fail before mutation: %s: %s", pkg.Path, first.Name, failure(first.Output))}
	}
	if len(rows) > 5 {
		rows = append(rows[:5], fmt.Sprintf("and %d more", len(rows)-5))
	}
	return &UserError{Msg: fmt.Sprintf("%s: tests fail before mutation, only rows gozilla gen wrote in %s (%s): the code no longer does what they pinned (a bug fixed?), %s; run `gozilla gen %s` to regenerate the file, then score again",
		pkg.Path, file, strings.Join(rows, ", "), failure(first.Output), pkg.Path)}
}

// generatedTests finds the test file gozilla gen wrote in dir (its
// header says so) and the test functions it declares; "" when there is
// none.
func generatedTests(dir string) (string, map[string]bool) {
	paths, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil || !emit.Owned(data) {
			continue
		}
		names := map[string]bool{}
		for _, m := range testFuncRE.FindAllSubmatch(data, -1) {
			names[string(m[1])] = true
		}
		return filepath.Base(path), names
	}
	return "", nil
}

var (
	testFuncRE = regexp.MustCompile(`(?m)^func (Test\w*)\(t \*testing\.T\)`)
	failRowRE  = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+/\S+)`)
)

// failedRows are the subtests (rows) of t that failed, from its output;
// t itself when none is named.
func failedRows(t run.TestInfo) []string {
	var rows []string
	for _, m := range failRowRE.FindAllStringSubmatch(t.Output, -1) {
		rows = append(rows, m[1])
	}
	if len(rows) == 0 {
		rows = []string{t.Name}
	}
	return rows
}

// baselineFlaky runs each test that failed in the baseline again, alone:
// one that passes once is flaky (returned, by name); one that fails
// every time makes the package's tests fail before mutation, and so
// does one that ran past the baseline's timeout (not run again: it would
// cost the timeout each time).
func baselineFlaky(ctx context.Context, cfg Config, pkg *load.Package, runner *run.Runner, base []run.TestInfo) (map[string]*report.FlakyTest, error) {
	flaky := map[string]*report.FlakyTest{}
	var failed []string
	for _, t := range base {
		if t.TimedOut {
			return nil, &UserError{Msg: fmt.Sprintf("%s: tests fail before mutation: %s: %s", pkg.Path, t.Name, failure(t.Output))}
		}
		if !t.Passed {
			failed = append(failed, t.Name)
		}
	}
	if len(failed) == 0 {
		return flaky, nil
	}
	fails, err := runner.Rerun(ctx, failed, baselineReruns, baselineTimeout)
	if err != nil {
		return nil, err
	}
	var always []run.TestInfo
	for k, name := range failed {
		if fails[k] == baselineReruns {
			for _, t := range base {
				if t.Name == name {
					always = append(always, t)
				}
			}
		}
	}
	if len(always) > 0 {
		return nil, failingBefore(pkg, always)
	}
	for k, name := range failed {
		f := &report.FlakyTest{Test: name, Runs: 1 + baselineReruns, Failed: 1 + fails[k]}
		if cfg.FlakyFatal {
			return nil, flakyError(pkg, f)
		}
		flaky[name] = f
	}
	return flaky, nil
}

func flakyError(pkg *load.Package, f *report.FlakyTest) error {
	return &UserError{Msg: fmt.Sprintf("%s: flaky test %s: failed %d of %d runs on the unmutated code (-flaky=fail)", pkg.Path, f.Test, f.Failed, f.Runs)}
}

// checkKillers runs each test that killed one of results' mutants alone
// on the original, killerReruns times. Those that fail once join flaky,
// and the mutants they ran for (indexes into the package's mutants) are
// returned, to be run again without them: neither a kill nor a pass of a
// flaky test says anything.
func checkKillers(ctx context.Context, cfg Config, pkg *load.Package, runner *run.Runner, base []run.TestInfo, flaky map[string]*report.FlakyTest, jobs []run.Job, results []run.Result, jobIdx []int) ([]int, error) {
	byName := map[string]run.TestInfo{}
	for _, t := range base {
		byName[t.Name] = t
	}
	seen := map[string]bool{}
	var suspects []string
	var longest time.Duration
	for _, res := range results {
		for _, t := range res.Suspects {
			if !seen[t] && flaky[t] == nil {
				if _, ok := byName[t]; ok {
					seen[t] = true
					suspects = append(suspects, t)
					longest = max(longest, byName[t].Duration)
				}
			}
		}
	}
	if len(suspects) == 0 {
		return nil, nil
	}
	sort.Strings(suspects)
	fails, err := runner.Rerun(ctx, suspects, killerReruns, run.TimeoutFor(longest))
	if err != nil {
		return nil, err
	}
	found := false
	for k, name := range suspects {
		if fails[k] > 0 {
			f := &report.FlakyTest{Test: name, Runs: 1 + killerReruns, Failed: fails[k]}
			if cfg.FlakyFatal {
				return nil, flakyError(pkg, f)
			}
			flaky[name], found = f, true
		}
	}
	if !found {
		return nil, nil
	}
	var again []int
	for k, res := range results {
		for _, t := range res.Suspects {
			if f := flaky[t]; f != nil && seen[t] {
				f.Killed++
				break
			}
		}
	ran:
		for _, g := range res.Ran {
			for _, t := range g.Tests {
				if flaky[t] != nil && seen[t] {
					again = append(again, jobIdx[k])
					break ran
				}
			}
		}
	}
	return again, nil
}

// flakyList is the package's flaky tests in the baseline's order.
func flakyList(base []run.TestInfo, flaky map[string]*report.FlakyTest) []report.FlakyTest {
	var list []report.FlakyTest
	for _, t := range base {
		if f := flaky[t.Name]; f != nil {
			list = append(list, *f)
		}
	}
	return list
}

// testsTime estimates each test's share of the mutant runs: its baseline
// time × the mutant processes it ran in, slowest first.
func testsTime(base []run.TestInfo, runs map[string]int) []report.TestTime {
	var tt []report.TestTime
	for _, t := range base {
		if n := runs[t.Name]; n > 0 {
			secs := t.Duration.Seconds()
			tt = append(tt, report.TestTime{Test: t.Name, BaselineSeconds: round3(secs), Mutants: n, Seconds: round3(secs * float64(n))})
		}
	}
	sort.SliceStable(tt, func(i, j int) bool { return tt[i].Seconds > tt[j].Seconds })
	return tt
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// survivors are set's mutants the tests left alive (lived or not
// covered) whose verdicts were not reused from the cache.
func survivors(set *mutate.Set, out []report.Mutant, cached []bool) []*mutate.Mutant {
	var alive []*mutate.Mutant
	for i, m := range set.Mutants {
		if !cached[i] && report.Survives(out[i].Status) {
			alive = append(alive, m)
		}
	}
	return alive
}

// proveSurvivors asks the prover about the mutants no test killed: a
// killed mutant is not equivalent, so only these can be. Those it proves
// equivalent leave the score's denominator (MS = D/(M−E)).
//
// It returns the prover's killing inputs, as seeds for findKillers, and
// its verdicts, which findKillers' equiv engine uses instead of proving
// again.
func proveSurvivors(ctx context.Context, pkg *load.Package, full, set *mutate.Set, out []report.Mutant, cached []bool, tags string) ([]gen.Seed, map[int]*equiv.Verdict, error) {
	alive := survivors(set, out, cached)
	if len(alive) == 0 {
		return nil, nil, nil
	}
	a := analysis.New(pkg, full, nil)
	rep, err := equiv.Analyze(ctx, a, &mutate.Set{Pkg: set.Pkg, Mutants: alive}, equiv.Config{Tags: tags})
	if err != nil {
		return nil, nil, err
	}
	units := map[string]*unit.Unit{}
	for _, u := range a.Units {
		units[u.Name] = u
	}
	var seeds []gen.Seed
	for i, m := range set.Mutants {
		v := rep.Verdicts[m.ID]
		switch {
		case v == nil:
		case v.Status == mutate.Equivalent:
			out[i].Status = mutate.Equivalent
			out[i].Reason = v.Method.String() + ": " + v.Reason
		case v.Status == mutate.Killable && v.Input != nil && units[m.Func] != nil && (out[i].Status == mutate.Lived || out[i].Status == mutate.NotCovered):
			// The test the survivor needs, found by the prover.
			out[i].Input = equiv.Render(units[m.Func], v.Input)
			seeds = append(seeds, gen.Seed{Unit: m.Func, In: v.Input, Pass: "equiv"})
		}
	}
	return seeds, rep.Verdicts, nil
}

// findKillers decides the survivors the prover did not: gen's engines
// look for an input that kills each (internal/gen/evidence), run on the
// original and the mutant; one found makes the survivor killable, with
// the row that kills it. A prover's input the runs do not confirm is
// dropped: a report offers only inputs seen to kill. A search that
// fails leaves the survivors unknown (the package's score stands).
//
// bin, when set, is the package's test binary built with the harness
// (gen.HarnessFile), which the search then runs instead of building one;
// box is the package's sandbox, which its runs share with the tests'.
func findKillers(ctx context.Context, cfg Config, pkg *load.Package, full, set *mutate.Set, out []report.Mutant, cached []bool, seeds []gen.Seed, verdicts map[int]*equiv.Verdict, bin string, box *sandbox.Box) {
	var ids []int
	for _, m := range survivors(set, out, cached) {
		ids = append(ids, m.ID)
	}
	if len(ids) == 0 {
		return
	}
	found, err := evidence.Find(ctx, pkg, full, ids, evidence.Config{Tags: cfg.Tags, Env: cfg.Env, Workers: max(cfg.Jobs, 1), Seeds: seeds, Verdicts: verdicts, Bin: bin, Box: box})
	for i, m := range set.Mutants {
		if cached[i] || out[i].Status != mutate.Lived && out[i].Status != mutate.NotCovered {
			continue
		}
		f, ok := found[m.ID]
		switch {
		case ok:
			out[i].Verdict, out[i].Input, out[i].Row, out[i].RowTest, out[i].RowName = "killable", f.Input, f.Row, f.Test, f.Name
			if f.Unit != m.Func {
				out[i].InputOf = f.Unit
			}
		default:
			out[i].Verdict, out[i].Input = "unknown", ""
			switch {
			case ctx.Err() != nil:
				out[i].Why = whyStopped
			case err != nil:
				out[i].Why = "the search for a killing input failed: " + err.Error()
			}
		}
	}
}

// whyStopped is the reason of a survivor the search did not decide
// because the run was stopped.
const whyStopped = "the search for a killing input was stopped first"

// failure picks the most telling line of a failed test's output: the
// first message logged under "--- FAIL", else a panic, else the first line.
func failure(out string) string {
	lines := strings.Split(out, "\n")
	for i, line := range lines {
		if strings.HasPrefix(strings.TrimSpace(line), "--- FAIL") && i+1 < len(lines) {
			if msg := strings.TrimSpace(lines[i+1]); msg != "" && !strings.HasPrefix(msg, "---") {
				return msg
			}
		}
	}
	for _, line := range lines {
		if strings.HasPrefix(line, "panic: ") {
			return strings.TrimSpace(line)
		}
	}
	for _, line := range lines {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "=== RUN") {
			return line
		}
	}
	return "failed"
}
