package equiv

// This file implements the folding of the expressions the explorer
// builds, node by node. Their measures (structural hashes, tree sizes,
// symbols) are memoised in the unit's solve.Shapes, which the
// refutation chains share.

import (
	c "github.com/gozilla/gozilla/internal/constraint"
)

// maxTree is the tree size beyond which the engines that walk trees
// (domain reduction, the rules, DNF) are not given an expression: SAT,
// which works on the DAG, still is.
const maxTree = 1 << 14

// fold folds e's top node when its operands are constants: the
// explorer builds values bottom up, each operand folded already, so
// this is c.Fold without its walk over the whole tree.
func fold(e c.Expr) c.Expr {
	switch x := e.(type) {
	case *c.Unary:
		if _, ok := x.X.(*c.Const); !ok {
			return e
		}
	case *c.Binary:
		_, kx := x.X.(*c.Const)
		_, ky := x.Y.(*c.Const)
		if !kx || !ky {
			if kx && (x.Op.String() == "&&" || x.Op.String() == "||") {
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
