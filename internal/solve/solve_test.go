package solve

import (
	"errors"
	"go/token"
	"strings"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve/sat"
)

// fake is a backend that answers what it is told and counts its calls.
type fake struct {
	name  string
	res   Result
	calls *[]string
}

func (f fake) Name() string { return f.name }

func (f fake) Solve(q *Query, b Budget) Result {
	if f.calls != nil {
		*f.calls = append(*f.calls, f.name)
	}
	r := f.res
	r.By = f.name
	return r
}

var (
	x = &c.Sym{Name: "x", Type: c.Int}
	y = &c.Sym{Name: "y", Type: c.Int}
	z = &c.Sym{Name: "z", Type: c.Int}
)

func n(v int64) c.Expr { return c.I(c.Int, v) }

func cmp(op token.Token, a, b c.Expr) c.Expr { return c.Bin(op, a, b) }

// TestChainOrder checks the sequence of a chain: each solver is asked
// only when those before it answered Unknown, in order; the first
// decision is the answer, with what every solver asked spent; an
// all-Unknown answer is the last solver's.
func TestChainOrder(t *testing.T) {
	unknown := Result{Why: "no idea", Spent: Budget{Tries: 2}}
	sat := Result{Status: Sat, Model: c.Assignment{}, Spent: Budget{Props: 10}}
	unsat := Result{Status: Unsat, Why: "proof", Spent: Budget{Props: 5}}
	tests := []struct {
		name      string
		answers   []Result
		wantCalls string
		want      Status
		wantBy    string
		wantSpent Budget
	}{
		{"first decides", []Result{unsat, sat}, "a", Unsat, "a", Budget{Props: 5}},
		{"falls through on unknown", []Result{unknown, sat, unsat}, "a b", Sat, "b", Budget{Props: 10, Tries: 2}},
		{"unsat after unknowns", []Result{unknown, unknown, unsat}, "a b c", Unsat, "c", Budget{Props: 5, Tries: 4}},
		{"all unknown: the last", []Result{unknown, unknown}, "a b", Unknown, "b", Budget{Tries: 4}},
	}
	for _, tt := range tests {
		var calls []string
		var solvers []Solver
		for i, r := range tt.answers {
			solvers = append(solvers, fake{name: string(rune('a' + i)), res: r, calls: &calls})
		}
		r := Sequence(solvers...).Solve(&Query{Clause: c.Clause{c.B(true)}}, Unlimited())
		if got := strings.Join(calls, " "); got != tt.wantCalls {
			t.Errorf("%s: asked %q, want %q", tt.name, got, tt.wantCalls)
		}
		if r.Status != tt.want || r.By != tt.wantBy || r.Spent != tt.wantSpent {
			t.Errorf("%s: %v by %s spending %+v, want %v by %s spending %+v", tt.name, r.Status, r.By, r.Spent, tt.want, tt.wantBy, tt.wantSpent)
		}
	}
}

// TestChainBackends runs configurations of Chain on clauses each backend
// is for: the rules refute what they know (before anything else is
// asked), domain reduction finds easy models and refutes by reduction,
// SAT decides the rest, and each answers only what it can.
func TestChainBackends(t *testing.T) {
	full := Config{Rules: true, DomRed: true, Tries: 5, SAT: true, Props: 1_000_000}
	cube := cmp(token.EQL, c.Bin(token.MUL, c.Bin(token.MUL, c.V(x), c.V(x)), c.V(x)), n(1_000_000)) // x = 100
	tests := []struct {
		name   string
		cfg    Config
		cl     c.Clause
		want   Status
		wantBy string
		why    string // in Why
	}{
		{"rules refute a negation", full, c.Clause{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.GEQ, c.V(x), c.V(y))}, Unsat, RulesName, "negation"},
		{"rules refute constants", full, c.Clause{cmp(token.GTR, c.V(x), n(10)), cmp(token.LSS, c.V(x), n(5))}, Unsat, RulesName, "constants comparison"},
		{"domain reduction solves", full, c.Clause{cmp(token.GTR, c.V(x), n(10)), cmp(token.EQL, c.V(y), c.Bin(token.ADD, c.V(x), n(1)))}, Sat, DomRedName, ""},
		{"domain reduction refutes a cycle", Config{DomRed: true}, c.Clause{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.LSS, c.V(y), c.V(z)), cmp(token.LSS, c.V(z), c.V(x))}, Unsat, DomRedName, "detectably unsolvable"},
		{"SAT after domain reduction gives up", Config{DomRed: true, Tries: 1, SAT: true}, c.Clause{cube}, Sat, SATName, ""},
		{"SAT proves", Config{SAT: true}, c.Clause{cmp(token.EQL, c.Bin(token.REM, c.V(x), n(-1)), n(1))}, Unsat, SATName, "unsatisfiable (SAT)"},
		{"rules alone do not find models", Config{Rules: true}, c.Clause{cmp(token.GTR, c.V(x), n(10))}, Unknown, RulesName, "no conflict"},
		{"reduction alone finds no model", Config{DomRed: true}, c.Clause{cmp(token.GTR, c.V(x), n(10))}, Unknown, DomRedName, ""},
		{"floats are not bit-blasted", Config{SAT: true}, c.Clause{cmp(token.LSS, c.V(&c.Sym{Name: "f", Type: c.Float64}), c.F(c.Float64, 1))}, Unknown, SATName, "floating-point"},
	}
	for _, tt := range tests {
		r := Chain(tt.cfg).Solve(&Query{Clause: tt.cl}, Unlimited())
		if r.Status != tt.want || r.By != tt.wantBy || !strings.Contains(r.Why, tt.why) {
			t.Errorf("%s: %v by %s (%q), want %v by %s (%q)", tt.name, r.Status, r.By, r.Why, tt.want, tt.wantBy, tt.why)
			continue
		}
		if r.Status == Sat {
			if ok, err := tt.cl.Eval(r.Model); !ok || err != nil {
				t.Errorf("%s: model %v does not satisfy %s", tt.name, r.Model, tt.cl)
			}
		}
	}
}

// TestBudgets checks that budgets are counts drawn from the allowance:
// SAT is skipped with none left (the answer is the previous backend's,
// and limited), a cap below the allowance bounds it, and what was spent
// is reported.
func TestBudgets(t *testing.T) {
	cube := c.Clause{cmp(token.EQL, c.Bin(token.MUL, c.Bin(token.MUL, c.V(x), c.V(x)), c.V(x)), n(1_000_000))}
	ch := Chain(Config{DomRed: true, Tries: 1, SAT: true, Props: 1_000_000})
	r := ch.Solve(&Query{Clause: cube}, Budget{Tries: 10})
	if r.Status != Unknown || r.By != DomRedName || !r.Limited || r.Spent.Tries != 1 || r.Spent.Props != 0 {
		t.Errorf("no SAT allowance: %v by %s, limited %v, spent %+v; want domred's unknown, limited, 1 try", r.Status, r.By, r.Limited, r.Spent)
	}
	r = ch.Solve(&Query{Clause: cube}, Budget{Tries: 10, Props: 100})
	if r.Status != Unknown || r.By != SATName || !r.Limited || !errors.Is(r.Err, sat.ErrBudget) {
		t.Errorf("100 propagations: %v by %s (%v), limited %v; want SAT's unknown for the budget", r.Status, r.By, r.Err, r.Limited)
	}
	r = ch.Solve(&Query{Clause: cube}, Budget{Tries: 10, Props: 1 << 40})
	if r.Status != Sat || r.Spent.Props <= 0 || r.Spent.Props > 1_000_000 {
		t.Errorf("capped at 10^6: %v spending %+v", r.Status, r.Spent)
	}
}

// TestCache checks that the same clause (a structurally equal one, not
// the same pointers) is answered from memory, counted, with what it
// cost; that limited answers and queries with checks are not kept.
func TestCache(t *testing.T) {
	var calls []string
	inner := fake{name: "f", res: Result{Status: Unsat, Why: "proof", Spent: Budget{Props: 7}}, calls: &calls}
	k := NewCache(inner, nil)
	mk := func() *Query {
		return &Query{Clause: c.Clause{cmp(token.LSS, c.V(x), n(1)), cmp(token.GTR, c.V(x), n(2))}}
	}
	r1 := k.Solve(mk(), Unlimited())
	r2 := k.Solve(mk(), Unlimited())
	if len(calls) != 1 || k.Hits != 1 || k.Misses != 1 {
		t.Fatalf("two equal queries: %d calls, %d hits, %d misses; want 1, 1, 1", len(calls), k.Hits, k.Misses)
	}
	if r1.Cached || !r2.Cached || r2.Status != Unsat || r2.Spent.Props != 7 {
		t.Errorf("answers %+v then %+v; want the second cached, unsat, costing 7", r1, r2)
	}
	// Another symbol with the same name is another clause.
	x2 := &c.Sym{Name: "x", Type: c.Int}
	k.Solve(&Query{Clause: c.Clause{cmp(token.LSS, c.V(x2), n(1)), cmp(token.GTR, c.V(x2), n(2))}}, Unlimited())
	if len(calls) != 2 {
		t.Errorf("a clause over another symbol x was answered from memory")
	}
	// Checks: not cached.
	q := mk()
	q.Checks = []func(c.Assignment) error{func(c.Assignment) error { return nil }}
	k.Solve(q, Unlimited())
	if len(calls) != 3 {
		t.Errorf("a query with checks was answered from memory")
	}
	// A limited answer is not kept.
	lim := NewCache(fake{name: "l", res: Result{Why: "budget", Limited: true}, calls: &calls}, nil)
	lim.Solve(mk(), Budget{})
	if _, ok := lim.Lookup(mk()); ok {
		t.Errorf("a limited answer was kept")
	}
	// Chain's cache: a real one.
	ch := Chain(Config{SAT: true, Cache: true})
	ch.Solve(mk(), Unlimited())
	if r := ch.Solve(mk(), Unlimited()); !r.Cached || ch.(*Cache).Hits != 1 {
		t.Errorf("Chain with Cache: second answer not cached (%+v)", r)
	}
}

// TestSplit checks independence splitting: parts by shared symbols,
// each solved alone, models merged; Unsat when a part is.
func TestSplit(t *testing.T) {
	tests := []struct {
		name  string
		cl    c.Clause
		parts int
		want  Status
	}{
		{"three parts", c.Clause{cmp(token.EQL, c.V(x), n(3)), cmp(token.EQL, c.V(y), n(4)), cmp(token.GTR, c.V(z), n(7))}, 3, Sat},
		{"linked through y", c.Clause{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.LSS, c.V(y), c.V(z)), cmp(token.EQL, c.V(z), n(9))}, 1, Sat},
		{"one part unsat", c.Clause{cmp(token.EQL, c.V(x), n(3)), cmp(token.GTR, c.V(y), n(5)), cmp(token.LSS, c.V(y), n(2))}, 2, Unsat},
		{"constants", c.Clause{c.B(true), cmp(token.EQL, c.V(x), n(3)), c.B(true)}, 2, Sat},
	}
	for _, tt := range tests {
		var asked []int
		inner := solverFunc(func(q *Query, b Budget) Result {
			asked = append(asked, len(q.Clause))
			return SAT{}.Solve(q, b)
		})
		sp := &Split{Inner: inner}
		if got := len(sp.Parts(tt.cl)); got != tt.parts {
			t.Errorf("%s: %d parts, want %d", tt.name, got, tt.parts)
		}
		r := sp.Solve(&Query{Clause: tt.cl}, Unlimited())
		if r.Status != tt.want {
			t.Errorf("%s: %v (%s), want %v", tt.name, r.Status, r.Why, tt.want)
			continue
		}
		if tt.want == Unsat && !strings.Contains(r.Why, "part 2 of 2") {
			t.Errorf("%s: proof %q, want part 2's", tt.name, r.Why)
		}
		if tt.want == Sat {
			if ok, _ := tt.cl.Eval(r.Model); !ok {
				t.Errorf("%s: merged model %v does not satisfy %s", tt.name, r.Model, tt.cl)
			}
			if len(asked) != tt.parts {
				t.Errorf("%s: inner asked %d times, want once a part (%d)", tt.name, len(asked), tt.parts)
			}
		}
	}
	// The query's checks apply to the merged model.
	q := &Query{Clause: c.Clause{cmp(token.EQL, c.V(x), n(3)), cmp(token.EQL, c.V(y), n(4))},
		Checks: []func(c.Assignment) error{func(m c.Assignment) error {
			if m[x] == 3 && m[y] == 4 {
				return errors.New("refused")
			}
			return nil
		}}}
	if r := (&Split{Inner: SAT{}}).Solve(q, Unlimited()); r.Status != Unknown || r.Why != "refused" {
		t.Errorf("a check refusing the merged model: %v (%s), want unknown (refused)", r.Status, r.Why)
	}
}

type solverFunc func(q *Query, b Budget) Result

func (f solverFunc) Name() string                    { return "func" }
func (f solverFunc) Solve(q *Query, b Budget) Result { return f(q, b) }

// TestCrossCheck plants wrong answers in a fake backend and checks that
// the cross-check catches each: a refutation of a satisfiable clause (B
// finds a model, which becomes the answer), a model that does not
// satisfy the clause; and that right answers pass unreported.
func TestCrossCheck(t *testing.T) {
	satisfiable := c.Clause{cmp(token.GTR, c.V(x), n(3)), cmp(token.LSS, c.V(x), n(5))}
	unsatisfiable := c.Clause{cmp(token.GTR, c.V(x), n(3)), cmp(token.LSS, c.V(x), n(4))}
	tests := []struct {
		name     string
		cl       c.Clause
		answer   Result
		want     Status
		disagree bool
	}{
		{"wrong refutation", satisfiable, Result{Status: Unsat, Why: "planted"}, Sat, true},
		{"wrong model", satisfiable, Result{Status: Sat, Model: c.Assignment{x: 7}}, Unknown, true},
		{"model of an unsatisfiable clause", unsatisfiable, Result{Status: Sat, Model: c.Assignment{x: 3}}, Unknown, true},
		{"right refutation", unsatisfiable, Result{Status: Unsat, Why: "right"}, Unsat, false},
		{"right model", satisfiable, Result{Status: Sat, Model: c.Assignment{x: 4}}, Sat, false},
		{"unknown is not checked", satisfiable, Result{Why: "?"}, Unknown, false},
	}
	for _, tt := range tests {
		caught := false
		x := &CrossCheck{A: fake{name: "fake", res: tt.answer}, B: SAT{}, OnDisagree: func(*Query, Result, Result) { caught = true }}
		r := x.Solve(&Query{Clause: tt.cl}, Unlimited())
		if r.Status != tt.want || caught != tt.disagree {
			t.Errorf("%s: %v, disagreement %v; want %v, %v", tt.name, r.Status, caught, tt.want, tt.disagree)
		}
		if r.Status == Sat {
			if ok, _ := tt.cl.Eval(r.Model); !ok {
				t.Errorf("%s: model %v does not satisfy the clause", tt.name, r.Model)
			}
		}
	}
	// The chain's Confirm: domain reduction's refutation confirmed by
	// SAT, at no cost to the allowance.
	ch := Chain(Config{DomRed: true, Confirm: 100_000})
	r := ch.Solve(&Query{Clause: c.Clause{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.LSS, c.V(y), c.V(x))}}, Budget{})
	if r.Status != Unsat || r.Spent != (Budget{}) {
		t.Errorf("confirmed refutation: %v spending %+v, want unsat spending nothing", r.Status, r.Spent)
	}
}

// TestCrossCheckBackends cross-checks the real backends against SAT on
// the clauses of TestChainBackends' kinds: they never disagree.
func TestCrossCheckBackends(t *testing.T) {
	clauses := []c.Clause{
		{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.GEQ, c.V(x), c.V(y))},
		{cmp(token.GTR, c.V(x), n(10)), cmp(token.EQL, c.V(y), c.Bin(token.ADD, c.V(x), n(1)))},
		{cmp(token.EQL, c.Bin(token.MUL, c.V(x), n(3)), n(370370367))},
		{cmp(token.LSS, c.V(x), c.V(y)), cmp(token.LSS, c.V(y), c.V(z)), cmp(token.LSS, c.V(z), c.V(x))},
		{cmp(token.EQL, c.Bin(token.REM, c.V(x), n(7)), n(3)), cmp(token.GTR, c.V(x), n(100))},
		{cmp(token.NEQ, c.V(x), n(0)), cmp(token.EQL, c.Bin(token.QUO, n(10), c.V(x)), n(3))},
	}
	for _, a := range []Solver{Rules{}, DomRed{}, DomRed{Tries: 20}} {
		for _, cl := range clauses {
			x := &CrossCheck{A: a, B: SAT{Props: 1_000_000}, OnDisagree: func(q *Query, ra, rb Result) {
				t.Errorf("%s: %s says %v (%s), SAT %v", q.Clause, ra.By, ra.Status, ra.Why, rb.Status)
			}}
			x.Solve(&Query{Clause: cl}, Unlimited())
		}
	}
}

// TestChecks checks that a model failing a query's check is not
// reported, by any backend.
func TestChecks(t *testing.T) {
	for _, s := range []Solver{SAT{}, DomRed{Tries: 5}} {
		q := &Query{Clause: c.Clause{cmp(token.EQL, c.V(x), n(3))}, Checks: []func(c.Assignment) error{func(c.Assignment) error { return errors.New("no models here") }}}
		if r := s.Solve(q, Unlimited()); r.Status != Unknown || !strings.Contains(r.Why, "no models here") {
			t.Errorf("%s: %v (%s), want unknown: no models here", s.Name(), r.Status, r.Why)
		}
	}
}
