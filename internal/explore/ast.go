package explore

// This file evaluates source expressions — the original expression at a
// site and its mutated form, an assumption — over the values an event
// recorded: the source variables' values, the expressions' values the
// path computed, the memory it wrote. Only pure expressions are
// evaluated: constants, variables the explorer binds, arithmetic,
// comparisons, logical operators, numeric conversions, len, fields of an
// input struct and, with a narrowing precision, elements at constant
// indexes and pointees. Anything else is an error.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/value"
)

// ErrUnsupported marks what an evaluator does not model.
var ErrUnsupported = errors.New("unsupported")

// Evaluator evaluates source expressions at events.
type Evaluator struct {
	Info *types.Info // the expressions' types and objects
	// Precision is the exploration's: element reads and pointers with
	// MaxLen, constant strings with Strings.
	Precision Precision
	// Err is wrapped by the errors it returns (nil: ErrUnsupported).
	Err error
}

func (v *Evaluator) unsupported(e ast.Expr) error {
	err := v.Err
	if err == nil {
		err = ErrUnsupported
	}
	return fmt.Errorf("%w: %s", err, types.ExprString(e))
}

// Scalar evaluates e at the event to an IR expression.
func (v *Evaluator) Scalar(e ast.Expr, at *Event) (c.Expr, error) {
	b, err := v.Eval(e, at)
	if err != nil {
		return nil, err
	}
	if b.E == nil {
		return nil, v.unsupported(e)
	}
	return b.E, nil
}

// Eval evaluates e at the event. A value the path computed for e itself
// (Event.Vals) is taken as it is.
func (v *Evaluator) Eval(e ast.Expr, at *Event) (Value, error) {
	if x, ok := at.Vals.Get(e); ok && x != nil {
		return Value{E: x}, nil
	}
	tv := v.Info.Types[e]
	if tv.Value != nil {
		if k, ok := constValue(tv.Type, tv.Value, v.Precision.Strings); ok {
			return k, nil
		}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return v.Eval(e.X, at)
	case *ast.Ident:
		obj, ok := v.Info.Uses[e].(*types.Var)
		if !ok {
			break
		}
		b, ok := at.Env.Get(obj)
		if !ok || !b.Known() {
			break
		}
		return b, nil
	case *ast.UnaryExpr:
		x, err := v.Scalar(e.X, at)
		if err != nil {
			return Value{}, err
		}
		switch e.Op {
		case token.ADD:
			return Value{E: x}, nil
		case token.SUB:
			if x.Type().Kind != c.KBool {
				return Value{E: c.Un(token.SUB, x)}, nil
			}
		case token.XOR:
			if x.Type().Kind == c.KInt {
				return Value{E: c.Un(token.XOR, x)}, nil
			}
		case token.NOT:
			if x.Type() == c.Bool {
				return Value{E: c.Un(token.NOT, x)}, nil
			}
		}
	case *ast.BinaryExpr:
		if e.Op == token.EQL || e.Op == token.NEQ {
			// Constant strings against input strings too.
			x, err := v.Eval(e.X, at)
			if err != nil {
				return Value{}, err
			}
			y, err := v.Eval(e.Y, at)
			if err != nil {
				return Value{}, err
			}
			eq, ok := v.equal(x, y)
			if !ok {
				break
			}
			if e.Op == token.NEQ {
				eq = c.Fold(c.Not(eq))
			}
			return Value{E: eq}, nil
		}
		x, err := v.Scalar(e.X, at)
		if err != nil {
			return Value{}, err
		}
		y, err := v.Scalar(e.Y, at)
		if err != nil {
			return Value{}, err
		}
		if c.Valid(e.Op, x, y) {
			return Value{E: c.Bin(e.Op, x, y)}, nil
		}
	case *ast.CallExpr:
		if ftv := v.Info.Types[e.Fun]; ftv.IsType() && len(e.Args) == 1 {
			x, err := v.Scalar(e.Args[0], at)
			if err != nil {
				return Value{}, err
			}
			t, ok := IRType(ftv.Type)
			if ok && t.Kind != c.KBool && x.Type().Kind != c.KBool {
				return Value{E: c.Conv(t, x)}, nil
			}
			if ok && t == c.Bool && x.Type() == c.Bool {
				return Value{E: x}, nil
			}
			break
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) >= 1 {
			if bi, ok := v.Info.Uses[id].(*types.Builtin); ok && (bi.Name() == "max" || bi.Name() == "min") {
				return v.minMax(e, bi.Name() == "max", at)
			}
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) == 1 {
			if bi, ok := v.Info.Uses[id].(*types.Builtin); ok && bi.Name() == "len" {
				x, err := v.Eval(e.Args[0], at)
				if err == nil && x.Length() != nil {
					return Value{E: x.Length()}, nil
				}
			}
		}
	case *ast.IndexExpr:
		if v.Precision.MaxLen == 0 {
			break
		}
		return v.element(e, at)
	case *ast.SelectorExpr:
		x, err := v.Eval(e.X, at)
		if err != nil || x.Arg == nil {
			break
		}
		a := x.Arg
		if a.Type.Kind == value.Pointer {
			if v.Precision.MaxLen == 0 {
				break
			}
			a = a.pointee()
		}
		if a.Type.Kind == value.Struct {
			for i, f := range a.Type.Fields {
				if f.Name == e.Sel.Name && i < len(a.Fields) {
					return at.load(a.Fields[i]), nil
				}
			}
		}
	}
	return Value{}, v.unsupported(e)
}

// minMax evaluates the builtin max (or min) of integers: the first of
// the largest (smallest) arguments, as the spec has it. Floats are not
// modelled (NaN and -0 make their order no total one).
func (v *Evaluator) minMax(e *ast.CallExpr, isMax bool, at *Event) (Value, error) {
	var acc c.Expr
	for _, a := range e.Args {
		x, err := v.Scalar(a, at)
		if err != nil {
			return Value{}, err
		}
		if x.Type().Kind != c.KInt {
			return Value{}, v.unsupported(e)
		}
		if acc == nil {
			acc = x
			continue
		}
		if x.Type() != acc.Type() {
			x = c.Conv(acc.Type(), x) // an untyped constant argument
		}
		op := token.GTR
		if !isMax {
			op = token.LSS
		}
		acc = c.If(c.Bin(op, x, acc), x, acc)
	}
	return Value{E: acc}, nil
}

// Equal is x == y for two values of one comparable type the evaluator
// models: scalars, and strings of which one is constant (with
// Precision.Strings and MaxLen).
func (v *Evaluator) Equal(x, y Value) (c.Expr, bool) { return v.equal(x, y) }

func (v *Evaluator) equal(x, y Value) (c.Expr, bool) {
	if x.E != nil && y.E != nil {
		if !c.Valid(token.EQL, x.E, y.E) {
			return nil, false
		}
		return c.Bin(token.EQL, x.E, y.E), true
	}
	if x.Str != nil && y.Str != nil {
		return c.B(*x.Str == *y.Str), true
	}
	if v.Precision.MaxLen > 0 && v.Precision.Strings {
		return stringEq(x, y, v.Precision.MaxLen)
	}
	return nil, false
}

// element evaluates x[i] at a constant index (a literal, or a value the
// path made concrete: a loop counter, an index the explorer forked on).
func (v *Evaluator) element(e *ast.IndexExpr, at *Event) (Value, error) {
	x, err := v.Eval(e.X, at)
	if err != nil || x.Arg == nil {
		return Value{}, v.unsupported(e)
	}
	k, err := v.Eval(e.Index, at)
	if err != nil || k.E == nil {
		return Value{}, v.unsupported(e)
	}
	maxLen := v.Precision.MaxLen
	kc, ok := c.Fold(k.E).(*c.Const)
	if !ok || kc.T.Kind != c.KInt || !kc.T.Signed && kc.V.Uint() > uint64(maxLen) {
		return Value{}, v.unsupported(e)
	}
	i := kc.V.Int()
	if i < 0 || i >= int64(maxLen) || (x.Arg.Type.Kind != value.String && x.Arg.Type.Kind != value.Slice && x.Arg.Type.Kind != value.Array) {
		return Value{}, v.unsupported(e)
	}
	if x.Arg.Type.Kind == value.Array && int(i) >= x.Arg.Type.Len {
		return Value{}, v.unsupported(e)
	}
	return at.load(x.Arg.elemOf(int(i))), nil
}
