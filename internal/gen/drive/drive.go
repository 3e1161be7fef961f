// Package drive is the driver of `gozilla gen`: for each package it
// generates the tests (internal/gen), renders them (internal/emit), runs
// the file under go test on the current code before anything is written
// (a failing case is dropped with the kills only it made), writes the
// file gozilla owns, and builds the report (internal/report).
//
// In: package patterns and a Config. Out: a *Result (the gozilla.gen/v1
// document and the -explain text). The CLI parses flags and prints.
package drive

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/sandbox"
)

// Config controls a run. Name and Engines are needed.
type Config struct {
	Tags    string
	Ops     map[mutate.Op]bool // nil = all
	OpsText string             // -ops as given, for the regenerate command
	Skip    *regexp.Regexp     // lines (or files) not to mutate (-skip); nil = none
	Arid    bool               // mutate arid code too (-arid)
	// Keep, when set (-diff), limits the report to the mutants on these
	// lines. Generation and the file are those of a full run: the units
	// the change did not touch get their rows back from the cache (or
	// are generated again without one), so that the file a -diff run
	// writes is the one its header's command writes, and mutant IDs are
	// the full run's.
	Keep     func(file string, line int) bool
	CacheDir string         // earlier runs' tests, replayed for unchanged units; "" = none
	Run      *regexp.Regexp // units; nil = all
	RunText  string         // -run as given
	Seed     uint64
	Workers  int
	Random   int // most random inputs per unit; <= 0: no random pass
	UnitWall time.Duration
	Engines  []engines.Info
	Cover    bool   // coverage goals (gen.Config.Cover)
	Name     string // the generated file's name; {pkg} is the package name
	Dry      bool   // write nothing
	Explain  []int  // mutants to explain
	// Progress reports generation's progress in a package; Done is
	// called when a package's generation ends.
	Progress func(pkg string, p gen.Progress)
	Done     func()
	// Search, when set, bounds each package's search (gen.Config.Search):
	// derived from Run's context and ending before it (gen -deadline),
	// so that what the search found is still checked and written.
	Search context.Context
}

// Result is a run's outcome.
type Result struct {
	Doc       *report.Gen
	Explained string // the -explain text
}

// UserError is bad input (a file gozilla does not own in the way, a
// package that does not build): one line, exit 2.
type UserError struct{ Msg string }

func (e *UserError) Error() string { return e.Msg }

// Run generates for the packages matching patterns. When ctx ends, the
// packages not finished are reported partial and nothing is written for
// them.
func Run(ctx context.Context, cfg Config, patterns ...string) (*Result, error) {
	start := time.Now()

	// A first look finds the files gozilla will write, so that an older
	// generated file (perhaps stale against the code) stays out of the
	// harness build. Test files are not loaded: gen needs the code only.
	lcfg := load.Config{Tags: cfg.Tags, NoTests: true, Context: ctx}
	listed, err := load.List(lcfg, patterns...)
	if err != nil {
		return nil, err
	}
	targets := map[string]string{} // package path -> file
	replace := map[string]bool{}   // owned generated files about to be replaced
	for _, l := range listed {
		file := filepath.Join(l.Dir, strings.ReplaceAll(cfg.Name, "{pkg}", l.Name))
		targets[l.Path] = file
		data, err := os.ReadFile(file)
		switch {
		case err == nil && !emit.Owned(data):
			return nil, &UserError{Msg: fmt.Sprintf("%s exists and was not written by gozilla: not overwriting it (choose another -name)", report.RelPath(file))}
		case err == nil:
			replace[file] = true
		}
	}
	pkgs, problems, err := load.LoadEach(lcfg, patterns...)
	if err != nil {
		return nil, err
	}
	// A stop during the load (which a stop gives a grace to end) cut the
	// loading phase: the packages are listed, not started.
	notStarted := phaseNotStarted
	if ctx.Err() != nil {
		notStarted = phaseLoad
	}
	var errs []report.PackageError
	problems, skipped := load.Skipped(pkgs, problems)
	for _, p := range problems {
		errs = append(errs, report.PackageError{Package: p.Path, Error: p.Reason()})
	}
	if len(pkgs) == 0 {
		return nil, report.Errors(errs)
	}

	var reports []report.GenPackage
	for _, p := range skipped {
		reports = append(reports, report.GenPackage{Path: p.Path, Skipped: p.Reason()})
	}
	var mutants []report.Mutant
	var explained strings.Builder
	for _, pkg := range pkgs {
		if ctx.Err() != nil || (cfg.Search != nil && cfg.Search.Err() != nil) {
			// Stopped (signal, -deadline): the packages not started are
			// listed, partial, with nothing written.
			reports = append(reports, report.GenPackage{Path: pkg.Path, Partial: true, Phase: notStarted, Skipped: "not started: generation was stopped before it"})
			continue
		}
		file := targets[pkg.Path]
		if file == "" {
			file = filepath.Join(pkg.Dir, strings.ReplaceAll(cfg.Name, "{pkg}", pkg.Name))
		}
		if !cfg.Dry {
			// Said before the work, not after it (-n writes nothing).
			if err := writable(file); err != nil {
				errs = append(errs, report.PackageError{Package: pkg.Path, Error: err.Error()})
				continue
			}
		}
		gcfg := gen.Config{Tags: cfg.Tags, Ops: cfg.Ops, SkipRE: cfg.Skip, Arid: cfg.Arid, CacheDir: cfg.CacheDir, Run: cfg.Run, Seed: cfg.Seed, Workers: cfg.Workers, Random: cfg.Random, UnitWall: cfg.UnitWall, Cover: cfg.Cover, Search: cfg.Search}
		if cfg.Random <= 0 {
			gcfg.Random = -1
		}
		if replace[file] {
			gcfg.Skip = file
		}
		if cfg.Progress != nil {
			gcfg.Progress = func(p gen.Progress) { cfg.Progress(pkg.Path, p) }
		}
		// Every run of the package's code, the harness's and the check's,
		// runs in one scratch copy of it.
		box, err := sandbox.New("", pkg.Dir)
		if err != nil {
			return nil, err
		}
		gcfg.Box = box
		res, skipped, err := generate(ctx, pkg, gcfg, func() []engine.Engine { return engines.New(cfg.Engines) })
		if cfg.Done != nil {
			cfg.Done()
		}
		var chk *checked
		checking := false // the check under go test began
		if err == nil && ctx.Err() == nil {
			checking = true
			// Rendered, and run under go test, under -n too: the file
			// names the cases the report lists, and the report's kills
			// are those of the file that would be written.
			t0 := time.Now()
			chk, err = checkedFile(ctx, pkg, res, file, box, cfg.Tags, emit.Options{Command: regenCommand(pkg, cfg.Seed, cfg.RunText, cfg.OpsText, cfg.Name, cfg.Engines, cfg.Random, cfg.Tags, cfg.Cover, cfg.Skip, cfg.Arid), Taken: takenNames(pkg, file)}, true)
			res.Phases = append(res.Phases, gen.Phase{Name: phaseCheck, Wall: time.Since(t0), Entered: 1})
		}
		box.Remove()
		if ctx.Err() != nil {
			// Stopped during the package: whatever Generate returned is
			// not the end of it, and a half-generated file is not
			// written. Its mutants are reported not_run.
			pr, ms := stoppedGen(pkg, res)
			switch {
			case checking:
				pr.Phase = phaseCheck
			case res != nil && res.Cut != "":
				pr.Phase = res.Cut
			default:
				pr.Phase = gen.PhasePrep
			}
			reports = append(reports, pr)
			mutants = append(mutants, ms...)
			continue
		}
		if errors.Is(err, run.ErrNoTests) {
			err = fmt.Errorf("%s: internal error: the harness test file was not built", pkg.Path)
		}
		if err != nil {
			var be *run.BuildError
			var pf *packageFailure
			var se *run.StartError
			switch {
			case errors.As(err, &be):
				// This package does not build with its harness: the
				// others go on.
				errs = append(errs, report.PackageError{Package: pkg.Path, Error: strings.TrimPrefix(be.Error(), pkg.Path+": ")})
				continue
			case errors.As(err, &se):
				// Its init panics: nothing of it can run.
				errs = append(errs, report.PackageError{Package: pkg.Path, Error: se.Msg})
				continue
			case errors.As(err, &pf):
				// Its file cannot be made to pass, or generation failed
				// where no unit explains it: the others go on.
				errs = append(errs, report.PackageError{Package: pkg.Path, Error: pf.msg})
				continue
			}
			return nil, err
		}
		pr, ms := packageReport(res, cfg.Keep)
		if res.Stopped != nil {
			// The search ended early: the file holds what it found,
			// checked like any; the mutants it does not kill are
			// undecided.
			pr.Partial, pr.Stopped, pr.Phase, pr.Saved = true, res.Stopped.Error(), res.Cut, res.Saved
		}
		skipUnits(&pr, ms, pkg, cfg.Run, skipped)
		if len(chk.own) > 0 {
			pr.OwnFailing = chk.own
		}
		pr.OwnVet = chk.ownVet
		if n := res.Set.Arid; n > 0 && !cfg.Arid {
			pr.Notes = append(pr.Notes, fmt.Sprintf("arid code not mutated: %d mutants of log lines, error and panic messages (-arid makes them)", n))
		}
		pr.Notes = append(pr.Notes, chk.notes...)
		for _, sp := range res.Suspects {
			pr.Suspects = append(pr.Suspects, report.Suspect{Unit: sp.Test.Unit.Name, Input: emit.RowName(sp.Test), Why: sp.Why})
		}
		pr.Clock = res.Clock
		if cfg.Keep != nil {
			// -diff: a clock in a unit the diff does not touch says
			// nothing of the change under review, and does not make the
			// run partial (its rows are what its counted budgets and the
			// clock left, as on any run); it is noted.
			var touched []string
			for _, name := range res.Clock {
				if unitTouched(res, name, cfg.Keep) {
					touched = append(touched, name)
				} else {
					pr.Notes = append(pr.Notes, fmt.Sprintf("the safety clock stopped %s, which the diff does not touch: its rows are what it found before the clock", name))
				}
			}
			pr.Clock = touched
		}
		if len(pr.Clock) > 0 {
			// The file is written; the clocked units' rows may differ
			// on another machine: partial all the same.
			pr.Partial = true
			if pr.Phase == "" {
				pr.Phase = phaseClock
			}
		}
		for _, r := range res.Rejected {
			pr.Rejected = append(pr.Rejected, r.Unit+": "+r.Why)
		}
		states, ranges, misuses := 0, 0, 0
		for _, r := range res.Rejected {
			switch {
			case strings.Contains(r.Why, ", the range "):
				ranges++
			case strings.Contains(r.Why, "in its receiver, a value"):
				misuses++
			default:
				states++
			}
		}
		if states > 0 {
			pr.Notes = append(pr.Notes, fmt.Sprintf("left out %d row(s) that build a value from its fields in a state the package's functions never build (the JSON report's rejected lists them)", states))
		}
		if misuses > 0 {
			pr.Notes = append(pr.Notes, fmt.Sprintf("left out the calls of %d method(s) that set their receiver to a state its constructors reject (Resize(-2) of a cache New refuses a size below 1; the JSON report's rejected lists them)", misuses))
		}
		if ranges > 0 {
			pr.Notes = append(pr.Notes, fmt.Sprintf("left out %d row(s) with a value outside the range its documentation gives, its callers in the package pass, or the fields it is compared with have (the JSON report's rejected lists them)", ranges))
		}
		for _, id := range cfg.Explain {
			explainMutant(&explained, res, ms, id)
		}
		switch {
		case chk.src != nil && cfg.Dry:
			pr.File, pr.Dry = report.RelPath(file), true
		case chk.src != nil:
			if err := os.WriteFile(file, chk.src, 0o644); err != nil {
				errs = append(errs, report.PackageError{Package: pkg.Path, Error: writeError(file, err).Error()})
				continue
			}
			pr.File = report.RelPath(file)
		case cfg.Run != nil && len(pr.Units) == 0:
			pr.Skipped = fmt.Sprintf("no function matches -run %q", cfg.RunText)
		}
		reports = append(reports, pr)
		mutants = append(mutants, ms...)
	}
	if len(reports) == 0 && len(errs) > 0 {
		return nil, report.Errors(errs)
	}
	if cfg.Run != nil && ctx.Err() == nil {
		units := 0
		for _, pr := range reports {
			units += len(pr.Units)
		}
		if units == 0 && len(reports) > 0 {
			// A -run that selects nothing is a mistake, not a result.
			return nil, &UserError{Msg: fmt.Sprintf("-run %q matches no function of %s", cfg.RunText, strings.Join(patterns, " "))}
		}
	}
	doc := report.NewGen(reports, mutants, time.Since(start).Seconds())
	doc.Errors = errs
	return &Result{Doc: doc, Explained: explained.String()}, nil
}

// The phases of a package's generation besides gen's own (GenPackage.Phase).
const (
	phaseCheck = "check under go test"
	phaseClock = "unit passes" // the safety clock (gen -unit) stopped a unit's
	// a package the stop came before (after loading)
	phaseNotStarted = "not started"
	phaseLoad       = "loading"
)

// stoppedGen is the report of a package whose generation was stopped:
// partial, every mutant not_run (the tests found so far are not written,
// so none is killed). res, when it holds the mutants (made before the
// stop), lists them; without them the report says so, and nothing is
// made again: a signal ends the run at once.
func stoppedGen(pkg *load.Package, res *gen.Result) (report.GenPackage, []report.Mutant) {
	pr := report.GenPackage{Path: pkg.Path, Partial: true}
	if res != nil {
		pr.Saved = res.Saved
	}
	if res == nil || res.Set == nil {
		pr.Skipped = "stopped before its mutants were made"
		return pr, nil
	}
	var ms []report.Mutant
	for _, m := range res.Set.Mutants {
		rm := report.MutantOf(m)
		rm.Status = mutate.NotRun
		pr.Counts.Add(rm.Status)
		ms = append(ms, rm)
	}
	return pr, ms
}

// explainMutant writes what gen knows of mutant id of res's package:
// where and what it is, its verdict, why it lives, and the constraint
// system the deterministic passes built for it (seed 000 §5).
func explainMutant(w io.Writer, res *gen.Result, ms []report.Mutant, id int) {
	if id > len(ms) {
		fmt.Fprintf(w, "mutant %d: %s has only %d mutants\n", id, res.Pkg.Path, len(ms))
		return
	}
	m := ms[id-1]
	fmt.Fprintf(w, "mutant %d of %s: %s %s:%d:%d in %s: %s\n", id, m.Package, m.Op, m.File, m.Line, m.Col, m.Func, report.Change(m.Orig, m.Repl))
	fmt.Fprintf(w, "  status: %s\n", m.Status)
	for _, t := range res.Tests {
		if slices.Contains(t.Kills, id) {
			fmt.Fprintf(w, "  killed by: %s (%s pass)\n", t.Name, t.Pass)
			break
		}
	}
	if m.Why != "" {
		fmt.Fprintf(w, "  why it lives: %s\n", m.Why)
	}
	if x := res.Explain(id); x != "" {
		for _, line := range strings.Split(strings.TrimRight(x, "\n"), "\n") {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
}

// owned reports whether a file was written by gozilla gen.

func regenCommand(pkg *load.Package, seed uint64, runRE, ops, name string, infos []engines.Info, random int, tags string, cover bool, skip *regexp.Regexp, arid bool) string {
	cmd := "gozilla gen"
	if !cover {
		cmd += " -cover=false"
	}
	var names []string
	for _, i := range infos {
		names = append(names, i.Name)
	}
	if list := strings.Join(names, ","); list != engines.Default {
		cmd += " -engine " + list
	}
	if random != 1000 {
		cmd += fmt.Sprintf(" -random %d", random)
	}
	if tags != "" {
		cmd += fmt.Sprintf(" -tags '%s'", tags)
	}
	if seed != 1 {
		cmd += fmt.Sprintf(" -seed %d", seed)
	}
	if runRE != "" {
		cmd += fmt.Sprintf(" -run '%s'", runRE)
	}
	if ops != "" {
		cmd += " -ops " + ops
	}
	if skip != nil {
		cmd += fmt.Sprintf(" -skip '%s'", skip)
	}
	if arid {
		cmd += " -arid"
	}
	if name != "{pkg}_gozilla_test.go" {
		cmd += " -name " + name
	}
	return cmd + " " + pkg.Path
}

// unitTouched reports whether one of unit name's mutants is on a line
// keep selects (-diff's changed lines).
func unitTouched(res *gen.Result, name string, keep func(string, int) bool) bool {
	for _, m := range res.Set.Mutants {
		if m.Func == name && keep(m.File, m.Line) {
			return true
		}
	}
	return false
}

// takenNames lists the top-level names the package's other internal test
// files declare.
func takenNames(pkg *load.Package, skip string) map[string]bool {
	names := map[string]bool{}
	files, _ := filepath.Glob(filepath.Join(pkg.Dir, "*_test.go"))
	fset := token.NewFileSet()
	for _, path := range files {
		if path == skip {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg.Name {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[s.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

// packageReport is the report of res's package; keep (-diff), when set,
// limits its mutants, counts and units to the mutants on those lines (the
// file and its cases are the whole package's).
func packageReport(res *gen.Result, keep func(file string, line int) bool) (report.GenPackage, []report.Mutant) {
	pr := report.GenPackage{Path: res.Pkg.Path, SkippedCode: report.SkippedOf(res.Set.Skipped), Tests: len(res.Tests), Seconds: res.Wall.Seconds(), Runs: res.Runs, Build: res.Build.Seconds()}
	var ms []report.Mutant
	inScope := map[string]bool{} // units with a mutant in scope
	for _, m := range res.Set.Mutants {
		if keep != nil && !keep(m.File, m.Line) {
			continue
		}
		inScope[m.Func] = true
		rm := report.MutantOf(m)
		rm.Why = res.Why[m.ID]
		switch res.Status[m.ID] {
		case mutate.Killed:
			rm.Status = mutate.Killed
		case mutate.Lived:
			rm.Status = mutate.Lived
		case mutate.Equivalent:
			rm.Status = mutate.Equivalent
			rm.Reason = res.Equivalent[m.ID]
		case mutate.NotRun:
			rm.Status = mutate.NotRun // the search stopped before it
		default:
			rm.Status = mutate.NotCovered
		}
		pr.Counts.Add(rm.Status)
		ms = append(ms, rm)
	}
	pr.Score = report.UnitScore(pr.Killed, pr.Mutants-pr.Equivalent)
	for _, ph := range res.Phases {
		pr.Phases = append(pr.Phases, report.GenPhase{Name: ph.Name, Seconds: ph.Wall.Seconds(), Runs: ph.Runs, Entered: ph.Entered})
	}
	for _, s := range res.Stats {
		if keep != nil && !inScope[s.Unit.Name] {
			continue
		}
		u := report.Unit{Name: s.Unit.Name, File: report.RelPath(s.Unit.Pos.Filename), Line: s.Unit.Pos.Line, Skipped: s.Unit.Skip, Cached: res.Replayed[s.Unit.Name], Resumed: res.Resumed[s.Unit.Name],
			Mutants: s.Mutants, Killed: s.Killed, Live: s.Live, Equivalent: s.Equivalent, Tests: s.Tests, Seconds: s.Seconds}
		if len(s.ByPass) > 0 {
			u.ByPass = s.ByPass
		}
		for _, l := range s.Limits {
			u.Limits = append(u.Limits, report.GenLimit{Kind: l.Kind, Mutant: l.Mutant, Count: l.Count})
		}
		if keep != nil {
			// The unit's mutants in scope only.
			u.Mutants, u.Killed, u.Live, u.Equivalent = 0, 0, 0, 0
			for _, m := range ms {
				if m.Func != s.Unit.Name {
					continue
				}
				u.Mutants++
				switch m.Status {
				case mutate.Killed:
					u.Killed++
				case mutate.Equivalent:
					u.Equivalent++
				default:
					u.Live++
				}
			}
		}
		u.Score = report.UnitScore(u.Killed, u.Mutants-u.Equivalent)
		pr.Units = append(pr.Units, u)
	}
	// Other tallies the statuses the mutants' records carry, so that it
	// agrees with summary and mutants[] (a mutant no input reaches is
	// not_covered there and here).
	units := map[string]bool{}
	for _, s := range res.Stats {
		if s.Unit != nil && s.Unit.Skip == "" {
			units[s.Unit.Name] = true
		}
	}
	for _, m := range ms {
		if !units[m.Func] {
			pr.Other.Add(m.Status)
		}
	}
	for _, t := range res.Tests {
		pr.Cases = append(pr.Cases, report.GenTest{Unit: t.Unit.Name, Name: t.Name, Pass: t.Pass, Kills: t.Kills, Credit: t.Credit})
	}
	pr.Coverage = coverageReport(res)
	pr.Notes = append(pr.Notes, res.Notes...)
	return pr, ms
}

// coverageReport tallies what the emitted tests cover of the functions of
// the units generation ran on, and lists the branches and def-use pairs
// they leave uncovered (with why) or that were proven infeasible.
func coverageReport(res *gen.Result) *report.GenCoverage {
	c := res.Coverage
	if c == nil {
		return nil
	}
	names := map[string]bool{}
	for _, u := range res.Units {
		names[u.Name] = true
	}
	plan := c.Plan
	gc := &report.GenCoverage{}
	goal := func(t *report.Tally, fn string, kind engine.Kind, id int, covered bool, pos token.Position, text string) {
		x := gen.Goal{Kind: kind, ID: id}
		r := report.CoverRequirement{Package: res.Pkg.Path, Func: fn, Kind: kind.String(), File: report.RelPath(pos.Filename), Line: pos.Line, Col: pos.Column, Text: text, Status: report.Uncovered, Why: c.Why[x]}
		switch {
		case covered:
			r.Status = report.Covered
		case c.Infeasible[x] != "":
			r.Status, r.Proof, r.Why = report.Infeasible, c.Infeasible[x], ""
		}
		t.Count(r.Status)
		if r.Status != report.Covered {
			gc.Requirements = append(gc.Requirements, r)
		}
	}
	for _, fn := range plan.Funcs {
		if !names[fn.Name] {
			continue
		}
		for _, id := range fn.Stmts {
			st := report.Uncovered
			if c.Covered.Stmts[id] {
				st = report.Covered
			}
			gc.Statements.Count(st)
		}
		for _, id := range fn.Branches {
			b := plan.Branches[id]
			goal(&gc.Branches, fn.Name, engine.CoverBranch, id, c.Covered.Branches[id], b.Pos, b.Kind+" "+b.Label)
		}
		for _, id := range fn.Pairs {
			p := plan.Pairs[id]
			goal(&gc.Pairs, fn.Name, engine.CoverPair, id, c.Covered.Pairs[id], p.Use, fmt.Sprintf("%s: def %d:%d → use %d:%d", p.Var, p.Def.Line, p.Def.Column, p.Use.Line, p.Use.Column))
		}
	}
	gc.Statements.Finish()
	gc.Branches.Finish()
	gc.Pairs.Finish()
	return gc
}
