package harness

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/run"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// exitSrc ends the process for positive x: the original crashes on x > 0,
// and mutants of the guard crash on x = 0.
const exitSrc = `package p

import "os"

func F(x int) int {
	if x > 0 {
		os.Exit(3)
	}
	return x + 1
}
`

// harnessBin builds the harness binary of package p of src, with its
// mutants and the units.
func harnessBin(t *testing.T, src string, units []Unit) (string, *load.Package, *mutate.Set) {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	set, err := mutate.Generate(pkg, mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	mutSite := make([]int, len(set.Mutants)+1)
	for _, m := range set.Mutants {
		mutSite[m.ID] = m.Site
	}
	overlay := map[string][]byte{filepath.Join(pkg.Dir, File): Source(pkg.Name, units, mutSite, nil)}
	for k, v := range set.Overlay {
		overlay[k] = v
	}
	bin, err := run.Build(context.Background(), run.BuildConfig{Dir: pkg.Dir, Pkg: pkg.Path, Overlay: overlay, WorkDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	return bin, pkg, set
}

// pool builds the harness binary of exitSrc and starts workers.
func pool(t *testing.T) (*Pool, *mutate.Set) {
	t.Helper()
	bin, pkg, set := harnessBin(t, exitSrc, []Unit{{Expr: "F"}})
	p, err := NewPool(Config{Bin: bin, Dir: pkg.Dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	return p, set
}

func ids(set *mutate.Set) []int {
	var out []int
	for _, m := range set.Mutants {
		out = append(out, m.ID)
	}
	return out
}

// TestPoolCrash checks that a process killed by the code under test costs
// one verdict, not the request: the crashing mutants are killed, the
// others judged as usual, whether they came as IDs or as a bit set, and
// an input on which the original itself crashes is marked unusable.
func TestPoolCrash(t *testing.T) {
	p, set := pool(t)
	ctx := context.Background()
	zero := []value.Value{{I: 0}}

	// The truth, one mutant per request.
	want := map[int]bool{}
	crashers := 0
	for _, id := range ids(set) {
		r, err := p.Do(ctx, &Request{In: zero, Mutants: []int{id}, Budget: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if r.Orig.Panic != nil {
			t.Fatalf("original on x=0: %+v", r.Orig.Panic)
		}
		if slices.Contains(r.Killed, id) {
			want[id] = true
		}
	}
	for _, m := range set.Mutants {
		if m.Orig == "x > 0" && (m.Repl == "x >= 0" || m.Repl == "true") {
			crashers++
			if !want[m.ID] {
				t.Errorf("mutant #%d %s, which exits on x=0, is not killed alone", m.ID, m.Repl)
			}
		}
	}
	if crashers != 2 {
		t.Fatalf("%d mutants of x > 0 that exit on x=0, want 2 (x >= 0, true)", crashers)
	}
	restarts := p.Restarts

	for _, tt := range []struct {
		name string
		req  Request
	}{
		{"ids", Request{In: zero, Mutants: ids(set), Budget: 1 << 20}},
		{"bits", Request{In: zero, Live: Bits(ids(set)), Budget: 1 << 20}},
	} {
		r, err := p.Do(ctx, &tt.req)
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]bool{}
		for _, id := range r.Killed {
			got[id] = true
		}
		for _, id := range ids(set) {
			if got[id] != want[id] {
				t.Errorf("%s: mutant #%d killed %v, alone %v", tt.name, id, got[id], want[id])
			}
		}
		if r.Orig.Panic != nil || len(r.Orig.Results) != 1 || r.Orig.Results[0].I != 1 {
			t.Errorf("%s: original outcome %+v, want F(0) = 1", tt.name, r.Orig)
		}
	}
	if p.Restarts <= restarts {
		t.Error("no worker was restarted: the requests did not crash it")
	}

	r, err := p.Do(ctx, &Request{In: []value.Value{{I: 1}}, Live: Bits(ids(set)), Budget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Orig.Panic == nil || r.Orig.Panic.Kind != PanicCrash {
		t.Errorf("original on x=1 exits; outcome %+v, want a crash", r.Orig)
	}
	if len(r.Killed) != 0 {
		t.Errorf("x=1 crashes the original, yet mutants %v are called killed", r.Killed)
	}
}

// TestPoolInitPanics checks that a package whose init panics is told
// before any worker runs: NewPool's *run.StartError, with the panic's
// message and its place, not a crash of every run.
func TestPoolInitPanics(t *testing.T) {
	bin, pkg, _ := harnessBin(t, "package p\n\nfunc init() {\n\tif F(1) == 2 {\n\t\tpanic(\"no config file\")\n\t}\n}\n\nfunc F(x int) int { return x + 1 }\n", []Unit{{Expr: "F"}})
	p, err := NewPool(Config{Bin: bin, Dir: pkg.Dir, Workers: 2})
	if err == nil {
		p.Close()
		t.Fatal("NewPool: no error")
	}
	var se *run.StartError
	if !errors.As(err, &se) || !strings.HasPrefix(se.Msg, "init panics: ") || !strings.HasSuffix(se.Msg, "p/p.go:5: no config file") {
		t.Errorf("NewPool: %v, want a *run.StartError: init panics: …p/p.go:5: no config file", err)
	}
}

// goSrc panics in a goroutine it starts for positive x, after the
// goroutine's deferred close has let the call go on: whether a test sees
// the crash depends on the scheduler (the call sleeps, so that the
// harness sees it every time).
const goSrc = `package p

import "time"

func G(x int) int {
	done := make(chan bool)
	go func() {
		defer close(done)
		if x > 0 {
			panic("boom")
		}
	}()
	<-done
	time.Sleep(50 * time.Millisecond)
	return x + 1
}
`

// TestPoolGoroutinePanic checks that a process ended by a panic in a
// goroutine the unit started kills no mutant (a generated test may pass
// on it) and makes the original's input unusable.
func TestPoolGoroutinePanic(t *testing.T) {
	bin, pkg, set := harnessBin(t, goSrc, []Unit{{Expr: "G"}})
	p, err := NewPool(Config{Bin: bin, Dir: pkg.Dir, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	ctx := context.Background()
	r, err := p.Do(ctx, &Request{In: []value.Value{{I: 0}}, Mutants: ids(set), Budget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ends := map[int]string{}
	for _, e := range r.Ends {
		ends[e.Mutant] = e.Kind
	}
	crashers := 0
	for _, m := range set.Mutants {
		if m.Orig != "x > 0" || m.Repl != "x >= 0" && m.Repl != "true" {
			continue
		}
		crashers++
		if slices.Contains(r.Killed, m.ID) {
			t.Errorf("mutant #%d %s panics in a goroutine on x=0, and is called killed", m.ID, m.Repl)
		}
		if ends[m.ID] != PanicGoroutine {
			t.Errorf("mutant #%d %s: end %q, want %q", m.ID, m.Repl, ends[m.ID], PanicGoroutine)
		}
	}
	if crashers != 2 {
		t.Fatalf("%d mutants of x > 0 that panic on x=0, want 2 (x >= 0, true)", crashers)
	}
	r, err = p.Do(ctx, &Request{In: []value.Value{{I: 1}}, Mutants: ids(set), Budget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Orig.Panic == nil || r.Orig.Panic.Kind != PanicGoroutine || !r.Orig.Panic.Abnormal() {
		t.Errorf("original on x=1 panics in a goroutine; outcome %+v", r.Orig)
	}
	if len(r.Killed) != 0 {
		t.Errorf("x=1 crashes the original, yet mutants %v are called killed", r.Killed)
	}
}

// TestPoolBatch checks that further inputs (Request.More) get the answers
// they get alone, also when some of them crash the process: the batch
// then runs again one input per request.
func TestPoolBatch(t *testing.T) {
	p, set := pool(t)
	ctx := context.Background()
	ins := [][]value.Value{{{I: -1}}, {{I: 0}}, {{I: 1}}, {{I: 2}}, {{I: -5}}}
	requests := p.Requests
	ok, err := p.Do(ctx, &Request{In: ins[0], More: [][]value.Value{ins[1], ins[4]}, Budget: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if p.Requests != requests+1 {
		t.Errorf("a batch that does not crash took %d round trips, want 1", p.Requests-requests)
	}
	if len(ok.More) != 2 || ok.More[0].Orig.Results[0].I != 1 || ok.More[1].Orig.Results[0].I != -4 {
		t.Errorf("batch of -1, 0, -5: %+v, want F = 0, 1, -4", ok)
	}
	for _, tt := range []struct {
		name    string
		mutants []int
	}{
		{"originals only", nil}, // none crashes but x = 1 and 2
		{"crashes", ids(set)},
	} {
		restarts := p.Restarts
		r, err := p.Do(ctx, &Request{In: ins[0], More: ins[1:], Mutants: tt.mutants, Budget: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.More) != len(ins)-1 {
			t.Fatalf("%s: %d answers to %d further inputs", tt.name, len(r.More), len(ins)-1)
		}
		if p.Restarts == restarts {
			t.Errorf("%s: no worker restarted: the batch did not crash", tt.name)
		}
		got := append([]Response{*r}, r.More...)
		for i, in := range ins {
			alone, err := p.Do(ctx, &Request{In: in, Mutants: tt.mutants, Budget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			g := got[i]
			g.More = nil
			slices.Sort(g.Killed)
			slices.Sort(alone.Killed)
			if !reflect.DeepEqual(g.Orig, alone.Orig) || !slices.Equal(g.Killed, alone.Killed) {
				t.Errorf("%s: input %d: in the batch %+v killed %v, alone %+v killed %v", tt.name, in[0].I, g.Orig, g.Killed, alone.Orig, alone.Killed)
			}
		}
	}
}

// TestPoolCloseLeavesNoWorker: Close while requests crash workers and
// new ones start leaves no worker process behind (one that started as
// Close ran used to outlive the pool, and gozilla).
func TestPoolCloseLeavesNoWorker(t *testing.T) {
	if _, err := os.Stat("/proc/self/exe"); err != nil {
		t.Skip("no /proc to list processes")
	}
	p, _ := pool(t)
	// Every other request exits the process (a worker restarts), and
	// the one after it leaves the new worker alive.
	inputs := [][]value.Value{{{I: 1}}, {{I: 0}}}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				if _, err := p.Do(context.Background(), &Request{In: inputs[i%2], Budget: 1 << 20}); err != nil {
					return // the pool closed
				}
			}
		}()
	}
	time.Sleep(300 * time.Millisecond)
	p.Close()
	wg.Wait()
	bin, err := filepath.EvalSymlinks(p.cfg.Bin)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		left := processesOf(bin)
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker processes %v still run after Close", left)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// processesOf lists the PIDs of the running processes of the executable
// path (zombies excluded).
func processesOf(path string) []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range ents {
		exe, err := os.Readlink(filepath.Join("/proc", e.Name(), "exe"))
		if err != nil || strings.TrimSuffix(exe, " (deleted)") != path {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat")); err == nil && strings.Contains(string(stat), ") Z ") {
			continue
		}
		out = append(out, e.Name())
	}
	return out
}
