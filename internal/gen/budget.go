package gen

// This file implements the budgets of generation and the record of the
// limits it hits: the runs and ticks each unit and the package may spend
// (counts, so that verdicts are the same on any machine), the wall-clock
// safety net on a unit, the mutants the harness's wall clock keeps
// ending (left undecided and no longer run), and, for the report, every
// run a resource limit ended, with its unit and mutant.

import (
	"sort"
	"time"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
)

// cost is what a unit (or the package) has spent.
type cost struct {
	runs  int64
	ticks uint64
	wall  time.Duration // wall time spent on the unit, segments closed so far
	since time.Time     // start of the segment in progress (zero: none)
	spent string        // the budget that ran out ("" = none)
}

// solveCost is what asking an engine about one requirement counts for in
// the unit's run budget: solving (DDR's walks, the prover's SAT calls)
// costs as much as that many runs, and is bounded by the unit's budget
// like its runs are (base32's Encode asked DDR about 4,000 mutants).
const solveCost = 50

// charge adds n runs' worth of work that is not a harness run to u.
func (g *generator) charge(u *unit.Unit, n int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.costLocked(u)
	c.runs += n
	g.total.runs += n
}

// costLocked returns u's cost record, made on first use. Under g.mu.
func (g *generator) costLocked(u *unit.Unit) *cost {
	c := g.cost[u]
	if c == nil {
		c = &cost{}
		g.cost[u] = c
	}
	return c
}

// restartCost is what a run that ends its process (a crash, a deadlock,
// a stack or memory limit) counts for in the run budgets: starting a new
// process, and reaching the limit (a memory limit is gigabytes
// allocated), costs about as much as that many ordinary runs (measured:
// 10–40 ms against 20 µs; gods' arraylist's shrink, given receivers of
// huge sizes, spent minutes at 50).
const restartCost = 500

// maxWallHits is how many runs of a mutant the harness's wall clock may
// end before the mutant is no longer run (it stays undecided).
const maxWallHits = 2

// startUnit notes the start of a unit's random pass: its clock runs.
func (g *generator) startUnit(u *unit.Unit) { g.clock(u, true) }

// clock starts (run) or stops u's wall clock: the random pass and each
// deterministic pass's work on one of its mutants are timed, whatever
// the work is (runs, exploration, solving).
func (g *generator) clock(u *unit.Unit, run bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.costLocked(u)
	now := time.Now()
	if !c.since.IsZero() {
		c.wall += now.Sub(c.since)
		c.since = time.Time{}
	}
	if run {
		c.since = now
	}
}

// account adds a response's runs, ticks and limit hits to u's costs.
func (g *generator) account(u *unit.Unit, r *harness.Response) {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.costLocked(u)
	for _, a := range append([]harness.Response{*r}, r.More...) {
		c.runs += int64(1 + a.Ran)
		g.total.runs += int64(1 + a.Ran)
		g.countRunsLocked(int64(1 + a.Ran))
		w := a.Work
		if w < a.Ticks {
			w = a.Ticks
		}
		c.ticks += w
		g.total.ticks += w
		if p := a.Orig.Panic; p.Abnormal() && p.Kind != harness.PanicBudget {
			g.noteLocked(u, Limit{Kind: p.Kind})
			// The input itself ended its process: a new one.
			c.runs += restartCost
			g.total.runs += restartCost
			g.countRunsLocked(restartCost)
		}
		for _, m := range a.Patient {
			// Decided only by a patient second run: a fresh process,
			// and a wall hit like an undecided one (the mutant is run
			// no more after maxWallHits).
			g.wallHits[m]++
			c.runs += restartCost
			g.total.runs += restartCost
			g.countRunsLocked(restartCost)
			g.costly[m] = true
		}
		for _, e := range a.Ends {
			g.noteLocked(u, Limit{Kind: e.Kind, Mutant: e.Mutant})
			switch e.Kind {
			case harness.PanicSlow, harness.PanicHeavy, harness.PanicGoroutine:
				g.wallHits[e.Mutant]++
			case harness.PanicBlocked:
				// A deadlock is seen only after the watchdog's wait (200 ms
				// for channels), as much as twenty restarts, so a mutant
				// that deadlocked twice where it could not be killed (the
				// original's outcome is no test) is run no more, like one
				// too slow twice. Beside a usable original the deadlock is
				// a kill, which the test kept for it must still be able
				// to claim in its last run (parallel inputs of one batch
				// may deadlock it twice before that run): the kill takes
				// the mutant out of the live set, and a weak one out of
				// the runs (runnable).
				if !usable(u, &a) {
					g.wallHits[e.Mutant]++
				}
			}
			if e.Kind != harness.PanicBudget && e.Kind != harness.PanicHeavy {
				// A run that ended its process costs a new one: as
				// much as many runs (the budget counts it so), and the
				// mutant is asked about last where the order is free.
				c.runs += restartCost
				g.total.runs += restartCost
				g.countRunsLocked(restartCost)
				g.costly[e.Mutant] = true
			}
		}
	}
}

func (g *generator) noteLocked(u *unit.Unit, l Limit) {
	m := g.limits[u]
	if m == nil {
		m = map[Limit]int{}
		g.limits[u] = m
	}
	m[l]++
}

// over reports whether u may not spend more, noting the budget that ran
// out the first time.
func (g *generator) over(u *unit.Unit) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	c := g.cost[u]
	if c == nil {
		return false
	}
	if c.spent != "" {
		return true
	}
	switch {
	case c.runs >= g.unitRuns(u):
		c.spent = "unit runs"
	case c.ticks >= g.cfg.UnitTicks:
		c.spent = "unit ticks"
	case g.total.runs >= g.cfg.PackageRuns:
		c.spent = "package runs"
	case g.total.ticks >= g.cfg.PackageTicks:
		c.spent = "package ticks"
	case c.wall+sinceOr0(c.since) >= g.cfg.UnitWall:
		c.spent = "unit wall"
	default:
		return false
	}
	g.noteLocked(u, Limit{Kind: c.spent})
	return true
}

// clocked reports whether the unit's wall clock, a safety net, stopped
// its passes. (The harness's clock on one run, which ends a run past 50
// times the original's time as slow, leaves that mutant undecided for
// the input: a run so far past its original's time is slow on any
// machine, and is not counted here.)
func (g *generator) clocked(u *unit.Unit) bool {
	for _, l := range g.limitsOf(u) {
		if l.Kind == "unit wall" {
			return true
		}
	}
	return false
}

// unitRuns is u's run budget (Config.UnitRuns).
func (g *generator) unitRuns(u *unit.Unit) int64 {
	if g.cfg.UnitRuns > 0 {
		return g.cfg.UnitRuns + g.cfg.RunsPerTarget*int64(g.targets[u.Name])
	}
	return DefaultUnitRuns + DefaultRunsPerMutant*int64(len(g.byFunc[u.Name]))
}

// runnable drops from ids the mutants the wall clock ended too often,
// and those a run of which ended its process that a test already kills
// weakly (a row that builds a value from its fields, or crashes): run
// again, each would cost a new process per input for a row that only
// might read better.
func (g *generator) runnable(ids []int) []int {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.wallHits) == 0 && len(g.costly) == 0 {
		return ids
	}
	out := ids[:0:0]
	for _, id := range ids {
		if g.wallHits[id] < maxWallHits && !(g.costly[id] && g.weak[id]) {
			out = append(out, id)
		}
	}
	return out
}

// isCostly reports whether a run of mutant m has ended its process.
func (g *generator) isCostly(m int) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.costly[m]
}

// limitsOf returns the limits u hit, by mutant then kind.
func (g *generator) limitsOf(u *unit.Unit) []Limit {
	g.mu.Lock()
	defer g.mu.Unlock()
	var out []Limit
	for l, n := range g.limits[u] {
		l.Count = n
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Mutant != out[j].Mutant {
			return out[i].Mutant < out[j].Mutant
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// sinceOr0 is the time since t, or 0 for the zero time.
func sinceOr0(t time.Time) time.Duration {
	if t.IsZero() {
		return 0
	}
	return time.Since(t)
}
