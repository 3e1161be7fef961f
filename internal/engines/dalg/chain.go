package dalg

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	c "github.com/gozilla/gozilla/internal/constraint"
	core "github.com/gozilla/gozilla/internal/explore"
	"github.com/gozilla/gozilla/internal/symbolic"
)

// SW is a unit's representation for the D-algorithm (§IV.A): its
// top-level regions in the order control goes through them, from the
// entry to the function's end, each with its behaviour, computed once
// and shared by every mutant of the unit.
//
// Control goes through a structured function as a chain: a block that
// does not branch is a region whose exit is its successor; a branch's
// region runs to its immediate post-dominator, which heads the next
// region; a region whose exit is the function's end is the last. A
// statement nested in a branch is analysed inside its top-level region
// (the branch's mROA contains its own), so the chain's regions are the
// unit of reuse: a mutant's excitation region is re-analysed in the
// mutant, the others are the original's for the original's and the
// mutant's values alike.
type SW struct {
	Fn      *ssa.Function
	Regions []*Region
	Beh     []*Behaviour
	// Of is the index of the top-level region of each block.
	Of map[*ssa.BasicBlock]int
	// Sym is the symbol of each value a region reads (shared by the
	// regions); Args are the unit's inputs, whose symbols they share too.
	Sym  map[ssa.Value]*c.Sym
	Args []*core.Arg
	// Analyses counts the regions' symbolic analyses (the reuse the
	// paper is about: one per region, plus one per mutant).
	Analyses int
	cfg      *symbolic.CFG
}

// Build computes fn's chain of regions and their behaviours, with
// params the symbols of its parameters (nil: fresh ones). Units whose
// regions exchange values that are not scalars are not supported.
//
// args are the unit's inputs (nil: made from the parameters' types),
// shared by every region's exploration.
func Build(fn *ssa.Function, args []*core.Arg) (*SW, error) {
	if len(fn.Blocks) == 0 {
		return nil, fmt.Errorf("%s has no body", fn.Name())
	}
	if fn.Recover != nil {
		return nil, fmt.Errorf("%s recovers from panics", fn.Name())
	}
	sw := &SW{Fn: fn, Of: map[*ssa.BasicBlock]int{}, cfg: symbolic.NewCFG(fn)}
	// The regions share their inputs' symbols, one per value: a
	// condition one region puts on a parameter binds it in every
	// other's query, and a fact learnt about a value (the output a
	// region gives on a path) speaks of the same symbol everywhere.
	if args == nil {
		for _, p := range fn.Params {
			args = append(args, core.NewArg(p.Name(), core.Shape(p.Type())))
		}
	}
	sw.Args = args
	shared := map[ssa.Value]*c.Sym{}
	for i, p := range fn.Params {
		if i < len(args) && args[i].Sym != nil {
			shared[p] = args[i].Sym
		}
	}
	sw.Sym = shared
	// The chain first, then the analyses: regions that would pass a
	// value the explorer does not model as a scalar (an array, a
	// pointer to a local) are merged with the region that makes it, so
	// that it stays inside one region.
	var chain []*Region
	seen := map[*ssa.BasicBlock]bool{}
	for b := fn.Blocks[0]; b != nil; {
		if seen[b] {
			return nil, fmt.Errorf("block %s heads two regions: the function is not structured", b)
		}
		seen[b] = true
		r := BranchRegion(sw.cfg, b)
		chain = append(chain, r)
		b = r.Exit
	}
	chain = mergeOpaque(chain)
	for _, r := range chain {
		for _, blk := range r.Blocks {
			if _, dup := sw.Of[blk]; dup {
				return nil, fmt.Errorf("block %s is in two regions: the function is not structured", blk)
			}
			sw.Of[blk] = len(sw.Regions)
		}
		beh, err := r.AnalyseWith(fn, shared, args)
		if err != nil {
			return nil, err
		}
		sw.Analyses++
		sw.Regions = append(sw.Regions, r)
		sw.Beh = append(sw.Beh, beh)
	}
	return sw, nil
}

// mergeOpaque merges a region that reads a non-scalar value another
// region defines (not a parameter: those are the unit's inputs) with
// the regions from the defining one, until none does.
func mergeOpaque(chain []*Region) []*Region {
	for {
		of := map[*ssa.BasicBlock]int{}
		for i, r := range chain {
			for _, b := range r.Blocks {
				of[b] = i
			}
		}
		merged := false
		for i, r := range chain {
			from := i
			for _, v := range r.RID {
				ins, ok := v.(ssa.Instruction)
				if !ok {
					continue
				}
				if _, scalar := core.IRType(v.Type()); scalar {
					continue
				}
				if d, ok := of[ins.Block()]; ok && d < from {
					from = d
				}
				if phi, ok := ins.(*ssa.Phi); ok && phi.Block() == r.Blocks[0] {
					// The region's head merges values the regions
					// before it made: it is defined where they are.
					for _, p := range phi.Block().Preds {
						if d, ok := of[p]; ok && d < from {
							from = d
						}
					}
				}
			}
			if from < i {
				m := RegionTo(chain[from].Blocks[0], r.Exit)
				chain = append(append(append([]*Region(nil), chain[:from]...), m), chain[i+1:]...)
				merged = true
				break
			}
		}
		if !merged {
			return chain
		}
	}
}

// blocksOf is region r's blocks as a set.
func (sw *SW) blocksOf(r int) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	for _, b := range sw.Regions[r].Blocks {
		out[b] = true
	}
	return out
}

// CFG returns the facts of the unit's control-flow graph.
func (sw *SW) CFG() *symbolic.CFG { return sw.cfg }

// Site is the top-level region a mutant's changes are in (φ's Changed
// and Inserted instructions), or an error when they are in none or in
// several (the later regions would not be the original's).
func (sw *SW) Site(mp *Mapping) (int, error) {
	at := -1
	mark := func(b *ssa.BasicBlock) error {
		r, ok := sw.Of[b]
		if !ok {
			return fmt.Errorf("the mutation is in block %s, outside the chain", b)
		}
		if at >= 0 && r != at {
			return fmt.Errorf("the mutation changes regions %d and %d", at, r)
		}
		at = r
		return nil
	}
	for _, ins := range mp.Changed {
		b := ins.Block()
		if _, ok := ins.(*ssa.Phi); ok && mp.Instr(ins) == nil {
			continue // the mutant dropped it, dead: it changes nothing
		}
		if _, ok := ins.(*ssa.Phi); ok {
			// A φ where a region exits is that region's output: it
			// changes with what the region computes.
			if r, ok := sw.Of[b]; ok && r > 0 && sw.Regions[r-1].Exit == b && sw.Regions[r].Blocks[0] == b && !anyPredIn(b, sw.blocksOf(r)) {
				b = sw.Regions[r-1].Blocks[0]
			}
		}
		if err := mark(b); err != nil {
			return -1, err
		}
	}
	for _, ins := range mp.Inserted {
		if err := mark(sw.Fn.Blocks[ins.Block().Index]); err != nil {
			return -1, err
		}
	}
	if at < 0 {
		return -1, fmt.Errorf("the mutant's SSA form is the original's")
	}
	return at, nil
}

// MutatedBlocks are the indexes of the blocks φ found changed.
func MutatedBlocks(mp *Mapping) map[int]bool {
	out := map[int]bool{}
	for _, ins := range mp.Changed {
		out[ins.Block().Index] = true
	}
	for _, ins := range mp.Inserted {
		out[ins.Block().Index] = true
	}
	return out
}

// Mutant analyses region at in the mutant (φ maps its blocks and
// values): the mutant's behaviour of the region over the original's
// input symbols, its outputs keyed by the original's values.
func (sw *SW) Mutant(mp *Mapping, at int) (*Behaviour, error) {
	orig := sw.Regions[at]
	var exit *ssa.BasicBlock
	if orig.Exit != nil {
		exit = mp.Mut.Blocks[orig.Exit.Index]
	}
	mr := RegionTo(mp.Mut.Blocks[orig.Blocks[0].Index], exit)
	back := map[ssa.Value]ssa.Value{} // the mutant's value → the original's
	for _, p := range sw.Fn.Params {
		back[mp.Value(p)] = p
	}
	for _, b := range sw.Fn.Blocks {
		for _, ins := range b.Instrs {
			if v, ok := ins.(ssa.Value); ok {
				if mv := mp.Value(v); mv != nil {
					back[mv] = v
				}
			}
		}
	}
	syms := map[ssa.Value]*c.Sym{}
	for _, mv := range mr.RID {
		v, ok := back[mv]
		if !ok {
			return nil, fmt.Errorf("the mutant's region reads %s, which the original has not", mv.Name())
		}
		// A value the original's region does not read (a variable the
		// mutant puts in another's place) is an input of the mutant's:
		// the shared symbol of the original's value.
		if _, ok := v.(*ssa.Parameter); ok {
			continue // by its argument (AnalyseWith)
		}
		sym := sw.Sym[v]
		if sym == nil {
			t, ok := core.IRType(v.Type())
			if !ok {
				return nil, fmt.Errorf("the mutant's region reads %s, not a scalar", v.Name())
			}
			sym = &c.Sym{Name: v.Name(), Type: t}
			sw.Sym[v] = sym
		}
		syms[mv] = sym
	}
	beh, err := mr.AnalyseWith(mp.Mut, syms, sw.Args)
	if err != nil {
		return nil, err
	}
	sw.Analyses++
	for i := range beh.Paths {
		p := &beh.Paths[i]
		out := map[ssa.Value]c.Expr{}
		for mv, e := range p.Out {
			if v, ok := back[mv]; ok {
				out[v] = e
			}
		}
		p.Out = out
	}
	in := map[ssa.Value]*c.Sym{}
	for mv, s := range beh.In {
		in[back[mv]] = s
	}
	beh.In = in
	return beh, nil
}
