package milp

// This file maps path conditions to linear constraints (the paper's lp
// function, partial linearisation) and builds the 0-1 big-M problem of
// an execution tree (eqs. 10–12).

import (
	"fmt"
	"go/token"
	"math"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve/milp"
)

// lit is a guard literal: binary variable Var is 1 (Pos) or 0.
type lit struct {
	Var int
	Pos bool
}

// row is a linear constraint that binds only when all its guards hold;
// otherwise it is relaxed by big M (computed from the variables'
// bounds when the problem is built).
type row struct {
	terms  map[int]float64
	rel    milp.Rel
	rhs    float64
	guards []lit
}

// lin is a linear form Σ coef·x + k over the problem's variables.
type lin struct {
	terms map[int]float64
	k     float64
}

func constLin(v float64) lin { return lin{k: v} }

func (l lin) scale(f float64) lin {
	out := lin{terms: make(map[int]float64, len(l.terms)), k: l.k * f}
	for v, a := range l.terms {
		out.terms[v] = a * f
	}
	return out
}

func (l lin) add(o lin, sign float64) lin {
	out := lin{terms: make(map[int]float64, len(l.terms)+len(o.terms)), k: l.k + sign*o.k}
	for v, a := range l.terms {
		out.terms[v] = a
	}
	for v, a := range o.terms {
		out.terms[v] += sign * a
		if out.terms[v] == 0 {
			delete(out.terms, v)
		}
	}
	return out
}

func (l lin) constant() (float64, bool) { return l.k, len(l.terms) == 0 }

// errNonlinear says an expression has no linear form here.
type errNonlinear struct{ what string }

func (e *errNonlinear) Error() string { return "not linear: " + e.what }

func nonlinear(format string, args ...any) error {
	return &errNonlinear{fmt.Sprintf(format, args...)}
}

// encoder builds one problem: the variables of the input symbols
// (within the box), auxiliary ones, and the guarded rows.
type encoder struct {
	p    milp.Problem
	syms map[*c.Sym]int
	sym  []*c.Sym // per variable, its symbol (nil: auxiliary)
	rows []row
	box  float64 // the bound of the integer inputs' magnitudes
	fbox float64 // of the floats'
	// guards of the atom being encoded: its node's activation.
	guards []lit
	// nan: a path was left out because it needs a NaN (x != x); nanSyms
	// the float inputs so compared, which a NaN case split may fix.
	nan     bool
	nanSyms []*c.Sym
	decided int // comparisons decided without a row
}

func newEncoder(box, fbox float64) *encoder {
	return &encoder{syms: map[*c.Sym]int{}, box: box, fbox: fbox}
}

// variable returns s's variable, made on first use with s's type's
// bounds within the box.
func (e *encoder) variable(s *c.Sym) int {
	if v, ok := e.syms[s]; ok {
		return v
	}
	var lo, hi float64
	integer := true
	switch t := s.Type; t.Kind {
	case c.KBool:
		lo, hi = 0, 1
	case c.KInt:
		lo, hi = typeRange(t)
		lo, hi = math.Max(lo, -e.box), math.Min(hi, e.box)
		if explore.IsLength(s) {
			lo = math.Max(lo, 0)
		}
	default:
		lo, hi, integer = -e.fbox, e.fbox, false
	}
	v := e.p.AddVar(s.Name, lo, hi, integer)
	e.syms[s] = v
	e.sym = append(e.sym, s)
	return v
}

func (e *encoder) aux(name string, lo, hi float64, integer bool) int {
	v := e.p.AddVar(name, lo, hi, integer)
	e.sym = append(e.sym, nil)
	return v
}

// forget drops the symbols whose variables were made at or after nv
// (their rows undone).
func (e *encoder) forget(nv int) {
	for s, v := range e.syms {
		if v >= nv {
			delete(e.syms, s)
		}
	}
}

// binary adds a fresh 0-1 variable.
func (e *encoder) binary(name string) int { return e.aux(name, 0, 1, true) }

func typeRange(t c.Type) (float64, float64) {
	if t.Signed {
		return float64(t.Min()), float64(t.Max())
	}
	return 0, float64(t.Max())
}

// bounds is the interval of l over the variables' bounds.
func (e *encoder) bounds(l lin) (float64, float64) {
	lo, hi := l.k, l.k
	for v, a := range l.terms {
		x, y := a*e.p.Vars[v].Lo, a*e.p.Vars[v].Hi
		lo += math.Min(x, y)
		hi += math.Max(x, y)
	}
	return lo, hi
}

// emit adds l rel 0 under the current guards (and extra ones).
func (e *encoder) emit(l lin, rel milp.Rel, extra ...lit) {
	r := row{terms: l.terms, rel: rel, rhs: -l.k}
	r.guards = append(append([]lit(nil), e.guards...), extra...)
	e.rows = append(e.rows, r)
}

// fits adds the rows that keep l within t's range (Go's arithmetic
// wraps; the linear form does not), when its bounds could leave it.
func (e *encoder) fits(l lin, t c.Type) {
	if t.Kind != c.KInt {
		return
	}
	tlo, thi := typeRange(t)
	lo, hi := e.bounds(l)
	if lo < tlo {
		e.emit(l.add(constLin(tlo), -1), milp.GE)
	}
	if hi > thi {
		e.emit(l.add(constLin(thi), -1), milp.LE)
	}
}

// value is the linear form of an integer, float or bool expression.
func (e *encoder) value(x c.Expr) (lin, error) {
	if _, isConst := x.(*c.Const); !isConst && len(c.Vars(x)) == 0 {
		// A constant expression is evaluated in Go's arithmetic (its
		// wraparound, its truncation), not encoded: auxiliaries of
		// values near 2^63 would wreck the relaxation's numbers.
		v, err := c.Eval(x, c.Assignment{})
		if err != nil {
			return lin{}, nonlinear("a constant that panics (%v)", err)
		}
		return constLin(constValue(&c.Const{T: x.Type(), V: v})), nil
	}
	switch x := x.(type) {
	case *c.Var:
		return lin{terms: map[int]float64{e.variable(x.Sym): 1}}, nil
	case *c.Const:
		return constLin(constValue(x)), nil
	case *c.Unary:
		l, err := e.value(x.X)
		if err != nil {
			return lin{}, err
		}
		t := x.Type()
		switch {
		case x.Op == token.SUB:
			l = l.scale(-1)
			e.fits(l, t)
			return l, nil
		case x.Op == token.XOR && t.Kind == c.KInt && t.Signed:
			return l.scale(-1).add(constLin(-1), 1), nil // ^x = −x − 1
		case x.Op == token.XOR && t.Kind == c.KInt:
			_, hi := typeRange(t)
			return l.scale(-1).add(constLin(hi), 1), nil // ^x = max − x
		case x.Op == token.NOT:
			return l.scale(-1).add(constLin(1), 1), nil
		}
	case *c.Convert:
		l, err := e.value(x.X)
		if err != nil {
			return lin{}, err
		}
		from := x.X.Type()
		switch {
		case from.Kind == c.KInt && x.T.Kind == c.KInt:
			// The value is kept: the search stays where T holds it.
			e.fits(l, x.T)
			return l, nil
		case from.Kind == c.KInt && x.T.Kind == c.KFloat:
			return l, nil
		case from.Kind == c.KFloat && x.T.Kind == c.KFloat:
			return l, nil
		}
		return lin{}, nonlinear("conversion %s to %s", from, x.T)
	case *c.Binary:
		return e.binaryValue(x)
	}
	return lin{}, nonlinear("%T", x)
}

func constValue(x *c.Const) float64 {
	switch x.T.Kind {
	case c.KBool:
		if x.V.Bool() {
			return 1
		}
		return 0
	case c.KFloat:
		return x.V.Float()
	}
	if x.T.Signed {
		return float64(x.V.Int())
	}
	return float64(x.V.Uint())
}

func (e *encoder) binaryValue(x *c.Binary) (lin, error) {
	if c.IsComparison(x.Op) || x.Op == token.LAND || x.Op == token.LOR {
		// A bool value: 0-1, equal to the condition.
		return lin{}, nonlinear("a condition as a value")
	}
	t := x.Type()
	l, err := e.value(x.X)
	if err != nil {
		return lin{}, err
	}
	// Shifts and masks by constants before the right side's form.
	if k, ok := constInt(x.Y); ok && t.Kind == c.KInt {
		switch x.Op {
		case token.SHL:
			if k < 0 || k > 62 {
				return lin{}, nonlinear("shift by %d", k)
			}
			out := l.scale(math.Ldexp(1, int(k)))
			e.fits(out, t)
			return out, nil
		case token.SHR:
			if k < 0 || k > 62 {
				return lin{}, nonlinear("shift by %d", k)
			}
			q, _ := e.divmod(l, math.Ldexp(1, int(k)), true)
			return q, nil
		case token.AND:
			if k > 0 && k&(k+1) == 0 { // x & (2^n − 1) = x mod 2^n, floored
				_, r := e.divmod(l, float64(k+1), true)
				return r, nil
			}
			if t.Bits <= 32 {
				return e.bitwise(l, t, x.Op, uint64(k)), nil
			}
		case token.OR, token.XOR:
			if t.Bits <= 32 {
				return e.bitwise(l, t, x.Op, uint64(k)), nil
			}
		case token.QUO, token.REM:
			if k == 0 {
				return lin{}, nonlinear("division by zero")
			}
			lo, hi := e.bounds(l)
			var q, r lin
			if lo < 0 && hi > 0 {
				q, r = e.divmodTrunc(l, math.Abs(float64(k)))
			} else {
				q, r = e.divmod(l, math.Abs(float64(k)), lo >= 0)
			}
			if x.Op == token.REM {
				return r, nil
			}
			if k < 0 {
				q = q.scale(-1)
			}
			e.fits(q, t)
			return q, nil
		}
	}
	r, err := e.value(x.Y)
	if err != nil {
		return lin{}, err
	}
	switch x.Op {
	case token.ADD, token.SUB:
		sign := 1.0
		if x.Op == token.SUB {
			sign = -1
		}
		out := l.add(r, sign)
		e.fits(out, t)
		return out, nil
	case token.MUL:
		if k, ok := r.constant(); ok {
			out := l.scale(k)
			e.fits(out, t)
			return out, nil
		}
		if k, ok := l.constant(); ok {
			out := r.scale(k)
			e.fits(out, t)
			return out, nil
		}
		return lin{}, nonlinear("a product of two inputs")
	case token.QUO:
		if k, ok := r.constant(); ok && t.Kind == c.KFloat && k != 0 {
			return l.scale(1 / k), nil
		}
	}
	return lin{}, nonlinear("%s", x.Op)
}

func constInt(x c.Expr) (int64, bool) {
	k, ok := x.(*c.Const)
	if !ok || k.T.Kind != c.KInt {
		return 0, false
	}
	if !k.T.Signed && k.V.Uint() > math.MaxInt64 {
		return 0, false
	}
	return k.V.Int(), true
}

// divmod introduces q and r with l = d·q + r: 0 ≤ r < d when floor
// (or when l ≥ 0), −d < r ≤ 0 otherwise (truncation of a value ≤ 0).
func (e *encoder) divmod(l lin, d float64, floor bool) (lin, lin) {
	lo, hi := e.bounds(l)
	qlo, qhi := math.Floor(lo/d), math.Ceil(hi/d)
	rlo, rhi := 0.0, d-1
	if !floor {
		rlo, rhi = -(d - 1), 0
		qlo, qhi = math.Floor(lo/d), math.Ceil(hi/d)
	}
	q := e.aux("q", qlo, qhi, true)
	r := e.aux("r", rlo, rhi, true)
	// l − d·q − r = 0
	def := l.add(lin{terms: map[int]float64{q: d, r: 1}}, -1)
	e.emit(def, milp.EQ)
	return lin{terms: map[int]float64{q: 1}}, lin{terms: map[int]float64{r: 1}}
}

// bitwise is l op k for op one of & | ^ and a constant k, through l's
// bits in t's two's complement: l = Σ w_i·b_i with a 0-1 b_i per bit
// (w_i = 2^i, the top one −2^(n−1) when t is signed); each bit of the
// result is b_i, 1 − b_i, 0 or 1 as k's bit says.
func (e *encoder) bitwise(l lin, t c.Type, op token.Token, k uint64) lin {
	e.fits(l, t)
	n := t.Bits
	def := lin{terms: map[int]float64{}}
	out := lin{terms: map[int]float64{}}
	for i := 0; i < n; i++ {
		w := math.Ldexp(1, i)
		if i == n-1 && t.Signed {
			w = -w
		}
		b := e.binary("bit")
		def.terms[b] = w
		kb := k>>uint(i)&1 == 1
		switch {
		case op == token.AND && kb, op != token.AND && !kb:
			out.terms[b] = w // b_i
		case op == token.OR && kb:
			out.k += w // 1
		case op == token.XOR && kb:
			out.k += w // 1 − b_i
			out.terms[b] = -w
		}
	}
	e.emit(l.add(def, -1), milp.EQ)
	return out
}

// divmodTrunc is Go's truncated l / d and l % d (d > 0) for an l of
// either sign: a 0-1 variable s chooses the sign, l ≥ 0 with 0 ≤ r < d
// when s = 1, l ≤ 0 with −d < r ≤ 0 when s = 0, and l = d·q + r.
func (e *encoder) divmodTrunc(l lin, d float64) (lin, lin) {
	lo, hi := e.bounds(l)
	s := e.binary("sign")
	q := e.aux("q", math.Floor(lo/d)-1, math.Ceil(hi/d)+1, true)
	r := e.aux("r", -(d - 1), d-1, true)
	e.emit(l.add(lin{terms: map[int]float64{q: d, r: 1}}, -1), milp.EQ)
	// r ≥ −(d−1)(1−s), r ≤ (d−1)s
	e.emit(lin{terms: map[int]float64{r: 1, s: -(d - 1)}, k: d - 1}, milp.GE)
	e.emit(lin{terms: map[int]float64{r: 1, s: -(d - 1)}}, milp.LE)
	// l ≥ lo(1−s), l ≤ hi·s
	e.emit(l.add(lin{terms: map[int]float64{s: -lo}, k: lo}, -1), milp.GE)
	e.emit(l.add(lin{terms: map[int]float64{s: hi}}, -1), milp.LE)
	return lin{terms: map[int]float64{q: 1}}, lin{terms: map[int]float64{r: 1}}
}

// floatGap is how far apart a strict float comparison puts its sides
// at least.
const floatGap = 1e-6

// floatGap is the gap of a strict comparison of l and r of float type
// t: floatGap, or a few units in the last place of the larger side's
// magnitude over the box, so that the sides stay apart once rounded to
// t (1e-6 vanishes in a float32 beyond 8).
func (e *encoder) floatGap(t c.Type, l, r lin) float64 {
	m := 0.0
	for _, x := range []lin{l, r} {
		lo, hi := e.bounds(x)
		m = math.Max(m, math.Max(math.Abs(lo), math.Abs(hi)))
	}
	ulps := 0x1p-50 // 4 ulps of a float64
	if t.Bits == 32 {
		ulps = 0x1p-21
		m = math.Min(m, 0x1p24) // beyond 2^24 every float32 is an integer: 1 apart is enough
	}
	return math.Max(floatGap, m*ulps)
}

// cond adds the rows of a condition under the current guards: false
// when it cannot hold (a false constant).
func (e *encoder) cond(x c.Expr) (bool, error) {
	switch x := x.(type) {
	case *c.Const:
		return x.V.Bool(), nil
	case *c.Var:
		l, err := e.value(x)
		if err != nil {
			return false, err
		}
		e.emit(l.add(constLin(1), -1), milp.GE) // b ≥ 1
		return true, nil
	case *c.Unary:
		if x.Op == token.NOT {
			if _, isVar := x.X.(*c.Var); isVar {
				l, err := e.value(x.X)
				if err != nil {
					return false, err
				}
				e.emit(l, milp.LE) // b ≤ 0
				return true, nil
			}
			n := c.Not(x.X)
			if u, ok := n.(*c.Unary); ok && u.Op == token.NOT {
				// A float comparison keeps its negation (NaN); the
				// problem's floats are finite numbers, for which it is
				// the opposite comparison.
				if b, ok := u.X.(*c.Binary); ok && opposite[b.Op] != token.ILLEGAL {
					return e.compare(opposite[b.Op], b.X, b.Y)
				}
				return false, nonlinear("a negation")
			}
			return e.cond(n)
		}
	case *c.Binary:
		switch x.Op {
		case token.LAND:
			ok, err := e.cond(x.X)
			if err != nil || !ok {
				return ok, err
			}
			return e.cond(x.Y)
		case token.LOR:
			// One 0-1 variable chooses the side that holds; a side with
			// no linear form is not chosen (the other is the linear
			// alternative).
			mark, nv := len(e.rows), len(e.p.Vars)
			w := e.binary("or")
			saved := e.guards
			e.guards = append(append([]lit(nil), saved...), lit{w, true})
			okL, errL := e.cond(x.X)
			e.guards = append(append([]lit(nil), saved...), lit{w, false})
			okR, errR := e.cond(x.Y)
			e.guards = saved
			switch {
			case errL != nil && errR != nil:
				return false, errL
			case errL != nil || errR != nil:
				// Only the linear side, unguarded by w.
				e.rows, e.p.Vars, e.sym = e.rows[:mark], e.p.Vars[:nv], e.sym[:nv]
				e.forget(nv)
				if errL != nil {
					return e.cond(x.Y)
				}
				return e.cond(x.X)
			case !okL && !okR:
				return false, nil
			case !okL:
				e.emit(lin{terms: map[int]float64{w: 1}}, milp.LE) // w = 0
			case !okR:
				e.emit(lin{terms: map[int]float64{w: 1}, k: -1}, milp.GE) // w = 1
			}
			return true, nil
		}
		if c.IsComparison(x.Op) {
			return e.compare(x.Op, x.X, x.Y)
		}
	}
	return false, nonlinear("condition %T", x)
}

var opposite = map[token.Token]token.Token{
	token.LSS: token.GEQ, token.GEQ: token.LSS,
	token.GTR: token.LEQ, token.LEQ: token.GTR,
}

// compare adds l op r.
// A comparison whose sides differ by a constant (x != x, x+1 > x) is
// decided here, with no row: false leaves the path out.
func (e *encoder) compare(op token.Token, lx, rx c.Expr) (bool, error) {
	t := lx.Type()
	l, err := e.value(lx)
	if err != nil {
		return false, err
	}
	r, err := e.value(rx)
	if err != nil {
		return false, err
	}
	d := l.add(r, -1)
	if k, ok := d.constant(); ok {
		e.decided++
		if t.Kind == c.KFloat && k == 0 && (op == token.NEQ || op == token.LSS || op == token.GTR) {
			e.nan = true // x != x: only a NaN, which the problem has not
			if v, ok := lx.(*c.Var); ok {
				e.nanSyms = append(e.nanSyms, v.Sym)
			}
		}
		switch op {
		case token.LSS:
			return k < 0, nil
		case token.LEQ:
			return k <= 0, nil
		case token.GTR:
			return k > 0, nil
		case token.GEQ:
			return k >= 0, nil
		case token.EQL:
			return k == 0, nil
		case token.NEQ:
			return k != 0, nil
		}
	}
	gap := 1.0
	if t.Kind == c.KFloat {
		gap = e.floatGap(t, l, r)
	}
	switch op {
	case token.LSS:
		e.emit(d.add(constLin(-gap), -1), milp.LE) // d ≤ −gap
	case token.LEQ:
		e.emit(d, milp.LE)
	case token.GTR:
		e.emit(d.add(constLin(gap), -1), milp.GE)
	case token.GEQ:
		e.emit(d, milp.GE)
	case token.EQL:
		e.emit(d, milp.EQ)
	case token.NEQ:
		if t.Kind == c.KBool {
			// l + r = 1
			e.emit(l.add(r, 1).add(constLin(1), -1), milp.EQ)
			return true, nil
		}
		w := e.binary("ne")
		e.emit(d.add(constLin(-gap), -1), milp.LE, lit{w, true})
		e.emit(d.add(constLin(gap), -1), milp.GE, lit{w, false})
	default:
		return false, nonlinear("comparison %s", op)
	}
	return true, nil
}

// build makes the problem: each row with its guards relaxed by big M,
// M the largest violation the variables' bounds allow.
func (e *encoder) build() *milp.Problem {
	p := e.p
	p.Cons = nil
	for _, r := range e.rows {
		l := lin{terms: r.terms, k: -r.rhs}
		lo, hi := e.bounds(l)
		add := func(rel milp.Rel) {
			terms := make([]milp.Term, 0, len(r.terms)+len(r.guards))
			for v, a := range r.terms {
				terms = append(terms, milp.Term{Var: v, Coef: a})
			}
			rhs := r.rhs
			var m float64
			switch rel {
			case milp.LE:
				m = math.Max(hi, 0) // l ≤ 0 violated by at most hi
			case milp.GE:
				m = math.Max(-lo, 0)
			}
			if m > 0 {
				m++ // slack against rounding
			}
			// l ≤ M·Σ(1 − lit): for each guard, −M·lit on the left
			// and −M on the right (for ≥, the signs flip).
			for _, g := range r.guards {
				if m == 0 {
					break
				}
				sign := 1.0
				if rel == milp.GE {
					sign = -1
				}
				if g.Pos {
					// + sign·M·(1 − w): rhs += sign·M, term −sign·M·w
					rhs += sign * m
					terms = append(terms, milp.Term{Var: g.Var, Coef: sign * m})
				} else {
					// + sign·M·w
					terms = append(terms, milp.Term{Var: g.Var, Coef: -sign * m})
				}
			}
			p.Cons = append(p.Cons, milp.Constraint{Terms: terms, Rel: rel, RHS: rhs})
		}
		switch r.rel {
		case milp.EQ:
			add(milp.LE)
			add(milp.GE)
		default:
			add(r.rel)
		}
	}
	return &p
}
