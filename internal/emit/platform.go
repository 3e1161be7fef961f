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
// post-state) is of a platform-sized integer type and outside the range
// the type has on 32-bit targets.
func needs64(u *unit.Unit, tests []*gen.Test) bool {
	inputs := u.Inputs()
	for _, t := range tests {
		for i, vt := range inputs {
			if i < len(t.In) && wide(vt, t.In[i]) {
				return true
			}
			pt := vt
			if ot := u.ViewType(i); ot != nil {
				pt = ot // the observers' results
			}
			if i < len(t.Out.Post) && wide(pt, t.Out.Post[i]) {
				return true
			}
		}
		for i, r := range u.Results {
			if i < len(t.Out.Results) && !r.Type.Unseen && wide(u.OutType(i), t.Out.Results[i]) {
				return true
			}
		}
	}
	return false
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
