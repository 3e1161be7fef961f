package equiv

// This file proves def-use pairs infeasible (seed 002's Table I counts
// them; the paper found its own by hand). One sound exploration of the
// unit (loops widened after their first turn, which runs exactly) keeps,
// on each path, the definitions of each variable that may be the latest
// one: the one the path passed last, or, at a widened loop's header,
// also every definition in the loop's body (any turn may have left one
// of them). An arrival at a use witnesses the pairs of those
// definitions. When the exploration is complete, a pair no path
// witnesses has no execution: the explored paths describe every
// execution, and each definition and use is announced wherever it runs.

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/analysis"
	"github.com/gozilla/gozilla/internal/coverage"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/symbolic"
	"github.com/gozilla/gozilla/internal/unit"
)

// pairUnroll is the exact turns of a loop before it is widened: the
// first turn decides the pairs of a loop that runs at least once.
const pairUnroll = 1

// InfeasiblePairs proves def-use pairs of the unit named name (in a's
// plan) infeasible, with the reason for each.
func InfeasiblePairs(a *analysis.Package, plan *coverage.Plan, name string) map[int]string {
	out := map[int]string{}
	var u *unit.Unit
	for _, x := range a.Units {
		if x.Name == name {
			u = x
		}
	}
	prog, err := a.SSA()
	if u == nil || u.Func == nil || err != nil {
		return out
	}
	pkg := a.Load
	fn := prog.Func(u.Func)
	if fn == nil || len(fn.Blocks) == 0 || fn.Recover != nil {
		return out
	}
	if sig := u.Func.Type().(*types.Signature); sig.TypeParams().Len() > 0 || (sig.Recv() != nil && sig.RecvTypeParams().Len() > 0) {
		return out
	}
	// The unit's pairs, by variable; a variable qualifies when each of
	// its definitions and uses is announced by fn's own instructions (a
	// closure's would not be seen).
	type pairNodes struct {
		id       int
		def, use ast.Node // def nil: the entry's (a parameter, a result)
	}
	byVar := map[string][]pairNodes{}
	var sites []ast.Node
	for _, fi := range plan.Funcs {
		if fi.Name != u.Name {
			continue
		}
		for _, id := range fi.Pairs {
			def, use, err := plan.PairNodes(pkg, id)
			if err != nil {
				byVar[plan.Pairs[id].Var] = append(byVar[plan.Pairs[id].Var], pairNodes{id: -1})
				continue
			}
			byVar[plan.Pairs[id].Var] = append(byVar[plan.Pairs[id].Var], pairNodes{id, def, use})
			if def != nil {
				sites = append(sites, def)
			}
			sites = append(sites, use)
		}
	}
	rule := symbolic.Triggers(fn, sites)
	announced := map[ast.Node]bool{}
	for _, b := range fn.Blocks {
		for _, ins := range b.Instrs {
			before, after := rule.Sites(ins)
			for _, n := range append(before, after...) {
				announced[n] = true
			}
		}
	}
	pol := &pairPolicy{defs: map[ast.Node][]string{}, uses: map[ast.Node][]pairUse{}, witnessed: map[int]bool{}}
	var vars []string
	for v, ps := range byVar {
		ok := true
		for _, p := range ps {
			ok = ok && p.id >= 0 && (p.def == nil || announced[p.def]) && announced[p.use]
		}
		if !ok {
			continue
		}
		vars = append(vars, v)
		seen := map[ast.Node]bool{}
		for _, p := range ps {
			if p.def != nil && !seen[p.def] {
				seen[p.def] = true
				pol.defs[p.def] = append(pol.defs[p.def], v)
			}
			pol.uses[p.use] = append(pol.uses[p.use], pairUse{v, p.def, p.id})
		}
	}
	if len(vars) == 0 {
		return out
	}
	sort.Strings(vars)
	pol.vars = vars
	// The definitions in each loop's body, for the widened headers.
	loops := core.FindLoops(fn)
	pol.inLoop = map[*ssa.BasicBlock]map[string][]ast.Node{}
	for h, body := range loops.Body {
		m := map[string][]ast.Node{}
		for b := range body {
			for _, ins := range b.Instrs {
				before, after := rule.Sites(ins)
				for _, n := range append(before, after...) {
					for _, v := range pol.defs[n] {
						m[v] = append(m[v], n)
					}
				}
			}
		}
		pol.inLoop[h] = m
	}

	cache := newUnitCache()
	cache.orig = fn
	w := &walk{mode: widen, satLeft: refuteBudget, invLeft: invariantBudget, cache: cache}
	pol.Sound = &core.Sound{WidenUnroll: pairUnroll, Refute: w.refuted, Invariants: w.invariants}
	w.pol = pol.Sound
	var inputs []*core.Arg
	for _, prm := range fn.Params {
		inputs = append(inputs, newInput(prm.Name(), prm.Type()))
	}
	x := core.New(fn, inputs, rule, pol, core.Config{
		Limits:    core.Limits{MaxSteps: maxTotalSteps, MaxPathSteps: maxSteps, MaxPaths: maxPaths},
		Precision: core.Precision{MinMax: true, Guards: core.AssumeGuard, MemoryVars: true},
		Recording: core.Recording{MaxEvents: -1},
		Inline:    maxInline,
	})
	w.res = &exploration{Explorer: x}
	x.Cfg.OnEvent = pol.event
	x.Explore()
	if x.Incomplete != "" || len(x.Overflow) > 0 {
		return out
	}
	for _, v := range vars {
		for _, p := range byVar[v] {
			if !pol.witnessed[p.id] {
				out[p.id] = fmt.Sprintf("infeasible: no feasible path reaches this use of %s from that definition without another definition of %s", v, v)
			}
		}
	}
	return out
}

// pairUse is a pair ending at a use.
type pairUse struct {
	v   string
	def ast.Node
	id  int
}

// pairPolicy is the sound policy with the latest definitions kept per
// path.
type pairPolicy struct {
	*core.Sound
	vars      []string
	defs      map[ast.Node][]string                     // definition site → the variables it defines
	uses      map[ast.Node][]pairUse                    // use site → its pairs
	inLoop    map[*ssa.BasicBlock]map[string][]ast.Node // loop header → variable → definitions in the body
	witnessed map[int]bool                              // pairs some path runs
}

// latest is a path's possible latest definitions of each variable (a
// nil node: the entry's).
type latest map[string]map[ast.Node]bool

// Clone implements core.Ext.
func (l latest) Clone() core.Ext {
	out := make(latest, len(l))
	for v, s := range l {
		m := make(map[ast.Node]bool, len(s))
		for n := range s {
			m[n] = true
		}
		out[v] = m
	}
	return out
}

func (p *pairPolicy) state(f *core.Frame) latest {
	l, _ := f.Ext.(latest)
	if l == nil {
		l = latest{}
		for _, v := range p.vars {
			l[v] = map[ast.Node]bool{nil: true}
		}
		f.Ext = l
	}
	return l
}

// Widen implements core.Policy: after the sound policy's widening, any
// definition in the loop's body may be the latest at its header.
func (p *pairPolicy) Widen(x *core.Explorer, f *core.Frame, h, from *ssa.BasicBlock) {
	p.Sound.Widen(x, f, h, from)
	l := p.state(f)
	for v, ns := range p.inLoop[h] {
		for _, n := range ns {
			l[v][n] = true
		}
	}
}

// event: a use witnesses the pairs of the latest definitions (a use
// reads before a definition at the same site writes, as in i++), then a
// definition becomes the only latest one.
func (p *pairPolicy) event(f *core.Frame, site ast.Node, _ *core.Event) {
	l := p.state(f)
	for _, u := range p.uses[site] {
		if l[u.v][u.def] {
			p.witnessed[u.id] = true
		}
	}
	for _, v := range p.defs[site] {
		l[v] = map[ast.Node]bool{site: true}
	}
}

var _ core.Policy = (*pairPolicy)(nil)
