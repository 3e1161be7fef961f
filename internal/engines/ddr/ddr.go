// Package ddr is the dynamic domain reduction engine ("ddr"; Offutt,
// Jin & Pan, seed 002). For each requirement it walks the unit's SSA
// form toward the requirement's goal (a mutant's site, with necessity
// there; a branch outcome's decision, with the outcome; a def-use
// pair's use, after its definition and no other), keeping a domain for
// each input symbol — every element of an array, slice or string its
// own — and narrowing the domains at each decision so that the path's
// predicates hold for every value left (walk.go, reduce.go, expr.go).
// When the walk reaches the goal it chooses values from the domains; the
// input they make is a candidate the driver runs, never trusted.
//
// What it does not do: floats have no domains (their predicates are
// taken as they are, and at the goal their values are searched among
// candidates the path's constants suggest, floats.go), and it never
// answers Infeasible: a walk that fails proves nothing.
package ddr

import (
	"context"
	"fmt"
	"go/ast"
	"go/types"
	"os"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/engines/goal"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Budgets of one walk: counts, never the clock, so that a requirement
// gets the same answer on every machine.
const (
	// MaxLen bounds the lengths of strings and slices the walk gives
	// inputs (each element has its own domain, made when read).
	MaxLen = 128
	// maxSteps bounds the blocks a walk enters over all its paths,
	// maxPath those of one path, maxTries the decisions it tries.
	maxSteps = 10_000
	maxPath  = 5_000
	maxTries = 500
	// inline is the depth of calls into the package the walk follows.
	inline = 3
	// maxCandidates bounds the inputs a walk proposes (from paths of
	// their own), extraSteps the blocks it spends on the others after
	// the first.
	maxCandidates = 3
	extraSteps    = 2_000
)

// Engine is the DDR engine.
type Engine struct{}

// New returns the engine.
func New() *Engine { return &Engine{} }

// Name implements engine.Engine.
func (*Engine) Name() string { return "ddr" }

// Solve implements engine.Engine for every requirement kind.
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	u := r.Unit
	fn, why := goal.Func(pb, r)
	if fn == nil {
		return engine.Answer{Reason: why}, nil
	}
	g, err := goal.Of(pb, r)
	if err != nil {
		return engine.Answer{Reason: err.Error()}, nil
	}
	if trace {
		what := ""
		if m := pb.Pkg.Mutant(r.ID); r.Kind == engine.KillMutant && m != nil {
			what = fmt.Sprintf(" (%d:%d %s → %s)", m.Line, m.Col, m.Orig, m.Repl)
		}
		fmt.Fprintf(os.Stderr, "ddr: %s %d of %s%s\n", r.Kind, r.ID, u.Name, what)
	}
	ins, why, _ := walk(pb, u, fn, g, uint64(r.Kind)<<32|uint64(r.ID))
	if len(ins) == 0 {
		return engine.Answer{Reason: why}, nil
	}
	return engine.Answer{Verdict: engine.Found, Inputs: ins}, nil
}

// limits are the initial domains of the integer inputs walks start
// from, in turn: the paper starts from domains a tester gives; without
// them, a first walk keeps values within ±2^30, where sums and products
// of two inputs do not wrap, and a second starts from the types' whole
// domains (a key of 2^40, a guard against overflow).
var limits = []int64{1 << 30, 0}

// walk runs DDR walks of u's function fn toward g: the input the first
// to succeed found, or why the last failed.
func walk(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, g goal.Goal, seed uint64) ([][]value.Value, string, int) {
	var why string
	total := 0
	for _, l := range limits {
		ins, w, spent, steps := walkFrom(pb, u, fn, g, seed, l)
		total += steps
		if len(ins) > 0 {
			return ins, "", total
		}
		why = w
		if spent || pb.Stopped() {
			// A search that ran out of budget within the narrower
			// domains would not do better in wider ones.
			break
		}
	}
	return nil, why, total
}

// walkFrom is one walk, with initial domains within ±limit (0: none);
// spent says it ended on a budget, steps how many blocks it entered.
func walkFrom(pb *engine.Problem, u *unit.Unit, fn *ssa.Function, g goal.Goal, seed uint64, limit int64) (ins [][]value.Value, why string, spent bool, steps int) {
	args := goal.Args(u, fn)
	sites := append([]ast.Node(nil), g.Waypoints...)
	for k := range g.Kills {
		sites = append(sites, k)
	}
	rule := symbolic.Triggers(fn, sites)
	if g.Flip {
		// Only a site every arrival at which is in a block ending in a
		// branch: a branch's condition.
		at := goal.Announcing(fn, rule, g.Waypoints[len(g.Waypoints)-1])
		for _, b := range at {
			if _, isIf := b.Instrs[len(b.Instrs)-1].(*ssa.If); !isIf {
				g.Flip = false
			}
		}
		g.Flip = g.Flip && len(at) > 0
	}
	w := &walker{fn: fn, g: g, seed: seed, limit: limit, maxPath: maxPath, maxTries: maxTries}
	w.dist = distances(fn, rule, g.Waypoints)
	w.loops = core.FindLoops(fn)
	if len(u.Assume) > 0 {
		w.assume = func(entry *pmap.Layer[*types.Var, core.Value]) c.Clause {
			return goal.Assumptions(u, entry, MaxLen)
		}
	}
	w.defs = goalDefs(fn, rule, g.Waypoints)
	limits := core.Limits{MaxSteps: maxSteps}
	limits.Stop = goal.Stop(pb)
	x := core.New(fn, args, rule, w, core.Config{
		Limits:    limits,
		Precision: symbolic.Precision(MaxLen),
		Inline:    inline,
		Recording: core.Recording{Exprs: true, MaxEvents: 1 << 20, MaxAfter: -1},
	})
	x.Cfg.OnEvent = w.event(x)
	x.Cfg.OnEnd = w.end(x)
	x.Explore()
	steps = x.Steps
	if trace {
		fmt.Fprintf(os.Stderr, "ddr: %d blocks (limit %d)\n", steps, limit)
	}
	if len(w.found) == 0 && len(w.flips) > 0 {
		w.found = w.flips // no flipped run reached an end
	}
	spent = x.Incomplete != "" && x.Incomplete != "found"
	if len(w.found) == 0 {
		why = w.failure
		switch {
		case w.needErr != nil && why == "":
			why = w.needErr.Error()
		case why == "" && x.Incomplete != "":
			why = x.Incomplete
		case why == "":
			why = "no walk reached it"
		}
		if spent && x.Incomplete != why {
			why += " (search ended: " + x.Incomplete + ")"
		}
		return nil, "the walk failed " + why, spent, steps
	}
	inputs := u.Inputs()
	for _, asg := range w.found {
		in := make([]value.Value, len(args))
		for i, a := range args {
			v, err := a.Input(inputs[i], asg, MaxLen)
			if err != nil {
				why = "the values chosen are not an input: " + err.Error()
				in = nil
				break
			}
			in[i] = v
		}
		if in != nil {
			ins = append(ins, in)
		}
	}
	return ins, why, false, steps
}
