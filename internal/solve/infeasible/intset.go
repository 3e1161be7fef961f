package infeasible

// This file holds exact sets of values of an integer type, the
// arithmetic constants comparison needs: the values of V for which a
// comparison holds, their preimages and images under v ↦ v+k, v ↦ k-v
// (bijections of the 2^n values) and widening conversions, intersection
// and complement.
//
// A value is represented by its bit pattern, the low n bits of its
// canonical constraint.Value, so that wrapping arithmetic is arithmetic
// modulo 2^n on the patterns. Order (signed or not) only matters when a
// comparison is turned into a set (cmpSet) and when bounds are read back
// (hull).

import (
	"go/token"
	"math/big"
	"sort"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// span is the bit patterns lo..hi, lo <= hi.
type span struct{ lo, hi uint64 }

// iset is a set of values of the integer type t: sorted, disjoint,
// non-adjacent spans of bit patterns.
type iset struct {
	t  c.Type
	sp []span
}

func mask(t c.Type) uint64 { return ^uint64(0) >> (64 - t.Bits) }

// pattern returns the bit pattern of the canonical value v.
func pattern(t c.Type, v c.Value) uint64 { return uint64(v) & mask(t) }

// signedOf reads the pattern p of the signed type t.
func signedOf(t c.Type, p uint64) int64 {
	sh := 64 - t.Bits
	return int64(p<<sh) >> sh
}

func full(t c.Type) iset { return iset{t, []span{{0, mask(t)}}} }

// retype returns s as a set of t, whose patterns it must all be.
func (s iset) retype(t c.Type) iset { return iset{t, s.sp} }

func (s iset) empty() bool { return len(s.sp) == 0 }

// mk builds the set of t holding the given spans, in any order,
// overlapping or not.
func mk(t c.Type, sp []span) iset {
	sort.Slice(sp, func(i, j int) bool { return sp[i].lo < sp[j].lo })
	var out []span
	for _, x := range sp {
		if n := len(out); n > 0 && (out[n-1].hi == ^uint64(0) || x.lo <= out[n-1].hi+1) {
			out[n-1].hi = max(out[n-1].hi, x.hi)
			continue
		}
		out = append(out, x)
	}
	return iset{t, out}
}

// arc appends the patterns lo, lo+1, …, hi counted modulo 2^n: one span,
// or two when the arc wraps past the largest pattern.
func arc(sp []span, t c.Type, lo, hi uint64) []span {
	m := mask(t)
	lo, hi = lo&m, hi&m
	if lo <= hi {
		return append(sp, span{lo, hi})
	}
	return append(sp, span{lo, m}, span{0, hi})
}

func (s iset) intersect(o iset) iset {
	var out []span
	for _, a := range s.sp {
		for _, b := range o.sp {
			lo, hi := max(a.lo, b.lo), min(a.hi, b.hi)
			if lo <= hi {
				out = append(out, span{lo, hi})
			}
		}
	}
	return mk(s.t, out)
}

func (s iset) complement() iset {
	var out []span
	next, m := uint64(0), mask(s.t)
	done := false
	for _, x := range s.sp {
		if x.lo > next {
			out = append(out, span{next, x.lo - 1})
		}
		if x.hi == m {
			done = true
			break
		}
		next = x.hi + 1
	}
	if !done {
		out = append(out, span{next, m})
	}
	return iset{s.t, out}
}

func (s iset) contains(p uint64) bool {
	for _, x := range s.sp {
		if x.lo <= p && p <= x.hi {
			return true
		}
	}
	return false
}

// shift returns {v + k : v ∈ s} (modulo 2^n): the image under v ↦ v+k,
// and the preimage under v ↦ v-k.
func (s iset) shift(k uint64) iset {
	var out []span
	for _, x := range s.sp {
		out = arc(out, s.t, x.lo+k, x.hi+k)
	}
	return mk(s.t, out)
}

// reflect returns {k - v : v ∈ s}: the image and also the preimage under
// v ↦ k-v, which is its own inverse. It maps the arc lo..hi onto the arc
// k-hi..k-lo.
func (s iset) reflect(k uint64) iset {
	var out []span
	for _, x := range s.sp {
		out = arc(out, s.t, k-x.hi, k-x.lo)
	}
	return mk(s.t, out)
}

// signExt describes converting the signed type f to the type t at least
// as wide: the patterns of f below keep (its non-negative values) are
// unchanged in t; those from keep up (the negative values) gain off, the
// sign extension's high bits. An unsigned f is zero-extended: every
// pattern is unchanged.
func signExt(f, t c.Type) (keep, off uint64) {
	return uint64(1) << (f.Bits - 1), mask(t) - mask(f)
}

// extImage returns {t(v) : v ∈ s} for a set s of the narrower type s.t.
func (s iset) extImage(t c.Type) iset {
	if !s.t.Signed {
		return mk(t, append([]span(nil), s.sp...))
	}
	keep, off := signExt(s.t, t)
	var out []span
	for _, x := range s.sp {
		if x.lo < keep {
			out = append(out, span{x.lo, min(x.hi, keep-1)})
		}
		if x.hi >= keep {
			out = append(out, span{max(x.lo, keep) + off, x.hi + off})
		}
	}
	return mk(t, out)
}

// extPreimage returns {v of type f : t(v) ∈ s}, t = s.t at least as wide
// as f.
func (s iset) extPreimage(f c.Type) iset {
	if !f.Signed {
		return s.intersect(iset{s.t, []span{{0, mask(f)}}}).retype(f)
	}
	keep, off := signExt(f, s.t)
	var out []span
	for _, x := range s.sp {
		if x.lo < keep {
			out = append(out, span{x.lo, min(x.hi, keep-1)})
		}
		if lo := max(x.lo, keep+off); lo <= x.hi {
			out = append(out, span{lo - off, x.hi - off})
		}
	}
	return mk(f, out)
}

// cmpSet returns the values v of t with v op k (op a comparison).
func cmpSet(t c.Type, op token.Token, k c.Value) iset {
	kv := value(t, pattern(t, k))
	one := big.NewInt(1)
	switch op {
	case token.EQL:
		return interval(t, kv, kv)
	case token.NEQ:
		return interval(t, kv, kv).complement()
	case token.LSS:
		return interval(t, tmin(t), new(big.Int).Sub(kv, one))
	case token.LEQ:
		return interval(t, tmin(t), kv)
	case token.GTR:
		return interval(t, new(big.Int).Add(kv, one), tmax(t))
	}
	return interval(t, kv, tmax(t)) // GEQ
}

// ordSpan appends the values lo..hi (in t's order, as big integers within
// t's range, lo <= hi) as patterns.
func ordSpan(sp []span, t c.Type, lo, hi *big.Int) []span {
	pl, ph := toPattern(t, lo), toPattern(t, hi)
	if !t.Signed || lo.Sign() >= 0 || hi.Sign() < 0 {
		return append(sp, span{pl, ph})
	}
	return append(sp, span{pl, mask(t)}, span{0, ph})
}

// toPattern returns the pattern of x, a value in t's range.
func toPattern(t c.Type, x *big.Int) uint64 {
	if x.Sign() < 0 {
		return uint64(x.Int64()) & mask(t)
	}
	return x.Uint64() & mask(t)
}

// value returns the pattern p of t as a number.
func value(t c.Type, p uint64) *big.Int {
	if t.Signed {
		return big.NewInt(signedOf(t, p))
	}
	return new(big.Int).SetUint64(p)
}

// tmin and tmax are the bounds of t as numbers.
func tmin(t c.Type) *big.Int { return big.NewInt(t.Min()) }
func tmax(t c.Type) *big.Int { return new(big.Int).SetUint64(t.Max()) }

// interval returns the values lo..hi of t (in t's order), clipped to t's
// range; empty if lo > hi.
func interval(t c.Type, lo, hi *big.Int) iset {
	if mn := tmin(t); lo.Cmp(mn) < 0 {
		lo = mn
	}
	if mx := tmax(t); hi.Cmp(mx) > 0 {
		hi = mx
	}
	if lo.Cmp(hi) > 0 {
		return iset{t: t}
	}
	return mk(t, ordSpan(nil, t, lo, hi))
}

// hull returns the least and greatest values of a non-empty s in t's
// order.
func (s iset) hull() (lo, hi *big.Int) {
	t := s.t
	if !t.Signed {
		return value(t, s.sp[0].lo), value(t, s.sp[len(s.sp)-1].hi)
	}
	// Patterns from 2^(n-1) up are the negative values, which come first
	// in order: the least value is the first span at or above that, if
	// any; the greatest the last span below it, if any.
	half := uint64(1) << (t.Bits - 1)
	for _, x := range s.sp {
		if x.hi >= half {
			lo = value(t, max(x.lo, half))
			break
		}
	}
	if lo == nil {
		lo = value(t, s.sp[0].lo)
	}
	for i := len(s.sp) - 1; i >= 0; i-- {
		if x := s.sp[i]; x.lo < half {
			hi = value(t, min(x.hi, half-1))
			break
		}
	}
	if hi == nil {
		hi = value(t, s.sp[len(s.sp)-1].hi)
	}
	return lo, hi
}
