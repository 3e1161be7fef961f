package ddr

// The walk (seed 002, Fig. 3): the explorer core (internal/explore)
// steps through the unit's SSA form, evaluating assignments
// symbolically; this policy steers it toward the goal and reduces the
// domains at each decision. At a two-way branch the directions from
// which the goal is reachable are tried nearest first; each is taken
// with the predicate's domains reduced (ReduceDomains), and if the walk
// fails further on, the decision is retried with the next split point
// (GetSplit's search index) up to K times before the walk backs up to
// the decision before it. Loops need no unrolling bound: a loop's
// decision is a decision like any other, and trying the exit first,
// then one more turn, reaches a goal behind 9, 30 or 100 turns; budgets
// on steps end the search instead.

import (
	"fmt"
	"go/ast"
	"go/types"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/engines/goal"
	"github.com/gozilla/gozilla/internal/pmap"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
)

// K is the split points tried at a decision before the walk backs up.
const K = 5

// state is a path's own: its domains, and how far along its waypoints
// it is.
type state struct {
	s       *store
	applied int    // the path conditions reduced into s
	stage   int    // waypoints passed (a def-use pair's definition)
	dirs    string // the ways the path took at its decisions ('0' the first successor)
	// flipping: the need holds at the mutant's site, whose branch comes
	// next; mutant: the path is the mutant's run past that branch.
	flipping, mutant bool
	// orig is the return the original reaches first from its side of
	// the flipped branch (nil: none without another decision).
	orig *ssa.Return
}

// Clone implements core.Ext.
func (st *state) Clone() core.Ext {
	return &state{s: st.s.fork(), applied: st.applied, stage: st.stage, dirs: st.dirs, flipping: st.flipping, mutant: st.mutant, orig: st.orig}
}

// walker is the policy of one walk.
type walker struct {
	// evalWork counts what pin evaluated over the walk (maxEvalWork).
	evalWork int64
	// floatChecks counts the clause evaluations choose spent on float
	// candidates (maxFloatChecks bounds them per choice).
	floatChecks int

	fn   *ssa.Function
	g    goal.Goal
	seed uint64
	// limit bounds the initial domains of integers (0: their types').
	limit int64
	// dist[i][b] is the fewest blocks from b to a block of waypoint i
	// (absent: unreachable); nil when waypoint i is in no block of fn
	// (a callee's): then nothing is pruned.
	dist []map[*ssa.BasicBlock]int
	// maxPath bounds a path's blocks; maxTries the decisions tried.
	maxPath, maxTries int
	tries             int

	// assume evaluates the unit's assumptions over the parameters.
	assume func(entry *pmap.Layer[*types.Var, core.Value]) c.Clause
	// loops are fn's; defs holds the blocks that compute values the
	// goal's sites use (FindPath's data flow: a walk that fails at the
	// goal on a count or a flag needs the branches that change them).
	loops   *core.Loops
	defs    map[*ssa.BasicBlock]bool
	prefers map[*ssa.BasicBlock]int
	returns map[*ssa.Function]map[*ssa.BasicBlock]int // toReturn's

	// found holds the solutions, each from a path of its own (sigs: the
	// ways taken); after the first, the walk looks for others for at
	// most extraSteps blocks: other paths to the goal are other chances
	// for the run to take the branch the walk took blind, or for a
	// mutant's infection to reach an output.
	found   []c.Assignment
	sigs    map[string]bool
	firstAt int
	done    bool
	failure string         // where the deepest failed walk stopped
	depth   int            // its depth (path conditions)
	needErr error          // the last error evaluating the need
	guesses int            // guess's calls
	flips   []c.Assignment // values at arrivals that went on to flip (the candidates if no flipped run ends)
}

// ext is f's state, made on first use.
func (w *walker) ext(f *core.Frame) *state {
	st, _ := f.Ext.(*state)
	if st == nil {
		st = &state{s: &store{limit: w.limit}}
		f.Ext = st
	}
	return st
}

// Start implements core.Policy.
func (w *walker) Start(*core.Explorer) bool { return true }

// sync reduces the path conditions the core added since the last
// decision (guards, index forks, length bounds) into the path's domains;
// false when they cannot hold.
func (w *walker) sync(x *core.Explorer, f *core.Frame) bool {
	st := w.ext(f)
	d := w.domains(st.s, w.seed)
	for ; st.applied < len(f.Cond); st.applied++ {
		if r := d.reduce(f.Cond[st.applied], true, 1); r == infeasible || r == failed {
			w.fail(f, fmt.Sprintf("the path's condition %s cannot hold", short(f.Cond[st.applied])))
			return false
		}
	}
	return true
}

// Admit implements core.Policy: a path goes on while its conditions hold
// over its domains and the goal is reachable from where it is.
func (w *walker) Admit(x *core.Explorer, f *core.Frame, b, from *ssa.BasicBlock) bool {
	if w.done {
		return false
	}
	if len(w.found) > 0 && x.Steps > w.firstAt+extraSteps {
		w.done = true
		x.Stop("found")
		return false
	}
	if from == nil && len(f.Stack) == 0 && w.assume != nil {
		// The initial domains: the types', narrowed by the unit's
		// //gozilla:assume directives.
		f.Cond = append(f.Cond, w.assume(x.Entry)...)
	}
	if !w.sync(x, f) {
		return false
	}
	if len(f.Stack) > 0 || b.Parent() != w.fn {
		return true // inside an inlined call
	}
	_, ok := w.distance(f, b)
	return ok
}

// distance is the fewest blocks from b to the path's next waypoint.
func (w *walker) distance(f *core.Frame, b *ssa.BasicBlock) (int, bool) {
	st := w.ext(f)
	if st.mutant {
		return w.toReturn(w.fn)[b], true // the mutant's run: to an end
	}
	i := min(st.stage, len(w.dist)-1)
	if w.dist[i] == nil {
		return 0, true
	}
	// A later waypoint must stay reachable too; the next one decides.
	n, ok := w.dist[i][b]
	return n, ok
}

// Loop implements core.Policy: no unrolling bound, a path length bound.
func (w *walker) Loop(x *core.Explorer, f *core.Frame, b, from *ssa.BasicBlock) core.Step {
	if f.Steps > w.maxPath {
		w.fail(f, fmt.Sprintf("a path longer than %d blocks", w.maxPath))
		return core.Drop
	}
	return core.Go
}

// Widen implements core.Policy (never asked).
func (w *walker) Widen(*core.Explorer, *core.Frame, *ssa.BasicBlock, *ssa.BasicBlock) {}

// Refuted implements core.Policy: the domains decide at the next block
// entry (sync).
func (w *walker) Refuted(*core.Explorer, c.Clause) bool { return false }

// Branch implements core.Policy: the decision, by domains.
func (w *walker) Branch(x *core.Explorer, f *core.Frame, b *ssa.BasicBlock, cond c.Expr) bool {
	if w.done {
		return true
	}
	if _, isConst := cond.(*c.Const); isConst {
		return false // the core follows the one way
	}
	if !w.sync(x, f) {
		return true
	}
	if st := w.ext(f); st.flipping {
		st.flipping = false
		if b.Parent() == w.fn {
			// The mutant's branch: the original's way is fixed by the
			// need; the mutant goes the other.
			if v := w.domains(st.s, w.seed).of(cond); v.Point() {
				dir := 1
				if v.Lo == 0 {
					dir = 0
				}
				g := x.Fork(f)
				gs := w.ext(g)
				gs.mutant = true
				gs.orig = nearestReturn(b.Succs[1-dir])
				gs.dirs += "m" + string(rune('0'+dir))
				x.Enter(g, b.Succs[dir], b)
				return true
			}
		}
		// No branch to flip here: the values chosen at the arrival.
		if asg := w.choose(st.s, f.Cond); asg != nil {
			w.accept(x, st, asg)
		}
		return true
	}
	for _, dir := range w.order(f, b) {
		want := dir == 0
		prev := ""
		for k := 1; k <= K; k++ {
			if w.tries >= w.maxTries {
				x.Stop(fmt.Sprintf("more than %d decisions tried", w.maxTries))
				return true
			}
			w.tries++
			g := x.Fork(f)
			st := w.ext(g)
			before := st.s.changed
			d := w.domains(st.s, w.seed+uint64(k))
			r := d.reduce(cond, want, k)
			if trace {
				fmt.Fprintf(os.Stderr, "ddr: %*s%s %s %v try %d: %s (from %s to %s)\n", len(g.Cond)%40, "", w.pos(b), short(cond), want, k, map[outcome]string{ok: "ok", infeasible: "infeasible", failed: "failed", unsupported: "unsupported"}[r], w.ext(f).s.signature(cond), st.s.signature(cond))
			}
			if r == infeasible || r == failed {
				w.fail(f, w.why(x, b, cond, want, r, w.ext(f).s))
				if r == infeasible {
					break
				}
				continue
			}
			// unsupported (a float predicate): taken as it is; the
			// values chosen at the goal are checked against it.
			sig := st.s.signature(cond)
			if sig == prev {
				break // the same split as the last try
			}
			prev = sig
			if want {
				g.Cond = append(g.Cond, cond)
			} else {
				g.Cond = append(g.Cond, c.Not(cond))
			}
			st.applied = len(g.Cond)
			st.dirs += string(rune('0' + dir))
			x.Enter(g, b.Succs[dir], b)
			if w.done || x.Stopped() {
				return true
			}
			if st.s.changed == before {
				break // no split was made: there is no other to try
			}
		}
	}
	return true
}

// order is the successors of b's branch to try, in order: those from
// which the path's next waypoint is reachable, the preferred (prefer)
// or else the nearer first.
func (w *walker) order(f *core.Frame, b *ssa.BasicBlock) []int {
	if len(f.Stack) > 0 || b.Parent() != w.fn {
		// Inside an inlined callee the goal is beyond its return: the
		// way nearer a return first (a loop's exit before another turn,
		// as in fn itself).
		d := w.toReturn(b.Parent())
		if d[b.Succs[1]] < d[b.Succs[0]] {
			return []int{1, 0}
		}
		return []int{0, 1}
	}
	d0, ok0 := w.distance(f, b.Succs[0])
	d1, ok1 := w.distance(f, b.Succs[1])
	if st := w.ext(f); st.mutant {
		// The mutant's run: away from the answer the original gives,
		// then the nearer end first.
		same := func(s *ssa.BasicBlock) bool {
			r := nearestReturn(s)
			return st.orig != nil && r != nil && sameConsts(st.orig.Results, r.Results)
		}
		s0, s1 := same(b.Succs[0]), same(b.Succs[1])
		if s0 != s1 {
			if s0 {
				return []int{1, 0}
			}
			return []int{0, 1}
		}
		if d1 < d0 {
			return []int{1, 0}
		}
		return []int{0, 1}
	}
	switch {
	case ok0 && ok1 && w.prefer(b) == 1:
		return []int{1, 0}
	case ok0 && ok1 && w.prefer(b) == 0:
		return []int{0, 1}
	case ok0 && ok1 && d1 < d0:
		return []int{1, 0}
	case ok0 && ok1:
		return []int{0, 1}
	case ok0:
		return []int{0}
	case ok1:
		return []int{1}
	}
	return nil
}

// toReturn is the fewest blocks from each block of a callee to one that
// returns (blocks that never return are absent: the largest distance).
func (w *walker) toReturn(fn *ssa.Function) map[*ssa.BasicBlock]int {
	if d, ok := w.returns[fn]; ok {
		return d
	}
	var rets []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				rets = append(rets, b)
			}
		}
	}
	d := goal.Backward(rets)
	for _, b := range fn.Blocks {
		if _, ok := d[b]; !ok {
			d[b] = len(fn.Blocks) + 1
		}
	}
	if w.returns == nil {
		w.returns = map[*ssa.Function]map[*ssa.BasicBlock]int{}
	}
	w.returns[fn] = d
	return d
}

// maxIndexes bounds the values a symbolic index is resolved to.
const maxIndexes = 6

// ChooseIndexes implements core.IndexChooser: an index the walk reaches
// is resolved to a value of its domain (seed 002: each element its own
// variable, selected when the index is known), and on backtracking to a
// few others — its ends, its middle, their neighbours — instead of one
// path per index the aggregate may have.
func (w *walker) ChooseIndexes(x *core.Explorer, f *core.Frame, idx c.Expr, n int) []int {
	if !w.sync(x, f) {
		return []int{}
	}
	d := w.domains(w.ext(f).s, w.seed)
	dom := d.of(idx).Meet(Dom{0, int64(n - 1)})
	if dom.Empty() {
		return []int{}
	}
	mid := dom.Lo + (dom.Hi-dom.Lo)/2
	var out []int
	seen := map[int64]bool{}
	for _, k := range []int64{dom.Lo, dom.Hi, mid, dom.Lo + 1, dom.Hi - 1, mid + 1} {
		if dom.Has(k) && !seen[k] && len(out) < maxIndexes {
			seen[k] = true
			out = append(out, int(k))
		}
	}
	return out
}

// BlindBranch implements core.BlindBrancher: a decision on a value the
// walk does not model (a call's result, memory it lost track of) is
// taken both ways, the goal's side first, with no domain reduced: the
// values chosen at the goal are run, and the run tells which way it
// went.
func (w *walker) BlindBranch(x *core.Explorer, f *core.Frame, b *ssa.BasicBlock) bool {
	if w.done || !w.sync(x, f) {
		return true
	}
	if trace {
		fmt.Fprintf(os.Stderr, "ddr: %*s%s blind\n", len(f.Cond)%40, "", w.pos(b))
	}
	for _, dir := range w.order(f, b) {
		g := x.Fork(f)
		w.ext(g).dirs += string(rune('0' + dir))
		x.Enter(g, b.Succs[dir], b)
		if w.done || x.Stopped() {
			break
		}
	}
	return true
}

// why describes a failed decision: where, which way, the domains of the
// predicate's symbols.
func (w *walker) why(x *core.Explorer, b *ssa.BasicBlock, cond c.Expr, want bool, r outcome, s *store) string {
	pos := w.pos(b)
	var doms []string
	for _, v := range c.Vars(cond) {
		doms = append(doms, fmt.Sprintf("%s %s", v.Name, s.get(v)))
	}
	what := map[outcome]string{infeasible: "cannot be", failed: "found no split making it", unsupported: "has no integer domains to make it"}[r]
	return fmt.Sprintf("at %s, %s %s %v (%s)", pos, short(cond), what, want, strings.Join(doms, ", "))
}

// pos is where b's decision is in the source.
func (w *walker) pos(b *ssa.BasicBlock) string {
	pos := ""
	if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
		if p := iff.Cond.Pos(); p.IsValid() {
			at := w.fn.Prog.Fset.Position(p)
			pos = fmt.Sprintf("%s:%d:%d", filepath.Base(at.Filename), at.Line, at.Column)
		}
	}
	for i := len(b.Instrs) - 1; i >= 0 && pos == ""; i-- {
		if p := b.Instrs[i].Pos(); p.IsValid() {
			at := w.fn.Prog.Fset.Position(p)
			pos = fmt.Sprintf("%s:%d:%d", filepath.Base(at.Filename), at.Line, at.Column)
		}
	}
	if pos == "" {
		pos = fmt.Sprintf("block %s of %s", b, b.Parent().Name())
	}
	return pos
}

// trace (GOZILLA_DDR_TRACE=1) prints each decision tried to standard
// error: a tool for the engine's developers.
var trace = os.Getenv("GOZILLA_DDR_TRACE") != ""

// short is e in Go syntax, or a summary of it when it is large (a loop's
// expressions grow with its turns).
func short(e c.Expr) string {
	if n := c.Size(e, 40); n >= 40 {
		var names []string
		for _, v := range c.Vars(e) {
			names = append(names, v.Name)
		}
		return fmt.Sprintf("(an expression of 40 or more operations over %s)", strings.Join(names, ", "))
	}
	return c.String(e)
}

// fail keeps the reason of the deepest failure.
func (w *walker) fail(f *core.Frame, why string) {
	if trace {
		fmt.Fprintf(os.Stderr, "ddr: %*sfailed: %s\n", len(f.Cond)%40, "", why)
	}
	if n := len(f.Cond); n >= w.depth || w.failure == "" {
		w.depth, w.failure = n, why
	}
}

// event is core.Recording.OnEvent: waypoints passed, and at the goal's
// site, the need reduced and the values chosen.
func (w *walker) event(x *core.Explorer) func(f *core.Frame, site ast.Node, ev *core.Event) {
	last := len(w.g.Waypoints) - 1
	return func(f *core.Frame, site ast.Node, ev *core.Event) {
		if w.done || w.sigs[w.ext(f).dirs] || w.ext(f).mutant || w.ext(f).flipping {
			return
		}
		st := w.ext(f)
		if w.g.Kills[site] && st.stage > 0 && site != w.g.Waypoints[last] {
			st.stage = 0
		}
		if st.stage < last && site == w.g.Waypoints[st.stage] {
			st.stage++
			return
		}
		if st.stage != last || site != w.g.Waypoints[last] {
			return
		}
		if !w.sync(x, f) {
			return
		}
		var need c.Expr = c.B(true)
		if w.g.Need != nil {
			n, err := w.g.Need(ev)
			if err != nil {
				w.needErr = err
				return
			}
			need = n
		}
		for k := 1; k <= K; k++ {
			s := st.s.fork()
			d := w.domains(s, w.seed+uint64(100+k))
			r := d.reduce(need, true, k)
			if trace {
				fmt.Fprintf(os.Stderr, "ddr: %*sat the goal: %s try %d: %d\n", len(f.Cond)%40, "", short(need), k, r)
			}
			if r != ok && r != unsupported {
				w.fail(f, fmt.Sprintf("at the goal, %s %s", short(need), map[outcome]string{infeasible: "cannot hold", failed: "found no split"}[r]))
				if r == infeasible {
					return
				}
				continue
			}
			// unsupported (a float need): choose searches the values.
			if asg := w.choose(s, append(f.Cond[:len(f.Cond):len(f.Cond)], need)); asg != nil {
				if w.g.Flip && len(w.flips) < maxCandidates {
					// Keep these values (if no flipped run reaches an
					// end), and go on to the branch with the need.
					w.flips = append(w.flips, asg)
					st.s, st.flipping = s, true
					f.Cond = append(f.Cond, need)
					st.applied = len(f.Cond)
					return
				}
				w.accept(x, st, asg)
				return
			}
		}
		if asg := w.guess(st.s, append(f.Cond[:len(f.Cond):len(f.Cond)], need), need); asg != nil {
			w.accept(x, st, asg)
		}
	}
}

// end is core.Recording.OnEnd: the mutant's run, flipped at its branch,
// reached an end; the values are chosen with the whole path's condition.
func (w *walker) end(x *core.Explorer) func(f *core.Frame, code int, results []ssa.Value) {
	return func(f *core.Frame, code int, results []ssa.Value) {
		st := w.ext(f)
		if trace {
			fmt.Fprintf(os.Stderr, "ddr: %*send %d (mutant's run %v, orig %v, results %v)\n", len(f.Cond)%40, "", code, st.mutant, st.orig, results)
		}
		if w.done || !st.mutant || w.sigs[st.dirs] || !w.sync(x, f) {
			return
		}
		asg := w.choose(st.s, f.Cond)
		if trace {
			fmt.Fprintf(os.Stderr, "ddr: %*schosen: %v\n", len(f.Cond)%40, "", asg != nil)
		}
		if asg != nil {
			w.accept(x, st, asg)
		}
	}
}

// nearestReturn is the return reached from b through jumps alone (nil
// when a decision comes first).
func nearestReturn(b *ssa.BasicBlock) *ssa.Return {
	for seen := map[*ssa.BasicBlock]bool{}; b != nil && !seen[b]; {
		seen[b] = true
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			return last
		case *ssa.Jump:
			b = b.Succs[0]
		default:
			return nil
		}
	}
	return nil
}

// sameConsts reports whether two lists of returned values are the same
// constants.
func sameConsts(a, b []ssa.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		ka, ok1 := a[i].(*ssa.Const)
		kb, ok2 := b[i].(*ssa.Const)
		if !ok1 || !ok2 || ka.Value == nil || kb.Value == nil || ka.Value.ExactString() != kb.Value.ExactString() {
			return false
		}
	}
	return true
}

// accept keeps a solution found on st's path.
func (w *walker) accept(x *core.Explorer, st *state, asg c.Assignment) {
	if len(w.found) == 0 {
		w.firstAt, w.sigs = x.Steps, map[string]bool{}
	}
	w.found = append(w.found, asg)
	w.sigs[st.dirs] = true
	if len(w.found) >= maxCandidates {
		w.done = true
		x.Stop("found")
	}
}

// choose picks a value of each symbol's domain (nearest zero first, then
// other values of the domains) and checks the path's condition with
// them: the domains describe it, but where Update pinned nothing and a
// relation had no exact inverse, a choice may still miss.
func (w *walker) choose(s *store, cl c.Clause) c.Assignment {
	syms := map[*c.Sym]bool{}
	var order []*c.Sym
	for _, e := range cl {
		for _, v := range c.Vars(e) {
			if !syms[v] {
				syms[v] = true
				order = append(order, v)
			}
		}
	}
	d := w.domains(s, w.seed)
	var floats []*c.Sym
	for _, v := range order {
		if v.Type.Kind == c.KFloat {
			floats = append(floats, v)
		}
	}
	var cands []float64
	if len(floats) > 0 {
		cands = floatCandidates(cl)
	}
	ev := &c.Evaluator{}
	checks := 0
	for try := 0; try < 8; try++ {
		asg := c.Assignment{}
		vals := map[*c.Sym]int64{}
		for _, v := range order {
			if !supported(v.Type) {
				asg[v] = 0
				continue
			}
			r := s.find(v)
			x, ok := vals[r]
			if !ok {
				x = d.pick(s.get(r), try)
				vals[r] = x
			}
			asg[v] = c.Wrap(v.Type, uint64(x))
		}
		if ev.Reset(asg); holds(ev, cl) {
			return asg
		}
		// The float symbols: each candidate for each in turn (the others
		// at their first), then random combinations; at most
		// maxFloatChecks evaluations of the clause in all (a walk over a
		// map of buckets had 30 float symbols and 400 candidates: each
		// choice cost seconds), each float's share of the first ones
		// alike.
		if len(floats) == 0 {
			continue
		}
		for _, v := range floats {
			asg[v] = c.FloatValue(v.Type, cands[0])
		}
		per := min(len(cands), max(8, maxFloatChecks/len(floats)))
		for _, v := range floats {
			for k := 1; k < per && checks < maxFloatChecks; k++ {
				asg[v] = c.FloatValue(v.Type, cands[k])
				checks++
				w.floatChecks++
				if ev.Reset(asg); holds(ev, cl) {
					return asg
				}
			}
			asg[v] = c.FloatValue(v.Type, cands[0])
		}
		for t := 0; t < floatTries && checks < maxFloatChecks; t++ {
			for _, v := range floats {
				asg[v] = c.FloatValue(v.Type, cands[d.rnd.IntN(len(cands))])
			}
			checks++
			w.floatChecks++
			if ev.Reset(asg); holds(ev, cl) {
				return asg
			}
		}
	}
	return nil
}

// maxFloatChecks bounds the evaluations of a clause one choice spends
// on its float symbols' candidates.
const maxFloatChecks = 2048

// holds evaluates a clause with ev, under the assignment ev was Reset
// to: the tries of one clause share one evaluator, whose memo keeps its
// room (a fresh memo growing to a large clause's size for each try was
// most of DDR's time on encoding/base32's Encode).
func holds(ev *c.Evaluator, cl c.Clause) bool {
	for _, e := range cl {
		v, err := ev.Eval(e)
		if err != nil || !v.Bool() {
			return false
		}
	}
	return true
}

// distances computes, for each waypoint, the fewest blocks from each
// block of fn to one that announces it.
func distances(fn *ssa.Function, rule core.Triggers, waypoints []ast.Node) []map[*ssa.BasicBlock]int {
	out := make([]map[*ssa.BasicBlock]int, len(waypoints))
	for i, wp := range waypoints {
		at := goal.Announcing(fn, rule, wp)
		if len(at) == 0 {
			continue // not in fn's own blocks
		}
		out[i] = goal.Backward(at)
	}
	// A waypoint must be reachable with the later ones after it: a block
	// from which waypoint i is reachable but i+1 is not from i's blocks
	// is still fine to enter; the next stage prunes.
	return out
}

// prefer is the successor of b to try first when the goal is reachable
// from both (-1: neither is preferred, the nearer to the goal goes
// first). A decision that controls a loop (one way stays in it, the
// other leaves) prefers nothing: leaving first and turning once more on
// failure is how the walk finds the turns a goal needs. Another
// decision prefers the way that reaches, without coming back through
// b, a block computing a value the goal uses.
func (w *walker) prefer(b *ssa.BasicBlock) int {
	if p, ok := w.prefers[b]; ok {
		return p
	}
	p := -1
	if !w.controlsLoop(b) {
		r0, r1 := w.reachesDef(b, b.Succs[0]), w.reachesDef(b, b.Succs[1])
		switch {
		case r0 && !r1:
			p = 0
		case r1 && !r0:
			p = 1
		}
	}
	if w.prefers == nil {
		w.prefers = map[*ssa.BasicBlock]int{}
	}
	w.prefers[b] = p
	return p
}

func (w *walker) controlsLoop(b *ssa.BasicBlock) bool {
	for h, body := range w.loops.Body {
		if body[b] && body[b.Succs[0]] != body[b.Succs[1]] {
			_ = h
			return true
		}
	}
	return false
}

// reachesDef reports whether a block of defs is reachable from s without
// passing through b, and the goal from that block, again without b: a
// definition only the loop's next turn brings back to b (a counter's
// increment) is no reason to prefer a way, and preferring it would turn
// the loop until the length bound.
func (w *walker) reachesDef(b, s *ssa.BasicBlock) bool {
	for x := range avoiding(b, s) {
		if w.defs[x] && w.reachesGoal(b, x) {
			return true
		}
	}
	return false
}

// reachesGoal reports whether a block announcing the last waypoint is
// reachable from x without passing through b.
func (w *walker) reachesGoal(b, x *ssa.BasicBlock) bool {
	d := w.dist[len(w.dist)-1]
	if d == nil {
		return true
	}
	for y := range avoiding(b, x) {
		if n, ok := d[y]; ok && n == 0 {
			return true
		}
	}
	return false
}

// avoiding is the blocks reachable from s (s included) by paths that
// do not pass through b.
func avoiding(b, s *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{s}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if seen[x] || x == b {
			continue
		}
		seen[x] = true
		queue = append(queue, x.Succs...)
	}
	return seen
}

// goalDefs is the blocks of fn whose instructions compute values the
// instructions announcing the waypoints use, through SSA operands (φ
// nodes followed, not counted: a loop header computes nothing).
func goalDefs(fn *ssa.Function, rule core.Triggers, waypoints []ast.Node) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value)
	visit = func(v ssa.Value) {
		ins, ok := v.(ssa.Instruction)
		if !ok || seen[v] || ins.Parent() != fn {
			return
		}
		seen[v] = true
		if _, isPhi := v.(*ssa.Phi); !isPhi {
			out[ins.Block()] = true
		}
		for _, op := range ins.Operands(nil) {
			if *op != nil {
				visit(*op)
			}
		}
	}
	for _, wp := range waypoints {
		for _, b := range goal.Announcing(fn, rule, wp) {
			for _, ins := range b.Instrs {
				if !goal.Announces(rule, ins, wp) {
					continue
				}
				for _, op := range ins.Operands(nil) {
					if *op != nil {
						visit(*op)
					}
				}
			}
		}
	}
	// The goal's own blocks are where the walk is going anyway.
	for _, wp := range waypoints {
		for _, b := range goal.Announcing(fn, rule, wp) {
			delete(out, b)
		}
	}
	return out
}

// domains returns the domains of s for one step of the walk, counting
// their evaluations in the walk's budget.
func (w *walker) domains(s *store, seed uint64) *domains {
	d := newDomains(s, seed)
	d.work = &w.evalWork
	return d
}
