package explore

// This file evaluates SSA instructions into constraint expressions: the
// arithmetic and comparisons of scalars, conversions, lengths, fields of
// input structs, results of inlined calls; with a narrowing precision
// also constant strings and their comparisons, elements at constant
// indexes (and forks on symbolic ones), views of strings and slices, and
// memory where the explorer knows where a pointer points. Anything else
// is a fresh unknown.

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"sort"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/value"
)

// eval computes the value of an instruction other than a binary
// operation or a call.
func (x *Explorer) eval(f *Frame, v ssa.Value) Value {
	narrow := x.Cfg.MaxLen > 0
	switch v := v.(type) {
	case *ssa.UnOp:
		a := x.Value(f, v.X)
		switch v.Op {
		case token.SUB, token.XOR, token.NOT:
			if a.E != nil {
				return Value{E: Fold(c.Un(v.Op, a.E))}
			}
		case token.MUL: // load through a pointer, unless memory was written where the explorer cannot tell
			if narrow && a.Arg != nil && a.Arg.Type.Kind == value.Pointer && !f.Dirty {
				return x.load(f, a.Arg.pointee())
			}
		}
	case *ssa.Convert:
		a := x.Value(f, v.X)
		if t, ok := IRType(v.Type()); ok && a.E != nil && t.Kind != c.KBool && a.E.Type().Kind != c.KBool {
			return Value{E: Fold(c.Conv(t, a.E))}
		}
	case *ssa.ChangeType:
		return x.Value(f, v.X)
	case *ssa.Extract:
		if t := x.Value(f, v.Tuple).Tuple; v.Index < len(t) && t[v.Index].Known() {
			return t[v.Index]
		}
	case *ssa.Field:
		a := x.Value(f, v.X)
		if a.Arg != nil && a.Arg.Type.Kind == value.Struct && v.Field < len(a.Arg.Fields) {
			return x.load(f, a.Arg.Fields[v.Field])
		}
	case *ssa.Slice:
		if narrow {
			if s, ok := x.slice(f, v); ok {
				return s
			}
		}
	case *ssa.MakeSlice:
		if narrow {
			if s, ok := x.makeSlice(f, v); ok {
				return s
			}
		}
	case *ssa.Index: // string or array element
		if narrow {
			return x.index(f, v.X, v.Index, v.Type())
		}
		if k, ok := v.X.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			return x.constElem(f, constant.StringVal(k.Value), v.Index, v.Type())
		}
	case *ssa.Alloc:
		if !narrow {
			break
		}
		if t, err := value.FromTypes(v.Type().(*types.Pointer).Elem(), nil, nil, true); err == nil {
			// A local variable the code takes the address of, or a
			// local array: its parts start as zero values.
			a := NewArg(localName(v), t)
			a.markLocal()
			return Value{Arg: &Arg{Name: "&" + a.Name, Type: &value.Type{Kind: value.Pointer, Elem: t}, Elem: a}}
		}
	case *ssa.FieldAddr:
		a := x.Value(f, v.X)
		if narrow && a.Arg != nil && a.Arg.Type.Kind == value.Pointer {
			p := a.Arg.pointee()
			if p.Type.Kind == value.Struct && v.Field < len(p.Fields) {
				return Value{Arg: &Arg{Name: "&" + p.Fields[v.Field].Name, Type: &value.Type{Kind: value.Pointer, Elem: p.Fields[v.Field].Type}, Elem: p.Fields[v.Field]}}
			}
		}
	case *ssa.IndexAddr: // &slice[i] or &array[i] (through a pointer to the array)
		if !narrow {
			break
		}
		a := x.Value(f, v.X)
		if a.Arg != nil && a.Arg.Type.Kind == value.Pointer && a.Arg.Elem != nil && a.Arg.Elem.Type.Kind == value.Array {
			a = Value{Arg: a.Arg.Elem}
		}
		if a.Arg != nil && (a.Arg.Type.Kind == value.Slice || a.Arg.Type.Kind == value.Array) {
			if el := x.elemAt(f, a.Arg, v.Index); el != nil {
				return Value{Arg: &Arg{Name: "&" + el.Name, Type: &value.Type{Kind: value.Pointer, Elem: el.Type}, Elem: el}}
			}
		}
	}
	return x.Havoc(v.Type(), "v")
}

// evalCall computes the value of a call that no fork or inlining took
// over: len of a value whose length the explorer knows (with a narrowing
// precision, the length's bounds join the path), else an unknown.
func (x *Explorer) evalCall(f *Frame, call *ssa.Call) Value {
	bi, builtin := call.Call.Value.(*ssa.Builtin)
	if x.Cfg.MaxLen > 0 && !builtin {
		f.Dirty = true // the callee may write through any pointer it reaches
	}
	if builtin && x.Cfg.MaxLen > 0 {
		switch bi.Name() {
		case "copy":
			if v, ok := x.copyInto(f, call); ok {
				return v
			}
		case "append":
			if v, ok := x.appendTo(f, call); ok {
				return v
			}
		}
	}
	if builtin && x.Cfg.MaxLen > 0 && (bi.Name() != "len" && bi.Name() != "cap") {
		f.Dirty = true
	}
	if builtin && bi.Name() == "len" && len(call.Call.Args) == 1 {
		a := x.Value(f, call.Call.Args[0])
		if l := a.Length(); l != nil {
			if x.Cfg.MaxLen > 0 && a.Arg != nil && a.Arg.root().Len != nil {
				f.Cond = append(f.Cond, lenBounds(a.Arg.root().Len, x.Cfg.MaxLen)...)
			}
			return Value{E: l}
		}
	}
	x.Unmodelled("a call")
	return x.Havoc(call.Type(), "v")
}

// binOp evaluates a binary operation. An operation that may panic is
// guarded as Precision.Guards says. It reports whether the path goes on.
func (x *Explorer) binOp(f *Frame, v *ssa.BinOp) bool {
	a, b := x.Value(f, v.X), x.Value(f, v.Y)
	if a.E == nil || b.E == nil || !c.Valid(v.Op, a.E, b.E) {
		if v.Op == token.ADD && a.Str != nil && b.Str != nil {
			// Two constant strings make one.
			cat := *a.Str + *b.Str
			f.Vals[v] = Value{Str: &cat}
			return true
		}
		if x.Cfg.MaxLen > 0 && (v.Op == token.EQL || v.Op == token.NEQ) && isString(v.X.Type()) {
			if e, ok := x.stringEq(a, b); ok {
				if v.Op == token.NEQ {
					e = c.Not(e)
				}
				f.Vals[v] = Value{E: e}
				return true
			}
		}
		f.Vals[v] = x.Havoc(v.Type(), "op")
		return true
	}
	if x.Cfg.Guards != NoGuard {
		var ok c.Expr // the operation does not panic
		code := PanicDivide
		switch {
		case (v.Op == token.QUO || v.Op == token.REM) && b.E.Type().Kind == c.KInt:
			ok = Fold(c.Bin(token.NEQ, b.E, c.Zero(b.E.Type())))
		case (v.Op == token.SHL || v.Op == token.SHR) && b.E.Type().Signed:
			ok, code = Fold(c.Bin(token.GEQ, b.E, c.Zero(b.E.Type()))), PanicShift
		}
		if k, isK := ok.(*c.Const); ok != nil && !isK {
			if x.Cfg.Guards == ForkGuard {
				g := x.Fork(f)
				g.Cond = append(g.Cond, c.Not(ok))
				if !x.pol.Refuted(x, g.Cond) {
					x.End(g, code, nil)
				}
			}
			f.Cond = append(f.Cond, ok)
			if x.pol.Refuted(x, f.Cond) {
				return false
			}
		} else if isK && !k.V.Bool() {
			if x.Cfg.Guards == ForkGuard {
				x.End(f, code, nil)
			}
			return false
		}
	}
	f.Vals[v] = Value{E: Fold(c.Bin(v.Op, a.E, b.E))}
	return true
}

// effect runs an instruction that is not a value (a store, a map
// update, a send, go, defer): memory the narrowing explorer knows is
// written, anything else makes loads unknown.
func (x *Explorer) effect(f *Frame, ins ssa.Instruction) {
	x.Unmodelled(fmt.Sprintf("%T", ins))
	if x.Cfg.MaxLen == 0 {
		return
	}
	switch ins := ins.(type) {
	case *ssa.Store:
		x.store(f, ins)
	case *ssa.MapUpdate, *ssa.Go, *ssa.Defer:
		f.Dirty = true
	}
}

// index reads element i of a string, slice or array argument: a constant
// index reads its element symbol, and the path goes on only if the index
// is in range (Go panics otherwise).
func (x *Explorer) index(f *Frame, agg, idx ssa.Value, t types.Type) Value {
	a := x.Value(f, agg)
	if a.Arg == nil {
		return x.Havoc(t, "index")
	}
	el := x.elemAt(f, a.Arg, idx)
	if el == nil {
		return x.Havoc(t, "index")
	}
	return x.load(f, el)
}

// elemAt returns the element of a at a constant index, adding the
// bounds check to the path; nil for symbolic indexes.
func (x *Explorer) elemAt(f *Frame, a *Arg, idx ssa.Value) *Arg {
	i, ok := x.constIndex(f, idx)
	if !ok || i < 0 || i >= int64(x.Cfg.MaxLen) {
		return nil
	}
	switch a.Type.Kind {
	case value.String, value.Slice:
		f.Cond = append(f.Cond, a.bounds(i, x.Cfg.MaxLen)...)
	case value.Array:
		if int(i) >= a.Type.Len {
			return nil
		}
	default:
		return nil
	}
	return a.elemOf(int(i))
}

// constIndex returns the value of an index when it is a constant on this
// path (a literal, or a loop counter the unrolling made concrete).
func (x *Explorer) constIndex(f *Frame, idx ssa.Value) (int64, bool) {
	v := x.Value(f, idx)
	if v.E == nil {
		return 0, false
	}
	k, ok := Fold(v.E).(*c.Const)
	if !ok || k.T.Kind != c.KInt {
		return 0, false
	}
	if !k.T.Signed && k.V.Uint() > math.MaxInt64 {
		return 0, false
	}
	return k.V.Int(), true
}

// forkIndex handles an element read or address at a symbolic index
// (a[i] with i an input expression): the path splits into one path per
// index value k the aggregate can have, each with i == k (and, for
// slices and strings, len > k) added to its condition and i replaced by
// k from there on, the concretisation a solver by domain reduction then
// solves. Indexes out of range end the path in Go's panic. It reports
// whether it took over the rest of the block.
func (x *Explorer) forkIndex(f *Frame, b *ssa.BasicBlock, i int) bool {
	var agg, idx ssa.Value
	switch ins := b.Instrs[i].(type) {
	case *ssa.Index:
		agg, idx = ins.X, ins.Index
	case *ssa.IndexAddr:
		agg, idx = ins.X, ins.Index
	default:
		return false
	}
	a := x.Value(f, agg)
	if a.Arg != nil && a.Arg.Type.Kind == value.Pointer && a.Arg.Elem != nil && a.Arg.Elem.Type.Kind == value.Array {
		a = Value{Arg: a.Arg.Elem}
	}
	if a.Arg == nil {
		return false
	}
	iv := x.Value(f, idx)
	if iv.E == nil || iv.E.Type().Kind != c.KInt {
		return false
	}
	ie := Fold(iv.E)
	if _, isConst := ie.(*c.Const); isConst {
		return false
	}
	n := x.Cfg.MaxLen
	switch a.Arg.Type.Kind {
	case value.Array:
		n = min(n, a.Arg.Type.Len)
	case value.String, value.Slice:
	default:
		return false
	}
	it := ie.Type()
	forked := false
	var ks []int
	if ch, ok := x.pol.(IndexChooser); ok {
		ks = ch.ChooseIndexes(x, f, ie, n)
	}
	if ks == nil {
		ks = make([]int, n)
		for k := range ks {
			ks[k] = k
		}
	}
	for _, k := range ks {
		if x.over() {
			break
		}
		if k < 0 || k >= n || !it.Signed && it.Bits < 64 && uint64(k) > it.Max() || it.Signed && int64(k) > int64(it.Max()) {
			continue
		}
		eq := c.Bin(token.EQL, ie, c.I(it, int64(k)))
		check := append(f.Cond[:len(f.Cond):len(f.Cond)], eq)
		if a.Arg.length() != nil {
			// The bounds check elemAt adds when the read runs again.
			check = append(check, a.Arg.bounds(int64(k), x.Cfg.MaxLen)...)
		}
		if x.pol.Refuted(x, check) {
			continue
		}
		g := x.Fork(f)
		g.Cond = append(g.Cond, eq)
		forked = true
		g.Vals[idx] = Value{E: c.I(it, int64(k))}
		x.Run(g, b, i)
		if x.stopped {
			break
		}
	}
	if !forked && !x.stopped {
		// Every index in range is refuted: the read panics (or the path
		// was infeasible already).
		x.Paths++
	}
	return true
}

// stringEq is s == "lit" for a string argument: its length and each
// byte.
func (x *Explorer) stringEq(a, b Value) (c.Expr, bool) { return stringEq(a, b, x.Cfg.MaxLen) }

// stringEq is stringEq of an explorer whose lengths are at most maxLen.
func stringEq(a, b Value, maxLen int) (c.Expr, bool) {
	if a.Str != nil && b.Str != nil {
		return c.B(*a.Str == *b.Str), true
	}
	if a.Str != nil {
		a, b = b, a
	}
	if a.Arg == nil || b.Str == nil || a.Arg.Type.Kind != value.String || len(*b.Str) > maxLen {
		return nil, false
	}
	lit := *b.Str
	eq := c.Bin(token.EQL, a.Arg.length(), c.I(c.Int, int64(len(lit))))
	for i := 0; i < len(lit); i++ {
		el := a.Arg.elemOf(i)
		eq = c.Bin(token.LAND, eq, c.Bin(token.EQL, c.V(el.Sym), c.I(c.Uint8, int64(lit[i]))))
	}
	return c.Fold(eq), true
}

// slice models s[lo:hi] of a string or slice (an input's, a view of
// one, or one the code made) or of an array through a pointer, at a
// constant lo: a view sharing the base's elements. The path requires
// lo <= hi <= len(s) (Go panics otherwise; a slice's capacity is taken
// as its length, as generated inputs have it).
func (x *Explorer) slice(f *Frame, v *ssa.Slice) (Value, bool) {
	a := x.Value(f, v.X)
	if a.Arg != nil && a.Arg.Type.Kind == value.Pointer && a.Arg.Type.Elem != nil && a.Arg.Type.Elem.Kind == value.Array {
		arr := a.Arg.pointee()
		a = Value{Arg: arr}
	}
	if a.Arg == nil {
		return Value{}, false
	}
	typ := a.Arg.Type
	switch typ.Kind {
	case value.String, value.Slice:
	case value.Array:
		typ = &value.Type{Kind: value.Slice, Elem: typ.Elem, Name: "[]" + typ.Elem.Name}
	default:
		return Value{}, false
	}
	n := a.Length()
	if n == nil {
		return Value{}, false
	}
	root, off := a.Arg, int64(0)
	if root.Base != nil {
		root, off = root.Base, root.Off
	}
	lo := int64(0)
	if v.Low != nil {
		k, ok := x.constIndex(f, v.Low)
		if !ok || k < 0 || k > int64(x.Cfg.MaxLen) {
			return Value{}, false
		}
		lo = k
	}
	hi := n
	if v.High != nil {
		h := x.Value(f, v.High)
		if h.E == nil || h.E.Type().Kind != c.KInt {
			return Value{}, false
		}
		hi = h.E
		if hi.Type() != c.Int {
			hi = Fold(c.Conv(c.Int, hi))
		}
	}
	low := c.I(c.Int, lo)
	if root.Len != nil {
		f.Cond = append(f.Cond, lenBounds(root.Len, x.Cfg.MaxLen)...)
	}
	f.Cond = append(f.Cond, c.Fold(c.Bin(token.LEQ, low, hi)), c.Fold(c.Bin(token.LEQ, hi, n)))
	size := hi
	if lo != 0 {
		size = Fold(c.Bin(token.SUB, hi, low))
	}
	return Value{Arg: &Arg{Name: fmt.Sprintf("%s[%d:]", root.Name, off+lo), Type: typ, Base: root, Off: off + lo, LenE: size}}, true
}

// makeSlice models make([]T, n): a slice of the code's own whose length
// is n's expression (0 <= n <= MaxLen on the path) and whose elements
// read as zero until stored into.
func (x *Explorer) makeSlice(f *Frame, v *ssa.MakeSlice) (Value, bool) {
	l := x.Value(f, v.Len)
	if l.E == nil || l.E.Type().Kind != c.KInt {
		return Value{}, false
	}
	t, err := value.FromTypes(v.Type(), nil, nil, true)
	if err != nil || t.Kind != value.Slice {
		return Value{}, false
	}
	n := l.E
	if n.Type() != c.Int {
		n = Fold(c.Conv(c.Int, n))
	}
	f.Cond = appendFacts(f.Cond, c.Bin(token.GEQ, n, c.I(c.Int, 0)), c.Bin(token.LEQ, n, c.I(c.Int, int64(x.Cfg.MaxLen))))
	return Value{Arg: madeSlice("make("+v.Name()+")", t, n)}, true
}

// madeSlice is a slice the code made, of type t and length n.
func madeSlice(name string, t *value.Type, n c.Expr) *Arg {
	return &Arg{Name: name, Type: t, LenE: n, Local: true}
}

// appendFacts appends the facts that do not fold to true.
func appendFacts(cl c.Clause, facts ...c.Expr) c.Clause {
	for _, e := range facts {
		e = c.Fold(e)
		if k, ok := e.(*c.Const); ok && k.V.Bool() {
			continue
		}
		cl = append(cl, e)
	}
	return cl
}

// copyInto models copy(dst, src) into a slice the code made (not a
// view): dst's elements read src's from then on (those beyond the
// shorter length too: a narrowing policy's approximation, which the run
// of the input checks), and later stores into either are not seen by
// the other only as far as the explorer's places go.
func (x *Explorer) copyInto(f *Frame, call *ssa.Call) (Value, bool) {
	args := call.Call.Args
	if len(args) != 2 {
		return Value{}, false
	}
	dst, src := x.Value(f, args[0]), x.Value(f, args[1])
	if dst.Arg == nil || !dst.Arg.Local || dst.Arg.Base != nil || dst.Arg.Len != nil || dst.Arg.Type.Kind != value.Slice {
		return Value{}, false
	}
	if src.Arg == nil || (src.Arg.Type.Kind != value.Slice && src.Arg.Type.Kind != value.String) || src.Arg.length() == nil {
		return Value{}, false
	}
	f.Mem.Set(dst.Arg, Value{Arg: src.Arg})
	keys := make([]int, 0, len(dst.Arg.Elems))
	for k := range dst.Arg.Elems {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, k := range keys {
		f.Mem.Set(dst.Arg.Elems[k], x.load(f, src.Arg.elemOf(k)))
	}
	ld, ls := Fold(dst.Length()), Fold(src.Length())
	if c.String(ld) == c.String(ls) {
		return Value{E: ld}, true
	}
	if kd, ok := ld.(*c.Const); ok {
		if ks, ok := ls.(*c.Const); ok {
			return Value{E: c.I(c.Int, min(kd.V.Int(), ks.V.Int()))}, true
		}
	}
	return Value{E: x.Fresh(c.Int, "copy")}, true
}

// appendTo models append(s, t...) (t the variadic elements' slice, or a
// string appended to bytes) when both lengths are constants on the
// path: a new slice of the code's own holding s's elements, then t's.
func (x *Explorer) appendTo(f *Frame, call *ssa.Call) (Value, bool) {
	args := call.Call.Args
	if len(args) != 2 {
		return Value{}, false
	}
	s, t := x.Value(f, args[0]), x.Value(f, args[1])
	ks, ok1 := constLen(s)
	kt, ok2 := constLen(t)
	if !ok1 || !ok2 || ks+kt > int64(x.Cfg.MaxLen) || (ks > 0 && s.Arg == nil) || (kt > 0 && t.Arg == nil && t.Str == nil) {
		return Value{}, false
	}
	typ, err := value.FromTypes(call.Type(), nil, nil, true)
	if err != nil || typ.Kind != value.Slice {
		return Value{}, false
	}
	r := madeSlice(fmt.Sprintf("append(%s)", call.Name()), typ, c.I(c.Int, ks+kt))
	for j := int64(0); j < ks; j++ {
		f.Mem.Set(r.elem(int(j)), x.load(f, s.Arg.elemOf(int(j))))
	}
	for j := int64(0); j < kt; j++ {
		var v Value
		if t.Str != nil {
			v = Value{E: c.I(c.Uint8, int64((*t.Str)[j]))}
		} else {
			v = x.load(f, t.Arg.elemOf(int(j)))
		}
		f.Mem.Set(r.elem(int(ks+j)), v)
	}
	return Value{Arg: r}, true
}

// constLen is the length of a string or slice value when it is a
// constant on the path.
func constLen(v Value) (int64, bool) {
	l := v.Length()
	if l == nil {
		return 0, false
	}
	k, ok := Fold(l).(*c.Const)
	if !ok || k.T.Kind != c.KInt {
		return 0, false
	}
	return k.V.Int(), true
}

// store writes through a pointer the explorer knows (an element or field
// of an input or of a local); any other store makes loads unknown.
func (x *Explorer) store(f *Frame, s *ssa.Store) {
	p := x.Value(f, s.Addr)
	if p.Arg == nil || p.Arg.Type.Kind != value.Pointer || p.Arg.Elem == nil {
		f.Dirty = true
		return
	}
	v := x.Value(f, s.Val)
	if v.E == nil && v.Arg == nil && v.Str == nil {
		v = x.Havoc(s.Val.Type(), "store")
	}
	f.Mem.Set(p.Arg.Elem, v)
}

// load reads a place: what the path stored there, else the input's
// symbol (or the zero value for a local).
func (x *Explorer) load(f *Frame, a *Arg) Value { return load(f.Mem.Get, a) }

// load reads a place as the path left it at the event.
func (ev *Event) load(a *Arg) Value { return load(ev.Mem.Get, a) }

// load reads a place from memory (mem): what was stored there; for a
// part of a local that nothing was stored into, the same part of the
// aggregate last stored into an enclosing place (a local copy of an
// array or struct input: var t = m), else zero; for a part of an input,
// its own value.
func load(mem func(*Arg) (Value, bool), a *Arg) Value {
	if v, ok := mem(a); ok {
		return v
	}
	if a.Local {
		if v, ok := copied(mem, a); ok {
			return v
		}
		if a.Sym != nil {
			return Value{E: c.Zero(a.Sym.Type)}
		}
	}
	return a.value()
}

// copied reads part a of a local from the aggregate stored into the
// place it is part of, if one was.
func copied(mem func(*Arg) (Value, bool), a *Arg) (Value, bool) {
	if a.up == nil {
		return Value{}, false
	}
	whole, ok := mem(a.up)
	if !ok {
		whole, ok = copied(mem, a.up)
	}
	if !ok || whole.Arg == nil {
		return Value{}, false
	}
	// A local source (a composite literal's, a made slice copied from)
	// is read as it is now, not as it was at the copy: an approximation
	// of the narrowing policies, whose inputs are run.
	src := whole.Arg
	var part *Arg
	switch {
	case a.field && src.Type.Kind == value.Struct && a.at < len(src.Fields):
		part = src.Fields[a.at]
	case !a.field && (src.Type.Kind == value.Array || src.Type.Kind == value.Slice || src.Type.Kind == value.String):
		part = src.elemOf(a.at)
	}
	if part == nil {
		return Value{}, false
	}
	return load(mem, part), true
}

func localName(v *ssa.Alloc) string {
	if v.Comment != "" {
		return v.Comment
	}
	return v.Name()
}

// constElem reads an element of a constant string: at a constant index,
// its byte; at another, an unknown among its bytes (a fact the path
// holds from here on).
func (x *Explorer) constElem(f *Frame, str string, idx ssa.Value, t types.Type) Value {
	bt, ok := IRType(t)
	if !ok || bt.Kind != c.KInt {
		return x.Havoc(t, "index")
	}
	if i, ok := x.constIndex(f, idx); ok && i >= 0 && i < int64(len(str)) {
		return Value{E: c.I(bt, int64(str[i]))}
	}
	v := x.Havoc(t, "index")
	if len(str) == 0 {
		return v
	}
	var seen [256]bool
	var set []byte
	for i := 0; i < len(str); i++ {
		if !seen[str[i]] {
			seen[str[i]] = true
			set = append(set, str[i])
		}
	}
	if len(set) <= maxConstElems {
		var any c.Expr
		for _, b := range set {
			eq := c.Bin(token.EQL, v.E, c.I(bt, int64(b)))
			if any == nil {
				any = eq
			} else {
				any = c.Bin(token.LOR, any, eq)
			}
		}
		f.Cond = append(f.Cond, any)
		return v
	}
	lo, hi := 255, 0
	for _, b := range set {
		lo, hi = min(lo, int(b)), max(hi, int(b))
	}
	f.Cond = append(f.Cond, c.Bin(token.GEQ, v.E, c.I(bt, int64(lo))), c.Bin(token.LEQ, v.E, c.I(bt, int64(hi))))
	if !seen[0] && lo == 0 {
		f.Cond = append(f.Cond, c.Bin(token.NEQ, v.E, c.I(bt, 0)))
	}
	return v
}

// maxConstElems bounds the bytes of a constant string that constElem
// lists one by one (beyond, it gives their range).
const maxConstElems = 16

// indexGuard adds to f's path what an element access that went on
// tells: its index is within the aggregate's length (Go panics
// otherwise). Under AssumeGuard only: the proofs' explorations.
func (x *Explorer) indexGuard(f *Frame, ins ssa.Instruction) {
	agg, idx, ok := Access(ins)
	if !ok {
		return
	}
	iv := x.Value(f, idx)
	if iv.E == nil || iv.E.Type().Kind != c.KInt {
		return
	}
	n := StaticLen(agg)
	if n == nil {
		n = x.Value(f, agg).Length()
	}
	if n == nil {
		return
	}
	gn, _ := x.pol.(GuardNoter)
	for _, e := range InRange(iv.E, n) {
		if k, ok := e.(*c.Const); !ok || !k.V.Bool() {
			f.Cond = append(f.Cond, e)
			if gn != nil {
				gn.Assumed(e)
			}
		}
	}
}

// Access returns the aggregate and the index of an element access (an
// Index or IndexAddr instruction).
func Access(ins ssa.Instruction) (agg, idx ssa.Value, ok bool) {
	switch ins := ins.(type) {
	case *ssa.IndexAddr:
		return ins.X, ins.Index, true
	case *ssa.Index:
		return ins.X, ins.Index, true
	}
	return nil, nil, false
}

// StaticLen is the length of an aggregate that its type or its constant
// value fixes (an array, a pointer to one, a constant string), else nil.
func StaticLen(agg ssa.Value) c.Expr {
	switch t := agg.Type().Underlying().(type) {
	case *types.Array:
		return c.I(c.Int, t.Len())
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			return c.I(c.Int, a.Len())
		}
	case *types.Basic:
		if k, ok := agg.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
			return c.I(c.Int, int64(len(constant.StringVal(k.Value))))
		}
	}
	return nil
}

// InRange is what an access at index i of an aggregate of length n
// that went on says: 0 <= i < n, with i of any integer type as an int (a
// uint64 of 2^63 or more becomes negative, and is out of range either
// way), folded.
func InRange(i, n c.Expr) []c.Expr {
	i = Fold(c.Conv(c.Int, i))
	return []c.Expr{Fold(c.Bin(token.GEQ, i, c.I(c.Int, 0))), Fold(c.Bin(token.LSS, i, n))}
}

// GuardNoter is a policy told what the path assumes of an access that
// went on (indexGuard).
type GuardNoter interface {
	Assumed(cond c.Expr)
}
