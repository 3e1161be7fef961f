package gen

// This file implements compaction (seed 001 §IV.C step iv): the kill
// matrix of the kept tests, then the smallest suite that achieves what
// they achieve (mincover.go); and the verdicts and statistics of the
// result.

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"sync"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// mapRecheck is how many more runs an input of a unit whose outcome may
// depend on map order makes on the mutants it killed before they count,
// and mapCompactRecheck how many a kept test makes at compaction: the
// search tries hundreds of inputs, and one whose kill is luck passes the
// first recheck now and then; the second, of the tests kept, is
// independent of that choice. A small map's order changes in one range
// of eight, so a kill in the common order passes both often: the rows of
// a unit that changes none of its inputs call it 64 times (repeat.go),
// which makes such a kill near-certain in every run; the others are
// called killed on 13 runs that all killed. (20 at compaction cost
// difflib's run 666 s of compaction, 6 cost 79 s, for the same kills.)
const (
	mapRecheck        = 6
	mapCompactRecheck = 6
)

// compact recomputes what each kept test kills among all killed mutants,
// drops tests whose original outcome is not reproducible, and returns the
// compact suite in emission order with each test's credit set.
func (g *generator) compact(ctx context.Context) ([]*Test, error) {
	killedSet := map[int]bool{}
	for _, t := range g.tests {
		for _, m := range t.Kills {
			killedSet[m] = true
		}
	}
	// The mutants no longer run since a run of one ended its process
	// and a crashing or direct row killed it (generator.runnable): the
	// rows kept after that were not asked about them, and a plain row
	// that kills one (New(-1) on a deleted guard) must be credited with
	// it, as a replay of the same row from the cache is.
	g.mu.Lock()
	for m := range g.costly {
		if g.weak[m] && !killedSet[m] && g.equivalent[m] == "" {
			killedSet[m] = true
		}
	}
	g.mu.Unlock()
	killed := make([]int, 0, len(killedSet))
	for m := range killedSet {
		killed = append(killed, m)
	}
	sort.Ints(killed)

	// The kill matrix, in parallel; a test whose original outcome differs
	// from its first run is flaky (state, time, randomness) and dropped.
	errs := make([]error, len(g.tests))
	stable := make([]bool, len(g.tests))
	sem := make(chan struct{}, max(g.cfg.Workers, 1)*2)
	var wg sync.WaitGroup
	for i, t := range g.tests {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			// Quick, then the mutants over the tight loop budget again
			// with the generous one: what a test kills is a property of
			// the test and the code alone, not of what was live when
			// generation kept it (a run that replays it from the cache
			// first must credit it with the same mutants).
			// With Config.Recheck, the kills are those of every run:
			// a mutant the input kills only on some runs (map order,
			// scheduling) is not one its row kills.
			// A recheck runs the kills so far but those whose run ended
			// the process (a crash, a deadlock): each would cost a new
			// process, a deadlock the watchdog's wait too, and such an
			// outcome is not one a map's order or a schedule brings.
			// A unit whose outcome may depend on a map's order is
			// rechecked always: a mutant that differs in some orders
			// only (a tie broken by the key met first) is no kill a row
			// makes every time, and the file must fail on every mutant
			// the report calls killed.
			recheck := g.cfg.Recheck
			if g.mapOrder[t.Unit] {
				recheck = max(recheck, mapCompactRecheck)
			}
			var kills []int
			for k := 0; k <= recheck; k++ {
				ask := killed
				if g.halted {
					// The search stopped early (Config.Search) to leave
					// time for this: each test is checked on the mutants
					// it killed when kept, not on every killed mutant,
					// and the suite is smaller only where that shows.
					ask = t.Kills
				}
				var kept []int
				if k > 0 {
					ask = nil
					for _, m := range kills {
						if g.isCostly(m) {
							kept = append(kept, m)
						} else {
							ask = append(ask, m)
						}
					}
				}
				r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[t.Unit], In: t.In, Mutants: ask, Budget: origBudget, Quick: true, Repeat: g.repeat[t.Unit]})
				if err != nil {
					errs[i] = err
					return
				}
				a, _ := json.Marshal(r.Orig)
				b, _ := json.Marshal(t.Out)
				if string(a) != string(b) {
					return // not stable
				}
				now := append([]int(nil), r.Killed...)
				if len(r.Unsure) > 0 {
					v, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[t.Unit], In: t.In, Mutants: r.Unsure, Budget: origBudget, Repeat: g.repeat[t.Unit]})
					if err != nil {
						errs[i] = err
						return
					}
					now = append(now, v.Killed...)
				}
				sort.Ints(now)
				if k == 0 {
					kills = now
					t.Hits = r.Hits
					t.cover = r.Cover
					t.Covers = g.goalsOf(r)
				} else {
					for _, m := range ask {
						if _, found := slices.BinarySearch(now, m); found {
							kept = append(kept, m)
						} else if g.mapOrder[t.Unit] {
							g.mu.Lock()
							g.orderOnly[m] = true // its why, if no test kills it in every order
							g.mu.Unlock()
						}
					}
					sort.Ints(kept)
					kills = kept
				}
			}
			stable[i] = true
			t.Kills = kills
		}()
	}
	wg.Wait()
	var tests []*Test
	for i, t := range g.tests {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if stable[i] {
			tests = append(tests, t)
		}
	}
	tests, err := g.reachable(ctx, tests)
	if err != nil {
		return nil, err
	}
	g.dropControlZpush(tests)

	direct := make([]bool, len(tests))
	for i, t := range tests {
		direct[i] = t.Direct()
	}
	chosen := tests
	if !g.cfg.KeepAll {
		chosen = smallestSuite(tests, direct)
	}

	// Emission order: units in source order, then the tests built
	// through the API before those that build a state directly, then
	// generation order.
	order := map[*unit.Unit]int{}
	for i, u := range g.problem.Pkg.Units {
		order[u] = i
	}
	sort.Slice(chosen, func(i, j int) bool {
		a, b := chosen[i], chosen[j]
		if order[a.Unit] != order[b.Unit] {
			return order[a.Unit] < order[b.Unit]
		}
		if da, db := a.Direct(), b.Direct(); da != db {
			return db
		}
		return a.seq < b.seq
	})
	// Credit: a mutant goes to the first row of its own function's test
	// that kills it, else to the first row that does: a test's comments
	// then rest on its own rows, and an edit of another function (whose
	// new rows kill some of this one's mutants too) leaves them as they
	// were.
	creditKills(chosen, g.problem.Pkg.Set)
	creditedGoal := map[Goal]bool{}
	for _, t := range chosen {
		t.CoverCredit = nil
		for _, x := range t.Covers {
			if !creditedGoal[x] {
				creditedGoal[x] = true
				t.CoverCredit = append(t.CoverCredit, x)
			}
		}
		t.Needs = g.needs(ctx, t.Unit, t.In, t.Credit)
	}
	return chosen, nil
}

// creditKills sets each test's Credit, the mutants its comment names:
// a mutant goes to the first test in file order of its own function
// that kills it, else to the first test that does. A test's comments
// then rest on its own rows, and an edit of another function (whose new
// rows kill some of this one's mutants too) leaves them as they were.
func creditKills(tests []*Test, set *mutate.Set) {
	credited := map[int]bool{}
	for _, t := range tests {
		t.Credit = t.Credit[:0:0]
		for _, m := range t.Kills {
			if !credited[m] && m-1 < len(set.Mutants) && set.Mutants[m-1].Func == t.Unit.Name {
				credited[m] = true
				t.Credit = append(t.Credit, m)
			}
		}
	}
	for _, t := range tests {
		for _, m := range t.Kills {
			if !credited[m] {
				credited[m] = true
				t.Credit = append(t.Credit, m)
			}
		}
		sort.Ints(t.Credit)
	}
}

// dropControlZpush takes from each test whose text, in or out, holds a
// control character (a NUL: value.ControlText) the ABS mutants of the
// zero-push form it kills: such a mutant (abs on a byte of the text, or
// on a delimiter written into it, dies only when that byte is 0) is
// killed only by a row of NUL text, one a reviewer does not keep. The
// test stays for what else it kills, and no row is written for those
// mutants alone; they say why.
func (g *generator) dropControlZpush(tests []*Test) {
	for _, t := range tests {
		if !t.controlText() {
			continue
		}
		kept := t.Kills[:0:0]
		for _, m := range t.Kills {
			if mu := g.problem.Pkg.Set.Mutants[m-1]; mu.ABSForm() == "zpush" {
				g.mu.Lock()
				g.why[m] = "killed only by text that holds a NUL or another control character, a row a reviewer does not keep"
				g.mu.Unlock()
				continue
			}
			kept = append(kept, m)
		}
		t.Kills = kept
	}
}

// controlText reports whether one of t's inputs or outcomes (results,
// inputs after the call) holds text with a control character
// (value.ControlText).
func (t *Test) controlText() bool {
	for i, typ := range t.Unit.Inputs() {
		if i < len(t.In) && value.ControlText(typ, t.In[i]) {
			return true
		}
	}
	found := false
	t.eachOutcome(func(_ string, typ *value.Type, v value.Value) bool {
		found = value.ControlText(typ, v)
		return !found
	})
	return found
}

// smallestSuite picks the suite compaction keeps from tests (direct[i]:
// test i spells a value through unexported fields, Test.Direct).
func smallestSuite(tests []*Test, direct []bool) []*Test {
	// The smallest suite: the fewest tests that achieve every goal the
	// stable tests achieve (a minimum set cover, seed 001 §IV.C step iv
	// made exact: the paper's reverse-order simulation, and a greedy
	// cover after it, keep more). Goals are the mutants a test kills
	// (Kind KillMutant) and the coverage goals it covers, counted alike.
	// Tests that end in a runtime panic (a nil dereference, an index out
	// of range) come in only for the goals no other test achieves: a row
	// a developer keeps shows the code working, and one that expects a
	// crash stays only for mutants nothing else kills.
	//
	// Likewise, tests whose inputs are built through the package's API
	// (constructors, methods, exported fields, plain values) come first;
	// a test that spells one of the package's values through its
	// unexported fields (a state its users cannot build, which breaks on
	// the first refactoring) comes in only for the goals no test built
	// through the API kills (Test.Direct): only for mutants, never for
	// coverage alone (a branch only such a state reaches is one its users
	// cannot reach either).
	//
	// In each of those tiers, the rows of exported functions and methods
	// come before those of unexported ones: a helper's inputs are its
	// callers', and a row that calls it on values no caller passes (a
	// negative length) is one a reviewer rejects; it comes in only for
	// what no row of the package's API achieves.
	var chosen []*Test
	covered := map[Goal]bool{}
	for tier := 0; tier < 8; tier++ {
		// Working rows through the API, working rows that build a state
		// directly, then the crashing ones in the same order.
		wantDirect, crash, helper := tier/2%2 == 1, tier >= 4, tier%2 == 1
		var cands []*Test
		var sets [][]int
		ids := map[Goal]int{}
		for i, t := range tests {
			if crashes(t) != crash || direct[i] != wantDirect || helper != t.helper() {
				continue
			}
			var set []int
			for _, m := range t.goals() {
				if covered[m] || wantDirect && m.Kind != engine.KillMutant {
					continue
				}
				if _, ok := ids[m]; !ok {
					ids[m] = len(ids)
				}
				set = append(set, ids[m])
			}
			cands, sets = append(cands, t), append(sets, set)
		}
		// The rows the cache brought back for a unit the edit did not
		// touch (Test.incumbent) stay, each that still achieves a goal:
		// the smallest cover of the rest is over what they leave, so
		// their test reads as it did.
		inc := map[int]bool{}
		for i, t := range cands {
			if t.incumbent && len(sets[i]) > 0 {
				inc[i] = true
				chosen = append(chosen, t)
			}
		}
		if len(inc) > 0 {
			done := map[int]bool{}
			for i := range inc {
				for _, x := range sets[i] {
					done[x] = true
				}
			}
			var rest []*Test
			var restSets [][]int
			for i, t := range cands {
				if inc[i] {
					continue
				}
				var set []int
				for _, x := range sets[i] {
					if !done[x] {
						set = append(set, x)
					}
				}
				rest, restSets = append(rest, t), append(restSets, set)
			}
			cands, sets = rest, restSets
		}
		pick, _ := minCover(sets, minCoverNodes)
		for _, i := range pick {
			chosen = append(chosen, cands[i])
		}
		for m := range ids {
			covered[m] = true
		}
	}
	return chosen
}

// helper reports whether t's unit is an unexported function or method.
func (t *Test) helper() bool {
	return t.Unit != nil && t.Unit.Func != nil && !t.Unit.Func.Exported()
}

// goals lists what t achieves: the mutants it kills and the goals it
// covers.
func (t *Test) goals() []Goal {
	out := make([]Goal, 0, len(t.Kills)+len(t.Covers))
	for _, m := range t.Kills {
		out = append(out, Goal{engine.KillMutant, m})
	}
	return append(out, t.Covers...)
}

// Direct reports whether one of t's inputs spells a value of one of the
// package's types through its unexported fields (value.Direct).
func (t *Test) Direct() bool {
	for i, typ := range t.Unit.Inputs() {
		if i < len(t.In) && value.Direct(typ, t.In[i]) {
			return true
		}
	}
	return false
}

// crashes reports whether t's original run ends in a runtime panic.
func crashes(t *Test) bool {
	return t.Out.Panic != nil && t.Out.Panic.Kind == harness.PanicRuntime
}

// verdicts sets each mutant's status from the emitted tests and the sites
// reached during generation.
func (g *generator) verdicts(res *Result) {
	killed := map[int]bool{}
	for _, t := range res.Tests {
		for _, m := range t.Kills {
			killed[m] = true
		}
	}
	for _, m := range res.Set.Mutants {
		switch {
		case killed[m.ID]:
			res.Status[m.ID] = mutate.Killed
		case g.equivalent[m.ID] != "":
			res.Status[m.ID] = mutate.Equivalent
		case res.Stopped != nil:
			res.Status[m.ID] = mutate.NotRun // the search stopped before it
		case g.reached[m.Site]:
			res.Status[m.ID] = mutate.Lived
		default:
			res.Status[m.ID] = mutate.NotCovered
		}
	}
}

// stats summarises per unit; mutants of functions that are not supported
// units go to other.
func stats(res *Result, seconds map[*unit.Unit]float64) ([]*UnitStats, *UnitStats) {
	byName := map[string]*UnitStats{}
	var out []*UnitStats
	for _, u := range res.Units {
		s := &UnitStats{Unit: u, Seconds: seconds[u], ByPass: map[string]int{}}
		out = append(out, s)
		if u.Skip == "" {
			byName[u.Name] = s
		}
	}
	other := &UnitStats{ByPass: map[string]int{}}
	for _, m := range res.Set.Mutants {
		s := byName[m.Func]
		if s == nil {
			s = other
		}
		s.Mutants++
		switch res.Status[m.ID] {
		case mutate.Killed:
			s.Killed++
		case mutate.Equivalent:
			s.Equivalent++
		default:
			s.Live++
		}
	}
	for _, t := range res.Tests {
		if s := byName[t.Unit.Name]; s != nil {
			s.Tests++
			s.ByPass[t.Pass]++
		}
	}
	return out, other
}
