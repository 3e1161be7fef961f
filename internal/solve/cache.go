package solve

// This file implements the cache wrapper: the same clause gets the same
// answer, remembered by the clause's structural hash.

// Cache remembers the answers of a solver by clause. A query with
// checks or a random source of its own is not cached (its answer
// depends on more than its clause), nor is an answer limited by the
// allowance (Result.Limited). A remembered answer comes back with
// Cached set and the Spent it had when it was made, so that a caller
// charging budgets may charge it again: what it proves then does not
// depend on which queries came first.
type Cache struct {
	inner  Solver
	shapes *Shapes
	m      map[[2]uint64]Result
	// Hits and Misses count the queries answered from memory and those
	// passed on (queries not cached count as neither).
	Hits, Misses int
}

// NewCache wraps s; shapes computes the keys (nil: a memo of the
// cache's own).
func NewCache(s Solver, shapes *Shapes) *Cache {
	if shapes == nil {
		shapes = NewShapes()
	}
	return &Cache{inner: s, shapes: shapes, m: map[[2]uint64]Result{}}
}

// Name implements Solver: the wrapped solver's.
func (k *Cache) Name() string { return k.inner.Name() }

func (k *Cache) cacheable(q *Query) bool { return len(q.Checks) == 0 && q.Rand == nil }

func (k *Cache) key(q *Query) [2]uint64 {
	if q.keyFor != k.shapes {
		q.key, q.keyFor = k.shapes.ClauseKey(q.Clause), k.shapes
	}
	return q.key
}

// Lookup returns the remembered answer to q, if any, without solving.
func (k *Cache) Lookup(q *Query) (Result, bool) {
	if !k.cacheable(q) {
		return Result{}, false
	}
	r, ok := k.m[k.key(q)]
	if ok {
		k.Hits++
		r.Cached = true
	}
	return r, ok
}

// Solve implements Solver.
func (k *Cache) Solve(q *Query, b Budget) Result {
	if !k.cacheable(q) {
		return k.inner.Solve(q, b)
	}
	if r, ok := k.Lookup(q); ok {
		return r
	}
	k.Misses++
	r := k.inner.Solve(q, b)
	if !r.Limited {
		k.m[k.key(q)] = r
	}
	return r
}
