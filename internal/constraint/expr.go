// Package constraint is the constraint IR every test-data engine and
// every proof shares (seed 000 §4.1): typed expressions over the input
// symbols of a unit with Go's exact semantics — fixed-width integers that
// wrap, signed and unsigned, truncated division and its panic on zero,
// shifts, float64 and float32 arithmetic, bool operators — constraints
// (comparisons), conjunctive clauses and DNF systems, a printer in Go
// syntax, and evaluation under a concrete assignment.
//
// In: symbols and operators from the symbolic evaluator (internal/symbolic)
// and the operator templates. Out: systems the engines solve and the
// proofs refute. Evaluation is the reference semantics: an engine's answer
// is checked by evaluating the system, and the harness runs it for real.
package constraint

import (
	"fmt"
	"go/token"
	"math"
)

// Kind classifies types.
type Kind uint8

const (
	KBool Kind = iota + 1
	KInt
	KFloat
)

// Type is the type of an expression: bool, a fixed-width integer or a
// float. Named Go types map to their underlying type.
type Type struct {
	Kind   Kind
	Bits   int  // 8, 16, 32 or 64 (KInt, KFloat)
	Signed bool // KInt
}

// The predeclared types (int and uint are 64 bits, as on every platform
// gozilla builds for).
var (
	Bool    = Type{Kind: KBool}
	Int     = Type{KInt, 64, true}
	Int8    = Type{KInt, 8, true}
	Int16   = Type{KInt, 16, true}
	Int32   = Type{KInt, 32, true}
	Int64   = Type{KInt, 64, true}
	Uint    = Type{KInt, 64, false}
	Uint8   = Type{KInt, 8, false}
	Uint16  = Type{KInt, 16, false}
	Uint32  = Type{KInt, 32, false}
	Uint64  = Type{KInt, 64, false}
	Float32 = Type{KFloat, 32, true}
	Float64 = Type{KFloat, 64, true}
)

func (t Type) String() string {
	switch t.Kind {
	case KBool:
		return "bool"
	case KInt:
		if t.Signed {
			return fmt.Sprintf("int%d", t.Bits)
		}
		return fmt.Sprintf("uint%d", t.Bits)
	case KFloat:
		return fmt.Sprintf("float%d", t.Bits)
	}
	return "invalid"
}

// Min and Max are the bounds of an integer type, as int64 for signed and
// as the canonical uint64 bits (see Value) for unsigned types.
func (t Type) Min() int64 {
	if !t.Signed {
		return 0
	}
	return -1 << (t.Bits - 1)
}

func (t Type) Max() uint64 {
	if t.Signed {
		return 1<<(t.Bits-1) - 1
	}
	return math.MaxUint64 >> (64 - t.Bits)
}

// Sym is an input symbol: a parameter, a field or element of one, or a
// length. Symbols are compared by identity.
type Sym struct {
	Name string // in Go syntax: "a", "p.x", "len(s)", "s[2]"
	Type Type
}

func (s *Sym) String() string { return s.Name }

// Expr is an expression of the IR.
type Expr interface {
	Type() Type
	isExpr()
}

type (
	// Var is a symbol's value.
	Var struct{ Sym *Sym }

	// Const is a constant.
	Const struct {
		T Type
		V Value
	}

	// Unary is -X (token.SUB), ^X (token.XOR) or !X (token.NOT).
	Unary struct {
		Op token.Token
		X  Expr
	}

	// Binary is X Op Y: arithmetic and bitwise operators (the type of
	// X; for shifts Y may be any integer type), comparisons and && ||
	// (bool).
	Binary struct {
		Op   token.Token
		X, Y Expr
		t    Type // the type, when known at construction (deep trees)
	}

	// Convert is T(X) between numeric types.
	Convert struct {
		T Type
		X Expr
	}

	// Ite is "if Cond then Then else Else": Cond (a bool) is
	// evaluated, then the one branch it selects, as an if statement
	// would, so a panic in the other branch does not count. Then and
	// Else have one type, Ite's. Queries that compare whole functions
	// (the prover's miter) select a path's outcome with it.
	Ite struct {
		Cond, Then, Else Expr
	}

	// Defined is true when evaluating X does not panic, false when it
	// does; X's value is not used and Defined itself never panics. It
	// lets a query speak of panics — a proof must count a panic as a
	// difference — where a constraint that panics is simply false.
	Defined struct{ X Expr }
)

func (*Var) isExpr()     {}
func (*Const) isExpr()   {}
func (*Unary) isExpr()   {}
func (*Binary) isExpr()  {}
func (*Convert) isExpr() {}
func (*Ite) isExpr()     {}
func (*Defined) isExpr() {}

func (e *Var) Type() Type     { return e.Sym.Type }
func (e *Const) Type() Type   { return e.T }
func (e *Unary) Type() Type   { return e.X.Type() }
func (e *Convert) Type() Type { return e.T }

// Type is the type of the branches.
func (e *Ite) Type() Type { return e.Then.Type() }

// Type is bool.
func (e *Defined) Type() Type { return Bool }

func (e *Binary) Type() Type {
	if e.t.Kind != 0 {
		return e.t
	}
	if IsComparison(e.Op) || e.Op == token.LAND || e.Op == token.LOR {
		return Bool
	}
	return e.X.Type()
}

// newBinary builds x op y, its type computed once: a type is asked of
// every node of trees a loop makes as deep as its turns, and computing
// it from the operands walked the left spine each time.
func newBinary(op token.Token, x, y Expr) *Binary {
	b := &Binary{Op: op, X: x, Y: y}
	b.t = b.Type()
	return b
}

// IsComparison reports whether op is one of == != < <= > >=.
func IsComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// Constructors. They check operand types, panicking on a mismatch: the
// IR is built by gozilla from type-checked Go, so a mismatch is a bug.

// V returns the value of s.
func V(s *Sym) Expr { return &Var{Sym: s} }

// I returns the integer constant x of type t (wrapped to t).
func I(t Type, x int64) Expr { return &Const{T: t, V: Wrap(t, uint64(x))} }

// F returns the float constant f of type t (rounded to t).
func F(t Type, f float64) Expr { return &Const{T: t, V: FloatValue(t, f)} }

// B returns the constant b.
func B(b bool) Expr { return &Const{T: Bool, V: BoolValue(b)} }

// Valid reports whether x op y is well typed: the checks Bin panics on,
// for builders translating code the IR may not cover.
func Valid(op token.Token, x, y Expr) bool {
	tx, ty := x.Type(), y.Type()
	switch {
	case op == token.LAND || op == token.LOR:
		return tx == Bool && ty == Bool
	case op == token.SHL || op == token.SHR:
		return tx.Kind == KInt && ty.Kind == KInt
	case IsComparison(op):
		return tx == ty && (tx != Bool || op == token.EQL || op == token.NEQ)
	}
	if tx != ty || tx.Kind == KBool {
		return false
	}
	switch op {
	case token.REM, token.AND, token.OR, token.XOR, token.AND_NOT:
		return tx.Kind == KInt
	case token.ADD, token.SUB, token.MUL, token.QUO:
		return true
	}
	return false
}

// Bin returns x op y.
func Bin(op token.Token, x, y Expr) Expr {
	if !Valid(op, x, y) {
		panic(fmt.Sprintf("constraint: %s on %s, %s", op, x.Type(), y.Type()))
	}
	return newBinary(op, x, y)
}

// Zero returns the zero value of t.
func Zero(t Type) Expr {
	switch t.Kind {
	case KBool:
		return B(false)
	case KFloat:
		return F(t, 0)
	}
	return I(t, 0)
}

// Un returns op x.
func Un(op token.Token, x Expr) Expr {
	t := x.Type()
	ok := false
	switch op {
	case token.SUB:
		ok = t.Kind == KInt || t.Kind == KFloat
	case token.XOR:
		ok = t.Kind == KInt
	case token.NOT:
		ok = t == Bool
	}
	if !ok {
		panic(fmt.Sprintf("constraint: unary %s on %s", op, t))
	}
	return &Unary{Op: op, X: x}
}

// Conv returns t(x).
func Conv(t Type, x Expr) Expr {
	if t.Kind == KBool || x.Type().Kind == KBool {
		panic(fmt.Sprintf("constraint: conversion %s(%s)", t, x.Type()))
	}
	if x.Type() == t {
		return x
	}
	return &Convert{T: t, X: x}
}

// If returns "if cond then then else els" (Ite).
func If(cond, then, els Expr) Expr {
	if cond.Type() != Bool || then.Type() != els.Type() {
		panic(fmt.Sprintf("constraint: if %s then %s else %s", cond.Type(), then.Type(), els.Type()))
	}
	return &Ite{Cond: cond, Then: then, Else: els}
}

// Def returns "evaluating x does not panic" (Defined).
func Def(x Expr) Expr { return &Defined{X: x} }

// Holds returns "e is true, without a panic": Def(e) && e, which is
// itself never panics. A clause's constraint means as much (one that
// panics is false); inside a larger expression Holds says so.
func Holds(e Expr) Expr {
	if k, ok := e.(*Const); ok {
		return k
	}
	return Bin(token.LAND, Def(e), e)
}

// Distinct returns "x and y (of one type) have different values, or
// evaluating either panics": !Def(x) || !Def(y) || Differ(x, y), which
// never panics. It is what a proof that a mutated value never differs
// must refute, panics included.
func Distinct(x, y Expr) Expr {
	return Bin(token.LOR, Bin(token.LOR, Un(token.NOT, Def(x)), Un(token.NOT, Def(y))), Differ(x, y))
}

// Not returns the negation of the boolean e, pushing it through && and
// || (De Morgan) and into integer comparisons (x < y becomes x >= y).
// Float comparisons stay wrapped in ! : with NaN, !(x < y) is not x >= y.
func Not(e Expr) Expr {
	switch e := e.(type) {
	case *Const:
		return B(!e.V.Bool())
	case *Unary:
		if e.Op == token.NOT {
			return e.X
		}
	case *Binary:
		switch e.Op {
		case token.LAND:
			return Bin(token.LOR, Not(e.X), Not(e.Y))
		case token.LOR:
			return Bin(token.LAND, Not(e.X), Not(e.Y))
		}
		if IsComparison(e.Op) && (e.X.Type().Kind != KFloat || e.Op == token.EQL || e.Op == token.NEQ) {
			return Bin(negated[e.Op], e.X, e.Y)
		}
	}
	return Un(token.NOT, e)
}

var negated = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL,
	token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// Differ returns a boolean expression that is true whenever x and y (of
// one type) evaluate to different values — different bit patterns, for
// floats — and so may be false only when they are the same: the
// necessity condition "the mutated value differs from the original"
// that a proof refutes. For integers and bools it is x != y. For floats,
// whose == is not identity, it is x != y || x == 0 && y == 0: x != y
// holds whenever one is NaN (two NaNs too, whatever their payloads), and
// IEEE-equal values with different bits are -0 and +0. It may hold where
// the values are the same (two equal NaNs, two +0), which a refutation
// can afford.
func Differ(x, y Expr) Expr {
	ne := Bin(token.NEQ, x, y)
	if x.Type().Kind != KFloat {
		return ne
	}
	zero := Zero(x.Type())
	return Bin(token.LOR, ne, Bin(token.LAND, Bin(token.EQL, x, zero), Bin(token.EQL, y, zero)))
}

// Vars returns the symbols e mentions, in first-occurrence order.
func Vars(e Expr) []*Sym {
	var w varWalk
	w.walk(e)
	return w.out
}

// varWalk collects symbols over one or more expressions, each shared
// interior node walked once; leaves are never put in a set (Vars was
// most of the domain reducer's time in maps of constants and symbols).
type varWalk struct {
	inner map[Expr]bool
	seen  map[*Sym]bool
	out   []*Sym
}

func (w *varWalk) walk(e Expr) {
	switch x := e.(type) {
	case *Const:
		return
	case *Var:
		if w.seen == nil {
			w.seen = map[*Sym]bool{}
		}
		if !w.seen[x.Sym] {
			w.seen[x.Sym] = true
			w.out = append(w.out, x.Sym)
		}
		return
	}
	if w.inner == nil {
		w.inner = map[Expr]bool{}
	}
	if w.inner[e] {
		return
	}
	w.inner[e] = true
	switch x := e.(type) {
	case *Unary:
		w.walk(x.X)
	case *Binary:
		w.walk(x.X)
		w.walk(x.Y)
	case *Convert:
		w.walk(x.X)
	case *Ite:
		w.walk(x.Cond)
		w.walk(x.Then)
		w.walk(x.Else)
	case *Defined:
		w.walk(x.X)
	}
}

// Size is the number of distinct nodes of e, counted up to limit (it
// returns limit when there are more).
func Size(e Expr, limit int) int {
	n := 0
	Visit(e, func(Expr) bool {
		n++
		return n < limit
	})
	return min(n, limit)
}

// Visit calls f on each distinct node of e, parents first (depth-first,
// left to right), until f returns false. Each node once: expressions a
// loop builds share subterms (a -= b; b -= a), and as trees they are
// exponentially larger.
func Visit(e Expr, f func(Expr) bool) {
	visited := map[Expr]bool{}
	stop := false
	var visit func(Expr)
	visit = func(x Expr) {
		if stop || visited[x] {
			return
		}
		visited[x] = true
		if !f(x) {
			stop = true
			return
		}
		switch x := x.(type) {
		case *Unary:
			visit(x.X)
		case *Binary:
			visit(x.X)
			visit(x.Y)
		case *Convert:
			visit(x.X)
		case *Ite:
			visit(x.Cond)
			visit(x.Then)
			visit(x.Else)
		case *Defined:
			visit(x.X)
		}
	}
	visit(e)
}

// Subst replaces symbols by expressions and folds the constant parts
// (back-substitution, seed 000 §4.2). A constant part whose evaluation
// panics (a division by zero) is left unfolded.
//
// Expressions are DAGs: a path condition over a long function shares its
// subexpressions many times over. Subst computes each shared node once
// (a memo, made only once the walk is past a small tree, so that the
// many small substitutions allocate nothing for it); walked as a tree,
// one search over a 500-line function spent seconds here, unable to
// watch a signal.
func Subst(e Expr, m map[*Sym]Expr) Expr {
	s := substituter{m: m}
	return s.subst(e)
}

// memoAfter is the number of interior nodes Subst walks before it
// remembers the nodes it has done.
const memoAfter = 64

type substituter struct {
	m    map[*Sym]Expr
	memo map[Expr]Expr
	n    int
}

func (s *substituter) subst(e Expr) Expr {
	switch x := e.(type) {
	case *Var:
		if r, ok := s.m[x.Sym]; ok {
			return r
		}
		return x
	case *Const:
		return x
	}
	if s.memo != nil {
		if r, ok := s.memo[e]; ok {
			return r
		}
	} else if s.n++; s.n > memoAfter {
		s.memo = make(map[Expr]Expr)
	}
	r := s.node(e)
	if s.memo != nil {
		s.memo[e] = r
	}
	return r
}

func (s *substituter) node(e Expr) Expr {
	switch x := e.(type) {
	case *Unary:
		// A node whose operands are unchanged is folded as it is: it is
		// shared, not copied (a copy per Fold made most of the
		// explorer's garbage).
		nx := s.subst(x.X)
		if nx == x.X {
			return fold(x)
		}
		return fold(&Unary{Op: x.Op, X: nx})
	case *Binary:
		nx, ny := s.subst(x.X), s.subst(x.Y)
		if nx == x.X && ny == x.Y {
			return fold(x)
		}
		return fold(newBinary(x.Op, nx, ny))
	case *Convert:
		nx := s.subst(x.X)
		if nx == x.X {
			return fold(x)
		}
		return fold(&Convert{T: x.T, X: nx})
	case *Ite:
		nc, nt, ne := s.subst(x.Cond), s.subst(x.Then), s.subst(x.Else)
		if nc == x.Cond && nt == x.Then && ne == x.Else {
			return fold(x)
		}
		return fold(&Ite{Cond: nc, Then: nt, Else: ne})
	case *Defined:
		nx := s.subst(x.X)
		if nx == x.X {
			return fold(x)
		}
		return fold(&Defined{X: nx})
	}
	panic("constraint: unknown expression")
}

// Fold folds the constant subexpressions of e.
func Fold(e Expr) Expr { return Subst(e, nil) }

func fold(e Expr) Expr {
	constant := true
	switch x := e.(type) {
	case *Unary:
		_, constant = x.X.(*Const)
	case *Binary:
		_, cx := x.X.(*Const)
		_, cy := x.Y.(*Const)
		constant = cx && cy
		// Short circuit: false && _ , true || _ .
		if c, ok := x.X.(*Const); ok && (x.Op == token.LAND || x.Op == token.LOR) {
			if c.V.Bool() == (x.Op == token.LOR) {
				return c
			}
			return x.Y
		}
	case *Convert:
		_, constant = x.X.(*Const)
	case *Ite:
		// Only the selected branch is evaluated: it is the value.
		if k, ok := x.Cond.(*Const); ok {
			if k.V.Bool() {
				return x.Then
			}
			return x.Else
		}
		return e
	case *Defined:
		// A constant never panics (a panicking one is left unfolded).
		_, constant = x.X.(*Const)
	}
	if !constant {
		return e
	}
	v, err := Eval(e, nil)
	if err != nil {
		return e
	}
	return &Const{T: e.Type(), V: v}
}
