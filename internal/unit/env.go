package unit

import (
	"go/ast"
	"go/types"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// unitEnv is what value.Build needs to know about the unit: its package,
// where the names of other packages go, and the dynamic types its body
// looks for in interface values (type switch cases and type assertions,
// in source order).
func unitEnv(pkg *load.Package, fd *ast.FuncDecl, u *Unit) *value.Env {
	env := &value.Env{Pkg: pkg.Types, Imports: u.Imports, Pure: purityOf(pkg).Pure, Outside: outsideOf(pkg).Outside, Factories: factoriesOf(pkg), Ranges: rangesOf(pkg), Producers: producersOf(pkg)}
	if fd.Body == nil {
		return env
	}
	seen := map[string]bool{}
	add := func(e ast.Expr) {
		if e == nil {
			return
		}
		t := pkg.Info.TypeOf(e)
		if t == nil || types.IsInterface(t) {
			return
		}
		if k := types.TypeString(t, nil); !seen[k] {
			seen[k] = true
			env.Dyn = append(env.Dyn, t)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.TypeAssertExpr:
			add(n.Type)
		case *ast.TypeSwitchStmt:
			for _, s := range n.Body.List {
				for _, e := range s.(*ast.CaseClause).List {
					if id, ok := e.(*ast.Ident); ok && id.Name == "nil" {
						continue
					}
					add(e)
				}
			}
		}
		return true
	})
	return env
}
