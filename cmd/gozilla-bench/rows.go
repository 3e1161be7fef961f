package main

// This file classifies the rows of generated test files, for issue 30's
// figures: a row is an element of the `tests := []struct{…}{…}` table of
// a TestGozilla* function, read with go/ast and the package's types (the
// file type-checked with the package it tests):
//
//   - unexported: the row spells a value of one of the package's own
//     struct types through its unexported fields (a composite literal of
//     such a type keyed by at least one unexported field, or positional),
//     as input or as expected value;
//   - nil panic: the row only pins a panic from a nil input (its
//     wantPanic is a nil-pointer dereference and one of its inputs —
//     the fields the test passes to the unit — is nil or left out, of
//     pointer, interface, func, map or slice type);
//   - 64-bit: the row runs on 64-bit targets only: it is in a file whose
//     //go:build line leaves out 386 or arm, or in a table marked so (its
//     function tests strconv.IntSize or bits.UintSize, or its doc
//     comment says "64-bit"), or it skips itself where int has 32 bits
//     (a column emit declares int64 or uint64 for "a 64-bit value in
//     some rows", holding in this row a constant beyond 32 bits);
//   - API: neither unexported nor nil panic (inputs and expectations
//     built and observed through the API, or plain values), 64-bit or
//     not: the platform is not how a row is built.
//
// Unexported, nil panic and 64-bit may overlap. Per file it also counts the helper lines
// (the lines of the declarations that are neither Test functions nor
// fake or implementation types: funcs and vars named gozilla*) and
// whether the file imports "unsafe".

import (
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/gozilla/gozilla/internal/emit"
)

// rowKinds is what the rows of a package's generated files are.
type rowKinds struct {
	files, rows                       int
	api, unexported, nilPanic, only64 int
	only64Files                       int      // files whose //go:build line leaves out 386 or arm
	fields                            []string // Type.field spelled by the unexported rows, sorted
	helperLines                       int
	unsafe                            bool
}

// add sums o into k.
func (k *rowKinds) add(o rowKinds) {
	k.files += o.files
	k.rows += o.rows
	k.api += o.api
	k.unexported += o.unexported
	k.nilPanic += o.nilPanic
	k.only64 += o.only64
	k.only64Files += o.only64Files
	k.helperLines += o.helperLines
	k.unsafe = k.unsafe || o.unsafe
	k.addFields(o.fields)
}

// addFields adds fields to those seen, each once, sorted.
func (k *rowKinds) addFields(fields []string) {
	for _, f := range fields {
		if !slices.Contains(k.fields, f) {
			k.fields = append(k.fields, f)
		}
	}
	slices.Sort(k.fields)
}

// classifyDir type-checks the package pattern of the module at dir with
// its tests and classifies the rows of its files named files (base
// names).
func classifyDir(dir, pattern string, files []string) (rowKinds, error) {
	cfg := &packages.Config{
		Mode:  packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:   dir,
		Tests: true,
	}
	pkgs, err := packages.Load(cfg, pattern)
	if err != nil {
		return rowKinds{}, err
	}
	var k rowKinds
	found := map[string]bool{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			base := filepath.Base(p.Fset.Position(f.Pos()).Filename)
			if !slices.Contains(files, base) || found[base] {
				continue
			}
			found[base] = true
			k.add(classifyFile(p.Fset, f, p.TypesInfo, p.Types))
		}
	}
	for _, f := range files {
		if !found[f] {
			return k, fmt.Errorf("%s: not in the type-checked package", f)
		}
	}
	return k, nil
}

// classifyFile classifies the rows of f, a generated file of package
// pkg, type-checked into info.
func classifyFile(fset *token.FileSet, f *ast.File, info *types.Info, pkg *types.Package) rowKinds {
	k := rowKinds{files: 1}
	file64 := excludes32(f)
	if file64 {
		k.only64Files = 1
	}
	local := func(obj types.Object) bool { // declared in f itself (a fake)
		return obj.Pos() >= f.Pos() && obj.Pos() <= f.End()
	}
	for _, t := range emit.Tables(f, nil) {
		if !strings.HasPrefix(t.Func.Name.Name, "TestGozilla") || t.Lit == nil {
			continue
		}
		table64 := file64 || marked64(t.Func)
		wide := wideFields(t.Struct)
		st := tableStruct(info, t.Lit)
		inputs := inputFields(info, t, st)
		for _, r := range t.Rows {
			k.rows++
			fields := unexportedFields(info, pkg, r.Lit, t.NameField, local)
			nilp := nilPanic(info, r.Lit, st, inputs)
			only64 := table64 || skips32(info, r.Lit, wide)
			if len(fields) > 0 {
				k.unexported++
				k.addFields(fields)
			}
			if nilp {
				k.nilPanic++
			}
			if only64 {
				k.only64++
			}
			if len(fields) == 0 && !nilp {
				k.api++
			}
		}
	}
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "unsafe" {
			k.unsafe = true
		}
	}
	k.helperLines = helperLines(fset, f)
	return k
}

// excludes32 reports whether f's //go:build line leaves out 386 or arm.
func excludes32(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if !constraint.IsGoBuild(c.Text) {
				continue
			}
			x, err := constraint.Parse(c.Text)
			if err != nil {
				continue
			}
			for _, arch := range []string{"386", "arm"} {
				if !x.Eval(func(tag string) bool {
					return tag == arch || tag == "linux" || tag == "unix" || tag == "gc" || strings.HasPrefix(tag, "go1.")
				}) {
					return true
				}
			}
		}
	}
	return false
}

// marked64 reports whether a test function is marked as needing a
// 64-bit int: a doc comment saying "64-bit", or a condition on
// strconv.IntSize or bits.UintSize.
func marked64(fd *ast.FuncDecl) bool {
	if fd.Doc != nil && strings.Contains(fd.Doc.Text(), "64-bit") {
		return true
	}
	marked := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok {
			ast.Inspect(ifs.Cond, func(n ast.Node) bool {
				if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "IntSize" || sel.Sel.Name == "UintSize") {
					marked = true
				}
				return !marked
			})
		}
		return !marked
	})
	return marked
}

// wideFields returns the fields of a table emit declares wider than the
// unit's int, uint or uintptr ("x int64 // int; a 64-bit value in some
// rows"): its rows with such a value skip themselves on 32-bit targets.
func wideFields(st *ast.StructType) map[string]bool {
	wide := map[string]bool{}
	if st == nil {
		return wide
	}
	for _, f := range st.Fields.List {
		if f.Comment == nil || !strings.Contains(f.Comment.Text(), "64-bit") {
			continue
		}
		for _, n := range f.Names {
			wide[n.Name] = true
		}
	}
	return wide
}

// skips32 reports whether a row holds, in a wide field, a constant
// beyond 32 bits (int32 for a signed field, uint32 for an unsigned one).
func skips32(info *types.Info, row *ast.CompositeLit, wide map[string]bool) bool {
	for _, e := range row.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || !wide[id.Name] {
			continue
		}
		tv, ok := info.Types[kv.Value]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			continue
		}
		lo, hi := constant.MakeInt64(math.MinInt32), constant.MakeInt64(math.MaxInt32)
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 {
			lo, hi = constant.MakeInt64(0), constant.MakeUint64(math.MaxUint32)
		}
		if constant.Compare(tv.Value, token.LSS, lo) || constant.Compare(tv.Value, token.GTR, hi) {
			return true
		}
	}
	return false
}

// tableStruct is the struct type of a table's elements (nil without
// type information).
func tableStruct(info *types.Info, lit *ast.CompositeLit) *types.Struct {
	tv, ok := info.Types[lit]
	if !ok {
		return nil
	}
	s, ok := tv.Type.Underlying().(*types.Slice)
	if !ok {
		return nil
	}
	st, _ := s.Elem().Underlying().(*types.Struct)
	return st
}

// inputFields returns the fields of a table that its test passes to the
// unit: arguments of the calls in the function (not those of testing's
// methods, gozilla* helpers, reflect, errors and fmt: comparisons and
// reports) and receivers of the methods called on a field. Without such
// calls, the fields not named as expectations (name, want*, *After).
func inputFields(info *types.Info, t emit.Table, st *types.Struct) map[string]bool {
	fields := map[string]bool{}
	if st != nil {
		for i := range st.NumFields() {
			fields[st.Field(i).Name()] = true
		}
	}
	field := func(e ast.Expr) string { // tt.f → f
		if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
			if _, ok := sel.X.(*ast.Ident); ok && fields[sel.Sel.Name] && sel.Sel.Name != t.NameField {
				return sel.Sel.Name
			}
		}
		return ""
	}
	in := map[string]bool{}
	ast.Inspect(t.Func.Body, func(n ast.Node) bool {
		if n == ast.Node(t.Lit) {
			return false // the rows: values, not the test's calls
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || reporting(info, call) {
			return true
		}
		for _, a := range call.Args {
			if f := field(a); f != "" {
				in[f] = true
			}
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			if f := field(sel.X); f != "" {
				in[f] = true
			}
		}
		return true
	})
	if len(in) == 0 {
		for f := range fields {
			if f != t.NameField && !strings.HasPrefix(f, "want") && !strings.HasSuffix(f, "After") {
				in[f] = true
			}
		}
	}
	return in
}

// reporting reports whether a call compares or reports rather than
// exercises the unit.
func reporting(info *types.Info, call *ast.CallExpr) bool {
	obj := typeutil.Callee(info, call)
	if obj == nil {
		return false
	}
	if strings.HasPrefix(obj.Name(), "gozilla") {
		return true
	}
	if obj.Pkg() == nil {
		return false
	}
	switch obj.Pkg().Path() {
	case "testing", "reflect", "errors", "fmt":
		return true
	}
	return false
}

// unexportedFields returns the unexported fields (Type.field) through
// which a row spells values of pkg's own struct types (types declared in
// the generated file itself, fakes, do not count).
func unexportedFields(info *types.Info, pkg *types.Package, row *ast.CompositeLit, nameField string, local func(types.Object) bool) []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, e := range row.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == nameField {
				continue
			}
		}
		ast.Inspect(e, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok || lit == row {
				return true
			}
			tv, ok := info.Types[lit]
			if !ok {
				return true
			}
			typ := tv.Type
			if p, ok := typ.(*types.Pointer); ok {
				typ = p.Elem()
			}
			named, ok := types.Unalias(typ).(*types.Named)
			if !ok || named.Obj().Pkg() == nil || pkg == nil || named.Obj().Pkg().Path() != pkg.Path() || local(named.Obj()) {
				return true
			}
			st, ok := named.Underlying().(*types.Struct)
			if !ok {
				return true
			}
			tname := named.Obj().Name()
			for i, el := range lit.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && !token.IsExported(id.Name) {
						add(tname + "." + id.Name)
					}
				} else if i < st.NumFields() && !st.Field(i).Exported() {
					add(tname + "." + st.Field(i).Name())
				}
			}
			return true
		})
	}
	return out
}

// nilPanic reports whether a row pins a nil-pointer dereference with a
// nil (or left out) input of a type that can be nil.
func nilPanic(info *types.Info, row *ast.CompositeLit, st *types.Struct, inputs map[string]bool) bool {
	values := map[string]ast.Expr{}
	for _, e := range row.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				values[id.Name] = kv.Value
			}
		}
	}
	panics := false
	for name, v := range values {
		if !strings.HasPrefix(name, "wantPanic") {
			continue
		}
		if b, ok := v.(*ast.BasicLit); ok && b.Kind == token.STRING {
			s, _ := strconv.Unquote(b.Value)
			panics = panics || strings.Contains(s, "nil pointer dereference")
		}
	}
	if !panics || st == nil {
		return false
	}
	for i := range st.NumFields() {
		f := st.Field(i)
		if !inputs[f.Name()] {
			continue
		}
		switch f.Type().Underlying().(type) {
		case *types.Pointer, *types.Interface, *types.Signature, *types.Map, *types.Slice:
		default:
			continue
		}
		v, ok := values[f.Name()]
		if !ok {
			return true // left out: nil
		}
		if tv, ok := info.Types[v]; ok && tv.IsNil() {
			return true
		}
	}
	return false
}

// helperLines counts the lines of f's helpers: funcs (not methods) and
// vars named gozilla*.
func helperLines(fset *token.FileSet, f *ast.File) int {
	lines := func(n ast.Node) int { return fset.Position(n.End()).Line - fset.Position(n.Pos()).Line + 1 }
	n := 0
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil && strings.HasPrefix(d.Name.Name, "gozilla") {
				n += lines(d)
			}
		case *ast.GenDecl:
			if d.Tok != token.VAR {
				continue
			}
			for _, s := range d.Specs {
				vs := s.(*ast.ValueSpec)
				if slices.ContainsFunc(vs.Names, func(id *ast.Ident) bool { return strings.HasPrefix(id.Name, "gozilla") }) {
					if len(d.Specs) == 1 {
						n += lines(d)
					} else {
						n += lines(vs)
					}
				}
			}
		}
	}
	return n
}
