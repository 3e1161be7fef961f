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
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

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
	// Context, when set, ends the go command's run early (SIGINT,
	// SIGTERM): loading a large module takes seconds.
	Context context.Context

	// Overlay replaces file contents (absolute path -> source), as the go
	// command's -overlay: gen uses it to leave out the test file it is
	// about to regenerate.
	Overlay map[string][]byte
}

// loadGrace is how long a load goes on after its Config.Context ends.
const loadGrace = time.Second

// loadAbandon is how long a load stopped after its grace may take to
// return: go/packages stops between packages, not inside one's type
// check (a 2,000-line function's took seconds beside busy loops: 6 to 9 s
// from the signal to the exit), so past it the load is left to end in
// the background, and Load returns the context's error.
const loadAbandon = 300 * time.Millisecond

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
	// CgoFiles are the package's files that import "C": the go command
	// builds them through cgo, and gozilla mutates none of them. Files
	// holds cgo's output for them instead (Cgo set).
	CgoFiles []CgoFile

	// importer resolves imports for re-type-checking mutated files.
	imports map[string]*types.Package
}

// File is one source file of a Package.
type File struct {
	Path   string // absolute path
	Syntax *ast.File
	Src    []byte // the file's bytes as read from disk
	// Cgo marks cgo's output (a file importing "C" as cgo rewrote it, or
	// cgo's own declarations), which the type checker sees in place of
	// the user's file: its Path is in the go build cache, it is never
	// mutated (the go command does not overlay cgo files) and never
	// shown to the user (Package.CgoFiles names the user's files).
	Cgo bool
}

// CgoFile is a user's file that imports "C".
type CgoFile struct {
	Path string // absolute path
	Line int    // the line of its import "C"
}

// Error is a user-facing problem with the input: bad pattern, a package
// that does not compile. The CLI reports it on one line with exit code 2.
type Error struct{ Msg string }

func (e *Error) Error() string { return e.Msg }

// Load loads the packages matching patterns. Every returned package
// type-checks; otherwise an *Error names the first problem.
func Load(cfg Config, patterns ...string) ([]*Package, error) {
	pkgs, problems, err := LoadEach(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	if len(problems) > 0 {
		return nil, &Error{Msg: problems[0].Error()}
	}
	return pkgs, nil
}

// Problem is a package, or a pattern, a command cannot use: it does not
// compile, or the pattern matches no Go package. The other packages of
// the run go on.
type Problem struct {
	Path string // the import path, or the pattern that matched nothing
	Dir  string // the package's directory, when known
	// Msg is one line: the compiler's "file:line:col: message" (the file
	// relative to the working directory) for a package that does not
	// compile, else the go command's message.
	Msg string
	// NoPackage is set when the pattern matched no package with Go
	// files (as opposed to a package that does not compile).
	NoPackage bool
	// OnlyTests is set for a package of _test.go files alone: there is
	// nothing to mutate. A driver lists it as skipped when the run has
	// other packages, and as its error when it is alone.
	OnlyTests bool
}

func (p Problem) Error() string { return p.Path + ": " + p.Reason() }

// Reason is the problem without the package: "does not compile:
// file:line:col: message".
func (p Problem) Reason() string {
	if p.NoPackage {
		return "matches no packages: " + p.Msg
	}
	if p.OnlyTests {
		return onlyTests
	}
	return "does not compile: " + p.Msg
}

const onlyTests = "has only test files (_test.go): nothing to mutate"

// LoadEach loads the packages matching patterns, each on its own: the
// packages that type-check, and one Problem for each that does not (or
// each pattern that matches nothing). err is for a run that cannot start
// at all (the go command fails, or nothing matches).
func LoadEach(cfg Config, patterns ...string) ([]*Package, []Problem, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fset := token.NewFileSet()
	pcfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
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
		return nil, nil, err
	}

	// With Tests, each package P appears as P, "P [P.test]" (P with its
	// internal tests), possibly "P_test [P.test]" and the "P.test" main.
	// Mutation needs P's own files; the test variants tell us that tests
	// exist and that they compile.
	type entry struct {
		plain    *packages.Package
		hasTests bool
		problem  *Problem
	}
	byPath := map[string]*entry{}
	var order []string
	var problems []Problem
	for _, p := range pkgs {
		if strings.HasSuffix(p.ID, ".test") {
			continue // the generated test main
		}
		if len(p.Errors) > 0 && len(p.GoFiles) == 0 && len(p.CompiledGoFiles) == 0 && p.Errors[0].Kind == packages.ListError {
			// go list could not resolve the pattern itself.
			problems = append(problems, Problem{Path: p.ID, Msg: oneLine(p.Errors[0].Msg) + cgoOff(p), NoPackage: true})
			continue
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
		if ent.problem == nil && len(p.Errors) > 0 {
			ent.problem = &Problem{Path: path, Msg: compilerMessage(p) + cgoOff(p)}
			if len(p.GoFiles) > 0 {
				ent.problem.Dir = filepath.Dir(p.GoFiles[0])
			}
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
	sort.Strings(order)

	var out []*Package
	for _, path := range order {
		ent := byPath[path]
		if ent.problem != nil {
			problems = append(problems, *ent.problem)
			continue
		}
		if ent.plain == nil {
			continue // e.g. a directory holding only an external test package
		}
		p := ent.plain
		if len(p.GoFiles) == 0 {
			// The go command lists it for its test files: without them
			// the directory would be no package.
			problems = append(problems, Problem{Path: path, Dir: p.Dir, OnlyTests: true})
			continue
		}
		out = append(out, newPackage(p, fset, ent.hasTests))
	}
	if len(out) == 0 && len(problems) == 0 {
		return nil, nil, &Error{Msg: fmt.Sprintf("pattern %s matches no packages with Go files", strings.Join(patterns, " "))}
	}
	return out, problems, nil
}

// Skipped splits a run's problems into those that are errors and the
// packages it skips: those with only test files, when the run has
// packages to work on (pkgs); alone, they are its errors, like any bad
// input.
func Skipped(pkgs []*Package, problems []Problem) (errs, skipped []Problem) {
	for _, p := range problems {
		if p.OnlyTests && len(pkgs) > 0 {
			skipped = append(skipped, p)
		} else {
			errs = append(errs, p)
		}
	}
	return errs, skipped
}

// compilerMessage is the first error of a package that does not
// compile, on one line as the compiler writes it: "file:line:col:
// message", the file relative to the working directory. A type error
// is preferred to the go command's summary ("# path" and the build's
// output); an import that cannot be resolved gives the go command's
// reason for it (a missing module and how to add it) where the type
// checker says only "could not import".
func compilerMessage(p *packages.Package) string {
	pick := p.Errors[0]
	for _, e := range p.Errors {
		if e.Kind == packages.TypeError || e.Kind == packages.ParseError {
			pick = e
			break
		}
	}
	msg := pick.Msg
	if pick.Kind == packages.TypeError && strings.HasPrefix(msg, "could not import ") {
		path := strings.Fields(strings.TrimPrefix(msg, "could not import "))[0]
		if ip := p.Imports[path]; ip != nil && len(ip.Errors) > 0 {
			msg = ip.Errors[0].Msg
		}
	}
	if pick.Kind == packages.ListError {
		// "# example.com/m/p\np.go:3:9: message": the lines after the
		// header, the first of which is the compiler's.
		var lines []string
		for _, l := range strings.Split(msg, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "# ") {
				lines = append(lines, l)
			}
		}
		if len(lines) > 0 {
			return oneLine(strings.Join(lines, "\n"))
		}
	}
	if pick.Pos == "" || pick.Pos == "-" {
		return oneLine(msg)
	}
	return relPos(pick.Pos) + ": " + oneLine(msg)
}

// cgoOff is what to add to the message of a package that does not
// compile when the go command left out a file of it that imports "C":
// cgo is off (CGO_ENABLED=0, the go command's default without a C
// compiler), which the compiler's "undefined: F" does not say.
func cgoOff(p *packages.Package) string {
	withCgo := build.Default
	withCgo.CgoEnabled = true
	for _, name := range p.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") || importCLine(name) == 0 {
			continue
		}
		// Left out for cgo, not for its GOOS, GOARCH or a build tag.
		if ok, err := withCgo.MatchFile(filepath.Dir(name), filepath.Base(name)); err == nil && ok {
			return fmt.Sprintf(" (%s imports \"C\" and is left out: cgo is off; it needs CGO_ENABLED=1 and a C compiler)", filepath.Base(name))
		}
	}
	return ""
}

// oneLine joins a message's lines ("…; to add it:\n\tgo get …") into
// one, and stops before a second error.
func oneLine(s string) string {
	var out []string
	for i, l := range strings.Split(strings.TrimSpace(s), "\n") {
		if i > 0 && !strings.HasPrefix(l, "\t") && !strings.HasPrefix(l, " ") {
			break // the next error
		}
		out = append(out, strings.TrimSpace(l))
	}
	return strings.Join(out, " ")
}

// relPos shortens a position's file to the working directory.
func relPos(pos string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(pos) {
		return pos
	}
	if rel, err := filepath.Rel(wd, pos); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return pos
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
	// GoFiles are the user's files; the syntax is of CompiledGoFiles,
	// where cgo's output in the build cache replaces the files that
	// import "C".
	user := map[string]bool{}
	for _, name := range p.GoFiles {
		user[name] = true
		if pkg.Dir == "" {
			pkg.Dir = filepath.Dir(name)
		}
	}
	compiled := map[string]bool{}
	for _, name := range p.CompiledGoFiles {
		compiled[name] = true
	}
	for _, name := range p.GoFiles {
		if !compiled[name] {
			pkg.CgoFiles = append(pkg.CgoFiles, CgoFile{Path: name, Line: importCLine(name)})
		}
	}
	for _, f := range p.Syntax {
		name := fset.File(f.Pos()).Name()
		src, err := os.ReadFile(name)
		if err != nil {
			continue // generated or vanished: nothing to mutate
		}
		cgo := !user[name]
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

// importCLine is the line of file's import "C", or 0 if it has none.
func importCLine(file string) int {
	fs := token.NewFileSet()
	f, err := parser.ParseFile(fs, file, nil, parser.ImportsOnly)
	if err != nil {
		return 0
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return fs.Position(imp.Pos()).Line
		}
	}
	return 0
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
	load := func() ([]*packages.Package, error) { return packages.Load(pcfg, patterns...) }
	if cfg.Context != nil {
		// A stop (a signal, a deadline) ends the go command a grace
		// period later: a quick load still finishes, and the partial
		// report lists its packages; a long one (a large module) ends
		// within the 2 s a stop may take.
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		returned := make(chan struct{})
		defer close(returned)
		abandon := make(chan struct{})
		stop := context.AfterFunc(cfg.Context, func() {
			t := time.NewTimer(loadGrace)
			defer t.Stop()
			select {
			case <-t.C:
				cancel()
			case <-returned:
				return
			}
			t.Reset(loadAbandon)
			select {
			case <-t.C:
				close(abandon)
			case <-returned:
			}
		})
		defer stop()
		pcfg.Context = ctx
		load = func() ([]*packages.Package, error) {
			type loaded struct {
				pkgs []*packages.Package
				err  error
			}
			ch := make(chan loaded, 1)
			go func() {
				pkgs, err := packages.Load(pcfg, patterns...)
				ch <- loaded{pkgs, err}
			}()
			select {
			case r := <-ch:
				return r.pkgs, r.err
			case <-abandon:
				return nil, cfg.Context.Err()
			}
		}
	}
	if cfg.Env != nil {
		pcfg.Env = append(os.Environ(), cfg.Env...)
	}
	if tags := strings.TrimSpace(cfg.Tags); tags != "" {
		pcfg.BuildFlags = []string{"-tags=" + tags}
	}
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") {
			return nil, &Error{Msg: fmt.Sprintf("%s is a file: gozilla works on packages; name the package's directory instead (%s)", p, dirPattern(p))}
		}
	}
	pkgs, err := load()
	if pcfg.Context != nil && pcfg.Context.Err() != nil {
		return nil, cfg.Context.Err()
	}
	if err != nil || !anyFiles(pkgs) {
		if dir, ok := outsideModule(cfg.Dir, pcfg.Env); ok {
			return nil, &Error{Msg: fmt.Sprintf("no go.mod in %s or any directory above it: gozilla works inside a Go module (create one with: go mod init example.com/NAME)", dir)}
		}
	}
	if err != nil {
		return nil, &Error{Msg: fmt.Sprintf("load %s: %v", strings.Join(patterns, " "), err)}
	}
	return pkgs, nil
}

// dirPattern is the package pattern of a file's directory: "." or "./dir".
func dirPattern(file string) string {
	d := filepath.Dir(file)
	if d == "." || filepath.IsAbs(d) || strings.HasPrefix(d, ".") {
		return d
	}
	return "./" + filepath.ToSlash(d)
}

// anyFiles reports whether some loaded package has Go files.
func anyFiles(pkgs []*packages.Package) bool {
	for _, p := range pkgs {
		if len(p.GoFiles) > 0 || len(p.CompiledGoFiles) > 0 {
			return true
		}
	}
	return false
}

// outsideModule reports whether dir ("" = the working directory) is in
// no module, and the absolute directory: no go.mod or go.work in it or
// above it, in module mode.
func outsideModule(dir string, env []string) (string, bool) {
	lookup := func(key string) string {
		for i := len(env) - 1; i >= 0; i-- {
			if k, v, ok := strings.Cut(env[i], "="); ok && k == key {
				return v
			}
		}
		return os.Getenv(key)
	}
	if lookup("GO111MODULE") == "off" || lookup("GOWORK") != "" && lookup("GOWORK") != "off" {
		return "", false
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", false
	}
	for d := abs; ; d = filepath.Dir(d) {
		for _, name := range []string{"go.mod", "go.work"} {
			if _, err := os.Stat(filepath.Join(d, name)); err == nil {
				return "", false
			}
		}
		if filepath.Dir(d) == d {
			return abs, true
		}
	}
}
