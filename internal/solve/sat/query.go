package sat

// This file builds the prover's questions: a conjunction of constraints
// with, on top, either "these two values differ" (necessity: an
// expression and its mutant at an arrival) or "these two functions'
// outcomes differ" (sufficiency: a miter of the original's and the
// mutant's paths). Unsat answers are proofs, so panics are never assumed
// away: a value whose evaluation may panic counts as possibly different.

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
	// uninterpreted is set when the query has uninterpreted functions:
	// a model then says nothing certain about the real functions.
	uninterpreted bool
	// check evaluates the query under a model with the reference
	// semantics; a model that does not check is never reported.
	checks []func(*c.Evaluator) (bool, error)
	// spent is what Solve cost.
	spent Budget
}

// Spent is what Solve cost (the circuit, then the propagations), for
// callers that share a budget between queries.
func (q *Query) Spent() Budget { return q.spent }

// NewQuery returns the empty (true) conjunction.
func NewQuery() *Query {
	b := newBlaster()
	return &Query{b: b, root: b.c.T}
}

func (q *Query) and(l z.Lit) { q.root = q.b.c.And(q.root, l) }

// Assert adds e: it evaluates, without a panic, to true.
func (q *Query) Assert(e c.Expr) {
	if q.err != nil {
		return
	}
	t, err := q.b.expr(e)
	if err != nil {
		q.err = err
		return
	}
	q.and(q.b.c.And(t.ok, t.bits[0]))
	q.checks = append(q.checks, func(ev *c.Evaluator) (bool, error) { return c.Clause{e}.EvalWith(ev) })
}

// AssertDiffer adds "x and y differ": their values differ, or the
// evaluation of either panics.
func (q *Query) AssertDiffer(x, y c.Expr) {
	if q.err != nil {
		return
	}
	d, err := q.differ(x, y)
	if err != nil {
		q.err = err
		return
	}
	q.and(d)
	q.checks = append(q.checks, func(ev *c.Evaluator) (bool, error) {
		vx, ex := ev.Eval(x)
		vy, ey := ev.Eval(y)
		if ex != nil || ey != nil {
			return true, nil
		}
		return vx != vy, nil
	})
}

// Case is one way a query may hold: every constraint of Holds holds
// and, when X is not nil, X and Y differ (as for AssertDiffer).
type Case struct {
	Holds c.Clause
	X, Y  c.Expr
}

// AssertSome adds "some case holds". With no case, the query is false.
func (q *Query) AssertSome(cases []Case) {
	if q.err != nil {
		return
	}
	k := q.b.c
	any := k.F
	for _, cs := range cases {
		l := k.T
		for _, e := range cs.Holds {
			t, err := q.b.expr(e)
			if err != nil {
				q.err = err
				return
			}
			l = k.And(l, k.And(t.ok, t.bits[0]))
		}
		if cs.X != nil {
			d, err := q.differ(cs.X, cs.Y)
			if err != nil {
				q.err = err
				return
			}
			l = k.And(l, d)
		}
		any = k.Or(any, l)
	}
	q.and(any)
	q.checks = append(q.checks, func(ev *c.Evaluator) (bool, error) {
		for _, cs := range cases {
			ok, err := cs.Holds.EvalWith(ev)
			if err != nil || !ok {
				continue
			}
			if cs.X == nil {
				return true, nil
			}
			vx, ex := ev.Eval(cs.X)
			vy, ey := ev.Eval(cs.Y)
			if ex != nil || ey != nil || vx != vy {
				return true, nil
			}
		}
		return false, nil
	})
}

// differ is the literal "x and y differ or either panics".
func (q *Query) differ(x, y c.Expr) (z.Lit, error) {
	if x.Type() != y.Type() {
		return 0, fmt.Errorf("sat: comparing %s with %s", x.Type(), y.Type())
	}
	tx, err := q.b.expr(x)
	if err != nil {
		return 0, err
	}
	ty, err := q.b.expr(y)
	if err != nil {
		return 0, err
	}
	k := q.b.c
	return k.Or(k.Or(tx.ok.Not(), ty.ok.Not()), q.b.eq(tx.bits, ty.bits).Not()), nil
}

// Outcome is one path of a function to its end: under Cond it returns
// Results (Code 0) or panics with a kind (Code > 0). Two outcomes are the
// same when their codes are equal and below Opaque and, for returns,
// their results are the same as the harness compares them
// (constraint.Same: floats by bits, all NaNs equal; float results are not
// bit-blasted, so only OutcomesDiffer meets them).
type Outcome struct {
	Cond    c.Clause
	Code    int
	Results []c.Expr
}

// Opaque is the first code of panics that compare equal to nothing.
const Opaque = 3

// Hang is the code of a path that never ends (a summarised loop that
// does not). An input on which the original hangs is no test: such
// inputs are not differences, whatever the other side does.
const Hang = 255

// Apply is one application of an uninterpreted function (a summarised
// loop): under equal arguments, two applications of one Key have equal
// results and both end or neither does.
type Apply struct {
	Key     string
	Args    []c.Expr
	Results []c.Expr
	Ends    c.Expr // bool: the loop ends
	// Exit holds when the loop ends: its exit condition on the results.
	Exit []c.Expr
}

// AssertOutcomesDiffer adds "the outcome of a differs from that of b",
// where a and b each list a function's paths (disjoint conditions that
// together cover every input). An input no listed path of a side covers
// counts as a difference, so a gap in the exploration cannot hide one.
//
// apps are the applications of uninterpreted functions the paths of both
// sides make; a model that relies on them is not an input the real
// functions are known to differ on, so such a query is for its unsat
// answer (Solve checks no model then).
func (q *Query) AssertOutcomesDiffer(a, b []Outcome, apps []Apply) {
	if q.err != nil {
		return
	}
	if err := q.ackermann(apps); err != nil {
		q.err = err
		return
	}
	sa, err := q.side(a)
	if err != nil {
		q.err = err
		return
	}
	sb, err := q.side(b)
	if err != nil {
		q.err = err
		return
	}
	if len(sa.res) != len(sb.res) {
		q.err = fmt.Errorf("sat: %d results against %d", len(sa.res), len(sb.res))
		return
	}
	k := q.b.c
	diff := k.Ors(sa.covered.Not(), sb.covered.Not(), sa.ok.Not(), sb.ok.Not(), sa.opaque, sb.opaque, q.b.eq(sa.code, sb.code).Not())
	codeT := c.Type{Kind: c.KInt, Bits: 8}
	origHangs := k.And(sa.covered, q.b.eq(sa.code, q.b.konst(codeT, Hang)))
	same := k.T
	for i := range sa.res {
		if len(sa.res[i]) != len(sb.res[i]) {
			q.err = fmt.Errorf("sat: result %d widths differ", i)
			return
		}
		same = k.And(same, q.b.eq(sa.res[i], sb.res[i]))
	}
	diff = k.Or(diff, k.And(sa.returned, same.Not()))
	q.and(k.And(diff, origHangs.Not()))
	if len(apps) > 0 {
		q.uninterpreted = true
	}
	q.checks = append(q.checks, func(ev *c.Evaluator) (bool, error) { return OutcomesDiffer(a, b, ev.A) })
}

// OutcomesDiffer evaluates the outcomes of a and b under m with the
// reference semantics and reports whether they differ; an error when m
// is outside the paths of either side.
func OutcomesDiffer(a, b []Outcome, m c.Assignment) (bool, error) {
	oa, ea := outcomeOf(a, m)
	ob, eb := outcomeOf(b, m)
	if ea != nil || eb != nil {
		return false, fmt.Errorf("model outside the explored paths")
	}
	if oa.code == Hang {
		return false, nil
	}
	if oa.code != ob.code || oa.code >= Opaque {
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

// ackermann adds, for each pair of applications of one function, that
// equal arguments give equal results.
func (q *Query) ackermann(apps []Apply) error {
	k := q.b.c
	terms := make([][]term, len(apps))
	for i, ap := range apps {
		for _, e := range append(append(append([]c.Expr(nil), ap.Args...), ap.Results...), ap.Ends) {
			t, err := q.b.expr(e)
			if err != nil {
				return err
			}
			terms[i] = append(terms[i], t)
		}
	}
	for i, ap := range apps {
		for _, e := range ap.Exit {
			t, err := q.b.expr(e)
			if err != nil {
				return err
			}
			q.and(k.Or(terms[i][len(terms[i])-1].bits[0].Not(), k.And(t.ok, t.bits[0])))
		}
	}
	for i := range apps {
		for j := i + 1; j < len(apps); j++ {
			a, b := apps[i], apps[j]
			if a.Key != b.Key || len(a.Args) != len(b.Args) || len(a.Results) != len(b.Results) {
				continue
			}
			same := k.T
			for n := range a.Args {
				if len(terms[i][n].bits) != len(terms[j][n].bits) {
					same = k.F
					break
				}
				same = k.And(same, q.b.eq(terms[i][n].bits, terms[j][n].bits))
			}
			eq := k.T
			for n := len(a.Args); n < len(terms[i]); n++ {
				eq = k.And(eq, q.b.eq(terms[i][n].bits, terms[j][n].bits))
			}
			q.and(k.Or(same.Not(), eq))
		}
	}
	return nil
}

type side struct {
	covered, ok, opaque, returned z.Lit
	code                          []z.Lit
	res                           [][]z.Lit
}

// side multiplexes a function's paths into one outcome: the first path
// whose condition holds selects the code and results.
func (q *Query) side(paths []Outcome) (*side, error) {
	k := q.b.c
	s := &side{covered: k.F, ok: k.T, opaque: k.F}
	codeT := c.Type{Kind: c.KInt, Bits: 8}
	s.code = q.b.konst(codeT, 0)
	nres := -1
	for _, p := range paths {
		if p.Code == 0 {
			if nres >= 0 && nres != len(p.Results) {
				return nil, fmt.Errorf("sat: paths with %d and %d results", nres, len(p.Results))
			}
			nres = len(p.Results)
		}
	}
	if nres < 0 {
		nres = 0
	}
	s.res = make([][]z.Lit, nres)
	// Build from the last path up, so that earlier paths take priority.
	for i := len(paths) - 1; i >= 0; i-- {
		p := paths[i]
		sel := k.T
		for _, e := range p.Cond {
			t, err := q.b.expr(e)
			if err != nil {
				return nil, err
			}
			sel = k.And(sel, k.And(t.ok, t.bits[0]))
		}
		s.covered = k.Or(s.covered, sel)
		code := p.Code
		if code > 255 {
			code = 255
		}
		s.code = q.b.mux(sel, q.b.konst(codeT, c.Value(code)), s.code)
		opq := k.F
		if p.Code >= Opaque && p.Code != Hang {
			opq = k.T
		}
		s.opaque = k.Choice(sel, opq, s.opaque)
		okHere := k.T
		if p.Code == 0 {
			for j, r := range p.Results {
				if r == nil {
					return nil, fmt.Errorf("sat: unmodelled result")
				}
				t, err := q.b.expr(r)
				if err != nil {
					return nil, err
				}
				okHere = k.And(okHere, t.ok)
				if s.res[j] == nil {
					s.res[j] = make([]z.Lit, len(t.bits))
					for b := range s.res[j] {
						s.res[j][b] = k.F
					}
				}
				if len(s.res[j]) != len(t.bits) {
					return nil, fmt.Errorf("sat: result %d widths differ", j)
				}
				s.res[j] = q.b.mux(sel, t.bits, s.res[j])
			}
		}
		s.ok = k.Choice(sel, okHere, s.ok)
	}
	s.returned = q.b.eq(s.code, q.b.konst(codeT, 0))
	return s, nil
}

type outcomeVal struct {
	code  int
	vals  []c.Value
	types []c.Type // of vals
}

func outcomeOf(paths []Outcome, m c.Assignment) (outcomeVal, error) {
	ev := &c.Evaluator{A: m}
	for _, p := range paths {
		ok, err := p.Cond.EvalWith(ev)
		if err != nil {
			return outcomeVal{}, err
		}
		if !ok {
			continue
		}
		o := outcomeVal{code: p.Code}
		if p.Code == 0 {
			for _, r := range p.Results {
				v, err := ev.Eval(r)
				if err != nil {
					return outcomeVal{code: Opaque}, nil
				}
				o.vals, o.types = append(o.vals, v), append(o.types, r.Type())
			}
		}
		return o, nil
	}
	return outcomeVal{}, fmt.Errorf("no path holds")
}

// Solve decides the query within budget b (0 = DefaultBudget), which
// pays for the circuit (NodeCost a node) and the search (a propagation
// each): the same query and budget get the same answer on every run. Sat
// comes with a model that satisfies every part under the reference
// semantics (constraint.Eval).
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
	res, spent, err := decide(g, b-size)
	q.spent = size + spent
	switch res {
	case -1:
		return Unsat, nil, nil
	case 0:
		return Unknown, nil, err
	}
	if q.uninterpreted {
		return Unknown, nil, fmt.Errorf("satisfiable with uninterpreted loop summaries: no input to report")
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
	ev := &c.Evaluator{A: a}
	for _, chk := range q.checks {
		if ok, err := chk(ev); !ok || err != nil {
			return Unknown, nil, fmt.Errorf("sat: model %v does not check (%v)", a, err)
		}
	}
	return Sat, a, nil
}
