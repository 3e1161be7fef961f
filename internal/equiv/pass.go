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
	reports  map[string]*Report // units analysed, by name
	proofs   map[string]Proofs  // their coverage findings
	verdicts map[int]*Verdict
}

// NewEngine returns the engine with every stage.
func NewEngine() *Engine {
	return &Engine{reports: map[string]*Report{}, proofs: map[string]Proofs{}, verdicts: map[int]*Verdict{}}
}

// Preset gives the engine verdicts the prover has already reached on
// these mutants with the engine's configuration (score's, on its
// survivors): a mutant with one is not analysed again. Verdicts do not
// depend on the other mutants analysed with them, so this changes only
// the time taken.
func (p *Engine) Preset(verdicts map[int]*Verdict) {
	for id, v := range verdicts {
		if v != nil {
			p.verdicts[id] = v
		}
	}
}

// Name implements engine.Engine.
func (p *Engine) Name() string { return "equiv" }

// Sound implements engine.Sound: an Equivalent verdict is a proof.
func (p *Engine) Sound() bool { return true }

// analyse has the prover analyse the unit named fn once, with every
// open mutant of it (they share its exploration).
func (p *Engine) analyse(ctx context.Context, pb *engine.Problem, fn string) (*Report, error) {
	if rep, ok := p.reports[fn]; ok {
		return rep, nil
	}
	var live []*mutate.Mutant
	for _, x := range pb.Pkg.Mutants(fn) {
		if pb.IsOpen(engine.Requirement{Kind: engine.KillMutant, ID: x.ID}) {
			live = append(live, x)
		}
	}
	cfg := p.Cfg
	cfg.Func = fn
	rep, err := Analyze(ctx, pb.Pkg, &mutate.Set{Pkg: pb.Pkg.Set.Pkg, Mutants: live}, cfg)
	if err != nil {
		return nil, err
	}
	p.reports[fn] = rep
	for id, v := range rep.Verdicts {
		p.verdicts[id] = v
	}
	return rep, nil
}

// Solve implements engine.Engine. A mutant is equivalent (Infeasible)
// when the prover proves it, and its input, when the prover finds one, is
// a candidate. A coverage requirement is Infeasible when it lies in code
// the prover shows unreachable or is a branch outcome it shows
// infeasible (complete explorations only).
func (p *Engine) Solve(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Kind != engine.KillMutant {
		return p.solveCoverage(ctx, pb, r)
	}
	m := pb.Pkg.Mutant(r.ID)
	if m == nil {
		return engine.Answer{Reason: "no such mutant"}, nil
	}
	if p.verdicts[m.ID] == nil {
		if _, err := p.analyse(ctx, pb, m.Func); err != nil {
			return engine.Answer{}, err
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

func (p *Engine) solveCoverage(ctx context.Context, pb *engine.Problem, r engine.Requirement) (engine.Answer, error) {
	if r.Unit == nil {
		return engine.Answer{Reason: "not in a unit the prover analyses"}, nil
	}
	plan, err := pb.Pkg.Coverage()
	if err != nil {
		return engine.Answer{Reason: err.Error()}, nil
	}
	pf, ok := p.proofs[r.Unit.Name]
	if !ok {
		rep, err := p.analyse(ctx, pb, r.Unit.Name)
		if err != nil {
			return engine.Answer{}, err
		}
		pf = Infeasible(pb.Pkg.Load, plan, rep)
		pf.addPairs(InfeasiblePairs(pb.Pkg, plan, r.Unit.Name))
		p.proofs[r.Unit.Name] = pf
	}
	var why string
	switch r.Kind {
	case engine.CoverStmt:
		why = pf.Stmts[r.ID]
	case engine.CoverBranch:
		why = pf.Branches[r.ID]
	case engine.CoverPair:
		why = pf.Pairs[r.ID]
	}
	if why == "" {
		return engine.Answer{Reason: "no proof that it is infeasible"}, nil
	}
	return engine.Answer{Verdict: engine.Infeasible, Reason: why}, nil
}
