// Package domred is Godzilla's domain-reduction constraint satisfier
// (seed 000 §4.2; seed 002, "The CBT satisfaction procedure").
//
// Each input symbol starts with the domain of its type. Constraints of
// the form x R c reduce x's domain, x R y reduce both; equalities whose
// one side is a single symbol under invertible arithmetic (x*3 + 1 == c,
// with Go's wraparound) are solved exactly. When nothing more reduces, the
// symbol with the smallest domain gets a value — the one nearest zero
// first, so that tests stay readable, other values on retries — which is
// substituted back into the remaining constraints, and the process
// repeats. A clause of a DNF system is solved at a time; an assignment is
// returned only if the whole clause evaluates to true under it.
//
// In: a constraint.System (and assumption constraints). Out: an
// assignment of every symbol of the satisfied clause, or why none was
// found: a clause is "unsolvable" when reduction alone empties a domain
// before any arbitrary choice (detectably unsolvable, seed 000 §5), and
// the search "gave up" after its retries otherwise.
//
// "Detectably unsolvable" is a proof that no assignment satisfies the
// clause (Refute, and Search's ErrUnsolvable for a system whose every
// clause is): reduction only removes from a domain values that violate
// a constraint — x R c by the order of the type's values (floats: NaN,
// outside every domain, satisfies only !=, which removes no interval,
// and x == 0 keeps -0 and +0), x R y between integers or bools by
// their intervals, f(x) == c through the exact inverse of Go's wrapping
// arithmetic, order constraints by a negative cycle over mathematical
// integers (comparisons, unlike arithmetic, do not wrap) — and pins a
// symbol only to the one value its domain has left, so an empty domain,
// or a constraint false under forced values, leaves no assignment. "Gave
// up" proves nothing. The tests check every claim against exhaustive
// enumeration. The solver chain (internal/solve) reports the first as
// Unsat, the second as Unknown.
package domred

import (
	"errors"
	"fmt"
	"go/token"
	"math"
	"math/rand/v2"
	"sort"

	c "github.com/gozilla/gozilla/internal/constraint"
)

// Why a system has no solution here.
var (
	ErrUnsolvable = errors.New("detectably unsolvable")
	ErrGaveUp     = errors.New("no solution found")
)

// Failure says why Solve found nothing.
type Failure struct {
	Err    error // ErrUnsolvable or ErrGaveUp
	Tries  int   // assignments attempted over all clauses
	Detail string
}

func (f *Failure) Error() string {
	if f.Detail != "" {
		return fmt.Sprintf("%v after %d tries: %s", f.Err, f.Tries, f.Detail)
	}
	return fmt.Sprintf("%v after %d tries", f.Err, f.Tries)
}

func (f *Failure) Unwrap() error { return f.Err }

// Config tunes Solve.
type Config struct {
	Tries  int        // attempts per clause; 0 = 20
	Rand   *rand.Rand // arbitrary choices on retries; nil = deterministic seed
	Assume c.Clause   // constraints every solution must also meet
	// Done, when closed, stops the search at its next step (a symbol's
	// value substituted into a constraint): the search gives up
	// (ErrGaveUp), never concludes the clause unsolvable. nil: never.
	Done <-chan struct{}
}

// Stopped reports whether done (Config.Done) is closed.
func Stopped(done <-chan struct{}) bool { return stopped(done) }

// stopped reports whether done is closed.
func stopped(done <-chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// Solve finds an assignment satisfying some clause of s (and cfg.Assume).
// Clauses are tried in order.
func Solve(s c.System, cfg Config) (c.Assignment, error) {
	a, _, err := Search(s, cfg)
	return a, err
}

// Search is Solve, also returning the assignments it attempted over all
// clauses (on failure, Failure.Tries).
func Search(s c.System, cfg Config) (c.Assignment, int, error) {
	if cfg.Tries <= 0 {
		cfg.Tries = 20
	}
	if cfg.Rand == nil {
		cfg.Rand = rand.New(rand.NewPCG(1, 2))
	}
	f := &Failure{Err: ErrUnsolvable}
	for _, clause := range s {
		all := append(append(c.Clause(nil), clause...), cfg.Assume...)
		a, unsolvable, tries, detail := solveClause(all, cfg)
		f.Tries += tries
		if a != nil {
			return a, f.Tries, nil
		}
		if !unsolvable {
			f.Err, f.Detail = ErrGaveUp, detail
		} else if f.Detail == "" {
			f.Detail = detail
		}
	}
	return nil, f.Tries, f
}

// solveClause returns an assignment of the clause's symbols satisfying
// it, or reports whether reduction alone proved it empty.
func solveClause(cl c.Clause, cfg Config) (c.Assignment, bool, int, string) {
	cl = flatten(cl)
	syms := cl.Vars()
	if why := orderCycle(cl); why != "" {
		return nil, true, 0, why
	}
	detail := ""
	for try := 0; try < cfg.Tries; try++ {
		if stopped(cfg.Done) {
			return nil, false, try, "stopped"
		}
		st := newState(syms)
		st.done = cfg.Done
		a, why, arbitrary := st.run(cl, try, cfg.Rand)
		if a != nil {
			if ok, _ := cl.Eval(a); ok {
				return a, false, try + 1, ""
			}
			why = "an assignment failed the clause"
		}
		detail = why
		if !arbitrary {
			// Reduction alone, with no arbitrary choice, found the
			// contradiction: another try would find it again.
			return nil, true, try + 1, why
		}
	}
	return nil, false, cfg.Tries, detail
}

// flatten splits the conjunctions inside a clause's constraints, so that
// each part can reduce domains on its own.
func flatten(cl c.Clause) c.Clause {
	var out c.Clause
	var add func(e c.Expr)
	add = func(e c.Expr) {
		if b, ok := e.(*c.Binary); ok && b.Op == token.LAND {
			add(b.X)
			add(b.Y)
			return
		}
		out = append(out, e)
	}
	for _, e := range cl {
		add(e)
	}
	return out
}

// domain is a symbol's set of candidate values: an interval of ordered
// keys (see key) for integers and bools, or of float64 values, minus
// excluded values.
type domain struct {
	t      c.Type
	lo, hi uint64  // integer and bool keys, inclusive
	flo    float64 // floats, inclusive
	fhi    float64
	excl   map[uint64]bool // excluded keys (x != c); floats by bits
	val    c.Value
	fixed  bool
}

// key maps an integer value to an unsigned key with the same order.
func key(t c.Type, v c.Value) uint64 {
	if t.Kind == c.KInt && t.Signed {
		return uint64(v) ^ 1<<63
	}
	return uint64(v)
}

func fromKey(t c.Type, k uint64) c.Value {
	if t.Kind == c.KInt && t.Signed {
		return c.Value(k ^ 1<<63)
	}
	return c.Value(k)
}

func fullDomain(t c.Type) *domain {
	d := &domain{t: t, excl: map[uint64]bool{}}
	switch t.Kind {
	case c.KBool:
		d.lo, d.hi = 0, 1
	case c.KInt:
		d.lo, d.hi = key(t, c.Value(uint64(t.Min()))), key(t, c.Value(t.Max()))
	case c.KFloat:
		d.flo, d.fhi = math.Inf(-1), math.Inf(1)
	}
	return d
}

func (d *domain) empty() bool {
	if d.t.Kind == c.KFloat {
		return !(d.flo <= d.fhi) || (d.flo == d.fhi && d.excl[math.Float64bits(d.flo)])
	}
	if d.lo > d.hi {
		return true
	}
	return d.hi-d.lo < uint64(len(d.excl)) && d.countExcl() > d.hi-d.lo
}

func (d *domain) countExcl() uint64 {
	n := uint64(0)
	for k := range d.excl {
		if k >= d.lo && k <= d.hi {
			n++
		}
	}
	return n
}

// size is the number of values left (saturating), the heuristic's
// measure: floats count as huge unless pinned.
func (d *domain) size() uint64 {
	if d.fixed {
		return 1
	}
	if d.t.Kind == c.KFloat {
		if d.single() {
			return 1
		}
		if d.flo == 0 && d.fhi == 0 {
			return 2 // -0 and +0
		}
		return math.MaxUint64
	}
	n := d.hi - d.lo
	if n == math.MaxUint64 {
		return n
	}
	return n + 1 - min(d.countExcl(), n+1)
}

// single reports whether the float domain d holds exactly one value:
// its interval is one point, not zero (which -0 and +0 both equal) and
// of d's type (a float32 domain may have float64 bounds).
func (d *domain) single() bool {
	return d.flo == d.fhi && d.flo != 0 && c.FloatValue(d.t, d.flo).Float() == d.flo
}

func (d *domain) contains(v c.Value) bool {
	if d.t.Kind == c.KFloat {
		f := v.Float()
		return f >= d.flo && f <= d.fhi && !d.excl[uint64(v)]
	}
	k := key(d.t, v)
	return k >= d.lo && k <= d.hi && !d.excl[k]
}

type state struct {
	dom   map[*c.Sym]*domain
	order []*c.Sym
	done  <-chan struct{} // Config.Done
}

func newState(syms []*c.Sym) *state {
	st := &state{dom: map[*c.Sym]*domain{}, order: syms}
	for _, s := range syms {
		st.dom[s] = fullDomain(s.Type)
	}
	return st
}

// run reduces and assigns until every symbol has a value. arbitrary
// reports whether a value was ever chosen rather than forced.
func (st *state) run(cl c.Clause, try int, r *rand.Rand) (c.Assignment, string, bool) {
	cons := append(c.Clause(nil), cl...)
	arbitrary := false
	for {
		if stopped(st.done) {
			return nil, "stopped", true // not a contradiction: the search was cut
		}
		var why string
		cons, why = st.reduce(cons)
		if why != "" {
			return nil, why, arbitrary
		}
		// Pick the unassigned symbol with the smallest domain.
		var pick *c.Sym
		for _, s := range st.order {
			d := st.dom[s]
			if !d.fixed && (pick == nil || d.size() < st.dom[pick].size()) {
				pick = s
			}
		}
		if pick == nil {
			a := c.Assignment{}
			for s, d := range st.dom {
				a[s] = d.val
			}
			return a, "", arbitrary
		}
		d := st.dom[pick]
		v, forced := d.choose(try, r)
		if !forced {
			if u, ok := d.chooseUnary(unary(cons, pick), pick, try); ok {
				v = u
			}
		}
		arbitrary = arbitrary || !forced
		d.val, d.fixed = v, true
		cons = substitute(cons, pick, v, st.done)
	}
}

// substitute replaces s by v in cons; stopped (done closed) part-way,
// the constraints after are left as they were (run stops next).
func substitute(cons c.Clause, s *c.Sym, v c.Value, done <-chan struct{}) c.Clause {
	m := map[*c.Sym]c.Expr{s: &c.Const{T: s.Type, V: v}}
	out := cons[:0:0]
	for i, e := range cons {
		if stopped(done) {
			return append(out, cons[i:]...)
		}
		out = append(out, c.Subst(e, m))
	}
	return out
}

// reduce applies the constraints of the simple forms to the domains
// until nothing changes, drops the constraints that became true, and
// reports a contradiction.
func (st *state) reduce(cons c.Clause) (c.Clause, string) {
	for round := 0; round < 64; round++ {
		changed := false
		out := cons[:0:0]
		for _, orig := range cons {
			e := c.Fold(orig)
			if k, ok := e.(*c.Const); ok {
				if !k.V.Bool() {
					return nil, fmt.Sprintf("%s is false", c.String(orig))
				}
				continue
			}
			done, ch, why := st.apply(e)
			if why != "" {
				return nil, why
			}
			changed = changed || ch
			if !done {
				out = append(out, e)
			}
		}
		cons = out
		// Pin symbols whose domain has one value left.
		for _, s := range st.order {
			d := st.dom[s]
			if d.fixed {
				continue
			}
			if d.empty() {
				return nil, fmt.Sprintf("no value of %s is left", s.Name)
			}
			if d.size() == 1 {
				v := d.only()
				d.val, d.fixed = v, true
				cons = substitute(cons, s, v, nil) // whole: reduce's conclusions rest on it
				changed = true
			}
		}
		if !changed {
			return cons, ""
		}
	}
	return cons, ""
}

// apply uses one constraint to reduce domains. done means the constraint
// is now implied by the domains and can be dropped.
func (st *state) apply(e c.Expr) (done, changed bool, why string) {
	b, ok := e.(*c.Binary)
	if !ok || !c.IsComparison(b.Op) {
		return false, false, ""
	}
	x, y, op := b.X, b.Y, b.Op
	if _, isConst := x.(*c.Const); isConst {
		x, y, op = y, x, flip[op]
	}
	if k, isConst := y.(*c.Const); isConst {
		if op == token.EQL {
			if s, v, ok := isolate(x, k.V); ok {
				x, k = c.V(s), &c.Const{T: s.Type, V: v}
			}
		}
		if v, isVar := x.(*c.Var); isVar {
			d := st.dom[v.Sym]
			if d == nil || d.fixed {
				return false, false, ""
			}
			ch := d.restrict(op, k.V)
			if d.empty() {
				return false, ch, fmt.Sprintf("%s leaves no value of %s", c.String(e), v.Sym.Name)
			}
			return true, ch, ""
		}
		return false, false, ""
	}
	vx, okx := x.(*c.Var)
	vy, oky := y.(*c.Var)
	if !okx || !oky || vx.Sym.Type.Kind != c.KInt && vx.Sym.Type.Kind != c.KBool {
		return false, false, ""
	}
	dx, dy := st.dom[vx.Sym], st.dom[vy.Sym]
	if dx == nil || dy == nil || dx.fixed || dy.fixed {
		return false, false, ""
	}
	ch := relate(op, dx, dy)
	if dx.empty() || dy.empty() {
		return false, ch, fmt.Sprintf("%s leaves no values", c.String(e))
	}
	return false, ch, ""
}

// orderCycle looks for a contradiction among the clause's x R y
// constraints between integer symbols that interval reduction cannot see
// quickly (x < y, y < z, z <= x): as difference constraints x − y ≤ w
// they form a graph whose negative cycle (Bellman–Ford) is a proof that
// no integers satisfy them.
func orderCycle(cl c.Clause) string {
	type edge struct {
		from, to *c.Sym
		w        int
		e        c.Expr
	}
	var edges []edge
	index := map[*c.Sym]int{}
	for _, e := range cl {
		b, ok := e.(*c.Binary)
		if !ok || !c.IsComparison(b.Op) || b.Op == token.NEQ {
			continue
		}
		x, okx := b.X.(*c.Var)
		y, oky := b.Y.(*c.Var)
		if !okx || !oky || x.Sym.Type.Kind != c.KInt {
			continue
		}
		index[x.Sym], index[y.Sym] = 0, 0
		// u − v ≤ w is an edge v → u of weight w.
		add := func(u, v *c.Sym, w int) { edges = append(edges, edge{v, u, w, e}) }
		switch b.Op {
		case token.LSS:
			add(x.Sym, y.Sym, -1)
		case token.LEQ:
			add(x.Sym, y.Sym, 0)
		case token.GTR:
			add(y.Sym, x.Sym, -1)
		case token.GEQ:
			add(y.Sym, x.Sym, 0)
		case token.EQL:
			add(x.Sym, y.Sym, 0)
			add(y.Sym, x.Sym, 0)
		}
	}
	dist := map[*c.Sym]int{}
	for s := range index {
		dist[s] = 0
	}
	for round := 0; round <= len(index); round++ {
		changed := false
		for _, ed := range edges {
			if d := dist[ed.from] + ed.w; d < dist[ed.to] {
				dist[ed.to] = d
				changed = true
				if round == len(index) {
					return fmt.Sprintf("the order constraints around %s form a cycle", c.String(ed.e))
				}
			}
		}
		if !changed {
			break
		}
	}
	return ""
}

var flip = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ,
	token.LSS: token.GTR, token.GTR: token.LSS,
	token.LEQ: token.GEQ, token.GEQ: token.LEQ,
}

// restrict intersects d with {v : v op k}.
func (d *domain) restrict(op token.Token, k c.Value) bool {
	if d.t.Kind == c.KFloat {
		f := k.Float()
		if f != f {
			// Every comparison with NaN but != is false.
			if op != token.NEQ {
				d.flo, d.fhi = 1, 0
				return true
			}
			return false
		}
		lo, hi := d.flo, d.fhi
		switch op {
		case token.EQL:
			d.flo, d.fhi = math.Max(lo, f), math.Min(hi, f)
		case token.NEQ:
			d.excl[uint64(k)] = true
			if f == 0 { // -0 == 0
				d.excl[uint64(c.FloatValue(c.Float64, math.Copysign(0, -1)))] = true
			}
			return true
		case token.LSS:
			d.fhi = math.Min(hi, math.Nextafter(f, math.Inf(-1)))
		case token.LEQ:
			d.fhi = math.Min(hi, f)
		case token.GTR:
			d.flo = math.Max(lo, math.Nextafter(f, math.Inf(1)))
		case token.GEQ:
			d.flo = math.Max(lo, f)
		}
		return d.flo != lo || d.fhi != hi
	}
	kk := key(d.t, k)
	lo, hi := d.lo, d.hi
	switch op {
	case token.EQL:
		d.lo, d.hi = max(lo, kk), min(hi, kk)
		if kk < lo || kk > hi {
			d.lo, d.hi = 1, 0
		}
	case token.NEQ:
		if !d.excl[kk] {
			d.excl[kk] = true
			return true
		}
		return false
	case token.LSS:
		if kk == 0 {
			d.lo, d.hi = 1, 0
		} else {
			d.hi = min(hi, kk-1)
		}
	case token.LEQ:
		d.hi = min(hi, kk)
	case token.GTR:
		if kk == math.MaxUint64 {
			d.lo, d.hi = 1, 0
		} else {
			d.lo = max(lo, kk+1)
		}
	case token.GEQ:
		d.lo = max(lo, kk)
	}
	return d.lo != lo || d.hi != hi
}

// relate reduces two integer domains by x op y (seed 000: "constraints of
// the form x R y reduce the domains of both").
func relate(op token.Token, x, y *domain) bool {
	xlo, xhi, ylo, yhi := x.lo, x.hi, y.lo, y.hi
	switch op {
	case token.EQL:
		lo, hi := max(x.lo, y.lo), min(x.hi, y.hi)
		x.lo, x.hi, y.lo, y.hi = lo, hi, lo, hi
	case token.LSS, token.LEQ:
		strict := uint64(0)
		if op == token.LSS {
			strict = 1
		}
		if y.hi < strict || x.lo > math.MaxUint64-strict {
			x.lo, x.hi = 1, 0
			break
		}
		x.hi = min(x.hi, y.hi-strict)
		y.lo = max(y.lo, x.lo+strict)
	case token.GTR:
		return relate(token.LSS, y, x)
	case token.GEQ:
		return relate(token.LEQ, y, x)
	}
	return x.lo != xlo || x.hi != xhi || y.lo != ylo || y.hi != yhi
}

// only returns the value of d, which has one left (size 1). choose
// looks only near zero, and an integer domain wider than its reach may
// have its one value further out, among more than a thousand
// exclusions: then the interval is scanned, which takes at most one
// step more than the exclusions.
func (d *domain) only() c.Value {
	v, _ := d.choose(0, nil)
	if d.contains(v) || d.t.Kind == c.KFloat {
		return v
	}
	for k := d.lo; ; k++ {
		if !d.excl[k] {
			return fromKey(d.t, k)
		}
		if k == d.hi {
			return v // not reached: the domain has a value
		}
	}
}

// choose picks a value of d: on the first try the value nearest zero
// (readable tests), on later ones values further out, then random ones.
// forced reports that d had one value only.
func (d *domain) choose(try int, r *rand.Rand) (c.Value, bool) {
	if d.t.Kind == c.KFloat {
		return d.chooseFloat(try, r)
	}
	if d.lo == d.hi {
		return fromKey(d.t, d.lo), true
	}
	zero := key(d.t, 0)
	if d.t.Kind == c.KBool {
		zero = 0
	}
	// The allowed key nearest start, alternately above and below.
	near := func(start uint64) (uint64, bool) {
		for i := uint64(0); i < 1024; i++ {
			if k := start + i; k >= start && k >= d.lo && k <= d.hi && !d.excl[k] {
				return k, true
			}
			if k := start - i; i > 0 && k <= start && k >= d.lo && k <= d.hi && !d.excl[k] {
				return k, true
			}
		}
		return 0, false
	}
	start := min(max(zero, d.lo), d.hi)
	switch {
	case try == 0 || r == nil:
	case try < 10:
		// Small random values around zero, within the domain.
		w := uint64(1) << (2 * try)
		off := r.Uint64() % (2*w + 1)
		start = min(max(zero-w+off, d.lo), d.hi)
	default:
		span := d.hi - d.lo
		if span == math.MaxUint64 {
			start = r.Uint64()
		} else {
			start = d.lo + r.Uint64()%(span+1)
		}
	}
	if k, ok := near(start); ok {
		return fromKey(d.t, k), false
	}
	return fromKey(d.t, d.lo), false
}

func (d *domain) chooseFloat(try int, r *rand.Rand) (c.Value, bool) {
	if d.single() {
		return c.FloatValue(d.t, d.flo), true
	}
	if d.flo == 0 && d.fhi == 0 {
		// x == 0 holds for -0 and +0: a choice, not forced (pinning
		// +0 would let reduction "refute" 1/x < 0).
		z := 0.0
		if try%2 == 1 {
			z = math.Copysign(0, -1)
		}
		if v := c.FloatValue(d.t, z); d.contains(v) {
			return v, false
		}
		return c.FloatValue(d.t, -z), false
	}
	cands := []float64{0, 1, -1, 0.5, 2, -2, 10, 100}
	if try > 0 && r != nil {
		cands = []float64{r.NormFloat64() * math.Pow(10, float64(try%6))}
	}
	cands = append(cands, (d.flo+d.fhi)/2, math.Nextafter(d.flo, math.Inf(1)), d.flo, d.fhi)
	for _, f := range cands {
		v := c.FloatValue(d.t, math.Max(d.flo, math.Min(d.fhi, f)))
		if d.contains(v) && (!math.IsInf(v.Float(), 0) || d.flo == d.fhi) {
			return v, false
		}
	}
	for _, f := range cands {
		if v := c.FloatValue(d.t, f); d.contains(v) {
			return v, false
		}
	}
	return c.FloatValue(d.t, d.flo), false
}

// isolate solves e == k for the one symbol of e when e is that symbol
// under invertible integer arithmetic: + - ^ with a constant, * by an odd
// constant (inverted modulo 2^bits, as Go's arithmetic wraps), unary - and
// ^, and widening conversions.
func isolate(e c.Expr, k c.Value) (*c.Sym, c.Value, bool) {
	t := e.Type()
	if t.Kind != c.KInt {
		if v, ok := e.(*c.Var); ok {
			return v.Sym, k, true
		}
		return nil, 0, false
	}
	switch x := e.(type) {
	case *c.Var:
		return x.Sym, k, true
	case *c.Unary:
		switch x.Op {
		case token.SUB:
			return isolate(x.X, c.Wrap(t, -uint64(k)))
		case token.XOR:
			return isolate(x.X, c.Wrap(t, ^uint64(k)))
		}
	case *c.Convert:
		from := x.X.Type()
		if from.Kind == c.KInt && from.Bits <= t.Bits {
			// Widening (or same width, other signedness): k must be in
			// the narrower type's range for a solution to exist.
			if v := c.Wrap(from, uint64(k)); c.Wrap(t, uint64(v)) == k || from.Bits == t.Bits {
				return isolate(x.X, v)
			}
		}
	case *c.Binary:
		kx, xConst := x.X.(*c.Const)
		ky, yConst := x.Y.(*c.Const)
		if xConst == yConst {
			return nil, 0, false
		}
		switch x.Op {
		case token.ADD:
			if yConst {
				return isolate(x.X, c.Wrap(t, uint64(k)-uint64(ky.V)))
			}
			return isolate(x.Y, c.Wrap(t, uint64(k)-uint64(kx.V)))
		case token.SUB:
			if yConst { // e - c == k
				return isolate(x.X, c.Wrap(t, uint64(k)+uint64(ky.V)))
			}
			return isolate(x.Y, c.Wrap(t, uint64(kx.V)-uint64(k))) // c - e == k
		case token.XOR:
			if yConst {
				return isolate(x.X, c.Wrap(t, uint64(k)^uint64(ky.V)))
			}
			return isolate(x.Y, c.Wrap(t, uint64(k)^uint64(kx.V)))
		case token.MUL:
			m, other := kx, x.Y
			if yConst {
				m, other = ky, x.X
			}
			if uint64(m.V)&1 == 1 {
				return isolate(other, c.Wrap(t, uint64(k)*inverse(uint64(m.V))))
			}
		}
	}
	return nil, 0, false
}

// inverse returns the multiplicative inverse of the odd a modulo 2^64
// (Newton's iteration; correct modulo every smaller power of two too).
func inverse(a uint64) uint64 {
	x := a // correct to 3 bits: a*a ≡ 1 mod 8 for odd a
	for i := 0; i < 5; i++ {
		x *= 2 - a*x
	}
	return x
}

// Refute looks for a contradiction in a clause by reduction alone, with
// no arbitrary choice: the cheap infeasibility test the symbolic
// explorer applies at each branch to drop paths no input can take. It
// returns why the clause is unsatisfiable, or "" when reduction does
// not show it (which proves nothing).
func Refute(cl c.Clause) string {
	cl = flatten(cl)
	if why := orderCycle(cl); why != "" {
		return why
	}
	st := newState(cl.Vars())
	_, why := st.reduce(cl)
	return why
}

// unary returns the constraints of cons whose only symbol is s.
func unary(cons c.Clause, s *c.Sym) c.Clause {
	var out c.Clause
	for _, e := range cons {
		vs := c.Vars(e)
		if len(vs) == 1 && vs[0] == s {
			out = append(out, e)
		}
	}
	return out
}

// chooseUnary picks a value of s's domain that satisfies every
// constraint mentioning s alone (x % 100 == 0, x*x > 50: forms interval
// reduction cannot use), by trying candidates in order of readability:
// the integers nearest zero, then the classes of the moduli the
// constraints use (r + m·t), then the domain's bounds. On retries it
// takes later satisfying candidates. ok is false when none was found.
func (d *domain) chooseUnary(cons c.Clause, s *c.Sym, try int) (c.Value, bool) {
	if len(cons) == 0 || d.t.Kind != c.KInt {
		return 0, false
	}
	sat := func(v c.Value) bool {
		if !d.contains(v) {
			return false
		}
		a := c.Assignment{s: v}
		for _, e := range cons {
			if ok, err := (c.Clause{e}).Eval(a); !ok || err != nil {
				return false
			}
		}
		return true
	}
	want := try % 8 // the satisfying candidate to take
	seen := map[c.Value]bool{}
	found := 0
	var pick c.Value
	consider := func(x int64) bool {
		v := c.Wrap(d.t, uint64(x))
		if seen[v] {
			return false
		}
		seen[v] = true
		if !sat(v) {
			return false
		}
		pick = v
		found++
		return found > want
	}
	for i := int64(0); i <= 64; i++ {
		if consider(i) || i > 0 && consider(-i) {
			return pick, true
		}
	}
	for _, m := range moduli(cons) {
		for t := int64(1); t <= 16; t++ {
			for r := int64(0); r < min(m, 4); r++ {
				if consider(m*t+r) || consider(-m*t+r) {
					return pick, true
				}
			}
		}
	}
	for _, k := range []uint64{d.lo, d.hi} {
		if consider(int64(fromKey(d.t, k))) {
			return pick, true
		}
	}
	return pick, found > 0
}

// moduli lists the constant divisors of % and / in the constraints,
// largest first.
func moduli(cons c.Clause) []int64 {
	set := map[int64]bool{}
	for _, e := range cons {
		walkExpr(e, func(x c.Expr) {
			if b, ok := x.(*c.Binary); ok && (b.Op == token.REM || b.Op == token.QUO) {
				if k, ok := b.Y.(*c.Const); ok && b.Y.Type().Signed && k.V.Int() > 1 && k.V.Int() < 1<<32 {
					set[k.V.Int()] = true
				} else if ok && !b.Y.Type().Signed && k.V.Uint() > 1 && k.V.Uint() < 1<<32 {
					set[int64(k.V.Uint())] = true
				}
			}
		})
	}
	out := make([]int64, 0, len(set))
	for m := range set {
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] > out[j] })
	return out
}

func walkExpr(e c.Expr, f func(c.Expr)) {
	f(e)
	switch x := e.(type) {
	case *c.Unary:
		walkExpr(x.X, f)
	case *c.Binary:
		walkExpr(x.X, f)
		walkExpr(x.Y, f)
	case *c.Convert:
		walkExpr(x.X, f)
	}
}
