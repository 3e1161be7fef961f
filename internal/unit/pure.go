package unit

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"github.com/gozilla/gozilla/internal/load"
)

// purity answers, for the methods of one package, whether a method
// changes nothing its receiver reaches (value.Env.Pure): sequences that
// build a receiver leave such queries out.
//
// The analysis is syntactic and conservative: a method is pure when its
// body (with the bodies of the package's methods it calls on the same
// receiver) writes nothing through the receiver (an assignment or ++ to
// a place rooted at it; copy, clear or delete into one) and lets no
// reference into it escape (the receiver, or a pointer, slice, map,
// chan, func or interface rooted at it, assigned to a variable, passed
// to a call, ranged over by reference, its address taken). Anything else
// counts as a change: a wrong "changes" only keeps a query in a
// builder, never makes a row wrong.
type purity struct {
	pkg   *load.Package
	decls map[*types.Func]*ast.FuncDecl
	mu    sync.Mutex
	memo  map[types.Object]bool // by the root: a receiver or parameter
	busy  map[types.Object]bool
}

var purities sync.Map // *load.Package -> *purity

func purityOf(pkg *load.Package) *purity {
	if p, ok := purities.Load(pkg); ok {
		return p.(*purity)
	}
	p := &purity{pkg: pkg, decls: funcBodies(pkg), memo: map[types.Object]bool{}, busy: map[types.Object]bool{}}
	got, _ := purities.LoadOrStore(pkg, p)
	return got.(*purity)
}

// funcBodies maps the package's functions and methods with a body to
// their declarations.
func funcBodies(pkg *load.Package) map[*types.Func]*ast.FuncDecl {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pkg.Files {
		for _, d := range f.Syntax.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if fn, ok := pkg.Info.Defs[fd.Name].(*types.Func); ok {
					decls[fn] = fd
				}
			}
		}
	}
	return decls
}

// Pure says whether method f changes nothing its receiver reaches.
func (p *purity) Pure(f *types.Func) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.pure(f.Origin())
}

func (p *purity) pure(f *types.Func) bool {
	fd := p.decls[f]
	if fd == nil || fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false // not the package's own: it may change anything
	}
	if len(fd.Recv.List[0].Names) == 0 {
		return true // an unnamed receiver is not reached
	}
	return p.keeps(fd, fd.Recv.List[0].Names[0])
}

// param returns the object of f's parameter i (the receiver at -1), or
// nil.
func (p *purity) param(fd *ast.FuncDecl, i int) *ast.Ident {
	if i < 0 {
		if fd.Recv == nil || len(fd.Recv.List) == 0 || len(fd.Recv.List[0].Names) == 0 {
			return nil
		}
		return fd.Recv.List[0].Names[0]
	}
	k := 0
	for _, fl := range fd.Type.Params.List {
		if _, ok := fl.Type.(*ast.Ellipsis); ok {
			return nil
		}
		for _, n := range fl.Names {
			if k == i {
				return n
			}
			k++
		}
		if len(fl.Names) == 0 {
			if k == i {
				return nil
			}
			k++
		}
	}
	return nil
}

// keeps says whether fd's body writes nothing through the variable name
// declares (its receiver or a parameter) and lets no reference it holds
// escape.
func (p *purity) keeps(fd *ast.FuncDecl, name *ast.Ident) bool {
	root := p.pkg.Info.Defs[name]
	if root == nil {
		return true // "_"
	}
	if v, ok := p.memo[root]; ok {
		return v
	}
	if p.busy[root] {
		return true // recursion: what it writes, the outer call finds
	}
	p.busy[root] = true
	ok := p.body(fd.Body, root)
	delete(p.busy, root)
	p.memo[root] = ok
	return ok
}

// rooted says whether e is a place or value reached from the receiver
// (recv, recv.f, recv.f[i], *recv, (recv.f)).
func (p *purity) rooted(e ast.Expr, recv types.Object) bool {
	for {
		switch x := e.(type) {
		case *ast.Ident:
			return p.pkg.Info.Uses[x] == recv
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.IndexListExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		case *ast.ParenExpr:
			e = x.X
		case *ast.SliceExpr:
			e = x.X
		default:
			return false
		}
	}
}

// ref says whether a value of e's type shares memory with where it came
// from.
func (p *purity) ref(e ast.Expr) bool {
	t := p.pkg.Info.TypeOf(e)
	if t == nil {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Struct, *types.Array:
		return containsRef(u, 0)
	}
	return true
}

func containsRef(t types.Type, depth int) bool {
	if depth > 8 {
		return true
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return false
	case *types.Array:
		return containsRef(u.Elem(), depth+1)
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if containsRef(u.Field(i).Type(), depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

// escapes says whether e hands out a reference into the receiver.
func (p *purity) escapes(e ast.Expr, recv types.Object) bool {
	return p.rooted(e, recv) && p.ref(e)
}

// body says whether fn's body (of a method whose receiver is recv)
// writes nothing through recv and lets no reference into it escape.
func (p *purity) body(body *ast.BlockStmt, recv types.Object) bool {
	leaks := func(es ...ast.Expr) bool {
		for _, e := range es {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				e = kv.Value
			}
			if p.escapes(e, recv) {
				return true
			}
		}
		return false
	}
	pure := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !pure {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				pure = pure && !p.rooted(l, recv)
			}
			pure = pure && !leaks(n.Rhs...)
		case *ast.ValueSpec:
			pure = !leaks(n.Values...)
		case *ast.IncDecStmt:
			pure = !p.rooted(n.X, recv)
		case *ast.UnaryExpr:
			pure = n.Op != token.AND || !p.rooted(n.X, recv)
		case *ast.RangeStmt:
			pure = !p.rooted(n.X, recv) || n.Value == nil || !p.ref(n.Value)
		case *ast.CompositeLit:
			pure = !leaks(n.Elts...)
		case *ast.SendStmt:
			pure = !leaks(n.Value)
		case *ast.CallExpr:
			pure = p.call(n, recv)
		}
		return pure
	})
	return pure
}

// call says whether call c leaves the receiver as it is.
func (p *purity) call(c *ast.CallExpr, recv types.Object) bool {
	fun := ast.Unparen(c.Fun)
	if tv, ok := p.pkg.Info.Types[fun]; ok && tv.IsType() {
		return len(c.Args) != 1 || !p.escapes(c.Args[0], recv) // a conversion
	}
	if id, ok := fun.(*ast.Ident); ok {
		if b, ok := p.pkg.Info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "len", "cap", "min", "max", "print", "println", "panic", "real", "imag", "complex":
				return true
			case "append":
				// append(x, rooted...) copies; append(rooted, …) may
				// write into its spare capacity and aliases it.
				return len(c.Args) == 0 || !p.rooted(c.Args[0], recv)
			default: // copy, clear, delete, close: into their first operand
				return len(c.Args) == 0 || !p.rooted(c.Args[0], recv)
			}
		}
	}
	// A lock the method takes and releases (t.RLock(); …; t.RUnlock():
	// a thread-safe set's Contains) leaves what the receiver holds as
	// it was.
	if sel, ok := fun.(*ast.SelectorExpr); ok && len(c.Args) == 0 {
		if m, ok := p.pkg.Info.Uses[sel.Sel].(*types.Func); ok && m.Pkg() != nil && m.Pkg().Path() == "sync" {
			switch m.Name() {
			case "Lock", "Unlock", "RLock", "RUnlock":
				return true
			}
		}
	}
	// A method of the package called on the receiver itself: pure when
	// it keeps its own receiver.
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && p.pkg.Info.Uses[id] == recv {
			m, ok := p.pkg.Info.Uses[sel.Sel].(*types.Func)
			if !ok {
				return false
			}
			fd := p.decls[m.Origin()]
			if fd == nil {
				return false
			}
			if n := p.param(fd, -1); n != nil && !p.keeps(fd, n) {
				return false
			}
			return p.args(c, recv, fd)
		}
		if p.rooted(sel.X, recv) {
			// A method of what the receiver holds (b.set.Grow(), or a
			// func field): it may change it.
			if _, isFunc := p.pkg.Info.Uses[sel.Sel].(*types.Func); isFunc || p.ref(sel.X) {
				return false
			}
		}
	}
	if p.escapes(fun, recv) {
		return false // a func the receiver holds
	}
	var fd *ast.FuncDecl
	if id, ok := fun.(*ast.Ident); ok {
		if f, ok := p.pkg.Info.Uses[id].(*types.Func); ok {
			fd = p.decls[f.Origin()]
		}
	}
	return p.args(c, recv, fd)
}

// args says whether no argument of c hands out a reference into the
// receiver, but to a parameter of fd (the package's function called,
// nil if another) that keeps it.
func (p *purity) args(c *ast.CallExpr, recv types.Object, fd *ast.FuncDecl) bool {
	for i, a := range c.Args {
		if !p.escapes(a, recv) {
			continue
		}
		if fd == nil || c.Ellipsis.IsValid() {
			return false
		}
		n := p.param(fd, i)
		if n == nil || !p.keeps(fd, n) {
			return false
		}
	}
	return true
}
