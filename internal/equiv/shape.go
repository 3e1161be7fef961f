package equiv

// This file measures expressions as the DAGs they are. Values built in
// loops share subterms (x &= x-1 doubles the tree on every turn), so
// every walk over them is memoised by node: a structural hash (the key
// of the refutation cache), the tree size (to keep tree-walking engines
// away from huge terms) and the symbols.

import (
	"hash/maphash"
	"sync"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// maxTree is the tree size beyond which the engines that walk trees
// (domain reduction, the rules, DNF) are not given an expression: SAT,
// which works on the DAG, still is.
const maxTree = 1 << 14

type shapes struct {
	seed  maphash.Seed
	hash  map[c.Expr][2]uint64
	size  map[c.Expr]int
	syms  map[c.Expr][]*c.Sym
	fold1 map[c.Expr]bool
}

func newShapes() *shapes {
	return &shapes{seed: maphash.MakeSeed(), hash: map[c.Expr][2]uint64{}, size: map[c.Expr]int{}, syms: map[c.Expr][]*c.Sym{}}
}

// key is a 128-bit structural hash of e: equal for equal structures,
// and, at this width, different for different ones.
func (s *shapes) key(e c.Expr) [2]uint64 {
	if h, ok := s.hash[e]; ok {
		return h
	}
	var h [2]uint64
	for i := range h {
		var m maphash.Hash
		m.SetSeed(s.seed)
		m.WriteByte(byte(i))
		switch x := e.(type) {
		case *c.Var:
			m.WriteString("v")
			m.WriteString(x.Sym.Name)
			writeU64(&m, uint64(uintptr(symID(x.Sym))))
		case *c.Const:
			m.WriteString("k")
			m.WriteString(x.T.String())
			writeU64(&m, uint64(x.V))
		case *c.Unary:
			m.WriteString("u" + x.Op.String())
			writeKey(&m, s.key(x.X), i)
		case *c.Binary:
			m.WriteString("b" + x.Op.String())
			writeKey(&m, s.key(x.X), i)
			writeKey(&m, s.key(x.Y), i)
		case *c.Convert:
			m.WriteString("c" + x.T.String())
			writeKey(&m, s.key(x.X), i)
		}
		h[i] = m.Sum64()
	}
	s.hash[e] = h
	return h
}

func writeU64(m *maphash.Hash, u uint64) {
	var b [8]byte
	for i := range b {
		b[i] = byte(u >> (8 * i))
	}
	m.Write(b[:])
}

func writeKey(m *maphash.Hash, k [2]uint64, i int) { writeU64(m, k[i]) }

// symIDs numbers symbols by identity (two symbols with one name differ).
// Units may be analysed concurrently (gozilla equiv -j): symIDsMu guards it.
var (
	symIDs   = map[*c.Sym]int{}
	symIDsMu sync.Mutex
)

func symID(s *c.Sym) int {
	symIDsMu.Lock()
	defer symIDsMu.Unlock()
	id, ok := symIDs[s]
	if !ok {
		id = len(symIDs) + 1
		symIDs[s] = id
	}
	return id
}

// clauseKey is the key of a clause.
func (s *shapes) clauseKey(cl c.Clause) [2]uint64 {
	var k [2]uint64
	for _, e := range cl {
		h := s.key(e)
		k[0] = k[0]*0x100000001b3 ^ h[0]
		k[1] = k[1]*0x100000001b3 ^ h[1]
	}
	return k
}

// tree is e's size as a tree, capped at maxTree+1.
func (s *shapes) tree(e c.Expr) int {
	if n, ok := s.size[e]; ok {
		return n
	}
	n := 1
	switch x := e.(type) {
	case *c.Unary:
		n += s.tree(x.X)
	case *c.Binary:
		n += s.tree(x.X) + s.tree(x.Y)
	case *c.Convert:
		n += s.tree(x.X)
	}
	n = min(n, maxTree+1)
	s.size[e] = n
	return n
}

// small reports whether every expression of cl is a tree the walking
// engines can take.
func (s *shapes) small(cl c.Clause) bool {
	total := 0
	for _, e := range cl {
		total += s.tree(e)
		if total > maxTree {
			return false
		}
	}
	return true
}

// vars returns the symbols of e (memoised; order unspecified).
func (s *shapes) vars(e c.Expr) []*c.Sym {
	if v, ok := s.syms[e]; ok {
		return v
	}
	var out []*c.Sym
	merge := func(vs []*c.Sym) {
	next:
		for _, v := range vs {
			for _, w := range out {
				if v == w {
					continue next
				}
			}
			out = append(out, v)
		}
	}
	switch x := e.(type) {
	case *c.Var:
		out = []*c.Sym{x.Sym}
	case *c.Unary:
		merge(s.vars(x.X))
	case *c.Binary:
		merge(s.vars(x.X))
		merge(s.vars(x.Y))
	case *c.Convert:
		merge(s.vars(x.X))
	}
	s.syms[e] = out
	return out
}

// fold folds e's top node when its operands are constants: the
// explorer builds values bottom up, each operand folded already, so
// this is c.Fold without its walk over the whole tree.
func fold(e c.Expr) c.Expr {
	switch x := e.(type) {
	case *c.Unary:
		if _, ok := x.X.(*c.Const); !ok {
			return e
		}
	case *c.Binary:
		_, kx := x.X.(*c.Const)
		_, ky := x.Y.(*c.Const)
		if !kx || !ky {
			if kx && (x.Op.String() == "&&" || x.Op.String() == "||") {
				return c.Fold(e) // short circuit on a constant left side
			}
			return e
		}
	case *c.Convert:
		if _, ok := x.X.(*c.Const); !ok {
			return e
		}
	default:
		return e
	}
	return c.Fold(e)
}
