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
	// Two families: the facts about each φ alone (tier 1: its sign,
	// its entry value, the bounds the loop's guards give it), and the
	// order between φs (tier 2). Each check is a SAT proof over 64-bit
	// arithmetic, and the pairs are most of the guesses: Houdini runs
	// on tier 1 first, so that its invariants (those that the loop's
	// counters rest on) are kept when the budget does not stretch to
	// both.
	var tier1, tier2 []c.Expr
	for _, p := range phis {
		t := p.e.Type()
		zero := c.Zero(t)
		tier1 = append(tier1, c.Bin(token.NEQ, p.e, zero))
		if t.Signed {
			tier1 = append(tier1, c.Bin(token.GEQ, p.e, zero), c.Bin(token.GTR, p.e, zero), c.Bin(token.LEQ, p.e, zero))
		}
		tier1 = append(tier1, c.Bin(token.GEQ, p.e, entry[p.phi].E), c.Bin(token.LEQ, p.e, entry[p.phi].E))
		for _, q := range phis {
			if q != p && q.e.Type() == t {
				tier2 = append(tier2, c.Bin(token.LEQ, p.e, q.e), c.Bin(token.LSS, p.e, q.e), c.Bin(token.NEQ, p.e, q.e))
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
				tier1 = append(tier1, c.Bin(op, side[0], side[1]))
			}
		}
	}
	h1 := &houdini{w: w, x: x, f: f, h: h, phis: make([]*ssa.Phi, len(phis)), sub: sub}
	for i, p := range phis {
		h1.phis[i] = p.phi
	}
	keep, ok := h1.run(h1.initiated(tier1))
	if !ok {
		return nil
	}
	if len(tier2) == 0 || w.invLeft <= 0 {
		return keep
	}
	all, ok := h1.run(append(append([]c.Expr(nil), keep...), h1.initiated(tier2)...))
	if !ok || len(all) < len(keep) {
		return keep
	}
	return all
}

// houdini is one loop's search for invariants among guesses.
type houdini struct {
	w    *walk
	x    *core.Explorer
	f    *core.Frame
	h    *ssa.BasicBlock
	phis []*ssa.Phi
	sub  map[*c.Sym]c.Expr // φ symbol → entry value
}

// initiated returns the candidates that hold on entry.
func (u *houdini) initiated(cands []c.Expr) []c.Expr {
	goals := make([]c.Expr, len(cands))
	for i, cand := range cands {
		goals[i] = c.Subst(cand, u.sub)
	}
	var keep []c.Expr
	for i, ok := range u.w.impliedAll(u.f.Cond, goals) {
		if ok {
			keep = append(keep, cands[i])
		}
	}
	return keep
}

// run drops from keep, which hold on entry, those some path of the
// body does not preserve, until every one left is preserved by all
// (ok), within maxRounds probes. A fixpoint not reached is
// not ok: what is left is not known to be inductive.
func (u *houdini) run(keep []c.Expr) ([]c.Expr, bool) {
	for round := 0; round < maxRounds; round++ {
		if len(keep) == 0 {
			return nil, true
		}
		arrivals, _ := u.w.pol.ProbeLoop(u.x, u.f, u.h, keep)
		if arrivals == nil {
			return nil, false
		}
		holds := make([]bool, len(keep))
		for i := range holds {
			holds[i] = true
		}
		for _, a := range arrivals {
			m := map[*c.Sym]c.Expr{}
			for _, phi := range u.phis {
				v := a.Next[phi]
				e := u.f.Vals[phi].E
				if v.E == nil || v.E.Type() != e.Type() {
					m = nil
					break
				}
				m[e.(*c.Var).Sym] = v.E
			}
			var idx []int
			var goals []c.Expr
			for i, cand := range keep {
				if holds[i] {
					if m == nil {
						holds[i] = false
						continue
					}
					idx = append(idx, i)
					goals = append(goals, c.Subst(cand, m))
				}
			}
			for j, ok := range u.w.impliedAll(a.Cond, goals) {
				holds[idx[j]] = ok
			}
		}
		var next []c.Expr
		for i, cand := range keep {
			if holds[i] {
				next = append(next, cand)
			}
		}
		if len(next) == len(keep) {
			return keep, true
		}
		keep = next
	}
	return nil, false
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

// impliedAll reports, for each goal, whether cond implies it, as
// implied would, but asks SAT about all the goals not yet settled at
// once (Houdini's batch): cond ∧ (¬g1 ∨ ¬g2 ∨ …) unsatisfiable means
// each is implied; a model drops every goal it falsifies, and the rest
// are asked again. A goal that panics counts as not holding, as in a
// clause, so the disjuncts are Holds(¬g). When a query is not decided,
// or its model settles no goal, the goals left are asked one by one.
func (w *walk) impliedAll(cond c.Clause, goals []c.Expr) []bool {
	res := make([]bool, len(goals))
	var open []int
	for i, g := range goals {
		if k, ok := c.Fold(g).(*c.Const); ok {
			res[i] = k.V.Bool()
			continue
		}
		open = append(open, i)
	}
	negs := make([]c.Expr, len(goals)) // Holds(¬g), built once
	for _, i := range open {
		negs[i] = c.Holds(c.Not(goals[i]))
	}
	for len(open) > 1 && w.invLeft > 0 {
		var any c.Expr
		for _, i := range open {
			d := negs[i]
			if any == nil {
				any = d
			} else {
				any = c.Bin(token.LOR, any, d)
			}
		}
		cl := append(append(make(c.Clause, 0, len(cond)+1), cond...), any)
		props := min(w.invLeft, invariantSAT*int64(len(open)))
		r := w.cache.impliedAll.Solve(&solve.Query{Clause: cl}, solve.Budget{Props: props})
		w.invLeft -= r.Spent.Props
		if r.Status == solve.Unsat {
			for _, i := range open {
				res[i] = true
			}
			return res
		}
		if r.Status != solve.Sat {
			break
		}
		var left []int
		for _, i := range open {
			v, err := c.Eval(negs[i], r.Model)
			if err == nil && v.Bool() {
				continue // falsified: not implied
			}
			left = append(left, i)
		}
		if len(left) == len(open) {
			break
		}
		open = left
	}
	for _, i := range open {
		res[i] = w.implied(cond, goals[i])
	}
	return res
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
	// The constraints that mention a symbol of the goal first: a
	// subset of cond, so that its refutation is one of cond's, and
	// most invariants rest on the loop's own guards alone.
	if near := w.near(cond, goal); len(near) < len(cond) {
		cl := append(near, c.Not(goal))
		r := w.cache.implied.Solve(&solve.Query{Clause: cl}, solve.Budget{Props: w.invLeft})
		w.invLeft -= r.Spent.Props
		if r.Status == solve.Unsat {
			return true
		}
		if w.invLeft <= 0 {
			return false
		}
	}
	cl := append(append(make(c.Clause, 0, len(cond)+1), cond...), c.Not(goal))
	r := w.cache.implied.Solve(&solve.Query{Clause: cl}, solve.Budget{Props: w.invLeft})
	w.invLeft -= r.Spent.Props
	return r.Status == solve.Unsat
}

// near returns the constraints of cond that mention a symbol goal
// mentions.
func (w *walk) near(cond c.Clause, goal c.Expr) c.Clause {
	syms := map[*c.Sym]bool{}
	for _, v := range w.cache.shapes.Vars(goal) {
		syms[v] = true
	}
	var out c.Clause
	for _, e := range cond {
		for _, v := range w.cache.shapes.Vars(e) {
			if syms[v] {
				out = append(out, e)
				break
			}
		}
	}
	return out
}
