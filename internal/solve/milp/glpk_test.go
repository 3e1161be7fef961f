package milp

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestGLPKAgrees cross-checks the pure-Go solver against GLPK on random
// integer problems: the same existence of a solution, each solution
// feasible, the same optimum. It runs when gozilla is built with the
// glpk tag (go test -tags glpk ./internal/solve/milp).
func TestGLPKAgrees(t *testing.T) {
	if !HaveGLPK {
		t.Skip("built without GLPK (build tag glpk)")
	}
	r := rand.New(rand.NewPCG(3, 4))
	for k := 0; k < 2000; k++ {
		p := randomProblem(r, k%2 == 1)
		ours := Solve(p, Limits{})
		theirs := SolveGLPK(p, 0)
		if ours.Status == Unknown || theirs.Status == Unknown {
			t.Fatalf("problem %d: unknown (ours %q, GLPK's %q)", k, ours.Why, theirs.Why)
		}
		if ours.Status != theirs.Status {
			t.Fatalf("problem %d: ours %s, GLPK's %s: %+v", k, ours.Status, theirs.Status, p)
		}
		if ours.Status != Solved {
			continue
		}
		if !p.Feasible(theirs.X) {
			t.Fatalf("problem %d: GLPK's %v is not feasible", k, theirs.X)
		}
		if p.Obj != nil && math.Abs(ours.Obj-theirs.Obj) > 1e-6 {
			t.Fatalf("problem %d: optimum %v, GLPK's %v", k, ours.Obj, theirs.Obj)
		}
	}
}
