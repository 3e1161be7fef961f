package milp

import (
	"math/bits"

	"golang.org/x/tools/go/ssa"
)

// Edge is a control-flow edge of an SSA function: From's Index-th
// successor.
type Edge struct {
	From  *ssa.BasicBlock
	Index int
}

// To is the edge's target.
func (e Edge) To() *ssa.BasicBlock { return e.From.Succs[e.Index] }

// Arcs is a function's edges with their implication relation: edge x
// implies edge e when every execution that takes x takes e, because e
// dominates x (every path from the entry to x goes through e) or
// post-dominates it (every path from x to an exit goes through e).
//
// Unconstrained are the unconstrained edges of Bertolino & Marré that
// seed 004 targets: one edge of each class of mutually implying edges
// that no edge outside the class implies. Covering them covers every
// edge (each edge is implied by one of them), and no smaller set does
// (no other edge implies one of them).
type Arcs struct {
	Edges         []Edge
	Unconstrained []int // indexes into Edges
	index         map[Edge]int
	implies       []bitset // implies[x] holds e when x implies e
}

// Analyse computes fn's arcs. The recover block, reached only by a
// panic, and its edges are left out.
func Analyse(fn *ssa.Function) *Arcs {
	a := &Arcs{index: map[Edge]int{}}
	skip := func(b *ssa.BasicBlock) bool { return b == fn.Recover }
	for _, b := range fn.Blocks {
		if skip(b) {
			continue
		}
		for i, s := range b.Succs {
			if skip(s) {
				continue
			}
			e := Edge{b, i}
			a.index[e] = len(a.Edges)
			a.Edges = append(a.Edges, e)
		}
	}
	nb, ne := len(fn.Blocks), len(a.Edges)
	if ne == 0 {
		return a
	}
	// The graph of blocks and edges: block b → edge node → block s, and
	// every block without successors → exit.
	n := nb + ne + 1
	exit := n - 1
	succ := make([][]int, n)
	pred := make([][]int, n)
	link := func(x, y int) {
		succ[x] = append(succ[x], y)
		pred[y] = append(pred[y], x)
	}
	for i, e := range a.Edges {
		link(e.From.Index, nb+i)
		link(nb+i, e.To().Index)
	}
	for _, b := range fn.Blocks {
		if !skip(b) && len(b.Succs) == 0 {
			link(b.Index, exit)
		}
	}
	dom := dominators(n, 0, succ, pred)
	pdom := dominators(n, exit, pred, succ)
	a.implies = make([]bitset, ne)
	for x := 0; x < ne; x++ {
		imp := newBitset(ne)
		for e := 0; e < ne; e++ {
			if dom[nb+x].has(nb+e) || pdom[nb+x].has(nb+e) {
				imp.set(e)
			}
		}
		a.implies[x] = imp
	}
	// Transitive closure (Warshall): x implies y implies e.
	for y := 0; y < ne; y++ {
		for x := 0; x < ne; x++ {
			if x != y && a.implies[x].has(y) {
				a.implies[x].or(a.implies[y])
			}
		}
	}
	for e := 0; e < ne; e++ {
		rep, top := true, true
		for x := 0; x < ne && top; x++ {
			if x == e || !a.implies[x].has(e) {
				continue
			}
			if !a.implies[e].has(x) {
				top = false // x is strictly stronger
			} else if x < e {
				rep = false // an equivalent edge represents the class
			}
		}
		if top && rep {
			a.Unconstrained = append(a.Unconstrained, e)
		}
	}
	return a
}

// Index returns e's index in Edges, or -1.
func (a *Arcs) Index(e Edge) int {
	if i, ok := a.index[e]; ok {
		return i
	}
	return -1
}

// Implies reports whether taking edge x implies taking edge e.
func (a *Arcs) Implies(x, e int) bool { return a.implies[x].has(e) }

// Covering returns the unconstrained edges that imply edge e.
func (a *Arcs) Covering(e int) []int {
	var out []int
	for _, u := range a.Unconstrained {
		if a.Implies(u, e) {
			out = append(out, u)
		}
	}
	return out
}

// dominators computes, for each node of a graph with the given root,
// successors and predecessors, the set of its dominators (iteratively,
// in reverse post-order). A node the root does not reach is dominated
// by itself only.
func dominators(n, root int, succ, pred [][]int) []bitset {
	var order []int
	seen := make([]bool, n)
	var dfs func(v int)
	dfs = func(v int) {
		seen[v] = true
		for _, w := range succ[v] {
			if !seen[w] {
				dfs(w)
			}
		}
		order = append(order, v)
	}
	dfs(root)
	dom := make([]bitset, n)
	for v := 0; v < n; v++ {
		dom[v] = newBitset(n)
		if v == root || !seen[v] {
			dom[v].set(v)
		} else {
			dom[v].fill(n)
		}
	}
	tmp := newBitset(n)
	for changed := true; changed; {
		changed = false
		for i := len(order) - 1; i >= 0; i-- {
			v := order[i]
			if v == root {
				continue
			}
			tmp.fill(n)
			for _, p := range pred[v] {
				if seen[p] {
					tmp.and(dom[p])
				}
			}
			tmp.set(v)
			if !tmp.equal(dom[v]) {
				copy(dom[v], tmp)
				changed = true
			}
		}
	}
	return dom
}

type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) has(i int) bool { return b[i/64]&(1<<(i%64)) != 0 }
func (b bitset) set(i int)      { b[i/64] |= 1 << (i % 64) }

func (b bitset) fill(n int) {
	for i := range b {
		b[i] = ^uint64(0)
	}
	if r := n % 64; r != 0 {
		b[len(b)-1] = 1<<r - 1
	}
}

func (b bitset) and(o bitset) {
	for i := range b {
		b[i] &= o[i]
	}
}

func (b bitset) or(o bitset) {
	for i := range b {
		b[i] |= o[i]
	}
}

func (b bitset) equal(o bitset) bool {
	for i := range b {
		if b[i] != o[i] {
			return false
		}
	}
	return true
}

func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}
