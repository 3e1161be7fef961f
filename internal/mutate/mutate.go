// Package mutate owns gozilla's mutants: the Mothra mutation operators
// adapted to Go, the stable mutant records they produce, and the mutant
// schemata rewriting that compiles all mutants of a package into one binary.
//
// In: a type-checked *load.Package. Out: a *Set holding
//   - Mutants, the records every later stage uses (ID, operator, span,
//     original and replacement text): applying Repl to the span
//     [Offset,End) of the original file gives the mutant's source;
//   - the schemata sources (Set.Overlay), in which a run-time switch on the
//     GOZILLA_MUTANT environment variable selects the active mutant, and
//     every mutation site records, in coverage mode, that it was reached.
//
// Guarantees: every mutant type-checks on its own (each is re-checked with
// go/types, which also rejects mutants that leave a variable, import or
// label unused, or a function without a terminating statement); no mutant
// is textually identical to the original; the schemata type-check (sites
// that do not are dropped, with their mutants). IDs and order are a pure
// function of the source and the options, whatever the go directive: a
// mutant is checked at its file's language version, and one a builtin
// would express that the version lacks (min and max before go1.21, a
// signed shift count before go1.13) is spelled another way with the same
// meaning, not dropped.
//
// Terms. A site is one AST node (an expression or a statement) that has
// mutants; a variant is one replacement of a site's span. Sites nest: the
// variants of an outer site embed the (schemata) text of inner sites, so
// exactly one mutant is active at a time whatever the nesting.
package mutate

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// Op is a mutation operator. Values are stable: append, never renumber.
type Op int

const (
	AOR Op = iota + 1 // arithmetic operator replacement, and the operand forms
	ROR               // relational operator replacement, and true/false
	LCR               // logical connector replacement, operand and constant forms
	UOI               // unary operator insertion: -e, ^e, !e, e+1, e-1
	ABS               // abs(e), -abs(e), ZPUSH (dies when e == 0)
	SVR               // scalar variable replacement by another in-scope variable
	CSR               // scalar replaced by a constant of the unit's pool
	SCR               // constant replaced by an in-scope scalar
	CRP               // constant c by c+1, c-1, 0, -c
	SDL               // statement deletion
	RSR               // return statement replacement (results by zero values)
	BOR               // bitwise operator replacement (& | ^ &^, << >>)
	ASG               // assignment operator replacement (+= … and ++/--)
)

var opNames = [...]string{AOR: "AOR", ROR: "ROR", LCR: "LCR", UOI: "UOI", ABS: "ABS", SVR: "SVR",
	CSR: "CSR", SCR: "SCR", CRP: "CRP", SDL: "SDL", RSR: "RSR", BOR: "BOR", ASG: "ASG"}

// opDocs says in plain words what each operator changes, for reports.
var opDocs = [...]string{
	AOR: "arithmetic operator replaced (+ by -, * by /, …, or an operand alone)",
	ROR: "comparison replaced (< by <=, == by !=, …, or by true/false)",
	LCR: "logical connector replaced (&& by ||, or an operand alone, or true/false)",
	UOI: "unary operator inserted (-x, ^x, !x, x+1, x-1)",
	ABS: "absolute value inserted (abs(x), -abs(x), or a panic when x is 0)",
	SVR: "variable replaced by another variable in scope",
	CSR: "variable replaced by a constant the function uses",
	SCR: "constant replaced by a variable in scope",
	CRP: "constant changed (c+1, c-1, 0, -c)",
	SDL: "statement deleted",
	RSR: "returned values replaced by zero values",
	BOR: "bitwise operator replaced (& | ^ &^, << >>)",
	ASG: "assignment operator replaced (+= by -=, ++ by --, …)",
}

// Doc says in plain words what the operator changes.
func (op Op) Doc() string {
	if op > 0 && int(op) < len(opDocs) {
		return opDocs[op]
	}
	return ""
}

// AllOps lists every operator in its canonical order.
func AllOps() []Op {
	ops := make([]Op, 0, len(opNames)-1)
	for op := AOR; int(op) < len(opNames); op++ {
		ops = append(ops, op)
	}
	return ops
}

func (op Op) String() string {
	if op > 0 && int(op) < len(opNames) {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", int(op))
}

// ParseOps parses a comma-separated operator list such as "AOR,ROR".
// The empty string means all operators, "none" none (gozilla gen -ops
// none writes tests for coverage alone).
func ParseOps(s string) (map[Op]bool, error) {
	set := map[Op]bool{}
	if strings.EqualFold(strings.TrimSpace(s), "none") {
		return set, nil
	}
	if strings.TrimSpace(s) == "" {
		for _, op := range AllOps() {
			set[op] = true
		}
		return set, nil
	}
	for _, name := range strings.Split(s, ",") {
		name = strings.ToUpper(strings.TrimSpace(name))
		found := false
		for _, op := range AllOps() {
			if op.String() == name {
				set[op], found = true, true
			}
		}
		if !found {
			return nil, fmt.Errorf("unknown mutation operator %q (known: %s)", name, strings.Join(opNames[1:], ","))
		}
	}
	return set, nil
}

// Mutant is one mutant: a replacement of the byte span [Offset,End) of
// File by Repl. It is a plain record so that reports, caches and
// subprocesses can carry it.
type Mutant struct {
	ID     int    // 1-based, dense, deterministic within a package
	Op     Op     //
	Pkg    string // import path
	Func   string // enclosing function: "F", "T.M" or "(*T).M"
	File   string // absolute path of the original file
	Line   int    // 1-based line of Offset
	Col    int    // 1-based column (bytes) of Offset
	Offset int    // byte offset of the replaced span
	End    int    // byte offset just past the replaced span
	Orig   string // source text of the span
	Repl   string // replacement text
	Site   int    // the schemata site the mutant lives at (its coverage unit)
	// FuncLine is the line of the enclosing function's func keyword; 0
	// outside a function.
	FuncLine int
	// Key is the mutant's identity across edits elsewhere in the package
	// (StableKey): its function, its line in the function and column,
	// its operator and a hash of what it replaces and with what. ID,
	// dense and global to the package, is for the command line.
	Key string
}

// StableKey is the Key of a mutant of function fn (its func keyword on
// line fnLine) at line and col, of operator op, replacing orig by repl:
// "(*Limiter).Allow:3:5:ROR:1f2e". It changes when the function does,
// not when code is added above it (PIT's and Stryker's incremental
// analysis match mutants so).
func StableKey(fn string, fnLine, line, col int, op Op, orig, repl string) string {
	h := fnv.New32a()
	h.Write([]byte(orig))
	h.Write([]byte{0})
	h.Write([]byte(repl))
	rel := line
	if fnLine > 0 {
		rel = line - fnLine + 1
	}
	return fmt.Sprintf("%s:%d:%d:%s:%04x", fn, rel, col, op, h.Sum32()&0xffff)
}

// Ref is where the mutant is, said so that it does not change with
// edits elsewhere: "Allow:3" (its function and its line in it, the func
// keyword's line 1), or "line 7" outside a function.
func (m *Mutant) Ref() string { return FuncRef(m.Func, m.FuncLine, m.Line) }

// FuncRef says line of function fn (whose func keyword is on fnLine) as
// "fn:k"; "line N" when fnLine is 0.
func FuncRef(fn string, fnLine, line int) string {
	if fnLine <= 0 || fn == "" {
		return "line " + strconv.Itoa(line)
	}
	return fn + ":" + strconv.Itoa(line-fnLine+1)
}

// Apply returns the mutant's version of src, the original file's bytes.
func (m *Mutant) Apply(src []byte) []byte {
	out := make([]byte, 0, len(src)+len(m.Repl))
	out = append(out, src[:m.Offset]...)
	out = append(out, m.Repl...)
	return append(out, src[m.End:]...)
}

// ABSForm names the mutation of an ABS mutant: "abs" (abs(e)), "-abs"
// (-abs(e)) or "zpush" (dies when e == 0); "" for other operators. How
// Repl spells abs depends on the file's language version (max(e, -e), or
// a closure before go1.21), so consumers ask this instead of reading it.
func (m *Mutant) ABSForm() string {
	if m.Op != ABS {
		return ""
	}
	x, err := parser.ParseExpr(m.Repl)
	if err != nil {
		return ""
	}
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return ""
	}
	switch fn := call.Fun.(type) {
	case *ast.Ident:
		switch fn.Name {
		case "max":
			return "abs"
		case "min":
			return "-abs"
		}
	case *ast.FuncLit:
		// absFunc's closures end in return v or return -v; ZPUSH's
		// panics.
		panics := false
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
					panics = true
				}
			}
			return !panics
		})
		if panics {
			return "zpush"
		}
		if list := fn.Body.List; len(list) > 0 {
			if r, ok := list[len(list)-1].(*ast.ReturnStmt); ok && len(r.Results) == 1 {
				if u, ok := r.Results[0].(*ast.UnaryExpr); ok && u.Op == token.SUB {
					return "-abs"
				}
				return "abs"
			}
		}
	}
	return ""
}

// Options control mutant generation. The zero value uses every operator.
type Options struct {
	Ops map[Op]bool // operators to apply; nil = all

	// SkipCheck skips the per-mutant type check (debugging and benchmarks
	// of the generator only: unchecked mutants may not compile).
	SkipCheck bool

	// Probes is instrumentation the schemata carry besides the mutants
	// (the coverage probes of internal/coverage); nil = none.
	Probes *Probes

	// Skip leaves unmutated the lines whose text, or whose file's path,
	// it matches (generated code, logging calls), as a //gozilla:skip
	// directive does; nil = none.
	Skip *regexp.Regexp

	// Keep, when set, keeps only the mutants whose line (of the site's
	// start, file by absolute path) it accepts: a pull request's changed
	// lines (-diff). The others are not made, and counted in
	// Set.OutsideKeep.
	Keep func(file string, line int) bool

	// Done, when closed, stops the work (the mutants' type checks
	// above all, which take long on a large package): Generate returns
	// ErrStopped at once.
	Done <-chan struct{}

	// Arid mutates arid code too (arid.go): the text of log lines,
	// error messages and panics, and statements that only log. By
	// default it is left alone and counted in Set.Arid.
	Arid bool
}

// ErrStopped is Generate's error when Options.Done closed.
var ErrStopped = errors.New("mutant generation stopped")

// Probes is source instrumentation carried by the schemata: text
// inserted into the original files, which only the original's code path
// holds (a mutant's variant is the plain text), and files added to the
// package. The instrumented package must behave as the original.
type Probes struct {
	Inserts map[string][]Insert // file path -> insertions, sorted by Offset (stable)
	Files   map[string][]byte   // base name -> source of a file added to the package
	// Stub declares, without imports, what Files declare that the
	// inserts use: it stands in for Files when the schemata are
	// type-checked (the added files' imports are not loaded then).
	Stub []byte
	// MinGo, when set (e.g. "go1.18"), is the language version the
	// probes need and the package's module does not give: every file
	// that carries probes, and every added file, gets a //go:build line
	// that raises its version (combined with its own constraint; a line
	// directive keeps the positions of the original lines).
	MinGo string
}

// Insert is text inserted before the byte at Offset of an original file.
// Text holds no newline (line numbers do not change). A wrapper is two
// inserts: the opening one (End > Offset: it wraps [Offset, End)) and the
// closing one (Close, Start: it ends the wrapper begun at Start). Each
// is emitted outside every mutation site inside the wrapped span and
// inside every site that holds the span. Any other insert (End ≤ Offset,
// not Close) is a point: emitted before every site that starts at
// Offset.
type Insert struct {
	Offset int
	Text   string
	End    int  // opening insert: end of the wrapped span
	Close  bool // closing insert
	Start  int  // closing insert: start of the wrapped span
}

// Dropped records mutants that were generated but rejected, by reason.
type Dropped struct {
	IllTyped    int // the mutant alone does not type-check
	NoSchemata  int // its site could not be encoded in the schemata
	FirstReason string
}

// Set is the outcome of Generate for one package.
type Set struct {
	Pkg     *load.Package
	Mutants []*Mutant
	Sites   int               // number of schemata sites; site IDs are 1..Sites
	Overlay map[string][]byte // absolute path -> schemata source (incl. the helper file)
	Dropped Dropped

	// Skipped is the code not mutated on purpose (//gozilla:skip, -skip,
	// the files that import "C").
	Skipped []Skipped
	// OutsideKeep counts the mutants Options.Keep left out.
	OutsideKeep int
	// Arid counts the mutants of arid code not made (Options.Arid).
	Arid int

	// ProbesErr says why Options.Probes are not in the schemata (they
	// did not type-check: gozilla's bug); "" when they are, or none
	// were asked for.
	ProbesErr string
}

// cgoWhy is why a file that imports "C" is not mutated.
const cgoWhy = `imports "C": cgo files are not mutated (the go command does not overlay them)`

// Generate applies the operators to every function body of pkg, checks
// each mutant, numbers them and builds the schemata sources.
func Generate(pkg *load.Package, opt Options) (*Set, error) {
	ops := opt.Ops
	if ops == nil {
		ops, _ = ParseOps("")
	}
	set := &Set{Pkg: pkg}
	testNames := testDeclNames(pkg)
	var files []*fileSites
	// The go command does not overlay cgo files: such a file keeps its
	// code, unmutated.
	for _, f := range pkg.CgoFiles {
		set.Skipped = append(set.Skipped, Skipped{File: f.Path, Line: f.Line, Why: cgoWhy})
	}
	for _, f := range pkg.Files {
		if f.Cgo {
			continue
		}
		fs := collect(pkg, f, ops, testNames)
		set.Skipped = append(set.Skipped, skips(pkg, fs, opt.Skip)...)
		set.OutsideKeep += keepOnly(pkg, fs, opt.Keep)
		files = append(files, fs)
	}
	dropIdentical(files)
	if !opt.SkipCheck {
		if !checkMutants(pkg, files, &set.Dropped, opt.Done) {
			return nil, ErrStopped
		}
	}
	// Arid code is left out after the checks, so that Set.Arid counts
	// the mutants -arid makes, not those that would not compile anyway.
	if !opt.Arid {
		for _, fs := range files {
			set.Arid += dropArid(pkg, fs)
		}
	}
	// Encode; sites the schemata type-checker rejects are dropped and the
	// encoding is redone, so the final numbering has no holes.
	for attempt := 0; ; attempt++ {
		select {
		case <-opt.Done: // each attempt type-checks the whole package
			return nil, ErrStopped
		default:
		}
		number(pkg, files, set)
		overlay, bad, err := schemata(pkg, files, set.Sites, opt.Probes)
		var pe *probesError
		if errors.As(err, &pe) {
			// The probes are at fault, not the mutants: the schemata go
			// on without them.
			set.ProbesErr, opt.Probes = pe.msg, nil
			attempt--
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(bad) == 0 {
			set.Overlay = overlay
			break
		}
		if attempt >= 20 {
			return nil, fmt.Errorf("internal error: schemata for %s still ill-typed after %d repairs", pkg.Path, attempt)
		}
		for _, s := range bad {
			if s.weak {
				// Its infection check is at fault, perhaps: the site
				// goes without it first.
				s.noWeak = true
				continue
			}
			n := s.drop()
			set.Dropped.NoSchemata += n
		}
	}
	return set, nil
}

// number assigns site and mutant IDs in source order and fills the records.
func number(pkg *load.Package, files []*fileSites, set *Set) {
	set.Mutants = set.Mutants[:0]
	siteID := 0
	for _, fs := range files {
		tf := pkg.Fset.File(fs.file.Syntax.Pos())
		type span struct{ from, to, line int }
		var funcs []span
		for _, d := range fs.file.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				funcs = append(funcs, span{tf.Offset(fd.Pos()), tf.Offset(fd.End()), tf.Line(fd.Pos())})
			}
		}
		funcLine := func(off int) int {
			for _, f := range funcs {
				if off >= f.from && off < f.to {
					return f.line
				}
			}
			return 0
		}
		for _, s := range fs.ordered() {
			s.id = 0
			if s.live() == 0 {
				continue
			}
			siteID++
			s.id = siteID
			for _, v := range s.variants {
				if v.dropped {
					continue
				}
				pos := tf.Position(tf.Pos(s.pos))
				m := &Mutant{
					ID:     len(set.Mutants) + 1,
					Op:     v.op,
					Pkg:    pkg.Path,
					Func:   s.fn,
					File:   fs.file.Path,
					Line:   pos.Line,
					Col:    pos.Column,
					Offset: s.pos,
					End:    s.end,
					Orig:   string(fs.file.Src[s.pos:s.end]),
					Repl:   v.plain(fs.file.Src),
					Site:   siteID,
				}
				m.FuncLine = funcLine(s.pos)
				m.Key = StableKey(m.Func, m.FuncLine, m.Line, m.Col, m.Op, m.Orig, m.Repl)
				v.id = m.ID
				set.Mutants = append(set.Mutants, m)
			}
		}
	}
	set.Sites = siteID
}

// Position is a convenience for reports.
func (m *Mutant) Position() token.Position {
	return token.Position{Filename: m.File, Offset: m.Offset, Line: m.Line, Column: m.Col}
}

// SortMutants orders mutants by file, offset and ID (the canonical order).
func SortMutants(ms []*Mutant) {
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Offset != b.Offset {
			return a.Offset < b.Offset
		}
		return a.ID < b.ID
	})
}

// OpByName returns the operator named name ("ROR").
func OpByName(name string) (Op, bool) {
	for _, op := range AllOps() {
		if op.String() == name {
			return op, true
		}
	}
	return 0, false
}
