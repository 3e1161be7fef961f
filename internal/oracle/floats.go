package oracle

// This file implements the float grid: units whose inputs are floats
// (with bools and small integers) cannot be enumerated, but their inputs
// can range over a small set of floats chosen for where float reasoning
// goes wrong — signed zeros, infinities, NaNs of two payloads,
// subnormals, the extremes, the edges of exact integers — and over the
// unit's own constants and their neighbours. Running every input of that
// grid is no proof of equivalence (the grid is not the domain), but it
// is a refutation check no prover's mistake about -0 or NaN escapes.

import (
	"math"

	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Floats returns the grid's values of the float type t (float32 values
// rounded to float32, each bit pattern once), in the order Inputs ranks
// values, simplest first: 0, ±1, -0, ±0.5, ±2, the pool's constants c
// (as c, -c and c's neighbours on either side), then ±Inf, two NaNs
// (math.NaN() and a negative one with another payload, which survives
// conversion to float32), the smallest subnormals of float64 and
// float32, the smallest normal, the largest finite values of float32
// and float64 (rounding to float32 makes the latter +Inf), and 2^24±1,
// 2^24+2, 2^53-1, 2^53, 2^53+2 (the edges of exactly representable
// integers) with their negatives.
func Floats(t *value.Type, pool value.Pool) []value.Value {
	f32 := t.Bits == 32
	var out []value.Value
	seen := map[uint64]bool{}
	add := func(f float64) {
		if f32 {
			f = float64(float32(f))
		}
		v := value.FloatValue(f)
		if !seen[v.U] {
			seen[v.U] = true
			out = append(out, v)
		}
	}
	both := func(f float64) { add(f); add(-f) }
	add(0)
	both(1)
	add(math.Copysign(0, -1))
	both(0.5)
	both(2)
	for _, c := range pool.Floats {
		both(c)
		up, down := math.Nextafter(c, math.Inf(1)), math.Nextafter(c, math.Inf(-1))
		if f32 {
			up = float64(math.Nextafter32(float32(c), float32(math.Inf(1))))
			down = float64(math.Nextafter32(float32(c), float32(math.Inf(-1))))
		}
		add(up)
		add(down)
	}
	for _, c := range pool.Ints {
		both(float64(c))
	}
	both(math.Inf(1))
	add(math.NaN())
	add(math.Float64frombits(0xFFF8_0000_2000_0000)) // a NaN: sign set, payload bit 29 (float32's lowest)
	both(math.SmallestNonzeroFloat64)
	both(math.SmallestNonzeroFloat32)
	if f32 {
		both(0x1p-126) // float32's smallest normal
	} else {
		both(0x1p-1022)
	}
	both(math.MaxFloat32)
	both(math.MaxFloat64)
	both(1<<24 - 1)
	both(1<<24 + 1) // float32: 2^24
	both(1<<24 + 2)
	both(1<<53 - 1)
	both(1 << 53)
	both(1<<53 + 2)
	return out
}

// gridValues returns the values of t the grid takes: bools and integers
// of at most 16 bits all theirs, in rank order; floats Floats(t, pool);
// nil for any other type.
func gridValues(t *value.Type, pool value.Pool) []value.Value {
	if t.Kind == value.Float {
		return Floats(t, pool)
	}
	n := size(t)
	if n == 0 {
		return nil
	}
	out := make([]value.Value, n)
	for k := range out {
		out[k] = ofRank(t, k)
	}
	return out
}

// Grid returns the number of inputs of u's grid — every input whose
// bools and integers of at most 16 bits take every value and whose
// floats take those of Floats (u's constants included) — if u has at
// least one float input, no receiver and no input of another type, else
// 0. A product beyond the range of uint64 is math.MaxUint64.
func Grid(u *unit.Unit) uint64 {
	if u.Skip != "" || u.Recv != nil {
		return 0
	}
	n, floats := uint64(1), false
	for _, t := range u.Inputs() {
		vs := gridValues(t, u.Pool)
		if vs == nil {
			return 0
		}
		floats = floats || t.Kind == value.Float
		n = mulSat(n, uint64(len(vs)))
	}
	if !floats {
		return 0
	}
	return n
}

// GridInputs returns an iterator over every input of u's grid (see
// Grid), each once, nil at the end, smallest first as Inputs orders
// them: the ranks of a float are its place in Floats.
func GridInputs(u *unit.Unit) func() []value.Value {
	types := u.Inputs()
	doms := make([][]value.Value, len(types))
	for i, t := range types {
		doms[i] = gridValues(t, u.Pool)
		if doms[i] == nil {
			panic("oracle: GridInputs of a unit with an input of type " + t.Name)
		}
	}
	return ranked(doms)
}

func mulSat(a, b uint64) uint64 {
	if a != 0 && b > math.MaxUint64/a {
		return math.MaxUint64
	}
	return a * b
}
