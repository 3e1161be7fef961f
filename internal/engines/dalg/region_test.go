package dalg

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/gozilla/gozilla/internal/symbolic"
)

func build(t *testing.T, src, name string) *ssa.Function {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset, types.NewPackage(f.Name.Name, f.Name.Name), []*ast.File{f}, ssa.BuilderMode(0))
	if err != nil {
		t.Fatal(err)
	}
	return pkg.Func(name)
}

// names describes values: parameters by name, φ-nodes as "φ(block)",
// other instructions as "op(block)".
func names(vs []ssa.Value) string {
	var out []string
	for _, v := range vs {
		switch v := v.(type) {
		case *ssa.Parameter:
			out = append(out, v.Name())
		case *ssa.Phi:
			out = append(out, "φ("+v.Block().Comment+")")
		case *ssa.BinOp:
			out = append(out, v.Op.String()+"("+v.Block().Comment+")")
		default:
			out = append(out, v.String())
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// TestFig1 checks the mROA, RID and ROD of the three branches of the
// paper's example: mROA_2 = [2, 5) with RID a, b (and x, a constant
// here) and ROD x_out, the φ where the ways meet.
func TestFig1(t *testing.T) {
	src, err := os.ReadFile("../../../testdata/subjects/fig1/fig1.go")
	if err != nil {
		t.Fatal(err)
	}
	fn := build(t, string(src), "EqualityScore")
	cfg := symbolic.NewCFG(fn)
	var branches []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			branches = append(branches, b)
		}
	}
	if len(branches) != 3 {
		t.Fatalf("%d branches, want 3", len(branches))
	}
	want := []struct {
		blocks   int
		rid, rod string
	}{
		{2, "a b", "φ(if.done)"},
		{2, "b c φ(if.done)", "φ(if.done)"},
		{3, "a c φ(if.done)", "φ(if.done)"},
	}
	for i, b := range branches {
		r := BranchRegion(cfg, b)
		if len(r.Blocks) != want[i].blocks || r.Blocks[0] != b || r.Exit == nil {
			t.Errorf("branch %d: %d blocks from %s to %v, want %d from the branch to its post-dominator", i, len(r.Blocks), r.Blocks[0], r.Exit, want[i].blocks)
		}
		if got := names(r.RID); got != want[i].rid {
			t.Errorf("branch %d: RID %s, want %s", i, got, want[i].rid)
		}
		if got := names(r.ROD); got != want[i].rod {
			t.Errorf("branch %d: ROD %s, want %s", i, got, want[i].rod)
		}
		if len(r.ROD) == 1 && r.ROD[0].(*ssa.Phi).Block() != r.Exit {
			t.Errorf("branch %d: its output is not at its exit", i)
		}
	}
	// x = x + 2 alone: RID the φ it reads, ROD itself (read by the exit's φ).
	for _, b := range fn.Blocks {
		if b.Comment != "if.else" {
			continue
		}
		for _, ins := range b.Instrs {
			if op, ok := ins.(*ssa.BinOp); ok && op.Op == token.ADD {
				r := InstrRegion(op)
				if names(r.RID) != "φ(if.done)" || names(r.ROD) != "+(if.else)" {
					t.Errorf("x = x + 2: RID %s, ROD %s; want φ(if.done), +(if.else)", names(r.RID), names(r.ROD))
				}
			}
		}
	}
}

// TestLoopRegion: the region of a loop's condition is the whole loop up
// to its exit; the header's φ-nodes, which read the back edge, are the
// region's own, and the one read after the loop is its output.
func TestLoopRegion(t *testing.T) {
	fn := build(t, `package p

func Sum(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	return s
}
`, "Sum")
	cfg := symbolic.NewCFG(fn)
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); !ok {
			continue
		}
		r := BranchRegion(cfg, b)
		if r.Exit == nil || r.Exit.Comment != "for.done" {
			t.Errorf("exit %v, want for.done", r.Exit)
		}
		if names(r.RID) != "n" || names(r.ROD) != "φ(for.loop)" {
			t.Errorf("RID %s, ROD %s; want n, φ(for.loop)", names(r.RID), names(r.ROD))
		}
		for _, blk := range r.Blocks {
			if blk.Comment == "for.done" || blk.Comment == "entry" {
				t.Errorf("block %s is in the loop's region", blk.Comment)
			}
		}
		// Unwound Unwind times: Sum(n) for n up to Unwind-1, one path
		// each; more turns are cut.
		beh, err := r.Analyse(fn)
		if err != nil {
			t.Fatal(err)
		}
		if beh.Incomplete == "" {
			t.Errorf("a loop unwound %d times is complete", Unwind)
		}
		var n *c.Sym
		for _, s := range beh.In {
			n = s
		}
		for v := int64(-1); v < Unwind; v++ {
			asg := c.Assignment{n: c.Wrap(c.Int, uint64(v))}
			want := int64(0)
			for i := int64(0); i < v; i++ {
				want += i
			}
			taken := 0
			for _, p := range beh.Paths {
				if ok, err := p.Cond.Eval(asg); err != nil || !ok {
					continue
				}
				taken++
				if got, err := c.Eval(p.Out[r.ROD[0]], asg); err != nil || got.Int() != want {
					t.Errorf("Sum(%d): s_out %d (%v), want %d", v, got.Int(), err, want)
				}
			}
			if taken != 1 {
				t.Errorf("Sum(%d): %d paths hold, want 1", v, taken)
			}
		}
	}
}

// TestBehaviour checks the symbolic expression of Fig. 1's mROA_5 (the
// second branch): "b = c && x_out = x + 1 || b != c && x_out = x", by
// evaluating its paths on inputs.
func TestBehaviour(t *testing.T) {
	src, err := os.ReadFile("../../../testdata/subjects/fig1/fig1.go")
	if err != nil {
		t.Fatal(err)
	}
	fn := build(t, string(src), "EqualityScore")
	cfg := symbolic.NewCFG(fn)
	var second *ssa.BasicBlock
	n := 0
	for _, b := range fn.Blocks {
		if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
			if n++; n == 2 {
				second = b
			}
		}
	}
	r := BranchRegion(cfg, second)
	beh, err := r.Analyse(fn)
	if err != nil {
		t.Fatal(err)
	}
	if len(beh.Paths) != 2 || beh.Incomplete != "" {
		t.Fatalf("%d paths (incomplete: %q), want 2", len(beh.Paths), beh.Incomplete)
	}
	var b, cc, x *c.Sym
	for v, s := range beh.In {
		switch {
		case v.Name() == "b":
			b = s
		case v.Name() == "c":
			cc = s
		default:
			x = s
		}
	}
	out := r.ROD[0]
	for _, tc := range []struct{ b, c, x, want int64 }{{3, 3, 1, 2}, {3, 4, 1, 1}, {0, 0, 5, 6}} {
		asg := c.Assignment{b: c.Wrap(c.Int, uint64(tc.b)), cc: c.Wrap(c.Int, uint64(tc.c)), x: c.Wrap(c.Int, uint64(tc.x))}
		taken := 0
		for _, p := range beh.Paths {
			ok, err := p.Cond.Eval(asg)
			if err != nil || !ok {
				continue
			}
			taken++
			v, err := c.Eval(p.Out[out], asg)
			if err != nil || v.Int() != tc.want {
				t.Errorf("b=%d c=%d x=%d: x_out %v (%v), want %d", tc.b, tc.c, tc.x, v.Int(), err, tc.want)
			}
		}
		if taken != 1 {
			t.Errorf("b=%d c=%d x=%d: %d paths hold, want 1", tc.b, tc.c, tc.x, taken)
		}
	}
}
