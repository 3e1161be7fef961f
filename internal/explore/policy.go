package explore

// This file holds the policies: Narrowing, for test generation, and
// Sound, for proofs (widening) and for the miter (bounded).

import (
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/solve"
)

// Narrowing is the policy of test generation. Loops are unrolled
// (Limits.Bound visits of a block per path), and with a narrowing
// Precision (MaxLen) reads at symbolic indexes fork and lengths are
// capped: what it records describes some executions, which serve to
// build inputs, and proves nothing.
type Narrowing struct {
	// Refute, when set, is asked at each branch and each fork on a
	// symbolic index whether the path condition so far is certainly
	// unsatisfiable (Unsat); such paths are not followed. It is asked
	// with no allowance, so it must need none: domain reduction alone
	// (solve.Chain(solve.Config{DomRed: true})).
	Refute solve.Solver
}

// Start implements Policy.
func (*Narrowing) Start(*Explorer) bool { return true }

// Admit implements Policy.
func (*Narrowing) Admit(*Explorer, *Frame, *ssa.BasicBlock, *ssa.BasicBlock) bool { return true }

// Loop implements Policy: every block is entered (Limits.Bound stops
// the unrolling).
func (*Narrowing) Loop(*Explorer, *Frame, *ssa.BasicBlock, *ssa.BasicBlock) Step { return Go }

// Widen implements Policy (never asked).
func (*Narrowing) Widen(*Explorer, *Frame, *ssa.BasicBlock, *ssa.BasicBlock) {}

// Branch implements Policy.
func (*Narrowing) Branch(*Explorer, *Frame, *ssa.BasicBlock, c.Expr) bool { return false }

// Refuted implements Policy with Refute, counting the work of reducing
// the domains of the whole condition.
func (p *Narrowing) Refuted(x *Explorer, cl c.Clause) bool {
	if p.Refute == nil {
		return false
	}
	x.Work += 4 * len(cl)
	return p.Refute.Solve(&solve.Query{Clause: cl}, solve.Budget{}).Status == solve.Unsat
}

// Sound is the policy of proofs: what it records must describe every
// execution. With Bounded unset (widening, for reachability and
// necessity), a loop runs its first WidenUnroll turns exactly, then once
// from a state in which the values it carries (its header's φ-nodes) are
// fresh unknowns and the source variables it assigns are forgotten, but
// for the invariants proven of them (Invariants); a path that comes back
// to the header after that ends, the widened state covering it. With
// Bounded set (the miter, which needs every path's outcome), loops are
// unrolled, and a path that needs more than Unroll turns makes the
// exploration incomplete, unless Summarise takes the loop over.
// Irreducible control flow, which widening cannot handle, leaves the
// exploration incomplete. Refutations come from Refute.
type Sound struct {
	Bounded     bool // unroll (the miter), rather than widen
	Unroll      int  // bounded: the turns of a loop followed
	WidenUnroll int  // widening: the exact turns before a loop is widened
	// ProbeSteps bounds the block entries of one probe (ProbeLoop; 0:
	// only the exploration's limits): a body too large to walk fails
	// its probe, not the exploration.
	ProbeSteps int
	// Refute reports whether a path condition is proven unsatisfiable
	// (nil: none is).
	Refute func(x *Explorer, cl c.Clause) bool
	// Invariants returns facts about the widened φ-nodes of h (f binds
	// them) that hold on every turn; entry holds their values on entry.
	Invariants func(x *Explorer, f *Frame, h *ssa.BasicBlock, entry map[ssa.Value]Value) c.Clause
	// Summarise (bounded) may take over the rest of a loop whose back
	// edge from → h the path takes; it reports whether it did.
	Summarise func(x *Explorer, f *Frame, h, from *ssa.BasicBlock) bool
	// Exit may take over a branch (a path leaving a summarised loop);
	// it reports whether it did.
	Exit func(x *Explorer, f *Frame, b *ssa.BasicBlock, cond c.Expr) bool

	probe *probe
}

// probe is the state of a run of a loop's body (ProbeLoop).
type probe struct {
	head   *ssa.BasicBlock
	body   map[*ssa.BasicBlock]bool
	back   []ProbeArrival // the paths that came back to the head
	guards []c.Expr       // the branch conditions met
}

// ProbeArrival is a path of a probed loop's body back to its header:
// its condition and the values the header's φ-nodes take from it.
type ProbeArrival struct {
	Cond c.Clause            // the path's condition
	Next map[ssa.Value]Value // the φ-nodes' values it brings
}

// Start implements Policy.
func (p *Sound) Start(x *Explorer) bool {
	if x.Loops(x.Fn).Irreducible {
		x.Cut("irreducible control flow")
		return false
	}
	if p.Bounded && x.Fn.Recover != nil {
		x.Unmodelled("recover")
	}
	return true
}

// Admit implements Policy: while a loop is probed, a path ends where it
// comes back to the loop's header (recording the values it brings) or
// leaves the loop (the blocks of inlined callees are followed).
func (p *Sound) Admit(x *Explorer, f *Frame, b, from *ssa.BasicBlock) bool {
	pr := p.probe
	if pr == nil {
		return true
	}
	if b == pr.head {
		n := len(f.Cond)
		pr.back = append(pr.back, ProbeArrival{Cond: f.Cond[:n:n], Next: x.PhiValues(f, b, from)})
		return false
	}
	return b.Parent() != pr.head.Parent() || pr.body[b]
}

// Loop implements Policy.
func (p *Sound) Loop(x *Explorer, f *Frame, b, from *ssa.BasicBlock) Step {
	loops := x.Loops(b.Parent())
	back := from != nil && loops.Back[Edge{from, b}]
	if f.Iters == nil {
		f.Iters, f.Widened = map[*ssa.BasicBlock]int{}, map[*ssa.BasicBlock]bool{}
	}
	widen := false
	switch {
	case loops.Header[b] && !back:
		// Entering a loop from outside: its turns start again.
		f.Iters[b], f.Widened[b] = 0, false
		widen = !p.Bounded && p.WidenUnroll == 0
	case back:
		if f.Widened[b] {
			return Drop // the widened state already covers this one
		}
		f.Iters[b]++
		if p.Bounded && p.Summarise != nil && p.probe == nil && p.Summarise(x, f, b, from) {
			return Drop
		}
		if p.Bounded && f.Iters[b] > p.Unroll {
			x.Stop(fmt.Sprintf("a loop runs more than %d times", p.Unroll))
			return Drop
		}
		if !p.Bounded && f.Iters[b] > p.WidenUnroll {
			widen = true
		}
	}
	if widen {
		return Widen
	}
	return Go
}

// Widen implements Policy: what the loop at header h changes becomes
// unknown — its φ-nodes and the source variables it assigns — but for
// the invariants proven of the φ-nodes.
func (p *Sound) Widen(x *Explorer, f *Frame, h, from *ssa.BasicBlock) {
	entry := x.PhiValues(f, h, from)
	f.Widened[h] = true
	for _, ins := range h.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		f.Vals[phi] = x.Unknown(phi.Type(), phi.Comment)
	}
	for v := range x.Loops(h.Parent()).Vars[h] {
		f.Env.Set(v, Value{})
	}
	// Values computed inside the loop are recomputed before use on any
	// path through it; nothing else to forget. Within a probe of an
	// outer loop, Invariants may only look (Probing): no probe of its
	// own.
	if from != nil && p.Invariants != nil {
		f.Cond = append(f.Cond, p.Invariants(x, f, h, entry)...)
	}
}

// Branch implements Policy: Exit first; while a loop is probed, the
// conditions met are kept (ProbeLoop).
func (p *Sound) Branch(x *Explorer, f *Frame, b *ssa.BasicBlock, cond c.Expr) bool {
	if p.Exit != nil && p.Exit(x, f, b, cond) {
		return true
	}
	if _, k := cond.(*c.Const); !k && p.probe != nil {
		p.probe.guards = append(p.probe.guards, cond)
	}
	return false
}

// Assumed implements GuardNoter: while a loop is probed, what an
// access that went on assumes (its index in range) is kept with the
// branch conditions (ProbeLoop).
func (p *Sound) Assumed(cond c.Expr) {
	if _, k := cond.(*c.Const); !k && p.probe != nil {
		p.probe.guards = append(p.probe.guards, cond)
	}
}

// Refuted implements Policy with Refute.
func (p *Sound) Refuted(x *Explorer, cl c.Clause) bool {
	return p.Refute != nil && p.Refute(x, cl)
}

// Probing reports whether a loop is being probed (ProbeLoop).
func (p *Sound) Probing() bool { return p.probe != nil }

// ProbeLoop runs the body of h's loop once from f (whose φ-nodes are
// widened), assuming the facts assume, with nothing recorded, and
// returns the paths that came back to h, and the branch conditions met
// (and the bounds its accesses assumed);
// nil when the probe could not finish (a limit).
func (p *Sound) ProbeLoop(x *Explorer, f *Frame, h *ssa.BasicBlock, assume c.Clause) ([]ProbeArrival, []c.Expr) {
	saved := p.probe
	pr := &probe{head: h, body: x.Loops(h.Parent()).Body[h]}
	p.probe = pr
	g := f.Clone()
	g.Cond = append(g.Cond, assume...)
	g.Seen = map[ast.Node]bool{}
	if p.ProbeSteps > 0 {
		saved := x.stepCap
		if x.stepCap == 0 || x.Steps+p.ProbeSteps < x.stepCap {
			x.stepCap = x.Steps + p.ProbeSteps
		}
		defer func() { x.stepCap = saved }()
	}
	failed := x.Quiet(func() { x.Run(g, h, 0) })
	p.probe = saved
	if failed {
		return nil, nil
	}
	if pr.back == nil {
		pr.back = []ProbeArrival{}
	}
	return pr.back, pr.guards
}
