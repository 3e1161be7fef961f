package dalg

import (
	"os"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
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

// TestMutantsOfFig1 maps Fig. 1 to each of the mutants gozilla makes
// (symbolic.MutantFunc builds the mutant's SSA form): all but the
// deletions of a branching statement keep the graph's shape and map,
// and the AOR mutant of x = x + 1 changes exactly one instruction.
func TestMutantsOfFig1(t *testing.T) {
	pkg, set := loadSubject(t, "fig1")
	units := unit.Find(pkg, nil)
	prog, err := analysis.New(pkg, set, units).SSA()
	if err != nil {
		t.Fatal(err)
	}
	u := units[0]
	orig := prog.Func(u.Func)
	mapped, one := 0, false
	for _, m := range set.Mutants {
		mut, err := symbolic.MutantFunc(pkg, u.Decl, m)
		if err != nil {
			continue // a mutant that does not type-check here
		}
		mp, ok := Correspond(orig, mut)
		if !ok {
			// Only deleting a statement that holds a branch removes
			// blocks; every other operator keeps the shape.
			if m.Op.String() != "SDL" {
				t.Errorf("%s %q → %q: no mapping (%d blocks, the mutant's %d)", m.Op, m.Orig, m.Repl, len(orig.Blocks), len(mut.Blocks))
			}
			continue
		}
		mapped++
		if len(mp.Changed) == 0 && m.Orig != m.Repl {
			// The same SSA (a mutation the builder folds away) is an
			// equivalent mutant's mark, not a mapping error; only count.
			continue
		}
		if m.Orig == "x + 1" && m.Repl == "x - 1" && len(mp.Changed) == 1 {
			one = true
		}
	}
	if mapped < len(set.Mutants)/2 {
		t.Errorf("%d of %d mutants mapped, want most (operator and operand replacements keep the shape)", mapped, len(set.Mutants))
	}
	if !one {
		t.Error("the mutant x + 1 → x - 1 did not map with one instruction changed")
	}
}
