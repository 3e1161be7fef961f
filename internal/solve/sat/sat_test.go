package sat

import (
	"go/token"
	"math/rand/v2"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
)

func sym(name string, t c.Type) *c.Sym { return &c.Sym{Name: name, Type: t} }

// TestAgainstEnumeration decides random clauses over two 8-bit symbols —
// every operator, signed and unsigned, conversions, short-circuit,
// multiplexers (Ite), "does not panic" (Defined) — and
// compares with evaluating all 65,536 assignments: SAT's models satisfy
// the clause (Solve checks it) and Unsat is said only of clauses no
// assignment satisfies; every clause is decided.
func TestAgainstEnumeration(t *testing.T) {
	for _, typ := range []c.Type{c.Int8, c.Uint8} {
		x, y := sym("x", typ), sym("y", typ)
		r := rand.New(rand.NewPCG(11, uint64(typ.Bits)+uint64(boolInt(typ.Signed))))
		ops := []token.Token{token.ADD, token.SUB, token.MUL, token.QUO, token.REM, token.AND, token.OR, token.XOR, token.AND_NOT, token.SHL, token.SHR}
		cmps := []token.Token{token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ}
		var term func(depth int) c.Expr
		term = func(depth int) c.Expr {
			if depth == 0 || r.IntN(3) == 0 {
				switch r.IntN(4) {
				case 0:
					return c.V(x)
				case 1:
					return c.V(y)
				case 2:
					return c.I(typ, int64(r.IntN(256)-128))
				}
				// A conversion through another width.
				return c.Conv(typ, c.Conv(c.Int16, c.V([]*c.Sym{x, y}[r.IntN(2)])))
			}
			switch r.IntN(7) {
			case 0:
				return c.Un(token.SUB, term(depth-1))
			case 1:
				return c.Un(token.XOR, term(depth-1))
			case 2:
				// A multiplexer whose branches may panic: only the
				// selected one counts.
				return c.If(c.Bin(cmps[r.IntN(len(cmps))], term(depth-1), term(depth-1)), term(depth-1), term(depth-1))
			}
			op := ops[r.IntN(len(ops))]
			if op == token.SHL || op == token.SHR {
				// Counts of another type, signed (negative counts panic).
				return c.Bin(op, term(depth-1), c.Conv(c.Int8, term(depth-1)))
			}
			return c.Bin(op, term(depth-1), term(depth-1))
		}
		atom := func() c.Expr {
			a := c.Bin(cmps[r.IntN(len(cmps))], term(2), term(2))
			switch r.IntN(7) {
			case 5:
				// Whether a term panics, or differs from another one.
				return c.Def(term(2))
			case 6:
				return c.Distinct(term(2), term(2))
			case 0:
				return c.Bin(token.LAND, a, c.Bin(cmps[r.IntN(len(cmps))], term(1), term(1)))
			case 1:
				return c.Bin(token.LOR, a, c.Bin(cmps[r.IntN(len(cmps))], term(1), term(1)))
			case 2:
				return c.Un(token.NOT, a)
			}
			return a
		}
		sat, unsat := 0, 0
		for n := 0; n < 150; n++ {
			var cl c.Clause
			for m := 1 + r.IntN(3); m > 0; m-- {
				cl = append(cl, atom())
			}
			st, model, err := Solve(cl, Config{})
			exists := false
			for vx := 0; vx < 256 && !exists; vx++ {
				for vy := 0; vy < 256; vy++ {
					if ok, _ := cl.Eval(c.Assignment{x: c.Wrap(typ, uint64(vx)), y: c.Wrap(typ, uint64(vy))}); ok {
						exists = true
						break
					}
				}
			}
			switch st {
			case Sat:
				sat++
				if !exists {
					t.Fatalf("%s: sat (%v) but no assignment satisfies it", cl, model)
				}
			case Unsat:
				unsat++
				if exists {
					t.Fatalf("%s: unsat, but an assignment satisfies it", cl)
				}
			default:
				t.Fatalf("%s: unknown: %v", cl, err)
			}
		}
		t.Logf("%s: 150 random clauses, %d sat, %d unsat", typ, sat, unsat)
		if sat == 0 || unsat == 0 {
			t.Errorf("%s: %d sat, %d unsat: the random clauses do not exercise both answers", typ, sat, unsat)
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestWide checks 64-bit cases: solutions found by inverting
// multiplication, Go's edge cases, and proofs.
func TestWide(t *testing.T) {
	i, j := sym("i", c.Int), sym("j", c.Int)
	u := sym("u", c.Uint64)
	n := func(x int64) c.Expr { return c.I(c.Int, x) }
	tests := []struct {
		name string
		cl   c.Clause
		want Status
		val  map[*c.Sym]int64
	}{
		{"i*3 == 370370367", c.Clause{c.Bin(token.EQL, c.Bin(token.MUL, c.V(i), n(3)), n(370370367))}, Sat, map[*c.Sym]int64{i: 123456789}},
		{"MinInt / -1 == MinInt", c.Clause{c.Bin(token.EQL, c.V(i), n(-1<<63)), c.Bin(token.NEQ, c.Bin(token.QUO, c.V(i), n(-1)), n(-1<<63))}, Unsat, nil},
		{"MinInt % -1 == 0", c.Clause{c.Bin(token.NEQ, c.Bin(token.REM, c.V(i), n(-1)), n(0))}, Unsat, nil},
		{"i / 0 panics", c.Clause{c.Bin(token.EQL, c.Bin(token.QUO, c.V(i), n(0)), n(0))}, Unsat, nil},
		{"truncated division", c.Clause{c.Bin(token.EQL, c.Bin(token.QUO, c.V(i), n(4)), n(-2)), c.Bin(token.EQL, c.Bin(token.REM, c.V(i), n(4)), n(-3))}, Sat, map[*c.Sym]int64{i: -11}},
		{"u << 64 is 0", c.Clause{c.Bin(token.NEQ, c.Bin(token.SHL, c.V(u), c.I(c.Uint, 64)), c.I(c.Uint64, 0))}, Unsat, nil},
		{"negative shift panics", c.Clause{c.Bin(token.LSS, c.V(j), n(0)), c.Bin(token.EQL, c.Bin(token.SHL, c.V(i), c.V(j)), c.V(i))}, Unsat, nil},
		{"j && guards the division", c.Clause{c.Bin(token.LOR, c.Bin(token.EQL, c.V(j), n(0)), c.Bin(token.GTR, c.Bin(token.QUO, c.V(i), c.V(j)), n(5)))}, Sat, nil},
		{"x*x == 49, x < 0", c.Clause{c.Bin(token.EQL, c.Bin(token.MUL, c.V(i), c.V(i)), n(49)), c.Bin(token.LSS, c.V(i), n(0)), c.Bin(token.GTR, c.V(i), n(-100))}, Sat, map[*c.Sym]int64{i: -7}},
		{"i < j < i", c.Clause{c.Bin(token.LSS, c.V(i), c.V(j)), c.Bin(token.LSS, c.V(j), c.V(i))}, Unsat, nil},
	}
	for _, tt := range tests {
		st, a, err := Solve(tt.cl, Config{})
		if st != tt.want {
			t.Errorf("%s: %v (%v), want %v", tt.name, st, err, tt.want)
			continue
		}
		for s, v := range tt.val {
			if a[s] != c.Wrap(s.Type, uint64(v)) {
				t.Errorf("%s: %s = %s, want %d", tt.name, s.Name, a[s].Format(s.Type), v)
			}
		}
	}
	if st, _, err := Solve(c.Clause{c.Bin(token.LSS, c.V(sym("f", c.Float64)), c.F(c.Float64, 1))}, Config{}); st != Unknown || err == nil {
		t.Errorf("float clause: %v, %v; want unknown", st, err)
	}
}
