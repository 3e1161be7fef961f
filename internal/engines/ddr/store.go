package ddr

import (
	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/pmap"
)

// store is a path's Domain Data Store (seed 002, Fig. 8's DDS): the
// domain of each input symbol the path has constrained. An equality
// between two symbols aliases them (Example 3's A(3) and N): they share
// one domain, and one value is chosen for both.
type store struct {
	dom   pmap.Scope[*c.Sym, Dom]
	alias pmap.Scope[*c.Sym, *c.Sym]
	// changed counts the narrowings (a fingerprint of the splits made).
	changed int
}

// fork returns a copy whose changes are its own.
func (s *store) fork() *store {
	return &store{dom: s.dom.Fork(), alias: s.alias.Fork(), changed: s.changed}
}

// find is the symbol x is aliased to (x itself when none).
func (s *store) find(x *c.Sym) *c.Sym {
	for {
		y, ok := s.alias.Get(x)
		if !ok {
			return x
		}
		x = y
	}
}

// get is x's current domain: its type's until the path constrains it.
func (s *store) get(x *c.Sym) Dom {
	r := s.find(x)
	if d, ok := s.dom.Get(r); ok {
		return d
	}
	return TypeDom(x.Type)
}

// narrow meets x's domain with d; false when nothing is left.
func (s *store) narrow(x *c.Sym, d Dom) bool {
	r := s.find(x)
	old := s.get(r)
	n := old.Meet(d)
	if n.Empty() {
		return false
	}
	if n != old {
		s.dom.Set(r, n)
		s.changed++
	}
	return true
}

// unite aliases x and y, their domain the meet of theirs; false when
// it is empty.
func (s *store) unite(x, y *c.Sym) bool {
	rx, ry := s.find(x), s.find(y)
	if rx == ry {
		return true
	}
	n := s.get(rx).Meet(s.get(ry))
	if n.Empty() {
		return false
	}
	s.alias.Set(ry, rx)
	s.dom.Set(rx, n)
	s.changed++
	return true
}
