package emit

// This file decides whether an emitted file needs a 64-bit int: int, uint
// and uintptr (and defined types over them) have 32 bits on 386, arm, mips
// and mipsle, where a row holding such a value beyond 32 bits (an int
// field set to math.MaxInt64) does not compile.

import (
	"math"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// build64 is the build constraint of a file whose rows need a 64-bit int:
// it leaves out the 32-bit targets.
const build64 = "//go:build !386 && !arm && !mips && !mipsle"

// why64 says so in the file's header.
const why64 = "// Its rows hold int, uint or uintptr values beyond 32 bits: the file builds only where these types have 64."

// needs64 reports whether a value of u's tests (argument, result or
// post-state) holds a platform-sized integer outside the range the type
// has on 32-bit targets somewhere a column of its own cannot hold it
// (NestedWide): such a file builds on 64-bit targets only.
func needs64(u *unit.Unit, tests []*gen.Test) bool {
	for _, t := range tests {
		if NestedWide(t) {
			return true
		}
	}
	return false
}

// scalarPlatform reports whether t is an int, uint or uintptr: a column
// of such values holds a wide one as int64 or uint64, and its row is
// skipped where the platform's type is narrower (emit's wide columns).
func scalarPlatform(t *value.Type) bool {
	return (t.Kind == value.Int || t.Kind == value.Uint) && t.Platform && len(t.Alts) == 0
}

// NestedWide reports whether one of t's values (an argument, a result, a
// post-state) holds an int, uint or uintptr beyond 32 bits inside a
// composite value (a slice's element, a field): a literal no 32-bit
// target compiles, which a column of int64 cannot stand in for. The
// driver leaves such rows out (the file must build everywhere).
func NestedWide(t *gen.Test) bool {
	u := t.Unit
	nested := func(typ *value.Type, v value.Value) bool {
		if scalarPlatform(typ) {
			return false
		}
		if typ.Kind == value.Struct && typ.Name == "struct{…}" {
			// A view: one column per field.
			for i, f := range typ.Fields {
				if i < len(v.E) && !scalarPlatform(f.Type) && wide(f.Type, v.E[i]) {
					return true
				}
			}
			return false
		}
		return wide(typ, v)
	}
	for i, vt := range u.Inputs() {
		if i < len(t.In) && nested(vt, t.In[i]) {
			return true
		}
		if t.Out.Panic != nil {
			continue
		}
		pt := vt
		if ot := u.ViewType(i); ot != nil {
			pt = ot
		}
		if i < len(t.Out.Post) && nested(pt, t.Out.Post[i]) {
			return true
		}
	}
	for i, r := range u.Results {
		if t.Out.Panic == nil && i < len(t.Out.Results) && !r.Type.Unseen && nested(u.OutType(i), t.Out.Results[i]) {
			return true
		}
	}
	return false
}

// wideIn reports whether the values of column c hold one beyond 32 bits
// in some row: its field is then of type int64 or uint64 (wideType).
func wideIn(c *column, tests []*gen.Test, cell func(*column, *gen.Test) (value.Value, bool)) bool {
	if !scalarPlatform(c.typ) {
		return false
	}
	for _, t := range tests {
		if v, ok := cell(c, t); ok && wide(c.typ, v) {
			return true
		}
	}
	return false
}

// wideType is the type of a wide column: int64 or uint64.
func wideType(t *value.Type) *value.Type {
	if t.Kind == value.Uint {
		return &value.Type{Kind: value.Uint, Bits: 64, Name: "uint64"}
	}
	return &value.Type{Kind: value.Int, Bits: 64, Name: "int64"}
}

// wide reports whether v, of type t, holds a platform-sized integer
// (value.Type.Platform) outside its 32-bit range: in its elements,
// fields, keys, or the operands of the expression that builds it.
func wide(t *value.Type, v value.Value) bool {
	if t.Kind != value.Error && v.X != "" {
		a := t.Alt(v.X)
		if a == nil {
			return false
		}
		for i, p := range a.Params {
			if i < len(v.E) && wide(p, v.E[i]) {
				return true
			}
		}
		return false
	}
	switch t.Kind {
	case value.Int:
		return t.Platform && (v.I < math.MinInt32 || v.I > math.MaxInt32)
	case value.Uint:
		return t.Platform && v.U > math.MaxUint32
	case value.Array, value.Slice, value.Pointer, value.Struct, value.Map:
		for i, e := range v.E {
			et := t.Elem
			switch {
			case t.Kind == value.Struct:
				if i >= len(t.Fields) {
					return false
				}
				et = t.Fields[i].Type
			case t.Kind == value.Map && i%2 == 0:
				et = t.Key
			}
			if wide(et, e) {
				return true
			}
		}
	}
	return false
}
