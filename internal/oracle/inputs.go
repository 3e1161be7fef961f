package oracle

// This file enumerates small domains, smallest inputs first, and draws
// random inputs.

import (
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"

	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Inputs returns an iterator over every input of types (bools and
// integers of at most 16 bits; see Domain), each once, nil at the end.
//
// The order is smallest first, so that the first input killing a mutant
// is one a reader can check by hand: each value has a rank (bool: false,
// true; unsigned: 0, 1, 2, …; signed: 0, 1, -1, 2, -2, …, the maximum,
// -maximum, then the minimum) and the inputs come in shells, by their
// largest rank r: (0, 0), then (1, 0), (0, 1), (1, 1), then the inputs
// whose largest rank is 2, and so on. Within a shell, the inputs whose
// first argument of rank r is argument k come before those where it is
// argument k+1, each group in odometer order (last argument fastest).
func Inputs(types []*value.Type) func() []value.Value {
	sizes := make([]int, len(types))
	for i, t := range types {
		sizes[i] = int(size(t))
		if sizes[i] == 0 {
			panic("oracle: Inputs of a type that is not a bool or a small integer: " + t.Name)
		}
	}
	return shells(sizes, func(j, k int) value.Value { return ofRank(types[j], k) })
}

// ranked is Inputs over explicit domains: argument j takes the values
// doms[j], the k-th of rank k.
func ranked(doms [][]value.Value) func() []value.Value {
	sizes := make([]int, len(doms))
	for i, d := range doms {
		sizes[i] = len(d)
	}
	return shells(sizes, func(j, k int) value.Value { return doms[j][k] })
}

// shells enumerates the rank vectors of arguments with sizes[j] ranks
// each in Inputs' order, turning each into an input with at(j, rank).
func shells(sizes []int, at func(j, rank int) value.Value) func() []value.Value {
	n := len(sizes)
	maxRank := 0
	for _, sz := range sizes {
		maxRank = max(maxRank, sz-1)
	}
	if n == 0 {
		done := false
		return func() []value.Value {
			if done {
				return nil
			}
			done = true
			return []value.Value{}
		}
	}
	// State: shell r, the argument k that holds rank r and is the first
	// to, and the odometer of ranks of the others: those before k range
	// over [0, r), those after over [0, r].
	r, k := 0, 0
	rank := make([]int, n)
	bound := func(j int) int { // ranks of argument j range over [0, bound)
		switch {
		case j < k:
			return min(r, sizes[j])
		case j > k:
			return min(r+1, sizes[j])
		}
		return 1 // argument k is fixed at rank r
	}
	// start positions the odometer at the first input of group (r, k), or
	// reports that the group is empty.
	start := func() bool {
		if r >= sizes[k] {
			return false
		}
		for j := range rank {
			if j != k && bound(j) == 0 {
				return false
			}
			rank[j] = 0
		}
		rank[k] = r
		return true
	}
	// advance moves to the next non-empty group; false at the end.
	advance := func() bool {
		for {
			if k++; k == n {
				k = 0
				if r++; r > maxRank {
					return false
				}
			}
			if start() {
				return true
			}
		}
	}
	fresh := start()
	return func() []value.Value {
		if !fresh {
			// Odometer step over the arguments other than k.
			j := n - 1
			for ; j >= 0; j-- {
				if j == k {
					continue
				}
				if rank[j]++; rank[j] < bound(j) {
					break
				}
				rank[j] = 0
			}
			if j < 0 && !advance() {
				r = maxRank + 1
				return nil
			}
		}
		if r > maxRank {
			return nil
		}
		fresh = false
		in := make([]value.Value, n)
		for j := range in {
			in[j] = at(j, rank[j])
		}
		return in
	}
}

// ofRank is the value of t of the given rank (see Inputs).
func ofRank(t *value.Type, k int) value.Value {
	switch t.Kind {
	case value.Bool:
		return value.BoolValue(k == 1)
	case value.Uint:
		return value.Value{U: uint64(k)}
	}
	x := int64(k+1) / 2
	if k%2 == 0 {
		x = -int64(k) / 2
	}
	if x > value.MaxInt(t) {
		x = value.MinInt(t)
	}
	return value.Value{I: x}
}

// randomInputs yields up to n distinct inputs of u: the zero input, the
// small inputs (value.Small, at most n/4), then boundary values for the
// first tenth, then random values, drawn from a generator seeded by seed
// and u's name, on u's constants.
func randomInputs(u *unit.Unit, n int, seed uint64) func() []value.Value {
	types := u.Inputs()
	h := fnv.New64a()
	h.Write([]byte(u.Name))
	g := &value.Gen{R: rand.New(rand.NewPCG(seed, h.Sum64())), Pool: u.Pool}
	zero := make([]value.Value, len(types))
	for i, t := range types {
		zero[i] = value.Zero(t)
	}
	queue := append([][]value.Value{zero}, value.Small(types, max(16, n/4))...)
	seen := map[string]bool{}
	draws, boundary := 0, max(20, n/10)
	draw := func() []value.Value {
		if len(queue) > 0 {
			in := queue[0]
			queue = queue[1:]
			return in
		}
		// Boundary values for the first tenth of the draws (counted as
		// draws, not as distinct inputs: boundary values are few, and a
		// phase that lasted until they gave a tenth of n distinct inputs
		// would never end on a narrow domain).
		g.Boundary = draws < boundary
		draws++
		g.Reset()
		in := make([]value.Value, len(types))
		for i, t := range types {
			in[i] = g.Random(t)
		}
		return in
	}
	return func() []value.Value {
		// Random draws repeat: give up after 100 in a row, not counting
		// the boundary draws (which repeat most).
		for misses := 0; len(seen) < n && misses < 100; {
			in := draw()
			b, _ := json.Marshal(in)
			if !seen[string(b)] {
				seen[string(b)] = true
				return in
			}
			if draws > boundary {
				misses++
			}
		}
		return nil
	}
}

// Box returns every input of types whose values are all small integers
// or bools — signed integers in [-w, w], unsigned ones in [0, 2w],
// clipped to their type's range, with w as large as keeps the inputs
// within limit — or nil when a type is not a bool or an integer, or when
// not even w = 1 fits. Random draws rarely meet the equalities
// (a == b == c) and near misses that such a box holds. The order is the
// odometer's, last argument fastest.
func Box(types []*value.Type, limit int) [][]value.Value {
	ints := 0
	for _, t := range types {
		switch t.Kind {
		case value.Int, value.Uint:
			ints++
		case value.Bool:
			limit /= 2
		default:
			return nil
		}
	}
	if ints == 0 || limit < 1 {
		return nil
	}
	// The largest w such that (2w+1)^ints <= limit.
	w := 0
	for {
		n := 1
		for range ints {
			if n *= 2*(w+1) + 1; n > limit {
				break
			}
		}
		if n > limit {
			break
		}
		w++
	}
	if w == 0 {
		return nil
	}
	doms := make([][]value.Value, len(types))
	for i, t := range types {
		switch t.Kind {
		case value.Bool:
			doms[i] = []value.Value{value.BoolValue(false), value.BoolValue(true)}
		case value.Int:
			for x := -int64(w); x <= int64(w); x++ {
				if x >= value.MinInt(t) && x <= value.MaxInt(t) {
					doms[i] = append(doms[i], value.Value{I: x})
				}
			}
		case value.Uint:
			for x := uint64(0); x <= 2*uint64(w); x++ {
				if x <= value.MaxUint(t) {
					doms[i] = append(doms[i], value.Value{U: x})
				}
			}
		}
	}
	var out [][]value.Value
	idx := make([]int, len(types))
	for {
		in := make([]value.Value, len(types))
		for i := range types {
			in[i] = doms[i][idx[i]]
		}
		out = append(out, in)
		i := len(idx) - 1
		for ; i >= 0; i-- {
			if idx[i]++; idx[i] < len(doms[i]) {
				break
			}
			idx[i] = 0
		}
		if i < 0 {
			return out
		}
	}
}
