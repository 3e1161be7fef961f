package infeasible

// This file holds constraint splitting (seed 003 Table 4, Figure 5). A
// constraint C = (V1 aop V2) rop K, read as "V1 aop V2 ∈ S" by constants
// comparison (so K on the left, (V1 aop V2) + K1 rop K2 and ! are
// covered too), is split into parts with C ⇒ P1 ∨ P2; C conflicts with
// the clause when each part conflicts with one of its constraints.
//
// Table 4's rows are facts about mathematical integers. Go's wrap, so a
// row marked "bounded" below is used only when the bounds the clause
// gives V1 and V2 (from its constants comparisons, within the type's
// range) show by interval arithmetic that V1 aop V2 cannot wrap: then
// every assignment satisfying the clause computes the mathematical value,
// and the row holds for it. Rows marked "ring" hold for every assignment.
// Parts compare V1 and V2 with constants of their type or with each
// other, which means the same in Go as in mathematics (V1 == -V2, whose
// negation wraps, appears only in ring rows).
//
// Rows, with S the values C allows (rop K) and σ = +1 for +, -1 for -:
//
//	+ -  S ⊆ [L, max]  ⇒ V1 ≥ a ∨ σV2 ≥ L-a+1, any a        bounded (rows >, ≥, = of + and -, K = 0 generalised)
//	+ -  S ⊆ [min, U]  ⇒ V1 ≤ p ∨ σV2 ≤ U-p-1, any p        bounded (rows <, ≤, = of + and -)
//	+    S = {0}       ⇒ V1 == -V2;  0 ∉ S ⇒ V1 != -V2      ring (row ≠ kept, = added)
//	-    S = {0}       ⇒ V1 == V2;   0 ∉ S ⇒ V1 != V2       ring (row ≠ kept, = added)
//	-    S > 0, ≥ 0, < 0, ≤ 0 ⇒ V1 > V2, ≥, <, ≤           bounded (added)
//	*    S > 0  ⇒ (V1>0 ∧ V2>0) ∨ (V1<0 ∧ V2<0)             bounded (row kept)
//	*    S ≥ 0  ⇒ (V1≥0 ∧ V2≥0) ∨ (V1≤0 ∧ V2≤0)             bounded (row kept)
//	*    S < 0  ⇒ (V1>0 ∧ V2<0) ∨ (V1<0 ∧ V2>0)             bounded (row kept)
//	*    S ≤ 0  ⇒ (V1≥0 ∧ V2≤0) ∨ (V1≤0 ∧ V2≥0)             bounded (row kept)
//	*    S = {0} ⇒ V1 == 0 ∨ V2 == 0                        bounded (row kept; int8 16*16 == 0)
//	*    0 ∉ S  ⇒ V1 != 0 ∧ V2 != 0                         ring (row kept)
//	/    S > 0  ⇒ (V1>0 ∧ V2>0) ∨ (V1<0 ∧ V2<0)             ring (row kept; MinInt/-1 is negative)
//	/    S < 0  ⇒ (V1>0 ∧ V2<0) ∨ (V1<0 ∧ V2>0)             unless V1 can be MinInt while V2 can be -1
//	/    0 ∉ S  ⇒ V1 != 0 ∧ V2 != 0                         ring (row x ≠ 0 kept; y ≠ 0 as y = 0 panics)
//
// Dropped ÷ rows, false under truncated division (and so for Go even
// without wraparound): (x÷y) ≥ 0 ⇒ (x≥0 ∧ y>0) ∨ (x≤0 ∧ y<0) fails for
// -1/2 == 0; (x÷y) ≤ 0 ⇒ (x≥0 ∧ y<0) ∨ (x≤0 ∧ y>0) fails for 1/2 == 0;
// (x÷y) = 0 ⇒ x = 0 fails for 1/2 == 0. A quotient of 0 says only
// |x| < |y|, which no part of this form captures.
//
// The generalised + and - rows need the split point a (or p). For each
// constraint D of the clause, a is chosen as the least value making
// V1 ≥ a conflict with D (one above the largest value D allows V1), and
// also as the greatest value making the other part conflict with D; both
// parts are then checked against every constraint. Whenever the bounds
// allow these rows, they find every conflict the paper's K = 0 rows find:
// its parts are weaker.

import (
	"go/token"
	"math/big"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// split reports whether a = (V1 aop V2) rop K conflicts with the clause
// cl (which holds a) by splitting.
func split(a *info, cl []*info) (Conflict, bool) {
	if !a.cc.ok || a.cc.set.empty() {
		return Conflict{}, false
	}
	b, ok := a.cc.base.(*c.Binary)
	if !ok {
		return Conflict{}, false
	}
	switch b.Op {
	case token.ADD, token.SUB, token.MUL, token.QUO:
	default:
		return Conflict{}, false
	}
	sp := splitter{t: b.Type(), v1: b.X, v2: b.Y, s: a.cc.set, cl: cl}
	var ok1, ok2 bool
	sp.l1, sp.h1, ok1 = bounds(sp.v1, cl)
	sp.l2, sp.h2, ok2 = bounds(sp.v2, cl)
	if !ok1 || !ok2 {
		return Conflict{}, false // cl leaves V1 or V2 no value, which a pair may not show
	}
	sp.sl, sp.sh = sp.s.hull()
	var rows [][][]c.Expr
	switch b.Op {
	case token.ADD, token.SUB:
		rows = sp.linear(b.Op)
	case token.MUL:
		rows = sp.mul()
	case token.QUO:
		rows = sp.quo()
	}
	for _, row := range rows {
		if k, ok := refute(a, row, cl); ok {
			return k, true
		}
	}
	return Conflict{}, false
}

// splitter holds what the rows of one constraint need.
type splitter struct {
	t              c.Type
	v1, v2         c.Expr
	s              iset     // values of V1 aop V2 the constraint allows
	sl, sh         *big.Int // hull of s
	l1, h1, l2, h2 *big.Int // bounds of V1 and V2 in the clause
	cl             []*info
}

var (
	big0 = big.NewInt(0)
	big1 = big.NewInt(1)
)

func add(x, y *big.Int) *big.Int { return new(big.Int).Add(x, y) }
func sub(x, y *big.Int) *big.Int { return new(big.Int).Sub(x, y) }

// noWrap reports whether v1 op v2 (op + - *) stays within the type for
// every pair of values within the bounds.
func (sp *splitter) noWrap(op token.Token) bool {
	var lo, hi *big.Int
	switch op {
	case token.ADD:
		lo, hi = add(sp.l1, sp.l2), add(sp.h1, sp.h2)
	case token.SUB:
		lo, hi = sub(sp.l1, sp.h2), sub(sp.h1, sp.l2)
	case token.MUL:
		for _, x := range []*big.Int{sp.l1, sp.h1} {
			for _, y := range []*big.Int{sp.l2, sp.h2} {
				p := new(big.Int).Mul(x, y)
				if lo == nil || p.Cmp(lo) < 0 {
					lo = p
				}
				if hi == nil || p.Cmp(hi) > 0 {
					hi = p
				}
			}
		}
	}
	return lo.Cmp(tmin(sp.t)) >= 0 && hi.Cmp(tmax(sp.t)) <= 0
}

// Sign classes of s.
func (sp *splitter) pos() bool    { return sp.sl.Sign() > 0 }
func (sp *splitter) neg() bool    { return sp.sh.Sign() < 0 }
func (sp *splitter) nonneg() bool { return sp.sl.Sign() >= 0 }
func (sp *splitter) nonpos() bool { return sp.sh.Sign() <= 0 }
func (sp *splitter) zero() bool   { return sp.sl.Sign() == 0 && sp.sh.Sign() == 0 }
func (sp *splitter) nonzero() bool {
	return !sp.s.contains(0)
}

// cmp returns v op k for a constant k of the type.
func (sp *splitter) cmp(op token.Token, v c.Expr, k *big.Int) c.Expr {
	return c.Bin(op, v, c.I(sp.t, int64(toPattern(sp.t, k))))
}

func (sp *splitter) cmp0(op token.Token, v c.Expr) c.Expr { return sp.cmp(op, v, big0) }

// atLeast returns v >= k for any number k: v > max (never true) when k is
// above the type's range; ok is false when k is at or below its minimum
// (always true, a part that cannot be refuted).
func (sp *splitter) atLeast(v c.Expr, k *big.Int) (c.Expr, bool) {
	switch {
	case k.Cmp(tmin(sp.t)) <= 0:
		return nil, false
	case k.Cmp(tmax(sp.t)) > 0:
		return sp.cmp(token.GTR, v, tmax(sp.t)), true
	}
	return sp.cmp(token.GEQ, v, k), true
}

// atMost is atLeast's mirror: v <= k.
func (sp *splitter) atMost(v c.Expr, k *big.Int) (c.Expr, bool) {
	switch {
	case k.Cmp(tmax(sp.t)) >= 0:
		return nil, false
	case k.Cmp(tmin(sp.t)) < 0:
		return sp.cmp(token.LSS, v, tmin(sp.t)), true
	}
	return sp.cmp(token.LEQ, v, k), true
}

// linear returns the rows for V1 + V2 and V1 - V2.
func (sp *splitter) linear(op token.Token) [][][]c.Expr {
	var rows [][][]c.Expr
	// Ring rows: v1 + v2 == 0 ⇔ v1 == -v2, v1 - v2 == 0 ⇔ v1 == v2.
	other := sp.v2
	if op == token.ADD {
		other = c.Un(token.SUB, sp.v2)
	}
	switch {
	case sp.zero():
		rows = append(rows, [][]c.Expr{{c.Bin(token.EQL, sp.v1, other)}})
	case sp.nonzero():
		rows = append(rows, [][]c.Expr{{c.Bin(token.NEQ, sp.v1, other)}})
	}
	if !sp.noWrap(op) {
		return rows
	}
	if op == token.SUB {
		for _, r := range []struct {
			ok bool
			op token.Token
		}{{sp.pos(), token.GTR}, {sp.neg(), token.LSS}, {sp.nonneg(), token.GEQ}, {sp.nonpos(), token.LEQ}} {
			if r.ok {
				rows = append(rows, [][]c.Expr{{c.Bin(r.op, sp.v1, sp.v2)}})
			}
		}
	}
	plus := op == token.ADD
	if L := sp.sl; L.Cmp(tmin(sp.t)) > 0 {
		// V1 + σV2 ≥ L: V1 ≤ a-1 ∧ σV2 ≤ L-a would give at most L-1, so
		// V1 ≥ a ∨ σV2 ≥ L-a+1, i.e. V2 ≥ L-a+1 (σ = +1) or
		// V2 ≤ a-L-1 (σ = -1).
		for _, a := range sp.points(func(lo, hi *big.Int) []*big.Int {
			if plus { // V2 ≥ L-a+1 refuted by hi < L-a+1: a ≤ L-hi
				return []*big.Int{add(hi, big1), sub(L, hi)}
			}
			return []*big.Int{add(hi, big1), add(lo, L)} // V2 ≤ a-L-1 refuted by lo > a-L-1: a ≤ lo+L
		}) {
			p1, ok1 := sp.atLeast(sp.v1, a)
			var p2 c.Expr
			ok2 := false
			if plus {
				p2, ok2 = sp.atLeast(sp.v2, add(sub(L, a), big1))
			} else {
				p2, ok2 = sp.atMost(sp.v2, sub(sub(a, L), big1))
			}
			if ok1 && ok2 {
				rows = append(rows, [][]c.Expr{{p1}, {p2}})
			}
		}
	}
	if U := sp.sh; U.Cmp(tmax(sp.t)) < 0 {
		// V1 + σV2 ≤ U: V1 ≥ p+1 ∧ σV2 ≥ U-p would give at least U+1, so
		// V1 ≤ p ∨ σV2 ≤ U-p-1, i.e. V2 ≤ U-p-1 (σ = +1) or
		// V2 ≥ p+1-U (σ = -1).
		for _, p := range sp.points(func(lo, hi *big.Int) []*big.Int {
			if plus { // V2 ≤ U-p-1 refuted by lo > U-p-1: p ≥ U-lo
				return []*big.Int{sub(lo, big1), sub(U, lo)}
			}
			return []*big.Int{sub(lo, big1), add(hi, U)} // V2 ≥ p+1-U refuted by hi < p+1-U: p ≥ hi+U
		}) {
			p1, ok1 := sp.atMost(sp.v1, p)
			var p2 c.Expr
			ok2 := false
			if plus {
				p2, ok2 = sp.atMost(sp.v2, sub(sub(U, p), big1))
			} else {
				p2, ok2 = sp.atLeast(sp.v2, sub(add(p, big1), U))
			}
			if ok1 && ok2 {
				rows = append(rows, [][]c.Expr{{p1}, {p2}})
			}
		}
	}
	return rows
}

// points returns candidate split points: for each constraint D of the
// clause on V1's base, f's first result from the bounds D alone gives
// V1, and for each one on V2's base, f's second result from the bounds D
// gives V2; the type's range stands for "no constraint". Duplicates are
// dropped. (Constraints on other expressions would give only the type's
// range.)
func (sp *splitter) points(f func(lo, hi *big.Int) []*big.Int) []*big.Int {
	var out []*big.Int
	seen := map[string]bool{}
	addPt := func(v c.Expr, which int, d []*info) {
		lo, hi, ok := bounds(v, d)
		if !ok {
			return
		}
		if x := f(lo, hi)[which]; !seen[x.String()] {
			seen[x.String()] = true
			out = append(out, x)
		}
	}
	for which, v := range []c.Expr{sp.v1, sp.v2} {
		addPt(v, which, nil)
		base, _ := peel(v)
		for _, d := range sp.cl {
			if d.cc.ok && Equal(d.cc.base, base) {
				addPt(v, which, []*info{d})
			}
		}
	}
	return out
}

// mul returns the rows for V1 * V2.
func (sp *splitter) mul() [][][]c.Expr {
	var rows [][][]c.Expr
	x, y := sp.v1, sp.v2
	if sp.nonzero() { // x == 0 or y == 0 makes the product 0, wrapping or not
		rows = append(rows, [][]c.Expr{{sp.cmp0(token.NEQ, x), sp.cmp0(token.NEQ, y)}})
	}
	if !sp.noWrap(token.MUL) {
		return rows
	}
	if sp.zero() {
		rows = append(rows, [][]c.Expr{{sp.cmp0(token.EQL, x)}, {sp.cmp0(token.EQL, y)}})
	}
	if sp.pos() {
		rows = append(rows, sp.signs(token.GTR, token.GTR, token.LSS, token.LSS))
	}
	if sp.neg() {
		rows = append(rows, sp.signs(token.GTR, token.LSS, token.LSS, token.GTR))
	}
	if sp.nonneg() {
		rows = append(rows, sp.signs(token.GEQ, token.GEQ, token.LEQ, token.LEQ))
	}
	if sp.nonpos() {
		rows = append(rows, sp.signs(token.GEQ, token.LEQ, token.LEQ, token.GEQ))
	}
	return rows
}

// quo returns the rows for V1 / V2 (truncated division).
func (sp *splitter) quo() [][][]c.Expr {
	var rows [][][]c.Expr
	if sp.nonzero() { // 0/y == 0, and y == 0 panics
		rows = append(rows, [][]c.Expr{{sp.cmp0(token.NEQ, sp.v1), sp.cmp0(token.NEQ, sp.v2)}})
	}
	if sp.pos() { // |x| ≥ |y| > 0 with equal signs; MinInt/-1 is MinInt, not positive
		rows = append(rows, sp.signs(token.GTR, token.GTR, token.LSS, token.LSS))
	}
	minusOne := big.NewInt(-1)
	overflow := sp.t.Signed && sp.l1.Cmp(tmin(sp.t)) == 0 && sp.l2.Cmp(minusOne) <= 0 && sp.h2.Cmp(minusOne) >= 0
	if sp.neg() && !overflow { // MinInt/-1 == MinInt is negative with both operands negative
		rows = append(rows, sp.signs(token.GTR, token.LSS, token.LSS, token.GTR))
	}
	return rows
}

// signs returns the row (V1 o1 0 ∧ V2 o2 0) ∨ (V1 o3 0 ∧ V2 o4 0).
func (sp *splitter) signs(o1, o2, o3, o4 token.Token) [][]c.Expr {
	return [][]c.Expr{
		{sp.cmp0(o1, sp.v1), sp.cmp0(o2, sp.v2)},
		{sp.cmp0(o3, sp.v1), sp.cmp0(o4, sp.v2)},
	}
}

// refute reports whether every part of row (a disjunction of
// conjunctions) conflicts with a constraint of cl, and if so the
// conflict: a part conflicts when one of its conjuncts can never hold, or
// conflicts with a constraint of cl by negation or constants comparison.
func refute(a *info, row [][]c.Expr, cl []*info) (Conflict, bool) {
	k := Conflict{Strategy: Splitting, A: a.e}
	for _, part := range row {
		with, ok := refutePart(part, cl)
		if !ok {
			return Conflict{}, false
		}
		k.Parts = append(k.Parts, conj(part))
		k.With = append(k.With, with)
	}
	k.B = k.With[0]
	if k.B == nil {
		k.B = a.e
	}
	return k, true
}

func refutePart(part []c.Expr, cl []*info) (c.Expr, bool) {
	for _, q := range part {
		qi := analyse(q)
		if _, ok := alone(qi); ok {
			return nil, true
		}
		for _, d := range cl {
			if _, ok := pair(qi, d); ok {
				return d.e, true
			}
		}
	}
	return nil, false
}

func conj(part []c.Expr) c.Expr {
	e := part[0]
	for _, q := range part[1:] {
		e = c.Bin(token.LAND, e, q)
	}
	return e
}
