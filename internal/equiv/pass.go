package equiv

// This file makes the prover an engine ("equiv"): the mutants it proves
// equivalent are Infeasible answers (it is sound: they leave the
// generator's work and its score's denominator), and the inputs it finds
// (an input that makes the mutated value, or the outputs, differ) are
// candidates the driver runs like any other.

import (
	"context"
	"strings"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/value"
)

// Engine is the prover as an engine. Use one per package.
type Engine struct {
	Cfg      Config
	done     map[string]bool // units analysed
	verdicts map[int]*Verdict
}

// NewEngine returns the engine with every stage.
func NewEngine() *Engine { return &Engine{done: map[string]bool{}, verdicts: map[int]*Verdict{}} }

// Name implements engine.Engine.
func (p *Engine) Name() string { return "equiv" }

// Sound implements engine.Sound: an Equivalent verdict is a proof.
func (p *Engine) Sound() bool { return true }

// Solve implements engine.Engine for mutants. The first mutant asked
// about in a unit has the prover analyse every open mutant of that unit
// at once (they share its exploration).
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Kind != engine.KillMutant {
		return engine.Answer{Reason: r.Kind.String() + " requirements are not supported yet"}, nil
	}
	m := pb.Pkg.Mutant(r.ID)
	if m == nil {
		return engine.Answer{Reason: "no such mutant"}, nil
	}
	if !p.done[m.Func] {
		p.done[m.Func] = true
		var live []*mutate.Mutant
		for _, x := range pb.Pkg.Mutants(m.Func) {
			if pb.IsOpen(engine.Requirement{Kind: engine.KillMutant, ID: x.ID}) {
				live = append(live, x)
			}
		}
		cfg := p.Cfg
		cfg.Func = m.Func
		rep, err := Analyze(ctx, pb.Pkg, &mutate.Set{Pkg: pb.Pkg.Set.Pkg, Mutants: live}, cfg)
		if err != nil {
			return engine.Answer{}, err
		}
		for id, v := range rep.Verdicts {
			p.verdicts[id] = v
		}
	}
	v := p.verdicts[m.ID]
	if v == nil {
		return engine.Answer{Reason: "not analysed"}, nil
	}
	ans := engine.Answer{Reason: v.Reason}
	if len(v.Proof) > 0 {
		ans.Detail = func() string {
			return "proof (" + v.Method.String() + "):\n  " + strings.Join(v.Proof, "\n  ") + "\n"
		}
	}
	switch {
	case v.Status == mutate.Equivalent:
		ans.Verdict, ans.Reason = engine.Infeasible, v.Method.String()+": "+v.Reason
	case v.Input != nil && r.Unit != nil:
		ans.Verdict, ans.Inputs = engine.Found, [][]value.Value{v.Input}
	}
	return ans, nil
}
