package mutate

// This file decides which sites report their infection (weak mutation,
// Howden 1982): in coverage mode, when the generation harness asks
// (_gzWeak), an expression site whose value is of a basic type and
// whose original and variants read state without changing it evaluates
// each variant beside the original and marks the mutants whose value
// differs. A mutant whose site was reached but never infected behaves
// as the original on that input, every step of the way: the harness
// need not run it. Sites with calls, receives or values of other types
// are always run when reached.

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"github.com/gozilla/gozilla/internal/load"
)

// pureBuiltins are the builtins that read their operands only.
var pureBuiltins = map[string]bool{"len": true, "cap": true, "min": true, "max": true, "real": true, "imag": true, "complex": true}

// maxWeakText bounds the text of a whole check (see markWeak): a long
// expression with many variants inside checks its parts instead.
const maxWeakText = 1 << 15

// markWeak sets site.weak on the expression sites whose infection the
// schemata check, and site.weakIn on those that check for the pure
// sites inside them too. The closer to the statement the value compared,
// the fewer mutants count as infected: a mutant of c in c >= '0' && c <=
// '9' is infected only when the whole condition's value differs, not
// whenever c+1 differs from c. So a pure site all of whose inner sites
// are pure checks them all, as the outermost such site (the root):
// its value with each inner variant in place against its own.
func markWeak(pkg *load.Package, files []*fileSites) {
	for _, fs := range files {
		eligible := map[*site]bool{}
		for _, s := range fs.all {
			s.weak, s.weakIn = false, false
			eligible[s] = s.kind == exprSite && !s.noWeak && s.live() > 0 && weakSite(pkg, fs.file.Src, s)
		}
		// whole: eligible with every inner site eligible (children
		// first: fs.all is in pre-order), and the check's text (the
		// site's once per variant inside) not too long to compile.
		whole := map[*site]bool{}
		inside := map[*site]int{} // live variants, the site's and its inner sites'
		for i := len(fs.all) - 1; i >= 0; i-- {
			s := fs.all[i]
			ok := eligible[s]
			inside[s] = s.live()
			for _, c := range s.children {
				ok = ok && (whole[c] || c.live() == 0 && len(c.children) == 0)
				inside[s] += inside[c]
			}
			whole[s] = ok && inside[s]*(s.end-s.pos) <= maxWeakText
		}
		var walk func(s *site, inWhole bool)
		walk = func(s *site, inWhole bool) {
			switch {
			case whole[s] && !inWhole:
				s.weak, s.weakIn = true, true
			case eligible[s] && !whole[s]:
				s.weak = true
			}
			for _, c := range s.children {
				walk(c, inWhole || whole[s])
			}
		}
		for _, r := range fs.roots {
			walk(r, false)
		}
	}
}

// weakSite reports whether s's value is of a basic type (compared with
// !=) and its original expression and every live variant are pure: no
// calls but conversions, pure builtins and the operators' own checked
// literals, no receives. A pure expression may still panic (an index
// out of range, a division by zero): the check recovers and counts the
// variant infected.
func weakSite(pkg *load.Package, src []byte, s *site) bool {
	e, ok := s.node.(ast.Expr)
	if !ok || s.typ == "" {
		return false
	}
	tv, ok := pkg.Info.Types[e]
	if !ok || tv.Type == nil {
		return false
	}
	if _, ok := tv.Type.(*types.TypeParam); ok {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	// (An untyped one, a comparison's bool or a constant, is of the
	// site's type T in the schemata, as the check's values are.)
	if !ok || b.Kind() == types.UnsafePointer || b.Kind() == types.Invalid || b.Kind() == types.UntypedNil {
		return false
	}
	// Floats differ by their bits (-0 is not 0 to the harness), which
	// != does not see: the check compares them so.
	switch {
	case b.Info()&types.IsFloat != 0:
		s.weakCmp = "_gzFDiff(float64(%s), float64(_gzo))"
	case b.Info()&types.IsComplex != 0:
		s.weakCmp = "_gzCDiff(complex128(%s), complex128(_gzo))"
	default:
		s.weakCmp = "(%s) != _gzo"
	}
	if !pure(e, func(fun ast.Expr) bool {
		if t, ok := pkg.Info.Types[fun]; ok && t.IsType() {
			return true // a conversion
		}
		id, ok := fun.(*ast.Ident)
		if !ok {
			return false
		}
		bi, ok := pkg.Info.Uses[id].(*types.Builtin)
		return ok && pureBuiltins[bi.Name()]
	}) {
		return false
	}
	scope := pkg.Types.Scope().Innermost(e.Pos())
	if scope == nil {
		return false
	}
	pos := e.Pos()
	isPkg := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		if !ok {
			return false
		}
		_, obj := scope.LookupParent(id.Name, pos)
		_, ok = obj.(*types.PkgName)
		return ok
	}
	// (The original's divisions and shifts count even by a literal:
	// an inner site's variant may take its place, x / 2 → x / x.)
	s.weakPanics = mayPanic(e, isPkg, true)
	byName := func(fun ast.Expr) bool {
		id, ok := fun.(*ast.Ident)
		if !ok {
			return false
		}
		_, obj := scope.LookupParent(id.Name, pos)
		switch obj := obj.(type) {
		case *types.TypeName:
			return true
		case *types.Builtin:
			return pureBuiltins[obj.Name()]
		}
		return false
	}
	for _, v := range s.variants {
		if v.dropped {
			continue
		}
		x, err := parser.ParseExpr(v.plain(src))
		if err != nil || !pure(x, byName) {
			return false
		}
		if !v.zpush { // (its check is whether the expression is 0)
			s.weakPanics = s.weakPanics || mayPanic(x, isPkg, false)
		}
	}
	return true
}

// pure reports whether evaluating e changes nothing: every call is one
// call accepts (by its function) or a func literal called at once whose
// body only tests, panics and returns pure values (ABS's check that a
// value is not zero); no receive, no other func literal.
func pure(e ast.Expr, call func(fun ast.Expr) bool) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false
			}
		case *ast.FuncLit:
			ok = false
		case *ast.CallExpr:
			fun := ast.Unparen(n.Fun)
			if lit, isLit := fun.(*ast.FuncLit); isLit {
				ok = pureBody(lit.Body, call)
				for _, a := range n.Args {
					ok = ok && pure(a, call)
				}
				return false
			}
			if !call(fun) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// pureBody reports whether a func literal's body only tests, panics
// with a constant and returns pure values.
func pureBody(b *ast.BlockStmt, call func(fun ast.Expr) bool) bool {
	for _, st := range b.List {
		switch st := st.(type) {
		case *ast.IfStmt:
			if st.Init != nil || st.Else != nil || !pure(st.Cond, call) || !pureBody(st.Body, call) {
				return false
			}
		case *ast.ReturnStmt:
			for _, r := range st.Results {
				if !pure(r, call) {
					return false
				}
			}
		case *ast.ExprStmt:
			c, ok := st.X.(*ast.CallExpr)
			if !ok || len(c.Args) != 1 {
				return false
			}
			id, ok := c.Fun.(*ast.Ident)
			if _, lit := c.Args[0].(*ast.BasicLit); !ok || id.Name != "panic" || !lit {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// mayPanic reports whether evaluating the pure expression e may panic:
// an index, a slice expression, a dereference, a field through a
// pointer (any selector but a package's name), a type assertion, a
// division or a shift by anything but a literal (by anything, strict),
// or a called func literal. Its check then recovers the panic.
func mayPanic(e ast.Expr, isPkg func(ast.Expr) bool, strict bool) bool {
	may := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.StarExpr, *ast.TypeAssertExpr, *ast.FuncLit:
			may = true
		case *ast.SelectorExpr:
			may = may || !isPkg(n.X)
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				// By a literal: not zero (an integer division by a
				// constant zero does not compile), not negative.
				_, lit := ast.Unparen(n.Y).(*ast.BasicLit)
				may = may || !lit || strict
			}
		}
		return !may
	})
	return may
}
