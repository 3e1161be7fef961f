package dalg

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestCorrespond: the paper's mutant of Fig. 1 (Fig. 3: x = x + 1 at
// line 3 made x = x - 1) keeps the graph's shape; φ maps every block
// and instruction, and the one instruction that differs is the
// mutated one. A mutant that turns && into || changes the shape.
func TestCorrespond(t *testing.T) {
	data, err := os.ReadFile("../../../testdata/subjects/fig1/fig1.go")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	orig := build(t, src, "EqualityScore")
	i := strings.Index(src, "x = x + 1")
	mut := build(t, src[:i]+"x = x - 1"+src[i+len("x = x + 1"):], "EqualityScore")
	m, ok := Correspond(orig, mut)
	if !ok {
		t.Fatal("no mapping for an operator replaced")
	}
	if len(m.Changed) != 1 {
		t.Fatalf("%d instructions changed, want 1: %v", len(m.Changed), m.Changed)
	}
	op, isOp := m.Changed[0].(*ssa.BinOp)
	if !isOp || op.Block().Comment != "if.then" || m.Instr(op).(*ssa.BinOp).Op.String() != "-" {
		t.Errorf("changed %v → %v, want the + of the first if.then made -", m.Changed[0], m.Instr(m.Changed[0]))
	}
	for _, b := range orig.Blocks {
		if m.Block(b) == nil || m.Block(b).Index != b.Index {
			t.Errorf("block %d has no counterpart", b.Index)
		}
		for _, ins := range b.Instrs {
			if v, ok := ins.(ssa.Value); ok && m.Value(v) == nil {
				t.Errorf("value %s has no counterpart", v.Name())
			}
		}
	}
	for k, p := range orig.Params {
		if m.Value(p) != mut.Params[k] {
			t.Errorf("parameter %s maps to %v", p.Name(), m.Value(p))
		}
	}

	const and = `package p

func G(a, b int) int {
	if a > 0 && b > 0 {
		return 1
	}
	return 0
}
`
	o := build(t, and, "G")
	mu := build(t, strings.Replace(and, "&&", "||", 1), "G")
	if _, ok := Correspond(o, mu); ok {
		t.Error("&& made || keeps the shape, want none")
	}
}
