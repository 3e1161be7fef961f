package dalg

import (
	"go/token"
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve"
)

// searchFor runs the D-algorithm on the mutant that replaces the first
// occurrence of from by to in src's function name.
func searchFor(t *testing.T, src, name, from, to string) (*Search, c.Assignment, error) {
	t.Helper()
	if !strings.Contains(src, from) {
		t.Fatalf("%q is not in the source", from)
	}
	orig := build(t, src, name)
	mut := build(t, strings.Replace(src, from, to, 1), name)
	mp, ok := Correspond(orig, mut)
	if !ok {
		t.Fatalf("%s → %s: no mapping", from, to)
	}
	sw, err := Build(orig, nil)
	if err != nil {
		t.Fatal(err)
	}
	at, err := sw.Site(mp)
	if err != nil {
		t.Fatal(err)
	}
	mb, err := sw.Mutant(mp, at)
	if err != nil {
		t.Fatal(err)
	}
	s := &Search{SW: sw, At: at, Mut: mb, Mutated: MutatedBlocks(mp), Solver: solve.Chain(solve.Config{DomRed: true, Tries: 20, SAT: true, Props: 1_000_000})}
	asg, err := s.Run()
	return s, asg, err
}

// params reads the parameters' values from a search's answer.
func params(s *Search, asg c.Assignment) map[string]int64 {
	out := map[string]int64{}
	for _, beh := range s.SW.Beh {
		for v, sym := range beh.In {
			if p, ok := v.(*ssa.Parameter); ok {
				out[p.Name()] = int64(asg[sym])
			}
		}
	}
	return out
}

// fig1 and its mutants, the oracle the tests check the answers with:
// plain Go, independent of the analysis.
func fig1(a, b, c int64, m string) int64 {
	x := int64(0)
	if a == b {
		x = x + 1
	}
	if m == "b != c" && b != c || m != "b != c" && b == c {
		if m == "x - 1" {
			x = x - 1
		} else {
			x = x + 1
		}
	}
	if a == c {
		x = x + 1
	} else {
		x = x + 2
	}
	return x
}

// TestRunningExample is §IV.B.7: the mutant of Fig. 3 (statement 5's
// condition, b == c made b != c) is excited in its region (x_out 1/0
// when b = c), propagated through the last branch to the return value,
// and justified back to the parameters. The answer must kill the mutant
// by the oracle; the search goes through MEE, MEP and JUST in order.
func TestRunningExample(t *testing.T) {
	src, err := os.ReadFile("../../../testdata/subjects/fig1/fig1.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ from, to, oracle string }{
		{"\tif b == c {", "\tif b != c {", "b != c"},
		{"x = x + 1\n\t}\n\tif a == c", "x = x - 1\n\t}\n\tif a == c", "x - 1"},
	} {
		s, asg, err := searchFor(t, string(src), "EqualityScore", tc.from, tc.to)
		if err != nil {
			t.Errorf("%s → %s: %v (trace %v)", tc.from, tc.to, err, s.Trace)
			continue
		}
		p := params(s, asg)
		a, b, cc := p["a"], p["b"], p["c"]
		if fig1(a, b, cc, "") == fig1(a, b, cc, tc.oracle) {
			t.Errorf("%s → %s: a=%d b=%d c=%d does not kill it (trace %v)", tc.from, tc.to, a, b, cc, s.Trace)
		}
		kinds := ""
		for _, step := range s.Trace {
			kinds += step[:strings.Index(step, " ")] + " "
		}
		if !strings.HasPrefix(kinds, "MEE MEP") {
			t.Errorf("%s → %s: subtasks %s, want MEE then MEP first", tc.from, tc.to, kinds)
		}
		if ex := explain(s.SW, s); !strings.Contains(ex, "the mutation in region 1") || !strings.Contains(ex, "the test's subtasks: MEE MEP") {
			t.Errorf("%s → %s: -explain's text lacks the mutated region or the subtasks:\n%s", tc.from, tc.to, ex)
		}
		t.Logf("%s → %s: a=%d b=%d c=%d, %d queries, %d backtracks, %v", tc.from, tc.to, a, b, cc, s.Queries, s.Backtracks, s.Trace)
	}
}

// TestContradicts checks the syntactic refutation that filters pairs of
// paths before any query: a conjunct and its negation, and disjoint
// intervals of one expression; never two clauses that can hold.
func TestContradicts(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int}
	y := &c.Sym{Name: "y", Type: c.Int}
	x2 := &c.Sym{Name: "x", Type: c.Int} // another symbol of the same name
	u := &c.Sym{Name: "u", Type: c.Uint8}
	X, Y, X2, U := c.V(x), c.V(y), c.V(x2), c.V(u)
	i := func(k int64) c.Expr { return c.I(c.Int, k) }
	b := func(k int64) c.Expr { return c.I(c.Uint8, k) }
	cmp := func(op token.Token, a, b c.Expr) c.Expr { return c.Bin(op, a, b) }
	minus1 := c.Bin(token.SUB, Y, i(1))
	tests := []struct {
		name string
		a, b c.Clause
		want bool
	}{
		{"negation", c.Clause{cmp(token.LSS, X, Y)}, c.Clause{c.Not(cmp(token.LSS, X, Y))}, true},
		{"same literal", c.Clause{cmp(token.LSS, X, Y)}, c.Clause{cmp(token.LSS, X, Y)}, false},
		{"other symbol of the same name", c.Clause{cmp(token.LSS, X, Y)}, c.Clause{c.Not(cmp(token.LSS, X2, Y))}, false},
		{"two constants", c.Clause{cmp(token.EQL, X, i(1))}, c.Clause{cmp(token.EQL, X, i(0))}, true},
		{"one constant twice", c.Clause{cmp(token.EQL, X, i(1))}, c.Clause{cmp(token.GEQ, X, i(1))}, false},
		{"loop turns", c.Clause{cmp(token.LEQ, i(1), minus1), cmp(token.GTR, i(2), minus1)}, c.Clause{cmp(token.LEQ, i(1), minus1), cmp(token.LEQ, i(2), minus1), cmp(token.GTR, i(3), minus1)}, true},
		{"overlapping intervals", c.Clause{cmp(token.LSS, X, i(5))}, c.Clause{cmp(token.GTR, X, i(3))}, false},
		{"touching intervals", c.Clause{cmp(token.LSS, X, i(5))}, c.Clause{cmp(token.GEQ, X, i(5))}, true},
		{"unsigned below zero", c.Clause{cmp(token.LEQ, U, b(0))}, c.Clause{cmp(token.GTR, U, b(0))}, true},
		{"unsigned", c.Clause{cmp(token.LSS, U, b(48))}, c.Clause{cmp(token.EQL, U, b(0))}, false},
		{"not equal is no interval", c.Clause{cmp(token.NEQ, X, i(1))}, c.Clause{cmp(token.NEQ, X, i(2))}, false},
	}
	for _, tt := range tests {
		a, b := literalsOf(tt.a), literalsOf(tt.b)
		if got := a.contradicts(b) || b.contradicts(a); got != tt.want {
			t.Errorf("%s: %v and %v contradict: %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
	}
}
