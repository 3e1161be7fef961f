package harness

import (
	"context"
	"go/types"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

// variesSrc: Keys returns a map's keys in the order range gives them,
// which differs from run to run; Sum's result is the same in any order.
const variesSrc = `package p

func Keys(n int) []int {
	m := map[int]bool{}
	for i := 0; i < n; i++ {
		m[i*3+1] = true
	}
	var ks []int
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func Sum(n int) int {
	m := map[int]bool{}
	for i := 0; i < n; i++ {
		m[i*3+1] = true
	}
	s := 0
	for k := range m {
		s += k
	}
	return s
}
`

// TestVaries: an input on which the original's outcome varies from run
// to run (map order) kills nothing, and says so; one whose outcome does
// not vary keeps its kills. Without the check, every mutant of Keys that
// changes nothing but the order counted as killed.
func TestVaries(t *testing.T) {
	bin, pkg, set := harnessBin(t, variesSrc, []Unit{{Expr: "Keys", MapOrder: true}, {Expr: "Sum", MapOrder: true}})
	p, err := NewPool(Config{Bin: bin, Dir: pkg.Dir, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Close)
	for _, tt := range []struct {
		unit   int
		n      int64
		varies bool
	}{
		{0, 16, true},
		{0, 1, false}, // one key: one order
		{1, 16, false},
	} {
		r, err := p.Do(context.Background(), &Request{Unit: tt.unit, In: []value.Value{{I: tt.n}}, Mutants: ids(set), Budget: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case r.Varies != tt.varies:
			t.Errorf("unit %d, n=%d: varies %v, want %v (killed %v)", tt.unit, tt.n, r.Varies, tt.varies, r.Killed)
		case r.Varies && len(r.Killed) > 0:
			t.Errorf("unit %d, n=%d: its outcome varies, yet it killed %v", tt.unit, tt.n, r.Killed)
		case !r.Varies && len(r.Killed) == 0:
			t.Errorf("unit %d, n=%d: killed nothing; want the kills of a stable outcome", tt.unit, tt.n)
		}
	}
}

const orderSrc = `package p

import (
	"maps"
	"slices"
)

type Set struct{ m map[string]bool }

// Items ranges over the map.
func (s *Set) Items() []string {
	var out []string
	for k := range s.m {
		out = append(out, k)
	}
	return out
}

// Len does not.
func (s *Set) Len() int { return len(s.m) }

func Direct(m map[int]int) int {
	n := 0
	for range m {
		n++
	}
	return n
}

func ViaCallee(s *Set) int { return len(s.Items()) }

func ViaMaps(m map[int]int) []int { return slices.Collect(maps.Keys(m)) }

func Lookup(m map[int]int, k int) int { return m[k] }

func Slice(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
`

// TestMapOrder: a unit whose function, a function it calls or an
// observer it is seen through ranges over a map may see map order; one
// that only indexes a map, or ranges over a slice, does not.
func TestMapOrder(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": orderSrc})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	order := MapOrder(pkg)
	for _, tt := range []struct {
		fn        string
		observers []string
		want      bool
	}{
		{"Direct", nil, true},
		{"ViaCallee", nil, true},
		{"ViaMaps", nil, true},
		{"Lookup", nil, false},
		{"Slice", nil, false},
		{"Slice", []string{"Len"}, false},
		{"Slice", []string{"Items"}, true}, // seen through Items
	} {
		fn, _ := pkg.Types.Scope().Lookup(tt.fn).(*types.Func)
		if fn == nil {
			t.Fatalf("no function %s", tt.fn)
		}
		if got := order(fn, tt.observers); got != tt.want {
			t.Errorf("%s seen through %v: map order %v, want %v", tt.fn, tt.observers, got, tt.want)
		}
	}
}
