package solve

// This file implements the cross-check wrapper: a second solver checks
// the decisions of a first.

import "fmt"

// CrossCheck asks A, and, when A decides, checks the decision: a Sat
// model must satisfy the clause under constraint.Eval and pass the
// query's checks, and B (within its own caps: its work is not drawn
// from the allowance, nor counted in Spent) must not decide the other
// way. A disagreement is reported to OnDisagree and settled by the
// evidence: a model that checks is the answer (a solver that refuted a
// satisfiable clause erred), and with none the answer is Unknown. When
// B does not decide, A's answer stands. The prover confirms domain
// reduction's path refutations so (Config.Confirm); tests catch wrong
// answers with it.
type CrossCheck struct {
	// A answers; B checks its decisions.
	A, B Solver
	// OnDisagree, when set, is told of each disagreement: the query and
	// both answers (b is the zero Result when A's model failed its
	// check and B was not asked).
	OnDisagree func(q *Query, a, b Result)
}

// Name implements Solver.
func (x *CrossCheck) Name() string { return x.A.Name() }

func (x *CrossCheck) disagree(q *Query, a, b Result) {
	if x.OnDisagree != nil {
		x.OnDisagree(q, a, b)
	}
}

// Solve implements Solver.
func (x *CrossCheck) Solve(q *Query, b Budget) Result {
	ra := x.A.Solve(q, b)
	if ra.Status == Unknown {
		return ra
	}
	if ra.Status == Sat {
		if err := q.check(ra.Model); err != nil {
			x.disagree(q, ra, Result{})
			return Result{Why: fmt.Sprintf("%s's model does not check: %v", ra.By, err), Err: err, By: ra.By, Spent: ra.Spent}
		}
	}
	rb := x.B.Solve(q, Unlimited())
	if rb.Status == Unknown || rb.Status == ra.Status {
		return ra
	}
	x.disagree(q, ra, rb)
	if ra.Status == Sat {
		return ra // checked above: B's refutation is wrong
	}
	if err := q.check(rb.Model); err == nil {
		rb.Spent, rb.Limited, rb.Cached = ra.Spent, false, false
		return rb
	}
	return Result{Why: fmt.Sprintf("%s and %s disagree, and %s's model does not check", ra.By, rb.By, rb.By), By: ra.By, Spent: ra.Spent}
}
