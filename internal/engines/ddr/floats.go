package ddr

// Floats have no domains here: their predicates are taken as they are
// during the walk, and at the goal the values of the float symbols are
// searched among candidates the path's own constants suggest (each
// constant, its neighbours, its negation, halves and doubles, ratios of
// two constants), with zero, ±1, the infinities and NaN; the clause,
// evaluated in Go's float semantics, decides.

import (
	"math"
	"sort"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// floatTries bounds the combinations of float candidates tried per
// integer choice.
const floatTries = 64

// floatCandidates is the candidate values for the float symbols of cl.
func floatCandidates(cl c.Clause) []float64 {
	seen := map[float64]bool{}
	var consts []float64
	for _, e := range cl {
		c.Visit(e, func(x c.Expr) bool {
			if k, ok := x.(*c.Const); ok && k.T.Kind == c.KFloat {
				if f := k.V.Float(); !math.IsNaN(f) && !math.IsInf(f, 0) && !seen[f] {
					seen[f] = true
					consts = append(consts, f)
				}
			}
			return true
		})
	}
	sort.Float64s(consts)
	if len(consts) > 16 {
		consts = consts[:16]
	}
	out := []float64{0, 1, -1, 0.5, -0.5, 2, -2}
	for _, k := range consts {
		out = append(out, k, -k, k+1, k-1, k+0.5, k-0.5, k*2, k/2,
			math.Nextafter(k, math.Inf(1)), math.Nextafter(k, math.Inf(-1)))
		for _, q := range consts {
			if q != 0 && q != k {
				out = append(out, k/q)
			}
		}
	}
	out = append(out, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64)
	return out
}
