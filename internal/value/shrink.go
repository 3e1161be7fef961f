package value

// This file implements value shrinking: the one-step plainer variants of
// a value, so that a kept test can be reduced to the smallest, plainest
// input that still kills its mutants (a reviewer must be able to read a
// row as one a person would write).
//
// Plainness orders the leaves of a value, plainest first:
//
//   - integers: the small ones (0, 1, -1, 2, … up to 16), then the
//     unit's own constants (Pool.Ints), then the others within 32 bits by
//     magnitude; then the values at a type's bounds (what the emitted
//     literal spells math.MaxInt64 - 1), then the rest (beyond 32 bits)
//     by magnitude;
//   - strings: "", then lowercase words ("a", "ab", …), then words of
//     letters, digits, '_', '-' and '.' (the unit's constants that are
//     identifiers or words among them), then other printable ASCII, then
//     ASCII with '%' or control characters (format strings, messages with
//     newlines), then non-ASCII text, then invalid UTF-8; shorter first
//     within each;
//   - floats: integers by magnitude, then -0, fractions, then NaN and
//     the infinities.
//
// Every candidate Shrink returns is strictly plainer in a well-founded
// order (for composites: shorter, nil before non-nil, or one element
// plainer), so repeated shrinking terminates. Plain tells whether a value
// is in the plain set: what stays outside it (a bound, a value beyond
// 32 bits, non-ASCII text, a huge length) needs a reason.

import (
	"fmt"
	"math"
	"math/bits"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Shrink returns the one-step simplifications of v, plainest first.
func Shrink(t *Type, v Value) []Value { return ShrinkWith(t, v, nil) }

// ShrinkWith is Shrink with the unit's constants (pool may be nil): those
// that are plain are candidates too, ranked after the small values.
func ShrinkWith(t *Type, v Value, pool *Pool) []Value { return shrinkWith(t, v, pool, true) }

// shrinkWith is ShrinkWith; top says v is a whole input (a pointer to a
// value of the package's types with hidden state is then not made nil).
func shrinkWith(t *Type, v Value, pool *Pool, top bool) []Value {
	if t.Range != nil && t.numeric() {
		// Inside the documented range only.
		var out []Value
		for _, c := range shrinkLeaf(t, v, pool, top) {
			if InRange(t, c) {
				out = append(out, c)
			}
		}
		return out
	}
	return shrinkLeaf(t, v, pool, top)
}

// InRange reports whether v, a leaf of t, is inside t's documented range
// (true when t has none).
func InRange(t *Type, v Value) bool {
	if t.Range == nil {
		return true
	}
	switch t.Kind {
	case Int:
		return t.Range.Holds(float64(v.I))
	case Uint:
		return t.Range.Holds(float64(v.U))
	case Float:
		return t.Range.Holds(v.Float())
	}
	return true
}

// OutOfRange says which leaf of v, of type t, is outside the range its
// type's documentation gives ("Interval: Hi = 5.648e+219, outside
// [-π, π]"), or "".
func OutOfRange(t *Type, v Value) string {
	why := ""
	eachLeaf(t, v, func(lt *Type, lv Value) {
		if why == "" && lt.numeric() && !InRange(lt, lv) {
			f := lv.Float()
			switch lt.Kind {
			case Int:
				f = float64(lv.I)
			case Uint:
				f = float64(lv.U)
			}
			why = fmt.Sprintf("%s %s outside %s, the range %s", lt.Name, strconv.FormatFloat(f, 'g', 4, 64), lt.Range.Doc, lt.Range.From())
		}
	})
	return why
}

func shrinkLeaf(t *Type, v Value, pool *Pool, top bool) []Value {
	if t.Kind != Error && v.X != "" {
		return shrinkBuilt(t, v, pool)
	}
	switch t.Kind {
	case Complex:
		part := &Type{Kind: Float, Bits: t.Bits / 2}
		var out []Value
		for _, c := range shrinkWith(part, v.E[0], pool, false) {
			out = append(out, Value{E: []Value{c, v.E[1]}})
		}
		for _, c := range shrinkWith(part, v.E[1], pool, false) {
			out = append(out, Value{E: []Value{v.E[0], c}})
		}
		return out
	case Map:
		if v.Nil {
			return nil
		}
		var out []Value
		n := len(v.E) / 2
		if n > 0 {
			out = append(out, Value{E: []Value{}})
		}
		for i := 0; i < n && n > 1; i++ {
			es := append(append([]Value(nil), v.E[:2*i]...), v.E[2*i+2:]...)
			out = append(out, Value{E: es})
		}
		for i := 0; i < n; i++ {
			out = append(out, shrinkKey(t, v, i, pool)...)
		}
		for i := 0; i < n; i++ {
			for _, c := range shrinkWith(t.Elem, v.E[2*i+1], pool, false) {
				out = append(out, with(v, 2*i+1, c))
			}
		}
		return out
	case Bool:
		if v.I != 0 {
			return []Value{{}}
		}
	case Int:
		return shrinkInt(t, v.I, pool)
	case Uint:
		return shrinkUint(t, v.U, pool)
	case Float:
		return shrinkFloat(v.Float())
	case String:
		return shrinkString(string(v.S), pool)
	case Array:
		return shrinkElems(t.Elem, v, false, pool)
	case Struct:
		var out []Value
		for i, f := range t.Fields {
			for _, c := range shrinkWith(f.Type, v.E[i], pool, false) {
				out = append(out, with(v, i, c))
			}
		}
		return out
	case Slice:
		if v.Nil {
			return nil
		}
		if t.Elem.Kind == Uint && t.Elem.Bits == 8 && t.Elem.Range == nil {
			// Bytes are mostly text, and shrink as text: toward 'a', not
			// toward the NUL byte, the plainest byte but no plain text
			// (a byte-by-byte step would undo the text's).
			var out []Value
			for _, c := range shrinkString(string(bytesOf(v)), pool) {
				out = append(out, bytesValue([]byte(c.S)))
			}
			return out
		}
		return shrinkElems(t.Elem, v, true, pool)
	case Pointer:
		if v.Nil {
			return nil
		}
		var out []Value
		if !top || !apiFirst(t) {
			// (A value of the package's types with hidden state is not
			// made nil: its methods rarely take one, and the row would
			// pin a nil dereference.)
			out = append(out, Value{Nil: true})
		}
		for _, c := range shrinkWith(t.Elem, v.E[0], pool, false) {
			out = append(out, Value{E: []Value{c}})
		}
		return out
	}
	return nil
}

// shrinkKey returns the map v with its i-th key made plainer, where the
// new key is no other key of v (the map stays in key order).
func shrinkKey(t *Type, v Value, i int, pool *Pool) []Value {
	var out []Value
	n := len(v.E) / 2
next:
	for _, c := range shrinkWith(t.Key, v.E[2*i], pool, false) {
		keys := make([]Value, n)
		elems := make([]Value, n)
		for j := 0; j < n; j++ {
			keys[j], elems[j] = v.E[2*j], v.E[2*j+1]
			if j != i && Equal(t.Key, keys[j], c) {
				continue next
			}
		}
		keys[i] = c
		out = append(out, MapValue(keys, elems))
	}
	return out
}

// with returns a copy of the composite v with element i replaced.
func with(v Value, i int, e Value) Value {
	es := append([]Value(nil), v.E...)
	es[i] = e
	return Value{E: es}
}

func abs(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

func sign(x int64) int64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// The tiers of plainness of an integer (a rune has its own: runeRank).
const (
	tierSmall = iota // |x| ≤ maxSmall
	tierPool         // a constant of the unit, within 32 bits
	tierPlain        // within 32 bits
	tierBound        // near a bound of a type of 16 bits or more
	tierWide         // beyond 32 bits
)

// maxSmall is the largest small integer; nearBound is how far from a
// bound a value is written from it (Printer.intLit).
const (
	maxSmall  = 16
	nearBound = 16
)

// rank orders leaves of one kind: a lower rank is plainer.
type rank struct {
	tier int
	mag  uint64 // magnitude (distance from the bound in tierBound; length for strings)
	aux  uint64 // strings: bytes other than 'a'; numbers: 1 when negative
}

func (a rank) less(b rank) bool {
	if a.tier != b.tier {
		return a.tier < b.tier
	}
	if a.mag != b.mag {
		return a.mag < b.mag
	}
	return a.aux < b.aux
}

// intRank ranks x of the Int type t.
func intRank(t *Type, x int64, pool *Pool) rank {
	if t.Char {
		return charRank(x)
	}
	if t.Rune {
		return runeRank(x)
	}
	neg := uint64(0)
	if x < 0 {
		neg = 1
	}
	switch {
	case abs(x) <= maxSmall:
		return rank{tierSmall, abs(x), neg}
	case t.Bits >= 16 && x > 0 && uint64(MaxInt(t)-x) <= nearBound:
		return rank{tierBound, uint64(MaxInt(t) - x), 0}
	case t.Bits >= 16 && x < 0 && uint64(x-MinInt(t)) <= nearBound:
		return rank{tierBound, uint64(x - MinInt(t)), 1}
	case abs(x) >= 1<<31:
		return rank{tierWide, abs(x), neg}
	case pool != nil && containsInt(pool.Ints, x):
		return rank{tierPool, abs(x), neg}
	}
	return rank{tierPlain, abs(x), neg}
}

// runeRank ranks a rune: 0 and small values and lowercase letters, then
// the other ASCII characters, then non-ASCII letters ('é' first), other
// printable runes, then the rest (unprintable, negative, a surrogate,
// past MaxRune).
func runeRank(x int64) rank {
	switch {
	case x >= 0 && x <= maxSmall || x >= 'a' && x <= 'z':
		return rank{tierSmall, uint64(x), 0}
	case x >= 0 && x < utf8.RuneSelf:
		return rank{tierPlain, uint64(x), 0}
	case x == 'é':
		return rank{tierBound, 0, 0} // the plainest non-ASCII letter (shrinkString)
	case x > 0 && x <= utf8.MaxRune && unicode.IsLetter(rune(x)):
		return rank{tierBound, uint64(x), 0}
	case x > 0 && x <= utf8.MaxRune && utf8.ValidRune(rune(x)) && unicode.IsPrint(rune(x)):
		return rank{tierBound, utf8.MaxRune + uint64(x), 0}
	}
	return rank{tierWide, abs(x), uint64(sign(x)+1) / 2}
}

// charRank ranks a character (Type.Char): lowercase letters, then the
// other printable ASCII characters ('-', '_', ' ', '0', 'A'), then the
// rest as a rune (runeRank: non-ASCII letters…), and control characters
// (a NUL, a DEL) last but for invalid runes.
func charRank(x int64) rank {
	switch {
	case x >= 'a' && x <= 'z':
		return rank{tierSmall, uint64(x - 'a'), 0}
	case x >= ' ' && x < 0x7f:
		return rank{tierPool, uint64(x), 0}
	case x >= 0 && x < ' ' || x == 0x7f:
		return rank{tierBound, utf8.MaxRune + uint64(x), 1}
	}
	r := runeRank(x)
	if r.tier < tierPlain {
		r.tier = tierPlain
	}
	return r
}

func uintRank(t *Type, x uint64, pool *Pool) rank {
	if t.Char {
		return charRank(int64(x))
	}
	switch {
	case x <= maxSmall:
		return rank{tierSmall, x, 0}
	case t.Bits >= 16 && MaxUint(t)-x <= nearBound:
		return rank{tierBound, MaxUint(t) - x, 0}
	case t.Bits == 64 && x >= math.MaxInt64-nearBound && x <= math.MaxInt64:
		// MaxUint64/2, which the generator draws as a bound.
		return rank{tierBound, math.MaxInt64 - x, 1}
	case x >= 1<<32:
		return rank{tierWide, x, 0}
	case pool != nil && x <= math.MaxInt64 && containsInt(pool.Ints, int64(x)):
		return rank{tierPool, x, 0}
	}
	return rank{tierPlain, x, 0}
}

func containsInt(xs []int64, x int64) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// towardZero are the steps from x toward 0 that keep its sign: x/2,
// 3x/4, 7x/8, 15x/16 (a search for the least magnitude that still
// kills, in fewer steps than halving then stepping by one) and x ∓ 1.
func towardZero(x int64) []int64 {
	var out []int64
	steps := 4
	if abs(x) <= maxSmall {
		steps = 1 // a small value: x/2 and x ∓ 1 only
	}
	for k := 1; k <= steps && x/(1<<k) != 0; k++ {
		out = append(out, x-x/(1<<k))
	}
	return append(out, x-sign(x))
}

// roundUints are round numbers just below x, when x is large: x with
// all but its first one or two decimal digits zero (7634157908038963313
// → 7000000000000000000, 7600000000000000000) and the power of two below
// it: where a row needs an exabyte, a reviewer reads 7e18 sooner than
// twenty random digits.
func roundUints(x uint64) []uint64 {
	if x < 1000 {
		return nil
	}
	var out []uint64
	p := uint64(1)
	for x/p >= 100 {
		p *= 10
	}
	// x/p has two digits now.
	out = append(out, x/(p*10)*(p*10), x/p*p)
	return append(out, 1<<(bits.Len64(x)-1))
}

// poolNear returns at most n of the pool's integers nearest to x.
func poolNear(pool *Pool, x int64, n int) []int64 {
	if pool == nil || len(pool.Ints) == 0 {
		return nil
	}
	ps := append([]int64(nil), pool.Ints...)
	sort.Slice(ps, func(i, j int) bool {
		di, dj := abs(ps[i]-x), abs(ps[j]-x)
		if di != dj {
			return di < dj
		}
		return ps[i] < ps[j]
	})
	return ps[:min(n, len(ps))]
}

// shrinkInt returns the integers plainer than x, plainest first: small
// ones, the unit's constants nearest to x, steps toward zero, -x, and
// the type's bounds for a value beyond 32 bits.
func shrinkInt(t *Type, x int64, pool *Pool) []Value {
	cands := []int64{0, 1, -1, 2, -2}
	if t.Rune || t.Char {
		cands = append(cands, 'a', 'b', 'é')
	}
	if t.Char {
		cands = append(cands, '-', '_', ' ', '.', '0', 'A')
	}
	cands = append(cands, poolNear(pool, x, 3)...)
	rx := intRank(t, x, pool)
	if rx.tier >= tierBound && !t.Rune {
		// Back within 32 bits and away from the bounds, where the steps
		// toward zero go on (from a bound they would not be plainer).
		cands = append(cands, sign(x)*min(MaxInt(t)-nearBound-1, 1<<31-1), sign(x)*min(MaxInt(t)/2, 1<<30))
	}
	cands = append(cands, towardZero(x)...)
	cands = append(cands, -x)
	if x != math.MinInt64 {
		for _, r := range roundUints(abs(x)) {
			cands = append(cands, sign(x)*int64(r))
		}
		for _, r := range lowDigits(abs(x)) {
			cands = append(cands, sign(x)*int64(r))
		}
	}
	if t.Bits >= 16 {
		cands = append(cands, MaxInt(t), MinInt(t), MaxInt(t)-1, MinInt(t)+1)
	}
	return plainer(cands, intRank(t, x, pool),
		func(c int64) (rank, bool) { return intRank(t, c, pool), Wrap(t, c).I == c },
		func(c int64) Value { return Value{I: c} })
}

func shrinkUint(t *Type, x uint64, pool *Pool) []Value {
	cands := []uint64{0, 1, 2}
	if t.Char {
		cands = append(cands, 'a', 'b', '-', '_', ' ', '.', '0', 'A')
	}
	for _, p := range poolNear(pool, int64(min(x, math.MaxInt64)), 3) {
		if p >= 0 {
			cands = append(cands, uint64(p))
		}
	}
	rx := uintRank(t, x, pool)
	if rx.tier >= tierBound {
		// Back within 32 bits and away from the bounds (shrinkInt).
		cands = append(cands, min(MaxUint(t)-nearBound-1, 1<<32-1), min(MaxUint(t)/2, 1<<31))
	}
	if x <= math.MaxInt64 {
		for _, c := range towardZero(int64(x)) {
			cands = append(cands, uint64(c))
		}
	} else {
		cands = append(cands, x/2, x-x/4, x-1)
	}
	cands = append(cands, lowDigits(x)...)
	cands = append(cands, roundUints(x)...)
	if t.Bits >= 16 {
		cands = append(cands, MaxUint(t), MaxUint(t)-1, math.MaxInt64)
	}
	return plainer(cands, uintRank(t, x, pool),
		func(c uint64) (rank, bool) { return uintRank(t, c, pool), c <= MaxUint(t) },
		func(c uint64) Value { return Value{U: c} })
}

// lowDigits returns x's last decimal digits, one, two, three… of them
// (5990186511218187311: 1, 11, 311, 7311, …): code that reads x's digits
// (an ordinal's x%100 == 11, a checksum) keeps its outcome on them,
// where halving x loses them.
func lowDigits(x uint64) []uint64 {
	var out []uint64
	for p := uint64(10); p <= x/10 && p <= 1e18; p *= 10 {
		if d := x % p; d != 0 {
			out = append(out, d)
		}
	}
	return out
}

// plainer returns the values of the candidates that are valid and rank
// below rx, once each, plainest first.
func plainer[T comparable](cands []T, rx rank, rankOf func(T) (rank, bool), val func(T) Value) []Value {
	type cand struct {
		x T
		r rank
	}
	var cs []cand
	seen := map[T]bool{}
	for _, c := range cands {
		if seen[c] {
			continue
		}
		seen[c] = true
		if r, ok := rankOf(c); ok && r.less(rx) {
			cs = append(cs, cand{c, r})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].r.less(cs[j].r) })
	out := make([]Value, len(cs))
	for i, c := range cs {
		out[i] = val(c.x)
	}
	return out
}

// floatRank orders floats: NaN and infinities are the most complex, then
// long fractions (1.4883895216681028), then short ones by their
// significant digits (2.25, then 0.25, then 0.5), then integers by
// magnitude; -0 is above 0.
func floatRank(f float64) (int, float64) {
	switch {
	case math.IsNaN(f) || math.IsInf(f, 0):
		return 100, 0
	case f != math.Trunc(f):
		return 1 + sigDigits(f), math.Abs(f) // 0.5 before 0.25 before 2.25 before 1488389.5 before the rest
	case f == 0 && math.Signbit(f):
		return 1, 0
	case f == 0:
		return 0, 0
	}
	return 1, math.Abs(f)
}

// sigDigits counts the significant decimal digits of f as Go prints it
// shortest (0.125: 3, 1e-90: 1).
func sigDigits(f float64) int {
	s := strconv.FormatFloat(math.Abs(f), 'e', -1, 64)
	if i := strings.IndexByte(s, 'e'); i >= 0 {
		s = s[:i]
	}
	return len(strings.Replace(s, ".", "", 1))
}

// roundSig rounds f to d significant decimal digits.
func roundSig(f float64, d int) float64 {
	r, err := strconv.ParseFloat(strconv.FormatFloat(f, 'e', d-1, 64), 64)
	if err != nil {
		return f
	}
	return r
}

// shrinkFloat returns floats plainer than f, plainest first: 0, ±1, ±2,
// f rounded to an integer or to one, two or three significant digits,
// -f, the integers between it and 0 that towardZero steps through (a
// search for the least magnitude that still kills: -834635 shrinks to
// -2 when p < -1 is all a row needs, where halving made fractions), and
// for a large f the powers of ten below it (2.8e219 → 10, 1e4, 1e7, …).
func shrinkFloat(f float64) []Value {
	cands := []float64{0, 1, -1, 2, -2, math.Trunc(f), math.Round(f), f / 2, -f}
	if !math.IsNaN(f) && !math.IsInf(f, 0) {
		for d := 1; d <= 8; d++ {
			cands = append(cands, roundSig(f, d))
		}
		if f != math.Trunc(f) {
			// The small powers of ten (1e-07: a 7th decimal, which
			// formatting at 6 digits drops), where the digits a row
			// needs are after the point.
			for p := 0.1; p >= 1e-9; p /= 10 {
				cands = append(cands, math.Copysign(roundSig(p, 1), f))
			}
		}
		if a := math.Abs(f); f == math.Trunc(f) && a <= 1<<53 {
			for _, x := range towardZero(int64(f)) {
				cands = append(cands, float64(x))
			}
		} else if a >= 1e4 {
			for p := 10.0; p < a && !math.IsInf(p, 0); p *= 1000 {
				cands = append(cands, math.Copysign(p, f))
			}
		}
	}
	rf, mf := floatRank(f)
	type cand struct {
		c float64
		r int
		m float64
	}
	var cs []cand
	seen := map[uint64]bool{}
	for _, c := range cands {
		if seen[math.Float64bits(c)] {
			continue
		}
		seen[math.Float64bits(c)] = true
		rc, mc := floatRank(c)
		if rc < rf || (rc == rf && mc < mf) || (rc == rf && mc == mf && c > 0 && f < 0) {
			cs = append(cs, cand{c, rc, mc})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if a.r != b.r {
			return a.r < b.r
		}
		return a.m < b.m
	})
	out := make([]Value, len(cs))
	for i, c := range cs {
		out[i] = FloatValue(c.c)
	}
	return out
}

// The tiers of plainness of a string.
const (
	strEmpty   = iota // ""
	strLower          // lowercase ASCII letters: "a", "ab"
	strWord           // letters, digits, '_', '-', '.': "USD", "v1.2"
	strASCII          // printable ASCII without '%': "a b", "x,y"
	strControl        // ASCII with '%' or control characters: "price of %s", "a\n"
	strUnicode        // valid UTF-8 with non-ASCII runes: "é"
	strInvalid        // invalid UTF-8
)

// maxPlainLen is the longest string, slice or map in the plain set.
const maxPlainLen = 64

func strTier(s string) int {
	if s == "" {
		return strEmpty
	}
	tier := strLower
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= utf8.RuneSelf:
			if !utf8.ValidString(s) {
				return strInvalid
			}
			return strUnicode
		case c == '%' || c < ' ' || c == 0x7f:
			tier = max(tier, strControl)
		case c >= 'a' && c <= 'z':
		case c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.':
			tier = max(tier, strWord)
		default:
			tier = max(tier, strASCII)
		}
	}
	return tier
}

func strRank(s string) rank {
	return rank{strTier(s), uint64(len(s)), uint64(len(s) - strings.Count(s, "a"))}
}

// PlainText reports whether s is plain text: printable ASCII without
// '%', at most maxPlainLen bytes — what a string constant of the unit
// must be to be drawn (Gen) or shrunk to as ordinary text: an identifier,
// a word, a short message, not a format string, a message with newlines
// or non-ASCII text.
func PlainText(s string) bool { return strTier(s) <= strASCII && len(s) <= maxPlainLen }

// shrinkString returns strings plainer than s, plainest first: "", "a",
// the unit's words s holds, halves, s without one of its characters, s
// with one character made 'a' (one outside the plain text also 'z', or
// as many 'a' as its bytes, or 'é' when shorter), in lower case.
func shrinkString(s string, pool *Pool) []Value {
	if s == "" {
		return nil
	}
	cands := []string{"", "a"}
	if pool != nil {
		for _, p := range pool.Strings {
			if p != "" && PlainText(p) && strings.Contains(s, p) {
				cands = append(cands, p)
			}
		}
	}
	// Cut at character boundaries, so that valid text stays valid.
	var starts []int
	for i, w := 0, 0; i < len(s); i += w {
		starts = append(starts, i)
		_, w = utf8.DecodeRuneInString(s[i:])
	}
	n := len(starts)
	if n > 1 {
		cands = append(cands, s[:starts[n/2]], s[starts[n/2]:])
	}
	if n <= 16 {
		for k, i := range starts {
			j := len(s)
			if k+1 < n {
				j = starts[k+1]
			}
			if n > 1 {
				cands = append(cands, s[:i]+s[j:])
			}
			if s[i:j] != "a" {
				cands = append(cands, s[:i]+"a"+s[j:])
			}
			if c := s[i]; c >= utf8.RuneSelf || c < ' ' || c == 0x7f || c == '%' {
				// A character outside the plain text: 'z' where 'a'
				// means something else (a hex digit) or where it must
				// sort after the letters (as a non-ASCII one does), as
				// many letters as it has bytes where the length
				// matters, 'é' where a non-ASCII letter does.
				cands = append(cands, s[:i]+"z"+s[j:])
				if j-i > 1 {
					cands = append(cands, s[:i]+strings.Repeat("a", j-i)+s[j:], s[:i]+strings.Repeat("z", j-i)+s[j:])
				}
			}
			if j-i > 2 {
				cands = append(cands, s[:i]+"é"+s[j:])
			}
		}
	}
	cands = append(cands, strings.ToLower(s))
	// Every character outside the plain text made 'a' at once (a string
	// longer than the one-by-one steps above, of NUL bytes).
	for _, c := range []rune{'a', 'z'} { // 'z' where 'a' would be a hex digit
		cands = append(cands, strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f || r == '%' || r == utf8.RuneError {
				return c
			}
			return r
		}, s))
	}
	return plainer(cands, strRank(s),
		func(c string) (rank, bool) { return strRank(c), true },
		func(c string) Value { return Value{S: Str(c)} })
}

// bytesOf is the bytes of a []byte value; bytesValue its inverse.
func bytesOf(v Value) []byte {
	b := make([]byte, len(v.E))
	for i, e := range v.E {
		b[i] = byte(e.U)
	}
	return b
}

func bytesValue(b []byte) Value {
	v := Value{E: make([]Value, len(b))}
	for i, c := range b {
		v.E[i] = Value{U: uint64(c)}
	}
	return v
}

// shrinkElems shrinks a slice (shorter first, when resizable) or an array.
// Past denseShrink elements (a [1024]byte buffer), elements are dropped
// and zeroed by halves, and only the first denseShrink elements that are
// not zero are shrunk one by one: a candidate copies the value, so one
// candidate per element made shrinking quadratic in the length and took
// gigabytes on a struct holding such a buffer.
func shrinkElems(elem *Type, v Value, resize bool, pool *Pool) []Value {
	var out []Value
	n := len(v.E)
	if resize && n > 0 {
		out = append(out, Value{E: []Value{}})
		if n > 2 {
			out = append(out, Value{E: append([]Value(nil), v.E[:n/2]...)}, Value{E: append([]Value(nil), v.E[n/2:]...)})
		}
		for i := 0; i < n && n > 1 && n <= denseShrink; i++ {
			es := append(append([]Value(nil), v.E[:i]...), v.E[i+1:]...)
			out = append(out, Value{E: es})
		}
	}
	if n > denseShrink {
		zero := Zero(elem)
		for _, r := range [][2]int{{0, n}, {0, n / 2}, {n / 2, n}} {
			w, changed := Value{E: append([]Value(nil), v.E...)}, false
			for i := r[0]; i < r[1]; i++ {
				if !Equal(elem, w.E[i], zero) {
					w.E[i], changed = zero, true
				}
			}
			if changed {
				out = append(out, w)
			}
		}
	}
	shrunk := 0
	for i := range v.E {
		cs := shrinkWith(elem, v.E[i], pool, false)
		if len(cs) == 0 {
			continue
		}
		if shrunk++; n > denseShrink && shrunk > denseShrink {
			break
		}
		for _, c := range cs {
			out = append(out, with(v, i, c))
		}
	}
	return out
}

// denseShrink is the longest slice or array shrunk element by element.
const denseShrink = 16

// shrinkBuilt shrinks a built value: to its first alternative's zero,
// then nil, when the type allows it (interfaces, funcs), then its
// operands.
func shrinkBuilt(t *Type, v Value, pool *Pool) []Value {
	var out []Value
	switch {
	case t.Any && len(t.Alts) > 0 && (v.X != t.Alts[0].Key || len(v.E) != 1 || !IsZero(t.Alts[0].Params[0], v.E[0])):
		// An any holds 0 (of the first dynamic type) more plainly than
		// nil: a list of numbers reads as one.
		out = append(out, Value{X: t.Alts[0].Key, E: []Value{Zero(t.Alts[0].Params[0])}})
	case t.Iface && !t.Any:
		// An interface or func: its first alternative with zero
		// operands (the package's own implementation, Int(0); its
		// function of the type) before nil, which a caller rarely
		// means: nil only where nothing else kills as much.
		if len(t.Alts) > 0 && !v.Nil {
			a := t.Alts[0]
			z := Value{X: a.Key, E: make([]Value, len(a.Params))}
			for i, p := range a.Params {
				z.E[i] = Zero(p)
			}
			if Key([]Value{z}) != Key([]Value{v}) {
				out = append(out, z)
			}
		}
		out = append(out, Value{Nil: true})
	}
	alt := t.Alt(v.X)
	if alt == nil || len(alt.Params) != len(v.E) {
		return out
	}
	if alt.Seq != nil {
		// Fewer set-up calls first.
		out = append(out, shorter(t, alt, v)...)
	}
	if w, ok := withoutEmptyLoop(t, alt, v); ok {
		// for _, x := range []int{} { b.AllowN(x) }: a loop over no
		// operands is the constructor's call alone.
		out = append(out, w)
	}
	for i, p := range alt.Params {
		rg, ranged := [2]int64{}, false
		if i < len(alt.Ranges) && alt.Ranges[i] != [2]int64{} && p.Kind == Int {
			rg, ranged = alt.Ranges[i], true
		}
		if ranged && (v.E[i].I < rg[0] || v.E[i].I > rg[1]) {
			// An operand outside its range (a year 0, a day 0 that
			// time.Date normalises) goes into it first: its low end
			// reads as the plain value.
			w := with(v, i, Wrap(p, rg[0]))
			w.X = v.X
			out = append(out, w)
		}
		for _, c := range shrinkWith(p, v.E[i], pool, false) {
			if ranged && (c.I < rg[0] || c.I > rg[1]) && v.E[i].I >= rg[0] && v.E[i].I <= rg[1] {
				continue // out of its range from inside it: plainer for an int, not for a month
			}
			w := with(v, i, c)
			w.X = v.X
			out = append(out, w)
		}
	}
	return out
}

// withoutEmptyLoop is v, built by alt, a constructor then a method over
// a slice of operands (builder.rangeSequence: "New.AllowN*"), as the
// constructor's own alternative ("New") when the slice is empty.
func withoutEmptyLoop(t *Type, alt *Alt, v Value) (Value, bool) {
	n := len(alt.Params)
	if !strings.HasSuffix(alt.Label, "*") || n == 0 || alt.Params[n-1].Kind != Slice || len(v.E[n-1].E) != 0 {
		return Value{}, false
	}
	ctor := alt.Label[:strings.LastIndexByte(alt.Label, '.')+1]
	if ctor == "" {
		return Value{}, false
	}
	ctor = ctor[:len(ctor)-1]
	for _, a := range t.Alts {
		if a.Label == ctor && len(a.Params) == n-1 && (a.Seq == nil || len(a.Seq.Calls) == 0) {
			return Value{X: a.Key, E: append([]Value(nil), v.E[:n-1]...)}, true
		}
	}
	return Value{}, false
}

// Plain reports whether every leaf of v is in the plain set: integers
// within 32 bits and away from the bounds of types of 16 bits or more,
// ASCII runes, finite floats of reasonable magnitude but -0, printable
// ASCII text without '%' (at most maxPlainLen bytes), slices and maps of
// at most maxPlainLen elements.
func Plain(t *Type, v Value) bool {
	plain := true
	eachLeaf(t, v, func(t *Type, v Value) {
		plain = plain && plainLeaf(t, v)
	})
	return plain
}

// Unplain says why v is outside the plain set, for a reader: "a bound
// of int64", "beyond 32 bits", "non-ASCII text", "invalid UTF-8", "a
// control character or %", "long" (the first leaf that is); "" when v is
// plain.
func Unplain(t *Type, v Value) string {
	why := ""
	eachLeaf(t, v, func(t *Type, v Value) {
		if why == "" && !plainLeaf(t, v) {
			why = unplainLeaf(t, v)
		}
	})
	return why
}

func unplainLeaf(t *Type, v Value) string {
	switch t.Kind {
	case Int:
		if t.Char && v.I >= 0 && (v.I < ' ' || v.I == 0x7f) {
			return "a control character"
		}
		if t.Rune {
			switch {
			case v.I < 0:
				return "a negative rune"
			case v.I > unicode.MaxRune:
				return "a rune beyond Unicode"
			}
			return "a rune beyond ASCII"
		}
		if r := intRank(t, v.I, nil); r.tier == tierBound {
			return "a bound of " + t.Name
		}
		return "beyond 32 bits"
	case Uint:
		if t.Char && (v.U < ' ' || v.U == 0x7f) {
			return "a control character"
		}
		if r := uintRank(t, v.U, nil); r.tier == tierBound {
			return "a bound of " + t.Name
		}
		return "beyond 32 bits"
	case Float:
		return "a float at its edges"
	case String:
		switch s := string(v.S); {
		case len(s) > maxPlainLen:
			return "long text"
		case strTier(s) == strInvalid:
			return "invalid UTF-8"
		case strTier(s) == strUnicode:
			return "non-ASCII text"
		}
		return "a control character or %"
	}
	return "long"
}

func plainLeaf(t *Type, v Value) bool {
	switch t.Kind {
	case Int:
		return intRank(t, v.I, nil).tier <= tierPlain
	case Uint:
		return uintRank(t, v.U, nil).tier <= tierPlain
	case Float:
		f := v.Float()
		return !math.IsNaN(f) && !math.IsInf(f, 0) && !(f == 0 && math.Signbit(f)) &&
			math.Abs(f) < 1<<31 && (f == 0 || math.Abs(f) >= 1e-9)
	case String:
		return PlainText(string(v.S))
	case Slice:
		return len(v.E) <= maxPlainLen
	case Map:
		return len(v.E) <= 2*maxPlainLen
	}
	return true
}

// ControlText reports whether v holds a string with a control character
// other than a tab, a newline or a carriage return (a NUL, an escape, a
// DEL): text no person writes as an ordinary input or expects as an
// ordinary output. Byte slices are data and do not count.
func ControlText(t *Type, v Value) bool {
	found := false
	eachLeaf(t, v, func(t *Type, v Value) {
		if t.Char && !found {
			// A character written into text (a NUL delimiter).
			c := int64(v.U)
			if t.Kind == Int {
				c = v.I
			}
			found = c >= 0 && c < ' ' && c != '\t' && c != '\n' && c != '\r' || c == 0x7f
			return
		}
		if t.Kind != String || v.Nil || found {
			return
		}
		for i := 0; i < len(v.S); i++ {
			if c := v.S[i]; c < ' ' && c != '\t' && c != '\n' && c != '\r' || c == 0x7f {
				found = true
				return
			}
		}
	})
	return found
}

// WorldlyNil reports whether v holds, anywhere within it (a
// constructor's operand included), a nil of a Worldly interface.
func WorldlyNil(t *Type, v Value) bool {
	found := false
	eachLeaf(t, v, func(t *Type, v Value) {
		found = found || t.Worldly && v.Nil
	})
	return found
}

// EachLeaf calls f on v and on every value within it (eachLeaf).
func EachLeaf(t *Type, v Value, f func(t *Type, v Value)) { eachLeaf(t, v, f) }

// eachLeaf calls f on v and, in turn, on every value within it: elements,
// fields, pointees, map keys and elements, the operands of a built value.
func eachLeaf(t *Type, v Value, f func(t *Type, v Value)) {
	if t.Kind != Error && v.X != "" {
		if alt := t.Alt(v.X); alt != nil && len(alt.Params) == len(v.E) {
			for i, p := range alt.Params {
				eachLeaf(p, v.E[i], f)
			}
		}
		return
	}
	f(t, v)
	if v.Nil {
		return
	}
	switch t.Kind {
	case Complex:
		part := &Type{Kind: Float, Bits: t.Bits / 2}
		for _, e := range v.E {
			eachLeaf(part, e, f)
		}
	case Array, Slice:
		for _, e := range v.E {
			eachLeaf(t.Elem, e, f)
		}
	case Struct:
		for i, fl := range t.Fields {
			if i < len(v.E) {
				eachLeaf(fl.Type, v.E[i], f)
			}
		}
	case Pointer:
		if len(v.E) == 1 {
			eachLeaf(t.Elem, v.E[0], f)
		}
	case Map:
		for i := 0; i+1 < len(v.E); i += 2 {
			eachLeaf(t.Key, v.E[i], f)
			eachLeaf(t.Elem, v.E[i+1], f)
		}
	}
}

// mapScalars returns v with every Int, Uint, Float or String leaf for which f
// returns true replaced by what it returns (map keys excepted: a new key
// could collide), and whether any was.
func mapScalars(t *Type, v Value, f func(t *Type, v Value) (Value, bool)) (Value, bool) {
	if t.Kind != Error && v.X != "" {
		alt := t.Alt(v.X)
		if alt == nil || len(alt.Params) != len(v.E) {
			return v, false
		}
		w, any := v, false
		for i, p := range alt.Params {
			if e, ok := mapScalars(p, v.E[i], f); ok {
				if !any {
					w = Value{X: v.X, E: append([]Value(nil), v.E...)}
				}
				w.E[i], any = e, true
			}
		}
		return w, any
	}
	switch t.Kind {
	case Int, Uint, Float, String:
		return f(t, v)
	}
	if v.Nil || len(v.E) == 0 {
		return v, false
	}
	elem := func(i int) *Type {
		switch t.Kind {
		case Array, Slice, Pointer:
			return t.Elem
		case Struct:
			if i < len(t.Fields) {
				return t.Fields[i].Type
			}
		case Map:
			if i%2 == 1 {
				return t.Elem
			}
		}
		return nil
	}
	w, any := v, false
	for i := range v.E {
		et := elem(i)
		if et == nil {
			continue
		}
		if e, ok := mapScalars(et, v.E[i], f); ok {
			if !any {
				w = Value{E: append([]Value(nil), v.E...)}
			}
			w.E[i], any = e, true
		}
	}
	return w, any
}

// scalar is an Int, Uint or String leaf value, as a map key.
type scalar struct {
	kind Kind
	i    int64
	u    uint64
	s    Str
}

func scalarOf(t *Type, v Value) scalar {
	switch t.Kind {
	case Int:
		return scalar{kind: Int, i: v.I}
	case Uint:
		return scalar{kind: Uint, u: v.U}
	}
	return scalar{kind: String, s: v.S}
}

// maxTied bounds the groups of equal leaves ShrinkTied shrinks together.
const maxTied = 4

// Tied is a candidate of ShrinkTied: the input, and which value it
// replaced everywhere by which (Key: the same replacement has the same
// key in any input, so that a caller can skip one that failed).
type Tied struct {
	In  []Value
	Key string
}

// ShrinkTied returns inputs in which the leaves equal to one another
// (an integer or a string outside the plain set, in two places or more:
// v.Major == w.Major == MinInt64+1, a key and the key looked up) are
// shrunk together, each candidate replacing every one of them by one
// plainer value: shrinking one of them alone breaks the equality the
// input's kills may rest on. The least plain groups come first, at most
// maxTied.
func ShrinkTied(types []*Type, in []Value, pool *Pool) []Tied {
	count := map[scalar]int{}
	typ := map[scalar]*Type{}
	var order []scalar
	for i, t := range types {
		if i >= len(in) {
			break
		}
		eachLeaf(t, in[i], func(t *Type, v Value) {
			switch t.Kind {
			case Int, Uint, String:
			default:
				return
			}
			k := scalarOf(t, v)
			if plainLeaf(t, v) {
				return // equal plain values read well enough
			}
			if count[k] == 0 {
				order = append(order, k)
				typ[k] = t
			}
			count[k]++
		})
	}
	var groups []scalar
	for _, k := range order {
		if count[k] >= 2 {
			groups = append(groups, k)
		}
	}
	rankOf := func(k scalar) rank {
		switch k.kind {
		case Int:
			return intRank(typ[k], k.i, pool)
		case Uint:
			return uintRank(typ[k], k.u, pool)
		}
		return strRank(string(k.s))
	}
	sort.SliceStable(groups, func(i, j int) bool { return rankOf(groups[j]).less(rankOf(groups[i])) })
	if len(groups) > maxTied {
		groups = groups[:maxTied]
	}
	var out []Tied
	for _, k := range groups {
		kt := typ[k]
		v := k.value()
		for _, c := range shrinkWith(kt, v, pool, false) {
			cand := make([]Value, len(in))
			ok := true
			for i, t := range types[:min(len(types), len(in))] {
				cand[i], _ = mapScalars(t, in[i], func(t *Type, v Value) (Value, bool) {
					if t.Kind != k.kind || scalarOf(t, v) != k {
						return v, false
					}
					switch t.Kind {
					case Int:
						ok = ok && Wrap(t, c.I).I == c.I
					case Uint:
						ok = ok && c.U <= MaxUint(t)
					}
					return c, true
				})
			}
			if ok {
				out = append(out, Tied{In: cand, Key: Key([]Value{{I: int64(k.kind)}, v, c})})
			}
		}
	}
	return out
}

func (k scalar) value() Value {
	switch k.kind {
	case Int:
		return Value{I: k.i}
	case Uint:
		return Value{U: k.u}
	}
	return Value{S: k.s}
}

// PlainVariants returns inputs like in where the leaves of in[i] outside
// the plain set (Plain), and the leaves equal to them anywhere in the
// input, are made plain: integers 0 then 1 (a rune 'a'), floats 0 then
// 1, strings their plain bytes (every other byte 'a': the length stays,
// cut at maxPlainLen) then "". A mutant the input kills and no variant does is
// one that needs the value kept (map keys and long slices are left as
// they are). Nil when in[i] is plain.
func PlainVariants(types []*Type, in []Value, i int) [][]Value {
	if i >= len(types) || i >= len(in) || Plain(types[i], in[i]) {
		return nil
	}
	odd := map[scalar]bool{}
	eachLeaf(types[i], in[i], func(t *Type, v Value) {
		switch t.Kind {
		case Int, Uint, String, Float:
			if !plainLeaf(t, v) {
				odd[scalarKey(t, v)] = true
			}
		}
	})
	if len(odd) == 0 {
		return nil
	}
	var out [][]Value
	for variant := 0; variant < 2; variant++ {
		cand := make([]Value, len(in))
		changed := false
		for k, t := range types[:min(len(types), len(in))] {
			var ok bool
			cand[k], ok = mapScalars(t, in[k], func(t *Type, v Value) (Value, bool) {
				if !odd[scalarKey(t, v)] {
					return v, false
				}
				return plainLike(t, v, variant), true
			})
			changed = changed || ok
		}
		if changed {
			out = append(out, cand)
		}
	}
	return out
}

// scalarKey is scalarOf, floats by their bits too.
func scalarKey(t *Type, v Value) scalar {
	if t.Kind == Float {
		return scalar{kind: Float, u: v.U}
	}
	return scalarOf(t, v)
}

// plainLike is a plain leaf to stand for v (PlainVariants).
func plainLike(t *Type, v Value, variant int) Value {
	switch t.Kind {
	case Int:
		if t.Rune || t.Char {
			return Value{I: []int64{'a', 0}[variant]}
		}
		return Value{I: int64(variant)}
	case Uint:
		if t.Char {
			return Value{U: []uint64{'a', '-'}[variant]}
		}
		return Value{U: uint64(variant)}
	case Float:
		return FloatValue(float64(variant))
	case String:
		if variant == 1 {
			return Value{S: ""}
		}
		b := []byte(string(v.S)[:min(len(v.S), maxPlainLen)])
		for k, c := range b {
			if c < ' ' || c >= 0x7f || c == '%' {
				b[k] = 'a'
			}
		}
		return Value{S: Str(b)}
	}
	return v
}

// ShrinkOrder returns, for the floats and then the signed integers of
// in, the input in which every leaf of that kind is replaced by the
// least integer keeping the order, the equalities and the sign of all
// of them (the positives 1, 2, 3…, the negatives -1, -2…, 0 stays):
// code that only compares its numbers (an interval's endpoints, tied by
// i.Hi > oi.Lo > oi.Hi) keeps its outcome, where shrinking one leaf at
// a time stops at the first one the others hold up (1.25e6). Nothing
// for a kind whose leaves are already the least.
func ShrinkOrder(types []*Type, in []Value) [][]Value {
	var out [][]Value
	for _, kind := range []Kind{Float, Int} {
		var vals []float64
		for i, t := range types {
			if i >= len(in) {
				break
			}
			eachLeaf(t, in[i], func(t *Type, v Value) {
				if t.Kind != kind || v.X != "" {
					return
				}
				f := float64(v.I)
				if kind == Float {
					f = v.Float()
					if math.IsNaN(f) || math.IsInf(f, 0) {
						return // kept as they are
					}
				}
				vals = append(vals, f)
			})
		}
		if len(vals) == 0 {
			continue
		}
		sort.Float64s(vals)
		to := map[float64]float64{}
		neg := 0
		for _, f := range vals {
			if f < 0 {
				if _, ok := to[f]; !ok {
					neg++
					to[f] = 0 // numbered below, from the one nearest 0
				}
			}
		}
		k := -float64(neg)
		pos := 0.0
		for _, f := range vals {
			if _, ok := to[f]; ok && f >= 0 {
				continue
			}
			switch {
			case f < 0:
				to[f] = k
				k++
			case f == 0:
				to[f] = 0
			default:
				pos++
				to[f] = pos
			}
		}
		same := true
		cand := make([]Value, len(in))
		for i, t := range types[:min(len(types), len(in))] {
			cand[i], _ = mapScalars(t, in[i], func(t *Type, v Value) (Value, bool) {
				if t.Kind != kind {
					return v, false
				}
				f := float64(v.I)
				if kind == Float {
					f = v.Float()
					if math.IsNaN(f) || math.IsInf(f, 0) {
						return v, false
					}
				}
				g, ok := to[f]
				if !ok || g == f {
					return v, false
				}
				if kind == Int && Wrap(t, int64(g)).I != int64(g) {
					return v, false
				}
				same = false
				if kind == Float {
					return FloatValue(g), true
				}
				return Value{I: int64(g)}, true
			})
		}
		if !same {
			out = append(out, cand)
		}
	}
	return out
}
