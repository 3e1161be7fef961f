package gen

// This file reads what a package's constructors reject (issue 52): a
// constructor that returns an error, or panics, when its operand fails a
// check, and stores that operand as such in a field of what it builds
// (if rate <= 0 || math.IsNaN(rate) { return nil, ErrRate }; return
// &Bucket{rate: rate}), says that no value it builds holds a field that
// fails it. A row that spells a value of that type from its fields
// (Test.Direct) must keep it: &Bucket{rate: 0} is a state New rejects.
// The likely invariants (invariants.go) are learnt from what the
// constructors build; these are read from their code, and hold however
// few values the sampling built.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// guard is one check of a constructor over fields: the value breaks it
// when Cond, with each parameter read as its field, holds.
type guard struct {
	ctor   string
	cond   ast.Expr
	text   string                // Cond as written
	fields map[string]string     // parameter name → field name, of those cond reads
	params map[string]types.Type // parameter name → type
	info   *types.Info
}

// ctorGuards returns the guards the package's constructors of the named
// struct type (by its name in the package, "Bucket") put on its fields.
func ctorGuards(pkg *load.Package, typeName string) []guard {
	obj, ok := pkg.Types.Scope().Lookup(typeName).(*types.TypeName)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(obj.Type()).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil
	}
	var ctors []ctorRead
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv != nil || fd.Body == nil {
				continue
			}
			fn, ok := pkg.Info.Defs[fd.Name].(*types.Func)
			if !ok || !returns(fn, named) {
				continue
			}
			if c, ok := readCtor(pkg.Info, fd, named); ok {
				ctors = append(ctors, c)
			}
		}
	}
	// A check holds of the type only if every constructor keeps it: one
	// that makes the same check of the same operands, or sets the fields
	// to constants (or leaves them zero) that pass it. A lenient second
	// constructor reaches the states the first rejects.
	var out []guard
	for i, c := range ctors {
		for _, g := range c.guards {
			ok := true
			for j, o := range ctors {
				if j != i && ok {
					ok = o.keeps(g)
				}
			}
			if ok {
				out = append(out, g)
			}
		}
	}
	return out
}

// ctorRead is what readCtor read of one constructor.
type ctorRead struct {
	info   *types.Info
	stores map[string]string   // field → the operand it is set to as such
	sets   map[string]ast.Expr // every field the literal sets, and to what
	guards []guard
}

// keeps reports whether what constructor c builds passes g (of another).
func (c ctorRead) keeps(g guard) bool {
	for _, h := range c.guards {
		if h.text != g.text || len(h.fields) != len(g.fields) {
			continue
		}
		same := true
		for p, f := range g.fields {
			same = same && c.stores[f] == p
		}
		if same {
			return true
		}
	}
	vals := map[string]any{}
	for p, f := range g.fields {
		e, set := c.sets[f]
		if !set {
			if vals[p] = zeroOf(g.params[p]); vals[p] == nil {
				return false
			}
			continue
		}
		tv, ok := c.info.Types[e]
		if !ok || tv.Value == nil {
			return false // set to what only a run knows
		}
		x, ok := fromConst(tv.Value, tv.Type)
		if !ok {
			return false
		}
		vals[p] = x
	}
	r, ok := g.eval(g.cond, vals)
	b, isBool := r.(bool)
	return ok && isBool && !b
}

// zeroOf is the zero value of type t as eval reads it; nil when eval
// reads no value of t.
func zeroOf(t types.Type) any {
	if t == nil {
		return nil
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return false
		case u.Info()&types.IsString != 0:
			return ""
		case u.Info()&types.IsFloat != 0:
			return 0.0
		case u.Info()&types.IsUnsigned != 0:
			return uint64(0)
		case u.Info()&types.IsInteger != 0:
			return int64(0)
		}
	case *types.Slice, *types.Map:
		return lenOf(0)
	}
	return nil
}

// returns reports whether fn's first result is named or a pointer to it.
func returns(fn *types.Func, named *types.Named) bool {
	rs := fn.Type().(*types.Signature).Results()
	if rs.Len() == 0 {
		return false
	}
	t := types.Unalias(rs.At(0).Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	return sameNamed(t, named)
}

// sameNamed reports whether t is the named type, or an instance of the
// same generic type (NewLRU's *LRU[K, V] of the package's LRU).
func sameNamed(t types.Type, named *types.Named) bool {
	if types.Identical(t, named) {
		return true
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Origin() == named.Origin()
}

// guardsOf reads one constructor: the parameters it stores as such in a
// field of the literal it returns, and the checks over those parameters
// only that end it with an error or a panic before that.
func readCtor(info *types.Info, fd *ast.FuncDecl, named *types.Named) (ctorRead, bool) {
	params := map[types.Object]string{}
	ptypes := map[string]types.Type{}
	for _, fl := range fd.Type.Params.List {
		for _, n := range fl.Names {
			if o := info.Defs[n]; o != nil {
				params[o] = n.Name
				ptypes[n.Name] = o.Type()
			}
		}
	}
	// A parameter assigned anywhere is no longer what the caller passed.
	assigned := map[types.Object]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok {
					assigned[info.Uses[id]] = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(s.X).(*ast.Ident); ok {
				assigned[info.Uses[id]] = true
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(s.X).(*ast.Ident); ok && s.Op == token.AND {
				assigned[info.Uses[id]] = true
			}
		}
		return true
	})
	// The fields the returned literal sets from parameters as such.
	fields := map[string]string{}
	var lit *ast.CompositeLit
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		cl, ok := n.(*ast.CompositeLit)
		if !ok || lit != nil {
			return lit == nil
		}
		if t := info.TypeOf(cl); t != nil && sameNamed(types.Unalias(t), named) {
			lit = cl
		}
		return lit == nil
	})
	if lit == nil {
		return ctorRead{}, false
	}
	c := ctorRead{info: info, stores: map[string]string{}, sets: map[string]ast.Expr{}}
	for _, e := range lit.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return ctorRead{}, false // a literal by position: read no further
		}
		k, ok := kv.Key.(*ast.Ident)
		if !ok {
			continue
		}
		c.sets[k.Name] = kv.Value
		v, ok := ast.Unparen(kv.Value).(*ast.Ident)
		if !ok {
			continue
		}
		if o := info.Uses[v]; o != nil && params[o] != "" && !assigned[o] {
			fields[params[o]] = k.Name
			c.stores[k.Name] = params[o]
		}
	}
	// The checks before the literal, at the body's top level.
	for _, st := range fd.Body.List {
		if st.Pos() >= lit.Pos() {
			break
		}
		is, ok := st.(*ast.IfStmt)
		if !ok || is.Init != nil || !rejects(info, is.Body) {
			continue
		}
		if !overParams(info, is.Cond, params, fields) {
			continue
		}
		c.guards = append(c.guards, guard{ctor: fd.Name.Name, cond: is.Cond, text: types.ExprString(is.Cond), fields: read(info, is.Cond, params, fields), params: ptypes, info: info})
	}
	return c, true
}

// read returns the parameters cond reads, with their fields.
func read(info *types.Info, cond ast.Expr, params map[types.Object]string, fields map[string]string) map[string]string {
	out := map[string]string{}
	ast.Inspect(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if p := params[info.Uses[id]]; p != "" && fields[p] != "" {
				out[p] = fields[p]
			}
		}
		return true
	})
	return out
}

// rejects reports whether a block ends the constructor with a non-nil
// error or a panic.
func rejects(info *types.Info, b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt:
		if len(s.Results) == 1 {
			// A constructor of one result that returns nil builds nothing.
			id, ok := ast.Unparen(s.Results[0]).(*ast.Ident)
			return ok && info.Uses[id] == types.Universe.Lookup("nil")
		}
		if len(s.Results) < 2 {
			return false
		}
		last := s.Results[len(s.Results)-1]
		if id, ok := ast.Unparen(last).(*ast.Ident); ok && id.Name == "nil" {
			return false
		}
		t := info.TypeOf(last)
		return t != nil && types.Implements(t, types.Universe.Lookup("error").Type().Underlying().(*types.Interface))
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := call.Fun.(*ast.Ident)
		return ok && id.Name == "panic" && info.Uses[id] == types.Universe.Lookup("panic")
	}
	return false
}

// overParams reports whether cond reads only parameters stored as fields,
// constants, and the calls eval knows.
func overParams(info *types.Info, cond ast.Expr, params map[types.Object]string, fields map[string]string) bool {
	ok, some := true, false
	ast.Inspect(cond, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.Ident:
			if tv, has := info.Types[e]; has && tv.Value != nil {
				return true
			}
			o := info.Uses[e]
			if _, isPkg := o.(*types.PkgName); isPkg {
				return true
			}
			if _, isFunc := o.(*types.Func); isFunc {
				return true
			}
			if _, isBuiltin := o.(*types.Builtin); isBuiltin {
				return true
			}
			if name := params[o]; name != "" && fields[name] != "" {
				some = true
				return true
			}
			ok = false
		case *ast.CallExpr:
			if !knownCall(info, e) {
				ok = false
			}
		case *ast.SelectorExpr:
			if tv, has := info.Types[e]; has && tv.Value != nil {
				return false
			}
			if _, isFunc := info.Uses[e.Sel].(*types.Func); !isFunc {
				ok = false
			}
			return false
		case *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr, *ast.BasicLit:
		default:
			ok = false
		}
		return ok
	})
	return ok && some
}

// knownCall: math.IsNaN, math.IsInf, len.
func knownCall(info *types.Info, c *ast.CallExpr) bool {
	switch f := ast.Unparen(c.Fun).(type) {
	case *ast.Ident:
		return f.Name == "len" && info.Uses[f] == types.Universe.Lookup("len")
	case *ast.SelectorExpr:
		fn, ok := info.Uses[f.Sel].(*types.Func)
		return ok && fn.Pkg() != nil && fn.Pkg().Path() == "math" && (fn.Name() == "IsNaN" || fn.Name() == "IsInf")
	}
	return false
}

// breaks reports whether the struct value v (of type st) fails the guard:
// its condition, each parameter read as its field, holds. An expression
// it cannot evaluate breaks nothing.
func (g guard) breaks(st *value.Type, v value.Value) bool {
	vals := map[string]any{}
	for i, f := range st.Fields {
		if i >= len(v.E) {
			break
		}
		for p, name := range g.fields {
			if name == f.Name {
				if x, ok := scalar(f.Type, v.E[i]); ok {
					vals[p] = x
				}
			}
		}
	}
	r, ok := g.eval(g.cond, vals)
	b, isBool := r.(bool)
	return ok && isBool && b
}

// scalar is a field's value as Go: int64, uint64, float64, string, bool,
// or the length of a slice or map (lenOf).
func scalar(t *value.Type, v value.Value) (any, bool) {
	switch t.Kind {
	case value.Bool:
		return v.I != 0, true
	case value.Int:
		return v.I, true
	case value.Uint:
		return v.U, true
	case value.Float:
		return v.Float(), true
	case value.String:
		return string(v.S), true
	case value.Slice, value.Map:
		if v.X != "" {
			return nil, false
		}
		n := len(v.E)
		if t.Kind == value.Map {
			n /= 2
		}
		return lenOf(n), true
	}
	return nil, false
}

// lenOf is a value only len reads.
type lenOf int

func (g guard) eval(e ast.Expr, vals map[string]any) (any, bool) {
	if tv, ok := g.info.Types[e]; ok && tv.Value != nil {
		return fromConst(tv.Value, tv.Type)
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return g.eval(e.X, vals)
	case *ast.Ident:
		x, ok := vals[e.Name]
		return x, ok
	case *ast.UnaryExpr:
		x, ok := g.eval(e.X, vals)
		if !ok {
			return nil, false
		}
		switch e.Op {
		case token.NOT:
			b, ok := x.(bool)
			return !b, ok
		case token.SUB:
			switch x := x.(type) {
			case int64:
				return -x, true
			case float64:
				return -x, true
			}
		}
		return nil, false
	case *ast.CallExpr:
		var args []any
		for _, a := range e.Args {
			x, ok := g.eval(a, vals)
			if !ok {
				return nil, false
			}
			args = append(args, x)
		}
		switch f := ast.Unparen(e.Fun).(type) {
		case *ast.Ident: // len
			if len(args) == 1 {
				switch x := args[0].(type) {
				case lenOf:
					return int64(x), true
				case string:
					return int64(len(x)), true
				}
			}
		case *ast.SelectorExpr:
			x, ok := args[0].(float64)
			if !ok {
				return nil, false
			}
			if f.Sel.Name == "IsNaN" {
				return math.IsNaN(x), true
			}
			if s, ok := args[1].(int64); ok && len(args) == 2 {
				return math.IsInf(x, int(s)), true
			}
		}
		return nil, false
	case *ast.BinaryExpr:
		x, ok := g.eval(e.X, vals)
		if !ok {
			return nil, false
		}
		if e.Op == token.LAND || e.Op == token.LOR {
			b, ok := x.(bool)
			if !ok {
				return nil, false
			}
			if e.Op == token.LAND && !b || e.Op == token.LOR && b {
				return b, true // short-circuit, as Go evaluates it
			}
			y, ok := g.eval(e.Y, vals)
			c, isBool := y.(bool)
			return c, ok && isBool
		}
		y, ok := g.eval(e.Y, vals)
		if !ok {
			return nil, false
		}
		return binary(e.Op, x, y)
	}
	return nil, false
}

// fromConst converts a constant of a basic type to eval's values.
func fromConst(c constant.Value, t types.Type) (any, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return nil, false
	}
	switch {
	case b.Info()&types.IsBoolean != 0:
		return constant.BoolVal(c), true
	case b.Info()&types.IsString != 0:
		return constant.StringVal(c), true
	case b.Info()&types.IsFloat != 0 || b.Kind() == types.UntypedFloat:
		f, _ := constant.Float64Val(constant.ToFloat(c))
		return f, true
	case b.Info()&types.IsUnsigned != 0:
		u, ok := constant.Uint64Val(constant.ToInt(c))
		return u, ok
	case b.Info()&types.IsInteger != 0:
		i, ok := constant.Int64Val(constant.ToInt(c))
		return i, ok
	}
	return nil, false
}

// binary applies a comparison or arithmetic operator to two values of
// one kind (an untyped constant beside a float is a float).
func binary(op token.Token, x, y any) (any, bool) {
	switch a := x.(type) {
	case float64:
		b, ok := toFloat(y)
		if !ok {
			return nil, false
		}
		return cmpOrArith(op, a, b)
	case int64:
		if f, isFloat := y.(float64); isFloat {
			return binary(op, float64(a), f)
		}
		b, ok := y.(int64)
		if !ok {
			if u, isU := y.(uint64); isU && u <= math.MaxInt64 {
				b, ok = int64(u), true
			}
		}
		if !ok {
			return nil, false
		}
		return cmpOrArith(op, a, b)
	case uint64:
		b, ok := y.(uint64)
		if !ok {
			if i, isI := y.(int64); isI && i >= 0 {
				b, ok = uint64(i), true
			}
		}
		if !ok {
			return nil, false
		}
		return cmpOrArith(op, a, b)
	case string:
		b, ok := y.(string)
		if !ok {
			return nil, false
		}
		switch op {
		case token.EQL:
			return a == b, true
		case token.NEQ:
			return a != b, true
		case token.LSS:
			return strings.Compare(a, b) < 0, true
		case token.GTR:
			return strings.Compare(a, b) > 0, true
		}
	case bool:
		b, ok := y.(bool)
		if !ok {
			return nil, false
		}
		switch op {
		case token.EQL:
			return a == b, true
		case token.NEQ:
			return a != b, true
		}
	}
	return nil, false
}

func toFloat(x any) (float64, bool) {
	switch x := x.(type) {
	case float64:
		return x, true
	case int64:
		return float64(x), true
	case uint64:
		return float64(x), true
	}
	return 0, false
}

// cmpOrArith: comparisons, and + - * without overflow checks (a guard
// such as lo+n > hi on small fields).
func cmpOrArith[T int64 | uint64 | float64](op token.Token, a, b T) (any, bool) {
	switch op {
	case token.LSS:
		return a < b, true
	case token.LEQ:
		return a <= b, true
	case token.GTR:
		return a > b, true
	case token.GEQ:
		return a >= b, true
	case token.EQL:
		return a == b, true
	case token.NEQ:
		return a != b, true
	case token.ADD:
		return a + b, true
	case token.SUB:
		return a - b, true
	case token.MUL:
		return a * b, true
	}
	return nil, false
}

// storedBreaks says, of a method's input, which argument it stores as
// such in a field of its receiver that its type's constructors guard,
// with a value they reject (simplelru's Resize(-2) sets c.size to a
// size NewLRU refuses), or "": the call leaves the receiver in a state
// the constructors rule out, a misuse no row should pin.
func (g *generator) storedBreaks(u *unit.Unit, in []value.Value) string {
	if u.Recv == nil || u.Decl == nil || u.Decl.Body == nil || u.Decl.Recv == nil || g.pkg == nil || len(in) != len(u.Params)+1 {
		return ""
	}
	info := g.pkg.Info
	rt := u.Func.Type().(*types.Signature).Recv().Type()
	if p, ok := types.Unalias(rt).(*types.Pointer); ok {
		rt = p.Elem()
	}
	named, ok := types.Unalias(rt).(*types.Named)
	if !ok || named.Obj().Pkg() != g.pkg.Types {
		return ""
	}
	var recv types.Object
	if names := u.Decl.Recv.List[0].Names; len(names) == 1 {
		recv = info.Defs[names[0]]
	}
	params := map[types.Object]int{}
	i := 0
	for _, fl := range u.Decl.Type.Params.List {
		for _, n := range fl.Names {
			if o := info.Defs[n]; o != nil {
				params[o] = i
			}
			i++
		}
		if len(fl.Names) == 0 {
			i++
		}
	}
	if recv == nil || len(params) == 0 {
		return ""
	}
	// The fields set from a parameter as such: recv.f = p, p never
	// assigned itself.
	stored := map[string]int{}
	assigned := map[types.Object]bool{}
	ast.Inspect(u.Decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for k, l := range as.Lhs {
			if id, ok := ast.Unparen(l).(*ast.Ident); ok {
				assigned[info.Uses[id]] = true
			}
			sel, ok := ast.Unparen(l).(*ast.SelectorExpr)
			if !ok || len(as.Lhs) != len(as.Rhs) {
				continue
			}
			x, ok := ast.Unparen(sel.X).(*ast.Ident)
			v, isID := ast.Unparen(as.Rhs[k]).(*ast.Ident)
			if !ok || !isID || info.Uses[x] != recv {
				continue
			}
			if j, ok := params[info.Uses[v]]; ok {
				stored[sel.Sel.Name] = j
			}
		}
		return true
	})
	for o := range assigned {
		if j, isParam := params[o]; isParam {
			for f, k := range stored {
				if k == j {
					delete(stored, f) // mended before it is stored (size = 1)
				}
			}
		}
	}
	if len(stored) == 0 {
		return ""
	}
	name := named.Obj().Name()
	gs, ok := g.guards[name]
	if !ok {
		gs = ctorGuards(g.pkg, name)
		g.guards[name] = gs
	}
	for _, gd := range gs {
		vals := map[string]any{}
		var arg string
		for p, f := range gd.fields {
			j, ok := stored[f]
			if !ok {
				continue
			}
			if x, ok := scalar(u.Params[j].Type, in[j+1]); ok {
				vals[p] = x
				arg = u.Params[j].Name
			}
		}
		if len(vals) != len(gd.fields) {
			continue // the check reads a field the call does not set
		}
		if r, ok := gd.eval(gd.cond, vals); ok {
			if b, _ := r.(bool); b {
				return fmt.Sprintf("%s stores %s in its receiver, a value %s rejects (%s)", u.Name, arg, gd.ctor, gd.text)
			}
		}
	}
	return ""
}

// misused records, once per unit and reason, a call storedBreaks
// refused.
func (g *generator) misused(u *unit.Unit, why string) {
	for _, r := range g.rejected {
		if r.Unit == u.Name && r.Why == why {
			return
		}
	}
	g.rejected = append(g.rejected, Rejected{Unit: u.Name, Why: why})
}
