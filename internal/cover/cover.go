// Package cover measures the statement, branch and all-uses (def-use
// pair) coverage of a package's existing tests: the driver of `gozilla
// cover`.
//
// Per package: the coverage plan (internal/coverage: the requirements and
// the probes that record them); the schemata build with the probes in it
// and no mutants (internal/mutate, internal/run: the build score and gen
// use, not a second one); every test alone on it in coverage mode (the
// baseline score runs), each test's records decoded and merged; the
// prover (internal/equiv) on every function, whose unreachable statements
// and infeasible branches, with what lies in dead code, are listed as
// infeasible with their proof and leave the denominators.
//
// In: package patterns and a Config. Out: a *report.Cover.
package cover

import (
	"context"
	"errors"
	"fmt"
	"go/token"
	"os"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/scratch"
)

// Config controls a cover run. The zero value is usable.
type Config struct {
	Dir  string         // where patterns are resolved; "" = current directory
	Tags string         // build tags
	Run  *regexp.Regexp // functions to report (F, T.M, (*T).M); nil = all
	Jobs int            // parallel test processes; 0 = number of CPUs
	// Timeout bounds each test (0 = 10 minutes).
	Timeout time.Duration
	// NoProofs turns the prover off: nothing is infeasible then.
	NoProofs bool
	// Verbose lists every requirement in the report, covered ones too.
	Verbose  bool
	Progress func(pkg string)
}

// UserError is bad input: the CLI prints it on one line and exits 2.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

// Run measures the coverage of the packages matching patterns.
func Run(ctx context.Context, cfg Config, patterns ...string) (*report.Cover, error) {
	start := time.Now()
	pkgs, problems, err := load.LoadEach(load.Config{Dir: cfg.Dir, Tags: cfg.Tags, Context: ctx}, patterns...)
	if err != nil {
		var le *load.Error
		if errors.As(err, &le) {
			return nil, &UserError{Msg: le.Msg}
		}
		return nil, err
	}
	doc := &report.Cover{}
	problems, skipped := load.Skipped(pkgs, problems)
	for _, p := range problems {
		doc.Errors = append(doc.Errors, report.PackageError{Package: p.Path, Error: p.Reason()})
	}
	for _, p := range skipped {
		doc.Packages = append(doc.Packages, report.CoverPackage{Path: p.Path, Dir: report.RelPath(p.Dir), Skipped: p.Reason()})
	}
	if len(pkgs) == 0 {
		return nil, report.Errors(doc.Errors)
	}
	for _, pkg := range pkgs {
		if ctx.Err() != nil {
			doc.Packages = append(doc.Packages, report.CoverPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir), Partial: true, Phase: report.CoverPhaseNotRun, Skipped: "not measured: the run was stopped before it"})
			continue
		}
		if cfg.Progress != nil {
			cfg.Progress(pkg.Path)
		}
		p, reqs, err := measure(ctx, cfg, pkg)
		var se *run.StartError
		if errors.As(err, &se) && ctx.Err() == nil {
			// Its init panics: nothing of it runs; the others go on.
			doc.Errors = append(doc.Errors, report.PackageError{Package: pkg.Path, Error: se.Msg})
			continue
		}
		if err != nil {
			return nil, err
		}
		doc.Packages = append(doc.Packages, p)
		doc.Requirements = append(doc.Requirements, reqs...)
	}
	if len(doc.Packages) == 0 {
		return nil, report.Errors(doc.Errors)
	}
	doc.Finish(time.Since(start).Seconds())
	if ctx.Err() != nil {
		doc.Summary.Partial = true
	}
	for _, p := range doc.Packages {
		if p.Partial && doc.Summary.Phase == "" {
			doc.Summary.Partial, doc.Summary.Phase = true, p.Phase
		}
	}
	return doc, nil
}

// Result is one package's measured coverage, for the drivers that need
// more than the report (gen).
type Result struct {
	Plan       *coverage.Plan
	Covered    *coverage.Covered
	Infeasible equiv.Proofs
}

func measure(ctx context.Context, cfg Config, pkg *load.Package) (report.CoverPackage, []report.CoverRequirement, error) {
	t0 := time.Now()
	pr := report.CoverPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir)}
	plan, err := coverage.Build(pkg)
	if err != nil {
		return pr, nil, err
	}
	res := &Result{Plan: plan, Covered: plan.Decode(nil)}
	tests, note, err := runTests(ctx, cfg, pkg, plan, res.Covered)
	if ctx.Err() != nil {
		pr.Partial, pr.Phase = true, report.CoverPhaseTests
	} else if err != nil {
		return pr, nil, err
	}
	pr.Tests = tests
	if note != "" {
		pr.Notes = append(pr.Notes, note)
	}
	if !cfg.NoProofs && ctx.Err() == nil {
		// The prover runs on the functions the tests leave something of
		// uncovered: only there can a proof change a percentage.
		a := analysis.New(pkg, nil, nil)
		rep := &equiv.Report{}
		pairs := map[int]string{}
		for _, fn := range plan.Funcs {
			if !uncovered(plan, res.Covered, fn) || (cfg.Run != nil && !cfg.Run.MatchString(fn.Name)) {
				continue
			}
			r, err := equiv.Analyze(ctx, a, &mutate.Set{Pkg: pkg}, equiv.Config{Func: fn.Name})
			if err != nil {
				if ctx.Err() != nil {
					break
				}
				return pr, nil, err
			}
			rep.Unreachable = append(rep.Unreachable, r.Unreachable...)
			rep.Infeasible = append(rep.Infeasible, r.Infeasible...)
			for id, why := range equiv.InfeasiblePairs(a, plan, fn.Name) {
				pairs[id] = why
			}
		}
		if ctx.Err() != nil {
			// The proofs found before the stop hold; the rest of the
			// uncovered requirements stay uncovered.
			pr.Partial, pr.Phase = true, report.CoverPhaseProofs
		}
		res.Infeasible = equiv.Infeasible(pkg, plan, rep)
		res.Infeasible.AddPairs(pairs)
		pr.Notes = append(pr.Notes, contradicted(plan, res.Covered, res.Infeasible)...)
	}
	reqs := Report(pkg, res, cfg.Run, cfg.Verbose, &pr)
	pr.Seconds = time.Since(t0).Seconds()
	return pr, reqs, nil
}

// contradicted removes from pf the requirements a test covers, which no
// proof can make infeasible, and says so: a prover's bug, reported,
// never trusted.
func contradicted(plan *coverage.Plan, cov *coverage.Covered, pf equiv.Proofs) []string {
	var notes []string
	check := func(kind string, proofs map[int]string, covered []bool) {
		ids := make([]int, 0, len(proofs))
		for id := range proofs {
			ids = append(ids, id)
		}
		sort.Ints(ids)
		for _, id := range ids {
			if id < len(covered) && covered[id] {
				notes = append(notes, fmt.Sprintf("gozilla bug: %s %d is covered by a test but was proven infeasible (%s); the proof is ignored", kind, id, proofs[id]))
				delete(proofs, id)
			}
		}
	}
	check("statement", pf.Stmts, cov.Stmts)
	check("branch", pf.Branches, cov.Branches)
	check("def-use pair", pf.Pairs, cov.Pairs)
	return notes
}

// runTests builds the package's tests with the probes and runs each
// alone, merging what they cover into cov. It returns the number of
// tests, and a note when the tests could not be measured.
func runTests(ctx context.Context, cfg Config, pkg *load.Package, plan *coverage.Plan, cov *coverage.Covered) (int, string, error) {
	if !pkg.HasTests {
		return 0, "the package has no test files: nothing is covered", nil
	}
	set, err := mutate.Generate(pkg, mutate.Options{Ops: map[mutate.Op]bool{}, Probes: plan.Probes()})
	if err != nil {
		return 0, "", err
	}
	if set.ProbesErr != "" {
		return 0, "", fmt.Errorf("internal error: %s: %s", pkg.Path, set.ProbesErr)
	}
	work, err := scratch.Dir("cover")
	if err != nil {
		return 0, "", err
	}
	defer os.RemoveAll(work)
	box, err := sandbox.New(work, pkg.Dir) // where the tests run
	if err != nil {
		return 0, "", err
	}
	bin, err := run.Build(ctx, run.BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: set.Overlay, Tags: cfg.Tags, WorkDir: work})
	if errors.Is(err, run.ErrNoTests) {
		return 0, "the package has no test files: nothing is covered", nil
	}
	if err != nil {
		var be *run.BuildError
		if errors.As(err, &be) && ctx.Err() == nil {
			return 0, "", fmt.Errorf("internal error: the coverage probes of %s do not build: %v", pkg.Path, err)
		}
		return 0, "", err
	}
	tests, err := run.ListTests(ctx, bin, box.Dir, box.Env())
	if err != nil {
		return 0, "", err
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Minute
	}
	runner := &run.Runner{Binary: bin, Dir: box.Dir, Env: box.Env(), Jobs: jobs, WorkDir: work, KeepCover: true}
	base, err := runner.Baseline(ctx, tests, timeout)
	if err != nil {
		return 0, "", err
	}
	var failed []string
	for _, t := range base {
		cov.Merge(plan.Decode(t.Cover))
		if !t.Passed {
			failed = append(failed, t.Name)
		}
	}
	note := ""
	if len(failed) > 0 {
		note = fmt.Sprintf("%d test(s) fail: %s (what they covered before failing counts)", len(failed), strings.Join(failed, ", "))
	}
	return len(tests), note, nil
}

// Report fills p's tallies from res and returns its requirements that
// are not covered (all of them with all), in source order.
func Report(pkg *load.Package, res *Result, match *regexp.Regexp, all bool, p *report.CoverPackage) []report.CoverRequirement {
	plan, cov := res.Plan, res.Covered
	var out []report.CoverRequirement
	src := map[string][]byte{}
	for _, f := range pkg.Files {
		src[f.Path] = f.Src
	}
	for _, fn := range plan.Funcs {
		if match != nil && !match.MatchString(fn.Name) {
			continue
		}
		rf := report.CoverFunc{Name: fn.Name, File: report.RelPath(fn.Pos.Filename), Line: fn.Pos.Line}
		add := func(t *report.Tally, kind string, pos token.Position, text string, covered bool, proof string) {
			st := report.Uncovered
			switch {
			case covered:
				st = report.Covered
			case proof != "":
				st = report.Infeasible
			}
			t.Count(st)
			if st != report.Covered || all {
				r := report.CoverRequirement{Package: pkg.Path, Func: fn.Name, Kind: kind, File: report.RelPath(pos.Filename), Line: pos.Line, Col: pos.Column, Text: text, Status: st}
				if st == report.Infeasible {
					r.Proof = proof
				}
				out = append(out, r)
			}
		}
		for _, id := range fn.Stmts {
			s := plan.Stmts[id]
			add(&rf.Statements, "statement", s.Pos, firstLine(src[s.Pos.Filename], s.Pos.Offset, s.End.Offset), cov.Stmts[id], res.Infeasible.Stmts[id])
		}
		for _, id := range fn.Branches {
			b := plan.Branches[id]
			add(&rf.Branches, "branch", b.Pos, b.Kind+" "+b.Label, cov.Branches[id], res.Infeasible.Branches[id])
		}
		for _, id := range fn.Pairs {
			d := plan.Pairs[id]
			text := fmt.Sprintf("%s: def %d:%d %s → use %d:%d %s", d.Var, d.Def.Line, d.Def.Column, oneLine(d.DefText), d.Use.Line, d.Use.Column, oneLine(d.UseText))
			add(&rf.Pairs, "pair", d.Use, text, cov.Pairs[id], res.Infeasible.Pairs[id])
		}
		p.Statements.Add(rf.Statements)
		p.Branches.Add(rf.Branches)
		p.Pairs.Add(rf.Pairs)
		p.Funcs = append(p.Funcs, rf)
	}
	return out
}

// firstLine returns the first line of src[a:b], with " …" when there is
// more.
func firstLine(src []byte, a, b int) string {
	if a < 0 || b > len(src) || a > b {
		return ""
	}
	return oneLine(string(src[a:b]))
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i]) + " …"
	}
	return s
}

// uncovered reports whether the tests leave a requirement of fn
// uncovered.
func uncovered(plan *coverage.Plan, c *coverage.Covered, fn *coverage.Func) bool {
	for _, id := range fn.Stmts {
		if !c.Stmts[id] {
			return true
		}
	}
	for _, id := range fn.Branches {
		if !c.Branches[id] {
			return true
		}
	}
	for _, id := range fn.Pairs {
		if !c.Pairs[id] {
			return true
		}
	}
	return false
}
