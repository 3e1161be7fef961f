// Package goal turns a requirement into what the goal-directed engines
// (ddr, milp) look for in a unit's exploration: an arrival at a site of
// the source, after other sites in order, with a condition holding
// there. It is shared so that every engine reads a requirement the same
// way.
package goal

import (
	"errors"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/engine"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/pmap"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
)

// Goal is an arrival at the last waypoint with Need holding.
type Goal struct {
	// Waypoints are the sites to pass in order (a pair's definition,
	// then its use); the last is the goal's site.
	Waypoints []ast.Node
	// Kills are sites that send a path back a waypoint (another
	// definition of a pair's variable).
	Kills map[ast.Node]bool
	// Need is what must hold at the arrival (nil: nothing more).
	Need func(ev *core.Event) (c.Expr, error)
	// Flip: the goal is a mutant's infection at a branch's condition,
	// so past the site the mutant's run may go another way than the
	// original's, which an engine may follow (ddr does).
	Flip bool
	// Decision is, for a branch requirement, its decision outcome.
	Decision *coverage.Decision
}

// Site is the goal's site: the last waypoint.
func (g Goal) Site() ast.Node { return g.Waypoints[len(g.Waypoints)-1] }

// Of is requirement r's goal.
func Of(pb *engine.Problem, r engine.Requirement) (Goal, error) {
	load := pb.Pkg.Load
	switch r.Kind {
	case engine.KillMutant:
		m := pb.Pkg.Mutant(r.ID)
		if m == nil {
			return Goal{}, errors.New("no such mutant")
		}
		node, cond, err := symbolic.Site(load, m)
		if err != nil {
			return Goal{}, err
		}
		need := symbolic.NewNeed(load, m, node, cond)
		return Goal{Waypoints: []ast.Node{node}, Need: need.At, Flip: true}, nil
	case engine.CoverStmt:
		plan, err := pb.Pkg.Coverage()
		if err != nil {
			return Goal{}, err
		}
		st, err := plan.StmtNode(load, r.ID)
		if err != nil {
			return Goal{}, err
		}
		return Goal{Waypoints: []ast.Node{st}}, nil
	case engine.CoverBranch:
		plan, err := pb.Pkg.Coverage()
		if err != nil {
			return Goal{}, err
		}
		d, err := plan.Decision(load, r.ID)
		if err != nil {
			return Goal{}, err
		}
		return branchGoal(pb, d)
	case engine.CoverPair:
		plan, err := pb.Pkg.Coverage()
		if err != nil {
			return Goal{}, err
		}
		return pairGoal(pb, plan, r.ID)
	}
	return Goal{}, fmt.Errorf("%s requirements are not supported", r.Kind)
}

func branchGoal(pb *engine.Problem, d coverage.Decision) (Goal, error) {
	info := pb.Pkg.Load.Info
	if d.Cond != nil {
		site := symbolic.CondSite(info, d.Cond)
		if site == nil {
			return Goal{}, errors.New("the decision is constant")
		}
		return Goal{Waypoints: []ast.Node{site}, Decision: &d, Need: func(ev *core.Event) (c.Expr, error) {
			return symbolic.ConditionAt(info, d.Cond, d.Outcome, ev)
		}}, nil
	}
	site := symbolic.SwitchSite(info, d.Switch)
	if site == nil {
		return Goal{}, errors.New("the switch is constant")
	}
	return Goal{Waypoints: []ast.Node{site}, Decision: &d, Need: func(ev *core.Event) (c.Expr, error) {
		return symbolic.SelectsAt(info, d.Switch, d.Clause, ev)
	}}, nil
}

// pairGoal: through the definition (none at the entry), then to the use
// with no other definition of the variable in between.
func pairGoal(pb *engine.Problem, plan *coverage.Plan, id int) (Goal, error) {
	load := pb.Pkg.Load
	def, use, err := plan.PairNodes(load, id)
	if err != nil {
		return Goal{}, err
	}
	pr := plan.Pairs[id]
	g := Goal{Kills: map[ast.Node]bool{}}
	if def != nil {
		g.Waypoints = append(g.Waypoints, def)
	}
	g.Waypoints = append(g.Waypoints, use)
	// Every other definition of the variable (by the pairs of its
	// function) undoes the first waypoint.
	for j, q := range plan.Pairs {
		if q.Func != pr.Func || q.Var != pr.Var || j == id {
			continue
		}
		d, _, err := plan.PairNodes(load, j)
		if err == nil && d != nil && d != def && d != use {
			g.Kills[d] = true
		}
	}
	return g, nil
}

// Announcing returns the blocks of fn with an instruction that
// announces site under rule.
func Announcing(fn *ssa.Function, rule core.Triggers, site ast.Node) []*ssa.BasicBlock {
	var at []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			if Announces(rule, ins, site) {
				at = append(at, b)
				break
			}
		}
	}
	return at
}

// Announces reports whether ins announces site under rule.
func Announces(rule core.Triggers, ins ssa.Instruction, site ast.Node) bool {
	before, after := rule.Sites(ins)
	return contains(before, site) || contains(after, site)
}

func contains(ns []ast.Node, n ast.Node) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// Func returns the SSA function of requirement r's unit, or why an
// engine cannot work on it.
func Func(pb *engine.Problem, r engine.Requirement) (*ssa.Function, string) {
	u := r.Unit
	if u == nil || u.Skip != "" {
		return nil, "not in a supported unit"
	}
	prog, err := pb.Pkg.SSA()
	if err != nil {
		return nil, err.Error()
	}
	fn := prog.Func(u.Func)
	if fn == nil || len(fn.Blocks) == 0 {
		return nil, "no SSA body"
	}
	return fn, ""
}

// Stop is an explorer's Limits.Stop for the problem's deadline (nil
// when it has none).
func Stop(pb *engine.Problem) func() string {
	if pb.Done == nil {
		return nil
	}
	return func() string {
		if pb.Stopped() {
			return "stopped"
		}
		return ""
	}
}

// Args returns the explorer's inputs of unit u, named after fn's
// parameters (receiver first).
func Args(u *unit.Unit, fn *ssa.Function) []*core.Arg {
	inputs := u.Inputs()
	args := make([]*core.Arg, len(inputs))
	for i, t := range inputs {
		args[i] = core.NewArg(fn.Params[i].Name(), t)
	}
	return args
}

// Assumptions evaluates u's //gozilla:assume directives over the
// parameters' values at entry (an explorer's Entry), with lengths up to
// maxLen. An assumption an explorer cannot evaluate is left out: the
// harness rejects the inputs that break it.
func Assumptions(u *unit.Unit, entry *pmap.Layer[*types.Var, core.Value], maxLen int) c.Clause {
	var cl c.Clause
	for _, a := range u.Assume {
		ev := &core.Evaluator{Info: a.Info, Precision: symbolic.Precision(maxLen)}
		if e, err := ev.Scalar(a.Expr, &core.Event{Env: entry}); err == nil && e.Type() == c.Bool {
			cl = append(cl, e)
		}
	}
	return cl
}

// Backward is the fewest blocks from each block to one of at (absent:
// none reachable), by breadth-first search over predecessors.
func Backward(at []*ssa.BasicBlock) map[*ssa.BasicBlock]int {
	d := map[*ssa.BasicBlock]int{}
	for _, b := range at {
		d[b] = 0
	}
	queue := append([]*ssa.BasicBlock(nil), at...)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		for _, p := range b.Preds {
			if _, seen := d[p]; !seen {
				d[p] = d[b] + 1
				queue = append(queue, p)
			}
		}
	}
	return d
}
