package explore_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/testmod"
	"github.com/gozilla/gozilla/internal/value"
)

const src = `package p

func Abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func Count(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += 2
	}
	return s
}

func Div(a, b int) int {
	return a / b
}

func Len(s string, p *int, f func()) int {
	if len(s) > 3 {
		return 1
	}
	return 0
}

func Copy(a []int) int {
	s := make([]int, len(a))
	copy(s, a)
	s[0] = s[0] + 1
	return s[1] - s[0]
}

func Appended(x, y int) int {
	var out []int
	out = append(out, x)
	out = append(out, y, 3)
	return out[0] - out[1]*out[2] + len(out)
}

func FromArray(x int) int {
	arr := [3]int{x, 1, 2}
	s := arr[1:]
	return s[1]*x - s[0] + len(s)
}

func Turns(n int) int {
	i := 0
	for i < n {
		i += 2
	}
	return i
}

func At(s []int, i int) int {
	return s[i]
}

func Lower(b bool) bool {
	type flag bool
	return bool(flag(b))
}

func Cat(b bool) bool {
	s := "a"
	if b {
		s = "b"
	}
	return s+"!" == "b!"
}
`

type fixture struct {
	pkg  *load.Package
	prog *symbolic.Program
}

func load1(t *testing.T) *fixture {
	t.Helper()
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := symbolic.Build(pkgs[0])
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{pkgs[0], prog}
}

func (fx *fixture) fn(name string) *ssa.Function {
	return fx.prog.Func(fx.pkg.Types.Scope().Lookup(name).(*types.Func))
}

// args returns fn's arguments, shaped from their Go types.
func args(fn *ssa.Function) []*explore.Arg {
	var out []*explore.Arg
	for _, p := range fn.Params {
		out = append(out, explore.NewArg(p.Name(), explore.Shape(p.Type())))
	}
	return out
}

// returns announces every return statement, before it runs.
type returns struct{}

func (returns) Sites(ins ssa.Instruction) (before, after []ast.Node) {
	if r, ok := ins.(*ssa.Return); ok {
		return []ast.Node{retNode{r}}, nil
	}
	return nil, nil
}

type retNode struct{ r *ssa.Return }

func (n retNode) Pos() token.Pos { return n.r.Pos() }
func (n retNode) End() token.Pos { return n.r.Pos() + 1 }

func conds(evs []*explore.Event) string {
	var out []string
	for _, ev := range evs {
		out = append(out, ev.Cond.String())
	}
	return strings.Join(out, " | ")
}

// TestNarrowingBranches: both sides of a branch on an input, each with
// its condition, and the outcomes of the paths.
func TestNarrowingBranches(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Abs")
	x := explore.New(fn, args(fn), returns{}, &explore.Narrowing{}, explore.Config{
		Limits:    explore.Limits{Bound: 3},
		Precision: explore.Precision{MaxLen: 16},
		Recording: explore.Recording{MaxEvents: 10, Outcomes: true},
	})
	x.Explore()
	if x.Incomplete != "" || x.Paths != 2 || len(x.Ends) != 2 {
		t.Fatalf("incomplete %q, %d paths, %d ends", x.Incomplete, x.Paths, len(x.Ends))
	}
	var got []string
	for _, e := range x.Ends {
		got = append(got, e.Cond.String()+" → "+c.String(e.Results[0]))
	}
	if want := "x < 0 → -x | x >= 0 → x"; strings.Join(got, " | ") != want {
		t.Errorf("ends %q, want %q", strings.Join(got, " | "), want)
	}
	var all []*explore.Event
	for _, evs := range x.Events {
		all = append(all, evs...)
	}
	if len(all) != 2 {
		t.Errorf("%d arrivals at the returns, want 2", len(all))
	}
}

// TestLoopPolicies: the same loop unrolled by the narrowing policy (cut
// at the bound), widened by the sound one (complete, the path back to
// the header ends), and unrolled by the bounded one (incomplete beyond
// Unroll turns).
func TestLoopPolicies(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Count")
	nx := explore.New(fn, args(fn), nil, &explore.Narrowing{}, explore.Config{Limits: explore.Limits{Bound: 3}, Precision: explore.Precision{MaxLen: 16}})
	nx.Explore()
	if nx.Incomplete != "the unrolling bound" || nx.Paths != 3 {
		t.Errorf("narrowing: incomplete %q, %d paths; want the unrolling bound, 3 paths", nx.Incomplete, nx.Paths)
	}
	sx := explore.New(fn, args(fn), nil, &explore.Sound{}, explore.Config{Limits: explore.Limits{MaxSteps: 1000}, Recording: explore.Recording{Outcomes: true}})
	sx.Explore()
	if sx.Incomplete != "" || sx.Paths != 1 {
		t.Errorf("widening: incomplete %q, %d paths; want complete, 1 path", sx.Incomplete, sx.Paths)
	}
	if r := sx.Ends[0].Results[0]; r == nil || !strings.HasPrefix(c.String(r), "?") {
		t.Errorf("widening: result %v, want a widened unknown", r)
	}
	bx := explore.New(fn, args(fn), nil, &explore.Sound{Bounded: true, Unroll: 4}, explore.Config{Limits: explore.Limits{MaxSteps: 1000}})
	bx.Explore()
	if !strings.Contains(bx.Incomplete, "more than 4 times") {
		t.Errorf("bounded: incomplete %q, want a loop run too long", bx.Incomplete)
	}
}

// TestGuards: a division that may panic goes on unguarded, under its
// condition, or forks a path of its own that panics.
func TestGuards(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Div")
	for _, tc := range []struct {
		g     explore.Guard
		paths int
		want  string
	}{
		{explore.NoGuard, 1, "0: true"},
		{explore.AssumeGuard, 1, "0: b != 0"},
		{explore.ForkGuard, 2, "1: b == 0 | 0: b != 0"},
	} {
		x := explore.New(fn, args(fn), nil, &explore.Sound{Bounded: true}, explore.Config{Precision: explore.Precision{Guards: tc.g}, Recording: explore.Recording{Outcomes: true}})
		x.Explore()
		var got []string
		for _, e := range x.Ends {
			got = append(got, strings.TrimSpace(strings.Split(e.Cond.String()+" ", "&&")[0]))
			got[len(got)-1] = string(rune('0'+e.Code)) + ": " + got[len(got)-1]
		}
		if x.Paths != tc.paths || strings.Join(got, " | ") != tc.want {
			t.Errorf("guard %d: %d paths %q, want %d %q", tc.g, x.Paths, got, tc.paths, tc.want)
		}
	}
}

// TestShapeAndInputs: arguments of any type (a func has no symbols),
// sound facts at entry, and the converter's length cap.
func TestShapeAndInputs(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Len")
	as := args(fn)
	if as[0].Len == nil || as[1].Sym != nil || as[2].Sym != nil || len(as[2].Syms()) != 0 {
		t.Fatalf("arguments: %+v %+v %+v", as[0], as[1], as[2])
	}
	x := explore.New(fn, as, nil, &explore.Sound{}, explore.Config{})
	x.Explore()
	if got := x.Facts.String(); got != "len(s) >= 0 && len(s) < 1152921504606846976" {
		t.Errorf("facts %q", got)
	}
	ts := []*value.Type{{Kind: value.String, Name: "string"}, {Kind: value.Pointer, Elem: &value.Type{Kind: value.Int, Bits: 64}}, {Kind: value.Built}}
	in, err := explore.Inputs(as, ts, c.Assignment{as[0].Len: 5}, 64)
	if err != nil || len(in[0].S) != 5 || !in[1].Nil {
		t.Errorf("inputs %v, %v", in, err)
	}
	if _, err := explore.Inputs(as, ts, c.Assignment{as[0].Len: 65}, 64); err == nil {
		t.Error("a length beyond the cap converted")
	}
}

// TestEvaluator: source expressions at the entry, as the sound policy
// binds the parameters.
func TestEvaluator(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Lower")
	x := explore.New(fn, args(fn), nil, &explore.Sound{}, explore.Config{})
	x.Explore()
	var ret *ast.ReturnStmt
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok {
			ret = r
		}
		return true
	})
	ev := &explore.Evaluator{Info: fx.pkg.Info}
	e, err := ev.Scalar(ret.Results[0], &explore.Event{Env: x.Entry})
	if err != nil || c.String(e) != "b" {
		t.Errorf("bool(flag(b)) = %v, %v", e, err)
	}
}

// TestQuiet: a probe records nothing and leaves the exploration's state
// as it was.
func TestQuiet(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Abs")
	x := explore.New(fn, args(fn), returns{}, &explore.Narrowing{}, explore.Config{Recording: explore.Recording{MaxEvents: 10}})
	stopped := x.Quiet(func() {
		x.Stop("probe")
	})
	if !stopped || x.Stopped() || x.Incomplete != "" {
		t.Errorf("quiet: stopped %v, after: stopped %v, incomplete %q", stopped, x.Stopped(), x.Incomplete)
	}
	x.Explore()
	if x.Paths != 2 {
		t.Errorf("%d paths after a probe, want 2", x.Paths)
	}
}

// TestMadeSlices: with a narrowing precision, slices the code makes
// (make, append, a slice of a local array) have lengths and elements,
// and copy makes a made slice read its source's elements.
func TestMadeSlices(t *testing.T) {
	fx := load1(t)
	for _, tc := range []struct{ fn, want string }{
		{"Copy", "a[1] - (a[0] + 1)"},
		{"Appended", "x - y * 3 + 3"},
		{"FromArray", "2 * x - 1 + 2"},
	} {
		fn := fx.fn(tc.fn)
		x := explore.New(fn, args(fn), nil, &explore.Narrowing{}, explore.Config{
			Limits:    explore.Limits{Bound: 3},
			Precision: explore.Precision{MaxLen: 16},
			Recording: explore.Recording{Outcomes: true},
		})
		x.Explore()
		var got []string
		for _, e := range x.Ends {
			if e.Code == explore.Returned {
				got = append(got, c.String(e.Results[0]))
			}
		}
		if strings.Join(got, " | ") != tc.want {
			t.Errorf("%s returns %q, want %q", tc.fn, got, tc.want)
		}
	}
}

// TestFreshExprs: an arrival at the i of a loop's condition i < n
// evaluates the condition with this turn's values, not the value the
// last turn computed for it.
func TestFreshExprs(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Turns")
	var cond, site ast.Expr
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if f, ok := n.(*ast.ForStmt); ok {
			cond, site = f.Cond, f.Cond.(*ast.BinaryExpr).X // i < n, its i
		}
		return true
	})
	x := explore.New(fn, args(fn), symbolic.Triggers(fn, []ast.Node{site}), &explore.Narrowing{}, explore.Config{
		Limits:    explore.Limits{Bound: 3},
		Precision: explore.Precision{MaxLen: 16},
		Recording: explore.Recording{MaxEvents: 10, Exprs: true},
	})
	x.Explore()
	ev := &explore.Evaluator{Info: fx.pkg.Info}
	var got []string
	for _, e := range x.Events[site] {
		v, err := ev.Scalar(cond, e)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, c.String(v))
	}
	if want := "0 < n | 2 < n | 4 < n"; strings.Join(got, " | ") != want {
		t.Errorf("i < n at the arrivals at its i: %q, want %q", strings.Join(got, " | "), want)
	}
}

// chooser is the narrowing policy resolving symbolic indexes to 2 and 5.
type chooser struct{ explore.Narrowing }

func (*chooser) ChooseIndexes(*explore.Explorer, *explore.Frame, c.Expr, int) []int {
	return []int{2, 5}
}

// TestIndexChooser: a policy that chooses the values of a symbolic index
// gets one path per value chosen, not one per index in range.
func TestIndexChooser(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("At")
	for _, tc := range []struct {
		pol  explore.Policy
		want int
	}{{&explore.Narrowing{}, 16}, {&chooser{}, 2}} {
		x := explore.New(fn, args(fn), nil, tc.pol, explore.Config{
			Limits:    explore.Limits{Bound: 3},
			Precision: explore.Precision{MaxLen: 16},
			Recording: explore.Recording{Outcomes: true},
		})
		x.Explore()
		returned := 0
		for _, e := range x.Ends {
			if e.Code == explore.Returned {
				returned++
			}
		}
		if returned != tc.want {
			t.Errorf("%T: %d paths return, want %d", tc.pol, returned, tc.want)
		}
	}
}

// TestConstantStrings: two constant strings concatenated make a constant
// string, which a comparison folds on each path.
func TestConstantStrings(t *testing.T) {
	fx := load1(t)
	fn := fx.fn("Cat")
	x := explore.New(fn, args(fn), nil, &explore.Narrowing{}, explore.Config{
		Limits:    explore.Limits{Bound: 3},
		Precision: explore.Precision{MaxLen: 16, Strings: true},
		Recording: explore.Recording{Outcomes: true},
	})
	x.Explore()
	var got []string
	for _, e := range x.Ends {
		got = append(got, e.Cond.String()+" → "+c.String(e.Results[0]))
	}
	if want := "b → true | !b → false"; strings.Join(got, " | ") != want {
		t.Errorf("ends %q, want %q", strings.Join(got, " | "), want)
	}
}
