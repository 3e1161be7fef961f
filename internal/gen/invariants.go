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
	"strings"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/value"
)

// invariantSamples is how many values built through the API each type's
// invariants are learnt from.
const invariantSamples = 24

// nestedDraws is how many values of each alternative of a type are drawn
// for the values of other types nested in them (at most maxNestedAlts
// alternatives' worth).
const (
	nestedDraws   = 32
	maxNestedAlts = 16
)

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
	if st == nil {
		g.invariants[t] = nil
		return nil, nil
	}
	if len(t.Alts) == 0 {
		samples, err := g.nestedSamples(ctx, st)
		if err != nil {
			return nil, err
		}
		inv := value.Learn(st, samples)
		g.invariants[t] = inv
		return inv, nil
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
// likely invariants, or a value outside the range its type's
// documentation gives, recording why.
func (g *generator) reachable(ctx context.Context, tests []*Test) ([]*Test, error) {
	out := tests[:0]
	for _, t := range tests {
		ok := true
		for i, typ := range t.Unit.Inputs() {
			// A value its type's documentation rules out (s1's interval
			// endpoints outside [-π, π]) is no ordinary input.
			if i < len(t.In) {
				if why := value.OutOfRange(typ, t.In[i]); why != "" {
					ok = false
					g.rejected = append(g.rejected, Rejected{Unit: t.Unit.Name, Why: inputName(t.Unit, i) + ": " + why})
					break
				}
			}
		}
		if ok && t.Direct() {
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
					if why := g.guardBroken(v, typ, t.In[i]); why != "" {
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

// guardBroken says which constructor's check the direct value in (of
// input type typ; v its struct value) fails, or "".
func (g *generator) guardBroken(v value.Value, typ *value.Type, in value.Value) string {
	st, _, _ := structOf(typ, in)
	if st == nil || g.pkg == nil {
		return ""
	}
	name := origin(st.Name)
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	gs, ok := g.guards[name]
	if !ok {
		gs = ctorGuards(g.pkg, name)
		g.guards[name] = gs
	}
	for _, gd := range gs {
		if gd.breaks(st, v) {
			return "a state " + gd.ctor + " rejects (" + gd.text + ")"
		}
	}
	return ""
}

// nestedSamples returns values of the struct type st found inside values
// the package builds through the API of its other types: a type without
// a constructor of its own (btree's node) is still only ever made by the
// package's methods, inside the values its users build (a tree's
// nodes), and those are the states a test that spells one must keep.
func (g *generator) nestedSamples(ctx context.Context, st *value.Type) ([]value.Value, error) {
	key := "nested " + origin(st.Name)
	if s, ok := g.nested[key]; ok {
		return s, nil
	}
	h := fnv.New64a()
	h.Write([]byte(key))
	gen := &value.Gen{R: rand.New(rand.NewPCG(g.cfg.Seed, h.Sum64()))}
	var samples []value.Value
	seen := map[string]bool{}
	tried := map[string]bool{}
	for _, u := range g.problem.Pkg.Units {
		idx, ok := g.index[u]
		if !ok {
			continue
		}
		ins := u.Inputs()
		for j, c := range ins {
			if len(samples) >= 8*invariantSamples {
				break
			}
			if tried[c.Name] || len(c.Alts) == 0 || !holds(c, st) {
				continue
			}
			tried[c.Name] = true
			// One round trip: the values of c as its alternatives build
			// them, each with the unit's other inputs drawn at random.
			gen.Pool = u.Pool
			var batch [][]value.Value
			for n := 0; n < nestedDraws*len(c.Alts) && n < 4*nestedDraws*maxNestedAlts; n++ {
				// Each alternative in turn (the one that fills a
				// container over a slice is one of many, and the only
				// one that makes its inner nodes).
				one := *c
				one.Alts = c.Alts[n%len(c.Alts) : n%len(c.Alts)+1]
				gen.Reset()
				in := make([]value.Value, len(ins))
				for k, typ := range ins {
					if k == j {
						in[k] = gen.Built(&one)
					} else {
						in[k] = gen.Random(typ)
					}
				}
				if spells(c, in[j], st, 0) {
					// A sequence that hands the package a value of st
					// spelled from its fields (freeNode(&node{…})): what
					// it holds is no state the package built.
					continue
				}
				batch = append(batch, in)
			}
			if len(batch) == 0 {
				continue
			}
			r, err := g.pool.Do(ctx, &harness.Request{Unit: idx, In: batch[0], More: batch[1:], Budget: origBudget, Build: true})
			if err != nil {
				return nil, err
			}
			for _, a := range append([]harness.Response{*r}, r.More...) {
				if a.Reject || a.Err != "" || j >= len(a.Orig.Post) {
					continue
				}
				walkStructs(c, a.Orig.Post[j], 0, func(t *value.Type, v value.Value) {
					if sameShape(t, st) {
						if k := value.Key([]value.Value{v}); !seen[k] {
							seen[k] = true
							samples = append(samples, v)
						}
					}
				})
			}
		}
	}
	g.nested[key] = samples
	return samples, nil
}

// holds reports whether values of type c can hold a value of the shape
// of struct type st inside them (st itself is not c).
func holds(c, st *value.Type) bool {
	seen := map[*value.Type]bool{}
	var walk func(t *value.Type, depth int) bool
	walk = func(t *value.Type, depth int) bool {
		if t == nil {
			return false
		}
		if depth > 0 && sameShape(t, st) {
			return true
		}
		if seen[t] {
			return false
		}
		seen[t] = true
		switch t.Kind {
		case value.Pointer, value.Slice, value.Array:
			return walk(t.Elem, depth+1)
		case value.Map:
			return walk(t.Key, depth+1) || walk(t.Elem, depth+1)
		case value.Struct:
			for _, f := range t.Fields {
				if walk(f.Type, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return walk(c, 0)
}

// spells reports whether v, an input value of type t as drawn (built
// values as their alternatives and operands), spells a value of the
// shape of st from its fields anywhere inside.
func spells(t *value.Type, v value.Value, st *value.Type, depth int) bool {
	if t == nil || depth > 64 || v.Nil {
		return false
	}
	if v.X != "" {
		a := t.Alt(v.X)
		if a == nil {
			return false
		}
		for i, p := range a.Params {
			if i < len(v.E) && spells(p, v.E[i], st, depth+1) {
				return true
			}
		}
		return false
	}
	switch t.Kind {
	case value.Pointer:
		return len(v.E) == 1 && spells(t.Elem, v.E[0], st, depth+1)
	case value.Slice, value.Array:
		for _, e := range v.E {
			if spells(t.Elem, e, st, depth+1) {
				return true
			}
		}
	case value.Map:
		for i, e := range v.E {
			if i%2 == 1 && spells(t.Elem, e, st, depth+1) || i%2 == 0 && spells(t.Key, e, st, depth+1) {
				return true
			}
		}
	case value.Struct:
		if sameShape(t, st) {
			return true
		}
		for i, f := range t.Fields {
			if i < len(v.E) && spells(f.Type, v.E[i], st, depth+1) {
				return true
			}
		}
	}
	return false
}

// walkStructs calls visit with each struct value inside v, of type t.
func walkStructs(t *value.Type, v value.Value, depth int, visit func(*value.Type, value.Value)) {
	if t == nil || depth > 64 || v.Nil || v.X != "" {
		return
	}
	switch t.Kind {
	case value.Pointer:
		if len(v.E) == 1 {
			walkStructs(t.Elem, v.E[0], depth+1, visit)
		}
	case value.Slice, value.Array:
		for _, e := range v.E {
			walkStructs(t.Elem, e, depth+1, visit)
		}
	case value.Map:
		for i, e := range v.E {
			if i%2 == 0 {
				walkStructs(t.Key, e, depth+1, visit)
			} else {
				walkStructs(t.Elem, e, depth+1, visit)
			}
		}
	case value.Struct:
		if len(v.E) != len(t.Fields) {
			return
		}
		visit(t, v)
		for i, f := range t.Fields {
			walkStructs(f.Type, v.E[i], depth+1, visit)
		}
	}
}

// sameShape reports whether a and b are the same struct type, or
// instances of the same generic type with fields of the same names and
// kinds (node[int] and node[Item]: what the invariants speak of).
func sameShape(a, b *value.Type) bool {
	if a == b {
		return a.Kind == value.Struct
	}
	if a.Kind != value.Struct || b.Kind != value.Struct || origin(a.Name) != origin(b.Name) || len(a.Fields) != len(b.Fields) {
		return false
	}
	for i, f := range a.Fields {
		if f.Name != b.Fields[i].Name || f.Type.Kind != b.Fields[i].Type.Kind {
			return false
		}
	}
	return true
}

// origin is a type's name without its type arguments.
func origin(name string) string {
	if i := strings.IndexByte(name, '['); i >= 0 {
		return name[:i]
	}
	return name
}
