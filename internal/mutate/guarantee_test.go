package mutate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/load"
)

func loadKitchen(t testing.TB) *load.Package {
	t.Helper()
	pkgs, err := load.Load(load.Config{Dir: "testdata/kitchen"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	return pkgs[0]
}

// typeCheck type-checks pkg with file path's contents replaced by src,
// independently of the package's own checker.
func typeCheck(pkg *load.Package, path string, src []byte) error {
	return checkAt(pkg, "", path, src) // "": the latest language version
}

// TestGuarantees checks the promises of the package doc on a file that
// uses most of Go: every mutant type-checks, differs from the original,
// is located where it says, and is unique at its span.
func TestGuarantees(t *testing.T) {
	pkg := loadKitchen(t)
	set, err := Generate(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Mutants) < 500 {
		t.Fatalf("only %d mutants on the kitchen file", len(set.Mutants))
	}
	srcs := map[string][]byte{}
	for _, f := range pkg.Files {
		srcs[f.Path] = f.Src
	}
	perOp := map[Op]int{}
	seen := map[string]bool{}
	for i, m := range set.Mutants {
		perOp[m.Op]++
		if m.ID != i+1 {
			t.Fatalf("mutant %d has ID %d: IDs must be dense from 1", i, m.ID)
		}
		src := srcs[m.File]
		if got := string(src[m.Offset:m.End]); got != m.Orig {
			t.Errorf("mutant %d: Orig %q, but the span holds %q", m.ID, m.Orig, got)
		}
		line := 1 + bytes.Count(src[:m.Offset], []byte("\n"))
		col := m.Offset - bytes.LastIndexByte(src[:m.Offset], '\n')
		if line != m.Line || col != m.Col {
			t.Errorf("mutant %d: at %d:%d, but its offset is at %d:%d", m.ID, m.Line, m.Col, line, col)
		}
		mutated := m.Apply(src)
		if bytes.Equal(mutated, src) {
			t.Errorf("mutant %d (%s %q → %q) is identical to the original", m.ID, m.Op, m.Orig, m.Repl)
		}
		key := fmt.Sprintf("%s:%d:%d:%s", m.File, m.Offset, m.End, m.Repl)
		if seen[key] {
			t.Errorf("mutant %d (%s %q → %q) duplicates another at the same span", m.ID, m.Op, m.Orig, m.Repl)
		}
		seen[key] = true
		if err := typeCheck(pkg, m.File, mutated); err != nil {
			t.Errorf("mutant %d (%s %q → %q) does not type-check: %v", m.ID, m.Op, m.Orig, m.Repl, err)
		}
	}
	for _, op := range AllOps() {
		if perOp[op] == 0 {
			t.Errorf("operator %s made no mutant on the kitchen file", op)
		}
	}
	if set.Overlay[pkg.Files[0].Path] == nil {
		t.Errorf("no schemata source for %s", pkg.Files[0].Path)
	}
}

// TestDeterministic: same source and options, same mutants and schemata.
func TestDeterministic(t *testing.T) {
	a, err := Generate(loadKitchen(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate(loadKitchen(t), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Mutants) != len(b.Mutants) {
		t.Fatalf("%d mutants, then %d", len(a.Mutants), len(b.Mutants))
	}
	for i := range a.Mutants {
		if !reflect.DeepEqual(*a.Mutants[i], *b.Mutants[i]) {
			t.Fatalf("mutant %d differs between runs:\n%+v\n%+v", i+1, *a.Mutants[i], *b.Mutants[i])
		}
	}
	if !reflect.DeepEqual(a.Overlay, b.Overlay) {
		t.Error("schemata differ between runs")
	}
}

// TestOpsFilter: restricting the operators restricts the mutants.
func TestOpsFilter(t *testing.T) {
	set, err := Generate(loadKitchen(t), Options{Ops: map[Op]bool{ROR: true, SDL: true}})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Mutants) == 0 {
		t.Fatal("no mutants")
	}
	for _, m := range set.Mutants {
		if m.Op != ROR && m.Op != SDL {
			t.Errorf("mutant %d has op %s outside the filter", m.ID, m.Op)
		}
	}
}

func TestParseOps(t *testing.T) {
	got, err := ParseOps(" aor,ROR ")
	if err != nil || len(got) != 2 || !got[AOR] || !got[ROR] {
		t.Errorf("ParseOps(aor,ROR) = %v, %v", got, err)
	}
	if all, _ := ParseOps(""); len(all) != len(AllOps()) {
		t.Errorf("ParseOps(\"\") has %d ops, want all %d", len(all), len(AllOps()))
	}
	if _, err := ParseOps("AOR,XYZ"); err == nil {
		t.Error("ParseOps accepted XYZ")
	}
	if none, err := ParseOps(" None "); err != nil || none == nil || len(none) != 0 {
		t.Errorf("ParseOps(none) = %v, %v; want an empty set (not nil, which means all)", none, err)
	}
}

// TestFastCopies checks the unmutated copy of each function body with
// sites: a guard whose range is exactly the function's mutant IDs, a
// first branch with no site and the labels renamed, a second branch with
// the sites.
func TestFastCopies(t *testing.T) {
	pkg := loadKitchen(t)
	set, err := Generate(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	path := pkg.Files[0].Path
	ids := map[string][2]int{} // function -> lowest, highest mutant ID
	for _, m := range set.Mutants {
		if m.File != path {
			continue
		}
		r, ok := ids[m.Func]
		if !ok {
			r = [2]int{m.ID, m.ID}
		}
		ids[m.Func] = [2]int{min(r[0], m.ID), max(r[1], m.ID)}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, set.Overlay[path], 0)
	if err != nil {
		t.Fatalf("the schemata do not parse: %v", err)
	}
	copies := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil {
			recv := types.ExprString(fd.Recv.List[0].Type)
			recv, _, _ = strings.Cut(recv, "[")
			if strings.HasPrefix(recv, "*") {
				recv = "(" + recv + ")"
			}
			name = recv + "." + name
		}
		r, mutated := ids[name]
		var guard *ast.IfStmt
		if len(fd.Body.List) == 2 {
			guard, _ = fd.Body.List[1].(*ast.IfStmt)
		}
		if !mutated {
			if guard != nil && strings.Contains(types.ExprString(guard.Cond), "_gzActive <") {
				t.Errorf("%s has no mutant but a copy", name)
			}
			continue
		}
		if guard == nil {
			t.Errorf("%s: no unmutated copy", name)
			continue
		}
		copies++
		want := fmt.Sprintf("_gzActive >= 0 && (_gzActive < %d || _gzActive > %d)", r[0], r[1])
		if got := types.ExprString(guard.Cond); got != want {
			t.Errorf("%s: guard %s, want %s", name, got, want)
		}
		var plain, encoded []string
		ast.Inspect(guard.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if n.Name == "_gzActive" || n.Name == "_gzHit" {
					plain = append(plain, n.Name)
				}
			case *ast.LabeledStmt:
				plain = append(plain, n.Label.Name)
			}
			return true
		})
		ast.Inspect(guard.Else, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == "_gzActive" {
				encoded = append(encoded, id.Name)
			}
			return true
		})
		for _, id := range plain {
			if !strings.HasPrefix(id, "_gzfast") {
				t.Errorf("%s: the unmutated copy holds %s", name, id)
			}
		}
		if len(encoded) == 0 {
			t.Errorf("%s: the encoded copy has no site", name)
		}
	}
	if copies < 10 || ids["Label"] == [2]int{} {
		t.Errorf("%d functions with a copy, want at least 10 and Label among them", copies)
	}
}
