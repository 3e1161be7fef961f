package main

// This file wires `gozilla gen`: for each package, generate (internal/gen),
// emit (internal/emit), write the file gozilla owns, and report.

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/emit"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	gzrun "github.com/gozilla/gozilla/internal/run"
)

func cmdGen(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		runRE      = fs.String("run", "", "generate only for units (F, T.M, (*T).M) matching this regular expression")
		ops        = fs.String("ops", "", "comma-separated mutation operators (default: all): "+opNames())
		tags       = fs.String("tags", "", "build tags, as for go build")
		jobs       = fs.Int("j", 0, "harness processes (default: number of CPUs)")
		seed       = fs.Uint64("seed", 1, "random seed; the same code and seed give the same file")
		random     = fs.Int("random", 1000, "most random inputs tried per unit (0: no random pass)")
		engineList = fs.String("engine", engines.Default, engines.Usage())
		name       = fs.String("name", "{pkg}_gozilla_test.go", "name of the generated file in each package directory ({pkg} is the package name)")
		dry        = fs.Bool("n", false, "report only; write no test file")
		jsonOut    = fs.Bool("json", false, "write the JSON report (schema gozilla.gen/v1) instead of text")
		outFile    = fs.String("o", "", "write the report to this file instead of standard output")
		verbose    = fs.Bool("v", false, "also list the mutants left alive")
		quiet      = fs.Bool("q", false, "no progress on standard error")
		explain    = fs.String("explain", "", "after the report, explain these mutants (IDs, comma-separated): status, why they live, their constraint system")
		dl         = fs.Duration("deadline", 0, deadlineUsage+"; a package not finished gets no test file")
		covers     = fs.Bool("cover", true, "also keep tests that cover branches and def-use pairs the others miss (gozilla cover), and report the generated tests' coverage")
		perUnit    = fs.Duration("unit", gen.DefaultUnitWall, "most wall time spent on one unit (its random pass and its mutants' deterministic passes); its mutants left alive are undecided, and the report says which units hit it")
	)
	opSet, err := parseCommon(fs, args, ops, stderr)
	if err != nil {
		return err
	}
	ctx, cancel := withDeadline(ctx, *dl)
	defer cancel()
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
	start := time.Now()

	// A first look finds the files gozilla will write, so that an older
	// generated file (perhaps stale against the code) stays out of the
	// harness build. Test files are not loaded: gen needs the code only.
	lcfg := load.Config{Tags: *tags, NoTests: true}
	listed, err := load.List(lcfg, fs.Args()...)
	if err != nil {
		return err
	}
	targets := map[string]string{} // package path -> file
	replace := map[string]bool{}   // owned generated files about to be replaced
	for _, l := range listed {
		file := filepath.Join(l.Dir, strings.ReplaceAll(*name, "{pkg}", l.Name))
		targets[l.Path] = file
		data, err := os.ReadFile(file)
		switch {
		case err == nil && !owned(data):
			return &exitError{code: 2, msg: fmt.Sprintf("%s exists and was not written by gozilla: not overwriting it (choose another -name)", report.RelPath(file))}
		case err == nil:
			replace[file] = true
		}
	}
	pkgs, err := load.Load(lcfg, fs.Args()...)
	if err != nil {
		if ctx.Err() != nil {
			return stopped(ctx, false)
		}
		return err
	}

	var reports []report.GenPackage
	var mutants []report.Mutant
	var explained strings.Builder
	for _, pkg := range pkgs {
		if ctx.Err() != nil {
			// Stopped (signal, -deadline): the packages not started are
			// listed, partial, with nothing written.
			reports = append(reports, report.GenPackage{Path: pkg.Path, Partial: true, Skipped: "not started: generation was stopped before it"})
			continue
		}
		file := targets[pkg.Path]
		if file == "" {
			file = filepath.Join(pkg.Dir, strings.ReplaceAll(*name, "{pkg}", pkg.Name))
		}
		cfg := gen.Config{Tags: *tags, Ops: opSet, Run: re, Seed: *seed, Workers: workers, Random: *random, UnitWall: *perUnit, Engines: engines.New(infos), Cover: *covers}
		if *random <= 0 {
			cfg.Random = -1
		}
		if replace[file] {
			cfg.Skip = file
		}
		if !*quiet && isTerminal(stderr) {
			cfg.Progress = func(p gen.Progress) { progressBar(stderr, pkg.Path, p) }
		}
		res, err := gen.Generate(ctx, pkg, cfg)
		if !*quiet && isTerminal(stderr) {
			fmt.Fprint(stderr, "\r\033[K")
		}
		var src []byte
		if err == nil && ctx.Err() == nil {
			// Rendered, and run under go test, under -n too: the file
			// names the cases the report lists, and the report's kills
			// are those of the file that would be written.
			src, err = checkedFile(ctx, pkg, res, file, *tags, emit.Options{Command: regenCommand(pkg, *seed, *runRE, *ops, *name, infos, *random, *tags, *covers), Taken: takenNames(pkg, file)})
		}
		if ctx.Err() != nil {
			// Stopped during the package: whatever Generate returned is
			// not the end of it, and a half-generated file is not
			// written. Its mutants are reported not_run.
			pr, ms, err := stoppedGen(pkg, opSet)
			if err != nil {
				return err
			}
			reports = append(reports, pr)
			mutants = append(mutants, ms...)
			continue
		}
		if errors.Is(err, gzrun.ErrNoTests) {
			err = fmt.Errorf("%s: internal error: the harness test file was not built", pkg.Path)
		}
		if err != nil {
			var be *gzrun.BuildError
			if errors.As(err, &be) {
				return &exitError{code: 2, msg: be.Error()}
			}
			return err
		}
		pr, ms := genReport(res)
		for _, id := range explainIDs {
			explainMutant(&explained, res, ms, id)
		}
		if src != nil && !*dry {
			if err := os.WriteFile(file, src, 0o644); err != nil {
				return err
			}
			pr.File = report.RelPath(file)
		}
		reports = append(reports, pr)
		mutants = append(mutants, ms...)
	}
	doc := report.NewGen(reports, mutants, time.Since(start).Seconds())
	if doc.Summary.Partial {
		doc.Summary.Stopped = stopReason(ctx)
	}

	w, closeOut, err := output(*outFile, stdout)
	if err != nil {
		return err
	}
	defer closeOut()
	if *jsonOut {
		if err := doc.JSON(w); err != nil {
			return err
		}
		if explained.Len() > 0 {
			fmt.Fprint(stderr, explained.String()) // keep the JSON on its own
		}
		if doc.Summary.Partial {
			return stopped(ctx, true)
		}
		return nil
	}
	if err := doc.Text(w, *verbose); err != nil {
		return err
	}
	if explained.Len() > 0 {
		fmt.Fprint(w, "\n"+explained.String())
	}
	if doc.Summary.Partial {
		return stopped(ctx, true)
	}
	return nil
}

// checkedFile renders res's test file and runs it with go test on the
// current code (emit.Check) before anything is written: cases that fail
// there (they depend on something outside their inputs, such as package
// state another unit's run left in the harness's worker) are dropped with
// the kills only they made, and the file is rendered and run again. It
// returns nil when no test is left.
func checkedFile(ctx context.Context, pkg *load.Package, res *gen.Result, file, tags string, opt emit.Options) ([]byte, error) {
	const why = "the case that killed it failed when the generated file ran under go test on the current code (it depends on state outside its inputs): dropped"
	for round := 0; len(res.Tests) > 0; round++ {
		src, err := emit.File(res, opt)
		if err != nil {
			return nil, err
		}
		var funcs []string
		seen := map[string]bool{}
		for _, t := range res.Tests {
			if !seen[t.Func] {
				seen[t.Func] = true
				funcs = append(funcs, t.Func)
			}
		}
		fails, err := emit.Check(ctx, pkg.Dir, file, src, tags, funcs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", pkg.Path, err)
		}
		if len(fails) == 0 {
			return src, nil
		}
		dropped := res.Drop(func(t *gen.Test) bool { return fails.Fails(t.Func, emit.SubtestName(t.Name)) }, why)
		if dropped == 0 || round == 3 {
			return nil, fmt.Errorf("%s: internal error: the generated file fails under go test and no case explains it: %v", pkg.Path, fails)
		}
	}
	return nil, nil
}

// stoppedGen is the report of a package whose generation was stopped:
// partial, every mutant not_run (the tests found so far are not written,
// so none is killed).
func stoppedGen(pkg *load.Package, ops map[mutate.Op]bool) (report.GenPackage, []report.Mutant, error) {
	pr := report.GenPackage{Path: pkg.Path, Partial: true}
	set, err := mutate.Generate(pkg, mutate.Options{Ops: ops})
	if err != nil {
		return pr, nil, err
	}
	var ms []report.Mutant
	for _, m := range set.Mutants {
		rm := report.MutantOf(m)
		rm.Status = mutate.NotRun
		pr.Counts.Add(rm.Status)
		ms = append(ms, rm)
	}
	return pr, ms, nil
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
func owned(data []byte) bool { return bytes.HasPrefix(data, []byte(emit.Header)) }

func regenCommand(pkg *load.Package, seed uint64, runRE, ops, name string, infos []engines.Info, random int, tags string, cover bool) string {
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
	if name != "{pkg}_gozilla_test.go" {
		cmd += " -name " + name
	}
	return cmd + " " + pkg.Path
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

func genReport(res *gen.Result) (report.GenPackage, []report.Mutant) {
	pr := report.GenPackage{Path: res.Pkg.Path, Tests: len(res.Tests), Seconds: res.Wall.Seconds(), Runs: res.Runs, Build: res.Build.Seconds()}
	var ms []report.Mutant
	for _, m := range res.Set.Mutants {
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
		default:
			rm.Status = mutate.NotCovered
		}
		pr.Counts.Add(rm.Status)
		ms = append(ms, rm)
	}
	pr.Score = report.UnitScore(pr.Killed, pr.Mutants-pr.Equivalent)
	for _, s := range res.Stats {
		u := report.Unit{Name: s.Unit.Name, File: report.RelPath(s.Unit.Pos.Filename), Line: s.Unit.Pos.Line, Skipped: s.Unit.Skip,
			Mutants: s.Mutants, Killed: s.Killed, Live: s.Live, Equivalent: s.Equivalent, Tests: s.Tests, Seconds: s.Seconds}
		if len(s.ByPass) > 0 {
			u.ByPass = s.ByPass
		}
		for _, l := range s.Limits {
			u.Limits = append(u.Limits, report.GenLimit{Kind: l.Kind, Mutant: l.Mutant, Count: l.Count})
		}
		u.Score = report.UnitScore(s.Killed, s.Mutants-s.Equivalent)
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
	for _, f := range res.Set.SkippedFiles {
		pr.Notes = append(pr.Notes, fmt.Sprintf("%s not mutated (cgo)", report.RelPath(f)))
	}
	pr.Coverage = genCoverage(res)
	pr.Notes = append(pr.Notes, res.Notes...)
	return pr, ms
}

// progressBar draws one line: a bar of the package's mutants killed so
// far and the unit being worked on.
func progressBar(w io.Writer, pkg string, p gen.Progress) {
	const width = 24
	filled := 0
	if p.Total > 0 {
		filled = p.Killed * width / p.Total
	}
	fmt.Fprintf(w, "\r\033[K%s [%s%s] %d/%d killed · unit %d/%d %s", pkg, strings.Repeat("=", filled), strings.Repeat(" ", width-filled),
		p.Killed, p.Total, p.UnitNo, p.Units, p.Unit)
}

// genCoverage tallies what the emitted tests cover of the functions of
// the units generation ran on, and lists the branches and def-use pairs
// they leave uncovered (with why) or that were proven infeasible.
func genCoverage(res *gen.Result) *report.GenCoverage {
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
		st, why := report.Uncovered, c.Why[x]
		switch {
		case covered:
			st = report.Covered
		case c.Infeasible[x] != "":
			st, why = report.Infeasible, c.Infeasible[x]
		}
		t.Count(st)
		if st != report.Covered {
			gc.Requirements = append(gc.Requirements, report.CoverRequirement{Package: res.Pkg.Path, Func: fn, Kind: kind.String(), File: report.RelPath(pos.Filename), Line: pos.Line, Col: pos.Column, Text: text, Status: st, Proof: why})
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
			goal(&gc.Pairs, fn.Name, engine.CoverPair, id, c.Covered.Pairs[id], p.Use, fmt.Sprintf("%s: def line %d → use line %d", p.Var, p.Def.Line, p.Use.Line))
		}
	}
	gc.Statements.Finish()
	gc.Branches.Finish()
	gc.Pairs.Finish()
	return gc
}
