package equiv

// This file is the `gozilla equiv` pipeline over packages: load,
// generate mutants, prove, report.

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// RunConfig controls Run. The zero value analyses every function with
// every operator and every stage.
type RunConfig struct {
	Dir  string
	Tags string
	Ops  map[mutate.Op]bool       // nil = all
	Run  *regexp.Regexp           // functions to analyse (F, T.M, (*T).M); nil = all
	Cfg  Config                   //
	Each func(pkg string, ms int) // called before each package, for progress
	Skip *regexp.Regexp           // lines (or files) not to mutate (-skip); nil = none
	Arid bool                     // mutate arid code too (mutate.Options.Arid)
	// Progress, when set, is called as the package's mutants are
	// decided, unit by unit (from several goroutines, one at a time).
	Progress func(pkg string, done, total int)
	// Jobs is how many units are analysed at once (<= 0: 1). Every
	// unit is analysed on its own whatever Jobs is, so the verdicts do
	// not depend on it.
	Jobs int
	// Killers, when set, looks for an input that kills each of the
	// mutants ids of set the prover did not prove equivalent, running
	// every candidate on the code and the mutant (gozilla's engines:
	// internal/gen/evidence); seeds are the prover's inputs, by ID,
	// tried first. A mutant is killable only with an input so run: a
	// prover's input the runs do not confirm leaves it unknown.
	Killers func(ctx context.Context, pkg *load.Package, set *mutate.Set, ids []int, seeds map[int][]value.Value) (map[int]Killer, error)
}

// Killer is an input that kills a mutant, run on the code and the
// mutant, with the table row gozilla gen writes for it.
type Killer struct {
	Input string // the unit's arguments as Go
	Test  string // the generated test function of the row
	Name  string // the row's name
	Row   string // the row, as Go
	Pass  string // the engine that found it
}

// Run analyses the packages matching patterns. Its errors are the user's
// (a pattern that matches nothing, a package that does not compile) or
// operational. When ctx ends after loading (a signal, a deadline), Run
// stops and returns the partial report: the units analysed to the end
// have their verdicts, the other mutants of the package under way are
// not_run, and the packages not started are listed empty, all marked
// partial.
func Run(ctx context.Context, cfg RunConfig, patterns ...string) (*report.Equiv, error) {
	start := time.Now()
	pkgs, problems, err := load.LoadEach(load.Config{Dir: cfg.Dir, Tags: cfg.Tags, NoTests: true, Context: ctx}, patterns...)
	if err != nil {
		return nil, err
	}
	doc := &report.Equiv{}
	problems, skipped := load.Skipped(pkgs, problems)
	for _, p := range problems {
		doc.Errors = append(doc.Errors, report.PackageError{Package: p.Path, Error: p.Reason()})
	}
	for _, p := range skipped {
		doc.Packages = append(doc.Packages, report.EquivPackage{Path: p.Path, Dir: report.RelPath(p.Dir), Skipped: p.Reason()})
	}
	if len(pkgs) == 0 {
		return nil, report.Errors(doc.Errors)
	}
	for _, pkg := range pkgs {
		if ctx.Err() != nil {
			doc.Packages = append(doc.Packages, report.EquivPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir), Partial: true, Phase: report.EquivPhaseNotRun})
			continue
		}
		t0 := time.Now()
		set, err := mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops, Skip: cfg.Skip, Arid: cfg.Arid, Done: ctx.Done()})
		if errors.Is(err, mutate.ErrStopped) {
			doc.Packages = append(doc.Packages, report.EquivPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir), Partial: true, Phase: report.EquivPhaseMutants})
			continue
		}
		if err != nil {
			return nil, err
		}
		// full keeps every mutant, numbered as mutate made them: the
		// search for killing inputs builds them all (set.Mutants[id-1]).
		full := set
		if cfg.Run != nil {
			var keep []*mutate.Mutant
			for _, m := range set.Mutants {
				if cfg.Run.MatchString(m.Func) {
					keep = append(keep, m)
				}
			}
			only := *set
			only.Mutants = keep
			set = &only
		}
		if cfg.Each != nil {
			cfg.Each(pkg.Path, len(set.Mutants))
		}
		a := analysis.New(pkg, set, nil)
		var onDone func(int)
		if cfg.Progress != nil {
			var mu sync.Mutex
			decided, total, path := 0, len(set.Mutants), pkg.Path
			cfg.Progress(path, 0, total)
			onDone = func(n int) {
				mu.Lock()
				defer mu.Unlock()
				decided += n
				cfg.Progress(path, decided, total)
			}
		}
		rep, done, err := analyzeUnits(ctx, a, set, cfg.Cfg, cfg.Jobs, onDone)
		if err != nil {
			return nil, err
		}
		phase := report.EquivPhaseAnalysis // the phase a stop cut, if one did
		if cfg.Cfg.runs(Compiled) && ctx.Err() == nil {
			ByCompiler(ctx, a, set.Mutants, rep, cfg.Tags)
			phase = report.EquivPhaseCompiled
		}
		units := map[string]*unit.Unit{}
		for _, u := range a.Units {
			units[u.Name] = u
		}
		ep := report.EquivPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir)}
		for _, m := range set.Mutants {
			if !done[m.Func] {
				r := report.EquivMutant{Mutant: report.MutantOf(m)}
				r.Status, r.Reason = mutate.NotRun, "not analysed: stopped first"
				doc.Mutants = append(doc.Mutants, r)
				ep.Partial = true
				continue
			}
			doc.Mutants = append(doc.Mutants, Record(m, rep.Verdicts[m.ID], units[m.Func]))
		}
		if cfg.Killers != nil && ctx.Err() == nil {
			phase = report.EquivPhaseConfirm
			var se *run.StartError
			if err := confirm(ctx, cfg, pkg, full, set, rep, doc.Mutants[len(doc.Mutants)-len(set.Mutants):]); errors.As(err, &se) {
				// Its init panics: no input can run, the verdicts the
				// runs were to confirm stay unconfirmed; the package is
				// an error, the others go on.
				doc.Mutants = doc.Mutants[:len(doc.Mutants)-len(set.Mutants)]
				doc.Errors = append(doc.Errors, report.PackageError{Package: pkg.Path, Error: se.Msg})
				continue
			}
		}
		for _, u := range rep.Units {
			if cfg.Run != nil && !cfg.Run.MatchString(u.Name) {
				continue
			}
			ep.Units = append(ep.Units, report.EquivUnit{Name: u.Name, Mutants: u.Mutants, Paths: u.Paths, Incomplete: u.Incomplete, Seconds: u.Seconds})
		}
		for _, f := range rep.Unreachable {
			if cfg.Run == nil || cfg.Run.MatchString(f.Func) {
				doc.Unreachable = append(doc.Unreachable, finding(pkg, f))
			}
		}
		for _, f := range rep.Infeasible {
			if cfg.Run == nil || cfg.Run.MatchString(f.Func) {
				doc.Infeasible = append(doc.Infeasible, report.BranchFinding{Finding: finding(pkg, f), Never: f.Never})
			}
		}
		if ctx.Err() != nil {
			// The stop cut this package: its units (some not_run), the
			// compiler's check or the confirming runs.
			ep.Partial, ep.Phase = true, phase
		}
		ep.Seconds = time.Since(t0).Seconds()
		doc.Packages = append(doc.Packages, ep)
	}
	if len(doc.Packages) == 0 {
		return nil, report.Errors(doc.Errors) // each package's init panics
	}
	doc.Finish(time.Since(start).Seconds())
	return doc, nil
}

// analyzeUnits is Analyze over set, one unit (one function name) at a
// time on up to jobs goroutines, merged in source order as Analyze
// would have. done holds the functions whose analysis finished before
// ctx ended (the mutants outside every unit are under ""); what did not
// finish is left out of the report.
func analyzeUnits(ctx context.Context, a *analysis.Package, set *mutate.Set, cfg Config, jobs int, onDone func(mutants int)) (*Report, map[string]bool, error) {
	byFunc := map[string][]*mutate.Mutant{}
	for _, m := range set.Mutants {
		byFunc[m.Func] = append(byFunc[m.Func], m)
	}
	// One task per function name, in source order, then one for the
	// mutants outside every unit (a name no unit has analyses none).
	var names []string
	seen := map[string]bool{}
	for _, u := range a.Units {
		if !seen[u.Name] && (cfg.Func == "" || u.Name == cfg.Func) {
			seen[u.Name] = true
			names = append(names, u.Name)
		}
	}
	var rest []*mutate.Mutant
	for _, m := range set.Mutants {
		if !seen[m.Func] {
			rest = append(rest, m)
		}
	}
	type task struct {
		name string // "" for rest
		rep  *Report
		err  error
	}
	tasks := make([]task, len(names), len(names)+1)
	for i, n := range names {
		tasks[i].name = n
	}
	if len(rest) > 0 {
		tasks = append(tasks, task{})
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(max(jobs, 1), len(tasks)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				t := &tasks[i]
				c, ms := cfg, byFunc[t.name]
				c.Func = t.name
				if t.name == "" {
					c.Func, ms = "\x00", rest // no unit has this name
				}
				t.rep, t.err = Analyze(ctx, a, &mutate.Set{Pkg: set.Pkg, Mutants: ms}, c)
				if ctx.Err() != nil {
					t.rep, t.err = nil, nil // may have stopped half-way: not done
				} else if onDone != nil {
					onDone(len(ms))
				}
			}
		}()
	}
feed:
	for i := range tasks {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	rep := &Report{Verdicts: map[int]*Verdict{}}
	done := map[string]bool{}
	for _, t := range tasks {
		if t.err != nil {
			return nil, nil, t.err
		}
		if t.rep == nil {
			continue
		}
		done[t.name] = true
		for id, v := range t.rep.Verdicts {
			rep.Verdicts[id] = v
		}
		rep.Units = append(rep.Units, t.rep.Units...)
		rep.Unreachable = append(rep.Unreachable, t.rep.Unreachable...)
		rep.Infeasible = append(rep.Infeasible, t.rep.Infeasible...)
		rep.Seconds += t.rep.Seconds
	}
	for _, m := range rest {
		done[m.Func] = done[""]
	}
	return rep, done, nil
}

// confirm decides the package's mutants the prover left killable or
// unknown by running inputs (RunConfig.Killers): one that kills makes
// the mutant killable, with its row; a prover's input that does not
// leaves it unknown. recs are the records of set's mutants, in order;
// full is every mutant of the package (set may be a -run's part of it).
// A package whose init panics, so that nothing of it runs, is the
// search's *run.StartError, returned with recs left as they are.
func confirm(ctx context.Context, cfg RunConfig, pkg *load.Package, full, set *mutate.Set, rep *Report, recs []report.EquivMutant) error {
	var ids []int
	seeds := map[int][]value.Value{}
	for i, m := range set.Mutants {
		if recs[i].Status == mutate.Killable || recs[i].Status == mutate.Unknown && recs[i].Reason != "not analysed: stopped first" {
			ids = append(ids, m.ID)
			if v := rep.Verdicts[m.ID]; v != nil && v.Status == mutate.Killable && v.Input != nil {
				seeds[m.ID] = v.Input
			}
		}
	}
	if len(ids) == 0 {
		return nil
	}
	found, err := cfg.Killers(ctx, pkg, full, ids, seeds)
	var se *run.StartError
	if ctx.Err() != nil || errors.As(err, &se) {
		return err
	}
	for i, m := range set.Mutants {
		r := &recs[i]
		if r.Status != mutate.Killable && r.Status != mutate.Unknown {
			continue
		}
		k, ok := found[m.ID]
		switch {
		case ok:
			r.Status, r.Input, r.Proof = mutate.Killable, k.Input, nil
			r.Mutant.Input, r.Row, r.RowTest, r.RowName = k.Input, k.Row, k.Test, k.Name
			r.Reason = "an input kills it, run on the code and the mutant (found by " + k.Pass + ")"
		case r.Status == mutate.Killable && err == nil:
			r.Status = mutate.Unknown
			r.Reason = "the prover's input " + r.Input + " does not tell it apart when run (its model of the code is not exact there)"
			r.Input = ""
		case err != nil:
			r.Reason = appendWhy(r.Reason, "the search for a killing input failed: "+err.Error())
		}
	}
	return nil
}

func finding(pkg *load.Package, f Finding) report.Finding {
	return report.Finding{Package: pkg.Path, Func: f.Func, File: report.RelPath(f.Pos.Filename), Line: f.Pos.Line, Col: f.Pos.Column, Text: f.Text}
}

// Record is the report line of mutant m with its verdict (nil: none).
func Record(m *mutate.Mutant, v *Verdict, u *unit.Unit) report.EquivMutant {
	r := report.EquivMutant{Mutant: report.MutantOf(m)}
	r.Status = mutate.Unknown
	if v == nil {
		r.Reason = "not analysed"
		return r
	}
	switch v.Status {
	case mutate.Equivalent:
		r.Status = mutate.Equivalent
		r.Method = v.Method.String()
	case mutate.Killable:
		r.Status = mutate.Killable
	}
	r.Reason, r.Proof, r.Assumed = v.Reason, v.Proof, v.Assumed
	if v.Input != nil && u != nil && v.Status == mutate.Killable {
		r.Input = Render(u, v.Input)
	}
	return r
}

// Render writes an input of u as its parameters' names with Go literals.
func Render(u *unit.Unit, in []value.Value) string {
	ts := u.Inputs()
	if len(ts) != len(in) {
		return ""
	}
	var names []string
	if u.Recv != nil {
		names = append(names, nameOr(u.Recv.Name, "recv"))
	}
	for i, p := range u.Params {
		names = append(names, nameOr(p.Name, fmt.Sprintf("arg%d", i+1)))
	}
	pr := &value.Printer{NewExpr: true}
	parts := make([]string, len(in))
	for i := range in {
		parts[i] = names[i] + "=" + pr.Literal(ts[i], in[i])
	}
	return strings.Join(parts, ", ")
}

func nameOr(n, def string) string {
	if n == "" || n == "_" {
		return def
	}
	return n
}
