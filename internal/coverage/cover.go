package coverage

// This file reproduces how cmd/cover (go test -cover) splits a function
// into basic blocks and counts their statements, so that statement
// coverage here agrees with -coverprofile block for block. The rules, as
// cmd/cover applies them:
//
//   - Every statement list (a block, a case or comm clause body) is cut
//     into basic blocks after each statement that changes the flow of
//     control (block, branch, if, for, range, switch, select, labeled
//     statement, a call of panic with one argument) or that contains a
//     func literal; the block's range ends where that statement's own
//     code ends (the opening brace of its body, or of the first func
//     literal in it).
//   - A labeled statement whose statement is not a for, range, switch or
//     select is split: the label ends the previous block (and counts as
//     one of its statements), the statement starts the next.
//   - A block whose range would be empty (it starts where the previous
//     statement's code ends) is not counted at all.
//   - An empty list still gets a block, with no statements.
//   - "else if" is treated as "else { if … }": the hidden block holds
//     the inner if statement; an else block starts right after "else".
//   - Empty switch and select statements get no blocks; func literals
//     are walked as part of the enclosing function.
//   - Identical ranges are made distinct by moving the end column.
//
// The probe for a block goes where cmd/cover puts its counter, or at an
// equivalent place (the same moment of execution).

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"strconv"
)

type coverWalker struct {
	fb  *fileBuilder
	fn  int // Plan.Funcs index; -1 = only registering ranges (package-level func literal)
	err error
}

// walk visits n as ast.Walk visits with cmd/cover's visitor.
func (c *coverWalker) walk(n ast.Node) {
	if n == nil || c.err != nil {
		return
	}
	ast.Inspect(n, c.visit)
}

func (c *coverWalker) visit(n ast.Node) bool {
	if c.err != nil {
		return false
	}
	switch n := n.(type) {
	case *ast.BlockStmt:
		if len(n.List) > 0 {
			switch n.List[0].(type) {
			case *ast.CaseClause:
				for _, s := range n.List {
					cc := s.(*ast.CaseClause)
					c.addCounters(cc.Colon+1, cc.Colon+1, c.fb.off(cc.Colon+1), cc.End(), cc.Body, false, cc)
				}
				return true
			case *ast.CommClause:
				for _, s := range n.List {
					cc := s.(*ast.CommClause)
					c.addCounters(cc.Colon+1, cc.Colon+1, c.fb.off(cc.Colon+1), cc.End(), cc.Body, false, cc)
				}
				return true
			}
		}
		c.addCounters(n.Lbrace, n.Lbrace+1, c.fb.off(n.Lbrace+1), n.Rbrace+1, n.List, true, n)
	case *ast.IfStmt:
		if n.Init != nil {
			c.walk(n.Init)
		}
		c.walk(n.Cond)
		c.walk(n.Body)
		if n.Else == nil {
			return false
		}
		elseOff := findText(c.fb.f.Src, c.fb.off(n.Body.End()), "else")
		if elseOff < 0 {
			c.err = fmt.Errorf("coverage: %s: lost else", c.fb.pkg.Fset.Position(n.Body.End()))
			return false
		}
		pos := c.fb.tf.Pos(elseOff + 4)
		switch e := n.Else.(type) {
		case *ast.IfStmt:
			// The hidden block { if … }: braces and probe inserted.
			probes := c.addCounters(pos, pos+1, -1, e.End()+1, []ast.Stmt{e}, true, n)
			if c.fn >= 0 {
				text := "{"
				for _, k := range probes {
					text += "_gzS(" + strconv.Itoa(k) + ");"
				}
				c.fb.wrap(elseOff+4, c.fb.off(e.End()), text, "}", n, rankStmtProbe)
			}
			c.walk(e)
		case *ast.BlockStmt:
			c.addCounters(pos, pos+1, c.fb.off(e.Lbrace+1), e.Rbrace+1, e.List, true, e)
			for _, s := range e.List {
				c.walk(s)
			}
		}
		return false
	case *ast.SelectStmt:
		if n.Body == nil || len(n.Body.List) == 0 {
			return false
		}
	case *ast.SwitchStmt:
		if n.Body == nil || len(n.Body.List) == 0 {
			if n.Init != nil {
				c.walk(n.Init)
			}
			if n.Tag != nil {
				c.walk(n.Tag)
			}
			return false
		}
	case *ast.TypeSwitchStmt:
		if n.Body == nil || len(n.Body.List) == 0 {
			if n.Init != nil {
				c.walk(n.Init)
			}
			c.walk(n.Assign)
			return false
		}
	}
	return true
}

// item is a statement of a list being cut into blocks; label marks the
// label part of a split labeled statement.
type item struct {
	stmt  ast.Stmt
	label *ast.LabeledStmt
}

// addCounters cuts list into basic blocks and records them. pos is where
// the first block's range starts, insertPos where cmd/cover puts its
// first counter (and the start of an empty list's range), ins the offset
// where our first probe goes (-1: the caller places it), blockEnd the end
// of the list's range. It returns the first block's probe IDs.
func (c *coverWalker) addCounters(pos, insertPos token.Pos, ins int, blockEnd token.Pos, list []ast.Stmt, extend bool, owner ast.Node) []int {
	var first []int
	if len(list) == 0 {
		if k := c.newBlock(insertPos, blockEnd, nil, ins, owner); k >= 0 {
			first = append(first, k)
		}
		return first
	}
	items := make([]item, len(list))
	for i, s := range list {
		items[i] = item{stmt: s}
	}
	firstBlock := true
	for {
		var last int
		end := blockEnd
		for last = 0; last < len(items); last++ {
			it := items[last]
			end = statementBoundary(it.stmt)
			if it.label == nil && endsBasicSourceBlock(it.stmt) {
				if l, ok := it.stmt.(*ast.LabeledStmt); ok && !isControl(l.Stmt) {
					end = l.Pos()
					rest := append([]item{{stmt: l.Stmt}}, items[last+1:]...)
					items = append(items[:last:last], item{stmt: l, label: l})
					items = append(items, rest...)
				}
				last++
				extend = false
				break
			}
			if it.label != nil {
				last++
				extend = false
				break
			}
		}
		if extend {
			end = blockEnd
		}
		if pos != end {
			k := c.newBlock(pos, end, items[:last], ins, owner)
			if firstBlock && k >= 0 {
				first = append(first, k)
			}
		}
		firstBlock = false
		items = items[last:]
		if len(items) == 0 {
			break
		}
		pos = items[0].stmt.Pos()
		ins = c.fb.off(pos)
	}
	return first
}

// newBlock records a block and its statements, and its probe at offset
// ins (unless ins < 0). It returns the block ID, or -1 when only
// registering.
func (c *coverWalker) newBlock(start, end token.Pos, items []item, ins int, owner ast.Node) int {
	fset := c.fb.pkg.Fset
	sp, ep := fset.Position(start), fset.Position(end)
	key := [4]int{sp.Line, sp.Column, ep.Line, ep.Column}
	for c.fb.seen[key] {
		key[3]++
	}
	c.fb.seen[key] = true
	if c.fn < 0 {
		return -1
	}
	sp.Offset, ep.Offset = 0, 0
	ep.Line, ep.Column = key[2], key[3]
	p := c.fb.plan
	k := len(p.Blocks)
	p.Blocks = append(p.Blocks, Block{Func: c.fn, Pos: sp, End: ep, NumStmt: len(items)})
	fn := p.Funcs[c.fn]
	fn.Blocks = append(fn.Blocks, k)
	for _, it := range items {
		s, e := it.stmt.Pos(), it.stmt.End()
		if it.label != nil {
			e = it.label.Colon + 1
		}
		fn.Stmts = append(fn.Stmts, len(p.Stmts))
		p.Stmts = append(p.Stmts, Stmt{Func: c.fn, Pos: fset.Position(s), End: fset.Position(e), Probe: k})
	}
	if ins >= 0 {
		c.fb.add(ins, "_gzS("+strconv.Itoa(k)+");", startGroup, owner, rankStmtProbe)
	}
	return k
}

// findText returns the offset of text in src at or after off, skipping
// comments (cmd/cover's File.findText), or -1.
func findText(src []byte, off int, text string) int {
	b := []byte(text)
	for i := off; i < len(src); {
		if bytes.HasPrefix(src[i:], b) {
			return i
		}
		if i+2 <= len(src) && src[i] == '/' && src[i+1] == '/' {
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		}
		if i+2 <= len(src) && src[i] == '/' && src[i+1] == '*' {
			j := bytes.Index(src[i+2:], []byte("*/"))
			if j < 0 {
				return -1
			}
			i += 2 + j + 2
			continue
		}
		i++
	}
	return -1
}

// firstFuncLit returns the opening brace of the body of the first func
// literal in n, in ast.Inspect order, or NoPos.
func firstFuncLit(n ast.Node) token.Pos {
	if n == nil {
		return token.NoPos
	}
	pos := token.NoPos
	ast.Inspect(n, func(m ast.Node) bool {
		if pos.IsValid() {
			return false
		}
		if lit, ok := m.(*ast.FuncLit); ok {
			pos = lit.Body.Lbrace
			return false
		}
		return true
	})
	return pos
}

// nodeOf turns a possibly nil interface into a nil ast.Node.
func stmtNode(s ast.Stmt) ast.Node {
	if s == nil {
		return nil
	}
	return s
}

func exprNode(e ast.Expr) ast.Node {
	if e == nil {
		return nil
	}
	return e
}

// statementBoundary is where s's own code ends: the end of the current
// basic block if s ends it.
func statementBoundary(s ast.Stmt) token.Pos {
	first := func(nodes ...ast.Node) token.Pos {
		for _, n := range nodes {
			if p := firstFuncLit(n); p.IsValid() {
				return p
			}
		}
		return token.NoPos
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		return s.Lbrace
	case *ast.IfStmt:
		if p := first(stmtNode(s.Init), exprNode(s.Cond)); p.IsValid() {
			return p
		}
		return s.Body.Lbrace
	case *ast.ForStmt:
		if p := first(stmtNode(s.Init), exprNode(s.Cond), stmtNode(s.Post)); p.IsValid() {
			return p
		}
		return s.Body.Lbrace
	case *ast.LabeledStmt:
		return statementBoundary(s.Stmt)
	case *ast.RangeStmt:
		if p := first(exprNode(s.X)); p.IsValid() {
			return p
		}
		return s.Body.Lbrace
	case *ast.SwitchStmt:
		if p := first(stmtNode(s.Init), exprNode(s.Tag)); p.IsValid() {
			return p
		}
		return s.Body.Lbrace
	case *ast.SelectStmt:
		return s.Body.Lbrace
	case *ast.TypeSwitchStmt:
		if p := first(stmtNode(s.Init)); p.IsValid() {
			return p
		}
		return s.Body.Lbrace
	}
	if p := firstFuncLit(s); p.IsValid() {
		return p
	}
	return s.End()
}

// endsBasicSourceBlock reports whether s ends a basic block.
func endsBasicSourceBlock(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.BlockStmt, *ast.BranchStmt, *ast.ForStmt, *ast.IfStmt, *ast.LabeledStmt,
		*ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	case *ast.ExprStmt:
		// As cmd/cover: syntactically, without type information.
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" && len(call.Args) == 1 {
				return true
			}
		}
	}
	return firstFuncLit(s).IsValid()
}

// isControl reports whether a labeled s stays with its label.
func isControl(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.SelectStmt, *ast.TypeSwitchStmt:
		return true
	}
	return false
}
