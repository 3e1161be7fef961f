package coverage

// Syntax of the requirements: the engines that build inputs for a
// branch outcome or a def-use pair need the nodes the plan's positions
// stand for.

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// Decision is the syntax of a branch outcome (Plan.Branches).
type Decision struct {
	// Cond and Outcome, for an if or for outcome: the condition and the
	// value it takes.
	Cond    ast.Expr
	Outcome bool
	// Switch and Clause, for a clause of an expression switch: the
	// switch, and the clause it selects (nil for the implicit default).
	// A default clause is selected when no case matches.
	Switch *ast.SwitchStmt
	Clause *ast.CaseClause
}

// Decision returns the syntax of branch id of pkg's plan. Type switch
// and select outcomes are not described (an error says so).
func (p *Plan) Decision(pkg *load.Package, id int) (Decision, error) {
	if id < 0 || id >= len(p.Branches) {
		return Decision{}, fmt.Errorf("no branch %d", id)
	}
	b := p.Branches[id]
	f := fileOf(pkg, b.Pos.Filename)
	if f == nil {
		return Decision{}, fmt.Errorf("%s: file not loaded", b.Pos.Filename)
	}
	tf := pkg.Fset.File(f.Syntax.Pos())
	if b.Pos.Offset < 0 || b.Pos.Offset > tf.Size() {
		return Decision{}, fmt.Errorf("%s: offset %d out of the file", b.Pos, b.Pos.Offset)
	}
	at := tf.Pos(b.Pos.Offset)
	var d Decision
	found := false
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > at || n.End() < at {
			return false
		}
		switch n := n.(type) {
		case *ast.IfStmt:
			if (b.Kind == "if") && n.Cond.Pos() == at {
				d, found = Decision{Cond: n.Cond, Outcome: strings.HasSuffix(b.Label, " true")}, true
			}
		case *ast.ForStmt:
			if b.Kind == "for" && n.Cond != nil && n.Cond.Pos() == at {
				d, found = Decision{Cond: n.Cond, Outcome: strings.HasSuffix(b.Label, " true")}, true
			}
		case *ast.SwitchStmt:
			if b.Kind != "case" && b.Kind != "default" {
				break
			}
			if n.Pos() == at && b.Label == "default (implicit)" {
				d, found = Decision{Switch: n}, true
				break
			}
			for _, s := range n.Body.List {
				if cc := s.(*ast.CaseClause); cc.Case == at {
					d, found = Decision{Switch: n, Clause: cc}, true
				}
			}
		}
		return !found
	})
	if !found {
		return Decision{}, fmt.Errorf("%s: no %s decision here", b.Pos, b.Kind)
	}
	return d, nil
}

// PairNodes returns the syntax of def-use pair id of pkg's plan: the
// defining identifier (nil for a definition at the function's entry: a
// parameter, a result or the receiver) and the use (the identifier
// read, or the bare return statement).
func (p *Plan) PairNodes(pkg *load.Package, id int) (def, use ast.Node, err error) {
	if id < 0 || id >= len(p.Pairs) {
		return nil, nil, fmt.Errorf("no def-use pair %d", id)
	}
	pr := p.Pairs[id]
	entry := false
	for _, k := range []string{"param ", "result ", "receiver "} {
		entry = entry || strings.HasPrefix(pr.DefText, k)
	}
	if !entry {
		if def = identAt(pkg, pr.Def); def == nil {
			return nil, nil, fmt.Errorf("%s: no definition of %s here", pr.Def, pr.Var)
		}
	}
	if use = identAt(pkg, pr.Use); use == nil {
		use = returnAt(pkg, pr.Use)
	}
	if use == nil {
		return nil, nil, fmt.Errorf("%s: no use of %s here", pr.Use, pr.Var)
	}
	return def, use, nil
}

// StmtNode returns the syntax of statement id of pkg's plan.
func (p *Plan) StmtNode(pkg *load.Package, id int) (ast.Stmt, error) {
	if id < 0 || id >= len(p.Stmts) {
		return nil, fmt.Errorf("no statement %d", id)
	}
	st := p.Stmts[id]
	n := nodeAt(pkg, st.Pos, func(n ast.Node) bool {
		_, ok := n.(ast.Stmt)
		_, isBlock := n.(*ast.BlockStmt)
		return ok && !isBlock
	})
	if n == nil {
		return nil, fmt.Errorf("%s: no statement here", st.Pos)
	}
	return n.(ast.Stmt), nil
}

func fileOf(pkg *load.Package, name string) *load.File {
	for _, f := range pkg.Files {
		if pkg.Fset.Position(f.Syntax.Pos()).Filename == name {
			return f
		}
	}
	return nil
}

// nodeAt returns the first node (outermost) of pkg's syntax at position
// p for which match holds.
func nodeAt(pkg *load.Package, p token.Position, match func(ast.Node) bool) ast.Node {
	f := fileOf(pkg, p.Filename)
	if f == nil {
		return nil
	}
	tf := pkg.Fset.File(f.Syntax.Pos())
	if p.Offset < 0 || p.Offset > tf.Size() {
		return nil
	}
	at := tf.Pos(p.Offset)
	var out ast.Node
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if out != nil || n == nil || n.Pos() > at || n.End() <= at {
			return false
		}
		if n.Pos() == at && match(n) {
			out = n
		}
		return out == nil
	})
	return out
}

func identAt(pkg *load.Package, p token.Position) ast.Node {
	return nodeAt(pkg, p, func(n ast.Node) bool { _, ok := n.(*ast.Ident); return ok })
}

func returnAt(pkg *load.Package, p token.Position) ast.Node {
	return nodeAt(pkg, p, func(n ast.Node) bool { _, ok := n.(*ast.ReturnStmt); return ok })
}
