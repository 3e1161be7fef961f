package gen

// This file seeds the units that take text with the strings the
// package's own tests pass them: a spec, a version, a line the authors
// wrote by hand is one the package accepts, where random text stops at
// its first check (go test's fuzzing seeds its corpus the same way, with
// f.Add and the testdata corpus). A constructor that parses its
// argument with another function of the package (NewLimiter(spec, …)
// with ParseLimit) gets the texts the tests pass that function too. The
// random pass draws them as it draws the formatters' texts
// (value.Pool.Encoded): as they are, and with a byte changed, dropped or
// repeated.

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/gozilla/gozilla/internal/unit"
)

// corpusPerUnit bounds the test texts a unit's pool gets.
const corpusPerUnit = 16

// testTexts is what the package's test files say: per name of a function
// or method a test calls, the string literals of the tests that call it,
// in the order they appear.
type testTexts map[string][]string

// readTestTexts parses the _test.go files of dir, but skip (the file gen
// is about to replace: a regeneration does not learn from its own last
// output), and collects, for each test, fuzz test, benchmark and
// example, the names it calls and its string literals: not its rows'
// names, expected values and messages (a field named name, want…,
// expected…, err…, msg…), nor what it hands to testing's and fmt's
// printers.
func readTestTexts(dir, skip, path string) testTexts {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	out := testTexts{}
	fset := token.NewFileSet()
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, "_test.go") || (skip != "" && filepath.Join(dir, name) == filepath.Clean(skip)) {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		// The names of the packages the file imports: true for the
		// package under test (an external test package's import).
		imported := map[string]bool{}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			n := p[strings.LastIndex(p, "/")+1:]
			if im.Name != nil {
				n = im.Name.Name
			}
			imported[n] = p == path
		}
		// The tables declared at the package level (var tests =
		// []struct{…}{…}), by name: a test that reads one has its texts.
		tables := map[string][]string{}
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.VAR {
				for _, sp := range gd.Specs {
					vs := sp.(*ast.ValueSpec)
					for i, n := range vs.Names {
						if i < len(vs.Values) && !notInput(n.Name) {
							_, tables[n.Name] = testFuncTexts(vs.Values[i], imported)
						}
					}
				}
			}
		}
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv != nil || !isTestName(fd.Name.Name) {
				continue
			}
			calls, texts := testFuncTexts(fd.Body, imported)
			read := map[string]bool{}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && !read[id.Name] {
					read[id.Name] = true
					for _, s := range tables[id.Name] {
						if !slices.Contains(texts, s) {
							texts = append(texts, s)
						}
					}
				}
				return true
			})
			for _, c := range calls {
				for _, s := range texts {
					if !slices.Contains(out[c], s) {
						out[c] = append(out[c], s)
					}
				}
			}
		}
	}
	return out
}

func isTestName(n string) bool {
	for _, p := range []string{"Test", "Fuzz", "Benchmark", "Example"} {
		if strings.HasPrefix(n, p) {
			return true
		}
	}
	return false
}

// printers are the methods and functions whose string arguments are
// messages, formats or subtest names, not inputs.
var printers = map[string]bool{
	"Run": true, "Error": true, "Errorf": true, "Fatal": true, "Fatalf": true, "Log": true, "Logf": true,
	"Skip": true, "Skipf": true, "Sprintf": true, "Printf": true, "Println": true, "Print": true, "Sprint": true, "Sprintln": true, "Fprintf": true,
}

// notInput reports whether a row's field name says its value is a
// name, an expectation or a message.
func notInput(key string) bool {
	k := strings.ToLower(key)
	for _, p := range []string{"name", "desc", "want", "expect", "exp", "err", "msg", "message", "reason", "golden", "output", "result"} {
		if strings.HasPrefix(k, p) {
			return true
		}
	}
	return false
}

// testFuncTexts returns the names body calls (a function's, or a
// method's or a package's member's, but not a member of a package the
// file imports other than by a dot) and its string literals that may be
// inputs.
func testFuncTexts(body ast.Node, imported map[string]bool) (calls, texts []string) {
	skip := map[*ast.BasicLit]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := ""
			switch fn := n.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
				if x, ok := fn.X.(*ast.Ident); ok {
					if own, ok := imported[x.Name]; ok && !own {
						name = "" // another package's member: strings.Repeat
					}
				}
				if printers[fn.Sel.Name] {
					for _, a := range n.Args {
						markLits(a, skip)
					}
					name = ""
				}
			}
			if name != "" && !slices.Contains(calls, name) {
				calls = append(calls, name)
			}
		case *ast.CompositeLit:
			// A table of an unnamed struct type whose rows leave out the
			// field names: the fields' names say which are inputs.
			if at, ok := n.Type.(*ast.ArrayType); ok {
				if st, ok := at.Elt.(*ast.StructType); ok {
					var fields []string
					for _, f := range st.Fields.List {
						for _, nm := range f.Names {
							fields = append(fields, nm.Name)
						}
					}
					for _, e := range n.Elts {
						row, ok := e.(*ast.CompositeLit)
						if !ok {
							continue
						}
						for i, v := range row.Elts {
							if _, kv := v.(*ast.KeyValueExpr); !kv && i < len(fields) && notInput(fields[i]) {
								markLits(v, skip)
							}
						}
					}
				}
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && notInput(k.Name) {
				markLits(n.Value, skip)
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && notInput(id.Name) && i < len(n.Rhs) {
					markLits(n.Rhs[i], skip)
				}
			}
		case *ast.BasicLit:
			if n.Kind != token.STRING || skip[n] {
				return true
			}
			s, err := strconv.Unquote(n.Value)
			if err != nil || s == "" || len(s) > harvestLen || !printable(s) || slices.Contains(texts, s) {
				return true
			}
			texts = append(texts, s)
		}
		return true
	})
	return calls, texts
}

// markLits marks the string literals of e that are not inputs.
func markLits(e ast.Expr, skip map[*ast.BasicLit]bool) {
	ast.Inspect(e, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok {
			skip[l] = true
		}
		return true
	})
}

// corpus adds to the Encoded pool of each unit that takes text the
// strings the package's tests pass it or a function of the package it
// calls, its own tests' first.
func (p *genRun) corpus(context.Context) error {
	if p.halted != nil {
		return nil
	}
	texts := readTestTexts(p.pkg.Dir, p.cfg.Skip, p.pkg.Path)
	if len(texts) == 0 {
		return nil
	}
	for _, u := range p.supported {
		if !reachesText(u) || u.Decl == nil {
			continue
		}
		names := []string{u.Func.Name()}
		ast.Inspect(u.Decl.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			var id *ast.Ident
			switch fn := ast.Unparen(c.Fun).(type) {
			case *ast.Ident:
				id = fn
			case *ast.SelectorExpr:
				id = fn.Sel
			case *ast.IndexExpr: // a generic function's instance
				if x, ok := fn.X.(*ast.Ident); ok {
					id = x
				}
			}
			if id == nil {
				return true
			}
			if f, ok := p.pkg.Info.Uses[id].(*types.Func); ok && f.Pkg() == p.pkg.Types && !slices.Contains(names, f.Name()) {
				names = append(names, f.Name())
			}
			return true
		})
		raw := takesBytes(u)
		added := 0
		for _, n := range names {
			for _, s := range texts[n] {
				if added == corpusPerUnit {
					break
				}
				if (raw || printable(s)) && !slices.Contains(u.Pool.Encoded, s) {
					u.Pool.Encoded = append(u.Pool.Encoded, s)
					added++
				}
			}
		}
	}
	return nil
}

// reachesText reports whether an input of u (its receiver too) holds
// text: a string or []byte parameter, or one in the fields, elements or
// pointees of one (a diff's lines, a request's path).
func reachesText(u *unit.Unit) bool {
	sig, ok := u.Func.Type().(*types.Signature)
	if !ok {
		return false
	}
	var holds func(t types.Type, depth int) bool
	holds = func(t types.Type, depth int) bool {
		if isTextType(t) {
			return true
		}
		if depth == 3 {
			return false
		}
		switch t := t.Underlying().(type) {
		case *types.Basic:
			return t.Kind() == types.String
		case *types.Pointer:
			return holds(t.Elem(), depth+1)
		case *types.Slice:
			return holds(t.Elem(), depth+1)
		case *types.Array:
			return holds(t.Elem(), depth+1)
		case *types.Map:
			return holds(t.Key(), depth+1) || holds(t.Elem(), depth+1)
		case *types.Struct:
			for i := 0; i < t.NumFields(); i++ {
				if holds(t.Field(i).Type(), depth+1) {
					return true
				}
			}
		}
		return false
	}
	if r := sig.Recv(); r != nil && holds(r.Type(), 0) {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if holds(sig.Params().At(i).Type(), 0) {
			return true
		}
	}
	return false
}
