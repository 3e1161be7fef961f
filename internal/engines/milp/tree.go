package milp

// This file builds execution trees (seed 004 § 2.1–2.4): the paths from
// the entry to a target, each block entered at most k+1 times, explored
// symbolically by the shared explorer core; their conditions share
// prefixes, which makes the tree.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve/milp"
)

// leaf is one path to the target: its condition, and what must hold at
// the arrival besides (nil: nothing).
type leaf struct {
	cond c.Clause
	need c.Expr
}

// treePolicy explores toward a target: an edge (From → To) or the
// arrivals at a site (recorded by OnEvent). Blocks of the function that
// cannot lead to the target are not entered.
type treePolicy struct {
	core.Narrowing
	fn        *ssa.Function
	reach     map[*ssa.BasicBlock]int // the blocks that lead to the target (goal.Backward)
	edge      *Edge
	leaves    []leaf
	maxLeaves int
}

// Admit implements core.Policy: a path that takes the target edge is a
// leaf and ends there.
func (p *treePolicy) Admit(x *core.Explorer, f *core.Frame, b, from *ssa.BasicBlock) bool {
	if len(f.Stack) > 0 || b.Parent() != p.fn {
		return true // inside an inlined callee
	}
	if p.edge != nil && from == p.edge.From && b == p.edge.To() {
		p.add(x, leaf{cond: append(c.Clause(nil), f.Cond...)})
		return false
	}
	_, leads := p.reach[b]
	return leads
}

func (p *treePolicy) add(x *core.Explorer, l leaf) {
	p.leaves = append(p.leaves, l)
	if len(p.leaves) >= p.maxLeaves {
		x.Stop("more than enough paths")
	}
}

// tnode is a node of the execution tree: the condition of the edge
// into it (nil at the root), its children, and the leaves (paths) that
// end at it.
type tnode struct {
	atom     c.Expr
	children []*tnode
	ends     []int
}

// tree builds the execution tree of the leaves, sharing their common
// prefixes of conditions.
func tree(leaves []leaf) (*tnode, int) {
	root := &tnode{}
	size := 1
	for i, l := range leaves {
		atoms := l.cond
		if l.need != nil {
			atoms = append(append(c.Clause(nil), atoms...), l.need)
		}
		cur := root
		for _, a := range atoms {
			var next *tnode
			for _, ch := range cur.children {
				if ch.atom == a {
					next = ch
					break
				}
			}
			if next == nil {
				next = &tnode{atom: a}
				cur.children = append(cur.children, next)
				size++
			}
			cur = next
		}
		cur.ends = append(cur.ends, i)
	}
	return root, size
}

// encoding is the problem of one tree in one box, with what it takes to
// read a solution back.
type encoding struct {
	e         *encoder
	choice    map[*tnode][]int // per branching node, the binary of each option (children, then ending here)
	nonlinear int              // tree edges whose condition had no linear form (their subtrees dropped)
	firstWhy  string
	fixed     map[*c.Sym]c.Expr // symbols fixed to constants before encoding
}

// encode builds the big-M problem of the tree rooted at root: one 0-1
// variable per option at a node with several (a child, or a path ending
// there), the options of a node summing to the node's own activation,
// every condition relaxed unless its node is active. A condition with
// no linear form drops its subtree (a linear alternative path may
// remain); with relax, it is left out instead (the solution is checked
// exactly afterwards anyway).
func encode(root *tnode, box, fbox float64, relax bool) *encoding {
	return encodeFixed(root, box, fbox, relax, nil)
}

// encodeFixed is encode with some input symbols fixed to constants (a
// factor of a product fixed makes it linear).
func encodeFixed(root *tnode, box, fbox float64, relax bool, fixed map[*c.Sym]c.Expr) *encoding {
	en := &encoding{e: newEncoder(box, fbox), choice: map[*tnode][]int{}, fixed: fixed}
	if fixed == nil {
		fixed = map[*c.Sym]c.Expr{}
	}
	en.node(root, nil, fixed, relax)
	return en
}

// factorFixes returns, for the non-linear products, quotients and
// shifts in a path's conditions, their left (side 0) or right (side 1)
// operand's symbols fixed to their values in asg (1 where asg has none,
// so that a divisor is not zero): the paper's linearisation where a
// factor is fixed, the values from a solution of the problem without
// the non-linear conditions.
func factorFixes(l leaf, asg c.Assignment, side int) map[*c.Sym]c.Expr {
	out := map[*c.Sym]c.Expr{}
	atoms := append(c.Clause(nil), l.cond...)
	if l.need != nil {
		atoms = append(atoms, l.need)
	}
	for _, a := range atoms {
		c.Visit(a, func(x c.Expr) bool {
			b, ok := x.(*c.Binary)
			if !ok {
				return true
			}
			switch b.Op {
			case token.MUL, token.QUO, token.REM, token.SHL, token.SHR:
			default:
				return true
			}
			if len(c.Vars(b.X)) == 0 || len(c.Vars(b.Y)) == 0 && b.Op == token.MUL {
				return true
			}
			var from c.Expr = b.X
			if side == 1 || b.Op != token.MUL {
				from = b.Y // a divisor or a shift count
			}
			for _, s := range c.Vars(from) {
				if _, done := out[s]; done {
					continue
				}
				v, ok := asg[s]
				if !ok {
					v = c.Wrap(s.Type, 1)
					if s.Type.Kind == c.KFloat {
						v = c.FloatValue(s.Type, 1)
					}
				}
				out[s] = &c.Const{T: s.Type, V: v}
			}
			return true
		})
	}
	return out
}

func (en *encoding) node(n *tnode, act []lit, fixed map[*c.Sym]c.Expr, relax bool) {
	e := en.e
	if n.atom != nil {
		atom := n.atom
		if len(fixed) > 0 {
			atom = c.Subst(atom, fixed)
		}
		e.guards = act
		mark := len(e.rows)
		ok, err := e.cond(atom)
		e.guards = nil
		if err != nil || !ok {
			e.rows = e.rows[:mark]
			if err != nil {
				en.nonlinear++
				if en.firstWhy == "" {
					en.firstWhy = err.Error()
				}
				if relax {
					ok = true
				}
			}
			if !ok {
				// The subtree is out: its activation is 0.
				if len(act) == 0 {
					e.rows = append(e.rows, row{terms: nil, rel: milp.LE, rhs: -1}) // 0 ≤ −1
				} else {
					e.rows = append(e.rows, row{terms: map[int]float64{act[len(act)-1].Var: 1}, rel: milp.LE, rhs: 0})
				}
				return
			}
		}
		if s, k := fixes(atom); s != nil {
			m := make(map[*c.Sym]c.Expr, len(fixed)+1)
			for k, v := range fixed {
				m[k] = v
			}
			m[s] = k
			fixed = m
		}
	}
	options := len(n.children)
	if len(n.ends) > 0 {
		options++
	}
	if options == 1 && len(n.ends) == 0 {
		en.node(n.children[0], act, fixed, relax)
		return
	}
	if options == 1 {
		return
	}
	// Σ options = the node's activation (1 at an always-active node).
	sum := map[int]float64{}
	vars := make([]int, options)
	for i := range vars {
		vars[i] = e.binary("z")
		sum[vars[i]] = 1
	}
	if len(act) == 0 {
		e.rows = append(e.rows, row{terms: sum, rel: milp.EQ, rhs: 1})
	} else {
		sum[act[len(act)-1].Var] = -1
		e.rows = append(e.rows, row{terms: sum, rel: milp.EQ, rhs: 0})
	}
	en.choice[n] = vars
	for i, ch := range n.children {
		en.node(ch, []lit{{vars[i], true}}, fixed, relax)
	}
}

// fixes reports a condition s == k that fixes an input symbol on the
// paths below it (the paper's linearisation of a product whose factor
// is fixed along the path).
func fixes(x c.Expr) (*c.Sym, c.Expr) {
	b, ok := x.(*c.Binary)
	if !ok || b.Op != token.EQL {
		return nil, nil
	}
	if v, ok := b.X.(*c.Var); ok {
		if k, ok := b.Y.(*c.Const); ok {
			return v.Sym, k
		}
	}
	if v, ok := b.Y.(*c.Var); ok {
		if k, ok := b.X.(*c.Const); ok {
			return v.Sym, k
		}
	}
	return nil, nil
}

// chosen follows a solution's binaries from the root to the path it
// selects: the leaf's index, or -1.
func (en *encoding) chosen(root *tnode, x []float64) int {
	n := root
	for {
		vars, ok := en.choice[n]
		if !ok {
			switch {
			case len(n.children) == 1 && len(n.ends) == 0:
				n = n.children[0]
				continue
			case len(n.ends) > 0:
				return n.ends[0]
			}
			return -1
		}
		next := -1
		for i, v := range vars {
			if x[v] > 0.5 {
				next = i
				break
			}
		}
		switch {
		case next < 0:
			return -1
		case next < len(n.children):
			n = n.children[next]
		default:
			return n.ends[0]
		}
	}
}

// assignment reads the input symbols' values from a solution.
func (en *encoding) assignment(x []float64) c.Assignment {
	asg := c.Assignment{}
	for s, k := range en.fixed {
		asg[s] = k.(*c.Const).V
	}
	for s, v := range en.e.syms {
		val := x[v]
		switch s.Type.Kind {
		case c.KBool:
			asg[s] = c.BoolValue(val > 0.5)
		case c.KFloat:
			asg[s] = c.FloatValue(s.Type, val)
		default:
			if s.Type.Signed {
				asg[s] = c.Wrap(s.Type, uint64(int64(val)))
			} else {
				asg[s] = c.Wrap(s.Type, uint64(val))
			}
		}
	}
	return asg
}

// holds checks a path's condition exactly (Go's semantics) under asg,
// the symbols it leaves out zero.
func holds(l leaf, asg c.Assignment) bool {
	full := c.Assignment{}
	for k, v := range asg {
		full[k] = v
	}
	cl := l.cond
	if l.need != nil {
		cl = append(append(c.Clause(nil), cl...), l.need)
	}
	for _, s := range cl.Vars() {
		if _, ok := full[s]; !ok {
			full[s] = 0
		}
	}
	ok, err := cl.Eval(full)
	return err == nil && ok
}
