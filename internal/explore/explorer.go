package explore

// This file is the walk: blocks entered through the policy, φ-nodes
// read on the edge taken, instructions run in order with the site
// triggers around them, branches folded or forked (each side kept
// unless the policy refutes its condition), paths ended at returns and
// panics, inlined callees returning to their callers.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/value"
)

// Config is what an exploration is asked to do, besides its policy.
type Config struct {
	Limits
	Precision
	Recording
	// Inline is the depth of static calls into the explored function's
	// package followed into their bodies (0: calls are unknowns).
	Inline int
	// Initial is a condition every path starts with (assumptions).
	Initial c.Clause
}

// Limits bound an exploration. They are counts, never the clock, so that
// it stops at the same place on every machine; a limit reached stops the
// exploration and makes it incomplete. Zero values mean no limit.
type Limits struct {
	// Bound is the visits of a block per path (loop unrolling): a path
	// that would enter a block once more ends there, and the exploration
	// is incomplete but goes on.
	Bound int
	// MaxSteps bounds the block entries of the whole exploration, over
	// all paths (its size); MaxPathSteps those of one path.
	MaxSteps, MaxPathSteps int
	// MaxPaths bounds the paths explored to their end.
	MaxPaths int
	// MaxWork bounds the explorer's copying: every fork copies the path's
	// state and every arrival at a site keeps a snapshot, which a unit
	// with thousands of sites forking on symbolic indexes turns into
	// gigabytes well within MaxSteps.
	MaxWork int
	// Stop, when set, is polled at each block entry and each fork on a
	// symbolic index; a reason stops the exploration (a caller's
	// deadline), "" lets it go on.
	Stop func() string
}

// Precision says what the walk models beyond scalars, lengths and
// fields; what it does not model is an unknown ("havoc"), which widens
// and never narrows.
type Precision struct {
	// MaxLen, when positive, narrows (test generation): lengths are at
	// most MaxLen (a bound added to the path where a length is read),
	// elements are read at constant indexes (the first MaxLen) and a
	// read at a symbolic index forks over its first MaxLen values, a
	// slice's capacity is its length, memory is modelled where the
	// explorer can tell where a pointer points (an input's pointee,
	// assumed not nil and not aliased, locals whose address is taken).
	// Zero is sound (proofs): lengths are only known not to be negative
	// (facts added at the entry) and the rest is unknown.
	MaxLen int
	// Strings models constant strings: their lengths, and == and !=
	// against an input string (with MaxLen, element by element).
	Strings bool
	// NamedResults starts named results as zero values.
	NamedResults bool
	// MinMax forks the builtins min and max of two integers on their
	// comparison.
	MinMax bool
	// Guards says what an operation that may panic (integer division
	// or remainder, a shift by a signed count) does to the path.
	Guards Guard
	// MemoryVars leaves the source variables that live in memory
	// (address taken, captured) unbound: stores through pointers change
	// them without a DebugRef.
	MemoryVars bool
}

// Guard is how operations that may panic are explored.
type Guard uint8

const (
	// NoGuard ignores the panic: the path goes on, the result unfolded.
	NoGuard Guard = iota
	// AssumeGuard goes on under the condition that it does not panic.
	AssumeGuard
	// ForkGuard also ends a path of its own where it panics (its
	// outcome, with PanicDivide or PanicShift), so that the paths'
	// outcomes are the function's.
	ForkGuard
)

// Recording says what an exploration keeps.
type Recording struct {
	// Exprs keeps the source expressions' values (Event.Vals).
	Exprs bool
	// Whole keeps, per site, the whole paths through it (Explorer.Full),
	// at most MaxWhole each.
	Whole    bool
	MaxWhole int // (see Whole)
	// MaxEvents bounds the arrivals recorded at one site before an
	// instruction (0: none recorded); MaxAfter those after one (0:
	// MaxEvents, negative: no bound). A site with more is in Overflow.
	MaxEvents, MaxAfter int
	// MaxBlockConds bounds the path conditions kept per block
	// (Explorer.Blocks; 0: none).
	MaxBlockConds int
	// Outcomes keeps the paths' ends with their results (Explorer.Ends).
	Outcomes bool
	// OnEvent, when set, is told of each arrival recorded, with the
	// path's frame: how a goal-directed policy learns it got there.
	OnEvent func(f *Frame, site ast.Node, ev *Event)
	// OnEnd, when set, is told of each path's end (its outcome code and,
	// for a return, the values returned), with the path's frame.
	OnEnd func(f *Frame, code int, results []ssa.Value)
}

// Policy decides what the walk does where the policies differ: loops,
// refutation, and what may take over a path. The core calls it; a
// policy calls back the core's mechanisms (Fork, Run, Value, Stop…).
type Policy interface {
	// Start is asked before the walk; false leaves the exploration
	// unexplored (the policy says why: Incomplete).
	Start(x *Explorer) bool
	// Admit is asked as a path enters b from from (nil at a function's
	// entry), after the limits: false ends the path there silently.
	Admit(x *Explorer, f *Frame, b, from *ssa.BasicBlock) bool
	// Loop decides the entry (loop headers, back edges).
	Loop(x *Explorer, f *Frame, b, from *ssa.BasicBlock) Step
	// Widen gives a loop header's φ-nodes their widened values (after
	// Loop answered Widen), instead of the edge's.
	Widen(x *Explorer, f *Frame, h, from *ssa.BasicBlock)
	// Branch may take over a two-way branch on cond (folded) at the end
	// of b; it reports whether it did.
	Branch(x *Explorer, f *Frame, b *ssa.BasicBlock, cond c.Expr) bool
	// Refuted reports whether a path condition is proven unsatisfiable:
	// such paths are not followed.
	Refuted(x *Explorer, cl c.Clause) bool
}

// BlindBrancher is a policy that may take over a branch whose condition
// the walk does not model (Policy.Branch's cond would be unknown), which
// otherwise stops the exploration: a test generator whose inputs are run
// anyway can follow both ways and let the run tell.
type BlindBrancher interface {
	BlindBranch(x *Explorer, f *Frame, b *ssa.BasicBlock) bool
}

// IndexChooser is a policy that picks the values a symbolic index takes
// on the paths forkIndex makes (in order; nil: every value in range, as
// without it): a walk that resolves the index to one value of its
// domain, and another on backtracking, instead of forking every value.
type IndexChooser interface {
	ChooseIndexes(x *Explorer, f *Frame, idx c.Expr, n int) []int
}

// Step is a policy's decision on a block entry.
type Step uint8

const (
	Go    Step = iota // enter, the φ-nodes reading the edge's values
	Drop              // end the path here (covered, cut or taken over)
	Widen             // enter with the φ-nodes widened (Policy.Widen)
)

// Triggers says which sites an instruction announces: their arrivals are
// recorded before it runs and after (a DebugRef, once its variable is
// bound). Each site is recorded at most once per block visit of a path.
type Triggers interface {
	Sites(ins ssa.Instruction) (before, after []ast.Node)
}

// Event is one arrival at a site on one path.
type Event struct {
	Cond c.Clause                       // the path condition up to the site
	Env  *pmap.Layer[*types.Var, Value] // source variables' values at the site
	Vals *pmap.Layer[ast.Expr, c.Expr]  // values of the source expressions evaluated so far on the path (Recording.Exprs)
	Mem  *pmap.Layer[*Arg, Value]       // what the path stored so far, where the explorer knows
	// Prefix is, for an event of Explorer.Full, the arrival it completes
	// (whose Cond stops at the site).
	Prefix *Event

	dnf c.System
}

// DNF is the path condition as a system (conditions may hold && and ||:
// string equality, LCR), converted once.
func (ev *Event) DNF() c.System {
	if ev.dnf == nil {
		ev.dnf, _ = ev.Cond.DNF()
		if ev.dnf == nil {
			ev.dnf = c.False()
		}
	}
	return ev.dnf
}

// Unrolled is Incomplete's reason when the unrolling bound (Limits.Bound)
// cut a path: callers that raise the bound and explore again test for it.
const Unrolled = "the unrolling bound"

// Outcome codes of a path's end (End.Code).
const (
	Returned    = iota
	PanicDivide       // integer division or remainder by zero
	PanicShift        // shift by a negative count
	PanicOther        // explicit panics and the rest
	Hangs       = 255 // a path that never ends (a summarised loop that does not)
)

// End is one path to its function's end (Recording.Outcomes).
type End struct {
	Cond    c.Clause // the path's condition
	Code    int      // Returned, a panic, Hangs
	Results []c.Expr // nil entries: unmodelled
}

// Edge is a control-flow edge.
type Edge struct {
	From, To *ssa.BasicBlock // the edge's source and target
}

// Explorer explores one function's paths under a policy, and holds what
// it found.
type Explorer struct {
	Fn   *ssa.Function // the function explored
	Args []*Arg        // the inputs, receiver first
	Cfg  Config        // what it was asked to do

	Events map[ast.Node][]*Event // per site, its arrivals
	// Full holds, per site, the whole paths through it explored to
	// their end (Recording.Whole): Cond is the path's condition to its
	// return or panic; Env and Vals are at the site.
	Full     map[ast.Node][]*Event
	Overflow map[ast.Node]bool // sites with more arrivals than recorded
	// Blocks holds, per block, the path conditions of the arrivals at it
	// (Recording.MaxBlockConds).
	Blocks  map[*ssa.BasicBlock][]c.Clause
	Reached map[*ssa.BasicBlock]bool       // the blocks some recorded path entered
	Edges   map[Edge]bool                  // the edges some recorded path took
	Ends    []*End                         // the paths' outcomes (Recording.Outcomes)
	Entry   *pmap.Layer[*types.Var, Value] // the parameters' values at entry
	Facts   c.Clause                       // what the inputs satisfy on every path
	Paths   int                            // paths explored to their end
	Havocs  int                            // unmodelled values met
	Steps   int                            // block entries
	Work    int                            // entries copied by forks and snapshots (Limits.MaxWork)
	// Incomplete says why the recorded paths do not cover every
	// execution ("" when they do): a limit, the unrolling bound, what
	// the policy could not follow.
	Incomplete string
	// Frontier holds, when the exploration is incomplete, the blocks of
	// Fn where the paths it did not follow were left (a callee's, at
	// the call's block in Fn): every execution the recorded paths miss
	// passes through one of them (CompleteAt). Empty when the
	// exploration was cut before any block.
	Frontier map[*ssa.BasicBlock]bool
	// Opaque is the first thing met that the walk does not model (an
	// unknown value, a call, a store): outcomes may depend on it.
	Opaque string

	pol       Policy
	rule      Triggers
	cur       *ssa.BasicBlock // the block of Fn the walk is in (a callee's: the call's)
	stepCap   int             // Steps a probe may reach (Sound.ProbeSteps; 0: none)
	stopped   bool
	recording bool
	nfresh    int
	trig      map[ssa.Instruction]*siteLists
	loops     map[*ssa.Function]*Loops
	memVars   map[*ssa.Function]map[*types.Var]bool
}

type siteLists struct{ before, after []ast.Node }

// New returns an explorer of fn over args (its parameters, receiver
// first) with sites announced by rule (nil: none).
func New(fn *ssa.Function, args []*Arg, rule Triggers, pol Policy, cfg Config) *Explorer {
	return &Explorer{Fn: fn, Args: args, Cfg: cfg, pol: pol, rule: rule, recording: true,
		Events: map[ast.Node][]*Event{}, Full: map[ast.Node][]*Event{}, Overflow: map[ast.Node]bool{},
		Blocks: map[*ssa.BasicBlock][]c.Clause{}, Reached: map[*ssa.BasicBlock]bool{}, Edges: map[Edge]bool{},
		trig: map[ssa.Instruction]*siteLists{}, loops: map[*ssa.Function]*Loops{}, memVars: map[*ssa.Function]map[*types.Var]bool{}}
}

// Explore walks the function's paths from its entry.
func (x *Explorer) Explore() {
	fn := x.Fn
	if fn == nil || len(fn.Blocks) == 0 {
		x.Incomplete = "no SSA body"
		return
	}
	if len(fn.Params) != len(x.Args) {
		x.Stop(fmt.Sprintf("%d parameters, %d inputs", len(fn.Params), len(x.Args)))
		return
	}
	if !x.pol.Start(x) {
		return
	}
	f := newFrame()
	if x.Cfg.Bound > 0 {
		f.Visits = map[*ssa.BasicBlock]int{}
	}
	for i, p := range fn.Params {
		a := x.Args[i]
		v := a.value()
		f.Vals[p] = v
		if x.Cfg.MaxLen == 0 {
			x.Facts = a.Facts(x.Facts)
		}
		if obj, ok := p.Object().(*types.Var); ok && x.Tracks(fn, obj) {
			f.Env.Set(obj, v)
		}
	}
	f.Cond = append(f.Cond, x.Facts...)
	f.Cond = append(f.Cond, x.Cfg.Initial...)
	x.Entry = f.Env.Freeze()
	if x.Cfg.NamedResults {
		res := fn.Signature.Results()
		for i := 0; i < res.Len(); i++ {
			if r := res.At(i); r.Name() != "" {
				if t, ok := IRType(r.Type()); ok {
					f.Env.Set(r, Value{E: c.Zero(t)})
				}
			}
		}
	}
	x.block(f, fn.Blocks[0], nil)
}

// Stopped reports whether the exploration stopped (Stop).
func (x *Explorer) Stopped() bool { return x.stopped }

// Stop stops the exploration: it is incomplete, for why (the first
// reason given is kept).
func (x *Explorer) Stop(why string) {
	x.Cut(why)
	x.stopped = true
}

// Cut makes the exploration incomplete without stopping it (a path
// abandoned).
func (x *Explorer) Cut(why string) {
	if x.Incomplete == "" {
		x.Incomplete = why
	}
	x.leave(x.cur)
}

// leave notes that a path is abandoned in b (Frontier).
func (x *Explorer) leave(b *ssa.BasicBlock) {
	if b == nil {
		return
	}
	if x.Frontier == nil {
		x.Frontier = map[*ssa.BasicBlock]bool{}
	}

	x.Frontier[b] = true
}

// at notes that the walk is in b (of Fn, or of a callee inlined from
// one of Fn's blocks).
func (x *Explorer) at(f *Frame, b *ssa.BasicBlock) {
	if len(f.Stack) > 0 {
		b = f.Stack[0].Block
	}
	x.cur = b
}

// CompleteAt reports whether every execution of the blocks bs is
// recorded: the exploration is complete, or none of the paths it left
// (Frontier) can reach one of bs. Paths may not come back to a loop's
// header by its back edge unless through says they may: a widening
// policy ends such paths, the widened state covering them (explore.Sound
// without Bounded).
func (x *Explorer) CompleteAt(bs []*ssa.BasicBlock, through bool) bool {
	if x.Incomplete == "" {
		return true
	}
	if len(x.Frontier) == 0 || len(bs) == 0 || x.Fn == nil {
		return false
	}
	want := make(map[*ssa.BasicBlock]bool, len(bs))
	for _, b := range bs {
		if b.Parent() != x.Fn {
			return false
		}
		want[b] = true
	}
	back := x.Loops(x.Fn).Back
	seen := map[*ssa.BasicBlock]bool{}
	var stack []*ssa.BasicBlock
	for _, b := range x.Fn.Blocks { // in order: deterministic
		if x.Frontier[b] {
			seen[b] = true
			stack = append(stack, b)
		}
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if want[b] {
			return false
		}
		for _, s := range b.Succs {
			if !seen[s] && (through || !back[Edge{b, s}]) {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// Unmodelled notes something the walk does not model (Opaque).
func (x *Explorer) Unmodelled(why string) {
	if x.Opaque == "" {
		x.Opaque = why
	}
}

// Quiet runs walk with nothing recorded (no events, ends, reached blocks
// or edges, no paths counted), as a probe of part of the function, and
// reports whether it stopped; the exploration's own state (stopped,
// incomplete) is restored after it.
func (x *Explorer) Quiet(walk func()) (stopped bool) {
	rec, stop, why, cur := x.recording, x.stopped, x.Incomplete, x.cur
	front := maps.Clone(x.Frontier)
	x.recording = false
	walk()
	stopped = x.stopped
	x.recording, x.stopped, x.Incomplete, x.cur, x.Frontier = rec, stop, why, cur, front
	return stopped
}

// Recording reports whether the walk records (not in Quiet).
func (x *Explorer) Recording() bool { return x.recording }

// over reports whether the exploration must stop (the limits, Stop).
func (x *Explorer) over() bool {
	if x.stopped {
		return true
	}
	l := &x.Cfg.Limits
	switch {
	case l.MaxSteps > 0 && x.Steps > l.MaxSteps:
		x.Stop(fmt.Sprintf("more than %d blocks visited", l.MaxSteps))
	case x.stepCap > 0 && x.Steps > x.stepCap:
		x.Stop("the probe's step budget")
	case l.MaxWork > 0 && x.Work > l.MaxWork:
		x.Stop(fmt.Sprintf("more than %d entries copied", l.MaxWork))
	case l.Stop != nil:
		if why := l.Stop(); why != "" {
			x.Stop(why)
		}
	}
	return x.stopped
}

// Fork clones f for another path, counting the copy (MaxWork).
func (x *Explorer) Fork(f *Frame) *Frame {
	x.Work += f.size()
	return f.Clone()
}

// Loops returns the natural loops of fn (cached).
func (x *Explorer) Loops(fn *ssa.Function) *Loops {
	li := x.loops[fn]
	if li == nil {
		li = FindLoops(fn)
		x.loops[fn] = li
	}
	return li
}

// Tracks reports whether the walk binds variable v of fn (not with
// Precision.MemoryVars if v lives in memory).
func (x *Explorer) Tracks(fn *ssa.Function, v *types.Var) bool {
	if !x.Cfg.MemoryVars {
		return true
	}
	mv, ok := x.memVars[fn]
	if !ok {
		mv = MemoryVars(fn)
		x.memVars[fn] = mv
	}
	return !mv[v]
}

// Value is what f knows of v: its register, or a constant.
func (x *Explorer) Value(f *Frame, v ssa.Value) Value {
	if b, ok := f.Vals[v]; ok {
		return b
	}
	if k, ok := v.(*ssa.Const); ok {
		if s, ok := constValue(k.Type(), k.Value, x.Cfg.Strings); ok {
			return s
		}
		if _, isSlice := k.Type().Underlying().(*types.Slice); isSlice && k.Value == nil && x.Cfg.MaxLen > 0 {
			// A nil slice: empty, and appended to.
			if t, err := value.FromTypes(k.Type(), nil, nil, true); err == nil {
				return Value{Arg: madeSlice("nil", t, c.I(c.Int, 0))}
			}
		}
	}
	return Value{}
}

// Scalar returns v's value as an IR expression, a fresh unknown if the
// walk does not know it (bound, so later uses agree); false when v is
// not a scalar.
func (x *Explorer) Scalar(f *Frame, v ssa.Value, why string) (c.Expr, bool) {
	b := x.Value(f, v)
	if b.E != nil {
		return b.E, true
	}
	h := x.Havoc(v.Type(), why)
	if h.E == nil {
		return nil, false
	}
	f.Vals[v] = h
	return h.E, true
}

// Havoc is an unmodelled value of type t met for why: a fresh unknown if
// t is a scalar, else nothing known.
func (x *Explorer) Havoc(t types.Type, why string) Value {
	x.Havocs++
	ct, ok := IRType(t)
	if !ok {
		// An unknown aggregate or interface (a panic's value, say) makes
		// nothing unknown by itself: reading a scalar out of it, or
		// returning it, does, and those say so.
		return Value{}
	}
	x.Unmodelled("unmodelled value (" + why + ")")
	return Value{E: x.Fresh(ct, why)}
}

// Fresh is a new symbol of type t, named after label (?label#n).
func (x *Explorer) Fresh(t c.Type, label string) c.Expr {
	x.nfresh++
	return c.V(&c.Sym{Name: fmt.Sprintf("?%s#%d", label, x.nfresh), Type: t})
}

// Unknown is an unknown standing for a value of type t named name (a
// loop-carried value, widened): a fresh symbol for a scalar, a fresh
// length for a string or slice, else nothing known.
func (x *Explorer) Unknown(t types.Type, name string) Value {
	if ct, ok := IRType(t); ok {
		return Value{E: x.Fresh(ct, name)}
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return Value{Len: x.Fresh(c.Int, "len("+name+")")}
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return Value{Len: x.Fresh(c.Int, "len("+name+")")}
		}
	}
	return Value{}
}

// PhiValues are the values b's φ-nodes take when entered from from.
func (x *Explorer) PhiValues(f *Frame, b, from *ssa.BasicBlock) map[ssa.Value]Value {
	phis := map[ssa.Value]Value{}
	for _, ins := range b.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		for i, p := range b.Preds {
			if p == from {
				phis[phi] = x.Value(f, phi.Edges[i])
			}
		}
	}
	return phis
}

// Enter enters block b from from on f's path: how a policy that took a
// path over (Policy.Branch, a summary) resumes it.
func (x *Explorer) Enter(f *Frame, b, from *ssa.BasicBlock) { x.block(f, b, from) }

// block enters b from from.
func (x *Explorer) block(f *Frame, b, from *ssa.BasicBlock) {
	x.at(f, b)
	if from != nil && len(f.Stack) == 0 && x.Loops(b.Parent()).Back[Edge{from, b}] {
		// A path left on a back edge is left at its source, so that
		// CompleteAt may see a widening policy end it.
		x.cur = from
	}
	if x.stopped {
		x.leave(x.cur)
		return
	}
	l := &x.Cfg.Limits
	if l.Bound > 0 && f.Visits[b] >= l.Bound {
		x.Cut(Unrolled) // this path stops: not every path is explored
		return
	}
	x.Steps++
	f.Steps++
	if x.over() {
		return
	}
	if l.MaxPathSteps > 0 && f.Steps > l.MaxPathSteps {
		x.Stop("a path longer than the step limit")
		return
	}
	if !x.pol.Admit(x, f, b, from) {
		return
	}
	if x.recording && from != nil {
		x.Edges[Edge{from, b}] = true
	}
	step := x.pol.Loop(x, f, b, from)
	if step == Drop {
		return
	}
	if x.Cfg.Exprs && from != nil && x.Loops(b.Parent()).Back[Edge{from, b}] {
		// Another turn: what the last computed of the loop's
		// expressions is stale until computed again (an event at the
		// loop's condition must not read the last turn's value of it).
		for _, e := range x.Loops(b.Parent()).Exprs[b] {
			if _, ok := f.Exprs.Get(e); ok {
				f.Exprs.Set(e, nil)
			}
		}
	}
	if f.Visits != nil {
		f.Visits[b]++
	}
	if x.recording {
		x.Reached[b] = true
		if len(x.Blocks[b]) < x.Cfg.MaxBlockConds {
			n := len(f.Cond)
			x.Blocks[b] = append(x.Blocks[b], f.Cond[:n:n])
		}
	}
	f.Seen = map[ast.Node]bool{} // a site is recorded once per block visit (loops record each iteration)
	if step == Widen {
		x.pol.Widen(x, f, b, from)
	} else {
		for k, v := range x.PhiValues(f, b, from) {
			f.Vals[k] = v
		}
	}
	x.Run(f, b, 0)
}

// Run executes b's instructions from the start-th on (φ-nodes are read
// on entry, and skipped), then follows b's successors.
func (x *Explorer) Run(f *Frame, b *ssa.BasicBlock, start int) {
	x.at(f, b)
	for i := start; i < len(b.Instrs); i++ {
		ins := b.Instrs[i]
		if _, ok := ins.(*ssa.Phi); ok {
			continue
		}
		if x.Cfg.MaxLen > 0 && x.forkIndex(f, b, i) {
			return
		}
		x.fire(f, ins, false)
		switch ins := ins.(type) {
		case *ssa.DebugRef:
			x.debugRef(f, ins)
		case *ssa.If:
			x.branch(f, b, ins)
			return
		case *ssa.Jump:
			x.block(f, b.Succs[0], b)
			return
		case *ssa.Return:
			if len(f.Stack) > 0 {
				x.ret(f, ins)
				return
			}
			x.End(f, Returned, ins.Results)
			return
		case *ssa.Panic:
			x.End(f, PanicOther, nil)
			return
		case *ssa.BinOp:
			if !x.binOp(f, ins) {
				return
			}
		case *ssa.Call:
			if x.call(f, b, i, ins) {
				return
			}
		case ssa.Value:
			f.Vals[ins] = x.eval(f, ins)
			if x.Cfg.Guards == AssumeGuard && x.Cfg.MaxLen == 0 {
				x.indexGuard(f, ins.(ssa.Instruction))
			}
		default:
			// Store, MapUpdate, Send, Go, Defer, RunDefers: effects on
			// memory.
			x.effect(f, ins)
		}
		x.fire(f, ins, true)
	}
}

// branch follows an If: the side a constant condition selects, else both
// sides whose path condition the policy does not refute.
func (x *Explorer) branch(f *Frame, b *ssa.BasicBlock, ins *ssa.If) {
	cond, ok := x.Scalar(f, ins.Cond, "cond")
	if !ok {
		if u, isU := x.pol.(BlindBrancher); isU && u.BlindBranch(x, f, b) {
			return
		}
		x.Stop("a branch on an unmodelled condition")
		return
	}
	cond = Fold(cond)
	if x.pol.Branch(x, f, b, cond) {
		return
	}
	if k, ok := cond.(*c.Const); ok {
		if k.V.Bool() {
			x.block(f, b.Succs[0], b)
		} else {
			x.block(f, b.Succs[1], b)
		}
		return
	}
	g := x.Fork(f)
	g.Cond = append(g.Cond, cond)
	if !x.pol.Refuted(x, g.Cond) {
		x.block(g, b.Succs[0], b)
	}
	f.Cond = append(f.Cond, c.Not(cond))
	if !x.pol.Refuted(x, f.Cond) {
		x.block(f, b.Succs[1], b)
	}
}

// End ends f's path with an outcome: code (Returned, a panic, Hangs) and,
// for returns, the results.
func (x *Explorer) End(f *Frame, code int, results []ssa.Value) {
	if !x.recording {
		return
	}
	if x.Cfg.Whole {
		x.complete(f)
	}
	if x.Cfg.OnEnd != nil {
		x.Cfg.OnEnd(f, code, results)
	}
	x.Paths++
	if l := x.Cfg.MaxPaths; l > 0 && x.Paths >= l {
		x.Stop(fmt.Sprintf("more than %d paths", l))
	}
	if !x.Cfg.Outcomes {
		return
	}
	n := len(f.Cond)
	e := &End{Cond: f.Cond[:n:n], Code: code}
	if code == Returned {
		for _, r := range results {
			v := x.Value(f, r)
			if v.E == nil {
				x.Unmodelled("a result the prover does not model")
			}
			e.Results = append(e.Results, v.E)
		}
	}
	x.Ends = append(x.Ends, e)
}

// fire records the arrivals at the sites ins announces, before it runs
// or after.
func (x *Explorer) fire(f *Frame, ins ssa.Instruction, after bool) {
	if x.rule == nil || !x.recording {
		return
	}
	t := x.trig[ins]
	if t == nil {
		t = &siteLists{}
		t.before, t.after = x.rule.Sites(ins)
		x.trig[ins] = t
	}
	sites, limit := t.before, x.Cfg.MaxEvents
	if after {
		sites = t.after
		if x.Cfg.MaxAfter != 0 {
			limit = x.Cfg.MaxAfter
		}
	}
	for _, s := range sites {
		if f.Seen[s] {
			continue
		}
		if limit >= 0 && len(x.Events[s]) >= limit {
			x.Overflow[s] = true
			continue
		}
		f.Seen[s] = true
		x.record(f, s)
	}
}

// record keeps an arrival at site s: the frame's maps (copy-on-write)
// and a prefix of its condition (later appends never reach below the
// cap).
func (x *Explorer) record(f *Frame, s ast.Node) {
	n := len(f.Cond)
	x.Work += 8 // the event and its snapshots (flattened now and then)
	ev := &Event{Cond: f.Cond[:n:n], Env: f.Env.Freeze(), Vals: f.Exprs.Freeze(), Mem: f.Mem.Freeze()}
	x.Events[s] = append(x.Events[s], ev)
	if x.Cfg.Whole {
		f.pending = append(f.pending, pending{s, ev})
	}
	if x.Cfg.OnEvent != nil {
		x.Cfg.OnEvent(f, s, ev)
	}
}

// complete records, for every arrival at a site on the path that just
// ended, the whole path: its condition covers what happens after the
// site too, so the clauses of a mutant's system differ in how the
// program goes on from the mutant — the ways an infection can reach the
// outputs — and not only in how it gets there.
func (x *Explorer) complete(f *Frame) {
	if len(f.pending) == 0 {
		return
	}
	n := len(f.Cond)
	cond := f.Cond[:n:n] // shared by the path's events
	x.Work += len(f.pending)
	for _, p := range f.pending {
		if len(x.Full[p.site]) >= x.Cfg.MaxWhole {
			continue
		}
		x.Full[p.site] = append(x.Full[p.site], &Event{Cond: cond, Env: p.ev.Env, Vals: p.ev.Vals, Mem: p.ev.Mem, Prefix: p.ev})
	}
}

// debugRef binds the source variable (and expression) a DebugRef
// describes to its value; an unknown value is bound too: the variable's
// old value is stale.
func (x *Explorer) debugRef(f *Frame, d *ssa.DebugRef) {
	if d.IsAddr {
		return
	}
	v := x.Value(f, d.X)
	if obj, ok := d.Object().(*types.Var); ok && x.Tracks(d.Parent(), obj) {
		f.Env.Set(obj, v)
	}
	if x.Cfg.Exprs && v.E != nil {
		f.Exprs.Set(d.Expr, v.E)
	}
}

// call handles a call instruction; it reports whether it took over the
// rest of the block (a fork, an inlined callee).
func (x *Explorer) call(f *Frame, b *ssa.BasicBlock, i int, call *ssa.Call) bool {
	if x.Cfg.MinMax && x.minMax(f, b, i, call) || x.inline(f, b, i, call) {
		return true
	}
	f.Vals[call] = x.evalCall(f, call)
	return false
}

// minMax evaluates the builtins min and max of two integers by forking
// on their comparison, each path going on with its operand.
func (x *Explorer) minMax(f *Frame, b *ssa.BasicBlock, i int, call *ssa.Call) bool {
	bi, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || (bi.Name() != "min" && bi.Name() != "max") || len(call.Call.Args) != 2 {
		return false
	}
	l, r := x.Value(f, call.Call.Args[0]), x.Value(f, call.Call.Args[1])
	if l.E == nil || r.E == nil || l.E.Type().Kind != c.KInt || l.E.Type() != r.E.Type() {
		return false
	}
	op := token.LEQ // min: the left one when l <= r
	if bi.Name() == "max" {
		op = token.GEQ
	}
	first := Fold(c.Bin(op, l.E, r.E))
	for _, pick := range []struct {
		cond c.Expr
		v    c.Expr
	}{{first, l.E}, {c.Not(first), r.E}} {
		g := x.Fork(f)
		if k, ok := pick.cond.(*c.Const); ok {
			if !k.V.Bool() {
				continue
			}
		} else {
			g.Cond = append(g.Cond, pick.cond)
			if x.pol.Refuted(x, g.Cond) {
				continue
			}
		}
		g.Vals[call] = Value{E: pick.v}
		x.Run(g, b, i+1)
	}
	return true
}

// inline follows a static call to a function of the explored function's
// package into its body (Config.Inline deep at most, not recursively, not
// into functions with deferred calls or a recover, or closures): the
// callee's paths go on in the caller when they return. It reports
// whether it took over the rest of the block.
func (x *Explorer) inline(f *Frame, b *ssa.BasicBlock, i int, call *ssa.Call) bool {
	if x.Cfg.Inline <= 0 {
		return false
	}
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg != x.Fn.Pkg || len(callee.Blocks) == 0 || callee.Recover != nil ||
		len(f.Stack) >= x.Cfg.Inline || len(callee.FreeVars) > 0 || len(callee.Params) != len(call.Call.Args) || callee == x.Fn {
		return false
	}
	for _, cs := range f.Stack {
		if cs.Call.Parent() == callee {
			return false
		}
	}
	for _, blk := range callee.Blocks {
		for _, ins := range blk.Instrs {
			if _, ok := ins.(*ssa.Defer); ok {
				return false
			}
		}
	}
	if x.Loops(callee).Irreducible {
		return false
	}
	args := make([]Value, len(call.Call.Args))
	for i, a := range call.Call.Args {
		args[i] = x.Value(f, a)
	}
	for i, prm := range callee.Params {
		f.Vals[prm] = args[i]
		if obj, ok := prm.Object().(*types.Var); ok && x.Tracks(callee, obj) {
			f.Env.Set(obj, args[i])
		}
	}
	f.Stack = append(f.Stack, CallSite{Block: b, Index: i, Call: call})
	x.block(f, callee.Blocks[0], nil)
	return true
}

// ret returns from an inlined call to its caller.
func (x *Explorer) ret(f *Frame, r *ssa.Return) {
	cs := f.Stack[len(f.Stack)-1]
	f.Stack = f.Stack[:len(f.Stack)-1]
	switch len(r.Results) {
	case 0:
	case 1:
		f.Vals[cs.Call] = x.Value(f, r.Results[0])
	default:
		t := make([]Value, len(r.Results))
		for i, v := range r.Results {
			t[i] = x.Value(f, v)
		}
		f.Vals[cs.Call] = Value{Tuple: t}
	}
	x.fire(f, cs.Call, true)
	x.Run(f, cs.Block, cs.Index+1)
}
