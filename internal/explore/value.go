package explore

// This file holds what the explorer knows of a value, and the mapping of
// Go types and constants to the constraint IR.

import (
	"go/constant"
	"go/token"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/value"
)

// Value is what the explorer knows of an SSA register or a source
// variable. The zero Value is "unknown".
type Value struct {
	E   c.Expr  // a scalar: an expression over the inputs (always folded)
	Arg *Arg    // an aggregate or a pointer: a part of the input model, or a local place
	Str *string // a constant string (Precision.Strings)
	// Len is the length of a string or slice the explorer knows only by
	// its length (a widened loop-carried value).
	Len c.Expr
	// Tuple holds the results of an inlined call with several.
	Tuple []Value
}

// Known reports whether v says anything about the value.
func (v Value) Known() bool { return v.E != nil || v.Arg != nil || v.Str != nil || v.Len != nil }

// Length is the length of a string, slice or array value, nil when
// unknown: an input's (or a view's), an array's, a constant string's, or
// a widened one's.
func (v Value) Length() c.Expr {
	switch {
	case v.Len != nil:
		return v.Len
	case v.Str != nil:
		return c.I(c.Int, int64(len(*v.Str)))
	case v.Arg != nil:
		if v.Arg.Type.Kind == value.Array {
			return c.I(c.Int, int64(v.Arg.Type.Len))
		}
		return v.Arg.length()
	}
	return nil
}

// IRType maps a Go type to the IR's scalar types (false for the others).
func IRType(t types.Type) (c.Type, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return c.Type{}, false
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return c.Bool, true
	case types.Int, types.UntypedInt:
		return c.Int, true
	case types.Int8:
		return c.Int8, true
	case types.Int16:
		return c.Int16, true
	case types.Int32, types.UntypedRune:
		return c.Int32, true
	case types.Int64:
		return c.Int64, true
	case types.Uint, types.Uintptr:
		return c.Uint, true
	case types.Uint8:
		return c.Uint8, true
	case types.Uint16:
		return c.Uint16, true
	case types.Uint32:
		return c.Uint32, true
	case types.Uint64:
		return c.Uint64, true
	case types.Float32:
		return c.Float32, true
	case types.Float64, types.UntypedFloat:
		return c.Float64, true
	}
	return c.Type{}, false
}

// ScalarType maps a value type to the IR's; false for non-scalars.
func ScalarType(t *value.Type) (c.Type, bool) {
	switch t.Kind {
	case value.Bool:
		return c.Bool, true
	case value.Int:
		return c.Type{Kind: c.KInt, Bits: t.Bits, Signed: true}, true
	case value.Uint:
		return c.Type{Kind: c.KInt, Bits: t.Bits}, true
	case value.Float:
		return c.Type{Kind: c.KFloat, Bits: t.Bits, Signed: true}, true
	}
	return c.Type{}, false
}

// ConstExpr converts a Go constant of type t to an IR constant; false for
// strings and constants the IR cannot hold.
func ConstExpr(t types.Type, v constant.Value) (c.Expr, bool) {
	s, ok := constValue(t, v, false)
	return s.E, ok
}

// constValue converts a Go constant of type t; a string constant only
// with strings set.
func constValue(t types.Type, v constant.Value, strings bool) (Value, bool) {
	if v == nil {
		return Value{}, false
	}
	if v.Kind() == constant.String {
		if !strings {
			return Value{}, false
		}
		s := constant.StringVal(v)
		return Value{Str: &s}, true
	}
	ct, ok := IRType(t)
	if !ok {
		return Value{}, false
	}
	switch ct.Kind {
	case c.KBool:
		return Value{E: c.B(constant.BoolVal(v))}, true
	case c.KInt:
		if x, exact := constant.Int64Val(constant.ToInt(v)); exact {
			return Value{E: c.I(ct, x)}, true
		}
		if x, exact := constant.Uint64Val(constant.ToInt(v)); exact {
			return Value{E: &c.Const{T: ct, V: c.Wrap(ct, x)}}, true
		}
	case c.KFloat:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return Value{E: c.F(ct, f)}, true
	}
	return Value{}, false
}

// Fold folds e's top node when its operands are constants. The explorer
// builds values bottom up, each operand folded already, so this is
// constraint.Fold without its walk over the whole tree (which, on the
// DAGs that unrolled loops build, is exponential).
func Fold(e c.Expr) c.Expr {
	switch x := e.(type) {
	case *c.Unary:
		if _, ok := x.X.(*c.Const); !ok {
			return e
		}
	case *c.Binary:
		_, kx := x.X.(*c.Const)
		_, ky := x.Y.(*c.Const)
		if !kx || !ky {
			if kx && (x.Op == token.LAND || x.Op == token.LOR) {
				return c.Fold(e) // short circuit on a constant left side
			}
			return e
		}
	case *c.Convert:
		if _, ok := x.X.(*c.Const); !ok {
			return e
		}
	default:
		return e
	}
	return c.Fold(e)
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
