package main

// This file wires `gozilla gen`: flags, internal/gen/drive, the report.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/report"

	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/gen/drive"
)

func cmdGen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	var (
		runRE      = fs.String("run", "", "generate only for units (F, T.M, (*T).M) matching this regular expression")
		ops        = fs.String("ops", "", "comma-separated mutation operators (default: all; none: tests for coverage alone): "+opNames())
		tags       = fs.String("tags", "", "build tags, as for go build")
		jobs       = fs.Int("j", 0, "harness processes (default: number of CPUs)")
		seed       = fs.Uint64("seed", 1, "random seed; the same code and seed give the same file")
		random     = fs.Int("random", 1000, "most random inputs tried per unit (0: no random pass)")
		engineList = fs.String("engine", engines.Default, engines.Usage())
		name       = fs.String("name", "{pkg}_gozilla_test.go", "name of the generated file in each package directory ({pkg} is the package name)")
		dry        = fs.Bool("n", false, "report only; write no test file")
		quiet      = fs.Bool("q", false, "no progress on standard error")
		explain    = fs.String("explain", "", "after the report, explain these mutants (IDs, comma-separated): status, why they live, their constraint system")
		dl         = fs.Duration("deadline", 0, deadlineUsage+"; the search stops a fifth of it early (at least 30s, or half of it) so that the tests found are checked and written")
		covers     = fs.Bool("cover", true, "also keep tests that cover branches and def-use pairs the others miss (gozilla cover), and report the generated tests' coverage")
		perUnit    = fs.Duration("unit", gen.DefaultUnitWall, "safety net on the wall time of one unit (its random pass and its mutants' deterministic passes), far past what its counted budgets take: when it fires, the unit's live mutants are undecided and the result is partial (exit 4)")
	)
	cacheDir := fs.String("cache", defaultCache(), "replay the tests of units that did not change since an earlier run, kept in this directory, instead of their passes (off: no cache; $GOZILLA_CACHE sets the default)")
	rep := addReportFlags(fs, "gozilla.gen/v1", "also list the mutants left alive")
	sel := addSelectFlags(fs, true)
	opSet, err := parseCommon(fs, args, ops, stdout, stderr)
	if err != nil {
		return err
	}
	if err := rep.check(); err != nil {
		return err
	}
	if err := sel.check(); err != nil {
		return err
	}
	ctx, cancel := withDeadline(ctx, *dl)
	defer cancel()
	search, cancelSearch := searchDeadline(ctx, *dl)
	defer cancelSearch()
	var re *regexp.Regexp
	if *runRE != "" {
		if re, err = regexp.Compile(*runRE); err != nil {
			return &exitError{code: 2, msg: fmt.Sprintf("bad -run: %v", err)}
		}
	}
	infos, err := engines.Parse(*engineList)
	if err != nil {
		return &exitError{code: 2, msg: "bad -engine: " + err.Error()}
	}
	explainIDs, err := parseIDs(*explain)
	if err != nil {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -explain: %v", err)}
	}
	if !strings.HasSuffix(*name, "_test.go") || strings.ContainsAny(*name, `/\`) {
		return &exitError{code: 2, msg: fmt.Sprintf("bad -name %q: want a file name ending in _test.go", *name)}
	}
	workers := *jobs
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	cfg := drive.Config{Tags: *tags, Ops: opSet, OpsText: *ops, Skip: sel.skipRE, Arid: *sel.arid, Keep: sel.keep, CacheDir: cachePath(*cacheDir), Run: re, RunText: *runRE, Seed: *seed, Workers: workers, Random: *random, UnitWall: *perUnit,
		Engines: infos, Cover: *covers, Name: *name, Dry: *dry, Explain: explainIDs, Search: search}
	if prog := newProgress(stderr, *quiet); prog != nil {
		cfg.Progress = func(pkg string, p gen.Progress) {
			prog.count(pkg, p.Killed, p.Total, "mutants killed", fmt.Sprintf("unit %d/%d %s", p.UnitNo, p.Units, p.Unit))
		}
		cfg.Done = prog.clear
	}
	began := time.Now()
	res, err := drive.Run(ctx, cfg, fs.Args()...)
	if err != nil {
		var ue *drive.UserError
		switch {
		case errors.As(err, &ue):
			return &exitError{code: 2, msg: ue.Msg}
		case ctx.Err() != nil:
			// Stopped while loading: the report says so, with nothing
			// generated.
			res = &drive.Result{Doc: report.NewGen(nil, nil, time.Since(began).Seconds())}
			res.Doc.Summary.Partial, res.Doc.Summary.Phase = true, "loading"
		default:
			return err
		}
	}
	doc, explained := res.Doc, res.Explained
	if ctx.Err() == nil {
		ctx = search // only the search ended early: say why
	}
	switch {
	case doc.Summary.Partial && ctx.Err() != nil:
		doc.Summary.Stopped, doc.Summary.Cause = stopReason(ctx), stopCause(ctx)
	case doc.Summary.Clock > 0:
		doc.Summary.Stopped, doc.Summary.Cause = fmt.Sprintf("the safety clock (-unit %v) stopped %d unit(s)", *perUnit, doc.Summary.Clock), causeClock
	}
	doc.Summary.Diff = sel.diffText
	var more func(io.Writer)
	if explained != "" {
		more = func(w io.Writer) { fmt.Fprint(w, "\n"+explained) }
	}
	if err := rep.write(stdout, stderr, doc, more); err != nil {
		return err
	}
	return genExit(ctx, doc)
}

// searchDeadline bounds gen's search within its -deadline d (0: none):
// it ends a fifth of d early, at least 30s or half of d, so that the
// tests found are compacted, checked under go test and written before d.
func searchDeadline(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	if d <= 0 {
		return ctx, func() {}
	}
	reserve := max(d/5, min(d/2, 30*time.Second))
	return context.WithTimeoutCause(ctx, d-reserve, &searchStop{deadlineError{d}, d - reserve})
}

// searchStop is the cause of the search's end before the -deadline.
type searchStop struct {
	deadlineError
	at time.Duration
}

func (e *searchStop) Error() string {
	return fmt.Sprintf("deadline %v: the search stopped at %v, to check and write what it found", e.d, e.at)
}

func (e *searchStop) Unwrap() error { return &e.deadlineError }

// genExit is gen's outcome once its report is written: stopped (exit 3
// or 130), packages not processed (2), the safety clock (4), or done.
func genExit(ctx context.Context, doc *report.Gen) error {
	if doc.Summary.Partial && ctx.Err() != nil {
		return stopped(ctx, true)
	}
	if len(doc.Errors) > 0 {
		return report.Errors(doc.Errors)
	}
	if doc.Summary.Clock > 0 {
		return &exitError{code: exitClock, msg: fmt.Sprintf("the safety clock (-unit), not the deadline, stopped %d unit(s): the result is partial (the report lists them)", doc.Summary.Clock)}
	}
	// go test fails on these packages whatever was written: the user's
	// own code or tests, said on one line each (exit 2, as for score).
	var own report.Errors
	for _, p := range doc.Packages {
		switch {
		case p.OwnVet != "":
			own = append(own, report.PackageError{Package: p.Path, Error: "go test fails on the package's own code before any test runs: go vet, which go test runs, says " + p.OwnVet})
		case len(p.OwnFailing) > 0:
			own = append(own, report.PackageError{Package: p.Path, Error: "the package's own tests fail on the current code (" + strings.Join(p.OwnFailing, ", ") + "): go test fails on the package whatever gozilla writes"})
		}
	}
	if len(own) > 0 {
		return own
	}
	return nil
}

// parseIDs reads a comma-separated list of mutant IDs.
func parseIDs(s string) ([]int, error) {
	var ids []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		id, err := strconv.Atoi(f)
		if err != nil || id <= 0 {
			return nil, fmt.Errorf("%q is not a mutant ID", f)
		}
		ids = append(ids, id)
	}
	return ids, nil
}
