package symbolic

// This file is the generation explorer: the core explorer
// (internal/explore) under its narrowing policy — each block visited at
// most Bound times per path (bounded loop unrolling), reads at symbolic
// indexes forked, lengths capped by MaxLen — with the trigger rule that
// ties mutation sites to instructions.

import (
	"errors"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
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

// Event is one arrival at a site on one path: the path condition up to
// the site (Cond), the source variables' values (Env), the values of the
// source expressions evaluated so far on the path (Vals), what the path
// stored so far where the explorer knows (Mem) and, for an event of
// Result.Full, the arrival it completes (Prefix).
type Event = core.Event

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

	entry *pmap.Layer[*types.Var, core.Value] // the parameters' values at entry
}

// maxEvents bounds the arrivals recorded at one site (and the path
// conditions recorded at one block): more ways to reach a mutant than
// this add clauses, not chances.
const maxEvents = 128

// maxFull bounds the whole paths recorded through one site.
const maxFull = 512

// precision is what the generation explorer models: narrowed lengths,
// elements and memory, constant strings, named results.
func precision() core.Precision {
	return core.Precision{MaxLen: MaxLen, Strings: true, NamedResults: true}
}

// evaluator evaluates source expressions at the explorer's events.
func evaluator(info *types.Info) *core.Evaluator {
	return &core.Evaluator{Info: info, Precision: precision(), Err: ErrUnsupported}
}

// AtEntry evaluates a boolean expression over the unit's parameters
// (a //gozilla:assume directive) in input terms.
func (r *Result) AtEntry(e ast.Expr, info *types.Info) (c.Expr, error) {
	v, err := evaluator(info).Eval(e, &Event{Env: r.entry})
	if err != nil {
		return nil, err
	}
	if v.E == nil || v.E.Type() != c.Bool {
		return nil, fmt.Errorf("%w: %s is not a boolean over the inputs", ErrUnsupported, types.ExprString(e))
	}
	return v.E, nil
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
		return nil, errors.New("symbolic: no SSA body")
	}
	if len(fn.Params) != len(inputs) {
		return nil, fmt.Errorf("symbolic: %s has %d parameters, unit %d inputs", fn.Name(), len(fn.Params), len(inputs))
	}
	args := make([]*Arg, len(inputs))
	for i, t := range inputs {
		args[i] = core.NewArg(names[i], t)
	}
	limits := core.Limits{Bound: cfg.Bound, MaxSteps: cfg.MaxBlocks, MaxPaths: cfg.MaxPaths, MaxWork: cfg.MaxWork}
	if stop := cfg.Stop; stop != nil {
		limits.Stop = func() string {
			if stop() {
				return "stopped"
			}
			return ""
		}
	}
	x := core.New(fn, args, newSiteRule(fn, sites), &core.Narrowing{Refute: cfg.Refute}, core.Config{
		Limits:    limits,
		Precision: precision(),
		Recording: core.Recording{Exprs: true, Whole: true, MaxWhole: maxFull, MaxEvents: maxEvents, MaxAfter: -1, MaxBlockConds: maxEvents},
	})
	x.Explore()
	return &Result{Args: args, Events: x.Events, Full: x.Full, Blocks: x.Blocks, Paths: x.Paths, Cut: x.Incomplete != "", Havoc: x.Havocs, entry: x.Entry}, nil
}

// siteRule is generation's trigger rule: a statement site is announced
// by every instruction inside it; an expression site by the DebugRef of
// an expression around it (before it binds) and by its own (after);
// a literal site (a constant, which has no instruction of its own) by
// the instructions of the simple statement around it.
type siteRule struct {
	sites map[ast.Node]bool
	// anchors maps literal sites that no enclosing expression's value
	// announces (x = 0, return 1) to the simple statement around them,
	// whose first instruction stands for their evaluation.
	anchors map[ast.Node]ast.Stmt
	cache   map[trigKey][]ast.Node // the sites an instruction announces, by its position
}

type trigKey struct {
	pos token.Pos
	ref ast.Expr
}

// Triggers is generation's trigger rule for sites in fn (see Explore),
// for engines that walk fn with a policy of their own.
func Triggers(fn *ssa.Function, sites []ast.Node) core.Triggers { return newSiteRule(fn, sites) }

// Precision is generation's precision with lengths up to maxLen.
func Precision(maxLen int) core.Precision {
	p := precision()
	p.MaxLen = maxLen
	return p
}

func newSiteRule(fn *ssa.Function, sites []ast.Node) *siteRule {
	r := &siteRule{sites: map[ast.Node]bool{}, cache: map[trigKey][]ast.Node{}}
	for _, s := range sites {
		r.sites[s] = true
	}
	r.anchors = literalAnchors(fn, r.sites)
	return r
}

// Sites implements core.Triggers.
func (r *siteRule) Sites(ins ssa.Instruction) (before, after []ast.Node) {
	pos := ins.Pos()
	var ref ast.Expr
	if d, ok := ins.(*ssa.DebugRef); ok {
		pos, ref = d.Expr.Pos(), d.Expr
		if !d.IsAddr && r.sites[d.Expr] {
			after = []ast.Node{d.Expr}
		}
	}
	if !pos.IsValid() {
		return nil, after
	}
	k := trigKey{pos, ref}
	hit, ok := r.cache[k]
	if !ok {
		hit = r.triggered(pos, ref)
		r.cache[k] = hit
	}
	return hit, after
}

// triggered lists the sites an instruction at pos (a DebugRef of ref)
// announces, in source order.
func (r *siteRule) triggered(pos token.Pos, ref ast.Expr) []ast.Node {
	var out []ast.Node
	for s := range r.sites {
		if a := r.anchors[s]; a != nil && a.Pos() <= pos && pos < a.End() {
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
func IRType(t types.Type) (c.Type, bool) { return core.IRType(t) }

// ConstExpr converts a Go constant of type t to an IR constant; false for
// strings and constants the IR cannot hold.
func ConstExpr(t types.Type, v constant.Value) (c.Expr, bool) { return core.ConstExpr(t, v) }
