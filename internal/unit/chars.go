package unit

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
)

// charCache caches charParamsOf per package.
var charCache sync.Map // *load.Package → map[*types.Var]bool

// charFuncs are the calls whose byte or rune operand is a character.
var charFuncs = map[string]bool{
	"WriteByte": true, "WriteRune": true, "IndexByte": true, "IndexRune": true, "LastIndexByte": true,
	"ContainsRune": true, "IsUpper": true, "IsLower": true, "IsLetter": true,
	"IsDigit": true, "IsSpace": true, "IsPunct": true, "IsPrint": true, "IsNumber": true, "ToUpper": true,
	"ToLower": true, "ToTitle": true, "AppendRune": true, "EncodeRune": true, "RuneLen": true,
}

// charParamsOf finds the parameters of the package's functions of type
// byte, rune, uint8 or int32 that their code uses as characters: written
// into text (string(p), b.WriteByte(p), append to a []byte), compared
// with a character literal (p == '-', case '_':), passed to unicode's
// predicates, or passed on to a parameter of the package that is one
// (strcase's ToDelimited(s, delimiter uint8) passes delimiter to
// ToScreamingDelimited, which writes it). Their values are drawn and
// shrunk as printable characters first, not as small numbers (a NUL
// delimiter).
func charParamsOf(pkg *load.Package) map[*types.Var]bool {
	if c, ok := charCache.Load(pkg); ok {
		return c.(map[*types.Var]bool)
	}
	info := pkg.Info
	isCharType := func(t types.Type) bool {
		b, ok := t.Underlying().(*types.Basic)
		return ok && (b.Kind() == types.Uint8 || b.Kind() == types.Int32)
	}
	// params: each function's parameters of a char type, by position.
	type fn struct {
		decl   *ast.FuncDecl
		params []*types.Var // nil where not a char type
	}
	var fns []fn
	byFunc := map[*types.Func][]*types.Var{}
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			obj, _ := info.Defs[fd.Name].(*types.Func)
			if obj == nil {
				continue
			}
			sig := obj.Type().(*types.Signature)
			ps := make([]*types.Var, sig.Params().Len())
			any := false
			for i := range ps {
				if p := sig.Params().At(i); isCharType(p.Type()) {
					ps[i], any = p, true
				}
			}
			byFunc[obj] = ps
			if any {
				fns = append(fns, fn{fd, ps})
			}
		}
	}
	out := map[*types.Var]bool{}
	// passes: a parameter passed on to another function's parameter,
	// resolved by a fixpoint once the direct uses are known.
	type pass struct{ from, to *types.Var }
	var passes []pass
	for _, f := range fns {
		mine := map[types.Object]bool{}
		for _, p := range f.params {
			if p != nil {
				mine[p] = true
			}
		}
		param := func(e ast.Expr) *types.Var {
			id, ok := ast.Unparen(e).(*ast.Ident)
			if !ok {
				return nil
			}
			if v, ok := info.Uses[id].(*types.Var); ok && mine[v] {
				return v
			}
			return nil
		}
		charLit := func(e ast.Expr) bool {
			bl, ok := ast.Unparen(e).(*ast.BasicLit)
			return ok && bl.Kind == token.CHAR
		}
		ast.Inspect(f.decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				switch n.Op {
				case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
					if p := param(n.X); p != nil && charLit(n.Y) {
						out[p] = true
					}
					if p := param(n.Y); p != nil && charLit(n.X) {
						out[p] = true
					}
				}
			case *ast.SwitchStmt:
				if p := param(n.Tag); p != nil {
					for _, s := range n.Body.List {
						for _, e := range s.(*ast.CaseClause).List {
							if charLit(e) {
								out[p] = true
							}
						}
					}
				}
			case *ast.CallExpr:
				if tv, ok := info.Types[n.Fun]; ok && tv.IsType() && len(n.Args) == 1 {
					if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
						if p := param(n.Args[0]); p != nil {
							out[p] = true // string(p)
						}
					}
					return true
				}
				var callee *types.Func
				switch fun := ast.Unparen(n.Fun).(type) {
				case *ast.Ident:
					if fun.Name == "append" && len(n.Args) >= 2 {
						if b, ok := info.TypeOf(n.Args[0]).Underlying().(*types.Slice); ok {
							if eb, ok := b.Elem().Underlying().(*types.Basic); ok && eb.Kind() == types.Uint8 {
								for _, a := range n.Args[1:] {
									if p := param(a); p != nil {
										out[p] = true
									}
								}
							}
						}
						return true
					}
					callee, _ = info.Uses[fun].(*types.Func)
				case *ast.SelectorExpr:
					callee, _ = info.Uses[fun.Sel].(*types.Func)
				}
				if callee == nil {
					return true
				}
				if charFuncs[callee.Name()] {
					for _, a := range n.Args {
						if p := param(a); p != nil {
							out[p] = true
						}
					}
				}
				if to := byFunc[callee]; to != nil {
					for i, a := range n.Args {
						if p := param(a); p != nil && i < len(to) && to[i] != nil {
							passes = append(passes, pass{p, to[i]})
						}
					}
				}
			}
			return true
		})
	}
	for changed := true; changed; {
		changed = false
		for _, ps := range passes {
			if out[ps.to] && !out[ps.from] {
				out[ps.from], changed = true, true
			}
		}
	}
	got, _ := charCache.LoadOrStore(pkg, out)
	return got.(map[*types.Var]bool)
}
