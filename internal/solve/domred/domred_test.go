package domred

import (
	"errors"
	"go/token"
	"math"
	"math/rand/v2"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/testmod"
)

func sym(name string, t c.Type) *c.Sym { return &c.Sym{Name: name, Type: t} }

func cmp(op token.Token, x, y c.Expr) c.Expr { return c.Bin(op, x, y) }

func TestSolve(t *testing.T) {
	i, j, k := sym("i", c.Int), sym("j", c.Int), sym("k", c.Int)
	x8 := sym("x", c.Int8)
	u32 := sym("u", c.Uint32)
	f := sym("f", c.Float64)
	n := func(x int64) c.Expr { return c.I(c.Int, x) }
	tests := []struct {
		name   string
		system c.System
		assume c.Clause
		want   map[*c.Sym]int64 // expected values (nil: any solution)
		err    error
	}{
		{
			name: "TRITYP isosceles, not a triangle",
			system: c.System{{cmp(token.GTR, c.V(i), n(0)), cmp(token.GTR, c.V(j), n(0)), cmp(token.GTR, c.V(k), n(0)),
				cmp(token.EQL, c.V(i), c.V(j)), cmp(token.LEQ, c.Bin(token.ADD, c.V(i), c.V(j)), c.V(k))}},
			want: map[*c.Sym]int64{i: 1, j: 1, k: 2},
		},
		{
			name:   "magic product, inverted modulo 2^64",
			system: c.System{{cmp(token.EQL, c.Bin(token.MUL, c.V(i), n(3)), n(370370367))}},
			want:   map[*c.Sym]int64{i: 123456789},
		},
		{
			name:   "magic constant",
			system: c.System{{cmp(token.EQL, c.I(c.Uint32, 0xDEADBEEF), c.V(u32))}},
			want:   map[*c.Sym]int64{u32: 0xDEADBEEF},
		},
		{
			name:   "wraparound",
			system: c.System{{cmp(token.EQL, c.Bin(token.ADD, c.V(x8), c.I(c.Int8, 100)), c.I(c.Int8, -56))}},
			want:   map[*c.Sym]int64{x8: 100},
		},
		{
			name:   "empty interval",
			system: c.System{{cmp(token.GTR, c.V(i), n(5)), cmp(token.LSS, c.V(i), n(3))}},
			err:    ErrUnsolvable,
		},
		{
			name:   "relations chain to emptiness",
			system: c.System{{cmp(token.LSS, c.V(i), c.V(j)), cmp(token.LSS, c.V(j), c.V(k)), cmp(token.LEQ, c.V(k), c.V(i))}},
			err:    ErrUnsolvable,
		},
		{
			name:   "no odd multiple of 2",
			system: c.System{{cmp(token.EQL, c.Bin(token.MUL, c.V(i), n(2)), n(7))}},
			err:    ErrGaveUp,
		},
		{
			name:   "second clause",
			system: c.System{{cmp(token.GTR, c.V(i), n(5)), cmp(token.LSS, c.V(i), n(3))}, {cmp(token.EQL, c.V(i), n(-4))}},
			want:   map[*c.Sym]int64{i: -4},
		},
		{
			name:   "assumption",
			system: c.System{{cmp(token.LSS, c.V(i), n(10))}},
			assume: c.Clause{cmp(token.GTR, c.V(i), n(6))},
			want:   map[*c.Sym]int64{i: 7},
		},
		{
			name:   "exclusions keep the value nearest zero",
			system: c.System{{cmp(token.NEQ, c.V(i), n(0)), cmp(token.NEQ, c.V(i), n(1)), cmp(token.NEQ, n(-1), c.V(i))}},
			want:   map[*c.Sym]int64{i: 2},
		},
		{
			name:   "int8 bounds",
			system: c.System{{cmp(token.GTR, c.V(x8), c.I(c.Int8, 126))}},
			want:   map[*c.Sym]int64{x8: 127},
		},
		{
			name:   "int8 has nothing above its max",
			system: c.System{{cmp(token.GTR, c.V(x8), c.I(c.Int8, 127))}},
			err:    ErrUnsolvable,
		},
		{
			name:   "float interval",
			system: c.System{{cmp(token.GTR, c.V(f), c.F(c.Float64, 2.5)), cmp(token.LSS, c.V(f), c.F(c.Float64, 3))}},
		},
		{
			// Cal's leap-year rule: a century that is not a multiple of
			// 400. Interval reduction cannot use x % m; the choice tries
			// the classes of the moduli.
			name: "not a leap century",
			system: c.System{{cmp(token.EQL, c.Bin(token.REM, c.V(i), n(4)), n(0)), cmp(token.EQL, c.Bin(token.REM, c.V(i), n(100)), n(0)),
				cmp(token.NEQ, c.Bin(token.REM, c.V(i), n(400)), n(0))}},
			want: map[*c.Sym]int64{i: 100},
		},
		{
			name:   "square root",
			system: c.System{{cmp(token.EQL, c.Bin(token.MUL, c.V(i), c.V(i)), n(49)), cmp(token.LSS, c.V(i), n(0))}},
			want:   map[*c.Sym]int64{i: -7},
		},
		{
			name:   "needs back-substitution",
			system: c.System{{cmp(token.EQL, c.Bin(token.ADD, c.V(i), c.V(j)), n(10)), cmp(token.GTR, c.V(j), n(3)), cmp(token.LSS, c.V(j), n(5))}},
			want:   map[*c.Sym]int64{i: 6, j: 4},
		},
	}
	for _, tt := range tests {
		a, err := Solve(tt.system, Config{Assume: tt.assume})
		if tt.err != nil {
			if !errors.Is(err, tt.err) {
				t.Errorf("%s: error %v, want %v", tt.name, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if ok, _ := tt.system.Eval(a); !ok {
			t.Errorf("%s: %v does not satisfy %s", tt.name, a, tt.system)
		}
		for s, want := range tt.want {
			if got := a[s]; got != c.Wrap(s.Type, uint64(want)) {
				t.Errorf("%s: %s = %s, want %d", tt.name, s.Name, got.Format(s.Type), want)
			}
		}
	}
}

// TestUnsolvableIsSound checks on random systems over two int8 symbols,
// against exhaustive enumeration, that a solution always satisfies the
// system and that "detectably unsolvable" is never said of a system that
// has a solution, nor refuted by Refute.
func TestUnsolvableIsSound(t *testing.T) {
	x, y := sym("x", c.Int8), sym("y", c.Int8)
	r := rand.New(rand.NewPCG(7, 8))
	ops := []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	atom := func() c.Expr {
		terms := []c.Expr{c.V(x), c.V(y), c.I(c.Int8, int64(r.IntN(20)-10)),
			c.Bin(token.ADD, c.V(x), c.I(c.Int8, int64(r.IntN(7)-3))), c.Bin(token.MUL, c.V(y), c.I(c.Int8, 3))}
		return cmp(ops[r.IntN(len(ops))], terms[r.IntN(len(terms))], terms[r.IntN(len(terms))])
	}
	found, unsolvable, refuted := 0, 0, 0
	for n := 0; n < 300; n++ {
		var cl c.Clause
		for m := 1 + r.IntN(4); m > 0; m-- {
			cl = append(cl, atom())
		}
		sys := c.System{cl}
		a, err := Solve(sys, Config{Tries: 5})
		exists := false
		for vx := -128; vx < 128 && !exists; vx++ {
			for vy := -128; vy < 128; vy++ {
				if ok, _ := sys.Eval(c.Assignment{x: c.Wrap(c.Int8, uint64(vx)), y: c.Wrap(c.Int8, uint64(vy))}); ok {
					exists = true
					break
				}
			}
		}
		if why := Refute(cl); why != "" {
			refuted++
			if exists {
				t.Fatalf("%s: refuted (%s), but it has a solution", sys, why)
			}
		}
		switch {
		case err == nil:
			found++
			full := c.Assignment{x: 0, y: 0}
			for s, v := range a {
				full[s] = v
			}
			if ok, _ := sys.Eval(full); !ok {
				t.Fatalf("%s: solution %v does not satisfy it", sys, a)
			}
		case errors.Is(err, ErrUnsolvable):
			unsolvable++
			if exists {
				t.Fatalf("%s: called detectably unsolvable, but it has a solution", sys)
			}
		}
	}
	t.Logf("300 random systems: %d solved, %d detectably unsolvable, %d refuted", found, unsolvable, refuted)
	if refuted == 0 {
		t.Error("Refute proved no random system unsatisfiable")
	}
	if found < 100 {
		t.Errorf("only %d of 300 random systems solved", found)
	}
}

// TestSignedZero checks that x == 0 (or 0 <= x <= 0) leaves x two
// values, -0 and +0, which 1/x tells apart (-Inf, +Inf): reduction must
// not pin x to +0 and refute a clause -0 satisfies, and Solve must find
// -0 when only it will do. A float32 domain does the same.
func TestSignedZero(t *testing.T) {
	for _, ft := range []c.Type{c.Float64, c.Float32} {
		x := sym("x", ft)
		zero, one := c.F(ft, 0), c.F(ft, 1)
		negInv := cmp(token.LSS, c.Bin(token.QUO, one, c.V(x)), zero) // 1/x < 0
		for _, cl := range []c.Clause{
			{cmp(token.EQL, c.V(x), zero), negInv},
			{cmp(token.GEQ, c.V(x), zero), cmp(token.LEQ, c.V(x), zero), negInv},
			{cmp(token.EQL, c.V(x), c.F(ft, math.Copysign(0, -1))), cmp(token.GTR, c.Bin(token.QUO, one, c.V(x)), zero)},
		} {
			if why := Refute(cl); why != "" {
				t.Errorf("%s: Refute(%s) = %q, but x = -0 (or +0) satisfies it", ft, cl, why)
			}
			a, err := Solve(c.System{cl}, Config{})
			if err != nil {
				t.Errorf("%s: Solve(%s): %v", ft, cl, err)
				continue
			}
			if ok, _ := cl.Eval(a); !ok {
				t.Errorf("%s: Solve(%s) = %v, which does not satisfy it", ft, cl, a)
			}
		}
		// A one-point domain other than zero is still pinned: x == 2
		// and x != 2 is refuted.
		if why := Refute(c.Clause{cmp(token.EQL, c.V(x), c.F(ft, 2)), cmp(token.NEQ, c.Bin(token.MUL, c.V(x), one), c.F(ft, 2))}); why == "" {
			t.Errorf("%s: x == 2 && x*1 != 2 not refuted", ft)
		}
	}
}

// TestRefuteIsSoundWide checks Refute's claim, and Search's
// ErrUnsolvable, that reduction alone proves a clause unsatisfiable
// (the solver chain reports it as Unsat), against exhaustive
// enumeration on
// random clauses over an int8 and a uint8 symbol with every form
// reduction uses: x R c and c R x, x R y, invertible equalities (+, -,
// ^ with a constant, * by an odd one, unary - and ^, conversions to
// wider and same-width types), order cycles, booleans, and forms it
// does not use (to be left alone). A refutation of a clause that has a
// solution is a failure.
func TestRefuteIsSoundWide(t *testing.T) {
	testmod.Long(t)
	x, y, u := sym("x", c.Int8), sym("y", c.Int8), sym("u", c.Uint8)
	b := sym("b", c.Bool)
	r := rand.New(rand.NewPCG(21, 22))
	ops := []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
	k8 := func() c.Expr { return c.I(c.Int8, int64(r.IntN(256)-128)) }
	ku := func() c.Expr { return c.I(c.Uint8, int64(r.IntN(256))) }
	atom := func() c.Expr {
		op := ops[r.IntN(len(ops))]
		switch r.IntN(10) {
		case 0:
			return cmp(op, c.V(x), k8())
		case 1:
			return cmp(op, k8(), c.V(y))
		case 2:
			return cmp(op, c.V(x), c.V(y))
		case 3:
			return cmp(op, c.V(u), ku())
		case 4:
			inv := []c.Expr{c.Bin(token.ADD, c.V(x), k8()), c.Bin(token.SUB, k8(), c.V(x)), c.Bin(token.XOR, c.V(y), k8()),
				c.Bin(token.MUL, c.V(x), c.I(c.Int8, int64(2*r.IntN(64)+1))), c.Un(token.SUB, c.V(y)), c.Un(token.XOR, c.V(x))}
			return cmp(token.EQL, inv[r.IntN(len(inv))], k8())
		case 5:
			wide := []c.Expr{c.Conv(c.Int16, c.V(x)), c.Conv(c.Uint16, c.V(y)), c.Conv(c.Int16, c.V(u)), c.Conv(c.Int8, c.V(u))}
			w := wide[r.IntN(len(wide))]
			return cmp(op, w, c.I(w.Type(), int64(r.IntN(600)-300)))
		case 6:
			return cmp([]token.Token{token.EQL, token.NEQ}[r.IntN(2)], c.V(b), c.B(r.IntN(2) == 0))
		case 7:
			return cmp(op, c.Bin(token.MUL, c.V(x), c.V(y)), k8()) // not used by reduction
		case 8:
			return cmp(op, c.Bin(token.REM, c.V(x), c.V(y)), k8()) // panics on y == 0
		}
		return cmp(op, c.Bin(token.ADD, c.V(x), c.V(y)), k8())
	}
	refuted := 0
	for n := 0; n < 1000; n++ {
		var cl c.Clause
		for m := 2 + r.IntN(4); m > 0; m-- {
			cl = append(cl, atom())
		}
		why := Refute(cl)
		if _, _, err := Search(c.System{cl}, Config{Tries: 3}); errors.Is(err, ErrUnsolvable) && why == "" {
			why = err.Error() // the search's reduction, before any choice
		}
		if why == "" {
			continue
		}
		refuted++
		// The atoms over x and y, over u and over b are independent:
		// the clause is satisfiable when each group is.
		var xy, us, bs c.Clause
		for _, e := range cl {
			switch c.Vars(e)[0] {
			case u:
				us = append(us, e)
			case b:
				bs = append(bs, e)
			default:
				xy = append(xy, e)
			}
		}
		sat := func(part c.Clause, each func(func(c.Assignment) bool)) bool {
			found := false
			each(func(a c.Assignment) bool {
				ok, _ := part.Eval(a)
				found = ok
				return !ok
			})
			return found
		}
		all := sat(xy, func(f func(c.Assignment) bool) {
			for vx := -128; vx < 128; vx++ {
				for vy := -128; vy < 128; vy++ {
					if !f(c.Assignment{x: c.Wrap(c.Int8, uint64(vx)), y: c.Wrap(c.Int8, uint64(vy))}) {
						return
					}
				}
			}
		}) && sat(us, func(f func(c.Assignment) bool) {
			for v := uint64(0); v < 256 && f(c.Assignment{u: c.Value(v)}); v++ {
			}
		}) && sat(bs, func(f func(c.Assignment) bool) {
			_ = f(c.Assignment{b: 0}) && f(c.Assignment{b: 1})
		})
		if all {
			t.Fatalf("%s: refuted (%s), but it has a solution", cl, why)
		}
	}
	t.Logf("1000 random clauses: %d refuted", refuted)
	if refuted < 100 {
		t.Errorf("only %d of 1000 random clauses refuted", refuted)
	}
}

// TestRefuteFarValue checks that a domain narrowed to one value far
// from zero by many exclusions (more than choose looks at) is pinned to
// that value, not to an excluded one: the clause has a solution, so it
// must not be refuted.
func TestRefuteFarValue(t *testing.T) {
	x := sym("x", c.Int16)
	cl := c.Clause{cmp(token.GEQ, c.V(x), c.I(c.Int16, 0)), cmp(token.LEQ, c.V(x), c.I(c.Int16, 2000))}
	for v := int64(0); v < 2000; v++ {
		cl = append(cl, cmp(token.NEQ, c.V(x), c.I(c.Int16, v)))
	}
	cl = append(cl, cmp(token.EQL, c.Bin(token.REM, c.V(x), c.I(c.Int16, 1000)), c.I(c.Int16, 0)))
	if why := Refute(cl); why != "" {
		t.Fatalf("refuted (%s), but x = 2000 satisfies it", why)
	}
	a, err := Solve(c.System{cl}, Config{})
	if err != nil || a[x].Int() != 2000 {
		t.Fatalf("Solve = %v, %v; want x = 2000", a, err)
	}
}

// TestStopped: a search whose Done is closed gives up, with no model and
// never a conclusion that the clause is unsolvable (a proof for its
// callers), whether the clause has solutions or not.
func TestStopped(t *testing.T) {
	i := sym("i", c.Int)
	n := func(x int64) c.Expr { return c.I(c.Int, x) }
	done := make(chan struct{})
	close(done)
	for _, cl := range []c.Clause{
		{cmp(token.GTR, c.V(i), n(3)), cmp(token.LSS, c.V(i), n(9))}, // solutions
		{cmp(token.GTR, c.V(i), n(5)), cmp(token.LSS, c.V(i), n(3))}, // none: reduction alone refutes it
	} {
		a, _, err := Search(c.System{cl}, Config{Done: done})
		if a != nil || !errors.Is(err, ErrGaveUp) {
			t.Errorf("%v with Done closed: %v, %v; want no model, gave up", cl, a, err)
		}
		if _, _, err := Search(c.System{cl}, Config{}); err != nil && !errors.Is(err, ErrUnsolvable) {
			t.Errorf("%v: %v", cl, err)
		}
	}
}
