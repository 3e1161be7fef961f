package sat

// This file implements a query: a conjunction of constraints bit-blasted
// one at a time into one circuit (its subterms shared), and decided
// once, with the model checked before it is returned.

import (
	"fmt"

	"github.com/go-air/gini"
	"github.com/go-air/gini/z"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Query is a conjunction built piece by piece and decided once. The
// zero value is not usable: call NewQuery.
type Query struct {
	b    *blaster
	root z.Lit
	err  error
	// asserted are the constraints, evaluated under a model with the
	// reference semantics before it is reported.
	asserted c.Clause
	// checks are the callers' further checks of a model.
	checks []func(c.Assignment) error
	// spent is what Solve cost.
	spent Budget
	// Done, when closed, stops the search at its next check (every
	// PropTick propagations): the answer is Unknown with ErrStopped.
	Done <-chan struct{}
}

// Spent is what Solve cost (the circuit, then the propagations), for
// callers that share a budget between queries.
func (q *Query) Spent() Budget { return q.spent }

// NewQuery returns the empty (true) conjunction.
func NewQuery() *Query {
	b := newBlaster()
	return &Query{b: b, root: b.c.T}
}

// Assert adds e: it evaluates, without a panic, to true. A model is
// checked against every asserted constraint with constraint.Eval.
func (q *Query) Assert(e c.Expr) {
	if q.err != nil {
		return
	}
	t, err := q.b.expr(e)
	if err != nil {
		q.err = err
		return
	}
	q.root = q.b.c.And(q.root, q.b.c.And(t.ok, t.bits[0]))
	q.asserted = append(q.asserted, e)
}

// Check adds a test a model must pass besides the asserted constraints,
// in the order added: a model for which one returns an error is not
// reported (the answer is Unknown, with that error). Callers check what
// the constraints encode against its meaning (the prover: that the
// outcomes really differ) or refuse models altogether (constraints over
// uninterpreted functions say nothing certain about the real ones).
func (q *Query) Check(f func(c.Assignment) error) { q.checks = append(q.checks, f) }

// Solve decides the query within budget b (0 = DefaultBudget), which
// pays for the circuit (NodeCost a node) and the search (a propagation
// each): the same query and budget get the same answer on every run. Sat
// comes with a model that satisfies every asserted constraint under the
// reference semantics (constraint.Eval) and passes every check.
func (q *Query) Solve(b Budget) (Status, c.Assignment, error) {
	if q.err != nil {
		return Unknown, nil, q.err
	}
	if b <= 0 {
		b = DefaultBudget
	}
	size := Budget(q.b.c.Len()) * NodeCost
	if size >= b {
		q.spent = b
		return Unknown, nil, fmt.Errorf("%w (%d): a circuit of %d nodes", ErrBudget, b, q.b.c.Len())
	}
	g := gini.New()
	q.b.c.ToCnfFrom(g, q.root)
	g.Add(q.root)
	g.Add(0)
	res, spent, err := decide(g, b-size, q.Done)
	q.spent = size + spent
	switch res {
	case -1:
		return Unsat, nil, nil
	case 0:
		return Unknown, nil, err
	}
	a := c.Assignment{}
	for _, s := range q.b.order {
		var u uint64
		for i, m := range q.b.syms[s] {
			if m.Var() <= g.MaxVar() && g.Value(m) {
				u |= 1 << i
			}
		}
		a[s] = c.Wrap(s.Type, u)
	}
	for _, chk := range q.checks {
		if err := chk(a); err != nil {
			return Unknown, nil, err
		}
	}
	if ok, err := q.asserted.EvalWith(&c.Evaluator{A: a}); !ok || err != nil {
		return Unknown, nil, fmt.Errorf("sat: model %v does not check (%v)", a, err)
	}
	return Sat, a, nil
}
