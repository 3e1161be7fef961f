package symbolic

// This file holds a unit's control-flow facts: its blocks, the dominator
// and post-dominator trees, and the def-use chains of its SSA values —
// what the path explorer walks and what the later engines (unreachable
// statements, infeasible branches, all-uses coverage) ask about.

import (
	"golang.org/x/tools/go/ssa"
)

// CFG describes one function's control flow graph.
type CFG struct {
	Fn *ssa.Function
	// Ipdom is each block's immediate post-dominator; nil for the blocks
	// that leave the function (return or panic) and for blocks from which
	// no exit is reachable (an endless loop).
	Ipdom map[*ssa.BasicBlock]*ssa.BasicBlock
	// Uses lists, for each value an instruction defines (and each
	// parameter), the instructions that use it: its def-use chain.
	Uses map[ssa.Value][]ssa.Instruction

	exits map[*ssa.BasicBlock]bool // blocks from which an exit is reachable
}

// NewCFG computes the facts of fn.
func NewCFG(fn *ssa.Function) *CFG {
	g := &CFG{Fn: fn, Ipdom: map[*ssa.BasicBlock]*ssa.BasicBlock{}, Uses: map[ssa.Value][]ssa.Instruction{}, exits: map[*ssa.BasicBlock]bool{}}
	g.postDominators()
	add := func(v ssa.Value) {
		if refs := v.Referrers(); refs != nil {
			g.Uses[v] = append([]ssa.Instruction(nil), (*refs)...)
		}
	}
	for _, p := range fn.Params {
		add(p)
	}
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if v, ok := ins.(ssa.Value); ok {
				add(v)
			}
		}
	}
	return g
}

// Dominates reports whether every path from the entry to b passes a
// (a block dominates itself).
func (g *CFG) Dominates(a, b *ssa.BasicBlock) bool { return a.Dominates(b) }

// PostDominates reports whether every path from b to the function's exit
// passes a (a block post-dominates itself). Blocks from which the exit
// cannot be reached are post-dominated by nothing but themselves.
func (g *CFG) PostDominates(a, b *ssa.BasicBlock) bool {
	if a == b {
		return true
	}
	if !g.exits[b] {
		return false
	}
	for p := g.Ipdom[b]; p != nil; p = g.Ipdom[p] {
		if p == a {
			return true
		}
	}
	return false
}

// postDominators computes the post-dominator tree by the iterative
// algorithm of Cooper, Harvey and Kennedy on the reversed graph, with a
// virtual exit after every block that returns or panics.
func (g *CFG) postDominators() {
	blocks := g.Fn.Blocks
	if len(blocks) == 0 {
		return
	}
	const exit = -1
	// Post-order of the reversed graph from the virtual exit.
	order := map[*ssa.BasicBlock]int{}
	var post []*ssa.BasicBlock
	var visit func(b *ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		order[b] = -2 // being visited
		g.exits[b] = true
		for _, p := range b.Preds {
			if _, seen := order[p]; !seen {
				visit(p)
			}
		}
		order[b] = len(post)
		post = append(post, b)
	}
	var roots []*ssa.BasicBlock
	for _, b := range blocks {
		if len(b.Succs) == 0 {
			roots = append(roots, b)
		}
	}
	for _, r := range roots {
		if _, seen := order[r]; !seen {
			visit(r)
		}
	}
	// idom over the reversed graph; the virtual exit has index len(post).
	top := len(post)
	idom := make([]int, len(post)+1)
	for i := range idom {
		idom[i] = exit
	}
	idom[top] = top
	isRoot := map[*ssa.BasicBlock]bool{}
	for _, r := range roots {
		isRoot[r] = true
	}
	intersect := func(a, b int) int {
		for a != b {
			for a < b {
				a = idom[a]
			}
			for b < a {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 1; i >= 0; i-- { // reverse post-order
			b := post[i]
			// Predecessors in the reversed graph: b's successors, and the
			// virtual exit for the roots.
			n := exit
			if isRoot[b] {
				n = top
			}
			for _, s := range b.Succs {
				j, ok := order[s]
				if !ok || j < 0 || idom[j] == exit {
					continue
				}
				if n == exit {
					n = j
				} else {
					n = intersect(j, n)
				}
			}
			if n != exit && idom[i] != n {
				idom[i], changed = n, true
			}
		}
	}
	for i, b := range post {
		if d := idom[i]; d != top && d != exit {
			g.Ipdom[b] = post[d]
		}
	}
}
