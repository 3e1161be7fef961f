// Package random is the random-testing engine ("random"): type-aware
// random inputs of a unit, small, boundary and random ones taken in
// turn, each input once. It proposes inputs without a target
// (engine.Sampler); the driver runs them and keeps those that satisfy an
// open requirement, shrunk.
package random

import (
	"context"
	"hash/fnv"
	"math/rand/v2"
	"sort"

	"github.com/gozilla/gozilla/internal/engine"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Engine is the random engine.
type Engine struct{}

// New returns the random engine.
func New() *Engine { return &Engine{} }

// Name implements engine.Engine.
func (*Engine) Name() string { return "random" }

// Solve implements engine.Engine: random testing has no target; its
// inputs come through Sample.
func (*Engine) Solve(context.Context, *engine.Problem, engine.Requirement) (engine.Answer, error) {
	return engine.Answer{Reason: "random inputs are sampled per unit, not solved for"}, nil
}

// Sample implements engine.Sampler: the unit's stream for seed, a
// function of the unit's name, its inputs' types, its pool and seed.
func (*Engine) Sample(u *unit.Unit, seed uint64) engine.Stream {
	return NewStream(u.Inputs(), &value.Gen{R: unitSeed(seed, u.Name), Pool: u.Pool})
}

func unitSeed(seed uint64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// The random pass draws from its sources in turn, and how many inputs a
// source gives does not depend on the budget (Config.Random): the inputs
// tried with a budget are a prefix of those tried with a larger one
// (same seed), so a larger budget never kills less. (Phases whose
// lengths grew with the budget made a large one spend itself on
// boundary values, whose few distinct draws soon ran out and ended the
// pass as if the input space were exhausted.) Taking the sources in
// turn keeps a small budget from spending itself on one of them.
const (
	// smallLimit bounds the enumerated small inputs (value.Small).
	smallLimit = 250
	// boundaryInputs is how many boundary inputs are tried.
	boundaryInputs = 100
	// maxMisses is how many draws in a row may repeat inputs already
	// tried before a source is spent (for random inputs: the input
	// space is exhausted).
	maxMisses = 100
)

// The sources of the random pass, after the zero input.
const (
	fromSmall    = iota // the small inputs, enumerated (value.Small)
	fromBoundary        // boundary values (value.Gen.Boundary)
	fromRandom          // random values
	sources
)

// schedule is the order in which the random pass takes its sources: a
// spent source's turn goes to the next.
var schedule = [...]int{fromSmall, fromBoundary, fromRandom, fromRandom}

// Stream is the sequence of inputs the random pass tries for a unit:
// the zero input, then its sources in turn (schedule), each input once.
// The sequence depends on the unit, its pool and the seed only: batches
// of any sizes take the same inputs in the same order.
type Stream struct {
	types        []*value.Type
	vg           *value.Gen
	seen         map[string]bool
	small        [][]value.Value
	boundaryLeft int
	spent        [sources]bool
	turn         int
}

// NewStream returns the stream of inputs of types drawn with vg.
func NewStream(types []*value.Type, vg *value.Gen) *Stream {
	return &Stream{types: types, vg: vg, seen: map[string]bool{}, small: smallInputs(types), boundaryLeft: boundaryInputs}
}

// fresh returns the next input of source src not tried yet; nil when the
// source is spent.
func (s *Stream) fresh(src int) []value.Value {
	switch src {
	case fromSmall:
		for len(s.small) > 0 {
			in := s.small[0]
			s.small = s.small[1:]
			if !s.seen[value.Key(in)] {
				return in
			}
		}
		return nil
	case fromBoundary:
		if s.boundaryLeft == 0 {
			return nil
		}
	}
	for misses := 0; misses < maxMisses; misses++ {
		s.vg.Boundary = src == fromBoundary
		s.vg.Reset()
		in := make([]value.Value, len(s.types))
		for i, t := range s.types {
			in[i] = s.vg.Random(t)
		}
		if !s.seen[value.Key(in)] {
			if src == fromBoundary {
				s.boundaryLeft--
			}
			return in
		}
	}
	return nil
}

// Tame makes the integers of later inputs small, but once in 2^k draws
// after k calls, k at most 6 (engine.Tamer).
func (s *Stream) Tame() { s.vg.Tame++ }

// Next returns the next n inputs; fewer when every source is spent (the
// input space is exhausted).
func (s *Stream) Next(n int) [][]value.Value {
	var batch [][]value.Value
	for len(batch) < n {
		var in []value.Value
		if len(s.seen) == 0 {
			in = make([]value.Value, len(s.types))
			for i, t := range s.types {
				in[i] = value.Zero(t)
			}
		}
		for try := 0; in == nil && try < len(schedule); try++ {
			src := schedule[s.turn]
			s.turn = (s.turn + 1) % len(schedule)
			if s.spent[src] {
				continue
			}
			if in = s.fresh(src); in == nil {
				s.spent[src] = true
			}
		}
		if in == nil {
			break
		}
		s.seen[value.Key(in)] = true
		batch = append(batch, in)
	}
	return batch
}

// smallInputs enumerates the small inputs of types (value.Small), those
// whose leaves are the smallest values first: the inputs of leaves in
// {0, 1} before those with a -1, before those with a 2; a small budget
// tries a spread of them, not those of one first argument.
func smallInputs(types []*value.Type) [][]value.Value {
	small := value.Small(types, smallLimit)
	if len(small) == 0 {
		return nil
	}
	rank := make([]map[string]int, len(types))
	for i, t := range types {
		rank[i] = map[string]int{}
		for j, in := range value.Small([]*value.Type{t}, 4) {
			rank[i][value.Key(in)] = j
		}
	}
	tier := func(in []value.Value) int {
		r := 0
		for i, v := range in {
			r = max(r, rank[i][value.Key([]value.Value{v})])
		}
		return r
	}
	sort.SliceStable(small, func(i, j int) bool { return tier(small[i]) < tier(small[j]) })
	return small
}
