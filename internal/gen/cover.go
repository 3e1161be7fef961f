package gen

// This file implements coverage as a goal of generation: the branch
// outcomes and def-use pairs of the package's coverage plan
// (internal/coverage) are requirements like the mutants. The probes ride
// in the schemata, the harness reports what the original's run of an
// input covered, an input that covers a goal no kept test covers is kept
// (shrunk so that it still does), and after the mutants every engine is
// asked about each goal still open.

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
)

// Goal is a coverage requirement: a branch outcome (engine.CoverBranch)
// or a def-use pair (engine.CoverPair) of the coverage plan, by ID.
type Goal struct {
	Kind engine.Kind
	ID   int
}

// Coverage is what the kept tests cover of the package's coverage plan.
type Coverage struct {
	Plan *coverage.Plan
	// Covered is the union of the emitted tests' coverage.
	Covered *coverage.Covered
	// Infeasible holds the goals a sound engine proved no input covers,
	// with the proof's gist; they leave the denominators.
	Infeasible map[Goal]string
	// Why says, for each goal left open that an engine tried, why it did
	// not cover it.
	Why map[Goal]string
}

// goalsOf decodes what a run covered into goals (branches, then pairs).
func (g *generator) goalsOf(r *harness.Response) []Goal {
	if g.plan == nil || len(r.Cover) == 0 {
		return nil
	}
	c := g.plan.Records(r.Cover)
	var out []Goal
	for id, ok := range c.Branches {
		if ok {
			out = append(out, Goal{engine.CoverBranch, id})
		}
	}
	for id, ok := range c.Pairs {
		if ok {
			out = append(out, Goal{engine.CoverPair, id})
		}
	}
	return out
}

// freshGoals is the goals a run of u covers that no kept test covers.
// A unit that may touch package-level state gets no row for coverage
// alone: the row could leave that state changed for the package's other
// tests (uuid.SetRand(an empty reader) breaks every later test that
// draws a UUID), and nothing checks it.
func (g *generator) freshGoals(u *unit.Unit, r *harness.Response) []Goal {
	if g.stateful[u] {
		return nil
	}
	var out []Goal
	for _, x := range g.goalsOf(r) {
		if !g.covered[x] {
			out = append(out, x)
		}
	}
	return out
}

// coversAll reports whether a run covers every goal of want.
func (g *generator) coversAll(r *harness.Response, want []Goal) bool {
	if len(want) == 0 {
		return true
	}
	have := map[Goal]bool{}
	for _, x := range g.goalsOf(r) {
		have[x] = true
	}
	for _, x := range want {
		if !have[x] {
			return false
		}
	}
	return true
}

// openGoals lists the goals no kept test covers and no engine proved
// infeasible, branches first, in plan order.
func (g *generator) openGoals() []Goal {
	var out []Goal
	for id := range g.plan.Branches {
		if x := (Goal{engine.CoverBranch, id}); !g.covered[x] && g.infeasible[x] == "" {
			out = append(out, x)
		}
	}
	for id := range g.plan.Pairs {
		if x := (Goal{engine.CoverPair, id}); !g.covered[x] && g.infeasible[x] == "" {
			out = append(out, x)
		}
	}
	return out
}

// goalUnit is the supported unit a goal is in, or nil.
func (g *generator) goalUnit(x Goal) *unit.Unit {
	fn := -1
	switch x.Kind {
	case engine.CoverBranch:
		fn = g.plan.Branches[x.ID].Func
	case engine.CoverPair:
		fn = g.plan.Pairs[x.ID].Func
	}
	if fn < 0 || fn >= len(g.plan.Funcs) {
		return nil
	}
	return g.problem.Pkg.Unit(g.plan.Funcs[fn].Name)
}

// because adds what an engine says of goal x it left open to what the
// engines before it said.
func (g *generator) because(x Goal, why string) {
	if prev := g.goalWhy[x]; prev != "" {
		why = prev + "; " + why
	}
	g.goalWhy[x] = why
}

// coverGoals asks engine e about every open goal of the units that ran
// (the goals of units outside -run are not the run's), in plan order.
func (g *generator) coverGoals(ctx context.Context, e engine.Engine, k int, seconds map[*unit.Unit]float64) error {
	for _, x := range g.openGoals() {
		if g.covered[x] || ctx.Err() != nil {
			continue
		}
		u := g.goalUnit(x)
		if u == nil || g.stateful[u] || g.skip(u, k) {
			continue
		}
		if _, ok := g.index[u]; !ok || g.over(u) {
			continue
		}
		t0 := time.Now()
		g.clock(u, true)
		g.charge(u, solveCost)
		err := g.tryGoal(ctx, e, x, u)
		g.clock(u, false)
		seconds[u] += time.Since(t0).Seconds()
		if err != nil {
			return err
		}
	}
	return nil
}

// tryGoal asks e about goal x of unit u and runs its inputs, keeping the
// first that covers it (shrunk).
func (g *generator) tryGoal(ctx context.Context, e engine.Engine, x Goal, u *unit.Unit) error {
	leave := g.enter(e.Name() + " solve (goals)")
	ans, err := e.Solve(ctx, g.problem, engine.Requirement{Kind: x.Kind, ID: x.ID, Unit: u})
	leave()
	defer g.enter(e.Name() + " runs (goals)")()
	if err != nil {
		return fmt.Errorf("%s engine on %s %d: %w", e.Name(), x.Kind, x.ID, err)
	}
	switch {
	case ans.Verdict == engine.Infeasible && engine.IsSound(e):
		g.infeasible[x] = e.Name() + ": " + ans.Reason
		delete(g.goalWhy, x)
		return nil
	case ans.Verdict != engine.Found || len(ans.Inputs) == 0:
		if ans.Reason != "" {
			g.because(x, e.Name()+": "+ans.Reason)
		}
		return nil
	}
	ran := 0
	for _, in := range ans.Inputs {
		if g.covered[x] || g.over(u) {
			break
		}
		r, err := g.exec(ctx, u, in, nil, harness.Bits(g.runnable(g.liveIDs())), true)
		if err != nil {
			return err
		}
		g.reach(r)
		ran++
		if !usable(u, r) || !g.coversAll(r, []Goal{x}) {
			continue
		}
		credit := g.liveOf(r.Killed)
		in, r, err := g.shrink(ctx, u, in, credit, g.freshGoals(u, r), r, false)
		if err != nil {
			return err
		}
		g.keep(u, in, r, e.Name())
	}
	if !g.covered[x] {
		g.because(x, fmt.Sprintf("%s: %d candidate input(s) ran, none covered it", e.Name(), ran))
	}
	return nil
}

// coverResult summarises the coverage of the emitted tests.
func (g *generator) coverResult(tests []*Test) *Coverage {
	if g.plan == nil {
		return nil
	}
	c := &Coverage{Plan: g.plan, Covered: g.plan.Records(nil), Infeasible: g.infeasible, Why: map[Goal]string{}}
	for _, t := range tests {
		c.Covered.Merge(g.plan.Records(t.cover))
	}
	for x, why := range g.goalWhy {
		if !c.has(x) {
			c.Why[x] = why
		}
	}
	// A goal no engine answered for, in a unit whose budget ran out: say
	// so rather than nothing.
	for _, x := range g.openGoals() {
		if c.Why[x] != "" || c.has(x) {
			continue
		}
		if u := g.goalUnit(x); u != nil {
			if cost := g.cost[u]; cost != nil && cost.spent != "" {
				c.Why[x] = fmt.Sprintf("not asked of every engine: the unit's %s limit stopped its passes first", cost.spent)
			}
		}
	}
	return c
}

// has reports whether the emitted tests cover goal x.
func (c *Coverage) has(x Goal) bool {
	switch x.Kind {
	case engine.CoverBranch:
		return c.Covered.Branches[x.ID]
	case engine.CoverPair:
		return c.Covered.Pairs[x.ID]
	}
	return false
}

// sortGoals orders goals by kind then ID.
func sortGoals(gs []Goal) {
	sort.Slice(gs, func(i, j int) bool {
		if gs[i].Kind != gs[j].Kind {
			return gs[i].Kind < gs[j].Kind
		}
		return gs[i].ID < gs[j].ID
	})
}
