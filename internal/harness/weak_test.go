package harness

import (
	"context"
	"math"
	"slices"
	"testing"

	"github.com/gozilla/gozilla/internal/value"
)

// weakSrc has pure conditions (checked whole), arithmetic whose
// variants panic (a division by zero, an index out of range), a call
// (its sites always run), a loop, and floats (told apart by their bits:
// -0 is not 0).
const weakSrc = `package p

var table = [4]int{1, 2, 4, 8}

func G(x, y int) int {
	if x >= 0 && x < 4 && y != 0 {
		return table[x] / y
	}
	n := 0
	for i := 0; i < y && i < 8; i++ {
		n += i * x
	}
	if abs(x) > 10 {
		return -n
	}
	return n
}

// D's variant x / x of x / 2 divides by zero where x is 0.
func D(x int) int {
	return x / 2
}

// H's mutant 0 → v of its return differs only by the sign of a zero.
func H(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v * 2
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
`

// TestWeakMutation: a mutant reached at a weak site but not infected is
// not run, and skipping it changes no verdict: on every input, the
// mutants killed with the infection check are those killed running
// every mutant reached (GOZILLA_WEAK=0), in fewer runs.
func TestWeakMutation(t *testing.T) {
	bin, pkg, set := harnessBin(t, weakSrc, []Unit{{Expr: "G"}, {Expr: "H"}, {Expr: "D"}})
	pools := map[string]*Pool{}
	for name, env := range map[string][]string{"weak": nil, "strong": {"GOZILLA_WEAK=0"}} {
		p, err := NewPool(Config{Bin: bin, Dir: pkg.Dir, Workers: 1, Env: env})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		pools[name] = p
	}
	type call struct {
		unit int
		in   []value.Value
	}
	var calls []call
	for x := int64(-12); x <= 12; x += 3 {
		for _, y := range []int64{-1, 0, 1, 2, 5} {
			calls = append(calls, call{0, []value.Value{{I: x}, {I: y}}})
		}
	}
	for _, v := range []float64{math.Copysign(0, -1), 0, 1.5, math.NaN()} {
		calls = append(calls, call{1, []value.Value{value.FloatValue(v)}})
	}
	for _, x := range []int64{0, 3} {
		calls = append(calls, call{2, []value.Value{{I: x}}})
	}
	ran := map[string]int{}
	for _, c := range calls {
		killed := map[string][]int{}
		for name, p := range pools {
			r, err := p.Do(context.Background(), &Request{Unit: c.unit, In: c.in, Mutants: ids(set), Budget: 1 << 20})
			if err != nil {
				t.Fatal(err)
			}
			k := append([]int(nil), r.Killed...)
			slices.Sort(k)
			killed[name] = k
			ran[name] += r.Ran
		}
		if !slices.Equal(killed["weak"], killed["strong"]) {
			t.Errorf("unit %d on %v: killed %v with the infection check, %v running every mutant reached", c.unit, c.in, killed["weak"], killed["strong"])
		}
	}
	if ran["weak"] >= ran["strong"]*3/4 {
		t.Errorf("the infection check ran %d mutants, every mutant reached %d: want far fewer", ran["weak"], ran["strong"])
	}
	t.Logf("mutant runs: %d with the infection check, %d without", ran["weak"], ran["strong"])
}
