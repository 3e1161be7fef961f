package solve

// This file implements independence splitting: constraints that share
// no symbol, directly or through others, are independent questions.

import (
	"fmt"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Split solves the independent parts of a query separately: its
// constraints are partitioned by shared symbols (union-find), each part
// is asked of Inner on its own (in the order of its first constraint,
// each with what the parts before left of the allowance), and the
// models are merged. The answer is Unsat when a part is (its proof),
// Sat when every part is (the merged model, checked against the whole
// query), Unknown otherwise. A query of one part goes to Inner whole.
type Split struct {
	// Inner solves each part.
	Inner Solver
	// Shapes finds the constraints' symbols (nil: a memo per query).
	Shapes *Shapes
}

// Name implements Solver.
func (s *Split) Name() string { return "split(" + s.Inner.Name() + ")" }

// Parts partitions cl by shared symbols, in order of first constraint;
// constraints without symbols form one part.
func (s *Split) Parts(cl c.Clause) []c.Clause {
	sh := s.Shapes
	if sh == nil {
		sh = NewShapes()
	}
	parent := make([]int, len(cl))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := map[*c.Sym]int{}
	closed := -1 // the first constraint without symbols
	for i, e := range cl {
		vs := sh.Vars(e)
		if len(vs) == 0 {
			if closed < 0 {
				closed = i
			} else {
				parent[find(i)] = find(closed)
			}
		}
		for _, v := range vs {
			if j, ok := owner[v]; ok {
				if a, b := find(i), find(j); a != b {
					parent[max(a, b)] = min(a, b)
				}
			} else {
				owner[v] = i
			}
		}
	}
	index := map[int]int{}
	var parts []c.Clause
	for i, e := range cl {
		r := find(i)
		k, ok := index[r]
		if !ok {
			k = len(parts)
			index[r] = k
			parts = append(parts, nil)
		}
		parts[k] = append(parts[k], e)
	}
	return parts
}

// Solve implements Solver.
func (s *Split) Solve(q *Query, b Budget) Result {
	parts := s.Parts(q.Clause)
	if len(parts) <= 1 {
		return s.Inner.Solve(q, b)
	}
	var spent Budget
	model := c.Assignment{}
	var unknown *Result
	limited := false
	for i, p := range parts {
		r := s.Inner.Solve(&Query{Clause: p, Rand: q.Rand, Done: q.Done}, b.minus(spent))
		spent = spent.plus(r.Spent)
		limited = limited || r.Limited
		switch r.Status {
		case Unsat:
			r.Why = fmt.Sprintf("part %d of %d: %s", i+1, len(parts), r.Why)
			r.Spent, r.Limited, r.Cached = spent, false, false
			return r
		case Sat:
			for v, x := range r.Model {
				model[v] = x
			}
		default:
			if unknown == nil {
				r := r
				r.Why = fmt.Sprintf("part %d of %d: %s", i+1, len(parts), r.Why)
				unknown = &r
			}
		}
	}
	if unknown != nil {
		unknown.Spent, unknown.Limited, unknown.Cached, unknown.skipped = spent, limited, false, false
		return *unknown
	}
	r := Result{Status: Sat, Model: model, By: s.Name(), Spent: spent}
	if err := q.check(model); err != nil {
		return Result{Why: err.Error(), Err: err, By: s.Name(), Spent: spent}
	}
	return r
}
