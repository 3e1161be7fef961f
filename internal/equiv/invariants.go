package equiv

// This file finds loop invariants for the widened iteration, Houdini
// style: guess facts about the loop's integer φ-nodes (signs, order
// between them, their entry values, the bounds the loop's own conditions
// compare them with), drop those that do not hold on entry, then run the
// loop body once (explore.Sound.ProbeLoop) from a state that assumes the
// survivors and drop those some path back to the head does not
// preserve, until none is dropped. What is left holds at the head on
// every iteration: it holds on entry, and every iteration that starts
// with it ends with it. Each check is an
// unsatisfiability proof by SAT; a check that is not decided drops the
// candidate, so a guess can only be lost, never wrongly kept.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
)

// maxRounds bounds the probes of one loop.
const maxRounds = 16

// invariants returns facts about h's φ-nodes, which f binds to fresh
// unknowns, that hold on every iteration; entry holds their values on
// entry (under f's path condition). It is the sound policy's
// Invariants hook (explore.Sound).
func (w *walk) invariants(x *core.Explorer, f *core.Frame, h *ssa.BasicBlock, entry map[ssa.Value]core.Value) c.Clause {
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
		b, e0 := f.Vals[phi], entry[phi]
		v, isVar := b.E.(*c.Var)
		if b.E == nil || !isVar || b.E.Type().Kind != c.KInt || e0.E == nil {
			continue
		}
		phis = append(phis, phiSym{phi, b.E})
		sub[v.Sym] = e0.E
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
		add(c.Bin(token.GEQ, p.e, entry[p.phi].E))
		add(c.Bin(token.LEQ, p.e, entry[p.phi].E))
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
	arrivals, guards := w.pol.ProbeLoop(x, f, h, nil)
	if arrivals == nil && guards == nil {
		return nil
	}
	outside := func(e c.Expr) bool {
		for _, s := range w.cache.shapes.Vars(e) {
			if isPhi(s) || s.Name != "" && s.Name[0] == '?' && !w.known(s, f) {
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
		if w.implied(f.Cond, c.Subst(cand, sub)) {
			keep = append(keep, cand)
		}
	}
	// Consecution.
	for round := 0; round < maxRounds && len(keep) > 0; round++ {
		if round > 0 || len(keep) != len(cands) {
			arrivals, _ = w.pol.ProbeLoop(x, f, h, keep)
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
					v := a.Next[p.phi]
					if v.E == nil || v.E.Type() != p.e.Type() {
						holds = false
						break
					}
					m[p.e.(*c.Var).Sym] = v.E
				}
				if !holds || !w.implied(a.Cond, c.Subst(cand, m)) {
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
func (w *walk) known(s *c.Sym, f *core.Frame) bool {
	for _, e := range f.Cond {
		for _, v := range w.cache.shapes.Vars(e) {
			if v == s {
				return true
			}
		}
	}
	return false
}

// implied reports whether cond implies goal, by SAT (unsat of cond ∧
// ¬goal: the unit's implication chain) within invariantSAT and what is
// left of the invariant budget.
func (w *walk) implied(cond c.Clause, goal c.Expr) bool {
	if k, ok := c.Fold(goal).(*c.Const); ok {
		return k.V.Bool()
	}
	if w.invLeft <= 0 {
		return false
	}
	cl := append(append(make(c.Clause, 0, len(cond)+1), cond...), c.Not(goal))
	r := w.cache.implied.Solve(&solve.Query{Clause: cl}, solve.Budget{Props: w.invLeft})
	w.invLeft -= r.Spent.Props
	return r.Status == solve.Unsat
}
