package mutate

// This file implements the mutation operators: a walk over every function
// body that finds the sites (expressions and statements) each operator
// applies to and records their variants as text replacements.
//
// Go adaptations of Mothra's operators (seed 000 Tables 1-2, seed 003
// Table 1), and the contexts where they are not applied:
//   - expression operators apply to rvalues only: never to an assignment
//     target, an operand of &, a method receiver, or a struct literal key;
//   - constant operators (CRP, SCR) apply to maximal constant expressions
//     outside places that require a constant (const declarations, array
//     lengths, array and slice literal keys);
//   - scalar operators (UOI, ABS, SVR, CSR) apply to reads of variables
//     and struct fields of basic type (bool, numbers, strings);
//   - statement operators (SDL, ASG, RSR) apply to statements in statement
//     lists; the post statement of a for loop is mutated by ASG and SDL
//     when it assigns a plain identifier.
// Anything that would not type-check is removed later by checkMutants.

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"go/version"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

type collector struct {
	pkg     *load.Package
	info    *types.Info
	file    *load.File
	tf      *token.File
	src     []byte
	ops     map[Op]bool
	imports map[string]string // import path -> local name in this file ("." for dot imports)
	sites   []*site
	skip    map[ast.Node]bool

	version string // the file's Go language version ("" = unknown)
	// testNames are the package-level names the package's own _test.go
	// files declare (testDeclNames): a builtin they shadow (a test's
	// func max(a, b uint) uint) is not one where the tests compile.
	testNames map[string]bool

	fn      string
	results []*types.Tuple // result tuples of the enclosing functions, innermost last
	pool    []constant.Value
}

func collect(pkg *load.Package, f *load.File, ops map[Op]bool, testNames map[string]bool) *fileSites {
	c := &collector{
		testNames: testNames,
		pkg:       pkg,
		info:      pkg.Info,
		file:      f,
		tf:        pkg.Fset.File(f.Syntax.Pos()),
		src:       f.Src,
		ops:       ops,
		imports:   map[string]string{},
		skip:      map[ast.Node]bool{},
		version:   fileVersion(pkg, f),
	}
	for _, imp := range f.Syntax.Imports {
		path, _ := strconv.Unquote(imp.Path.Value)
		name := ""
		if imp.Name != nil {
			name = imp.Name.Name
		} else if pn, ok := c.info.Implicits[imp].(*types.PkgName); ok {
			name = pn.Imported().Name()
		}
		if name != "_" && name != "" {
			c.imports[path] = name
		}
	}
	for _, d := range f.Syntax.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		c.fn = FuncName(fd)
		sig, _ := c.info.Defs[fd.Name].Type().(*types.Signature)
		if sig == nil {
			continue
		}
		c.results = []*types.Tuple{sig.Results()}
		c.pool = c.constPool(fd.Body)
		c.walk(fd.Body)
	}
	fs := &fileSites{file: f}
	fs.build(c.sites)
	return fs
}

// FuncName is the name Mutant.Func uses for a declared function: "F",
// "T.M" or "(*T).M".
func FuncName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := false
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = true, s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	if star {
		return "(*" + name + ")." + fd.Name.Name
	}
	return name + "." + fd.Name.Name
}

func (c *collector) off(p token.Pos) int { return c.tf.Offset(p) }

func (c *collector) text(n ast.Node) string { return string(c.src[c.off(n.Pos()):c.off(n.End())]) }

func (c *collector) span(n ast.Node) seg { return rng(c.off(n.Pos()), c.off(n.End())) }

// walk visits a function body with a stack of ancestors.
func (c *collector) walk(body *ast.BlockStmt) {
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			top := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if _, ok := top.(*ast.FuncLit); ok {
				c.results = c.results[:len(c.results)-1]
			}
			return false
		}
		if c.skip[n] {
			return false
		}
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST || n.Tok == token.TYPE {
				return false
			}
		case *ast.FuncLit:
			sig, _ := c.info.TypeOf(n).(*types.Signature)
			if sig == nil {
				return false
			}
			c.results = append(c.results, sig.Results())
		case ast.Expr:
			if tv, ok := c.info.Types[n]; ok && tv.IsType() {
				return false
			}
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		c.visit(n, parent)
		stack = append(stack, n)
		return true
	})
}

func (c *collector) visit(n, parent ast.Node) {
	switch n := n.(type) {
	case *ast.BlockStmt:
		c.stmtList(n.List)
	case *ast.CaseClause:
		c.stmtList(n.Body)
	case *ast.CommClause:
		c.stmtList(n.Body)
	case *ast.ForStmt:
		if n.Post != nil {
			c.postStmt(n.Post)
		}
	case *ast.CompositeLit:
		c.markKeys(n)
	}
	e, ok := n.(ast.Expr)
	if !ok {
		return
	}
	if containsRecover(c.info, e) {
		return // recover only works when called directly by the deferred function
	}
	tv, ok := c.info.Types[e]
	if !ok {
		return
	}
	if tv.Value != nil {
		if !isConst(c.info, parent) {
			c.constSite(e, tv, parent)
		}
		return
	}
	switch e := e.(type) {
	case *ast.BinaryExpr:
		c.binary(e, tv, parent)
	case *ast.Ident, *ast.SelectorExpr, *ast.IndexExpr:
		c.scalarRead(e, tv, parent)
	}
}

func isConst(info *types.Info, n ast.Node) bool {
	e, ok := n.(ast.Expr)
	if !ok {
		return false
	}
	tv, ok := info.Types[e]
	return ok && tv.Value != nil
}

// markKeys excludes literal keys: struct field names, and array or slice
// indices, which must stay constant.
func (c *collector) markKeys(cl *ast.CompositeLit) {
	t := c.info.TypeOf(cl)
	if t == nil {
		return
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Array, *types.Slice:
		for _, elt := range cl.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				c.skip[kv.Key] = true
			}
		}
	}
}

func containsRecover(info *types.Info, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "recover" {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// ---- types as text ----

// typeName spells t as seen from this file, or "" if it cannot be named
// there (an unexported or un-imported package's type, an untyped value).
func (c *collector) typeName(t types.Type) string {
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
		if b, ok := t.(*types.Basic); ok && b.Kind() == types.UntypedNil {
			return ""
		}
	}
	ok := true
	s := types.TypeString(t, func(p *types.Package) string {
		if p == c.pkg.Types {
			return ""
		}
		name, imported := c.imports[p.Path()]
		if !imported {
			ok = false
			return p.Name()
		}
		if name == "." {
			return ""
		}
		return name
	})
	if !ok || !exportedOrLocal(t, c.pkg.Types) {
		return ""
	}
	return s
}

// exportedOrLocal reports whether every named type inside t is exported or
// belongs to pkg.
func exportedOrLocal(t types.Type, pkg *types.Package) bool {
	ok := true
	var visit func(t types.Type)
	seen := map[types.Type]bool{}
	visit = func(t types.Type) {
		if !ok || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			if o := t.Obj(); o.Pkg() != nil && o.Pkg() != pkg && !o.Exported() {
				ok = false
			}
			if args := t.TypeArgs(); args != nil {
				for i := 0; i < args.Len(); i++ {
					visit(args.At(i))
				}
			}
		case *types.Alias:
			if o := t.Obj(); o.Pkg() != nil && o.Pkg() != pkg && !o.Exported() {
				ok = false
			}
		case *types.Pointer:
			visit(t.Elem())
		case *types.Slice:
			visit(t.Elem())
		case *types.Array:
			visit(t.Elem())
		case *types.Map:
			visit(t.Key())
			visit(t.Elem())
		case *types.Chan:
			visit(t.Elem())
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if f := t.Field(i); !f.Exported() && f.Pkg() != pkg {
					ok = false
				}
				visit(t.Field(i).Type())
			}
		case *types.Signature:
			for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
				for i := 0; i < tup.Len(); i++ {
					visit(tup.At(i).Type())
				}
			}
		}
	}
	visit(t)
	return ok
}

func basic(t types.Type) *types.Basic {
	if t == nil {
		return nil
	}
	if tp, ok := t.(*types.TypeParam); ok {
		return typeSetBasic(tp)
	}
	b, _ := t.Underlying().(*types.Basic)
	return b
}

// typeSetBasic stands for a type parameter whose type set holds basic
// types only (constraints.Integer, ~int | ~float64): a basic type with
// the properties every one of them has — an integer when all are
// integers, a float when all are numbers, a string when all are ordered
// — so that the operators valid for every type argument are mutated.
// nil for any other constraint (any, comparable, methods). Variants
// that still do not compile are dropped by checkMutants.
func typeSetBasic(tp *types.TypeParam) *types.Basic {
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok || iface.NumMethods() > 0 {
		return nil
	}
	// The properties (IsNumeric and IsOrdered are masks, not bits).
	integer, unsigned, numeric, ordered := true, true, true, true
	n := 0
	var terms func(t types.Type) bool
	terms = func(t types.Type) bool {
		switch t := t.(type) {
		case *types.Union:
			for i := 0; i < t.Len(); i++ {
				if !terms(t.Term(i).Type()) {
					return false
				}
			}
			return true
		case *types.Interface:
			if t.NumMethods() > 0 || t.NumEmbeddeds() == 0 {
				return false
			}
			for i := 0; i < t.NumEmbeddeds(); i++ {
				if !terms(t.EmbeddedType(i)) {
					return false
				}
			}
			return true
		}
		if u, ok := t.Underlying().(*types.Interface); ok {
			return terms(u)
		}
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&(types.IsUntyped|types.IsComplex|types.IsBoolean) != 0 {
			return false
		}
		info := b.Info()
		integer = integer && info&types.IsInteger != 0
		unsigned = unsigned && info&types.IsUnsigned != 0
		numeric = numeric && info&(types.IsInteger|types.IsFloat) != 0
		ordered = ordered && info&types.IsOrdered != 0
		n++
		return true
	}
	if !terms(iface) || n == 0 {
		return nil
	}
	switch {
	case integer && unsigned:
		return types.Typ[types.Uint]
	case integer:
		return types.Typ[types.Int]
	case numeric:
		return types.Typ[types.Float64]
	case ordered:
		return types.Typ[types.String]
	}
	return nil
}

func isNumeric(b *types.Basic) bool {
	return b != nil && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// ---- binary operators: AOR, ROR, LCR, BOR ----

var (
	arithOps = []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM}
	relOps   = []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	bitOps   = []token.Token{token.AND, token.OR, token.XOR, token.AND_NOT}
	shiftOps = []token.Token{token.SHL, token.SHR}
)

func has(list []token.Token, t token.Token) bool {
	for _, x := range list {
		if x == t {
			return true
		}
	}
	return false
}

func (c *collector) binary(e *ast.BinaryExpr, tv types.TypeAndValue, parent ast.Node) {
	// Only an operator parent can regroup a replaced operator.
	var operand bool
	switch parent.(type) {
	case *ast.BinaryExpr, *ast.UnaryExpr, *ast.StarExpr:
		operand = true
	}
	s := &site{kind: exprSite, node: e, pos: c.off(e.Pos()), end: c.off(e.End()), fn: c.fn, typ: c.typeName(tv.Type)}
	if s.typ == "" {
		return
	}
	xt := c.info.TypeOf(e.X)
	switch {
	case has(arithOps, e.Op):
		if !c.ops[AOR] {
			return
		}
		b := basic(tv.Type)
		if b == nil {
			return
		}
		if b.Info()&types.IsString == 0 && isNumeric(b) {
			for _, op := range arithOps {
				if op == e.Op || (op == token.REM && b.Info()&types.IsInteger == 0) {
					continue
				}
				c.addOpVariant(s, AOR, e, op, operand)
			}
		}
		c.operandForms(s, AOR, e, tv.Type)
	case has(relOps, e.Op):
		if !c.ops[ROR] {
			return
		}
		ordered := false
		if b := basic(xt); b != nil && b.Info()&types.IsOrdered != 0 {
			ordered = true
		}
		for _, op := range relOps {
			if op == e.Op || (!ordered && op != token.EQL && op != token.NEQ) {
				continue
			}
			c.addOpVariant(s, ROR, e, op, operand)
		}
		s.variants = append(s.variants, &variant{op: ROR, segs: []seg{lit("true")}}, &variant{op: ROR, segs: []seg{lit("false")}})
	case e.Op == token.LAND || e.Op == token.LOR:
		if !c.ops[LCR] {
			return
		}
		other := token.LOR
		if e.Op == token.LOR {
			other = token.LAND
		}
		c.addOpVariant(s, LCR, e, other, operand)
		c.operandForms(s, LCR, e, tv.Type)
		s.variants = append(s.variants, &variant{op: LCR, segs: []seg{lit("true")}}, &variant{op: LCR, segs: []seg{lit("false")}})
	case has(bitOps, e.Op) || has(shiftOps, e.Op):
		if !c.ops[BOR] || basic(tv.Type) == nil {
			return
		}
		group := bitOps
		if has(shiftOps, e.Op) {
			group = shiftOps
		}
		for _, op := range group {
			if op != e.Op {
				c.addOpVariant(s, BOR, e, op, operand)
			}
		}
	default:
		return
	}
	c.addSite(s)
}

func (c *collector) addSite(s *site) {
	if len(s.variants) > 0 {
		c.sites = append(c.sites, s)
	}
}

// addOpVariant replaces the operator of e. Parentheses keep the tree of
// the mutant that of the original with one operator changed: around an
// operand that the new operator would otherwise split, and around the
// whole expression when it is itself an operand and the new operator
// binds less tightly.
func (c *collector) addOpVariant(s *site, op Op, e *ast.BinaryExpr, to token.Token, operand bool) {
	opPos := c.off(e.OpPos)
	x, y := c.span(e.X), c.span(e.Y)
	var segs []seg
	if b, ok := e.X.(*ast.BinaryExpr); ok && b.Op.Precedence() < to.Precedence() {
		segs = append(segs, lit("("), x, lit(")"))
	} else {
		segs = append(segs, x)
	}
	segs = append(segs, rng(x.b, opPos), lit(to.String()), rng(opPos+len(e.Op.String()), y.a))
	if b, ok := e.Y.(*ast.BinaryExpr); ok && b.Op.Precedence() <= to.Precedence() {
		segs = append(segs, lit("("), y, lit(")"))
	} else {
		segs = append(segs, y)
	}
	if operand && to.Precedence() < e.Op.Precedence() {
		segs = append(append([]seg{lit("(")}, segs...), lit(")"))
	}
	s.variants = append(s.variants, &variant{op: op, segs: segs})
}

// operandForms adds "e1" and "e2" for e1 op e2; an untyped constant operand
// is converted to the expression's type so the mutant keeps its type.
func (c *collector) operandForms(s *site, op Op, e *ast.BinaryExpr, t types.Type) {
	for _, x := range []ast.Expr{e.X, e.Y} {
		xt := c.info.TypeOf(x)
		segs := []seg{c.span(x)}
		if b, ok := xt.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			name := c.typeName(t)
			if name == "" {
				continue
			}
			segs = []seg{lit(name + "("), c.span(x), lit(")")}
		}
		s.variants = append(s.variants, &variant{op: op, segs: segs})
	}
}

// ---- scalar reads: UOI, ABS, SVR, CSR ----

func (c *collector) scalarRead(e ast.Expr, tv types.TypeAndValue, parent ast.Node) {
	if !tv.IsValue() {
		return
	}
	switch e := e.(type) {
	case *ast.Ident:
		if !isVarIdent(c.info, e) {
			return
		}
	case *ast.SelectorExpr:
		sel := c.info.Selections[e]
		if sel == nil || sel.Kind() != types.FieldVal {
			return
		}
	case *ast.IndexExpr:
		xt := c.info.TypeOf(e.X)
		if xt == nil {
			return
		}
		switch u := xt.Underlying().(type) {
		case *types.Slice, *types.Array, *types.Basic:
		case *types.Pointer:
			if _, ok := u.Elem().Underlying().(*types.Array); !ok {
				return
			}
		default:
			return // maps (comma-ok forms) and generic instantiations
		}
	}
	if !isRvalue(e, parent) {
		return
	}
	b := basic(tv.Type)
	if b == nil || b.Info()&types.IsComplex != 0 {
		return
	}
	s := &site{kind: exprSite, node: e, pos: c.off(e.Pos()), end: c.off(e.End()), fn: c.fn}
	x := c.span(e)
	tname := c.typeName(tv.Type)
	if c.ops[UOI] {
		switch {
		case b.Info()&types.IsBoolean != 0:
			s.variants = append(s.variants, &variant{op: UOI, segs: []seg{lit("!"), x}})
		case isNumeric(b):
			// Negation is legal on unsigned integers too (it wraps).
			s.variants = append(s.variants, &variant{op: UOI, segs: []seg{lit("(-"), x, lit(")")}})
			if b.Info()&types.IsInteger != 0 {
				s.variants = append(s.variants, &variant{op: UOI, segs: []seg{lit("(^"), x, lit(")")}})
			}
			s.variants = append(s.variants,
				&variant{op: UOI, segs: []seg{lit("("), x, lit(" + 1)")}},
				&variant{op: UOI, segs: []seg{lit("("), x, lit(" - 1)")}})
		}
	}
	if c.ops[ABS] && isNumeric(b) {
		if b.Info()&types.IsUnsigned == 0 && tname != "" {
			s.variants = append(s.variants, c.absVariant(x, tname, e.Pos(), false), c.absVariant(x, tname, e.Pos(), true))
		}
		if tname != "" {
			// ZPUSH: the mutant dies as soon as the expression is zero.
			s.variants = append(s.variants, &variant{op: ABS, zpush: true, segs: []seg{
				lit("func(v " + tname + ") " + tname + " { if v == 0 { panic(\"gozilla: ZPUSH\") }; return v }("), x, lit(")")}})
		}
	}
	if id, ok := e.(*ast.Ident); ok && c.ops[SVR] {
		obj := c.info.Uses[id]
		for _, v := range c.scalarsInScope(e.Pos(), tv.Type) {
			if v != obj {
				s.variants = append(s.variants, &variant{op: SVR, segs: []seg{lit(v.Name())}})
			}
		}
	}
	if _, isIndex := e.(*ast.IndexExpr); !isIndex && c.ops[CSR] {
		for _, v := range c.pool {
			if representable(v, b) {
				s.variants = append(s.variants, &variant{op: CSR, segs: []seg{lit(constText(v, b, false))}})
			}
		}
	}
	if tname == "" {
		return // the schemata wrapper must spell the type
	}
	s.typ = tname
	c.addSite(s)
}

// absVariant is ABS's abs(e) (neg: -abs(e)), spelled max(e, -e) (neg:
// min(e, -e)) where the builtin is there: from go1.21 on, and not
// shadowed at pos. Elsewhere it is the closure of absFunc, which means
// exactly the same, so that the mutants do not depend on the go directive.
func (c *collector) absVariant(x seg, tname string, pos token.Pos, neg bool) *variant {
	name := "max"
	if neg {
		name = "min"
	}
	if allows(c.version, "go1.21") && c.isBuiltin(name, pos) {
		return &variant{op: ABS, segs: []seg{lit(name + "("), x, lit(", -"), x, lit(")")}}
	}
	pre, post := absFunc(tname, neg)
	return &variant{op: ABS, segs: []seg{lit(pre), x, lit(post)}}
}

// absFunc returns the text around e of the closure that computes max(e,
// -e) (neg: min(e, -e)) for a signed integer or float type tname, without
// the builtins:
//
//	abs:  func(v T) T { if v <= 0 { v = 0 - v }; return v }(e)
//	-abs: func(v T) T { if v <= 0 { v = 0 - v }; return -v }(e)
//
// It is the builtins' result in every case: v > 0 gives v (-v); v < 0
// gives -v (v), including -Inf; the integer MinInt is its own negation in
// both, as max(MinInt, -MinInt) = MinInt; both zeros become +0 because
// 0 - (±0) = +0 in IEEE 754, so abs gives +0 as max(-0, +0) does and
// -abs gives -0 as min(±0, ∓0) does; NaN fails v <= 0 and stays NaN, as
// any NaN operand makes min and max NaN. 0 - v, not -v, on the zero
// branch is what turns -0 into +0.
func absFunc(tname string, neg bool) (pre, post string) {
	ret := "v"
	if neg {
		ret = "-v"
	}
	return "func(v " + tname + ") " + tname + " { if v <= 0 { v = 0 - v }; return " + ret + " }(", ")"
}

// isBuiltin reports whether name, at pos, is the predeclared builtin.
func (c *collector) isBuiltin(name string, pos token.Pos) bool {
	scope := c.pkg.Types.Scope().Innermost(pos)
	if scope == nil {
		scope = c.pkg.Types.Scope()
	}
	_, obj := scope.LookupParent(name, pos)
	_, ok := obj.(*types.Builtin)
	return ok && !c.testNames[name]
}

// testDeclNames returns the package-level names declared by the _test.go
// files of pkg's directory that belong to pkg itself (not pkg_test):
// mutants are compiled with them, by score and by gen's harness alike.
// Build constraints are not evaluated: a name any of them declares
// counts.
func testDeclNames(pkg *load.Package) map[string]bool {
	names := map[string]bool{}
	paths, _ := filepath.Glob(filepath.Join(pkg.Dir, "*_test.go"))
	for _, p := range paths {
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg.Name {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names[n.Name] = true
						}
					case *ast.TypeSpec:
						names[sp.Name.Name] = true
					}
				}
			}
		}
	}
	return names
}

// fileVersion is the Go language version file f is compiled at: the
// package's, or the one its //go:build line sets (go/types and the
// compiler use at least go1.21 for such a file). "" means unknown: every
// feature is allowed.
func fileVersion(pkg *load.Package, f *load.File) string {
	if pkg.Info != nil {
		if v, ok := pkg.Info.FileVersions[f.Syntax]; ok && v != "" {
			return v
		}
	}
	return pkg.Types.GoVersion()
}

// allows reports whether code at language version v may use a feature
// that came with language version feature.
func allows(v, feature string) bool {
	return !version.IsValid(v) || version.Compare(v, feature) >= 0
}

func isVarIdent(info *types.Info, e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	if !ok || id.Name == "_" {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && !v.IsField()
}

// isRvalue reports whether e, a child of parent, is only read there.
func isRvalue(e ast.Expr, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == e {
				return false
			}
		}
	case *ast.IncDecStmt:
		return false
	case *ast.UnaryExpr:
		return p.Op != token.AND
	case *ast.RangeStmt:
		return e != p.Key && e != p.Value
	case *ast.SelectorExpr:
		return e != p.X // method receivers may need addressing
	case *ast.KeyValueExpr:
		// struct keys are excluded by markKeys
	case *ast.ValueSpec:
		for _, n := range p.Names {
			if n == e {
				return false
			}
		}
	case *ast.SliceExpr:
		return e != p.X // slicing an array needs it addressable
	case *ast.IndexExpr:
		return true
	}
	return true
}

// scalarsInScope lists the variables visible at pos whose type is
// identical to t, innermost scope first, each scope in name order.
func (c *collector) scalarsInScope(pos token.Pos, t types.Type) []*types.Var {
	inner := c.pkg.Types.Scope().Innermost(pos)
	var out []*types.Var
	for s := inner; s != nil && s != types.Universe; s = s.Parent() {
		for _, name := range s.Names() {
			if name == "_" {
				continue
			}
			v, ok := s.Lookup(name).(*types.Var)
			if !ok || !types.Identical(v.Type(), t) {
				continue
			}
			if _, o := inner.LookupParent(name, pos); o != v {
				continue // shadowed, or declared after pos
			}
			out = append(out, v)
		}
	}
	return out
}

// ---- constants: CRP, SCR ----

func (c *collector) constSite(e ast.Expr, tv types.TypeAndValue, parent ast.Node) {
	if sel, ok := parent.(*ast.SelectorExpr); ok && sel.X == e {
		return
	}
	if tv.Value.Kind() == constant.Bool || tv.Value.Kind() == constant.Unknown || tv.Value.Kind() == constant.Complex {
		return
	}
	t := tv.Type
	if b, ok := t.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		t = types.Default(t)
	}
	b := basic(t)
	if b == nil {
		return
	}
	tname := c.typeName(t)
	if tname == "" {
		return
	}
	s := &site{kind: exprSite, node: e, pos: c.off(e.Pos()), end: c.off(e.End()), fn: c.fn, typ: tname}
	// Before go1.13 a shift count must be unsigned: an untyped constant
	// count is, but its schemata wrapper and its SCR variables would have
	// its default type, signed.
	unsignedCount := false
	if isShiftCount(e, parent) && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0 &&
		tv.Type != t && !allows(c.version, "go1.13") {
		unsignedCount = true
		s.typ = "uint"
	}
	v := tv.Value
	isChar := false
	if bl, ok := e.(*ast.BasicLit); ok && bl.Kind == token.CHAR {
		isChar = true
	}
	if c.ops[CRP] {
		var cands []constant.Value
		switch v.Kind() {
		case constant.Int, constant.Float:
			one := constant.MakeInt64(1)
			cands = []constant.Value{
				constant.BinaryOp(v, token.ADD, one),
				constant.BinaryOp(v, token.SUB, one),
				constant.MakeInt64(0),
				constant.UnaryOp(token.SUB, v, 0),
			}
		case constant.String:
			if constant.StringVal(v) != "" {
				cands = []constant.Value{constant.MakeString("")}
			}
		}
		var seen []constant.Value
	next:
		for _, w := range cands {
			if constant.Compare(w, token.EQL, v) || !representable(w, b) {
				continue
			}
			for _, u := range seen {
				if constant.Compare(u, token.EQL, w) {
					continue next
				}
			}
			seen = append(seen, w)
			s.variants = append(s.variants, &variant{op: CRP, segs: []seg{lit(constText(w, b, isChar))}})
		}
	}
	if c.ops[SCR] {
		for _, x := range c.scalarsInScope(e.Pos(), t) {
			text := x.Name()
			if unsignedCount {
				// x << n panics when n < 0, with this message.
				text = "func(n " + tname + ") uint { if n < 0 { panic(\"runtime error: negative shift amount\") }; return uint(n) }(" + text + ")"
			}
			s.variants = append(s.variants, &variant{op: SCR, segs: []seg{lit(text)}})
		}
	}
	c.addSite(s)
}

// isShiftCount reports whether e, a child of parent, is the count of a
// shift.
func isShiftCount(e ast.Expr, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.BinaryExpr:
		return (p.Op == token.SHL || p.Op == token.SHR) && p.Y == e
	case *ast.AssignStmt:
		return (p.Tok == token.SHL_ASSIGN || p.Tok == token.SHR_ASSIGN) && len(p.Rhs) == 1 && p.Rhs[0] == e
	}
	return false
}

// constPool collects the distinct numeric and string constants of a unit,
// in order of first appearance (Mothra's constant pool for CSR).
func (c *collector) constPool(body *ast.BlockStmt) []constant.Value {
	var pool []constant.Value
	var parents []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			parents = parents[:len(parents)-1]
			return false
		}
		var parent ast.Node
		if len(parents) > 0 {
			parent = parents[len(parents)-1]
		}
		if e, ok := n.(ast.Expr); ok {
			if tv, ok := c.info.Types[e]; ok && tv.Value != nil && !isConst(c.info, parent) {
				v := tv.Value
				if k := v.Kind(); k == constant.Int || k == constant.Float || k == constant.String {
					dup := false
					for _, u := range pool {
						if u.Kind() == v.Kind() && constant.Compare(u, token.EQL, v) {
							dup = true
						}
					}
					if !dup && len(pool) < 16 {
						pool = append(pool, v)
					}
				}
				return false
			}
		}
		parents = append(parents, n)
		return true
	})
	return pool
}

// representable reports whether constant v can be given type b.
func representable(v constant.Value, b *types.Basic) bool {
	info := b.Info()
	switch {
	case info&types.IsString != 0:
		return v.Kind() == constant.String
	case info&types.IsInteger != 0:
		iv := constant.ToInt(v)
		if iv.Kind() != constant.Int {
			return false
		}
		var lo, hi constant.Value
		switch b.Kind() {
		case types.Int8:
			lo, hi = constant.MakeInt64(math.MinInt8), constant.MakeInt64(math.MaxInt8)
		case types.Int16:
			lo, hi = constant.MakeInt64(math.MinInt16), constant.MakeInt64(math.MaxInt16)
		case types.Int32:
			lo, hi = constant.MakeInt64(math.MinInt32), constant.MakeInt64(math.MaxInt32)
		case types.Int, types.Int64:
			lo, hi = constant.MakeInt64(math.MinInt64), constant.MakeInt64(math.MaxInt64)
		case types.Uint8:
			lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint8)
		case types.Uint16:
			lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint16)
		case types.Uint32:
			lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint32)
		case types.Uint, types.Uint64, types.Uintptr:
			lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint64)
		default:
			return false
		}
		return constant.Compare(iv, token.GEQ, lo) && constant.Compare(iv, token.LEQ, hi)
	case info&types.IsFloat != 0:
		if v.Kind() != constant.Int && v.Kind() != constant.Float {
			return false
		}
		f, _ := constant.Float64Val(v)
		if b.Kind() == types.Float32 {
			return !math.IsInf(f, 0) && math.Abs(f) <= math.MaxFloat32
		}
		return !math.IsInf(f, 0)
	}
	return false
}

// constText spells constant v for a context of type b, parenthesised when
// negative so that it can replace any operand.
func constText(v constant.Value, b *types.Basic, char bool) string {
	var s string
	switch v.Kind() {
	case constant.String:
		return strconv.Quote(constant.StringVal(v))
	case constant.Int:
		if char {
			if r, ok := constant.Int64Val(v); ok && r >= 0 && r <= 0x10FFFF && (r < 0xD800 || r > 0xDFFF) {
				return strconv.QuoteRune(rune(r))
			}
		}
		s = v.ExactString()
	default:
		f, _ := constant.Float64Val(v)
		s = strconv.FormatFloat(f, 'g', -1, 64)
		if b.Info()&types.IsInteger == 0 && !strings.ContainsAny(s, ".eEn") {
			s += ".0"
		}
	}
	if strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}

// ---- statements: SDL, ASG, RSR ----

func (c *collector) stmtList(list []ast.Stmt) {
	for i, st := range list {
		last := i == len(list)-1
		c.stmt(st, last)
	}
}

func (c *collector) stmt(st ast.Stmt, last bool) {
	s := &site{kind: stmtSite, node: st, pos: c.off(st.Pos()), end: c.off(st.End()), fn: c.fn}
	switch st := st.(type) {
	case *ast.ReturnStmt:
		c.returnVariants(s, st)
	case *ast.AssignStmt:
		if st.Tok == token.DEFINE {
			return
		}
		c.assignVariants(s, st)
	case *ast.IncDecStmt:
		c.assignVariants(s, st)
	case *ast.ExprStmt, *ast.SendStmt, *ast.GoStmt, *ast.DeferStmt, *ast.IfStmt, *ast.ForStmt,
		*ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.BlockStmt:
	case *ast.BranchStmt:
		if st.Tok == token.FALLTHROUGH {
			return
		}
	default:
		return // declarations, labeled statements, empty statements
	}
	if _, ok := st.(*ast.ReturnStmt); !ok && c.ops[SDL] && !(last && isTerminating(c.info, st)) {
		s.variants = append(s.variants, &variant{op: SDL, segs: []seg{lit("")}})
	}
	c.addSite(s)
}

// assignVariants adds ASG variants of x op= e and x++/x--.
func (c *collector) assignVariants(s *site, st ast.Stmt) {
	if !c.ops[ASG] {
		return
	}
	switch st := st.(type) {
	case *ast.IncDecStmt:
		to := token.DEC
		if st.Tok == token.DEC {
			to = token.INC
		}
		s.variants = append(s.variants, &variant{op: ASG, segs: []seg{c.span(st.X), lit(to.String())}})
	case *ast.AssignStmt:
		if len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok == token.ASSIGN {
			return
		}
		for _, to := range assignAlternatives(st.Tok, basic(c.info.TypeOf(st.Lhs[0]))) {
			tokPos := c.off(st.TokPos)
			s.variants = append(s.variants, &variant{op: ASG, segs: []seg{
				rng(s.pos, tokPos), lit(to.String()), rng(tokPos+len(st.Tok.String()), s.end)}})
		}
	}
}

// assignAlternatives lists the assignment operators that may replace tok
// for a target of type b, ending with plain "=".
func assignAlternatives(tok token.Token, b *types.Basic) []token.Token {
	if b == nil {
		return nil
	}
	arith := []token.Token{token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN, token.QUO_ASSIGN, token.REM_ASSIGN}
	bits := []token.Token{token.AND_ASSIGN, token.OR_ASSIGN, token.XOR_ASSIGN, token.AND_NOT_ASSIGN}
	shifts := []token.Token{token.SHL_ASSIGN, token.SHR_ASSIGN}
	var group []token.Token
	switch {
	case b.Info()&types.IsString != 0:
		group = nil
	case has(arith, tok):
		group = arith
		if b.Info()&types.IsInteger == 0 {
			group = arith[:4]
		}
	case has(bits, tok):
		group = bits
	case has(shifts, tok):
		group = shifts
	}
	var out []token.Token
	for _, t := range group {
		if t != tok {
			out = append(out, t)
		}
	}
	return append(out, token.ASSIGN)
}

// postStmt mutates the post statement of a for loop, which must stay a
// simple statement: `i++` is encoded as `i = func() T {…}()`.
func (c *collector) postStmt(st ast.Stmt) {
	var id *ast.Ident
	var origVal []seg
	switch st := st.(type) {
	case *ast.IncDecStmt:
		id, _ = st.X.(*ast.Ident)
		if id == nil {
			return
		}
		op := "+"
		if st.Tok == token.DEC {
			op = "-"
		}
		origVal = []seg{lit(id.Name + " " + op + " 1")}
	case *ast.AssignStmt:
		if len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok == token.ASSIGN || st.Tok == token.DEFINE {
			return
		}
		id, _ = st.Lhs[0].(*ast.Ident)
		if id == nil {
			return
		}
		origVal = []seg{lit(id.Name + " " + AssignOp(st.Tok).String() + " ("), c.span(st.Rhs[0]), lit(")")}
	default:
		return
	}
	if !isVarIdent(c.info, id) {
		return
	}
	t := c.info.TypeOf(id)
	tname := c.typeName(t)
	if tname == "" {
		return
	}
	s := &site{kind: postSite, node: st, pos: c.off(st.Pos()), end: c.off(st.End()), fn: c.fn, typ: tname, lhs: id.Name, origVal: origVal}
	before := len(s.variants)
	c.assignVariants(s, st)
	for _, v := range s.variants[before:] {
		switch st := st.(type) {
		case *ast.IncDecStmt:
			op := "-"
			if st.Tok == token.DEC {
				op = "+"
			}
			v.val = []seg{lit(id.Name + " " + op + " 1")}
		case *ast.AssignStmt:
			// the variant text is "x <op>= e" or "x = e"; recover its operator
			to := strings.TrimSpace(v.segs[1].lit)
			if to == "=" {
				v.val = []seg{lit("("), c.span(st.Rhs[0]), lit(")")}
			} else {
				v.val = []seg{lit(id.Name + " " + strings.TrimSuffix(to, "=") + " ("), c.span(st.Rhs[0]), lit(")")}
			}
		}
	}
	if c.ops[SDL] {
		s.variants = append(s.variants, &variant{op: SDL, segs: []seg{lit("")}, val: []seg{lit(id.Name)}})
	}
	c.addSite(s)
}

// AssignOp maps an assignment operator (+= …) to its binary operator
// (token.ILLEGAL for the others).
func AssignOp(tok token.Token) token.Token {
	switch tok {
	case token.ADD_ASSIGN:
		return token.ADD
	case token.SUB_ASSIGN:
		return token.SUB
	case token.MUL_ASSIGN:
		return token.MUL
	case token.QUO_ASSIGN:
		return token.QUO
	case token.REM_ASSIGN:
		return token.REM
	case token.AND_ASSIGN:
		return token.AND
	case token.OR_ASSIGN:
		return token.OR
	case token.XOR_ASSIGN:
		return token.XOR
	case token.AND_NOT_ASSIGN:
		return token.AND_NOT
	case token.SHL_ASSIGN:
		return token.SHL
	case token.SHR_ASSIGN:
		return token.SHR
	}
	return token.ILLEGAL
}

// returnVariants adds RSR variants: each result replaced by its zero
// value (and a bool result also by true).
func (c *collector) returnVariants(s *site, st *ast.ReturnStmt) {
	if !c.ops[RSR] || len(c.results) == 0 {
		return
	}
	res := c.results[len(c.results)-1]
	if res.Len() == 0 || len(st.Results) != res.Len() {
		return
	}
	for i := range st.Results {
		t := res.At(i).Type()
		alts := []string{c.zeroText(t)}
		if b := basic(t); b != nil && b.Info()&types.IsBoolean != 0 {
			alts = append(alts, "true")
		}
		orig := strings.Join(strings.Fields(c.text(st.Results[i])), "")
		for _, alt := range alts {
			if alt == "" || strings.ReplaceAll(alt, " ", "") == orig {
				continue
			}
			segs := []seg{rng(s.pos, c.off(st.Results[i].Pos())), lit(alt), rng(c.off(st.Results[i].End()), s.end)}
			s.variants = append(s.variants, &variant{op: RSR, segs: segs})
		}
	}
}

// zeroText spells the zero value of t, or "" when it cannot.
func (c *collector) zeroText(t types.Type) string {
	if _, ok := t.(*types.TypeParam); ok {
		if n := c.typeName(t); n != "" {
			return "*new(" + n + ")"
		}
		return ""
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false"
		case u.Info()&types.IsString != 0:
			return `""`
		case u.Info()&types.IsNumeric != 0:
			return "0"
		case u.Kind() == types.UnsafePointer:
			return "nil"
		}
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil"
	case *types.Struct, *types.Array:
		if n := c.typeName(t); n != "" {
			return n + "{}"
		}
	}
	return ""
}

// isTerminating reports whether st is a terminating statement (Go spec),
// conservatively: when unsure it says true, so SDL leaves st alone.
func isTerminating(info *types.Info, st ast.Stmt) bool {
	switch st := st.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return st.Tok == token.GOTO || st.Tok == token.FALLTHROUGH
	case *ast.ExprStmt:
		if call, ok := st.X.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
				if b, ok := info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
					return true
				}
			}
		}
		return false
	case *ast.BlockStmt:
		return len(st.List) > 0 && isTerminating(info, st.List[len(st.List)-1])
	case *ast.IfStmt:
		return st.Else != nil && isTerminating(info, st.Body) && isTerminating(info, st.Else)
	case *ast.ForStmt:
		return st.Cond == nil
	case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt, *ast.LabeledStmt:
		return true
	}
	return false
}
