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

// guessTries bounds the candidates guess tries in turn, and then the
// random combinations; maxGuesses the guesses of a walk.
const (
	guessTries = 256
	maxGuesses = 32
)

// guess is the last resort at the goal, when no split made the need
// hold (a chain of != and || that the greedy splits cut the wrong way):
// each symbol's values come from the clause's constants (k, k±1, within
// its domain), the floats' from floatCandidates, each symbol through
// its candidates in turn with the others at their first, then random
// combinations; the clause decides.
func (w *walker) guess(s *store, cl c.Clause, need c.Expr) c.Assignment {
	if w.guesses >= maxGuesses {
		return nil
	}
	w.guesses++
	free := map[*c.Sym]bool{} // the need's symbols: the others keep their first value
	for _, v := range c.Vars(need) {
		free[s.find(v)] = true
	}
	var ints []int64
	seen := map[int64]bool{}
	for _, e := range cl {
		c.Visit(e, func(x c.Expr) bool {
			if k, ok := x.(*c.Const); ok && k.T.Kind == c.KInt {
				if v, ok := constVal(k.T, k.V); ok && !seen[v] && len(ints) < 32 {
					seen[v] = true
					ints = append(ints, v)
				}
			}
			return true
		})
	}
	var floats []float64
	var roots []*c.Sym
	cands := map[*c.Sym][]c.Value{}
	var order []*c.Sym // the clause's symbols, each once
	inOrder := map[*c.Sym]bool{}
	d := w.domains(s, w.seed)
	for _, e := range cl {
		for _, v := range c.Vars(e) {
			if inOrder[v] {
				continue
			}
			inOrder[v] = true
			r := s.find(v)
			if _, ok := cands[r]; ok {
				order = append(order, v)
				continue
			}
			var vs []c.Value
			switch {
			case !free[r] && supported(v.Type):
				vs = []c.Value{c.Wrap(v.Type, uint64(d.pick(s.get(r), 0)))}
			case v.Type.Kind == c.KFloat:
				if floats == nil {
					floats = floatCandidates(cl)
				}
				for _, f := range floats {
					vs = append(vs, c.FloatValue(v.Type, f))
				}
			case supported(v.Type):
				dom := s.get(r)
				vs = append(vs, c.Wrap(v.Type, uint64(d.pick(dom, 0))))
				for _, k := range ints {
					for _, x := range []int64{k, k - 1, k + 1} {
						if dom.Has(x) {
							vs = append(vs, c.Wrap(v.Type, uint64(x)))
						}
					}
				}
			default:
				vs = []c.Value{0}
			}
			cands[r] = vs
			roots = append(roots, r)
			order = append(order, v)
		}
	}
	at := map[*c.Sym]int{}
	rootOf := make([]*c.Sym, len(order))
	for i, v := range order {
		rootOf[i] = s.find(v)
	}
	ev := &c.Evaluator{}
	try := func() c.Assignment {
		asg := make(c.Assignment, len(order))
		for i, v := range order {
			r := rootOf[i]
			asg[v] = cands[r][at[r]]
		}
		if ev.Reset(asg); holds(ev, cl) {
			return asg
		}
		return nil
	}
	evals := 0
	for _, r := range roots {
		for j := range cands[r] {
			if evals++; evals > guessTries {
				break
			}
			at[r] = j
			if asg := try(); asg != nil {
				return asg
			}
		}
		at[r] = 0
	}
	for t := 0; t < guessTries; t++ {
		for _, r := range roots {
			at[r] = d.rnd.IntN(len(cands[r]))
		}
		if asg := try(); asg != nil {
			return asg
		}
	}
	return nil
}
