package explore

// This file holds the control-flow facts the policies decide on: a
// function's natural loops and the variables that live in memory.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Loops holds the natural loops of a function.
type Loops struct {
	Back   map[Edge]bool            // back edges: to a block that dominates their source
	Header map[*ssa.BasicBlock]bool // their targets
	// Vars holds, per header, the source variables its loop refers to.
	Vars map[*ssa.BasicBlock]map[*types.Var]bool
	// Body holds, per header, the blocks of its loop.
	Body map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	// Exprs holds, per header, the source expressions its loop computes
	// (its DebugRefs'): a turn's values are stale on the next.
	Exprs map[*ssa.BasicBlock][]ast.Expr
	// Irreducible says the graph without back edges still has a cycle:
	// a loop without a single entry, which widening cannot handle.
	Irreducible bool
}

// FindLoops finds fn's back edges, each header's natural loop and the
// variables it refers to, and whether the control flow is irreducible.
func FindLoops(fn *ssa.Function) *Loops {
	li := &Loops{Back: map[Edge]bool{}, Header: map[*ssa.BasicBlock]bool{}, Vars: map[*ssa.BasicBlock]map[*types.Var]bool{}, Body: map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}, Exprs: map[*ssa.BasicBlock][]ast.Expr{}}
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				li.Back[Edge{b, s}] = true
				li.Header[s] = true
			}
		}
	}
	for h := range li.Header {
		body := map[*ssa.BasicBlock]bool{h: true}
		var stack []*ssa.BasicBlock
		for _, p := range h.Preds {
			if li.Back[Edge{p, h}] && !body[p] {
				body[p] = true
				stack = append(stack, p)
			}
		}
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, p := range b.Preds {
				if !body[p] {
					body[p] = true
					stack = append(stack, p)
				}
			}
		}
		vars := map[*types.Var]bool{}
		for _, b := range fn.Blocks { // in order: Exprs is deterministic
			if !body[b] {
				continue
			}
			for _, ins := range b.Instrs {
				if d, ok := ins.(*ssa.DebugRef); ok {
					if v, ok := d.Object().(*types.Var); ok {
						vars[v] = true
					}
					if !d.IsAddr {
						li.Exprs[h] = append(li.Exprs[h], d.Expr)
					}
				}
			}
		}
		li.Vars[h] = vars
		li.Body[h] = body
	}
	// Cycle check on the forward edges (Kahn's algorithm).
	indeg := map[*ssa.BasicBlock]int{}
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if !li.Back[Edge{b, s}] {
				indeg[s]++
			}
		}
	}
	var queue []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if indeg[b] == 0 {
			queue = append(queue, b)
		}
	}
	seen := 0
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		seen++
		for _, s := range b.Succs {
			if !li.Back[Edge{b, s}] {
				if indeg[s]--; indeg[s] == 0 {
					queue = append(queue, s)
				}
			}
		}
	}
	li.Irreducible = seen != len(fn.Blocks)
	return li
}

// MemoryVars are the source variables of fn that live in memory (their
// address is taken, or a closure captures them): stores through pointers
// change them without a DebugRef.
func MemoryVars(fn *ssa.Function) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if d, ok := ins.(*ssa.DebugRef); ok && d.IsAddr {
				if v, ok := d.Object().(*types.Var); ok {
					out[v] = true
				}
			}
		}
	}
	return out
}
