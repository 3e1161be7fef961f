// Package milp is the MILP engine ("milp"; Lapierre, Merlo, Savard,
// Antoniol, Fiutem & Tonella, TAO, seed 004). For a branch or statement
// requirement it targets the unconstrained edges of the unit's
// control-flow graph that imply it (edges.go: covering them covers every
// edge); for each such edge, and for iteration bounds k = 0, 1, 2, it
// explores the execution tree of the paths from the entry to the edge
// with no block entered more than k+1 times (tree.go), and encodes the
// whole tree as one mixed-integer linear program (encode.go): a 0-1
// variable per alternative at each branching of the tree, exactly one
// alternative chosen, the conditions of the others relaxed by big M, so
// that the solver chooses the path and the values at once. Conditions
// without a linear form drop their subtree (an alternative linear path
// may remain); only when no linear path is left are they left out of
// the problem, the solution then checked as always. A requirement no
// unconstrained edge stands for (a mutant, a decision whose edge is not
// plain, like a && b) gets the tree of the arrivals at its site, with
// what must hold there.
//
// The solver is internal/solve/milp (pure Go). A solution is a proposal:
// it is checked exactly against the chosen path's condition in Go's
// semantics, and the driver runs the input it makes. The engine never
// answers Infeasible: a MILP without a solution proves nothing.
package milp

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"math"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/goal"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/solve/milp"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Budgets: counts, never the clock.
const (
	// MaxK is the largest iteration bound of the paper's execution
	// trees (Table 2's k = 0, 1, 2); the engine goes on to SearchK while
	// the bound still cuts paths and the trees stay within maxLeaves
	// (a loop whose guard needs 13 turns: Factorial's overflow check).
	MaxK    = 2
	SearchK = 16
	// MaxLen bounds the lengths of strings and slices.
	MaxLen = 16
	// maxLeaves bounds the paths of one tree, maxSteps the blocks its
	// exploration enters.
	maxLeaves = 64
	maxSteps  = 20_000
	// maxNodes bounds the relaxations of one branch and bound;
	// searchNodes and searchSteps those of a whole search (every k,
	// box and pass) and the blocks its explorations enter.
	maxNodes    = 500
	searchWork  = 300_000_000 // the solver's (milp.Limits.MaxWork), about a second
	searchSteps = 60_000
)

const spent = " (search budget spent)"

// budget is what is left of a search's.
type budget struct {
	work  int64
	steps int
}

// boxes are the magnitudes the integer inputs are searched within, in
// turn (with the floats'): small values first, which keeps big M small
// and the tests readable.
var boxes = [][2]float64{{1 << 7, 1e3}, {1 << 15, 1e6}, {1 << 31, 1e9}, {1 << 53, 1e15}}

// Engine is the MILP engine. With Record set, Stats records each
// problem it solved (tests and the bench read them).
type Engine struct {
	units  map[*ssa.Function]*unitState
	left   budget // the current search's
	Record bool
	Stats  []Stat
	// Check, when set, is given every problem the engine solves with
	// the solver's result (a cross-check against another solver).
	Check func(p *milp.Problem, res milp.Result, took time.Duration)
}

// Stat describes one execution tree's problem.
type Stat struct {
	Unit   string
	Target string // "edge b3→b5" or "site …"
	K      int
	Tree   int // nodes of the execution tree (N_ET)
	Leaves int // its paths
	Vars   int // variables of the problem (its first box)
	Binary int // of them 0-1 (the paper's N_v)
	Cons   int // constraints (N_c)
	Terms  int // their nonzero coefficients
	// The problem after the solver's presolve (rows of one variable
	// made bounds, repeated rows dropped): its rows and terms.
	PreCons, PreTerms int
	Decided           int // atoms decided without a row (x+1 > x)
	Nonlin            int // tree edges without a linear form
	Found             bool
	Time              time.Duration
}

type unitState struct {
	arcs  *Arcs
	edges map[int]*edgeResult // per unconstrained edge tried
}

type edgeResult struct {
	ins [][]value.Value
	why string
}

// New returns the engine.
func New() *Engine { return &Engine{units: map[*ssa.Function]*unitState{}} }

// Name implements engine.Engine.
func (*Engine) Name() string { return "milp" }

// Arcs returns the edges of u's function and its unconstrained ones.
func (p *Engine) Arcs(fn *ssa.Function) *Arcs { return p.unit(fn).arcs }

func (p *Engine) unit(fn *ssa.Function) *unitState {
	st := p.units[fn]
	if st == nil {
		st = &unitState{arcs: Analyse(fn), edges: map[int]*edgeResult{}}
		p.units[fn] = st
	}
	return st
}

// Solve implements engine.Engine.
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	u := r.Unit
	if r.Kind == engine.CoverPair {
		return engine.Answer{Reason: "milp targets edges, statements and mutants, not def-use pairs"}, nil
	}
	fn, why := goal.Func(pb, r)
	if fn == nil {
		return engine.Answer{Reason: why}, nil
	}
	g, err := goal.Of(pb, r)
	if err != nil {
		return engine.Answer{Reason: err.Error()}, nil
	}
	st := p.unit(fn)
	var whys []string
	if r.Kind == engine.CoverBranch || r.Kind == engine.CoverStmt {
		for _, e := range p.targets(pb, fn, g, r.Kind) {
			res := st.edges[e]
			if res == nil {
				edge := st.arcs.Edges[e]
				res = &edgeResult{}
				res.ins, res.why = p.search(pb, u, fn, target{edge: &edge, name: edgeName(edge)})
				st.edges[e] = res
			}
			if len(res.ins) > 0 {
				return engine.Answer{Verdict: engine.Found, Inputs: res.ins}, nil
			}
			whys = append(whys, res.why)
			if pb.Stopped() {
				break
			}
		}
	}
	ins, why := p.search(pb, u, fn, target{goal: &g, name: "site"})
	if len(ins) > 0 {
		return engine.Answer{Verdict: engine.Found, Inputs: ins}, nil
	}
	if len(whys) > 0 {
		why = fmt.Sprintf("%s (its unconstrained edges: %s)", why, whys[0])
	}
	return engine.Answer{Reason: why}, nil
}

// targets returns the unconstrained edges whose coverage implies the
// requirement's: for a statement, an edge into its block; for a branch
// outcome whose decision is one comparison tested by one SSA branch,
// that branch's edge. None when the requirement has no such edge.
func (p *Engine) targets(pb *engine.Problem, fn *ssa.Function, g goal.Goal, kind engine.Kind) []int {
	st := p.unit(fn)
	rule := symbolic.Triggers(fn, []ast.Node{g.Site()})
	at := goal.Announcing(fn, rule, g.Site())
	if len(at) != 1 {
		return nil
	}
	b := at[0]
	var want []int
	switch kind {
	case engine.CoverStmt:
		if b == fn.Blocks[0] {
			return nil
		}
		for _, from := range b.Preds {
			for i, s := range from.Succs {
				if s == b {
					if e := st.arcs.Index(Edge{from, i}); e >= 0 {
						want = append(want, e)
					}
				}
			}
		}
	case engine.CoverBranch:
		i := branchIndex(b, g)
		if i < 0 {
			return nil
		}
		if e := st.arcs.Index(Edge{b, i}); e >= 0 {
			want = append(want, e)
		}
	}
	var out []int
	seen := map[int]bool{}
	for _, e := range want {
		for _, u := range st.arcs.Covering(e) {
			if !seen[u] {
				seen[u] = true
				out = append(out, u)
			}
		}
	}
	return out
}

// branchIndex is the successor of b that a branch requirement's outcome
// takes, when b ends in an If on the decision's comparison itself (not
// a negation, not && or ||, not a case): -1 otherwise.
func branchIndex(b *ssa.BasicBlock, g goal.Goal) int {
	d := g.Decision
	if d == nil || d.Cond == nil {
		return -1
	}
	cond := ast.Unparen(d.Cond)
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op == token.LAND || be.Op == token.LOR {
		return -1
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return -1
	}
	op, ok := iff.Cond.(*ssa.BinOp)
	if !ok || op.Pos() != be.OpPos || op.Op != be.Op {
		return -1
	}
	if d.Outcome {
		return 0
	}
	return 1
}

func edgeName(e Edge) string { return fmt.Sprintf("edge %s→%s", e.From, e.To()) }

// target is what a search is after: an edge, or a goal's site.
type target struct {
	edge *Edge
	goal *goal.Goal
	name string
}

// search tries the execution trees of t for k = 0..SearchK, each in the
// boxes in turn: the inputs of the first solution that passes the exact
// check, or why there is none.
func (p *Engine) search(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, t target) ([][]value.Value, string) {
	why := "no path reaches it"
	p.left = budget{searchWork, searchSteps}
	for k := 0; k <= SearchK; k++ {
		if pb.Stopped() {
			return nil, "stopped"
		}
		if p.left.work <= 0 || p.left.steps <= 0 {
			if !strings.HasSuffix(why, spent) {
				why += spent
			}
			break
		}
		args, leaves, incomplete := p.explore(pb, u, fn, t, k)
		if len(leaves) > 0 {
			ins, w := p.solveTree(pb, u, fn, t, k, args, leaves)
			if len(ins) > 0 {
				return ins, ""
			}
			why = w
		} else if incomplete != "" && incomplete != unrolled {
			why = "no path reaches it (" + incomplete + ")"
		}
		if incomplete != unrolled {
			// The bound cut no path: a larger k gives the same tree.
			break
		}
	}
	return nil, why
}

// unrolled is the explorer's reason for a path the bound k cut.
const unrolled = core.Unrolled

// explore collects the leaves of t's execution tree for bound k.
func (p *Engine) explore(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, t target, k int) ([]*core.Arg, []leaf, string) {
	args := goal.Args(u, fn)
	pol := &treePolicy{fn: fn, edge: t.edge, maxLeaves: maxLeaves}
	pol.Refute = solve.Chain(solve.Config{DomRed: true})
	var rule core.Triggers
	var site ast.Node
	if t.edge != nil {
		pol.reach = goal.Backward([]*ssa.BasicBlock{t.edge.From})
	} else {
		site = t.goal.Site()
		rule = symbolic.Triggers(fn, []ast.Node{site})
		pol.reach = goal.Backward(goal.Announcing(fn, rule, site))
	}
	limits := core.Limits{Bound: k + 1, MaxSteps: min(maxSteps, max(p.left.steps, 1)), MaxWork: 20_000_000}
	limits.Stop = goal.Stop(pb)
	x := core.New(fn, args, rule, pol, core.Config{
		Limits:    limits,
		Precision: symbolic.Precision(MaxLen),
		Inline:    3,
		Recording: core.Recording{Exprs: true, MaxEvents: maxLeaves, MaxAfter: -1},
	})
	if site != nil {
		need := t.goal.Need
		x.Cfg.OnEvent = func(f *core.Frame, s ast.Node, ev *core.Event) {
			if s != site || x.Stopped() {
				return
			}
			l := leaf{cond: ev.Cond}
			if need != nil {
				n, err := need(ev)
				if err != nil {
					return
				}
				l.need = n
			}
			pol.add(x, l)
		}
	}
	x.Explore()
	p.left.steps -= x.Steps
	if len(u.Assume) > 0 && x.Entry != nil {
		// The unit's assumptions head every path (a prefix the tree
		// shares).
		if pre := goal.Assumptions(u, x.Entry, MaxLen); len(pre) > 0 {
			for i := range pol.leaves {
				pol.leaves[i].cond = append(append(c.Clause(nil), pre...), pol.leaves[i].cond...)
			}
		}
	}
	return args, pol.leaves, x.Incomplete
}

// solveTree encodes the tree of leaves and solves it in each box.
func (p *Engine) solveTree(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, t target, k int, args []*core.Arg, leaves []leaf) ([][]value.Value, string) {
	root, size := tree(leaves)
	why := ""
	passes := 2
	if k > MaxK {
		passes = 1 // deep trees are too large to guess with
	}
	for pass := 0; pass < passes; pass++ {
		relax := pass == 1
		for _, box := range boxes {
			start := time.Now()
			en := encode(root, box[0], box[1], relax)
			prob := en.e.build()
			stat := Stat{Unit: u.Name, Target: t.name, K: k, Tree: size, Leaves: len(leaves),
				Vars: len(prob.Vars), Binary: binaries(prob), Cons: len(prob.Cons), Nonlin: en.nonlinear,
				Terms: prob.Nonzeros(), Decided: en.e.decided}
			if p.Record {
				if q, empty := milp.Presolve(prob); !empty {
					stat.PreCons, stat.PreTerms = len(q.Cons), q.Nonzeros()
				}
			}
			var ins [][]value.Value
			var status milp.Status
			if n := (len(prob.Cons) + maxRows - 1) / maxRows; n > 1 && len(leaves) > 1 {
				// The whole tree's problem is what Table 2 measures; it
				// is solved in parts of neighbouring paths, each a
				// smaller tree (a dense tableau's pivot costs rows ×
				// columns).
				status = milp.NoSolution
				per := (len(leaves) + n - 1) / n
				for lo := 0; lo < len(leaves) && len(ins) == 0; lo += per {
					part := leaves[lo:min(lo+per, len(leaves))]
					r2, _ := tree(part)
					en2 := encode(r2, box[0], box[1], relax)
					var st milp.Status
					ins, why, st = p.solveOne(pb, u, args, k, r2, part, box, relax, en2, en2.e.build())
					if st == milp.Unknown {
						status = st
					}
				}
			} else {
				ins, why, status = p.solveOne(pb, u, args, k, root, leaves, box, relax, en, prob)
			}
			stat.Found = len(ins) > 0
			stat.Time = time.Since(start)
			if p.Record {
				p.Stats = append(p.Stats, stat)
			}
			if len(ins) > 0 {
				return ins, ""
			}
			if pb.Stopped() || p.left.work <= 0 || status != milp.NoSolution {
				// Only a problem without a solution in this box may
				// have one in a larger box.
				break
			}
		}
		if en := encode(root, boxes[0][0], boxes[0][1], false); en.nonlinear == 0 {
			break // nothing to relax
		}
	}
	if ins, w := p.nanSplit(pb, u, args, k, root, leaves); len(ins) > 0 {
		return ins, ""
	} else if w != "" {
		why = w
	}
	return nil, why
}

// nanSplit solves the tree again with the float inputs that a path
// compares with themselves (x != x, a NaN test) fixed to NaN, each
// alone and then together: the comparisons with a NaN fold to
// constants, which leaves the paths that need one a linear problem (the
// paper's alternative linear path, for a value no MILP has).
func (p *Engine) nanSplit(pb *engine.Problem, u *unit.Unit, args []*core.Arg, k int, root *tnode, leaves []leaf) ([][]value.Value, string) {
	var syms []*c.Sym
	seen := map[*c.Sym]bool{}
	for _, s := range encode(root, boxes[0][0], boxes[0][1], false).e.nanSyms {
		if !seen[s] {
			seen[s] = true
			syms = append(syms, s)
		}
	}
	if len(syms) == 0 || len(syms) > maxNaNs {
		return nil, ""
	}
	var cases []map[*c.Sym]c.Expr
	for _, s := range syms {
		cases = append(cases, map[*c.Sym]c.Expr{s: nanOf(s.Type)})
	}
	if len(syms) > 1 {
		all := map[*c.Sym]c.Expr{}
		for _, s := range syms {
			all[s] = nanOf(s.Type)
		}
		cases = append(cases, all)
	}
	why := ""
	for _, fixed := range cases {
		if pb.Stopped() || p.left.work <= 0 {
			break
		}
		en := encodeFixed(root, boxes[0][0], boxes[0][1], false, fixed)
		res := milp.Solve(en.e.build(), milp.Limits{MaxNodes: maxNodes, MaxWork: p.left.work, Stop: pb.Stopped})
		p.left.work -= max(res.Work, 1)
		if res.Status != milp.Solved {
			continue
		}
		ins, w := p.inputs(u, args, en, root, leaves, res.X)
		if len(ins) > 0 {
			return ins, ""
		}
		why = w
	}
	if why == "" {
		why = fmt.Sprintf("the MILP of %d paths (k = %d) has no solution found, with or without a NaN", len(leaves), k)
	}
	return nil, why
}

// maxNaNs bounds the inputs a NaN case split fixes.
const maxNaNs = 4

func nanOf(t c.Type) c.Expr { return c.F(t, math.NaN()) }

// maxRows is the size of problem solved whole; a larger tree is solved
// in parts.
const maxRows = 400

// solveOne solves the problem of one tree in one box: the inputs of a
// solution that passes the exact check, or why there is none, and the
// solver's status.
func (p *Engine) solveOne(pb *engine.Problem, u *unit.Unit, args []*core.Arg, k int, root *tnode, leaves []leaf, box [2]float64, relax bool, en *encoding, prob *milp.Problem) ([][]value.Value, string, milp.Status) {
	if p.left.work <= 0 {
		return nil, "the MILP was not solved" + spent, milp.Unknown
	}
	t0 := time.Now()
	res := milp.Solve(prob, milp.Limits{MaxNodes: maxNodes, MaxWork: p.left.work, Stop: pb.Stopped})
	p.left.work -= max(res.Work, 1)
	if p.Check != nil {
		p.Check(prob, res, time.Since(t0))
	}
	var ins [][]value.Value
	why := ""
	if res.Status == milp.Solved {
		ins, why = p.inputs(u, args, en, root, leaves, res.X)
		if len(ins) == 0 && relax {
			ins, why = p.fixFactors(pb, u, args, root, leaves, box, res.X, en, why)
		}
	}
	for _, pt := range res.Near {
		// A rounded relaxation the MILP rejects may still take its
		// path: the exact check decides.
		if len(ins) > 0 {
			break
		}
		ins, _ = p.inputs(u, args, en, root, leaves, pt)
	}
	if len(ins) == 0 && res.Status != milp.Solved {
		why = fmt.Sprintf("the MILP of %d paths (k = %d) has no solution found", len(leaves), k)
		if res.Status == milp.Unknown {
			why = fmt.Sprintf("the MILP of %d paths (k = %d) was not solved: %s", len(leaves), k, res.Why)
		}
		if en.nonlinear > 0 {
			why += fmt.Sprintf("; %d condition(s) not linear (%s)", en.nonlinear, en.firstWhy)
		}
		if en.e.nan {
			why += "; paths that need a NaN (x != x) are out of the MILP's numbers"
		}
	}
	return ins, why, res.Status
}

// fixFactors follows a solution of the problem without its non-linear
// conditions that fails them: the factors of the chosen path's products
// (one side, then the other) fixed to the solution's values make them
// linear, and the problem is solved again.
func (p *Engine) fixFactors(pb *engine.Problem, u *unit.Unit, args []*core.Arg, root *tnode, leaves []leaf, box [2]float64, x []float64, en *encoding, why string) ([][]value.Value, string) {
	i := en.chosen(root, x)
	if i < 0 {
		return nil, why
	}
	asg := en.assignment(x)
	for side := 0; side < 2; side++ {
		fixed := factorFixes(leaves[i], asg, side)
		if len(fixed) == 0 || p.left.work <= 0 {
			break
		}
		en2 := encodeFixed(root, box[0], box[1], true, fixed)
		res := milp.Solve(en2.e.build(), milp.Limits{MaxNodes: maxNodes, MaxWork: p.left.work, Stop: pb.Stopped})
		p.left.work -= max(res.Work, 1)
		if res.Status != milp.Solved {
			continue
		}
		if ins, _ := p.inputs(u, args, en2, root, leaves, res.X); len(ins) > 0 {
			return ins, ""
		}
	}
	return nil, fmt.Sprintf("the path needs a condition with no linear form (%s), which the solution fails, with or without a factor fixed", en.firstWhy)
}

// inputs makes the input of a solution, if it passes the exact check of
// the path it chose.
func (p *Engine) inputs(u *unit.Unit, args []*core.Arg, en *encoding, root *tnode, leaves []leaf, x []float64) ([][]value.Value, string) {
	i := en.chosen(root, x)
	if i < 0 {
		return nil, "the MILP's solution chose no path"
	}
	asg := en.assignment(x)
	if !holds(leaves[i], asg) {
		return nil, "the MILP's solution fails the path's condition in Go's arithmetic"
	}
	inputs := u.Inputs()
	in := make([]value.Value, len(args))
	for j, a := range args {
		v, err := a.Input(inputs[j], asg, MaxLen)
		if err != nil {
			return nil, "the values chosen are not an input: " + err.Error()
		}
		in[j] = v
	}
	return [][]value.Value{in}, ""
}

func binaries(p *milp.Problem) int {
	n := 0
	for _, v := range p.Vars {
		// The path choices and the disjunctions' (the paper's 0-1
		// variables), not the inputs of type bool.
		switch v.Name {
		case "z", "or", "ne", "sign", "bit":
			n++
		}
	}
	return n
}

// Study solves the execution tree of edge e at bound k alone (the
// bench's Table 2): the tree's and the problem's sizes (the first box's),
// whether a solution passed the exact check, its input, or why there is
// none.
func (p *Engine) Study(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, e Edge, k int) (Stat, [][]value.Value, string) {
	t := target{edge: &e, name: edgeName(e)}
	start := time.Now()
	p.left = budget{searchWork, searchSteps}
	args, leaves, incomplete := p.explore(pb, u, fn, t, k)
	st := Stat{Unit: u.Name, Target: t.name, K: k}
	if len(leaves) == 0 {
		st.Time = time.Since(start)
		why := "no path reaches it"
		if incomplete != "" {
			why += " (" + incomplete + ")"
		}
		return st, nil, why
	}
	mark, rec := len(p.Stats), p.Record
	p.Record = true
	ins, why := p.solveTree(pb, u, fn, t, k, args, leaves)
	p.Record = rec
	if len(p.Stats) > mark {
		st = p.Stats[mark]
	}
	st.Found = len(ins) > 0
	st.Time = time.Since(start)
	p.Stats = p.Stats[:mark]
	return st, ins, why
}

// SolveEdge is the engine's whole search for edge e (k = 0..SearchK):
// an input that passed the exact check, or why there is none.
func (p *Engine) SolveEdge(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, e Edge) ([][]value.Value, string) {
	mark := len(p.Stats)
	defer func() { p.Stats = p.Stats[:mark] }()
	return p.search(pb, u, fn, target{edge: &e, name: edgeName(e)})
}
