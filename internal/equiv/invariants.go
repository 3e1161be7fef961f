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
	"go/types"

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
	// The sketch of the body (its back edges' values and the guards
	// every path to them passes) proves the counters' facts without
	// walking the body's paths; the probes prove more, where the body
	// is small enough to walk (and never within another loop's probe).
	sketch, sguards := w.sketch(x, f, h)
	h1 := &houdini{w: w, x: x, f: f, h: h, phis: make([]*ssa.Phi, len(phis)), sub: sub}
	for i, p := range phis {
		h1.phis[i] = p.phi
	}
	var cheap []c.Expr
	if sketch != nil {
		cands := append(append([]c.Expr(nil), tier1...), boundCands(sguards, isPhi, outside(w, f, isPhi))...)
		cheap, _ = h1.fix(h1.initiated(dedup(cands)), func(keep []c.Expr) []core.ProbeArrival {
			out := make([]core.ProbeArrival, len(sketch))
			for i, a := range sketch {
				out[i] = core.ProbeArrival{Cond: append(append(c.Clause(nil), a.Cond...), keep...), Next: a.Next}
			}
			return out
		})
		h1.known = cheap
	}
	if w.pol.Probing() {
		return cheap
	}
	// The first probe also gathers the loop's conditions: a φ compared
	// with a value from outside the loop gives bounds to guess.
	arrivals, guards := w.pol.ProbeLoop(x, f, h, cheap)
	if arrivals == nil && guards == nil {
		return cheap
	}
	tier1 = dedup(append(tier1, boundCands(guards, isPhi, outside(w, f, isPhi))...))
	keep, ok := h1.run(h1.initiated(tier1))
	if !ok {
		return cheap
	}
	keep = union(keep, cheap)
	if len(tier2) == 0 || w.invLeft <= 0 {
		return keep
	}
	all, ok := h1.run(append(append([]c.Expr(nil), keep...), h1.initiated(tier2)...))
	if !ok || len(all) < len(keep) {
		return keep
	}
	return all
}

// outside returns whether an expression is made of values from outside
// the loop: no φ of its header, no unknown made after the loop's entry.
func outside(w *walk, f *core.Frame, isPhi func(*c.Sym) bool) func(c.Expr) bool {
	return func(e c.Expr) bool {
		for _, s := range w.cache.shapes.Vars(e) {
			if isPhi(s) || s.Name != "" && s.Name[0] == '?' && !w.known(s, f) {
				return false
			}
		}
		return true
	}
}

// boundCands are the bounds the loop's guards give its φs to guess: a
// φ (or φ plus a constant) compared with a value from outside the loop.
func boundCands(guards []c.Expr, isPhi func(*c.Sym) bool, outside func(c.Expr) bool) []c.Expr {
	var out []c.Expr
	for _, g := range guards {
		bin, ok := g.(*c.Binary)
		if !ok || !c.IsComparison(bin.Op) || bin.X.Type().Kind != c.KInt {
			continue
		}
		for _, side := range [][2]c.Expr{{bin.X, bin.Y}, {bin.Y, bin.X}} {
			v, ok := stepped(side[0])
			if !ok || !isPhi(v.Sym) || !outside(side[1]) {
				continue
			}
			for _, op := range []token.Token{token.LEQ, token.LSS, token.GEQ, token.GTR} {
				out = append(out, c.Bin(op, v, side[1]))
			}
		}
	}
	return out
}

// dedup drops repeated candidates (by their text), keeping the order.
func dedup(cands []c.Expr) []c.Expr {
	seen := map[string]bool{}
	var out []c.Expr
	for _, e := range cands {
		if k := c.String(e); !seen[k] {
			seen[k] = true
			out = append(out, e)
		}
	}
	return out
}

// union is a's facts and those of b not in a.
func union(a, b []c.Expr) []c.Expr { return dedup(append(append([]c.Expr(nil), a...), b...)) }

// houdini is one loop's search for invariants among guesses.
type houdini struct {
	w    *walk
	x    *core.Explorer
	f    *core.Frame
	h    *ssa.BasicBlock
	phis []*ssa.Phi
	sub  map[*c.Sym]c.Expr // φ symbol → entry value
	// known are invariants proven already (the sketch's), assumed at
	// the head besides the candidates.
	known []c.Expr
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
	return u.fix(keep, func(keep []c.Expr) []core.ProbeArrival {
		arrivals, _ := u.w.pol.ProbeLoop(u.x, u.f, u.h, append(append([]c.Expr(nil), u.known...), keep...))
		return arrivals
	})
}

// fix is run over the paths back to the head that paths returns, given
// the facts assumed at the head (nil: the paths are not known).
func (u *houdini) fix(keep []c.Expr, paths func(keep []c.Expr) []core.ProbeArrival) ([]c.Expr, bool) {
	for round := 0; round < maxRounds; round++ {
		if len(keep) == 0 {
			return nil, true
		}
		arrivals := paths(keep)
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
		r := w.cache.impliedAll.Solve(&solve.Query{Clause: cl, Done: w.cache.doneOf()}, solve.Budget{Props: props})
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
		r := w.cache.implied.Solve(&solve.Query{Clause: cl, Done: w.cache.doneOf()}, solve.Budget{Props: w.invLeft})
		w.invLeft -= r.Spent.Props
		if r.Status == solve.Unsat {
			return true
		}
		if w.invLeft <= 0 {
			return false
		}
	}
	cl := append(append(make(c.Clause, 0, len(cond)+1), cond...), c.Not(goal))
	r := w.cache.implied.Solve(&solve.Query{Clause: cl, Done: w.cache.doneOf()}, solve.Budget{Props: w.invLeft})
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

// stepped returns the variable of v, v + k or v - k (k a constant): a
// guard on a counter's next elements (src[i+4] in range) bounds the
// counter itself.
func stepped(e c.Expr) (*c.Var, bool) {
	if b, ok := e.(*c.Binary); ok && (b.Op == token.ADD || b.Op == token.SUB) {
		if _, isK := b.Y.(*c.Const); isK {
			e = b.X
		}
	}
	v, ok := e.(*c.Var)
	return v, ok
}

// sketch returns one arrival per back edge of h's loop that covers every
// path of the body along it, without walking them: the values the
// edge gives h's φs, computed from the φs' unknowns (f binds them) and
// the values from before the loop, and the facts every such path
// passes — the conditions of the branches whose edges dominate the
// edge's source, the bounds of the accesses in the blocks that dominate
// it. What it does not model is a fresh unknown. Also the facts, as
// guards (boundCands). Nil when the loop has no back edge in sight.
func (w *walk) sketch(x *core.Explorer, f *core.Frame, h *ssa.BasicBlock) ([]core.ProbeArrival, []c.Expr) {
	li := x.Loops(h.Parent())
	body := li.Body[h]
	if body == nil {
		return nil, nil
	}
	sk := &sketcher{x: x, f: f, h: h, body: body, memo: map[ssa.Value]c.Expr{}}
	var out []core.ProbeArrival
	var guards []c.Expr
	for k, l := range h.Preds {
		if !li.Back[core.Edge{From: l, To: h}] {
			continue
		}
		var facts []c.Expr
		// The latch's own branch, when the back edge is one side of it.
		if iff, ok := l.Instrs[len(l.Instrs)-1].(*ssa.If); ok && l.Succs[0] != l.Succs[1] {
			if cond := sk.eval(iff.Cond); cond != nil {
				if l.Succs[1] == h {
					cond = c.Not(cond)
				}
				facts = append(facts, cond)
			}
		}
		for d := l; d != nil && body[d]; d = d.Idom() {
			for _, ins := range d.Instrs {
				facts = append(facts, sk.bounds(ins)...)
			}
			if d == h {
				break
			}
			if len(d.Preds) != 1 {
				continue
			}
			p := d.Preds[0]
			iff, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
			if !ok || !body[p] || p.Succs[0] == p.Succs[1] {
				continue
			}
			cond := sk.eval(iff.Cond)
			if cond == nil {
				continue
			}
			if p.Succs[1] == d {
				cond = c.Not(cond)
			}
			facts = append(facts, cond)
		}
		next := map[ssa.Value]core.Value{}
		for _, ins := range h.Instrs {
			phi, ok := ins.(*ssa.Phi)
			if !ok {
				break
			}
			if e := sk.eval(phi.Edges[k]); e != nil {
				next[phi] = core.Value{E: e}
			}
		}
		var cond c.Clause
		cond = append(cond, f.Cond...)
		for _, e := range facts {
			e = core.Fold(e)
			if k, ok := e.(*c.Const); ok && k.V.Bool() {
				continue
			}
			cond = append(cond, e)
			guards = append(guards, e)
		}
		out = append(out, core.ProbeArrival{Cond: cond, Next: next})
	}
	return out, guards
}

// sketcher computes the values of a loop's body as expressions over its
// head's φs and the values from before the loop (sketch).
type sketcher struct {
	x    *core.Explorer
	f    *core.Frame
	h    *ssa.BasicBlock
	body map[*ssa.BasicBlock]bool
	memo map[ssa.Value]c.Expr
}

// eval is v's value on any path of the body that computes it: nil for
// what is not a scalar, a fresh unknown for what it does not model.
func (s *sketcher) eval(v ssa.Value) c.Expr {
	if e, ok := s.memo[v]; ok {
		return e
	}
	t, scalar := core.IRType(v.Type())
	if !scalar {
		return nil
	}
	s.memo[v] = nil // a cycle (a φ of an inner loop) is not modelled
	var e c.Expr
	ins, isIns := v.(ssa.Instruction)
	switch {
	case !isIns || ins.Block() == nil || !s.body[ins.Block()]:
		e = s.x.Value(s.f, v).E // from before the loop (a constant, a parameter, …)
	case ins.Block() == s.h && isPhiValue(v):
		e = s.x.Value(s.f, v).E // the widened φ
	default:
		e = s.op(v)
	}
	if e == nil || e.Type() != t {
		e = s.x.Fresh(t, "sketch")
	}
	s.memo[v] = e
	return e
}

func isPhiValue(v ssa.Value) bool { _, ok := v.(*ssa.Phi); return ok }

// op computes an instruction of the body: arithmetic that cannot panic,
// comparisons, conversions, len of a value from before the loop.
func (s *sketcher) op(v ssa.Value) c.Expr {
	switch v := v.(type) {
	case *ssa.BinOp:
		switch v.Op {
		case token.QUO, token.REM, token.SHL, token.SHR:
			return nil // may panic: the path ends there, or not
		}
		a, b := s.eval(v.X), s.eval(v.Y)
		if a == nil || b == nil || !c.Valid(v.Op, a, b) {
			return nil
		}
		return core.Fold(c.Bin(v.Op, a, b))
	case *ssa.UnOp:
		switch v.Op {
		case token.SUB, token.XOR, token.NOT:
			if a := s.eval(v.X); a != nil {
				return core.Fold(c.Un(v.Op, a))
			}
		}
	case *ssa.Convert:
		t, ok := core.IRType(v.Type())
		a := s.eval(v.X)
		if ok && a != nil && t.Kind != c.KBool && a.Type().Kind != c.KBool {
			return core.Fold(c.Conv(t, a))
		}
	case *ssa.ChangeType:
		return s.eval(v.X)
	case *ssa.Call:
		if bi, ok := v.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(v.Call.Args) == 1 {
			return s.length(v.Call.Args[0])
		}
	}
	return nil
}

// length is the length of a string, slice or array from before the loop
// (or fixed by its type or value), nil when unknown.
func (s *sketcher) length(agg ssa.Value) c.Expr {
	if n := core.StaticLen(agg); n != nil {
		return n
	}
	if _, isPtr := agg.Type().Underlying().(*types.Pointer); isPtr {
		return nil
	}
	if ins, ok := agg.(ssa.Instruction); ok && ins.Block() != nil && s.body[ins.Block()] {
		return nil
	}
	return s.x.Value(s.f, agg).Length()
}

// bounds is what an access that went on says of its index (in range).
func (s *sketcher) bounds(ins ssa.Instruction) []c.Expr {
	agg, idx, ok := core.Access(ins)
	if !ok {
		return nil
	}
	n := s.length(agg)
	i := s.eval(idx)
	if n == nil || i == nil || i.Type().Kind != c.KInt {
		return nil
	}
	return core.InRange(i, n)
}
