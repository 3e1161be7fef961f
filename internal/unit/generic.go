package unit

// This file instantiates generic units: a function with type parameters,
// or a method of a generic type, is tested as one instance of it, with
// type arguments the package itself uses or else simple ones that meet
// the constraints.

import (
	"errors"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/load"
)

// maxAttempts bounds the candidate type-argument lists tried for one unit.
const maxAttempts = 512

// instance is the chosen instantiation of a generic unit.
type instance struct {
	sig   *types.Signature // with concrete receiver, parameters and results
	targs []types.Type     // of the function, or of the receiver's type
	// spelled is targs in Go, relative to the unit's package: "[int]",
	// "[string, int]".
	spelled string
}

// isGeneric reports whether sig is the signature of a generic function or
// of a method of a generic type.
func isGeneric(sig *types.Signature) bool {
	return sig.TypeParams().Len() > 0 || (sig.Recv() != nil && sig.RecvTypeParams().Len() > 0)
}

// instantiate picks the type arguments of the generic unit obj: first
// the instantiations the package itself makes of it (of the receiver's
// type, for a method), most frequent first; then lists drawn from int,
// string, float64, byte and bool, and from the terms of each type
// parameter's constraint (~[]E gives []int for E = int). A list is taken
// when it satisfies the constraints (types.Instantiate validates them),
// its types can be spelled in the package without imports (the harness
// file names the instance) and model (as build models the unit's types)
// accepts every input and result of the instance. why says why no list
// was taken.
func instantiate(pkg *load.Package, obj *types.Func, model func(t types.Type, allowError bool) error) (inst *instance, why string) {
	sig := obj.Type().(*types.Signature)
	if sig.Recv() != nil && sig.TypeParams().Len() > 0 {
		return nil, "generic: method with type parameters of its own"
	}
	g := &generic{pkg: pkg, obj: obj, model: model, ctxt: types.NewContext(), qual: types.RelativeTo(pkg.Types)}
	if sig.Recv() != nil {
		named, _ := types.Unalias(deref(sig.Recv().Type())).(*types.Named)
		if named == nil {
			return nil, "generic: receiver is not a named type"
		}
		g.named = named.Origin()
		g.tparams = g.named.TypeParams()
	} else {
		g.tparams = sig.TypeParams()
	}
	g.satisfied = make([]bool, g.tparams.Len())

	for _, targs := range g.used() {
		if inst := g.try(targs); inst != nil {
			return inst, ""
		}
	}
	if inst := g.search(); inst != nil {
		return inst, ""
	}
	if g.unfit != "" {
		return nil, g.unfit
	}
	// No list satisfied the constraints: blame the first type parameter
	// no candidate ever satisfied.
	blame := g.empty
	if blame < 0 {
		blame = 0
		for i, ok := range g.satisfied {
			if !ok {
				blame = i
				break
			}
		}
	}
	tp := g.tparams.At(blame)
	return nil, "generic: no type argument satisfies constraint " + types.TypeString(tp.Constraint(), g.qual) + " of " + tp.Obj().Name()
}

type generic struct {
	pkg     *load.Package
	obj     *types.Func
	named   *types.Named // the generic receiver type of a method; nil for a function
	tparams *types.TypeParamList
	model   func(t types.Type, allowError bool) error
	ctxt    *types.Context
	qual    types.Qualifier

	attempts  int
	satisfied []bool // tparams[i] passed validation in some attempt
	empty     int    // a type parameter without candidates (-1 = none)
	unfit     string // why the first instance satisfying the constraints is not testable
}

// used returns the concrete type-argument lists of the package's own
// instantiations of the unit (of its receiver's type for a method), most
// frequent first, then in order of first use.
func (g *generic) used() [][]types.Type {
	type use struct {
		targs []types.Type
		n     int
		first token.Pos
	}
	byKey := map[string]*use{}
	for id, in := range g.pkg.Info.Instances {
		if in.TypeArgs == nil || in.TypeArgs.Len() != g.tparams.Len() {
			continue
		}
		if g.named != nil {
			n, ok := types.Unalias(in.Type).(*types.Named)
			if !ok || n.Origin() != g.named {
				continue
			}
		} else if g.pkg.Info.Uses[id] != g.obj {
			continue
		}
		targs := make([]types.Type, in.TypeArgs.Len())
		concrete := true
		for i := range targs {
			targs[i] = in.TypeArgs.At(i)
			concrete = concrete && !hasTypeParam(targs[i])
		}
		if !concrete {
			continue // inside a generic body: F[T]
		}
		key := typeList(targs, func(p *types.Package) string { return p.Path() })
		u := byKey[key]
		if u == nil {
			u = &use{targs: targs, first: id.Pos()}
			byKey[key] = u
		}
		u.n++
		if id.Pos() < u.first {
			u.first = id.Pos()
		}
	}
	uses := make([]*use, 0, len(byKey))
	for _, u := range byKey {
		uses = append(uses, u)
	}
	sort.Slice(uses, func(i, j int) bool {
		if uses[i].n != uses[j].n {
			return uses[i].n > uses[j].n
		}
		return uses[i].first < uses[j].first
	})
	out := make([][]types.Type, len(uses))
	for i, u := range uses {
		out[i] = u.targs
	}
	return out
}

// search tries candidate lists, choosing the type parameters whose
// constraints' terms mention others after those others.
func (g *generic) search() *instance {
	g.empty = -1
	n := g.tparams.Len()
	order := make([]int, 0, n)
	placed := make([]bool, n)
	for len(order) < n {
		next := -1
		for i := 0; i < n && next < 0; i++ {
			if placed[i] {
				continue
			}
			ready := true
			for _, d := range g.deps(g.tparams.At(i)) {
				if !placed[d] && d != i {
					ready = false
				}
			}
			if ready {
				next = i
			}
		}
		if next < 0 { // a cycle: take the first left; its dependent terms give no candidates
			for i := 0; i < n && next < 0; i++ {
				if !placed[i] {
					next = i
				}
			}
		}
		placed[next] = true
		order = append(order, next)
	}

	assign := map[*types.TypeParam]types.Type{}
	targs := make([]types.Type, n)
	var found *instance
	var walk func(k int)
	walk = func(k int) {
		if found != nil || g.attempts >= maxAttempts {
			return
		}
		if k == n {
			found = g.try(targs)
			return
		}
		i := order[k]
		tp := g.tparams.At(i)
		cands := g.candidates(tp, assign)
		if len(cands) == 0 && g.empty < 0 {
			g.empty = i
		}
		for _, c := range cands {
			assign[tp], targs[i] = c, c
			walk(k + 1)
			if found != nil || g.attempts >= maxAttempts {
				break
			}
		}
		delete(assign, tp)
	}
	walk(0)
	return found
}

// try instantiates the unit with targs; nil when the list does not
// satisfy the constraints or the instance is not testable.
func (g *generic) try(targs []types.Type) *instance {
	g.attempts++
	var orig types.Type = g.obj.Type()
	if g.named != nil {
		orig = g.named
	}
	t, err := types.Instantiate(g.ctxt, orig, targs, true)
	if err != nil {
		var ae *types.ArgumentError
		if errors.As(err, &ae) {
			for i := 0; i < ae.Index && i < len(g.satisfied); i++ {
				g.satisfied[i] = true
			}
		}
		return nil
	}
	for i := range g.satisfied {
		g.satisfied[i] = true
	}
	spelled, ok := g.spell(targs)
	if !ok {
		return nil
	}
	var sig *types.Signature
	if g.named != nil {
		inst := t.(*types.Named)
		for i := 0; i < inst.NumMethods(); i++ {
			if m := inst.Method(i); m.Name() == g.obj.Name() {
				sig = m.Type().(*types.Signature)
				break
			}
		}
		if sig == nil {
			return nil
		}
	} else {
		sig = t.(*types.Signature)
	}
	if why := g.testable(sig); why != "" {
		if g.unfit == "" {
			g.unfit = "generic, instantiated as " + spelled + ": " + why
		}
		return nil
	}
	return &instance{sig: sig, targs: append([]types.Type(nil), targs...), spelled: spelled}
}

// spell writes targs as Go type arguments, relative to the package; ok
// is false when that needs an import, or names a type not visible at
// package level (a type declared in a function).
func (g *generic) spell(targs []types.Type) (string, bool) {
	ok := true
	s := typeList(targs, func(p *types.Package) string {
		if p != g.pkg.Types {
			ok = false
		}
		return g.qual(p)
	})
	for _, t := range targs {
		ok = ok && packageLevel(t)
	}
	return s, ok
}

// testable says why g.model rejects an input or result of sig ("" when
// it accepts them all), as build would.
func (g *generic) testable(sig *types.Signature) string {
	check := func(what string, t types.Type, allowError bool) string {
		if err := g.model(t, allowError); err != nil {
			return unsupported(what, t, g.pkg.Types, err)
		}
		return ""
	}
	if r := sig.Recv(); r != nil {
		if why := check("receiver", r.Type(), false); why != "" {
			return why
		}
	}
	for i := 0; i < sig.Params().Len(); i++ {
		p := sig.Params().At(i)
		if why := check("parameter "+label(p.Name(), i), p.Type(), false); why != "" {
			return why
		}
	}
	for i := 0; i < sig.Results().Len(); i++ {
		r := sig.Results().At(i)
		if why := check("result "+label(r.Name(), i), r.Type(), true); why != "" {
			return why
		}
	}
	return ""
}

// candidates returns the type arguments to try for tp, given those
// already chosen: int, string, float64, byte, bool, then the types of
// its constraint's terms with the chosen arguments substituted.
func (g *generic) candidates(tp *types.TypeParam, assign map[*types.TypeParam]types.Type) []types.Type {
	out := []types.Type{
		types.Typ[types.Int],
		types.Typ[types.String],
		types.Typ[types.Float64],
		types.Universe.Lookup("byte").Type(),
		types.Typ[types.Bool],
	}
	for _, term := range terms(tp.Constraint()) {
		t, ok := subst(g.ctxt, term.Type(), assign)
		if !ok {
			continue
		}
		dup := false
		for _, c := range out {
			dup = dup || types.Identical(c, t)
		}
		if !dup {
			out = append(out, t)
		}
	}
	return out
}

// deps returns the indexes (in g.tparams) of the type parameters the
// terms of tp's constraint mention.
func (g *generic) deps(tp *types.TypeParam) []int {
	var out []int
	for _, term := range terms(tp.Constraint()) {
		walkTypeParams(term.Type(), func(p *types.TypeParam) {
			for i := 0; i < g.tparams.Len(); i++ {
				if g.tparams.At(i) == p {
					out = append(out, i)
				}
			}
		})
	}
	return out
}

// terms returns the type terms of a constraint's embedded unions and
// types, through embedded interfaces.
func terms(constraint types.Type) []*types.Term {
	var out []*types.Term
	seen := map[types.Type]bool{}
	var visit func(t types.Type)
	visit = func(t types.Type) {
		if seen[t] {
			return
		}
		seen[t] = true
		switch u := t.Underlying().(type) {
		case *types.Interface:
			for i := 0; i < u.NumEmbeddeds(); i++ {
				visit(u.EmbeddedType(i))
			}
		case *types.Union:
			for i := 0; i < u.Len(); i++ {
				if tt := u.Term(i).Type(); types.IsInterface(tt) {
					visit(tt)
				} else {
					out = append(out, u.Term(i))
				}
			}
		default:
			out = append(out, types.NewTerm(false, t))
		}
	}
	visit(constraint)
	return out
}

// subst replaces the type parameters of t by their assigned types; ok is
// false when one is unassigned or t's shape is not handled.
func subst(ctxt *types.Context, t types.Type, assign map[*types.TypeParam]types.Type) (types.Type, bool) {
	if !hasTypeParam(t) {
		return t, true
	}
	switch t := t.(type) {
	case *types.TypeParam:
		a, ok := assign[t]
		return a, ok
	case *types.Alias:
		return subst(ctxt, types.Unalias(t), assign)
	case *types.Pointer:
		e, ok := subst(ctxt, t.Elem(), assign)
		return types.NewPointer(e), ok
	case *types.Slice:
		e, ok := subst(ctxt, t.Elem(), assign)
		return types.NewSlice(e), ok
	case *types.Array:
		e, ok := subst(ctxt, t.Elem(), assign)
		return types.NewArray(e, t.Len()), ok
	case *types.Map:
		k, ok1 := subst(ctxt, t.Key(), assign)
		e, ok2 := subst(ctxt, t.Elem(), assign)
		return types.NewMap(k, e), ok1 && ok2
	case *types.Chan:
		e, ok := subst(ctxt, t.Elem(), assign)
		return types.NewChan(t.Dir(), e), ok
	case *types.Named:
		args := make([]types.Type, t.TypeArgs().Len())
		for i := range args {
			a, ok := subst(ctxt, t.TypeArgs().At(i), assign)
			if !ok {
				return nil, false
			}
			args[i] = a
		}
		inst, err := types.Instantiate(ctxt, t.Origin(), args, false)
		return inst, err == nil
	}
	return nil, false
}

// hasTypeParam reports whether t mentions a type parameter.
func hasTypeParam(t types.Type) bool {
	found := false
	walkTypeParams(t, func(*types.TypeParam) { found = true })
	return found
}

// walkTypeParams calls f with each type parameter t mentions (a named
// type's through its type arguments only).
func walkTypeParams(t types.Type, f func(*types.TypeParam)) {
	walkType(t, func(t types.Type) bool {
		if tp, ok := t.(*types.TypeParam); ok {
			f(tp)
		}
		return true
	})
}

// packageLevel reports whether every named type in t is declared at
// package level (a type declared in a function cannot be named outside
// it).
func packageLevel(t types.Type) bool {
	ok := true
	walkType(t, func(t types.Type) bool {
		var o *types.TypeName
		switch t := t.(type) {
		case *types.Alias:
			o = t.Obj()
		case *types.Named:
			o = t.Obj()
		}
		if o != nil && o.Pkg() != nil && o.Parent() != o.Pkg().Scope() {
			ok = false
		}
		return ok
	})
	return ok
}

// walkType calls visit with t and, while visit returns true, the types t
// is made of, each once: an alias's target, a named type's type
// arguments (not its underlying type), elements, keys, fields,
// parameters and results, embedded interfaces, methods and union terms.
func walkType(t types.Type, visit func(types.Type) bool) {
	seen := map[types.Type]bool{}
	var walk func(t types.Type)
	tuple := func(tu *types.Tuple) {
		for i := 0; i < tu.Len(); i++ {
			walk(tu.At(i).Type())
		}
	}
	walk = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		if !visit(t) {
			return
		}
		switch t := t.(type) {
		case *types.Alias:
			walk(types.Unalias(t))
		case *types.Named:
			for i := 0; i < t.TypeArgs().Len(); i++ {
				walk(t.TypeArgs().At(i))
			}
		case *types.Pointer:
			walk(t.Elem())
		case *types.Slice:
			walk(t.Elem())
		case *types.Array:
			walk(t.Elem())
		case *types.Map:
			walk(t.Key())
			walk(t.Elem())
		case *types.Chan:
			walk(t.Elem())
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				walk(t.Field(i).Type())
			}
		case *types.Signature:
			tuple(t.Params())
			tuple(t.Results())
		case *types.Interface:
			for i := 0; i < t.NumEmbeddeds(); i++ {
				walk(t.EmbeddedType(i))
			}
			for i := 0; i < t.NumExplicitMethods(); i++ {
				walk(t.ExplicitMethod(i).Type())
			}
		case *types.Union:
			for i := 0; i < t.Len(); i++ {
				walk(t.Term(i).Type())
			}
		}
	}
	walk(t)
}

// typeList spells a type-argument list: "[int, []string]".
func typeList(targs []types.Type, qual types.Qualifier) string {
	parts := make([]string, len(targs))
	for i, t := range targs {
		parts[i] = types.TypeString(t, qual)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// inferable reports whether a call of the generic function with
// arguments of its instance's parameter types infers all its type
// arguments: each type parameter occurs in a parameter's type, or in
// the core type of the constraint of one that is inferred (E of
// S ~[]E).
func inferable(sig *types.Signature) bool {
	n := sig.TypeParams().Len()
	known := map[*types.TypeParam]bool{}
	for i := 0; i < sig.Params().Len(); i++ {
		walkTypeParams(sig.Params().At(i).Type(), func(p *types.TypeParam) { known[p] = true })
	}
	for changed := true; changed; {
		changed = false
		for i := 0; i < n; i++ {
			tp := sig.TypeParams().At(i)
			if !known[tp] {
				continue
			}
			ts := terms(tp.Constraint())
			if len(ts) != 1 {
				continue // no single core type to unify with
			}
			walkTypeParams(ts[0].Type(), func(p *types.TypeParam) {
				if !known[p] {
					known[p], changed = true, true
				}
			})
		}
	}
	for i := 0; i < n; i++ {
		if !known[sig.TypeParams().At(i)] {
			return false
		}
	}
	return true
}

// hasAssume reports whether fd's doc comment has a //gozilla:assume
// directive.
func hasAssume(fd *ast.FuncDecl) bool {
	if fd.Doc == nil {
		return false
	}
	for _, c := range fd.Doc.List {
		if strings.HasPrefix(c.Text, AssumeDirective) {
			return true
		}
	}
	return false
}
