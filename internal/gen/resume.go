package gen

// This file implements the cache's checkpoints: each time a pass is done
// with a unit (its random pass; an engine's pass over its mutants, or
// over the package's coverage goals), the unit's tests so far go into the
// cache (cache.go), marked with that pass. A run stopped later (a signal,
// -deadline, SIGKILL) loses no finished pass: the next run with the same
// flags replays the unit's tests and runs only the passes after it. A
// run that ends replaces the checkpoints with its units' entries (the
// tests of the file), as before.
//
// What a checkpoint holds is decided by counted budgets, not by the
// clock: the pass ran to its end, the same on any machine. A pass the
// stop cut, and a unit the safety clock stopped, write none.

import (
	"slices"

	"github.com/gozilla/gozilla/internal/unit"
)

// checkpoints is the generator's record of them.
type checkpoints struct {
	cache  *genCache
	passes []string            // the passes in order: "random", each solver, "cover:"+solver
	resume map[*unit.Unit]int  // the passes a checkpoint replayed for the unit: skipped
	saved  map[*unit.Unit]bool // units this run wrote a checkpoint of
	done   func() bool         // whether the search or the run has ended
	onSave func(units int)     // told the units saved so far
}

// passIndex is the index of the pass named name, or -1.
func (c *checkpoints) passIndex(name string) int { return slices.Index(c.passes, name) }

// skip reports whether pass k of u is not to run: the cache replayed the
// unit whole, or past that pass.
func (g *generator) skip(u *unit.Unit, k int) bool {
	return g.replayed[u] || g.ckpt.resume[u] > k
}

// checkpoint writes u's tests so far to the cache, as done up to pass k.
// Nothing is written without a cache, for a unit the cache replayed
// whole or past k, for one the safety clock stopped, or once the search
// or the run has ended (the pass may have been cut).
func (g *generator) checkpoint(u *unit.Unit, k int) {
	c := &g.ckpt
	if c.cache == nil || g.skip(u, k) || c.done() {
		return
	}
	if _, ok := g.index[u]; !ok || g.clocked(u) {
		return
	}
	path, start, ok := c.cache.path(u)
	if !ok || path == "" {
		return
	}
	g.mu.Lock()
	tests := slices.Clone(g.tests)
	g.mu.Unlock()
	e := g.entry(u, tests, start)
	e.Upto = c.passes[k]
	c.cache.store(u, e)
	if !c.saved[u] {
		c.saved[u] = true
		if c.onSave != nil {
			c.onSave(len(c.saved))
		}
	}
}

// checkpointAll writes the checkpoints of units at the end of pass k.
func (g *generator) checkpointAll(units []*unit.Unit, k int) {
	for _, u := range units {
		g.checkpoint(u, k)
	}
}
