package symbolic

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"runtime"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
)

// MutantFunc builds the SSA form of mutant m's version of the function
// declared at decl in pkg: the package type-checked again with the
// mutant's file (the prover's miter and the D-algorithm's φ compare it
// with the original).
func MutantFunc(pkg *load.Package, decl ast.Node, m *mutate.Mutant) (*ssa.Function, error) {
	fset := token.NewFileSet()
	var files []*ast.File
	var target *ast.FuncDecl
	declOff := pkg.Fset.Position(decl.Pos()).Offset
	for _, f := range pkg.Files {
		src := f.Src
		if f.Path == m.File {
			src = m.Apply(src)
		}
		af, err := parser.ParseFile(fset, f.Path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, fmt.Errorf("mutant does not parse: %v", err)
		}
		files = append(files, af)
		if f.Path == m.File {
			for _, d := range af.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fset.Position(fd.Pos()).Offset == declOff {
					target = fd
				}
			}
		}
	}
	if target == nil {
		return nil, fmt.Errorf("mutant's function not found")
	}
	info := &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{}, Uses: map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{}, FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{Importer: pkg.Importer(), GoVersion: pkg.Types.GoVersion(), Sizes: types.SizesFor("gc", runtime.GOARCH)}
	tpkg, err := conf.Check(pkg.Path, fset, files, info)
	if err != nil {
		return nil, fmt.Errorf("mutant does not type-check: %v", err)
	}
	for i, f := range pkg.Files {
		if f.Cgo {
			files[i] = withoutBodies(files[i]) // as Build does
		}
	}
	sp := BuildFiles(fset, tpkg, files, info)
	obj, _ := info.Defs[target.Name].(*types.Func)
	if obj == nil {
		return nil, fmt.Errorf("mutant's function has no type")
	}
	fn := sp.Prog.FuncValue(obj)
	if fn == nil {
		return nil, fmt.Errorf("mutant's function has no SSA form")
	}
	return fn, nil
}
