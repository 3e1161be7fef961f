package symbolic

// This file is the path explorer: a depth-first walk of the SSA control
// flow graph, each block visited at most Bound times per path (bounded
// loop unrolling), evaluating instructions over symbols.

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"math"
	"sort"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/value"
)

// Config bounds the exploration.
type Config struct {
	Bound    int // visits of a block per path (loop unrolling); 0 = 3
	MaxPaths int // paths explored per unit; 0 = 256
	// MaxBlocks bounds the block visits of the whole exploration, over
	// all paths, finished or abandoned at the unrolling bound; 0 =
	// 20,000. MaxPaths alone does not bound the work: a loop whose body
	// branches many ways is abandoned at the bound on exponentially many
	// partial paths, none of which counts as a path. A count, so the
	// cut falls at the same place on every machine.
	MaxBlocks int
	// MaxWork bounds the explorer's copying over the whole exploration:
	// every fork copies the path's state and every arrival at a site
	// keeps a snapshot, so a unit with thousands of sites (a table-driven
	// encoder) that forks on each symbolic index could take gigabytes
	// within MaxBlocks. The unit is cut, like at MaxBlocks, when the
	// count (entries copied or snapshotted) passes it; 0 = 20,000,000.
	// A count, not a clock: the cut falls at the same place everywhere.
	MaxWork int
	// Stop, when set, is polled at each block and each fork on a
	// symbolic index (where MaxBlocks and MaxWork are checked): true stops the
	// exploration as if a bound were reached (the run's deadline).
	Stop func() bool

	// Refute, when set, is asked at each branch and each fork on a
	// symbolic index whether the path condition so far is certainly
	// unsatisfiable (Unsat); such paths are not followed. It is asked
	// with no allowance, so it must need none: domain reduction alone
	// (solve.Chain(solve.Config{DomRed: true})).
	Refute solve.Solver
}

// sval is the symbolic value of an SSA register: a scalar expression, an
// input argument (strings, slices, structs, pointers), or a constant
// string; none of them for values the explorer does not model.
type sval struct {
	e   c.Expr
	arg *Arg
	str *string
}

// Event is one arrival at a site on one path.
type Event struct {
	Cond c.Clause                      // the path condition up to the site
	Env  *pmap.Layer[*types.Var, sval] // source variables' values at the site
	Vals *pmap.Layer[ast.Expr, c.Expr] // values of the source expressions evaluated so far on the path
	Mem  *pmap.Layer[*Arg, sval]       // what the path stored so far, where the explorer knows
	// Prefix is, for an event of Result.Full, the arrival it completes
	// (whose Cond stops at the site).
	Prefix *Event

	dnf c.System // reach's
}

// reach is the path condition as a system (conditions may hold && and
// ||: string equality, LCR), converted once for every mutant at the site.
func (ev *Event) reach() c.System {
	if ev.dnf == nil {
		ev.dnf, _ = ev.Cond.DNF()
		if ev.dnf == nil {
			ev.dnf = c.False()
		}
	}
	return ev.dnf
}

// Result is what exploring a unit found.
type Result struct {
	Args   []*Arg // the unit's inputs, receiver first
	Events map[ast.Node][]*Event
	// Full holds, per site, the whole paths through it that were
	// explored to their end: Cond is the path's condition to its return
	// or panic; Env and Vals are at the site.
	Full map[ast.Node][]*Event
	// Blocks holds, per block, the path conditions of the arrivals at
	// it (at most 128): their disjunction is the block's path
	// expression, the reachability condition C_R (seed 003 §2.1).
	Blocks map[*ssa.BasicBlock][]c.Clause
	Paths  int  // paths explored to their end
	Cut    bool // some path was stopped by the unrolling bound, MaxPaths or MaxBlocks: not every path was explored
	Havoc  int  // unmodelled values met

	entry *pmap.Layer[*types.Var, sval] // the parameters' values at entry
}

// AtEntry evaluates a boolean expression over the unit's parameters
// (a //gozilla:assume directive) in input terms.
func (r *Result) AtEntry(e ast.Expr, info *types.Info) (c.Expr, error) {
	v, err := evalAST(e, info, &Event{Env: r.entry})
	if err != nil {
		return nil, err
	}
	if v.e == nil || v.e.Type() != c.Bool {
		return nil, fmt.Errorf("%w: %s is not a boolean over the inputs", ErrUnsupported, types.ExprString(e))
	}
	return v.e, nil
}

type explorer struct {
	cfg   Config
	fn    *ssa.Function
	sites map[ast.Node]bool
	// anchors maps literal sites that no enclosing expression's value
	// announces (x = 0, return 1) to the simple statement around them,
	// whose first instruction stands for their evaluation.
	anchors map[ast.Node]ast.Stmt
	trig    map[trigKey][]ast.Node // the sites an instruction announces, by its position
	res     *Result
	nhavoc  int
	blocks  int  // block visits so far, over all paths
	work    int  // entries copied by forks and arrivals so far (MaxWork)
	full    bool // MaxPaths, MaxBlocks or MaxWork reached, or Stop: exploration stops
}

type frame struct {
	vals   map[ssa.Value]sval
	env    pmap.Scope[*types.Var, sval]
	exprs  pmap.Scope[ast.Expr, c.Expr]
	cond   c.Clause
	visits map[*ssa.BasicBlock]int
	seen   map[ast.Node]bool // sites already recorded on this path at this visit
	dirty  bool              // memory was written where the explorer cannot tell: loads are no longer known
	// mem holds what the path stored into places it knows: elements and
	// fields of the inputs, and of local arrays and structs.
	mem pmap.Scope[*Arg, sval]
	// pending lists the arrivals at sites on this path so far.
	pending []pending
}

// over reports whether the exploration must stop (MaxBlocks, MaxWork,
// Stop), marking it cut.
func (x *explorer) over() bool {
	if x.full {
		return true
	}
	if x.blocks > x.cfg.MaxBlocks || x.work > x.cfg.MaxWork || x.cfg.Stop != nil && x.cfg.Stop() {
		x.res.Cut, x.full = true, true
	}
	return x.full
}

// fork clones f for another path, counting the copy (MaxWork).
func (x *explorer) fork(f *frame) *frame {
	x.work += len(f.vals) + len(f.cond) + len(f.visits) + len(f.seen) + len(f.pending)
	return f.clone()
}

func (f *frame) clone() *frame {
	g := &frame{vals: make(map[ssa.Value]sval, len(f.vals)), env: f.env.Fork(), exprs: f.exprs.Fork(), mem: f.mem.Fork(),
		cond: append(c.Clause(nil), f.cond...), visits: make(map[*ssa.BasicBlock]int, len(f.visits)),
		seen: make(map[ast.Node]bool, len(f.seen)), dirty: f.dirty, pending: append([]pending(nil), f.pending...)}
	for k, v := range f.seen {
		g.seen[k] = v
	}
	for k, v := range f.vals {
		g.vals[k] = v
	}
	for k, v := range f.visits {
		g.visits[k] = v
	}
	return g
}

// Explore walks fn's paths and records an event at each arrival at one
// of sites: an expression site when its value is computed, another node
// when the first instruction inside it runs. inputs are the unit's
// argument types, receiver first.
func Explore(fn *ssa.Function, inputs []*value.Type, names []string, sites []ast.Node, cfg Config) (*Result, error) {
	if cfg.Bound <= 0 {
		cfg.Bound = 3
	}
	if cfg.MaxPaths <= 0 {
		cfg.MaxPaths = 256
	}
	if cfg.MaxBlocks <= 0 {
		cfg.MaxBlocks = 20_000
	}
	if cfg.MaxWork <= 0 {
		cfg.MaxWork = 20_000_000
	}
	if fn == nil || len(fn.Blocks) == 0 {
		return nil, fmt.Errorf("symbolic: no SSA body")
	}
	if len(fn.Params) != len(inputs) {
		return nil, fmt.Errorf("symbolic: %s has %d parameters, unit %d inputs", fn.Name(), len(fn.Params), len(inputs))
	}
	x := &explorer{cfg: cfg, fn: fn, sites: map[ast.Node]bool{}, res: &Result{Events: map[ast.Node][]*Event{}, Full: map[ast.Node][]*Event{}, Blocks: map[*ssa.BasicBlock][]c.Clause{}}}
	for _, s := range sites {
		x.sites[s] = true
	}
	x.anchors = literalAnchors(fn, x.sites)
	x.trig = map[trigKey][]ast.Node{}
	f := &frame{vals: map[ssa.Value]sval{}, visits: map[*ssa.BasicBlock]int{}, seen: map[ast.Node]bool{}}
	for i, p := range fn.Params {
		a := newArg(names[i], inputs[i])
		x.res.Args = append(x.res.Args, a)
		v := sval{arg: a}
		if a.Sym != nil {
			v = sval{e: c.V(a.Sym)}
		}
		f.vals[p] = v
		if obj, ok := p.Object().(*types.Var); ok {
			f.env.Set(obj, v)
		}
	}
	x.res.entry = f.env.Freeze()
	// Named results start as zero values.
	res := fn.Signature.Results()
	for i := 0; i < res.Len(); i++ {
		if r := res.At(i); r.Name() != "" {
			if t, ok := irType(r.Type()); ok {
				f.env.Set(r, sval{e: c.Zero(t)})
			}
		}
	}
	x.block(f, fn.Blocks[0], nil)
	return x.res, nil
}

func (x *explorer) havoc(t types.Type, why string) sval {
	x.nhavoc++
	x.res.Havoc++
	if ct, ok := irType(t); ok {
		return sval{e: c.V(&c.Sym{Name: fmt.Sprintf("?%s#%d", why, x.nhavoc), Type: ct})}
	}
	return sval{}
}

// irType maps a Go type to the IR's scalar types.
func irType(t types.Type) (c.Type, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return c.Type{}, false
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return c.Bool, true
	case types.Int, types.UntypedInt:
		return c.Int, true
	case types.Int8:
		return c.Int8, true
	case types.Int16:
		return c.Int16, true
	case types.Int32, types.UntypedRune:
		return c.Int32, true
	case types.Int64:
		return c.Int64, true
	case types.Uint, types.Uintptr:
		return c.Uint, true
	case types.Uint8:
		return c.Uint8, true
	case types.Uint16:
		return c.Uint16, true
	case types.Uint32:
		return c.Uint32, true
	case types.Uint64:
		return c.Uint64, true
	case types.Float32:
		return c.Float32, true
	case types.Float64, types.UntypedFloat:
		return c.Float64, true
	}
	return c.Type{}, false
}

// constVal converts a Go constant of type t.
func constVal(t types.Type, v constant.Value) (sval, bool) {
	if v == nil {
		return sval{}, false
	}
	if v.Kind() == constant.String {
		s := constant.StringVal(v)
		return sval{str: &s}, true
	}
	ct, ok := irType(t)
	if !ok {
		return sval{}, false
	}
	switch ct.Kind {
	case c.KBool:
		return sval{e: c.B(constant.BoolVal(v))}, true
	case c.KInt:
		if x, exact := constant.Int64Val(constant.ToInt(v)); exact {
			return sval{e: c.I(ct, x)}, true
		}
		if x, exact := constant.Uint64Val(constant.ToInt(v)); exact {
			return sval{e: &c.Const{T: ct, V: c.Wrap(ct, x)}}, true
		}
	case c.KFloat:
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return sval{e: c.F(ct, f)}, true
	}
	return sval{}, false
}

func (x *explorer) value(f *frame, v ssa.Value) sval {
	if s, ok := f.vals[v]; ok {
		return s
	}
	if k, ok := v.(*ssa.Const); ok {
		if s, ok := constVal(k.Type(), k.Value); ok {
			return s
		}
	}
	return sval{}
}

// block runs b's instructions on f, then follows its successors.
func (x *explorer) block(f *frame, b *ssa.BasicBlock, from *ssa.BasicBlock) {
	if x.full {
		return
	}
	if f.visits[b] >= x.cfg.Bound {
		x.res.Cut = true // the unrolling bound stops this path: not every path is explored
		return
	}
	if x.blocks++; x.over() {
		return
	}
	f.visits[b]++
	if len(x.res.Blocks[b]) < maxEvents {
		n := len(f.cond)
		x.res.Blocks[b] = append(x.res.Blocks[b], f.cond[:n:n])
	}
	f.seen = map[ast.Node]bool{} // a site is recorded once per block visit (loops record each iteration)
	// Phis read their operands simultaneously.
	phis := map[ssa.Value]sval{}
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
	for k, v := range phis {
		f.vals[k] = v
	}
	x.run(f, b, 0)
}

// run executes b's instructions from start on (phis done).
func (x *explorer) run(f *frame, b *ssa.BasicBlock, start int) {
	for i := start; i < len(b.Instrs); i++ {
		ins := b.Instrs[i]
		if _, ok := ins.(*ssa.Phi); ok {
			continue
		}
		if x.forkIndex(f, b, i) {
			return
		}
		x.trigger(f, ins)
		switch ins := ins.(type) {
		case *ssa.DebugRef:
			x.debugRef(f, ins)
		case *ssa.Store:
			x.store(f, ins)
		case *ssa.MapUpdate, *ssa.Go, *ssa.Defer:
			f.dirty = true
		case *ssa.If:
			cond := x.value(f, ins.Cond)
			t, e := b.Succs[0], b.Succs[1]
			if cond.e == nil {
				cond = x.havoc(ins.Cond.Type(), "cond")
			}
			ce := c.Fold(cond.e)
			if k, ok := ce.(*c.Const); ok {
				if k.V.Bool() {
					x.block(f, t, b)
				} else {
					x.block(f, e, b)
				}
				return
			}
			g := x.fork(f)
			g.cond = append(g.cond, ce)
			if x.feasible(g.cond) {
				x.block(g, t, b)
			}
			f.cond = append(f.cond, c.Not(ce))
			if x.feasible(f.cond) {
				x.block(f, e, b)
			}
			return
		case *ssa.Jump:
			x.block(f, b.Succs[0], b)
			return
		case *ssa.Return, *ssa.Panic:
			x.complete(f)
			x.res.Paths++
			if x.res.Paths >= x.cfg.MaxPaths {
				x.res.Cut, x.full = true, true
			}
			return
		case ssa.Value:
			f.vals[ins] = x.eval(f, ins)
		}
	}
}

// trigger records events for statement sites containing ins.
func (x *explorer) trigger(f *frame, ins ssa.Instruction) {
	pos := ins.Pos()
	var ref ast.Expr
	if d, ok := ins.(*ssa.DebugRef); ok {
		pos, ref = d.Expr.Pos(), d.Expr
	}
	if !pos.IsValid() {
		return
	}
	k := trigKey{pos, ref}
	hit, ok := x.trig[k]
	if !ok {
		hit = x.triggered(pos, ref)
		x.trig[k] = hit
	}
	for _, s := range hit {
		if !f.seen[s] && len(x.res.Events[s]) < maxEvents {
			f.seen[s] = true
			x.record(f, s)
		}
	}
}

// maxEvents bounds the arrivals recorded at one site: more ways to reach
// a mutant than this add clauses, not chances.
const maxEvents = 128

// maxFull bounds the whole paths recorded through one site.
const maxFull = 512

type trigKey struct {
	pos token.Pos
	ref ast.Expr
}

// triggered lists the sites an instruction at pos (a DebugRef of ref)
// announces, in source order.
func (x *explorer) triggered(pos token.Pos, ref ast.Expr) []ast.Node {
	var out []ast.Node
	for s := range x.sites {
		if a := x.anchors[s]; a != nil && a.Pos() <= pos && pos < a.End() {
			out = append(out, s)
			continue
		}
		if _, isExpr := s.(ast.Expr); isExpr {
			// An expression site is recorded when its value, or that of
			// an expression around it, is computed: constants have no
			// instruction of their own.
			if ref != nil && ref != s && ref.Pos() <= s.Pos() && s.End() <= ref.End() {
				out = append(out, s)
			}
			continue
		}
		if s.Pos() <= pos && pos < s.End() {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Pos() != out[j].Pos() {
			return out[i].Pos() < out[j].Pos()
		}
		return out[i].End() > out[j].End()
	})
	return out
}

func (x *explorer) record(f *frame, s ast.Node) {
	// The event keeps the frame's maps (copy-on-write) and a prefix of
	// its condition: later appends never reach below the cap.
	n := len(f.cond)
	x.work += 8 // the event and its snapshots (flattened now and then)
	ev := &Event{Cond: f.cond[:n:n], Env: f.env.Freeze(), Vals: f.exprs.Freeze(), Mem: f.mem.Freeze()}
	x.res.Events[s] = append(x.res.Events[s], ev)
	f.pending = append(f.pending, pending{s, ev})
}

// complete records, for every arrival at a site on the path that just
// ended, the whole path: its condition covers what happens after the
// site too, so the clauses of a mutant's system differ in how the
// program goes on from the mutant — the ways an infection can reach
// the outputs — and not only in how it gets there.
func (x *explorer) complete(f *frame) {
	if len(f.pending) == 0 {
		return
	}
	n := len(f.cond)
	cond := f.cond[:n:n] // shared by the path's events
	x.work += len(f.pending)
	for _, p := range f.pending {
		if len(x.res.Full[p.site]) >= maxFull {
			continue
		}
		x.res.Full[p.site] = append(x.res.Full[p.site], &Event{Cond: cond, Env: p.ev.Env, Vals: p.ev.Vals, Mem: p.ev.Mem, Prefix: p.ev})
	}
}

// pending is an arrival at a site on the current path.
type pending struct {
	site ast.Node
	ev   *Event
}

func (x *explorer) debugRef(f *frame, d *ssa.DebugRef) {
	if d.IsAddr {
		return
	}
	v := x.value(f, d.X)
	if obj, ok := d.Object().(*types.Var); ok {
		f.env.Set(obj, v)
	}
	if v.e != nil {
		f.exprs.Set(d.Expr, v.e)
	}
	if x.sites[d.Expr] && !f.seen[d.Expr] {
		f.seen[d.Expr] = true
		x.record(f, d.Expr)
	}
}

var binOps = map[token.Token]bool{token.ADD: true, token.SUB: true, token.MUL: true, token.QUO: true, token.REM: true,
	token.AND: true, token.OR: true, token.XOR: true, token.AND_NOT: true, token.SHL: true, token.SHR: true,
	token.EQL: true, token.NEQ: true, token.LSS: true, token.LEQ: true, token.GTR: true, token.GEQ: true}

// eval computes an instruction's value.
func (x *explorer) eval(f *frame, v ssa.Value) sval {
	switch v := v.(type) {
	case *ssa.BinOp:
		a, b := x.value(f, v.X), x.value(f, v.Y)
		if a.e != nil && b.e != nil && binOps[v.Op] {
			return sval{e: c.Fold(c.Bin(v.Op, a.e, b.e))}
		}
		if (v.Op == token.EQL || v.Op == token.NEQ) && isString(v.X.Type()) {
			if e, ok := x.stringEq(f, a, b); ok {
				if v.Op == token.NEQ {
					e = c.Not(e)
				}
				return sval{e: e}
			}
		}
	case *ssa.UnOp:
		a := x.value(f, v.X)
		switch v.Op {
		case token.SUB, token.XOR, token.NOT:
			if a.e != nil {
				return sval{e: c.Fold(c.Un(v.Op, a.e))}
			}
		case token.MUL: // load through a pointer, unless memory was written where the explorer cannot tell
			if a.arg != nil && a.arg.Type.Kind == value.Pointer && !f.dirty {
				return x.load(f, a.arg.pointee())
			}
		}
	case *ssa.Convert:
		a := x.value(f, v.X)
		if t, ok := irType(v.Type()); ok && a.e != nil && t.Kind != c.KBool {
			return sval{e: c.Fold(c.Conv(t, a.e))}
		}
	case *ssa.ChangeType:
		return x.value(f, v.X)
	case *ssa.Slice:
		if s, ok := x.slice(f, v); ok {
			return s
		}
	case *ssa.Call:
		b, builtin := v.Call.Value.(*ssa.Builtin)
		if !builtin || (b.Name() != "len" && b.Name() != "cap") {
			f.dirty = true // the callee may write through any pointer it reaches
		}
		if builtin && b.Name() == "len" && len(v.Call.Args) == 1 {
			a := x.value(f, v.Call.Args[0])
			switch {
			case a.arg != nil && a.arg.length() != nil:
				root := a.arg
				if root.Base != nil {
					root = root.Base
				}
				f.cond = append(f.cond, lenBounds(root.Len)...)
				return sval{e: a.arg.length()}
			case a.str != nil:
				return sval{e: c.I(c.Int, int64(len(*a.str)))}
			}
		}
	case *ssa.Index: // string or array element
		return x.index(f, v.X, v.Index, v.Type())
	case *ssa.Field:
		a := x.value(f, v.X)
		if a.arg != nil && a.arg.Type.Kind == value.Struct && v.Field < len(a.arg.Fields) {
			return x.load(f, a.arg.Fields[v.Field])
		}
	case *ssa.Alloc:
		if t, err := value.FromTypes(v.Type().(*types.Pointer).Elem(), nil, nil, true); err == nil {
			// A local variable the code takes the address of, or a
			// local array: its parts start as zero values.
			a := newArg(localName(v), t)
			a.markLocal()
			return sval{arg: &Arg{Name: "&" + a.Name, Type: &value.Type{Kind: value.Pointer, Elem: t}, Elem: a}}
		}
	case *ssa.FieldAddr:
		a := x.value(f, v.X)
		if a.arg != nil && a.arg.Type.Kind == value.Pointer {
			p := a.arg.pointee()
			if p.Type.Kind == value.Struct && v.Field < len(p.Fields) {
				return sval{arg: &Arg{Name: "&" + p.Fields[v.Field].Name, Type: &value.Type{Kind: value.Pointer, Elem: p.Fields[v.Field].Type}, Elem: p.Fields[v.Field]}}
			}
		}
	case *ssa.IndexAddr: // &slice[i] or &array[i] (through a pointer to the array)
		a := x.value(f, v.X)
		if a.arg != nil && a.arg.Type.Kind == value.Pointer && a.arg.Elem != nil && a.arg.Elem.Type.Kind == value.Array {
			a = sval{arg: a.arg.Elem}
		}
		if a.arg != nil && (a.arg.Type.Kind == value.Slice || a.arg.Type.Kind == value.Array) {
			if el := a.arg.elemAt(x, f, v.Index); el != nil {
				return sval{arg: &Arg{Name: "&" + el.Name, Type: &value.Type{Kind: value.Pointer, Elem: el.Type}, Elem: el}}
			}
		}
	}
	return x.havoc(v.Type(), "v")
}

// argVal is the value of an argument part: a scalar's symbol, or the part.
func argVal(a *Arg) sval {
	if a.Sym != nil {
		return sval{e: c.V(a.Sym)}
	}
	return sval{arg: a}
}

// lenBounds are the facts every length obeys, and the bound on generated
// lengths.
func lenBounds(l *c.Sym) c.Clause {
	return c.Clause{c.Bin(token.GEQ, c.V(l), c.I(c.Int, 0)), c.Bin(token.LEQ, c.V(l), c.I(c.Int, MaxLen))}
}

// index reads element i of a string, slice or array argument: a
// constant index reads its element symbol, and the path continues only
// if the index is in range (Go panics otherwise).
func (x *explorer) index(f *frame, agg, idx ssa.Value, t types.Type) sval {
	a := x.value(f, agg)
	if a.arg == nil {
		if t == nil {
			return sval{}
		}
		return x.havoc(t, "index")
	}
	el := a.arg.elemAt(x, f, idx)
	if el == nil {
		if t == nil {
			return sval{}
		}
		return x.havoc(t, "index")
	}
	return x.load(f, el)
}

// elemAt returns the element argument at a constant index, adding the
// bounds check to the path; nil for symbolic indexes.
func (a *Arg) elemAt(x *explorer, f *frame, idx ssa.Value) *Arg {
	i, ok := x.constIndex(f, idx)
	if !ok || i < 0 || i >= MaxLen {
		return nil
	}
	switch a.Type.Kind {
	case value.String, value.Slice:
		f.cond = append(f.cond, a.bounds(i)...)
	case value.Array:
		if int(i) >= a.Type.Len {
			return nil
		}
	default:
		return nil
	}
	return a.elemOf(int(i))
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// stringEq is s == "lit" for a string argument: its length and each byte.
func (x *explorer) stringEq(f *frame, a, b sval) (c.Expr, bool) {
	if a.str != nil {
		a, b = b, a
	}
	if a.arg == nil || b.str == nil || a.arg.Type.Kind != value.String || len(*b.str) > MaxLen {
		return nil, false
	}
	lit := *b.str
	eq := c.Bin(token.EQL, a.arg.length(), c.I(c.Int, int64(len(lit))))
	for i := 0; i < len(lit); i++ {
		el := a.arg.elemOf(i)
		eq = c.Bin(token.LAND, eq, c.Bin(token.EQL, c.V(el.Sym), c.I(c.Uint8, int64(lit[i]))))
	}
	return eq, true
}

// literalAnchors finds, for each literal site (a constant written in the
// source, which has no SSA instruction of its own), the innermost
// simple statement around it: an assignment, return, expression,
// increment or send statement. Literals inside conditions are left to
// the condition's own value.
func literalAnchors(fn *ssa.Function, sites map[ast.Node]bool) map[ast.Node]ast.Stmt {
	out := map[ast.Node]ast.Stmt{}
	syn := fn.Syntax()
	if syn == nil {
		return out
	}
	var stack []ast.Node
	ast.Inspect(syn, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if sites[n] && isLiteral(n) {
			for i := len(stack) - 1; i >= 0; i-- {
				if st, ok := stack[i].(ast.Stmt); ok {
					switch st.(type) {
					case *ast.AssignStmt, *ast.ReturnStmt, *ast.ExprStmt, *ast.IncDecStmt, *ast.SendStmt, *ast.DeclStmt:
						out[n] = st
					}
					break
				}
				if _, isLit := stack[i].(*ast.FuncLit); isLit {
					break
				}
			}
		}
		stack = append(stack, n)
		return true
	})
	return out
}

func isLiteral(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.BasicLit:
		return true
	case *ast.UnaryExpr:
		return isLiteral(n.X)
	case *ast.ParenExpr:
		return isLiteral(n.X)
	}
	return false
}

// constIndex returns the value of an index when it is a constant on this
// path (a literal, or a loop counter the unrolling made concrete).
func (x *explorer) constIndex(f *frame, idx ssa.Value) (int64, bool) {
	v := x.value(f, idx)
	if v.e == nil {
		return 0, false
	}
	k, ok := c.Fold(v.e).(*c.Const)
	if !ok || k.T.Kind != c.KInt {
		return 0, false
	}
	if !k.T.Signed && k.V.Uint() > math.MaxInt64 {
		return 0, false
	}
	return k.V.Int(), true
}

// forkIndex handles an element read or address at a symbolic index
// (a[i] with i an input expression): the path splits into one path per
// index value k the aggregate can have, each with i == k (and, for
// slices and strings, len > k) added to its condition and i replaced by
// k from there on, the concretisation Godzilla's domain reduction then
// solves for. Indexes out of range end the path in Go's panic. It
// reports whether it took over the rest of the block.
func (x *explorer) forkIndex(f *frame, b *ssa.BasicBlock, i int) bool {
	var agg, idx ssa.Value
	switch ins := b.Instrs[i].(type) {
	case *ssa.Index:
		agg, idx = ins.X, ins.Index
	case *ssa.IndexAddr:
		agg, idx = ins.X, ins.Index
	default:
		return false
	}
	a := x.value(f, agg)
	if a.arg != nil && a.arg.Type.Kind == value.Pointer && a.arg.Elem != nil && a.arg.Elem.Type.Kind == value.Array {
		a = sval{arg: a.arg.Elem}
	}
	if a.arg == nil {
		return false
	}
	iv := x.value(f, idx)
	if iv.e == nil || iv.e.Type().Kind != c.KInt {
		return false
	}
	ie := c.Fold(iv.e)
	if _, isConst := ie.(*c.Const); isConst {
		return false
	}
	n := MaxLen
	switch a.arg.Type.Kind {
	case value.Array:
		n = min(n, a.arg.Type.Len)
	case value.String, value.Slice:
	default:
		return false
	}
	it := ie.Type()
	forked := false
	for k := 0; k < n && !x.over(); k++ {
		if !it.Signed && it.Bits < 64 && uint64(k) > it.Max() || it.Signed && int64(k) > int64(it.Max()) {
			break
		}
		eq := c.Bin(token.EQL, ie, c.I(it, int64(k)))
		check := append(f.cond[:len(f.cond):len(f.cond)], eq)
		if a.arg.length() != nil {
			// The bounds check elemAt adds when the read runs again.
			check = append(check, a.arg.bounds(int64(k))...)
		}
		if !x.feasible(check) {
			continue
		}
		g := x.fork(f)
		g.cond = append(g.cond, eq)
		forked = true
		g.vals[idx] = sval{e: c.I(it, int64(k))}
		x.run(g, b, i)
		if x.full {
			break
		}
	}
	if !forked && !x.full {
		// Every index in range is refuted: the read panics (or the
		// path was infeasible already).
		x.res.Paths++
	}
	return true
}

// feasible reports whether the path condition may hold: false only when
// the configured refuter proves it cannot.
func (x *explorer) feasible(cl c.Clause) bool {
	if x.cfg.Refute == nil {
		return true
	}
	x.work += 4 * len(cl) // reducing the domains of the whole condition
	return x.cfg.Refute.Solve(&solve.Query{Clause: cl}, solve.Budget{}).Status != solve.Unsat
}

// store writes through a pointer the explorer knows (an element or field
// of an input or of a local); any other store makes loads unknown.
func (x *explorer) store(f *frame, s *ssa.Store) {
	p := x.value(f, s.Addr)
	if p.arg == nil || p.arg.Type.Kind != value.Pointer || p.arg.Elem == nil {
		f.dirty = true
		return
	}
	v := x.value(f, s.Val)
	if v.e == nil && v.arg == nil && v.str == nil {
		v = x.havoc(s.Val.Type(), "store")
	}
	f.mem.Set(p.arg.Elem, v)
}

// load reads a place: what the path stored there, else the input's
// symbol (or the zero value for a local).
func (x *explorer) load(f *frame, a *Arg) sval {
	if v, ok := f.mem.Get(a); ok {
		return v
	}
	return (&Event{}).load(a)
}

func localName(v *ssa.Alloc) string {
	if v.Comment != "" {
		return v.Comment
	}
	return v.Name()
}

// Arrivals returns the events a mutant at site is solved over, at most
// max of them: the whole paths through it, ordered so that the first
// ones differ as early as possible, before and after the site (a
// round-robin over the branches of the path tree, at every level), then
// the arrivals no explored path completes (cut by the unrolling bound
// or the path limit).
func (r *Result) Arrivals(site ast.Node, max int) []*Event {
	full := interleave(r.Full[site], 0)
	done := map[*Event]bool{}
	for _, ev := range full {
		done[ev.Prefix] = true
	}
	out := full
	for _, ev := range r.Events[site] {
		if !done[ev] {
			out = append(out, ev)
		}
	}
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// interleave orders events whose conditions share prefixes (paths of
// one tree, in depth-first order): at the first position where they
// part, the groups that agree there are each ordered the same way and
// then taken in turn.
func interleave(evs []*Event, depth int) []*Event {
	for len(evs) > 1 {
		var groups [][]*Event
		for _, ev := range evs {
			if n := len(groups); n > 0 && sameAt(groups[n-1][0], ev, depth) {
				groups[n-1] = append(groups[n-1], ev)
			} else {
				groups = append(groups, []*Event{ev})
			}
		}
		if len(groups) == 1 {
			depth++
			if depth > len(evs[0].Cond) {
				return evs
			}
			continue
		}
		for i, g := range groups {
			groups[i] = interleave(g, depth+1)
		}
		out := make([]*Event, 0, len(evs))
		for i := 0; len(out) < len(evs); i++ {
			for _, g := range groups {
				if i < len(g) {
					out = append(out, g[i])
				}
			}
		}
		return out
	}
	return evs
}

// sameAt reports whether two paths took the same branch at position d
// of their conditions (a path that ended before d agrees with nothing).
func sameAt(a, b *Event, d int) bool {
	if d >= len(a.Cond) || d >= len(b.Cond) {
		return len(a.Cond) == len(b.Cond)
	}
	return a.Cond[d] == b.Cond[d]
}

// slice models s[lo:hi] of an input string or slice (or a view of one)
// at a constant lo: a view sharing the input's elements. The path
// requires lo <= hi <= len(s) (Go panics otherwise; a slice's capacity
// is taken as its length, as generated inputs have it).
func (x *explorer) slice(f *frame, v *ssa.Slice) (sval, bool) {
	a := x.value(f, v.X)
	if a.arg == nil || (a.arg.Type.Kind != value.String && a.arg.Type.Kind != value.Slice) || a.arg.length() == nil {
		return sval{}, false
	}
	root, off := a.arg, int64(0)
	if root.Base != nil {
		root, off = root.Base, root.Off
	}
	n := a.arg.length()
	lo := int64(0)
	if v.Low != nil {
		k, ok := x.constIndex(f, v.Low)
		if !ok || k < 0 || k > MaxLen {
			return sval{}, false
		}
		lo = k
	}
	hi := n
	if v.High != nil {
		h := x.value(f, v.High)
		if h.e == nil || h.e.Type().Kind != c.KInt {
			return sval{}, false
		}
		hi = h.e
		if hi.Type() != c.Int {
			hi = c.Conv(c.Int, hi)
		}
	}
	low := c.I(c.Int, lo)
	f.cond = append(f.cond, lenBounds(root.Len)...)
	f.cond = append(f.cond, c.Fold(c.Bin(token.LEQ, low, hi)), c.Fold(c.Bin(token.LEQ, hi, n)))
	size := hi
	if lo != 0 {
		size = c.Fold(c.Bin(token.SUB, hi, low))
	}
	return sval{arg: &Arg{Name: fmt.Sprintf("%s[%d:]", root.Name, off+lo), Type: a.arg.Type, Base: root, Off: off + lo, LenE: size}}, true
}

// Reach returns block b's path expression in DNF: the disjunction of the
// conditions of the explored paths that arrive at it. It is exact only
// when the exploration was not cut (Result.Cut) and modelled every value
// the conditions depend on; otherwise it describes some of the inputs
// that reach b.
func (r *Result) Reach(b *ssa.BasicBlock) c.System {
	var sys c.System
	for _, cl := range r.Blocks[b] {
		d, _ := cl.DNF()
		sys = append(sys, d...)
	}
	return sys
}

// IRType maps a Go type to the IR's scalar types (false for the others).
func IRType(t types.Type) (c.Type, bool) { return irType(t) }

// ConstExpr converts a Go constant of type t to an IR constant; false for
// strings and constants the IR cannot hold.
func ConstExpr(t types.Type, v constant.Value) (c.Expr, bool) {
	s, ok := constVal(t, v)
	if !ok || s.e == nil {
		return nil, false
	}
	return s.e, true
}
