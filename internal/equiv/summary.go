package equiv

// This file summarises loops for the sufficiency check. A bounded
// exploration unrolls loops; one that runs longer than the bound would
// leave the unit without a miter. A loop of an inlined callee (never the
// mutated function itself, so the original and the mutant run the same
// code) that is pure — integer arithmetic and branches, nothing that can
// panic, call or touch memory — and leaves only from its head is instead
// a function of its entry state: its results are the values an
// uninterpreted function gives its φ-nodes, plus whether it ends at all.
// The miter links the applications of one loop in the original and in
// the mutant (Ackermann: equal arguments, equal results), which is all
// that deterministic code guarantees.
//
// Timeouts: the harness stops a mutant whose loop runs far longer than
// the original's (100× + 2^20 ticks), and that counts as a kill, which a
// summary cannot see. So a loop is summarised only when its φ-nodes
// total at most 16 bits: a deterministic loop that ends visits each
// state once, so it runs at most 2^16 times, and a path may hold only so
// many summarised runs that together they stay under 2^19 iterations.

import (
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
)

// maxSummaryRuns bounds the iterations a path's summarised loops may
// run together (see the file comment).
const maxSummaryRuns = 1 << 19

// summarisable reports whether the loop at h (a callee's) can be
// summarised, with its φ-nodes' total width.
func summarisable(x *core.Explorer, h *ssa.BasicBlock) (bits int, ok bool) {
	if h.Parent() == x.Fn {
		return 0, false
	}
	body := x.Loops(h.Parent()).Body[h]
	for b := range body {
		for _, s := range b.Succs {
			if !body[s] && b != h {
				return 0, false // leaves from elsewhere than its head
			}
		}
		for _, ins := range b.Instrs {
			switch ins := ins.(type) {
			case *ssa.Phi:
				if b == h {
					t, ok := core.IRType(ins.Type())
					if !ok || t.Kind != c.KInt {
						return 0, false
					}
					bits += t.Bits
				} else if _, ok := core.IRType(ins.Type()); !ok {
					return 0, false
				}
			case *ssa.BinOp:
				switch ins.Op {
				case token.QUO, token.REM, token.SHL, token.SHR:
					return 0, false
				}
				if _, ok := core.IRType(ins.Type()); !ok {
					return 0, false
				}
			case *ssa.UnOp:
				if ins.Op != token.SUB && ins.Op != token.XOR && ins.Op != token.NOT {
					return 0, false
				}
			case *ssa.Convert, *ssa.ChangeType, *ssa.If, *ssa.Jump, *ssa.DebugRef:
			default:
				return 0, false
			}
		}
	}
	if len(h.Succs) != 2 || bits == 0 || bits > 16 {
		return 0, false
	}
	return bits, true
}

// loopState is a path's state in summarised loops, in its frame
// (explore.Frame.Ext).
type loopState struct {
	// runs bounds the iterations of the summarised loops on the path;
	// summarised is the head of the loop whose summary the path is
	// leaving, summary its application's index in exploration.apps.
	runs       int
	summarised *ssa.BasicBlock
	summary    int
}

// Clone implements explore.Ext.
func (s *loopState) Clone() core.Ext {
	t := *s
	return &t
}

// loopStateOf returns f's loop state, made on first use.
func loopStateOf(f *core.Frame) *loopState {
	if f.Ext == nil {
		f.Ext = &loopState{}
	}
	return f.Ext.(*loopState)
}

// summarise runs the loop at h, entered from from, as one application
// of its uninterpreted function: the path that ends (the φ-nodes take
// the results, the head's condition sends it out) and the path that
// never does. It reports whether it took the loop over (the sound
// policy's Summarise hook, explore.Sound).
func (w *walk) summarise(x *core.Explorer, f *core.Frame, h, from *ssa.BasicBlock) bool {
	bits, ok := summarisable(x, h)
	if !ok || loopStateOf(f).runs+1<<bits > maxSummaryRuns {
		return false
	}
	if _, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If); !ok {
		return false
	}
	body := x.Loops(h.Parent()).Body[h]
	exit := 0 // the successor that leaves the loop
	if body[h.Succs[0]] {
		exit = 1
	}
	if body[h.Succs[exit]] {
		return false
	}
	// The arguments: the φ-nodes' entry values and every value from
	// outside the loop its instructions read.
	key := fmt.Sprintf("%s#%d", h.Parent().RelString(nil), h.Index)
	var args []c.Expr
	entry := x.PhiValues(f, h, from)
	var phis []*ssa.Phi
	for _, ins := range h.Instrs {
		if phi, ok := ins.(*ssa.Phi); ok {
			phis = append(phis, phi)
			if entry[phi].E == nil {
				return false
			}
			args = append(args, entry[phi].E)
		}
	}
	for _, v := range loopInputs(body) {
		b := x.Value(f, v)
		if b.E == nil {
			return false
		}
		args = append(args, b.E)
	}
	// One application per argument structure, shared by the original's
	// and the mutant's explorations: identical arguments give the very
	// same result symbols, and the circuits built on them coincide.
	uk := w.cache.shapes.ClauseKey(append([]c.Expr{c.V(w.cache.keySym(key))}, args...))
	app, seen := w.cache.ufs[uk]
	if !seen || app.key != key || len(app.results) != len(phis) {
		w.napps++
		app = apply{key: key, args: args, ends: c.V(&c.Sym{Name: fmt.Sprintf("?ends(%s)#%d", key, w.napps), Type: c.Bool})}
		for _, phi := range phis {
			t, _ := core.IRType(phi.Type())
			app.results = append(app.results, c.V(&c.Sym{Name: fmt.Sprintf("?%s(%s)#%d", phi.Comment, key, w.napps), Type: t}))
		}
		w.cache.ufs[uk] = app
	}
	app.exit = nil
	loopStateOf(f).runs += 1 << bits
	g := f.Clone()
	for i, phi := range phis {
		g.Vals[phi] = core.Value{E: app.results[i]}
	}
	w.res.apps = append(w.res.apps, app)
	// The loop never ends: the function hangs.
	f.Cond = append(f.Cond, c.Not(app.ends))
	x.End(f, hang, nil)
	// It ends: the head runs once more on the results, and leaves.
	g.Cond = append(g.Cond, app.ends)
	x.Reached[h] = true
	g.Seen = map[ast.Node]bool{}
	gs := loopStateOf(g)
	gs.summarised, gs.summary = h, len(w.res.apps)-1
	x.Run(g, h, 0)
	return true
}

// exit takes over the branch at the head of a summarised loop the path
// is leaving: the loop's results end it, so the head's condition takes
// the exit (the sound policy's Exit hook).
func (w *walk) exit(x *core.Explorer, f *core.Frame, b *ssa.BasicBlock, cond c.Expr) bool {
	st, _ := f.Ext.(*loopState)
	if st == nil || st.summarised != b {
		return false
	}
	st.summarised = nil
	body := x.Loops(b.Parent()).Body[b]
	succ, c0 := b.Succs[1], c.Not(cond)
	if !body[b.Succs[0]] {
		succ, c0 = b.Succs[0], cond
	}
	f.Cond = append(f.Cond, c0)
	app := &w.res.apps[st.summary]
	app.exit = append(app.exit, c0)
	if !w.refuted(x, f.Cond) {
		x.Enter(f, succ, b)
	}
	return true
}

// loopInputs lists the values a loop's instructions read that are
// defined outside it (constants aside), in a stable order.
func loopInputs(body map[*ssa.BasicBlock]bool) []ssa.Value {
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var blocks []*ssa.BasicBlock
	for b := range body {
		blocks = append(blocks, b)
	}
	for i := 1; i < len(blocks); i++ {
		for j := i; j > 0 && blocks[j].Index < blocks[j-1].Index; j-- {
			blocks[j], blocks[j-1] = blocks[j-1], blocks[j]
		}
	}
	for _, b := range blocks {
		for _, ins := range b.Instrs {
			if _, dbg := ins.(*ssa.DebugRef); dbg {
				continue
			}
			var ops []*ssa.Value
			for _, p := range ins.Operands(ops) {
				v := *p
				if v == nil || seen[v] {
					continue
				}
				if _, k := v.(*ssa.Const); k {
					continue
				}
				if in, ok := v.(ssa.Instruction); ok && body[in.Block()] {
					continue
				}
				seen[v] = true
				out = append(out, v)
			}
		}
	}
	return out
}
