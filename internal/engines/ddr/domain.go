package ddr

// Domains: closed intervals of integers, the unit of seed 002's
// procedure. Booleans are 0..1. Unsigned 64-bit values are kept below
// 2^63 (an input of a larger value is never built), so one int64
// interval holds every domain.

import (
	"fmt"
	"math"
	"math/bits"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Dom is the interval Lo..Hi (empty when Lo > Hi).
type Dom struct{ Lo, Hi int64 }

func (d Dom) Empty() bool      { return d.Lo > d.Hi }
func (d Dom) Point() bool      { return d.Lo == d.Hi }
func (d Dom) Has(v int64) bool { return d.Lo <= v && v <= d.Hi }

func (d Dom) String() string {
	if d.Empty() {
		return "<empty>"
	}
	if d.Point() {
		return fmt.Sprintf("<%d>", d.Lo)
	}
	return fmt.Sprintf("<%d .. %d>", d.Lo, d.Hi)
}

// Meet is the intersection.
func (d Dom) Meet(o Dom) Dom { return Dom{max(d.Lo, o.Lo), min(d.Hi, o.Hi)} }

// Within reports whether d ⊆ o (an empty d is within everything).
func (d Dom) Within(o Dom) bool { return d.Empty() || (o.Lo <= d.Lo && d.Hi <= o.Hi) }

// Size is the number of values, saturated.
func (d Dom) Size() uint64 {
	if d.Empty() {
		return 0
	}
	return uint64(d.Hi-d.Lo) + 1 // wraps to 0 only for the full int64 range
}

// TypeDom is the domain of every value of an integer or bool type.
func TypeDom(t c.Type) Dom {
	switch t.Kind {
	case c.KBool:
		return Dom{0, 1}
	case c.KInt:
		if t.Signed {
			return Dom{t.Min(), int64(t.Max())}
		}
		if t.Bits >= 64 {
			return Dom{0, math.MaxInt64}
		}
		return Dom{0, int64(t.Max())}
	}
	return Dom{math.MinInt64, math.MaxInt64}
}

// constVal reads a constant of type t as an int64 (false for a uint64 of
// 2^63 or more, and floats).
func constVal(t c.Type, v c.Value) (int64, bool) {
	switch t.Kind {
	case c.KBool:
		if v.Bool() {
			return 1, true
		}
		return 0, true
	case c.KInt:
		if !t.Signed && uint64(v) > math.MaxInt64 {
			return 0, false
		}
		return int64(v), true
	}
	return 0, false
}

// Checked arithmetic: ok is false on int64 overflow.

func add(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) != (b >= 0) || (s >= 0) == (a >= 0)
}

func sub(a, b int64) (int64, bool) {
	if b == math.MinInt64 {
		if a >= 0 {
			return 0, false
		}
		return a - b, true
	}
	return add(a, -b)
}

func mul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := (a < 0) != (b < 0)
	hi, lo := bits.Mul64(abs(a), abs(b))
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

func abs(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// inType reports whether d lies in type t's range, so that an operation
// whose exact result is d did not wrap.
func inType(d Dom, t c.Type) bool { return d.Within(TypeDom(t)) }

// Arithmetic on domains: the exact range of op over all pairs of
// values, or ok false when it may leave int64 (the caller then takes
// the type's whole domain: the value may have wrapped).

func domAdd(x, y Dom) (Dom, bool) {
	lo, ok1 := add(x.Lo, y.Lo)
	hi, ok2 := add(x.Hi, y.Hi)
	return Dom{lo, hi}, ok1 && ok2
}

func domSub(x, y Dom) (Dom, bool) {
	lo, ok1 := sub(x.Lo, y.Hi)
	hi, ok2 := sub(x.Hi, y.Lo)
	return Dom{lo, hi}, ok1 && ok2
}

// domMul checks all four combinations of the bounds, negative values
// being what they are (seed 002, Fig. 8).
func domMul(x, y Dom) (Dom, bool) {
	d := Dom{math.MaxInt64, math.MinInt64}
	for _, a := range []int64{x.Lo, x.Hi} {
		for _, b := range []int64{y.Lo, y.Hi} {
			p, ok := mul(a, b)
			if !ok {
				return Dom{}, false
			}
			d.Lo, d.Hi = min(d.Lo, p), max(d.Hi, p)
		}
	}
	return d, true
}

// domQuo is truncated division over divisors in y other than 0 (a
// division by zero panics: it has no value). The extremes of x/y are at
// the bounds of x and at the divisors nearest to zero or farthest
// from it on each side.
func domQuo(x, y Dom) (Dom, bool) {
	var divs []int64
	if y.Lo < 0 {
		divs = append(divs, y.Lo, min(y.Hi, -1))
	}
	if y.Hi > 0 {
		divs = append(divs, max(y.Lo, 1), y.Hi)
	}
	if len(divs) == 0 {
		return Dom{1, 0}, true // only zero: no value
	}
	d := Dom{math.MaxInt64, math.MinInt64}
	for _, a := range []int64{x.Lo, x.Hi} {
		for _, b := range divs {
			if a == math.MinInt64 && b == -1 {
				return Dom{}, false
			}
			q := a / b
			d.Lo, d.Hi = min(d.Lo, q), max(d.Hi, q)
		}
	}
	return d, true
}

// domRem bounds truncated remainders: the sign of x, magnitude below
// the largest |divisor| and at most |x|.
func domRem(x, y Dom) Dom {
	m := max(abs(y.Lo), abs(y.Hi))
	if m == 0 {
		return Dom{1, 0}
	}
	lim := int64(min(m-1, uint64(math.MaxInt64)))
	d := Dom{0, 0}
	if x.Hi > 0 {
		d.Hi = min(lim, x.Hi)
	}
	if x.Lo < 0 {
		d.Lo = -min(lim, -max(x.Lo, -math.MaxInt64))
	}
	if x.Point() && y.Point() && y.Lo != 0 {
		r := x.Lo % y.Lo
		return Dom{r, r}
	}
	return d
}

// pow2 is 2^k for 0 <= k < 63.
func pow2(k int64) int64 { return int64(1) << uint(k) }
