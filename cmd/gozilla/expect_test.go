package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"math/big"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// expectationsFail checks that the expected values of a generated file
// can fail: in each row, one expected value (a want… field, a state after
// the call, an observer's result, a callback's recorded calls: a field
// the subtest compares) is altered — a number changed, a string
// lengthened, a bool flipped, an element dropped — and go test must then
// fail that row, and only the rows altered. It returns how many rows were
// altered per kind of value (int, float, string, rune, bool, elements).
func expectationsFail(t *testing.T, dir, pkgDir, file string) map[string]int {
	t.Helper()
	path := filepath.Join(dir, pkgDir, file)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]int{}
	var altered []string // the subtests that must fail
	rowText := map[string]string{}
	n := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || !strings.HasPrefix(fd.Name.Name, "TestGozilla") || fd.Body == nil {
			continue
		}
		rows, compared := tableOf(fd)
		for _, row := range rows {
			var nameLit *ast.BasicLit
			done := false
			for _, e := range row.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, _ := kv.Key.(*ast.Ident)
				if key == nil {
					continue
				}
				if key.Name == "name" {
					nameLit, _ = kv.Value.(*ast.BasicLit)
					continue
				}
				if done || !compared[key.Name] {
					continue
				}
				if kind, ok := alter(kv.Value, func(x ast.Expr) { kv.Value = x }); ok {
					kinds[kind]++
					done = true
				}
			}
			if done && nameLit != nil {
				n++
				name := fmt.Sprintf("gzaltered%d", n)
				nameLit.Value = strconv.Quote(name)
				altered = append(altered, fd.Name.Name+"/"+name)
				var b bytes.Buffer
				format.Node(&b, fset, row)
				rowText[fd.Name.Name+"/"+name] = b.String()
			}
		}
	}
	if n == 0 {
		t.Fatalf("%s: no expected value to alter", file)
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	defer os.WriteFile(path, src, 0o644)
	cmd := exec.Command("go", "test", "-count=1", "-json", "./"+pkgDir)
	cmd.Dir = dir
	out, _ := cmd.Output()
	failed := map[string]bool{}
	passed := map[string]bool{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var ev struct{ Action, Test, Output string }
		if json.Unmarshal(sc.Bytes(), &ev) != nil {
			continue
		}
		switch ev.Action {
		case "fail":
			failed[ev.Test] = true
		case "pass":
			passed[ev.Test] = true
		}
	}
	if len(failed)+len(passed) == 0 {
		t.Fatalf("go test on the altered file ran nothing:\n%s\n%s", out, buf.Bytes())
	}
	for _, name := range altered {
		if !failed[name] {
			t.Errorf("%s: an altered expected value still passes: %s", name, rowText[name])
		}
	}
	for name := range failed {
		if i := strings.IndexByte(name, '/'); i >= 0 && !strings.Contains(name[i:], "gzaltered") {
			t.Errorf("%s: fails although none of its values was altered", name)
		}
	}
	t.Logf("%s: %d rows altered: %s", file, n, kindList(kinds))
	return kinds
}

// tableOf returns the rows of a table-driven test function (the
// elements of its tests := []struct{…}{…}) and the fields its subtests
// compare: those read as tt.F inside an if statement's condition.
func tableOf(fd *ast.FuncDecl) ([]*ast.CompositeLit, map[string]bool) {
	var rows []*ast.CompositeLit
	compared := map[string]bool{}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Lhs) == 1 && len(n.Rhs) == 1 {
				if id, ok := n.Lhs[0].(*ast.Ident); ok && id.Name == "tests" {
					if cl, ok := n.Rhs[0].(*ast.CompositeLit); ok {
						for _, e := range cl.Elts {
							if row, ok := e.(*ast.CompositeLit); ok {
								rows = append(rows, row)
							}
						}
					}
				}
			}
		case *ast.IfStmt:
			ast.Inspect(n.Cond, func(c ast.Node) bool {
				if sel, ok := c.(*ast.SelectorExpr); ok {
					if x, ok := sel.X.(*ast.Ident); ok && x.Name == "tt" {
						compared[sel.Sel.Name] = true
					}
				}
				return true
			})
		}
		return true
	})
	// A field read first into a local that the if compares (w :=
	// tt.xAfter; if w == nil {…}; if … w …) is compared too; a field
	// read anywhere else outside an if (the call's arguments, its
	// receiver) is an input, even when an if compares it with its state
	// after the call.
	inputs := map[string]bool{}
	var walk func(n ast.Node)
	walk = func(n ast.Node) {
		ast.Inspect(n, func(c ast.Node) bool {
			switch c := c.(type) {
			case *ast.IfStmt:
				return false
			case *ast.AssignStmt:
				if len(c.Lhs) == 1 && len(c.Rhs) == 1 {
					if sel, ok := c.Rhs[0].(*ast.SelectorExpr); ok {
						if x, ok := sel.X.(*ast.Ident); ok && x.Name == "tt" && strings.HasSuffix(sel.Sel.Name, "After") {
							compared[sel.Sel.Name] = true
							return false
						}
					}
				}
			case *ast.SelectorExpr:
				if x, ok := c.X.(*ast.Ident); ok && x.Name == "tt" {
					inputs[c.Sel.Name] = true
				}
			}
			return true
		})
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if fl, ok := n.(*ast.FuncLit); ok {
			walk(fl.Body) // the subtest
			return false
		}
		return true
	})
	for f := range inputs {
		delete(compared, f)
	}
	return rows, compared
}

// alter changes the value x (set replaces it) to one a correct row
// cannot also expect, and names the kind of value altered; false when it
// finds nothing to alter (nil, an empty literal, a constructor call of
// no literal operands).
func alter(x ast.Expr, set func(ast.Expr)) (string, bool) {
	switch e := x.(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.INT:
			v, ok := new(big.Int).SetString(strings.ReplaceAll(e.Value, "_", ""), 0)
			if !ok {
				return "", false
			}
			// The lowest bit flipped: the same width, never a constant
			// overflow.
			e.Value = v.Xor(v, big.NewInt(1)).String()
			return "int", true
		case token.FLOAT:
			v, err := strconv.ParseFloat(e.Value, 64)
			if err != nil {
				return "", false
			}
			e.Value = strconv.FormatFloat(v/2+1, 'g', -1, 64)
			return "float", true
		case token.STRING:
			s, err := strconv.Unquote(e.Value)
			if err != nil {
				return "", false
			}
			e.Value = strconv.Quote(s + "x")
			return "string", true
		case token.CHAR:
			r, _, _, err := strconv.UnquoteChar(strings.Trim(e.Value, "'"), '\'')
			if err != nil {
				return "", false
			}
			e.Value = strconv.QuoteRune(r ^ 1)
			return "rune", true
		}
	case *ast.Ident:
		switch e.Name {
		case "true", "false":
			set(ast.NewIdent(map[string]string{"true": "false", "false": "true"}[e.Name]))
			return "bool", true
		}
	case *ast.UnaryExpr:
		return alter(e.X, func(y ast.Expr) { e.X = y })
	case *ast.ParenExpr:
		return alter(e.X, func(y ast.Expr) { e.X = y })
	case *ast.CompositeLit:
		if len(e.Elts) == 0 {
			return "", false
		}
		if _, keyed := e.Elts[0].(*ast.KeyValueExpr); keyed {
			// A struct's fields, or a map's entries: alter the first
			// value that can be (keys of a map could collide).
			for _, el := range e.Elts {
				kv := el.(*ast.KeyValueExpr)
				if k, ok := alter(kv.Value, func(y ast.Expr) { kv.Value = y }); ok {
					return k, true
				}
			}
			return "", false
		}
		switch e.Type.(type) {
		case *ast.ArrayType:
			if e.Type.(*ast.ArrayType).Len == nil {
				e.Elts = e.Elts[:len(e.Elts)-1]
				return "elements", true
			}
		}
		for i := range e.Elts {
			if k, ok := alter(e.Elts[i], func(y ast.Expr) { e.Elts[i] = y }); ok {
				return k, true
			}
		}
	case *ast.CallExpr:
		for i := range e.Args {
			if k, ok := alter(e.Args[i], func(y ast.Expr) { e.Args[i] = y }); ok {
				return k, true
			}
		}
	}
	return "", false
}

// kindList prints kinds sorted, for messages.
func kindList(kinds map[string]int) string {
	var out []string
	for k, n := range kinds {
		out = append(out, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}
