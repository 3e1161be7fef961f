package gen

// This file implements the random pass (shrink.go shrinks what it keeps).

import (
	"context"
	"sync"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
)

// randomPass tries random inputs of u, in batches run in parallel and
// judged in order, so that the outcome does not depend on the number of
// workers.
func (g *generator) randomPass(ctx context.Context, sampler engine.Sampler, u *unit.Unit) error {
	src := sampler.Sample(u, g.cfg.Seed)
	// The random pass leaves half of the unit's run and tick budgets to
	// the deterministic passes: a large random budget does not starve
	// them.
	share := func() bool {
		if g.solvers == 0 {
			return false
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		c := g.cost[u]
		return c != nil && (c.runs >= g.unitRuns(u)/2 || c.ticks >= g.cfg.UnitTicks/2)
	}
	// Batches of a fixed size, whatever -j: a stream told to tame
	// (costly) after a batch changes the inputs from the next batch on,
	// the same on every machine.
	const batchSize = 16
	tamer, _ := src.(engine.Tamer)
	tried, idle := 0, 0
	most := g.cfg.Random
	if l := g.cfg.Long; l != nil {
		most = max(most, l.Random)
	}
	more := func() bool {
		if tried < g.cfg.Random && idle < g.cfg.Patience {
			return true
		}
		l := g.cfg.Long
		if l == nil || tried >= l.Random || idle >= l.Patience {
			return false
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		c := g.cost[u]
		return c == nil || c.ticks < l.Ticks
	}
	for more() && len(g.live) > 0 && !g.over(u) && !share() {
		batch := src.Next(min(batchSize, most-tried))
		if len(batch) == 0 {
			break // the input space is exhausted
		}
		// The batch runs in quick mode: a mutant over the tight budget
		// is verified with the generous one only when the judging below
		// needs it, after earlier inputs of the batch have dropped the
		// mutants they kill (an endless loop costs a full budget).
		cands := make([]candidate, len(batch))
		for i, in := range batch {
			cands[i] = candidate{Unit: u, In: in}
		}
		resps, errs := g.execQuick(ctx, cands)
		for i, r := range resps {
			if errs[i] != nil {
				return errs[i]
			}
			if g.over(u) || share() {
				break // the rest of the batch ran, but is not judged
			}
			g.account(u, r)
			tried++
			g.reach(r)
			heavy := usable(u, r) && g.heavy(u, r)
			if tamer != nil && (costly(r) || heavy) {
				tamer.Tame()
			}
			if !usable(u, r) || heavy {
				idle++
				continue
			}
			g.seeCheapest(u, r)
			credit := g.liveOf(r.Killed)
			verified := false
			if unsure := g.liveOf(r.Unsure); len(credit) == 0 && len(unsure) > 0 {
				v, err := g.exec(ctx, u, batch[i], unsure, nil, false)
				if err != nil {
					return err
				}
				credit = g.liveOf(v.Killed)
				r.Killed, r.Unsure, verified = append(r.Killed, credit...), nil, true
			}
			weakOnly := len(credit) > 0
			credit = g.strongCredit(u, batch[i], r, credit)
			weakOnly = weakOnly && len(credit) == 0
			goals := g.freshGoals(u, r)
			if len(credit) == 0 && len(goals) == 0 {
				if !weakOnly {
					// (An input that kills what only weak tests kill
					// is not kept, but the search is not idle there.)
					idle++
				}
				continue
			}
			idle = 0
			if (&Test{Unit: u, In: batch[i], Out: r.Orig}).nilMisuse() || worldlyNil(u, batch[i]) {
				continue // not kept (keep says why)
			}
			if why := (&Test{Unit: u, In: batch[i], Out: r.Orig}).Suspect(); why != "" {
				// Reported, not kept: the search goes on (keep).
				g.suspect(&Test{Unit: u, In: batch[i], Out: r.Orig}, why)
				continue
			}
			in, r, err := g.shrink(ctx, u, batch[i], credit, goals, r, verified)
			if err != nil {
				return err
			}
			g.keep(u, in, r, sampler.Name())
		}
	}
	return nil
}

// liveOf is the live mutants among ms.
func (g *generator) liveOf(ms []int) []int {
	var out []int
	for _, m := range ms {
		if g.live[m] {
			out = append(out, m)
		}
	}
	return out
}

func killsLive(g *generator, r *harness.Response) bool {
	for _, m := range r.Killed {
		if g.live[m] {
			return true
		}
	}
	return false
}

// reach records the sites an input reached.
func (g *generator) reach(r *harness.Response) {
	for _, s := range r.Hits {
		g.reached[s] = true
	}
}

func containsAll(have, want []int) bool {
	set := make(map[int]bool, len(have))
	for _, x := range have {
		set[x] = true
	}
	for _, x := range want {
		if !set[x] {
			return false
		}
	}
	return true
}

// execQuick runs candidates in parallel, in quick mode, against the
// mutants live now; the caller judges the responses in order.
func (g *generator) execQuick(ctx context.Context, cands []candidate) ([]*harness.Response, []error) {
	live := harness.Bits(g.runnable(g.liveIDs()))
	resps := make([]*harness.Response, len(cands))
	errs := make([]error, len(cands))
	var wg sync.WaitGroup
	for i := range cands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resps[i], errs[i] = g.execSpend(ctx, cands[i].Unit, cands[i].In, nil, live, true, false)
		}()
	}
	wg.Wait()
	return resps, errs
}

// costly reports whether an input's original run outgrew a resource
// limit: its loop budget or its allocation cap (both "budget"), its
// memory, its stack or its time. Such an input costs up to a process
// and seconds, and is no row.
func costly(r *harness.Response) bool {
	if p := r.Orig.Panic; p != nil {
		switch p.Kind {
		case harness.PanicBudget, harness.PanicMemory, harness.PanicHeavy, harness.PanicStack, harness.PanicSlow:
			return true
		}
	}
	return false
}
