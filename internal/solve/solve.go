package solve

// This file implements the interface: queries, budgets, results and the
// model check every backend applies before it reports a model.

import (
	"fmt"
	"math"
	"math/rand/v2"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Status is a solver's decision.
type Status uint8

// The decisions: Unknown (none, within the budget), Sat (a model), Unsat
// (a proof that there is none).
const (
	Unknown Status = iota
	Sat
	Unsat
)

// String returns "unknown", "sat" or "unsat".
func (s Status) String() string {
	switch s {
	case Unknown:
		return "unknown"
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return fmt.Sprintf("Status(%d)", uint8(s))
}

// Budget is an amount of solver work, counted: a limit given to Solve
// (zero of a kind: none of that work), or what an answer spent.
type Budget struct {
	// Props is SAT work: unit propagations, a node of the circuit
	// costing sat.NodeCost.
	Props int64
	// Tries is domain-reduction work: assignments attempted.
	Tries int
}

// Unlimited is the allowance of a caller that keeps no budget of its
// own: the chain's caps (Config) alone bound the work.
func Unlimited() Budget { return Budget{Props: math.MaxInt64, Tries: math.MaxInt} }

func (b Budget) plus(o Budget) Budget {
	return Budget{Props: b.Props + o.Props, Tries: b.Tries + o.Tries}
}

// minus is what is left of b after o (not below zero).
func (b Budget) minus(o Budget) Budget {
	return Budget{Props: max(0, b.Props-o.Props), Tries: max(0, b.Tries-o.Tries)}
}

// Query is a question: is the conjunction Clause satisfiable?
type Query struct {
	// Clause is the conjunction (a constraint that panics is false).
	Clause c.Clause
	// Checks are what a model must pass besides satisfying Clause
	// under constraint.Eval, in order: a model for which one returns an
	// error is not reported, and the answer is Unknown with that
	// error. The prover checks a miter's model against the outcomes'
	// own semantics, and refuses models of queries with uninterpreted
	// functions.
	Checks []func(c.Assignment) error
	// Rand drives domain reduction's arbitrary choices on its retries
	// (nil: a fixed seed for each query). A caller sharing one source
	// between queries gets answers that depend on their order: such
	// queries are not cached.
	Rand *rand.Rand
	// Done, when closed, stops the backends that take long at their
	// next check (SAT's search, every 20,000 propagations): the answer
	// is Unknown, Limited (no Cache keeps it), with sat.ErrStopped.
	// nil: never.
	Done <-chan struct{}

	// key memoises the query's cache key (Cache), for the Shapes that
	// computed it.
	key    [2]uint64
	keyFor *Shapes
}

// Result is a solver's answer.
type Result struct {
	// Status is the decision.
	Status Status
	// Model, for Sat, assigns every symbol of the clause (that the
	// backend saw); it satisfies the clause under constraint.Eval and
	// passes the query's checks. A cached model is shared: read only.
	Model c.Assignment
	// Why is, for Unsat, the proof's gist ("unsatisfiable (SAT)", the
	// Offutt–Pan conflicts, the domain reduction emptied), for Unknown
	// why there is no decision.
	Why string
	// Err is, for Unknown, the backend's error when it has one (for
	// errors.Is: sat.ErrFloat, sat.ErrBudget, domred.ErrGaveUp).
	Err error
	// By names the backend that gave the answer (the last one tried,
	// for Unknown).
	By string
	// Spent is what the answer cost of the allowance given to Solve. A
	// cached answer reports what it cost when it was made.
	Spent Budget
	// Limited is set on an Unknown answer a backend gave (or a backend
	// skipped) for want of allowance, below its cap: with more, the
	// answer could differ, so a Cache does not keep it.
	Limited bool
	// Cached is set on an answer a Cache gave from memory.
	Cached bool

	// skipped marks the answer of a backend that did not run (no
	// allowance): the chain keeps the answer before it.
	skipped bool
}

// Solver answers queries.
type Solver interface {
	// Name is the solver's name, as Result.By gives it.
	Name() string
	// Solve answers q spending at most b (besides the solver's own
	// caps): the same query, configuration and allowance give the same
	// answer on every run.
	Solve(q *Query, b Budget) Result
}

// check reports whether m satisfies q's clause under constraint.Eval
// and passes its checks; nil when it does.
func (q *Query) check(m c.Assignment) error {
	for _, f := range q.Checks {
		if err := f(m); err != nil {
			return err
		}
	}
	ok, err := q.Clause.EvalWith(&c.Evaluator{A: m})
	if err != nil {
		return fmt.Errorf("model %v: %v", m, err)
	}
	if !ok {
		return fmt.Errorf("model %v does not satisfy the clause", m)
	}
	return nil
}
