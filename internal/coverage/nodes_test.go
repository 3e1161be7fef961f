package coverage

import (
	"go/ast"
	"path/filepath"
	"strings"
	"testing"
)

// TestNodes resolves every branch outcome and def-use pair of the
// subjects to its syntax: an if or for outcome to its condition (the
// label's text) and value, a switch clause to the clause (its text), the
// implicit default to a switch without a default clause, a statement
// to the statement at its position, a pair to
// identifiers of its variable (or a bare return); type switch and select
// outcomes are refused.
func TestNodes(t *testing.T) {
	for _, name := range subjects {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			pkg := loadOne(t, filepath.Join("testdata", "src", name))
			plan, err := Build(pkg)
			if err != nil {
				t.Fatal(err)
			}
			src := func(n ast.Node) string {
				p, e := pkg.Fset.Position(n.Pos()), pkg.Fset.Position(n.End())
				for _, f := range pkg.Files {
					if f.Path == p.Filename || pkg.Fset.Position(f.Syntax.Pos()).Filename == p.Filename {
						return strings.Join(strings.Fields(string(f.Src[p.Offset:e.Offset])), " ")
					}
				}
				return "?"
			}
			// The positions of type switches and of their clauses.
			typeSwitch := map[string]bool{}
			for _, f := range pkg.Files {
				ast.Inspect(f.Syntax, func(n ast.Node) bool {
					if ts, ok := n.(*ast.TypeSwitchStmt); ok {
						typeSwitch[pkg.Fset.Position(ts.Pos()).String()] = true
						for _, s := range ts.Body.List {
							typeSwitch[pkg.Fset.Position(s.Pos()).String()] = true
						}
					}
					return true
				})
			}
			for id, b := range plan.Branches {
				d, err := plan.Decision(pkg, id)
				switch b.Kind {
				case "type", "select":
					if err == nil {
						t.Errorf("%s %s: resolved", b.Pos, b.Label)
					}
					continue
				}
				if b.Kind == "default" && typeSwitch[b.Pos.String()] {
					if err == nil {
						t.Errorf("%s %s: a type switch's default resolved", b.Pos, b.Label)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s %s: %v", b.Pos, b.Label, err)
					continue
				}
				switch {
				case d.Cond != nil:
					text := src(d.Cond)
					want := text + " false"
					if d.Outcome {
						want = text + " true"
					}
					if len([]rune(text)) <= 59 && b.Label != want {
						t.Errorf("%s: label %q, resolved to %q", b.Pos, b.Label, want)
					}
				case d.Clause == nil:
					if b.Label != "default (implicit)" {
						t.Errorf("%s: %q resolved to an implicit default", b.Pos, b.Label)
					}
					for _, s := range d.Switch.Body.List {
						if s.(*ast.CaseClause).List == nil {
							t.Errorf("%s: implicit default of a switch with a default", b.Pos)
						}
					}
				default:
					head := src(&ast.BasicLit{ValuePos: d.Clause.Case, Value: strings.Repeat(" ", int(d.Clause.Colon-d.Clause.Case))})
					if len([]rune(head)) <= 59 && b.Label != head {
						t.Errorf("%s: label %q, resolved to %q", b.Pos, b.Label, head)
					}
				}
			}
			for id, st := range plan.Stmts {
				n, err := plan.StmtNode(pkg, id)
				if err != nil {
					t.Errorf("statement %s: %v", st.Pos, err)
					continue
				}
				if p := pkg.Fset.Position(n.Pos()); p.Offset != st.Pos.Offset {
					t.Errorf("statement %s resolved to one at %s", st.Pos, p)
				}
			}
			for id, pr := range plan.Pairs {
				def, use, err := plan.PairNodes(pkg, id)
				if err != nil {
					t.Errorf("pair %s %s → %s: %v", pr.Var, pr.Def, pr.Use, err)
					continue
				}
				if def != nil && def.(*ast.Ident).Name != pr.Var {
					t.Errorf("pair %s: definition %s at %s", pr.Var, def.(*ast.Ident).Name, pr.Def)
				}
				switch u := use.(type) {
				case *ast.Ident:
					if u.Name != pr.Var {
						t.Errorf("pair %s: use %s at %s", pr.Var, u.Name, pr.Use)
					}
				case *ast.ReturnStmt:
					if len(u.Results) != 0 {
						t.Errorf("pair %s: use at a return with results, %s", pr.Var, pr.Use)
					}
				}
			}
		})
	}
}
