package equiv

// This file implements the prover's symbolic evaluation of a unit's SSA
// form. It differs from the test generator's (internal/symbolic) in one
// respect that decides everything else: what it records must describe
// every execution, so nothing narrows. Lengths are unbounded, element
// reads are fresh unknowns, loops are widened (mode widen) or unrolled
// until every path has ended (mode bounded), and any exploration that had
// to stop early says so (exploration.incomplete), which voids every proof
// drawn from it.

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/solve/sat"
	"github.com/gozilla/gozilla/internal/symbolic"
)

type mode uint8

const (
	// widen serves necessity and reachability: a loop runs its first
	// widenUnroll iterations exactly (none by default), then once from a
	// state in which every value the loop changes is unknown but for
	// the invariants proven of it (invariants.go), and a path that comes
	// back to the loop's head after that ends (the widened state covers
	// it).
	widen mode = iota
	// bounded serves sufficiency: loops are unrolled, and a path that
	// needs more iterations than the bound makes the exploration
	// incomplete (but a callee's loop may be summarised, summary.go).
	// Implicit panics (division by zero, negative shift
	// counts) end paths of their own, so that the paths' outcomes are
	// the function's.
	bounded
)

// Limits of an exploration.
const (
	// widenUnroll is the exact iterations before a loop is widened: none,
	// since every proof must hold for the widened iteration anyway (it
	// covers the exact ones), and each exact one multiplies the paths.
	widenUnroll   = 0
	boundedUnroll = 32   // iterations of a loop a bounded exploration follows
	maxPaths      = 4096 // paths per exploration
	maxSteps      = 1 << 14
	maxEvents     = 512 // arrivals recorded at one site
	// maxTotalSteps bounds the blocks an exploration visits (its size,
	// deterministically); exploreTime is a wall-clock safety net behind
	// it, meant never to fire (ClockStops counts it when it does).
	maxTotalSteps = 1 << 16
	exploreTime   = 2 * time.Minute
)

// SAT budgets of an exploration, in propagations (solve.Budget: a
// count, so that what an exploration keeps and proves is the same on
// every run, whatever the machine's load). Each exploration has its own:
// what one proves never depends on which others ran before it (other
// mutants'), nor on the cache they filled (a cached answer costs what it
// cost).
const (
	refuteSAT    int64 = 50_000    // refuting one branch by SAT alone
	refuteBudget int64 = 4_000_000 // all of them, in one exploration
	// boundedRefuteBudget replaces refuteBudget in the original's
	// bounded explorations, mutantRefuteBudget in each mutant's, which
	// shares most of its branches with the original's (refuted).
	boundedRefuteBudget int64 = 2_000_000
	mutantRefuteBudget  int64 = 100_000
	// confirmSAT confirms a refutation by domain reduction.
	confirmSAT int64 = 200_000
	// invariantSAT bounds one invariant's check, invariantBudget all of
	// them in one exploration.
	invariantSAT    int64 = 500_000
	invariantBudget int64 = 10_000_000
)

// clockStops counts the explorations stopped by exploreTime.
var clockStops atomic.Int64

// ClockStops is the number of explorations (here) and SAT decisions
// (sat.ClockStops) that a wall-clock safety net stopped in this process:
// verdicts left unknown that another run may decide. Zero means every
// verdict depended on counted budgets only.
func ClockStops() int64 { return clockStops.Load() + sat.ClockStops() }

// Panic codes of an end. Runtime panics of the same kind compare equal in
// the harness (their messages without numbers); anything else is opaque.
const (
	returned = iota
	panicDivide
	panicShift
	panicOpaque       // explicit panics and the rest: never equal to another outcome
	hang        = 255 // a path that never ends (a summarised loop that does not)
)

// input is a parameter of the unit, or a part of one: a scalar has a
// symbol, a string or slice a length symbol, a struct value its fields.
type input struct {
	name   string
	sym    *c.Sym
	len    *c.Sym
	fields []*input
	arrLen int64 // arrays: their length
	isArr  bool
}

func newInput(name string, t types.Type) *input {
	in := &input{name: name}
	if ct, ok := symbolic.IRType(t); ok {
		in.sym = &c.Sym{Name: name, Type: ct}
		return in
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			in.len = &c.Sym{Name: "len(" + name + ")", Type: c.Int}
		}
	case *types.Slice:
		in.len = &c.Sym{Name: "len(" + name + ")", Type: c.Int}
	case *types.Array:
		in.isArr, in.arrLen = true, u.Len()
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			in.fields = append(in.fields, newInput(name+"."+u.Field(i).Name(), u.Field(i).Type()))
		}
	}
	return in
}

// syms lists the input's symbols.
func (in *input) syms(out []*c.Sym) []*c.Sym {
	if in.sym != nil {
		out = append(out, in.sym)
	}
	if in.len != nil {
		out = append(out, in.len)
	}
	for _, f := range in.fields {
		out = f.syms(out)
	}
	return out
}

// facts are what every input satisfies whatever the path: lengths are
// not negative.
func (in *input) facts(out c.Clause) c.Clause {
	if in.len != nil {
		out = append(out, c.Bin(token.GEQ, c.V(in.len), c.I(c.Int, 0)))
	}
	for _, f := range in.fields {
		out = f.facts(out)
	}
	return out
}

// binding is what the explorer knows of an SSA value or a source
// variable: a scalar's value, an input struct, a length. The zero
// binding is "unknown".
type binding struct {
	e     c.Expr
	in    *input
	n     c.Expr
	tuple []binding // the results of an inlined call
}

func (b binding) known() bool { return b.e != nil || b.in != nil || b.n != nil }

// event is one arrival at a site: the path condition there and the
// source variables' values.
type event struct {
	cond c.Clause
	env  *pmap.Layer[*types.Var, binding]
}

// end is one path to the function's end (bounded mode).
type end struct {
	cond    c.Clause
	panic   int
	results []c.Expr // nil entries: unmodelled
}

type edge struct{ from, to *ssa.BasicBlock }

// exploration is what exploring a function found.
type exploration struct {
	fn      *ssa.Function
	inputs  []*input
	events  map[*siteInfo][]*event
	reached map[*ssa.BasicBlock]bool
	edges   map[edge]bool
	ends    []*end
	// incomplete says why the recorded paths do not cover every
	// execution ("" when they do).
	incomplete string
	// opaque (bounded mode) says why outcomes are not modelled: an
	// unknown value, a call, memory.
	opaque string
	// apps are the applications of summarised loops (bounded mode).
	apps  []apply
	paths int
	facts c.Clause // the inputs' facts
	entry *pmap.Layer[*types.Var, binding]
}

type frame struct {
	vals    map[ssa.Value]binding
	env     pmap.Scope[*types.Var, binding]
	cond    c.Clause
	iters   map[*ssa.BasicBlock]int
	widened map[*ssa.BasicBlock]bool
	seen    map[*siteInfo]bool
	steps   int
	// summaryRuns bounds the iterations of the summarised loops on the
	// path (summary.go); summarised is the head of the loop whose
	// summary the path is leaving.
	summaryRuns int
	summarised  *ssa.BasicBlock
	summary     int // its application's index in exploration.apps
	// stack holds the calls being inlined, innermost last.
	stack []callSite
}

// callSite is an inlined call: where the caller goes on when it returns.
type callSite struct {
	block *ssa.BasicBlock
	index int // of the call instruction
	call  *ssa.Call
}

func (f *frame) clone() *frame {
	g := &frame{stack: append([]callSite(nil), f.stack...), summaryRuns: f.summaryRuns, summarised: f.summarised, summary: f.summary, vals: make(map[ssa.Value]binding, len(f.vals)), env: f.env.Fork(), cond: append(c.Clause(nil), f.cond...),
		iters: make(map[*ssa.BasicBlock]int, len(f.iters)), widened: make(map[*ssa.BasicBlock]bool, len(f.widened)),
		seen: make(map[*siteInfo]bool, len(f.seen)), steps: f.steps}
	for k, v := range f.vals {
		g.vals[k] = v
	}
	for k, v := range f.iters {
		g.iters[k] = v
	}
	for k, v := range f.widened {
		g.widened[k] = v
	}
	for k, v := range f.seen {
		g.seen[k] = v
	}
	return g
}

type explorer struct {
	mode    mode
	fn      *ssa.Function
	loops   *loopInfo
	memVars map[*types.Var]bool
	before  map[ssa.Instruction][]*siteInfo // sites recorded before the instruction runs
	after   map[ssa.Instruction][]*siteInfo // and after
	res     *exploration
	nhavoc  int
	satLeft int64 // for refutations by SAT alone
	invLeft int64 // for invariants
	stop    bool
	cache   *unitCache // shared by the explorations of a unit
	until   time.Time  // the exploration's deadline
	steps   int        // blocks visited
	probe   *probe     // set while a loop is probed for invariants
	// summaries turns on loop summaries (bounded mode); napps numbers
	// their applications.
	summaries bool
	napps     int

	loopInfo map[*ssa.Function]*loopInfo
	memInfo  map[*ssa.Function]map[*types.Var]bool
}

func (x *explorer) loopsOf(fn *ssa.Function) *loopInfo {
	li := x.loopInfo[fn]
	if li == nil {
		li = findLoops(fn)
		x.loopInfo[fn] = li
	}
	return li
}

func (x *explorer) memVarsOf(fn *ssa.Function) map[*types.Var]bool {
	mv, ok := x.memInfo[fn]
	if !ok {
		mv = memoryVars(fn)
		x.memInfo[fn] = mv
	}
	return mv
}

// explore walks fn's paths. inputs are the unit's parameters, receiver
// first (shared between explorations that must agree on symbols);
// initial is a condition every path starts with (the unit's
// assumptions, or nothing).
func explore(fn *ssa.Function, inputs []*input, sites []*siteInfo, m mode, cache *unitCache, initial c.Clause, summaries bool) *exploration {
	res := &exploration{fn: fn, inputs: inputs, events: map[*siteInfo][]*event{}, reached: map[*ssa.BasicBlock]bool{}, edges: map[edge]bool{}}
	if fn == nil || len(fn.Blocks) == 0 {
		res.incomplete = "no SSA body"
		return res
	}
	if len(fn.Params) != len(inputs) {
		res.incomplete = fmt.Sprintf("%d parameters, %d inputs", len(fn.Params), len(inputs))
		return res
	}
	x := &explorer{mode: m, fn: fn, res: res, summaries: summaries, satLeft: refuteBudget, invLeft: invariantBudget, cache: cache, until: time.Now().Add(exploreTime), before: map[ssa.Instruction][]*siteInfo{}, after: map[ssa.Instruction][]*siteInfo{}}
	if m == bounded {
		x.satLeft = boundedRefuteBudget
		if cache != nil && fn != cache.orig {
			x.satLeft = mutantRefuteBudget
		}
	}
	x.loopInfo = map[*ssa.Function]*loopInfo{}
	x.memInfo = map[*ssa.Function]map[*types.Var]bool{}
	x.loops = x.loopsOf(fn)
	if x.loops.irreducible {
		res.incomplete = "irreducible control flow"
		return res
	}
	x.memVars = x.memVarsOf(fn)
	for _, s := range sites {
		s.attach(fn, x.before, x.after)
	}
	if fn.Recover != nil && m == bounded {
		res.opaque = "recover"
	}
	f := &frame{vals: map[ssa.Value]binding{}, iters: map[*ssa.BasicBlock]int{}, widened: map[*ssa.BasicBlock]bool{}, seen: map[*siteInfo]bool{}}
	for i, p := range fn.Params {
		in := inputs[i]
		b := bindInput(in)
		f.vals[p] = b
		res.facts = in.facts(res.facts)
		if obj, ok := p.Object().(*types.Var); ok && !x.memVars[obj] {
			f.env.Set(obj, b)
		}
	}
	f.cond = append(f.cond, res.facts...)
	f.cond = append(f.cond, initial...)
	res.entry = f.env.Freeze()
	x.block(f, fn.Blocks[0], nil)
	return res
}

func bindInput(in *input) binding {
	switch {
	case in.sym != nil:
		return binding{e: c.V(in.sym)}
	case in.len != nil:
		return binding{n: c.V(in.len)}
	case in.isArr:
		return binding{n: c.I(c.Int, in.arrLen)}
	case in.fields != nil:
		return binding{in: in}
	}
	return binding{}
}

// memoryVars are the source variables that live in memory (their address
// is taken, or a closure captures them): stores through pointers change
// them without a DebugRef, so the explorer never binds them.
func memoryVars(fn *ssa.Function) map[*types.Var]bool {
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

func (x *explorer) fail(why string) {
	if x.res.incomplete == "" {
		x.res.incomplete = why
	}
	x.stop = true
}

func (x *explorer) makeOpaque(why string) {
	if x.mode == bounded && x.res.opaque == "" {
		x.res.opaque = why
	}
}

// havoc is a fresh unknown value of type t.
func (x *explorer) havoc(t types.Type, why string) binding {
	ct, ok := symbolic.IRType(t)
	if !ok {
		// An unknown aggregate or interface (a panic's value, say) makes
		// no outcome unknown by itself: reading a scalar out of it, or
		// returning it, does, and those say so.
		return binding{}
	}
	x.makeOpaque("unmodelled value (" + why + ")")
	x.nhavoc++
	return binding{e: c.V(&c.Sym{Name: fmt.Sprintf("?%s#%d", why, x.nhavoc), Type: ct})}
}

// refuted reports whether cl is proven unsatisfiable: by domain
// reduction (confirmed by SAT when SAT can decide it, in mode widen), or
// by SAT alone within the exploration's SAT budget — the unit's
// refutation chain (unitCache.refuters).
//
// The answer depends on cl, the mode and what is left of the budget,
// never on which mutants' explorations ran before: a refutation by SAT
// alone is tried only with a full refuteSAT left, and one cached by
// another mutant's exploration is charged what it cost, as if it were
// made again. Those of the original's explorations, which always run
// before any mutant's (whatever the mutants), are free to every
// exploration: the mutants share most of their branches with it.
func (x *explorer) refuted(cl c.Clause) bool {
	rf := x.cache.refuters[x.mode]
	q := &solve.Query{Clause: cl}
	// SAT alone is tried only with a full refuteSAT left (domain
	// reduction, and its confirmation, cost nothing of the budget).
	allow := solve.Budget{}
	if x.satLeft >= refuteSAT {
		allow.Props = refuteSAT
	}
	if x.fn == x.cache.orig {
		r := rf.orig.Solve(q, allow)
		if !r.Cached {
			x.satLeft -= r.Spent.Props
		}
		return r.Status == solve.Unsat
	}
	if r, ok := rf.orig.Lookup(q); ok {
		return r.Status == solve.Unsat // the original's: free
	}
	r := rf.mutants.Solve(q, allow)
	if r.Cached && r.Spent.Props > 0 && x.satLeft < refuteSAT {
		return false // another mutant's refutation by SAT alone: not affordable
	}
	x.satLeft -= r.Spent.Props
	return r.Status == solve.Unsat
}

// refuter is the refutation chain of one mode, with the answers of the
// original's explorations and those of the mutants' remembered apart.
type refuter struct {
	orig, mutants *solve.Cache
}

// newRefuter assembles the refutation chain of mode m: domain
// reduction alone, on clauses small enough as trees — its refutations
// confirmed by SAT in mode widen (a model means it erred: the path is
// kept), taken as they are in mode bounded (a path dropped in error
// leaves inputs no path covers, which the miter counts as a
// difference) — then SAT alone within refuteSAT.
func newRefuter(m mode, shapes *solve.Shapes) *refuter {
	cfg := solve.Config{DomRed: true, MaxTree: maxTree, SAT: true, Props: refuteSAT, Shapes: shapes}
	if m == widen {
		cfg.Confirm = confirmSAT
	}
	ch := solve.Chain(cfg)
	return &refuter{orig: solve.NewCache(ch, shapes), mutants: solve.NewCache(ch, shapes)}
}

func (x *explorer) value(f *frame, v ssa.Value) binding {
	if b, ok := f.vals[v]; ok {
		return b
	}
	if k, ok := v.(*ssa.Const); ok && k.Value != nil {
		if e, ok := symbolic.ConstExpr(k.Type(), k.Value); ok {
			return binding{e: e}
		}
	}
	return binding{}
}

// scalar returns v's value as an IR expression, a fresh unknown if the
// explorer does not know it (recorded, so later uses agree).
func (x *explorer) scalar(f *frame, v ssa.Value, why string) (c.Expr, bool) {
	b := x.value(f, v)
	if b.e != nil {
		return b.e, true
	}
	h := x.havoc(v.Type(), why)
	if h.e == nil {
		return nil, false
	}
	f.vals[v] = h
	return h.e, true
}

// block enters b from from.
func (x *explorer) block(f *frame, b, from *ssa.BasicBlock) {
	if x.stop {
		return
	}
	f.steps++
	x.steps++
	if x.steps > maxTotalSteps {
		x.fail(fmt.Sprintf("more than %d blocks visited", maxTotalSteps))
		return
	}
	if f.steps&63 == 0 && time.Now().After(x.until) {
		clockStops.Add(1)
		x.fail(fmt.Sprintf("the exploration's wall-clock safety net (%v)", exploreTime))
		return
	}
	if f.steps > maxSteps {
		x.fail("a path longer than the step limit")
		return
	}
	if x.probe != nil {
		// Probing a loop for invariants: a path ends where it comes back
		// to the loop's head (recording the values it brings) or leaves
		// the loop.
		pr := x.probe
		if b == pr.head {
			pr.back = append(pr.back, probeArrival{cond: f.cond, next: x.phiValues(f, b, from)})
			return
		}
		if b.Parent() == pr.head.Parent() && !pr.body[b] {
			return // left the loop (blocks of inlined callees are followed)
		}
	} else if from != nil {
		x.res.edges[edge{from, b}] = true
	}
	loops := x.loopsOf(b.Parent())
	back := from != nil && loops.back[edge{from, b}]
	widenNow := false
	switch {
	case loops.header[b] && !back:
		// Entering a loop from outside: its iterations start again.
		f.iters[b], f.widened[b] = 0, false
		widenNow = x.mode == widen && widenUnroll == 0
	case back:
		if f.widened[b] {
			return // the widened state already covers this one
		}
		f.iters[b]++
		if x.mode == bounded && x.summaries && x.probe == nil && x.summarise(f, b, from) {
			// After one exact turn (so that a loop that does not run,
			// or runs once, is exact), the rest is summarised.
			return
		}
		if x.mode == bounded && f.iters[b] > boundedUnroll {
			x.fail(fmt.Sprintf("a loop runs more than %d times", boundedUnroll))
			return
		}
		if x.mode == widen && f.iters[b] > widenUnroll {
			widenNow = true
		}
	}
	if x.probe == nil {
		x.res.reached[b] = true
	}
	f.seen = map[*siteInfo]bool{}
	if widenNow {
		x.widenLoop(f, b, from)
	} else {
		for k, v := range x.phiValues(f, b, from) {
			f.vals[k] = v
		}
	}
	x.run(f, b)
}

// phiValues are the values b's φ-nodes take when entered from from.
func (x *explorer) phiValues(f *frame, b, from *ssa.BasicBlock) map[ssa.Value]binding {
	phis := map[ssa.Value]binding{}
	for _, ins := range b.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		for i, p := range b.Preds {
			if p == from {
				phis[phi] = x.value(f, phi.Edges[i])
			}
		}
	}
	return phis
}

// widenLoop replaces what the loop at header h changes by unknowns: its
// φ-nodes and the source variables it assigns; then it adds the
// invariants it can prove of the φ-nodes (invariants.go).
func (x *explorer) widenLoop(f *frame, h, from *ssa.BasicBlock) {
	entry := x.phiValues(f, h, from)
	f.widened[h] = true
	for _, ins := range h.Instrs {
		phi, ok := ins.(*ssa.Phi)
		if !ok {
			break
		}
		f.vals[phi] = x.widened(phi.Type(), phi.Comment)
	}
	for v := range x.loopsOf(h.Parent()).vars[h] {
		f.env.Set(v, binding{})
	}
	// Values computed inside the loop are recomputed before use on any
	// path through it; nothing else to forget.
	if x.probe == nil && from != nil {
		f.cond = append(f.cond, x.invariants(f, h, entry)...)
	}
}

// widened is an unknown standing for a loop-carried value.
func (x *explorer) widened(t types.Type, name string) binding {
	ct, ok := symbolic.IRType(t)
	if !ok {
		if isLengthed(t) {
			x.nhavoc++
			n := c.V(&c.Sym{Name: fmt.Sprintf("?len(%s)#%d", name, x.nhavoc), Type: c.Int})
			return binding{n: n}
		}
		return binding{}
	}
	x.nhavoc++
	return binding{e: c.V(&c.Sym{Name: fmt.Sprintf("?%s#%d", name, x.nhavoc), Type: ct})}
}

func isLengthed(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return true
	case *types.Basic:
		return u.Info()&types.IsString != 0
	}
	return false
}

func (x *explorer) record(f *frame, sites []*siteInfo) {
	if x.probe != nil {
		return
	}
	var snap *pmap.Layer[*types.Var, binding]
	for _, s := range sites {
		if f.seen[s] {
			continue
		}
		f.seen[s] = true
		evs := x.res.events[s]
		if len(evs) >= maxEvents {
			s.overflow = true
			continue
		}
		if snap == nil {
			snap = f.env.Freeze()
		}
		n := len(f.cond)
		x.res.events[s] = append(evs, &event{cond: f.cond[:n:n], env: snap})
	}
}

// run executes b's instructions after its φ-nodes.
func (x *explorer) run(f *frame, b *ssa.BasicBlock) { x.runFrom(f, b, 0) }

// runFrom executes b's instructions from the i-th on.
func (x *explorer) runFrom(f *frame, b *ssa.BasicBlock, start int) {
	for _, ins := range b.Instrs[start:] {
		if _, ok := ins.(*ssa.Phi); ok {
			continue
		}
		if s := x.before[ins]; s != nil {
			x.record(f, s)
		}
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
			if n := len(f.stack); n > 0 {
				x.ret(f, ins)
				return
			}
			x.finish(f, returned, ins.Results)
			return
		case *ssa.Panic:
			x.finish(f, panicOpaque, nil)
			return
		case *ssa.BinOp:
			if !x.binOp(f, ins) {
				return
			}
		case *ssa.Call:
			if x.minMax(f, b, ins) || x.inline(f, b, ins) {
				return
			}
			f.vals[ins] = x.eval(f, ins)
		case ssa.Value:
			f.vals[ins] = x.eval(f, ins)
		default:
			// Store, MapUpdate, Send, Go, Defer, RunDefers: effects on
			// memory, which the explorer does not model (loads are
			// unknown anyway).
			x.makeOpaque(fmt.Sprintf("%T", ins))
		}
		if s := x.after[ins]; s != nil {
			x.record(f, s)
		}
	}
}

// minMax evaluates the builtins min and max of two integers by forking
// on their comparison, each path going on with its operand; it reports
// whether it took over the rest of the block.
func (x *explorer) minMax(f *frame, b *ssa.BasicBlock, call *ssa.Call) bool {
	bi, ok := call.Call.Value.(*ssa.Builtin)
	if !ok || (bi.Name() != "min" && bi.Name() != "max") || len(call.Call.Args) != 2 {
		return false
	}
	l, r := x.value(f, call.Call.Args[0]), x.value(f, call.Call.Args[1])
	if l.e == nil || r.e == nil || l.e.Type().Kind != c.KInt || l.e.Type() != r.e.Type() {
		return false
	}
	op := token.LEQ // min: the left one when l <= r
	if bi.Name() == "max" {
		op = token.GEQ
	}
	first := fold(c.Bin(op, l.e, r.e))
	i := instrIndex(b, call)
	for _, pick := range []struct {
		cond c.Expr
		v    c.Expr
	}{{first, l.e}, {c.Not(first), r.e}} {
		g := f.clone()
		if k, ok := pick.cond.(*c.Const); ok {
			if !k.V.Bool() {
				continue
			}
		} else {
			g.cond = append(g.cond, pick.cond)
			if x.refuted(g.cond) {
				continue
			}
		}
		g.vals[call] = binding{e: pick.v}
		x.runFrom(g, b, i+1)
	}
	return true
}

// unitCache is what the explorations of one unit share: the refutation
// chains with their caches of answers, and the memoised measures of
// expressions.
type unitCache struct {
	refuters [2]*refuter // by mode
	// implied is the chain that proves invariants: SAT alone, within
	// invariantSAT a check.
	implied solve.Solver
	shapes  *solve.Shapes
	ufs     map[[2]uint64]apply // loop summaries by function and argument structure
	keys    map[string]*c.Sym   // a symbol per summarised loop, to key them
	// orig is the unit's function: its explorations' refutations are
	// free to the mutants' (refuted).
	orig *ssa.Function
}

func (u *unitCache) keySym(key string) *c.Sym {
	if u.keys[key] == nil {
		u.keys[key] = &c.Sym{Name: key, Type: c.Bool}
	}
	return u.keys[key]
}

func newUnitCache() *unitCache {
	sh := solve.NewShapes()
	return &unitCache{refuters: [2]*refuter{widen: newRefuter(widen, sh), bounded: newRefuter(bounded, sh)}, shapes: sh,
		implied: solve.Chain(solve.Config{SAT: true, Props: invariantSAT}), ufs: map[[2]uint64]apply{}, keys: map[string]*c.Sym{}}
}

// maxInline bounds the depth of inlined calls.
const maxInline = 3

// inline follows a static call to a function of the unit's package into
// its body (not recursively, at most maxInline deep, not into functions
// with deferred calls): the callee's paths go on in the caller when they
// return. It reports whether it took over the rest of the block.
func (x *explorer) inline(f *frame, b *ssa.BasicBlock, call *ssa.Call) bool {
	callee := call.Call.StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg != x.fn.Pkg || len(callee.Blocks) == 0 || callee.Recover != nil ||
		len(f.stack) >= maxInline || len(callee.FreeVars) > 0 || len(callee.Params) != len(call.Call.Args) {
		return false
	}
	if callee == x.fn {
		return false
	}
	for _, cs := range f.stack {
		if cs.call.Parent() == callee {
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
	if x.loopsOf(callee).irreducible {
		return false
	}
	args := make([]binding, len(call.Call.Args))
	for i, a := range call.Call.Args {
		args[i] = x.value(f, a)
	}
	for i, prm := range callee.Params {
		f.vals[prm] = args[i]
		if obj, ok := prm.Object().(*types.Var); ok && !x.memVarsOf(callee)[obj] {
			f.env.Set(obj, args[i])
		}
	}
	f.stack = append(f.stack, callSite{block: b, index: instrIndex(b, call), call: call})
	x.block(f, callee.Blocks[0], nil)
	return true
}

// ret returns from an inlined call to its caller.
func (x *explorer) ret(f *frame, r *ssa.Return) {
	cs := f.stack[len(f.stack)-1]
	f.stack = f.stack[:len(f.stack)-1]
	switch len(r.Results) {
	case 0:
	case 1:
		f.vals[cs.call] = x.value(f, r.Results[0])
	default:
		t := make([]binding, len(r.Results))
		for i, v := range r.Results {
			t[i] = x.value(f, v)
		}
		f.vals[cs.call] = binding{tuple: t}
	}
	if s := x.after[cs.call]; s != nil {
		x.record(f, s)
	}
	x.runFrom(f, cs.block, cs.index+1)
}

func instrIndex(b *ssa.BasicBlock, ins ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == ins {
			return i
		}
	}
	panic("internal error: instruction not in its block")
}

func (x *explorer) finish(f *frame, code int, results []ssa.Value) {
	if x.probe != nil {
		return
	}
	x.res.paths++
	if x.res.paths >= maxPaths {
		x.fail(fmt.Sprintf("more than %d paths", maxPaths))
	}
	if x.mode != bounded {
		return
	}
	e := &end{cond: f.cond, panic: code}
	if code == returned {
		for _, r := range results {
			b := x.value(f, r)
			if b.e == nil {
				x.makeOpaque("a result the prover does not model")
			}
			e.results = append(e.results, b.e)
		}
	}
	x.res.ends = append(x.res.ends, e)
}

func (x *explorer) branch(f *frame, b *ssa.BasicBlock, ins *ssa.If) {
	cond, ok := x.scalar(f, ins.Cond, "cond")
	if !ok {
		x.fail("a branch on an unmodelled condition")
		return
	}
	cond = fold(cond)
	if k, ok := cond.(*c.Const); ok && f.summarised != b {
		if k.V.Bool() {
			x.block(f, b.Succs[0], b)
		} else {
			x.block(f, b.Succs[1], b)
		}
		return
	}
	if x.probe != nil {
		x.probe.guards = append(x.probe.guards, cond)
	}
	if f.summarised == b {
		// Leaving a summarised loop: its results end it, so the head's
		// condition takes the exit.
		f.summarised = nil
		body := x.loopsOf(b.Parent()).body[b]
		succ, c0 := b.Succs[1], c.Not(cond)
		if !body[b.Succs[0]] {
			succ, c0 = b.Succs[0], cond
		}
		f.cond = append(f.cond, c0)
		app := &x.res.apps[f.summary]
		app.exit = append(app.exit, c0)
		if !x.refuted(f.cond) {
			x.block(f, succ, b)
		}
		return
	}
	g := f.clone()
	g.cond = append(g.cond, cond)
	if !x.refuted(g.cond) {
		x.block(g, b.Succs[0], b)
	}
	f.cond = append(f.cond, c.Not(cond))
	if !x.refuted(f.cond) {
		x.block(f, b.Succs[1], b)
	}
}

// binOp evaluates a binary operation; a division or shift that may
// panic forks (bounded mode) or adds the condition under which the path
// goes on (widen mode). It reports whether the path goes on.
func (x *explorer) binOp(f *frame, v *ssa.BinOp) bool {
	a, b := x.value(f, v.X), x.value(f, v.Y)
	if a.e == nil || b.e == nil || !c.Valid(v.Op, a.e, b.e) {
		f.vals[v] = x.havoc(v.Type(), "op")
		return true
	}
	var ok c.Expr // the operation does not panic
	switch {
	case (v.Op == token.QUO || v.Op == token.REM) && b.e.Type().Kind == c.KInt:
		ok = fold(c.Bin(token.NEQ, b.e, c.Zero(b.e.Type())))
	case (v.Op == token.SHL || v.Op == token.SHR) && b.e.Type().Signed:
		ok = fold(c.Bin(token.GEQ, b.e, c.Zero(b.e.Type())))
	}
	if k, isK := ok.(*c.Const); ok != nil && !isK {
		if x.mode == bounded {
			code := panicDivide
			if v.Op == token.SHL || v.Op == token.SHR {
				code = panicShift
			}
			g := f.clone()
			g.cond = append(g.cond, c.Not(ok))
			if !x.refuted(g.cond) {
				x.finish(g, code, nil)
			}
		}
		f.cond = append(f.cond, ok)
		if x.refuted(f.cond) {
			return false
		}
	} else if isK && !k.V.Bool() {
		if x.mode == bounded {
			code := panicDivide
			if v.Op == token.SHL || v.Op == token.SHR {
				code = panicShift
			}
			x.finish(f, code, nil)
		}
		return false
	}
	f.vals[v] = binding{e: fold(c.Bin(v.Op, a.e, b.e))}
	return true
}

func (x *explorer) debugRef(f *frame, d *ssa.DebugRef) {
	if d.IsAddr {
		return
	}
	obj, ok := d.Object().(*types.Var)
	if !ok || x.memVarsOf(d.Parent())[obj] {
		return
	}
	// An unknown value is bound too: the variable's old value is stale.
	f.env.Set(obj, x.value(f, d.X))
}

// eval computes the value of an instruction other than a binary
// operation.
func (x *explorer) eval(f *frame, v ssa.Value) binding {
	switch v := v.(type) {
	case *ssa.UnOp:
		switch v.Op {
		case token.SUB, token.XOR, token.NOT:
			if a := x.value(f, v.X); a.e != nil {
				return binding{e: fold(c.Un(v.Op, a.e))}
			}
		}
	case *ssa.Convert:
		a := x.value(f, v.X)
		if t, ok := symbolic.IRType(v.Type()); ok && a.e != nil && t.Kind != c.KBool && a.e.Type().Kind != c.KBool {
			return binding{e: fold(c.Conv(t, a.e))}
		}
	case *ssa.ChangeType:
		return x.value(f, v.X)
	case *ssa.Extract:
		if t := x.value(f, v.Tuple).tuple; v.Index < len(t) {
			if t[v.Index].known() {
				return t[v.Index]
			}
		}
	case *ssa.Field:
		if a := x.value(f, v.X); a.in != nil && v.Field < len(a.in.fields) {
			return bindInput(a.in.fields[v.Field])
		}
	case *ssa.Call:
		if bi, ok := v.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" && len(v.Call.Args) == 1 {
			if a := x.value(f, v.Call.Args[0]); a.n != nil {
				return binding{e: a.n}
			}
		}
		x.makeOpaque("a call")
	}
	return x.havoc(v.Type(), "v")
}

// loopInfo holds the natural loops of a function.
type loopInfo struct {
	back        map[edge]bool
	header      map[*ssa.BasicBlock]bool
	vars        map[*ssa.BasicBlock]map[*types.Var]bool // per header: the source variables its loop refers to
	body        map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	irreducible bool
}

// findLoops finds the back edges (to a block that dominates their
// source), each header's natural loop and the variables it refers to,
// and whether the graph without back edges still has a cycle (a loop
// without a single entry, which widening cannot handle).
func findLoops(fn *ssa.Function) *loopInfo {
	li := &loopInfo{back: map[edge]bool{}, header: map[*ssa.BasicBlock]bool{}, vars: map[*ssa.BasicBlock]map[*types.Var]bool{}, body: map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}}
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if s.Dominates(b) {
				li.back[edge{b, s}] = true
				li.header[s] = true
			}
		}
	}
	for h := range li.header {
		body := map[*ssa.BasicBlock]bool{h: true}
		var stack []*ssa.BasicBlock
		for _, p := range h.Preds {
			if li.back[edge{p, h}] && !body[p] {
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
		for b := range body {
			for _, ins := range b.Instrs {
				if d, ok := ins.(*ssa.DebugRef); ok {
					if v, ok := d.Object().(*types.Var); ok {
						vars[v] = true
					}
				}
			}
		}
		li.vars[h] = vars
		li.body[h] = body
	}
	// Cycle check on the forward edges (Kahn's algorithm).
	indeg := map[*ssa.BasicBlock]int{}
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if !li.back[edge{b, s}] {
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
			if !li.back[edge{b, s}] {
				if indeg[s]--; indeg[s] == 0 {
					queue = append(queue, s)
				}
			}
		}
	}
	li.irreducible = seen != len(fn.Blocks)
	return li
}

// posIn reports whether p lies in n's span.
func posIn(p token.Pos, n ast.Node) bool { return p.IsValid() && n.Pos() <= p && p < n.End() }
