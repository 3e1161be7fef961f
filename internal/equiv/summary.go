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
	"go/token"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// maxSummaryRuns bounds the iterations a path's summarised loops may
// run together (see the file comment).
const maxSummaryRuns = 1 << 19

// summarisable reports whether the loop at h (a callee's) can be
// summarised, with its φ-nodes' total width.
func (x *explorer) summarisable(h *ssa.BasicBlock) (bits int, ok bool) {
	if h.Parent() == x.fn {
		return 0, false
	}
	li := x.loopsOf(h.Parent())
	body := li.body[h]
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
					t, ok := symbolic.IRType(ins.Type())
					if !ok || t.Kind != c.KInt {
						return 0, false
					}
					bits += t.Bits
				} else if _, ok := symbolic.IRType(ins.Type()); !ok {
					return 0, false
				}
			case *ssa.BinOp:
				switch ins.Op {
				case token.QUO, token.REM, token.SHL, token.SHR:
					return 0, false
				}
				if _, ok := symbolic.IRType(ins.Type()); !ok {
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

// summarise runs the loop at h, entered from from, as one application
// of its uninterpreted function: the path that ends (the φ-nodes take
// the results, the head's condition sends it out) and the path that
// never does. It reports whether it took the loop over.
func (x *explorer) summarise(f *frame, h, from *ssa.BasicBlock) bool {
	bits, ok := x.summarisable(h)
	if !ok || f.summaryRuns+1<<bits > maxSummaryRuns {
		return false
	}
	if _, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If); !ok {
		return false
	}
	body := x.loopsOf(h.Parent()).body[h]
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
	entry := x.phiValues(f, h, from)
	var phis []*ssa.Phi
	for _, ins := range h.Instrs {
		if phi, ok := ins.(*ssa.Phi); ok {
			phis = append(phis, phi)
			if entry[phi].e == nil {
				return false
			}
			args = append(args, entry[phi].e)
		}
	}
	for _, v := range loopInputs(body) {
		b := x.value(f, v)
		if b.e == nil {
			return false
		}
		args = append(args, b.e)
	}
	// One application per argument structure, shared by the original's
	// and the mutant's explorations: identical arguments give the very
	// same result symbols, and the circuits built on them coincide.
	uk := x.cache.shapes.ClauseKey(append([]c.Expr{c.V(x.cache.keySym(key))}, args...))
	app, seen := x.cache.ufs[uk]
	if !seen || app.key != key || len(app.results) != len(phis) {
		x.napps++
		app = apply{key: key, args: args, ends: c.V(&c.Sym{Name: fmt.Sprintf("?ends(%s)#%d", key, x.napps), Type: c.Bool})}
		for _, phi := range phis {
			t, _ := symbolic.IRType(phi.Type())
			app.results = append(app.results, c.V(&c.Sym{Name: fmt.Sprintf("?%s(%s)#%d", phi.Comment, key, x.napps), Type: t}))
		}
		x.cache.ufs[uk] = app
	}
	app.exit = nil
	f.summaryRuns += 1 << bits
	g := f.clone()
	for i, phi := range phis {
		g.vals[phi] = binding{e: app.results[i]}
	}
	x.res.apps = append(x.res.apps, app)
	// The loop never ends: the function hangs.
	f.cond = append(f.cond, c.Not(app.ends))
	x.finish(f, hang, nil)
	// It ends: the head runs once more on the results, and leaves.
	g.cond = append(g.cond, app.ends)
	x.res.reached[h] = true
	g.seen = map[*siteInfo]bool{}
	g.summarised, g.summary = h, len(x.res.apps)-1
	x.run(g, h)
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
