// Package dalg will be the SW D-algorithm engine of seed 001 (Zhang,
// Gupta & Halfond). This file is its representation of a unit (§IV.A):
// the minimal regions of analysis (mROA) of its statements, each with
// its input definitions (RID) and output definitions (ROD), computed on
// the go/ssa form, where definitions and uses are SSA values and their
// referrers. The procedures (implication, MEE, MEP, JUST, backtracking)
// and the engine are not written yet: nothing registers this package.
package dalg

import (
	"fmt"
	"go/ast"
	"sort"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// Region is the mROA of a statement: the statement alone when it does
// not branch; for a branch (a block ending in an If), the block and
// every block it reaches before its immediate post-dominator, so that
// the ways the branch may take stay inside the region and its behaviour
// is a function of its inputs and outputs alone.
type Region struct {
	// Instr is the statement of a non-branching region; nil for a
	// branch's.
	Instr ssa.Instruction
	// Blocks are a branch's region, its head first, in the function's
	// order after it; Exit is the head's immediate post-dominator, not
	// in the region (nil: the function's end).
	Blocks []*ssa.BasicBlock
	Exit   *ssa.BasicBlock
	// RID are the values the region uses and does not define (the
	// parameters and instructions outside it; constants are not
	// definitions). ROD are the values it defines that are used outside
	// it, and, for a branch, the φ-nodes of its exit that read an edge
	// from the region: the values that leave it.
	RID, ROD []ssa.Value
}

// InstrRegion is the region of a non-branching statement.
func InstrRegion(ins ssa.Instruction) *Region {
	r := &Region{Instr: ins}
	in := map[ssa.Instruction]bool{ins: true}
	r.RID = inputs([]ssa.Instruction{ins}, in)
	if v, ok := ins.(ssa.Value); ok && usedOutside(v, in) {
		r.ROD = []ssa.Value{v}
	}
	return r
}

// BranchRegion is the region of the branch ending block b (b's last
// instruction is an *ssa.If), with cfg the facts of b's function.
func BranchRegion(cfg *symbolic.CFG, b *ssa.BasicBlock) *Region {
	return RegionTo(b, Exit(cfg, b))
}

// Exit is where the region of the branch ending b ends: its immediate
// post-dominator; when it has none because a way returns (if x < 0 {
// return -1 }), the nearest block that every way from b which does not
// end the function goes through. Paths that return inside are the
// region's too (they end at the unit's outputs), so an early return
// does not stretch a region to the function's end. Nil: the region runs
// to the end.
func Exit(cfg *symbolic.CFG, b *ssa.BasicBlock) *ssa.BasicBlock {
	if p := cfg.Ipdom[b]; p != nil {
		return p
	}
	// The candidates: blocks b reaches from which the function goes on
	// (a block that returns is no exit), whose region (the blocks b
	// reaches without passing it) leaves only through it or by ending
	// the function; the smallest region, the nearest first on a tie.
	var best *ssa.BasicBlock
	bestSize := 0
	seen := map[*ssa.BasicBlock]bool{b: true}
	queue := []*ssa.BasicBlock{b}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, p := range x.Succs {
			if seen[p] {
				continue
			}
			seen[p] = true
			queue = append(queue, p)
			if len(p.Succs) == 0 {
				continue
			}
			if n := closes(b, p); n > 0 && (best == nil || n < bestSize) {
				best, bestSize = p, n
			}
		}
	}
	return best
}

// closes returns the size of the region from b closed by p (the
// blocks b reaches without passing p, which p's way on never enters
// again), or 0 when p does not close one.
func closes(b, p *ssa.BasicBlock) int {
	in := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range x.Succs {
			if s == b {
				return 0 // a loop back to the head: not a region of b's
			}
			if s != p && !in[s] {
				in[s] = true
				work = append(work, s)
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{p: true}
	work = []*ssa.BasicBlock{p}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range x.Succs {
			if in[s] {
				return 0
			}
			if !seen[s] {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return len(in)
}

// RegionTo is the region from head b to exit (nil: the function's
// end): the blocks b reaches before exit.
func RegionTo(b, exit *ssa.BasicBlock) *Region {
	r := &Region{Exit: exit}
	inBlock := map[*ssa.BasicBlock]bool{b: true}
	work := []*ssa.BasicBlock{b}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, s := range x.Succs {
			if s != r.Exit && !inBlock[s] {
				inBlock[s] = true
				work = append(work, s)
			}
		}
	}
	for blk := range inBlock {
		r.Blocks = append(r.Blocks, blk)
	}
	sort.Slice(r.Blocks, func(i, j int) bool {
		bi, bj := r.Blocks[i], r.Blocks[j]
		if (bi == b) != (bj == b) {
			return bi == b
		}
		return bi.Index < bj.Index
	})
	var instrs []ssa.Instruction
	in := map[ssa.Instruction]bool{}
	for _, blk := range r.Blocks {
		for _, ins := range blk.Instrs {
			// A φ of the head that merges only edges from outside is
			// the output of the region before (x at use(x, 5)): an
			// input here. One with an edge from inside (a loop's back
			// edge) is the region's own.
			if _, ok := ins.(*ssa.Phi); ok && blk == b && !anyPredIn(b, inBlock) {
				continue
			}
			instrs = append(instrs, ins)
			in[ins] = true
		}
	}
	r.RID = inputs(instrs, in)
	// The exit's φ-nodes that read an edge from the region are its
	// outputs (x_out of the paper's example); a value that leaves only
	// through them is not listed again.
	var exitPhis []ssa.Value
	// A loop's head as the exit merges the region's edge with the
	// loop's back edge: its φ-nodes are the loop region's own, not
	// this region's outputs (the value on this edge is an input there).
	if r.Exit != nil && allPredsIn(r.Exit, inBlock) {
		for _, ins := range r.Exit.Instrs {
			phi, ok := ins.(*ssa.Phi)
			if !ok {
				break
			}
			for i := range phi.Edges {
				if inBlock[r.Exit.Preds[i]] {
					exitPhis = append(exitPhis, phi)
					in[phi] = true // for usedOutside, below
					break
				}
			}
		}
	}
	for _, ins := range instrs {
		if v, ok := ins.(ssa.Value); ok && usedOutside(v, in) {
			r.ROD = append(r.ROD, v)
		}
	}
	r.ROD = append(r.ROD, exitPhis...)
	return r
}

func allPredsIn(b *ssa.BasicBlock, inBlock map[*ssa.BasicBlock]bool) bool {
	for _, p := range b.Preds {
		if !inBlock[p] {
			return false
		}
	}
	return true
}

func anyPredIn(b *ssa.BasicBlock, inBlock map[*ssa.BasicBlock]bool) bool {
	for _, p := range b.Preds {
		if inBlock[p] {
			return true
		}
	}
	return false
}

// inputs are the values instrs use that no instruction of the region
// (in) defines: parameters, free variables and instructions outside.
func inputs(instrs []ssa.Instruction, in map[ssa.Instruction]bool) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var ops []*ssa.Value
	for _, ins := range instrs {
		ops = ins.Operands(ops[:0])
		for _, op := range ops {
			if op == nil || *op == nil || seen[*op] {
				continue
			}
			v := *op
			switch v := v.(type) {
			case *ssa.Const, *ssa.Function, *ssa.Global, *ssa.Builtin:
				continue
			case ssa.Instruction:
				if in[v] {
					continue
				}
			}
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// usedOutside reports whether a referrer of v is outside the region.
func usedOutside(v ssa.Value, in map[ssa.Instruction]bool) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, u := range *refs {
		if _, dbg := u.(*ssa.DebugRef); dbg {
			continue
		}
		if !in[u] {
			return true
		}
	}
	return false
}

// Path is one way through a region, from its head to its exit or to
// the function's end: its condition over the region's inputs, and the
// values of its outputs it leaves with (the exit's φ-nodes read on the
// edge it takes, the other outputs as computed). Ended says it ended
// the function instead (a return or a panic inside the region), with
// Code one of the explorer's outcome codes and, for a return, Results.
// Edges are the control-flow edges it takes, in order (the first from
// the head; the last into the exit when it leaves): the invocation
// status it gives the region's nodes and edges.
type Path struct {
	Cond    c.Clause
	Out     map[ssa.Value]c.Expr
	Ended   bool
	Code    int
	Results []c.Expr
	// Strs holds the results that are constant strings (nil elsewhere):
	// two paths' are compared as they are.
	Strs  []*string
	Edges []Edge
}

// Edge is a control-flow edge.
type Edge struct{ From, To *ssa.BasicBlock }

// Behaviour is a region's symbolic expression (§IV.A.1): its inputs as
// symbols and its paths. It is computed once per region and reused by
// every mutant in it.
type Behaviour struct {
	In    map[ssa.Value]*c.Sym
	Paths []Path
	// Incomplete says why the paths may not be all of them (a loop
	// unwound Unwind times, a budget); "" when they are.
	Incomplete string
	// Opaque names something the exploration did not model (a store, a
	// call it does not inline); "" when it modelled everything.
	Opaque string
	// Bounded: the region reads a parameter that is not a scalar (a
	// slice, a string), modelled up to maxLen elements only.
	Bounded bool
}

// Unwind is the visits of a block a region's exploration allows (loop
// unwinding to an acyclic form, §IV.A).
const Unwind = 3

// Analyse computes a region's behaviour: the region's inputs (RID)
// become fresh symbols, and its paths are explored from its head to its
// exit by the shared explorer core. Inputs that are not scalars (a
// slice, a pointer) make it unsupported.
func (r *Region) Analyse(fn *ssa.Function) (*Behaviour, error) {
	return r.AnalyseWith(fn, nil, nil)
}

// AnalyseWith is Analyse with the symbols of some inputs given (a
// parameter's the unit's argument symbol, so that a model of the
// region's inputs is an input of the unit); the symbols it makes for
// the others are added to syms when it is not nil.
//
// args are the unit's inputs (nil: made from fn's parameters): a
// parameter the region reads is its argument's value (a slice or a
// string by its length and elements, symbols every region shares), and
// a scalar one is an input by its argument's symbol.
//
// Loops are unwound Unwind times. A region whose paths that bound cut,
// and that has few paths, is explored again with the bound doubled (up
// to maxUnwind); the deeper behaviour replaces it only when it is
// complete: loops whose turns constants bound (a 3×3 matrix's) are
// unwound whole, while a loop on an input keeps the small bound.
func (r *Region) AnalyseWith(fn *ssa.Function, syms map[ssa.Value]*c.Sym, args []*core.Arg) (*Behaviour, error) {
	beh, err := r.analyse(fn, syms, args, Unwind)
	if err != nil || beh.Incomplete != unrolled || len(beh.Paths) >= fewPaths {
		return beh, err
	}
	for bound := 2 * Unwind; bound <= maxUnwind; bound *= 2 {
		more, err := r.analyse(fn, syms, args, bound)
		if err != nil || more.Incomplete != "" && more.Incomplete != unrolled || len(more.Paths) > maxPaths/2 {
			break // a budget cut it, or too many paths
		}
		if more.Incomplete == "" {
			return more, nil
		}
	}
	return beh, nil
}

// unrolled is the explorer's reason for a path the unrolling bound cut.
const unrolled = core.Unrolled

// maxUnwind and fewPaths bound the re-explorations of a loop region.
const (
	maxUnwind = 24
	fewPaths  = 32
)

func (r *Region) analyse(fn *ssa.Function, syms map[ssa.Value]*c.Sym, args []*core.Arg, bound int) (*Behaviour, error) {
	if r.Instr != nil {
		return nil, fmt.Errorf("a statement's region is the statement: its expression is the instruction's")
	}
	head := r.Blocks[0]
	beh := &Behaviour{In: map[ssa.Value]*c.Sym{}}
	if args == nil {
		args = make([]*core.Arg, len(fn.Params))
		for i, p := range fn.Params {
			args[i] = core.NewArg(p.Name(), core.Shape(p.Type()))
		}
	}
	param := map[ssa.Value]*core.Arg{}
	for i, p := range fn.Params {
		if i < len(args) {
			param[p] = args[i]
		}
	}
	pol := &regionPolicy{region: map[*ssa.BasicBlock]bool{}, r: r, beh: beh}
	for _, b := range r.Blocks {
		pol.region[b] = true
	}
	// min and max are modelled (an ABS mutant's), and a panicking
	// division or shift is a path of its own (an outcome a mutant may
	// change).
	prec := symbolic.Precision(maxLen)
	prec.MinMax, prec.Guards = true, core.ForkGuard
	x := core.New(fn, args, nil, pol, core.Config{
		Limits:    core.Limits{Bound: bound, MaxSteps: 20_000, MaxWork: 5_000_000, MaxPaths: maxPaths},
		Precision: prec,
		Recording: core.Recording{Outcomes: true},
		Inline:    2,
	})
	x.Cfg.OnEnd = func(f *core.Frame, code int, results []ssa.Value) {
		if len(f.Stack) > 0 && code == core.Returned {
			return // an inlined call's return: the caller goes on
		}
		// A panic ends the unit wherever it is raised, in an inlined
		// call too (an ABS mutant's panic on zero is one).
		p := Path{Cond: append(c.Clause(nil), f.Cond...), Ended: true, Code: code, Edges: trail(f)}
		p.Strs = make([]*string, len(results))
		for k, v := range results {
			if val := x.Value(f, v); val.Str != nil {
				p.Strs[k] = val.Str
			}
			e, _ := x.Scalar(f, v, "a result")
			p.Results = append(p.Results, e)
		}
		beh.Paths = append(beh.Paths, p)
	}
	f := &core.Frame{Vals: map[ssa.Value]core.Value{}, Seen: map[ast.Node]bool{}, Visits: map[*ssa.BasicBlock]int{}, Ext: &edgeTrail{}}
	for _, v := range r.RID {
		t, ok := core.IRType(v.Type())
		if a := param[v]; a != nil && (!ok || a.Sym != nil) {
			f.Vals[v] = a.Initial()
			beh.Bounded = beh.Bounded || a.Sym == nil
			if a.Sym != nil {
				beh.In[v] = a.Sym
				if syms != nil {
					syms[v] = a.Sym
				}
			}
			continue
		}
		if !ok {
			return nil, fmt.Errorf("input %s of type %s is not a scalar", v.Name(), v.Type())
		}
		s := syms[v]
		if s == nil {
			s = &c.Sym{Name: v.Name(), Type: t}
			if syms != nil {
				syms[v] = s // shared with the regions analysed after
			}
		}
		beh.In[v] = s
		f.Vals[v] = core.Value{E: c.V(s)}
	}
	if anyPredIn(head, pol.region) {
		// A loop's head: its φ-nodes read the edge from outside.
		var from *ssa.BasicBlock
		for _, p := range head.Preds {
			if !pol.region[p] {
				from = p
				break
			}
		}
		x.Enter(f, head, from)
	} else {
		f.Visits[head]++
		x.Run(f, head, 0)
	}
	beh.Incomplete, beh.Opaque = x.Incomplete, x.Opaque
	return beh, nil
}

// maxLen is the length up to which the regions' explorations model
// local arrays and slices element by element (a symbolic index forks).
const maxLen = 16

// maxPaths bounds a region's paths.
const maxPaths = 256

// edgeTrail is a path's edges so far (the frame's Ext).
type edgeTrail struct{ edges []Edge }

func (t *edgeTrail) Clone() core.Ext {
	return &edgeTrail{edges: append([]Edge(nil), t.edges...)}
}

func trail(f *core.Frame) []Edge {
	if t, ok := f.Ext.(*edgeTrail); ok {
		return append([]Edge(nil), t.edges...)
	}
	return nil
}

// regionPolicy explores a region: a path ends where it leaves it.
type regionPolicy struct {
	core.Narrowing
	region map[*ssa.BasicBlock]bool
	r      *Region
	beh    *Behaviour
}

// Admit implements core.Policy: each edge of the unit's frame is kept
// in its trail; the exit ends a path, recorded with the outputs' values.
func (p *regionPolicy) Admit(x *core.Explorer, f *core.Frame, b, from *ssa.BasicBlock) bool {
	if len(f.Stack) > 0 {
		return true
	}
	if t, ok := f.Ext.(*edgeTrail); ok && from != nil {
		t.edges = append(t.edges, Edge{from, b})
	}
	if p.region[b] {
		return true
	}
	out := map[ssa.Value]c.Expr{}
	phis := x.PhiValues(f, b, from)
	for _, v := range p.r.ROD {
		var val core.Value
		if phi, ok := v.(*ssa.Phi); ok && phi.Block() == b {
			val = phis[phi]
		} else {
			val = x.Value(f, v)
		}
		out[v] = val.E // nil: not a scalar the explorer models
	}
	p.beh.Paths = append(p.beh.Paths, Path{Cond: append(c.Clause(nil), f.Cond...), Out: out, Edges: trail(f)})
	return false
}
