package equiv

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/analysis"
	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/load"
	"github.com/gozilla/gozilla/internal/mutate"
	"github.com/gozilla/gozilla/internal/solve"
	"github.com/gozilla/gozilla/internal/solve/sat"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
	"github.com/gozilla/gozilla/internal/value"
)

// Method is the stage of the pipeline that decided a verdict, in the
// order the stages run. Values are stable.
type Method int

const (
	None        Method = iota
	Unreachable        // the mutated code never runs (seed 003 Theorem 1)
	Rules              // Offutt–Pan strategies on C_R, C_n, C_R ∧ C_n (§2.4)
	Exact              // SAT: C_R ∧ C_n unsatisfiable on every arrival (Theorem 3)
	Sufficiency        // SAT: original and mutant side by side, outputs never differ
	Compiled           // the compiler emits the same code for both (compiled.go)
)

var methodNames = [...]string{None: "", Unreachable: "unreachable", Rules: "rules", Exact: "exact", Sufficiency: "sufficiency", Compiled: "compiled"}

func (m Method) String() string {
	if m >= 0 && int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", int(m))
}

// Verdict is what the prover concluded about one mutant.
type Verdict struct {
	ID     int
	Unit   string
	Status mutate.Status
	Method Method
	// Reason is one line: for Equivalent the proof's gist, for Unknown
	// why there is none.
	Reason string
	// Proof lists the proof's steps: one per arrival (or the miter).
	Proof []string
	// Assumed is true when the proof needs the unit's //gozilla:assume
	// directives.
	Assumed bool
	// Input, when not nil, is an input (receiver first) on which the
	// mutated code's value differs from the original's (necessity), or,
	// for Killable, on which the outputs differ: a test candidate.
	Input []value.Value
}

// Finding is an unreachable statement or an infeasible branch.
type Finding struct {
	Func string
	// Pos is where the statement (or the first statement of a dead
	// block) or the condition starts; End is where the dead code ends
	// (for a block, its last statement's end).
	Pos, End token.Position
	Text     string // the statement or condition
	// Never is, for a branch, the value the condition never takes.
	Never bool
}

// UnitReport summarises one function.
type UnitReport struct {
	Name    string
	Mutants int
	// Incomplete is why its exploration does not cover every execution
	// ("" when it does); no proof is drawn from an incomplete one.
	Incomplete string
	Paths      int
	Seconds    float64
}

// Report is the prover's result for one package.
type Report struct {
	Verdicts    map[int]*Verdict
	Units       []*UnitReport
	Unreachable []Finding
	Infeasible  []Finding
	Seconds     float64
}

// Config selects the stages. The zero value runs them all.
type Config struct {
	// Upto stops the pipeline after this stage (None = all): Rules gives
	// the Offutt–Pan strategies alone (with reachability), Exact adds
	// SAT, Sufficiency adds the miter.
	Upto Method
	// Budget bounds each SAT decision on one mutant (its exact query,
	// its miter) in propagations (0 = sat.DefaultBudget); what it does
	// not decide stays unknown. A count, not the clock, and the mutant's
	// own: a verdict is the same on every run, whatever the load and
	// whichever other mutants are analysed with it.
	Budget int64
	// Func, when set, restricts the analysis to that function (F, T.M
	// or (*T).M), and leaves out the Compiled stage, which compiles the
	// package: the caller runs ByCompiler once on the merged report.
	Func string
	// Tags are the package's build tags (the Compiled stage builds it).
	Tags string
}

func (cfg Config) runs(m Method) bool { return cfg.Upto == None || m <= cfg.Upto }

// Analyze proves what it can about set's mutants of the package a (its
// own mutant set is not used: set may be any subset).
func Analyze(ctx context.Context, a *analysis.Package, set *mutate.Set, cfg Config) (*Report, error) {
	start := time.Now()
	if cfg.Budget <= 0 {
		cfg.Budget = int64(sat.DefaultBudget)
	}
	pkg := a.Load
	rep := &Report{Verdicts: map[int]*Verdict{}}
	prog, err := a.SSA()
	if err != nil {
		for _, m := range set.Mutants {
			rep.Verdicts[m.ID] = &Verdict{ID: m.ID, Unit: m.Func, Reason: err.Error()}
		}
		return rep, nil
	}
	byFunc := map[string][]*mutate.Mutant{}
	for _, m := range set.Mutants {
		byFunc[m.Func] = append(byFunc[m.Func], m)
	}
	for _, u := range a.Units {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if cfg.Func != "" && u.Name != cfg.Func {
			continue
		}
		ms := byFunc[u.Name]
		delete(byFunc, u.Name)
		t0 := time.Now()
		ur := &UnitReport{Name: u.Name, Mutants: len(ms)}
		p := &prover{pkg: pkg, prog: prog, u: u, cfg: cfg, rep: rep, ur: ur, cache: newUnitCache(), solvers: newSolvers(), mutants: map[int]*exploration{}, mutantErr: map[int]error{}}
		p.cache.done = ctx.Done()
		p.run(ctx, ms)
		ur.Seconds = time.Since(t0).Seconds()
		rep.Units = append(rep.Units, ur)
	}
	for _, ms := range byFunc {
		for _, m := range ms {
			rep.Verdicts[m.ID] = &Verdict{ID: m.ID, Unit: m.Func, Reason: "not inside a function the prover analyses"}
		}
	}
	if cfg.Func == "" && cfg.runs(Compiled) {
		ByCompiler(ctx, a, set.Mutants, rep, cfg.Tags)
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

type prover struct {
	pkg  *load.Package
	prog *symbolic.Program
	u    *unit.Unit
	cfg  Config
	rep  *Report
	ur   *UnitReport

	fn        *ssa.Function
	inputs    []*core.Arg // the unit's parameters (the core's input model)
	ex        *exploration
	assume    c.Clause // the unit's assumptions in input terms
	sites     map[ast.Node]*siteInfo
	bounded   *exploration // the original, bounded (sufficiency)
	cache     *unitCache
	solvers   *solvers
	mutants   map[int]*exploration // the mutants' bounded explorations
	mutantErr map[int]error
	// boundedAssumed says the bounded explorations start from the
	// unit's assumptions (its loops are bounded only under them).
	boundedAssumed bool
	// boundedSummaries says they summarise the callees' loops.
	boundedSummaries bool
	// infectFails counts the miters under P that could not be built
	// (infected.go).
	infectFails int
}

// solvers are the prover's configurations of the solver chain
// (internal/solve) for its verdicts; the explorations' are in
// unitCache (refutations, invariants).
type solvers struct {
	// rules proves C_R ∧ C_n infeasible with the Offutt–Pan strategies.
	rules solve.Solver
	// exact decides a necessity query or a miter by SAT alone, within
	// what the mutant's budget allows.
	exact solve.Solver
	// quick looks for an input that infects the state by domain
	// reduction (3 tries a clause, on the first 16 clauses of the
	// query's DNF): cheap, incomplete, never a proof.
	quick solve.Solver
}

func newSolvers() *solvers {
	return &solvers{
		rules: solve.Chain(solve.Config{Rules: true}),
		exact: solve.Chain(solve.Config{SAT: true}),
		quick: solve.Chain(solve.Config{DomRed: true, Tries: 3, DNF: 16}),
	}
}

func (p *prover) unknown(m *mutate.Mutant, why string) {
	p.rep.Verdicts[m.ID] = &Verdict{ID: m.ID, Unit: m.Func, Reason: why}
}

func (p *prover) run(ctx context.Context, ms []*mutate.Mutant) {
	u := p.u
	if u.Func == nil || u.Decl == nil || u.Decl.Body == nil {
		for _, m := range ms {
			p.unknown(m, "no function body")
		}
		return
	}
	if sig := u.Func.Type().(*types.Signature); sig.TypeParams().Len() > 0 || (sig.Recv() != nil && sig.RecvTypeParams().Len() > 0) {
		for _, m := range ms {
			p.unknown(m, "generic function")
		}
		return
	}
	p.fn = p.prog.Func(u.Func)
	if p.fn == nil {
		for _, m := range ms {
			p.unknown(m, "no SSA form")
		}
		return
	}
	for _, prm := range p.fn.Params {
		p.inputs = append(p.inputs, newInput(prm.Name(), prm.Type()))
	}
	p.sites = map[ast.Node]*siteInfo{}
	siteOf := map[int]*siteInfo{}
	var sites []*siteInfo
	for _, m := range ms {
		node, _, err := symbolic.Site(p.pkg, m)
		if err != nil {
			p.unknown(m, err.Error())
			continue
		}
		s := p.sites[node]
		if s == nil {
			if s, err = newSite(p.pkg, node, u.Decl); err != nil {
				p.unknown(m, err.Error())
				continue
			}
			p.sites[node] = s
			sites = append(sites, s)
		}
		siteOf[m.ID] = s
	}
	p.cache.orig = p.fn
	p.ex = explore(p.fn, p.inputs, sites, widen, p.cache, nil, false, false)
	p.ur.Incomplete, p.ur.Paths = p.ex.Incomplete, p.ex.Paths
	for _, a := range u.Assume {
		ev := newEvaluator(a.Info, p.ex.Entry)
		if e, err := ev.scalar(a.Expr); err == nil && e.Type() == c.Bool {
			p.assume = append(p.assume, e)
		}
	}
	if p.ex.Incomplete == "" {
		p.findings()
	}
	var open []*mutate.Mutant
	for _, m := range ms {
		if ctx.Err() != nil {
			return
		}
		s := siteOf[m.ID]
		if s == nil {
			continue
		}
		v := p.verdict(m, s)
		p.rep.Verdicts[m.ID] = v
		if v.Status != mutate.Equivalent {
			open = append(open, m)
		}
	}
	if len(p.assume) == 0 || len(open) == 0 || p.ex.Incomplete != "" {
		return
	}
	// The unit's preconditions, assumed from the start, strengthen what
	// the exploration knows (the loop invariants above all): the mutants
	// still open get a second look, and what it proves is so only under
	// the assumptions.
	p.ex = explore(p.fn, p.inputs, sites, widen, p.cache, p.assume, false, false)
	if p.ex.Incomplete != "" {
		return
	}
	for _, m := range open {
		if ctx.Err() != nil {
			return
		}
		if v := p.verdict(m, siteOf[m.ID]); v.Status == mutate.Equivalent {
			v.Assumed = true
			if !strings.Contains(v.Reason, "//gozilla:assume") {
				v.Reason += ", under //gozilla:assume"
			}
			p.rep.Verdicts[m.ID] = v
		}
	}
}

// verdict runs the stages on one mutant.
func (p *prover) verdict(m *mutate.Mutant, s *siteInfo) *Verdict {
	v := &Verdict{ID: m.ID, Unit: m.Func}
	if !p.ex.CompleteAt(s.blocks(p.fn), false) {
		v.Reason = "exploration incomplete: " + p.ex.Incomplete
		return v
	}
	if reach, known := s.reachable(p.fn, p.ex.Reached); known && !reach {
		v.Status, v.Method = mutate.Equivalent, Unreachable
		v.Reason = "the mutated code is unreachable: no feasible path runs it"
		return v
	}
	evs := p.ex.Events[s.node]
	switch {
	case s.overflow:
		v.Reason = fmt.Sprintf("more than %d arrivals at the mutated code", maxEvents)
		return v
	case len(evs) == 0:
		v.Reason = "no arrival at the mutated code was recorded"
		return v
	}
	obls, why := p.obligations(m, s, evs)
	if p.cfg.runs(Rules) && p.byRules(v, obls, false) || p.cfg.runs(Rules) && len(p.assume) > 0 && p.byRules(v, obls, true) {
		return v
	}
	if p.runsMiter() && p.killedBySimulation(v, m) {
		return v
	}
	if p.cfg.runs(Exact) {
		if p.byExact(v, obls, false) || len(p.assume) > 0 && v.Status == mutate.Unknown && p.byExact(v, obls, true) {
			return v
		}
	}
	if p.cfg.runs(Sufficiency) && p.bySufficiency(v, m) {
		return v
	}
	if p.cfg.runs(Sufficiency) && v.Status == mutate.Unknown && p.byInfectedMiter(v, m, s, obls) {
		return v
	}
	if v.Reason == "" {
		v.Reason = why
	}
	return v
}

// arrival is the obligations of one arrival: it is discharged when one
// of them is refuted (each is a valid necessity condition on its own).
type arrival struct {
	reach c.Clause
	alts  []obligation
}

// obligations builds, for every arrival, what the mutant must change
// there: the site's value and those of the expressions around it, or a
// template, or nothing (statement deletions need only be reached).
func (p *prover) obligations(m *mutate.Mutant, s *siteInfo, evs []*core.Event) ([]arrival, string) {
	var mf *mutantForms
	if _, isExpr := s.node.(ast.Expr); isExpr {
		mf = forms(p.pkg, m, s, p.u.Decl)
	}
	why := ""
	out := make([]arrival, 0, len(evs))
	for _, e := range evs {
		a := arrival{reach: e.Cond}
		ev := newEvaluator(p.pkg.Info, e.Env)
		switch {
		case mf == nil: // a statement
			if m.Op == mutate.SDL {
				why = "a deleted statement is reached"
				break
			}
			o, mu, err := statementDiff(p.pkg, m, s.node.(ast.Stmt), ev)
			if err != nil {
				why = err.Error()
				break
			}
			a.alts = append(a.alts, obligation{orig: o, mut: mu, level: "the statement's value"})
		default:
			if mf.abs != "" {
				x, err := ev.scalar(s.node.(ast.Expr))
				if err != nil || x.Type().Kind != c.KInt && x.Type().Kind != c.KFloat {
					why = "abs of a value the prover does not model"
				} else {
					zero := c.Zero(x.Type())
					// For floats, wider: max(-0, +0) is +0 (other
					// bits), min(+0, -0) is -0, and a NaN is its own
					// max and min; -0 == 0 holds (IEEE), as in the
					// mutant's own test of zero.
					lt, gt := token.LSS, token.GTR
					if x.Type().Kind == c.KFloat {
						lt, gt = token.LEQ, token.GEQ
					}
					var t c.Expr
					switch mf.abs {
					case "max":
						t = c.Bin(lt, x, zero)
					case "min":
						t = c.Bin(gt, x, zero)
					default:
						t = c.Bin(token.EQL, x, zero)
					}
					// A wider condition than the exact difference (MinInt
					// is its own absolute value): sound for refutation.
					a.alts = append(a.alts, obligation{ok: t, level: "Table 1's abs template"})
				}
				if mf.abs == "zpush" {
					break
				}
			}
			if mf.err != nil {
				why = mf.err.Error()
			}
			for _, l := range mf.levels {
				o, err := ev.scalar(l.orig)
				if err != nil {
					why = err.Error()
					continue
				}
				mev := newEvaluator(l.mutInfo, e.Env)
				mu, err := mev.scalar(l.mut)
				if err != nil {
					why = err.Error()
					continue
				}
				if mu.Type() != o.Type() && l.untyped && mu.Type().Kind != c.KBool && o.Type().Kind != c.KBool {
					mu = c.Conv(o.Type(), mu)
				}
				if mu.Type() != o.Type() {
					why = fmt.Sprintf("mutant of type %s for %s", mu.Type(), o.Type())
					continue
				}
				a.alts = append(a.alts, obligation{orig: o, mut: mu, level: l.name})
			}
		}
		out = append(out, a)
	}
	if why == "" {
		why = "the mutated code can change the state"
	}
	return out, why
}

// differ is the necessity condition on a value: it holds whenever orig
// and mut differ (constraint.Differ: for floats, different bits, which
// float != misses at -0 and +0). The soundness tests set it to plain !=,
// issue 13's bug, to show that their checks catch the false proofs.
var differ = c.Differ

// clause is C_R (∧ assumptions) ∧ C_n for the rules; false when the
// values may panic (C_n, their difference, would then miss the panics).
func (a *arrival) clause(o obligation, assume c.Clause) (c.Clause, bool) {
	cl := append(append(c.Clause(nil), a.reach...), assume...)
	switch {
	case o.ok != nil:
		cl = append(cl, o.ok)
	case o.orig != nil:
		if mayPanic(o.orig) || mayPanic(o.mut) {
			return nil, false
		}
		// Differ, not !=: float == is not identity (-0 == 0), so
		// o.orig != o.mut being false does not make them the same.
		cl = append(cl, differ(o.orig, o.mut))
	}
	return cl, true
}

// byRules applies the Offutt–Pan strategies to every arrival.
func (p *prover) byRules(v *Verdict, arrs []arrival, assumed bool) bool {
	var assume c.Clause
	if assumed {
		assume = p.assume
	}
	var proof []string
	for i := range arrs {
		a := &arrs[i]
		done := false
		alts := a.alts
		if len(alts) == 0 {
			alts = []obligation{{level: "reachability"}}
		}
		for _, o := range alts {
			cl, ok := a.clause(o, assume)
			if !ok {
				continue
			}
			if r := p.solvers.rules.Solve(&solve.Query{Clause: cl}, solve.Budget{}); r.Status == solve.Unsat {
				proof = append(proof, fmt.Sprintf("arrival %d, %s: %s", i+1, o.level, r.Why))
				done = true
				break
			}
		}
		if !done {
			return false
		}
	}
	v.Status, v.Method, v.Assumed, v.Proof = mutate.Equivalent, Rules, assumed, proof
	v.Reason = fmt.Sprintf("reachability ∧ necessity infeasible on each of %d arrival(s) (Offutt–Pan strategies)", len(arrs))
	if assumed {
		v.Reason += ", under //gozilla:assume"
	}
	if len(proof) > 0 {
		v.Reason += ": " + strings.SplitN(proof[0], ": ", 2)[1]
	}
	return true
}

// byExact decides the obligations with SAT: one query per level of
// comparison (the mutated expression itself, then the outermost
// enclosing one), whose cases are the arrivals; unsat for one level is a
// proof. A cheap search by domain reduction first looks for an arrival
// where the values differ, which settles the level without SAT.
func (p *prover) byExact(v *Verdict, arrs []arrival, assumed bool) bool {
	left := p.cfg.Budget // shared by the levels
	var assume c.Clause
	if assumed {
		assume = p.assume
	}
	levels := 1
	for _, a := range arrs {
		levels = max(levels, len(a.alts))
	}
	tries := []int{0}
	if levels > 1 {
		tries = append(tries, levels-1)
	}
	for _, lv := range tries {
		// Some arrival infects the state: the disjunction of the cases,
		// each C_R (∧ assumptions) ∧ C_n at that level, where C_n counts
		// a panic as a difference (c.Distinct).
		var some c.Expr
		open := false
		for i := range arrs {
			a := &arrs[i]
			holds := append(append(c.Clause(nil), a.reach...), assume...)
			var differs c.Expr
			if len(a.alts) > 0 {
				o := a.alts[min(lv, len(a.alts)-1)]
				switch {
				case o.ok != nil:
					holds = append(holds, o.ok)
				case o.orig != nil:
					differs = c.Distinct(o.orig, o.mut)
				}
				if q, model := p.quickModel(a, o, assumed); model != nil {
					if v.Input == nil {
						v.Input = p.modelInput(p.plainModel(q, model))
					}
					open = true
					break
				}
			}
			var cs c.Expr
			for _, e := range holds {
				cs = and(cs, c.Holds(e))
			}
			if differs != nil {
				cs = and(cs, differs)
			}
			if cs == nil {
				cs = c.B(true)
			}
			some = or(some, cs)
		}
		if open {
			continue
		}
		if left <= 0 {
			v.Reason = fmt.Sprintf("SAT budget (%d propagations) spent", p.cfg.Budget)
			return false
		}
		if some == nil {
			some = c.B(false)
		}
		if c.Size(some, maxExact+1) > maxExact {
			// Bit-blasting costs what the query's size does, outside
			// the propagation budget: large ones (many arrivals on
			// long paths) are left unknown.
			v.Reason = fmt.Sprintf("the exact query over %d arrival(s) is larger than %d nodes", len(arrs), maxExact)
			return false
		}
		q := &solve.Query{Clause: c.Clause{some}, Done: p.cache.doneOf()}
		r := p.solvers.exact.Solve(q, solve.Budget{Props: min(left, exactProps)})
		left -= r.Spent.Props
		switch r.Status {
		case solve.Unsat:
			what := "the mutated value"
			if lv > 0 {
				what = "the outermost enclosing expression"
			}
			v.Status, v.Method, v.Assumed, v.Input = mutate.Equivalent, Exact, assumed, nil
			v.Reason = fmt.Sprintf("reachability ∧ necessity (%s differs) unsatisfiable over all %d arrival(s) (SAT)", what, len(arrs))
			if assumed {
				v.Reason += ", under //gozilla:assume"
			}
			v.Proof = []string{v.Reason}
			return true
		case solve.Sat:
			if v.Input == nil {
				v.Input = p.modelInput(p.plainModel(q, r.Model))
			}
		default:
			if errors.Is(r.Err, sat.ErrFloat) {
				v.Reason = "floating-point values: the exact procedure does not decide them"
			} else if r.Err != nil {
				v.Reason = "SAT: " + r.Why
			}
		}
	}
	return false
}

// maxExact bounds the size of an exact query (distinct nodes), and
// exactProps its propagations: measured on the subjects, the proofs
// take at most 22,000 propagations but one (10 million), and the
// queries that run out of 2 million (divisions, mostly) took 190 of
// the stage's 237 seconds.
const (
	maxExact   = 1 << 13
	exactProps = 2_000_000
)

// quickModel looks for an input that reaches the arrival and makes the
// values differ by domain reduction (cheap, incomplete), checked with
// the reference semantics; nil when it finds none.
func (p *prover) quickModel(a *arrival, o obligation, assumed bool) (*solve.Query, c.Assignment) {
	var assume c.Clause
	if assumed {
		assume = p.assume
	}
	cl := append(append(c.Clause(nil), a.reach...), assume...)
	var need c.Expr
	switch {
	case o.ok != nil:
		need = o.ok
	case o.orig != nil:
		need = differ(o.orig, o.mut)
	default:
		need = c.B(true)
	}
	q := &solve.Query{Clause: append(cl, need), Done: p.cache.doneOf()}
	r := p.solvers.quick.Solve(q, solve.Unlimited())
	if r.Status != solve.Sat {
		return nil, nil
	}
	return q, r.Model
}

// mayPanic reports whether evaluating e may panic: a division or
// remainder by a non-constant, a shift by a signed non-constant.
func mayPanic(e c.Expr) bool {
	switch x := e.(type) {
	case *c.Unary:
		return mayPanic(x.X)
	case *c.Convert:
		return mayPanic(x.X)
	case *c.Binary:
		if mayPanic(x.X) || mayPanic(x.Y) {
			return true
		}
		k, isK := x.Y.(*c.Const)
		switch x.Op {
		case token.QUO, token.REM:
			return x.Y.Type().Kind == c.KInt && (!isK || k.V == 0)
		case token.SHL, token.SHR:
			return x.Y.Type().Signed && (!isK || k.V.Int() < 0)
		}
	}
	return false
}

// maxInputLen bounds the lengths of the inputs the prover proposes.
const maxInputLen = 64

// modelInput turns a model into the unit's input (the core's converter,
// lengths up to maxInputLen), nil when it cannot.
func (p *prover) modelInput(a c.Assignment) []value.Value {
	if p.u.Skip != "" {
		return nil
	}
	in, err := core.Inputs(p.inputs, p.u.Inputs(), a, maxInputLen)
	if err != nil {
		return nil
	}
	return in
}

// findings lists the unit's unreachable statements and infeasible
// branches from its (complete) exploration.
func (p *prover) findings() {
	fset := p.pkg.Fset
	blocksOf := func(n ast.Node) (any, reached bool) {
		for _, b := range p.fn.Blocks {
			for _, ins := range b.Instrs {
				if posIn(ins.Pos(), n) {
					any = true
					if p.ex.Reached[b] {
						return true, true
					}
				}
			}
		}
		return any, false
	}
	// A compound statement runs whenever its head does (a condition may
	// be a constant, with no instruction of its own): what can be dead is
	// a simple statement, or a whole block, reported at its first
	// statement.
	var walk func(n ast.Node) bool
	walk = func(n ast.Node) bool {
		switch st := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			if st != p.u.Decl.Body && len(st.List) > 0 {
				if any, reached := blocksOf(st); any && !reached {
					text := firstLine(p.pkg, st.List[0])
					if len(st.List) > 1 && !strings.HasSuffix(text, " …") {
						text += " …"
					}
					p.rep.Unreachable = append(p.rep.Unreachable, Finding{Func: p.u.Name, Pos: fset.Position(st.List[0].Pos()), End: fset.Position(st.List[len(st.List)-1].End()), Text: text})
					return false
				}
			}
		case *ast.IfStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt,
			*ast.LabeledStmt, *ast.CaseClause, *ast.CommClause:
		case ast.Stmt:
			if any, reached := blocksOf(st); any && !reached {
				p.rep.Unreachable = append(p.rep.Unreachable, Finding{Func: p.u.Name, Pos: fset.Position(st.Pos()), End: fset.Position(st.End()), Text: firstLine(p.pkg, st)})
				return false
			}
		}
		return true
	}
	ast.Inspect(p.u.Decl.Body, func(n ast.Node) bool { return n != nil && walk(n) })
	for _, b := range p.fn.Blocks {
		if !p.ex.Reached[b] || len(b.Instrs) == 0 {
			continue
		}
		br, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if _, constant := br.Cond.(*ssa.Const); constant {
			continue // a constant condition (UintSize == 32): no path question
		}
		for i, s := range b.Succs {
			if p.ex.Edges[core.Edge{From: b, To: s}] {
				continue
			}
			expr := condExpr(br.Cond)
			f := Finding{Func: p.u.Name, Never: i == 0, Text: "condition"}
			if expr != nil {
				f.Pos, f.End = fset.Position(expr.Pos()), fset.Position(expr.End())
				f.Text = types.ExprString(expr)
			} else if pos := br.Cond.Pos(); pos.IsValid() {
				f.Pos = fset.Position(pos)
			}
			p.rep.Infeasible = append(p.rep.Infeasible, f)
		}
	}
	sort.SliceStable(p.rep.Infeasible, func(i, j int) bool {
		a, b := p.rep.Infeasible[i].Pos, p.rep.Infeasible[j].Pos
		return a.Filename < b.Filename || a.Filename == b.Filename && a.Offset < b.Offset
	})
}

// condExpr finds the source expression of a branch condition.
func condExpr(v ssa.Value) ast.Expr {
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if d, ok := r.(*ssa.DebugRef); ok {
				return d.Expr
			}
		}
	}
	return nil
}

func firstLine(pkg *load.Package, n ast.Node) string {
	tf := pkg.Fset.File(n.Pos())
	for _, f := range pkg.Files {
		if f.Syntax.Pos() >= token.Pos(tf.Base()) && int(f.Syntax.Pos()) <= tf.Base()+tf.Size() {
			s := string(f.Src[tf.Offset(n.Pos()):tf.Offset(n.End())])
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = strings.TrimSpace(s[:i]) + " …"
			}
			return s
		}
	}
	return ""
}
