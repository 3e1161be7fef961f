package milp

import (
	"context"
	"testing"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/testmod"
)

// subject holds units whose branches need a linear system solved: an
// equality over two inputs, a chain of sums, a choice between a
// non-linear path and a linear one (the paper's alternative linear
// path), a loop whose exit needs the count of iterations, and a
// byte-by-byte check.
const subject = `package p

// Lin needs 3x + 5y = 1234 with x > 100: random inputs never find it.
func Lin(x, y int) int {
	if 3*x+5*y == 1234 && x > 100 {
		return 1
	}
	return 0
}

// Chain needs b = a + 7, c = b * 2, c - a > 30.
func Chain(a, b, c int32) int {
	if b != a+7 {
		return 0
	}
	if c != b*2 {
		return 1
	}
	if c-a > 30 {
		return 2
	}
	return 3
}

// Alt can take its first branch by the product (not linear) or by
// y == 17 - x (linear): the linear alternative is the one solved.
func Alt(x, y int) int {
	if x*y == 391 || x+y == 17 {
		return 1
	}
	return 0
}

// Tri classifies a triangle.
func Tri(a, b, c int) int {
	if a <= 0 || b <= 0 || c <= 0 {
		return 4
	}
	if a+b <= c || a+c <= b || b+c <= a {
		return 4
	}
	if a == b && b == c {
		return 3
	}
	if a == b || b == c || a == c {
		return 2
	}
	return 1
}

// Word checks a word of 3 bytes: a letter, a digit, a letter.
func Word(s string) bool {
	if len(s) != 3 {
		return false
	}
	if s[0] < 'a' || s[0] > 'z' {
		return false
	}
	if s[1] < '0' || s[1] > '9' {
		return false
	}
	return s[2] >= 'a' && s[2] <= 'z'
}

// Disc's discriminant is a product of inputs: its branches need a
// factor fixed (b and a), after which d is linear in c.
func Disc(a, b, c int16) int {
	if a == 0 {
		return 0
	}
	d := int32(b)*int32(b) - 4*int32(a)*int32(c)
	if d > 0 {
		return 2
	}
	if d == 0 {
		return 1
	}
	return -1
}

// Days assumes its month: an input outside the assumption is rejected
// by the harness, so the trees must start with it.
//
//gozilla:assume month >= 5 && month <= 12
func Days(month uint8) int {
	n := 0
	for m := uint8(1); m < month; m++ {
		n++
	}
	return n
}

// Order needs a NaN for its first branches (x != x), which no MILP
// has: a case split fixes x, then y, to NaN.
func Order(x, y float64) int {
	if x != x {
		return -2
	}
	if y != y || x > y {
		return 2
	}
	return 0
}

// Apart needs two float32 samples that stay apart once rounded to
// float32 (a gap of 1e-6 vanishes beyond 8).
func Apart(a, b float32) int {
	if a == b {
		return 0
	}
	if a*1000 < b*1000 {
		return 1
	}
	return 2
}

// Half has a branch behind a division by a constant.
func Half(n uint16) int {
	if n/3 == 100 && n%3 == 2 {
		return 1
	}
	return 0
}
`

func TestCoverage(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": subject})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	e := New()
	e.Record = true
	// Coverage alone (no mutants): every branch is a requirement the
	// engine is asked about.
	res, err := gen.Generate(context.Background(), pkgs[0], gen.Config{Random: -1, Engines: []engine.Engine{e}, Workers: 2, Cover: true, Ops: map[mutate.Op]bool{}})
	if err != nil {
		t.Fatal(err)
	}
	cov := res.Coverage
	for id, b := range cov.Plan.Branches {
		if !cov.Covered.Branches[id] {
			t.Errorf("branch %s %q not covered (why: %s)", b.Pos, b.Label, cov.Why[gen.Goal{Kind: engine.CoverBranch, ID: id}])
		}
	}
	for _, tt := range res.Tests {
		if tt.Pass != "milp" {
			t.Errorf("test %v from %s", tt.In, tt.Pass)
		}
	}
	edges := 0
	for _, s := range e.Stats {
		if s.Found && s.Target != "site" {
			edges++
		}
	}
	if edges == 0 {
		t.Errorf("no unconstrained edge was solved: %+v", e.Stats)
	}
	for _, s := range e.Stats {
		t.Logf("%+v", s)
	}
}
