package equiv

import (
	"go/token"
	"math"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve"
)

// TestOutcomesDifferFloats checks that outcomes compare as the harness
// compares results: floats by their bits (-0 is not +0), all NaNs one
// outcome.
func TestOutcomesDifferFloats(t *testing.T) {
	x, y := &c.Sym{Name: "x", Type: c.Float64}, &c.Sym{Name: "y", Type: c.Float64}
	a := []pathOutcome{{results: []c.Expr{c.V(x)}}}
	b := []pathOutcome{{results: []c.Expr{c.V(y)}}}
	f := func(v float64) c.Value { return c.FloatValue(c.Float64, v) }
	for _, tt := range []struct {
		x, y c.Value
		want bool
	}{
		{f(1), f(1), false},
		{f(0), f(math.Copysign(0, -1)), true},
		{f(math.NaN()), c.Value(0xFFF8_0000_2000_0000), false}, // two NaNs, other payloads
		{f(math.NaN()), f(0), true},
	} {
		got, err := outcomesDiffer(a, b, c.Assignment{x: tt.x, y: tt.y})
		if err != nil || got != tt.want {
			t.Errorf("outcomesDiffer(%v, %v) = %v, %v; want %v", tt.x.Float(), tt.y.Float(), got, err, tt.want)
		}
	}
}

// TestMiterEncoding checks the miter's encoding in the IR against the
// outcomes' reference semantics (outcomesDiffer) on every input of two
// int8 functions given as paths — returns, a division that panics, an
// explicit panic (opaque), a hang, a gap no path covers — and that SAT
// decides it: Unsat exactly for the equivalent pairs, a model that
// checks otherwise.
func TestMiterEncoding(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int8}
	k := func(v int64) c.Expr { return c.I(c.Int8, v) }
	lt := func(a, b c.Expr) c.Expr { return c.Bin(token.LSS, a, b) }
	ge := func(a, b c.Expr) c.Expr { return c.Bin(token.GEQ, a, b) }
	ret := func(cond c.Clause, r c.Expr) pathOutcome { return pathOutcome{cond: cond, results: []c.Expr{r}} }
	// abs(x) with MinInt
	abs := []pathOutcome{ret(c.Clause{lt(c.V(x), k(0))}, c.Un(token.SUB, c.V(x))), ret(c.Clause{ge(c.V(x), k(0))}, c.V(x))}
	abs2 := []pathOutcome{ret(c.Clause{ge(c.V(x), k(0))}, c.V(x)), ret(c.Clause{lt(c.V(x), k(0))}, c.Bin(token.SUB, k(0), c.V(x)))}
	absGap := []pathOutcome{ret(c.Clause{lt(c.V(x), k(0))}, c.Un(token.SUB, c.V(x))), ret(c.Clause{c.Bin(token.GTR, c.V(x), k(0))}, c.V(x))}
	div := []pathOutcome{ret(nil, c.Bin(token.QUO, k(100), c.V(x)))} // panics on 0: opaque result
	divGuard := []pathOutcome{{cond: c.Clause{c.Bin(token.EQL, c.V(x), k(0))}, code: panicDivide}, ret(c.Clause{c.Bin(token.NEQ, c.V(x), k(0))}, c.Bin(token.QUO, k(100), c.V(x)))}
	opaque := []pathOutcome{{cond: c.Clause{c.Bin(token.EQL, c.V(x), k(0))}, code: panicOpaque}, ret(c.Clause{c.Bin(token.NEQ, c.V(x), k(0))}, c.Bin(token.QUO, k(100), c.V(x)))}
	hangs := []pathOutcome{{cond: c.Clause{c.Bin(token.EQL, c.V(x), k(0))}, code: hang}, ret(c.Clause{c.Bin(token.NEQ, c.V(x), k(0))}, k(1))}
	tests := []struct {
		name  string
		a, b  []pathOutcome
		equiv bool
	}{
		{"abs, reordered paths and 0-x", abs, abs2, true},
		{"abs against a gap at 0", abs, absGap, false},
		{"a gap is a difference both ways", absGap, abs, false},
		{"division panics where the guard does too", divGuard, divGuard, true},
		{"a result that panics is never the same", div, div, false},
		{"opaque panics differ from everything", opaque, opaque, false},
		{"the original hangs: no difference there", hangs, []pathOutcome{ret(nil, k(1))}, true},
		{"the mutant hangs: a difference", []pathOutcome{ret(nil, k(1))}, hangs, false},
	}
	for _, tt := range tests {
		cl, checks, err := miter(tt.a, tt.b, nil)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		differs := false
		for v := -128; v < 128; v++ {
			m := c.Assignment{x: c.Wrap(c.Int8, uint64(v))}
			enc, _ := cl.Eval(m)
			ref, err := outcomesDiffer(tt.a, tt.b, m)
			if err != nil {
				ref = true // an input outside the paths: a difference
			}
			if enc != ref {
				t.Errorf("%s: x = %d: encoding says %v, outcomes %v", tt.name, v, enc, ref)
			}
			differs = differs || ref
		}
		if differs == tt.equiv {
			t.Fatalf("%s: the test's functions are wrong", tt.name)
		}
		r := solve.Chain(solve.Config{SAT: true}).Solve(&solve.Query{Clause: cl, Checks: checks}, solve.Unlimited())
		switch {
		case tt.equiv && r.Status != solve.Unsat:
			t.Errorf("%s: %v (%s), want unsat", tt.name, r.Status, r.Why)
		case !tt.equiv && r.Status == solve.Unsat:
			t.Errorf("%s: unsat, but the outcomes differ", tt.name)
		}
	}
}
