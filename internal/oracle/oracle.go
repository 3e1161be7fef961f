// Package oracle decides, by running code, which mutants of a package can
// be killed: exhaustive enumeration of every input of units with small
// domains (the exact truth), and heavy random testing (a refutation check
// for equivalence verdicts).
//
// Units with float inputs have no enumerable domain; their inputs can
// range over a grid instead (floats.go: signed zeros, infinities, NaNs,
// subnormals, extremes and the unit's constants), which refutes proofs
// but proves nothing.
//
// It is ground truth for `gozilla equiv`: a mutant Exhaustive does not
// kill is equivalent on its unit (under the unit's //gozilla:assume
// directives), and a mutant either engine kills comes with an input that
// refutes any proof of its equivalence.
//
// In: a *load.Package and its *mutate.Set. One harness binary is built per
// package, as internal/gen does (internal/harness.Build), and its worker
// pool runs the inputs. Out: for each mutant killed, the first input that
// kills it, in a deterministic order that does not depend on the number
// of workers.
//
// Verdicts are the harness's: a mutant is killed when its outcome
// (results, post-state of the arguments, panic) differs from the
// original's on an input the unit's assumptions accept. A mutant that
// exceeds the loop budget (an endless loop) is killed too, after the
// harness's generous second run: a mutant that would end with the
// original's outcome after more than 100 times the original's loop ticks
// plus 2^18 counts as timed out, as everywhere in gozilla. Effects the
// harness does not observe (globals, output) are not compared.
package oracle

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"os"
	"slices"
	"sync"

	"github.com/gozilla/gozilla/internal/harness"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/sandbox"
	"github.com/gozilla/gozilla/internal/scratch"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// DefaultLimit is the largest domain Exhaustive enumerates unless
// Oracle.Limit says otherwise.
const DefaultLimit = 1 << 18

// origBudget bounds the loop ticks of the original's run of one input
// (as in internal/gen).
const origBudget = 1 << 22

// Oracle is a built harness binary and worker pool for one package.
// Its methods may be called concurrently.
type Oracle struct {
	// Limit is the largest domain Exhaustive accepts (0 = DefaultLimit).
	Limit uint64

	pkg     *load.Package
	set     *mutate.Set
	units   []*unit.Unit
	index   map[*unit.Unit]int
	pool    *harness.Pool
	workers int
	work    string

	mu    sync.Mutex
	stats Stats
}

// Stats counts what an Oracle ran.
type Stats struct {
	Inputs   int64 // inputs sent to the harness
	Rejected int64 // inputs the unit's assumptions rejected
	Verified int64 // inputs run again without quick mode for mutants over the tight budget
	// Unusable counts the inputs Random skipped because the original
	// exceeded the loop budget or crashed its process on them.
	Unusable int64
}

// New builds pkg's harness binary for its supported units with the
// mutants of set and starts workers processes (0 = 1). A unit with a
// malformed //gozilla:assume directive is an error.
func New(ctx context.Context, pkg *load.Package, set *mutate.Set, workers int) (*Oracle, error) {
	workers = max(workers, 1)
	work, err := scratch.Dir("oracle")
	if err != nil {
		return nil, err
	}
	units := unit.Find(pkg, nil)
	bin, err := harness.Build(ctx, harness.BuildConfig{Pkg: pkg, Set: set, Units: units, WorkDir: work})
	if err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	// Every mutant an input reaches runs (GOZILLA_WEAK=0): the judge of
	// verdicts does not rely on the schemata's infection checks, which
	// gen and score use to skip runs.
	box, err := sandbox.New(work, pkg.Dir)
	if err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	pool, err := harness.NewPool(harness.Config{Bin: bin.Path, Dir: box.Dir, Workers: workers, Env: append([]string{"GOZILLA_WEAK=0"}, box.Env()...)})
	if err != nil {
		os.RemoveAll(work)
		return nil, err
	}
	o := &Oracle{pkg: pkg, set: set, index: bin.Index, pool: pool, workers: workers, work: work}
	for _, u := range units {
		if u.Skip == "" {
			o.units = append(o.units, u)
		}
	}
	return o, nil
}

// Close stops the workers and removes the binary.
func (o *Oracle) Close() {
	o.pool.Close()
	os.RemoveAll(o.work)
}

// Units returns the package's supported units (unit.Find), in source order.
func (o *Oracle) Units() []*unit.Unit { return o.units }

// Unit returns the supported unit named name ("F", "T.M", "(*T).M"), or nil.
func (o *Oracle) Unit(name string) *unit.Unit {
	for _, u := range o.units {
		if u.Name == name {
			return u
		}
	}
	return nil
}

// Mutants returns the IDs of the mutants in u's body, ascending.
func (o *Oracle) Mutants(u *unit.Unit) []int {
	var ids []int
	for _, m := range o.set.Mutants {
		if m.Func == u.Name {
			ids = append(ids, m.ID)
		}
	}
	return ids
}

// Stats returns what the oracle has run so far.
func (o *Oracle) Stats() Stats {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.stats
}

// Domain returns the number of inputs of u if every input is a bool or an
// integer of at most 16 bits (defined types over them too) and u has no
// receiver, else 0. A product beyond the range of uint64 is
// math.MaxUint64.
func Domain(u *unit.Unit) uint64 {
	if u.Skip != "" || u.Recv != nil {
		return 0
	}
	n := uint64(1)
	for _, t := range u.Inputs() {
		k := size(t)
		if k == 0 {
			return 0
		}
		hi, lo := bits.Mul64(n, k)
		if hi != 0 {
			n = math.MaxUint64
		} else {
			n = lo
		}
	}
	return n
}

// size is the number of values of t when it is small enough to
// enumerate, else 0.
func size(t *value.Type) uint64 {
	switch {
	case t.Kind == value.Bool:
		return 2
	case (t.Kind == value.Int || t.Kind == value.Uint) && t.Bits <= 16:
		return 1 << t.Bits
	}
	return 0
}

// Exhaustive runs u on every input of its domain (an error if Domain(u)
// is 0 or above the limit) under the original and the given mutants (all
// mutants of u's body when nil), and returns, for each mutant killed, the
// first input (in enumeration order, see Inputs) that kills it. Mutants
// absent from the map are truly equivalent on u, given its
// //gozilla:assume directives, whose violating inputs the harness
// rejects. An input on which the original itself exceeds the loop budget
// or kills its process leaves the truth unknown, and is an error.
func (o *Oracle) Exhaustive(ctx context.Context, u *unit.Unit, mutants []int) (map[int][]value.Value, error) {
	limit := o.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	d := Domain(u)
	switch {
	case d == 0:
		return nil, fmt.Errorf("oracle: %s: inputs are not all bool or integers of at most 16 bits", u.Name)
	case d > limit:
		return nil, fmt.Errorf("oracle: %s: %d inputs, more than the limit %d", u.Name, d, limit)
	}
	return o.kill(ctx, u, mutants, Inputs(u.Inputs()), true)
}

// Random runs n inputs of u: the zero input, the small ones
// (value.Small), boundary values, then random ones (value.Gen seeded with
// seed, drawing on u's constants), all distinct, and returns the killed
// mutants (among mutants; all of u's body when nil) with the first input
// that kills each.
func (o *Oracle) Random(ctx context.Context, u *unit.Unit, mutants []int, n int, seed uint64) (map[int][]value.Value, error) {
	return o.kill(ctx, u, mutants, randomInputs(u, n, seed), false)
}

// Given runs the given inputs of u (receiver first), in order, as Random
// runs its own: an input the assumptions reject, or on which the
// original exceeds the loop budget or kills its process, judges nothing.
// It returns the mutants killed (among mutants; all of u's body when nil)
// with the first input that kills each.
func (o *Oracle) Given(ctx context.Context, u *unit.Unit, mutants []int, inputs [][]value.Value) (map[int][]value.Value, error) {
	for _, in := range inputs {
		if len(in) != len(u.Inputs()) {
			return nil, fmt.Errorf("oracle: %s: %d values for %d inputs", u.Name, len(in), len(u.Inputs()))
		}
	}
	i := 0
	return o.kill(ctx, u, mutants, func() []value.Value {
		if i == len(inputs) {
			return nil
		}
		i++
		return inputs[i-1]
	}, false)
}

// Run runs one input of u (receiver first) under the original and the
// given mutants (every mutant of u's body when nil), as the last step of
// Random and Exhaustive does: a mutant over the tight loop budget runs
// again with the generous one. It returns the mutants the input kills,
// ascending, and whether u's assumptions rejected the input (then
// nothing ran). An input on which the original exceeds the loop budget
// or kills its process leaves every verdict unknown, and is an error.
func (o *Oracle) Run(ctx context.Context, u *unit.Unit, in []value.Value, mutants []int) (killed []int, rejected bool, err error) {
	idx, ok := o.index[u]
	if !ok {
		return nil, false, fmt.Errorf("oracle: %s is not a supported unit of %s", u.Name, o.pkg.Path)
	}
	if len(in) != len(u.Inputs()) {
		return nil, false, fmt.Errorf("oracle: %s: %d values for %d inputs", u.Name, len(in), len(u.Inputs()))
	}
	live, err := o.ids(u, mutants)
	if err != nil {
		return nil, false, err
	}
	r, err := o.pool.Do(ctx, &harness.Request{Unit: idx, In: in, Mutants: live, Budget: origBudget})
	if err != nil {
		return nil, false, err
	}
	o.mu.Lock()
	o.stats.Inputs++
	if r.Reject {
		o.stats.Rejected++
	}
	o.mu.Unlock()
	if r.Reject {
		return nil, true, nil
	}
	if p := r.Orig.Panic; p != nil && (p.Kind == harness.PanicBudget || p.Kind == harness.PanicCrash || p.Kind == harness.PanicGoroutine) {
		return nil, false, fmt.Errorf("oracle: %s%s: the original %s: no mutant was judged", u.Name, literal(u, in), how(p))
	}
	killed = slices.Clone(r.Killed)
	slices.Sort(killed)
	return slices.Compact(killed), false, nil
}

// An input batch is chunksPerWorker requests per worker, each of
// chunkSize inputs (harness.Request.More): enough to amortise a round
// trip and the wait for the slowest request, few enough that mutants
// killed early stop running soon.
const (
	chunkSize       = 64
	chunksPerWorker = 2
)

// kill runs the inputs next yields (nil when done) in parallel batches,
// judged in order, dropping killed mutants between batches. strict makes
// an input whose original outcome is unusable an error.
func (o *Oracle) kill(ctx context.Context, u *unit.Unit, mutants []int, next func() []value.Value, strict bool) (map[int][]value.Value, error) {
	idx, ok := o.index[u]
	if !ok {
		return nil, fmt.Errorf("oracle: %s is not a supported unit of %s", u.Name, o.pkg.Path)
	}
	live, err := o.ids(u, mutants)
	if err != nil {
		return nil, err
	}
	killed := map[int][]value.Value{}
	size := chunkSize * chunksPerWorker * o.workers
	batch := make([][]value.Value, 0, size)
	for len(live) > 0 {
		batch = batch[:0]
		for len(batch) < size {
			in := next()
			if in == nil {
				break
			}
			batch = append(batch, in)
		}
		if len(batch) == 0 {
			break
		}
		resps, err := o.runBatch(ctx, idx, batch, live)
		if err != nil {
			return nil, err
		}
		var rejected, verified, unusable int64
		for i, r := range resps {
			if r.Reject {
				rejected++
				continue
			}
			if p := r.Orig.Panic; p != nil && (p.Kind == harness.PanicBudget || p.Kind == harness.PanicCrash || p.Kind == harness.PanicGoroutine) {
				if strict {
					return nil, fmt.Errorf("oracle: %s%s: the original %s: no mutant was judged", u.Name, literal(u, batch[i]), how(p))
				}
				unusable++
				continue
			}
			for _, m := range r.Killed {
				if killed[m] == nil {
					killed[m] = batch[i]
				}
			}
			// Mutants over the tight budget: run again with the generous
			// one, unless an earlier input already killed them.
			var unsure []int
			for _, m := range r.Unsure {
				if killed[m] == nil {
					unsure = append(unsure, m)
				}
			}
			if len(unsure) == 0 {
				continue
			}
			verified++
			v, err := o.pool.Do(ctx, &harness.Request{Unit: idx, In: batch[i], Mutants: unsure, Budget: origBudget})
			if err != nil {
				return nil, err
			}
			for _, m := range v.Killed {
				if killed[m] == nil {
					killed[m] = batch[i]
				}
			}
		}
		live = slices.DeleteFunc(live, func(m int) bool { return killed[m] != nil })
		o.mu.Lock()
		o.stats.Inputs += int64(len(batch))
		o.stats.Rejected += rejected
		o.stats.Verified += verified
		o.stats.Unusable += unusable
		o.mu.Unlock()
	}
	return killed, nil
}

// runBatch runs each input of batch under the live mutants in quick mode,
// in requests of chunkSize inputs spread over the workers, and returns
// one response per input.
func (o *Oracle) runBatch(ctx context.Context, idx int, batch [][]value.Value, live []int) ([]*harness.Response, error) {
	resps := make([]*harness.Response, len(batch))
	chunks := (len(batch) + chunkSize - 1) / chunkSize
	errs := make([]error, chunks)
	var wg sync.WaitGroup
	sem := make(chan struct{}, o.workers)
	for c := 0; c < chunks; c++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			lo, hi := c*chunkSize, min((c+1)*chunkSize, len(batch))
			r, err := o.pool.Do(ctx, &harness.Request{Unit: idx, In: batch[lo], More: batch[lo+1 : hi], Mutants: live, Budget: origBudget, Quick: true})
			if err != nil {
				errs[c] = err
				return
			}
			resps[lo] = r
			for i := range r.More {
				resps[lo+1+i] = &r.More[i]
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return resps, nil
}

// ids returns the mutants to judge, ascending and distinct: mutants, or
// every mutant of u's body when nil.
func (o *Oracle) ids(u *unit.Unit, mutants []int) ([]int, error) {
	if mutants == nil {
		return o.Mutants(u), nil
	}
	ids := slices.Clone(mutants)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	for _, id := range ids {
		if id < 1 || id > len(o.set.Mutants) {
			return nil, fmt.Errorf("oracle: no mutant %d in %s", id, o.pkg.Path)
		}
	}
	return ids, nil
}

func how(p *harness.Panic) string {
	if p.Kind == harness.PanicBudget {
		return "exceeded the loop budget"
	}
	return "crashed its process (" + p.Msg + ")"
}

// literal renders an input as a call's argument list: (1, -2, true).
func literal(u *unit.Unit, in []value.Value) string {
	var p value.Printer
	s := "("
	for i, t := range u.Inputs() {
		if i > 0 {
			s += ", "
		}
		s += p.Literal(t, in[i])
	}
	return s + ")"
}
