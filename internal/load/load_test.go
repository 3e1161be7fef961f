package load

import (
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gozilla/gozilla/internal/testmod"
)

func TestLoad(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) {}\n",
		"b/b.go":      "package b\n\nfunc B() int { return 2 }\n",
		"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
		"c/x_test.go": "package c_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/c\"\n)\n\nfunc TestC(t *testing.T) { _ = c.C() }\n",
		"c/tagged.go": "//go:build extra\n\npackage c\n\nfunc D() int { return 4 }\n",
		"d/d.go":      "package d\n\nimport \"C\"\n\nfunc D() int { return 4 }\n",
	})
	pkgs, err := Load(Config{Dir: dir}, "./a", "./b", "./c")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*Package{}
	for _, p := range pkgs {
		got[p.Path] = p
	}
	for path, hasTests := range map[string]bool{"example.com/m/a": true, "example.com/m/b": false, "example.com/m/c": true} {
		p := got[path]
		if p == nil {
			t.Errorf("%s not loaded", path)
			continue
		}
		if p.HasTests != hasTests {
			t.Errorf("%s: HasTests = %v, want %v", path, p.HasTests, hasTests)
		}
		for _, f := range p.Files {
			if strings.HasSuffix(f.Path, "_test.go") {
				t.Errorf("%s: test file %s among the files to mutate", path, f.Path)
			}
		}
	}
	if n := len(got["example.com/m/c"].Files); n != 1 {
		t.Errorf("c without tags: %d files, want 1 (tagged.go excluded)", n)
	}
	tagged, err := Load(Config{Dir: dir, Tags: "extra"}, "./c")
	if err != nil {
		t.Fatal(err)
	}
	if n := len(tagged[0].Files); n != 2 {
		t.Errorf("c with -tags extra: %d files, want 2", n)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":   "package a\n\nfunc A() int { return 1 }\n",
		"bad/b.go": "package bad\n\nfunc B() int { return \"x\" }\n",
	})
	for _, tt := range []struct{ pattern, want string }{
		{"./nothing", "matches no packages"},
		{"./a/sub/...", "matches no packages"},
		{"./bad", "does not compile"},
	} {
		_, err := Load(Config{Dir: dir}, tt.pattern)
		var le *Error
		if !errors.As(err, &le) || !strings.Contains(le.Msg, tt.want) {
			t.Errorf("Load(%s) = %v; want a load.Error containing %q", tt.pattern, err, tt.want)
		}
	}
}

// TestLoadNoTests checks that NoTests leaves test files out: a test file
// that does not compile fails a normal load but not this one, and the
// package's imports come from export data all the same.
func TestLoadNoTests(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":      "package a\n\nimport \"strings\"\n\nfunc A(s string) int { return strings.Count(s, \"x\") }\n",
		"a/a_test.go": "package a\n\nfunc TestGone() { Gone() }\n",
	})
	if _, err := Load(Config{Dir: dir}, "./a"); err == nil {
		t.Fatal("a package whose test file does not compile loads")
	}
	pkgs, err := Load(Config{Dir: dir, NoTests: true}, "./a")
	if err != nil {
		t.Fatalf("NoTests: %v", err)
	}
	p := pkgs[0]
	if p.HasTests {
		t.Error("NoTests: HasTests is true")
	}
	if imp, err := p.Importer().Import("strings"); err != nil || imp.Scope().Lookup("Count") == nil {
		t.Errorf("NoTests: importing strings: %v", err)
	}
}

// TestLoadCgo checks a package with a file that imports "C": the type
// checker sees cgo's output in the build cache, which is marked Cgo (never
// mutated), the user's file is named in CgoFiles with its import's line,
// and the package's directory is the user's, not the cache's.
func TestLoadCgo(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no C compiler (gcc)")
	}
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is disabled")
	}
	dir := testmod.Write(t, map[string]string{
		"c/c.go":    "package c\n\n// static int twice(int x) { return 2 * x; }\nimport \"C\"\n\nfunc Twice(x int) int { return int(C.twice(C.int(x))) }\n",
		"c/pure.go": "package c\n\nfunc Neg(x int) int { return -x }\n",
		"s/s.go":    "package s\n\n// static int one(void) { return 1; }\nimport \"C\"\n\nfunc One() int { return int(C.one()) }\n",
	})
	pkgs, err := Load(Config{Dir: dir}, "./c", "./s")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		name := p.Path[strings.LastIndex(p.Path, "/")+1:]
		if want := filepath.Join(dir, name); p.Dir != want {
			t.Errorf("%s: Dir = %s, want %s", p.Path, p.Dir, want)
		}
		if len(p.CgoFiles) != 1 || p.CgoFiles[0] != (CgoFile{Path: filepath.Join(dir, name, name+".go"), Line: 4}) {
			t.Errorf("%s: CgoFiles = %v, want %s.go at line 4", p.Path, p.CgoFiles, name)
		}
		for _, f := range p.Files {
			if user := filepath.Dir(f.Path) == p.Dir; f.Cgo == user {
				t.Errorf("%s: %s has Cgo = %v", p.Path, f.Path, f.Cgo)
			}
		}
	}
}

// TestLoadCgoOff checks that a package whose cgo file the go command
// leaves out (CGO_ENABLED=0) is said not to compile because of that, on
// the compiler's line, and that a file left out for its GOOS is not
// blamed on cgo.
func TestLoadCgoOff(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"c/c.go":         "package c\n\nimport \"C\"\n\nfunc Twice(x int) int { return 2 * x }\n",
		"c/pure.go":      "package c\n\nfunc Four() int { return Twice(2) }\n",
		"w/w.go":         "package w\n\nfunc A() int { return B() }\n",
		"w/w_windows.go": "package w\n\nimport \"C\"\n\nfunc B() int { return 1 }\n",
		"solo/solo.go":   "package solo\n\nimport \"C\"\n\nfunc One() int { return 1 }\n",
	})
	_, problems, err := LoadEach(Config{Dir: dir, Env: []string{"CGO_ENABLED=0", "GOOS=linux"}}, "./c", "./w", "./solo")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"example.com/m/c":    `undefined: Twice (c.go imports "C" and is left out: cgo is off; it needs CGO_ENABLED=1 and a C compiler)`,
		"example.com/m/w":    "undefined: B",
		"example.com/m/solo": `(solo.go imports "C" and is left out: cgo is off; it needs CGO_ENABLED=1 and a C compiler)`,
	}
	if len(problems) != len(want) {
		t.Fatalf("problems %v, want %d", problems, len(want))
	}
	for _, p := range problems {
		if !strings.HasSuffix(p.Msg, " "+want[p.Path]) {
			t.Errorf("%s: %q, want it to end in %q", p.Path, p.Msg, want[p.Path])
		}
	}
}

// TestLoadOnlyTests checks that a package of test files alone, internal
// or external, is a problem that says so (not "no Go files"), which the
// drivers skip when the run has other packages.
func TestLoadOnlyTests(t *testing.T) {
	dir := testmod.Write(t, map[string]string{
		"a/a.go":        "package a\n\nfunc A() int { return 1 }\n",
		"in/in_test.go": "package in\n\nimport \"testing\"\n\nfunc TestIn(t *testing.T) {}\n",
		"ex/ex_test.go": "package ex_test\n\nimport \"testing\"\n\nfunc TestEx(t *testing.T) {}\n",
	})
	for _, noTests := range []bool{false, true} {
		pkgs, problems, err := LoadEach(Config{Dir: dir, NoTests: noTests}, "./...")
		if err != nil {
			t.Fatal(err)
		}
		if len(pkgs) != 1 || pkgs[0].Path != "example.com/m/a" {
			t.Errorf("NoTests %v: packages %v, want a alone", noTests, pkgs)
		}
		var got []string
		for _, p := range problems {
			got = append(got, p.Error())
			if !p.OnlyTests || p.Dir == "" {
				t.Errorf("NoTests %v: %+v: not OnlyTests, or no Dir", noTests, p)
			}
		}
		want := []string{"example.com/m/ex: has only test files (_test.go): nothing to mutate", "example.com/m/in: has only test files (_test.go): nothing to mutate"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("NoTests %v: problems %q, want %q", noTests, got, want)
		}
		if errs, skipped := Skipped(pkgs, problems); len(errs) != 0 || len(skipped) != 2 {
			t.Errorf("NoTests %v: Skipped: %d errors, %d skipped; want 0 and 2", noTests, len(errs), len(skipped))
		}
		if errs, skipped := Skipped(nil, problems); len(errs) != 2 || len(skipped) != 0 {
			t.Errorf("NoTests %v: Skipped alone: %d errors, %d skipped; want 2 and 0", noTests, len(errs), len(skipped))
		}
	}
	if _, err := Load(Config{Dir: dir}, "./in"); err == nil || err.Error() != "example.com/m/in: has only test files (_test.go): nothing to mutate" {
		t.Errorf("Load(./in): %v", err)
	}
}
