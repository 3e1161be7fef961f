package ddr

// ReduceDomains and GetSplit (seed 002, Figs. 3 to 5): a predicate
// taken on the path narrows the domains so that it holds for every
// value left in them. A relation between two expressions whose domains
// intersect is split: a split point divides the two domains so that
// every value on one side relates to every value on the other, and the
// search index picks the point (1/2, then 1/4, 3/4, 1/8, … of the
// overlap), which is how the walk backtracks to try another.

import (
	"go/token"
	"math"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// outcome of a reduction.
type outcome uint8

const (
	ok          outcome = iota // the predicate holds for every value left
	infeasible                 // it holds for none of the current domains
	failed                     // the split or the de-evaluation found nothing
	unsupported                // it is not over integers (floats)
)

// srchPt is the search index's point: 1/2, 1/4, 3/4, 1/8, 3/8, 5/8, …
// as numerator and denominator.
func srchPt(k int) (num, den int64) {
	if k < 1 {
		k = 1
	}
	exp := 0
	for 1<<(exp+1) <= k {
		exp++
	}
	j := int64(k - 1<<exp)
	return 2*j + 1, int64(1) << (exp + 1)
}

// GetSplit is Fig. 4: a point of the two domains' overlap at the search
// index's fraction of it, by the four cases of Fig. 5 (one domain inside
// the other, or overlapping from either side).
func GetSplit(l, r Dom, k int) int64 {
	num, den := srchPt(k)
	var lo, hi int64
	switch {
	case l.Lo >= r.Lo && l.Hi <= r.Hi:
		lo, hi = l.Lo, l.Hi
	case l.Lo <= r.Lo && l.Hi >= r.Hi:
		lo, hi = r.Lo, r.Hi
	case l.Lo >= r.Lo && l.Hi >= r.Hi:
		lo, hi = l.Lo, r.Hi
	default:
		lo, hi = r.Lo, l.Hi
	}
	if hi < lo {
		return lo
	}
	w := float64(hi) - float64(lo)
	s := float64(lo) + math.Floor(w*float64(num)/float64(den))
	switch {
	case s >= float64(math.MaxInt64):
		return hi
	case s <= float64(math.MinInt64):
		return lo
	}
	return min(max(int64(s), lo), hi)
}

// reduce narrows the domains so that cond (a bool) has the value want
// for every value left, with search index k for the splits.
func (d *domains) reduce(cond c.Expr, want bool, k int) outcome {
	if cond.Type().Kind != c.KBool {
		return unsupported
	}
	have := d.of(cond)
	switch {
	case have == Dom{1, 1}:
		return ifElse(want, ok, infeasible)
	case have == Dom{0, 0}:
		return ifElse(want, infeasible, ok)
	}
	switch e := cond.(type) {
	case *c.Var:
		if !d.s.narrow(e.Sym, boolDom(ifElse(want, yes, no))) {
			return infeasible
		}
		d.reset()
		return ok
	case *c.Unary:
		if e.Op == token.NOT {
			return d.reduce(e.X, !want, k)
		}
	case *c.Binary:
		switch e.Op {
		case token.LAND, token.LOR:
			// want && (or want false ||): both; otherwise one of the two,
			// the search index choosing which comes first.
			if (e.Op == token.LAND) == want {
				before := d.s.changed
				if r := d.reduce(e.X, want, k); r != ok {
					return r
				}
				r := d.reduce(e.Y, want, k)
				if r == infeasible && d.s.changed != before {
					// The first's split left the second nothing: another
					// split may (s != ' ' && s >= '0' after s <= 31).
					return failed
				}
				return r
			}
			first, second := e.X, e.Y
			if k%2 == 0 {
				first, second = second, first
			}
			save := d.s.fork()
			if r := d.reduce(first, want, (k+1)/2); r == ok {
				return ok
			}
			*d.s = *save
			d.reset()
			return d.reduce(second, want, (k+1)/2)
		}
		if c.IsComparison(e.Op) {
			op := e.Op
			if !want {
				op = negate(op)
			}
			return d.relate(op, e.X, e.Y, k)
		}
	}
	// A bool the domains do not describe (a call's result, Defined):
	// pin its leaves.
	if d.pin(cond, func(v int64) bool { return (v == 1) == want }) {
		return ok
	}
	return failed
}

func ifElse[T any](b bool, x, y T) T {
	if b {
		return x
	}
	return y
}

// negate is the comparison that holds when op does not.
func negate(op token.Token) token.Token {
	switch op {
	case token.EQL:
		return token.NEQ
	case token.NEQ:
		return token.EQL
	case token.LSS:
		return token.GEQ
	case token.GEQ:
		return token.LSS
	case token.GTR:
		return token.LEQ
	}
	return token.GTR // LEQ
}

// relate narrows the domains so that l op r holds for all their values.
func (d *domains) relate(op token.Token, l, r c.Expr, k int) outcome {
	if !supported(l.Type()) || !supported(r.Type()) {
		return unsupported
	}
	switch op {
	case token.GTR:
		return d.relate(token.LSS, r, l, k)
	case token.GEQ:
		return d.relate(token.LEQ, r, l, k)
	}
	ld, rd := d.of(l), d.of(r)
	switch compare(op, ld, rd) {
	case yes:
		return ok
	case no:
		return infeasible
	}
	done := false
	switch op {
	case token.LSS:
		// l <= s-1 < s <= r, s in the overlap (clamped so that both
		// sides keep a value).
		s := GetSplit(ld, rd, k)
		s = min(max(s, ld.Lo+1), rd.Hi)
		done = d.update(l, Dom{ld.Lo, s - 1}) && d.update(r, Dom{s, rd.Hi})
	case token.LEQ:
		s := min(max(GetSplit(ld, rd, k), max(ld.Lo, rd.Lo)), min(ld.Hi, rd.Hi))
		done = d.update(l, Dom{ld.Lo, s}) && d.update(r, Dom{s, rd.Hi})
	case token.EQL:
		lv, lok := l.(*c.Var)
		rv, rok := r.(*c.Var)
		if lok && rok {
			// Aliased (Example 3): one domain, one value; equal for
			// every value left, which comparing the two intervals
			// cannot tell (it would pin them).
			if !d.s.unite(lv.Sym, rv.Sym) {
				return infeasible
			}
			d.reset()
			return ok
		}
		// Both sides one value of their overlap.
		v := GetSplit(ld, rd, k)
		done = d.update(l, Dom{v, v}) && d.update(r, Dom{v, v})
	case token.NEQ:
		switch {
		case rd.Point():
			done = d.update(l, avoid(ld, rd.Lo, k))
		case ld.Point():
			done = d.update(r, avoid(rd, ld.Lo, k))
		case k%2 == 1:
			return d.relate(token.LSS, l, r, (k+1)/2)
		default:
			return d.relate(token.LSS, r, l, (k+1)/2)
		}
	}
	d.reset()
	if done && compare(op, d.of(l), d.of(r)) == yes {
		return ok
	}
	return d.settle(op, l, r)
}

// avoid is the part of dom on one side of v (the search index picks
// the side; the other when the first is empty).
func avoid(dom Dom, v int64, k int) Dom {
	below, above := Dom{dom.Lo, v - 1}, Dom{v + 1, dom.Hi}
	if v == math.MinInt64 {
		below = Dom{1, 0}
	}
	if v == math.MaxInt64 {
		above = Dom{1, 0}
	}
	if k%2 == 0 {
		below, above = above, below
	}
	if !below.Empty() {
		return below
	}
	return above
}

// settle is the last resort of a relation the splits and Update did not
// establish: its leaves pinned to values for which it holds.
func (d *domains) settle(op token.Token, l, r c.Expr) outcome {
	e := c.Bin(op, l, r)
	if d.pin(e, func(v int64) bool { return v == 1 }) {
		return ok
	}
	return failed
}
