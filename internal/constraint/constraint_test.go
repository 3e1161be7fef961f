package constraint

import (
	"errors"
	"go/token"
	"math"
	"math/rand/v2"
	"testing"
)

// native computes x op y in Go itself, with T's own semantics: the
// reference Eval must agree with.
func native[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64](op token.Token, x, y T) (r T, panicked bool) {
	defer func() {
		if recover() != nil {
			panicked = true
		}
	}()
	switch op {
	case token.ADD:
		return x + y, false
	case token.SUB:
		return x - y, false
	case token.MUL:
		return x * y, false
	case token.QUO:
		return x / y, false
	case token.REM:
		return x % y, false
	case token.AND:
		return x & y, false
	case token.OR:
		return x | y, false
	case token.XOR:
		return x ^ y, false
	case token.AND_NOT:
		return x &^ y, false
	case token.SHL:
		return x << y, false // a negative signed count panics
	case token.SHR:
		return x >> y, false
	}
	panic("op")
}

func nativeCmp[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64](op token.Token, x, y T) bool {
	switch op {
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	}
	return x >= y
}

var intOps = []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.AND_NOT, token.SHL, token.SHR}
var cmpOps = []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}

// edge values of every width, as bits; each type wraps them.
var edges = []uint64{0, 1, 2, 3, 7, 8, 63, 64, 65, 127, 128, 255, 256, 1 << 15, 1<<15 - 1, 1 << 31, 1<<31 - 1, 1 << 63, 1<<63 - 1,
	^uint64(0), ^uint64(0) - 1, ^uint64(1 << 7), ^uint64(1 << 15), ^uint64(1 << 31)}

func checkInts[T int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64](t *testing.T, typ Type) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, uint64(typ.Bits)))
	vals := append([]uint64(nil), edges...)
	for i := 0; i < 40; i++ {
		vals = append(vals, r.Uint64())
	}
	x, y := &Sym{Name: "x", Type: typ}, &Sym{Name: "y", Type: typ}
	for _, xv := range vals {
		for _, yv := range vals {
			a := Assignment{x: Wrap(typ, xv), y: Wrap(typ, yv)}
			tx, ty := T(xv), T(yv)
			if Wrap(typ, uint64(int64(tx))) != a[x] && Wrap(typ, uint64(tx)) != a[x] {
				t.Fatalf("%s: Wrap(%#x) = %#x, Go says %v", typ, xv, a[x], tx)
			}
			for _, op := range intOps {
				want, panicked := native(op, tx, ty)
				got, err := Eval(Bin(op, V(x), V(y)), a)
				var p *Panic
				if panicked != errors.As(err, &p) {
					t.Fatalf("%s: %v %s %v: Go panics %v, Eval error %v", typ, tx, op, ty, panicked, err)
				}
				if !panicked && got != Wrap(typ, uint64(want)) && !(typ.Signed && got.Int() == int64(want)) {
					t.Fatalf("%s: %v %s %v = %s, Go says %v", typ, tx, op, ty, got.Format(typ), want)
				}
			}
			for _, op := range cmpOps {
				got, _ := Eval(Bin(op, V(x), V(y)), a)
				if got.Bool() != nativeCmp(op, tx, ty) {
					t.Fatalf("%s: %v %s %v = %v", typ, tx, op, ty, got.Bool())
				}
			}
		}
		// Unary minus and complement.
		a := Assignment{x: Wrap(typ, xv)}
		tx := T(xv)
		if got, _ := Eval(Un(token.SUB, V(x)), a); got.Format(typ) != Wrap(typ, uint64(-tx)).Format(typ) {
			t.Fatalf("%s: -%v = %s", typ, tx, got.Format(typ))
		}
		if got, _ := Eval(Un(token.XOR, V(x)), a); got.Format(typ) != Wrap(typ, uint64(^tx)).Format(typ) {
			t.Fatalf("%s: ^%v = %s", typ, tx, got.Format(typ))
		}
	}
}

// TestIntegerSemantics compares Eval with Go on every operator, integer
// type and pair of edge values: wraparound, truncated division, MinInt /
// -1, division by zero, shifts past the width and by negative counts.
func TestIntegerSemantics(t *testing.T) {
	checkInts[int8](t, Int8)
	checkInts[int16](t, Int16)
	checkInts[int32](t, Int32)
	checkInts[int64](t, Int64)
	checkInts[uint8](t, Uint8)
	checkInts[uint16](t, Uint16)
	checkInts[uint32](t, Uint32)
	checkInts[uint64](t, Uint64)
}

func TestEvalCases(t *testing.T) {
	x8, y8 := &Sym{Name: "x", Type: Int8}, &Sym{Name: "y", Type: Int8}
	u := &Sym{Name: "u", Type: Uint8}
	f, g := &Sym{Name: "f", Type: Float64}, &Sym{Name: "g", Type: Float64}
	h := &Sym{Name: "h", Type: Float32}
	n := &Sym{Name: "n", Type: Int}
	a := Assignment{x8: Wrap(Int8, 127), y8: Wrap(Int8, uint64(1<<64-128)), u: 200,
		f: FloatValue(Float64, math.NaN()), g: FloatValue(Float64, math.Copysign(0, -1)),
		h: FloatValue(Float32, 16777216), n: Wrap(Int, uint64(1<<63))}
	tests := []struct {
		name string
		e    Expr
		want string // formatted value, or "panic"
	}{
		{"int8 overflow", Bin(token.ADD, V(x8), I(Int8, 1)), "-128"},
		{"MinInt8 / -1", Bin(token.QUO, V(y8), I(Int8, -1)), "-128"},
		{"MinInt8 % -1", Bin(token.REM, V(y8), I(Int8, -1)), "0"},
		{"-MinInt64", Un(token.SUB, V(n)), "-9223372036854775808"},
		{"truncated division", Bin(token.QUO, I(Int, -7), I(Int, 2)), "-3"},
		{"remainder sign", Bin(token.REM, I(Int, -7), I(Int, 2)), "-1"},
		{"division by zero", Bin(token.QUO, V(x8), Bin(token.SUB, V(x8), V(x8))), "panic"},
		{"uint8 wrap", Bin(token.ADD, V(u), I(Uint8, 100)), "44"},
		{"shift by width", Bin(token.SHL, V(u), I(Uint, 8)), "0"},
		{"signed shift right past width", Bin(token.SHR, V(y8), I(Uint, 200)), "-1"},
		{"negative shift count", Bin(token.SHL, V(u), I(Int, -1)), "panic"},
		{"shift count of another type", Bin(token.SHR, V(n), V(u)), "-1"},
		{"conversion truncates", Conv(Int8, I(Int, 300)), "44"},
		{"conversion sign", Conv(Uint8, I(Int8, -1)), "255"},
		{"int to float", Conv(Float64, V(n)), "-9.223372036854776e+18"},
		{"float to int truncates", Conv(Int, F(Float64, -2.9)), "-2"},
		{"NaN == NaN", Bin(token.EQL, V(f), V(f)), "false"},
		{"NaN != NaN", Bin(token.NEQ, V(f), V(f)), "true"},
		{"NaN < 1", Bin(token.LSS, V(f), F(Float64, 1)), "false"},
		{"!(NaN < 1)", Not(Bin(token.LSS, V(f), F(Float64, 1))), "true"},
		{"-0 == 0", Bin(token.EQL, V(g), F(Float64, 0)), "true"},
		{"float32 rounding", Bin(token.ADD, V(h), F(Float32, 1)), "1.6777216e+07"},
		{"float division by zero", Bin(token.QUO, F(Float64, 1), V(g)), "-Inf"},
		{"short circuit &&", Bin(token.LAND, B(false), Bin(token.EQL, Bin(token.QUO, V(x8), I(Int8, 0)), I(Int8, 0))), "false"},
		{"short circuit ||", Bin(token.LOR, B(true), Bin(token.EQL, Bin(token.QUO, V(x8), I(Int8, 0)), I(Int8, 0))), "true"},
	}
	for _, tt := range tests {
		v, err := Eval(tt.e, a)
		var got string
		var p *Panic
		switch {
		case errors.As(err, &p):
			got = "panic"
		case err != nil:
			t.Errorf("%s: %v", tt.name, err)
			continue
		default:
			got = v.Format(tt.e.Type())
		}
		if got != tt.want {
			t.Errorf("%s: %s = %s, want %s", tt.name, String(tt.e), got, tt.want)
		}
	}
	if _, err := Eval(V(&Sym{Name: "z", Type: Int}), a); !errors.Is(err, ErrUnbound) {
		t.Errorf("unbound symbol: %v", err)
	}
}

func TestString(t *testing.T) {
	i, j, k := &Sym{Name: "i", Type: Int}, &Sym{Name: "j", Type: Int}, &Sym{Name: "k", Type: Int}
	f := &Sym{Name: "f", Type: Float64}
	tests := []struct {
		e    Expr
		want string
	}{
		{Bin(token.LEQ, Bin(token.ADD, V(i), V(j)), V(k)), "i + j <= k"},
		{Bin(token.MUL, Bin(token.ADD, V(i), V(j)), V(k)), "(i + j) * k"},
		{Bin(token.SUB, V(i), Bin(token.SUB, V(j), V(k))), "i - (j - k)"},
		{Bin(token.SUB, Bin(token.SUB, V(i), V(j)), V(k)), "i - j - k"},
		{Un(token.SUB, Un(token.SUB, V(i))), "-(-i)"},
		{Un(token.SUB, I(Int, -3)), "-(-3)"},
		{Bin(token.LOR, Bin(token.LAND, B(true), Bin(token.EQL, V(i), I(Int, 0))), Bin(token.GTR, V(k), I(Int, 2))), "true && i == 0 || k > 2"},
		{Bin(token.LAND, Bin(token.LOR, B(true), Bin(token.EQL, V(i), I(Int, 0))), Bin(token.GTR, V(k), I(Int, 2))), "(true || i == 0) && k > 2"},
		{Conv(Int8, Bin(token.ADD, V(i), I(Int, 1))), "int8(i + 1)"},
		{Un(token.NOT, Bin(token.LSS, V(f), F(Float64, 2))), "!(f < 2.0)"},
		{Bin(token.EQL, V(f), F(Float64, math.Inf(-1))), "f == math.Inf(-1)"},
	}
	for _, tt := range tests {
		if got := String(tt.e); got != tt.want {
			t.Errorf("String = %s, want %s", got, tt.want)
		}
	}
}

// TestDNF checks that the normal form means what the expression means,
// on random assignments (NaN included), and has the expected shape.
func TestDNF(t *testing.T) {
	a, b, c := &Sym{Name: "a", Type: Int8}, &Sym{Name: "b", Type: Int8}, &Sym{Name: "c", Type: Int8}
	f := &Sym{Name: "f", Type: Float64}
	lt := func(s *Sym, n int64) Expr { return Bin(token.LSS, V(s), I(s.Type, n)) }
	eq := func(s *Sym, n int64) Expr { return Bin(token.EQL, V(s), I(s.Type, n)) }
	flt := Bin(token.LSS, V(f), F(Float64, 1))
	tests := []struct {
		e       Expr
		clauses int
		str     string
	}{
		{Not(Bin(token.LAND, lt(a, 3), Bin(token.LOR, eq(b, 1), Not(lt(c, 2))))), 2, "a >= 3 || (b != 1 && c < 2)"},
		{Bin(token.LAND, Bin(token.LOR, lt(a, 0), lt(b, 0)), Bin(token.LOR, lt(c, 0), flt)), 4, ""},
		{Un(token.NOT, Bin(token.LOR, flt, eq(a, 0))), 1, "!(f < 1.0) && a != 0"},
		{Bin(token.LOR, B(false), eq(a, 1)), 1, "a == 1"},
		{Bin(token.LAND, B(false), eq(a, 1)), 0, "false"},
		// Godzilla's predicate constraint: original ≠ mutated condition
		// splits into the two ways they differ.
		{Bin(token.NEQ, lt(a, 3), Bin(token.LEQ, V(a), I(Int8, 3))), 2, "(a < 3 && a > 3) || (a >= 3 && a <= 3)"},
		{Bin(token.EQL, Bin(token.LOR, eq(a, 1), eq(b, 1)), lt(c, 0)), 3, ""},
		{Bin(token.NEQ, flt, eq(a, 0)), 2, "(f < 1.0 && a != 0) || (!(f < 1.0) && a == 0)"},
	}
	r := rand.New(rand.NewPCG(3, 4))
	for _, tt := range tests {
		s, ok := DNF(tt.e)
		if !ok {
			t.Fatalf("DNF(%s) not exact", String(tt.e))
		}
		if len(s) != tt.clauses {
			t.Errorf("DNF(%s) = %s: %d clauses, want %d", String(tt.e), s, len(s), tt.clauses)
		}
		if tt.str != "" && s.String() != tt.str {
			t.Errorf("DNF(%s) = %s, want %s", String(tt.e), s, tt.str)
		}
		for n := 0; n < 500; n++ {
			asg := Assignment{a: Wrap(Int8, r.Uint64()%8-4), b: Wrap(Int8, r.Uint64()%8-4), c: Wrap(Int8, r.Uint64()%8-4),
				f: FloatValue(Float64, []float64{math.NaN(), 0, 1, 2, -1}[r.IntN(5)])}
			want, err := Eval(tt.e, asg)
			if err != nil {
				t.Fatal(err)
			}
			got, err := s.Eval(asg)
			if err != nil || got != want.Bool() {
				t.Fatalf("%s under %v: expression %v, DNF %s says %v (%v)", String(tt.e), asg, want.Bool(), s, got, err)
			}
		}
	}
}

// TestClauseDNF checks the linear conversion of path conditions against
// DNF of the whole conjunction, on the same assignments.
func TestClauseDNF(t *testing.T) {
	a, b := &Sym{Name: "a", Type: Int8}, &Sym{Name: "b", Type: Int8}
	lt := func(s *Sym, n int64) Expr { return Bin(token.LSS, V(s), I(s.Type, n)) }
	cls := []Clause{
		{lt(a, 3), lt(b, 2), Bin(token.LOR, lt(a, -1), lt(b, -2))},
		{lt(a, 3), Bin(token.NEQ, lt(a, 1), lt(b, 1)), B(true)},
		{lt(a, 3), B(false)},
		{},
	}
	r := rand.New(rand.NewPCG(5, 6))
	for _, cl := range cls {
		got, ok := cl.DNF()
		want, _ := DNF(cl.Expr())
		if !ok || len(got) != len(want) {
			t.Errorf("%s: Clause.DNF %s, DNF %s", cl, got, want)
		}
		for n := 0; n < 300; n++ {
			asg := Assignment{a: Wrap(Int8, r.Uint64()%10-5), b: Wrap(Int8, r.Uint64()%10-5)}
			g, _ := got.Eval(asg)
			w, _ := cl.Eval(asg)
			if g != w {
				t.Fatalf("%s under %v: clause %v, its DNF %s %v", cl, asg, w, got, g)
			}
		}
	}
}

func TestSubstFolds(t *testing.T) {
	i, j := &Sym{Name: "i", Type: Int}, &Sym{Name: "j", Type: Int}
	e := Bin(token.LEQ, Bin(token.ADD, V(i), V(j)), I(Int, 10))
	if got := String(Subst(e, map[*Sym]Expr{i: I(Int, 3)})); got != "3 + j <= 10" {
		t.Errorf("partial substitution: %s", got)
	}
	if got := String(Subst(e, map[*Sym]Expr{i: I(Int, 3), j: I(Int, 8)})); got != "false" {
		t.Errorf("full substitution: %s", got)
	}
	div := Bin(token.QUO, V(i), V(j))
	if got := String(Subst(div, map[*Sym]Expr{i: I(Int, 1), j: I(Int, 0)})); got != "1 / 0" {
		t.Errorf("a panicking constant must stay unfolded: %s", got)
	}
	if vs := Vars(e); len(vs) != 2 || vs[0] != i || vs[1] != j {
		t.Errorf("Vars = %v", vs)
	}
}

// TestSubstShared substitutes into an expression built as a loop builds
// it (x &= x-1 on every turn doubles the tree): 100 turns are 2^100
// nodes as a tree, 200 as a DAG. Walked as a tree, Subst never returns.
func TestSubstShared(t *testing.T) {
	x := &Sym{Name: "x", Type: Int}
	var e Expr = V(x)
	for n := 0; n < 100; n++ {
		e = Bin(token.AND, e, Bin(token.SUB, e, I(Int, 1)))
	}
	for _, tc := range []struct {
		x    int64
		want string
	}{{0, "0"}, {-1, "0"}, {12, "0"}} {
		got := Subst(e, map[*Sym]Expr{x: I(Int, tc.x)})
		if String(got) != tc.want {
			t.Errorf("x=%d: %s, want %s", tc.x, String(got), tc.want)
		}
	}
	// With nothing to substitute the expression is returned as it is.
	if got := Subst(e, map[*Sym]Expr{}); got != e {
		t.Errorf("an unchanged expression was copied")
	}
}

func TestMaxClauses(t *testing.T) {
	var e Expr = B(true)
	for n := 0; n < 12; n++ { // 2^12 clauses
		s := &Sym{Name: "x", Type: Int}
		e = Bin(token.LAND, e, Bin(token.LOR, Bin(token.EQL, V(s), I(Int, 0)), Bin(token.EQL, V(s), I(Int, 1))))
	}
	s, ok := DNF(e)
	if ok || len(s) != MaxClauses {
		t.Errorf("DNF of 2^12 clauses: %d clauses, exact %v; want %d, not exact", len(s), ok, MaxClauses)
	}
}

// TestFloatSemantics compares Eval with Go on float32 and float64
// arithmetic and comparisons over edge values (±0, ±Inf, NaN, rounding).
func TestFloatSemantics(t *testing.T) {
	vals := []float64{0, math.Copysign(0, -1), 1, -1, 0.1, 1e308, -1e308, math.Inf(1), math.Inf(-1), math.NaN(),
		16777217, 3.4e38, math.SmallestNonzeroFloat64, 1.5}
	same := func(a, b float64) bool { return (a != a && b != b) || math.Float64bits(a) == math.Float64bits(b) }
	for _, typ := range []Type{Float32, Float64} {
		x, y := &Sym{Name: "x", Type: typ}, &Sym{Name: "y", Type: typ}
		for _, xv := range vals {
			for _, yv := range vals {
				a := Assignment{x: FloatValue(typ, xv), y: FloatValue(typ, yv)}
				for _, op := range []token.Token{token.ADD, token.SUB, token.MUL, token.QUO} {
					var want float64
					if typ.Bits == 32 {
						p, q := float32(xv), float32(yv)
						switch op {
						case token.ADD:
							want = float64(p + q)
						case token.SUB:
							want = float64(p - q)
						case token.MUL:
							want = float64(p * q)
						default:
							want = float64(p / q)
						}
					} else {
						switch op {
						case token.ADD:
							want = xv + yv
						case token.SUB:
							want = xv - yv
						case token.MUL:
							want = xv * yv
						default:
							want = xv / yv
						}
					}
					got, err := Eval(Bin(op, V(x), V(y)), a)
					if err != nil || !same(got.Float(), want) {
						t.Fatalf("%s: %v %s %v = %v (%v), Go says %v", typ, xv, op, yv, got.Float(), err, want)
					}
				}
				for _, op := range cmpOps {
					got, _ := Eval(Bin(op, V(x), V(y)), a)
					var want bool
					if typ.Bits == 32 {
						want = nativeCmp(op, float32(xv), float32(yv))
					} else {
						want = nativeCmp(op, xv, yv)
					}
					if got.Bool() != want {
						t.Fatalf("%s: %v %s %v = %v", typ, xv, op, yv, got.Bool())
					}
				}
			}
		}
	}
}

// TestFloatIdentity checks Differ and Same against IEEE facts stated
// independently: -0 == +0 with different bits, NaN != NaN, and the
// harness's rule that all NaNs are one outcome.
func TestFloatIdentity(t *testing.T) {
	x, y := &Sym{Name: "x", Type: Float64}, &Sym{Name: "y", Type: Float64}
	negZero := math.Copysign(0, -1)
	nan2 := math.Float64frombits(0xFFF8_0000_2000_0000)
	vals := []float64{0, negZero, 1, -1, math.Inf(1), math.NaN(), nan2, math.SmallestNonzeroFloat64}
	d := Differ(V(x), V(y))
	for _, a := range vals {
		for _, b := range vals {
			got, err := Eval(d, Assignment{x: FloatValue(Float64, a), y: FloatValue(Float64, b)})
			if err != nil {
				t.Fatal(err)
			}
			bitsDiffer := math.Float64bits(a) != math.Float64bits(b)
			if bitsDiffer && !got.Bool() {
				t.Errorf("Differ(%v, %v) false, yet the bits %#x and %#x differ", a, b, math.Float64bits(a), math.Float64bits(b))
			}
			sameOutcome := Same(Float64, FloatValue(Float64, a), FloatValue(Float64, b))
			wantSame := !bitsDiffer || math.IsNaN(a) && math.IsNaN(b)
			if sameOutcome != wantSame {
				t.Errorf("Same(%v, %v) = %v, want %v", a, b, sameOutcome, wantSame)
			}
		}
	}
	// The cases issue 13 was about, spelled out.
	if ok, _ := Eval(Bin(token.NEQ, V(x), V(y)), Assignment{x: FloatValue(Float64, 0), y: FloatValue(Float64, negZero)}); ok.Bool() {
		t.Error("0 != -0 holds: float != is not meant to tell them apart")
	}
	if ok, _ := Eval(d, Assignment{x: FloatValue(Float64, 0), y: FloatValue(Float64, negZero)}); !ok.Bool() {
		t.Error("Differ(0, -0) is false")
	}
	if Same(Float64, FloatValue(Float64, 0), FloatValue(Float64, negZero)) {
		t.Error("Same(0, -0)")
	}
	// Integers: Differ is !=.
	i := &Sym{Name: "i", Type: Int8}
	if got := String(Differ(V(i), I(Int8, 3))); got != "i != 3" {
		t.Errorf("Differ on int8: %s", got)
	}
}

// TestConvertFloat32 checks that integers convert to float32 with one
// rounding, as Go does: 2^54 + 2^30 + 1 is above the midpoint between
// the float32 neighbours 2^54 and 2^54 + 2^31, so it rounds up; through
// float64 (2^54 + 2^30, the midpoint) it would round to even, 2^54.
func TestConvertFloat32(t *testing.T) {
	const n = 1<<54 + 1<<30 + 1
	const want = 1<<54 + 1<<31
	for _, tt := range []struct {
		from Type
		x    uint64
		want float64
	}{
		{Int64, n, want},
		{Uint64, n, want},
		{Int64, 1<<64 - n, -want}, // -n
		{Int32, 1<<24 + 1, 1 << 24},
	} {
		s := &Sym{Name: "n", Type: tt.from}
		v, err := Eval(Conv(Float32, V(s)), Assignment{s: Wrap(tt.from, tt.x)})
		if err != nil {
			t.Fatal(err)
		}
		if v.Float() != tt.want {
			t.Errorf("float32(%s(%#x)) = %v, want %v", tt.from, tt.x, v.Float(), tt.want)
		}
	}
}

// TestIteDefined checks the two nodes queries about panics and whole
// functions use: Ite evaluates the branch its condition selects only (a
// panic in the other does not count), Defined is whether its operand
// panics and never panics itself; Holds and Distinct never panic.
// Folding and printing know them.
func TestIteDefined(t *testing.T) {
	x := &Sym{Name: "x", Type: Int8}
	div := Bin(token.QUO, I(Int8, 100), V(x)) // panics at x == 0
	pos := Bin(token.GTR, V(x), I(Int8, 0))
	tests := []struct {
		name string
		e    Expr
		x    int64
		want int64 // -1000: panics
	}{
		{"ite selects then", If(pos, div, I(Int8, 7)), 5, 20},
		{"ite skips a panicking else", If(pos, I(Int8, 7), div), 5, 7},
		{"ite takes a panicking branch", If(Not(pos), div, I(Int8, 7)), 0, -1000},
		{"defined, no panic", Def(div), 5, 1},
		{"defined, panic", Def(div), 0, 0},
		{"holds, panic", Holds(Bin(token.EQL, div, I(Int8, 0))), 0, 0},
		{"holds, true", Holds(Bin(token.EQL, div, I(Int8, 20))), 5, 1},
		{"distinct, a panic", Distinct(div, I(Int8, 3)), 0, 1},
		{"distinct, equal", Distinct(div, I(Int8, 20)), 5, 0},
		{"distinct, different", Distinct(div, I(Int8, 3)), 5, 1},
	}
	for _, tt := range tests {
		v, err := Eval(tt.e, Assignment{x: Wrap(Int8, uint64(tt.x))})
		switch {
		case tt.want == -1000:
			if _, ok := err.(*Panic); !ok {
				t.Errorf("%s: %v, %v; want a panic", tt.name, v, err)
			}
		case err != nil || v.Int() != tt.want:
			t.Errorf("%s: %v, %v; want %d", tt.name, v.Int(), err, tt.want)
		}
	}
	if got := String(If(pos, div, I(Int8, 7))); got != "ite(x > 0, 100 / x, 7)" {
		t.Errorf("printed %q", got)
	}
	if got := String(Def(div)); got != "defined(100 / x)" {
		t.Errorf("printed %q", got)
	}
	// Substituting the condition folds the Ite to its branch, even one
	// that panics (unfolded, as a panicking constant is).
	if got := Subst(If(pos, div, I(Int8, 7)), map[*Sym]Expr{x: I(Int8, 0)}); String(got) != "7" {
		t.Errorf("folded to %s, want 7", String(got))
	}
	if got := Fold(Def(I(Int8, 3))); String(got) != "true" {
		t.Errorf("defined(3) folded to %s, want true", String(got))
	}
	y := &Sym{Name: "y", Type: Int8}
	if vs := Vars(If(Def(V(y)), I(Int8, 1), V(x))); len(vs) != 2 || vs[0] != y || vs[1] != x {
		t.Errorf("Vars = %v, want [y x]", vs)
	}
}
