// Package check judges the prover's verdicts (internal/equiv) by running
// code (internal/oracle): an Equivalent verdict is refuted by any input
// that kills its mutant — every input of the unit when its domain was
// enumerated, else the inputs the prover found for the unit's other
// mutants, a box of small integers, the float grid of a unit with float
// inputs (oracle.Grid: -0, NaNs, infinities, …) and random inputs — and
// a Killable
// verdict's input must kill its mutant when run. It serves the soundness
// test and the equiv benchmark, which must check the same way.
package check

import (
	"context"
	"strings"

	"github.com/gozilla/gozilla/internal/equiv"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/oracle"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Options says how hard to try when the truth is not known.
type Options struct {
	Random int    // random inputs each Equivalent verdict must survive
	Seed   uint64 // of the random inputs (0 = 1)
	Box    int    // most small-integer inputs (oracle.Box); 0 = none
	// Grid is the largest float grid (oracle.Grid) run in full on a
	// unit with float inputs; 0 = none.
	Grid uint64
}

// Refutation is an Equivalent verdict execution contradicts.
type Refutation struct {
	ID  int
	In  []value.Value // the input that kills the mutant
	How string        // "exhaustive enumeration", "the prover's inputs and small integers", "the float grid", "random testing"
}

// Problem is a Killable verdict execution contradicts.
type Problem struct {
	ID  int
	Why string
}

// Result is what the checks found on one unit.
type Result struct {
	Mutants    []int // the unit's mutants
	Equivalent []int // those declared Equivalent
	// Known says the truth was given (exhaustive enumeration); TrueEq
	// is then the truly equivalent mutants, Found those of them declared
	// Equivalent and Missed the others.
	Known         bool
	TrueEq, Found int
	Missed        []int
	False         []Refutation
	BadKill       []Problem
	KillChecked   int          // Killable inputs run
	KillNoInput   int          // Killable verdicts without an input
	Given         int          // prover's and box inputs run
	Grid          int          // float grid inputs run
	Random        oracle.Stats // what the random check ran
}

// Unit checks verdicts (by mutant ID) on u's mutants. truth, when not
// nil, maps each mutant some input of u's whole domain kills to that
// input (oracle.Exhaustive): the others are truly equivalent.
func Unit(ctx context.Context, o *oracle.Oracle, u *unit.Unit, verdicts map[int]*equiv.Verdict, truth map[int][]value.Value, opt Options) (*Result, error) {
	if opt.Seed == 0 {
		opt.Seed = 1
	}
	ids := o.Mutants(u)
	r := &Result{Mutants: ids, Known: truth != nil}
	for _, id := range ids {
		if v := verdicts[id]; v != nil && v.Status == mutate.Equivalent {
			r.Equivalent = append(r.Equivalent, id)
		}
	}
	refuted := map[int]bool{}
	refute := func(id int, in []value.Value, how string) {
		if in != nil && !refuted[id] {
			refuted[id] = true
			r.False = append(r.False, Refutation{ID: id, In: in, How: how})
		}
	}
	if r.Known {
		r.TrueEq = len(ids) - len(truth)
		for _, id := range r.Equivalent {
			refute(id, truth[id], "exhaustive enumeration")
		}
		r.Found = len(r.Equivalent) - len(r.False)
		for _, id := range ids {
			if v := verdicts[id]; truth[id] == nil && (v == nil || v.Status != mutate.Equivalent) {
				r.Missed = append(r.Missed, id)
			}
		}
	} else if len(r.Equivalent) > 0 {
		// The inputs the prover found for the unit's other mutants (kill
		// candidates, necessity witnesses: boundary cases on purpose),
		// then a box of small integers.
		var given [][]value.Value
		seen := map[string]bool{}
		for _, id := range ids {
			if v := verdicts[id]; v != nil && v.Input != nil && !seen[Call(u, v.Input)] {
				seen[Call(u, v.Input)] = true
				given = append(given, v.Input)
			}
		}
		if opt.Box > 0 {
			given = append(given, oracle.Box(u.Inputs(), opt.Box)...)
		}
		g, err := o.Given(ctx, u, r.Equivalent, given)
		if err != nil {
			return nil, err
		}
		for _, id := range r.Equivalent {
			refute(id, g[id], "the prover's inputs and small integers")
		}
		r.Given = len(given)
		if n := oracle.Grid(u); n > 0 && n <= opt.Grid {
			var grid [][]value.Value
			next := oracle.GridInputs(u)
			for in := next(); in != nil; in = next() {
				grid = append(grid, in)
			}
			g, err := o.Given(ctx, u, r.Equivalent, grid)
			if err != nil {
				return nil, err
			}
			for _, id := range r.Equivalent {
				refute(id, g[id], "the float grid")
			}
			r.Grid = len(grid)
		}
		before := o.Stats()
		rnd, err := o.Random(ctx, u, r.Equivalent, opt.Random, opt.Seed)
		if err != nil {
			return nil, err
		}
		after := o.Stats()
		r.Random = oracle.Stats{Inputs: after.Inputs - before.Inputs, Rejected: after.Rejected - before.Rejected, Unusable: after.Unusable - before.Unusable}
		for _, id := range r.Equivalent {
			refute(id, rnd[id], "random testing")
		}
	}
	for _, id := range ids {
		v := verdicts[id]
		if v == nil || v.Status != mutate.Killable {
			continue
		}
		if r.Known && truth[id] == nil {
			r.BadKill = append(r.BadKill, Problem{id, "Killable, yet no input of the domain kills it (exhaustive enumeration)"})
			continue
		}
		if v.Input == nil {
			r.KillNoInput++
			continue
		}
		r.KillChecked++
		killed, rejected, err := o.Run(ctx, u, v.Input, []int{id})
		switch {
		case err != nil:
			r.BadKill = append(r.BadKill, Problem{id, "its input " + Call(u, v.Input) + " cannot be judged: " + err.Error()})
		case rejected:
			r.BadKill = append(r.BadKill, Problem{id, "its input " + Call(u, v.Input) + " breaks the unit's //gozilla:assume directives"})
		case len(killed) == 0:
			r.BadKill = append(r.BadKill, Problem{id, "its input " + Call(u, v.Input) + " does not kill it"})
		}
	}
	return r, nil
}

// Call writes a call of u on in, as Go.
func Call(u *unit.Unit, in []value.Value) string {
	var p value.Printer
	parts := make([]string, len(in))
	for i, t := range u.Inputs() {
		if i < len(in) {
			parts[i] = p.Literal(t, in[i])
		}
	}
	return u.Name + "(" + strings.Join(parts, ", ") + ")"
}
