package symbolic

// This file holds the persistent maps of the explorer's frames: a path
// records an event at almost every instruction, and each event keeps the
// source variables' values, the expressions' values and the memory as
// they were. Copying them each time made exploration quadratic; instead
// a frame writes into a small top layer of its own and freezes it into a
// shared chain of read-only layers whenever an event or a forked path
// needs a snapshot.

// maxDepth bounds a chain of layers before it is merged into one, which
// keeps lookups short at an amortised cost.
const maxDepth = 16

// layer is a frozen, shared part of a persistent map.
type layer[K comparable, V any] struct {
	m      map[K]V
	parent *layer[K, V]
	depth  int
}

// get looks k up, newest layer first. A nil layer is the empty map.
func (l *layer[K, V]) get(k K) (V, bool) {
	for ; l != nil; l = l.parent {
		if v, ok := l.m[k]; ok {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// flatten merges the chain into one layer.
func (l *layer[K, V]) flatten() *layer[K, V] {
	var chain []*layer[K, V]
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
	return &layer[K, V]{m: m, depth: 1}
}

// scope is a persistent map as a frame holds it: its own top layer over
// frozen ones.
type scope[K comparable, V any] struct {
	top    map[K]V
	parent *layer[K, V]
}

func (s *scope[K, V]) get(k K) (V, bool) {
	if v, ok := s.top[k]; ok {
		return v, true
	}
	return s.parent.get(k)
}

func (s *scope[K, V]) set(k K, v V) {
	if s.top == nil {
		s.top = map[K]V{}
	}
	s.top[k] = v
}

// freeze returns a snapshot that later writes do not change.
func (s *scope[K, V]) freeze() *layer[K, V] {
	if len(s.top) == 0 {
		return s.parent
	}
	d := 1
	if s.parent != nil {
		d = s.parent.depth + 1
	}
	s.parent = &layer[K, V]{m: s.top, parent: s.parent, depth: d}
	s.top = nil
	if d > maxDepth {
		s.parent = s.parent.flatten()
	}
	return s.parent
}

// fork returns a scope with the same contents whose writes are its own.
func (s *scope[K, V]) fork() scope[K, V] {
	return scope[K, V]{parent: s.freeze()}
}
