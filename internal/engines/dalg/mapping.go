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
	// Align every block first, then compare: an operand is the same
	// when it is φ of the original's (an instruction inserted before it
	// shifts its place, not its counterpart).
	type pair struct{ o, m ssa.Instruction }
	var pairs []pair
	for _, b := range orig.Blocks {
		mb := m.blocks[b]
		matched := map[ssa.Instruction]bool{}
		for _, pr := range align(b.Instrs, mb.Instrs) {
			ins, mi := b.Instrs[pr[0]], mb.Instrs[pr[1]]
			m.instrs[ins] = mi
			matched[mi] = true
			pairs = append(pairs, pair{ins, mi})
		}
		for _, ins := range b.Instrs {
			if _, ok := m.instrs[ins]; !ok && !isDebug(ins) {
				m.Changed = append(m.Changed, ins)
			}
		}
		for _, mi := range mb.Instrs {
			if !matched[mi] && !isDebug(mi) {
				m.Inserted = append(m.Inserted, mi)
			}
		}
	}
	for _, pr := range pairs {
		if !isDebug(pr.o) && !m.same(pr.o, pr.m) {
			m.Changed = append(m.Changed, pr.o)
		}
	}
	return m, true
}

// isDebug reports a DebugRef: it computes nothing (a source
// variable's name for a value), so it is never a change.
func isDebug(ins ssa.Instruction) bool {
	_, ok := ins.(*ssa.DebugRef)
	return ok
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

// same reports whether two corresponding instructions do the same
// thing: the same kind, operator and type, and operands that correspond
// (instructions by φ, constants by value, parameters by position).
func (m *Mapping) same(a, b ssa.Instruction) bool {
	if kind(a) != kind(b) {
		return false
	}
	switch a := a.(type) {
	case *ssa.BinOp:
		if a.Op != b.(*ssa.BinOp).Op {
			return false
		}
	case *ssa.UnOp:
		bu := b.(*ssa.UnOp)
		if a.Op != bu.Op || a.CommaOk != bu.CommaOk {
			return false
		}
	case *ssa.Field:
		if a.Field != b.(*ssa.Field).Field {
			return false
		}
	case *ssa.FieldAddr:
		if a.Field != b.(*ssa.FieldAddr).Field {
			return false
		}
	}
	if va, ok := a.(ssa.Value); ok {
		if va.Type().String() != b.(ssa.Value).Type().String() {
			return false
		}
	}
	oa, ob := a.Operands(nil), b.Operands(nil)
	if len(oa) != len(ob) {
		return false
	}
	for i := range oa {
		x, y := *oa[i], *ob[i]
		if (x == nil) != (y == nil) {
			return false
		}
		if x != nil && !m.sameOperand(x, y) {
			return false
		}
	}
	return true
}

func (m *Mapping) sameOperand(x, y ssa.Value) bool {
	switch x := x.(type) {
	case *ssa.Const:
		yc, ok := y.(*ssa.Const)
		return ok && x.String() == yc.String()
	case *ssa.Parameter:
		return m.Value(x) == y
	case ssa.Instruction:
		mi, ok := m.instrs[x].(ssa.Value)
		return ok && mi == y
	}
	return x.String() == y.String() // functions, globals, builtins: by name
}
