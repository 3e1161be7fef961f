package main

// Matching gremlins' mutants with gozilla's. gremlins replaces one token
// (an operator) at a line and column; gozilla records the replaced span.
// Both are reduced to a change: the operator token at file:line:col
// replaced by another token. Equal changes are the same mutant.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"strings"
)

// change is one operator replaced by another at a source position.
type change struct {
	file      string // base name
	line, col int    // of the operator token, 1-based, columns in bytes
	from, to  token.Token
}

// gremlinsDoc is the part of gremlins' -o JSON output we read.
type gremlinsDoc struct {
	Files []struct {
		FileName  string `json:"file_name"`
		Mutations []struct {
			Type   string `json:"type"`
			Status string `json:"status"`
			Line   int    `json:"line"`
			Column int    `json:"column"`
		} `json:"mutations"`
	} `json:"files"`
}

// gremlinsMutant is one gremlins mutant.
type gremlinsMutant struct {
	File, Type, Status string
	Line, Col          int
}

func readGremlins(path string) ([]gremlinsMutant, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var doc gremlinsDoc
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	var out []gremlinsMutant
	for _, f := range doc.Files {
		for _, m := range f.Mutations {
			out = append(out, gremlinsMutant{File: f.FileName, Type: m.Type, Status: m.Status, Line: m.Line, Col: m.Column})
		}
	}
	return out, nil
}

// gremlinsTo is gremlins v0.5.0's replacement table (internal/engine/mappings.go).
var gremlinsTo = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE":       {token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL, token.REM: token.MUL, token.SUB: token.ADD},
	"CONDITIONALS_BOUNDARY": {token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ},
	"CONDITIONALS_NEGATION": {token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ, token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL},
	"INCREMENT_DECREMENT":   {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_ASSIGNMENTS":    {token.ADD_ASSIGN: token.SUB_ASSIGN, token.MUL_ASSIGN: token.QUO_ASSIGN, token.QUO_ASSIGN: token.MUL_ASSIGN, token.REM_ASSIGN: token.REM_ASSIGN, token.SUB_ASSIGN: token.ADD_ASSIGN},
	"INVERT_BITWISE":        {token.AND: token.OR, token.OR: token.AND, token.XOR: token.AND, token.AND_NOT: token.AND, token.SHL: token.SHR, token.SHR: token.SHL},
	"INVERT_BWASSIGN":       {token.AND_ASSIGN: token.OR_ASSIGN, token.OR_ASSIGN: token.AND_ASSIGN, token.XOR_ASSIGN: token.AND_ASSIGN, token.AND_NOT_ASSIGN: token.AND_ASSIGN, token.SHL_ASSIGN: token.SHR_ASSIGN, token.SHR_ASSIGN: token.SHL_ASSIGN},
	"INVERT_LOGICAL":        {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_LOOPCTRL":       {token.BREAK: token.CONTINUE, token.CONTINUE: token.BREAK},
	"INVERT_NEGATIVES":      {token.SUB: token.ADD},
	"REMOVE_SELF_ASSIGNMENTS": {token.ADD_ASSIGN: token.ASSIGN, token.AND_ASSIGN: token.ASSIGN, token.AND_NOT_ASSIGN: token.ASSIGN,
		token.MUL_ASSIGN: token.ASSIGN, token.OR_ASSIGN: token.ASSIGN, token.QUO_ASSIGN: token.ASSIGN, token.REM_ASSIGN: token.ASSIGN,
		token.SHL_ASSIGN: token.ASSIGN, token.SHR_ASSIGN: token.ASSIGN, token.SUB_ASSIGN: token.ASSIGN, token.XOR_ASSIGN: token.ASSIGN},
}

// gremlinsFlags enables every gremlins mutant type.
var gremlinsFlags = []string{
	"--arithmetic-base", "--conditionals-boundary", "--conditionals-negation", "--increment-decrement",
	"--invert-negatives", "--invert-assignments", "--invert-bitwise", "--invert-bwassign",
	"--invert-logical", "--invert-loopctrl", "--remove-self-assignments",
}

// tokenAt scans src for the token starting at line:col.
func tokenAt(src []byte, line, col int) token.Token {
	fset := token.NewFileSet()
	f := fset.AddFile("", -1, len(src))
	var s scanner.Scanner
	s.Init(f, src, nil, 0)
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return token.ILLEGAL
		}
		p := fset.Position(pos)
		if p.Line > line || (p.Line == line && p.Column > col) {
			return token.ILLEGAL
		}
		if p.Line == line && p.Column == col {
			return tok
		}
	}
}

// gremlinsChange reduces a gremlins mutant to a change; ok is false for
// mutants no gozilla operator can make the same way (INVERT_NEGATIVES on
// a unary minus, INVERT_LOOPCTRL, REM_ASSIGN replaced by itself).
func gremlinsChange(m gremlinsMutant, src []byte) (change, bool) {
	from := tokenAt(src, m.Line, m.Col)
	to, ok := gremlinsTo[m.Type][from]
	if !ok || to == from || m.Type == "INVERT_LOOPCTRL" {
		return change{}, false
	}
	if m.Type == "INVERT_NEGATIVES" {
		return change{}, false // -x → +x: a unary change gozilla's UOI does not make
	}
	return change{file: baseName(m.File), line: m.Line, col: m.Col, from: from, to: to}, true
}

// gozillaChange reduces a gozilla mutant that replaces one operator (AOR,
// ROR, LCR, BOR or ASG, operand forms excluded) to a change.
func gozillaChange(file string, src []byte, offset int, orig, repl string) (change, bool) {
	opOff, from, to, ok := operatorSwap(orig, repl)
	if !ok {
		return change{}, false
	}
	abs := offset + opOff
	line := 1 + strings.Count(string(src[:abs]), "\n")
	col := abs - strings.LastIndexByte(string(src[:abs]), '\n')
	return change{file: baseName(file), line: line, col: col, from: from, to: to}, true
}

// operatorSwap finds, when repl is orig with its top-level operator
// replaced, the operator's offset in orig and both tokens.
func operatorSwap(orig, repl string) (off int, from, to token.Token, ok bool) {
	if a, okA := parseBinary(orig); okA {
		b, okB := parseBinary(repl)
		if !okB || nodeText(orig, a.X) != nodeText(repl, b.X) || nodeText(orig, a.Y) != nodeText(repl, b.Y) {
			return 0, 0, 0, false
		}
		return int(a.OpPos) - 1, a.Op, b.Op, true
	}
	const prefix = "package p; func _() { "
	stmt := func(s string) (ast.Stmt, bool) {
		f, err := parser.ParseFile(token.NewFileSet(), "", prefix+s+" }", 0)
		if err != nil {
			return nil, false
		}
		body := f.Decls[0].(*ast.FuncDecl).Body.List
		if len(body) != 1 {
			return nil, false
		}
		return body[0], true
	}
	a, okA := stmt(orig)
	b, okB := stmt(repl)
	if !okA || !okB {
		return 0, 0, 0, false
	}
	base := len(prefix) + 1 // positions are 1-based in the file
	switch x := a.(type) {
	case *ast.AssignStmt:
		y, ok := b.(*ast.AssignStmt)
		if !ok || len(x.Lhs) != 1 || len(y.Lhs) != 1 || len(x.Rhs) != 1 || len(y.Rhs) != 1 {
			return 0, 0, 0, false
		}
		return int(x.TokPos) - base, x.Tok, y.Tok, true
	case *ast.IncDecStmt:
		y, ok := b.(*ast.IncDecStmt)
		if !ok {
			return 0, 0, 0, false
		}
		return int(x.TokPos) - base, x.Tok, y.Tok, true
	}
	return 0, 0, 0, false
}

// parseBinary parses s as a binary expression, possibly parenthesised.
// Positions in the result are 1-based offsets into s.
func parseBinary(s string) (*ast.BinaryExpr, bool) {
	e, err := parser.ParseExpr(s)
	if err != nil {
		return nil, false
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return b, ok
}

// nodeText is the source of n in s, without enclosing parentheses.
func nodeText(s string, n ast.Expr) string {
	n = ast.Unparen(n)
	return s[int(n.Pos())-1 : int(n.End())-1]
}

func baseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}
