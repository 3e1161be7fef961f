package dalg

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/solve"
)

// procCase is a unit of testdata/procs.go with its directives.
type procCase struct {
	name, from, to string
	want           string // "kill" or the failure's kind
	trace          string // kill: the subtasks of the search that found it
	backtracks     int    // kill: -1 when not given
	params         []string
	mutSrc         string // the mutant's function, renamed Name_mut
}

func parseProcs(t *testing.T, src string) []*procCase {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "procs.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var out []*procCase
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil {
			continue
		}
		pc := &procCase{name: fd.Name.Name, backtracks: -1}
		for _, cm := range fd.Doc.List {
			line := strings.TrimSpace(strings.TrimPrefix(cm.Text, "//"))
			switch {
			case strings.HasPrefix(line, "mutate "):
				parts := strings.SplitN(strings.TrimPrefix(line, "mutate "), " => ", 2)
				pc.from, _ = strconv.Unquote(parts[0])
				pc.to, _ = strconv.Unquote(parts[1])
			case strings.HasPrefix(line, "want kill"):
				pc.want = "kill"
				rest := strings.TrimSpace(strings.TrimPrefix(line, "want kill"))
				q, err := strconv.QuotedPrefix(rest)
				if err != nil {
					t.Fatalf("%s: %s", pc.name, line)
				}
				pc.trace, _ = strconv.Unquote(q)
				if rest = strings.TrimSpace(rest[len(q):]); strings.HasPrefix(rest, "backtracks ") {
					pc.backtracks, _ = strconv.Atoi(strings.TrimPrefix(rest, "backtracks "))
				}
			case strings.HasPrefix(line, "want "):
				pc.want, _ = strconv.Unquote(strings.TrimPrefix(line, "want "))
			}
		}
		if pc.from == "" || pc.want == "" {
			continue
		}
		for _, fl := range fd.Type.Params.List {
			for _, n := range fl.Names {
				pc.params = append(pc.params, n.Name)
			}
		}
		start, end := fset.Position(fd.Type.Pos()).Offset, fset.Position(fd.End()).Offset
		body := src[start:end]
		if !strings.Contains(body, pc.from) {
			t.Fatalf("%s: %q is not in it", pc.name, pc.from)
		}
		mut := strings.Replace(body, pc.from, pc.to, 1)
		pc.mutSrc = strings.Replace(mut, "func "+pc.name+"(", "func "+pc.name+"_mut(", 1)
		out = append(out, pc)
	}
	return out
}

// TestProcedures runs the search on each unit of testdata/procs.go and
// checks its // want: a test that kills the mutant (checked by running
// both versions, compiled by the go command: an oracle independent of
// the analysis), through the subtasks named and with the backtracks
// named; or the failure named.
func TestProcedures(t *testing.T) {
	data, err := os.ReadFile("testdata/procs.go")
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	cases := parseProcs(t, src)
	if len(cases) < 13 {
		t.Fatalf("%d cases, want the 13 of procs.go", len(cases))
	}
	var kills []*procCase
	var inputs [][]int64
	for _, pc := range cases {
		// The mutant: the function's text replaced in the whole file.
		fset := token.NewFileSet()
		f, _ := parser.ParseFile(fset, "procs.go", src, 0)
		var fd *ast.FuncDecl
		for _, d := range f.Decls {
			if x, ok := d.(*ast.FuncDecl); ok && x.Name.Name == pc.name {
				fd = x
			}
		}
		start, end := fset.Position(fd.Type.Pos()).Offset, fset.Position(fd.End()).Offset
		mutFile := src[:start] + strings.Replace(src[start:end], pc.from, pc.to, 1) + src[end:]
		orig, mut := build(t, src, pc.name), build(t, mutFile, pc.name)
		mp, ok := Correspond(orig, mut)
		if !ok {
			t.Errorf("%s: no φ", pc.name)
			continue
		}
		sw, err := Build(orig, nil)
		if err != nil {
			t.Errorf("%s: %v", pc.name, err)
			continue
		}
		at, err := sw.Site(mp)
		var s *Search
		var model map[string]int64
		if err == nil {
			mb, err2 := sw.Mutant(mp, at)
			if err2 != nil {
				t.Errorf("%s: %v", pc.name, err2)
				continue
			}
			s = &Search{SW: sw, At: at, Mut: mb, Mutated: MutatedBlocks(mp), Solver: solve.Chain(solve.Config{DomRed: true, Tries: 20, SAT: true, Props: 300_000}),
				Fast: solve.Chain(solve.Config{DomRed: true, Tries: 20})}
			a, err3 := s.Run()
			err = err3
			if err == nil {
				model = params(s, a)
			}
		}
		switch {
		case pc.want == "kill" && err != nil:
			t.Errorf("%s: %v, want a kill", pc.name, err)
			if s != nil {
				t.Logf("%s: trace %q", pc.name, s.Trace)
			}
		case pc.want == "kill":
			if got := strings.Join(s.Steps, " "); got != pc.trace {
				t.Errorf("%s: subtasks %q, want %q", pc.name, got, pc.trace)
			}
			if pc.backtracks >= 0 && s.Backtracks != pc.backtracks {
				t.Errorf("%s: %d backtracks, want %d", pc.name, s.Backtracks, pc.backtracks)
			}
			var in []int64
			for _, p := range pc.params {
				in = append(in, model[p])
			}
			kills, inputs = append(kills, pc), append(inputs, in)
		case err == nil:
			t.Errorf("%s: a test %v, want %s", pc.name, model, pc.want)
		default:
			f, ok := err.(*Failure)
			if !ok || f.Kind != pc.want {
				t.Errorf("%s: %v, want %s", pc.name, err, pc.want)
			}
		}
	}
	if len(kills) == 0 {
		return
	}
	// The oracle: both versions run on the inputs found.
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command for the oracle")
	}
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString(strings.Replace(src, "package procs", "package main\n\nimport \"fmt\"", 1))
	for _, pc := range kills {
		b.WriteString("\n" + pc.mutSrc + "\n")
	}
	b.WriteString("\nfunc main() {\n")
	for i, pc := range kills {
		var args []string
		for _, x := range inputs[i] {
			args = append(args, fmt.Sprint(x))
		}
		a := strings.Join(args, ", ")
		fmt.Fprintf(&b, "\tfmt.Println(%q, differ(func() any { return %s(%s) }, func() any { return %s_mut(%s) }))\n", pc.name, pc.name, a, pc.name, a)
	}
	b.WriteString("}\n")
	// A panic is an outcome: the versions differ when one panics and
	// the other does not, or when they return different values.
	b.WriteString(`
func run(f func() any) (v any, p any) {
	defer func() { p = recover() }()
	return f(), nil
}

func differ(f, g func() any) bool {
	a, pa := run(f)
	b, pb := run(g)
	return a != b || (pa == nil) != (pb == nil)
}
`)
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", "main.go")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOFLAGS=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the oracle: %v\n%s", err, out)
	}
	for i, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if !strings.HasSuffix(line, " true") {
			t.Errorf("%s: the inputs %v do not kill the mutant (%s)", kills[i].name, inputs[i], line)
		}
	}
}
