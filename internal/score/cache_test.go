package score

import (
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/report"
	"github.com/gozilla/gozilla/internal/testmod"
)

const depsSrc = `package p

const K = 3

type T struct{ n int }

func (t T) Get() int { return int(t.n) + K }

// F calls G, which uses T and K.
func F(x int) int { return G(x) + 1 }

func G(x int) int { return T{n: x}.Get() * K }

// H uses nothing of the package.
func H(x int) int { return x * 2 }
`

// TestCacheKeys: a function's key changes with the functions it calls
// and the types and constants they use, transitively, and not with a
// function it does not depend on.
func TestCacheKeys(t *testing.T) {
	keys := func(src string) map[string]string {
		t.Helper()
		dir := testmod.Write(t, map[string]string{"p/p.go": src, "p/p_test.go": "package p\n"})
		pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
		if err != nil {
			t.Fatal(err)
		}
		return openCache(Config{CacheDir: t.TempDir()}, pkgs[0]).keys
	}
	base := keys(depsSrc)
	for _, tt := range []struct {
		name, from, to string
		changed        []string // the functions whose keys change
	}{
		{"a constant F reaches through G and T.Get", "const K = 3", "const K = 4", []string{"F", "G", "T.Get"}},
		{"a type", "type T struct{ n int }", "type T struct{ n int; tag string }", []string{"F", "G", "T.Get"}},
		{"a callee", "return T{n: x}.Get() * K", "return T{n: x}.Get() * K * 1", []string{"F", "G"}},
		{"a function nothing calls", "return x * 2", "return x * 3", []string{"H"}},
	} {
		got := keys(strings.Replace(depsSrc, tt.from, tt.to, 1))
		want := map[string]bool{}
		for _, f := range tt.changed {
			want[f] = true
		}
		for fn, k := range base {
			if (got[fn] != k) != want[fn] {
				t.Errorf("%s: %s's key changed: %v, want %v", tt.name, fn, got[fn] != k, want[fn])
			}
		}
	}
}

// TestCacheStopped: a run stopped in the prover or the search keeps the
// functions whose verdicts are final (every mutant killed, or each
// survivor decided by the search) and not those with a survivor the
// search did not reach, which the next run must search.
func TestCacheStopped(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": depsSrc, "p/p_test.go": "package p\n"})
	pkgs, err := load.Load(load.Config{Dir: dir}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	set, err := mutate.Generate(pkgs[0], mutate.Options{})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{CacheDir: t.TempDir()}
	// F: all killed. G: one survivor the search found an input for.
	// H: one survivor the stop cut. T.Get: one mutant not run.
	out := make([]report.Mutant, len(set.Mutants))
	seen := map[string]bool{}
	for i, m := range set.Mutants {
		out[i] = report.MutantOf(m)
		out[i].Status = mutate.Killed
		if seen[m.Func] {
			continue
		}
		seen[m.Func] = true
		switch m.Func {
		case "G":
			out[i].Status, out[i].Verdict = mutate.Lived, "killable"
		case "H":
			out[i].Status, out[i].Verdict, out[i].Why = mutate.Lived, "unknown", whyStopped
		case "T.Get":
			out[i].Status = mutate.NotRun
		}
	}
	openCache(cfg, pkgs[0]).storeStopped(set.Mutants, out, 1)
	fresh := make([]report.Mutant, len(set.Mutants))
	hit, _ := openCache(cfg, pkgs[0]).lookup(set.Mutants, fresh)
	want := map[string]bool{"F": true, "G": true, "H": false, "T.Get": false}
	for i, m := range set.Mutants {
		if hit[i] != want[m.Func] {
			t.Errorf("%s mutant #%d: cached %v, want %v", m.Func, m.ID, hit[i], want[m.Func])
		}
		if hit[i] && fresh[i].Status != out[i].Status {
			t.Errorf("%s mutant #%d: cached %s, stored %s", m.Func, m.ID, fresh[i].Status, out[i].Status)
		}
	}
	if len(seen) != 4 {
		t.Fatalf("mutants of %d functions, want 4: %v", len(seen), seen)
	}
}
