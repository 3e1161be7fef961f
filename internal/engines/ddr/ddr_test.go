package ddr

import (
	"context"
	"fmt"
	"github.com/gozilla/gozilla/internal/mutate"
	"go/token"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/cbt"
	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
)

// TestSrchPt checks the search points of Fig. 4: 1/2, 1/4, 3/4, 1/8, …
func TestSrchPt(t *testing.T) {
	want := [][2]int64{{1, 2}, {1, 4}, {3, 4}, {1, 8}, {3, 8}, {5, 8}, {7, 8}, {1, 16}}
	for i, w := range want {
		n, d := srchPt(i + 1)
		if n != w[0] || d != w[1] {
			t.Errorf("srchPt(%d) = %d/%d, want %d/%d", i+1, n, d, w[0], w[1])
		}
	}
}

// TestGetSplit checks the paper's worked splits: Example 2's A < B with
// A <0..20>, B <10..40> splits at 15, then 12, then 17; the Fig. 5
// example with LeftDom <-20..20> inside RightDom <-40..30> splits at 0.
func TestGetSplit(t *testing.T) {
	for _, tc := range []struct {
		l, r Dom
		k    int
		want int64
	}{
		{Dom{0, 20}, Dom{10, 40}, 1, 15},
		{Dom{0, 20}, Dom{10, 40}, 2, 12},
		{Dom{0, 20}, Dom{10, 40}, 3, 17},
		{Dom{-20, 20}, Dom{-40, 30}, 1, 0},
		{Dom{-40, 30}, Dom{-20, 20}, 1, 0},
		{Dom{5, 5}, Dom{0, 100}, 1, 5},
	} {
		if got := GetSplit(tc.l, tc.r, tc.k); got != tc.want {
			t.Errorf("GetSplit(%v, %v, %d) = %d, want %d", tc.l, tc.r, tc.k, got, tc.want)
		}
	}
}

// TestExprDomain checks domains of expressions against every value of
// small leaf domains: the domain holds each value the expression takes
// (Go's semantics, wraparound included).
func TestExprDomain(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int8}
	y := &c.Sym{Name: "y", Type: c.Int8}
	X, Y := c.V(x), c.V(y)
	exprs := []c.Expr{
		c.Bin(token.ADD, X, Y),
		c.Bin(token.SUB, X, Y),
		c.Bin(token.MUL, X, Y),
		c.Bin(token.QUO, X, Y),
		c.Bin(token.REM, X, Y),
		c.Bin(token.AND, X, Y),
		c.Bin(token.OR, X, Y),
		c.Bin(token.SHL, X, c.I(c.Uint8, 2)),
		c.Bin(token.SHR, X, c.I(c.Uint8, 1)),
		c.Un(token.SUB, X),
		c.Un(token.XOR, X),
		c.Conv(c.Uint8, X),
		c.Bin(token.LSS, X, Y),
		c.Bin(token.ADD, c.Bin(token.MUL, X, c.I(c.Int8, 3)), c.I(c.Int8, 100)),
	}
	for _, xd := range []Dom{{-3, 4}, {100, 127}, {-128, -120}, {0, 0}} {
		for _, yd := range []Dom{{1, 5}, {-4, 6}, {-128, 127}} {
			s := &store{}
			s.narrow(x, xd)
			s.narrow(y, yd)
			d := newDomains(s, 1)
			for _, e := range exprs {
				dom := d.of(e)
				for a := xd.Lo; a <= xd.Hi; a++ {
					for b := yd.Lo; b <= yd.Hi; b++ {
						v, err := c.Eval(e, c.Assignment{x: c.Wrap(c.Int8, uint64(a)), y: c.Wrap(c.Int8, uint64(b))})
						if err != nil {
							continue // division by zero: no value
						}
						iv, _ := constVal(e.Type(), v)
						if !dom.Has(iv) {
							t.Fatalf("x %v y %v: %s = %d at x=%d y=%d, outside its domain %v", xd, yd, c.String(e), iv, a, b, dom)
						}
					}
				}
			}
		}
	}
}

// TestReduce checks ReduceDomains: after it, the predicate holds for
// every value left in the domains (checked on all of them), and the
// de-evaluation of arithmetic finds the values the paper's examples and
// ordinary guards need.
func TestReduce(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int16}
	y := &c.Sym{Name: "y", Type: c.Int16}
	X, Y := c.V(x), c.V(y)
	k := func(v int64) c.Expr { return c.I(c.Int16, v) }
	for _, tc := range []struct {
		cond c.Expr
		want bool
	}{
		{c.Bin(token.LSS, X, Y), true},
		{c.Bin(token.LSS, X, Y), false},
		{c.Bin(token.EQL, c.Bin(token.MUL, X, k(3)), k(111)), true},
		{c.Bin(token.EQL, c.Bin(token.ADD, X, Y), k(100)), true},
		{c.Bin(token.EQL, c.Bin(token.QUO, X, k(4)), k(-2)), true},
		{c.Bin(token.EQL, c.Bin(token.REM, X, k(7)), k(3)), true},
		{c.Bin(token.NEQ, X, k(0)), true},
		{c.Bin(token.GTR, c.Bin(token.SUB, X, Y), k(300)), true},
		{c.Bin(token.LAND, c.Bin(token.GTR, X, k(10)), c.Bin(token.LSS, X, k(20))), true},
		{c.Bin(token.LOR, c.Bin(token.GTR, X, k(10)), c.Bin(token.LSS, Y, k(-20))), false},
		{c.Bin(token.EQL, X, Y), true},
		{c.Bin(token.EQL, c.Bin(token.SHR, X, k(2)), k(-5)), true},
		{c.Bin(token.EQL, c.Bin(token.XOR, X, k(0x55)), k(0x12)), true},
	} {
		for kk := 1; kk <= 3; kk++ {
			s := &store{}
			s.narrow(x, Dom{-300, 300})
			s.narrow(y, Dom{-50, 50})
			d := newDomains(s, 1)
			if r := d.reduce(tc.cond, tc.want, kk); r != ok {
				t.Errorf("reduce(%s, %v, %d) = %d", c.String(tc.cond), tc.want, kk, r)
				continue
			}
			xd, yd := s.get(x), s.get(y)
			if xd.Size() > 700 || yd.Size() > 200 {
				t.Fatalf("domains grew: %v %v", xd, yd)
			}
			for a := xd.Lo; a <= xd.Hi; a++ {
				for b := yd.Lo; b <= yd.Hi; b++ {
					if s.find(x) == s.find(y) && a != b {
						continue // aliased: one value
					}
					v, err := c.Eval(tc.cond, c.Assignment{x: c.Wrap(c.Int16, uint64(a)), y: c.Wrap(c.Int16, uint64(b))})
					if err != nil || v.Bool() != tc.want {
						t.Fatalf("reduce(%s, %v, %d): x %v y %v, but x=%d y=%d gives %v", c.String(tc.cond), tc.want, kk, xd, yd, a, b, v.Bool())
					}
				}
			}
		}
	}
	// Infeasible under the domains: x > 400 with x in -300..300.
	s := &store{}
	s.narrow(x, Dom{-300, 300})
	if r := newDomains(s, 1).reduce(c.Bin(token.GTR, X, k(400)), true, 1); r != infeasible {
		t.Errorf("x > 400 over x <-300..300>: %d, want infeasible", r)
	}
}

// subject has goals behind many loop turns and particular elements:
// the 3×3 identity (all nine comparisons must pass), exactly nine 9s,
// a digit loop whose overflow guard needs many digits, a search that
// must find the key at position 5, a multiple of 7 the assumption puts
// in 10..49 (not 0), and a key only x*3 == 123456789 reaches.
const subject = `package p

// Identity reports whether m is the 3×3 identity matrix.
func Identity(m [3][3]int) bool {
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			want := 0
			if i == j {
				want = 1
			}
			if m[i][j] != want {
				return false
			}
		}
	}
	return true
}

// Nines reports whether s holds exactly nine 9s.
func Nines(s []int) bool {
	n := 0
	for _, v := range s {
		if v == 9 {
			n++
		}
	}
	if n == 9 {
		return true
	}
	return false
}

// Atoi parses decimal digits, -1 on a non-digit or past 99999.
func Atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		d := s[i]
		if d < '0' || d > '9' {
			return -1
		}
		n = n*10 + int(d-'0')
		if n > 99999 {
			return -1
		}
	}
	return n
}

// Find is the index of key in a, -1 when absent.
func Find(a []int, key int) int {
	for i, v := range a {
		if v == key {
			return i
		}
	}
	return -1
}

// AtFive reports whether key is first found at index 5.
func AtFive(a []int, key int) bool {
	return Find(a, key) == 5
}

// Sevens is 1 for the assumed multiples of 7.
//
//gozilla:assume n >= 10 && n < 50
func Sevens(n int) int {
	if n%7 == 0 {
		return 1
	}
	return 0
}

// Magic is the key's score.
func Magic(x int64) int {
	if x*3 == 123456789 {
		return 1
	}
	return 0
}

// valid is inlined into Middle: its loop runs once per element, and
// the walk must leave it (the way nearer the callee's return first)
// rather than turn in it up to the length bound.
func valid(a []int) bool {
	for _, x := range a {
		if x < -1000 || x > 1000 {
			return false
		}
	}
	return true
}

// Middle needs a made slice copied from its input: its middle element
// is the input's.
func Middle(a []int) int {
	if len(a) == 0 || !valid(a) {
		return -1
	}
	s := make([]int, len(a))
	copy(s, a)
	if len(s)%2 == 1 && s[len(s)/2] == 77 {
		return 1
	}
	return 0
}

// Band needs float values: NaN, the path's constants and values
// between them.
func Band(v float64) int {
	if v != v {
		return -2
	}
	if v >= 1000 || v <= -1000 {
		return 1
	}
	if v < 0.001 && v > -0.001 && v != 0 {
		return -1
	}
	return 0
}

// Kind needs a byte that is neither blank nor a digit but one of three
// operators: a chain of != and || the greedy splits must retry.
func Kind(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
		case c >= '0' && c <= '9':
			return 1
		case c == '+' || c == '-' || c == '*':
			return 2
		default:
			return 3
		}
	}
	return 0
}

// Op needs a token that is none of the cases and not empty: a length
// that must stay above 0 although no read states its bounds.
func Op(tok string) int {
	switch tok {
	case "+", "-":
		return 1
	}
	if tok == "" {
		return 0
	}
	return 2
}

// Rows's mutant a[i] != 0 → a[i] > 0 is killed only by an a with a
// negative element and a b of ones: the original rejects at once, the
// mutant must pass every later check, b's among them, to answer
// differently (values near zero, the walk's first choice, do not).
func Rows(a, b [3]int) bool {
	for i := 0; i < 3; i++ {
		if a[i] != 0 {
			return false
		}
	}
	for i := 0; i < 3; i++ {
		if b[i] != 1 {
			return false
		}
	}
	return true
}
`

// TestGoals runs DDR alone (no random inputs), then CBT alone, on the
// subject: DDR covers every branch outcome, and kills more mutants than
// CBT on every unit whose goals need many turns or particular elements;
// its inputs are the ones those goals need.
func TestGoals(t *testing.T) {
	testmod.Long(t)
	dir := testmod.Write(t, map[string]string{"p/p.go": subject})
	load1 := func() *load.Package {
		pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
		if err != nil {
			t.Fatal(err)
		}
		return pkgs[0]
	}
	res, err := gen.Generate(context.Background(), load1(), gen.Config{Random: -1, Engines: []engine.Engine{New()}, Workers: 2, Cover: true})
	if err != nil {
		t.Fatal(err)
	}
	base, err := gen.Generate(context.Background(), load1(), gen.Config{Random: -1, Engines: []engine.Engine{cbt.New()}, Workers: 2, Cover: true})
	if err != nil {
		t.Fatal(err)
	}
	flipped := 0
	for _, m := range res.Set.Mutants {
		if m.Func == "Rows" && m.Orig == "a[i] != 0" && m.Repl == "a[i] > 0" {
			flipped++
		}
		if m.Func == "Rows" && m.Orig == "a[i] != 0" && m.Repl == "a[i] > 0" && res.Status[m.ID] != mutate.Killed {
			t.Errorf("Rows's mutant #%d %s → %s: %s, want killed (the mutant's run must be walked past its branch)", m.ID, m.Orig, m.Repl, res.Status[m.ID])
		}
	}
	if flipped != 1 {
		t.Errorf("%d mutants a[i] != 0 → a[i] > 0 in Rows, want 1", flipped)
	}
	cov := res.Coverage
	for id, b := range cov.Plan.Branches {
		if !cov.Covered.Branches[id] {
			t.Errorf("branch %s %q not covered (why: %s)", b.Pos, b.Label, cov.Why[gen.Goal{Kind: engine.CoverBranch, ID: id}])
		}
	}
	killed := map[string]int{}
	for _, s := range res.Stats {
		killed[s.Unit.Name] = s.Killed
	}
	for _, s := range base.Stats {
		t.Logf("%s: ddr %d, cbt %d of %d", s.Unit.Name, killed[s.Unit.Name], s.Killed, s.Mutants)
		switch s.Unit.Name {
		case "Identity", "Nines", "Atoi", "AtFive":
			if killed[s.Unit.Name] <= s.Killed {
				t.Errorf("%s: ddr killed %d, cbt %d", s.Unit.Name, killed[s.Unit.Name], s.Killed)
			}
		}
	}
	var identity, nines, five, root bool
	for _, tt := range res.Tests {
		if tt.Pass != "ddr" {
			t.Errorf("test %v from %s", tt.In, tt.Pass)
		}
		switch tt.Unit.Name {
		case "Identity":
			ok := true
			for i := 0; i < 3; i++ {
				for j := 0; j < 3; j++ {
					want := int64(0)
					if i == j {
						want = 1
					}
					ok = ok && tt.In[0].E[i].E[j].I == want
				}
			}
			identity = identity || ok
		case "Nines":
			n := 0
			for _, e := range tt.In[0].E {
				if e.I == 9 {
					n++
				}
			}
			nines = nines || n == 9
		case "Sevens":
			n := tt.In[0].I
			if n < 10 || n >= 50 {
				t.Errorf("Sevens(%d): the input breaks the assumption", n)
			}
			root = root || n%7 == 0
		case "AtFive":
			a, key := tt.In[0].E, tt.In[1].I
			found := -1
			for i, e := range a {
				if e.I == key {
					found = i
					break
				}
			}
			five = five || found == 5
		}
	}
	if !identity || !nines || !five || !root {
		t.Errorf("identity matrix %v, nine 9s %v, key first at 5 %v, a multiple of 7 in 10..49 %v: want all", identity, nines, five, root)
	}
}

// TestSplitSub: a relation on a difference of two lengths (Pat's
// i <= len(s)-len(p)) splits their domains instead of pinning one: the
// pattern's length must be free to grow for the inner loop to run.
func TestSplitSub(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int}
	y := &c.Sym{Name: "y", Type: c.Int}
	for _, tc := range []struct {
		cond c.Expr
		want bool
	}{
		{c.Bin(token.LEQ, c.I(c.Int, 0), c.Bin(token.SUB, c.V(x), c.V(y))), true},
		{c.Bin(token.GTR, c.Bin(token.SUB, c.V(x), c.V(y)), c.I(c.Int, 5)), false},
	} {
		s := &store{}
		s.narrow(x, Dom{0, 128})
		s.narrow(y, Dom{0, 128})
		d := newDomains(s, 1)
		if r := d.reduce(tc.cond, tc.want, 1); r != ok {
			t.Fatalf("reduce(%s) = %d", c.String(tc.cond), r)
		}
		xd, yd := s.get(x), s.get(y)
		if xd.Point() || yd.Point() {
			t.Errorf("%s: pinned: x %v, y %v", c.String(tc.cond), xd, yd)
		}
		for _, a := range []int64{xd.Lo, xd.Hi} {
			for _, b := range []int64{yd.Lo, yd.Hi} {
				v, err := c.Eval(tc.cond, c.Assignment{x: c.Wrap(c.Int, uint64(a)), y: c.Wrap(c.Int, uint64(b))})
				if err != nil || v.Bool() != tc.want {
					t.Errorf("%s is not %v at x=%d y=%d", c.String(tc.cond), tc.want, a, b)
				}
			}
		}
	}
}

// TestChooseFloatsBounded: a clause over many float symbols that no
// candidate satisfies costs at most maxFloatChecks evaluations (a walk
// over a map of 30 buckets' tokens spent seconds on each choice: every
// candidate of every float, each reassigning them all, 8 times over).
func TestChooseFloatsBounded(t *testing.T) {
	var syms []*c.Sym
	var sum c.Expr
	for i := 0; i < 40; i++ {
		x := &c.Sym{Name: fmt.Sprintf("x%d", i), Type: c.Float64}
		syms = append(syms, x)
		if sum == nil {
			sum = c.V(x)
		} else {
			sum = c.Bin(token.ADD, sum, c.V(x))
		}
	}
	x0 := c.V(syms[0])
	cl := c.Clause{c.Bin(token.LSS, x0, x0), c.Bin(token.EQL, sum, &c.Const{T: c.Float64, V: c.FloatValue(c.Float64, 0.5)})}
	w := &walker{seed: 1}
	if asg := w.choose(&store{}, cl); asg != nil {
		t.Fatalf("choose satisfied x0 < x0: %v", asg)
	}
	if w.floatChecks > maxFloatChecks {
		t.Errorf("choose evaluated the clause %d times on float candidates, want at most %d", w.floatChecks, maxFloatChecks)
	}
	if w.floatChecks == 0 {
		t.Errorf("choose tried no float candidate")
	}
}
