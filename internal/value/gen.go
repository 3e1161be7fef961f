package value

// This file implements type-aware random values with boundary values
// (seed 001 §IV.C's random pass): zero, ±1, the type's bounds, the
// constants of the unit under test and their neighbours, empty and nil,
// short lengths.

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"unicode/utf8"
)

// Pool holds the constants of a unit (its literals), which random values
// draw on: code compares against its own constants.
type Pool struct {
	Ints    []int64
	Floats  []float64
	Strings []string // string constants, and the string keys and fields of the tables the unit reads

	// What strings are built from (strgen.go): the characters the code
	// compares or switches on; the prefixes, suffixes and separators it
	// tests for (strings.HasPrefix, CutSuffix, Cut, Split…); and whether
	// it folds case (strings.ToLower, EqualFold), so that case variants
	// of its words matter. Each sorted.
	Chars                    []rune
	Prefixes, Suffixes, Seps []string
	Fold                     bool

	// Encoded are texts the package's own formatters wrote (String,
	// MarshalText, an encoder's output) from values of the types this
	// unit parses into: the inputs its reader accepts, which random bytes
	// almost never are. They are drawn as they are and, as a fuzzer
	// mutates its seed corpus, with a byte changed, dropped or repeated.
	Encoded []string
}

// Gen draws values. The zero value is not usable: set R.
type Gen struct {
	R      *rand.Rand
	Pool   Pool
	MaxLen int // longest slice or string drawn; 0 means 6

	// Boundary restricts leaves to boundary values (0, ±1, bounds, pool
	// constants, "" and nil): the first inputs of the random pass.
	Boundary bool

	// Tame > 0 draws integers of at most a hundred or the pool's, not
	// the type's bounds or any 64 bits, except once in 2^min(Tame, 6) draws: set
	// by a caller that saw inputs too costly to run (a pow10(n) that is
	// 10^n, an exponent that sizes a string), it spends the search on
	// inputs that run, and that a developer would write.
	Tame int

	// small > 0 while the operands of a Small alternative are drawn.
	small int
	// square is 1 + the length the next slice drawn must have (a row of
	// a square matrix); 0 when free.
	square int

	// drawn holds the integers drawn since Reset: a later integer of the
	// same input repeats one of them now and then, because code compares
	// its inputs with each other (i == j) and independent draws almost
	// never make them equal.
	drawn []int64
}

// Reset starts a new input: integers drawn before are no longer reused.
func (g *Gen) Reset() { g.drawn = g.drawn[:0] }

// Small enumerates every input whose leaves all take small values — ints
// in {0, 1, -1, 2}, uints in {0, 1, 2}, floats in {0, 1, -1}, bools, ""
// and "a" — smallest first, when types are all scalars and there are at
// most limit such inputs (narrowing the domains to fit); nil otherwise.
// Small inputs are the readable ones, and bounded exhaustive checking
// finds the equalities (i == j == 0) random draws miss.
func Small(types []*Type, limit int) [][]Value {
	for width := 4; width >= 2; width-- {
		doms := make([][]Value, len(types))
		total := 1
		for i, t := range types {
			doms[i] = smallDomain(t, width)
			if doms[i] == nil {
				return nil
			}
			total *= len(doms[i])
			if total > limit {
				break
			}
		}
		if total > limit {
			continue
		}
		out := make([][]Value, 0, total)
		idx := make([]int, len(types))
		for {
			in := make([]Value, len(types))
			for i := range types {
				in[i] = doms[i][idx[i]]
			}
			out = append(out, in)
			// Odometer, last input fastest.
			i := len(idx) - 1
			for ; i >= 0; i-- {
				idx[i]++
				if idx[i] < len(doms[i]) {
					break
				}
				idx[i] = 0
			}
			if i < 0 {
				return out
			}
		}
	}
	return nil
}

// smallDomain is t's small values, at most width of them; nil when t is
// not a scalar.
func smallDomain(t *Type, width int) []Value {
	var d []Value
	switch t.Kind {
	case Bool:
		d = []Value{BoolValue(false), BoolValue(true)}
	case Int:
		d = []Value{Wrap(t, 0), Wrap(t, 1), Wrap(t, -1), Wrap(t, 2)}
	case Uint:
		d = []Value{Wrap(t, 0), Wrap(t, 1), Wrap(t, 2)}
	case Float:
		d = []Value{FloatValue(0), FloatValue(1), FloatValue(-1)}
	case String:
		d = []Value{{S: Str("")}, {S: Str("a")}}
	default:
		return nil
	}
	if t.Range != nil {
		var in []Value
		for _, v := range d {
			if InRange(t, v) {
				in = append(in, v)
			}
		}
		if d = in; len(d) == 0 {
			return nil
		}
	}
	return d[:min(width, len(d))]
}

const maxDepth = 4 // pointers deeper than this are nil

// Random draws a value of t.
func (g *Gen) Random(t *Type) Value { return g.random(t, 0) }

func (g *Gen) maxLen() int {
	if g.MaxLen > 0 {
		return g.MaxLen
	}
	return 6
}

func (g *Gen) random(t *Type, depth int) Value {
	r := g.R
	// A pointer to another package's opaque type is built by its
	// constructors when it has some: its zero value is not always ready
	// for use (a zero bufio.Writer loops forever on a write).
	if len(t.Alts) > 0 && (t.Kind == Built || t.Kind == Pointer && t.Elem.Kind == Opaque || r.IntN(2) == 0 || (apiFirst(t) || t.Produced) && r.IntN(8) != 0) {
		// A value of the package's types with hidden state mostly as
		// its users build it (constructors, methods): a literal of its
		// fields, or nil, reaches states they cannot.
		return g.built(t, depth)
	}
	switch t.Kind {
	case Opaque, Built:
		return Value{Nil: true}
	case Complex:
		part := &Type{Kind: Float, Bits: t.Bits / 2}
		return Value{E: []Value{g.float(part), g.float(part)}}
	case Map:
		if depth >= maxDepth || r.IntN(10) == 0 {
			return Value{Nil: true}
		}
		n := r.IntN(g.maxLen()/2 + 2)
		if g.Boundary {
			n = []int{0, 1, 1, 2}[r.IntN(4)]
		}
		var keys, elems []Value
		for i := 0; i < n; i++ {
			k := g.random(t.Key, depth+1)
			dup := false
			for _, o := range keys {
				dup = dup || Equal(t.Key, o, k)
			}
			if !dup {
				keys = append(keys, k)
				elems = append(elems, g.random(t.Elem, depth+1))
			}
		}
		return MapValue(keys, elems)
	case Bool:
		return BoolValue(r.IntN(2) == 1)
	case Int, Uint, Float:
		if t.Range != nil && t.Range.Source != "" && t.Kind == Int && t.Range.Lo == 0 {
			// At least 0, as every caller passes (a length): drawn as
			// any integer, its sign dropped.
			v := g.integer(t)
			if v.I < 0 {
				v = Wrap(t, -(v.I + 1))
			}
			return v
		}
		if t.Range != nil {
			return g.inRange(t)
		}
		if t.Kind == Float {
			return g.float(t)
		}
		return g.integer(t)
	case String:
		return Value{S: Str(g.str())}
	case Array:
		v := Value{E: make([]Value, t.Len)}
		for i := range v.E {
			v.E[i] = g.random(t.Elem, depth+1)
		}
		return v
	case Slice:
		if t.Elem.Kind == Uint && t.Elem.Bits == 8 && len(g.Pool.Encoded) > 0 && r.IntN(2) == 0 {
			// What the package's own encoder wrote, maybe mutated.
			v := Value{E: []Value{}}
			for _, c := range []byte(g.encoded()) {
				v.E = append(v.E, Value{U: uint64(c)})
			}
			return v
		}
		if t.Elem.Kind == Uint && t.Elem.Bits == 8 && !g.Boundary && r.IntN(3) == 0 {
			// Byte slices are mostly text: UTF-8 sequences of every
			// length, and cut ones, which independent bytes never form.
			v := Value{E: []Value{}}
			for _, c := range []byte(g.text()) {
				v.E = append(v.E, Value{U: uint64(c)})
			}
			return v
		}
		n := r.IntN(g.maxLen() + 1)
		if g.Boundary {
			n = []int{0, 0, 1, 2}[r.IntN(4)]
		}
		if g.square > 0 {
			n, g.square = g.square-1, 0 // a row of a square matrix
		}
		if depth >= maxDepth || r.IntN(10) == 0 {
			return Value{Nil: true}
		}
		v := Value{E: make([]Value, n)}
		// A slice of slices is often a matrix, and code that reads one
		// mostly wants it square: every row as long as the matrix, half
		// of the time (independent lengths almost never agree).
		square := t.Elem.Kind == Slice && n > 0 && r.IntN(2) == 0
		for i := range v.E {
			if square {
				g.square = n + 1
			}
			v.E[i] = g.random(t.Elem, depth+1)
			g.square = 0
		}
		return v
	case Struct:
		v := Value{E: make([]Value, len(t.Fields))}
		for i, f := range t.Fields {
			v.E[i] = g.random(f.Type, depth+1)
		}
		return v
	case Pointer:
		if depth >= maxDepth || r.IntN(6) == 0 && !(depth == 0 && apiFirst(t)) {
			return Value{Nil: true}
		}
		return Value{E: []Value{g.random(t.Elem, depth+1)}}
	case Error:
		return Value{Nil: true}
	}
	panic("internal error: random " + t.Kind.String())
}

// APIFirst reports whether values of t are built through the package's
// API first (apiFirst).
func APIFirst(t *Type) bool { return len(t.Alts) > 0 && apiFirst(t) }

// apiFirst reports whether t is (a pointer to) a struct with unexported
// fields that has alternatives: built through the API first.
func apiFirst(t *Type) bool {
	if t.Kind == Pointer {
		t = t.Elem
	}
	return t.Kind == Struct && t.HiddenFields()
}

// Built draws a value of t by one of its alternatives (the package's
// constructors and method sequences, for a type of the package): the
// values the package's users build. The zero value when t has none.
func (g *Gen) Built(t *Type) Value {
	if len(t.Alts) == 0 {
		return Zero(t)
	}
	return g.built(t, 0)
}

// leafOperands reports whether every operand of a is a number, a bool
// or a string: drawing them nests nothing.
func (a *Alt) leafOperands() bool {
	for _, p := range a.Params {
		switch p.Kind {
		case Int, Uint, Float, Bool, String:
		default:
			return false
		}
	}
	return true
}

// built draws a value of a type with alternatives: one of them (those
// without operands only, deep down), nil now and then for interfaces
// and funcs (a nil argument mostly makes the unit panic, which a caller
// rarely means).
func (g *Gen) built(t *Type, depth int) Value {
	r := g.R
	var alts []*Alt
	for _, a := range t.Alts {
		if depth < maxDepth || len(a.Params) == 0 {
			alts = append(alts, a)
		}
	}
	if len(alts) == 0 && t.Any && len(t.Alts) > 0 && t.Alts[0].leafOperands() {
		// Deep down (a key a set-up call passes), an any holds a plain
		// value still (1, not nil): its first alternative's operands
		// are leaves.
		alts = t.Alts[:1]
	}
	if len(alts) == 0 || (t.Iface && r.IntN(12) == 0) {
		return Zero(t)
	}
	// The first alternatives are what the unit looks for (its dynamic
	// types, the package's own implementations): drawn more often; an
	// any mostly holds the first (an int, unless the unit looks for
	// another), so that the values of one list are of one type.
	i := r.IntN(len(alts))
	if j := r.IntN(len(alts)); j < i {
		i = j
	}
	if t.Any && r.IntN(4) != 0 {
		i = 0
	}
	a := alts[i]
	v := Value{X: a.Key, E: make([]Value, len(a.Params))}
	if a.Small {
		g.small++
		defer func() { g.small-- }()
	}
	for k, p := range a.Params {
		if k >= len(a.Params)-a.Observed {
			v.E[k] = Zero(p) // recorded as the value is used, never drawn
			continue
		}
		if k < len(a.Ranges) && a.Ranges[k] != [2]int64{} && (p.Kind == Int || p.Kind == Uint) && r.IntN(5) > 0 {
			lo, hi := a.Ranges[k][0], a.Ranges[k][1]
			v.E[k] = Wrap(p, lo+r.Int64N(hi-lo+1))
			continue
		}
		v.E[k] = g.random(p, depth+1)
	}
	return v
}

// MapValue makes the value of a map from its keys and elements, in key
// order.
func MapValue(keys, elems []Value) Value {
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	v := Value{E: make([]Value, 0, 2*len(keys))}
	for _, i := range idx {
		v.E = append(v.E, keys[i], elems[i])
	}
	return v
}

// integer draws an integer: small values, pool constants and their
// neighbours, the type's bounds, then wider ranges.
func (g *Gen) integer(t *Type) Value {
	r := g.R
	if len(g.drawn) > 0 && g.small == 0 && r.IntN(5) == 0 {
		// (Not for small operands: a rune drawn as MaxInt32 became a
		// bufio.NewWriterSize's 2 GB buffer.)
		return Wrap(t, g.drawn[r.IntN(len(g.drawn))])
	}
	v := g.integer1(t)
	if t.Kind == Uint {
		g.drawn = append(g.drawn, int64(v.U))
	} else {
		g.drawn = append(g.drawn, v.I)
	}
	return v
}

func (g *Gen) integer1(t *Type) Value {
	r := g.R
	var x int64
	pick := r.IntN(100)
	if g.small > 0 {
		// Small operands: -2 … 9, or the unit's constants.
		if pick < 80 || len(g.Pool.Ints) == 0 {
			return Wrap(t, int64(r.IntN(12))-2)
		}
		pick = 40
	}
	if g.Boundary {
		pick = pick % 60
	}
	if t.Char && pick < 60 {
		// A character: a printable one mostly, a control one now and
		// then (pick 60 on draws the rest).
		const chars = "abz-_. ,/:0A"
		if r.IntN(2) == 0 {
			return Wrap(t, int64(chars[r.IntN(len(chars))]))
		}
		return Wrap(t, int64(' '+r.IntN(0x7f-' ')))
	}
	// Tamed, a draw of the type's bounds or of 64 random bits is one
	// within a hundred instead.
	tamed := g.Tame > 0 && r.IntN(1<<min(g.Tame, 6)) != 0
	switch {
	case pick < 30:
		x = int64(r.IntN(7)) - 3
	case pick < 50 && len(g.Pool.Ints) > 0:
		x = g.Pool.Ints[r.IntN(len(g.Pool.Ints))] + int64(r.IntN(3)) - 1
	case tamed:
		x = int64(r.IntN(201)) - 100
	case pick < 60:
		if t.Kind == Uint {
			return Value{U: []uint64{0, 1, MaxUint(t), MaxUint(t) - 1, MaxUint(t) / 2}[r.IntN(5)]}
		}
		x = []int64{MinInt(t), MaxInt(t), MinInt(t) + 1, MaxInt(t) - 1, -1}[r.IntN(5)]
	case pick < 90:
		x = int64(r.IntN(201)) - 100
	default:
		if t.Kind == Uint {
			return Value{U: r.Uint64() & MaxUint(t)}
		}
		x = int64(r.Uint64())
	}
	if t.Kind == Uint && x < 0 {
		x = -x
	}
	return Wrap(t, x)
}

// inRange draws a value inside t's documented range: its bounds, 0, a
// small integer or a short decimal inside it (an eighth of the way),
// and now and then an infinity where the documentation allows one.
func (g *Gen) inRange(t *Type) Value {
	r, rg := g.R, t.Range
	var f float64
	switch pick := r.IntN(16); {
	case pick == 0 && rg.Inf:
		f = math.Inf(1)
	case pick < 3:
		f = rg.Lo
	case pick < 6:
		f = rg.Hi
	case pick < 11:
		f = float64(r.IntN(7) - 3)
		if !rg.Holds(f) {
			f = 0
		}
	default:
		f = rg.Lo + (rg.Hi-rg.Lo)*float64(1+r.IntN(7))/8
		if t.Kind == Float {
			f = roundSig(f, 2)
		}
	}
	if !rg.Holds(f) {
		f = rg.Lo
	}
	switch t.Kind {
	case Int:
		x := math.Round(f)
		if !rg.Holds(x) {
			x = math.Ceil(rg.Lo)
		}
		return Wrap(t, int64(x))
	case Uint:
		x := math.Round(math.Max(f, 0))
		if !rg.Holds(x) {
			x = math.Ceil(math.Max(rg.Lo, 0))
		}
		return Value{U: uint64(x)}
	}
	if t.Bits == 32 {
		f = float64(float32(f))
	}
	return FloatValue(f)
}

func (g *Gen) float(t *Type) Value {
	r := g.R
	var f float64
	pick := r.IntN(100)
	if g.Boundary {
		pick = pick % 60
	}
	switch {
	case pick < 30:
		f = float64(r.IntN(7) - 3)
	case pick < 45 && len(g.Pool.Floats) > 0:
		f = g.Pool.Floats[r.IntN(len(g.Pool.Floats))]
	case pick < 60:
		f = []float64{0.5, -0.5, math.Inf(1), math.Inf(-1), math.NaN(), math.Copysign(0, -1),
			math.MaxFloat64, math.SmallestNonzeroFloat64}[r.IntN(8)]
	case pick < 90:
		f = float64(r.IntN(2001)-1000) / 8
	default:
		f = r.NormFloat64() * 1e6
	}
	if t.Bits == 32 {
		f = float64(float32(f))
	}
	return FloatValue(f)
}

const alphabet = "abcxyz019 .,-_/AZ"

// edgeRunes are the runes at the edges of UTF-8's encoding lengths and
// ranges: the last of each length, the first of the next, the surrogate
// gap, the largest rune.
var edgeRunes = []rune{'a', 0x7f, 0x80, 'é', 0x7ff, 0x800, '世', 0xd7ff, 0xe000, 0xfffd, 0xffff, 0x10000, '😀', 0x10ffff}

// text draws a short string of runes from edgeRunes, sometimes with its
// last sequence cut short or a stray continuation or surrogate byte; half
// the time, when the pool has text to build on, a composed string.
func (g *Gen) text() string {
	r := g.R
	if g.Pool.hasText() && r.IntN(2) == 0 {
		return g.composed() // bytes that hold what the code looks for
	}
	var b []byte
	for n := 1 + r.IntN(3); n > 0; n-- {
		b = utf8.AppendRune(b, edgeRunes[r.IntN(len(edgeRunes))])
	}
	switch r.IntN(6) {
	case 0:
		if len(b) > 1 {
			b = b[:len(b)-1] // a sequence cut short (or dropped ASCII)
		}
	case 1:
		b = append(b, 0x80) // a stray continuation byte
	case 2:
		b = append(b, 0xed, 0xa0, 0x80) // an encoded surrogate
	}
	return string(b)
}

func (g *Gen) str() string {
	r := g.R
	pick := r.IntN(100)
	if g.Boundary {
		pick = pick % 40
	}
	switch {
	case pick < 15:
		return ""
	case pick < 40 && len(g.Pool.Encoded) > 0 && (len(g.Pool.Strings) == 0 || r.IntN(2) == 0):
		return g.encoded()
	case pick < 40 && len(g.Pool.Strings) > 0:
		s := g.poolString()
		if r.IntN(2) == 0 || len(s) == 0 {
			return s
		}
		// A near miss of the constant: one byte changed, added or dropped.
		i := r.IntN(len(s))
		switch r.IntN(3) {
		case 0:
			return s[:i] + string(alphabet[r.IntN(len(alphabet))]) + s[i+1:]
		case 1:
			return s[:i] + string(alphabet[r.IntN(len(alphabet))]) + s[i:]
		default:
			return s[:i] + s[i+1:]
		}
	case pick < 85 && g.Pool.hasText():
		// Strings built of what the code looks for (strgen.go).
		return g.composed()
	}
	if r.IntN(4) == 0 {
		return g.text()
	}
	n := 1 + r.IntN(g.maxLen())
	var b strings.Builder
	for i := 0; i < n; i++ {
		switch k := r.IntN(40); {
		case k == 0:
			b.WriteString("é")
		case k == 1:
			b.WriteString("世")
		case k == 2:
			b.WriteByte(0xff) // invalid UTF-8
		case k == 3:
			b.WriteByte('\n')
		default:
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
	}
	return b.String()
}

// encoded draws one of the pool's Encoded texts: as it is half of the
// time, else with one byte changed (to another of its own bytes, or one
// of the alphabet's), dropped or repeated — a near miss of a valid input,
// which reaches the checks a parser makes after its first ones.
func (g *Gen) encoded() string {
	r := g.R
	s := g.Pool.Encoded[r.IntN(len(g.Pool.Encoded))]
	if len(s) == 0 || r.IntN(2) == 0 {
		return s
	}
	i := r.IntN(len(s))
	switch r.IntN(3) {
	case 0:
		c := alphabet[r.IntN(len(alphabet))]
		if r.IntN(2) == 0 {
			c = s[r.IntN(len(s))]
		}
		return s[:i] + string(c) + s[i+1:]
	case 1:
		return s[:i] + s[i+1:]
	default:
		return s[:i+1] + s[i:]
	}
}

// poolString draws a string constant of the unit: one that is plain text
// (PlainText) mostly, a format string, a message with newlines or
// non-ASCII text now and then — code compares its input with its words,
// seldom with its messages, and a row whose text is "price of %s: %w"
// reads as a mistake.
func (g *Gen) poolString() string {
	all := g.Pool.Strings
	words := g.Pool.plainStrings()
	if len(words) > 0 && (len(words) == len(all) || g.R.IntN(16) != 0) {
		return words[g.R.IntN(len(words))]
	}
	return all[g.R.IntN(len(all))]
}
