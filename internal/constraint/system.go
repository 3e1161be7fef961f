package constraint

// This file holds clauses and DNF systems (seed 000 §4.1): a constraint
// is a boolean expression with no && or || at its top; a clause is a
// conjunction of constraints; a system is a disjunction of clauses, each
// clause one way (typically one path) to satisfy it.

import (
	"go/token"
	"strings"
)

// MaxClauses bounds the clauses of a system built by And, Or and DNF.
// Beyond it a result is not exact (see the functions' ok results): an
// engine may still use it to look for inputs, a proof may not.
const MaxClauses = 1024

// Clause is a conjunction of constraints. The empty clause is true.
type Clause []Expr

// System is a disjunction of clauses in disjunctive normal form. The
// empty system is false; a system holding the empty clause is true.
type System []Clause

// True and False are the constant systems.
func True() System  { return System{Clause{}} }
func False() System { return System{} }

// DNF converts the boolean expression e to a system: && distributes over
// ||, negations are pushed inward (Not), constants are folded away.
// ok is false if the result was cut at MaxClauses.
func DNF(e Expr) (s System, ok bool) {
	e = Fold(e)
	switch x := e.(type) {
	case *Const:
		if x.V.Bool() {
			return True(), true
		}
		return False(), true
	case *Binary:
		switch x.Op {
		case token.LOR:
			a, okA := DNF(x.X)
			b, okB := DNF(x.Y)
			s, ok := Or(a, b)
			return s, ok && okA && okB
		case token.LAND:
			a, okA := DNF(x.X)
			b, okB := DNF(x.Y)
			s, ok := And(a, b)
			return s, ok && okA && okB
		case token.EQL, token.NEQ:
			// Booleans compared (Godzilla's predicate constraint: the
			// original condition ≠ the mutated one) split into the two
			// ways they can agree or differ, so that each clause is a
			// plain conjunction of comparisons domain reduction can use.
			if x.X.Type() == Bool && !isBoolLeaf(x.X, x.Y) {
				a, b := x.X, x.Y
				nb := Not(b)
				if x.Op == token.NEQ {
					b, nb = nb, b
				}
				return DNF(Bin(token.LOR, Bin(token.LAND, a, b), Bin(token.LAND, Not(a), nb)))
			}
		}
	case *Unary:
		if x.Op == token.NOT {
			if n := Not(x.X); !isNot(n) {
				return DNF(n)
			}
		}
	}
	return System{Clause{e}}, true
}

// isBoolLeaf reports whether x == y over booleans is best left as it is:
// both sides plain boolean symbols or constants, which domain reduction
// relates directly.
func isBoolLeaf(x, y Expr) bool {
	leaf := func(e Expr) bool {
		switch e.(type) {
		case *Var, *Const:
			return true
		}
		return false
	}
	return leaf(x) && leaf(y)
}

// DNF converts the conjunction c to a system, as DNF(c.Expr()) does but
// in time linear in the atoms that need no conversion (comparisons of
// scalars), which long path conditions are made of.
func (c Clause) DNF() (System, bool) {
	var atoms Clause
	rest := True()
	ok := true
	for _, e := range c {
		e = Fold(e)
		if k, isK := e.(*Const); isK {
			if !k.V.Bool() {
				return False(), true
			}
			continue
		}
		if isAtom(e) {
			atoms = append(atoms, e)
			continue
		}
		d, okD := DNF(e)
		var okA bool
		rest, okA = And(rest, d)
		ok = ok && okD && okA
	}
	out := make(System, len(rest))
	for i, cl := range rest {
		out[i] = append(append(make(Clause, 0, len(atoms)+len(cl)), atoms...), cl...)
	}
	return out, ok
}

// isAtom reports whether DNF leaves e as it is: a comparison of
// non-boolean operands, or a boolean symbol.
func isAtom(e Expr) bool {
	switch x := e.(type) {
	case *Var:
		return true
	case *Binary:
		return IsComparison(x.Op) && x.X.Type() != Bool
	}
	return false
}

func isNot(e Expr) bool {
	u, ok := e.(*Unary)
	return ok && u.Op == token.NOT
}

// Or returns a ∨ b.
func Or(a, b System) (System, bool) {
	out := make(System, 0, len(a)+len(b))
	out = append(out, a...)
	out = append(out, b...)
	if len(out) > MaxClauses {
		return out[:MaxClauses], false
	}
	return out, true
}

// And returns a ∧ b, distributing: every clause of a joined with every
// clause of b.
func And(a, b System) (System, bool) {
	var out System
	for _, x := range a {
		for _, y := range b {
			if len(out) == MaxClauses {
				return out, false
			}
			c := make(Clause, 0, len(x)+len(y))
			c = append(c, x...)
			c = append(c, y...)
			out = append(out, c)
		}
	}
	return out, true
}

// Expr returns the system as one boolean expression.
func (s System) Expr() Expr {
	if len(s) == 0 {
		return B(false)
	}
	var or Expr
	for _, c := range s {
		e := c.Expr()
		if or == nil {
			or = e
		} else {
			or = Bin(token.LOR, or, e)
		}
	}
	return or
}

// Expr returns the clause as one boolean expression.
func (c Clause) Expr() Expr {
	if len(c) == 0 {
		return B(true)
	}
	and := c[0]
	for _, e := range c[1:] {
		and = Bin(token.LAND, and, e)
	}
	return and
}

// Eval reports whether the clause holds under a. A constraint that
// panics does not hold.
func (c Clause) Eval(a Assignment) (bool, error) {
	return c.eval(func(e Expr) (Value, error) { return Eval(e, a) })
}

// EvalWith is Eval with an evaluator that shares work between the
// constraints (and remembers it for later calls).
func (c Clause) EvalWith(ev *Evaluator) (bool, error) { return c.eval(ev.Eval) }

func (c Clause) eval(eval func(Expr) (Value, error)) (bool, error) {
	for _, e := range c {
		v, err := eval(e)
		if err != nil {
			if _, ok := err.(*Panic); ok {
				return false, nil
			}
			return false, err
		}
		if !v.Bool() {
			return false, nil
		}
	}
	return true, nil
}

// Eval reports whether some clause of s holds under a.
func (s System) Eval(a Assignment) (bool, error) {
	for _, c := range s {
		ok, err := c.Eval(a)
		if err != nil || ok {
			return ok, err
		}
	}
	return false, nil
}

// Vars returns the symbols of the clause in first-occurrence order.
func (c Clause) Vars() []*Sym {
	var w varWalk
	for _, e := range c {
		w.walk(e)
	}
	return w.out
}

func (c Clause) String() string {
	if len(c) == 0 {
		return "true"
	}
	parts := make([]string, len(c))
	for i, e := range c {
		parts[i] = format(e, precAnd)
	}
	return strings.Join(parts, " && ")
}

func (s System) String() string {
	if len(s) == 0 {
		return "false"
	}
	parts := make([]string, len(s))
	for i, c := range s {
		parts[i] = c.String()
		if len(s) > 1 && len(c) > 1 {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, " || ")
}
