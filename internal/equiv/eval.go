package equiv

// This file evaluates source expressions — the original expression at a
// site and its mutated form — over the source variables' values at an
// arrival. Only pure expressions are evaluated: constants, variables the
// explorer binds, arithmetic, comparisons, logical operators, numeric
// conversions, len of an input and fields of an input struct. Anything
// else (calls, indexing, pointers, variables in memory) is an error, and
// the mutant's verdict stays unknown.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// errUnsupported marks what the prover does not model.
var errUnsupported = errors.New("not modelled")

type evaluator struct {
	info    *types.Info
	env     *pmap.Layer[*types.Var, binding]
	memVars map[*types.Var]bool
}

func unsupported(e ast.Expr) error {
	return fmt.Errorf("%w: %s", errUnsupported, types.ExprString(e))
}

// scalar evaluates e to an IR expression.
func (ev *evaluator) scalar(e ast.Expr) (c.Expr, error) {
	b, err := ev.eval(e)
	if err != nil {
		return nil, err
	}
	if b.e == nil {
		return nil, unsupported(e)
	}
	return b.e, nil
}

func (ev *evaluator) eval(e ast.Expr) (binding, error) {
	tv := ev.info.Types[e]
	if tv.Value != nil {
		if k, ok := symbolic.ConstExpr(tv.Type, tv.Value); ok {
			return binding{e: k}, nil
		}
		return binding{}, unsupported(e)
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return ev.eval(e.X)
	case *ast.Ident:
		obj, ok := ev.info.Uses[e].(*types.Var)
		if !ok || ev.memVars[obj] {
			return binding{}, unsupported(e)
		}
		b, ok := ev.env.Get(obj)
		if !ok || !b.known() {
			return binding{}, unsupported(e)
		}
		return b, nil
	case *ast.UnaryExpr:
		x, err := ev.scalar(e.X)
		if err != nil {
			return binding{}, err
		}
		switch e.Op {
		case token.ADD:
			return binding{e: x}, nil
		case token.SUB:
			if x.Type().Kind != c.KBool {
				return binding{e: c.Un(token.SUB, x)}, nil
			}
		case token.XOR:
			if x.Type().Kind == c.KInt {
				return binding{e: c.Un(token.XOR, x)}, nil
			}
		case token.NOT:
			if x.Type() == c.Bool {
				return binding{e: c.Un(token.NOT, x)}, nil
			}
		}
	case *ast.BinaryExpr:
		x, err := ev.scalar(e.X)
		if err != nil {
			return binding{}, err
		}
		y, err := ev.scalar(e.Y)
		if err != nil {
			return binding{}, err
		}
		if c.Valid(e.Op, x, y) {
			return binding{e: c.Bin(e.Op, x, y)}, nil
		}
	case *ast.CallExpr:
		if ftv := ev.info.Types[e.Fun]; ftv.IsType() && len(e.Args) == 1 {
			x, err := ev.scalar(e.Args[0])
			if err != nil {
				return binding{}, err
			}
			t, ok := symbolic.IRType(ftv.Type)
			if ok && t.Kind != c.KBool && x.Type().Kind != c.KBool {
				return binding{e: c.Conv(t, x)}, nil
			}
			if ok && t == c.Bool && x.Type() == c.Bool {
				return binding{e: x}, nil
			}
			break
		}
		if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok && len(e.Args) == 1 {
			if bi, ok := ev.info.Uses[id].(*types.Builtin); ok && bi.Name() == "len" {
				x, err := ev.eval(e.Args[0])
				if err == nil && x.n != nil {
					return binding{e: x.n}, nil
				}
			}
		}
	case *ast.SelectorExpr:
		x, err := ev.eval(e.X)
		if err != nil || x.in == nil {
			return binding{}, unsupported(e)
		}
		if sel := ev.info.Selections[e]; sel != nil && sel.Kind() == types.FieldVal && len(sel.Index()) == 1 && sel.Index()[0] < len(x.in.fields) {
			return bindInput(x.in.fields[sel.Index()[0]]), nil
		}
	}
	return binding{}, unsupported(e)
}
