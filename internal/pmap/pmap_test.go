package pmap

import "testing"

// TestLayers checks the persistent maps: a snapshot does not see later
// writes, a fork's writes stay its own, and long chains flatten without
// losing or reordering values.
func TestLayers(t *testing.T) {
	var s Scope[int, int]
	s.Set(1, 10)
	snap := s.Freeze()
	s.Set(1, 11)
	g := s.Fork()
	g.Set(2, 20)
	if v, _ := snap.Get(1); v != 10 {
		t.Errorf("snapshot sees %d, want 10", v)
	}
	if v, _ := s.Get(1); v != 11 {
		t.Errorf("scope has %d, want 11", v)
	}
	if _, ok := s.Get(2); ok {
		t.Error("a fork's write reached its parent")
	}
	if v, _ := g.Get(1); v != 11 {
		t.Errorf("fork has %d, want 11", v)
	}
	for i := 0; i < 3*maxDepth; i++ {
		s.Set(i%5, i)
		s.Freeze()
	}
	if s.parent.depth > maxDepth {
		t.Errorf("chain depth %d over %d", s.parent.depth, maxDepth)
	}
	for k := 0; k < 5; k++ {
		want := 3*maxDepth - 5 + k
		if want%5 != k {
			want = (3*maxDepth-1)/5*5 + k
			if want >= 3*maxDepth {
				want -= 5
			}
		}
		if v, _ := s.Get(k); v != want {
			t.Errorf("key %d: %d, want %d", k, v, want)
		}
	}
	if v, _ := snap.Get(1); v != 10 {
		t.Errorf("old snapshot changed: %d", v)
	}
}
