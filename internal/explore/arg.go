package explore

// This file is the input model, shared by every policy: a unit's
// arguments as symbols, and back. A scalar is one symbol, a string or
// slice a length symbol and one symbol per element the code reads at a
// constant index, a struct its fields, an array its elements, a pointer
// its pointee. Symbols are made lazily, when the code reads them, so a
// solution fixes only what matters and the rest keeps its simplest value.
// A policy that does not narrow never reads elements or pointees: its
// arguments are their scalars, lengths and fields.

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/value"
)

// Arg is one argument's symbols, or a part of one, or a place of a local
// variable.
type Arg struct {
	Name   string       // Go syntax of the place: "s", "s[2]", "p.x"
	Type   *value.Type  // the argument's type (its shape, for Shape's)
	Sym    *c.Sym       // scalars
	Len    *c.Sym       // strings and slices
	Elems  map[int]*Arg // strings, slices, arrays: elements read at constant indexes
	Fields []*Arg       // structs (made with the struct)
	Elem   *Arg         // pointers: the pointee (assumed non-nil once read)
	// Local marks the parts of a local variable (an ssa.Alloc), not of
	// an input: what the code did not store there reads as zero.
	Local bool
	// A view is a slice or substring of an input string or slice,
	// Base[Off:Off+LenE]: its elements are the base's, shifted (so a
	// store through the view is a store into the input).
	Base *Arg
	Off  int64  // where the view starts in Base
	LenE c.Expr // the view's length, or that of a slice the code made (Local, no Len)
	// up and at place a part of a local: element at (or field at, with
	// field set) of up. A local a whole aggregate was stored into reads
	// its parts from that aggregate (Event.load).
	up    *Arg
	at    int
	field bool
}

// NewArg returns the symbols of an argument of type t named name.
func NewArg(name string, t *value.Type) *Arg {
	a := &Arg{Name: name, Type: t}
	switch t.Kind {
	case value.String, value.Slice:
		a.Len = &c.Sym{Name: lenPrefix + name + ")", Type: c.Int}
	case value.Struct:
		for _, f := range t.Fields {
			a.Fields = append(a.Fields, NewArg(name+"."+f.Name, f.Type))
		}
	default:
		if st, ok := ScalarType(t); ok {
			a.Sym = &c.Sym{Name: name, Type: st}
		}
	}
	return a
}

// lenPrefix starts the name of every length symbol.
const lenPrefix = "len("

// IsLength reports whether s is the length of a string or slice input
// (never negative; a policy may give it the bounds of generated lengths
// before the path states them).
func IsLength(s *c.Sym) bool { return s.Type == c.Int && strings.HasPrefix(s.Name, lenPrefix) }

// Shape describes any Go type as far as the input model goes: the
// scalars, strings, slices, arrays, structs and pointers of value.Type,
// and a Type of Kind 0 (no symbols) for the rest. It serves functions
// whose inputs the generator cannot construct (interfaces, funcs,
// channels), which a prover still explores.
func Shape(t types.Type) *value.Type { return shape(t, map[types.Type]*value.Type{}) }

func shape(t types.Type, memo map[types.Type]*value.Type) *value.Type {
	if s := memo[t]; s != nil {
		return s
	}
	out := &value.Type{Name: types.TypeString(t, nil)}
	memo[t] = out
	switch u := t.Underlying().(type) {
	case *types.Basic:
		ct, ok := IRType(u)
		switch {
		case ok && ct.Kind == c.KBool:
			out.Kind = value.Bool
		case ok && ct.Kind == c.KInt && ct.Signed:
			out.Kind, out.Bits = value.Int, ct.Bits
		case ok && ct.Kind == c.KInt:
			out.Kind, out.Bits = value.Uint, ct.Bits
		case ok && ct.Kind == c.KFloat:
			out.Kind, out.Bits = value.Float, ct.Bits
		case u.Info()&types.IsString != 0:
			out.Kind = value.String
		}
	case *types.Slice:
		out.Kind, out.Elem = value.Slice, shape(u.Elem(), memo)
	case *types.Array:
		out.Kind, out.Len, out.Elem = value.Array, int(u.Len()), shape(u.Elem(), memo)
	case *types.Pointer:
		out.Kind, out.Elem = value.Pointer, shape(u.Elem(), memo)
	case *types.Struct:
		out.Kind = value.Struct
		for i := 0; i < u.NumFields(); i++ {
			out.Fields = append(out.Fields, value.Field{Name: u.Field(i).Name(), Type: shape(u.Field(i).Type(), memo)})
		}
	}
	return out
}

// length is the length of a string or slice argument or view, nil for
// other kinds.
func (a *Arg) length() c.Expr {
	if a.Base != nil || (a.Len == nil && a.LenE != nil) {
		return a.LenE // a view, or a slice the code made
	}
	if a.Len != nil {
		return c.V(a.Len)
	}
	return nil
}

// root is the argument a view is a view of (a itself otherwise).
func (a *Arg) root() *Arg {
	if a.Base != nil {
		return a.Base
	}
	return a
}

// elemOf returns element i of a string, slice or array, or of a view.
func (a *Arg) elemOf(i int) *Arg {
	if a.Base != nil {
		return a.Base.elem(int(a.Off) + i)
	}
	return a.elem(i)
}

// bounds is what reading element i requires of the lengths, lengths
// being at most maxLen.
func (a *Arg) bounds(i int64, maxLen int) c.Clause {
	switch {
	case a.Base != nil:
		return append(a.Base.bounds(a.Off+i, maxLen), c.Bin(token.GTR, a.LenE, c.I(c.Int, i)))
	case a.Len != nil:
		return append(lenBounds(a.Len, maxLen), c.Bin(token.GTR, c.V(a.Len), c.I(c.Int, i)))
	case a.LenE != nil: // a slice the code made
		return c.Clause{c.Bin(token.GTR, a.LenE, c.I(c.Int, i))}
	}
	return nil // an array: its length is its type's
}

// lenBounds are the facts every length obeys, and the bound maxLen on
// generated lengths.
func lenBounds(l *c.Sym, maxLen int) c.Clause {
	return c.Clause{c.Bin(token.GEQ, c.V(l), c.I(c.Int, 0)), c.Bin(token.LEQ, c.V(l), c.I(c.Int, int64(maxLen)))}
}

// elemType is the type of the elements of a string, slice or array.
func (a *Arg) elemType() *value.Type {
	if a.Type.Kind == value.String {
		return &value.Type{Kind: value.Uint, Bits: 8, Name: "byte", Byte: true}
	}
	return a.Type.Elem
}

// elem returns the argument of element i, making it on first use.
func (a *Arg) elem(i int) *Arg {
	if a.Elems == nil {
		a.Elems = map[int]*Arg{}
	}
	e := a.Elems[i]
	if e == nil {
		e = NewArg(a.Name+"["+strconv.Itoa(i)+"]", a.elemType())
		if a.Local {
			e.up, e.at = a, i
			e.markLocal()
		}
		a.Elems[i] = e
	}
	return e
}

// pointee returns the argument a pointer points to.
func (a *Arg) pointee() *Arg {
	if a.Elem == nil {
		a.Elem = NewArg("(*"+a.Name+")", a.Type.Elem)
		if a.Local {
			a.Elem.markLocal()
		}
	}
	return a.Elem
}

// markLocal marks a and its parts as a local variable's.
func (a *Arg) markLocal() {
	a.Local = true
	for i, f := range a.Fields {
		f.up, f.at, f.field = a, i, true
		f.markLocal()
	}
}

// value is the argument's value as the explorer binds it: its symbol for
// a scalar, else the argument itself.
// Initial is the argument's value at the function's entry (its
// symbols): for a caller that starts an exploration past the entry.
func (a *Arg) Initial() Value { return a.value() }

func (a *Arg) value() Value {
	if a.Sym != nil {
		return Value{E: c.V(a.Sym)}
	}
	return Value{Arg: a}
}

// Syms returns every symbol made so far, depth first.
func (a *Arg) Syms() []*c.Sym {
	var out []*c.Sym
	if a.Sym != nil {
		out = append(out, a.Sym)
	}
	if a.Len != nil {
		out = append(out, a.Len)
	}
	keys := make([]int, 0, len(a.Elems))
	for k := range a.Elems {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	for _, i := range keys {
		out = append(out, a.Elems[i].Syms()...)
	}
	for _, f := range a.Fields {
		out = append(out, f.Syms()...)
	}
	if a.Elem != nil {
		out = append(out, a.Elem.Syms()...)
	}
	return out
}

// MaxMemLen bounds the length of a string or slice whose elements take
// memory: no Go platform addresses 2^60 bytes (the runtime's largest
// allocation is 2^48 on amd64 and arm64). It is what lets a proof see
// that a counter below a length does not overflow when it steps on.
const MaxMemLen = 1 << 60

// Facts appends what the argument satisfies whatever the path: its
// lengths (and those of its fields) are not negative, and below
// MaxMemLen unless its elements take no memory.
func (a *Arg) Facts(out c.Clause) c.Clause {
	if a.Len != nil {
		out = append(out, c.Bin(token.GEQ, c.V(a.Len), c.I(c.Int, 0)))
		if a.Type.Kind == value.String || a.Type.Elem != nil && !zeroSize(a.Type.Elem) {
			out = append(out, c.Bin(token.LSS, c.V(a.Len), c.I(c.Int, MaxMemLen)))
		}
	}
	for _, f := range a.Fields {
		out = f.Facts(out)
	}
	return out
}

// MaxValueLen bounds the lengths Value accepts from a model.
const MaxValueLen = 1 << 16

// Value builds the argument's value under an assignment (Input with its
// own type and lengths up to MaxValueLen).
func (a *Arg) Value(asg c.Assignment) (value.Value, error) {
	return a.Input(a.Type, asg, MaxValueLen)
}

// Input is the model-to-input converter: it builds the value of type t
// (the argument's type as the unit's inputs describe it, which may say
// more than the argument's shape) under an assignment. Symbols the
// assignment leaves out take their zero value, and so do the parts the
// argument has no symbols for; a length beyond maxLen is an error.
func (a *Arg) Input(t *value.Type, asg c.Assignment, maxLen int) (value.Value, error) {
	switch {
	case a.Sym != nil:
		v := asg[a.Sym]
		switch t.Kind {
		case value.Bool:
			return value.BoolValue(v.Bool()), nil
		case value.Int:
			return value.Value{I: v.Int()}, nil
		case value.Uint:
			return value.Value{U: v.Uint()}, nil
		case value.Float:
			return value.FloatValue(v.Float()), nil
		}
		return value.Value{}, fmt.Errorf("%s: a scalar of type %s", a.Name, t.Name)
	case a.Len != nil && (t.Kind == value.String || t.Kind == value.Slice):
		n := 0
		if v, ok := asg[a.Len]; ok {
			n = int(v.Int())
		}
		// Elements read beyond the length: the length must cover them
		// for the reads to happen, so a solution that set them meant it.
		if n < 0 || n > maxLen {
			return value.Value{}, fmt.Errorf("length of %s: %d", a.Name, n)
		}
		et := t.Elem
		if t.Kind == value.String {
			et = a.elemType()
		}
		elems := make([]value.Value, n)
		for i := range elems {
			if e := a.Elems[i]; e != nil {
				v, err := e.Input(et, asg, maxLen)
				if err != nil {
					return value.Value{}, err
				}
				elems[i] = v
			} else {
				elems[i] = value.Zero(et)
			}
		}
		if t.Kind == value.String {
			b := make([]byte, n)
			for i, e := range elems {
				b[i] = byte(e.U)
			}
			return value.Value{S: value.Str(b)}, nil
		}
		return value.Value{E: elems}, nil
	case t.Kind == value.Array:
		v := value.Value{E: make([]value.Value, t.Len)}
		for i := range v.E {
			v.E[i] = value.Zero(t.Elem)
			if e := a.Elems[i]; e != nil {
				ev, err := e.Input(t.Elem, asg, maxLen)
				if err != nil {
					return value.Value{}, err
				}
				v.E[i] = ev
			}
		}
		return v, nil
	case t.Kind == value.Struct && len(a.Fields) > 0 && len(t.Fields) == len(a.Fields):
		v := value.Value{E: make([]value.Value, len(a.Fields))}
		for i, f := range a.Fields {
			fv, err := f.Input(t.Fields[i].Type, asg, maxLen)
			if err != nil {
				return value.Value{}, err
			}
			v.E[i] = fv
		}
		return v, nil
	case t.Kind == value.Pointer:
		if a.Elem == nil {
			return value.Value{Nil: true}, nil
		}
		ev, err := a.Elem.Input(t.Elem, asg, maxLen)
		if err != nil {
			return value.Value{}, err
		}
		return value.Value{E: []value.Value{ev}}, nil
	}
	return value.Zero(t), nil
}

// Inputs converts a model to the unit's inputs: one value per argument,
// of the types ts (receiver first), lengths at most maxLen.
func Inputs(args []*Arg, ts []*value.Type, asg c.Assignment, maxLen int) ([]value.Value, error) {
	if len(ts) != len(args) {
		return nil, fmt.Errorf("%d arguments, %d input types", len(args), len(ts))
	}
	out := make([]value.Value, len(args))
	for i, a := range args {
		v, err := a.Input(ts[i], asg, maxLen)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// zeroSize reports whether values of t take no memory (struct{},
// [0]T, and aggregates of those); a type the input model does not
// shape (an interface, a func, a map, a channel) takes some.
func zeroSize(t *value.Type) bool {
	switch t.Kind {
	case value.Struct:
		for _, f := range t.Fields {
			if !zeroSize(f.Type) {
				return false
			}
		}
		return true
	case value.Array:
		return t.Len == 0 || zeroSize(t.Elem)
	}
	return false
}
