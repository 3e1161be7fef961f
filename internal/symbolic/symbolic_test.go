package symbolic

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/solve"
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

// Lookups indexes a table at eight symbolic indices in one block: each
// read forks 16 ways, 16^8 paths before any block boundary.
func Lookups(t []byte, a, b, c, d, e, f, g, h byte) byte {
	return t[a] ^ t[b] ^ t[c] ^ t[d] ^ t[e] ^ t[f] ^ t[g] ^ t[h]
}

func Branchy(s []byte) int {
	n := 0
	for _, b := range s {
		if b > 'a' {
			n++
		}
		if b > 'b' {
			n++
		}
		if b > 'c' {
			n++
		}
		if b > 'd' {
			n++
		}
	}
	return n
}

func Sum(k int) int {
	s := 0
	for n := 0; n < k; n++ {
		s += n
	}
	return s
}

func Pick(a []int, i int) int {
	if a[i] == 7 {
		return 1
	}
	return 0
}

func Swap(a []int, x int) int {
	a[0] = x
	if a[0] > 5 {
		return 1
	}
	return 0
}

func Table(m int) int {
	days := [4]int{0, 31, 28, 31}
	days[2] = 29
	if days[m] == 29 {
		return 1
	}
	return 0
}

func After(x, y int) int {
	z := x + 1
	if y > 0 {
		return z
	}
	if y < -5 {
		return -z
	}
	return 0
}

func Tail(s string) bool {
	t := s[2:]
	if len(t) == 1 && t[0] == 'x' {
		return true
	}
	return false
}

func Diamond(x int) int {
	y := 0
	if x > 0 {
		y = 1
	} else {
		y = 2
	}
	if y > 5 {
		for {
		}
	}
	return y + x
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
	return exploreWith(t, fn, Config{Bound: 3}, want...)
}

// exploreWith is explore under cfg.
func exploreWith(t *testing.T, fn string, cfg Config, want ...string) (*Result, map[string]ast.Node) {
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
	var decl ast.Node
	for _, d := range pkg.Files[0].Syntax.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == fn {
			decl = fd
		}
	}
	ast.Inspect(decl, func(n ast.Node) bool {
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
	res, err := Explore(prog.Func(obj), inputs, names, nodes, cfg)
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
	if v, _ := evs[0].Vals.Get(sites["x * 3"].(ast.Expr)); v == nil || c.String(v) != "(i + j) * 3" {
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

// TestMaxBlocks checks that the block visits of a whole exploration are
// bounded: a loop whose body branches four ways is abandoned at the
// unrolling bound on thousands of partial paths, which MaxPaths does not
// count (found on a case-conversion loop that took the explorer to 2 GB).
func TestMaxBlocks(t *testing.T) {
	visits := func(res *Result) int {
		n := 0
		for _, cs := range res.Blocks {
			n += len(cs)
		}
		return n
	}
	free, _ := exploreWith(t, "Branchy", Config{Bound: 3, MaxBlocks: 1 << 30})
	const limit = 300
	if visits(free) <= limit {
		t.Fatalf("unbounded exploration of Branchy visits %d blocks: the test needs more than %d", visits(free), limit)
	}
	cut, _ := exploreWith(t, "Branchy", Config{Bound: 3, MaxBlocks: limit})
	if n := visits(cut); n > limit || !cut.Cut {
		t.Errorf("MaxBlocks %d: %d block visits recorded, cut %v", limit, n, cut.Cut)
	}
}

// TestMaxWork checks that forks on symbolic indices within one block are
// bounded: an encoder's table lookups (base32's Encode) forked 16 ways
// per read without reaching a block boundary, where MaxBlocks is
// counted, and took 24 GB. With the refuter on, as cbt runs it.
func TestMaxWork(t *testing.T) {
	// Unbounded, this runs past the test binary's timeout.
	res, _ := exploreWith(t, "Lookups", Config{MaxPaths: 1 << 40, MaxWork: 200_000, Refute: solve.Chain(solve.Config{DomRed: true})})
	if !res.Cut || res.Paths > 10_000 {
		t.Errorf("Lookups: cut %v, %d paths; want a cut exploration", res.Cut, res.Paths)
	}
	stopped := false
	res, _ = exploreWith(t, "Lookups", Config{Stop: func() bool { stopped = true; return true }})
	if !stopped || !res.Cut || res.Paths != 0 {
		t.Errorf("Stop answering true: polled %v, cut %v, %d paths; want polled, cut, none", stopped, res.Cut, res.Paths)
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

// TestSymbolicIndex checks the fork on a[i] with i an input: one path
// per index value, each with i == k and the length covering k, reading
// the element symbol a[k].
func TestSymbolicIndex(t *testing.T) {
	res, sites := explore(t, "Pick", "return 1")
	got := conds(res.Events[sites["return 1"]])
	if len(got) != MaxLen {
		t.Fatalf("return 1 reached on %d paths, want %d (one per index): %q", len(got), MaxLen, got)
	}
	for k, cond := range got {
		want := fmt.Sprintf("i == %d && len(a) >= 0 && len(a) <= %d && len(a) > %d && a[%d] == 7", k, MaxLen, k, k)
		if cond != want {
			t.Errorf("path %d: %s, want %s", k, cond, want)
		}
	}
}

// TestStores checks that a value stored into an input's element is what
// a later read of it gives.
func TestStores(t *testing.T) {
	res, sites := explore(t, "Swap", "return 1")
	got := conds(res.Events[sites["return 1"]])
	if len(got) != 1 || !strings.HasSuffix(got[0], "x > 5") {
		t.Errorf("return 1 reached under %q, want the stored x > 5", got)
	}
}

// TestLocalArray checks a local array: its literal and later stores are
// known, its elements are not inputs, and a symbolic index into it forks
// on the array's length: only days[2] == 29, so only m == 2 reaches.
func TestLocalArray(t *testing.T) {
	res, sites := explore(t, "Table", "return 1")
	got := conds(res.Events[sites["return 1"]])
	if strings.Join(got, " | ") != "m == 2" {
		t.Errorf("return 1 reached under %q, want m == 2", got)
	}
	if res.Havoc != 0 {
		t.Errorf("%d unmodelled values", res.Havoc)
	}
}

// TestWholePaths checks Result.Full and Arrivals: an arrival at z := x+1
// is completed by each path after it, and the paths come in an order
// that parts at the first branch after the site.
func TestWholePaths(t *testing.T) {
	res, sites := explore(t, "After", "x + 1")
	site := sites["x + 1"]
	if n := len(res.Events[site]); n != 1 {
		t.Fatalf("%d arrivals at x + 1, want 1", n)
	}
	got := conds(res.Arrivals(site, 10))
	want := []string{"y > 0", "y <= 0 && y < -5", "y <= 0 && y >= -5"}
	if strings.Join(got, " | ") != strings.Join(want, " | ") {
		t.Errorf("whole paths %q, want %q", got, want)
	}
	if got := res.Arrivals(site, 2); len(got) != 2 {
		t.Errorf("Arrivals(site, 2) gave %d", len(got))
	}
}

// TestInterleave checks the order of paths from a tree: groups that part
// at a branch are taken in turn, recursively.
func TestInterleave(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int}
	atom := func(n int64) c.Expr { return c.Bin(token.LSS, c.V(x), c.I(c.Int, n)) }
	a, na, b, nb, d, nd := atom(1), atom(-1), atom(2), atom(-2), atom(3), atom(-3)
	path := func(name string, cs ...c.Expr) *Event {
		return &Event{Cond: c.Clause(cs), Prefix: &Event{Cond: c.Clause{c.B(name == "")}}}
	}
	// Depth-first: a·b·d, a·b·¬d, a·¬b, ¬a·b, ¬a·¬b.
	evs := []*Event{path("abd", a, b, d), path("ab¬d", a, b, nd), path("a¬b", a, nb), path("¬ab", na, b), path("¬a¬b", na, nb)}
	names := map[*Event]string{evs[0]: "abd", evs[1]: "ab¬d", evs[2]: "a¬b", evs[3]: "¬ab", evs[4]: "¬a¬b"}
	var got []string
	for _, ev := range interleave(evs, 0) {
		got = append(got, names[ev])
	}
	want := "abd ¬ab a¬b ¬a¬b ab¬d"
	if strings.Join(got, " ") != want {
		t.Errorf("interleave: %s, want %s", strings.Join(got, " "), want)
	}
}

// TestSliceView checks s[2:] of an input string: a view whose length is
// len(s) - 2 and whose element 0 is s[2].
func TestSliceView(t *testing.T) {
	res, sites := explore(t, "Tail", "return true")
	got := conds(res.Events[sites["return true"]])
	if len(got) != 1 || !strings.Contains(got[0], "2 <= len(s)") || !strings.Contains(got[0], "len(s) - 2 == 1") || !strings.HasSuffix(got[0], "s[2] == 120") {
		t.Errorf("return true reached under %q", got)
	}
	if res.Havoc != 0 {
		t.Errorf("%d unmodelled values", res.Havoc)
	}
}

// TestCFG checks the dominator and post-dominator trees, def-use chains
// and each block's path expression on a diamond followed by a loop that
// never ends when entered.
func TestCFG(t *testing.T) {
	dir := testmod.Write(t, map[string]string{"p/p.go": src})
	pkgs, err := load.Load(load.Config{Dir: dir, NoTests: true}, "./p")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Build(pkgs[0])
	if err != nil {
		t.Fatal(err)
	}
	fn := prog.Func(pkgs[0].Types.Scope().Lookup("Diamond").(*types.Func))
	g := NewCFG(fn)
	blk := map[string]*ssa.BasicBlock{}
	for _, b := range fn.Blocks {
		if blk[b.Comment] == nil {
			blk[b.Comment] = b
		}
	}
	// Blocks: entry, if.then, if.else, the join (the first if.done, with
	// the phi of y), the return (the other if.done) and the endless loop.
	entry, then, els, join, spin := blk["entry"], blk["if.then"], blk["if.else"], blk["if.done"], blk["for.body"]
	var ret *ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Succs) == 0 {
			ret = b
		}
	}
	if entry == nil || then == nil || els == nil || join == nil || spin == nil || ret == nil {
		t.Fatalf("blocks %v", blk)
	}
	for _, tt := range []struct {
		name string
		got  bool
		want bool
	}{
		{"entry dom ret", g.Dominates(entry, ret), true},
		{"then dom join", g.Dominates(then, join), false},
		{"join pdom entry", g.PostDominates(join, entry), true},
		{"join pdom then", g.PostDominates(join, then), true},
		{"ret pdom entry", g.PostDominates(ret, entry), true},
		{"then pdom entry", g.PostDominates(then, entry), false},
		{"ret pdom spin", g.PostDominates(ret, spin), false}, // the loop never reaches the exit
		{"spin pdom join", g.PostDominates(spin, join), false},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	if g.Ipdom[entry] != join || g.Ipdom[then] != join || g.Ipdom[join] != ret || g.Ipdom[ret] != nil || g.Ipdom[spin] != nil {
		t.Errorf("ipdom: entry → %v, then → %v, join → %v, ret → %v, spin → %v", g.Ipdom[entry], g.Ipdom[then], g.Ipdom[join], g.Ipdom[ret], g.Ipdom[spin])
	}
	if n := len(g.Uses[fn.Params[0]]); n < 2 {
		t.Errorf("x has %d uses, want the comparison and the addition", n)
	}

	res, err := Explore(fn, []*value.Type{{Kind: value.Int, Bits: 64, Name: "int"}}, []string{"x"}, nil, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Reach(then).String(); got != "x > 0" {
		t.Errorf("path expression of if.then: %s", got)
	}
	if got := res.Reach(join).String(); got != "x > 0 || x <= 0" {
		t.Errorf("path expression of the join: %s", got)
	}
	if got := res.Reach(spin); len(got) != 0 {
		t.Errorf("the endless loop is reached under %s, want never (y is 1 or 2)", got)
	}
}
