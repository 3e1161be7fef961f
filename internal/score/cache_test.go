package score

import (
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
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
