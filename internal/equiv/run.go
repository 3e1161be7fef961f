package equiv

// This file is the `gozilla equiv` pipeline over packages: load,
// generate mutants, prove, report.

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
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
}

// Run analyses the packages matching patterns. Its errors are the user's
// (a pattern that matches nothing, a package that does not compile) or
// operational.
func Run(ctx context.Context, cfg RunConfig, patterns ...string) (*report.Equiv, error) {
	start := time.Now()
	pkgs, err := load.Load(load.Config{Dir: cfg.Dir, Tags: cfg.Tags, NoTests: true}, patterns...)
	if err != nil {
		return nil, err
	}
	doc := &report.Equiv{}
	for _, pkg := range pkgs {
		t0 := time.Now()
		set, err := mutate.Generate(pkg, mutate.Options{Ops: cfg.Ops})
		if err != nil {
			return nil, err
		}
		if cfg.Run != nil {
			var keep []*mutate.Mutant
			for _, m := range set.Mutants {
				if cfg.Run.MatchString(m.Func) {
					keep = append(keep, m)
				}
			}
			set = &mutate.Set{Mutants: keep}
		}
		if cfg.Each != nil {
			cfg.Each(pkg.Path, len(set.Mutants))
		}
		rep, err := Analyze(ctx, pkg, set, cfg.Cfg)
		if err != nil {
			return nil, err
		}
		units := map[string]*unit.Unit{}
		for _, u := range unit.Find(pkg, nil) {
			units[u.Name] = u
		}
		for _, m := range set.Mutants {
			doc.Mutants = append(doc.Mutants, Record(m, rep.Verdicts[m.ID], units[m.Func]))
		}
		ep := report.EquivPackage{Path: pkg.Path, Dir: report.RelPath(pkg.Dir)}
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
		ep.Seconds = time.Since(t0).Seconds()
		doc.Packages = append(doc.Packages, ep)
	}
	doc.Finish(time.Since(start).Seconds())
	return doc, nil
}

func finding(pkg *load.Package, f Finding) report.Finding {
	return report.Finding{Package: pkg.Path, Func: f.Func, File: report.RelPath(f.Pos.Filename), Line: f.Pos.Line, Col: f.Pos.Column, Text: f.Text}
}

// Record is the report line of mutant m with its verdict (nil: none).
func Record(m *mutate.Mutant, v *Verdict, u *unit.Unit) report.EquivMutant {
	r := report.EquivMutant{Mutant: report.MutantOf(m)}
	r.Status = "unknown"
	if v == nil {
		r.Reason = "not analysed"
		return r
	}
	switch v.Status {
	case Equivalent:
		r.Status = report.Equivalent
		r.Method = v.Method.String()
	case Killable:
		r.Status = "killable"
	}
	r.Reason, r.Proof, r.Assumed = v.Reason, v.Proof, v.Assumed
	if v.Input != nil && u != nil && v.Status == Killable {
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
