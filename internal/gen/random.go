package gen

// This file implements the random pass and the shrinking of kept inputs.

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
	"sort"
	"sync"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// maxShrink bounds the runs spent shrinking one kept input.
const maxShrink = 300

func key(in []value.Value) string {
	b, _ := json.Marshal(in)
	return string(b)
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

// inputs is the sequence of inputs the random pass tries for a unit:
// the zero input, then its sources in turn (schedule), each input once.
// The sequence depends on the unit, its pool and the seed only: batches
// of any sizes take the same inputs in the same order.
type inputs struct {
	types        []*value.Type
	vg           *value.Gen
	seen         map[string]bool
	small        [][]value.Value
	boundaryLeft int
	spent        [sources]bool
	turn         int
}

func newInputs(types []*value.Type, vg *value.Gen) *inputs {
	return &inputs{types: types, vg: vg, seen: map[string]bool{}, small: smallInputs(types), boundaryLeft: boundaryInputs}
}

// fresh returns the next input of source src not tried yet; nil when the
// source is spent.
func (s *inputs) fresh(src int) []value.Value {
	switch src {
	case fromSmall:
		for len(s.small) > 0 {
			in := s.small[0]
			s.small = s.small[1:]
			if !s.seen[key(in)] {
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
		if !s.seen[key(in)] {
			if src == fromBoundary {
				s.boundaryLeft--
			}
			return in
		}
	}
	return nil
}

// next returns the next n inputs; fewer when every source is spent (the
// input space is exhausted).
func (s *inputs) next(n int) [][]value.Value {
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
		s.seen[key(in)] = true
		batch = append(batch, in)
	}
	return batch
}

// randomPass tries random inputs of u, in batches run in parallel and
// judged in order, so that the outcome does not depend on the number of
// workers.
func (g *generator) randomPass(ctx context.Context, u *unit.Unit) error {
	src := newInputs(u.Inputs(), &value.Gen{R: unitSeed(g.cfg.Seed, u.Name), Pool: u.Pool})
	// The random pass leaves half of the unit's run and tick budgets to
	// the deterministic passes: a large random budget does not starve
	// them.
	share := func() bool {
		if len(g.cfg.Passes) == 0 {
			return false
		}
		g.mu.Lock()
		defer g.mu.Unlock()
		c := g.cost[u]
		return c != nil && (c.runs >= g.cfg.UnitRuns/2 || c.ticks >= g.cfg.UnitTicks/2)
	}
	batchSize := 4 * max(g.cfg.Workers, 1)
	tried, idle := 0, 0
	for tried < g.cfg.Random && idle < g.cfg.Patience && len(g.live) > 0 && !g.over(u) && !share() {
		batch := src.next(min(batchSize, g.cfg.Random-tried))
		if len(batch) == 0 {
			break // the input space is exhausted
		}
		// The batch runs in quick mode: a mutant over the tight budget
		// is verified with the generous one only when the judging below
		// needs it, after earlier inputs of the batch have dropped the
		// mutants they kill (an endless loop costs a full budget).
		cands := make([]Candidate, len(batch))
		for i, in := range batch {
			cands[i] = Candidate{Unit: u, In: in}
		}
		resps, errs := g.execQuick(ctx, cands)
		for i, r := range resps {
			if errs[i] != nil {
				return errs[i]
			}
			if g.over(u) || share() {
				break // the rest of the batch ran, but is not judged
			}
			g.account(u, r)
			tried++
			g.reach(r)
			if !usable(u, r) {
				idle++
				continue
			}
			credit := g.liveOf(r.Killed)
			verified := false
			if unsure := g.liveOf(r.Unsure); len(credit) == 0 && len(unsure) > 0 {
				v, err := g.exec(ctx, u, batch[i], unsure, nil, false)
				if err != nil {
					return err
				}
				credit = g.liveOf(v.Killed)
				r.Killed, r.Unsure, verified = append(r.Killed, credit...), nil, true
			}
			if len(credit) == 0 {
				idle++
				continue
			}
			idle = 0
			in, r, err := g.shrink(ctx, u, batch[i], credit, r, verified)
			if err != nil {
				return err
			}
			g.keep(u, in, r, "random")
		}
	}
	return nil
}

// shrink looks for a simpler input that still kills every mutant of
// credit, one argument and one step at a time, and returns it with its
// run against every live mutant. r is in's run against the live mutants;
// when verified, its kills are final and it is reused if in cannot be
// simplified.
func (g *generator) shrink(ctx context.Context, u *unit.Unit, in []value.Value, credit []int, r0 *harness.Response, verified bool) ([]value.Value, *harness.Response, error) {
	types := u.Inputs()
	cur := in
	tried := map[string]bool{key(in): true}
	runs := 0
	// An argument is shrunk as far as it goes before the next one: the
	// other arguments' failed candidates are then not retried after every
	// step (a 64-bit value takes some 60 halvings).
	for improved := true; improved && runs < maxShrink && !g.over(u); {
		improved = false
		for i := 0; i < len(cur) && runs < maxShrink; i++ {
			for progress := true; progress && runs < maxShrink; {
				progress = false
				for _, c := range value.Shrink(types[i], cur[i]) {
					cand := append([]value.Value(nil), cur...)
					cand[i] = c
					k := key(cand)
					if tried[k] {
						continue
					}
					tried[k] = true
					runs++
					r, err := g.exec(ctx, u, cand, credit, nil, true)
					if err != nil {
						return nil, nil, err
					}
					if usable(u, r) && containsAll(append(r.Killed, r.Unsure...), credit) {
						cur, improved, progress = cand, true, true
						break
					}
					if runs >= maxShrink {
						break
					}
				}
			}
		}
	}
	if verified && key(cur) == key(in) {
		return in, r0, nil
	}
	r, err := g.exec(ctx, u, cur, nil, harness.Bits(g.runnable(g.liveIDs())), false)
	if err == nil && len(cur) > 0 && !killsLive(g, r) && key(cur) != key(in) {
		// A mutant only thought to time out on the shrunk input ended
		// after all: keep the input that was found.
		cur = in
		r, err = g.exec(ctx, u, cur, nil, harness.Bits(g.runnable(g.liveIDs())), false)
	}
	return cur, r, err
}

// liveOf is the live mutants among ms.
func (g *generator) liveOf(ms []int) []int {
	var out []int
	for _, m := range ms {
		if g.live[m] {
			out = append(out, m)
		}
	}
	return out
}

func killsLive(g *generator, r *harness.Response) bool {
	for _, m := range r.Killed {
		if g.live[m] {
			return true
		}
	}
	return false
}

// reach records the sites an input reached.
func (g *generator) reach(r *harness.Response) {
	for _, s := range r.Hits {
		g.reached[s] = true
	}
}

func containsAll(have, want []int) bool {
	set := make(map[int]bool, len(have))
	for _, x := range have {
		set[x] = true
	}
	for _, x := range want {
		if !set[x] {
			return false
		}
	}
	return true
}

// execQuick runs candidates in parallel, in quick mode, against the
// mutants live now; the caller judges the responses in order.
func (g *generator) execQuick(ctx context.Context, cands []Candidate) ([]*harness.Response, []error) {
	live := harness.Bits(g.runnable(g.liveIDs()))
	resps := make([]*harness.Response, len(cands))
	errs := make([]error, len(cands))
	var wg sync.WaitGroup
	for i := range cands {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resps[i], errs[i] = g.execSpend(ctx, cands[i].Unit, cands[i].In, nil, live, true, false)
		}()
	}
	wg.Wait()
	return resps, errs
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
			rank[i][key(in)] = j
		}
	}
	tier := func(in []value.Value) int {
		r := 0
		for i, v := range in {
			r = max(r, rank[i][key([]value.Value{v})])
		}
		return r
	}
	sort.SliceStable(small, func(i, j int) bool { return tier(small[i]) < tier(small[j]) })
	return small
}
