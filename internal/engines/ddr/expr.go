package ddr

// ExprDomain and Update (seed 002, Figs. 8 and 9): the domain of an
// expression from the domains of its leaves, and the "de-evaluation" of
// a required domain back down to the leaves. Both work on the IR the
// explorer builds (internal/constraint), with Go's semantics: a result
// that may wrap takes its type's whole domain, division truncates and
// never divides by zero, shifts by constants scale.
//
// Where the paper's Update divides a domain between two operands by a
// fixed formula (halves for +, square roots for *), this one is exact
// whenever an operand is a single value (x+3, 3*x, x/4, x%2: most of
// the expressions in conditions), balances the two sides otherwise, and
// when no inverse applies it pins the leaves: a short search over values
// of their domains for ones that give the expression a value in the
// required domain (Korel's dynamic approach, which DDR draws on), which
// makes them single values.

import (
	"go/token"
	"math"
	"math/rand/v2"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// domains evaluates expression domains over one store (whose memo
// holds them while its domains do not change).
type domains struct {
	s   *store
	rnd *rand.Rand
	// work, when set, counts the expression nodes pin evaluates over a
	// walk (shared by the walk's domains); past maxEvalWork pin gives up:
	// a count, not the clock, bounds what a large expression costs.
	work *int64
}

// maxEvalWork bounds the expression nodes pin evaluates in one walk
// (binaryheap's bubbleUp: index arithmetic through loops makes
// expressions of thousands of nodes, tried 96 times each).
const maxEvalWork = 250_000

func newDomains(s *store, seed uint64) *domains {
	return &domains{s: s, rnd: rand.New(rand.NewPCG(seed, 2))}
}

// reset marks a point where the domains may have narrowed (the store's
// memo checks that itself).
func (d *domains) reset() {}

// supported reports whether expressions of type t have domains (floats
// have none: their conditions are left to the other engines).
func supported(t c.Type) bool { return t.Kind == c.KInt || t.Kind == c.KBool }

// of is ExprDomain: an interval that holds every value e takes for the
// values of the store's domains (floats: everything).
func (d *domains) of(e c.Expr) Dom {
	if r, ok := d.s.memoized()[e]; ok {
		return r
	}
	r := d.compute(e)
	d.s.memoized()[e] = r
	return r
}

func (d *domains) compute(e c.Expr) Dom {
	t := e.Type()
	all := TypeDom(t)
	if !supported(t) {
		return all
	}
	switch e := e.(type) {
	case *c.Var:
		return d.s.get(e.Sym)
	case *c.Const:
		if v, ok := constVal(t, e.V); ok {
			return Dom{v, v}
		}
		return all
	case *c.Unary:
		x := d.of(e.X)
		switch e.Op {
		case token.NOT:
			return Dom{1 - x.Hi, 1 - x.Lo}
		case token.SUB:
			if x.Lo == math.MinInt64 {
				return all
			}
			return fit(Dom{-x.Hi, -x.Lo}, true, t)
		case token.XOR: // ^x = -x-1
			if x.Lo == math.MinInt64 {
				return all
			}
			return fit(Dom{-x.Hi - 1, -x.Lo - 1}, true, t)
		}
	case *c.Convert:
		if !supported(e.X.Type()) {
			return all
		}
		x := d.of(e.X)
		if x.Within(all) {
			return x
		}
		return all
	case *c.Ite:
		cd := d.of(e.Cond)
		switch {
		case cd == Dom{1, 1}:
			return d.of(e.Then)
		case cd == Dom{0, 0}:
			return d.of(e.Else)
		}
		a, b := d.of(e.Then), d.of(e.Else)
		return Dom{min(a.Lo, b.Lo), max(a.Hi, b.Hi)}
	case *c.Binary:
		return d.binary(e, all)
	}
	return all
}

// fit is r if it was computed without overflow and lies in t's range,
// t's whole domain otherwise (the value may have wrapped).
func fit(r Dom, ok bool, t c.Type) Dom {
	if ok && inType(r, t) {
		return r
	}
	return TypeDom(t)
}

func (d *domains) binary(e *c.Binary, all Dom) Dom {
	if c.IsComparison(e.Op) {
		if !supported(e.X.Type()) {
			return Dom{0, 1}
		}
		return boolDom(compare(e.Op, d.of(e.X), d.of(e.Y)))
	}
	x, y := d.of(e.X), d.of(e.Y)
	t := e.Type()
	fitT := func(r Dom, ok bool) Dom { return fit(r, ok, t) }
	switch e.Op {
	case token.LAND:
		return Dom{x.Lo * y.Lo, x.Hi * y.Hi}
	case token.LOR:
		return Dom{max(x.Lo, y.Lo), max(x.Hi, y.Hi)}
	case token.ADD:
		return fitT(domAdd(x, y))
	case token.SUB:
		return fitT(domSub(x, y))
	case token.MUL:
		return fitT(domMul(x, y))
	case token.QUO:
		return fitT(domQuo(x, y))
	case token.REM:
		return fit(domRem(x, y), true, t)
	case token.AND:
		if x.Lo >= 0 || y.Lo >= 0 {
			hi := int64(math.MaxInt64)
			if x.Lo >= 0 {
				hi = x.Hi
			}
			if y.Lo >= 0 {
				hi = min(hi, y.Hi)
			}
			return fit(Dom{0, hi}, true, t)
		}
	case token.OR, token.XOR:
		if x.Lo >= 0 && y.Lo >= 0 {
			return fit(Dom{0, ones(max(x.Hi, y.Hi))}, true, t)
		}
	case token.AND_NOT:
		if x.Lo >= 0 {
			return fit(Dom{0, x.Hi}, true, t)
		}
	case token.SHL:
		if y.Point() && y.Lo >= 0 && y.Lo < 63 {
			return fitT(domMul(x, Dom{pow2(y.Lo), pow2(y.Lo)}))
		}
	case token.SHR:
		if y.Point() && y.Lo >= 0 && y.Lo < 63 {
			return fit(Dom{x.Lo >> uint(y.Lo), x.Hi >> uint(y.Hi)}, true, t)
		}
	}
	return all
}

// ones is the smallest 2^k-1 at least v (v >= 0).
func ones(v int64) int64 {
	r := int64(0)
	for r < v {
		r = r<<1 | 1
	}
	return r
}

// truth says whether a comparison holds for every pair of values of
// two domains (yes), for none (no), or for some (maybe).
type truth uint8

const (
	maybe truth = iota
	yes
	no
)

func boolDom(t truth) Dom {
	switch t {
	case yes:
		return Dom{1, 1}
	case no:
		return Dom{0, 0}
	}
	return Dom{0, 1}
}

func compare(op token.Token, x, y Dom) truth {
	if x.Empty() || y.Empty() {
		return maybe
	}
	switch op {
	case token.EQL:
		switch {
		case x.Point() && y.Point() && x.Lo == y.Lo:
			return yes
		case x.Meet(y).Empty():
			return no
		}
	case token.NEQ:
		return not(compare(token.EQL, x, y))
	case token.LSS:
		switch {
		case x.Hi < y.Lo:
			return yes
		case x.Lo >= y.Hi:
			return no
		}
	case token.LEQ:
		switch {
		case x.Hi <= y.Lo:
			return yes
		case x.Lo > y.Hi:
			return no
		}
	case token.GTR:
		return compare(token.LSS, y, x)
	case token.GEQ:
		return compare(token.LEQ, y, x)
	}
	return maybe
}

func not(t truth) truth {
	switch t {
	case yes:
		return no
	case no:
		return yes
	}
	return maybe
}

// update is Update: it narrows the leaves of e so that e's domain lies
// within want, reporting false when it cannot.
func (d *domains) update(e c.Expr, want Dom) bool {
	have := d.of(e)
	if have.Within(want) {
		return true
	}
	if have.Meet(want).Empty() {
		return false
	}
	if d.inverse(e, want) {
		d.reset()
		if d.of(e).Within(want) {
			return true
		}
	}
	d.reset()
	return d.pin(e, func(v int64) bool { return want.Has(v) })
}

// inverse narrows e's operands by the operation's inverse where one
// applies.
func (d *domains) inverse(e c.Expr, want Dom) bool {
	t := e.Type()
	switch e := e.(type) {
	case *c.Var:
		return d.s.narrow(e.Sym, want)
	case *c.Const:
		v, ok := constVal(t, e.V)
		return ok && want.Has(v)
	case *c.Unary:
		switch e.Op {
		case token.NOT:
			return d.update(e.X, Dom{1 - want.Hi, 1 - want.Lo})
		case token.SUB:
			if want.Lo == math.MinInt64 {
				return false
			}
			return d.update(e.X, Dom{-want.Hi, -want.Lo})
		}
	case *c.Convert:
		if supported(e.X.Type()) && want.Within(TypeDom(e.X.Type())) {
			return d.update(e.X, want)
		}
	case *c.Binary:
		if c.IsComparison(e.Op) || e.Op == token.LAND || e.Op == token.LOR {
			switch {
			case want == Dom{1, 1}:
				return d.reduce(e, true, 1) == ok
			case want == Dom{0, 0}:
				return d.reduce(e, false, 1) == ok
			}
			return true
		}
		return d.arith(e, want)
	}
	return false
}

// arith inverts x op y ∈ want.
func (d *domains) arith(e *c.Binary, want Dom) bool {
	x, y := d.of(e.X), d.of(e.Y)
	switch e.Op {
	case token.ADD:
		switch {
		case y.Point():
			if w, ok := domSub(want, y); ok {
				return d.update(e.X, w)
			}
		case x.Point():
			if w, ok := domSub(want, x); ok {
				return d.update(e.Y, w)
			}
		default:
			// Balanced (Fig. 9 halves the domain): x takes the part of
			// its domain that leaves y room, then y what x leaves.
			if w, ok := domSub(want, y); ok && d.update(e.X, w.Meet(halve(want, x))) {
				d.reset()
				if w, ok := domSub(want, d.of(e.X)); ok {
					return d.update(e.Y, narrowTo(w, want, d.of(e.X)))
				}
			}
		}
	case token.SUB:
		switch {
		case y.Point():
			if w, ok := domAdd(want, y); ok {
				return d.update(e.X, w)
			}
		case x.Point():
			if w, ok := domSub(x, want); ok {
				return d.update(e.Y, w)
			}
		default:
			return d.splitSub(e, x, y, want)
		}
	case token.MUL:
		switch {
		case y.Point() && y.Lo != 0:
			return d.update(e.X, divDom(want, y.Lo))
		case x.Point() && x.Lo != 0:
			return d.update(e.Y, divDom(want, x.Lo))
		case want.Lo >= 0:
			// Fig. 9's square roots: both factors in √Bot .. √Top.
			lo, hi := isqrtUp(want.Lo), isqrt(want.Hi)
			if lo <= hi && d.update(e.X, Dom{lo, hi}) {
				d.reset()
				return d.update(e.Y, Dom{lo, hi})
			}
		}
	case token.QUO:
		if y.Point() && y.Lo > 0 {
			k := y.Lo
			lo, ok1 := mul(want.Lo, k)
			hi, ok2 := mul(want.Hi, k)
			if !ok1 || !ok2 {
				return false
			}
			// Truncation: x/k ∈ [a, b] for x in [a*k - (k-1), b*k + (k-1)]
			// on the sides where a, b are 0 or beyond.
			if want.Lo <= 0 {
				lo -= k - 1
			}
			if want.Hi >= 0 {
				hi += k - 1
			}
			return d.update(e.X, Dom{lo, hi})
		}
	case token.SHL:
		if y.Point() && y.Lo >= 0 && y.Lo < 63 {
			return d.update(e.X, divDom(want, pow2(y.Lo)))
		}
	case token.SHR:
		// x >> k ∈ [a, b] (arithmetic: floor division by 2^k) for x in
		// [a·2^k, b·2^k + 2^k - 1].
		if y.Point() && y.Lo >= 0 && y.Lo < 62 {
			k := pow2(y.Lo)
			lo, ok1 := mul(want.Lo, k)
			hi, ok2 := mul(want.Hi, k)
			if hi2, ok3 := add(hi, k-1); ok1 && ok2 && ok3 {
				return d.update(e.X, Dom{lo, hi2})
			}
		}
	case token.XOR:
		// x ^ c = v for one value: x = v ^ c.
		switch {
		case y.Point() && want.Point():
			return d.update(e.X, Dom{want.Lo ^ y.Lo, want.Lo ^ y.Lo})
		case x.Point() && want.Point():
			return d.update(e.Y, Dom{want.Lo ^ x.Lo, want.Lo ^ x.Lo})
		}
	}
	return false
}

// splitSub inverts x - y ∈ want where one bound of want already holds
// for all the domains' values: the other is a relation between x and y,
// split at the middle of their (shifted) overlap as GetSplit does, so
// that neither is pinned (x - y >= 0 leaves x in [s, ..], y in [.., s]).
func (d *domains) splitSub(e *c.Binary, x, y, want Dom) bool {
	lo, ok1 := sub(x.Lo, y.Hi)
	hi, ok2 := sub(x.Hi, y.Lo)
	if !ok1 || !ok2 {
		return false
	}
	var bound int64 // x - y >= bound (ge), or x - y <= bound
	ge := false
	switch {
	case hi <= want.Hi: // y <= s, x >= s + want.Lo
		bound, ge = want.Lo, true
	case lo >= want.Lo: // y >= s, x <= s + want.Hi
		bound = want.Hi
	default:
		return false
	}
	xl, ok1 := sub(x.Lo, bound)
	xh, ok2 := sub(x.Hi, bound)
	if !ok1 || !ok2 {
		return false
	}
	s := GetSplit(Dom{xl, xh}, y, 1)
	at, ok := add(s, bound)
	if !ok {
		return false
	}
	if ge {
		return d.update(e.Y, Dom{y.Lo, s}) && d.update(e.X, Dom{at, x.Hi})
	}
	return d.update(e.Y, Dom{s, y.Hi}) && d.update(e.X, Dom{x.Lo, at})
}

// halve is the half of x's domain nearest the middle of want (seed 002's
// balanced division of a sum's domain).
func halve(want, x Dom) Dom {
	w := want.Hi/2 - want.Lo/2
	mid := want.Lo/2 + w/2
	r := Dom{mid - w/2, mid + w/2}
	if r.Meet(x).Empty() {
		return x
	}
	return r
}

// narrowTo is what y may be so that x + y ∈ want for every x of xd.
func narrowTo(w, want, xd Dom) Dom {
	lo, ok1 := sub(want.Lo, xd.Lo)
	hi, ok2 := sub(want.Hi, xd.Hi)
	if !ok1 || !ok2 {
		return w
	}
	return Dom{lo, hi}
}

// divDom is the values v with v*k ∈ want (k != 0), as an interval.
func divDom(want Dom, k int64) Dom {
	if k < 0 {
		if want.Lo == math.MinInt64 || want.Hi == math.MinInt64 || k == math.MinInt64 {
			return Dom{1, 0}
		}
		want, k = Dom{-want.Hi, -want.Lo}, -k
	}
	return Dom{ceilDiv(want.Lo, k), floorDiv(want.Hi, k)}
}

func floorDiv(a, k int64) int64 {
	q := a / k
	if a%k != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, k int64) int64 {
	q := a / k
	if a%k != 0 && a > 0 {
		q++
	}
	return q
}

func isqrt(v int64) int64 {
	if v < 0 {
		return -1
	}
	r := int64(math.Sqrt(float64(v)))
	for r*r > v {
		r--
	}
	for (r+1)*(r+1) <= v && r < 3037000499 {
		r++
	}
	return r
}

func isqrtUp(v int64) int64 {
	r := isqrt(v)
	if r*r < v {
		r++
	}
	return r
}

// pinTries bounds the values pin tries.
const pinTries = 96

// pin makes e's leaves single values for which e's value passes ok: it
// tries values of their domains (the ones nearest zero, the middles,
// the bounds, then random ones) and evaluates e on each choice.
func (d *domains) pin(e c.Expr, ok func(int64) bool) bool {
	leaves := c.Vars(e)
	if len(leaves) == 0 {
		return false
	}
	for _, s := range leaves {
		if !supported(s.Type) {
			return false
		}
	}
	asg := c.Assignment{}
	ev := &c.Evaluator{}
	for try := 0; try < pinTries; try++ {
		if d.work != nil {
			if *d.work > maxEvalWork {
				return false
			}
			*d.work += int64(ev.Size())
		}
		// Aliased leaves take one value.
		vals := map[*c.Sym]int64{}
		for _, s := range leaves {
			r := d.s.find(s)
			v, ok := vals[r]
			if !ok {
				v = d.pick(d.s.get(r), try)
				vals[r] = v
			}
			asg[s] = c.Wrap(s.Type, uint64(v))
		}
		ev.Reset(asg)
		v, err := ev.Eval(e)
		if err != nil {
			continue
		}
		iv, okv := constVal(e.Type(), v)
		if !okv || !ok(iv) {
			continue
		}
		for _, s := range leaves {
			x, _ := constVal(s.Type, asg[s])
			if !d.s.narrow(s, Dom{x, x}) {
				return false
			}
		}
		d.reset()
		return true
	}
	return false
}

// pick is the try-th value tried in dom: nearest zero, middle, bounds,
// then random.
func (d *domains) pick(dom Dom, try int) int64 {
	switch try {
	case 0:
		return nearZero(dom)
	case 1:
		return dom.Lo + int64(uint64(dom.Hi-dom.Lo)/2)
	case 2:
		return dom.Lo
	case 3:
		return dom.Hi
	}
	if try < 16 {
		// Values near zero, alternating signs, clamped into dom.
		v := int64(try/2 - 1)
		if try%2 == 1 {
			v = -v
		}
		return min(max(v, dom.Lo), dom.Hi)
	}
	n := dom.Size()
	if n == 0 {
		return dom.Lo + int64(d.rnd.Uint64()>>1)
	}
	return dom.Lo + int64(d.rnd.Uint64N(n))
}

// nearZero is dom's value of least magnitude.
func nearZero(dom Dom) int64 {
	switch {
	case dom.Lo > 0:
		return dom.Lo
	case dom.Hi < 0:
		return dom.Hi
	}
	return 0
}
