package equiv

// This file ties a mutant to the SSA instructions whose execution means
// its code is reached (triggers), and turns each arrival into necessity
// obligations: pairs of values, the original's and the mutant's, that
// must differ somewhere for the mutant to make a difference.
//
// Triggers must fire on every execution of the mutated code (a missed
// arrival would be a missed way to kill the mutant), and the variables'
// values they capture must be those the mutated code sees:
//   - an expression with a DebugRef of its own fires right after it is
//     computed;
//   - a non-constant expression without one (a && b in a condition,
//     lowered into branches) fires after each DebugRef inside it: its
//     first operand is always evaluated, later ones add arrivals with
//     stronger conditions, which only widens the obligations;
//   - a constant, or a statement, fires before the first instruction of
//     its innermost enclosing simple statement or condition in each block
//     visit: before that statement assigns anything.

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// siteInfo is one mutant's place in its function.
type siteInfo struct {
	node ast.Node // the replaced syntax
	// span is where a constant or statement site fires: its innermost
	// enclosing simple statement or condition (nil: it never fires).
	span ast.Node
	// stmt is the span whose instructions tell whether the site's code
	// can run at all (for unreachability).
	stmt     ast.Node
	constant bool
	overflow bool // more arrivals than recorded: obligations are incomplete
}

// newSite places node, the syntax a mutant replaces (symbolic.Site), in
// its function body fd.
func newSite(pkg *load.Package, node ast.Node, fd *ast.FuncDecl) (*siteInfo, error) {
	s := &siteInfo{node: node}
	if e, ok := node.(ast.Expr); ok {
		s.constant = pkg.Info.Types[e].Value != nil
	}
	path := pathTo(fd.Body, node)
	if path == nil {
		return nil, fmt.Errorf("%w: mutant outside the unit's body", errUnsupported)
	}
	// The innermost enclosing simple statement or condition.
	for i := len(path) - 1; i >= 0; i-- {
		n := path[i]
		if _, lit := n.(*ast.FuncLit); lit {
			return nil, fmt.Errorf("%w: mutant inside a function literal", errUnsupported)
		}
		if isSimpleStmt(n) || isCondition(path, i) {
			s.span = n
			break
		}
	}
	if _, isStmt := node.(ast.Stmt); isStmt {
		s.span = node
	}
	s.stmt = s.span
	return s, nil
}

// pathTo returns the nodes from root down to n (inclusive), nil if n is
// not inside root.
func pathTo(root, n ast.Node) []ast.Node {
	var stack, found []ast.Node
	ast.Inspect(root, func(x ast.Node) bool {
		if found != nil {
			return false
		}
		if x == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if x.Pos() > n.Pos() || x.End() < n.End() {
			return false
		}
		stack = append(stack, x)
		if x == n {
			found = append([]ast.Node(nil), stack...)
			return false
		}
		return true
	})
	return found
}

func isSimpleStmt(n ast.Node) bool {
	switch n.(type) {
	case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeclStmt:
		return true
	}
	return false
}

// isCondition reports whether path[i] is the condition of an if or for
// statement, a switch tag, a case expression or the operand of a range.
func isCondition(path []ast.Node, i int) bool {
	if i == 0 {
		return false
	}
	n := path[i]
	switch p := path[i-1].(type) {
	case *ast.IfStmt:
		return p.Cond == n
	case *ast.ForStmt:
		return p.Cond == n
	case *ast.SwitchStmt:
		return p.Tag == n
	case *ast.RangeStmt:
		return p.X == n
	case *ast.CaseClause:
		for _, e := range p.List {
			if e == n {
				return true
			}
		}
	}
	return false
}

// attach registers the site's triggers among fn's instructions: the
// instructions after (before) which its node's arrivals are recorded.
func (s *siteInfo) attach(fn *ssa.Function, before, after map[ssa.Instruction][]ast.Node) {
	if e, ok := s.node.(ast.Expr); ok && !s.constant {
		var own, inner []ssa.Instruction
		for _, b := range fn.Blocks {
			for _, ins := range b.Instrs {
				d, ok := ins.(*ssa.DebugRef)
				if !ok || d.IsAddr {
					continue
				}
				switch {
				case ast.Unparen(d.Expr) == ast.Unparen(e):
					own = append(own, ins)
				case e.Pos() <= d.Expr.Pos() && d.Expr.End() <= e.End():
					inner = append(inner, ins)
				}
			}
		}
		if own == nil {
			own = inner
		}
		for _, ins := range own {
			after[ins] = append(after[ins], s.node)
		}
		if own != nil {
			return
		}
	}
	if s.span == nil {
		return
	}
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if _, phi := ins.(*ssa.Phi); !phi && posIn(ins.Pos(), s.span) {
				before[ins] = append(before[ins], s.node)
			}
		}
	}
}

// blocks are the blocks of fn where the site's arrivals are recorded
// and its statement runs: an exploration that could not reach them
// again left every arrival recorded (explore.Explorer.CompleteAt).
func (s *siteInfo) blocks(fn *ssa.Function) []*ssa.BasicBlock {
	before, after := map[ssa.Instruction][]ast.Node{}, map[ssa.Instruction][]ast.Node{}
	s.attach(fn, before, after)
	seen := map[*ssa.BasicBlock]bool{}
	var out []*ssa.BasicBlock
	add := func(b *ssa.BasicBlock) {
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if before[ins] != nil || after[ins] != nil || s.stmt != nil && posIn(ins.Pos(), s.stmt) {
				add(b)
			}
		}
	}
	return out
}

// reachable says whether the site's code can run, from a complete
// exploration: false only when the instructions of its enclosing
// statement are all in blocks no path reaches (and there are some).
func (s *siteInfo) reachable(fn *ssa.Function, reached map[*ssa.BasicBlock]bool) (bool, bool) {
	if s.stmt == nil {
		return true, false
	}
	any := false
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if posIn(ins.Pos(), s.stmt) {
				any = true
				if reached[b] {
					return true, true
				}
			}
		}
	}
	return false, any
}

// obligation is one way the mutant may differ at one arrival: the path
// condition, and two values that must differ (orig == nil for statement
// mutants, which need only be reached).
type obligation struct {
	reach      c.Clause
	orig, mut  c.Expr
	ok         c.Expr // for templates: the condition under which they differ (orig/mut nil)
	level      string // what is compared: "the expression", "the enclosing expression", …
	floatInvol bool
}

// mutantForms holds what a mutant compares, parsed and type-checked once.
type mutantForms struct {
	levels []level // innermost first
	// stmt: for statement mutants, the original and mutated statements.
	stmtKind string
	abs      string // "max", "min", "zpush" for ABS mutants
	err      error
}

// level is one expression containing the site, with its mutated form.
type level struct {
	orig     ast.Expr
	mut      ast.Expr
	mutInfo  *types.Info
	untyped  bool
	name     string
	statemnt bool
}

// forms builds the comparable forms of m: the site's expression and each
// enclosing pure expression, original and mutated.
func forms(pkg *load.Package, m *mutate.Mutant, s *siteInfo, fd *ast.FuncDecl) *mutantForms {
	mf := &mutantForms{}
	e, isExpr := s.node.(ast.Expr)
	if !isExpr {
		mf.stmtKind = "statement"
		return mf
	}
	if m.Op == mutate.ABS {
		switch {
		case m.ABSForm() == "abs":
			mf.abs = "max"
		case m.ABSForm() == "-abs":
			mf.abs = "min"
		default:
			mf.abs = "zpush"
			return mf
		}
		// Besides Table 1's template, the expressions around the site:
		// abs of a value only compared with zero (y != 0) changes
		// nothing there.
	}
	path := pathTo(fd.Body, s.node)
	name := "the mutated expression"
	for i := len(path) - 1; i >= 0; i-- {
		x, ok := path[i].(ast.Expr)
		if !ok {
			break
		}
		if _, paren := x.(*ast.ParenExpr); paren && x != e {
			continue
		}
		src, err := symbolic.Splice(pkg, x, m)
		if err != nil {
			break
		}
		mx, info, err := symbolic.CheckExpr(pkg, src, x.Pos())
		if err != nil {
			if x == e {
				mf.err = err
			}
			break
		}
		mf.levels = append(mf.levels, level{orig: x, mut: mx, mutInfo: info, untyped: isUntyped(info.Types[mx].Type), name: name})
		name = "the enclosing expression " + shorten(types.ExprString(x))
		if i > 0 && isCondition(path, i) {
			name = "the condition " + shorten(types.ExprString(x))
		}
		if i > 0 {
			if _, ok := path[i-1].(ast.Expr); !ok {
				break
			}
			if call, ok := path[i-1].(*ast.CallExpr); ok && !pkg.Info.Types[call.Fun].IsType() {
				break // a call's arguments: the call is not modelled
			}
		}
	}
	if len(mf.levels) == 0 && mf.err == nil {
		mf.err = fmt.Errorf("%w: the mutated expression", errUnsupported)
	}
	return mf
}

func shorten(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

func isUntyped(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsUntyped != 0
}

// statementDiff returns, for a statement mutant (RSR, ASG), the values
// the original and the mutated statement produce at an arrival: the
// result that changed, or the value assigned. ok is false for deletions
// and whatever it cannot read.
func statementDiff(pkg *load.Package, m *mutate.Mutant, st ast.Stmt, ev *evaluator) (orig, mut c.Expr, err error) {
	repl, err := parseStmt(m.Repl)
	if err != nil {
		return nil, nil, err
	}
	switch o := st.(type) {
	case *ast.ReturnStmt:
		r, ok := repl.(*ast.ReturnStmt)
		if !ok || len(r.Results) != len(o.Results) {
			break
		}
		for i := range o.Results {
			if types.ExprString(o.Results[i]) == types.ExprString(r.Results[i]) {
				continue
			}
			x, err := ev.scalar(o.Results[i])
			if err != nil {
				return nil, nil, err
			}
			// The replacement is a zero value or true of the result's type.
			switch types.ExprString(r.Results[i]) {
			case "true":
				return x, c.B(true), nil
			case "false", "0":
				return x, c.Zero(x.Type()), nil
			}
			break
		}
	case *ast.IncDecStmt:
		x, err := ev.scalar(o.X)
		if err != nil {
			return nil, nil, err
		}
		one := c.I(x.Type(), 1)
		if x.Type().Kind == c.KFloat {
			one = c.F(x.Type(), 1)
		}
		up, down := c.Bin(token.ADD, x, one), c.Bin(token.SUB, x, one)
		if o.Tok == token.DEC {
			up, down = down, up
		}
		return up, down, nil
	case *ast.AssignStmt:
		r, ok := repl.(*ast.AssignStmt)
		if !ok || len(o.Lhs) != 1 || len(o.Rhs) != 1 {
			break
		}
		x, err := ev.scalar(o.Lhs[0])
		if err != nil {
			return nil, nil, err
		}
		y, err := ev.scalar(o.Rhs[0])
		if err != nil {
			return nil, nil, err
		}
		val := func(tok token.Token) (c.Expr, error) {
			if tok == token.ASSIGN {
				if y.Type() != x.Type() {
					return nil, fmt.Errorf("%w: assignment types", errUnsupported)
				}
				return y, nil
			}
			op := mutate.AssignOp(tok)
			if !c.Valid(op, x, y) {
				return nil, fmt.Errorf("%w: %s", errUnsupported, tok)
			}
			return c.Bin(op, x, y), nil
		}
		if orig, err = val(o.Tok); err != nil {
			return nil, nil, err
		}
		if mut, err = val(r.Tok); err != nil {
			return nil, nil, err
		}
		return orig, mut, nil
	}
	return nil, nil, fmt.Errorf("%w: %s mutant of a statement", errUnsupported, m.Op)
}

func parseStmt(src string) (ast.Stmt, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "", "package p; func _() { "+src+" }", 0)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errUnsupported, err)
	}
	body := f.Decls[0].(*ast.FuncDecl).Body
	if len(body.List) != 1 {
		return nil, fmt.Errorf("%w: not one statement", errUnsupported)
	}
	return body.List[0], nil
}

// posIn reports whether p lies in n's span.
func posIn(p token.Pos, n ast.Node) bool { return p.IsValid() && n.Pos() <= p && p < n.End() }
