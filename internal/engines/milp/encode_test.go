package milp

import (
	"fmt"
	"go/token"
	"math/rand/v2"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve/milp"
)

// TestEncodingAgainstEnumeration builds random execution trees over two
// int8 inputs, whose conditions all have linear forms here (sums and
// multiples, ≠, shifts, & | ^ with constants, / and % by constants,
// ||, negations), encodes each as the engine does in a box of
// ±8, and compares with enumerating every value of the box: the MILP
// has a solution exactly when some path's condition holds for some
// input (Go's arithmetic, constraint.Eval), and the path the solution
// chooses holds for the input it makes.
func TestEncodingAgainstEnumeration(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int8}
	y := &c.Sym{Name: "y", Type: c.Int8}
	X, Y := c.V(x), c.V(y)
	k := func(v int64) c.Expr { return c.I(c.Int8, v) }
	r := rand.New(rand.NewPCG(5, 6))
	term := func() c.Expr {
		switch r.IntN(14) {
		case 11:
			return c.Bin(token.XOR, X, k(0x5A))
		case 12:
			return c.Bin(token.OR, Y, k(5))
		case 13:
			return c.Bin(token.AND, c.Bin(token.ADD, X, Y), k(-6))
		case 9:
			return c.Bin(token.REM, X, k(3)) // of either sign
		case 10:
			return c.Bin(token.QUO, c.Bin(token.SUB, Y, X), k(-4))
		case 0:
			return X
		case 1:
			return Y
		case 2:
			return c.Bin(token.ADD, X, c.Bin(token.MUL, k(2), Y))
		case 3:
			return c.Bin(token.SUB, X, Y)
		case 4:
			return c.Bin(token.SHR, c.Bin(token.ADD, X, k(8)), c.I(c.Uint, 1))
		case 5:
			return c.Bin(token.AND, X, k(3))
		case 6:
			return c.Bin(token.REM, c.Bin(token.ADD, Y, k(8)), k(3))
		case 7:
			return c.Bin(token.QUO, c.Bin(token.ADD, X, k(8)), k(-3))
		}
		return c.Un(token.SUB, Y)
	}
	ops := []token.Token{token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ}
	atom := func() c.Expr {
		a := c.Bin(ops[r.IntN(len(ops))], term(), k(int64(r.IntN(13)-6)))
		switch r.IntN(6) {
		case 0:
			return c.Bin(token.LOR, a, c.Bin(ops[r.IntN(len(ops))], term(), term()))
		case 1:
			return c.Un(token.NOT, a)
		}
		return a
	}
	found, none := 0, 0
	for trial := 0; trial < 400; trial++ {
		// Leaves share prefixes, as paths do.
		var leaves []leaf
		var prefix c.Clause
		for i := 0; i < 1+r.IntN(4); i++ {
			if r.IntN(2) == 0 && len(prefix) > 0 {
				prefix = prefix[:r.IntN(len(prefix))]
			}
			cl := append(c.Clause(nil), prefix...)
			for j := 0; j < 1+r.IntN(3); j++ {
				cl = append(cl, atom())
			}
			prefix = cl
			leaves = append(leaves, leaf{cond: cl})
		}
		exists := false
		for vx := int64(-8); vx <= 8 && !exists; vx++ {
			for vy := int64(-8); vy <= 8 && !exists; vy++ {
				asg := c.Assignment{x: c.Wrap(c.Int8, uint64(vx)), y: c.Wrap(c.Int8, uint64(vy))}
				for _, l := range leaves {
					if holds(l, asg) {
						exists = true
						break
					}
				}
			}
		}
		root, _ := tree(leaves)
		en := encode(root, 8, 8, false)
		if en.nonlinear > 0 {
			t.Fatalf("trial %d: %d conditions without a linear form (%s)", trial, en.nonlinear, en.firstWhy)
		}
		res := milp.Solve(en.e.build(), milp.Limits{})
		desc := func() string {
			s := ""
			for _, l := range leaves {
				s += fmt.Sprintf("\n  %s", l.cond)
			}
			return s
		}
		switch {
		case res.Status == milp.Unknown:
			t.Fatalf("trial %d: unknown (%s)%s", trial, res.Why, desc())
		case exists && res.Status != milp.Solved:
			t.Fatalf("trial %d: an input in the box takes a path, the MILP says %s%s", trial, res.Status, desc())
		case !exists && res.Status == milp.Solved:
			t.Fatalf("trial %d: no input in the box takes a path, the MILP found %v%s", trial, res.X, desc())
		}
		if res.Status != milp.Solved {
			none++
			continue
		}
		found++
		i := en.chosen(root, res.X)
		if i < 0 || !holds(leaves[i], en.assignment(res.X)) {
			t.Fatalf("trial %d: the solution's path %d does not hold for its input %v%s", trial, i, en.assignment(res.X), desc())
		}
	}
	if found < 40 || none < 40 {
		t.Errorf("the random trees are lopsided: %d with a solution, %d without", found, none)
	}
}
