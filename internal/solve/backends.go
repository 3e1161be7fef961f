package solve

// This file implements the backends behind the interface: adapters of
// the Offutt–Pan strategies (infeasible), domain reduction (domred) and
// bit-blasting with SAT (sat), each turning its package's own answer
// into a Result.

import (
	"errors"
	"fmt"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve/domred"
	"github.com/gozilla/gozilla/internal/solve/infeasible"
	"github.com/gozilla/gozilla/internal/solve/sat"
)

// Backend names, as Result.By gives them.
const (
	RulesName  = "rules"
	DomRedName = "domred"
	SATName    = "sat"
)

// Rules is the Offutt–Pan backend: the query, in disjunctive normal
// form, is Unsat when the strategies show every one of its clauses
// infeasible (Why lists the conflicts), Unknown otherwise. It needs no
// budget and never finds a model.
type Rules struct{}

// Name implements Solver.
func (Rules) Name() string { return RulesName }

// Solve implements Solver.
func (Rules) Solve(q *Query, _ Budget) Result {
	r := Result{By: RulesName}
	sys, ok := q.Clause.DNF()
	if !ok {
		r.Why = fmt.Sprintf("more than %d clauses in disjunctive normal form", c.MaxClauses)
		return r
	}
	cs, ok := infeasible.System(sys)
	if !ok {
		r.Why = "no conflict the Offutt–Pan strategies know"
		return r
	}
	r.Status, r.Why = Unsat, conflicts(cs)
	return r
}

// conflicts is the gist of the conflicts of a system: the first three
// clauses'.
func conflicts(cs []infeasible.Conflict) string {
	parts := make([]string, 0, len(cs))
	for i, cf := range cs {
		if i == 3 {
			parts = append(parts, fmt.Sprintf("… %d more clause(s)", len(cs)-i))
			break
		}
		parts = append(parts, cf.String())
	}
	if len(parts) == 0 {
		return "no clause"
	}
	return strings.Join(parts, "; ")
}

// DomRed is the domain-reduction backend. With Tries > 0 it searches:
// Sat with a model (checked), Unsat when reduction alone, before any
// arbitrary choice, empties a domain (detectably unsolvable, which is a
// proof: package domred), Unknown when the tries run out. With no tries
// it only reduces (domred.Refute): Unsat or Unknown, at no cost.
type DomRed struct {
	// Tries is the assignments attempted per clause (drawn from the
	// allowance's Tries); 0 = reduction alone.
	Tries int
	// DNF > 0 solves the query's disjunctive normal form, its first
	// DNF clauses (Unsat only when that form is exact and whole); 0
	// takes the clause as it is (a clause of a system in that form
	// already, as the test generator's are).
	DNF int
	// MaxTree > 0 leaves clauses larger than that as trees Unknown:
	// reduction walks trees, and a value built in a loop may be a small
	// DAG of an exponential tree.
	MaxTree int64
	// Shapes measures trees for MaxTree (nil: a memo per query).
	Shapes *Shapes
}

// Name implements Solver.
func (d DomRed) Name() string { return DomRedName }

// Solve implements Solver.
func (d DomRed) Solve(q *Query, b Budget) Result {
	r := Result{By: DomRedName}
	if d.MaxTree > 0 {
		sh := d.Shapes
		if sh == nil {
			sh = NewShapes()
		}
		if !sh.Small(q.Clause, d.MaxTree) {
			r.Why = fmt.Sprintf("larger than %d nodes as a tree: not for domain reduction", d.MaxTree)
			return r
		}
	}
	sys, exact := c.System{q.Clause}, true
	if d.DNF > 0 {
		sys, exact = q.Clause.DNF()
		if len(sys) > d.DNF {
			sys, exact = sys[:d.DNF], false
		}
	}
	if d.Tries <= 0 {
		for _, cl := range sys {
			if why := domred.Refute(cl); why == "" {
				r.Why = "reduction alone finds no contradiction"
				return r
			} else if len(sys) == 1 {
				r.Why = why
			}
		}
		if !exact {
			r.Why = "reduction refutes the clauses it was given, not all of them"
			return r
		}
		r.Status, r.Why = Unsat, "detectably unsolvable: "+r.Why
		switch len(sys) {
		case 0:
			r.Why = "the clause is false"
		case 1:
		default:
			r.Why = fmt.Sprintf("detectably unsolvable: each of %d clauses", len(sys))
		}
		return r
	}
	tries := min(d.Tries, b.Tries)
	if tries <= 0 {
		r.Why, r.Limited, r.skipped = "no tries left for domain reduction", true, true
		return r
	}
	a, spent, err := domred.Search(sys, domred.Config{Tries: tries, Rand: q.Rand, Done: q.Done})
	r.Spent.Tries = spent
	switch {
	case err == nil:
		if err := q.check(a); err != nil {
			r.Why, r.Err = err.Error(), err
			return r
		}
		r.Status, r.Model = Sat, a
	case errors.Is(err, domred.ErrUnsolvable) && exact:
		r.Status, r.Why = Unsat, err.Error()
	default:
		r.Why, r.Err = err.Error(), err
		r.Limited = tries < d.Tries || domred.Stopped(q.Done) // a stopped search may differ
	}
	return r
}

// SAT is the exact backend: the query bit-blasted (internal/solve/sat),
// Sat with a model that satisfies the clause under constraint.Eval and
// passes the query's checks, Unsat, or Unknown (floats, which are not
// modelled; the budget).
type SAT struct {
	// Props caps the propagations of one query (0: the allowance's
	// Props alone).
	Props int64
}

// Name implements Solver.
func (s SAT) Name() string { return SATName }

// Solve implements Solver.
func (s SAT) Solve(q *Query, b Budget) Result {
	r := Result{By: SATName}
	limit := b.Props
	if s.Props > 0 {
		limit = min(limit, s.Props)
	}
	if limit <= 0 {
		r.Why, r.Limited, r.skipped = "no SAT budget left", true, true
		return r
	}
	sq := sat.NewQuery()
	sq.Done = q.Done
	for _, e := range q.Clause {
		sq.Assert(e)
	}
	for _, f := range q.Checks {
		sq.Check(f)
	}
	st, m, err := sq.Solve(sat.Budget(limit))
	r.Spent.Props = int64(sq.Spent())
	switch st {
	case sat.Sat:
		r.Status, r.Model = Sat, m
	case sat.Unsat:
		r.Status, r.Why = Unsat, "unsatisfiable (SAT)"
	default:
		r.Err = err
		if err != nil {
			r.Why = err.Error()
		}
		r.Limited = errors.Is(err, sat.ErrBudget) && (s.Props <= 0 || limit < s.Props) || errors.Is(err, sat.ErrStopped)
	}
	return r
}
