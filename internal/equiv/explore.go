package equiv

// This file is the prover's use of the core explorer (internal/explore)
// under the sound policy: what it records must describe every
// execution, so nothing narrows. Lengths are only known not to be
// negative, element reads are fresh unknowns, loops are widened (mode
// widen) or unrolled until every path has ended (mode bounded), and any
// exploration that had to stop early says so (Incomplete), which voids
// every proof drawn from it. The prover adds to the policy its
// refutations within counted SAT budgets, its loop invariants
// (invariants.go), its loop summaries (summary.go), its wall-clock
// safety net and the trigger rule of its sites (sites.go).

import (
	"fmt"
	"go/ast"
	"go/types"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/solve/sat"
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
	// probeSteps bounds one probe of a loop's body (invariants.go): a
	// body too large to walk keeps its sketch's invariants only.
	probeSteps = 1 << 12
	// maxTotalSteps bounds the blocks an exploration visits (its size,
	// deterministically); exploreTime is a wall-clock safety net behind
	// it, meant never to fire (ClockStops counts it when it does).
	maxTotalSteps = 1 << 16
	exploreTime   = 2 * time.Minute
	// maxInline bounds the depth of inlined calls.
	maxInline = 3
	// maxTree is the tree size beyond which the engines that walk trees
	// (domain reduction, the rules, DNF) are not given an expression:
	// SAT, which works on the DAG, still is.
	maxTree = 1 << 14
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
	invariantBudget int64 = 60_000_000
	// invariantBatchSAT bounds a check of several invariants at once
	// (impliedAll).
	invariantBatchSAT int64 = 4_000_000
)

// clockStops counts the explorations stopped by exploreTime.
var clockStops atomic.Int64

// ClockStops is the number of explorations (here) and SAT decisions
// (sat.ClockStops) that a wall-clock safety net stopped in this process:
// verdicts left unknown that another run may decide. Zero means every
// verdict depended on counted budgets only.
func ClockStops() int64 { return clockStops.Load() + sat.ClockStops() }

// Outcome codes of a path's end (the core's). Runtime panics of the same
// kind compare equal in the harness (their messages without numbers);
// anything else is opaque.
const (
	returned    = core.Returned
	panicDivide = core.PanicDivide
	panicShift  = core.PanicShift
	panicOpaque = core.PanicOther // explicit panics and the rest: never equal to another outcome
	hang        = core.Hangs      // a path that never ends (a summarised loop that does not)
)

// newInput is a parameter of the unit as the prover models it: the
// core's input model shaped from its Go type (a scalar has a symbol, a
// string or slice a length symbol, a struct its fields).
func newInput(name string, t types.Type) *core.Arg { return core.NewArg(name, core.Shape(t)) }

// exploration is what exploring a function found: the core explorer's
// records, and the applications of summarised loops (bounded mode).
type exploration struct {
	*core.Explorer
	apps []apply
}

// walk is one exploration's state on the prover's side: its mode, what
// is left of its SAT budgets, the caches the unit's explorations share.
type walk struct {
	mode    mode
	pol     *core.Sound
	res     *exploration
	satLeft int64 // for refutations by SAT alone
	invLeft int64 // for invariants
	cache   *unitCache
	napps   int // numbers the applications of summaries
}

// explore walks fn's paths. inputs are the unit's parameters, receiver
// first (shared between explorations that must agree on symbols);
// initial is a condition every path starts with (the unit's
// assumptions, or nothing); summaries turns on loop summaries (bounded
// mode); restricted gives the original's bounded exploration a mutant's
// SAT budget (the miter on the inputs that infect: infected.go).
func explore(fn *ssa.Function, inputs []*core.Arg, sites []*siteInfo, m mode, cache *unitCache, initial c.Clause, summaries, restricted bool) *exploration {
	w := &walk{mode: m, satLeft: refuteBudget, invLeft: invariantBudget, cache: cache}
	w.pol = &core.Sound{Bounded: m == bounded, Unroll: boundedUnroll, WidenUnroll: widenUnroll, ProbeSteps: probeSteps, Refute: w.refuted}
	guards := core.AssumeGuard
	switch {
	case m == widen:
		w.pol.Invariants = w.invariants
	case summaries:
		w.pol.Summarise, w.pol.Exit = w.summarise, w.exit
	}
	if m == bounded {
		guards = core.ForkGuard
		w.satLeft = boundedRefuteBudget
		if cache != nil && fn != cache.orig || restricted {
			w.satLeft = mutantRefuteBudget
		}
	}
	until, polls := time.Now().Add(exploreTime), 0
	clock := func() string {
		if cache.stopped() {
			return "stopped: the run is ending"
		}
		if polls++; polls&63 == 0 && time.Now().After(until) {
			clockStops.Add(1)
			return fmt.Sprintf("the exploration's wall-clock safety net (%v)", exploreTime)
		}
		return ""
	}
	x := core.New(fn, inputs, newSiteRule(fn, sites), w.pol, core.Config{
		Limits:    core.Limits{MaxSteps: maxTotalSteps, MaxPathSteps: maxSteps, MaxPaths: maxPaths, Stop: clock},
		Precision: core.Precision{MinMax: true, Guards: guards, MemoryVars: true},
		Recording: core.Recording{MaxEvents: maxEvents, Outcomes: m == bounded},
		Inline:    maxInline,
		Initial:   initial,
	})
	w.res = &exploration{Explorer: x}
	x.Explore()
	for _, s := range sites {
		if x.Overflow[s.node] {
			s.overflow = true
		}
	}
	return w.res
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
func (w *walk) refuted(x *core.Explorer, cl c.Clause) bool {
	rf := w.cache.refuters[w.mode]
	q := &solve.Query{Clause: cl, Done: w.cache.doneOf()}
	// SAT alone is tried only with a full refuteSAT left (domain
	// reduction, and its confirmation, cost nothing of the budget).
	allow := solve.Budget{}
	if w.satLeft >= refuteSAT {
		allow.Props = refuteSAT
	}
	if x.Fn == w.cache.orig {
		r := rf.orig.Solve(q, allow)
		if !r.Cached {
			w.satLeft -= r.Spent.Props
		}
		return r.Status == solve.Unsat
	}
	if r, ok := rf.orig.Lookup(q); ok {
		return r.Status == solve.Unsat // the original's: free
	}
	r := rf.mutants.Solve(q, allow)
	if r.Cached && r.Spent.Props > 0 && w.satLeft < refuteSAT {
		return false // another mutant's refutation by SAT alone: not affordable
	}
	w.satLeft -= r.Spent.Props
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
	cfg := solve.Config{DomRed: true, MaxTree: maxTree, SAT: true, Props: refuteSAT, Shapes: shapes, Split: true}
	if m == widen {
		cfg.Confirm = confirmSAT
	}
	ch := solve.Chain(cfg)
	return &refuter{orig: solve.NewCache(ch, shapes), mutants: solve.NewCache(ch, shapes)}
}

// unitCache is what the explorations of one unit share: the refutation
// chains with their caches of answers, and the memoised measures of
// expressions.
type unitCache struct {
	refuters [2]*refuter // by mode
	// implied is the chain that proves invariants: SAT alone, within
	// invariantSAT a check.
	implied solve.Solver
	// impliedAll is the same chain for checks of several invariants at
	// once, within invariantBatchSAT.
	impliedAll solve.Solver
	shapes     *solve.Shapes
	ufs        map[[2]uint64]apply // loop summaries by function and argument structure
	keys       map[string]*c.Sym   // a symbol per summarised loop, to key them
	// orig is the unit's function: its explorations' refutations are
	// free to the mutants' (refuted).
	orig *ssa.Function
	// done, when closed, stops the unit's explorations (at their next
	// block) and solver queries (at their next check): the run ends.
	done <-chan struct{}
}

// stopped reports whether u's work must stop (done closed).
func (u *unitCache) stopped() bool {
	if u == nil {
		return false
	}
	select {
	case <-u.done:
		return true
	default:
		return false
	}
}

// doneOf is u's done channel (nil: never).
func (u *unitCache) doneOf() <-chan struct{} {
	if u == nil {
		return nil
	}
	return u.done
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
		implied:    solve.Chain(solve.Config{SAT: true, Props: invariantSAT}),
		impliedAll: solve.Chain(solve.Config{SAT: true, Props: invariantBatchSAT}), ufs: map[[2]uint64]apply{}, keys: map[string]*c.Sym{}}
}

// siteRule is the prover's trigger rule (siteInfo.attach): the sites
// recorded before and after each instruction.
type siteRule struct {
	before, after map[ssa.Instruction][]ast.Node
}

func newSiteRule(fn *ssa.Function, sites []*siteInfo) *siteRule {
	r := &siteRule{before: map[ssa.Instruction][]ast.Node{}, after: map[ssa.Instruction][]ast.Node{}}
	for _, s := range sites {
		s.attach(fn, r.before, r.after)
	}
	return r
}

// Sites implements explore.Triggers.
func (r *siteRule) Sites(ins ssa.Instruction) (before, after []ast.Node) {
	return r.before[ins], r.after[ins]
}
