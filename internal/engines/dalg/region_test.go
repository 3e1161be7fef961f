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
	}
}
