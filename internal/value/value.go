// Package value owns gozilla's typed test values: the input model of a
// unit (its parameters and receiver) and of its observed outcome (results,
// the post-state of arguments, a panic).
//
// A *Type describes a Go type gozilla can construct, compare and print; a
// Value is a tree shaped by its Type. Values carry no type so that they
// travel cheaply as JSON between gozilla and the harness in the test binary,
// which decodes them with reflect against the real Go types.
//
// In: go/types types (FromTypes). Out: random and boundary values (Gen),
// smaller variants of a value (Shrink), Go literals for the emitted tests
// (Literal) and the JSON wire form.
//
// Supported: bool, every integer and float kind, string, arrays, slices,
// structs (unexported fields too), pointers to these, and defined types
// over them. A result may also be of type error. Everything else (maps,
// channels, funcs, interfaces, unsafe pointers, type parameters) is
// unsupported, with a reason.
package value

import (
	"encoding/json"
	"fmt"
	"go/types"
	"math"
)

// Kind is the shape of a Type. Values are stable.
type Kind uint8

const (
	Bool    Kind = iota + 1
	Int          // signed integer; Bits 8, 16, 32 or 64
	Uint         // unsigned integer (uintptr too); Bits 8..64
	Float        // Bits 32 or 64
	String       //
	Array        // Len elements of Elem
	Slice        // elements of Elem
	Struct       // Fields
	Pointer      // to Elem
	Error        // the error interface; results only
)

var kindNames = [...]string{Bool: "bool", Int: "int", Uint: "uint", Float: "float", String: "string",
	Array: "array", Slice: "slice", Struct: "struct", Pointer: "pointer", Error: "error"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Type is a constructible Go type. Types built by FromTypes may be cyclic
// through Pointer and Slice elements (type List struct{ next *List }).
type Type struct {
	Kind   Kind
	Bits   int     // Int, Uint, Float: size in bits
	Name   string  // Go spelling in the unit's package: "int", "[]Point", "*T", "time.Duration"
	Named  bool    // a defined type (or a predeclared alias such as byte)
	Rune   bool    // the predeclared rune: literals as 'x'
	Byte   bool    // the predeclared byte: []byte literals as []byte("…")
	Len    int     // Array
	Elem   *Type   // Array, Slice, Pointer
	Fields []Field // Struct, in declaration order
}

// Field is one struct field.
type Field struct {
	Name string
	Type *Type
}

// Value is one value of a Type. Which fields are used depends on the Kind:
//
//	Bool:            I (0 or 1)
//	Int:             I
//	Uint:            U
//	Float:           U, the IEEE-754 bits (float32 values as float64 bits)
//	String:          S
//	Array, Struct:   E, one element per element or field
//	Slice:           Nil, or E (possibly empty)
//	Pointer:         Nil, or E[0] the pointee
//	Error:           Nil; or X, the name of the first exported sentinel
//	                 error of the package it matches (errors.Is); or else
//	                 S, its message
type Value struct {
	I   int64   `json:"i,omitempty"`
	U   uint64  `json:"u,omitempty"`
	S   Str     `json:"s,omitempty"`
	X   string  `json:"x,omitempty"`
	E   []Value `json:"e,omitempty"`
	Nil bool    `json:"n,omitempty"`
}

// Str is a string that crosses JSON byte for byte: encoding/json would
// replace invalid UTF-8, which test inputs must be able to hold, so it
// travels as base64.
type Str string

func (s Str) MarshalJSON() ([]byte, error) { return json.Marshal([]byte(s)) }

func (s *Str) UnmarshalJSON(b []byte) error {
	var x []byte
	err := json.Unmarshal(b, &x)
	*s = Str(x)
	return err
}

// Float returns the value of a Float as a float64.
func (v Value) Float() float64 { return math.Float64frombits(v.U) }

// FloatValue makes the Value of f.
func FloatValue(f float64) Value { return Value{U: math.Float64bits(f)} }

// BoolValue makes the Value of b.
func BoolValue(b bool) Value {
	if b {
		return Value{I: 1}
	}
	return Value{}
}

// Equal reports whether a and b are the same value: floats by bits except
// that all NaNs are equal (so -0 and +0 differ), nil and empty differ.
func Equal(t *Type, a, b Value) bool {
	switch t.Kind {
	case Float:
		fa, fb := a.Float(), b.Float()
		if fa != fa && fb != fb {
			return true
		}
		return a.U == b.U
	case Error:
		return a.Nil == b.Nil && a.S == b.S && a.X == b.X
	case Slice, Pointer:
		if a.Nil || b.Nil {
			return a.Nil == b.Nil
		}
	}
	if a.I != b.I || a.U != b.U || a.S != b.S || len(a.E) != len(b.E) {
		return false
	}
	for i := range a.E {
		if !Equal(elemType(t, i), a.E[i], b.E[i]) {
			return false
		}
	}
	return true
}

// elemType is the type of the i'th element of a composite value of type t.
func elemType(t *Type, i int) *Type {
	if t.Kind == Struct {
		return t.Fields[i].Type
	}
	return t.Elem
}

// HasFloat reports whether a value of t can hold a float somewhere.
func (t *Type) HasFloat() bool { return t.has(func(t *Type) bool { return t.Kind == Float }, nil) }

// Mutable reports whether a function receiving a value of t can change
// memory its caller sees: t holds a pointer or a slice.
func (t *Type) Mutable() bool {
	return t.has(func(t *Type) bool { return t.Kind == Pointer || t.Kind == Slice }, nil)
}

// Comparable reports whether values of t can be compared with == in the
// emitted tests with the same meaning as Equal (no floats, no pointers,
// slices or errors inside).
func (t *Type) Comparable() bool {
	return !t.has(func(t *Type) bool {
		switch t.Kind {
		case Float, Pointer, Slice, Error:
			return true
		}
		return false
	}, nil)
}

func (t *Type) has(p func(*Type) bool, seen map[*Type]bool) bool {
	if p(t) {
		return true
	}
	if seen[t] {
		return false
	}
	if seen == nil {
		seen = map[*Type]bool{}
	}
	seen[t] = true
	switch t.Kind {
	case Array, Slice, Pointer:
		return t.Elem.has(p, seen)
	case Struct:
		for _, f := range t.Fields {
			if f.Type.has(p, seen) {
				return true
			}
		}
	}
	return false
}

// Unsupported is the reason a type cannot be modelled.
type Unsupported struct {
	Type   string
	Reason string
}

func (u *Unsupported) Error() string { return u.Type + ": " + u.Reason }

// FromTypes builds the Type of t as seen from package pkg (whose own types
// are spelled unqualified). Types from other packages are spelled with the
// package name; imports collects their paths by name. allowError permits
// the error interface itself (for results).
func FromTypes(t types.Type, pkg *types.Package, imports map[string]string, allowError bool) (*Type, error) {
	b := &builder{pkg: pkg, imports: imports, memo: map[types.Type]*Type{}}
	return b.build(t, allowError)
}

type builder struct {
	pkg     *types.Package
	imports map[string]string // package name -> import path
	memo    map[types.Type]*Type
}

func (b *builder) qualifier(p *types.Package) string {
	if p == b.pkg {
		return ""
	}
	if b.imports != nil {
		b.imports[p.Name()] = p.Path()
	}
	return p.Name()
}

func (b *builder) build(t types.Type, allowError bool) (*Type, error) {
	if v, ok := b.memo[t]; ok {
		return v, nil
	}
	name := types.TypeString(t, b.qualifier)
	if allowError && types.Identical(t, types.Universe.Lookup("error").Type()) {
		return &Type{Kind: Error, Name: "error"}, nil
	}
	if n, ok := t.(*types.Named); ok {
		obj := n.Obj()
		if n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
			return nil, &Unsupported{name, "generic type"}
		}
		if obj.Pkg() != nil && obj.Pkg() != b.pkg && !obj.Exported() {
			return nil, &Unsupported{name, "unexported type of another package"}
		}
	}
	if _, ok := t.(*types.TypeParam); ok {
		return nil, &Unsupported{name, "type parameter"}
	}
	out := &Type{Name: name}
	_, out.Named = types.Unalias(t).(*types.Named)
	b.memo[t] = out
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if err := basic(out, u, t); err != nil {
			return nil, err
		}
	case *types.Array:
		elem, err := b.build(u.Elem(), false)
		if err != nil {
			return nil, err
		}
		if u.Len() > 64 {
			return nil, &Unsupported{name, "array longer than 64"}
		}
		out.Kind, out.Len, out.Elem = Array, int(u.Len()), elem
	case *types.Slice:
		elem, err := b.build(u.Elem(), false)
		if err != nil {
			return nil, err
		}
		out.Kind, out.Elem = Slice, elem
	case *types.Pointer:
		elem, err := b.build(u.Elem(), false)
		if err != nil {
			return nil, err
		}
		out.Kind, out.Elem = Pointer, elem
	case *types.Struct:
		out.Kind = Struct
		for i := 0; i < u.NumFields(); i++ {
			f := u.Field(i)
			if f.Pkg() != nil && f.Pkg() != b.pkg && !f.Exported() {
				return nil, &Unsupported{name, "unexported field " + f.Name() + " of another package"}
			}
			if f.Name() == "_" {
				return nil, &Unsupported{name, "blank field"}
			}
			ft, err := b.build(f.Type(), false)
			if err != nil {
				return nil, err
			}
			out.Fields = append(out.Fields, Field{Name: f.Name(), Type: ft})
		}
	case *types.Map:
		return nil, &Unsupported{name, "map"}
	case *types.Chan:
		return nil, &Unsupported{name, "channel"}
	case *types.Signature:
		return nil, &Unsupported{name, "func"}
	case *types.Interface:
		return nil, &Unsupported{name, "interface"}
	default:
		return nil, &Unsupported{name, fmt.Sprintf("%T", u)}
	}
	return out, nil
}

func basic(out *Type, u *types.Basic, t types.Type) error {
	if b, ok := t.(*types.Basic); ok {
		// byte and rune are aliases the type checker keeps by name.
		out.Byte = b.Name() == "byte"
		out.Rune = b.Name() == "rune"
	}
	switch u.Kind() {
	case types.Bool:
		out.Kind = Bool
	case types.Int, types.Int64:
		out.Kind, out.Bits = Int, 64
	case types.Int8:
		out.Kind, out.Bits = Int, 8
	case types.Int16:
		out.Kind, out.Bits = Int, 16
	case types.Int32:
		out.Kind, out.Bits = Int, 32
	case types.Uint, types.Uint64, types.Uintptr:
		out.Kind, out.Bits = Uint, 64
	case types.Uint8:
		out.Kind, out.Bits = Uint, 8
	case types.Uint16:
		out.Kind, out.Bits = Uint, 16
	case types.Uint32:
		out.Kind, out.Bits = Uint, 32
	case types.Float32:
		out.Kind, out.Bits = Float, 32
	case types.Float64:
		out.Kind, out.Bits = Float, 64
	case types.String:
		out.Kind = String
	case types.Complex64, types.Complex128:
		return &Unsupported{out.Name, "complex number"}
	case types.UnsafePointer:
		return &Unsupported{out.Name, "unsafe.Pointer"}
	default:
		return &Unsupported{out.Name, "basic type " + u.Name()}
	}
	return nil
}

// Zero returns the zero value of t.
func Zero(t *Type) Value {
	switch t.Kind {
	case Slice, Pointer, Error:
		return Value{Nil: true}
	case Array:
		v := Value{E: make([]Value, t.Len)}
		for i := range v.E {
			v.E[i] = Zero(t.Elem)
		}
		return v
	case Struct:
		v := Value{E: make([]Value, len(t.Fields))}
		for i, f := range t.Fields {
			v.E[i] = Zero(f.Type)
		}
		return v
	}
	return Value{}
}

// MinInt and MaxInt are the bounds of an Int or Uint type.
func MinInt(t *Type) int64 {
	if t.Kind == Uint {
		return 0
	}
	return -1 << (t.Bits - 1)
}

func MaxInt(t *Type) int64 { return 1<<(t.Bits-1) - 1 }

// MaxUint is the largest value of a Uint type.
func MaxUint(t *Type) uint64 { return math.MaxUint64 >> (64 - t.Bits) }

// Wrap truncates x to the width of the Int or Uint type t, as a
// conversion does in Go.
func Wrap(t *Type, x int64) Value {
	if t.Kind == Uint {
		return Value{U: uint64(x) & MaxUint(t)}
	}
	s := 64 - t.Bits
	return Value{I: x << s >> s}
}
