package dalg

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/gozilla/gozilla/internal/symbolic"
)

// Status is an invocation status (IVS, §IV.A.4) of a node or an edge of
// the control-flow graph: not known yet, invoked, not invoked.
type Status int8

const (
	Unknown Status = iota
	On
	Off
)

func (s Status) String() string {
	switch s {
	case On:
		return "invoked"
	case Off:
		return "not invoked"
	}
	return "unknown"
}

// IVS holds the invocation status of a function's blocks and edges, and
// implies statuses from others (IVS implication, §IV.B.1.b), forward and
// backward, from nodes to edges and from edges to nodes:
//
//   - an edge invoked invokes both its ends, a node its dominators and
//     post-dominators (a panic on the way aside: the statuses guide the
//     search, whose tests are run);
//   - a node not invoked invokes none of its edges;
//   - a node none of whose in-edges (out-edges) may be invoked is not
//     invoked (the entry has none and is invoked);
//   - an invoked node with one in-edge (out-edge) that may be invoked
//     invokes it; with several, the node is unjustified (Unjustified:
//     the search chooses);
//   - in a node outside every loop, which runs at most once, one
//     invoked in-edge (out-edge) is the only one: the others are not.
//
// A status that contradicts one already set is a conflict.
type IVS struct {
	fn     *ssa.Function
	node   map[*ssa.BasicBlock]Status
	edge   map[Edge]Status
	inLoop map[*ssa.BasicBlock]bool
	ipdom  map[*ssa.BasicBlock]*ssa.BasicBlock
	work   []*ssa.BasicBlock // the nodes whose rules may fire (the task list J's IVS part)
}

// NewIVS returns fn's statuses, all unknown but the entry's (invoked).
func NewIVS(fn *ssa.Function) *IVS {
	s := &IVS{fn: fn, node: map[*ssa.BasicBlock]Status{}, edge: map[Edge]Status{}, inLoop: loopBlocks(fn), ipdom: symbolic.NewCFG(fn).Ipdom}
	if len(fn.Blocks) > 0 {
		s.node[fn.Blocks[0]] = On
		s.work = append(s.work, fn.Blocks[0])
	}
	return s
}

// loopBlocks are the blocks on a cycle.
func loopBlocks(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		seen := map[*ssa.BasicBlock]bool{}
		work := append([]*ssa.BasicBlock(nil), b.Succs...)
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			if x == b {
				out[b] = true
				break
			}
			if seen[x] {
				continue
			}
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return out
}

func (s *IVS) clone() *IVS {
	t := &IVS{fn: s.fn, node: make(map[*ssa.BasicBlock]Status, len(s.node)), edge: make(map[Edge]Status, len(s.edge)), inLoop: s.inLoop, ipdom: s.ipdom}
	for k, v := range s.node {
		t.node[k] = v
	}
	for k, v := range s.edge {
		t.edge[k] = v
	}
	t.work = append([]*ssa.BasicBlock(nil), s.work...)
	return t
}

// Node and EdgeStatus read a status.
func (s *IVS) Node(b *ssa.BasicBlock) Status { return s.node[b] }

// EdgeStatus reads an edge's status.
func (s *IVS) EdgeStatus(e Edge) Status { return s.edge[e] }

// SetNode sets b's status, or reports the conflict.
func (s *IVS) SetNode(b *ssa.BasicBlock, st Status) error {
	switch s.node[b] {
	case st:
		return nil
	case Unknown:
		s.node[b] = st
		s.work = append(s.work, b)
		return nil
	}
	return fmt.Errorf("conflict: block %s is %s and %s", b, s.node[b], st)
}

// SetEdge sets e's status, or reports the conflict.
func (s *IVS) SetEdge(e Edge, st Status) error {
	switch s.edge[e] {
	case st:
		return nil
	case Unknown:
		s.edge[e] = st
		s.work = append(s.work, e.From, e.To)
		return nil
	}
	return fmt.Errorf("conflict: edge %s→%s is %s and %s", e.From, e.To, s.edge[e], st)
}

// Imply applies the rules until nothing changes, or reports a conflict.
func (s *IVS) Imply() error {
	for len(s.work) > 0 {
		b := s.work[len(s.work)-1]
		s.work = s.work[:len(s.work)-1]
		if err := s.rules(b); err != nil {
			return err
		}
	}
	return nil
}

func (s *IVS) rules(b *ssa.BasicBlock) error {
	var in, out []Edge
	for _, p := range b.Preds {
		in = append(in, Edge{p, b})
	}
	for _, q := range b.Succs {
		out = append(out, Edge{b, q})
	}
	// An invoked edge invokes its ends.
	for _, e := range append(append([]Edge(nil), in...), out...) {
		if s.edge[e] == On {
			if err := s.SetNode(e.From, On); err != nil {
				return err
			}
			if err := s.SetNode(e.To, On); err != nil {
				return err
			}
		}
	}
	if s.node[b] == On {
		// Every way from the entry to b passes its dominators, and
		// every way on from b its post-dominators (a panic aside).
		if d := b.Idom(); d != nil {
			if err := s.SetNode(d, On); err != nil {
				return err
			}
		}
		if d := s.ipdom[b]; d != nil {
			if err := s.SetNode(d, On); err != nil {
				return err
			}
		}
	}
	switch s.node[b] {
	case Off:
		for _, e := range append(append([]Edge(nil), in...), out...) {
			if err := s.SetEdge(e, Off); err != nil {
				return err
			}
		}
	case On:
		entry := b == s.fn.Blocks[0]
		for k, side := range [][]Edge{in, out} {
			if k == 0 && entry || len(side) == 0 {
				continue
			}
			var open []Edge
			on := false
			for _, e := range side {
				switch s.edge[e] {
				case On:
					on = true
				case Unknown:
					open = append(open, e)
				}
			}
			switch {
			case on && !s.inLoop[b]:
				// It runs once: by one edge in, one edge out.
				for _, e := range open {
					if err := s.SetEdge(e, Off); err != nil {
						return err
					}
				}
			case !on && len(open) == 0:
				return fmt.Errorf("conflict: block %s is invoked and none of its edges %s may be", b, [2]string{"in", "out"}[k])
			case !on && len(open) == 1:
				if err := s.SetEdge(open[0], On); err != nil {
					return err
				}
			}
		}
	}
	// A node no edge may enter (or leave) is not invoked.
	if b != s.fn.Blocks[0] && len(in) > 0 && allOff(s, in) || len(out) > 0 && allOff(s, out) {
		if err := s.SetNode(b, Off); err != nil {
			return err
		}
	}
	return nil
}

func allOff(s *IVS, es []Edge) bool {
	for _, e := range es {
		if s.edge[e] != Off {
			return false
		}
	}
	return true
}

// Unjustified are the invoked nodes with no invoked in-edge yet and
// several that may be (the justification's choices, §IV.B.4).
func (s *IVS) Unjustified() []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, b := range s.fn.Blocks {
		if s.node[b] != On || b == s.fn.Blocks[0] {
			continue
		}
		on, open := false, 0
		for _, p := range b.Preds {
			switch s.edge[Edge{p, b}] {
			case On:
				on = true
			case Unknown:
				open++
			}
		}
		if !on && open > 1 {
			out = append(out, b)
		}
	}
	return out
}

// ActiveDefs are the definitions that actively reach φ (§IV.A.4): its
// operands whose edge may be invoked. A use with one active reaching
// definition takes its value (backward implication goes through it).
func (s *IVS) ActiveDefs(phi *ssa.Phi) []ssa.Value {
	var out []ssa.Value
	for i, v := range phi.Edges {
		if s.edge[Edge{phi.Block().Preds[i], phi.Block()}] != Off {
			out = append(out, v)
		}
	}
	return out
}

// Admits reports whether a region's path agrees with the statuses: none
// of its edges is not invoked, every invoked edge of the region's is on
// it, and it leaves the region (does not end the function) when the
// exit is invoked.
func (s *IVS) Admits(r *Region, p *Path) bool {
	on := map[Edge]bool{}
	for _, e := range p.Edges {
		if s.edge[e] == Off || s.node[e.To] == Off {
			return false
		}
		on[e] = true
	}
	for _, b := range r.Blocks {
		for _, q := range b.Succs {
			e := Edge{b, q}
			if s.edge[e] == On && !on[e] {
				return false
			}
		}
	}
	if r.Exit != nil && p.Ended && s.node[r.Exit] == On {
		return false
	}
	return true
}

// Take sets the statuses a region's chosen path gives: its edges
// invoked, the region's others not (a region's path is the whole of
// its run: loops are unwound into it), and the exit's status.
func (s *IVS) Take(r *Region, p *Path) error {
	on := map[Edge]bool{}
	for _, e := range p.Edges {
		on[e] = true
		if err := s.SetEdge(e, On); err != nil {
			return err
		}
	}
	for _, b := range r.Blocks {
		for _, q := range b.Succs {
			if e := (Edge{b, q}); !on[e] {
				if err := s.SetEdge(e, Off); err != nil {
					return err
				}
			}
		}
	}
	if r.Exit != nil {
		st := On
		if p.Ended {
			st = Off
		}
		if err := s.SetNode(r.Exit, st); err != nil {
			return err
		}
	}
	return s.Imply()
}
