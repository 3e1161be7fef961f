package sat

import (
	"errors"
	"fmt"
	"go/token"
	"testing"
	"time"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/cpuload"
)

// factoring is "p is the product of two numbers of n bits greater than
// 1", the product taken over 2n bits: a search of many propagations.
func factoring(n int, p int64) *Query {
	nt := c.Type{Kind: c.KInt, Bits: n}
	wt := c.Type{Kind: c.KInt, Bits: 2 * n}
	x, y := sym("x", nt), sym("y", nt)
	q := NewQuery()
	q.Assert(c.Bin(token.GTR, c.V(x), c.I(nt, 1)))
	q.Assert(c.Bin(token.GTR, c.V(y), c.I(nt, 1)))
	q.Assert(c.Bin(token.EQL, c.Bin(token.MUL, c.Conv(wt, c.V(x)), c.Conv(wt, c.V(y))), c.I(wt, p)))
	return q
}

const (
	semiprime = 1152921423002469787 // 1073741789 × 1073741783: sat over 30 bits, some 300,000 propagations
	prime64   = -59                 // 2^64 − 59 is prime: unsat over 32 bits, some 70,000 propagations
)

// TestBudgetDeterministic decides a query that needs many propagations
// (many of the solver's pause points) with a budget of exactly what it
// needs and with one less, again and again under CPU load: the first is
// always answered, with the same model, and the second never is. A
// timer, or a count of the pauses the controller happened to catch,
// would flip near the boundary.
func TestBudgetDeterministic(t *testing.T) {
	q := factoring(30, semiprime)
	st, model, err := q.Solve(0)
	if st != Sat {
		t.Fatalf("unbounded: %v (%v), want sat", st, err)
	}
	need := q.Spent()
	if need < 5*20000 {
		t.Fatalf("the query needs only %d propagations: too few pause points to test with", need)
	}
	stop := cpuload.Start()
	defer stop()
	for i := range 4 {
		q := factoring(30, semiprime)
		st, m, err := q.Solve(need)
		if st != Sat || q.Spent() != need || fmt.Sprint(m) != fmt.Sprint(model) {
			t.Fatalf("run %d, budget %d: %v %v after %d propagations (%v), want sat %v after %d", i, need, st, m, q.Spent(), err, model, need)
		}
		q = factoring(30, semiprime)
		if st, _, err := q.Solve(need - 1); st != Unknown || !errors.Is(err, ErrBudget) {
			t.Fatalf("run %d, budget %d: %v (%v), want unknown for lack of budget", i, need-1, st, err)
		}
	}
}

// TestBudgetTiny: a budget far below what a proof needs leaves the query
// unknown, never unsat (nor sat).
func TestBudgetTiny(t *testing.T) {
	for _, b := range []Budget{1, 100, 20000} {
		q := factoring(32, prime64)
		if st, _, err := q.Solve(b); st != Unknown || !errors.Is(err, ErrBudget) {
			t.Errorf("budget %d: %v (%v), want unknown", b, st, err)
		}
	}
	q := factoring(32, prime64)
	if st, _, err := q.Solve(0); st != Unsat {
		t.Errorf("default budget: %v (%v), want unsat", st, err)
	}
	// Solve over a clause: the Config's budget is the bound.
	x := sym("x", c.Int8)
	cl := c.Clause{c.Bin(token.EQL, c.Bin(token.MUL, c.V(x), c.V(x)), c.I(c.Int8, 49)), c.Bin(token.LSS, c.V(x), c.I(c.Int8, 0))}
	if st, m, err := Solve(cl, Config{Budget: 1_000_000}); st != Sat || m[x] != c.Wrap(c.Int8, uint64(0xf9)) && m[x] != c.Wrap(c.Int8, uint64(0x79)) && m[x] != c.Wrap(c.Int8, uint64(0x87)) {
		t.Errorf("x*x == 49, x < 0: %v %v (%v)", st, m, err)
	}
}

// TestSafetyNet: when the wall-clock safety net fires, the answer is
// unknown and the event is counted.
func TestSafetyNet(t *testing.T) {
	defer func(d time.Duration) { SafetyNet = d }(SafetyNet)
	SafetyNet = time.Nanosecond
	before := ClockStops()
	q := factoring(30, semiprime)
	if st, _, err := q.Solve(0); st != Unknown || !errors.Is(err, ErrClock) {
		t.Fatalf("%v (%v), want unknown, stopped by the clock", st, err)
	}
	if ClockStops() != before+1 {
		t.Errorf("ClockStops %d, want %d", ClockStops(), before+1)
	}
}

// TestPropsCounter: gini's propagation counter is where budget.go reads
// it (a new gini version may move it: every decision would be unknown).
func TestPropsCounter(t *testing.T) {
	if propsPath == nil {
		t.Fatal("gini's propagation counter (Gini.xo.Trail.Props) not found")
	}
}

// TestStopped: a query whose Done is closed stops at the search's first
// check: unknown with ErrStopped, never a decision it did not reach, and
// well within what the search needs.
func TestStopped(t *testing.T) {
	done := make(chan struct{})
	close(done)
	q := factoring(30, semiprime) // some 300,000 propagations to sat
	q.Done = done
	if st, _, err := q.Solve(0); st != Unknown || !errors.Is(err, ErrStopped) {
		t.Fatalf("%v (%v), want unknown, stopped", st, err)
	}
	if q.Spent() >= 300000 {
		t.Errorf("stopped after %d propagations: the search went on", q.Spent())
	}
	q = factoring(30, semiprime)
	q.Done = make(chan struct{}) // open: no effect
	if st, _, err := q.Solve(0); st != Sat {
		t.Errorf("with Done open: %v (%v), want sat", st, err)
	}
}
