package gen

// This file implements the random pass and the shrinking of kept inputs.

import (
	"context"
	"encoding/json"
	"hash/fnv"
	"math/rand/v2"
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

// randomPass tries random inputs of u, boundary values first, in batches
// run in parallel and judged in order, so that the outcome does not
// depend on the number of workers.
func (g *generator) randomPass(ctx context.Context, u *unit.Unit) error {
	types := u.Inputs()
	vg := &value.Gen{R: unitSeed(g.cfg.Seed, u.Name), Pool: u.Pool}
	seen := map[string]bool{}
	// Phases: the zero input, the small inputs (enumerated when the
	// unit's inputs are few scalars), boundary values, then random ones.
	small := value.Small(types, max(16, g.cfg.Random/4))
	boundary := max(20, g.cfg.Random/10)
	next := func(n int) [][]value.Value {
		var batch [][]value.Value
		for misses := 0; len(batch) < n && misses < 100; {
			in := make([]value.Value, len(types))
			switch {
			case len(seen) == 0:
				for i, t := range types {
					in[i] = value.Zero(t)
				}
			case len(small) > 0:
				in, small = small[0], small[1:]
			default:
				vg.Boundary = len(seen) < boundary
				vg.Reset()
				for i, t := range types {
					in[i] = vg.Random(t)
				}
			}
			k := key(in)
			if seen[k] {
				misses++
				continue
			}
			seen[k] = true
			batch = append(batch, in)
		}
		return batch
	}
	batchSize := 4 * max(g.cfg.Workers, 1)
	tried, idle := 0, 0
	for tried < g.cfg.Random && idle < g.cfg.Patience && len(g.live) > 0 && !g.over(u) {
		batch := next(min(batchSize, g.cfg.Random-tried))
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
			if g.over(u) {
				break // the rest of the batch ran, but is not judged
			}
			g.account(u, r)
			tried++
			g.reach(r)
			if !usable(r) {
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
					if usable(r) && containsAll(append(r.Killed, r.Unsure...), credit) {
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
