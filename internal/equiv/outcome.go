package equiv

// This file implements the miter's outcome encoding (seed 003 §4.2): a
// function's paths to their ends multiplexed into one outcome — whether
// the function returns, panics (how) or hangs, and its results — and
// "the outcomes of the original and of the mutant differ" as one
// expression of the constraint IR (internal/constraint), with Ite to
// select a path's outcome and Defined to speak of panics, which the
// solver chain (internal/solve) bit-blasts, every subterm once. Unsat
// answers are proofs, so panics are never assumed away: a result whose
// evaluation may panic counts as possibly different, and an input no
// path of a side covers counts as a difference.

import (
	"errors"
	"fmt"
	"go/token"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// pathOutcome is one path of a function to its end: under cond it returns
// results (code 0) or panics with a kind (code > 0). Two outcomes are
// the same when their codes are equal and below panicOpaque and, for
// returns, their results are the same as the harness compares them
// (constraint.Same: floats by bits, all NaNs equal).
type pathOutcome struct {
	cond    c.Clause
	code    int
	results []c.Expr
}

// apply is one application of an uninterpreted function (a summarised
// loop, summary.go): under equal arguments, two applications of one key
// have equal results and both end or neither does.
type apply struct {
	key     string
	args    []c.Expr
	results []c.Expr
	ends    c.Expr // bool: the loop ends
	// exit holds when the loop ends: its exit condition on the
	// results (explore.go adds it as the path leaves the loop).
	exit []c.Expr
}

// miter returns "the outcome of a differs from that of b", where a and b
// each list a function's paths (disjoint conditions that together cover
// every input), as constraints: the Ackermann constraints of the
// applications apps make (both sides'), then the difference. An input
// on which the original (a) hangs is no test, and no difference. The
// checks a model must pass: none is reported when there are
// applications (such a query is for its unsat answer), and the outcomes
// must really differ under the reference semantics (outcomesDiffer).
func miter(a, b []pathOutcome, apps []apply) (c.Clause, []func(c.Assignment) error, error) {
	cl := ackermann(apps)
	sa, err := side(a)
	if err != nil {
		return nil, nil, err
	}
	sb, err := side(b)
	if err != nil {
		return nil, nil, err
	}
	if len(sa.res) != len(sb.res) {
		return nil, nil, fmt.Errorf("miter: %d results against %d", len(sa.res), len(sb.res))
	}
	not := func(e c.Expr) c.Expr { return c.Un(token.NOT, e) }
	diff := or(nil, not(sa.covered), not(sb.covered), not(sa.ok), not(sb.ok), sa.opaque, sb.opaque, c.Bin(token.NEQ, sa.code, sb.code))
	var same c.Expr
	for i := range sa.res {
		x, y := sa.res[i], sb.res[i]
		if x.Type() != y.Type() {
			return nil, nil, fmt.Errorf("miter: result %d of types %s and %s", i, x.Type(), y.Type())
		}
		eq := c.Bin(token.EQL, x, y)
		if x.Type().Kind == c.KFloat {
			// Not bit-blasted: only the rules and evaluation see it.
			// Differ holds whenever the bits differ.
			eq = not(c.Differ(x, y))
		}
		same = and(same, eq)
	}
	if same != nil {
		diff = c.Bin(token.LOR, diff, c.Bin(token.LAND, c.Bin(token.EQL, sa.code, c.I(c.Uint8, 0)), not(same)))
	}
	origHangs := c.Bin(token.LAND, sa.covered, c.Bin(token.EQL, sa.code, c.I(c.Uint8, hang)))
	cl = append(cl, c.Bin(token.LAND, diff, not(origHangs)))
	var checks []func(c.Assignment) error
	if len(apps) > 0 {
		// A model says nothing certain about the real functions.
		checks = append(checks, func(c.Assignment) error {
			return errors.New("satisfiable with uninterpreted loop summaries: no input to report")
		})
	}
	checks = append(checks, func(m c.Assignment) error {
		if d, err := outcomesDiffer(a, b, m); err != nil || !d {
			return fmt.Errorf("model %v does not check (%v)", m, err)
		}
		return nil
	})
	return cl, checks, nil
}

// and returns x && y, or y when x is nil.
func and(x, y c.Expr) c.Expr {
	if x == nil {
		return y
	}
	return c.Bin(token.LAND, x, y)
}

// or returns x || ys[0] || ys[1] …, left to right (x nil: from ys[0]).
func or(x c.Expr, ys ...c.Expr) c.Expr {
	for _, y := range ys {
		if x == nil {
			x = y
		} else {
			x = c.Bin(token.LOR, x, y)
		}
	}
	return x
}

// holds is "every constraint of cl holds" (true for the empty clause),
// which never panics.
func holds(cl c.Clause) c.Expr {
	var h c.Expr
	for _, e := range cl {
		h = and(h, c.Holds(e))
	}
	if h == nil {
		return c.B(true)
	}
	return h
}

// ackermann returns, for each application, that its exit condition
// holds when it ends, and for each pair of applications of one
// function, that equal arguments give equal results: !same || equal.
// Arguments
// are the same only when both evaluate without a panic (an application
// whose argument panics was never made, and a function of the defined
// arguments still exists), so the constraints never panic.
func ackermann(apps []apply) c.Clause {
	var out c.Clause
	for _, ap := range apps {
		for _, e := range ap.exit {
			out = append(out, c.Bin(token.LOR, c.Un(token.NOT, ap.ends), c.Holds(e)))
		}
	}
	for i := range apps {
	next:
		for j := i + 1; j < len(apps); j++ {
			a, b := apps[i], apps[j]
			if a.key != b.key || len(a.args) != len(b.args) || len(a.results) != len(b.results) {
				continue
			}
			var same, eq c.Expr
			for n := range a.args {
				x, y := a.args[n], b.args[n]
				if x.Type() != y.Type() {
					continue next // never the same: no constraint
				}
				same = and(same, c.Bin(token.LAND, c.Bin(token.LAND, c.Def(x), c.Def(y)), c.Bin(token.EQL, x, y)))
			}
			for n := range a.results {
				eq = and(eq, c.Bin(token.EQL, a.results[n], b.results[n]))
			}
			eq = and(eq, c.Bin(token.EQL, a.ends, b.ends))
			if same == nil {
				out = append(out, eq)
				continue
			}
			out = append(out, c.Bin(token.LOR, c.Un(token.NOT, same), eq))
		}
	}
	return out
}

// sideExpr is a function's outcome: whether a path covers the input,
// its results evaluate without a panic, it is opaque; its code and
// results.
type sideExpr struct {
	covered, ok, opaque, code c.Expr
	res                       []c.Expr
}

// side multiplexes a function's paths into one outcome: the first path
// whose condition holds selects the code and results.
func side(paths []pathOutcome) (*sideExpr, error) {
	s := &sideExpr{ok: c.B(true), opaque: c.B(false), code: c.I(c.Uint8, 0)}
	nres := -1
	for _, p := range paths {
		if p.code == 0 {
			if nres >= 0 && nres != len(p.results) {
				return nil, fmt.Errorf("miter: paths with %d and %d results", nres, len(p.results))
			}
			nres = len(p.results)
		}
	}
	s.res = make([]c.Expr, max(nres, 0))
	// Built from the last path up, so that earlier paths take priority.
	for i := len(paths) - 1; i >= 0; i-- {
		p := paths[i]
		sel := holds(p.cond)
		s.covered = or(s.covered, sel)
		s.code = c.If(sel, c.I(c.Uint8, int64(min(p.code, hang))), s.code)
		s.opaque = c.If(sel, c.B(p.code >= panicOpaque && p.code != hang), s.opaque)
		var okHere c.Expr
		if p.code == 0 {
			for j, r := range p.results {
				if r == nil {
					return nil, fmt.Errorf("miter: unmodelled result")
				}
				okHere = and(okHere, c.Def(r))
				if s.res[j] == nil {
					s.res[j] = c.Zero(r.Type())
				}
				if s.res[j].Type() != r.Type() {
					return nil, fmt.Errorf("miter: result %d of types %s and %s", j, s.res[j].Type(), r.Type())
				}
				s.res[j] = c.If(sel, r, s.res[j])
			}
		}
		if okHere == nil {
			okHere = c.B(true)
		}
		s.ok = c.If(sel, okHere, s.ok)
	}
	if s.covered == nil {
		s.covered = c.B(false)
	}
	return s, nil
}

// outcomesDiffer evaluates the outcomes of a and b under m with the
// reference semantics and reports whether they differ; an error when m
// is outside the paths of either side.
func outcomesDiffer(a, b []pathOutcome, m c.Assignment) (bool, error) {
	oa, ea := outcomeOf(a, m)
	ob, eb := outcomeOf(b, m)
	if ea != nil || eb != nil {
		return false, fmt.Errorf("model outside the explored paths")
	}
	if oa.code == hang {
		return false, nil
	}
	if oa.code != ob.code || oa.code >= panicOpaque {
		return true, nil
	}
	for i := range oa.vals {
		// As the harness compares results: floats by bits, NaNs equal.
		if !c.Same(oa.types[i], oa.vals[i], ob.vals[i]) {
			return true, nil
		}
	}
	return false, nil
}

type outcomeVal struct {
	code  int
	vals  []c.Value
	types []c.Type // of vals
}

func outcomeOf(paths []pathOutcome, m c.Assignment) (outcomeVal, error) {
	ev := &c.Evaluator{A: m}
	for _, p := range paths {
		ok, err := p.cond.EvalWith(ev)
		if err != nil {
			return outcomeVal{}, err
		}
		if !ok {
			continue
		}
		o := outcomeVal{code: p.code}
		if p.code == 0 {
			for _, r := range p.results {
				v, err := ev.Eval(r)
				if err != nil {
					return outcomeVal{code: panicOpaque}, nil
				}
				o.vals, o.types = append(o.vals, v), append(o.types, r.Type())
			}
		}
		return o, nil
	}
	return outcomeVal{}, fmt.Errorf("no path holds")
}
