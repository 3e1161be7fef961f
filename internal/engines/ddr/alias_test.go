package ddr

import (
	"go/token"
	"testing"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// TestAliasNotPinned: x == y between two symbols aliases them and keeps
// their common domain whole (Warshall's len(a[i]) == len(a) must leave
// the matrix free to grow), and a later split of one narrows both.
func TestAliasNotPinned(t *testing.T) {
	x := &c.Sym{Name: "x", Type: c.Int}
	y := &c.Sym{Name: "y", Type: c.Int}
	s := &store{}
	s.narrow(y, Dom{1, 128})
	d := newDomains(s, 1)
	if r := d.reduce(c.Bin(token.NEQ, c.V(x), c.V(y)), false, 1); r != ok {
		t.Fatalf("reduce = %d", r)
	}
	if got := s.get(x); got != (Dom{1, 128}) || s.find(x) != s.find(y) {
		t.Errorf("x %v, aliased %v; want 1..128, aliased", got, s.find(x) == s.find(y))
	}
	if r := d.reduce(c.Bin(token.GTR, c.V(y), c.I(c.Int, 5)), true, 1); r != ok || s.get(x).Lo <= 5 {
		t.Errorf("after y > 5: x %v (%d)", s.get(x), r)
	}
}
