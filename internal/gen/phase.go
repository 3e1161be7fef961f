package gen

// This file implements the record of where generation's time and runs go,
// by phase: the random pass, shrinking, the cache's replays, each engine's
// solving and the runs of its candidates, the coverage goals, the likely
// invariants and compaction. What gen -v and the JSON report show, and
// what the speed benchmark breaks a package's time into.

import (
	"time"
)

// Phase is what one phase of generation spent in a package.
type Phase struct {
	Name    string
	Wall    time.Duration
	Runs    int64 // harness runs (original and mutant executions)
	Entered int   // times it was entered
}

// phases tallies the phases; the passes run one at a time (their
// candidates in parallel), so one current phase is enough.
type phases struct {
	cur   string
	since time.Time
	by    map[string]*Phase
	order []string
}

func (p *phases) get(name string) *Phase {
	if p.by == nil {
		p.by = map[string]*Phase{}
	}
	ph := p.by[name]
	if ph == nil {
		ph = &Phase{Name: name}
		p.by[name] = ph
		p.order = append(p.order, name)
	}
	return ph
}

// enter makes name the current phase and returns the function that
// restores the one before it. Under g.mu.
func (g *generator) enter(name string) func() {
	g.mu.Lock()
	defer g.mu.Unlock()
	prev := g.ph.cur
	g.switchLocked(name)
	g.ph.get(name).Entered++
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.switchLocked(prev)
	}
}

func (g *generator) switchLocked(name string) {
	now := time.Now()
	if g.ph.cur != "" {
		g.ph.get(g.ph.cur).Wall += now.Sub(g.ph.since)
	}
	g.ph.cur, g.ph.since = name, now
}

// countRunsLocked adds n runs to the current phase. Under g.mu.
func (g *generator) countRunsLocked(n int64) {
	if g.ph.cur != "" {
		g.ph.get(g.ph.cur).Runs += n
	}
}

// phaseList returns the phases in the order they were first entered.
func (g *generator) phaseList() []Phase {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.switchLocked(g.ph.cur)
	out := make([]Phase, 0, len(g.ph.order))
	for _, n := range g.ph.order {
		out = append(out, *g.ph.by[n])
	}
	return out
}
