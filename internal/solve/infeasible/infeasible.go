// Package infeasible recognises infeasible constraint systems with Offutt
// & Pan's three strategies (seed 003 §2.4), made sound for Go: a clause is
// declared infeasible only if no assignment of its symbols satisfies it
// under constraint.Eval. It owns that verdict and its explanation (a
// Conflict); it is what lets gozilla call a mutant equivalent when its
// constraint system is infeasible, so a wrong "conflict" would hide a
// killable mutant. When in doubt it answers "no conflict".
//
// The strategies, each deciding that two constraints of a clause cannot
// both hold:
//
//   - Negation and partial negation (Table 3, Figure 4). Two comparisons
//     of the same operands (x > y and y >= x are the same pair, operands
//     compared structurally by Equal) conflict when the outcomes they
//     accept are disjoint: B is A's negation or one of its partial
//     negations. A boolean expression conflicts with its ! form, and the
//     constant false (Table 3's False row) with anything.
//   - Constants comparison (Table 5, Figure 6). A comparison of an integer
//     expression with a constant — V rop K, K rop V, (V aop K1) rop K2,
//     K1 rop (V aop K2), with aop + or -, also -V, ^V and widening
//     conversions of V — is turned into the exact set of values of the
//     base V that make it true; two constraints on the same V conflict
//     when their sets are disjoint, and one alone is infeasible when its
//     set is empty. This subsumes Table 5.
//   - Constraint splitting (Table 4, Figure 5). A constraint
//     C = (V1 aop V2) rop K (aop + - * /) is replaced by parts with
//     C ⇒ P1 ∨ P2; if every part conflicts with some constraint of the
//     clause (a part that is a conjunction, with one of its conjuncts),
//     C conflicts with the clause.
//
// What changed for Go, and why:
//
//   - Integers wrap. The paper rewrites (V aop K1) rop K2 as
//     V rop (K2 aop⁻¹ K1), which is false on a ring: for int8,
//     x+100 < 0 holds for x = 28. Here v ↦ v+k and v ↦ k-v are
//     bijections of the 2^n values of V's type, so the solution set is
//     the exact preimage of an interval: at most two intervals of bit
//     patterns.
//   - Table 4's rows hold for mathematical integers only; for Go's they
//     are applied only when interval arithmetic, over bounds the clause's
//     own constants comparisons give V1 and V2 (intersected with the type
//     range), shows that V1 aop V2 cannot wrap. int8: x<0 ∧ y<0 ∧ x+y>0 is
//     satisfiable (-100 + -100 == 56), so (x+y) > 0 is split into x > 0 ∨
//     y > 0 only when, say, x >= -10 ∧ y >= -10 also hold. The paper's
//     K = 0 is generalised to any K for + and -; rows that hold on the
//     ring itself (x-y ≠ 0 ⇒ x ≠ y, x*y ≠ 0 ⇒ x ≠ 0 ∧ y ≠ 0) need no
//     bounds. See split.go for the rows kept, fixed and dropped.
//   - Division truncates toward zero (-1/2 == 0), so Table 4's ÷ rows for
//     ≥, ≤ and = are false and are dropped; the ÷ < 0 row fails for
//     MinInt/-1 (== MinInt) and is used only when the bounds rule that
//     out. A panicking constraint (division by zero) is false, which only
//     helps a conflict: both constraints being true means both were
//     evaluated without panicking.
//   - Floats have NaN, under which every comparison but != is false. The
//     negation strategy counts the unordered outcome (x > y and x <= y
//     still conflict, x < y and !(x >= y) do not); no arithmetic
//     reasoning is done on floats. Float == is IEEE's, not identity
//     (-0 == 0): a conflict between x == 0 and x != 0 is right, but a
//     caller that means "x and y are different values" must say so with
//     constraint.Differ, not with x != y.
//
// Soundness: every verdict rests on one of (0) a constraint false by
// itself: it folds to false, compares an expression with itself in a way
// no value satisfies (x < x), or has an empty exact solution set; (1) two
// comparisons of structurally equal operands accepting disjoint outcomes
// — evaluation is deterministic, so equal expressions have equal values
// under one assignment; (2) disjoint exact solution sets of one base
// expression; (3) a splitting row valid for every assignment satisfying
// the clause (on the ring, or under bounds that the clause itself
// enforces and that rule out wraparound), each part refuted by (0), (1)
// or (2). A clause is infeasible when one of its constraints, a pair of
// them, or one split against the others is, as in the paper's proof for
// splitting. The tests check every claim of every strategy against
// exhaustive enumeration of random 8-bit clauses, the value sets against
// enumeration, and random satisfiable clauses over 8- to 64-bit types,
// tight at the types' bounds, against a known witness.
//
// In: constraint.Clause and constraint.System values, as built by
// internal/symbolic. Out: a Conflict per infeasible clause, or "feasible
// as far as these strategies know".
package infeasible

import (
	"fmt"
	"go/token"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Strategy names the rule that found a conflict.
type Strategy int

const (
	Negation            Strategy = iota + 1 // B is A's negation (Table 3, column 2)
	PartialNegation                         // B is a partial negation of A (Table 3, columns 3–4)
	ConstantsComparison                     // disjoint value sets of one expression (Table 5)
	Splitting                               // A ⇒ Parts[0] ∨ Parts[1], each refuted (Table 4)
)

func (s Strategy) String() string {
	switch s {
	case Negation:
		return "negation"
	case PartialNegation:
		return "partial negation"
	case ConstantsComparison:
		return "constants comparison"
	case Splitting:
		return "splitting"
	}
	return fmt.Sprintf("Strategy(%d)", int(s))
}

// Conflict explains why two constraints cannot both hold.
//
// A and B are constraints of the clause (a constraint that is a && b
// counts as its conjuncts). A == B means A alone can never hold: the
// constant false, a comparison of an expression with itself such as
// x < x, or a constants comparison with no solution such as int8 x > 127.
type Conflict struct {
	Strategy Strategy
	A, B     c.Expr
	// Splitting: the parts A was split into (A ⇒ Parts[0] ∨ Parts[1] ∨ …;
	// a single part is an implication A ⇒ Parts[0]). With[i] is the
	// constraint of the clause Parts[i] conflicts with, nil when Parts[i]
	// can never hold by itself. B is With[0] (A when that is nil).
	Parts []c.Expr
	With  []c.Expr
}

func (k Conflict) String() string {
	if k.A == nil {
		return "no conflict"
	}
	if k.Strategy == Splitting && len(k.Parts) > 0 {
		parts := make([]string, len(k.Parts))
		why := make([]string, len(k.Parts))
		for i, p := range k.Parts {
			parts[i] = c.String(p)
			if k.With[i] == nil {
				why[i] = parts[i] + " is never true"
			} else {
				why[i] = parts[i] + " conflicts with " + c.String(k.With[i])
			}
		}
		return fmt.Sprintf("%s: %s implies %s; %s", k.Strategy, c.String(k.A),
			strings.Join(parts, " || "), strings.Join(why, ", "))
	}
	if k.A == k.B {
		return fmt.Sprintf("%s: %s is never true", k.Strategy, c.String(k.A))
	}
	return fmt.Sprintf("%s: %s conflicts with %s", k.Strategy, c.String(k.A), c.String(k.B))
}

// Pair reports whether a and b can never both be true (for every
// assignment of their symbols). Splitting may use the bounds either gives
// the other's variables.
func Pair(a, b c.Expr) (Conflict, bool) { return Clause(c.Clause{a, b}) }

// Clause reports whether the conjunction cl is infeasible by finding a
// constraint that can never hold, or a conflicting pair, or a constraint
// that splits into parts each conflicting with a constraint of cl (with
// the bounds the other constraints give its variables). The empty clause
// is true, so never infeasible.
func Clause(cl c.Clause) (Conflict, bool) {
	var atoms []*info
	for _, e := range cl {
		for _, a := range conjuncts(e, nil) {
			atoms = append(atoms, analyse(a))
		}
	}
	for _, a := range atoms {
		if k, ok := alone(a); ok {
			return k, true
		}
	}
	for i, a := range atoms {
		for _, b := range atoms[i+1:] {
			if k, ok := pair(a, b); ok {
				return k, true
			}
		}
	}
	for _, a := range atoms {
		if k, ok := split(a, atoms); ok {
			return k, true
		}
	}
	return Conflict{}, false
}

// System reports whether every clause of s is infeasible (an empty system,
// false, trivially is), returning one Conflict per clause, in order. When
// some clause is not shown infeasible it returns nil, false.
func System(s c.System) ([]Conflict, bool) {
	out := make([]Conflict, 0, len(s))
	for _, cl := range s {
		k, ok := Clause(cl)
		if !ok {
			return nil, false
		}
		out = append(out, k)
	}
	return out, true
}

// conjuncts appends the conjuncts of e (e itself unless it is a && b) to
// out. a && b is true exactly when a and b both are (a panic in b only
// happens when a is true, and makes both forms false), so a clause may
// treat them as two constraints.
func conjuncts(e c.Expr, out []c.Expr) []c.Expr {
	if b, ok := e.(*c.Binary); ok && b.Op == token.LAND {
		return conjuncts(b.Y, conjuncts(b.X, out))
	}
	return append(out, e)
}

// info is what the strategies need to know about one constraint,
// computed once per clause.
type info struct {
	e   c.Expr
	lit lit   // negation's view
	cc  shape // constants comparison's view (cc.ok false if not shaped)
}

func analyse(e c.Expr) *info {
	return &info{e: e, lit: literal(e), cc: ccShape(e)}
}

// alone reports whether a can never hold by itself.
func alone(a *info) (Conflict, bool) {
	if k, ok := c.Fold(a.e).(*c.Const); ok && k.T == c.Bool && !k.V.Bool() {
		return Conflict{Strategy: Negation, A: a.e, B: a.e}, true
	}
	if a.lit.selfContradictory() {
		return Conflict{Strategy: Negation, A: a.e, B: a.e}, true
	}
	if a.cc.ok && a.cc.set.empty() {
		return Conflict{Strategy: ConstantsComparison, A: a.e, B: a.e}, true
	}
	return Conflict{}, false
}

// pair reports whether a and b conflict by negation or constants
// comparison (not by splitting).
func pair(a, b *info) (Conflict, bool) {
	if s, ok := a.lit.conflicts(b.lit); ok {
		return Conflict{Strategy: s, A: a.e, B: b.e}, true
	}
	if a.cc.ok && b.cc.ok && Equal(a.cc.base, b.cc.base) && a.cc.set.intersect(b.cc.set).empty() {
		return Conflict{Strategy: ConstantsComparison, A: a.e, B: b.e}, true
	}
	return Conflict{}, false
}

// Equal reports whether a and b are the same expression: the same node
// types, operators, symbols (by identity), types and constant values.
// Equal expressions have equal values (or both panic) under every
// assignment.
func Equal(a, b c.Expr) bool {
	switch x := a.(type) {
	case *c.Var:
		y, ok := b.(*c.Var)
		return ok && x.Sym == y.Sym
	case *c.Const:
		y, ok := b.(*c.Const)
		return ok && x.T == y.T && x.V == y.V
	case *c.Unary:
		y, ok := b.(*c.Unary)
		return ok && x.Op == y.Op && Equal(x.X, y.X)
	case *c.Binary:
		y, ok := b.(*c.Binary)
		return ok && x.Op == y.Op && Equal(x.X, y.X) && Equal(x.Y, y.Y)
	case *c.Convert:
		y, ok := b.(*c.Convert)
		return ok && x.T == y.T && Equal(x.X, y.X)
	case *c.Ite:
		y, ok := b.(*c.Ite)
		return ok && Equal(x.Cond, y.Cond) && Equal(x.Then, y.Then) && Equal(x.Else, y.Else)
	case *c.Defined:
		y, ok := b.(*c.Defined)
		return ok && Equal(x.X, y.X)
	}
	return false
}
