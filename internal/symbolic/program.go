// Package symbolic is the test generator's view of a unit's SSA form
// (golang.org/x/tools/go/ssa): it explores it over symbols standing for
// its inputs with the core explorer (internal/explore) under the
// narrowing policy — paths walked with loops unrolled up to a bound,
// keeping for each path the conjunction of its branch conditions (the
// path expression, seed 000 §5; the reachability condition C_R of seed
// 003 §2.1) and the value of every SSA register and source variable as
// an expression over the inputs.
//
// At the mutation sites it is asked about it records events: the path
// condition that reaches the site and the source variables' values
// there, and the whole paths that go on from it, from which the mutant's
// necessity and predicate constraints are built (constraints.go). Each
// block keeps the conditions it was reached under (Result.Reach), and
// cfg.go gives the dominator and post-dominator trees and def-use
// chains.
//
// Memory is modelled where the explorer can tell where a pointer points:
// elements and fields of the inputs and of local variables, slices of
// inputs at constant offsets. Operations it does not model — calls,
// globals, maps, stores through unknown pointers — yield fresh
// unconstrained symbols ("havoc"), which widen and never narrow.
//
// What narrows, so that the results serve test generation and are not
// proofs: input lengths are bounded by MaxLen (a bound added to the path
// conditions), a read at a symbolic index forks only over the first
// MaxLen index values, a slice's capacity is taken as its length, and
// exploration stops at the unrolling bound and the path limit (Result.Cut).
// An engine that proves infeasibility must drop or account for these.
//
// In: a loaded package, a unit, sites (AST nodes). Out: events per site,
// path expressions per block, input symbols with their place in the
// unit's arguments.
package symbolic

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/load"
)

// Program is the SSA form of one package, built once and shared by its
// units.
type Program struct {
	Pkg *load.Package
	ssa *ssa.Package
}

// Build builds the package's SSA form with debug information (the
// DebugRef instructions tie source expressions and variables to values).
func Build(pkg *load.Package) (*Program, error) {
	var files []*ast.File
	for _, f := range pkg.Files {
		syntax := f.Syntax
		if f.Cgo {
			syntax = withoutBodies(syntax)
		}
		files = append(files, syntax)
	}
	sp := BuildFiles(pkg.Fset, pkg.Types, files, pkg.Info)
	return &Program{Pkg: pkg, ssa: sp}, nil
}

// withoutBodies is a copy of cgo's output f whose functions have no
// bodies: their SSA forms are external, like those of an imported
// package, so that every engine treats a call to one as opaque. Their
// code calls C through pointers into its frame (the result a C function
// writes there is, to go/ssa, a variable never assigned): a model of it
// would be unsound.
func withoutBodies(f *ast.File) *ast.File {
	c := *f
	c.Decls = make([]ast.Decl, len(f.Decls))
	for i, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
			cd := *fd
			cd.Body = nil
			d = &cd
		}
		c.Decls[i] = d
	}
	return &c
}

// BuildFiles builds the SSA form, with debug information, of a package
// type-checked from files (the package as loaded, or a mutant of it);
// the packages it imports are created from their type information only.
func BuildFiles(fset *token.FileSet, tpkg *types.Package, files []*ast.File, info *types.Info) *ssa.Package {
	prog := ssa.NewProgram(fset, ssa.GlobalDebug|ssa.InstantiateGenerics)
	created := map[*types.Package]bool{}
	var create func(p *types.Package)
	create = func(p *types.Package) {
		if created[p] {
			return
		}
		created[p] = true
		for _, imp := range p.Imports() {
			create(imp)
		}
		if p != tpkg {
			prog.CreatePackage(p, nil, nil, true)
		}
	}
	create(tpkg)
	sp := prog.CreatePackage(tpkg, files, info, false)
	sp.Build()
	return sp
}

// Func returns the SSA function of a package-level function or method
// object, or nil.
func (p *Program) Func(obj *types.Func) *ssa.Function {
	return p.ssa.Prog.FuncValue(obj)
}
