package value

// This file implements value shrinking: the one-step simpler variants of
// a value, so that a kept test can be reduced to the smallest, roundest
// input that still kills its mutants. Every candidate is strictly smaller
// in a well-founded order (magnitude, length, nil before non-nil, integral
// before fractional), so repeated shrinking terminates.

import (
	"math"
)

// Shrink returns the one-step simplifications of v, most aggressive first.
func Shrink(t *Type, v Value) []Value {
	if t.Kind != Error && v.X != "" {
		return shrinkBuilt(t, v)
	}
	switch t.Kind {
	case Complex:
		part := &Type{Kind: Float, Bits: t.Bits / 2}
		var out []Value
		for _, c := range Shrink(part, v.E[0]) {
			out = append(out, Value{E: []Value{c, v.E[1]}})
		}
		for _, c := range Shrink(part, v.E[1]) {
			out = append(out, Value{E: []Value{v.E[0], c}})
		}
		return out
	case Map:
		if v.Nil {
			return nil
		}
		var out []Value
		n := len(v.E) / 2
		if n > 0 {
			out = append(out, Value{E: []Value{}})
		}
		for i := 0; i < n && n > 1; i++ {
			es := append(append([]Value(nil), v.E[:2*i]...), v.E[2*i+2:]...)
			out = append(out, Value{E: es})
		}
		for i := 0; i < n; i++ {
			for _, c := range Shrink(t.Elem, v.E[2*i+1]) {
				out = append(out, with(v, 2*i+1, c))
			}
		}
		return out
	case Bool:
		if v.I != 0 {
			return []Value{{}}
		}
	case Int:
		return shrinkInt(t, v.I)
	case Uint:
		var out []Value
		for _, c := range []uint64{0, 1, v.U / 2, v.U - 1} {
			if c < v.U && !containsU(out, c) {
				out = append(out, Value{U: c})
			}
		}
		return out
	case Float:
		return shrinkFloat(v.Float())
	case String:
		return shrinkString(string(v.S))
	case Array:
		return shrinkElems(t.Elem, v, false)
	case Struct:
		var out []Value
		for i, f := range t.Fields {
			for _, c := range Shrink(f.Type, v.E[i]) {
				out = append(out, with(v, i, c))
			}
		}
		return out
	case Slice:
		if v.Nil {
			return nil
		}
		return shrinkElems(t.Elem, v, true)
	case Pointer:
		if v.Nil {
			return nil
		}
		out := []Value{{Nil: true}}
		for _, c := range Shrink(t.Elem, v.E[0]) {
			out = append(out, Value{E: []Value{c}})
		}
		return out
	}
	return nil
}

func containsU(vs []Value, u uint64) bool {
	for _, v := range vs {
		if v.U == u {
			return true
		}
	}
	return false
}

// with returns a copy of the composite v with element i replaced.
func with(v Value, i int, e Value) Value {
	es := append([]Value(nil), v.E...)
	es[i] = e
	return Value{E: es}
}

func abs(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// shrinkInt orders by |x|, then positive before negative.
func shrinkInt(t *Type, x int64) []Value {
	var out []Value
	smaller := func(c int64) bool {
		return abs(c) < abs(x) || (abs(c) == abs(x) && c > 0 && x < 0)
	}
	seen := map[int64]bool{}
	for _, c := range []int64{0, 1, -1, x / 2, x - sign(x), -x} {
		if smaller(c) && !seen[c] && Wrap(t, c).I == c {
			seen[c] = true
			out = append(out, Value{I: c})
		}
	}
	return out
}

func sign(x int64) int64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// floatRank orders floats: NaN and infinities are the most complex, then
// fractions, then integers by magnitude; -0 is above 0.
func floatRank(f float64) (int, float64) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return 3, 0
	case f != math.Trunc(f):
		return 2, math.Abs(f)
	case f == 0 && math.Signbit(f):
		return 1, 0
	case f == 0:
		return 0, 0
	}
	return 1, math.Abs(f)
}

func shrinkFloat(f float64) []Value {
	var out []Value
	rf, mf := floatRank(f)
	for _, c := range []float64{0, 1, -1, math.Trunc(f), math.Round(f), f / 2, -f} {
		rc, mc := floatRank(c)
		if rc < rf || (rc == rf && mc < mf) || (rc == rf && mc == mf && c > 0 && f < 0) {
			dup := false
			for _, o := range out {
				if o.U == math.Float64bits(c) {
					dup = true
				}
			}
			if !dup {
				out = append(out, FloatValue(c))
			}
		}
	}
	return out
}

// shrinkString drops halves, then single bytes, then simplifies bytes
// to 'a' (the roundest character).
func shrinkString(s string) []Value {
	if s == "" {
		return nil
	}
	out := []Value{{S: ""}}
	if len(s) > 1 {
		out = append(out, Value{S: Str(s[:len(s)/2])}, Value{S: Str(s[len(s)/2:])})
	}
	if len(s) <= 16 {
		for i := 0; i < len(s) && len(s) > 1; i++ {
			out = append(out, Value{S: Str(s[:i] + s[i+1:])})
		}
		for i := 0; i < len(s); i++ {
			if s[i] != 'a' {
				out = append(out, Value{S: Str(s[:i] + "a" + s[i+1:])})
			}
		}
	}
	return out
}

// shrinkElems shrinks a slice (shorter first, when resizable) or an array.
// Past denseShrink elements (a [1024]byte buffer), elements are dropped
// and zeroed by halves, and only the first denseShrink elements that are
// not zero are shrunk one by one: a candidate copies the value, so one
// candidate per element made shrinking quadratic in the length and took
// gigabytes on a struct holding such a buffer.
func shrinkElems(elem *Type, v Value, resize bool) []Value {
	var out []Value
	n := len(v.E)
	if resize && n > 0 {
		out = append(out, Value{E: []Value{}})
		if n > 2 {
			out = append(out, Value{E: append([]Value(nil), v.E[:n/2]...)}, Value{E: append([]Value(nil), v.E[n/2:]...)})
		}
		for i := 0; i < n && n > 1 && n <= denseShrink; i++ {
			es := append(append([]Value(nil), v.E[:i]...), v.E[i+1:]...)
			out = append(out, Value{E: es})
		}
	}
	if n > denseShrink {
		zero := Zero(elem)
		for _, r := range [][2]int{{0, n}, {0, n / 2}, {n / 2, n}} {
			w, changed := Value{E: append([]Value(nil), v.E...)}, false
			for i := r[0]; i < r[1]; i++ {
				if !Equal(elem, w.E[i], zero) {
					w.E[i], changed = zero, true
				}
			}
			if changed {
				out = append(out, w)
			}
		}
	}
	shrunk := 0
	for i := range v.E {
		cs := Shrink(elem, v.E[i])
		if len(cs) == 0 {
			continue
		}
		if shrunk++; n > denseShrink && shrunk > denseShrink {
			break
		}
		for _, c := range cs {
			out = append(out, with(v, i, c))
		}
	}
	return out
}

// denseShrink is the longest slice or array shrunk element by element.
const denseShrink = 16

// shrinkBuilt shrinks a built value: to nil when the type allows it
// (interfaces, funcs), then its operands.
func shrinkBuilt(t *Type, v Value) []Value {
	var out []Value
	if t.Iface {
		out = append(out, Value{Nil: true})
	}
	alt := t.Alt(v.X)
	if alt == nil || len(alt.Params) != len(v.E) {
		return out
	}
	for i, p := range alt.Params {
		for _, c := range Shrink(p, v.E[i]) {
			w := with(v, i, c)
			w.X = v.X
			out = append(out, w)
		}
	}
	return out
}
