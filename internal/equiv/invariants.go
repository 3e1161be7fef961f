package equiv

// This file finds loop invariants for the widened iteration, Houdini
// style: guess facts about the loop's integer φ-nodes (signs, order
// between them, their entry values, the bounds the loop's own conditions
// compare them with), drop those that do not hold on entry, then run the
// loop body once from a state that assumes the survivors and drop those
// some path back to the head does not preserve, until none is dropped.
// What is left holds at the head on every iteration: it holds on entry,
// and every iteration that starts with it ends with it. Each check is an
// unsatisfiability proof by SAT; a check that is not decided drops the
// candidate, so a guess can only be lost, never wrongly kept.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve"
)

// probe is the state of a run of a loop's body for invariants.
type probe struct {
	head   *ssa.BasicBlock
	body   map[*ssa.BasicBlock]bool
	back   []probeArrival // the paths that came back to the head
	guards []c.Expr       // the branch conditions met
}

type probeArrival struct {
	cond c.Clause
	next map[ssa.Value]binding
}

// maxRounds bounds the probes of one loop.
const maxRounds = 16

// invariants returns facts about h's φ-nodes, which f binds to fresh
// unknowns, that hold on every iteration; entry holds their values on
// entry (under f's path condition).
func (x *explorer) invariants(f *frame, h *ssa.BasicBlock, entry map[ssa.Value]binding) c.Clause {
	type phiSym struct {
		phi *ssa.Phi
		e   c.Expr
	}
	var phis []phiSym
	sub := map[*c.Sym]c.Expr{} // φ symbol → entry value
	for _, ins := range h.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		b, e0 := f.vals[phi], entry[phi]
		v, isVar := b.e.(*c.Var)
		if b.e == nil || !isVar || b.e.Type().Kind != c.KInt || e0.e == nil {
			continue
		}
		phis = append(phis, phiSym{phi, b.e})
		sub[v.Sym] = e0.e
	}
	if len(phis) == 0 || len(phis) > 8 {
		return nil
	}
	isPhi := func(s *c.Sym) bool { _, ok := sub[s]; return ok }
	var cands []c.Expr
	add := func(e c.Expr) { cands = append(cands, e) }
	for _, p := range phis {
		t := p.e.Type()
		zero := c.Zero(t)
		add(c.Bin(token.NEQ, p.e, zero))
		if t.Signed {
			add(c.Bin(token.GEQ, p.e, zero))
			add(c.Bin(token.GTR, p.e, zero))
			add(c.Bin(token.LEQ, p.e, zero))
		}
		add(c.Bin(token.GEQ, p.e, entry[p.phi].e))
		add(c.Bin(token.LEQ, p.e, entry[p.phi].e))
		for _, q := range phis {
			if q != p && q.e.Type() == t {
				add(c.Bin(token.LEQ, p.e, q.e))
				add(c.Bin(token.LSS, p.e, q.e))
				add(c.Bin(token.NEQ, p.e, q.e))
			}
		}
	}
	// The first probe also gathers the loop's conditions: a φ compared
	// with a value from outside the loop gives bounds to guess.
	arrivals, guards := x.probeLoop(f, h, nil)
	if arrivals == nil && guards == nil {
		return nil
	}
	outside := func(e c.Expr) bool {
		for _, s := range x.cache.shapes.Vars(e) {
			if isPhi(s) || s.Name != "" && s.Name[0] == '?' && !x.known(s, f) {
				return false
			}
		}
		return true
	}
	for _, g := range guards {
		bin, ok := g.(*c.Binary)
		if !ok || !c.IsComparison(bin.Op) || bin.X.Type().Kind != c.KInt {
			continue
		}
		for _, side := range [][2]c.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			v, ok := side[0].(*c.Var)
			if !ok || !isPhi(v.Sym) || !outside(side[1]) {
				continue
			}
			for _, op := range []token.Token{token.LEQ, token.LSS, token.GEQ, token.GTR} {
				add(c.Bin(op, side[0], side[1]))
			}
		}
	}
	// Initiation.
	var keep []c.Expr
	for _, cand := range cands {
		if x.implied(f.cond, c.Subst(cand, sub)) {
			keep = append(keep, cand)
		}
	}
	// Consecution.
	for round := 0; round < maxRounds && len(keep) > 0; round++ {
		if round > 0 || len(keep) != len(cands) {
			arrivals, _ = x.probeLoop(f, h, keep)
		}
		if arrivals == nil {
			return nil
		}
		var next []c.Expr
		for _, cand := range keep {
			holds := true
			for _, a := range arrivals {
				m := map[*c.Sym]c.Expr{}
				for _, p := range phis {
					v := a.next[p.phi]
					if v.e == nil || v.e.Type() != p.e.Type() {
						holds = false
						break
					}
					m[p.e.(*c.Var).Sym] = v.e
				}
				if !holds || !x.implied(a.cond, c.Subst(cand, m)) {
					holds = false
					break
				}
			}
			if holds {
				next = append(next, cand)
			}
		}
		if len(next) == len(keep) {
			return keep
		}
		keep = next
	}
	return nil
}

// known reports whether the unknown s was made before the loop (it is in
// the path condition that reaches it), so that a bound over it means the
// same on every iteration.
func (x *explorer) known(s *c.Sym, f *frame) bool {
	for _, e := range f.cond {
		for _, v := range x.cache.shapes.Vars(e) {
			if v == s {
				return true
			}
		}
	}
	return false
}

// probeLoop runs h's loop body once from f (whose φ-nodes are widened)
// assuming the facts assume, and returns how the paths that came back to
// h did, and the branch conditions met; nil when the probe could not
// finish (a limit).
func (x *explorer) probeLoop(f *frame, h *ssa.BasicBlock, assume c.Clause) ([]probeArrival, []c.Expr) {
	saved, stop, why := x.probe, x.stop, x.res.incomplete
	pr := &probe{head: h, body: x.loopsOf(h.Parent()).body[h]}
	x.probe = pr
	g := f.clone()
	g.cond = append(g.cond, assume...)
	g.seen = map[*siteInfo]bool{}
	x.run(g, h)
	failed := x.stop
	x.probe, x.stop, x.res.incomplete = saved, stop, why
	if failed {
		return nil, nil
	}
	if pr.back == nil {
		pr.back = []probeArrival{}
	}
	return pr.back, pr.guards
}

// implied reports whether cond implies goal, by SAT (unsat of cond ∧
// ¬goal: the unit's implication chain) within invariantSAT and what is
// left of the invariant budget.
func (x *explorer) implied(cond c.Clause, goal c.Expr) bool {
	if k, ok := c.Fold(goal).(*c.Const); ok {
		return k.V.Bool()
	}
	if x.invLeft <= 0 {
		return false
	}
	cl := append(append(make(c.Clause, 0, len(cond)+1), cond...), c.Not(goal))
	r := x.cache.implied.Solve(&solve.Query{Clause: cl}, solve.Budget{Props: x.invLeft})
	x.invLeft -= r.Spent.Props
	return r.Status == solve.Unsat
}
