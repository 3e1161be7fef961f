package dalg

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/goal"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Engine is the SW D-algorithm engine ("dalg", seed 001) for mutants:
// each unit's chain of regions is analysed once; a mutant's region is
// analysed again in the mutant, and the search (MEE, MEP, JUST with
// implication and backtracking) assembles a test from the regions'
// local solutions. Its tests are proposals like every engine's: the
// pipeline runs them.
type Engine struct {
	// Limit is the backtrack limit of a subtask (0: 4, the paper's 3 to
	// 5); MaxBacktracks bounds a search (0: 64).
	Limit, MaxBacktracks int
	// Stats are the engine's counts so far (the bench reads them).
	Stats Stats

	units               map[*ssa.Function]*unitState
	solver, fast, exact solve.Solver
}

// Stats count an engine's work.
type Stats struct {
	Units, Searches, Found int
	Analyses               int // regions' symbolic analyses, the mutants' included
	RegionBlocks           int // the blocks of the mutated regions, summed over the searches
	Queries, Backtracks    int
	ByKind                 [3]int         // queries per subtask kind: MEE, MEP, JUST
	Failures               map[string]int // by kind: no excitation, no propagation, justification conflict, unsupported
	Proofs                 int            // the no excitations proven (the mutant is equivalent)
}

type unitState struct {
	sw   *SW
	args []*core.Arg
	err  error
}

// New returns the engine.
func New() *Engine {
	return &Engine{units: map[*ssa.Function]*unitState{}, Stats: Stats{Failures: map[string]int{}},
		solver: solve.Chain(solve.Config{DomRed: true, Tries: 20, SAT: true, Props: satProps}),
		fast:   solve.Chain(solve.Config{DomRed: true, Tries: 20}),
		exact:  solve.Chain(solve.Config{SAT: true, Props: satProps})}
}

// satProps bounds a local query's SAT work, in propagations.
const satProps = 300_000

// Sound implements engine.Sound: dalg's only Infeasible answers are
// the proofs of no excitation (Search.prove).
func (*Engine) Sound() bool { return true }

// Name implements engine.Engine.
func (*Engine) Name() string { return "dalg" }

func (p *Engine) unit(u *unit.Unit, fn *ssa.Function) *unitState {
	if st, ok := p.units[fn]; ok {
		return st
	}
	st := &unitState{args: goal.Args(u, fn)}
	p.units[fn] = st
	st.sw, st.err = Build(fn, st.args)
	if st.sw != nil {
		p.Stats.Units++
		p.Stats.Analyses += st.sw.Analyses
	}
	return st
}

// Solve implements engine.Engine: a test for a live mutant, or why the
// search has none (no excitation, no propagation, a justification
// conflict after its backtracks, or a unit it does not support).
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Kind != engine.KillMutant {
		return engine.Answer{Reason: "dalg targets mutants"}, nil
	}
	fn, why := goal.Func(pb, r)
	if fn == nil {
		return engine.Answer{Reason: why}, nil
	}
	m := pb.Pkg.Mutant(r.ID)
	if m == nil {
		return engine.Answer{Reason: "no such mutant"}, nil
	}
	st := p.unit(r.Unit, fn)
	fail := func(kind, why string) (engine.Answer, error) {
		p.Stats.Failures[kind]++
		return engine.Answer{Reason: kind + ": " + why}, nil
	}
	if st.err != nil {
		return fail("unsupported", st.err.Error())
	}
	mut, err := symbolic.MutantFunc(pb.Pkg.Load, r.Unit.Decl, m)
	if err != nil {
		return fail("unsupported", "the mutant's SSA form: "+err.Error())
	}
	mp, ok := Correspond(fn, mut)
	if !ok {
		return fail("unsupported", "the mutation changes the control-flow graph's shape (no statement-to-statement φ)")
	}
	at, err := st.sw.Site(mp)
	if err != nil {
		if len(mp.Changed) == 0 && len(mp.Inserted) == 0 {
			return fail("no excitation", err.Error())
		}
		return fail("unsupported", err.Error())
	}
	mb, err := st.sw.Mutant(mp, at)
	if err != nil {
		return fail("unsupported", err.Error())
	}
	p.Stats.Analyses++
	s := &Search{SW: st.sw, At: at, Mut: mb, Mutated: MutatedBlocks(mp), Solver: p.solver, Fast: p.fast, Exact: p.exact, Limit: p.Limit, MaxBacktracks: p.MaxBacktracks}
	p.Stats.Searches++
	p.Stats.RegionBlocks += len(st.sw.Regions[at].Blocks)
	asg, err := s.Run()
	p.Stats.Queries += s.Queries
	p.Stats.Backtracks += s.Backtracks
	for k, n := range s.ByKind {
		p.Stats.ByKind[k] += n
	}
	if f, ok := err.(*Failure); ok && f.Proof {
		p.Stats.Failures[f.Kind]++
		p.Stats.Proofs++
		return engine.Answer{Verdict: engine.Infeasible, Reason: f.Kind + ", " + f.Why, Detail: func() string { return explain(st.sw, s) }}, nil
	}
	if err != nil {
		kind, why := "unsupported", err.Error()
		if f, ok := err.(*Failure); ok {
			kind, why = f.Kind, f.Why
		}
		a, _ := fail(kind, why)
		a.Detail = func() string { return explain(st.sw, s) }
		return a, nil
	}
	inputs := r.Unit.Inputs()
	in := make([]value.Value, len(st.args))
	for j, a := range st.args {
		v, err := a.Input(inputs[j], asg, maxLen)
		if err != nil {
			return fail("unsupported", "the values found are not an input: "+err.Error())
		}
		in[j] = v
	}
	p.Stats.Found++
	return engine.Answer{Verdict: engine.Found, Inputs: [][]value.Value{in}, Detail: func() string { return explain(st.sw, s) }}, nil
}

// maxExplained bounds the alternatives -explain lists.
const maxExplained = 24

// explain is -explain's text for a search: the unit's regions, the
// mutated one, and the alternatives the search tried, in order.
func explain(sw *SW, s *Search) string {
	var b strings.Builder
	fmt.Fprintf(&b, "D-algorithm: %d region(s), the mutation in region %d (%d block(s), %d path(s) in the original, %d in the mutant)\n",
		len(sw.Regions), s.At, len(sw.Regions[s.At].Blocks), len(sw.Beh[s.At].Paths), len(s.Mut.Paths))
	for i, r := range sw.Regions {
		fmt.Fprintf(&b, "  region %d: blocks %v, %d path(s), %d input(s), %d output(s)", i, r.Blocks, len(sw.Beh[i].Paths), len(r.RID), len(r.ROD))
		if sw.Beh[i].Incomplete != "" {
			fmt.Fprintf(&b, " (paths cut: %s)", sw.Beh[i].Incomplete)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "search: %d quer(ies), %d backtrack(s); alternatives tried (subtask, region, the original's path / the mutant's):\n", s.Queries, s.Backtracks)
	for i, t := range s.Trace {
		if i == maxExplained {
			fmt.Fprintf(&b, "  … and %d more\n", len(s.Trace)-i)
			break
		}
		fmt.Fprintf(&b, "  %s\n", t)
	}
	if len(s.Steps) > 0 {
		fmt.Fprintf(&b, "the test's subtasks: %s\n", strings.Join(s.Steps, " "))
	}
	return b.String()
}
