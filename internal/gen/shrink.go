package gen

// This file implements the shrinking of kept inputs, whichever pass found
// them (random, cbt, ddr, equiv, dalg…, coverage goals), and the reasons
// a kept input holds values outside the plain set (Test.Needs).

import (
	"context"
	"slices"
	"sort"
	"strings"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// maxShrink bounds the candidate runs spent shrinking one kept input: a
// count, so that what is written does not depend on the machine.
const maxShrink = 300

// shrinkCost bounds a shrinking candidate's original: at most this many
// times the ticks of the input it shrinks (and heavyTicks).
const shrinkCost = 8

// shrink looks for a plainer input that still kills every mutant of
// credit and covers every goal of goals, and returns it with its run
// against every live mutant. r0 is in's run against the live mutants;
// when verified, its kills are final and it is reused if in cannot be
// simplified.
//
// The first round starts with each argument's values outside the plain
// set made plain at once (value.PlainVariants). Each round then shrinks
// together the leaves equal to one another (value.ShrinkTied: a field
// compared with another's; a replacement that failed is not tried
// again), then each argument as far as it goes before the next
// (value.ShrinkWith, with the unit's constants), going on after a step
// from where it was: failed candidates are not retried after every
// step. A candidate is taken when a run under the harness confirms it
// (execution is the judge), and never when it makes a call that
// returned panic instead (a nil where the caller means a value).
func (g *generator) shrink(ctx context.Context, u *unit.Unit, in []value.Value, credit []int, goals []Goal, r0 *harness.Response, verified bool) ([]value.Value, *harness.Response, error) {
	defer g.enter("shrink")()
	types := u.Inputs()
	pool := &u.Pool
	cur := in
	tried := map[string]bool{value.Key(in): true}
	failedTied := map[string]bool{}
	runs := 0
	panicked := r0 != nil && r0.Orig.Panic != nil
	// A shrunk input does not trade a plain outcome for one that looks
	// like a bug (the empty list whose mean is NaN): that row would be
	// left out, and its kills with it.
	plainOutcome := r0 != nil && (&Test{Unit: u, In: in, Out: r0.Orig}).Suspect() == ""
	// A candidate's original may cost a few times in's, not more: a
	// plainer input is not a dearer one, and on a GCD by subtraction the
	// candidates of an input holding MaxInt64 each ran to the full
	// budget (seconds of shrinking per row).
	budget := uint64(origBudget)
	if r0 != nil {
		budget = min(budget, max(shrinkCost*r0.Ticks, heavyTicks))
	}
	// must is credit in the order candidates are asked about it: the
	// mutant a candidate failed to kill moves to the front, so that the
	// next candidate, which likely fails on it too, stops after one run
	// (the harness stops at the first mutant not killed: MustKill).
	// Mutants whose runs end their process (a crash) are left out where
	// others are asked about (a new process per candidate costs more
	// than all the rest): the shrunk input's last run checks that it
	// kills them too, else the input found is kept as it was.
	// A zero-push mutant on a character (abs of a byte or a rune dies
	// only when it is 0) is not one the shrunk input must still kill:
	// keeping it kept the NUL bytes of text ("\x00…}" where "a…}" makes
	// every other kill); the row is not credited with it then
	// (dropControlZpush).
	var must []int
	for _, m := range credit {
		if !charZpush(g.problem.Pkg.Set.Mutants[m-1]) {
			must = append(must, m)
		}
	}
	if len(must) == 0 {
		must = append(must, credit...)
	}
	g.mu.Lock()
	sort.SliceStable(must, func(i, j int) bool { return !g.costly[must[i]] && g.costly[must[j]] })
	var costly []int
	for len(must) > 1 && g.costly[must[len(must)-1]] && !g.costly[must[0]] {
		costly = append(costly, must[len(must)-1])
		must = must[:len(must)-1]
	}
	g.mu.Unlock()
	// try runs cand when it is new, and reports whether it is as good.
	try := func(cand []value.Value) (bool, error) {
		k := value.Key(cand)
		if tried[k] {
			return false, nil
		}
		tried[k] = true
		runs++
		r, err := g.mustKill(ctx, u, cand, must, budget)
		if err != nil {
			return false, err
		}
		got := map[int]bool{}
		for _, m := range append(r.Killed, r.Unsure...) {
			got[m] = true
		}
		for i, m := range must {
			if !got[m] {
				copy(must[1:i+1], must[:i])
				must[0] = m
				return false, nil
			}
		}
		ok := usable(u, r) && !g.heavy(u, r) && g.coversAll(r, goals) && (panicked || r.Orig.Panic == nil)
		if ok && plainOutcome && (&Test{Unit: u, In: cand, Out: r.Orig}).Suspect() != "" {
			ok = false
		}
		return ok, nil
	}
	for round, improved := 0, true; improved && runs < maxShrink && (round == 0 || !g.over(u)); round++ {
		improved = false
		// Every value outside the plain set made plain at once (a run
		// or two where leaf by leaf takes many), in the first round,
		// even past the unit's budget: a row of 64-bit values inside a
		// slice is one the file cannot hold (32-bit targets), and one
		// of random values one a reviewer would not keep.
		for i := 0; i < len(cur) && runs < maxShrink && round == 0; i++ {
			for _, cand := range value.PlainVariants(types, cur, i) {
				ok, err := try(cand)
				if err != nil {
					return nil, nil, err
				}
				if ok {
					cur, improved = cand, true
					break
				}
			}
		}
		if g.over(u) {
			break
		}
		// Numbers that are only compared, made the least integers in
		// the same order at once (i.Hi > oi.Lo > oi.Hi: 3, 2, 1), where
		// one at a time each holds the others up.
		for _, cand := range value.ShrinkOrder(types, cur) {
			if runs >= maxShrink || failedTied[value.Key(cand)] {
				continue
			}
			ok, err := try(cand)
			if err != nil {
				return nil, nil, err
			}
			if ok {
				cur, improved = cand, true
				continue
			}
			failedTied[value.Key(cand)] = true
		}
		for progress := true; progress && runs < maxShrink; {
			progress = false
			for _, c := range value.ShrinkTied(types, cur, pool) {
				if failedTied[c.Key] {
					continue // the same replacement failed before
				}
				ok, err := try(c.In)
				if err != nil {
					return nil, nil, err
				}
				if ok {
					cur, improved, progress = c.In, true, true
					break
				}
				failedTied[c.Key] = true
				if runs >= maxShrink {
					break
				}
			}
		}
		for i := 0; i < len(cur) && runs < maxShrink; i++ {
			// After a step, the candidates go on from where the step
			// was (those before it failed on the value before it: a
			// field of a struct, a plainer number), not from the first;
			// the next round starts over.
			for start, progress := 0, true; progress && runs < maxShrink; {
				progress = false
				cs := value.ShrinkWith(types[i], cur[i], pool)
				for j := start; j < len(cs); j++ {
					cand := append([]value.Value(nil), cur...)
					cand[i] = cs[j]
					ok, err := try(cand)
					if err != nil {
						return nil, nil, err
					}
					if ok {
						cur, improved, progress, start = cand, true, true, j
						break
					}
					if runs >= maxShrink {
						break
					}
				}
			}
		}
	}
	if verified && value.Key(cur) == value.Key(in) {
		return in, r0, nil
	}
	r, err := g.exec(ctx, u, cur, nil, harness.Bits(g.runnable(g.liveIDs())), false)
	if err == nil && len(cur) > 0 && len(credit) > 0 && value.Key(cur) != value.Key(in) &&
		(!killsLive(g, r) || !containsAll(r.Killed, g.liveOf(costly)) && allPlain(types, cur) == allPlain(types, in)) {
		// A mutant only thought to time out on the shrunk input ended
		// after all, or a crashing one it was not asked about lives:
		// keep the input that was found — unless it holds values
		// outside the plain set (random 64-bit ints in a slice: a row
		// no 32-bit target compiles, which the file then leaves out
		// with all its kills) and the shrunk one does not: that one
		// is kept with what it kills, and the crashing mutants it
		// spares stay live for other inputs.
		cur = in
		r, err = g.exec(ctx, u, cur, nil, harness.Bits(g.runnable(g.liveIDs())), false)
	}
	return cur, r, err
}

// needs returns, for each input of in outside the plain set (value.Plain:
// a bound, a value beyond 32 bits, non-ASCII text…), the mutants of kills
// (mutants the input kills: a test's Credit, after compaction) that need
// it: none of its plain variants (value.PlainVariants) kills them; nil
// when every input is plain. Whether a mutant needs a value is a
// property of the two alone, so that a test the cache replays says the
// same. It is asked of the tests compaction keeps only, about the
// mutants they are credited with (the note that uses it names no other):
// asked of every kept input about every mutant, it ran each one that
// ends its process (a deadlock, a crash) again for each kept input. One
// harness request, for a test that holds such a value; a failed or
// cancelled run leaves reasons out.
func (g *generator) needs(ctx context.Context, u *unit.Unit, in []value.Value, kills []int) map[int][]int {
	types := u.Inputs()
	var vars [][]value.Value
	var owner []int // the input each variant stands for
	for i := range in {
		for _, v := range value.PlainVariants(types, in, i) {
			vars = append(vars, v)
			owner = append(owner, i)
		}
	}
	idx, ok := g.index[u]
	if len(vars) == 0 || len(kills) == 0 || !ok {
		return nil
	}
	r, err := g.pool.Do(ctx, &harness.Request{Unit: idx, In: vars[0], More: vars[1:], Mutants: kills, Budget: origBudget, Quick: true, Repeat: g.repeat[u]})
	if err != nil || len(r.More) != len(vars)-1 {
		return nil
	}
	resps := append([]harness.Response{*r}, r.More...)
	// lost[i][m] counts the variants of input i that do not kill m, of
	// n[i]: m needs input i when it is all of them (whatever else the
	// input kills, so that a replayed test says the same).
	lost := map[int]map[int]int{}
	n := map[int]int{}
	for k, v := range resps {
		i := owner[k]
		n[i]++
		killed := map[int]bool{}
		for _, m := range append(v.Killed, v.Unsure...) {
			killed[m] = true
		}
		if lost[i] == nil {
			lost[i] = map[int]int{}
		}
		for _, m := range kills {
			if !killed[m] {
				lost[i][m]++
			}
		}
	}
	out := map[int][]int{}
	for i, ms := range lost {
		var every []int
		for _, m := range kills {
			if ms[m] == n[i] {
				every = append(every, m)
			}
		}
		if len(every) > 0 {
			slices.Sort(every)
			out[i] = every
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// mustKill runs cand, an input of u, against mutants in order, asking
// only whether it kills (or leaves unsure) all of them
// (harness.Request.MustKill): the runs stop at the first it does not.
func (g *generator) mustKill(ctx context.Context, u *unit.Unit, in []value.Value, mutants []int, budget uint64) (*harness.Response, error) {
	mutants = g.runnable(mutants)
	r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[u], In: in, Mutants: mutants, Budget: budget, Quick: true, MustKill: true, Repeat: g.repeat[u]})
	if err == nil {
		g.account(u, r)
	}
	return r, err
}

// allPlain reports whether every value of in is in the plain set
// (value.Plain).
func allPlain(types []*value.Type, in []value.Value) bool {
	for i, v := range in {
		if i < len(types) && !value.Plain(types[i], v) {
			return false
		}
	}
	return true
}

// charZpush reports whether m is an ABS zero-push mutant of a byte or a
// rune: the value of a character, which only a NUL makes 0.
func charZpush(m *mutate.Mutant) bool {
	if m.ABSForm() != "zpush" {
		return false
	}
	for _, t := range []string{"func(v byte)", "func(v uint8)", "func(v rune)", "func(v int32)"} {
		if strings.HasPrefix(m.Repl, t) {
			return true
		}
	}
	return false
}
