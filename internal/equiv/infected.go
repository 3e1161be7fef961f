package equiv

// This file implements the miter restricted to the inputs that infect:
// when the whole unit cannot be put in a miter (a loop runs too long,
// too many paths), but the mutated code runs at most once per call and
// what infects it is a condition on the inputs alone, the original and
// the mutant are explored only from the inputs that meet that condition.
//
// Soundness. Let S be the mutated code and P the disjunction, over the
// recorded arrivals at S, of the arrival's path condition and the
// necessity conditions of its obligations (each a condition that holds
// whenever the mutated value differs there). The arrivals cover every
// execution that reaches S (the exploration is complete there), so on an
// input outside P the one evaluation of S, if any, gives the original's
// value, and the mutant's run is the original's step for step. Only the
// inputs of P can tell them apart, and the miter asks about those: unsat
// under P is equivalence; a model, an input that kills the mutant.
//
// The conditions that make this hold are checked, not assumed: S lies in
// the unit's own body, in blocks on no cycle of its control flow graph
// (one evaluation per call: a recursive call is a call the bounded
// exploration does not follow, so no miter); P mentions no symbol but
// the inputs' (a value the exploration made up — a call's result, a
// loop's widened state — would be a different unknown in the miter's
// explorations); and no obligation's values may panic (a difference
// that is a panic is not in their necessity condition), else its
// arrival counts by its path condition alone.

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/solve"
)

// infection returns P, the condition on the inputs under which m can
// change a value at s, or false when there is none to use.
func (p *prover) infection(s *siteInfo, arrs []arrival) (c.Expr, bool) {
	if len(arrs) == 0 || len(p.assume) > 0 {
		return nil, false
	}
	blocks := s.blocks(p.fn)
	if len(blocks) == 0 || onCycle(p.fn, blocks) {
		return nil, false
	}
	inputs := map[*c.Sym]bool{}
	for _, in := range p.inputs {
		for _, y := range in.Syms() {
			inputs[y] = true
		}
	}
	ok := func(e c.Expr) bool {
		for _, y := range c.Vars(e) {
			if !inputs[y] {
				return false
			}
		}
		return true
	}
	var P c.Expr
	for _, a := range arrs {
		conj := c.Expr(c.B(true))
		for _, e := range a.reach {
			if !ok(e) {
				return nil, false
			}
			conj = c.Bin(token.LAND, conj, e)
		}
		for _, o := range a.alts {
			var n c.Expr
			switch {
			case o.ok != nil:
				n = o.ok
			case o.orig != nil && !mayPanic(o.orig) && !mayPanic(o.mut):
				n = differ(o.orig, o.mut)
			default:
				continue
			}
			if ok(n) {
				conj = c.Bin(token.LAND, conj, n)
			}
		}
		if P == nil {
			P = conj
		} else {
			P = c.Bin(token.LOR, P, conj)
		}
	}
	return c.Fold(P), true
}

// maxInfectFails is how many of a unit's mutants may fail to get a
// miter under P (the explorations incomplete) before the unit's others
// stop trying: each try costs two bounded explorations.
const maxInfectFails = 32

// onCycle reports whether a block of blocks lies on a cycle of fn's
// control flow graph (it can run more than once in a call).
func onCycle(fn *ssa.Function, blocks []*ssa.BasicBlock) bool {
	for _, b := range blocks {
		seen := map[*ssa.BasicBlock]bool{}
		stack := append([]*ssa.BasicBlock(nil), b.Succs...)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if x == b {
				return true
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// byInfectedMiter is the miter under P (see the top of the file).
func (p *prover) byInfectedMiter(v *Verdict, m *mutate.Mutant, s *siteInfo, arrs []arrival) bool {
	if p.infectFails >= maxInfectFails {
		return false
	}
	P, ok := p.infection(s, arrs)
	if !ok {
		return false
	}
	if k, isConst := P.(*c.Const); isConst && k.T == c.Bool && k.V == 0 {
		return false // the rules would have proven it: nothing to add
	}
	mfn, err := mutantFunc(p, m)
	if err != nil {
		return false
	}
	initial := c.Clause{P}
	var ob, mb *exploration
	for _, summaries := range []bool{false, true} {
		ob = explore(p.fn, p.inputs, nil, bounded, p.cache, initial, summaries, true)
		if ob.Incomplete != "" || ob.Opaque != "" {
			continue
		}
		mb = explore(mfn, p.inputs, nil, bounded, p.cache, initial, summaries, true)
		if mb.Incomplete == "" && mb.Opaque == "" {
			break
		}
		mb = nil
	}
	if mb == nil {
		p.infectFails++
		return false
	}
	oa, ma := outcomes(ob), outcomes(mb)
	diff, checks, err := miter(oa, ma, append(append([]apply(nil), ob.apps...), mb.apps...))
	if err != nil {
		return false
	}
	q := &solve.Query{Clause: append(c.Clause{P}, diff...), Checks: checks, Done: p.cache.doneOf()}
	r := p.solvers.exact.Solve(q, solve.Budget{Props: p.cfg.Budget})
	switch r.Status {
	case solve.Unsat:
		v.Status, v.Method, v.Assumed, v.Input = mutate.Equivalent, Sufficiency, false, nil
		v.Reason = fmt.Sprintf("the outputs never differ: original (%d paths) and mutant (%d paths) side by side on the inputs that reach the change and make it alter a value, unsatisfiable (SAT); on the others the mutant runs as the original does", len(ob.Ends), len(mb.Ends))
		v.Proof = []string{v.Reason}
		return true
	case solve.Sat:
		v.Status, v.Input = mutate.Killable, p.modelInput(p.plainModel(q, r.Model))
		v.Reason = "an input makes the outputs differ (a model of the miter on the inputs that infect)"
		return true
	}
	return false
}
