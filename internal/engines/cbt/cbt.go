// Package cbt is the constraint-based test generation engine ("cbt",
// and "sat" for its exact variant; Godzilla, seed 000): for a live mutant it builds the system
// reachability ∧ necessity (∧ predicate) from the symbolic evaluation of
// its unit (internal/symbolic), solves clauses of it by domain reduction
// (internal/solve: the chain's domain reduction, then SAT for the
// engine's exact variant), and hands the solutions to the pipeline as
// candidate inputs, which the driver runs: nothing here is trusted.
//
// For mutants it has no candidate for, it answers the reason
// (unsupported expression, detectably unsolvable, no solution after N
// tries), and the system it built, with what became of each clause, for
// -explain. It never answers Infeasible: its explorations narrow (bounded
// unrolling, index forks, length caps), so a false system proves nothing.
package cbt

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
	"go/ast"
)

// Engine is the CBT engine. Use one per package.
type Engine struct {
	Symbolic  symbolic.Config
	Tries     int // domain-reduction retries per clause; 0 = 20
	PerMutant int // most candidates per mutant; 0 = 6
	// SAT solves, by bit-blasting (internal/solve/sat), the clauses
	// domain reduction finds no solution for.
	SAT bool
	// Exact solves every clause by SAT alone (NewExact).
	Exact bool

	ready chan struct{} // closed when Prepare's exploration is done
}

type unitState struct {
	res   *symbolic.Result
	err   error
	nodes map[int]ast.Node
	conds map[int]ast.Expr
	errs  map[int]error
}

// New returns the engine with default settings.
func New() *Engine {
	return &Engine{Symbolic: symbolic.Config{Refute: solve.Chain(solve.Config{DomRed: true})}}
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
	satMutant      int64 = 1_500_000
	satExactMutant int64 = 5_000_000
	satClause      int64 = 1_000_000
)

// solver is the engine's configuration of the solver chain
// (internal/solve): domain reduction with the engine's tries per
// clause, then, with SAT set, SAT within satClause propagations a
// clause; SAT alone, within as much, for the exact variant.
func (p *Engine) solver() solve.Solver {
	tries := p.Tries
	if tries <= 0 {
		tries = 20
	}
	return solve.Chain(solve.Config{DomRed: !p.Exact, Tries: tries, SAT: p.SAT || p.Exact, Props: satClause})
}

// maxExplained bounds the clauses Explain prints.
const maxExplained = 24

// Prepare implements engine.Preparer: every supported unit with mutants
// is explored in the background, while the random pass keeps the harness
// workers busy. Exploration does not depend on which mutants are still
// alive, so the answers are the same as when it is done on demand.
func (p *Engine) Prepare(pb *engine.Problem) {
	p.ready = make(chan struct{})
	go func() {
		defer close(p.ready)
		for _, u := range pb.Pkg.Units {
			if u.Skip == "" && len(pb.Pkg.Mutants(u.Name)) > 0 {
				p.explore(pb, u)
			}
		}
	}()
}

// explain returns the text of -explain: the mutant's system, one clause
// (a path to the mutant ∧ necessity ∧ predicate) a line, each with what
// the satisfier made of it.
func explain(sys c.System, out []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "constraint system: %d clause(s), reachability ∧ necessity (∧ predicate) (∧ assumptions)\n", len(sys))
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

func unknown(why string) engine.Answer {
	return engine.Answer{Reason: why, Detail: func() string { return "no constraint system: " + why + "\n" }}
}

// NewExact returns the "sat" engine: the same systems, each clause decided
// by the exact procedure (bit-blasting and SAT) instead of domain
// reduction. It finds inputs domain reduction misses (non-linear,
// bit-level conditions) at a higher cost; gen runs it after cbt, on what
// cbt left alive.
func NewExact() *Engine {
	p := New()
	p.Exact = true
	return p
}

// Name implements engine.Engine.
func (p *Engine) Name() string {
	if p.Exact {
		return "sat"
	}
	return "cbt"
}

// Solve implements engine.Engine: for a mutant, reachability ∧
// necessity (∧ predicate); for a branch outcome or a def-use pair, the
// paths that take it (cover.go). Statement requirements are Unknown.
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	switch r.Kind {
	case engine.KillMutant:
		return p.solveMutant(pb, r)
	case engine.CoverBranch, engine.CoverPair:
		return p.solveGoal(pb, r)
	}
	return engine.Answer{Reason: r.Kind.String() + " requirements are not supported"}, nil
}

func (p *Engine) solveMutant(pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	u, m := r.Unit, pb.Pkg.Mutant(r.ID)
	if u == nil || m == nil {
		return engine.Answer{Reason: "not in a supported unit"}, nil
	}
	if p.ready != nil {
		select {
		case <-p.ready: // the background exploration of Prepare
		case <-pb.Done:
			// Stopped: the exploration sees it at its next block.
			return unknown("stopped before the exploration ended"), nil
		}
	}
	st := p.explore(pb, u)
	if st.err != nil {
		return unknown(st.err.Error()), nil
	}
	if err := st.errs[m.ID]; err != nil {
		return unknown(err.Error()), nil
	}
	events := st.res.Arrivals(st.nodes[m.ID], maxArrivals)
	if len(events) == 0 {
		return unknown("no explored path reaches it"), nil
	}
	sys, err := symbolic.Mutant(pb.Pkg.Load, m, st.nodes[m.ID], st.conds[m.ID], events)
	if err != nil {
		return unknown(err.Error()), nil
	}
	// A system with no clause: every clause folded to false while it
	// was built.
	return p.candidates(pb, u, st.res, sys, uint64(m.ID), "on every explored path to it, the mutated expression or condition equals the original"), nil
}

// candidates solves the clauses of sys (in u's exploration res, under
// u's //gozilla:assume directives) into at most PerMutant distinct
// inputs, within the engine's budgets; seed makes the domain-reduction
// choices reproducible. falseWhy says what a system with no clause
// means.
func (p *Engine) candidates(pb *engine.Problem, u *unit.Unit, res *symbolic.Result, sys c.System, seed uint64, falseWhy string) engine.Answer {
	// The unit's //gozilla:assume directives hold in every solution (the
	// harness rejects inputs that break them anyway).
	for _, a := range u.Assume {
		e, err := res.AtEntry(a.Expr, a.Info)
		if err != nil {
			return unknown(fmt.Sprintf("assumption %s: %v", a.Text, err))
		}
		as, _ := c.DNF(e)
		sys, _ = c.And(sys, as)
	}
	max := p.PerMutant
	if max <= 0 {
		max = 6
	}
	var out [][]value.Value
	seen := map[string]bool{}
	var lastErr error
	rnd := rand.New(rand.NewPCG(seed, 7))
	var outcome []string
	budget := maxTries
	satLeft := satMutant
	if p.Exact {
		satLeft = satExactMutant
	}
	detail := func() string { return explain(sys, outcome) }
	chain := p.solver()
	for _, clause := range sys {
		if len(out) >= max {
			outcome = append(outcome, "not tried (enough candidates)")
			continue
		}
		if budget <= 0 {
			outcome = append(outcome, fmt.Sprintf("not tried (%d tries spent on the requirement)", maxTries))
			continue
		}
		if p.Exact && satLeft <= 0 {
			outcome = append(outcome, "not tried")
			lastErr = errors.New("not tried")
			continue
		}
		// The chain (solver): domain reduction, then, with SAT set, SAT
		// within what is left of the requirement's SAT budget; SAT alone
		// for the exact variant.
		allow := solve.Budget{Props: satLeft, Tries: solve.Unlimited().Tries}
		if allow.Props < 0 {
			allow.Props = 0
		}
		r := chain.Solve(&solve.Query{Clause: clause, Rand: rnd, Done: pb.Done}, allow)
		satLeft -= r.Spent.Props
		switch {
		case p.Exact:
			budget--
		case r.Status != solve.Sat || r.By != solve.DomRedName:
			// Domain reduction failed: its tries, and one more.
			budget -= r.Spent.Tries + 1
		}
		asg := r.Model
		var err error
		switch {
		case r.Status == solve.Sat:
		case r.By == solve.SATName && r.Status == solve.Unknown:
			err = fmt.Errorf("SAT: %s", r.Why)
		default:
			err = errors.New(r.Why)
		}
		if err != nil {
			outcome = append(outcome, err.Error())
			lastErr = err
			continue
		}
		in := make([]value.Value, len(res.Args))
		for i, a := range res.Args {
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
		k := render(res.Args, in)
		if seen[k] {
			outcome = append(outcome, "solved: "+k+" (proposed already)")
			continue
		}
		seen[k] = true
		outcome = append(outcome, "solved: candidate "+k)
		out = append(out, in)
	}
	if len(out) == 0 {
		if lastErr == nil {
			// Every clause folded to false while it was built.
			why := "the system is false: " + falseWhy
			if res.Cut {
				why += " (exploration cut by the unrolling bound or the path limit)"
			}
			lastErr = errors.New(why)
		}
		return engine.Answer{Reason: lastErr.Error(), Detail: detail}
	}
	return engine.Answer{Verdict: engine.Found, Inputs: out, Detail: detail}
}

// exploration is the key of a unit's exploration in the package's
// analysis context: cbt and sat share it.
type exploration struct{ u *unit.Unit }

// explore runs the symbolic evaluation of u once per package, with the
// sites of all its mutants.
func (p *Engine) explore(pb *engine.Problem, u *unit.Unit) *unitState {
	return pb.Pkg.Memo(exploration{u}, func() any { return p.exploreUnit(pb, u) }).(*unitState)
}

func (p *Engine) exploreUnit(pb *engine.Problem, u *unit.Unit) *unitState {
	st := &unitState{nodes: map[int]ast.Node{}, conds: map[int]ast.Expr{}, errs: map[int]error{}}
	prog, err := pb.Pkg.SSA()
	if err != nil {
		st.err = err
		return st
	}
	var sites []ast.Node
	for _, m := range pb.Pkg.Mutants(u.Name) {
		node, cond, err := symbolic.Site(pb.Pkg.Load, m)
		if err != nil {
			st.errs[m.ID] = err
			continue
		}
		st.nodes[m.ID], st.conds[m.ID] = node, cond
		sites = append(sites, node)
	}
	st.res, st.err = p.exploreSites(pb, u, prog, sites)
	return st
}

// exploreSites runs the symbolic evaluation of u recording events at
// sites.
func (p *Engine) exploreSites(pb *engine.Problem, u *unit.Unit, prog *symbolic.Program, sites []ast.Node) (*symbolic.Result, error) {
	names := make([]string, 0, len(u.Inputs()))
	if u.Recv != nil {
		names = append(names, nameOr(u.Recv.Name, "recv"))
	}
	for i, prm := range u.Params {
		names = append(names, nameOr(prm.Name, fmt.Sprintf("arg%d", i+1)))
	}
	cfg := p.Symbolic
	if pb.Done != nil {
		cfg.Stop = pb.Stopped
	}
	return symbolic.Explore(prog.Func(u.Func), u.Inputs(), names, sites, cfg)
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
