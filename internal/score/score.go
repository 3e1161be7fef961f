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
// reaches are "not covered" and never run.
package score

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/run"
)

// Config controls a score run. The zero value is usable.
type Config struct {
	Dir     string             // where patterns are resolved; "" = current directory
	Tags    string             // build tags
	Ops     map[mutate.Op]bool // operators; nil = all
	Jobs    int                // parallel test processes; 0 = number of CPUs
	Timeout time.Duration      // per-mutant timeout; 0 = derived from the baseline
	// NoEquiv turns off the equivalence proofs (internal/equiv) run on
	// the mutants the tests leave alive.
	NoEquiv  bool
	Progress func(pkg string, done, total int)
}

// UserError is bad input: the CLI prints it on one line and exits 2.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

// baselineTimeout bounds one test of the unmutated baseline.
const baselineTimeout = 10 * time.Minute

// Run scores the packages matching patterns.
func Run(ctx context.Context, cfg Config, patterns ...string) (*report.Score, error) {
	start := time.Now()
	pkgs, err := load.Load(load.Config{Dir: cfg.Dir, Tags: cfg.Tags}, patterns...)
	if err != nil {
		var le *load.Error
		if errors.As(err, &le) {
			return nil, &UserError{Msg: le.Msg}
		}
		return nil, err
	}
	var (
		pkgReports []report.Package
		mutants    []report.Mutant
		scored     int
	)
	for _, pkg := range pkgs {
		pr, ms, err := scorePackage(ctx, cfg, pkg)
		if err != nil {
			return nil, err
		}
		if pr.Skipped == "" {
			scored++
		}
		pkgReports = append(pkgReports, pr)
		mutants = append(mutants, ms...)
	}
	if scored == 0 {
		if len(pkgReports) == 1 {
			return nil, &UserError{Msg: fmt.Sprintf("%s: %s", pkgReports[0].Path, pkgReports[0].Skipped)}
		}
		return nil, &UserError{Msg: fmt.Sprintf("none of the %d packages matching %s has tests", len(pkgReports), strings.Join(patterns, " "))}
	}
	return report.NewScore(pkgReports, mutants, time.Since(start).Seconds()), nil
}

func scorePackage(ctx context.Context, cfg Config, pkg *load.Package) (report.Package, []report.Mutant, error) {
	start := time.Now()
	pr := report.Package{Path: pkg.Path, Dir: report.RelPath(pkg.Dir)}
	if !pkg.HasTests {
		pr.Skipped = "package has no test files"
		return pr, nil, nil
	}
	set, err := mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops})
	if err != nil {
		return pr, nil, &UserError{Msg: err.Error()}
	}
	pr.Dropped = set.Dropped.IllTyped + set.Dropped.NoSchemata

	work, err := os.MkdirTemp("", "gozilla-score-")
	if err != nil {
		return pr, nil, err
	}
	defer os.RemoveAll(work)

	buildStart := time.Now()
	bin, err := run.Build(ctx, run.BuildConfig{
		Dir: pkg.Dir, Pkg: pkg.Path, Overlay: set.Overlay, Tags: cfg.Tags, WorkDir: work,
	})
	if errors.Is(err, run.ErrNoTests) {
		pr.Skipped = "package has no test files"
		return pr, nil, nil
	}
	if err != nil {
		var be *run.BuildError
		if errors.As(err, &be) {
			// The package and its tests type-checked, so a failure here
			// is in the schemata: gozilla's bug, reported as such.
			return pr, nil, fmt.Errorf("internal error: schemata of %s do not build: %v", pkg.Path, err)
		}
		return pr, nil, err
	}
	pr.BuildSeconds = time.Since(buildStart).Seconds()

	tests, err := run.ListTests(ctx, bin, pkg.Dir)
	if err != nil {
		return pr, nil, err
	}
	if len(tests) == 0 {
		pr.Skipped = "package has no tests"
		return pr, nil, nil
	}
	pr.Tests = len(tests)

	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	runner := &run.Runner{Binary: bin, Dir: pkg.Dir, Jobs: jobs, WorkDir: work}
	base, err := runner.Baseline(ctx, tests, baselineTimeout)
	if err != nil {
		return pr, nil, err
	}
	covering := map[int][]int{} // site -> indexes of the tests reaching it
	for i, t := range base {
		if !t.Passed {
			return pr, nil, &UserError{Msg: fmt.Sprintf("%s: tests fail before mutation: %s: %s", pkg.Path, t.Name, failure(t.Output))}
		}
		for _, s := range t.Sites {
			covering[s] = append(covering[s], i)
		}
	}

	out := make([]report.Mutant, len(set.Mutants))
	var runJobs []run.Job
	var jobIdx []int
	for i, m := range set.Mutants {
		out[i] = report.MutantOf(m)
		idx := covering[m.Site]
		if len(idx) == 0 {
			out[i].Status = report.NotCovered
			continue
		}
		tests := make([]run.TestInfo, len(idx))
		for k, t := range idx {
			tests[k] = base[t]
		}
		runJobs = append(runJobs, run.Plan(m.ID, tests, cfg.Timeout))
		jobIdx = append(jobIdx, i)
	}
	var progress func(int, run.Result)
	if cfg.Progress != nil {
		progress = func(done int, _ run.Result) { cfg.Progress(pkg.Path, done, len(runJobs)) }
	}
	results, err := runner.Run(ctx, runJobs, progress)
	if err != nil {
		return pr, nil, err
	}
	for k, res := range results {
		m := &out[jobIdx[k]]
		switch res.Outcome {
		case run.Killed:
			m.Status, m.KilledBy = report.Killed, res.KilledBy
		case run.TimedOut:
			m.Status = report.TimedOut
		default:
			m.Status = report.Lived
		}
	}
	if !cfg.NoEquiv {
		if err := proveSurvivors(ctx, pkg, set, out); err != nil {
			return pr, nil, err
		}
	}
	pr.Seconds = time.Since(start).Seconds()
	return pr, out, nil
}

// proveSurvivors asks the prover about the mutants no test killed: a
// killed mutant is not equivalent, so only these can be. Those it proves
// equivalent leave the score's denominator (MS = D/(M−E)).
func proveSurvivors(ctx context.Context, pkg *load.Package, set *mutate.Set, out []report.Mutant) error {
	var alive []*mutate.Mutant
	for i, m := range set.Mutants {
		if out[i].Status == report.Lived || out[i].Status == report.NotCovered {
			alive = append(alive, m)
		}
	}
	if len(alive) == 0 {
		return nil
	}
	rep, err := equiv.Analyze(ctx, pkg, &mutate.Set{Pkg: set.Pkg, Mutants: alive}, equiv.Config{})
	if err != nil {
		return err
	}
	for i, m := range set.Mutants {
		if v := rep.Verdicts[m.ID]; v != nil && v.Status == equiv.Equivalent {
			out[i].Status = report.Equivalent
			out[i].Reason = v.Method.String() + ": " + v.Reason
		}
	}
	return nil
}

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
