package solve

// This file implements the measures of expressions the chain and its
// callers share: a structural hash (the key of the cache), the size of
// an expression as a tree (to keep the backends that walk trees away
// from huge ones) and its symbols. Values built in loops share subterms
// (x &= x-1 doubles the tree on every turn), so every walk is memoised
// by node: each costs the expression's DAG, not its tree.

import (
	"hash/maphash"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// treeCap caps Tree, whose true value may be exponential in the DAG.
const treeCap = 1 << 40

// Shapes memoises the measures of the expressions it is asked about.
// Its keys are meaningful only within one Shapes (its seed and symbol
// numbers are its own). Not safe for concurrent use.
type Shapes struct {
	seed maphash.Seed
	ids  map[*c.Sym]uint64 // symbols by identity (two with one name differ)
	hash map[c.Expr][2]uint64
	size map[c.Expr]int64
	syms map[c.Expr][]*c.Sym
}

// NewShapes returns an empty memo.
func NewShapes() *Shapes {
	return &Shapes{seed: maphash.MakeSeed(), ids: map[*c.Sym]uint64{}, hash: map[c.Expr][2]uint64{}, size: map[c.Expr]int64{}, syms: map[c.Expr][]*c.Sym{}}
}

// Key is a 128-bit structural hash of e: equal for equal structures
// (the same node types, operators, types, constants and symbols), and,
// at this width, different for different ones.
func (s *Shapes) Key(e c.Expr) [2]uint64 {
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
			id, ok := s.ids[x.Sym]
			if !ok {
				id = uint64(len(s.ids) + 1)
				s.ids[x.Sym] = id
			}
			m.WriteString("v")
			m.WriteString(x.Sym.Name)
			writeU64(&m, id)
		case *c.Const:
			m.WriteString("k")
			m.WriteString(x.T.String())
			writeU64(&m, uint64(x.V))
		case *c.Unary:
			m.WriteString("u" + x.Op.String())
			writeU64(&m, s.Key(x.X)[i])
		case *c.Binary:
			m.WriteString("b" + x.Op.String())
			writeU64(&m, s.Key(x.X)[i])
			writeU64(&m, s.Key(x.Y)[i])
		case *c.Convert:
			m.WriteString("c" + x.T.String())
			writeU64(&m, s.Key(x.X)[i])
		case *c.Ite:
			m.WriteString("i")
			writeU64(&m, s.Key(x.Cond)[i])
			writeU64(&m, s.Key(x.Then)[i])
			writeU64(&m, s.Key(x.Else)[i])
		case *c.Defined:
			m.WriteString("d")
			writeU64(&m, s.Key(x.X)[i])
		default:
			panic("solve: unknown expression")
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

// ClauseKey is the key of a clause: its constraints' keys, in order.
func (s *Shapes) ClauseKey(cl c.Clause) [2]uint64 {
	var k [2]uint64
	for _, e := range cl {
		h := s.Key(e)
		k[0] = k[0]*0x100000001b3 ^ h[0]
		k[1] = k[1]*0x100000001b3 ^ h[1]
	}
	return k
}

// Tree is e's size as a tree (capped at 2^40).
func (s *Shapes) Tree(e c.Expr) int64 {
	if n, ok := s.size[e]; ok {
		return n
	}
	n := int64(1)
	switch x := e.(type) {
	case *c.Unary:
		n += s.Tree(x.X)
	case *c.Binary:
		n += s.Tree(x.X) + s.Tree(x.Y)
	case *c.Convert:
		n += s.Tree(x.X)
	case *c.Ite:
		n += s.Tree(x.Cond) + s.Tree(x.Then) + s.Tree(x.Else)
	case *c.Defined:
		n += s.Tree(x.X)
	}
	n = min(n, treeCap)
	s.size[e] = n
	return n
}

// Small reports whether cl's constraints together are trees of at most
// max nodes.
func (s *Shapes) Small(cl c.Clause, max int64) bool {
	total := int64(0)
	for _, e := range cl {
		total += s.Tree(e)
		if total > max {
			return false
		}
	}
	return true
}

// Vars returns the symbols of e (memoised; in first-occurrence order,
// shared: read only).
func (s *Shapes) Vars(e c.Expr) []*c.Sym {
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
		merge(s.Vars(x.X))
	case *c.Binary:
		merge(s.Vars(x.X))
		merge(s.Vars(x.Y))
	case *c.Convert:
		merge(s.Vars(x.X))
	case *c.Ite:
		merge(s.Vars(x.Cond))
		merge(s.Vars(x.Then))
		merge(s.Vars(x.Else))
	case *c.Defined:
		merge(s.Vars(x.X))
	}
	s.syms[e] = out
	return out
}
