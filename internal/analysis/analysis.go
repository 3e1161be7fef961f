// Package analysis is the per-package analysis context: what every
// engine and command needs to know about one package, computed once and
// shared — its mutants, its units, its SSA form and each function's
// control-flow facts (dominators, post-dominators, def-use chains).
//
// In: a loaded package (internal/load), its mutant set (internal/mutate)
// and its units (internal/unit). Out: the same, plus the SSA form and the
// CFG facts, built on first use. A Package is safe for concurrent use.
package analysis

import (
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
)

// Package is the analysis context of one package.
type Package struct {
	Load  *load.Package
	Set   *mutate.Set  // the package's mutants; never nil (may be empty)
	Units []*unit.Unit // every unit, supported or not, in source order

	byName   map[string][]*unit.Unit
	byFunc   map[string][]*mutate.Mutant
	ssaOnce  sync.Once
	prog     *symbolic.Program
	progErr  error
	mu       sync.Mutex
	cfgs     map[*ssa.Function]*symbolic.CFG
	memoized map[any]any
}

// New returns the context of pkg with its mutants and units. set may be
// nil (no mutants); units nil means unit.Find(pkg, nil).
func New(pkg *load.Package, set *mutate.Set, units []*unit.Unit) *Package {
	if set == nil {
		set = &mutate.Set{}
	}
	if units == nil {
		units = unit.Find(pkg, nil)
	}
	a := &Package{Load: pkg, Set: set, Units: units, byName: map[string][]*unit.Unit{}, byFunc: map[string][]*mutate.Mutant{}, cfgs: map[*ssa.Function]*symbolic.CFG{}, memoized: map[any]any{}}
	for _, u := range units {
		a.byName[u.Name] = append(a.byName[u.Name], u)
	}
	for _, m := range set.Mutants {
		a.byFunc[m.Func] = append(a.byFunc[m.Func], m)
	}
	return a
}

// Unit returns the supported unit named name (F, T.M, (*T).M), or nil.
func (a *Package) Unit(name string) *unit.Unit {
	for _, u := range a.byName[name] {
		if u.Skip == "" {
			return u
		}
	}
	return nil
}

// UnitOf returns the supported unit mutant m is in, or nil.
func (a *Package) UnitOf(m *mutate.Mutant) *unit.Unit { return a.Unit(m.Func) }

// Mutant returns the mutant with the given ID, or nil.
func (a *Package) Mutant(id int) *mutate.Mutant {
	if id < 1 || id > len(a.Set.Mutants) || a.Set.Mutants[id-1].ID != id {
		for _, m := range a.Set.Mutants {
			if m.ID == id {
				return m
			}
		}
		return nil
	}
	return a.Set.Mutants[id-1]
}

// Mutants returns the mutants of the function named name, by ID.
func (a *Package) Mutants(name string) []*mutate.Mutant { return a.byFunc[name] }

// SSA returns the package's SSA form, built on first use.
func (a *Package) SSA() (*symbolic.Program, error) {
	a.ssaOnce.Do(func() { a.prog, a.progErr = symbolic.Build(a.Load) })
	return a.prog, a.progErr
}

// Func returns the SSA function of unit u, or nil (no SSA form).
func (a *Package) Func(u *unit.Unit) *ssa.Function {
	prog, err := a.SSA()
	if err != nil || u.Func == nil {
		return nil
	}
	return prog.Func(u.Func)
}

// CFG returns the control-flow facts of fn, computed on first use.
func (a *Package) CFG(fn *ssa.Function) *symbolic.CFG {
	a.mu.Lock()
	defer a.mu.Unlock()
	g := a.cfgs[fn]
	if g == nil {
		g = symbolic.NewCFG(fn)
		a.cfgs[fn] = g
	}
	return g
}

// Memo returns the value cached under key, computing it with f on first
// use: how engines share explorations and other per-package results
// (the key is best a value of a type of the engine's own, so that keys
// of different engines never collide). f runs at most once per key; a
// concurrent caller waits for it.
func (a *Package) Memo(key any, f func() any) any {
	a.mu.Lock()
	e, ok := a.memoized[key].(*memo)
	if !ok {
		e = &memo{}
		a.memoized[key] = e
	}
	a.mu.Unlock()
	e.once.Do(func() { e.v = f() })
	return e.v
}

type memo struct {
	once sync.Once
	v    any
}

type coverageKey struct{}

type coverageResult struct {
	plan *coverage.Plan
	err  error
}

// UseCoverage makes plan, built already for this package, the one
// Coverage returns. It must be called before Coverage is.
func (a *Package) UseCoverage(plan *coverage.Plan) {
	a.Memo(coverageKey{}, func() any { return coverageResult{plan, nil} })
}

// Coverage returns the package's coverage plan (its statements, branch
// outcomes and def-use pairs, and the probes that record them), built on
// first use.
func (a *Package) Coverage() (*coverage.Plan, error) {
	r := a.Memo(coverageKey{}, func() any {
		p, err := coverage.Build(a.Load)
		return coverageResult{p, err}
	}).(coverageResult)
	return r.plan, r.err
}
