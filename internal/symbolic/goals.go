package symbolic

// Systems for coverage requirements: a branch outcome is reached and
// taken; a def-use pair's use is reached from its definition.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
)

// CondSite is the site whose arrivals evaluate condition cond: its
// leftmost operand that is not a constant (operands of && and || and !
// are computed left to right, and constants have no instruction), or nil
// when there is none.
func CondSite(info *types.Info, cond ast.Expr) ast.Expr {
	for {
		if tv, ok := info.Types[cond]; ok && tv.Value != nil {
			return nil
		}
		switch e := cond.(type) {
		case *ast.ParenExpr:
			cond = e.X
		case *ast.UnaryExpr:
			if e.Op != token.NOT {
				return cond
			}
			cond = e.X
		case *ast.BinaryExpr:
			if e.Op != token.LAND && e.Op != token.LOR {
				return cond
			}
			if tv, ok := info.Types[e.X]; ok && tv.Value != nil {
				cond = e.Y
			} else {
				cond = e.X
			}
		default:
			return cond
		}
	}
}

// SwitchSite is the site whose arrivals evaluate an expression switch's
// cases: its tag, or the first case of a switch without one; nil when
// the switch has no case to evaluate.
func SwitchSite(info *types.Info, sw *ast.SwitchStmt) ast.Expr {
	if sw.Tag != nil {
		if tv, ok := info.Types[sw.Tag]; ok && tv.Value != nil {
			return nil
		}
		return sw.Tag
	}
	for _, s := range sw.Body.List {
		for _, e := range s.(*ast.CaseClause).List {
			if x := CondSite(info, e); x != nil {
				return x
			}
		}
	}
	return nil
}

// Condition is the system of the paths of events on which cond takes
// the value want (at most c.MaxClauses clauses).
func Condition(info *types.Info, cond ast.Expr, want bool, events []*Event) (c.System, error) {
	return goal(events, func(ev *Event) (c.Expr, error) { return ConditionAt(info, cond, want, ev) })
}

// ConditionAt is what must hold at event ev (an arrival at CondSite)
// for cond to take the value want.
func ConditionAt(info *types.Info, cond ast.Expr, want bool, ev *Event) (c.Expr, error) {
	x, err := evaluator(info).Scalar(cond, ev)
	if err != nil {
		return nil, err
	}
	if x.Type() != c.Bool {
		return nil, fmt.Errorf("%w: %s is not a boolean", ErrUnsupported, types.ExprString(cond))
	}
	if !want {
		x = c.Not(x)
	}
	return x, nil
}

// Selects is the system of the paths of events on which switch sw
// selects clause cl (nil: the implicit default): no case of the clauses
// before it matches and one of its does; for a default, no case
// matches. The cases are evaluated at the event, which is where sw's tag
// is (SwitchSite): they must not depend on what the switch's cases
// compute.
func Selects(info *types.Info, sw *ast.SwitchStmt, cl *ast.CaseClause, events []*Event) (c.System, error) {
	return goal(events, func(ev *Event) (c.Expr, error) { return SelectsAt(info, sw, cl, ev) })
}

// SelectsAt is what must hold at event ev (an arrival at SwitchSite) for
// switch sw to select clause cl (nil: the implicit default).
func SelectsAt(info *types.Info, sw *ast.SwitchStmt, cl *ast.CaseClause, ev *Event) (c.Expr, error) {
	ev0 := evaluator(info)
	var tag *core.Value
	if sw.Tag != nil {
		v, err := ev0.Eval(sw.Tag, ev)
		if err != nil {
			return nil, err
		}
		tag = &v
	}
	matches := func(cc *ast.CaseClause) (c.Expr, error) {
		var m c.Expr = c.B(false)
		for _, e := range cc.List {
			var x c.Expr
			if tag == nil {
				v, err := ev0.Scalar(e, ev)
				if err != nil {
					return nil, err
				}
				x = v
			} else {
				v, err := ev0.Eval(e, ev)
				if err != nil {
					return nil, err
				}
				eq, ok := ev0.Equal(*tag, v)
				if !ok {
					return nil, fmt.Errorf("%w: case %s", ErrUnsupported, types.ExprString(e))
				}
				x = eq
			}
			if x.Type() != c.Bool {
				return nil, fmt.Errorf("%w: case %s is not a boolean", ErrUnsupported, types.ExprString(e))
			}
			m = c.Bin(token.LOR, m, x)
		}
		return m, nil
	}
	var need c.Expr = c.B(true)
	for _, s := range sw.Body.List {
		cc := s.(*ast.CaseClause)
		if cc == cl {
			if cc.List == nil {
				continue // the default: no case matches, before or after it
			}
			m, err := matches(cc)
			if err != nil {
				return nil, err
			}
			return c.Fold(c.Bin(token.LAND, need, m)), nil
		}
		if cc.List == nil {
			continue
		}
		m, err := matches(cc)
		if err != nil {
			return nil, err
		}
		need = c.Bin(token.LAND, need, c.Not(m))
	}
	return c.Fold(need), nil
}

// goal is the system of the events' paths, each with what need says
// must hold at its site; the first error when no event gives a clause.
func goal(events []*Event, need func(*Event) (c.Expr, error)) (c.System, error) {
	var sys c.System
	var firstErr error
	for _, ev := range events {
		x, err := need(ev)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		n, _ := c.DNF(c.Fold(x))
		s, _ := c.And(ev.DNF(), n)
		sys = append(sys, s...)
		if len(sys) >= c.MaxClauses {
			sys = sys[:c.MaxClauses]
			break
		}
	}
	if len(sys) == 0 && firstErr != nil {
		return nil, firstErr
	}
	return sys, nil
}

// DefUse returns the events of uses (arrivals at a use site, whole paths
// first, as Arrivals gives them) on whose paths the definition that
// reaches the use is def: the latest arrival at a definition of the
// variable on the path (defs maps each definition site of the variable
// to whether it is def) is at def. A nil def is the function's entry:
// a use is reached from it when no definition of the variable is on
// the path. A path's conditions tell which definitions it went through
// (an arrival's condition is a prefix of the use's); two definitions
// with no branch between them are told apart by nothing, and both count.
// A definition at the use itself (x += 1) comes after it.
func (r *Result) DefUse(def ast.Node, defs []ast.Node, use ast.Node, max int) []*Event {
	var out []*Event
	for _, ev := range r.Arrivals(use, c.MaxClauses) {
		at := ev
		if ev.Prefix != nil {
			at = ev.Prefix
		}
		best, ours := -1, def == nil
		for _, d := range defs {
			if d == use {
				// x += 1 reads x before it defines it: its definition
				// is not on the way to its own use.
				continue
			}
			for _, dv := range r.Events[d] {
				n := len(dv.Cond)
				if !isPrefix(dv.Cond, at.Cond) || n < best {
					continue
				}
				if n > best {
					best, ours = n, false
				}
				ours = ours || d == def
			}
		}
		if ours {
			out = append(out, ev)
			if len(out) == max {
				break
			}
		}
	}
	return out
}

func isPrefix(p, of c.Clause) bool {
	if len(p) > len(of) {
		return false
	}
	for i := range p {
		if p[i] != of[i] {
			return false
		}
	}
	return true
}
