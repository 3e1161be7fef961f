package coverage

// Branch outcomes. An if or for condition c becomes _gzCond(k, c),
// generic over ~bool so that named boolean types keep compiling; it
// records outcome k (true) or k+1 (false). A clause of a switch, type
// switch or select records its outcome with a probe at the start of its
// body; a switch without a default clause gets one, holding only the
// probe ("default (implicit)"). A fallthrough into a clause does not
// count as the switch selecting it: the clause before sets a flag in the
// activation (_gzFall) that the clause's probe (_gzCase) consumes.

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"
	"unicode/utf8"
)

func (fb *fileBuilder) branches(fi int, fd *ast.FuncDecl, fl *flowDecl) {
	p := fb.plan
	fn := p.Funcs[fi]
	fset := fb.pkg.Fset
	add := func(pos token.Pos, kind, label string) int {
		k := len(p.Branches)
		p.Branches = append(p.Branches, Branch{Func: fi, Pos: fset.Position(pos), Kind: kind, Label: label})
		fn.Branches = append(fn.Branches, k)
		return k
	}
	cond := func(c ast.Expr, kind string) {
		text := fb.snip(c.Pos(), c.End())
		k := add(c.Pos(), kind, text+" true")
		add(c.Pos(), kind, text+" false")
		open := "_gzCond(" + strconv.Itoa(k)
		if pr, ok := fl.condPre[c]; ok {
			open += "+_gzP(_gzA," + strconv.Itoa(pr) + ")"
		}
		fb.wrapNode(c, open+",", ")", rankCond)
	}
	// clauses handles the clauses of a switch or type switch.
	clauses := func(sw ast.Stmt, body *ast.BlockStmt, caseKind string) {
		hasDefault := false
		fallInto := map[*ast.CaseClause]bool{}
		for i, c := range body.List {
			cc := c.(*ast.CaseClause)
			if ft := lastFallthrough(cc.Body); ft != nil && i+1 < len(body.List) {
				fallInto[body.List[i+1].(*ast.CaseClause)] = true
				u := fl.unitAt(ft.Pos())
				u.needAct = true
				fb.start(ft.Pos(), "_gzFall(_gzA);", ft, rankProbe)
			}
		}
		for _, c := range body.List {
			cc := c.(*ast.CaseClause)
			kind := caseKind
			if cc.List == nil {
				kind, hasDefault = "default", true
			}
			k := add(cc.Case, kind, fb.snip(cc.Case, cc.Colon))
			probe := "_gzB(" + strconv.Itoa(k) + ");"
			if fallInto[cc] {
				fl.unitAt(cc.Pos()).needAct = true
				probe = "_gzCase(_gzA," + strconv.Itoa(k) + ");"
			}
			fb.start(cc.Colon+1, probe, cc, rankClause)
		}
		if !hasDefault {
			k := add(sw.Pos(), "default", "default (implicit)")
			text := "default:_gzB(" + strconv.Itoa(k) + ");"
			if len(body.List) > 0 {
				text = ";" + text
			}
			fb.end(body.Rbrace, text, body, rankClause)
		}
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			cond(n.Cond, "if")
		case *ast.ForStmt:
			if n.Cond != nil {
				cond(n.Cond, "for")
			}
		case *ast.SwitchStmt:
			clauses(n, n.Body, "case")
		case *ast.TypeSwitchStmt:
			clauses(n, n.Body, "type")
		case *ast.SelectStmt:
			for _, c := range n.Body.List {
				cc := c.(*ast.CommClause)
				k := add(cc.Case, "select", fb.snip(cc.Case, cc.Colon))
				fb.start(cc.Colon+1, "_gzB("+strconv.Itoa(k)+");", cc, rankClause)
			}
		}
		return true
	})
}

// lastFallthrough returns the fallthrough statement ending a clause body.
func lastFallthrough(list []ast.Stmt) *ast.BranchStmt {
	for i := len(list) - 1; i >= 0; i-- {
		s := list[i]
		if _, ok := s.(*ast.EmptyStmt); ok {
			continue
		}
		for {
			l, ok := s.(*ast.LabeledStmt)
			if !ok {
				break
			}
			s = l.Stmt
		}
		if b, ok := s.(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			return b
		}
		return nil
	}
	return nil
}

// snip returns the source between two positions on one line, spaces
// collapsed, shortened to 60 characters.
func (fb *fileBuilder) snip(a, b token.Pos) string {
	s := string(fb.f.Src[fb.off(a):fb.off(b)])
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		s = string(r[:59]) + "…"
	}
	return s
}
