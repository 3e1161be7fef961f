package value

// This file builds receivers the way the package's users build them: by
// one of its constructors, then a short sequence of the type's own
// methods (NewStack(4); Push(1); Push(2)), besides the literals of its
// fields, which reach states no user can.

import (
	"fmt"
	"go/types"
	"hash/fnv"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

const (
	maxCtors = 2 // constructors of a type used
	// maxCtorParams bounds a constructor's parameters: six takes
	// text/tabwriter's NewWriter(output, minwidth, tabwidth, padding,
	// padchar, flags), the way its users build a Writer.
	maxCtorParams = 6
	maxMutators   = 3 // methods used in sequences
)

// AddSequences adds to vt, the type of the receiver t (a pointer to one
// of the package's named structs), alternatives that build it by a
// constructor of the package and a sequence of up to three calls of its
// methods with operands. A constructor that returns an error too builds
// nothing (the input is rejected) when it fails.
func AddSequences(vt *Type, t types.Type, env *Env) {
	if env.NoAlts || env.Pkg == nil {
		return
	}
	b := &builder{pkg: env.Pkg, imports: env.Imports, memo: map[types.Type]*Type{t: vt}, env: env, depth: 1}
	b.varAlts(vt, t)
	p, ok := t.(*types.Pointer)
	if !ok && vt.Kind == Struct && vt.HiddenFields() && env.derefDepth == 0 {
		// A struct of the package taken by value (a value receiver: a
		// Constraints) whose constructors return a pointer: what they
		// build, copied, as a user writes c, _ := NewConstraint(s);
		// c.Check(v). Its unexported fields spelled one by one reach
		// states no constructor makes.
		if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() == env.Pkg {
			pt := types.NewPointer(t)
			pvt := &Type{Kind: Pointer, Name: "*" + vt.Name, Elem: vt}
			sub := *env
			sub.derefDepth = 1
			AddSequences(pvt, pt, &sub)
			for _, a := range pvt.Alts {
				if a.Seq == nil {
					continue // a package variable's copy (varAlts): its value is one already
				}
				d := *a
				ptrName, valName := b.name(pt), b.name(t)
				switch prefix := "func() " + ptrName + " {"; {
				case strings.HasPrefix(a.Expr, prefix) && strings.HasSuffix(a.Expr, " }()"):
					body := strings.TrimSuffix(strings.TrimPrefix(a.Expr, prefix), " }()")
					i := strings.LastIndex(body, "; return ")
					if i < 0 {
						continue
					}
					d.Expr = "func() " + valName + " {" + body[:i] + "; return *" + body[i+len("; return "):] + " }()"
				default:
					d.Expr = "*" + a.Expr
				}
				h := fnv.New64a()
				h.Write([]byte(d.Expr))
				for _, p := range d.Params {
					h.Write([]byte{0})
					h.Write([]byte(p.Name))
				}
				d.Key = strconv.FormatUint(h.Sum64(), 36)
				vt.add(&d, nil)
			}
		}
		return
	}
	if !ok || vt.Kind != Pointer {
		return
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != env.Pkg {
		return
	}
	ctors := b.ctorsOf(t)
	if len(ctors) == 0 {
		// No constructor: the values the package's other types hand out
		// (an iterator of a heap).
		if env.factoryDepth == 0 {
			b.factories(vt, t, named)
		}
		return
	}
	muts := b.mutators(t)
	v := receiverVar(named.Obj().Name())
	for _, c := range ctors {
		seqs := [][]*types.Func{nil}
		for _, m := range muts {
			seqs = append(seqs, []*types.Func{m}, []*types.Func{m, m})
		}
		if len(muts) > 0 {
			seqs = append(seqs, []*types.Func{muts[0], muts[0], muts[0]})
		}
		if len(muts) > 1 {
			seqs = append(seqs, []*types.Func{muts[0], muts[1]})
		}
		for _, seq := range seqs {
			b.sequence(vt, t, v, c, seq)
		}
		if len(muts) > 0 {
			b.rangeSequence(vt, t, v, c, muts[0])
		}
	}
}

// rangeSequence adds to vt the value a constructor builds and a mutator
// of one operand then fills, over a slice of operands (for _, x := range
// []int{5, 3, 8} { t.Insert(x) }): the way tests build containers of
// more than three elements, whose states (a node split, a grown buffer)
// short sequences never reach. Shrinking the slice keeps the calls a
// row needs.
func (b *builder) rangeSequence(vt *Type, t types.Type, v string, c ctor, m *types.Func) {
	sig := m.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Variadic() {
		return
	}
	var params []types.Type
	var s []string
	for i := 0; i < c.sig.Params().Len(); i++ {
		x := "$" + strconv.Itoa(len(params))
		if c.sig.Variadic() && i == c.sig.Params().Len()-1 {
			x += "..."
		}
		s = append(s, x)
		params = append(params, c.sig.Params().At(i).Type())
	}
	call := c.name + "(" + strings.Join(s, ", ") + ")"
	loop := "x"
	if v == loop {
		loop = "y"
	}
	var body strings.Builder
	if c.sig.Results().Len() == 2 {
		body.WriteString(v + ", err := " + call + "; if err != nil { panic(err) }")
	} else {
		body.WriteString(v + " := " + call)
	}
	fmt.Fprintf(&body, "; for _, %s := range $%d { %s.%s(%s) }", loop, len(params), v, m.Name(), loop)
	params = append(params, types.NewSlice(sig.Params().At(0).Type()))
	expr := "func() " + b.name(t) + " { " + body.String() + "; return " + v + " }()"
	a, err := b.alt(c.f.Name()+"."+m.Name()+"*", expr, "", "", params...)
	if err == nil {
		a.Small = true
		nonNilFuncs(a)
		if e := a.Params[len(a.Params)-1].Elem; e.Kind == Built && e.Iface && len(e.Alts) > 0 {
			e.Iface = false
		}
	}
	vt.add(a, err)
}

// factories adds to vt (t, a pointer to the package's named type T) the
// values methods of the package's other types return (Randoop's
// sequences: (*Heap).Iterator() Iterator for an *Iterator), each on a
// receiver built as users build one (AddSequences), methods taking no
// operand only.
func (b *builder) factories(vt *Type, t types.Type, named *types.Named) {
	scope := b.pkg.Scope()
	n := 0
	for _, nm := range scope.Names() {
		tn, ok := scope.Lookup(nm).(*types.TypeName)
		if !ok || tn.IsAlias() || types.Identical(tn.Type(), named) || n >= maxCtors {
			continue
		}
		rt, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if rt.TypeParams().Len() > 0 {
			// A generic type, instantiated as T is (golang-set's
			// Set[int].Iterator() for an *Iterator[int]).
			if rt.TypeParams().Len() != named.TypeArgs().Len() {
				continue
			}
			args := make([]types.Type, named.TypeArgs().Len())
			for i := range args {
				args[i] = named.TypeArgs().At(i)
			}
			inst, err := types.Instantiate(nil, rt, args, true)
			if err != nil {
				continue
			}
			rt = inst.(*types.Named)
		}
		var recv types.Type = types.NewPointer(rt)
		if types.IsInterface(rt) {
			recv = rt // an interface of the package: its methods, on the values its functions return
		}
		ms := types.NewMethodSet(recv)
		for i := 0; i < ms.Len() && n < maxCtors; i++ {
			f, ok := ms.At(i).Obj().(*types.Func)
			if !ok || !f.Exported() {
				continue
			}
			sig := f.Type().(*types.Signature)
			if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
				continue
			}
			res := sig.Results().At(0).Type()
			var expr string
			switch {
			case types.Identical(res, t):
				expr = "$0." + f.Name() + "()"
			case types.Identical(res, named):
				expr = "func(r " + b.name(recv) + ") " + b.name(t) + " { x := r." + f.Name() + "(); return &x }($0)"
			default:
				continue
			}
			// The receiver's type with the ways users build it.
			rvt, err := b.build(recv, false)
			if err != nil {
				continue
			}
			sub := *b.env
			sub.factoryDepth = 1
			AddSequences(rvt, recv, &sub)
			if len(rvt.Alts) == 0 {
				continue // no way to build the receiver but its fields
			}
			a := &Alt{Label: tn.Name() + "." + f.Name(), Expr: expr, Params: []*Type{rvt}, Small: true}
			h := fnv.New64a()
			h.Write([]byte(expr))
			a.Key = strconv.FormatUint(h.Sum64(), 36)
			vt.add(a, nil)
			n++
		}
	}
}

// ctor is a constructor: a function of the package that returns the
// type, with its signature and the name a call spells (type arguments
// included: NewG[int]).
type ctor struct {
	f    *types.Func
	sig  *types.Signature
	name string
}

// ctorsOf returns the package's functions that return t (and maybe an
// error), constructors by name (New…) first. A generic function is one
// when its result's type arguments give all of its type parameters, and
// they satisfy their constraints: NewG[T] for a *BTreeG[int].
func (b *builder) ctorsOf(t types.Type) []ctor { return b.ctorsUpTo(t, maxCtors) }

// ctorsUpTo is ctorsOf, with at most most of them.
func (b *builder) ctorsUpTo(t types.Type, most int) []ctor {
	var out []ctor
	scope := b.pkg.Scope()
	errType := types.Universe.Lookup("error").Type()
	for _, nm := range scope.Names() {
		f, ok := scope.Lookup(nm).(*types.Func)
		if !ok {
			continue
		}
		sig := f.Type().(*types.Signature)
		name := f.Name()
		if tps := sig.TypeParams(); tps.Len() > 0 && sig.Results().Len() > 0 {
			targs := inferFromResult(tps, sig.Results().At(0).Type(), t)
			if targs == nil {
				continue
			}
			inst, err := types.Instantiate(nil, sig, targs, true)
			if err != nil {
				continue // a type argument that does not satisfy its constraint
			}
			sig = inst.(*types.Signature)
			var names []string
			for _, a := range targs {
				names = append(names, b.name(a))
			}
			name += "[" + strings.Join(names, ", ") + "]"
		}
		rs := sig.Results()
		if rs.Len() == 0 || rs.Len() > 2 || !types.Identical(rs.At(0).Type(), t) ||
			(rs.Len() == 2 && !types.Identical(rs.At(1).Type(), errType)) || sig.Params().Len() > maxCtorParams {
			continue
		}
		out = append(out, ctor{f: f, sig: sig, name: name})
	}
	sort.SliceStable(out, func(i, j int) bool {
		return strings.HasPrefix(out[i].f.Name(), "New") && !strings.HasPrefix(out[j].f.Name(), "New")
	})
	if len(out) > most {
		out = out[:most]
	}
	return out
}

// inferFromResult matches a generic function's result type res against
// t and returns the type arguments of tps it gives, or nil when it does
// not give them all (or res cannot be t): *BTreeG[T] against
// *BTreeG[int] gives [int].
func inferFromResult(tps *types.TypeParamList, res, t types.Type) []types.Type {
	bound := make([]types.Type, tps.Len())
	var match func(g, c types.Type) bool
	match = func(g, c types.Type) bool {
		if tp, ok := g.(*types.TypeParam); ok {
			i := tp.Index()
			if i >= len(bound) || tps.At(i) != tp {
				return false
			}
			if bound[i] != nil {
				return types.Identical(bound[i], c)
			}
			bound[i] = c
			return true
		}
		switch g := types.Unalias(g).(type) {
		case *types.Pointer:
			c, ok := types.Unalias(c).(*types.Pointer)
			return ok && match(g.Elem(), c.Elem())
		case *types.Slice:
			c, ok := types.Unalias(c).(*types.Slice)
			return ok && match(g.Elem(), c.Elem())
		case *types.Named:
			c, ok := types.Unalias(c).(*types.Named)
			if !ok || c.Origin() != g.Origin() || g.TypeArgs().Len() != c.TypeArgs().Len() {
				return false
			}
			for i := 0; i < g.TypeArgs().Len(); i++ {
				if !match(g.TypeArgs().At(i), c.TypeArgs().At(i)) {
					return false
				}
			}
			return g.TypeArgs().Len() > 0 || types.Identical(g, c)
		}
		return types.Identical(g, c)
	}
	if !match(res, t) {
		return nil
	}
	for _, a := range bound {
		if a == nil {
			return nil
		}
	}
	return bound
}

// mutators returns the methods of t that take operands and return at
// most two values (Push, Put, Add, Set, ReplaceOrInsert: their results
// are dropped), exported first, those that add first; not visitors
// (Ascend(fn)), nor decoders (UnmarshalJSON).
func (b *builder) mutators(t types.Type) []*types.Func {
	ms := types.NewMethodSet(t)
	var out []*types.Func
	for i := 0; i < ms.Len(); i++ {
		f, ok := ms.At(i).Obj().(*types.Func)
		if !ok {
			continue
		}
		sig := f.Type().(*types.Signature)
		if sig.Params().Len() == 0 || sig.Params().Len() > 2 || sig.Results().Len() > 2 {
			continue
		}
		if _, ptr := sig.Recv().Type().(*types.Pointer); !ptr {
			continue // a value receiver changes nothing
		}
		out = append(out, f)
	}
	// The methods that add to a value first (Push, Add, Put), not those
	// that decode one (UnmarshalJSON, FromJSON: a row would hold bytes
	// that rarely decode).
	rank := func(f *types.Func) int {
		r := 2
		for _, p := range []string{"Push", "Add", "Put", "Set", "Insert", "Append", "Enqueue", "Write", "Store"} {
			if strings.Contains(f.Name(), p) { // ReplaceOrInsert
				r = 1
			}
		}
		sig := f.Type().(*types.Signature)
		for i := 0; i < sig.Params().Len(); i++ {
			if _, ok := sig.Params().At(i).Type().Underlying().(*types.Signature); ok && r == 2 {
				r = 3 // a visitor (Ascend(fn)) changes nothing
			}
		}
		if !f.Exported() {
			r += 10
		}
		return r
	}
	var keep []*types.Func
	for _, f := range out {
		decode := false
		for _, p := range []string{"Unmarshal", "From", "Decode", "Gob", "Scan", "Parse"} {
			decode = decode || strings.HasPrefix(f.Name(), p)
		}
		// (A visitor changes nothing; nor does a query, Env.Pure: a
		// builder's call of one would drop its answer, a row a
		// reviewer reads as noise.)
		if !decode && rank(f)%10 != 3 && (b.env.Pure == nil || !b.env.Pure(f)) {
			keep = append(keep, f)
		}
	}
	out = keep
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i]) < rank(out[j]) })
	if len(out) > 0 && out[0].Exported() {
		// A user builds states with the exported methods: an unexported
		// one (moveToFront) can leave a state no user can reach.
		n := 0
		for n < len(out) && out[n].Exported() {
			n++
		}
		out = out[:n]
	}
	if len(out) > maxMutators {
		out = out[:maxMutators]
	}
	return out
}

// sequence adds the alternative "v := ctor(…); v.m1(…); …; return v".
func (b *builder) sequence(vt *Type, t types.Type, v string, c ctor, seq []*types.Func) {
	var params []types.Type
	slot := func(sig *types.Signature) string {
		var s []string
		for i := 0; i < sig.Params().Len(); i++ {
			x := "$" + strconv.Itoa(len(params))
			if sig.Variadic() && i == sig.Params().Len()-1 {
				x += "..." // the printer spreads the slice: New(1, 2)
			}
			s = append(s, x)
			params = append(params, sig.Params().At(i).Type())
		}
		return "(" + strings.Join(s, ", ") + ")"
	}
	csig := c.sig
	call := c.name + slot(csig)
	info := &SeqInfo{Ctor: c.f.Name(), Ops: []int{len(params)}}
	var body strings.Builder
	label := c.f.Name()
	if csig.Results().Len() == 2 {
		body.WriteString(v + ", err := " + call + "; if err != nil { panic(err) }")
	} else {
		body.WriteString(v + " := " + call)
	}
	for _, m := range seq {
		n := len(params)
		body.WriteString("; " + v + "." + m.Name() + slot(m.Type().(*types.Signature)))
		label += "." + m.Name()
		info.Calls = append(info.Calls, m.Name())
		info.Ops = append(info.Ops, len(params)-n)
	}
	expr := "func() " + b.name(t) + " { " + body.String() + "; return " + v + " }()"
	if len(seq) == 0 && csig.Results().Len() == 1 {
		expr = call
	}
	a, err := b.alt(label, expr, "", "", params...)
	if err == nil {
		a.Small = true
		a.Seq = info
		nonNilFuncs(a)
	}
	vt.add(a, err)
}

// SeqInfo is how a sequence alternative is built: its constructor, the
// methods it then calls, in order, and how many operands each takes
// (Ops[0] the constructor's, Ops[i] the i-th call's).
type SeqInfo struct {
	Ctor  string
	Calls []string
	Ops   []int
}

// shorter returns the values of t's other sequence alternatives that
// build v (of sequence alternative a) with one of its calls left out,
// the operands of the others kept: a set-up a row needs without the call
// that does nothing (l.Contains(0) before the Add that matters).
func shorter(t *Type, a *Alt, v Value) []Value {
	var out []Value
	for drop := range a.Seq.Calls {
		calls := append(append([]string(nil), a.Seq.Calls[:drop]...), a.Seq.Calls[drop+1:]...)
		for _, b := range t.Alts {
			if b.Seq == nil || b.Seq.Ctor != a.Seq.Ctor || !slicesEqual(b.Seq.Calls, calls) {
				continue
			}
			// The operands of every part but the dropped call.
			var e []Value
			k := 0
			for part, n := range a.Seq.Ops {
				if part != drop+1 {
					e = append(e, v.E[k:k+n]...)
				}
				k += n
			}
			if len(e) == len(b.Params) {
				out = append(out, Value{X: b.Key, E: e})
			}
		}
	}
	return out
}

func slicesEqual(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// nonNilFuncs makes a's func and interface operands never nil where they
// have alternatives: a constructor given a nil comparator builds a value
// whose first use panics, and a nil item put in a container (Insert(nil))
// is a state no user means.
func nonNilFuncs(a *Alt) {
	for _, p := range a.Params {
		if p.Kind == Built && p.Iface && len(p.Alts) > 0 {
			p.Iface = false
		}
	}
}

// receiverVar names the variable of a sequence: the type's initial, in
// lower case, never a Go keyword or the error variable.
func receiverVar(typeName string) string {
	for _, r := range typeName {
		v := string(unicode.ToLower(r))
		if v == "e" || !unicode.IsLetter(r) {
			return "x"
		}
		return v
	}
	return "x"
}

// varAlts adds the package's variables of the receiver's type t (or of
// the type t points to) as alternatives: StdEncoding for an *Encoding.
// A pointer variable is copied (one level deep), so that a run cannot
// change the variable the next run reads.
func (b *builder) varAlts(vt *Type, t types.Type) {
	scope := b.pkg.Scope()
	n := 0
	for _, nm := range scope.Names() {
		v, ok := scope.Lookup(nm).(*types.Var)
		if !ok || n == maxCtors*2 {
			continue
		}
		var expr string
		switch {
		case types.Identical(v.Type(), t):
			expr = nm
			if _, ok := t.(*types.Pointer); ok {
				expr = "func() " + b.name(t) + " { if " + nm + " == nil { return nil }; c := *" + nm + "; return &c }()"
			}
		case isPointerTo(t, v.Type()):
			expr = "func() " + b.name(t) + " { c := " + nm + "; return &c }()"
		default:
			continue
		}
		vt.add(b.alt(nm, expr, "", ""))
		n++
	}
}

// isPointerTo reports whether t is a pointer to elem.
func isPointerTo(t, elem types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && types.Identical(p.Elem(), elem)
}
