// Package cbt is the constraint-based test generation pass of `gozilla
// gen` (Godzilla, seed 000): for a live mutant it builds the system
// reachability ∧ necessity (∧ predicate) from the symbolic evaluation of
// its unit (internal/symbolic), solves clauses of it by domain reduction
// (internal/solve/domred), and hands the solutions to the pipeline as
// candidate inputs, which the pipeline runs: nothing here is trusted.
//
// For mutants it has no candidate for, it keeps the reason (unsupported
// expression, detectably unsolvable, no solution after N tries) for the
// report and -explain.
package cbt

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/solve/domred"
	"github.com/gozilla/gozilla/internal/solve/sat"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
	"go/ast"
)

// Pass is the CBT pass. Use one Pass per package.
type Pass struct {
	Symbolic  symbolic.Config
	Tries     int // domain-reduction retries per clause; 0 = 20
	PerMutant int // most candidates per mutant; 0 = 6
	// SAT solves, by bit-blasting (internal/solve/sat), the clauses
	// domain reduction finds no solution for.
	SAT bool
	// Exact solves every clause by SAT alone (NewExact).
	Exact bool

	prog    *symbolic.Program
	progErr error
	ready   chan struct{} // closed when Prepare's exploration is done
	units   map[*unit.Unit]*unitState

	// why holds, for each mutant the pass had no candidate for, the
	// reason; system the system it built and outcome what became of
	// each clause (for -explain).
	why     map[int]string
	system  map[int]c.System
	outcome map[int][]string
}

type unitState struct {
	res   *symbolic.Result
	err   error
	nodes map[int]ast.Node
	conds map[int]ast.Expr
	errs  map[int]error
}

// New returns a pass with default settings.
func New() *Pass {
	return &Pass{units: map[*unit.Unit]*unitState{}, why: map[int]string{}, system: map[int]c.System{}, outcome: map[int][]string{},
		Symbolic: symbolic.Config{Refute: domred.Refute}}
}

// maxArrivals bounds the paths through a mutant a system is built from:
// the most diverse come first (symbolic.Result.Arrivals).
const maxArrivals = 64

// maxTries bounds the domain-reduction attempts spent on one mutant
// over all its clauses.
const maxTries = 200

// SAT budgets, in propagations (a count, not the clock, so that the
// candidates do not depend on the machine's load): per mutant over all
// its clauses, and per clause.
const (
	satMutant      sat.Budget = 1_500_000
	satExactMutant sat.Budget = 5_000_000
	satClause      sat.Budget = 1_000_000
)

// maxExplained bounds the clauses Explain prints.
const maxExplained = 24

// Prepare implements gen.Preparer: the package's SSA form is built and
// every supported unit with mutants explored in the background, while
// the random pass keeps the harness workers busy. Exploration does not
// depend on which mutants are still alive, so the answers are the same
// as when it is done on demand.
func (p *Pass) Prepare(t *gen.Target) {
	p.ready = make(chan struct{})
	go func() {
		defer close(p.ready)
		p.prog, p.progErr = symbolic.Build(t.Pkg)
		if p.progErr != nil {
			return
		}
		for _, u := range t.Units {
			if u.Skip == "" {
				p.explore(t, u)
			}
		}
	}()
}

// Why implements gen.Explainer.
func (p *Pass) Why(id int) string { return p.why[id] }

// Explain implements gen.Explainer: the mutant's system, one clause (a
// path to the mutant ∧ necessity ∧ predicate) a line, each with what the
// satisfier made of it.
func (p *Pass) Explain(id int) string {
	sys, ok := p.system[id]
	if !ok {
		if w := p.why[id]; w != "" {
			return "no constraint system: " + w + "\n"
		}
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "constraint system: %d clause(s), reachability ∧ necessity (∧ predicate) (∧ assumptions)\n", len(sys))
	out := p.outcome[id]
	for i, cl := range sys {
		if i == maxExplained {
			fmt.Fprintf(&b, "  … and %d more clause(s)\n", len(sys)-i)
			break
		}
		fmt.Fprintf(&b, "  %d. %s\n", i+1, cl)
		if i < len(out) {
			fmt.Fprintf(&b, "     → %s\n", out[i])
		}
	}
	return b.String()
}

// NewExact returns the "sat" pass: the same systems, each clause decided
// by the exact procedure (bit-blasting and SAT) instead of domain
// reduction. It finds inputs domain reduction misses (non-linear,
// bit-level conditions) at a higher cost; gen runs it after cbt, on what
// cbt left alive.
func NewExact() *Pass {
	p := New()
	p.Exact = true
	return p
}

func (p *Pass) Name() string {
	if p.Exact {
		return "sat"
	}
	return "cbt"
}

// Candidates implements gen.Pass.
func (p *Pass) Candidates(ctx context.Context, t *gen.Target, m *mutate.Mutant) ([]gen.Candidate, error) {
	u := unitOf(t, m)
	if u == nil {
		return nil, gen.ErrCannot
	}
	if p.ready != nil {
		<-p.ready // the background exploration of Prepare
	}
	if p.prog == nil && p.progErr == nil {
		p.prog, p.progErr = symbolic.Build(t.Pkg)
	}
	if p.progErr != nil {
		p.why[m.ID] = p.progErr.Error()
		return nil, gen.ErrCannot
	}
	st := p.explore(t, u)
	if st.err != nil {
		p.why[m.ID] = st.err.Error()
		return nil, gen.ErrCannot
	}
	if err := st.errs[m.ID]; err != nil {
		p.why[m.ID] = err.Error()
		return nil, gen.ErrCannot
	}
	events := st.res.Arrivals(st.nodes[m.ID], maxArrivals)
	if len(events) == 0 {
		p.why[m.ID] = "no explored path reaches it"
		return nil, gen.ErrCannot
	}
	sys, err := symbolic.Mutant(t.Pkg, m, st.nodes[m.ID], st.conds[m.ID], events)
	if err != nil {
		p.why[m.ID] = err.Error()
		return nil, gen.ErrCannot
	}
	// The unit's //gozilla:assume directives hold in every solution (the
	// harness rejects inputs that break them anyway).
	for _, a := range u.Assume {
		e, err := st.res.AtEntry(a.Expr, a.Info)
		if err != nil {
			p.why[m.ID] = fmt.Sprintf("assumption %s: %v", a.Text, err)
			return nil, gen.ErrCannot
		}
		as, _ := c.DNF(e)
		sys, _ = c.And(sys, as)
	}
	p.system[m.ID] = sys
	max := p.PerMutant
	if max <= 0 {
		max = 6
	}
	var out []gen.Candidate
	seen := map[string]bool{}
	var lastErr error
	r := rand.New(rand.NewPCG(uint64(m.ID), 7))
	var outcome []string
	defer func() { p.outcome[m.ID] = outcome }()
	budget := maxTries
	satLeft := satMutant
	if p.Exact {
		satLeft = satExactMutant
	}
	for _, clause := range sys {
		if len(out) >= max {
			outcome = append(outcome, "not tried (enough candidates)")
			continue
		}
		if budget <= 0 {
			outcome = append(outcome, fmt.Sprintf("not tried (%d tries spent on the mutant)", maxTries))
			continue
		}
		var asg c.Assignment
		var err error
		var f *domred.Failure
		if p.Exact {
			err = errors.New("not tried")
		} else {
			asg, err = domred.Solve(c.System{clause}, domred.Config{Tries: p.Tries, Rand: r})
			if errors.As(err, &f) {
				budget -= f.Tries + 1
			}
		}
		if err != nil && (p.SAT || p.Exact) && satLeft > 0 {
			// Domain reduction found nothing: the exact procedure decides
			// the clause, within what is left of the mutant's SAT budget.
			q := sat.NewQuery()
			for _, e := range clause {
				q.Assert(e)
			}
			status, model, serr := q.Solve(min(satLeft, satClause))
			satLeft -= q.Spent()
			switch status {
			case sat.Sat:
				asg, err = model, nil
			case sat.Unsat:
				err = errors.New("unsatisfiable (SAT)")
			default:
				err = fmt.Errorf("SAT: %v", serr)
			}
			if p.Exact {
				budget--
			}
		}
		if err != nil {
			outcome = append(outcome, err.Error())
			lastErr = err
			continue
		}
		in := make([]value.Value, len(st.res.Args))
		for i, a := range st.res.Args {
			v, err := a.Value(asg)
			if err != nil {
				lastErr = err
				in = nil
				break
			}
			in[i] = v
		}
		if in == nil {
			outcome = append(outcome, "solution not an input: "+lastErr.Error())
			continue
		}
		k := render(st.res.Args, in)
		if seen[k] {
			outcome = append(outcome, "solved: "+k+" (proposed already)")
			continue
		}
		seen[k] = true
		outcome = append(outcome, "solved: candidate "+k)
		out = append(out, gen.Candidate{Unit: u, In: in})
	}
	if len(out) == 0 {
		if lastErr == nil {
			// Every clause folded to false while it was built: on each
			// path explored, the mutant's expression (or condition)
			// equals the original's.
			why := "the system is false: on every explored path to it, the mutated expression or condition equals the original"
			if st.res.Cut {
				why += " (exploration cut by the unrolling bound or the path limit)"
			}
			lastErr = errors.New(why)
		}
		p.why[m.ID] = lastErr.Error()
		return nil, gen.ErrCannot
	}
	return out, nil
}

func unitOf(t *gen.Target, m *mutate.Mutant) *unit.Unit {
	for _, u := range t.Units {
		if u.Name == m.Func && u.Skip == "" {
			return u
		}
	}
	return nil
}

// explore runs the symbolic evaluation of u once, with the sites of all
// its mutants.
func (p *Pass) explore(t *gen.Target, u *unit.Unit) *unitState {
	if st := p.units[u]; st != nil {
		return st
	}
	st := &unitState{nodes: map[int]ast.Node{}, conds: map[int]ast.Expr{}, errs: map[int]error{}}
	p.units[u] = st
	var sites []ast.Node
	for _, m := range t.Set.Mutants {
		if m.Func != u.Name {
			continue
		}
		node, cond, err := symbolic.Site(t.Pkg, m)
		if err != nil {
			st.errs[m.ID] = err
			continue
		}
		st.nodes[m.ID], st.conds[m.ID] = node, cond
		sites = append(sites, node)
	}
	names := make([]string, 0, len(u.Inputs()))
	if u.Recv != nil {
		names = append(names, nameOr(u.Recv.Name, "recv"))
	}
	for i, prm := range u.Params {
		names = append(names, nameOr(prm.Name, fmt.Sprintf("arg%d", i+1)))
	}
	cfg := p.Symbolic
	if t.Done != nil {
		cfg.Stop = func() bool {
			select {
			case <-t.Done:
				return true
			default:
				return false
			}
		}
	}
	st.res, st.err = symbolic.Explore(p.prog.Func(u.Func), u.Inputs(), names, sites, cfg)
	return st
}

func nameOr(n, def string) string {
	if n == "" {
		return def
	}
	return n
}

// render writes an input as the arguments' names with Go literals.
func render(args []*symbolic.Arg, in []value.Value) string {
	p := &value.Printer{NewExpr: true}
	parts := make([]string, len(in))
	for i, v := range in {
		parts[i] = args[i].Name + "=" + p.Literal(args[i].Type, v)
	}
	return strings.Join(parts, ", ")
}
