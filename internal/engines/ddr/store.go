package ddr

import (
	"fmt"
	"strings"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
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
	// limit, when positive, bounds the initial domains of integers to
	// -limit..limit (within their types').
	limit int64
	// memo holds expression domains (ExprDomain) computed when changed
	// was memoVer: valid while nothing narrows. A fork shares it until
	// either narrows (the domains are the same until then), so a path
	// recomputes a deep expression only after a split, not at every
	// decision of a loop's turns.
	memo    map[c.Expr]Dom
	memoVer int
}

// memoized is the expression domains valid for the current domains.
func (s *store) memoized() map[c.Expr]Dom {
	if s.memo == nil || s.memoVer != s.changed {
		s.memo, s.memoVer = map[c.Expr]Dom{}, s.changed
	}
	return s.memo
}

// fork returns a copy whose changes are its own.
func (s *store) fork() *store {
	return &store{dom: s.dom.Fork(), alias: s.alias.Fork(), changed: s.changed, limit: s.limit, memo: s.memo, memoVer: s.memoVer}
}

// initial is a symbol's domain before the path constrains it: a
// length's is 0..MaxLen (the input model's lengths, whose bounds the
// path states only where the code reads them: a split made before that,
// len(t) != 0 taken as len(t) < 0, would leave nothing).
func (s *store) initial(x *c.Sym) Dom {
	t := x.Type
	if core.IsLength(x) {
		return Dom{0, MaxLen}
	}
	d := TypeDom(t)
	if s.limit > 0 && t.Kind == c.KInt {
		d = d.Meet(Dom{-s.limit, s.limit})
	}
	return d
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
	return s.initial(x)
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

// signature is the domains of e's symbols: two splits of a decision
// that leave the same are the same try.
func (s *store) signature(e c.Expr) string {
	var b strings.Builder
	for _, v := range c.Vars(e) {
		d := s.get(v)
		fmt.Fprintf(&b, "%d:%d,", d.Lo, d.Hi)
	}
	return b.String()
}
