package equiv

import (
	"cmp"
	"maps"
	"slices"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/value"
)

// maxPlainEvals bounds the evaluations of the query plainModel spends on
// one model: moving an input from math.MaxInt64 to 100 takes about 40
// steps of a few candidates each.
const maxPlainEvals = 2000

// plainModel makes a model's integer inputs plain: each is moved toward
// zero by value's shrinker (the steps a test writer would take: small
// values, then halving) for as long as the query still holds under
// constraint.Eval and passes its checks. A report shows the input as a
// case to write, and qty=100 tells a mutant apart as well as
// qty=math.MaxInt64 does. A model the query does not hold for under Eval
// (it binds too few symbols, say) is returned as it is; the result is
// always a model of the query.
func (p *prover) plainModel(q *solve.Query, m c.Assignment) c.Assignment {
	if q == nil || m == nil {
		return m
	}
	evals := 0
	holds := func(a c.Assignment) bool {
		evals++
		for _, e := range q.Clause {
			v, err := c.Eval(e, a)
			if err != nil || !v.Bool() {
				return false
			}
		}
		for _, check := range q.Checks {
			if check(a) != nil {
				return false
			}
		}
		return true
	}
	if !holds(m) {
		return m
	}
	out := maps.Clone(m)
	for _, a := range scalarInputs(p.inputs) {
		cur, ok := out[a.Sym]
		if !ok {
			continue
		}
		for evals < maxPlainEvals {
			moved := false
			for _, cand := range p.plainer(a, cur) {
				if evals >= maxPlainEvals {
					break
				}
				next, ok := fromValue(a, cand)
				if !ok {
					continue
				}
				out[a.Sym] = next
				if holds(out) {
					cur, moved = next, true
					break
				}
				out[a.Sym] = cur
			}
			if !moved {
				break
			}
		}
	}
	return out
}

// plainer lists the values to try for the input a instead of cur,
// plainest first: the shrinker's (small values, the unit's constants
// near cur, steps toward zero), then each constant of the unit and its
// neighbours nearer zero than cur (a mutant of x >= 100 that only 99
// tells apart is found from math.MaxInt64, where no step toward zero
// leads).
func (p *prover) plainer(a *core.Arg, cur c.Value) []value.Value {
	v := toValue(a, cur)
	out := value.ShrinkWith(a.Type, v, &p.u.Pool)
	mag := func(x value.Value) uint64 {
		if a.Type.Kind == value.Uint {
			return x.U
		}
		if x.I < 0 {
			return uint64(-x.I)
		}
		return uint64(x.I)
	}
	var near []value.Value
	for _, k := range p.u.Pool.Ints {
		for _, x := range []int64{k - 1, k, k + 1} {
			cand := value.Value{I: x}
			if a.Type.Kind == value.Uint {
				if x < 0 {
					continue
				}
				cand = value.Value{U: uint64(x)}
			}
			if mag(cand) < mag(v) {
				near = append(near, cand)
			}
		}
	}
	slices.SortStableFunc(near, func(x, y value.Value) int { return cmp.Compare(mag(x), mag(y)) })
	return append(out, near...)
}

// scalarInputs lists the integer parts of the inputs that are symbols of
// their own (parameters, fields, pointees, elements at constant indexes),
// in a fixed order.
func scalarInputs(args []*core.Arg) []*core.Arg {
	var out []*core.Arg
	seen := map[*core.Arg]bool{}
	var walk func(a *core.Arg)
	walk = func(a *core.Arg) {
		if a == nil || seen[a] {
			return
		}
		seen[a] = true
		if a.Sym != nil && a.Type != nil && (a.Type.Kind == value.Int || a.Type.Kind == value.Uint) && a.Sym.Type.Kind == c.KInt {
			out = append(out, a)
		}
		for _, f := range a.Fields {
			walk(f)
		}
		walk(a.Elem)
		for _, i := range slices.Sorted(maps.Keys(a.Elems)) {
			walk(a.Elems[i])
		}
	}
	for _, a := range args {
		walk(a)
	}
	return out
}

func toValue(a *core.Arg, v c.Value) value.Value {
	if a.Type.Kind == value.Uint {
		return value.Value{U: v.Uint()}
	}
	return value.Value{I: v.Int()}
}

// fromValue is the symbol's value for a shrinker's candidate, false when
// the candidate does not fit the symbol's type.
func fromValue(a *core.Arg, v value.Value) (c.Value, bool) {
	x := uint64(v.I)
	if a.Type.Kind == value.Uint {
		x = v.U
	}
	w := c.Wrap(a.Sym.Type, x)
	if a.Type.Kind == value.Uint {
		return w, w.Uint() == v.U
	}
	return w, w.Int() == v.I
}
