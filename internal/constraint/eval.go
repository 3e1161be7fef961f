package constraint

// This file holds concrete values and evaluation: the reference semantics
// of the IR, Go's own.

import (
	"errors"
	"fmt"
	"go/token"
	"math"
)

// Value is a concrete value in canonical form: an integer as its 64-bit
// two's complement, sign-extended for signed types and zero-extended for
// unsigned ones after wrapping to the type's width; a bool as 0 or 1; a
// float as the IEEE-754 bits of its float64 value (float32 values are
// rounded to float32 first).
type Value uint64

// Wrap returns the canonical value of the integer bits x in type t.
func Wrap(t Type, x uint64) Value {
	if t.Kind == KBool {
		return Value(x & 1)
	}
	if t.Bits >= 64 {
		return Value(x)
	}
	shift := 64 - t.Bits
	if t.Signed {
		return Value(uint64(int64(x<<shift) >> shift))
	}
	return Value(x << shift >> shift)
}

// BoolValue returns the value of b.
func BoolValue(b bool) Value {
	if b {
		return 1
	}
	return 0
}

// FloatValue returns the value of f in type t.
func FloatValue(t Type, f float64) Value {
	if t.Bits == 32 {
		f = float64(float32(f))
	}
	return Value(math.Float64bits(f))
}

func (v Value) Int() int64     { return int64(v) }
func (v Value) Uint() uint64   { return uint64(v) }
func (v Value) Bool() bool     { return v != 0 }
func (v Value) Float() float64 { return math.Float64frombits(uint64(v)) }
func (v Value) Format(t Type) string {
	switch t.Kind {
	case KBool:
		return fmt.Sprint(v.Bool())
	case KInt:
		if t.Signed {
			return fmt.Sprint(v.Int())
		}
		return fmt.Sprint(v.Uint())
	}
	return fmt.Sprint(v.Float())
}

// Assignment gives symbols values.
type Assignment map[*Sym]Value

// A Panic is a run-time panic the expression would cause in Go.
type Panic struct{ Msg string }

func (p *Panic) Error() string { return "panic: " + p.Msg }

// ErrUnbound is returned when the assignment lacks a symbol.
var ErrUnbound = errors.New("unbound symbol")

var (
	divZero       = &Panic{"runtime error: integer divide by zero"}
	negativeShift = &Panic{"runtime error: negative shift amount"}
)

// Eval evaluates e under a. Errors are *Panic (what Go would panic with)
// or ErrUnbound. && and || short-circuit as in Go.
func Eval(e Expr, a Assignment) (Value, error) {
	return eval(e, a, tree{a})
}

// evaler evaluates the operands of a node: tree walks them, an Evaluator
// looks them up first. (An interface, not a func: ev.Eval as a func value
// was a closure allocated for every node.)
type evaler interface {
	Eval(Expr) (Value, error)
}

// tree evaluates expressions as trees, each subterm as often as it
// occurs.
type tree struct{ a Assignment }

func (t tree) Eval(e Expr) (Value, error) { return eval(e, t.a, t) }

// Evaluator evaluates expressions under one assignment, each node once:
// expressions built in loops share subterms (x &= x-1 doubles the tree
// on every turn), which Eval would walk as trees.
type Evaluator struct {
	A    Assignment
	memo map[Expr]evalResult
}

type evalResult struct {
	v   Value
	err error
}

// Reset makes ev evaluate under a, forgetting what it evaluated but
// keeping its memo's room: pinning a value tries many assignments of one
// large expression, and growing a fresh memo for each cost most of DDR's
// time on binaryheap's bubbleUp.
func (ev *Evaluator) Reset(a Assignment) {
	ev.A = a
	clear(ev.memo)
}

// Size is how many nodes ev evaluated since it was made or Reset.
func (ev *Evaluator) Size() int { return len(ev.memo) }

// Eval evaluates e as the package's Eval does.
func (ev *Evaluator) Eval(e Expr) (Value, error) {
	switch e := e.(type) {
	case *Const:
		return e.V, nil // leaves cost less than a lookup
	case *Var:
		return eval(e, ev.A, ev)
	}
	if r, ok := ev.memo[e]; ok {
		return r.v, r.err
	}
	v, err := eval(e, ev.A, ev)
	if ev.memo == nil {
		ev.memo = map[Expr]evalResult{}
	}
	ev.memo[e] = evalResult{v, err}
	return v, err
}

func eval(e Expr, a Assignment, ev evaler) (Value, error) {
	switch e := e.(type) {
	case *Var:
		v, ok := a[e.Sym]
		if !ok {
			return 0, fmt.Errorf("%w %s", ErrUnbound, e.Sym.Name)
		}
		return v, nil
	case *Const:
		return e.V, nil
	case *Unary:
		x, err := ev.Eval(e.X)
		if err != nil {
			return 0, err
		}
		t := e.X.Type()
		switch e.Op {
		case token.NOT:
			return BoolValue(!x.Bool()), nil
		case token.XOR:
			return Wrap(t, ^x.Uint()), nil
		case token.SUB:
			if t.Kind == KFloat {
				return FloatValue(t, -x.Float()), nil
			}
			return Wrap(t, -x.Uint()), nil
		}
	case *Convert:
		x, err := ev.Eval(e.X)
		if err != nil {
			return 0, err
		}
		return convert(e.T, e.X.Type(), x), nil
	case *Binary:
		x, err := ev.Eval(e.X)
		if err != nil {
			return 0, err
		}
		switch e.Op {
		case token.LAND:
			if !x.Bool() {
				return x, nil
			}
			return ev.Eval(e.Y)
		case token.LOR:
			if x.Bool() {
				return x, nil
			}
			return ev.Eval(e.Y)
		}
		y, err := ev.Eval(e.Y)
		if err != nil {
			return 0, err
		}
		return binary(e.Op, e.X.Type(), e.Y.Type(), x, y)
	case *Ite:
		k, err := ev.Eval(e.Cond)
		if err != nil {
			return 0, err
		}
		if k.Bool() {
			return ev.Eval(e.Then)
		}
		return ev.Eval(e.Else)
	case *Defined:
		_, err := ev.Eval(e.X)
		if err != nil {
			if _, ok := err.(*Panic); !ok {
				return 0, err
			}
		}
		return BoolValue(err == nil), nil
	}
	return 0, fmt.Errorf("constraint: cannot evaluate %T", e)
}

func convert(to, from Type, x Value) Value {
	switch {
	case to.Kind == KInt && from.Kind == KInt:
		return Wrap(to, x.Uint())
	case to.Kind == KFloat && from.Kind == KInt:
		// float32 is rounded to directly, as Go does: through float64
		// the value would be rounded twice (int64 2^54+2^30+1 gives
		// 2^54 that way, 2^54+2^31 in Go).
		switch {
		case to.Bits == 32 && from.Signed:
			return FloatValue(to, float64(float32(x.Int())))
		case to.Bits == 32:
			return FloatValue(to, float64(float32(x.Uint())))
		case from.Signed:
			return FloatValue(to, float64(x.Int()))
		}
		return FloatValue(to, float64(x.Uint()))
	case to.Kind == KFloat:
		return FloatValue(to, x.Float())
	default: // float to integer: truncation (out of range is implementation-specific in Go; this is the host's, which the tests run on)
		f := x.Float()
		if to.Signed {
			return Wrap(to, uint64(int64(f)))
		}
		if to.Bits == 64 {
			return Value(uint64(f))
		}
		return Wrap(to, uint64(int64(f)))
	}
}

func binary(op token.Token, t, ty Type, x, y Value) (Value, error) {
	if IsComparison(op) {
		return BoolValue(compare(op, t, x, y)), nil
	}
	if t.Kind == KFloat {
		a, b := x.Float(), y.Float()
		var r float64
		switch op {
		case token.ADD:
			r = a + b
		case token.SUB:
			r = a - b
		case token.MUL:
			r = a * b
		case token.QUO:
			r = a / b
		}
		return FloatValue(t, r), nil
	}
	switch op {
	case token.ADD:
		return Wrap(t, x.Uint()+y.Uint()), nil
	case token.SUB:
		return Wrap(t, x.Uint()-y.Uint()), nil
	case token.MUL:
		return Wrap(t, x.Uint()*y.Uint()), nil
	case token.QUO, token.REM:
		if y == 0 {
			return 0, divZero
		}
		if !t.Signed {
			if op == token.QUO {
				return Wrap(t, x.Uint()/y.Uint()), nil
			}
			return Wrap(t, x.Uint()%y.Uint()), nil
		}
		// MinInt / -1 overflows to MinInt (remainder 0) in Go, where
		// int64 division on the host would trap.
		if y.Int() == -1 {
			if op == token.QUO {
				return Wrap(t, -x.Uint()), nil
			}
			return 0, nil
		}
		if op == token.QUO {
			return Wrap(t, uint64(x.Int()/y.Int())), nil
		}
		return Wrap(t, uint64(x.Int()%y.Int())), nil
	case token.AND:
		return Wrap(t, x.Uint()&y.Uint()), nil
	case token.OR:
		return Wrap(t, x.Uint()|y.Uint()), nil
	case token.XOR:
		return Wrap(t, x.Uint()^y.Uint()), nil
	case token.AND_NOT:
		return Wrap(t, x.Uint()&^y.Uint()), nil
	case token.SHL, token.SHR:
		if ty.Signed && y.Int() < 0 {
			return 0, negativeShift
		}
		n := y.Uint()
		if op == token.SHL {
			if n >= 64 {
				return 0, nil
			}
			return Wrap(t, x.Uint()<<n), nil
		}
		if n >= 64 {
			n = 63
			if !t.Signed {
				return 0, nil
			}
		}
		if t.Signed {
			return Wrap(t, uint64(x.Int()>>n)), nil
		}
		return Wrap(t, x.Uint()>>n), nil
	}
	return 0, fmt.Errorf("constraint: operator %s on %s", op, t)
}

// Same reports whether x and y, values of t, are the same outcome as
// gozilla's harness compares results: floats by their bits (so -0 and +0
// differ) except that all NaNs are one outcome; other values by value.
// Float == is not this: -0 == 0 and NaN != NaN.
func Same(t Type, x, y Value) bool {
	if x == y {
		return true
	}
	if t.Kind == KFloat {
		a, b := x.Float(), y.Float()
		return a != a && b != b
	}
	return false
}

func compare(op token.Token, t Type, x, y Value) bool {
	var c int // -1, 0, 1; for NaN operands every comparison but != is false
	switch t.Kind {
	case KFloat:
		a, b := x.Float(), y.Float()
		if a != a || b != b {
			return op == token.NEQ
		}
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		}
	case KInt:
		if t.Signed {
			switch {
			case x.Int() < y.Int():
				c = -1
			case x.Int() > y.Int():
				c = 1
			}
		} else {
			switch {
			case x.Uint() < y.Uint():
				c = -1
			case x.Uint() > y.Uint():
				c = 1
			}
		}
	default:
		if x != y {
			c = 1
		}
	}
	switch op {
	case token.EQL:
		return c == 0
	case token.NEQ:
		return c != 0
	case token.LSS:
		return c < 0
	case token.LEQ:
		return c <= 0
	case token.GTR:
		return c > 0
	}
	return c >= 0 // GEQ
}
