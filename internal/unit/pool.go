package unit

// This file collects a unit's constant pool (value.Pool): what random
// inputs draw on and strings are built from. Code compares its input
// with its own constants, and often with more than its literals: the
// characters it switches on, the prefixes, suffixes and separators it
// cuts, the words of the tables it looks up, the constants of the
// helpers it calls.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/value"
)

// Bounds of the pool: strings longer than maxPoolString are left out;
// each list keeps at most the number given, the unit's own constants
// first.
const (
	maxPoolString  = 64
	maxPoolStrings = 64
	maxPoolNumbers = 64 // integers and floats each, beyond the unit's own
	maxPoolChars   = 64
	maxPoolAffixes = 16 // prefixes, suffixes and separators each
)

// Where a constant comes from, nearest first: the unit's body, the
// package-level variables it reads, the functions of its package it
// calls (and the variables they read).
const (
	fromBody = iota
	fromTable
	fromCallee
	fromCalleeTable
)

// stringFuncs says what the constant string arguments of the strings and
// bytes functions that test content are: prefixes, suffixes, separators
// (substrings looked for anywhere), character sets, or words compared
// with in any case.
var stringFuncs = map[string]byte{
	"HasPrefix": 'p', "TrimPrefix": 'p', "CutPrefix": 'p',
	"HasSuffix": 's', "TrimSuffix": 's', "CutSuffix": 's',
	"Cut": 'x', "Contains": 'x', "Index": 'x', "LastIndex": 'x', "Count": 'x',
	"Split": 'x', "SplitN": 'x', "SplitAfter": 'x', "SplitAfterN": 'x',
	"Replace": 'x', "ReplaceAll": 'x',
	"ContainsRune": 'x', "IndexByte": 'x', "IndexRune": 'x', "LastIndexByte": 'x',
	"ContainsAny": 'c', "IndexAny": 'c', "LastIndexAny": 'c',
	"Trim": 'c', "TrimLeft": 'c', "TrimRight": 'c',
	"EqualFold": 'f',
}

// foldFuncs are the functions whose use says case does not matter to the
// code (strings., bytes. and unicode.).
var foldFuncs = map[string]bool{"EqualFold": true, "ToLower": true, "ToUpper": true, "ToTitle": true, "Title": true, "SimpleFold": true}

// pool collects the constants a unit's body mentions (integer, float,
// string and character constant expressions, each once, the operands of
// a constant expression folded), what its calls of strings and bytes
// functions test for, the string and character constants of the
// package-level variables it reads, and the same for the functions of
// its package it calls (one level deep). Each list is sorted.
//
// ctors are the bodies of the package's functions that build the unit's
// receiver (its constructors): what they and their callees test for is
// what the receiver's construction needs (NewLimiter(spec, …) parses
// spec with ParseLimit, whose units and separators make a spec it
// accepts), walked as callees.
func pool(info *types.Info, body *ast.BlockStmt, ctors ...*ast.BlockStmt) value.Pool {
	c := &collector{
		info:   info,
		idx:    indexOf(info),
		ints:   map[int64]int{},
		floats: map[float64]int{},
		strs:   map[string]int{},
		chars:  map[rune]int{},
		pre:    map[string]int{},
		suf:    map[string]int{},
		sep:    map[string]int{},
		vars:   map[*types.Var]bool{},
		funcs:  map[*types.Func]bool{},
	}
	c.walk(body, fromBody)
	c.ctorCalls = true
	for _, b := range ctors {
		if b != body {
			c.walk(b, fromCallee)
		}
	}
	c.ctorCalls = false
	// The callees, in a deterministic order (by position).
	var callees []*ast.FuncDecl
	for f := range c.funcs {
		if fd := c.idx.funcs[f]; fd != nil && fd.Body != nil && fd.Body != body {
			callees = append(callees, fd)
		}
	}
	sort.Slice(callees, func(i, j int) bool { return callees[i].Pos() < callees[j].Pos() })
	for _, fd := range callees {
		c.walk(fd.Body, fromCallee)
	}
	var p value.Pool
	p.Ints = bounded(c.ints, maxPoolNumbers, true, func(a, b int64) bool { return a < b })
	p.Floats = bounded(c.floats, maxPoolNumbers, true, func(a, b float64) bool { return a < b })
	p.Strings = bounded(c.strs, maxPoolStrings, false, func(a, b string) bool { return a < b })
	p.Chars = bounded(c.chars, maxPoolChars, false, func(a, b rune) bool { return a < b })
	p.Prefixes = bounded(c.pre, maxPoolAffixes, false, func(a, b string) bool { return a < b })
	p.Suffixes = bounded(c.suf, maxPoolAffixes, false, func(a, b string) bool { return a < b })
	p.Seps = bounded(c.sep, maxPoolAffixes, false, func(a, b string) bool { return a < b })
	p.Fold = c.fold
	return p
}

// bounded returns the keys of m (a constant and the nearest place it
// comes from), sorted by less: at most max of them, the nearest places
// first (with own, all of the body's), and of a place that does not fit
// whole, keys evenly spread over its sorted list.
func bounded[K comparable](m map[K]int, max int, own bool, less func(a, b K) bool) []K {
	byLevel := map[int][]K{}
	for k, level := range m {
		byLevel[level] = append(byLevel[level], k)
	}
	var out []K
	for level := fromBody; level <= fromCalleeTable; level++ {
		ks := byLevel[level]
		sort.Slice(ks, func(i, j int) bool { return less(ks[i], ks[j]) })
		room := max - len(out)
		if level == fromBody && own {
			room = len(ks)
		}
		if room <= 0 {
			continue
		}
		if len(ks) <= room {
			out = append(out, ks...)
			continue
		}
		for i := 0; i < room; i++ {
			out = append(out, ks[i*len(ks)/room])
		}
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	return out
}

// collector gathers a pool; each map holds a constant's nearest place.
type collector struct {
	info   *types.Info
	idx    *pkgIndex
	ints   map[int64]int
	floats map[float64]int
	strs   map[string]int
	chars  map[rune]int
	pre    map[string]int
	suf    map[string]int
	sep    map[string]int
	fold   bool
	vars   map[*types.Var]bool  // package-level variables walked
	funcs  map[*types.Func]bool // functions of the package the body calls
	// ctorCalls: the constructors' bodies are walked, whose calls
	// count as the body's (their callees are walked too).
	ctorCalls bool
}

// ctorBodies returns the bodies of the package's functions that return
// fn's receiver type (T or *T, the first result): its constructors.
func ctorBodies(pkg *load.Package, fn *types.Func) []*ast.BlockStmt {
	if fn == nil {
		return nil
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return nil
	}
	named := namedOf(recv.Type())
	if named == nil {
		return nil
	}
	var out []*ast.BlockStmt
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			c, ok := pkg.Info.Defs[fd.Name].(*types.Func)
			if !ok || c.Signature().Results().Len() == 0 {
				continue
			}
			if r := namedOf(c.Signature().Results().At(0).Type()); r != nil && r.Obj() == named.Obj() {
				out = append(out, fd.Body)
			}
		}
	}
	return out
}

// namedOf is the named type of t or of *t.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

func note[K comparable](m map[K]int, k K, level int) {
	if old, ok := m[k]; !ok || level < old {
		m[k] = level
	}
}

func (c *collector) str(s string, level int) {
	if len(s) <= maxPoolString {
		note(c.strs, s, level)
	}
}

func (c *collector) char(r rune, level int) {
	if utf8.ValidRune(r) && (unicode.IsPrint(r) || r == '\t' || r == '\n' || r == '\r') {
		note(c.chars, r, level)
	}
}

// walk collects from a function body; level is fromBody or fromCallee.
func (c *collector) walk(body *ast.BlockStmt, level int) {
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			c.call(n, level)
		case *ast.BinaryExpr:
			c.compare(n, level)
		case *ast.SwitchStmt:
			if n.Tag != nil && isChar(c.info.TypeOf(n.Tag)) {
				for _, s := range n.Body.List {
					for _, e := range s.(*ast.CaseClause).List {
						if r, ok := c.rune(e); ok {
							c.char(r, level)
						}
					}
				}
			}
		case *ast.BasicLit:
			if n.Kind == token.CHAR {
				if r, ok := c.rune(n); ok {
					c.char(r, level)
				}
			}
		case *ast.Ident:
			if v := c.pkgVar(n); v != nil && !c.vars[v] {
				c.vars[v] = true
				c.table(c.idx.vars[v], level+1)
			}
			if f, ok := c.info.Uses[n].(*types.Func); ok && (level == fromBody || c.ctorCalls) {
				if f = f.Origin(); c.idx.funcs[f] != nil {
					c.funcs[f] = true
				}
			}
		}
		e, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		tv, ok := c.info.Types[e]
		if !ok || tv.Value == nil {
			return true
		}
		c.constant(tv.Value, level)
		return false // a constant's operands are constants too: keep the folded value only
	})
}

// constant notes a constant value.
func (c *collector) constant(v constant.Value, level int) {
	switch v.Kind() {
	case constant.Int:
		if x, exact := constant.Int64Val(v); exact {
			note(c.ints, x, level)
		}
	case constant.Float:
		x, _ := constant.Float64Val(v)
		note(c.floats, x, level)
	case constant.String:
		c.str(constant.StringVal(v), level)
	}
}

// call notes what a call of a strings or bytes function tests for.
func (c *collector) call(call *ast.CallExpr, level int) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	f, ok := c.info.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil || f.Type().(*types.Signature).Recv() != nil {
		return
	}
	switch f.Pkg().Path() {
	case "strings", "bytes":
	case "unicode":
		c.fold = c.fold || foldFuncs[f.Name()]
		return
	default:
		return
	}
	if foldFuncs[f.Name()] {
		c.fold = true
	}
	if f.Name() == "Fields" {
		note(c.sep, " ", level)
		return
	}
	kind := stringFuncs[f.Name()]
	if kind == 0 {
		return
	}
	for i, a := range call.Args {
		s, ok := c.text(a)
		if !ok {
			if r, ok := c.rune(a); ok && isChar(c.info.TypeOf(a)) {
				s = string(r)
				c.char(r, level)
			} else {
				continue
			}
		}
		if s == "" || len(s) > maxPoolString {
			continue
		}
		if i == 0 && len(call.Args) > 1 {
			// The constant is what is searched (strings.ContainsRune(
			// "+-", c)): the input is one of its characters.
			for _, r := range s {
				c.char(r, level)
			}
			continue
		}
		switch kind {
		case 'p':
			note(c.pre, s, level)
		case 's':
			note(c.suf, s, level)
		case 'x':
			note(c.sep, s, level)
		case 'c':
			for _, r := range s {
				c.char(r, level)
			}
		case 'f':
			c.fold = true
		}
		c.str(s, level)
	}
}

// compare notes the characters compared with (c == 'x', s[i] >= '0') and
// the prefixes and suffixes compared with slices (s[:2] == "0x",
// s[len(s)-2:] == "KB").
func (c *collector) compare(b *ast.BinaryExpr, level int) {
	switch b.Op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return
	}
	for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		k, other := side[0], side[1]
		if r, ok := c.rune(k); ok && (isChar(c.info.TypeOf(k)) || isChar(c.info.TypeOf(other))) {
			c.char(r, level)
		}
		s, ok := c.text(k)
		if !ok || s == "" || len(s) > maxPoolString || (b.Op != token.EQL && b.Op != token.NEQ) {
			continue
		}
		if sl, ok := ast.Unparen(other).(*ast.SliceExpr); ok {
			switch {
			case sl.High == nil && sl.Low != nil:
				note(c.suf, s, level)
			case sl.High != nil && (sl.Low == nil || isZero(c.info, sl.Low)):
				note(c.pre, s, level)
			}
		}
	}
}

func isZero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && tv.Value != nil && constant.Sign(tv.Value) == 0
}

// text returns the constant string e stands for: a constant, a
// conversion of one ([]byte("x")), a slice of constant characters
// ([]byte{'x'}), or a package-level variable initialized with a
// constant.
func (c *collector) text(e ast.Expr) (string, bool) {
	e = ast.Unparen(e)
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		return "", false
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if tv, ok := c.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return c.text(e.Args[0])
		}
	case *ast.CompositeLit:
		// []byte{'x', 'y'}, []rune{'z'}
		var b []byte
		for _, el := range e.Elts {
			r, ok := c.rune(el)
			if !ok || !isChar(c.info.TypeOf(el)) {
				return "", false
			}
			b = utf8.AppendRune(b, r)
		}
		return string(b), len(b) > 0
	}
	if id, ok := e.(*ast.Ident); ok {
		if v := c.pkgVar(id); v != nil {
			if init := c.idx.vars[v]; init != nil {
				if tv, ok := c.info.Types[init]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
					return constant.StringVal(tv.Value), true
				}
			}
		}
	}
	return "", false
}

// rune returns the integer constant e stands for, as a rune.
func (c *collector) rune(e ast.Expr) (rune, bool) {
	tv, ok := c.info.Types[ast.Unparen(e)]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	x, exact := constant.Int64Val(tv.Value)
	if !exact || x < 0 || x > unicode.MaxRune {
		return 0, false
	}
	return rune(x), true
}

// isChar reports whether t is byte, rune or an untyped rune constant's
// type.
func isChar(t types.Type) bool {
	if t == nil {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return false
	}
	switch b.Kind() {
	case types.Uint8, types.Int32, types.UntypedRune:
		return true
	}
	return false
}

// pkgVar returns the package-level variable of the unit's package id
// refers to, if any.
func (c *collector) pkgVar(id *ast.Ident) *types.Var {
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() != v.Pkg().Scope() {
		return nil
	}
	if _, ok := c.idx.vars[v]; !ok {
		return nil
	}
	return v
}

// table collects the string and character constants of a package-level
// variable's initializer: the keys, elements and fields of its composite
// literals (a map of words, a slice of structs with string fields).
func (c *collector) table(e ast.Expr, level int) {
	if e == nil {
		return
	}
	e = ast.Unparen(e)
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil {
		switch {
		case tv.Value.Kind() == constant.String:
			c.str(constant.StringVal(tv.Value), level)
		case isChar(tv.Type):
			if r, ok := c.rune(e); ok {
				c.char(r, level)
			}
		default:
			// The keys a table is looked up by: currency codes, ports.
			c.constant(tv.Value, level)
		}
		return
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if _, field := c.info.Uses[identOf(kv.Key)].(*types.Var); !field {
					c.table(kv.Key, level)
				}
				c.table(kv.Value, level)
				continue
			}
			c.table(el, level)
		}
	case *ast.UnaryExpr:
		if e.Op == token.AND {
			c.table(e.X, level)
		}
	case *ast.CallExpr:
		// A conversion: []byte("x"), Code("y").
		if tv, ok := c.info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			c.table(e.Args[0], level)
		}
	}
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// pkgIndex is what pool needs of the unit's package beyond its body: the
// declarations of its functions and the initializers of its variables.
type pkgIndex struct {
	funcs map[*types.Func]*ast.FuncDecl
	vars  map[*types.Var]ast.Expr // nil: declared without a single initializer of its own
}

// The index of the last package pool saw: Find builds a package's units
// one after another.
var (
	indexMu   sync.Mutex
	indexInfo *types.Info
	indexLast *pkgIndex
)

// indexOf returns the index of the package info describes. Its files are
// the *ast.File keys of info.Scopes (or info.FileVersions); its
// variables' initializers are in info.InitOrder. Without them the index
// is empty: the pool is then the body's alone.
func indexOf(info *types.Info) *pkgIndex {
	indexMu.Lock()
	defer indexMu.Unlock()
	if indexInfo == info {
		return indexLast
	}
	idx := &pkgIndex{funcs: map[*types.Func]*ast.FuncDecl{}, vars: map[*types.Var]ast.Expr{}}
	var files []*ast.File
	for n := range info.Scopes {
		if f, ok := n.(*ast.File); ok {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		for f := range info.FileVersions {
			files = append(files, f)
		}
	}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if fn, ok := info.Defs[d.Name].(*types.Func); ok {
					idx.funcs[fn] = d
				}
			case *ast.GenDecl:
				if d.Tok != token.VAR {
					continue
				}
				for _, s := range d.Specs {
					for _, name := range s.(*ast.ValueSpec).Names {
						if v, ok := info.Defs[name].(*types.Var); ok {
							idx.vars[v] = nil
						}
					}
				}
			}
		}
	}
	for _, init := range info.InitOrder {
		if len(init.Lhs) == 1 {
			if _, ok := idx.vars[init.Lhs[0]]; ok {
				idx.vars[init.Lhs[0]] = init.Rhs
			}
		}
	}
	indexInfo, indexLast = info, idx
	return idx
}
