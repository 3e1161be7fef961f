package harness

// This file implements the static check that tells the harness which
// units may leave state behind in their worker process: a unit is
// stateless when neither it nor any function of the package it can reach
// references a package-level variable that is mutable, i.e. written,
// address-taken, or shared by reference anywhere in the package (outside
// init functions, which run before any unit). A read-only lookup table is
// fine. The check is conservative: what it cannot see through (a call of
// a func value or an interface method, a call into another package that
// is handed a func or interface value, which may call back) makes the
// unit reach every function of the package that can be called that way.

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/gozilla/gozilla/internal/load"
)

// Stateful returns a predicate telling, for a function or method of pkg
// (a unit's types.Func), whether it may touch mutable package-level
// state. Functions it has no declaration for are stateful.
func Stateful(pkg *load.Package) func(*types.Func) bool {
	s := &stateCheck{pkg: pkg, decls: map[*types.Func]*ast.FuncDecl{}, mutable: map[*types.Var]bool{}, memo: map[*types.Func]bool{}}
	s.scan()
	return func(fn *types.Func) bool {
		if fn != nil {
			fn = fn.Origin() // a method of an instantiated generic type
		}
		if fn == nil || s.decls[fn] == nil {
			return true
		}
		if r, ok := s.memo[fn]; ok {
			return r
		}
		r := s.reach(fn)
		s.memo[fn] = r
		return r
	}
}

type stateCheck struct {
	pkg     *load.Package
	decls   map[*types.Func]*ast.FuncDecl
	mutable map[*types.Var]bool
	// escaping are the package's functions that may be called without a
	// static call in the package: methods (through interfaces) and
	// functions used as values.
	escaping []*types.Func
	memo     map[*types.Func]bool
}

// pkgVar returns the package-level variable id refers to, or nil.
func (s *stateCheck) pkgVar(id *ast.Ident) *types.Var {
	v, ok := s.pkg.Info.Uses[id].(*types.Var)
	if !ok || v.Pkg() != s.pkg.Types || v.Parent() != s.pkg.Types.Scope() {
		return nil
	}
	return v
}

// scan records the declarations, the mutable package variables and the
// escaping functions.
func (s *stateCheck) scan() {
	info := s.pkg.Info
	for _, f := range s.pkg.Files {
		for _, d := range f.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok {
				if fn, ok := info.Defs[fd.Name].(*types.Func); ok {
					s.decls[fn] = fd
					if fd.Recv != nil {
						s.escaping = append(s.escaping, fn)
					}
				}
			}
		}
	}
	for _, f := range s.pkg.Files {
		for _, d := range f.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.Name == "init" {
				continue // runs before any unit
			}
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				// Package-level initializers run before any unit too,
				// but the values they share are still watched below.
				for _, spec := range gd.Specs {
					for _, v := range spec.(*ast.ValueSpec).Values {
						s.uses(v, nil)
					}
				}
				continue
			}
			s.uses(d, nil)
		}
	}
}

// uses walks n, marking the package variables whose use there may write
// them or share them, and the functions used as values.
func (s *stateCheck) uses(n ast.Node, stack []ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok {
			if v := s.pkgVar(id); v != nil && s.mutates(id, stack) {
				s.mutable[v] = true
			}
			if fn, ok := s.pkg.Info.Uses[id].(*types.Func); ok && s.decls[fn.Origin()] != nil && !calledDirectly(id, stack) {
				fn = fn.Origin()
				s.escaping = append(s.escaping, fn)
			}
		}
		stack = append(stack, n)
		return true
	})
}

// calledDirectly reports whether the function named by id is called
// there (F(), pkg.F(), x.M()) rather than used as a value.
func calledDirectly(id *ast.Ident, stack []ast.Node) bool {
	var cur ast.Node = id
	i := len(stack) - 1
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
			cur, i = sel, i-1
		}
	}
	for i >= 0 {
		if p, ok := stack[i].(*ast.ParenExpr); ok {
			cur, i = p, i-1
			continue
		}
		break
	}
	if i < 0 {
		return false
	}
	call, ok := stack[i].(*ast.CallExpr)
	return ok && call.Fun == cur
}

// mutates reports whether this use of a package variable (id, with its
// ancestors in stack) may change it or what it references: it is
// assigned, incremented, has its address taken (explicitly, by slicing,
// or by a pointer method), is sent to or received from, or a value that
// holds references (pointer, slice, map, channel, func, interface…) is
// read out of it and used for anything but len, cap, a comparison or an
// index.
func (s *stateCheck) mutates(id *ast.Ident, stack []ast.Node) bool {
	info := s.pkg.Info
	var cur ast.Expr = id
	i := len(stack) - 1
	if i >= 0 {
		if sel, ok := stack[i].(*ast.SelectorExpr); ok && sel.Sel == id {
			cur, i = sel, i-1 // pkg.V (not in the package itself, but cheap to allow)
		}
	}
	// Climb the access path: fields, elements, dereferences.
	for ; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
		case *ast.StarExpr:
		case *ast.IndexExpr:
			if p.X != cur {
				return s.escapes(cur, stack[:i+1])
			}
		case *ast.SelectorExpr:
			if p.X != cur {
				return false
			}
			if sel := info.Selections[p]; sel != nil && sel.Kind() != types.FieldVal {
				// A method value or call: a pointer receiver takes the
				// address; a value receiver copies, which shares what
				// the value references.
				if sig, ok := sel.Obj().Type().(*types.Signature); ok && sig.Recv() != nil {
					if _, ptr := sig.Recv().Type().Underlying().(*types.Pointer); ptr {
						return true
					}
					if types.IsInterface(sig.Recv().Type()) {
						return false // a call through an interface value: see reach
					}
				}
				return hasRefs(info.TypeOf(cur))
			}
		case *ast.TypeAssertExpr:
			if p.X != cur {
				return false
			}
		default:
			return s.escapes(cur, stack[:i+1])
		}
		cur = stack[i].(ast.Expr)
	}
	return false
}

// escapes reports whether the value of the access path cur, whose parent
// is the last node of stack, is written or shared there.
func (s *stateCheck) escapes(cur ast.Expr, stack []ast.Node) bool {
	info := s.pkg.Info
	parent := stack[len(stack)-1]
	switch p := parent.(type) {
	case *ast.AssignStmt:
		for _, l := range p.Lhs {
			if l == cur {
				return true
			}
		}
	case *ast.IncDecStmt:
		return true
	case *ast.RangeStmt:
		if p.Key == cur || p.Value == cur {
			return true
		}
		if p.X == cur {
			t := info.TypeOf(cur)
			switch u := t.Underlying().(type) {
			case *types.Chan:
				return true
			case *types.Slice:
				return hasRefs(u.Elem())
			case *types.Array:
				return hasRefs(u.Elem())
			case *types.Map:
				return hasRefs(u.Key()) || hasRefs(u.Elem())
			case *types.Pointer:
				return true
			}
			return false
		}
	case *ast.UnaryExpr:
		if p.Op == token.AND || p.Op == token.ARROW {
			return true
		}
		return false
	case *ast.SendStmt:
		if p.Chan == cur {
			return true
		}
	case *ast.SliceExpr:
		return true // shares the array
	case *ast.IndexExpr, *ast.IndexListExpr:
		return false // cur is the index
	case *ast.BinaryExpr:
		return false // compared or combined: a read
	case *ast.CallExpr:
		if p.Fun == cur {
			return false // a call of a func variable: see reach
		}
		if id, ok := ast.Unparen(p.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				switch b.Name() {
				case "len", "cap":
					return false
				case "append", "copy", "delete", "clear", "close":
					return true
				}
			}
		}
		if tv, ok := info.Types[p.Fun]; ok && tv.IsType() {
			return hasRefs(tv.Type) // a conversion
		}
	case *ast.SwitchStmt, *ast.CaseClause, *ast.IfStmt, *ast.ExprStmt:
		return false
	}
	return hasRefs(info.TypeOf(cur))
}

// hasRefs reports whether a value of t references memory it does not
// own: through it, a copy can change what the variable it came from
// sees.
func hasRefs(t types.Type) bool {
	return hasRefsSeen(t, map[types.Type]bool{})
}

func hasRefsSeen(t types.Type, seen map[types.Type]bool) bool {
	if t == nil {
		return true
	}
	if seen[t] {
		return false
	}
	seen[t] = true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return hasRefsSeen(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasRefsSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
		return false
	case *types.Interface:
		// An interface value can hold a pointer, but changing what it
		// points to takes a type assertion or a method: both are seen
		// (TypeAssertExpr climbs the path; methods are dynamic calls).
		return false
	case *types.Signature:
		return false // calls are followed by reach
	}
	return true // pointer, slice, map, channel
}

// reach reports whether fn, or a function of the package it may call,
// references a mutable package variable.
func (s *stateCheck) reach(fn *types.Func) bool {
	if len(s.mutable) == 0 {
		return false
	}
	return s.reachAny([]*types.Func{fn}, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return false
		}
		v := s.pkgVar(id)
		return v != nil && s.mutable[v]
	})
}

// reachAny reports whether hit holds of a node of the functions roots
// may run: their bodies, the package's functions they call, and on a
// dynamic call every escaping function. A function without a body
// (assembly) counts as a hit.
func (s *stateCheck) reachAny(roots []*types.Func, hit func(ast.Node) bool) bool {
	seen := map[*types.Func]bool{}
	work := append([]*types.Func(nil), roots...)
	dynamic := false
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] {
			continue
		}
		seen[f] = true
		d := s.decls[f]
		if d == nil || d.Body == nil {
			return true // assembly, or a declaration without body
		}
		found := false
		ast.Inspect(d.Body, func(n ast.Node) bool {
			if found {
				return false
			}
			if hit(n) {
				found = true
				return false
			}
			switch n := n.(type) {
			case *ast.Ident:
				if g, ok := s.pkg.Info.Uses[n].(*types.Func); ok && s.decls[g.Origin()] != nil {
					work = append(work, g.Origin()) // Map[int] is Map's body
				}
			case *ast.CallExpr:
				if s.dynamicCall(n) {
					dynamic = true
				}
			}
			return true
		})
		if found {
			return true
		}
		if dynamic {
			dynamic = false
			work = append(work, s.escaping...)
		}
	}
	return false
}

// MapOrder returns the check of whether a unit's outcome may depend on
// the order of a map's iteration, which Go varies from one range to the
// next: whether its function, or an observer method of the values it
// is seen through (by name), may range over a map, directly or through
// the package's functions (or maps.Keys, maps.Values, maps.All,
// reflect's MapKeys and MapRange). The harness then runs the original
// many times before it trusts a kill (rt's _gzVaryRuns).
func MapOrder(pkg *load.Package) func(fn *types.Func, observers []string) bool {
	s := &stateCheck{pkg: pkg, decls: map[*types.Func]*ast.FuncDecl{}, mutable: map[*types.Var]bool{}, memo: map[*types.Func]bool{}}
	s.scan()
	info := pkg.Info
	ranges := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if t := info.TypeOf(n.X); t != nil {
				_, ok := t.Underlying().(*types.Map)
				return ok
			}
		case *ast.SelectorExpr:
			fn, ok := info.Uses[n.Sel].(*types.Func)
			if !ok || fn.Pkg() == nil {
				return false
			}
			switch fn.Pkg().Path() + "." + fn.Name() {
			case "maps.Keys", "maps.Values", "maps.All", "reflect.MapKeys", "reflect.MapRange":
				return true
			}
		}
		return false
	}
	return func(fn *types.Func, observers []string) bool {
		if fn == nil {
			return true
		}
		roots := []*types.Func{fn.Origin()}
		for f := range s.decls {
			if f.Signature().Recv() != nil && slices.Contains(observers, f.Name()) {
				roots = append(roots, f)
			}
		}
		return s.reachAny(roots, ranges)
	}
}

// dynamicCall reports whether call may run code of the package that
// static calls do not show: a call of a func value, of an interface
// method, or of another package's function given a func or interface
// value (which it may call back).
func (s *stateCheck) dynamicCall(call *ast.CallExpr) bool {
	info := s.pkg.Info
	fun := ast.Unparen(call.Fun)
	if tv, ok := info.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return false
	}
	var callee *types.Func
	switch f := fun.(type) {
	case *ast.Ident:
		callee, _ = info.Uses[f].(*types.Func)
	case *ast.SelectorExpr:
		callee, _ = info.Uses[f.Sel].(*types.Func)
		if sel := info.Selections[f]; sel != nil && sel.Kind() == types.MethodVal && types.IsInterface(sel.Recv()) {
			return true
		}
	case *ast.IndexExpr: // a generic function's instance
		if id, ok := ast.Unparen(f.X).(*ast.Ident); ok {
			callee, _ = info.Uses[id].(*types.Func)
		}
	}
	if callee == nil {
		return true // a func value
	}
	if callee.Pkg() == s.pkg.Types {
		return false
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t == nil || mayCallBack(t) {
			return true
		}
	}
	return false
}

// mayCallBack reports whether a value of t can carry code: a func, an
// interface, a type with methods, or something holding one.
func mayCallBack(t types.Type) bool {
	return mayCallBackSeen(t, map[types.Type]bool{})
}

func mayCallBackSeen(t types.Type, seen map[types.Type]bool) bool {
	if seen[t] {
		return false
	}
	seen[t] = true
	if _, ok := t.(*types.Named); ok && types.NewMethodSet(types.NewPointer(t)).Len() > 0 {
		return true // its methods may be called through an interface
	}
	switch u := t.Underlying().(type) {
	case *types.Signature, *types.Interface:
		return true
	case *types.Pointer:
		return mayCallBackSeen(u.Elem(), seen)
	case *types.Slice:
		return mayCallBackSeen(u.Elem(), seen)
	case *types.Array:
		return mayCallBackSeen(u.Elem(), seen)
	case *types.Map:
		return mayCallBackSeen(u.Key(), seen) || mayCallBackSeen(u.Elem(), seen)
	case *types.Chan:
		return mayCallBackSeen(u.Elem(), seen)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if mayCallBackSeen(u.Field(i).Type(), seen) {
				return true
			}
		}
	}
	return false
}
