// Package sat decides clauses of the constraint IR exactly: it
// bit-blasts them — fixed-width integers with Go's wraparound, truncated
// division, shifts, conversions, booleans with short-circuit — into an
// and-inverter circuit (github.com/go-air/gini/logic, structurally
// hashed), turns that into CNF and asks the gini SAT solver.
//
// A satisfiable clause comes back with a model, checked by evaluating the
// clause under it with the IR's reference semantics (constraint.Eval)
// before it is returned: a test input. An unsatisfiable one is a proof
// that no assignment of the symbols satisfies it. Floats are not
// modelled: a clause that mentions one is Unknown, as is one the solver
// does not decide within its budget of propagations (budget.go: a count,
// not the clock, so that the answer is the same on every run).
//
// Go semantics, as constraint.Eval defines them: an expression that
// would panic (division by zero, a negative shift count) makes the
// constraint around it false, and && and || evaluate their right operand
// only when Go does, so a panic there counts only then.
//
// gini was chosen over gophersat (both pure Go, MIT): a search can be
// paused and stopped from outside (GoSolve), which bounded "unknown"
// answers need, and its logic package hashes the circuit structurally;
// gophersat's Solve cannot be bounded (../shared/DEPENDENCIES.md).
//
// Besides Go's operators the IR has Ite (a multiplexer) and Defined
// ("this does not panic"), with which a caller states questions about
// panics and whole functions (the prover's miter, internal/equiv) in
// the IR itself: each is bit-blasted like any other node, sharing every
// subterm.
//
// In: a constraint.Clause (Query.Assert, one constraint at a time), and
// checks a model must pass besides (Query.Check). Out: Sat with an
// assignment of every symbol, Unsat, or Unknown with the reason. The
// solver chain (internal/solve) is its client.
package sat

import (
	"errors"
	"fmt"
	"go/token"

	"github.com/go-air/gini/logic"
	"github.com/go-air/gini/z"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Status is a decision.
type Status int

// The decisions: none within the budget, a model, a proof there is none.
const (
	Unknown Status = iota
	Sat
	Unsat
)

// String returns "unknown", "sat" or "unsat".
func (s Status) String() string {
	switch s {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// ErrFloat marks clauses with floating-point terms, which are not
// bit-blasted.
var ErrFloat = errors.New("floating-point terms are not modelled")

// Config bounds a decision.
type Config struct {
	Budget Budget // 0 = DefaultBudget
}

// Solve decides the conjunction cl. For Sat it returns a model that
// satisfies cl under constraint.Eval; for Unknown, why.
func Solve(cl c.Clause, cfg Config) (Status, c.Assignment, error) {
	q := NewQuery()
	for _, e := range cl {
		q.Assert(e)
	}
	return q.Solve(cfg.Budget)
}

// term is a bit-blasted expression: its bits, least significant first
// (one bit for a bool), and ok, true when evaluating it does not panic.
type term struct {
	bits []z.Lit
	ok   z.Lit
}

type blaster struct {
	c     *logic.C
	syms  map[*c.Sym][]z.Lit
	order []*c.Sym
	// memo holds the terms of the nodes blasted so far: expressions
	// share subterms (a loop's x &= x-1 doubles its tree each turn),
	// and each node is blasted once.
	memo map[c.Expr]term
}

func newBlaster() *blaster {
	return &blaster{c: logic.NewC(), syms: map[*c.Sym][]z.Lit{}, memo: map[c.Expr]term{}}
}

func (b *blaster) konst(t c.Type, v c.Value) []z.Lit {
	w := width(t)
	out := make([]z.Lit, w)
	for i := range out {
		out[i] = b.c.F
		if uint64(v)>>i&1 == 1 {
			out[i] = b.c.T
		}
	}
	return out
}

func width(t c.Type) int {
	if t.Kind == c.KBool {
		return 1
	}
	return t.Bits
}

func (b *blaster) expr(e c.Expr) (term, error) {
	if t, ok := b.memo[e]; ok {
		return t, nil
	}
	t, err := b.expr1(e)
	if err == nil {
		b.memo[e] = t
	}
	return t, err
}

func (b *blaster) expr1(e c.Expr) (term, error) {
	if e.Type().Kind == c.KFloat {
		return term{}, ErrFloat
	}
	switch e := e.(type) {
	case *c.Const:
		return term{b.konst(e.T, e.V), b.c.T}, nil
	case *c.Var:
		bits, ok := b.syms[e.Sym]
		if !ok {
			bits = make([]z.Lit, width(e.Sym.Type))
			for i := range bits {
				bits[i] = b.c.Lit()
			}
			b.syms[e.Sym] = bits
			b.order = append(b.order, e.Sym)
		}
		return term{bits, b.c.T}, nil
	case *c.Unary:
		x, err := b.expr(e.X)
		if err != nil {
			return x, err
		}
		switch e.Op {
		case token.NOT, token.XOR:
			return term{b.not(x.bits), x.ok}, nil
		case token.SUB:
			return term{b.neg(x.bits), x.ok}, nil
		}
	case *c.Convert:
		if e.X.Type().Kind == c.KFloat {
			return term{}, ErrFloat
		}
		x, err := b.expr(e.X)
		if err != nil {
			return x, err
		}
		return term{b.resize(x.bits, e.X.Type().Signed, width(e.T)), x.ok}, nil
	case *c.Binary:
		if e.X.Type().Kind == c.KFloat || e.Y.Type().Kind == c.KFloat {
			return term{}, ErrFloat
		}
		x, err := b.expr(e.X)
		if err != nil {
			return x, err
		}
		y, err := b.expr(e.Y)
		if err != nil {
			return y, err
		}
		return b.binary(e.Op, e.X.Type(), e.Y.Type(), x, y)
	case *c.Ite:
		// A multiplexer; only the selected branch's panics count.
		cond, err := b.expr(e.Cond)
		if err != nil {
			return cond, err
		}
		t, err := b.expr(e.Then)
		if err != nil {
			return t, err
		}
		f, err := b.expr(e.Else)
		if err != nil {
			return f, err
		}
		sel := cond.bits[0]
		return term{b.mux(sel, t.bits, f.bits), b.c.And(cond.ok, b.c.Choice(sel, t.ok, f.ok))}, nil
	case *c.Defined:
		// The operand's ok bit is the value; it never panics. Floats
		// are not modelled even here: their panics are not either.
		x, err := b.expr(e.X)
		if err != nil {
			return x, err
		}
		return term{[]z.Lit{x.ok}, b.c.T}, nil
	}
	return term{}, fmt.Errorf("sat: cannot bit-blast %s", c.String(e))
}

func (b *blaster) binary(op token.Token, t, ty c.Type, x, y term) (term, error) {
	k := b.c
	ok := k.And(x.ok, y.ok)
	switch op {
	case token.LAND:
		// Y is evaluated only when X is true.
		return term{[]z.Lit{k.And(x.bits[0], y.bits[0])}, k.And(x.ok, k.Or(x.bits[0].Not(), y.ok))}, nil
	case token.LOR:
		return term{[]z.Lit{k.Or(x.bits[0], y.bits[0])}, k.And(x.ok, k.Or(x.bits[0], y.ok))}, nil
	case token.EQL:
		return term{[]z.Lit{b.eq(x.bits, y.bits)}, ok}, nil
	case token.NEQ:
		return term{[]z.Lit{b.eq(x.bits, y.bits).Not()}, ok}, nil
	case token.LSS:
		return term{[]z.Lit{b.less(x.bits, y.bits, t.Signed)}, ok}, nil
	case token.GTR:
		return term{[]z.Lit{b.less(y.bits, x.bits, t.Signed)}, ok}, nil
	case token.LEQ:
		return term{[]z.Lit{b.less(y.bits, x.bits, t.Signed).Not()}, ok}, nil
	case token.GEQ:
		return term{[]z.Lit{b.less(x.bits, y.bits, t.Signed).Not()}, ok}, nil
	case token.ADD:
		s, _ := b.add(x.bits, y.bits, k.F)
		return term{s, ok}, nil
	case token.SUB:
		s, _ := b.add(x.bits, b.not(y.bits), k.T)
		return term{s, ok}, nil
	case token.MUL:
		return term{b.mul(x.bits, y.bits), ok}, nil
	case token.AND, token.OR, token.XOR, token.AND_NOT:
		out := make([]z.Lit, len(x.bits))
		for i := range out {
			switch op {
			case token.AND:
				out[i] = k.And(x.bits[i], y.bits[i])
			case token.OR:
				out[i] = k.Or(x.bits[i], y.bits[i])
			case token.XOR:
				out[i] = k.Xor(x.bits[i], y.bits[i])
			default:
				out[i] = k.And(x.bits[i], y.bits[i].Not())
			}
		}
		return term{out, ok}, nil
	case token.QUO, token.REM:
		nonzero := k.Ors(y.bits...)
		q, r := b.divmod(x.bits, y.bits, t.Signed)
		if op == token.QUO {
			return term{q, k.And(ok, nonzero)}, nil
		}
		return term{r, k.And(ok, nonzero)}, nil
	case token.SHL, token.SHR:
		if ty.Signed {
			ok = k.And(ok, y.bits[len(y.bits)-1].Not()) // a negative count panics
		}
		return term{b.shift(op, x.bits, y.bits, t.Signed), ok}, nil
	}
	return term{}, fmt.Errorf("sat: operator %s on %s", op, t)
}

func (b *blaster) not(x []z.Lit) []z.Lit {
	out := make([]z.Lit, len(x))
	for i, m := range x {
		out[i] = m.Not()
	}
	return out
}

// add is a ripple-carry adder with carry in; it returns the sum and the
// carry out.
func (b *blaster) add(x, y []z.Lit, cin z.Lit) ([]z.Lit, z.Lit) {
	k := b.c
	out := make([]z.Lit, len(x))
	carry := cin
	for i := range x {
		xy := k.Xor(x[i], y[i])
		out[i] = k.Xor(xy, carry)
		carry = k.Or(k.And(x[i], y[i]), k.And(xy, carry))
	}
	return out, carry
}

func (b *blaster) neg(x []z.Lit) []z.Lit {
	zero := b.konst(c.Type{Kind: c.KInt, Bits: len(x)}, 0)
	s, _ := b.add(zero, b.not(x), b.c.T)
	return s
}

func (b *blaster) eq(x, y []z.Lit) z.Lit {
	k := b.c
	all := k.T
	for i := range x {
		all = k.And(all, k.Xor(x[i], y[i]).Not())
	}
	return all
}

// less is x < y, signed or unsigned: x − y borrows (unsigned); for
// signed operands the sign bits are flipped first.
func (b *blaster) less(x, y []z.Lit, signed bool) z.Lit {
	if signed {
		n := len(x) - 1
		x = append(append([]z.Lit(nil), x[:n]...), x[n].Not())
		y = append(append([]z.Lit(nil), y[:n]...), y[n].Not())
	}
	_, carry := b.add(x, b.not(y), b.c.T) // x + ^y + 1: carry out means x >= y
	return carry.Not()
}

func (b *blaster) mul(x, y []z.Lit) []z.Lit {
	k := b.c
	w := len(x)
	acc := b.konst(c.Type{Kind: c.KInt, Bits: w}, 0)
	for i := 0; i < w; i++ {
		// acc += (x << i) if y[i]
		part := make([]z.Lit, w)
		for j := range part {
			part[j] = k.F
			if j >= i {
				part[j] = k.And(x[j-i], y[i])
			}
		}
		acc, _ = b.add(acc, part, k.F)
	}
	return acc
}

func (b *blaster) mux(sel z.Lit, t, e []z.Lit) []z.Lit {
	out := make([]z.Lit, len(t))
	for i := range out {
		out[i] = b.c.Choice(sel, t[i], e[i])
	}
	return out
}

// udivmod is restoring division of unsigned x by y (y ≠ 0 assumed; the
// caller makes a zero divisor a panic).
func (b *blaster) udivmod(x, y []z.Lit) ([]z.Lit, []z.Lit) {
	k := b.c
	w := len(x)
	rem := b.konst(c.Type{Kind: c.KInt, Bits: w}, 0)
	q := make([]z.Lit, w)
	for i := w - 1; i >= 0; i-- {
		// rem = rem<<1 | x[i], kept one bit wider to see the overflow.
		shifted := append([]z.Lit{x[i]}, rem...) // w+1 bits
		yw := append(append([]z.Lit(nil), y...), k.F)
		diff, carry := b.add(shifted, b.not(yw), k.T) // carry: shifted >= y
		q[i] = carry
		rem = b.mux(carry, diff[:w], shifted[:w])
	}
	return q, rem
}

// divmod is Go's truncated division and remainder.
func (b *blaster) divmod(x, y []z.Lit, signed bool) ([]z.Lit, []z.Lit) {
	if !signed {
		return b.udivmod(x, y)
	}
	n := len(x) - 1
	sx, sy := x[n], y[n]
	ax := b.mux(sx, b.neg(x), x)
	ay := b.mux(sy, b.neg(y), y)
	q, r := b.udivmod(ax, ay)
	q = b.mux(b.c.Xor(sx, sy), b.neg(q), q)
	r = b.mux(sx, b.neg(r), r)
	return q, r
}

// shift is x << y or x >> y (arithmetic for signed x); counts at or
// beyond the width give 0 (or the sign for a signed >>).
func (b *blaster) shift(op token.Token, x, y []z.Lit, signed bool) []z.Lit {
	k := b.c
	w := len(x)
	fill := k.F
	if op == token.SHR && signed {
		fill = x[w-1]
	}
	cur := x
	big := k.F // the count is >= w
	for i, m := range y {
		step := 1 << i
		if i >= 31 || step >= w {
			big = k.Or(big, m)
			continue
		}
		next := make([]z.Lit, w)
		for j := range next {
			var src z.Lit
			if op == token.SHL {
				src = k.F
				if j-step >= 0 {
					src = cur[j-step]
				}
			} else {
				src = fill
				if j+step < w {
					src = cur[j+step]
				}
			}
			next[j] = k.Choice(m, src, cur[j])
		}
		cur = next
	}
	out := make([]z.Lit, w)
	for j := range out {
		out[j] = k.Choice(big, fill, cur[j])
	}
	return out
}

// resize truncates or extends bits to w (sign-extending signed values).
func (b *blaster) resize(x []z.Lit, signed bool, w int) []z.Lit {
	if w <= len(x) {
		return x[:w]
	}
	ext := b.c.F
	if signed {
		ext = x[len(x)-1]
	}
	out := append([]z.Lit(nil), x...)
	for len(out) < w {
		out = append(out, ext)
	}
	return out
}
