package harness

import (
	"context"
	"go/types"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// build writes a module of files, builds the harness binary of package p
// with the given units (stateful as Stateful says) and returns the
// binary, the package directory and the mutants.
func build(t *testing.T, files map[string]string, units ...string) (string, string, *mutate.Set) {
	t.Helper()
	dir := testmod.Write(t, files)
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	stateful := Stateful(pkg)
	var table []Unit
	for _, u := range units {
		fn, _ := pkg.Types.Scope().Lookup(u).(*types.Func)
		table = append(table, Unit{Expr: u, Stateful: stateful(fn)})
	}
	overlay := map[string][]byte{filepath.Join(pkg.Dir, File): Source(pkg.Name, table, MutantSites(set), nil)}
	for k, v := range set.Overlay {
		overlay[k] = v
	}
	bin, err := run.Build(context.Background(), run.BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: overlay, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return bin, pkg.Dir, set
}

func newPool(t *testing.T, cfg Config) *Pool {
	t.Helper()
	p, err := NewPool(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p
}

// mutexSrc takes a package-level lock without defer. At x = 1 the mutant
// 12/(x-1) panics between Lock and Unlock; the mutants of x > 5 that call
// peek deadlock on the lock they hold; the mutant that deletes Unlock
// returns as the original does but leaves the lock held, and deleting
// Lock is a fatal error. The module says go 1.13: the harness runtime
// must compile with that language version.
const mutexSrc = `package p

import "sync"

var mu sync.Mutex
var total int64 // not an int: no mutant of Bump reads it (its value depends on history)

// Bump adds one to a running total under the lock.
func Bump(x int) int {
	mu.Lock()
	y := 12 / (x + 1)
	if x > 5 {
		y = peek()
	}
	total++
	mu.Unlock()
	return y
}

func peek() int {
	mu.Lock()
	defer mu.Unlock()
	return int(total)
}
`

// TestPoolPoisoned checks that runs after a mutant that leaves a lock
// held (by panicking, or by skipping Unlock) are judged as they are
// alone in a fresh process, that a deadlocking mutant is killed as
// blocked, and that no request waits for the timeout.
// poisonedWall is TestPoolPoisoned's allowance of a run's wall time: a
// minute, so that the counted runs it compares never include a patient
// retry the clock asked for (beside a benchmark's load, the batch ran 65
// mutants where each alone ran 64).
const poisonedWall = time.Minute

func TestPoolPoisoned(t *testing.T) {
	testmod.Long(t)
	bin, dir, set := build(t, map[string]string{"go.mod": "module example.com/m\n\ngo 1.13\n", "p/p.go": mutexSrc}, "Bump")
	ctx := context.Background()
	var all []int
	for _, m := range set.Mutants {
		if m.Func == "Bump" {
			all = append(all, m.ID)
		}
	}
	ins := [][]value.Value{{{I: 1}}, {{I: 2}}}

	// The truth: each mutant alone, in a process of its own.
	want := map[int64]map[int]string{} // input -> killed mutant -> end kind ("" = by outcome)
	ran := map[int64]int{}
	var deadlocks []int
	for _, in := range ins {
		want[in[0].I] = map[int]string{}
		for _, id := range all {
			p := newPool(t, Config{Bin: bin, Dir: dir, Wall: poisonedWall, OrigWall: poisonedWall})
			r, err := p.Do(ctx, &Request{In: in, Mutants: []int{id}, Budget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			p.Close()
			ran[in[0].I] += r.Ran
			if r.Orig.Panic != nil || len(r.Orig.Results) != 1 || r.Orig.Results[0].I != 12/(in[0].I+1) {
				t.Fatalf("x=%d: original %+v", in[0].I, r.Orig)
			}
			if slices.Contains(r.Killed, id) {
				want[in[0].I][id] = ""
				for _, e := range r.Ends {
					want[in[0].I][e.Mutant] = e.Kind
				}
			}
		}
	}
	for _, m := range set.Mutants {
		if m.Func == "Bump" && m.Orig == "x > 5" && m.Repl == "true" {
			deadlocks = append(deadlocks, m.ID)
			if k := want[1][m.ID]; k != PanicBlocked {
				t.Errorf("mutant #%d (x > 5 → true) deadlocks on x=1: end %q, want blocked", m.ID, k)
			}
		}
		if m.Func == "Bump" && m.Op == mutate.SDL && strings.Contains(m.Orig, "Unlock") {
			if _, ok := want[1][m.ID]; ok {
				t.Errorf("mutant #%d (no Unlock) ends as the original on x=1, yet is killed", m.ID)
			}
		}
	}
	if len(deadlocks) != 1 {
		t.Fatalf("%d mutants x > 5 → true, want 1", len(deadlocks))
	}

	for _, tt := range []struct {
		name string
		req  Request
	}{
		{"ids", Request{In: ins[0], Mutants: all, Budget: 1 << 20}},
		{"bits", Request{In: ins[0], Live: Bits(all), Budget: 1 << 20}},
		{"quick", Request{In: ins[0], Live: Bits(all), Budget: 1 << 20, Quick: true}},
		{"batch", Request{In: ins[0], More: ins[1:], Live: Bits(all), Budget: 1 << 20}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newPool(t, Config{Bin: bin, Dir: dir, Workers: 2, Wall: poisonedWall, OrigWall: poisonedWall})
			r, err := p.Do(ctx, &tt.req)
			if err != nil {
				t.Fatal(err)
			}
			got := append([]Response{*r}, r.More...)
			for i, in := range ins[:len(got)] {
				kill := map[int]string{}
				for _, id := range got[i].Killed {
					kill[id] = ""
				}
				for _, e := range got[i].Ends {
					kill[e.Mutant] = e.Kind
				}
				for _, id := range all {
					w, wok := want[in[0].I][id]
					g, gok := kill[id]
					if wok != gok || w != g {
						t.Errorf("x=%d: mutant #%d killed %v (%q), alone %v (%q)", in[0].I, id, gok, g, wok, w)
					}
				}
				if got[i].Ran != ran[in[0].I] {
					t.Errorf("x=%d: %d mutants ran, alone %d", in[0].I, got[i].Ran, ran[in[0].I])
				}
			}
			if p.Hung != 0 {
				t.Errorf("%d requests waited for the timeout", p.Hung)
			}
			if p.Ended[PanicBlocked] == 0 || p.Restarts == 0 {
				t.Errorf("blocked runs %d, restarts %d: the deadlock was not seen", p.Ended[PanicBlocked], p.Restarts)
			}
		})
	}

	// MustKill: the runs stop at the first mutant the input does not
	// kill; all killed, all run.
	var killed, alive []int
	for _, id := range all {
		if k, ok := want[ins[0][0].I][id]; ok && k == "" {
			killed = append(killed, id)
		} else if !ok {
			alive = append(alive, id)
		}
	}
	if len(killed) < 2 || len(alive) == 0 {
		t.Fatalf("x=%d: %d mutants killed, %d not: too few for MustKill", ins[0][0].I, len(killed), len(alive))
	}
	p := newPool(t, Config{Bin: bin, Dir: dir, Workers: 1})
	for _, c := range []struct {
		must    []int
		killed  []int
		mostRan int
	}{
		{[]int{killed[0], killed[1]}, []int{killed[0], killed[1]}, 2},
		{[]int{killed[0], alive[0], killed[1]}, []int{killed[0]}, 2},
		{[]int{alive[0], killed[0]}, nil, 1},
	} {
		r, err := p.Do(ctx, &Request{In: ins[0], Mutants: c.must, Budget: 1 << 20, MustKill: true})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(r.Killed, c.killed) || r.Ran > c.mostRan {
			t.Errorf("MustKill %v: killed %v after %d runs, want %v after at most %d", c.must, r.Killed, r.Ran, c.killed, c.mostRan)
		}
	}
}

const limitsSrc = `package p

import (
	"os"
	"strings"
)

// Depth recurses n levels.
func Depth(n int) int {
	if n <= 0 {
		return 0
	}
	return 1 + Depth(n-1)
}

// Grow keeps n strings of 1 MiB.
func Grow(n int) int {
	var keep []string
	for i := 0; i < n; i++ {
		keep = append(keep, strings.Repeat("x", 1<<20))
	}
	return len(keep)
}

// Say writes n bytes, at most 64, on standard output and error.
func Say(n int) int {
	if n > 64 {
		n = 64
	}
	b := make([]byte, n)
	os.Stdout.Write(b)
	os.Stderr.Write(b)
	return n
}
`

// TestPoolLimits checks the resource limits: endless recursion dies of
// the stack limit (the tick budget given is too large to stop it first),
// endless allocation is stopped by the memory limit, and a mutant that
// prints without bound costs the parent no memory.
//
// The limits must decide, not the wall clock: a run to the 8 MiB stack
// takes 10–40 ms on an idle machine, and beside busy loops it outlived
// the default allowances (250 ms, 1 s patiently), a slow end (undecided)
// instead of a stack overflow. The allowances and the request timeout
// are minutes here, safety nets that no loaded machine reaches. Endless
// recursion asks its mutant alone: each of Depth's eleven mutants that
// recurse without end costs a process and its traceback, 40 restarts
// when all are asked (3–5 s idle, up to 95 s beside busy loops; the
// splitting of a request that crashes is TestPoolMutex's).
func TestPoolLimits(t *testing.T) {
	bin, dir, set := build(t, map[string]string{"p/p.go": limitsSrc}, "Depth", "Grow", "Say")
	ctx := context.Background()
	p := newPool(t, Config{Bin: bin, Dir: dir, MaxStack: 8 << 20, MemLimit: 64 << 20,
		Wall: 10 * time.Minute, OrigWall: 10 * time.Minute, Timeout: 20 * time.Minute})
	of := func(fn string) []int {
		var ids []int
		for _, m := range set.Mutants {
			if m.Func == fn {
				ids = append(ids, m.ID)
			}
		}
		return ids
	}
	find := func(fn, orig, repl string) int {
		for _, m := range set.Mutants {
			if m.Func == fn && m.Orig == orig && m.Repl == repl {
				return m.ID
			}
		}
		t.Fatalf("no mutant %s → %s in %s", orig, repl, fn)
		return 0
	}
	for _, tt := range []struct {
		name   string
		unit   int
		in     int64
		mutant int    // must be killed with end kind
		kind   string // "" = killed by its outcome
		parent uint64 // bytes the parent may allocate during the request; 0 = any
		alone  bool   // ask mutant alone, not every mutant of the unit
	}{
		{"endless recursion", 0, 3, find("Depth", "n <= 0", "false"), PanicStack, 0, true},
		{"endless allocation", 1, 1, find("Grow", "i < n", "true"), PanicMemory, 0, false},
		// 2 × 40 MiB of output, under the memory limit.
		{"unbounded output", 2, 40 << 20, find("Say", "n > 64", "false"), "", 8 << 20, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			fn := []string{"Depth", "Grow", "Say"}[tt.unit]
			mutants := of(fn)
			if tt.alone {
				mutants = []int{tt.mutant}
			}
			r, err := p.Do(ctx, &Request{Unit: tt.unit, In: []value.Value{{I: tt.in}}, Mutants: mutants, Budget: 1 << 20, MutantBudget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			runtime.ReadMemStats(&after)
			if r.Orig.Panic != nil {
				t.Fatalf("original: %+v", r.Orig.Panic)
			}
			if !slices.Contains(r.Killed, tt.mutant) {
				t.Errorf("mutant #%d not killed: %+v", tt.mutant, r)
			}
			kind := ""
			for _, e := range r.Ends {
				if e.Mutant == tt.mutant {
					kind = e.Kind
				}
			}
			if kind != tt.kind {
				t.Errorf("mutant #%d ended %q, want %q (ends %v)", tt.mutant, kind, tt.kind, r.Ends)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; tt.parent > 0 && grew > tt.parent {
				t.Errorf("the request cost the parent %d MiB", grew>>20)
			}
			if p.Hung != 0 {
				t.Errorf("%d requests waited for the timeout", p.Hung)
			}
		})
	}
}

// TestTail checks that a worker's standard error is kept bounded and
// that the message of a crash survives a long traceback.
func TestTail(t *testing.T) {
	for _, tt := range []struct {
		name   string
		writes []string
		want   string
	}{
		{"last line", []string{"a\nb\n"}, "b"},
		{"fatal error before a traceback", []string{"runtime: goroutine stack exceeds\nfatal error: stack overflow\n", strings.Repeat("main.f()\n", 10000)}, "fatal error: stack overflow"},
		{"split line", []string{"pan", "ic: boom\n", "goroutine 1\n"}, "panic: boom"},
		{"one huge write", []string{strings.Repeat("x", 1<<20) + "\nend\n"}, "end"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var tl tail
			for _, w := range tt.writes {
				tl.Write([]byte(w))
			}
			if got := tl.lastLine(); got != tt.want {
				t.Errorf("last line %q, want %q", got, tt.want)
			}
			if len(tl.buf) > tailMax || len(tl.line) > lineMax {
				t.Errorf("kept %d bytes and a line of %d", len(tl.buf), len(tl.line))
			}
		})
	}
}

const stateSrc = `package p

import (
	"fmt"
	"math"
	"sync"
)

var (
	mu     sync.Mutex
	total  int
	table  = []int{1, 2, 3}
	names  = map[string]int{"a": 1}
	limit  = 10
	cache  []int
	square [10]int
)

func init() {
	for i := range square {
		square[i] = i * i
	}
}

type T struct{}

func (T) Bump() { total++ }

func Locked(x int) int   { mu.Lock(); mu.Unlock(); return x }
func Lookup(i int) int   { return table[i%3] + names["a"] + limit }
func Calls(i int) int    { return Lookup(i) * 2 }
func Indirect(x int) int { return helper(x) }
func helper(x int) int   { total++; return x }
func Reads(x int) int    { return total + x }
func Appends(x int) int  { cache = append(cache, x); return len(cache) }
func Square(i int) int   { return square[i%10] }
func Pure(x int) int     { return x * 2 }
func Abs(x float64) float64 { return math.Abs(x) }
func Dyn(f func(int) int, x int) int { return f(x) }
func Fmt(x T) string     { return fmt.Sprint(x) }
func Print(x int) string { return fmt.Sprint(x) }
func Gen[T any](x T) T   { return x }
func CallsGen(x int) int { return Gen(x) }

type Box[T any] struct{ v T }

func (b Box[T]) Get() T { return b.v }
`

// TestStateful checks the static check over a package with a lock, a
// written counter, read-only tables and dynamic calls.
func TestStateful(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": stateSrc})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	stateful := Stateful(pkg)
	for _, tt := range []struct {
		fn   string
		want bool
	}{
		{"Locked", true},  // a pointer method on a package variable
		{"Lookup", false}, // read-only tables
		{"Calls", false},
		{"Indirect", true}, // a callee writes
		{"Reads", true},    // written elsewhere
		{"Appends", true},
		{"Square", false}, // written only by init
		{"Pure", false},
		{"Abs", false},
		{"Dyn", true},       // may call T.Bump
		{"Fmt", true},       // fmt may call a method of T
		{"Print", false},    // int has none
		{"CallsGen", false}, // Gen[int] is Gen's body
	} {
		fn, _ := pkg.Types.Scope().Lookup(tt.fn).(*types.Func)
		if fn == nil {
			t.Fatalf("no function %s", tt.fn)
		}
		if got := stateful(fn); got != tt.want {
			t.Errorf("%s: stateful %v, want %v", tt.fn, got, tt.want)
		}
	}
	// A method of an instantiated generic type is its origin's.
	box := pkg.Types.Scope().Lookup("Box").Type()
	inst, err := types.Instantiate(nil, box, []types.Type{types.Typ[types.Int]}, true)
	if err != nil {
		t.Fatal(err)
	}
	get, _, _ := types.LookupFieldOrMethod(inst, false, pkg.Types, "Get")
	if fn, ok := get.(*types.Func); !ok || fn == fn.Origin() || stateful(fn) {
		t.Errorf("Box[int].Get (%v): stateful, or not an instance; want an instance, not stateful", get)
	}
}

const napSrc = `package p

import "time"

// Nap returns n, after a nap of ms milliseconds when n is negative.
func Nap(n, ms int) int {
	if n < 0 {
		time.Sleep(time.Duration(ms) * time.Millisecond)
	}
	return n
}
`

// TestPoolPatience checks that the wall clock decides nothing a slower
// machine would change: a mutant run past its allowance (a nap twice as
// long) is asked again with patience and judged by its outcome, and one
// past the patient allowance too stays undecided, neither killed nor
// alive.
func TestPoolPatience(t *testing.T) {
	bin, dir, set := build(t, map[string]string{"p/p.go": napSrc}, "Nap")
	// The default allowance. A nap 50 ms past it outlives it on any
	// machine, and leaves the patient run (four times as long) 700 ms
	// of margin for a loaded machine's delays (twice the allowance, at
	// 100 ms, left 200 ms).
	const wall = 250 * time.Millisecond
	p := newPool(t, Config{Bin: bin, Dir: dir, Wall: wall})
	nap := -1 // n < 0 → true: the mutant naps, with the same result
	for _, m := range set.Mutants {
		if m.Orig == "n < 0" && m.Repl == "true" {
			nap = m.ID
		}
	}
	if nap < 0 {
		t.Fatal("no mutant n < 0 → true")
	}
	for _, tt := range []struct {
		name string
		ms   int64 // the mutant's nap
		slow bool
	}{
		{"decided with patience", int64((wall + 50*time.Millisecond) / time.Millisecond), false},
		{"undecided", int64(10 * wall / time.Millisecond), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := p.Do(context.Background(), &Request{Unit: 0, In: []value.Value{{I: 5}, {I: tt.ms}}, Mutants: []int{nap}, Budget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			slow := false
			for _, e := range r.Ends {
				slow = slow || e.Mutant == nap && e.Kind == PanicSlow
			}
			if killed := slices.Contains(r.Killed, nap); killed || slow != tt.slow || r.Ran == 0 {
				t.Errorf("killed %v, slow %v; want false, %v (%+v)", killed, slow, tt.slow, r)
			}
			// A mutant decided by the patient run is reported so, for
			// the caller to count what it cost. (On a loaded machine
			// the first run's allowance, which grows with the
			// original's time, may cover the nap: decided at once, not
			// patiently, which is as right.)
			patient := slices.Contains(r.Patient, nap)
			switch {
			case tt.slow && patient:
				t.Errorf("patient %v, want false", patient)
			case !tt.slow && !patient:
				t.Logf("decided by the first run (its allowance covered the %d ms nap on this machine)", tt.ms)
			}
		})
	}
}

const heavySrc = `package p

// Excl returns n exclamation marks.
func Excl(n int) string {
	s := ""
	for i := 0; i < n; i++ {
		s += "!"
	}
	return s
}
`

// TestPoolHeavy checks the allocation cap: a mutant that never ends a
// loop copying a growing string (i < n → i != n, at n = -1) does little
// work by the tick budget's count and copies gigabytes within it. The
// cap ends the run as heavy, undecided (neither killed nor alive), with
// the wall clock out of reach: without the cap the run goes on to the
// generous budget, a timeout, killed.
func TestPoolHeavy(t *testing.T) {
	bin, dir, set := build(t, map[string]string{"p/p.go": heavySrc}, "Excl")
	p := newPool(t, Config{Bin: bin, Dir: dir, Wall: 10 * time.Minute, Timeout: 20 * time.Minute})
	endless := -1
	for _, m := range set.Mutants {
		if m.Orig == "i < n" && m.Repl == "i != n" {
			endless = m.ID
		}
	}
	if endless < 0 {
		t.Fatal("no mutant i < n → i != n")
	}
	r, err := p.Do(context.Background(), &Request{Unit: 0, In: []value.Value{{I: -1}}, Mutants: []int{endless}, Budget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var ends []string
	for _, e := range r.Ends {
		if e.Mutant == endless {
			ends = append(ends, e.Kind)
		}
	}
	if killed := slices.Contains(r.Killed, endless); killed || !slices.Equal(ends, []string{PanicHeavy}) {
		t.Errorf("killed %v, ends %v; want false, [heavy] (%+v)", killed, ends, r)
	}
	if p.Restarts != 0 {
		t.Errorf("%d restarts: the cap ends the run, not the process", p.Restarts)
	}
}

// TestPoolOrigAlloc checks the original's allocation cap: Excl(20000)
// runs 20,000 ticks, far within its budget, and copies 200 MB: the input
// is too costly (budget), no mutant runs, the process goes on; Excl(10)
// returns.
func TestPoolOrigAlloc(t *testing.T) {
	bin, dir, set := build(t, map[string]string{"p/p.go": heavySrc}, "Excl")
	p := newPool(t, Config{Bin: bin, Dir: dir})
	var all []int
	for _, m := range set.Mutants {
		all = append(all, m.ID)
	}
	for _, tt := range []struct {
		n    int64
		kind string // the original's end; "" = returned
	}{{20000, PanicBudget}, {10, ""}} {
		r, err := p.Do(context.Background(), &Request{Unit: 0, In: []value.Value{{I: tt.n}}, Mutants: all, Budget: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		kind := ""
		if r.Orig.Panic != nil {
			kind = r.Orig.Panic.Kind
		}
		if kind != tt.kind || tt.kind != "" && r.Ran != 0 || tt.kind == "" && r.Ran == 0 {
			t.Errorf("Excl(%d): end %q, %d mutants ran; want %q, mutants only if it returned", tt.n, kind, r.Ran, tt.kind)
		}
		if tt.kind != "" && p.Restarts != 0 {
			// (Only here: a mutant's run of Excl(10) may meet the wall
			// clock on a loaded machine.)
			t.Errorf("%d restarts: the cap ends the run, not the process", p.Restarts)
		}
	}
}

const libAllocSrc = `package p

import (
	"math/big"
	"strings"
)

// Repeat returns the length of n x's, built by one library call.
func Repeat(n int) int { return len(strings.Repeat("x", n)) }

// Pow10 returns 10^n's bit length, computed by one library call.
func Pow10(n int64) int { return new(big.Int).Exp(big.NewInt(10), big.NewInt(n), nil).BitLen() }
`

// TestPoolOrigAllocLibrary checks the original's allocation cap where no
// tick can trap it: a call into a library, which the schemata do not
// instrument. Repeat(64 MiB) allocates past the cap in one call that
// returns at once (the check at the run's end says so, whether or not
// the watchdog looked meanwhile), and Pow10(2^40) allocates ever larger
// numbers for minutes (the watchdog ends it, where only the wall clock
// did, after seconds, as "slow", then again with patience): both inputs
// are too costly (budget), whatever the machine's load; small ones
// return.
func TestPoolOrigAllocLibrary(t *testing.T) {
	bin, dir, _ := build(t, map[string]string{"p/p.go": libAllocSrc}, "Repeat", "Pow10")
	p := newPool(t, Config{Bin: bin, Dir: dir})
	for _, tt := range []struct {
		unit int
		n    int64
		kind string // the original's end; "" = returned
	}{{0, 64 << 20, PanicBudget}, {0, 10, ""}, {1, 1 << 40, PanicBudget}, {1, 300, ""}} {
		if _, kind := origEnd(t, p, tt.unit, tt.n, 1<<20); kind != tt.kind {
			t.Errorf("unit %d on %d: the original's end %q, want %q", tt.unit, tt.n, kind, tt.kind)
		}
	}
}

// origEnd runs the original of unit on n (no mutant) and returns the
// response and how the original ended ("" if it returned).
func origEnd(t *testing.T, p *Pool, unit int, n int64, budget uint64) (*Response, string) {
	t.Helper()
	r, err := p.Do(context.Background(), &Request{Unit: unit, In: []value.Value{{I: n}}, Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	if r.Orig.Panic != nil {
		return r, r.Orig.Panic.Kind
	}
	return r, ""
}

const spawnSrc = `package p

import "sync"

var never = make(chan int)

// Spawn starts n goroutines, which stay, and waits until each has started.
func Spawn(n int) int {
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() { wg.Done(); <-never }()
	}
	wg.Wait()
	return n
}
`

// TestPoolSpawnBudget checks that starting a goroutine counts as
// mutate.GoTicks against the loop budget: the original's run on a huge n
// ends by its budget after budget/GoTicks goroutines, in milliseconds,
// where one tick per iteration let it start millions (their stacks out
// of the memory limit's sight) until the wall clock ended it (slow); a
// small n runs within the budget.
func TestPoolSpawnBudget(t *testing.T) {
	bin, dir, _ := build(t, map[string]string{"p/p.go": spawnSrc}, "Spawn")
	p := newPool(t, Config{Bin: bin, Dir: dir})
	for _, tt := range []struct {
		n    int64
		kind string // the original's end; "" = returned
	}{
		{3, ""},
		{1 << 40, PanicBudget},
	} {
		r, kind := origEnd(t, p, 0, tt.n, 1<<22)
		if kind != tt.kind {
			t.Errorf("Spawn(%d): the original ended %q, want %q (%+v)", tt.n, kind, tt.kind, r.Orig)
		}
		if tt.kind == "" && r.Ticks < 3000 {
			t.Errorf("Spawn(%d): %d ticks, want a thousand or so a goroutine", tt.n, r.Ticks)
		}
	}
}
