package infeasible

import (
	"fmt"
	"go/token"
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
)

func sym(name string, t c.Type) *c.Sym { return &c.Sym{Name: name, Type: t} }

func bin(op token.Token, x, y c.Expr) c.Expr { return c.Bin(op, x, y) }

// satisfiable decides cl by enumerating every assignment of its symbols
// (8-bit integers and bools only) under the reference semantics,
// returning a satisfying assignment if there is one. Each constraint is
// evaluated (constraint.Clause.Eval: a panic is false) as soon as its
// symbols are bound, which prunes the enumeration without changing its
// answer: the clause holds iff every constraint does. A witness is
// checked once more with Eval of the whole clause.
func satisfiable(t *testing.T, cl c.Clause) (c.Assignment, bool) {
	t.Helper()
	syms := cl.Vars()
	// Bind first the symbols that constraints of one symbol mention.
	single := map[*c.Sym]int{}
	for _, e := range cl {
		if vs := c.Vars(e); len(vs) == 1 {
			single[vs[0]]++
		}
	}
	sort.SliceStable(syms, func(i, j int) bool { return single[syms[i]] > single[syms[j]] })
	level := map[*c.Sym]int{}
	for i, s := range syms {
		level[s] = i
	}
	ready := make([]c.Clause, len(syms)+1) // ready[i]: constraints bound once syms[:i] are
	for _, e := range cl {
		n := 0
		for _, s := range c.Vars(e) {
			n = max(n, level[s]+1)
		}
		ready[n] = append(ready[n], e)
	}
	a := c.Assignment{}
	holds := func(i int) bool {
		ok, err := ready[i].Eval(a)
		if err != nil {
			t.Fatalf("eval %s: %v", cl, err)
		}
		return ok
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if !holds(i) {
			return false
		}
		if i == len(syms) {
			return true
		}
		s := syms[i]
		n := uint64(2)
		switch s.Type.Kind {
		case c.KInt:
			if s.Type.Bits != 8 {
				t.Fatalf("cannot enumerate %s %s", s.Name, s.Type)
			}
			n = 256
		case c.KFloat:
			t.Fatalf("cannot enumerate %s %s", s.Name, s.Type)
		}
		for v := uint64(0); v < n; v++ {
			a[s] = c.Wrap(s.Type, v)
			if s.Type == c.Bool {
				a[s] = c.BoolValue(v == 1)
			}
			if rec(i + 1) {
				return true
			}
		}
		delete(a, s)
		return false
	}
	if !rec(0) {
		return nil, false
	}
	if ok, err := cl.Eval(a); err != nil || !ok {
		t.Fatalf("enumeration found %v for %s, which Eval rejects (%v)", a, cl, err)
	}
	return a, true
}

func enumerable(cl c.Clause) bool {
	for _, s := range cl.Vars() {
		if s.Type.Kind == c.KFloat || s.Type.Kind == c.KInt && s.Type.Bits != 8 {
			return false
		}
	}
	return true
}

func TestClause(t *testing.T) {
	x, y, z := sym("x", c.Int), sym("y", c.Int), sym("z", c.Int)
	x8, y8 := sym("x", c.Int8), sym("y", c.Int8)
	u8, w8 := sym("u", c.Uint8), sym("w", c.Uint8)
	x16 := sym("x16", c.Int16)
	X16 := c.V(x16)
	f, g := sym("f", c.Float64), sym("g", c.Float64)
	b := sym("b", c.Bool)
	X, Y, Z := c.V(x), c.V(y), c.V(z)
	X8, Y8, U8, W8 := c.V(x8), c.V(y8), c.V(u8), c.V(w8)
	F, G, B := c.V(f), c.V(g), c.V(b)
	n := func(v int64) c.Expr { return c.I(c.Int, v) }
	i8 := func(v int64) c.Expr { return c.I(c.Int8, v) }
	ui8 := func(v int64) c.Expr { return c.I(c.Uint8, v) }
	sum := bin(token.ADD, X, Y)
	sum8 := bin(token.ADD, X8, Y8)

	tests := []struct {
		name string
		cl   c.Clause
		want Strategy // 0: no conflict
		// witness of satisfiability for clauses too wide to enumerate
		witness c.Assignment
	}{
		// Negation and partial negation (Table 3).
		{"x > 1 vs x <= 1", c.Clause{bin(token.GTR, X, n(1)), bin(token.LEQ, X, n(1))}, Negation, nil},
		{"x > 1 vs x < 1", c.Clause{bin(token.GTR, X, n(1)), bin(token.LSS, X, n(1))}, PartialNegation, nil},
		{"x > 1 vs x == 1", c.Clause{bin(token.GTR, X, n(1)), bin(token.EQL, X, n(1))}, PartialNegation, nil},
		{"x+y > z vs x+y <= z", c.Clause{bin(token.GTR, sum, Z), bin(token.LEQ, sum, Z)}, Negation, nil},
		{"x > y vs y >= x", c.Clause{bin(token.GTR, X, Y), bin(token.GEQ, Y, X)}, Negation, nil},
		{"x == y vs y < x", c.Clause{bin(token.EQL, X, Y), bin(token.LSS, Y, X)}, PartialNegation, nil},
		{"x == y vs Not(x == y)", c.Clause{bin(token.EQL, X, Y), c.Not(bin(token.EQL, X, Y))}, Negation, nil},
		{"x < y vs !(x < y)", c.Clause{bin(token.LSS, X, Y), c.Un(token.NOT, bin(token.LSS, X, Y))}, Negation, nil},
		{"x < x", c.Clause{bin(token.LSS, X, X)}, Negation, nil},
		{"x >= y vs x <= y", c.Clause{bin(token.GEQ, X, Y), bin(token.LEQ, X, Y)}, 0, c.Assignment{x: 3, y: 3}},
		{"x > y vs y > z", c.Clause{bin(token.GTR, X, Y), bin(token.GTR, Y, Z)}, 0, c.Assignment{x: 3, y: 2, z: 1}},
		{"f > g vs f <= g (NaN makes both false)", c.Clause{bin(token.GTR, F, G), bin(token.LEQ, F, G)}, PartialNegation, nil},
		{"f > g vs Not(f > g)", c.Clause{bin(token.GTR, F, G), c.Not(bin(token.GTR, F, G))}, Negation, nil},
		{"f < g vs Not(f >= g): NaN satisfies", c.Clause{bin(token.LSS, F, G), c.Not(bin(token.GEQ, F, G))}, 0,
			c.Assignment{f: c.FloatValue(c.Float64, 1), g: c.FloatValue(c.Float64, 2)}},
		{"f != f: NaN satisfies", c.Clause{bin(token.NEQ, F, F)}, 0, c.Assignment{f: c.FloatValue(c.Float64, nan())}},
		{"f < f", c.Clause{bin(token.LSS, F, F)}, Negation, nil},
		{"b vs !b", c.Clause{B, c.Not(B)}, Negation, nil},
		{"b vs b == false", c.Clause{B, bin(token.EQL, B, c.B(false))}, Negation, nil},
		{"b != true vs true == b", c.Clause{bin(token.NEQ, B, c.B(true)), bin(token.EQL, c.B(true), B)}, Negation, nil},
		{"false", c.Clause{c.B(false)}, Negation, nil},
		{"true", c.Clause{c.B(true), B}, 0, nil},
		{"x > 0 && x < 0 as one constraint", c.Clause{bin(token.LAND, bin(token.GTR, X, n(0)), bin(token.LSS, X, n(0)))}, PartialNegation, nil},
		{"empty clause", c.Clause{}, 0, nil},

		// Constants comparison (Table 5), exact on the ring.
		{"x > 1 vs x < 0", c.Clause{bin(token.GTR, X, n(1)), bin(token.LSS, X, n(0))}, ConstantsComparison, nil},
		{"x > 1 vs x < 2", c.Clause{bin(token.GTR, X, n(1)), bin(token.LSS, X, n(2))}, ConstantsComparison, nil},
		{"x > 1 vs x < 3", c.Clause{bin(token.GTR, X, n(1)), bin(token.LSS, X, n(3))}, 0, c.Assignment{x: 2}},
		{"x == 3 vs 4 <= x", c.Clause{bin(token.EQL, X, n(3)), bin(token.LEQ, n(4), X)}, ConstantsComparison, nil},
		{"x != 3 vs x == 3", c.Clause{bin(token.NEQ, X, n(3)), bin(token.EQL, X, n(3))}, Negation, nil},
		{"int8 x > 127", c.Clause{bin(token.GTR, X8, i8(127))}, ConstantsComparison, nil},
		{"uint8 u < 0", c.Clause{bin(token.LSS, U8, ui8(0))}, ConstantsComparison, nil},
		{"(x+5) > 10 vs x < 3", c.Clause{bin(token.GTR, bin(token.ADD, X, n(5)), n(10)), bin(token.LSS, X, n(3))}, ConstantsComparison, nil},
		{"(x+5) < 0 vs x > 0: MaxInt+5 wraps", c.Clause{bin(token.LSS, bin(token.ADD, X, n(5)), n(0)), bin(token.GTR, X, n(0))}, 0,
			c.Assignment{x: c.Wrap(c.Int, uint64(1)<<63-1)}},
		{"int8 x+100 < 0 vs x > 0: x = 28 satisfies", c.Clause{bin(token.LSS, bin(token.ADD, X8, i8(100)), i8(0)), bin(token.GTR, X8, i8(0))}, 0, nil},
		{"int8 x+100 < 0 vs x == 27", c.Clause{bin(token.LSS, bin(token.ADD, X8, i8(100)), i8(0)), bin(token.EQL, X8, i8(27))}, ConstantsComparison, nil},
		{"int8 x+100 < 0 vs x == 28: 128 wraps", c.Clause{bin(token.LSS, bin(token.ADD, X8, i8(100)), i8(0)), bin(token.EQL, X8, i8(28))}, 0, nil},
		{"int8 x+100 < 0 vs x >= -100", c.Clause{bin(token.LSS, bin(token.ADD, X8, i8(100)), i8(0)), bin(token.GEQ, X8, i8(-100))}, 0, nil},
		{"uint8 u-1 > 5 vs u < 3: u = 0 satisfies", c.Clause{bin(token.GTR, bin(token.SUB, U8, ui8(1)), ui8(5)), bin(token.LSS, U8, ui8(3))}, 0, nil},
		{"uint8 u-1 > 5 vs 3 > u && u == 1", c.Clause{bin(token.GTR, bin(token.SUB, U8, ui8(1)), ui8(5)), bin(token.LSS, U8, ui8(3)), bin(token.EQL, U8, ui8(1))}, ConstantsComparison, nil},
		{"int8 10 - x < 0 vs x < 10", c.Clause{bin(token.LSS, bin(token.SUB, i8(10), X8), i8(0)), bin(token.LSS, X8, i8(10))}, 0, nil}, // x = -128: 10+128 wraps
		{"int8 10 - x < 0 vs x == -100", c.Clause{bin(token.LSS, bin(token.SUB, i8(10), X8), i8(0)), bin(token.EQL, X8, i8(-100))}, ConstantsComparison, nil},
		{"int8 10 - x < 0 vs x == -118: 128 wraps", c.Clause{bin(token.LSS, bin(token.SUB, i8(10), X8), i8(0)), bin(token.EQL, X8, i8(-118))}, 0, nil},
		{"int8 -x > 0 vs x >= 0", c.Clause{bin(token.GTR, c.Un(token.SUB, X8), i8(0)), bin(token.GEQ, X8, i8(0))}, ConstantsComparison, nil},
		{"int8 -x < 0 vs x < 0: -(-128) wraps", c.Clause{bin(token.LSS, c.Un(token.SUB, X8), i8(0)), bin(token.LSS, X8, i8(0))}, 0, nil},
		{"int8 ^x >= 0 vs x >= 0", c.Clause{bin(token.GEQ, c.Un(token.XOR, X8), i8(0)), bin(token.GEQ, X8, i8(0))}, ConstantsComparison, nil},
		{"int16(x8) > 127", c.Clause{bin(token.GTR, c.Conv(c.Int16, X8), c.I(c.Int16, 127))}, ConstantsComparison, nil},
		{"uint8(x8) > 200 vs x8 >= 0", c.Clause{bin(token.GTR, c.Conv(c.Uint8, X8), ui8(200)), bin(token.GEQ, X8, i8(0))}, ConstantsComparison, nil},
		{"uint8(x8) > 200 vs x8 < 0", c.Clause{bin(token.GTR, c.Conv(c.Uint8, X8), ui8(200)), bin(token.LSS, X8, i8(0))}, 0, nil},
		{"int8(u) < 0 vs u < 128", c.Clause{bin(token.LSS, c.Conv(c.Int8, U8), i8(0)), bin(token.LSS, U8, ui8(128))}, ConstantsComparison, nil},
		{"int8(x16) < 0 vs x16 > 200: narrowing is not peeled", c.Clause{bin(token.LSS, c.Conv(c.Int8, X16), i8(0)), bin(token.GTR, X16, c.I(c.Int16, 200))}, 0,
			c.Assignment{x16: c.Wrap(c.Int16, 255)}},
		{"int64(u) + 1 > 256", c.Clause{bin(token.GTR, bin(token.ADD, c.Conv(c.Int, U8), n(1)), n(256))}, ConstantsComparison, nil},
		{"int64(u) + 1 > 255 vs u < 255", c.Clause{bin(token.GTR, bin(token.ADD, c.Conv(c.Int, U8), n(1)), n(255)), bin(token.LSS, U8, ui8(255))}, ConstantsComparison, nil},
		{"!(x > 5) vs x > 7", c.Clause{c.Un(token.NOT, bin(token.GTR, X, n(5))), bin(token.GTR, X, n(7))}, ConstantsComparison, nil},

		// Splitting (Table 4).
		{"(x+y) > 0, x < 0, y < 0 (int: -2^62-1 twice wraps)", c.Clause{bin(token.GTR, sum, n(0)), bin(token.LSS, X, n(0)), bin(token.LSS, Y, n(0))}, 0,
			c.Assignment{x: c.Wrap(c.Int, uint64(1)<<63), y: c.Wrap(c.Int, uint64(1)<<63+1)}},
		{"int8 (x+y) > 0, x < 0, y < 0: -100 + -100 == 56", c.Clause{bin(token.GTR, sum8, i8(0)), bin(token.LSS, X8, i8(0)), bin(token.LSS, Y8, i8(0))}, 0, nil},
		{"int8 (x+y) > 0, x < 0, y < 0, x >= -10, y >= -10", c.Clause{bin(token.GTR, sum8, i8(0)), bin(token.LSS, X8, i8(0)), bin(token.LSS, Y8, i8(0)),
			bin(token.GEQ, X8, i8(-10)), bin(token.GEQ, Y8, i8(-10))}, Splitting, nil},
		{"int (x+y) > 0, x < 0, y < 0, x > -1000, y > -1000", c.Clause{bin(token.GTR, sum, n(0)), bin(token.LSS, X, n(0)), bin(token.LSS, Y, n(0)),
			bin(token.GTR, X, n(-1000)), bin(token.GTR, Y, n(-1000))}, Splitting, nil},
		{"int8 0 <= x+y, x in [-64,-1], y in [-64,-1]", c.Clause{bin(token.LEQ, i8(0), sum8), bin(token.LSS, X8, i8(0)), bin(token.LSS, Y8, i8(0)),
			bin(token.GEQ, X8, i8(-64)), bin(token.GEQ, Y8, i8(-64))}, Splitting, nil},
		{"int8 x+y > 10, x <= 5, y <= 5, x >= 0, y >= 0", c.Clause{bin(token.GTR, sum8, i8(10)), bin(token.LEQ, X8, i8(5)), bin(token.LEQ, Y8, i8(5)),
			bin(token.GEQ, X8, i8(0)), bin(token.GEQ, Y8, i8(0))}, Splitting, nil},
		{"int8 x+y > 9, x <= 5, y <= 5, x >= 0, y >= 0", c.Clause{bin(token.GTR, sum8, i8(9)), bin(token.LEQ, X8, i8(5)), bin(token.LEQ, Y8, i8(5)),
			bin(token.GEQ, X8, i8(0)), bin(token.GEQ, Y8, i8(0))}, 0, nil},
		{"uint8 u+w < 10, u >= 6, w >= 4, u < 100, w < 100", c.Clause{bin(token.LSS, bin(token.ADD, U8, W8), ui8(10)), bin(token.GEQ, U8, ui8(6)),
			bin(token.GEQ, W8, ui8(4)), bin(token.LSS, U8, ui8(100)), bin(token.LSS, W8, ui8(100))}, Splitting, nil},
		{"uint8 u+w < 10, u >= 6, w >= 4: 250 + 6 wraps", c.Clause{bin(token.LSS, bin(token.ADD, U8, W8), ui8(10)), bin(token.GEQ, U8, ui8(6)),
			bin(token.GEQ, W8, ui8(4))}, 0, nil},
		{"int8 (x-y) > 0, x <= 0, y >= 0, x > -50, y < 50", c.Clause{bin(token.GTR, bin(token.SUB, X8, Y8), i8(0)), bin(token.LEQ, X8, i8(0)), bin(token.GEQ, Y8, i8(0)),
			bin(token.GTR, X8, i8(-50)), bin(token.LSS, Y8, i8(50))}, Splitting, nil},
		{"int8 (x-y) > 0, x <= 0, y >= 0: -128 - 1 wraps", c.Clause{bin(token.GTR, bin(token.SUB, X8, Y8), i8(0)), bin(token.LEQ, X8, i8(0)), bin(token.GEQ, Y8, i8(0))}, 0, nil},
		{"(x-y) > 0 vs x == y (ring)", c.Clause{bin(token.GTR, bin(token.SUB, X, Y), n(0)), bin(token.EQL, X, Y)}, Splitting, nil},
		{"(x-y) != 0 vs x == y (ring)", c.Clause{bin(token.NEQ, bin(token.SUB, X, Y), n(0)), bin(token.EQL, X, Y)}, Splitting, nil},
		{"int8 (x-y) > 0 vs x <= y, bounded", c.Clause{bin(token.GTR, bin(token.SUB, X8, Y8), i8(0)), bin(token.LEQ, X8, Y8), bin(token.GEQ, X8, i8(0)), bin(token.GEQ, Y8, i8(0))}, Splitting, nil},
		{"int8 (x-y) > 0 vs x <= y: -128 - 1 wraps", c.Clause{bin(token.GTR, bin(token.SUB, X8, Y8), i8(0)), bin(token.LEQ, X8, Y8)}, 0, nil},
		{"(x*y) != 0 vs x == 0 (ring)", c.Clause{bin(token.NEQ, bin(token.MUL, X, Y), n(0)), bin(token.EQL, X, n(0))}, Splitting, nil},
		{"int8 (x*y) > 0, x > 0, y < 0: 2 * -127 wraps", c.Clause{bin(token.GTR, bin(token.MUL, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0)), bin(token.LSS, Y8, i8(0))}, 0, nil},
		{"int8 (x*y) > 0, x > 0, y < 0, x < 10, y > -10", c.Clause{bin(token.GTR, bin(token.MUL, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0)), bin(token.LSS, Y8, i8(0)),
			bin(token.LSS, X8, i8(10)), bin(token.GTR, Y8, i8(-10))}, Splitting, nil},
		{"int8 (x*y) == 0, x != 0, y != 0: 16 * 16 wraps", c.Clause{bin(token.EQL, bin(token.MUL, X8, Y8), i8(0)), bin(token.NEQ, X8, i8(0)), bin(token.NEQ, Y8, i8(0))}, 0, nil},
		{"int8 (x*y) == 0, x > 0, y > 0, x < 10, y < 10", c.Clause{bin(token.EQL, bin(token.MUL, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0)), bin(token.GTR, Y8, i8(0)),
			bin(token.LSS, X8, i8(10)), bin(token.LSS, Y8, i8(10))}, Splitting, nil},
		{"int8 (x/y) > 0, x > 0, y < 0", c.Clause{bin(token.GTR, bin(token.QUO, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0)), bin(token.LSS, Y8, i8(0))}, Splitting, nil},
		{"int8 (x/y) == 0, x > 0: 1/2 == 0", c.Clause{bin(token.EQL, bin(token.QUO, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0))}, 0, nil},
		{"int8 (x/y) >= 0, x < 0, y > 0: -1/2 == 0", c.Clause{bin(token.GEQ, bin(token.QUO, X8, Y8), i8(0)), bin(token.LSS, X8, i8(0)), bin(token.GTR, Y8, i8(0))}, 0, nil},
		{"int8 (x/y) <= 0, x > 0, y > 0: 1/2 == 0", c.Clause{bin(token.LEQ, bin(token.QUO, X8, Y8), i8(0)), bin(token.GTR, X8, i8(0)), bin(token.GTR, Y8, i8(0))}, 0, nil},
		{"int8 (x/y) < 0, x < 0, y < 0: -128 / -1 wraps", c.Clause{bin(token.LSS, bin(token.QUO, X8, Y8), i8(0)), bin(token.LSS, X8, i8(0)), bin(token.LSS, Y8, i8(0))}, 0, nil},
		{"int8 (x/y) < 0, x < 0, y < 0, x > -128", c.Clause{bin(token.LSS, bin(token.QUO, X8, Y8), i8(0)), bin(token.LSS, X8, i8(0)), bin(token.LSS, Y8, i8(0)),
			bin(token.GTR, X8, i8(-128))}, Splitting, nil},
		{"int8 (x/y) != 0 vs x == 0", c.Clause{bin(token.NEQ, bin(token.QUO, X8, Y8), i8(0)), bin(token.EQL, X8, i8(0))}, Splitting, nil},
		{"int8 3 < x/y vs y == 0 (panics)", c.Clause{bin(token.LSS, i8(3), bin(token.QUO, X8, Y8)), bin(token.EQL, Y8, i8(0))}, Splitting, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			k, got := Clause(tc.cl)
			if got != (tc.want != 0) {
				t.Fatalf("Clause(%s) = %v (%v), want %v", tc.cl, got, k, tc.want != 0)
			}
			if got && k.Strategy != tc.want {
				t.Errorf("Clause(%s): strategy %v, want %v (%v)", tc.cl, k.Strategy, tc.want, k)
			}
			if got {
				t.Log(k)
			}
			// The expectation itself: a conflict must be real, and a
			// "no conflict" case is here because it is satisfiable.
			if enumerable(tc.cl) {
				a, sat := satisfiable(t, tc.cl)
				if sat == got {
					t.Fatalf("expectation wrong: %s satisfiable = %v (%v)", tc.cl, sat, a)
				}
			} else if tc.witness != nil {
				ok, err := tc.cl.Eval(tc.witness)
				if err != nil || !ok {
					t.Fatalf("witness %v does not satisfy %s (%v)", tc.witness, tc.cl, err)
				}
			}
		})
	}
}

func nan() float64 { return math.NaN() }

// gen draws random clauses of the shapes the strategies look at, over
// 8-bit integer and bool symbols, with constants near the types' bounds.
type gen struct {
	r    *rand.Rand
	ints []*c.Sym
	bool *c.Sym // nil if the clause has none
}

var rops = []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}

func (g *gen) konst(t c.Type) c.Expr {
	var v int64
	switch g.r.IntN(4) {
	case 0, 1:
		if t.Signed {
			v = []int64{-128, -127, -100, -10, -2, -1, 0, 1, 2, 10, 100, 126, 127}[g.r.IntN(13)]
		} else {
			v = []int64{0, 1, 2, 10, 100, 127, 128, 200, 254, 255}[g.r.IntN(10)]
		}
	case 2:
		v = int64(g.r.IntN(21) - 10)
	default:
		v = int64(g.r.IntN(256))
	}
	return c.I(t, v)
}

// operand returns a symbol as an expression of type t: itself, or a
// conversion.
func (g *gen) operand(s *c.Sym, t c.Type) c.Expr {
	return c.Conv(t, c.V(s))
}

func (g *gen) intSym() *c.Sym { return g.ints[g.r.IntN(len(g.ints))] }

// term returns V or (V aop K) and its variants, over one symbol.
func (g *gen) term() c.Expr {
	s := g.intSym()
	t := s.Type
	if g.r.IntN(8) == 0 { // a widening or same-width conversion
		t = []c.Type{c.Int16, c.Uint16, c.Int8, c.Uint8, c.Int}[g.r.IntN(5)]
	}
	v := g.operand(s, t)
	switch g.r.IntN(8) {
	case 0, 1, 2:
		return v
	case 3:
		return c.Bin(token.ADD, v, g.konst(t))
	case 4:
		return c.Bin(token.SUB, v, g.konst(t))
	case 5:
		return c.Bin(token.SUB, g.konst(t), v)
	case 6:
		return c.Un(token.SUB, v)
	default:
		return c.Un(token.XOR, v)
	}
}

// cmpK returns e rop K or K rop e.
func (g *gen) cmpK(e c.Expr) c.Expr {
	op := rops[g.r.IntN(len(rops))]
	k := g.konst(e.Type())
	if g.r.IntN(4) == 0 {
		return c.Bin(op, k, e)
	}
	return c.Bin(op, e, k)
}

// split returns (V1 aop V2) rop K.
func (g *gen) split() c.Expr {
	x, y := g.ints[0], g.ints[len(g.ints)-1]
	if g.r.IntN(2) == 0 {
		x, y = y, x
	}
	t := x.Type
	aop := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO}[g.r.IntN(4)]
	e := c.Bin(aop, c.V(x), g.operand(y, t))
	if g.r.IntN(3) == 0 {
		return c.Bin([]token.Token{token.LSS, token.GTR, token.EQL, token.NEQ, token.LEQ, token.GEQ}[g.r.IntN(6)], e, c.I(t, 0))
	}
	return g.cmpK(e)
}

// bound returns a comparison of a symbol with a constant, small ones
// preferred, to give splitting bounds.
func (g *gen) bound() c.Expr {
	s := g.intSym()
	op := rops[2+g.r.IntN(4)]
	k := int64(g.r.IntN(41) - 20)
	if !s.Type.Signed {
		k = int64(g.r.IntN(41))
	}
	if g.r.IntN(3) == 0 { // near the type's bounds, where wrapping starts
		k = s.Type.Min() + int64(g.r.IntN(11))
		if g.r.IntN(2) == 0 {
			k = int64(s.Type.Max()) - int64(g.r.IntN(11))
		}
	}
	return c.Bin(op, c.V(s), c.I(s.Type, k))
}

// tight returns splitting's habitat at its edge: bounds x op kx and
// y op ky (sometimes a second, opposite one), and x aop y rop K with K
// within 2 of kx aop ky, so that the split holds or fails just at the
// bounds.
func (g *gen) tight() c.Clause {
	x, y := g.ints[0], g.ints[1]
	var cl c.Clause
	k := func(s *c.Sym) int64 {
		if g.r.IntN(3) == 0 {
			if g.r.IntN(2) == 0 {
				return s.Type.Min() + int64(g.r.IntN(6))
			}
			return int64(s.Type.Max()) - int64(g.r.IntN(6))
		}
		if s.Type.Signed {
			return int64(g.r.IntN(41) - 20)
		}
		return int64(g.r.IntN(41))
	}
	bounds := func(s *c.Sym) int64 {
		v := k(s)
		op := rops[2+g.r.IntN(4)]
		cl = append(cl, c.Bin(op, c.V(s), c.I(s.Type, v)))
		if g.r.IntN(2) == 0 { // the other side too
			w := v - int64(g.r.IntN(30))
			if op == token.LSS || op == token.LEQ {
				cl = append(cl, c.Bin([]token.Token{token.GTR, token.GEQ}[g.r.IntN(2)], c.V(s), c.I(s.Type, w)))
			} else {
				cl = append(cl, c.Bin([]token.Token{token.LSS, token.LEQ}[g.r.IntN(2)], c.V(s), c.I(s.Type, v+int64(g.r.IntN(30)))))
			}
		}
		return v
	}
	kx, ky := bounds(x), bounds(y)
	t := x.Type
	aop := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO}[g.r.IntN(4)]
	var kk int64
	switch aop {
	case token.ADD:
		kk = kx + ky
	case token.SUB:
		kk = kx - ky
	case token.MUL:
		kk = kx * ky
	default:
		if ky != 0 {
			kk = kx / ky
		}
	}
	kk += int64(g.r.IntN(5) - 2)
	e := c.Bin(aop, c.V(x), c.Conv(t, c.V(y)))
	return append(cl, c.Bin(rops[g.r.IntN(len(rops))], e, c.I(t, kk)))
}

func (g *gen) constraint(prev c.Clause) c.Expr {
	if len(prev) > 0 && g.r.IntN(6) == 0 {
		p := prev[g.r.IntN(len(prev))]
		switch g.r.IntN(3) {
		case 0:
			return c.Not(p)
		case 1:
			if p.Type() == c.Bool {
				return c.Un(token.NOT, p)
			}
		}
		if b, ok := p.(*c.Binary); ok && c.IsComparison(b.Op) && b.X.Type().Kind == c.KInt {
			switch g.r.IntN(3) {
			case 0: // the same operands, another comparison
				return c.Bin(rops[g.r.IntN(len(rops))], b.X, b.Y)
			case 1: // swapped
				return c.Bin(rops[g.r.IntN(len(rops))], b.Y, b.X)
			}
			return g.cmpK(b.X) // the same left side, another constant
		}
	}
	switch n := g.r.IntN(10); {
	case g.bool != nil && n == 0:
		b := c.V(g.bool)
		switch g.r.IntN(3) {
		case 0:
			return b
		case 1:
			return c.Not(b)
		}
		return c.Bin(token.EQL, b, c.B(g.r.IntN(2) == 0))
	case n <= 3:
		return g.cmpK(g.term())
	case n <= 6:
		return g.split()
	case n <= 7:
		return g.bound()
	default:
		x, y := g.ints[0], g.ints[len(g.ints)-1]
		if g.r.IntN(2) == 0 {
			x, y = y, x
		}
		return c.Bin(rops[g.r.IntN(len(rops))], c.V(x), g.operand(y, x.Type))
	}
}

func (g *gen) clause() c.Clause {
	g.ints = g.ints[:0]
	types := []c.Type{c.Int8, c.Uint8}
	nInt := 2
	if g.r.IntN(4) == 0 {
		nInt = 1
	}
	for i := 0; i < nInt; i++ {
		g.ints = append(g.ints, sym(string(rune('x'+i)), types[g.r.IntN(2)]))
	}
	g.bool = nil
	if nInt == 1 || g.r.IntN(3) == 0 {
		g.bool = sym("b", c.Bool)
	}
	var cl c.Clause
	if len(g.ints) == 2 && g.r.IntN(5) == 0 {
		return g.tight()
	}
	if g.r.IntN(3) == 0 { // splitting's habitat: a product or sum and bounds
		cl = append(cl, g.split())
		for n := 1 + g.r.IntN(3); n > 0; n-- {
			cl = append(cl, g.bound())
		}
		return cl
	}
	for n := 2 + g.r.IntN(3); n > 0; n-- {
		cl = append(cl, g.constraint(cl))
	}
	return cl
}

// TestRandomSoundness checks every conflict the package claims on random
// 8-bit clauses against exhaustive enumeration under the reference
// semantics, and that the strategies recognise a fair share of the
// clauses that are infeasible. Besides Clause's answer, every claim any
// strategy makes inside the clause is checked on its own (a constraint
// alone, a pair, a split against the clause), so that a sound conflict
// found first cannot hide an unsound one.
func TestRandomSoundness(t *testing.T) {
	const shards = 4
	perShard := 500
	if testing.Short() {
		perShard = 150
	}
	var (
		mu                                 sync.Mutex
		total, infeasible, recognised, all int
		byStrategy                         = map[Strategy]int{}
		claimsBy                           = map[Strategy]int{}
	)
	t.Run("shards", func(t *testing.T) {
		for sh := 0; sh < shards; sh++ {
			t.Run(fmt.Sprint(sh), func(t *testing.T) {
				t.Parallel()
				g := &gen{r: rand.New(rand.NewPCG(2024, uint64(sh)))}
				var inf, rec, claims int
				strat, by := map[Strategy]int{}, map[Strategy]int{}
				for i := 0; i < perShard; i++ {
					cl := g.clause()
					k, claimed := Clause(cl)
					a, sat := satisfiable(t, cl)
					if claimed && sat {
						t.Fatalf("false conflict: %s\n  claimed: %v\n  satisfied by %v", cl, k, a)
					}
					if !sat {
						inf++
					}
					if claimed {
						rec++
						strat[k.Strategy]++
					}
					claims += checkClaims(t, cl, sat, a, by)
				}
				mu.Lock()
				defer mu.Unlock()
				total += perShard
				infeasible += inf
				recognised += rec
				all += claims
				for s, n := range strat {
					byStrategy[s] += n
				}
				for s, n := range by {
					claimsBy[s] += n
				}
			})
		}
	})
	if t.Failed() {
		return
	}
	t.Logf("%d clauses, %d infeasible by enumeration, %d recognised by Clause (%v), %d claims of single strategies checked (%v), 0 false conflicts",
		total, infeasible, recognised, byStrategy, all, claimsBy)
	if recognised*2 < infeasible {
		t.Errorf("only %d of %d infeasible clauses recognised", recognised, infeasible)
	}
	for _, s := range []Strategy{Negation, PartialNegation, ConstantsComparison, Splitting} {
		if byStrategy[s] < max(3, total/200) {
			t.Errorf("strategy %v found only %d conflicts", s, byStrategy[s])
		}
	}
}

// checkClaims checks every claim any strategy makes inside cl on its
// own: a constraint alone and a pair against enumeration of just those
// constraints, a split (which uses the whole clause's bounds) against
// the clause, whose satisfiability sat (witness a) the caller knows. It
// returns the number of claims and counts them by strategy in by.
func checkClaims(t *testing.T, cl c.Clause, sat bool, a c.Assignment, by map[Strategy]int) int {
	t.Helper()
	var atoms []*info
	for _, e := range cl {
		atoms = append(atoms, analyse(e))
	}
	n := 0
	check := func(k Conflict, sub c.Clause) {
		n++
		by[k.Strategy]++
		if a, sat := satisfiable(t, sub); sat {
			t.Fatalf("false conflict in %s: %v, but %s is satisfied by %v", cl, k, sub, a)
		}
	}
	for i, x := range atoms {
		if k, ok := alone(x); ok {
			check(k, c.Clause{x.e})
		}
		for _, y := range atoms[i+1:] {
			if k, ok := pair(x, y); ok {
				check(k, c.Clause{x.e, y.e})
			}
		}
		if k, ok := split(x, atoms); ok {
			n++
			by[Splitting]++
			if sat {
				t.Fatalf("false conflict: %s\n  split claims: %v\n  satisfied by %v", cl, k, a)
			}
		}
	}
	return n
}

// edge constants of any integer type: its bounds and their neighbours,
// small numbers, and the 8-bit bounds seen from a wider type.
func edgeConst(r *rand.Rand, t c.Type) c.Expr {
	mn, mx := uint64(t.Min()), t.Max()
	vals := []uint64{0, 1, 2, ^uint64(0), ^uint64(1), mn, mn + 1, mx, mx - 1, 127, 128, 255, 256, ^uint64(127), ^uint64(128), 100, ^uint64(99)}
	if r.IntN(4) == 0 {
		return &c.Const{T: t, V: c.Wrap(t, r.Uint64())}
	}
	return &c.Const{T: t, V: c.Wrap(t, vals[r.IntN(len(vals))])}
}

// peelable returns a random expression over s built from the layers
// constants comparison peels, and sometimes one it does not (a
// narrowing conversion, a product).
func peelable(r *rand.Rand, s *c.Sym, depth int) c.Expr {
	if depth == 0 {
		return c.V(s)
	}
	e := peelable(r, s, depth-1)
	t := e.Type()
	switch r.IntN(9) {
	case 0:
		return c.Bin(token.ADD, e, edgeConst(r, t))
	case 1:
		return c.Bin(token.ADD, edgeConst(r, t), e)
	case 2:
		return c.Bin(token.SUB, e, edgeConst(r, t))
	case 3:
		return c.Bin(token.SUB, edgeConst(r, t), e)
	case 4:
		return c.Un(token.SUB, e)
	case 5:
		return c.Un(token.XOR, e)
	case 6, 7:
		types := []c.Type{c.Int8, c.Uint8, c.Int16, c.Uint16, c.Int32, c.Uint32, c.Int64, c.Uint64}
		return c.Conv(types[r.IntN(len(types))], e) // narrowing ones are not peeled
	}
	return c.Bin(token.MUL, e, edgeConst(r, t))
}

// TestShapeExact checks that constants comparison's set for a
// comparison over one 8-bit symbol is exactly the set of values that
// satisfy it, and that values() pushes a set forward exactly.
func TestShapeExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	checked := 0
	for i := 0; i < 4000; i++ {
		s := sym("x", []c.Type{c.Int8, c.Uint8}[r.IntN(2)])
		e := peelable(r, s, 1+r.IntN(4))
		k := edgeConst(r, e.Type())
		op := rops[r.IntN(len(rops))]
		var con c.Expr
		if r.IntN(2) == 0 {
			con = c.Bin(op, e, k)
		} else {
			con = c.Bin(op, k, e)
		}
		if r.IntN(4) == 0 {
			con = c.Un(token.NOT, con)
		}
		sh := ccShape(con)
		if !sh.ok {
			t.Fatalf("%s: not shaped", c.String(con))
		}
		v, isVar := sh.base.(*c.Var)
		if !isVar || v.Sym != s {
			continue // a narrowing conversion or a product stopped peeling
		}
		checked++
		for p := uint64(0); p < 256; p++ {
			a := c.Assignment{s: c.Wrap(s.Type, p)}
			ok, err := c.Clause{con}.Eval(a)
			if err != nil {
				t.Fatal(err)
			}
			if ok != sh.set.contains(p) {
				t.Fatalf("%s at x = %s: holds = %v, set says %v (set %v)", c.String(con), a[s].Format(s.Type), ok, !ok, sh.set.sp)
			}
		}
		// Forward: the values e takes for x in the constraint's set.
		want := map[uint64]bool{}
		for p := uint64(0); p < 256; p++ {
			if sh.set.contains(p) {
				val, err := c.Eval(e, c.Assignment{s: c.Wrap(s.Type, p)})
				if err != nil {
					t.Fatal(err)
				}
				want[pattern(e.Type(), val)] = true
			}
		}
		got := values(e, []*info{analyse(con)})
		n := uint64(0)
		for _, x := range got.sp {
			n += x.hi - x.lo + 1
		}
		if n != uint64(len(want)) {
			t.Fatalf("values(%s | %s): %d values, want %d", c.String(e), c.String(con), n, len(want))
		}
		for p := range want {
			if !got.contains(p) {
				t.Fatalf("values(%s | %s) lacks pattern %#x", c.String(e), c.String(con), p)
			}
		}
	}
	t.Logf("%d shaped constraints checked exactly", checked)
	if checked < 1000 {
		t.Errorf("only %d constraints peeled down to their symbol", checked)
	}
}

// TestRandomWitness checks soundness on types too wide to enumerate: a
// random assignment (often at the types' bounds) is drawn first, and the
// clause is built from random constraints it satisfies, with constants
// close to the values it gives their left sides, so the clause is
// satisfiable and tight. Neither Clause nor any single strategy may claim
// a conflict.
func TestRandomWitness(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	types := []c.Type{c.Int8, c.Uint8, c.Int16, c.Uint16, c.Int32, c.Uint32, c.Int64, c.Uint64}
	n := 20000
	if testing.Short() {
		n = 2000
	}
	kept := 0
	for i := 0; i < n; i++ {
		x, y := sym("x", types[r.IntN(len(types))]), sym("y", types[r.IntN(len(types))])
		a := c.Assignment{}
		for _, s := range []*c.Sym{x, y} {
			a[s] = edgeConst(r, s.Type).(*c.Const).V
			if r.IntN(3) == 0 {
				a[s] = c.Wrap(s.Type, uint64(r.IntN(21)-10))
			}
		}
		var cl c.Clause
		if i%2 == 0 {
			cl = tightSplit(r, a, x, y)
		}
		for tries := 0; len(cl) < 2+r.IntN(4) && tries < 40; tries++ {
			var lhs c.Expr
			switch r.IntN(3) {
			case 0:
				lhs = peelable(r, []*c.Sym{x, y}[r.IntN(2)], r.IntN(3))
			default:
				v1, v2 := c.V(x), c.Conv(x.Type, c.V(y))
				if r.IntN(2) == 0 {
					v1, v2 = c.V(y), c.Conv(y.Type, c.V(x))
				}
				lhs = c.Bin([]token.Token{token.ADD, token.SUB, token.MUL, token.QUO}[r.IntN(4)], v1, v2)
			}
			k := edgeConst(r, lhs.Type())
			if v, err := c.Eval(lhs, a); err == nil && r.IntN(2) == 0 {
				k = &c.Const{T: lhs.Type(), V: c.Wrap(lhs.Type(), uint64(v)+uint64(r.IntN(5)-2))}
			}
			e := c.Bin(rops[r.IntN(len(rops))], lhs, k)
			if r.IntN(4) == 0 {
				e = c.Bin(swapped[e.(*c.Binary).Op], k, lhs)
			}
			if ok, _ := (c.Clause{e}).Eval(a); ok {
				cl = append(cl, e)
			}
		}
		if ok, _ := cl.Eval(a); !ok {
			t.Fatalf("generator: %s not satisfied by %v", cl, a)
		}
		kept += len(cl)
		if k, ok := Clause(cl); ok {
			t.Fatalf("false conflict: %s\n  claimed: %v\n  satisfied by %v", cl, k, a)
		}
		var atoms []*info
		for _, e := range cl {
			atoms = append(atoms, analyse(e))
		}
		for i, p := range atoms {
			for _, q := range atoms[i:] {
				if k, ok := pair(p, q); ok {
					t.Fatalf("false conflict: %s\n  claimed: %v\n  satisfied by %v", cl, k, a)
				}
			}
			if k, ok := split(p, atoms); ok {
				t.Fatalf("false conflict: %s\n  claimed: %v\n  satisfied by %v", cl, k, a)
			}
		}
	}
	t.Logf("%d satisfiable clauses (%d constraints) over 8- to 64-bit symbols: no conflict claimed", n, kept)
}

// tightSplit returns splitting's habitat around the assignment a: a
// constraint on x aop y and bounds on both symbols, every constant within
// 2 of the value a gives its left side, each comparison one a satisfies.
// When a sits at a type's bounds or at MinInt, -1, the clause is
// satisfiable only just, where an unsound row or bound would show.
func tightSplit(r *rand.Rand, a c.Assignment, x, y *c.Sym) c.Clause {
	near := func(e c.Expr) c.Expr {
		v, err := c.Eval(e, a)
		if err != nil {
			return nil
		}
		var ops []token.Token
		k := &c.Const{T: e.Type(), V: c.Wrap(e.Type(), uint64(v)+uint64(r.IntN(5)-2))}
		for _, op := range rops {
			if ok, _ := (c.Clause{c.Bin(op, e, k)}).Eval(a); ok {
				ops = append(ops, op)
			}
		}
		return c.Bin(ops[r.IntN(len(ops))], e, k)
	}
	v1, v2 := c.V(x), c.Conv(x.Type, c.V(y))
	if r.IntN(2) == 0 {
		v1, v2 = c.V(y), c.Conv(y.Type, c.V(x))
	}
	var cl c.Clause
	if e := near(c.Bin([]token.Token{token.ADD, token.SUB, token.MUL, token.QUO}[r.IntN(4)], v1, v2)); e != nil {
		cl = append(cl, e)
	}
	for _, v := range []c.Expr{c.V(x), c.V(x), c.V(y), c.V(y)} {
		if r.IntN(4) != 0 {
			cl = append(cl, near(v))
		}
	}
	return cl
}

func TestSystemPairString(t *testing.T) {
	x, y := sym("x", c.Int), sym("y", c.Int)
	X, Y := c.V(x), c.V(y)
	gt := bin(token.GTR, X, Y)
	le := bin(token.LEQ, X, Y)
	zero := c.I(c.Int, 0)

	if ks, ok := System(c.System{}); !ok || len(ks) != 0 {
		t.Errorf("System(false) = %v, %v; want no conflicts, true", ks, ok)
	}
	if _, ok := System(c.True()); ok {
		t.Error("System(true) infeasible")
	}
	s := c.System{{gt, le}, {bin(token.LSS, X, zero), bin(token.GTR, X, zero)}}
	ks, ok := System(s)
	if !ok || len(ks) != 2 || ks[0].Strategy != Negation || ks[1].Strategy != PartialNegation {
		t.Errorf("System(%s) = %v, %v", s, ks, ok)
	}
	s = append(s, c.Clause{gt})
	if ks, ok := System(s); ok || ks != nil {
		t.Errorf("System(%s) = %v, %v; want nil, false", s, ks, ok)
	}

	if _, ok := Pair(gt, bin(token.GEQ, Y, X)); !ok {
		t.Error("Pair(x > y, y >= x) found no conflict")
	}
	if _, ok := Pair(gt, bin(token.GTR, Y, X)); !ok {
		t.Error("Pair(x > y, y > x) found no conflict")
	}
	if _, ok := Pair(gt, bin(token.GEQ, X, Y)); ok {
		t.Error("Pair(x > y, x >= y) found a conflict")
	}

	for _, tc := range []struct {
		cl   c.Clause
		want string
	}{
		{c.Clause{gt, le}, "negation: x > y conflicts with x <= y"},
		{c.Clause{bin(token.GTR, X, c.I(c.Int, 1)), bin(token.LSS, X, c.I(c.Int, 1))}, "partial negation: x > 1 conflicts with x < 1"},
		{c.Clause{bin(token.GTR, X, c.I(c.Int, 1)), bin(token.LSS, X, zero)}, "constants comparison: x > 1 conflicts with x < 0"},
		{c.Clause{bin(token.GTR, c.V(sym("b", c.Uint8)), c.I(c.Uint8, 255))}, "constants comparison: b > 255 is never true"},
		{c.Clause{c.B(false)}, "negation: false is never true"},
		{c.Clause{bin(token.GTR, bin(token.SUB, X, Y), zero), bin(token.EQL, X, Y)},
			"splitting: x - y > 0 implies x != y; x != y conflicts with x == y"},
		{c.Clause{bin(token.GTR, bin(token.MUL, X, Y), zero), bin(token.GTR, X, zero), bin(token.LSS, Y, zero),
			bin(token.LSS, X, c.I(c.Int, 100)), bin(token.GTR, Y, c.I(c.Int, -100))},
			"splitting: x * y > 0 implies x > 0 && y > 0 || x < 0 && y < 0; x > 0 && y > 0 conflicts with y < 0, x < 0 && y < 0 conflicts with x > 0"},
	} {
		k, ok := Clause(tc.cl)
		if !ok || k.String() != tc.want {
			t.Errorf("Clause(%s) = %q, %v; want %q", tc.cl, k, ok, tc.want)
		}
	}
	if got := (Conflict{}).String(); got != "no conflict" {
		t.Errorf("Conflict{}.String() = %q", got)
	}
	if got := Strategy(0).String(); got != "Strategy(0)" {
		t.Errorf("Strategy(0).String() = %q", got)
	}
}

func TestEqual(t *testing.T) {
	x, x2 := sym("x", c.Int8), sym("x", c.Int8) // same name, different symbols
	X := c.V(x)
	for _, tc := range []struct {
		a, b c.Expr
		want bool
	}{
		{X, c.V(x), true},
		{X, c.V(x2), false},
		{c.I(c.Int8, 1), c.I(c.Int8, 1), true},
		{c.I(c.Int8, 1), c.I(c.Uint8, 1), false},
		{c.I(c.Int8, -1), c.I(c.Int8, 255), true}, // both wrap to -1
		{bin(token.ADD, X, c.I(c.Int8, 1)), bin(token.ADD, X, c.I(c.Int8, 1)), true},
		{bin(token.ADD, X, c.I(c.Int8, 1)), bin(token.ADD, c.I(c.Int8, 1), X), false}, // structural, not algebraic
		{bin(token.ADD, X, X), bin(token.SUB, X, X), false},
		{c.Un(token.SUB, X), c.Un(token.XOR, X), false},
		{c.Conv(c.Int16, X), c.Conv(c.Int16, X), true},
		{c.Conv(c.Int16, X), c.Conv(c.Uint16, X), false},
		{c.F(c.Float64, 0), c.F(c.Float64, math.Copysign(0, -1)), false},
	} {
		if got := Equal(tc.a, tc.b); got != tc.want {
			t.Errorf("Equal(%s, %s) = %v", c.String(tc.a), c.String(tc.b), got)
		}
	}
}

// TestFloatEquality checks the rules on the necessity conditions of
// float values (constraint.Differ): -0 == 0 makes x == 0 ∧ differ(0, x)
// satisfiable (x = -0), while x == 2 leaves x one bit pattern; NaN makes
// x != x and "neither x < y nor x >= y" satisfiable.
func TestFloatEquality(t *testing.T) {
	x, y := sym("x", c.Float64), sym("y", c.Float64)
	X, Y := c.V(x), c.V(y)
	zero, two := c.F(c.Float64, 0), c.F(c.Float64, 2)
	for _, tt := range []struct {
		name       string
		cl         c.Clause
		infeasible bool
		witness    c.Assignment // satisfies cl when not infeasible
	}{
		{"x == 0, differ(0, x): x = -0", c.Clause{bin(token.EQL, X, zero), c.Differ(zero, X)}, false,
			c.Assignment{x: c.FloatValue(c.Float64, math.Copysign(0, -1))}},
		{"x == 2, differ(x, 2)", c.Clause{bin(token.EQL, X, two), c.Differ(X, two)}, true, nil},
		{"x != x: NaN", c.Clause{bin(token.NEQ, X, X)}, false, c.Assignment{x: c.FloatValue(c.Float64, nan())}},
		{"!(x < y), !(x >= y): NaN", c.Clause{c.Not(bin(token.LSS, X, Y)), c.Not(bin(token.GEQ, X, Y))}, false,
			c.Assignment{x: c.FloatValue(c.Float64, nan()), y: c.FloatValue(c.Float64, 1)}},
		{"x == y, differ(x, y): -0 and +0", c.Clause{bin(token.EQL, X, Y), c.Differ(X, Y)}, false,
			c.Assignment{x: c.FloatValue(c.Float64, 0), y: c.FloatValue(c.Float64, math.Copysign(0, -1))}},
	} {
		s, ok := tt.cl.DNF()
		if !ok {
			t.Fatalf("%s: DNF cut", tt.name)
		}
		_, got := System(s)
		if got != tt.infeasible {
			t.Errorf("%s: infeasible %v, want %v", tt.name, got, tt.infeasible)
		}
		if tt.witness != nil {
			if ok, err := tt.cl.Eval(tt.witness); !ok || err != nil {
				t.Errorf("%s: the witness %v does not satisfy it", tt.name, tt.witness)
			}
		}
	}
}
