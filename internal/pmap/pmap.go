// Package pmap holds the persistent maps of the symbolic explorer's
// frames (internal/explore): a path records an event at almost every
// instruction, and each event keeps the source variables' values, the
// expressions' values and the memory as they were. Copying them each
// time made exploration quadratic; instead a frame writes into a small
// top layer of its own and freezes it into a shared chain of read-only
// layers whenever an event or a forked path needs a snapshot.
package pmap

// maxDepth bounds a chain of layers before it is merged into one, which
// keeps lookups short at an amortised cost.
const maxDepth = 16

// Layer is a frozen, shared part of a persistent map.
type Layer[K comparable, V any] struct {
	m      map[K]V
	parent *Layer[K, V]
	depth  int
}

// Get looks k up, newest layer first. A nil layer is the empty map.
func (l *Layer[K, V]) Get(k K) (V, bool) {
	for ; l != nil; l = l.parent {
		if v, ok := l.m[k]; ok {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// flatten merges the chain into one layer.
func (l *Layer[K, V]) flatten() *Layer[K, V] {
	var chain []*Layer[K, V]
	n := 0
	for p := l; p != nil; p = p.parent {
		chain = append(chain, p)
		n += len(p.m)
	}
	m := make(map[K]V, n)
	for i := len(chain) - 1; i >= 0; i-- {
		for k, v := range chain[i].m {
			m[k] = v
		}
	}
	return &Layer[K, V]{m: m, depth: 1}
}

// Scope is a persistent map as a frame holds it: its own top layer over
// frozen ones.
type Scope[K comparable, V any] struct {
	top    map[K]V
	parent *Layer[K, V]
}

func (s *Scope[K, V]) Get(k K) (V, bool) {
	if v, ok := s.top[k]; ok {
		return v, true
	}
	return s.parent.Get(k)
}

func (s *Scope[K, V]) Set(k K, v V) {
	if s.top == nil {
		s.top = map[K]V{}
	}
	s.top[k] = v
}

// Freeze returns a snapshot that later writes do not change.
func (s *Scope[K, V]) Freeze() *Layer[K, V] {
	if len(s.top) == 0 {
		return s.parent
	}
	d := 1
	if s.parent != nil {
		d = s.parent.depth + 1
	}
	s.parent = &Layer[K, V]{m: s.top, parent: s.parent, depth: d}
	s.top = nil
	if d > maxDepth {
		s.parent = s.parent.flatten()
	}
	return s.parent
}

// Fork returns a scope with the same contents whose writes are its own.
func (s *Scope[K, V]) Fork() Scope[K, V] {
	return Scope[K, V]{parent: s.Freeze()}
}
