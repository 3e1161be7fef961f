package coverage

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"sort"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
)

// RuntimeFile is the suggested base name of the file that holds
// Plan.Runtime in the rewritten package.
const RuntimeFile = "zz_gozilla_coverage.go"

// Plan is the coverage requirements of one package and the probes that
// measure them. IDs are indexes: a statement's ID is its index in Stmts,
// and so on. Build returns the same Plan for the same package.
type Plan struct {
	Funcs    []*Func  // source order (files sorted by path)
	Blocks   []Block  // cmd/cover basic blocks; index = statement probe ID
	Stmts    []Stmt   // index = statement ID
	Branches []Branch // index = branch ID (one outcome of one decision)
	Pairs    []Pair   // index = def-use pair ID

	// Untracked lists the parameters, results and locals that have no
	// def-use pairs, and why (address taken, captured by a func literal,
	// partially assigned, or a construct the probes cannot measure
	// exactly).
	Untracked []Untracked

	// Inserts holds, per file path (load.File.Path), the insertions into
	// the file's original bytes, sorted by Offset; insertions at the same
	// offset go in slice order.
	Inserts map[string][]Insert

	// Runtime is the Go source of one extra file for the package (package
	// clause included) with the probe functions and their tables. It
	// refers to _gzActive and _gzOut, which the schemata helper declares.
	Runtime []byte

	// Stub declares, without a package clause, without imports and
	// without referring to anything else, the probe functions the
	// inserts call, with the signatures Runtime gives them: it can stand
	// in for the runtime file where only a type check is wanted
	// (mutate.Probes.Stub). The inserts refer to nothing else but the
	// local variables _gzA they declare.
	Stub []byte

	pkgName string // the package clause's name
	goVer   string // the package's language version ("" = the latest)
}

// Insert is text to insert before the byte at Offset of the original
// source. Text never contains a newline, so line numbers do not change.
//
// A wrapper (a call around an expression, the braces around an "else
// if") is two inserts around the original bytes [Offset, End): the
// opening one has End > Offset; the closing one, at that End, has Close
// set and Start, the opening one's Offset. Any other insert (End 0,
// Close false) is a point: a statement, or text between two tokens.
type Insert struct {
	Offset int
	Text   string
	End    int  // opening insert of a wrapper: end of the wrapped bytes
	Close  bool // closing insert of a wrapper
	Start  int  // closing insert: start of the wrapped bytes
}

// Func is one function declaration with a body. Func literals belong to
// the declaration that contains them.
type Func struct {
	Name     string         // "F", "T.M" or "(*T).M", as mutate.FuncName
	Pos, End token.Position // the declaration's extent
	Blocks   []int          // IDs into Plan.Blocks
	Stmts    []int          // IDs into Plan.Stmts
	Branches []int          // IDs into Plan.Branches
	Pairs    []int          // IDs into Plan.Pairs
}

// Block is one basic block as cmd/cover counts it: the unit of a
// -coverprofile line. Pos and End are the positions cmd/cover reports
// (including its tie-breaking of identical ranges).
type Block struct {
	Func     int            // index in Plan.Funcs
	Pos, End token.Position // as in a -coverprofile line (no Offset)
	NumStmt  int            // statements it counts
}

// Stmt is one statement as cmd/cover counts it. Probe is the ID of the
// block (Plan.Blocks) whose probe records it.
type Stmt struct {
	Func     int            // index in Plan.Funcs
	Pos, End token.Position // the statement (for a split label, "L:")
	Probe    int            // its block, index in Plan.Blocks
}

// Branch is one outcome of one decision.
//
// Kinds: "if" and "for" (the condition true or false; a for without a
// condition and range loops have no decision), "case" (a clause of an
// expression switch), "type" (a clause of a type switch), "default" (the
// default of an expression or type switch; Label "default (implicit)"
// when the switch has no default clause and none of its cases matched)
// and "select" (a clause of a select statement, its default included).
// A clause counts when the switch selects it, not when a fallthrough
// enters it. Short-circuit operands are not separate decisions.
type Branch struct {
	Func  int            // index in Plan.Funcs
	Pos   token.Position // the condition, the clause, or the switch (implicit default)
	Kind  string         // see above
	Label string         // e.g. "x < 0 true", "case 1, 2", "default (implicit)"
}

// Pair is one def-use pair of a tracked variable: a definition and a use
// such that some control-flow path goes from the definition to the use
// with no other definition of the variable in between.
type Pair struct {
	Func int    // index in Plan.Funcs
	Var  string // the variable's name
	// Def is the defining identifier (a parameter, the left side, the
	// range key or value, the type switch binding); Use the read
	// identifier, or the return keyword of a bare return.
	Def, Use token.Position
	// DefText and UseText show the definition and the use in context:
	// the statement (one line, at most 60 characters), "param x",
	// "result r", "receiver s", a condition or a case clause.
	DefText, UseText string
}

// Untracked is a variable that has no def-use pairs.
type Untracked struct {
	Func   int            // index in Plan.Funcs
	Var    string         // the variable's name
	Pos    token.Position // its declaration
	Reason string         // e.g. "address taken", "captured by a func literal"
}

// Build computes the requirements and probes of every function
// declaration with a body (methods included; func literals belong to the
// declaration that contains them) in pkg's non-cgo files. Functions named
// _ are skipped: they cannot run (cmd/cover skips them too).
// Deterministic: same package, same plan.
func Build(pkg *load.Package) (*Plan, error) {
	return BuildContext(context.Background(), pkg)
}

// ErrStopped is BuildContext's error when its context ends first.
var ErrStopped = errors.New("coverage plan stopped")

// BuildContext is Build, stopped when ctx ends (ErrStopped): the
// def-use tables of a long function take seconds on a loaded machine.
func BuildContext(ctx context.Context, pkg *load.Package) (*Plan, error) {
	if pkg.Info == nil || pkg.Fset == nil {
		return nil, fmt.Errorf("coverage: package %s has no type information", pkg.Path)
	}
	b := &builder{pkg: pkg, plan: &Plan{Inserts: map[string][]Insert{}, pkgName: pkg.Name, goVer: pkg.Types.GoVersion()}, done: ctx.Done()}
	for _, f := range pkg.Files {
		if f.Cgo {
			continue
		}
		if err := b.file(f); err != nil {
			return nil, err
		}
	}
	if b.stopped() {
		return nil, ErrStopped
	}
	b.plan.Runtime = b.runtime()
	b.plan.Stub = []byte(stubSource)
	return b.plan, nil
}

// builder holds the package-wide state of Build.
type builder struct {
	pkg  *load.Package
	plan *Plan

	// def-use tables, global across the package
	units []*runUnit // units with an activation, index = _gzEnter argument
	defs  []int32    // def ID -> slot in its unit's activation
	uses  []useTab
	probe [][]int32 // probe ID -> events: >= 0 use ID, < 0 -(def ID)-1

	done <-chan struct{} // closed: stop (BuildContext)
}

// stopped reports whether the build must stop: the work after it is
// skipped, and BuildContext returns ErrStopped.
func (b *builder) stopped() bool {
	select {
	case <-b.done:
		return true
	default:
		return false
	}
}

// runUnit is a function body with an activation record.
type runUnit struct {
	entry []int32 // def IDs recorded on entry
}

// useTab is the runtime lookup of one use.
type useTab struct {
	slot  int32
	pairs []int32 // def ID, pair ID, def ID, pair ID, …
}

// fileBuilder holds the state of one file.
type fileBuilder struct {
	*builder
	f     *load.File
	tf    *token.File
	depth map[ast.Node]int
	ins   []insertion
	seen  map[[4]int]bool // cmd/cover's dedup of block ranges
}

func (b *builder) file(f *load.File) error {
	tf := b.pkg.Fset.File(f.Syntax.Pos())
	if tf == nil {
		return fmt.Errorf("coverage: no position information for %s", f.Path)
	}
	if tf.Size() != len(f.Src) {
		return fmt.Errorf("coverage: %s changed since it was loaded", f.Path)
	}
	fb := &fileBuilder{builder: b, f: f, tf: tf, depth: map[ast.Node]int{}, seen: map[[4]int]bool{}}
	d := 0
	ast.Inspect(f.Syntax, func(n ast.Node) bool {
		if n == nil {
			d--
			return true
		}
		fb.depth[n] = d
		d++
		return true
	})
	for _, decl := range f.Syntax.Decls {
		if b.stopped() {
			return ErrStopped
		}
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Body == nil || decl.Name.Name == "_" {
				continue
			}
			if err := fb.funcDecl(decl); err != nil {
				return err
			}
		case *ast.GenDecl:
			// cmd/cover instruments package-level func literals too;
			// they are no function's, but their blocks take part in
			// its tie-breaking of identical ranges.
			var err error
			ast.Inspect(decl, func(n ast.Node) bool {
				if lit, ok := n.(*ast.FuncLit); ok && err == nil {
					c := &coverWalker{fb: fb, fn: -1}
					c.walk(lit.Body)
					err = c.err
					return false
				}
				return err == nil
			})
			if err != nil {
				return err
			}
		}
	}
	if len(fb.ins) > 0 {
		b.plan.Inserts[f.Path] = fb.sorted()
	}
	return nil
}

func (fb *fileBuilder) funcDecl(fd *ast.FuncDecl) error {
	p := fb.plan
	fi := len(p.Funcs)
	fn := &Func{Name: mutate.FuncName(fd), Pos: fb.pkg.Fset.Position(fd.Pos()), End: fb.pkg.Fset.Position(fd.End())}
	p.Funcs = append(p.Funcs, fn)

	fl, err := fb.flow(fi, fd)
	if err != nil {
		return err
	}
	if fb.stopped() {
		return ErrStopped
	}
	fb.branches(fi, fd, fl)
	c := &coverWalker{fb: fb, fn: fi}
	c.walk(fd.Body)
	if c.err != nil {
		return c.err
	}
	fl.activations()
	return nil
}

// Insertion ordering. At one offset, text that closes a construct comes
// before text that opens one; closing text goes innermost first, opening
// text outermost first.
const (
	endGroup   = 0
	startGroup = 1
)

// Ranks break ties between insertions attached to the same node.
const (
	rankActivation = iota
	rankStmtProbe
	rankClause
	rankProbe
	rankCond
	rankPreArg
	rankInPlace
	rankUse
)

type insertion struct {
	off   int
	text  string
	group int
	depth int
	rank  int
	seq   int

	end   int  // opening insert of a wrapper: end of the wrapped bytes
	close bool // closing insert of a wrapper
	start int  // closing insert: start of the wrapped bytes
}

func (fb *fileBuilder) add(off int, text string, group int, n ast.Node, rank int) {
	d, ok := fb.depth[n]
	if !ok {
		panic(fmt.Sprintf("coverage: node %T at %s has no depth", n, fb.pkg.Fset.Position(n.Pos())))
	}
	fb.ins = append(fb.ins, insertion{off: off, text: text, group: group, depth: d, rank: rank, seq: len(fb.ins)})
}

// wrap adds a wrapper: open before the bytes [a, b), close after them.
func (fb *fileBuilder) wrap(a, b int, open, close string, n ast.Node, rank int) {
	fb.add(a, open, startGroup, n, rank)
	fb.ins[len(fb.ins)-1].end = b
	fb.add(b, close, endGroup, n, rank)
	fb.ins[len(fb.ins)-1].close = true
	fb.ins[len(fb.ins)-1].start = a
}

// wrapNode wraps the source of n.
func (fb *fileBuilder) wrapNode(n ast.Node, open, close string, rank int) {
	fb.wrap(fb.off(n.Pos()), fb.off(n.End()), open, close, n, rank)
}

func (fb *fileBuilder) start(p token.Pos, text string, n ast.Node, rank int) {
	fb.add(fb.off(p), text, startGroup, n, rank)
}

func (fb *fileBuilder) end(p token.Pos, text string, n ast.Node, rank int) {
	fb.add(fb.off(p), text, endGroup, n, rank)
}

func (fb *fileBuilder) off(p token.Pos) int { return fb.tf.Offset(p) }

func (fb *fileBuilder) sorted() []Insert {
	ins := fb.ins
	sort.SliceStable(ins, func(i, j int) bool {
		a, b := ins[i], ins[j]
		if a.off != b.off {
			return a.off < b.off
		}
		if a.group != b.group {
			return a.group < b.group
		}
		if a.group == endGroup {
			if a.depth != b.depth {
				return a.depth > b.depth
			}
			if a.rank != b.rank {
				return a.rank > b.rank
			}
			return a.seq > b.seq
		}
		if a.depth != b.depth {
			return a.depth < b.depth
		}
		if a.rank != b.rank {
			return a.rank < b.rank
		}
		return a.seq < b.seq
	})
	out := make([]Insert, len(ins))
	for i, x := range ins {
		out[i] = Insert{Offset: x.off, Text: x.text, End: x.end, Close: x.close, Start: x.start}
	}
	return out
}

// Apply returns src with the insertions made. The insertions must be
// sorted by offset, as Plan.Inserts are.
func Apply(src []byte, ins []Insert) []byte {
	n := len(src)
	for _, x := range ins {
		n += len(x.Text)
	}
	out := make([]byte, 0, n)
	p := 0
	for _, x := range ins {
		out = append(out, src[p:x.Offset]...)
		out = append(out, x.Text...)
		p = x.Offset
	}
	return append(out, src[p:]...)
}
