package infeasible

// This file holds negation and partial negation (seed 003 Table 3,
// Figure 4). Rather than rewriting A with each row of Table 3 and looking
// for B syntactically, a comparison is read as the set of outcomes of
// comparing its operands that it accepts: x > y accepts {>}, x <= y
// {<, =}. Two comparisons of the same operands conflict when their sets
// are disjoint; that is exactly "B is Negate(A) or one of A's partial
// negations" of Table 3 (> against <=, < and =; = against ≠, > and <; …),
// with x > y and y < x recognised as the same constraint. Floats add a
// fourth outcome, unordered (NaN), which only != accepts: so x > y and
// x <= y still conflict (neither holds for NaN), but x < y and
// !(x >= y) do not.

import (
	"go/token"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Outcomes of comparing two values.
const (
	oLT uint8 = 1 << iota
	oEQ
	oGT
	oUN // unordered: a NaN operand
)

var accepts = map[token.Token]uint8{
	token.EQL: oEQ,
	token.NEQ: oLT | oGT | oUN,
	token.LSS: oLT,
	token.LEQ: oLT | oEQ,
	token.GTR: oGT,
	token.GEQ: oGT | oEQ,
}

// universe returns the outcomes comparing two values of t can have.
func universe(t c.Type) uint8 {
	if t.Kind == c.KFloat {
		return oLT | oEQ | oGT | oUN
	}
	return oLT | oEQ | oGT
}

// mirror returns the outcomes of y ? x given those of x ? y.
func mirror(o uint8) uint8 {
	out := o &^ (oLT | oGT)
	if o&oLT != 0 {
		out |= oGT
	}
	if o&oGT != 0 {
		out |= oLT
	}
	return out
}

// lit is a constraint as negation sees it: either a relation (x, y, the
// outcomes accepted) or a boolean atom with a polarity (b, !b, and any
// expression this package does not look into).
type lit struct {
	x, y c.Expr // relation operands; y == nil for an atom
	rel  uint8  // relation: accepted outcomes
	atom c.Expr // atom
	pos  bool   // atom: true for atom, false for !atom
}

// literal reads e. ! is pushed in (a relation's complement, an atom's
// polarity); comparing a boolean with a constant, b == true or
// b != false, is b itself.
func literal(e c.Expr) lit {
	switch x := e.(type) {
	case *c.Unary:
		if x.Op == token.NOT {
			return literal(x.X).not()
		}
	case *c.Binary:
		if !c.IsComparison(x.Op) {
			break
		}
		if x.X.Type() == c.Bool && (x.Op == token.EQL || x.Op == token.NEQ) {
			other, k := x.X, x.Y
			if _, ok := other.(*c.Const); ok {
				other, k = k, other
			}
			if kc, ok := k.(*c.Const); ok {
				if _, both := other.(*c.Const); !both {
					l := literal(other)
					if kc.V.Bool() != (x.Op == token.EQL) {
						l = l.not()
					}
					return l
				}
			}
		}
		return lit{x: x.X, y: x.Y, rel: accepts[x.Op]}
	}
	return lit{atom: e, pos: true}
}

func (l lit) not() lit {
	if l.y == nil {
		l.pos = !l.pos
		return l
	}
	l.rel = universe(l.x.Type()) &^ l.rel
	return l
}

// selfContradictory reports whether l compares an expression with
// itself and accepts none of the outcomes that can have: x < x, x != x
// for integers (a float x != x holds for NaN).
func (l lit) selfContradictory() bool {
	if l.y == nil || !Equal(l.x, l.y) {
		return false
	}
	same := oEQ
	if l.x.Type().Kind == c.KFloat {
		same |= oUN
	}
	return l.rel&same == 0
}

// conflicts reports whether l and m can never both hold, and which
// strategy says so: Negation when each accepts exactly what the other
// rejects, PartialNegation when they are disjoint but do not cover every
// outcome.
func (l lit) conflicts(m lit) (Strategy, bool) {
	switch {
	case l.y == nil && m.y == nil:
		if l.pos != m.pos && Equal(l.atom, m.atom) {
			return Negation, true
		}
	case l.y != nil && m.y != nil:
		var r uint8
		switch {
		case Equal(l.x, m.x) && Equal(l.y, m.y):
			r = m.rel
		case Equal(l.x, m.y) && Equal(l.y, m.x):
			r = mirror(m.rel)
		default:
			return 0, false
		}
		u := universe(l.x.Type())
		if l.rel&r&u != 0 {
			return 0, false
		}
		if (l.rel|r)&u == u {
			return Negation, true
		}
		return PartialNegation, true
	}
	return 0, false
}
