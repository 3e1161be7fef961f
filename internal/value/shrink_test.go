package value

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

var (
	i64  = &Type{Kind: Int, Bits: 64, Name: "int"}
	i32  = &Type{Kind: Int, Bits: 32, Name: "int32"}
	i8   = &Type{Kind: Int, Bits: 8, Name: "int8"}
	u64  = &Type{Kind: Uint, Bits: 64, Name: "uint64"}
	r32  = &Type{Kind: Int, Bits: 32, Name: "rune", Rune: true}
	str  = &Type{Kind: String, Name: "string"}
	f64  = &Type{Kind: Float, Bits: 64, Name: "float64"}
	ver  = &Type{Kind: Struct, Name: "Version", Named: true, Fields: []Field{{"Major", i64}, {"Minor", i64}, {"Patch", i64}}}
	ints = &Type{Kind: Slice, Name: "[]int", Elem: i64}
	smap = &Type{Kind: Map, Name: "map[string]int", Key: str, Elem: i64}
)

// shrinkBy shrinks in as gen does (internal/gen shrink.go): the tied
// leaves first, then each input as far as it goes, taking the first
// candidate keep accepts, until none is or after 2000 steps.
func shrinkBy(types []*Type, in []Value, pool *Pool, keep func([]Value) bool) []Value {
	cur := in
	for steps := 0; steps < 2000; steps++ {
		next := func() []Value {
			for _, c := range ShrinkTied(types, cur, pool) {
				if keep(c.In) {
					return c.In
				}
			}
			for i := range cur {
				for _, c := range ShrinkWith(types[i], cur[i], pool) {
					cand := append([]Value(nil), cur...)
					cand[i] = c
					if keep(cand) {
						return cand
					}
				}
			}
			return nil
		}()
		if next == nil {
			return cur
		}
		cur = next
	}
	return cur
}

// TestShrinkPlainest checks where shrinking ends when a mutant needs a
// property of the value: at the plainest value that has it — a bound
// rather than an arbitrary 64-bit number, one non-ASCII letter rather
// than the runes at the edges of UTF-8, a small number rather than a
// huge one.
func TestShrinkPlainest(t *testing.T) {
	tests := []struct {
		name string
		typ  *Type
		from Value
		pool *Pool
		keep func(v Value) bool
		want Value
	}{
		{"x*3 overflows: MaxInt64", i64, Value{I: 3458764513820540927}, nil,
			func(v Value) bool { return v.I > math.MaxInt64/3 }, Value{I: math.MaxInt64}},
		{"x*5 overflows below: MinInt64", i64, Value{I: -2305843009213693945}, nil,
			func(v Value) bool { return v.I < math.MinInt64/5 }, Value{I: math.MinInt64}},
		{"negative: -1", i64, Value{I: -9223372036854775774}, nil,
			func(v Value) bool { return v.I < 0 }, Value{I: -1}},
		{"from a bound to the least that does", i64, Value{I: math.MaxInt64}, nil,
			func(v Value) bool { return v.I > 70 }, Value{I: 71}},
		{"int32 bound to the least that does", i32, Value{I: math.MaxInt32}, nil,
			func(v Value) bool { return v.I > 1000 }, Value{I: 1001}},
		{"past 2^63: MaxUint64", u64, Value{U: 18446744073709551000}, nil,
			func(v Value) bool { return v.U > 1<<63 }, Value{U: math.MaxUint64}},
		{"a constant of the unit before a number", i64, Value{I: 977}, &Pool{Ints: []int64{840}},
			func(v Value) bool { return v.I > 500 }, Value{I: 840}},
		{"non-ASCII text: é", str, Value{S: "\U0010ffff😀😀"}, nil,
			func(v Value) bool {
				return utf8.ValidString(string(v.S)) && strings.ContainsFunc(string(v.S), func(r rune) bool { return r >= 0x80 })
			},
			Value{S: "é"}},
		{"a non-ASCII rune: é", r32, Value{I: '😀'}, nil,
			func(v Value) bool { return v.I >= 0x80 }, Value{I: 'é'}},
		{"a word of the unit", str, Value{S: "x9USDq"}, &Pool{Strings: []string{"USD", "price of %s: %w"}},
			func(v Value) bool { return strings.Contains(string(v.S), "USD") }, Value{S: "USD"}},
		{"upper case is not needed", str, Value{S: "ABC"}, nil,
			func(v Value) bool { return len(v.S) == 3 }, Value{S: "aaa"}},
		{"a key of a map", smap, MapValue([]Value{{S: "\U0010ffff𐀀\xf4\x8f\xbf"}, {S: "b"}}, []Value{{I: 3}, {I: 1}}), nil,
			func(v Value) bool { return len(v.E) == 4 && v.E[1].I+v.E[3].I == 4 && v.E[1].I*v.E[3].I == 3 }, MapValue([]Value{{S: ""}, {S: "a"}}, []Value{{I: 1}, {I: 3}})},
		{"three bytes, not a month", str, Value{S: "߿a"}, nil,
			func(v Value) bool { return len(v.S) >= 3 }, Value{S: "aaa"}},
		{"three bytes after the months", str, Value{S: "߿a"}, nil,
			func(v Value) bool { return len(v.S) == 3 && string(v.S) > "september" }, Value{S: "zaa"}},
		{"not a hex digit", str, Value{S: "a\xff"}, nil,
			func(v Value) bool { return strings.Trim(string(v.S), "0123456789abcdef") != "" }, Value{S: "z"}},
		{"a newline that is", str, Value{S: "price of %s:\n%w"}, nil,
			func(v Value) bool { return strings.Contains(string(v.S), "\n") }, Value{S: "\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !tt.keep(tt.from) {
				t.Fatal("the value to shrink does not have the property")
			}
			got := shrinkBy([]*Type{tt.typ}, []Value{tt.from}, tt.pool, func(in []Value) bool { return tt.keep(in[0]) })[0]
			if !Equal(tt.typ, got, tt.want) {
				t.Errorf("shrinks to %s, want %s", (&Printer{}).Literal(tt.typ, got), (&Printer{}).Literal(tt.typ, tt.want))
			}
		})
	}
}

// TestShrinkTied checks that leaves equal to one another shrink
// together: v.Less(w) comparing patches needs equal majors and minors,
// which shrinking one field at a time cannot keep.
func TestShrinkTied(t *testing.T) {
	v := func(major, minor, patch int64) Value { return Value{E: []Value{{I: major}, {I: minor}, {I: patch}}} }
	tests := []struct {
		name string
		from []Value
		keep func(v, w []int64) bool
		want []Value
	}{
		{"equal majors and minors", []Value{v(math.MinInt64+1, math.MinInt64+1, 69), v(math.MinInt64+1, math.MinInt64+1, 68)},
			func(v, w []int64) bool { return v[0] == w[0] && v[1] == w[1] && v[2] > w[2] },
			[]Value{v(0, 0, 1), v(0, 0, 0)}},
		{"equal big majors", []Value{v(96005373845450915, 0, 0), v(96005373845450915, -131071, 2)},
			func(v, w []int64) bool { return v[0] == w[0] && v[1] > w[1] },
			[]Value{v(0, 0, 0), v(0, -1, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fields := func(x Value) []int64 { return []int64{x.E[0].I, x.E[1].I, x.E[2].I} }
			got := shrinkBy([]*Type{ver, ver}, tt.from, nil, func(in []Value) bool { return tt.keep(fields(in[0]), fields(in[1])) })
			p := &Printer{}
			if !Equal(ver, got[0], tt.want[0]) || !Equal(ver, got[1], tt.want[1]) {
				t.Errorf("shrinks to %s, %s; want %s, %s", p.Literal(ver, got[0]), p.Literal(ver, got[1]), p.Literal(ver, tt.want[0]), p.Literal(ver, tt.want[1]))
			}
		})
	}
}

// TestPlain checks the plain set: what a row may hold without a reason.
func TestPlain(t *testing.T) {
	long := Value{E: make([]Value, maxPlainLen+1)}
	tests := []struct {
		name  string
		typ   *Type
		v     Value
		plain bool
		why   string // Unplain's, when not plain ("" = not checked)
	}{
		{"small int", i64, Value{I: -7}, true, ""},
		{"int within 32 bits", i64, Value{I: 2_000_000_000}, true, ""},
		{"int beyond 32 bits", i64, Value{I: 1 << 40}, false, "beyond 32 bits"},
		{"MaxInt64", i64, Value{I: math.MaxInt64}, false, ""},
		{"MinInt64 + 1", i64, Value{I: math.MinInt64 + 1}, false, ""},
		{"MaxInt32 of an int32", i32, Value{I: math.MaxInt32}, false, ""},
		{"127 of an int8", i8, Value{I: 127}, true, ""},
		{"uint64 beyond 32 bits", u64, Value{U: 1 << 32}, false, ""},
		{"word", str, Value{S: "USD"}, true, ""},
		{"message", str, Value{S: "table: unknown key"}, true, ""},
		{"format string", str, Value{S: "price of %s: %w"}, false, ""},
		{"newline", str, Value{S: "a\nb"}, false, ""},
		{"non-ASCII", str, Value{S: "é"}, false, ""},
		{"invalid UTF-8", str, Value{S: "\xff"}, false, "invalid UTF-8"},
		{"long text", str, Value{S: Str(strings.Repeat("a", maxPlainLen+1))}, false, ""},
		{"fraction", f64, FloatValue(0.5), true, ""},
		{"NaN", f64, FloatValue(math.NaN()), false, ""},
		{"-0", f64, FloatValue(math.Copysign(0, -1)), false, ""},
		{"rune é", r32, Value{I: 'é'}, false, "a rune beyond ASCII"},
		{"rune -1", r32, Value{I: -1}, false, "a negative rune"},
		{"rune past U+10FFFF", r32, Value{I: 0x110000}, false, "a rune beyond Unicode"},
		{"rune a", r32, Value{I: 'a'}, true, ""},
		{"struct with a bound", ver, Value{E: []Value{{I: math.MaxInt64}, {}, {}}}, false, ""},
		{"long slice", ints, long, false, ""},
		{"short slice", ints, Value{E: []Value{{I: 1}, {I: 2}}}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Plain(tt.typ, tt.v); got != tt.plain {
				t.Errorf("Plain = %v, want %v", got, tt.plain)
			}
			if got := Unplain(tt.typ, tt.v); tt.why != "" && got != tt.why || tt.plain && got != "" {
				t.Errorf("Unplain = %q, want %q", got, tt.why)
			}
		})
	}
}

// TestPlainVariants checks the variants that tell which mutant needs a
// value outside the plain set: its leaves made plain, and their equals
// elsewhere in the input with them.
func TestPlainVariants(t *testing.T) {
	big := Value{E: []Value{{I: math.MaxInt64}, {I: 3}, {}}}
	tests := []struct {
		name  string
		types []*Type
		in    []Value
		i     int
		want  [][]Value
	}{
		{"plain: none", []*Type{i64}, []Value{{I: 5}}, 0, nil},
		{"a bound and its equal", []*Type{ver, ver, i64}, []Value{big, big, {I: math.MaxInt64}}, 0, [][]Value{
			{{E: []Value{{}, {I: 3}, {}}}, {E: []Value{{}, {I: 3}, {}}}, {}},
			{{E: []Value{{I: 1}, {I: 3}, {}}}, {E: []Value{{I: 1}, {I: 3}, {}}}, {I: 1}},
		}},
		{"text", []*Type{str, str}, []Value{{S: "é%!"}, {S: "x"}}, 0, [][]Value{
			{{S: "aaa!"}, {S: "x"}}, // é is two bytes: the length stays
			{{S: ""}, {S: "x"}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PlainVariants(tt.types, tt.in, tt.i)
			if Key(flatten(got)) != Key(flatten(tt.want)) || len(got) != len(tt.want) {
				t.Errorf("variants %+v, want %+v", got, tt.want)
			}
		})
	}
}

func flatten(ins [][]Value) []Value {
	var out []Value
	for _, in := range ins {
		out = append(out, Value{E: in})
	}
	return out
}

// TestPoolMessagesDrawn checks that the unit's format strings and
// messages are seldom drawn as text, while its words stay as common.
func TestPoolMessagesDrawn(t *testing.T) {
	pool := Pool{Strings: []string{"USD", "price of %s: %w", "line one\nline two"}}
	g := &Gen{R: rand.New(rand.NewPCG(7, 8)), Pool: pool}
	const n = 4000
	odd, words := 0, 0
	for range n {
		s := string(g.Random(str).S)
		if strings.Contains(s, "%") || strings.Contains(s, "line one") {
			odd++
		}
		if s == "USD" {
			words++
		}
	}
	if odd > n/50 {
		t.Errorf("%d of %d strings hold the unit's format string or message, want at most %d", odd, n, n/50)
	}
	if words < n/25 {
		t.Errorf("%d of %d strings are the unit's word, want at least %d", words, n, n/25)
	}
}

// TestShrinkFloatGreedy: shrinking a float as gen does (take the first
// candidate that still does what the row needs, go on from there) ends
// at the plainest float that does: a small integer, a power of ten, a
// short decimal, never a long fraction made by halving.
func TestShrinkFloatGreedy(t *testing.T) {
	f64 := &Type{Kind: Float, Bits: 64, Name: "float64"}
	for _, tt := range []struct {
		name  string
		from  float64
		needs func(float64) bool
		want  float64
	}{
		{"below -1", -834635, func(x float64) bool { return x < -1 }, -2},
		{"above 1e6", 1.008739e+06, func(x float64) bool { return x > 1000 }, 1001},
		{"huge and positive", 2.8240139587082172e+219, func(x float64) bool { return x > 5 }, 6},
		{"tiny and positive", 3.9272747722381812e-90, func(x float64) bool { return x > 0 && x < 1e-80 }, 5e-91},
		{"a fraction in (1, 2)", 1.4883895216681028, func(x float64) bool { return x > 1 && x < 2 }, 1.5},
		{"negative, any", -7.06e+218, func(x float64) bool { return true }, 0},
		{"NaN stays NaN", math.NaN(), func(x float64) bool { return math.IsNaN(x) }, math.NaN()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			cur := FloatValue(tt.from)
			for steps := 0; steps < 200; steps++ {
				next := false
				for _, c := range Shrink(f64, cur) {
					if tt.needs(c.Float()) {
						cur, next = c, true
						break
					}
				}
				if !next {
					break
				}
			}
			got := cur.Float()
			if got != tt.want && !(math.IsNaN(got) && math.IsNaN(tt.want)) {
				t.Errorf("shrunk %v to %v, want %v", tt.from, got, tt.want)
			}
		})
	}
}

// TestShrinkReadable: what a row needs of a large number or of bytes is
// shrunk to what a reviewer reads: a round number, text instead of NUL
// bytes, a short decimal.
func TestShrinkReadable(t *testing.T) {
	bytesT := &Type{Kind: Slice, Name: "[]byte", Elem: &Type{Kind: Uint, Bits: 8, Name: "byte", Byte: true}}
	greedy := func(typ *Type, v Value, needs func(Value) bool) Value {
		for steps := 0; steps < 500; steps++ {
			next := false
			for _, c := range Shrink(typ, v) {
				if needs(c) {
					v, next = c, true
					break
				}
			}
			if !next {
				break
			}
		}
		return v
	}
	// An exabyte or more.
	got := greedy(u64, Value{U: 7634157908038963313}, func(c Value) bool { return c.U >= 1e18 })
	if got.U != math.MaxUint64 { // a bound, written by its name
		t.Errorf("uint64 shrunk to %d, want math.MaxUint64", got.U)
	}
	got = greedy(u64, Value{U: 7634157908038963313}, func(c Value) bool { return c.U >= 1e18 && c.U < 9e18 })
	if got.U != 1e18 {
		t.Errorf("uint64 below 9e18 shrunk to %d, want 1000000000000000000", got.U)
	}
	// 45 bytes, the first 9 not "urn:uuid:": NUL bytes become letters.
	nul := make([]byte, 45)
	got = greedy(bytesT, bytesValue(nul), func(c Value) bool { return len(c.E) == 45 && string(bytesOf(c)[:9]) != "urn:uuid:" })
	if b := bytesOf(got); strings.ContainsRune(string(b), 0) {
		t.Errorf("bytes shrunk to %q, want no NUL", b)
	}
	// A long string of NUL bytes, 38 of them.
	got = greedy(str, Value{S: Str(strings.Repeat("\x00", 37) + "}")}, func(c Value) bool { return len(c.S) == 38 && strings.HasSuffix(string(c.S), "}") })
	if strings.ContainsRune(string(got.S), 0) {
		t.Errorf("string shrunk to %q, want no NUL", got.S)
	}
	// A float whose fraction and magnitude a row needs.
	got = greedy(f64, FloatValue(1.4883895216681028e+06), func(c Value) bool {
		f := c.Float()
		return f > 1e6 && f != math.Trunc(f)
	})
	if f := got.Float(); sigDigits(f) > 8 {
		t.Errorf("float shrunk to %v, want at most 8 significant digits", f)
	}
}

func TestShrinkOrder(t *testing.T) {
	iv := &Type{Kind: Struct, Name: "Interval", Fields: []Field{{Name: "Lo", Type: &Type{Kind: Float, Name: "float64", Bits: 64}}, {Name: "Hi", Type: &Type{Kind: Float, Name: "float64", Bits: 64}}}}
	in := []Value{
		{E: []Value{FloatValue(0), FloatValue(1.254766e6)}},
		{E: []Value{FloatValue(1.2526530136900481e6), FloatValue(1)}},
	}
	got := ShrinkOrder([]*Type{iv, iv}, in)
	if len(got) != 1 {
		t.Fatalf("ShrinkOrder: %d candidates, want 1 (the floats)", len(got))
	}
	want := [][2]float64{{0, 3}, {2, 1}}
	for i, w := range want {
		if lo, hi := got[0][i].E[0].Float(), got[0][i].E[1].Float(); lo != w[0] || hi != w[1] {
			t.Errorf("input %d: {%v, %v}, want {%v, %v}", i, lo, hi, w[0], w[1])
		}
	}
	// The least already: nothing.
	if c := ShrinkOrder([]*Type{iv, iv}, got[0]); len(c) != 0 {
		t.Errorf("ShrinkOrder of {0,3},{2,1}: %d candidates, want 0", len(c))
	}
	// Negatives keep their order below 0: -7e9 < -3e9 < 0 < 5e9.
	i64 := &Type{Kind: Int, Name: "int64", Bits: 64}
	c := ShrinkOrder([]*Type{i64, i64, i64, i64}, []Value{{I: -3e9}, {I: 5e9}, {I: -7e9}, {I: 0}})
	if len(c) != 1 || c[0][0].I != -1 || c[0][1].I != 1 || c[0][2].I != -2 || c[0][3].I != 0 {
		t.Errorf("ShrinkOrder of ints: %v, want [-1 1 -2 0]", c)
	}
}

// TestShrinkDigits: an integer shrinks to its last decimal digits (an
// ordinal's x%100 == 11 survives), a float to small powers of ten (a 7th
// decimal).
func TestShrinkDigits(t *testing.T) {
	u64 := &Type{Kind: Uint, Bits: 64, Name: "uint64"}
	i64 := &Type{Kind: Int, Bits: 64, Name: "int64"}
	f64 := &Type{Kind: Float, Bits: 64, Name: "float64"}
	has := func(vs []Value, want Value) bool {
		for _, v := range vs {
			if v.U == want.U && v.I == want.I && v.X == "" && len(v.E) == 0 {
				return true
			}
		}
		return false
	}
	if c := Shrink(u64, Value{U: 5990186511218187311}); !has(c, Value{U: 11}) || !has(c, Value{U: 311}) {
		t.Errorf("Shrink(5990186511218187311) lacks 11 or 311")
	}
	if c := Shrink(i64, Value{I: -5990186511218187311}); !has(c, Value{I: -11}) {
		t.Errorf("Shrink(-5990186511218187311) lacks -11")
	}
	c := Shrink(f64, FloatValue(292417.2952089169))
	if !has(c, FloatValue(1e-07)) {
		t.Errorf("Shrink(292417.2952089169) lacks 1e-07")
	}
}
