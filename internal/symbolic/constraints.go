package symbolic

// This file turns a mutant into its constraint system (seed 000 §3):
// for each path reaching the mutated code, the path condition
// (reachability) ∧ the necessity constraint of the mutant's operator (the
// original and the mutated expression differ there) ∧, when the mutation
// is inside a branch condition, the predicate constraint (the original
// and the mutated condition differ).

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
)

// ErrUnsupported marks a mutant or expression the IR cannot describe.
var ErrUnsupported = core.ErrUnsupported

// Site finds the syntax the mutant replaces: the node spanning exactly
// [m.Offset, m.End) (the outermost such expression, else statement), and
// the innermost branch condition that contains it, if any.
func Site(pkg *load.Package, m *mutate.Mutant) (node ast.Node, cond ast.Expr, err error) {
	var file *load.File
	for _, f := range pkg.Files {
		if f.Path == m.File {
			file = f
		}
	}
	if file == nil {
		return nil, nil, fmt.Errorf("%w: %s not loaded", ErrUnsupported, m.File)
	}
	tf := pkg.Fset.File(file.Syntax.Pos())
	start, end := tf.Pos(m.Offset), tf.Pos(m.End)
	ast.Inspect(file.Syntax, func(n ast.Node) bool {
		if n == nil || n.Pos() > start || n.End() < end {
			return false
		}
		if n.Pos() == start && n.End() == end {
			if _, isParen := n.(*ast.ParenExpr); node == nil && !isParen {
				node = n
			}
		}
		var cnd ast.Expr
		switch s := n.(type) {
		case *ast.IfStmt:
			cnd = s.Cond
		case *ast.ForStmt:
			cnd = s.Cond
		}
		if cnd != nil && cnd.Pos() <= start && end <= cnd.End() {
			cond = cnd
		}
		return true
	})
	if node == nil {
		return nil, nil, fmt.Errorf("%w: no syntax node spans the mutant", ErrUnsupported)
	}
	return node, cond, nil
}

// Mutant builds the mutant's system from the events at its site: one
// clause group per arrival. Necessity is left out (reachability only)
// for statement mutants.
func Mutant(pkg *load.Package, m *mutate.Mutant, node ast.Node, cond ast.Expr, events []*Event) (c.System, error) {
	// The mutated expression and condition are parsed and type-checked
	// once; each event evaluates them under its own values.
	mt := newMutated(pkg, m, node, cond)
	var sys c.System
	var firstErr error
	for _, ev := range events {
		reach := ev.DNF()
		need, err := necessity(pkg, m, node, cond, mt, ev)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		s, _ := c.And(reach, need)
		sys = append(sys, s...)
		if len(sys) >= c.MaxClauses {
			sys = sys[:c.MaxClauses] // enough ways to reach and infect it
			break
		}
	}
	if len(sys) == 0 && firstErr != nil {
		return nil, firstErr
	}
	return sys, nil
}

func newMutated(pkg *load.Package, m *mutate.Mutant, node ast.Node, cond ast.Expr) *mutated {
	mt := &mutated{}
	if e, isExpr := node.(ast.Expr); isExpr && m.Op != mutate.ABS {
		mt.repl, mt.replInfo, mt.replErr = CheckExpr(pkg, m.Repl, e.Pos())
	}
	if cond != nil && cond != node {
		if src, err := Splice(pkg, cond, m); err == nil {
			mt.cond, mt.condInfo, _ = CheckExpr(pkg, src, cond.Pos())
		}
	}
	return mt
}

// Need is what a mutant needs at an arrival at its site: necessity (the
// mutated expression's value differs from the original's) and, inside a
// larger condition, the predicate constraint (the condition's value
// differs too); true for statement mutants.
type Need struct {
	pkg  *load.Package
	m    *mutate.Mutant
	node ast.Node
	cond ast.Expr
	mt   *mutated
}

// NewNeed prepares m's need (node and cond are Site's).
func NewNeed(pkg *load.Package, m *mutate.Mutant, node ast.Node, cond ast.Expr) *Need {
	return &Need{pkg, m, node, cond, newMutated(pkg, m, node, cond)}
}

// At is the need at event ev, as one expression.
func (n *Need) At(ev *Event) (c.Expr, error) {
	s, err := necessity(n.pkg, n.m, n.node, n.cond, n.mt, ev)
	if err != nil {
		return nil, err
	}
	var e c.Expr = c.B(false)
	for _, cl := range s {
		var x c.Expr = c.B(true)
		for _, y := range cl {
			x = c.Bin(token.LAND, x, y)
		}
		e = c.Bin(token.LOR, e, x)
	}
	return c.Fold(e), nil
}

// mutated holds the type-checked mutated expression and condition.
type mutated struct {
	repl     ast.Expr
	replInfo *types.Info
	replErr  error
	cond     ast.Expr // nil when there is no enclosing condition or it failed to check
	condInfo *types.Info
}

func necessity(pkg *load.Package, m *mutate.Mutant, node ast.Node, cond ast.Expr, mt *mutated, ev *Event) (c.System, error) {
	e, isExpr := node.(ast.Expr)
	if !isExpr {
		return c.True(), nil // statement mutants: reaching them is what we can say
	}
	orig, err := evalExpr(e, pkg.Info, ev)
	if err != nil {
		return nil, err
	}
	var need c.Expr
	if m.Op == mutate.ABS {
		// seed 000 Table 1: abs dies on e < 0, -abs on e > 0, ZPUSH on e = 0.
		if orig.Type().Kind == c.KBool {
			return nil, fmt.Errorf("%w: abs of a bool", ErrUnsupported)
		}
		zero := c.Zero(orig.Type())
		switch {
		case m.ABSForm() == "abs":
			need = c.Bin(token.LSS, orig, zero)
		case m.ABSForm() == "-abs":
			need = c.Bin(token.GTR, orig, zero)
		default:
			need = c.Bin(token.EQL, orig, zero)
		}
	} else {
		if mt.replErr != nil {
			return nil, mt.replErr
		}
		mut, err := evalNew(mt.repl, mt.replInfo, ev)
		if err != nil {
			return nil, err
		}
		if mut.Type() != orig.Type() && isUntyped(mt.replInfo.Types[mt.repl].Type) && mut.Type().Kind != c.KBool && orig.Type().Kind != c.KBool {
			// An untyped constant replacement ("0" for a byte) takes the
			// type of the place it goes to, as the compiler gives it.
			mut = c.Fold(c.Conv(orig.Type(), mut))
		}
		if mut.Type() != orig.Type() {
			return nil, fmt.Errorf("%w: mutant of type %s for %s", ErrUnsupported, mut.Type(), orig.Type())
		}
		need = c.Bin(token.NEQ, orig, mut)
	}
	// The predicate constraint, when the mutation sits inside a larger
	// branch condition.
	if mt.cond != nil {
		co, err1 := evalExpr(cond, pkg.Info, ev)
		cm, err2 := evalNew(mt.cond, mt.condInfo, ev)
		if err1 == nil && err2 == nil && co.Type() == c.Bool && cm.Type() == c.Bool {
			need = c.Bin(token.LAND, need, c.Bin(token.NEQ, co, cm))
		}
	}
	s, _ := c.DNF(need)
	return s, nil
}

// Splice returns the source of the expression cond with the mutant
// applied (the mutant's span must lie inside it).
func Splice(pkg *load.Package, cond ast.Expr, m *mutate.Mutant) (string, error) {
	tf := pkg.Fset.File(cond.Pos())
	var src []byte
	for _, f := range pkg.Files {
		if f.Path == m.File {
			src = f.Src
		}
	}
	lo, hi := tf.Offset(cond.Pos()), tf.Offset(cond.End())
	if src == nil || m.Offset < lo || m.End > hi {
		return "", fmt.Errorf("%w: condition source", ErrUnsupported)
	}
	return string(src[lo:m.Offset]) + m.Repl + string(src[m.End:hi]), nil
}

// CheckExpr parses Go expression text and type-checks it in the scope
// at pos.
func CheckExpr(pkg *load.Package, src string, pos token.Pos) (ast.Expr, *types.Info, error) {
	e, err := parser.ParseExpr(src)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	if err := types.CheckExpr(pkg.Fset, pkg.Types, pos, e, info); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrUnsupported, err)
	}
	return e, info, nil
}

// evalNew evaluates an expression made by check under the event.
func evalNew(e ast.Expr, info *types.Info, ev *Event) (c.Expr, error) {
	return evalExpr(e, info, &Event{Cond: ev.Cond, Env: ev.Env, Mem: ev.Mem}) // no recorded values: the nodes are new
}

// evalExpr evaluates a source expression over the event's values.
func evalExpr(e ast.Expr, info *types.Info, ev *Event) (c.Expr, error) {
	v, err := evaluator(info).Eval(e, ev)
	if err != nil {
		return nil, err
	}
	if v.E == nil {
		return nil, fmt.Errorf("%w: %s is not a scalar", ErrUnsupported, types.ExprString(e))
	}
	return v.E, nil
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}
