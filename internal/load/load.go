// Package load turns package patterns into type-checked packages ready for
// mutation: it owns the go/packages configuration (build tags, test files,
// the module root) and the checks that a user's input is usable.
//
// In: patterns such as "./..." and a Config. Out: one *Package per matched
// package, holding the parsed non-test files (the files gozilla mutates), the
// type information for them, and whether the package has tests at all.
//
// Test files are loaded for `score` only so that the package with its tests
// is known to compile; they are never mutated.
package load

import (
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Config says how to load. The zero value loads from the current directory
// with no build tags.
type Config struct {
	Dir string // directory the patterns are relative to; "" = current directory
	// NoTests loads the packages without their test variants: faster
	// (the tests' imports are not loaded) when nothing needs to know
	// whether tests exist and compile. Package.HasTests is then false.
	NoTests bool
	Tags    string // comma- or space-separated build tags, as for go build -tags
	Env     []string

	// Overlay replaces file contents (absolute path -> source), as the go
	// command's -overlay: gen uses it to leave out the test file it is
	// about to regenerate.
	Overlay map[string][]byte
}

// Package is one loaded package: its non-test files, parsed and type-checked.
type Package struct {
	Path     string // import path
	Name     string // package name
	Dir      string // absolute source directory
	Fset     *token.FileSet
	Files    []*File // non-test Go files that may be mutated, sorted by path
	Types    *types.Package
	Info     *types.Info
	HasTests bool // the package has _test.go files (internal or external)

	// importer resolves imports for re-type-checking mutated files.
	imports map[string]*types.Package
}

// File is one source file of a Package.
type File struct {
	Path   string // absolute path
	Syntax *ast.File
	Src    []byte // the file's bytes as read from disk
	Cgo    bool   // the file imports "C": never mutated (no overlay for cgo)
}

// Error is a user-facing problem with the input: bad pattern, a package
// that does not compile. The CLI reports it on one line with exit code 2.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Load loads the packages matching patterns. Every returned package
// type-checks; otherwise an *Error names the first problem.
func Load(cfg Config, patterns ...string) ([]*Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fset := token.NewFileSet()
	pcfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
			packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports |
			packages.NeedModule | packages.NeedForTest,
		// No NeedDeps: dependencies come from export data (go list
		// -export, cached by the build cache) instead of being parsed and
		// type-checked from source, which for a package with tests means
		// testing and its whole import graph: 1.5 s on a small subject.
		Dir:     cfg.Dir,
		Env:     cfg.Env,
		Fset:    fset,
		Tests:   !cfg.NoTests,
		Overlay: cfg.Overlay,
	}
	pkgs, err := cfg.load(pcfg, patterns)
	if err != nil {
		return nil, err
	}

	// With Tests, each package P appears as P, "P [P.test]" (P with its
	// internal tests), possibly "P_test [P.test]" and the "P.test" main.
	// Mutation needs P's own files; the test variants tell us that tests
	// exist and that they compile.
	type entry struct {
		plain    *packages.Package
		hasTests bool
	}
	byPath := map[string]*entry{}
	var order []string
	var firstErr string
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		for _, e := range p.Errors {
			if firstErr != "" {
				continue
			}
			if e.Kind == packages.ListError && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 {
				// go list could not resolve the pattern itself.
				return nil, &Error{Msg: fmt.Sprintf("pattern %s matches no packages: %s", strings.Join(patterns, " "), e.Msg)}
			}
			firstErr = e.Error()
		}
		path := p.PkgPath
		if p.ForTest != "" {
			path = p.ForTest
		}
		ent := byPath[path]
		if ent == nil {
			ent = &entry{}
			byPath[path] = ent
			order = append(order, path)
		}
		switch {
		case p.ForTest == "" && p.ID == p.PkgPath:
			ent.plain = p
		default:
			for _, f := range p.GoFiles {
				if strings.HasSuffix(f, "_test.go") {
					ent.hasTests = true
				}
			}
		}
	}
	if firstErr != "" {
		return nil, &Error{Msg: "package does not compile: " + firstErr}
	}
	if len(order) == 0 {
		return nil, &Error{Msg: fmt.Sprintf("pattern %s matches no packages", strings.Join(patterns, " "))}
	}
	sort.Strings(order)

	var out []*Package
	for _, path := range order {
		ent := byPath[path]
		if ent.plain == nil {
			continue // e.g. a directory holding only an external test package
		}
		p := ent.plain
		if len(p.GoFiles) == 0 {
			continue
		}
		out = append(out, newPackage(p, fset, ent.hasTests))
	}
	if len(out) == 0 {
		return nil, &Error{Msg: fmt.Sprintf("pattern %s matches no packages with Go files", strings.Join(patterns, " "))}
	}
	return out, nil
}

func newPackage(p *packages.Package, fset *token.FileSet, hasTests bool) *Package {
	pkg := &Package{
		Path:     p.PkgPath,
		Name:     p.Name,
		Fset:     fset,
		Types:    p.Types,
		Info:     p.TypesInfo,
		HasTests: hasTests,
		imports:  map[string]*types.Package{},
	}
	for _, imp := range p.Types.Imports() {
		pkg.imports[imp.Path()] = imp
	}
	for _, f := range p.Syntax {
		name := fset.File(f.Pos()).Name()
		if pkg.Dir == "" {
			pkg.Dir = filepath.Dir(name)
		}
		src, err := os.ReadFile(name)
		if err != nil {
			continue // generated or vanished: nothing to mutate
		}
		cgo := false
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				cgo = true
			}
		}
		pkg.Files = append(pkg.Files, &File{Path: name, Syntax: f, Src: src, Cgo: cgo})
	}
	sort.Slice(pkg.Files, func(i, j int) bool { return pkg.Files[i].Path < pkg.Files[j].Path })
	return pkg
}

// Importer returns a types.Importer that resolves this package's imports to
// the already-loaded packages, for re-type-checking mutated sources.
func (p *Package) Importer() types.Importer { return importerFunc(p.imports) }

type importerFunc map[string]*types.Package

func (m importerFunc) Import(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	if t := m[path]; t != nil {
		return t, nil
	}
	return nil, errors.New("import not loaded: " + path)
}

// Listed is a package found by List.
type Listed struct {
	Path, Name, Dir string
}

// List resolves patterns to package directories without type-checking:
// a cheap first look, before Load.
func List(cfg Config, patterns ...string) ([]Listed, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	pcfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles, Dir: cfg.Dir}
	pkgs, err := cfg.load(pcfg, patterns)
	if err != nil {
		return nil, err
	}
	var out []Listed
	for _, p := range pkgs {
		if len(p.GoFiles) == 0 {
			continue
		}
		out = append(out, Listed{Path: p.PkgPath, Name: p.Name, Dir: filepath.Dir(p.GoFiles[0])})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

// load runs go/packages with cfg's environment and build tags.
func (cfg Config) load(pcfg *packages.Config, patterns []string) ([]*packages.Package, error) {
	if cfg.Env != nil {
		pcfg.Env = append(os.Environ(), cfg.Env...)
	}
	if tags := strings.TrimSpace(cfg.Tags); tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + tags}
	}
	pkgs, err := packages.Load(pcfg, patterns...)
	if err != nil {
		return nil, &Error{Msg: fmt.Sprintf("load %s: %v", strings.Join(patterns, " "), err)}
	}
	return pkgs, nil
}
