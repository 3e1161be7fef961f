package dalg

import (
	"fmt"
	"go/token"
	"math"
	"sort"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/solve"
)

// Pair is a value in the original and in the mutant ("1/−1" at
// def(x, 3) in the paper): a mutation effect where they differ.
type Pair struct{ O, M c.Value }

// Effect reports whether the two values differ.
func (p Pair) Effect() bool { return p.O != p.M }

func (p Pair) String() string {
	return fmt.Sprintf("%d/%d", int64(p.O), int64(p.M))
}

// Side is one version's run at a point of the search: going on through
// the regions, or ended (returned or panicked) with an outcome.
type Side struct {
	Ended   bool
	Code    int
	Results []c.Value // nil entries: unmodelled
	Strs    []*string // the results that are constant strings
}

// Search is the SW D-algorithm (§IV.B) for one mutant of a unit: the
// excitation region At of the unit's chain, analysed in the mutant too
// (Mut, over the original's input symbols), the solver chain, and the
// backtrack limit.
type Search struct {
	SW  *SW
	At  int
	Mut *Behaviour
	// Mutated are the indexes of the blocks the mutation changes (nil:
	// unknown, every pair of paths is a candidate).
	Mutated map[int]bool
	// Solver answers the regions' local queries (the chain's domain
	// reduction, then SAT); Fast, when set, is asked first, every query
	// of a subtask's round before Solver is asked about those Fast
	// left undecided (domain reduction is cheap, bit-blasting is not).
	Solver, Fast solve.Solver
	// Exact, when set, decides "no excitation" exactly (prove): SAT
	// alone, whose unsatisfiable is a proof.
	Exact solve.Solver
	// Limit is the alternatives a subtask tries before the search
	// backtracks past it (the paper's backtrack limit, 3 to 5).
	Limit int
	// MaxBacktracks bounds the whole search.
	MaxBacktracks int

	// facts are what conflicts taught: a region's output on a path, a
	// path that ends the function too early (true of the program, so
	// kept across backtracks).
	facts   []c.Expr
	learnt  map[[2]int]bool
	partial bool // a subtask queried only some pairs of paths (maxPairs)
	// unmodelled: a pair's results or outputs were compared without one
	// the explorer does not model (a string built at run time): "no
	// excitation" would not be evidence then.
	unmodelled bool

	// Results of Run.
	Backtracks int
	Queries    int
	ByKind     [3]int   // queries per subtask kind (MEE, MEP, JUST)
	Trace      []string // every alternative tried, for tests and -explain
	Steps      []string // the subtasks of the search that succeeded, in order
}

// state is what a backtrack restores: the value assignments at the
// regions' inputs and outputs, the invocation statuses, each region's
// chosen paths, the two versions' runs, the unjustified list U and the
// implication task list J.
type state struct {
	vals   map[ssa.Value]Pair
	ivs    *IVS
	chosen map[int][2]int // region → the original's path, the mutant's (-1: the same as the original's)
	o, m   Side
	pod    int // the region where the outcomes differ (-1: not yet)
	endO   int // the region where the original ended (-1: not yet); the statuses are the original's, so none past it
	next   int // the next region the propagation looks at
	J      []ssa.Value
	U      []int // regions whose outputs or invocation are needed and not yet justified
	// asg holds the values the applied alternatives chose for symbols
	// that are no region's input: the lengths and elements of the
	// unit's slices and strings, which every region shares. Later
	// queries take them as constants.
	asg c.Assignment
	// ec are the edge conditions the statuses imply (§IV.B.1.a): per
	// region before the mutation whose invoked edges leave it one path,
	// that path's condition, over the unit's parameters (which every
	// region shares); every query carries them.
	ec map[int]c.Clause
}

func (st *state) clone() *state {
	t := &state{vals: make(map[ssa.Value]Pair, len(st.vals)), ivs: st.ivs.clone(), chosen: make(map[int][2]int, len(st.chosen)),
		o: st.o, m: st.m, pod: st.pod, endO: st.endO, next: st.next}
	for k, v := range st.vals {
		t.vals[k] = v
	}
	for k, v := range st.chosen {
		t.chosen[k] = v
	}
	t.J = append([]ssa.Value(nil), st.J...)
	t.U = append([]int(nil), st.U...)
	t.asg = make(c.Assignment, len(st.asg))
	for k, v := range st.asg {
		t.asg[k] = v
	}
	t.ec = make(map[int]c.Clause, len(st.ec))
	for k, v := range st.ec {
		t.ec[k] = v
	}
	return t
}

// taskKind is a subtask's kind.
type taskKind uint8

const (
	mee taskKind = iota
	mep
	just
)

func (k taskKind) String() string { return [...]string{"MEE", "MEP", "JUST"}[k] }

// subtask is an entry of the subtask stack: the queries of its region
// (one per pair of paths and way to differ), whose solutions are its
// alternatives, drawn lazily (a query's first solution, then the next
// query's, round by round, at most the backtrack limit per query), and
// the state before it.
type subtask struct {
	kind    taskKind
	region  int
	queries []*query
	qi      int // the next query of the round
	round   int
	slow    bool // the round's second pass: the queries Fast left to Solver
	tried   int
	saved   *state
}

// query is one local question of a subtask: the clause over the
// region's inputs, the paths it stands for, the solutions drawn so far.
type query struct {
	cl    c.Clause
	p, q  int
	found []c.Assignment
	done  bool // no further solution
	hard  bool // Fast did not decide it this round
}

// next draws the subtask's next alternative.
func (s *Search) next(sub *subtask) (alt, bool) {
	for sub.tried < maxAlts*s.Limit && sub.round < s.Limit {
		if sub.qi >= len(sub.queries) {
			sub.qi = 0
			if !sub.slow && s.Fast != nil {
				sub.slow = true
			} else {
				sub.slow = false
				sub.round++
			}
			continue
		}
		q := sub.queries[sub.qi]
		sub.qi++
		if q.done || len(q.found) > sub.round {
			continue
		}
		solver := s.Solver
		switch {
		case s.Fast != nil && !sub.slow:
			solver = s.Fast
		case s.Fast != nil && !q.hard:
			continue // Fast decided it this round
		}
		s.ByKind[sub.kind]++
		m, st := s.solve(solver, q.cl, q.found)
		q.hard = false
		if st == solve.Unknown && solver == s.Fast {
			q.hard = true
			continue
		}
		if st != solve.Sat {
			q.done = true
			continue
		}
		q.found = append(q.found, m)
		sub.tried++
		if q.q == simulated {
			// The original's path solved alone: the mutant's path and
			// outputs on the same inputs are evaluated, not solved.
			j, ok := s.simulate(sub.region, q.p, m)
			if !ok {
				continue
			}
			return alt{p: q.p, q: j, model: m}, true
		}
		return alt{p: q.p, q: q.q, model: m}, true
	}
	return alt{}, false
}

// maxAlts times the limit bounds the alternatives a subtask tries.
const maxAlts = 8

// alt is one solution of a subtask: the region's paths and the values
// of its inputs.
type alt struct {
	p, q  int // the original's path, the mutant's (-1: not run)
	model c.Assignment
}

// Failure says why a search found no test.
type Failure struct {
	Kind string // "no excitation", "no propagation", "justification conflict"
	Why  string
	// Proof: "no excitation" is exact (Search.prove): the mutant is
	// equivalent.
	Proof bool
}

func (f *Failure) Error() string { return f.Kind + ": " + f.Why }

// Run searches for a test: the values of the unit's parameters (by the
// symbols of the chain's behaviours), or why there is none.
func (s *Search) Run() (c.Assignment, error) {
	if s.Limit <= 0 {
		s.Limit = 4
	}
	if s.MaxBacktracks <= 0 {
		s.MaxBacktracks = 128
	}
	st := &state{vals: map[ssa.Value]Pair{}, ivs: NewIVS(s.SW.Fn), chosen: map[int][2]int{}, pod: -1, endO: -1, next: s.At + 1, ec: map[int]c.Clause{}, asg: c.Assignment{}}
	// Initialisation: the excitation region is invoked.
	if err := st.ivs.SetNode(s.SW.Regions[s.At].Blocks[0], On); err != nil {
		return nil, &Failure{Kind: "no excitation", Why: err.Error()}
	}
	if err := st.ivs.Imply(); err != nil {
		return nil, &Failure{Kind: "no excitation", Why: "the mutated region cannot be invoked: " + err.Error()}
	}
	s.edgeConditions(st)
	first := s.subtask(mee, s.At, st)
	stack := []*subtask{first}
	var last *Failure
	excited := false
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		a, ok := alt{}, s.Backtracks <= s.MaxBacktracks
		if ok {
			a, ok = s.next(top)
		}
		if !ok {
			stack = stack[:len(stack)-1]
			if len(stack) > 0 {
				s.Backtracks++
			}
			continue
		}
		excited = true
		st := top.saved.clone()
		s.Trace = append(s.Trace, fmt.Sprintf("%s r%d paths %d/%d", top.kind, top.region, a.p, a.q))
		if err := s.apply(st, top, a); err != nil {
			last = &Failure{Kind: "justification conflict", Why: err.Error()}
			s.Backtracks++
			continue
		}
		if err := s.imply(st); err != nil {
			last = &Failure{Kind: "justification conflict", Why: err.Error()}
			s.Backtracks++
			continue
		}
		nk, nr, done := s.nextTask(st)
		if done {
			for _, sub := range stack {
				s.Steps = append(s.Steps, sub.kind.String())
			}
			return s.inputs(st), nil
		}
		sub := s.subtask(nk, nr, st)
		if len(sub.queries) == 0 {
			if nk == mep {
				last = &Failure{Kind: "no propagation", Why: fmt.Sprintf("the effect does not reach past region %d", nr)}
			} else {
				last = &Failure{Kind: "justification conflict", Why: fmt.Sprintf("region %d cannot give the values the later regions need", nr)}
			}
			s.Backtracks++
			continue
		}
		stack = append(stack, sub)
	}
	if !excited {
		if s.unmodelled {
			return nil, &Failure{Kind: "unsupported", Why: fmt.Sprintf("no exciting pair found, and some result or output of the mutated region is not modelled (%d queries)", s.Queries)}
		}
		if s.partial {
			return nil, &Failure{Kind: "no excitation", Why: fmt.Sprintf("none found among the %d nearest pairs of the mutated region's paths (%d queries)", maxPairs, s.Queries)}
		}
		if inc := s.SW.Beh[s.At].Incomplete; inc != "" {
			return nil, &Failure{Kind: "no excitation", Why: fmt.Sprintf("none found among the %d path(s) the mutated region's exploration kept (%s; %d queries)", len(s.SW.Beh[s.At].Paths), inc, s.Queries)}
		}
		if n, ok := s.prove(); ok {
			return nil, &Failure{Kind: "no excitation", Why: fmt.Sprintf("proven: on every value of its inputs, the mutated region's %d path(s) in the original and %d in the mutant leave it with the same outputs or end the same way (%d pairs of paths, each unsatisfiable, SAT)", len(s.SW.Beh[s.At].Paths), len(s.Mut.Paths), n), Proof: true}
		}
		return nil, &Failure{Kind: "no excitation", Why: fmt.Sprintf("no path of the mutated region gives the mutant an output the original does not (%d queries)", s.Queries)}
	}
	if last == nil {
		last = &Failure{Kind: "justification conflict", Why: "every alternative failed"}
	}
	last.Why += fmt.Sprintf(" (after %d backtracks)", s.Backtracks)
	return nil, last
}

// nextTask picks the next subtask: propagation while the outcomes do
// not differ yet (MEP at the next region the effect enters, §IV.B.3),
// then justification of the unjustified regions, latest first (JUST,
// §IV.B.4); done when nothing is left.
func (s *Search) nextTask(st *state) (taskKind, int, bool) {
	if st.pod < 0 {
		for j := st.next; j < len(s.SW.Regions); j++ {
			if s.carries(st, j) {
				return mep, j, false
			}
		}
		return mep, len(s.SW.Regions), false // no region left: the subtask has no alternative
	}
	sort.Ints(st.U)
	for i := len(st.U) - 1; i >= 0; i-- {
		if _, ok := st.chosen[st.U[i]]; !ok {
			return just, st.U[i], false
		}
	}
	return 0, 0, true
}

// carries reports whether region j runs on values the versions do not
// share: an input with an effect, or one version ended before it.
func (s *Search) carries(st *state, j int) bool {
	if st.o.Ended != st.m.Ended {
		return true
	}
	for _, v := range s.SW.Regions[j].RID {
		if p, ok := st.vals[v]; ok && p.Effect() {
			return true
		}
	}
	return false
}

// subtask builds a subtask's alternatives from the state.
func (s *Search) subtask(k taskKind, r int, st *state) *subtask {
	sub := &subtask{kind: k, region: r, saved: st.clone()}
	if r >= len(s.SW.Regions) {
		return sub
	}
	switch k {
	case mee:
		sub.queries = s.excite(st, r)
	case mep:
		sub.queries = s.propagate(st, r)
	case just:
		sub.queries = s.justify(st, r)
	}
	return sub
}

// instantiate substitutes the assigned values of a region's inputs (the
// original's or the mutant's) into e; the others keep their symbols,
// which the two versions share.
func (s *Search) instantiate(st *state, beh *Behaviour, mutant bool) map[*c.Sym]c.Expr {
	m := map[*c.Sym]c.Expr{}
	for sym, x := range st.asg {
		m[sym] = &c.Const{T: sym.Type, V: x}
	}
	for v, sym := range beh.In {
		if p, ok := st.vals[v]; ok {
			x := p.O
			if mutant {
				x = p.M
			}
			m[sym] = &c.Const{T: sym.Type, V: x}
		}
	}
	return m
}

func subst(cl c.Clause, m map[*c.Sym]c.Expr) c.Clause {
	out := make(c.Clause, 0, len(cl))
	for _, e := range cl {
		out = append(out, c.Subst(e, m))
	}
	return out
}

// solve asks the solver for a model of cl other than those found
// (their inputs differ somewhere).
func (s *Search) solve(solver solve.Solver, cl c.Clause, found []c.Assignment) (c.Assignment, solve.Status) {
	syms := cl.Vars()
	if len(found) > 0 {
		if len(syms) == 0 {
			return nil, solve.Unsat
		}
		cl = append(c.Clause(nil), cl...)
		for _, m := range found {
			var block c.Expr
			for _, sym := range syms {
				ne := c.Bin(token.NEQ, c.V(sym), &c.Const{T: sym.Type, V: m[sym]})
				if block == nil {
					block = ne
				} else {
					block = c.Bin(token.LOR, block, ne)
				}
			}
			cl = append(cl, block)
		}
	}
	s.Queries++
	full := s.withFacts(cl)
	if len(full) > len(cl) {
		syms = full.Vars()
	}
	res := solver.Solve(&solve.Query{Clause: full}, solve.Unlimited())
	if res.Status != solve.Sat {
		return nil, res.Status
	}
	model := c.Assignment{}
	for _, sym := range syms {
		model[sym] = res.Model[sym]
	}
	return model, solve.Sat
}

// possible reports whether a clause may hold: no part folded to false.
func possible(cl c.Clause) bool {
	for _, e := range cl {
		if k, ok := e.(*c.Const); ok && !k.V.Bool() {
			return false
		}
	}
	return true
}

// differs2 is x != y, or nil when the two are the same expression (no
// difference possible).
func differs2(x, y c.Expr) c.Expr {
	if !c.Valid(token.NEQ, x, y) || sameExpr(x, y) {
		return nil
	}
	return c.Bin(token.NEQ, x, y)
}

// always stands, in a list of ways to differ, for one that needs no
// condition (the outcomes differ whatever the values).
var always c.Expr = c.B(true)

// outcomeDiffers lists the ways two ended paths' outcomes differ, over
// instantiated results: always when the codes differ, else a result
// that differs.
func (s *Search) outcomeDiffers(po, pm *Path, mo, mm map[*c.Sym]c.Expr) []c.Expr {
	if po.Code != pm.Code {
		return []c.Expr{always}
	}
	var out []c.Expr
	for k := range po.Results {
		if k < len(po.Strs) && k < len(pm.Strs) && po.Strs[k] != nil && pm.Strs[k] != nil {
			if *po.Strs[k] != *pm.Strs[k] {
				return []c.Expr{always}
			}
			continue
		}
		if k >= len(pm.Results) || po.Results[k] == nil || pm.Results[k] == nil {
			s.unmodelled = true
			continue
		}
		if d := differs2(c.Subst(po.Results[k], mo), c.Subst(pm.Results[k], mm)); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// differ lists the ways two paths of a region leave the versions apart:
// both end with different outcomes, one ends and the other goes on (the
// outcome decided later), or both leave with some output different.
func (s *Search) differ(reg *Region, po, pm *Path, mo, mm map[*c.Sym]c.Expr) []c.Expr {
	switch {
	case po.Ended && pm.Ended:
		return s.outcomeDiffers(po, pm, mo, mm)
	case po.Ended != pm.Ended:
		return []c.Expr{always}
	}
	var out []c.Expr
	for _, v := range reg.ROD {
		a, b := po.Out[v], pm.Out[v]
		if a == nil || b == nil {
			s.unmodelled = true
			continue
		}
		if d := differs2(c.Subst(a, mo), c.Subst(b, mm)); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// sameExpr reports whether two expressions are the same tree: the same
// operators, constants and symbols (the same symbol, not one of the same
// name: two unknowns the explorer made are two values).
func sameExpr(x, y c.Expr) bool {
	if x == y {
		return true
	}
	switch a := x.(type) {
	case *c.Var:
		b, ok := y.(*c.Var)
		return ok && a.Sym == b.Sym
	case *c.Const:
		b, ok := y.(*c.Const)
		return ok && a.T == b.T && a.V == b.V
	case *c.Unary:
		b, ok := y.(*c.Unary)
		return ok && a.Op == b.Op && sameExpr(a.X, b.X)
	case *c.Binary:
		b, ok := y.(*c.Binary)
		return ok && a.Op == b.Op && sameExpr(a.X, b.X) && sameExpr(a.Y, b.Y)
	case *c.Convert:
		b, ok := y.(*c.Convert)
		return ok && a.T == b.T && sameExpr(a.X, b.X)
	case *c.Ite:
		b, ok := y.(*c.Ite)
		return ok && sameExpr(a.Cond, b.Cond) && sameExpr(a.Then, b.Then) && sameExpr(a.Else, b.Else)
	case *c.Defined:
		b, ok := y.(*c.Defined)
		return ok && sameExpr(a.X, b.X)
	}
	return false
}

// queries makes the query of each way to differ over a pair's base
// clause, leaving out those that fold to false.
func queries(base c.Clause, ds []c.Expr, p, q int) []*query {
	var out []*query
	for _, d := range ds {
		cl := append(append(c.Clause(nil), base...), d)
		if possible(cl) {
			out = append(out, &query{cl: cl, p: p, q: q})
		}
	}
	return out
}

// excite is MEE (§IV.B.2): for each pair of the mutated region's paths,
// the original's and the mutant's, and each output (or the outcome when
// both end the function), the query that the two differ, with the
// region's inputs shared.
func (s *Search) excite(st *state, r int) []*query {
	beh := s.SW.Beh[r]
	reg := s.SW.Regions[r]
	mo := s.instantiate(st, beh, false)
	var out []*query
	used := 0
	for _, pr := range s.pairs(st, reg, beh.Paths, s.Mut.Paths, s.Mutated, mo, mo) {
		if used == maxPairs {
			s.partial = true
			break
		}
		po, pm := &beh.Paths[pr[0]], &s.Mut.Paths[pr[1]]
		base := withEC(st, append(subst(po.Cond, mo), subst(pm.Cond, mo)...))
		qs := queries(base, s.differ(reg, po, pm, mo, mo), pr[0], pr[1])
		if len(qs) > 0 {
			used++
		}
		out = append(out, qs...)
	}
	// Then each original path alone, the mutant simulated on its
	// solution (fault simulation): for the pairs the cap left out.
	for i := range beh.Paths {
		if st.ivs.Admits(reg, &beh.Paths[i]) {
			cl := withEC(st, subst(beh.Paths[i].Cond, mo))
			if possible(cl) {
				out = append(out, &query{cl: cl, p: i, q: simulated})
			}
		}
	}
	return out
}

// maxProofPairs bounds the queries a proof of no excitation makes.
const maxProofPairs = 4096

// prove decides exactly whether no value of the mutated region's inputs
// makes the original's region and the mutant's differ, and reports the
// queries that took. It holds only when:
//
//   - both regions' explorations are complete (every path, no loop cut
//     by the unwinding bound: a region's loop runs a bounded number of
//     times, so no run can time out in one version only) and modelled
//     (no store, no call left out, no value the explorer does not
//     model), and neither reads a slice or a string parameter (modelled
//     up to maxLen elements only);
//   - every input of the regions, every output and every condition is
//     an integer or a boolean (SAT decides them exactly; floats are not
//     bit-blasted, and -0 == 0 where the harness tells them apart);
//   - for every pair of paths the same input can take (the same edges
//     up to the first mutated block), each way they can differ — an
//     output, a result, the outcome; two explicit panics always may, as
//     their values are not modelled — is unsatisfiable under the exact
//     solver, with the region's inputs free: no learnt fact, no edge
//     condition, and so for every state the unit can reach the region
//     in, and more.
//
// The search's own queries are not enough: it caps the pairs, asks a
// fast solver first and takes an unknown answer for a no.
func (s *Search) prove() (int, bool) {
	if s.Exact == nil || s.unmodelled || s.partial {
		return 0, false
	}
	reg, ob, mb := s.SW.Regions[s.At], s.SW.Beh[s.At], s.Mut
	for _, b := range []*Behaviour{ob, mb} {
		if b.Incomplete != "" || b.Opaque != "" || b.Bounded {
			return 0, false
		}
		for _, sym := range b.In {
			if k := sym.Type.Kind; k != c.KInt && k != c.KBool {
				return 0, false
			}
		}
	}
	n := 0
	for i := range ob.Paths {
		po := &ob.Paths[i]
		for j := range mb.Paths {
			pm := &mb.Paths[j]
			if s.Mutated != nil && !samePrefix(po.Edges, pm.Edges, s.Mutated) {
				continue
			}
			ds := s.differ(reg, po, pm, nil, nil)
			if s.unmodelled {
				return 0, false
			}
			if po.Ended && pm.Ended && po.Code == pm.Code && po.Code >= core.PanicOther {
				ds = []c.Expr{always}
			}
			for _, d := range ds {
				cl := append(append(append(c.Clause(nil), po.Cond...), pm.Cond...), d)
				if !possible(cl) {
					continue
				}
				if n++; n > maxProofPairs || !intsAndBools(cl) {
					return 0, false
				}
				if s.Exact.Solve(&solve.Query{Clause: cl}, solve.Unlimited()).Status != solve.Unsat {
					return 0, false
				}
			}
		}
	}
	return n, true
}

// intsAndBools reports whether every expression of cl is an integer or
// a boolean.
func intsAndBools(cl c.Clause) bool {
	ok := true
	for _, e := range cl {
		c.Visit(e, func(x c.Expr) bool {
			k := x.Type().Kind
			ok = k == c.KInt || k == c.KBool
			return ok
		})
		if !ok {
			return false
		}
	}
	return true
}

// simulated marks a query of the original's path alone (excite).
const simulated = -3

// simulate runs the mutant's behaviour of region r on a model of the
// original's path i: the mutant's path whose condition holds, if the
// two then leave the region apart (an output or the outcome differs).
func (s *Search) simulate(r, i int, m c.Assignment) (int, bool) {
	po := &s.SW.Beh[r].Paths[i]
	asg := c.Assignment{}
	for k, v := range m {
		asg[k] = v
	}
	for j := range s.Mut.Paths {
		pm := &s.Mut.Paths[j]
		if ok, err := evalClause(pm.Cond, asg); err != nil || !ok {
			continue
		}
		switch {
		case po.Ended != pm.Ended:
			return j, true
		case po.Ended:
			a, e1 := outcome(po, asg)
			b, e2 := outcome(pm, asg)
			if e1 == nil && e2 == nil && differs(a, b) {
				return j, true
			}
		default:
			for _, v := range s.SW.Regions[r].ROD {
				a, b := po.Out[v], pm.Out[v]
				if a == nil || b == nil {
					continue
				}
				x, e1 := eval(a, asg)
				y, e2 := eval(b, asg)
				if e1 == nil && e2 == nil && x != y {
					return j, true
				}
			}
		}
		return -1, false
	}
	return -1, false
}

// evalClause evaluates a conjunction, the symbols asg leaves out zero.
func evalClause(cl c.Clause, asg c.Assignment) (bool, error) {
	zeroFill(asg, cl...)
	return cl.Eval(asg)
}

// maxPairs bounds the pairs of paths a subtask queries: a region of n
// paths has n² pairs, most of them apart at a branch the mutation does
// not touch.
const maxPairs = 256

// maxCandidates bounds the pairs ordered before any is queried: pairs
// whose outputs cannot differ (the same expressions) make no query and
// do not count toward maxPairs.
const maxCandidates = 16 * maxPairs

// pairs are the pairs of a region's paths (the original's admitted by
// the statuses, and the other version's) a subtask queries. With
// mutated set (MEE), a pair must take the same edges until it first
// leaves a mutated block: before the mutation the versions run the same
// code on the same values. Each original path's partners are ordered by
// distance (the same edges first), and the paths take turns, so that
// every original path gets its nearest partners before any its farther
// ones. Past maxPairs the search is partial (s.partial).
func (s *Search) pairs(st *state, reg *Region, os, ms []Path, mutated map[int]bool, mo, mm map[*c.Sym]c.Expr) [][2]int {
	// A path whose condition folds to false on the values assigned so
	// far is no partner: filtering first keeps the cap for the rest.
	okM := make([]bool, len(ms))
	litM := make([]literals, len(ms))
	for j := range ms {
		cl := subst(ms[j].Cond, mm)
		if okM[j] = possible(cl); okM[j] {
			litM[j] = literalsOf(cl)
		}
	}
	type scored struct{ j, d int }
	var groups [][]scored
	var heads []int
	for i := range os {
		if !st.ivs.Admits(reg, &os[i]) {
			continue
		}
		clO := subst(os[i].Cond, mo)
		if !possible(clO) {
			continue
		}
		litO := literalsOf(clO)
		var g []scored
		for j := range ms {
			if !okM[j] || mutated != nil && !samePrefix(os[i].Edges, ms[j].Edges, mutated) {
				continue
			}
			if litO.contradicts(litM[j]) || litM[j].contradicts(litO) {
				continue // one takes a branch the other refuses on the same values
			}
			g = append(g, scored{j, distance(os[i].Edges, ms[j].Edges)})
		}
		sort.SliceStable(g, func(a, b int) bool { return g[a].d < g[b].d })
		if len(g) > 0 {
			groups = append(groups, g)
			heads = append(heads, i)
		}
	}
	var out [][2]int
	for round := 0; ; round++ {
		added := false
		for k, g := range groups {
			if round < len(g) {
				if len(out) == maxCandidates {
					s.partial = true
					return out
				}
				out = append(out, [2]int{heads[k], g[round].j})
				added = true
			}
		}
		if !added {
			return out
		}
	}
}

// literals indexes a clause's conjuncts by their text, with their
// negations and the integer interval each compares an expression with,
// for contradicts.
type literals struct {
	has    map[string][]c.Expr
	neg    []negLit
	bounds map[string]*interval // by the compared expression's text
}

type negLit struct {
	text string
	e    c.Expr
}

// interval is [lo, hi] of an integer expression a clause allows (the
// constants compared with fit int64).
type interval struct {
	e      c.Expr
	lo, hi int64
}

func literalsOf(cl c.Clause) literals {
	out := literals{has: map[string][]c.Expr{}, bounds: map[string]*interval{}}
	for _, e := range cl {
		k := c.String(e)
		out.has[k] = append(out.has[k], e)
		n := c.Not(e)
		out.neg = append(out.neg, negLit{c.String(n), n})
		if x, lo, hi, ok := bound(e); ok {
			kx := c.String(x)
			iv := out.bounds[kx]
			if iv == nil {
				iv = &interval{x, math.MinInt64, math.MaxInt64}
				out.bounds[kx] = iv
			}
			if sameExpr(iv.e, x) {
				iv.lo, iv.hi = max(iv.lo, lo), min(iv.hi, hi)
			}
		}
	}
	return out
}

// bound reads a comparison of an integer expression with a constant as
// the interval it allows x.
func bound(e c.Expr) (x c.Expr, lo, hi int64, ok bool) {
	b, isB := e.(*c.Binary)
	if !isB {
		return nil, 0, 0, false
	}
	op, x, y := b.Op, b.X, b.Y
	k, isK := y.(*c.Const)
	if !isK {
		if k, isK = x.(*c.Const); !isK {
			return nil, 0, 0, false
		}
		x = y
		switch op { // k op x is x op' k
		case token.LSS:
			op = token.GTR
		case token.LEQ:
			op = token.GEQ
		case token.GTR:
			op = token.LSS
		case token.GEQ:
			op = token.LEQ
		}
	}
	if _, isK := x.(*c.Const); isK || k.T.Kind != c.KInt || !k.T.Signed && k.V.Uint() > math.MaxInt64 {
		return nil, 0, 0, false
	}
	v := k.V.Int()
	lo, hi = math.MinInt64, math.MaxInt64
	if !k.T.Signed {
		lo = 0
	}
	switch op {
	case token.EQL:
		lo, hi = v, v
	case token.LSS:
		if v == math.MinInt64 {
			return nil, 0, 0, false
		}
		hi = v - 1
	case token.LEQ:
		hi = v
	case token.GTR:
		if v == math.MaxInt64 {
			return nil, 0, 0, false
		}
		lo = max(lo, v+1)
	case token.GEQ:
		lo = max(lo, v)
	default:
		return nil, 0, 0, false
	}
	return x, lo, hi, true
}

// contradicts reports whether a and b never hold together: some
// conjunct of b is the negation of one of a's (the same expression over
// the same symbols; the text only finds the candidates), or the two
// allow an expression disjoint intervals.
func (a literals) contradicts(b literals) bool {
	for _, n := range b.neg {
		for _, x := range a.has[n.text] {
			if sameExpr(x, n.e) {
				return true
			}
		}
	}
	for k, ib := range b.bounds {
		if ia := a.bounds[k]; ia != nil && sameExpr(ia.e, ib.e) && (ia.hi < ib.lo || ib.hi < ia.lo) {
			return true
		}
	}
	return false
}

// samePrefix reports whether two paths take the same edges (by block
// index) until one of them leaves a mutated block.
func samePrefix(a, b []Edge, mutated map[int]bool) bool {
	for k := 0; k < len(a) && k < len(b); k++ {
		if mutated[a[k].From.Index] || mutated[b[k].From.Index] {
			return true
		}
		if a[k].From.Index != b[k].From.Index || a[k].To.Index != b[k].To.Index {
			return false
		}
	}
	return true
}

// distance is the edit distance of two paths' edges (by block index:
// the two versions' blocks correspond by index): the edges one path
// takes and the other does not, after the longest common subsequence
// is aligned. Positions alone would not do: a path that runs one block
// more (an if without else) is shifted after it.
func distance(a, b []Edge) int {
	same := func(x, y Edge) bool { return x.From.Index == y.From.Index && x.To.Index == y.To.Index }
	k := 0
	for k < len(a) && k < len(b) && same(a[k], b[k]) {
		k++
	}
	a, b = a[k:], b[k:]
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			switch {
			case same(a[i], b[j]):
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return len(a) + len(b) - 2*prev[len(b)]
}

// propagate is MEP (§IV.B.3) at region r, which runs on an effect: the
// original's behaviour of r taken twice, on the original's values and
// on the mutant's (a version already ended is left out), with the query
// that some output or the outcome differs, or that an effect that
// passes r by stays live.
func (s *Search) propagate(st *state, r int) []*query {
	beh := s.SW.Beh[r]
	reg := s.SW.Regions[r]
	mo, mm := s.instantiate(st, beh, false), s.instantiate(st, beh, true)
	var out []*query
	if st.o.Ended || st.m.Ended {
		// One version is over: the other's path through r, and, where
		// it ends, an outcome other than the ended one's.
		running, mut, done := mo, false, st.m
		if st.o.Ended {
			running, mut, done = mm, true, st.o
		}
		for i := range beh.Paths {
			p := &beh.Paths[i]
			if !mut && !st.ivs.Admits(reg, p) {
				continue
			}
			ds := []c.Expr{always}
			if p.Ended {
				ds = endedDiffers(p, done, running)
			}
			pi, qi := i, -2
			if mut {
				pi, qi = -2, i
			}
			out = append(out, queries(withEC(st, subst(p.Cond, running)), ds, pi, qi)...)
		}
		return out
	}
	live := s.liveAfter(st, r)
	used := 0
	for _, pr := range s.pairs(st, reg, beh.Paths, beh.Paths, nil, mo, mm) {
		if used == maxPairs {
			s.partial = true
			break
		}
		i, j := pr[0], pr[1]
		po, pm := &beh.Paths[i], &beh.Paths[j]
		base := withEC(st, append(subst(po.Cond, mo), subst(pm.Cond, mm)...))
		ds := s.differ(reg, po, pm, mo, mm)
		if live && !po.Ended && !pm.Ended {
			ds = append([]c.Expr{always}, ds...)
		}
		qs := queries(base, ds, i, j)
		if len(qs) > 0 {
			used++
		}
		out = append(out, qs...)
	}
	return out
}

// endedDiffers lists the ways an ended path's outcome differs from the
// ended version's.
func endedDiffers(p *Path, done Side, m map[*c.Sym]c.Expr) []c.Expr {
	if p.Code != done.Code {
		return []c.Expr{always}
	}
	var out []c.Expr
	for k, e := range p.Results {
		if e == nil || k >= len(done.Results) {
			continue
		}
		e = c.Subst(e, m)
		if d := differs2(e, &c.Const{T: e.Type(), V: done.Results[k]}); d != nil {
			out = append(out, d)
		}
	}
	return out
}

// liveAfter reports whether an effect at an input of region r is used
// by a region after it (it passes r by).
func (s *Search) liveAfter(st *state, r int) bool {
	for v, p := range st.vals {
		if !p.Effect() {
			continue
		}
		for j := r + 1; j < len(s.SW.Regions); j++ {
			if usesValue(s.SW.Regions[j], v) {
				return true
			}
		}
	}
	return false
}

// justify is JUST (§IV.B.4) for region r: the paths that leave it (a
// later region is invoked) and give the outputs the later regions were
// assigned, on the inputs assigned so far.
func (s *Search) justify(st *state, r int) []*query {
	beh := s.SW.Beh[r]
	reg := s.SW.Regions[r]
	mo := s.instantiate(st, beh, false)
	var out []*query
	for i := range beh.Paths {
		p := &beh.Paths[i]
		if st.tracks(r) && !st.ivs.Admits(reg, p) || p.Ended && r < st.pod {
			continue
		}
		cl := withEC(st, subst(p.Cond, mo))
		ok := true
		for _, v := range reg.ROD {
			val, assigned := st.vals[v]
			if !assigned {
				continue
			}
			e := p.Out[v]
			if e == nil {
				ok = false
				break
			}
			e = c.Subst(e, mo)
			cl = append(cl, c.Bin(token.EQL, e, &c.Const{T: e.Type(), V: val.O}))
		}
		if ok && possible(cl) {
			out = append(out, &query{cl: cl, p: i, q: -1})
		}
	}
	return out
}

// apply assigns an alternative: the region's chosen paths, its inputs'
// values from the model, its outputs' (or the versions' outcomes), and
// the invocation statuses of the original's path; the regions before it
// become unjustified (they must run and give its inputs).
func (s *Search) apply(st *state, sub *subtask, a alt) error {
	r := sub.region
	reg := s.SW.Regions[r]
	beh := s.SW.Beh[r]
	st.chosen[r] = [2]int{a.p, a.q}
	// Inputs: the model's values where nothing was assigned; the
	// model's other symbols (the region's own unknowns) as it chose.
	asgO, asgM := c.Assignment{}, c.Assignment{}
	for k, v := range a.model {
		asgO[k], asgM[k] = v, v
	}
	for k, v := range st.asg {
		asgO[k], asgM[k] = v, v
	}
	inputs := map[*c.Sym]bool{}
	for _, sym := range s.SW.Sym {
		inputs[sym] = true
	}
	for k, v := range a.model {
		if _, ok := st.asg[k]; !ok && !inputs[k] {
			st.asg[k] = v
		}
	}
	in := beh.In
	if sub.kind == mee && len(s.Mut.In) > len(beh.In) {
		// The mutant's region reads values the original's does not.
		in = map[ssa.Value]*c.Sym{}
		for v, sym := range beh.In {
			in[v] = sym
		}
		for v, sym := range s.Mut.In {
			in[v] = sym
		}
	}
	for v, sym := range in {
		p, ok := st.vals[v]
		if !ok {
			x := a.model[sym]
			p = Pair{x, x}
			st.vals[v] = p
			st.J = append(st.J, v)
		}
		asgO[sym], asgM[sym] = p.O, p.M
	}
	if a.p >= 0 && st.tracks(r) {
		if err := st.ivs.Take(reg, &beh.Paths[a.p]); err != nil {
			return err
		}
	}
	switch sub.kind {
	case mee:
		po, pm := &beh.Paths[a.p], &s.Mut.Paths[a.q]
		if err := s.leave(st, reg, po, pm, asgO, asgO); err != nil {
			return err
		}
	case mep:
		var po, pm *Path
		if a.p >= 0 {
			po = &beh.Paths[a.p]
		}
		if a.q >= 0 {
			pm = &beh.Paths[a.q]
		}
		if err := s.leave(st, reg, po, pm, asgO, asgM); err != nil {
			return err
		}
	case just:
		p := &beh.Paths[a.p]
		for _, v := range reg.ROD {
			if _, ok := st.vals[v]; ok || p.Out[v] == nil {
				continue
			}
			x, err := eval(p.Out[v], asgO)
			if err != nil {
				return err
			}
			st.vals[v] = Pair{x, x}
		}
	}
	for k := 0; k < r; k++ {
		if _, ok := st.chosen[k]; !ok && !contains(st.U, k) {
			st.U = append(st.U, k)
		}
	}
	return nil
}

// leave records how the versions leave region r by paths po and pm (nil:
// the version ended before r): their outputs, or their outcomes, and
// whether they now differ at the unit's outputs (the POD: return values
// and panics).
func (s *Search) leave(st *state, reg *Region, po, pm *Path, asgO, asgM c.Assignment) error {
	r := s.SW.Of[reg.Blocks[0]]
	var err error
	if po != nil && po.Ended {
		if st.o, err = outcome(po, asgO); err != nil {
			return err
		}
		st.endO = r
	}
	if pm != nil && pm.Ended {
		if st.m, err = outcome(pm, asgM); err != nil {
			return err
		}
	}
	if po != nil && pm != nil && !po.Ended && !pm.Ended {
		for _, v := range reg.ROD {
			a, b := po.Out[v], pm.Out[v]
			if a == nil || b == nil {
				continue
			}
			x, err := eval(a, asgO)
			if err != nil {
				return err
			}
			y, err := eval(b, asgM)
			if err != nil {
				return err
			}
			st.vals[v] = Pair{x, y}
		}
	} else if po != nil && !po.Ended || pm != nil && !pm.Ended {
		// One version goes on: its outputs, for both sides' keys.
		p, asg := po, asgO
		if p == nil || p.Ended {
			p, asg = pm, asgM
		}
		for _, v := range reg.ROD {
			if e := p.Out[v]; e != nil {
				x, err := eval(e, asg)
				if err != nil {
					return err
				}
				st.vals[v] = Pair{x, x}
			}
		}
	}
	st.next = r + 1
	if st.o.Ended && st.m.Ended {
		if !differs(st.o, st.m) {
			return fmt.Errorf("the versions end alike at region %d", r)
		}
		st.pod = r
	}
	return nil
}

func differs(a, b Side) bool {
	if a.Code != b.Code || len(a.Results) != len(b.Results) {
		return true
	}
	for k := range a.Results {
		if a.Results[k] != b.Results[k] {
			return true
		}
		if k < len(a.Strs) && k < len(b.Strs) && a.Strs[k] != nil && b.Strs[k] != nil && *a.Strs[k] != *b.Strs[k] {
			return true
		}
	}
	return false
}

// outcome is how an ended path ends under asg: its code and results.
func outcome(p *Path, asg c.Assignment) (Side, error) {
	sd := Side{Ended: true, Code: p.Code, Strs: p.Strs}
	for _, e := range p.Results {
		if e == nil {
			sd.Results = append(sd.Results, 0)
			continue
		}
		x, err := eval(e, asg)
		if err != nil {
			return sd, err
		}
		sd.Results = append(sd.Results, x)
	}
	return sd, nil
}

// eval evaluates e under asg, the symbols asg leaves out zero (a
// region's own unknowns no query constrained).
func eval(e c.Expr, asg c.Assignment) (c.Value, error) {
	zeroFill(asg, e)
	return c.Eval(e, asg)
}

// zeroFill gives the symbols of es that asg leaves out the value zero.
func zeroFill(asg c.Assignment, es ...c.Expr) {
	for _, e := range es {
		for _, s := range c.Vars(e) {
			if _, ok := asg[s]; !ok {
				asg[s] = 0
			}
		}
	}
}

// tracks reports whether the statuses speak of region r's run: the
// original's, which is over past the region it ended in.
func (st *state) tracks(r int) bool { return st.endO < 0 || r <= st.endO }

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// imply is value-assignment and IVS implication (§IV.B.1) from the
// task list J: a region all of whose inputs are known and whose path is
// not chosen runs forward (its path is the one whose condition holds on
// them, its outputs computed: the region's expression evaluated); a
// chosen region's condition must hold on its inputs (a conflict
// otherwise); the statuses are implied to a fixpoint.
func (s *Search) imply(st *state) error {
	for len(st.J) > 0 {
		v := st.J[len(st.J)-1]
		st.J = st.J[:len(st.J)-1]
		for k, reg := range s.SW.Regions {
			if !usesValue(reg, v) {
				continue
			}
			if err := s.check(st, k); err != nil {
				return err
			}
		}
	}
	if err := st.ivs.Imply(); err != nil {
		return err
	}
	s.edgeConditions(st)
	return nil
}

// edgeConditions records the condition of each region before the
// mutation, not chosen yet, whose statuses admit one path: the edge
// conditions of its invoked edges, as a constraint on the parameters
// (a condition over values other regions define is left to
// justification).
func (s *Search) edgeConditions(st *state) {
	for k := 0; k < s.At; k++ {
		if _, ok := st.chosen[k]; ok {
			delete(st.ec, k)
			continue
		}
		if _, ok := st.ec[k]; ok {
			continue
		}
		beh, reg := s.SW.Beh[k], s.SW.Regions[k]
		one := -1
		for i := range beh.Paths {
			if st.ivs.Admits(reg, &beh.Paths[i]) {
				if one >= 0 {
					one = -2
					break
				}
				one = i
			}
		}
		if one < 0 {
			continue
		}
		params := map[*c.Sym]bool{}
		for v, sym := range beh.In {
			if _, ok := v.(*ssa.Parameter); ok {
				params[sym] = true
			}
		}
		cl := subst(beh.Paths[one].Cond, s.instantiate(st, beh, false))
		ok := true
		for _, sym := range cl.Vars() {
			if !params[sym] {
				ok = false
				break
			}
		}
		if ok {
			st.ec[k] = cl
		}
	}
}

// withEC prefixes a query's clause with the edge conditions.
func withEC(st *state, cl c.Clause) c.Clause {
	if len(st.ec) == 0 {
		return cl
	}
	ks := make([]int, 0, len(st.ec))
	for k := range st.ec {
		ks = append(ks, k)
	}
	sort.Ints(ks)
	var out c.Clause
	for _, k := range ks {
		out = append(out, st.ec[k]...)
	}
	return append(out, cl...)
}

func usesValue(r *Region, v ssa.Value) bool {
	for _, x := range r.RID {
		if x == v {
			return true
		}
	}
	return false
}

// check is the forward implication at region k of the original, once
// its inputs are known: a chosen path's condition must hold on them,
// and a region before the excitation, not chosen yet, takes the path
// that holds (the versions share it: no effect before the mutation).
func (s *Search) check(st *state, k int) error {
	beh := s.SW.Beh[k]
	asg := c.Assignment{}
	for sym, x := range st.asg {
		asg[sym] = x
	}
	for v, sym := range beh.In {
		p, ok := st.vals[v]
		if !ok {
			return nil
		}
		asg[sym] = p.O
	}
	if ch, ok := st.chosen[k]; ok {
		if ch[0] >= 0 && k != s.At {
			if holds, err := beh.Paths[ch[0]].Cond.Eval(asg); err == nil && !holds {
				return fmt.Errorf("conflict at region %d: its path's condition fails on the values implied", k)
			}
		}
		return nil
	}
	if k >= s.At {
		return nil // propagation and justification choose there
	}
	for i := range beh.Paths {
		p := &beh.Paths[i]
		if holds, err := p.Cond.Eval(asg); err != nil || !holds {
			continue
		}
		if p.Ended {
			s.learnAll(st, k, i)
			return fmt.Errorf("conflict at region %d: the values implied end the function before the mutant", k)
		}
		st.chosen[k] = [2]int{i, -1}
		if err := st.ivs.Take(s.SW.Regions[k], p); err != nil {
			return err
		}
		for _, v := range s.SW.Regions[k].ROD {
			if _, ok := st.vals[v]; ok || p.Out[v] == nil {
				if ok && p.Out[v] != nil {
					x, err := eval(p.Out[v], asg)
					if err == nil && x != st.vals[v].O {
						s.learnAll(st, k, i)
						return fmt.Errorf("conflict at region %d: output %s is %d, %d was assigned", k, v.Name(), int64(x), int64(st.vals[v].O))
					}
				}
				continue
			}
			x, err := eval(p.Out[v], asg)
			if err != nil {
				return err
			}
			st.vals[v] = Pair{x, x}
			st.J = append(st.J, v)
		}
		return nil
	}
	return nil
}

// learnAll learns the conflict's region and path, and those of the
// regions before the mutation that implication chose on the way: the
// conflict follows from their facts together.
func (s *Search) learnAll(st *state, k, i int) {
	s.learn(k, i)
	for r, ch := range st.chosen {
		if r < s.At && ch[0] >= 0 {
			s.learn(r, ch[0])
		}
	}
}

// learn records the fact a conflict at region k on its path i showed:
// the path's condition implies its outputs (the symbols later regions
// read them by), or, for a path that ends the function, that it is not
// taken (a region before the mutation must let control through).
func (s *Search) learn(k, i int) {
	if s.learnt == nil {
		s.learnt = map[[2]int]bool{}
	}
	if s.learnt[[2]int{k, i}] {
		return
	}
	s.learnt[[2]int{k, i}] = true
	p := &s.SW.Beh[k].Paths[i]
	var cond c.Expr = c.B(true)
	for _, e := range p.Cond {
		cond = c.Bin(token.LAND, cond, e)
	}
	if p.Ended {
		s.facts = append(s.facts, c.Not(cond))
		return
	}
	for _, v := range s.SW.Regions[k].ROD {
		sym, e := s.SW.Sym[v], p.Out[v]
		if sym == nil || e == nil || !c.Valid(token.EQL, c.V(sym), e) {
			continue
		}
		s.facts = append(s.facts, c.Bin(token.LOR, c.Not(cond), c.Bin(token.EQL, c.V(sym), e)))
	}
}

// withFacts adds to a query the learnt facts about its symbols (and
// about those facts' symbols, to a fixpoint).
func (s *Search) withFacts(cl c.Clause) c.Clause {
	if len(s.facts) == 0 {
		return cl
	}
	vars := map[*c.Sym]bool{}
	for _, v := range cl.Vars() {
		vars[v] = true
	}
	used := make([]bool, len(s.facts))
	out := cl
	for changed := true; changed; {
		changed = false
		for i, f := range s.facts {
			if used[i] {
				continue
			}
			fv := c.Vars(f)
			hit := false
			for _, v := range fv {
				if vars[v] {
					hit = true
					break
				}
			}
			if !hit {
				continue
			}
			used[i], changed = true, true
			out = append(append(c.Clause(nil), out...), f)
			for _, v := range fv {
				vars[v] = true
			}
		}
	}
	return out
}

// inputs are the test: the values assigned to the parameters' symbols
// (the others zero).
func (s *Search) inputs(st *state) c.Assignment {
	out := c.Assignment{}
	for k, v := range st.asg {
		out[k] = v
	}
	for _, beh := range s.SW.Beh {
		for v, sym := range beh.In {
			if _, ok := v.(*ssa.Parameter); !ok {
				continue
			}
			if p, ok := st.vals[v]; ok {
				out[sym] = p.O
			}
		}
	}
	return out
}
