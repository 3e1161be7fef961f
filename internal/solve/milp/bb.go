package milp

import (
	"fmt"
	"math"
	"sort"
)

// Limits bound a search: counts, so that a problem gets the same answer
// on every machine, and a stop the caller polls (its deadline).
type Limits struct {
	MaxNodes  int // relaxations solved (0: 10 000)
	MaxPivots int // pivots of one relaxation (0: 20 000)
	// MaxWork bounds the search's arithmetic: the tableau entries its
	// pivots update, summed (0: none). It tracks the time a search takes
	// better than a count of relaxations, whose sizes vary.
	MaxWork int64
	Stop    func() bool // polled before each relaxation
}

// Status is a search's outcome.
type Status uint8

const (
	Unknown    Status = iota // a limit or numerical trouble ended the search
	Solved                   // X satisfies every constraint, bound and integrality
	NoSolution               // the search ended without one: not a proof
)

func (s Status) String() string {
	switch s {
	case Solved:
		return "solved"
	case NoSolution:
		return "no solution"
	}
	return "unknown"
}

// Result is a search's answer.
type Result struct {
	Status Status
	X      []float64 // Solved: the point, integers exact
	Obj    float64   // Solved: its objective
	Nodes  int       // relaxations solved
	Pivots int       // over all relaxations
	Work   int64     // tableau entries updated (Limits.MaxWork)
	// Near are, when no point was found, relaxations' points with their
	// integers rounded that miss some constraint: a caller that checks
	// a point in its own semantics (the constraints may say more than it
	// needs) may try them.
	Near [][]float64
	Why  string // Unknown: what ended it
}

// maxNear bounds Result.Near.
const maxNear = 8

// Solve searches p by depth-first branch and bound. Without an
// objective the first integral point ends it; with one, the best found.
// Binary variables are branched on before other integers, the most
// fractional first, and the side nearer the relaxation's value is
// explored first.
func Solve(p *Problem, lim Limits) Result {
	if lim.MaxNodes <= 0 {
		lim.MaxNodes = 10_000
	}
	if lim.MaxPivots <= 0 {
		lim.MaxPivots = 20_000
	}
	if err := p.check(); err != nil {
		return Result{Why: err.Error()}
	}
	p, empty := presolve(p)
	if empty {
		return Result{Status: NoSolution}
	}
	type node struct{ lo, hi []float64 }
	root := node{make([]float64, len(p.Vars)), make([]float64, len(p.Vars))}
	for j, v := range p.Vars {
		root.lo[j], root.hi[j] = v.Lo, v.Hi
		if v.Integer {
			root.lo[j], root.hi[j] = math.Ceil(v.Lo-intTol), math.Floor(v.Hi+intTol)
		}
	}
	stack := []node{root}
	var res Result
	var best []float64
	bestObj := math.Inf(1)
	trouble := ""
	for len(stack) > 0 {
		if res.Nodes >= lim.MaxNodes {
			trouble = fmt.Sprintf("more than %d relaxations", lim.MaxNodes)
			break
		}
		if lim.Stop != nil && lim.Stop() {
			trouble = "stopped"
			break
		}
		if lim.MaxWork > 0 && res.Work >= lim.MaxWork {
			trouble = "work limit"
			break
		}
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, piv, err := solveLP(p, nd.lo, nd.hi, lim.MaxPivots)
		res.Nodes++
		res.Pivots += piv
		res.Work += int64(piv+1) * int64(len(p.Cons)+1) * int64(len(p.Vars)+2*len(p.Cons)+1)
		switch err {
		case nil:
		case errInfeasible:
			continue
		default:
			trouble = err.Error()
			continue
		}
		obj := p.objective(x)
		if best != nil && obj >= bestObj-1e-9 {
			continue
		}
		j := p.branching(x)
		if j >= 0 && p.Obj == nil {
			// Simple rounding: a feasibility problem often has an
			// integral point next to its relaxation's.
			if pt := p.rounded(x); p.Feasible(pt) {
				best, bestObj = pt, p.objective(pt)
				break
			} else if len(res.Near) < maxNear {
				res.Near = append(res.Near, pt)
			}
		}
		if j < 0 {
			pt := p.rounded(x)
			if p.Feasible(pt) {
				best, bestObj = pt, p.objective(pt)
			} else {
				// Integral within intTol, yet rounding breaks a row (a
				// binary of 10⁻⁹ times a big M): branch on the least
				// integral variable as if it were fractional.
				j = p.nearlyIntegral(x)
				if j < 0 {
					trouble = errNumeric.Error()
					continue
				}
			}
		}
		if j < 0 {
			if p.Obj == nil {
				break
			}
			continue
		}
		v := x[j]
		fl := math.Floor(v)
		down := node{nd.lo, clone(nd.hi)}
		down.hi[j] = fl
		up := node{clone(nd.lo), nd.hi}
		up.lo[j] = fl + 1
		if v-fl < 0.5 {
			stack = append(stack, up, down)
		} else {
			stack = append(stack, down, up)
		}
	}
	switch {
	case best != nil:
		res.Status, res.X, res.Obj, res.Near = Solved, best, bestObj, nil
	case trouble != "":
		res.Why = trouble
	default:
		res.Status = NoSolution
	}
	return res
}

// clone copies s, never nil (a problem without variables has a
// solution, the empty point).
func clone(s []float64) []float64 {
	out := make([]float64, len(s))
	copy(out, s)
	return out
}

// rounded is x with its integer variables rounded to the nearest
// integer.
func (p *Problem) rounded(x []float64) []float64 {
	pt := clone(x)
	for k, v := range p.Vars {
		if v.Integer {
			pt[k] = math.Round(pt[k])
		}
	}
	return pt
}

func (p *Problem) check() error {
	for j, v := range p.Vars {
		if math.IsInf(v.Lo, 0) || math.IsInf(v.Hi, 0) || math.IsNaN(v.Lo) || math.IsNaN(v.Hi) {
			return fmt.Errorf("variable %d (%s) has no finite bounds", j, v.Name)
		}
	}
	for i, con := range p.Cons {
		for _, t := range con.Terms {
			if t.Var < 0 || t.Var >= len(p.Vars) || math.IsNaN(t.Coef) || math.IsInf(t.Coef, 0) {
				return fmt.Errorf("constraint %d has a bad term", i)
			}
		}
		if math.IsNaN(con.RHS) || math.IsInf(con.RHS, 0) {
			return fmt.Errorf("constraint %d has a bad right-hand side", i)
		}
	}
	if p.Obj != nil && len(p.Obj) != len(p.Vars) {
		return fmt.Errorf("objective of %d coefficients for %d variables", len(p.Obj), len(p.Vars))
	}
	return nil
}

func (p *Problem) objective(x []float64) float64 {
	o := 0.0
	for j, c := range p.Obj {
		o += c * x[j]
	}
	return o
}

// branching is the integer variable to branch on at x (-1: x is
// integral): a binary before other integers, the most fractional first.
func (p *Problem) branching(x []float64) int {
	best, bestBin, bestFrac := -1, false, 0.0
	for j, v := range p.Vars {
		if !v.Integer {
			continue
		}
		f := math.Abs(x[j] - math.Round(x[j]))
		if f <= intTol {
			continue
		}
		bin := v.Lo >= 0 && v.Hi <= 1
		if best < 0 || bin && !bestBin || bin == bestBin && f > bestFrac {
			best, bestBin, bestFrac = j, bin, f
		}
	}
	return best
}

// nearlyIntegral is the integer variable farthest from an integer at x,
// however little (-1: all exact).
func (p *Problem) nearlyIntegral(x []float64) int {
	best, bestD := -1, 0.0
	for j, v := range p.Vars {
		if d := math.Abs(x[j] - math.Round(x[j])); v.Integer && d > bestD {
			best, bestD = j, d
		}
	}
	return best
}

// Feasible reports whether x satisfies p's bounds, integrality and
// constraints, within the solver's tolerance relative to each row's
// magnitude.
func (p *Problem) Feasible(x []float64) bool {
	if len(x) != len(p.Vars) {
		return false
	}
	for j, v := range p.Vars {
		if x[j] < v.Lo-intTol || x[j] > v.Hi+intTol || v.Integer && x[j] != math.Round(x[j]) {
			return false
		}
	}
	for _, con := range p.Cons {
		sum, scale := 0.0, 1+math.Abs(con.RHS)
		exact := con.RHS == math.Round(con.RHS)
		for _, t := range con.Terms {
			sum += t.Coef * x[t.Var]
			scale += math.Abs(t.Coef * x[t.Var])
			exact = exact && p.Vars[t.Var].Integer && t.Coef == math.Round(t.Coef)
		}
		tol := feasTol * scale
		if exact && scale < 1<<52 {
			// Integers all through, summed exactly in float64: a
			// relative tolerance would let big M hide a violation.
			tol = 0.5
		}
		switch con.Rel {
		case LE:
			if sum > con.RHS+tol {
				return false
			}
		case GE:
			if sum < con.RHS-tol {
				return false
			}
		default:
			if math.Abs(sum-con.RHS) > tol {
				return false
			}
		}
	}
	return true
}

// Presolve is the simplification Solve starts with, for a caller that
// measures it.
func Presolve(p *Problem) (*Problem, bool) { return presolve(p) }

// Nonzeros counts the terms of p's rows.
func (p *Problem) Nonzeros() int {
	n := 0
	for _, con := range p.Cons {
		n += len(con.Terms)
	}
	return n
}

// presolve returns p with its rows of one variable turned into that
// variable's bounds, its repeated rows dropped and the terms of a row
// merged (a relaxation's tableau grows with its rows); empty says a row
// or the bounds can hold for no point.
func presolve(p *Problem) (*Problem, bool) {
	q := &Problem{Vars: append([]Var(nil), p.Vars...), Obj: p.Obj}
	seen := map[string]bool{}
	for _, con := range p.Cons {
		coef := map[int]float64{}
		for _, t := range con.Terms {
			coef[t.Var] += t.Coef
		}
		terms := make([]Term, 0, len(coef))
		for v, a := range coef {
			if a != 0 {
				terms = append(terms, Term{v, a})
			}
		}
		sort.Slice(terms, func(i, j int) bool { return terms[i].Var < terms[j].Var })
		switch len(terms) {
		case 0:
			tol := feasTol * (1 + math.Abs(con.RHS))
			if con.Rel == LE && 0 > con.RHS+tol || con.Rel == GE && 0 < con.RHS-tol || con.Rel == EQ && math.Abs(con.RHS) > tol {
				return q, true
			}
			continue
		case 1:
			t := terms[0]
			v := &q.Vars[t.Var]
			b := con.RHS / t.Coef
			rel := con.Rel
			if t.Coef < 0 && rel != EQ {
				rel = LE + GE - rel // the other
			}
			if rel != GE {
				v.Hi = math.Min(v.Hi, b)
			}
			if rel != LE {
				v.Lo = math.Max(v.Lo, b)
			}
			if v.Integer {
				v.Lo, v.Hi = math.Ceil(v.Lo-intTol), math.Floor(v.Hi+intTol)
			}
			if v.Lo > v.Hi+intTol {
				return q, true
			}
			continue
		}
		key := fmt.Sprint(terms, con.Rel, con.RHS)
		if seen[key] {
			continue
		}
		seen[key] = true
		q.Cons = append(q.Cons, Constraint{terms, con.Rel, con.RHS})
	}
	return q, false
}
