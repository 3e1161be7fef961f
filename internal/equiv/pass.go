package equiv

// This file plugs the prover into `gozilla gen` as a deterministic pass:
// the mutants it proves equivalent leave the generator's work and its
// score's denominator, and the inputs it finds (an input that makes the
// mutated value, or the outputs, differ) are candidates the generator
// runs like any other.

import (
	"context"
	"strings"

	"github.com/gozilla/gozilla/internal/gen"
	"github.com/gozilla/gozilla/internal/mutate"
)

// Pass is the prover as a gen pass ("equiv"). Use one per package.
type Pass struct {
	Cfg      Config
	done     map[string]bool // units analysed
	verdicts map[int]*Verdict
}

// NewPass returns the pass with every stage.
func NewPass() *Pass { return &Pass{done: map[string]bool{}, verdicts: map[int]*Verdict{}} }

func (p *Pass) Name() string { return "equiv" }

// Candidates implements gen.Pass. The first mutant asked about in a unit
// has the prover analyse every live mutant of that unit at once (they
// share its exploration).
func (p *Pass) Candidates(ctx context.Context, t *gen.Target, m *mutate.Mutant) ([]gen.Candidate, error) {
	if !p.done[m.Func] {
		p.done[m.Func] = true
		var live []*mutate.Mutant
		for _, x := range t.Set.Mutants {
			if x.Func == m.Func && (t.Live == nil || t.Live(x.ID)) {
				live = append(live, x)
			}
		}
		cfg := p.Cfg
		cfg.Func = m.Func
		rep, err := Analyze(ctx, t.Pkg, &mutate.Set{Pkg: t.Set.Pkg, Mutants: live}, cfg)
		if err != nil {
			return nil, err
		}
		for id, v := range rep.Verdicts {
			p.verdicts[id] = v
		}
	}
	v := p.verdicts[m.ID]
	if v == nil || v.Status == Equivalent || v.Input == nil {
		return nil, gen.ErrCannot
	}
	for _, u := range t.Units {
		if u.Name == m.Func && u.Skip == "" {
			return []gen.Candidate{{Unit: u, In: v.Input}}, nil
		}
	}
	return nil, gen.ErrCannot
}

// Equivalent implements gen.Prover.
func (p *Pass) Equivalent(id int) (string, bool) {
	v := p.verdicts[id]
	if v == nil || v.Status != Equivalent {
		return "", false
	}
	return v.Method.String() + ": " + v.Reason, true
}

// Why implements gen.Explainer.
func (p *Pass) Why(id int) string {
	if v := p.verdicts[id]; v != nil {
		return v.Reason
	}
	return ""
}

// Explain implements gen.Explainer: the proof's steps.
func (p *Pass) Explain(id int) string {
	v := p.verdicts[id]
	if v == nil || len(v.Proof) == 0 {
		return ""
	}
	return "proof (" + v.Method.String() + "):\n  " + strings.Join(v.Proof, "\n  ") + "\n"
}
