package coverage

import (
	"bytes"
	"fmt"
	"go/token"
	"strconv"
)

// Covered is what a run (or several, merged) covered: one flag per
// requirement, indexed like the Plan's slices.
type Covered struct {
	Blocks, Stmts, Branches, Pairs []bool

	// Errors holds the probes' reports of events the plan does not
	// expect (a use reached by a definition that is not a static pair):
	// an internal error, never expected.
	Errors []string
}

// Decode parses a coverage file into what was covered. Records are
// lines "s<id>" (block), "b<id>" (branch outcome) and "p<id>" (def-use
// pair); "!…" lines are errors the probes report. Other lines (the
// schemata's site IDs, "t<ticks>") and IDs out of range are ignored.
func (p *Plan) Decode(data []byte) *Covered {
	c := p.empty()
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) < 2 {
			continue
		}
		var set []bool
		switch line[0] {
		case 's':
			set = c.Blocks
		case 'b':
			set = c.Branches
		case 'p':
			set = c.Pairs
		case '!':
			c.Errors = append(c.Errors, string(line[1:]))
			continue
		default:
			continue
		}
		k, err := strconv.Atoi(string(line[1:]))
		if err != nil || k < 0 || k >= len(set) {
			continue
		}
		set[k] = true
	}
	for i, s := range p.Stmts {
		c.Stmts[i] = c.Blocks[s.Probe]
	}
	return c
}

func (p *Plan) empty() *Covered {
	return &Covered{
		Blocks:   make([]bool, len(p.Blocks)),
		Stmts:    make([]bool, len(p.Stmts)),
		Branches: make([]bool, len(p.Branches)),
		Pairs:    make([]bool, len(p.Pairs)),
	}
}

// Merge adds what o covered to c (the union of several tests' files).
// Both must come from the same Plan.
func (c *Covered) Merge(o *Covered) {
	or := func(a, b []bool) {
		for i := range a {
			if i < len(b) && b[i] {
				a[i] = true
			}
		}
	}
	or(c.Blocks, o.Blocks)
	or(c.Stmts, o.Stmts)
	or(c.Branches, o.Branches)
	or(c.Pairs, o.Pairs)
	c.Errors = append(c.Errors, o.Errors...)
}

// FuncCoverage is the coverage of one function, for reports.
type FuncCoverage struct {
	Name string         // as Func.Name
	Pos  token.Position // as Func.Pos

	// Requirements of each kind, and how many are covered.

	Stmts, StmtsCovered       int
	Branches, BranchesCovered int
	Pairs, PairsCovered       int
}

// String formats the counts as "stmts 3/4 branches 2/4 pairs 5/7".
func (f FuncCoverage) String() string {
	return fmt.Sprintf("stmts %d/%d branches %d/%d pairs %d/%d",
		f.StmtsCovered, f.Stmts, f.BranchesCovered, f.Branches, f.PairsCovered, f.Pairs)
}

// Summary returns the covered and total requirements of every function,
// in the order of p.Funcs. c may be nil (nothing covered).
func (p *Plan) Summary(c *Covered) []FuncCoverage {
	if c == nil {
		c = p.empty()
	}
	count := func(ids []int, cov []bool) (n, k int) {
		for _, i := range ids {
			n++
			if i < len(cov) && cov[i] {
				k++
			}
		}
		return n, k
	}
	out := make([]FuncCoverage, len(p.Funcs))
	for i, f := range p.Funcs {
		s := FuncCoverage{Name: f.Name, Pos: f.Pos}
		s.Stmts, s.StmtsCovered = count(f.Stmts, c.Stmts)
		s.Branches, s.BranchesCovered = count(f.Branches, c.Branches)
		s.Pairs, s.PairsCovered = count(f.Pairs, c.Pairs)
		out[i] = s
	}
	return out
}
