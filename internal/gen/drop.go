package gen

// This file implements the removal of emitted test cases that failed when
// the emitted file ran under go test on the current code: a row that
// passes in the harness but fails there depends on something outside its
// inputs (package state another unit's run left behind in the worker,
// the clock), and a failing row is never left in a user's tree.

import (
	"github.com/gozilla/gozilla/internal/mutate"
)

// Drop removes the tests for which failed is true and updates what
// depended on them: a mutant only they killed is alive again (Lived, with
// why), the units' counts, and every remaining test's Credit
// (creditKills). It returns how many it removed.
func (r *Result) Drop(failed func(*Test) bool, why string) int {
	var kept []*Test
	for _, t := range r.Tests {
		if !failed(t) {
			kept = append(kept, t)
			continue
		}
		if s := r.stats(t.Unit.Name); s != nil {
			s.Tests--
			if s.ByPass[t.Pass] > 0 {
				s.ByPass[t.Pass]--
			}
		}
	}
	dropped := len(r.Tests) - len(kept)
	if dropped == 0 {
		return 0
	}
	r.Tests = kept
	alive := map[int]bool{}
	for _, t := range kept {
		for _, id := range t.Kills {
			alive[id] = true
		}
	}
	creditKills(kept, r.Set)
	if r.Why == nil {
		r.Why = map[int]string{}
	}
	for _, m := range r.Set.Mutants {
		if r.Status[m.ID] != mutate.Killed || alive[m.ID] {
			continue
		}
		r.Status[m.ID] = mutate.Lived
		r.Why[m.ID] = why
		if s := r.stats(m.Func); s != nil {
			s.Killed--
			s.Live++
		} else if r.Other != nil {
			r.Other.Killed--
			r.Other.Live++
		}
	}
	return dropped
}

// stats returns the summary of the unit called name, or nil.
func (r *Result) stats(name string) *UnitStats {
	for _, s := range r.Stats {
		if s.Unit != nil && s.Unit.Name == name {
			return s
		}
	}
	return nil
}
