// Package milp is gozilla's mixed-integer linear programming solver:
// branch and bound over the LP relaxation, the relaxation solved by a
// bounded-variable primal simplex on a dense tableau. It is pure Go and
// works in float64.
//
// Its answers are proposals, never proofs. A float64 simplex rounds, so
// a solution is checked against every constraint before it is reported
// (and a caller checks it again in its own semantics: the MILP engine
// runs the input it makes). NoSolution means the search found none
// within its limits and tolerances; it is not a proof of infeasibility,
// and a caller must read it as "unknown".
//
// Why not gonum's lp.Simplex: it refactorises the basis with a dense LU
// at every pivot, needs the problem in standard form (bounds as extra
// rows, free variables split) and full row rank, cannot be warm-started,
// and panics on some degenerate inputs. Branch and bound solves many
// small relaxations that differ in a bound; a tableau with bounds kept
// out of the rows and a bound flip instead of a pivot is the usual tool
// for that, and short.
package milp

import (
	"errors"
	"math"
)

// Rel is a constraint's relation.
type Rel int8

const (
	LE Rel = iota // Σ terms ≤ RHS
	GE            // Σ terms ≥ RHS
	EQ            // Σ terms = RHS
)

func (r Rel) String() string {
	switch r {
	case LE:
		return "<="
	case GE:
		return ">="
	}
	return "="
}

// Term is Coef·x[Var].
type Term struct {
	Var  int
	Coef float64
}

// Constraint is Σ Terms Rel RHS.
type Constraint struct {
	Terms []Term
	Rel   Rel
	RHS   float64
}

// Var is a variable with finite bounds.
type Var struct {
	Name    string
	Lo, Hi  float64
	Integer bool
}

// Problem is: minimise Σ Obj[j]·x[j] subject to Cons and the variables'
// bounds and integrality. A nil Obj asks for any feasible point.
type Problem struct {
	Vars []Var
	Cons []Constraint
	Obj  []float64
}

// AddVar adds a variable and returns its index.
func (p *Problem) AddVar(name string, lo, hi float64, integer bool) int {
	p.Vars = append(p.Vars, Var{name, lo, hi, integer})
	return len(p.Vars) - 1
}

// Add adds a constraint.
func (p *Problem) Add(terms []Term, rel Rel, rhs float64) {
	p.Cons = append(p.Cons, Constraint{terms, rel, rhs})
}

// Integers counts the integer variables.
func (p *Problem) Integers() int {
	n := 0
	for _, v := range p.Vars {
		if v.Integer {
			n++
		}
	}
	return n
}

// Tolerances.
const (
	pivotTol = 1e-9 // smallest tableau entry a ratio test pivots on
	costTol  = 1e-9 // reduced cost that still improves
	feasTol  = 1e-7 // constraint violation taken as satisfied (relative to the row's scale)
	intTol   = 1e-6 // distance from an integer taken as integral
)

var (
	errInfeasible = errors.New("LP infeasible")
	errUnbounded  = errors.New("LP unbounded")
	errPivots     = errors.New("LP pivot limit")
	errNumeric    = errors.New("LP numerically unstable")
)

// lp is one relaxation: rows Σ a_ij x_j + s_i = b_i over the
// structural variables x (bounded), one slack per row (its bounds the
// row's relation) and the artificial variables of phase 1.
type lp struct {
	m, n  int         // rows, columns
	t     [][]float64 // m × n: B⁻¹A
	beta  []float64   // B⁻¹b
	basis []int       // the basic column of each row
	row   []int       // the row of a basic column, -1 for nonbasic
	lo    []float64
	hi    []float64
	x     []float64 // every column's value
	d     []float64 // reduced costs
	cost  []float64
	nart  int // artificial columns, the last ones

	pivots, maxPivots int
}

// solveLP solves the relaxation of p with the bounds lo, hi of its
// variables: the structural values, or an error.
func solveLP(p *Problem, lo, hi []float64, maxPivots int) ([]float64, int, error) {
	nx, m := len(p.Vars), len(p.Cons)
	for j := 0; j < nx; j++ {
		if lo[j] > hi[j]+intTol {
			return nil, 0, errInfeasible
		}
	}
	s := &lp{m: m, maxPivots: maxPivots}
	// Start with every structural variable at its bound nearer zero.
	x0 := make([]float64, nx)
	for j := range x0 {
		x0[j] = lo[j]
		if math.Abs(hi[j]) < math.Abs(lo[j]) {
			x0[j] = hi[j]
		}
	}
	// Residuals decide which rows need an artificial.
	type rowInit struct {
		r, slack, sign float64
		art            bool
	}
	inits := make([]rowInit, m)
	nart := 0
	for i, con := range p.Cons {
		r := con.RHS
		for _, t := range con.Terms {
			r -= t.Coef * x0[t.Var]
		}
		slo, shi := slackBounds(con.Rel)
		c := math.Min(math.Max(r, slo), shi)
		in := rowInit{r: r, slack: c}
		if math.Abs(r-c) > 0 {
			in.art, in.sign = true, 1
			if r-c < 0 {
				in.sign = -1
			}
			nart++
		}
		inits[i] = in
	}
	s.n = nx + m + nart
	s.nart = nart
	s.t = make([][]float64, m)
	s.beta = make([]float64, m)
	s.basis = make([]int, m)
	s.row = make([]int, s.n)
	s.lo = make([]float64, s.n)
	s.hi = make([]float64, s.n)
	s.x = make([]float64, s.n)
	for j := range s.row {
		s.row[j] = -1
	}
	copy(s.lo, lo[:nx])
	copy(s.hi, hi[:nx])
	copy(s.x, x0)
	a := nx + m
	for i, con := range p.Cons {
		tr := make([]float64, s.n)
		for _, t := range con.Terms {
			tr[t.Var] += t.Coef
		}
		sc := nx + i
		tr[sc] = 1
		s.lo[sc], s.hi[sc] = slackBounds(con.Rel)
		in := inits[i]
		b := con.RHS
		if in.art {
			// σ·(a x + s) + art = σ·b, art = |r − c| basic.
			for j := range tr {
				tr[j] *= in.sign
			}
			tr[a] = 1
			s.lo[a], s.hi[a] = 0, math.Inf(1)
			s.x[sc] = in.slack
			s.x[a] = math.Abs(in.r - in.slack)
			s.basis[i], s.row[a] = a, i
			b *= in.sign
			a++
		} else {
			s.x[sc] = in.r
			s.basis[i], s.row[sc] = sc, i
		}
		s.t[i] = tr
		s.beta[i] = b
	}
	if nart > 0 {
		cost := make([]float64, s.n)
		for j := nx + m; j < s.n; j++ {
			cost[j] = 1
		}
		if err := s.run(cost); err != nil {
			return nil, s.pivots, err
		}
		s.refresh()
		infeas, scale := 0.0, 1.0
		for j := nx + m; j < s.n; j++ {
			infeas += s.x[j]
		}
		for _, con := range p.Cons {
			scale = math.Max(scale, math.Abs(con.RHS))
		}
		if infeas > feasTol*scale*float64(1+m) {
			return nil, s.pivots, errInfeasible
		}
		// The artificials stay at zero from now on.
		for j := nx + m; j < s.n; j++ {
			s.lo[j], s.hi[j] = 0, 0
			if s.row[j] < 0 {
				s.x[j] = 0
			}
		}
	}
	if p.Obj != nil {
		cost := make([]float64, s.n)
		copy(cost, p.Obj)
		if err := s.run(cost); err != nil {
			return nil, s.pivots, err
		}
		s.refresh()
	}
	return s.x[:nx], s.pivots, nil
}

func slackBounds(r Rel) (float64, float64) {
	switch r {
	case LE:
		return 0, math.Inf(1)
	case GE:
		return math.Inf(-1), 0
	}
	return 0, 0
}

// run minimises cost from the current basis.
func (s *lp) run(cost []float64) error {
	s.cost = cost
	s.d = make([]float64, s.n)
	copy(s.d, cost)
	for i, b := range s.basis {
		if cb := cost[b]; cb != 0 {
			for j, v := range s.t[i] {
				s.d[j] -= cb * v
			}
		}
	}
	degenerate := 0
	for {
		bland := degenerate > 50
		j, dir := s.entering(bland)
		if j < 0 {
			return nil
		}
		if s.pivots >= s.maxPivots {
			return errPivots
		}
		step, r := s.ratio(j, dir, bland)
		if math.IsInf(step, 1) {
			return errUnbounded
		}
		if step <= 1e-12 {
			degenerate++
		} else {
			degenerate = 0
		}
		s.move(j, dir*step)
		if r < 0 { // bound flip
			if dir > 0 {
				s.x[j] = s.hi[j]
			} else {
				s.x[j] = s.lo[j]
			}
			continue
		}
		s.pivot(r, j)
		s.pivots++
		if s.pivots%64 == 0 {
			s.refresh()
		}
	}
}

// entering picks a nonbasic column whose move improves the cost, and
// the direction of the move: Dantzig's largest reduced cost, or Bland's
// first eligible column against cycling.
func (s *lp) entering(bland bool) (int, float64) {
	best, bestDir, bestVal := -1, 0.0, 0.0
	for j := 0; j < s.n; j++ {
		if s.row[j] >= 0 || s.lo[j] == s.hi[j] {
			continue
		}
		d := s.d[j]
		var dir float64
		switch {
		case d < -costTol && s.x[j] < s.hi[j]:
			dir = 1
		case d > costTol && s.x[j] > s.lo[j]:
			dir = -1
		default:
			continue
		}
		if bland {
			return j, dir
		}
		if math.Abs(d) > bestVal {
			best, bestDir, bestVal = j, dir, math.Abs(d)
		}
	}
	return best, bestDir
}

// ratio is the longest move of column j in direction dir keeping every
// basic variable within its bounds: the step, and the row that blocks
// it (-1 when j reaches its own other bound first).
func (s *lp) ratio(j int, dir float64, bland bool) (float64, int) {
	step, row := s.hi[j]-s.lo[j], -1
	bestPiv := 0.0
	for i := 0; i < s.m; i++ {
		a := s.t[i][j]
		if math.Abs(a) < pivotTol {
			continue
		}
		b := s.basis[i]
		rate := -dir * a // change of x_b per unit of the move
		var lim float64
		if rate < 0 {
			if math.IsInf(s.lo[b], -1) {
				continue
			}
			lim = (s.x[b] - s.lo[b]) / -rate
		} else {
			if math.IsInf(s.hi[b], 1) {
				continue
			}
			lim = (s.hi[b] - s.x[b]) / rate
		}
		if lim < 0 {
			lim = 0
		}
		switch {
		case lim < step-1e-12:
			step, row, bestPiv = lim, i, math.Abs(a)
		case lim <= step+1e-12 && row >= 0:
			// A tie: Bland takes the smallest basic index, otherwise
			// the larger pivot is the stabler.
			if bland && s.basis[i] < s.basis[row] || !bland && math.Abs(a) > bestPiv {
				row, bestPiv = i, math.Abs(a)
			}
		}
	}
	return step, row
}

// move changes nonbasic column j by delta and the basic values with it.
func (s *lp) move(j int, delta float64) {
	if delta == 0 {
		return
	}
	s.x[j] += delta
	for i := 0; i < s.m; i++ {
		if a := s.t[i][j]; a != 0 {
			s.x[s.basis[i]] -= delta * a
		}
	}
}

// pivot makes column j basic in row r; the leaving variable is put
// exactly on the bound it reached.
func (s *lp) pivot(r, j int) {
	leave := s.basis[r]
	if math.Abs(s.x[leave]-s.lo[leave]) <= math.Abs(s.x[leave]-s.hi[leave]) {
		s.x[leave] = s.lo[leave]
	} else {
		s.x[leave] = s.hi[leave]
	}
	tr := s.t[r]
	p := tr[j]
	for k := range tr {
		tr[k] /= p
	}
	s.beta[r] /= p
	tr[j] = 1
	for i := 0; i < s.m; i++ {
		if i == r {
			continue
		}
		f := s.t[i][j]
		if f == 0 {
			continue
		}
		ti := s.t[i]
		for k, v := range tr {
			if v != 0 {
				ti[k] -= f * v
			}
		}
		ti[j] = 0
		s.beta[i] -= f * s.beta[r]
	}
	if f := s.d[j]; f != 0 {
		for k, v := range tr {
			if v != 0 {
				s.d[k] -= f * v
			}
		}
		s.d[j] = 0
	}
	s.basis[r] = j
	s.row[leave], s.row[j] = -1, r
}

// refresh recomputes the basic values from the nonbasic ones, which
// the incremental updates let drift.
func (s *lp) refresh() {
	for i := 0; i < s.m; i++ {
		v := s.beta[i]
		for j, a := range s.t[i] {
			if a != 0 && s.row[j] < 0 {
				v -= a * s.x[j]
			}
		}
		s.x[s.basis[i]] = v
	}
}
