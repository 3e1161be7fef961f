package cbt

// Coverage requirements. A branch outcome's system is the paths that
// arrive at its decision with the condition taking the outcome (an if
// or for condition true or false; a switch selecting the clause: no
// earlier case matches and one of the clause's does; the default: none
// matches). A def-use pair's system is the paths that arrive at the use
// with the definition the latest on them (symbolic.Result.DefUse). The
// sites are the decisions' and the pairs' of the unit, explored once
// per unit, apart from the mutants' exploration so that adding goals
// changes nothing for the mutants.

import (
	"fmt"
	"go/ast"
	"go/types"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
)

// goalState is a unit's exploration for its coverage requirements.
type goalState struct {
	res  *symbolic.Result
	err  error
	plan *coverage.Plan
	// Per requirement: its syntax, or why it has none the engine
	// handles.
	branch map[int]coverage.Decision
	site   map[int]ast.Node // branch ID → its decision's site
	def    map[int]ast.Node // pair ID → definition site (nil: entry)
	use    map[int]ast.Node // pair ID → use site
	defs   map[int][]ast.Node
	errs   map[engine.Requirement]error
}

type goalExploration struct{ u *unit.Unit }

func (p *Engine) solveGoal(pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	u := r.Unit
	if u == nil || u.Skip != "" {
		return engine.Answer{Reason: "not in a supported unit"}, nil
	}
	st := pb.Pkg.Memo(goalExploration{u}, func() any { return p.exploreGoals(pb, u) }).(*goalState)
	if st.err != nil {
		return unknown(st.err.Error()), nil
	}
	key := engine.Requirement{Kind: r.Kind, ID: r.ID}
	if err := st.errs[key]; err != nil {
		return unknown(err.Error()), nil
	}
	info := pb.Pkg.Load.Info
	var sys c.System
	var err error
	var seed uint64
	switch r.Kind {
	case engine.CoverBranch:
		d, ok := st.branch[r.ID]
		if !ok {
			return unknown("not a decision of this unit"), nil
		}
		events := st.res.Arrivals(st.site[r.ID], maxArrivals)
		if len(events) == 0 {
			return unknown("no explored path reaches the decision"), nil
		}
		if d.Cond != nil {
			sys, err = symbolic.Condition(info, d.Cond, d.Outcome, events)
		} else {
			sys, err = symbolic.Selects(info, d.Switch, d.Clause, events)
		}
		seed = uint64(1<<32 + r.ID)
	case engine.CoverPair:
		use, ok := st.use[r.ID]
		if !ok {
			return unknown("not a def-use pair of this unit"), nil
		}
		events := st.res.DefUse(st.def[r.ID], st.defs[r.ID], use, maxArrivals)
		if len(events) == 0 {
			return unknown("no explored path goes from the definition to the use"), nil
		}
		for _, ev := range events {
			sys = append(sys, ev.DNF()...)
			if len(sys) >= c.MaxClauses {
				sys = sys[:c.MaxClauses]
				break
			}
		}
		seed = uint64(2<<32 + r.ID)
	}
	if err != nil {
		return unknown(err.Error()), nil
	}
	return p.candidates(pb, u, st.res, sys, seed, "no explored path to it takes it"), nil
}

// exploreGoals explores u once with the sites of all its coverage
// requirements.
func (p *Engine) exploreGoals(pb *engine.Problem, u *unit.Unit) *goalState {
	st := &goalState{
		branch: map[int]coverage.Decision{}, site: map[int]ast.Node{},
		def: map[int]ast.Node{}, use: map[int]ast.Node{}, defs: map[int][]ast.Node{},
		errs: map[engine.Requirement]error{},
	}
	st.plan, st.err = pb.Pkg.Coverage()
	if st.err != nil {
		return st
	}
	prog, err := pb.Pkg.SSA()
	if err != nil {
		st.err = err
		return st
	}
	plan, load := st.plan, pb.Pkg.Load
	fi := -1
	for i, f := range plan.Funcs {
		if f.Name == u.Name {
			fi = i
		}
	}
	if fi < 0 {
		st.err = fmt.Errorf("%s has no coverage requirements", u.Name)
		return st
	}
	var sites []ast.Node
	seen := map[ast.Node]bool{}
	add := func(n ast.Node) {
		if n != nil && !seen[n] {
			seen[n] = true
			sites = append(sites, n)
		}
	}
	for _, id := range plan.Funcs[fi].Branches {
		key := engine.Requirement{Kind: engine.CoverBranch, ID: id}
		d, err := plan.Decision(load, id)
		if err != nil {
			st.errs[key] = err
			continue
		}
		var site ast.Node
		if d.Cond != nil {
			site = symbolic.CondSite(load.Info, d.Cond)
		} else if s := symbolic.SwitchSite(load.Info, d.Switch); s != nil {
			site = s
		}
		if site == nil {
			st.errs[key] = fmt.Errorf("%w: the decision is constant", symbolic.ErrUnsupported)
			continue
		}
		st.branch[id], st.site[id] = d, site
		add(site)
	}
	// Every definition of a variable is a site of its pairs' uses.
	defsOf := map[any][]ast.Node{}
	varOf := map[int]any{}
	for id, pr := range plan.Pairs {
		if pr.Func != fi {
			continue
		}
		def, use, err := plan.PairNodes(load, id)
		if err != nil {
			st.errs[engine.Requirement{Kind: engine.CoverPair, ID: id}] = err
			continue
		}
		st.def[id], st.use[id] = def, use
		add(def)
		add(use)
		k := variable(load.Info, pr.Var, def, use)
		varOf[id] = k
		if def != nil && !contains(defsOf[k], def) {
			defsOf[k] = append(defsOf[k], def)
		}
	}
	for id := range st.use {
		st.defs[id] = defsOf[varOf[id]]
	}
	st.res, st.err = p.exploreSites(pb, u, prog, sites)
	return st
}

func contains(ns []ast.Node, n ast.Node) bool {
	for _, x := range ns {
		if x == n {
			return true
		}
	}
	return false
}

// variable identifies the variable of a def-use pair: the object its
// identifiers denote, or its name when neither is an identifier.
func variable(info *types.Info, name string, def, use ast.Node) any {
	for _, n := range []ast.Node{use, def} {
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil {
				return obj
			}
		}
	}
	return name
}
