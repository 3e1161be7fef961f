package infeasible

// This file holds constants comparison (seed 003 Table 5, Figure 6). The
// paper rewrites (V aop K1) rop K2 as V rop (K2 aop⁻¹ K1) and compares
// the two constants with Table 5. On Go's wrapping integers that rewrite
// is wrong (int8: x+100 < 0 is not x < -100; it also holds for
// x = 28..127), so instead each constraint becomes the exact set of values
// of V that satisfy it: the comparison's interval of the outer
// expression's type, pulled back through the steps between it and V,
// each a bijection (v+k, k-v, -v, ^v) or an injective widening conversion.
// Two constraints on the same V conflict iff their sets are disjoint,
// which is Table 5 with every row's predicate made exact.

import (
	"go/token"
	"math/big"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// shape is a constraint read as "base ∈ set": when the constraint holds,
// base evaluates (without panicking) to a value in set.
type shape struct {
	ok   bool
	base c.Expr
	set  iset // of base.Type()
}

// A step is one peeled layer between an expression and its base.
type step struct {
	kind stepKind
	k    uint64 // add, sub: the constant's pattern
	from c.Type // ext: the operand's type; the step's own type is to
	to   c.Type
}

type stepKind uint8

const (
	stepAdd stepKind = iota + 1 // v + k
	stepSub                     // k - v (-v is 0 - v, ^v is -1 - v)
	stepExt                     // to(v), to at least as wide as from
)

// ccShape reads e as a comparison of an integer expression with a
// constant, possibly under !, and returns the values of the expression's
// base that satisfy it.
func ccShape(e c.Expr) shape {
	neg := false
	for {
		u, ok := e.(*c.Unary)
		if !ok || u.Op != token.NOT {
			break
		}
		neg, e = !neg, u.X
	}
	b, ok := e.(*c.Binary)
	if !ok || !c.IsComparison(b.Op) || b.X.Type().Kind != c.KInt {
		return shape{}
	}
	x, y, op := c.Fold(b.X), c.Fold(b.Y), b.Op
	k, ok := y.(*c.Const)
	if !ok {
		if k, ok = x.(*c.Const); !ok {
			return shape{}
		}
		x, op = y, swapped[op]
	}
	if _, both := x.(*c.Const); both {
		return shape{} // a constant comparison: Fold decides it (alone)
	}
	s := cmpSet(x.Type(), op, k.V)
	if neg {
		s = s.complement() // integers: !(x < k) is x >= k
	}
	base, steps := peel(x)
	return shape{ok: true, base: base, set: preimage(s, steps)}
}

// swapped[op] is the operator with K op V ⇔ V swapped[op] K.
var swapped = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ,
	token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

// peel strips from the integer expression e the layers whose value sets
// can be pulled back exactly: + and - of a constant, unary - and ^, and
// conversions from an integer type no wider. It returns the base and the
// steps, outermost first. The operands are expected folded.
func peel(e c.Expr) (c.Expr, []step) {
	var steps []step
	for {
		t := e.Type()
		switch x := e.(type) {
		case *c.Binary:
			kx, okx := intConst(x.X)
			ky, oky := intConst(x.Y)
			switch {
			case okx == oky:
				// neither constant, or both (not folded): stop
			case x.Op == token.ADD && oky:
				steps, e = append(steps, step{kind: stepAdd, k: ky, to: t}), x.X
				continue
			case x.Op == token.ADD && okx:
				steps, e = append(steps, step{kind: stepAdd, k: kx, to: t}), x.Y
				continue
			case x.Op == token.SUB && oky:
				steps, e = append(steps, step{kind: stepAdd, k: -ky, to: t}), x.X
				continue
			case x.Op == token.SUB && okx:
				steps, e = append(steps, step{kind: stepSub, k: kx, to: t}), x.Y
				continue
			}
		case *c.Unary:
			switch x.Op {
			case token.SUB:
				steps, e = append(steps, step{kind: stepSub, k: 0, to: t}), x.X
				continue
			case token.XOR:
				steps, e = append(steps, step{kind: stepSub, k: mask(t), to: t}), x.X
				continue
			}
		case *c.Convert:
			// A narrowing conversion keeps the low bits: the preimage of
			// an interval is 2^(n-m) intervals, so it is not peeled.
			if f := x.X.Type(); f.Kind == c.KInt && f.Bits <= t.Bits {
				steps, e = append(steps, step{kind: stepExt, from: f, to: t}), x.X
				continue
			}
		}
		return e, steps
	}
}

// intConst returns the pattern of e if e is an integer constant.
func intConst(e c.Expr) (uint64, bool) {
	k, ok := e.(*c.Const)
	if !ok || k.T.Kind != c.KInt {
		return 0, false
	}
	return pattern(k.T, k.V), true
}

// preimage pulls s, a set of the outermost expression's values, back to
// the base: {v : steps applied to v ∈ s}.
func preimage(s iset, steps []step) iset {
	for _, st := range steps {
		switch st.kind {
		case stepAdd:
			s = s.shift(-st.k)
		case stepSub:
			s = s.reflect(st.k)
		case stepExt:
			s = s.extPreimage(st.from)
		}
	}
	return s
}

// image pushes s, a set of base values, forward through steps (outermost
// first): {steps applied to v : v ∈ s}.
func image(s iset, steps []step) iset {
	for i := len(steps) - 1; i >= 0; i-- {
		switch st := steps[i]; st.kind {
		case stepAdd:
			s = s.shift(st.k)
		case stepSub:
			s = s.reflect(st.k)
		case stepExt:
			s = s.extImage(st.to)
		}
	}
	return s
}

// values returns the set of values e can have when every constraint of
// cl holds, as far as constants comparison knows: the values of e's
// base allowed by each constraint shaped on it, intersected, pushed
// forward to e. A constant has its own value.
func values(e c.Expr, cl []*info) iset {
	t := e.Type()
	if k, ok := intConst(e); ok {
		return iset{t, []span{{k, k}}}
	}
	base, steps := peel(e)
	s := full(base.Type())
	for _, d := range cl {
		if d.cc.ok && Equal(d.cc.base, base) {
			s = s.intersect(d.cc.set)
		}
	}
	return image(s, steps)
}

// bounds returns the least and greatest values e can have when cl holds
// (in e's type's order); ok is false if cl leaves e no value.
func bounds(e c.Expr, cl []*info) (lo, hi *big.Int, ok bool) {
	s := values(e, cl)
	if s.empty() {
		return nil, nil, false
	}
	lo, hi = s.hull()
	return lo, hi, true
}
