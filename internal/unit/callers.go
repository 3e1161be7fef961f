package unit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// callerCache caches callerRangesOf per package.
var callerCache sync.Map // *load.Package → map[*types.Var]*value.Range

// nonNegative is the range of a parameter every caller passes a value
// of at least 0.
var nonNegative = &value.Range{Lo: 0, Hi: math.MaxInt64, Doc: "[0, …]", Source: "its callers in the package pass"}

// callerRangesOf finds the signed integer parameters of the package's
// unexported functions and methods to which every call in the package
// passes a value that is at least 0 (a length, a constant, an index of
// a range loop, a sum or product of such, a parameter that is itself
// one): a helper's inputs are its callers' (Daikon's likely invariants,
// here proven of the call sites), and a row that calls it on -1
// (difflib's calculateRatio(-1, 3)) is one a reviewer rejects. A
// function used other than by a direct call (as a value) gets none.
func callerRangesOf(pkg *load.Package) map[*types.Var]*value.Range {
	if c, ok := callerCache.Load(pkg); ok {
		return c.(map[*types.Var]*value.Range)
	}
	info := pkg.Info
	type site struct {
		arg ast.Expr
	}
	sites := map[*types.Var][]site{}       // a helper's parameter: its arguments
	funcOf := map[*types.Var]*types.Func{} // and its function
	escaped := map[*types.Func]bool{}
	called := map[*ast.Ident]bool{} // the identifiers that are a call's function
	ranged := map[*types.Var]bool{} // the index variables of range loops over slices, arrays, strings
	// A local variable's assignments (x := len(a); x += n), and the
	// variables assigned otherwise (x -= 1, x--, &x, a tuple of a call,
	// a range loop's element): at least 0 when all are.
	assigns := map[*types.Var][]ast.Expr{}
	unknown := map[*types.Var]bool{}
	varOf := func(e ast.Expr) *types.Var {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return nil
		}
		if v, ok := info.Defs[id].(*types.Var); ok {
			return v
		}
		v, _ := info.Uses[id].(*types.Var)
		return v
	}
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						v := varOf(l)
						if v == nil {
							continue
						}
						switch {
						case len(n.Lhs) != len(n.Rhs):
							unknown[v] = true
						case n.Tok == token.DEFINE || n.Tok == token.ASSIGN || n.Tok == token.ADD_ASSIGN || n.Tok == token.MUL_ASSIGN || n.Tok == token.QUO_ASSIGN || n.Tok == token.REM_ASSIGN:
							assigns[v] = append(assigns[v], n.Rhs[i])
						default:
							unknown[v] = true
						}
					}
				case *ast.IncDecStmt:
					if v := varOf(n.X); v != nil && n.Tok == token.DEC {
						unknown[v] = true
					}
				case *ast.UnaryExpr:
					if v := varOf(n.X); v != nil && n.Op == token.AND {
						unknown[v] = true
					}
				case *ast.ValueSpec:
					for i, name := range n.Names {
						if v, ok := info.Defs[name].(*types.Var); ok {
							switch {
							case len(n.Values) == len(n.Names):
								assigns[v] = append(assigns[v], n.Values[i])
							case len(n.Values) == 0:
								assigns[v] = append(assigns[v], &ast.BasicLit{Kind: token.INT, Value: "0"})
							default:
								unknown[v] = true
							}
						}
					}
				case *ast.RangeStmt:
					if v := varOf(n.Value); v != nil {
						unknown[v] = true
					}
					if id, ok := n.Key.(*ast.Ident); ok {
						if v, ok := info.Defs[id].(*types.Var); ok {
							switch info.TypeOf(n.X).Underlying().(type) {
							case *types.Slice, *types.Array, *types.Pointer:
								ranged[v] = true
							case *types.Basic: // a string, or an integer n: 0…n-1
								ranged[v] = true
							}
						}
					}
				case *ast.CallExpr:
					var id *ast.Ident
					switch fun := ast.Unparen(n.Fun).(type) {
					case *ast.Ident:
						id = fun
					case *ast.SelectorExpr:
						id = fun.Sel
					}
					fn, _ := info.Uses[id].(*types.Func)
					if fn == nil || fn.Pkg() != pkg.Types || fn.Exported() {
						return true
					}
					called[id] = true
					if fn.Type().(*types.Signature).Recv() != nil {
						// A method may be called through an interface
						// too, where the arguments are not seen here.
						return true
					}
					sig := fn.Type().(*types.Signature)
					for i, a := range n.Args {
						if i < sig.Params().Len() && !(sig.Variadic() && i >= sig.Params().Len()-1) {
							p := sig.Params().At(i)
							if signedInt(p.Type()) {
								sites[p] = append(sites[p], site{a})
								funcOf[p] = fn
							}
						}
					}
				}
				return true
			})
		}
	}
	// A function used other than as a call's (a value, a var's
	// initializer) escapes: its callers are not all seen.
	for id, obj := range info.Uses {
		if fn, ok := obj.(*types.Func); ok && fn.Pkg() == pkg.Types && !called[id] {
			escaped[fn] = true
		}
	}
	out := map[*types.Var]*value.Range{}
	var nonneg func(e ast.Expr) bool
	visiting := map[*types.Var]bool{}
	nonneg = func(e ast.Expr) bool {
		e = ast.Unparen(e)
		if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.INT && bl.Value == "0" {
			return true // var x int
		}
		if tv, ok := info.Types[e]; ok && tv.Value != nil {
			return constant.Sign(tv.Value) >= 0
		}
		if b, ok := info.TypeOf(e).Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 {
			return true
		}
		switch e := e.(type) {
		case *ast.Ident:
			v, ok := info.Uses[e].(*types.Var)
			if !ok {
				return false
			}
			if ranged[v] || out[v] != nil {
				return true
			}
			if unknown[v] || len(assigns[v]) == 0 || v.Parent() == pkg.Types.Scope() {
				return false // a package variable: anyone sets it
			}
			if visiting[v] {
				return true // x += len(a) in a loop: by induction
			}
			visiting[v] = true
			defer delete(visiting, v)
			for _, a := range assigns[v] {
				if !nonneg(a) {
					return false
				}
			}
			return true
		case *ast.CallExpr:
			if id, ok := ast.Unparen(e.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok {
					switch b.Name() {
					case "len", "cap":
						return true
					case "min", "max":
						for _, a := range e.Args {
							if !nonneg(a) {
								return false
							}
						}
						return true
					}
					return false
				}
			}
			if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
				return nonneg(e.Args[0]) // int(n)
			}
		case *ast.BinaryExpr:
			switch e.Op {
			case token.ADD, token.MUL, token.QUO, token.REM, token.SHR, token.AND:
				return nonneg(e.X) && nonneg(e.Y)
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for p, ss := range sites {
			if out[p] != nil {
				continue
			}
			if escaped[funcOf[p]] {
				continue
			}
			all := true
			for _, s := range ss {
				all = all && nonneg(s.arg)
			}
			if all {
				out[p], changed = nonNegative, true
			}
		}
	}
	got, _ := callerCache.LoadOrStore(pkg, out)
	return got.(map[*types.Var]*value.Range)
}

// signedInt reports whether t is a signed integer type.
func signedInt(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0
}
