package dalg

import (
	"fmt"

	"golang.org/x/tools/go/ssa"
)

// Mapping is φ of §IV.A.3: the correspondence between the original
// function's blocks and instructions and the mutant's, so that a value
// of the original and the value at the same place in the mutant form
// the pair "original / mutant" (1/−1 at def(x, 3) in the paper). It is
// defined when the mutation keeps the control-flow graph's shape (an
// operator or operand replaced, an operator inserted): blocks correspond
// by index, with the same successors, and the instructions of two
// corresponding blocks by the longest common subsequence of their kinds
// (so that an inserted negation shifts nothing).
type Mapping struct {
	Orig, Mut *ssa.Function
	blocks    map[*ssa.BasicBlock]*ssa.BasicBlock
	instrs    map[ssa.Instruction]ssa.Instruction
	// Changed are the original's instructions whose counterpart differs
	// (another operator, other operands) or that have none: where the
	// mutation is. Inserted are the mutant's instructions with no
	// counterpart.
	Changed, Inserted []ssa.Instruction
}

// Correspond maps orig to mut, or reports false when their shapes
// differ (a mutation that adds or removes a branch: && for ||, a
// deleted statement), for which no block-by-block φ exists.
func Correspond(orig, mut *ssa.Function) (*Mapping, bool) {
	if len(orig.Blocks) != len(mut.Blocks) {
		return nil, false
	}
	m := &Mapping{Orig: orig, Mut: mut, blocks: map[*ssa.BasicBlock]*ssa.BasicBlock{}, instrs: map[ssa.Instruction]ssa.Instruction{}}
	for i, b := range orig.Blocks {
		mb := mut.Blocks[i]
		if len(b.Succs) != len(mb.Succs) {
			return nil, false
		}
		for k, s := range b.Succs {
			if s.Index != mb.Succs[k].Index {
				return nil, false
			}
		}
		m.blocks[b] = mb
	}
	for _, b := range orig.Blocks {
		mb := m.blocks[b]
		pairs := align(b.Instrs, mb.Instrs)
		matched := map[ssa.Instruction]bool{}
		for _, pr := range pairs {
			ins, mi := b.Instrs[pr[0]], mb.Instrs[pr[1]]
			m.instrs[ins] = mi
			matched[mi] = true
			if !same(ins, mi) {
				m.Changed = append(m.Changed, ins)
			}
		}
		for _, ins := range b.Instrs {
			if _, ok := m.instrs[ins]; !ok {
				m.Changed = append(m.Changed, ins)
			}
		}
		for _, mi := range mb.Instrs {
			if !matched[mi] {
				m.Inserted = append(m.Inserted, mi)
			}
		}
	}
	return m, true
}

// align pairs the instructions of two blocks by the longest common
// subsequence of their kinds (the instruction's type and operator).
func align(a, b []ssa.Instruction) [][2]int {
	n, k := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, k+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			switch {
			case kind(a[i]) == kind(b[j]):
				l[i][j] = l[i+1][j+1] + 1
			case l[i+1][j] >= l[i][j+1]:
				l[i][j] = l[i+1][j]
			default:
				l[i][j] = l[i][j+1]
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < n && j < k; {
		switch {
		case kind(a[i]) == kind(b[j]):
			out = append(out, [2]int{i, j})
			i, j = i+1, j+1
		case l[i+1][j] >= l[i][j+1]:
			i++
		default:
			j++
		}
	}
	return out
}

// kind is an instruction's type, with its operator for the arithmetic
// ones left out: an operator replaced keeps the kind (and shows in same).
func kind(ins ssa.Instruction) string {
	switch ins.(type) {
	case *ssa.BinOp:
		return "binop"
	case *ssa.UnOp:
		return "unop"
	}
	return fmt.Sprintf("%T", ins)
}

// Block is φ of a block.
func (m *Mapping) Block(b *ssa.BasicBlock) *ssa.BasicBlock { return m.blocks[b] }

// Instr is φ of an instruction.
func (m *Mapping) Instr(ins ssa.Instruction) ssa.Instruction { return m.instrs[ins] }

// Value is φ of a value: a parameter by its index, an instruction by
// φ, a constant as itself when the mutant has the same one.
func (m *Mapping) Value(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.Parameter:
		for i, p := range m.Orig.Params {
			if p == v {
				return m.Mut.Params[i]
			}
		}
	case ssa.Instruction:
		if mi, ok := m.instrs[v].(ssa.Value); ok {
			return mi
		}
	case *ssa.Const:
		return v
	}
	return nil
}

// same reports whether two instructions at the same place do the same
// thing: the same kind, operator and operands (through the places of
// the instructions that define them, constants by value).
func same(a, b ssa.Instruction) bool {
	if a.String() == b.String() {
		return true
	}
	switch a := a.(type) {
	case *ssa.BinOp:
		bb, ok := b.(*ssa.BinOp)
		return ok && a.Op == bb.Op && sameOperand(a.X, bb.X) && sameOperand(a.Y, bb.Y)
	case *ssa.UnOp:
		bb, ok := b.(*ssa.UnOp)
		return ok && a.Op == bb.Op && sameOperand(a.X, bb.X)
	}
	return false
}

func sameOperand(x, y ssa.Value) bool {
	switch x := x.(type) {
	case *ssa.Const:
		yc, ok := y.(*ssa.Const)
		return ok && x.String() == yc.String()
	case *ssa.Parameter:
		yp, ok := y.(*ssa.Parameter)
		return ok && x.Name() == yp.Name()
	case ssa.Instruction:
		yi, ok := y.(ssa.Instruction)
		return ok && place(x) == place(yi)
	}
	return false
}

// place is an instruction's block index and position in it.
func place(ins ssa.Instruction) [2]int {
	b := ins.Block()
	for k, x := range b.Instrs {
		if x == ins {
			return [2]int{b.Index, k}
		}
	}
	return [2]int{b.Index, -1}
}
