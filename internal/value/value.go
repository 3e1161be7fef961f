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
// Supported: bool, every integer, float and complex kind, string, arrays,
// slices, maps, structs (unexported fields too), pointers to these, and
// defined types over them; a result may also be of type error. Values of
// other types (interfaces, funcs, channels, time.Time, other packages'
// types with unexported state) are Built: by one of a few Go expressions
// (Alt) whose operands are values again — strings.NewReader(s) for an
// io.Reader, a func literal returning a constant, a pre-filled closed
// channel, time.Date(…). Types of other packages that are ready for use
// as their zero value (sync.Mutex) are Opaque: never drawn, never
// observed. Type parameters and unsafe pointers stay unsupported, with a
// reason.
package value

import (
	"encoding/json"
	"fmt"
	"go/token"
	"go/types"
	"math"
	"slices"
	"strconv"
	"strings"
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
	Map          // Key to Elem
	Complex      // Bits 64 or 128
	Opaque       // another package's type used as its zero value only, never observed (sync.Mutex)
	Built        // built by one of Alts (interfaces, funcs, channels, time.Time, …)
)

var kindNames = [...]string{Bool: "bool", Int: "int", Uint: "uint", Float: "float", String: "string",
	Array: "array", Slice: "slice", Struct: "struct", Pointer: "pointer", Error: "error",
	Map: "map", Complex: "complex", Opaque: "opaque", Built: "built"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Type is a constructible Go type. Types built by FromTypes may be cyclic
// through Pointer and Slice elements (type List struct{ next *List }).
type Type struct {
	Kind  Kind
	Bits  int    // Int, Uint, Float: size in bits
	Name  string // Go spelling in the unit's package: "int", "[]Point", "*T", "time.Duration"
	Named bool   // a defined type (or a predeclared alias such as byte)
	Rune  bool   // the predeclared rune: literals as 'x'
	Byte  bool   // the predeclared byte: []byte literals as []byte("…")
	// Char: a byte or rune the code uses as a character (it writes it
	// into text, compares it with a character literal): drawn and
	// shrunk as a printable character first ('a', '-'), written '-'.
	Char bool
	// Produced: the package says how values of this field are built
	// (Env.Producers): its alternatives are drawn first.
	Produced bool
	Len      int     // Array
	Elem     *Type   // Array, Slice, Pointer, Map
	Key      *Type   // Map
	Fields   []Field // Struct, in declaration order

	// Alts are the ways to build a value of a Built type (the first is
	// the one drawn most); a Struct or Pointer type may have some too
	// (its package's constructors), besides its literal values.
	Alts []*Alt
	// Iface: a Built interface or func type, whose zero value nil may be
	// drawn (last); ZeroLit is how the zero value of a Built or Opaque
	// type is written: "nil", "time.Time{}", "sync.Mutex{}".
	Iface   bool
	ZeroLit string
	// Worldly: an interface whose implementations in the package read
	// the clock or the outside world (Env.Outside): they are no
	// alternative, the test file's fake is, and a nil (which a
	// constructor may replace by one of them: New(…, nil) takes the
	// system clock) makes no row (WorldlyNil).
	Worldly bool
	// Any: the empty interface. Its values are mostly of its first
	// alternative (the dynamic type the unit looks for, else int), and
	// shrink toward its zero rather than nil.
	Any bool
	// Unseen: values of the type are never observed (funcs, channels):
	// the harness encodes them as nothing, tests do not compare them.
	Unseen bool
	// Platform: an Int or Uint of int, uint or uintptr underneath, 32
	// bits wide on some targets.
	Platform bool
	// Range, for an Int, Uint or Float, is where its documentation says
	// its values are (Env.Ranges): values are drawn and shrunk inside
	// it, and a row with one outside it is not kept (OutOfRange).
	Range *Range
}

// Alt is one way to build a value: a Go expression over operands, which
// are values of Params and are drawn, shrunk and rendered like any input.
type Alt struct {
	// Seq, for an alternative that builds a receiver by a constructor
	// and a sequence of method calls, is how (shrinking leaves calls out).
	Seq *SeqInfo

	// Key names the alternative on the wire; unique in a package (a
	// hash of Expr and Params).
	Key    string
	Label  string  // short, for row names: "strings.NewReader"
	Params []*Type // the operands
	// Expr is the expression, in the unit's package, with $0, $1, … for
	// the operands (each used at most once, in a context of its type).
	Expr string
	// Of is the Go spelling of the expression's own (dynamic) type:
	// "*strings.Reader", "int", "time.Time".
	Of string
	// Decon, when set, is a Go func literal taking a value of type Of and
	// returning the operands that rebuild it with Expr: results holding
	// an Of are observed as that alternative (time.Date(…) for a time,
	// the text of a *bytes.Buffer). Without it, a result holding an Of
	// is observed by its type only, and cannot be a test's expectation.
	Decon string
	// Self: Decon observes every value of type Of, wherever it is (a
	// time.Time field); otherwise only the dynamic values of interfaces.
	Self bool
	// Ranges, when set, are where each integer operand is mostly drawn
	// (a month in 1…12): [lo, hi] inclusive; {0, 0} for no range.
	Ranges [][2]int64
	// Small: the operands are drawn small (a constructor's capacity, the
	// values pushed): users build with small values, and a huge capacity
	// only costs memory.
	Small bool
	// Decl, when set, is Go source the expression needs declared in the
	// test file (a fake implementing an interface, fakes.go), declared
	// once per file under the name DeclName.
	Decl, DeclName string
	// Keyed, when set, names the operands as the fields of a composite
	// literal: Expr is "&T{k0: $0, k1: $1, …}", and the printer leaves
	// out the fields whose operand is a zero value.
	Keyed []string
	// Plain: a value it builds is compared by reflect.DeepEqual exactly
	// as by its operands (Decon returns the value itself: a dynamic
	// type's literal, a fake), so the emitted tests need no helper.
	Plain bool
	// Record, when set, makes the alternative a recording callback
	// (record.go): the emitted test writes it as a closure of its own.
	Record *Recorder
	// Observed is how many trailing operands are not inputs but what
	// the value records as it is used (a fake's calls): never drawn,
	// always zero in an input, shown in the post-state.
	Observed int
}

// Alt returns t's alternative named key, or nil.
func (t *Type) Alt(key string) *Alt {
	for _, a := range t.Alts {
		if a.Key == key {
			return a
		}
	}
	// An error observed as the package's sentinel is X = its name (the
	// harness encodes errors so): the alternative that is that name.
	for _, a := range t.Alts {
		if len(a.Params) == 0 && a.Expr == key {
			return a
		}
	}
	return nil
}

// Unknown is the prefix of Value.X for a Built value that no
// alternative of its type can rebuild: "?" and the Go type of the
// dynamic value. Such a value is observed by its type alone; an outcome
// holding one cannot be rendered as a test's expectation.
const Unknown = "?"

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
//	Map:             Nil, or E = key0, elem0, key1, elem1, … with the keys
//	                 in Compare order
//	Complex:         E = the real and imaginary parts, as Floats
//	Opaque:          Nil (the zero value)
//	Built:           Nil for the zero value (nil for interfaces); or X,
//	                 an alternative's key, and E its operands; or X =
//	                 Unknown + the dynamic type (observed results only)
//
// Any Struct or Pointer value with X set is built by the type's
// alternative X, like a Built value.
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
	if t.Unseen && a.X == "" && b.X == "" {
		return true // observed values of funcs and channels are all alike
	}
	if t.Kind != Error && (a.X != "" || b.X != "") {
		return equalBuilt(t, a, b)
	}
	switch t.Kind {
	case Opaque:
		return true
	case Built:
		return a.Nil == b.Nil
	case Map:
		if a.Nil || b.Nil {
			return a.Nil == b.Nil
		}
		if len(a.E) != len(b.E) {
			return false
		}
		for i := range a.E {
			et := t.Key
			if i%2 == 1 {
				et = t.Elem
			}
			if !Equal(et, a.E[i], b.E[i]) {
				return false
			}
		}
		return true
	case Complex:
		part := &Type{Kind: Float, Bits: t.Bits / 2}
		return len(a.E) == 2 && len(b.E) == 2 && Equal(part, a.E[0], b.E[0]) && Equal(part, a.E[1], b.E[1])
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

func equalBuilt(t *Type, a, b Value) bool {
	if a.X != b.X && len(a.E) == 0 && len(b.E) == 0 && a.X != "" && b.X != "" {
		// A sentinel error by its alternative's key and by its name.
		if x := t.Alt(a.X); x != nil && x == t.Alt(b.X) {
			return a.Nil == b.Nil
		}
	}
	if a.X != b.X || a.Nil != b.Nil || len(a.E) != len(b.E) {
		return false
	}
	alt := t.Alt(a.X)
	if alt == nil {
		return len(a.E) == 0
	}
	if len(a.E) != len(alt.Params) {
		return false
	}
	for i, p := range alt.Params {
		if !Equal(p, a.E[i], b.E[i]) {
			return false
		}
	}
	return true
}

// elemType is the type of the i'th element of a composite value of type t.
func elemType(t *Type, i int) *Type {
	switch t.Kind {
	case Struct:
		return t.Fields[i].Type
	case Map:
		if i%2 == 0 {
			return t.Key
		}
	case Complex:
		return &Type{Kind: Float, Bits: t.Bits / 2}
	}
	return t.Elem
}

// Compare orders wire values totally (keys of maps): by I, U, S, X, Nil,
// then elements lexicographically. The harness orders a map's keys the
// same way.
func Compare(a, b Value) int {
	switch {
	case a.I != b.I:
		return cmp3(a.I < b.I)
	case a.U != b.U:
		return cmp3(a.U < b.U)
	case a.S != b.S:
		return cmp3(a.S < b.S)
	case a.X != b.X:
		return cmp3(a.X < b.X)
	case a.Nil != b.Nil:
		return cmp3(!a.Nil)
	}
	for i := 0; i < len(a.E) && i < len(b.E); i++ {
		if c := Compare(a.E[i], b.E[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(a.E) < len(b.E):
		return -1
	case len(a.E) > len(b.E):
		return 1
	}
	return 0
}

func cmp3(less bool) int {
	if less {
		return -1
	}
	return 1
}

// Cycle is the prefix of Value.X for a pointer back to a value being
// encoded, "^" and how many pointers up: a cyclic structure (a doubly
// linked list). It cannot be written as a literal.
const Cycle = "^"

// Cyclic reports whether v holds a pointer back into itself.
func Cyclic(v Value) bool {
	if strings.HasPrefix(v.X, Cycle) {
		return true
	}
	for _, e := range v.E {
		if Cyclic(e) {
			return true
		}
	}
	return false
}

// Renderable reports whether v can be written as a Go literal of t: it
// holds no Unknown value and no cycle.
func Renderable(t *Type, v Value) bool {
	if t.Kind != Error && v.X != "" {
		alt := t.Alt(v.X)
		if alt == nil || len(v.E) != len(alt.Params) {
			return false
		}
		for i, p := range alt.Params {
			if !Renderable(p, v.E[i]) {
				return false
			}
		}
		return true
	}
	switch t.Kind {
	case Array, Slice, Struct, Pointer, Map:
		for i, e := range v.E {
			if !Renderable(elemType(t, i), e) {
				return false
			}
		}
	}
	return true
}

// HasFloat reports whether a value of t can hold a float somewhere.
func (t *Type) HasFloat() bool {
	return t.has(func(t *Type) bool { return t.Kind == Float || t.Kind == Complex }, nil)
}

// Mutable reports whether a function receiving a value of t can change
// memory its caller sees: t holds a pointer, a slice, a map or a built
// value (an interface holding a pointer, a channel).
func (t *Type) Mutable() bool {
	return t.has(func(t *Type) bool {
		switch t.Kind {
		case Pointer, Slice, Map:
			return true
		case Built:
			return t.Iface && !t.Unseen
		}
		return false
	}, nil)
}

// Comparable reports whether values of t can be compared with == in the
// emitted tests with the same meaning as Equal (no floats, no pointers,
// slices, maps, errors or built values inside).
func (t *Type) Comparable() bool {
	return !t.has(func(t *Type) bool {
		switch t.Kind {
		case Float, Pointer, Slice, Error, Map, Complex, Opaque, Built:
			return true
		}
		return len(t.Alts) > 0
	}, nil)
}

// Special reports whether comparing values of t needs more than
// reflect.DeepEqual's rules: floats (bits), maps, built values, opaque
// state.
func (t *Type) Special() bool {
	return t.has(func(t *Type) bool {
		switch t.Kind {
		case Float, Complex, Opaque:
			return true
		case Built:
			return !t.Iface || t.Unseen || !t.plainAlts()
		}
		return len(t.Alts) > 0
	}, nil)
}

// plainAlts reports whether every alternative of t is Plain.
func (t *Type) plainAlts() bool {
	for _, a := range t.Alts {
		if !a.Plain {
			return false
		}
	}
	return true
}

// MutableValue reports whether the value v of t can be changed through
// a copy of it: Mutable, and for a built value, its dynamic value holds
// a pointer, a slice or a map (an int in an any cannot change).
func MutableValue(t *Type, v Value) bool {
	if t.Kind == Built && t.Iface {
		if v.Nil || v.X == "" {
			return false
		}
		a := t.Alt(v.X)
		if a == nil || strings.HasPrefix(a.Of, "*") || a.Of == "" {
			return true
		}
		for _, p := range a.Params {
			if p.Mutable() {
				return true
			}
		}
		return false
	}
	return t.Mutable()
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
		if t.Elem.has(p, seen) {
			return true
		}
	case Map:
		if t.Key.has(p, seen) || t.Elem.has(p, seen) {
			return true
		}
	case Struct:
		for _, f := range t.Fields {
			if f.Type.has(p, seen) {
				return true
			}
		}
	}
	for _, a := range t.Alts {
		for _, q := range a.Params {
			if q.has(p, seen) {
				return true
			}
		}
	}
	return false
}

// MaxArray is the longest array modelled: a decoding table of 256, a
// buffer of 1024. (Such arrays once made gen on a copy of encoding/base32
// exhaust the machine's memory; the causes were the symbolic explorer
// forking on every table lookup within one block, and shrinking that made
// one candidate, a full copy, per element. Both are bounded now; values
// still hold arrays element by element, so longer ones stay out.)
const MaxArray = 1024

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
//
// Without an Env, interfaces, funcs, channels and other packages' types
// with unexported state are unsupported; Build models them.
func FromTypes(t types.Type, pkg *types.Package, imports map[string]string, allowError bool) (*Type, error) {
	return Build(t, &Env{Pkg: pkg, Imports: imports, NoAlts: true}, allowError)
}

// Build is FromTypes in an environment that knows how to build values of
// interfaces, funcs, channels and other packages' opaque types.
func Build(t types.Type, env *Env, allowError bool) (*Type, error) {
	if env.Imports == nil {
		env.Imports = map[string]string{}
	}
	b := &builder{pkg: env.Pkg, imports: env.Imports, memo: map[types.Type]*Type{}, env: env}
	return b.build(t, allowError)
}

type builder struct {
	pkg     *types.Package
	imports map[string]string // package name -> import path
	memo    map[types.Type]*Type
	env     *Env
	depth   int // alternatives' operands being built (bounded)
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

// numeric reports whether t is an Int, Uint or Float.
func (t *Type) numeric() bool { return t.Kind == Int || t.Kind == Uint || t.Kind == Float }

// fieldRange is the range the documentation gives field f of struct st
// (of type t): the field's own, else the struct type's when all its
// numeric fields have f's type (s1.Interval's Lo and Hi, "in the range
// [-π, π]").
func (b *builder) fieldRange(t types.Type, st *types.Struct, f *types.Var) *Range {
	if r := b.env.Ranges[f]; r != nil {
		return r
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	r := b.env.Ranges[n.Obj()]
	if r == nil {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		g := st.Field(i)
		if bt, ok := g.Type().Underlying().(*types.Basic); ok && bt.Info()&types.IsNumeric != 0 && !types.Identical(g.Type(), f.Type()) {
			return nil
		}
	}
	return r
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
		// An instance (Stack[int]) is a type like any other; a generic
		// type itself, or one instantiated with type parameters (Stack[T]
		// in a generic body), is not.
		if n.TypeArgs().Len() != n.TypeParams().Len() {
			return nil, &Unsupported{name, "generic type"}
		}
		for i := 0; i < n.TypeArgs().Len(); i++ {
			if _, ok := n.TypeArgs().At(i).(*types.TypeParam); ok {
				return nil, &Unsupported{name, "generic type"}
			}
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
	if done, err := b.special(t, out); done || err != nil {
		return out, err
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if err := basic(out, u, t); err != nil {
			return nil, err
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && out.numeric() {
			out.Range = b.env.Ranges[n.Obj()]
		}
	case *types.Array:
		elem, err := b.build(u.Elem(), false)
		if err != nil {
			return nil, err
		}
		if u.Len() > MaxArray {
			return nil, &Unsupported{name, "array longer than " + strconv.Itoa(MaxArray)}
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
		b.ctors(t, out)
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
			if r := b.fieldRange(t, u, f); r != nil && ft.numeric() && ft.Range == nil {
				c := *ft
				c.Range = r
				ft = &c
			}
			if fns := b.env.Producers[f]; len(fns) > 0 && !b.env.NoAlts && b.depth < maxAltDepth {
				c := *ft
				c.Alts, c.Produced = slices.Clip(c.Alts), true
				for _, fn := range fns {
					sig := fn.Type().(*types.Signature)
					var params []types.Type
					var ops []string
					for i := 0; i < sig.Params().Len(); i++ {
						params = append(params, sig.Params().At(i).Type())
						ops = append(ops, "$"+strconv.Itoa(i))
					}
					c.add(b.alt(fn.Name(), fn.Name()+"("+strings.Join(ops, ", ")+")", b.name(f.Type()), "", params...))
				}
				ft = &c
			}
			out.Fields = append(out.Fields, Field{Name: f.Name(), Type: ft})
		}
	case *types.Map:
		key, err := b.build(u.Key(), false)
		if err != nil {
			return nil, err
		}
		elem, err := b.build(u.Elem(), false)
		if err != nil {
			return nil, err
		}
		out.Kind, out.Key, out.Elem = Map, key, elem
	case *types.Chan:
		if err := b.chanAlts(out, u); err != nil {
			return nil, err
		}
	case *types.Signature:
		if err := b.funcAlts(out, t, u); err != nil {
			return nil, err
		}
	case *types.Interface:
		if err := b.ifaceAlts(out, t, u); err != nil {
			return nil, err
		}
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
	case types.Int:
		out.Kind, out.Bits, out.Platform = Int, 64, true
	case types.Int64:
		out.Kind, out.Bits = Int, 64
	case types.Int8:
		out.Kind, out.Bits = Int, 8
	case types.Int16:
		out.Kind, out.Bits = Int, 16
	case types.Int32:
		out.Kind, out.Bits = Int, 32
	case types.Uint, types.Uintptr:
		out.Kind, out.Bits, out.Platform = Uint, 64, true
	case types.Uint64:
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
	case types.Complex64:
		out.Kind, out.Bits = Complex, 64
	case types.Complex128:
		out.Kind, out.Bits = Complex, 128
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
	case Slice, Pointer, Error, Map, Opaque, Built:
		return Value{Nil: true}
	case Complex:
		return Value{E: []Value{{}, {}}}
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

// Key returns a string that identifies an input (a list of values):
// equal inputs have equal keys.
func Key(in []Value) string {
	b, _ := json.Marshal(in)
	return string(b)
}

// IsZero reports whether v is t's zero value (a keyed literal leaves it
// out). Empty and nil slices and maps differ: only nil is zero.
func IsZero(t *Type, v Value) bool {
	return Equal(t, v, Zero(t))
}

// Direct reports whether v, of type t, spells a value of one of the
// package's struct types with unexported fields as a literal of those
// fields (&Cache{capacity: -1}) rather than building it by an
// alternative (the package's constructors and methods): anywhere in it,
// the operands of alternatives included.
func Direct(t *Type, v Value) bool {
	return direct(t, v, 0)
}

func direct(t *Type, v Value, depth int) bool {
	if depth > maxDepth+4 {
		return false
	}
	if t.Kind != Error && v.X != "" {
		a := t.Alt(v.X)
		if a == nil {
			return false
		}
		for i, p := range a.Params {
			if i < len(v.E) && direct(p, v.E[i], depth+1) {
				return true
			}
		}
		return false
	}
	switch t.Kind {
	case Struct:
		if t.Named && t.HiddenFields() {
			return true
		}
	case Pointer, Slice, Array, Map:
		if v.Nil {
			return false
		}
	default:
		return false
	}
	for i, e := range v.E {
		if direct(elemType(t, i), e, depth+1) {
			return true
		}
	}
	return false
}

// HiddenFields reports whether the struct type t has an unexported field.
func (t *Type) HiddenFields() bool {
	for _, f := range t.Fields {
		if !token.IsExported(f.Name) {
			return true
		}
	}
	return false
}
