package symbolic

import (
	"go/ast"
	"go/types"
	"strings"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const src = `package p

func Classify(i, j int) int {
	if i <= 0 || j <= 0 {
		return 4
	}
	x := i + j
	if x*3 == 12 {
		return 1
	}
	return 0
}

func Sum(k int) int {
	s := 0
	for n := 0; n < k; n++ {
		s += n
	}
	return s
}

func Pass(p string) bool {
	if p == "ok" {
		return true
	}
	return false
}
`

// explore loads src and explores fn with sites: the statements of fn's
// body that match want (by source text).
func explore(t *testing.T, fn string, want ...string) (*Result, map[string]ast.Node) {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	pkg := pkgs[0]
	prog, err := Build(pkg)
	if err != nil {
		t.Fatal(err)
	}
	obj := pkg.Types.Scope().Lookup(fn).(*types.Func)
	sig := obj.Type().(*types.Signature)
	var inputs []*value.Type
	var names []string
	for i := 0; i < sig.Params().Len(); i++ {
		vt, err := value.FromTypes(sig.Params().At(i).Type(), pkg.Types, map[string]string{}, false)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, vt)
		names = append(names, sig.Params().At(i).Name())
	}
	sites := map[string]ast.Node{}
	var nodes []ast.Node
	ast.Inspect(pkg.Files[0].Syntax, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		text := types.ExprString(nil)
		if e, ok := n.(ast.Expr); ok {
			text = types.ExprString(e)
		} else if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			text = "return " + types.ExprString(r.Results[0])
		}
		for _, w := range want {
			if text == w && sites[w] == nil {
				sites[w] = n
				nodes = append(nodes, n)
			}
		}
		return true
	})
	res, err := Explore(prog.Func(obj), inputs, names, nodes, Config{Bound: 3})
	if err != nil {
		t.Fatal(err)
	}
	return res, sites
}

func conds(evs []*Event) []string {
	var out []string
	for _, ev := range evs {
		s, _ := c.DNF(ev.Cond.Expr())
		out = append(out, s.String())
	}
	return out
}

func TestPathConditions(t *testing.T) {
	res, sites := explore(t, "Classify", "return 4", "return 1", "x * 3")
	if got := conds(res.Events[sites["return 4"]]); strings.Join(got, " | ") != "i <= 0 | i > 0 && j <= 0" {
		t.Errorf("return 4 reached under %q", got)
	}
	if got := conds(res.Events[sites["return 1"]]); strings.Join(got, " | ") != "i > 0 && j > 0 && (i + j) * 3 == 12" {
		t.Errorf("return 1 reached under %q", got)
	}
	// The value of x*3 at its site, in input terms.
	evs := res.Events[sites["x * 3"]]
	if len(evs) != 1 {
		t.Fatalf("x * 3: %d events", len(evs))
	}
	if v, _ := evs[0].Vals.get(sites["x * 3"].(ast.Expr)); v == nil || c.String(v) != "(i + j) * 3" {
		t.Errorf("x * 3 = %v", v)
	}
	if res.Cut || res.Paths != 4 {
		t.Errorf("paths %d (cut %v), want 4 complete", res.Paths, res.Cut)
	}
}

func TestLoopUnrolling(t *testing.T) {
	res, sites := explore(t, "Sum", "return s")
	got := conds(res.Events[sites["return s"]])
	want := []string{"0 < k && 1 < k && 2 >= k", "0 < k && 1 >= k", "0 >= k"} // depth first, the loop body first
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("return s reached under %q, want %q", got, want)
	}
	if !res.Cut {
		t.Error("a loop bounded at 3 visits does not report the exploration as cut")
	}
}

func TestStringEquality(t *testing.T) {
	res, sites := explore(t, "Pass", "return true")
	got := conds(res.Events[sites["return true"]])
	if len(got) != 1 || !strings.Contains(got[0], "len(p) == 2 && p[0] == 111 && p[1] == 107") {
		t.Errorf(`p == "ok" reached under %q`, got)
	}
	// Solving it gives back the string.
	a := res.Args[0]
	asg := c.Assignment{a.Len: 2, a.Elems[0].Sym: 'o', a.Elems[1].Sym: 'k'}
	v, err := a.Value(asg)
	if err != nil || string(v.S) != "ok" {
		t.Errorf("value of the solution: %q, %v", v.S, err)
	}
}
