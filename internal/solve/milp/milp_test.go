package milp

import (
	"math"
	"math/rand/v2"
	"testing"
)

// enumerate returns the feasible points of an all-integer problem and,
// with an objective, the least objective among them.
func enumerate(p *Problem) (n int, bestObj float64) {
	bestObj = math.Inf(1)
	x := make([]float64, len(p.Vars))
	var rec func(j int)
	rec = func(j int) {
		if j == len(p.Vars) {
			for _, con := range p.Cons {
				sum := 0.0
				for _, t := range con.Terms {
					sum += t.Coef * x[t.Var]
				}
				if con.Rel == LE && sum > con.RHS || con.Rel == GE && sum < con.RHS || con.Rel == EQ && sum != con.RHS {
					return
				}
			}
			n++
			bestObj = math.Min(bestObj, p.objective(x))
			return
		}
		for v := p.Vars[j].Lo; v <= p.Vars[j].Hi; v++ {
			x[j] = v
			rec(j + 1)
		}
	}
	rec(0)
	return n, bestObj
}

func randomProblem(r *rand.Rand, withObj bool) *Problem {
	p := &Problem{}
	nv := 1 + r.IntN(4)
	for j := 0; j < nv; j++ {
		lo := float64(r.IntN(11) - 5)
		p.AddVar("x", lo, lo+float64(r.IntN(8)), true)
	}
	nc := 1 + r.IntN(4)
	for i := 0; i < nc; i++ {
		var ts []Term
		for j := 0; j < nv; j++ {
			if c := r.IntN(9) - 4; c != 0 {
				ts = append(ts, Term{j, float64(c)})
			}
		}
		p.Add(ts, Rel(r.IntN(3)), float64(r.IntN(21)-10))
	}
	if withObj {
		p.Obj = make([]float64, nv)
		for j := range p.Obj {
			p.Obj[j] = float64(r.IntN(7) - 3)
		}
	}
	return p
}

// TestAgainstEnumeration: on small all-integer problems the search is
// complete, so it must find a point exactly when one exists, the point
// must be one, and with an objective the optimum must be enumeration's.
func TestAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	solved, none := 0, 0
	for k := 0; k < 2000; k++ {
		p := randomProblem(r, k%2 == 1)
		n, best := enumerate(p)
		res := Solve(p, Limits{})
		switch {
		case res.Status == Unknown:
			t.Fatalf("problem %d: unknown (%s): %+v", k, res.Why, p)
		case n > 0 && res.Status != Solved:
			t.Fatalf("problem %d: %d feasible points, the search says %s: %+v", k, n, res.Status, p)
		case n == 0 && res.Status == Solved:
			t.Fatalf("problem %d: no feasible point, the search found %v: %+v", k, res.X, p)
		}
		if res.Status != Solved {
			none++
			continue
		}
		solved++
		if !p.Feasible(res.X) {
			t.Fatalf("problem %d: %v is not feasible", k, res.X)
		}
		if p.Obj != nil && res.Obj != best {
			t.Fatalf("problem %d: objective %v, the optimum is %v: %+v", k, res.Obj, best, p)
		}
	}
	if solved < 200 || none < 200 {
		t.Errorf("the random problems are lopsided: %d solved, %d without a point", solved, none)
	}
}

// TestLP checks relaxations with known optima, among them a degenerate
// one that cycles under Dantzig's rule without an anti-cycling rule
// (Beale's example).
func TestLP(t *testing.T) {
	big := 1e6
	tests := []struct {
		name string
		p    Problem
		want float64
	}{
		{
			// max 3x + 5y, x ≤ 4, 2y ≤ 12, 3x + 2y ≤ 18 → 36 at (2, 6).
			name: "textbook",
			p: Problem{
				Vars: []Var{{"x", 0, big, false}, {"y", 0, big, false}},
				Cons: []Constraint{
					{[]Term{{0, 1}}, LE, 4},
					{[]Term{{1, 2}}, LE, 12},
					{[]Term{{0, 3}, {1, 2}}, LE, 18},
				},
				Obj: []float64{-3, -5},
			},
			want: -36,
		},
		{
			// Beale: min −3/4 x4 + 150 x5 − 1/50 x6 + 6 x7, optimum −1/20
			// at x4 = 1/25, x6 = 1.
			name: "beale",
			p: Problem{
				Vars: []Var{{"x4", 0, big, false}, {"x5", 0, big, false}, {"x6", 0, big, false}, {"x7", 0, big, false}},
				Cons: []Constraint{
					{[]Term{{0, 0.25}, {1, -60}, {2, -0.04}, {3, 9}}, LE, 0},
					{[]Term{{0, 0.5}, {1, -90}, {2, -0.02}, {3, 3}}, LE, 0},
					{[]Term{{2, 1}}, LE, 1},
				},
				Obj: []float64{-0.75, 150, -0.02, 6},
			},
			want: -0.05,
		},
		{
			// Equalities and ≥ rows need phase 1: x + y = 10, x − y ≥ 2,
			// min y → x = 10, y = 0? no: y ≥ 0 and x ≤ 8 gives y = 2.
			name: "phase1",
			p: Problem{
				Vars: []Var{{"x", 0, 8, false}, {"y", 0, big, false}},
				Cons: []Constraint{
					{[]Term{{0, 1}, {1, 1}}, EQ, 10},
					{[]Term{{0, 1}, {1, -1}}, GE, -6},
				},
				Obj: []float64{0, 1},
			},
			want: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Solve(&tt.p, Limits{})
			if res.Status != Solved {
				t.Fatalf("status %s (%s)", res.Status, res.Why)
			}
			if math.Abs(res.Obj-tt.want) > 1e-7 {
				t.Errorf("objective %v, want %v (x = %v)", res.Obj, tt.want, res.X)
			}
		})
	}
}

// TestBigM is the shape the engine builds: one of two alternative
// paths chosen by binaries, the other's constraints relaxed by M. Only
// the second path is feasible, and it needs x = 7 exactly.
func TestBigM(t *testing.T) {
	p := &Problem{}
	x := p.AddVar("x", -1000, 1000, true)
	z1 := p.AddVar("z1", 0, 1, true)
	z2 := p.AddVar("z2", 0, 1, true)
	const M = 3000
	p.Add([]Term{{z1, 1}, {z2, 1}}, EQ, 1)
	// path 1: x ≥ 5 and x ≤ 3 (infeasible): x + M(1−z1) ≥ 5, x − M(1−z1) ≤ 3.
	p.Add([]Term{{x, 1}, {z1, -M}}, GE, 5-M)
	p.Add([]Term{{x, 1}, {z1, M}}, LE, 3+M)
	// path 2: 2x = 14.
	p.Add([]Term{{x, 2}, {z2, -M}}, GE, 14-M)
	p.Add([]Term{{x, 2}, {z2, M}}, LE, 14+M)
	res := Solve(p, Limits{})
	if res.Status != Solved || res.X[x] != 7 || res.X[z2] != 1 {
		t.Fatalf("got %s %v (%s), want x = 7 on path 2", res.Status, res.X, res.Why)
	}
}

// TestEmpty: a problem without variables or constraints (a path whose
// conditions are all constant) has a solution, the empty point.
func TestEmpty(t *testing.T) {
	if res := Solve(&Problem{}, Limits{}); res.Status != Solved || res.X == nil {
		t.Errorf("the empty problem: %s %v, want solved with the empty point", res.Status, res.X)
	}
	p := &Problem{}
	p.Add(nil, LE, -1) // 0 ≤ −1
	if res := Solve(p, Limits{}); res.Status != NoSolution {
		t.Errorf("0 ≤ −1: %s, want no solution", res.Status)
	}
}

// TestTinyBinary is floats' Percent: r ≠ 1 and r ≠ 0 by a binary each,
// r ≤ 1. The relaxation's first vertex has a binary at 10⁻⁹, integral
// within the tolerance, whose rounding breaks a row by its big M: the
// search must branch on it rather than give up on numerics.
func TestTinyBinary(t *testing.T) {
	p := &Problem{}
	r := p.AddVar("r", -1000, 1000, false)
	w1 := p.AddVar("ne", 0, 1, true)
	w2 := p.AddVar("ne", 0, 1, true)
	p.Add([]Term{{r, 1}, {w1, 1000.000001}}, LE, 1001)
	p.Add([]Term{{r, 1}, {w1, 1002.000001}}, GE, 1.000001)
	p.Add([]Term{{r, 1}, {w2, 1001.000001}}, LE, 1001)
	p.Add([]Term{{r, 1}, {w2, 1001.000001}}, GE, 1e-06)
	p.Add([]Term{{r, 1}}, LE, 1)
	res := Solve(p, Limits{})
	if res.Status != Solved || !p.Feasible(res.X) {
		t.Fatalf("got %s %v (%s), want a point", res.Status, res.X, res.Why)
	}
}

func TestBadProblems(t *testing.T) {
	p := &Problem{}
	p.AddVar("x", math.Inf(-1), 0, false)
	if res := Solve(p, Limits{}); res.Status != Unknown || res.Why == "" {
		t.Errorf("an unbounded variable: %s %q, want unknown with a reason", res.Status, res.Why)
	}
	q := &Problem{}
	q.AddVar("x", 0, 10, true)
	q.Add([]Term{{0, 1}}, GE, 5)
	if res := Solve(q, Limits{MaxNodes: 1, Stop: func() bool { return true }}); res.Status != Unknown || res.Why != "stopped" {
		t.Errorf("a stopped search: %s %q, want unknown, stopped", res.Status, res.Why)
	}
}
