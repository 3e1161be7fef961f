package sat

// This file bounds a decision by the solver's own work instead of the
// clock, so that a verdict does not depend on the machine's load: the
// same query with the same budget gets the same answer on every run.
//
// gini's only bound of its own is the clock (Try), but its solver
// checks, every PropTick (20,000) unit propagations, whether a
// controller wants it to pause or stop (xo.Ctl.Tick), and it counts its
// propagations (xo.Trail.Props). decide runs the solver in the
// background (GoSolve) and pauses it at each of these checks; while it
// is paused, or once it has returned, the count is read. The search
// itself is sequential and depends only on the clauses, so the count at
// which it ends is a function of the query: the answer is the solver's
// when it ends within the budget, unknown otherwise — whichever of its
// checks the controller happened to catch. A wall-clock safety net stays
// behind it, far beyond what a budget costs; when it fires the answer is
// unknown and the event is counted (ClockStops).

import (
	"errors"
	"fmt"
	"reflect"
	"sync/atomic"
	"time"

	"github.com/go-air/gini"
)

// Budget bounds a decision: the unit propagations the SAT solver may
// make (some 10 million a second on one core).
type Budget int64

// Budgets of the callers: what a decision may cost.
const (
	// DefaultBudget is the budget of a zero Config and of a zero Budget
	// given to Query.Solve (a few seconds of search).
	DefaultBudget Budget = 20_000_000
	// NodeCost is what one node of the circuit costs, in propagations:
	// turning it into clauses for the solver takes about as long as ten
	// propagations, and a query's circuit is paid for before the search
	// (a 64-bit division is some 10,000 nodes).
	NodeCost Budget = 10
)

// SafetyNet is the wall-clock limit of one decision, behind its budget:
// when it fires, the answer is unknown and ClockStops counts it. It is
// meant never to fire (a budget costs seconds, not minutes).
var SafetyNet = 2 * time.Minute

// ErrBudget is the error of an Unknown answer whose search needed more
// propagations than its budget.
var ErrBudget = errors.New("no decision within the propagation budget")

// ErrClock is the error of an Unknown answer stopped by SafetyNet.
var ErrClock = errors.New("stopped by the wall-clock safety net")

// ErrStopped is the error of an Unknown answer whose search the caller
// stopped (Query.Done): the run is ending, and the answer says nothing.
var ErrStopped = errors.New("the search was stopped")

var clockStops atomic.Int64

// ClockStops is the number of decisions the wall-clock safety net
// stopped in this process: answers that may differ from run to run.
func ClockStops() int64 { return clockStops.Load() }

// propsPath is the path of fields from a *gini.Gini to its propagation
// counter (Gini.xo.Trail.Props in gini v1.0.4), found once; nil when
// gini no longer keeps it there, and every decision is then Unknown.
var propsPath = func() []int {
	var path []int
	t := reflect.TypeOf(gini.Gini{})
	for _, name := range []string{"xo", "Trail", "Props"} {
		f, ok := t.FieldByName(name)
		if !ok {
			return nil
		}
		path = append(path, f.Index...)
		t = f.Type
		if t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
	}
	if t.Kind() != reflect.Int64 {
		return nil
	}
	return path
}()

// props reads g's propagation counter. Only while its solver is paused
// or done: the channel operations of Pause order the solver's writes
// before this read.
func props(g *gini.Gini) int64 {
	v := reflect.ValueOf(g).Elem()
	for i, ix := range propsPath {
		v = v.Field(ix)
		if i < len(propsPath)-1 && v.Kind() == reflect.Pointer {
			v = v.Elem()
		}
	}
	return v.Int()
}

// decide solves g's clauses within b > 0 propagations: 1 (sat), -1
// (unsat) or 0 (unknown, with why), and the propagations spent. A
// search over the budget costs exactly b, wherever the controller caught
// it: what callers charge must not depend on the machine's load. When
// done closes, the search stops at the next check: 0 with ErrStopped.
func decide(g *gini.Gini, b Budget, done <-chan struct{}) (int, Budget, error) {
	if propsPath == nil {
		return 0, 0, errors.New("gini's propagation counter was not found: no bounded decision")
	}
	start := time.Now()
	ctl := g.GoSolve()
	for {
		res, paused := ctl.Pause()
		spent := Budget(props(g))
		if !paused {
			// Done: the answer counts only if the search ended within
			// the budget, wherever the controller caught it before.
			if spent > b {
				return 0, b, fmt.Errorf("%w (%d)", ErrBudget, b)
			}
			return res, spent, nil
		}
		over, late := spent > b, time.Since(start) > SafetyNet
		select {
		case <-done:
			ctl.Unpause()
			if r := ctl.Stop(); r != 0 {
				// It ended while being stopped: within the budget?
				if spent := Budget(props(g)); spent <= b {
					return r, spent, nil
				}
			}
			return 0, spent, ErrStopped
		default:
		}
		ctl.Unpause()
		if over || late {
			if r := ctl.Stop(); r != 0 && !over {
				// It ended while being stopped: within the budget?
				if spent = Budget(props(g)); spent <= b {
					return r, spent, nil
				}
				over = true
			}
			if !over {
				clockStops.Add(1)
				return 0, spent, fmt.Errorf("%w (%v, after %d propagations)", ErrClock, SafetyNet, spent)
			}
			return 0, b, fmt.Errorf("%w (%d)", ErrBudget, b)
		}
	}
}
