package symbolic

// This file maps a unit's arguments to symbols and back: a scalar is one
// symbol, a string or slice is a length symbol and one symbol per element
// the code reads at a constant index, a struct or array its fields or
// elements, a pointer its pointee. Symbols are made lazily, when the code
// reads them, so a solution fixes only what matters and the rest keeps
// its simplest value.

import (
	"fmt"
	"go/token"
	"strconv"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/value"
)

// MaxLen bounds the lengths solutions give strings and slices, so that
// generated tests stay small (an assumption added to every system).
const MaxLen = 16

// Arg is one argument's symbols.
type Arg struct {
	Name   string // Go syntax of the place: "s", "s[2]", "p.x"
	Type   *value.Type
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
	Off  int64
	LenE c.Expr
}

// length is the length of a string or slice argument or view, nil for
// other kinds.
func (a *Arg) length() c.Expr {
	if a.Base != nil {
		return a.LenE
	}
	if a.Len != nil {
		return c.V(a.Len)
	}
	return nil
}

// elemOf returns element i of a string, slice or array, or of a view.
func (a *Arg) elemOf(i int) *Arg {
	if a.Base != nil {
		return a.Base.elem(int(a.Off) + i)
	}
	return a.elem(i)
}

// bounds is what reading element i requires of the lengths.
func (a *Arg) bounds(i int64) c.Clause {
	if a.Base != nil {
		return append(a.Base.bounds(a.Off+i), c.Bin(token.GTR, a.LenE, c.I(c.Int, i)))
	}
	return append(lenBounds(a.Len), c.Bin(token.GTR, c.V(a.Len), c.I(c.Int, i)))
}

// ScalarType maps a value type to the IR's; ok is false for non-scalars.
func ScalarType(t *value.Type) (c.Type, bool) {
	switch t.Kind {
	case value.Bool:
		return c.Bool, true
	case value.Int:
		return c.Type{Kind: c.KInt, Bits: t.Bits, Signed: true}, true
	case value.Uint:
		return c.Type{Kind: c.KInt, Bits: t.Bits}, true
	case value.Float:
		return c.Type{Kind: c.KFloat, Bits: t.Bits, Signed: true}, true
	}
	return c.Type{}, false
}

func newArg(name string, t *value.Type) *Arg {
	a := &Arg{Name: name, Type: t}
	switch t.Kind {
	case value.String, value.Slice:
		a.Len = &c.Sym{Name: "len(" + name + ")", Type: c.Int}
	case value.Struct:
		for _, f := range t.Fields {
			a.Fields = append(a.Fields, newArg(name+"."+f.Name, f.Type))
		}
	default:
		if st, ok := ScalarType(t); ok {
			a.Sym = &c.Sym{Name: name, Type: st}
		}
	}
	return a
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
		e = newArg(a.Name+"["+strconv.Itoa(i)+"]", a.elemType())
		if a.Local {
			e.markLocal()
		}
		a.Elems[i] = e
	}
	return e
}

// pointee returns the argument a pointer points to.
func (a *Arg) pointee() *Arg {
	if a.Elem == nil {
		a.Elem = newArg("(*"+a.Name+")", a.Type.Elem)
		if a.Local {
			a.Elem.markLocal()
		}
	}
	return a.Elem
}

// markLocal marks a and its parts as a local variable's.
func (a *Arg) markLocal() {
	a.Local = true
	for _, f := range a.Fields {
		f.markLocal()
	}
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
	for _, i := range sortedKeys(a.Elems) {
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

func sortedKeys(m map[int]*Arg) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// Value builds the argument's value under an assignment; symbols the
// assignment leaves out take their zero value.
func (a *Arg) Value(asg c.Assignment) (value.Value, error) {
	t := a.Type
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
	case t.Kind == value.String || t.Kind == value.Slice:
		n := 0
		if v, ok := asg[a.Len]; ok {
			n = int(v.Int())
		}
		// Elements read beyond the length: the length must cover them
		// for the reads to happen, so a solution that set them meant it.
		if n < 0 || n > 1<<16 {
			return value.Value{}, fmt.Errorf("length of %s: %d", a.Name, n)
		}
		elems := make([]value.Value, n)
		for i := range elems {
			if e := a.Elems[i]; e != nil {
				v, err := e.Value(asg)
				if err != nil {
					return value.Value{}, err
				}
				elems[i] = v
			} else {
				elems[i] = value.Zero(a.elemType())
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
				ev, err := e.Value(asg)
				if err != nil {
					return value.Value{}, err
				}
				v.E[i] = ev
			}
		}
		return v, nil
	case t.Kind == value.Struct:
		v := value.Value{E: make([]value.Value, len(a.Fields))}
		for i, f := range a.Fields {
			fv, err := f.Value(asg)
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
		ev, err := a.Elem.Value(asg)
		if err != nil {
			return value.Value{}, err
		}
		return value.Value{E: []value.Value{ev}}, nil
	}
	return value.Zero(t), nil
}
