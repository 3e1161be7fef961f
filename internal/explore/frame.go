package explore

// This file holds a path's state: the frame the walk carries from block
// to block and copies at every fork.

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
)

// Frame is one path's state. The maps that events snapshot (the source
// variables, the expressions, the memory) are persistent (internal/pmap):
// a fork or an event shares them and later writes go to a layer of the
// writer's own.
type Frame struct {
	Vals  map[ssa.Value]Value           // the SSA registers
	Env   pmap.Scope[*types.Var, Value] // the source variables, as the last DebugRef left them
	Exprs pmap.Scope[ast.Expr, c.Expr]  // the source expressions' values (Recording.Exprs)
	// Mem holds what the path stored into places the explorer knows:
	// elements and fields of the inputs and of local arrays and structs
	// (narrowing policies).
	Mem  pmap.Scope[*Arg, Value]
	Cond c.Clause // the path condition
	// Visits counts the path's entries into each block (Limits.Bound).
	Visits map[*ssa.BasicBlock]int
	// Iters counts, per loop header, the turns of its loop since the
	// path entered it; Widened marks the headers whose loop runs from a
	// widened state (Sound).
	Iters   map[*ssa.BasicBlock]int
	Widened map[*ssa.BasicBlock]bool // (see Iters)
	Seen    map[ast.Node]bool        // sites recorded on this path at this block visit
	// Dirty says memory was written where the explorer cannot tell:
	// loads are no longer known.
	Dirty bool
	Steps int        // blocks entered on the path
	Stack []CallSite // the calls being inlined, innermost last
	// Ext is a policy's own per-path state, cloned with the frame.
	Ext Ext

	pending []pending // the arrivals at sites on this path so far (Recording.Whole)
}

// Ext is per-path state a policy keeps in frames.
type Ext interface {
	// Clone returns a copy for a forked path.
	Clone() Ext
}

// CallSite is an inlined call: where the caller goes on when it returns.
type CallSite struct {
	Block *ssa.BasicBlock // the caller's block
	Index int             // of the call instruction
	Call  *ssa.Call       // the call
}

// pending is an arrival at a site on the current path.
type pending struct {
	site ast.Node
	ev   *Event
}

func newFrame() *Frame {
	return &Frame{Vals: map[ssa.Value]Value{}, Seen: map[ast.Node]bool{}}
}

// Clone returns a copy of f for another path; see Explorer.Fork, which
// also counts the copy.
func (f *Frame) Clone() *Frame {
	g := &Frame{Vals: make(map[ssa.Value]Value, len(f.Vals)), Env: f.Env.Fork(), Exprs: f.Exprs.Fork(), Mem: f.Mem.Fork(),
		Cond: append(c.Clause(nil), f.Cond...), Seen: make(map[ast.Node]bool, len(f.Seen)), Dirty: f.Dirty, Steps: f.Steps,
		Stack: append([]CallSite(nil), f.Stack...), pending: append([]pending(nil), f.pending...)}
	for k, v := range f.Vals {
		g.Vals[k] = v
	}
	for k, v := range f.Seen {
		g.Seen[k] = v
	}
	if f.Visits != nil {
		g.Visits = make(map[*ssa.BasicBlock]int, len(f.Visits))
		for k, v := range f.Visits {
			g.Visits[k] = v
		}
	}
	if f.Iters != nil {
		g.Iters = make(map[*ssa.BasicBlock]int, len(f.Iters))
		for k, v := range f.Iters {
			g.Iters[k] = v
		}
	}
	if f.Widened != nil {
		g.Widened = make(map[*ssa.BasicBlock]bool, len(f.Widened))
		for k, v := range f.Widened {
			g.Widened[k] = v
		}
	}
	if f.Ext != nil {
		g.Ext = f.Ext.Clone()
	}
	return g
}

// size is what copying the frame costs, for Limits.MaxWork.
func (f *Frame) size() int {
	return len(f.Vals) + len(f.Cond) + len(f.Visits) + len(f.Seen) + len(f.pending)
}
