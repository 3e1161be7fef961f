package gen

// This file decides which units' rows call them many times: a unit whose
// outcome may depend on the order a range over a map meets its keys
// (harness.MapOrder) has mutants that differ from it in some orders only
// (a tie broken by the key met first). A small map's order changes in
// one range of eight, so a row that calls the unit once fails on such a
// mutant now and then; one that calls it mapRepeat times, each call
// meeting the keys anew, fails on it all but once in thousands of runs.
// Only a unit that changes none of its inputs can be called again on
// the same row, and the harness's confirmation runs (steadyKills,
// compaction) repeat as the row will.

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gozilla/gozilla/internal/unit"
)

// mapRepeat is how many times a row of a repeatable unit calls it: a
// mutant that differs in one order of eight escapes 64 calls once in
// 5,000 runs.
const mapRepeat = 64

// repeatable reports whether u's inputs are ones a call cannot change:
// a plain function or a method with a value receiver, whose parameters
// (and receiver) are of plain types, strings, maps, slices, arrays and
// structs of those (no pointer, func, channel or interface), and whose
// body only reads them: no assignment, increment, append, delete, clear
// or copy into one, no address taken, no call handing one to a function
// other than len and cap.
func repeatable(info *types.Info, u *unit.Unit) bool {
	if u.Decl == nil || u.Decl.Body == nil {
		return false
	}
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return false
	}
	params := map[types.Object]bool{}
	var vars []*types.Var
	if r := sig.Recv(); r != nil {
		vars = append(vars, r)
	}
	for i := 0; i < sig.Params().Len(); i++ {
		vars = append(vars, sig.Params().At(i))
	}
	for _, v := range vars {
		if !plainData(v.Type(), 0) {
			return false
		}
		params[v] = true
	}
	// root is the parameter e is an element, field or slice of.
	var root func(e ast.Expr) types.Object
	root = func(e ast.Expr) types.Object {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			if o := info.Uses[e]; params[o] {
				return o
			}
		case *ast.IndexExpr:
			return root(e.X)
		case *ast.SelectorExpr:
			return root(e.X)
		case *ast.SliceExpr:
			return root(e.X)
		}
		return nil
	}
	ok = true
	ast.Inspect(u.Decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if _, isID := ast.Unparen(l).(*ast.Ident); !isID && root(l) != nil {
					ok = false // m[k] = v, s[i] = x, p.f = y
				}
			}
			if n.Tok == token.DEFINE || n.Tok == token.ASSIGN {
				for _, r := range n.Rhs {
					if root(r) != nil {
						if _, isID := ast.Unparen(r).(*ast.Ident); isID {
							if !plainScalar(info.TypeOf(r)) {
								ok = false // an alias of a map or a slice, written through later perhaps
							}
						}
					}
				}
			}
		case *ast.IncDecStmt:
			if _, isID := ast.Unparen(n.X).(*ast.Ident); !isID && root(n.X) != nil {
				ok = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && root(n.X) != nil {
				ok = false
			}
		case *ast.CallExpr:
			if id, isID := ast.Unparen(n.Fun).(*ast.Ident); isID {
				if b, isB := info.Uses[id].(*types.Builtin); isB && (b.Name() == "len" || b.Name() == "cap") {
					return true
				}
			}
			for _, a := range n.Args {
				if root(a) != nil && !plainScalar(info.TypeOf(a)) {
					ok = false // handed on: written there perhaps
				}
			}
			if sel, isSel := ast.Unparen(n.Fun).(*ast.SelectorExpr); isSel && root(sel.X) != nil {
				ok = false // a method of a parameter
			}
		}
		return true
	})
	return ok
}

// plainData reports whether values of t hold no pointer, func, channel
// or interface: a copy of the row's literal is all a call can see.
func plainData(t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return t.Kind() != types.UnsafePointer && t.Kind() != types.Uintptr
	case *types.Slice:
		return plainData(t.Elem(), depth+1)
	case *types.Array:
		return plainData(t.Elem(), depth+1)
	case *types.Map:
		return plainData(t.Key(), depth+1) && plainData(t.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if !plainData(t.Field(i).Type(), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// plainScalar reports whether t is a basic type or a struct or array of
// them: a value copied whole, whatever is done to the copy.
func plainScalar(t types.Type) bool {
	if t == nil {
		return false
	}
	switch t := t.Underlying().(type) {
	case *types.Basic:
		return true
	case *types.Array:
		return plainScalar(t.Elem())
	case *types.Struct:
		for i := 0; i < t.NumFields(); i++ {
			if !plainScalar(t.Field(i).Type()) {
				return false
			}
		}
		return true
	}
	return false
}
