package gen

// This file keeps the tests that build a value of the package directly
// from its unexported fields (Test.Direct) to the states its users can
// reach: the likely invariants of the type (value.Invariants), learnt
// from values its constructors and methods build, must hold of the
// value the test spells; a test whose value breaks one is dropped before
// compaction, with the reason in Result.Rejected.

import (
	"context"
	"hash/fnv"
	"math/rand/v2"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/value"
)

// invariantSamples is how many values built through the API each type's
// invariants are learnt from.
const invariantSamples = 24

// structOf returns the struct type a direct input of type t spells, and
// its value in v: t itself, or what a pointer points to.
func structOf(t *value.Type, v value.Value) (*value.Type, value.Value, bool) {
	if t.Kind == value.Pointer && !v.Nil && v.X == "" && len(v.E) == 1 {
		t, v = t.Elem, v.E[0]
	}
	if t.Kind != value.Struct || v.X != "" || !t.HiddenFields() {
		return nil, value.Value{}, false
	}
	return t, v, true
}

// invariantsOf learns the invariants of the struct type an input of type
// t (of unit test's unit, input i) spells, from values the package builds
// through t's alternatives; nil when t has none (no constructor: nothing
// to learn from) or building fails.
func (g *generator) invariantsOf(ctx context.Context, test *Test, i int, t *value.Type) (*value.Invariants, error) {
	if inv, ok := g.invariants[t]; ok {
		return inv, nil
	}
	defer g.enter("invariants")()
	st, _, _ := structOf(t, test.In[i])
	if len(t.Alts) == 0 || st == nil {
		g.invariants[t] = nil
		return nil, nil
	}
	h := fnv.New64a()
	h.Write([]byte(t.Name))
	gen := &value.Gen{R: rand.New(rand.NewPCG(g.cfg.Seed, h.Sum64())), Pool: test.Unit.Pool}
	var samples []value.Value
	seen := map[string]bool{}
	for n := 0; n < 4*invariantSamples && len(samples) < invariantSamples; n++ {
		gen.Reset()
		in := append([]value.Value(nil), test.In...)
		in[i] = gen.Built(t)
		if k := value.Key(in[i : i+1]); seen[k] {
			continue
		} else {
			seen[k] = true
		}
		r, err := g.pool.Do(ctx, &harness.Request{Unit: g.index[test.Unit], In: in, Budget: origBudget, Build: true})
		if err != nil {
			return nil, err
		}
		if r.Reject || r.Err != "" || i >= len(r.Orig.Post) {
			continue
		}
		if _, v, ok := structOf(t, r.Orig.Post[i]); ok {
			samples = append(samples, v)
		}
	}
	inv := value.Learn(st, samples)
	g.invariants[t] = inv
	return inv, nil
}

// reachable drops the tests that spell a state breaking its type's
// likely invariants, recording why.
func (g *generator) reachable(ctx context.Context, tests []*Test) ([]*Test, error) {
	out := tests[:0]
	for _, t := range tests {
		ok := true
		if t.Direct() {
			for i, typ := range t.Unit.Inputs() {
				if _, v, direct := structOf(typ, t.In[i]); direct {
					inv, err := g.invariantsOf(ctx, t, i, typ)
					if err != nil {
						return nil, err
					}
					if good, why := inv.Check(v); !good {
						ok = false
						g.rejected = append(g.rejected, Rejected{Unit: t.Unit.Name, Why: typ.Name + ": " + why})
						break
					}
				}
			}
		}
		if ok {
			out = append(out, t)
		}
	}
	return out, nil
}
