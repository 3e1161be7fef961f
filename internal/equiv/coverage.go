package equiv

// This file maps the prover's findings (unreachable statements,
// infeasible branches) to the requirements of a coverage plan
// (internal/coverage): what `gozilla cover` leaves out of its
// denominators and what the equiv engine answers Infeasible for
// coverage requirements.

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"

	"github.com/gozilla/gozilla/internal/coverage"
	"github.com/gozilla/gozilla/internal/load"
)

// Proofs holds, per kind of coverage requirement, the IDs proven
// infeasible and why.
type Proofs struct {
	Stmts, Branches, Pairs map[int]string
}

// Infeasible maps the prover's findings to requirements of the plan: a
// statement in unreachable code, with the branches and the def-use pairs
// there; a branch outcome whose whole condition never takes that value.
// Only the prover's complete explorations yield findings, so each is a
// proof.
func Infeasible(pkg *load.Package, plan *coverage.Plan, rep *Report) Proofs {
	pf := Proofs{Stmts: map[int]string{}, Branches: map[int]string{}, Pairs: map[int]string{}}
	in := func(p, a, b token.Position) bool {
		return p.Filename == a.Filename && p.Offset >= a.Offset && p.Offset < b.Offset
	}
	for _, f := range rep.Unreachable {
		why := fmt.Sprintf("unreachable: no feasible path runs %s (line %d)", oneLine(f.Text), f.Pos.Line)
		for i, s := range plan.Stmts {
			if in(s.Pos, f.Pos, f.End) {
				pf.Stmts[i] = why
			}
		}
		for i, b := range plan.Branches {
			if in(b.Pos, f.Pos, f.End) {
				pf.Branches[i] = why
			}
		}
		for i, p := range plan.Pairs {
			if in(p.Def, f.Pos, f.End) || in(p.Use, f.Pos, f.End) {
				pf.Pairs[i] = why
			}
		}
	}
	conds := condEnds(pkg)
	for _, f := range rep.Infeasible {
		for i, b := range plan.Branches {
			if (b.Kind != "if" && b.Kind != "for") || b.Pos != f.Pos || conds[posKey(b.Pos)] != f.End.Offset {
				continue
			}
			// f.Never is the value the condition never takes.
			if outcome(b) == f.Never {
				pf.Branches[i] = fmt.Sprintf("infeasible: %s is never %v on any feasible path", f.Text, f.Never)
			}
		}
	}
	return pf
}

// addPairs adds pair proofs (InfeasiblePairs') to those of the findings.
func (pf Proofs) addPairs(pairs map[int]string) {
	for id, why := range pairs {
		if pf.Pairs[id] == "" {
			pf.Pairs[id] = why
		}
	}
}

// AddPairs is addPairs for the cover command, which maps findings
// itself.
func (pf Proofs) AddPairs(pairs map[int]string) { pf.addPairs(pairs) }

// outcome is the value of an if or for condition a branch stands for.
func outcome(b coverage.Branch) bool { return strings.HasSuffix(b.Label, " true") }

type pkey struct {
	file string
	off  int
}

func posKey(p token.Position) pkey { return pkey{p.Filename, p.Offset} }

// condEnds maps the start of every if and for condition to its end.
func condEnds(pkg *load.Package) map[pkey]int {
	m := map[pkey]int{}
	for _, f := range pkg.Files {
		ast.Inspect(f.Syntax, func(n ast.Node) bool {
			var cond ast.Expr
			switch n := n.(type) {
			case *ast.IfStmt:
				cond = n.Cond
			case *ast.ForStmt:
				cond = n.Cond
			}
			if cond != nil {
				m[posKey(pkg.Fset.Position(cond.Pos()))] = pkg.Fset.Position(cond.End()).Offset
			}
			return true
		})
	}
	return m
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i]) + " …"
	}
	return s
}
