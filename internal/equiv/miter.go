package equiv

// This file implements the sufficiency check (seed 003 §4.2, "analyze
// the execution after the mutated statement"): the original function
// and the mutant, each explored to the end of every path (mode bounded),
// side by side in one SAT query that asks for an input on which their
// outcomes differ — results, or whether and how they panic. Unsat proves
// the mutant equivalent even when its infection is masked later; a model
// is an input that kills it.

import (
	"errors"
	"fmt"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// runsMiter reports whether the unit's original can be put in a miter:
// its bounded exploration is complete and models every outcome.
func (p *prover) runsMiter() bool {
	if p.bounded == nil {
		// Plain unrolling first; then with the callees' loops summarised
		// (summary.go); then, under the unit's preconditions (which may
		// bound its loops), each again: every miter is then one under the
		// assumptions.
		for _, try := range []struct{ assumed, summaries bool }{{false, false}, {false, true}, {true, false}, {true, true}} {
			if try.assumed && len(p.assume) == 0 {
				continue
			}
			var initial c.Clause
			if try.assumed {
				initial = p.assume
			}
			p.bounded = explore(p.fn, p.inputs, nil, bounded, p.cache, initial, try.summaries, false)
			p.boundedAssumed, p.boundedSummaries = try.assumed, try.summaries
			if p.bounded.Incomplete == "" {
				break
			}
		}
	}
	return p.bounded.Incomplete == "" && p.bounded.Opaque == ""
}

// mutantPaths explores the mutant's version of the unit (bounded), once.
func (p *prover) mutantPaths(m *mutate.Mutant) (*exploration, error) {
	if mb, ok := p.mutants[m.ID]; ok {
		return mb, p.mutantErr[m.ID]
	}
	mfn, err := mutantFunc(p, m)
	if err != nil {
		p.mutants[m.ID], p.mutantErr[m.ID] = nil, err
		return nil, err
	}
	var initial c.Clause
	if p.boundedAssumed {
		initial = p.assume
	}
	mb := explore(mfn, p.inputs, nil, bounded, p.cache, initial, p.boundedSummaries, false)
	switch {
	case mb.Incomplete != "":
		err = fmt.Errorf("the mutant's %s", mb.Incomplete)
	case mb.Opaque != "":
		err = fmt.Errorf("the mutant has an %s", mb.Opaque)
	}
	if err != nil {
		mb = nil
	}
	p.mutants[m.ID], p.mutantErr[m.ID] = mb, err
	return mb, err
}

// killedBySimulation evaluates the original's and the mutant's paths
// on small and boundary inputs: an input on which their outcomes differ
// makes the mutant killable, with no proof to attempt.
func (p *prover) killedBySimulation(v *Verdict, m *mutate.Mutant) bool {
	mb, err := p.mutantPaths(m)
	if err != nil {
		return false
	}
	oa, ma := outcomes(p.bounded), outcomes(mb)
	if model := p.simulate(oa, ma); model != nil {
		differs := &solve.Query{Done: p.cache.doneOf(), Checks: []func(c.Assignment) error{func(a c.Assignment) error {
			if d, err := outcomesDiffer(oa, ma, a); err != nil || !d {
				return errSame
			}
			return nil
		}}}
		v.Status, v.Input = mutate.Killable, p.modelInput(p.plainModel(differs, model))
		v.Reason = "an input makes the outputs differ (found by evaluating both versions' paths)"
		return true
	}
	return false
}

func (p *prover) bySufficiency(v *Verdict, m *mutate.Mutant) bool {
	if !p.runsMiter() {
		why := p.bounded.Incomplete
		if why == "" {
			why = p.bounded.Opaque
		}
		v.Reason = appendWhy(v.Reason, "no miter: "+why)
		return false
	}
	mb, err := p.mutantPaths(m)
	if err != nil {
		v.Reason = appendWhy(v.Reason, "no miter: "+err.Error())
		return false
	}
	ob := p.bounded
	oa, ma := outcomes(ob), outcomes(mb)
	for _, assumed := range []bool{false, true} {
		if assumed && len(p.assume) == 0 || !assumed && p.boundedAssumed {
			continue
		}
		var cl c.Clause
		if assumed {
			cl = append(cl, p.assume...)
		}
		diff, checks, err := miter(oa, ma, append(append([]apply(nil), ob.apps...), mb.apps...))
		if err != nil {
			v.Reason = appendWhy(v.Reason, fmt.Sprintf("miter undecided: %v", err))
			continue
		}
		q := &solve.Query{Clause: append(cl, diff...), Checks: checks, Done: p.cache.doneOf()}
		r := p.solvers.exact.Solve(q, solve.Budget{Props: p.cfg.Budget})
		model := r.Model
		switch r.Status {
		case solve.Unsat:
			v.Status, v.Method, v.Assumed, v.Input = mutate.Equivalent, Sufficiency, assumed, nil
			v.Reason = fmt.Sprintf("the outputs never differ: original (%d paths) and mutant (%d paths) side by side, unsatisfiable (SAT)", len(ob.Ends), len(mb.Ends))
			if assumed {
				v.Reason += ", under //gozilla:assume"
			}
			v.Proof = []string{v.Reason}
			return true
		case solve.Sat:
			if !assumed || v.Status != mutate.Killable {
				v.Status, v.Input = mutate.Killable, p.modelInput(p.plainModel(q, model))
				v.Reason = "an input makes the outputs differ (a model of the miter)"
			}
			if !assumed {
				continue // under the assumptions it may still be equivalent
			}
		default:
			v.Reason = appendWhy(v.Reason, "miter undecided: "+r.Why)
		}
	}
	return false
}

// simulate looks for an input on which the outcomes differ by
// evaluating both sides' paths on small and boundary values of the
// inputs (every combination of a few when there are few inputs), which
// settles most killable mutants without SAT. It returns nil when none
// differs or the unit has assumptions (an input must meet them).
func (p *prover) simulate(a, b []pathOutcome) c.Assignment {
	if len(p.assume) > 0 {
		return nil
	}
	var syms []*c.Sym
	for _, in := range p.inputs {
		syms = append(syms, in.Syms()...)
	}
	if len(syms) == 0 || len(syms) > 6 {
		return nil
	}
	cands := func(t c.Type) []c.Value {
		switch t.Kind {
		case c.KBool:
			return []c.Value{c.BoolValue(false), c.BoolValue(true)}
		case c.KInt:
			var vs []c.Value
			for k := uint64(0); k <= 5; k++ {
				vs = append(vs, c.Wrap(t, k))
			}
			if t.Signed {
				vs = append(vs, c.Wrap(t, ^uint64(0)), c.Wrap(t, uint64(t.Min())))
			}
			return append(vs, c.Wrap(t, t.Max()))
		}
		return nil
	}
	lists := make([][]c.Value, len(syms))
	total := 1
	for i, s := range syms {
		lists[i] = cands(s.Type)
		if lists[i] == nil {
			return nil
		}
		total *= len(lists[i])
		if total > 1<<12 {
			return nil
		}
	}
	asg := c.Assignment{}
	for n := 0; n < total; n++ {
		k := n
		for i, s := range syms {
			asg[s] = lists[i][k%len(lists[i])]
			k /= len(lists[i])
		}
		if d, err := outcomesDiffer(a, b, asg); err == nil && d {
			return asg
		}
	}
	return nil
}

// errSame is a check's answer for an input on which the outcomes agree.
var errSame = errors.New("the outcomes agree")

func appendWhy(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

func outcomes(ex *exploration) []pathOutcome {
	out := make([]pathOutcome, len(ex.Ends))
	for i, e := range ex.Ends {
		code := e.Code
		if code >= panicOpaque && code != hang {
			code = panicOpaque
		}
		out[i] = pathOutcome{cond: e.Cond, code: code, results: e.Results}
	}
	return out
}

// mutantFunc builds the SSA form of the mutant's version of the unit.
func mutantFunc(p *prover, m *mutate.Mutant) (*ssa.Function, error) {
	return symbolic.MutantFunc(p.pkg, p.u.Decl, m)
}
